/*
 * fuzz_xml_reader.c - libFuzzer harness for the XML reader, the consistency
 * check and the canonical writer.
 *
 * Each input is read as a whole file (gzip included); every game that reads
 * cleanly is checked, written canonically, read back and written again, and
 * the two canonical forms must be equal.  Built as a fuzzer with
 * -Dfuzzers=true; standalone_driver.c replays the corpus in every test run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "fmt_xml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	dk_xml_global_init();
	return 0;
}

/* read data and write every item canonically into b; false on any error */
static bool canonical(const void *data, size_t size, dk_buf *b)
{
	dk_diag d;
	dk_diag_init(&d);
	dk_xml_reader *r;
	bool ok = false;
	if (dk_xml_reader_open_memory(&r, data, size, "fuzz", 1u << 24, &d) != 0)
		goto out;
	size_t n;
	const char *const *c = dk_xml_reader_prologue(r, &n);
	dk_xml_write_begin(b, c, n);
	int depth = 1;
	ok = true;
	for (;;) {
		dk_read_item it = dk_xml_reader_next(r, &d);
		if (it == DK_READ_ERROR) {
			ok = false;
			break;
		}
		if (it == DK_READ_END)
			break;
		if (!dk_xml_reader_game_ok(r))
			ok = false;
		if (it == DK_READ_GAME && dk_record_check(dk_xml_reader_game(r), NULL, "fuzz", &d))
			ok = false;
		dk_xml_write_item(b, r, it, &depth);
	}
	dk_xml_write_end(b);
	dk_xml_reader_free(r);
out:
	dk_diag_release(&d);
	return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dk_buf once, twice;
	dk_buf_init(&once);
	dk_buf_init(&twice);
	if (canonical(data, size, &once)) {
		/* canonical output must read back to the same bytes */
		if (!canonical(once.data, once.len, &twice) || twice.len != once.len ||
		    memcmp(once.data, twice.data, once.len) != 0) {
			fprintf(stderr, "canonical output does not round-trip:\n%s\n---\n%s\n",
				once.data, twice.data ? twice.data : "(unreadable)");
			abort();
		}
	}
	dk_buf_release(&once);
	dk_buf_release(&twice);
	return 0;
}
