/*
 * myriad - the data sources: their table, and each operation handed to
 * the source the configuration chose.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A source is one file and one row here: source-sim.c (the simulator),
 * source-ssh.c (the fleet over SSH).  Each runs the probes of probe.c on
 * their targets and hands the bytes to the probes' parsers, whose records
 * go into the model (probe_parse).  Nothing here knows which source runs.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

static const struct backend_ops *backend_table[] = {
	&source_sim_ops,
	&source_ssh_ops,
};

struct backend *
backend_create(struct model **m, char **cause)
{
	struct backend	*b;
	const char	*source = options_get("source");
	size_t		 i;

	b = xcalloc(1, sizeof *b);
	for (i = 0; i < nitems(backend_table); i++) {
		if (strcmp(backend_table[i]->name, source) == 0)
			b->ops = backend_table[i];
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

/*
 * For the sources: the domains not read in this second already (all, if
 * forced), at the source's time NOW.
 */
uint64_t
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

/* Start reading the domains; backend_work() does it a piece at a time. */
void
backend_start(struct backend *b, uint64_t domains)
{
	b->ops->start(b, domains);
}

/* Work for at most `budget' seconds; 1 while there is more to do. */
int
backend_work(struct backend *b, double budget)
{
	if (b->ops->work == NULL)
		return (0);
	return (b->ops->work(b, budget));
}

/*
 * Let `seconds' pass before the next read, where time is simulated: a
 * simulator at a fixed time (sim.time) moves it on at once, and says so
 * with 1.  Otherwise 0, and the caller waits as it can.
 */
int
backend_skip(struct backend *b, double seconds)
{
	if (b->ops->skip == NULL)
		return (0);
	return (b->ops->skip(b, seconds));
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
	if (b->ops->relay == NULL) {
		xasprintf(cause, "relay reads nodes over SSH: give them with "
		    "-w NODESET or source \"ssh\"");
		return (-1);
	}
	return (b->ops->relay(b, command, out, cause));
}

/*
 * Remote commands that change things.  COMMAND is quoted for a POSIX
 * shell already; it runs on node NODE, or on the Slurm controller when
 * NODE is -1, for at most TIMEOUT seconds (0: no limit); CB is called once
 * when it ends, from the loop (or backend_exec_wait).  Returns its id.
 */
int
backend_exec(struct backend *b, int node, const char *command,
    double timeout, exec_cb cb, void *arg)
{
	return (b->ops->exec(b, ++b->exec_id, node, command, timeout, cb,
	    arg));
}

/* Stop a command: its callback is called with status -1, "cancelled". */
void
backend_exec_cancel(struct backend *b, int id)
{
	b->ops->exec_cancel(b, id);
}

/* Any command still running. */
int
backend_exec_busy(struct backend *b)
{
	return (b->ops->exec_busy(b));
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

/* The same for these commands only; others (a burn-in) go on. */
void
backend_exec_wait_ids(struct backend *b, const int *ids, u_int n)
{
	b->ops->exec_wait(b, ids, n);
}

/*
 * Batch: run the commands for at most SECONDS, or until none runs; those
 * still running go on (each has its timeout).
 */
void
backend_exec_poll(struct backend *b, double seconds)
{
	b->ops->exec_poll(b, seconds);
}

/* Where commands for NODE run, for --dry-run: a node, or the controller. */
const char *
backend_exec_target(struct backend *b, int node)
{
	if (node >= 0)
		return (model_node_name(b->model, node));
	return (b->ops->controller(b));
}
