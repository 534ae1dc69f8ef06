/*
 * myriad - views that are tables of one kind of record: rows filtered,
 * sorted and drawn from the record tables of fields.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

struct table_sort {
	const struct field	*field;
	const char		*base;
	size_t			 stride;
	const struct model	*model;
	int			 reverse;
};

static int
table_cmp(const void *a, const void *b, void *arg)
{
	const struct table_sort	*ts = arg;
	const void		*ra, *rb;
	const char		*sa, *sb;
	char			 ta[64], tb[64];
	double			 va, vb;
	int			 na, nb, c;

	ra = ts->base + *(const u_int *)a * ts->stride;
	rb = ts->base + *(const u_int *)b * ts->stride;
	if (ts->field->type == FT_STR || ts->field->type == FT_NODE) {
		sa = field_format(ts->field, ra, ts->model, ta, sizeof ta);
		sb = field_format(ts->field, rb, ts->model, tb, sizeof tb);
		if (sa == NULL || sb == NULL)
			return ((sa == NULL) - (sb == NULL));
		c = ts->field->type == FT_NODE ?
		    (int)*(const uint32_t *)((const char *)ra +
		    ts->field->off) - (int)*(const uint32_t *)((const char *)
		    rb + ts->field->off) : strcmp(sa, sb);
	} else {
		na = field_number(ts->field, ra, &va) != 0;
		nb = field_number(ts->field, rb, &vb) != 0;
		if (na || nb)
			return (na - nb);	/* unknown last */
		c = (va > vb) - (va < vb);
	}
	if (c != 0)
		return (ts->reverse ? -c : c);
	/* Ties keep the data's order, reversed or not. */
	return ((*(const u_int *)a > *(const u_int *)b) -
	    (*(const u_int *)a < *(const u_int *)b));
}

static const struct field *
table_node_field(const struct record *r)
{
	const struct field	*f;

	for (f = r->fields; f->name != NULL; f++) {
		if (f->type == FT_NODE)
			return (f);
	}
	return (NULL);
}

/* Whether a row passes the view's filter. */
static int
table_match(struct ui *ui, const struct record *r, const void *rec)
{
	struct view_state	*vs = view_state(ui);
	const struct field	*f;
	const char		*s;
	char			 tmp[64];
	uint32_t		 node;

	if (vs->filter == NULL)
		return (1);
	if (vs->fexpr != NULL)
		return (filter_match(vs->fexpr, rec, ui->model));
	if (vs->fmask != NULL) {
		if ((f = table_node_field(r)) == NULL)
			return (0);
		node = *(const uint32_t *)((const char *)rec + f->off);
		return (node < ui->model->nnodes && vs->fmask[node]);
	}
	for (f = r->fields; f->name != NULL; f++) {
		s = field_format(f, rec, ui->model, tmp, sizeof tmp);
		if (s != NULL && strcasestr(s, vs->filter) != NULL)
			return (1);
	}
	return (0);
}

static void
table_build(struct ui *ui, const struct record *r, const char *base,
    size_t stride, u_int n)
{
	struct view_state	*vs = view_state(ui);
	struct table_sort	 ts;
	u_int			 i;

	vs->rows = xreallocarray(vs->rows, n ? n : 1, sizeof *vs->rows);
	vs->nrows = 0;
	for (i = 0; i < n; i++) {
		if (table_match(ui, r, base + i * stride))
			vs->rows[vs->nrows++] = i;
	}
	if (vs->sort != NULL) {
		ts.field = vs->sort;
		ts.base = base;
		ts.stride = stride;
		ts.model = ui->model;
		ts.reverse = vs->reverse;
		qsort_r(vs->rows, vs->nrows, sizeof *vs->rows, table_cmp, &ts);
	}
	vs->rebuild = 0;
}

/*
 * A cell as the table shows it: a duration as Slurm prints a time,
 * 1-02:03:04; a negative integer without a validity bit as none (an
 * event's GPU -1); the empty error of a row whose node is unreachable
 * says why.  NULL shows as '-'.
 */
static const char *
table_format(struct ui *ui, const struct field *f, const struct field *nf,
    const void *rec, char *buf, size_t len)
{
	const struct node	*n;
	const char		*s;
	uint32_t		 node;
	double			 v;

	if (f->type == FT_DURATION && field_number(f, rec, &v) == 0)
		return (field_duration(buf, len, (long)v));
	if (f->type == FT_INT && f->bit < 0 &&
	    field_number(f, rec, &v) == 0 && v < 0)
		return (NULL);
	s = field_format(f, rec, ui->model, buf, len);
	if (s != NULL || nf == NULL || (f->flags & FF_ERROR) == 0)
		return (s);
	node = *(const uint32_t *)((const char *)rec + nf->off);
	if (node >= ui->model->nnodes)
		return (NULL);
	n = &ui->model->nodes[node];
	if (n->reach == REACH_UP || n->reach == REACH_UNKNOWN)
		return (NULL);
	if (snprintf(buf, len, "node %s%s%s", model_reach_name(n->reach),
	    n->error[0] != '\0' ? ": " : "", n->error) < 0)
		return (NULL);
	return (buf);
}

/* A cell's colour: the values an operator must not miss stand out. */
static attr_t
table_cell_colour(const struct field *f, const void *rec, const char *s,
    attr_t base)
{
	double	 v, crit = options_get_float("threshold.gpu-temp-crit");
	double	 warn = options_get_float("threshold.gpu-temp-warn");

	if ((f->flags & FF_ERROR) && s != NULL)
		return (colour(C_CRIT));
	if (field_number(f, rec, &v) != 0)
		return (base);
	if (f->flags & FF_TEMP)
		return (v >= crit ? colour(C_CRIT) : v >= warn ?
		    colour(C_WARN) : base);
	if (f->flags & FF_SCALE)
		return (colour_load(v / 100));
	if ((f->flags & FF_ALARM) && v > 0)
		return (colour(C_CRIT));
	if (f->type == FT_LINK && v != LINK_UP)
		return (colour(C_CRIT));
	return (base);
}

/*
 * Draw `n' records of kind `record' (each `stride' bytes from `base') as
 * a table in rows y0 .. y0 + height - 1 of w, the first the heading.
 * `columns' lists the fields, comma-separated, or NULL for the defaults.
 */
void
table_draw(struct ui *ui, WINDOW *w, int y0, int height, const char *record,
    const void *base, size_t stride, u_int n, const char *columns)
{
	struct view_state	*vs = view_state(ui);
	const struct record	*r = record_find(record);
	const struct field	*cols[32], *f, *nf;
	const char		*s, *p;
	const void		*rec;
	char			 tmp[64], name[32];
	int			 width[32], ncols = 0, x, y, i, sx, sy, k, len;
	u_int			 row;
	uint32_t		 node;
	attr_t			 a;

	getmaxyx(w, sy, sx);
	(void)sy;
	for (f = r->fields; f->name != NULL && ncols < 32; f++) {
		if (columns == NULL) {
			if (f->flags & FF_TABLE)
				cols[ncols++] = f;
			continue;
		}
	}
	for (p = columns; p != NULL && *p != '\0' && ncols < 32; ) {
		len = strcspn(p, ",");
		snprintf(name, sizeof name, "%.*s", len, p);
		if ((f = record_field(r, name)) != NULL)
			cols[ncols++] = f;
		p += len + (p[len] == ',');
	}
	if (vs->rebuild || vs->rows == NULL)
		table_build(ui, r, base, stride, n);
	if (vs->cursor >= (int)vs->nrows)
		vs->cursor = vs->nrows > 0 ? vs->nrows - 1 : 0;
	vs->height = height - 1;
	vs->table_y = y0;
	if (vs->cursor < vs->top)
		vs->top = vs->cursor;
	if (vs->cursor >= vs->top + vs->height)
		vs->top = vs->cursor - vs->height + 1;
	if (vs->top < 0)
		vs->top = 0;

	/* Widths from the heading and the rows on show. */
	nf = table_node_field(r);
	for (i = 0; i < ncols; i++) {
		width[i] = strlen(cols[i]->title) + (vs->sort == cols[i]);
		for (k = vs->top; k < vs->top + vs->height &&
		    k < (int)vs->nrows; k++) {
			rec = (const char *)base + vs->rows[k] * stride;
			s = table_format(ui, cols[i], nf, rec, tmp,
			    sizeof tmp);
			len = s != NULL ? (int)strlen(s) : 1;
			if (len > width[i])
				width[i] = len > 40 && i < ncols - 1 ? 40 : len;
		}
	}
	wattrset(w, colour(C_HEADER));
	mvwhline(w, y0, 0, ' ', sx);
	for (i = 0, x = 0; i < ncols && x < sx; i++) {
		snprintf(tmp, sizeof tmp, "%s%s", cols[i]->title,
		    vs->sort == cols[i] ? (vs->reverse ? "v" : "^") : "");
		if (cols[i]->flags & FF_RIGHT)
			mvwprintw(w, y0, x, "%*.*s", width[i], sx - x, tmp);
		else
			mvwprintw(w, y0, x, "%-*.*s", width[i], sx - x, tmp);
		x += width[i] + 2;
	}
	for (y = 1; y < height; y++) {
		wattrset(w, A_NORMAL);
		mvwhline(w, y0 + y, 0, ' ', sx);
		k = vs->top + y - 1;
		if (k >= (int)vs->nrows)
			continue;
		row = vs->rows[k];
		rec = (const char *)base + row * stride;
		a = A_NORMAL;
		if (nf != NULL) {
			node = *(const uint32_t *)((const char *)rec + nf->off);
			if (node < ui->model->nnodes && ui->marks[node])
				a = colour(C_MARK);
		}
		if (k == vs->cursor)
			a |= A_REVERSE;
		for (i = 0, x = 0; i < ncols && x < sx; i++) {
			s = table_format(ui, cols[i], nf, rec, tmp,
			    sizeof tmp);
			wattrset(w, k == vs->cursor ? a :
			    table_cell_colour(cols[i], rec, s, a));
			if (cols[i]->flags & FF_RIGHT)
				mvwprintw(w, y0 + y, x, "%*.*s", width[i],
				    sx - x, s != NULL ? s : "-");
			else
				mvwprintw(w, y0 + y, x, "%-*.*s", width[i],
				    width[i] < sx - x ? width[i] : sx - x,
				    s != NULL ? s : "-");
			wattrset(w, a);
			if (x + width[i] < sx && k == vs->cursor)
				mvwaddstr(w, y0 + y, x + width[i], "  ");
			x += width[i] + 2;
		}
		if (k == vs->cursor && x < sx)
			mvwhline(w, y0 + y, x, ' ', sx - x);
	}
	wattrset(w, A_NORMAL);
}

void
table_move(struct ui *ui, int dx, int dy)
{
	struct view_state	*vs = view_state(ui);
	long			 c = (long)vs->cursor + dy;

	if (c >= (long)vs->nrows)
		c = (long)vs->nrows - 1;
	if (c < 0)
		c = 0;
	vs->cursor = c;
}

/* The record index under the cursor, or -1. */
int
table_row(struct ui *ui)
{
	struct view_state	*vs = view_state(ui);

	if (vs->rows == NULL || vs->cursor < 0 ||
	    vs->cursor >= (int)vs->nrows)
		return (-1);
	return (vs->rows[vs->cursor]);
}

/* A click on a row puts the cursor there (the heading is row 0). */
void
table_click(struct ui *ui, int y, int x)
{
	struct view_state	*vs = view_state(ui);
	int			 row = vs->top + y - vs->table_y - 1;

	if (y > vs->table_y && row >= 0 && row < (int)vs->nrows)
		vs->cursor = row;
}
