/*
 * myriad - Huawei Ascend npu-smi info: its table of NPUs.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * npu-smi info prints a table of two rows a chip under two heading rows,
 * its cells split by bars and its columns named in the headings:
 *
 *	| NPU  Name      | Health | Power(W) Temp(C)  Hugepages-Usage(page) |
 *	| Chip Phy-ID    | Bus-Id | AICore(%) Memory-Usage(MB) HBM-Usage(MB) |
 *	+================+========+=========================================+
 *	| 0    Ascend910 | OK     | 211.3    43       0    / 0              |
 *	| 0    0         | 0000:9D:00.0 | 7    0    / 0   61609/ 65536     |
 *	+-----------------------------------------------------------------+
 *
 * Each heading names the values of the row in its place, in order, one
 * value a name (USED / TOTAL, spaced or not, is one value).  The layouts
 * differ in their names (910B's Chip, 310P's Chip Device, an A3's Chip
 * Phy-ID, HBM-Usage or not) and widths (96, 104 and 116 columns): none
 * is relied on but the names.  A border line ends a chip; an Atlas A3
 * card's two chips come one after the other under the same NPU id.  The
 * processes table that follows (its own headings, Process id ...) is not
 * NPUs: its rows are checked for their shape and skipped.  The -t forms
 * and -t topo are parse-npu-t.c's; parse_npu tells them apart.
 */

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "backend.h"

#define NPU_CELLS	8		/* cells a row, values a cell */
#define NPU_MIB_MAX	(1 << 24)	/* 16 TB of memory a chip */

enum npu_col {
	NC_SKIP,		/* read and not kept: Hugepages-Usage */
	NC_CARD,
	NC_NAME,
	NC_CHIP,
	NC_DEVICE,		/* 310P's Device, an A3's Phy-ID */
	NC_HEALTH,
	NC_BUS,
	NC_POWER,
	NC_TEMP,
	NC_AICORE,
	NC_MEMORY,
	NC_HBM,
};

/* The headings' names. */
static const struct {
	const char	*name;
	enum npu_col	 col;
} npu_cols[] = {
	{ .name = "NPU", .col = NC_CARD },
	{ .name = "Name", .col = NC_NAME },
	{ .name = "Chip", .col = NC_CHIP },
	{ .name = "Device", .col = NC_DEVICE },
	{ .name = "Phy-ID", .col = NC_DEVICE },
	{ .name = "Health", .col = NC_HEALTH },
	{ .name = "Bus-Id", .col = NC_BUS },
	{ .name = "Power(W)", .col = NC_POWER },
	{ .name = "Temp(C)", .col = NC_TEMP },
	{ .name = "Hugepages-Usage(page)", .col = NC_SKIP },
	{ .name = "AICore(%)", .col = NC_AICORE },
	{ .name = "Memory-Usage(MB)", .col = NC_MEMORY },
	{ .name = "HBM-Usage(MB)", .col = NC_HBM },
};

/* A value of a cell: one word, or USED / TOTAL. */
struct npu_value {
	const char	*s;
	size_t		 len;
	const char	*total;		/* after the slash, or NULL */
	size_t		 tlen;
};

/* The columns of one heading row: cells of names. */
struct npu_heading {
	u_int		 ncells;
	u_int		 nnames[NPU_CELLS];
	enum npu_col	 cols[NPU_CELLS][NPU_CELLS];
};

enum npu_state {
	NS_START,		/* before the headings */
	NS_HEAD2,		/* after the first heading */
	NS_ROW1,		/* a chip's first row, or a border */
	NS_ROW2,		/* its second row */
	NS_BORDER,		/* the border after it */
	NS_PROCS,		/* the processes table */
	NS_LOST,		/* after a refused line: to the next border */
};

struct npu_ctx {
	const struct sink	*sink;
	enum npu_state		 state;
	enum npu_state		 after;		/* NS_LOST's: where it goes */
	struct npu_heading	 head[2];
	u_int			 procs;		/* cells of a process row */
	struct gpu		 g;
	int			 bad;		/* the chip is not read */
	int			 device;	/* Device, Phy-ID; or -1 */
	int			 hbm;		/* the layout has HBM-Usage */
	u_int			 row;		/* the line of its first row */
	int			 n;
};

static int
parse_npu_word(const char *s, size_t len, const char *word)
{
	return (strlen(word) == len && memcmp(s, word, len) == 0);
}

/* Split a line on its bars: the cells between, trimmed; -1 if not a row. */
static int
parse_npu_cells(const char *s, size_t len, const char **cell, size_t *clen,
    u_int max)
{
	const char	*end = s + len, *bar;
	u_int		 n = 0;

	if (len < 2 || s[0] != '|' || s[len - 1] != '|')
		return (-1);
	for (s++; s < end; s = bar + 1) {
		bar = memchr(s, '|', end - s);	/* the last is end[-1] */
		if (n == max)
			return (-1);
		cell[n] = s;
		clen[n] = parse_trim(&cell[n], bar - s);
		n++;
	}
	return (n);
}

/* The values of a cell, USED / TOTAL joined; -1: too many, a stray slash. */
static int
parse_npu_values(const char *s, size_t len, struct npu_value *v)
{
	const char	*end = s + len, *w;
	size_t		 wl;
	int		 n = 0, slash = 0;

	while (s < end) {
		while (s < end && isspace((u_char)*s))
			s++;
		if (s == end)
			break;
		for (w = s; s < end && !isspace((u_char)*s) && *s != '/';)
			s++;
		wl = s - w;
		if (s < end && *s == '/' && wl == 0) {
			/* A slash alone: the next word is a total. */
			if (n == 0 || slash)
				return (-1);
			slash = 1;
			s++;
			continue;
		}
		if (slash) {
			if (v[n - 1].total != NULL)
				return (-1);
			v[n - 1].total = w;
			v[n - 1].tlen = wl;
			slash = 0;
		} else {
			if (n == NPU_CELLS)
				return (-1);
			v[n].s = w;
			v[n].len = wl;
			v[n].total = NULL;
			v[n].tlen = 0;
			n++;
		}
		if (s < end && *s == '/') {
			if (slash)
				return (-1);
			slash = 1;
			s++;
		}
	}
	return (slash ? -1 : n);
}

/* A heading row: each cell's names; -1 after an error. */
static int
parse_npu_heading(struct npu_ctx *c, u_int lineno, const char *s,
    size_t len, struct npu_heading *h)
{
	const char	*cell[NPU_CELLS], *w;
	size_t		 clen[NPU_CELLS], i;
	struct npu_value v[NPU_CELLS];
	int		 n, k, j;

	if ((n = parse_npu_cells(s, len, cell, clen, NPU_CELLS)) <= 0)
		return (-1);
	h->ncells = n;
	for (k = 0; k < n; k++) {
		j = parse_npu_values(cell[k], clen[k], v);
		if (j < 0) {
			sink_error(c->sink, lineno, "npu-smi: a heading of "
			    "more than %d names", NPU_CELLS);
			return (-1);
		}
		h->nnames[k] = j;
		for (j = 0; j < (int)h->nnames[k]; j++) {
			w = v[j].s;
			for (i = 0; i < nitems(npu_cols); i++) {
				if (parse_npu_word(w, v[j].len,
				    npu_cols[i].name))
					break;
			}
			if (i == nitems(npu_cols) || v[j].total != NULL) {
				sink_error(c->sink, lineno, "npu-smi: unknown "
				    "column '%.*s'", (int)(v[j].len > 40 ? 40 :
				    v[j].len), w);
				return (-1);
			}
			h->cols[k][j] = npu_cols[i].col;
		}
	}
	return (0);
}

static int
parse_npu_has(const struct npu_heading *h, enum npu_col col)
{
	u_int	 k, j;

	for (k = 0; k < h->ncells; k++) {
		for (j = 0; j < h->nnames[k]; j++) {
			if (h->cols[k][j] == col)
				return (1);
		}
	}
	return (0);
}

/* An id: NPU, Chip, Device; -1 after an error. */
static int
parse_npu_id(struct npu_ctx *c, u_int lineno, const char *name,
    const struct npu_value *v, int *out)
{
	uint64_t	 u;

	if (v->total != NULL || parse_count(c->sink, lineno, name, v->s,
	    v->len, INT16_MAX, &u) != 0) {
		if (v->total != NULL || (v->len > 0 && !isdigit((u_char)*v->s)))
			sink_error(c->sink, lineno, "npu-smi: %s: '%.*s' is "
			    "not a number", name, (int)(v->len > 40 ? 40 :
			    v->len), v->s);
		return (-1);
	}
	*out = u;
	return (0);
}

/*
 * The numbers npu-smi prints, 43 and 107.3, without strtod's cost: 0, or
 * -1 for the others (parse_value's to read or refuse).
 */
static int
parse_npu_plain(const char *v, size_t len, double *out)
{
	static const double	 scale[] = { 1, 10, 100, 1000 };
	uint64_t		 u = 0;
	size_t			 i, dot = len;

	if (len == 0 || len > 12)
		return (-1);
	for (i = 0; i < len; i++) {
		if (v[i] == '.' && dot == len && i > 0 && i + 1 < len &&
		    len - i - 1 < nitems(scale))
			dot = i;
		else if (v[i] >= '0' && v[i] <= '9')
			u = u * 10 + (v[i] - '0');
		else
			return (-1);
	}
	*out = dot == len ? (double)u : u / scale[len - dot - 1];
	return (0);
}

/*
 * A number of npu-smi into *f, its bit set; NA and - are unknown, a word or a
 * number out of [min, max] an error.
 */
void
parse_npu_number(const struct sink *s, u_int lineno, const char *name,
    const char *v, size_t len, double min, double max, struct gpu *g, int bit,
    float *f)
{
	double	 d;
	int	 rc;

	if (parse_npu_word(v, len, "NA") || parse_npu_word(v, len, "-"))
		return;
	if ((rc = parse_npu_plain(v, len, &d)) == 0)
		rc = parse_range(s, lineno, name, d, min, max) == 0 ? 0 : -1;
	else
		rc = parse_value(s, lineno, name, v, len, min, max, &d);
	if (rc == 1)
		sink_error(s, lineno, "%s: '%.*s' is not a number", name,
		    (int)(len > 40 ? 40 : len), v);
	if (rc != 0)
		return;
	*f = d;
	g->valid |= BIT(bit);
}

/* USED / TOTAL into memory, as two numbers. */
static void
parse_npu_memory(struct npu_ctx *c, u_int lineno, const char *name,
    const struct npu_value *v)
{
	if (v->total == NULL) {
		sink_error(c->sink, lineno, "npu-smi: %s: '%.*s' is not "
		    "USED / TOTAL", name, (int)(v->len > 40 ? 40 : v->len),
		    v->s);
		return;
	}
	parse_npu_number(c->sink, lineno, name, v->s, v->len, 0,
	    NPU_MIB_MAX, &c->g, GPU_MEMUSED, &c->g.mem_used_mib);
	parse_npu_number(c->sink, lineno, name, v->total, v->tlen, 0,
	    NPU_MIB_MAX, &c->g, GPU_MEMTOTAL, &c->g.mem_total_mib);
}

static void
parse_npu_value(struct npu_ctx *c, u_int lineno, enum npu_col col,
    const struct npu_value *v)
{
	struct gpu	*g = &c->g;
	int		 id;

	if (col != NC_SKIP && col != NC_MEMORY && col != NC_HBM &&
	    v->total != NULL) {
		sink_error(c->sink, lineno, "npu-smi: '%.*s/%.*s' where one "
		    "value goes", (int)(v->len > 20 ? 20 : v->len), v->s,
		    (int)(v->tlen > 20 ? 20 : v->tlen), v->total);
		if (col <= NC_DEVICE)
			c->bad = 1;
		return;
	}
	switch (col) {
	case NC_SKIP:
		break;
	case NC_CARD:
	case NC_CHIP:
	case NC_DEVICE:
		/* What places the chip: without it, no chip. */
		if (parse_npu_id(c, lineno, col == NC_CARD ? "NPU" :
		    col == NC_CHIP ? "Chip" : "Device", v, &id) != 0)
			c->bad = 1;
		else if (col == NC_CARD)
			g->card = id;
		else if (col == NC_CHIP)
			g->chip = id;
		else
			c->device = id;
		break;
	case NC_NAME:
		parse_copy(g->model, sizeof g->model, v->s, v->len);
		break;
	case NC_HEALTH:
		parse_copy(g->health, sizeof g->health, v->s, v->len);
		break;
	case NC_BUS:
		parse_copy(g->bus_id, sizeof g->bus_id, v->s, v->len);
		break;
	case NC_POWER:
		parse_npu_number(c->sink, lineno, "Power(W)", v->s, v->len,
		    0, 1e4, g, GPU_POWER, &g->power_w);
		break;
	case NC_TEMP:
		parse_npu_number(c->sink, lineno, "Temp(C)", v->s, v->len,
		    -50, 300, g, GPU_TEMP, &g->temp_c);
		break;
	case NC_AICORE:
		parse_npu_number(c->sink, lineno, "AICore(%)", v->s, v->len,
		    0, 100, g, GPU_UTIL, &g->util_pct);
		break;
	case NC_MEMORY:
		/* The chip's DDR: its memory only where it has no HBM. */
		if (!c->hbm)
			parse_npu_memory(c, lineno, "Memory-Usage(MB)", v);
		break;
	case NC_HBM:
		parse_npu_memory(c, lineno, "HBM-Usage(MB)", v);
		break;
	}
}

/* A chip's row under heading h; 0 if it is not one. */
static int
parse_npu_row(struct npu_ctx *c, u_int lineno, const char *s, size_t len,
    const struct npu_heading *h)
{
	const char	*cell[NPU_CELLS];
	size_t		 clen[NPU_CELLS];
	struct npu_value v[NPU_CELLS];
	int		 n, k, j;

	if ((n = parse_npu_cells(s, len, cell, clen, NPU_CELLS)) < 0)
		return (0);
	if ((u_int)n != h->ncells) {
		sink_error(c->sink, lineno, "npu-smi: %d cells, the heading "
		    "has %u", n, h->ncells);
		c->bad = 1;
		return (1);
	}
	for (k = 0; k < n; k++) {
		j = parse_npu_values(cell[k], clen[k], v);
		if (j != (int)h->nnames[k]) {
			sink_error(c->sink, lineno, "npu-smi: cell %d has %d "
			    "values, its heading %u names", k + 1, j,
			    h->nnames[k]);
			c->bad = 1;
			return (1);
		}
		for (j = 0; j < (int)h->nnames[k]; j++)
			parse_npu_value(c, lineno, h->cols[k][j], &v[j]);
	}
	return (1);
}

static void
parse_npu_start(struct npu_ctx *c, u_int lineno)
{
	memset(&c->g, 0, sizeof c->g);
	c->g.vendor = VENDOR_HUAWEI;
	c->bad = 0;
	c->device = -1;
	c->row = lineno;
}

/* Both rows read: the chip, unless a value that places it was refused. */
static void
parse_npu_emit(struct npu_ctx *c)
{
	struct gpu	*g = &c->g;

	if (c->bad)
		return;
	g->valid |= BIT(GPU_CARD);
	/* Device, Phy-ID: the node's number of the chip; else the NPU's. */
	if (c->device >= 0) {
		g->index = c->device;
		g->valid |= BIT(GPU_INDEX);
	} else if (g->chip == 0) {
		g->index = g->card;
		g->valid |= BIT(GPU_INDEX);
	}
	SINK_EMIT(c->sink, gpu, g);
	c->n++;
}

/* The names of a heading row's first cell. */
static int
parse_npu_is(const char *s, size_t len, const char *first)
{
	size_t	 n = strlen(first);

	if (len < 2 || s[0] != '|')
		return (0);
	s++;
	len--;
	len = parse_trim(&s, len);
	return (len > n && strncmp(s, first, n) == 0 &&
	    (isspace((u_char)s[n]) || s[n] == '|'));
}

static void
parse_npu_line(struct npu_ctx *c, u_int lineno, const char *s, size_t len)
{
	const char	*cell[NPU_CELLS];
	size_t		 clen[NPU_CELLS];
	int		 border, n;

	border = len > 1 && s[0] == '+' && s[len - 1] == '+';
	if (border && c->state == NS_LOST)
		c->state = c->after;
	switch (c->state) {
	case NS_START:
		if (border || (len > 10 && strncmp(s, "| npu-smi ", 10) == 0))
			return;
		if (!parse_npu_is(s, len, "NPU"))
			break;
		if (parse_npu_heading(c, lineno, s, len, &c->head[0]) == 0)
			c->state = NS_HEAD2;
		return;
	case NS_HEAD2:
		c->state = NS_START;
		if (!parse_npu_is(s, len, "Chip"))
			break;
		if (parse_npu_heading(c, lineno, s, len, &c->head[1]) != 0)
			return;
		if (c->head[1].ncells != c->head[0].ncells) {
			sink_error(c->sink, lineno, "npu-smi: the headings "
			    "have %u and %u cells", c->head[0].ncells,
			    c->head[1].ncells);
			return;
		}
		c->hbm = parse_npu_has(&c->head[0], NC_HBM) ||
		    parse_npu_has(&c->head[1], NC_HBM);
		c->state = NS_ROW1;
		return;
	case NS_ROW1:
		if (border)
			return;
		if (parse_npu_is(s, len, "NPU") &&
		    memmem(s, len, "| Process id", 12) != NULL) {
			n = parse_npu_cells(s, len, cell, clen, NPU_CELLS);
			c->procs = n;
			c->state = NS_PROCS;
			return;
		}
		parse_npu_start(c, lineno);
		if (!parse_npu_row(c, lineno, s, len, &c->head[0]))
			break;
		c->state = NS_ROW2;
		return;
	case NS_ROW2:
		if (border) {
			sink_error(c->sink, c->row, "npu-smi: the chip's "
			    "second row is missing");
			c->state = NS_ROW1;
			return;
		}
		if (!parse_npu_row(c, lineno, s, len, &c->head[1]))
			break;
		parse_npu_emit(c);
		c->state = NS_BORDER;
		return;
	case NS_BORDER:
		if (border) {
			c->state = NS_ROW1;
			return;
		}
		sink_error(c->sink, lineno, "npu-smi: a third row of a chip");
		c->state = NS_LOST;
		c->after = NS_ROW1;
		return;
	case NS_PROCS:
		if (border || (len > 36 && strncmp(s, "| No running processes "
		    "found in NPU ", 36) == 0))
			return;
		n = parse_npu_cells(s, len, cell, clen, NPU_CELLS);
		if (n > 0 && (u_int)n == c->procs)
			return;
		sink_error(c->sink, lineno, "npu-smi: not a process row");
		return;
	case NS_LOST:
		return;
	}
	sink_error(c->sink, lineno, "npu-smi: not a line of npu-smi info");
	if (c->state != NS_START) {
		c->after = c->state == NS_ROW2 ? NS_ROW1 : c->state;
		c->state = NS_LOST;
	}
}

static int
parse_npu_table(const char *buf, size_t len, const struct sink *s)
{
	struct lines	 l;
	struct npu_ctx	 c;
	const char	*line;
	size_t		 ll;
	u_int		 refused = 0;
	int		 border = 0;

	memset(&c, 0, sizeof c);
	c.sink = s;
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		/* A refused line may be a chip's row: to the next border. */
		if (l.refused != refused && c.state != NS_START &&
		    c.state != NS_HEAD2 && c.state != NS_LOST) {
			c.after = c.state == NS_ROW2 ? NS_ROW1 : c.state;
			if (c.after == NS_BORDER)
				c.after = NS_ROW1;
			c.state = NS_LOST;
		}
		refused = l.refused;
		while (ll > 0 && isspace((u_char)line[ll - 1]))
			ll--;
		if (ll == 0)
			continue;
		parse_npu_line(&c, l.line, line, ll);
		border = line[0] == '+';
	}
	if (c.state == NS_START || c.state == NS_HEAD2)
		sink_error(s, l.line, "npu-smi: no table of NPUs");
	else if (c.state == NS_ROW2)
		sink_error(s, c.row, "npu-smi: the chip's second row is "
		    "missing");
	else if (!border && l.refused == refused)
		sink_error(s, l.line, "npu-smi: the table is cut short");
	return (c.n);
}

/*
 * npu-smi info, info -t TYPE -i N [-c C], info -t topo: told apart by
 * their first line.  fmt, when given, is the command's arguments (-i N
 * -c C): the chip of an output that does not name it.
 */
int
parse_npu(const char *buf, size_t len, const char *fmt, const struct sink *s)
{
	const char	*p = buf, *end;
	size_t		 n;

	n = parse_bom(&p, len);
	end = p + n;
	while (p < end && isspace((u_char)*p))
		p++;
	if (p < end && (*p == '+' || *p == '|'))
		return (parse_npu_table(buf, len, s));
	if (end - p > 4 && strncmp(p, "NPU", 3) == 0 && isdigit((u_char)p[3]))
		return (parse_npu_topo(buf, len, s));
	return (parse_npu_t(buf, len, fmt, s));
}
