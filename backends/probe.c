/*
 * myriad - probes: a command for a target plus the parser for its output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"

const struct probe probes[] = {
	{ .name = "gpus", .domain = DOM_GPUS, .target = PT_NODE,
	  .option = "probe.gpus", .parser = "nvsmi-csv" },
	{ .name = "xid", .domain = DOM_EVENTS, .target = PT_NODE,
	  .option = "probe.xid", .parser = "xid" },
	{ .name = "nvlink-status", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.nvlink-status", .parser = "nvlink-status" },
	{ .name = "nvlink-errors", .domain = DOM_LINKS, .target = PT_NODE,
	  .option = "probe.nvlink-errors", .parser = "nvlink-errors" },
	{ .name = "ib", .domain = DOM_IB, .target = PT_NODE,
	  .option = "probe.ib", .parser = "ibstat" },
	{ .name = "sensors", .domain = DOM_SENSORS, .target = PT_BMC,
	  .option = "probe.sensors", .parser = "ipmi-sdr" },
	{ .name = "sinfo", .domain = DOM_NODES, .target = PT_CONTROLLER,
	  .option = "probe.sinfo", .parser = "sinfo" },
	{ .name = "squeue", .domain = DOM_JOBS, .target = PT_CONTROLLER,
	  .option = "probe.squeue", .parser = "squeue" },
	{ .name = NULL }
};

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
