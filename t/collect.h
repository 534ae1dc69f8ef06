/*
 * myriad - a record collector for the parser unit tests: a sink that keeps
 * every record a parser sends, in order, by kind; counts the errors and
 * keeps the line of the first ones and the message of the first.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef COLLECT_H
#define COLLECT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "tap.h"

#define COLLECT_MAXERR	64

/* c->gpu, c->ngpu, c->sizegpu and so on: the records of each kind. */
#define COLLECT_FIELDS(kind) struct kind *kind; int n##kind, size##kind;
struct collect {
	SINK_RECORDS(COLLECT_FIELDS)
	int		 total;			/* records of every kind */
	int		 nerr;
	u_int		 errline[COLLECT_MAXERR];	/* the first ones */
	char		 errmsg[256];		/* the first error */
};
#undef COLLECT_FIELDS

/* collect_gpu() and the others: append a record of that kind. */
#define COLLECT_KIND(kind)						\
static void								\
collect_##kind(void *arg, const struct kind *r)				\
{									\
	struct collect	*c = arg;					\
									\
	if (c->n##kind == c->size##kind) {				\
		c->size##kind = c->size##kind ? c->size##kind * 2 : 64;	\
		c->kind = realloc(c->kind, c->size##kind * sizeof *r);	\
		if (c->kind == NULL)					\
			abort();					\
	}								\
	c->kind[c->n##kind++] = *r;					\
	c->total++;							\
}
SINK_RECORDS(COLLECT_KIND)
#undef COLLECT_KIND

static void
collect_error(void *arg, u_int line, const char *msg)
{
	struct collect	*c = arg;

	if (c->nerr == 0)
		snprintf(c->errmsg, sizeof c->errmsg, "%s", msg);
	if (c->nerr < COLLECT_MAXERR)
		c->errline[c->nerr] = line;
	c->nerr++;
}

static __attribute__((__unused__)) void
collect_free(struct collect *c)
{
#define COLLECT_FREE(kind) free(c->kind);
	SINK_RECORDS(COLLECT_FREE)
#undef COLLECT_FREE
	memset(c, 0, sizeof *c);
}

/*
 * Run a parser on a private copy of exactly len bytes (not NUL-terminated:
 * nothing follows them), after emptying c.  What the parser returns.
 */
static __attribute__((__unused__)) int
collect_run(struct collect *c, parse_fn fn, const char *buf, size_t len,
    const char *fmt)
{
#define COLLECT_SET(kind) .kind = collect_##kind,
	const struct sink	 s = {
		.arg = c, SINK_RECORDS(COLLECT_SET) .error = collect_error
	};
#undef COLLECT_SET
	char			*copy;
	int			 r;

	collect_free(c);
	if ((copy = malloc(len > 0 ? len : 1)) == NULL)
		abort();
	if (len > 0)
		memcpy(copy, buf, len);
	r = fn(copy, len, fmt, &s);
	free(copy);
	return (r);
}

/*
 * Another tool's capture (rel, as tap_fixture() finds it), run through
 * fn: one test, that it is refused in one error naming the tool it is
 * not (what: "not hy-smi output"), with no record; skipped when absent.
 */
static __attribute__((__unused__)) void
collect_other(struct collect *c, parse_fn fn, const char *rel,
    const char *what)
{
	size_t	 len;
	char	*buf;

	if ((buf = tap_fixture_skip(rel, &len, 1)) == NULL)
		return;
	collect_run(c, fn, buf, len, NULL);
	ok(c->nerr == 1 && c->total == 0 && strstr(c->errmsg, what) != NULL,
	    "%s: %s, once (%d errors: %s)", rel, what, c->nerr, c->errmsg);
	free(buf);
}

#endif /* COLLECT_H */
