/*
 * arena.c - bump allocator; see arena.h.
 *
 * Blocks grow geometrically up to 1 MiB; a request larger than a block gets
 * a block of its own.  With DK_DEBUG_ARENA every allocation is its own block,
 * so sanitizers see the exact bounds.
 */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dk_arena_block {
	dk_arena_block *next;
	size_t size;   /* usable bytes after the header */
	size_t used;
	max_align_t data[];
};

#define DK_ARENA_MIN_BLOCK ((size_t)4096)
#define DK_ARENA_MAX_BLOCK ((size_t)1 << 20)

static void dk_oom(size_t size)
{
	fprintf(stderr, "dokoref: fatal: out of memory (%zu bytes)\n", size);
	abort();
}

void *dk_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		dk_oom(size);
	return p;
}

void *dk_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		dk_oom(n * size);
	return p;
}

void *dk_xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		dk_oom(size);
	return q;
}

char *dk_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = dk_xmalloc(n);
	memcpy(p, s, n);
	return p;
}

void dk_arena_init(dk_arena *a)
{
	a->head = NULL;
	a->used = 0;
}

void dk_arena_release(dk_arena *a)
{
	dk_arena_block *b = a->head;
	while (b) {
		dk_arena_block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->used = 0;
}

void dk_arena_reset(dk_arena *a)
{
#ifdef DK_DEBUG_ARENA
	dk_arena_release(a);
#else
	/* keep the newest block, which is the largest */
	dk_arena_block *keep = a->head;
	if (!keep)
		return;
	dk_arena_block *b = keep->next;
	while (b) {
		dk_arena_block *next = b->next;
		free(b);
		b = next;
	}
	keep->next = NULL;
	keep->used = 0;
	a->used = 0;
#endif
}

static dk_arena_block *dk_arena_grow(dk_arena *a, size_t need)
{
	size_t size = a->head ? a->head->size * 2 : DK_ARENA_MIN_BLOCK;
	if (size > DK_ARENA_MAX_BLOCK)
		size = DK_ARENA_MAX_BLOCK;
	if (size < need)
		size = need;
#ifdef DK_DEBUG_ARENA
	size = need;
#endif
	if (size > SIZE_MAX - sizeof(dk_arena_block))
		dk_oom(size);
	dk_arena_block *b = dk_xmalloc(sizeof(dk_arena_block) + size);
	b->size = size;
	b->used = 0;
	if (a->head && a->head->used < a->head->size / 2 && need > a->head->size / 2) {
		/* a big one-off request: keep filling the current block */
		b->next = a->head->next;
		a->head->next = b;
	} else {
		b->next = a->head;
		a->head = b;
	}
	return b;
}

void *dk_arena_alloc(dk_arena *a, size_t size)
{
	const size_t align = sizeof(max_align_t);
	size_t need = (size + align - 1) / align * align;
	if (need < size)
		dk_oom(size);
	if (need == 0)
		need = align;
	dk_arena_block *b = a->head;
#ifdef DK_DEBUG_ARENA
	b = NULL;
#endif
	if (!b || b->size - b->used < need)
		b = dk_arena_grow(a, need);
	void *p = (char *)b->data + b->used;
	b->used += need;
	a->used += need;
	memset(p, 0, size);
	return p;
}

char *dk_arena_strndup(dk_arena *a, const char *s, size_t len)
{
	char *p = dk_arena_alloc(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *dk_arena_strdup(dk_arena *a, const char *s)
{
	return s ? dk_arena_strndup(a, s, strlen(s)) : NULL;
}
