/*
 * myriad - unit tests for the rvs parser (parse-rvs.c): the RVS guide's
 * MI355X samples (t/data/PROVENANCE.md), the \r and colour escapes rvs's
 * source writes around its summary rows, a failing action, an odd GPU
 * count, a cut summary, damage.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define RULE \
	"+-------------------------------------" \
	    "--------------------------------+\n"
#define DRULE \
	"+=====================================" \
	    "================================+\n"
#define TITLE DRULE \
	"|                 ROCm Validation Suit" \
	    "e (RVS) Summary                 |\n" \
	DRULE
#define HEAD \
	"| Action Name                      | M" \
	    "odule         | Result          |\n" \
	DRULE
/* An odd count: the first GPU on the labels' rows (rvsexec_do_yaml.cpp). */
#define GPUS3 \
	"\r| GPU Name - GPU ID                |" \
	    " AMD Instinct MI300X - 42583      |\n" \
	"\r| ID - Node ID - BDF               |" \
	    " 0 - 2 - 0000:0c:00.0             |\n" \
	RULE \
	"\r| AMD Instinct MI300X - 27226      |" \
	    " AMD Instinct MI300X - 36479      |\n" \
	"\r| 1 - 3 - 0000:22:00.0             |" \
	    " 2 - 4 - 0000:38:00.0             |\n" \
	DRULE
#define ROW(name, module, colour, result) \
	"\r| " name " | " module " | \033[" colour "m" result "\033[0m  |\n"

static int
runs(struct collect *g, const char *str)
{
	return (collect_run(g, parse_rvs, str, strlen(str), NULL));
}

static const struct diag	empty;

static const struct diag *
rec(const struct collect *g, int i)
{
	if (i < g->ndiag)
		return (&g->diag[i]);
	ok(0, "record %d present (%d records)", i, g->ndiag);
	return (&empty);
}

static void
test_samples(struct collect *g)
{
	size_t	 len;
	char	*buf;
	int	 i, pass = 0;

	if ((buf = tap_slurp("t/data/rvs-iet-mi355x.txt", &len)) == NULL) {
		tap_skip(6, "t/data/rvs-iet-mi355x.txt");
		return;
	}
	is_int(collect_run(g, parse_rvs, buf, len, NULL), 9, "iet: 9 records");
	is_int(g->nerr, 0, "iet: no error");
	is_str(rec(g, 0)->test, "iet-stress-1400W-true", "iet: the action");
	ok(rec(g, 0)->gpu == -1 && rec(g, 0)->result == DIAG_PASS &&
	    strcmp(rec(g, 0)->category, "IET") == 0, "iet: PASS, module IET");
	/* GPU:: 27226 passed first; it is index 1 in the overview. */
	is_int(rec(g, 1)->gpu, 1, "iet: KFD id 27226 is GPU 1");
	for (i = 1; i < g->ndiag; i++)
		pass |= (rec(g, i)->result == DIAG_PASS) << rec(g, i)->gpu;
	is_int(pass, 0xff, "iet: GPUs 0-7 pass");
	free(buf);

	if ((buf = tap_slurp("t/data/rvs-gst-mi355x.txt", &len)) == NULL) {
		tap_skip(3, "t/data/rvs-gst-mi355x.txt");
		return;
	}
	/* The guide left out the lines of GPUs 2-5 ("..."). */
	is_int(collect_run(g, parse_rvs, buf, len, NULL), 5, "gst: 5 records");
	is_int(g->nerr, 0, "gst: no error");
	ok(rec(g, 1)->gpu == 0 && rec(g, 4)->gpu == 7 &&
	    rec(g, 4)->result == DIAG_PASS, "gst: GPU 0 (42583), GPU 7 "
	    "(57875) met their target");
	free(buf);
}

static void
test_source(struct collect *g)
{
	/* As the source writes it: \r, colour, an odd count, a FAIL. */
	runs(g, "[RESULT] [1.5] Action name :compute-fp8-trig\n"
	    "[RESULT] [9.5] [compute-fp8-trig] [GPU:: 36479] GFLOPS 588600 "
	    "Target GFLOPS: 981000 met: FALSE\n"
	    "[RESULT] [9.6] [compute-fp8-trig] [GPU:: 42583] GFLOPS 1059480 "
	    "Target GFLOPS: 981000 met: TRUE\n"
	    "[RESULT] [9.7] [compute-fp8-trig] [GPU::  1590] GFLOPS 1 "
	    "Target GFLOPS: 981000 met: TRUE\n"
	    "\n" TITLE GPUS3 HEAD
	    ROW("compute-fp8-trig                ", "GST           ", "31",
	    "FAIL          ")
	    ROW("hbm_mid                         ", "BABEL         ", "32",
	    "PASS          ") RULE);
	is_int(g->nerr, 1, "a verdict of a GPU not in the overview: an error");
	is_int(g->ndiag, 7, "the two actions, two GPUs, hbm_mid's three");
	ok(rec(g, 0)->result == DIAG_FAIL && rec(g, 0)->gpu == -1,
	    "FAIL in red: the action fails");
	ok(rec(g, 1)->gpu == 2 && rec(g, 1)->result == DIAG_FAIL &&
	    strstr(rec(g, 1)->message, "met: FALSE") != NULL,
	    "GPU:: 36479 is GPU 2 (odd count): failed, with its line");
	ok(rec(g, 2)->gpu == 0 && rec(g, 2)->result == DIAG_PASS &&
	    rec(g, 2)->message[0] == '\0', "GPU:: 42583 is GPU 0: passed");
	ok(rec(g, 3)->gpu == -1 && rec(g, 3)->result == DIAG_PASS &&
	    strcmp(rec(g, 3)->test, "hbm_mid") == 0, "PASS in green: passed");
	ok(rec(g, 4)->gpu == 0 && rec(g, 6)->gpu == 2 &&
	    rec(g, 6)->result == DIAG_PASS && strcmp(rec(g, 6)->test,
	    "hbm_mid") == 0, "no GPU lines, passed: passed on GPUs 0-2");
}

/*
 * Actions that log no GPU's verdict: one that passed passed on every GPU
 * of the overview; one that failed names none; RCQT's are the node's.
 */
static void
test_whole(struct collect *g)
{
	runs(g, TITLE GPUS3 HEAD
	    ROW("xgmi_interface                  ", "PBQT          ", "31",
	    "FAIL          ")
	    ROW("metapackage-validation          ", "RCQT          ", "32",
	    "PASS          ")
	    ROW("pcie_capability                 ", "PEQT          ", "32",
	    "PASS          ") RULE);
	is_int(g->ndiag, 6, "a FAIL alone, an RCQT alone, a PEQT and its 3");
	ok(rec(g, 0)->gpu == -1 && rec(g, 0)->result == DIAG_FAIL &&
	    rec(g, 1)->gpu == -1 && strcmp(rec(g, 1)->category, "RCQT") == 0,
	    "the failed PBQT and the RCQT rows: the node's only");
	ok(rec(g, 2)->gpu == -1 && rec(g, 3)->gpu == 0 &&
	    rec(g, 5)->gpu == 2 && rec(g, 5)->result == DIAG_PASS &&
	    strcmp(rec(g, 5)->test, "pcie_capability") == 0,
	    "pcie_capability passed: on GPUs 0-2");
}

/* More verdict lines than are kept: said once, not a line each. */
static void
test_many(struct collect *g)
{
	struct buf	 b;
	int		 i;

	buf_init(&b);
	for (i = 0; i < 5000; i++)
		buf_printf(&b, "[RESULT] [1.0] [a] [GPU:: 42583] pass: TRUE\n");
	buf_puts(&b, TITLE GPUS3 HEAD);
	buf_puts(&b, ROW("a", "IET", "32", "PASS") RULE);
	collect_run(g, parse_rvs, b.data, b.len, NULL);
	ok(g->nerr == 1 && strstr(g->errmsg, "more than 4096") != NULL,
	    "5000 verdicts: one error, the rest not read");
	is_int(g->ndiag, 4097, "the action and the 4096 kept");
	buf_free(&b);
}

static void
test_refused(struct collect *g)
{
	runs(g, TITLE GPUS3 HEAD ROW("a", "GST", "32", "PASS"));
	ok(g->nerr == 1 && strstr(g->errmsg, "does not end") != NULL,
	    "a summary without its closing line: may be cut");
	runs(g, TITLE GPUS3 HEAD "\r| a | GST | PAS\n");
	ok(g->nerr >= 1 && g->ndiag == 0, "a cut row: no result");
	runs(g, TITLE GPUS3 HEAD ROW("a", "GST", "32", "MAYBE") RULE);
	ok(g->nerr == 1 && g->ndiag == 0 &&
	    strstr(g->errmsg, "not PASS or FAIL") != NULL,
	    "a result word not known: refused");
	runs(g, "[RESULT] [1.0] [a] [GPU:: 42583] pass: PERHAPS\n");
	ok(g->nerr >= 1 && strstr(g->errmsg, "not TRUE or FALSE") != NULL,
	    "a GPU verdict not TRUE or FALSE: refused");
	runs(g, "[RESULT] [1.5] Action name :a\n[RESULT] [1.6] [a] [GPU:: 1]"
	    " GFLOPS 5\n");
	ok(g->nerr == 1 && g->ndiag == 0 && strstr(g->errmsg,
	    "no summary") != NULL, "no summary: rvs did not end");
	runs(g, TITLE GPUS3 HEAD ROW("a", "GST", "32", "PASS") RULE "x");
	ok(g->nerr == 1 && strstr(g->errmsg, "no newline") != NULL,
	    "a last line cut: said");
	test_many(g);
	is_int(runs(g, ""), 0, "nothing: no record");
	is_int(g->nerr, 1, "nothing: an error");
}

int
main(void)
{
	struct collect	*g = calloc(1, sizeof *g);

	test_samples(g);
	test_source(g);
	test_whole(g);
	test_refused(g);
	collect_free(g);
	free(g);
	return (tap_done());
}
