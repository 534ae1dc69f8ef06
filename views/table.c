/*
 * myriad - views that are tables of one kind of record: rows filtered,
 * sorted and drawn from the record tables of fields.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <fnmatch.h>
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
	if (ts->field->type == FT_STR || ts->field->type == FT_NODE ||
	    ts->field->type == FT_NVENDOR || ts->field->type == FT_NMODEL ||
	    ts->field->type == FT_NFABRIC || ts->field->type == FT_LAYER) {
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

/* The node set filter: a row of a node in it, or of a rack with one. */
static int
table_match_nodes(struct ui *ui, const struct record *r, const void *rec)
{
	struct view_state	*vs = view_state(ui);
	const struct model	*m = ui->model;
	const struct field	*f;
	uint32_t		 id, k;

	for (f = r->fields; f->name != NULL; f++) {
		if (f->type != FT_NODE && f->type != FT_RACK)
			continue;
		id = *(const uint32_t *)((const char *)rec + f->off);
		if (f->type == FT_NODE)
			return (id < m->nnodes && vs->fmask[id]);
		for (k = 0; id < m->nracks && k < m->racks[id].count; k++) {
			if (vs->fmask[m->racks[id].first + k])
				return (1);
		}
		return (0);
	}
	return (0);
}

/* Whether a row passes the view's filter. */
static int
table_match(struct ui *ui, const struct record *r, const void *rec)
{
	struct view_state	*vs = view_state(ui);
	const struct field	*f;
	const char		*s;
	char			 tmp[64];
	int			 glob;

	if (vs->filter == NULL)
		return (1);
	if (vs->fexpr != NULL)
		return (filter_match(vs->fexpr, rec, ui->model));
	if (vs->fmask != NULL)
		return (table_match_nodes(ui, r, rec));
	/* Text with * or ? is a glob of a whole value: nvl72-r00?. */
	glob = strpbrk(vs->filter, "*?") != NULL;
	for (f = r->fields; f->name != NULL; f++) {
		s = field_format(f, rec, ui->model, tmp, sizeof tmp);
		if (s != NULL && (glob ? fnmatch(vs->filter, s,
		    FNM_CASEFOLD) == 0 : strcasestr(s, vs->filter) != NULL))
			return (1);
	}
	return (0);
}

/* FNV-1a of `len' bytes, on from `h' (0 to begin): an item's key. */
uint64_t
table_hash(uint64_t h, const void *p, size_t len)
{
	const u_char	*c = p;

	if (h == 0)
		h = 0xcbf29ce484222325ULL;
	while (len-- > 0)
		h = (h ^ *c++) * 0x100000001b3ULL;
	return (h);
}

/*
 * The cursor is on an item, not a row: remember which, after it moved.
 * On the first row it stays on the first row, whichever comes first (the
 * hottest GPU, the newest event).
 */
void
table_keep(struct ui *ui)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);

	vs->keyed = 0;
	if (v->key == NULL || vs->rows == NULL || vs->cursor <= 0 ||
	    vs->cursor >= (int)vs->nrows)
		return;
	vs->key = v->key(ui, vs->rows[vs->cursor]);
	vs->keyed = 1;
}

/*
 * The cursor back on its item in rows made again, in one pass; if the item
 * is gone, on the row nearest where it was, and then on that row's item.
 */
static void
table_find(struct ui *ui)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	u_int			 i;

	for (i = 0; vs->keyed && v->key != NULL && i < vs->nrows; i++) {
		if (v->key(ui, vs->rows[i]) == vs->key) {
			vs->cursor = i;
			return;
		}
	}
	if (vs->cursor >= (int)vs->nrows)
		vs->cursor = vs->nrows > 0 ? vs->nrows - 1 : 0;
	if (vs->cursor < 0)
		vs->cursor = 0;
	table_keep(ui);
}

/*
 * The rows of `n' records of kind `r', each `stride' bytes from `base':
 * those the filter passes, in the sort's order, the cursor on its item.
 */
void
table_build(struct ui *ui, const struct record *r, const void *base,
    size_t stride, u_int n)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	struct table_sort	 ts;
	u_int			 i;

	vs->rows = xreallocarray(vs->rows, n ? n : 1, sizeof *vs->rows);
	vs->nrows = 0;
	for (i = 0; i < n; i++) {
		if (v->present != NULL && !v->present(ui,
		    (const char *)base + i * stride))
			continue;
		if (table_match(ui, r, (const char *)base + i * stride))
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
	vs->rebuild = vs->reorder = 0;
	table_find(ui);
}

/* The first row shown, so that the cursor's is, and no room is wasted. */
void
table_scroll(struct view_state *vs)
{
	if (vs->cursor >= (int)vs->nrows)
		vs->cursor = vs->nrows > 0 ? vs->nrows - 1 : 0;
	if (vs->cursor < 0)
		vs->cursor = 0;
	if (vs->cursor < vs->top)
		vs->top = vs->cursor;
	if (vs->cursor >= vs->top + vs->height)
		vs->top = vs->cursor - vs->height + 1;
	if (vs->top > 0 && vs->top + vs->height > (int)vs->nrows)
		vs->top = (int)vs->nrows > vs->height ?
		    (int)vs->nrows - vs->height : 0;
	if (vs->top < 0)
		vs->top = 0;
}

/*
 * A cell as the table shows it: a duration as Slurm prints a time,
 * 1-02:03:04; a negative integer without a validity bit as none (an
 * event's GPU -1); a GPU's model without its vendor's name; the empty
 * error of a row whose node is unreachable says why, else its health
 * word when not OK.  NULL shows as '-'.
 */
static const char *
table_format(struct ui *ui, const struct record *r, const struct field *f,
    const void *rec, char *buf, size_t len)
{
	const struct field	*nf = record_node_field(r);
	const struct node	*n;
	const char		*s;
	uint32_t		 node;
	double			 v;

	if (f->type == FT_DURATION && field_number(f, rec, &v) == 0)
		return (field_duration(buf, len, (long)v));
	if (f->flags & FF_ACCEL)
		return (field_accel(f, nf, rec, ui->model, buf, len));
	if (f->type == FT_INT && f->bit < 0 &&
	    field_number(f, rec, &v) == 0 && v < 0)
		return (NULL);
	s = field_format(f, rec, ui->model, buf, len);
	if (s != NULL && (f->flags & FF_MODEL))
		return (field_model_name(s));
	if (s != NULL || nf == NULL || (f->flags & FF_ERROR) == 0)
		return (s);
	node = *(const uint32_t *)((const char *)rec + nf->off);
	if (node >= ui->model->nnodes)
		return (NULL);
	n = &ui->model->nodes[node];
	if (!model_unreachable(n))
		return (record_health(r, rec, buf, len));
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
	if (f->type == FT_SUVERDICT && v != SU_HEALTHY)
		return (colour(v == SU_DEGRADED ? C_WARN : C_CRIT));
	return (base);
}

/*
 * The narrowest column `i' of width `w' may be: text but the first
 * column's is cut down to its heading, or 8.
 */
static int
table_least(const struct view_state *vs, const struct field *f, int i, int w)
{
	int	 len = strlen(f->title) + (vs->sort == f);

	if (len < 8)
		len = 8;
	return (i > 0 && f->type == FT_STR && w > len ? len : w);
}

/*
 * How soon a column goes when they do not all fit: numbers (2) before
 * text (1), which a cut still shows; the first two, the sort column and
 * temperatures (0) last.
 */
static int
table_spare(const struct view_state *vs, const struct field *f, int i)
{
	if (i < 2 || f == vs->sort || (f->flags & FF_TEMP))
		return (0);
	return (f->type == FT_STR ? 1 : 2);
}

/*
 * Columns `sx' wide at most: those that do not fit even with their text
 * cut go, the sparest first, from the right; then the text of the others
 * is cut, the widest first.  The number of columns left.
 */
static int
table_fit(const struct view_state *vs, const struct field **cols, int *width,
    int ncols, int sx)
{
	int	 i, most, total, drop;

	for (;;) {
		for (i = 0, total = -2; i < ncols; i++)
			total += table_least(vs, cols[i], i, width[i]) + 2;
		if (total <= sx || ncols == 1)
			break;
		for (i = drop = ncols - 1; i > 0; i--) {
			if (table_spare(vs, cols[i], i) >
			    table_spare(vs, cols[drop], drop))
				drop = i;
		}
		ncols--;
		memmove(cols + drop, cols + drop + 1,
		    (ncols - drop) * sizeof *cols);
		memmove(width + drop, width + drop + 1,
		    (ncols - drop) * sizeof *width);
	}
	for (;;) {
		for (i = 0, total = -2; i < ncols; i++)
			total += width[i] + 2;
		for (i = 1, most = -1; i < ncols; i++) {
			if (width[i] > table_least(vs, cols[i], i, width[i]) &&
			    (most < 0 || width[i] > width[most]))
				most = i;
		}
		if (total <= sx || most < 0)
			return (ncols);
		width[most]--;
	}
}

/* A cell: `s' in `width' columns, to the right or the left; cut, '~'. */
static void
table_cell(WINDOW *w, int y, int x, int width, const struct field *f,
    attr_t a, const char *s)
{
	char	 buf[1024];

	if (f->flags & FF_RIGHT)
		snprintf(buf, sizeof buf, "%*s", width, s != NULL ? s : "-");
	else
		snprintf(buf, sizeof buf, "%-*s", width, s != NULL ? s : "-");
	draw_text(w, y, x, width, a, buf);
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
	char			 tmp[256], name[32];
	int			 width[32], ncols = 0, x, y, i, sx, sy, k, len;
	int			 cur;
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
	output_what(cols, ncols);
	for (p = columns; p != NULL && *p != '\0' && ncols < 32; ) {
		len = strcspn(p, ",");
		snprintf(name, sizeof name, "%.*s", len, p);
		if ((f = record_field(r, name)) != NULL)
			cols[ncols++] = f;
		p += len + (p[len] == ',');
	}
	if (vs->rebuild || vs->reorder || vs->rows == NULL)
		table_build(ui, r, base, stride, n);
	vs->height = height - 1;
	vs->table_y = y0;
	table_scroll(vs);

	/* Widths from the heading and the rows on show. */
	nf = record_node_field(r);
	for (i = 0; i < ncols; i++) {
		width[i] = strlen(cols[i]->title) + (vs->sort == cols[i]);
		for (k = vs->top; k < vs->top + vs->height &&
		    k < (int)vs->nrows; k++) {
			rec = (const char *)base + vs->rows[k] * stride;
			s = table_format(ui, r, cols[i], rec, tmp,
			    sizeof tmp);
			len = s != NULL ? (int)strlen(s) : 1;
			if (len > width[i])
				width[i] = len > 40 && i < ncols - 1 ? 40 : len;
		}
	}
	ncols = table_fit(vs, cols, width, ncols, sx);
	wattrset(w, colour(C_HEADER));
	mvwhline(w, y0, 0, ' ', sx);
	for (i = 0, x = 0; i < ncols && x < sx; i++) {
		snprintf(tmp, sizeof tmp, "%s%s", cols[i]->title,
		    vs->sort == cols[i] ? (vs->reverse ? "v" : "^") : "");
		table_cell(w, y0, x, width[i], cols[i], colour(C_HEADER), tmp);
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
		cur = k == vs->cursor && !vs->nocursor;
		if (cur)
			a |= A_REVERSE;
		for (i = 0, x = 0; i < ncols && x < sx; i++) {
			s = table_format(ui, r, cols[i], rec, tmp,
			    sizeof tmp);
			table_cell(w, y0 + y, x, width[i], cols[i], cur ? a :
			    table_cell_colour(cols[i], rec, s, a), s);
			wattrset(w, a);
			if (x + width[i] < sx && cur)
				mvwaddstr(w, y0 + y, x + width[i], "  ");
			x += width[i] + 2;
		}
		if (cur && x < sx)
			mvwhline(w, y0 + y, x, ' ', sx - x);
	}
	wattrset(w, A_NORMAL);
	if (height > 1)
		table_empty(ui, w, y0 + 1, sx);
}

/*
 * On line y, when the filter hides every row: so, and that the cluster
 * has no node of that name when it looks like one.  Nothing otherwise.
 */
void
table_empty(struct ui *ui, WINDOW *w, int y, int sx)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	const struct record	*r = record_find(v->record);
	const char		*text = vs->filter;
	char			 line[256];

	if (text == NULL || vs->nrows > 0)
		return;
	if (vs->fexpr == NULL && vs->fmask == NULL && r != NULL &&
	    record_node_field(r) != NULL && strpbrk(text, " ,") == NULL &&
	    model_find(ui->model, text) < 0)
		snprintf(line, sizeof line, "no node %s in the cluster, no %s "
		    "with that text: Escape clears it", text, v->noun);
	else
		snprintf(line, sizeof line, "no %s matches the filter: "
		    "Escape clears it", v->noun);
	draw_text(w, y, 0, sx, colour(C_DIM), line);
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
	table_keep(ui);
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

/*
 * The cursor on the first row whose record is `rec', or with rec -1 whose
 * node is `node'; -1, the cursor where it was, when no row is.
 */
int
table_goto(struct ui *ui, int rec, int node)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	int			 was = vs->cursor;

	for (vs->cursor = 0; vs->rows != NULL &&
	    vs->cursor < (int)vs->nrows; vs->cursor++) {
		if (rec >= 0 ? vs->rows[vs->cursor] == (u_int)rec :
		    v->node != NULL && v->node(ui) == node) {
			table_keep(ui);
			return (0);
		}
	}
	vs->cursor = was;
	return (-1);
}

/* A click on a row puts the cursor there (the heading is row 0). */
void
table_click(struct ui *ui, int y, int x)
{
	struct view_state	*vs = view_state(ui);
	int			 row = vs->top + y - vs->table_y - 1;

	if (y > vs->table_y && row >= 0 && row < (int)vs->nrows) {
		vs->cursor = row;
		table_keep(ui);
	}
}
