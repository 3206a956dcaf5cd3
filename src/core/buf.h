/*
 * buf.h - a growable byte buffer for building output.
 */
#ifndef DK_BUF_H
#define DK_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct dk_buf {
	char *data;   /* always NUL-terminated once anything was added */
	size_t len;
	size_t alloc;
} dk_buf;

void dk_buf_init(dk_buf *b);
void dk_buf_release(dk_buf *b);
/** Empty the buffer, keep its memory. */
void dk_buf_clear(dk_buf *b);
void dk_buf_put(dk_buf *b, const char *s, size_t len);
void dk_buf_puts(dk_buf *b, const char *s);
void dk_buf_putc(dk_buf *b, char c);
void dk_buf_printf(dk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dk_buf_vprintf(dk_buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

#endif
