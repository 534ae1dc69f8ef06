/*
 * myriad - memory allocation that does not fail.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

static __dead void
xmalloc_fatal(const char *what, size_t n)
{
	fprintf(stderr, "myriad: %s: out of memory (%zu bytes)\n", what, n);
	abort();
}

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		xmalloc_fatal("xmalloc", size);
	return (p);
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		xmalloc_fatal("xcalloc", n * size);
	return (p);
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (size != 0 && n > SIZE_MAX / size)
		xmalloc_fatal("xreallocarray", SIZE_MAX);
	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = realloc(old, n * size)) == NULL)
		xmalloc_fatal("xreallocarray", n * size);
	return (p);
}

char *
xstrdup(const char *s)
{
	return (xstrndup(s, strlen(s)));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;

	n = strnlen(s, n);
	p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return (p);
}

int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = xvasprintf(ret, fmt, ap);
	va_end(ap);
	return (n);
}

int
xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int	 n;

	if ((n = vasprintf(ret, fmt, ap)) < 0)
		xmalloc_fatal("xvasprintf", 0);
	return (n);
}

size_t
strlcpy_(char *dst, const char *src, size_t size)
{
	size_t	 n = strlen(src);

	if (size > 0) {
		size_t	 m = n < size ? n : size - 1;

		memcpy(dst, src, m);
		dst[m] = '\0';
	}
	return (n);
}
