/*
 * dd_table.c - a double-dummy solver with its table: made, cleared, kept
 * in a file and taken up again (dk_dd_save, dk_dd_load), freed; and the
 * solver's settings.  What an entry holds, how the table's memory is
 * asked for and how the search reads it are dd.c's; how a position's key
 * is made, dd_key.c's.
 */
#include "dd_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

dk_dd *dk_dd_new(void)
{
	return dk_dd_new_sized(DK_DD_TABLE_BYTES);
}

/* a table has 1 << TT_BITS_MIN to 1 << TT_BITS_MAX entries (128 KiB to
 * 32 GiB) */
#define TT_BITS_MIN 12
#define TT_BITS_MAX 30

/* the largest power of two of entries that fits in bytes, within the
 * limits */
static int bits_for(size_t bytes)
{
	int bits = TT_BITS_MIN;
	while (bits < TT_BITS_MAX && (sizeof(tt_entry) << (bits + 1)) <= bytes)
		bits++;
	return bits;
}

dk_dd *dk_dd_new_sized(size_t table_bytes)
{
	dd_key_init();
	dk_dd *dd = calloc(1, sizeof(*dd));
	if (!dd)
		return NULL;
	dd->tt_bits = bits_for(table_bytes);
	dd->tt_bits_max = dd->tt_bits_made = dd->tt_bits;
	if (!(dd->tt_mem = dd_table_of(dd->tt_bits, &dd->tt))) {
		free(dd);
		return NULL;
	}
	dd->gen = 1;
	dd->threads = 1;
	memset(dd->killer, 0xff, sizeof(dd->killer));
	dd_key_use_best(dd);
	dd->halting = &dd->halt;
	return dd;
}

/* dd's table replaced by an empty one of 1 << bits entries; false when
 * out of memory (the table as it was) */
static bool new_table(dk_dd *dd, int bits)
{
	tt_entry *tt;
	void *mem = dd_table_of(bits, &tt);
	if (!mem)
		return false;
	free(dd->tt_mem);
	dd->tt_mem = mem;
	dd->tt = tt;
	dd->tt_bits = bits;
	dd->gen = 1;
	return true;
}

/* what the search learnt besides the table forgotten: the killer cards,
 * the probes' costs, the positions solved */
static void forget_learnt(dk_dd *dd)
{
	memset(dd->killer, 0xff, sizeof(dd->killer));
	memset(dd->cost, 0, sizeof(dd->cost));
	memset(dd->solved, 0, sizeof(dd->solved));
	dd->solved_next = 0;
}

void dk_dd_clear(dk_dd *dd)
{
	forget_learnt(dd);
	/* a table grown in an analysis (or taken up from a smaller kept one)
	 * goes back to its size (or, out of memory, stays as it is) */
	if (dd->tt_bits != dd->tt_bits_made && new_table(dd, dd->tt_bits_made))
		return;
	if (++dd->gen == 0) {
		memset(dd->tt, 0, ((size_t)1 << dd->tt_bits) * sizeof(tt_entry));
		dd->gen = 1;
	}
}

/* --- keeping a table: dk_dd_save, dk_dd_load --------------------------- */

/*
 * The file: a head (save_head), the caller's tag, then the generation and
 * the slot the next solved position takes, the killer cards, the probes'
 * costs, the positions solved and the table, each as it is in memory;
 * the head's sum covers everything after it.  SAVE_FORMAT goes up when
 * what the file holds or an entry means changes (2: the positions
 * solved); the key scheme is told apart by a fingerprint of the numbers
 * the keys are made of.
 */
#define SAVE_MAGIC "dkddtab\n"
#define SAVE_FORMAT 2u
#define SAVE_PARTS 5
#define SAVE_CHUNK ((size_t)1 << 20)

typedef struct save_head {
	char magic[8];
	uint32_t format;
	uint32_t entry_bytes;        /* sizeof(tt_entry) */
	uint32_t tt_bits;
	uint32_t tag_bytes;
	uint64_t keys;               /* fingerprint of the key scheme (keys_print) */
	uint64_t sum;                /* of all that follows the head (dd_sum) */
} save_head;

uint64_t dd_sum(uint64_t h, const void *data, size_t n)
{
	const unsigned char *s = data;
	for (; n >= 8; n -= 8, s += 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ull;
		h ^= h >> 29;
	}
	for (; n > 0; n--, s++)
		h = (h ^ *s) * 0x100000001B3ull;
	return h;
}

static uint64_t keys_print(void)
{
	uint64_t h = dd_key_print(SAVE_FORMAT, dd_sum);
	uint32_t sizes[5] = { (uint32_t)sizeof(tt_entry), BUCKET, DK_CARD_KINDS,
			      (uint32_t)sizeof(dd_solved), DD_SOLVED };
	return dd_sum(h, sizes, sizeof(sizes));
}

/* the parts after the head and the tag, in the file's order */
static void save_parts(const dk_dd *dd, const void *part[SAVE_PARTS], size_t len[SAVE_PARTS],
		       uint64_t head[2])
{
	head[0] = dd->gen;
	head[1] = dd->solved_next;
	part[0] = head;
	len[0] = 2 * sizeof(*head);
	part[1] = dd->killer;
	len[1] = sizeof(dd->killer);
	part[2] = dd->cost;
	len[2] = sizeof(dd->cost);
	part[3] = dd->solved;
	len[3] = sizeof(dd->solved);
	part[4] = dd->tt;
	len[4] = sizeof(tt_entry) << dd->tt_bits;
}

int dk_dd_save(const dk_dd *dd, FILE *f, const char *tag)
{
	dd_key_init();
	save_head h = { .format = SAVE_FORMAT, .entry_bytes = sizeof(tt_entry),
			.tt_bits = (uint32_t)dd->tt_bits, .keys = keys_print() };
	memcpy(h.magic, SAVE_MAGIC, sizeof(h.magic));
	size_t tag_len = strlen(tag);
	h.tag_bytes = (uint32_t)tag_len;
	const void *part[SAVE_PARTS];
	size_t len[SAVE_PARTS];
	uint64_t head[2];
	save_parts(dd, part, len, head);
	h.sum = dd_sum(0, tag, tag_len);
	for (int i = 0; i < SAVE_PARTS; i++)
		h.sum = dd_sum(h.sum, part[i], len[i]);
	if (fwrite(&h, sizeof(h), 1, f) != 1 || fwrite(tag, 1, tag_len, f) != tag_len)
		return -1;
	for (int i = 0; i < SAVE_PARTS; i++)
		if (fwrite(part[i], 1, len[i], f) != len[i])
			return -1;
	return fflush(f) == 0 ? 0 : -1;
}

static int load_fails(const char **why, const char *what)
{
	if (why)
		*why = what;
	return -1;
}

int dk_dd_load(dk_dd *dd, FILE *f, const char *tag, const char **why)
{
	dd_key_init();
	save_head h;
	if (fread(&h, sizeof(h), 1, f) != 1 || memcmp(h.magic, SAVE_MAGIC, sizeof(h.magic)) != 0)
		return load_fails(why, "not a saved table");
	if (h.format != SAVE_FORMAT)
		return load_fails(why, "saved by another build of the solver (one whose file "
				       "holds other things, or whose keys are made another way)");
	if (h.entry_bytes != sizeof(tt_entry) || h.keys != keys_print())
		return load_fails(why, "saved by a solver that makes its keys or entries "
				       "another way");
	/* a table of another size is taken where dd's may grow as far (dd's
	 * own entries then go): one grown in the analysis saved, or kept by
	 * a solver that was let grow less */
	if (h.tt_bits < TT_BITS_MIN || h.tt_bits > TT_BITS_MAX)
		return load_fails(why, "not a saved table (its size is out of range)");
	if (h.tt_bits > (uint32_t)dd->tt_bits_max)
		return load_fails(why, "a table larger than this solver's may grow");
	size_t tag_len = strlen(tag);
	if (h.tag_bytes != tag_len)
		return load_fails(why, "saved for another game or solver (its tag differs)");
	char *saved = malloc(tag_len + 1);
	if (!saved)
		return load_fails(why, "out of memory");
	bool same = fread(saved, 1, tag_len, f) == tag_len && memcmp(saved, tag, tag_len) == 0;
	free(saved);
	if (!same)
		return load_fails(why, "saved for another game or solver (its tag differs)");
	/* the small parts read aside, the table in place (checked as it
	 * comes in; emptied if it does not add up) */
	uint64_t head[2];
	dk_card(*killer)[4][3][DK_CARD_KINDS][2] = malloc(sizeof(dd->killer));
	double(*cost)[4][2] = malloc(sizeof(dd->cost));
	dd_solved *solved = malloc(sizeof(dd->solved));
	if (!killer || !cost || !solved) {
		free(killer);
		free(cost);
		free(solved);
		return load_fails(why, "out of memory");
	}
	uint64_t sum = dd_sum(0, tag, tag_len);
	const char *fail = NULL;
	if (h.tt_bits != (uint32_t)dd->tt_bits && !new_table(dd, (int)h.tt_bits))
		fail = "out of memory";
	else if (fread(head, sizeof(head), 1, f) != 1 ||
		 fread(killer, sizeof(dd->killer), 1, f) != 1 ||
		 fread(cost, sizeof(dd->cost), 1, f) != 1 ||
		 fread(solved, sizeof(dd->solved), 1, f) != 1 || head[0] == 0 ||
		 head[0] > UCHAR_MAX || head[1] >= DD_SOLVED)
		fail = "cut short";
	if (!fail) {
		sum = dd_sum(sum, head, sizeof(head));
		sum = dd_sum(sum, killer, sizeof(dd->killer));
		sum = dd_sum(sum, cost, sizeof(dd->cost));
		sum = dd_sum(sum, solved, sizeof(dd->solved));
		unsigned char *t = (unsigned char *)dd->tt;
		size_t left = sizeof(tt_entry) << dd->tt_bits;
		while (left > 0 && !fail) {
			size_t n = left < SAVE_CHUNK ? left : SAVE_CHUNK;
			if (fread(t, 1, n, f) != n)
				fail = "cut short";
			sum = dd_sum(sum, t, n);
			t += n;
			left -= n;
		}
		if (!fail && fgetc(f) != EOF)
			fail = "longer than a saved table";
		if (!fail && sum != h.sum)
			fail = "damaged (its checksum is wrong)";
		if (fail) {
			/* the table was read into: nothing of it is kept */
			memset(dd->tt, 0, sizeof(tt_entry) << dd->tt_bits);
			dd->gen = 1;
			forget_learnt(dd);
		}
	}
	if (!fail) {
		dd->gen = (unsigned char)head[0];
		memcpy(dd->killer, killer, sizeof(dd->killer));
		memcpy(dd->cost, cost, sizeof(dd->cost));
		memcpy(dd->solved, solved, sizeof(dd->solved));
		dd->solved_next = (unsigned)head[1];
	}
	free(killer);
	free(cost);
	free(solved);
	return fail ? load_fails(why, fail) : 0;
}

void dk_dd_set_table_max(dk_dd *dd, size_t max_bytes)
{
	int bits = bits_for(max_bytes);
	dd->tt_bits_max = bits > dd->tt_bits ? bits : dd->tt_bits;
}

void dk_dd_set_threads(dk_dd *dd, int n)
{
	dd->threads = n < 1 ? 1 : n > DK_DD_THREADS_MAX ? DK_DD_THREADS_MAX : n;
}

void dk_dd_set_limit(dk_dd *dd, long positions)
{
	dd->limit = positions > 0 ? positions : 0;
}

void dk_dd_set_progress(dk_dd *dd, dk_dd_progress_fn fn, void *ctx)
{
	dd->progress = fn;
	dd->progress_ctx = ctx;
}

void dk_dd_stop(dk_dd *dd)
{
	__atomic_store_n(&dd->halt, 1, __ATOMIC_RELAXED);
}

bool dk_dd_stopped(const dk_dd *dd)
{
	return dd->stopped;
}

size_t dk_dd_table_bytes(const dk_dd *dd)
{
	return sizeof(tt_entry) << dd->tt_bits;
}

void dk_dd_free(dk_dd *dd)
{
	if (!dd)
		return;
	for (int i = 0; i < DK_DD_THREADS_MAX - 1; i++)
		dk_dd_free(dd->helper[i]);
	free(dd->tt_mem);
	free(dd->ways);
	free(dd);
}
