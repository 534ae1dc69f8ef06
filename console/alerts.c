/*
 * myriad - the nodes that need attention, worst first: new faults on nodes
 * still in service apart from those Slurm already has drained or down.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The map's list, the status line's alerts and list-alerts all count
 * what alerts_node() finds, so they cannot disagree.
 */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "myriad.h"

/* Whether Slurm has the node out of service: drained, draining or down. */
int
alerts_handled(const struct node *n)
{
	return (strstr(n->state, "drain") != NULL ||
	    strncmp(n->state, "down", 4) == 0 ||
	    strncmp(n->state, "fail", 4) == 0);
}

/* What an accelerator is called by its vendor's tools. */
const char *
alerts_unit(enum vendor v)
{
	switch (v) {
	case VENDOR_HUAWEI:
		return ("NPU");
	case VENDOR_HYGON:
		return ("DCU");
	default:
		return ("GPU");
	}
}

/*
 * Whether accelerator g, the i-th of node id's, is named by its card and
 * chip (an Atlas A3's chip): its card holds more than one chip, as when
 * the chip is not the first, the card is not the index, or the next is on
 * it.
 */
static int
alerts_by_card(const struct model *m, u_int id, const struct gpu *g, u_int i)
{
	const struct gpu	*gs, *next;
	u_int			 n;

	gs = model_gpus(m, id, &n);
	next = i + 1 < n ? &gs[i + 1] : NULL;
	return ((g->valid & BIT(GPU_CARD)) && (g->chip > 0 ||
	    g->card != (int)i || (next != NULL &&
	    (next->valid & BIT(GPU_CARD)) && next->card == g->card)));
}

/*
 * Accelerator i of node id as its vendor v's tools name it (unknown: the
 * node's), from g (a read of it, or the model's): an Atlas A3's chip by
 * its card and chip as npu-smi info shows them ("NPU 7 chip 1"), any
 * other by its index ("NPU 3", "DCU 3", "GPU 3").
 */
void
alerts_name(const struct model *m, u_int id, enum vendor v,
    const struct gpu *g, u_int i, char *buf, size_t len)
{
	if (v == VENDOR_UNKNOWN)
		v = g->vendor;
	if (v == VENDOR_UNKNOWN)
		v = m->nodes[id].vendor;
	if (alerts_by_card(m, id, g, i))
		snprintf(buf, len, "%s %d chip %d", alerts_unit(v), g->card,
		    g->chip);
	else
		snprintf(buf, len, "%s %u", alerts_unit(v), i);
}

/*
 * Accelerator i of node id in a table's few columns: its card and chip
 * when those name it (7/1), else its index.
 */
const char *
alerts_id(const struct model *m, u_int id, u_int i, char *buf, size_t len)
{
	const struct gpu	*gs;
	u_int			 n;

	gs = model_gpus(m, id, &n);
	if (i < n && alerts_by_card(m, id, &gs[i], i))
		snprintf(buf, len, "%d/%d", gs[i].card, gs[i].chip);
	else
		snprintf(buf, len, "%u", i);
	return (buf);
}

/*
 * What is wrong with one accelerator: 8 lost (an error read in its
 * place), 7 uncorrectable ECC errors or its vendor's health word other
 * than OK, 5 an Xid, 4 at the critical temperature `crit'; 0 nothing.
 */
int
alerts_gpu(const struct gpu *g, double crit)
{
	if (g->error[0] != '\0')
		return (8);
	if ((g->valid & BIT(GPU_ECC_DBE)) && g->ecc_dbe > 0)
		return (7);
	if (g->health[0] != '\0' && strcasecmp(g->health, "OK") != 0)
		return (7);
	if (g->valid & BIT(GPU_XID))
		return (5);
	if ((g->valid & BIT(GPU_TEMP)) && g->temp_c >= crit)
		return (4);
	return (0);
}

/*
 * What is wrong with GPU g, the i-th of node n, in its scale-up fabric,
 * in text (len bytes, when not 0): 5 its fabric not up (Fabric State
 * not Completed, Status not Success) or in another clique than the most
 * of its domain d's (NULL: none known); 4 its bandwidth not Full or its
 * fabric health not Healthy; 0 nothing, or nothing read.
 */
static int
alerts_fabric(const struct gpu *g, const struct scaleup *d, u_int i,
    char *text, size_t len)
{
	enum scaleup_fabric	 f = scaleup_fabric_of(g);

	if (f == SUF_PROGRESS || f == SUF_FAILED) {
		if (len > 0)
			snprintf(text, len, "GPU %u: fabric %s%s%s", i,
			    g->fabric_state, *g->fabric_status != '\0' ?
			    ", " : "", g->fabric_status);
		return (5);
	}
	if (f == SUF_COMPLETED && d != NULL && d->split &&
	    (g->valid & BIT(GPU_CLIQUE)) && g->clique_id != d->clique) {
		if (len > 0)
			snprintf(text, len, "GPU %u: clique %u, its domain's "
			    "%u", i, g->clique_id, d->clique);
		return (5);
	}
	if (*g->fabric_bandwidth != '\0' &&
	    strcasecmp(g->fabric_bandwidth, "Full") != 0) {
		if (len > 0)
			snprintf(text, len, "GPU %u: fabric bandwidth %s", i,
			    g->fabric_bandwidth);
		return (4);
	}
	if (*g->fabric_health != '\0' &&
	    strcasecmp(g->fabric_health, "Healthy") != 0) {
		if (len > 0)
			snprintf(text, len, "GPU %u: fabric health %s", i,
			    g->fabric_health);
		return (4);
	}
	return (0);
}

/*
 * What is wrong with node `id', in `text' (when not NULL), and how bad:
 * 9 unreachable, 8 a lost or missing GPU or its GPUs not read, 7
 * uncorrectable ECC errors or a health word not OK, 6 down in Slurm, 5
 * an Xid, 4 a GPU at the critical temperature, 3 its BMC, 2 drained; 0
 * when nothing is.  A node still connecting is not a fault.  A GPU is
 * named as its vendor's tools name it (an Ascend's NPU, a Hygon's DCU).
 */
int
alerts_node(const struct model *m, u_int id, char *text, size_t len)
{
	const struct node	*n = &m->nodes[id];
	const struct gpu	*g;
	const struct scaleup	*d = NULL;
	const char		*why, *unit = alerts_unit(n->vendor);
	char			 name[32];
	u_int			 i, missing, want;
	int			 worst = 0, sev;
	double			 crit;

	if (text == NULL)
		len = 0;
	if (model_unreachable(n)) {
		if (len > 0)
			snprintf(text, len, "%s%s%s",
			    model_reach_name(n->reach), *n->error != '\0' ?
			    ": " : "", n->error);
		return (9);
	}
	crit = options_get_float("threshold.gpu-temp-crit");
	if (n->scaleup < m->nscaleups && m->scaleups != NULL)
		d = &m->scaleups[n->scaleup];
	for (i = 0; i < n->ngpus; i++) {
		g = &m->gpus[n->gpu0 + i];
		if (g->error[0] == '\0' && (sev = alerts_fabric(g, d, i,
		    NULL, 0)) > worst) {
			worst = sev;
			alerts_fabric(g, d, i, text, len);
		}
		if ((sev = alerts_gpu(g, crit)) <= worst)
			continue;
		worst = sev;
		if (len == 0)
			continue;
		alerts_name(m, id, g->vendor, g, i, name, sizeof name);
		if (sev == 8)
			snprintf(text, len, "%s: %s", name, g->error);
		else if (sev == 7 && (g->valid & BIT(GPU_ECC_DBE)) &&
		    g->ecc_dbe > 0)
			snprintf(text, len, "%s: %llu uncorrectable "
			    "ECC errors", name,
			    (unsigned long long)g->ecc_dbe);
		else if (sev == 7)
			snprintf(text, len, "%s: health %s", name, g->health);
		else if (sev == 5)
			snprintf(text, len, "%s: Xid %d", name, g->xid);
		else
			snprintf(text, len, "%s at %.0f C", name, g->temp_c);
	}
	/* Its GPUs not read (a tool missing, output refused), or fewer. */
	if (worst < 8 && (why = model_read_why(m, id, DOM_GPUS)) != NULL) {
		if (len > 0)
			snprintf(text, len, "%s", why);
		worst = 8;
	} else if (worst < 8 && (missing = model_gpus_missing(m, id,
	    &want)) > 0) {
		if (len > 0)
			snprintf(text, len, "%u of %u %ss missing", missing,
			    want, unit);
		worst = 8;
	}
	/* Its own IMEX report DOWN: cut off when it sees peers not READY. */
	if (worst < 5 && strcmp(n->imex, "DOWN") == 0) {
		if (len > 0 && n->imex_down > 0)
			snprintf(text, len, "IMEX DOWN: cut off from its %u "
			    "peer%s", n->imex_down, n->imex_down == 1 ? "" :
			    "s");
		else if (len > 0)
			snprintf(text, len, "IMEX DOWN");
		worst = 5;
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
 * How many nodes need attention: new ones, and those Slurm handles.  The
 * domains are judged first (nothing done when nothing changed): a GPU in
 * another clique is one its domain's majority tells.
 */
void
alerts_count(struct model *m, u_int *new, u_int *handled)
{
	u_int	 i;

	scaleup_update(m);
	*new = *handled = 0;
	for (i = 0; i < m->nnodes; i++) {
		if (alerts_node(m, i, NULL, 0) == 0)
			continue;
		if (alerts_handled(&m->nodes[i]))
			(*handled)++;
		else
			(*new)++;
	}
}

static int
alerts_cmp(const void *a, const void *b)
{
	const struct alert	*x = a, *y = b;

	if (x->handled != y->handled)
		return (x->handled - y->handled);
	if (x->severity != y->severity)
		return (y->severity - x->severity);
	return ((x->node > y->node) - (x->node < y->node));
}

/*
 * Every node that needs attention, in *list (the caller frees it): new
 * faults first, then the handled, each worst first, then in node order.
 */
u_int
alerts_list(struct model *m, struct alert **list)
{
	struct alert	*a;
	u_int		 i, n = 0;
	int		 sev;

	scaleup_update(m);
	*list = xcalloc(m->nnodes + 1, sizeof **list);
	for (i = 0; i < m->nnodes; i++) {
		a = &(*list)[n];
		if ((sev = alerts_node(m, i, a->problem,
		    sizeof a->problem)) == 0)
			continue;
		a->node = i;
		a->rack = m->nodes[i].rack;
		a->severity = sev;
		a->handled = alerts_handled(&m->nodes[i]);
		strlcpy(a->attention, a->handled ? "handled" : "new",
		    sizeof a->attention);
		strlcpy(a->state, m->nodes[i].state, sizeof a->state);
		n++;
	}
	qsort(*list, n, sizeof **list, alerts_cmp);
	return (n);
}
