/*
 * myriad - the burn-in under way on the cluster, or its last: its nodes
 * and their rows, the queue, the clock, the follow-up and the report.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A run starts its vendor's diagnostic on each of its nodes (`dcgmi diag
 * -r LEVEL -j', burnin.command, on NVIDIA's; `rvs -r LEVEL',
 * burnin.amd-command, on AMD's; a site's check on Ascend and Hygon nodes,
 * or none: those are refused), at most ssh.fanout at once, the rest
 * queued, and reads each node's verdict from what the tool prints
 * (burnin-store.c), keeping it in the store as it ends.  When every node
 * has ended, on-pass=resume resumes those that passed and on-fail=drain
 * drains those that did not (a refused node is neither), the verdict
 * after their Slurm reason, through the resume and drain
 * commands (each its own action in the audit log); a node they fail on
 * fails.  Then the run's action (action.c) reports.
 *
 * The run belongs to its cluster's cmd_ctx, which keeps the last one for
 * the Burn-in view and list-burnins until the next starts.  In batch mode
 * burnin_wait waits for the end, with a progress line on standard error
 * when it is a terminal; in the console a timer a second keeps the clock
 * and ends the run.  cmd-burnin.c only reads the command's arguments and
 * starts one.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"
#include "backend.h"

#define BURNIN_REASON	256	/* characters of a drain's reason, at most */
#define BURNIN_KEEP	64	/* of them the Slurm reason keeps, at least */

/* A domain of more than one node the run covers whole: its verdict. */
struct burnin_domain {
	struct burnin	 row;		/* its verdict, kept as a node's */
	u_int		*rows;		/* its trays' rows */
	u_int		 nrows;
	int		 node;		/* where its command runs */
	char		*cmd;		/* burnin.domain-command; NULL: none */
	char		*set;		/* its nodes, folded */
	int		 started;
	int		 ended;
};

struct burnin_job {
	struct cmd_ctx	*ctx;
	struct action	*action;
	struct burnrun	 run;
	struct burnin	*rows;		/* one a node */
	int		*ids;		/* their node ids */
	int		*exec;		/* backend_exec ids, 0 when none: the
					   rows', then the domains' */
	struct burnin_domain *doms;
	u_int		 ndoms;
	u_int		 dleft;		/* domains' commands not ended */
	char		**why;		/* why on-pass or on-fail failed */
	double		*began;		/* loop_now() when each started */
	char		**cmds;		/* what each runs; NULL: refused */
	u_int		 n;
	u_int		 next;		/* the first queued row */
	u_int		 running;
	u_int		 ended;
	u_int		 fanout;
	double		 timeout;
	double		 started;	/* loop_now() */
	double		 stopped;	/* when the last node ended */
	int		 flags;		/* BURNIN_ON_PASS, BURNIN_ON_FAIL */
	FILE		*store;
	int		 cancelled;
	int		 finished;
	int		 progress;	/* a progress line on standard error */
};

/* A dcgmi diag's usual length per level, before any node has ended. */
static const double burnin_typical[] = { 0, 120, 600, 2400, 7200 };

static void	burnin_start_more(struct burnin_job *);
static void	burnin_domains_more(struct burnin_job *);

void
burnin_free(struct burnin_job *j)
{
	u_int	 i;

	if (j == NULL)
		return;
	if (j->store != NULL)
		fclose(j->store);
	action_free(j->action);
	free(j->rows);
	free(j->ids);
	free(j->exec);
	for (i = 0; j->why != NULL && i < j->n; i++)
		free(j->why[i]);
	free(j->why);
	free(j->began);
	for (i = 0; j->cmds != NULL && i < j->n; i++)
		free(j->cmds[i]);
	free(j->cmds);
	for (i = 0; i < j->ndoms; i++) {
		free(j->doms[i].rows);
		free(j->doms[i].cmd);
		free(j->doms[i].set);
	}
	free(j->doms);
	free(j);
}

/* The rows of the view: a row a node. */
const struct burnin *
burnin_rows(const struct burnin_job *j, u_int *n)
{
	if (j == NULL) {
		*n = 0;
		return (NULL);
	}
	*n = j->n;
	return (j->rows);
}

/* Whether a node or a domain's command is still to end. */
static int
burnin_busy(const struct burnin_job *j)
{
	return (j->ended < j->n || j->dleft > 0);
}

/* Whether RUN (or with NULL, any) is under way. */
int
burnin_running(const struct burnin_job *j, const char *run)
{
	return (j != NULL && !j->finished &&
	    (run == NULL || strcmp(j->run.run, run) == 0));
}

/* How long a node takes: those that ended, else the level's usual time. */
static double
burnin_per_node(struct burnin_job *j)
{
	double	 sum = 0;
	u_int	 i, n = 0;

	for (i = 0; i < j->n; i++) {
		if (j->rows[i].state == BURNIN_PASSED ||
		    j->rows[i].state == BURNIN_WARNED ||
		    j->rows[i].state == BURNIN_FAILED) {
			sum += j->rows[i].elapsed;
			n++;
		}
	}
	if (n > 0)
		return (sum / n);
	if (strcmp(options_get("source"), "sim") == 0)
		return (j->run.level * options_get_float("sim.diag-seconds"));
	return (burnin_typical[j->run.level]);
}

/*
 * The run, its time so far and an estimate of the time left (-1 when it
 * has ended); NULL when there has been none.
 */
const struct burnrun *
burnin_run(struct burnin_job *j, double *elapsed, double *left)
{
	double	 now = loop_now(), per, most = 0, t;
	u_int	 i, waves;

	*elapsed = 0;
	*left = -1;
	if (j == NULL)
		return (NULL);
	*elapsed = (j->stopped > 0 ? j->stopped : now) - j->started;
	if (!burnin_busy(j))
		return (&j->run);
	per = burnin_per_node(j);
	for (i = 0; i < j->n; i++) {
		if (j->rows[i].state != BURNIN_RUNNING)
			continue;
		j->rows[i].elapsed = now - j->began[i];
		t = per - j->rows[i].elapsed;
		if (t > most)
			most = t;
	}
	waves = (j->n - j->next + j->fanout - 1) / j->fanout;
	*left = most + waves * per;
	return (&j->run);
}

/*
 * Something changed: the view draws it, and a terminal's progress line (a
 * bar, the counts, the time) says it.
 */
static void
burnin_changed(struct burnin_job *j, int last)
{
	double	 elapsed, left;
	u_int	 i, full, c[BURNIN_REFUSED + 1];
	char	 bar[32], t1[32], t2[32];

	j->ctx->model->gen[DOM_BURNIN]++;
	if (!j->progress)
		return;
	burnin_run(j, &elapsed, &left);
	memset(c, 0, sizeof c);
	for (i = 0; i < j->n; i++)
		c[j->rows[i].state]++;
	full = j->n > 0 ? j->ended * 20 / j->n : 0;
	for (i = 0; i < 20; i++)
		bar[i] = i < full ? '#' : '-';
	bar[20] = '\0';
	snprintf(t1, sizeof t1, "%ld:%02ld", (long)elapsed / 60,
	    (long)elapsed % 60);
	if (left >= 0)
		snprintf(t2, sizeof t2, ", ~%ld:%02ld left",
		    (long)(left + 0.5) / 60, (long)(left + 0.5) % 60);
	else
		t2[0] = '\0';
	fprintf(j->ctx->err, "\r\033[Kburnin [%s] %u/%u: %u running, %u "
	    "passed, %u warned, %u failed, %u unreachable; %s%s%s", bar,
	    j->ended, j->n, c[BURNIN_RUNNING], c[BURNIN_PASSED],
	    c[BURNIN_WARNED], c[BURNIN_FAILED], c[BURNIN_UNREACHABLE], t1, t2,
	    last ? "\n" : "");
	fflush(j->ctx->err);
}

/*
 * A node's result as the report folds it: passed; or the failing GPUs and
 * tests and what dcgmi said; then what on-pass or on-fail did.
 */
static void
burnin_text(const struct burnin *b, char *text, size_t len)
{
	const char	*state = field_enum_name(FT_BURNIN, b->state);
	int		 n;

	if (b->state == BURNIN_PASSED || b->state == BURNIN_CANCELLED)
		n = snprintf(text, len, "%s", state);
	else if (b->state == BURNIN_FAILED &&
	    strncmp(b->gpus, "fail ", 5) == 0 && b->tests[0] != '\0')
		n = snprintf(text, len, "GPU %.*s: %.100s: %.300s",
		    (int)strcspn(b->gpus + 5, ";"), b->gpus + 5, b->tests,
		    b->message);
	else if (b->state == BURNIN_FAILED && b->tests[0] != '\0')
		n = snprintf(text, len, "%.100s%s%.300s", b->tests,
		    b->message[0] != '\0' ? ": " : "", b->message);
	else if (b->state == BURNIN_FAILED)
		n = snprintf(text, len, "%.400s", b->message);
	else
		n = snprintf(text, len, "%s: %.400s", state, b->message);
	if (b->action[0] != '\0' && n >= 0 && (size_t)n < len)
		snprintf(text + n, len - n, "; %s", b->action);
}

/*
 * The node's result, for the report and the audit log: a node that
 * passed fails when what on-pass did failed.
 */
static void
burnin_result(struct burnin_job *j, u_int i)
{
	const struct burnin	*b = &j->rows[i];
	char			 text[600];

	burnin_text(b, text, sizeof text);
	if (b->state == BURNIN_REFUSED)
		action_refused(j->action, j->ids[i], text);
	else
		action_result(j->action, j->ids[i], (b->state ==
		    BURNIN_PASSED || b->state == BURNIN_WARNED) &&
		    j->why[i] == NULL, text);
}

/* The run's counts, from its rows. */
static void
burnin_count(struct burnin_job *j)
{
	struct burnrun	*r = &j->run;
	u_int		 i;

	r->passed = r->warned = r->failed = r->unreachable = 0;
	r->cancelled = r->refused = 0;
	for (i = 0; i < j->n; i++) {
		switch (j->rows[i].state) {
		case BURNIN_PASSED:
			r->passed++;
			break;
		case BURNIN_WARNED:
			r->warned++;
			break;
		case BURNIN_FAILED:
			r->failed++;
			break;
		case BURNIN_UNREACHABLE:
			r->unreachable++;
			break;
		case BURNIN_CANCELLED:
			r->cancelled++;
			break;
		case BURNIN_REFUSED:
			r->refused++;
			break;
		default:
			break;
		}
	}
}

/*
 * A diag that passed must have seen the node as the model does: every
 * GPU it has, none of them lost (Xid 79, off the bus).  Else it fails.
 */
static void
burnin_check(struct burnin_job *j, u_int i)
{
	struct model		*m = j->ctx->model;
	const struct node	*n = &m->nodes[j->ids[i]];
	const struct gpu	*g;
	struct burnin		*b = &j->rows[i];
	char			 why[160];
	u_int			 k;

	if (b->state != BURNIN_PASSED && b->state != BURNIN_WARNED)
		return;
	why[0] = '\0';
	for (k = 0; k < n->ngpus && why[0] == '\0'; k++) {
		g = &m->gpus[n->gpu0 + k];
		if (strstr(g->error, "lost") != NULL ||
		    ((g->valid & BIT(GPU_XID)) && g->xid == 79))
			snprintf(why, sizeof why, "GPU %d: %s", g->index,
			    g->error[0] != '\0' ? g->error : "Xid 79, lost");
	}
	if (why[0] == '\0' && b->ngpus > 0 && (u_int)b->ngpus < n->ngpus)
		snprintf(why, sizeof why, "the diagnostic saw %d of the "
		    "node's %u GPUs", b->ngpus, n->ngpus);
	if (why[0] == '\0')
		return;
	b->state = BURNIN_FAILED;
	b->result = DIAG_FAIL;
	strlcpy(b->tests, "GPUs", sizeof b->tests);
	snprintf(b->message, sizeof b->message, "%s, though %s passed it",
	    why, burnin_vendor(b->vendor)->tool);
}

/*
 * A site's check, with no parser: its exit status is the verdict, its
 * last line (of its output, or else of its errors) the message.
 */
static void
burnin_status(struct burnin *b, const struct exec_result *x,
    const char *option)
{
	const struct buf	*o = x->out->len > 0 ? x->out : x->err;
	size_t			 end = o->len, start;

	while (end > 0 && (o->data[end - 1] == '\n' ||
	    o->data[end - 1] == '\r'))
		end--;
	for (start = end; start > 0 && o->data[start - 1] != '\n'; start--)
		;
	b->result = x->status == 0 ? DIAG_PASS : DIAG_FAIL;
	b->state = x->status == 0 ? BURNIN_PASSED : BURNIN_FAILED;
	snprintf(b->message, sizeof b->message, "%s exit %d%s%.*s",
	    option, x->status, end > start ?
	    ": " : "", (int)(end - start), o->data + start);
}

/* One node's burn-in ended: its verdict, kept. */
static void
burnin_done(const struct exec_result *x, void *arg)
{
	struct burnin_job	*j = arg;
	struct burnin		*b;
	u_int			 i;
	char			 text[600];

	for (i = 0; i < j->n; i++) {
		if (j->exec[i] == x->id && j->exec[i] != 0)
			break;
	}
	if (i == j->n)
		return;
	b = &j->rows[i];
	j->exec[i] = 0;
	j->running--;
	j->ended++;
	b->ended = time(NULL);
	b->elapsed = loop_now() - j->began[i];
	if (x->why != NULL && strcmp(x->why, "cancelled") == 0) {
		b->state = BURNIN_CANCELLED;
		strlcpy(b->message, "cancelled", sizeof b->message);
	} else if (x->status == -1 && x->why != NULL &&
	    strncmp(x->why, "timed out", 9) == 0) {
		/* It ran, and did not end: not unreachable. */
		b->state = BURNIN_FAILED;
		b->result = DIAG_FAIL;
		strlcpy(b->message, x->why, sizeof b->message);
	} else if (x->status == -1) {
		b->state = BURNIN_UNREACHABLE;
		snprintf(b->message, sizeof b->message, "%s",
		    x->why != NULL ? x->why : "did not end");
	} else if (burnin_vendor(b->vendor)->parse == NULL)
		burnin_status(b, x, burnin_vendor(b->vendor)->option);
	else if (burnin_verdict(b, x->out->data, x->out->len) != 0 &&
	    x->err->len > 0) {
		/* Nothing the tool could say: what the shell said instead. */
		snprintf(b->message, sizeof b->message, "exit %d: %.*s",
		    x->status, (int)strcspn(x->err->data, "\n"),
		    x->err->data);
	} else
		burnin_check(j, i);
	burnin_store_write(j->store, "burnin", b);

	burnin_result(j, i);
	burnin_text(b, text, sizeof text);
	model_event(j->ctx->model, j->ids[i], -1, EV_ACTION, 0,
	    "burn-in %s", text);
	burnin_start_more(j);
	burnin_domains_more(j);
	if (!burnin_busy(j))
		j->stopped = loop_now();
	burnin_changed(j, 0);
}

/* Start queued nodes while fewer than the fan-out run. */
static void
burnin_start_more(struct burnin_job *j)
{
	u_int	 i;

	while (!j->cancelled && j->next < j->n && j->running < j->fanout) {
		i = j->next++;
		if (j->cmds[i] == NULL)
			continue;	/* refused */
		j->rows[i].state = BURNIN_RUNNING;
		j->rows[i].started = time(NULL);
		j->began[i] = loop_now();
		j->running++;
		j->exec[i] = backend_exec(j->ctx->backend, j->ids[i],
		    j->cmds[i], j->timeout, burnin_done, j);
	}
}

/* Whether row I has ended. */
static int
burnin_row_ended(const struct burnin_job *j, u_int i)
{
	return (j->rows[i].state != BURNIN_QUEUED &&
	    j->rows[i].state != BURNIN_RUNNING);
}

/*
 * The scale-up domains of more than one node whose every node is one of
 * the action's, in the order of their first nodes: their indexes in
 * m->scaleups, in *list.
 */
static u_int
burnin_domains_whole(struct model *m, const struct action *a, uint32_t **list)
{
	uint32_t	*count, d;
	u_int		 i, n = 0;

	scaleup_update(m);
	count = xcalloc(m->nscaleups + 1, sizeof *count);
	*list = xcalloc(a->nnodes + 1, sizeof **list);
	for (i = 0; i < a->nnodes; i++)
		count[m->nodes[a->nodes[i]].scaleup]++;
	for (i = 0; i < a->nnodes; i++) {
		d = m->nodes[a->nodes[i]].scaleup;
		if (m->scaleups[d].nnodes > 1 &&
		    count[d] == m->scaleups[d].nnodes) {
			(*list)[n++] = d;
			count[d] = 0;
		}
	}
	free(count);
	return (n);
}

/* Domain d's nodes, folded. */
static char *
burnin_domain_set(struct model *m, const struct scaleup *d)
{
	int	*ids;
	u_int	 k;
	char	*set;

	ids = xcalloc(d->nnodes, sizeof *ids);
	for (k = 0; k < d->nnodes; k++)
		ids[k] = m->scaleupnodes[d->first + k];
	set = model_fold(m, ids, d->nnodes);
	free(ids);
	return (set);
}

/*
 * The domains of more than one node the run is on only in part: no
 * verdict, a line each, so the dry run and the box say which are judged.
 */
static void
burnin_domains_part(struct model *m, struct action *a)
{
	const struct scaleup	*d;
	uint32_t		*count, k;
	u_int			 i;

	count = xcalloc(m->nscaleups + 1, sizeof *count);
	for (i = 0; i < a->nnodes; i++)
		count[m->nodes[a->nodes[i]].scaleup]++;
	for (i = 0; i < a->nnodes; i++) {
		k = m->nodes[a->nodes[i]].scaleup;
		d = &m->scaleups[k];
		if (d->nnodes > 1 && count[k] > 0 && count[k] < d->nnodes)
			action_note(a, "%s: no domain verdict: the run is on "
			    "%u of its %u nodes, not all", d->name, count[k],
			    d->nnodes);
		count[k] = 0;
	}
	free(count);
}

/*
 * What domain d runs once its trays have ended: burnin.domain-command,
 * %l the level, %d the domain's name and %n its nodes, each quoted; NULL
 * when it is empty.
 */
static char *
burnin_domain_command(struct model *m, const struct scaleup *d, int level)
{
	const char	*p = options_get("burnin.domain-command");
	struct buf	 cmd;
	char		*set;

	if (*p == '\0')
		return (NULL);
	set = burnin_domain_set(m, d);
	buf_init(&cmd);
	for (; *p != '\0'; p++) {
		if (p[0] == '%' && p[1] == 'l')
			buf_printf(&cmd, "%d", level);
		else if (p[0] == '%' && p[1] == 'd')
			shell_quote(&cmd, d->name);
		else if (p[0] == '%' && p[1] == 'n')
			shell_quote(&cmd, set);
		else {
			buf_putc(&cmd, *p);
			continue;
		}
		p++;
	}
	buf_putc(&cmd, '\0');
	free(set);
	return (cmd.data);
}

/*
 * For the box and the dry run: each domain the burn-in covers whole has
 * a verdict, and its burnin.domain-command, if any, runs on its first
 * node once its trays have ended.
 */
void
burnin_domains(struct cmd_ctx *ctx, struct action *a, int level)
{
	struct model		*m = ctx->model;
	const struct scaleup	*d;
	uint32_t		*list;
	u_int			 i, n;
	char			*cmd;

	n = burnin_domains_whole(m, a, &list);
	for (i = 0; i < n; i++) {
		d = &m->scaleups[list[i]];
		if ((cmd = burnin_domain_command(m, d, level)) == NULL) {
			action_note(a, "%s: a domain verdict, from its %u "
			    "nodes", d->name, d->nnodes);
			continue;
		}
		action_command(a, m->scaleupnodes[d->first], cmd);
		action_note(a, "%s: a domain verdict, from its %u nodes and "
		    "burnin.domain-command, on %s once they have ended",
		    d->name, d->nnodes, model_node_name(m,
		    m->scaleupnodes[d->first]));
		free(cmd);
	}
	free(list);
	burnin_domains_part(m, a);
}

/* The run's domains, each with its rows and its command. */
static void
burnin_domains_create(struct burnin_job *j, int level)
{
	struct model		*m = j->ctx->model;
	const struct scaleup	*d;
	struct burnin_domain	*dm;
	uint32_t		*list, k;
	u_int			*rowof, i;

	j->ndoms = burnin_domains_whole(m, j->action, &list);
	j->doms = xcalloc(j->ndoms + 1, sizeof *j->doms);
	j->exec = xreallocarray(j->exec, j->n + j->ndoms + 1,
	    sizeof *j->exec);
	memset(j->exec + j->n, 0, (j->ndoms + 1) * sizeof *j->exec);
	rowof = xcalloc(m->nnodes + 1, sizeof *rowof);
	for (i = 0; i < j->n; i++)
		rowof[j->ids[i]] = i;
	for (i = 0; i < j->ndoms; i++) {
		d = &m->scaleups[list[i]];
		dm = &j->doms[i];
		dm->rows = xcalloc(d->nnodes, sizeof *dm->rows);
		for (k = d->first; k < d->first + d->nnodes; k++)
			dm->rows[dm->nrows++] = rowof[m->scaleupnodes[k]];
		dm->node = m->scaleupnodes[d->first];
		dm->cmd = burnin_domain_command(m, d, level);
		dm->set = burnin_domain_set(m, d);
		strlcpy(dm->row.run, j->run.run, sizeof dm->row.run);
		strlcpy(dm->row.node, d->name, sizeof dm->row.node);
		strlcpy(dm->row.tests, BURNIN_DOMAIN, sizeof dm->row.tests);
		dm->row.level = level;
		dm->row.vendor = m->nodes[dm->node].vendor;
		dm->row.state = BURNIN_QUEUED;
		j->dleft += dm->cmd != NULL;
	}
	free(rowof);
	free(list);
}

/* A domain's command ended: what it said. */
static void
burnin_domain_done(const struct exec_result *x, void *arg)
{
	struct burnin_job	*j = arg;
	struct burnin_domain	*dm;
	u_int			 i;

	for (i = 0; i < j->ndoms; i++) {
		if (j->exec[j->n + i] == x->id && x->id != 0)
			break;
	}
	if (i == j->ndoms)
		return;
	dm = &j->doms[i];
	j->exec[j->n + i] = 0;
	dm->ended = 1;
	j->dleft--;
	dm->row.ended = time(NULL);
	dm->row.elapsed = dm->row.ended - dm->row.started;
	if (x->status == -1) {
		dm->row.state = BURNIN_FAILED;
		snprintf(dm->row.message, sizeof dm->row.message,
		    "burnin.domain-command: %s", x->why != NULL ? x->why :
		    "did not end");
	} else
		burnin_status(&dm->row, x, "burnin.domain-command");
	if (!burnin_busy(j))
		j->stopped = loop_now();
	burnin_changed(j, 0);
}

/*
 * Start the command of each domain whose trays have all ended; one not
 * started when the run is cancelled never will be.
 */
static void
burnin_domains_more(struct burnin_job *j)
{
	struct burnin_domain	*dm;
	u_int			 i, k;

	for (i = 0; i < j->ndoms; i++) {
		dm = &j->doms[i];
		if (dm->cmd == NULL || dm->started || dm->ended)
			continue;
		if (j->cancelled) {
			dm->ended = 1;
			j->dleft--;
			continue;
		}
		for (k = 0; k < dm->nrows; k++) {
			if (!burnin_row_ended(j, dm->rows[k]))
				break;
		}
		if (k < dm->nrows)
			continue;
		dm->started = 1;
		dm->row.state = BURNIN_RUNNING;
		dm->row.started = time(NULL);
		j->exec[j->n + i] = backend_exec(j->ctx->backend, dm->node,
		    dm->cmd, j->timeout, burnin_domain_done, j);
	}
}

/*
 * Each domain's verdict, once the run has ended: passed when every node
 * of it passed and its command, if any, did; else failed, with the nodes
 * that did not pass.  Kept with the nodes', and in the report.
 */
static void
burnin_domains_judge(struct burnin_job *j)
{
	struct burnin_domain	*dm;
	struct burnin		*b;
	struct buf		 msg;
	int			*ids;
	u_int			 i, k, nbad;
	char			*set;
	int			 ok;

	for (i = 0; i < j->ndoms; i++) {
		dm = &j->doms[i];
		b = &dm->row;
		ids = xcalloc(dm->nrows, sizeof *ids);
		for (nbad = k = 0; k < dm->nrows; k++) {
			if (j->rows[dm->rows[k]].state != BURNIN_PASSED &&
			    j->rows[dm->rows[k]].state != BURNIN_WARNED)
				ids[nbad++] = j->ids[dm->rows[k]];
		}
		buf_init(&msg);
		if (nbad > 0) {
			set = model_fold(j->ctx->model, ids, nbad);
			buf_printf(&msg, "%s did not pass", set);
			free(set);
		} else
			buf_printf(&msg, "its %u nodes passed", dm->nrows);
		if (dm->cmd != NULL && !dm->started)
			buf_puts(&msg, "; burnin.domain-command not run");
		else if (dm->cmd != NULL)
			buf_printf(&msg, "; %s", b->message);
		ok = nbad == 0 && (dm->cmd == NULL || (dm->started &&
		    b->state == BURNIN_PASSED));
		b->state = j->cancelled && !ok ? BURNIN_CANCELLED : ok ?
		    BURNIN_PASSED : BURNIN_FAILED;
		b->result = ok ? DIAG_PASS : DIAG_FAIL;
		strlcpy(b->message, msg.data, sizeof b->message);
		strlcpy(b->gpus, "", sizeof b->gpus);
		burnin_store_write(j->store, "burnin", b);
		if (j->action->verdicts == NULL)
			j->action->verdicts = json_array();
		json_array_append_new(j->action->verdicts, json_pack("{s:s, "
		    "s:s, s:i, s:b, s:s}", "domain", b->node, "nodes",
		    dm->set, "count", (int)dm->nrows, "ok", ok, "result",
		    b->message));
		buf_free(&msg);
		free(ids);
	}
}

/* What on-pass or on-fail did on row I: RESULT, when it is not "ok". */
static void
burnin_follow_row(struct burnin_job *j, u_int i, int ok, const char *result,
    const char *done, const char *failed)
{
	struct burnin	*b = &j->rows[i];

	free(j->why[i]);
	j->why[i] = ok ? NULL : xstrdup(result);
	if (!ok)
		snprintf(b->action, sizeof b->action, "%s: %s", failed,
		    result);
	else
		strlcpy(b->action, strcmp(result, "ok") == 0 ? done : result,
		    sizeof b->action);
}

/*
 * Run one command (resume, drain) on SET as if typed: confirmed, and past
 * the circuit breaker, with the burn-in (its drains counted then).  Each
 * row of its nodes says what it did: DONE, or why there was nothing to
 * do; or FAILED, and why, and the node fails in the burn-in's report.
 */
static void
burnin_follow(struct burnin_job *j, char **argv, int argc, const char *set,
    const char *done, const char *failed)
{
	struct cmd_ctx		*ctx = j->ctx;
	enum output_format	 format = ctx->format;
	int			 yes = ctx->yes, force = ctx->force;
	FILE			*out = ctx->out, *quiet;
	char			*text = NULL, *cause;
	size_t			 len = 0, g;
	json_t			*groups, *o;
	const char		*result, *nodes;
	uint8_t			*mask;
	u_int			 i;

	/* Its report, as JSON, is read into the burn-in's; its errors not. */
	if ((quiet = open_memstream(&text, &len)) != NULL)
		ctx->out = quiet;
	ctx->yes = ctx->force = 1;
	ctx->format = OUT_JSON;
	cmd_run(ctx, argc, argv);
	ctx->yes = yes;
	ctx->force = force;
	ctx->format = format;
	ctx->out = out;
	if (quiet != NULL)
		fclose(quiet);
	groups = text != NULL ? json_loads(text, 0, NULL) : NULL;
	free(text);

	/* A node of SET it said nothing about: it did not run there. */
	if (model_select(ctx->model, set, &mask, &cause) != 0) {
		free(cause);
		json_decref(groups);
		return;
	}
	for (i = 0; i < j->n; i++) {
		if (mask[j->ids[i]])
			burnin_follow_row(j, i, 0, "it did not run", done,
			    failed);
	}
	free(mask);
	json_array_foreach(groups, g, o) {
		result = json_string_value(json_object_get(o, "result"));
		nodes = json_string_value(json_object_get(o, "nodes"));
		if (result == NULL || nodes == NULL)
			continue;
		if (model_select(ctx->model, nodes, &mask, &cause) != 0) {
			free(cause);
			continue;
		}
		for (i = 0; i < j->n; i++) {
			if (mask[j->ids[i]])
				burnin_follow_row(j, i, json_is_true(
				    json_object_get(o, "ok")), result, done,
				    failed);
		}
		free(mask);
	}
	json_decref(groups);
}

/* The nodes that passed, folded. */
static char *
burnin_set(struct burnin_job *j)
{
	int	*ids;
	u_int	 i, n = 0;
	char	*set;

	ids = xcalloc(j->n, sizeof *ids);
	for (i = 0; i < j->n; i++) {
		if (j->rows[i].state == BURNIN_PASSED ||
		    j->rows[i].state == BURNIN_WARNED)
			ids[n++] = j->ids[i];
	}
	set = n > 0 ? model_fold(j->ctx->model, ids, n) : NULL;
	free(ids);
	return (set);
}

/* Characters, not bytes: a UTF-8 continuation byte is no more. */
static u_int
burnin_chars(const char *s)
{
	u_int	 chars = 0;

	for (; *s != '\0'; s++)
		chars += ((u_char)*s & 0xc0) != 0x80;
	return (chars);
}

/* s (freed) in at most max characters, cut at a word with an ellipsis. */
static char *
burnin_fit(char *s, u_int max)
{
	size_t	 cut = 0, space = 0, k;
	u_int	 chars = 0;
	char	*cuts;

	if (burnin_chars(s) <= max)
		return (s);
	for (k = 0; s[k] != '\0' && chars < max; k++) {
		if (((u_char)s[k] & 0xc0) == 0x80)
			continue;
		if (chars == max - 1)
			cut = k;
		if (s[k] == ' ' && chars < max - 1)
			space = k;
		chars++;
	}
	if (space > 0)
		cut = space;
	while (cut > 0 && strchr(" ;,:", s[cut - 1]) != NULL)
		cut--;
	xasprintf(&cuts, "%.*s\xe2\x80\xa6", (int)cut, s);	/* U+2026 */
	free(s);
	return (cuts);
}

/*
 * The length of a Slurm reason without an earlier burn-in's verdict: it
 * starts at "burn-in YYYYMMDD-", first or after "; ", and runs to the end.
 */
static size_t
burnin_reason_own(const char *old, size_t len)
{
	const char	*p;
	size_t		 at, k;

	for (p = old; (p = strstr(p, "burn-in ")) != NULL; p++) {
		at = p - old;
		if (at + 17 > len || (at > 0 && (at < 2 ||
		    memcmp(p - 2, "; ", 2) != 0)))
			continue;
		for (k = 8; k < 16 && isdigit((u_char)p[k]); k++)
			;
		if (k == 16 && p[16] == '-')
			return (at > 0 ? at - 2 : 0);
	}
	return (len);
}

/*
 * on-fail=drain's reason for a node: its reason in Slurm first (NHC's, or
 * an operator's), without the [user@time] Slurm adds nor an earlier
 * burn-in's verdict, which the new one replaces, then the verdict;
 * at most BURNIN_REASON characters.  The verdict is kept whole, the
 * reason before it cut to fit, each at a word with an ellipsis; a verdict
 * too long for that leaves the reason BURNIN_KEEP characters.
 */
static char *
burnin_reason(struct burnin_job *j, u_int i)
{
	const char	*old = j->ctx->model->nodes[j->ids[i]].reason;
	const char	*stamp;
	size_t		 len = strlen(old);
	u_int		 vc;
	char		*r, *v, *o;

	if (len > 0 && old[len - 1] == ']' &&
	    (stamp = strrchr(old, '[')) != NULL && stamp > old &&
	    stamp[-1] == ' ' && strchr(stamp, '@') != NULL)
		len = stamp - 1 - old;
	len = burnin_reason_own(old, len);
	xasprintf(&v, "burn-in %s %s: %s", j->run.run, field_enum_name(
	    FT_BURNIN, j->rows[i].state), j->rows[i].message);
	if (len == 0)
		return (burnin_fit(v, BURNIN_REASON));
	vc = burnin_chars(v);
	if (vc > BURNIN_REASON - 2 - BURNIN_KEEP)
		vc = BURNIN_REASON - 2 - BURNIN_KEEP;
	o = burnin_fit(xstrndup(old, len), BURNIN_REASON - 2 - vc);
	v = burnin_fit(v, BURNIN_REASON - 2 - burnin_chars(o));
	xasprintf(&r, "%s; %s", o, v);
	free(o);
	free(v);
	return (r);
}

/*
 * on-pass=resume, on-fail=drain: one resume for those that passed, one
 * drain per reason for those that did not.
 */
static void
burnin_follow_up(struct burnin_job *j)
{
	char	*set, *argv[3], **reasons;
	int	*ids;
	u_int	 i, k, n;

	if ((j->flags & BURNIN_ON_PASS) && (set = burnin_set(j)) != NULL) {
		argv[0] = "resume";
		argv[1] = set;
		burnin_follow(j, argv, 2, set, "resumed", "resume failed");
		free(set);
	}
	if (!(j->flags & BURNIN_ON_FAIL))
		return;
	reasons = xcalloc(j->n, sizeof *reasons);
	for (i = 0; i < j->n; i++) {
		if (j->rows[i].state == BURNIN_FAILED ||
		    j->rows[i].state == BURNIN_UNREACHABLE)
			reasons[i] = burnin_reason(j, i);
	}
	ids = xcalloc(j->n, sizeof *ids);
	for (i = 0; i < j->n; i++) {
		if (reasons[i] == NULL)
			continue;
		ids[0] = j->ids[i];
		for (n = 1, k = i + 1; k < j->n; k++) {
			if (reasons[k] == NULL ||
			    strcmp(reasons[k], reasons[i]) != 0)
				continue;
			ids[n++] = j->ids[k];
			free(reasons[k]);
			reasons[k] = NULL;
		}
		set = model_fold(j->ctx->model, ids, n);
		xasprintf(&argv[2], "reason=%s", reasons[i]);
		argv[0] = "drain";
		argv[1] = set;
		burnin_follow(j, argv, 3, set, "drained", "drain failed");
		free(argv[2]);
		free(set);
		free(reasons[i]);
	}
	free(ids);
	free(reasons);
}

/*
 * A node that passed, whose resume failed, failed: so it is kept, as the
 * report said, with what its tool said before what scontrol did.
 */
static void
burnin_kept_failed(struct burnin_job *j, u_int i)
{
	struct burnin	*b = &j->rows[i];

	if (j->why[i] == NULL || (b->state != BURNIN_PASSED &&
	    b->state != BURNIN_WARNED))
		return;
	if (b->message[0] == '\0')
		snprintf(b->message, sizeof b->message, "%s %s it",
		    burnin_vendor(b->vendor)->tool,
		    field_enum_name(FT_BURNIN, b->state));
	b->state = BURNIN_FAILED;
}

/* Every node has ended: follow up, keep, report. */
static enum cmd_status
burnin_finish(struct burnin_job *j)
{
	u_int	 i;

	j->finished = 1;
	burnin_changed(j, 1);
	burnin_domains_judge(j);
	if (!j->cancelled)
		burnin_follow_up(j);
	for (i = 0; i < j->n; i++) {
		if (j->rows[i].action[0] == '\0')
			continue;
		burnin_result(j, i);
		burnin_kept_failed(j, i);
		/* Again, with what was done: the last line of a node wins. */
		burnin_store_write(j->store, "burnin", &j->rows[i]);
	}
	j->run.ended = time(NULL);
	strlcpy(j->run.status, j->cancelled ? "cancelled" : "done",
	    sizeof j->run.status);
	burnin_count(j);
	burnin_store_write(j->store, "burnrun", &j->run);
	fclose(j->store);
	j->store = NULL;
	return (action_end(j->ctx, j->action));
}

/*
 * The console: the clock, and the end when it comes (or at once, when
 * the console quits after the last node ended).
 */
void
burnin_tick(void *arg)
{
	struct cmd_ctx		*ctx = arg;
	struct burnin_job	*j = ctx->burnin;
	char			*out = NULL, *err = NULL, *line;
	char			 refused[32] = "", domains[64] = "";
	size_t			 outlen = 0, errlen = 0;
	u_int			 i, dfailed = 0;
	FILE			*fo, *fe;
	enum cmd_status		 st;

	if (j == NULL || ctx->ui == NULL)
		return;
	burnin_changed(j, 0);
	/* The follow-up runs commands: not while a box asks. */
	if (burnin_busy(j) || ui_asking(ctx->ui)) {
		loop_timer(ui_loop(ctx->ui), 1, burnin_tick, ctx);
		return;
	}
	if (j->finished)
		return;
	/* What the follow-up and the report print goes to the message. */
	if ((fo = open_memstream(&out, &outlen)) == NULL ||
	    (fe = open_memstream(&err, &errlen)) == NULL)
		return;
	ctx->out = fo;
	ctx->err = fe;
	st = burnin_finish(j);
	fclose(fo);
	fclose(fe);
	ctx->out = ctx->err = NULL;
	/* The counts are the message's own: not the report's line of them. */
	if (err != NULL && (line = strstr(err, "myriad: burnin: ")) != NULL &&
	    (isdigit((u_char)line[16]) || strncmp(line + 16, "failed on ",
	    10) == 0))
		*line = '\0';
	errlen = err != NULL ? strlen(err) : 0;
	while (errlen > 0 && (err[errlen - 1] == '\n' ||
	    err[errlen - 1] == ' '))
		err[--errlen] = '\0';
	if (j->run.refused > 0)
		snprintf(refused, sizeof refused, ", %d refused",
		    j->run.refused);
	for (i = 0; i < j->ndoms; i++)
		dfailed += j->doms[i].row.state != BURNIN_PASSED;
	if (j->ndoms > 0)
		snprintf(domains, sizeof domains, "; domains %u passed, %u "
		    "failed", j->ndoms - dfailed, dfailed);
	ui_message(ctx->ui, st != CMD_OK, "burn-in %s %s: %d passed, %d "
	    "warned, %d failed%s, %d unreachable%s%s%s", j->run.run,
	    j->run.status, j->run.passed, j->run.warned, j->run.failed,
	    refused, j->run.unreachable, domains, errlen > 0 ? "; " : "",
	    errlen > 0 ? err : "");
	free(out);
	free(err);
}

/* A node's vendor: not known when nothing said it, nor a GPU read. */
enum vendor
burnin_node_vendor(struct model *m, int id)
{
	return (m->nodes[id].vendor);
}

/*
 * What a node's burn-in runs, its vendor's command with %l the level; or
 * NULL when it has none, or the node no accelerator, and it is refused.
 */
char *
burnin_command(struct model *m, int id, int level)
{
	const char	*p = options_get(burnin_vendor(burnin_node_vendor(m,
			    id))->option);
	struct buf	 cmd;

	if (*p == '\0' || m->nodes[id].gpus_none)
		return (NULL);
	buf_init(&cmd);
	for (; *p != '\0'; p++) {
		if (p[0] == '%' && p[1] == 'l') {
			buf_printf(&cmd, "%d", level);
			p++;
		} else
			buf_putc(&cmd, *p);
	}
	buf_putc(&cmd, '\0');
	return (cmd.data);
}

/*
 * A row refused: no accelerator, or no command for its vendor; the report
 * says why.
 */
static void
burnin_refuse(struct burnin_job *j, u_int i)
{
	struct burnin	*b = &j->rows[i];
	const char	*v = field_enum_name(FT_VENDOR, b->vendor);

	b->state = BURNIN_REFUSED;
	if (j->ctx->model->nodes[j->ids[i]].gpus_none)
		strlcpy(b->message, BURNIN_NONE, sizeof b->message);
	else
		snprintf(b->message, sizeof b->message, "%s: %s; set %s to "
		    "a check whose exit status is the verdict", v,
		    burnin_vendor(b->vendor)->why,
		    burnin_vendor(b->vendor)->option);
	burnin_store_write(j->store, "burnin", b);
	burnin_result(j, i);
	j->ended++;
}

/*
 * Start a burn-in of the action's nodes, which it takes, each running its
 * vendor's command.  In the console, the clock starts; in batch mode, the
 * caller waits with burnin_wait.
 */
struct burnin_job *
burnin_start(struct cmd_ctx *ctx, struct action *a, int level, int flags)
{
	struct burnin_job	*j;
	char			*cause, user[32], from[64];
	u_int			 k;

	j = xcalloc(1, sizeof *j);
	j->ctx = ctx;
	j->action = a;
	j->n = a->nnodes;
	j->cmds = xcalloc(j->n, sizeof *j->cmds);
	j->rows = xcalloc(j->n, sizeof *j->rows);
	j->ids = xcalloc(j->n, sizeof *j->ids);
	j->exec = xcalloc(j->n, sizeof *j->exec);
	j->why = xcalloc(j->n, sizeof *j->why);
	j->began = xcalloc(j->n, sizeof *j->began);
	j->fanout = options_get_int("ssh.fanout");
	j->timeout = options_get_float("burnin.timeout");
	if (j->timeout == 0)
		j->timeout = burnin_typical[level] * 4;
	j->flags = flags;
	j->started = loop_now();
	j->progress = ctx->ui == NULL && isatty(fileno(ctx->err));

	j->run.started = time(NULL);
	j->run.level = level;
	j->run.count = j->n;
	strlcpy(j->run.status, "running", sizeof j->run.status);
	strlcpy(j->run.nodes, a->set, sizeof j->run.nodes);
	snprintf(j->run.options, sizeof j->run.options, "%s%s%s",
	    (flags & BURNIN_ON_PASS) ? "on-pass=resume" : "",
	    (flags & BURNIN_ON_PASS) && (flags & BURNIN_ON_FAIL) ? " " : "",
	    (flags & BURNIN_ON_FAIL) ? "on-fail=drain" : "");
	audit_operator(user, sizeof user, from, sizeof from);
	strlcpy(j->run.user, user, sizeof j->run.user);
	if ((j->store = burnin_store_create(&j->run, &cause)) == NULL) {
		fprintf(ctx->err, "myriad: burnin: results not kept: %s\n",
		    cause);
		free(cause);
	}
	burnin_store_write(j->store, "burnrun", &j->run);
	for (k = 0; k < j->n; k++) {
		j->ids[k] = a->nodes[k];
		strlcpy(j->rows[k].run, j->run.run, sizeof j->rows[k].run);
		strlcpy(j->rows[k].node, model_node_name(ctx->model,
		    a->nodes[k]), sizeof j->rows[k].node);
		j->rows[k].level = level;
		j->rows[k].vendor = burnin_node_vendor(ctx->model,
		    a->nodes[k]);
		j->rows[k].state = BURNIN_QUEUED;
		if ((j->cmds[k] = burnin_command(ctx->model, a->nodes[k],
		    level)) == NULL)
			burnin_refuse(j, k);
	}
	burnin_domains_create(j, level);
	burnin_start_more(j);
	burnin_domains_more(j);
	if (!burnin_busy(j))
		j->stopped = loop_now();
	burnin_changed(j, 0);
	if (ctx->ui != NULL)
		loop_timer(ui_loop(ctx->ui), 1, burnin_tick, ctx);
	return (j);
}

/*
 * Batch mode: on a terminal, a look every second for the progress line;
 * else wait for the nodes under way (each bounded by its timeout) until
 * the last has started and ended.  Then the end.
 */
enum cmd_status
burnin_wait(struct burnin_job *j)
{
	while (burnin_busy(j)) {
		if (j->progress)
			backend_exec_poll(j->ctx->backend, 1);
		else
			backend_exec_wait_ids(j->ctx->backend, j->exec,
			    j->n + j->ndoms);
		burnin_changed(j, 0);
	}
	return (burnin_finish(j));
}

/* Stop the run: its queued nodes cancelled, those running stopped. */
int
burnin_cancel(struct burnin_job *j)
{
	u_int	 i, stopped = 0;

	if (!burnin_running(j, NULL))
		return (-1);
	j->cancelled = 1;
	for (i = 0; i < j->n; i++) {
		if (j->rows[i].state == BURNIN_QUEUED) {
			j->rows[i].state = BURNIN_CANCELLED;
			strlcpy(j->rows[i].message, "cancelled before it "
			    "started", sizeof j->rows[i].message);
			burnin_result(j, i);
			j->ended++;
			stopped++;
		}
	}
	j->next = j->n;
	for (i = 0; i < j->n + j->ndoms; i++) {
		if (j->exec[i] != 0) {
			backend_exec_cancel(j->ctx->backend, j->exec[i]);
			stopped++;
		}
	}
	burnin_domains_more(j);
	if (!burnin_busy(j) && j->stopped == 0)
		j->stopped = loop_now();
	burnin_changed(j, 0);
	return (stopped);
}
