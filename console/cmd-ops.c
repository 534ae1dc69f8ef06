/*
 * myriad - commands that change the cluster: drain, resume, undrain.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Each is one scontrol update on the Slurm controller for the whole set,
 * through action.c (confirmation, dry run, breaker, audit log).  Never
 * State=DOWN: it kills the jobs.
 */

#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

/* scontrol update NodeName=SET State=STATE [Reason=TEXT], every word quoted. */
static enum cmd_status
cmd_ops_update(struct cmd_ctx *ctx, struct cmd_args *args, const char *verb,
    const char *state)
{
	struct action	*a;
	struct buf	 b, w;
	const char	*spec = NULL, *reason = NULL;
	char		*cause;
	enum cmd_status	 st;
	int		 i;

	for (i = 0; i < args->argc; i++) {
		if (strncmp(args->argv[i], "reason=", 7) == 0)
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

	buf_init(&b);
	buf_init(&w);
	buf_puts(&b, "scontrol update ");
	buf_printf(&w, "NodeName=%s", a->set);
	shell_quote(&b, w.data);
	buf_printf(&b, " State=%s", state);
	if (reason != NULL) {
		buf_reset(&w);
		buf_printf(&w, "Reason=%s", reason);
		buf_putc(&b, ' ');
		shell_quote(&b, w.data);
	}
	action_command(a, -1, b.data);
	buf_free(&b);
	buf_free(&w);

	st = action_run(ctx, a);
	/* The new state and reason, in list-nodes and the node view. */
	if (!a->dry_run && a->begun)
		backend_refresh(ctx->backend, BIT(DOM_NODES), 1);
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
