#!/usr/bin/env python3
"""Write the hostile-input corpus under tests/hostile/.

Each file attacks the reader in one way; tests/golden/expected/hostile/
holds the message each must get.  Run from the repository root; the
output is deterministic (gzip without time stamp or name).
"""
import gzip
import io
import os

OUT = "tests/hostile"

GAME = open("samples/normal-ddv.xml", "rb").read()


def put(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def gz(data):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0, filename="") as f:
        f.write(data)
    return buf.getvalue()


# an external entity pointing at a local file, which must never be read
put("xxe-local-file.xml", b"""<?xml version="1.0"?>
<!DOCTYPE dokoref [<!ENTITY secret SYSTEM "secret.txt">]>
<dokoref version="1"><game><note>&secret;</note></game></dokoref>
""")
put("secret.txt", b"SECRET-MARKER-the-reader-must-never-show-this\n")
# the same through a parameter entity
put("xxe-parameter-entity.xml", b"""<?xml version="1.0"?>
<!DOCTYPE dokoref [<!ENTITY % ext SYSTEM "secret.txt"> %ext;]>
<dokoref version="1"/>
""")
# entity expansion ("billion laughs")
lol = [b'<!ENTITY lol0 "lol">']
for i in range(1, 10):
    lol.append(b'<!ENTITY lol%d "%s">' % (i, b"".join(b"&lol%d;" % (i - 1) for _ in range(10))))
put("entity-expansion.xml", b'<?xml version="1.0"?>\n<!DOCTYPE dokoref [\n' +
    b"\n".join(lol) + b'\n]>\n<dokoref version="1"><game><note>&lol9;</note></game></dokoref>\n')
# a plain DOCTYPE with an external DTD
put("doctype-external.xml", b'<?xml version="1.0"?>\n'
    b'<!DOCTYPE dokoref SYSTEM "http://example.invalid/dokoref.dtd">\n<dokoref version="1"/>\n')
# an undefined entity without any DOCTYPE
put("undefined-entity.xml", b'<dokoref version="1"><game><note>&nope;</note></game></dokoref>\n')
# 100,000 attributes in one tag
put("many-attributes.xml", b'<dokoref version="1"><game ' +
    b" ".join(b'a%d="x"' % i for i in range(100000)) + b"/></dokoref>\n")
# deep nesting
put("deep-nesting.xml", b'<dokoref version="1">' + b"<session>" * 100000 + b"\n")
# 100,000 distinct element names
put("many-element-names.xml", b'<dokoref version="1">\n' +
    b"".join(b"<n%d/>" % i for i in range(100000)) + b"</dokoref>\n")
# one tag longer than 64 KiB
put("huge-tag.xml", b'<dokoref version="1"><game event="' + b"x" * 200000 + b'"/></dokoref>\n')
# invalid UTF-8 in a note
put("invalid-utf8.xml", b'<dokoref version="1">\n  <game>\n    <note>caf\xc3 \xff\xfe</note>\n'
    b"  </game>\n</dokoref>\n")
# binary junk that is not XML at all
put("not-xml.xml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
put("empty.xml", b"")
# gzip: truncated (the trailer's last 8 bytes cut off)
put("truncated.xml.gz", gz(GAME)[:-8])
# gzip: cut in the middle of the compressed data
put("truncated-middle.xml.gz", gz(GAME)[: len(gz(GAME)) // 2])
# gzip: valid stream followed by garbage
put("trailing-garbage.xml.gz", gz(GAME) + b"this is not gzip\n")
# gzip: corrupt checksum (last 8 bytes are CRC32 and length)
good = bytearray(gz(GAME))
good[-8] ^= 0xFF
put("bad-checksum.xml.gz", bytes(good))
# gzip bomb: a valid document padded with 64 MiB of spaces, cut by an
# empty comment every 512 KiB so that the guard's bound on one run of
# white space (1 MiB) does not stop it before the bomb ratio does
put("gzip-bomb.xml.gz", gz(b'<dokoref version="1">' + (b" " * (512 << 10) + b"<!---->") * 128
    + b"</dokoref>\n"))
# UTF-16: a valid record (its tags are not what a byte screen counts), and
# one whose DOCTYPE would give a player's name by an attribute default;
# both refused as UTF-16, as is UTF-16 without a byte order mark
rec16 = GAME.replace(b'encoding="UTF-8"', b'encoding="UTF-16"')
put("utf16-record.xml", rec16.decode("utf-8").encode("utf-16"))
put("utf16-doctype.xml", ('<?xml version="1.0" encoding="UTF-16"?>\n'
    '<!DOCTYPE dokoref [<!ATTLIST player name CDATA "Mallory">]>\n'
    '<dokoref version="1"><game><players><player seat="1"/></players></game></dokoref>\n')
    .encode("utf-16"))
put("utf16be-no-bom.xml", rec16.decode("utf-8").encode("utf-16-be"))
# long runs the guard bounds (1 MiB): white space between two tags, gzip
# compressed at about 100:1 (under the bomb ratio: a gigabyte of it was
# inflated and parsed for seconds before the size limit stopped it); the
# text of a note; a comment; and an end tag padded to past 64 KiB
import random
rnd = random.Random(1)
pat = b"".join(b" " * rnd.randrange(0, 200) + b"\n" for _ in range(64))
put("white-space-run.xml.gz", gz(b'<?xml version="1.0" encoding="UTF-8"?>\n<dokoref version="1">\n'
    + pat * ((2 << 20) // len(pat)) + b"</dokoref>\n"))
put("long-note.xml", b'<dokoref version="1"><game><note>' + b"note " * 220000
    + b"</note></game></dokoref>\n")
put("long-comment.xml", b'<dokoref version="1"><!--' + b"comment " * 140000 + b"--></dokoref>\n")
put("long-end-tag.xml", b'<dokoref version="1"></dokoref' + b" " * 100000 + b">\n")
