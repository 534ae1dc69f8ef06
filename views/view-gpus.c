/*
 * myriad - the GPUs: a heat grid of nodes by GPUs over a sortable table.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The table has every GPU slot of the cluster, a row each, hottest first
 * until the operator sorts it otherwise.  The grid above it shows the
 * nodes of the table in the table's order, each as its name and a cell per
 * GPU, so a node with one hot GPU and a node running hot as a whole look
 * different at a glance.  The grid shows what the table is sorted by
 * (utilization, power, memory or temperature); a cell's height carries
 * what its colour does, and letters stand for what is not a number:
 * X an error (a lost GPU), E uncorrectable ECC errors, ? an unreachable
 * node.  The cursor's node and GPU are drawn in reverse in the grid.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

enum gpus_metric {
	GPUS_TEMP,
	GPUS_UTIL,
	GPUS_POWER,
	GPUS_MEM,
};

/*
 * The nodes of the table in its order, each once: made when the table's
 * rows are, and the place of each node in that order.  Node ids only.
 * The view's own, in its view_state.
 */
struct gpus_grid {
	u_int	*order;
	u_int	 norder;
	int	*place;
	u_int	 nplace;
	u_int	 namew;
	u_int	 first;		/* the first place the grid shows */
	int	 mixed;		/* the cluster's are of several vendors */
};

/*
 * The table's columns, narrow or wide (150 columns and more), on a cluster
 * of one vendor's GPUs or of several: the model where it tells GPUs apart
 * (before the error, on one vendor's, whose table keeps its first columns),
 * the vendor where there are several.  Narrow, the model of a mix
 * takes the place of the memory's total and the power limit, which it
 * tells.
 */
static const char *gpus_columns[2][2] = {
	{ "node,index,util_pct,mem_used_mib,mem_total_mib,temp_c,power_w,"
	    "power_limit_w,ecc_dbe,xid,error",
	  "node,index,model,util_pct,mem_used_mib,temp_c,power_w,ecc_dbe,"
	    "xid,error" },
	{ "node,index,util_pct,memutil_pct,mem_used_mib,mem_total_mib,"
	    "temp_c,memtemp_c,power_w,power_limit_w,sm_clock_mhz,pstate,"
	    "ecc_sbe,ecc_dbe,remap_pending,xid,throttle,model,error",
	  "node,index,vendor,model,util_pct,memutil_pct,mem_used_mib,"
	    "mem_total_mib,temp_c,memtemp_c,power_w,power_limit_w,"
	    "sm_clock_mhz,pstate,ecc_sbe,ecc_dbe,remap_pending,xid,throttle,"
	    "error" },
};

static enum gpus_metric
view_gpus_metric(const struct view_state *vs)
{
	const char	*name = vs->sort != NULL ? vs->sort->name : "";

	if (strncmp(name, "util", 4) == 0 || strncmp(name, "memutil", 7) == 0)
		return (GPUS_UTIL);
	if (strncmp(name, "power", 5) == 0)
		return (GPUS_POWER);
	if (strncmp(name, "mem_", 4) == 0)
		return (GPUS_MEM);
	return (GPUS_TEMP);
}

static struct gpus_grid *
view_gpus_grid(struct ui *ui)
{
	return (view_data(ui, VIEW_GPUS, sizeof (struct gpus_grid)));
}

void
view_gpus_free(void *data)
{
	struct gpus_grid	*gg = data;

	if (gg == NULL)
		return;
	free(gg->order);
	free(gg->place);
	free(gg);
}

/* The nodes in the order of the table's rows: one pass over them. */
static void
view_gpus_build(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_GPUS];
	struct gpus_grid	*gg = view_gpus_grid(ui);
	size_t			 n = m->ngpus;
	u_int			 i, node, len;
	enum vendor		 one;

	if (gg->nplace != m->nnodes) {
		gg->place = xreallocarray(gg->place, m->nnodes + 1,
		    sizeof *gg->place);
		gg->order = xreallocarray(gg->order, m->nnodes + 1,
		    sizeof *gg->order);
		gg->nplace = m->nnodes;
	}
	for (i = 0; i < m->nnodes; i++)
		gg->place[i] = -1;
	gg->mixed = 0;
	for (i = 0, one = VENDOR_UNKNOWN; i < n && !gg->mixed; i++) {
		if (one == VENDOR_UNKNOWN)
			one = m->gpus[i].vendor;
		else if (m->gpus[i].vendor != VENDOR_UNKNOWN)
			gg->mixed = m->gpus[i].vendor != one;
	}
	gg->norder = 0;
	gg->namew = 4;
	for (i = 0; i < vs->nrows; i++) {
		if (vs->rows[i] >= n)
			continue;
		node = m->gpus[vs->rows[i]].node;
		if (node >= m->nnodes || gg->place[node] != -1)
			continue;
		gg->place[node] = gg->norder;
		gg->order[gg->norder++] = node;
		len = strlen(m->nodes[node].name);
		if (len > gg->namew)
			gg->namew = len > 24 ? 24 : len;
	}
}

/* One GPU as a grid cell: a bar for the metric, or a letter. */
static void
view_gpus_draw_cell(struct ui *ui, WINDOW *w, int y, int x, u_int node, u_int i,
    enum gpus_metric metric, int cursor)
{
	const struct model	*m = ui->model;
	const struct node	*n = &m->nodes[node];
	const struct gpu	*g = &m->gpus[n->gpu0 + i];
	double			 f = NAN, crit;
	const char		*s;
	attr_t			 a;

	if (i >= n->ngpus)
		return;		/* a node with fewer than the widest */
	crit = options_get_float("threshold.gpu-temp-crit");
	switch (metric) {
	case GPUS_TEMP:
		if (g->valid & BIT(GPU_TEMP))
			f = (g->temp_c - 30) / (crit - 30);
		break;
	case GPUS_UTIL:
		if (g->valid & BIT(GPU_UTIL))
			f = g->util_pct / 100;
		break;
	case GPUS_POWER:
		if ((g->valid & BIT(GPU_POWER)) &&
		    (g->valid & BIT(GPU_PLIMIT)) && g->power_limit_w > 0)
			f = g->power_w / g->power_limit_w;
		break;
	case GPUS_MEM:
		if ((g->valid & BIT(GPU_MEMUSED)) &&
		    (g->valid & BIT(GPU_MEMTOTAL)) && g->mem_total_mib > 0)
			f = g->mem_used_mib / g->mem_total_mib;
		break;
	}
	if (model_unreachable(n)) {
		s = "?";
		a = colour(C_S_UNREACH);
	} else if (g->error[0] != '\0') {
		s = "X";
		a = colour(C_CRIT);
	} else if ((g->valid & BIT(GPU_ECC_DBE)) && g->ecc_dbe > 0) {
		s = "E";
		a = colour(C_CRIT);
	} else if (isnan(f)) {
		s = draw_block(NAN);
		a = colour(C_DIM);
	} else {
		if (f < 0)
			f = 0;
		s = draw_block(f > 0.125 ? f : 0.125);
		a = metric == GPUS_TEMP ? colour(colour_scale(f)) :
		    colour_load(f);
	}
	if (cursor)
		a ^= A_REVERSE;	/* stands out from reversed ones too */
	draw_cell(w, y, x, s, a);
}

/* The grid: `rows' rows of nodes, in columns, from its first place. */
static void
view_gpus_draw_grid(struct ui *ui, WINDOW *w, int rows, int ncols, int colw,
    int cnode, int cgpu)
{
	const struct model	*m = ui->model;
	const struct gpus_grid	*gg = view_gpus_grid(ui);
	enum gpus_metric	 metric = view_gpus_metric(&ui->vs[VIEW_GPUS]);
	u_int			 p, node, i, gpn = model_gpus_max(m);
	int			 y, x, c;
	attr_t			 a;

	if (gpn > 16)
		gpn = 16;
	for (c = 0; c < ncols; c++) {
		for (y = 0; y < rows; y++) {
			p = gg->first + c * rows + y;
			if (p >= gg->norder)
				return;
			node = gg->order[p];
			x = c * colw;
			a = A_NORMAL;
			if (ui->marks[node])
				a = colour(C_MARK);
			if ((int)node == cnode)
				a |= A_REVERSE;
			draw_text(w, y, x, gg->namew, a, m->nodes[node].name);
			x += gg->namew + 1;
			for (i = 0; i < gpn; i++)
				view_gpus_draw_cell(ui, w, y, x + i, node, i,
				    metric,
				    (int)node == cnode && (int)i == cgpu);
		}
	}
}

/* Under the grid: what it shows, and which of the nodes. */
static void
view_gpus_draw_legend(struct ui *ui, WINDOW *w, int y, int sx, u_int shown)
{
	static const char	*names[] = {
		[GPUS_TEMP] = "temperature", [GPUS_UTIL] = "utilization",
		[GPUS_POWER] = "power/limit", [GPUS_MEM] = "memory used",
	};
	const struct gpus_grid	*gg = view_gpus_grid(ui);
	enum gpus_metric	 metric = view_gpus_metric(&ui->vs[VIEW_GPUS]);
	char			 s[128];
	int			 x, i, len;

	wmove(w, y, 0);
	wclrtoeol(w);
	if (gg->norder == 0) {
		/* A filter that hides every GPU: the table says so. */
		if (ui->vs[VIEW_GPUS].filter == NULL)
			draw_text(w, y, 0, sx, colour(C_DIM),
			    "no GPUs to show");
		return;
	}
	draw_text(w, y, 0, sx, colour(C_DIM), names[metric]);
	x = strlen(names[metric]) + 1;
	for (i = 1; i <= 8 && x < sx; i++, x++)
		draw_cell(w, y, x, draw_block(i / 8.0), metric == GPUS_TEMP ?
		    colour(colour_scale(i / 8.0)) : colour_load(i / 8.0));
	if (metric == GPUS_TEMP)
		snprintf(s, sizeof s, " 30-%.0f C", options_get_float(
		    "threshold.gpu-temp-crit"));
	else
		snprintf(s, sizeof s, " 0-100%%");
	draw_text(w, y, x, sx - x, colour(C_DIM), s);
	x += strlen(s) + 2;
	draw_text(w, y, x, sx - x, colour(C_DIM),
	    "X error  E ECC  ? unreachable");
	x += 31;
	len = snprintf(s, sizeof s, "nodes %u-%u of %u, table order",
	    gg->first + 1, gg->first + shown, gg->norder);
	if (x + len < sx)
		draw_text(w, y, sx - len, len, colour(C_DIM), s);
	else if (x + 12 < sx) {
		len = snprintf(s, sizeof s, "%u-%u/%u", gg->first + 1,
		    gg->first + shown, gg->norder);
		draw_text(w, y, sx - len, len, colour(C_DIM), s);
	}
}

/*
 * Where the grid goes: `most' rows at most (a few at 24 lines, more on a
 * tall terminal), `rows' of them used, `ncols' columns `colw' wide.
 */
struct gpus_geometry {
	int	 most;
	int	 rows;
	int	 ncols;
	int	 colw;
};

static void
view_gpus_geometry(const struct model *m, const struct gpus_grid *gg, int sx,
    int sy, struct gpus_geometry *g)
{
	u_int	 gpn = model_gpus_max(m) > 16 ? 16 : model_gpus_max(m);

	g->colw = gg->namew + 1 + gpn + 2;
	g->ncols = (sx + 2) / g->colw;
	if (g->ncols < 1)
		g->ncols = 1;
	if (sy < 8)
		g->most = 0;
	else if (sy < 14)
		g->most = 1;
	else
		g->most = sy / 7 > 12 ? 12 : sy / 7;
	g->rows = (gg->norder + g->ncols - 1) / g->ncols;
	if (g->rows > g->most)
		g->rows = g->most;
	if (g->rows < 1 && g->most > 0)
		g->rows = 1;
}

void
view_gpus_draw(struct ui *ui, WINDOW *w)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_GPUS];
	struct gpus_grid	*gg = view_gpus_grid(ui);
	const struct record	*r = record_find("gpu");
	struct gpus_geometry	 g, again;
	size_t			 n = m->ngpus;
	u_int			 slots;
	int			 sx, sy, table_y, built, row, place, mixed;
	int			 cnode = -1, cgpu = -1;

	getmaxyx(w, sy, sx);
	werase(w);
	if (vs->sort == NULL && r != NULL) {
		/* Hottest first: the trouble on top. */
		vs->sort = record_field(r, "temp_c");
		vs->reverse = 1;
		vs->rebuild = 1;
	}
	view_gpus_geometry(m, gg, sx, sy, &g);
	table_y = g.rows + (g.most > 0) + (sy >= 40);

	built = vs->rebuild || vs->rows == NULL || gg->order == NULL;
	mixed = gg->mixed;
	table_draw(ui, w, table_y, sy - table_y, "gpu", m->gpus,
	    sizeof *m->gpus, n, gpus_columns[sx >= 150][mixed]);
	if (built) {
		view_gpus_build(ui);
		view_gpus_geometry(m, gg, sx, sy, &again);
		if (again.rows != g.rows || again.colw != g.colw ||
		    gg->mixed != mixed) {
			/* The grid or the columns changed: again. */
			view_gpus_draw(ui, w);
			return;
		}
	}
	if (g.most == 0)
		return;

	/* Keep the cursor's node in the grid. */
	if ((row = table_row(ui)) >= 0 && (size_t)row < n) {
		cnode = m->gpus[row].node;
		cgpu = m->gpus[row].index;
	}
	slots = g.rows * g.ncols;
	if (cnode >= 0 && (u_int)cnode < gg->nplace &&
	    (place = gg->place[cnode]) >= 0) {
		if ((u_int)place < gg->first)
			gg->first = place / g.rows * g.rows;
		else if ((u_int)place >= gg->first + slots)
			gg->first = (place / g.rows - g.ncols + 1) * g.rows;
	}
	if (gg->first >= gg->norder)
		gg->first = 0;
	view_gpus_draw_grid(ui, w, g.rows, g.ncols, g.colw, cnode, cgpu);
	view_gpus_draw_legend(ui, w, g.rows, sx,
	    gg->norder - gg->first < slots ?
	    gg->norder - gg->first : slots);
}

/* A row's item: its node and GPU index. */
uint64_t
view_gpus_key(struct ui *ui, u_int row)
{
	const struct gpu	*g = &ui->model->gpus[row];

	if (row >= ui->model->ngpus)
		return (0);
	return ((uint64_t)g->node << 32 | (uint32_t)g->index);
}

/*
 * A slot of the GPU array that is one of its node's GPUs, not a spare,
 * nor one its whole report left out (a line refused is not a GPU).
 */
int
view_gpus_present(struct ui *ui, const void *rec)
{
	const struct gpu	*g = rec;
	const struct node	*n;

	if (g->node >= ui->model->nnodes)
		return (0);
	n = &ui->model->nodes[g->node];
	return ((u_int)g->index < n->ngpus && (!n->gpus_known ||
	    g->valid != 0 || g->error[0] != '\0'));
}

/* The node of the GPU under the cursor. */
int
view_gpus_node(struct ui *ui)
{
	const struct model	*m = ui->model;
	int			 row = table_row(ui);

	if (row < 0 || (u_int)row >= m->ngpus)
		return (-1);
	return (m->gpus[row].node);
}
