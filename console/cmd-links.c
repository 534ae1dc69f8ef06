/*
 * myriad - inspect-links: the links of a node set against what the
 * configuration expects, from two reads of their counters.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "myriad.h"
#include "backend.h"

#define LINKS_DOMAINS	(BIT(DOM_LINKS) | BIT(DOM_IB))

/* Wait `seconds' between the reads: at once where time is simulated. */
static void
cmd_links_wait(struct cmd_ctx *ctx, double seconds)
{
	struct timespec	 ts;

	if (seconds <= 0 || backend_skip(ctx->backend, seconds))
		return;
	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

enum cmd_status
cmd_inspect_links(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model		*m = ctx->model;
	const struct record	*r = record_find("linkcheck");
	const struct linkcheck	*c;
	struct link_expect	 e;
	struct links		*l;
	struct filter		*filter = NULL;
	struct output		*o;
	enum output_format	 format;
	uint8_t			*mask;
	const char		*set = args->argc > 0 ? args->argv[0] : NULL;
	double			 interval;
	char			*cause, *end;
	u_int			 i, problems = 0;

	interval = options_get_float("links.interval");
	if (args->opt['i'] != NULL) {
		errno = 0;
		interval = strtod(args->opt['i'], &end);
		if (*args->opt['i'] == '\0' || *end != '\0' || errno != 0 ||
		    interval < 0 || interval > 3600)
			return (cmd_error(ctx, args, CMD_USAGE, "bad interval "
			    "'%s': want seconds, 0 to 3600", args->opt['i']));
	}
	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	if (args->opt['w'] != NULL &&
	    (filter = filter_create(r, args->opt['w'], &cause)) == NULL) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		return (CMD_USAGE);
	}
	if (model_select(m, set, &mask, &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		filter_free(filter);
		return (CMD_USAGE);
	}

	/* The first read is the one cmd_run() made; then the second. */
	l = links_create();
	if (interval > 0 && ctx->backend != NULL)
		links_first(l, m);
	if (ctx->ui != NULL) {
		filter_free(filter);
		ui_inspect_links(ctx->ui, l, mask, set, interval);
		return (CMD_OK);
	}
	if (interval > 0 && ctx->backend != NULL) {
		cmd_links_wait(ctx, interval);
		backend_refresh(ctx->backend, LINKS_DOMAINS, 1);
	}
	links_expect(&e);
	scaleup_update(m);	/* the domains' cliques */
	links_inspect(l, m, mask, &e, LI_UNREAD | LI_FABRIC |
	    (args->opt['a'] != NULL ? LI_ALL : 0));
	o = output_create(ctx->out, ctx->width, format, r, m);
	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (!filter_match(filter, c, m))
			continue;
		output_row(o, c);
		if (c->verdict != LV_OK)
			problems++;
	}
	output_free(o);
	links_free(l);
	filter_free(filter);
	free(mask);
	return (problems > 0 ? CMD_SOME : CMD_OK);
}
