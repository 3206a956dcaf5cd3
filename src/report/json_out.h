/*
 * json_out.h - JSON text as every JSON output of dokoref writes it: valid
 * UTF-8, whatever bytes the strings in it held.
 *
 * A file name is whatever bytes the file system holds (shown.h), and a
 * JSON line that `audit --merge` reads gives back whatever its string
 * escapes say.  JSON is UTF-8 (RFC 8259); a consumer that decodes the
 * bytes strictly (Python's json.loads on bytes) fails on a raw 0x9B.  So
 * each byte that is not part of valid UTF-8 (dk_utf8_len: overlong forms
 * and surrogates too) is written as \ufffd, the replacement character;
 * valid UTF-8 is written as it is, the bidirectional controls included
 * (a program reads them as what they are; text output shows them as '?').
 * Control characters are escaped, as json-c escapes them.
 *
 * The objects are built with json-c (check_json.c, audit_json.c,
 * compare_view.c) and written through dk_json_put_line; the few strings
 * written beside a hand-made line (audit's --format jsonl, the score
 * sheet's lines, the page's data in HTML) through dk_json_put_string.
 * What json-c does not do for us is only the repair of bytes that are no
 * UTF-8: it copies them as they are.
 */
#ifndef DK_JSON_OUT_H
#define DK_JSON_OUT_H

#include "buf.h"

struct json_object;

/**
 * Append s as a JSON string, quoted: '"' and '\' escaped, the control
 * characters below 0x20 as \b \f \n \r \t or \u00xx (as json-c writes
 * them: a string here and one in a json-c object read the same), each
 * byte that is not part of valid UTF-8 as \ufffd.  '/' and DEL are not
 * escaped.  NULL is written as "".
 */
void dk_json_put_string(dk_buf *b, const char *s);

/**
 * The same, for a JSON string inside an HTML <script> element: '<', '>'
 * and '&' escaped too (\u003c, \u003e, \u0026: no "</script>" ends the
 * element early), and each control character as \u00xx.
 */
void dk_json_put_script_string(dk_buf *b, const char *s);

/**
 * Append o as one line of JSON text (plain, '/' not escaped) and a
 * newline, each byte that is not part of valid UTF-8 in it as \ufffd.
 * Drops the caller's reference to o (json_object_put).
 */
void dk_json_put_line(dk_buf *b, struct json_object *o);

#endif
