/*
 * myriad - relay: what a gateway runs for the console (ssh.gateways), as
 * ClusterShell's gateways do in its tree mode.  A stream on every node of
 * -w over its persistent session, each line out as "NODE: LINE" and each
 * change of a node's state as "!NODE<tab>STATE<tab>WHY", until standard
 * input ends (the console closed the channel).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "myriad.h"
#include "backend.h"

static void
cmd_relay_input(int fd, short revents, void *arg)
{
	int	*done = arg;
	char	 tmp[512];

	if (read(fd, tmp, sizeof tmp) <= 0)
		*done = 1;
}

enum cmd_status
cmd_relay(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct loop	*l;
	char		*cause;
	double		 again = 0;
	int		 done = 0;

	if (ctx->ui != NULL)
		return (cmd_error(ctx, args, CMD_ERROR, "relay runs in batch "
		    "mode, on a gateway"));
	/* The stream's period: how long a node may be silent. */
	if (args->opt['i'] != NULL &&
	    options_set("refresh.gpus", args->opt['i'], &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "-i: %s", cause);
		free(cause);
		return (CMD_USAGE);
	}
	l = loop_create();
	backend_attach(ctx->backend, l);
	loop_add_fd(l, STDIN_FILENO, POLLIN, cmd_relay_input, &done);
	while (!done && !ferror(ctx->out)) {
		/* Nodes whose stream ended start it again, each period. */
		if (loop_now() >= again) {
			if (backend_relay(ctx->backend, args->argv[0],
			    ctx->out, &cause) != 0) {
				cmd_error(ctx, args, CMD_ERROR, "%s", cause);
				free(cause);
				break;
			}
			again = loop_now() + options_get_float("refresh.gpus");
		}
		loop_once(l, 1);
	}
	loop_del_fd(l, STDIN_FILENO);
	backend_attach(ctx->backend, NULL);
	loop_free(l);
	return (done ? CMD_OK : CMD_ERROR);
}
