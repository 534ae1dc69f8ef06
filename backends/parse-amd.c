/*
 * myriad - AMD Instinct: amd-smi in each form it prints, and rocm-smi.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The command and the form are read from the content:
 *
 *	GPU: 0				metric, static, list: blocks of
 *	    USAGE:			KEY: value, a section per indent of
 *	        GFX_ACTIVITY: 0 %	four spaces (CPU: N blocks skipped)
 *
 *	GPU  POWER  GPU_TEMP ...	monitor: columns by header name
 *	  0  171 W     32 °C ...
 *
 *	LINK METRIC TABLE:		xgmi: a GPU's row, its peers' columns
 *	ACCESS TABLE: ...		topology: matrices keyed by BDF
 *	[ { "gpu": 0, ... } ]		--json of ROCm 6.1 to 6.3
 *	{ "gpu_data": [ ... ] }		--json of later amd-smi
 *
 * A record is a GPU as amd-smi numbers it: in CPX mode an MI300X is eight
 * of them, each its partition (monitor prints the socket's power and
 * temperatures on each).  temp_c is the hotspot (junction) temperature,
 * the edge one where no hotspot is given; amd-smi's MB are MiB.  XGMI
 * links are nvlink records, the link being the peer GPU's index.
 */

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

#define AMD_MAXGPU	64	/* GPUs (partitions) a node shows */
#define AMD_DEPTH	8	/* sections within sections */
#define AMD_MAXMIB	(16.0 * 1024 * 1024)	/* 16 TiB of VRAM */
#define AMD_MAXW	10000	/* W a socket draws */

/* What a key fills, in text, table and JSON alike. */
enum amd_key {
	AK_UTIL,
	AK_MEMUTIL,
	AK_MEMUSED,
	AK_MEMTOTAL,
	AK_HOTSPOT,
	AK_EDGE,
	AK_MEMTEMP,
	AK_POWER,
	AK_PLIMIT,
	AK_SMCLK,
	AK_ECC_CORR,
	AK_ECC_UNCORR,
	AK_MODEL,
	AK_PRODUCT,
	AK_BUS,
	AK_UUID,
	AK_COMPUTE,
	AK_MEMORY,
	AK_MEMUSED_B,		/* rocm-smi's bytes */
	AK_MEMTOTAL_B,
	AK_PARTITIONS,		/* rocm-smi's NPS1, SPX */
	AK_INDEX,
};

struct amd_field {
	const char	*path;		/* SECTION/KEY, lower case in JSON */
	enum amd_key	 key;
	const char	*unit;		/* text: what follows the number */
	double		 max;
};

/* amd-smi metric, static and list (JSON: the same, in lower case). */
static const struct amd_field amd_fields[] = {
	{ .path = "USAGE/GFX_ACTIVITY", .key = AK_UTIL,
	  .unit = "%", .max = 100 },
	{ .path = "USAGE/UMC_ACTIVITY", .key = AK_MEMUTIL,
	  .unit = "%", .max = 100 },
	{ .path = "MEM_USAGE/USED_VRAM", .key = AK_MEMUSED,
	  .unit = "MB", .max = AMD_MAXMIB },
	{ .path = "MEM_USAGE/TOTAL_VRAM", .key = AK_MEMTOTAL,
	  .unit = "MB", .max = AMD_MAXMIB },
	{ .path = "VRAM/SIZE", .key = AK_MEMTOTAL,
	  .unit = "MB", .max = AMD_MAXMIB },
	{ .path = "TEMPERATURE/HOTSPOT", .key = AK_HOTSPOT,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "TEMPERATURE/EDGE", .key = AK_EDGE,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "TEMPERATURE/MEM", .key = AK_MEMTEMP,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "POWER/SOCKET_POWER", .key = AK_POWER,
	  .unit = "W", .max = AMD_MAXW },
	{ .path = "LIMIT/SOCKET_POWER", .key = AK_PLIMIT,
	  .unit = "W", .max = AMD_MAXW },
	{ .path = "CLOCK/GFX_0/CLK", .key = AK_SMCLK,
	  .unit = "MHz", .max = 10000 },
	{ .path = "ECC/TOTAL_CORRECTABLE_COUNT", .key = AK_ECC_CORR },
	{ .path = "ECC/TOTAL_UNCORRECTABLE_COUNT", .key = AK_ECC_UNCORR },
	{ .path = "ASIC/MARKET_NAME", .key = AK_MODEL },
	{ .path = "BOARD/PRODUCT_NAME", .key = AK_PRODUCT },
	{ .path = "BUS/BDF", .key = AK_BUS },
	{ .path = "BDF", .key = AK_BUS },
	{ .path = "UUID", .key = AK_UUID },
	{ .path = "ASIC/UUID", .key = AK_UUID },
	{ .path = "PARTITION/COMPUTE_PARTITION", .key = AK_COMPUTE },
	{ .path = "PARTITION/MEMORY_PARTITION", .key = AK_MEMORY },
};

/* amd-smi monitor's columns (the others are read past). */
static const struct amd_field amd_columns[] = {
	{ .path = "GFX_UTIL", .key = AK_UTIL, .unit = "%", .max = 100 },
	{ .path = "MEM_UTIL", .key = AK_MEMUTIL, .unit = "%", .max = 100 },
	{ .path = "VRAM_USED", .key = AK_MEMUSED,
	  .unit = "MB", .max = AMD_MAXMIB },
	{ .path = "VRAM_TOTAL", .key = AK_MEMTOTAL,
	  .unit = "MB", .max = AMD_MAXMIB },
	{ .path = "GPU_TEMP", .key = AK_HOTSPOT,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "MEM_TEMP", .key = AK_MEMTEMP,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "POWER", .key = AK_POWER, .unit = "W", .max = AMD_MAXW },
	{ .path = "GFX_CLOCK", .key = AK_SMCLK, .unit = "MHz", .max = 10000 },
	{ .path = "SINGLE_ECC", .key = AK_ECC_CORR },
	{ .path = "DOUBLE_ECC", .key = AK_ECC_UNCORR },
};

/* One GPU being read: its record and what only the end decides. */
struct amd_gpu {
	struct gpu	 g;
	char		 compute[6];	/* SPX, CPX */
	char		 memory[6];	/* NPS1, NPS4 */
	int		 totals;	/* ECC's totals seen */
	int		 blocks;	/* ECC_BLOCKS seen */
	uint64_t	 block_corr;
	uint64_t	 block_uncorr;
	char		 product[48];
};

static void
parse_amd_gpu_init(struct gpu *g, int index)
{
	memset(g, 0, sizeof *g);
	g->vendor = VENDOR_AMD;
	if (index >= 0) {
		g->index = index;
		g->valid |= BIT(GPU_INDEX);
	}
}

/* The spellings of nothing: a value that is null, not an error. */
static int
parse_amd_none(const char *v, size_t len)
{
	static const struct {
		const char	*word;
		size_t		 len;
	} none[] = {
#define AMD_NONE(w) { w, sizeof w - 1 }
		AMD_NONE("N/A"), AMD_NONE("NA"), AMD_NONE("Not supported"),
		AMD_NONE("Not Supported"), AMD_NONE("unknown"),
		AMD_NONE("Unknown"), AMD_NONE("-"),
#undef AMD_NONE
	};
	size_t	 i;

	if (len > 0 && (isspace((u_char)*v) || isspace((u_char)v[len - 1])))
		len = parse_trim(&v, len);
	if (len == 0)
		return (1);
	if (*v != 'N' && *v != 'u' && *v != 'U' && *v != '-')
		return (0);			/* a number, a word */
	for (i = 0; i < nitems(none); i++) {
		if (none[i].len == len && memcmp(none[i].word, v, len) == 0)
			return (1);
	}
	return (0);
}

/*
 * A number the tool printed with its unit (171 W, 32 °C, 35.0°C, 131Mhz),
 * without blanks around it: 0 and the value, 1 for a spelling of
 * nothing, -1 after an error for a number in another unit or a damaged
 * one.
 */
static int
parse_amd_number(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, const char *unit, double max, double *out)
{
	size_t	 ulen;

	if (len == 0 || ((*v < '0' || *v > '9') && parse_amd_none(v, len)))
		return (1);
	if (unit != NULL) {
		ulen = strlen(unit);
		if (len < ulen || (memcmp(v + len - ulen, unit, ulen) != 0 &&
		    strncasecmp(v + len - ulen, unit, ulen) != 0)) {
			sink_error(s, line, "%s: '%.*s' is not in %s", name,
			    (int)(len > 40 ? 40 : len), v, unit);
			return (-1);
		}
		len -= ulen;
		while (len > 0 && v[len - 1] == ' ')
			len--;		/* 171 W */
	}
	switch (parse_value(s, line, name, v, len, 0, max, out)) {
	case 0:
		return (0);
	case 1:
		sink_error(s, line, "%s: '%.*s' is not a number", name,
		    (int)(len > 40 ? 40 : len), v);
		/* FALLTHROUGH */
	default:
		return (-1);
	}
}

/* A count (ECC errors): as parse_amd_number. */
static int
parse_amd_count(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, uint64_t *out)
{
	len = parse_trim(&v, len);
	if (parse_amd_none(v, len))
		return (1);
	switch (parse_count(s, line, name, v, len, UINT64_MAX, out)) {
	case 0:
		return (0);
	case 1:
		sink_error(s, line, "%s: '%.*s' is not a count", name,
		    (int)(len > 40 ? 40 : len), v);
		/* FALLTHROUGH */
	default:
		return (-1);
	}
}

static void	parse_amd_put(struct amd_gpu *, const struct amd_field *,
		    double);

/* A value of a field into the GPU being read. */
static void
parse_amd_set(const struct sink *s, u_int line, struct amd_gpu *a,
    const struct amd_field *f, const char *v, size_t len)
{
	struct gpu	*g = &a->g;
	const char	*p, *q;
	double		 d;
	uint64_t	 u;

	len = parse_trim(&v, len);
	switch (f->key) {
	case AK_MODEL:
	case AK_PRODUCT:
	case AK_BUS:
	case AK_UUID:
	case AK_COMPUTE:
	case AK_MEMORY:
		/* A capture's <redacted> is no identifier. */
		if (parse_amd_none(v, len) || (len > 0 && *v == '<'))
			return;
		if (f->key == AK_MODEL)
			parse_copy(g->model, sizeof g->model, v, len);
		else if (f->key == AK_PRODUCT)
			parse_copy(a->product, sizeof a->product, v, len);
		else if (f->key == AK_BUS)
			parse_copy(g->bus_id, sizeof g->bus_id, v, len);
		else if (f->key == AK_UUID)
			parse_copy(g->uuid, sizeof g->uuid, v, len);
		else if (f->key == AK_COMPUTE)
			parse_copy(a->compute, sizeof a->compute, v, len);
		else
			parse_copy(a->memory, sizeof a->memory, v, len);
		return;
	case AK_PARTITIONS:
		if ((p = memchr(v, ',', len)) == NULL) {
			sink_error(s, line, "%s: '%.*s' is not MEM, COMPUTE",
			    f->path, (int)(len > 40 ? 40 : len), v);
			return;
		}
		q = p + 1;
		parse_copy(a->memory, sizeof a->memory, v, parse_trim(&v,
		    p - v));
		parse_copy(a->compute, sizeof a->compute, q, parse_trim(&q,
		    v + len - q));
		return;
	case AK_MEMUSED_B:
	case AK_MEMTOTAL_B:
		if (parse_amd_count(s, line, f->path, v, len, &u) != 0)
			return;
		if (f->key == AK_MEMUSED_B) {
			g->mem_used_mib = u / 1048576.0;
			g->valid |= BIT(GPU_MEMUSED);
		} else {
			g->mem_total_mib = u / 1048576.0;
			g->valid |= BIT(GPU_MEMTOTAL);
		}
		return;
	case AK_ECC_CORR:
	case AK_ECC_UNCORR:
		if (parse_amd_count(s, line, f->path, v, len, &u) != 0)
			return;
		if (f->key == AK_ECC_CORR) {
			g->ecc_sbe = u;
			g->valid |= BIT(GPU_ECC_SBE);
		} else {
			g->ecc_dbe = u;
			g->valid |= BIT(GPU_ECC_DBE);
		}
		a->totals = 1;
		return;
	default:
		break;
	}
	if (parse_amd_number(s, line, f->path, v, len, f->unit, f->max,
	    &d) == 0)
		parse_amd_put(a, f, d);
}

/* A measure read into the GPU being read. */
static void
parse_amd_put(struct amd_gpu *a, const struct amd_field *f, double d)
{
	struct gpu	*g = &a->g;

	switch (f->key) {
	case AK_UTIL:
		g->util_pct = d;
		g->valid |= BIT(GPU_UTIL);
		break;
	case AK_MEMUTIL:
		g->memutil_pct = d;
		g->valid |= BIT(GPU_MEMUTIL);
		break;
	case AK_MEMUSED:
		g->mem_used_mib = d;
		g->valid |= BIT(GPU_MEMUSED);
		break;
	case AK_MEMTOTAL:
		g->mem_total_mib = d;
		g->valid |= BIT(GPU_MEMTOTAL);
		break;
	case AK_HOTSPOT:
		g->temp_c = d;
		g->valid |= BIT(GPU_TEMP);
		break;
	case AK_EDGE:
		if (!(g->valid & BIT(GPU_TEMP))) {
			g->temp_c = d;
			g->valid |= BIT(GPU_TEMP);
		}
		break;
	case AK_MEMTEMP:
		g->memtemp_c = d;
		g->valid |= BIT(GPU_MEMTEMP);
		break;
	case AK_POWER:
		g->power_w = d;
		g->valid |= BIT(GPU_POWER);
		break;
	case AK_PLIMIT:
		g->power_limit_w = d;
		g->valid |= BIT(GPU_PLIMIT);
		break;
	case AK_SMCLK:
		g->sm_clock_mhz = d;
		g->valid |= BIT(GPU_SMCLK);
		break;
	default:
		break;
	}
}

/* Send the GPU read: its model, partition and ECC decided now. */
static int
parse_amd_emit(const struct sink *s, struct amd_gpu *a)
{
	struct gpu	*g = &a->g;

	if (g->model[0] == '\0' && a->product[0] != '\0')
		parse_copy(g->model, sizeof g->model, a->product,
		    strlen(a->product));
	if (a->compute[0] != '\0' || a->memory[0] != '\0')
		snprintf(g->partition, sizeof g->partition, "%s%s%s",
		    a->compute, a->compute[0] != '\0' &&
		    a->memory[0] != '\0' ? "/" : "", a->memory);
	if (a->blocks && !a->totals) {
		g->ecc_sbe = a->block_corr;
		g->ecc_dbe = a->block_uncorr;
		g->valid |= BIT(GPU_ECC_SBE) | BIT(GPU_ECC_DBE);
	}
	SINK_EMIT(s, gpu, g);
	return (1);
}

static const struct amd_field *
parse_amd_field(const struct amd_field *t, size_t n, const char *name,
    size_t len, int lower)
{
	size_t	 i;

	if (len == 0)
		return (NULL);
	for (i = 0; i < n; i++) {
		/* The first letter first: most keys are in no table. */
		if (t[i].path[0] != name[0] && (!lower ||
		    tolower((u_char)t[i].path[0]) != tolower((u_char)*name)))
			continue;
		if (strlen(t[i].path) != len)
			continue;
		if (lower ? strncasecmp(t[i].path, name, len) == 0 :
		    memcmp(t[i].path, name, len) == 0)
			return (&t[i]);
	}
	return (NULL);
}

/* A heading at column 0: GPU: N, CPU: N; -1 for another. */
static int
parse_amd_heading(const char *p, size_t len, int *cpu)
{
	uint64_t	 u;

	if (len > 5 && memcmp(p, "GPU: ", 5) == 0)
		*cpu = 0;
	else if (len > 5 && memcmp(p, "CPU: ", 5) == 0)
		*cpu = 1;
	else
		return (-1);
	if (parse_u64(p + 5, len - 5, &u) != 0 || u >= AMD_MAXGPU * 4)
		return (-1);
	return ((int)u);
}

/* A sum of counters, saturating. */
static uint64_t
parse_amd_add(uint64_t a, uint64_t b)
{
	return (a > UINT64_MAX - b ? UINT64_MAX : a + b);
}

/* An IP block's ECC counts, summed: the totals where none are given. */
static void
parse_amd_block(const struct sink *s, u_int line, struct amd_gpu *a,
    const char *k, size_t klen, const char *v, size_t vlen)
{
	uint64_t	 u;
	int		 corr;

	if (klen == 17 && memcmp(k, "CORRECTABLE_COUNT", klen) == 0)
		corr = 1;
	else if (klen == 19 && memcmp(k, "UNCORRECTABLE_COUNT", klen) == 0)
		corr = 0;
	else
		return;
	if (parse_amd_count(s, line, "ECC_BLOCKS", v, vlen, &u) != 0)
		return;
	if (corr)
		a->block_corr = parse_amd_add(a->block_corr, u);
	else
		a->block_uncorr = parse_amd_add(a->block_uncorr, u);
	a->blocks = 1;
}

/*
 * metric, static, list: a block per GPU.  A section is a key with no
 * value; its keys are four spaces further in.  Keys not in amd_fields
 * are read past, and so are the lines continuing a long value.
 */
static int
parse_amd_blocks(struct lines *l, const struct sink *s)
{
	struct amd_gpu	 a;
	char		 stack[AMD_DEPTH][32], path[AMD_DEPTH * 32 + 64];
	const char	*p, *colon, *v;
	const struct amd_field *f;
	size_t		 len, klen, vlen, off, plen, slen;
	u_int		 refused;
	int		 in = 0, cpu = 0, idx, depth, i, n = 0;

	refused = l->refused;
	while (lines_next(l, &p, &len)) {
		if (l->refused != refused) {
			/* A line lost: whose are the next is not known. */
			refused = l->refused;
			if (in && !cpu)
				n += parse_amd_emit(s, &a);
			in = 0;
		}
		v = p;
		if ((vlen = parse_trim(&v, len)) == 0)
			continue;
		len = v + vlen - p;		/* less its trailing blanks */
		if (!isspace((u_char)*p)) {
			if (in && !cpu)
				n += parse_amd_emit(s, &a);
			in = 0;
			if ((idx = parse_amd_heading(p, len, &cpu)) < 0) {
				sink_error(s, l->line, "not a GPU: or CPU: "
				    "heading: '%.*s'", (int)(len > 40 ? 40 :
				    len), p);
				continue;
			}
			in = 1;
			parse_amd_gpu_init(&a.g, idx);
			memset((char *)&a + sizeof a.g, 0, sizeof a -
			    sizeof a.g);
			memset(stack, 0, sizeof stack);
			continue;
		}
		if (!in || cpu)
			continue;
		for (off = 0; off < len && p[off] == ' '; off++)
			;
		if (off % 4 != 0 || off / 4 > AMD_DEPTH) {
			if ((colon = memchr(p, ':', len)) == NULL)
				continue;	/* a long value, continued */
			sink_error(s, l->line, "indented by %zu spaces", off);
			continue;
		}
		depth = off / 4 - 1;
		if ((colon = memchr(p + off, ':', len - off)) == NULL)
			continue;		/* a long value, continued */
		klen = colon - (p + off);
		v = colon + 1;
		vlen = len - (v - p);
		vlen = parse_trim(&v, vlen);
		if (vlen == 0) {
			parse_copy(stack[depth], sizeof stack[depth], p + off,
			    klen);
			continue;
		}
		for (i = plen = 0; i < depth; i++) {
			slen = strlen(stack[i]);
			memcpy(path + plen, stack[i], slen);
			path[plen + slen] = '/';
			plen += slen + 1;
		}
		if (plen + klen + 1 > sizeof path)
			continue;
		memcpy(path + plen, p + off, klen);
		path[plen + klen] = '\0';
		if (depth == 2 && strcmp(stack[0], "ECC_BLOCKS") == 0) {
			parse_amd_block(s, l->line, &a, p + off, klen, v,
			    vlen);
			continue;
		}
		if ((f = parse_amd_field(amd_fields, nitems(amd_fields), path,
		    plen + klen, 0)) != NULL)
			parse_amd_set(s, l->line, &a, f, v, vlen);
	}
	if (in && !cpu)
		n += parse_amd_emit(s, &a);
	return (n);
}

/* A blank between words (a line has no newline). */
#define AMD_BLANK(c)	((u_char)(c) <= ' ' && ((c) == ' ' || \
	(c) == '\t' || (c) == '\v' || (c) == '\f' || (c) == '\r'))

/*
 * The blank-separated words of a line, a number and its unit one word
 * (171 W), into w[] as start and length; their count, or -1 past max.
 */
static int
parse_amd_words(const char *p, size_t len, const char **w, size_t *wl,
    int max)
{
	size_t	 i = 0, j;
	int	 n = 0, numeric;

	for (;;) {
		while (i < len && AMD_BLANK(p[i]))
			i++;
		if (i == len)
			return (n);
		if (n == max)
			return (-1);
		numeric = 1;
		for (j = i; j < len && !AMD_BLANK(p[j]); j++) {
			if ((p[j] < '0' || p[j] > '9') && p[j] != '.' &&
			    p[j] != '-')
				numeric = 0;
		}
		/* A unit after a number: 171 W, 32 °C, 283 MB, 0 %. */
		if (numeric && j < len) {
			size_t	 k = j, e;

			while (k < len && AMD_BLANK(p[k]))
				k++;
			for (e = k; e < len && !AMD_BLANK(p[e]); e++)
				;
			if (k < len && (((p[k] | 0x20) >= 'a' &&
			    (p[k] | 0x20) <= 'z') || p[k] == '%' ||
			    (u_char)p[k] == 0xc2) && ((p[k] != 'N' &&
			    p[k] != 'u' && p[k] != 'U') ||
			    !parse_amd_none(p + k, e - k)))
				j = e;
		}
		w[n] = p + i;
		wl[n++] = j - i;
		i = j;
	}
}

/*
 * monitor: a header of column names and a row per GPU.  A row whose
 * words do not match the header's names one for one is refused.
 */
static int
parse_amd_monitor(struct lines *l, const struct sink *s, const char *hp,
    size_t hlen)
{
	const struct amd_field *cols[AMD_MAXGPU];
	const char	*hw[AMD_MAXGPU], *w[AMD_MAXGPU], *p;
	size_t		 hwl[AMD_MAXGPU], wl[AMD_MAXGPU], len;
	struct amd_gpu	 a;
	uint64_t	 u;
	int		 nh, nw, i, n = 0;

	nh = parse_amd_words(hp, hlen, hw, hwl, AMD_MAXGPU);
	if (nh < 2) {
		sink_error(s, l->line, "a monitor header of no columns");
		return (0);
	}
	for (i = 0; i < nh; i++)
		cols[i] = parse_amd_field(amd_columns, nitems(amd_columns),
		    hw[i], hwl[i], 0);
	while (lines_next(l, &p, &len)) {
		if ((len = parse_trim(&p, len)) == 0)
			continue;
		nw = parse_amd_words(p, len, w, wl, AMD_MAXGPU);
		if (nw != nh) {
			sink_error(s, l->line, "%d values under %d columns",
			    nw, nh);
			continue;
		}
		if (parse_u64(w[0], wl[0], &u) != 0 || u >= AMD_MAXGPU * 4) {
			sink_error(s, l->line, "GPU: '%.*s' is not an index",
			    (int)(wl[0] > 40 ? 40 : wl[0]), w[0]);
			continue;
		}
		memset(&a, 0, sizeof a);
		parse_amd_gpu_init(&a.g, (int)u);
		for (i = 1; i < nh; i++) {
			if (cols[i] != NULL)
				parse_amd_set(s, l->line, &a, cols[i], w[i],
				    wl[i]);
		}
		n += parse_amd_emit(s, &a);
	}
	return (n);
}

/* An XGMI link of gpu to peer, as the tool shows it. */
static void
parse_amd_link(const struct sink *s, int gpu, int peer,
    enum link_state state, double gbs)
{
	struct nvlink	 nl;

	memset(&nl, 0, sizeof nl);
	nl.gpu = gpu;
	nl.link = peer;
	nl.state = state;
	if (gbs >= 0) {
		nl.speed_gbs = gbs;
		nl.valid |= BIT(NVL_SPEED);
	}
	SINK_EMIT(s, nvlink, &nl);
}

/*
 * xgmi: LINK METRIC TABLE, a row per GPU (GPUn, its BDF, bit rate, the
 * most it carries, its link type) and under it the data read from each
 * peer.  An XGMI GPU has a link to each peer its Read row has a number
 * for; the table does not say whether it is up, and the speed is the
 * bit rate's, in GB/s.  After topology (speed not NULL) it gives the
 * speeds only, each GPU's in speed, for topology's links.
 */
static int
parse_amd_xgmi(struct lines *l, const struct sink *s, double *speed)
{
	const char	*w[AMD_MAXGPU + 8], *p;
	size_t		 wl[AMD_MAXGPU + 8], len;
	double		 rate = -1;
	uint64_t	 u;
	int		 nw, ncols = -1, gpu = -1, xgmi = 0, j, n = 0;

	while (lines_next(l, &p, &len)) {
		if ((len = parse_trim(&p, len)) == 0)
			continue;
		nw = parse_amd_words(p, len, w, wl, nitems(w));
		if (nw > 0 && wl[0] == 3 && memcmp(w[0], "bdf", 3) == 0) {
			ncols = nw - 4;
			continue;
		}
		if (nw > 0 && wl[0] > 3 && memcmp(w[0], "GPU", 3) == 0) {
			gpu = -1;
			if (nw != 5 ||
			    parse_u64(w[0] + 3, wl[0] - 3, &u) != 0 ||
			    (int)u >= ncols || u >= AMD_MAXGPU) {
				sink_error(s, l->line, "not a GPU's row");
				continue;
			}
			gpu = (int)u;
			xgmi = wl[4] == 4 && memcmp(w[4], "XGMI", 4) == 0;
			if (parse_amd_number(s, l->line, "bit_rate", w[2],
			    wl[2], "Gb/s", 100000, &rate) != 0)
				rate = -8;
			if (speed != NULL && xgmi)
				speed[gpu] = rate / 8;
			continue;
		}
		if (nw > 0 && wl[0] == 4 && memcmp(w[0], "Read", 4) == 0) {
			if (gpu < 0 || nw != ncols + 1) {
				sink_error(s, l->line, "a Read row of %d "
				    "values, not under a GPU of %d peers",
				    nw - 1, ncols);
				continue;
			}
			for (j = 0; j < ncols && xgmi && speed == NULL; j++) {
				if (j != gpu && !parse_amd_none(w[j + 1],
				    wl[j + 1])) {
					parse_amd_link(s, gpu, j,
					    LINK_UNKNOWN, rate / 8);
					n++;
				}
			}
			continue;
		}
		if (nw > 0 && wl[0] == 5 && memcmp(w[0], "Write", 5) == 0)
			continue;
		if (len == 18 && memcmp(p, "LINK METRIC TABLE:", len) == 0)
			continue;
		sink_error(s, l->line, "not a line of amd-smi xgmi: '%.*s'",
		    (int)(len > 40 ? 40 : len), p);
	}
	if (ncols < 0)
		sink_error(s, l->line, "no bdf header");
	return (n);
}

/* What topology's matrices say of a pair. */
enum amd_pair {
	AP_NONE,
	AP_ENABLED,
	AP_DISABLED,
	AP_XGMI,
	AP_OTHER,		/* SELF, PCIE */
};

struct amd_topo {
	char		 bdf[AMD_MAXGPU][16];
	int		 n;
	uint8_t		 access[AMD_MAXGPU][AMD_MAXGPU];
	uint8_t		 type[AMD_MAXGPU][AMD_MAXGPU];
	double		 speed[AMD_MAXGPU];	/* GB/s, amd-smi xgmi's */
};

static uint8_t
parse_amd_pair(const char *w, size_t len)
{
	static const struct {
		const char	*word;
		uint8_t		 pair;
	} pairs[] = {
		{ .word = "ENABLED", .pair = AP_ENABLED },
		{ .word = "DISABLED", .pair = AP_DISABLED },
		{ .word = "XGMI", .pair = AP_XGMI },
	};
	size_t	 i;

	for (i = 0; i < nitems(pairs); i++) {
		if (strlen(pairs[i].word) == len &&
		    memcmp(pairs[i].word, w, len) == 0)
			return (pairs[i].pair);
	}
	return (AP_OTHER);
}

/* GPU i's links from its rows: each XGMI peer, up if its access is. */
static int
parse_amd_topo_row(const struct sink *s, int i, const uint8_t *access,
    const uint8_t *type, int ngpu, double speed)
{
	int	 j, n = 0;

	for (j = 0; j < ngpu; j++) {
		if (i == j || type[j] != AP_XGMI)
			continue;
		parse_amd_link(s, i, j, access[j] == AP_ENABLED ? LINK_UP :
		    access[j] == AP_DISABLED ? LINK_DOWN : LINK_UNKNOWN, speed);
		n++;
	}
	return (n);
}

/* Links from the matrices, a row a GPU, at its speed if known. */
static int
parse_amd_topo_links(const struct sink *s, const uint8_t (*access)[
    AMD_MAXGPU], const uint8_t (*type)[AMD_MAXGPU], int ngpu,
    const double *speed)
{
	int	 i, n = 0;

	for (i = 0; i < ngpu; i++)
		n += parse_amd_topo_row(s, i, access[i], type[i], ngpu,
		    speed != NULL ? speed[i] : -1);
	return (n);
}

/*
 * topology: ACCESS, WEIGHT, HOPS, LINK TYPE and NUMA BW tables, each a
 * header of BDFs and a row per BDF.  A GPU's index is its place in the
 * header, amd-smi's order.  xgmi's output after them (probe.xgmi runs
 * both) gives each GPU's links their speed.
 */
static int
parse_amd_topology(struct lines *l, const struct sink *s)
{
	struct amd_topo	*t;
	const char	*w[AMD_MAXGPU + 1], *p;
	size_t		 wl[AMD_MAXGPU + 1], len;
	uint8_t		(*m)[AMD_MAXGPU] = NULL;
	int		 nw, row = -1, j, n;

	t = xcalloc(1, sizeof *t);
	t->n = -1;
	for (j = 0; j < AMD_MAXGPU; j++)
		t->speed[j] = -1;
	while (lines_next(l, &p, &len)) {
		if ((len = parse_trim(&p, len)) == 0)
			continue;
		if (len == 18 && memcmp(p, "LINK METRIC TABLE:", len) == 0) {
			parse_amd_xgmi(l, s, t->speed);	/* the rest */
			break;
		}
		if (len > 7 && memcmp(p + len - 7, " TABLE:", 7) == 0) {
			m = NULL;
			if (len == 13 && memcmp(p, "ACCESS TABLE:", 13) == 0)
				m = t->access;
			else if (len == 16 &&
			    memcmp(p, "LINK TYPE TABLE:", 16) == 0)
				m = t->type;
			row = -1;
			continue;
		}
		nw = parse_amd_words(p, len, w, wl, nitems(w));
		if (nw < 1 || nw > AMD_MAXGPU + 1 || row == -2) {
			sink_error(s, l->line, "not a line of a topology "
			    "table");
			continue;
		}
		if (row == -1) {		/* the header: BDFs */
			if (t->n >= 0 && t->n != nw) {
				sink_error(s, l->line, "%d GPUs, not %d", nw,
				    t->n);
				row = -2;
				continue;
			}
			t->n = nw;
			for (j = 0; j < nw; j++)
				parse_copy(t->bdf[j], sizeof t->bdf[j], w[j],
				    wl[j]);
			row = 0;
			continue;
		}
		if (row >= t->n || nw != t->n + 1 ||
		    strlen(t->bdf[row]) != wl[0] ||
		    memcmp(t->bdf[row], w[0], wl[0]) != 0) {
			sink_error(s, l->line, "not row %d of %d GPUs", row,
			    t->n);
			row++;
			continue;
		}
		for (j = 0; j < t->n && m != NULL; j++)
			m[row][j] = parse_amd_pair(w[j + 1], wl[j + 1]);
		row++;
	}
	n = t->n > 0 ? parse_amd_topo_links(s, (const uint8_t (*)[
	    AMD_MAXGPU])t->access, (const uint8_t (*)[AMD_MAXGPU])t->type,
	    t->n, t->speed) : 0;
	free(t);
	return (n);
}

/*
 * --json, read whole by the small reader below rather than a general
 * library (jansson read amd-smi's indented JSON at a third of the 100
 * MB/s a parser must keep): every value a token in one array, a
 * container's members after it up to its next.  It reads RFC 8259 JSON as
 * jansson does, and refuses what jansson refuses: a control character or
 * invalid UTF-8 in a string, \u0000, a lone surrogate, an integer past 64
 * bits, a real past a double, nesting past 2048, anything after the
 * document.  Of a key given twice, the last value is the one found.
 */
enum amd_json_type {
	AJ_NONE,		/* token 0: no value */
	AJ_OBJECT,
	AJ_ARRAY,
	AJ_STRING,
	AJ_INTEGER,
	AJ_REAL,
	AJ_LITERAL,		/* true, false, null */
};

struct amd_json {
	u_char		 type;
	u_char		 esc;		/* unescaped, in text */
	u_int		 next;		/* the token after it */
	u_int		 off;		/* in buf, or text */
	u_int		 len;
};

struct amd_doc {
	const char	*buf;
	struct amd_json	*t;
	u_int		 n;
	u_int		 size;
	char		*text;		/* strings unescaped */
	size_t		 tlen;
	size_t		 tsize;
	const char	*why;		/* the error, at byte at */
	size_t		 at;
};

#define AMD_JSON_DEPTH	2048	/* jansson's JSON_PARSER_MAX_DEPTH */
#define AMD_JSON_WS(c)	((c) == ' ' || (c) == '\n' || (c) == '\r' || \
	(c) == '\t')

/* A new token of type at byte off of the document. */
static u_int
parse_amd_json_token(struct amd_doc *d, int type, size_t off)
{
	struct amd_json	*t;

	if (d->n == d->size) {
		d->size = d->size == 0 ? 256 : d->size * 2;
		d->t = xreallocarray(d->t, d->size, sizeof *d->t);
	}
	t = &d->t[d->n];
	t->type = type;
	t->esc = 0;
	t->off = off;
	t->len = 0;
	t->next = d->n + 1;
	return (d->n++);
}

/* The length of the UTF-8 character at p, jansson's rules; 0 if invalid. */
static size_t
parse_amd_json_utf8(const u_char *p, size_t len)
{
	size_t	 n, i;
	u_char	 lo = 0x80, hi = 0xbf;

	if (*p >= 0xc2 && *p <= 0xdf)
		n = 2;
	else if (*p >= 0xe0 && *p <= 0xef) {
		n = 3;
		if (*p == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (*p == 0xed)
			hi = 0x9f;	/* a surrogate */
	} else if (*p >= 0xf0 && *p <= 0xf4) {
		n = 4;
		if (*p == 0xf0)
			lo = 0x90;
		else if (*p == 0xf4)
			hi = 0x8f;	/* past U+10FFFF */
	} else
		return (0);
	if (len < n || p[1] < lo || p[1] > hi)
		return (0);
	for (i = 2; i < n; i++) {
		if (p[i] < 0x80 || p[i] > 0xbf)
			return (0);
	}
	return (n);
}

/* Four hex digits at p: their value, or -1. */
static long
parse_amd_json_hex(const char *p, size_t len)
{
	long	 u = 0;
	size_t	 i;

	if (len < 4)
		return (-1);
	for (i = 0; i < 4; i++) {
		u <<= 4;
		if (p[i] >= '0' && p[i] <= '9')
			u |= p[i] - '0';
		else if ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f')
			u |= (p[i] | 0x20) - 'a' + 10;
		else
			return (-1);
	}
	return (u);
}

/* A string's escapes, checked at buf[*i] and unescaped into text. */
static int
parse_amd_json_escape(struct amd_doc *d, size_t *i, size_t len, char *out,
    size_t *olen)
{
	static const char	 from[] = "\"\\/bfnrt";
	static const char	 to[] = "\"\\/\b\f\n\r\t";
	const char		*p = d->buf + *i, *q;
	long			 u, lo;
	size_t			 n = 0;

	if (len < 2) {
		d->why = "a string cut short";
		return (-1);
	}
	if (p[1] != 'u') {
		if (p[1] == '\0' || (q = strchr(from, p[1])) == NULL) {
			d->why = "an invalid escape in a string";
			return (-1);
		}
		*i += 2;
		out[(*olen)++] = to[q - from];
		return (0);
	}
	if ((u = parse_amd_json_hex(p + 2, len - 2)) < 0) {
		d->why = "an invalid \\u escape";
		return (-1);
	}
	n = 6;
	if (u >= 0xd800 && u <= 0xdbff) {
		if (len < 12 || p[6] != '\\' || p[7] != 'u' ||
		    (lo = parse_amd_json_hex(p + 8, len - 8)) < 0xdc00 ||
		    lo > 0xdfff) {
			d->why = "a lone surrogate in a string";
			return (-1);
		}
		u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
		n = 12;
	} else if (u >= 0xdc00 && u <= 0xdfff) {
		d->why = "a lone surrogate in a string";
		return (-1);
	} else if (u == 0) {
		d->why = "\\u0000 in a string";
		return (-1);
	}
	*i += n;
	if (u < 0x80)
		out[(*olen)++] = u;
	else if (u < 0x800) {
		out[(*olen)++] = 0xc0 | (u >> 6);
		out[(*olen)++] = 0x80 | (u & 0x3f);
	} else if (u < 0x10000) {
		out[(*olen)++] = 0xe0 | (u >> 12);
		out[(*olen)++] = 0x80 | ((u >> 6) & 0x3f);
		out[(*olen)++] = 0x80 | (u & 0x3f);
	} else {
		out[(*olen)++] = 0xf0 | (u >> 18);
		out[(*olen)++] = 0x80 | ((u >> 12) & 0x3f);
		out[(*olen)++] = 0x80 | ((u >> 6) & 0x3f);
		out[(*olen)++] = 0x80 | (u & 0x3f);
	}
	return (0);
}

/* A string at buf[*i], its quote: a token; -1 with why. */
static int
parse_amd_json_string(struct amd_doc *d, size_t *i, size_t len)
{
	const u_char	*p = (const u_char *)d->buf;
	size_t		 j = *i + 1, n, olen;
	u_int		 tok;
	int		 esc = 0;

	for (;;) {
		if (j == len) {
			d->why = "a string cut short";
			*i = j;
			return (-1);
		}
		if (p[j] == '"')
			break;
		if (p[j] < 0x20) {
			d->why = "a control character in a string";
			*i = j;
			return (-1);
		}
		if (p[j] == '\\') {
			esc = 1;
			j += j + 1 < len && p[j + 1] != 'u' ? 2 : 1;
		} else if (p[j] >= 0x80) {
			if ((n = parse_amd_json_utf8(p + j, len - j)) == 0) {
				d->why = "invalid UTF-8 in a string";
				*i = j;
				return (-1);
			}
			j += n;
		} else
			j++;
	}
	tok = parse_amd_json_token(d, AJ_STRING, *i + 1);
	d->t[tok].len = j - (*i + 1);
	if (esc) {
		/* Unescaped, no longer than escaped. */
		if (d->tlen + (j - *i) > d->tsize) {
			d->tsize = (d->tlen + (j - *i)) * 2;
			d->text = xreallocarray(d->text, d->tsize, 1);
		}
		olen = 0;
		for (n = *i + 1; n < j; ) {
			if (p[n] != '\\') {
				d->text[d->tlen + olen++] = p[n++];
				continue;
			}
			if (parse_amd_json_escape(d, &n, j - n, d->text +
			    d->tlen, &olen) != 0) {
				*i = n;
				return (-1);
			}
		}
		d->t[tok].esc = 1;
		d->t[tok].off = d->tlen;
		d->t[tok].len = olen;
		d->tlen += olen;
	}
	*i = j + 1;
	return (0);
}

/* A number at buf[*i]: a token; -1 with why. */
static int
parse_amd_json_number(struct amd_doc *d, size_t *i, size_t len)
{
	const char	*p = d->buf;
	char		 num[64], *copy;
	size_t		 j = *i;
	u_int		 tok;
	int		 real = 0, neg = 0, expo = 0;
	double		 v;

	if (p[j] == '-') {
		neg = 1;
		j++;
	}
	if (j < len && p[j] == '0')
		j++;
	else if (j < len && p[j] >= '1' && p[j] <= '9') {
		while (j < len && p[j] >= '0' && p[j] <= '9')
			j++;
	} else {
		d->why = "an invalid token";
		return (-1);
	}
	if (j < len && p[j] == '.') {
		real = 1;
		if (++j == len || p[j] < '0' || p[j] > '9') {
			d->why = "an invalid number";
			*i = j;
			return (-1);
		}
		while (j < len && p[j] >= '0' && p[j] <= '9')
			j++;
	}
	if (j < len && (p[j] == 'e' || p[j] == 'E')) {
		real = expo = 1;
		if (++j < len && (p[j] == '+' || p[j] == '-'))
			j++;
		if (j == len || p[j] < '0' || p[j] > '9') {
			d->why = "an invalid number";
			*i = j;
			return (-1);
		}
		while (j < len && p[j] >= '0' && p[j] <= '9')
			j++;
	}
	/* Past 64 bits or a double: 19 digits and more, an exponent. */
	if (!real && j - *i - neg >= 19) {
		if (j - *i >= sizeof num) {
			d->why = "too big an integer";
			return (-1);
		}
		memcpy(num, p + *i, j - *i);
		num[j - *i] = '\0';
		errno = 0;
		(void)strtoll(num, NULL, 10);
		if (errno == ERANGE) {
			d->why = "too big an integer";
			return (-1);
		}
	} else if (real && (expo || j - *i > 300)) {
		copy = j - *i < sizeof num ? num : xmalloc(j - *i + 1);
		memcpy(copy, p + *i, j - *i);
		copy[j - *i] = '\0';
		v = strtod(copy, NULL);
		if (copy != num)
			free(copy);
		if (!isfinite(v)) {
			d->why = "a real number overflows";
			return (-1);
		}
	}
	tok = parse_amd_json_token(d, real ? AJ_REAL : AJ_INTEGER, *i);
	d->t[tok].len = j - *i;
	*i = j;
	return (0);
}

/* Blanks skipped to a byte, c if not NUL: 0, or -1 with why. */
static int
parse_amd_json_expect(struct amd_doc *d, size_t *i, size_t len, char c,
    const char *why)
{
	while (*i < len && AMD_JSON_WS(d->buf[*i]))
		(*i)++;
	if (*i == len)
		d->why = "the document cut short";
	else if (c != '\0' && d->buf[*i] != c)
		d->why = why;
	else
		return (0);
	return (-1);
}

/* The document read into d's tokens, the root at 1; -1 with why, at. */
static int
parse_amd_json_tokens(struct amd_doc *d, size_t len)
{
	u_int		 open[AMD_JSON_DEPTH], o;
	const char	*p = d->buf;
	size_t		 i = 0;
	int		 depth = 0, type;

	parse_amd_json_token(d, AJ_NONE, 0);
	for (;;) {
		/* A value. */
		if (parse_amd_json_expect(d, &i, len, '\0', NULL) != 0)
			goto fail;
		if (p[i] == '{' || p[i] == '[') {
			if (depth == AMD_JSON_DEPTH) {
				d->why = "nested too deep";
				goto fail;
			}
			type = p[i] == '{' ? AJ_OBJECT : AJ_ARRAY;
			open[depth++] = parse_amd_json_token(d, type, i);
			for (i++; i < len && AMD_JSON_WS(p[i]); i++)
				;
			if (i < len && p[i] == (type == AJ_OBJECT ? '}' :
			    ']')) {
				i++;
				depth--;
			} else if (type == AJ_OBJECT)
				goto key;
			else
				continue;
		} else if (d->n == 1) {
			d->why = "not a JSON object or array";
			goto fail;
		} else if (p[i] == '"') {
			if (parse_amd_json_string(d, &i, len) != 0)
				goto fail;
		} else if ((p[i] >= '0' && p[i] <= '9') || p[i] == '-') {
			if (parse_amd_json_number(d, &i, len) != 0)
				goto fail;
		} else if ((len - i >= 4 && (memcmp(p + i, "true", 4) == 0 ||
		    memcmp(p + i, "null", 4) == 0)) ||
		    (len - i >= 5 && memcmp(p + i, "false", 5) == 0)) {
			parse_amd_json_token(d, AJ_LITERAL, i);
			i += p[i] == 'f' ? 5 : 4;
		} else {
			d->why = "an invalid token";
			goto fail;
		}

		/* After a value: its container's next, or its end. */
		for (;;) {
			while (i < len && AMD_JSON_WS(p[i]))
				i++;
			if (depth == 0) {
				if (i == len)
					return (0);
				d->why = "more after the document";
				goto fail;
			}
			if (i == len) {
				d->why = "the document cut short";
				goto fail;
			}
			o = open[depth - 1];
			if (p[i] == (d->t[o].type == AJ_OBJECT ? '}' : ']')) {
				i++;
				d->t[o].next = d->n;
				depth--;
				continue;
			}
			if (p[i] != ',') {
				d->why = d->t[o].type == AJ_OBJECT ?
				    "',' or '}' expected" :
				    "',' or ']' expected";
				goto fail;
			}
			i++;
			break;
		}
		if (d->t[open[depth - 1]].type == AJ_ARRAY)
			continue;
key:
		/* A member's key, its colon. */
		if (parse_amd_json_expect(d, &i, len, '"', "a string "
		    "expected as a key") != 0 ||
		    parse_amd_json_string(d, &i, len) != 0 ||
		    parse_amd_json_expect(d, &i, len, ':', "':' expected") != 0)
			goto fail;
		i++;
	}
fail:
	d->at = i;
	return (-1);
}

static void
parse_amd_json_free(struct amd_doc *d)
{
	free(d->t);
	free(d->text);
}

/* A string's bytes and length; NULL if v is no string. */
static const char *
parse_amd_json_str(const struct amd_doc *d, u_int v, size_t *len)
{
	*len = 0;
	if (d->t[v].type != AJ_STRING)
		return (NULL);
	*len = d->t[v].len;
	return ((d->t[v].esc ? d->text : d->buf) + d->t[v].off);
}

/* A string copied whole to buf, NUL-terminated: its length, or -1. */
static int
parse_amd_json_copy(const struct amd_doc *d, u_int v, char *buf,
    size_t size)
{
	const char	*str;
	size_t		 len;

	if ((str = parse_amd_json_str(d, v, &len)) == NULL || len >= size)
		return (-1);
	memcpy(buf, str, len);
	buf[len] = '\0';
	return (len);
}

/* The value of key in object o, the last if given twice; 0 if none. */
static u_int
parse_amd_json_get(const struct amd_doc *d, u_int o, const char *key)
{
	const char	*str;
	size_t		 klen = strlen(key), len;
	u_int		 k, v = 0;

	if (d->t[o].type != AJ_OBJECT)
		return (0);
	for (k = o + 1; k < d->t[o].next; k = d->t[k + 1].next) {
		str = parse_amd_json_str(d, k, &len);
		if (len == klen && memcmp(str, key, len) == 0)
			v = k + 1;
	}
	return (v);
}

/* A number's value: 0, or -1 if v is no number. */
static int
parse_amd_json_double(const struct amd_doc *d, u_int v, double *out)
{
	char		 num[64], *copy;
	size_t		 len = d->t[v].len;

	if (d->t[v].type != AJ_INTEGER && d->t[v].type != AJ_REAL)
		return (-1);
	copy = len < sizeof num ? num : xmalloc(len + 1);
	memcpy(copy, d->buf + d->t[v].off, len);
	copy[len] = '\0';
	*out = strtod(copy, NULL);
	if (copy != num)
		free(copy);
	return (0);
}

/* An integer's value: 0, or -1 if v is no integer. */
static int
parse_amd_json_int(const struct amd_doc *d, u_int v, long long *out)
{
	char		 num[64];
	size_t		 len = d->t[v].len;

	if (d->t[v].type != AJ_INTEGER || len >= sizeof num)
		return (-1);
	memcpy(num, d->buf + d->t[v].off, len);
	num[len] = '\0';
	*out = strtoll(num, NULL, 10);
	return (0);
}

/* A JSON leaf as text: a string, or a number with its unit. */
static int
parse_amd_json_text(const struct amd_doc *d, u_int v, const char *unit,
    char *buf, size_t size)
{
	const char	*str;
	char		 us[16];
	size_t		 len;
	long long	 ll;
	double		 n;

	if (d->t[v].type == AJ_OBJECT) {
		if ((str = parse_amd_json_str(d, parse_amd_json_get(d, v,
		    "value"), &len)) != NULL)
			return (snprintf(buf, size, "%.*s", (int)len, str));
		if (parse_amd_json_copy(d, parse_amd_json_get(d, v, "unit"),
		    us, sizeof us) < 0 || parse_amd_json_double(d,
		    parse_amd_json_get(d, v, "value"), &n) != 0)
			return (-1);
		/* JSON's unit of temperature is C, the text's °C. */
		if (unit != NULL && strcmp(us, "C") == 0 &&
		    strcmp(unit, "\xc2\xb0" "C") == 0)
			return (snprintf(buf, size, "%.17g %s", n, unit));
		return (snprintf(buf, size, "%.17g %s", n, us));
	}
	if ((str = parse_amd_json_str(d, v, &len)) != NULL)
		return (snprintf(buf, size, "%.*s", (int)len, str));
	/* A bare number: counts only; a measure comes with its unit. */
	if (unit == NULL && parse_amd_json_int(d, v, &ll) == 0)
		return (snprintf(buf, size, "%lld", ll));
	return (-1);
}

/*
 * A measure of --json, {"value": N, "unit": U}: 0 and the value; -1 after
 * an error (another unit, out of range); 1 for anything else, read as
 * text (N/A, a string).
 */
static int
parse_amd_json_measure(const struct sink *s, const struct amd_doc *d,
    int idx, const struct amd_field *f, u_int v, double *out)
{
	char	 us[16];

	if (f->unit == NULL || d->t[v].type != AJ_OBJECT ||
	    parse_amd_json_double(d, parse_amd_json_get(d, v, "value"),
	    out) != 0)
		return (1);
	if (parse_amd_json_copy(d, parse_amd_json_get(d, v, "unit"), us,
	    sizeof us) < 0)
		return (1);
	/* JSON's unit of temperature is C, the text's °C. */
	if (strcmp(us, f->unit) != 0 && (strcmp(us, "C") != 0 ||
	    strcmp(f->unit, "\xc2\xb0" "C") != 0)) {
		sink_error(s, 1, "gpu %d: %s: '%s' is not %s", idx, f->path,
		    us, f->unit);
		return (-1);
	}
	if (parse_range(s, 1, f->path, *out, 0, f->max) != 0)
		return (-1);
	return (0);
}

/* The value at a lower-case SECTION/KEY path, or 0. */
static u_int
parse_amd_json_path(const struct amd_doc *d, u_int o, const char *path)
{
	char		 key[64];
	const char	*slash;
	size_t		 i;

	while ((slash = strchr(path, '/')) != NULL) {
		for (i = 0; path + i < slash && i < sizeof key - 1; i++)
			key[i] = tolower((u_char)path[i]);
		key[i] = '\0';
		if ((o = parse_amd_json_get(d, o, key)) == 0)
			return (0);
		path = slash + 1;
	}
	for (i = 0; path[i] != '\0' && i < sizeof key - 1; i++)
		key[i] = tolower((u_char)path[i]);
	key[i] = '\0';
	return (parse_amd_json_get(d, o, key));
}

/* A GPU of metric, static or list --json. */
static int
parse_amd_json_gpu(const struct sink *s, const struct amd_doc *d, u_int o,
    int idx)
{
	struct amd_gpu	 a;
	const struct amd_field *f;
	u_int		 v, blk, bk, k, e;
	char		 text[96];
	double		 n;
	size_t		 i, klen;
	const char	*kstr;
	int		 len;

	memset(&a, 0, sizeof a);
	parse_amd_gpu_init(&a.g, idx);
	for (i = 0; i < nitems(amd_fields); i++) {
		f = &amd_fields[i];
		if ((v = parse_amd_json_path(d, o, f->path)) == 0)
			continue;
		switch (parse_amd_json_measure(s, d, idx, f, v, &n)) {
		case 0:
			parse_amd_put(&a, f, n);
			/* FALLTHROUGH */
		case -1:
			continue;
		}
		len = parse_amd_json_text(d, v, f->unit, text, sizeof text);
		if (len < 0 || (size_t)len >= sizeof text) {
			sink_error(s, 1, "gpu %d: %s: not a value with its "
			    "unit", idx, f->path);
			continue;
		}
		parse_amd_set(s, 1, &a, f, text, len);
	}
	if (d->t[blk = parse_amd_json_get(d, o, "ecc_blocks")].type !=
	    AJ_OBJECT)
		return (parse_amd_emit(s, &a));
	for (bk = blk + 1; bk < d->t[blk].next; bk = d->t[bk + 1].next) {
		if (d->t[bk + 1].type != AJ_OBJECT)
			continue;
		for (k = bk + 2; k < d->t[bk + 1].next; k = d->t[e].next) {
			e = k + 1;
			kstr = parse_amd_json_str(d, k, &klen);
			len = parse_amd_json_text(d, e, NULL, text,
			    sizeof text);
			if (len < 0 || (size_t)len >= sizeof text) {
				kstr = parse_amd_json_str(d, bk, &klen);
				sink_error(s, 1, "gpu %d: ecc_blocks: %.*s: "
				    "not a count", idx, (int)(klen > 40 ? 40 :
				    klen), kstr);
				continue;
			}
			parse_amd_block(s, 1, &a, kstr, klen, text, len);
		}
	}
	return (parse_amd_emit(s, &a));
}

/* A GPU's links of topology --json, the shape of ROCm 6.1 or 6.2. */
static int
parse_amd_json_links(const struct sink *s, const struct amd_doc *d,
    u_int o, int idx)
{
	uint8_t		 access[AMD_MAXGPU], type[AMD_MAXGPU];
	u_int		 links, lt, e, k, v;
	const char	*str;
	char		 key[16];
	size_t		 len;
	long long	 peer;

	memset(access, 0, sizeof access);
	memset(type, 0, sizeof type);
	links = parse_amd_json_get(d, o, "links");
	if (d->t[links].type != AJ_ARRAY)
		links = 0;
	for (e = links + 1; links != 0 && e < d->t[links].next;
	    e = d->t[e].next) {
		if (parse_amd_json_int(d, parse_amd_json_get(d, e, "gpu"),
		    &peer) != 0 || peer < 0 || peer >= AMD_MAXGPU) {
			sink_error(s, 1, "gpu %d: a link to no GPU", idx);
			continue;
		}
		if ((str = parse_amd_json_str(d, parse_amd_json_get(d, e,
		    "link_type"), &len)) != NULL)
			type[peer] = parse_amd_pair(str, len);
		if ((str = parse_amd_json_str(d, parse_amd_json_get(d, e,
		    "link_status"), &len)) != NULL)
			access[peer] = parse_amd_pair(str, len);
	}
	lt = parse_amd_json_get(d, o, "link_type");
	if (d->t[lt].type != AJ_OBJECT)
		lt = 0;
	for (k = lt + 1; lt != 0 && k < d->t[lt].next; k = d->t[k + 1].next) {
		v = k + 1;
		if (parse_amd_json_copy(d, k, key, sizeof key) < 0 ||
		    strncmp(key, "gpu_", 4) != 0 || (peer = atoi(key + 4)) <
		    0 || peer >= AMD_MAXGPU || (str = parse_amd_json_str(d, v,
		    &len)) == NULL) {
			str = parse_amd_json_str(d, k, &len);
			sink_error(s, 1, "gpu %d: link_type %.*s: not a GPU's",
			    idx, (int)(len > 40 ? 40 : len), str);
			continue;
		}
		type[peer] = parse_amd_pair(str, len);
		if ((str = parse_amd_json_str(d, parse_amd_json_get(d,
		    parse_amd_json_get(d, o, "link_accessibility"), key),
		    &len)) != NULL)
			access[peer] = parse_amd_pair(str, len);
	}
	return (parse_amd_topo_row(s, idx, access, type, AMD_MAXGPU, -1));
}

/* A whole document read, but for a NUL byte: 0, or -1 after an error. */
static int
parse_amd_json_load(struct amd_doc *d, const char *buf, size_t len,
    const struct sink *s)
{
	const char	*nul;
	u_int		 line = 1;
	size_t		 i;

	memset(d, 0, sizeof *d);
	d->buf = buf;
	if ((nul = memchr(buf, '\0', len)) != NULL) {
		d->why = "a NUL byte in the document";
		d->at = nul - buf;
	} else if (len >= UINT_MAX / 2) {
		d->why = "a document of 2 GB or more";
		d->at = 0;
	} else if (parse_amd_json_tokens(d, len) == 0)
		return (0);
	for (i = 0; i < d->at && i < len; i++)
		line += buf[i] == '\n';
	sink_error(s, line, "%s", d->why);
	parse_amd_json_free(d);
	return (-1);
}

/*
 * --json: a list of GPUs (ROCm 6.1 to 6.3) or the same list as the
 * gpu_data of an object (later).  Each is a GPU of metric, static or
 * list, or its links of topology.
 */
static int
parse_amd_json(const char *buf, size_t len, const struct sink *s)
{
	struct amd_doc	 d;
	u_int		 list, o, i;
	long long	 idx;
	int		 n = 0;

	if (parse_amd_json_load(&d, buf, len, s) != 0)
		return (0);
	list = d.t[1].type == AJ_OBJECT ? parse_amd_json_get(&d, 1,
	    "gpu_data") : 1;
	if (d.t[list].type != AJ_ARRAY) {
		sink_error(s, 1, "not amd-smi --json: no list of GPUs");
		parse_amd_json_free(&d);
		return (0);
	}
	for (i = 0, o = list + 1; o < d.t[list].next; i++, o = d.t[o].next) {
		if (parse_amd_json_int(&d, parse_amd_json_get(&d, o, "gpu"),
		    &idx) != 0 || idx < 0 || idx >= AMD_MAXGPU) {
			sink_error(s, 1, "element %u: not a GPU", i);
			continue;
		}
		if (parse_amd_json_get(&d, o, "links") != 0 ||
		    parse_amd_json_get(&d, o, "link_type") != 0)
			n += parse_amd_json_links(s, &d, o, idx);
		else
			n += parse_amd_json_gpu(s, &d, o, idx);
	}
	parse_amd_json_free(&d);
	return (n);
}

/* Whether the first byte not blank opens a JSON document. */
static int
parse_amd_json_is(const char *buf, size_t len, const char *opens)
{
	size_t	 i;

	for (i = 0; i < len && isspace((u_char)buf[i]); i++)
		;
	return (i < len && buf[i] != '\0' && strchr(opens, buf[i]) != NULL);
}

/* amd-smi: which command and form, from the first line not blank. */
int
parse_amd_smi(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	const char	*p, *q;
	size_t		 n, m;
	int		 cpu;

	(void)fmt;
	len = parse_bom(&buf, len);
	if (parse_amd_json_is(buf, len, "[{"))
		return (parse_amd_json(buf, len, s));
	lines_start(&l, buf, len, s);
	do {
		if (!lines_next(&l, &p, &n))
			return (0);
		q = p;
		m = parse_trim(&q, n);
	} while (m == 0);
	if (m == 18 && memcmp(q, "LINK METRIC TABLE:", m) == 0)
		return (parse_amd_xgmi(&l, s, NULL));
	if (m > 4 && memcmp(q, "GPU ", 4) == 0)
		return (parse_amd_monitor(&l, s, q, m));
	l.p = p;			/* read it again, in its reader */
	l.line--;
	if (parse_amd_heading(q, m, &cpu) >= 0)
		return (parse_amd_blocks(&l, s));
	if (m > 7 && memcmp(q + m - 7, " TABLE:", 7) == 0)
		return (parse_amd_topology(&l, s));
	sink_error(s, l.line, "not amd-smi output: '%.*s'",
	    (int)(m > 40 ? 40 : m), q);
	return (0);
}

/*
 * rocm-smi, for ROCm before amd-smi: --json and -a print the same keys,
 * one a card's object's, the other after GPU[N]; the default table
 * (Concise Info) has a column per header word.
 */
static const struct amd_field rocm_fields[] = {
	{ .path = "Card series", .key = AK_MODEL },
	{ .path = "Card Series", .key = AK_MODEL },
	{ .path = "PCI Bus", .key = AK_BUS },
	{ .path = "Unique ID", .key = AK_UUID },
	{ .path = "Temperature (Sensor junction) (C)", .key = AK_HOTSPOT,
	  .max = 200 },
	{ .path = "Temperature (Sensor edge) (C)", .key = AK_EDGE, .max = 200 },
	{ .path = "Temperature (Sensor memory) (C)", .key = AK_MEMTEMP,
	  .max = 200 },
	{ .path = "Average Graphics Package Power (W)", .key = AK_POWER,
	  .max = AMD_MAXW },
	{ .path = "Current Socket Graphics Package Power (W)", .key = AK_POWER,
	  .max = AMD_MAXW },
	{ .path = "Max Graphics Package Power (W)", .key = AK_PLIMIT,
	  .max = AMD_MAXW },
	{ .path = "GPU use (%)", .key = AK_UTIL, .max = 100 },
	{ .path = "GPU memory use (%)", .key = AK_MEMUTIL, .max = 100 },
	{ .path = "VRAM Total Memory (B)", .key = AK_MEMTOTAL_B },
	{ .path = "VRAM Total Used Memory (B)", .key = AK_MEMUSED_B },
	{ .path = "Compute Partition", .key = AK_COMPUTE },
	{ .path = "Memory Partition", .key = AK_MEMORY },
};

/* The Concise Info table's columns (the others are read past). */
static const struct amd_field rocm_columns[] = {
	{ .path = "Device", .key = AK_INDEX },
	{ .path = "GPU", .key = AK_INDEX },
	{ .path = "Temp", .key = AK_HOTSPOT,
	  .unit = "\xc2\xb0" "C", .max = 200 },
	{ .path = "Power", .key = AK_POWER, .unit = "W", .max = AMD_MAXW },
	{ .path = "AvgPwr", .key = AK_POWER, .unit = "W", .max = AMD_MAXW },
	{ .path = "Partitions", .key = AK_PARTITIONS },
	{ .path = "SCLK", .key = AK_SMCLK, .unit = "Mhz", .max = 10000 },
	{ .path = "PwrCap", .key = AK_PLIMIT, .unit = "W", .max = AMD_MAXW },
	{ .path = "GPU%", .key = AK_UTIL, .unit = "%", .max = 100 },
};

/* "cardN", GPU[N]: N, or -1. */
static int
parse_amd_card(const char *p, size_t len, const char *prefix)
{
	size_t		 plen = strlen(prefix), end;
	uint64_t	 u;

	if (len <= plen || memcmp(p, prefix, plen) != 0)
		return (-1);
	for (end = plen; end < len && isdigit((u_char)p[end]); end++)
		;
	if (parse_u64(p + plen, end - plen, &u) != 0 || u >= AMD_MAXGPU)
		return (-1);
	if (*prefix == 'G' && (end == len || p[end] != ']'))
		return (-1);
	if (*prefix != 'G' && end != len)
		return (-1);
	return ((int)u);
}

/* rocm-smi --json: cardN objects; system's topology. */
static int
parse_amd_rocm_json(const char *buf, size_t len, const struct sink *s)
{
	struct amd_doc	 d;
	uint8_t		(*access)[AMD_MAXGPU], (*type)[AMD_MAXGPU];
	struct amd_gpu	 a;
	const struct amd_field *f;
	const char	*k, *kk, *str;
	char		 key[128];
	size_t		 klen, kklen, slen;
	u_int		 c, m, sys;
	int		 idx, i, j, n = 0;

	if (parse_amd_json_load(&d, buf, len, s) != 0)
		return (0);
	if (d.t[1].type != AJ_OBJECT) {
		sink_error(s, 1, "not rocm-smi --json: no cards");
		parse_amd_json_free(&d);
		return (0);
	}
	for (c = 2; c < d.t[1].next; c = d.t[c + 1].next) {
		k = parse_amd_json_str(&d, c, &klen);
		if (klen == 6 && memcmp(k, "system", 6) == 0)
			continue;
		if ((idx = parse_amd_card(k, klen, "card")) < 0 ||
		    d.t[c + 1].type != AJ_OBJECT) {
			sink_error(s, 1, "%.*s: not a card",
			    (int)(klen > 40 ? 40 : klen), k);
			continue;
		}
		memset(&a, 0, sizeof a);
		parse_amd_gpu_init(&a.g, idx);
		for (m = c + 2; m < d.t[c + 1].next; m = d.t[m + 1].next) {
			kk = parse_amd_json_str(&d, m, &kklen);
			if ((f = parse_amd_field(rocm_fields,
			    nitems(rocm_fields), kk, kklen, 0)) == NULL)
				continue;
			if ((str = parse_amd_json_str(&d, m + 1, &slen)) ==
			    NULL) {
				sink_error(s, 1, "%.*s: %.*s: not a string",
				    (int)klen, k, (int)kklen, kk);
				continue;
			}
			parse_amd_set(s, 1, &a, f, str, slen);
		}
		n += parse_amd_emit(s, &a);
	}
	access = xcalloc(AMD_MAXGPU, sizeof *access);
	type = xcalloc(AMD_MAXGPU, sizeof *type);
	if (d.t[sys = parse_amd_json_get(&d, 1, "system")].type != AJ_OBJECT)
		sys = 0;
	for (m = sys + 1; sys != 0 && m < d.t[sys].next;
	    m = d.t[m + 1].next) {
		if (parse_amd_json_copy(&d, m, key, sizeof key) < 0 ||
		    sscanf(key, "(Topology) Link type between DRM devices %d "
		    "and %d", &i, &j) != 2 || (str = parse_amd_json_str(&d,
		    m + 1, &slen)) == NULL)
			continue;
		if (i < 0 || j < 0 || i >= AMD_MAXGPU || j >= AMD_MAXGPU) {
			sink_error(s, 1, "%s: no such GPU", key);
			continue;
		}
		type[i][j] = type[j][i] = parse_amd_pair(str, slen);
	}
	n += parse_amd_topo_links(s, (const uint8_t (*)[AMD_MAXGPU])access,
	    (const uint8_t (*)[AMD_MAXGPU])type, AMD_MAXGPU, NULL);
	free(access);
	free(type);
	parse_amd_json_free(&d);
	return (n);
}

/*
 * rocm-smi -a: GPU[N]<tabs>: Key: value under section rules.  Lines
 * of no GPU (the driver's version, KFD processes) are read past; a
 * topology matrix (GPU0 ... GPU1) is not read yet and is refused.
 */
static int
parse_amd_rocm_all(struct lines *l, const struct sink *s)
{
	struct amd_gpu	*gpus;
	const struct amd_field *f;
	const char	*p, *k, *v;
	size_t		 len, klen, vlen, off;
	int		 idx, seen[AMD_MAXGPU], i, n = 0;

	gpus = xcalloc(AMD_MAXGPU, sizeof *gpus);
	memset(seen, 0, sizeof seen);
	while (lines_next(l, &p, &len)) {
		if ((idx = parse_amd_card(p, len, "GPU[")) < 0) {
			if (len > 3 && memcmp(p, "GPU[", 4) == 0)
				sink_error(s, l->line, "GPU[: not an index");
			else if (len > 3 && memcmp(p, "GPU", 3) == 0 &&
			    isdigit((u_char)p[3]))
				sink_error(s, l->line, "a topology matrix: "
				    "not read");
			continue;
		}
		if (!seen[idx]) {
			parse_amd_gpu_init(&gpus[idx].g, idx);
			seen[idx] = 1;
		}
		off = strcspn(p, "]") + 1;
		k = p + off;
		klen = len - off;
		if (parse_trim(&k, klen) == 0 || *k != ':')
			continue;
		k++;
		klen = len - (k - p);
		if ((v = memchr(k, ':', klen)) == NULL)
			continue;
		vlen = len - (v + 1 - p);
		klen = v - k;
		klen = parse_trim(&k, klen);
		v++;
		if ((f = parse_amd_field(rocm_fields, nitems(rocm_fields), k,
		    klen, 0)) != NULL)
			parse_amd_set(s, l->line, &gpus[idx], f, v, vlen);
	}
	for (i = 0; i < AMD_MAXGPU; i++) {
		if (seen[i])
			n += parse_amd_emit(s, &gpus[i]);
	}
	free(gpus);
	return (n);
}

/* Words ending in a comma joined to the next: NPS1, SPX. */
static int
parse_amd_join(const char *p, const char **w, size_t *wl, int n)
{
	int	 i, j;

	for (i = j = 0; i < n; i++, j++) {
		w[j] = w[i];
		wl[j] = wl[i];
		while (i + 1 < n && wl[i] > 0 && w[i][wl[i] - 1] == ',') {
			i++;
			wl[j] = w[i] + wl[i] - w[j];
		}
	}
	(void)p;
	return (j);
}

/*
 * rocm-smi: the Concise Info table.  A header of names (a second line
 * under it says which temperature), then a row per GPU, its name on the
 * next line.
 */
static int
parse_amd_rocm_concise(struct lines *l, const struct sink *s)
{
	const struct amd_field *cols[32];
	struct amd_field f;
	const char	*hw[32], *w[32], *p;
	size_t		 hwl[32], wl[32], len;
	struct amd_gpu	 a;
	int		 nh = -1, nw, i, in = 0, n = 0, edge = 0;

	while (lines_next(l, &p, &len)) {
		if ((len = parse_trim(&p, len)) == 0)
			continue;
		if (*p == '=') {
			if (in)
				n += parse_amd_emit(s, &a);
			in = 0;
			continue;
		}
		if (nh < 0) {
			nh = parse_amd_words(p, len, hw, hwl, nitems(hw));
			for (i = 0; i < nh; i++)
				cols[i] = parse_amd_field(rocm_columns,
				    nitems(rocm_columns), hw[i], hwl[i], 0);
			if (nh < 2 || cols[0] == NULL ||
			    cols[0]->key != AK_INDEX) {
				sink_error(s, l->line, "not a Concise Info "
				    "header");
				return (n);
			}
			continue;
		}
		if (!in && !isdigit((u_char)*p)) {	/* the header's 2nd */
			edge = memmem(p, len, "(Edge)", 6) != NULL;
			continue;
		}
		if (!isdigit((u_char)*p)) {		/* the GPU's name */
			parse_copy(a.g.model, sizeof a.g.model, p, len);
			continue;
		}
		if (in)
			n += parse_amd_emit(s, &a);
		in = 0;
		nw = parse_amd_words(p, len, w, wl, nitems(w));
		nw = parse_amd_join(p, w, wl, nw);
		if (nw != nh) {
			sink_error(s, l->line, "%d values under %d columns",
			    nw, nh);
			continue;
		}
		memset(&a, 0, sizeof a);
		parse_amd_gpu_init(&a.g, parse_amd_card(w[0], wl[0], ""));
		if (!(a.g.valid & BIT(GPU_INDEX))) {
			sink_error(s, l->line, "'%.*s' is not a GPU's index",
			    (int)(wl[0] > 40 ? 40 : wl[0]), w[0]);
			continue;
		}
		for (i = 1; i < nh; i++) {
			if (cols[i] == NULL)
				continue;
			f = *cols[i];
			if (f.key == AK_HOTSPOT && edge)
				f.key = AK_EDGE;
			parse_amd_set(s, l->line, &a, &f, w[i], wl[i]);
		}
		in = 1;
	}
	if (in)
		n += parse_amd_emit(s, &a);
	return (n);
}

/* rocm-smi: which form, from its first line not blank. */
int
parse_rocm_smi(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	const char	*p, *q;
	size_t		 n, m;

	(void)fmt;
	len = parse_bom(&buf, len);
	if (parse_amd_json_is(buf, len, "{"))
		return (parse_amd_rocm_json(buf, len, s));
	lines_start(&l, buf, len, s);
	for (;;) {
		if (!lines_next(&l, &p, &n))
			return (0);
		q = p;
		if ((m = parse_trim(&q, n)) == 0)
			continue;
		if (memmem(q, m, "Concise Info", 12) != NULL)
			return (parse_amd_rocm_concise(&l, s));
		if (*q == '=' && memmem(q, m, "ROCm System Management", 22))
			continue;
		break;
	}
	l.p = p;			/* read it again, in its reader */
	l.line--;
	if (*q == '=' || parse_amd_card(q, m, "GPU[") >= 0)
		return (parse_amd_rocm_all(&l, s));
	sink_error(s, l.line + 1, "not rocm-smi output: '%.*s'",
	    (int)(m > 40 ? 40 : m), q);
	return (0);
}
