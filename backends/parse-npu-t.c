/*
 * myriad - Huawei Ascend npu-smi info -t TYPE -i N [-c C], and -t topo.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The -t forms print "Key : value" lines in blocks parted by blank lines
 * (or lines of blanks): a block of the card (NPU ID, Chip Count), one a
 * chip (Chip ID, first or last in its block), one of the card's MCU
 * (Chip Name : MCU, first or last), or a single block of the chip asked
 * for (-t board, -t memory, -t health -c C):
 *
 *	NPU ID                         : 1
 *	Chip Count                     : 1
 *
 *	Chip ID                        : 0
 *	Aicore Usage Rate(%)           : 6
 *	Temperature(C)                 : 46
 *
 *	Chip Name                      : mcu
 *	Temperature(C)                 : 40
 *
 * A block is read whole before it is known whose it is.  The MCU's are
 * not an NPU's and are skipped; a block with a refused line or a chip id
 * that is not one is not read.  A block that names no chip is the card's
 * only chip (Chip Count 1), or the -c of fmt; a card of several chips
 * with no chip named is refused.  Keys not in the table below are not
 * read (the serial number, the firmware version ...), nor -t health's
 * Error Code: the Health word is the NPU's verdict (OK, Alarm) and the
 * codes no read error; no real output with codes in it has been seen.
 *
 * -t topo prints a matrix of NPUs, as nvidia-smi topo -m: each cell the
 * path between the two (HCCS, PIX, PXB, PHB, SYS, NA; X itself), then
 * the CPU affinity and a legend.  Each HCCS cell is an nvlink record, the
 * row's NPU its gpu and the column's its link; its state is unknown: the
 * matrix says where the links are, not whether they are up.
 */

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

#define NPU_T_CHIPS	16		/* chips of one card */
#define NPU_T_COLS	64		/* NPUs of a topo matrix */

enum npu_t_key {
	NK_CARD,
	NK_COUNT,
	NK_CHIP,
	NK_NAME,
	NK_HEALTH,
	NK_BUS,
	NK_NUMBER,		/* into bit's member */
	NK_LESSER,		/* the same, where no NK_NUMBER of it is */
};

#define N(k, w, b, m, lo, hi) { .key = k, .what = w, .bit = b,		\
	.off = offsetof(struct gpu, m), .min = lo, .max = hi }

/*
 * The keys read.  The DDR's (or a 310B's Memory) are the chip's memory
 * only where it has no HBM.
 */
static const struct {
	const char	*key;
	enum npu_t_key	 what;
	int		 bit;
	size_t		 off;
	double		 min, max;
} npu_t_keys[] = {
	{ .key = "NPU ID", .what = NK_CARD },
	{ .key = "Chip Count", .what = NK_COUNT },
	{ .key = "Chip ID", .what = NK_CHIP },
	{ .key = "Chip Name", .what = NK_NAME },
	{ .key = "Health", .what = NK_HEALTH },
	{ .key = "Health Status", .what = NK_HEALTH },
	{ .key = "PCIe Bus Info", .what = NK_BUS },
	N("Aicore Usage Rate(%)", NK_NUMBER, GPU_UTIL, util_pct, 0, 100),
	N("HBM Capacity(MB)", NK_NUMBER, GPU_MEMTOTAL, mem_total_mib, 0,
	    1 << 24),
	N("DDR Capacity(MB)", NK_LESSER, GPU_MEMTOTAL, mem_total_mib, 0,
	    1 << 24),
	N("Memory Capacity(MB)", NK_LESSER, GPU_MEMTOTAL, mem_total_mib, 0,
	    1 << 24),
	N("HBM Temperature(C)", NK_NUMBER, GPU_MEMTEMP, memtemp_c, -50, 300),
	N("Temperature(C)", NK_NUMBER, GPU_TEMP, temp_c, -50, 300),
	N("NPU Temperature (C)", NK_NUMBER, GPU_TEMP, temp_c, -50, 300),
	N("NPU Real-time Power(W)", NK_NUMBER, GPU_POWER, power_w, 0, 1e4),
	N("Aicore curFreq(MHZ)", NK_NUMBER, GPU_SMCLK, sm_clock_mhz, 0, 1e5),
	N("HBM Bandwidth Usage Rate(%)", NK_NUMBER, GPU_MEMUTIL, memutil_pct,
	    0, 100),
	N("DDR Bandwidth Usage Rate(%)", NK_LESSER, GPU_MEMUTIL, memutil_pct,
	    0, 100),
	N("Memory Bandwidth Usage Rate(%)", NK_LESSER, GPU_MEMUTIL,
	    memutil_pct, 0, 100),
};

/* The numbers a chip's record takes from one block or another. */
static const struct {
	int	 bit;
	size_t	 off;
} npu_t_floats[] = {
	{ GPU_UTIL, offsetof(struct gpu, util_pct) },
	{ GPU_MEMUTIL, offsetof(struct gpu, memutil_pct) },
	{ GPU_MEMTOTAL, offsetof(struct gpu, mem_total_mib) },
	{ GPU_TEMP, offsetof(struct gpu, temp_c) },
	{ GPU_MEMTEMP, offsetof(struct gpu, memtemp_c) },
	{ GPU_POWER, offsetof(struct gpu, power_w) },
	{ GPU_SMCLK, offsetof(struct gpu, sm_clock_mhz) },
};

struct npu_t_block {
	struct gpu	 g;
	struct gpu	 lesser;	/* NK_LESSER's */
	uint64_t	 seen;		/* NK_NUMBER's bits, read or not */
	int		 chip;		/* its Chip ID, or -1 */
	int		 mcu;
	int		 lost;		/* a line refused: not read */
};

struct npu_t_ctx {
	const struct sink	*sink;
	int			 card;		/* NPU ID, or -1 */
	int			 count;		/* Chip Count, or -1 */
	struct npu_t_block	 b;
	struct gpu		 chips[NPU_T_CHIPS];
	u_int			 nchips;
	struct gpu		 loose;		/* of no chip named */
	int			 haveloose;
	u_int			 line;		/* the last block's */
	u_int			 known;		/* keys of the table read */
};

static void
parse_npu_t_clear(struct npu_t_block *b)
{
	memset(b, 0, sizeof *b);
	b->chip = -1;
}

/* What src holds that dst does not, into dst. */
static void
parse_npu_t_merge(struct gpu *dst, const struct gpu *src)
{
	size_t	 i;

	for (i = 0; i < nitems(npu_t_floats); i++) {
		if (!(src->valid & BIT(npu_t_floats[i].bit)) ||
		    (dst->valid & BIT(npu_t_floats[i].bit)))
			continue;
		memcpy((char *)dst + npu_t_floats[i].off,
		    (const char *)src + npu_t_floats[i].off, sizeof (float));
		dst->valid |= BIT(npu_t_floats[i].bit);
	}
	if (dst->model[0] == '\0')
		strlcpy(dst->model, src->model, sizeof dst->model);
	if (dst->health[0] == '\0')
		strlcpy(dst->health, src->health, sizeof dst->health);
	if (dst->bus_id[0] == '\0')
		strlcpy(dst->bus_id, src->bus_id, sizeof dst->bus_id);
}

/* A block ends: whose it is, now its keys are all read. */
static void
parse_npu_t_end(struct npu_t_ctx *c)
{
	struct npu_t_block	*b = &c->b;
	struct gpu		*g = &b->g;

	if (b->lost || b->mcu) {
		parse_npu_t_clear(b);
		return;
	}
	b->lesser.valid &= ~b->seen;
	parse_npu_t_merge(g, &b->lesser);
	if (b->chip >= 0) {
		if (c->nchips == NPU_T_CHIPS)
			sink_error(c->sink, c->line, "npu-smi: more than %d "
			    "chips", NPU_T_CHIPS);
		else {
			g->chip = b->chip;
			c->chips[c->nchips++] = *g;
		}
	} else if (g->valid != 0 || g->model[0] != '\0' ||
	    g->health[0] != '\0' || g->bus_id[0] != '\0') {
		parse_npu_t_merge(&c->loose, g);
		c->haveloose = 1;
	}
	parse_npu_t_clear(b);
}

/* An id or a count; -1 after an error. */
static int
parse_npu_t_id(struct npu_t_ctx *c, u_int lineno, const char *key,
    const char *v, size_t len)
{
	uint64_t	 u;
	int		 rc;

	rc = parse_count(c->sink, lineno, key, v, len, INT16_MAX, &u);
	if (rc == 1)
		sink_error(c->sink, lineno, "npu-smi: %s: '%.*s' is not a "
		    "number", key, (int)(len > 40 ? 40 : len), v);
	return (rc == 0 ? (int)u : -1);
}

static void
parse_npu_t_value(struct npu_t_ctx *c, u_int lineno, u_int k,
    const char *v, size_t len)
{
	struct npu_t_block	*b = &c->b;
	struct gpu		*g = &b->g;
	const char		*key = npu_t_keys[k].key;

	switch (npu_t_keys[k].what) {
	case NK_CARD:
		c->card = parse_npu_t_id(c, lineno, key, v, len);
		break;
	case NK_COUNT:
		c->count = parse_npu_t_id(c, lineno, key, v, len);
		break;
	case NK_CHIP:
		if ((b->chip = parse_npu_t_id(c, lineno, key, v, len)) < 0)
			b->lost = 1;
		break;
	case NK_NAME:
		if (len == 3 && strncasecmp(v, "MCU", 3) == 0)
			b->mcu = 1;
		else
			parse_copy(g->model, sizeof g->model, v, len);
		break;
	case NK_HEALTH:
		parse_copy(g->health, sizeof g->health, v, len);
		break;
	case NK_BUS:
		parse_copy(g->bus_id, sizeof g->bus_id, v, len);
		break;
	case NK_NUMBER:
		b->seen |= BIT(npu_t_keys[k].bit);
		/* FALLTHROUGH */
	case NK_LESSER:
		if (npu_t_keys[k].what == NK_LESSER)
			g = &b->lesser;
		parse_npu_number(c->sink, lineno, key, v, len,
		    npu_t_keys[k].min, npu_t_keys[k].max, g, npu_t_keys[k].bit,
		    (float *)((char *)g + npu_t_keys[k].off));
		break;
	}
}

static void
parse_npu_t_line(struct npu_t_ctx *c, u_int lineno, const char *s,
    size_t len)
{
	const char	*colon, *v, *end = s + len;
	size_t		 i, klen, vlen;

	if ((colon = memchr(s, ':', len)) == NULL) {
		sink_error(c->sink, lineno, "npu-smi: not a key : value line");
		c->b.lost = 1;
		return;
	}
	klen = parse_trim(&s, colon - s);
	v = colon + 1;
	vlen = parse_trim(&v, end - v);
	for (i = 0; i < nitems(npu_t_keys); i++) {
		if (strlen(npu_t_keys[i].key) == klen &&
		    memcmp(s, npu_t_keys[i].key, klen) == 0) {
			c->known++;
			parse_npu_t_value(c, lineno, i, v, vlen);
			return;
		}
	}
}

/* -i N and -c C of the command's arguments, each -1 when not given. */
static void
parse_npu_t_args(const char *fmt, int *card, int *chip)
{
	const char	*p;
	char		*end;
	long		 v;

	*card = *chip = -1;
	for (p = fmt; p != NULL && *p != '\0'; p++) {
		if (p[0] != '-' || (p[1] != 'i' && p[1] != 'c') ||
		    (p > fmt && !isspace((u_char)p[-1])) ||
		    !isspace((u_char)p[2]))
			continue;
		v = strtol(p + 3, &end, 10);
		if (end == p + 3 || v < 0 || v > INT16_MAX)
			continue;
		*(p[1] == 'i' ? card : chip) = v;
	}
}

static void
parse_npu_t_emit(struct npu_t_ctx *c, struct gpu *g, int chip)
{
	g->vendor = VENDOR_HUAWEI;
	if (c->card >= 0 && chip >= 0) {
		g->card = c->card;
		g->chip = chip;
		g->valid |= BIT(GPU_CARD);
		if (c->count == 1 && chip == 0) {
			g->index = c->card;
			g->valid |= BIT(GPU_INDEX);
		}
	}
	SINK_EMIT(c->sink, gpu, g);
}

/* The records, once every block is read. */
static int
parse_npu_t_done(struct npu_t_ctx *c, const char *fmt)
{
	int	 card, chip;
	u_int	 i;

	parse_npu_t_args(fmt, &card, &chip);
	if (c->card < 0)
		c->card = card;
	if (chip < 0 && c->count == 1)
		chip = 0;
	if (c->haveloose) {
		for (i = 0; i < c->nchips; i++) {
			if (c->chips[i].chip == chip)
				break;
		}
		if (i < c->nchips)
			parse_npu_t_merge(&c->chips[i], &c->loose);
		else if (chip < 0 && c->count > 1)
			sink_error(c->sink, c->line, "npu-smi: the card has "
			    "%d chips and the output names none (-c)",
			    c->count);
		else {
			parse_npu_t_emit(c, &c->loose, chip);
			c->nchips++;
			return (c->nchips);
		}
	}
	for (i = 0; i < c->nchips; i++)
		parse_npu_t_emit(c, &c->chips[i], c->chips[i].chip);
	return (c->nchips);
}

int
parse_npu_t(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct npu_t_ctx c;
	const char	*line;
	size_t		 ll;
	u_int		 refused = 0, seen = 0;

	memset(&c, 0, sizeof c);
	c.sink = s;
	c.card = c.count = -1;
	parse_npu_t_clear(&c.b);
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		if (l.refused != refused)
			c.b.lost = 1;
		refused = l.refused;
		if ((ll = parse_trim(&line, ll)) == 0) {
			parse_npu_t_end(&c);
			continue;
		}
		if (seen++ == 0 && l.refused == 0 &&
		    memchr(line, ':', ll) == NULL) {
			sink_error(s, l.line, "not npu-smi output: '%.*s'",
			    (int)(ll > 40 ? 40 : ll), line);
			return (0);
		}
		c.line = l.line;
		parse_npu_t_line(&c, l.line, line, ll);
	}
	if (l.refused != refused)
		c.b.lost = 1;
	parse_npu_t_end(&c);
	if (c.known == 0 && l.line > 0) {
		sink_error(s, 1, "npu-smi: not the output of npu-smi info");
		return (0);
	}
	return (parse_npu_t_done(&c, fmt));
}

/* NPU12: 12; -1 if not an NPU's name (of the 64 a matrix holds). */
static int
parse_npu_t_name(const char *s, size_t len)
{
	uint64_t	 u;

	if (len < 4 || strncmp(s, "NPU", 3) != 0 ||
	    parse_u64(s + 3, len - 3, &u) != 0 || u >= NPU_T_COLS ||
	    !isdigit((u_char)s[len - 1]))
		return (-1);
	return (u);
}

/* The next word of [*p, end), or 0. */
static size_t
parse_npu_t_word(const char **p, const char *end, const char **w)
{
	const char	*s = *p;

	while (s < end && isspace((u_char)*s))
		s++;
	*w = s;
	while (s < end && !isspace((u_char)*s))
		s++;
	*p = s;
	return (s - *w);
}

/* The paths of -t topo that are not HCCS: no link. */
static const char *npu_t_paths[] = { "PIX", "PXB", "PHB", "SYS", "NA" };

/* A row of the matrix: its HCCS links, once every path is known. */
static int
parse_npu_t_row(const struct sink *s, u_int lineno, const char *p,
    const char *end, const int *cols, u_int ncols)
{
	struct nvlink	 k;
	const char	*w;
	size_t		 wl, i;
	u_int		 j;
	int		 npu, n = 0;
	char		 hccs[NPU_T_COLS];

	wl = parse_npu_t_word(&p, end, &w);
	if ((npu = parse_npu_t_name(w, wl)) < 0) {
		sink_error(s, lineno, "npu-smi: '%.*s' is not an NPU",
		    (int)(wl > 40 ? 40 : wl), w);
		return (0);
	}
	for (j = 0; j < ncols; j++) {
		hccs[j] = 0;
		if ((wl = parse_npu_t_word(&p, end, &w)) == 0) {
			sink_error(s, lineno, "npu-smi: NPU%d: %u paths of %u",
			    npu, j, ncols);
			return (0);
		}
		if (wl == 1 && *w == 'X' && cols[j] == npu)
			continue;
		if (wl == 4 && strncmp(w, "HCCS", 4) == 0 && cols[j] != npu) {
			hccs[j] = 1;
			continue;
		}
		for (i = 0; i < nitems(npu_t_paths); i++) {
			if (strlen(npu_t_paths[i]) == wl &&
			    strncmp(w, npu_t_paths[i], wl) == 0)
				break;
		}
		if (i == nitems(npu_t_paths) || cols[j] == npu) {
			sink_error(s, lineno, "npu-smi: NPU%d to NPU%d: "
			    "unknown path '%.*s'", npu, cols[j],
			    (int)(wl > 20 ? 20 : wl), w);
			return (0);
		}
	}
	for (j = 0; j < ncols; j++) {
		if (!hccs[j])
			continue;
		memset(&k, 0, sizeof k);
		k.gpu = npu;
		k.link = cols[j];
		k.state = LINK_UNKNOWN;
		SINK_EMIT(s, nvlink, &k);
		n++;
	}
	return (n);
}

/* The heading's NPUs, in order; 0 if it names none. */
static u_int
parse_npu_t_heading(const struct sink *s, u_int lineno, const char *p,
    const char *end, int *cols)
{
	const char	*w;
	size_t		 wl;
	u_int		 n = 0;
	int		 npu;

	while ((wl = parse_npu_t_word(&p, end, &w)) > 0 &&
	    (npu = parse_npu_t_name(w, wl)) >= 0) {
		if (n == NPU_T_COLS) {
			sink_error(s, lineno, "npu-smi: more than %d NPUs",
			    NPU_T_COLS);
			return (0);
		}
		cols[n++] = npu;
	}
	if (n == 0)
		sink_error(s, lineno, "npu-smi: not a heading of NPUs");
	return (n);
}

int
parse_npu_topo(const char *buf, size_t len, const struct sink *s)
{
	struct lines	 l;
	const char	*line;
	size_t		 ll;
	int		 cols[NPU_T_COLS], n = 0, legend = 0;
	u_int		 ncols = 0, rows = 0;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		/* The legend is read to its end, for a cut line's sake. */
		if (legend || (ll = parse_trim(&line, ll)) == 0)
			continue;
		if (ncols == 0) {
			if ((ncols = parse_npu_t_heading(s, l.line, line,
			    line + ll, cols)) == 0)
				return (0);
		} else if (ll == 7 && strncmp(line, "Legend:", 7) == 0)
			legend = 1;
		else if (rows++ < ncols)
			n += parse_npu_t_row(s, l.line, line, line + ll, cols,
			    ncols);
		else
			sink_error(s, l.line, "npu-smi: a row past the "
			    "matrix's %u", ncols);
	}
	if (ncols > 0 && rows < ncols && l.refused == 0)
		sink_error(s, l.line, "npu-smi: the matrix is cut short: %u "
		    "rows of %u", rows, ncols);
	return (n);
}
