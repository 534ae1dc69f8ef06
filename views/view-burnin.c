/*
 * myriad - the burn-in under way, or the last one: a progress bar, the
 * elapsed and estimated time, a count per state, and a row per node with
 * its verdict.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Rows are coloured by state, which the STATE column also says: passed
 * green, warned and refused (no diagnostic for its vendor) yellow, failed
 * and unreachable red, queued dim.
 */

#include <string.h>

#include "view.h"

#define BURNIN_COLUMNS "node,state,elapsed,gpus,tests,action,message"

static attr_t
view_burnin_colour(enum burnin_state s)
{
	switch (s) {
	case BURNIN_QUEUED:
	case BURNIN_CANCELLED:
		return (colour(C_DIM));
	case BURNIN_REFUSED:
		return (colour(C_WARN));
	case BURNIN_PASSED:
		return (colour(C_OK));
	case BURNIN_WARNED:
		return (colour(C_WARN));
	case BURNIN_FAILED:
	case BURNIN_UNREACHABLE:
		return (colour(C_CRIT));
	default:
		return (A_NORMAL);
	}
}

/* The run: what, how far, how long; and one count per state. */
static void
view_burnin_draw_head(WINDOW *w, int sx, const struct burnrun *r,
    double elapsed,
    double left, const struct burnin *rows, u_int n)
{
	u_int	 count[BURNIN_REFUSED + 1], i, ended;
	char	 line[512], t1[32], t2[32];
	int	 len, x;

	memset(count, 0, sizeof count);
	for (i = 0; i < n; i++) {
		if ((u_int)rows[i].state < nitems(count))
			count[rows[i].state]++;
	}
	ended = n - count[BURNIN_QUEUED] - count[BURNIN_RUNNING];
	snprintf(line, sizeof line, "burn-in %s  level %d  %.200s  %s%s%s",
	    r->run, r->level, r->nodes, r->status, r->options[0] != '\0' ?
	    "  " : "", r->options);
	draw_text(w, 0, 0, sx, A_BOLD, line);

	x = sx > 60 ? 30 : sx / 2;
	draw_bar(w, 1, 0, x, n > 0 ? (double)ended / n : 0,
	    count[BURNIN_FAILED] + count[BURNIN_UNREACHABLE] > 0 ?
	    colour(C_CRIT) : colour(C_OK));
	len = snprintf(line, sizeof line, " %u/%u ended  %s elapsed", ended,
	    n, field_duration(t1, sizeof t1, (long)elapsed));
	if (left >= 0 && ended < n)
		snprintf(line + len, sizeof line - len, "  ~%s left",
		    field_duration(t2, sizeof t2, (long)(left + 0.5)));
	draw_text(w, 1, x, sx - x, A_NORMAL, line);

	for (i = 0, x = 0; i < nitems(count) && x < sx; i++) {
		if ((i == BURNIN_CANCELLED || i == BURNIN_REFUSED) &&
		    count[i] == 0)
			continue;
		len = snprintf(line, sizeof line, "%s %u", field_enum_name(
		    FT_BURNIN, i), count[i]);
		draw_text(w, 2, x, sx - x,
		    count[i] > 0 ? view_burnin_colour(i) :
		    colour(C_DIM), line);
		x += len + 3;
	}
}

void
view_burnin_draw(struct ui *ui, WINDOW *w)
{
	struct view_state	*vs = &ui->vs[VIEW_BURNIN];
	const struct burnrun	*r;
	const struct burnin	*rows;
	double			 elapsed, left;
	u_int			 n;
	int			 sx, sy, y, k;

	getmaxyx(w, sy, sx);
	werase(w);
	if ((r = burnin_run(ui->ctx->burnin, &elapsed, &left)) == NULL) {
		draw_text(w, 1, 2, sx - 2, colour(C_DIM), "no burn-in yet: "
		    ":burnin NODESET starts one, list-burnins the past ones");
		return;
	}
	rows = burnin_rows(ui->ctx->burnin, &n);
	view_burnin_draw_head(w, sx, r, elapsed, left, rows, n);
	if (sy <= 4)
		return;
	table_draw(ui, w, 4, sy - 4, "burnin", rows, sizeof *rows, n,
	    BURNIN_COLUMNS);
	for (y = 1; y < vs->height + 1 && 4 + y < sy; y++) {
		k = vs->top + y - 1;
		if (k >= (int)vs->nrows || k == vs->cursor)
			continue;
		mvwchgat(w, vs->table_y + y, 0, sx,
		    view_burnin_colour(rows[vs->rows[k]].state) & ~A_COLOR,
		    PAIR_NUMBER(view_burnin_colour(rows[vs->rows[k]].state)),
		    NULL);
	}
}

/* A row's item: its node. */
uint64_t
view_burnin_key(struct ui *ui, u_int row)
{
	const struct burnin	*rows;
	u_int			 n;

	rows = burnin_rows(ui->ctx->burnin, &n);
	return (row < n ? table_hash(0, rows[row].node,
	    strlen(rows[row].node)) : 0);
}

/* The node of the row under the cursor. */
int
view_burnin_node(struct ui *ui)
{
	const struct burnin	*rows;
	u_int			 n;
	int			 row = table_row(ui);

	rows = burnin_rows(ui->ctx->burnin, &n);
	if (row < 0 || (u_int)row >= n)
		return (-1);
	return (model_find(ui->model, rows[row].node));
}
