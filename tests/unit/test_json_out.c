/*
 * test_json_out.c - JSON text in valid UTF-8 (src/report/json_out.h): a
 * string written by hand reads as the same string written by json-c; each
 * byte that is not part of valid UTF-8 becomes \ufffd, in a string and in
 * json-c's text alike; valid UTF-8, the bidirectional controls included,
 * stays as it is.
 */
#include <criterion/criterion.h>
#include <json.h>
#include <string.h>

#include "buf.h"
#include "json_out.h"
#include "leakcheck.h"

TestSuite(json_out, .fini = dk_leak_check);

/* s as put writes it must be want */
static void put_is(void (*put)(dk_buf *, const char *), const char *s, const char *want)
{
	dk_buf b;
	dk_buf_init(&b);
	put(&b, s);
	cr_assert_str_eq(b.data, want);
	dk_buf_release(&b);
}

static void string_is(const char *s, const char *want)
{
	put_is(dk_json_put_string, s, want);
}

static void script_string_is(const char *s, const char *want)
{
	put_is(dk_json_put_script_string, s, want);
}

/* the one-string array [s] as dk_json_put_line writes it must be want */
static void line_is(const char *s, const char *want)
{
	json_object *a = json_object_new_array();
	json_object_array_add(a, json_object_new_string(s));
	dk_buf b;
	dk_buf_init(&b);
	dk_json_put_line(&b, a);
	cr_assert_str_eq(b.data, want);
	dk_buf_release(&b);
}

/* every byte 0x01-0x7f (and a multi-byte character) as json-c writes it:
 * a hand-made audit line and a json-c object quote a name the same way */
Test(json_out, string_as_json_c_writes_it)
{
	char s[4] = "a?b";
	for (int c = 1; c < 0x80; c++) {
		s[1] = (char)c;
		json_object *o = json_object_new_string(s);
		const char *want = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
								  JSON_C_TO_STRING_NOSLASHESCAPE);
		dk_buf b;
		dk_buf_init(&b);
		dk_json_put_string(&b, s);
		cr_assert_str_eq(b.data, want, "byte 0x%02x", c);
		dk_buf_release(&b);
		json_object_put(o);
	}
	string_is("Spielabend-K\xc3\xb6ln.xml", "\"Spielabend-K\xc3\xb6ln.xml\"");
	string_is("a\033[31m\n\t/\"\\", "\"a\\u001b[31m\\n\\t/\\\"\\\\\"");
	string_is(NULL, "\"\"");
}

Test(json_out, not_utf8_is_replacement_character)
{
	string_is("a\x9b" "b.xml", "\"a\\ufffdb.xml\"");               /* a raw 8-bit CSI */
	string_is("K\xf6ln", "\"K\\ufffdln\"");                         /* Latin-1 */
	string_is("\xc0\xaf", "\"\\ufffd\\ufffd\"");                    /* overlong '/' */
	string_is("\xe0\x80\x9b", "\"\\ufffd\\ufffd\\ufffd\"");         /* overlong CSI */
	string_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");         /* a surrogate */
	string_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	string_is("x\xe2\x99", "\"x\\ufffd\\ufffd\"");                  /* cut short */
	string_is("\xe2\x99\"", "\"\\ufffd\\ufffd\\\"\"");              /* cut by a quote */
}

/* valid UTF-8 as it is: a C1 control written in UTF-8, a bidirectional
 * control, a zero-width space are characters a program may read */
Test(json_out, valid_utf8_kept)
{
	string_is("\xc2\x9b", "\"\xc2\x9b\"");
	string_is("game\xe2\x80\xaelmx.exe", "\"game\xe2\x80\xaelmx.exe\"");
	string_is("\xe2\x80\x8b\xef\xbb\xbf\xf0\x9f\x83\x8f", "\"\xe2\x80\x8b\xef\xbb\xbf\xf0\x9f\x83\x8f\"");
	string_is("\xef\xbf\xbd", "\"\xef\xbf\xbd\"");
}

Test(json_out, script_string)
{
	script_string_is("</script><b>&", "\"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\"");
	script_string_is("a\nb\t", "\"a\\u000ab\\u0009\"");
	script_string_is("a\x9b\xc3\xb6", "\"a\\ufffd\xc3\xb6\"");
	script_string_is(NULL, "\"\"");
}

Test(json_out, line_repaired)
{
	line_is("a\x9b" "b", "[\"a\\ufffdb\"]\n");
	line_is("K\xf6ln\xc3\xb6", "[\"K\\ufffdln\xc3\xb6\"]\n");
	line_is("\xed\xa0\x80\\", "[\"\\ufffd\\ufffd\\ufffd\\\\\"]\n");
	line_is("a\033b", "[\"a\\u001bb\"]\n");
	line_is("\xe2\x80\xae", "[\"\xe2\x80\xae\"]\n");
}

/* a key (a player's name in the seats' objects) is repaired too */
Test(json_out, key_repaired)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "Anna\xff", json_object_new_int(2));
	dk_buf b;
	dk_buf_init(&b);
	dk_json_put_line(&b, o);
	cr_assert_str_eq(b.data, "{\"Anna\\ufffd\":2}\n");
	dk_buf_release(&b);
}
