/*
 * myriad - the columns of the simulator's sinfo and squeue: every -o
 * letter and -O name Slurm 22.05 knows, with its header, and the format
 * strings that ask for them, read as Slurm reads them.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim-slurm.h"

/*
 * sinfo's columns.  id is what sim-slurm.c prints for it: the letter, or
 * its own code for a -O name without a letter; text, the one value every
 * node of the simulated cluster has.  agg: of a line's nodes together.
 */
static const struct sim_slurm_col sim_slurm_sinfo_cols[] = {
	{ 'a', "available", "AVAIL", 'a', 0, "up" },
	{ 'b', "features_act", "ACTIVE_FEATURES", 'b', 0, NULL },
	{ 'c', "cpus", "CPUS", 'c', 0, NULL },
	{ 'd', "disk", "TMP_DISK", 'd', 0, "0" },
	{ 'e', "freemem", "FREE_MEM", 'e', 0, NULL },
	{ 'f', "features", "AVAIL_FEATURES", 'b', 0, NULL },
	{ 'g', "groups", "GROUPS", 'g', 0, "all" },
	{ 'h', "oversubscribe", "OVERSUBSCRIBE", 'h', 0, "NO" },
	{ 'l', "time", "TIMELIMIT", 'l', 0, NULL },
	{ 'm', "memory", "MEMORY", 'm', 0, NULL },
	{ 'n', "nodehost", "HOSTNAMES", 'n', 0, NULL },
	{ 'o', "nodeaddr", "NODE_ADDR", 'n', 0, NULL },
	{ 'p', "prioritytier", "PRIO_TIER", 'p', 0, "1" },
	{ 'r', "root", "ROOT", 'r', 0, "no" },
	{ 's', "size", "JOB_SIZE", 's', 0, "1-infinite" },
	{ 't', "statecompact", "STATE", 't', 0, NULL },
	{ 'u', "user", "USER", 'u', 0, NULL },
	{ 'v', "version", "VERSION", 'v', 0, SIM_SLURM },
	{ 'w', "weight", "WEIGHT", 'w', 0, "1" },
	{ 'z', "socketcorethread", "S:C:T", 'z', 0, "2:56:1" },
	{ 'A', "nodeai", "NODES(A/I)", 'A', 1, NULL },
	{ 'B', "maxcpuspernode", "MAX_CPUS_PER_NODE", 'B', 0, "UNLIMITED" },
	{ 'C', "cpusstate", "CPUS(A/I/O/T)", 'C', 1, NULL },
	{ 'D', "nodes", "NODES", 'D', 1, NULL },
	{ 'E', "reason", "REASON", 'E', 0, NULL },
	{ 'F', "nodeaiot", "NODES(A/I/O/T)", 'F', 1, NULL },
	{ 'G', "gres", "GRES", 'G', 0, NULL },
	{ 'H', "timestamp", "TIMESTAMP", 'H', 0, NULL },
	{ 'I', "priorityjobfactor", "PRIO_JOB_FACTOR", 'I', 0, "1" },
	{ 'L', "defaulttime", "DEFAULTTIME", 'L', 0, "n/a" },
	{ 'M', "preemptmode", "PREEMPT_MODE", 'M', 0, "OFF" },
	{ 'N', "nodelist", "NODELIST", 'N', 1, NULL },
	{ 'O', "cpusload", "CPU_LOAD", 'O', 0, NULL },
	{ 'P', "partition", "PARTITION", 'P', 0, NULL },
	{ 'R', "partitionname", "PARTITION", 'R', 0, NULL },
	{ 'S', "allocnodes", "ALLOCNODES", 'S', 0, "all" },
	{ 'T', "statelong", "STATE", 'T', 0, NULL },
	{ 'U', "userlong", "USER", 'u', 0, NULL },
	{ 'V', "cluster", "CLUSTER", 'V', 0, "N/A" },
	{ 'X', "sockets", "SOCKETS", 'X', 0, "2" },
	{ 'Y', "cores", "CORES", 'Y', 0, "56" },
	{ 'Z', "threads", "THREADS", 'Z', 0, "1" },
	{ 0, "allocmem", "ALLOCMEM", '1', 0, NULL },
	{ 0, "comment", "COMMENT", '0', 0, "(null)" },
	{ 0, "extra", "EXTRA", '0', 0, "(null)" },
	{ 0, "gresused", "GRES_USED", '2', 0, NULL },
	{ 0, "port", "PORT", '0', 0, "6818" },
	{ 0, "share", "OVERSUBSCRIBE", 'h', 0, "NO" },
	{ 0, "statecomplete", "STATECOMPLETE", 'T', 0, NULL },
};

/* squeue's columns, every -o letter and -O name of 22.05. */
static const struct sim_slurm_col sim_slurm_squeue_cols[] = {
	{ 'a', "account", "ACCOUNT", 'u', 0, NULL },
	{ 'b', "tres-per-node", "TRES_PER_NODE", 'b', 0, NULL },
	{ 'c', "mincpus", "MIN_CPUS", 'c', 0, NULL },
	{ 'd', "mintmpdisk", "MIN_TMP_DISK", 'd', 0, "0" },
	{ 'e', "endtime", "END_TIME", 'e', 0, NULL },
	{ 'f', "feature", "FEATURES", 'f', 0, "(null)" },
	{ 'g', "groupname", "GROUP", 'u', 0, NULL },
	{ 'h', "oversubscribe", "OVER_SUBSCRIBE", 'h', 0, "OK" },
	{ 'i', "jobarrayid", "JOBID", 'i', 0, NULL },
	{ 'j', "name", "NAME", 'j', 0, NULL },
	{ 'k', "comment", "COMMENT", 'k', 0, "(null)" },
	{ 'l', "timelimit", "TIME_LIMIT", 'l', 0, NULL },
	{ 'm', "minmemory", "MIN_MEMORY", 'm', 0, NULL },
	{ 'n', "reqnodes", "REQ_NODES", 'n', 0, "" },
	{ 'o', "command", "COMMAND", 'o', 0, NULL },
	{ 'p', "priority", "PRIORITY", 'p', 0, NULL },
	{ 'q', "qos", "QOS", 'q', 0, "normal" },
	{ 'r', "reason", "REASON", 'r', 0, NULL },
	{ 's', NULL, "", 's', 0, "" },
	{ 't', "statecompact", "ST", 't', 0, NULL },
	{ 'u', "username", "USER", 'u', 0, NULL },
	{ 'v', "reservation", "RESERVATION", 'v', 0, "(null)" },
	{ 'w', "wckey", "WCKEY", 'w', 0, "(null)" },
	{ 'x', NULL, "EXC_NODES", 'x', 0, "" },
	{ 'y', "nice", "NICE", 'y', 0, "0" },
	{ 'z', "sct", "S:C:T", 'z', 0, "*:*:*" },
	{ 'A', "jobid", "JOBID", 'i', 0, NULL },
	{ 'B', "batchhost", "EXEC_HOST", 'B', 0, NULL },
	{ 'C', "numcpus", "CPUS", 'C', 0, NULL },
	{ 'D', "numnodes", "NODES", 'D', 0, NULL },
	{ 'E', "dependency", "DEPENDENCY", 'E', 0, "(null)" },
	{ 'F', "arrayjobid", "ARRAY_JOB_ID", 'i', 0, NULL },
	{ 'G', "groupid", "GROUP", 'U', 0, NULL },
	{ 'H', "sockets", "SOCKETS_PER_NODE", 'H', 0, "*" },
	{ 'I', "cores", "CORES_PER_SOCKET", 'I', 0, "*" },
	{ 'J', "threads", "THREADS_PER_CORE", 'J', 0, "*" },
	{ 'K', "arraytaskid", "ARRAY_TASK_ID", 'K', 0, "N/A" },
	{ 'L', "timeleft", "TIME_LEFT", 'L', 0, NULL },
	{ 'M', "timeused", "TIME", 'M', 0, NULL },
	{ 'N', "nodelist", "NODELIST", 'N', 0, NULL },
	{ 'O', "contiguous", "CONTIGUOUS", 'O', 0, "0" },
	{ 'P', "partition", "PARTITION", 'P', 0, NULL },
	{ 'Q', "prioritylong", "PRIORITY", 'Q', 0, NULL },
	{ 'R', "reasonlist", "NODELIST(REASON)", 'R', 0, NULL },
	{ 'S', "starttime", "START_TIME", 'S', 0, NULL },
	{ 'T', "state", "STATE", 'T', 0, NULL },
	{ 'U', "userid", "UID", 'U', 0, NULL },
	{ 'V', "submittime", "SUBMIT_TIME", 'V', 0, NULL },
	{ 'W', "licenses", "LICENSES", 'W', 0, "(null)" },
	{ 'X', "corespec", "CORE_SPEC", 'X', 0, "N/A" },
	{ 'Y', "schednodes", "SCHEDNODES", 'Y', 0, "(null)" },
	{ 'Z', "workdir", "WORK_DIR", 'Z', 0, NULL },
	{ 0, "accruetime", "ACCRUE_TIME", 'V', 0, NULL },
	{ 0, "admin_comment", "ADMIN_COMMENT", '0', 0, "(null)" },
	{ 0, "allocnodes", "ALLOC_NODES", '0', 0, "login01" },
	{ 0, "allocsid", "ALLOC_SID", '5', 0, NULL },
	{ 0, "associd", "ASSOC_ID", '0', 0, "0" },
	{ 0, "batchflag", "BATCH_FLAG", '0', 0, "1" },
	{ 0, "boardspernode", "BOARDS_PER_NODE", '0', 0, "0" },
	{ 0, "burstbuffer", "BURST_BUFFER", '0', 0, "(null)" },
	{ 0, "burstbufferstate", "BURST_BUFFER_STATE", '0', 0, "(null)" },
	{ 0, "cluster", "CLUSTER", '0', 0, "cluster" },
	{ 0, "clusterfeature", "CLUSTER_FEATURES", '0', 0, "(null)" },
	{ 0, "container", "CONTAINER", '0', 0, "(null)" },
	{ 0, "cpus-per-task", "CPUS_PER_TASK", 'c', 0, NULL },
	{ 0, "cpus-per-tres", "CPUS_PER_TRES", '0', 0, "N/A" },
	{ 0, "deadline", "DEADLINE", '0', 0, "N/A" },
	{ 0, "delayboot", "DELAY_BOOT", '0', 0, "0:00" },
	{ 0, "derivedec", "DERIVED_EC", '0', 0, "0" },
	{ 0, "eligibletime", "ELIGIBLE_TIME", 'V', 0, NULL },
	{ 0, "exit_code", "EXIT_CODE", '0', 0, "0" },
	{ 0, "hetjobid", "HET_JOB_ID", '0', 0, "N/A" },
	{ 0, "hetjobidset", "HET_JOB_ID_SET", '0', 0, "N/A" },
	{ 0, "hetjoboffset", "HET_JOB_OFFSET", '0', 0, "N/A" },
	{ 0, "lastschedeval", "LAST_SCHED_EVAL", '4', 0, NULL },
	{ 0, "maxcpus", "MAX_CPUS", 'C', 0, NULL },
	{ 0, "maxnodes", "MAX_NODES", 'D', 0, NULL },
	{ 0, "mcslabel", "MCSLABEL", '0', 0, "(null)" },
	{ 0, "mem-per-tres", "MEM_PER_TRES", '0', 0, "N/A" },
	{ 0, "mintime", "TIME_MIN", '0', 0, "0:00" },
	{ 0, "network", "NETWORK", '0', 0, "(null)" },
	{ 0, "ntperboard", "NTASKS_PER_BOARD", '0', 0, "0" },
	{ 0, "ntpercore", "NTASKS_PER_CORE", '0', 0, "N/A" },
	{ 0, "ntpernode", "NTASKS_PER_NODE", '0', 0, "0" },
	{ 0, "ntpersocket", "NTASKS_PER_SOCKET", '0', 0, "N/A" },
	{ 0, "numtasks", "TASKS", '1', 0, NULL },
	{ 0, "origin", "ORIGIN", '0', 0, "NA" },
	{ 0, "originraw", "ORIGIN_RAW", '0', 0, "NA" },
	{ 0, "pendingtime", "PENDING_TIME", '6', 0, NULL },
	{ 0, "preempttime", "PREEMPT_TIME", '0', 0, "N/A" },
	{ 0, "prefer", "PREFER", '0', 0, "(null)" },
	{ 0, "profile", "PROFILE", '0', 0, "NotSet" },
	{ 0, "reboot", "REBOOT", '0', 0, "0" },
	{ 0, "reqswitch", "REQ_SWITCH", '0', 0, "0" },
	{ 0, "requeue", "REQUEUE", '0', 0, "1" },
	{ 0, "resizetime", "RESIZE_TIME", '0', 0, "N/A" },
	{ 0, "restartcnt", "RESTART_COUNT", '0', 0, "0" },
	{ 0, "siblingsactive", "ACTIVE_SIBLINGS", '0', 0, "NA" },
	{ 0, "siblingsactiveraw", "ACTIVE_SIBLINGS_RAW", '0', 0, "NA" },
	{ 0, "siblingsviable", "VIABLE_SIBLINGS", '0', 0, "NA" },
	{ 0, "siblingsviableraw", "VIALBLE_SIBLINGS_RAW", '0', 0, "NA" },
	{ 0, "sperboard", "SOCKETS_PER_BOARD", '0', 0, "0" },
	{ 0, "stderr", "STDERR", '2', 0, NULL },
	{ 0, "stdin", "STDIN", '0', 0, "/dev/null" },
	{ 0, "stdout", "STDOUT", '2', 0, NULL },
	{ 0, "system_comment", "SYSTEM_COMMENT", '0', 0, "(null)" },
	{ 0, "tres-alloc", "TRES_ALLOC", '3', 0, NULL },
	{ 0, "tres-bind", "TRES_BIND", '0', 0, "N/A" },
	{ 0, "tres-freq", "TRES_FREQ", '0', 0, "N/A" },
	{ 0, "tres-per-job", "TRES_PER_JOB", '0', 0, "N/A" },
	{ 0, "tres-per-socket", "TRES_PER_SOCKET", '0', 0, "N/A" },
	{ 0, "tres-per-task", "TRES_PER_TASK", '0', 0, "N/A" },
	{ 0, "wait4switch", "WAIT4SWITCH", '0', 0, "0:00" },
};

struct sim_slurm_fmt_tool {
	const char			*name;
	const struct sim_slurm_col	*cols;
	size_t				 ncols;
	const char			*what;	/* Invalid X format ... */
	int				 prefixed; /* tool: error: before it */
};
static const struct sim_slurm_fmt_tool sim_slurm_fmt_tools[] = {
	{ .name = "sinfo", .cols = sim_slurm_sinfo_cols,
	  .ncols = nitems(sim_slurm_sinfo_cols), .what = "node" },
	{ .name = "squeue", .cols = sim_slurm_squeue_cols,
	  .ncols = nitems(sim_slurm_squeue_cols), .what = "job",
	  .prefixed = 1 },
};

static const struct sim_slurm_fmt_tool *
sim_slurm_fmt_tool(const char *tool)
{
	size_t	 i;

	for (i = 0; i < nitems(sim_slurm_fmt_tools); i++) {
		if (strcmp(sim_slurm_fmt_tools[i].name, tool) == 0)
			return (&sim_slurm_fmt_tools[i]);
	}
	return (&sim_slurm_fmt_tools[0]);
}

/* A tool's column by letter, or by -O name. */
static const struct sim_slurm_col *
sim_slurm_fmt_col(const struct sim_slurm_fmt_tool *t, int c, const char *name)
{
	size_t	 i;

	for (i = 0; i < t->ncols; i++) {
		if (name == NULL ? t->cols[i].c == c :
		    (t->cols[i].name != NULL &&
		    strcasecmp(t->cols[i].name, name) == 0))
			return (&t->cols[i]);
	}
	return (NULL);
}

static struct sim_slurm_fmt *
sim_slurm_fmt_add(struct sim_slurm_fmt **v, u_int *n)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	memset(&(*v)[*n], 0, sizeof (*v)[*n]);
	return (&(*v)[(*n)++]);
}

/*
 * -o %all: every letter, separated by |: sinfo's small letters, then its
 * capitals each followed by a space, as sinfo builds it; squeue's all alike.
 */
static char *
sim_slurm_fmt_all(const struct sim_slurm_fmt_tool *t)
{
	struct buf	 b;
	int		 c;

	buf_init(&b);
	for (c = 'a'; c <= 'z'; c++) {
		if (sim_slurm_fmt_col(t, c, NULL) != NULL)
			buf_printf(&b, "%s%%%c", c == 'a' ? "" : "|", c);
	}
	for (c = 'A'; c <= 'Z'; c++) {
		if (sim_slurm_fmt_col(t, c, NULL) != NULL)
			buf_printf(&b, "|%%%c%s", c, t->cols ==
			    sim_slurm_sinfo_cols ? " " : "");
	}
	return (b.data);
}

/*
 * An -o format: text before the first %, then %[.][width]letter and the
 * text after it; '.' right-justifies.  An unknown letter is kept as text
 * and warned about, as Slurm does.  %#X (the simulator's own) is as wide
 * as the data.
 */
static void
sim_slurm_fmt_short(const struct sim_slurm_fmt_tool *t, const char *f,
    struct sim_slurm_fmt **v, u_int *n, struct buf *warn)
{
	struct sim_slurm_fmt	*x;
	const char		*p = f, *q, *tok;

	while (*p != '\0') {
		if (*p == '%' && p[1] == '%') {
			/* Slurm splits with strtok(3): one field, no text. */
			p++;
			continue;
		}
		if (*p != '%') {
			for (q = p; *q != '\0' && *q != '%'; q++)
				;
			x = sim_slurm_fmt_add(v, n);
			x->text = xstrndup(p, q - p);
			p = q;
			continue;
		}
		tok = p++;
		x = sim_slurm_fmt_add(v, n);
		if (*p == '.') {
			x->right = 1;
			p++;
		}
		if (*p == '#') {
			x->hash = 1;
			p++;
		}
		while (isdigit((u_char)*p))
			x->width = x->width * 10 + (*p++ - '0');
		if (*p == '\0' && p == tok + 1) {
			(*n)--;
			break;
		}
		if (*p != '\0' &&
		    (x->col = sim_slurm_fmt_col(t, (u_char)*p, NULL)) != NULL) {
			p++;
			continue;
		}
		buf_printf(warn, "%s%sInvalid %s format specification: %.1s\n",
		    t->prefixed ? t->name : "", t->prefixed ? ": error: " : "",
		    t->what, p);
		for (q = p; *q != '\0' && *q != '%'; q++)
			;
		x->text = xstrndup(tok, q - tok);
		p = q;
	}
}

/*
 * An -O format: name[:[.]width[suffix]], comma-separated; 20 wide without
 * a width.  An unknown name is left out and warned about.
 */
static void
sim_slurm_fmt_long(const struct sim_slurm_fmt_tool *t, const char *f,
    struct sim_slurm_fmt **v, u_int *n, struct buf *warn)
{
	struct sim_slurm_fmt	*x;
	const struct sim_slurm_col *col;
	char			*copy, *tok, *next, *colon, *end, *all;
	int			 right, width;

	copy = xstrdup(f);
	for (next = copy; (tok = strsep(&next, ",")) != NULL; ) {
		if (*tok == '\0')
			continue;
		right = 0;
		width = 20;
		end = NULL;
		if ((colon = strchr(tok, ':')) != NULL) {
			*colon++ = '\0';
			if (*colon == '.') {
				right = 1;
				colon++;
			}
			width = (int)strtol(colon, &end, 10);
		}
		if (t->cols == sim_slurm_sinfo_cols &&
		    strcasecmp(tok, "all") == 0) {
			all = sim_slurm_fmt_all(t);
			sim_slurm_fmt_short(t, all, v, n, warn);
			free(all);
			continue;
		}
		if ((col = sim_slurm_fmt_col(t, 0, tok)) == NULL) {
			buf_printf(warn, "%s: error: Invalid job format "
			    "specification: %s\n", t->name, tok);
			continue;
		}
		x = sim_slurm_fmt_add(v, n);
		x->col = col;
		x->width = width;
		x->right = right;
		if (end != NULL && *end != '\0')
			x->suffix = xstrdup(end);
	}
	free(copy);
}

/*
 * A format of tool (sinfo or squeue): -o's if lng is 0, else -O's.  What
 * Slurm warns about (and goes on) is appended to warn.
 */
void
sim_slurm_fmt_parse(const char *tool, const char *f, int lng,
    struct sim_slurm_fmt **v, u_int *n, struct buf *warn)
{
	const struct sim_slurm_fmt_tool	*t = sim_slurm_fmt_tool(tool);
	char				*all;

	*v = NULL;
	*n = 0;
	if (lng)
		sim_slurm_fmt_long(t, f, v, n, warn);
	else if (strcasecmp(f, "%all") == 0) {
		all = sim_slurm_fmt_all(t);
		sim_slurm_fmt_short(t, all, v, n, warn);
		free(all);
	} else
		sim_slurm_fmt_short(t, f, v, n, warn);
}

void
sim_slurm_fmt_free(struct sim_slurm_fmt *v, u_int n)
{
	u_int	 i;

	for (i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].suffix);
	}
	free(v);
}

/* Slurm's _print_str(): pad, justify, cut; then a -O field's suffix. */
void
sim_slurm_fmt_field(struct buf *b, const struct sim_slurm_fmt *f,
    const char *s, int width)
{
	size_t	 len = strlen(s);

	if (width <= 0)
		buf_add(b, s, len);
	else if (len >= (size_t)width)
		buf_add(b, s, width);
	else if (f->right) {
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
		buf_puts(b, s);
	} else {
		buf_puts(b, s);
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
	}
	if (f->suffix != NULL)
		buf_puts(b, f->suffix);
}
