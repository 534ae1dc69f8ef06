/*
 * myriad - nvidia-imex-ctl -N: the IMEX domain's nodes, which node sees
 * which, and the domain's state.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * What it prints (drivers 570 to 580, t/data/imex-ctl-N-*.txt):
 *
 *	Connectivity Table Legend:
 *	I - Invalid - Node wasn't reachable, no connection status available
 *	...
 *	C - Connected - Ready for operation
 *
 *	5/12/2025 06:08:10.580
 *	Nodes:
 *	Node #0   - 172.31.48.81    - READY                - Version: 570.172
 *	...
 *	 Nodes From\To  0   1
 *	       0        C   C
 *	Domain State: UP
 *
 * A node line is split at ` - ' (570.00 prints no Version); a row of the
 * matrix is the node it is from, then a code for each column of the
 * header, one of the legend's.  The nodes are sent at the end, each with
 * its row and the domain's state.  An output is one report: a second
 * `Nodes:' (two pasted together) is an error and is not read, and a
 * report without its `Domain State:' line is cut.  What is not one of
 * these lines is an error with its line; a whole output that is none of
 * them is refused once.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

#define IMEX_MAXNODES	4096

/* The codes of the connectivity table's legend. */
static const char *imex_codes[] = {
	"I", "N", "R", "D", "A", "!V!", "!M!", "C",
};

struct imex_state {
	const struct sink *sink;
	struct lines	 l;
	struct imex	*nodes;
	u_int		 n;
	u_int		 size;		/* of nodes, doubled as needed */
	int		*cols;		/* the matrix header's node ids */
	u_int		 ncols;
	char		 domain[24];
	int		 hasdomain;	/* a Domain State: line, read or not */
	int		 reports;	/* Nodes: lines */
};

static int
parse_imex_word(const char *s, size_t len)
{
	size_t	 i;

	if (len == 0)
		return (0);
	for (i = 0; i < len; i++) {
		if (!isupper((u_char)s[i]) && s[i] != '_')
			return (0);
	}
	return (1);
}

/* A node id: digits, at most IMEX_MAXNODES - 1; -1 if not. */
static int
parse_imex_id(const char *s, size_t len)
{
	uint64_t	 u;

	if (len == 0 || len > 5 || !isdigit((u_char)s[0]) ||
	    parse_u64(s, len, &u) != 0 || u >= IMEX_MAXNODES)
		return (-1);
	return ((int)u);
}

/*
 * Numbers and dots (570.172, 172.31.48.81), each number at most max: a
 * damaged one (1e23, past 2^64) is refused.  0 if s is not all digits and
 * dots; -1 if it is but a number is past max.
 */
static int
parse_imex_dotted(const char *s, size_t len, uint64_t max)
{
	const char	*end = s + len, *p;
	uint64_t	 u = 0;

	for (p = s; p < end; p++) {
		if (!isdigit((u_char)*p) && *p != '.')
			return (0);
	}
	for (p = s; p < end; p++) {
		if (p == s || p[-1] == '.')
			u = 0;
		if (*p == '.') {
			if (p == s || p[-1] == '.')
				return (-1);
			continue;
		}
		if ((u = u * 10 + (*p - '0')) > max)
			return (-1);
	}
	return (len > 0 && end[-1] != '.' ? 1 : -1);
}

/* The next field of a node line, up to ` - ' or its end. */
static int
parse_imex_field(const char **p, const char *end, const char **f,
    size_t *flen)
{
	const char	*s = *p, *dash;

	if (s >= end)
		return (0);
	for (dash = s; dash + 3 <= end; dash++) {
		if (memcmp(dash, " - ", 3) == 0)
			break;
	}
	if (dash + 3 > end)
		dash = end;
	*f = s;
	*flen = parse_trim(f, dash - s);
	*p = dash < end ? dash + 3 : end;
	return (1);
}

/* Node #0   - 172.31.48.81    - READY   [- Version: 570.172] */
static void
parse_imex_node(struct imex_state *st, const char *s, size_t len)
{
	const char	*p = s, *end = s + len, *f;
	size_t		 flen;
	struct imex	 x;
	int		 id;
	u_int		 i;

	memset(&x, 0, sizeof x);
	parse_imex_field(&p, end, &f, &flen);
	if ((id = parse_imex_id(f + 6, flen - 6)) < 0)
		goto bad;
	x.id = id;
	if (!parse_imex_field(&p, end, &f, &flen) || flen == 0 ||
	    flen >= sizeof x.address || memchr(f, ' ', flen) != NULL ||
	    parse_imex_dotted(f, flen, 255) < 0)
		goto bad;
	parse_copy(x.address, sizeof x.address, f, flen);
	if (!parse_imex_field(&p, end, &f, &flen) ||
	    !parse_imex_word(f, flen) || flen >= sizeof x.state)
		goto bad;
	parse_copy(x.state, sizeof x.state, f, flen);
	if (parse_imex_field(&p, end, &f, &flen)) {
		if (!parse_prefix(f, flen, "Version: ") ||
		    flen - 9 >= sizeof x.version ||
		    parse_imex_dotted(f + 9, flen - 9, 99999) != 1)
			goto bad;
		parse_copy(x.version, sizeof x.version, f + 9, flen - 9);
	}
	if (p != end)
		goto bad;
	for (i = 0; i < st->n; i++) {
		if (st->nodes[i].id == id) {
			sink_error(st->sink, st->l.line, "node #%d listed "
			    "twice", id);
			return;
		}
	}
	if (st->n == IMEX_MAXNODES) {
		sink_error(st->sink, st->l.line, "more than %d nodes",
		    IMEX_MAXNODES);
		return;
	}
	if (st->n == st->size) {
		st->size = st->size ? st->size * 2 : 64;
		st->nodes = xreallocarray(st->nodes, st->size,
		    sizeof *st->nodes);
	}
	st->nodes[st->n++] = x;
	return;
bad:
	sink_error(st->sink, st->l.line, "a node line not understood: %.*s",
	    (int)(len > 60 ? 60 : len), s);
}

/* The next blank-separated word of s[0..len) from *i. */
static size_t
parse_imex_token(const char *s, size_t len, size_t *i, const char **t)
{
	size_t	 start;

	while (*i < len && s[*i] == ' ')
		(*i)++;
	start = *i;
	while (*i < len && s[*i] != ' ')
		(*i)++;
	*t = s + start;
	return (*i - start);
}

/*  Nodes From\To  0   1   2 */
static void
parse_imex_header(struct imex_state *st, const char *s, size_t len)
{
	const char	*t;
	size_t		 i = 0, n;
	int		 id;

	free(st->cols);
	st->cols = NULL;
	st->ncols = 0;
	parse_imex_token(s, len, &i, &t);
	parse_imex_token(s, len, &i, &t);
	while ((n = parse_imex_token(s, len, &i, &t)) != 0) {
		if ((id = parse_imex_id(t, n)) < 0 ||
		    st->ncols == IMEX_MAXNODES) {
			sink_error(st->sink, st->l.line, "a column of the "
			    "connectivity table not understood: %.*s",
			    (int)(n > 20 ? 20 : n), t);
			free(st->cols);
			st->cols = NULL;
			st->ncols = 0;
			return;
		}
		st->cols = xreallocarray(st->cols, st->ncols + 1,
		    sizeof *st->cols);
		st->cols[st->ncols++] = id;
	}
}

static int
parse_imex_code(const char *t, size_t n)
{
	u_int	 i;

	if (n == 1)		/* the common case: C */
		return (strchr("INRDAC", *t) != NULL);
	for (i = 0; i < nitems(imex_codes); i++) {
		if (parse_word(t, n, imex_codes[i]))
			return (1);
	}
	return (0);
}

/*        0        C   C   C */
static void
parse_imex_row(struct imex_state *st, const char *s, size_t len)
{
	struct imex	*x = NULL;
	const char	*t;
	char		 links[sizeof x->links];
	size_t		 i = 0, n, at = 0;
	int		 id, connected = 0;
	u_int		 c;

	n = parse_imex_token(s, len, &i, &t);
	id = parse_imex_id(t, n);
	for (c = 0; id >= 0 && c < st->n; c++) {
		if (st->nodes[c].id == id)
			x = &st->nodes[c];
	}
	if (x == NULL || st->ncols == 0) {
		sink_error(st->sink, st->l.line, "a row of the connectivity "
		    "table for no node listed: %.*s",
		    (int)(len > 40 ? 40 : len), s);
		return;
	}
	for (c = 0; (n = parse_imex_token(s, len, &i, &t)) != 0; c++) {
		if (c == st->ncols || !parse_imex_code(t, n) ||
		    at + n + 1 >= sizeof links) {
			sink_error(st->sink, st->l.line, "node #%d's row of "
			    "the connectivity table not understood", id);
			return;
		}
		if (at > 0)
			links[at++] = ',';
		memcpy(links + at, t, n);
		at += n;
		connected += parse_word(t, n, "C");
	}
	if (c != st->ncols) {
		sink_error(st->sink, st->l.line, "node #%d's row of the "
		    "connectivity table has %u of %u columns", id, c,
		    st->ncols);
		return;
	}
	parse_copy(x->links, sizeof x->links, links, at);
	x->connected = connected;
	x->valid |= BIT(IMEX_CONNECTED);
}

/* Is this a line of the legend: `C - Connected - Ready for operation'? */
static int
parse_imex_legend(const char *s, size_t len)
{
	const char	*dash = memchr(s, ' ', len);

	return (dash != NULL && parse_imex_code(s, dash - s) &&
	    parse_prefix(dash, s + len - dash, " - "));
}

/* 5/12/2025 06:08:10.580 */
static int
parse_imex_time(const char *s, size_t len)
{
	size_t	 i;

	if (len < 10 || !isdigit((u_char)s[0]))
		return (0);
	for (i = 0; i < len; i++) {
		if (!isdigit((u_char)s[i]) && strchr("/ :.", s[i]) == NULL)
			return (0);
	}
	return (1);
}

/* Send the nodes read, each with the domain's state. */
static int
parse_imex_flush(struct imex_state *st)
{
	u_int	 i, n = st->n;

	if (n > 0 && !st->hasdomain)
		sink_error(st->sink, st->l.line, "no Domain State: line: "
		    "the report is cut");
	for (i = 0; i < n; i++) {
		memcpy(st->nodes[i].domain, st->domain, sizeof st->domain);
		SINK_EMIT(st->sink, imex, &st->nodes[i]);
	}
	return (n);
}

/* Is this an IMEX output at all?  Its Nodes: or Domain State: line. */
static int
parse_imex_is(const char *buf, size_t len)
{
	return (memmem(buf, len, "\nNodes:", 7) != NULL ||
	    (len >= 6 && memcmp(buf, "Nodes:", 6) == 0) ||
	    memmem(buf, len, "Domain State: ", 14) != NULL);
}

int
parse_imex(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct imex_state st;
	const char	*line, *v;
	size_t		 n, vlen;
	int		 sent = 0;

	(void)fmt;
	len = parse_bom(&buf, len);
	if (!parse_imex_is(buf, len)) {
		sink_error(s, 0, "not nvidia-imex-ctl -N: no Nodes: and no "
		    "Domain State: line");
		return (0);
	}
	memset(&st, 0, sizeof st);
	st.sink = s;
	lines_start(&st.l, buf, len, s);
	while (lines_next(&st.l, &line, &n)) {
		n = parse_trim(&line, n);
		if (parse_word(line, n, "Nodes:")) {
			if (st.reports++ == 0)
				continue;
			sink_error(s, st.l.line, "a second report: the output "
			    "of one nvidia-imex-ctl -N expected");
			break;
		}
		if (n == 0)
			continue;
		if (isdigit((u_char)line[0])) {
			if (memchr(line, '/', n) == NULL)
				parse_imex_row(&st, line, n);
			else if (!parse_imex_time(line, n))
				sink_error(s, st.l.line, "not understood: %.*s",
				    (int)(n > 60 ? 60 : n), line);
		} else if (parse_prefix(line, n, "Node #"))
			parse_imex_node(&st, line, n);
		else if (parse_prefix(line, n, "Nodes From\\To"))
			parse_imex_header(&st, line, n);
		else if (parse_word(line, n, "Connectivity Table Legend:") ||
		    parse_imex_legend(line, n))
			continue;
		else if (parse_prefix(line, n, "Domain State: ")) {
			st.hasdomain = 1;
			v = line + 14;
			vlen = parse_trim(&v, n - 14);
			if (!parse_imex_word(v, vlen) ||
			    vlen >= sizeof st.domain)
				sink_error(s, st.l.line, "a Domain State not "
				    "understood: %.*s",
				    (int)(vlen > 20 ? 20 : vlen), v);
			else
				parse_copy(st.domain, sizeof st.domain, v,
				    vlen);
		} else
			sink_error(s, st.l.line, "not understood: %.*s",
			    (int)(n > 60 ? 60 : n), line);
	}
	sent += parse_imex_flush(&st);
	free(st.nodes);
	free(st.cols);
	return (sent);
}
