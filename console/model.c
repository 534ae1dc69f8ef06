/*
 * myriad - the cluster: racks, nodes, GPUs, links, sensors, jobs, events.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Sized for 100,000 GPUs: flat arrays indexed by id, a name->id hash, and
 * no allocation per sample.  Parsers reach the model only through the sink
 * model_sink() fills in.
 *
 * Nodes differ: each has its own count of GPUs (4, 8, 16, none), at its own
 * offset in the GPU arrays (GPUs, their NVLinks, their history), as its
 * reports say; the arrays are laid out again when a node's count changes.
 * Readers take a node's GPUs, links, ports and sensors from model_gpus()
 * and the others, never from a stride.
 */

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "myriad.h"

#define MODEL_GPUS	64	/* GPUs a node may have: gpus_seen's bits */
#define MODEL_LINKS	18	/* NVLinks per GPU kept */
#define MODEL_IB	16	/* InfiniBand ports a node, at first */
#define MODEL_IB_MAX	256	/* ... and at most: the room doubles */
#define MODEL_SENSORS	40	/* BMC sensors per node kept */
#define MODEL_EVENTS	8192
#define MODEL_XIDS	1024	/* Xid lines of one read kept */
#define MODEL_WHY	128	/* why a node's domain was not read */

struct model *
model_create(const char *cluster, u_int gpus_per_node, u_int hint)
{
	struct model	*m;

	m = xcalloc(1, sizeof *m);
	m->cluster = xstrdup(cluster);
	m->gpus_per_node = gpus_per_node;
	m->links_per_gpu = MODEL_LINKS;
	m->ib_per_node = MODEL_IB;
	m->sensors_per_node = MODEL_SENSORS;
	m->eventssize = MODEL_EVENTS;
	m->events = xcalloc(m->eventssize, sizeof *m->events);
	m->eventorder = xcalloc(m->eventssize, sizeof *m->eventorder);
	m->hashsize = 64;
	while (m->hashsize < hint * 2)
		m->hashsize *= 2;
	m->hash = xcalloc(m->hashsize, sizeof *m->hash);
	return (m);
}

void
model_free(struct model *m)
{
	if (m == NULL)
		return;
	free(m->cluster);
	free(m->nodes);
	free(m->racks);
	free(m->hash);
	free(m->gpus);
	free(m->nvlinks);
	free(m->ibports);
	free(m->sensors);
	free(m->jobs);
	free(m->jobnodes);
	free(m->events);
	free(m->eventorder);
	free(m->hist);
	free(m->histn);
	free(m->xids);
	free(m->unread);
	scaleup_free(m);
	free(m);
}

/* FNV-1a: the names' hash, of the model's and of other tables. */
uint32_t
model_hash(const char *s)
{
	uint32_t	 h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (u_char)*s) * 16777619u;
	return (h);
}

static void
model_hash_insert(struct model *m, uint32_t id)
{
	uint32_t	 i;

	i = model_hash(m->nodes[id].name) & (m->hashsize - 1);
	while (m->hash[i] != 0)
		i = (i + 1) & (m->hashsize - 1);
	m->hash[i] = id + 1;
}

int
model_find(const struct model *m, const char *name)
{
	uint32_t	 i, id;

	i = model_hash(name) & (m->hashsize - 1);
	while ((id = m->hash[i]) != 0) {
		if (strcmp(m->nodes[id - 1].name, name) == 0)
			return (id - 1);
		i = (i + 1) & (m->hashsize - 1);
	}
	return (-1);
}

/* Node id's GPU i as one not read yet. */
static void
model_unread(struct model *m, uint32_t id, u_int i)
{
	struct gpu	*g = &m->gpus[m->nodes[id].gpu0 + i];

	memset(g, 0, sizeof *g);
	g->node = id;
	g->index = i;
}

/* How many GPUs the node's report under way has had: its last one + 1. */
static u_int
model_seen(const struct node *n)
{
	u_int	 count = MODEL_GPUS;

	while (count > 0 && !(n->gpus_seen & BIT(count - 1)))
		count--;
	return (count);
}

/* The GPU slots node id has: up to the next node's first. */
static u_int
model_slots(const struct model *m, uint32_t id)
{
	return ((id + 1 < m->nnodes ? m->nodes[id + 1].gpu0 : m->ngpus) -
	    m->nodes[id].gpu0);
}

/*
 * Node id has `count' GPUs from now on: those past it, in the slots it
 * keeps for a report that grows again, are no GPUs (nothing of them is
 * shown, nor their links or history).
 */
static void
model_shrink(struct model *m, uint32_t id, u_int count)
{
	struct node	*n = &m->nodes[id];
	size_t		 at;
	u_int		 i;

	for (i = count; i < n->ngpus; i++) {
		at = (size_t)n->gpu0 + i;
		model_unread(m, id, i);
		if (m->nvlinks != NULL)
			memset(&m->nvlinks[at * m->links_per_gpu], 0,
			    m->links_per_gpu * sizeof *m->nvlinks);
		if (m->hist != NULL) {
			memset(&m->hist[at * 3 * MODEL_HIST], 0,
			    3 * MODEL_HIST);
			m->histn[at] = 0;
		}
	}
	if (count != n->ngpus)
		m->gen[DOM_GPUS]++;
	n->ngpus = count;
}

/*
 * How many GPU slots node id has after a layout that gives node grow
 * `need':
 * its own count once a whole report said it; as many as its first report
 * has had so far; and for a node not heard from yet, the default or the
 * most another node needs, so a cluster whose nodes all differ from the
 * default is laid out once, not once a node.  (A default of none is no
 * guess: such a node has what it reports.)
 */
static u_int
model_layout_count(const struct model *m, uint32_t id, uint32_t grow,
    u_int need)
{
	const struct node	*n = &m->nodes[id];

	if (id == grow)
		return (need);
	if (n->gpus_known)
		return (n->ngpus);
	if (n->gpus_seen != 0)
		return (model_seen(n));
	if (m->gpus_per_node == 0)
		return (n->ngpus);
	return (n->ngpus > need ? n->ngpus : need);
}

/* A per-GPU array (`size' bytes a GPU) in the new layout. */
static void *
model_layout_array(const struct model *m, void *a, size_t size, u_int total,
    uint32_t grow, u_int need)
{
	const char	*from = a;
	char		*to;
	uint32_t	 id;
	size_t		 at = 0;
	u_int		 count;

	if (a == NULL)
		return (NULL);
	to = xcalloc(total ? total : 1, size);
	for (id = 0; id < m->nnodes; id++) {
		count = model_layout_count(m, id, grow, need);
		memcpy(to + at * size, from + (size_t)m->nodes[id].gpu0 * size,
		    (size_t)(count < m->nodes[id].ngpus ? count :
		    m->nodes[id].ngpus) * size);
		at += count;
	}
	free(a);
	return (to);
}

/*
 * Lay the GPUs out again, node by node, for node grow to have `need' of
 * them: one pass over each per-GPU array.  Rare: a node's first report
 * that differs from the default, a GPU that came or went.
 */
static void
model_layout(struct model *m, uint32_t grow, u_int need)
{
	struct node	*n;
	uint32_t	 id;
	u_int		 total = 0, count, i;

	for (id = 0; id < m->nnodes; id++)
		total += model_layout_count(m, id, grow, need);
	if (m->gpus == NULL)
		m->gpus = xcalloc(1, sizeof *m->gpus);	/* none had any */
	m->gpus = model_layout_array(m, m->gpus, sizeof *m->gpus, total, grow,
	    need);
	m->nvlinks = model_layout_array(m, m->nvlinks, m->links_per_gpu *
	    sizeof *m->nvlinks, total, grow, need);
	m->hist = model_layout_array(m, m->hist, 3 * MODEL_HIST, total, grow,
	    need);
	m->histn = model_layout_array(m, m->histn, sizeof *m->histn, total,
	    grow, need);
	m->ngpus = m->gpussize = total;
	for (id = 0, total = 0; id < m->nnodes; id++) {
		n = &m->nodes[id];
		count = model_layout_count(m, id, grow, need);
		n->gpu0 = total;
		total += count;
		for (i = n->ngpus; i < count; i++)
			model_unread(m, id, i);
		/*
		 * A node not heard from keeps its count in more slots, as
		 * node grow does until its report says how many it has.
		 */
		if (id != grow && (n->gpus_known || n->gpus_seen != 0))
			n->ngpus = count;
	}
	m->gen[DOM_LINKS]++;
}

/*
 * Node id's report is whole: the node has as many GPUs as it had, those
 * it left out are not known any more, and the slots past them wait, empty,
 * for a report that grows again (no layout: nodes of 4 in a cluster of 8
 * cost none).
 */
static void
model_report_end(struct model *m, uint32_t id)
{
	struct node	*n = &m->nodes[id];
	u_int		 k, count = model_seen(n);

	for (k = 0; k < count && k < n->ngpus; k++) {
		if (!(n->gpus_seen & BIT(k)))
			model_unread(m, id, k);
	}
	n->gpus_known = 1;
	n->gpus_seen = 0;
	if (count > n->gpus_most)
		n->gpus_most = count;
	if (count < n->ngpus)
		model_shrink(m, id, count);
	else
		n->ngpus = count;
}

/*
 * Node id reports its GPU i.  One it has reported already begins its next
 * report, so the last one is whole.  One past its last takes an empty slot
 * the node has, else makes room for it (a whole eight more: GPUs come by
 * the board).
 */
static int
model_report(struct model *m, uint32_t id, u_int i)
{
	struct node	*n = &m->nodes[id];
	u_int		 count;

	if (i >= MODEL_GPUS)
		return (-1);
	n->gpus_none = 0;
	if (n->gpus_seen & BIT(i))
		model_report_end(m, id);
	if (i >= model_slots(m, id)) {
		count = (i + 8) / 8 * 8;
		model_layout(m, id, count < MODEL_GPUS ? count : MODEL_GPUS);
	}
	if (i >= n->ngpus) {
		for (count = n->ngpus; count <= i; count++)
			model_unread(m, id, count);
		n->ngpus = i + 1;
		m->gen[DOM_GPUS]++;
	}
	n->gpus_seen |= BIT(i);
	return (0);
}

/*
 * A whole output has been read (a one-shot probe's, not a piece of a
 * stream): the GPUs the node reported in it are all it has.
 */
void
model_sink_end(struct model *m)
{
	if (m->target < m->nnodes && m->nodes[m->target].gpus_seen != 0)
		model_report_end(m, m->target);
}

/*
 * Node id has no accelerators (no vendor's tool answers there): a whole
 * report of none, and none missing, until it reports one.
 */
void
model_gpus_none(struct model *m, uint32_t id)
{
	if (id >= m->nnodes)
		return;
	m->nodes[id].gpus_seen = 0;
	m->nodes[id].gpus_none = 1;
	model_report_end(m, id);
	m->gen[DOM_GPUS]++;
}

/*
 * Node id's accelerators are vendor v's (the configuration says so, the
 * SSH source found which tool answers there, the simulator made it so):
 * whose links and how many accelerators to expect before they are read.
 */
void
model_node_vendor(struct model *m, uint32_t id, enum vendor v)
{
	if (id < m->nnodes)
		m->nodes[id].vendor_gres = 0;
	if (id < m->nnodes && m->nodes[id].vendor != v) {
		m->nodes[id].vendor = v;
		m->nodes[id].model[0] = '\0';
	}
}

/* Add a node in rack `rack'; nodes of one rack are added together. */
int
model_add_node(struct model *m, const char *name, const char *rack)
{
	struct node	*n;
	struct rack	*r;
	uint32_t	 id, i;

	if (model_find(m, name) != -1)
		return (-1);
	id = m->nnodes++;
	if (m->nnodes > m->nodessize) {
		/* Grow by doubling: a cluster is added a node at a time. */
		m->nodessize = m->nodessize ? m->nodessize * 2 : 64;
		m->nodes = xreallocarray(m->nodes, m->nodessize,
		    sizeof *m->nodes);
	}
	n = &m->nodes[id];
	memset(n, 0, sizeof *n);
	strlcpy(n->name, name, sizeof n->name);
	n->id = id;
	n->job = -1;
	r = m->nracks > 0 ? &m->racks[m->nracks - 1] : NULL;
	if (r == NULL || strcmp(r->name, rack) != 0) {
		m->racks = xreallocarray(m->racks, m->nracks + 1,
		    sizeof *m->racks);
		r = &m->racks[m->nracks++];
		strlcpy(r->name, rack, sizeof r->name);
		r->first = id;
		r->count = 0;
	}
	r->count++;
	n->rack = m->nracks - 1;

	if (m->nnodes * 2 > m->hashsize) {
		m->hashsize *= 2;
		free(m->hash);
		m->hash = xcalloc(m->hashsize, sizeof *m->hash);
		for (i = 0; i < m->nnodes; i++)
			model_hash_insert(m, i);
	} else
		model_hash_insert(m, id);

	free(m->nvlinks);
	free(m->ibports);
	free(m->sensors);
	free(m->hist);
	free(m->histn);
	free(m->unread);
	m->unread = NULL;
	m->hist = NULL;
	m->histn = NULL;
	m->nvlinks = NULL;
	m->ibports = NULL;
	m->sensors = NULL;

	n->gpu0 = m->ngpus;
	n->ngpus = m->gpus_per_node;
	m->ngpus += n->ngpus;
	if (m->ngpus > m->gpussize) {
		while (m->ngpus > m->gpussize)
			m->gpussize = m->gpussize ? m->gpussize * 2 : 512;
		m->gpus = xreallocarray(m->gpus, m->gpussize, sizeof *m->gpus);
	}
	for (i = 0; i < n->ngpus; i++)
		model_unread(m, id, i);
	return (id);
}

const char *
model_node_name(const struct model *m, uint32_t id)
{
	return (id < m->nnodes ? m->nodes[id].name : "?");
}

struct gpu *
model_gpu(struct model *m, uint32_t node, u_int index)
{
	if (node >= m->nnodes || index >= m->nodes[node].ngpus)
		return (NULL);
	return (&m->gpus[m->nodes[node].gpu0 + index]);
}

/* The most GPUs a node has. */
u_int
model_gpus_max(const struct model *m)
{
	u_int	 id, most = 0;

	for (id = 0; id < m->nnodes; id++) {
		if (m->nodes[id].ngpus > most)
			most = m->nodes[id].ngpus;
	}
	return (most);
}

/* A node's GPUs, *n of them; its GPU i is the i-th. */
struct gpu *
model_gpus(const struct model *m, uint32_t node, u_int *n)
{
	*n = node < m->nnodes ? m->nodes[node].ngpus : 0;
	return (*n > 0 ? &m->gpus[m->nodes[node].gpu0] : NULL);
}

/*
 * What a node's accelerators are: the first of them that names its model
 * (a lost one does not), else the first; NULL for none.  *n: how many.
 */
const struct gpu *
model_node_accel(const struct model *m, uint32_t id, u_int *n)
{
	const struct gpu	*g = model_gpus(m, id, n);
	u_int			 k;

	if (*n == 0)
		return (NULL);
	for (k = 0; k + 1 < *n && g[k].model[0] == '\0'; k++)
		;
	return (g[k].model[0] != '\0' ? &g[k] : g);
}

/*
 * How many GPUs node id is missing: those its last whole report left out,
 * of as many as Slurm's GRES says it has, else its vendor's count (the
 * default for NVIDIA's; vendors.VENDOR-gpus for another's, else the most
 * its tool has listed) (a GPU that fell off the bus is not listed any
 * more).  *want: as many as it has.
 */
#define MODEL_TRAY_GPUS	4	/* a GB200 or GB300 compute tray's */

/*
 * Whether a node of model name is a Grace Blackwell compute tray (an
 * NVL72 or NVL36 rack's: NVIDIA GB200, GB300): two superchips of two
 * GPUs, MODEL_TRAY_GPUS whatever the cluster's default.
 */
int
model_tray(const char *name)
{
	return (strstr(name, "GB200") != NULL || strstr(name, "GB300") !=
	    NULL);
}

u_int
model_gpus_missing(const struct model *m, uint32_t id, u_int *want)
{
	const struct node	*n = &m->nodes[id];
	const struct gpu	*g;
	u_int			 i, have = 0;

	if (n->gpus_slurm != 0)
		*want = n->gpus_slurm;
	else if (n->vendor == VENDOR_NVIDIA && model_tray(n->model))
		*want = MODEL_TRAY_GPUS;
	else if (n->vendor == VENDOR_UNKNOWN || n->vendor == VENDOR_NVIDIA)
		*want = m->gpus_per_node;
	else if ((*want = m->vendor_gpus[n->vendor]) == 0)
		*want = n->gpus_most;
	if (*want < n->ngpus || !n->gpus_known || n->gpus_none)
		*want = n->ngpus;
	if (!n->gpus_known || n->gpus_none)
		return (0);
	for (i = 0; i < n->ngpus; i++) {
		g = &m->gpus[n->gpu0 + i];
		have += g->valid != 0 || g->error[0] != '\0';
	}
	return (*want - have);
}

/* The count of vendor v and model name in *list, added if new. */
static struct vendor_count *
model_count_find(struct vendor_count **list, u_int *n, enum vendor v,
    const char *name)
{
	struct vendor_count	*c;
	u_int			 i;

	for (i = *n; i > 0; i--) {	/* the last found first */
		c = &(*list)[i - 1];
		if (c->vendor == v && strcmp(c->model, name) == 0)
			return (c);
	}
	*list = xreallocarray(*list, *n + 1, sizeof **list);
	c = &(*list)[(*n)++];
	memset(c, 0, sizeof *c);
	c->vendor = v;
	strlcpy(c->model, name, sizeof c->model);
	return (c);
}

/* The model of g: its own, or its node's first named one's. */
static const char *
model_count_name(const struct model *m, const struct node *n,
    const struct gpu *g)
{
	u_int	 k;

	for (k = 0; g->model[0] == '\0' && k < n->ngpus; k++) {
		if (m->gpus[n->gpu0 + k].model[0] != '\0')
			return (m->gpus[n->gpu0 + k].model);
	}
	return (g->model);
}

/*
 * The accelerators by vendor and model, in the order first seen, in
 * *list (the caller frees it); how many kinds.  Each is unhealthy when
 * alerts_gpu() finds it at fault above its temperature (lost, missing,
 * uncorrectable ECC, its health word, an Xid), else busy when it is in
 * use (utilization above 0) or its node is allocated whole in Slurm,
 * else idle when its utilization is read, else unread, as are all of a
 * node that lists none (unreachable), of its vendor when known (its
 * GRES's: model_gres_read()).
 */
u_int
model_count_vendors(const struct model *m, struct vendor_count **list)
{
	const struct node	*n;
	const struct gpu	*g;
	struct vendor_count	*c;
	u_int			 i, k, nc = 0, want;
	double			 crit;
	int			 alloc;

	*list = NULL;
	crit = options_get_float("threshold.gpu-temp-crit");
	for (i = 0; i < m->nnodes; i++) {
		n = &m->nodes[i];
		if (n->ngpus == 0)
			continue;
		alloc = strncmp(n->state, "alloc", 5) == 0;
		c = NULL;
		for (k = 0; k < n->ngpus; k++) {
			g = &m->gpus[n->gpu0 + k];
			if (g->valid == 0 && g->error[0] == '\0')
				continue;	/* not listed */
			/* A lost one has no name: its node's others'. */
			if (c == NULL || (g->model[0] != '\0' &&
			    (c->vendor != g->vendor ||
			    strcmp(c->model, g->model) != 0)))
				c = model_count_find(list, &nc, g->vendor,
				    model_count_name(m, n, g));
			c->total++;
			if (alerts_gpu(g, crit) > 4)
				c->unhealthy++;
			else if (((g->valid & BIT(GPU_UTIL)) &&
			    g->util_pct > 0) || alloc)
				c->busy++;
			else if (g->valid & BIT(GPU_UTIL))
				c->idle++;
			else
				c->unread++;
		}
		/* Those it no longer lists are lost, of its model. */
		if (c != NULL && (k = model_gpus_missing(m, i, &want)) > 0) {
			c->total += k;
			c->unhealthy += k;
		}
		/* None read (unreachable): unread, of the vendor known. */
		if (c == NULL && !n->gpus_none) {
			c = model_count_find(list, &nc, n->vendor,
			    n->vendor == VENDOR_HYGON ? n->dcu_model : "");
			c->total += n->ngpus;
			c->unread += n->ngpus;
		}
	}
	return (nc);
}

/*
 * A node's NVLinks, *n of them (none before the first read), GPU by GPU:
 * links_per_gpu of its first GPU, then of its second ...
 */
struct nvlink *
model_nvlinks(const struct model *m, uint32_t node, u_int *n)
{
	*n = node < m->nnodes && m->nvlinks != NULL ?
	    m->nodes[node].ngpus * m->links_per_gpu : 0;
	return (*n > 0 ? &m->nvlinks[(size_t)m->nodes[node].gpu0 *
	    m->links_per_gpu] : NULL);
}

/* NVLink `link' of a node's GPU `gpu', or NULL. */
struct nvlink *
model_nvlink(const struct model *m, uint32_t node, u_int gpu, u_int link)
{
	struct nvlink	*l;
	u_int		 n;

	l = model_nvlinks(m, node, &n);
	if (l == NULL || gpu >= m->nodes[node].ngpus ||
	    link >= m->links_per_gpu)
		return (NULL);
	return (&l[gpu * m->links_per_gpu + link]);
}

/* A node's InfiniBand ports, the *n read. */
struct ibport *
model_ibports(const struct model *m, uint32_t node, u_int *n)
{
	*n = node < m->nnodes && m->ibports != NULL ? m->nodes[node].nib : 0;
	return (*n > 0 ? &m->ibports[(size_t)node * m->ib_per_node] : NULL);
}

/* A node's BMC sensors, the *n read. */
struct sensor *
model_sensors(const struct model *m, uint32_t node, u_int *n)
{
	*n = node < m->nnodes && m->sensors != NULL ?
	    m->nodes[node].nsensors : 0;
	return (*n > 0 ? &m->sensors[(size_t)node * m->sensors_per_node] :
	    NULL);
}

/*
 * Why no BMC sensor will come, for the Cooling view and list-sensors
 * (an empty list would say there is nothing); NULL when they are read.
 */
const char *
model_sensors_off(const struct model *m)
{
	if (m->simulated || strcmp(options_get("bmc.mode"), "none") != 0)
		return (NULL);
	return ("BMC reading is off: set bmc.mode (mgmt, inband or ssh) in "
	    "myriad.conf");
}

/* Keep a GPU's last samples, a byte each, for the sparklines. */
static void
model_history_add(struct model *m, const struct gpu *g)
{
	size_t		 idx = g - m->gpus;
	uint8_t		*h;
	u_int		 pos;

	if (m->hist == NULL) {
		m->hist = xcalloc((size_t)m->ngpus * 3, MODEL_HIST);
		m->histn = xcalloc(m->ngpus, sizeof *m->histn);
	}
	h = &m->hist[idx * 3 * MODEL_HIST];
	pos = m->histn[idx]++ % MODEL_HIST;
	h[HIST_UTIL * MODEL_HIST + pos] = (g->valid & BIT(GPU_UTIL)) ?
	    (uint8_t)(g->util_pct < 0 ? 0 : g->util_pct > 100 ? 100 :
	    g->util_pct) : 255;
	h[HIST_TEMP * MODEL_HIST + pos] = (g->valid & BIT(GPU_TEMP)) ?
	    (uint8_t)(g->temp_c < 0 ? 0 : g->temp_c > 254 ? 254 :
	    g->temp_c) : 255;
	h[HIST_POWER * MODEL_HIST + pos] = (g->valid & BIT(GPU_POWER)) ?
	    (uint8_t)(g->power_w < 0 ? 0 : g->power_w > 1016 ? 254 :
	    g->power_w / 4) : 255;
}

/*
 * The last samples of one metric of GPU slot `idx' (its node's gpu0 +
 * its index), oldest first; unknown samples are NAN.  Returns how many.
 */
u_int
model_history(const struct model *m, size_t idx, enum hist_metric metric,
    float *out, u_int max)
{
	const uint8_t	*h;
	u_int		 n, i, pos;

	if (m->hist == NULL)
		return (0);
	n = m->histn[idx] < MODEL_HIST ? m->histn[idx] : MODEL_HIST;
	if (n > max)
		n = max;
	h = &m->hist[(idx * 3 + metric) * MODEL_HIST];
	for (i = 0; i < n; i++) {
		pos = (m->histn[idx] - n + i) % MODEL_HIST;
		out[i] = h[pos] == 255 ? NAN : metric == HIST_POWER ?
		    h[pos] * 4.0f : h[pos];
	}
	return (n);
}

static const char *reach_text[] = {
	[REACH_UNKNOWN] = "unknown",
	[REACH_UP] = "up",
	[REACH_CONNECTING] = "connecting",
	[REACH_AUTH] = "authentication failed",
	[REACH_HOSTKEY_UNKNOWN] = "host key unknown",
	[REACH_HOSTKEY_CHANGED] = "host key changed",
	[REACH_UNREACHABLE] = "unreachable",
	[REACH_TIMEOUT] = "timed out",
	[REACH_GARBLED] = "output unreadable",
};

const char *
model_reach_name(enum reach r)
{
	return ((size_t)r < nitems(reach_text) ? reach_text[r] : "?");
}

/* Whether a node has failed to answer; one still connecting has not. */
int
model_unreachable(const struct node *n)
{
	return (n->reach != REACH_UP && n->reach != REACH_UNKNOWN &&
	    n->reach != REACH_CONNECTING);
}

/*
 * Node id's last read of domain d (MODEL_CONTROLLER: the Slurm
 * controller's): it went well, or it failed and why (a probe that could
 * not run, or printed what its parser refused).  A session to a node that
 * fails is the node's reach; this is news about one probe.  The
 * controller's whys are the row after the nodes'.
 */
static uint16_t *
model_read_bits(struct model *m, uint32_t *id)
{
	if (*id == MODEL_CONTROLLER) {
		*id = m->nnodes;
		return (&m->ctl_unread);
	}
	return (&m->nodes[*id].unread);
}

void
model_read_ok(struct model *m, uint32_t id, enum domain d)
{
	*model_read_bits(m, &id) &= ~BIT(d);
}

void
model_read_failed(struct model *m, uint32_t id, enum domain d,
    const char *fmt, ...)
{
	va_list		 ap;
	uint16_t	*bits = model_read_bits(m, &id);

	if (m->unread == NULL)
		m->unread = xcalloc(((size_t)m->nnodes + 1) * DOM_NDOMAINS,
		    MODEL_WHY);
	va_start(ap, fmt);
	vsnprintf(m->unread + ((size_t)id * DOM_NDOMAINS + d) * MODEL_WHY,
	    MODEL_WHY, fmt, ap);
	va_end(ap);
	*bits |= BIT(d);
}

/* Why node id's (or the controller's) last read of d failed, or NULL. */
const char *
model_read_why(const struct model *m, uint32_t id, enum domain d)
{
	uint16_t	 bits;

	if (id == MODEL_CONTROLLER) {
		bits = m->ctl_unread;
		id = m->nnodes;
	} else
		bits = m->nodes[id].unread;
	if (!(bits & BIT(d)) || m->unread == NULL)
		return (NULL);
	return (m->unread + ((size_t)id * DOM_NDOMAINS + d) * MODEL_WHY);
}

/*
 * Whether node id's last failed read of d said `why', though a read since
 * may have gone well (a stream whose damaged line comes and goes).
 */
int
model_read_said(const struct model *m, uint32_t id, enum domain d,
    const char *why)
{
	if (id >= m->nnodes || m->unread == NULL)
		return (0);
	return (strncmp(m->unread + ((size_t)id * DOM_NDOMAINS + d) *
	    MODEL_WHY, why, MODEL_WHY - 1) == 0);
}

void
model_set_reach(struct model *m, uint32_t id, enum reach r, const char *why)
{
	struct node	*n = &m->nodes[id];

	if (n->reach != r && r != REACH_CONNECTING &&
	    (r != REACH_UP || (n->reach != REACH_UNKNOWN &&
	    n->reach != REACH_CONNECTING)))
		model_event(m, id, -1, EV_REACH, 0, "%s%s%s",
		    model_reach_name(r), why != NULL ? ": " : "",
		    why != NULL ? why : "");
	n->reach = r;
	strlcpy(n->error, why != NULL ? why : "", sizeof n->error);
	m->gen[DOM_NODES]++;
}

/*
 * Whether event a comes before b, newest first: by when it happened, or
 * was read if that is not known; a known time before a guessed one.
 */
static int
model_event_before(const struct event *a, const struct event *b)
{
	double	 wa = a->time > 0 ? a->time : a->seen;
	double	 wb = b->time > 0 ? b->time : b->seen;

	if (wa != wb)
		return (wa > wb);
	return (a->time > 0 && b->time == 0);
}

/* An event's text, and its length, where a repeat's count goes. */
static void
model_event_text(struct event *e, const char *text)
{
	e->textlen = strlcpy(e->text, text, sizeof e->text);
	if (e->textlen >= sizeof e->text)
		e->textlen = sizeof e->text - 1;
}

/*
 * A new event that happened at time (0: not known), in the ring's next
 * slot and in the order, before those that happened at the same time.
 */
static struct event *
model_event_add(struct model *m, double time, uint32_t node, int gpu,
    enum event_kind kind, int xid, const char *text)
{
	struct event	*e;
	uint32_t	 slot = m->nevents % m->eventssize, *o = m->eventorder;
	u_int		 n = model_nevents(m), lo = 0, hi, mid;

	if (m->nevents >= m->eventssize) {
		for (lo = 0; lo < n && o[lo] != slot; lo++)
			;
		memmove(o + lo, o + lo + 1, (n - lo - 1) * sizeof *o);
		n--;
	}
	e = &m->events[slot];
	memset(e, 0, sizeof *e);
	e->time = time;
	e->seen = m->now;
	e->node = node;
	e->gpu = gpu;
	e->kind = kind;
	e->xid = xid;
	if (kind == EV_XID)
		e->valid |= BIT(EVF_XID);
	model_event_text(e, text);

	for (lo = 0, hi = n; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if (model_event_before(&m->events[o[mid]], e))
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(o + lo + 1, o + lo, (n - lo) * sizeof *o);
	o[lo] = slot;
	m->nevents++;
	if (node < m->nnodes)
		m->nodes[node].event = m->nevents;
	m->gen[DOM_EVENTS]++;
	return (e);
}

/*
 * Whether an event is the node's last one again (a broken driver says the
 * same every refresh): it is counted there, as syslog does, not added.
 */
static int
model_event_repeat(struct model *m, uint32_t node, int gpu,
    enum event_kind kind, int xid, const char *text)
{
	struct event	*e;
	struct tm	 tm;
	time_t		 t = (time_t)m->now;
	uint32_t	 last;
	char		 when[16];

	if (node >= m->nnodes || (last = m->nodes[node].event) == 0 ||
	    m->nevents - (last - 1) > m->eventssize)
		return (0);
	e = &m->events[(last - 1) % m->eventssize];
	if (e->node != node || e->gpu != gpu || e->kind != kind ||
	    e->xid != xid || e->time != e->seen ||
	    strncmp(e->text, text, e->textlen) != 0 ||
	    text[e->textlen] != '\0')
		return (0);
	e->repeats++;
	e->last = m->now;
	strftime(when, sizeof when, "%H:%M:%S", localtime_r(&t, &tm));
	snprintf(e->text + e->textlen, sizeof e->text - e->textlen,
	    " (repeated %u time%s, last %s)", e->repeats,
	    e->repeats == 1 ? "" : "s", when);
	m->gen[DOM_EVENTS]++;
	return (1);
}

void
model_event(struct model *m, uint32_t node, int gpu, enum event_kind kind,
    int xid, const char *fmt, ...)
{
	va_list		 ap;
	char		 text[sizeof m->events->text];

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!model_event_repeat(m, node, gpu, kind, xid, text))
		model_event_add(m, m->now, node, gpu, kind, xid, text);
}

/*
 * An A3's first chip, read before its card's second, was named "NPU 0" in
 * the events just made of it: now that the second is read, they name it
 * as npu-smi does, by card and chip.
 */
static void
model_event_chip(struct model *m, uint32_t node)
{
	struct event	*e;
	char		 text[sizeof m->events->text];
	u_int		 k;

	for (k = m->nevents; k > 0 && m->nevents - k < m->eventssize; k--) {
		e = &m->events[(k - 1) % m->eventssize];
		if (e->node != node || e->gpu != 0 || e->seen != m->now)
			break;
		if (strncmp(e->text, "NPU 0: ", 7) != 0)
			continue;
		snprintf(text, sizeof text, "NPU 0 chip 0: %s", e->text + 7);
		model_event_text(e, text);
		m->gen[DOM_EVENTS]++;
	}
}

/* An Xid the kernel logged at time (0: a time not known) about bus. */
static void printflike(7, 8)
model_event_logged(struct model *m, double time, uint32_t node, int gpu,
    int xid, const char *bus, const char *fmt, ...)
{
	va_list		 ap;
	char		 text[sizeof m->events->text];

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	strlcpy(model_event_add(m, time, node, gpu, EV_XID, xid, text)->bus,
	    bus, sizeof m->events->bus);
}

u_int
model_nevents(const struct model *m)
{
	return (m->nevents < m->eventssize ? m->nevents : m->eventssize);
}

/* The i-th event, newest first by when it happened. */
const struct event *
model_event_get(const struct model *m, u_int i)
{
	if (i >= model_nevents(m))
		return (NULL);
	return (&m->events[m->eventorder[i]]);
}

/* The sink: parsers send records for node m->target. */

static void	model_xid_attribute(struct model *, uint32_t, struct gpu *);

/*
 * A PCI address, domain:bus:device[.function] in hex, as one number; 0
 * when it is none.
 */
static uint64_t
model_bus(const char *s)
{
	static const uint64_t	 max[] = { 0xffffffff, 0xff, 0x1f };
	uint64_t		 v = 0, n;
	char			*end = NULL;
	u_int			 i;

	for (i = 0; i < nitems(max); i++) {
		if (!isxdigit((u_char)*s))
			return (0);
		n = strtoull(s, &end, 16);
		if (n > max[i] || (i < 2 ? *end != ':' : *end != '.' &&
		    *end != '\0'))
			return (0);
		v = v << 8 | n;
		s = end + 1;
	}
	return (v | 1ULL << 63);
}

/*
 * The Xid's "0000:9b:00" and nvidia-smi's "00000000:9B:00.0" name the
 * same GPU; a GB200's "0018:01:00" and "0019:01:00" two.
 */
static int
model_same_bus(const char *a, const char *b)
{
	uint64_t	 v = model_bus(a);

	return (v != 0 && v == model_bus(b));
}

/*
 * What a probe that adds to another's GPUs may give: AMD's static facts
 * and ECC counts; NVIDIA's fabric (nvidia-smi's fabric.* query), only.
 */
#define MODEL_GPU_ADDS	(BIT(GPU_PLIMIT) | BIT(GPU_MEMTOTAL) | \
	BIT(GPU_ECC_SBE) | BIT(GPU_ECC_DBE) | BIT(GPU_CLIQUE))
#define MODEL_GPU_FABRIC BIT(GPU_CLIQUE)

/* A string of GPU from to GPU to, over what it has or where it has none. */
#define MODEL_GPU_STR(to, from, f, over) do {				\
	if ((from)->f[0] != '\0' && ((over) || (to)->f[0] == '\0'))	\
		strlcpy((to)->f, (from)->f, sizeof (to)->f);		\
} while (0)

/*
 * What a probe that adds gives of GPU from (its model, bus, uuid,
 * partition, MODEL_GPU_ADDS) to GPU to: over what it has, or only where
 * it has none.
 */
static void
model_gpu_fill(struct gpu *to, const struct gpu *from, int over)
{
	uint64_t	 fill = from->valid & MODEL_GPU_ADDS;

	MODEL_GPU_STR(to, from, fabric_state, over);
	MODEL_GPU_STR(to, from, fabric_status, over);
	MODEL_GPU_STR(to, from, fabric_health, over);
	MODEL_GPU_STR(to, from, fabric_bandwidth, over);
	MODEL_GPU_STR(to, from, cluster_uuid, over);
	if (to->vendor == VENDOR_NVIDIA)
		fill &= MODEL_GPU_FABRIC;
	MODEL_GPU_STR(to, from, model, over);
	MODEL_GPU_STR(to, from, bus_id, over);
	MODEL_GPU_STR(to, from, uuid, over);
	MODEL_GPU_STR(to, from, partition, over);
	if (!over)
		fill &= ~to->valid;
	if (fill & BIT(GPU_PLIMIT))
		to->power_limit_w = from->power_limit_w;
	if (fill & BIT(GPU_MEMTOTAL))
		to->mem_total_mib = from->mem_total_mib;
	if (fill & BIT(GPU_ECC_SBE))
		to->ecc_sbe = from->ecc_sbe;
	if (fill & BIT(GPU_ECC_DBE))
		to->ecc_dbe = from->ecc_dbe;
	if (fill & BIT(GPU_CLIQUE))
		to->clique_id = from->clique_id;
	to->valid |= fill;
}

/*
 * A read g of accelerator old as its vendor's tools name it, in name (32
 * bytes): by the read's vendor, card and chip, else by the model's.
 */
static const char *
model_gpu_name(const struct model *m, uint32_t node, const struct gpu *g,
    const struct gpu *old, char *name)
{
	alerts_name(m, node, g->vendor, g->valid & BIT(GPU_CARD) ? g : old,
	    old->index, name, 32);
	return (name);
}

/*
 * Node's vendor and model, where nothing said them yet: its first read
 * accelerator's.
 */
static void
model_sink_vendor(struct model *m, uint32_t node, const struct gpu *g)
{
	struct node	*n = &m->nodes[node];

	if (g->vendor == VENDOR_UNKNOWN)
		return;
	if (n->vendor == VENDOR_UNKNOWN || n->vendor_gres)
		n->vendor = g->vendor;
	n->vendor_gres = 0;
	if (n->model[0] == '\0' && g->vendor == n->vendor)
		strlcpy(n->model, g->model, sizeof n->model);
}

/* A Hygon DCU without a model: its node's GRES's. */
static void
model_dcu_name(const struct node *n, struct gpu *g)
{
	if (g->vendor == VENDOR_HYGON && g->model[0] == '\0')
		strlcpy(g->model, n->dcu_model, sizeof g->model);
}

/*
 * The vendors Slurm's GRES names: npu is Ascend's, dcu Hygon's, a gpu
 * of one of these types AMD's or NVIDIA's; any other gpu no one's.
 */
static const struct {
	const char	*gres;
	enum vendor	 vendor;
} model_gres[] = {
	{ .gres = "npu:", .vendor = VENDOR_HUAWEI },
	{ .gres = "dcu:", .vendor = VENDOR_HYGON },
	{ .gres = "gpu:mi210:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi250:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi250x:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi300a:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi300x:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi325x:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:mi355x:", .vendor = VENDOR_AMD },
	{ .gres = "gpu:a100:", .vendor = VENDOR_NVIDIA },
	{ .gres = "gpu:h100:", .vendor = VENDOR_NVIDIA },
	{ .gres = "gpu:h200:", .vendor = VENDOR_NVIDIA },
	{ .gres = "gpu:b200:", .vendor = VENDOR_NVIDIA },
	{ .gres = "gpu:gb200:", .vendor = VENDOR_NVIDIA },
	{ .gres = "gpu:gb300:", .vendor = VENDOR_NVIDIA },
};

/*
 * What node n's Slurm GRES says: the model of its Hygon DCUs, which
 * hy-smi's table does not name and of whose --showproductname no real
 * output was found (dcu:k100:4 is K100); and, while nothing else said
 * it, its vendor: one of model_gres[] for all its entries, else unknown.
 */
static void
model_gres_read(struct node *n, const char *gres)
{
	const char	*p, *e;
	enum vendor	 v = VENDOR_UNKNOWN, w;
	size_t		 i, len;
	int		 none = 0;

	n->dcu_model[0] = '\0';
	for (p = gres; p != NULL && *p != '\0'; p = strchr(p, ',')) {
		p += *p == ',';
		if (strncmp(p, "dcu:", 4) == 0 && n->dcu_model[0] == '\0' &&
		    (e = strchr(p + 4, ':')) != NULL &&
		    (len = e - (p + 4)) > 0 && len < sizeof n->dcu_model) {
			for (i = 0; i < len; i++)
				n->dcu_model[i] = toupper((u_char)p[4 + i]);
			n->dcu_model[len] = '\0';
		}
		w = VENDOR_UNKNOWN;
		for (i = 0; i < nitems(model_gres); i++) {
			if (strncasecmp(p, model_gres[i].gres,
			    strlen(model_gres[i].gres)) == 0)
				w = model_gres[i].vendor;
		}
		if (w == VENDOR_UNKNOWN || (v != VENDOR_UNKNOWN && w != v))
			none = 1;
		v = w;
	}
	if (n->vendor != VENDOR_UNKNOWN && !n->vendor_gres)
		return;
	n->vendor = none ? VENDOR_UNKNOWN : v;
	n->vendor_gres = n->vendor != VENDOR_UNKNOWN;
}

static void
model_sink_gpu(void *arg, const struct gpu *g)
{
	struct model	*m = arg;
	struct gpu	*old, kept;
	uint32_t	 node = m->target;
	uint64_t	 xidvalid, bus, added;
	u_int		 i;
	char		 name[32];		/* model_gpu_name() */

	m->sink_records++;
	if (node >= m->nnodes)
		return;
	if (g->valid & BIT(GPU_INDEX))
		i = g->index;
	else {
		/*
		 * An error line ("Unable to determine the device handle for
		 * GPU 0000:18:00.0: GPU is lost") has no index: the GPU with
		 * that bus, else the one in that line's place.
		 */
		for (i = 0; i < m->nodes[node].ngpus; i++) {
			if (g->bus_id[0] != '\0' && model_same_bus(
			    model_gpu(m, node, i)->bus_id, g->bus_id))
				break;
		}
		if (i == m->nodes[node].ngpus)
			i = m->sink_next;
	}
	/*
	 * A probe that adds to another's records tells nothing of how many
	 * GPUs the node has, nor of a GPU's error: that is the other's.
	 */
	if (m->sink_adds && (!(g->valid & BIT(GPU_INDEX)) ||
	    i >= m->nodes[node].ngpus))
		return;
	if ((!m->sink_adds && model_report(m, node, i) != 0) ||
	    (old = model_gpu(m, node, i)) == NULL)
		return;
	m->sink_next = old->index + 1;
	bus = model_bus(old->bus_id);
	if ((g->valid & BIT(GPU_CARD)) && old->index == 1 && g->card == 0 &&
	    g->chip == 1)
		model_event_chip(m, node);
	if (g->error[0] != '\0' && old->error[0] == '\0')
		model_event(m, node, old->index, EV_STATE, 0, "%s: %s",
		    model_gpu_name(m, node, g, old, name), g->error);
	if ((g->valid & BIT(GPU_ECC_DBE)) && (old->valid & BIT(GPU_ECC_DBE)) &&
	    g->ecc_dbe > old->ecc_dbe)
		model_event(m, node, old->index, EV_ECC, 0,
		    "%s: %suncorrectable ECC errors %llu -> %llu",
		    model_gpu_name(m, node, g, old, name),
		    g->vendor == VENDOR_AMD ? "RAS: " : "",
		    (unsigned long long)old->ecc_dbe,
		    (unsigned long long)g->ecc_dbe);
	/*
	 * AMD's RAS counts (amd-smi metric --ecc-block): uncorrectable
	 * errors at a GPU's first read are news too, as the Xid of them in
	 * the kernel log is on NVIDIA's.
	 */
	if (g->vendor == VENDOR_AMD && (g->valid & BIT(GPU_ECC_DBE)) &&
	    !(old->valid & BIT(GPU_ECC_DBE)) && g->ecc_dbe > 0)
		model_event(m, node, old->index, EV_ECC, 0,
		    "%s: RAS: %llu uncorrectable ECC errors",
		    model_gpu_name(m, node, g, old, name),
		    (unsigned long long)g->ecc_dbe);
	/* A health word but OK (npu-smi's Alarm, Warning): news of it. */
	if (g->health[0] != '\0' && strcmp(g->health, "OK") != 0 &&
	    strcmp(g->health, old->health) != 0)
		model_event(m, node, old->index, EV_HEALTH, 0,
		    "%s: health %s", model_gpu_name(m, node, g, old, name),
		    g->health);
	if (m->sink_adds && old->valid == 0 && old->error[0] == '\0') {
		/*
		 * Another probe's fields of a GPU its own probe has not read
		 * yet: kept for that read, the GPU not read for them.
		 */
		added = old->added;
		old->added = 0;
		old->valid = added;
		model_gpu_fill(old, g, 1);
		old->added = old->valid;
		old->valid = 0;
		old->vendor = g->vendor;
		return;
	} else if (m->sink_adds) {
		/* Another probe's fields of the same GPU (amd-smi static). */
		model_gpu_fill(old, g, 1);
		old->vendor = g->vendor;
		i = g->index;
	} else if (g->valid & BIT(GPU_INDEX)) {
		/* The Xid comes from the kernel log, not from this sample. */
		i = old->xid;
		xidvalid = old->valid & BIT(GPU_XID);
		/*
		 * What a probe that adds gave is kept by the records of the
		 * probe it adds to, of the same vendor (amd-smi monitor's,
		 * after amd-smi static's or metric --ecc-block's, whichever
		 * came first): it is the same GPU's.  Another probe's record
		 * is whole: what it leaves out is not known.
		 */
		kept = *g;
		kept.added = 0;
		old->valid |= old->added;
		if (m->sink_kept && (g->vendor == old->vendor ||
		    old->added != 0))
			model_gpu_fill(&kept, old, 0);
		*old = kept;
		if (!(g->valid & BIT(GPU_XID))) {
			old->xid = i;
			old->valid |= xidvalid;
		}
		i = g->index;
	} else {
		/* An error line: keep what identifies the GPU. */
		i = old->index;
		old->valid = BIT(GPU_INDEX) | (old->valid & BIT(GPU_XID));
		strlcpy(old->error, g->error, sizeof old->error);
		old->vendor = g->vendor;
		if (old->bus_id[0] == '\0')
			strlcpy(old->bus_id, g->bus_id, sizeof old->bus_id);
	}
	old->node = node;
	old->index = i;
	old->valid |= BIT(GPU_INDEX);
	model_dcu_name(&m->nodes[node], old);
	model_sink_vendor(m, node, old);
	if (m->nodes[node].xid_unknown > 0 && model_bus(old->bus_id) != bus)
		model_xid_attribute(m, node, old);
	model_history_add(m, old);
	m->nodes[node].updated = m->now;
	m->gen[DOM_GPUS]++;
}

/* The fabric of a node's peer links, as events name it: NVLink, XGMI. */
static const char *
model_link_fabric(struct model *m, uint32_t node)
{
	struct link_expect	 e;
	struct link_fabric	 f;

	memset(&e, 0, sizeof e);
	links_fabric(m, node, &e, &f);
	return (f.name);
}

static void
model_sink_nvlink(void *arg, const struct nvlink *l)
{
	struct model	*m = arg;
	struct nvlink	*old;
	const struct gpu *gpu;
	uint32_t	 node = m->target;
	char		 name[32];		/* model_gpu_name() */

	m->sink_records++;
	if (node >= m->nnodes || l->gpu < 0 || l->link < 0)
		return;
	if (m->nvlinks == NULL) {
		m->nvlinks = xcalloc((size_t)m->ngpus * m->links_per_gpu,
		    sizeof *m->nvlinks);
	}
	if ((old = model_nvlink(m, node, l->gpu, l->link)) == NULL)
		return;
	gpu = model_gpu(m, node, l->gpu);
	if (l->state != LINK_UNKNOWN) {
		if (old->state == LINK_UP && l->state != LINK_UP)
			model_event(m, node, l->gpu, EV_LINK, 0,
			    "%s %s %d down", model_gpu_name(m, node, gpu, gpu,
			    name), model_link_fabric(m, node), l->link);
		old->state = l->state;
		old->speed_gbs = l->speed_gbs;
		old->valid = (old->valid & ~BIT(NVL_SPEED)) |
		    (l->valid & BIT(NVL_SPEED));
	}
	if (l->valid & BIT(NVL_REPLAY))
		old->replay = l->replay;
	if (l->valid & BIT(NVL_RECOVERY))
		old->recovery = l->recovery;
	if (l->valid & BIT(NVL_CRC))
		old->crc = l->crc;
	old->valid |= l->valid & (BIT(NVL_REPLAY) | BIT(NVL_RECOVERY) |
	    BIT(NVL_CRC));
	old->node = node;
	old->gpu = l->gpu;
	old->link = l->link;
	m->gen[DOM_LINKS]++;
}

/*
 * A record with counters and no state (perfquery) updates the port ibstat
 * read; one with a state (ibstat) replaces the port but keeps its counters.
 */
static int
model_ib_counters_only(const struct ibport *p)
{
	return (p->state == LINK_UNKNOWN && p->phys == LINK_UNKNOWN &&
	    p->state_str[0] == '\0' && p->phys_str[0] == '\0' &&
	    (p->valid & ~IB_COUNTERS) == 0 && (p->valid & IB_COUNTERS) != 0);
}

/*
 * Room for one more port of node `node': a node with more ports than any
 * before it (an Atlas A3's 16 NPU RoCE ports and the host's InfiniBand)
 * doubles every node's room, one pass over the ports, and rarely.
 */
static int
model_ib_grow(struct model *m, uint32_t node)
{
	struct ibport	*to;
	uint32_t	 id;
	u_int		 per = m->ib_per_node * 2;

	if (m->nodes[node].nib < m->ib_per_node)
		return (0);
	if (per > MODEL_IB_MAX)
		return (-1);
	to = xcalloc((size_t)m->nnodes * per, sizeof *to);
	for (id = 0; id < m->nnodes; id++) {
		memcpy(&to[(size_t)id * per],
		    &m->ibports[(size_t)id * m->ib_per_node],
		    m->nodes[id].nib * sizeof *to);
	}
	free(m->ibports);
	m->ibports = to;
	m->ib_per_node = per;
	return (0);
}

static void
model_sink_ibport(void *arg, const struct ibport *p)
{
	struct model	*m = arg;
	struct node	*n;
	struct ibport	*base, *old = NULL, keep;
	uint32_t	 node = m->target;
	u_int		 i;
	int		 counters;

	m->sink_records++;
	if (node >= m->nnodes)
		return;
	n = &m->nodes[node];
	if (m->ibports == NULL) {
		m->ibports = xcalloc((size_t)m->nnodes * m->ib_per_node,
		    sizeof *m->ibports);
	}
	base = &m->ibports[(size_t)node * m->ib_per_node];
	counters = model_ib_counters_only(p);
	for (i = 0; i < n->nib && old == NULL; i++) {
		if (base[i].port == p->port && (strcmp(base[i].device,
		    p->device) == 0 || (counters && p->device[0] == '\0')))
			old = &base[i];
	}
	if (counters) {
		/* perfquery: the counters of a port ibstat read. */
		if (old == NULL)
			return;
		old->symerr = p->symerr;
		old->linkdown = p->linkdown;
		old->rcverr = p->rcverr;
		old->linkrec = p->linkrec;
		old->valid = (old->valid & ~IB_COUNTERS) |
		    (p->valid & IB_COUNTERS);
		m->gen[DOM_IB]++;
		return;
	}
	if (old == NULL) {
		if (model_ib_grow(m, node) != 0)
			return;
		base = &m->ibports[(size_t)node * m->ib_per_node];
		old = &base[n->nib++];
	} else if (old->state == LINK_UP && p->state != LINK_UP)
		model_event(m, node, -1, EV_LINK, 0, "%s port %d %s (%s)",
		    p->device, p->port, p->state_str[0] ? p->state_str : "down",
		    p->phys_str);
	keep = *old;
	*old = *p;
	if (!(p->valid & IB_COUNTERS)) {
		/* ibstat has no counters: keep perfquery's. */
		old->symerr = keep.symerr;
		old->linkdown = keep.linkdown;
		old->rcverr = keep.rcverr;
		old->linkrec = keep.linkrec;
		old->valid |= keep.valid & IB_COUNTERS;
	}
	old->node = node;
	m->gen[DOM_IB]++;
}

static void
model_sink_sensor(void *arg, const struct sensor *s)
{
	struct model	*m = arg;
	struct node	*n;
	struct sensor	*dst;
	uint32_t	 node = m->target;

	m->sink_records++;
	if (node >= m->nnodes)
		return;
	n = &m->nodes[node];
	if (m->sensors == NULL) {
		m->sensors = xcalloc((size_t)m->nnodes * m->sensors_per_node,
		    sizeof *m->sensors);
	}
	if (n->nsensors >= m->sensors_per_node)
		return;
	dst = &m->sensors[(size_t)node * m->sensors_per_node + n->nsensors++];
	*dst = *s;
	dst->node = node;
	m->gen[DOM_SENSORS]++;
}

static void
model_sink_snode_one(struct model *m, int id, const struct snode *s)
{
	struct node	*n;
	u_int		 i;

	if (id < 0)
		return;
	n = &m->nodes[id];
	if (n->state[0] != '\0' && strcmp(n->state, s->state) != 0)
		model_event(m, id, -1, EV_STATE, 0, "state %s -> %s%s%s",
		    n->state, s->state, s->reason[0] ? ": " : "", s->reason);
	strlcpy(n->state, s->state, sizeof n->state);
	strlcpy(n->reason, s->reason, sizeof n->reason);
	if (s->valid & BIT(SN_GPUS))
		n->gpus_slurm = s->gpus > 0 ? s->gpus : 0;
	model_gres_read(n, s->gres);
	for (i = 0; i < n->ngpus; i++) {
		model_dcu_name(n, &m->gpus[n->gpu0 + i]);
		model_sink_vendor(m, id, &m->gpus[n->gpu0 + i]);
	}
	strlcpy(n->partitions, s->partitions, sizeof n->partitions);
	m->gen[DOM_NODES]++;
}

static void
model_sink_snode(void *arg, const struct snode *s)
{
	struct model	*m = arg;
	struct nodeset	*ns;
	size_t		 i;
	char		*cause;

	m->sink_records++;
	if (strpbrk(s->name, "[,") == NULL) {
		model_sink_snode_one(m, model_find(m, s->name), s);
		return;
	}
	ns = nodeset_create();
	if (nodeset_parse(ns, s->name, &cause) != 0)
		free(cause);
	else {
		for (i = 0; i < nodeset_count(ns); i++) {
			model_sink_snode_one(m,
			    model_find(m, nodeset_name(ns, i)), s);
		}
	}
	nodeset_free(ns);
}

/* A job: its state read once, here; its nodes when the queue ends. */
static void
model_sink_job(void *arg, const struct job *j)
{
	static const char	*states[] = {
		[JS_PENDING] = "PENDING", [JS_RUNNING] = "RUNNING",
		[JS_COMPLETING] = "COMPLETING",
	};
	struct model		*m = arg;
	struct job		*new;
	u_int			 i;

	m->sink_records++;
	if (m->njobs == m->jobssize) {
		m->jobssize = m->jobssize ? m->jobssize * 2 : 256;
		m->jobs = xreallocarray(m->jobs, m->jobssize, sizeof *m->jobs);
	}
	new = &m->jobs[m->njobs++];
	*new = *j;
	new->jstate = JS_OTHER;
	for (i = 0; i < nitems(states); i++) {
		if (states[i] != NULL && strcmp(j->state, states[i]) == 0)
			new->jstate = i;
	}
	new->first = new->count = 0;
}

static void
model_sink_xid(void *arg, const struct xid *x)
{
	struct model	*m = arg;

	m->sink_records++;
	if (m->target >= m->nnodes)
		return;
	/* Kept until the read ends (model_xid_end), the last MODEL_XIDS. */
	if (m->xids == NULL)
		m->xids = xcalloc(MODEL_XIDS, sizeof *m->xids);
	if (m->nxids == MODEL_XIDS) {
		memmove(m->xids, m->xids + 1, (MODEL_XIDS - 1) * sizeof *m->xids);
		m->nxids--;
	}
	m->xids[m->nxids++] = *x;
}

static uint64_t
model_xid_hash(const struct xid *x)
{
	uint64_t	 h = 14695981039346656037ULL;
	const char	*s[] = { x->time, x->bus_id, x->message };
	const char	*p;
	size_t		 i;

	for (i = 0; i < nitems(s); i++) {
		for (p = s[i]; *p != '\0'; p++)
			h = (h ^ (u_char)*p) * 1099511628211ULL;
		h = (h ^ (u_int)x->xid) * 1099511628211ULL;
	}
	return (h);
}

/*
 * An Xid's message, what happened first: "pid=1, name=x, Ch 08" becomes
 * "Ch 08 (pid=1, name=x)", so that a narrow column shows what it means.
 */
static void
model_xid_text(char *buf, size_t len, const char *msg)
{
	const char	*p = msg, *c;

	if (strncmp(p, "pid=", 4) == 0 && (c = strstr(p, ", ")) != NULL) {
		p = c + 2;
		if (strncmp(p, "name=", 5) == 0)
			p = (c = strstr(p, ", ")) != NULL ? c + 2 : "";
	}
	if (p == msg || *p == '\0')
		strlcpy(buf, msg, len);
	else
		snprintf(buf, len, "%s (%.*s)", p, (int)(p - 2 - msg), msg);
}

/* An Xid line of node's kernel log: an event if it is news. */
static void
model_xid(struct model *m, uint32_t node, const struct xid *x, int old)
{
	struct gpu	*g;
	char		 text[sizeof x->message + 4];
	u_int		 i;

	model_xid_text(text, sizeof text, x->message);
	for (i = 0; i < m->nodes[node].ngpus; i++) {
		g = model_gpu(m, node, i);
		if (!model_same_bus(g->bus_id, x->bus_id))
			continue;
		if (!old)
			model_event_logged(m, x->when, node, i, x->xid,
			    x->bus_id, "GPU %u: Xid %d: %s", i, x->xid, text);
		g->xid = x->xid;
		g->valid |= BIT(GPU_XID);
		m->gen[DOM_GPUS]++;
		return;
	}
	/* Not a GPU the node has listed (yet): model_xid_attribute(). */
	if (!old) {
		model_event_logged(m, x->when, node, -1, x->xid, x->bus_id,
		    "GPU ? (PCI %s): Xid %d: %s", x->bus_id, x->xid, text);
		m->nodes[node].xid_unknown++;
	}
}

/*
 * GPU g's bus has become known (its list came after the kernel log): the
 * Xids of its node that named that bus are its.
 */
static void
model_xid_attribute(struct model *m, uint32_t node, struct gpu *g)
{
	struct event	*e;
	const char	*p;
	char		 text[sizeof e->text];
	u_int		 i, left = 0;

	for (i = 0; i < model_nevents(m); i++) {
		e = &m->events[m->eventorder[i]];	/* newest first */
		if (e->node != node || e->kind != EV_XID || e->gpu >= 0)
			continue;
		p = strstr(e->text, "): Xid ");
		if (p == NULL || !model_same_bus(g->bus_id, e->bus)) {
			left++;
			continue;
		}
		snprintf(text, sizeof text, "GPU %d%s", g->index, p + 1);
		model_event_text(e, text);
		e->gpu = g->index;
		if (!(g->valid & BIT(GPU_XID))) {
			g->xid = e->xid;
			g->valid |= BIT(GPU_XID);
		}
		m->gen[DOM_EVENTS]++;
	}
	m->nodes[node].xid_unknown = left;
}

/*
 * One GPU's Fabric block of nvidia-smi -q: the fields --query-gpu's
 * fabric.* fill, on the target's GPU of its bus (a block with none, as a
 * grep of it, names no GPU and is left).
 */
static void
model_sink_fabric(void *arg, const struct fabric *f)
{
	struct model	*m = arg;
	struct gpu	*g;
	u_int		 i, n;

	m->sink_records++;
	if (m->target >= m->nnodes || f->bus_id[0] == '\0')
		return;
	g = model_gpus(m, m->target, &n);
	for (i = 0; i < n && !model_same_bus(g[i].bus_id, f->bus_id); i++)
		;
	if (i == n)
		return;
	g += i;
	g->valid &= ~BIT(GPU_CLIQUE);
	if (f->valid & BIT(FAB_CLIQUE)) {
		g->clique_id = f->clique_id;
		g->valid |= BIT(GPU_CLIQUE);
	}
	strlcpy(g->fabric_state, f->state, sizeof g->fabric_state);
	strlcpy(g->fabric_status, f->status, sizeof g->fabric_status);
	strlcpy(g->fabric_health, f->health, sizeof g->fabric_health);
	strlcpy(g->fabric_bandwidth, f->bandwidth,
	    sizeof g->fabric_bandwidth);
	strlcpy(g->cluster_uuid, f->cluster_uuid, sizeof g->cluster_uuid);
	m->gen[DOM_GPUS]++;
}

/*
 * One node of the IMEX domain the target's nvidia-imex-ctl -N reports:
 * the first of a read starts the target's anew.  The target keeps the
 * Domain State and the nodes not READY, each by its address as printed
 * (nodes_config.cfg holds host names, which are the model's, or IPs).
 */
static void
model_sink_imex(void *arg, const struct imex *x)
{
	struct model	*m = arg;
	struct node	*n;
	const char	*p;
	char		 peer[128];
	size_t		 len;
	u_int		 kept;

	m->sink_records++;
	if (m->target >= m->nnodes)
		return;
	n = &m->nodes[m->target];
	if (m->sink_imex++ == 0) {
		n->imex_down = 0;
		n->imex_peers[0] = '\0';
		n->imex_error[0] = '\0';
	}
	strlcpy(n->imex, x->domain, sizeof n->imex);
	if (strcmp(x->state, "READY") != 0) {
		/* Whole peers while they fit: scaleup_imex_peers counts. */
		len = strlen(n->imex_peers);
		snprintf(peer, sizeof peer, "%s%s %s", len > 0 ? "," : "",
		    x->address, x->state);
		for (p = n->imex_peers, kept = len > 0; *p != '\0'; p++)
			kept += *p == ',';
		if (kept == n->imex_down &&
		    len + strlen(peer) < sizeof n->imex_peers)
			strlcpy(n->imex_peers + len, peer,
			    sizeof n->imex_peers - len);
		n->imex_down++;
	}
	m->gen[DOM_LINKS]++;
}

/*
 * Node id's IMEX probe failed (why: exited 1: ...): its domain says so,
 * until a report is read.  The last report's state is not kept.
 */
void
model_imex_failed(struct model *m, uint32_t id, const char *why)
{
	struct node	*n;

	if (id >= m->nnodes)
		return;
	n = &m->nodes[id];
	n->imex[0] = '\0';
	n->imex_down = 0;
	n->imex_peers[0] = '\0';
	strlcpy(n->imex_error, why, sizeof n->imex_error);
	m->gen[DOM_LINKS]++;
}

/* A sink that sends records about node `node' into the model. */
/* The first thing a parser could not read, for model_sink_failed(). */
static void
model_sink_error(void *arg, u_int line, const char *msg)
{
	struct model	*m = arg;

	if (m->sink_errors++ == 0 && line == 0)	/* a whole document's */
		strlcpy(m->sink_first, msg, sizeof m->sink_first);
	else if (m->sink_errors == 1)
		snprintf(m->sink_first, sizeof m->sink_first, "line %u: %s",
		    line, msg);
}

/*
 * Whether what the sink was given since model_sink() held errors: -1 and
 * nothing readable, 1 and records too; then the first, in buf.
 */
int
model_sink_failed(const struct model *m, char *buf, size_t len)
{
	if (m->sink_errors == 0)
		return (0);
	snprintf(buf, len, "%s", m->sink_first);
	return (m->sink_records > 0 ? 1 : -1);
}

void
model_sink(struct model *m, int node, struct sink *s)
{
	memset(s, 0, sizeof *s);
	m->target = node;
	m->sink_next = 0;
	m->sink_adds = m->sink_kept = 0;
	m->sink_records = m->sink_errors = m->sink_imex = 0;
	s->arg = m;
	s->gpu = model_sink_gpu;
	s->nvlink = model_sink_nvlink;
	s->ibport = model_sink_ibport;
	s->sensor = model_sink_sensor;
	s->snode = model_sink_snode;
	s->job = model_sink_job;
	s->xid = model_sink_xid;
	s->fabric = model_sink_fabric;
	s->imex = model_sink_imex;
	s->error = model_sink_error;
}

void
model_sensors_begin(struct model *m, uint32_t node)
{
	if (node < m->nnodes)
		m->nodes[node].nsensors = 0;
}

void
model_xid_begin(struct model *m, uint32_t node)
{
	m->nxids = 0;
}

/*
 * The read of node's kernel log is whole.  It may overlap the last one
 * (the whole log again, or a window with some slack): the lines up to the
 * one the last read ended with are not news.  Without that line (the
 * first read, a reboot, a log that wrapped) every line is.
 */
void
model_xid_end(struct model *m, uint32_t node)
{
	u_int	 i, news = 0;

	if (node >= m->nnodes || m->nxids == 0)
		return;
	for (i = m->nxids; i > 0; i--) {
		if (model_xid_hash(&m->xids[i - 1]) == m->nodes[node].xid_mark) {
			news = i;
			break;
		}
	}
	for (i = 0; i < m->nxids; i++)
		model_xid(m, node, &m->xids[i], i < news);
	m->nodes[node].xid_mark = model_xid_hash(&m->xids[m->nxids - 1]);
	m->nxids = 0;
}

void
model_jobs_begin(struct model *m)
{
	m->njobs = 0;
}

/*
 * The queue is complete: each running job's node set, expanded once into
 * the ids of the nodes the model has, and which running job is on which
 * node.
 */
void
model_jobs_end(struct model *m)
{
	struct nodeset	*ns;
	struct job	*j;
	size_t		 i;
	u_int		 k;
	int		 id;
	char		*cause;

	for (k = 0; k < m->nnodes; k++) {
		m->nodes[k].job = -1;
		m->nodes[k].njobs = 0;
	}
	m->njobnodes = 0;
	ns = nodeset_create();
	for (k = 0; k < m->njobs; k++) {
		j = &m->jobs[k];
		j->first = m->njobnodes;
		j->count = 0;
		if (j->jstate != JS_RUNNING && j->jstate != JS_COMPLETING)
			continue;
		nodeset_clear(ns);
		if (nodeset_parse(ns, j->nodes, &cause) != 0) {
			free(cause);
			continue;
		}
		for (i = 0; i < nodeset_count(ns); i++) {
			if ((id = model_find(m, nodeset_name(ns, i))) < 0)
				continue;
			if (m->nodes[id].job == -1)
				m->nodes[id].job = k;
			m->nodes[id].njobs++;
			if (m->njobnodes == m->jobnodessize) {
				m->jobnodessize = m->jobnodessize ?
				    m->jobnodessize * 2 : 1024;
				m->jobnodes = xreallocarray(m->jobnodes,
				    m->jobnodessize, sizeof *m->jobnodes);
			}
			m->jobnodes[m->njobnodes++] = id;
			j->count++;
		}
	}
	nodeset_free(ns);
	m->gen[DOM_JOBS]++;
}

/*
 * The nodes a node set names, as a mask of node ids.  A name the cluster
 * does not have is an error; NULL or "" selects every node.
 */
int
model_select(const struct model *m, const char *expr, uint8_t **mask,
    char **cause)
{
	struct nodeset	*ns;
	size_t		 i;
	int		 id;
	char		*unknown;

	*mask = xcalloc(m->nnodes ? m->nnodes : 1, 1);
	if (expr == NULL || *expr == '\0') {
		memset(*mask, 1, m->nnodes);
		return (0);
	}
	ns = nodeset_create();
	if (nodeset_parse(ns, expr, cause) != 0)
		goto fail;
	for (i = 0; i < nodeset_count(ns); i++) {
		if ((id = model_find(m, nodeset_name(ns, i))) < 0) {
			unknown = model_unknown(m, expr);
			xasprintf(cause, "no such node: %s", unknown);
			free(unknown);
			goto fail;
		}
		(*mask)[id] = 1;
	}
	nodeset_free(ns);
	return (0);
fail:
	nodeset_free(ns);
	free(*mask);
	*mask = NULL;
	return (-1);
}

/*
 * The names of node set EXPR that are no node of the cluster, folded; NULL
 * if there are none, or EXPR is no node set.
 */
char *
model_unknown(const struct model *m, const char *expr)
{
	struct nodeset	*ns = nodeset_create(), *bad = nodeset_create();
	char		*cause, *set = NULL;
	size_t		 i;

	if (nodeset_parse(ns, expr, &cause) != 0) {
		free(cause);
		nodeset_clear(ns);
	}
	for (i = 0; i < nodeset_count(ns); i++) {
		if (model_find(m, nodeset_name(ns, i)) < 0)
			nodeset_add(bad, nodeset_name(ns, i));
	}
	if (nodeset_count(bad) > 0)
		set = nodeset_fold(bad);
	nodeset_free(bad);
	nodeset_free(ns);
	return (set);
}

/* Node ids as a folded node set: gpu[0001-0004,0009]. */
char *
model_fold(const struct model *m, const int *ids, u_int n)
{
	struct nodeset	*ns = nodeset_create();
	char		*set;
	u_int		 i;

	for (i = 0; i < n; i++)
		nodeset_add(ns, model_node_name(m, ids[i]));
	set = nodeset_fold(ns);
	nodeset_free(ns);
	return (set);
}
