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
	return (tap_done());
}
