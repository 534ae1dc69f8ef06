/*
 * myriad - unit tests for console/nodeset.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The expected folds were printed by ClusterShell 1.9.1's `nodeset -f' and
 * counts by `nodeset -c' on the same expressions.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "myriad.h"
#include "tap.h"

/* Expression -> nodeset -f, nodeset -c. */
static const struct {
	const char	*expr;
	const char	*fold;
	size_t		 count;
} folds[] = {
	{ "gpu9,gpu10", "gpu[9-10]", 2 },
	{ "gpu09,gpu10", "gpu[09-10]", 2 },
	{ "gpu1,gpu01", "gpu[1,01]", 2 },
	{ "gpu1,gpu01,gpu2,gpu02", "gpu[1-2,01-02]", 4 },
	{ "gpu8,gpu9,gpu09,gpu10", "gpu[8-9,09-10]", 4 },
	{ "gpu0,gpu00,gpu000", "gpu[0,00,000]", 3 },
	{ "gpu[001-003],gpu[01-03],gpu[1-3]", "gpu[1-3,01-03,001-003]", 9 },
	{ "gpu[0001-1250]", "gpu[0001-1250]", 1250 },
	{ "gpu[8-12]", "gpu[8-12]", 5 },
	{ "gpu[08-12]", "gpu[08-12]", 5 },
	{ "gpu[00-10]", "gpu[00-10]", 11 },
	{ "gpu[0-3]", "gpu[0-3]", 4 },
	{ "gpu00001", "gpu00001", 1 },
	{ "gpu[1-100/2]", "gpu[1,3,5,7,9,11,13,15,17,19,21,23,25,27,29,31,33,"
	    "35,37,39,41,43,45,47,49,51,53,55,57,59,61,63,65,67,69,71,73,75,"
	    "77,79,81,83,85,87,89,91,93,95,97,99]", 50 },
	{ "gpu[1-10/3]", "gpu[1,4,7,10]", 4 },
	{ "gpu[1-4/2]", "gpu[1,3]", 2 },
	{ "gpu[1-2,5-9/2]", "gpu[1-2,5,7,9]", 5 },
	{ "gpu[1-3,7,9-10]", "gpu[1-3,7,9-10]", 6 },
	{ "n1,n3,n5", "n[1,3,5]", 3 },
	{ "a,b,c", "a,b,c", 3 },
	{ "a,b,a", "a,b", 2 },
	{ "b,a,c1,c", "a,b,c,c1", 4 },
	{ "x", "x", 1 },
	{ "gpu1,node2", "gpu1,node2", 2 },
	{ "node1,gpu1,a1", "a1,gpu1,node1", 3 },
	{ "zz,gpu1,aa", "aa,gpu1,zz", 3 },
	{ "x1y,x1", "x1,x1y", 2 },
	{ "a1,b1,a2,b2", "a[1-2],b[1-2]", 4 },
	{ "a%b", "a%b", 1 },
	{ "n[1-2]-ib", "n[1-2]-ib", 2 },
	{ "gpu1[0-5]", "gpu[10-15]", 6 },
	{ "gpu[1-2]0", "gpu[10,20]", 2 },
	{ " gpu1 , gpu2 ", "gpu[1-2]", 2 },
	{ "gpu[ 1 - 3 ]", "gpu[1-3]", 3 },

	/* Operators, left to right. */
	{ "gpu[1-10]!gpu[3-5]", "gpu[1-2,6-10]", 7 },
	{ "gpu[1-10]&gpu[5-20]", "gpu[5-10]", 6 },
	{ "gpu[1-10]^gpu[5-20]", "gpu[1-4,11-20]", 14 },
	{ "gpu[1-3],gpu[2-5]!gpu4", "gpu[1-3,5]", 4 },
	{ "gpu[1-3]!gpu2,gpu7", "gpu[1,3,7]", 3 },
	{ "gpu[1-3]&gpu[4-6]", "", 0 },
	{ "gpu[1-10]!gpu[1-10],x", "x", 1 },
	{ "a!b", "a", 1 },
	{ "gpu[1-16]!gpu[2-16/2]", "gpu[1,3,5,7,9,11,13,15]", 8 },
	{ "gpu[50-60]^gpu[4-30],gpu[18-55]", "gpu[4-60]", 57 },

	/* Several dimensions. */
	{ "r01n1,r01n2,r02n1,r02n2", "r[01-02]n[1-2]", 4 },
	{ "r[01-04]n[1-8]", "r[01-04]n[1-8]", 32 },
	{ "r[1-2]n[1-2]-eth0", "r[1-2]n[1-2]-eth0", 4 },
	{ "node[1-2]-gpu[0-7]", "node[1-2]-gpu[0-7]", 16 },
	{ "x[1-3]y[1-2]z[1-2]", "x[1-3]y[1-2]z[1-2]", 12 },
	{ "a1b1,a1b2,a2b1", "a1b[1-2],a2b1", 3 },
	{ "a1b1,a1b2,a2b1,a2b2,a3b1", "a[1-2]b[1-2],a3b1", 5 },
	{ "a1b2,a1b3,a2b2,a2b3,a2b4", "a2b[2-4],a1b[2-3]", 5 },
	{ "a[1-3]b[1-2],a1b3", "a[2-3]b[1-2],a1b[1-3]", 7 },
	{ "r1n1,r1n2,r2n1,r2n2,r3n5", "r[1-2]n[1-2],r3n5", 5 },
	{ "r[01-04]n[1-8]!r02n3", "r[01,03-04]n[1-8],r02n[1-2,4-8]", 31 },
	{ "r[1-3]n[1-4]!r[2]n[2-3]", "r[1,3]n[1-4],r2n[1,4]", 10 },
	{ "rack[1-4]-n[01-32]!rack2-n[05-08]",
	    "rack[1,3-4]-n[01-32],rack2-n[01-04,09-32]", 124 },
	{ "rack[1-4]-n[01-32]!rack2-n[05-08],login1,login2,mgmt",
	    "login[1-2],mgmt,rack[1,3-4]-n[01-32],rack2-n[01-04,09-32]", 127 },
};

/* Expression -> the column (1-based) the error points at. */
static const struct {
	const char	*expr;
	size_t		 column;
	const char	*words;
} errors[] = {
	{ "gpu[01-5-2]", 9, "bad range '01-5-2'" },
	{ "gpu[1-3", 4, "unbalanced '['" },
	{ "gpu[1-3],n[1-2", 11, "unbalanced '['" },
	{ "gpu1-3]", 7, "unbalanced ']'" },
	{ "gpu[[1]]", 4, "unbalanced '['" },
	{ "gpu[]", 5, "empty range" },
	{ "gpu[1,,2]", 7, "empty range" },
	{ "gpu[3-1]", 5, "reversed range '3-1'" },
	{ "gpu[1-5/0]", 9, "bad step" },
	{ "gpu[1-5/]", 9, "bad step" },
	{ "gpu[1-5/x]", 9, "bad step" },
	{ "gpu[5/2]", 6, "step without a range" },
	{ "gpu[a-b]", 5, "bad character 'a' in range" },
	{ "gpu[1-b]", 7, "bad character 'b' in range" },
	{ "gpu[1-]", 7, "missing number" },
	{ "gpu[008-0012]", 9, "padding mismatch" },
	{ "a,,b", 3, "missing name" },
	{ "a,", 2, "missing name after ','" },
	{ "a!", 2, "missing name after '!'" },
	{ ",a", 1, "missing name before ','" },
	{ "a & ^b", 5, "missing name" },
	{ "", 1, "empty node set" },
	{ "   ", 4, "empty node set" },
	{ "gpu1 gpu2", 6, "space inside a name" },
	{ "gpu[1-100000000]", 4, "range too large" },
	{ "gpu[1-3]n[1-4000]x[1-1000]", 19, "range too large" },
	{ "a[1-9000000],b[1-9000000]", 14, "too large" },
	{ "gpu[123456789012345678]", 5, "number too large" },
};

/* The column a message names, and that its caret points at it. */
static size_t
error_column(const char *cause, int *caret_ok)
{
	const char	*p, *line, *nl, *caret;
	size_t		 col, shown;

	*caret_ok = 0;
	if ((p = strstr(cause, "at column ")) == NULL)
		return (0);
	col = strtoul(p + 10, NULL, 10);
	if ((line = strchr(cause, '\n')) == NULL)
		return (col);
	line += 3;			/* "\n  " */
	if ((nl = strchr(line, '\n')) == NULL)
		return (col);
	caret = strchr(nl, '^');
	shown = caret - (nl + 3);
	*caret_ok = caret != NULL && shown == col - 1;
	return (col);
}

static void
test_folds(void)
{
	struct nodeset	*ns = nodeset_create();
	char		*cause, *fold;
	size_t		 i;

	for (i = 0; i < nitems(folds); i++) {
		nodeset_clear(ns);
		if (!ok(nodeset_parse(ns, folds[i].expr, &cause) == 0,
		    "parse '%s'", folds[i].expr)) {
			printf("# %s\n", cause);
			free(cause);
			continue;
		}
		fold = nodeset_fold(ns);
		is_str(fold, folds[i].fold, "fold '%s'", folds[i].expr);
		is_int(nodeset_count(ns), folds[i].count, "count '%s'",
		    folds[i].expr);
		free(fold);
	}
	nodeset_free(ns);
}

static void
test_errors(void)
{
	struct nodeset	*ns = nodeset_create();
	char		*cause, *fold;
	size_t		 i;
	int		 caret;

	nodeset_parse(ns, "keep[1-2]", NULL);
	for (i = 0; i < nitems(errors); i++) {
		cause = NULL;
		is_int(nodeset_parse(ns, errors[i].expr, &cause), -1,
		    "error '%s'", errors[i].expr);
		if (cause == NULL) {
			ok(0, "no message for '%s'", errors[i].expr);
			continue;
		}
		if (!ok(strstr(cause, errors[i].words) != NULL,
		    "'%s' says %s", errors[i].expr, errors[i].words))
			printf("# %s\n", cause);
		is_int(error_column(cause, &caret), errors[i].column,
		    "'%s' column", errors[i].expr);
		if (!ok(caret, "'%s' caret under the column", errors[i].expr))
			printf("# %s\n", cause);
		free(cause);
	}
	fold = nodeset_fold(ns);
	is_str(fold, "keep[1-2]", "a failed parse leaves the set alone");
	free(fold);

	/* The example of the brief, whole. */
	nodeset_parse(ns, "gpu[01-5-2]", &cause);
	is_str(cause, "nodeset: bad range '01-5-2' at column 9\n"
	    "  gpu[01-5-2]\n"
	    "          ^", "whole message");
	free(cause);

	/* A long expression is shown around the column. */
	nodeset_parse(ns, "n[1-4],aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,x]",
	    &cause);
	ok(strstr(cause, "\n  ...") != NULL, "long expression cut");
	error_column(cause, &caret);
	ok(!caret, "cut expression: caret not at the raw column");
	ok(strstr(cause, "aaa,x]\n") != NULL, "cut expression ends at ]");
	free(cause);

	is_int(nodeset_parse(ns, "a,,b", NULL), -1, "NULL cause is fine");
	nodeset_free(ns);
}

static void
test_add(void)
{
	struct nodeset	*ns = nodeset_create();
	char		*fold, *cause;

	is_int(nodeset_add(ns, ""), -1, "add empty");
	is_int(nodeset_add(ns, "a,b"), -1, "add a name with ','");
	is_int(nodeset_add(ns, "gpu[1]"), -1, "add a name with brackets");
	is_int(nodeset_add(ns, "gpu 1"), -1, "add a name with a space");
	is_int(nodeset_count(ns), 0, "nothing added");
	ok(nodeset_name(ns, 0) == NULL, "no name 0 in an empty set");
	fold = nodeset_fold(ns);
	is_str(fold, "", "empty fold");
	free(fold);

	is_int(nodeset_add(ns, "gpu10"), 0, "add gpu10");
	is_int(nodeset_add(ns, "gpu2"), 0, "add gpu2");
	is_int(nodeset_add(ns, "gpu02"), 0, "add gpu02");
	is_int(nodeset_add(ns, "gpu1"), 0, "add gpu1");
	is_int(nodeset_add(ns, "gpu10"), 0, "add gpu10 again");
	is_int(nodeset_add(ns, "login"), 0, "add login");
	is_int(nodeset_add(ns, "gpu1-ib"), 0, "add gpu1-ib");
	is_int(nodeset_count(ns), 6, "duplicates count once");
	/* Natural order: pattern, then number, then padding. */
	is_str(nodeset_name(ns, 0), "gpu1", "name 0");
	is_str(nodeset_name(ns, 1), "gpu2", "name 1");
	is_str(nodeset_name(ns, 2), "gpu02", "name 2");
	is_str(nodeset_name(ns, 3), "gpu10", "name 3");
	is_str(nodeset_name(ns, 4), "gpu1-ib", "name 4");
	is_str(nodeset_name(ns, 5), "login", "name 5");
	ok(nodeset_name(ns, 6) == NULL, "name 6 is past the end");
	is_str(nodeset_name(ns, 1), "gpu2", "name 1 again, backwards");
	fold = nodeset_fold(ns);
	is_str(fold, "gpu[1-2,02,10],gpu1-ib,login", "fold of adds");
	free(fold);

	ok(nodeset_contains(ns, "gpu02"), "contains gpu02");
	ok(!nodeset_contains(ns, "gpu002"), "not gpu002");
	ok(!nodeset_contains(ns, "gpu3"), "not gpu3");
	ok(nodeset_contains(ns, "login"), "contains login");
	ok(!nodeset_contains(ns, "logi"), "not logi");
	ok(!nodeset_contains(ns, ""), "not the empty name");

	/* Parse adds to what is there; its operators act on its own terms. */
	nodeset_clear(ns);
	is_int(nodeset_count(ns), 0, "clear");
	nodeset_add(ns, "gpu1");
	is_int(nodeset_parse(ns, "gpu[2-3]!gpu1", &cause), 0,
	    "parse into a set");
	fold = nodeset_fold(ns);
	is_str(fold, "gpu[1-3]", "gpu1 stays: '!' only sees the expression");
	free(fold);
	nodeset_parse(ns, "gpu[3-5]^gpu3", NULL);
	fold = nodeset_fold(ns);
	is_str(fold, "gpu[1-5]", "union with gpu[4-5]");
	free(fold);

	/* Several dimensions in natural order. */
	nodeset_clear(ns);
	nodeset_parse(ns, "r[1-2]n[9-10]", NULL);
	is_str(nodeset_name(ns, 0), "r1n9", "r1n9");
	is_str(nodeset_name(ns, 1), "r1n10", "r1n10");
	is_str(nodeset_name(ns, 2), "r2n9", "r2n9");
	is_str(nodeset_name(ns, 3), "r2n10", "r2n10");
	ok(nodeset_contains(ns, "r2n10"), "contains r2n10");
	ok(!nodeset_contains(ns, "r2n11"), "not r2n11");

	/* Names with very long digit runs are plain text. */
	nodeset_clear(ns);
	is_int(nodeset_add(ns, "x123456789012345678901234"), 0,
	    "add a long number");
	ok(nodeset_contains(ns, "x123456789012345678901234"),
	    "contains the long number");
	fold = nodeset_fold(ns);
	is_str(fold, "x123456789012345678901234", "long number folds as is");
	free(fold);
	nodeset_free(ns);
}

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static void
test_100k(void)
{
	struct nodeset	*ns = nodeset_create(), *back = nodeset_create();
	char		*fold, *fold2, name[32], **names;
	size_t		 i, j, n, len = 0, bad = 0;
	uint64_t	 x = 88172645463325252ULL;
	double		 t0, t1, t2, t3;

	/* Expand: parse and walk every name. */
	t0 = now();
	is_int(nodeset_parse(ns, "gpu[000001-100000]", NULL), 0,
	    "parse 100k");
	n = nodeset_count(ns);
	for (i = 0; i < n; i++)
		len += strlen(nodeset_name(ns, i));
	t1 = now();
	is_int(n, 100000, "100k names");
	is_int(len, 100000 * 9, "100k names of 9 bytes");
	is_str(nodeset_name(ns, 0), "gpu000001", "first");
	is_str(nodeset_name(ns, 99999), "gpu100000", "last");
	is_str(nodeset_name(ns, 41999), "gpu042000", "middle");

	/* Fold: add the names in a shuffled order, then fold. */
	names = xreallocarray(NULL, n, sizeof *names);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, "gpu%06zu", i + 1);
		names[i] = xstrdup(name);
	}
	for (i = n - 1; i > 0; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = x % (i + 1);
		fold = names[i];
		names[i] = names[j];
		names[j] = fold;
	}
	t2 = now();
	for (i = 0; i < n; i++)
		bad += nodeset_add(back, names[i]) != 0;
	fold = nodeset_fold(back);
	t3 = now();
	is_int(bad, 0, "100k adds");
	is_int(nodeset_count(back), 100000, "100k added");
	is_str(fold, "gpu[000001-100000]", "100k fold");
	fold2 = nodeset_fold(ns);
	is_str(fold2, fold, "round trip: parse and add fold the same");
	for (i = 0; i < n; i++) {
		if (!nodeset_contains(ns, names[i]))
			bad++;
	}
	is_int(bad, 0, "contains each of the 100k");
	printf("# 100k: expand (parse + walk) %.2f ms, fold (add shuffled + "
	    "fold) %.2f ms\n", (t1 - t0) * 1e3, (t3 - t2) * 1e3);

	/* Round trip of a fold through the parser. */
	nodeset_clear(back);
	nodeset_parse(back, fold, NULL);
	is_int(nodeset_count(back), 100000, "re-parse the fold");

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(fold);
	free(fold2);
	nodeset_free(back);
	nodeset_free(ns);
}

static void
test_large(void)
{
	struct nodeset	*ns = nodeset_create();
	char		*fold;

	/* 10 million is the limit, and is allowed. */
	is_int(nodeset_parse(ns, "n[1-2500]g[0-3999]", NULL), 0,
	    "10 million names");
	is_int(nodeset_count(ns), 10000000, "10 million counted");
	fold = nodeset_fold(ns);
	is_str(fold, "n[1-2500]g[0-3999]", "10 million fold");
	free(fold);
	nodeset_free(ns);
}

int
main(void)
{
	test_folds();
	test_errors();
	test_add();
	test_100k();
	test_large();
	return (tap_done());
}
