/*
 * test_guard.c - the byte screen in front of libxml2: the positions it
 * records for tags and attributes, that they do not depend on how the bytes
 * are split into pieces (the scan takes common tags in one go and others
 * byte by byte), and its refusals.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "leakcheck.h"

TestSuite(guard, .fini = dk_leak_check);

#define MAX_TAGS 64

typedef struct scan {
	int rc;
	dk_loc pos, error_loc;
	char error[200];
	size_t count;
	dk_guard_tag tags[MAX_TAGS];
} scan;

/* feed doc in pieces of at most piece bytes (0: in one go) */
static void run(scan *out, const char *doc, size_t piece)
{
	memset(out, 0, sizeof(*out));
	dk_guard g;
	dk_guard_init(&g);
	size_t len = strlen(doc), i = 0;
	while (i < len && out->rc == 0) {
		size_t n = piece && len - i > piece ? piece : len - i;
		out->rc = dk_guard_feed(&g, doc + i, n);
		i += n;
		dk_guard_tag t;
		while (dk_guard_pop(&g, &t))
			if (out->count < MAX_TAGS)
				out->tags[out->count++] = t;
	}
	out->pos = g.pos;
	if (out->rc < 0) {
		out->error_loc = g.error_loc;
		snprintf(out->error, sizeof(out->error), "%s", g.error);
	}
	dk_guard_release(&g);
}

static void expect_loc(dk_loc got, uint32_t line, uint32_t col, const char *what)
{
	cr_expect(got.line == line && got.col == col, "%s: %u:%u, expected %u:%u", what,
		  got.line, got.col, line, col);
}

Test(guard, positions_count_characters)
{
	const char *doc =
		"<?xml version=\"1.0\"?>\n"
		"<r a=\"\xc3\xa4\xc3\xb6\" b='x'>\n"          /* 2: a value in UTF-8 */
		"  <n\xc3\xa4me x=\"1\"/><e />\n"             /* 3: a name in UTF-8, <e /> */
		"  \xc3\xa4<t\n"                               /* 4: a tag over two lines */
		"     seat=\"2\">CQ</t><!-- -- > -->\n"       /* 5 */
		"</r>\n";
	scan s;
	run(&s, doc, 0);
	cr_assert_eq(s.rc, 0);
	cr_assert_eq(s.count, 4);
	expect_loc(s.tags[0].start, 2, 1, "<r>");
	expect_loc(s.tags[0].content, 2, 17, "content of <r>");
	cr_expect_eq(s.tags[0].attr_count, 2);
	cr_expect_str_eq(s.tags[0].attrs[0].name, "a");
	expect_loc(s.tags[0].attrs[0].loc, 2, 4, "a=");
	cr_expect_str_eq(s.tags[0].attrs[1].name, "b");
	expect_loc(s.tags[0].attrs[1].loc, 2, 11, "b=");
	cr_expect(!s.tags[0].empty);
	expect_loc(s.tags[1].start, 3, 3, "<näme>");
	expect_loc(s.tags[1].attrs[0].loc, 3, 9, "x=");
	expect_loc(s.tags[1].content, 3, 16, "after <näme/>");
	cr_expect(s.tags[1].empty);
	expect_loc(s.tags[2].start, 3, 16, "<e />");
	cr_expect(s.tags[2].empty);
	expect_loc(s.tags[3].start, 4, 4, "<t>");
	cr_expect_str_eq(s.tags[3].attrs[0].name, "seat");
	expect_loc(s.tags[3].attrs[0].loc, 5, 6, "seat=");
	expect_loc(s.tags[3].content, 5, 15, "content of <t>");
	expect_loc(s.pos, 7, 1, "end");
}

/* a document with every kind of tag the scan treats differently */
static char *mixed_doc(void)
{
	static const char *const parts[] = {
		"<dokoref version=\"1\">\n",
		"  <game number='7' round=\"2\">\n",
		"    <note>M\xc3\xbcller &amp; S\xc3\xb6hne <![CDATA[ <x> ]] ]]> <?pi a?b ?></note>\n",
		"    <players><player seat=\"1\" name=\"J\xc3\xbcrgen\"/><player seat=\"2\"\tname=\"B\"/>\n",
		"      <player  seat=\"3\"  name=\"C\" /><player seat=\"4\" name=\"D\"></player></players>\n",
		"    <deal dealer=\"1\"><hand seat=\"1\">CQ HJ</hand></deal><!-- a -- b --->\n",
		"    <x a1=\"1\" a2=\"2\" a3=\"3\" a4=\"4\" a5=\"5\" a6=\"6\" a7=\"7\" a8=\"8\" a9=\"9\" "
		"verylongattributename=\"v\"/>\n",
		"    <y\r\n z = 'q' w=\"a\nb\"></y><z/></game>\n",
		"</dokoref>\n",
	};
	size_t len = 0;
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		len += strlen(parts[i]);
	char *doc = malloc(len + 1);
	doc[0] = '\0';
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		strcat(doc, parts[i]);
	return doc;
}

static void expect_same(const scan *a, const scan *b, size_t piece)
{
	cr_assert_eq(a->rc, b->rc, "pieces of %zu: rc", piece);
	cr_assert_eq(a->count, b->count, "pieces of %zu: tag count", piece);
	for (size_t i = 0; i < a->count; i++) {
		const dk_guard_tag *x = &a->tags[i], *y = &b->tags[i];
		cr_assert(x->start.line == y->start.line && x->start.col == y->start.col &&
			  x->content.line == y->content.line && x->content.col == y->content.col &&
			  x->empty == y->empty && x->attr_count == y->attr_count,
			  "pieces of %zu: tag %zu differs", piece, i);
		for (int k = 0; k < x->attr_count; k++)
			cr_assert(strcmp(x->attrs[k].name, y->attrs[k].name) == 0 &&
				  x->attrs[k].loc.line == y->attrs[k].loc.line &&
				  x->attrs[k].loc.col == y->attrs[k].loc.col,
				  "pieces of %zu: attribute %d of tag %zu differs", piece, k, i);
	}
	cr_assert(a->pos.line == b->pos.line && a->pos.col == b->pos.col,
		  "pieces of %zu: end position", piece);
	cr_assert_str_eq(a->error, b->error, "pieces of %zu: error", piece);
}

Test(guard, pieces_do_not_matter)
{
	char *doc = mixed_doc();
	scan whole, parts;
	run(&whole, doc, 0);
	cr_assert_eq(whole.rc, 0);
	cr_assert_eq(whole.count, 13);
	/* a few of them, to know the whole-document scan is right */
	const dk_guard_tag *x = &whole.tags[10];  /* <x a1=...> with ten attributes */
	cr_expect_eq(x->attr_count, DK_GUARD_KEPT_ATTRS);
	cr_expect_str_eq(x->attrs[7].name, "a8");
	cr_expect(x->empty);
	const dk_guard_tag *y = &whole.tags[11];  /* <y over two lines */
	cr_expect_str_eq(y->attrs[0].name, "z");
	expect_loc(y->attrs[0].loc, 9, 2, "z =");
	cr_expect_str_eq(y->attrs[1].name, "w");
	expect_loc(y->attrs[1].loc, 9, 10, "w=");
	expect_loc(y->content, 10, 4, "content of <y>");
	cr_expect(!y->empty);
	cr_expect(whole.tags[12].empty, "<z/>");
	for (size_t piece = 1; piece < 100; piece++) {
		run(&parts, doc, piece);
		expect_same(&whole, &parts, piece);
	}
	free(doc);
}

static void expect_refusal(const char *doc, const char *error, uint32_t line, uint32_t col)
{
	size_t pieces[] = { 0, 1, 7, 4096 };
	for (size_t i = 0; i < sizeof(pieces) / sizeof(pieces[0]); i++) {
		scan s;
		run(&s, doc, pieces[i]);
		cr_expect_eq(s.rc, -1, "pieces of %zu: not refused", pieces[i]);
		cr_expect_str_eq(s.error, error, "pieces of %zu", pieces[i]);
		expect_loc(s.error_loc, line, col, error);
	}
}

Test(guard, refusals)
{
	expect_refusal("<?xml version=\"1.0\"?>\n<!DOCTYPE r [ ]><r/>",
		       "a document type declaration (<!DOCTYPE) is not accepted", 2, 1);
	expect_refusal("<r>\n  <!ENTITY x 'y'></r>",
		       "an entity declaration (<!ENTITY) is not accepted", 2, 3);

	char *doc = malloc(80 * 8 + 16);
	strcpy(doc, "<r>\n <a");
	for (int i = 0; i < 65; i++)
		sprintf(doc + strlen(doc), " a%d=\"%d\"", i, i);
	strcat(doc, "/></r>");
	expect_refusal(doc, "a tag with more than 64 attributes is not accepted", 2, 2);
	free(doc);

	size_t big = 70 * 1024;
	doc = malloc(big + 32);
	strcpy(doc, "<r>\n\n <a v=\"");
	size_t n = strlen(doc);
	memset(doc + n, 'x', big);
	strcpy(doc + n + big, "\"/></r>");
	expect_refusal(doc, "a tag longer than 64 KiB is not accepted", 3, 2);
	free(doc);

	doc = malloc(34 * 3 + 1);
	doc[0] = '\0';
	for (int i = 0; i < 33; i++)
		strcat(doc, "<a>");
	expect_refusal(doc, "elements are nested deeper than 32 levels", 1, 97);
	free(doc);
}

/* one run of text (white space too), one comment, one end tag is bounded,
 * wherever the pieces are cut; a run of just 1 MiB passes */
Test(guard, long_runs)
{
	size_t mib = 1024 * 1024;
	char *doc = malloc(mib + 64);
	strcpy(doc, "<r>\n <a>");
	size_t n = strlen(doc);
	memset(doc + n, ' ', mib);
	for (size_t i = n + 100; i < n + mib; i += 100)
		doc[i] = '\n';
	strcpy(doc + n + mib, "</a></r>");
	scan s;
	run(&s, doc, 4096);
	cr_expect_eq(s.rc, 0, "a run of 1 MiB: %s", s.error);
	strcpy(doc + n + mib - 1, "x</a></r>");
	run(&s, doc, 0);
	cr_expect_eq(s.rc, 0, "a run of 1 MiB: %s", s.error);
	strcpy(doc + n + mib, "x</a></r>");
	expect_refusal(doc, "a text (or white space) between two tags longer than 1 MiB is not "
		       "accepted", 2, 5);
	memcpy(doc + n - 4, "<!--", 4);
	strcpy(doc + n + mib, "x--></r>");
	expect_refusal(doc, "a comment longer than 1 MiB is not accepted", 2, 5);
	free(doc);

	doc = malloc(70 * 1024 + 32);
	strcpy(doc, "<r>\n</r");
	n = strlen(doc);
	memset(doc + n, ' ', 70 * 1024);
	strcpy(doc + n + 70 * 1024, ">");
	expect_refusal(doc, "a tag longer than 64 KiB is not accepted", 2, 1);
	free(doc);
}

/* UTF-16 and UTF-32 are refused at their first bytes: the screen counts
 * tags in bytes */
Test(guard, utf16_refused)
{
	static const char msg[] = "the file is in UTF-16 or UTF-32, which is not read; write it "
				  "in UTF-8 (iconv -f UTF-16 -t UTF-8)";
	const char *docs[] = { "\xff\xfe<\0r\0/\0>\0", "\xfe\xff\0<\0r\0/\0>", "<\0r\0/\0>\0" };
	size_t lens[] = { 10, 10, 8 };
	for (size_t i = 0; i < 3; i++) {
		dk_guard g;
		dk_guard_init(&g);
		cr_expect_eq(dk_guard_feed(&g, docs[i], lens[i]), -1, "document %zu", i);
		cr_expect_str_eq(g.error, msg);
		dk_guard_release(&g);
	}
}

Test(guard, comments_end_only_at_an_unbroken_close)
{
	/* "-- >" and "--x>" do not end the comment: the '<!DOCTYPE' after
	 * them is inside it and harmless; the one after "-->" is not */
	scan s;
	run(&s, "<r><!-- -- > --x> <!DOCTYPE --></r>", 0);
	cr_expect_eq(s.rc, 0, "%s", s.error);
	expect_refusal("<r><!-- a --><!DOCTYPE r></r>",
		       "a document type declaration (<!DOCTYPE) is not accepted", 1, 14);
}
