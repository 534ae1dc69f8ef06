/*
 * myriad - the options: one table, read by the config file, the command
 * line, `list-options' and the man-page test.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

static int	options_sim_size(const char *, char **);
static int	options_sim_mix(const char *, char **);
static int	options_probe(const char *, char **);

const struct option_entry options_table[] = {
	/* The cluster. */
	{ .name = "cluster", .type = OPT_STRING, .dflt = "",
	  .help = "the cluster's name, shown in the header" },
	{ .name = "nodes", .type = OPT_NODESET, .dflt = "",
	  .help = "the cluster's nodes, a node set" },
	{ .name = "gpus-per-node", .type = OPT_INT, .dflt = "8",
	  .min = 1, .max = 64,
	  .help = "GPUs of a node until it reports its own" },
	{ .name = "rack-size", .type = OPT_INT, .dflt = "8",
	  .min = 1, .max = 1024, .help = "nodes per rack, in node order" },
	{ .name = "rack-prefix", .type = OPT_STRING, .dflt = "r",
	  .help = "a rack's name is this and its number, from 1, padded" },
	{ .name = "domains", .type = OPT_STRING, .dflt = "", .list = 1,
	  .check = scaleup_check,
	  .help = "scale-up domains the hardware does not report: rack, "
	      "or node sets" },
	{ .name = "source", .type = OPT_CHOICE, .dflt = "sim",
	  .choices = "sim,ssh",
	  .help = "where data comes from: the simulator or SSH" },

	/* The simulator. */
	{ .name = "sim.size", .type = OPT_STRING, .dflt = "10k",
	  .check = options_sim_size,
	  .help = "simulated GPUs: 10k, 100k or a number" },
	{ .name = "sim.mix", .type = OPT_STRING, .dflt = "",
	  .check = options_sim_mix,
	  .help = "each model's share of the racks: h100:6,mi300x:2,910b:2; "
	      "unset for H100s" },
	{ .name = "sim.seed", .type = OPT_INT, .dflt = "1",
	  .min = 0, .max = 2147483647, .help = "the simulator's seed" },
	{ .name = "sim.fault-rate", .type = OPT_FLOAT, .dflt = "0.02",
	  .min = 0, .max = 100, .help = "faults per node per hour" },
	{ .name = "sim.time", .type = OPT_FLOAT, .dflt = "0",
	  .min = 0, .max = 1e12,
	  .help = "fixed simulated time in seconds since the epoch; 0 for "
	      "the clock" },
	{ .name = "sim.fresh", .type = OPT_BOOL, .dflt = "false",
	  .help = "forget the operator's changes the simulator keeps" },
	{ .name = "sim.diag-seconds", .type = OPT_FLOAT, .dflt = "3",
	  .min = 0, .max = 3600,
	  .help = "seconds a simulated dcgmi diag takes per level (-r N)" },
	{ .name = "sim.dcgm-version", .type = OPT_INT, .dflt = "4",
	  .min = 3, .max = 4,
	  .help = "the DCGM major version whose dcgmi the simulator's is" },

	/* How to reach nodes, BMCs and the Slurm controller. */
	{ .name = "ssh.user", .type = OPT_STRING, .dflt = "",
	  .help = "login user on the nodes; empty for ssh_config's" },
	{ .name = "ssh.port", .type = OPT_INT, .dflt = "0",
	  .min = 0, .max = 65535,
	  .help = "SSH port of the nodes; 0 for ssh_config's (else 22)" },
	{ .name = "ssh.host", .type = OPT_STRING, .dflt = "%n",
	  .help = "host to connect to for node %n" },
	{ .name = "ssh.config", .type = OPT_STRING, .dflt = "",
	  .help = "ssh_config file to read instead of ~/.ssh/config" },
	{ .name = "ssh.known-hosts", .type = OPT_CHOICE, .dflt = "strict",
	  .choices = "strict,accept-new",
	  .help = "what to do with an unknown host key" },
	{ .name = "ssh.connect-timeout", .type = OPT_INT, .dflt = "10",
	  .min = 1, .max = 600, .help = "seconds to connect and log in" },
	{ .name = "ssh.command-timeout", .type = OPT_INT, .dflt = "30",
	  .min = 1, .max = 3600, .help = "seconds a probe may run" },
	{ .name = "ssh.keepalive", .type = OPT_INT, .dflt = "30",
	  .min = 0, .max = 3600,
	  .help = "seconds of silence before a keepalive; 0 for none" },
	{ .name = "ssh.fanout", .type = OPT_INT, .dflt = "256",
	  .min = 1, .max = 10000, .help = "connections in progress at once" },
	{ .name = "ssh.gateways", .type = OPT_NODESET, .dflt = "",
	  .help = "hosts that relay the nodes' GPU streams, a node set: "
	      "the nodes are shared among them in order" },
	{ .name = "ssh.gateway-command", .type = OPT_STRING,
	  .dflt = "myriad",
	  .help = "myriad on the gateways, with its options: it runs "
	      "-w NODESET -c 'relay ...' there" },
	{ .name = "bmc.mode", .type = OPT_CHOICE, .dflt = "none",
	  .choices = "mgmt,inband,ssh,none",
	  .help = "how BMCs are read: from a management host with "
	      "ipmitool -I lanplus, in-band on the node, or a shell on the BMC" },
	{ .name = "bmc.host", .type = OPT_STRING, .dflt = "%n-bmc",
	  .help = "the BMC of node %n" },
	{ .name = "bmc.hosts-file", .type = OPT_STRING, .dflt = "",
	  .help = "a file of lines NODE ... BMC: a node's BMC address, the "
	      "last word; bmc.host for nodes it does not name" },
	{ .name = "bmc.mgmt-host", .type = OPT_STRING, .dflt = "",
	  .help = "the management host that runs ipmitool" },
	{ .name = "bmc.port", .type = OPT_INT, .dflt = "623",
	  .min = 1, .max = 65535, .help = "the BMCs' IPMI UDP port" },
	{ .name = "bmc.user", .type = OPT_STRING, .dflt = "admin",
	  .help = "IPMI user" },
	{ .name = "bmc.password-file", .type = OPT_STRING, .dflt = "",
	  .help = "file on the management host holding the IPMI password "
	      "(ipmitool -f)" },
	{ .name = "slurm.controller", .type = OPT_STRING, .dflt = "local",
	  .help = "host running the Slurm commands, or local" },
	{ .name = "slurm.user", .type = OPT_STRING, .dflt = "",
	  .help = "login user on the controller" },
	{ .name = "slurm.format", .type = OPT_CHOICE, .dflt = "auto",
	  .choices = "auto,text,json",
	  .help = "how sinfo and squeue answer: json (--json), text "
	      "(probe.sinfo, probe.squeue), or auto: JSON where the "
	      "controller's Slurm answers it, text otherwise" },

	/* What to run, and how often. */
	{ .name = "probe.gpus", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "nvidia-smi --query-gpu=" NVSMI_QUERY " --format=csv,noheader,nounits",
	  .help = "the GPU query; its --query-gpu list is the parser's" },
	{ .name = "probe.nvlink-status", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "nvidia-smi nvlink -s", .help = "NVLink states" },
	{ .name = "probe.nvlink-errors", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "nvidia-smi nvlink -e", .help = "NVLink error counters" },
	{ .name = "probe.fabric", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "nvidia-smi --query-gpu=" NVSMI_FABRIC
	      " --format=csv,noheader,nounits",
	  .help = "NVIDIA GPUs' fabric (NVLink domain: state, clique, "
	      "bandwidth), added to probe.gpus's; a node whose driver "
	      "knows no fabric.* field is not asked again" },
	{ .name = "probe.imex", .type = OPT_STRING,
	  .check = options_probe, .dflt = "nvidia-imex-ctl -N",
	  .help = "the IMEX domain as an NVIDIA node sees it; a node "
	      "without the tool is not asked again" },
	{ .name = "probe.amd-gpus", .type = OPT_STRING,
	  .check = options_probe, .dflt = "amd-smi monitor -ptumv",
	  .help = "AMD GPUs' use, power, temperatures and memory" },
	{ .name = "probe.amd-static", .type = OPT_STRING,
	  .check = options_probe, .dflt = "amd-smi static",
	  .help = "AMD GPUs' model, bus, power cap and partition, added to "
	      "probe.amd-gpus's" },
	{ .name = "probe.amd-ecc", .type = OPT_STRING,
	  .check = options_probe, .dflt = "amd-smi metric --ecc-block",
	  .help = "AMD GPUs' ECC counts, each IP block's summed, added to "
	      "probe.amd-gpus's" },
	{ .name = "probe.huawei-gpus", .type = OPT_STRING,
	  .check = options_probe, .dflt = "npu-smi info",
	  .help = "Huawei Ascend NPUs" },
	{ .name = "probe.hygon-gpus", .type = OPT_STRING,
	  .check = options_probe, .dflt = "hy-smi",
	  .help = "Hygon DCUs" },
	{ .name = "vendors.nvidia", .type = OPT_NODESET, .dflt = "",
	  .help = "nodes whose accelerators are NVIDIA's: not detected" },
	{ .name = "vendors.amd", .type = OPT_NODESET, .dflt = "",
	  .help = "nodes whose accelerators are AMD's: not detected" },
	{ .name = "vendors.huawei", .type = OPT_NODESET, .dflt = "",
	  .help = "nodes whose accelerators are Huawei's: not detected" },
	{ .name = "vendors.hygon", .type = OPT_NODESET, .dflt = "",
	  .help = "nodes whose accelerators are Hygon's: not detected" },
	{ .name = "vendors.none", .type = OPT_NODESET, .dflt = "",
	  .help = "nodes without accelerators: not detected" },
	{ .name = "vendors.amd-gpus", .type = OPT_INT, .dflt = "0",
	  .min = 0, .max = 64,
	  .help = "GPUs of an AMD node, where Slurm's GRES gives none; 0 "
	      "for the most amd-smi has listed" },
	{ .name = "vendors.huawei-gpus", .type = OPT_INT, .dflt = "0",
	  .min = 0, .max = 64,
	  .help = "NPU chips of a Huawei node, where Slurm's GRES gives none; "
	      "0 for the most npu-smi has listed" },
	{ .name = "vendors.hygon-gpus", .type = OPT_INT, .dflt = "0",
	  .min = 0, .max = 64,
	  .help = "DCUs of a Hygon node, where Slurm's GRES gives none; 0 "
	      "for the most hy-smi has listed" },
	{ .name = "probe.ib", .type = OPT_STRING,
	  .check = options_probe, .dflt = "ibstat",
	  .help = "InfiniBand ports" },
	{ .name = "probe.ib-counters", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = PERFQUERY_PROBE,
	  .help = "InfiniBand port error counters, each adapter's after a "
	  "'# CA: NAME' line" },
	{ .name = "probe.xgmi", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "amd-smi topology && amd-smi xgmi",
	  .help = "AMD XGMI links, on AMD nodes only" },
	{ .name = "probe.roce", .type = OPT_STRING,
	  .check = options_probe, .dflt = "",
	  .help = "Ascend NPUs' RoCE ports, on Ascend nodes only (off by "
	  "default): hccn_tool's -link, "
	  "-net_health, -optical and -link_stat of each NPU, each after "
	  "its command line" },
	{ .name = "probe.xid", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "dmesg --time-format iso --since -%ts",
	  .help = "the kernel log since the last read (%t), for Xid lines" },
	{ .name = "probe.sensors", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "ipmitool sdr elist", .help = "BMC sensors" },
	{ .name = "probe.sinfo", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "sinfo -h -N -o '" SINFO_FORMAT "'",
	  .help = "Slurm nodes; its -o format is the parser's" },
	{ .name = "probe.squeue", .type = OPT_STRING,
	  .check = options_probe,
	  .dflt = "squeue -h -o '" SQUEUE_FORMAT "'",
	  .help = "the Slurm queue; its -o format is the parser's" },
	{ .name = "refresh.gpus", .type = OPT_FLOAT, .dflt = "2",
	  .min = 0.1, .max = 3600, .help = "seconds between GPU samples" },
	{ .name = "refresh.links", .type = OPT_FLOAT, .dflt = "60",
	  .min = 1, .max = 86400, .help = "seconds between link reads" },
	{ .name = "refresh.sensors", .type = OPT_FLOAT, .dflt = "30",
	  .min = 1, .max = 86400, .help = "seconds between BMC reads" },
	{ .name = "refresh.slurm", .type = OPT_FLOAT, .dflt = "15",
	  .min = 15, .max = 86400,
	  .help = "seconds between sinfo/squeue calls (at least 15)" },

	/* Thresholds. */
	{ .name = "threshold.gpu-temp-warn", .type = OPT_FLOAT, .dflt = "83",
	  .min = 0, .max = 150, .help = "GPU temperature that warns, C" },
	{ .name = "threshold.gpu-temp-crit", .type = OPT_FLOAT, .dflt = "90",
	  .min = 0, .max = 150, .help = "GPU temperature that alarms, C" },

	/* What the links should be: inspect-links and the Links view. */
	{ .name = "links.nvlinks-per-gpu", .type = OPT_INT, .dflt = "18",
	  .min = 0, .max = 64,
	  .help = "NVLinks each GPU should have; 0 for no check" },
	{ .name = "links.nvlink-speed", .type = OPT_STRING, .dflt = "auto",
	  .check = links_check_speed,
	  .help = "each NVLink's speed as nvidia-smi prints it, GB/s; auto "
	      "by the GPU's model; 0 for no check" },
	{ .name = "links.ib-ports", .type = OPT_INT, .dflt = "8",
	  .min = 0, .max = 64,
	  .help = "InfiniBand ports each node should have; 0 for no check" },
	{ .name = "links.ib-rate", .type = OPT_FLOAT, .dflt = "400",
	  .min = 0, .max = 10000,
	  .help = "each InfiniBand port's rate, Gb/s; 0 for no check" },
	{ .name = "links.ib-width", .type = OPT_STRING, .dflt = "4X",
	  .help = "each InfiniBand port's width, where the tool prints it "
	      "(ibstatus); empty for no check" },
	{ .name = "links.interval", .type = OPT_FLOAT, .dflt = "2",
	  .min = 0, .max = 3600,
	  .help = "seconds between inspect-links' two reads of the counters" },

	/* The console. */
	{ .name = "keymap", .type = OPT_CHOICE, .dflt = "default",
	  .choices = "default,vi,emacs", .help = "key bindings" },
	{ .name = "keys-file", .type = OPT_STRING, .dflt = "",
	  .help = "a file of bind commands added to the keymap" },
	{ .name = "color", .type = OPT_CHOICE, .dflt = "auto",
	  .choices = "auto,always,never", .help = "use colour" },
	{ .name = "output", .type = OPT_CHOICE, .dflt = "table",
	  .choices = "table,tsv,json", .help = "batch output format" },

	/* Burn-in. */
	{ .name = "burnin.command", .type = OPT_STRING,
	  .dflt = "dcgmi diag -r %l -j",
	  .help = "what a burn-in runs on each NVIDIA node, %l the level" },
	{ .name = "burnin.amd-command", .type = OPT_STRING,
	  .dflt = "rvs -r %l",
	  .help = "what a burn-in runs on each AMD node: the ROCm Validation "
	      "Suite, %l the level" },
	{ .name = "burnin.huawei-command", .type = OPT_STRING, .dflt = "",
	  .help = "a site's check for each Ascend node, its exit status the "
	      "verdict; empty: refused" },
	{ .name = "burnin.hygon-command", .type = OPT_STRING, .dflt = "",
	  .help = "a site's check for each Hygon node, its exit status the "
	      "verdict; empty: refused" },
	{ .name = "burnin.domain-command", .type = OPT_STRING, .dflt = "",
	  .help = "a domain-wide NVLink test run once per scale-up domain "
	      "burned in whole, on its first node, its exit status the "
	      "verdict; %l the level, %d the domain, %n its nodes" },
	{ .name = "burnin.level", .type = OPT_INT, .dflt = "3",
	  .min = 1, .max = 4, .help = "the diagnostic's level without level=" },
	{ .name = "burnin.timeout", .type = OPT_INT, .dflt = "0",
	  .min = 0, .max = 86400,
	  .help = "seconds a node's burn-in may take; 0: four times the "
	      "level's usual time" },

	/* Safety. */
	{ .name = "read-only", .type = OPT_BOOL, .dflt = "false",
	  .help = "refuse every command that changes the cluster" },
	{ .name = "max-drain.count", .type = OPT_INT, .dflt = "64",
	  .min = 0, .max = 1000000,
	  .help = "nodes that may be drained per window without --force" },
	{ .name = "max-drain.share", .type = OPT_FLOAT, .dflt = "0.05",
	  .min = 0, .max = 1,
	  .help = "share of the cluster that may be drained per window" },
	{ .name = "max-drain.domains", .type = OPT_INT, .dflt = "1",
	  .min = 0, .max = 1000000,
	  .help = "scale-up domains of more than one node that drains may "
	      "touch per window without --force" },
	{ .name = "max-drain.window", .type = OPT_INT, .dflt = "3600",
	  .min = 60, .max = 604800, .help = "the window, seconds" },
	{ .name = NULL }
};

static char	*options_values[256];

/*
 * Options are looked up by name, often from a draw loop with the same
 * literal: remember where each name pointer was found (and check it, as
 * the pointer may since name something else).
 */
static const struct option_entry *
options_find(const char *name, int *idx)
{
	static struct {
		const char	*name;
		int		 idx;
	}				 cache[32];
	const struct option_entry	*o;
	u_int				 slot;

	slot = ((uintptr_t)name >> 3) % nitems(cache);
	if (cache[slot].name == name &&
	    strcmp(options_table[cache[slot].idx].name, name) == 0) {
		if (idx != NULL)
			*idx = cache[slot].idx;
		return (&options_table[cache[slot].idx]);
	}
	for (o = options_table; o->name != NULL; o++) {
		if (strcmp(o->name, name) == 0) {
			cache[slot].name = name;
			cache[slot].idx = o - options_table;
			if (idx != NULL)
				*idx = o - options_table;
			return (o);
		}
	}
	return (NULL);
}

/*
 * sim.size: a number of GPUs, or 10k; whole nodes are checked where the
 * mix is known.
 */
static int
options_sim_size(const char *value, char **cause)
{
	u_int	 gpus;

	return (sim_parse_size(value, 1, &gpus, cause));
}

/* sim.mix: models and their shares. */
static int
options_sim_mix(const char *value, char **cause)
{
	return (sim_parse_mix(value, cause));
}

/*
 * probe.*: a command split by the quoting rules of myriad(1); empty turns
 * the probe off, so only blanks is a slip, not a command.
 */
static int
options_probe(const char *value, char **cause)
{
	struct cmdline	*cl;
	u_int		 ncl;

	if (shell_split(value, &cl, &ncl, cause) != 0)
		return (-1);
	shell_split_free(cl, ncl);
	if (ncl == 0 && *value != '\0') {
		*cause = xstrdup("no command, only blanks: \"\" turns the "
		    "probe off");
		return (-1);
	}
	return (0);
}

static int
options_check(const struct option_entry *o, const char *value, char **cause)
{
	struct nodeset	*ns;
	const char	*p;
	char		*end, *why;
	double		 d;
	size_t		 n = strlen(value);
	int		 rc;

	switch (o->type) {
	case OPT_STRING:
		return (0);
	case OPT_NODESET:
		if (*value == '\0')
			return (0);	/* none */
		ns = nodeset_create();
		if ((rc = nodeset_parse(ns, value, &why)) != 0) {
			xasprintf(cause, "%s: %s", o->name, why);
			free(why);
		}
		nodeset_free(ns);
		return (rc);
	case OPT_BOOL:
		if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)
			return (0);
		xasprintf(cause, "%s: want true or false, not '%s'", o->name,
		    value);
		return (-1);
	case OPT_CHOICE:
		for (p = o->choices; p != NULL; p = strchr(p, ',')) {
			p += (*p == ',');
			if (strncmp(p, value, n) == 0 &&
			    (p[n] == ',' || p[n] == '\0'))
				return (0);
		}
		xasprintf(cause, "%s: want one of %s, not '%s'", o->name,
		    o->choices, value);
		return (-1);
	case OPT_INT:
	case OPT_FLOAT:
		errno = 0;
		d = strtod(value, &end);
		if (end == value || *end != '\0' || errno != 0 ||
		    (o->type == OPT_INT && d != (long)d)) {
			xasprintf(cause, "%s: want %s, not '%s'", o->name,
			    o->type == OPT_INT ? "a whole number" :
			    "a number", value);
			return (-1);
		}
		if (d < o->min || d > o->max) {
			if (o->type == OPT_INT)
				xasprintf(cause, "%s: %s is out of range (%ld "
				    "to %ld)", o->name, value, (long)o->min,
				    (long)o->max);
			else
				xasprintf(cause, "%s: %s is out of range (%g "
				    "to %g)", o->name, value, o->min, o->max);
			return (-1);
		}
		return (0);
	}
	return (-1);
}

int
options_set(const char *name, const char *value, char **cause)
{
	const struct option_entry	*o;
	int				 idx;
	char				*why;

	if ((o = options_find(name, &idx)) == NULL) {
		xasprintf(cause, "unknown option '%s'", name);
		return (-1);
	}
	if (options_check(o, value, cause) != 0)
		return (-1);
	if (o->check != NULL && o->check(value, &why) != 0) {
		xasprintf(cause, "%s: %s", o->name, why);
		free(why);
		return (-1);
	}
	free(options_values[idx]);
	options_values[idx] = xstrdup(value);
	return (0);
}

enum option_type
options_type(const char *name)
{
	const struct option_entry	*o;

	if ((o = options_find(name, NULL)) == NULL)
		return (OPT_STRING);
	return (o->type);
}

int
options_known(const char *name)
{
	return (options_find(name, NULL) != NULL);
}

/* Whether option `name' may be a list in the file. */
int
options_list(const char *name)
{
	const struct option_entry	*o;

	return ((o = options_find(name, NULL)) != NULL && o->list);
}

const char *
options_get(const char *name)
{
	const struct option_entry	*o;
	int				 idx;

	if ((o = options_find(name, &idx)) == NULL)
		return ("");
	return (options_values[idx] != NULL ? options_values[idx] : o->dflt);
}

long
options_get_int(const char *name)
{
	return (strtol(options_get(name), NULL, 10));
}

double
options_get_float(const char *name)
{
	return (strtod(options_get(name), NULL));
}

int
options_get_bool(const char *name)
{
	return (strcmp(options_get(name), "true") == 0);
}

void
options_reset(void)
{
	size_t	 i;

	for (i = 0; i < nitems(options_values); i++) {
		free(options_values[i]);
		options_values[i] = NULL;
	}
}
