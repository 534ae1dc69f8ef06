/*
 * myriad - the jobs: the Slurm queue as a sortable table.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The queue in squeue's order until the operator sorts it.  Under the
 * table, the job under the cursor in full: its node list is often longer
 * than a column.  Enter shows the job's nodes on the map.  On a cluster
 * whose scale-up domains hold more than a node (NVL72 racks), a last
 * column names the worst domain of a job on one that is not healthy.
 */

#include <stdlib.h>
#include <string.h>

#include "view.h"

/* Narrow terminals drop the columns the line under the table repeats. */
#define JOBS_COLUMNS_NARROW "id,user,name,state,nnodes,elapsed_s,"	\
	"reason,nodes"
#define JOBS_COLUMNS_MEDIUM "id,user,partition,name,state,nnodes,gpus,"	\
	"elapsed_s,reason,nodes"
#define JOBS_COLUMNS_WIDE "id,user,partition,name,state,nnodes,gpus,cpus,"\
	"elapsed_s,limit_s,reason,nodes"

/*
 * Each job's worst domain of more than a node that is degraded or broken,
 * or UINT32_MAX: made again when the domains are (scaleup.c rebuilds them
 * when the jobs, nodes, GPUs or links change), in one pass over the jobs'
 * nodes.  The view's own, in its view_state.
 */
struct jobs_domains {
	uint64_t	 gen;		/* the domains' it is of */
	uint32_t	*worst;
	u_int		 n;
	int		 shown;		/* a domain holds more than a node */
};

void
view_jobs_free(void *data)
{
	struct jobs_domains	*jd = data;

	if (jd == NULL)
		return;
	free(jd->worst);
	free(jd);
}

static struct jobs_domains *
view_jobs_domains(struct ui *ui)
{
	struct model		*m = ui->model;
	struct jobs_domains	*jd;
	const struct job	*j;
	const struct scaleup	*d, *was;
	u_int			 k, c;

	jd = view_data(ui, VIEW_JOBS, sizeof (struct jobs_domains));
	scaleup_update(m);
	if (jd->worst != NULL && jd->gen == m->scaleup_gen &&
	    jd->n == m->njobs)
		return (jd);
	jd->gen = m->scaleup_gen;
	jd->n = m->njobs;
	jd->worst = xreallocarray(jd->worst, m->njobs + 1, sizeof *jd->worst);
	for (k = 0, jd->shown = 0; k < m->nscaleups && !jd->shown; k++)
		jd->shown = m->scaleups[k].nnodes > 1;
	for (k = 0; k < m->njobs; k++) {
		j = &m->jobs[k];
		jd->worst[k] = UINT32_MAX;
		for (c = 0; jd->shown && c < j->count; c++) {
			d = &m->scaleups[m->nodes[m->jobnodes[j->first +
			    c]].scaleup];
			if (d->nnodes < 2 || (d->verdict != SU_DEGRADED &&
			    d->verdict != SU_BROKEN))
				continue;
			was = jd->worst[k] != UINT32_MAX ?
			    &m->scaleups[jd->worst[k]] : NULL;
			if (was == NULL || (was->verdict == SU_DEGRADED &&
			    d->verdict == SU_BROKEN))
				jd->worst[k] = d - m->scaleups;
		}
	}
	return (jd);
}

/* A job's worst domain if it is not healthy, else NULL. */
static const struct scaleup *
view_jobs_domain(struct ui *ui, u_int job)
{
	struct jobs_domains	*jd = view_jobs_domains(ui);

	if (job >= jd->n || jd->worst[job] == UINT32_MAX)
		return (NULL);
	return (&ui->model->scaleups[jd->worst[job]]);
}

/*
 * The domain column, `width' wide at x: its name and x broken, ! degraded;
 * the mark alone when narrow.
 */
static void
view_jobs_draw_domains(struct ui *ui, WINDOW *w, int y0, int height, int x,
    int width)
{
	const struct view_state	*vs = &ui->vs[VIEW_JOBS];
	const struct scaleup	*d;
	char			 s[64];
	attr_t			 a;
	int			 y, k;

	draw_text(w, y0, x, width, colour(C_HEADER), width > 4 ? "  DOMAIN" :
	    "  ");
	for (y = 1; y < height; y++) {
		k = vs->top + y - 1;
		if (k >= (int)vs->nrows)
			break;
		a = k == vs->cursor ? A_REVERSE : A_NORMAL;
		if ((d = view_jobs_domain(ui, vs->rows[k])) == NULL) {
			draw_text(w, y0 + y, x, width, a, "");
			continue;
		}
		snprintf(s, sizeof s, "  %s%s%s", width > 4 ? d->name : "",
		    width > 4 ? " " : "", d->verdict == SU_BROKEN ? "x" : "!");
		if (k != vs->cursor)
			a = colour(d->verdict == SU_BROKEN ? C_CRIT : C_WARN);
		draw_text(w, y0 + y, x, width, a, s);
	}
}

/*
 * Text over lines y .. y + n - 1, broken after a comma or a space where it
 * can be, cut with '~' when it is longer still.
 */
static void
view_jobs_draw_wrapped(WINDOW *w, int y, int n, int sx, attr_t a, const char *s)
{
	size_t	 len = strlen(s), cut;
	int	 i;

	for (i = 0; i < n && len > 0 && sx > 3; i++) {
		if (len <= (size_t)sx || i == n - 1) {
			draw_text(w, y + i, 0, sx, a, s);
			return;
		}
		for (cut = sx; cut > (size_t)sx / 2; cut--) {
			if (s[cut - 1] == ',' || s[cut - 1] == ' ')
				break;
		}
		if (cut <= (size_t)sx / 2)
			cut = sx;
		wattrset(w, a);
		mvwaddnstr(w, y + i, 0, s, cut);
		s += cut;
		len -= cut;
	}
	wattrset(w, A_NORMAL);
}

/*
 * The job under the cursor, in full: what it is on the first line, then
 * its nodes, or why it waits, on the `n' - 1 lines under it.
 */
static void
view_jobs_draw_detail(struct ui *ui, WINDOW *w, int y, int n, int sx)
{
	const struct model	*m = ui->model;
	const struct job	*j;
	const struct scaleup	*d;
	char			 line[1400], t[32];
	int			 row = table_row(ui), len;

	if (row < 0 || (u_int)row >= m->njobs) {
		draw_text(w, y, 0, sx, colour(C_DIM), m->njobs == 0 ?
		    "no jobs in the queue" : "no job matches the filter");
		return;
	}
	j = &m->jobs[row];
	len = snprintf(line, sizeof line, "job %s %s  %s  %s  %s", j->id,
	    j->name, j->user, j->partition, j->state);
	if (j->valid & BIT(JOB_ELAPSED)) {
		field_duration(t, sizeof t, j->elapsed_s);
		len += snprintf(line + len, sizeof line - len, " %s", t);
	}
	if (j->valid & BIT(JOB_LIMIT)) {
		field_duration(t, sizeof t, j->limit_s);
		snprintf(line + len, sizeof line - len, " of %s", t);
	}
	draw_text(w, y, 0, sx, A_BOLD, line);

	len = 0;
	line[0] = '\0';
	if ((d = view_jobs_domain(ui, row)) != NULL)
		len += snprintf(line, sizeof line, "on %s, %s: %.120s; ",
		    d->name, scaleup_verdict_name(d->verdict), d->why);
	if (j->valid & BIT(JOB_NNODES))
		len += snprintf(line + len, sizeof line - len, "%d node%s",
		    j->nnodes, j->nnodes == 1 ? "" : "s");
	if (j->valid & BIT(JOB_GPUS))
		len += snprintf(line + len, sizeof line - len, "%s%d GPU%s",
		    len > 0 ? ", " : "", j->gpus, j->gpus == 1 ? "" : "s");
	if (j->nodes[0] != '\0')
		len += snprintf(line + len, sizeof line - len, "%son %s",
		    len > 0 ? " " : "", j->nodes);
	if (j->reason[0] != '\0')
		snprintf(line + len, sizeof line - len, "%sreason: %s",
		    len > 0 ? "; " : "", j->reason);
	view_jobs_draw_wrapped(w, y + 1, n - 1, sx, A_NORMAL, line);
}

void
view_jobs_draw(struct ui *ui, WINDOW *w)
{
	const struct model	*m = ui->model;
	WINDOW			*t = w;
	int			 sx, sy, detail, dw = 0;

	getmaxyx(w, sy, sx);
	werase(w);
	/* A blank line, the job, and its nodes on one or two lines. */
	detail = sy < 8 ? 0 : sx < 160 && sy >= 16 ? 4 : 3;
	/* The domains' column, on the right of the table's window. */
	if (view_jobs_domains(ui)->shown && sx > 40) {
		dw = sx >= 100 ? 2 + sizeof m->scaleups->name / 3 : 4;
		if ((t = derwin(w, sy, sx - dw, 0, 0)) == NULL) {
			t = w;
			dw = 0;
		}
	}
	table_draw(ui, t, 0, sy - detail, "job", m->jobs, sizeof *m->jobs,
	    m->njobs, sx < 100 ? JOBS_COLUMNS_NARROW : sx < 160 ?
	    JOBS_COLUMNS_MEDIUM : JOBS_COLUMNS_WIDE);
	if (t != w) {
		delwin(t);
		touchwin(w);
		view_jobs_draw_domains(ui, w, 0, sy - detail, sx - dw, dw);
	}
	/* No jobs: why, under the heading. */
	if (m->njobs == 0 && sy > 1)
		draw_text(w, 1, 0, sx, colour(C_DIM),
		    m->gen[DOM_JOBS] > 0 ? "the queue is empty: squeue "
		    "lists no job" : "the queue is not read yet: squeue runs "
		    "on slurm.controller; a failure is an event (7)");
	if (detail > 0)
		view_jobs_draw_detail(ui, w, sy - detail + 1, detail - 1, sx);
}

/* The job under the cursor, or -1. */
int
view_jobs_job(struct ui *ui)
{
	int	 row = table_row(ui);

	return (row >= 0 && (u_int)row < ui->model->njobs ? row : -1);
}

/* A row's item: its job id. */
uint64_t
view_jobs_key(struct ui *ui, u_int row)
{
	const struct model	*m = ui->model;

	if (row >= m->njobs)
		return (0);
	return (table_hash(0, m->jobs[row].id, strlen(m->jobs[row].id)));
}

/* Enter: the job's nodes on the map, the cursor on the first of them. */
void
view_jobs_open(struct ui *ui)
{
	int	 job = view_jobs_job(ui);

	if (job >= 0)
		view_jobs_show(ui, job);
}

/* Job `job' on the map: its nodes, the cursor on the first of them. */
void
view_jobs_show(struct ui *ui, int job)
{
	const struct model	*m = ui->model;
	const struct job	*j = &m->jobs[job];
	uint8_t			*mask = NULL;
	char			*cause = NULL;
	u_int			 i, n = 0;
	int			 first = -1;

	if (j->nodes[0] == '\0') {
		snprintf(ui->message, sizeof ui->message,
		    "job %s is %s and has no nodes%s%s", j->id,
		    j->state[0] != '\0' ? j->state : "not running",
		    j->reason[0] != '\0' ? ": " : "", j->reason);
		ui->message_error = 0;
		return;
	}
	if (model_select(m, j->nodes, &mask, &cause) == 0) {
		for (i = 0; i < m->nnodes; i++) {
			if (!mask[i])
				continue;
			if (first < 0)
				first = i;
			n++;
		}
		free(mask);
	}
	free(cause);
	ui->job = job;
	if (ui_view(ui, "map", &cause) != 0) {
		free(cause);
		return;
	}
	if (first >= 0)
		ui->vs[VIEW_MAP].cursor = first;
	snprintf(ui->message, sizeof ui->message,
	    "job %s (%s, %s): %u node%s on the map; Escape clears", j->id,
	    j->user, j->name, n, n == 1 ? "" : "s");
	ui->message_error = 0;
}
