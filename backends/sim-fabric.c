/*
 * myriad - the simulator's scale-up domains: an NVL72 rack's fabric, as
 * each GPU's Fabric block says it (nvidia-smi -q, fabric.* of
 * --query-gpu), and its faults over time.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A rack of GB200 trays is one domain: one ClusterUUID and one CliqueId.
 * Its faults are drawn from (seed, rack, hour) as a node's are, at a
 * twentieth of the node fault rate a tray: a tray whose fabric stays In
 * Progress, or Completed but not Success (as the Azure capture), one of
 * degraded bandwidth, one whose IMEX daemon lost its peers, one in
 * another clique.  At the default rate a 10k cluster of 139 racks has
 * 5 to 20 faulty racks at any time (t/unit-sim).  An HGX GPU prints
 * what the 590 H100 capture prints: Completed, Success, clique 0, a zero
 * ClusterUUID.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim.h"

#define SIM_FABRIC_LOOKBACK	12	/* buckets of an hour */
#define SIM_FABRIC_TAG		0xfab1c0000ULL

static const struct {
	double	 weight;
	double	 dmin, dmax;		/* hours */
} sim_fabric_kinds[DF_NTYPES] = {
	[DF_PROGRESS] =	{ 0.20, 1, 6 },
	[DF_FAILED] =	{ 0.15, 2, 10 },
	[DF_DEGRADED] =	{ 0.25, 2, 12 },
	[DF_IMEX] =	{ 0.25, 0.5, 4 },
	[DF_CLIQUE] =	{ 0.15, 2, 8 },
};

/* The fault of a rack's hour bucket b, if it has one. */
static int
sim_fabric_bucket(const struct sim *s, u_int rack, double b,
    struct sim_dfault *f)
{
	double		 p, u, dur;
	uint64_t	 h;
	u_int		 first, n;
	int		 type;

	n = sim_rack_nodes(s, rack, &first);
	p = s->rate * n / 20;
	h = sim_hash(s->seed, SIM_FABRIC_TAG | rack, (uint64_t)(int64_t)b, 0);
	if (p <= 0 || sim_unit(h) >= p)
		return (0);
	h = sim_hash(s->seed, SIM_FABRIC_TAG | rack, (uint64_t)(int64_t)b, 1);
	u = sim_unit(h);
	for (type = 1; type < DF_NTYPES - 1; type++) {
		if (u < sim_fabric_kinds[type].weight)
			break;
		u -= sim_fabric_kinds[type].weight;
	}
	f->type = type;
	f->tray = (h >> 8) % n;
	f->start = b * 3600 + sim_unit(sim_hash(s->seed, h, 2, 0)) * 3600;
	dur = sim_fabric_kinds[type].dmin + sim_unit(sim_hash(s->seed, h, 3,
	    0)) * (sim_fabric_kinds[type].dmax - sim_fabric_kinds[type].dmin);
	f->end = f->start + dur * 3600;
	return (1);
}

/* The fault of a rack now, the latest to start; 0 if it has none. */
int
sim_fabric_fault(const struct sim *s, u_int rack, struct sim_dfault *f)
{
	struct sim_dfault	 d;
	double			 b, cur = floor(s->t / 3600);
	int			 found = 0;

	if (!sim_node_imex(s, sim_rack_first(s, rack)))
		return (0);
	for (b = cur - SIM_FABRIC_LOOKBACK; b <= cur; b++) {
		if (sim_fabric_bucket(s, rack, b, &d) && s->t >= d.start &&
		    s->t < d.end) {
			*f = d;
			found = 1;
		}
	}
	return (found);
}

/* A rack's CliqueId, and the ClusterUUID of its NVLink domain. */
static uint32_t
sim_fabric_clique(const struct sim *s, u_int rack)
{
	return (1 + sim_hash(s->seed, SIM_FABRIC_TAG | rack, 0, 2) % 32);
}

void
sim_fabric_uuid(const struct sim *s, u_int rack, char *buf, size_t len)
{
	uint64_t	 a, b;

	a = sim_hash(s->seed, SIM_FABRIC_TAG | rack, 0, 3);
	b = sim_hash(s->seed, SIM_FABRIC_TAG | rack, 0, 4);
	snprintf(buf, len, "%08x-%04x-%04x-%04x-%012llx", (u_int)(a >> 32),
	    (u_int)(a >> 16) & 0xffff, 0x4000 | ((u_int)a & 0x0fff),
	    0x8000 | (u_int)(b >> 48 & 0x3fff),
	    (unsigned long long)(b & 0xffffffffffffULL));
}

/* What a node's GPUs say of their fabric now, all of them alike. */
void
sim_fabric_node(const struct sim *s, u_int node, struct sim_fabric *fb)
{
	struct sim_dfault	 f;
	u_int			 rack = sim_node_rack(s, node);

	strlcpy(fb->state, "Completed", sizeof fb->state);
	strlcpy(fb->status, "Success", sizeof fb->status);
	strlcpy(fb->clique, "0", sizeof fb->clique);
	strlcpy(fb->uuid, "00000000-0000-0000-0000-000000000000",
	    sizeof fb->uuid);
	strlcpy(fb->health, "N/A", sizeof fb->health);
	strlcpy(fb->bandwidth, "N/A", sizeof fb->bandwidth);
	if (!sim_node_imex(s, node))
		return;
	snprintf(fb->clique, sizeof fb->clique, "%u",
	    sim_fabric_clique(s, rack));
	sim_fabric_uuid(s, rack, fb->uuid, sizeof fb->uuid);
	strlcpy(fb->health, "Healthy", sizeof fb->health);
	strlcpy(fb->bandwidth, "Full", sizeof fb->bandwidth);
	if (!sim_fabric_fault(s, rack, &f) ||
	    f.tray != node - sim_rack_first(s, rack))
		return;
	switch (f.type) {
	case DF_PROGRESS:	/* the 580.159.04 capture: all N/A */
		strlcpy(fb->state, "In Progress", sizeof fb->state);
		strlcpy(fb->status, "N/A", sizeof fb->status);
		strlcpy(fb->clique, "N/A", sizeof fb->clique);
		strlcpy(fb->uuid, "N/A", sizeof fb->uuid);
		strlcpy(fb->health, "N/A", sizeof fb->health);
		strlcpy(fb->bandwidth, "N/A", sizeof fb->bandwidth);
		break;
	case DF_FAILED:		/* the Azure capture */
		strlcpy(fb->status, "Insufficient Resources",
		    sizeof fb->status);
		strlcpy(fb->clique, "0", sizeof fb->clique);
		strlcpy(fb->uuid, "00000000-0000-0000-0000-000000000000",
		    sizeof fb->uuid);
		strlcpy(fb->health, "Unhealthy", sizeof fb->health);
		break;
	case DF_DEGRADED:
		strlcpy(fb->health, "Unhealthy", sizeof fb->health);
		strlcpy(fb->bandwidth, "Degraded", sizeof fb->bandwidth);
		break;
	case DF_CLIQUE:
		snprintf(fb->clique, sizeof fb->clique, "%u",
		    sim_fabric_clique(s, rack) + 32);
		break;
	}
}
