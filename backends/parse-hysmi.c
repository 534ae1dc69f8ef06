/*
 * myriad - parser for Hygon's hy-smi (DCU) default table.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * hy-smi, and the rocm-smi of Hygon's DTK, print one row per DCU between
 * a banner and a closing line, columns apart by blanks:
 *
 *	======== System Management Interface ========
 *	=============================================
 *	DCU   Temp    AvgPwr   Perf  PwrCap  VRAM%  DCU%  Mode
 *	0     49.0C   118.0W   auto  800.0W  0%     0%    Normal
 *	=============================================
 *	============== End of SMI Log ===============
 *
 * (narrowed here: hy-smi pads each column to 9 or 10).
 *
 * The columns are read by their header's names; a column not in the table
 * below is not read.  The table does not name the DCU's model, and its
 * VRAM% (a share of the memory, not MiB) has no place in the record yet.
 * A table without its End of SMI Log line may be cut: an error.
 */

#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "backend.h"

enum hysmi_col {
	HYC_OTHER,
	HYC_INDEX,
	HYC_TEMP,
	HYC_POWER,
	HYC_PLIMIT,
	HYC_UTIL,
};

#define HYSMI_COLS	16

/* Header name, the unit its values carry, what it fills. */
static const struct {
	const char	*name;
	const char	*unit;
	enum hysmi_col	 col;
	int		 bit;
	double		 max;
} hysmi_cols[] = {
	{ .name = "DCU", .col = HYC_INDEX, .bit = GPU_INDEX },
	{ .name = "Temp", .unit = "C", .col = HYC_TEMP, .bit = GPU_TEMP,
	  .max = 500 },
	{ .name = "AvgPwr", .unit = "W", .col = HYC_POWER, .bit = GPU_POWER,
	  .max = 100000 },
	{ .name = "PwrCap", .unit = "W", .col = HYC_PLIMIT,
	  .bit = GPU_PLIMIT, .max = 100000 },
	{ .name = "DCU%", .unit = "%", .col = HYC_UTIL, .bit = GPU_UTIL,
	  .max = 100 },
};

struct hysmi_ctx {
	const struct sink	*sink;
	int			 ncols;		/* 0: no header yet */
	int			 col[HYSMI_COLS];	/* in hysmi_cols */
	u_int			 header;	/* its line */
	int			 n;
};

/* The next blank-separated word of s[0..len) from *at; 0 at the end. */
static size_t
parse_hysmi_word(const char *s, size_t len, size_t *at, const char **w)
{
	size_t	 n;

	while (*at < len && isspace((u_char)s[*at]))
		(*at)++;
	*w = s + *at;
	for (n = 0; *at < len && !isspace((u_char)s[*at]); n++)
		(*at)++;
	return (n);
}

static int
parse_hysmi_rule(const char *s, size_t len)
{
	return (len > 0 && s[0] == '=' && s[len - 1] == '=');
}

/* DCU Temp AvgPwr ...: the columns, by name. */
static int
parse_hysmi_header(struct hysmi_ctx *c, u_int lineno, const char *s,
    size_t len)
{
	const char	*w;
	size_t		 at = 0, wl, i;
	int		 n = 0;

	wl = parse_hysmi_word(s, len, &at, &w);
	if (wl != 3 || strncmp(w, "DCU", 3) != 0)
		return (0);
	at = 0;
	while ((wl = parse_hysmi_word(s, len, &at, &w)) > 0) {
		if (n == HYSMI_COLS) {
			sink_error(c->sink, lineno, "hy-smi: more than %d "
			    "columns", HYSMI_COLS);
			return (1);
		}
		c->col[n] = -1;
		for (i = 0; i < nitems(hysmi_cols); i++) {
			if (strlen(hysmi_cols[i].name) == wl &&
			    strncmp(hysmi_cols[i].name, w, wl) == 0)
				c->col[n] = i;
		}
		n++;
	}
	c->ncols = n;
	c->header = lineno;
	return (1);
}

/* One value with its unit: 0 read, 1 N/A, -1 refused (said). */
static int
parse_hysmi_value(struct hysmi_ctx *c, u_int lineno, int k, const char *v,
    size_t vl, double *out)
{
	const char	*unit = hysmi_cols[k].unit;
	size_t		 ul = strlen(unit);
	int		 rc;

	if (vl == 3 && strncmp(v, "N/A", 3) == 0)
		return (1);
	/* 51.0°C: the degree sign before the C, as some builds print. */
	if (vl < ul || strncmp(v + vl - ul, unit, ul) != 0) {
		sink_error(c->sink, lineno, "hy-smi: %s: '%.*s' is not in %s",
		    hysmi_cols[k].name, (int)(vl > 40 ? 40 : vl), v, unit);
		return (-1);
	}
	vl -= ul;
	if (vl >= 2 && strncmp(v + vl - 2, "\xc2\xb0", 2) == 0)
		vl -= 2;
	rc = parse_value(c->sink, lineno, hysmi_cols[k].name, v, vl, 0,
	    hysmi_cols[k].max, out);
	if (rc == 1)
		sink_error(c->sink, lineno, "hy-smi: %s: '%.*s' is not a "
		    "number", hysmi_cols[k].name, (int)(vl > 40 ? 40 : vl), v);
	return (rc == 0 ? 0 : -1);
}

static void
parse_hysmi_row(struct hysmi_ctx *c, u_int lineno, const char *s, size_t len)
{
	struct gpu	 g;
	const char	*w[HYSMI_COLS], *extra;
	size_t		 wl[HYSMI_COLS], at = 0;
	uint64_t	 u;
	double		 d;
	int		 i, k, n, rc;

	for (n = 0; n < c->ncols; n++) {
		if ((wl[n] = parse_hysmi_word(s, len, &at, &w[n])) == 0)
			break;
	}
	if (n < c->ncols || parse_hysmi_word(s, len, &at, &extra) > 0) {
		sink_error(c->sink, lineno, "hy-smi: not a row of the %d "
		    "columns of line %u", c->ncols, c->header);
		return;
	}
	memset(&g, 0, sizeof g);
	g.vendor = VENDOR_HYGON;
	for (i = 0; i < c->ncols; i++) {
		if ((k = c->col[i]) < 0)
			continue;
		if (hysmi_cols[k].col == HYC_INDEX) {
			if ((rc = parse_count(c->sink, lineno, "DCU", w[i],
			    wl[i], SHRT_MAX, &u)) != 0) {
				if (rc == 1)
					sink_error(c->sink, lineno, "hy-smi: "
					    "DCU: not an index");
				return;
			}
			g.index = u;
		} else if (parse_hysmi_value(c, lineno, k, w[i], wl[i],
		    &d) == 0) {
			switch (hysmi_cols[k].col) {
			case HYC_TEMP:
				g.temp_c = d;
				break;
			case HYC_POWER:
				g.power_w = d;
				break;
			case HYC_PLIMIT:
				g.power_limit_w = d;
				break;
			case HYC_UTIL:
				g.util_pct = d;
				break;
			default:
				break;
			}
		} else
			continue;
		g.valid |= BIT(hysmi_cols[k].bit);
	}
	SINK_EMIT(c->sink, gpu, &g);
	c->n++;
}

int
parse_hysmi(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct hysmi_ctx c;
	const char	*line;
	size_t		 ll;
	u_int		 refused = 0;
	int		 rule = 0;

	memset(&c, 0, sizeof c);
	c.sink = s;
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		ll = parse_trim(&line, ll);
		/*
		 * A refused line after a rule may be the header: wait for
		 * the next.  One among the rows is a row: the rest is read.
		 */
		if (l.refused != refused && rule)
			c.ncols = 0;
		refused = l.refused;
		if (ll == 0)
			continue;
		if ((rule = parse_hysmi_rule(line, ll))) {
			if (memmem(line, ll, " End of SMI Log ", 16) != NULL)
				c.ncols = 0;
			continue;
		}
		if (parse_hysmi_header(&c, l.line, line, ll))
			continue;
		if (c.header == 0 && l.refused == 0) {
			sink_error(s, l.line, "not hy-smi output: '%.*s'",
			    (int)(ll > 40 ? 40 : ll), line);
			return (0);
		}
		if (c.ncols == 0) {
			sink_error(s, l.line, "hy-smi: a line outside the "
			    "table");
			continue;
		}
		parse_hysmi_row(&c, l.line, line, ll);
	}
	if (c.ncols != 0 && l.refused == refused)
		sink_error(s, l.line + 1, "hy-smi: no End of SMI Log: the "
		    "table may be cut");
	return (c.n);
}
