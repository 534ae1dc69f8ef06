/*
 * myriad - the data sources, and the simulator's.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A backend runs the probes of probe.c on their targets and hands the bytes
 * to the probes' parsers, whose records go into the model.  The simulated
 * source runs each probe's command through sim_tool(), which prints what
 * the real tool would, so simulated data takes the same path as real data.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

struct backend;
struct backend_ops {
	const char	*name;
	int		 (*open)(struct backend *, struct model **, char **);
	void		 (*refresh)(struct backend *, uint64_t, int);
	void		 (*start)(struct backend *, uint64_t);
	int		 (*work)(struct backend *, double);
	void		 (*attach)(struct backend *, struct loop *);
	void		 (*close)(struct backend *);
};

/* A simulated remote command, run through sim_tool() when it is due. */
struct backend_sim_exec {
	int		 id;
	int		 node;
	char		*command;
	double		 due;
	exec_cb		 cb;
	void		*arg;
};

struct backend {
	const struct backend_ops *ops;
	struct model	*model;
	struct sim	*sim;
	struct fleet	*fleet;
	double		 done[DOM_NDOMAINS];	/* when last refreshed */
	double		 skipped;	/* seconds a fixed time moved on */

	uint64_t	 sweep;		/* domains being read */
	uint64_t	 wanted;	/* domains asked for meanwhile */
	u_int		 probe;		/* the probe being run */
	u_int		 next;		/* its next target */
	struct cmdline	*cl;		/* its command */
	u_int		 ncl;
	char		*fmt;		/* its format */
	struct buf	 out;		/* a target's output */

	struct loop	*loop;		/* the console's, if it runs */
	struct backend_sim_exec *execs;	/* simulated commands waiting */
	u_int		 nexecs;
	int		 exec_id;	/* the last one's */
	int		 exec_timer;	/* one is set */
};

static int	backend_sim_open(struct backend *, struct model **, char **);
static void	backend_sim_refresh(struct backend *, uint64_t, int);
static void	backend_sim_start(struct backend *, uint64_t);
static int	backend_sim_work(struct backend *, double);
static void	backend_sim_attach(struct backend *, struct loop *);
static void	backend_sim_close(struct backend *);
static int	backend_ssh_open(struct backend *, struct model **, char **);
static void	backend_ssh_refresh(struct backend *, uint64_t, int);
static void	backend_ssh_start(struct backend *, uint64_t);
static int	backend_ssh_work(struct backend *, double);
static void	backend_ssh_attach(struct backend *, struct loop *);
static void	backend_ssh_close(struct backend *);

static const struct backend_ops backend_table[] = {
	{ .name = "sim", .open = backend_sim_open,
	  .refresh = backend_sim_refresh, .start = backend_sim_start,
	  .work = backend_sim_work, .attach = backend_sim_attach,
	  .close = backend_sim_close },
	{ .name = "ssh", .open = backend_ssh_open,
	  .refresh = backend_ssh_refresh, .start = backend_ssh_start,
	  .work = backend_ssh_work, .attach = backend_ssh_attach,
	  .close = backend_ssh_close },
};

struct backend *
backend_create(struct model **m, char **cause)
{
	struct backend	*b;
	const char	*source = options_get("source");
	size_t		 i;

	b = xcalloc(1, sizeof *b);
	for (i = 0; i < nitems(backend_table); i++) {
		if (strcmp(backend_table[i].name, source) == 0)
			b->ops = &backend_table[i];
	}
	if (b->ops == NULL) {
		xasprintf(cause, "source '%s' is not available in this build",
		    source);
		free(b);
		return (NULL);
	}
	if (b->ops->open(b, m, cause) != 0) {
		free(b);
		return (NULL);
	}
	b->model = *m;
	return (b);
}

void
backend_free(struct backend *b)
{
	if (b == NULL)
		return;
	b->ops->close(b);
	free(b);
}

const char *
backend_name(const struct backend *b)
{
	return (b->ops->name);
}

/*
 * Bring the domains up to date, now.  Unless `force', a domain read in this
 * second is not read again.
 */
void
backend_refresh(struct backend *b, uint64_t domains, int force)
{
	b->ops->refresh(b, domains, force);
}

/* Start reading the domains; backend_work() does it a piece at a time. */
void
backend_start(struct backend *b, uint64_t domains)
{
	b->ops->start(b, domains);
}

/*
 * Let `seconds' pass before the next read, where time is simulated: a
 * simulator at a fixed time (sim.time) moves it on at once, and says so
 * with 1.  Otherwise 0, and the caller waits as it can.
 */
int
backend_skip(struct backend *b, double seconds)
{
	if (b->sim == NULL || options_get_float("sim.time") <= 0)
		return (0);
	b->skipped += seconds;
	return (1);
}

/* The console's loop: a source that waits on descriptors joins it. */
void
backend_attach(struct backend *b, struct loop *l)
{
	if (b->ops->attach != NULL)
		b->ops->attach(b, l);
}

/*
 * The relay command: COMMAND streaming on every node, its lines to OUT, in
 * the loop the backend is attached to.  Only nodes reached over SSH.
 */
int
backend_relay(struct backend *b, const char *command, FILE *out,
    char **cause)
{
	if (b->fleet == NULL) {
		xasprintf(cause, "relay reads nodes over SSH: give them with "
		    "-w NODESET or source \"ssh\"");
		return (-1);
	}
	fleet_relay(b->fleet, command, out);
	return (0);
}

/* Work for at most `budget' seconds; 1 while there is more to do. */
int
backend_work(struct backend *b, double budget)
{
	return (b->ops->work(b, budget));
}

/*
 * Remote commands that change things.  COMMAND is quoted for a POSIX
 * shell already; it runs on node NODE, or on the Slurm controller when
 * NODE is -1, for at most TIMEOUT seconds (0: no limit); CB is called once
 * when it ends, from the loop (or backend_exec_wait).  Returns its id.
 */
static int	backend_sim_exec(struct backend *, int, const char *, double,
		    exec_cb, void *);
static struct backend_sim_exec backend_sim_exec_take(struct backend *, u_int);
static void	backend_sim_exec_run(struct backend *, int);
static void	backend_sim_exec_timer(void *);

int
backend_exec(struct backend *b, int node, const char *command,
    double timeout, exec_cb cb, void *arg)
{
	if (b->fleet != NULL)
		return (fleet_exec(b->fleet, ++b->exec_id, node, command,
		    timeout, cb, arg));
	return (backend_sim_exec(b, node, command, timeout, cb, arg));
}

/* Stop a command: its callback is called with status -1, "cancelled". */
void
backend_exec_cancel(struct backend *b, int id)
{
	struct backend_sim_exec	 e;
	struct exec_result	 r;
	struct buf		 empty = { NULL, 0, 0 };
	u_int			 i;

	if (b->fleet != NULL) {
		fleet_exec_cancel(b->fleet, id);
		return;
	}
	for (i = 0; i < b->nexecs; i++) {
		if (b->execs[i].id != id)
			continue;
		e = backend_sim_exec_take(b, i);
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

/* Any command still running. */
int
backend_exec_busy(struct backend *b)
{
	if (b->fleet != NULL)
		return (fleet_exec_busy(b->fleet));
	return (b->nexecs > 0);
}

/*
 * Batch: run the loop until every command has ended.  Bounded: each has
 * its timeout, a session its connect timeout.
 */
void
backend_exec_wait(struct backend *b)
{
	backend_exec_wait_ids(b, NULL, 0);
}

/* Is a simulated command still queued: one of IDS, or any. */
static int
backend_sim_exec_pending(struct backend *b, const int *ids, u_int n)
{
	u_int	 i, k;

	for (k = 0; k < b->nexecs; k++) {
		if (ids == NULL)
			return (1);
		for (i = 0; i < n; i++) {
			if (b->execs[k].id == ids[i])
				return (1);
		}
	}
	return (0);
}

/* The same for these commands only; others (a burn-in) go on. */
void
backend_exec_wait_ids(struct backend *b, const int *ids, u_int n)
{
	struct timespec	 ts;
	u_int		 k;

	if (b->fleet != NULL) {
		fleet_exec_wait(b->fleet, ids, n, 0);
		return;
	}
	for (k = 0; backend_sim_exec_pending(b, ids, n) && k < 1000000; k++) {
		backend_sim_exec_run(b, 1);
		if (backend_sim_exec_pending(b, ids, n)) {
			ts.tv_sec = 0;
			ts.tv_nsec = 20 * 1000000L;
			nanosleep(&ts, NULL);
		}
	}
}

/*
 * Batch: run the commands for at most SECONDS, or until none runs; those
 * still running go on (each has its timeout).
 */
void
backend_exec_poll(struct backend *b, double seconds)
{
	struct timespec	 ts;
	double		 until = loop_now() + seconds;

	if (b->fleet != NULL) {
		fleet_exec_poll(b->fleet, seconds);
		return;
	}
	while (b->nexecs > 0 && loop_now() < until) {
		backend_sim_exec_run(b, 1);
		if (b->nexecs > 0) {
			ts.tv_sec = 0;
			ts.tv_nsec = 20 * 1000000L;
			nanosleep(&ts, NULL);
		}
	}
}

/* Where commands for NODE run, for --dry-run: a node, or the controller. */
const char *
backend_exec_target(struct backend *b, int node)
{
	if (node >= 0)
		return (model_node_name(b->model, node));
	if (b->fleet == NULL)
		return ("controller (simulated)");
	return (options_get("slurm.controller"));
}

/* The simulator. */

static double
backend_sim_now(struct backend *b)
{
	struct timespec	 ts;
	double		 fixed = options_get_float("sim.time");

	if (fixed > 0)
		return (fixed + b->skipped);
	clock_gettime(CLOCK_REALTIME, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static int
backend_sim_open(struct backend *b, struct model **mp, char **cause)
{
	struct model	*m;
	u_int		 gpus, i, per;
	int		 width;
	char		 rack[32];
	const char	*name;

	if (sim_parse_size(options_get("sim.size"), &gpus, cause) != 0)
		return (-1);
	b->sim = sim_create(gpus, options_get_int("sim.seed"),
	    options_get_float("sim.fault-rate"));
	name = options_get("cluster");
	m = model_create(*name != '\0' ? name : "sim", sim_gpus_per_node(b->sim),
	    sim_nodes(b->sim));
	m->simulated = 1;
	per = sim_nodes_per_rack(b->sim);
	width = snprintf(rack, sizeof rack, "%u", sim_nodes(b->sim) / per);
	for (i = 0; i < sim_nodes(b->sim); i++) {
		snprintf(rack, sizeof rack, "%s%0*u", options_get("rack-prefix"),
		    width, i / per + 1);
		model_add_node(m, sim_node_name(b->sim, i), rack);
	}
	*mp = m;
	return (0);
}

/*
 * A simulated command: it runs through the simulator's tools as the probes
 * do, words split as sh would, ';' and newlines between commands.
 */
static int
backend_sim_exec(struct backend *b, int node, const char *command,
    double timeout, exec_cb cb, void *arg)
{
	struct backend_sim_exec	*e;
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
	b->execs = xreallocarray(b->execs, b->nexecs + 1, sizeof *b->execs);
	e = &b->execs[b->nexecs++];
	e->id = ++b->exec_id;
	e->node = node;
	e->command = xstrdup(command);
	e->due = loop_now() + takes;
	e->cb = cb;
	e->arg = arg;
	if (b->loop != NULL && !b->exec_timer) {
		b->exec_timer = 1;
		loop_timer(b->loop, 0, backend_sim_exec_timer, b);
	}
	return (e->id);
}

/* Take a simulated command out of the queue. */
static struct backend_sim_exec
backend_sim_exec_take(struct backend *b, u_int i)
{
	struct backend_sim_exec	 e = b->execs[i];

	memmove(&b->execs[i], &b->execs[i + 1],
	    (b->nexecs - i - 1) * sizeof *b->execs);
	b->nexecs--;
	return (e);
}

/* Run the simulated commands that are due; the others wait. */
static void
backend_sim_exec_run(struct backend *b, int batch)
{
	struct backend_sim_exec	 e;
	struct exec_result	 r;
	struct cmdline		*cl;
	struct buf		 out, err;
	u_int			 ncl, i, k;
	char			*cause;
	double			 now = loop_now();

	for (i = 0; i < b->nexecs; /* nothing */) {
		if (b->execs[i].due > now) {
			i++;
			continue;
		}
		e = backend_sim_exec_take(b, i);
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
			sim_set_time(b->sim, backend_sim_now(b));
			for (k = 0; k < ncl; k++) {
				if (sim_tool(b->sim, e.node, cl[k].argc,
				    cl[k].argv, &out, &cause) == 0) {
					r.status = 0;
					continue;
				}
				buf_printf(&err, "%s\n", cause);
				free(cause);
				r.status = 1;
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
	if (b->nexecs > 0 && b->loop != NULL && !batch && !b->exec_timer) {
		b->exec_timer = 1;
		loop_timer(b->loop, 0.05, backend_sim_exec_timer, b);
	}
}

static void
backend_sim_exec_timer(void *arg)
{
	struct backend	*b = arg;

	b->exec_timer = 0;
	backend_sim_exec_run(b, 0);
}

static void
backend_sim_attach(struct backend *b, struct loop *l)
{
	b->loop = l;
}

static void
backend_sim_close(struct backend *b)
{
	u_int	 i;

	for (i = 0; i < b->nexecs; i++)
		free(b->execs[i].command);
	free(b->execs);
	if (b->cl != NULL)
		shell_split_free(b->cl, b->ncl);
	free(b->fmt);
	buf_free(&b->out);
	sim_free(b->sim);
}

/*
 * A shell loop around a tool (probe.ib-counters: for d in $(ibstat -l);
 * do echo "# CA: $d"; perfquery ... "$d" ...; done): the simulator runs
 * no shell, but its tool given the loop's unexpanded variable prints what
 * the whole loop would, so that command is run alone.  The others are
 * freed here.
 */
static int
backend_sim_loop(struct backend *b)
{
	struct cmdline	 keep;
	u_int		 k;
	int		 i;

	for (k = 0; k < b->ncl; k++) {
		if (b->cl[k].argc > 0 && sim_tool_exists(b->cl[k].argv[0]))
			break;
	}
	if (k == b->ncl)
		return (-1);
	keep = b->cl[k];
	b->cl[k] = b->cl[0];
	b->cl[0] = keep;
	for (k = 1; k < b->ncl; k++) {
		for (i = 0; i < b->cl[k].argc; i++)
			free(b->cl[k].argv[i]);
		free(b->cl[k].argv);
	}
	b->ncl = 1;
	return (0);
}

/*
 * A sweep runs the probes of its domains over their targets a few at a
 * time, so the console can draw and read keys in between: nothing in it
 * waits, but at 100,000 GPUs there is a lot of it.
 */
static int
backend_sim_probe_start(struct backend *b, const struct probe *pr)
{
	struct model	*m = b->model;
	char		*cause, *command;
	int		 rc;

	if (parser_find(pr->parser) == NULL)
		return (-1);
	/* The simulator's kernel log is read whole: it costs nothing. */
	command = probe_command(pr, 0);
	rc = shell_split(command, &b->cl, &b->ncl, &cause);
	free(command);
	if (rc != 0) {
		model_event(m, UINT32_MAX, -1, EV_REACH, 0, "%s: %s",
		    pr->option, cause);
		free(cause);
		return (-1);
	}
	if (b->ncl > 1)
		backend_sim_loop(b);
	if (b->ncl != 1) {
		shell_split_free(b->cl, b->ncl);
		b->cl = NULL;
		return (-1);
	}
	b->fmt = probe_format(pr, b->cl[0].argc, b->cl[0].argv);
	b->next = 0;
	if (pr->domain == DOM_JOBS)
		model_jobs_begin(m);
	return (0);
}

static void
backend_sim_probe_end(struct backend *b, const struct probe *pr)
{
	if (pr->domain == DOM_JOBS)
		model_jobs_end(b->model);
	free(b->fmt);
	b->fmt = NULL;
	shell_split_free(b->cl, b->ncl);
	b->cl = NULL;
}

/* Run probe pr on target i. */
static void
backend_sim_probe_one(struct backend *b, const struct probe *pr, u_int i)
{
	struct model		*m = b->model;
	const struct parser	*p = parser_find(pr->parser);
	char			*cause, why[200];
	int			 node = pr->target == PT_CONTROLLER ? -1 : (int)i;
	int			 xid = strcmp(pr->parser, "xid") == 0, rc;

	buf_reset(&b->out);
	if (pr->target == PT_BMC)
		model_sensors_begin(m, i);
	if (xid)
		model_xid_begin(m, i);
	if (sim_tool(b->sim, node, b->cl[0].argc, b->cl[0].argv, &b->out,
	    &cause) != 0) {
		if (pr->target == PT_BMC)
			strlcpy(m->nodes[i].bmc_error, cause,
			    sizeof m->nodes[i].bmc_error);
		else if (pr->target == PT_NODE)
			model_set_reach(m, i, strstr(cause, "timed out") !=
			    NULL ? REACH_TIMEOUT : REACH_UNREACHABLE, cause);
		free(cause);
		return;
	}
	rc = probe_parse(m, node, p, b->fmt, &b->out, why, sizeof why);
	if (xid)
		model_xid_end(m, i);
	if (rc != 0) {
		if (pr->target == PT_NODE)
			model_set_reach(m, i, REACH_GARBLED, why);
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
backend_sim_work(struct backend *b, double budget)
{
	const struct probe	*pr;
	struct timespec		 ts;
	double			 until, now;
	u_int			 n, done = 0;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	until = ts.tv_sec + ts.tv_nsec / 1e9 + budget;
	while (b->sweep != 0) {
		pr = &probes[b->probe];
		if (pr->name == NULL) {
			b->sweep = 0;
			b->probe = 0;
			break;
		}
		if (!(b->sweep & BIT(pr->domain)) ||
		    (b->cl == NULL && backend_sim_probe_start(b, pr) != 0)) {
			b->probe++;
			continue;
		}
		n = pr->target == PT_CONTROLLER ? 1 : b->model->nnodes;
		while (b->next < n) {
			backend_sim_probe_one(b, pr, b->next++);
			/* Look at the clock every few targets. */
			if (++done % 16 == 0) {
				clock_gettime(CLOCK_MONOTONIC, &ts);
				now = ts.tv_sec + ts.tv_nsec / 1e9;
				if (now > until)
					return (1);
			}
		}
		backend_sim_probe_end(b, pr);
		b->probe++;
	}
	/* A request that came in during the sweep starts the next one. */
	if (b->wanted != 0) {
		backend_sim_start(b, b->wanted);
		return (1);
	}
	return (0);
}

static void
backend_sim_start(struct backend *b, uint64_t domains)
{
	double	 now = backend_sim_now(b);

	if (b->sweep != 0) {
		b->wanted |= domains;
		return;
	}
	b->wanted = 0;
	b->sweep = domains;
	b->probe = 0;
	sim_set_time(b->sim, now);
	b->model->now = now;
	b->model->refreshed = time(NULL);
}

/* The domains not read in this second already (all, if forced). */
static uint64_t
backend_stale(struct backend *b, uint64_t domains, int force, double now)
{
	int	 d;

	for (d = 0; d < DOM_NDOMAINS; d++) {
		if (!(domains & BIT(d)))
			continue;
		if (!force && b->done[d] != 0 && floor(b->done[d]) == floor(now))
			domains &= ~BIT(d);
		else
			b->done[d] = now;
	}
	return (domains);
}

static void
backend_sim_refresh(struct backend *b, uint64_t domains, int force)
{
	if ((domains = backend_stale(b, domains, force,
	    backend_sim_now(b))) == 0)
		return;
	backend_sim_start(b, domains);
	while (backend_sim_work(b, 3600))
		;
}

/* The fleet over SSH: the configured nodes, racks in node order. */

static int
backend_ssh_open(struct backend *b, struct model **mp, char **cause)
{
	struct model	*m;
	struct nodeset	*ns;
	const char	*nodes = options_get("nodes"), *name;
	u_int		 per = options_get_int("rack-size"), n, i;
	int		 width;
	char		 rack[32];

	if (*nodes == '\0') {
		xasprintf(cause, "source = \"ssh\" needs nodes (a node set) "
		    "in the configuration, or -w NODESET");
		return (-1);
	}
	ns = nodeset_create();
	if (nodeset_parse(ns, nodes, cause) != 0) {
		nodeset_free(ns);
		return (-1);
	}
	n = nodeset_count(ns);
	name = options_get("cluster");
	m = model_create(*name != '\0' ? name : "cluster",
	    options_get_int("gpus-per-node"), n);
	width = snprintf(rack, sizeof rack, "%u", (n + per - 1) / per);
	for (i = 0; i < n; i++) {
		snprintf(rack, sizeof rack, "%s%0*u", options_get("rack-prefix"),
		    width, i / per + 1);
		model_add_node(m, nodeset_name(ns, i), rack);
	}
	nodeset_free(ns);
	if ((b->fleet = fleet_create(m, cause)) == NULL) {
		model_free(m);
		return (-1);
	}
	*mp = m;
	return (0);
}

static void
backend_ssh_refresh(struct backend *b, uint64_t domains, int force)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	if ((domains = backend_stale(b, domains, force, ts.tv_sec)) == 0)
		return;
	b->model->now = b->model->refreshed = ts.tv_sec;
	fleet_run(b->fleet, domains);
}

static void
backend_ssh_start(struct backend *b, uint64_t domains)
{
	b->model->now = b->model->refreshed = time(NULL);
	fleet_start(b->fleet, domains);
}

static int
backend_ssh_work(struct backend *b, double budget)
{
	return (0);		/* the loop drives the sessions */
}

static void
backend_ssh_attach(struct backend *b, struct loop *l)
{
	fleet_attach(b->fleet, l);
}

static void
backend_ssh_close(struct backend *b)
{
	fleet_free(b->fleet);
}
