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

	m = model_create("test", 8, 1);
	model_add_node(m, "gpu0001", "r01");
	model_ib(m, parse_perfquery, PQ("mlx5_0", "5"));
	ok(m->ibports == NULL || m->nodes[0].nib == 0,
	    "counters before ibstat: no port made");
	model_ib(m, parse_ibstat, IBSTAT("Active"));
	is_int(m->nodes[0].nib, 2, "ibstat: two ports");
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
	return (tap_done());
}
