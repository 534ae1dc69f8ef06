/*
 * myriad - commands that change the cluster: drain, resume, undrain.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Each is one scontrol update on the Slurm controller for the whole set,
 * through action.c (confirmation, dry run, breaker, audit log); resume
 * and undrain only for the nodes Slurm shows drained, the others not
 * drained and no failure.  Never State=DOWN: it kills the jobs.
 */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "myriad.h"
#include "backend.h"

/*
 * The Slurm states an update acts on, as myriad last read them: a node in
 * none of them is left as it is (resuming an idle node is an error to
 * slurmctld, and would fail the others with it).
 */
static const struct {
	const char	*state;
	const char	*acts[4];
} cmd_ops_acts[] = {
	{ "RESUME", { "drain", "down", "fail", NULL } },
	{ "UNDRAIN", { "drain", NULL } },
};

/* Whether STATE acts on node N: its Slurm state unknown, it may. */
static int
cmd_ops_acts_on(const char *state, const struct node *n)
{
	size_t	 i, k;

	if (n->state[0] == '\0')
		return (1);
	for (i = 0; i < nitems(cmd_ops_acts); i++) {
		if (strcmp(cmd_ops_acts[i].state, state) != 0)
			continue;
		for (k = 0; cmd_ops_acts[i].acts[k] != NULL; k++) {
			if (strstr(n->state, cmd_ops_acts[i].acts[k]) != NULL)
				return (1);
		}
		return (0);
	}
	return (1);
}

/* scontrol update NodeName=SET State=STATE [Reason=TEXT], every word quoted. */
static struct action_cmd *
cmd_ops_command(struct action *a, const int *ids, u_int n, const char *state,
    const char *reason)
{
	struct action_cmd	*c;
	struct buf		 b, w;
	char			*set;

	buf_init(&b);
	buf_init(&w);
	set = model_fold(a->ctx->model, ids, n);
	buf_puts(&b, "scontrol update ");
	buf_printf(&w, "NodeName=%s", set);
	shell_quote(&b, w.data);
	buf_printf(&b, " State=%s", state);
	if (reason != NULL) {
		buf_reset(&w);
		buf_printf(&w, "Reason=%s", reason);
		buf_putc(&b, ' ');
		shell_quote(&b, w.data);
	}
	c = action_command(a, -1, b.data);
	free(set);
	buf_free(&b);
	buf_free(&w);
	return (c);
}

/*
 * The one command for the set failed: slurmctld may have stopped at one
 * node.  Those it changed are done; each of the others is tried on its
 * own, so that one node that fails does not fail the rest.
 */
static void
cmd_ops_retry(struct cmd_ctx *ctx, struct action *a, const int *ids, u_int n,
    const char *state, const char *reason)
{
	u_int	 i, k;

	for (i = 0; i < a->nnodes; i++) {
		if (a->results[i].done && !a->results[i].ok)
			break;
	}
	if (n < 2 || i == a->nnodes)
		return;
	backend_refresh(ctx->backend, BIT(DOM_NODES), 1);
	for (k = 0; k < n; k++) {
		if (strcmp(state, "DRAIN") != 0 &&
		    !cmd_ops_acts_on(state, &ctx->model->nodes[ids[k]]))
			action_result(a, ids[k], 1, "ok");
		else
			cmd_ops_command(a, &ids[k], 1, state, reason)->node =
			    ids[k];
	}
	action_exec(ctx, a);
}

/*
 * One scontrol update for the nodes it acts on; the others are said to
 * be not drained, and are no failure.
 */
static enum cmd_status
cmd_ops_update(struct cmd_ctx *ctx, struct cmd_args *args, const char *verb,
    const char *state)
{
	struct action	*a;
	struct node	*n;
	const char	*spec = NULL, *reason = NULL;
	char		*cause, *set, not[64];
	enum cmd_status	 st;
	int		 i, *ids, *left;
	u_int		 k, nids = 0, nleft = 0;

	for (i = 0; i < args->argc; i++) {
		if (strncasecmp(args->argv[i], "reason=", 7) == 0)
			reason = args->argv[i] + 7;
		else if (spec == NULL)
			spec = args->argv[i];
		else
			return (cmd_error(ctx, args, CMD_USAGE, "one node set, "
			    "not '%s' too", args->argv[i]));
	}
	if (strcmp(state, "DRAIN") == 0 && (reason == NULL ||
	    *reason == '\0'))
		return (cmd_error(ctx, args, CMD_USAGE, "reason=TEXT is "
		    "required"));
	if (reason != NULL && reason[strspn(reason, " \t\n")] == '\0')
		return (cmd_error(ctx, args, CMD_USAGE, "a reason of only "
		    "spaces says nothing: reason=TEXT"));
	if (strcmp(state, "DRAIN") != 0 && reason != NULL)
		return (cmd_error(ctx, args, CMD_USAGE, "no reason with %s",
		    verb));

	a = action_create(ctx, args, verb);
	if (action_nodes(a, args, spec, &cause) != 0) {
		st = cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		action_free(a);
		return (st);
	}
	if (strcmp(state, "DRAIN") == 0)
		a->drains = a->nnodes;

	ids = xcalloc(a->nnodes ? a->nnodes : 1, sizeof *ids);
	left = xcalloc(a->nnodes ? a->nnodes : 1, sizeof *left);
	for (k = 0; k < a->nnodes; k++) {
		n = &ctx->model->nodes[a->nodes[k]];
		if (cmd_ops_acts_on(state, n)) {
			ids[nids++] = a->nodes[k];
			continue;
		}
		left[nleft++] = a->nodes[k];
		snprintf(not, sizeof not, "not drained (%s)", n->state);
		action_result(a, a->nodes[k], 1, not);
	}
	if (nleft > 0) {
		set = model_fold(ctx->model, left, nleft);
		action_note(a, "not drained, left as they are: %s (%u)", set,
		    nleft);
		free(set);
	}
	if (nids > 0 && strcmp(state, "DRAIN") == 0)
		action_domains(a, ids, nids);
	if (nids > 0)
		cmd_ops_command(a, ids, nids, state, reason);

	st = action_begin(ctx, a);
	if (st == CMD_OK && !a->dry_run) {
		action_exec(ctx, a);
		cmd_ops_retry(ctx, a, ids, nids, state, reason);
		st = action_end(ctx, a);
	}
	/* The new state and reason, in list-nodes and the node view. */
	if (!a->dry_run && a->begun)
		backend_refresh(ctx->backend, BIT(DOM_NODES), 1);
	free(ids);
	free(left);
	action_free(a);
	return (st);
}

enum cmd_status
cmd_drain(struct cmd_ctx *ctx, struct cmd_args *args)
{
	return (cmd_ops_update(ctx, args, "drain", "DRAIN"));
}

enum cmd_status
cmd_resume(struct cmd_ctx *ctx, struct cmd_args *args)
{
	return (cmd_ops_update(ctx, args, "resume", "RESUME"));
}

enum cmd_status
cmd_undrain(struct cmd_ctx *ctx, struct cmd_args *args)
{
	return (cmd_ops_update(ctx, args, "undrain", "UNDRAIN"));
}
