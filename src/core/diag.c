/*
 * diag.c - the diagnostics list; see diag.h.
 */
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

void dk_diag_init(dk_diag *d)
{
	memset(d, 0, sizeof(*d));
}

void dk_diag_clear(dk_diag *d)
{
	for (size_t i = 0; i < d->count; i++) {
		free(d->items[i].file);
		free(d->items[i].message);
	}
	d->count = 0;
	d->errors = 0;
	d->dropped = 0;
}

void dk_diag_release(dk_diag *d)
{
	dk_diag_clear(d);
	free(d->items);
	memset(d, 0, sizeof(*d));
}

void dk_diag_vadd(dk_diag *d, dk_severity sev, const char *file, dk_loc loc,
		  const char *fmt, va_list ap)
{
	size_t limit = d->limit ? d->limit : 100;
	if (sev == DK_SEV_ERROR)
		d->errors++;
	if (d->count >= limit) {
		d->dropped++;
		return;
	}
	if (d->count == d->alloc) {
		d->alloc = d->alloc ? d->alloc * 2 : 8;
		d->items = dk_xrealloc(d->items, d->alloc * sizeof(*d->items));
	}
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		n = 0;
	char *msg = dk_xmalloc((size_t)n + 1);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	dk_diag_item *it = &d->items[d->count++];
	it->severity = sev;
	it->file = file ? dk_xstrdup(file) : NULL;
	it->loc = loc;
	it->message = msg;
}

void dk_diag_add(dk_diag *d, dk_severity sev, const char *file, dk_loc loc,
		 const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	dk_diag_vadd(d, sev, file, loc, fmt, ap);
	va_end(ap);
}
