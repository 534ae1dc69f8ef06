/*
 * myriad - the simulator's nvidia-smi: --query-gpu=... --format=csv, -L,
 * and nvlink -s / -e, as nvidia-smi 565 prints them (read back by
 * parse-nvsmi.c and parse-nvlink.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim.h"

/* Fast formatting: the nvidia-smi sweep prints millions of numbers. */
static void
sim_nvsmi_u64(struct buf *b, uint64_t v)
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
sim_nvsmi_fix2(struct buf *b, double v)
{
	uint64_t	 c;
	char		 frac[3];

	if (v < 0)
		v = 0;
	c = (uint64_t)llround(v * 100);
	sim_nvsmi_u64(b, c / 100);
	frac[0] = '.';
	frac[1] = '0' + (c % 100) / 10;
	frac[2] = '0' + c % 10;
	buf_add(b, frac, 3);
}

static void
sim_nvsmi_hex16(struct buf *b, uint64_t v)
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
} sim_nvsmi_fields[] = {
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
sim_nvsmi_parse(struct sim *s, const char *q, char **cause)
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
		for (i = 0; i < nitems(sim_nvsmi_fields); i++) {
			if (strcasecmp(sim_nvsmi_fields[i].name, f) == 0)
				break;
		}
		if (i == nitems(sim_nvsmi_fields)) {
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
sim_nvsmi_lost(struct buf *b, u_int gpu)
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
sim_nvsmi_value(struct sim *s, struct buf *b, enum nvq id, u_int node,
    u_int gpu, const struct sim_gpu *g, const char *stamp, int units)
{
	char	 tmp[64];

	switch (id) {
	case NQ_INDEX:
		sim_nvsmi_u64(b, gpu);
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
		sim_nvsmi_u64(b, id == NQ_UTIL ? g->util : g->memutil);
		if (units)
			buf_add(b, " %", 2);
		return;
	case NQ_MEMUSED:
	case NQ_MEMTOTAL:
	case NQ_MEMFREE:
	case NQ_MEMRESERVED:
		if (id == NQ_MEMUSED)
			sim_nvsmi_u64(b, g->memused);
		else if (id == NQ_MEMTOTAL)
			sim_nvsmi_u64(b, SIM_GPU_MIB);
		else if (id == NQ_MEMFREE)
			sim_nvsmi_u64(b, SIM_GPU_MIB - 512 - g->memused);
		else
			sim_nvsmi_u64(b, 512);
		if (units)
			buf_add(b, " MiB", 4);
		return;
	case NQ_TEMP:
		sim_nvsmi_u64(b, g->temp);
		return;
	case NQ_MEMTEMP:
		sim_nvsmi_u64(b, g->memtemp);
		return;
	case NQ_POWER:
	case NQ_PLIMIT:
	case NQ_PDEFLIMIT:
	case NQ_PMAXLIMIT:
		sim_nvsmi_fix2(b, id == NQ_POWER ? g->power : 700);
		if (units)
			buf_add(b, " W", 2);
		return;
	case NQ_SMCLK:
	case NQ_GRCLK:
	case NQ_MEMCLK:
	case NQ_MAXSMCLK:
		if (id == NQ_MEMCLK)
			sim_nvsmi_u64(b, g->memclk);
		else if (id == NQ_MAXSMCLK)
			sim_nvsmi_u64(b, 1980);
		else
			sim_nvsmi_u64(b, g->smclk);
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
		sim_nvsmi_u64(b, g->sbe);
		return;
	case NQ_DBE:
		sim_nvsmi_u64(b, g->dbe);
		return;
	case NQ_SBEAGG:
		sim_nvsmi_u64(b, g->sbe_agg > g->sbe ? g->sbe_agg : g->sbe);
		return;
	case NQ_DBEAGG:
		sim_nvsmi_u64(b, g->dbe_agg > g->dbe ? g->dbe_agg : g->dbe);
		return;
	case NQ_RCORR:
		sim_nvsmi_u64(b, g->remap_corr);
		return;
	case NQ_RUNCORR:
		sim_nvsmi_u64(b, g->remap_uncorr);
		return;
	case NQ_RPEND:
		buf_puts(b, g->remap_pending ? "Yes" : "No");
		return;
	case NQ_RFAIL:
		buf_puts(b, g->remap_failure ? "Yes" : "No");
		return;
	case NQ_THROTTLE:
		sim_nvsmi_hex16(b, g->throttle);
		return;
	case NQ_TIMESTAMP:
		buf_puts(b, stamp);
		return;
	case NQ_DRIVER:
		buf_puts(b, SIM_DRIVER);
		return;
	case NQ_COUNT:
		sim_nvsmi_u64(b, SIM_GPUS);
		return;
	case NQ_SERIAL:
		sim_serial(s, node, gpu, tmp, sizeof tmp);
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
sim_nvsmi_query(struct sim *s, int node, const char *query,
    const char *format, int only, struct buf *out, char **cause)
{
	struct sim_nodeval	 v;
	struct tm		 tm;
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
	if (sim_nvsmi_parse(s, query, cause) != 0)
		return (-1);

	if (header) {
		for (i = 0; i < s->nq; i++) {
			if (i != 0)
				buf_add(out, ", ", 2);
			buf_puts(out, sim_nvsmi_fields[s->qids[i]].header);
		}
		buf_putc(out, '\n');
	}
	sim_node_sample(s, node, &v);
	strftime(stamp, sizeof stamp, "%Y/%m/%d %H:%M:%S",
	    sim_tool_gmtime(s->t, &tm));
	ms = (s->t - floor(s->t)) * 1000;
	snprintf(stamp + strlen(stamp), sizeof stamp - strlen(stamp), ".%03d",
	    (int)ms);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (only >= 0 && (int)gpu != only)
			continue;
		if (v.gpu[gpu].lost) {
			sim_nvsmi_lost(out, gpu);
			continue;
		}
		for (i = 0; i < s->nq; i++) {
			if (i != 0)
				buf_add(out, ", ", 2);
			sim_nvsmi_value(s, out, sim_nvsmi_fields[s->qids[i]].id,
			    node, gpu, &v.gpu[gpu], stamp, units);
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
sim_nvsmi_nvlink_counters(const struct sim *s, u_int node, u_int gpu, u_int l,
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
sim_nvsmi_title(const struct sim *s, u_int node, u_int gpu, struct buf *out)
{
	char	 uuid[64];

	if (sim_fault_find(s, node, SF_XID79, gpu) != NULL) {
		sim_nvsmi_lost(out, gpu);
		return (0);
	}
	sim_uuid(s, node, gpu, uuid, sizeof uuid);
	buf_printf(out, "GPU %u: %s (UUID: %s)\n", gpu, SIM_MODEL, uuid);
	return (1);
}

static int
sim_nvsmi_nvlink(struct sim *s, int node, int errors, int only, struct buf *out)
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
		if (!sim_nvsmi_title(s, node, gpu, out))
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
			sim_nvsmi_nvlink_counters(s, node, gpu, l, c);
			for (k = 0; k < 3; k++) {
				buf_printf(out, "\t Link %u: %s: %llu\n", l,
				    names[k], (unsigned long long)c[k]);
			}
		}
	}
	return (0);
}

int
sim_nvsmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
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
		return (sim_nvsmi_nvlink(s, node, errors, only, out));
	}
	if (list) {
		u_int	 gpu;

		sim_update(s);
		for (gpu = 0; gpu < SIM_GPUS; gpu++)
			sim_nvsmi_title(s, node, gpu, out);
		return (0);
	}
	if (query == NULL) {
		xasprintf(cause, "nvidia-smi: the simulator prints "
		    "--query-gpu, -L and nvlink -s/-e only");
		return (-1);
	}
	return (sim_nvsmi_query(s, node, query, format, only, out, cause));

badid:
	xasprintf(cause, "Invalid GPU ID. Please run 'nvidia-smi -h' for "
	    "help.");
	return (-1);
}

