/*
 * myriad - what the simulated cluster's tools print.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Each tool prints the exact bytes the real one prints (nvidia-smi 565,
 * ipmitool 1.8.19, ibstat, Slurm 23.11, DCGM 3.3, the kernel), so that
 * the simulator's output goes through the same parsers as real output.
 */

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim.h"

typedef int (*simt_fn)(struct sim *, int, int, char **, struct buf *,
    char **);

/* Fast formatting: the nvidia-smi sweep prints millions of numbers. */
static void
simt_u64(struct buf *b, uint64_t v)
{
	char	 tmp[24], *p = tmp + sizeof tmp;

	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v != 0);
	buf_add(b, p, tmp + sizeof tmp - p);
}

/* %.2f for non-negative numbers. */
static void
simt_fix2(struct buf *b, double v)
{
	uint64_t	 c;
	char		 frac[3];

	if (v < 0)
		v = 0;
	c = (uint64_t)llround(v * 100);
	simt_u64(b, c / 100);
	frac[0] = '.';
	frac[1] = '0' + (c % 100) / 10;
	frac[2] = '0' + c % 10;
	buf_add(b, frac, 3);
}

static void
simt_hex16(struct buf *b, uint64_t v)
{
	static const char	 hex[] = "0123456789abcdef";
	char			 tmp[18];
	int			 i;

	tmp[0] = '0';
	tmp[1] = 'x';
	for (i = 17; i >= 2; i--) {
		tmp[i] = hex[v & 0xf];
		v >>= 4;
	}
	buf_add(b, tmp, sizeof tmp);
}

/* Times, in UTC so that every process prints the same. */
enum simt_tfmt { TF_ISO, TF_NVSMI, TF_CTIME, TF_JOURNAL };

static void
simt_strftime(char *buf, size_t len, enum simt_tfmt fmt, double t)
{
	struct tm	 tm;
	time_t		 tt = (time_t)floor(t);

	gmtime_r(&tt, &tm);
	switch (fmt) {
	case TF_ISO:
		strftime(buf, len, "%Y-%m-%dT%H:%M:%S", &tm);
		break;
	case TF_NVSMI:
		strftime(buf, len, "%Y/%m/%d %H:%M:%S", &tm);
		break;
	case TF_CTIME:
		strftime(buf, len, "%a %b %e %H:%M:%S %Y", &tm);
		break;
	case TF_JOURNAL:
		strftime(buf, len, "%b %d %H:%M:%S", &tm);
		break;
	}
}

/* Slurm's 1-02:03:04, 2:03:04 and 3:04. */
static void
simt_slurm_secs(char *buf, size_t len, long s)
{
	if (s < 0)
		s = 0;
	if (s >= 86400)
		snprintf(buf, len, "%ld-%02ld:%02ld:%02ld", s / 86400,
		    s / 3600 % 24, s / 60 % 60, s % 60);
	else if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60,
		    s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

static void
simt_cat(char *dst, const char *src, size_t size)
{
	size_t	 len = strlen(dst);

	if (len < size)
		strlcpy(dst + len, src, size - len);
}

static const char *
simt_base(const char *s)
{
	const char	*p = strrchr(s, '/');

	return (p != NULL ? p + 1 : s);
}

/* Append v to a growing array of node numbers. */
static void
simt_push(u_int **ids, u_int *n, u_int *size, u_int v)
{
	if (*n == *size) {
		*size = *size ? *size * 2 : 16;
		*ids = xreallocarray(*ids, *size, sizeof **ids);
	}
	(*ids)[(*n)++] = v;
}

/* gpu[0001-0004,0007] from sorted node numbers. */
static void
simt_fold(const struct sim *s, struct buf *b, const u_int *ids, u_int n)
{
	u_int	 i, j;
	int	 w = (int)s->width;

	if (n == 0)
		return;
	if (n == 1) {
		buf_puts(b, sim_node_name(s, ids[0]));
		return;
	}
	buf_puts(b, "gpu[");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && ids[j] == ids[j - 1] + 1; j++)
			;
		if (i != 0)
			buf_putc(b, ',');
		if (j - i == 1)
			buf_printf(b, "%0*u", w, ids[i] + 1);
		else
			buf_printf(b, "%0*u-%0*u", w, ids[i] + 1, w,
			    ids[j - 1] + 1);
	}
	buf_putc(b, ']');
}

/*
 * nvidia-smi --query-gpu.  The header shows the canonical field name,
 * whichever alias was asked for.
 */
enum nvq {
	NQ_INDEX, NQ_UUID, NQ_NAME, NQ_BUSID, NQ_UTIL, NQ_MEMUTIL, NQ_MEMUSED,
	NQ_MEMTOTAL, NQ_MEMFREE, NQ_MEMRESERVED, NQ_TEMP, NQ_MEMTEMP, NQ_POWER,
	NQ_PLIMIT, NQ_PDEFLIMIT, NQ_PMAXLIMIT, NQ_SMCLK, NQ_GRCLK, NQ_MEMCLK,
	NQ_MAXSMCLK, NQ_FAN, NQ_PSTATE, NQ_SBE, NQ_DBE, NQ_SBEAGG, NQ_DBEAGG,
	NQ_RSBE, NQ_RDBE, NQ_RPENDING, NQ_RCORR, NQ_RUNCORR, NQ_RPEND,
	NQ_RFAIL, NQ_THROTTLE, NQ_TIMESTAMP, NQ_DRIVER, NQ_COUNT, NQ_SERIAL,
	NQ_PERSIST, NQ_COMPUTE, NQ_VBIOS, NQ_PCIEGEN, NQ_PCIEWIDTH, NQ_MIG,
	NQ_ECCMODE,
};
static const struct {
	const char	*name;
	const char	*header;
	enum nvq	 id;
} simt_nvq[] = {
	{ "index", "index", NQ_INDEX },
	{ "uuid", "uuid", NQ_UUID },
	{ "gpu_uuid", "uuid", NQ_UUID },
	{ "name", "name", NQ_NAME },
	{ "gpu_name", "name", NQ_NAME },
	{ "pci.bus_id", "pci.bus_id", NQ_BUSID },
	{ "gpu_bus_id", "pci.bus_id", NQ_BUSID },
	{ "utilization.gpu", "utilization.gpu [%]", NQ_UTIL },
	{ "utilization.memory", "utilization.memory [%]", NQ_MEMUTIL },
	{ "memory.used", "memory.used [MiB]", NQ_MEMUSED },
	{ "memory.total", "memory.total [MiB]", NQ_MEMTOTAL },
	{ "memory.free", "memory.free [MiB]", NQ_MEMFREE },
	{ "memory.reserved", "memory.reserved [MiB]", NQ_MEMRESERVED },
	{ "temperature.gpu", "temperature.gpu", NQ_TEMP },
	{ "temperature.memory", "temperature.memory", NQ_MEMTEMP },
	{ "power.draw", "power.draw [W]", NQ_POWER },
	{ "power.draw.average", "power.draw.average [W]", NQ_POWER },
	{ "power.draw.instant", "power.draw.instant [W]", NQ_POWER },
	{ "power.limit", "power.limit [W]", NQ_PLIMIT },
	{ "enforced.power.limit", "enforced.power.limit [W]", NQ_PLIMIT },
	{ "power.default_limit", "power.default_limit [W]", NQ_PDEFLIMIT },
	{ "power.max_limit", "power.max_limit [W]", NQ_PMAXLIMIT },
	{ "clocks.sm", "clocks.current.sm [MHz]", NQ_SMCLK },
	{ "clocks.current.sm", "clocks.current.sm [MHz]", NQ_SMCLK },
	{ "clocks.gr", "clocks.current.graphics [MHz]", NQ_GRCLK },
	{ "clocks.current.graphics", "clocks.current.graphics [MHz]",
	  NQ_GRCLK },
	{ "clocks.mem", "clocks.current.memory [MHz]", NQ_MEMCLK },
	{ "clocks.current.memory", "clocks.current.memory [MHz]", NQ_MEMCLK },
	{ "clocks.max.sm", "clocks.max.sm [MHz]", NQ_MAXSMCLK },
	{ "clocks.max.graphics", "clocks.max.graphics [MHz]", NQ_MAXSMCLK },
	{ "fan.speed", "fan.speed [%]", NQ_FAN },
	{ "pstate", "pstate", NQ_PSTATE },
	{ "ecc.errors.corrected.volatile.total",
	  "ecc.errors.corrected.volatile.total", NQ_SBE },
	{ "ecc.errors.uncorrected.volatile.total",
	  "ecc.errors.uncorrected.volatile.total", NQ_DBE },
	{ "ecc.errors.corrected.aggregate.total",
	  "ecc.errors.corrected.aggregate.total", NQ_SBEAGG },
	{ "ecc.errors.uncorrected.aggregate.total",
	  "ecc.errors.uncorrected.aggregate.total", NQ_DBEAGG },
	{ "retired_pages.sbe", "retired_pages.single_bit_ecc.count", NQ_RSBE },
	{ "retired_pages.single_bit_ecc.count",
	  "retired_pages.single_bit_ecc.count", NQ_RSBE },
	{ "retired_pages.dbe", "retired_pages.double_bit.count", NQ_RDBE },
	{ "retired_pages.double_bit.count", "retired_pages.double_bit.count",
	  NQ_RDBE },
	{ "retired_pages.pending", "retired_pages.pending", NQ_RPENDING },
	{ "remapped_rows.correctable", "remapped_rows.correctable", NQ_RCORR },
	{ "remapped_rows.uncorrectable", "remapped_rows.uncorrectable",
	  NQ_RUNCORR },
	{ "remapped_rows.pending", "remapped_rows.pending", NQ_RPEND },
	{ "remapped_rows.failure", "remapped_rows.failure", NQ_RFAIL },
	{ "clocks_event_reasons.active", "clocks_event_reasons.active",
	  NQ_THROTTLE },
	{ "clocks_throttle_reasons.active", "clocks_event_reasons.active",
	  NQ_THROTTLE },
	{ "timestamp", "timestamp", NQ_TIMESTAMP },
	{ "driver_version", "driver_version", NQ_DRIVER },
	{ "count", "count", NQ_COUNT },
	{ "serial", "serial", NQ_SERIAL },
	{ "gpu_serial", "serial", NQ_SERIAL },
	{ "persistence_mode", "persistence_mode", NQ_PERSIST },
	{ "compute_mode", "compute_mode", NQ_COMPUTE },
	{ "vbios_version", "vbios_version", NQ_VBIOS },
	{ "pcie.link.gen.current", "pcie.link.gen.current", NQ_PCIEGEN },
	{ "pcie.link.width.current", "pcie.link.width.current", NQ_PCIEWIDTH },
	{ "mig.mode.current", "mig.mode.current", NQ_MIG },
	{ "ecc.mode.current", "ecc.mode.current", NQ_ECCMODE },
};

/* Parse (and remember) a field list; the sweep asks the same one. */
static int
simt_nvq_parse(struct sim *s, const char *q, char **cause)
{
	char	*copy, *p, *f;
	u_int	 i, n = 0, size = 0;
	int	*ids = NULL;

	if (s->qstr != NULL && strcmp(s->qstr, q) == 0)
		return (0);
	copy = xstrdup(q);
	for (p = copy; (f = strsep(&p, ",")) != NULL; ) {
		while (*f == ' ')
			f++;
		for (i = 0; i < nitems(simt_nvq); i++) {
			if (strcasecmp(simt_nvq[i].name, f) == 0)
				break;
		}
		if (i == nitems(simt_nvq)) {
			xasprintf(cause, "Field \"%s\" is not a valid field "
			    "to query.", f);
			free(copy);
			free(ids);
			return (-1);
		}
		if (n == size) {
			size = size ? size * 2 : 32;
			ids = xreallocarray(ids, size, sizeof *ids);
		}
		ids[n++] = (int)i;
	}
	free(copy);
	if (n == 0) {
		xasprintf(cause, "No fields to query.");
		free(ids);
		return (-1);
	}
	free(s->qstr);
	free(s->qids);
	s->qstr = xstrdup(q);
	s->qids = ids;
	s->nq = n;
	return (0);
}

static void
simt_serial(const struct sim *s, u_int node, u_int gpu, char *buf,
    size_t len)
{
	uint64_t	 h = sim_hash(s->seed, node, gpu, 0x5e71a1);

	snprintf(buf, len, "1652%09llu",
	    (unsigned long long)(h % 1000000000ULL));
}

static void
simt_lost(struct buf *b, u_int gpu)
{
	char	 id[3];

	id[0] = toupper((u_char)sim_busids[gpu][0]);
	id[1] = toupper((u_char)sim_busids[gpu][1]);
	id[2] = '\0';
	buf_printf(b, "Unable to determine the device handle for GPU "
	    "0000:%s:00.0: GPU is lost.  Reboot the system to recover this "
	    "GPU\n", id);
}

static void
simt_nvq_value(struct sim *s, struct buf *b, enum nvq id, u_int node,
    u_int gpu, const struct sim_gpu *g, const char *stamp, int units)
{
	char	 tmp[64];

	switch (id) {
	case NQ_INDEX:
		simt_u64(b, gpu);
		return;
	case NQ_UUID:
		sim_uuid(s, node, gpu, tmp, sizeof tmp);
		buf_puts(b, tmp);
		return;
	case NQ_NAME:
		buf_puts(b, SIM_MODEL);
		return;
	case NQ_BUSID:
		buf_add(b, "00000000:", 9);
		buf_putc(b, toupper((u_char)sim_busids[gpu][0]));
		buf_putc(b, toupper((u_char)sim_busids[gpu][1]));
		buf_add(b, ":00.0", 5);
		return;
	case NQ_UTIL:
	case NQ_MEMUTIL:
		simt_u64(b, id == NQ_UTIL ? g->util : g->memutil);
		if (units)
			buf_add(b, " %", 2);
		return;
	case NQ_MEMUSED:
	case NQ_MEMTOTAL:
	case NQ_MEMFREE:
	case NQ_MEMRESERVED:
		if (id == NQ_MEMUSED)
			simt_u64(b, g->memused);
		else if (id == NQ_MEMTOTAL)
			simt_u64(b, SIM_GPU_MIB);
		else if (id == NQ_MEMFREE)
			simt_u64(b, SIM_GPU_MIB - 512 - g->memused);
		else
			simt_u64(b, 512);
		if (units)
			buf_add(b, " MiB", 4);
		return;
	case NQ_TEMP:
		simt_u64(b, g->temp);
		return;
	case NQ_MEMTEMP:
		simt_u64(b, g->memtemp);
		return;
	case NQ_POWER:
	case NQ_PLIMIT:
	case NQ_PDEFLIMIT:
	case NQ_PMAXLIMIT:
		simt_fix2(b, id == NQ_POWER ? g->power : 700);
		if (units)
			buf_add(b, " W", 2);
		return;
	case NQ_SMCLK:
	case NQ_GRCLK:
	case NQ_MEMCLK:
	case NQ_MAXSMCLK:
		if (id == NQ_MEMCLK)
			simt_u64(b, g->memclk);
		else if (id == NQ_MAXSMCLK)
			simt_u64(b, 1980);
		else
			simt_u64(b, g->smclk);
		if (units)
			buf_add(b, " MHz", 4);
		return;
	case NQ_FAN:
	case NQ_RSBE:
	case NQ_RDBE:
	case NQ_RPENDING:
		buf_add(b, "[N/A]", 5);
		return;
	case NQ_PSTATE:
		buf_add(b, "P0", 2);
		return;
	case NQ_SBE:
		simt_u64(b, g->sbe);
		return;
	case NQ_DBE:
		simt_u64(b, g->dbe);
		return;
	case NQ_SBEAGG:
		simt_u64(b, g->sbe_agg > g->sbe ? g->sbe_agg : g->sbe);
		return;
	case NQ_DBEAGG:
		simt_u64(b, g->dbe_agg > g->dbe ? g->dbe_agg : g->dbe);
		return;
	case NQ_RCORR:
		simt_u64(b, g->remap_corr);
		return;
	case NQ_RUNCORR:
		simt_u64(b, g->remap_uncorr);
		return;
	case NQ_RPEND:
		buf_puts(b, g->remap_pending ? "Yes" : "No");
		return;
	case NQ_RFAIL:
		buf_puts(b, g->remap_failure ? "Yes" : "No");
		return;
	case NQ_THROTTLE:
		simt_hex16(b, g->throttle);
		return;
	case NQ_TIMESTAMP:
		buf_puts(b, stamp);
		return;
	case NQ_DRIVER:
		buf_puts(b, SIM_DRIVER);
		return;
	case NQ_COUNT:
		simt_u64(b, SIM_GPUS);
		return;
	case NQ_SERIAL:
		simt_serial(s, node, gpu, tmp, sizeof tmp);
		buf_puts(b, tmp);
		return;
	case NQ_PERSIST:
		buf_puts(b, "Enabled");
		return;
	case NQ_COMPUTE:
		buf_puts(b, "Default");
		return;
	case NQ_VBIOS:
		buf_puts(b, "96.00.99.00.01");
		return;
	case NQ_PCIEGEN:
		buf_putc(b, g->busy ? '5' : '1');
		return;
	case NQ_PCIEWIDTH:
		buf_add(b, "16", 2);
		return;
	case NQ_MIG:
		buf_puts(b, "Disabled");
		return;
	case NQ_ECCMODE:
		buf_puts(b, "Enabled");
		return;
	}
}

static int
simt_nvsmi_query(struct sim *s, int node, const char *query,
    const char *format, int only, struct buf *out, char **cause)
{
	struct sim_nodeval	 v;
	char			*copy, *p, *f, stamp[40];
	int			 header = 1, units = 1, csv = 0;
	u_int			 i, gpu;
	double			 ms;

	if (format == NULL) {
		xasprintf(cause, "Option --format must be specified with "
		    "--query-gpu.");
		return (-1);
	}
	copy = xstrdup(format);
	for (p = copy; (f = strsep(&p, ",")) != NULL; ) {
		while (*f == ' ')
			f++;
		if (strcmp(f, "csv") == 0)
			csv = 1;
		else if (strcmp(f, "noheader") == 0)
			header = 0;
		else if (strcmp(f, "nounits") == 0)
			units = 0;
		else {
			xasprintf(cause, "\"%s\" is not a valid format "
			    "option.", f);
			free(copy);
			return (-1);
		}
	}
	free(copy);
	if (!csv) {
		xasprintf(cause, "Only CSV output format is supported for "
		    "--query-gpu.");
		return (-1);
	}
	if (simt_nvq_parse(s, query, cause) != 0)
		return (-1);

	if (header) {
		for (i = 0; i < s->nq; i++) {
			if (i != 0)
				buf_add(out, ", ", 2);
			buf_puts(out, simt_nvq[s->qids[i]].header);
		}
		buf_putc(out, '\n');
	}
	sim_node_sample(s, node, &v);
	simt_strftime(stamp, sizeof stamp, TF_NVSMI, s->t);
	ms = (s->t - floor(s->t)) * 1000;
	snprintf(stamp + strlen(stamp), sizeof stamp - strlen(stamp), ".%03d",
	    (int)ms);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (only >= 0 && (int)gpu != only)
			continue;
		if (v.gpu[gpu].lost) {
			simt_lost(out, gpu);
			continue;
		}
		for (i = 0; i < s->nq; i++) {
			if (i != 0)
				buf_add(out, ", ", 2);
			simt_nvq_value(s, out, simt_nvq[s->qids[i]].id, node,
			    gpu, &v.gpu[gpu], stamp, units);
		}
		buf_putc(out, '\n');
	}
	return (0);
}

/*
 * NVLink error counters: mostly zero, high on a link that went down, and
 * rising by the second on a link that stays up with errors (SV_MILD).
 */
static void
simt_nvlink_counters(const struct sim *s, u_int node, u_int gpu, u_int l,
    uint64_t *c)
{
	const struct sim_fault	*f;
	uint64_t		 h;

	h = sim_hash(s->seed, node, gpu * 32 + l, 0x4e564c);
	c[0] = c[1] = c[2] = 0;
	if (h % 50 == 0)
		c[0] = 1 + (h >> 8) % 12;
	if ((f = sim_fault_find(s, node, SF_NVLINK, gpu)) != NULL &&
	    f->link == l && f->variant == SV_MILD) {
		c[0] += (uint64_t)(s->t - f->start) * 3;
		c[1] = (uint64_t)(s->t - f->start) / 300;
		c[2] = (uint64_t)(s->t - f->start) / 2;
	} else if (f != NULL && f->link == l) {
		c[0] += 1200 + (uint64_t)(s->t - f->start) / 7;
		c[1] = 3 + (uint64_t)(s->t - f->start) / 600;
		c[2] = 40 + (uint64_t)(s->t - f->start) / 30;
	}
}

/* "GPU 0: NAME (UUID: ...)", or the line of a lost GPU; 0 when lost. */
static int
simt_gpu_title(const struct sim *s, u_int node, u_int gpu, struct buf *out)
{
	char	 uuid[64];

	if (sim_fault_find(s, node, SF_XID79, gpu) != NULL) {
		simt_lost(out, gpu);
		return (0);
	}
	sim_uuid(s, node, gpu, uuid, sizeof uuid);
	buf_printf(out, "GPU %u: %s (UUID: %s)\n", gpu, SIM_MODEL, uuid);
	return (1);
}

static int
simt_nvlink(struct sim *s, int node, int errors, int only, struct buf *out)
{
	static const char *const names[] = {
		"Replay Errors", "Recovery Errors", "CRC Errors"
	};
	const struct sim_fault	*f;
	uint64_t		 c[3];
	u_int			 gpu, l, k;

	sim_update(s);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (only >= 0 && (int)gpu != only)
			continue;
		if (!simt_gpu_title(s, node, gpu, out))
			continue;
		f = sim_fault_find(s, node, SF_NVLINK, gpu);
		for (l = 0; l < SIM_LINKS; l++) {
			if (!errors) {
				if (f != NULL && f->link == l &&
				    f->variant != SV_MILD)
					buf_printf(out, "\t Link %u: "
					    "<inactive>\n", l);
				else
					buf_printf(out, "\t Link %u: 26.562 "
					    "GB/s\n", l);
				continue;
			}
			if (l != 0)
				buf_putc(out, '\n');
			simt_nvlink_counters(s, node, gpu, l, c);
			for (k = 0; k < 3; k++) {
				buf_printf(out, "\t Link %u: %s: %llu\n", l,
				    names[k], (unsigned long long)c[k]);
			}
		}
	}
	return (0);
}

static int
simt_nvsmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const char	*query = NULL, *format = NULL, *a;
	int		 i, only = -1, nvlink = 0, status = 0, errors = 0;
	int		 list = 0;
	char		*end;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (strncmp(a, "--query-gpu=", 12) == 0)
			query = a + 12;
		else if (strcmp(a, "--query-gpu") == 0 && i + 1 < argc)
			query = argv[++i];
		else if (strncmp(a, "--format=", 9) == 0)
			format = a + 9;
		else if (strcmp(a, "--format") == 0 && i + 1 < argc)
			format = argv[++i];
		else if ((strcmp(a, "-i") == 0 || strcmp(a, "--id") == 0) &&
		    i + 1 < argc) {
			only = (int)strtol(argv[++i], &end, 10);
			if (*end != '\0' || only < 0 || only >= SIM_GPUS)
				goto badid;
		} else if (strncmp(a, "--id=", 5) == 0) {
			only = (int)strtol(a + 5, &end, 10);
			if (*end != '\0' || only < 0 || only >= SIM_GPUS)
				goto badid;
		} else if ((strcmp(a, "-lms") == 0 || strcmp(a, "-l") == 0 ||
		    strcmp(a, "--loop-ms") == 0 || strcmp(a, "--loop") == 0) &&
		    i + 1 < argc)
			i++;		/* the caller loops: sim_tool_loop_ms */
		else if (strncmp(a, "--loop-ms=", 10) == 0 ||
		    strncmp(a, "--loop=", 7) == 0)
			;
		else if (strcmp(a, "nvlink") == 0 && i == 1)
			nvlink = 1;
		else if (nvlink && (strcmp(a, "-s") == 0 ||
		    strcmp(a, "--status") == 0))
			status = 1;
		else if (nvlink && (strcmp(a, "-e") == 0 ||
		    strcmp(a, "--errorcounters") == 0))
			errors = 1;
		else if (!nvlink && (strcmp(a, "-L") == 0 ||
		    strcmp(a, "--list-gpus") == 0))
			list = 1;
		else {
			xasprintf(cause, "Invalid combination of input "
			    "arguments. Please run 'nvidia-smi -h' for help.");
			return (-1);
		}
	}
	if (nvlink) {
		if (status == errors) {
			xasprintf(cause, "Invalid combination of input "
			    "arguments. Please run 'nvidia-smi nvlink -h' "
			    "for help.");
			return (-1);
		}
		return (simt_nvlink(s, node, errors, only, out));
	}
	if (list) {
		u_int	 gpu;

		sim_update(s);
		for (gpu = 0; gpu < SIM_GPUS; gpu++)
			simt_gpu_title(s, node, gpu, out);
		return (0);
	}
	if (query == NULL) {
		xasprintf(cause, "nvidia-smi: the simulator prints "
		    "--query-gpu, -L and nvlink -s/-e only");
		return (-1);
	}
	return (simt_nvsmi_query(s, node, query, format, only, out, cause));

badid:
	xasprintf(cause, "Invalid GPU ID. Please run 'nvidia-smi -h' for "
	    "help.");
	return (-1);
}

int
sim_tool_loop_ms(int argc, char **argv)
{
	const char	*a;
	int		 i;
	long		 n;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		n = -1;
		if ((strcmp(a, "-lms") == 0 || strcmp(a, "--loop-ms") == 0) &&
		    i + 1 < argc)
			n = strtol(argv[i + 1], NULL, 10);
		else if (strncmp(a, "--loop-ms=", 10) == 0)
			n = strtol(a + 10, NULL, 10);
		else if ((strcmp(a, "-l") == 0 || strcmp(a, "--loop") == 0) &&
		    i + 1 < argc)
			n = strtol(argv[i + 1], NULL, 10) * 1000;
		else if (strncmp(a, "--loop=", 7) == 0)
			n = strtol(a + 7, NULL, 10) * 1000;
		if (n > 0)
			return (n > 86400000 ? 86400000 : (int)n);
	}
	return (0);
}

/*
 * ipmitool.  A sensor is either a threshold sensor with a reading and
 * thresholds, or a discrete one with a state.
 */
enum { TH_LNR, TH_LCR, TH_LNC, TH_UNC, TH_UCR, TH_UNR };
enum simt_unit { SU_DEGC, SU_RPM, SU_WATTS, SU_LPM, SU_DISCRETE };
static const char *const simt_units[] = {
	[SU_DEGC] = "degrees C",
	[SU_RPM] = "RPM",
	[SU_WATTS] = "Watts",
	[SU_LPM] = "liters/minute",
	[SU_DISCRETE] = "discrete",
};

struct simt_sensor {
	char		 name[17];
	u_int		 number;
	u_int		 entity;
	u_int		 instance;
	enum simt_unit	 unit;
	int		 valid;
	double		 value;
	const char	*state;		/* discrete: the asserted state */
	u_int		 raw;		/* discrete: the raw state */
	double		 th[6];		/* lnr lcr lnc unc ucr unr; NAN */
};

static void
simt_sensor_set(struct simt_sensor *x, const char *name, u_int number,
    u_int entity, u_int instance, enum simt_unit unit, double value)
{
	u_int	 i;

	strlcpy(x->name, name, sizeof x->name);
	x->number = number;
	x->entity = entity;
	x->instance = instance;
	x->unit = unit;
	x->valid = 1;
	x->value = value;
	x->state = NULL;
	x->raw = 0;
	for (i = 0; i < nitems(x->th); i++)
		x->th[i] = NAN;
}

/* Thresholds, NAN where the BMC has none. */
static void
simt_th(struct simt_sensor *x, double lcr, double lnc, double unc,
    double ucr, double unr)
{
	x->th[TH_LCR] = lcr;
	x->th[TH_LNC] = lnc;
	x->th[TH_UNC] = unc;
	x->th[TH_UCR] = ucr;
	x->th[TH_UNR] = unr;
}

#define SIMT_MAXSENSORS	48
static u_int
simt_sensors(struct sim *s, u_int node, struct simt_sensor *x)
{
	struct sim_nodeval	 v;
	struct simt_sensor	*p = x;
	const struct sim_fault	*fan;
	char			 name[17];
	double			 cpu, fanrpm, ps;
	uint64_t		 h;
	u_int			 i;

	sim_node_sample(s, node, &v);
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 10), 0x1b3c);

	simt_sensor_set(p, "Inlet Temp", 0x04, 7, 1, SU_DEGC, round(v.inlet));
	simt_th(p++, NAN, NAN, 35, 40, NAN);
	simt_sensor_set(p, "Exhaust Temp", 0x01, 7, 1, SU_DEGC,
	    round(v.inlet + 8 + v.power / 600));
	simt_th(p++, NAN, NAN, 65, 70, NAN);
	cpu = 38 + 22 * v.busy / SIM_GPUS;
	simt_sensor_set(p, "CPU1 Temp", 0x0e, 3, 1, SU_DEGC,
	    round(cpu + (h & 3)));
	simt_th(p++, NAN, NAN, 90, 95, NAN);
	simt_sensor_set(p, "CPU2 Temp", 0x0f, 3, 2, SU_DEGC,
	    round(cpu - 2 + ((h >> 2) & 3)));
	simt_th(p++, NAN, NAN, 90, 95, NAN);
	for (i = 0; i < SIM_GPUS; i++) {
		snprintf(name, sizeof name, "GPU%u Temp", i + 1);
		simt_sensor_set(p, name, 0x40 + i, 11, i + 1, SU_DEGC,
		    v.gpu[i].temp);
		if (v.gpu[i].lost)
			p->valid = 0;
		simt_th(p++, NAN, NAN, 85, 90, 100);
	}
	fan = sim_fault_find(s, node, SF_FAN, -1);
	fanrpm = 4800 + (v.inlet - 20) * 180 + v.power / 4;
	for (i = 0; i < SIM_FANS; i++) {
		snprintf(name, sizeof name, "FAN%u", i + 1);
		simt_sensor_set(p, name, 0x30 + i, 29, i + 1, SU_RPM,
		    60 * round((fanrpm + ((h >> (4 + i * 3)) & 7) * 40) / 60));
		if (fan != NULL && fan->unit == i)
			p->value = 0;
		simt_th(p++, 420, 600, NAN, NAN, NAN);
	}
	ps = v.power / SIM_PSUS;
	for (i = 0; i < SIM_PSUS; i++) {
		snprintf(name, sizeof name, "PS%u Input Power", i + 1);
		simt_sensor_set(p, name, 0x50 + i, 10, i + 1, SU_WATTS,
		    10 * round((ps + ((h >> (i * 5)) & 7) * 10 - 35) / 10));
		simt_th(p++, NAN, NAN, NAN, 3000, NAN);
	}
	for (i = 0; i < SIM_PSUS; i++) {
		snprintf(name, sizeof name, "PS%u Status", i + 1);
		simt_sensor_set(p, name, 0x58 + i, 10, i + 1, SU_DISCRETE, 0);
		p->state = "Presence detected";
		p->raw = 0x01;
		p++;
	}
	simt_sensor_set(p, "Coolant In Temp", 0x60, 30, 1, SU_DEGC,
	    round(v.supply));
	simt_th(p++, NAN, NAN, 40, 45, NAN);
	simt_sensor_set(p, "Coolant Out Temp", 0x61, 30, 1, SU_DEGC,
	    round(v.ret));
	simt_th(p++, NAN, NAN, 50, 55, NAN);
	simt_sensor_set(p, "Coolant Flow", 0x62, 30, 1, SU_LPM,
	    round(v.flow));
	simt_th(p++, 8, 10, NAN, NAN, NAN);
	simt_sensor_set(p, "Leak Detect", 0x63, 30, 1, SU_DISCRETE, 0);
	p->state = "State Deasserted";
	p->raw = 0x01;
	p++;
	simt_sensor_set(p, "Total Power", 0x70, 7, 1, SU_WATTS,
	    10 * round(v.power / 10));
	simt_th(p++, NAN, NAN, NAN, 12000, NAN);
	simt_sensor_set(p, "Chassis Intru", 0x73, 7, 1, SU_DISCRETE, 0);
	p->raw = 0x00;
	p++;
	return (p - x);
}

/* ipmitool's threshold status: the worst threshold crossed. */
static const char *
simt_thresh(const struct simt_sensor *x, int extended)
{
	double	 v = x->value;

	if (!isnan(x->th[TH_LNR]) && v <= x->th[TH_LNR])
		return (extended ? "lnr" : "nr");
	if (!isnan(x->th[TH_UNR]) && v >= x->th[TH_UNR])
		return (extended ? "unr" : "nr");
	if (!isnan(x->th[TH_LCR]) && v <= x->th[TH_LCR])
		return (extended ? "lcr" : "cr");
	if (!isnan(x->th[TH_UCR]) && v >= x->th[TH_UCR])
		return (extended ? "ucr" : "cr");
	if (!isnan(x->th[TH_LNC]) && v <= x->th[TH_LNC])
		return (extended ? "lnc" : "nc");
	if (!isnan(x->th[TH_UNC]) && v >= x->th[TH_UNC])
		return (extended ? "unc" : "nc");
	return ("ok");
}

/* "%s %s" into ipmitool's char[16]: long units are cut. */
static void
simt_sval(const struct simt_sensor *x, char *sval)
{
	char	 tmp[64];

	if (x->value == (int)x->value)
		snprintf(tmp, sizeof tmp, "%.0f %s", x->value,
		    simt_units[x->unit]);
	else
		snprintf(tmp, sizeof tmp, "%.2f %s", x->value,
		    simt_units[x->unit]);
	strlcpy(sval, tmp, 16);
}

static void
simt_sdr(struct sim *s, u_int node, int extended, struct buf *out)
{
	struct simt_sensor	 x[SIMT_MAXSENSORS];
	char			 sval[16];
	u_int			 i, n, k;

	n = simt_sensors(s, node, x);
	for (i = 0; i < n; i++) {
		if (extended) {
			buf_printf(out, "%-16s | %02Xh | ", x[i].name,
			    x[i].number);
			if (x[i].unit == SU_DISCRETE)
				buf_printf(out, "%-3s | %2u.%1u | %s\n", "ok",
				    x[i].entity, x[i].instance,
				    x[i].state != NULL ? x[i].state : "");
			else if (!x[i].valid)
				buf_printf(out, "%-3s | %2u.%1u | No Reading\n",
				    "ns", x[i].entity, x[i].instance);
			else {
				simt_sval(&x[i], sval);
				buf_printf(out, "%-3s | %2u.%1u | %s\n",
				    simt_thresh(&x[i], 1), x[i].entity,
				    x[i].instance, sval);
			}
			continue;
		}
		buf_printf(out, "%-16s | ", x[i].name);
		if (x[i].unit == SU_DISCRETE)
			snprintf(sval, sizeof sval, "0x%02x", x[i].raw);
		else if (!x[i].valid)
			snprintf(sval, sizeof sval, "no reading");
		else
			simt_sval(&x[i], sval);
		buf_puts(out, sval);
		for (k = strlen(sval); k <= sizeof sval; k++)
			buf_putc(out, ' ');
		buf_printf(out, " | %s\n", x[i].unit == SU_DISCRETE || !x[i].valid ?
		    (x[i].valid ? "ok" : "ns") : simt_thresh(&x[i], 0));
	}
}

/* ipmitool sensor list: ten columns with the thresholds. */
static void
simt_sensor_list(struct sim *s, u_int node, struct buf *out)
{
	struct simt_sensor	 x[SIMT_MAXSENSORS];
	const double		*th;
	char			 tmp[32];
	u_int			 i, n, k;

	n = simt_sensors(s, node, x);
	for (i = 0; i < n; i++) {
		buf_printf(out, "%-16s ", x[i].name);
		if (x[i].unit == SU_DISCRETE) {
			snprintf(tmp, sizeof tmp, "%x", x[i].raw);
			buf_printf(out, "| 0x%-8s | %-10s | 0x%02x00", tmp,
			    "discrete", x[i].raw);
			for (k = 0; k < 6; k++)
				buf_printf(out, "| %-10s", "na");
			buf_putc(out, '\n');
			continue;
		}
		if (!x[i].valid) {
			buf_printf(out, "| %-10s | %-10s | %-6s", "na", "",
			    "na");
			for (k = 0; k < 6; k++)
				buf_printf(out, "| %-10s", "na");
			buf_putc(out, '\n');
			continue;
		}
		snprintf(tmp, sizeof tmp, "%.3f", x[i].value);
		buf_printf(out, "| %-10s | %-10s | %-6s", tmp,
		    simt_units[x[i].unit], simt_thresh(&x[i], 0));
		th = x[i].th;
		for (k = 0; k < 6; k++) {
			if (isnan(th[k]))
				snprintf(tmp, sizeof tmp, "na");
			else
				snprintf(tmp, sizeof tmp, "%.3f", th[k]);
			buf_printf(out, "| %-10s", tmp);
		}
		buf_putc(out, '\n');
	}
}

static int
simt_ipmitool(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char	 withargs[] = "IHUPCLpfyktbTBRNoOmz";
	const char		*a;
	int			 i;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (a[0] != '-' || a[1] == '\0')
			break;
		if (a[2] == '\0' && strchr(withargs, a[1]) != NULL)
			i++;
	}
	if (sim_fault_find(s, node, SF_BMC, -1) != NULL) {
		xasprintf(cause, "Error: Unable to establish IPMI v2 / RMCP+ "
		    "session");
		return (-1);
	}
	if (i < argc && strcmp(argv[i], "sdr") == 0) {
		if (i + 1 == argc || strcmp(argv[i + 1], "list") == 0) {
			simt_sdr(s, node, 0, out);
			return (0);
		}
		if (strcmp(argv[i + 1], "elist") == 0) {
			simt_sdr(s, node, 1, out);
			return (0);
		}
	}
	if (i < argc && strcmp(argv[i], "sensor") == 0 &&
	    (i + 1 == argc || strcmp(argv[i + 1], "list") == 0)) {
		simt_sensor_list(s, node, out);
		return (0);
	}
	xasprintf(cause, "Invalid command: %s", i < argc ? argv[i] : "");
	return (-1);
}

/* The adapter an IB tool is asked about: -1 for all, -2 for none. */
static int
simt_ib_want(int node, int argc, char **argv, char **cause)
{
	if (argc < 2 || strcmp(argv[1], "-l") == 0)
		return (-1);
	if (strncmp(argv[1], "mlx5_", 5) != 0 || argv[1][5] < '0' ||
	    argv[1][5] > '7' || argv[1][6] != '\0') {
		xasprintf(cause, "ibpanic: [%u] main: stat of IB device '%s' "
		    "failed: No such file or directory", 1000 + node, argv[1]);
		return (-2);
	}
	return (argv[1][5] - '0');
}

/* ibstat: eight ConnectX-7 NDR ports, one subnet per rail. */
static int
simt_ibstat(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const phys[] = { "LinkUp", "Disabled", "Polling" };
	char		 ca[16];
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want;

	if ((want = simt_ib_want(node, argc, argv, cause)) == -2)
		return (-1);
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		snprintf(ca, sizeof ca, "mlx5_%u", p);
		if (argc >= 2 && strcmp(argv[1], "-l") == 0) {
			/* ibstat -l: the adapters' names. */
			buf_printf(out, "%s\n", ca);
			continue;
		}
		guid = sim_guid(s, node, p);
		active = sim_ib_state(s, node, p, &ph, &rate);
		buf_printf(out, "CA '%s'\n"
		    "\tCA type: MT4129\n"
		    "\tNumber of ports: 1\n"
		    "\tFirmware version: 28.39.2048\n"
		    "\tHardware version: 0\n"
		    "\tNode GUID: 0x%016llx\n"
		    "\tSystem image GUID: 0x%016llx\n"
		    "\tPort 1:\n"
		    "\t\tState: %s\n"
		    "\t\tPhysical state: %s\n"
		    "\t\tRate: %d\n"
		    "\t\tBase lid: %u\n"
		    "\t\tLMC: 0\n"
		    "\t\tSM lid: %d\n"
		    "\t\tCapability mask: 0xa751e848\n"
		    "\t\tPort GUID: 0x%016llx\n"
		    "\t\tLink layer: InfiniBand\n",
		    ca, (unsigned long long)guid, (unsigned long long)guid,
		    active ? "Active" : "Down", phys[ph], rate,
		    active ? node + 2 : 0, active ? 1 : 0,
		    (unsigned long long)guid);
	}
	return (0);
}

/*
 * ibstatus: the same ports, as the script prints them, with the width: a
 * port trained down runs two lanes (2X) of NDR.
 */
static int
simt_ibstatus(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const phys[] = { "5: LinkUp", "3: Disabled",
	    "2: Polling" };
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want;

	if ((want = simt_ib_want(node, argc, argv, cause)) == -2)
		return (-1);
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		guid = sim_guid(s, node, p);
		active = sim_ib_state(s, node, p, &ph, &rate);
		buf_printf(out, "Infiniband device 'mlx5_%u' port 1 status:\n"
		    "\tdefault gid:\t fe80:0000:0000:0000:%04x:%04x:%04x:%04x\n"
		    "\tbase lid:\t 0x%x\n"
		    "\tsm lid:\t\t 0x%x\n"
		    "\tstate:\t\t %s\n"
		    "\tphys state:\t %s\n"
		    "\trate:\t\t %d Gb/sec (%s)\n"
		    "\tlink_layer:\t InfiniBand\n\n", p,
		    (u_int)(guid >> 48) & 0xffff, (u_int)(guid >> 32) & 0xffff,
		    (u_int)(guid >> 16) & 0xffff, (u_int)guid & 0xffff,
		    active ? node + 2 : 0, active ? 1 : 0,
		    active ? "4: ACTIVE" : "1: DOWN", phys[ph], rate,
		    rate == 400 ? "4X NDR" : rate == 200 ? "2X NDR" : "4X SDR");
	}
	return (0);
}

/*
 * IB port error counters: mostly zero; a port that stays up with errors
 * (SF_IBFLAP, SV_MILD) sees its symbol errors, receive errors and link
 * recoveries rise by the second; a flapping one counts its downs; a port
 * that went down once counts that.  c: symerr, linkrec, linkdown, rcverr.
 */
static void
simt_ib_counters(const struct sim *s, u_int node, u_int port, uint64_t *c)
{
	const struct sim_fault	*f;
	uint64_t		 h, dt;

	h = sim_hash(s->seed, node, port, 0x494243);
	c[0] = c[1] = c[2] = c[3] = 0;
	if (h % 40 == 0)
		c[0] = 1 + (h >> 8) % 20;
	if ((f = sim_fault_find(s, node, SF_IBFLAP, port)) != NULL) {
		dt = s->t > f->start ? (uint64_t)(s->t - f->start) : 0;
		if (f->variant == SV_MILD) {
			c[0] += dt * 5;
			c[1] = dt / 120;
			c[3] = dt / 3;
		} else
			c[2] = (dt + 30) / 60;
	} else if ((f = sim_fault_find(s, node, SF_IBDOWN, port)) != NULL)
		c[2] = f->variant == SV_MILD ? 2 : 1;
}

/* One name:value line, dotted to column 33 as perfquery prints it. */
static void
simt_pq_line(struct buf *b, const char *name, uint64_t v, int hex)
{
	int	 n = (int)strlen(name) + 1;

	buf_printf(b, "%s:", name);
	for (; n < 33; n++)
		buf_putc(b, '.');
	if (hex)
		buf_printf(b, "0x%04llx\n", (unsigned long long)v);
	else
		buf_printf(b, "%llu\n", (unsigned long long)v);
}

static void
simt_pq_port(struct sim *s, u_int node, u_int p, int ext, struct buf *out)
{
	uint64_t	 c[4], data, pkts;
	int		 ph, rate, active;

	active = sim_ib_state(s, node, p, &ph, &rate);
	simt_ib_counters(s, node, p, c);
	pkts = (uint64_t)(s->t > 1.6e9 ? s->t - 1.6e9 : 0) * 1000 +
	    sim_hash(s->seed, node, p, 0x504b54) % 100000;
	data = pkts * 512;
	if (ext) {
		buf_printf(out, "# Port extended counters: Lid %u port 1 "
		    "(CapMask: 0x5A00 CapMask2: 0x0000000)\n",
		    active ? node + 2 : 0);
		simt_pq_line(out, "PortSelect", 1, 0);
		simt_pq_line(out, "CounterSelect", 0, 1);
		simt_pq_line(out, "PortXmitData", data, 0);
		simt_pq_line(out, "PortRcvData", data + pkts, 0);
		simt_pq_line(out, "PortXmitPkts", pkts, 0);
		simt_pq_line(out, "PortRcvPkts", pkts + pkts / 7, 0);
		simt_pq_line(out, "PortUnicastXmitPkts", pkts, 0);
		simt_pq_line(out, "PortUnicastRcvPkts", pkts, 0);
		simt_pq_line(out, "PortMulticastXmitPkts", pkts / 7, 0);
		simt_pq_line(out, "PortMulticastRcvPkts", pkts / 7, 0);
		simt_pq_line(out, "CounterSelect2", 0, 0);
	} else {
		buf_printf(out, "# Port counters: Lid %u port 1 "
		    "(CapMask: 0x5A00)\n", active ? node + 2 : 0);
		simt_pq_line(out, "PortSelect", 1, 0);
		simt_pq_line(out, "CounterSelect", 0, 1);
	}
	simt_pq_line(out, "SymbolErrorCounter", c[0], 0);
	simt_pq_line(out, "LinkErrorRecoveryCounter", c[1], 0);
	simt_pq_line(out, "LinkDownedCounter", c[2], 0);
	simt_pq_line(out, "PortRcvErrors", c[3], 0);
	simt_pq_line(out, "PortRcvRemotePhysicalErrors", 0, 0);
	simt_pq_line(out, "PortRcvSwitchRelayErrors", 0, 0);
	simt_pq_line(out, "PortXmitDiscards", 0, 0);
	simt_pq_line(out, "PortXmitConstraintErrors", 0, 0);
	simt_pq_line(out, "PortRcvConstraintErrors", 0, 0);
	simt_pq_line(out, "LocalLinkIntegrityErrors", 0, 0);
	simt_pq_line(out, "ExcessiveBufferOverrunErrors", 0, 0);
	simt_pq_line(out, "VL15Dropped", 0, 0);
	simt_pq_line(out, "PortXmitWait", pkts / 1000, 0);
	if (ext)
		simt_pq_line(out, "QP1Dropped", 0, 0);
	else {
		simt_pq_line(out, "PortXmitData", data & 0xffffffff, 0);
		simt_pq_line(out, "PortRcvData", data & 0xffffffff, 0);
		simt_pq_line(out, "PortXmitPkts", pkts & 0xffffffff, 0);
		simt_pq_line(out, "PortRcvPkts", pkts & 0xffffffff, 0);
	}
	buf_putc(out, '\n');
}

/*
 * perfquery [-x] [-l] [-C CA] [-P PORT]: a port's counters.  Without -C,
 * or with the probe's unexpanded "$d", every adapter after a "# CA: NAME"
 * line: what probe.ib-counters' loop prints (the simulated backend runs
 * the loop's perfquery alone).
 */
static int
simt_perfquery(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	const char	*ca = NULL;
	int		 i, ext = 0, want = -1;
	u_int		 p;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0 ||
		    strcmp(argv[i], "--extended") == 0)
			ext = 1;
		else if (strcmp(argv[i], "-C") == 0 && i + 1 < argc)
			ca = argv[++i];
		else if (strcmp(argv[i], "-P") == 0 && i + 1 < argc)
			i++;
	}
	if (ca != NULL && ca[0] != '$') {
		if (strncmp(ca, "mlx5_", 5) != 0 || ca[5] < '0' ||
		    ca[5] >= '0' + SIM_IBPORTS || ca[6] != '\0') {
			xasprintf(cause, "ibwarn: [%u] mad_rpc_open_port: "
			    "can't open UMAD port (%s:1)\nperfquery: iberror: "
			    "failed: Failed to open '%s' port '1'", 1000 + node,
			    ca, ca);
			return (-1);
		}
		want = ca[5] - '0';
	}
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		if (want < 0)
			buf_printf(out, "# CA: mlx5_%u\n", p);
		simt_pq_port(s, node, p, ext, out);
	}
	return (0);
}

/*
 * Slurm.  -o formats: %[.][width]type, '.' right-justifies; like Slurm,
 * a field wider than its width is cut.
 */
struct simt_fmt {
	char		 type;		/* 0: literal */
	int		 width;
	int		 right;
	int		 hash;		/* %#P: width from the data */
	char		*text;
};

static int
simt_fmt_parse(const char *f, const char *types, struct simt_fmt **out,
    u_int *n, const char *tool, char **cause)
{
	struct simt_fmt	*v = NULL;
	const char	*p = f, *q;
	u_int		 count = 0;

	while (*p != '\0') {
		v = xreallocarray(v, count + 1, sizeof *v);
		memset(&v[count], 0, sizeof v[count]);
		if (*p != '%' || p[1] == '%') {
			q = p + (*p == '%' ? 2 : 0);
			while (*q != '\0' && *q != '%')
				q++;
			if (*p == '%')
				v[count].text = xstrdup("%");
			else
				v[count].text = xstrndup(p, q - p);
			p = (*p == '%') ? p + 2 : q;
			count++;
			continue;
		}
		p++;
		if (*p == '.') {
			v[count].right = 1;
			p++;
		}
		if (*p == '#') {
			v[count].hash = 1;
			p++;
		}
		while (isdigit((u_char)*p))
			v[count].width = v[count].width * 10 + (*p++ - '0');
		if (*p == '\0' || strchr(types, *p) == NULL) {
			xasprintf(cause, "%s: error: Invalid %s format "
			    "specification: %c", tool,
			    strcmp(tool, "sinfo") == 0 ? "node" : "job",
			    *p ? *p : '%');
			while (count-- > 0)
				free(v[count].text);
			free(v);
			return (-1);
		}
		v[count++].type = *p++;
	}
	*out = v;
	*n = count;
	return (0);
}

/* The -o option: "-o F", "-oF", "--format F", "--format=F"; or NULL. */
static const char *
simt_fmt_option(int argc, char **argv, u_int *i)
{
	const char	*a = argv[*i];

	if ((strcmp(a, "-o") == 0 || strcmp(a, "--format") == 0) &&
	    *i + 1 < (u_int)argc)
		return (argv[++*i]);
	if (strncmp(a, "--format=", 9) == 0)
		return (a + 9);
	if (strncmp(a, "-o", 2) == 0 && a[2] != '\0')
		return (a + 2);
	return (NULL);
}

static void
simt_fmt_free(struct simt_fmt *v, u_int n)
{
	u_int	 i;

	for (i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}

/* Slurm's _print_str(): pad, justify, cut. */
static void
simt_field(struct buf *b, const char *s, int width, int right)
{
	size_t	 len = strlen(s);

	if (width <= 0) {
		buf_add(b, s, len);
		return;
	}
	if (len >= (size_t)width) {
		buf_add(b, s, width);
		return;
	}
	if (right) {
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
		buf_puts(b, s);
	} else {
		buf_puts(b, s);
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
	}
}

/* A node as Slurm sees it. */
struct simt_snode {
	char		 lng[24];	/* sinfo %T */
	char		 cmp[16];	/* sinfo %t */
	char		 sc[48];	/* scontrol State= */
	const char	*reason;
	const char	*user;
	double		 since;
	int		 cpus_alloc;
	long		 mem_alloc;
	int		 gpus_used;
	int		 down;
	int		 drain;
	int		 noresp;
};

static void
simt_snode(const struct sim *s, u_int node, struct simt_snode *sn)
{
	static const char *const base_l[] = {
		"idle", "allocated", "mixed", "down"
	};
	static const char *const base_c[] = { "idle", "alloc", "mix", "down" };
	static const char *const base_s[] = {
		"IDLE", "ALLOCATED", "MIXED", "DOWN"
	};
	const struct sim_node	*n = &s->nodes[node];
	const struct sim_fault	*f;
	int			 i, j, base;

	memset(sn, 0, sizeof *sn);
	sn->reason = sim_node_reason(s, node, &sn->user, &sn->since);
	f = sim_fault_find(s, node, SF_UNREACH, -1);
	sn->noresp = (f != NULL);
	sn->down = (f != NULL && s->t >= f->start + 300) ||
	    n->admin == SA_DOWN;
	sn->drain = !sn->down && sn->reason != NULL;
	for (i = 0; i < 2; i++) {
		if ((j = n->job[i]) < 0)
			continue;
		sn->gpus_used += s->jobs[j].gpus;
		sn->cpus_alloc += 14 * s->jobs[j].gpus;
		sn->mem_alloc += 240000L * s->jobs[j].gpus;
	}
	if (sn->down)
		base = 3;
	else if (sn->gpus_used >= SIM_GPUS)
		base = 1;
	else if (sn->gpus_used > 0)
		base = 2;
	else
		base = 0;
	if (sn->drain) {
		strlcpy(sn->lng, base == 0 ? "drained" : "draining",
		    sizeof sn->lng);
		strlcpy(sn->cmp, base == 0 ? "drain" : "drng", sizeof sn->cmp);
	} else {
		strlcpy(sn->lng, base_l[base], sizeof sn->lng);
		strlcpy(sn->cmp, base_c[base], sizeof sn->cmp);
	}
	snprintf(sn->sc, sizeof sn->sc, "%s%s%s", base_s[base],
	    sn->drain ? "+DRAIN" : "", sn->noresp ? "+NOT_RESPONDING" : "");
	if (sn->noresp) {
		simt_cat(sn->lng, "*", sizeof sn->lng);
		simt_cat(sn->cmp, "*", sizeof sn->cmp);
	}
}

/* One sinfo field of a (node, partition) record. */
static void
simt_sinfo_value(struct sim *s, char type, u_int node, int part,
    const struct simt_snode *sn, char *v, size_t len)
{
	const struct sim_partition	*p = &sim_partitions[part];
	int				 other;

	switch (type) {
	case 'N':
	case 'n':
		strlcpy(v, sim_node_name(s, node), len);
		break;
	case 'T':
		strlcpy(v, sn->lng, len);
		break;
	case 't':
		strlcpy(v, sn->cmp, len);
		break;
	case 'E':
		strlcpy(v, sn->reason != NULL ? sn->reason : "none", len);
		break;
	case 'u':
		strlcpy(v, sn->reason != NULL ? sn->user : "Unknown", len);
		break;
	case 'H':
		if (sn->reason != NULL)
			simt_strftime(v, len, TF_ISO, sn->since);
		else
			strlcpy(v, "Unknown", len);
		break;
	case 'G':
		strlcpy(v, "gpu:h100:8(S:0-1)", len);
		break;
	case 'P':
		snprintf(v, len, "%s%s", p->name, p->isdefault ? "*" : "");
		break;
	case 'R':
		strlcpy(v, p->name, len);
		break;
	case 'c':
		snprintf(v, len, "%d", SIM_CPUS);
		break;
	case 'm':
		snprintf(v, len, "%d", SIM_MEM_MB);
		break;
	case 'C':
		other = (sn->down || sn->drain) ? SIM_CPUS - sn->cpus_alloc : 0;
		snprintf(v, len, "%d/%d/%d/%d", sn->cpus_alloc,
		    SIM_CPUS - sn->cpus_alloc - other, other, SIM_CPUS);
		break;
	case 'a':
		strlcpy(v, "up", len);
		break;
	case 'l':
		simt_slurm_secs(v, len, p->maxtime);
		break;
	case 'D':
		strlcpy(v, "1", len);
		break;
	default:
		v[0] = '\0';
		break;
	}
}

/* sinfo's column names. */
static const char *const simt_sinfo_headers[128] = {
	['N'] = "NODELIST",
	['n'] = "HOSTNAMES",
	['T'] = "STATE",
	['t'] = "STATE",
	['E'] = "REASON",
	['u'] = "USER",
	['H'] = "TIMESTAMP",
	['G'] = "GRES",
	['P'] = "PARTITION",
	['R'] = "PARTITION",
	['c'] = "CPUS",
	['m'] = "MEMORY",
	['C'] = "CPUS(A/I/O/T)",
	['a'] = "AVAIL",
	['l'] = "TIMELIMIT",
	['D'] = "NODES",
};

/* The width of a %# field: as wide as the widest value. */
static int
simt_hash_width(const struct sim *s, char type)
{
	if (type == 'P')
		return (9);
	if (type == 'N' || type == 'n')
		return (8 > 3 + (int)s->width ? 8 : 3 + (int)s->width);
	return (0);
}

/* A field's width; with hash, a %# field is as wide as its values. */
static int
simt_fmt_width(const struct sim *s, const struct simt_fmt *f, int hash)
{
	return (hash && f->hash ? simt_hash_width(s, f->type) : f->width);
}

/* The header line of a -o format: names[] has the column names. */
static void
simt_fmt_header(const struct sim *s, struct buf *b, const struct simt_fmt *f,
    u_int nf, const char *const *names, int hash)
{
	const char	*name;
	u_int		 i;

	for (i = 0; i < nf; i++) {
		if (f[i].type == 0) {
			buf_puts(b, f[i].text);
			continue;
		}
		name = names[f[i].type & 0x7f];
		simt_field(b, name != NULL ? name : "",
		    simt_fmt_width(s, &f[i], hash), f[i].right);
	}
	buf_putc(b, '\n');
}

struct simt_group {
	char		*key;
	u_int		 node;		/* first record */
	int		 part;
	u_int		*ids;
	u_int		 nids;
	u_int		 size;
};

static void
simt_sinfo_line(struct sim *s, struct buf *b, const struct simt_fmt *f,
    u_int nf, u_int node, int part, const struct simt_snode *sn,
    const struct simt_group *grp)
{
	char	 v[320];
	u_int	 i;
	int	 w;

	for (i = 0; i < nf; i++) {
		if (f[i].type == 0) {
			buf_puts(b, f[i].text);
			continue;
		}
		w = simt_fmt_width(s, &f[i], 1);
		if (grp != NULL && (f[i].type == 'N' || f[i].type == 'n')) {
			struct buf	 nb;

			buf_init(&nb);
			simt_fold(s, &nb, grp->ids, grp->nids);
			simt_field(b, nb.data != NULL ? nb.data : "", w,
			    f[i].right);
			buf_free(&nb);
			continue;
		}
		if (grp != NULL && f[i].type == 'D') {
			snprintf(v, sizeof v, "%u", grp->nids);
			simt_field(b, v, w, f[i].right);
			continue;
		}
		simt_sinfo_value(s, f[i].type, node, part, sn, v, sizeof v);
		simt_field(b, v, w, f[i].right);
	}
	buf_putc(b, '\n');
}

static int
simt_sinfo(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct simt_fmt		*f;
	struct simt_snode	 sn;
	struct simt_group	*g = NULL;
	struct buf		 key;
	const char		*format = NULL, *a, *o, *only = NULL;
	char			 v[320];
	u_int			 nf, i, n, k, ng = 0;
	int			 header = 1, pernode = 0, parts[2], np, pi, p;

	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--noheader") == 0)
			header = 0;
		else if (strcmp(a, "-N") == 0 || strcmp(a, "--Node") == 0)
			pernode = 1;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "--all") == 0)
			;
		else if ((o = simt_fmt_option(argc, argv, &i)) != NULL)
			format = o;
		else if ((strcmp(a, "-p") == 0 ||
		    strcmp(a, "--partition") == 0) && i + 1 < (u_int)argc)
			only = argv[++i];
		else if (strncmp(a, "--partition=", 12) == 0)
			only = a + 12;
		else {
			xasprintf(cause, "sinfo: invalid option -- '%s'\n"
			    "Try \"sinfo --help\" for more information", a);
			return (-1);
		}
	}
	if (format == NULL)
		format = pernode ? "%#N %.6D %#P %6t" :
		    "%#P %.5a %.10l %.6D %.6t %N";
	if (simt_fmt_parse(format, "NnTtEuHGPRcmCaDl", &f, &nf, "sinfo",
	    cause) != 0)
		return (-1);
	sim_update(s);

	if (header)
		simt_fmt_header(s, out, f, nf, simt_sinfo_headers, 1);

	if (pernode) {
		for (n = 0; n < s->nnodes; n++) {
			np = sim_node_partitions(s, n, parts);
			simt_snode(s, n, &sn);
			for (pi = 0; pi < np; pi++) {
				if (only != NULL && strcmp(only,
				    sim_partitions[parts[pi]].name) != 0)
					continue;
				simt_sinfo_line(s, out, f, nf, n, parts[pi],
				    &sn, NULL);
			}
		}
		simt_fmt_free(f, nf);
		return (0);
	}

	/* Without -N: one line per partition and distinct values. */
	buf_init(&key);
	for (p = 0; p < SIM_NPARTS; p++) {
		if (only != NULL && strcmp(only, sim_partitions[p].name) != 0)
			continue;
		for (n = 0; n < s->nnodes; n++) {
			np = sim_node_partitions(s, n, parts);
			for (pi = 0; pi < np && parts[pi] != p; pi++)
				;
			if (pi == np)
				continue;
			simt_snode(s, n, &sn);
			buf_reset(&key);
			buf_printf(&key, "%d", p);
			for (i = 0; i < nf; i++) {
				if (f[i].type == 0 || f[i].type == 'N' ||
				    f[i].type == 'n' || f[i].type == 'D')
					continue;
				simt_sinfo_value(s, f[i].type, n, p, &sn, v,
				    sizeof v);
				buf_putc(&key, '\037');
				buf_puts(&key, v);
			}
			for (k = 0; k < ng; k++) {
				if (strcmp(g[k].key, key.data) == 0)
					break;
			}
			if (k == ng) {
				g = xreallocarray(g, ng + 1, sizeof *g);
				memset(&g[ng], 0, sizeof g[ng]);
				g[ng].key = xstrdup(key.data);
				g[ng].node = n;
				g[ng].part = p;
				ng++;
			}
			simt_push(&g[k].ids, &g[k].nids, &g[k].size, n);
		}
	}
	for (k = 0; k < ng; k++) {
		simt_snode(s, g[k].node, &sn);
		simt_sinfo_line(s, out, f, nf, g[k].node, g[k].part, &sn,
		    &g[k]);
		free(g[k].key);
		free(g[k].ids);
	}
	free(g);
	buf_free(&key);
	simt_fmt_free(f, nf);
	return (0);
}

static void
simt_job_nodes(const struct sim *s, const struct sim_job *j, struct buf *b)
{
	u_int	*ids, n = 0, i;
	int	 ji = (int)(j - s->jobs);

	ids = xreallocarray(NULL, j->last - j->first + 1, sizeof *ids);
	for (i = j->first; i <= j->last; i++) {
		if (s->nodes[i].job[j->shared] == ji)
			ids[n++] = i;
	}
	simt_fold(s, b, ids, n);
	free(ids);
}

/* squeue's column names. */
static const char *const simt_squeue_headers[128] = {
	['i'] = "JOBID",
	['A'] = "JOBID",
	['u'] = "USER",
	['P'] = "PARTITION",
	['j'] = "NAME",
	['T'] = "STATE",
	['t'] = "ST",
	['M'] = "TIME",
	['l'] = "TIME_LIMIT",
	['D'] = "NODES",
	['C'] = "CPUS",
	['b'] = "TRES_PER_NODE",
	['N'] = "NODELIST",
	['R'] = "NODELIST(REASON)",
	['r'] = "REASON",
	['S'] = "START_TIME",
};

static void
simt_squeue_value(struct sim *s, char type, const struct sim_job *j,
    struct buf *v)
{
	char	 tmp[64];
	int	 run = (j->state == SJ_RUNNING);

	switch (type) {
	case 'i':
	case 'A':
		buf_printf(v, "%u", j->id);
		break;
	case 'u':
		buf_puts(v, sim_user(j->user));
		break;
	case 'P':
		buf_puts(v, sim_partitions[j->part].name);
		break;
	case 'j':
		buf_puts(v, sim_jobname(j->name));
		break;
	case 'T':
		buf_puts(v, run ? "RUNNING" : "PENDING");
		break;
	case 't':
		buf_puts(v, run ? "R" : "PD");
		break;
	case 'M':
		simt_slurm_secs(tmp, sizeof tmp, run ?
		    (long)floor(s->t - j->start) : 0);
		buf_puts(v, tmp);
		break;
	case 'l':
		simt_slurm_secs(tmp, sizeof tmp, j->limit);
		buf_puts(v, tmp);
		break;
	case 'D':
		buf_printf(v, "%u", j->nnodes);
		break;
	case 'C':
		buf_printf(v, "%u", j->nnodes * 14 * j->gpus);
		break;
	case 'b':
		buf_printf(v, "gres/gpu:%u", j->gpus);
		break;
	case 'N':
		if (run)
			simt_job_nodes(s, j, v);
		break;
	case 'R':
		if (run)
			simt_job_nodes(s, j, v);
		else
			buf_printf(v, "(%s)", sim_pending_reason(j->reason));
		break;
	case 'r':
		buf_puts(v, run ? "None" : sim_pending_reason(j->reason));
		break;
	case 'S':
		if (run) {
			simt_strftime(tmp, sizeof tmp, TF_ISO,
			    j->start);
			buf_puts(v, tmp);
		} else
			buf_puts(v, "N/A");
		break;
	}
}

static int
simt_squeue(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct simt_fmt		*f;
	const struct sim_job	*j;
	struct buf		 v;
	const char		*format = NULL, *a, *o, *user = NULL;
	const char		*part = NULL;
	u_int			 nf, i;
	int			 header = 1, states = 3;

	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--noheader") == 0)
			header = 0;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "--all") == 0 ||
		    strcmp(a, "-r") == 0 || strcmp(a, "--array") == 0)
			;
		else if ((o = simt_fmt_option(argc, argv, &i)) != NULL)
			format = o;
		else if ((strcmp(a, "-u") == 0 || strcmp(a, "--user") == 0) &&
		    i + 1 < (u_int)argc)
			user = argv[++i];
		else if ((strcmp(a, "-p") == 0 ||
		    strcmp(a, "--partition") == 0) && i + 1 < (u_int)argc)
			part = argv[++i];
		else if ((strcmp(a, "-t") == 0 || strcmp(a, "--states") == 0) &&
		    i + 1 < (u_int)argc) {
			a = argv[++i];
			if (strcasecmp(a, "R") == 0 ||
			    strcasecmp(a, "RUNNING") == 0)
				states = 1;
			else if (strcasecmp(a, "PD") == 0 ||
			    strcasecmp(a, "PENDING") == 0)
				states = 2;
			else if (strcasecmp(a, "all") == 0)
				states = 3;
			else {
				xasprintf(cause, "squeue: error: Invalid job "
				    "state specified: %s", a);
				return (-1);
			}
		} else {
			xasprintf(cause, "squeue: invalid option -- '%s'\n"
			    "Try \"squeue --help\" for more information", a);
			return (-1);
		}
	}
	if (format == NULL)
		format = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R";
	if (simt_fmt_parse(format, "iAuPjTtMlDCbNRrS", &f, &nf, "squeue",
	    cause) != 0)
		return (-1);
	sim_update(s);
	if (header)
		simt_fmt_header(s, out, f, nf, simt_squeue_headers, 0);
	buf_init(&v);
	for (j = s->jobs; j < s->jobs + s->njobs; j++) {
		if (!(states & (j->state == SJ_RUNNING ? 1 : 2)))
			continue;
		if (user != NULL && strcmp(user, sim_user(j->user)) != 0)
			continue;
		if (part != NULL && strcmp(part,
		    sim_partitions[j->part].name) != 0)
			continue;
		for (i = 0; i < nf; i++) {
			if (f[i].type == 0) {
				buf_puts(out, f[i].text);
				continue;
			}
			buf_reset(&v);
			simt_squeue_value(s, f[i].type, j, &v);
			simt_field(out, v.data != NULL ? v.data : "",
			    f[i].width, f[i].right);
		}
		buf_putc(out, '\n');
	}
	buf_free(&v);
	simt_fmt_free(f, nf);
	return (0);
}

static void
simt_scontrol_node(struct sim *s, u_int node, int oneline, struct buf *out)
{
	struct simt_snode	 sn;
	const char		*name = sim_node_name(s, node);
	const char		*sep = oneline ? " " : "\n   ";
	char			 boot[32], start[32], busy[32], since[32];
	char			 parts[64];
	double			 bt, load;
	int			 p[2], np, i;
	uint64_t		 h;

	simt_snode(s, node, &sn);
	bt = sim_boot_time(s, node);
	simt_strftime(boot, sizeof boot, TF_ISO, bt);
	simt_strftime(start, sizeof start, TF_ISO, bt + 95);
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 60), 0x5c);
	simt_strftime(busy, sizeof busy, TF_ISO,
	    sn.gpus_used > 0 ? floor(s->t) : (s->t - 600 - (h % 3000) > bt ?
	    s->t - 600 - (h % 3000) : bt));
	load = sn.cpus_alloc * 0.85 + (h % 400) / 100.0;
	np = sim_node_partitions(s, node, p);
	parts[0] = '\0';
	for (i = 0; i < np; i++) {
		if (i != 0)
			simt_cat(parts, ",", sizeof parts);
		simt_cat(parts, sim_partitions[p[i]].name, sizeof parts);
	}

	buf_printf(out, "NodeName=%s Arch=x86_64 CoresPerSocket=56", name);
	buf_printf(out, "%sCPUAlloc=%d CPUEfctv=%d CPUTot=%d CPULoad=%.2f",
	    sep, sn.down ? 0 : sn.cpus_alloc, SIM_CPUS, SIM_CPUS,
	    sn.noresp ? 0.0 : load);
	buf_printf(out, "%sAvailableFeatures=h100,ib,rack%03u", sep,
	    node / SIM_RACK + 1);
	buf_printf(out, "%sActiveFeatures=h100,ib,rack%03u", sep,
	    node / SIM_RACK + 1);
	buf_printf(out, "%sGres=gpu:h100:8(S:0-1)", sep);
	buf_printf(out, "%sNodeAddr=%s NodeHostName=%s Version=%s", sep, name,
	    name, SIM_SLURM);
	buf_printf(out, "%sOS=Linux 5.15.0-119-generic #129-Ubuntu SMP Fri "
	    "Aug 2 19:25:20 UTC 2024", sep);
	buf_printf(out, "%sRealMemory=%d AllocMem=%ld FreeMem=%ld Sockets=2 "
	    "Boards=1", sep, SIM_MEM_MB, sn.down ? 0 : sn.mem_alloc,
	    (long)(SIM_MEM_MB - 18000 - sn.mem_alloc * 6 / 10 -
	    (long)(h % 9000)));
	buf_printf(out, "%sState=%s ThreadsPerCore=1 TmpDisk=0 Weight=1 "
	    "Owner=N/A MCS_label=N/A", sep, sn.sc);
	buf_printf(out, "%sPartitions=%s", sep, parts);
	buf_printf(out, "%sBootTime=%s SlurmdStartTime=%s", sep, boot, start);
	buf_printf(out, "%sLastBusyTime=%s ResumeAfterTime=None", sep, busy);
	buf_printf(out, "%sCfgTRES=cpu=%d,mem=%dM,billing=%d,gres/gpu=8", sep,
	    SIM_CPUS, SIM_MEM_MB, SIM_CPUS);
	if (sn.cpus_alloc > 0 && !sn.down)
		buf_printf(out, "%sAllocTRES=cpu=%d,mem=%ldG,gres/gpu=%d", sep,
		    sn.cpus_alloc, sn.mem_alloc / 1024, sn.gpus_used);
	else
		buf_printf(out, "%sAllocTRES=", sep);
	buf_printf(out, "%sCapWatts=n/a", sep);
	buf_printf(out, "%sCurrentWatts=0 AveWatts=0", sep);
	buf_printf(out, "%sExtSensorsJoules=n/a ExtSensorsWatts=0 "
	    "ExtSensorsTemp=n/a", sep);
	if (sn.reason != NULL) {
		simt_strftime(since, sizeof since, TF_ISO,
		    sn.since);
		buf_printf(out, "%sReason=%s [%s@%s]", sep, sn.reason, sn.user,
		    since);
	}
	buf_putc(out, '\n');
}

/* Node names for scontrol: gpu0001, gpu[0001-0004,0009], a,b. */
static int
simt_hostlist(const struct sim *s, const char *list, u_int **ids, u_int *n,
    char **cause)
{
	char		*copy, *p, *tok, *br, *r, *dash, *rp;
	char		 name[64];
	unsigned long	 lo, hi, k;
	int		 idx, depth;
	u_int		 size = 0;

	*ids = NULL;
	*n = 0;
	copy = xstrdup(list);
	p = copy;
	while (*p != '\0') {
		/* Split on commas outside brackets. */
		tok = p;
		for (depth = 0; *p != '\0' && (*p != ',' || depth > 0); p++) {
			if (*p == '[')
				depth++;
			else if (*p == ']')
				depth--;
		}
		if (*p == ',')
			*p++ = '\0';
		if ((br = strchr(tok, '[')) == NULL) {
			if ((idx = sim_node_find(s, tok)) < 0)
				goto bad;
			simt_push(ids, n, &size, idx);
			continue;
		}
		*br++ = '\0';
		if ((rp = strchr(br, ']')) == NULL || rp[1] != '\0')
			goto bad;
		*rp = '\0';
		for (r = strtok(br, ","); r != NULL; r = strtok(NULL, ",")) {
			lo = strtoul(r, &dash, 10);
			hi = lo;
			if (*dash == '-')
				hi = strtoul(dash + 1, NULL, 10);
			if (hi < lo || hi - lo > 200000)
				goto bad;
			for (k = lo; k <= hi; k++) {
				snprintf(name, sizeof name, "%s%0*lu", tok,
				    (int)strcspn(r, "-"), k);
				if ((idx = sim_node_find(s, name)) < 0)
					goto bad;
				simt_push(ids, n, &size, idx);
			}
		}
	}
	free(copy);
	return (0);

bad:
	xasprintf(cause, "Node %s not found", list);
	free(copy);
	free(*ids);
	*ids = NULL;
	return (-1);
}

/*
 * scontrol update NodeName=SET State=DRAIN|RESUME|UNDRAIN Reason=TEXT: the
 * one change the simulator takes, kept over its state.  As slurmctld does,
 * a drain needs a reason and stamps it with the user and the time.
 */
static int
simt_scontrol_update(struct sim *s, int argc, char **argv, char **cause)
{
	const char	*names = NULL, *state = NULL, *reason = NULL, *user;
	const char	*eq;
	u_int		*ids, n, i;
	int		 k, bad = 0;
	struct sim_drain *d;
	struct simt_snode sn;

	for (k = 0; k < argc; k++) {
		if ((eq = strchr(argv[k], '=')) == NULL) {
			xasprintf(cause, "scontrol: error: Invalid input: %s",
			    argv[k]);
			return (-1);
		}
		if (strncasecmp(argv[k], "NodeName=", 9) == 0)
			names = eq + 1;
		else if (strncasecmp(argv[k], "State=", 6) == 0)
			state = eq + 1;
		else if (strncasecmp(argv[k], "Reason=", 7) == 0)
			reason = eq + 1;
		else {
			xasprintf(cause, "scontrol: error: Update of this "
			    "parameter is not supported: %s", argv[k]);
			return (-1);
		}
	}
	if (names == NULL || state == NULL) {
		xasprintf(cause, "scontrol: error: the simulator updates "
		    "NodeName=... State=DRAIN|RESUME|UNDRAIN only");
		return (-1);
	}
	if (strcasecmp(state, "DRAIN") != 0 &&
	    strcasecmp(state, "RESUME") != 0 &&
	    strcasecmp(state, "UNDRAIN") != 0) {
		xasprintf(cause, "scontrol: error: Invalid node state "
		    "specified");
		return (-1);
	}
	if (strcasecmp(state, "DRAIN") == 0 && (reason == NULL ||
	    *reason == '\0')) {
		xasprintf(cause, "You must specify a reason when DOWNING or "
		    "DRAINING a node. Request denied");
		return (-1);
	}
	if (simt_hostlist(s, names, &ids, &n, cause) != 0)
		return (-1);
	if (s->drains == NULL)
		s->drains = xcalloc(s->nnodes, sizeof *s->drains);
	if ((user = getenv("USER")) == NULL || *user == '\0')
		user = "root";
	for (i = 0; i < n; i++) {
		d = &s->drains[ids[i]];
		/* As slurmctld: resuming a node that is up and not drained. */
		if (strcasecmp(state, "RESUME") == 0) {
			simt_snode(s, ids[i], &sn);
			if (!sn.drain && !sn.down) {
				bad = 1;
				continue;
			}
		}
		free(d->reason);
		d->reason = NULL;
		if (strcasecmp(state, "DRAIN") == 0) {
			d->state = SD_DRAIN;
			d->reason = xstrdup(reason);
			strlcpy(d->user, user, sizeof d->user);
			d->since = floor(s->t);
		} else
			d->state = SD_RESUMED;
	}
	free(ids);
	if (bad) {
		xasprintf(cause, "slurm_update error: Invalid node state "
		    "specified");
		return (-1);
	}
	return (0);
}

static int
simt_scontrol(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	const char	*a, *what = NULL, *names = NULL;
	u_int		*ids = NULL, n, i;
	int		 oneline = 0, show = 0;

	if (argc > 1 && strcmp(argv[1], "update") == 0)
		return (simt_scontrol_update(s, argc - 2, argv + 2, cause));
	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-o") == 0 || strcmp(a, "--oneliner") == 0)
			oneline = 1;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "-d") == 0 ||
		    strcmp(a, "--all") == 0 || strcmp(a, "--details") == 0)
			;
		else if (!show && strcmp(a, "show") == 0)
			show = 1;
		else if (show && what == NULL)
			what = a;
		else if (show && names == NULL)
			names = a;
		else {
			xasprintf(cause, "scontrol: error: Invalid input: %s",
			    a);
			return (-1);
		}
	}
	if (!show || what == NULL || (strcmp(what, "node") != 0 &&
	    strcmp(what, "nodes") != 0 && strcmp(what, "nodename") != 0)) {
		xasprintf(cause, "scontrol: error: the simulator shows nodes "
		    "only (scontrol show node [NAME])");
		return (-1);
	}
	sim_update(s);
	if (names == NULL) {
		for (i = 0; i < s->nnodes; i++) {
			if (i != 0 && !oneline)
				buf_putc(out, '\n');
			simt_scontrol_node(s, i, oneline, out);
		}
		return (0);
	}
	if (simt_hostlist(s, names, &ids, &n, cause) != 0)
		return (-1);
	for (i = 0; i < n; i++) {
		if (i != 0 && !oneline)
			buf_putc(out, '\n');
		simt_scontrol_node(s, ids[i], oneline, out);
	}
	free(ids);
	return (0);
}

/*
 * dcgmi diag: DCGM 3.3 text table and JSON.  Tests are identified as in
 * DCGM's per-GPU result array.
 */
enum simt_dtest {
	DT_MEMORY, DT_DIAG, DT_PCIE, DT_TS, DT_TP, DT_MEMBW, DT_MEMTEST,
	DT_PULSE, DT_EUD, DT_NTESTS
};
static const char *const simt_dnames[DT_NTESTS] = {
	"GPU Memory", "Diagnostic", "PCIe", "Targeted Stress",
	"Targeted Power", "Memory Bandwidth", "Memtest", "Pulse Test",
	"EUD Test"
};
static const char *const simt_deploy[] = {
	"Denylist", "NVML Library", "CUDA Main Library",
	"Permissions and OS Blocks", "Persistence Mode",
	"Environment Variables", "Page Retirement/Row Remap",
	"Graphics Processes", "Inforom"
};
#define DT_ROWREMAP	6

enum { DR_NOTRUN, DR_PASS, DR_SKIP, DR_WARN, DR_FAIL };

struct simt_diag {
	int		 level;
	int		 deploy[nitems(simt_deploy)];
	char		 deploy_err[nitems(simt_deploy)][200];
	int		 deploy_gpu[nitems(simt_deploy)];
	int		 res[DT_NTESTS][SIM_GPUS];
	char		 warn[DT_NTESTS][SIM_GPUS][200];
	int		 errid[DT_NTESTS][SIM_GPUS];
};

static int
simt_dlevel_has(int level, int t)
{
	switch (t) {
	case DT_PCIE:
	case DT_MEMORY:
		return (level >= 2);
	case DT_DIAG:
	case DT_TS:
	case DT_TP:
	case DT_MEMBW:
	case DT_EUD:
		return (level >= 3);
	case DT_MEMTEST:
	case DT_PULSE:
		return (level >= 4);
	}
	return (0);
}

/* Test t failed on a GPU, if the level runs it: the error id and why. */
static void printflike(5, 6)
simt_diag_fail(struct simt_diag *d, int t, u_int gpu, int errid,
    const char *fmt, ...)
{
	va_list	 ap;

	if (d->res[t][gpu] == DR_NOTRUN)
		return;
	d->res[t][gpu] = DR_FAIL;
	d->errid[t][gpu] = errid;
	va_start(ap, fmt);
	vsnprintf(d->warn[t][gpu], sizeof d->warn[t][gpu], fmt, ap);
	va_end(ap);
}

static void
simt_diag_run(struct sim *s, u_int node, int level, struct simt_diag *d)
{
	struct sim_nodeval	 v;
	const struct sim_fault	*f;
	u_int			 i, t;

	memset(d, 0, sizeof *d);
	d->level = level;
	sim_node_sample(s, node, &v);
	for (i = 0; i < nitems(simt_deploy); i++) {
		d->deploy[i] = DR_PASS;
		d->deploy_gpu[i] = -1;
	}
	for (t = 0; t < DT_NTESTS; t++) {
		for (i = 0; i < SIM_GPUS; i++) {
			if (!simt_dlevel_has(level, t))
				d->res[t][i] = DR_NOTRUN;
			else
				d->res[t][i] = t == DT_EUD ? DR_SKIP : DR_PASS;
		}
	}
	for (i = 0; i < SIM_GPUS; i++) {
		if (v.gpu[i].lost) {
			for (t = 0; t < DT_NTESTS; t++) {
				if (d->res[t][i] != DR_NOTRUN)
					d->res[t][i] = DR_SKIP;
			}
			simt_diag_fail(d, DT_PCIE, i, 3, "GPU %u Error using "
			    "CUDA API cudaDeviceGetByPCIBusId Check DCGM and "
			    "system logs for errors. Reset GPU. Restart DCGM. "
			    "Rerun diagnostics. Unable to find GPU "
			    "0000:%c%c:00.0 on the PCI bus: GPU is lost", i,
			    toupper((u_char)sim_busids[i][0]),
			    toupper((u_char)sim_busids[i][1]));
			continue;
		}
		if (v.gpu[i].remap_pending) {
			d->deploy[DT_ROWREMAP] = DR_FAIL;
			d->deploy_gpu[DT_ROWREMAP] = i;
			snprintf(d->deploy_err[DT_ROWREMAP],
			    sizeof d->deploy_err[DT_ROWREMAP], "GPU %u has "
			    "pending row remappings. Drain the GPU and reset "
			    "it or reboot the node to resolve this issue.", i);
			simt_diag_fail(d, DT_MEMORY, i, 51, "Detected %llu "
			    "volatile double-bit ECC error(s) in GPU %u. Drain "
			    "the GPU and reset it or reboot the node.",
			    (unsigned long long)v.gpu[i].dbe, i);
		}
		f = sim_fault_find(s, node, SF_NVLINK, i);
		if (f != NULL)
			simt_diag_fail(d, DT_PCIE, i, 55, "GPU %u's NvLink "
			    "link %u is currently down Run a field diagnostic "
			    "on the GPU.", i, f->link);
		if (v.gpu[i].temp >= 88)
			simt_diag_fail(d, DT_DIAG, i, 29, "Temperature %d of "
			    "GPU %u exceeded user-specified maximum allowed "
			    "temperature 87", v.gpu[i].temp + 3, i);
	}
}

static void
simt_diag_row(struct buf *b, const char *name, const char *info)
{
	buf_printf(b, "| %-25.25s | %-46.46s |\n", name, info);
}

/* DisplayVerboseInfo(): 45 characters a row. */
static void
simt_diag_verbose(struct buf *b, const char *name, const char *info)
{
	char	 part[46];
	size_t	 len = strlen(info), pos;

	for (pos = 0; pos < len; pos += 45) {
		strlcpy(part, info + pos, sizeof part);
		simt_diag_row(b, pos == 0 ? name : "", part);
	}
}

static void
simt_diag_gpus(struct buf *b, const struct simt_diag *d, int t)
{
	static const char *const what[] = {
		[DR_PASS] = "Pass", [DR_FAIL] = "Fail", [DR_WARN] = "Warn",
		[DR_SKIP] = "Skip"
	};
	static const int order[] = { DR_PASS, DR_FAIL, DR_WARN, DR_SKIP };
	char	 info[128];
	u_int	 i, k, count[5] = { 0 }, c;
	int	 first = 1, warnings = 0;

	for (i = 0; i < SIM_GPUS; i++)
		count[d->res[t][i]]++;
	if (count[DR_NOTRUN] == SIM_GPUS)
		return;
	for (k = 0; k < nitems(order); k++) {
		if (count[order[k]] == SIM_GPUS) {
			snprintf(info, sizeof info, "%s - All",
			    what[order[k]]);
			simt_diag_row(b, simt_dnames[t], info);
			if (order[k] != DR_PASS)
				warnings = 1;
			goto details;
		}
	}
	for (k = 0; k < nitems(order); k++) {
		if (count[order[k]] == 0)
			continue;
		snprintf(info, sizeof info, "%s - GPU%s: ", what[order[k]],
		    count[order[k]] == 1 ? "" : "s");
		for (i = 0, c = 0; i < SIM_GPUS; i++) {
			if (d->res[t][i] != order[k])
				continue;
			snprintf(info + strlen(info), sizeof info -
			    strlen(info), "%u%s", i,
			    ++c == count[order[k]] ? "   " : ", ");
		}
		simt_diag_row(b, first ? simt_dnames[t] : "", info);
		first = 0;
		if (order[k] != DR_PASS)
			warnings = 1;
	}
details:
	if (!warnings)
		return;
	for (i = 0; i < SIM_GPUS; i++) {
		if (d->warn[t][i][0] != '\0')
			simt_diag_verbose(b, "Warning", d->warn[t][i]);
	}
}

static void
simt_diag_text(const struct simt_diag *d, struct buf *b)
{
	static const char border[] = "+---------------------------+"
	    "------------------------------------------------+\n";
	u_int	 i;
	int	 anygpu = d->level >= 2;

	buf_puts(b, "Successfully ran diagnostic for group.\n");
	buf_puts(b, border);
	buf_puts(b, "| Diagnostic                | Result                   "
	    "                      |\n");
	buf_puts(b, "+===========================+========================="
	    "=======================+\n");
	buf_puts(b, "|-----  Metadata  ----------+-------------------------"
	    "-----------------------|\n");
	simt_diag_row(b, "DCGM Version", SIM_DCGM);
	simt_diag_row(b, "Driver Version Detected", SIM_DRIVER);
	simt_diag_row(b, "GPU Device IDs Detected",
	    "2330,2330,2330,2330,2330,2330,2330,2330");
	buf_puts(b, "|-----  Deployment  --------+-------------------------"
	    "-----------------------|\n");
	for (i = 0; i < nitems(simt_deploy); i++) {
		simt_diag_row(b, simt_deploy[i],
		    d->deploy[i] == DR_PASS ? "Pass" : "Fail");
		if (d->deploy_err[i][0] != '\0')
			simt_diag_verbose(b, "Error", d->deploy_err[i]);
	}
	if (anygpu) {
		buf_puts(b, "+-----  Integration  -------+---------------------"
		    "---------------------------+\n");
		simt_diag_gpus(b, d, DT_PCIE);
		buf_puts(b, "+-----  Hardware  ----------+---------------------"
		    "---------------------------+\n");
		simt_diag_gpus(b, d, DT_MEMORY);
		simt_diag_gpus(b, d, DT_DIAG);
		simt_diag_gpus(b, d, DT_PULSE);
		buf_puts(b, "+-----  Stress  ------------+---------------------"
		    "---------------------------+\n");
		simt_diag_gpus(b, d, DT_TS);
		simt_diag_gpus(b, d, DT_TP);
		simt_diag_gpus(b, d, DT_MEMBW);
		simt_diag_gpus(b, d, DT_MEMTEST);
		simt_diag_gpus(b, d, DT_EUD);
	}
	buf_puts(b, border);
}

/* jsoncpp's StreamWriterBuilder style: tabs, "key" : value. */
static void
simt_json_str(struct buf *b, const char *s)
{
	buf_putc(b, '"');
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			buf_putc(b, '\\');
		buf_putc(b, *s);
	}
	buf_putc(b, '"');
}

static void
simt_json_nl(struct buf *b, int depth)
{
	buf_putc(b, '\n');
	while (depth-- > 0)
		buf_putc(b, '\t');
}

static void
simt_json_key(struct buf *b, int depth, const char *key, int first)
{
	if (!first)
		buf_putc(b, ',');
	simt_json_nl(b, depth);
	simt_json_str(b, key);
	buf_puts(b, " : ");
}

/*
 * One warning.  DCGM 3.3 writes the message of a deployment test under
 * "warnings" instead of "warning" (HelperJsonAddBasicTests); so do we.
 */
static void
simt_json_warning(struct buf *b, int depth, int id, const char *msg,
    const char *key)
{
	simt_json_nl(b, depth);
	buf_putc(b, '[');
	simt_json_nl(b, depth + 1);
	buf_putc(b, '{');
	simt_json_key(b, depth + 2, "error_category", 1);
	buf_printf(b, "%d", id == 51 ? 5 : id == 29 ? 6 : 4);
	simt_json_key(b, depth + 2, "error_id", 0);
	buf_printf(b, "%d", id);
	simt_json_key(b, depth + 2, "error_severity", 0);
	buf_printf(b, "%d", 2);
	simt_json_key(b, depth + 2, key, 0);
	simt_json_str(b, msg);
	simt_json_nl(b, depth + 1);
	buf_putc(b, '}');
	simt_json_nl(b, depth);
	buf_putc(b, ']');
}

/*
 * Open { "KEY" : NAME, "LIST" : [ at depth, after a comma unless first: a
 * category ("category", "tests") or a test ("name", "results").
 */
static void
simt_json_open(struct buf *b, int depth, const char *key, const char *name,
    const char *list, int first)
{
	if (!first)
		buf_putc(b, ',');
	simt_json_nl(b, depth);
	buf_putc(b, '{');
	simt_json_key(b, depth + 1, key, 1);
	simt_json_str(b, name);
	simt_json_key(b, depth + 1, list, 0);
	simt_json_nl(b, depth + 1);
	buf_putc(b, '[');
}

/* Close what simt_json_open opened: ] }. */
static void
simt_json_close(struct buf *b, int depth)
{
	simt_json_nl(b, depth + 1);
	buf_putc(b, ']');
	simt_json_nl(b, depth);
	buf_putc(b, '}');
}

static void
simt_json_test(struct buf *b, const struct simt_diag *d, int t, int first)
{
	static const char *const what[] = {
		[DR_PASS] = "Pass", [DR_FAIL] = "Fail", [DR_WARN] = "Fail",
		[DR_SKIP] = "Skip"
	};
	char	 id[8];
	u_int	 i;
	int	 firstres = 1;

	simt_json_open(b, 5, "name", simt_dnames[t], "results", first);
	for (i = 0; i < SIM_GPUS; i++) {
		if (d->res[t][i] == DR_NOTRUN)
			continue;
		if (!firstres)
			buf_putc(b, ',');
		firstres = 0;
		simt_json_nl(b, 7);
		buf_putc(b, '{');
		snprintf(id, sizeof id, "%u", i);
		simt_json_key(b, 8, "gpu_id", 1);
		simt_json_str(b, id);
		simt_json_key(b, 8, "status", 0);
		simt_json_str(b, what[d->res[t][i]]);
		if (d->warn[t][i][0] != '\0') {
			simt_json_key(b, 8, "warnings", 0);
			simt_json_warning(b, 8, d->errid[t][i], d->warn[t][i],
			    "warning");
		}
		simt_json_nl(b, 7);
		buf_putc(b, '}');
	}
	simt_json_close(b, 5);
}

/* A category of the tests in list[] that the level runs. */
static void
simt_json_tests(struct buf *b, const struct simt_diag *d, const char *name,
    const int *list, u_int n)
{
	u_int	 k;
	int	 first = 1;

	simt_json_open(b, 3, "category", name, "tests", 0);
	for (k = 0; k < n; k++) {
		if (!simt_dlevel_has(d->level, list[k]))
			continue;
		simt_json_test(b, d, list[k], first);
		first = 0;
	}
	simt_json_close(b, 3);
}

static void
simt_diag_json(struct sim *s, u_int node, const struct simt_diag *d,
    struct buf *b)
{
	static const int pcie[] = { DT_PCIE };
	static const int hw[] = { DT_MEMORY, DT_DIAG, DT_PULSE, DT_EUD };
	static const int st[] = { DT_TS, DT_TP, DT_MEMBW, DT_MEMTEST };
	char	 serial[32], key[8];
	u_int	 i;
	int	 first;

	buf_putc(b, '{');
	simt_json_key(b, 1, "DCGM GPU Diagnostic", 1);
	simt_json_nl(b, 1);
	buf_putc(b, '{');
	simt_json_key(b, 2, "test_categories", 1);
	simt_json_nl(b, 2);
	buf_putc(b, '[');

	simt_json_open(b, 3, "category", "Deployment", "tests", 1);
	for (i = 0; i < nitems(simt_deploy); i++) {
		simt_json_open(b, 5, "name", simt_deploy[i], "results",
		    i == 0);
		simt_json_nl(b, 7);
		buf_putc(b, '{');
		first = 1;
		if (d->deploy_err[i][0] != '\0') {
			simt_json_key(b, 8, "gpu_id", 1);
			buf_printf(b, "%d", d->deploy_gpu[i]);
			first = 0;
		}
		simt_json_key(b, 8, "status", first);
		simt_json_str(b, d->deploy[i] == DR_PASS ? "Pass" : "Fail");
		if (d->deploy_err[i][0] != '\0') {
			simt_json_key(b, 8, "warnings", 0);
			simt_json_warning(b, 8, 37, d->deploy_err[i],
			    "warnings");
		}
		simt_json_nl(b, 7);
		buf_putc(b, '}');
		simt_json_close(b, 5);
	}
	simt_json_close(b, 3);

	if (d->level >= 2) {
		simt_json_tests(b, d, "Integration", pcie, nitems(pcie));
		simt_json_tests(b, d, "Hardware", hw, nitems(hw));
	}
	if (d->level >= 3)
		simt_json_tests(b, d, "Stress", st, nitems(st));
	simt_json_close(b, 1);

	simt_json_key(b, 1, "Driver Version Detected", 0);
	simt_json_str(b, SIM_DRIVER);
	simt_json_key(b, 1, "GPU Device IDs", 0);
	buf_puts(b, "[ ");
	for (i = 0; i < SIM_GPUS; i++)
		buf_puts(b, i == 0 ? "\"2330\"" : ", \"2330\"");
	buf_puts(b, " ]");
	simt_json_key(b, 1, "GPU Device Serials", 0);
	simt_json_nl(b, 1);
	buf_putc(b, '{');
	for (i = 0; i < SIM_GPUS; i++) {
		snprintf(key, sizeof key, "%u", i);
		simt_serial(s, node, i, serial, sizeof serial);
		simt_json_key(b, 2, key, i == 0);
		simt_json_str(b, serial);
	}
	simt_json_nl(b, 1);
	buf_putc(b, '}');
	simt_json_key(b, 1, "version", 0);
	simt_json_str(b, SIM_DCGM);
	buf_puts(b, "\n}\n");
}

/* dcgmi diag's words: the level (1 to 4) and whether -j. */
static int
simt_dcgmi_args(int argc, char **argv, int *level, int *json, char **cause)
{
	static const char *const levels[] = {
		"", "short", "medium", "long", "xlong"
	};
	const char		*a, *r = NULL;
	char			*end;
	int			 i;

	*level = *json = 0;
	if (argc < 2 || strcmp(argv[1], "diag") != 0) {
		xasprintf(cause, "dcgmi: the simulator runs 'dcgmi diag -r N "
		    "[-j]' only");
		return (-1);
	}
	for (i = 2; i < argc; i++) {
		a = argv[i];
		if ((strcmp(a, "-r") == 0 || strcmp(a, "--run") == 0) &&
		    i + 1 < argc)
			r = argv[++i];
		else if (strncmp(a, "-r", 2) == 0 && a[2] != '\0')
			r = a + 2;
		else if (strncmp(a, "--run=", 6) == 0)
			r = a + 6;
		else if (strcmp(a, "-j") == 0 || strcmp(a, "--json") == 0)
			*json = 1;
		else if (strcmp(a, "--fail-early") == 0 ||
		    strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0)
			;
		else if ((strcmp(a, "-g") == 0 || strcmp(a, "-i") == 0 ||
		    strcmp(a, "--group") == 0) && i + 1 < argc)
			i++;
		else {
			xasprintf(cause, "PARSE ERROR: Argument: %s\n"
			    "             Couldn't find match for argument", a);
			return (-1);
		}
	}
	if (r != NULL) {
		*level = (int)strtol(r, &end, 10);
		if (*end != '\0' || end == r)
			*level = 0;
		for (i = 1; *level == 0 && i < (int)nitems(levels); i++) {
			if (strcasecmp(r, levels[i]) == 0)
				*level = i;
		}
	}
	if (*level < 1 || *level > 4) {
		xasprintf(cause, "Error: Invalid test specified: '%s'. "
		    "Options are 1, 2, 3, 4, short, medium, long, xlong",
		    r != NULL ? r : "");
		return (-1);
	}
	return (0);
}

static int
simt_dcgmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct simt_diag	*d;
	int			 json, level;

	if (simt_dcgmi_args(argc, argv, &level, &json, cause) != 0)
		return (-1);
	d = xmalloc(sizeof *d);
	simt_diag_run(s, node, level, d);
	if (json)
		simt_diag_json(s, node, d, out);
	else
		simt_diag_text(d, out);
	free(d);
	return (0);
}

/*
 * How long a command takes on the simulator before it prints, in seconds:
 * dcgmi diag -r N runs its tests for N times `per_level'; the other tools
 * print at once.
 */
double
sim_tool_seconds(int argc, char **argv, double per_level)
{
	char	*cause;
	int	 level, json;

	if (argc < 1 || strcmp(simt_base(argv[0]), "dcgmi") != 0)
		return (0);
	if (simt_dcgmi_args(argc, argv, &level, &json, &cause) != 0) {
		free(cause);
		return (0);
	}
	return (level * per_level);
}

/* The kernel's view: boot lines, then the XIDs of the active faults. */
/* How a kernel log is printed: as dmesg, dmesg -T or journalctl -k. */
enum simt_klog_style { KL_DMESG, KL_DMESG_T, KL_JOURNAL };
struct simt_klog {
	enum simt_klog_style	 style;
	double			 since;		/* --since: no line before */
};

/* One kernel line at time t, its message printf-formatted. */
static void printflike(7, 8)
simt_kline(struct buf *b, const struct simt_klog *kl, const struct sim *s,
    u_int node, double boot, double t, const char *fmt, ...)
{
	va_list	 ap;
	char	 tmp[64], msg[512];
	double	 up = t - boot;

	if (t < kl->since)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	switch (kl->style) {
	case KL_DMESG:
		buf_printf(b, "[%5ld.%06ld] %s\n", (long)up,
		    (long)((up - floor(up)) * 1e6), msg);
		break;
	case KL_DMESG_T:
		simt_strftime(tmp, sizeof tmp, TF_CTIME, t);
		buf_printf(b, "[%s] %s\n", tmp, msg);
		break;
	case KL_JOURNAL:
		simt_strftime(tmp, sizeof tmp, TF_JOURNAL, t);
		buf_printf(b, "%s %s kernel: %s\n", tmp,
		    sim_node_name(s, node), msg);
		break;
	}
}

static int
simt_fault_cmp(const void *a, const void *b)
{
	const struct sim_fault	*fa = a, *fb = b;

	return (fa->start < fb->start ? -1 : fa->start > fb->start);
}

static void
simt_klog(struct sim *s, u_int node, const struct simt_klog *kl,
    struct buf *out)
{
	const struct sim_node	*n;
	struct sim_fault	 f[SIM_MAXFAULTS];
	char			 uuid[64], serial[32];
	const char		*bus;
	double			 boot, t;
	u_int			 i, nf = 0;
	uint64_t		 h;

	sim_update(s);
	n = &s->nodes[node];
	boot = sim_boot_time(s, node);
	simt_kline(out, kl, s, node, boot, boot, "Linux version "
	    "5.15.0-119-generic (buildd@lcy02-amd64-033) (gcc (Ubuntu "
	    "11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) "
	    "2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024 (Ubuntu "
	    "5.15.0-119.129-generic 5.15.160)");
	simt_kline(out, kl, s, node, boot, boot + 21.482915,
	    "nvidia: loading out-of-tree module taints kernel.");
	simt_kline(out, kl, s, node, boot, boot + 21.904355,
	    "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  " SIM_DRIVER
	    "  Thu Oct 10 12:29:05 UTC 2024");
	simt_kline(out, kl, s, node, boot, boot + 22.301187,
	    "nvidia-nvlink: Nvlink Core is being initialized, major device "
	    "number 509");

	for (i = 0; i < n->nfaults; i++) {
		if (n->faults[i].start >= boot && (n->faults[i].type ==
		    SF_XID79 || n->faults[i].type == SF_XID48 ||
		    n->faults[i].type == SF_XID94 ||
		    n->faults[i].type == SF_NVLINK))
			f[nf++] = n->faults[i];
	}
	qsort(f, nf, sizeof *f, simt_fault_cmp);
	for (i = 0; i < nf; i++) {
		bus = sim_busids[f[i].unit];
		h = sim_hash(s->seed, node, (uint64_t)f[i].start, 0x6b6c);
		t = f[i].start + (double)(h % 1000000) / 1e6;
		switch (f[i].type) {
		case SF_XID79:
			sim_uuid(s, node, f[i].unit, uuid, sizeof uuid);
			simt_serial(s, node, f[i].unit, serial,
			    sizeof serial);
			simt_kline(out, kl, s, node, boot, t, "NVRM: GPU at "
			    "PCI:0000:%s:00: %s", bus, uuid);
			simt_kline(out, kl, s, node, boot, t + 0.000003,
			    "NVRM: GPU Board Serial Number: %s", serial);
			simt_kline(out, kl, s, node, boot, t + 0.000007,
			    "NVRM: Xid (PCI:0000:%s:00): 79, pid='<unknown>', "
			    "name=<unknown>, GPU has fallen off the bus.", bus);
			simt_kline(out, kl, s, node, boot, t + 0.000011,
			    "NVRM: GPU 0000:%s:00.0: GPU has fallen off the "
			    "bus.", bus);
			break;
		case SF_XID48:
			simt_kline(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:0000:%s:00): 48, pid='<unknown>', "
			    "name=<unknown>, An uncorrectable double bit error "
			    "(DBE) has been detected on GPU in the framebuffer "
			    "at physAddr 0x%llx partition %u, subpartition "
			    "%u.", bus, (unsigned long long)(h >> 36),
			    (u_int)(h >> 8) % 32, (u_int)(h >> 16) % 4);
			simt_kline(out, kl, s, node, boot, t + 0.023338,
			    "NVRM: Xid (PCI:0000:%s:00): 63, pid='<unknown>', "
			    "name=<unknown>, Row Remapper: New row (0x%016llx) "
			    "marked for remapping, reset gpu to activate.", bus,
			    (unsigned long long)(h >> 36));
			break;
		case SF_XID94:
			simt_kline(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:0000:%s:00): 94, pid=%u, name=python3, "
			    "Contained: SM (0x1). RST: No, D-RST: No", bus,
			    (u_int)(100000 + (h >> 20) % 3000000));
			break;
		case SF_NVLINK:
			simt_kline(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:0000:%s:00): 74, pid='<unknown>', "
			    "name=<unknown>, NVLink: fatal error detected on "
			    "link %u(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
			    bus, f[i].link);
			break;
		}
	}
}

/*
 * --since -Ns (or --since=-Ns), as dmesg and journalctl take it: the lines
 * of the last N seconds.  1 when argv[*i] was it (and *i its last word), 0
 * when it was something else, -1 when its time is not one (argv[*i] is).
 */
static int
simt_since(struct sim *s, int argc, char **argv, int *i, double *since)
{
	const char	*v;
	char		*end;
	double		 n;

	if (strncmp(argv[*i], "--since=", 8) == 0)
		v = argv[*i] + 8;
	else if (strcmp(argv[*i], "--since") == 0 && *i + 1 < argc)
		v = argv[++*i];
	else
		return (0);
	n = strtod(v + 1, &end);
	if (v[0] != '-' || end == v + 1 || strcmp(end, "s") != 0 || n < 0)
		return (-1);
	*since = s->t - n;
	return (1);
}

static int
simt_dmesg(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct simt_klog	 kl = { .style = KL_DMESG };
	int			 i, rc;

	for (i = 1; i < argc; i++) {
		if ((rc = simt_since(s, argc, argv, &i, &kl.since)) < 0) {
			xasprintf(cause, "dmesg: invalid time value \"%s\"",
			    argv[i]);
			return (-1);
		}
		if (rc > 0)
			continue;
		if (strcmp(argv[i], "-T") == 0 ||
		    strcmp(argv[i], "--ctime") == 0)
			kl.style = KL_DMESG_T;
		else if (strcmp(argv[i], "-k") != 0 &&
		    strcmp(argv[i], "--kernel") != 0) {
			xasprintf(cause, "dmesg: unrecognized option '%s'",
			    argv[i]);
			return (-1);
		}
	}
	simt_klog(s, node, &kl, out);
	return (0);
}

static int
simt_journalctl(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct simt_klog	 kl = { .style = KL_JOURNAL };
	int			 i, rc, kernel = 0;

	for (i = 1; i < argc; i++) {
		if ((rc = simt_since(s, argc, argv, &i, &kl.since)) < 0) {
			xasprintf(cause, "Failed to parse timestamp: %s",
			    argv[i]);
			return (-1);
		}
		if (rc > 0)
			continue;
		if (strcmp(argv[i], "-k") == 0 ||
		    strcmp(argv[i], "--dmesg") == 0)
			kernel = 1;
		else if (strcmp(argv[i], "--no-pager") == 0 ||
		    strcmp(argv[i], "-q") == 0)
			;
		else {
			xasprintf(cause, "journalctl: unrecognized option "
			    "'%s'", argv[i]);
			return (-1);
		}
	}
	if (!kernel) {
		xasprintf(cause, "journalctl: the simulator prints -k only");
		return (-1);
	}
	simt_klog(s, node, &kl, out);
	return (0);
}

/* Where a tool runs: on the node, on its BMC, or on the controller. */
enum simt_where { W_NODE, W_BMC, W_CLUSTER };
static const struct {
	const char	*name;
	enum simt_where	 where;
	simt_fn		 fn;
} simt_tools[] = {
	{ .name = "nvidia-smi", .where = W_NODE, .fn = simt_nvsmi },
	{ .name = "dcgmi", .where = W_NODE, .fn = simt_dcgmi },
	{ .name = "ibstat", .where = W_NODE, .fn = simt_ibstat },
	{ .name = "ibstatus", .where = W_NODE, .fn = simt_ibstatus },
	{ .name = "perfquery", .where = W_NODE, .fn = simt_perfquery },
	{ .name = "dmesg", .where = W_NODE, .fn = simt_dmesg },
	{ .name = "journalctl", .where = W_NODE, .fn = simt_journalctl },
	{ .name = "ipmitool", .where = W_BMC, .fn = simt_ipmitool },
	{ .name = "sinfo", .where = W_CLUSTER, .fn = simt_sinfo },
	{ .name = "squeue", .where = W_CLUSTER, .fn = simt_squeue },
	{ .name = "scontrol", .where = W_CLUSTER, .fn = simt_scontrol },
};

/* Whether a command is one of the simulator's tools. */
int
sim_tool_exists(const char *argv0)
{
	const char	*name = simt_base(argv0);
	size_t		 i;

	for (i = 0; i < nitems(simt_tools); i++) {
		if (strcmp(simt_tools[i].name, name) == 0)
			return (1);
	}
	return (0);
}

int
sim_tool(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const char	*name;
	size_t		 i;

	*cause = NULL;
	if (argc < 1 || argv[0] == NULL) {
		xasprintf(cause, "no command");
		return (-1);
	}
	name = simt_base(argv[0]);
	for (i = 0; i < nitems(simt_tools); i++) {
		if (strcmp(simt_tools[i].name, name) == 0)
			break;
	}
	if (i == nitems(simt_tools)) {
		xasprintf(cause, "bash: line 1: %s: command not found", name);
		return (-1);
	}
	if (simt_tools[i].where != W_CLUSTER &&
	    (node < 0 || (u_int)node >= s->nnodes)) {
		xasprintf(cause, "%s: no such node", name);
		return (-1);
	}
	sim_update(s);
	if (simt_tools[i].where == W_NODE && !sim_node_reachable(s, node)) {
		xasprintf(cause, "ssh: connect to host %s port 22: Connection "
		    "timed out", sim_node_name(s, node));
		return (-1);
	}
	return (simt_tools[i].fn(s, node, argc, argv, out, cause));
}
