/*
 * myriad - a driver for the node set benchmark: nodeset(1)'s -f, -e and -c
 * on myriad's code, so the two can be timed on the same input.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 *	nodeset-bench [-t] -f|-e|-c [expression ...]
 *
 * With no expression the names are read from standard input, one or more a
 * line, as nodeset(1) does.  -t prints the time spent inside the library
 * (add or parse, then fold or walk) to standard error.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "myriad.h"

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static __dead void
usage(void)
{
	fprintf(stderr, "usage: nodeset-bench [-t] -f|-e|-c "
	    "[expression ...]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	struct nodeset	*ns;
	char		*line = NULL, *cause, *s, *tok;
	size_t		 size = 0, i, n;
	double		 t0, t1, t2;
	int		 ch, mode = 0, timing = 0;

	while ((ch = getopt(argc, argv, "ceft")) != -1) {
		switch (ch) {
		case 'c':
		case 'e':
		case 'f':
			mode = ch;
			break;
		case 't':
			timing = 1;
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (mode == 0)
		usage();

	ns = nodeset_create();
	t0 = now();
	if (argc == 0) {
		while (getline(&line, &size, stdin) != -1) {
			for (s = line; (tok = strsep(&s, " \t\n")) != NULL;) {
				if (*tok == '\0')
					continue;
				if (nodeset_add(ns, tok) != 0 &&
				    nodeset_parse(ns, tok, &cause) != 0) {
					fprintf(stderr, "%s\n", cause);
					free(cause);
					nodeset_free(ns);
					return (1);
				}
			}
		}
		free(line);
	}
	for (i = 0; i < (size_t)argc; i++) {
		if (nodeset_parse(ns, argv[i], &cause) != 0) {
			fprintf(stderr, "%s\n", cause);
			free(cause);
			nodeset_free(ns);
			return (1);
		}
	}
	t1 = now();
	if (mode == 'c')
		printf("%zu\n", nodeset_count(ns));
	else if (mode == 'f') {
		s = nodeset_fold(ns);
		t2 = now();
		puts(s);
		free(s);
		if (timing)
			fprintf(stderr, "add %.2f ms, fold %.2f ms\n",
			    (t1 - t0) * 1e3, (t2 - t1) * 1e3);
	} else {
		n = nodeset_count(ns);
		for (i = 0; i < n; i++) {
			fputs(nodeset_name(ns, i), stdout);
			putchar(i + 1 < n ? ' ' : '\n');
		}
		t2 = now();
		if (timing)
			fprintf(stderr, "parse %.2f ms, walk+print %.2f ms\n",
			    (t1 - t0) * 1e3, (t2 - t1) * 1e3);
	}
	nodeset_free(ns);
	return (0);
}
