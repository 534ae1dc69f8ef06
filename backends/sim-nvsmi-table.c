/*
 * myriad - the simulator's nvidia-smi with no arguments (the table) and
 * nvidia-smi topo -m, as nvidia-smi 590 prints them.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sim.h"

#define SIM_NVSMI_TABLE_RULE						\
	"+-----------------------------------------+"			\
	"------------------------+----------------------+\n"
#define SIM_NVSMI_TABLE_WIDE						\
	"+---------------------------------------------"		\
	"--------------------------------------------+\n"

/* What goes before the GPUs: the header of the 590 capture. */
static const char sim_nvsmi_table_head[] =
    SIM_NVSMI_TABLE_RULE
    "| GPU  Name                 Persistence-M | Bus-Id          Disp.A |"
    " Volatile Uncorr. ECC |\n"
    "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage |"
    " GPU-Util  Compute M. |\n"
    "|                                         |                        |"
    "               MIG M. |\n"
    "|=========================================+========================+"
    "======================|\n";

static const char sim_nvsmi_table_procs[] =
    "\n"
    SIM_NVSMI_TABLE_WIDE
    "| Processes:                                                         "
    "                     |\n"
    "|  GPU   GI   CI              PID   Type   Process name              "
    "          GPU Memory |\n"
    "|        ID   ID                                                     "
    "          Usage      |\n"
    "|===================================================================="
    "=====================|\n";

/* A lost GPU makes the whole command fail: its line, nothing else. */
static int
sim_nvsmi_table_lost(const struct sim *s, u_int node,
    const struct sim_nodeval *v, u_int only, struct buf *out)
{
	u_int	 gpu;
	int	 lost = 0;

	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if ((only & 1u << gpu) && v->gpu[gpu].lost) {
			sim_nvsmi_lost(s, node, out, gpu);
			lost = 1;
		}
	}
	return (lost);
}

int
sim_nvsmi_table(struct sim *s, int node, u_int only, struct buf *out)
{
	struct sim_nodeval	 v;
	struct sim_nvsmi_gpu	 n;
	struct sim_nvsmi_proc	 p;
	struct tm		 tm;
	char			 stamp[64];
	u_int			 gpu;
	int			 nprocs = 0;

	sim_node_sample(s, node, &v);
	if (sim_nvsmi_table_lost(s, node, &v, only, out))
		return (0);
	strftime(stamp, sizeof stamp, "%a %b %e %H:%M:%S %Y",
	    sim_tool_gmtime(s->t, &tm));
	buf_printf(out, "%s       \n", stamp);
	buf_puts(out, SIM_NVSMI_TABLE_WIDE);
	buf_printf(out, "| NVIDIA-SMI %-22s Driver Version: %-14s CUDA "
	    "Version: %-8s |\n", SIM_DRIVER, SIM_DRIVER, SIM_CUDA);
	buf_puts(out, sim_nvsmi_table_head);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (!(only & 1u << gpu))
			continue;
		sim_nvsmi_gpu(s, node, gpu, &v.gpu[gpu], &n);
		buf_printf(out, "| %3u  %-30s%3s  |   %s %3s | %20llu |\n", gpu,
		    n.product, "On", n.busid, "Off",
		    (unsigned long long)n.g.dbe);
		buf_printf(out, "| N/A   %2dC    P0%15dW / %4dW |%8dMiB / "
		    "%6dMiB |%7d%%  %11s |\n", n.g.temp, (int)n.g.power,
		    (int)n.plimit, n.g.memused, n.mib, n.g.util, "Default");
		buf_printf(out, "| %39s | %22s | %20s |\n", "", "",
		    "Disabled");
		buf_puts(out, SIM_NVSMI_TABLE_RULE);
	}
	buf_puts(out, sim_nvsmi_table_procs);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (!(only & 1u << gpu) ||
		    !sim_nvsmi_proc(s, node, gpu, &v.gpu[gpu], &p))
			continue;
		buf_printf(out, "| %4u   N/A  N/A%16d %6s   %-37s%6dMiB |\n",
		    gpu, p.pid, "C", p.name, p.used);
		nprocs++;
	}
	if (nprocs == 0)
		buf_printf(out, "| %-87s |\n", " No running processes found");
	buf_puts(out, SIM_NVSMI_TABLE_WIDE);
	return (0);
}

/*
 * How two GPUs, or a GPU and a NIC, are connected: GPUs by NVSwitch, each
 * NIC beside its GPU, each half of them under one NUMA node.
 */
#define SIM_NVSMI_TABLE_UNIT(a)	((a) < SIM_GPUS ? (a) : (a) - SIM_GPUS)
#define SIM_NVSMI_TABLE_NUMA(a)	(SIM_NVSMI_TABLE_UNIT(a) / (SIM_GPUS / 2))

static const char *
sim_nvsmi_table_link(u_int a, u_int b)
{
	if (a == b)
		return (" X ");
	if (a < SIM_GPUS && b < SIM_GPUS)
		return ("NV18");
	if (SIM_NVSMI_TABLE_UNIT(a) == SIM_NVSMI_TABLE_UNIT(b))
		return ("PXB");
	if (SIM_NVSMI_TABLE_NUMA(a) == SIM_NVSMI_TABLE_NUMA(b))
		return ("NODE");
	return ("SYS");
}

static const char sim_nvsmi_table_legend[] =
    "\n"
    "Legend:\n"
    "\n"
    "  X    = Self\n"
    "  SYS  = Connection traversing PCIe as well as the SMP interconnect "
    "between NUMA nodes (e.g., QPI/UPI)\n"
    "  NODE = Connection traversing PCIe as well as the interconnect "
    "between PCIe Host Bridges within a NUMA node\n"
    "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge "
    "(typically the CPU)\n"
    "  PXB  = Connection traversing multiple PCIe bridges (without "
    "traversing the PCIe Host Bridge)\n"
    "  PIX  = Connection traversing at most a single PCIe bridge\n"
    "  NV#  = Connection traversing a bonded set of # NVLinks\n"
    "\n"
    "NIC Legend:\n"
    "\n";

/*
 * nvidia-smi topo -m: GPUs, then the node's ConnectX-7 ports, one beside
 * each GPU; a NUMA node for each half.  The header is underlined even
 * when stdout is not a terminal, as the 590 capture shows.
 */
int
sim_nvsmi_table_topo(struct sim *s, int node, struct buf *out)
{
	struct sim_nodeval	 v;
	u_int			 a, b, numa;

	sim_node_sample(s, node, &v);
	if (sim_nvsmi_table_lost(s, node, &v, -1, out))
		return (0);
	buf_puts(out, "\t\033[4m");
	for (a = 0; a < SIM_GPUS + SIM_IBPORTS; a++)
		buf_printf(out, "%s%u\t", a < SIM_GPUS ? "GPU" : "NIC",
		    SIM_NVSMI_TABLE_UNIT(a));
	buf_puts(out, "CPU Affinity\tNUMA Affinity\tGPU NUMA ID\033[0m\n");
	for (a = 0; a < SIM_GPUS + SIM_IBPORTS; a++) {
		buf_printf(out, "%s%u", a < SIM_GPUS ? "GPU" : "NIC",
		    SIM_NVSMI_TABLE_UNIT(a));
		for (b = 0; b < SIM_GPUS + SIM_IBPORTS; b++)
			buf_printf(out, "\t%s", sim_nvsmi_table_link(a, b));
		numa = SIM_NVSMI_TABLE_NUMA(a);
		if (a < SIM_GPUS)
			buf_printf(out, "\t%u-%u\t%u\t\tN/A\n",
			    numa * SIM_CPUS / 2, (numa + 1) * SIM_CPUS / 2 - 1,
			    numa);
		else
			buf_puts(out, "\t\t\t\t\n");
	}
	buf_puts(out, sim_nvsmi_table_legend);
	for (a = 0; a < SIM_IBPORTS; a++)
		buf_printf(out, "  NIC%u: mlx5_%u\n", a, a);
	buf_putc(out, '\n');
	return (0);
}
