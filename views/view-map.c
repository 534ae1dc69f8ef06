/*
 * myriad - the map: every node of the cluster as a cell, racks as columns.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A rack is a column of cells, its first node on top; racks stand side by
 * side in bands, with their names under each band.  When the cluster does
 * not fit one cell a node, a cell holds 2, 4, 8 ... nodes and shows the
 * worst of them, so a sick node is never averaged away.  The cell's
 * character carries what its colour does: a state letter, or a bar height.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

struct map_layout {
	u_int	 k;		/* nodes per cell */
	u_int	 rack;		/* nodes per rack */
	u_int	 cells;	/* cells per rack column (k <= rack) */
	u_int	 racks;		/* racks per cell (k > rack) */
	u_int	 perband;	/* columns per band */
	u_int	 step;		/* columns per column: 1, or 2 with a gap */
	u_int	 bands;
	u_int	 bandh;		/* rows per band, with its label row */
	u_int	 ncols;		/* columns in all */
};

static struct map_layout	map_last;	/* for clicks */

static const char *map_metric_names[] = {
	[MAP_STATE] = "state", [MAP_UTIL] = "GPU utilization",
	[MAP_TEMP] = "hottest GPU temperature", [MAP_POWER] = "power / limit",
	[MAP_HEALTH] = "health", [MAP_JOB] = "job",
};

static void
view_map_layout(const struct model *m, int w, int h, struct map_layout *l)
{
	u_int	 k, cols, rack = 1, i;

	for (i = 0; i < m->nracks; i++) {
		if (m->racks[i].count > rack)
			rack = m->racks[i].count;
	}
	memset(l, 0, sizeof *l);
	l->rack = rack;
	if (w < 1)
		w = 1;
	for (k = 1;; k *= 2) {
		l->k = k;
		if (k <= rack) {
			l->cells = (rack + k - 1) / k;
			l->racks = 1;
			cols = m->nracks;
			l->bandh = l->cells + 1;
		} else {
			l->cells = 1;
			l->racks = k / rack;
			cols = (m->nracks + l->racks - 1) / l->racks;
			l->bandh = 1;
		}
		l->step = (u_int)w >= cols * 2 && k == 1 ? 2 : 1;
		l->perband = w / l->step;
		if (l->perband == 0)
			l->perband = 1;
		l->ncols = cols;
		l->bands = (cols + l->perband - 1) / l->perband;
		if (l->bands * l->bandh <= (u_int)h || k > m->nnodes)
			break;
	}
}

/* The nodes a cell holds: [*first, *first + *n). */
static void
view_map_cell_nodes(const struct model *m, const struct map_layout *l,
    u_int col,
    u_int cell, u_int *first, u_int *n)
{
	const struct rack	*r;
	u_int			 last;

	*n = 0;
	if (l->k <= l->rack) {
		if (col >= m->nracks)
			return;
		r = &m->racks[col];
		if (cell * l->k >= r->count)
			return;
		*first = r->first + cell * l->k;
		*n = r->count - cell * l->k < l->k ? r->count - cell * l->k :
		    l->k;
		return;
	}
	if (col * l->racks >= m->nracks)
		return;
	r = &m->racks[col * l->racks];
	*first = r->first;
	last = col * l->racks + l->racks;
	if (last > m->nracks)
		last = m->nracks;
	r = &m->racks[last - 1];
	*n = r->first + r->count - *first;
}

/* Where node `id' is drawn. */
static void
view_map_node_cell(const struct model *m, const struct map_layout *l, u_int id,
    u_int *col, u_int *cell)
{
	u_int	 rack = m->nodes[id].rack;

	if (l->k <= l->rack) {
		*col = rack;
		*cell = (id - m->racks[rack].first) / l->k;
	} else {
		*col = rack / l->racks;
		*cell = 0;
	}
}

static int
view_map_worse(const struct node_look *a, const struct node_look *b)
{
	static const char	 order[] = "-IMADX?";

	return (strchr(order, a->letter) > strchr(order, b->letter));
}

/* Whether the map's filter (the / prompt) finds node `id'. */
static int
view_map_match(struct ui *ui, u_int id)
{
	const struct view_state	*vs = &ui->vs[VIEW_MAP];
	const struct node	*n = &ui->model->nodes[id];

	if (vs->fexpr != NULL)
		return (filter_match(vs->fexpr, n, ui->model));
	if (vs->fmask != NULL)
		return (vs->fmask[id]);
	return (strcasestr(n->name, vs->filter) != NULL ||
	    strcasestr(n->state, vs->filter) != NULL ||
	    strcasestr(n->reason, vs->filter) != NULL);
}

/* Draw one cell: the worst of its nodes. */
static void
view_map_draw_cell(struct ui *ui, WINDOW *w, int y, int x, u_int first, u_int n,
    int cursor)
{
	const struct model	*m = ui->model;
	const struct node_look	*look = NULL, *l;
	const struct job	*j;
	double			 v, worst = -1;
	u_int			 i, marked = 0, injob = 0, found = 0;
	int			 valid, anyvalid = 0, job = -1;
	attr_t			 a;
	char			 s[8];
	const char		*text;

	for (i = first; i < first + n; i++) {
		l = view_node_look(m, i);
		if (look == NULL || view_map_worse(l, look))
			look = l;
		marked += ui->marks[i];
		if (ui->job >= 0 && m->nodes[i].job == ui->job)
			injob++;
		if (m->nodes[i].job >= 0 && job < 0)
			job = m->nodes[i].job;
		if (ui->vs[VIEW_MAP].filter != NULL)
			found += view_map_match(ui, i);
		if (ui->metric == MAP_STATE || ui->metric == MAP_JOB)
			continue;
		v = view_node_metric(m, i, ui->metric, &valid);
		if (valid && v > worst)
			worst = v;
		anyvalid |= valid;
	}
	if (look == NULL)
		return;
	switch (ui->metric) {
	case MAP_STATE:
		s[0] = look->letter;
		s[1] = '\0';
		text = s;
		a = colour(look->colour);
		break;
	case MAP_JOB:
		if (job >= 0) {
			j = &m->jobs[job];
			s[0] = "abcdefghijklmnopqrstuvwxyz"[
			    (strtoul(j->id, NULL, 10)) % 26];
			s[1] = '\0';
			a = colour(C_SCALE0 + 2 + strtoul(j->id, NULL, 10) % 5);
		} else {
			s[0] = look->letter == 'I' ? '.' : look->letter;
			s[1] = '\0';
			a = colour(look->colour) | A_DIM;
		}
		text = s;
		break;
	default:
		if (look->letter == '?' || look->letter == 'X') {
			s[0] = look->letter;
			s[1] = '\0';
			text = s;
			a = colour(look->colour);
			break;
		}
		text = anyvalid ? draw_block(worst > 0.02 ? worst : 0.02) :
		    draw_block(NAN);
		a = anyvalid ? colour(colour_scale(worst)) : colour(C_DIM);
		break;
	}
	if (marked)
		a = colour(C_MARK) | A_UNDERLINE;
	if (ui->job >= 0)
		a = injob ? (a | A_BOLD | A_UNDERLINE) : colour(C_DIM);
	if (ui->vs[VIEW_MAP].filter != NULL)
		a = found ? (a | A_BOLD) : colour(C_DIM);
	if (cursor)
		a = (a & ~A_UNDERLINE) | A_REVERSE;
	draw_cell(w, y, x, text, a);
}

static void
view_map_draw_info(struct ui *ui, WINDOW *w, int y, int width)
{
	const struct model	*m = ui->model;
	const struct node	*n;
	const struct gpu	*g, *hot = NULL;
	const struct job	*j;
	char			 line[512];
	int			 len, id = ui->vs[VIEW_MAP].cursor;
	u_int			 i;

	wmove(w, y, 0);
	wclrtoeol(w);
	if (id < 0 || (u_int)id >= m->nnodes)
		return;
	n = &m->nodes[id];
	for (i = 0; i < n->ngpus; i++) {
		g = &m->gpus[n->gpu0 + i];
		if ((g->valid & BIT(GPU_TEMP)) &&
		    (hot == NULL || g->temp_c > hot->temp_c))
			hot = g;
	}
	len = snprintf(line, sizeof line, "%s  %s  %s", n->name,
	    m->racks[n->rack].name, view_node_look(m, id)->name);
	if (n->state[0] != '\0')
		len += snprintf(line + len, sizeof line - len, " (%s)",
		    n->state);
	if (n->reach != REACH_UP && n->reach != REACH_UNKNOWN)
		len += snprintf(line + len, sizeof line - len, "  %s: %s",
		    model_reach_name(n->reach), n->error);
	if (n->job >= 0 && (u_int)n->job < m->njobs) {
		j = &m->jobs[n->job];
		len += snprintf(line + len, sizeof line - len,
		    "  job %s %s %s", j->id, j->user, j->name);
	}
	if (hot != NULL)
		len += snprintf(line + len, sizeof line - len,
		    "  hottest GPU %d %.0f C", hot->index, hot->temp_c);
	if (n->reason[0] != '\0')
		snprintf(line + len, sizeof line - len, "  reason: %s",
		    n->reason);
	draw_text(w, y, 0, width, A_BOLD, line);
}

static void
view_map_draw_legend(struct ui *ui, WINDOW *w, int y, int width,
    const struct map_layout *l)
{
	const struct node_look	*looks;
	u_int			 n, i;
	int			 x;
	char			 s[64];

	wmove(w, y, 0);
	wclrtoeol(w);
	x = snprintf(s, sizeof s, "%s", map_metric_names[ui->metric]);
	draw_text(w, y, 0, width, colour(C_DIM), s);
	x += 2;
	if (ui->metric == MAP_STATE || ui->metric == MAP_JOB) {
		looks = view_looks_all(&n);
		for (i = 0; i < n && x + 14 < width; i++) {
			snprintf(s, sizeof s, "%c", looks[i].letter);
			draw_cell(w, y, x, s, colour(looks[i].colour));
			draw_text(w, y, x + 2, width - x - 2, A_NORMAL,
			    looks[i].name);
			x += strlen(looks[i].name) + 4;
		}
	} else {
		draw_text(w, y, x, width - x, A_NORMAL, "low");
		x += 4;
		for (i = 0; i <= 8 && x < width; i++, x++)
			draw_cell(w, y, x, draw_block(i / 8.0),
			    colour(colour_scale(i / 8.0)));
		draw_text(w, y, x + 1, width - x - 1, A_NORMAL,
		    ui->metric == MAP_HEALTH ? "fault   ? unreachable  X down" :
		    "high   ? unreachable  X down");
		x += 30;
	}
	if (l->k > 1 && x + 24 < width) {
		snprintf(s, sizeof s, "%u nodes a cell, the worst", l->k);
		draw_text(w, y, width - strlen(s) - 1, strlen(s), colour(C_DIM),
		    s);
	}
}

/* What is wrong with a node, worst first; 0 when nothing is. */
static int
view_map_trouble(const struct model *m, u_int id, double crit, char *text,
    size_t len)
{
	const struct node	*n = &m->nodes[id];
	const struct gpu	*g;
	u_int			 i;
	int			 worst = 0, sev;
	char			 tmp[128];

	if (text == NULL)
		len = 0;
	if (n->reach != REACH_UP && n->reach != REACH_UNKNOWN) {
		if (len > 0)
			snprintf(text, len, "%s%s%s",
			    model_reach_name(n->reach), *n->error != '\0' ?
			    ": " : "", n->error);
		return (9);
	}
	for (i = 0; i < n->ngpus; i++) {
		g = &m->gpus[n->gpu0 + i];
		sev = 0;
		if (g->error[0] != '\0')
			sev = 8;
		else if ((g->valid & BIT(GPU_ECC_DBE)) && g->ecc_dbe > 0)
			sev = 7;
		else if (g->valid & BIT(GPU_XID))
			sev = 5;
		else if ((g->valid & BIT(GPU_TEMP)) && g->temp_c >= crit)
			sev = 4;
		if (sev <= worst)
			continue;
		worst = sev;
		if (len == 0)
			continue;
		if (sev == 8)
			snprintf(tmp, sizeof tmp, "GPU %u: %s", i, g->error);
		else if (sev == 7)
			snprintf(tmp, sizeof tmp, "GPU %u: %llu uncorrectable "
			    "ECC errors", i, (unsigned long long)g->ecc_dbe);
		else if (sev == 5)
			snprintf(tmp, sizeof tmp, "GPU %u: Xid %d", i, g->xid);
		else
			snprintf(tmp, sizeof tmp, "GPU %u at %.0f C", i,
			    g->temp_c);
		snprintf(text, len, "%s", tmp);
	}
	if (worst < 6 && (strncmp(n->state, "down", 4) == 0 ||
	    strncmp(n->state, "fail", 4) == 0)) {
		if (len > 0)
			snprintf(text, len, "%s: %s", n->state, n->reason);
		return (6);
	}
	if (worst < 3 && n->bmc_error[0] != '\0') {
		if (len > 0)
			snprintf(text, len, "BMC: %s", n->bmc_error);
		return (3);
	}
	if (worst < 2 && strstr(n->state, "drain") != NULL) {
		if (len > 0)
			snprintf(text, len, "%s: %s", n->state, n->reason);
		return (2);
	}
	return (worst);
}

/*
 * Under the map, when there is room: the nodes that need attention,
 * worst first, in columns.
 */
static void
view_map_draw_attention(struct ui *ui, WINDOW *w, int y0, int h, int sx)
{
	static struct map_trouble {
		u_int	 id;
		int	 sev;
	}			 top[512];
	struct map_trouble	 t;
	static u_int		 ntop, total, made_max;
	static uint64_t		 made = UINT64_MAX;
	const struct model	*m = ui->model;
	char			 text[300], line[400];
	u_int			 max, i, k, cols, colw;
	int			 sev;
	double			 crit;

	if (h < 3)
		return;
	cols = sx >= 160 ? 3 : sx >= 110 ? 2 : 1;
	colw = sx / cols;
	max = (h - 1) * cols;
	if (max > nitems(top))
		max = nitems(top);
	crit = options_get_float("threshold.gpu-temp-crit");
	/* The worst nodes, found again only when the model changed. */
	if (made != ui->drawn || made_max != max) {
		made = ui->drawn;
		made_max = max;
		ntop = total = 0;
		for (i = 0; i < m->nnodes; i++) {
			if ((sev = view_map_trouble(m, i, crit, NULL, 0)) == 0)
				continue;
			total++;
			if (ntop == max && sev <= top[ntop - 1].sev)
				continue;
			if (ntop < max)
				ntop++;
			top[ntop - 1].id = i;
			top[ntop - 1].sev = sev;
			for (k = ntop - 1; k > 0 && top[k].sev >
			    top[k - 1].sev; k--) {
				t = top[k];
				top[k] = top[k - 1];
				top[k - 1] = t;
			}
		}
	}
	snprintf(line, sizeof line, "Needs attention: %u node%s%s", total,
	    total == 1 ? "" : "s", total > ntop ? " (the worst shown)" : "");
	draw_text(w, y0, 0, sx, colour(C_HEADER), line);
	for (i = 0; i < ntop; i++) {
		view_map_trouble(m, top[i].id, crit, text, sizeof text);
		snprintf(line, sizeof line, "%-8s %-5s %s",
		    m->nodes[top[i].id].name,
		    m->racks[m->nodes[top[i].id].rack].name, text);
		draw_text(w, y0 + 1 + i % (h - 1), (i / (h - 1)) * colw,
		    colw - 2, colour(top[i].sev >= 6 ? C_CRIT : top[i].sev >= 4 ?
		    C_WARN : C_NORMAL), line);
	}
}

void
view_map_draw(struct ui *ui, WINDOW *w)
{
	const struct model	*m = ui->model;
	struct map_layout	 l;
	u_int			 band, c, col, cell, first, n, ccol, ccell;
	int			 sx, sy, y, x, cur = ui->vs[VIEW_MAP].cursor;

	getmaxyx(w, sy, sx);
	werase(w);
	if (m->nnodes == 0)
		return;
	if (cur < 0 || (u_int)cur >= m->nnodes)
		cur = ui->vs[VIEW_MAP].cursor = 0;
	view_map_layout(m, sx, sy - 2, &l);
	map_last = l;
	view_map_node_cell(m, &l, cur, &ccol, &ccell);
	for (band = 0; band < l.bands; band++) {
		y = band * l.bandh;
		if (y + (int)l.bandh > sy - 2 && l.bandh > 1)
			break;
		for (c = 0; c < l.perband; c++) {
			col = band * l.perband + c;
			if (col >= l.ncols)
				break;
			x = c * l.step;
			for (cell = 0; cell < l.cells; cell++) {
				view_map_cell_nodes(m, &l, col, cell, &first,
				    &n);
				if (n == 0)
					continue;
				view_map_draw_cell(ui, w, y + cell, x, first, n,
				    col == ccol && cell == ccell);
			}
			/* Rack names under the band, where they fit. */
			if (l.bandh > 1 && c % 8 == 0 && x + 6 <= sx) {
				view_map_cell_nodes(m, &l, col, 0, &first, &n);
				draw_text(w, y + l.cells, x, 8 * l.step - 1,
				    colour(C_DIM),
				    m->racks[m->nodes[first].rack].name);
			}
		}
	}
	y = l.bands * l.bandh + 1;
	view_map_draw_attention(ui, w, y, sy - 2 - y, sx);
	view_map_draw_info(ui, w, sy - 2, sx);
	view_map_draw_legend(ui, w, sy - 1, sx, &l);
}

/* Up and down move along a rack, left and right across racks. */
void
view_map_move(struct ui *ui, int dx, int dy)
{
	const struct model	*m = ui->model;
	const struct map_layout	*l = &map_last;
	long			 id = ui->vs[VIEW_MAP].cursor, step;
	long			 rack, pos;

	if (m->nnodes == 0)
		return;
	step = l->k ? l->k : 1;
	if (dy <= -UI_MOVE_END || dy >= UI_MOVE_END) {
		ui->vs[VIEW_MAP].cursor = dy < 0 ? 0 : m->nnodes - 1;
		return;
	}
	if (dy != 0) {
		/* Pages move a band of racks. */
		if (dy > 1 || dy < -1)
			id += (dy > 0 ? 1 : -1) * (long)l->perband * l->rack;
		else
			id += dy * step;
	}
	if (dx != 0) {
		rack = m->nodes[id < 0 ? 0 : id >= (long)m->nnodes ?
		    m->nnodes - 1 : id].rack;
		pos = id - m->racks[rack].first;
		if (dx <= -UI_MOVE_END)
			rack = (rack / l->perband) * l->perband;
		else if (dx >= UI_MOVE_END)
			rack = (rack / l->perband) * l->perband +
			    l->perband - 1;
		else
			rack += dx * (long)(l->racks ? l->racks : 1);
		if (rack < 0 || rack >= (long)m->nracks)
			rack = dx < 0 ? 0 : m->nracks - 1;
		if (pos >= (long)m->racks[rack].count)
			pos = m->racks[rack].count - 1;
		id = m->racks[rack].first + pos;
	}
	if (id < 0)
		id = 0;
	if (id >= (long)m->nnodes)
		id = m->nnodes - 1;
	ui->vs[VIEW_MAP].cursor = id;
}

int
view_map_node(struct ui *ui)
{
	int	 id = ui->vs[VIEW_MAP].cursor;

	return (id >= 0 && (u_int)id < ui->model->nnodes ? id : -1);
}

void
view_map_open(struct ui *ui)
{
	view_open_node(ui);
}

void
view_map_click(struct ui *ui, int y, int x)
{
	const struct map_layout	*l = &map_last;
	u_int			 band, col, cell, first, n;

	if (l->bandh == 0 || l->step == 0)
		return;
	band = y / l->bandh;
	cell = y % l->bandh;
	col = band * l->perband + x / l->step;
	if (cell >= l->cells || (u_int)x / l->step >= l->perband)
		return;
	view_map_cell_nodes(ui->model, l, col, cell, &first, &n);
	if (n > 0)
		ui->vs[VIEW_MAP].cursor = first;
}

/*
 * The cursor on the next node the filter finds, after the cursor's (dir
 * 1), before it (-1), or the first of all (0), round the end; how many
 * nodes it finds.  The cursor stays when it finds none.
 */
u_int
view_map_seek(struct ui *ui, int dir)
{
	const struct model	*m = ui->model;
	int			*cursor = &ui->vs[VIEW_MAP].cursor;
	u_int			 i, id, found = 0, nn = m->nnodes;
	int			 to = -1;

	if (ui->vs[VIEW_MAP].filter == NULL || nn == 0)
		return (0);
	for (i = 0; i < nn; i++) {
		if (dir == 0)
			id = i;
		else if (dir > 0)
			id = (*cursor + 1 + i) % nn;
		else
			id = (*cursor + 2 * nn - 1 - i) % nn;
		if (!view_map_match(ui, id))
			continue;
		if (found++ == 0)
			to = id;
	}
	if (to >= 0)
		*cursor = to;
	return (found);
}
