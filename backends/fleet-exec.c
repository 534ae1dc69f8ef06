/*
 * myriad - the fleet's commands that change things (drain, resume, a
 * burn-in): run on a node or the Slurm controller, each with its own
 * timeout and a callback when it ends; in batch, waited for in a loop of
 * their own.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A command is a run of the fleet (fleet.h) with no probe and a callback:
 * fleet.c queues, starts and stops it as it does a probe's, and hands it
 * here when it ends.  No libssh here.
 */

#include <string.h>

#include "backend.h"
#include "fleet.h"

/*
 * A command that changes things, on a node (a channel of its session) or
 * on the controller (its session, or a local process when it is "local").
 * DONE is called once when it ends or cannot run.
 */
int
fleet_exec(struct fleet *f, int id, int node, const char *command,
    double timeout, exec_cb done, void *arg)
{
	struct fleet_target	*t;
	struct fleet_run	*r;

	if (node >= 0 && (u_int)node < f->model->nnodes)
		t = &f->nodes[node];
	else {
		node = -1;
		t = strcmp(f->ctld.name, "local") == 0 ? NULL : &f->ctld;
	}
	/* A target that failed is tried again now, not after its backoff. */
	if (t != NULL && t->state == FT_IDLE)
		t->retry = 0;
	r = fleet_queue(f, t, node, NULL, command, 0);
	r->id = id;
	r->done = done;
	r->arg = arg;
	r->timeout = timeout;
	r->attempts = t != NULL ? t->attempts : 0;
	/* It starts on the next tick: never a callback before we return. */
	return (id);
}

/*
 * A command (fleet_exec) waiting or running: ID's, or any (0).  To TAKE
 * it, one waiting goes to the running list, where fleet_exec_done() takes
 * it from.
 */
static struct fleet_run *
fleet_exec_find(struct fleet *f, int id, int take)
{
	struct fleet_run	*r;

	TAILQ_FOREACH(r, &f->runs, entry) {
		if (r->done != NULL && (id == 0 || r->id == id))
			return (r);
	}
	TAILQ_FOREACH(r, &f->waiting, entry) {
		if (r->done != NULL && (id == 0 || r->id == id)) {
			if (take) {
				TAILQ_REMOVE(&f->waiting, r, entry);
				TAILQ_INSERT_TAIL(&f->runs, r, entry);
			}
			return (r);
		}
	}
	return (NULL);
}

/*
 * A command has ended, or could not run (error): tell whoever asked.  The
 * run is gone before the callback, which may queue or cancel others.
 */
void
fleet_exec_done(struct fleet_run *r, const char *error)
{
	struct exec_result	 x;
	struct buf		 out, err;
	exec_cb			 done = r->done;
	void			*arg = r->arg;
	char			 why[256];
	int			 status;

	memset(&x, 0, sizeof x);
	x.id = r->id;
	x.node = r->node;
	if (r->ch != NULL) {
		fleet_run_stop(r, 1);
		status = r->gotstatus ? r->status : -1;
	} else
		status = fleet_run_stop(r, error != NULL);
	if (error != NULL) {
		strlcpy(why, error, sizeof why);
		status = -1;
	} else if (r->signal != NULL) {
		snprintf(why, sizeof why, "killed by signal %s", r->signal);
		status = -1;
	} else if (status == -1)
		strlcpy(why, "no exit status", sizeof why);
	x.status = status;
	x.why = status == -1 ? why : NULL;
	out = r->out;		/* what the stop read is in */
	err = r->err;
	memset(&r->out, 0, sizeof r->out);
	memset(&r->err, 0, sizeof r->err);
	fleet_run_free(r);
	x.out = &out;
	x.err = &err;
	done(&x, arg);
	buf_free(&out);
	buf_free(&err);
}

/* Stop a command; its callback says "cancelled". */
int
fleet_exec_cancel(struct fleet *f, int id)
{
	struct fleet_run	*r;

	if (id <= 0 || (r = fleet_exec_find(f, id, 1)) == NULL)
		return (-1);
	fleet_exec_done(r, "cancelled");
	return (0);
}

int
fleet_exec_busy(struct fleet *f)
{
	return (fleet_exec_find(f, 0, 0) != NULL);
}

/* Is one of these commands (or any, with no ids) still to end? */
static int
fleet_exec_pending(struct fleet *f, const int *ids, u_int n)
{
	u_int	 i;

	if (ids == NULL)
		return (fleet_exec_busy(f));
	for (i = 0; i < n; i++) {
		if (ids[i] > 0 && fleet_exec_find(f, ids[i], 0) != NULL)
			return (1);
	}
	return (0);
}

/*
 * Drive the commands (these, or every one if IDS is NULL) in a loop of our
 * own until they have ended or UNTIL; the loop the fleet was in.
 */
static struct loop *
fleet_exec_loop(struct fleet *f, const int *ids, u_int n, double until)
{
	struct loop	*saved = f->loop;
	double		 ticked = 0;

	fleet_rewatch(f, loop_create(), 1);
	fleet_schedule(f);
	while (fleet_exec_pending(f, ids, n) && fleet_now() < until) {
		loop_once(f->loop, FLEET_TICK);
		if (fleet_now() >= ticked + FLEET_TICK) {
			fleet_tick(f);
			ticked = fleet_now();
		}
	}
	return (saved);
}

/*
 * Batch: run the commands for at most SECONDS, or until none runs; those
 * still running go on, each bounded by its own timeout.
 */
void
fleet_exec_poll(struct fleet *f, double seconds)
{
	loop_free(fleet_rewatch(f, fleet_exec_loop(f, NULL, 0,
	    fleet_now() + seconds), 0));
}

/*
 * Run a loop of our own until these commands (every one, if IDS is NULL)
 * have ended: each has its timeout, a session its connect timeout, and
 * the commands go a fan-out at a time; LIMIT (or, if 0, those) bounds the
 * whole.  Others, a burn-in the console started, go on.
 */
void
fleet_exec_wait(struct fleet *f, const int *ids, u_int n, double limit)
{
	struct loop		*saved;
	struct fleet_run	*r;
	double			 longest;
	u_int			 i;

	longest = options_get_int("ssh.command-timeout");
	TAILQ_FOREACH(r, &f->waiting, entry) {
		if (r->done != NULL && r->timeout > longest)
			longest = r->timeout;
	}
	if (limit <= 0)
		limit = (options_get_int("ssh.connect-timeout") + longest + 1) *
		    (1 + (f->model->nnodes + 2) / options_get_int("ssh.fanout"));
	saved = fleet_exec_loop(f, ids, n, fleet_now() + limit);
	if (ids == NULL) {
		while ((r = fleet_exec_find(f, 0, 1)) != NULL)
			fleet_exec_done(r, "timed out");
	} else {
		for (i = 0; i < n; i++) {
			if (ids[i] > 0 && (r = fleet_exec_find(f, ids[i], 1)) !=
			    NULL)
				fleet_exec_done(r, "timed out");
		}
	}
	loop_free(fleet_rewatch(f, saved, 0));
}
