/*
 * myriad - the simulator's rvs (ROCm Validation Suite) on a mix's MI300X
 * and MI325X nodes: rvs -r N runs the actions of the MI300X level N
 * configuration (rvs/conf/MI300X/levels), printing what the RVS guide's
 * samples show (t/data/rvs-*.txt) and its source prints around them: the
 * gst actions' and the iet action's [RESULT] lines a GPU, then the
 * summary, its rows after \r and its results in colour (the module's
 * name in capitals there, as rvs prints it).  The other
 * modules' own log lines, whose form no sample shows, are left out: their
 * actions have their summary rows only.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A GPU at 88 C or more falls short of its gst target (met: FALSE) and
 * its action fails; a lost GPU is not in rvs's list, so not in the
 * overview, and the others are numbered without it, as rvs numbers them.
 * A GPU with uncorrectable ECC errors fails the memory actions (babel,
 * mem) and, stressed, falls short in gst and iet (met: FALSE, pass:
 * FALSE), which name it; an XGMI link down between two GPUs it lists
 * fails the pbqt actions.  The babel, mem and pbqt modules' own lines are
 * not printed (no sample shows them), so their failures are the summary's
 * FAIL rows alone.
 */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

/* The KFD GPU ids and node ids of the guide's samples, by index. */
static const int sim_rvs_ids[SIM_GPUS] = {
	42583, 27226, 36479, 17010, 1590, 51771, 11806, 57875
};

/* The actions of rvs_level_N.conf (MI300X), module, from which level. */
static const struct {
	const char	*name;
	const char	*module;
	int		 from;
	int		 to;
	long		 target;	/* gst: target_stress, GFLOPS */
} sim_rvs_actions[] = {
	{ "metapackage-validation", "rcqt", 1, 1, 0 },
	{ "packagelist-install-validation", "rcqt", 1, 1, 0 },
	{ "pcie_capability", "peqt", 2, 2, 0 },
	{ "hbm_basic", "babel", 2, 2, 0 },
	{ "xgmi_interface", "pbqt", 2, 2, 0 },
	{ "pcie_interface", "pebb", 2, 2, 0 },
	{ "hbm_mid", "babel", 3, 3, 0 },
	{ "hbm_full", "babel", 4, 5, 0 },
	{ "pcie_d2h_bandwidth", "pebb", 3, 5, 0 },
	{ "pcie_h2d_bandwidth", "pebb", 3, 5, 0 },
	{ "xgmi_d2d_bandwidth", "pbqt", 3, 5, 0 },
	{ "memtest", "mem", 4, 5, 0 },
	{ "compute-fp8-trig", "gst", 3, 5, 981000 },
	{ "compute-fp16-trig", "gst", 3, 5, 650000 },
	{ "compute-bf16-trig", "gst", 3, 5, 650000 },
	{ "compute-fp32-trig", "gst", 4, 5, 80000 },
	{ "compute-fp64-trig", "gst", 4, 5, 60000 },
	{ "power-stress", "iet", 4, 5, 0 },
};

struct sim_rvs {
	struct buf	*out;
	double		 t;		/* the log's clock, s since boot */
	int		 gpu[SIM_GPUS];	/* rvs's GPUs: node GPU indices */
	int		 hot[SIM_GPUS];
	int		 ecc[SIM_GPUS];	/* uncorrectable ECC errors */
	int		 xgmi;		/* an XGMI link down */
	u_int		 n;
};

static void
sim_rvs_line(struct sim_rvs *r, const char *action, int id, const char *text)
{
	r->t += 0.75;
	buf_printf(r->out, "[RESULT] [%.6f] [%s] [GPU:: %5d] %s\n", r->t,
	    action, id, text);
}

/* An action's GPU lines: 0 when it passed. */
static int
sim_rvs_action(struct sim_rvs *r, u_int a)
{
	const char	*name = sim_rvs_actions[a].name;
	const char	*module = sim_rvs_actions[a].module;
	long		 target = sim_rvs_actions[a].target;
	double		 gflops;
	char		 text[96];
	u_int		 i;
	int		 id, bad, failed = 0;

	r->t += 0.1;
	buf_printf(r->out, "[RESULT] [%.6f] Action name :%s\n", r->t, name);
	buf_printf(r->out, "[RESULT] [%.6f] Module name :%s\n", r->t + 0.08,
	    module);
	for (i = 0; i < r->n; i++) {
		id = sim_rvs_ids[r->gpu[i]];
		if (strcmp(module, "babel") == 0 || strcmp(module, "mem") == 0)
			failed |= r->ecc[i];
		if (strcmp(module, "pbqt") == 0)
			failed |= r->xgmi;
		if (strcmp(module, "iet") == 0) {
			sim_rvs_line(r, name, id, r->ecc[i] ?
			    "Power(W) 412.000000" : "Power(W) 748.000000");
			sim_rvs_line(r, name, id, r->ecc[i] ? "pass: FALSE" :
			    "pass: TRUE");
			failed |= r->ecc[i];
			continue;
		}
		if (strcmp(module, "gst") != 0)
			continue;
		bad = r->hot[i] || r->ecc[i];
		gflops = bad ? target * 0.6 : target * 1.08;
		sim_rvs_line(r, name, id, "Start of GPU ramp up");
		snprintf(text, sizeof text, "GFLOPS %.0f", floor(gflops / 2));
		sim_rvs_line(r, name, id, text);
		sim_rvs_line(r, name, id, "End of GPU ramp up");
		snprintf(text, sizeof text, "GFLOPS %.0f Target GFLOPS: %ld "
		    "met: %s", floor(gflops), target, bad ? "FALSE" : "TRUE");
		sim_rvs_line(r, name, id, text);
		failed |= bad;
	}
	return (failed);
}

static void
sim_rvs_rule(struct buf *out, int c)
{
	int	 i;

	buf_putc(out, '+');
	for (i = 0; i < 69; i++)
		buf_putc(out, c);
	buf_puts(out, "+\n");
}

/* GPU i's two cells: its name and id, over its index, node and bus. */
static void
sim_rvs_cells(struct sim_rvs *r, u_int i, const char *product,
    char cell[][40])
{
	snprintf(cell[0], sizeof cell[0], "%s - %d", product,
	    sim_rvs_ids[r->gpu[i]]);
	snprintf(cell[1], sizeof cell[1], "%u - %d - 0000:%s:00.0", i,
	    r->gpu[i] + 2, sim_amd_bus[r->gpu[i]]);
}

/* The summary's overview: the system, then its GPUs two a row. */
static void
sim_rvs_overview(struct sim_rvs *r, const char *product, const char *rocm)
{
	struct buf	*out = r->out;
	char		 cell[4][40];
	u_int		 i, k;

	buf_printf(out, "|%27sSystem Overview%27s|\n", "", "");
	sim_rvs_rule(out, '-');
	buf_printf(out, "\r| %-32s | %-32s |\n", "Operating System",
	    "Ubuntu 22.04.5 LTS");
	buf_printf(out, "\r| %-32s | %-32s |\n", "RVS version", "1.6.75");
	buf_printf(out, "\r| %-32s | %-32s |\n", "ROCm version", rocm);
	buf_printf(out, "\r| %-32s | %-32s |\n", "amdgpu version", "6.16.13");
	buf_printf(out, "\r| %-32s | %-32u |\n", "GPUs", r->n);
	sim_rvs_rule(out, '-');
	/* An odd one out is on the labels' rows; else they are alone. */
	for (k = 0; k < 2; k++)
		snprintf(cell[k], sizeof cell[k], "%s", "");
	if (r->n % 2 == 1)
		sim_rvs_cells(r, 0, product, cell);
	buf_printf(out, "\r| %-32s | %-32s |\n", "GPU Name - GPU ID",
	    cell[0]);
	buf_printf(out, "\r| %-32s | %-32s |\n", "ID - Node ID - BDF",
	    cell[1]);
	sim_rvs_rule(out, r->n == 1 ? '=' : '-');
	for (i = r->n % 2; i + 1 < r->n; i += 2) {
		sim_rvs_cells(r, i, product, cell);
		sim_rvs_cells(r, i + 1, product, cell + 2);
		buf_printf(out, "\r| %-32s | %-32s |\n", cell[0], cell[2]);
		buf_printf(out, "\r| %-32s | %-32s |\n", cell[1], cell[3]);
		sim_rvs_rule(out, i + 2 == r->n ? '=' : '-');
	}
}

int
sim_rvs(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_nodeval	 v;
	struct sim_rvs		 r;
	const struct sim_model	*mo = sim_node_model(s, node);
	int			 level, failed[nitems(sim_rvs_actions)];
	char			 module[16];
	const char		*p;
	u_int			 a, i, k;

	if ((level = sim_rvs_level(argc, argv, cause)) < 0)
		return (-1);
	memset(&r, 0, sizeof r);
	r.out = out;
	r.t = fmod(s->t, 1e6);
	sim_node_sample(s, node, &v);
	for (i = 0; i < mo->count && i < SIM_GPUS; i++) {
		if (v.gpu[i].lost)
			continue;
		r.hot[r.n] = v.gpu[i].temp >= 88;
		r.ecc[r.n] = v.gpu[i].dbe > 0;
		r.gpu[r.n++] = i;
		for (k = i + 1; k < mo->count && k < SIM_GPUS; k++)
			r.xgmi |= !v.gpu[k].lost &&
			    sim_accel_link(s, node, i, k) == LINK_DOWN;
	}
	for (a = 0; a < nitems(sim_rvs_actions); a++) {
		if (level >= sim_rvs_actions[a].from &&
		    level <= sim_rvs_actions[a].to)
			failed[a] = sim_rvs_action(&r, a);
	}
	buf_putc(out, '\n');
	sim_rvs_rule(out, '=');
	buf_printf(out, "|%17sROCm Validation Suite (RVS) Summary%17s|\n", "",
	    "");
	sim_rvs_rule(out, '=');
	sim_rvs_overview(&r, mo->product, "6.3.1-48");
	buf_printf(out, "| %-32s | %-14s | %-14s  |\n", "Action Name", "Module",
	    "Result");
	sim_rvs_rule(out, '=');
	for (a = 0; a < nitems(sim_rvs_actions); a++) {
		if (level < sim_rvs_actions[a].from ||
		    level > sim_rvs_actions[a].to)
			continue;
		p = sim_rvs_actions[a].module;
		for (i = 0; i < sizeof module - 1 && p[i] != '\0'; i++)
			module[i] = toupper((u_char)p[i]);
		module[i] = '\0';
		buf_printf(out, "| %-32s | %-14s | %s%-14s\033[0m  |\n",
		    sim_rvs_actions[a].name, module,
		    failed[a] ? "\033[31m" : "\033[32m",
		    failed[a] ? "FAIL" : "PASS");
	}
	sim_rvs_rule(out, '-');
	return (0);
}

/* rvs -r N: the level, 1 to 5; -1 and why for what it does not run. */
int
sim_rvs_level(int argc, char **argv, char **cause)
{
	const char	*r = NULL;
	char		*end;
	long		 level;
	int		 i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-r") == 0 && i + 1 < argc)
			r = argv[++i];
		else {
			xasprintf(cause, "rvs: the simulator runs 'rvs -r N' "
			    "only, not %s", argv[i]);
			return (-1);
		}
	}
	if (r == NULL) {
		xasprintf(cause, "rvs: the simulator runs 'rvs -r N' only");
		return (-1);
	}
	level = strtol(r, &end, 10);
	if (*end != '\0' || end == r || level < 1 || level > 5) {
		xasprintf(cause, "rvs: level %s: 1 to 5", r);
		return (-1);
	}
	return ((int)level);
}
