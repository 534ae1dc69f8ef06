/*
 * myriad - actions: the one path of every command that changes the cluster.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A command that drains, resumes or burns in builds an action: its nodes
 * and the remote commands it will run.  action_begin() then refuses it or
 * lets it go: --dry-run prints the commands and stops; the circuit breaker
 * refuses too many drains in the window unless forced; without a terminal
 * it needs --yes; the console (or the terminal) asks, the node count typed
 * for more than one node; the intent goes to the audit log.  The results
 * come per node (action_result) and action_end() logs them, prints them
 * folded as dshbak -c does (or as JSON) and gives the exit status: 0 all
 * succeeded, 3 some failed, 1 all failed.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"
#include "backend.h"

static u_int	action_serial;

/* The command's flags: -n, -y, -f where the command takes them. */
static int
action_flag(struct cmd_args *args, int ch)
{
	return (args != NULL && strchr(args->entry->opts, ch) != NULL &&
	    args->opt[ch] != NULL);
}

struct action *
action_create(struct cmd_ctx *ctx, struct cmd_args *args, const char *verb)
{
	struct action	*a;
	struct buf	 b;
	int		 i;

	a = xcalloc(1, sizeof *a);
	a->ctx = ctx;
	a->verb = verb;
	buf_init(&b);
	buf_puts(&b, "");
	for (i = 0; args != NULL && i < args->nwords; i++) {
		if (i != 0)
			buf_putc(&b, ' ');
		shell_quote(&b, args->words[i]);
	}
	a->line = b.data != NULL ? b.data : xstrdup(verb);
	a->dry_run = ctx->dry_run || action_flag(args, 'n');
	a->yes = ctx->yes || action_flag(args, 'y');
	a->force = ctx->force || action_flag(args, 'f');
	a->format = ctx->format;
	if (args != NULL && args->opt['o'] != NULL)
		output_parse_format(args->opt['o'], &a->format);
	snprintf(a->id, sizeof a->id, "%lld-%ld-%u", (long long)time(NULL),
	    (long)getpid(), ++action_serial);
	return (a);
}

void
action_free(struct action *a)
{
	u_int	 i;

	if (a == NULL)
		return;
	for (i = 0; i < a->ncmds; i++) {
		free(a->cmds[i].where);
		free(a->cmds[i].command);
	}
	free(a->cmds);
	if (a->results != NULL) {
		for (i = 0; i < a->nnodes; i++)
			free(a->results[i].text);
	}
	free(a->results);
	free(a->nodes);
	free(a->set);
	free(a->target);
	free(a->notes);
	free(a->line);
	json_decref(a->domains);
	json_decref(a->verdicts);
	free(a);
}

/*
 * The nodes: a node set (every name in the cluster, or an error), or in
 * the console the marked nodes, else what the cursor is on (ui_marked),
 * and which they are in words, for the box and the dry run.
 */
int
action_nodes(struct action *a, struct cmd_args *args, const char *spec,
    char **cause)
{
	struct model	*m = a->ctx->model;
	uint8_t		*mask;
	u_int		 i;

	if (spec == NULL) {
		if (a->ctx->ui == NULL) {
			xasprintf(cause, "which nodes? give a node set");
			return (-1);
		}
		if (ui_marked(a->ctx->ui, &a->nodes, &a->nnodes,
		    &a->target) != 0) {
			*cause = a->target;
			a->target = NULL;
			return (-1);
		}
	} else {
		if (*spec == '\0') {
			xasprintf(cause, "empty node set");
			return (-1);
		}
		if (model_select(m, spec, &mask, cause) != 0)
			return (-1);
		a->nodes = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *a->nodes);
		for (i = 0; i < m->nnodes; i++) {
			if (mask[i])
				a->nodes[a->nnodes++] = i;
		}
		free(mask);
	}
	a->set = model_fold(m, a->nodes, a->nnodes);
	a->results = xcalloc(a->nnodes ? a->nnodes : 1, sizeof *a->results);
	return (0);
}

/*
 * A remote command the action runs: on a node, for it; or on the
 * controller (-1), for the nodes with no result yet unless told which.
 */
struct action_cmd *
action_command(struct action *a, int target, const char *command)
{
	struct action_cmd	*c;

	a->cmds = xreallocarray(a->cmds, a->ncmds + 1, sizeof *a->cmds);
	c = &a->cmds[a->ncmds++];
	c->target = target;
	c->node = target;
	c->where = xstrdup(backend_exec_target(a->ctx->backend, target));
	c->command = xstrdup(command);
	c->id = 0;
	return (c);
}

/* A line more for the box and the dry run: what else it does, or not. */
void
action_note(struct action *a, const char *fmt, ...)
{
	va_list	 ap;
	char	*line, *notes;

	va_start(ap, fmt);
	xvasprintf(&line, fmt, ap);
	va_end(ap);
	xasprintf(&notes, "%s%s\n", a->notes != NULL ? a->notes : "", line);
	free(line);
	free(a->notes);
	a->notes = notes;
}

/* Running jobs on the action's nodes: how many, and the first few ids. */
static u_int
action_jobs(struct action *a, struct buf *ids)
{
	struct model	*m = a->ctx->model;
	struct job	*j;
	uint8_t		*mask;
	u_int		 i, k, total = 0;

	mask = xcalloc(m->nnodes ? m->nnodes : 1, 1);
	for (i = 0; i < a->nnodes; i++)
		mask[a->nodes[i]] = 1;
	for (k = 0; k < m->njobs; k++) {
		j = &m->jobs[k];
		for (i = 0; i < j->count; i++) {
			if (mask[m->jobnodes[j->first + i]])
				break;
		}
		if (i == j->count)
			continue;
		if (total++ < 8)
			buf_printf(ids, "%s%s", total > 1 ? " " : "", j->id);
	}
	free(mask);
	return (total);
}

/* A running job on a domain, for its line: "50399412 (72 GPUs)". */
static void
action_domain_job(struct buf *b, json_t *job)
{
	json_t	*gpus = json_object_get(job, "gpus");

	buf_printf(b, "%s (", json_string_value(json_object_get(job, "id")));
	if (json_is_integer(gpus))
		buf_printf(b, "%lld GPU%s)",
		    (long long)json_integer_value(gpus),
		    json_integer_value(gpus) == 1 ? "" : "s");
	else
		buf_puts(b, "GPUs unknown)");
}

/*
 * Domain d as the action leaves it: the nodes of it the action takes
 * (mask), those out already, the GPUs it keeps; its line for the box
 * and the dry run, and its object for the audit log and the breaker.
 */
static void
action_domain(struct action *a, const struct scaleup *d, const uint8_t *mask,
    json_t *jobs)
{
	struct model		*m = a->ctx->model;
	const struct node	*n;
	struct buf		 b;
	json_t			*job;
	const char		*unit;
	int			*took, *out;
	u_int			 ntook = 0, nout = 0, keeps = 0, want, k;
	uint32_t		 id;
	size_t			 i;
	char			*tset, *oset = NULL;

	took = xcalloc(d->nnodes, sizeof *took);
	out = xcalloc(d->nnodes, sizeof *out);
	for (k = d->first; k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		n = &m->nodes[id];
		model_gpus_missing(m, id, &want);
		if (!n->gpus_known && !n->gpus_none)
			want = d->gpus_expected / d->nnodes;
		if (mask[id])
			took[ntook++] = id;
		else if (model_unreachable(n) || scaleup_state_out(n->state))
			out[nout++] = id;
		else
			keeps += want;
	}
	tset = model_fold(m, took, ntook);
	unit = strncmp(d->kind, "nvl", 3) == 0 ? "tray" : "node";
	buf_init(&b);
	if (ntook == 1)
		buf_printf(&b, "%s is a %s of %s", tset, unit, d->name);
	else
		buf_printf(&b, "%s are %s%u %ss of %s", tset, ntook ==
		    d->nnodes ? "all " : "", ntook, unit, d->name);
	buf_printf(&b, ": the domain falls to %u of %u GPUs", keeps,
	    d->gpus_expected);
	if (nout > 0) {
		oset = model_fold(m, out, nout);
		buf_printf(&b, " (%s out already)", oset);
	}
	if (json_array_size(jobs) == 0)
		buf_puts(&b, "; no job runs there");
	else
		buf_printf(&b, "; %zu job%s there: ", json_array_size(jobs),
		    json_array_size(jobs) == 1 ? " runs" : "s run");
	json_array_foreach(jobs, i, job) {
		if (i == 4) {
			buf_printf(&b, " and %zu more",
			    json_array_size(jobs) - 4);
			break;
		}
		if (i > 0)
			buf_puts(&b, ", ");
		action_domain_job(&b, job);
	}
	action_note(a, "%s", b.data);
	json_array_append_new(a->domains, json_pack("{s:s, s:s, s:s, s:i, "
	    "s:i, s:s, s:O, s:s}", "domain", d->name, "kind", d->kind, "nodes",
	    tset, "gpus", (int)d->gpus_expected, "keeps", (int)keeps, "out",
	    oset != NULL ? oset : "", "jobs", jobs, "text", b.data));
	buf_free(&b);
	free(tset);
	free(oset);
	free(took);
	free(out);
}

/*
 * What the action does to the scale-up domains of more than one node
 * that ids (the nodes it takes out of service) touch, a line each, in
 * the order of their nodes: "gpu[0037-0040] are 4 trays of nvl72-r003:
 * the domain falls to 52 of 72 GPUs (gpu0045 out already); 1 job runs
 * there: 50399412 (72 GPUs)".  An HGX server, a domain of one node,
 * says nothing.  In O(nodes + running jobs' nodes).
 */
void
action_domains(struct action *a, const int *ids, u_int n)
{
	struct model	*m = a->ctx->model;
	const struct job *j;
	json_t		**jobs, *job;
	uint32_t	*slot, *list, *seen, d, k, c;
	uint8_t		*mask;
	u_int		 i, ndoms = 0;

	scaleup_update(m);
	mask = xcalloc(m->nnodes + 1, 1);
	slot = xcalloc(m->nscaleups + 1, sizeof *slot);
	list = xcalloc(n + 1, sizeof *list);
	for (i = 0; i < n; i++) {
		mask[ids[i]] = 1;
		d = m->nodes[ids[i]].scaleup;
		if (m->scaleups[d].nnodes > 1 && slot[d] == 0) {
			list[ndoms++] = d;
			slot[d] = ndoms;
		}
	}
	jobs = xcalloc(ndoms + 1, sizeof *jobs);
	seen = xcalloc(ndoms + 1, sizeof *seen);
	for (i = 0; i < ndoms; i++)
		jobs[i] = json_array();
	for (k = 0; ndoms > 0 && k < m->njobs; k++) {
		j = &m->jobs[k];
		for (c = 0; c < j->count; c++) {
			d = slot[m->nodes[m->jobnodes[j->first + c]].scaleup];
			if (d == 0 || seen[d - 1] == k + 1)
				continue;
			seen[d - 1] = k + 1;
			job = json_pack("{s:s}", "id", j->id);
			if (j->valid & BIT(JOB_GPUS))
				json_object_set_new(job, "gpus",
				    json_integer(j->gpus));
			json_array_append_new(jobs[d - 1], job);
		}
	}
	if (ndoms > 0 && a->domains == NULL)
		a->domains = json_array();
	for (i = 0; i < ndoms; i++) {
		action_domain(a, &m->scaleups[list[i]], mask, jobs[i]);
		json_decref(jobs[i]);
	}
	free(jobs);
	free(seen);
	free(list);
	free(slot);
	free(mask);
}

/* What the operator is asked about: the set, the count, the jobs. */
static char *
action_summary(struct action *a)
{
	struct buf	 b, ids;
	u_int		 jobs, i;

	buf_init(&b);
	buf_init(&ids);
	jobs = action_jobs(a, &ids);
	buf_printf(&b, "%s %s: %u node%s\n", a->verb, a->set, a->nnodes,
	    a->nnodes == 1 ? "" : "s");
	if (a->refused > 0)
		buf_printf(&b, "refused: %u node%s (below); it runs on %u\n",
		    a->refused, a->refused == 1 ? "" : "s",
		    a->nnodes - a->refused);
	if (a->target != NULL)
		buf_printf(&b, "%s\n", a->target);
	if (a->notes != NULL)
		buf_puts(&b, a->notes);
	if (jobs > 0)
		buf_printf(&b, "running jobs affected: %u (%s%s)\n", jobs,
		    ids.data, jobs > 8 ? " ..." : "");
	else
		buf_puts(&b, "running jobs affected: none\n");
	for (i = 0; i < a->ncmds && i < 4; i++)
		buf_printf(&b, "on %s: %s\n", a->cmds[i].where,
		    a->cmds[i].command);
	if (a->ncmds > 4)
		buf_printf(&b, "... and %u more commands\n", a->ncmds - 4);
	buf_free(&ids);
	return (b.data);
}

/* Ask on the terminal, for batch mode on one. 1: yes. */
static int
action_ask_tty(struct action *a, const char *summary, const char *expect)
{
	FILE	*tty;
	char	 line[64];
	int	 yes = 0;

	if ((tty = fopen("/dev/tty", "r+")) == NULL)
		return (0);
	fprintf(tty, "%s", summary);
	if (a->nnodes - a->refused > 1)
		fprintf(tty, "type the node count (%s) to go on, anything "
		    "else stops: ", expect);
	else
		fprintf(tty, "go on? [y/N] ");
	fflush(tty);
	if (fgets(line, sizeof line, tty) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		yes = strcmp(line, expect) == 0;
	}
	fclose(tty);
	return (yes);
}

static enum cmd_status
action_refuse(struct cmd_ctx *ctx, struct action *a, const char *fmt, ...)
    printflike(3, 4);
static enum cmd_status
action_refuse(struct cmd_ctx *ctx, struct action *a, const char *fmt, ...)
{
	va_list	 ap;
	char	*why;

	va_start(ap, fmt);
	xvasprintf(&why, fmt, ap);
	va_end(ap);
	fprintf(ctx->err, "myriad: %s: refused: %s\n", a->verb, why);
	audit_refused(a, why);
	free(why);
	return (CMD_ERROR);
}

/*
 * The circuit breaker's second count: the scale-up domains of more than
 * one node the drains of the window touched, and this one's, at most
 * max-drain.domains; why not, or NULL.
 */
static char *
action_breaker_domains(struct action *a, double now, long window)
{
	long		 limit = options_get_int("max-drain.domains");
	struct buf	 mine;
	json_t		*o;
	const char	*name;
	char		**was, *why = NULL;
	u_int		 nwas, total, k;
	size_t		 i;

	nwas = audit_domains(now, window, &was);
	total = nwas;
	buf_init(&mine);
	json_array_foreach(a->domains, i, o) {
		name = json_string_value(json_object_get(o, "domain"));
		buf_printf(&mine, "%s%s", i > 0 ? ", " : "", name);
		for (k = 0; k < nwas && strcmp(was[k], name) != 0; k++)
			;
		total += k == nwas;
	}
	if (total > (u_long)limit) {
		for (k = 0; k < nwas; k++)
			buf_printf(&mine, "%s%s", k > 0 ? ", " : ", and drains "
			    "of the window touched ", was[k]);
		xasprintf(&why, "circuit breaker: the %s touches %s: %u "
		    "domain%s of more than one node in the last %ld s, past "
		    "the limit of %ld (max-drain.domains); --force to drain "
		    "anyway", a->verb, mine.data, total, total == 1 ? "" : "s",
		    window, limit);
	}
	for (k = 0; k < nwas; k++)
		free(was[k]);
	free(was);
	buf_free(&mine);
	return (why);
}

/*
 * The circuit breaker: the most nodes drained in a window, and the most
 * domains of more than one node they touch, unforced; why it trips, or
 * NULL.
 */
static char *
action_breaker(struct action *a)
{
	struct model	*m = a->ctx->model;
	double		 share = options_get_float("max-drain.share");
	double		 now = (double)time(NULL);
	long		 count = options_get_int("max-drain.count");
	long		 window = options_get_int("max-drain.window");
	long		 byshare, limit, already;
	char		*why;

	if (a->drains == 0)
		return (NULL);
	limit = count;
	byshare = (long)floor(m->nnodes * share);
	if (byshare < 1)
		byshare = 1;
	if (byshare < limit)
		limit = byshare;
	already = audit_drained(now, window);
	if (already + a->drains > limit) {
		xasprintf(&why, "circuit breaker: %ld node%s drained in the "
		    "last %ld s, and %d more would pass the limit of %ld "
		    "(max-drain.count %ld, max-drain.share %g of %u nodes); "
		    "--force to drain anyway", already, already == 1 ? "" :
		    "s", window, a->drains, limit, count, share, m->nnodes);
		return (why);
	}
	if (a->domains == NULL)
		return (NULL);
	return (action_breaker_domains(a, now, window));
}

/*
 * Refuse, stop (dry run) or let the action go.  CMD_OK and not a dry run:
 * run it; else stop with the status.
 */
enum cmd_status
action_begin(struct cmd_ctx *ctx, struct action *a)
{
	char		*summary, *cause, *tripped, expect[16];
	enum cmd_status	 st;
	u_int		 i;
	int		 yes;

	if (options_get_bool("read-only")) {
		fprintf(ctx->err, "myriad: %s: refused: myriad is read-only\n",
		    a->verb);
		return (CMD_ERROR);
	}
	tripped = action_breaker(a);
	if (a->dry_run) {
		for (i = 0; i < a->ncmds; i++)
			fprintf(ctx->out, "%s: %s\n", a->cmds[i].where,
			    a->cmds[i].command);
		fprintf(ctx->out, "dry run: %u command%s for %s (%u node%s) "
		    "not run%s\n", a->ncmds, a->ncmds == 1 ? "" : "s", a->set,
		    a->nnodes, a->nnodes == 1 ? "" : "s", tripped != NULL &&
		    !a->force ? "; the circuit breaker would refuse it" : "");
		if (tripped != NULL && !a->force)
			fprintf(ctx->out, "%s\n", tripped);
		if (a->target != NULL)
			fprintf(ctx->out, "%s\n", a->target);
		if (a->notes != NULL)
			fprintf(ctx->out, "%s", a->notes);
		st = tripped != NULL && !a->force ? CMD_ERROR : CMD_OK;
		free(tripped);
		return (st);	/* as the run would: refused, 1 */
	}
	if (a->ncmds == 0) {
		free(tripped);
		return (CMD_OK);	/* nothing to do: nothing to ask */
	}
	if (tripped != NULL && !a->force) {
		st = action_refuse(ctx, a, "%s", tripped);
		free(tripped);
		return (st);
	}
	free(tripped);
	if (a->nnodes - a->refused > 1)
		snprintf(expect, sizeof expect, "%u", a->nnodes - a->refused);
	else
		strlcpy(expect, "y", sizeof expect);
	if (!a->yes) {
		summary = action_summary(a);
		if (ctx->ui != NULL)
			yes = ui_confirm(ctx->ui, summary, expect);
		else if (isatty(STDIN_FILENO) && isatty(STDERR_FILENO))
			yes = action_ask_tty(a, summary, expect);
		else {
			free(summary);
			return (action_refuse(ctx, a, "no terminal to ask "
			    "on: give --yes to %s %s (%u node%s)", a->verb,
			    a->set, a->nnodes, a->nnodes == 1 ? "" : "s"));
		}
		free(summary);
		if (!yes)
			return (action_refuse(ctx, a, "not confirmed"));
	}
	if (audit_intent(a, &cause) != 0) {
		fprintf(ctx->err, "myriad: %s: refused: %s\n", a->verb, cause);
		free(cause);
		return (CMD_ERROR);
	}
	a->begun = 1;
	a->started = loop_now();
	return (CMD_OK);
}

/* A node's result: ok, or why not. */
void
action_result(struct action *a, int node, int ok, const char *text)
{
	u_int	 i;

	for (i = 0; i < a->nnodes; i++) {
		if (a->nodes[i] != node)
			continue;
		free(a->results[i].text);
		a->results[i].text = xstrdup(text != NULL ? text : "");
		a->results[i].ok = ok;
		a->results[i].refused = 0;
		a->results[i].done = 1;
		return;
	}
}

/* A node it did not run on, and why (the text, "refused: ..."). */
void
action_refused(struct action *a, int node, const char *text)
{
	u_int	 i;

	action_result(a, node, 0, text);
	for (i = 0; i < a->nnodes; i++) {
		if (a->nodes[i] == node)
			a->results[i].refused = 1;
	}
}

/*
 * The results folded as dshbak -c does: nodes with identical results in
 * one node set, with a count; a JSON array of {nodes, count, ok, result}.
 */
struct json_t *
action_groups(struct action *a)
{
	struct model		*m = a->ctx->model;
	struct action_node	*r, *q;
	json_t			*groups = json_array(), *g;
	int			*ids;
	uint8_t			*seen;
	u_int			 i, j, n;
	char			*set;

	ids = xcalloc(a->nnodes ? a->nnodes : 1, sizeof *ids);
	seen = xcalloc(a->nnodes ? a->nnodes : 1, 1);
	for (i = 0; i < a->nnodes; i++) {
		if (seen[i])
			continue;
		r = &a->results[i];
		n = 0;
		for (j = i; j < a->nnodes; j++) {
			q = &a->results[j];
			if (seen[j] || q->ok != r->ok ||
			    q->refused != r->refused ||
			    strcmp(q->text, r->text) != 0)
				continue;
			seen[j] = 1;
			ids[n++] = a->nodes[j];
		}
		set = model_fold(m, ids, n);
		g = json_pack("{s:s, s:i, s:b, s:s}", "nodes", set, "count",
		    (int)n, "ok", r->ok, "result", r->text);
		if (r->refused)
			json_object_set_new(g, "refused", json_true());
		json_array_append_new(groups, g);
		free(set);
	}
	free(ids);
	free(seen);
	return (groups);
}

static void
action_report(struct cmd_ctx *ctx, struct action *a, json_t *groups)
{
	json_t		*g;
	size_t		 i;
	const char	*d;
	char		*s;

	if (a->format == OUT_JSON) {
		s = json_dumps(groups, JSON_INDENT(2));
		fprintf(ctx->out, "%s\n", s);
		free(s);
		return;
	}
	/* What it did to the domains, as the box and the dry run said. */
	json_array_foreach(a->domains, i, g) {
		fprintf(ctx->out, "%s\n", json_string_value(json_object_get(g,
		    "text")));
	}
	json_array_foreach(groups, i, g) {
		d = json_string_value(json_object_get(g, "domain"));
		fprintf(ctx->out, "---------------\n%s%s%s", d != NULL ?
		    "domain " : "", d != NULL ? d : "", d != NULL ? ": " : "");
		fprintf(ctx->out, "%s (%lld)\n---------------\n%s%s\n",
		    json_string_value(json_object_get(g, "nodes")),
		    (long long)json_integer_value(json_object_get(g, "count")),
		    json_is_true(json_object_get(g, "refused")) ? "" :
		    json_is_true(json_object_get(g, "ok")) ? "ok: " :
		    "failed: ", json_string_value(json_object_get(g,
		    "result")));
	}
}

/* Log the results, print them; 0 all ok, 3 some failed, 1 all failed. */
enum cmd_status
action_end(struct cmd_ctx *ctx, struct action *a)
{
	enum cmd_status	 st;
	json_t		*groups;
	json_t		*v;
	u_int		 i, ok = 0, refused = 0, dfailed = 0;
	size_t		 k;
	char		*cause;

	for (i = 0; i < a->nnodes; i++) {
		if (!a->results[i].done) {
			a->results[i].text = xstrdup("no result");
			a->results[i].done = 1;
		}
		ok += a->results[i].ok;
		refused += a->results[i].refused;
	}
	if (ok == a->nnodes)
		st = CMD_OK;
	else if (ok == 0)
		st = CMD_ERROR;
	else
		st = CMD_SOME;
	groups = action_groups(a);
	/* Then the domains' verdicts: one failed, not all is well. */
	json_array_foreach(a->verdicts, k, v) {
		json_array_append(groups, v);
		dfailed += !json_is_true(json_object_get(v, "ok"));
	}
	if (dfailed > 0 && st == CMD_OK)
		st = CMD_SOME;
	if (a->begun && audit_result(a, groups, st, &cause) != 0) {
		fprintf(ctx->err, "myriad: %s: %s\n", a->verb, cause);
		free(cause);
	}
	action_report(ctx, a, groups);
	json_decref(groups);
	if (refused > 0 && ok + refused < a->nnodes)
		fprintf(ctx->err, "myriad: %s: %u passed, %u refused, %u "
		    "failed\n", a->verb, ok, refused, a->nnodes - ok - refused);
	else if (refused > 0)
		fprintf(ctx->err, "myriad: %s: %u passed, %u refused\n",
		    a->verb, ok, refused);
	else if (ok < a->nnodes)
		fprintf(ctx->err, "myriad: %s: failed on %u of %u node%s\n",
		    a->verb, a->nnodes - ok, a->nnodes,
		    a->nnodes == 1 ? "" : "s");
	if (dfailed > 0)
		fprintf(ctx->err, "myriad: %s: %u domain%s failed\n", a->verb,
		    dfailed, dfailed == 1 ? "" : "s");
	return (st);
}

/* What a command that printed nothing did: "resumed", not "ok". */
static const struct {
	const char	*verb;
	const char	*done;
} action_done[] = {
	{ .verb = "drain", .done = "drained" },
	{ .verb = "resume", .done = "resumed" },
	{ .verb = "undrain", .done = "resumed" },
};

static const char *
action_done_text(const struct action *a)
{
	size_t	 i;

	for (i = 0; i < nitems(action_done); i++) {
		if (strcmp(action_done[i].verb, a->verb) == 0)
			return (action_done[i].done);
	}
	return ("ok");
}

/* One remote command ended: its result for the nodes it was for. */
static void
action_exec_done(const struct exec_result *x, void *arg)
{
	struct action	*a = arg;
	struct buf	 text;
	const struct buf *from;
	u_int		 i, k;
	int		 ok = x->status == 0;

	for (k = 0; k < a->ncmds; k++) {
		if (a->cmds[k].id == x->id)
			break;
	}
	if (k == a->ncmds)
		return;
	a->cmds[k].id = -1;
	buf_init(&text);
	from = ok ? x->out : x->err;
	if (x->why != NULL)
		buf_puts(&text, x->why);
	else if (from->len > 0) {
		/* Its output, on one line. */
		for (i = 0; i < from->len && text.len < 400; i++)
			buf_putc(&text, from->data[i] == '\n' ? ' ' :
			    from->data[i]);
		while (text.len > 0 && text.data[text.len - 1] == ' ')
			text.len--;
		buf_putc(&text, '\0');
	} else if (ok)
		buf_puts(&text, action_done_text(a));
	else
		buf_printf(&text, "exit status %d", x->status);
	for (i = 0; i < a->nnodes; i++) {
		if (a->cmds[k].node == a->nodes[i] || (a->cmds[k].node == -1 &&
		    !a->results[i].done))
			action_result(a, a->nodes[i], ok, text.data);
	}
	buf_free(&text);
}

/*
 * Run the commands not run yet and wait for them, bounded by their
 * timeout.
 */
void
action_exec(struct cmd_ctx *ctx, struct action *a)
{
	u_int		 i, n = 0;
	int		*ids;
	double		 timeout = options_get_int("ssh.command-timeout");

	ids = xcalloc(a->ncmds ? a->ncmds : 1, sizeof *ids);
	for (i = 0; i < a->ncmds; i++) {
		if (a->cmds[i].id == 0)
			ids[n++] = a->cmds[i].id = backend_exec(ctx->backend,
			    a->cmds[i].target, a->cmds[i].command, timeout,
			    action_exec_done, a);
	}
	backend_exec_wait_ids(ctx->backend, ids, n);
	free(ids);
	for (i = 0; i < a->ncmds; i++) {
		if (a->cmds[i].id > 0)
			backend_exec_cancel(ctx->backend, a->cmds[i].id);
	}
}

/* Run an action whose commands are known: begin, run them, end. */
enum cmd_status
action_run(struct cmd_ctx *ctx, struct action *a)
{
	enum cmd_status	 st;

	if ((st = action_begin(ctx, a)) != CMD_OK || a->dry_run)
		return (st);
	action_exec(ctx, a);
	return (action_end(ctx, a));
}
