/*
 * myriad - the model: what its sinks keep, and what is news.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "myriad.h"
#include "backend.h"

#define XID(t, x, what)	"[" t "] NVRM: Xid (PCI:0000:1b:00): " x ", " what "\n"
#define LINE_A		XID("  100.000001", "79", "pid=0, GPU has fallen off the bus.")
#define LINE_B		XID("  200.000002", "48", "pid=0, DBE (0x1) has been detected.")
#define LINE_C		XID("  300.000003", "94", "pid=0, Contained ECC error.")
#define LINE_D		XID("   50.000004", "79", "pid=0, GPU has fallen off the bus.")

/* One read of node 0's kernel log: the Xid events it made. */
static u_int
model_read(struct model *m, const char *log)
{
	struct sink		 s;
	u_int			 before = m->nevents;

	model_xid_begin(m, 0);
	model_sink(m, 0, &s);
	parse_xid(log, strlen(log), NULL, &s);
	model_xid_end(m, 0);
	return (m->nevents - before);
}

/* Node 0's ports: ibstat's and perfquery's output through the sink. */
static void
model_ib(struct model *m, int (*fn)(const char *, size_t, const char *,
    const struct sink *), const char *out)
{
	struct sink	 s;

	model_sink(m, 0, &s);
	fn(out, strlen(out), NULL, &s);
}

#define IBSTAT(state) "CA 'mlx5_0'\n\tPort 1:\n\t\tState: " state "\n" \
	"\t\tPhysical state: LinkUp\n\t\tRate: 400\nCA 'mlx5_1'\n" \
	"\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
#define PQ(ca, n) "# CA: " ca "\n# Port extended counters: Lid 2 port 1\n" \
	"SymbolErrorCounter:......" n "\nLinkDownedCounter:.......1\n"

static void
test_ib_counters(void)
{
	struct model	*m;
	struct ibport	*p;
	u_int		 n;

	m = model_create("test", 8, 1);
	model_add_node(m, "gpu0001", "r01");
	model_ib(m, parse_perfquery, PQ("mlx5_0", "5"));
	ok(m->ibports == NULL || m->nodes[0].nib == 0,
	    "counters before ibstat: no port made");
	model_ib(m, parse_ibstat, IBSTAT("Active"));
	is_int(m->nodes[0].nib, 2, "ibstat: two ports");
	ok(model_ibports(m, 0, &n) == &m->ibports[0] && n == 2,
	    "... which model_ibports gives");
	model_ib(m, parse_perfquery, PQ("mlx5_1", "7") PQ("mlx5_9", "9"));
	p = &m->ibports[1];
	ok(p->symerr == 7 && p->linkdown == 1 && (p->valid & BIT(IB_SYMERR)),
	    "perfquery: mlx5_1's counters on mlx5_1's port");
	is_int(p->state, LINK_UP, "... which keeps its state");
	ok(!(m->ibports[0].valid & BIT(IB_SYMERR)),
	    "... and mlx5_0's port has none yet");
	is_int(m->nodes[0].nib, 2, "an unknown adapter's counters: no port");
	model_ib(m, parse_ibstat, IBSTAT("Down"));
	p = &m->ibports[1];
	ok(p->symerr == 7 && (p->valid & BIT(IB_SYMERR)),
	    "ibstat again: the counters stay");
	is_int(m->ibports[0].state, LINK_DOWN, "... and the state is new");
	model_free(m);
}

/*
 * A read of DCU 0 of node 0 (hy-smi's: no model), with its power cap or
 * without; `kept': the read keeps what a probe that adds gave.
 */
static void
model_read_dcu(struct model *m, int plimit, int kept)
{
	struct sink	 s;
	struct gpu	 g;

	memset(&g, 0, sizeof g);
	g.valid = BIT(GPU_INDEX) | BIT(GPU_TEMP);
	g.vendor = VENDOR_HYGON;
	g.temp_c = 40;
	if (plimit) {
		g.valid |= BIT(GPU_PLIMIT);
		g.power_limit_w = 300;
	}
	model_sink(m, 0, &s);
	m->sink_kept = kept;
	s.gpu(s.arg, &g);
	model_sink_end(m);
}

/*
 * A probe that names no model is whole: a field its last read had and
 * this one has not is not known any more; only the records a probe adds
 * to keep what it gave.  The node's vendor is its first read's.
 */
static void
test_gpu_kept(void)
{
	struct model	*m;

	m = model_create("test", 8, 1);
	model_add_node(m, "dcu1", "r01");
	model_read_dcu(m, 1, 0);
	ok(model_gpu(m, 0, 0)->valid & BIT(GPU_PLIMIT), "a power cap read");
	is_int(m->nodes[0].vendor, VENDOR_HYGON, "the node's vendor: hygon");
	model_read_dcu(m, 0, 0);
	ok(!(model_gpu(m, 0, 0)->valid & BIT(GPU_PLIMIT)),
	    "the next read has none: not known, not the last one's");
	model_read_dcu(m, 1, 0);
	model_read_dcu(m, 0, 1);
	ok(model_gpu(m, 0, 0)->valid & BIT(GPU_PLIMIT) &&
	    model_gpu(m, 0, 0)->power_limit_w == 300,
	    "a read another probe adds to keeps what it added");
	model_free(m);
}

/*
 * A probe that adds (the fabric query) read before the GPUs' own probe,
 * or listing GPUs that probe did not: no GPU is read for it, the node's
 * count is not its; the GPUs' read then keeps what it gave.
 */
static void
test_gpu_added_first(void)
{
	struct model	*m;
	struct sink	 s;
	struct gpu	 g;
	u_int		 i, want;

	m = model_create("test", 8, 1);
	model_add_node(m, "gb1", "r01");
	model_sink(m, 0, &s);
	m->sink_adds = 1;
	for (i = 0; i < 4; i++) {
		memset(&g, 0, sizeof g);
		g.valid = BIT(GPU_INDEX) | BIT(GPU_CLIQUE);
		g.index = i;
		g.vendor = VENDOR_NVIDIA;
		g.clique_id = 7;
		strlcpy(g.fabric_state, "Completed", sizeof g.fabric_state);
		s.gpu(s.arg, &g);
	}
	model_sink_end(m);
	is_int(model_gpu(m, 0, 0)->valid, 0,
	    "a probe that adds, first: its GPU is not read for it");
	ok(!m->nodes[0].gpus_known, "... nor the node's GPUs counted by it");

	/* The GPUs' own probe reads one: it keeps the fabric. */
	model_sink(m, 0, &s);
	m->sink_kept = 1;
	memset(&g, 0, sizeof g);
	g.valid = BIT(GPU_INDEX) | BIT(GPU_TEMP);
	g.vendor = VENDOR_NVIDIA;
	g.temp_c = 40;
	s.gpu(s.arg, &g);
	model_sink_end(m);
	ok((model_gpu(m, 0, 0)->valid & BIT(GPU_CLIQUE)) &&
	    model_gpu(m, 0, 0)->clique_id == 7 &&
	    strcmp(model_gpu(m, 0, 0)->fabric_state, "Completed") == 0,
	    "the GPUs' read keeps the fabric given before it");
	is_int(m->nodes[0].ngpus, 1, "the node's GPUs: its own probe's, 1");
	is_int(model_gpus_missing(m, 0, &want), 7,
	    "7 of 8 missing, whatever the fabric listed");
	model_free(m);
}

/*
 * Node id's accelerators of vendor v, 0 to `to' but `skip', whole.
 */
static void
model_read_accels(struct model *m, int id, enum vendor v, int to, int skip)
{
	struct sink	 s;
	struct gpu	 g;
	int		 i;

	model_sink(m, id, &s);
	for (i = 0; i <= to; i++) {
		memset(&g, 0, sizeof g);
		g.valid = BIT(GPU_INDEX) | BIT(GPU_TEMP);
		g.index = i;
		g.vendor = v;
		g.temp_c = 40;
		if (i != skip)
			s.gpu(s.arg, &g);
	}
	model_sink_end(m);
}

/*
 * Without Slurm's GRES, gpus-per-node (8) is NVIDIA's count: another
 * vendor's node has the most its tool has listed, or what the
 * configuration says its vendor's have.
 */
static void
test_gpus_vendor(void)
{
	struct model	*m;
	u_int		 want;

	m = model_create("test", 8, 3);
	model_add_node(m, "nv1", "r01");
	model_add_node(m, "dcu1", "r01");
	model_add_node(m, "amd1", "r01");
	model_read_accels(m, 0, VENDOR_NVIDIA, 3, -1);
	is_int(model_gpus_missing(m, 0, &want), 4, "NVIDIA's 4 of 8: 4 missing");
	model_read_accels(m, 1, VENDOR_HYGON, 3, -1);
	is_int(model_gpus_missing(m, 1, &want), 0,
	    "a Hygon node's 4 DCUs: none missing");
	is_int(want, 4, "... of 4");
	model_read_accels(m, 2, VENDOR_AMD, 7, -1);
	model_read_accels(m, 2, VENDOR_AMD, 6, -1);
	is_int(model_gpus_missing(m, 2, &want), 1,
	    "an AMD node whose last GPU is no longer listed: 1 missing");
	is_int(want, 8, "... of the 8 it listed");
	m->vendor_gpus[VENDOR_HYGON] = 8;
	is_int(model_gpus_missing(m, 1, &want), 4,
	    "vendors.hygon-gpus = 8: 4 of the DCUs missing");
	model_free(m);
}

/* Node id as Slurm's GRES names its accelerators. */
static void
model_read_gres(struct model *m, const char *node, const char *gres)
{
	struct sink	 s;
	struct snode	 sn;

	memset(&sn, 0, sizeof sn);
	strlcpy(sn.name, node, sizeof sn.name);
	strlcpy(sn.state, "idle", sizeof sn.state);
	strlcpy(sn.gres, gres, sizeof sn.gres);
	model_sink(m, -1, &s);
	s.snode(s.arg, &sn);
}

/*
 * A node never read: the vendor its GRES names, if one of a table's
 * types or npu/dcu, else none; what a read says wins.
 */
static void
test_gres_vendor(void)
{
	static const struct {
		const char	*gres;
		enum vendor	 vendor;
	} t[] = {
		{ "gpu:mi300x:8(S:0-1)", VENDOR_AMD },
		{ "gpu:H100:8", VENDOR_NVIDIA },
		{ "npu:Ascend-910B3:8", VENDOR_HUAWEI },
		{ "dcu:4", VENDOR_HYGON },
		{ "gpu:8", VENDOR_UNKNOWN },
		{ "gpu:rtx6000:8", VENDOR_UNKNOWN },
		{ "gpu:h100:4,gpu:mi300x:4", VENDOR_UNKNOWN },
	};
	struct model	*m;
	u_int		 i;

	m = model_create("test", 8, 1);
	model_add_node(m, "n1", "r01");
	for (i = 0; i < nitems(t); i++) {
		model_read_gres(m, "n1", t[i].gres);
		is_int(m->nodes[0].vendor, t[i].vendor, "%s", t[i].gres);
	}
	model_read_gres(m, "n1", "gpu:mi300x:8");
	model_read_accels(m, 0, VENDOR_NVIDIA, 7, -1);
	is_int(m->nodes[0].vendor, VENDOR_NVIDIA, "a read wins over GRES");
	model_read_gres(m, "n1", "gpu:mi300x:8");
	is_int(m->nodes[0].vendor, VENDOR_NVIDIA, "... and stays");
	model_node_vendor(m, 0, VENDOR_HYGON);
	model_read_gres(m, "n1", "gpu:mi300x:8");
	is_int(m->nodes[0].vendor, VENDOR_HYGON, "so does the configuration's");
	model_free(m);
}

/*
 * A node with more ports than the first room (an Atlas A3's 16 RoCE ports
 * and the host's InfiniBand): every port kept, and the other nodes' too.
 */
static void
test_ib_many(void)
{
	struct model	*m;
	struct ibport	*p;
	struct sink	 s;
	char		 out[8192];
	size_t		 len = 0;
	u_int		 i, n;

	m = model_create("test", 8, 2);
	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	model_ib(m, parse_ibstat, IBSTAT("Active"));
	for (i = 0; i < 24; i++) {
		len += snprintf(out + len, sizeof out - len, "CA 'mlx5_%u'\n"
		    "\tPort 1:\n\t\tState: %s\n\t\tPhysical state: "
		    "LinkUp\n", i, i == 20 ? "Down" : "Active");
	}
	model_sink(m, 1, &s);
	parse_ibstat(out, len, NULL, &s);
	p = model_ibports(m, 1, &n);
	is_int(n, 24, "24 ports of one node: all kept");
	ok(n == 24 && strcmp(p[20].device, "mlx5_20") == 0 &&
	    p[20].state == LINK_DOWN, "... the 21st as read");
	p = model_ibports(m, 0, &n);
	ok(n == 2 && strcmp(p[1].device, "mlx5_1") == 0 &&
	    p[0].state == LINK_UP, "... and the other node's two stay");
	model_free(m);
}

/*
 * Node `id' reports GPUs `from' to `to' (inclusive) as nvidia-smi does,
 * each at `temp' C; `skip' is one it leaves out (-1 for none).
 */
static void
model_report_gpus(struct model *m, int id, int from, int to, int skip,
    int temp)
{
	struct sink	 s;
	struct buf	 b;
	int		 i;

	buf_init(&b);
	buf_add(&b, "", 0);
	for (i = from; i <= to; i++) {
		if (i != skip)
			buf_printf(&b, "%d, NVIDIA GB200, %d, "
			    "00000000:%02X:00.0\n", i, temp, i);
	}
	model_sink(m, id, &s);
	parse_nvsmi_csv(b.data, b.len, "index,name,temperature.gpu,pci.bus_id",
	    &s);
	buf_free(&b);
}

/* Node id's GPUs are whole: each where the node's offset says, in order. */
static int
model_whole(const struct model *m, u_int id, u_int want)
{
	const struct gpu	*g;
	u_int			 i, n;

	g = model_gpus(m, id, &n);
	if (n != want || (n > 0 && g != &m->gpus[m->nodes[id].gpu0]))
		return (0);
	for (i = 0; i < n; i++) {
		if (g[i].node != id || g[i].index != (int)i)
			return (0);
	}
	return (1);
}

/*
 * What list-gpus prints as TSV: the GPUs something is known of, in the
 * model's order, as console/cmd-list.c takes them (which cannot be linked
 * here without the console).
 */
static char *
model_list(struct model *m)
{
	static char	 out[32768];
	struct output	*o;
	FILE		*f;
	u_int		 i;

	memset(out, 0, sizeof out);
	f = fmemopen(out, sizeof out - 1, "w");
	o = output_create(f, 0, OUT_TSV, record_find("gpu"), m);
	for (i = 0; i < m->ngpus; i++) {
		if (m->gpus[i].valid != 0 || m->gpus[i].error[0] != '\0')
			output_row(o, &m->gpus[i]);
	}
	output_free(o);
	fclose(f);
	return (out);
}

/* How many lines of s hold `what'. */
static int
model_lines(const char *s, const char *what)
{
	const char	*nl;
	int		 n = 0;

	for (; *s != '\0'; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = s + strlen(s) - 1;
		if (memmem(s, nl - s, what, strlen(what)) != NULL)
			n++;
	}
	return (n);
}

/*
 * One-shot reads (batch mode): each output is a whole report, so a node
 * has what it reported at once, whichever node answered first, and a node
 * not heard from keeps the default.
 */
static void
test_whole_reports(void)
{
	struct model	*m;
	int		 order, first, id;
	u_int		 total[2], n;
	static const int counts[] = { 8, 4, 16, -1 };

	for (order = 0; order < 2; order++) {
		m = model_create("test", 8, 4);
		model_add_node(m, "hgx01", "r01");
		model_add_node(m, "tray01", "r01");
		model_add_node(m, "big01", "r01");
		model_add_node(m, "dead01", "r01");
		for (first = 0; first < 3; first++) {
			id = order ? 2 - first : first;
			model_report_gpus(m, id, 0, counts[id] - 1, -1, 40);
			model_sink_end(m);
		}
		ok(model_whole(m, 0, 8) && model_whole(m, 1, 4) &&
		    model_whole(m, 2, 16) && model_whole(m, 3, 8),
		    "whole reports, %s: 8, 4 and 16 GPUs, the default for a "
		    "node not heard from", order ? "the largest first" :
		    "in node order");
		for (id = 0, total[order] = 0; id < 4; id++) {
			model_gpus(m, id, &n);
			total[order] += n;
		}
		model_free(m);
	}
	is_int(total[0], total[1], "the same GPUs whichever node answers "
	    "first");
}

/* Nodes of 4, 16 and no GPUs in one model whose default is 8. */
static void
test_counts(void)
{
	struct model	*m;
	struct nvlink	 l;
	struct sink	 s;
	const char	*out;
	u_int		 n;

	m = model_create("test", 8, 4);
	model_add_node(m, "tray01", "r01");	/* GB200: 4 */
	model_add_node(m, "hgx01", "r01");	/* 16 */
	model_add_node(m, "login01", "r01");	/* none */
	model_add_node(m, "a3-01", "r01");	/* Atlas-sized: 16 */
	ok(model_whole(m, 0, 8) && model_whole(m, 2, 8) && m->ngpus == 32,
	    "before a report: the default, 8 a node");

	model_report_gpus(m, 1, 0, 15, -1, 50);
	ok(model_whole(m, 1, 16), "a node reporting 16 has 16");
	ok(model_whole(m, 0, 8) && model_whole(m, 2, 8) &&
	    model_whole(m, 3, 8), "... those not heard from yet the default");
	ok(m->nodes[1].gpu0 - m->nodes[0].gpu0 == 16 &&
	    m->nodes[3].gpu0 - m->nodes[2].gpu0 == 16, "... in as many slots "
	    "as it has (a cluster of 16s is laid out once)");
	is_int(model_gpu(m, 1, 15)->temp_c, 50, "... its 16th GPU is kept");
	is_int(model_gpu(m, 1, 15)->vendor, VENDOR_NVIDIA, "... an NVIDIA one");
	is_str(model_gpu(m, 1, 15)->model, "NVIDIA GB200", "... its model");
	ok(model_gpu(m, 1, 16) == NULL, "... and no 17th");

	/* A link of the 16-GPU node, to follow through the layouts. */
	memset(&l, 0, sizeof l);
	l.gpu = 12;
	l.link = 3;
	l.state = LINK_UP;
	model_sink(m, 1, &s);
	s.nvlink(s.arg, &l);
	l.gpu = 16;
	s.nvlink(s.arg, &l);
	model_nvlinks(m, 1, &n);
	is_int(n, 16 * m->links_per_gpu, "NVLinks: 16 GPUs' worth");
	ok(model_nvlink(m, 1, 16, 3) == NULL &&
	    model_nvlink(m, 1, 12, m->links_per_gpu) == NULL,
	    "... none past the last GPU or link");

	model_report_gpus(m, 0, 0, 3, -1, 40);
	ok(model_whole(m, 0, 8), "a node streaming 4: the default until its "
	    "report is known whole");
	out = model_list(m);
	is_int(model_lines(out, "tray01"), 4, "list-gpus: its 4 GPUs, not "
	    "the 4 it has not reported");
	model_report_gpus(m, 0, 0, 3, -1, 41);
	ok(model_whole(m, 0, 4) && model_whole(m, 1, 16),
	    "its next report begins: 4, and the 16 moved with it");
	is_int(model_gpu(m, 0, 3)->temp_c, 41, "... its last GPU is new");
	is_int(model_gpu(m, 1, 15)->temp_c, 50, "... the 16's last is kept");
	ok(model_nvlink(m, 1, 12, 3) != NULL &&
	    model_nvlink(m, 1, 12, 3)->state == LINK_UP &&
	    model_nvlink(m, 1, 12, 3)->gpu == 12,
	    "... and so is its GPU 12's link 3");
	ok(model_gpu(m, 0, 4) == NULL, "no GPU 4 on a node of 4");
	is_int(model_gpus_max(m), 16, "the most a node has: 16");

	model_report_gpus(m, 3, 0, 15, -1, 60);
	model_report_gpus(m, 3, 0, 15, 9, 61);
	ok(model_whole(m, 3, 16), "a 16 leaving GPU 9 out still has 16");
	model_report_gpus(m, 3, 0, 0, -1, 62);
	ok(!(model_gpu(m, 3, 9)->valid & BIT(GPU_TEMP)) &&
	    (model_gpu(m, 3, 10)->valid & BIT(GPU_TEMP)),
	    "... once that report is whole, GPU 9 is not known, GPU 10 is");

	out = model_list(m);
	is_int(model_lines(out, "login01"), 0, "list-gpus: none for a node "
	    "that reported none");
	is_int(model_lines(out, "tray01"), 4, "list-gpus: 4 of the 4");
	is_int(model_lines(out, "hgx01"), 16, "... 16 of the 16");
	is_int(model_lines(out, "a3-01"), 15, "... 15 of the 16 that "
	    "left one out");

	model_report_gpus(m, 0, 64, 64, -1, 40);
	ok(model_whole(m, 0, 4), "an index past what a node may have: not "
	    "kept");
	model_free(m);

	/* With no default a node has what it reports: nothing, none. */
	m = model_create("test", 0, 4);
	model_add_node(m, "tray01", "r01");
	model_add_node(m, "login01", "r01");
	model_add_node(m, "hgx01", "r01");
	model_report_gpus(m, 0, 0, 3, -1, 40);
	model_report_gpus(m, 2, 0, 15, -1, 50);
	model_report_gpus(m, 0, 0, 3, -1, 41);
	model_report_gpus(m, 2, 0, 15, -1, 51);
	ok(model_whole(m, 0, 4) && model_whole(m, 1, 0) &&
	    model_whole(m, 2, 16), "4, none and 16 in one model");
	is_int(m->ngpus, 20, "... 20 GPUs");
	ok(model_gpus(m, 1, &n) == NULL && n == 0 && model_gpu(m, 1, 0) ==
	    NULL, "... the node of none has none to give");
	out = model_list(m);
	is_int(model_lines(out, "\t"), 21, "list-gpus: a heading and 20 GPUs");
	model_free(m);
}

/*
 * What a probe's run says of its node: the GPU query's failure is the GPU
 * domain's, a run that adds counters to another's records is no node's.
 */
static void
test_unread(void)
{
	struct model		*m;
	const struct probe	*p, *gpus = NULL, *xid = NULL, *adds = NULL;

	for (p = probes; p->name != NULL; p++) {
		if (strcmp(p->name, "gpus") == 0)
			gpus = p;
		if (strcmp(p->name, "xid") == 0)
			xid = p;
		if (strcmp(p->name, "nvlink-errors") == 0)
			adds = p;
	}
	m = model_create("test", 8, 2);
	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	ok(model_read_why(m, 0, DOM_GPUS) == NULL,
	    "a node not told of is read");
	probe_read(m, 0, gpus, "exited 127: nvidia-smi: not found");
	is_str(model_read_why(m, 0, DOM_GPUS),
	    "gpus: exited 127: nvidia-smi: not found",
	    "the GPU query failed: the GPUs are not read, and why");
	ok(model_read_why(m, 1, DOM_GPUS) == NULL, "the other node's are");
	probe_read(m, 1, xid, "exited 1");
	ok(model_read_why(m, 1, DOM_GPUS) == NULL &&
	    model_read_why(m, 1, DOM_EVENTS) != NULL,
	    "the kernel log failed: the events are not read, the GPUs are");
	probe_read(m, 1, adds, "exited 1");
	ok(model_read_why(m, 1, DOM_LINKS) == NULL,
	    "a probe that adds counters to another's records unreads nothing");
	probe_read(m, 0, gpus, NULL);
	ok(model_read_why(m, 0, DOM_GPUS) == NULL, "read again: read");
	probe_read(m, -1, gpus, "exited 1");
	ok(m->nodes[0].unread == 0, "a run for no node unreads none");
	model_free(m);
}

/*
 * The Slurm controller's reads are kept as a node's, apart from the
 * nodes'; a node set's names the cluster does not have, folded.
 */
static void
test_controller(void)
{
	struct model		*m;
	const struct probe	*p, *squeue = NULL, *sinfo = NULL;
	struct filter		*f;
	struct node		 n;
	char			*set, name[16];
	u_int			 i;

	for (p = probes; p->name != NULL; p++) {
		if (strcmp(p->name, "squeue") == 0)
			squeue = p;
		if (strcmp(p->name, "sinfo") == 0)
			sinfo = p;
	}
	m = model_create("test", 8, 4);
	for (i = 1; i <= 4; i++) {
		snprintf(name, sizeof name, "gpu%04u", i);
		model_add_node(m, name, "r01");
	}
	ok(model_read_why(m, MODEL_CONTROLLER, DOM_JOBS) == NULL,
	    "a controller not told of is read");
	probe_read(m, -1, squeue, "exited 1: no controller");
	is_str(model_read_why(m, MODEL_CONTROLLER, DOM_JOBS),
	    "squeue: exited 1: no controller",
	    "squeue failed: the jobs are not read, and why");
	ok(model_read_why(m, MODEL_CONTROLLER, DOM_NODES) == NULL &&
	    model_read_why(m, 3, DOM_JOBS) == NULL && m->nodes[3].unread == 0,
	    "sinfo's read and the last node's are apart");
	probe_read(m, 0, sinfo, "exited 1");
	ok(m->nodes[0].unread == 0 &&
	    model_read_why(m, MODEL_CONTROLLER, DOM_NODES) == NULL,
	    "a controller's probe run for a node is no one's");
	probe_read(m, -1, squeue, NULL);
	ok(model_read_why(m, MODEL_CONTROLLER, DOM_JOBS) == NULL,
	    "read again: read");

	set = model_unknown(m, "gpu[0001,0004-0007],gpu0009");
	is_str(set, "gpu[0005-0007,0009]", "the unknown nodes, folded");
	free(set);
	ok(model_unknown(m, "gpu[0001-0004]") == NULL, "none unknown: NULL");
	ok(model_unknown(m, "gpu[") == NULL, "no node set: NULL");

	f = filter_create(record_find("node"), "node=gpu[0001,0003]", &set);
	ok(f != NULL && filter_nodes(f, m, &set) == 0,
	    "a node set of the cluster's nodes in a filter");
	memset(&n, 0, sizeof n);
	strlcpy(n.name, "gpu0003", sizeof n.name);
	ok(filter_match(f, &n, m), "matches a node in it");
	strlcpy(n.name, "gpu0002", sizeof n.name);
	ok(!filter_match(f, &n, m), "and not one out of it");
	filter_free(f);
	f = filter_create(record_find("gpu"), "node!=gpu[0004-0005]", &set);
	ok(f != NULL && filter_nodes(f, m, &set) == -1 &&
	    strcmp(set, "gpu0005") == 0, "an unknown node in it: named");
	free(set);
	filter_free(f);
	model_free(m);
}

#define ISO(t, x, what) t " NVRM: Xid (PCI:0000:1b:00): " x ", " what "\n"

/* Events in the order they happened, with the kernel's time and text. */
static void
test_event_order(void)
{
	struct model		*m;
	const struct event	*e;
	char			 log[2048], want[1200], msg[900];
	u_int			 i, sorted = 1;

	m = model_create("test", 8, 1);
	model_add_node(m, "gpu0001", "r01");
	strlcpy(model_gpu(m, 0, 0)->bus_id, "00000000:1B:00.0",
	    sizeof model_gpu(m, 0, 0)->bus_id);
	m->now = 1800003600;		/* 2027-01-15T09:00:00Z */
	model_read(m, ISO("2027-01-15T08:00:00,5+00:00", "79",
	    "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")
	    ISO("2027-01-15T09:10:00,0+01:00", "48",
	    "pid=1045242, name=KMS thread, DBE (0x1) has been detected."));
	model_event(m, 0, -1, EV_REACH, 0, "timed out");
	m->now += 60;
	model_read(m, ISO("2027-01-15T08:30:00+00:00", "94",
	    "pid=5171, Contained: SM (0x1)."));
	is_int(model_nevents(m), 4, "events: three Xids and a node's");
	e = model_event_get(m, 0);
	ok(e != NULL && e->kind == EV_REACH && e->time == 1800003600,
	    "events: the newest first, what was seen at the last read");
	e = model_event_get(m, 1);
	ok(e != NULL && e->xid == 94 && e->time == 1800001800 &&
	    e->seen == 1800003660, "events: then the Xid of 08:30, read last, "
	    "at the kernel's time, seen a minute later");
	e = model_event_get(m, 2);
	ok(e != NULL && e->xid == 48 && e->time == 1800000600,
	    "events: then the Xid of 08:10 UTC, logged at UTC+1");
	if (e != NULL)
		is_str(e->text, "GPU 0: Xid 48: DBE (0x1) has been detected. "
		    "(pid=1045242, name=KMS thread)",
		    "events: what happened before pid and name");
	e = model_event_get(m, 3);
	ok(e != NULL && e->xid == 79 && e->time == 1800000000.5 &&
	    e->seen == 1800003600, "events: the oldest last");
	e = model_event_get(m, 1);
	if (e != NULL)
		is_str(e->text, "GPU 0: Xid 94: Contained: SM (0x1). "
		    "(pid=5171)", "events: a pid without a name");

	/* A kernel line of 900 bytes, and a stamp with no date. */
	memset(msg, 'm', sizeof msg - 1);
	msg[sizeof msg - 1] = '\0';
	snprintf(log, sizeof log, "[  199.234935] NVRM: Xid (PCI:0000:1b:00): "
	    "13, %s\n", msg);
	m->now += 60;
	is_int(model_read(m, log), 1, "events: a long Xid line");
	e = model_event_get(m, 0);
	snprintf(want, sizeof want, "GPU 0: Xid 13: %s", msg);
	if (e != NULL) {
		is_str(e->text, want, "events: a long message kept whole");
		ok(e->time == 0 && e->seen == m->now, "events: a time not "
		    "known is none, and the event is where it was seen");
	}

	/* The ring, full, in order still. */
	for (i = 0; i < 9000; i++) {
		m->now = 1800000000 + (i * 7919) % 9001;
		model_event(m, 0, -1, EV_STATE, 0, "event %u", i);
	}
	for (i = 1; i < model_nevents(m); i++) {
		if (model_event_get(m, i - 1)->time <
		    model_event_get(m, i)->time)
			sorted = 0;
	}
	ok(sorted && model_nevents(m) < 9000, "events: a full ring, "
	    "newest first still");
	model_free(m);
}

/*
 * A node that says the same again (a broken driver, each refresh) has one
 * event, counted; an undated Xid read with a dated event comes after it.
 */
static void
test_event_repeat(void)
{
	struct model		*m;
	const struct event	*e;
	u_int			 i;

	m = model_create("test", 8, 1);
	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	m->now = 1800000000;
	for (i = 0; i < 3; i++) {
		model_event(m, 0, -1, EV_REACH, 0, "gpus: exited 9: %s",
		    "no driver");
		model_event(m, 1, -1, EV_REACH, 0, "timed out %u", i);
		m->now += 2;
	}
	is_int(model_nevents(m), 4, "repeats: one event for gpu0001's three");
	for (i = 0; (e = model_event_get(m, i)) != NULL; i++) {
		if (e->node == 0)
			break;
	}
	ok(e != NULL && e->repeats == 2 && e->last == 1800000004 &&
	    e->seen == 1800000000, "repeats: counted, with the last time");
	ok(e != NULL && strncmp(e->text, "gpus: exited 9: no driver "
	    "(repeated 2 times, last ", 42) == 0, "repeats: the text says so");
	model_event(m, 0, -1, EV_REACH, 0, "gpus: exited 127");
	is_int(model_nevents(m), 5, "repeats: another text is another event");

	/* Plain dmesg: no date; read with a dated event, after it. */
	model_event(m, 1, -1, EV_REACH, 0, "up");
	model_read(m, "[  199.234935] NVRM: Xid (PCI:0000:1b:00): 13, x\n");
	e = model_event_get(m, 0);
	ok(e != NULL && e->time != 0 && strcmp(e->text, "up") == 0,
	    "undated: a dated event of the same moment first");
	e = model_event_get(m, 1);
	ok(e != NULL && e->time != 0, "undated: every dated one of then");
	e = model_event_get(m, 2);
	ok(e != NULL && e->time == 0 && e->seen == m->now,
	    "undated: then the Xid, where it was read");
	model_free(m);
}

#define GB200_XID(bus, x) "NVRM: Xid (PCI:" bus "): " x ", NETIR Fatal\n"
#define GB200_GPU(i, bus) #i ", NVIDIA GB200, 40, " bus "\n"

/*
 * An Xid names its GPU by PCI address, domain too: a GB200 tray's four
 * GPUs are all on bus 01.  The kernel log read before the node's GPU list
 * (another channel answered first) has its Xids attributed when the list
 * comes; an address the list lacks stays an unknown GPU, and says so.
 */
static void
test_xid_bus(void)
{
	struct model		*m;
	const struct event	*e;
	struct sink		 s;
	const char		*gpus = GB200_GPU(0, "00000008:01:00.0")
	    GB200_GPU(1, "00000009:01:00.0") GB200_GPU(2, "00000018:01:00.0")
	    GB200_GPU(3, "00000019:01:00.0");

	m = model_create("test", 4, 1);
	model_add_node(m, "gpu0001", "r01");
	is_int(model_read(m, GB200_XID("0019:01:00", "149")
	    GB200_XID("0000:01:00", "144")), 2, "xid bus: two Xids, no GPUs");
	e = model_event_get(m, 0);
	ok(e != NULL && e->gpu == -1 && strcmp(e->bus, "0000:01:00") == 0 &&
	    strncmp(e->text, "GPU ? (PCI 0000:01:00): Xid 144: ", 33) == 0,
	    "xid bus: before the GPU list, an unknown GPU named by its bus");
	model_sink(m, 0, &s);
	parse_nvsmi_csv(gpus, strlen(gpus),
	    "index,name,temperature.gpu,pci.bus_id", &s);
	e = model_event_get(m, 1);
	ok(e != NULL && e->gpu == 3 && e->xid == 149,
	    "xid bus: the GPU list came: 0019:01:00 is GPU 3");
	if (e != NULL)
		is_str(e->text, "GPU 3: Xid 149: NETIR Fatal",
		    "xid bus: its text names GPU 3");
	ok(model_gpu(m, 0, 3)->valid & BIT(GPU_XID) &&
	    model_gpu(m, 0, 3)->xid == 149, "xid bus: GPU 3's last Xid");
	ok(!(model_gpu(m, 0, 0)->valid & BIT(GPU_XID)),
	    "xid bus: GPU 0, on bus 01 of domain 0008, has none");
	e = model_event_get(m, 0);
	ok(e != NULL && e->gpu == -1 && strncmp(e->text, "GPU ? ", 6) == 0,
	    "xid bus: domain 0000 is no GPU of the list: unknown still");
	is_int(model_read(m, GB200_XID("0018:01:00", "145")), 1,
	    "xid bus: an Xid after the list");
	e = model_event_get(m, 0);
	ok(e != NULL && e->gpu == 2, "xid bus: 0018:01:00 is GPU 2");
	model_free(m);
}

/* Node id's GPUs 0 to n - 1 of vendor v, two chips a card if cards. */
static void
model_accels(struct model *m, uint32_t id, enum vendor v, u_int n,
    int cards, u_int alarm)
{
	struct sink	 s;
	struct gpu	 g;
	u_int		 i;

	model_sink(m, id, &s);
	for (i = 0; i < n; i++) {
		memset(&g, 0, sizeof g);
		g.vendor = v;
		g.index = i;
		g.valid = BIT(GPU_INDEX);
		if (cards) {
			g.card = i / 2;
			g.chip = i % 2;
			g.valid |= BIT(GPU_CARD);
		}
		strlcpy(g.health, i == alarm ? "Alarm" : "OK", sizeof g.health);
		s.gpu(s.arg, &g);
	}
	model_sink_end(m);
}

/*
 * An event names an accelerator as its vendor's tools do: a Hygon's DCU,
 * an A3's chip by its card and chip, the first too (read before its card's
 * second); only an Xid event has an Xid.
 */
static void
test_event_names(void)
{
	struct model		*m;
	const struct event	*e;
	struct sink		 s;
	struct nvlink		 l;
	char			 text[64];
	u_int			 i;

	m = model_create("test", 16, 3);
	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	model_add_node(m, "gpu0003", "r01");
	m->now = 1800000000;
	model_accels(m, 0, VENDOR_HYGON, 4, 0, 99);
	model_sink(m, 0, &s);
	memset(&l, 0, sizeof l);
	l.gpu = 2;
	l.link = 1;
	l.state = LINK_UP;
	s.nvlink(s.arg, &l);
	l.state = LINK_DOWN;
	s.nvlink(s.arg, &l);
	e = model_event_get(m, 0);
	ok(e != NULL && e->kind == EV_LINK && strncmp(e->text, "DCU 2 ", 6) ==
	    0, "names: a Hygon's link down is a DCU's");
	ok(e != NULL && !(e->valid & BIT(EVF_XID)), "names: it has no Xid");

	model_accels(m, 1, VENDOR_HUAWEI, 16, 1, 0);
	e = model_event_get(m, 0);
	ok(e != NULL && e->node == 1 && e->kind == EV_HEALTH &&
	    strcmp(e->text, "NPU 0 chip 0: health Alarm") == 0,
	    "names: an A3's first chip is NPU 0 chip 0");
	ok(e != NULL && !(e->valid & BIT(EVF_XID)), "names: it has no Xid");
	model_accels(m, 1, VENDOR_HUAWEI, 16, 1, 15);
	e = model_event_get(m, 0);
	ok(e != NULL && strcmp(e->text, "NPU 7 chip 1: health Alarm") == 0,
	    "names: its last is NPU 7 chip 1");
	alerts_node(m, 1, text, sizeof text);
	is_str(text, "NPU 7 chip 1: health Alarm", "names: and its alert too");

	model_accels(m, 2, VENDOR_HUAWEI, 8, 0, 0);
	e = model_event_get(m, 0);
	if (e != NULL)
		is_str(e->text, "NPU 0: health Alarm",
		    "names: a 910B's NPU 0 is NPU 0");

	is_int(model_read(m, LINE_A), 1, "names: an Xid");
	for (i = 0; (e = model_event_get(m, i)) != NULL; i++) {
		if (e->kind == EV_XID)
			break;
	}
	ok(e != NULL && (e->valid & BIT(EVF_XID)) && e->xid == 79,
	    "names: an Xid event has its Xid");
	model_free(m);
}

int
main(void)
{
	struct model	*m;

	m = model_create("test", 8, 1);
	model_add_node(m, "gpu0001", "r01");
	strlcpy(model_gpu(m, 0, 0)->bus_id, "00000000:1B:00.0",
	    sizeof model_gpu(m, 0, 0)->bus_id);

	is_int(model_read(m, LINE_A LINE_B), 2, "the first read: every Xid is news");
	is_int(model_read(m, LINE_B LINE_C), 1,
	    "a window that overlaps the last read: only what follows its last line");
	is_int(model_read(m, LINE_A LINE_B LINE_C), 0, "the whole log again: nothing");
	is_int(model_read(m, ""), 0, "an empty window: nothing");
	is_int(model_read(m, LINE_C), 0, "the last line again: nothing");
	is_int(model_read(m, LINE_D), 1,
	    "without the last read's last line (a reboot): news");
	is_int(model_gpu(m, 0, 0)->xid, 79, "the GPU keeps the newest Xid");
	is_int(model_read(m, LINE_D LINE_A LINE_A), 2,
	    "a line twice after the mark is news twice (it happened twice)");
	model_free(m);
	test_ib_counters();
	test_ib_many();
	test_gpu_kept();
	test_gpu_added_first();
	test_gpus_vendor();
	test_gres_vendor();
	test_counts();
	test_whole_reports();
	test_unread();
	test_controller();
	test_event_order();
	test_event_repeat();
	test_xid_bus();
	test_event_names();
	return (tap_done());
}
