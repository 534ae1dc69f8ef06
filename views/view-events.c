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

#include <stdlib.h>
#include <string.h>

#include "view.h"

/* The view's copy of the ring, in its view_state. */
struct view_events_copy {
	struct event	*rows;
	u_int		 n;
	u_int		 size;
};

#define EVENTS_COLUMNS "time,node,gpu,text"

static struct view_events_copy *
view_events_copy(struct ui *ui)
{
	return (view_data(ui, VIEW_EVENTS, sizeof (struct view_events_copy)));
}

void
view_events_free(void *data)
{
	struct view_events_copy	*ec = data;

	if (ec == NULL)
		return;
	free(ec->rows);
	free(ec);
}

/* Copy the ring, newest first: one pass, when the model changed. */
static void
view_events_build(struct ui *ui, struct view_events_copy *ec)
{
	const struct model	*m = ui->model;
	const struct event	*e;
	u_int			 i, n = model_nevents(m);

	if (n > ec->size) {
		ec->rows = xreallocarray(ec->rows, n, sizeof *ec->rows);
		ec->size = n;
	}
	ec->n = 0;
	for (i = 0; i < n; i++) {
		if ((e = model_event_get(m, i)) != NULL)
			ec->rows[ec->n++] = *e;
	}
}

static attr_t
view_events_colour(const struct event *e)
{
	switch (e->kind) {
	case EV_XID:
	case EV_ECC:
	case EV_HEALTH:
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
	struct view_events_copy	*ec = view_events_copy(ui);
	const struct event	*e;
	attr_t			 a;
	int			 sx, sy, y, k;

	getmaxyx(w, sy, sx);
	werase(w);
	if (vs->rebuild || vs->rows == NULL || ec->rows == NULL)
		view_events_build(ui, ec);
	table_draw(ui, w, 0, sy, "event", ec->rows, sizeof *ec->rows, ec->n,
	    EVENTS_COLUMNS);
	if (ec->n == 0) {
		draw_text(w, 2, 2, sx - 2, colour(C_DIM), "no events yet");
		return;
	}

	/* The kind's colour over the rows on show, but the cursor's. */
	for (y = 1; y < vs->height + 1 && y < sy; y++) {
		k = vs->top + y - 1;
		if (k >= (int)vs->nrows || k == vs->cursor)
			continue;
		e = &ec->rows[vs->rows[k]];
		if (e->node < ui->model->nnodes && ui->marks[e->node])
			continue;
		if ((a = view_events_colour(e)) == A_NORMAL)
			continue;
		/* Reverse is the cursor's, even without colour. */
		mvwchgat(w, vs->table_y + y, 0, sx, a & ~(A_COLOR | A_REVERSE),
		    PAIR_NUMBER(a), NULL);
	}
}

/* A row's item: the event, by what it is, its text but its count. */
uint64_t
view_events_key(struct ui *ui, u_int row)
{
	struct view_events_copy	*ec = view_events_copy(ui);
	const struct event	*e = &ec->rows[row];

	if (row >= ec->n)
		return (0);
	return (table_hash(0, e, offsetof(struct event, text) +
	    e->textlen));
}

/* The node of the event under the cursor. */
int
view_events_node(struct ui *ui)
{
	struct view_events_copy	*ec = view_events_copy(ui);
	int			 row = table_row(ui);

	if (row < 0 || (u_int)row >= ec->n ||
	    ec->rows[row].node >= ui->model->nnodes)
		return (-1);
	return (ec->rows[row].node);
}
