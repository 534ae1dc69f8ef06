/*
 * myriad - scale-up domains: the GPUs that share a scale-up fabric (an
 * NVL72 rack's 72 GPUs on their NVSwitches, an HGX server's 8), and
 * whether a job the size of one can run there.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Domains are found, node by node, in this order:
 *
 *	1. from the hardware: NVIDIA GPUs report a ClusterUUID (their NVLink
 *	   domain) and a CliqueId; the nodes whose GPUs share a ClusterUUID
 *	   (not the zeros of a single-node NVSwitch) are one domain, with
 *	   the nodes of its rack that reported none when it is all of one
 *	   rack (a tray not read is still the rack's; a node of another
 *	   vendor or of none is not);
 *	2. from the domains option: "rack", every rack a domain, or node
 *	   sets separated by `;' (a list in the configuration file);
 *	3. else a node is a domain of its own.
 *
 * They are rebuilt when the model's nodes, GPUs, links or jobs changed,
 * in O(nodes + GPUs + links + job nodes).
 */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "myriad.h"

#define SCALEUP_DOMAINS	(BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_LINKS) | \
	BIT(DOM_JOBS))
#define SCALEUP_NONE	UINT32_MAX

static const char *scaleup_fabrics[] = {
	[SUF_COMPLETED] = "completed",
	[SUF_PROGRESS] = "in_progress",
	[SUF_FAILED] = "failed",
	[SUF_UNKNOWN] = "unknown",
};
/* The verdicts whose reasons are told, the worst first. */
static const int scaleup_worst[] = { SU_BROKEN, SU_DEGRADED, SU_UNKNOWN };

/* A ClusterUUID's domain while they are found: open addressing. */
struct scaleup_uuid {
	const char	*uuid;
	uint32_t	 group;
};

/* A reason told of many nodes, folded: gpu[0001,0003] drained. */
struct scaleup_fold {
	enum scaleup_verdict v;
	char		*what;
	struct nodeset	*nodes;
};

/* The reasons of one domain, the worst first. */
struct scaleup_why {
	struct buf	 text[SU_UNKNOWN + 1];
	struct scaleup_fold *folds;
	u_int		 nfolds;
};

/* healthy, degraded, broken, unknown: the names fields.c gives them. */
const char *
scaleup_verdict_name(enum scaleup_verdict v)
{
	return (field_enum_name(FT_SUVERDICT, v));
}

const char *
scaleup_fabric_name(enum scaleup_fabric f)
{
	return ((u_int)f < nitems(scaleup_fabrics) ? scaleup_fabrics[f] : "?");
}

/*
 * A GPU's fabric by its Fabric State and Status as nvidia-smi prints them:
 * Completed and Success is up; In Progress or Not Started still coming
 * up; Completed with another Status (Insufficient Resources ...) or
 * another state failed; N/A (""), Not Supported or not read unknown.
 * Completed with no Status read is up: the Status says nothing there.
 */
enum scaleup_fabric
scaleup_fabric_of(const struct gpu *g)
{
	const char	*s = g->fabric_state;

	if (*s == '\0' || strcasecmp(s, "Not Supported") == 0)
		return (SUF_UNKNOWN);
	if (strcasecmp(s, "In Progress") == 0 ||
	    strcasecmp(s, "Not Started") == 0)
		return (SUF_PROGRESS);
	if (strcasecmp(s, "Completed") == 0 && (*g->fabric_status == '\0' ||
	    strcasecmp(g->fabric_status, "Success") == 0))
		return (SUF_COMPLETED);
	return (SUF_FAILED);
}

/* A GPU's ClusterUUID naming a domain: not N/A, not the zeros. */
static const char *
scaleup_uuid(const struct gpu *g)
{
	const char	*s = g->cluster_uuid;

	if (*s == '\0' || strspn(s, "0-") == strlen(s))
		return (NULL);
	return (s);
}

/* The group of uuid in t (size a power of two), a new one if new. */
static uint32_t
scaleup_uuid_group(struct scaleup_uuid *t, u_int size, const char *uuid,
    uint32_t *ngroups)
{
	u_int	 i = model_hash(uuid) & (size - 1);

	while (t[i].uuid != NULL) {
		if (strcmp(t[i].uuid, uuid) == 0)
			return (t[i].group);
		i = (i + 1) & (size - 1);
	}
	t[i].uuid = uuid;
	t[i].group = (*ngroups)++;
	return (t[i].group);
}

/* Whether node n is a Grace Blackwell compute tray (GB200, GB300). */
static int
scaleup_tray(const struct node *n)
{
	return (n->vendor == VENDOR_NVIDIA && !n->gpus_none &&
	    model_tray(n->model));
}

/* Whether node n, not read, may be a tray: NVIDIA's or of no vendor. */
static int
scaleup_tray_maybe(const struct node *n)
{
	return (!n->gpus_known && !n->gpus_none &&
	    (n->vendor == VENDOR_NVIDIA || n->vendor == VENDOR_UNKNOWN));
}

/*
 * 1b: the trays whose fabric was not read (no ClusterUUID: probe.fabric
 * off, an old driver): a rack of them (and of nodes not read) is one
 * domain, its rack's, in group[] after the ngroups before; a tray in a
 * rack of other nodes stays alone (kind tray4).
 */
static uint32_t
scaleup_find_trays(struct model *m, uint32_t *group, uint32_t **racks,
    uint32_t ngroups)
{
	const struct node	*n;
	uint32_t		*rackgr, id, first = ngroups;

	rackgr = xcalloc(m->nracks + 1, sizeof *rackgr);
	/* 0 nothing yet, 1 trays, 2 another accelerator's: not a domain. */
	for (id = 0; id < m->nnodes; id++) {
		n = &m->nodes[id];
		if (group[id] == SCALEUP_NONE && scaleup_tray(n))
			rackgr[n->rack] |= rackgr[n->rack] == 0;
		else if (group[id] != SCALEUP_NONE ||
		    (!scaleup_tray_maybe(n) && !n->gpus_none))
			rackgr[n->rack] = 2;
	}
	for (id = 0; id < m->nracks; id++)
		rackgr[id] = rackgr[id] == 1 ? ngroups++ : SCALEUP_NONE;
	if (ngroups > first) {
		*racks = xreallocarray(*racks, ngroups, sizeof **racks);
		for (id = 0; id < m->nracks; id++) {
			if (rackgr[id] != SCALEUP_NONE)
				(*racks)[rackgr[id]] = id;
		}
		for (id = 0; id < m->nnodes; id++) {
			n = &m->nodes[id];
			if (group[id] == SCALEUP_NONE && (scaleup_tray(n) ||
			    scaleup_tray_maybe(n)))
				group[id] = rackgr[n->rack];
		}
	}
	free(rackgr);
	return (ngroups);
}

/*
 * 1: each node whose GPUs name a ClusterUUID in group[id].  A group all
 * in one rack, alone there, is that rack's: its rack in *racks (indexed
 * by group; SCALEUP_NONE if none), and the rack's nodes that name none
 * and may be its trays (not read, NVIDIA's) are the group's too.
 */
static uint32_t
scaleup_find_hardware(struct model *m, uint32_t *group, uint32_t **racks)
{
	struct scaleup_uuid	*t;
	const struct node	*n;
	struct gpu		*g;
	const char		*uuid;
	uint32_t		 ngroups = 0, id, gr, *rackof, *alone;
	u_int			 size = 64, i, ng;

	while (size < m->nnodes * 2)
		size *= 2;
	t = xcalloc(size, sizeof *t);
	for (id = 0; id < m->nnodes; id++) {
		group[id] = SCALEUP_NONE;
		g = model_gpus(m, id, &ng);
		for (i = 0; i < ng; i++) {
			if ((uuid = scaleup_uuid(&g[i])) != NULL) {
				group[id] = scaleup_uuid_group(t, size, uuid,
				    &ngroups);
				break;
			}
		}
	}
	free(t);

	/* Each group's rack, and each rack's group: NONE - 1 for many. */
	rackof = xreallocarray(NULL, ngroups + 1, sizeof *rackof);
	memset(rackof, 0xff, (ngroups + 1) * sizeof *rackof);
	alone = xreallocarray(NULL, m->nracks + 1, sizeof *alone);
	memset(alone, 0xff, (m->nracks + 1) * sizeof *alone);
	for (id = 0; id < m->nnodes; id++) {
		if ((gr = group[id]) == SCALEUP_NONE)
			continue;
		n = &m->nodes[id];
		if (rackof[gr] == SCALEUP_NONE)
			rackof[gr] = n->rack;
		else if (rackof[gr] != n->rack)
			rackof[gr] = SCALEUP_NONE - 1;
		if (alone[n->rack] == SCALEUP_NONE)
			alone[n->rack] = gr;
		else if (alone[n->rack] != gr)
			alone[n->rack] = SCALEUP_NONE - 1;
	}
	for (gr = 0; gr < ngroups; gr++) {
		if (rackof[gr] < SCALEUP_NONE - 1 && alone[rackof[gr]] != gr)
			rackof[gr] = SCALEUP_NONE;
		else if (rackof[gr] == SCALEUP_NONE - 1)
			rackof[gr] = SCALEUP_NONE;
	}
	for (id = 0; id < m->nnodes; id++) {
		n = &m->nodes[id];
		gr = alone[n->rack];
		if (group[id] == SCALEUP_NONE && gr < SCALEUP_NONE - 1 &&
		    rackof[gr] == n->rack && !n->gpus_none &&
		    (n->vendor == VENDOR_NVIDIA || n->vendor == VENDOR_UNKNOWN))
			group[id] = gr;
	}
	free(alone);
	*racks = rackof;
	return (scaleup_find_trays(m, group, racks, ngroups));
}

/*
 * The domains option: "" none, "rack", or node sets separated by `;'; a
 * node in two of them is an error naming both.
 */
int
scaleup_check(const char *value, char **cause)
{
	struct nodeset	**sets = NULL;
	const char	*p, *end;
	char		*word, *why, *a, *b;
	size_t		 nsets = 0, i, j, k;
	int		 rc = 0;

	if (*value == '\0' || strcmp(value, "rack") == 0)
		return (0);
	if (strspn(value, "0123456789.-+") == strlen(value)) {
		xasprintf(cause, "want \"rack\" or node sets (a string or a "
		    "list of strings), not the number %s", value);
		return (-1);
	}
	for (p = value; rc == 0 && *p != '\0'; p = end + (*end == ';')) {
		end = p + strcspn(p, ";");
		word = xstrndup(p, end - p);
		sets = xreallocarray(sets, nsets + 1, sizeof *sets);
		sets[nsets] = nodeset_create();
		if (nodeset_parse(sets[nsets++], word, &why) != 0) {
			xasprintf(cause, "%s", why);
			free(why);
			rc = -1;
		} else if (nodeset_count(sets[nsets - 1]) == 0) {
			xasprintf(cause, "an empty node set");
			rc = -1;
		}
		free(word);
	}
	for (i = 0; rc == 0 && i < nsets; i++) {
		for (j = i + 1; rc == 0 && j < nsets; j++) {
			for (k = 0; k < nodeset_count(sets[j]); k++) {
				p = nodeset_name(sets[j], k);
				if (!nodeset_contains(sets[i], p))
					continue;
				a = nodeset_fold(sets[i]);
				b = nodeset_fold(sets[j]);
				xasprintf(cause, "%s is in two domains, %s "
				    "and %s", p, a, b);
				free(a);
				free(b);
				rc = -1;
				break;
			}
		}
	}
	for (i = 0; i < nsets; i++)
		nodeset_free(sets[i]);
	free(sets);
	return (rc);
}

/*
 * The domains option against the model's nodes: a set that names none of
 * them is an error naming it (a typing error, or another cluster's).
 */
int
scaleup_conf_check(const struct model *m, char **cause)
{
	struct nodeset	*ns;
	const char	*conf = options_get("domains"), *p, *end;
	char		*word;
	size_t		 k, found;
	int		 rc = 0;

	if (conf == NULL || *conf == '\0' || strcmp(conf, "rack") == 0)
		return (0);
	for (p = conf; rc == 0 && *p != '\0'; p = end + (*end == ';')) {
		end = p + strcspn(p, ";");
		word = xstrndup(p, end - p);
		ns = nodeset_create();
		found = 0;
		if (nodeset_parse(ns, word, NULL) == 0) {
			for (k = 0; k < nodeset_count(ns) && !found; k++)
				found = model_find(m, nodeset_name(ns, k)) >= 0;
		}
		if (found == 0) {
			xasprintf(cause, "domains: %s names no node", word);
			rc = -1;
		}
		nodeset_free(ns);
		free(word);
	}
	return (rc);
}

/*
 * 2: the domains option's, numbered after the hardware's (base on), in
 * group[]; their names in *names, one a set (NULL for racks).
 */
static uint32_t
scaleup_find_config(struct model *m, const char *conf, uint32_t *group,
    uint32_t base, char ***names)
{
	struct nodeset	*ns;
	const char	*p, *end;
	char		*word;
	uint32_t	 id, n = 0;
	int		 i;
	size_t		 k;

	*names = NULL;
	if (strcmp(conf, "rack") == 0) {
		for (id = 0; id < m->nnodes; id++) {
			if (group[id] == SCALEUP_NONE)
				group[id] = base + m->nodes[id].rack;
		}
		return (m->nracks);
	}
	for (p = conf; *p != '\0'; p = end + (*end == ';')) {
		end = p + strcspn(p, ";");
		word = xstrndup(p, end - p);
		ns = nodeset_create();
		if (nodeset_parse(ns, word, NULL) == 0) {
			for (k = 0; k < nodeset_count(ns); k++) {
				i = model_find(m, nodeset_name(ns, k));
				if (i != -1 && group[i] == SCALEUP_NONE)
					group[i] = base + n;
			}
			*names = xreallocarray(*names, n + 1, sizeof **names);
			(*names)[n++] = nodeset_fold(ns);
		}
		nodeset_free(ns);
		free(word);
	}
	return (n);
}

/* A reason of verdict v, in its place. */
static void printflike(3, 4)
scaleup_why(struct scaleup_why *w, enum scaleup_verdict v, const char *fmt,
    ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	xvasprintf(&s, fmt, ap);
	va_end(ap);
	if (w->text[v].len > 0)
		buf_puts(&w->text[v], "; ");
	buf_puts(&w->text[v], s);
	free(s);
}

/* A reason of verdict v about node name, folded with the same of others. */
static void printflike(4, 5)
scaleup_why_node(struct scaleup_why *w, enum scaleup_verdict v,
    const char *name, const char *fmt, ...)
{
	struct scaleup_fold	*f;
	va_list			 ap;
	char			*s;
	u_int			 i;

	va_start(ap, fmt);
	xvasprintf(&s, fmt, ap);
	va_end(ap);
	for (i = 0; i < w->nfolds; i++) {
		f = &w->folds[i];
		if (f->v == v && strcmp(f->what, s) == 0)
			break;
	}
	if (i == w->nfolds) {
		w->folds = xreallocarray(w->folds, i + 1, sizeof *w->folds);
		f = &w->folds[w->nfolds++];
		f->v = v;
		f->what = s;
		f->nodes = nodeset_create();
	} else
		free(s);
	nodeset_add(f->nodes, name);
}

/* The folded reasons before the others of their verdict; freed. */
static void
scaleup_why_fold(struct scaleup_why *w)
{
	struct buf	 b;
	char		*set;
	u_int		 i;
	int		 v;

	for (v = 0; v <= SU_UNKNOWN; v++) {
		buf_init(&b);
		for (i = 0; i < w->nfolds; i++) {
			if (w->folds[i].v != (enum scaleup_verdict)v)
				continue;
			set = nodeset_fold(w->folds[i].nodes);
			buf_printf(&b, "%s%s%s", b.len > 0 ? "; " : "", set,
			    w->folds[i].what);
			free(set);
		}
		if (b.len > 0 && w->text[v].len > 0)
			buf_printf(&b, "; %.*s", (int)w->text[v].len,
			    w->text[v].data);
		if (b.len > 0) {
			buf_free(&w->text[v]);
			w->text[v] = b;
		} else
			buf_free(&b);
	}
	for (i = 0; i < w->nfolds; i++) {
		free(w->folds[i].what);
		nodeset_free(w->folds[i].nodes);
	}
	free(w->folds);
	w->folds = NULL;
	w->nfolds = 0;
}

/*
 * A node's IMEX peers not READY, whole, and how many more it saw than
 * it keeps: 10.0.84.1 UNAVAILABLE,10.0.84.2 UNAVAILABLE, +15 more.
 */
void
scaleup_imex_peers(const struct node *n, struct buf *b)
{
	const char	*p;
	u_int		 kept = 0;

	if (n->imex_peers[0] != '\0') {
		kept = 1;
		for (p = n->imex_peers; (p = strchr(p, ',')) != NULL; p++)
			kept++;
	}
	buf_puts(b, n->imex_peers);
	if (n->imex_down > kept)
		buf_printf(b, "%s+%u more", kept > 0 ? ", " : "",
		    n->imex_down - kept);
}

/*
 * Reasons into why (len bytes): those that fit whole, then how many more
 * there are, never a reason cut in the middle.
 */
static void
scaleup_why_cut(char *why, size_t len, const char *all)
{
	const char	*p, *end = all;
	u_int		 more = 0;
	char		 tail[32];

	if (strlen(all) < len) {
		strlcpy(why, all, len);
		return;
	}
	for (p = all; (p = strstr(p, "; ")) != NULL; p += 2) {
		if ((size_t)(p - all) + sizeof tail < len)
			end = p;
		else
			more++;
	}
	snprintf(tail, sizeof tail, "; +%u more", more + 1);
	snprintf(why, len, "%.*s%s", (int)(end - all), all, end == all ?
	    tail + 2 : tail);
}

/* The kind of a lone node, by its accelerators' peer links. */
static void
scaleup_kind_node(struct model *m, uint32_t id, u_int want, char *kind,
    size_t len)
{
	const char	*k = links_kind(m, id);
	const struct node *n = &m->nodes[id];

	if (n->gpus_none || want == 0 || n->vendor == VENDOR_UNKNOWN)
		strlcpy(kind, "node", len);
	else if (scaleup_tray(n))
		snprintf(kind, len, "tray%u", want);
	else if (strcmp(k, "nvlink") == 0)
		snprintf(kind, len, "hgx%u", want);
	else if (strcmp(k, "xgmi") == 0 || strcmp(k, "hccs") == 0)
		snprintf(kind, len, "%s%u", k, want);
	else
		strlcpy(kind, "node", len);
}

/* Whether a Slurm state keeps a domain-sized job off the node. */
int
scaleup_state_out(const char *state)
{
	size_t	 len = strlen(state);

	return (strstr(state, "drain") != NULL ||
	    strncmp(state, "down", 4) == 0 ||
	    strncmp(state, "fail", 4) == 0 ||
	    strncmp(state, "inval", 5) == 0 ||
	    (len > 0 && state[len - 1] == '*'));
}

/* The worst IMEX Domain State of two: DOWN, DEGRADED, UP, others. */
static int
scaleup_imex_rank(const char *s)
{
	if (*s == '\0')
		return (0);
	if (strcmp(s, "UP") == 0)
		return (1);
	if (strcmp(s, "DEGRADED") == 0)
		return (3);
	if (strcmp(s, "DOWN") == 0)
		return (4);
	return (2);
}

/*
 * Node id's peer links down, added to *down; its GPUs with every link
 * read down (off the fabric), returned.
 */
static u_int
scaleup_links(const struct model *m, uint32_t id, u_int *down)
{
	const struct nvlink	*l;
	u_int			 i, n, up = 0, off = 0, was = *down;

	l = model_nvlinks(m, id, &n);
	for (i = 0; l != NULL && i < n; i++) {
		if (l[i].state == LINK_DOWN)
			(*down)++;
		else if (l[i].state == LINK_UP)
			up++;
		if ((i + 1) % m->links_per_gpu == 0) {
			off += *down > was && up == 0;
			was = *down;
			up = 0;
		}
	}
	return (off);
}

/*
 * Whether a GPU present has nothing wrong: no alert, in its fabric (or
 * none read), its bandwidth Full and its fabric Healthy where read.
 */
static int
scaleup_gpu_ok(const struct gpu *g)
{
	enum scaleup_fabric	 f = scaleup_fabric_of(g);

	return (alerts_gpu(g, 1e9) == 0 &&
	    (f == SUF_COMPLETED || f == SUF_UNKNOWN) &&
	    (g->fabric_bandwidth[0] == '\0' ||
	    strcasecmp(g->fabric_bandwidth, "Full") == 0) &&
	    (g->fabric_health[0] == '\0' ||
	    strcasecmp(g->fabric_health, "Healthy") == 0));
}

/* Whether a GPU is in the fabric with a clique read. */
static int
scaleup_gpu_clique(const struct gpu *g)
{
	return ((g->valid & BIT(GPU_CLIQUE)) && g->error[0] == '\0' &&
	    scaleup_fabric_of(g) == SUF_COMPLETED);
}

/*
 * The clique most of domain d's GPUs are in, and the trays of another
 * (the fewer) in *odd, with its clique in *other: 0 if not split.
 */
int
scaleup_clique(const struct model *m, const struct scaleup *d,
    uint32_t *major, uint32_t *other, struct nodeset *odd)
{
	const struct gpu	*g;
	uint32_t		 k, id, c[2] = { 0, 0 };
	u_int			 i, ng, count[2] = { 0, 0 }, cliques = 0;
	int			 x;

	for (k = d->first; k < d->first + d->nnodes; k++) {
		g = model_gpus(m, m->scaleupnodes[k], &ng);
		for (i = 0; i < ng; i++) {
			if (!scaleup_gpu_clique(&g[i]))
				continue;
			if (cliques == 0 || g[i].clique_id == c[0]) {
				c[0] = g[i].clique_id;
				cliques = cliques ? cliques : 1;
				count[0]++;
			} else if (cliques == 1 || g[i].clique_id == c[1]) {
				c[1] = g[i].clique_id;
				cliques = 2;
				count[1]++;
			}
		}
	}
	x = count[1] > count[0] ? 0 : 1;
	*major = c[!x];
	*other = c[x];
	if (cliques < 2)
		return (0);
	for (k = d->first; odd != NULL && k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		g = model_gpus(m, id, &ng);
		for (i = 0; i < ng; i++) {
			if (scaleup_gpu_clique(&g[i]) &&
			    g[i].clique_id == c[x]) {
				nodeset_add(odd, m->nodes[id].name);
				break;
			}
		}
	}
	return (1);
}

/*
 * One more IMEX report, n's, not DOWN, for the count most reports give
 * (Boyer-Moore's vote): *imexn the candidate's, *votes its lead.
 */
static void
scaleup_imex_vote(const struct node *n, const struct node **imexn,
    u_int *votes)
{
	if (*votes == 0) {
		*imexn = n;
		*votes = 1;
	} else if (n->imex_down == (*imexn)->imex_down)
		(*votes)++;
	else
		(*votes)--;
}

/*
 * Domain d's IMEX reasons.  A node whose own report is DOWN with peers
 * not READY is cut off, and named (cutoff, those nodes); a DOWN with
 * none is the domain's.  The others'
 * reports tell how many are not READY: the count most of them give
 * (imexn's), with the peers they name when more than those cut off.
 */
static void
scaleup_judge_imex(const struct model *m, struct scaleup *d,
    struct scaleup_why *w, struct nodeset *cutoff, const struct node *imexn)
{
	struct buf		 peers;
	const struct node	*n;
	u_int			 ncut = nodeset_count(cutoff), k;
	char			*set;

	d->imex_down = imexn != NULL ? imexn->imex_down : 0;
	if (strcmp(d->imex, "DOWN") == 0 && ncut == 0)
		scaleup_why(w, SU_BROKEN, "IMEX domain DOWN");
	if (ncut > 0) {
		set = nodeset_fold(cutoff);
		n = NULL;
		for (k = d->first; ncut == 1 && k < d->first + d->nnodes; k++)
			if (nodeset_contains(cutoff,
			    m->nodes[m->scaleupnodes[k]].name))
				n = &m->nodes[m->scaleupnodes[k]];
		if (n != NULL)
			scaleup_why(w, SU_BROKEN, "IMEX: %s cut off from its "
			    "%u peer%s", set, n->imex_down,
			    n->imex_down == 1 ? "" : "s");
		else
			scaleup_why(w, SU_BROKEN, "IMEX: %s cut off from their "
			    "peers", set);
		free(set);
		if (d->imex_down < ncut)
			d->imex_down = ncut;
	}
	if (imexn != NULL && imexn->imex_down > ncut) {
		buf_init(&peers);
		scaleup_imex_peers(imexn, &peers);
		scaleup_why(w, SU_BROKEN, "IMEX: %u node%s not READY (%s)",
		    imexn->imex_down, imexn->imex_down == 1 ? "" : "s",
		    peers.data != NULL ? peers.data : "");
		buf_free(&peers);
	}
}

/* Judge domain d: its counts, its verdict and why. */
static void
scaleup_judge(struct model *m, struct scaleup *d, int hardware)
{
	struct scaleup_why	 w;
	struct buf		 all;
	struct nodeset		*bwnodes, *odd, *cutoff;
	const struct node	*n;
	const struct gpu	*g;
	const struct node	*imexn = NULL;
	uint32_t		 k, id, major, other;
	u_int			 i, ng, want, missing, votes = 0;
	u_int			 unread = 0, unhealthy = 0, gpudown = 0;
	u_int			 unhealthy_fabric = 0, bwdeg = 0, bwfull = 0;
	u_int			 most = 0, fabwhy = 0;
	char			*set;
	int			 v;

	memset(&w, 0, sizeof w);
	for (v = 0; v <= SU_UNKNOWN; v++)
		buf_init(&w.text[v]);
	bwnodes = nodeset_create();
	cutoff = nodeset_create();
	for (k = d->first; k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		n = &m->nodes[id];
		missing = model_gpus_missing(m, id, &want);
		if (n->gpus_known && !n->gpus_none && want > most)
			most = want;
	}
	for (k = d->first; k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		n = &m->nodes[id];
		missing = model_gpus_missing(m, id, &want);
		if (model_unreachable(n))
			scaleup_why_node(&w, SU_BROKEN, n->name,
			    " unreachable");
		else if (scaleup_state_out(n->state))
			scaleup_why_node(&w, SU_BROKEN, n->name, " %s",
			    n->state);
		if (!n->gpus_known && !n->gpus_none) {
			unread++;
			if (hardware && most > 0)
				want = most;
			d->gpus_expected += want;
			if (!model_unreachable(n))
				scaleup_why_node(&w, SU_UNKNOWN, n->name,
				    " not read");
			d->fabric[SUF_UNKNOWN] += want;
			continue;
		}
		d->gpus_expected += want;
		if (missing > 0)
			scaleup_why_node(&w, SU_BROKEN, n->name,
			    ": %u of %u GPUs missing", missing, want);
		g = model_gpus(m, id, &ng);
		for (i = 0; i < ng; i++) {
			if (g[i].valid == 0 && g[i].error[0] == '\0')
				continue;
			if (g[i].error[0] != '\0') {
				scaleup_why(&w, SU_BROKEN, "%s GPU %d: %s",
				    n->name, g[i].index, g[i].error);
				continue;
			}
			d->gpus_present++;
			if (alerts_gpu(&g[i], 1e9) > 0)
				unhealthy++;
			if (scaleup_gpu_ok(&g[i]))
				d->gpus_healthy++;
			d->fabric[scaleup_fabric_of(&g[i])]++;
			if (scaleup_fabric_of(&g[i]) != SUF_COMPLETED &&
			    scaleup_fabric_of(&g[i]) != SUF_UNKNOWN &&
			    fabwhy++ < 2)
				scaleup_why(&w, SU_BROKEN, "%s GPU %d: fabric "
				    "%s%s%s", n->name, g[i].index,
				    g[i].fabric_state, g[i].fabric_status[0] ?
				    ", " : "", g[i].fabric_status);
			if (strcasecmp(g[i].fabric_bandwidth, "Full") == 0)
				bwfull++;
			else if (g[i].fabric_bandwidth[0] != '\0') {
				bwdeg++;
				nodeset_add(bwnodes, n->name);
			}
			if (g[i].fabric_health[0] != '\0' &&
			    strcasecmp(g[i].fabric_health, "Healthy") != 0)
				unhealthy_fabric++;
		}
		gpudown += scaleup_links(m, id, &d->links_down);
		if (n->imex_error[0] != '\0')
			scaleup_why_node(&w, SU_UNKNOWN, n->name,
			    ": IMEX not read: %s", n->imex_error);
		if (scaleup_imex_rank(n->imex) > scaleup_imex_rank(d->imex))
			strlcpy(d->imex, n->imex, sizeof d->imex);
		if (strcmp(n->imex, "DOWN") == 0 && n->imex_down > 0)
			nodeset_add(cutoff, n->name);
		else if (n->imex[0] != '\0')
			scaleup_imex_vote(n, &imexn, &votes);
	}
	/* A GPU not in the fabric yet has no clique to split. */
	odd = nodeset_create();
	if (hardware && scaleup_clique(m, d, &major, &other, odd)) {
		d->split = 1;
		d->clique = major;
		set = nodeset_fold(odd);
		scaleup_why(&w, SU_BROKEN, "clique split: %s in clique %u, "
		    "the rest in %u", set, other, major);
		free(set);
		for (k = d->first; k < d->first + d->nnodes; k++) {
			g = model_gpus(m, m->scaleupnodes[k], &ng);
			for (i = 0; i < ng; i++) {
				if (scaleup_gpu_clique(&g[i]) &&
				    g[i].clique_id == other &&
				    scaleup_gpu_ok(&g[i]))
					d->gpus_healthy--;
			}
		}
	}
	nodeset_free(odd);
	scaleup_judge_imex(m, d, &w, cutoff, imexn);
	nodeset_free(cutoff);
	if (gpudown > 0)
		scaleup_why(&w, SU_BROKEN, "%u GPU%s with every link down",
		    gpudown, gpudown == 1 ? "" : "s");
	if (strcmp(d->imex, "DEGRADED") == 0)
		scaleup_why(&w, SU_DEGRADED, "IMEX domain DEGRADED");
	if (bwdeg > 0) {
		set = nodeset_fold(bwnodes);
		scaleup_why(&w, SU_DEGRADED, "bandwidth degraded on %u GPU%s: "
		    "%s", bwdeg, bwdeg == 1 ? "" : "s", set);
		free(set);
	}
	nodeset_free(bwnodes);
	if (d->links_down > 0 && gpudown == 0)
		scaleup_why(&w, SU_DEGRADED, "%u link%s down", d->links_down,
		    d->links_down == 1 ? "" : "s");
	if (unhealthy_fabric > 0)
		scaleup_why(&w, SU_DEGRADED, "fabric health not Healthy on "
		    "%u GPU%s", unhealthy_fabric,
		    unhealthy_fabric == 1 ? "" : "s");
	if (unhealthy > 0)
		scaleup_why(&w, SU_DEGRADED, "%u GPU%s unhealthy", unhealthy,
		    unhealthy == 1 ? "" : "s");
	scaleup_why_fold(&w);
	d->bandwidth = bwdeg > 0 ? SUB_DEGRADED : bwfull > 0 ? SUB_FULL :
	    SUB_UNKNOWN;
	d->bandwidth_degraded = bwdeg > 0;
	if (unread == d->nnodes && w.text[SU_BROKEN].len == 0)
		d->verdict = SU_UNKNOWN;
	else if (w.text[SU_BROKEN].len > 0)
		d->verdict = SU_BROKEN;
	else if (w.text[SU_DEGRADED].len > 0)
		d->verdict = SU_DEGRADED;
	else if (w.text[SU_UNKNOWN].len > 0)
		d->verdict = SU_UNKNOWN;
	else
		d->verdict = SU_HEALTHY;
	buf_init(&all);
	for (i = 0; i < nitems(scaleup_worst); i++) {
		v = scaleup_worst[i];
		if (w.text[v].len == 0)
			continue;
		if (all.len > 0)
			buf_puts(&all, "; ");
		buf_printf(&all, "%.*s", (int)w.text[v].len, w.text[v].data);
	}
	scaleup_why_cut(d->why, sizeof d->why, all.data != NULL ? all.data :
	    "");
	buf_free(&all);
	if (unread == d->nnodes && d->why[0] == '\0')
		strlcpy(d->why, "unknown: nothing read", sizeof d->why);
	for (v = 0; v <= SU_UNKNOWN; v++)
		buf_free(&w.text[v]);
}

/* The running jobs on each domain: each counted once. */
static void
scaleup_jobs(struct model *m)
{
	uint32_t	*seen, k, c, d;

	seen = xcalloc(m->nscaleups, sizeof *seen);
	for (k = 0; k < m->njobs; k++) {
		for (c = 0; c < m->jobs[k].count; c++) {
			d = m->nodes[m->jobnodes[m->jobs[k].first + c]].scaleup;
			if (seen[d] != k + 1) {
				seen[d] = k + 1;
				m->scaleups[d].jobs++;
			}
		}
	}
	free(seen);
}

/*
 * Name domain d, group gr: a hardware one after its kind and its rack when
 * it is all in one rack, alone there (nvl72-r001), else after its first
 * node; a rack after the rack; a set of the option as it folds; a lone
 * node after itself.
 */
static void
scaleup_name(struct model *m, struct scaleup *d, uint32_t gr, uint32_t hw,
    const uint32_t *racks, uint32_t conf, char **names)
{
	const struct node	*n = &m->nodes[m->scaleupnodes[d->first]];
	const struct rack	*r = &m->racks[n->rack];
	struct nodeset		*ns;
	char			*set;
	uint32_t		 k;

	if (gr < hw) {
		snprintf(d->kind, sizeof d->kind, "nvl%u", d->gpus_expected);
		xasprintf(&set, "%s-%s", d->kind, racks[gr] == n->rack ?
		    r->name : n->name);
		strlcpy(d->name, set, sizeof d->name);
		free(set);
	} else if (gr < hw + conf && names == NULL) {
		strlcpy(d->kind, "rack", sizeof d->kind);
		strlcpy(d->name, r->name, sizeof d->name);
	} else if (gr < hw + conf) {
		strlcpy(d->kind, "nodes", sizeof d->kind);
		if (strlen(names[gr - hw]) < sizeof d->name)
			strlcpy(d->name, names[gr - hw], sizeof d->name);
		else {
			xasprintf(&set, "%s+", n->name);
			strlcpy(d->name, set, sizeof d->name);
			free(set);
		}
	} else
		strlcpy(d->name, n->name, sizeof d->name);
	ns = nodeset_create();
	for (k = d->first; k < d->first + d->nnodes; k++)
		nodeset_add(ns, m->nodes[m->scaleupnodes[k]].name);
	set = nodeset_fold(ns);
	strlcpy(d->nodes, set, sizeof d->nodes);
	free(set);
	nodeset_free(ns);
}

/* The generations the domains are built from: any change raises it. */
static uint64_t
scaleup_generation(const struct model *m)
{
	uint64_t	 g = 1 + m->nnodes;
	int		 i;

	for (i = 0; i < DOM_NDOMAINS; i++) {
		if (SCALEUP_DOMAINS & BIT(i))
			g += m->gen[i];
	}
	return (g);
}

/* Find the domains again and judge them, if the model changed since. */
void
scaleup_update(struct model *m)
{
	struct scaleup	*d;
	const char	*conf = options_get("domains");
	uint32_t	*group, *index, *fill, *racks, hw, nconf = 0, ngroups;
	uint32_t	 gr, id;
	char		**names = NULL;
	uint64_t	 gen = scaleup_generation(m);

	if (conf == NULL)
		conf = "";
	if (gen == m->scaleup_gen && m->scaleup_conf != NULL &&
	    strcmp(conf, m->scaleup_conf) == 0)
		return;
	free(m->scaleup_conf);
	m->scaleup_conf = xstrdup(conf);
	m->scaleup_gen = gen;

	group = xreallocarray(NULL, m->nnodes + 1, sizeof *group);
	hw = scaleup_find_hardware(m, group, &racks);
	if (*conf != '\0')
		nconf = scaleup_find_config(m, conf, group, hw, &names);
	ngroups = hw + nconf;
	for (id = 0; id < m->nnodes; id++) {
		if (group[id] == SCALEUP_NONE)
			group[id] = ngroups++;
	}

	/* Domains in the order of their first nodes; nodes in order. */
	index = xreallocarray(NULL, ngroups + 1, sizeof *index);
	memset(index, 0xff, (size_t)(ngroups + 1) * sizeof *index);
	m->nscaleups = 0;
	for (id = 0; id < m->nnodes; id++) {
		if (index[group[id]] == SCALEUP_NONE)
			index[group[id]] = m->nscaleups++;
		m->nodes[id].scaleup = index[group[id]];
	}
	free(m->scaleups);
	m->scaleups = xcalloc(m->nscaleups + 1, sizeof *m->scaleups);
	for (id = 0; id < m->nnodes; id++)
		m->scaleups[m->nodes[id].scaleup].nnodes++;
	fill = xcalloc(m->nscaleups + 1, sizeof *fill);
	for (gr = 1; gr < m->nscaleups; gr++) {
		d = &m->scaleups[gr];
		d->first = d[-1].first + d[-1].nnodes;
	}
	free(m->scaleupnodes);
	m->scaleupnodes = xreallocarray(NULL, m->nnodes + 1,
	    sizeof *m->scaleupnodes);
	for (id = 0; id < m->nnodes; id++) {
		d = &m->scaleups[m->nodes[id].scaleup];
		m->scaleupnodes[d->first + fill[m->nodes[id].scaleup]++] = id;
	}
	for (gr = 0; gr < ngroups; gr++) {
		if (index[gr] == SCALEUP_NONE)
			continue;
		d = &m->scaleups[index[gr]];
		scaleup_judge(m, d, gr < hw);
		scaleup_name(m, d, gr, hw, racks, nconf, names);
		if (d->kind[0] == '\0')
			scaleup_kind_node(m, m->scaleupnodes[d->first],
			    d->gpus_expected, d->kind, sizeof d->kind);
	}
	scaleup_jobs(m);
	for (gr = 0; names != NULL && gr < nconf; gr++)
		free(names[gr]);
	free(names);
	free(racks);
	free(fill);
	free(index);
	free(group);
}

/* The domain named `name', -1 if none. */
int
scaleup_find(struct model *m, const char *name)
{
	u_int	 i;

	scaleup_update(m);
	for (i = 0; i < m->nscaleups; i++) {
		if (strcmp(m->scaleups[i].name, name) == 0)
			return (i);
	}
	return (-1);
}

void
scaleup_free(struct model *m)
{
	free(m->scaleups);
	free(m->scaleupnodes);
	free(m->scaleup_conf);
	m->scaleups = NULL;
	m->scaleupnodes = NULL;
	m->scaleup_conf = NULL;
	m->nscaleups = 0;
}
