/*
 * myriad - the fleet over SSH as a source: the configured nodes (a node
 * set, racks in node order), read by fleet.c's sessions.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * This file builds the model and hands each operation to the fleet; the
 * transport (libssh, sessions, gateways, local processes) is fleet.c's.
 * The console's loop drives the sessions, so there is no work to do here
 * between its passes.
 */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"

static int
source_ssh_open(struct backend *b, struct model **mp, char **cause)
{
	struct model	*m;
	struct nodeset	*ns;
	const char	*nodes = options_get("nodes"), *name;
	u_int		 per = options_get_int("rack-size"), n, i;
	int		 width;
	char		 rack[32];

	if (*nodes == '\0') {
		xasprintf(cause, "source = \"ssh\" needs nodes (a node set) "
		    "in the configuration, or -w NODESET");
		return (-1);
	}
	ns = nodeset_create();
	if (nodeset_parse(ns, nodes, cause) != 0) {
		nodeset_free(ns);
		return (-1);
	}
	n = nodeset_count(ns);
	name = options_get("cluster");
	m = model_create(*name != '\0' ? name : "cluster",
	    options_get_int("gpus-per-node"), n);
	m->vendor_gpus[VENDOR_AMD] = options_get_int("vendors.amd-gpus");
	m->vendor_gpus[VENDOR_HUAWEI] = options_get_int("vendors.huawei-gpus");
	m->vendor_gpus[VENDOR_HYGON] = options_get_int("vendors.hygon-gpus");
	width = snprintf(rack, sizeof rack, "%u", (n + per - 1) / per);
	for (i = 0; i < n; i++) {
		snprintf(rack, sizeof rack, "%s%0*u", options_get("rack-prefix"),
		    width, i / per + 1);
		model_add_node(m, nodeset_name(ns, i), rack);
	}
	nodeset_free(ns);
	if ((b->data = fleet_create(m, cause)) == NULL) {
		model_free(m);
		return (-1);
	}
	*mp = m;
	return (0);
}

static void
source_ssh_refresh(struct backend *b, uint64_t domains, int force)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	if ((domains = backend_stale(b, domains, force, ts.tv_sec)) == 0)
		return;
	b->model->now = ts.tv_sec;
	fleet_run(b->data, domains);
}

static void
source_ssh_start(struct backend *b, uint64_t domains)
{
	b->model->now = time(NULL);
	fleet_start(b->data, domains);
}

static void
source_ssh_attach(struct backend *b, struct loop *l)
{
	fleet_attach(b->data, l);
}

static void
source_ssh_close(struct backend *b)
{
	fleet_free(b->data);
}

static int
source_ssh_relay(struct backend *b, const char *command, FILE *out,
    char **cause)
{
	fleet_relay(b->data, command, out);
	return (0);
}

static int
source_ssh_exec(struct backend *b, int id, int node, const char *command,
    double timeout, exec_cb cb, void *arg)
{
	return (fleet_exec(b->data, id, node, command, timeout, cb, arg));
}

static void
source_ssh_exec_cancel(struct backend *b, int id)
{
	fleet_exec_cancel(b->data, id);
}

static int
source_ssh_exec_busy(struct backend *b)
{
	return (fleet_exec_busy(b->data));
}

static void
source_ssh_exec_wait(struct backend *b, const int *ids, u_int n)
{
	fleet_exec_wait(b->data, ids, n, 0);
}

static void
source_ssh_exec_poll(struct backend *b, double seconds)
{
	fleet_exec_poll(b->data, seconds);
}

static const char *
source_ssh_controller(struct backend *b)
{
	return (options_get("slurm.controller"));
}

const struct backend_ops source_ssh_ops = {
	.name = "ssh",
	.open = source_ssh_open,
	.close = source_ssh_close,
	.refresh = source_ssh_refresh,
	.start = source_ssh_start,
	.attach = source_ssh_attach,
	.relay = source_ssh_relay,
	.exec = source_ssh_exec,
	.exec_cancel = source_ssh_exec_cancel,
	.exec_busy = source_ssh_exec_busy,
	.exec_wait = source_ssh_exec_wait,
	.exec_poll = source_ssh_exec_poll,
	.controller = source_ssh_controller,
};
