/*
 * myriad - nvidia-smi --query-gpu=... --format=csv[,noheader][,nounits].
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The column order comes from the header line when there is one (names
 * like `utilization.gpu [%]', the unit stripped), else from the query list
 * the tool was run with.  The header is mapped to record members once; a
 * row is then split on commas and each mapped cell parsed in place, with
 * no allocation.  Cells such as [N/A] or [Not Supported] leave the
 * validity bit clear.  Whole-line device errors become a record with
 * bus_id and error set.
 */

#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

#define NVSMI_MAXCOLS	512

enum nvsmi_type {
	NT_INT,			/* int, e.g. index */
	NT_STR,			/* fixed char array */
	NT_FLOAT,		/* float, unit suffix allowed */
	NT_U64,
	NT_U32,
	NT_BOOL,		/* Yes/No or 1/0 into a uint8_t */
	NT_HEX,			/* 0x... bitmask into a uint64_t */
	NT_PSTATE,		/* P0..P15 into a uint8_t */
	NT_RETIRED,		/* retired pages: summed into a uint32_t */
};

struct nvsmi_field {
	const char	*name;
	enum nvsmi_type	 type;
	int		 bit;		/* GPU_*, or -1 for strings */
	size_t		 off;
	size_t		 size;		/* strings only */
	int		 alt;		/* fills only a value not yet set */
};

#define F(n, t, b, m) { .name = n, .type = t, .bit = b,			\
	.off = offsetof(struct gpu, m) }
#define FA(n, t, b, m) { .name = n, .type = t, .bit = b,		\
	.off = offsetof(struct gpu, m), .alt = 1 }
#define FS(n, m) { .name = n, .type = NT_STR, .bit = -1,		\
	.off = offsetof(struct gpu, m),					\
	.size = sizeof ((struct gpu *)0)->m }

static const struct nvsmi_field nvsmi_fields[] = {
	F("index", NT_INT, GPU_INDEX, index),
	FS("uuid", uuid),
	FS("name", model),
	FS("pci.bus_id", bus_id),
	F("utilization.gpu", NT_FLOAT, GPU_UTIL, util_pct),
	F("utilization.memory", NT_FLOAT, GPU_MEMUTIL, memutil_pct),
	F("memory.used", NT_FLOAT, GPU_MEMUSED, mem_used_mib),
	F("memory.total", NT_FLOAT, GPU_MEMTOTAL, mem_total_mib),
	F("temperature.gpu", NT_FLOAT, GPU_TEMP, temp_c),
	F("temperature.memory", NT_FLOAT, GPU_MEMTEMP, memtemp_c),
	F("power.draw", NT_FLOAT, GPU_POWER, power_w),
	FA("power.draw.instant", NT_FLOAT, GPU_POWER, power_w),
	FA("power.draw.average", NT_FLOAT, GPU_POWER, power_w),
	F("power.limit", NT_FLOAT, GPU_PLIMIT, power_limit_w),
	FA("enforced.power.limit", NT_FLOAT, GPU_PLIMIT, power_limit_w),
	FA("power.limit.enforced", NT_FLOAT, GPU_PLIMIT, power_limit_w),
	F("clocks.sm", NT_FLOAT, GPU_SMCLK, sm_clock_mhz),
	F("clocks.current.sm", NT_FLOAT, GPU_SMCLK, sm_clock_mhz),
	F("fan.speed", NT_FLOAT, GPU_FAN, fan_pct),
	F("pstate", NT_PSTATE, GPU_PSTATE, pstate),
	F("ecc.errors.corrected.volatile.total", NT_U64, GPU_ECC_SBE,
	    ecc_sbe),
	F("ecc.errors.uncorrected.volatile.total", NT_U64, GPU_ECC_DBE,
	    ecc_dbe),
	F("retired_pages.sbe", NT_RETIRED, GPU_RETIRED, retired_pages),
	F("retired_pages.single_bit_ecc.count", NT_RETIRED, GPU_RETIRED,
	    retired_pages),
	F("retired_pages.dbe", NT_RETIRED, GPU_RETIRED, retired_pages),
	F("retired_pages.double_bit.count", NT_RETIRED, GPU_RETIRED,
	    retired_pages),
	F("remapped_rows.correctable", NT_U32, GPU_REMAP_CORR, remap_corr),
	F("remapped_rows.uncorrectable", NT_U32, GPU_REMAP_UNCORR,
	    remap_uncorr),
	F("remapped_rows.pending", NT_BOOL, GPU_REMAP_PENDING,
	    remap_pending),
	F("remapped_rows.failure", NT_BOOL, GPU_REMAP_FAILED, remap_failed),
	F("clocks_event_reasons.active", NT_HEX, GPU_THROTTLE, throttle),
	F("clocks_throttle_reasons.active", NT_HEX, GPU_THROTTLE, throttle),
	FS("fabric.state", fabric_state),
	FS("fabric.status", fabric_status),
	F("fabric.cliqueId", NT_U32, GPU_CLIQUE, clique_id),
	FS("fabric.clusterUuid", cluster_uuid),
	FS("fabric.health.summary", fabric_health),
	FS("fabric.health.bandwidth", fabric_bandwidth),
};

#undef F
#undef FA
#undef FS

/*
 * What a GPU can report.  A value outside is damage, a cut or a stray
 * byte, refused with an error: a GPU is never at 1e23 C.  A value with a
 * unit must have the field's (78942 GiB is no count of MiB), and one in
 * whole MiB no fraction.
 */
static const struct {
	double		 min;
	double		 max;
	const char	*unit;
	int		 whole;
} nvsmi_ranges[GPU_NFIELDS] = {
	[GPU_INDEX] = { 0, 4095 },
	[GPU_UTIL] = { 0, 100, "%", 0 },
	[GPU_MEMUTIL] = { 0, 100, "%", 0 },
	[GPU_MEMUSED] = { 0, 1 << 30, "MiB", 1 },	/* a PiB */
	[GPU_MEMTOTAL] = { 0, 1 << 30, "MiB", 1 },
	[GPU_TEMP] = { -273.15, 500, "C", 0 },
	[GPU_MEMTEMP] = { -273.15, 500, "C", 0 },
	[GPU_POWER] = { 0, 1e5, "W", 0 },
	[GPU_PLIMIT] = { 0, 1e5, "W", 0 },
	[GPU_SMCLK] = { 0, 1e5, "MHz", 0 },
	[GPU_FAN] = { 0, 1000, "%", 0 },	/* may pass 100 % */
	[GPU_ECC_SBE] = { 0, 0x1p64 },
	[GPU_ECC_DBE] = { 0, 0x1p64 },
	[GPU_RETIRED] = { 0, UINT32_MAX },
	[GPU_REMAP_CORR] = { 0, UINT32_MAX },
	[GPU_REMAP_UNCORR] = { 0, UINT32_MAX },
	[GPU_REMAP_PENDING] = { 0, 1 },
	[GPU_REMAP_FAILED] = { 0, 1 },
	[GPU_THROTTLE] = { 0, 0x1p64 },
	[GPU_PSTATE] = { 0, 15 },
	[GPU_CLIQUE] = { 0, UINT32_MAX },
};

/* Lines that report a failure of the whole tool, not a row. */
static const char *nvsmi_failures[] = {
	"No devices were found",
	"NVIDIA-SMI has failed",
	"Failed to initialize NVML",
	"Unable to determine the device handle",	/* without a bus id */
	"Field \"",					/* bad query field */
};

/* Cells that say the GPU itself is in trouble: kept in `error'. */
static const char *nvsmi_cellerrors[] = {
	"[Unknown Error]",
	"[GPU is lost]",
	"[GPU requires reset]",
};

#define DEVHANDLE	"Unable to determine the device handle for"
#define DEVHANDLELEN	(sizeof DEVHANDLE - 1)

struct nvsmi_map {
	u_int		 ncols;
	u_int		 nknown;		/* columns myriad reads */
	int		 warned;
	uint8_t		 col[NVSMI_MAXCOLS];	/* nvsmi_fields index + 1 */
};

/* Names are lower case with dots, some with camelCase parts. */
static int
parse_nvsmi_namechar(int c)
{
	return ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '.' || c == '_');
}

/* Strip a trailing ` [unit]' from a header cell. */
static size_t
parse_nvsmi_unit(const char *s, size_t len)
{
	size_t	 i;

	if (len < 3 || s[len - 1] != ']')
		return (len);
	for (i = len - 1; i > 0; i--) {
		if (s[i] == '[') {
			while (i > 0 && s[i - 1] == ' ')
				i--;
			return (i);
		}
	}
	return (len);
}

/* Is this a field name, optionally after a garbage prefix? */
static int
parse_nvsmi_isname(const char *s, size_t len)
{
	size_t	 i;

	if (len == 0 || s[0] < 'a' || s[0] > 'z')
		return (0);
	for (i = 0; i < len; i++) {
		if (!parse_nvsmi_namechar((u_char)s[i]))
			return (0);
	}
	return (1);
}

/* Point at the field name in a header cell; 0 if it is not one. */
static size_t
parse_nvsmi_cellname(const char **s, size_t len, int first)
{
	size_t	 i;

	len = parse_trim(s, len);
	len = parse_nvsmi_unit(*s, len);
	if (first) {
		/* A prefix before the first name: keep the last word. */
		for (i = len; i > 0; i--) {
			if ((*s)[i - 1] == ' ') {
				*s += i;
				len -= i;
				break;
			}
		}
	}
	if (!parse_nvsmi_isname(*s, len))
		return (0);
	return (len);
}

static u_int
parse_nvsmi_lookup(const char *s, size_t len)
{
	u_int	 i;

	for (i = 0; i < nitems(nvsmi_fields); i++) {
		if (strlen(nvsmi_fields[i].name) == len &&
		    memcmp(nvsmi_fields[i].name, s, len) == 0)
			return (i + 1);
	}
	return (0);
}

/*
 * Map a comma-separated list of names (a header line or the query) to
 * columns.  With check set, fail without touching the map unless every
 * cell is a name.
 */
static int
parse_nvsmi_mapnames(struct nvsmi_map *m, const char *s, size_t len, int check)
{
	const char	*end = s + len, *c, *name;
	size_t		 n;
	u_int		 i, pass, known = 0;

	for (pass = !check; pass < 2; pass++) {
		if (pass == 1)
			memset(m, 0, sizeof *m);
		for (i = 0, c = s; ; i++) {
			const char *comma = memchr(c, ',', end - c);
			const char *ce = comma != NULL ? comma : end;

			name = c;
			n = parse_nvsmi_cellname(&name, ce - c, check &&
			    i == 0);
			if (n == 0 && check)
				return (-1);
			if (pass == 0 && parse_nvsmi_lookup(name, n) != 0)
				known++;
			if (pass == 1 && i < NVSMI_MAXCOLS &&
			    (m->col[i] = parse_nvsmi_lookup(name, n)) != 0)
				m->nknown++;
			if (comma == NULL)
				break;
			c = comma + 1;
		}
		if (pass == 1)
			m->ncols = i + 1;
		/* A header names at least one field myriad reads. */
		if (pass == 0 && known == 0)
			return (-1);
	}
	return (0);
}

/*
 * The query's columns.  A stream brings the same query with every sample:
 * the last query's map is kept.
 */
static void
parse_nvsmi_mapquery(struct nvsmi_map *m, const char *fmt)
{
	static char		 last[4096];
	static struct nvsmi_map	 map;
	static int		 have;
	size_t			 len = strlen(fmt);

	if (!have || len >= sizeof last || strcmp(last, fmt) != 0) {
		parse_nvsmi_mapnames(&map, fmt, len, 0);
		have = len < sizeof last;
		if (have)
			memcpy(last, fmt, len + 1);
	}
	*m = map;
}

/* A number with an optional ` unit' after it: 100 %, 350.00 W. */
static int
parse_nvsmi_number(const char *s, size_t len, double *out)
{
	static const double	 p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	    1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17 };
	const char		*end = s + len, *p = s;
	double			 v = 0, f = 0;
	u_int			 nd = 0, nf = 0;
	int			 neg = 0;

	if (p < end && (*p == '-' || *p == '+'))
		neg = (*p++ == '-');
	for (; p < end && *p >= '0' && *p <= '9'; p++, nd++)
		v = v * 10 + (*p - '0');
	if (p < end && *p == '.') {
		for (p++; p < end && *p >= '0' && *p <= '9'; p++, nd++) {
			if (nf < nitems(p10) - 1) {
				f = f * 10 + (*p - '0');
				nf++;
			}
		}
	}
	if (nd == 0)
		return (-1);
	if (p < end) {
		/* Only a unit may follow: one blank and letters or %. */
		if (*p != ' ' || p + 1 == end)
			return (parse_double(s, len, out));
		for (p++; p < end; p++) {
			if (!isalpha((u_char)*p) && *p != '%' && *p != '/')
				return (-1);
		}
	}
	v += f / p10[nf];
	*out = neg ? -v : v;
	return (0);
}

/* A number in f's unit, if it has one; whole if that unit is. */
static int
parse_nvsmi_inunit(const struct sink *sk, u_int line,
    const struct nvsmi_field *f, const char *s, size_t len, double d)
{
	const char	*want = nvsmi_ranges[f->bit].unit, *u;

	if ((u = memchr(s, ' ', len)) != NULL && want != NULL &&
	    ((size_t)(s + len - u - 1) != strlen(want) ||
	    memcmp(u + 1, want, strlen(want)) != 0)) {
		sink_error(sk, line, "%s: %.*s is not in %s", f->name,
		    (int)len, s, want);
		return (-1);
	}
	if (nvsmi_ranges[f->bit].whole && d != (double)(uint64_t)d) {
		sink_error(sk, line, "%s: %.*s is not a whole number of %s",
		    f->name, (int)len, s, want);
		return (-1);
	}
	return (0);
}

static int
parse_nvsmi_u64(const char *s, size_t len, uint64_t *out)
{
	const char	*end = s + len, *p = s;
	uint64_t	 v = 0;

	if (p == end || *p < '0' || *p > '9')
		return (-1);
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (*p - '0')) / 10)
			return (-2);
		v = v * 10 + (*p - '0');
	}
	if (p < end) {
		if (*p != ' ')
			return (-1);
		for (p++; p < end; p++) {
			if (!isalpha((u_char)*p))
				return (-1);
		}
	}
	*out = v;
	return (0);
}

static int
parse_nvsmi_hex(const char *s, size_t len, uint64_t *out)
{
	uint64_t	 v = 0;
	size_t		 i;
	int		 c;

	if (len < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return (parse_nvsmi_u64(s, len, out));
	if (len - 2 > 16)
		return (-1);
	for (i = 2; i < len; i++) {
		c = (u_char)s[i];
		if (c >= '0' && c <= '9')
			c -= '0';
		else if (c >= 'a' && c <= 'f')
			c -= 'a' - 10;
		else if (c >= 'A' && c <= 'F')
			c -= 'A' - 10;
		else
			return (-1);
		v = (v << 4) | (uint64_t)c;
	}
	*out = v;
	return (0);
}

/*
 * Parse one cell into the record.  A cell that is not what its field
 * holds, or past what a GPU can report, is an error, never a value.
 */
static void
parse_nvsmi_cell(struct gpu *g, const struct nvsmi_field *f, const char *s,
    size_t len, const struct sink *sk, u_int line)
{
	char		*base = (char *)g + f->off;
	double		 d;
	uint64_t	 u;
	uint32_t	 u32;
	uint8_t		 u8;
	int		 i, rc = 0;

	len = parse_trim(&s, len);
	if (len > 0 && s[0] == '[' && g->error[0] == '\0') {
		for (i = 0; i < (int)nitems(nvsmi_cellerrors); i++) {
			if (strlen(nvsmi_cellerrors[i]) == len &&
			    memcmp(nvsmi_cellerrors[i], s, len) == 0)
				parse_copy(g->error, sizeof g->error, s + 1,
				    len - 2);
		}
	}
	if (len == 0 || s[0] == '[' || (len == 3 && memcmp(s, "N/A", 3) == 0))
		return;
	if (f->type == NT_STR) {
		parse_copy(base, f->size, s, len);
		return;
	}
	if (f->alt && (g->valid & BIT(f->bit)))
		return;

	switch (f->type) {
	case NT_FLOAT:
		if ((rc = parse_nvsmi_number(s, len, &d)) != 0)
			break;
		if (parse_range(sk, line, f->name, d,
		    nvsmi_ranges[f->bit].min, nvsmi_ranges[f->bit].max) != 0 ||
		    parse_nvsmi_inunit(sk, line, f, s, len, d) != 0)
			return;
		*(float *)base = (float)d;
		break;
	case NT_INT:
	case NT_U64:
	case NT_U32:
	case NT_RETIRED:
		if ((rc = parse_nvsmi_u64(s, len, &u)) != 0)
			break;
		if (parse_range(sk, line, f->name, u,
		    nvsmi_ranges[f->bit].min, nvsmi_ranges[f->bit].max) != 0)
			return;
		if (f->type == NT_INT) {
			i = (int)u;
			memcpy(base, &i, sizeof i);
		} else if (f->type == NT_U64)
			memcpy(base, &u, sizeof u);
		else if (f->type == NT_U32) {
			u32 = (uint32_t)u;
			memcpy(base, &u32, sizeof u32);
		} else {
			if (g->valid & BIT(f->bit))
				u += g->retired_pages;
			g->retired_pages = u > UINT32_MAX ? UINT32_MAX :
			    (uint32_t)u;
		}
		break;
	case NT_BOOL:
		if ((len == 3 && memcmp(s, "Yes", 3) == 0) ||
		    (len == 1 && s[0] == '1'))
			u8 = 1;
		else if ((len == 2 && memcmp(s, "No", 2) == 0) ||
		    (len == 1 && s[0] == '0'))
			u8 = 0;
		else {
			rc = -1;
			break;
		}
		*(uint8_t *)base = u8;
		break;
	case NT_HEX:
		if ((rc = parse_nvsmi_hex(s, len, &u)) == 0)
			memcpy(base, &u, sizeof u);
		break;
	case NT_PSTATE:
		if (len < 2 || len > 3 || s[0] != 'P' ||
		    parse_nvsmi_u64(s + 1, len - 1, &u) != 0 || u > 15)
			rc = -1;
		else
			*(uint8_t *)base = (uint8_t)u;
		break;
	case NT_STR:
		return;
	}
	if (rc != 0) {
		sink_error(sk, line, "%s: '%.*s' %s", f->name,
		    (int)(len > 40 ? 40 : len), s, rc == -2 ? "is past 2^64" :
		    "is not understood");
		return;
	}
	g->valid |= BIT(f->bit);
}

/*
 * "Unable to determine the device handle for GPU 0000:05:00.0: GPU is
 * lost.  Reboot the system to recover this GPU": a record with the bus id
 * and the error.  Returns -1 if there is no bus id.
 */
static int
parse_nvsmi_devhandle(struct gpu *g, const char *s, size_t len)
{
	const char	*end = s + len, *p, *id, *msg;
	size_t		 n;

	p = s + DEVHANDLELEN;
	while (p < end && *p == ' ')
		p++;
	if (end - p >= 3 && strncasecmp(p, "GPU", 3) == 0)
		p += 3;
	while (p < end && *p == ' ')
		p++;
	id = p;
	while (p < end && !(*p == ':' && (p + 1 == end || p[1] == ' ')))
		p++;
	if (p == id || p - id >= (ptrdiff_t)sizeof g->bus_id)
		return (-1);
	memset(g, 0, sizeof *g);
	parse_copy(g->bus_id, sizeof g->bus_id, id, p - id);
	msg = p < end ? p + 1 : p;
	n = parse_trim(&msg, end - msg);
	/* Keep the first sentence: "GPU is lost". */
	p = memchr(msg, '.', n);
	if (p != NULL)
		n = p - msg;
	if (n == 0) {
		msg = "Unknown Error";
		n = strlen(msg);
	}
	parse_copy(g->error, sizeof g->error, msg, n);
	return (0);
}

/*
 * Strip what a fan-out tool put before the output: Ansible's
 * `host | CHANGED | rc=0 | (stdout) ' or pdsh's `host: '.
 */
static void
parse_nvsmi_prefix(const char **s, size_t *len)
{
	static const char	 mark[] = "(stdout) ";
	const char		*p = *s, *end = *s + *len, *m;

	if (memchr(p, '|', *len) != NULL &&
	    (m = memmem(p, *len, mark, sizeof mark - 1)) != NULL) {
		m += sizeof mark - 1;
		*len -= m - *s;
		*s = m;
		return;
	}
	while (p < end && (isalnum((u_char)*p) || *p == '-' || *p == '.' ||
	    *p == '_'))
		p++;
	if (p != *s && end - p >= 2 && p[0] == ':' && p[1] == ' ') {
		p += 2;
		*len -= p - *s;
		*s = p;
	}
}

/*
 * The GPUs of one report come in index order; a lower index begins the
 * next report (nvidia-smi -l).  One listed again inside a report, right
 * after the line before (none refused in between: that could be the next
 * report's first), is damage: the GPUs before it are not dropped for it.
 */
struct nvsmi_order {
	int		 first;		/* the report's first index */
	int		 last;		/* the last line's, -1 before any */
	u_int		 line;
};

static int
parse_nvsmi_again(struct nvsmi_order *o, int index, u_int line)
{
	if (o->last >= 0 && index <= o->last) {
		if (index > o->first && line == o->line + 1)
			return (1);
		o->first = index;
	} else if (o->last < 0)
		o->first = index;
	o->last = index;
	o->line = line;
	return (0);
}

int
parse_nvsmi_csv(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct nvsmi_order order = { .last = -1 };
	struct lines	 l;
	struct nvsmi_map m;
	struct gpu	 g;
	const char	*line, *c, *end, *comma;
	size_t		 n, i;
	u_int		 ncells, col, refused;
	int		 nrec = 0, lost = 0;

	/*
	 * A line refused before any row may be the header: its columns
	 * are the query's when the query is known, else they are lost.
	 */
	if (fmt == NULL) {
		fmt = NVSMI_QUERY;
		refused = 0;
	} else
		refused = UINT_MAX;
	parse_nvsmi_mapquery(&m, fmt);

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &n)) {
		if (refused != UINT_MAX) {
			if (l.refused != refused && nrec == 0)
				lost = 1;
			refused = l.refused;
		}
		n = parse_trim(&line, n);
		if (n == 0)
			continue;
		if (!isdigit((u_char)*line))
			parse_nvsmi_prefix(&line, &n);
		if (n == 0)
			continue;

		if (!isdigit((u_char)*line) && *line != '[') {
			/* A header line maps the columns anew. */
			if (parse_nvsmi_mapnames(&m, line, n, 1) == 0) {
				lost = 0;
				continue;
			}
			if (n > DEVHANDLELEN &&
			    memcmp(line, DEVHANDLE, DEVHANDLELEN) == 0 &&
			    parse_nvsmi_devhandle(&g, line, n) == 0) {
				g.vendor = VENDOR_NVIDIA;
				SINK_EMIT(s, gpu, &g);
				nrec++;
				continue;
			}
			for (i = 0; i < nitems(nvsmi_failures); i++) {
				size_t fl = strlen(nvsmi_failures[i]);

				if (n >= fl && memcmp(line, nvsmi_failures[i],
				    fl) == 0)
					break;
			}
			if (i < nitems(nvsmi_failures)) {
				sink_error(s, l.line, "%.*s",
				    (int)(n > 200 ? 200 : n), line);
				continue;
			}
		}

		if (lost)
			continue;	/* its columns are not known */
		if (m.nknown == 0) {
			/* --query-compute-apps and the like: not GPUs. */
			if (!m.warned)
				sink_error(s, l.line, "no GPU field in query");
			m.warned = 1;
			continue;
		}
		end = line + n;
		for (ncells = 1, c = line; (c = memchr(c, ',', end - c)) !=
		    NULL; c++)
			ncells++;
		if (ncells != m.ncols) {
			sink_error(s, l.line, "expected %u fields, got %u",
			    m.ncols, ncells);
			continue;
		}
		memset(&g, 0, sizeof g);
		for (col = 0, c = line; ; col++) {
			comma = memchr(c, ',', end - c);
			if (col < NVSMI_MAXCOLS && m.col[col] != 0) {
				parse_nvsmi_cell(&g,
				    &nvsmi_fields[m.col[col] - 1],
				    c, (comma != NULL ? comma : end) - c, s,
				    l.line);
			}
			if (comma == NULL)
				break;
			c = comma + 1;
		}
		if ((g.valid & BIT(GPU_INDEX)) &&
		    parse_nvsmi_again(&order, g.index, l.line)) {
			sink_error(s, l.line, "GPU %d listed again in one "
			    "report", g.index);
			continue;
		}
		g.vendor = VENDOR_NVIDIA;
		SINK_EMIT(s, gpu, &g);
		nrec++;
	}
	return (nrec);
}
