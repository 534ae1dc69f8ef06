/*
 * myriad - the cooling view: one row a rack, from its nodes' BMC sensors.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Inlet and exhaust air, fans, PSU power, the coolant loop, leaks and the
 * BMCs that do not answer.  Every value carries the level of the sensor it
 * came from: the BMC's own status or its thresholds, whichever is worse.
 * A critical value is marked '!' and a warning '*', besides their colour.
 * The rows are built in one pass over the sensors when the model changes.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

/* What the cluster as a whole looks like, for the line on top. */
struct cool_sum {
	u_int		 crit;		/* racks with an alarm */
	u_int		 warn;		/* racks with warnings */
	u_int		 lowflow;	/* racks with coolant flow low */
	u_int		 leaks;		/* racks with a leak */
	int		 leakrack;	/* the first of them */
	u_int		 nobmc;		/* nodes */
	u_int		 read;		/* nodes with sensors */
	float		 hot;		/* the hottest inlet */
	int		 hotrack;
	int		 hotnode;
	int		 coolant;	/* any coolant sensor at all */
	int		 pressure;	/* any pressure sensor */
};

enum cool_what {
	CW_NONE,
	CW_INLET,
	CW_OUTLET,
	CW_SUPPLY,
	CW_RETURN,
	CW_FLOW,
	CW_PRESS,
	CW_LEAK,
	CW_FAN,
	CW_PSU,			/* a power supply's input power */
	CW_TOTAL,		/* the node's total power */
};

/* The columns, in the order drawn; the lowest priorities fit first. */
enum cool_col {
	CC_RACK,
	CC_INLET,
	CC_OUTLET,
	CC_FANS,
	CC_FANMIN,
	CC_POWER,
	CC_SUPPLY,
	CC_RETURN,
	CC_FLOW,
	CC_PRESS,
	CC_LEAK,
	CC_NOBMC,
	CC_READ,
	CC_ALARMS,
	CC_WORST,
	CC_NCOLS
};
/* Each column is a key of the "rack" records, its title theirs. */
static const struct {
	const char	*key;
	int		 width;
	int		 prio;
} cool_cols[CC_NCOLS] = {
	[CC_RACK] = { "rack", 4, 0 },
	[CC_INLET] = { "inlet", 5, 0 },
	[CC_OUTLET] = { "exhaust", 7, 1 },
	[CC_FANS] = { "fans", 7, 0 },
	[CC_FANMIN] = { "min_rpm", 7, 3 },
	[CC_POWER] = { "kw", 6, 1 },
	[CC_SUPPLY] = { "supply", 6, 1 },
	[CC_RETURN] = { "return", 6, 3 },
	[CC_FLOW] = { "flow", 6, 1 },
	[CC_PRESS] = { "press", 6, 3 },
	[CC_LEAK] = { "leak", 5, 0 },
	[CC_NOBMC] = { "no_bmc", 6, 1 },
	[CC_READ] = { "read", 5, 4 },
	[CC_ALARMS] = { "alarms", 6, 4 },
	[CC_WORST] = { "worst", 14, 2 },
};
struct cool_layout {
	int		 on[CC_NCOLS];
	int		 width[CC_NCOLS];
	int		 gap;
};

static const struct cool_val cool_none = { NAN, 0 };

/* The rows and what they sum to: the view's own, in its view_state. */
struct cool_state {
	struct cool_rack	*racks;
	u_int			 nracks;
	struct cool_sum		 sum;
	char			 flow_unit[16];
	char			 press_unit[16];
};

static struct cool_state *
view_cooling_state(struct ui *ui)
{
	return (view_data(ui, VIEW_COOLING, sizeof (struct cool_state)));
}

void
view_cooling_free(void *data)
{
	struct cool_state	*st = data;

	if (st == NULL)
		return;
	free(st->racks);
	free(st);
}

/* A short form of an ipmitool unit: "degrees C" is C, "Watts" is W. */
const char *
view_cooling_unit(const char *unit)
{
	static const struct {
		const char	*long_;
		const char	*short_;
	} units[] = {
		{ "degrees C", "C" }, { "degrees F", "F" },
		{ "degrees K", "K" },
		{ "Watts", "W" }, { "Volts", "V" }, { "Amps", "A" },
		{ "RPM", "RPM" }, { "liters/min", "l/min" },
		{ "litres/min", "l/min" }, { "percent", "%" },
	};
	size_t	 i;

	for (i = 0; i < nitems(units); i++) {
		if (strncasecmp(unit, units[i].long_, strlen(units[i].long_))
		    == 0 || strcasecmp(unit, units[i].long_) == 0)
			return (units[i].short_);
	}
	/* ipmitool cuts "liters/minute" to fit its column. */
	if (strncasecmp(unit, "liters/m", 8) == 0)
		return ("l/min");
	return (unit);
}

/* Whether a leak sensor says there is a leak. */
static int
view_cooling_leaking(const struct sensor *s)
{
	const char	*t = s->text;

	if (strcasestr(t, "deasserted") != NULL ||
	    strcasestr(t, "not detected") != NULL ||
	    strcasestr(t, "no leak") != NULL)
		return (0);
	return (strcasestr(t, "asserted") != NULL ||
	    strcasestr(t, "detected") != NULL);
}

/*
 * A sensor's level: -1 no reading, 0 ok, 1 non-critical, 2 critical or
 * non-recoverable.  The worse of the BMC's status and the thresholds.
 */
int
view_cooling_level(const struct sensor *s)
{
	const char	*st = s->status, *t = s->text;
	float		 v = s->reading;
	int		 level = 0;

	if (strstr(st, "nr") != NULL || strstr(st, "cr") != NULL)
		level = 2;
	else if (strstr(st, "nc") != NULL)
		level = 1;
	if (s->valid & BIT(SEN_READING)) {
		if (((s->valid & BIT(SEN_UNR)) && v >= s->unr) ||
		    ((s->valid & BIT(SEN_UCR)) && v >= s->ucr) ||
		    ((s->valid & BIT(SEN_LNR)) && v <= s->lnr) ||
		    ((s->valid & BIT(SEN_LCR)) && v <= s->lcr))
			level = 2;
		else if (level < 1 &&
		    (((s->valid & BIT(SEN_UNC)) && v >= s->unc) ||
		    ((s->valid & BIT(SEN_LNC)) && v <= s->lnc)))
			level = 1;
	}
	if (s->kind == SENSOR_LEAK && view_cooling_leaking(s))
		level = 2;
	if (s->kind == SENSOR_PSU && (strcasestr(t, "fail") != NULL ||
	    strcasestr(t, "lost") != NULL || strcasestr(t, "absent") != NULL))
		level = level > 1 ? level : 2;
	if (level == 0 && !(s->valid & BIT(SEN_READING)) &&
	    (strcmp(st, "ns") == 0 || strcasestr(t, "no reading") != NULL))
		return (-1);
	return (level);
}

static enum cool_what
view_cooling_classify(const struct sensor *s)
{
	const char	*n = s->name;
	int		 coolant;

	coolant = strcasestr(n, "coolant") != NULL ||
	    strcasestr(n, "liquid") != NULL || strcasestr(n, "water") != NULL ||
	    ((strcasestr(n, "supply") != NULL ||
	    strcasestr(n, "return") != NULL) && strcasestr(n, "power") == NULL
	    && strncasecmp(n, "ps", 2) != 0);
	switch (s->kind) {
	case SENSOR_TEMP:
		if (coolant) {
			if (strcasestr(n, "return") != NULL ||
			    strcasestr(n, "out") != NULL)
				return (CW_RETURN);
			return (CW_SUPPLY);
		}
		if (strcasestr(n, "inlet") != NULL)
			return (CW_INLET);
		if (strcasestr(n, "outlet") != NULL ||
		    strcasestr(n, "exhaust") != NULL)
			return (CW_OUTLET);
		return (CW_NONE);
	case SENSOR_FLOW:
		/* Air flow in CFM is not the coolant's. */
		if (!coolant && strcasecmp(s->unit, "CFM") == 0)
			return (CW_NONE);
		return (CW_FLOW);
	case SENSOR_PRESSURE:
		return (CW_PRESS);
	case SENSOR_LEAK:
		return (CW_LEAK);
	case SENSOR_FAN:
		return (CW_FAN);
	case SENSOR_POWER:
		if (strcasestr(n, "total") != NULL ||
		    strcasestr(n, "system") != NULL ||
		    strcasestr(n, "node") != NULL)
			return (CW_TOTAL);
		return (CW_PSU);
	default:
		return (CW_NONE);
	}
}

/* Fold a reading into a value: the highest, or the lowest with `low'. */
static void
view_cooling_merge(struct cool_val *cv, const struct sensor *s, int level,
    int low)
{
	float	 v = s->reading;

	if (level > cv->level)
		cv->level = level;
	if (!(s->valid & BIT(SEN_READING)))
		return;
	if (isnan(cv->v) || (low ? v < cv->v : v > cv->v))
		cv->v = v;
}

static void
view_cooling_raise(struct cool_val *cv, int level)
{
	if (level > cv->level)
		cv->level = level;
}

static void
view_cooling_rack_init(struct cool_rack *cr)
{
	memset(cr, 0, sizeof *cr);
	cr->inlet.v = cr->outlet.v = cr->fanmin.v = cr->power.v = NAN;
	cr->supply.v = cr->ret.v = cr->flow.v = cr->press.v = NAN;
	cr->hot = -1;
}

/* Keep the rack's worst alarms, the worst first, the first seen first. */
static void
view_cooling_worst(struct cool_rack *cr, u_int id, u_int k, int level)
{
	u_int	 i;

	if (cr->nworst == COOL_WORST &&
	    level <= cr->worstl[COOL_WORST - 1])
		return;
	if (cr->nworst < COOL_WORST)
		cr->nworst++;
	for (i = cr->nworst - 1; i > 0 && cr->worstl[i - 1] < level; i--) {
		cr->worst[i] = cr->worst[i - 1];
		cr->worstk[i] = cr->worstk[i - 1];
		cr->worstl[i] = cr->worstl[i - 1];
	}
	cr->worst[i] = id;
	cr->worstk[i] = k;
	cr->worstl[i] = level;
}

/* One node's sensors into its rack's row. */
static void
view_cooling_add_node(const struct model *m, struct cool_state *st, u_int id,
    struct cool_rack *cr)
{
	const struct node	*n = &m->nodes[id];
	const struct sensor	*s;
	float			 psu = 0, total = 0, before;
	int			 level, anypsu = 0, anytotal = 0;
	u_int			 k, nsensors;

	if (n->bmc_error[0] != '\0') {
		cr->nobmc.v++;
		cr->nobmc.level = 1;
		if (cr->level < 1)
			cr->level = 1;
	}
	if (m->sensors == NULL || n->nsensors == 0)
		return;
	cr->read++;
	s = model_sensors(m, id, &nsensors);
	for (k = 0; k < nsensors; k++, s++) {
		level = view_cooling_level(s);
		if (level > 0) {
			cr->alarms.v++;
			view_cooling_raise(&cr->alarms, level);
			view_cooling_worst(cr, id, k, level);
			if (level > cr->level)
				cr->level = level;
		}
		switch (view_cooling_classify(s)) {
		case CW_INLET:
			before = cr->inlet.v;
			view_cooling_merge(&cr->inlet, s, level, 0);
			if (cr->inlet.v != before && !isnan(cr->inlet.v))
				cr->hot = id;
			break;
		case CW_OUTLET:
			view_cooling_merge(&cr->outlet, s, level, 0);
			break;
		case CW_SUPPLY:
			view_cooling_merge(&cr->supply, s, level, 0);
			st->sum.coolant = 1;
			break;
		case CW_RETURN:
			view_cooling_merge(&cr->ret, s, level, 0);
			st->sum.coolant = 1;
			break;
		case CW_FLOW:
			view_cooling_merge(&cr->flow, s, level, 1);
			st->sum.coolant = 1;
			if (st->flow_unit[0] == '\0')
				strlcpy(st->flow_unit,
				    view_cooling_unit(s->unit),
				    sizeof st->flow_unit);
			break;
		case CW_PRESS:
			view_cooling_merge(&cr->press, s, level, 1);
			st->sum.pressure = 1;
			if (st->press_unit[0] == '\0')
				strlcpy(st->press_unit,
				    view_cooling_unit(s->unit),
				    sizeof st->press_unit);
			break;
		case CW_LEAK:
			cr->nleak++;
			st->sum.coolant = 1;
			if (level >= 2) {
				cr->leak.v++;
				cr->leak.level = 2;
			}
			break;
		case CW_FAN:
			cr->nfans++;
			if (level == 0)
				cr->fans.v++;
			view_cooling_raise(&cr->fans, level < 0 ? 1 : level);
			view_cooling_merge(&cr->fanmin, s, level, 1);
			break;
		case CW_PSU:
		case CW_TOTAL:
			view_cooling_raise(&cr->power, level);
			if (!(s->valid & BIT(SEN_READING)))
				break;
			if (view_cooling_classify(s) == CW_PSU) {
				psu += s->reading;
				anypsu = 1;
			} else {
				total += s->reading;
				anytotal = 1;
			}
			break;
		case CW_NONE:
			break;
		}
	}
	/* The supplies' inputs, or the total when there are none. */
	if (anypsu || anytotal) {
		if (isnan(cr->power.v))
			cr->power.v = 0;
		cr->power.v += (anypsu ? psu : total) / 1000;
	}
}

/* A sensor as text: node, name, reading and status, less when short. */
static void
view_cooling_sensor_text(const struct model *m, const struct sensor *s,
    int less,
    char *text, size_t len)
{
	int	 n;

	n = snprintf(text, len, "%s %s", m->nodes[s->node].name, s->name);
	if (less >= 2 || n < 0 || (size_t)n >= len)
		return;
	if (s->valid & BIT(SEN_READING))
		n += snprintf(text + n, len - n, " %.0f%s%s", s->reading,
		    less ? "" : " ", less ? "" : view_cooling_unit(s->unit));
	else if (s->text[0] != '\0' && !less)
		n += snprintf(text + n, len - n, " %s", s->text);
	if (!less && n >= 0 && (size_t)n < len)
		snprintf(text + n, len - n, " (%s)", s->status);
}

/* The rack's worst sensors in words, for the filter: "FAN5 0 RPM". */
static void
view_cooling_words(const struct model *m, struct cool_rack *cr)
{
	const struct sensor	*s;
	char			 text[160];
	u_int			 i, nsensors;
	size_t			 len = 0;

	cr->text[0] = '\0';
	for (i = 0; i < cr->nworst && len < sizeof cr->text; i++) {
		s = model_sensors(m, cr->worst[i], &nsensors);
		if ((u_int)cr->worstk[i] >= nsensors)
			continue;
		view_cooling_sensor_text(m, s + cr->worstk[i], 0, text,
		    sizeof text);
		len += snprintf(cr->text + len, sizeof cr->text - len,
		    "%s%s", len > 0 ? "; " : "", text);
	}
}

static void
view_cooling_build(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_COOLING];
	struct cool_state	*st = view_cooling_state(ui);
	struct cool_sum		*cs = &st->sum;
	struct cool_rack	*cr;
	u_int			 r, id;

	if (st->nracks != m->nracks) {
		free(st->racks);
		st->nracks = m->nracks;
		st->racks = xcalloc(st->nracks ? st->nracks : 1,
		    sizeof *st->racks);
	}
	memset(cs, 0, sizeof *cs);
	cs->hot = NAN;
	cs->hotrack = cs->hotnode = cs->leakrack = -1;
	for (r = 0; r < m->nracks; r++) {
		cr = &st->racks[r];
		view_cooling_rack_init(cr);
		cr->rack = r;
		for (id = m->racks[r].first;
		    id < m->racks[r].first + m->racks[r].count; id++)
			view_cooling_add_node(m, st, id, cr);
		view_cooling_words(m, cr);
		cs->read += cr->read;
		cs->nobmc += cr->nobmc.v;
		if (cr->level >= 2)
			cs->crit++;
		else if (cr->level == 1)
			cs->warn++;
		if (cr->flow.level > 0)
			cs->lowflow++;
		if (cr->leak.v > 0 && cs->leaks++ == 0)
			cs->leakrack = r;
		if (!isnan(cr->inlet.v) && (isnan(cs->hot) ||
		    cr->inlet.v > cs->hot)) {
			cs->hot = cr->inlet.v;
			cs->hotrack = r;
			cs->hotnode = cr->hot;
		}
	}
	table_build(ui, record_find("rack"), st->racks, sizeof *st->racks,
	    st->nracks);
	vs->built = m->gen[DOM_SENSORS] + m->gen[DOM_NODES];
}

/*
 * Whether the rows are out of date: the sensors, or the filter or sort,
 * changed.
 */
static int
view_cooling_stale(struct ui *ui)
{
	const struct model	*m = ui->model;
	struct view_state	*vs = &ui->vs[VIEW_COOLING];
	const struct cool_state	*st = view_cooling_state(ui);

	if (vs->rows == NULL || st->racks == NULL || st->nracks != m->nracks ||
	    vs->reorder)
		return (1);
	if (!vs->rebuild)
		return (0);
	if (vs->built != m->gen[DOM_SENSORS] + m->gen[DOM_NODES])
		return (1);
	vs->rebuild = 0;
	return (0);
}

/* A value, right-aligned, with its mark: '!' critical, '*' warning. */
static void
view_cooling_cell(WINDOW *w, int y, int x, int width, const struct cool_val *cv,
    int prec, attr_t base, int cursor)
{
	char	 s[32];
	attr_t	 a = base;

	if (width <= 0)
		return;
	if (isnan(cv->v)) {
		snprintf(s, sizeof s, "%*s", width, "- ");
		a = cursor ? base : colour(C_DIM);
	} else {
		snprintf(s, sizeof s, "%*.*f%c", width - 1, prec, cv->v,
		    cv->level >= 2 ? '!' : cv->level == 1 ? '*' : ' ');
		if (!cursor && cv->level >= 2)
			a = colour(C_CRIT);
		else if (!cursor && cv->level == 1)
			a = colour(C_WARN);
	}
	draw_text(w, y, x, width, a, s);
}

/* Text in a cell, with a level for its colour and mark. */
static void
view_cooling_text(WINDOW *w, int y, int x, int width, const char *text,
    int level,
    int right, attr_t base, int cursor)
{
	char	 s[256];
	attr_t	 a = base;

	if (width <= 0)
		return;
	snprintf(s, sizeof s, right ? "%*s%c" : "%-*s%c", right ? width - 1 :
	    0, text, level >= 2 ? '!' : level == 1 ? '*' : ' ');
	if (!cursor && level >= 2)
		a = colour(C_CRIT);
	else if (!cursor && level == 1)
		a = colour(C_WARN);
	draw_text(w, y, x, width, a, s);
}

/*
 * Which columns fit `sx', the sort's always; the worst sensors take what
 * is left.
 */
static void
view_cooling_layout(const struct model *m, const struct cool_sum *cs,
    const struct field *sort, int sx, struct cool_layout *l)
{
	int	 i, prio, used = 0, n = 0, left;
	size_t	 len;
	u_int	 r;

	for (i = 0; i < CC_NCOLS; i++) {
		l->width[i] = cool_cols[i].width;
		/* The sort's title, with its arrow and a blank after. */
		if (sort != NULL && strcmp(sort->name, cool_cols[i].key) == 0 &&
		    l->width[i] <= (int)strlen(sort->title))
			l->width[i] = strlen(sort->title) + 1;
	}
	for (r = 0; r < m->nracks; r++) {
		len = strlen(m->racks[r].name);
		if ((int)len > l->width[CC_RACK])
			l->width[CC_RACK] = len > 16 ? 16 : len;
	}
	for (prio = 4; prio >= 0; prio--) {
		used = n = 0;
		for (i = 0; i < CC_NCOLS; i++) {
			l->on[i] = cool_cols[i].prio <= prio || (sort != NULL &&
			    strcmp(sort->name, cool_cols[i].key) == 0);
			if (!cs->coolant && (i == CC_SUPPLY ||
			    i == CC_RETURN || i == CC_FLOW || i == CC_LEAK))
				l->on[i] = 0;
			if (!cs->pressure && i == CC_PRESS)
				l->on[i] = 0;
			if (l->on[i]) {
				used += l->width[i] + 1;
				n++;
			}
		}
		if (used <= sx || prio == 0)
			break;
	}
	/* Room to spare spreads the columns, up to three spaces apart. */
	left = sx - used;
	l->gap = 1;
	if (n > 1 && left > 60)
		l->gap = left - 60 > 2 * (n - 1) ? 3 : 2;
	if (l->on[CC_WORST])
		l->width[CC_WORST] += sx - used - (l->gap - 1) * (n - 1);
}

/* The rack's worst sensors, as many as fit. */
static void
view_cooling_draw_worst(const struct model *m, WINDOW *w, int y, int x,
    int width,
    const struct cool_rack *cr, attr_t base, int cursor)
{
	const struct sensor	*s;
	char			 text[160];
	u_int			 i, shown = 0, nsensors;
	int			 less, end = x + width;

	for (i = 0; i < cr->nworst; i++) {
		s = model_sensors(m, cr->worst[i], &nsensors);
		if ((u_int)cr->worstk[i] >= nsensors)
			continue;
		s += cr->worstk[i];
		for (less = 0; less < 3; less++) {
			view_cooling_sensor_text(m, s, less, text, sizeof text);
			if (x + (shown ? 2 : 0) + (int)strlen(text) <= end)
				break;
		}
		/* Past the first, only what fits whole, with room for more. */
		if (shown > 0 && (less > 0 ||
		    x + 2 + (int)strlen(text) + 10 > end))
			break;
		if (shown > 0) {
			draw_text(w, y, x, end - x, base, "; ");
			x += 2;
		}
		draw_text(w, y, x, end - x, cursor ? base : cr->worstl[i] >= 2 ?
		    colour(C_CRIT) : colour(C_WARN), text);
		x += strlen(text);
		shown++;
	}
	if (shown < cr->alarms.v && x + 10 <= end) {
		snprintf(text, sizeof text, " +%.0f more",
		    cr->alarms.v - shown);
		draw_text(w, y, x, end - x, cursor ? base : colour(C_DIM),
		    text);
	} else if (shown == 0 && cr->nobmc.v > 0)
		draw_text(w, y, x, end - x, cursor ? base : colour(C_WARN),
		    "BMC not answering");
	else if (shown == 0)
		draw_text(w, y, x, end - x, cursor ? base : colour(C_DIM),
		    cr->read > 0 ? "-" : "not read");
}

static void
view_cooling_draw_row(struct ui *ui, WINDOW *w, int y, u_int rack,
    const struct cool_layout *l, int cursor, int sx)
{
	const struct model	*m = ui->model;
	const struct cool_rack	*cr = &view_cooling_state(ui)->racks[rack];
	const struct rack	*r = &m->racks[rack];
	attr_t			 base = cursor ? A_REVERSE : A_NORMAL;
	char			 s[64];
	u_int			 id, marked = 0;
	int			 i, x = 0, wd;

	for (id = r->first; id < r->first + r->count; id++)
		marked += ui->marks[id];
	if (marked && !cursor)
		base = colour(C_MARK);
	wattrset(w, base);
	mvwhline(w, y, 0, ' ', sx);
	for (i = 0; i < CC_NCOLS && x < sx; i++) {
		if (!l->on[i])
			continue;
		wd = l->width[i] < sx - x ? l->width[i] : sx - x;
		switch (i) {
		case CC_RACK:
			draw_text(w, y, x, wd, cursor || marked ? base :
			    cr->level >= 2 ? colour(C_CRIT) : cr->level == 1 ?
			    colour(C_WARN) : A_NORMAL, r->name);
			break;
		case CC_INLET:
			view_cooling_cell(w, y, x, wd, &cr->inlet, 0, base,
			    cursor);
			break;
		case CC_OUTLET:
			view_cooling_cell(w, y, x, wd, &cr->outlet, 0, base,
			    cursor);
			break;
		case CC_FANS:
			if (cr->nfans == 0) {
				view_cooling_cell(w, y, x, wd, &cool_none, 0,
				    base,
				    cursor);
				break;
			}
			snprintf(s, sizeof s, "%.0f/%u", cr->fans.v, cr->nfans);
			view_cooling_text(w, y, x, wd, s, cr->fans.level, 1,
			    base,
			    cursor);
			break;
		case CC_FANMIN:
			view_cooling_cell(w, y, x, wd, &cr->fanmin, 0, base,
			    cursor);
			break;
		case CC_POWER:
			view_cooling_cell(w, y, x, wd, &cr->power, 1, base,
			    cursor);
			break;
		case CC_SUPPLY:
			view_cooling_cell(w, y, x, wd, &cr->supply, 0, base,
			    cursor);
			break;
		case CC_RETURN:
			view_cooling_cell(w, y, x, wd, &cr->ret, 0, base,
			    cursor);
			break;
		case CC_FLOW:
			view_cooling_cell(w, y, x, wd, &cr->flow, 1, base,
			    cursor);
			break;
		case CC_PRESS:
			view_cooling_cell(w, y, x, wd, &cr->press, 0, base,
			    cursor);
			break;
		case CC_LEAK:
			if (cr->nleak == 0) {
				view_cooling_cell(w, y, x, wd, &cool_none, 0,
				    base,
				    cursor);
				break;
			}
			view_cooling_text(w, y, x, wd,
			    cr->leak.v > 0 ? "LEAK" : "no",
			    cr->leak.v > 0 ? 2 : 0, 1, base, cursor);
			break;
		case CC_NOBMC:
			if (cr->nobmc.v == 0) {
				view_cooling_cell(w, y, x, wd, &cool_none, 0,
				    base,
				    cursor);
				break;
			}
			snprintf(s, sizeof s, "%.0f", cr->nobmc.v);
			view_cooling_text(w, y, x, wd, s, 1, 1, base, cursor);
			break;
		case CC_READ:
			snprintf(s, sizeof s, "%u/%u", cr->read, r->count);
			view_cooling_text(w, y, x, wd, s, 0, 1, base, cursor);
			break;
		case CC_ALARMS:
			view_cooling_cell(w, y, x, wd, &cr->alarms, 0, base,
			    cursor);
			break;
		case CC_WORST:
			view_cooling_draw_worst(m, w, y, x, wd, cr, base,
			    cursor);
			break;
		}
		x += l->width[i] + l->gap;
	}
	wattrset(w, A_NORMAL);
}

/* The titles of the "rack" records; the sort column's ends in ^ or v. */
static void
view_cooling_draw_heading(WINDOW *w, int y, const struct view_state *vs,
    const struct cool_layout *l, int sx)
{
	const struct record	*r = record_find("rack");
	const struct field	*f;
	char			 s[64], t[32];
	int			 i, x = 0;

	wattrset(w, colour(C_HEADER));
	mvwhline(w, y, 0, ' ', sx);
	for (i = 0; i < CC_NCOLS && x < sx; i++) {
		if (!l->on[i])
			continue;
		f = record_field(r, cool_cols[i].key);
		snprintf(t, sizeof t, "%s%s", f->title, vs->sort != f ? "" :
		    vs->reverse ? "v" : "^");
		if (i == CC_RACK || i == CC_WORST)
			snprintf(s, sizeof s, "%s", t);
		else
			snprintf(s, sizeof s, "%*s ", l->width[i] - 1, t);
		draw_text(w, y, x, sx - x, colour(C_HEADER), s);
		x += l->width[i] + l->gap;
	}
	wattrset(w, A_NORMAL);
}

/* Pieces of a line, the most urgent first; one that does not fit whole
 * is left out. */
static int
view_cooling_piece(WINDOW *w, int y, int x, int sx, attr_t a, const char *s)
{
	const char	*p;
	int		 gap = x > 0 ? 2 : 0, n = 0;

	for (p = s; *p != '\0'; p++) {
		if (((u_char)*p & 0xc0) != 0x80)
			n++;
	}
	if (x + gap + n > sx)
		return (x);
	draw_text(w, y, x + gap, sx - x - gap, a, s);
	return (x + gap + n);
}

static void
view_cooling_draw_summary(struct ui *ui, WINDOW *w, int y, int sx)
{
	const struct model	*m = ui->model;
	const struct cool_sum	*cs = &view_cooling_state(ui)->sum;
	const char		*off = model_sensors_off(m);
	char			 s[160];
	int			 x = 0;

	wmove(w, y, 0);
	wclrtoeol(w);
	if (m->sensors == NULL && cs->nobmc == 0) {
		draw_text(w, y, 0, sx, colour(C_DIM), off != NULL ? off :
		    "BMC sensors not read yet");
		return;
	}
	if (cs->leaks > 0) {
		snprintf(s, sizeof s, "LEAK! %u rack%s (%s)", cs->leaks,
		    cs->leaks == 1 ? "" : "s", m->racks[cs->leakrack].name);
		x = view_cooling_piece(w, y, x, sx, colour(C_CRIT), s);
	} else if (cs->coolant)
		x = view_cooling_piece(w, y, x, sx, colour(C_OK), "no leaks");
	snprintf(s, sizeof s, "alarm! %u rack%s", cs->crit,
	    cs->crit == 1 ? "" : "s");
	x = view_cooling_piece(w, y, x, sx,
	    cs->crit ? colour(C_CRIT) : colour(C_OK),
	    cs->crit ? s : "no alarms");
	if (cs->coolant) {
		snprintf(s, sizeof s, "flow low! %u rack%s", cs->lowflow,
		    cs->lowflow == 1 ? "" : "s");
		x = view_cooling_piece(w, y, x, sx,
		    cs->lowflow ? colour(C_CRIT) :
		    colour(C_OK), cs->lowflow ? s : "coolant flow ok");
	}
	if (cs->hotrack >= 0) {
		snprintf(s, sizeof s, "inlet max %.0f%s %s", cs->hot,
		    draw_is_utf8() ? "\u00b0C" : " C",
		    m->racks[cs->hotrack].name);
		x = view_cooling_piece(w, y, x, sx, A_BOLD, s);
		if (cs->hotnode >= 0 && sx >= 120) {
			snprintf(s, sizeof s, "(%s)",
			    m->nodes[cs->hotnode].name);
			x = view_cooling_piece(w, y, x - 1, sx, A_BOLD, s);
		}
	}
	if (cs->nobmc > 0) {
		snprintf(s, sizeof s, "no BMC %u node%s", cs->nobmc,
		    cs->nobmc == 1 ? "" : "s");
		x = view_cooling_piece(w, y, x, sx, colour(C_WARN), s);
	}
	if (cs->warn > 0) {
		snprintf(s, sizeof s, "warning* %u rack%s", cs->warn,
		    cs->warn == 1 ? "" : "s");
		x = view_cooling_piece(w, y, x, sx, colour(C_WARN), s);
	}
	if (cs->read + cs->nobmc < m->nnodes) {
		snprintf(s, sizeof s, "sensors read on %u/%u nodes", cs->read,
		    m->nnodes);
		view_cooling_piece(w, y, x, sx, colour(C_DIM), s);
	}
}

static void
view_cooling_draw_legend(const struct cool_state *st, WINDOW *w, int y, int sx)
{
	char	 s[200];
	int	 x = 0;

	wmove(w, y, 0);
	wclrtoeol(w);
	snprintf(s, sizeof s, "%s kW%s%s%s%s", draw_is_utf8() ? "\u00b0C" :
	    "C", st->flow_unit[0] ? " " : "", st->flow_unit,
	    st->press_unit[0] ? " " : "", st->press_unit);
	x = view_cooling_piece(w, y, x, sx, colour(C_DIM), s);
	x = view_cooling_piece(w, y, x, sx, colour(C_DIM),
	    "! critical  * warning");
	x = view_cooling_piece(w, y, x - 1, sx, colour(C_DIM),
	    "(BMC status, thresholds)");
	x = view_cooling_piece(w, y, x, sx, colour(C_DIM), "Enter: node");
	x = view_cooling_piece(w, y, x, sx, colour(C_DIM),
	    "temperatures: the hottest in the rack; flow: the lowest");
}

void
view_cooling_draw(struct ui *ui, WINDOW *w)
{
	struct view_state	*vs = &ui->vs[VIEW_COOLING];
	struct cool_layout	 l;
	int			 sx, sy, y, k, legend;

	getmaxyx(w, sy, sx);
	werase(w);
	if (view_cooling_stale(ui))
		view_cooling_build(ui);
	legend = sy >= 6;
	vs->table_y = 1;
	vs->height = sy - 2 - legend;
	if (vs->height < 1)
		vs->height = 1;
	table_scroll(vs);

	view_cooling_draw_summary(ui, w, 0, sx);
	view_cooling_layout(ui->model, &view_cooling_state(ui)->sum, vs->sort,
	    sx, &l);
	view_cooling_draw_heading(w, 1, vs, &l, sx);
	for (y = 0; y < vs->height; y++) {
		k = vs->top + y;
		if (k >= (int)vs->nrows)
			break;
		view_cooling_draw_row(ui, w, 2 + y, vs->rows[k], &l,
		    k == vs->cursor,
		    sx);
	}
	if (vs->nrows == 0 && vs->filter != NULL)
		table_empty(ui, w, 2, sx);
	else if (vs->nrows == 0)
		draw_text(w, 2, 0, sx, colour(C_DIM), "no racks");
	if (legend)
		view_cooling_draw_legend(view_cooling_state(ui), w, sy - 1, sx);
}

/* A row's item: its rack. */
uint64_t
view_cooling_key(struct ui *ui, u_int row)
{
	return (row);
}

/* The first node of the rack under the cursor. */
int
view_cooling_node(struct ui *ui)
{
	struct view_state	*vs = &ui->vs[VIEW_COOLING];
	u_int			 rack;

	if (vs->rows == NULL || vs->cursor < 0 ||
	    vs->cursor >= (int)vs->nrows)
		return (-1);
	rack = vs->rows[vs->cursor];
	if (rack >= ui->model->nracks || ui->model->racks[rack].count == 0)
		return (-1);
	return (ui->model->racks[rack].first);
}
