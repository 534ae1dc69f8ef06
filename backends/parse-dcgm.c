/*
 * myriad - dcgmi diag: the text table (DCGM 2.x to 4.x) and -j JSON.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * One struct diag per result: for every test, one record with gpu = -1
 * carrying the test-level result and its warning/info text, then one record
 * per GPU with that GPU's result and the text that names it.
 *
 * The text table:
 *
 *	+---------------------------+------------------------------------------------+
 *	| Diagnostic                | Result                                         |
 *	|-----  Deployment  --------+------------------------------------------------|
 *	| Denylist                  | Pass                                           |
 *	+-----  Hardware  ----------+------------------------------------------------+
 *	| GPU Memory                | Fail - All                                     |
 *	| Warning                   | GPU 0 Error using CUDA API cuInit Check DCGM   |
 *	|                           | and system logs for errors. Reset GPU. Restar  |
 *
 * dcgmi cuts messages every 45 bytes (DATA_INFO_TAG_LEN), mid-word, so a
 * continuation cell joins the previous one with no space when the previous
 * one filled its 45 columns, and with one space when it ended in blanks that
 * the padding swallowed.  DCGM 3.x names the GPUs in the result ("Pass -
 * All", "Fail - GPUs: 0, 1"); DCGM 4.x prints the test's own result, then
 * one "GPU0: Pass" row per GPU, and the test may fail while every GPU row
 * passes.  Warning and Info text goes to the GPU it starts with ("GPU 3
 * ..."), as dcgmi prefixes per-GPU messages.
 */

#include <ctype.h>
#include <string.h>

/* jansson is the JSON parser the project uses (dcgmi diag -j here). */
#include <jansson.h>

#include "backend.h"

#define DCGM_MAXGPU	64	/* per-GPU slots; higher ids are dropped */
#define DCGM_WIDTH	45	/* dcgmi's DATA_INFO_TAG_LEN */
#define DCGM_ROWMAX	2048	/* one Warning/Info row, joined */

struct parse_dcgm_gpu {
	enum diag_result result;
	int		 named;		/* named by a message */
	u_int		 row;		/* last message row appended */
	size_t		 msglen;
	char		 msg[512];
};

struct dcgm_test {
	int		 active;
	struct diag	 d;
	size_t		 msglen;
	enum diag_result all;		/* 3.x "X - All" */
	struct parse_dcgm_gpu	 gpu[DCGM_MAXGPU];
};

struct dcgm_state {
	const struct sink *sink;
	int		 nrec;
	int		 ngpu;		/* GPU Device IDs Detected */
	int		 seen;		/* saw a diag table */
	int		 open;		/* a table not closed; 2 after a row */
	int		 metadata;	/* inside the Metadata block */
	char		 category[32];
	u_int		 width;		/* message columns */

	int		 rowopen;	/* a Warning/Info row is open */
	int		 rowfilled;	/* its last cell filled the column */
	u_int		 rowno;
	size_t		 rowlen;
	char		 row[DCGM_ROWMAX];

	struct dcgm_test t;
};

static const struct {
	const char		*word;
	enum diag_result	 result;
} dcgm_results[] = {
	{ .word = "pass", .result = DIAG_PASS },
	{ .word = "passed", .result = DIAG_PASS },
	{ .word = "skip", .result = DIAG_SKIP },
	{ .word = "skipped", .result = DIAG_SKIP },
	{ .word = "warn", .result = DIAG_WARN },
	{ .word = "warning", .result = DIAG_WARN },
	{ .word = "fail", .result = DIAG_FAIL },
	{ .word = "failed", .result = DIAG_FAIL },
};

/* Rows of the Metadata block, also skipped when the block header is cut. */
static const char *dcgm_metadata[] = {
	"DCGM Version",
	"Driver Version Detected",
	"GPU Device IDs Detected",
	"EUD Test Version",
	"CPU EUD Test Version",
};

/* Left-column labels of message rows. */
static const char *dcgm_labels[] = {
	"Warning",
	"Info",
	"Error",
};

static int
parse_dcgm_is(const char *s, size_t n, const char *word)
{
	return (strlen(word) == n && strncasecmp(s, word, n) == 0);
}

/* A whole word as a result; DIAG_NONE if it is not one. */
static enum diag_result
parse_dcgm_word(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < nitems(dcgm_results); i++) {
		if (parse_dcgm_is(s, n, dcgm_results[i].word))
			return (dcgm_results[i].result);
	}
	return (DIAG_NONE);
}

static size_t
parse_dcgm_alpha(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n && isalpha((u_char)s[i]); i++)
		;
	return (i);
}

static size_t
parse_dcgm_blanks(const char *s, size_t n)
{
	size_t	 i;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	return (i);
}

/* Read a GPU id; the number of bytes used, 0 if none. */
static size_t
parse_dcgm_number(const char *s, size_t n, int *id)
{
	size_t	 i;
	long	 v = 0;

	for (i = 0; i < n && isdigit((u_char)s[i]); i++) {
		if (v < 1000000)
			v = v * 10 + (s[i] - '0');
	}
	/* 1e23, 0.5: not an id ("GPU 0GPU 0's", as dcgmi prints, is). */
	if (i < n - 1 && strchr(".eE", s[i]) != NULL &&
	    isdigit((u_char)s[i + 1]))
		return (0);
	*id = (int)v;
	return (i);
}

static void
parse_dcgm_append(char *dst, size_t size, size_t *len, const char *sep,
    const char *s, size_t n)
{
	size_t	 k;

	if (n == 0 || *len + 1 >= size)
		return;
	if (*len > 0 && sep != NULL) {
		k = strlen(sep);
		if (k > size - 1 - *len)
			k = size - 1 - *len;
		memcpy(dst + *len, sep, k);
		*len += k;
	}
	if (n > size - 1 - *len)
		n = size - 1 - *len;
	memcpy(dst + *len, s, n);
	*len += n;
	dst[*len] = '\0';
}

static enum diag_result
parse_dcgm_worst(enum diag_result a, enum diag_result b)
{
	return (a > b ? a : b);
}

static struct parse_dcgm_gpu *
parse_dcgm_gpu(struct dcgm_state *st, int id)
{
	if (id < 0 || id >= DCGM_MAXGPU)
		return (NULL);
	return (&st->t.gpu[id]);
}

/* Send the current test and its GPUs. */
static void
parse_dcgm_flush(struct dcgm_state *st)
{
	struct dcgm_test	*t = &st->t;
	struct parse_dcgm_gpu		*g;
	struct diag		 d;
	int			 i;

	if (!t->active)
		return;
	SINK_EMIT(st->sink, diag, &t->d);
	st->nrec++;
	for (i = 0; i < DCGM_MAXGPU; i++) {
		g = &t->gpu[i];
		if (t->all != DIAG_NONE && g->result == DIAG_NONE &&
		    (i < st->ngpu || g->named))
			g->result = t->all;
		if (g->result == DIAG_NONE)
			continue;
		memset(&d, 0, sizeof d);
		strlcpy(d.test, t->d.test, sizeof d.test);
		strlcpy(d.category, t->d.category, sizeof d.category);
		d.gpu = i;
		d.result = g->result;
		strlcpy(d.message, g->msg, sizeof d.message);
		SINK_EMIT(st->sink, diag, &d);
		st->nrec++;
	}
	memset(t, 0, sizeof *t);
}

static void
parse_dcgm_begin(struct dcgm_state *st, const char *name, size_t n,
    const char *category)
{
	struct dcgm_test	*t = &st->t;

	parse_dcgm_flush(st);
	t->active = 1;
	parse_copy(t->d.test, sizeof t->d.test, name, n);
	strlcpy(t->d.category, category, sizeof t->d.category);
	t->d.gpu = -1;
	t->d.result = DIAG_NONE;
}

/* "GPU 3 ..." or "GPU3...": the GPU a message starts with, or -1. */
static int
parse_dcgm_gpuname(const char *s, size_t n)
{
	size_t	 k;
	int	 id;

	if (n < 4 || strncmp(s, "GPU", 3) != 0)
		return (-1);
	k = 3 + parse_dcgm_blanks(s + 3, n - 3);
	if (parse_dcgm_number(s + k, n - k, &id) == 0)
		return (-1);
	return (id);
}

/*
 * A message: the whole of it to the test, and each ", GPU n ..." piece to
 * GPU n.  `row' tells pieces of one row (joined by ", " as dcgmi does) from
 * separate rows or entries (joined by "; ").
 */
static void
parse_dcgm_message(struct dcgm_state *st, const char *s, size_t n, u_int row)
{
	struct dcgm_test	*t = &st->t;
	struct parse_dcgm_gpu		*g;
	const char		*p;
	size_t			 i, k, m, start;
	int			 cur, next;

	n = parse_trim(&s, n);
	if (n == 0 || !t->active)
		return;
	parse_dcgm_append(t->d.message, sizeof t->d.message, &t->msglen, "; ",
	    s, n);

	cur = parse_dcgm_gpuname(s, n);
	start = 0;
	for (i = 0; i <= n; i++) {
		if (i < n) {
			if (s[i] != ',')
				continue;
			k = i + 1;
			k += parse_dcgm_blanks(s + k, n - k);
			if ((next = parse_dcgm_gpuname(s + k, n - k)) < 0)
				continue;
		} else
			next = -1;
		if ((g = parse_dcgm_gpu(st, cur)) != NULL) {
			p = s + start;
			m = parse_trim(&p, i - start);
			parse_dcgm_append(g->msg, sizeof g->msg, &g->msglen,
			    g->row == row ? ", " : "; ", p, m);
			g->row = row;
			g->named = 1;
		}
		start = i + 1;
		cur = next;
	}
}

/* "GPU 0GPU 0's NvLink": the DCGM 2.x duplication bug, folded once. */
static void
parse_dcgm_dedup(char *s, size_t *len)
{
	size_t	 i, a, b, n = *len;
	int	 x, y;

	for (i = 0; i + 4 < n; i++) {
		if (strncmp(s + i, "GPU ", 4) != 0)
			continue;
		if ((a = parse_dcgm_number(s + i + 4, n - i - 4, &x)) == 0)
			continue;
		b = i + 4 + a;
		if (n - b < 5 || strncmp(s + b, "GPU ", 4) != 0)
			continue;
		if (parse_dcgm_number(s + b + 4, n - b - 4, &y) != a ||
		    x != y ||
		    memcmp(s + i + 4, s + b + 4, a) != 0)
			continue;
		memmove(s + b, s + b + 4 + a, n - b - 4 - a);
		n -= 4 + a;
	}
	*len = n;
	s[n] = '\0';
}

static void
parse_dcgm_commit(struct dcgm_state *st)
{
	if (!st->rowopen)
		return;
	st->rowopen = 0;
	parse_dcgm_dedup(st->row, &st->rowlen);
	parse_dcgm_message(st, st->row, st->rowlen, ++st->rowno);
	st->rowlen = 0;
	st->row[0] = '\0';
}

/* Add one cell of a wrapped message. */
static void
parse_dcgm_cell(struct dcgm_state *st, const char *s, size_t n, u_int width)
{
	size_t	 m = n;

	while (m > 0 && (s[m - 1] == ' ' || s[m - 1] == '\t'))
		m--;
	if (!st->rowopen) {
		st->rowopen = 1;
		st->rowlen = 0;
		st->row[0] = '\0';
		st->rowfilled = 1;
		m = parse_trim(&s, m);
	}
	if (m == 0) {
		st->rowfilled = 0;
		return;
	}
	if (st->rowlen > 0 && !st->rowfilled)
		parse_dcgm_append(st->row, sizeof st->row, &st->rowlen, " ", s,
		    m);
	else {
		/* A continuation's leading blank is text: keep it. */
		parse_dcgm_append(st->row, sizeof st->row, &st->rowlen, NULL, s,
		    m);
	}
	st->rowfilled = (m >= width);
}

/*
 * A result cell: "Pass", "Fail - All", "Pass - GPUs: 0, 1", "Skip - GPU: 2"
 * (DCGM 3.x).  Returns the result, sets *all or the GPUs in `ids', and
 * *strict to whether nothing but the result was there.
 */
static enum diag_result
parse_dcgm_result(const char *s, size_t n, int *all, int *ids, int *nids,
    int *bare)
{
	enum diag_result	 r;
	size_t			 w, k;
	int			 id;

	*all = 0;
	*nids = 0;
	*bare = 0;
	n = parse_trim(&s, n);
	w = parse_dcgm_alpha(s, n);
	if (w == 0 || (r = parse_dcgm_word(s, w)) == DIAG_NONE)
		return (DIAG_NONE);
	if (w < n && !isspace((u_char)s[w]))
		return (DIAG_NONE);
	k = w + parse_dcgm_blanks(s + w, n - w);
	if (k == n) {
		*bare = 1;
		return (r);
	}
	if (s[k] != '-')
		return (DIAG_NONE);
	k++;
	k += parse_dcgm_blanks(s + k, n - k);
	if (n - k >= 3 && strncasecmp(s + k, "All", 3) == 0 &&
	    (n - k == 3 || isspace((u_char)s[k + 3]))) {
		*all = 1;
		return (r);
	}
	if (n - k < 4 || strncmp(s + k, "GPU", 3) != 0)
		return (DIAG_NONE);
	k += 3;
	if (k < n && s[k] == 's')
		k++;
	if (k >= n || s[k] != ':')
		return (DIAG_NONE);
	k++;
	for (;;) {
		k += parse_dcgm_blanks(s + k, n - k);
		if ((w = parse_dcgm_number(s + k, n - k, &id)) == 0)
			return (DIAG_NONE);
		if (*nids < DCGM_MAXGPU)
			ids[(*nids)++] = id;
		k += w;
		k += parse_dcgm_blanks(s + k, n - k);
		if (k == n)
			return (r);
		if (s[k] != ',')
			return (DIAG_NONE);
		k++;
	}
}

/*
 * "GPU0: Pass" (DCGM 4.x); the result, and the GPU in *id, or -1 for
 * another kind of entity ("CPU0: Pass").
 */
static enum diag_result
parse_dcgm_gpurow(const char *s, size_t n, int *id)
{
	enum diag_result	 r;
	size_t			 k, w;
	int			 gpu;

	n = parse_trim(&s, n);
	if (n < 4 || (strncmp(s, "GPU", 3) != 0 && strncmp(s, "CPU", 3) != 0))
		return (DIAG_NONE);
	gpu = (s[0] == 'G');
	k = 3 + parse_dcgm_blanks(s + 3, n - 3);
	if ((w = parse_dcgm_number(s + k, n - k, id)) == 0)
		return (DIAG_NONE);
	k += w;
	if (k >= n || s[k] != ':')
		return (DIAG_NONE);
	k++;
	k += parse_dcgm_blanks(s + k, n - k);
	w = parse_dcgm_alpha(s + k, n - k);
	if (w == 0 || k + w != n)
		return (DIAG_NONE);
	r = parse_dcgm_word(s + k, w);
	if (!gpu)
		*id = -1;
	return (r);
}

/*
 * "|-----  Hardware  ----------+----...|": a border, maybe with a name; 2
 * for a plain "+-----+-----+", which closes a table after its rows.
 */
static int
parse_dcgm_border(struct dcgm_state *st, const char *s, size_t n)
{
	const char	*name;
	size_t		 i, end, m;

	if (n < 2 || (s[0] != '+' && s[0] != '|') ||
	    (s[1] != '-' && s[1] != '='))
		return (0);
	for (end = 1; end < n && s[end] != '+' && s[end] != '|'; end++)
		;
	name = NULL;
	m = 0;
	for (i = 1; i < end; i++) {
		if (s[i] == '-' || s[i] == '=' || s[i] == ' ')
			continue;
		if (name == NULL)
			name = s + i;
		m = (s + i + 1) - name;
	}
	parse_dcgm_commit(st);
	parse_dcgm_flush(st);
	if (name != NULL) {
		st->seen = 1;
		st->metadata = parse_dcgm_is(name, m, "Metadata");
		parse_copy(st->category, sizeof st->category, name, m);
	} else if (st->metadata) {
		st->metadata = 0;
		st->category[0] = '\0';
	}
	if (name == NULL && s[0] == '+' && s[1] == '-' && s[n - 1] == '+')
		return (2);
	return (1);
}

/* "| 2330,2330,2330 |": how many GPUs the run saw. */
static void
parse_dcgm_devids(struct dcgm_state *st, const char *s, size_t n)
{
	size_t	 i;
	int	 count = 0, inword = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == ',' || isspace((u_char)s[i]))
			inword = 0;
		else if (!inword) {
			inword = 1;
			count++;
		}
	}
	if (count > st->ngpu)
		st->ngpu = count;
}

static void
parse_dcgm_row(struct dcgm_state *st, const char *s, size_t n, u_int line)
{
	struct parse_dcgm_gpu		*g;
	enum diag_result	 r;
	const char		*left, *right;
	size_t			 mid, close, nl, nr, i;
	u_int			 width;
	int			 all, bare, nids, ids[DCGM_MAXGPU], id;

	for (mid = 1; mid < n && s[mid] != '|'; mid++)
		;
	if (mid >= n) {
		/* No column joint: a cut line; text for an open row. */
		if (st->rowopen)
			parse_dcgm_cell(st, s + 1, n - 1, st->width);
		return;
	}
	left = s + 1;
	nl = parse_trim(&left, mid - 1);

	/* The closing '|', when it is there, gives the width. */
	close = n;
	i = n;
	while (i > mid + 1 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
		i--;
	if (i > mid + 1 && s[i - 1] == '|') {
		close = i - 1;
		if (close - mid > 4)
			st->width = close - mid - 4;	/* "| " 45 "  |" */
	}
	width = st->width;
	right = s + mid + 1;
	nr = close - mid - 1;
	if (nr > 0 && *right == ' ') {
		right++;
		nr--;
	}

	/* The header, and the Metadata block. */
	if (parse_dcgm_is(left, nl, "Diagnostic")) {
		const char	*p = right;

		if (parse_dcgm_is(p, parse_trim(&p, nr), "Result")) {
			st->seen = 1;
			return;
		}
	}
	for (i = 0; i < nitems(dcgm_metadata); i++) {
		if (parse_dcgm_is(left, nl, dcgm_metadata[i])) {
			parse_dcgm_commit(st);
			parse_dcgm_flush(st);
			st->seen = 1;
			if (i == 2)
				parse_dcgm_devids(st, right, nr);
			return;
		}
	}
	if (st->metadata)
		return;

	if (nl == 0) {
		if (!st->t.active)
			return;
		if ((r = parse_dcgm_gpurow(right, nr, &id)) != DIAG_NONE) {
			/* DCGM 4.x: a GPU's own result. */
			parse_dcgm_commit(st);
			if ((g = parse_dcgm_gpu(st, id)) != NULL)
				g->result = parse_dcgm_worst(g->result, r);
			return;
		}
		r = parse_dcgm_result(right, nr, &all, ids, &nids, &bare);
		if (r != DIAG_NONE && !bare) {
			/* DCGM 3.x: "Fail - GPU: 2" under "Pass - GPUs: 0, 1". */
			parse_dcgm_commit(st);
			st->t.d.result = parse_dcgm_worst(st->t.d.result, r);
			if (all)
				st->t.all = parse_dcgm_worst(st->t.all, r);
			for (i = 0; i < (size_t)nids; i++) {
				if ((g = parse_dcgm_gpu(st, ids[i])) != NULL)
					g->result = parse_dcgm_worst(g->result,
					    r);
			}
			return;
		}
		parse_dcgm_cell(st, right, nr, width);
		return;
	}

	for (i = 0; i < nitems(dcgm_labels); i++) {
		size_t	 k = strlen(dcgm_labels[i]);

		if (nl >= k && strncasecmp(left, dcgm_labels[i], k) == 0 &&
		    (nl == k || left[k] == ':'))
			break;
	}
	if (i < nitems(dcgm_labels)) {
		parse_dcgm_commit(st);
		if (st->t.active)
			parse_dcgm_cell(st, right, nr, width);
		return;
	}

	/* A test. */
	parse_dcgm_commit(st);
	r = parse_dcgm_result(right, nr, &all, ids, &nids, &bare);
	if (r == DIAG_NONE) {
		if (!st->seen)
			return;		/* some other table */
		sink_error(st->sink, line, "%.*s: no result", (int)nl, left);
	}
	st->seen = 1;
	parse_dcgm_begin(st, left, nl, st->category);
	st->t.d.result = r;
	if (all)
		st->t.all = r;
	for (i = 0; i < (size_t)nids; i++) {
		if ((g = parse_dcgm_gpu(st, ids[i])) != NULL)
			g->result = parse_dcgm_worst(g->result, r);
	}
}

/*
 * A table ends as dcgmi ends it, in a plain border after its rows; one
 * that ends anywhere else (a row, a section's border) was cut short.
 */
static void
parse_dcgm_end(struct dcgm_state *st, u_int line)
{
	if (st->open && st->seen)
		sink_error(st->sink, line, "the table is cut short: no "
		    "closing border");
	st->open = 0;
}

static int
parse_dcgm_text(const char *buf, size_t len, struct dcgm_state *st)
{
	struct lines	 l;
	const char	*s, *errline = NULL;
	size_t		 n, errlen = 0;
	u_int		 errline_no = 0, refused = 0;
	int		 border;

	lines_start(&l, buf, len, st->sink);
	while (lines_next(&l, &s, &n)) {
		/*
		 * After a refused row, no row is read as its continuation,
		 * and a message it was part of is dropped, never kept cut.
		 */
		if (l.refused != refused) {
			st->rowopen = 0;
			parse_dcgm_flush(st);
		}
		refused = l.refused;
		while (n > 0 && isspace((u_char)s[n - 1]))
			n--;
		if (n == 0)
			continue;
		if ((border = parse_dcgm_border(st, s, n)) != 0) {
			/* The border after a row closes; another opens. */
			st->open = border != 2 || st->open != 2;
			continue;
		}
		if (s[0] == '|') {
			parse_dcgm_row(st, s, n, l.line);
			st->open = 2;
			continue;
		}
		/* Any other line ends the table ("...", "Running ..."). */
		parse_dcgm_end(st, l.line);
		parse_dcgm_commit(st);
		parse_dcgm_flush(st);
		if (errline == NULL && n > 6 && strncmp(s, "Error:", 6) == 0) {
			errline = s;
			errlen = n;
			errline_no = l.line;
		}
	}
	parse_dcgm_end(st, l.line + 1);
	parse_dcgm_commit(st);
	parse_dcgm_flush(st);
	if (errline != NULL && st->nrec == 0)
		sink_error(st->sink, errline_no, "%.*s", (int)errlen, errline);
	else if (!st->seen)
		sink_error(st->sink, 1, "not dcgmi diag output");
	return (st->nrec);
}

/*
 * JSON: DCGM 3.x {"DCGM GPU Diagnostic": {"test_categories": [{"category",
 * "tests": [{"name", "results": [{"gpu_ids", "status", "warnings": [{
 * "warning", "error_id"}], "info"}]}]}]}}, and DCGM 4.x {"DCGM Diagnostic":
 * ...} whose results name an entity_group/entity_id and whose tests carry a
 * test_summary.
 */

static enum diag_result
parse_dcgm_json_status(json_t *o)
{
	const char	*s;
	size_t		 n;

	if (!json_is_object(o) || (s = json_string_value(json_object_get(o,
	    "status"))) == NULL)
		return (DIAG_NONE);
	n = strlen(s);
	return (parse_dcgm_word(s, parse_dcgm_alpha(s, n)));
}

/* Warnings or info: a string, an object, or an array of either. */
static void
parse_dcgm_json_text(struct dcgm_state *st, json_t *v, int gpu, u_int row)
{
	static const char	*keys[] = { "warning", "warnings", "message",
				    "msg" };
	struct dcgm_test	*t = &st->t;
	struct parse_dcgm_gpu		*g;
	const char		*s;
	json_t			*e;
	size_t			 i, n;

	if (json_is_array(v)) {
		json_array_foreach(v, i, e) {
			if (json_is_array(e))
				continue;	/* no deeper */
			parse_dcgm_json_text(st, e, gpu, row);
		}
		return;
	}
	if (json_is_object(v)) {
		for (i = 0; i < nitems(keys); i++) {
			e = json_object_get(v, keys[i]);
			if (json_is_string(e)) {
				parse_dcgm_json_text(st, e, gpu, row);
				return;
			}
		}
		return;
	}
	if ((s = json_string_value(v)) == NULL)
		return;
	n = parse_trim(&s, strlen(s));
	if (n == 0)
		return;
	parse_dcgm_append(t->d.message, sizeof t->d.message, &t->msglen, "; ",
	    s, n);
	if ((g = parse_dcgm_gpu(st, gpu)) != NULL) {
		parse_dcgm_append(g->msg, sizeof g->msg, &g->msglen, "; ", s,
		    n);
		g->row = row;
	}
}

/* The GPUs a result is for: gpu_ids "0" / "0,1" / 0 / [0, 1], entity_id. */
static int
parse_dcgm_json_ids(struct dcgm_state *st, json_t *r, int *ids, int max,
    int *isgpu)
{
	const char	*s, *grp;
	json_t		*v, *e;
	size_t		 i, n, k, w;
	int		 nids = 0, id;

	*isgpu = 1;
	grp = json_string_value(json_object_get(r, "entity_group"));
	e = json_object_get(r, "entity_group_id");
	if ((grp != NULL && strcasecmp(grp, "GPU") != 0) ||
	    (grp == NULL && json_is_integer(e) && json_integer_value(e) != 1))
		*isgpu = 0;
	if ((v = json_object_get(r, "entity_id")) == NULL &&
	    (v = json_object_get(r, "gpu_ids")) == NULL &&
	    (v = json_object_get(r, "gpu_id")) == NULL)
		return (0);
	if (json_is_integer(v)) {
		if (json_integer_value(v) >= 0 &&
		    json_integer_value(v) < DCGM_MAXGPU)
			ids[nids++] = (int)json_integer_value(v);
		return (nids);
	}
	if (json_is_real(v)) {
		sink_error(st->sink, 1, "a GPU id of %g", json_real_value(v));
		return (0);
	}
	if ((s = json_string_value(v)) != NULL) {
		n = strlen(s);
		for (k = 0; k < n && nids < max; k++) {
			if ((w = parse_dcgm_number(s + k, n - k, &id)) == 0)
				continue;
			ids[nids++] = id;
			k += w - 1;
		}
		return (nids);
	}
	json_array_foreach(v, i, e) {
		if (nids >= max)
			break;
		if (json_is_integer(e) && json_integer_value(e) >= 0 &&
		    json_integer_value(e) < DCGM_MAXGPU)
			ids[nids++] = (int)json_integer_value(e);
		else if (json_is_real(e))
			sink_error(st->sink, 1, "a GPU id of %g",
			    json_real_value(e));
		else if ((s = json_string_value(e)) != NULL &&
		    parse_dcgm_number(s, strlen(s), &id) > 0)
			ids[nids++] = id;
	}
	return (nids);
}

static void
parse_dcgm_json_test(struct dcgm_state *st, json_t *test, const char *category)
{
	static const char	*pass[] = { "warnings", "info" };
	struct parse_dcgm_gpu		*g;
	enum diag_result	 worst = DIAG_NONE, own, r;
	json_t			*results, *res, *sum;
	const char		*name;
	size_t			 i, p;
	int			 ids[DCGM_MAXGPU], nids, isgpu, k;

	if (!json_is_object(test))
		return;
	if ((name = json_string_value(json_object_get(test, "name"))) == NULL &&
	    (name = json_string_value(json_object_get(test,
	    "test_name"))) == NULL)
		name = "";
	parse_dcgm_begin(st, name, strlen(name), category);
	sum = json_object_get(test, "test_summary");
	own = parse_dcgm_json_status(sum);
	if (own == DIAG_NONE)
		own = parse_dcgm_json_status(test);
	results = json_object_get(test, "results");

	/* Warnings first, then info; the test's own, then each result's. */
	for (p = 0; p < nitems(pass); p++) {
		if (json_is_object(sum))
			parse_dcgm_json_text(st, json_object_get(sum, pass[p]),
			    -1,
			    0);
		parse_dcgm_json_text(st, json_object_get(test, pass[p]), -1, 0);
		json_array_foreach(results, i, res) {
			if (!json_is_object(res))
				continue;
			nids = parse_dcgm_json_ids(st, res, ids, DCGM_MAXGPU,
			    &isgpu);
			if (!isgpu || nids == 0) {
				parse_dcgm_json_text(st, json_object_get(res,
				    pass[p]), -1, 0);
				continue;
			}
			for (k = 0; k < nids; k++) {
				/* The test gets the text once. */
				size_t	 save = st->t.msglen;

				parse_dcgm_json_text(st, json_object_get(res,
				    pass[p]), ids[k], 0);
				if (k > 0) {
					st->t.msglen = save;
					st->t.d.message[save] = '\0';
				}
			}
		}
	}

	json_array_foreach(results, i, res) {
		if (!json_is_object(res))
			continue;
		r = parse_dcgm_json_status(res);
		worst = parse_dcgm_worst(worst, r);
		nids = parse_dcgm_json_ids(st, res, ids, DCGM_MAXGPU,
		    &isgpu);
		if (!isgpu)
			continue;
		for (k = 0; k < nids; k++) {
			if ((g = parse_dcgm_gpu(st, ids[k])) == NULL)
				continue;
			/* A GPU with no status of its own still ran. */
			g->result = parse_dcgm_worst(g->result,
			    r != DIAG_NONE ? r : own);
		}
	}
	st->t.d.result = own != DIAG_NONE ? own : worst;
	parse_dcgm_flush(st);
}

static void
parse_dcgm_json_tests(struct dcgm_state *st, json_t *tests,
    const char *category)
{
	json_t		*test;
	const char	*c;
	size_t		 i;

	json_array_foreach(tests, i, test) {
		c = json_string_value(json_object_get(test, "category"));
		if (c != NULL && strcasecmp(c, "Metadata") == 0)
			continue;
		parse_dcgm_json_test(st, test, c != NULL ? c : category);
	}
}

static void
parse_dcgm_json_diag(struct dcgm_state *st, json_t *root, int depth)
{
	json_t		*diag, *cats, *cat, *v;
	const char	*name, *err;
	size_t		 i;

	if (!json_is_object(root))
		return;
	/* dcgmi diag --iterations N -j: one document per run. */
	if (json_is_array(v = json_object_get(root, "iterations")) &&
	    depth < 4) {
		json_array_foreach(v, i, diag)
			parse_dcgm_json_diag(st, diag, depth + 1);
		st->seen = 1;
	}
	if ((diag = json_object_get(root, "DCGM GPU Diagnostic")) == NULL &&
	    (diag = json_object_get(root, "DCGM Diagnostic")) == NULL)
		return;
	st->seen = 1;
	if (!json_is_object(diag))
		return;
	if ((err = json_string_value(json_object_get(diag,
	    "runtime_error"))) != NULL)
		sink_error(st->sink, 1, "dcgmi: %s", err);
	cats = json_object_get(diag, "test_categories");
	json_array_foreach(cats, i, cat) {
		if (!json_is_object(cat))
			continue;
		if ((name = json_string_value(json_object_get(cat,
		    "category"))) == NULL && (name =
		    json_string_value(json_object_get(cat, "header"))) == NULL)
			name = "";
		if (strcasecmp(name, "Metadata") == 0)
			continue;
		parse_dcgm_json_tests(st, json_object_get(cat, "tests"), name);
	}
	/* Some 4.x documents hoist the tests out of their categories. */
	parse_dcgm_json_tests(st, json_object_get(diag, "tests"), "");
}

static int
parse_dcgm_json(const char *buf, size_t len, struct dcgm_state *st)
{
	json_error_t	 error;
	json_t		*root;
	const char	*nul;
	u_int		 line = 1;

	/* Judged whole, as jansson reads it, but for a NUL byte. */
	if ((nul = memchr(buf, '\0', len)) != NULL) {
		for (; buf < nul; buf++)
			line += *buf == '\n';
		sink_error(st->sink, line, "a NUL byte in the document");
		return (0);
	}
	if ((root = json_loadb(buf, len, 0, &error)) == NULL) {
		sink_error(st->sink, error.line > 0 ? (u_int)error.line : 1,
		    "%s", error.text);
		return (0);
	}
	parse_dcgm_json_diag(st, root, 0);
	json_decref(root);
	if (!st->seen)
		sink_error(st->sink, 1, "not dcgmi diag output");
	return (st->nrec);
}

int
parse_dcgm_diag(const char *buf, size_t len, const char *fmt,
    const struct sink *sink)
{
	struct dcgm_state	*st, state;
	size_t			 i;

	st = &state;
	memset(st, 0, sizeof *st);
	st->sink = sink;
	st->width = DCGM_WIDTH;
	len = parse_bom(&buf, len);
	for (i = 0; i < len && isspace((u_char)buf[i]); i++)
		;
	if (i < len && buf[i] == '{')
		return (parse_dcgm_json(buf + i, len - i, st));
	return (parse_dcgm_text(buf, len, st));
}
