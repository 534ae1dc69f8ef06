/*
 * myriad - the simulator's tools: which there are, where each runs, and
 * what they share.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Each tool prints the exact bytes the real one prints (nvidia-smi 590,
 * ipmitool 1.8.19, ibstat, Slurm 22.05, DCGM 4.2 or 3.3, the kernel), so
 * the simulator's output goes through the same parsers as real output.
 * One file a tool, as the parsers have: sim-nvsmi.c, sim-ipmi.c,
 * sim-ib.c, sim-slurm.c, sim-dcgm.c and sim-dmesg.c; of a mix's other
 * vendors, sim-amd.c, sim-rvs.c, sim-npu.c and sim-hysmi.c.  A vendor's
 * tool is on its vendor's nodes only: on another node sh does not find it.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static int	sim_tool_true(struct sim *, int, int, char **, struct buf *,
		    char **);
static int	sim_tool_false(struct sim *, int, int, char **, struct buf *,
		    char **);
static int	sim_tool_exit(struct sim *, int, int, char **, struct buf *,
		    char **);
static int	sim_tool_echo(struct sim *, int, int, char **, struct buf *,
		    char **);

/*
 * Where a tool runs: on the node, on its BMC, on the controller, or (the
 * shell's words) on the node if one is given, else anywhere.
 */
enum sim_tool_where { W_NODE, W_BMC, W_CLUSTER, W_SHELL };
struct sim_tool_entry {
	const char		*name;
	enum sim_tool_where	 where;
	enum vendor		 vendor;	/* its nodes'; 0: every node */
	int			(*fn)(struct sim *, int, int, char **,
				    struct buf *, char **);
};
static const struct sim_tool_entry sim_tool_table[] = {
	{ .name = "nvidia-smi", .where = W_NODE, .vendor = VENDOR_NVIDIA,
	  .fn = sim_nvsmi },
	{ .name = "dcgmi", .where = W_NODE, .vendor = VENDOR_NVIDIA,
	  .fn = sim_dcgmi },
	{ .name = "nvidia-imex-ctl", .where = W_NODE, .vendor = VENDOR_NVIDIA,
	  .fn = sim_imexctl },
	{ .name = "amd-smi", .where = W_NODE, .vendor = VENDOR_AMD,
	  .fn = sim_amdsmi },
	{ .name = "rocm-smi", .where = W_NODE, .vendor = VENDOR_AMD,
	  .fn = sim_rocmsmi },
	{ .name = "rvs", .where = W_NODE, .vendor = VENDOR_AMD,
	  .fn = sim_rvs },
	{ .name = "npu-smi", .where = W_NODE, .vendor = VENDOR_HUAWEI,
	  .fn = sim_npusmi },
	{ .name = "hccn_tool", .where = W_NODE, .vendor = VENDOR_HUAWEI,
	  .fn = sim_hccn },
	{ .name = "hy-smi", .where = W_NODE, .vendor = VENDOR_HYGON,
	  .fn = sim_hysmi },
	{ .name = "ibstat", .where = W_NODE, .fn = sim_ibstat },
	{ .name = "ibstatus", .where = W_NODE, .fn = sim_ibstatus },
	{ .name = "perfquery", .where = W_NODE, .fn = sim_perfquery },
	{ .name = "dmesg", .where = W_NODE, .fn = sim_dmesg },
	{ .name = "journalctl", .where = W_NODE, .fn = sim_journalctl },
	{ .name = "ipmitool", .where = W_BMC, .fn = sim_ipmitool },
	{ .name = "sinfo", .where = W_CLUSTER, .fn = sim_sinfo },
	{ .name = "squeue", .where = W_CLUSTER, .fn = sim_squeue },
	{ .name = "scontrol", .where = W_CLUSTER, .fn = sim_scontrol },
	/* The shell's words a site's check ends with, as bash runs them. */
	{ .name = "true", .where = W_SHELL, .fn = sim_tool_true },
	{ .name = "false", .where = W_SHELL, .fn = sim_tool_false },
	{ .name = "exit", .where = W_SHELL, .fn = sim_tool_exit },
	{ .name = "echo", .where = W_SHELL, .fn = sim_tool_echo },
};

static int
sim_tool_true(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	return (0);
}

static int
sim_tool_false(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	*cause = xstrdup("");
	return (1);
}

/* exit [N]: N modulo 256, as bash; a word not a number is its error, 2. */
static int
sim_tool_exit(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	char	*end;
	long	 n = 0;

	if (argc > 1) {
		n = strtol(argv[1], &end, 10);
		if (end == argv[1] || *end != '\0') {
			xasprintf(cause, "bash: line 1: exit: %s: numeric "
			    "argument required", argv[1]);
			return (2);
		}
	}
	if (argc > 2) {
		xasprintf(cause, "bash: line 1: exit: too many arguments");
		return (1);
	}
	n &= 255;
	if (n != 0)
		*cause = xstrdup("");
	return ((int)n);
}

/* echo [-n] WORD...: the words, a space between, then a newline. */
static int
sim_tool_echo(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	int	 i = 1, nl = 1;

	if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		nl = 0;
		i++;
	}
	for (; i < argc; i++)
		buf_printf(out, "%s%s", argv[i], i + 1 < argc ? " " : "");
	if (nl)
		buf_putc(out, '\n');
	return (0);
}

/* Times, in UTC so that every process prints the same. */
struct tm *
sim_tool_gmtime(double t, struct tm *tm)
{
	time_t	 tt = (time_t)floor(t);

	return (gmtime_r(&tt, tm));
}

static const char *
sim_tool_base(const char *s)
{
	const char	*p = strrchr(s, '/');

	return (p != NULL ? p + 1 : s);
}

/*
 * nvidia-smi -lms N (-l N in seconds): the caller runs the tool again every
 * N ms; 0 to run it once.  In nvidia-smi nvlink, -l is a link.
 */
int
sim_tool_loop_ms(int argc, char **argv)
{
	const char	*a;
	int		 i;
	long		 n;

	if (argc > 1 && strcmp(argv[1], "nvlink") == 0)
		return (0);
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
 * How long a command takes on the simulator before it prints, in seconds:
 * dcgmi diag -r N and rvs -r N run their tests for N times `per_level';
 * the other tools print at once.
 */
double
sim_tool_seconds(int argc, char **argv, double per_level)
{
	char	*cause;
	int	 level, json;

	if (argc < 1)
		return (0);
	if (strcmp(sim_tool_base(argv[0]), "rvs") == 0)
		level = sim_rvs_level(argc, argv, &cause);
	else if (strcmp(sim_tool_base(argv[0]), "dcgmi") != 0)
		return (0);
	else if (sim_dcgm_args(argc, argv, &level, &json, &cause) != 0)
		level = -1;
	if (level < 0) {
		free(cause);
		return (0);
	}
	return (level * per_level);
}

/* A command's row in the simulator's tools, or NULL. */
static const struct sim_tool_entry *
sim_tool_find(const char *argv0)
{
	const char	*name = sim_tool_base(argv0);
	size_t		 i;

	for (i = 0; i < nitems(sim_tool_table); i++) {
		if (strcmp(sim_tool_table[i].name, name) == 0)
			return (&sim_tool_table[i]);
	}
	return (NULL);
}

/* Whether a command is one of the simulator's tools. */
int
sim_tool_exists(const char *argv0)
{
	return (sim_tool_find(argv0) != NULL);
}

/* Whether it is a node's (or its BMC's) tool, which needs --node. */
int
sim_tool_on_node(const char *argv0)
{
	const struct sim_tool_entry	*t = sim_tool_find(argv0);

	return (t != NULL && (t->where == W_NODE || t->where == W_BMC));
}

/*
 * Run a tool: 0 and its output in out, or -1 and its error in cause (""
 * if it said why on its stdout, in out).  On success, cause may hold what
 * the tool warned about on its stderr (sinfo -o with an unknown letter):
 * the caller frees it.
 */
int
sim_tool(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const struct sim_tool_entry	*t;

	*cause = NULL;
	if (argc < 1 || argv[0] == NULL) {
		xasprintf(cause, "no command");
		return (-1);
	}
	if ((t = sim_tool_find(argv[0])) == NULL) {
		xasprintf(cause, "bash: line 1: %s: command not found",
		    sim_tool_base(argv[0]));
		return (SIM_TOOL_MISSING);
	}
	if ((t->where == W_NODE || t->where == W_BMC || (t->where == W_SHELL &&
	    node >= 0)) && (node < 0 || (u_int)node >= s->nnodes)) {
		xasprintf(cause, "%s: no such node", t->name);
		return (-1);
	}
	sim_update(s);
	if ((t->where == W_NODE || (t->where == W_SHELL && node >= 0)) &&
	    !sim_node_reachable(s, node)) {
		xasprintf(cause, "ssh: connect to host %s port 22: Connection "
		    "timed out", sim_node_name(s, node));
		return (-1);
	}
	if (t->where == W_NODE && t->vendor != VENDOR_UNKNOWN &&
	    t->vendor != sim_node_vendor(s, node)) {
		xasprintf(cause, "sh: 1: %s: not found", argv[0]);
		return (SIM_TOOL_MISSING);
	}
	return (t->fn(s, node, argc, argv, out, cause));
}
