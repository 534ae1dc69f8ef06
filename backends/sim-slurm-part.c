/*
 * myriad - the simulator's scontrol show partition [NAME], with -o, as
 * Slurm 22.05 prints it (read back by parse_scontrol_partition).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "sim-slurm.h"

/* A partition: twelve lines, or one with -o. */
static void
sim_slurm_part_one(struct sim *s, int part, int oneline, struct buf *out)
{
	const struct sim_partition	*p = &sim_partitions[part];
	const char			*sep = oneline ? " " : "\n   ";
	struct buf			 nodes;
	static const char *const	 names[] = { "gpu", "npu", "dcu" };
	u_int				*ids, n = 0, i, count[3] = { 0 };
	int				 ps[2], np, k, g;
	long				 t = p->maxtime;

	ids = xreallocarray(NULL, s->nnodes, sizeof *ids);
	for (i = 0; i < s->nnodes; i++) {
		np = sim_node_partitions(s, i, ps);
		for (k = 0; k < np; k++) {
			if (ps[k] != part)
				continue;
			ids[n++] = i;
			for (g = 0; g < (int)nitems(names) && strncmp(names[g],
			    sim_slurm_gres(s, i), 3) != 0; g++)
				;
			if (g < (int)nitems(names))
				count[g] += sim_node_gpus(s, i);
		}
	}
	buf_init(&nodes);
	if (n == 0)
		buf_puts(&nodes, "(null)");
	sim_slurm_fold(s, &nodes, ids, n);
	free(ids);

	buf_printf(out, "PartitionName=%s", p->name);
	buf_printf(out, "%sAllowGroups=ALL AllowAccounts=ALL AllowQos=ALL",
	    sep);
	buf_printf(out, "%sAllocNodes=ALL Default=%s QoS=N/A", sep,
	    p->isdefault ? "YES" : "NO");
	buf_printf(out, "%sDefaultTime=NONE DisableRootJobs=NO "
	    "ExclusiveUser=NO GraceTime=0 Hidden=NO", sep);
	buf_printf(out, "%sMaxNodes=UNLIMITED MaxTime=", sep);
	if (t >= 86400)
		buf_printf(out, "%ld-", t / 86400);
	buf_printf(out, "%02ld:%02ld:%02ld MinNodes=0 LLN=NO "
	    "MaxCPUsPerNode=UNLIMITED", t / 3600 % 24, t / 60 % 60, t % 60);
	buf_printf(out, "%sNodes=%s", sep, nodes.data);
	buf_printf(out, "%sPriorityJobFactor=1 PriorityTier=1 RootOnly=NO "
	    "ReqResv=NO OverSubscribe=NO", sep);
	buf_printf(out, "%sOverTimeLimit=NONE PreemptMode=OFF", sep);
	buf_printf(out, "%sState=UP TotalCPUs=%u TotalNodes=%u "
	    "SelectTypeParameters=NONE", sep, n * SIM_CPUS, n);
	buf_printf(out, "%sJobDefaults=(null)", sep);
	buf_printf(out, "%sDefMemPerNode=UNLIMITED MaxMemPerNode=UNLIMITED",
	    sep);
	if (n == 0)
		buf_printf(out, "%sTRES=(null)\n", sep);
	else {
		buf_printf(out, "%sTRES=cpu=%u,mem=%luM,node=%u,billing=%u",
		    sep, n * SIM_CPUS, (u_long)n * SIM_MEM_MB, n, n * SIM_CPUS);
		/* Each kind of accelerator the partition has, a TRES. */
		for (k = 0; k < (int)nitems(names); k++) {
			if (count[k] > 0)
				buf_printf(out, ",gres/%s=%u", names[k],
				    count[k]);
		}
		buf_putc(out, '\n');
	}
	if (!oneline)
		buf_putc(out, '\n');
	buf_free(&nodes);
}

/* scontrol show partition [NAME]: every partition, or the one. */
int
sim_slurm_part_show(struct sim *s, const char *name, int oneline,
    struct buf *out, char **cause)
{
	int	 p, found = 0;

	for (p = 0; p < SIM_NPARTS; p++) {
		if (name != NULL && strcmp(name, sim_partitions[p].name) != 0)
			continue;
		sim_slurm_part_one(s, p, oneline, out);
		found = 1;
	}
	if (!found) {
		xasprintf(cause, "Partition %s not found", name);
		return (-1);
	}
	return (0);
}
