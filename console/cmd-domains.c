/*
 * myriad - list-domains and show-domain: the scale-up domains and their
 * verdicts (scaleup.c finds and judges them).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "myriad.h"

#define CMD_DOMAINS_READ	(BIT(DOM_NODES) | BIT(DOM_LINKS) | \
	BIT(DOM_JOBS))

/*
 * The domains DOMAINSET names, a byte each in *mask: a domain's name
 * (nvl72-r001, gpu[0001-0018] as the domains option wrote it), a node's
 * (its domain), or a node set of them (nvl72-r[001-004]).  -1 and the
 * first name that is neither in *cause.  A node is found by the model's
 * hash, so a set of every node costs no search of the domains.
 */
static int
cmd_domains_select(struct model *m, const char *set, uint8_t **mask,
    char **cause)
{
	struct nodeset	*ns;
	const char	*name;
	size_t		 i;
	int		 d, rc = 0;

	*mask = xcalloc(m->nscaleups + 1, 1);
	if ((d = scaleup_find(m, set)) != -1) {
		(*mask)[d] = 1;
		return (0);
	}
	ns = nodeset_create();
	if (nodeset_parse(ns, set, cause) != 0) {
		nodeset_free(ns);
		return (-1);
	}
	for (i = 0; i < nodeset_count(ns); i++) {
		name = nodeset_name(ns, i);
		if ((d = model_find(m, name)) != -1)
			(*mask)[m->nodes[d].scaleup] = 1;
		else if ((d = scaleup_find(m, name)) != -1)
			(*mask)[d] = 1;
		else {
			xasprintf(cause, "no such domain: %s", name);
			rc = -1;
			break;
		}
	}
	nodeset_free(ns);
	return (rc);
}

/* The nodes of the domains in dmask, a byte each: what cmd_unread asks. */
static uint8_t *
cmd_domains_nodes(const struct model *m, const uint8_t *dmask)
{
	uint8_t		*mask = xcalloc(m->nnodes + 1, 1);
	const struct scaleup *d;
	u_int		 i, k;

	for (i = 0; i < m->nscaleups; i++) {
		if (dmask != NULL && !dmask[i])
			continue;
		d = &m->scaleups[i];
		for (k = d->first; k < d->first + d->nnodes; k++)
			mask[m->scaleupnodes[k]] = 1;
	}
	return (mask);
}

enum cmd_status
cmd_list_domains(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model		*m = ctx->model;
	const struct record	*r = record_find("scaleup");
	struct output		*o;
	struct filter		*filter = NULL;
	enum output_format	 format;
	enum cmd_status		 st;
	uint8_t			*dmask = NULL, *mask;
	char			*cause;
	u_int			 i;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	if (args->opt['w'] != NULL &&
	    (filter = filter_create(r, args->opt['w'], &cause)) == NULL) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		return (CMD_USAGE);
	}
	if (scaleup_conf_check(m, &cause) != 0) {
		cmd_error(ctx, args, CMD_ERROR, "%s", cause);
		free(cause);
		filter_free(filter);
		return (CMD_ERROR);
	}
	scaleup_update(m);
	if (args->argc > 0 &&
	    cmd_domains_select(m, args->argv[0], &dmask, &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		filter_free(filter);
		free(dmask);
		return (CMD_USAGE);
	}
	o = output_create(ctx->out, ctx->width, format, r, m);
	for (i = 0; i < m->nscaleups; i++) {
		if ((dmask == NULL || dmask[i]) &&
		    filter_match(filter, &m->scaleups[i], m))
			output_row(o, &m->scaleups[i]);
	}
	output_free(o);
	filter_free(filter);
	mask = cmd_domains_nodes(m, dmask);
	st = cmd_unread(ctx, args, mask, DOM_GPUS, CMD_DOMAINS_READ);
	free(mask);
	free(dmask);
	return (st);
}

/*
 * A GPU's fabric state as show-domain says it: Completed/Success, and its
 * clique when it is not the domain's (major; split 0 if none is), its
 * bandwidth when not Full.
 */
static const char *
cmd_domains_state(const struct gpu *g, int split, uint32_t major, char *buf,
    size_t len)
{
	int	 n;

	if (g->error[0] != '\0')
		return (g->error);
	if (g->fabric_state[0] == '\0')
		return ("not read");
	n = snprintf(buf, len, "%s%s%s", g->fabric_state,
	    g->fabric_status[0] ? "/" : "", g->fabric_status);
	if (split && (g->valid & BIT(GPU_CLIQUE)) && g->clique_id != major &&
	    n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, " clique %u", g->clique_id);
	if (g->fabric_bandwidth[0] != '\0' &&
	    strcasecmp(g->fabric_bandwidth, "Full") != 0 && n >= 0 &&
	    (size_t)n < len)
		snprintf(buf + n, len - n, " bandwidth %s",
		    g->fabric_bandwidth);
	return (buf);
}

/* A node's GPUs' fabric states, runs of the same folded: 0-2 Completed. */
static void
cmd_domains_fabric(struct buf *b, const struct gpu *g, u_int n, int split,
    uint32_t major)
{
	u_int	 i, k;
	char	 a[128], z[128];

	for (i = 0; i < n; i = k) {
		for (k = i + 1; k < n && strcmp(cmd_domains_state(&g[k],
		    split, major, z, sizeof z), cmd_domains_state(&g[i],
		    split, major, a, sizeof a)) == 0; k++)
			;
		buf_printf(b, "%s%u", i > 0 ? "; " : "", g[i].index);
		if (k > i + 1)
			buf_printf(b, "-%u", g[k - 1].index);
		buf_printf(b, " %s", cmd_domains_state(&g[i], split, major, a,
		    sizeof a));
	}
}

/* show-domain's text: the domain, then each tray, link down and job. */
static void
cmd_domains_story(struct cmd_ctx *ctx, struct model *m,
    const struct scaleup *d)
{
	const struct node	*n;
	const struct gpu	*g;
	const struct nvlink	*l;
	const struct job	*j;
	struct buf		 b;
	uint32_t		 k, id, major, other;
	u_int			 i, ng, nl, downs = 0;
	char			 tmp[128];
	int			 split;

	fprintf(ctx->out, "%s  kind %s  verdict %s\n", d->name, d->kind,
	    scaleup_verdict_name(d->verdict));
	if (d->why[0] != '\0')
		fprintf(ctx->out, "why: %s\n", d->why);
	fprintf(ctx->out, "nodes %s (%u); GPUs %u expected, %u present, "
	    "%u healthy\n", d->nodes, d->nnodes, d->gpus_expected,
	    d->gpus_present, d->gpus_healthy);
	fprintf(ctx->out, "fabric %s; bandwidth %s; IMEX %s",
	    field_fabric(d->fabric, 0, tmp, sizeof tmp) ? tmp : "-",
	    field_enum_name(FT_BANDWIDTH, d->bandwidth),
	    d->imex[0] ? d->imex : "not read");
	fprintf(ctx->out, "; links down %u; jobs %u\n\n", d->links_down,
	    d->jobs);

	/* A clique split is the hardware's domains' (nvl72), as judged. */
	split = strncmp(d->kind, "nvl", 3) == 0 &&
	    scaleup_clique(m, d, &major, &other, NULL);
	buf_init(&b);
	for (k = d->first; k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		n = &m->nodes[id];
		g = model_gpus(m, id, &ng);
		buf_reset(&b);
		if (!n->gpus_known || n->gpus_none)
			buf_puts(&b, n->gpus_none ? "no accelerators" :
			    "GPUs not read");
		else
			cmd_domains_fabric(&b, g, ng, split, major);
		fprintf(ctx->out, "%s  %s  reachable %s  fabric %s\n",
		    n->name, n->state[0] ? n->state : "-",
		    field_enum_name(FT_REACH, n->reach), b.data);
		if (n->imex_down > 0) {
			buf_reset(&b);
			scaleup_imex_peers(n, &b);
			fprintf(ctx->out, "  IMEX not READY: %s\n", b.data);
		}
	}
	buf_free(&b);
	for (k = d->first; k < d->first + d->nnodes; k++) {
		id = m->scaleupnodes[k];
		l = model_nvlinks(m, id, &nl);
		for (i = 0; l != NULL && i < nl; i++) {
			if (l[i].state != LINK_DOWN)
				continue;
			fprintf(ctx->out, "%s%s GPU %d link %d down\n",
			    downs++ == 0 ? "\n" : "", m->nodes[id].name,
			    l[i].gpu, l[i].link);
		}
	}
	for (i = 0, k = 0; i < m->njobs; i++) {
		j = &m->jobs[i];
		for (id = 0; id < j->count; id++) {
			if (m->nodes[m->jobnodes[j->first + id]].scaleup ==
			    (uint32_t)(d - m->scaleups))
				break;
		}
		if (id == j->count)
			continue;
		fprintf(ctx->out, "%sjob %s  user %s  name %s  nodes %s\n",
		    k++ == 0 ? "\n" : "", j->id, j->user, j->name, j->nodes);
	}
}

/* show-domain's JSON: the domain, its nodes, GPUs, links down, jobs. */
static void
cmd_domains_json(struct cmd_ctx *ctx, struct model *m,
    const struct scaleup *d)
{
	struct node	*nodes;
	struct gpu	*gpus;
	struct nvlink	*links;
	struct job	*jobs;
	const struct gpu *g;
	const struct nvlink *l;
	struct buf	 b;
	uint32_t	 k, id, c;
	u_int		 i, n, ng = 0, nl = 0, nj = 0, count;

	nodes = xcalloc(d->nnodes + 1, sizeof *nodes);
	for (k = 0, n = 0; k < d->nnodes; k++) {
		id = m->scaleupnodes[d->first + k];
		nodes[k] = m->nodes[id];
		n += m->nodes[id].ngpus;
	}
	gpus = xcalloc(n + 1, sizeof *gpus);
	links = xcalloc((size_t)n * m->links_per_gpu + 1, sizeof *links);
	jobs = xcalloc(d->jobs + 1, sizeof *jobs);
	for (k = 0; k < d->nnodes; k++) {
		id = m->scaleupnodes[d->first + k];
		g = model_gpus(m, id, &count);
		for (i = 0; i < count; i++) {
			if (g[i].valid != 0 || g[i].error[0] != '\0')
				gpus[ng++] = g[i];
		}
		l = model_nvlinks(m, id, &count);
		for (i = 0; l != NULL && i < count; i++) {
			if (l[i].state == LINK_DOWN)
				links[nl++] = l[i];
		}
	}
	for (i = 0; i < m->njobs && nj < d->jobs; i++) {
		for (c = 0; c < m->jobs[i].count; c++) {
			id = m->jobnodes[m->jobs[i].first + c];
			if (m->nodes[id].scaleup == (uint32_t)(d - m->scaleups))
				break;
		}
		if (c < m->jobs[i].count)
			jobs[nj++] = m->jobs[i];
	}
	buf_init(&b);
	output_json_record(&b, record_find("scaleup"), d, m);
	fprintf(ctx->out, "{\"domain\":%s", b.data);
	buf_free(&b);
	cmd_list_show_section(ctx, OUT_JSON, "nodes", "node", nodes,
	    sizeof *nodes, d->nnodes, 0);
	cmd_list_show_section(ctx, OUT_JSON, "gpus", "gpu", gpus,
	    sizeof *gpus, ng, 0);
	cmd_list_show_section(ctx, OUT_JSON, "links_down", "nvlink", links,
	    sizeof *links, nl, 0);
	cmd_list_show_section(ctx, OUT_JSON, "jobs", "job", jobs,
	    sizeof *jobs, nj, 0);
	fprintf(ctx->out, "}\n");
	free(jobs);
	free(links);
	free(gpus);
	free(nodes);
}

enum cmd_status
cmd_show_domain(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model		*m = ctx->model;
	enum output_format	 format;
	enum cmd_status		 st;
	uint8_t			*dmask, *mask;
	char			*cause;
	int			 d;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	if (scaleup_conf_check(m, &cause) != 0) {
		cmd_error(ctx, args, CMD_ERROR, "%s", cause);
		free(cause);
		return (CMD_ERROR);
	}
	if (format == OUT_TSV)
		return (cmd_error(ctx, args, CMD_USAGE, "-o tsv: a domain's "
		    "story has no tsv form; -o json, or list-domains -o tsv "
		    "%s", args->argv[0]));
	if ((d = scaleup_find(m, args->argv[0])) == -1 &&
	    (d = model_find(m, args->argv[0])) != -1)
		d = m->nodes[d].scaleup;
	if (d == -1)
		return (cmd_error(ctx, args, CMD_USAGE, "no such domain: %s",
		    args->argv[0]));
	if (format == OUT_JSON)
		cmd_domains_json(ctx, m, &m->scaleups[d]);
	else
		cmd_domains_story(ctx, m, &m->scaleups[d]);
	dmask = xcalloc(m->nscaleups, 1);
	dmask[d] = 1;
	mask = cmd_domains_nodes(m, dmask);
	st = cmd_unread(ctx, args, mask, DOM_GPUS, CMD_DOMAINS_READ);
	free(mask);
	free(dmask);
	return (st);
}
