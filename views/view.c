/*
 * myriad - the view table, and what views share about nodes.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

const struct view_entry view_table[] = {
	[VIEW_MAP] = { .name = "map", .title = "Map",
	    .domains = BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_JOBS),
	    .draw = view_map_draw, .step = view_map_move,
	    .open = view_map_open, .node = view_map_node,
	    .click = view_map_click, .seek = view_map_seek },
	[VIEW_GPUS] = { .name = "gpus", .title = "GPUs",
	    .domains = BIT(DOM_GPUS), .draw = view_gpus_draw,
	    .step = table_move, .node = view_gpus_node,
	    .click = table_click, .free = view_gpus_free, .record = "gpu",
	    .noun = "GPU", .key = view_gpus_key,
	    .present = view_gpus_present },
	[VIEW_JOBS] = { .name = "jobs", .title = "Jobs",
	    .domains = BIT(DOM_JOBS), .draw = view_jobs_draw,
	    .step = table_move, .open = view_jobs_open,
	    .job = view_jobs_job, .click = table_click, .free = view_jobs_free,
	    .record = "job", .noun = "job", .key = view_jobs_key },
	[VIEW_COOLING] = { .name = "cooling", .title = "Cooling",
	    .domains = BIT(DOM_SENSORS), .draw = view_cooling_draw,
	    .step = table_move, .node = view_cooling_node,
	    .click = table_click, .free = view_cooling_free,
	    .record = "rack", .noun = "rack", .key = view_cooling_key },
	[VIEW_LINKS] = { .name = "links", .title = "Links",
	    .domains = BIT(DOM_LINKS) | BIT(DOM_IB), .draw = view_links_draw,
	    .step = table_move, .node = view_links_node,
	    .click = view_links_click, .free = view_links_free,
	    .record = "linkcheck", .noun = "link", .key = view_links_key,
	    .part = view_links_part },
	[VIEW_NODE] = { .name = "node", .title = "Node",
	    .domains = DOMS_ALL, .draw = view_node_draw,
	    .step = view_node_move, .node = view_node_node, .free = free },
	[VIEW_EVENTS] = { .name = "events", .title = "Events",
	    .domains = BIT(DOM_EVENTS), .draw = view_events_draw,
	    .step = table_move, .node = view_events_node,
	    .click = table_click, .free = view_events_free,
	    .record = "event", .noun = "event", .key = view_events_key },
	[VIEW_BURNIN] = { .name = "burnin", .title = "Burn-in",
	    .domains = BIT(DOM_NODES), .draw = view_burnin_draw,
	    .step = table_move, .node = view_burnin_node, .click = table_click,
	    .record = "burnin", .noun = "node of the burn-in",
	    .key = view_burnin_key },
};

const struct view_entry *
view_find(const char *name)
{
	int	 i;

	for (i = 0; i < VIEW_NVIEWS; i++) {
		if (strcmp(view_table[i].name, name) == 0)
			return (&view_table[i]);
	}
	return (NULL);
}

/*
 * The table the keys act on: the view's, or the second table of its that
 * has the cursor (the Links view's domains).
 */
struct view_state *
view_state(struct ui *ui)
{
	const struct view_entry	*v = &view_table[ui->view];
	struct view_state	*vs;

	if (v->part != NULL && (vs = v->part(ui, &v)) != NULL)
		return (vs);
	return (&ui->vs[ui->view]);
}

const struct view_entry *
view_entry(struct ui *ui)
{
	const struct view_entry	*v = &view_table[ui->view];

	if (v->part != NULL && v->part(ui, &v) != NULL)
		return (v);
	return (&view_table[ui->view]);
}

/* A view's own state, SIZE bytes made zero the first time; its free frees. */
void *
view_data(struct ui *ui, enum view_id id, size_t size)
{
	struct view_state	*vs = &ui->vs[id];

	if (vs->data == NULL)
		vs->data = xcalloc(1, size);
	return (vs->data);
}

/* A node's state as a letter, a colour and a word: never colour alone. */
static const struct node_look view_looks[] = {
	{ 'A', C_S_ALLOC, "allocated" },
	{ 'M', C_S_MIXED, "mixed" },
	{ 'I', C_S_IDLE, "idle" },
	{ 'D', C_S_DRAIN, "drain" },
	{ 'X', C_S_DOWN, "down" },
	{ '?', C_S_UNREACH, "unreachable" },
	{ '-', C_S_UNKNOWN, "unknown" },
};

const struct node_look *
view_node_look(const struct model *m, u_int id)
{
	const struct node	*n = &m->nodes[id];
	const char		*s = n->state;

	if (model_unreachable(n))
		return (&view_looks[5]);
	if (strstr(s, "drain") != NULL)
		return (&view_looks[3]);
	if (strncmp(s, "down", 4) == 0 || strncmp(s, "fail", 4) == 0)
		return (&view_looks[4]);
	if (strncmp(s, "alloc", 5) == 0 || strncmp(s, "comp", 4) == 0)
		return (&view_looks[0]);
	if (strncmp(s, "mix", 3) == 0)
		return (&view_looks[1]);
	if (strncmp(s, "idle", 4) == 0)
		return (&view_looks[2]);
	return (&view_looks[6]);
}

const struct node_look *
view_looks_all(u_int *n)
{
	*n = nitems(view_looks);
	return (view_looks);
}

/*
 * A node's value for a map metric, 0..1 for the colour scale; *valid is 0
 * when nothing is known, -1 for watts with no limit to judge them by (an
 * Ascend NPU's: npu-smi reports none).  Health is 1 for a node with a lost GPU or an
 * uncorrectable ECC error, 0.8 for a fresh Xid or a vendor's health word
 * other than OK (an Ascend NPU's Alarm), 0.6 for a hot GPU, else 0.
 */
double
view_node_metric(const struct model *m, u_int id, enum map_metric metric,
    int *valid)
{
	const struct gpu	*g;
	double			 v = 0, limit = 0, crit, warn;
	u_int			 i, n = 0, ngpus, watts = 0;

	*valid = 0;
	crit = options_get_float("threshold.gpu-temp-crit");
	warn = options_get_float("threshold.gpu-temp-warn");
	g = model_gpus(m, id, &ngpus);
	for (i = 0; i < ngpus; i++, g++) {
		switch (metric) {
		case MAP_UTIL:
			if (g->valid & BIT(GPU_UTIL)) {
				v += g->util_pct / 100;
				n++;
			}
			break;
		case MAP_TEMP:
			if ((g->valid & BIT(GPU_TEMP)) &&
			    (n == 0 || g->temp_c > v)) {
				v = g->temp_c;
				n = 1;
			}
			break;
		case MAP_POWER:
			if ((g->valid & BIT(GPU_POWER)) &&
			    (g->valid & BIT(GPU_PLIMIT))) {
				v += g->power_w;
				limit += g->power_limit_w;
				n = 1;
			} else
				watts |= (g->valid & BIT(GPU_POWER)) != 0;
			break;
		case MAP_HEALTH:
			n = 1;
			if (g->error[0] != '\0' ||
			    ((g->valid & BIT(GPU_ECC_DBE)) && g->ecc_dbe > 0))
				v = 1;
			else if (((g->valid & BIT(GPU_XID)) ||
			    view_health_bad(g)) && v < 0.8)
				v = 0.8;
			else if ((g->valid & BIT(GPU_TEMP)) &&
			    g->temp_c >= crit && v < 0.6)
				v = 0.6;
			else if ((g->valid & BIT(GPU_TEMP)) &&
			    g->temp_c >= warn && v < 0.4)
				v = 0.4;
			break;
		default:
			break;
		}
	}
	if (n == 0) {
		*valid = -watts;
		return (0);
	}
	*valid = 1;
	switch (metric) {
	case MAP_UTIL:
		return (v / n);
	case MAP_TEMP:
		/* 30 C is cold, the critical threshold is the top. */
		return ((v - 30) / (crit - 30));
	case MAP_POWER:
		return (limit > 0 ? v / limit : 0);
	default:
		return (v);
	}
}

/*
 * A GPU's model as the views show it: without its vendor's name in front
 * (H100 80GB HBM3, Instinct MI300X), as the vendor is said apart; "" when
 * its tool does not report one.
 */
const char *
view_model_name(const struct gpu *g)
{
	return (field_model_name(g->model));
}

/* What a vendor calls its accelerators, as its tool heads their column. */
const char *
view_vendor_noun(enum vendor v)
{
	static const char	*nouns[] = {
		[VENDOR_UNKNOWN] = "GPU", [VENDOR_NVIDIA] = "GPU",
		[VENDOR_AMD] = "GPU", [VENDOR_HUAWEI] = "NPU",
		[VENDOR_HYGON] = "DCU",
	};

	return ((size_t)v < nitems(nouns) ? nouns[v] : "GPU");
}

/* What a node's accelerators are: model_node_accel(). */
const struct gpu *
view_node_accel(const struct model *m, u_int id, u_int *n)
{
	return (model_node_accel(m, id, n));
}

/* Whether a GPU's vendor says, in its own word, that it is not OK. */
int
view_health_bad(const struct gpu *g)
{
	return (g->health[0] != '\0' && strcasecmp(g->health, "OK") != 0);
}

/* A node's accelerators in words: "16 NPUs huawei Ascend910"; 0 if none. */
int
view_node_accel_text(const struct model *m, u_int id, char *buf, size_t len)
{
	const struct gpu	*g;
	u_int			 n;

	if ((g = view_node_accel(m, id, &n)) == NULL ||
	    g->vendor == VENDOR_UNKNOWN)
		return (0);
	return (snprintf(buf, len, "%u %s%s %s%s%s", n,
	    view_vendor_noun(g->vendor), n > 1 ? "s" : "",
	    field_enum_name(FT_VENDOR, g->vendor),
	    view_model_name(g)[0] != '\0' ? " " : "", view_model_name(g)));
}
