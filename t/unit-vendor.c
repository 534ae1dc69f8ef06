/*
 * myriad - unit tests for a node's vendor: VENDOR_PROBE, the command the
 * SSH source runs once a session on each node, run by /bin/sh against
 * stand-in tools in a directory of our own, and probe_vendor(), which
 * reads what it printed (probe.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "tap.h"

static char	 dir[] = "/tmp/myriad-unit-vendor.XXXXXX";

/* A stand-in TOOL in dir: a shell script of BODY. */
static void
vendor_tool(const char *tool, const char *body)
{
	char	 path[128];
	FILE	*f;

	snprintf(path, sizeof path, "%s/%s", dir, tool);
	if ((f = fopen(path, "w")) == NULL)
		abort();
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	chmod(path, 0755);
}

/* VENDOR_PROBE with dir's tools alone (and timeout's); what it printed. */
static char *
vendor_run(struct buf *b)
{
	char	 cmd[1024], line[256];
	FILE	*p;

	snprintf(cmd, sizeof cmd, "PATH=%s:/usr/bin:/bin; %s", dir,
	    VENDOR_PROBE);
	buf_reset(b);
	buf_add(b, "", 0);
	if ((p = popen(cmd, "r")) == NULL)
		abort();
	while (fgets(line, sizeof line, p) != NULL)
		buf_puts(b, line);
	pclose(p);
	return (b->data);
}

/* The vendor VENDOR_PROBE's output names, or -1. */
static int
vendor_of(const char *out)
{
	enum vendor	 v;

	if (probe_vendor(out, strlen(out), &v) != 0)
		return (-1);
	return ((int)v);
}

static void
test_read(void)
{
	is_int(vendor_of("nvidia-smi 0\n"), VENDOR_NVIDIA,
	    "nvidia-smi answers");
	is_int(vendor_of("nvidia-smi 127\namd-smi 0\n"), VENDOR_AMD,
	    "amd-smi answers after nvidia-smi is not there");
	is_int(vendor_of("nvidia-smi 127\namd-smi 127\nnpu-smi 0\n"),
	    VENDOR_HUAWEI, "npu-smi answers");
	is_int(vendor_of("nvidia-smi 127\namd-smi 127\nnpu-smi 127\n"
	    "hy-smi 0"), VENDOR_HYGON, "hy-smi answers, no last newline");
	is_int(vendor_of("nvidia-smi 127\namd-smi 126\nnpu-smi 127\n"
	    "hy-smi 127\n"), VENDOR_UNKNOWN,
	    "none there (127, 126 not executable): no accelerators");
	is_int(vendor_of("nvidia-smi 127\namd-smi 124\nnpu-smi 127\n"
	    "hy-smi 127\n"), VENDOR_AMD, "a hung amd-smi (124): AMD's, sick");
	is_int(vendor_of("nvidia-smi 9\namd-smi 127\nnpu-smi 0\n"),
	    VENDOR_HUAWEI, "one that answers wins over one that failed");
	is_int(vendor_of(""), -1, "nothing printed: not read");
	is_int(vendor_of("nvidia-smi\n"), -1, "no status: not read");
	is_int(vendor_of("nvidia-smi 1x\n"), -1, "a cut status: not read");
	is_int(vendor_of("rocm-smi 0\n"), -1, "a tool it does not try");
	is_int(vendor_of("bash: v: command not found\n"), -1,
	    "a shell's complaint: not read");
}

static void
test_run(void)
{
	static const char *tools[] = { "nvidia-smi", "amd-smi", "npu-smi",
	    "hy-smi" };
	struct buf	 b;
	char		 body[128];
	u_int		 i, k;

	buf_init(&b);
	/* As the test cluster's: another vendor's is not found. */
	for (k = 0; k < nitems(tools); k++) {
		for (i = 0; i < nitems(tools); i++) {
			snprintf(body, sizeof body, i == k ? "echo fine" :
			    "echo \"sh: 1: %s: not found\" >&2; exit 127",
			    tools[i]);
			vendor_tool(tools[i], body);
		}
		is_int(vendor_of(vendor_run(&b)), (int)(k + VENDOR_NVIDIA),
		    "%s answers: its vendor, with no output of it", tools[k]);
		ok(strstr(b.data, "fine") == NULL, "%s's output is not read",
		    tools[k]);
	}
	is_str(b.data, "nvidia-smi 127\namd-smi 127\nnpu-smi 127\n"
	    "hy-smi 0\n", "each tool tried, in turn, with its status");
	/* Really not there: timeout's own 127. */
	for (i = 0; i < nitems(tools); i++) {
		snprintf(body, sizeof body, "%s/%s", dir, tools[i]);
		unlink(body);
	}
	is_str(vendor_run(&b), "nvidia-smi 127\namd-smi 127\nnpu-smi 127\n"
	    "hy-smi 127\n", "no tool at all: each 127");
	is_int(vendor_of(b.data), VENDOR_UNKNOWN,
	    "a node with no accelerators");
	/* A hung nvidia-smi is killed, and the others are not asked. */
	vendor_tool("nvidia-smi", "exec sleep 60");
	vendor_tool("amd-smi", "exit 0");
	is_str(vendor_run(&b), "nvidia-smi 124\namd-smi 0\n",
	    "a hung tool: killed (124), the next asked");
	is_int(vendor_of(b.data), VENDOR_AMD, "and the one that answers wins");
	buf_free(&b);
}

int
main(void)
{
	char	 cmd[128];

	test_read();
	if (mkdtemp(dir) == NULL)
		abort();
	test_run();
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		ok(0, "%s removed", dir);
	return (tap_done());
}
