/*
 * myriad - the map: every node of the cluster as a cell, racks as columns.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A rack is a column of cells, its first node on top; racks stand side by
 * side in bands, with their names under each band.  When the cluster does
 * not fit one cell a node, a cell holds 2, 4, 8 ... nodes.  Its state
 * letter is one of its nodes' states, drawn in proportion to their counts
 * (cell c takes the state where the running count of its nodes passes
 * the golden ratio's c-th fraction of them), so each state covers about
 * its share of the map and a cell changes only when its own nodes do; a
 * cell with a node that needs attention shows its letter in lower case,
 * so no sick node is averaged away.  A metric shows the highest of the
 * cell's nodes, the job metric the first job on them.  A cell of whole
 * racks is a row's; the row's first rack is named before it.  The cell's
 * character carries what its colour does: a letter, or a bar height.
 *
 * When a scale-up domain has more than a node (an NVL72 rack's 18 trays),
 * the map is of domains instead: see struct map_domains.
 */

#include <ctype.h>
#include <limits.h>
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
	u_int	 left;		/* the row's first rack, before it */
};

static struct map_layout	map_last;	/* for clicks */

/*
 * The map of scale-up domains, when one has more than a node (an NVL72
 * rack): a domain a block, blocks side by side in lines, each its name,
 * its verdict, then its trays, k nodes a cell.  When they do not fit, a
 * cell a domain (k 0), its verdict's mark, each line after the name of
 * its first domain.
 */
struct map_domains {
	u_int	 on;		/* a domain has more than a node */
	u_int	 k;		/* nodes per cell; 0: a domain a cell */
	u_int	 most;		/* nodes of the largest domain */
	u_int	 namew;		/* the longest name */
	u_int	 words;		/* the verdict as a word, not a mark */
	u_int	 cells;		/* cells per block */
	u_int	 blockw;	/* columns per block, with its gap */
	u_int	 perline;	/* blocks per line, or cells */
	u_int	 lines;
	u_int	 left;		/* a cell a domain: names before lines */
	u_int	 step;		/* ... and 1, or 2 with a gap */
	u_int	 racks;		/* blocks of domains of one node */
};
static struct map_domains	map_doms;	/* for moves and clicks */

/*
 * The blocks of the map of domains, in the order of their first nodes: a
 * domain of more than a node, or the domains of one node (HGX servers)
 * that follow one another in a rack, together under the rack's name.
 * Made again only when the domains were.
 */
struct map_block {
	uint32_t	 first;		/* its nodes: m->scaleupnodes[first */
	uint32_t	 n;		/* .. first + n) */
	uint32_t	 dom;		/* its domain, or MAP_RACK */
	uint32_t	 rack;
};
#define MAP_RACK	UINT32_MAX
struct map_blocks {
	struct map_block *block;
	u_int		 n;
	uint32_t	*of;		/* each node's block */
	uint64_t	 made;		/* the domains' generation */
	const struct scaleup *scaleups;	/* ... array */
	u_int		 ndoms;		/* ... and count */
};
static struct map_blocks	map_blocks = { .made = UINT64_MAX };

/* A verdict's mark and colour: a broken domain reads without colour. */
static const struct {
	char		 mark;
	enum colour	 colour;
} map_verdicts[] = {
	[SU_HEALTHY] = { '.', C_DIM },
	[SU_DEGRADED] = { '~', C_WARN },
	[SU_BROKEN] = { 'X', C_CRIT },
	[SU_UNKNOWN] = { '?', C_S_UNKNOWN },
};
#define MAP_VERDICTW	8	/* the longest verdict: degraded */

static const char *map_metric_names[] = {
	[MAP_STATE] = "state", [MAP_UTIL] = "GPU utilization",
	[MAP_TEMP] = "hottest GPU temperature", [MAP_POWER] = "power / limit",
	[MAP_HEALTH] = "health", [MAP_JOB] = "job",
	[MAP_MODEL] = "model",
};

/* A scale's legend after its bars: its top, then the other marks. */
static const char *map_legend_tails[] = {
	[MAP_UTIL] = "high   ? unreachable  X down",
	[MAP_TEMP] = "high   ? unreachable  X down",
	[MAP_POWER] = "high  ? unreachable  X down  w no limit reported",
	[MAP_HEALTH] = "fault   ? unreachable  X down",
};

/*
 * The models of the map: each vendor and model its nodes have, a digit or
 * a letter each, in the order of vendors, then of names; what each node
 * has (its first accelerator's), 0 for none known.  Made again only when
 * the model changed, and only for the model metric: a pass over the nodes.
 */
#define MAP_KIND_CHARS	"123456789abcdefghijklmnopqrstuvwxy+"
#define MAP_NKINDS	(sizeof MAP_KIND_CHARS - 1)	/* last: others */

struct map_kind {
	enum vendor	 vendor;
	char		 model[48];
	u_int		 nodes;
};
struct map_kinds {
	struct map_kind	 kind[MAP_NKINDS];
	u_int		 nkinds;
	uint8_t		*node;		/* 1 + its kind, or 0 */
	u_int		 nnodes;
	uint64_t	 made;
};
static struct map_kinds	map_kinds = { .made = UINT64_MAX };

static int
view_map_kind_cmp(const struct map_kind *a, enum vendor v, const char *model)
{
	if (a->vendor != v)
		return (a->vendor < v ? -1 : 1);
	return (strcmp(a->model, model));
}

/* The kind of `model' of vendor `v', added in its place if it is new. */
static u_int
view_map_kind_add(struct map_kinds *mk, enum vendor v, const char *model)
{
	u_int	 i, k;
	int	 c = 1;

	for (i = 0; i < mk->nkinds; i++) {
		if ((c = view_map_kind_cmp(&mk->kind[i], v, model)) >= 0)
			break;
	}
	if (c == 0)
		return (i);
	if (mk->nkinds == MAP_NKINDS - 1)
		return (MAP_NKINDS - 1);
	memmove(&mk->kind[i + 1], &mk->kind[i],
	    (mk->nkinds - i) * sizeof mk->kind[0]);
	mk->nkinds++;
	mk->kind[i].vendor = v;
	snprintf(mk->kind[i].model, sizeof mk->kind[i].model, "%s", model);
	mk->kind[i].nodes = 0;
	/* The nodes already read of the kinds after it move on one. */
	for (k = 0; k < mk->nnodes; k++) {
		if (mk->node[k] > i && mk->node[k] < MAP_NKINDS)
			mk->node[k]++;
	}
	return (i);
}

static void
view_map_kinds(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct map_kinds	*mk = &map_kinds;
	const struct gpu	*g;
	u_int			 i, n, k;

	if (mk->made == ui->drawn && mk->nnodes == m->nnodes)
		return;
	mk->made = ui->drawn;
	mk->node = xreallocarray(mk->node, m->nnodes + 1, sizeof *mk->node);
	mk->nkinds = mk->nnodes = 0;
	memset(mk->kind, 0, sizeof mk->kind);
	snprintf(mk->kind[MAP_NKINDS - 1].model,
	    sizeof mk->kind[MAP_NKINDS - 1].model, "other");
	for (i = 0; i < m->nnodes; i++) {
		k = 0;
		if ((g = view_node_accel(m, i, &n)) != NULL &&
		    (g->vendor != VENDOR_UNKNOWN ||
		    g->model[0] != '\0'))
			k = 1 + view_map_kind_add(mk, g->vendor,
			    view_model_name(g));
		mk->node[mk->nnodes++] = k;
	}
	for (i = 0; i < m->nnodes; i++) {
		if (mk->node[i] > 0)
			mk->kind[mk->node[i] - 1].nodes++;
	}
}

/*
 * Node k of a cell of n from `first': of the node ids, or of the domains'
 * nodes when `ids' is m->scaleupnodes.
 */
static u_int
view_map_at(const uint32_t *ids, u_int first, u_int k)
{
	return (ids != NULL ? ids[first + k] : first + k);
}

/* The kind most of a cell's nodes have: 1 + its index, or 0. */
static u_int
view_map_cell_kind(const struct map_kinds *mk, const uint32_t *ids,
    u_int first, u_int n)
{
	u_int	 count[MAP_NKINDS + 1] = { 0 }, i, k, best = 0;

	for (k = 0; k < n; k++) {
		if ((i = view_map_at(ids, first, k)) < mk->nnodes)
			count[mk->node[i]]++;
	}
	for (i = 1; i <= MAP_NKINDS; i++) {
		if (count[i] > count[best] || (best == 0 && count[i] > 0))
			best = i;
	}
	return (best);
}

static void
view_map_fit(const struct model *m, int w, int h, struct map_layout *l)
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

/*
 * The map in w by h: the fewest nodes a cell that fit.  When a cell holds
 * whole racks, a band is one row with no room for names under it: the
 * name of its first rack goes before it, if that costs no detail.
 */
static void
view_map_layout(const struct model *m, int w, int h, struct map_layout *l)
{
	struct map_layout	 t;
	u_int			 left = 0, i;

	view_map_fit(m, w, h, l);
	if (l->bandh > 1)
		return;
	for (i = 0; i < m->nracks; i++) {
		if (strlen(m->racks[i].name) + 1 > left)
			left = strlen(m->racks[i].name) + 1;
	}
	if (left * 4 > (u_int)w)
		return;
	view_map_fit(m, w - left, h, &t);
	if (t.k == l->k) {
		*l = t;
		l->left = left;
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

/*
 * The state of a cell of `n' nodes from `first', cell `c' of the map: one
 * of its nodes' states, each as often across the map as it has nodes.
 * *attention: how many of them need attention; *fresh: how many of those
 * are still in service (new faults).
 */
static const struct node_look *
view_map_cell_look(const struct model *m, const uint32_t *ids, u_int first,
    u_int n, u_int c, u_int *attention, u_int *fresh)
{
	const struct node_look	*looks;
	u_int			 count[16] = { 0 }, nlooks, i, k, sum = 0;
	double			 u;

	looks = view_looks_all(&nlooks);
	*attention = *fresh = 0;
	for (k = 0; k < n; k++) {
		i = view_map_at(ids, first, k);
		count[view_node_look(m, i) - looks]++;
		if (alerts_node(m, i, NULL, 0) == 0)
			continue;
		(*attention)++;
		*fresh += !alerts_handled(&m->nodes[i]);
	}
	u = fmod(c * 0.6180339887498949, 1.0) * n;
	for (i = 0; i < nlooks - 1; i++) {
		sum += count[i];
		if (count[i] > 0 && sum > u)
			break;
	}
	return (&looks[i]);
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

/*
 * Draw cell `c' of the map, of `n' nodes from `first' (of `ids'); a cell
 * of a whole domain (verdict not -1) shows its verdict's mark for state.
 */
static void
view_map_draw_cell(struct ui *ui, WINDOW *w, int y, int x, const uint32_t *ids,
    u_int first, u_int n, u_int c, int verdict, int cursor)
{
	const struct model	*m = ui->model;
	const struct node_look	*look;
	const struct job	*j;
	double			 v, worst = -1;
	u_int			 i, k, marked = 0, injob = 0, found = 0;
	u_int			 attention, fresh;
	int			 valid, anyvalid = 0, nolimit = 0, job = -1;
	int			 how;
	attr_t			 a;
	char			 s[8];
	const char		*text;
	u_int			 kind;

	look = view_map_cell_look(m, ids, first, n, c, &attention, &fresh);
	for (k = 0; k < n; k++) {
		i = view_map_at(ids, first, k);
		marked += ui->marks[i];
		if (ui->job >= 0 && m->nodes[i].job == ui->job)
			injob++;
		if (m->nodes[i].job >= 0 && job < 0)
			job = m->nodes[i].job;
		if (ui->vs[VIEW_MAP].filter != NULL)
			found += view_map_match(ui, i);
		if (ui->metric == MAP_STATE || ui->metric == MAP_JOB ||
		    ui->metric == MAP_MODEL)
			continue;
		v = view_node_metric(m, i, ui->metric, &valid);
		if (valid > 0 && v > worst)
			worst = v;
		anyvalid |= valid > 0;
		nolimit |= valid < 0;
	}
	how = verdict >= 0 && ui->metric == MAP_STATE ? -1 : (int)ui->metric;
	switch (how) {
	case -1:
		s[0] = map_verdicts[verdict].mark;
		s[1] = '\0';
		text = s;
		a = colour(map_verdicts[verdict].colour);
		break;
	case MAP_STATE:
		s[0] = n > 1 && attention > 0 ?
		    tolower((u_char)look->letter) : look->letter;
		s[1] = '\0';
		text = s;
		a = colour(fresh > 0 ? C_CRIT : look->colour);
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
	case MAP_MODEL:
		kind = view_map_cell_kind(&map_kinds, ids, first, n);
		s[0] = kind > 0 ? MAP_KIND_CHARS[kind - 1] : '.';
		s[1] = '\0';
		text = s;
		a = kind > 0 ? colour(C_VENDOR0 +
		    map_kinds.kind[kind - 1].vendor) : colour(C_DIM);
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
		    nolimit ? "w" : draw_block(NAN);
		a = !anyvalid ? colour(C_DIM) : ui->metric == MAP_UTIL ||
		    ui->metric == MAP_POWER ? colour_load(worst) :
		    colour(colour_scale(worst));
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

/* Find the blocks again if the domains were found again. */
static void
view_map_blocks(const struct model *m)
{
	struct map_blocks	*b = &map_blocks;
	const struct scaleup	*d;
	struct map_block	*last;
	u_int			 i, k;
	uint32_t		 rack;

	if (b->made == m->scaleup_gen && b->scaleups == m->scaleups &&
	    b->ndoms == m->nscaleups)
		return;
	b->made = m->scaleup_gen;
	b->scaleups = m->scaleups;
	b->ndoms = m->nscaleups;
	b->block = xreallocarray(b->block, m->nscaleups + 1, sizeof *b->block);
	b->of = xreallocarray(b->of, m->nnodes + 1, sizeof *b->of);
	b->n = 0;
	for (i = 0; i < m->nscaleups; i++) {
		d = &m->scaleups[i];
		rack = m->nodes[m->scaleupnodes[d->first]].rack;
		last = b->n > 0 ? &b->block[b->n - 1] : NULL;
		if (d->nnodes == 1 && last != NULL && last->dom == MAP_RACK &&
		    last->rack == rack && last->first + last->n == d->first)
			last->n++;
		else {
			last = &b->block[b->n++];
			last->first = d->first;
			last->n = d->nnodes;
			last->dom = d->nnodes > 1 ? i : MAP_RACK;
			last->rack = rack;
		}
		for (k = 0; k < d->nnodes; k++)
			b->of[m->scaleupnodes[d->first + k]] = b->n - 1;
	}
}

/* A block's name: its domain's, or its rack's. */
static const char *
view_map_block_name(const struct model *m, const struct map_block *b)
{
	if (b->dom != MAP_RACK)
		return (m->scaleups[b->dom].name);
	return (m->racks[b->rack].name);
}

/*
 * The domains in w by h: the fewest nodes a cell, the verdict as a word
 * where it fits, else as a mark; else a block a cell.  Not on (on 0)
 * when no domain has more than a node: the map of racks.
 */
static void
view_map_dom_fit(const struct model *m, int w, int h, struct map_domains *l)
{
	const struct map_blocks	*mb = &map_blocks;
	u_int			 i, k, n, cols;
	int			 words, named;

	memset(l, 0, sizeof *l);
	for (i = 0; i < m->nscaleups; i++) {
		if (m->scaleups[i].nnodes > l->most)
			l->most = m->scaleups[i].nnodes;
	}
	if (l->most < 2)
		return;
	l->on = 1;
	view_map_blocks(m);
	n = mb->n;
	for (i = 0; i < n; i++) {
		if (mb->block[i].n > l->most)
			l->most = mb->block[i].n;
		l->racks += mb->block[i].dom == MAP_RACK;
		k = strlen(view_map_block_name(m, &mb->block[i]));
		if (k > l->namew)
			l->namew = k;
	}
	if (w < 1)
		w = 1;
	/* Trays while a cell holds at most a quarter of a domain. */
	for (k = 1; k == 1 || k * 4 <= l->most; k *= 2) {
		for (words = 1; words >= 0; words--) {
			l->k = k;
			l->words = words;
			l->cells = (l->most + k - 1) / k;
			l->blockw = l->namew + (words ? MAP_VERDICTW : 1) +
			    l->cells + 4;
			l->perline = (w + 2) / l->blockw;
			if (l->perline == 0)
				continue;
			l->lines = (n + l->perline - 1) / l->perline;
			if (l->lines <= (u_int)h)
				return;
		}
	}
	l->k = l->words = l->blockw = 0;
	l->cells = 1;
	/* The names before the lines only if they cost no line. */
	for (named = 1; named >= 0; named--) {
		l->left = named && l->namew + 1 <= (u_int)w / 4 ?
		    l->namew + 1 : 0;
		cols = w - l->left;
		l->step = cols >= n * 2 ? 2 : 1;
		l->perline = cols / l->step > 0 ? cols / l->step : 1;
		l->lines = (n + l->perline - 1) / l->perline;
		if (l->lines <= (u_int)h)
			break;
	}
}

/* Where node id is in its block: its place in the block's nodes. */
static u_int
view_map_dom_pos(const struct model *m, u_int id)
{
	const struct map_block	*b = &map_blocks.block[map_blocks.of[id]];
	u_int			 k;

	for (k = 0; k < b->n; k++) {
		if (m->scaleupnodes[b->first + k] == id)
			return (k);
	}
	return (0);
}

/*
 * A block's name and verdict before its trays, from column x; a rack of
 * domains of one node has its kind in the verdict's place.
 */
static void
view_map_dom_head(const struct model *m, const struct map_domains *l,
    WINDOW *w, int y, int x, const struct map_block *b, int cursor)
{
	const struct scaleup	*d;
	char			 s[16];
	attr_t			 a = colour(C_DIM);

	draw_text(w, y, x, l->namew, cursor ? A_BOLD | A_UNDERLINE :
	    A_NORMAL, view_map_block_name(m, b));
	d = &m->scaleups[m->nodes[m->scaleupnodes[b->first]].scaleup];
	if (b->dom == MAP_RACK)
		snprintf(s, sizeof s, "%s", l->words ? d->kind : "");
	else if (l->words)
		snprintf(s, sizeof s, "%s", scaleup_verdict_name(d->verdict));
	else
		snprintf(s, sizeof s, "%c", map_verdicts[d->verdict].mark);
	if (b->dom != MAP_RACK)
		a = colour(map_verdicts[d->verdict].colour);
	draw_text(w, y, x + l->namew + 1, MAP_VERDICTW, a, s);
}

/* The map of domains; returns the lines drawn. */
static u_int
view_map_dom_draw(struct ui *ui, WINDOW *w, int h, u_int cur)
{
	const struct model		*m = ui->model;
	const struct map_domains	*l = &map_doms;
	const struct map_block		*b;
	u_int				 i, c, n, line, ccell, cb;
	int				 x, y, verdict;

	cb = map_blocks.of[cur];
	ccell = l->k > 0 ? view_map_dom_pos(m, cur) / l->k : 0;
	for (i = 0; i < map_blocks.n; i++) {
		b = &map_blocks.block[i];
		line = i / l->perline;
		if ((int)line >= h)
			break;
		y = line;
		if (l->k == 0) {
			if (l->left > 0 && i % l->perline == 0)
				draw_text(w, y, 0, l->left - 1, colour(C_DIM),
				    view_map_block_name(m, b));
			x = l->left + (i % l->perline) * l->step;
			verdict = b->dom != MAP_RACK ?
			    (int)m->scaleups[b->dom].verdict : -1;
			view_map_draw_cell(ui, w, y, x, m->scaleupnodes,
			    b->first, b->n, i, verdict, i == cb);
			continue;
		}
		x = (i % l->perline) * l->blockw;
		view_map_dom_head(m, l, w, y, x, b, i == cb);
		x += l->namew + (l->words ? MAP_VERDICTW : 1) + 2;
		for (c = 0; c * l->k < b->n; c++) {
			n = b->n - c * l->k < l->k ? b->n - c * l->k : l->k;
			view_map_draw_cell(ui, w, y, x + c, m->scaleupnodes,
			    b->first + c * l->k, n, i * l->cells + c, -1,
			    i == cb && c == ccell);
		}
	}
	return (l->lines < (u_int)h ? l->lines : (u_int)h);
}

/*
 * The cursor's domain, when a cell is a domain: its name, kind, verdict,
 * GPUs and nodes, the node the cursor's commands act on (a drain drains
 * that node, not the domain), then why.
 */
static void
view_map_dom_info(struct ui *ui, WINDOW *w, int y, int width,
    const struct scaleup *d)
{
	char	 line[1024];
	int	 id = view_map_node(ui);

	snprintf(line, sizeof line, "%s  %s  %s  %u of %u GPUs  %s, cursor "
	    "on %s%s%.*s", d->name, d->kind, scaleup_verdict_name(d->verdict),
	    d->gpus_present, d->gpus_expected, d->nodes, id >= 0 ?
	    ui->model->nodes[id].name : "none", d->why[0] != '\0' ? "  " : "",
	    (int)sizeof line / 2, d->why);
	draw_text(w, y, 0, width, A_BOLD, line);
}

static void
view_map_draw_info(struct ui *ui, WINDOW *w, int y, int width)
{
	const struct model	*m = ui->model;
	const struct node	*n;
	const struct gpu	*g, *hot = NULL;
	const struct job	*j;
	const struct scaleup	*d;
	const char		*look;
	char			 line[1024], gname[32];
	int			 len, id = ui->vs[VIEW_MAP].cursor;
	u_int			 i;

	wmove(w, y, 0);
	wclrtoeol(w);
	if (id < 0 || (u_int)id >= m->nnodes)
		return;
	n = &m->nodes[id];
	if (map_doms.on && map_doms.k == 0 &&
	    m->scaleups[n->scaleup].nnodes > 1) {
		view_map_dom_info(ui, w, y, width, &m->scaleups[n->scaleup]);
		return;
	}
	for (i = 0; i < n->ngpus; i++) {
		g = &m->gpus[n->gpu0 + i];
		if ((g->valid & BIT(GPU_TEMP)) &&
		    (hot == NULL || g->temp_c > hot->temp_c))
			hot = g;
	}
	look = view_node_look(m, id)->name;
	len = snprintf(line, sizeof line, "%s  %s  %s", n->name,
	    m->racks[n->rack].name, look);
	if (n->state[0] != '\0' && strcmp(n->state, look) != 0)
		len += snprintf(line + len, sizeof line - len, " (%s)",
		    n->state);
	/* Its domain, when the map is of domains: the why comes last. */
	d = map_doms.on ? &m->scaleups[n->scaleup] : NULL;
	if (d != NULL)
		len += snprintf(line + len, sizeof line - len, "  %s %s",
		    d->name, scaleup_verdict_name(d->verdict));
	/* The model metric: what the node's accelerators are. */
	if (ui->metric == MAP_MODEL && (size_t)len + 2 < sizeof line &&
	    view_node_accel_text(m, id, line + len + 2,
	    sizeof line - len - 2) > 0) {
		memcpy(line + len, "  ", 2);
		len += strlen(line + len);
	}
	if (n->reach != REACH_UP && n->reach != REACH_UNKNOWN)
		len += snprintf(line + len, sizeof line - len, "  %s%s%s",
		    model_reach_name(n->reach), n->error[0] != '\0' ? ": " :
		    "", n->error);
	if (n->job >= 0 && (u_int)n->job < m->njobs) {
		j = &m->jobs[n->job];
		len += snprintf(line + len, sizeof line - len,
		    "  job %s %s %s", j->id, j->user, j->name);
	}
	if (hot != NULL) {
		alerts_name(m, id, hot->vendor, hot, hot->index, gname,
		    sizeof gname);
		len += snprintf(line + len, sizeof line - len,
		    "  hottest %s %.0f C", gname, hot->temp_c);
	}
	if (n->reason[0] != '\0' && (size_t)len < sizeof line)
		len += snprintf(line + len, sizeof line - len, "  reason: %s",
		    n->reason);
	if (d != NULL && d->why[0] != '\0' && (size_t)len < sizeof line)
		snprintf(line + len, sizeof line - len, "  %s: %.*s",
		    d->name, (int)sizeof line / 2, d->why);
	draw_text(w, y, 0, width, A_BOLD, line);
}

/* A model in the legend: with its vendor's name (form 0) or not (1). */
static int
view_map_model_text(const struct map_kind *k, int form, char *s, size_t len)
{
	const char	*v = field_enum_name(FT_VENDOR, k->vendor);

	if (k->model[0] == '\0')
		return (snprintf(s, len, "%s %u", v, k->nodes));
	if (form == 0)
		return (snprintf(s, len, "%s %s %u", v, k->model, k->nodes));
	return (snprintf(s, len, "%s %u", k->model, k->nodes));
}

/*
 * The model metric's legend from column x: each model's digit or letter
 * in its vendor's colour, the vendor, the model and how many nodes have
 * it; without the vendors' names when that does not fit, then on a second
 * line under the first, and then the models that fit, and how many more.
 * Returns the lines drawn.
 */
static int
view_map_draw_models(WINDOW *w, int y, int x, int width)
{
	const struct map_kinds	*mk = &map_kinds;
	u_int			 i, left = 0;
	int			 form, len, total, x0 = x, lines = 1;
	char			 s[128], c[2];

	for (i = 0; i < MAP_NKINDS; i++)
		left += mk->kind[i].nodes > 0;
	for (i = 0, total = x - 2; i < MAP_NKINDS; i++) {
		if (mk->kind[i].nodes > 0)
			total += 4 + view_map_model_text(&mk->kind[i], 0, s,
			    sizeof s);
	}
	form = total <= width ? 0 : 1;
	for (i = 0; i < MAP_NKINDS; i++) {
		if (mk->kind[i].nodes == 0)
			continue;
		len = view_map_model_text(&mk->kind[i], form, s, sizeof s);
		if (x + 2 + len > width - (left > 1 ? 8 : 0) && lines == 1 &&
		    x > x0) {
			y++;
			x = x0;
			lines++;
		}
		if (x + 2 + len > width - (left > 1 ? 8 : 0))
			break;
		c[0] = MAP_KIND_CHARS[i];
		c[1] = '\0';
		draw_cell(w, y, x, c, colour(C_VENDOR0 + mk->kind[i].vendor));
		draw_text(w, y, x + 2, width - x - 2, A_NORMAL, s);
		x += len + 4;
		left--;
	}
	if (left > 0) {
		snprintf(s, sizeof s, "+%u more", left);
		draw_text(w, y, x, width - x, colour(C_DIM), s);
	}
	return (lines);
}

/*
 * The map of domains' second line of legend: what a block or a cell is,
 * the longest way of saying it that fits.
 */
static void
view_map_dom_legend(struct ui *ui, WINDOW *w, int y, int width)
{
	const struct map_domains	*l = &map_doms;
	const char			*how[3];
	char				 s[160], k[64];
	u_int				 i;

	if (l->k == 0 && l->racks > 0) {
		how[0] = ui->metric == MAP_STATE ? "a domain a cell, its "
		    "verdict, or a rack of domains of one node, its nodes' "
		    "state; each line after its first's name" : "a domain, or "
		    "a rack of domains of one node, a cell: of all its nodes";
		how[1] = "a domain, or a rack of one-node domains, a cell";
		how[2] = "a domain or a rack a cell";
		k[0] = '\0';
	} else if (l->k == 0) {
		how[0] = ui->metric == MAP_STATE ? "a domain a cell: its "
		    "verdict; each line after its first domain's name; Enter "
		    "opens its first node" : "a domain a cell: of all its "
		    "nodes; each line after its first domain's name";
		how[1] = "a domain a cell, a line after its first domain's "
		    "name";
		how[2] = "a domain a cell";
		k[0] = '\0';
	} else {
		how[0] = "a domain a block: its name, its verdict, then its "
		    "nodes,";
		how[1] = "a domain: name, verdict, then its nodes,";
		how[2] = "domain, verdict, nodes,";
		if (l->k == 1)
			snprintf(k, sizeof k, " one a cell; lower case: it "
			    "needs attention");
		else
			snprintf(k, sizeof k, " %u a cell; lower case: one "
			    "needs attention", l->k);
	}
	for (i = 0; i < nitems(how); i++) {
		snprintf(s, sizeof s, "%s%s", how[i], k);
		if ((int)strlen(s) <= width)
			break;
	}
	draw_text(w, y, 0, width, colour(C_DIM), s);
}

/*
 * Under the map, two lines: what the letters or the colours mean, then
 * how many nodes a cell holds and how its letter or bar is chosen; with
 * no layout (l NULL), the map of domains'.
 */
static void
view_map_draw_legend(struct ui *ui, WINDOW *w, int y, int width,
    const struct map_layout *l)
{
	const struct node_look	*looks;
	u_int			 n, i;
	int			 x, job = ui->metric == MAP_JOB;
	char			 s[160];
	const char		*how[3], *along;

	wmove(w, y, 0);
	wclrtoeol(w);
	wmove(w, y + 1, 0);
	wclrtoeol(w);
	x = snprintf(s, sizeof s, "%s", map_metric_names[ui->metric]);
	draw_text(w, y, 0, width, colour(C_DIM), s);
	x += 2;
	if (job) {
		draw_text(w, y, x, width - x, A_NORMAL, "a-z a job, by its id");
		x += 22;
	}
	if (l == NULL && map_doms.k == 0 && ui->metric == MAP_STATE) {
		for (i = 0; i < nitems(map_verdicts) && x + 12 < width; i++) {
			snprintf(s, sizeof s, "%c", map_verdicts[i].mark);
			draw_cell(w, y, x, s, colour(map_verdicts[i].colour));
			draw_text(w, y, x + 2, width - x - 2, A_NORMAL,
			    scaleup_verdict_name(i));
			x += strlen(scaleup_verdict_name(i)) + 4;
		}
	} else if (ui->metric == MAP_MODEL) {
		if (view_map_draw_models(w, y, x, width) > 1)
			return;		/* the second line is the models' */
	} else if (ui->metric == MAP_STATE || job) {
		looks = view_looks_all(&n);
		for (i = 0; i < n && x + 14 < width; i++) {
			snprintf(s, sizeof s, "%c", job &&
			    looks[i].letter == 'I' ? '.' : looks[i].letter);
			draw_cell(w, y, x, s, colour(looks[i].colour) |
			    (job ? A_DIM : 0));
			draw_text(w, y, x + 2, width - x - 2, A_NORMAL,
			    looks[i].name);
			x += strlen(looks[i].name) + 4;
		}
	} else {
		draw_text(w, y, x, width - x, A_NORMAL, "low");
		x += 4;
		for (i = 0; i <= 8 && x < width; i++, x++)
			draw_cell(w, y, x, draw_block(i / 8.0),
			    ui->metric == MAP_UTIL || ui->metric == MAP_POWER ?
			    colour_load(i / 8.0) :
			    colour(colour_scale(i / 8.0)));
		draw_text(w, y, x + 1, width - x - 1, A_NORMAL,
		    map_legend_tails[ui->metric]);
		x += 3 + strlen(map_legend_tails[ui->metric]);
		if (x + 14 <= width) {
			draw_cell(w, y, x, draw_block(NAN), colour(C_DIM));
			draw_text(w, y, x + 2, width - x - 2, A_NORMAL,
			    "not reported");
		}
	}
	if (l == NULL) {
		view_map_dom_legend(ui, w, y + 1, width);
		return;
	}
	/* The longest way of saying it that fits. */
	if (l->k == 1) {
		how[0] = "a node a cell, racks top to bottom; highlighted: a "
		    "new fault; a lists the alerts";
		how[1] = "a node a cell; a lists the alerts";
		how[2] = "a node a cell";
	} else if (ui->metric == MAP_STATE) {
		how[0] = "nodes a cell: one of their states, each in "
		    "proportion to its nodes; lower case: one needs attention; "
		    "highlighted: a new fault";
		how[1] = "nodes a cell, states in proportion; lower case: "
		    "one needs attention";
		how[2] = "per cell, by share; lowercase: alert";
	} else if (job) {
		how[0] = "nodes a cell: the job of the first of them that runs "
		    "one, else their state";
		how[1] = "nodes a cell: the first job on them";
		how[2] = "per cell, its first job";
	} else if (ui->metric == MAP_MODEL) {
		how[0] = "nodes a cell: the model most of them have; the "
		    "counts are nodes";
		how[1] = "nodes a cell: the model of most of them";
		how[2] = "per cell, the most's";
	} else {
		how[0] = how[1] = "nodes a cell: the highest of them";
		how[2] = "per cell, the highest";
	}
	/* Cells of whole racks run left to right: said where it fits. */
	along = l->cells == 1 ? "; racks run left to right" : "";
	for (i = 0; i < 2 * nitems(how); i++) {
		if (l->k == 1)
			snprintf(s, sizeof s, "%s", how[i / 2]);
		else
			snprintf(s, sizeof s, "%u %s%s", l->k, how[i / 2],
			    i % 2 == 0 ? along : "");
		if ((int)strlen(s) <= width)
			break;
	}
	draw_text(w, y + 1, 0, width, colour(C_DIM), s);
}

/* Entry `k' of the list under the map, in columns of h - 1 rows. */
static void
view_map_draw_entry(WINDOW *w, int y0, int h, u_int colw, u_int k, attr_t a,
    const char *text)
{
	draw_text(w, y0 + 1 + k % (h - 1), (k / (h - 1)) * colw, colw - 2, a,
	    text);
}

/*
 * Under the map, when there is room: the nodes that need attention, new
 * faults (on nodes in service) first and bright, then those Slurm has
 * drained or down, dim, each worst first, then the nodes still being
 * connected to, which are not alerts, in columns.  The whole list is
 * list-alerts (a).
 */
static void
view_map_draw_attention(struct ui *ui, WINDOW *w, int y0, int h, int sx)
{
	static struct alert	*list;
	static u_int		 n, nnew;
	static uint64_t		 made = UINT64_MAX;
	struct model		*m = ui->model;
	const struct alert	*a;
	char			 line[400];
	u_int			 max, i, k = 0, cols, colw;
	attr_t			 at;

	if (h < 3)
		return;
	/* Found again only when the model changed. */
	if (made != ui->drawn || list == NULL) {
		made = ui->drawn;
		free(list);
		n = alerts_list(m, &list);
		for (nnew = 0; nnew < n && !list[nnew].handled; nnew++)
			;
	}
	cols = sx >= 160 ? 3 : sx >= 110 ? 2 : 1;
	colw = sx / cols;
	max = (h - 1) * cols;
	snprintf(line, sizeof line, "Needs attention: %u new, %u handled by "
	    "Slurm%s; a lists them", nnew, n - nnew,
	    n + (n > nnew) > max ? ", the worst shown" : "");
	draw_text(w, y0, 0, sx, colour(C_HEADER), line);
	for (i = 0; i < n && k < max; i++) {
		/* The handled after a line of their own. */
		if (i == nnew)
			view_map_draw_entry(w, y0, h, colw, k++, colour(C_DIM),
			    "handled:");
		if (k == max)
			break;
		a = &list[i];
		snprintf(line, sizeof line, "%-8s %-5s %s",
		    m->nodes[a->node].name, m->racks[a->rack].name,
		    a->problem);
		at = a->handled ? colour(C_DIM) : colour(a->severity >= 6 ?
		    C_CRIT : a->severity >= 4 ? C_WARN : C_NORMAL);
		view_map_draw_entry(w, y0, h, colw, k++, at, line);
	}
	for (i = 0; i < m->nnodes && k < max; i++) {
		if (m->nodes[i].reach != REACH_CONNECTING)
			continue;
		snprintf(line, sizeof line, "%-8s %-5s connecting",
		    m->nodes[i].name, m->racks[m->nodes[i].rack].name);
		view_map_draw_entry(w, y0, h, colw, k++, colour(C_DIM), line);
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
	if (ui->metric == MAP_MODEL)
		view_map_kinds(ui);
	scaleup_update(ui->model);
	view_map_dom_fit(m, sx, sy - 3, &map_doms);
	if (map_doms.on) {
		y = view_map_dom_draw(ui, w, sy - 3, cur) + 1;
		view_map_draw_attention(ui, w, y, sy - 3 - y, sx);
		view_map_draw_info(ui, w, sy - 3, sx);
		view_map_draw_legend(ui, w, sy - 2, sx, NULL);
		return;
	}
	view_map_layout(m, sx, sy - 3, &l);
	map_last = l;
	view_map_node_cell(m, &l, cur, &ccol, &ccell);
	for (band = 0; band < l.bands; band++) {
		y = band * l.bandh;
		if (y + (int)l.bandh > sy - 3 && l.bandh > 1)
			break;
		if (l.left > 0)
			draw_text(w, y, 0, l.left - 1, colour(C_DIM),
			    m->racks[band * l.perband * l.racks].name);
		for (c = 0; c < l.perband; c++) {
			col = band * l.perband + c;
			if (col >= l.ncols)
				break;
			x = l.left + c * l.step;
			for (cell = 0; cell < l.cells; cell++) {
				view_map_cell_nodes(m, &l, col, cell, &first,
				    &n);
				if (n == 0)
					continue;
				view_map_draw_cell(ui, w, y + cell, x, NULL,
				    first, n, col * l.cells + cell, -1,
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
	view_map_draw_attention(ui, w, y, sy - 3 - y, sx);
	view_map_draw_info(ui, w, sy - 3, sx);
	view_map_draw_legend(ui, w, sy - 2, sx, &l);
}

/*
 * The cursor on cell `cell' of block `blk', both kept within the map: the
 * cell's first node.
 */
static void
view_map_dom_set(struct ui *ui, long blk, long cell)
{
	const struct model	*m = ui->model;
	const struct map_block	*b;
	long			 k = map_doms.k > 0 ? map_doms.k : 1, ncells;

	if (blk >= (long)map_blocks.n)
		blk = map_blocks.n - 1;
	if (blk < 0)
		blk = 0;
	b = &map_blocks.block[blk];
	ncells = map_doms.k > 0 ? ((long)b->n + k - 1) / k : 1;
	if (cell >= ncells)
		cell = ncells - 1;
	if (cell < 0)
		cell = 0;
	ui->vs[VIEW_MAP].cursor = m->scaleupnodes[b->first + cell * k];
}

/*
 * On the map of domains, left and right move a cell, on into the next
 * block or back into the one before; up and down a line of blocks, to
 * the same place in the block above or below.
 */
static void
view_map_dom_move(struct ui *ui, int dx, int dy)
{
	const struct model		*m = ui->model;
	const struct map_domains	*l = &map_doms;
	long				 blk, cell, per, id;

	scaleup_update(ui->model);
	view_map_blocks(m);
	id = ui->vs[VIEW_MAP].cursor;
	blk = map_blocks.of[id];
	cell = l->k > 0 ? view_map_dom_pos(m, id) / l->k : 0;
	per = l->perline > 0 ? l->perline : 1;
	if (dy <= -UI_MOVE_END || dy >= UI_MOVE_END) {
		view_map_dom_set(ui, dy < 0 ? 0 : (long)map_blocks.n - 1,
		    dy < 0 ? 0 : LONG_MAX / 2);
		return;
	}
	if (dx <= -UI_MOVE_END || dx >= UI_MOVE_END) {
		blk = blk / per * per + (dx < 0 ? 0 : per - 1);
		cell = dx < 0 ? 0 : LONG_MAX / 2;
	} else if (dx != 0 && l->k == 0)
		blk += dx;
	else if (dx != 0) {
		cell += dx;
		if (cell < 0 && blk > 0) {
			blk--;
			cell = LONG_MAX / 2;
		} else if (cell * l->k >= map_blocks.block[blk].n &&
		    blk + 1 < (long)map_blocks.n) {
			blk++;
			cell = 0;
		}
	}
	view_map_dom_set(ui, blk + (long)dy * per, cell);
}

/* A click on the map of domains: the cell's node, or its block's first. */
static void
view_map_dom_click(struct ui *ui, int y, int x)
{
	const struct map_domains	*l = &map_doms;
	long				 blk, cell = 0;

	if (l->k == 0) {
		if (x < (int)l->left)
			return;
		blk = (long)y * l->perline + (x - l->left) / l->step;
		if ((u_int)(x - l->left) / l->step >= l->perline)
			return;
	} else {
		blk = (long)y * l->perline + x / l->blockw;
		cell = x % l->blockw - (l->namew + (l->words ? MAP_VERDICTW :
		    1) + 2);
		if ((u_int)x / l->blockw >= l->perline)
			return;
	}
	if (blk >= (long)map_blocks.n)
		return;
	view_map_dom_set(ui, blk, cell);
}

/*
 * Up and down move a cell down a rack, or a row of cells when a cell holds
 * whole racks; left and right move across racks; pages move a band.
 */
void
view_map_move(struct ui *ui, int dx, int dy)
{
	const struct model	*m = ui->model;
	const struct map_layout	*l = &map_last;
	long			 id = ui->vs[VIEW_MAP].cursor, racks, band;
	long			 rack, pos;

	if (m->nnodes == 0)
		return;
	if (map_doms.on) {
		view_map_dom_move(ui, dx, dy);
		return;
	}
	racks = l->racks ? l->racks : 1;
	band = (long)(l->perband ? l->perband : 1) * racks;
	if (dy <= -UI_MOVE_END || dy >= UI_MOVE_END) {
		ui->vs[VIEW_MAP].cursor = dy < 0 ? 0 : m->nnodes - 1;
		return;
	}
	if ((dy == 1 || dy == -1) && l->cells > 1) {
		id += dy * (long)l->k;
		dy = 0;
	}
	if (id < 0)
		id = 0;
	if (id >= (long)m->nnodes)
		id = m->nnodes - 1;
	rack = m->nodes[id].rack;
	pos = id - m->racks[rack].first;
	if (dy != 0)
		rack += (dy > 0 ? 1 : -1) * band;
	if (dx <= -UI_MOVE_END)
		rack = rack / band * band;
	else if (dx >= UI_MOVE_END)
		rack = rack / band * band + band - 1;
	else
		rack += dx * racks;
	if (rack < 0)
		rack = 0;
	if (rack >= (long)m->nracks)
		rack = m->nracks - 1;
	if (pos >= (long)m->racks[rack].count)
		pos = m->racks[rack].count - 1;
	ui->vs[VIEW_MAP].cursor = m->racks[rack].first + pos;
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

	if (map_doms.on) {
		view_map_dom_click(ui, y, x);
		return;
	}
	if (l->bandh == 0 || l->step == 0 || x < (int)l->left)
		return;
	x -= l->left;
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
