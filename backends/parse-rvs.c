/*
 * myriad - parser for the ROCm Validation Suite's rvs (AMD Instinct): its
 * verdicts, as burn-in reads them.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * rvs -r N (or -c CONF) logs a [RESULT] line as each action works, a
 * GPU's verdict among them, the GPU named by its KFD id:
 *
 *	[RESULT] [302017.167195] [gst-Tflops-...] [GPU:: 42583] GFLOPS
 *	    1063560 Target GFLOPS: 0 met: TRUE
 *	[RESULT] [302347.724905] [iet-stress-1400W-true] [GPU:: 27226]
 *	    pass: TRUE
 *
 * and ends with its summary: the system overview, where each GPU's id is
 * over its index (| AMD Instinct MI355X - 42583 | over | 0 - 2 -
 * 0000:05:00.0 |, two GPUs a row), then one row an action under the
 * header | Action Name | Module | Result |, PASS or FAIL (in colour: the
 * escapes are skipped, as is the \r before each row), and a closing line.
 *
 * Each summary row is a test (gpu -1), followed by its GPUs' verdicts by
 * index, each with the text of its line.  An action that logs no GPU's
 * verdict (babel, pbqt, pebb ...) and passed passed on every GPU of the
 * overview (rvs runs them on all, device: all); one that failed names no
 * GPU.  RCQT's, which test the installed software, are the node's only.
 * A summary not closed may be cut, and a result word not known is not
 * guessed: errors; output with no summary (rvs stopped before it) gives
 * no result at all.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

#define RVS_LINE	1024	/* bytes of a line read, escapes skipped */
#define RVS_VERDICTS	4096	/* GPU verdict lines kept, at most */

struct rvs_verdict {
	char		 action[48];
	long		 id;		/* KFD GPU id */
	enum diag_result result;
	char		 text[160];
};

struct rvs_ctx {
	const struct sink	*sink;
	struct rvs_verdict	*v;
	u_int			 nv;
	long			 ids[BURNIN_MAXGPU];	/* index -> KFD id */
	u_int			 nids;
	char			 above[2][64];	/* the row before: its cells */
	int			 summary;	/* 1 overview, 2 actions */
	int			 closed;
	int			 rows;
	int			 records;
	int			 full;		/* verdicts past the most */
};

/* The line without \r and colour escapes, in buf; its length. */
static size_t
parse_rvs_clean(const char *s, size_t len, char *buf)
{
	size_t	 i, n = 0;

	for (i = 0; i < len && n < RVS_LINE - 1; i++) {
		if (s[i] == '\r')
			continue;
		if (s[i] == '\033' && i + 1 < len && s[i + 1] == '[') {
			for (i += 2; i < len && s[i] != 'm' &&
			    (isdigit((u_char)s[i]) || s[i] == ';'); i++)
				;
			continue;
		}
		buf[n++] = s[i];
	}
	buf[n] = '\0';
	return (n);
}

/* A table row's cells, trimmed: how many (0 when it is not a row). */
static u_int
parse_rvs_cells(char *line, size_t len, char **cells, u_int max)
{
	char	*p, *bar;
	u_int	 n = 0;
	size_t	 k;

	if (len < 2 || line[0] != '|' || line[len - 1] != '|')
		return (0);
	line[len - 1] = '\0';
	for (p = line + 1; n < max; p = bar + 1) {
		if ((bar = strchr(p, '|')) != NULL)
			*bar = '\0';
		while (*p == ' ')
			p++;
		for (k = strlen(p); k > 0 && p[k - 1] == ' '; k--)
			p[k - 1] = '\0';
		cells[n++] = p;
		if (bar == NULL)
			break;
	}
	return (n);
}

/* "NAME - ID": the id; -1 when the cell is not one. */
static long
parse_rvs_gpu_id(const char *cell)
{
	const char	*p = strrchr(cell, '-');
	char		*end;
	long		 id;

	if (p == NULL || p == cell || p[-1] != ' ' || p[1] != ' ')
		return (-1);
	id = strtol(p + 2, &end, 10);
	if (end == p + 2 || *end != '\0' || id < 0)
		return (-1);
	return (id);
}

/* "INDEX - NODE - BDF": the index; -1 when the cell is not one. */
static long
parse_rvs_gpu_index(const char *cell)
{
	char	*end;
	long	 index, node;

	index = strtol(cell, &end, 10);
	if (end == cell || strncmp(end, " - ", 3) != 0)
		return (-1);
	cell = end + 3;
	node = strtol(cell, &end, 10);
	if (end == cell || node < 0 || strncmp(end, " - ", 3) != 0 ||
	    strchr(end + 3, ':') == NULL)
		return (-1);
	return (index);
}

/* A row of the overview: its GPUs, an id over an index. */
static void
parse_rvs_overview(struct rvs_ctx *c, u_int line, char **cells, u_int n)
{
	long	 index, id;
	u_int	 i;

	for (i = 0; i < n && i < 2; i++) {
		if ((index = parse_rvs_gpu_index(cells[i])) < 0)
			continue;
		id = parse_rvs_gpu_id(c->above[i]);
		if (id < 0 || index >= BURNIN_MAXGPU) {
			sink_error(c->sink, line, "rvs: GPU '%s' under "
			    "'%s': not an id over an index below %d",
			    cells[i], c->above[i], BURNIN_MAXGPU);
			continue;
		}
		c->ids[index] = id;
		if ((u_int)index >= c->nids)
			c->nids = index + 1;
	}
	for (i = 0; i < 2; i++)
		parse_copy(c->above[i], sizeof c->above[i], i < n ? cells[i] :
		    "", i < n ? strlen(cells[i]) : 0);
}

/* A summary row: the action, then its GPUs' verdicts. */
static void
parse_rvs_action(struct rvs_ctx *c, u_int line, char **cells, u_int n)
{
	struct diag	 d;
	u_int		 i, k, own = 0;

	if (n != 3) {
		sink_error(c->sink, line, "rvs: a summary row of %u cells, "
		    "not Action Name | Module | Result", n);
		return;
	}
	memset(&d, 0, sizeof d);
	if (strcmp(cells[2], "PASS") == 0)
		d.result = DIAG_PASS;
	else if (strcmp(cells[2], "FAIL") == 0)
		d.result = DIAG_FAIL;
	else {
		sink_error(c->sink, line, "rvs: result '%.32s' of '%.48s': "
		    "not PASS or FAIL", cells[2], cells[0]);
		return;
	}
	parse_copy(d.test, sizeof d.test, cells[0], strlen(cells[0]));
	parse_copy(d.category, sizeof d.category, cells[1], strlen(cells[1]));
	d.gpu = -1;
	c->rows++;
	c->records++;
	SINK_EMIT(c->sink, diag, &d);
	for (i = 0; i < c->nv; i++) {
		if (strcmp(c->v[i].action, d.test) != 0)
			continue;
		for (k = 0; k < c->nids && c->ids[k] != c->v[i].id; k++)
			;
		if (k == c->nids) {
			sink_error(c->sink, line, "rvs: GPU id %ld of '%s' is "
			    "not in the summary's GPUs", c->v[i].id, d.test);
			continue;
		}
		d.gpu = k;
		d.result = c->v[i].result;
		strlcpy(d.message, c->v[i].result == DIAG_FAIL ?
		    c->v[i].text : "", sizeof d.message);
		c->records++;
		own++;
		SINK_EMIT(c->sink, diag, &d);
	}
	/* An action that passed passed on each GPU it ran on: all. */
	if (own != 0 || d.result != DIAG_PASS ||
	    strcmp(d.category, "RCQT") == 0)
		return;
	for (k = 0; k < c->nids; k++) {
		d.gpu = k;
		c->records++;
		SINK_EMIT(c->sink, diag, &d);
	}
}

/*
 * A [RESULT] line: a GPU's verdict (met: or pass: TRUE or FALSE), kept
 * for its summary row; what else an action logs is its own.
 */
static void
parse_rvs_result(struct rvs_ctx *c, u_int line, const char *s)
{
	struct rvs_verdict	*v;
	const char		*a, *ae, *g, *word;
	char			*end;
	long			 id;

	/* [RESULT] [TIME] [ACTION] [GPU:: ID] */
	if ((a = strstr(s + 9, "] [")) == NULL || (ae = strchr(a + 3, ']')) ==
	    NULL || strncmp(ae, "] [GPU:: ", 9) != 0)
		return;
	g = ae + 9;
	while (*g == ' ')
		g++;
	id = strtol(g, &end, 10);
	if (end == g || *end != ']')
		return;
	if ((word = strstr(end, " met: ")) != NULL)
		word += 6;
	else if ((word = strstr(end, "] pass: ")) != NULL)
		word += 8;
	else
		return;
	if (strcmp(word, "TRUE") != 0 && strcmp(word, "FALSE") != 0) {
		sink_error(c->sink, line, "rvs: GPU %ld: '%.32s': not TRUE "
		    "or FALSE", id, word);
		return;
	}
	if (c->nv == RVS_VERDICTS) {
		if (c->full++ == 0)
			sink_error(c->sink, line, "rvs: more than %d GPU "
			    "verdicts: the rest not read", RVS_VERDICTS);
		return;
	}
	c->v = xreallocarray(c->v, c->nv + 1, sizeof *c->v);
	v = &c->v[c->nv++];
	memset(v, 0, sizeof *v);
	parse_copy(v->action, sizeof v->action, a + 3, ae - a - 3);
	v->id = id;
	v->result = *word == 'T' ? DIAG_PASS : DIAG_FAIL;
	end++;
	while (*end == ' ')
		end++;
	strlcpy(v->text, end, sizeof v->text);
}

int
parse_rvs(const char *buf, size_t len, const char *format,
    const struct sink *s)
{
	struct rvs_ctx	 c;
	struct lines	 l;
	const char	*p;
	char		 line[RVS_LINE], *cells[4];
	size_t		 n;
	u_int		 ncells;

	(void)format;
	memset(&c, 0, sizeof c);
	c.sink = s;
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &p, &n)) {
		n = parse_rvs_clean(p, n, line);
		if (strncmp(line, "[RESULT] ", 9) == 0) {
			parse_rvs_result(&c, l.line, line);
			continue;
		}
		if (strstr(line, "ROCm Validation Suite (RVS) Summary") !=
		    NULL) {
			c.summary = 1;
			c.closed = 0;
			continue;
		}
		if (c.summary == 0)
			continue;
		if (c.summary == 2 && n > 2 && strspn(line, "+-") == n) {
			c.closed = 1;
			c.summary = 0;
			continue;
		}
		ncells = parse_rvs_cells(line, n, cells, nitems(cells));
		if (ncells == 3 && strcmp(cells[0], "Action Name") == 0 &&
		    strcmp(cells[1], "Module") == 0 &&
		    strcmp(cells[2], "Result") == 0)
			c.summary = 2;
		else if (c.summary == 1 && ncells > 0)
			parse_rvs_overview(&c, l.line, cells, ncells);
		else if (c.summary == 2 && ncells > 0)
			parse_rvs_action(&c, l.line, cells, ncells);
	}
	if (c.summary != 0 && !c.closed && l.refused == 0)
		sink_error(s, l.line, "rvs: the summary does not end: the "
		    "output may be cut");
	else if (c.rows == 0 && !c.closed && l.refused == 0)
		sink_error(s, l.line, "rvs: no summary (Action Name | Module "
		    "| Result): rvs did not end");
	free(c.v);
	return (c.records);
}
