/*
 * myriad - the node view: everything about one node.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A header that stays: the node, its rack, Slurm state and reason, whether
 * it answers and why not, its BMC, its jobs.  Under it, what scrolls: a
 * row a GPU with sparklines of its recent utilization, temperature and
 * power; the BMC sensors, several a line; the NVLinks of each GPU; the
 * InfiniBand ports; the node's recent events.  What matters most comes
 * first, so at 80x24 the rest falls off the bottom, a scroll away.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "view.h"

/* Where the next line of the content goes. */
struct node_pen {
	WINDOW		*w;
	int		 line;		/* the content's next line */
	int		 top;		/* the first line shown */
	int		 y0;		/* the window row it starts on */
	int		 rows;		/* the window rows it has */
	int		 sx;
};

/* Pieces of text set one after another, a new line when one does not fit. */
struct node_flow {
	struct node_pen	*pen;
	int		 y;		/* window row; -1: not shown */
	int		 x;
	int		 open;		/* a line is started */
	int		 indent;
	int		 right;		/* kept free on line one */
};

/* The GPU table's columns, in the order drawn. */
enum node_col {
	NC_GPU,
	NC_CARD,
	NC_MODEL,
	NC_BUS,
	NC_UTIL,
	NC_MEM,
	NC_TEMP,
	NC_MEMTEMP,
	NC_POWER,
	NC_CLOCK,
	NC_PSTATE,
	NC_SUTIL,
	NC_STEMP,
	NC_SPOWER,
	NC_ECC,
	NC_XID,
	NC_PART,
	NC_HEALTH,
	NC_STATUS,
	NC_NCOLS
};
/* The vendors' own columns: shown for a node whose accelerators say them. */
#define NC_VENDOR	(BIT(NC_CARD) | BIT(NC_PART) | BIT(NC_HEALTH))
/* NVIDIA's: on another vendor's node, only if one of its tools says them. */
#define NC_NVIDIA	(BIT(NC_CLOCK) | BIT(NC_PSTATE) | BIT(NC_XID))
static const struct {
	const char	*title;
	int		 width;		/* 0: the sparklines' */
	int		 prio;
	int		 right;
} node_cols[NC_NCOLS] = {
	[NC_GPU] = { "GPU", 3, 0, 0 },
	[NC_CARD] = { "CARD", 4, 0, 0 },
	[NC_MODEL] = { "MODEL", 15, 4, 0 },
	[NC_BUS] = { "BUS", 12, 3, 0 },
	[NC_UTIL] = { "UTIL", 4, 0, 1 },
	[NC_MEM] = { "MEM GiB", 7, 1, 1 },
	[NC_TEMP] = { "TEMP", 5, 0, 1 },
	[NC_MEMTEMP] = { "HBM", 5, 4, 1 },
	[NC_POWER] = { "POWER", 5, 0, 1 },
	[NC_CLOCK] = { "SM MHz", 6, 4, 1 },
	[NC_PSTATE] = { "PST", 3, 4, 0 },
	[NC_SUTIL] = { "utilization", 0, 0, 0 },
	[NC_STEMP] = { "temperature", 0, 1, 0 },
	[NC_SPOWER] = { "power", 0, 2, 0 },
	[NC_ECC] = { "DBE", 4, 1, 1 },
	[NC_XID] = { "XID", 3, 1, 1 },
	[NC_PART] = { "PARTITION", 9, 1, 0 },
	[NC_HEALTH] = { "HEALTH", 8, 0, 0 },
	[NC_STATUS] = { "STATUS", 13, 0, 0 },
};
struct node_layout {
	int		 on[NC_NCOLS];
	int		 width[NC_NCOLS];
	int		 spark;
};

/* What the view keeps, in its view_state (whose height is its rows). */
struct node_scroll {
	int		 lines;		/* the content's lines */
	int		 shown;		/* the node last drawn, plus one */
};

static struct node_scroll *
view_node_scroll(struct ui *ui)
{
	return (view_data(ui, VIEW_NODE, sizeof (struct node_scroll)));
}

/* Columns a string takes: UTF-8 continuation bytes take none. */
static int
view_node_width(const char *s)
{
	int	 n = 0;

	for (; *s != '\0'; s++) {
		if (((u_char)*s & 0xc0) != 0x80)
			n++;
	}
	return (n);
}

/* The window row of the next content line, or -1 if it is not shown. */
static int
view_node_line(struct node_pen *p)
{
	int	 l = p->line++;

	if (l < p->top || l >= p->top + p->rows)
		return (-1);
	return (p->y0 + l - p->top);
}

static void
view_node_flow_start(struct node_flow *f, struct node_pen *p, int indent)
{
	memset(f, 0, sizeof *f);
	f->pen = p;
	f->indent = indent;
	f->y = -1;
}

static void
view_node_flow(struct node_flow *f, attr_t a, const char *s)
{
	struct node_pen	*p = f->pen;
	int		 n = view_node_width(s), gap = f->x > f->indent ? 2 : 0;

	if (!f->open || (f->x + gap + n > p->sx - f->right &&
	    f->x > f->indent)) {
		if (f->open)
			f->right = 0;
		f->y = view_node_line(p);
		f->x = f->indent;
		f->open = 1;
		gap = 0;
	}
	if (f->y >= 0 && f->x + gap < p->sx)
		draw_text(p->w, f->y, f->x + gap, p->sx - f->x - gap, a, s);
	f->x += gap + n;
}

/* A section's title line, with a note after it. */
static void
view_node_title(struct node_pen *p, const char *title, attr_t a,
    const char *note)
{
	int	 y;

	if ((y = view_node_line(p)) < 0)
		return;
	draw_text(p->w, y, 0, p->sx, colour(C_HEADER), title);
	if (note != NULL && note[0] != '\0')
		draw_text(p->w, y, strlen(title) + 2, p->sx - strlen(title) - 2,
		    a, note);
}

/* The node's running jobs, the first `max' in the queue's order. */
static u_int
view_node_find_jobs(const struct model *m, u_int id, int *jobs, u_int max)
{
	const struct job	*j;
	u_int			 k, i, n = 0;

	if ((u_int)m->nodes[id].njobs < max)
		max = m->nodes[id].njobs;
	for (k = 0; k < m->njobs && n < max; k++) {
		j = &m->jobs[k];
		for (i = 0; i < j->count; i++) {
			if (m->jobnodes[j->first + i] == id) {
				jobs[n++] = k;
				break;
			}
		}
	}
	return (n);
}

/*
 * The vendors' own facts of a node's accelerators: which of their columns
 * the GPU table needs (NC_VENDOR and NC_NVIDIA bits), and in `buf' those
 * that are the same on them all, said once in the header instead:
 * "SPX/NPS1", "health OK".  An Ascend NPU's card and chip are its own.
 */
static uint64_t
view_node_facts(const struct model *m, u_int id, char *buf, size_t len)
{
	const struct gpu	*g, *g0;
	uint64_t		 has = 0, differ = 0;
	u_int			 k, n;

	buf[0] = '\0';
	g0 = g = model_gpus(m, id, &n);
	for (k = 0; k < n; k++, g++) {
		if (g->vendor == VENDOR_NVIDIA || g->vendor == VENDOR_UNKNOWN)
			has |= NC_NVIDIA;
		if (g->valid & BIT(GPU_SMCLK))
			has |= BIT(NC_CLOCK);
		if (g->valid & BIT(GPU_PSTATE))
			has |= BIT(NC_PSTATE);
		if (g->valid & BIT(GPU_XID))
			has |= BIT(NC_XID);
		if (g->valid & BIT(GPU_CARD))
			has |= BIT(NC_CARD);
		if (g->partition[0] != '\0')
			has |= BIT(NC_PART);
		if (g->health[0] != '\0')
			has |= BIT(NC_HEALTH);
		if (strcmp(g->partition, g0->partition) != 0)
			differ |= BIT(NC_PART);
		if (strcmp(g->health, g0->health) != 0)
			differ |= BIT(NC_HEALTH);
	}
	if ((has & ~differ & BIT(NC_PART)) != 0)
		snprintf(buf, len, "%s", g0->partition);
	if ((has & ~differ & BIT(NC_HEALTH)) != 0)
		snprintf(buf + strlen(buf), len - strlen(buf), "%shealth %s",
		    buf[0] != '\0' ? ", " : "", g0->health);
	return (has & (differ | BIT(NC_CARD) | NC_NVIDIA));
}

/* The header: who the node is, what Slurm says, whether it answers. */
static int
view_node_draw_header(struct ui *ui, WINDOW *w, u_int id, int maxrows, int sx,
    int scrolls)
{
	const struct model	*m = ui->model;
	const struct node	*n = &m->nodes[id];
	const struct node_look	*look = view_node_look(m, id);
	const struct job	*j;
	struct node_pen		 pen;
	struct node_flow	 f;
	const char		*why;
	char			 s[512], hint[64], el[32], facts[64];
	u_int			 k, njobs, missing, want;
	int			 jobs[8], y, len;

	memset(&pen, 0, sizeof pen);
	pen.w = w;
	pen.rows = maxrows;
	pen.sx = sx;
	snprintf(hint, sizeof hint, "%s node%s%s", draw_is_utf8() ?
	    "\u2190\u2192" : "h/l", scrolls ? "  " : "", scrolls ?
	    (draw_is_utf8() ? "\u2191\u2193 scroll" : "j/k scroll") : "");
	if (!scrolls)
		snprintf(hint, sizeof hint, "%s node", draw_is_utf8() ?
		    "\u2190\u2192\u2191\u2193" : "hjkl");
	view_node_flow_start(&f, &pen, 0);
	f.right = strlen(hint) + 2;
	view_node_flow(&f, A_BOLD, n->name);
	snprintf(s, sizeof s, "rack %s", m->racks[n->rack].name);
	view_node_flow(&f, A_NORMAL, s);
	if (n->state[0] != '\0' && strcmp(n->state, look->name) != 0)
		snprintf(s, sizeof s, "%c %s (%s)", look->letter, look->name,
		    n->state);
	else
		snprintf(s, sizeof s, "%c %s", look->letter, look->name);
	view_node_flow(&f, colour(look->colour), s);
	if ((len = view_node_accel_text(m, id, s, sizeof s)) > 0) {
		view_node_facts(m, id, facts, sizeof facts);
		if (facts[0] != '\0')
			snprintf(s + len, sizeof s - len, ", %s", facts);
		view_node_flow(&f, A_NORMAL, s);
	}
	if (n->partitions[0] != '\0' && sx >= 120) {
		snprintf(s, sizeof s, "partition %s", n->partitions);
		view_node_flow(&f, colour(C_DIM), s);
	}
	if (sx - view_node_width(hint) > f.x)
		draw_text(w, 0, sx - view_node_width(hint),
		    view_node_width(hint),
		    colour(C_DIM), hint);

	/* Whether it answers, and its BMC. */
	switch (n->reach) {
	case REACH_UP:
		view_node_flow(&f, colour(C_OK), "reachable");
		break;
	case REACH_UNKNOWN:
		view_node_flow(&f, colour(C_DIM), "not reached yet");
		break;
	default:
		snprintf(s, sizeof s, "? %s%s%s", model_reach_name(n->reach),
		    n->error[0] != '\0' ? ": " : "", n->error);
		view_node_flow(&f, colour(C_S_UNREACH), s);
		break;
	}
	if (n->bmc_error[0] != '\0') {
		snprintf(s, sizeof s, "BMC! %s", n->bmc_error);
		view_node_flow(&f, colour(C_CRIT), s);
	} else if (m->sensors != NULL && n->nsensors > 0)
		view_node_flow(&f, colour(C_OK), "BMC ok");
	if ((why = model_read_why(m, id, DOM_GPUS)) != NULL) {
		snprintf(s, sizeof s, "GPU read failed! %s", why);
		view_node_flow(&f, colour(C_CRIT), s);
	} else if ((missing = model_gpus_missing(m, id, &want)) > 0) {
		snprintf(s, sizeof s, "%u of %u GPUs missing!", missing, want);
		view_node_flow(&f, colour(C_CRIT), s);
	}
	if (n->reason[0] != '\0') {
		snprintf(s, sizeof s, "reason: %s", n->reason);
		view_node_flow(&f, colour(look->colour), s);
	}

	/* Its jobs. */
	njobs = view_node_find_jobs(m, id, jobs, nitems(jobs));
	if (njobs == 0)
		view_node_flow(&f, colour(C_DIM), "no job");
	for (k = 0; k < njobs; k++) {
		j = &m->jobs[jobs[k]];
		snprintf(s, sizeof s, "job %s %s %s %s", j->id, j->user,
		    j->name, j->valid & BIT(JOB_ELAPSED) ?
		    field_duration(el, sizeof el, j->elapsed_s) : "-");
		view_node_flow(&f, A_BOLD, s);
	}
	if ((u_int)n->njobs > njobs) {
		snprintf(s, sizeof s, "+%u jobs", n->njobs - njobs);
		view_node_flow(&f, colour(C_DIM), s);
	}
	y = pen.line < maxrows ? pen.line : maxrows;
	return (y);
}

/*
 * Which GPU columns fit, and how long the sparklines are; of the vendors'
 * own, those in `has'.
 */
static void
view_node_layout(int sx, uint64_t has, struct node_layout *l)
{
	static const int	 sparks[] = { 32, 24, 20, 16, 14, 12, 8 };
	int			 i, prio, used, nspark, s, k;

	for (prio = 4; prio >= 0; prio--) {
		for (k = 0; k < (int)nitems(sparks); k++) {
			s = sparks[k];
			used = nspark = 0;
			for (i = 0; i < NC_NCOLS; i++) {
				l->on[i] = node_cols[i].prio <= prio &&
				    (((NC_VENDOR | NC_NVIDIA) & BIT(i)) == 0 ||
				    (has & BIT(i)) != 0);
				l->width[i] = node_cols[i].width;
				if (l->width[i] == 0) {
					l->width[i] = s;
					nspark += l->on[i];
				}
				if (l->on[i])
					used += l->width[i] + 1;
			}
			/* Short sparklines only when there is no choice. */
			if (used <= sx && (s >= 16 || prio <= 1)) {
				l->spark = s;
				l->width[NC_STATUS] += sx - used;
				return;
			}
		}
	}
	l->spark = 8;
}

static void
view_node_cell(WINDOW *w, int y, int x, int width, int right, attr_t a,
    const char *s)
{
	char	 buf[128];

	if (right)
		snprintf(buf, sizeof buf, "%*s", width, s);
	else
		snprintf(buf, sizeof buf, "%s", s);
	draw_text(w, y, x, width, a, buf);
}

/*
 * The GPU's status: its error, or its uncorrectable errors, or its
 * vendor's health word if not OK, or what slows it, or ok.
 */
static const char *
view_node_gpu_status(const struct gpu *g, attr_t *a, char *buf, size_t len)
{
	static const struct {
		uint64_t	 bit;
		const char	*name;
	} reasons[] = {
		{ 0x40, "hw thermal" }, { 0x20, "sw thermal" },
		{ 0x80, "power brake" }, { 0x08, "hw slowdown" },
		{ 0x04, "power cap" },
	};
	size_t	 i;

	*a = colour(C_CRIT);
	if (g->error[0] != '\0')
		return (g->error);
	if ((g->valid & BIT(GPU_REMAP_FAILED)) && g->remap_failed)
		return ("remap failed");
	if ((g->valid & BIT(GPU_REMAP_PENDING)) && g->remap_pending)
		return ("remap pending");
	/* Another vendor's uncorrectable errors (AMD's RAS counts). */
	if (g->vendor != VENDOR_NVIDIA && (g->valid & BIT(GPU_ECC_DBE)) &&
	    g->ecc_dbe > 0)
		return (g->vendor == VENDOR_AMD ? "RAS errors" : "ECC uncorr");
	if (view_health_bad(g)) {
		snprintf(buf, len, "health %s", g->health);
		return (buf);
	}
	*a = colour(C_WARN);
	if (g->valid & BIT(GPU_THROTTLE)) {
		for (i = 0; i < nitems(reasons); i++) {
			if (g->throttle & reasons[i].bit)
				return (reasons[i].name);
		}
	}
	*a = colour(C_OK);
	if (!(g->valid & BIT(GPU_UTIL))) {
		*a = colour(C_DIM);
		return ("no sample");
	}
	snprintf(buf, len, "ok");
	return (buf);
}

static void
view_node_spark(const struct model *m, WINDOW *w, int y, int x, int width,
    size_t idx, enum hist_metric metric, double lo, double hi)
{
	float	 v[MODEL_HIST];
	u_int	 n;

	n = model_history(m, idx, metric, v, width < MODEL_HIST ? width :
	    MODEL_HIST);
	if (n == 0) {
		draw_text(w, y, x, width, colour(C_DIM), "-");
		return;
	}
	draw_spark(w, y, x + width - n, v, n, lo, hi);
}

static void
view_node_draw_gpus(struct ui *ui, struct node_pen *p, u_int id)
{
	const struct model	*m = ui->model;
	const struct gpu	*g;
	struct node_layout	 l;
	WINDOW			*w = p->w;
	char			 s[128], t[64];
	const char		*st, *noun;
	double			 crit, warn, plimit;
	size_t			 idx;
	attr_t			 a;
	uint64_t		 has;
	u_int			 k, n;
	int			 i, x, y;

	crit = options_get_float("threshold.gpu-temp-crit");
	warn = options_get_float("threshold.gpu-temp-warn");
	g = model_gpus(m, id, &n);
	noun = view_vendor_noun(n > 0 ? g->vendor : VENDOR_UNKNOWN);
	has = view_node_facts(m, id, s, sizeof s);
	view_node_layout(p->sx, has, &l);
	if ((y = view_node_line(p)) >= 0) {
		for (i = 0, x = 0; i < NC_NCOLS && x < p->sx; i++) {
			if (!l.on[i])
				continue;
			if (node_cols[i].width == 0) {
				snprintf(s, sizeof s, "%s, last %d",
				    node_cols[i].title, l.spark);
				if ((int)strlen(s) > l.width[i] ||
				    i != NC_SUTIL)
					snprintf(s, sizeof s, "%s",
					    node_cols[i].title);
			} else
				snprintf(s, sizeof s, "%s", i == NC_GPU ?
				    noun : node_cols[i].title);
			view_node_cell(w, y, x,
			    l.width[i] < p->sx - x ? l.width[i] :
			    p->sx - x, node_cols[i].right, colour(C_HEADER), s);
			x += l.width[i] + 1;
		}
	}
	for (k = 0; k < m->nodes[id].ngpus; k++) {
		if ((y = view_node_line(p)) < 0)
			continue;
		idx = m->nodes[id].gpu0 + k;
		g = &m->gpus[idx];
		plimit = (g->valid & BIT(GPU_PLIMIT)) && g->power_limit_w > 0 ?
		    g->power_limit_w : 700;
		for (i = 0, x = 0; i < NC_NCOLS && x < p->sx; i++) {
			if (!l.on[i])
				continue;
			s[0] = '\0';
			a = A_NORMAL;
			switch (i) {
			case NC_GPU:
				snprintf(s, sizeof s, "%u", k);
				a = A_BOLD;
				break;
			case NC_CARD:
				if (g->valid & BIT(GPU_CARD))
					snprintf(s, sizeof s, "%d/%d", g->card,
					    g->chip);
				break;
			case NC_MODEL:
				snprintf(s, sizeof s, "%s",
				    view_model_name(g));
				break;
			case NC_BUS:
				snprintf(s, sizeof s, "%s",
				    strncmp(g->bus_id, "0000", 4) == 0 &&
				    strlen(g->bus_id) > 12 ? g->bus_id + 4 :
				    g->bus_id);
				break;
			case NC_UTIL:
				if (!(g->valid & BIT(GPU_UTIL)))
					break;
				snprintf(s, sizeof s, "%.0f%%", g->util_pct);
				a = colour(colour_scale(g->util_pct / 100));
				break;
			case NC_MEM:
				if (!(g->valid & BIT(GPU_MEMUSED)) ||
				    !(g->valid & BIT(GPU_MEMTOTAL)))
					break;
				snprintf(s, sizeof s, "%.0f/%.0f",
				    g->mem_used_mib / 1024,
				    g->mem_total_mib / 1024);
				break;
			case NC_TEMP:
				if (!(g->valid & BIT(GPU_TEMP)))
					break;
				snprintf(s, sizeof s, "%.0fC%c", g->temp_c,
				    g->temp_c >= crit ? '!' :
				    g->temp_c >= warn ? '*' : ' ');
				a = g->temp_c >= crit ? colour(C_CRIT) :
				    g->temp_c >= warn ? colour(C_WARN) :
				    A_NORMAL;
				break;
			case NC_MEMTEMP:
				if (!(g->valid & BIT(GPU_MEMTEMP)))
					break;
				snprintf(s, sizeof s, "%.0fC ", g->memtemp_c);
				break;
			case NC_POWER:
				if (!(g->valid & BIT(GPU_POWER)))
					break;
				snprintf(s, sizeof s, "%.0fW", g->power_w);
				break;
			case NC_CLOCK:
				if (g->valid & BIT(GPU_SMCLK))
					snprintf(s, sizeof s, "%.0f",
					    g->sm_clock_mhz);
				break;
			case NC_PSTATE:
				if (g->valid & BIT(GPU_PSTATE))
					snprintf(s, sizeof s, "P%u", g->pstate);
				break;
			case NC_SUTIL:
				view_node_spark(m, w, y, x, l.width[i], idx,
				    HIST_UTIL, -7, 100);
				break;
			case NC_STEMP:
				view_node_spark(m, w, y, x, l.width[i], idx,
				    HIST_TEMP, 20, crit);
				break;
			case NC_SPOWER:
				view_node_spark(m, w, y, x, l.width[i], idx,
				    HIST_POWER, -plimit / 14, plimit);
				break;
			case NC_ECC:
				if (!(g->valid & BIT(GPU_ECC_DBE)))
					break;
				snprintf(s, sizeof s, "%llu%c",
				    (unsigned long long)g->ecc_dbe,
				    g->ecc_dbe > 0 ? '!' : ' ');
				a = g->ecc_dbe > 0 ? colour(C_CRIT) : A_NORMAL;
				break;
			case NC_XID:
				if (!(g->valid & BIT(GPU_XID)))
					break;
				snprintf(s, sizeof s, "%d", g->xid);
				a = colour(C_CRIT);
				break;
			case NC_PART:
				snprintf(s, sizeof s, "%s", g->partition);
				break;
			case NC_HEALTH:
				snprintf(s, sizeof s, "%s", g->health);
				a = strcasecmp(s, "OK") == 0 ? colour(C_OK) :
				    strcasecmp(s, "Warning") == 0 ?
				    colour(C_WARN) : colour(C_CRIT);
				break;
			case NC_STATUS:
				st = view_node_gpu_status(g, &a, t, sizeof t);
				snprintf(s, sizeof s, "%s", st);
				break;
			}
			if (node_cols[i].width != 0) {
				if (s[0] == '\0' && i != NC_STATUS) {
					snprintf(s, sizeof s, "%s",
					    node_cols[i].right ? "- " : "-");
					a = colour(C_DIM);
				}
				view_node_cell(w, y, x, l.width[i] < p->sx - x ?
				    l.width[i] : p->sx - x, node_cols[i].right,
				    a, s);
			}
			x += l.width[i] + 1;
		}
	}
}

/* One sensor as a cell: name, then the reading or state, marked. */
static void
view_node_sensor_cell(WINDOW *w, int y, int x, int nw, int vw,
    const struct sensor *sn)
{
	char	 v[64];
	int	 level = view_cooling_level(sn);
	attr_t	 a = level >= 2 ? colour(C_CRIT) : level == 1 ?
		    colour(C_WARN) : level < 0 ? colour(C_DIM) : A_NORMAL;

	draw_text(w, y, x, nw, level > 0 ? a : A_NORMAL, sn->name);
	if (sn->valid & BIT(SEN_READING))
		snprintf(v, sizeof v, "%.*f %s", sn->reading ==
		    (long)sn->reading ? 0 : 1, sn->reading,
		    view_cooling_unit(sn->unit));
	else if (level < 0)
		snprintf(v, sizeof v, "no reading");
	else if (sn->kind == SENSOR_LEAK)
		snprintf(v, sizeof v, "%s", level >= 2 ? "LEAK" : "no leak");
	else if (strcasecmp(sn->text, "Presence detected") == 0)
		snprintf(v, sizeof v, "present");
	else if (sn->text[0] != '\0')
		snprintf(v, sizeof v, "%s",
		    strncmp(sn->text, "State ", 6) == 0 ? sn->text + 6 :
		    sn->text);
	else
		snprintf(v, sizeof v, "%s", sn->status);
	if (vw > 1 && (int)strlen(v) > vw - 1) {
		v[vw - 2] = '~';	/* cut, as every cell is */
		v[vw - 1] = '\0';
	}
	snprintf(v + strlen(v), sizeof v - strlen(v), "%c",
	    level >= 2 ? '!' : level == 1 ? '*' : ' ');
	{
		char	 r[80];

		snprintf(r, sizeof r, "%*s", vw, v);
		draw_text(w, y, x + nw + 1, vw, a, r);
	}
}

static void
view_node_draw_sensors(struct ui *ui, struct node_pen *p, u_int id)
{
	const struct model	*m = ui->model;
	const struct node	*n = &m->nodes[id];
	const struct sensor	*base;
	char			 note[160];
	u_int			 k, pass, alarms = 0, col, percol, nsensors;
	int			 nw = 4, vw = 11, cw, y = -1, level;

	if (n->bmc_error[0] != '\0') {
		snprintf(note, sizeof note, "BMC not answering: %s",
		    n->bmc_error);
		view_node_title(p, "Sensors", colour(C_CRIT), note);
		return;
	}
	if (m->sensors == NULL || n->nsensors == 0) {
		view_node_title(p, "Sensors", colour(C_DIM), "not read yet");
		return;
	}
	base = model_sensors(m, id, &nsensors);
	for (k = 0; k < nsensors; k++) {
		if ((int)strlen(base[k].name) > nw)
			nw = strlen(base[k].name);
		if (view_cooling_level(&base[k]) > 0)
			alarms++;
	}
	if (nw > 16)
		nw = 16;
	snprintf(note, sizeof note, "%u read, %u out of bounds%s", n->nsensors,
	    alarms, alarms ? " (first)" : "");
	view_node_title(p, "Sensors", alarms ? colour(C_CRIT) : colour(C_DIM),
	    note);

	/* Cells of a name and a value; the alarms first. */
	cw = nw + 1 + vw + 2;
	percol = p->sx / cw > 0 ? p->sx / cw : 1;
	col = 0;
	for (pass = 0; pass < 2; pass++) {
		for (k = 0; k < n->nsensors; k++) {
			level = view_cooling_level(&base[k]);
			if ((pass == 0) != (level > 0))
				continue;
			if (col == 0)
				y = view_node_line(p);
			if (y >= 0)
				view_node_sensor_cell(p->w, y, col * cw, nw, vw,
				    &base[k]);
			col = (col + 1) % percol;
		}
	}
}

/* Whether any of node id's peer links was seen. */
static int
view_node_links_seen(const struct model *m, u_int id)
{
	u_int	 gpu, k;

	for (gpu = 0; gpu < m->nodes[id].ngpus; gpu++) {
		for (k = 0; k < m->links_per_gpu; k++) {
			if (model_nvlink(m, id, gpu, k)->state != LINK_UNKNOWN)
				return (1);
		}
	}
	return (0);
}

static void
view_node_draw_nvlinks(struct ui *ui, struct node_pen *p, u_int id)
{
	const struct model	*m = ui->model;
	const struct nvlink	*l;
	struct node_flow	 f;
	struct link_expect	 e;
	struct link_fabric	 fab;
	const struct gpu	*g;
	const char		*noun;
	char			 s[300], down[256];
	u_int			 gpu, k, up, known, expect, n, ndown = 0;
	int			 len = 0;

	if (m->nodes[id].gpus_none)	/* no accelerators, no links */
		return;
	if (m->nvlinks == NULL) {
		view_node_title(p, "NVLink", colour(C_DIM), "not read yet");
		return;
	}
	links_expect(&e);
	links_fabric(m, id, &e, &fab);
	expect = fab.links;
	if (expect == 0 && !view_node_links_seen(m, id)) {
		view_node_title(p, fab.name, colour(C_DIM),
		    "none seen, none expected");
		return;
	}
	g = view_node_accel(m, id, &n);
	noun = view_vendor_noun(g != NULL ? g->vendor : VENDOR_UNKNOWN);
	down[0] = '\0';
	view_node_flow_start(&f, p, 0);
	snprintf(s, sizeof s, "%s up", fab.name);
	view_node_flow(&f, colour(C_HEADER), s);
	for (gpu = 0; gpu < m->nodes[id].ngpus; gpu++) {
		up = known = 0;
		for (k = 0; k < m->links_per_gpu; k++) {
			l = model_nvlink(m, id, gpu, k);
			if (l->state == LINK_UNKNOWN)
				continue;
			known++;
			if (l->state == LINK_UP)
				up++;
			else if (len >= 0 && (size_t)len < sizeof down) {
				len += snprintf(down + len, sizeof down - len,
				    "%s%u:%u", ndown ? " " : "", gpu, k);
				ndown++;
			}
		}
		if (known == 0 && expect == 0)	/* none seen nor expected */
			continue;
		if (known == 0)
			snprintf(s, sizeof s, "%s%u ?", noun, gpu);
		else if (expect == 0)	/* none expected: those up */
			snprintf(s, sizeof s, "%s%u %u", noun, gpu, up);
		else
			snprintf(s, sizeof s, "%s%u %u/%u%s", noun, gpu, up,
			    expect, up < expect ? "!" : "");
		view_node_flow(&f, known == 0 ? colour(C_DIM) : up < expect ?
		    colour(C_CRIT) : colour(C_OK), s);
	}
	if (ndown > 0) {
		snprintf(s, sizeof s, "down %s:link %s", noun, down);
		view_node_flow(&f, colour(C_CRIT), s);
	}
}

/*
 * The node's ports, InfiniBand then RoCE (an Ethernet link layer: an
 * Ascend NPU's, or a NIC's), each under its own heading; a rate the tool
 * does not say is '-'.
 */
static void
view_node_draw_ibports(struct ui *ui, struct node_pen *p, u_int id)
{
	static const char	*titles[] = { "InfiniBand", "RoCE" };
	const struct model	*m = ui->model;
	const struct node	*n = &m->nodes[id];
	const struct ibport	*ports, *q;
	struct node_flow	 f;
	char			 s[128], r[16];
	float			 rate;
	u_int			 k, nib, roce, shown;
	int			 bad;

	if (m->ibports == NULL || n->nib == 0) {
		view_node_title(p, "InfiniBand", colour(C_DIM),
		    m->ibports == NULL ?
		    "not read yet" : "no ports read");
		return;
	}
	rate = options_get_float("links.ib-rate");
	ports = model_ibports(m, id, &nib);
	for (roce = 0; roce < nitems(titles); roce++) {
		shown = 0;
		for (k = 0; k < nib; k++) {
			q = &ports[k];
			if ((strcasecmp(q->link_layer, "Ethernet") == 0) !=
			    (int)roce)
				continue;
			if (shown++ == 0) {
				view_node_flow_start(&f, p, 0);
				view_node_flow(&f, colour(C_HEADER),
				    titles[roce]);
			}
			bad = q->state != LINK_UP || q->phys != LINK_UP;
			if (q->valid & BIT(IB_RATE))
				snprintf(r, sizeof r, "%.0f", q->rate_gbps);
			else
				snprintf(r, sizeof r, "-");
			snprintf(s, sizeof s, "%s/%d %s %s %s%s", q->device,
			    q->port, q->state_str[0] ? q->state_str :
			    field_enum_name(FT_LINK, q->state),
			    q->phys_str[0] ? q->phys_str :
			    field_enum_name(FT_LINK, q->phys), r,
			    bad ? "!" : (q->valid & BIT(IB_RATE)) &&
			    q->rate_gbps < rate ? "*" : "");
			view_node_flow(&f,
			    bad ? colour(C_CRIT) : (q->valid & BIT(IB_RATE))
			    && q->rate_gbps < rate ? colour(C_WARN) : A_NORMAL,
			    s);
		}
	}
	if ((long)n->nib < options_get_int("links.ib-ports")) {
		snprintf(s, sizeof s, "%ld ports missing!",
		    options_get_int("links.ib-ports") - n->nib);
		view_node_flow(&f, colour(C_CRIT), s);
	}
}

static const char *
view_node_event_kind(enum event_kind k)
{
	static const char	*names[] = {
		[EV_XID] = "Xid", [EV_ECC] = "ECC", [EV_LINK] = "link",
		[EV_STATE] = "state", [EV_REACH] = "reach",
		[EV_SENSOR] = "sensor", [EV_ACTION] = "action",
		[EV_HEALTH] = "health",
	};

	if ((size_t)k < nitems(names) && names[k] != NULL)
		return (names[k]);
	return ("?");
}

static void
view_node_draw_events(struct ui *ui, struct node_pen *p, u_int id)
{
	const struct model	*m = ui->model;
	const struct event	*e;
	char			 s[64], when[32];
	struct tm		 tm;
	time_t			 t;
	u_int			 i, shown = 0, max = 50;
	int			 y, x;

	view_node_title(p, "Events", colour(C_DIM), "newest first");
	for (i = 0; (e = model_event_get(m, i)) != NULL && shown < max; i++) {
		if (e->node != id)
			continue;
		shown++;
		if ((y = view_node_line(p)) < 0)
			continue;
		t = (time_t)e->time;
		localtime_r(&t, &tm);
		strftime(when, sizeof when, p->sx >= 120 ? "%Y-%m-%d %H:%M:%S" :
		    "%m-%d %H:%M:%S", &tm);
		snprintf(s, sizeof s, "%s  %-6s", when,
		    view_node_event_kind(e->kind));
		draw_text(p->w, y, 0, p->sx, colour(C_DIM), s);
		x = strlen(s) + 1;
		draw_text(p->w, y, x, p->sx - x, e->kind == EV_XID ||
		    e->kind == EV_ECC || e->kind == EV_REACH ? colour(C_CRIT) :
		    e->kind == EV_LINK ? colour(C_WARN) : A_NORMAL, e->text);
	}
	if (shown == 0 && (y = view_node_line(p)) >= 0)
		draw_text(p->w, y, 0, p->sx, colour(C_DIM), "none");
}

/*
 * The node's scale-up domain: its name, kind, verdict and why; for a
 * domain of more than a node, each of its nodes (an NVL72 rack's trays)
 * with its state's letter, its GPUs read of those expected and its GPUs'
 * fabric states, this node's underlined.
 */
static void
view_node_draw_domain(struct ui *ui, struct node_pen *p, u_int id)
{
	static const enum colour verdicts[] = {
		[SU_HEALTHY] = C_OK, [SU_DEGRADED] = C_WARN,
		[SU_BROKEN] = C_CRIT, [SU_UNKNOWN] = C_DIM,
	};
	const struct model	*m = ui->model;
	const struct scaleup	*d;
	const struct node_look	*look;
	const struct gpu	*g;
	struct node_flow	 f;
	char			 s[400], fab[64];
	u_int			 k, i, ng, want, present, states[SUF_NSTATES];
	uint32_t		 t;

	scaleup_update(ui->model);
	if (m->nodes[id].scaleup >= m->nscaleups)
		return;
	d = &m->scaleups[m->nodes[id].scaleup];
	snprintf(s, sizeof s, "%s  %s  %s%s%.*s", d->name, d->kind,
	    scaleup_verdict_name(d->verdict), d->why[0] != '\0' ? ": " : "",
	    (int)sizeof s / 2, d->why);
	view_node_title(p, "Domain", colour(verdicts[d->verdict]), s);
	if (d->nnodes < 2)
		return;
	view_node_flow_start(&f, p, 0);
	for (k = 0; k < d->nnodes; k++) {
		t = m->scaleupnodes[d->first + k];
		look = view_node_look(m, t);
		model_gpus_missing(m, t, &want);
		g = model_gpus(m, t, &ng);
		memset(states, 0, sizeof states);
		for (i = present = 0; i < ng; i++) {
			if (g[i].valid == 0 || g[i].error[0] != '\0')
				continue;
			present++;
			states[scaleup_fabric_of(&g[i])]++;
		}
		snprintf(s, sizeof s, "%s %c %u/%u %s", m->nodes[t].name,
		    look->letter, present, want, present > 0 ?
		    field_fabric(states, 0, fab, sizeof fab) : "-");
		view_node_flow(&f, colour(look->colour) |
		    (t == id ? A_UNDERLINE : 0), s);
	}
	view_node_flow(&f, colour(C_DIM), "state, GPUs read/expected, "
	    "fabric: C completed P in progress F failed U unknown");
}

/* The content under the header; with no rows, only counts its lines. */
static int
view_node_draw_content(struct ui *ui, WINDOW *w, u_int id, int y0, int rows,
    int top, int sx)
{
	struct node_pen	 pen;

	memset(&pen, 0, sizeof pen);
	pen.w = w;
	pen.sx = sx;
	pen.y0 = y0;
	pen.rows = rows;
	pen.top = top;
	view_node_draw_gpus(ui, &pen, id);
	view_node_draw_domain(ui, &pen, id);
	view_node_draw_sensors(ui, &pen, id);
	view_node_draw_nvlinks(ui, &pen, id);
	view_node_draw_ibports(ui, &pen, id);
	view_node_draw_events(ui, &pen, id);
	return (pen.line);
}

void
view_node_draw(struct ui *ui, WINDOW *w)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_NODE];
	struct node_scroll	*ns = view_node_scroll(ui);
	int			 sx, sy, head, id = ui->node, rows, y;

	getmaxyx(w, sy, sx);
	werase(w);
	if (m->nnodes == 0) {
		draw_text(w, 0, 0, sx, colour(C_DIM), "no nodes");
		return;
	}
	if (id < 0 || (u_int)id >= m->nnodes)
		id = ui->node = 0;
	vs->rebuild = 0;
	/* Another node opened from another view starts at its top. */
	if (id + 1 != ns->shown)
		vs->top = 0;
	ns->shown = id + 1;

	/* How long the content is decides what up and down do. */
	ns->lines = view_node_draw_content(ui, w, id, 0, 0, 0, sx);
	head = view_node_draw_header(ui, w, id, sy > 8 ? 4 : 2, sx, 1);
	if (ns->lines <= sy - head - 1) {
		for (y = 0; y < head; y++) {
			wmove(w, y, 0);
			wclrtoeol(w);
		}
		head = view_node_draw_header(ui, w, id, sy > 8 ? 4 : 2, sx, 0);
	}
	for (y = 0; y < sx; y++)
		draw_cell(w, head, y, draw_is_utf8() ? "\u2500" : "-",
		    colour(C_DIM));
	head++;

	rows = sy - head > 1 ? sy - head : 1;
	vs->height = rows;
	if (vs->top > ns->lines - rows)
		vs->top = ns->lines - rows;
	if (vs->top < 0)
		vs->top = 0;
	view_node_draw_content(ui, w, id, head, rows, vs->top, sx);
	if (vs->top + rows < ns->lines)
		draw_text(w, sy - 1, sx - 8, 8, colour(C_DIM) | A_REVERSE,
		    draw_is_utf8() ? " more \u2193" : " more v");
}

/*
 * Left and right step to the previous and next node; up and down scroll
 * when the node does not fit the window, else they step too.
 */
void
view_node_move(struct ui *ui, int dx, int dy)
{
	struct view_state	*vs = &ui->vs[VIEW_NODE];
	const struct node_scroll *ns = view_node_scroll(ui);
	const struct model	*m = ui->model;
	long			 id = ui->node, top;
	int			 step = 0;

	if (m->nnodes == 0)
		return;
	if (dx != 0)
		step = dx <= -UI_MOVE_END ? -(int)m->nnodes :
		    dx >= UI_MOVE_END ? (int)m->nnodes : dx;
	else if (dy != 0 && ns->lines > vs->height) {
		top = (long)vs->top + dy;
		if (top > ns->lines - vs->height)
			top = ns->lines - vs->height;
		if (top < 0)
			top = 0;
		vs->top = top;
		return;
	} else if (dy == -1 || dy == 1)
		step = dy;
	if (step == 0)
		return;
	id += step;
	if (id < 0)
		id = 0;
	if (id >= (long)m->nnodes)
		id = m->nnodes - 1;
	if (id != ui->node) {
		ui->node = id;
		vs->top = 0;
	}
}

/* The node on show: what a command acts on here. */
int
view_node_node(struct ui *ui)
{
	return (ui->node >= 0 && (u_int)ui->node < ui->model->nnodes ?
	    ui->node : -1);
}
