/*
 * myriad - a small TAP producer for the unit tests.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef TAP_H
#define TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int	tap_n;
static int	tap_failed;

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) do {					\
	long long g_ = (got), w_ = (want);				\
	if (!ok(g_ == w_, __VA_ARGS__))					\
		printf("#   got %lld, want %lld\n", g_, w_);		\
} while (0)
#define is_str(got, want, ...) do {					\
	const char *g_ = (got), *w_ = (want);				\
	if (!ok(g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0,	\
	    __VA_ARGS__))						\
		printf("#   got '%s', want '%s'\n", g_ ? g_ : "(null)",	\
		    w_ ? w_ : "(null)");				\
} while (0)
#define is_dbl(got, want, eps, ...) do {				\
	double g_ = (got), w_ = (want);					\
	if (!ok(g_ - w_ <= (eps) && w_ - g_ <= (eps), __VA_ARGS__))	\
		printf("#   got %g, want %g\n", g_, w_);		\
} while (0)

static int __attribute__((__format__(__printf__, 4, 5)))
tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[1024], *p;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (p = msg; *p != '\0'; p++) {
		if (*p == '\n' || *p == '#')
			*p = *p == '#' ? '%' : ' ';
	}
	printf("%sok %d - %s\n", cond ? "" : "not ", ++tap_n, msg);
	if (!cond) {
		tap_failed++;
		printf("#   failed at %s line %d\n", file, line);
	}
	return (cond);
}

static __attribute__((__unused__)) void
tap_skip(int n, const char *why)
{
	while (n-- > 0)
		printf("ok %d # skip %s\n", ++tap_n, why);
}

static __attribute__((__unused__)) int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return (tap_failed != 0);
}

/*
 * Read a whole file; NULL if it cannot be read.  Fixtures live in
 * $MYRIAD_FIXTURES, by default ../shared/fixtures from the top of the tree.
 */
static __attribute__((__unused__)) char *
tap_slurp(const char *path, size_t *len)
{
	FILE	*f;
	char	*buf = NULL;
	size_t	 size = 0, n;

	*len = 0;
	if ((f = fopen(path, "rb")) == NULL)
		return (NULL);
	for (;;) {
		buf = realloc(buf, size + 65536 + 1);
		if (buf == NULL)
			abort();
		n = fread(buf + size, 1, 65536, f);
		size += n;
		if (n < 65536)
			break;
	}
	fclose(f);
	buf[size] = '\0';
	*len = size;
	return (buf);
}

static __attribute__((__unused__)) const char *
tap_fixtures(void)
{
	const char	*d = getenv("MYRIAD_FIXTURES");

	return (d != NULL ? d : "../shared/fixtures");
}

/*
 * A fixture by its path under the fixtures directory, or a public capture
 * of the project's own by its path from the top (t/data/...); NULL when
 * absent.
 */
static __attribute__((__unused__)) char *
tap_fixture(const char *rel, size_t *len)
{
	char	path[1024];

	if (strncmp(rel, "t/data/", 7) == 0)
		return (tap_slurp(rel, len));
	snprintf(path, sizeof path, "%s/%s", tap_fixtures(), rel);
	return (tap_slurp(path, len));
}

/* A fixture, or NULL after skipping the n tests that need it. */
static __attribute__((__unused__)) char *
tap_fixture_skip(const char *rel, size_t *len, int n)
{
	char	*buf;

	if ((buf = tap_fixture(rel, len)) == NULL)
		tap_skip(n, rel);
	return (buf);
}

#endif /* TAP_H */
