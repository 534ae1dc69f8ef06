/*
 * myriad - the links view: the fabric's sick links, then one node's.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * On top, every NVLink and InfiniBand port of the cluster that is down,
 * missing, degraded, erroring or flapping, one a row, as links.c judges
 * them (or the nodes inspect-links named, against its first read).
 * Below, the node under the cursor: its NVLinks as a matrix of GPUs by
 * links, a character a link, and its InfiniBand ports.  When a scale-up
 * domain holds more than a node (an NVL72 rack's trays), a table of the
 * domains comes first, the worst first; `o' (cursor other) gives it the
 * keys, and the node below is then its domain's first.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "view.h"

/* The verdicts as the list shows them, after NV or IB. */
static const char *links_what[] = {
	[LV_OK] = "OK", [LV_DOWN] = "DOWN", [LV_MISSING] = "MISSING",
	[LV_DEGRADED] = "DEGRADED", [LV_ERRORING] = "ERRORING",
	[LV_FLAPPING] = "FLAPPING", [LV_FABRIC] = "FABRIC",
};

/* The fabric, before the verdict: NV, XGMI, HCCS; IB, RoCE. */
static const struct {
	const char	*kind;
	const char	*what;
} links_fabric_what[] = {
	{ .kind = "nvlink", .what = "NV" },
	{ .kind = "xgmi", .what = "XGMI" },
	{ .kind = "hccs", .what = "HCCS" },
	{ .kind = "ib", .what = "IB" },
	{ .kind = "roce", .what = "RoCE" },
};

static const char *
view_links_fabric(const struct linkcheck *c)
{
	size_t	 i;

	for (i = 0; i < nitems(links_fabric_what); i++) {
		if (strcmp(c->kind, links_fabric_what[i].kind) == 0)
			return (links_fabric_what[i].what);
	}
	return (c->kind);
}

static int	view_links_detail_node(struct ui *);
static void	view_links_domain_open(struct ui *);
static int	view_links_domain_node(struct ui *);
static uint64_t	view_links_domain_key(struct ui *, u_int);

/* The domains table, as the keys see it while it has them. */
static const struct view_entry view_links_domains = {
	.name = "domains", .title = "Links", .step = table_move,
	.open = view_links_domain_open, .node = view_links_domain_node,
	.click = view_links_click, .record = "scaleup", .noun = "domain",
	.key = view_links_domain_key,
};

/* The domains table's columns, by the width: those of list-domains. */
#define LINKS_DOMAINS_NARROW "domain,verdict,gpus_present,gpus_healthy,"\
	"fabric,links_down,jobs,why"
#define LINKS_DOMAINS_MEDIUM "domain,kind,nodes,gpus_present,"	\
	"gpus_healthy,fabric,imex,links_down,bandwidth,jobs,verdict,why"
#define LINKS_DOMAINS_WIDE "domain,kind,nodes,gpus_expected,gpus_present,"\
	"gpus_healthy,fabric,imex,links_down,bandwidth,jobs,verdict,why"

/* What the view keeps, in its view_state. */
struct links_view {
	struct links		*all;	/* the fabric's, when not inspecting */
	struct view_state	 dom;	/* the domains table */
	uint64_t		 gen;	/* the domains it was made of */
	int			 shown;	/* a domain holds more than a node */
	int			 focus;	/* the domains table has the keys */
	int			 drawing; /* ... or is being drawn */
};

static struct links_view *
view_links_view(struct ui *ui)
{
	return (view_data(ui, VIEW_LINKS, sizeof (struct links_view)));
}

void
view_links_free(void *data)
{
	struct links_view	*lv = data;

	if (lv == NULL)
		return;
	links_free(lv->all);
	free(lv->dom.rows);
	free(lv->dom.filter);
	filter_free(lv->dom.fexpr);
	free(lv->dom.fmask);
	free(lv);
}

/* The domains table's state and entry when it has the keys, else NULL. */
struct view_state *
view_links_part(struct ui *ui, const struct view_entry **v)
{
	struct links_view	*lv = view_links_view(ui);

	if (!lv->drawing && !(lv->focus && lv->shown))
		return (NULL);
	*v = &view_links_domains;
	return (&lv->dom);
}

/* The domain under the domains table's cursor, or NULL. */
static const struct scaleup *
view_links_domain(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct links_view	*lv = view_links_view(ui);
	const struct view_state	*vs = &lv->dom;

	if (!lv->shown || vs->rows == NULL || vs->cursor < 0 ||
	    vs->cursor >= (int)vs->nrows || vs->rows[vs->cursor] >=
	    m->nscaleups)
		return (NULL);
	return (&m->scaleups[vs->rows[vs->cursor]]);
}

/* A domain row's item: its name. */
static uint64_t
view_links_domain_key(struct ui *ui, u_int row)
{
	const struct model	*m = ui->model;

	if (row >= m->nscaleups)
		return (0);
	return (table_hash(0, m->scaleups[row].name,
	    strlen(m->scaleups[row].name)));
}

/* The first node of the domain under the cursor. */
static int
view_links_domain_node(struct ui *ui)
{
	const struct scaleup	*d = view_links_domain(ui);

	if (d == NULL)
		return (-1);
	return (ui->model->scaleupnodes[d->first]);
}

/*
 * Enter on a domain: the links of its nodes, the list filtered to them,
 * with the keys, and its first node below.
 */
static void
view_links_domain_open(struct ui *ui)
{
	struct links_view	*lv = view_links_view(ui);
	const struct scaleup	*d = view_links_domain(ui);
	char			*cause = NULL, name[sizeof d->name];

	if (d == NULL)
		return;
	strlcpy(name, d->name, sizeof name);
	ui->node = ui->model->scaleupnodes[d->first];
	lv->focus = 0;
	if (ui_filter(ui, d->nodes, &cause) != 0) {
		ui_message(ui, 1, "%s", cause);
		free(cause);
		return;
	}
	ui_message(ui, 0, "the links of %s's nodes, %s; o: the domains, "
	    "Escape clears", name, d->nodes);
}

/* cursor other: the keys to the other table of the view. */
int
view_links_other(struct ui *ui, char **cause)
{
	struct links_view	*lv;

	if (ui->view != VIEW_LINKS) {
		xasprintf(cause, "the %s view has one table",
		    view_table[ui->view].name);
		return (-1);
	}
	lv = view_links_view(ui);
	if (!lv->shown) {
		xasprintf(cause, "no domains table: no scale-up domain holds "
		    "more than a node");
		return (-1);
	}
	lv->focus = !lv->focus;
	ui_message(ui, 0, "the keys move the %s; o: the %s",
	    lv->focus ? "domains" : "links", lv->focus ? "links" : "domains");
	ui->dirty = 1;
	return (0);
}

/*
 * The domains found again when the model changed (scaleup.c does nothing
 * otherwise); the table shown when one holds more than a node.
 */
static void
view_links_domains_update(struct ui *ui)
{
	struct model		*m = ui->model;
	struct links_view	*lv = view_links_view(ui);
	const struct record	*r = record_find("scaleup");
	u_int			 i;

	scaleup_update(m);
	if (lv->gen == m->scaleup_gen && lv->dom.rows != NULL)
		return;
	lv->gen = m->scaleup_gen;
	lv->dom.rebuild = 1;
	for (i = 0, lv->shown = 0; i < m->nscaleups && !lv->shown; i++)
		lv->shown = m->scaleups[i].nnodes > 1;
	if (lv->dom.sort == NULL) {
		/* The worst first. */
		lv->dom.sort = record_field(r, "verdict");
		lv->dom.reverse = 1;
	}
}

/*
 * The domains table at line y0, `most' rows at most, as table.c draws
 * one; the lines it took.
 */
static int
view_links_draw_domains(struct ui *ui, WINDOW *w, int y0, int most, int sx)
{
	const struct model	*m = ui->model;
	struct links_view	*lv = view_links_view(ui);
	struct view_state	*vs = &lv->dom;
	int			 rows;

	lv->drawing = 1;
	if (vs->rows == NULL || vs->rebuild || vs->reorder)
		table_build(ui, record_find("scaleup"), m->scaleups,
		    sizeof *m->scaleups, m->nscaleups);
	rows = vs->nrows > 0 ? (int)vs->nrows : 1;
	if (rows > most)
		rows = most;
	vs->nocursor = !lv->focus;
	table_draw(ui, w, y0, rows + 1, "scaleup", m->scaleups,
	    sizeof *m->scaleups, m->nscaleups, sx < 100 ?
	    LINKS_DOMAINS_NARROW : sx < 160 ? LINKS_DOMAINS_MEDIUM :
	    LINKS_DOMAINS_WIDE);
	lv->drawing = 0;
	return (rows + 1);
}

/* A click: the cursor, and the keys, to the table clicked. */
void
view_links_click(struct ui *ui, int y, int x)
{
	struct links_view	*lv = view_links_view(ui);
	struct view_state	*vs = &ui->vs[VIEW_LINKS];

	if (lv->shown && y > lv->dom.table_y && y <= lv->dom.table_y +
	    lv->dom.height)
		lv->focus = 1;
	else if (y > vs->table_y)
		lv->focus = 0;
	table_click(ui, y, x);
}

/* The inspection on show: inspect-links', else the whole fabric's. */
static struct links *
view_links_shown(struct ui *ui)
{
	struct links_view	*lv = view_links_view(ui);

	if (ui->links != NULL)
		return (ui->links);
	if (lv->all == NULL)
		lv->all = links_create();
	return (lv->all);
}

/* A row's item: the link or port, or what is missing. */
uint64_t
view_links_key(struct ui *ui, u_int row)
{
	const struct linkcheck	*c = links_get(view_links_shown(ui), row);
	uint64_t		 h;
	int			 missing;

	if (c == NULL)
		return (0);
	missing = c->verdict == LV_MISSING;
	h = table_hash(0, &c->node, sizeof c->node);
	h = table_hash(h, c->kind, strlen(c->kind));
	h = table_hash(h, c->device, strlen(c->device));
	h = table_hash(h, &c->gpu, sizeof c->gpu);
	h = table_hash(h, &c->link, sizeof c->link);
	/* A GPU's fabric has a row a finding, of no link. */
	if (!links_port(c) && !(c->valid & BIT(LC_LINK)))
		h = table_hash(h, c->why, strlen(c->why));
	return (table_hash(h, &missing, sizeof missing));
}

/* What the rows are made of: the links, the ports, the GPUs' fabric. */
static uint64_t
view_links_generation(const struct model *m)
{
	return (m->gen[DOM_LINKS] + m->gen[DOM_IB] + m->gen[DOM_EVENTS] +
	    m->gen[DOM_NODES] + m->gen[DOM_GPUS]);
}

static void
view_links_build(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_LINKS];
	struct links		*l = view_links_shown(ui);
	struct link_expect	 e;

	links_expect(&e);
	links_inspect(l, m, ui->links != NULL ? ui->links_mask : NULL, &e,
	    LI_FABRIC);
	table_build(ui, record_find("linkcheck"), links_get(l, 0),
	    sizeof (struct linkcheck), links_count(l));
	vs->built = view_links_generation(m);
}

/*
 * Whether the rows are out of date: the links, or the filter or sort,
 * changed.
 */
static int
view_links_stale(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_LINKS];

	if (vs->rows == NULL || vs->reorder)
		return (1);
	if (!vs->rebuild)
		return (0);
	if (vs->built != view_links_generation(m))
		return (1);
	vs->rebuild = 0;
	return (0);
}

static const char *
view_links_state_name(enum link_state s)
{
	return (field_enum_name(FT_LINK, s));
}

/* One row's columns as text. */
struct links_text {
	char	 link[32];
	char	 state[48];
	char	 speed[24];
	char	 errors[160];
};

/*
 * A counter, when it is known and not zero, if it fits `max' columns
 * whole; one that does not leaves a '~', as cut text does.  A number is
 * never cut.
 */
static int
view_links_counter(char *s, size_t len, int n, int max, const char *name,
    uint64_t v, int valid)
{
	char	 tmp[64];
	int	 k;

	if (!valid || v == 0 || n < 0 || (size_t)n >= len)
		return (n);
	k = snprintf(tmp, sizeof tmp, "%s%s %llu", n > 0 ? " " : "", name,
	    (unsigned long long)v);
	if (n + k > max || (size_t)(n + k) >= len) {
		if (n + 2 <= max && strchr(s, '~') == NULL)
			n += snprintf(s + n, len - n, " ~");
		return (n);
	}
	memcpy(s + n, tmp, k + 1);
	return (n + k);
}

/*
 * One row as text: why it is a problem, then the link's counters;
 * `narrow' names the counters short.
 */
static void
view_links_format(const struct model *m, const struct linkcheck *c,
    struct links_text *t, int max)
{
	const struct nvlink	*l, nonel = { 0 };
	const struct ibport	*p, nonep = { 0 };
	u_int			 nib;
	int			 n, narrow = max < 40;

	memset(t, 0, sizeof *t);
	snprintf(t->state, sizeof t->state, "%s", c->state);
	n = snprintf(t->errors, sizeof t->errors, "%s", c->why);
	if (n < 0 || (size_t)n >= sizeof t->errors)
		n = sizeof t->errors - 1;
	if (c->verdict == LV_MISSING) {
		if (!links_port(c) && (c->valid & BIT(LC_GPU)))
			snprintf(t->link, sizeof t->link, "GPU %d", c->gpu);
		else
			snprintf(t->link, sizeof t->link, "%s",
			    !links_port(c) ? "links" : "ports");
		return;
	}
	if (c->valid & BIT(LC_ACTUAL))
		snprintf(t->speed, sizeof t->speed, !links_port(c) ?
		    "%.1f GB/s" : "%.0f Gb/s", c->actual);
	if (n > 0 && (size_t)n + 2 < sizeof t->errors)
		n += snprintf(t->errors + n, sizeof t->errors - n, ";");
	if (!links_port(c) && !(c->valid & BIT(LC_LINK))) {
		/* The GPU's scale-up fabric, or the node's IMEX. */
		if (c->valid & BIT(LC_GPU))
			snprintf(t->link, sizeof t->link, "GPU %d fabric",
			    c->gpu);
		else
			snprintf(t->link, sizeof t->link, "IMEX");
		if (n > 0 && t->errors[n - 1] == ';')
			t->errors[n - 1] = '\0';
		return;
	}
	if (!links_port(c)) {
		snprintf(t->link, sizeof t->link, "GPU %d link %d", c->gpu,
		    c->link);
		if ((l = model_nvlink(m, c->node, c->gpu, c->link)) == NULL)
			l = &nonel;	/* the node has fewer GPUs now */
		n = view_links_counter(t->errors, sizeof t->errors, n, max,
		    narrow ? "rpl" : "replay", l->replay,
		    l->valid & BIT(NVL_REPLAY));
		n = view_links_counter(t->errors, sizeof t->errors, n, max,
		    narrow ? "rcv" : "recovery", l->recovery,
		    l->valid & BIT(NVL_RECOVERY));
		n = view_links_counter(t->errors, sizeof t->errors, n, max,
		    "crc",
		    l->crc, l->valid & BIT(NVL_CRC));
	} else {
		snprintf(t->link, sizeof t->link, "%s port %d", c->device,
		    c->link);
		p = model_ibports(m, c->node, &nib);
		p = c->slot < nib ? &p[c->slot] : &nonep;
		n = view_links_counter(t->errors, sizeof t->errors, n, max,
		    narrow ? "sym" : "symerr", p->symerr,
		    p->valid & BIT(IB_SYMERR));
		n = view_links_counter(t->errors, sizeof t->errors, n, max,
		    narrow ? "ldn" : "linkdown", p->linkdown,
		    p->valid & BIT(IB_LINKDOWN));
		view_links_counter(t->errors, sizeof t->errors, n, max,
		    narrow ? "rcv" : "rcverr", p->rcverr,
		    p->valid & BIT(IB_RCVERR));
	}
	n = strlen(t->errors);
	if (n > 0 && t->errors[n - 1] == ';')
		t->errors[n - 1] = '\0';
}

/* The list's columns: node, what, link, state, speed, why and errors. */
struct links_layout {
	int	 x[6];
	int	 width[6];
};

static void
view_links_layout(const struct model *m, int sx, struct links_layout *l)
{
	static const int	 want[6] = { 4, 13, 13, 13, 9, 0 };
	int			 i, x = 0, gap;
	u_int			 k;
	size_t			 len;

	gap = sx >= 160 ? 3 : sx >= 100 ? 2 : 1;
	memcpy(l->width, want, sizeof l->width);
	for (k = 0; k < m->nnodes && k < 64; k++) {
		len = strlen(m->nodes[k].name);
		if ((int)len > l->width[0])
			l->width[0] = len > 24 ? 24 : len;
	}
	if (m->nnodes > 0 && (len = strlen(m->nodes[m->nnodes - 1].name)) >
	    (size_t)l->width[0])
		l->width[0] = len > 24 ? 24 : len;
	for (i = 0; i < 6; i++) {
		l->x[i] = x;
		if (i == 5)
			l->width[i] = sx - x;
		x += l->width[i] + gap;
	}
}

static attr_t
view_links_why_colour(int verdict)
{
	switch (verdict) {
	case LV_DOWN:
	case LV_MISSING:
	case LV_FABRIC:
		return (colour(C_CRIT));
	case LV_OK:
		return (colour(C_OK));
	default:
		return (colour(C_WARN));
	}
}

static void
view_links_draw_row(struct ui *ui, WINDOW *w, int y, const struct linkcheck *c,
    const struct links_layout *l, int cursor, int sx)
{
	const struct model	*m = ui->model;
	struct links_text	 t;
	attr_t			 base = A_NORMAL;
	char			 s[64];

	if (ui->marks[c->node])
		base = colour(C_MARK);
	if (cursor)
		base = A_REVERSE;
	wattrset(w, base);
	mvwhline(w, y, 0, ' ', sx);
	view_links_format(m, c, &t, l->width[5]);
	draw_text(w, y, l->x[0], l->width[0], base, m->nodes[c->node].name);
	snprintf(s, sizeof s, "%s %s", view_links_fabric(c),
	    links_what[c->verdict]);
	draw_text(w, y, l->x[1], l->width[1], cursor ? base :
	    view_links_why_colour(c->verdict), s);
	draw_text(w, y, l->x[2], l->width[2], base, t.link);
	draw_text(w, y, l->x[3], l->width[3], cursor ? base :
	    view_links_why_colour(c->verdict), t.state);
	snprintf(s, sizeof s, "%*s", l->width[4], t.speed[0] ? t.speed : "-");
	draw_text(w, y, l->x[4], l->width[4], cursor ? base :
	    c->verdict == LV_DEGRADED ? colour(C_WARN) : t.speed[0] ? base :
	    colour(C_DIM), s);
	draw_text(w, y, l->x[5], sx - l->x[5], base, t.errors);
	wattrset(w, A_NORMAL);
}

/*
 * The list's titles; the column of the sort, a key of the "linkcheck"
 * records, ends in ^ or v.
 */
static void
view_links_draw_heading(WINDOW *w, int y, const struct view_state *vs,
    const struct links_layout *l, int sx)
{
	static const char	*titles[6] = { "NODE", "WHAT", "LINK", "STATE",
				    "SPEED", "WHY" };
	static const char	*keys[6] = { "node", "verdict", "link",
				    "state", "actual", "why" };
	char			 s[32], t[16];
	int			 i;

	wattrset(w, colour(C_HEADER));
	mvwhline(w, y, 0, ' ', sx);
	for (i = 0; i < 6; i++) {
		if (l->x[i] >= sx)
			break;
		snprintf(t, sizeof t, "%s%s", titles[i], vs->sort == NULL ||
		    strcmp(vs->sort->name, keys[i]) != 0 ? "" :
		    vs->reverse ? "v" : "^");
		if (i == 4)
			snprintf(s, sizeof s, "%*s", l->width[i], t);
		else
			snprintf(s, sizeof s, "%s", t);
		draw_text(w, y, l->x[i], sx - l->x[i], colour(C_HEADER), s);
	}
	wattrset(w, A_NORMAL);
}

static int
view_links_piece(WINDOW *w, int y, int x, int sx, attr_t a, const char *s)
{
	int	 gap = x > 0 ? 2 : 0;

	if (x + gap + (int)strlen(s) > sx)
		return (x);
	draw_text(w, y, x + gap, sx - x - gap, a, s);
	return (x + gap + (int)strlen(s));
}

/*
 * The heading's fabrics, each counted apart: its name, what its missing
 * count counts, whether the IB probes read it; NVLink and IB stand for
 * the others when none of those was seen.
 */
static const struct {
	const char	*name;
	const char	*missing;
	int		 ib;
	const char	*unread;	/* NULL: not told */
} view_links_fabrics[] = {
	[LS_NVLINK] = { .name = "NVLink", .missing = "GPU",
	    .unread = "NVLinks not read yet" },
	[LS_XGMI] = { .name = "XGMI", .missing = "GPU" },
	[LS_HCCS] = { .name = "HCCS", .missing = "NPU" },
	[LS_LINK] = { .name = "link", .missing = "DCU" },
	[LS_IB] = { .name = "IB", .missing = "node", .ib = 1,
	    .unread = "IB not read yet" },
	[LS_ROCE] = { .name = "RoCE", .missing = "node", .ib = 1 },
};

/* Whether fabric i has a link or unit counted. */
static int
view_links_sum_any(const struct links_sum *ls, u_int i)
{
	u_int	 v;

	for (v = 0; v < LV_NVERDICTS; v++) {
		if (ls->n[i][v] > 0)
			return (1);
	}
	return (0);
}

/*
 * Whether the heading shows fabric i: one seen; NVLink (IB) when no other
 * accelerators' (RoCE) link was.
 */
static int
view_links_sum_shown(const struct links_sum *ls, u_int i)
{
	u_int	 k;

	if (view_links_sum_any(ls, i))
		return (1);
	if (view_links_fabrics[i].unread == NULL)
		return (0);
	for (k = 0; k < LS_NFABRICS; k++) {
		if (k != i && view_links_fabrics[k].ib ==
		    view_links_fabrics[i].ib && view_links_sum_any(ls, k))
			return (0);
	}
	return (1);
}

/* "NVLink: 3 down, 1 erroring, 2 GPUs missing links" */
static attr_t
view_links_sum_text(char *s, size_t len, const char *title, const u_int *n,
    const char *missing)
{
	static const int	 order[] = { LV_FABRIC, LV_DEGRADED,
				    LV_ERRORING, LV_FLAPPING };
	size_t			 i;
	int			 k;

	k = snprintf(s, len, "%s: %u down", title, n[LV_DOWN]);
	for (i = 0; i < nitems(order); i++) {
		if (n[order[i]] > 0 && k >= 0 && (size_t)k < len)
			k += snprintf(s + k, len - k, ", %u %s", n[order[i]],
			    field_enum_name(FT_VERDICT, order[i]));
	}
	if (n[LV_MISSING] > 0 && k >= 0 && (size_t)k < len)
		snprintf(s + k, len - k, ", %u %s%s short", n[LV_MISSING],
		    missing, n[LV_MISSING] == 1 ? "" : "s");
	if (n[LV_DOWN] || n[LV_MISSING] || n[LV_FABRIC])
		return (colour(C_CRIT));
	if (n[LV_DEGRADED] || n[LV_ERRORING] || n[LV_FLAPPING])
		return (colour(C_WARN));
	return (colour(C_OK));
}

/* What a node's ports are: RoCE when their link layer is Ethernet. */
static const char *
view_links_ports_name(const struct ibport *p, u_int nib)
{
	if (nib > 0 && strcasecmp(p->link_layer, "Ethernet") == 0)
		return ("RoCE");
	return ("IB");
}

/*
 * What is expected of the links: NVIDIA's when no other fabric is seen,
 * else the node under the cursor's, of its vendor and model.
 */
static void
view_links_expected(struct ui *ui, const struct links_sum *ls, char *s,
    size_t len)
{
	const struct model	*m = ui->model;
	const struct ibport	*p;
	struct link_expect	 e;
	struct link_fabric	 f;
	u_int			 i, nib;
	int			 node, k;

	links_expect(&e);
	for (i = 0; i < LS_NFABRICS; i++) {
		if (i != LS_NVLINK && i != LS_IB && view_links_sum_any(ls, i))
			break;
	}
	if (i == LS_NFABRICS || (node = view_links_detail_node(ui)) < 0) {
		if (e.nvspeed < 0)
			k = snprintf(s, len, "expected: %d links/GPU at the "
			    "model's speed", e.nvlinks);
		else
			k = snprintf(s, len, "expected: %d links/GPU at %g "
			    "GB/s", e.nvlinks, e.nvspeed);
		snprintf(s + k, len - k, ", %d IB ports at %g Gb/s %s",
		    e.ibports, e.ibrate, e.ibwidth);
		return;
	}
	links_fabric(m, node, &e, &f);
	k = snprintf(s, len, "expected of %s: ", m->nodes[node].name);
	if (f.links > 0)
		k += snprintf(s + k, len - k, "%d %s links/%s", f.links,
		    f.name, view_vendor_noun(m->nodes[node].vendor));
	else
		k += snprintf(s + k, len - k, "%s: none", f.name);
	if (f.links > 0 && f.speed > 0)
		k += snprintf(s + k, len - k, " at %g GB/s", f.speed);
	p = model_ibports(m, node, &nib);
	if (strcmp(view_links_ports_name(p, nib), "RoCE") == 0)
		snprintf(s + k, len - k, ", %d RoCE ports", e.ibports);
	else
		snprintf(s + k, len - k, ", %d IB ports at %g Gb/s %s",
		    e.ibports, e.ibrate, e.ibwidth);
}

static void
view_links_draw_summary(struct ui *ui, WINDOW *w, int y, int sx)
{
	const struct model	*m = ui->model;
	const struct links_sum	*ls = links_summary(view_links_shown(ui));
	char			 s[200];
	attr_t			 a;
	u_int			 i;
	int			 x = 0, read;

	wmove(w, y, 0);
	wclrtoeol(w);
	if (ui->links != NULL) {
		snprintf(s, sizeof s, "inspect-links %s%s", ui->links_set,
		    ui->links_second > loop_now() ? " (second read to come)" :
		    "");
		x = view_links_piece(w, y, x, sx, colour(C_HEADER), s);
	}
	if (m->nvlinks == NULL && m->ibports == NULL) {
		view_links_piece(w, y, x, sx, colour(C_DIM),
		    "links not read yet");
		return;
	}
	for (i = 0; i < LS_NFABRICS; i++) {
		read = view_links_fabrics[i].ib ? m->ibports != NULL :
		    m->nvlinks != NULL;
		if (!read && view_links_fabrics[i].unread != NULL)
			x = view_links_piece(w, y, x, sx, colour(C_DIM),
			    view_links_fabrics[i].unread);
		if (!read || !view_links_sum_shown(ls, i))
			continue;
		a = view_links_sum_text(s, sizeof s, view_links_fabrics[i].name,
		    ls->n[i], view_links_fabrics[i].missing);
		x = view_links_piece(w, y, x, sx, a, s);
	}
	if (ls->unread > 0) {
		snprintf(s, sizeof s, "%u node%s not read", ls->unread,
		    ls->unread == 1 ? "" : "s");
		x = view_links_piece(w, y, x, sx, colour(C_DIM), s);
	}
	view_links_expected(ui, ls, s, sizeof s);
	view_links_piece(w, y, x, sx, colour(C_DIM), s);
}

/* A link as a character: '=' up, '-' slow, 'x' down, '?' unknown. */
static void
view_links_link_cell(WINDOW *w, int y, int x, const struct nvlink *l,
    float slow, int *up)
{
	if (l->state == LINK_UP) {
		(*up)++;
		if ((l->valid & BIT(NVL_SPEED)) && l->speed_gbs < slow)
			draw_cell(w, y, x, "-", colour(C_WARN));
		else
			draw_cell(w, y, x, "=", colour(C_OK));
	} else if (l->state == LINK_UNKNOWN)
		draw_cell(w, y, x, "?", colour(C_DIM));
	else
		draw_cell(w, y, x, "x", colour(C_CRIT));
}

/*
 * How many link columns the node's matrix has, and the speed below which
 * a link is slow: the expected one's, else the node's fastest link's.
 */
static u_int
view_links_matrix_cols(const struct model *m, u_int node,
    struct link_fabric *f, float *slow)
{
	const struct nvlink	*base, *l;
	struct link_expect	 e;
	u_int			 k, ncols, n;

	*slow = 0;
	links_expect(&e);
	links_fabric(m, node, &e, f);
	ncols = (u_int)f->links < m->links_per_gpu ? (u_int)f->links :
	    m->links_per_gpu;
	if (m->nvlinks == NULL)
		return (ncols);
	base = model_nvlinks(m, node, &n);
	for (k = 0; k < n; k++) {
		l = &base[k];
		if (l->state != LINK_UNKNOWN &&
		    k % m->links_per_gpu >= ncols)
			ncols = k % m->links_per_gpu + 1;
		if (l->state == LINK_UP && (l->valid & BIT(NVL_SPEED)) &&
		    l->speed_gbs > *slow)
			*slow = l->speed_gbs;
	}
	/* Slow: below the expected speed as links.c has it, else 95%. */
	if (f->speed > 0)
		*slow = f->speed * 0.99f;
	else
		*slow *= 0.95f;
	return (ncols);
}

#define LINKS_LABEL	7	/* "GPU0   ", "NPU7/1 " */
#define LINKS_NONE	"none seen, none expected"

/* A counter, or "-" when the tool does not report it. */
static const char *
view_links_count(char *s, size_t len, uint64_t v, uint64_t valid)
{
	if (!valid)
		return ("-");
	snprintf(s, len, "%llu", (unsigned long long)v);
	return (s);
}

/* The node's NVLinks, GPUs by links, with their counters if `errs'. */
static void
view_links_draw_matrix(struct ui *ui, WINDOW *w, int y0, int h, int sx,
    u_int node,
    int errs)
{
	const struct model	*m = ui->model;
	const struct nvlink	*l;
	const struct gpu	*g;
	struct link_fabric	 f;
	const char		*noun;
	char			 s[160], id[16], c[3][24];
	u_int			 gpu, k, ncols, expect, ngpus;
	uint64_t		 replay, recovery, crc, valid;
	float			 slow;
	int			 y, up, x, self;

	if (m->nvlinks == NULL) {
		draw_text(w, y0, 0, sx, colour(C_DIM), "NVLinks not read yet");
		return;
	}
	ncols = view_links_matrix_cols(m, node, &f, &slow);
	expect = f.links;
	/* XGMI's and HCCS's link is the peer: none to itself. */
	self = strcmp(f.kind, "nvlink") != 0;
	draw_text(w, y0, 0, sx, colour(C_HEADER), f.name);
	if (ncols == 0) {	/* an A3's, a Hygon node's */
		draw_text(w, y0, LINKS_LABEL, sx - LINKS_LABEL,
		    colour(C_DIM), LINKS_NONE);
		return;
	}
	for (k = 0; k < ncols && LINKS_LABEL + (int)k < sx; k++) {
		snprintf(s, sizeof s, "%u", k % 10);
		draw_text(w, y0, LINKS_LABEL + k, 1, colour(C_HEADER), s);
	}
	x = LINKS_LABEL + ncols + 1;
	draw_text(w, y0, x, sx - x, colour(C_HEADER),
	    errs ? "   up   replay recovery   crc" : "   up");
	g = model_gpus(m, node, &ngpus);
	noun = view_vendor_noun(ngpus > 0 ? g->vendor : VENDOR_UNKNOWN);
	for (gpu = 0; gpu < ngpus; gpu++, g++) {
		y = y0 + 1 + gpu;
		/* The last row says how many more, on a row of its own. */
		if (y >= y0 + h - 1 && gpu + 1 < ngpus) {
			snprintf(s, sizeof s, "+%u %ss", ngpus - gpu, noun);
			draw_text(w, y, 0, sx, colour(C_DIM), s);
			break;
		}
		snprintf(s, sizeof s, "%s%s", noun, alerts_id(m, node, gpu,
		    id, sizeof id));
		draw_text(w, y, 0, LINKS_LABEL, A_NORMAL, s);
		up = 0;
		replay = recovery = crc = valid = 0;
		for (k = 0; k < ncols && LINKS_LABEL + (int)k < sx; k++) {
			l = model_nvlink(m, node, gpu, k);
			if (self && k == gpu && l->state == LINK_UNKNOWN)
				continue;
			view_links_link_cell(w, y, LINKS_LABEL + k, l, slow,
			    &up);
			replay += l->replay;
			recovery += l->recovery;
			crc += l->crc;
			valid |= l->valid;
		}
		x = LINKS_LABEL + ncols + 1;
		snprintf(s, sizeof s, "%2d/%-2u", up, expect);
		draw_text(w, y, x, sx - x, up < (int)expect ? colour(C_CRIT) :
		    colour(C_OK), s);
		x += 6;
		if (!errs)
			continue;
		snprintf(s, sizeof s, "%8s %8s %5s",
		    view_links_count(c[0], sizeof c[0], replay,
		    valid & BIT(NVL_REPLAY)),
		    view_links_count(c[1], sizeof c[1], recovery,
		    valid & BIT(NVL_RECOVERY)),
		    view_links_count(c[2], sizeof c[2], crc,
		    valid & BIT(NVL_CRC)));
		draw_text(w, y, x, sx - x, recovery || crc ? colour(C_WARN) :
		    colour(C_DIM), s);
		x += strlen(s) + 1;
		if (g->error[0] != '\0' && x < sx)
			draw_text(w, y, x, 14, colour(C_CRIT), g->error);
	}
}

/* The node's InfiniBand ports at column x0; `more': 1 the link layer,
 * 2 the LID and counters too. */
static void
view_links_draw_ports(struct ui *ui, WINDOW *w, int y0, int h, int x0, int sx,
    u_int node, int more)
{
	const struct model	*m = ui->model;
	const struct node	*n = &m->nodes[node];
	const struct ibport	*ports, *p;
	struct link_expect	 e;
	char			 s[256], why[128];
	uint64_t		 delta;
	u_int			 k, nib;
	int			 y, v, wx, expect;
	float			 rate;

	if (x0 >= sx)
		return;
	rate = options_get_float("links.ib-rate");
	if (m->ibports == NULL) {
		draw_text(w, y0, x0, sx - x0, colour(C_DIM),
		    "InfiniBand not read yet");
		return;
	}
	links_expect(&e);
	ports = model_ibports(m, node, &nib);
	snprintf(s, sizeof s, "%-8s %4s  %-8s %-9s %5s  %-10s%6s %7s %8s %6s",
	    view_links_ports_name(ports, nib), "PORT", "STATE", "PHYSICAL",
	    "Gb/s", more ? "LAYER" : "",
	    more > 1 ? "LID" : "", more > 1 ? "SYMERR" : "",
	    more > 1 ? "LINKDOWN" : "", more > 1 ? "RCVERR" : "");
	draw_text(w, y0, x0, sx - x0, colour(C_HEADER), s);
	for (k = 0; k < nib; k++) {
		y = y0 + 1 + k;
		if (y >= y0 + h - 1 && k + 1 < nib) {
			snprintf(s, sizeof s, "+%u more", nib - k);
			draw_text(w, y, x0, sx - x0, colour(C_DIM), s);
			break;
		}
		p = &ports[k];
		v = links_judge_ibport(p, NULL, 0, &e, &delta, why,
		    sizeof why);
		snprintf(s, sizeof s, "%-8s %4d  ", p->device, p->port);
		draw_text(w, y, x0, sx - x0, A_NORMAL, s);
		snprintf(s, sizeof s, "%-8.8s %-9.9s ", p->state_str[0] ?
		    p->state_str : view_links_state_name(p->state),
		    p->phys_str[0] ?
		    p->phys_str : view_links_state_name(p->phys));
		draw_text(w, y, x0 + 15, sx - x0 - 15,
		    view_links_why_colour(v), s);
		if (p->valid & BIT(IB_RATE))
			snprintf(s, sizeof s, "%5.0f", p->rate_gbps);
		else
			snprintf(s, sizeof s, "%5s", "-");
		draw_text(w, y, x0 + 34, sx - x0 - 34, v != LV_DOWN &&
		    (p->valid & BIT(IB_RATE)) && p->rate_gbps < rate ?
		    colour(C_WARN) : A_NORMAL, s);
		/* Why it is not OK, after the columns shown. */
		wx = x0 + (more > 1 ? 82 : more ? 52 : 41);
		if (v != LV_OK)
			draw_text(w, y, wx, sx - wx, view_links_why_colour(v),
			    why);
		if (!more)
			continue;
		snprintf(s, sizeof s, "  %-10.10s", p->link_layer);
		draw_text(w, y, x0 + 39, sx - x0 - 39, A_NORMAL, s);
		if (more < 2)
			continue;
		snprintf(s, sizeof s, "%6s", "-");
		if (p->valid & BIT(IB_LID))
			snprintf(s, sizeof s, "%6d", p->lid);
		draw_text(w, y, x0 + 51, sx - x0 - 51, A_NORMAL, s);
		snprintf(s, sizeof s, "%7s %8s %6s", "-", "-", "-");
		if (p->valid & (BIT(IB_SYMERR) | BIT(IB_LINKDOWN) |
		    BIT(IB_RCVERR)))
			snprintf(s, sizeof s, "%7llu %8llu %6llu",
			    (unsigned long long)p->symerr,
			    (unsigned long long)p->linkdown,
			    (unsigned long long)p->rcverr);
		draw_text(w, y, x0 + 58, sx - x0 - 58, A_NORMAL, s);
	}
	expect = options_get_int("links.ib-ports");
	if (n->nib == 0)
		draw_text(w, y0 + 1, x0, sx - x0, colour(C_DIM),
		    "no ports read");
	else if ((int)n->nib < expect && (int)n->nib + 1 < h) {
		snprintf(s, sizeof s, "%d of %d ports missing",
		    expect - n->nib, expect);
		draw_text(w, y0 + 1 + n->nib, x0, sx - x0, colour(C_CRIT), s);
	}
}

/* The node under the cursor, or the Node view's when the list is empty. */
static int
view_links_detail_node(struct ui *ui)
{
	struct view_state	*vs = &ui->vs[VIEW_LINKS];
	const struct linkcheck	*c;
	int			 node;

	if (view_links_view(ui)->focus &&
	    (node = view_links_domain_node(ui)) >= 0)
		return (node);
	if (vs->rows != NULL && vs->cursor >= 0 &&
	    vs->cursor < (int)vs->nrows &&
	    (c = links_get(view_links_shown(ui), vs->rows[vs->cursor])) != NULL)
		return (c->node);
	if (ui->node >= 0 && (u_int)ui->node < ui->model->nnodes)
		return (ui->node);
	return (ui->model->nnodes > 0 ? 0 : -1);
}

static void
view_links_draw_detail(struct ui *ui, WINDOW *w, int y0, int h, int sx)
{
	const struct model	*m = ui->model;
	const struct node	*n;
	struct link_fabric	 f;
	char			 s[256];
	const struct gpu	*g;
	const struct ibport	*p;
	float			 slow;
	u_int			 ngpus, nib;
	int			 node, x, len, errs, more;

	if ((node = view_links_detail_node(ui)) < 0)
		return;
	n = &m->nodes[node];
	wattrset(w, colour(C_HEADER) | A_REVERSE);
	mvwhline(w, y0, 0, ' ', sx);
	len = snprintf(s, sizeof s, " %s  %s  %s", n->name,
	    m->racks[n->rack].name, view_node_look(m, node)->name);
	if (n->reach != REACH_UP && n->reach != REACH_UNKNOWN)
		len += snprintf(s + len, sizeof s - len, "  %s%s%s",
		    model_reach_name(n->reach), n->error[0] != '\0' ?
		    ": " : "", n->error);
	if (sx >= len + 40)
		snprintf(s + len, sizeof s - len, "   = up  - slow  x down  "
		    "? unknown");
	draw_text(w, y0, 0, sx, colour(C_HEADER) | A_REVERSE, s);
	wattrset(w, A_NORMAL);
	/* The matrix, then the ports, each with more as room allows. */
	if (h < 3) {
		g = model_gpus(m, node, &ngpus);
		p = model_ibports(m, node, &nib);
		snprintf(s, sizeof s, "%u %ss, %u %s ports (taller shows "
		    "them)", ngpus, ngpus > 0 ? view_vendor_noun(g->vendor) :
		    "GPU", n->nib, view_links_ports_name(p, nib));
		draw_text(w, y0 + 1, 0, sx, colour(C_DIM), s);
		return;
	}
	x = LINKS_LABEL + view_links_matrix_cols(m, node, &f, &slow) + 7;
	errs = x > LINKS_LABEL + 7 && sx >= x + 38 + 3 + 88;
	if (x == LINKS_LABEL + 7)	/* no matrix */
		x += strlen(LINKS_NONE) - 7;
	if (errs)
		x += 38;
	more = sx >= x + 3 + 88 ? 2 : sx >= x + 3 + 51 ? 1 : 0;
	view_links_draw_matrix(ui, w, y0 + 1, h - 1, sx, node, errs);
	view_links_draw_ports(ui, w, y0 + 1, h - 1, x + 3, sx, node, more);
}

void
view_links_draw(struct ui *ui, WINDOW *w)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_LINKS];
	struct links_view	*lv = view_links_view(ui);
	struct links_layout	 l;
	int			 sx, sy, y, k, detail, nib = 0, node, top = 1;
	int			 focus;

	getmaxyx(w, sy, sx);
	werase(w);
	view_links_domains_update(ui);
	focus = lv->focus && lv->shown;
	lv->focus = 0;
	if (view_links_stale(ui))
		view_links_build(ui);
	lv->focus = focus;
	table_scroll(vs);

	/* The node's links below: GPUs or ports, a heading and a title. */
	node = view_links_detail_node(ui);
	if (node >= 0 && m->ibports != NULL)
		nib = m->nodes[node].nib;
	detail = 2 + ((int)model_gpus_max(m) > nib ? (int)model_gpus_max(m) :
	    nib);
	if (detail < 4)
		detail = 4;
	if (detail > sy - 5)
		detail = sy - 5;
	if (detail < 0)
		detail = 0;

	/* The domains, a third of what is left at most, before the links. */
	if (lv->shown) {
		k = (sy - 3 - detail) / 3;
		top += view_links_draw_domains(ui, w, 1, k > 2 ? k : 2, sx);
	}
	vs->table_y = top;
	vs->height = sy - top - 1 - detail;
	if (vs->height < 1)
		vs->height = 1;
	table_scroll(vs);

	view_links_draw_summary(ui, w, 0, sx);
	view_links_layout(m, sx, &l);
	view_links_draw_heading(w, top, vs, &l, sx);
	for (y = 0; y < vs->height; y++) {
		k = vs->top + y;
		if (k >= (int)vs->nrows)
			break;
		view_links_draw_row(ui, w, top + 1 + y,
		    links_get(view_links_shown(ui),
		    vs->rows[k]), &l, k == vs->cursor && !focus, sx);
	}
	if (vs->nrows == 0 && m->nvlinks == NULL && m->ibports == NULL)
		draw_text(w, top + 1, 0, sx, colour(C_DIM),
		    "links not read yet");
	else if (vs->nrows == 0 && vs->filter != NULL) {
		lv->focus = 0;
		table_empty(ui, w, top + 1, sx);
		lv->focus = focus;
	} else if (vs->nrows == 0)
		draw_text(w, top + 1, 0, sx, colour(C_DIM),
		    "no down or degraded links");
	if (detail > 0)
		view_links_draw_detail(ui, w, sy - detail, detail, sx);
}

int
view_links_node(struct ui *ui)
{
	return (view_links_detail_node(ui));
}
