/*
 * myriad - the fleet's gateways (ssh.gateways) and both ends of their
 * relay: the console's, which starts the relay command on each gateway
 * and reads what it sends back into the model, and the gateway's, where
 * that command runs a stream on each of its nodes and writes their lines
 * out.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A gateway is a target of the fleet whose one run is the relay command
 * for its share of the nodes (ClusterShell's tree mode).  The stream's
 * format is parse-relay.c's, which decodes it; fleet.c's sessions carry it.
 * No libssh here.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "fleet.h"

/*
 * ssh.gateways: the nodes' GPU streams come through these hosts, the nodes
 * shared among them in order, each gateway running the relay command for
 * its share (ClusterShell's tree mode): a few streams of many nodes each
 * rather than one a node.
 */
int
fleet_relay_gateways(struct fleet *f, char **cause)
{
	struct model		*m = f->model;
	struct nodeset		*ns;
	struct fleet_target	*t;
	char			*why;
	u_int			 k, i, n;

	if (*options_get("ssh.gateways") == '\0' || m->nnodes == 0)
		return (0);
	ns = nodeset_create();
	if (nodeset_parse(ns, options_get("ssh.gateways"), &why) != 0) {
		xasprintf(cause, "ssh.gateways: %s", why);
		free(why);
		nodeset_free(ns);
		return (-1);
	}
	if ((n = nodeset_count(ns)) > m->nnodes)
		n = m->nnodes;
	f->gws = xcalloc(n, sizeof *f->gws);
	for (k = 0; k < n; k++) {
		t = &f->gws[k];
		fleet_target_init(f, t, nodeset_name(ns, k), -1);
		t->relays = 1;
		t->first = (uint64_t)k * m->nnodes / n;
		t->count = (uint64_t)(k + 1) * m->nnodes / n - t->first;
		for (i = t->first; i < t->first + t->count; i++)
			f->nodes[i].gateway = t;
	}
	f->ntargets += n;
	nodeset_free(ns);
	return (0);
}

/*
 * A gateway's stream: the relay command, which runs STREAM on each of its
 * nodes and prints their lines.  Its lines are in the format of STREAM.
 */
void
fleet_relay_start(struct fleet *f, struct fleet_target *gw,
    const struct probe *pr, const char *stream)
{
	struct fleet_run	*r;
	struct nodeset		*ns;
	struct buf		 b, inner;
	char			*set;
	u_int			 i;

	if (!TAILQ_EMPTY(&gw->runs))
		return;
	ns = nodeset_create();
	for (i = gw->first; i < gw->first + gw->count; i++)
		nodeset_add(ns, f->model->nodes[i].name);
	set = nodeset_fold(ns);
	nodeset_free(ns);
	buf_init(&inner);
	buf_printf(&inner, "relay -i %g ", options_get_float("refresh.gpus"));
	shell_quote(&inner, stream);
	buf_init(&b);
	/* The operator's words, as the config has them. */
	buf_puts(&b, options_get("ssh.gateway-command"));
	buf_puts(&b, " -w ");
	shell_quote(&b, set);
	buf_puts(&b, " -c ");
	shell_quote(&b, inner.data);
	r = fleet_queue(f, gw, -1, pr, b.data, 1);
	free(r->fmt);
	r->fmt = fleet_format(pr, stream);
	buf_free(&b);
	buf_free(&inner);
	free(set);
}

/* The relay's sink: a node by name. */
static int
fleet_relay_find(void *arg, const char *name)
{
	struct fleet_run	*r = arg;

	return (model_find(r->f->model, name));
}

/*
 * A node's lines, as the gateway heard them: its GPU stream's, or a piece
 * of another vendor's one-shot output, kept until its end.
 */
static void
fleet_relay_lines(void *arg, int node, const char *data, size_t len)
{
	struct fleet_run	*r = arg;
	struct fleet_target	*t = &r->f->nodes[node];

	if (t->found != 2 || t->vendor == VENDOR_NVIDIA)
		fleet_stream_parse(arg, node, data, len);
	else if (t->relayed.len + len <= FLEET_RELAYED_MAX)
		buf_add(&t->relayed, data, len);
}

/* The end of a node's one-shot output (its probe's name): read whole. */
static void
fleet_relay_end(struct fleet_run *r, int node, const char *name)
{
	struct model		*m = r->f->model;
	struct fleet_target	*t = &r->f->nodes[node];
	const struct probe	*pr;
	char			 why[200];
	int			 rc;

	for (pr = probes; pr->name != NULL; pr++) {
		if (strcmp(pr->name, name) == 0 && pr->vendor == t->vendor &&
		    pr->vendor != VENDOR_UNKNOWN && pr->domain == DOM_GPUS)
			break;
	}
	if (pr->name == NULL) {
		model_read_failed(m, node, DOM_GPUS, "via %s: %s: not a probe "
		    "of the node's vendor", r->t->name, name);
		t->relayed.len = 0;
		return;
	}
	rc = probe_parse(m, node, pr, NULL, &t->relayed, 1, why, sizeof why);
	t->relayed.len = 0;
	if (rc == 1)
		probe_read_damaged(m, node, pr, why);
	else
		probe_read(m, node, pr, rc != 0 ? why : NULL);
	model_set_reach(m, node, rc == -1 ? REACH_GARBLED : REACH_UP,
	    rc == -1 ? why : NULL);
}

/* A node's state as the gateway saw it; its vendor; an output's end. */
static void
fleet_relay_state(void *arg, int node, const char *state, const char *why)
{
	struct fleet_run	*r = arg;
	char			 via[256];
	enum reach		 reach;
	enum vendor		 v;

	if (strcmp(state, "end") == 0) {
		fleet_relay_end(r, node, why);
		return;
	}
	for (v = VENDOR_UNKNOWN; strcmp(state, "vendor") == 0 &&
	    v <= VENDOR_HYGON; v++) {
		if (strcmp(why, v == VENDOR_UNKNOWN ? "none" :
		    field_enum_name(FT_VENDOR, v)) == 0) {
			fleet_vendor_set(r->f, &r->f->nodes[node], v);
			return;
		}
	}
	snprintf(via, sizeof via, "via %s: %s", r->t->name, why);
	for (reach = REACH_UNKNOWN; reach <= REACH_GARBLED; reach++) {
		if (strcmp(state, model_reach_name(reach)) == 0) {
			model_set_reach(r->f->model, node, reach,
			    reach == REACH_UP ? NULL : via);
			return;
		}
	}
}

/* News about a node: its stream failed there. */
static void
fleet_relay_event(void *arg, int node, const char *why)
{
	struct fleet_run	*r = arg;
	char			 via[256];

	snprintf(via, sizeof via, "via %s: %s", r->t->name, why);
	model_event(r->f->model, node, -1, EV_REACH, 0, "%s", via);
	model_read_failed(r->f->model, node, r->probe->domain, "%s", via);
}

/*
 * A gateway's relay, in the console: each node's lines into the model, a
 * node's state as the gateway saw it.  parse_relay() reads it, and refuses
 * a line about a node that is not this gateway's.
 */
void
fleet_relay_in(struct fleet_run *r, const char *data, size_t len)
{
	struct relay_sink	 s = {
		.arg = r, .first = r->t->first, .count = r->t->count,
		.find = fleet_relay_find, .lines = fleet_relay_lines,
		.state = fleet_relay_state, .event = fleet_relay_event
	};

	parse_relay(data, len, &s);
}

/*
 * The relay command (on a gateway): COMMAND, NVIDIA's GPU stream, on every
 * NVIDIA node that is not running it, its lines to OUT; on another
 * vendor's node, that vendor's GPU probes, their whole outputs relayed
 * (fleet_relay_whole), those that add to another's when the node's vendor
 * is found and then at the links' pace; each node's vendor asked first,
 * once.  Called again
 * each period, it starts what ended (after the node's backoff).
 */
void
fleet_relay(struct fleet *f, const char *command, FILE *out)
{
	const struct probe	*pr, *gpus;
	struct fleet_target	*t;
	char			*c;
	u_int			 i;
	int			 slow = fleet_slow(f);

	for (gpus = probes; strcmp(gpus->name, "gpus") != 0; gpus++)
		;
	f->relay = out;
	for (i = 0; i < f->model->nnodes; i++) {
		t = &f->nodes[i];
		if (!TAILQ_EMPTY(&t->runs))
			continue;
		if (!fleet_vendor_skip(f, gpus, t)) {
			fleet_queue(f, t, i, gpus, command, 1);
			continue;
		}
		for (pr = probes; t->found == 2 && pr->name != NULL; pr++) {
			if (pr->vendor != t->vendor || pr->vendor ==
			    VENDOR_UNKNOWN || pr->domain != DOM_GPUS ||
			    *options_get(pr->option) == '\0' ||
			    (pr->adds && t->added && !slow))
				continue;
			c = probe_command(pr, 0);
			fleet_queue(f, t, i, pr, c, 0);
			free(c);
		}
		t->added |= t->found == 2;
	}
	fleet_schedule(f);
}

/*
 * The relay command, on a gateway: a node's lines out as "NODE: LINE";
 * fleet_reach() writes its state as "!NODE<tab>STATE<tab>WHY".
 */
void
fleet_relay_out(struct fleet_run *r, const char *data, size_t len)
{
	struct fleet	*f = r->f;
	struct lines	 l;
	const char	*line;
	size_t		 n;

	if (f->model->nodes[r->node].reach != REACH_UP)
		fleet_reach(f, r->t, REACH_UP, NULL);
	lines_init(&l, data, len);
	while (lines_next(&l, &line, &n))
		fprintf(f->relay, "%s: %.*s\n", f->model->nodes[r->node].name,
		    (int)n, line);
	f->relayed = fleet_now();
}

/*
 * The relay command, on a gateway: a one-shot's whole output (another
 * vendor's GPU probe) as its lines, then "!NODE<tab>end<tab>PROBE", where
 * the console reads them as one output.
 */
void
fleet_relay_whole(struct fleet_run *r)
{
	const char	*name = r->f->model->nodes[r->node].name;

	fleet_relay_out(r, r->out.data != NULL ? r->out.data : "", r->out.len);
	fprintf(r->f->relay, "!%s\tend\t%s\n", name, r->probe->name);
}
