/*
 * myriad - a mix's other vendors' accelerators, as records: what their
 * tools (sim-amd.c, sim-npu.c, sim-hysmi.c) print of them, handed to the
 * model's sink directly until the parsers of those tools read the
 * simulator's output over the same path as nvidia-smi's.  A field the
 * vendor's tool does not print stays unknown: the limit and the health
 * word are npu-smi's or amd-smi's or nobody's, as on a real node.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <string.h>

#include "sim.h"

/* The bus of each accelerator as its tool prints it. */
static void
sim_accel_bus(const struct sim_model *mo, u_int i, char *buf, size_t len)
{
	*buf = '\0';
	if (mo->vendor == VENDOR_AMD)
		snprintf(buf, len, "0000:%s:00.0", sim_amd_bus[i % SIM_GPUS]);
	else if (mo->chips > 1)
		snprintf(buf, len, "0000:%s:00.0",
		    sim_npu_busa3[i % SIM_NODEGPUS]);
	else if (mo->vendor == VENDOR_HUAWEI)
		snprintf(buf, len, "0000:%s:00.0",
		    sim_npu_bus910b[i % SIM_GPUS]);
}

static void
sim_accel_gpu(const struct sim_model *mo, u_int i, const struct sim_gpu *g,
    struct gpu *r)
{
	memset(r, 0, sizeof *r);
	r->vendor = mo->vendor;
	r->index = (int)i;
	r->valid = BIT(GPU_INDEX);
	strlcpy(r->model, mo->product, sizeof r->model);
	sim_accel_bus(mo, i, r->bus_id, sizeof r->bus_id);
	r->util_pct = g->util;
	r->temp_c = g->temp;
	r->power_w = g->power;
	r->valid |= BIT(GPU_UTIL) | BIT(GPU_TEMP) | BIT(GPU_POWER);
	switch (mo->vendor) {
	case VENDOR_AMD:	/* amd-smi monitor -ptumv, static, metric */
		r->memutil_pct = g->memutil;
		r->mem_used_mib = g->memused > 283 ? g->memused : 283;
		r->mem_total_mib = mo->mib;
		r->memtemp_c = g->memtemp;
		r->power_limit_w = mo->plimit;
		r->sm_clock_mhz = g->busy ? 2100 : 114;
		r->ecc_sbe = g->sbe;
		r->ecc_dbe = g->dbe;
		r->valid |= BIT(GPU_MEMUTIL) | BIT(GPU_MEMUSED) |
		    BIT(GPU_MEMTOTAL) | BIT(GPU_MEMTEMP) | BIT(GPU_PLIMIT) |
		    BIT(GPU_SMCLK) | BIT(GPU_ECC_SBE) | BIT(GPU_ECC_DBE);
		strlcpy(r->partition, "SPX/NPS1", sizeof r->partition);
		break;
	case VENDOR_HUAWEI:	/* npu-smi info: a chip's two rows */
		r->card = (int16_t)(i / mo->chips);
		r->chip = (int16_t)(i % mo->chips);
		r->valid |= BIT(GPU_CARD) | BIT(GPU_MEMUSED) | BIT(GPU_MEMTOTAL);
		r->mem_used_mib = g->memused > 3000 ? g->memused : 3000 +
		    g->memutil;
		r->mem_total_mib = mo->mib;
		strlcpy(r->health, g->lost || g->xid == 48 ? "Alarm" : "OK",
		    sizeof r->health);
		if (r->chip > 0)	/* an A3 card's power is its first's */
			r->valid &= ~BIT(GPU_POWER);
		else
			r->power_w = g->power * (mo->chips > 1 ? 1.9 : 1);
		break;
	default:		/* hy-smi: Temp, AvgPwr, PwrCap, DCU% */
		r->power_limit_w = mo->plimit;
		r->valid |= BIT(GPU_PLIMIT);
		break;
	}
}

/*
 * A node's accelerators and their links (XGMI, HCCS: between every two
 * cards, the peer's index as the link, up as amd-smi topology and npu-smi
 * info -t topo list them: neither says more), to a sink; -1 when the
 * node does not answer.
 */
int
sim_node_accels(struct sim *s, u_int node, const struct sink *sk)
{
	const struct sim_model	*mo = sim_node_model(s, node);
	struct sim_nodeval	 v;
	struct gpu		 r;
	struct nvlink		 l;
	u_int			 i, k, cards = mo->count / mo->chips;

	sim_update(s);
	if (!sim_node_reachable(s, node))
		return (-1);
	sim_node_sample(s, node, &v);
	for (i = 0; i < mo->count; i++) {
		/* Lost: amd-smi and hy-smi leave it out, npu-smi's Alarm. */
		if (v.gpu[i].lost && mo->vendor != VENDOR_HUAWEI)
			continue;
		sim_accel_gpu(mo, i, &v.gpu[i], &r);
		SINK_EMIT(sk, gpu, &r);
	}
	if (mo->vendor == VENDOR_HYGON)
		return (0);
	for (i = 0; i < cards; i++) {
		for (k = 0; k < cards; k++) {
			if (k == i)
				continue;
			memset(&l, 0, sizeof l);
			l.gpu = (int16_t)(i * mo->chips);
			l.link = (int16_t)(k * mo->chips);
			l.state = LINK_UP;
			SINK_EMIT(sk, nvlink, &l);
		}
	}
	return (0);
}
