/*
 * myriad - a mix's other vendors' accelerators, as records: what their
 * tools (sim-amd.c, sim-npu.c, sim-hysmi.c) print of them, handed to the
 * model's sink directly until the parsers of those tools read the
 * simulator's output over the same path as nvidia-smi's.  A field the
 * vendor's tool does not print stays unknown: the limit and the health
 * word are npu-smi's or amd-smi's or nobody's, as on a real node.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
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
 * An MI300X node's XGMI fault (SF_NVLINK): its GPU's link to one peer
 * down both ways, amd-smi topology's DISABLED; the mild form leaves the
 * links up, the GPU's bit rate halved (amd-smi xgmi).  The peer, -1 for
 * none.
 */
static int
sim_accel_xgmi_fault(struct sim *s, u_int node, const struct sim_fault **fp)
{
	const struct sim_model	*mo = sim_node_model(s, node);
	const struct sim_fault	*f;
	u_int			 peer;

	*fp = NULL;
	if (mo->vendor != VENDOR_AMD || mo->count < 2 ||
	    (f = sim_fault_find(s, node, SF_NVLINK, -1)) == NULL)
		return (-1);
	*fp = f;
	peer = f->link % (mo->count - 1);
	return (peer >= f->unit ? peer + 1 : peer);
}

/* The state of the XGMI link of GPU a to b. */
enum link_state
sim_accel_link(struct sim *s, u_int node, u_int a, u_int b)
{
	const struct sim_fault	*f;
	int			 peer;

	if ((peer = sim_accel_xgmi_fault(s, node, &f)) < 0 ||
	    f->variant == SV_MILD)
		return (LINK_UP);
	if ((a == f->unit && (int)b == peer) ||
	    (b == f->unit && (int)a == peer))
		return (LINK_DOWN);
	return (LINK_UP);
}

/* The bit rate of a GPU's XGMI links, Gb/s, as amd-smi xgmi prints it. */
u_int
sim_accel_xgmi_rate(struct sim *s, u_int node, u_int gpu)
{
	const struct sim_fault	*f;

	if (sim_accel_xgmi_fault(s, node, &f) >= 0 &&
	    f->variant == SV_MILD && f->unit == gpu)
		return (16);
	return (32);
}

/*
 * A node's accelerators and their links (XGMI, HCCS: between every two
 * cards, the peer's index as the link), to a sink; -1 when the node does
 * not answer.  XGMI's as amd-smi topology and xgmi print them: up or
 * down, at the bit rate; HCCS's up, as npu-smi info -t topo lists them
 * (it says no more); none of an A3's, whose -t topo no capture shows.
 * An Ascend node's RoCE ports are hccn_tool's, read by its parser:
 * sim_node_ports().
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
	if (mo->vendor == VENDOR_HYGON || mo->chips > 1)
		return (0);
	for (i = 0; i < cards; i++) {
		for (k = 0; k < cards; k++) {
			if (k == i)
				continue;
			memset(&l, 0, sizeof l);
			l.gpu = (int16_t)(i * mo->chips);
			l.link = (int16_t)(k * mo->chips);
			l.state = LINK_UP;
			if (mo->vendor == VENDOR_AMD) {
				l.state = sim_accel_link(s, node, i, k);
				l.speed_gbs = sim_accel_xgmi_rate(s, node,
				    i) / 8.0f;
				l.valid = BIT(NVL_SPEED);
			}
			SINK_EMIT(sk, nvlink, &l);
		}
	}
	return (0);
}

/*
 * An Ascend node's NPUs' RoCE ports: hccn_tool -i N's -link, -net_health,
 * -optical and -link_stat, each after its command line as ascend-fd saves
 * them, read by hccn_tool's parser into the sink; -1 when the node does
 * not answer.
 */
int
sim_node_ports(struct sim *s, u_int node, const struct sink *sk)
{
	static const char *const queries[] = { "-link", "-net_health",
	    "-optical", "-link_stat" };
	const struct sim_model	*mo = sim_node_model(s, node);
	struct buf		 out;
	char			 dev[16], *argv[5], *cause;
	u_int			 i, q;

	sim_update(s);
	if (mo->vendor != VENDOR_HUAWEI || !sim_node_reachable(s, node))
		return (-1);
	buf_init(&out);
	for (i = 0; i < mo->count; i++) {
		snprintf(dev, sizeof dev, "%u", i);
		for (q = 0; q < nitems(queries); q++) {
			buf_printf(&out, "hccn_tool -i %u %s -g\n", i,
			    queries[q]);
			argv[0] = (char *)"hccn_tool";
			argv[1] = (char *)"-i";
			argv[2] = dev;
			argv[3] = (char *)queries[q];
			argv[4] = (char *)"-g";
			if (sim_hccn(s, (int)node, 5, argv, &out, &cause) != 0)
				free(cause);
		}
	}
	parse_hccn(out.data != NULL ? out.data : "", out.len, NULL, sk);
	buf_free(&out);
	return (0);
}
