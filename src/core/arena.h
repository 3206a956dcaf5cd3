/*
 * arena.h - bump allocator that owns everything parsed from one record.
 *
 * A reader allocates a game's strings and arrays here and frees them all at
 * once with dk_arena_reset when the next game starts, so memory does not grow
 * with the number of games in a file.  Built with -Ddebug_arena=true every
 * allocation is a separate malloc, so AddressSanitizer and valgrind see each
 * block's bounds.  Out of memory aborts with a message (as cmark's xcalloc).
 */
#ifndef DK_ARENA_H
#define DK_ARENA_H

#include <stddef.h>

typedef struct dk_arena_block dk_arena_block;

typedef struct dk_arena {
	dk_arena_block *head;   /* newest block first */
	size_t used;            /* bytes handed out since the last reset */
} dk_arena;

/** Fill a caller's arena: empty, allocates nothing yet. */
void dk_arena_init(dk_arena *a);

/** Free every block; the arena may be used again after dk_arena_init. */
void dk_arena_release(dk_arena *a);

/** Forget every allocation but keep one block for reuse. */
void dk_arena_reset(dk_arena *a);

/** Zeroed memory for size bytes, aligned for any type; never NULL. */
void *dk_arena_alloc(dk_arena *a, size_t size);

/** Copy of the len bytes at s plus a NUL; never NULL. */
char *dk_arena_strndup(dk_arena *a, const char *s, size_t len);

/** Copy of the NUL-terminated s; NULL stays NULL. */
char *dk_arena_strdup(dk_arena *a, const char *s);

/** malloc/calloc/realloc that abort with a message when memory runs out. */
void *dk_xmalloc(size_t size);
void *dk_xcalloc(size_t n, size_t size);
void *dk_xrealloc(void *p, size_t size);
char *dk_xstrdup(const char *s);

#endif
