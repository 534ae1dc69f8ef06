/*
 * myriad - the fleet's vendors: whose accelerators each node has, set by
 * the configuration (vendors.amd = NODESET, ...) or found once a session
 * by VENDOR_PROBE, one command and one round trip a node that tries each
 * vendor's tool in turn; and which probes a node runs for it (a probe of
 * a vendor runs on that vendor's nodes only).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * No libssh here: the query is a run of fleet.c's, with no probe.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "fleet.h"

/*
 * vendors.*: the nodes whose vendor is set; none is asked theirs.  A node
 * in two of them is an error: which of the two is not guessed.
 */
int
fleet_vendor_config(struct fleet *f, char **cause)
{
	struct nodeset	*ns;
	char		 option[32], first[32], *why;
	enum vendor	 v;
	u_int		 k, n;
	int		 id;

	for (v = VENDOR_UNKNOWN; v <= VENDOR_HYGON; v++) {
		snprintf(option, sizeof option, "vendors.%s",
		    v == VENDOR_UNKNOWN ? "none" : field_enum_name(FT_VENDOR,
		    v));
		if (*options_get(option) == '\0')
			continue;
		ns = nodeset_create();
		if (nodeset_parse(ns, options_get(option), &why) != 0)
			free(why);	/* options_set() checked it */
		n = nodeset_count(ns);
		for (k = 0; k < n; k++) {
			id = model_find(f->model, nodeset_name(ns, k));
			if (id < 0)
				continue;
			if (f->nodes[id].found == 2) {
				snprintf(first, sizeof first, "vendors.%s",
				    f->nodes[id].vendor == VENDOR_UNKNOWN ?
				    "none" : field_enum_name(FT_VENDOR,
				    f->nodes[id].vendor));
				xasprintf(cause, "%s is in both %s and %s",
				    nodeset_name(ns, k), first, option);
				nodeset_free(ns);
				return (-1);
			}
			fleet_vendor_set(f, &f->nodes[id], v);
			f->nodes[id].configured = 1;
		}
		nodeset_free(ns);
	}
	return (0);
}

/*
 * Node target t's vendor is v (VENDOR_UNKNOWN: it has no accelerators,
 * which is no failure: it reports none).  A gateway's relay tells the
 * console.
 */
void
fleet_vendor_set(struct fleet *f, struct fleet_target *t, enum vendor v)
{
	struct model	*m = f->model;

	t->vendor = v;
	t->found = 2;
	if (f->relay != NULL)
		fprintf(f->relay, "!%s\tvendor\t%s\n", m->nodes[t->node].name,
		    v == VENDOR_UNKNOWN ? "none" : field_enum_name(FT_VENDOR,
		    v));
	model_node_vendor(m, t->node, v);
	if (v != VENDOR_UNKNOWN)
		return;
	model_gpus_none(m, t->node);
	model_read_ok(m, t->node, DOM_GPUS);
}

/*
 * Whether probe pr is not for node target t: another vendor's, or one
 * whose vendor is not known yet.  Then the node is asked (once) and the
 * probe's domain kept, to be read when the answer comes.
 */
int
fleet_vendor_skip(struct fleet *f, const struct probe *pr,
    struct fleet_target *t)
{
	struct fleet_run	*r;

	if (pr->vendor == VENDOR_UNKNOWN || pr->target != PT_NODE)
		return (0);
	if (t->found == 2)
		return (t->vendor != pr->vendor);
	/* A gateway's node: its relay tells its vendor; no session here. */
	if (t->gateway != NULL)
		return (1);
	t->want |= BIT(pr->domain);
	if (t->found == 0) {
		r = fleet_queue(f, t, t->node, NULL, VENDOR_PROBE, 0);
		r->vendor = 1;
		t->found = 1;
	}
	return (1);
}

/*
 * The vendor query has ended: the node's vendor, and the probes of the
 * domains asked for meanwhile; or why it is not known (the GPUs' read
 * failed), and it is asked again at the next refresh.
 */
void
fleet_vendor_done(struct fleet_run *r, const char *error)
{
	struct fleet		*f = r->f;
	struct fleet_target	*t = r->t;
	const struct probe	*pr;
	enum vendor		 v;
	uint64_t		 want;
	char			 why[256];
	int			 status;

	status = fleet_run_stop(r, error != NULL);
	if (error == NULL && probe_vendor(r->out.data != NULL ? r->out.data :
	    "", r->out.len, &v) != 0) {
		snprintf(why, sizeof why, "exited %d%s%.*s", status,
		    r->err.len > 0 ? ": " : " with no answer",
		    (int)strcspn(r->err.data != NULL ? r->err.data : "", "\n"),
		    r->err.data != NULL ? r->err.data : "");
		error = why;
	}
	if (error != NULL) {
		model_read_failed(f->model, t->node, DOM_GPUS,
		    "vendor query: %s", error);
		fleet_run_free(r);
		return;
	}
	want = t->want;
	t->want = 0;
	fleet_vendor_set(f, t, v);
	fleet_run_free(r);
	/* A gateway's relay starts its probes itself, each period. */
	for (pr = probes; pr->name != NULL && v != VENDOR_UNKNOWN &&
	    f->relay == NULL; pr++) {
		if ((want & BIT(pr->domain)) && pr->vendor == v &&
		    *options_get(pr->option) != '\0')
			fleet_start_one(f, pr, t->node);
	}
}

/*
 * Probe r of its node's vendor has read the node's accelerators (why is
 * NULL) or failed (exit status, why).  The vendor vendors.* sets for the
 * node, and its tool not there (127): the configuration is wrong, which
 * is said in why and is the node's error until a read goes well.
 */
void
fleet_vendor_read(struct fleet_run *r, int status, char *why, size_t len)
{
	struct model		*m = r->f->model;
	struct fleet_target	*t = r->t;
	const struct probe	*pr = r->probe;
	struct node		*n;
	const char		*tool = options_get(pr->option);
	size_t			 off;

	if (t == NULL || r->node < 0 || !t->configured ||
	    pr->vendor != t->vendor || pr->domain != DOM_GPUS || pr->adds)
		return;
	n = &m->nodes[r->node];
	if (why == NULL) {
		if (n->reach == REACH_UP && *n->error != '\0')
			model_set_reach(m, r->node, REACH_UP, NULL);
		return;
	}
	if (status != 127)
		return;
	off = strlen(why);
	snprintf(why + off, len - off, "; vendors.%s names %s, but %.*s is "
	    "not there", field_enum_name(FT_VENDOR, t->vendor), n->name,
	    (int)strcspn(tool, " \t"), tool);
	model_set_reach(m, r->node, n->reach, why + off + 2);
}
