/*
 * myriad - parser speed: a capture repeated to about 100 MB, read by the
 * parser of its kind into a sink that keeps nothing (a JSON document
 * read again and again: twice it is no longer one); prints MB/s of CPU
 * time (the machine is shared: wall time measures the others too).
 *	parse-bench KIND FILE [FMT]
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

#define PARSE_BENCH_SIZE	(100 * 1000 * 1000)

/* The errors: a capture repeated may not be a whole output again. */
static void
parse_bench_error(void *arg, u_int line, const char *msg)
{
	(*(int *)arg)++;
}

int
main(int argc, char **argv)
{
	const struct parser	*p;
	struct sink		 s = { 0 };
	struct timespec		 t0, t1;
	FILE			*f;
	char			*one, *all;
	size_t			 n, i, len, size = 1 << 20;
	double			 secs;
	int			 r, errors = 0;

	if (argc < 3 || (p = parser_find(argv[1])) == NULL) {
		fprintf(stderr, "usage: parse-bench KIND FILE [FMT]\n");
		return (1);
	}
	if ((f = fopen(argv[2], "rb")) == NULL) {
		perror(argv[2]);
		return (1);
	}
	one = xmalloc(size);
	n = fread(one, 1, size, f);
	fclose(f);
	if (n == 0 || n == size)
		return (1);
	all = xmalloc(PARSE_BENCH_SIZE + n);
	for (len = 0; len < PARSE_BENCH_SIZE; len += n)
		memcpy(all + len, one, n);
	s.error = parse_bench_error;
	s.arg = &errors;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	for (i = 0; i < n && isspace((unsigned char)one[i]); i++)
		;
	if (one[i] == '{' || one[i] == '[') {
		/* A JSON document twice is none: the one, read again. */
		for (r = 0, i = 0; i < len; i += n)
			r += p->parse(one, n, argc > 3 ? argv[3] : NULL, &s);
	} else
		r = p->parse(all, len, argc > 3 ? argv[3] : NULL, &s);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%.0f MB/s %d records %d errors\n", len / 1e6 / secs, r,
	    errors);
	free(one);
	free(all);
	return (0);
}
