/*
 * myriad - the simulated source: a cluster of sim.c's, read through the
 * same probes and parsers as a real one.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Each probe's command runs through sim_tool(), which prints what the real
 * tool would, so simulated data takes the same path as real data.  A sweep
 * runs the probes a few targets at a time (source_sim_work), so the console
 * draws in between.  Commands that change things (drain, burn-in) queue
 * here and run through sim_tool() when they are due.  Time is the
 * simulator's: sim.time fixes it, and skip moves it on.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

/* A simulated remote command, run through sim_tool() when it is due. */
struct source_sim_exec {
	int		 id;
	int		 node;
	char		*command;
	double		 due;
	exec_cb		 cb;
	void		*arg;
};

struct source_sim {
	struct sim	*sim;
	double		 skipped;	/* seconds a fixed time moved on */

	uint64_t	 sweep;		/* domains being read */
	uint64_t	 wanted;	/* domains asked for meanwhile */
	u_int		 probe;		/* the probe being run */
	u_int		 next;		/* its next target */
	struct cmdline	*cl;		/* its command */
	u_int		 ncl;
	char		*fmt;		/* its format */
	char		**fabargv;	/* its command on an NVL72 tray */
	char		*fabfmt;
	int		 fabarg;	/* the word of it that differs */
	struct buf	 out;		/* a target's output */

	struct loop	*loop;		/* the console's, if it runs */
	struct source_sim_exec *execs;	/* simulated commands waiting */
	u_int		 nexecs;
	int		 exec_timer;	/* one is set */
	uint32_t	*told;		/* a node's adding probes refused */
	u_int		 ntold;
};

/* What an NVL72 tray's GPU query asks for besides: its fabric. */
#define SOURCE_SIM_FABRIC ",fabric.state,fabric.status,fabric.cliqueId," \
	"fabric.clusterUuid,fabric.health.summary,fabric.health.bandwidth"

static void	source_sim_start(struct backend *, uint64_t);
static void	source_sim_exec_run(struct backend *, int);
static void	source_sim_exec_timer(void *);

static double
source_sim_now(struct backend *b)
{
	struct source_sim *s = b->data;
	struct timespec	 ts;
	double		 fixed = options_get_float("sim.time");

	if (fixed > 0)
		return (fixed + s->skipped);
	clock_gettime(CLOCK_REALTIME, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

/* A state file that could not be read: said, as the console can. */
static void
source_sim_state_said(struct source_sim *s, struct model *m, char *why)
{
	model_event(m, UINT32_MAX, -1, EV_REACH, 0, "%s", why);
	if (s->loop == NULL)
		fprintf(stderr, "myriad: %s\n", why);
	free(why);
}

/* What other processes changed, read again when the file did. */
static void
source_sim_state(struct backend *b)
{
	struct source_sim	*s = b->data;
	char			*cause;

	if (sim_state_reload(s->sim, &cause) == -1)
		source_sim_state_said(s, b->model, cause);
}

static int
source_sim_open(struct backend *b, struct model **mp, char **cause)
{
	struct source_sim *s;
	struct model	*m;
	u_int		 gpus, i;
	int		 width;
	char		 rack[32], *why;
	const char	*name;

	if (sim_parse_size(options_get("sim.size"),
	    *options_get("sim.mix") != '\0', &gpus, cause) != 0)
		return (-1);
	b->data = s = xcalloc(1, sizeof *s);
	if ((s->sim = sim_create_mix(gpus, options_get_int("sim.seed"),
	    options_get_float("sim.fault-rate"), options_get("sim.mix"),
	    cause)) == NULL) {
		free(s);
		b->data = NULL;
		return (-1);
	}
	sim_set_dcgm_version(s->sim, options_get_int("sim.dcgm-version"));
	name = options_get("cluster");
	m = model_create(*name != '\0' ? name : "sim",
	    sim_gpus_per_node(s->sim), sim_nodes(s->sim));
	m->simulated = 1;
	if (sim_state_open(s->sim, name, options_get_bool("sim.fresh"),
	    &why) != 0)
		source_sim_state_said(s, m, why);
	width = snprintf(rack, sizeof rack, "%u", sim_nracks(s->sim));
	for (i = 0; i < sim_nodes(s->sim); i++) {
		snprintf(rack, sizeof rack, "%s%0*u", options_get("rack-prefix"),
		    width, sim_node_rack(s->sim, i) + 1);
		m->gpus_per_node = sim_node_gpus(s->sim, i);	/* a mix's */
		model_add_node(m, sim_node_name(s->sim, i), rack);
		model_node_vendor(m, i, sim_node_vendor(s->sim, i));
	}
	m->gpus_per_node = sim_gpus_per_node(s->sim);
	*mp = m;
	return (0);
}

/*
 * A simulated command: it runs through the simulator's tools as the probes
 * do, words split as sh would, ';' and newlines between commands.
 */
static int
source_sim_exec(struct backend *b, int id, int node, const char *command,
    double timeout, exec_cb cb, void *arg)
{
	struct source_sim	*s = b->data;
	struct source_sim_exec	*e;
	struct cmdline		*cl;
	u_int			 ncl, k;
	char			*cause;
	double			 takes = 0;

	/* dcgmi diag runs its tests first (sim.diag-seconds a level). */
	if (shell_split(command, &cl, &ncl, &cause) == 0) {
		for (k = 0; k < ncl; k++)
			takes += sim_tool_seconds(cl[k].argc, cl[k].argv,
			    options_get_float("sim.diag-seconds"));
		shell_split_free(cl, ncl);
	} else
		free(cause);
	s->execs = xreallocarray(s->execs, s->nexecs + 1, sizeof *s->execs);
	e = &s->execs[s->nexecs++];
	e->id = id;
	e->node = node;
	e->command = xstrdup(command);
	e->due = loop_now() + takes;
	e->cb = cb;
	e->arg = arg;
	if (s->loop != NULL && !s->exec_timer) {
		s->exec_timer = 1;
		loop_timer(s->loop, 0, source_sim_exec_timer, b);
	}
	return (e->id);
}

/* Take a simulated command out of the queue. */
static struct source_sim_exec
source_sim_exec_take(struct source_sim *s, u_int i)
{
	struct source_sim_exec	 e = s->execs[i];

	memmove(&s->execs[i], &s->execs[i + 1],
	    (s->nexecs - i - 1) * sizeof *s->execs);
	s->nexecs--;
	return (e);
}

/* Run the simulated commands that are due; the others wait. */
static void
source_sim_exec_run(struct backend *b, int batch)
{
	struct source_sim	*s = b->data;
	struct source_sim_exec	 e;
	struct exec_result	 r;
	struct cmdline		*cl;
	struct buf		 out, err;
	u_int			 ncl, i, k;
	int			 rc;
	char			*cause;
	double			 now = loop_now();

	for (i = 0; i < s->nexecs; /* nothing */) {
		if (s->execs[i].due > now) {
			i++;
			continue;
		}
		e = source_sim_exec_take(s, i);
		memset(&r, 0, sizeof r);
		r.id = e.id;
		r.node = e.node;
		buf_init(&out);
		buf_init(&err);
		if (shell_split(e.command, &cl, &ncl, &cause) != 0) {
			buf_printf(&err, "sh: %s\n", cause);
			free(cause);
			r.status = 2;
		} else {
			source_sim_state(b);
			sim_set_time(s->sim, source_sim_now(b));
			for (k = 0; k < ncl; k++) {
				if ((rc = sim_tool(s->sim, e.node, cl[k].argc,
				    cl[k].argv, &out, &cause)) == 0) {
					r.status = 0;
					if (cause != NULL)
						buf_printf(&err, "%s\n", cause);
					free(cause);
					continue;
				}
				if (*cause != '\0')
					buf_printf(&err, "%s\n", cause);
				free(cause);
				r.status = rc > 0 ? rc : 1;
			}
			shell_split_free(cl, ncl);
		}
		r.out = &out;
		r.err = &err;
		e.cb(&r, e.arg);
		buf_free(&out);
		buf_free(&err);
		free(e.command);
		i = 0;		/* the callback may have queued or cancelled */
	}
	if (s->nexecs > 0 && s->loop != NULL && !batch && !s->exec_timer) {
		s->exec_timer = 1;
		loop_timer(s->loop, 0.05, source_sim_exec_timer, b);
	}
}

static void
source_sim_exec_timer(void *arg)
{
	struct backend		*b = arg;
	struct source_sim	*s = b->data;

	s->exec_timer = 0;
	source_sim_exec_run(b, 0);
}

static void
source_sim_attach(struct backend *b, struct loop *l)
{
	struct source_sim	*s = b->data;

	s->loop = l;
}

static void
source_sim_close(struct backend *b)
{
	struct source_sim	*s = b->data;
	u_int			 i;

	for (i = 0; i < s->nexecs; i++)
		free(s->execs[i].command);
	free(s->execs);
	if (s->cl != NULL)
		shell_split_free(s->cl, s->ncl);
	free(s->fmt);
	free(s->told);
	buf_free(&s->out);
	sim_free(s->sim);
	free(s);
}

/*
 * A shell loop around a tool (probe.ib-counters: for d in $(ibstat -l);
 * do echo "# CA: $d"; perfquery ... "$d" ...; done): the simulator runs
 * no shell, but its tool given the loop's unexpanded variable prints what
 * the whole loop would, so that command is run alone.  The others are
 * freed here.
 */
static int
source_sim_loop(struct source_sim *s)
{
	struct cmdline	 keep;
	u_int		 k;
	int		 i;

	for (k = 0; k < s->ncl; k++) {
		if (s->cl[k].argc > 0 && sim_tool_exists(s->cl[k].argv[0]))
			break;
	}
	if (k == s->ncl)
		return (-1);
	keep = s->cl[k];
	s->cl[k] = s->cl[0];
	s->cl[0] = keep;
	for (k = 1; k < s->ncl; k++) {
		for (i = 0; i < s->cl[k].argc; i++)
			free(s->cl[k].argv[i]);
		free(s->cl[k].argv);
	}
	s->ncl = 1;
	return (0);
}

/* Probe pr could not run: every target it reads is not read, and why. */
static void
source_sim_probe_failed(struct backend *b, const struct probe *pr,
    const char *why)
{
	u_int	 i;

	if (pr->target == PT_CONTROLLER) {
		probe_read(b->model, -1, pr, why);
		return;
	}
	for (i = 0; i < b->model->nnodes; i++) {
		if (pr->target == PT_BMC)
			strlcpy(b->model->nodes[i].bmc_error, why,
			    sizeof b->model->nodes[i].bmc_error);
		else
			probe_read(b->model, i, pr, why);
	}
}

/*
 * An NVL72 tray's GPU query asks for its fabric too (fabric.*, which
 * nvidia-smi prints on every GPU): its records carry the tray's fabric
 * state, clique and ClusterUUID.  The other nodes' query is the probe's.
 */
static void
source_sim_fabric_start(struct source_sim *s, const struct probe *pr)
{
	struct cmdline	*cl = &s->cl[0];
	int		 i;

	if (s->fmt == NULL || strcmp(pr->parser, "nvsmi-csv") != 0 ||
	    strstr(s->fmt, "fabric.") != NULL)
		return;
	for (i = 1; i < cl->argc; i++) {
		if (strncmp(cl->argv[i], "--query-gpu=", 12) == 0)
			break;
	}
	if (i == cl->argc)
		return;
	s->fabargv = xreallocarray(NULL, cl->argc + 1, sizeof *s->fabargv);
	memcpy(s->fabargv, cl->argv, (cl->argc + 1) * sizeof *s->fabargv);
	xasprintf(&s->fabargv[i], "%s" SOURCE_SIM_FABRIC, cl->argv[i]);
	xasprintf(&s->fabfmt, "%s" SOURCE_SIM_FABRIC, s->fmt);
	s->fabarg = i;
}

/*
 * A sweep runs the probes of its domains over their targets a few at a
 * time, so the console can draw and read keys in between: nothing in it
 * waits, but at 100,000 GPUs there is a lot of it.
 */
static int
source_sim_probe_start(struct backend *b, const struct probe *pr)
{
	struct source_sim *s = b->data;
	struct model	*m = b->model;
	char		*cause, *command;
	int		 rc;

	/*
	 * The other vendors' probes are the SSH source's: here a mix's node
	 * of theirs is read through NVIDIA's (source_sim_accels).
	 */
	if (parser_find(pr->parser) == NULL || (pr->vendor != VENDOR_UNKNOWN &&
	    pr->vendor != VENDOR_NVIDIA))
		return (-1);
	/* The simulator's kernel log is read whole: it costs nothing. */
	command = probe_command(pr, 0);
	rc = shell_split(command, &s->cl, &s->ncl, &cause);
	free(command);
	if (rc != 0) {
		source_sim_probe_failed(b, pr, cause);
		free(cause);
		return (-1);
	}
	if (s->ncl > 1 && source_sim_loop(s) != 0)
		source_sim_probe_failed(b, pr, "the simulator has none of "
		    "the tools this runs");
	if (s->ncl != 1) {	/* none (off), or not the simulator's */
		shell_split_free(s->cl, s->ncl);
		s->cl = NULL;
		return (-1);
	}
	s->fmt = probe_format(pr, s->cl[0].argc, s->cl[0].argv);
	source_sim_fabric_start(s, pr);
	s->next = 0;
	if (pr->domain == DOM_JOBS)
		model_jobs_begin(m);
	return (0);
}

static void
source_sim_probe_end(struct backend *b, const struct probe *pr)
{
	struct source_sim	*s = b->data;

	if (pr->domain == DOM_JOBS)
		model_jobs_end(b->model);
	free(s->fmt);
	s->fmt = NULL;
	if (s->fabargv != NULL) {
		free(s->fabargv[s->fabarg]);
		free(s->fabargv);
		free(s->fabfmt);
		s->fabargv = NULL;
		s->fabfmt = NULL;
	}
	shell_split_free(s->cl, s->ncl);
	s->cl = NULL;
}

/*
 * A mix's node of another vendor: its accelerators and links straight
 * into the model, as its tools print them, for the probes that read them
 * on NVIDIA's (nvidia-smi there, which such a node has not); an Ascend
 * node's ports are its NPUs' RoCE ports, hccn_tool's, not ibstat's.  0
 * when the probe is another, or the node does not answer.
 */
static int
source_sim_accels(struct backend *b, const struct probe *pr, u_int i)
{
	struct source_sim	*s = b->data;
	struct model		*m = b->model;
	struct sink		 sk;
	enum vendor		 v = sim_node_vendor(s->sim, i);
	int			 rc;

	if (pr->target != PT_NODE || (pr->domain != DOM_GPUS &&
	    pr->domain != DOM_LINKS && (pr->domain != DOM_IB ||
	    v != VENDOR_HUAWEI)) || strcmp(pr->parser, "xid") == 0 ||
	    v == VENDOR_NVIDIA)
		return (0);
	if (pr->adds)
		return (1);
	/* The links' read brings the accelerators too: whose links. */
	model_sink(m, i, &sk);
	if (pr->domain == DOM_IB)
		rc = sim_node_ports(s->sim, i, &sk);
	else {
		if (pr->domain == DOM_GPUS)
			sk.nvlink = NULL;
		rc = sim_node_accels(s->sim, i, &sk);
	}
	if (rc != 0)
		return (0);	/* unreachable: as the tool finds it */
	model_sink_end(m);
	probe_read(m, i, pr, NULL);
	if (m->nodes[i].reach != REACH_UP)
		model_set_reach(m, i, REACH_UP, NULL);
	return (1);
}

/*
 * Whether the output of node i's probe pr that adds is news: refused now
 * and read before (told once, as fleet.c does), or read again.
 */
static int
source_sim_told(struct source_sim *s, const struct model *m, u_int i,
    const struct probe *pr, int refused)
{
	uint32_t	 bit = 1U << (pr - probes);
	int		 news;

	if (s->ntold < m->nnodes) {
		s->told = xreallocarray(s->told, m->nnodes, sizeof *s->told);
		memset(s->told + s->ntold, 0, (m->nnodes - s->ntold) *
		    sizeof *s->told);
		s->ntold = m->nnodes;
	}
	news = refused != ((s->told[i] & bit) != 0);
	s->told[i] = refused ? s->told[i] | bit : s->told[i] & ~bit;
	return (news);
}

/* Run probe pr on target i. */
static void
source_sim_probe_one(struct backend *b, const struct probe *pr, u_int i)
{
	struct source_sim	*s = b->data;
	struct model		*m = b->model;
	char			*cause, why[200], **argv = s->cl[0].argv;
	const char		*fmt = s->fmt;
	int			 node = pr->target == PT_CONTROLLER ? -1 : (int)i;
	int			 xid = strcmp(pr->parser, "xid") == 0, rc;

	if (source_sim_accels(b, pr, i))
		return;
	if (s->fabargv != NULL && sim_node_imex(s->sim, i)) {
		argv = s->fabargv;
		fmt = s->fabfmt;
	}
	buf_reset(&s->out);
	if (pr->target == PT_BMC)
		model_sensors_begin(m, i);
	if (xid)
		model_xid_begin(m, i);
	/* A node's tool that failed having printed is read, as fleet.c does. */
	if ((rc = sim_tool(s->sim, node, s->cl[0].argc, argv, &s->out,
	    &cause)) != 0 && !(rc > 0 && pr->target == PT_NODE &&
	    s->out.len > 0)) {
		/* ssh's words are about the session, a tool's its own. */
		if (pr->target == PT_BMC)
			strlcpy(m->nodes[i].bmc_error, cause,
			    sizeof m->nodes[i].bmc_error);
		else if (pr->target == PT_NODE &&
		    strncmp(cause, "ssh: ", 5) == 0)
			model_set_reach(m, i, strstr(cause, "timed out") !=
			    NULL ? REACH_TIMEOUT : REACH_UNREACHABLE, cause);
		else {
			probe_read(m, node, pr, cause);
			if (pr->target == PT_NODE &&
			    m->nodes[i].reach != REACH_UP)
				model_set_reach(m, i, REACH_UP, NULL);
		}
		free(cause);
		return;
	}
	free(cause);	/* what the tool warned about */
	rc = probe_parse(m, node, pr, fmt, &s->out, 1, why, sizeof why);
	if (xid)
		model_xid_end(m, i);
	if (rc == 1)
		probe_read_damaged(m, node, pr, why);
	else
		probe_read(m, node, pr, rc != 0 ? why : NULL);
	if (pr->adds && pr->target == PT_NODE &&
	    source_sim_told(s, m, i, pr, rc == -1) && rc == -1)
		model_event(m, i, -1, EV_REACH, 0, "%s: %s", pr->name, why);
	if (rc == -1) {
		if (pr->target == PT_NODE && !pr->adds)
			model_set_reach(m, i, REACH_GARBLED, why);
		else if (pr->target == PT_NODE)
			return;	/* as fleet.c: the node stays read */
		else
			model_event(m, UINT32_MAX, -1, EV_REACH, 0, "%s", why);
		return;
	}
	if (pr->target == PT_BMC)
		m->nodes[i].bmc_error[0] = '\0';
	else if (pr->target == PT_NODE && m->nodes[i].reach != REACH_UP)
		model_set_reach(m, i, REACH_UP, NULL);
}

/* Work on the sweep for up to `budget' seconds; 1 while work remains. */
static int
source_sim_work(struct backend *b, double budget)
{
	struct source_sim	*s = b->data;
	const struct probe	*pr;
	struct timespec		 ts;
	double			 until, now;
	u_int			 n, done = 0;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	until = ts.tv_sec + ts.tv_nsec / 1e9 + budget;
	while (s->sweep != 0) {
		pr = &probes[s->probe];
		if (pr->name == NULL) {
			s->sweep = 0;
			s->probe = 0;
			break;
		}
		if (!(s->sweep & BIT(pr->domain)) ||
		    (s->cl == NULL && source_sim_probe_start(b, pr) != 0)) {
			s->probe++;
			continue;
		}
		n = pr->target == PT_CONTROLLER ? 1 : b->model->nnodes;
		while (s->next < n) {
			source_sim_probe_one(b, pr, s->next++);
			/* Look at the clock every few targets. */
			if (++done % 16 == 0) {
				clock_gettime(CLOCK_MONOTONIC, &ts);
				now = ts.tv_sec + ts.tv_nsec / 1e9;
				if (now > until)
					return (1);
			}
		}
		source_sim_probe_end(b, pr);
		s->probe++;
	}
	/* A request that came in during the sweep starts the next one. */
	if (s->wanted != 0) {
		source_sim_start(b, s->wanted);
		return (1);
	}
	return (0);
}

static void
source_sim_start(struct backend *b, uint64_t domains)
{
	struct source_sim	*s = b->data;
	double			 now = source_sim_now(b);

	if (s->sweep != 0) {
		s->wanted |= domains;
		return;
	}
	s->wanted = 0;
	s->sweep = domains;
	s->probe = 0;
	source_sim_state(b);
	sim_set_time(s->sim, now);
	b->model->now = now;
}

static void
source_sim_refresh(struct backend *b, uint64_t domains, int force)
{
	if ((domains = backend_stale(b, domains, force,
	    source_sim_now(b))) == 0)
		return;
	source_sim_start(b, domains);
	while (source_sim_work(b, 3600))
		;
}


/* Stop a command: its callback is called with status -1, "cancelled". */
static void
source_sim_exec_cancel(struct backend *b, int id)
{
	struct source_sim	*s = b->data;
	struct source_sim_exec	 e;
	struct exec_result	 r;
	struct buf		 empty = { NULL, 0, 0 };
	u_int			 i;

	for (i = 0; i < s->nexecs; i++) {
		if (s->execs[i].id != id)
			continue;
		e = source_sim_exec_take(s, i);
		memset(&r, 0, sizeof r);
		r.id = id;
		r.node = e.node;
		r.status = -1;
		r.why = "cancelled";
		r.out = r.err = &empty;
		e.cb(&r, e.arg);
		free(e.command);
		return;
	}
}

/* Is a simulated command still queued: one of IDS, or any. */
static int
source_sim_exec_pending(struct source_sim *s, const int *ids, u_int n)
{
	u_int	 i, k;

	for (k = 0; k < s->nexecs; k++) {
		if (ids == NULL)
			return (1);
		for (i = 0; i < n; i++) {
			if (s->execs[k].id == ids[i])
				return (1);
		}
	}
	return (0);
}

static int
source_sim_exec_busy(struct backend *b)
{
	return (source_sim_exec_pending(b->data, NULL, 0));
}

/*
 * Run the queued commands until these (IDS, or all) have ended, or UNTIL:
 * each is due after the time its tools take.
 */
static void
source_sim_exec_drive(struct backend *b, const int *ids, u_int n,
    double until)
{
	struct timespec	 ts;

	while (source_sim_exec_pending(b->data, ids, n) && loop_now() < until) {
		source_sim_exec_run(b, 1);
		if (source_sim_exec_pending(b->data, ids, n)) {
			ts.tv_sec = 0;
			ts.tv_nsec = 20 * 1000000L;
			nanosleep(&ts, NULL);
		}
	}
}

static void
source_sim_exec_wait(struct backend *b, const int *ids, u_int n)
{
	source_sim_exec_drive(b, ids, n, loop_now() + 20000);
}

static void
source_sim_exec_poll(struct backend *b, double seconds)
{
	source_sim_exec_drive(b, NULL, 0, loop_now() + seconds);
}

/* A simulator at a fixed time (sim.time) moves it on at once. */
static int
source_sim_skip(struct backend *b, double seconds)
{
	struct source_sim	*s = b->data;

	if (options_get_float("sim.time") <= 0)
		return (0);
	s->skipped += seconds;
	return (1);
}

static const char *
source_sim_controller(struct backend *b)
{
	return ("controller (simulated)");
}

const struct backend_ops source_sim_ops = {
	.name = "sim",
	.open = source_sim_open,
	.close = source_sim_close,
	.refresh = source_sim_refresh,
	.start = source_sim_start,
	.work = source_sim_work,
	.skip = source_sim_skip,
	.attach = source_sim_attach,
	.exec = source_sim_exec,
	.exec_cancel = source_sim_exec_cancel,
	.exec_busy = source_sim_exec_busy,
	.exec_wait = source_sim_exec_wait,
	.exec_poll = source_sim_exec_poll,
	.controller = source_sim_controller,
};
