/*
 * myriad - probes: a command for a target plus the parser for its output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The glue between the pure parsers and the model is here too: every
 * source hands a target's output to probe_parse(), which runs the probe's
 * parser into a model sink.  The parsers (parse*.c) know no model.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

const struct probe probes[] = {
	{ .name = "gpus", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.gpus", .parser = "nvsmi-csv",
	  .empty = "no GPU reported", .vendor = VENDOR_NVIDIA },
	{ .name = "amd-gpus", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.amd-gpus", .parser = "amd-smi",
	  .empty = "no GPU reported", .vendor = VENDOR_AMD },
	{ .name = "amd-static", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.amd-static", .parser = "amd-smi",
	  .adds = 1, .vendor = VENDOR_AMD },
	{ .name = "amd-ecc", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.amd-ecc", .parser = "amd-smi",
	  .adds = 1, .vendor = VENDOR_AMD },
	{ .name = "huawei-gpus", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.huawei-gpus", .parser = "npu-smi",
	  .empty = "no NPU reported", .vendor = VENDOR_HUAWEI },
	{ .name = "hygon-gpus", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.hygon-gpus", .parser = "hy-smi",
	  .empty = "no DCU reported", .vendor = VENDOR_HYGON },
	{ .name = "xid", .domain = DOM_EVENTS, .target = PT_NODE,
	  .option = "probe.xid", .parser = "xid" },
	{ .name = "nvlink-status", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.nvlink-status", .parser = "nvlink-status",
	  .vendor = VENDOR_NVIDIA },
	{ .name = "nvlink-errors", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.nvlink-errors", .parser = "nvlink-errors",
	  .adds = 1, .vendor = VENDOR_NVIDIA },
	{ .name = "fabric", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.fabric", .parser = "nvsmi-csv",
	  .adds = 1, .vendor = VENDOR_NVIDIA, .optional = 1 },
	{ .name = "imex", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.imex", .parser = "imex",
	  .adds = 1, .vendor = VENDOR_NVIDIA, .optional = 1 },
	{ .name = "ib", .domain = DOM_IB, .target = PT_NODE,
	  .option = "probe.ib", .parser = "ibstat" },
	{ .name = "ib-counters", .domain = DOM_IB, .target = PT_NODE,
	  .option = "probe.ib-counters", .parser = "perfquery",
	  .adds = 1 },
	{ .name = "xgmi", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.xgmi", .parser = "amd-smi",
	  .vendor = VENDOR_AMD },
	{ .name = "roce", .domain = DOM_IB, .target = PT_NODE,
	  .option = "probe.roce", .parser = "hccn-tool",
	  .vendor = VENDOR_HUAWEI },
	{ .name = "sensors", .domain = DOM_SENSORS, .target = PT_BMC,
	  .option = "probe.sensors", .parser = "ipmi-sdr" },
	{ .name = "sinfo", .domain = DOM_NODES, .target = PT_CONTROLLER,
	  .option = "probe.sinfo", .parser = "sinfo",
	  .json = "sinfo --json" },
	{ .name = "squeue", .domain = DOM_JOBS, .target = PT_CONTROLLER,
	  .option = "probe.squeue", .parser = "squeue",
	  .json = "squeue --json" },
	{ .name = NULL }
};

/* The tools VENDOR_PROBE tries, and whose they are. */
static const struct {
	const char	*tool;
	enum vendor	 vendor;
} probe_tools[] = {
	{ .tool = "nvidia-smi", .vendor = VENDOR_NVIDIA },
	{ .tool = "amd-smi", .vendor = VENDOR_AMD },
	{ .tool = "npu-smi", .vendor = VENDOR_HUAWEI },
	{ .tool = "hy-smi", .vendor = VENDOR_HYGON },
};

/*
 * VENDOR_PROBE's output, "TOOL STATUS" a line: the vendor of the tool that
 * answered (0); where none did, of the first that is there but failed or
 * hung (its probe then says how), for a node with a sick driver is not a
 * node without accelerators; VENDOR_UNKNOWN where none is there (127, 126).
 * -1 for output that is not VENDOR_PROBE's.
 */
int
probe_vendor(const char *out, size_t len, enum vendor *v)
{
	struct lines	 l;
	const char	*p, *sp;
	size_t		 n, i;
	uint64_t	 status;
	int		 lines = 0;

	*v = VENDOR_UNKNOWN;
	lines_init(&l, out, len);
	while (lines_next(&l, &p, &n)) {
		if ((sp = memchr(p, ' ', n)) == NULL ||
		    parse_u64(sp + 1, p + n - sp - 1, &status) != 0)
			return (-1);
		for (i = 0; i < nitems(probe_tools); i++) {
			if (parse_word(p, sp - p, probe_tools[i].tool))
				break;
		}
		if (i == nitems(probe_tools))
			return (-1);
		lines++;
		if (status == 0) {
			*v = probe_tools[i].vendor;
			return (0);
		}
		if (status != 126 && status != 127 && *v == VENDOR_UNKNOWN)
			*v = probe_tools[i].vendor;
	}
	return (lines > 0 ? 0 : -1);
}

/*
 * Whether probe pr's records keep what another probe adds to them: one of
 * its domain and vendor that adds, and runs (amd-smi static's model and
 * power cap, on amd-smi monitor's records).
 */
static int
probe_added(const struct probe *pr)
{
	const struct probe	*p;

	for (p = probes; p->name != NULL && !pr->adds; p++) {
		if (p->adds && p->domain == pr->domain &&
		    p->vendor == pr->vendor && *options_get(p->option) != '\0')
			return (1);
	}
	return (0);
}

/*
 * Whether an optional probe's run says the node has no such thing: its
 * tool is not there (127), or nvidia-smi's driver knows no field of the
 * query (an HGX's before the fabric.* fields).  No news: the node is not
 * asked again this session.
 */
int
probe_unsupported(const struct probe *pr, int status, const struct buf *out,
    const struct buf *err)
{
	static const char	 invalid[] = "is not a valid field to query";

	if (!pr->optional || status == 0)
		return (0);
	if (status == 127)
		return (1);
	return ((out->data != NULL && strstr(out->data, invalid) != NULL) ||
	    (err->data != NULL && strstr(err->data, invalid) != NULL));
}

/*
 * The format a probe's command was run with, which its parser must follow:
 * nvidia-smi's --query-gpu list, sinfo's and squeue's -o string.  NULL for
 * the parser's default.
 */
char *
probe_format(const struct probe *p, int argc, char **argv)
{
	const char	*q;
	int		 i;

	for (i = 1; i < argc; i++) {
		/* Also inside a word: sh -c 'nvidia-smi --query-gpu=...'. */
		if ((q = strstr(argv[i], "--query-gpu=")) != NULL)
			return (xstrndup(q + 12, strcspn(q + 12, " \t'\"")));
		if (strcmp(p->parser, "sinfo") != 0 &&
		    strcmp(p->parser, "squeue") != 0)
			continue;
		if (strncmp(argv[i], "--format=", 9) == 0)
			return (xstrdup(argv[i] + 9));
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			return (xstrdup(argv[i + 1]));
		if (strncmp(argv[i], "-o", 2) == 0 && argv[i][2] != '\0')
			return (xstrdup(argv[i] + 2));
	}
	return (NULL);
}

/*
 * A probe's command for one read.  %t is the whole seconds since the last
 * read began and a minute more (a billion before the first): a window of
 * the kernel log that overlaps the last read, whose lines model_xid_end()
 * knows.  %% is a %.  The controller's commands (sinfo, squeue) are taken
 * as they are: their -o formats are full of %.  They answer in JSON when
 * slurm.format says json; auto asks for JSON first and falls back to the
 * text command where Slurm has no --json (over SSH only: the simulator's
 * Slurm speaks text).
 */
char *
probe_command(const struct probe *p, double since)
{
	const char	*s = options_get(p->option);
	const char	*how = options_get("slurm.format");
	char		*both;
	struct buf	 b;

	if (p->target == PT_CONTROLLER) {
		if (p->json != NULL && strcmp(how, "json") == 0)
			return (xstrdup(p->json));
		if (p->json != NULL && strcmp(how, "auto") == 0 &&
		    strcmp(options_get("source"), "ssh") == 0) {
			xasprintf(&both, "%s 2>/dev/null || %s", p->json, s);
			return (both);
		}
		return (xstrdup(s));
	}
	buf_init(&b);
	buf_add(&b, "", 0);
	for (; *s != '\0'; s++) {
		if (s[0] == '%' && s[1] == 't') {
			buf_printf(&b, "%.0f", since > 0 ? ceil(since) + 60 :
			    1e9);
			s++;
		} else if (s[0] == '%' && s[1] == '%')
			buf_putc(&b, *s++);
		else
			buf_putc(&b, *s);
	}
	return (b.data);
}

/*
 * Feed one target's output to probe pr's parser, into the model: a
 * whole output (a run that ended), or a piece of a stream; the model's
 * data is then as old as this read.  A piece holds whole lines only: the
 * stream's reader (fleet.c) holds a cut last line until the rest comes,
 * where in a whole output the parser refuses it.  Returns -1 when the
 * output held errors and nothing readable; 1 when it was read in part
 * (what the parser refused is dropped) or, whole, holds no record where
 * the node has some: the node answered, the probe's read failed.
 */
int
probe_parse(struct model *m, int node, const struct probe *pr,
    const char *fmt, const struct buf *out, int whole, char *why,
    size_t whylen)
{
	const struct parser	*p = parser_find(pr->parser);
	struct sink		 s;
	char			 first[160];
	int			 rc;

	model_sink(m, node, &s);
	m->sink_adds = pr->adds;
	m->sink_kept = probe_added(pr);
	p->parse(out->data != NULL ? out->data : "", out->len, fmt, &s);
	if (whole)
		model_sink_end(m);
	if ((rc = model_sink_failed(m, first, sizeof first)) != 0) {
		/* The parser's name, where it is not the probe's own. */
		if (strcmp(p->name, pr->name) == 0)
			strlcpy(why, first, whylen);
		else
			snprintf(why, whylen, "%s: %s", p->name, first);
	} else if (whole && pr->empty != NULL && node >= 0 &&
	    m->sink_records == 0 && m->nodes[node].ngpus > 0) {
		snprintf(why, whylen, "%s", pr->empty);
		rc = 1;
	}
	if (rc != -1)
		m->refreshed = time(NULL);
	return (rc);
}

/*
 * News of probe p's run on a node, or on the controller (node -1): read
 * (why NULL), or not, and why.  A probe that only adds counters to
 * another's records leaves it read.
 */
void
probe_read(struct model *m, int node, const struct probe *p, const char *why)
{
	uint32_t	 id = node < 0 ? MODEL_CONTROLLER : (uint32_t)node;

	if (p->target == PT_BMC || p->adds ||
	    (node < 0) != (p->target == PT_CONTROLLER))
		return;
	if (why == NULL)
		model_read_ok(m, id, p->domain);
	else
		model_read_failed(m, id, p->domain, "%s: %s", p->name, why);
}

/*
 * Probe p's output on a node was refused in part (why): news, and an
 * event naming it, when its last read was whole and its last failure
 * another; a node that prints the same damage each refresh is told once.
 */
void
probe_read_damaged(struct model *m, int node, const struct probe *p,
    const char *why)
{
	char	 now[256];

	snprintf(now, sizeof now, "%s: %s", p->name, why);
	if (node >= 0 && p->target == PT_NODE && !p->adds &&
	    model_read_why(m, node, p->domain) == NULL &&
	    !model_read_said(m, node, p->domain, now))
		model_event(m, node, -1, EV_REACH, 0, "%s", now);
	probe_read(m, node, p, why);
}
