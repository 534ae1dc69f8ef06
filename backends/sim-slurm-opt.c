/*
 * myriad - the options the simulator's sinfo and squeue take: every one
 * Slurm 22.05 takes, parsed as its getopt_long() parses them (bundled
 * short options, long ones abbreviated, = or a separate argument, the
 * operands left for last) and refused in glibc's and Slurm's words.
 * --help, --usage and -V print what Debian's slurm-client
 * 22.05.8-4+deb12u3 prints (its -V says slurm-wlm, Debian's name).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sim-slurm.h"

enum sim_slurm_opt_kind {
	SO_FLAG,		/* an int set to 1 */
	SO_ARG,			/* a string, the option's argument */
	SO_HELP,
	SO_USAGE,
	SO_VERSION
};

/*
 * An option: its long name (NULL for a short one only), its letter (0 for
 * a long one only), whether it takes an argument (0 no, 1 yes, 2 maybe)
 * and where it goes.  Long names are in the order of the real tool's
 * table: glibc lists the possibilities of an ambiguous one in that order.
 */
struct sim_slurm_opt {
	const char		*name;
	int			 c;
	int			 arg;
	enum sim_slurm_opt_kind	 kind;
	size_t			 off;
};
#define SO(n, c, a, k, f) \
	{ n, c, a, k, offsetof(struct sim_slurm_args, f) }
#define SO_NONE(n, k)	{ n, 0, 0, k, 0 }

static const struct sim_slurm_opt sim_slurm_opt_sinfo[] = {
	SO("all", 'a', 0, SO_FLAG, all),
	SO("dead", 'd', 0, SO_FLAG, dead),
	SO("exact", 'e', 0, SO_FLAG, ignored),
	SO("federation", 0, 0, SO_FLAG, ignored),
	SO_NONE("help", SO_HELP),
	SO("hide", 0, 0, SO_FLAG, ignored),
	SO("iterate", 'i', 1, SO_ARG, iterate),
	SO("json", 0, 0, SO_FLAG, json),
	SO("local", 0, 0, SO_FLAG, ignored),
	SO("long", 'l', 0, SO_FLAG, longfmt),
	SO("cluster", 'M', 1, SO_ARG, ignoredarg),
	SO("clusters", 'M', 1, SO_ARG, ignoredarg),
	SO("nodes", 'n', 1, SO_ARG, nodes),
	SO("noconvert", 0, 0, SO_FLAG, ignored),
	SO("noheader", 'h', 0, SO_FLAG, noheader),
	SO("Node", 'N', 0, SO_FLAG, node),
	SO("format", 'o', 1, SO_ARG, format),
	SO("Format", 'O', 1, SO_ARG, Format),
	SO("partition", 'p', 1, SO_ARG, partition),
	SO("responding", 'r', 0, SO_FLAG, responding),
	SO("list-reasons", 'R', 0, SO_FLAG, reasons),
	SO("summarize", 's', 0, SO_FLAG, summarize),
	SO("sort", 'S', 1, SO_ARG, ignoredarg),
	SO("states", 't', 1, SO_ARG, states),
	SO("reservation", 'T', 0, SO_FLAG, resv),
	SO_NONE("usage", SO_USAGE),
	SO("verbose", 'v', 0, SO_FLAG, ignored),
	SO_NONE("version", SO_VERSION),
	{ NULL, 'V', 0, SO_VERSION, 0 },
	SO("yaml", 0, 0, SO_FLAG, yaml),
};

static const struct sim_slurm_opt sim_slurm_opt_squeue[] = {
	SO("accounts", 'A', 1, SO_ARG, accounts),
	SO("all", 'a', 0, SO_FLAG, all),
	SO("array", 'r', 0, SO_FLAG, ignored),
	SO("array-unique", 0, 0, SO_FLAG, ignored),
	SO("Format", 'O', 1, SO_ARG, Format),
	SO("format", 'o', 1, SO_ARG, format),
	SO("federation", 0, 0, SO_FLAG, ignored),
	SO_NONE("help", SO_HELP),
	SO("hide", 0, 0, SO_FLAG, ignored),
	SO("iterate", 'i', 1, SO_ARG, iterate),
	SO("jobs", 'j', 2, SO_ARG, jobs),
	SO("json", 0, 0, SO_FLAG, json),
	SO("local", 0, 0, SO_FLAG, ignored),
	SO("long", 'l', 0, SO_FLAG, longfmt),
	SO("licenses", 'L', 1, SO_ARG, licenses),
	SO("cluster", 'M', 1, SO_ARG, ignoredarg),
	SO("clusters", 'M', 1, SO_ARG, ignoredarg),
	SO("me", 0, 0, SO_FLAG, me),
	SO("name", 'n', 1, SO_ARG, names),
	SO("noconvert", 0, 0, SO_FLAG, ignored),
	SO("node", 'w', 1, SO_ARG, nodes),
	SO("nodes", 'w', 1, SO_ARG, nodes),
	SO("nodelist", 'w', 1, SO_ARG, nodes),
	SO("noheader", 'h', 0, SO_FLAG, noheader),
	SO("partitions", 'p', 1, SO_ARG, partition),
	SO("priority", 'P', 0, SO_FLAG, ignored),
	SO("qos", 'q', 1, SO_ARG, qos),
	SO("reservation", 'R', 1, SO_ARG, resvname),
	SO("sib", 0, 0, SO_FLAG, ignored),
	SO("sibling", 0, 0, SO_FLAG, ignored),
	SO("sort", 'S', 1, SO_ARG, ignoredarg),
	SO("start", 0, 0, SO_FLAG, start),
	SO("steps", 's', 2, SO_ARG, steps),
	SO("states", 't', 1, SO_ARG, states),
	SO_NONE("usage", SO_USAGE),
	SO("user", 'u', 1, SO_ARG, users),
	SO("users", 'u', 1, SO_ARG, users),
	SO("verbose", 'v', 0, SO_FLAG, ignored),
	SO_NONE("version", SO_VERSION),
	{ NULL, 'V', 0, SO_VERSION, 0 },
	{ NULL, 'U', 1, SO_ARG, offsetof(struct sim_slurm_args, accounts) },
	SO("yaml", 0, 0, SO_FLAG, yaml),
};

static const struct sim_slurm_opt sim_slurm_opt_scontrol[] = {
	SO("all", 'a', 0, SO_FLAG, ignored),
	SO("details", 'd', 0, SO_FLAG, details),
	SO("federation", 0, 0, SO_FLAG, ignored),
	SO("future", 'F', 0, SO_FLAG, ignored),
	SO_NONE("help", SO_HELP),
	{ NULL, 'h', 0, SO_HELP, 0 },
	SO("hide", 0, 0, SO_FLAG, ignored),
	SO("local", 0, 0, SO_FLAG, ignored),
	SO("cluster", 'M', 1, SO_ARG, ignoredarg),
	SO("clusters", 'M', 1, SO_ARG, ignoredarg),
	SO("oneliner", 'o', 0, SO_FLAG, oneliner),
	SO("quiet", 'Q', 0, SO_FLAG, ignored),
	SO("sibling", 0, 0, SO_FLAG, ignored),
	SO("uid", 0, 1, SO_ARG, ignoredarg),
	SO_NONE("usage", SO_USAGE),
	{ NULL, 'u', 0, SO_USAGE, 0 },
	SO("verbose", 'v', 0, SO_FLAG, ignored),
	SO_NONE("version", SO_VERSION),
	{ NULL, 'V', 0, SO_VERSION, 0 },
};

static const char sim_slurm_opt_sinfo_usage[] =
"Usage: sinfo [-abdelNRrsTv] [-i seconds] [-t states] [-p partition] "
"[-n nodes]\n"
"             [-S fields] [-o format] [-O Format] [--federation] "
"[--local]\n";

static const char sim_slurm_opt_sinfo_help[] =
"Usage: sinfo [OPTIONS]\n"
"  -a, --all                  show all partitions (including hidden and "
"those\n"
"\t\t\t     not accessible)\n"
"  -d, --dead                 show only non-responding nodes\n"
"  -e, --exact                group nodes only on exact match of "
"configuration\n"
"      --federation           Report federated information if a member "
"of one\n"
"  -h, --noheader             no headers on output\n"
"  --hide                     do not show hidden or non-accessible "
"partitions\n"
"  -i, --iterate=seconds      specify an iteration period\n"
"      --json                 Produce JSON output\n"
"      --local                show only local cluster in a federation.\n"
"                             Overrides --federation.\n"
"  -l, --long                 long output - displays more information\n"
"  -M, --clusters=names       clusters to issue commands to. Implies "
"--local.\n"
"                             NOTE: SlurmDBD must be up.\n"
"  -n, --nodes=NODES          report on specific node(s)\n"
"  --noconvert                don't convert units from their original "
"type\n"
"\t\t\t     (e.g. 2048M won't be converted to 2G).\n"
"  -N, --Node                 Node-centric format\n"
"  -o, --format=format        format specification\n"
"  -O, --Format=format        long format specification\n"
"  -p, --partition=PARTITION  report on specific partition\n"
"  -r, --responding           report only responding nodes\n"
"  -R, --list-reasons         list reason nodes are down or drained\n"
"  -s, --summarize            report state summary only\n"
"  -S, --sort=fields          comma separated list of fields to sort on\n"
"  -t, --states=node_state    specify the what states of nodes to view\n"
"  -T, --reservation          show only reservation information\n"
"  -v, --verbose              verbosity level\n"
"  -V, --version              output version information and exit\n"
"      --yaml                 Produce YAML output\n"
"\n"
"Help options:\n"
"  --help                     show this help message\n"
"  --usage                    display brief usage message\n";

static const char sim_slurm_opt_squeue_usage[] =
"Usage: squeue [-A account] [--clusters names] [-i seconds] [--job jobid]\n"
"              [-n name] [-o format] [-p partitions] [--qos qos]\n"
"              [--reservation reservation] [--sort fields] [--start]\n"
"              [--step step_id] [-t states] [-u user_name] [--usage]\n"
"              [-L licenses] [-w nodes] [--federation] [--local] "
"[--sibling]\n"
"\t      [-ahjlrsv]\n";

static const char sim_slurm_opt_squeue_help[] =
"Usage: squeue [OPTIONS]\n"
"  -A, --account=account(s)        comma separated list of accounts\n"
"\t\t\t\t  to view, default is all accounts\n"
"  -a, --all                       display jobs in hidden partitions\n"
"      --array-unique              display one unique pending job array\n"
"                                  element per line\n"
"      --federation                Report federated information if a "
"member\n"
"                                  of one\n"
"  -h, --noheader                  no headers on output\n"
"      --hide                      do not display jobs in hidden "
"partitions\n"
"  -i, --iterate=seconds           specify an interation period\n"
"  -j, --job=job(s)                comma separated list of jobs IDs\n"
"                                  to view, default is all\n"
"      --json                      Produce JSON output\n"
"      --local                     Report information only about jobs on "
"the\n"
"                                  local cluster. Overrides --federation.\n"
"  -l, --long                      long report\n"
"  -L, --licenses=(license names)  comma separated list of license names "
"to view\n"
"  -M, --clusters=cluster_name     cluster to issue commands to.  Default "
"is\n"
"                                  current cluster.  cluster with no name "
"will\n"
"                                  reset to default. Implies --local.\n"
"  -n, --name=job_name(s)          comma separated list of job names to "
"view\n"
"      --noconvert                 don't convert units from their original "
"type\n"
"                                  (e.g. 2048M won't be converted to 2G).\n"
"  -o, --format=format             format specification\n"
"  -O, --Format=format             format specification\n"
"  -p, --partition=partition(s)    comma separated list of partitions\n"
"\t\t\t\t  to view, default is all partitions\n"
"  -q, --qos=qos(s)                comma separated list of qos's\n"
"\t\t\t\t  to view, default is all qos's\n"
"  -R, --reservation=name          reservation to view, default is all\n"
"  -r, --array                     display one job array element per line\n"
"      --sibling                   Report information about all sibling "
"jobs\n"
"                                  on a federated cluster. Implies "
"--federation.\n"
"  -s, --step=step(s)              comma separated list of job steps\n"
"\t\t\t\t  to view, default is all\n"
"  -S, --sort=fields               comma separated list of fields to sort "
"on\n"
"      --start                     print expected start times of pending "
"jobs\n"
"  -t, --states=states             comma separated list of states to "
"view,\n"
"\t\t\t\t  default is pending and running,\n"
"\t\t\t\t  '--states=all' reports all states\n"
"  -u, --user=user_name(s)         comma separated list of users to view\n"
"      --name=job_name(s)          comma separated list of job names to "
"view\n"
"  -v, --verbose                   verbosity level\n"
"  -V, --version                   output version information and exit\n"
"  -w, --nodelist=hostlist         list of nodes to view, default is \n"
"\t\t\t\t  all nodes\n"
"      --yaml                      Produce YAML output\n"
"\n"
"Help options:\n"
"  --help                          show this help message\n"
"  --usage                         display a brief summary of squeue "
"options\n";

/* A tool's options and texts. */
struct sim_slurm_opt_tool {
	const char			*name;
	const struct sim_slurm_opt	*opts;
	size_t				 nopts;
	const char			*usage;
	const char			*help;
	int				 operands;	/* 1 refused, 2 kept */
};
static const struct sim_slurm_opt_tool sim_slurm_opt_tools[] = {
	{ .name = "sinfo", .opts = sim_slurm_opt_sinfo,
	  .nopts = nitems(sim_slurm_opt_sinfo),
	  .usage = sim_slurm_opt_sinfo_usage,
	  .help = sim_slurm_opt_sinfo_help },
	{ .name = "squeue", .opts = sim_slurm_opt_squeue,
	  .nopts = nitems(sim_slurm_opt_squeue),
	  .usage = sim_slurm_opt_squeue_usage,
	  .help = sim_slurm_opt_squeue_help, .operands = 1 },
	{ .name = "scontrol", .opts = sim_slurm_opt_scontrol,
	  .nopts = nitems(sim_slurm_opt_scontrol),
	  .usage = sim_slurm_help_scontrol,
	  .help = sim_slurm_help_scontrol, .operands = 2 },
};

/* Whether two options do the same: glibc's test for an ambiguity. */
static int
sim_slurm_opt_same(const struct sim_slurm_opt *a, const struct sim_slurm_opt *b)
{
	return (a->arg == b->arg && a->kind == b->kind && a->off == b->off &&
	    a->c == b->c);
}

/*
 * A long option (arg without its --) as glibc finds it: the exact name,
 * else the one name it abbreviates, else an error.
 */
static const struct sim_slurm_opt *
sim_slurm_opt_long(const struct sim_slurm_opt_tool *t, const char *argv0,
    const char *arg, struct buf *err)
{
	const struct sim_slurm_opt	*o, *found = NULL;
	size_t				 len = strcspn(arg, "="), i;
	int				 ambiguous = 0;

	for (i = 0; i < t->nopts; i++) {
		o = &t->opts[i];
		if (o->name == NULL || strncmp(o->name, arg, len) != 0)
			continue;
		if (strlen(o->name) == len)
			return (o);
		if (found == NULL)
			found = o;
		else if (!sim_slurm_opt_same(found, o))
			ambiguous = 1;
	}
	if (found == NULL) {
		buf_printf(err, "%s: unrecognized option '--%s'\n", argv0, arg);
		return (NULL);
	}
	if (!ambiguous)
		return (found);
	buf_printf(err, "%s: option '--%s' is ambiguous; possibilities:",
	    argv0, arg);
	for (i = 0; i < t->nopts; i++) {
		o = &t->opts[i];
		if (o->name != NULL && strncmp(o->name, arg, len) == 0 &&
		    (o == found || !sim_slurm_opt_same(found, o)))
			buf_printf(err, " '--%s'", o->name);
	}
	buf_putc(err, '\n');
	return (NULL);
}

static const struct sim_slurm_opt *
sim_slurm_opt_short(const struct sim_slurm_opt_tool *t, int c)
{
	size_t	 i;

	for (i = 0; i < t->nopts; i++) {
		if (t->opts[i].c == c)
			return (&t->opts[i]);
	}
	return (NULL);
}

/*
 * Take an option: 1 if it printed what ends the run, -1 if that is a text
 * the simulator does not have, else 0.
 */
static int
sim_slurm_opt_take(const struct sim_slurm_opt_tool *t,
    const struct sim_slurm_opt *o, const char *optarg,
    struct sim_slurm_args *a, struct buf *out)
{
	switch (o->kind) {
	case SO_FLAG:
		*(int *)((char *)a + o->off) = 1;
		return (0);
	case SO_ARG:
		*(const char **)((char *)a + o->off) =
		    optarg != NULL ? optarg : "";
		return (0);
	case SO_HELP:
	case SO_USAGE:
		if ((o->kind == SO_HELP ? t->help : t->usage) == NULL)
			return (-1);
		buf_puts(out, o->kind == SO_HELP ? t->help : t->usage);
		return (1);
	case SO_VERSION:
		buf_puts(out, "slurm-wlm " SIM_SLURM "\n");
		return (1);
	}
	return (0);
}

/*
 * Parse sinfo's, squeue's or scontrol's arguments into a: -1 on an error
 * (cause is what the tool prints), 1 if the tool printed its help, usage
 * or version into out and is done, else 0.
 */
int
sim_slurm_opt_parse(int argc, char **argv, struct sim_slurm_args *a,
    struct buf *out, char **cause)
{
	const struct sim_slurm_opt_tool	*t = NULL;
	const struct sim_slurm_opt	*o;
	const char			*arg, *p, *optarg, *name;
	const char			*operand[2] = { NULL, NULL };
	struct buf			 err;
	size_t				 i;
	int				 k, done = 0, dashdash = 0;

	name = strrchr(argv[0], '/') != NULL ? strrchr(argv[0], '/') + 1 :
	    argv[0];
	for (i = 0; i < nitems(sim_slurm_opt_tools); i++) {
		if (strcmp(sim_slurm_opt_tools[i].name, name) == 0)
			t = &sim_slurm_opt_tools[i];
	}
	memset(a, 0, sizeof *a);
	buf_init(&err);
	for (k = 1; k < argc && !done && err.len == 0; k++) {
		arg = argv[k];
		if (dashdash || arg[0] != '-' || arg[1] == '\0') {
			/* An operand: scontrol's command; sinfo ignores it. */
			if (t->operands == 2 &&
			    a->nwords < (int)nitems(a->words))
				a->words[a->nwords++] = arg;
			else if (operand[0] == NULL)
				operand[0] = arg;
			else if (operand[1] == NULL)
				operand[1] = arg;
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			dashdash = 1;
			continue;
		}
		if (arg[1] == '-') {
			if ((o = sim_slurm_opt_long(t, argv[0], arg + 2,
			    &err)) == NULL)
				break;
			optarg = NULL;
			if ((p = strchr(arg, '=')) != NULL) {
				if (o->arg == 0) {
					buf_printf(&err, "%s: option '--%s' "
					    "doesn't allow an argument\n",
					    argv[0], o->name);
					break;
				}
				optarg = p + 1;
			} else if (o->arg == 1) {
				if (k + 1 >= argc) {
					buf_printf(&err, "%s: option '--%s' "
					    "requires an argument\n", argv[0],
					    o->name);
					break;
				}
				optarg = argv[++k];
			}
			done = sim_slurm_opt_take(t, o, optarg, a, out);
			continue;
		}
		/* Short options, bundled: -hN, -ho FMT, -oFMT, -j1. */
		for (p = arg + 1; *p != '\0' && !done; p++) {
			if ((o = sim_slurm_opt_short(t, (u_char)*p)) == NULL) {
				buf_printf(&err, "%s: invalid option -- '%c'\n",
				    argv[0], *p);
				break;
			}
			optarg = NULL;
			if (o->arg != 0 && p[1] != '\0')
				optarg = p + 1;
			else if (o->arg == 1 && k + 1 < argc)
				optarg = argv[++k];
			else if (o->arg == 1) {
				buf_printf(&err, "%s: option requires an "
				    "argument -- '%c'\n", argv[0], *p);
				break;
			}
			done = sim_slurm_opt_take(t, o, optarg, a, out);
			if (optarg != NULL)
				break;
		}
	}
	if (done < 0) {
		xasprintf(cause, "%s: the simulator prints no help", t->name);
		buf_free(&err);
		return (-1);
	}
	if (err.len != 0) {
		xasprintf(cause, "%.*sTry \"%s --help\" for more information",
		    (int)err.len, err.data, t->name);
		buf_free(&err);
		return (-1);
	}
	buf_free(&err);
	if (done || t->operands != 1 || operand[0] == NULL)
		return (done);
	/* squeue -j or -s without a list takes it from the operands. */
	if (a->jobs != NULL && *a->jobs == '\0')
		a->jobs = operand[0];
	else if (a->steps != NULL && *a->steps == '\0')
		a->steps = operand[0];
	else
		operand[1] = operand[0];
	if (operand[1] != NULL) {
		/* Its usage on stdout, the error on stderr. */
		xasprintf(cause, "%s: error: Unrecognized option: %s",
		    t->name, operand[1]);
		buf_puts(out, t->usage);
		return (-1);
	}
	return (0);
}
