/*
 * myriad - the events: Xids, ECC errors, links, states, newest first.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The model keeps events in a ring; the view copies them, newest first,
 * into its own array when the model changes, so a row stays the same
 * event while the operator reads it.  Rows are coloured by kind: Xids, ECC
 * errors and a GPU's errors red, links, node states and reachability
 * yellow; the text says the kind too.
 */

#include <string.h>

#include "view.h"

static struct event	*events_rows;
static u_int		 events_n;
static u_int		 events_size;

#define EVENTS_COLUMNS "time,node,gpu,text"

/* Copy the ring, newest first: one pass, when the model changed. */
static void
events_build(struct ui *ui)
{
	const struct model	*m = ui->model;
	const struct event	*e;
	u_int			 i, n = model_nevents(m);

	if (n > events_size) {
		events_rows = xreallocarray(events_rows, n,
		    sizeof *events_rows);
		events_size = n;
	}
	events_n = 0;
	for (i = 0; i < n; i++) {
		if ((e = model_event_get(m, i)) != NULL)
			events_rows[events_n++] = *e;
	}
}

static attr_t
events_colour(const struct event *e)
{
	switch (e->kind) {
	case EV_XID:
	case EV_ECC:
		return (colour(C_CRIT));
	case EV_STATE:
		/* A GPU's state is an error: lost, fallen off the bus. */
		return (e->gpu >= 0 ? colour(C_CRIT) : colour(C_WARN));
	case EV_LINK:
	case EV_REACH:
		return (colour(C_WARN));
	default:
		return (A_NORMAL);
	}
}

void
view_events_draw(struct ui *ui, WINDOW *w)
{
	struct view_state	*vs = &ui->vs[VIEW_EVENTS];
	const struct event	*e;
	attr_t			 a;
	int			 sx, sy, y, k;

	getmaxyx(w, sy, sx);
	werase(w);
	if (vs->rebuild || vs->rows == NULL || events_rows == NULL)
		events_build(ui);
	table_draw(ui, w, 0, sy, "event", events_rows, sizeof *events_rows,
	    events_n, EVENTS_COLUMNS);
	if (events_n == 0) {
		draw_text(w, 2, 2, sx - 2, colour(C_DIM), "no events yet");
		return;
	}

	/* The kind's colour over the rows on show, but the cursor's. */
	for (y = 1; y < vs->height + 1 && y < sy; y++) {
		k = vs->top + y - 1;
		if (k >= (int)vs->nrows || k == vs->cursor)
			continue;
		e = &events_rows[vs->rows[k]];
		if (e->node < ui->model->nnodes && ui->marks[e->node])
			continue;
		if ((a = events_colour(e)) == A_NORMAL)
			continue;
		/* Reverse is the cursor's, even without colour. */
		mvwchgat(w, vs->table_y + y, 0, sx, a & ~(A_COLOR | A_REVERSE),
		    PAIR_NUMBER(a), NULL);
	}
}

/* The node of the event under the cursor. */
int
view_events_node(struct ui *ui)
{
	int	 row = table_row(ui);

	if (row < 0 || (u_int)row >= events_n ||
	    events_rows[row].node >= ui->model->nnodes)
		return (-1);
	return (events_rows[row].node);
}
