/*
 * buf.c - growable byte buffer; see buf.h.
 */
#include "buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

void dk_buf_init(dk_buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->alloc = 0;
}

void dk_buf_release(dk_buf *b)
{
	free(b->data);
	dk_buf_init(b);
}

void dk_buf_clear(dk_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

static void grow(dk_buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->alloc)
		return;
	size_t n = b->alloc ? b->alloc : 256;
	while (n < b->len + extra + 1)
		n *= 2;
	b->data = dk_xrealloc(b->data, n);
	b->alloc = n;
}

void dk_buf_put(dk_buf *b, const char *s, size_t len)
{
	grow(b, len);
	memcpy(b->data + b->len, s, len);
	b->len += len;
	b->data[b->len] = '\0';
}

void dk_buf_puts(dk_buf *b, const char *s)
{
	dk_buf_put(b, s, strlen(s));
}

void dk_buf_putc(dk_buf *b, char c)
{
	dk_buf_put(b, &c, 1);
}

void dk_buf_vprintf(dk_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n <= 0)
		return;
	grow(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void dk_buf_printf(dk_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_buf_vprintf(b, fmt, ap);
	va_end(ap);
}
