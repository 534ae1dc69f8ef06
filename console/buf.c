/*
 * myriad - a growable byte buffer.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = b->size = 0;
}

void
buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

void
buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data != NULL)
		b->data[0] = '\0';
}

static void
buf_grow(struct buf *b, size_t n)
{
	size_t	 want = b->len + n + 1;

	if (want <= b->size)
		return;
	if (b->size == 0)
		b->size = 256;
	while (b->size < want)
		b->size *= 2;
	b->data = xreallocarray(b->data, 1, b->size);
}

void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_putc(struct buf *b, int c)
{
	char	 ch = c;

	buf_add(b, &ch, 1);
}

/* A number in decimal: printf's %llu, without its cost (a million lines). */
void
buf_putu(struct buf *b, unsigned long long v)
{
	char	 tmp[24], *p = tmp + sizeof tmp;

	do
		*--p = '0' + v % 10;
	while ((v /= 10) != 0);
	buf_add(b, p, tmp + sizeof tmp - p);
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	buf_grow(b, 64);
	va_start(ap, fmt);
	n = vsnprintf(b->data + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->size - b->len) {
		buf_grow(b, n);
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, b->size - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += n;
}
