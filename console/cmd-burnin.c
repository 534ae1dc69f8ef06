/*
 * myriad - burn-in: burnin, burnin-cancel.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * burnin reads its arguments and starts a run (burnin.c) on nodes that
 * are drained or idle with no running job, unless forced, taking the path
 * of every command that changes the cluster (action.c: confirmation,
 * --dry-run, --yes, the audit log, the folded report and the exit status
 * 0, 3 or 1).  In batch mode it waits for the end; in the console it
 * returns at once and the Burn-in view follows the run.  One burn-in runs
 * at a time; burnin-cancel stops it.
 */

#include <stdlib.h>
#include <string.h>

#include "myriad.h"

/* The nodes a burn-in may not touch: not drained or idle, or with jobs. */
static int
cmd_burnin_refuse(struct cmd_ctx *ctx, struct action *a, struct buf *why)
{
	struct model	*m = ctx->model;
	struct node	*n;
	u_int		 i, bad = 0;

	for (i = 0; i < a->nnodes; i++) {
		n = &m->nodes[a->nodes[i]];
		if (n->njobs == 0 && (strncmp(n->state, "idle", 4) == 0 ||
		    strstr(n->state, "drain") != NULL))
			continue;
		if (bad++ >= 16)
			continue;
		buf_printf(why, "%s%s (%s", bad > 1 ? ", " : "", n->name,
		    n->state[0] != '\0' ? n->state : "Slurm state unknown");
		if (n->njobs > 0 && n->job >= 0 && (u_int)n->job < m->njobs)
			buf_printf(why, ", job %s%s", m->jobs[n->job].id,
			    n->njobs > 1 ? " and more" : "");
		buf_putc(why, ')');
	}
	if (bad > 16)
		buf_printf(why, " and %u more", bad - 16);
	return (bad);
}

/* A node's class: its vendor, or -1 when it has no accelerator. */
static int
cmd_burnin_class(struct model *m, int id)
{
	return (m->nodes[id].gpus_none ? -1 : (int)burnin_node_vendor(m, id));
}

/*
 * Each node's command, as its vendor's option says; the nodes of a vendor
 * with none, and those with no accelerator, are said, a line each, and
 * refused as the run starts.
 */
static void
cmd_burnin_commands(struct cmd_ctx *ctx, struct action *a, int level)
{
	const struct burnin_vendor	*bv;
	int				*ids, v;
	u_int				 k, n;
	char				*cmd, *set;

	ids = xcalloc(a->nnodes, sizeof *ids);
	for (v = -1; v <= VENDOR_HYGON; v++) {
		n = 0;
		for (k = 0; k < a->nnodes; k++) {
			if (cmd_burnin_class(ctx->model, a->nodes[k]) != v)
				continue;
			if ((cmd = burnin_command(ctx->model, a->nodes[k],
			    level)) == NULL)
				ids[n++] = a->nodes[k];
			else
				action_command(a, a->nodes[k], cmd);
			free(cmd);
		}
		if (n == 0)
			continue;
		a->refused += n;
		set = model_fold(ctx->model, ids, n);
		if (v == -1) {
			action_note(a, "refused: %s: %s", set, BURNIN_NONE);
			if (ctx->ui == NULL)
				fprintf(ctx->err, "myriad: burnin: %s: "
				    "refused: %s\n", set, BURNIN_NONE);
			free(set);
			continue;
		}
		bv = burnin_vendor(v);
		action_note(a, "refused: %s: %s: %s; set %s to a check whose "
		    "exit status is the verdict", set, field_enum_name(
		    FT_VENDOR, v), bv->why, bv->option);
		/* The console's box and rows say it; batch says it too. */
		if (ctx->ui == NULL)
			fprintf(ctx->err, "myriad: burnin: %s: %s: refused: "
			    "%s\n", set, field_enum_name(FT_VENDOR, v),
			    bv->why);
		free(set);
	}
	free(ids);
}

/*
 * A DOMAINSET where the node set is: each name a node, or a scale-up
 * domain (nvl72-r003) standing for its nodes.  The node set it stands
 * for, or NULL when it names no domain (and is taken as it is).
 */
static char *
cmd_burnin_domainset(struct model *m, const char *spec)
{
	struct nodeset		*ns, *out;
	const struct scaleup	*d;
	const char		*name;
	char			*set = NULL;
	size_t			 k;
	uint32_t		 i;
	int			 di, domains = 0;

	ns = nodeset_create();
	if (spec == NULL || nodeset_parse(ns, spec, NULL) != 0) {
		nodeset_free(ns);
		return (NULL);
	}
	out = nodeset_create();
	for (k = 0; k < nodeset_count(ns); k++) {
		name = nodeset_name(ns, k);
		if (model_find(m, name) != -1 ||
		    (di = scaleup_find(m, name)) == -1) {
			nodeset_add(out, name);
			continue;
		}
		d = &m->scaleups[di];
		for (i = d->first; i < d->first + d->nnodes; i++)
			nodeset_add(out, m->nodes[m->scaleupnodes[i]].name);
		domains++;
	}
	if (domains > 0)
		set = nodeset_fold(out);
	nodeset_free(out);
	nodeset_free(ns);
	return (set);
}

enum cmd_status
cmd_burnin(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct burnrun	*r;
	struct action		*a;
	struct buf		 why;
	const char		*spec = NULL, *w;
	char			*cause, *end, *set;
	enum cmd_status		 st;
	long			 level = options_get_int("burnin.level");
	int			 flags = 0, i, *ids;
	u_int			 k, bad;
	double			 elapsed, left;

	if (burnin_running(ctx->burnin, NULL))
		return (cmd_error(ctx, args, CMD_ERROR, "burn-in %s is "
		    "running; burnin-cancel stops it", burnin_run(ctx->burnin,
		    &elapsed, &left)->run));
	for (i = 0; i < args->argc; i++) {
		w = args->argv[i];
		if (strncmp(w, "level=", 6) == 0) {
			level = strtol(w + 6, &end, 10);
			if (*end != '\0' || end == w + 6 || level < 1 ||
			    level > 4)
				return (cmd_error(ctx, args, CMD_USAGE, "bad "
				    "level '%s': 1 to 4", w + 6));
		} else if (strcmp(w, "on-pass=resume") == 0)
			flags |= BURNIN_ON_PASS;
		else if (strcmp(w, "on-pass=none") == 0)
			flags &= ~BURNIN_ON_PASS;
		else if (strcmp(w, "on-fail=drain") == 0)
			flags |= BURNIN_ON_FAIL;
		else if (strcmp(w, "on-fail=none") == 0)
			flags &= ~BURNIN_ON_FAIL;
		else if (strchr(w, '=') != NULL && strchr(w, '[') == NULL)
			return (cmd_error(ctx, args, CMD_USAGE, "unknown "
			    "'%s': level=1..4, on-pass=resume, "
			    "on-fail=drain", w));
		else if (spec == NULL)
			spec = w;
		else
			return (cmd_error(ctx, args, CMD_USAGE, "one node set, "
			    "not '%s' too", w));
	}

	a = action_create(ctx, args, "burnin");
	set = cmd_burnin_domainset(ctx->model, spec);
	if (action_nodes(a, args, set != NULL ? set : spec, &cause) != 0) {
		st = cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		free(set);
		action_free(a);
		return (st);
	}
	free(set);
	buf_init(&why);
	if ((bad = cmd_burnin_refuse(ctx, a, &why)) > 0 && !a->force) {
		st = cmd_error(ctx, args, CMD_ERROR, "refused: %u node%s not "
		    "drained or idle, or with a running job: %s; --force to "
		    "burn in anyway", bad, bad == 1 ? " is" : "s are",
		    why.data);
		audit_refused(a, why.data);
		buf_free(&why);
		action_free(a);
		return (st);
	}
	buf_free(&why);
	/* Each node its vendor's command; a vendor with none refused. */
	cmd_burnin_commands(ctx, a, level);
	/* on-fail=drain drains those run and not drained already. */
	for (k = 0; (flags & BURNIN_ON_FAIL) && k < a->ncmds; k++) {
		if (strstr(ctx->model->nodes[a->cmds[k].node].state,
		    "drain") == NULL)
			a->drains++;
	}
	/* What it does to the domains of the nodes it runs on. */
	ids = xcalloc(a->ncmds + 1, sizeof *ids);
	for (k = 0; k < a->ncmds; k++)
		ids[k] = a->cmds[k].node;
	action_domains(a, ids, a->ncmds);
	free(ids);
	burnin_domains(ctx, a, level);
	if (flags & BURNIN_ON_PASS)
		action_note(a, "on-pass=resume: then resume those that pass "
		    "(those drained)");
	if (flags & BURNIN_ON_FAIL)
		action_note(a, "on-fail=drain: then drain those that fail, "
		    "their Slurm reason followed by the verdict "
		    "(\"REASON; burn-in RUN failed: WHY\")");
	if (flags == 0)
		action_note(a, "no on-pass or on-fail: every node stays as "
		    "it is");
	if ((st = action_begin(ctx, a)) != CMD_OK || a->dry_run) {
		/* The dry run's status is the run's, for those refused. */
		if (st == CMD_OK && a->refused > 0)
			st = a->refused == a->nnodes ? CMD_ERROR : CMD_SOME;
		action_free(a);
		return (st);
	}

	burnin_free(ctx->burnin);
	ctx->burnin = burnin_start(ctx, a, level, flags);
	if (ctx->ui == NULL)
		return (burnin_wait(ctx->burnin));
	/* The console follows it in the Burn-in view. */
	r = burnin_run(ctx->burnin, &elapsed, &left);
	ui_view(ctx->ui, "burnin", &cause);
	fprintf(ctx->err, "burn-in %s: %d node%s, level %ld\n", r->run,
	    r->count, r->count == 1 ? "" : "s", level);
	return (CMD_OK);
}

enum cmd_status
cmd_burnin_cancel(struct cmd_ctx *ctx, struct cmd_args *args)
{
	double	 elapsed, left;
	int	 stopped;

	if ((stopped = burnin_cancel(ctx->burnin)) == -1)
		return (cmd_error(ctx, args, CMD_ERROR, "no burn-in is "
		    "running"));
	fprintf(ctx->err, "burn-in %s: %d node%s stopped\n",
	    burnin_run(ctx->burnin, &elapsed, &left)->run, stopped,
	    stopped == 1 ? "" : "s");
	return (CMD_OK);
}
