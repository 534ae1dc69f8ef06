/*
 * myriad - unit tests for the link inspection (links.c): each verdict
 * from hand-made links, the expectations that change them, a model's
 * rows, and real captures judged as they are.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

static struct link_expect	 h100 = {
	.nvlinks = 18, .nvspeed = 26.562f, .ibports = 8, .ibrate = 400,
	.ibwidth = "4X",
};

static struct nvlink
nvl(enum link_state st, float speed, uint32_t replay, uint32_t crc)
{
	struct nvlink	 l;

	memset(&l, 0, sizeof l);
	l.state = st;
	l.speed_gbs = speed;
	l.replay = replay;
	l.crc = crc;
	l.valid = BIT(NVL_REPLAY) | BIT(NVL_RECOVERY) | BIT(NVL_CRC);
	if (speed > 0)
		l.valid |= BIT(NVL_SPEED);
	return (l);
}

static struct ibport
ibp(enum link_state st, enum link_state phys, float rate, const char *width)
{
	struct ibport	 p;

	memset(&p, 0, sizeof p);
	strlcpy(p.device, "mlx5_0", sizeof p.device);
	p.port = 1;
	p.state = st;
	p.phys = phys;
	p.rate_gbps = rate;
	p.valid = BIT(IB_RATE);
	strlcpy(p.width, width, sizeof p.width);
	return (p);
}

static void
test_nvlink(void)
{
	struct nvlink		 a, b;
	struct link_expect	 e = h100;
	uint64_t		 delta;
	char			 why[128];

	a = nvl(LINK_UP, 26.562f, 3, 0);
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "an NVLink up at 26.562 GB/s is ok");
	a = nvl(LINK_DOWN, 0, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DOWN, "an inactive NVLink is down");
	is_str(why, "link down", "... and says so");
	a = nvl(LINK_UP, 25.0f, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DEGRADED, "an NVLink at 25 GB/s of 26.562 is degraded");
	is_str(why, "25.000 GB/s, expected 26.562", "... with both speeds");
	e.nvspeed = 25;
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "links.nvlink-speed 25: the same link is ok");
	e.nvspeed = 0;
	a = nvl(LINK_UP, 1.0f, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "links.nvlink-speed 0: no speed is checked");
	e = h100;
	a = nvl(LINK_UP, 26.56f, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "26.56 printed for 26.562 is not degraded");

	/* Counters: rising between reads, not their level. */
	b = nvl(LINK_UP, 26.562f, 1200, 40);
	a = nvl(LINK_UP, 26.562f, 1200, 40);
	is_int(links_judge_nvlink(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_OK, "high counters that stand still are ok");
	is_int((int)delta, 0, "... delta 0");
	a = nvl(LINK_UP, 26.562f, 1206, 41);
	is_int(links_judge_nvlink(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_ERRORING, "counters rising between reads: erroring");
	is_int((int)delta, 7, "... delta 7");
	is_str(why, "replay +6, recovery +0, crc +1", "... named");
	a = nvl(LINK_UP, 26.562f, 0, 0);
	is_int(links_judge_nvlink(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_OK, "counters reset (a reboot) are no rise");
	a = nvl(LINK_UP, 26.562f, 1206, 41);
	a.valid &= ~BIT(NVL_REPLAY);
	b.valid &= ~BIT(NVL_CRC);
	is_int(links_judge_nvlink(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_OK, "a counter one read does not know is no rise");

	/* State over time. */
	b = nvl(LINK_DOWN, 0, 0, 0);
	a = nvl(LINK_UP, 26.562f, 0, 0);
	is_int(links_judge_nvlink(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_FLAPPING, "down, then up: flapping");
	is_str(why, "came back up during the inspection", "... said so");
	b = nvl(LINK_UP, 26.562f, 0, 0);
	a = nvl(LINK_DOWN, 0, 0, 0);
	is_int(links_judge_nvlink(&a, &b, 1, &e, &delta, why, sizeof why),
	    LV_DOWN, "up, then down: down");
	is_str(why, "went down during the inspection", "... said so");
	a = nvl(LINK_UP, 26.562f, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 2, &e, &delta, why, sizeof why),
	    LV_FLAPPING, "up now, down twice in the events: flapping");
	is_int(links_judge_nvlink(&a, NULL, 1, &e, &delta, why, sizeof why),
	    LV_OK, "down once in the events, up now: ok");
	a = nvl(LINK_DOWN, 0, 0, 0);
	is_int(links_judge_nvlink(&a, NULL, 3, &e, &delta, why, sizeof why),
	    LV_FLAPPING, "down now, three downs: flapping");
}

static void
test_ibport(void)
{
	struct ibport		 a, b;
	struct link_expect	 e = h100;
	uint64_t		 delta;
	char			 why[128];

	a = ibp(LINK_UP, LINK_UP, 400, "");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "an active NDR port is ok");
	a = ibp(LINK_UP, LINK_POLLING, 400, "");
	strlcpy(a.state_str, "Active", sizeof a.state_str);
	strlcpy(a.phys_str, "Polling", sizeof a.phys_str);
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DOWN, "logically up, physically polling: down");
	is_str(why, "port Active, physical Polling", "... as printed");
	a = ibp(LINK_UP, LINK_UP, 200, "");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DEGRADED, "200 Gb/s of 400: degraded");
	is_str(why, "200 Gb/s, expected 400", "... with both rates");
	e.ibrate = 200;
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "links.ib-rate 200: the same port is ok");
	e.ibrate = 0;
	a = ibp(LINK_UP, LINK_UP, 10, "");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "links.ib-rate 0: no rate is checked");
	e = h100;
	a = ibp(LINK_UP, LINK_UP, 400, "2X");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DEGRADED, "2X of 4X: degraded");
	is_str(why, "width 2X, expected 4X", "... with both widths");
	a = ibp(LINK_UP, LINK_UP, 400, "4x");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "4x is 4X");
	e.ibwidth[0] = '\0';
	a = ibp(LINK_UP, LINK_UP, 400, "1X");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "links.ib-width empty: no width is checked");
	e = h100;

	b = ibp(LINK_UP, LINK_UP, 400, "");
	b.valid |= BIT(IB_SYMERR) | BIT(IB_LINKDOWN) | BIT(IB_RCVERR);
	b.symerr = 10;
	a = b;
	a.symerr = 15;
	a.linkdown = 1;
	is_int(links_judge_ibport(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_ERRORING, "port counters rising: erroring");
	is_str(why, "symerr +5, linkdown +1, rcverr +0, linkrec +0",
	    "... named");
	b = ibp(LINK_DOWN, LINK_POLLING, 10, "");
	a = ibp(LINK_UP, LINK_UP, 400, "");
	is_int(links_judge_ibport(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_FLAPPING, "a port that came back: flapping");
}

/* Each vendor's and model's peer links, from links_fabric's table. */
static void
test_fabric(void)
{
	static const struct {
		enum vendor	 vendor;
		const char	*model;
		const char	*kind;
		int		 links;
		float		 speed;
	} t[] = {
		{ VENDOR_NVIDIA, "NVIDIA H100 80GB HBM3", "nvlink", 18,
		  26.562f },
		{ VENDOR_UNKNOWN, "", "nvlink", 18, 26.562f },
		{ VENDOR_NVIDIA, "NVIDIA GB200", "nvlink", 18, 26.562f },
		{ VENDOR_AMD, "AMD Instinct MI300X", "xgmi", 7, 4 },
		{ VENDOR_AMD, "AMD Instinct MI325X", "xgmi", 7, 0 },
		{ VENDOR_AMD, "AMD Instinct MI300A", "xgmi", 0, 0 },
		{ VENDOR_HUAWEI, "910B3", "hccs", 7, 0 },
		{ VENDOR_HUAWEI, "Ascend910", "hccs", 0, 0 },
		{ VENDOR_HYGON, "", "link", 0, 0 },
	};
	struct link_fabric	 f;
	struct model		*m;
	size_t			 i;

	m = model_create("t", 8, 1);
	model_add_node(m, "n1", "r1");
	for (i = 0; i < nitems(t); i++) {
		model_node_vendor(m, 0, t[i].vendor);
		strlcpy(m->nodes[0].model, t[i].model,
		    sizeof m->nodes[0].model);
		links_fabric(m, 0, &h100, &f);
		ok(strcmp(f.kind, t[i].kind) == 0 && f.links == t[i].links &&
		    f.speed == t[i].speed, "'%s': %s, %d links at %g GB/s",
		    t[i].model, f.kind, f.links, f.speed);
	}
	model_free(m);
}

/*
 * links.nvlink-speed auto: each NVIDIA GPU's NVLinks held to its model's
 * speed, as nvidia-smi nvlink -s prints it; a number set holds them all.
 */
static void
test_speed(void)
{
	static const struct {
		const char	*model;
		float		 speed;
	} t[] = {
		{ "NVIDIA GB200", 53.125f },
		{ "NVIDIA GB300", 53.125f },
		{ "NVIDIA B200", 53.125f },
		{ "NVIDIA B300 SXM6 AC", 53.125f },
		{ "NVIDIA H100 80GB HBM3", 26.562f },
		{ "NVIDIA H200", 26.562f },
		{ "NVIDIA A100-SXM4-80GB", 25 },
		{ "NVIDIA L40S", 0 },
	};
	struct link_expect	 e = h100;
	struct link_fabric	 f;
	struct model		*m;
	struct links		*l;
	struct sink		 s;
	struct nvlink		 n;
	const struct linkcheck	*c;
	size_t			 i;
	int			 k, v[3];
	char			*cause = NULL;

	e.nvspeed = -1;
	e.ibports = 0;
	m = model_create("t", 2, 1);
	model_add_node(m, "gb", "r1");
	model_add_node(m, "h", "r1");
	for (i = 0; i < nitems(t); i++) {
		model_node_vendor(m, 0, VENDOR_NVIDIA);
		strlcpy(m->nodes[0].model, t[i].model,
		    sizeof m->nodes[0].model);
		links_fabric(m, 0, &e, &f);
		ok(f.speed == t[i].speed, "auto: '%s' at %g GB/s", t[i].model,
		    f.speed);
	}
	strlcpy(m->nodes[0].model, "NVIDIA GB200", sizeof m->nodes[0].model);
	model_node_vendor(m, 1, VENDOR_NVIDIA);
	strlcpy(m->nodes[1].model, "NVIDIA H100 80GB HBM3",
	    sizeof m->nodes[1].model);
	model_sink(m, 0, &s);
	for (k = 0; k < 2; k++) {
		n = nvl(LINK_UP, k == 0 ? 53.125f : 26.562f, 0, 0);
		n.link = k;
		SINK_EMIT(&s, nvlink, &n);
	}
	model_sink(m, 1, &s);
	n = nvl(LINK_UP, 26.562f, 0, 0);
	SINK_EMIT(&s, nvlink, &n);

	e.nvlinks = 0;
	l = links_create();
	links_inspect(l, m, NULL, &e, LI_ALL);
	v[0] = v[1] = v[2] = -1;
	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (c->node == 0 && c->link < 2)
			v[c->link] = c->verdict;
		else if (c->node == 1 && c->link == 0)
			v[2] = c->verdict;
	}
	is_int(v[0], LV_OK, "auto: a GB200 link at 53.125 is ok");
	is_int(v[1], LV_DEGRADED, "auto: a GB200 link at 26.562 is degraded");
	is_int(v[2], LV_OK, "auto: an H100 link at 26.562 is ok");
	e.nvspeed = 26.562f;
	links_inspect(l, m, NULL, &e, LI_ALL);
	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (c->node == 0 && c->link == 1)
			v[1] = c->verdict;
	}
	is_int(v[1], LV_OK, "links.nvlink-speed 26.562 set: the GB200's "
	    "link at 26.562 is ok");
	links_free(l);
	model_free(m);

	ok(links_check_speed("auto", &cause) == 0 &&
	    links_check_speed("53.125", &cause) == 0 &&
	    links_check_speed("0", &cause) == 0, "auto, 53.125, 0: taken");
	ok(links_check_speed("fast", &cause) == -1 && cause != NULL &&
	    strstr(cause, "want auto") != NULL, "fast: refused, '%s'",
	    cause != NULL ? cause : "");
	free(cause);
}

/* An Ascend NPU's RoCE port, as hccn_tool says. */
static struct ibport
npu_port(enum link_state st, const char *health)
{
	struct ibport	 p = ibp(st, st, 0, "");

	p.valid = 0;		/* no rate */
	strlcpy(p.device, "npu0", sizeof p.device);
	strlcpy(p.link_layer, "Ethernet", sizeof p.link_layer);
	strlcpy(p.health, health, sizeof p.health);
	return (p);
}

static void
test_roce(void)
{
	struct ibport		 a, b;
	struct link_expect	 e = h100;
	uint64_t		 delta;
	char			 why[128];

	a = npu_port(LINK_UP, "Success");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "RoCE: up, healthy, no rate or width said: ok");
	a = npu_port(LINK_UP, "Init");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "RoCE: net health Init (no detect address yet): ok");
	a = npu_port(LINK_UP, "Fault");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DEGRADED, "RoCE: up, net health Fault: degraded");
	is_str(why, "net health Fault", "... named");
	a = npu_port(LINK_DOWN, "Fault");
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DOWN, "RoCE: link DOWN: down");
	a = npu_port(LINK_UP, "Success");
	a.rx_power_mw = 0.0054f;
	a.rx_low_mw = 0.1445f;
	a.valid |= BIT(IB_RXPOWER) | BIT(IB_RXLOW);
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_DEGRADED, "RoCE: Rx power below its low threshold: degraded");
	is_str(why, "Rx power 0.0054 mW, below 0.1445", "... both said");
	a.valid &= ~BIT(IB_RXLOW);
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "RoCE: no threshold read: the power is not judged");
	a = npu_port(LINK_UP, "Success");
	a.linkup = 2;
	a.valid |= BIT(IB_LINKUP);
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_OK, "RoCE: link up count 2 (one bounce): ok");
	a.linkup = 4;
	is_int(links_judge_ibport(&a, NULL, 0, &e, &delta, why, sizeof why),
	    LV_FLAPPING, "RoCE: link up count 4: flapping");
	is_str(why, "went down 3 times", "... how often");
	b = npu_port(LINK_UP, "Success");
	a = npu_port(LINK_DOWN, "Fault");
	is_int(links_judge_ibport(&a, &b, 0, &e, &delta, why, sizeof why),
	    LV_DOWN, "RoCE: went down between two reads: down");
	is_str(why, "went down during the inspection", "... said so");
}

/* A small model: 2 nodes of 2 GPUs; node 0 read, node 1 not. */
static void
test_model(void)
{
	struct model		*m;
	struct links		*l;
	struct sink		 s;
	struct nvlink		 n;
	struct ibport		 p;
	struct link_expect	 e = h100;
	const struct linkcheck	*c;
	uint8_t			 mask[2] = { 1, 1 };
	int			 k;

	m = model_create("t", 2, 2);
	model_add_node(m, "n1", "r1");
	model_add_node(m, "n2", "r1");
	model_sink(m, 0, &s);
	for (k = 0; k < 18; k++) {
		n = nvl(k == 5 ? LINK_DOWN : LINK_UP, k == 5 ? 0 : 26.562f,
		    0, 0);
		n.gpu = 0;
		n.link = k;
		SINK_EMIT(&s, nvlink, &n);
		if (k >= 12)
			continue;
		n = nvl(LINK_UP, 26.562f, 0, 0);
		n.gpu = 1;
		n.link = k;
		SINK_EMIT(&s, nvlink, &n);
	}
	for (k = 0; k < 7; k++) {
		p = ibp(LINK_UP, LINK_UP, k == 3 ? 200 : 400, "");
		snprintf(p.device, sizeof p.device, "mlx5_%d", k);
		SINK_EMIT(&s, ibport, &p);
	}
	model_set_reach(m, 1, REACH_UNREACHABLE, "connection refused");

	l = links_create();
	links_first(l, m);
	ok(links_has_first(l), "a first read is kept");
	n = nvl(LINK_UP, 26.562f, 9, 0);
	n.gpu = 0;
	n.link = 7;
	model_sink(m, 0, &s);
	SINK_EMIT(&s, nvlink, &n);

	links_inspect(l, m, mask, &e, LI_UNREAD);
	is_int(links_count(l), 7, "seven problems: down, erroring, missing, "
	    "degraded, ports missing, node not read (two)");
	c = links_get(l, 0);
	ok(c != NULL && strcmp(c->kind, "nvlink") == 0 && c->gpu == 0 &&
	    c->link == 5 && c->verdict == LV_DOWN, "n1 GPU 0 link 5 down");
	c = links_get(l, 1);
	ok(c != NULL && c->gpu == 0 && c->link == 7 &&
	    c->verdict == LV_ERRORING && c->delta == 9,
	    "n1 GPU 0 link 7 erroring, delta 9");
	c = links_get(l, 2);
	ok(c != NULL && c->gpu == 1 && c->verdict == LV_MISSING &&
	    c->missing == 6 && !(c->valid & BIT(LC_LINK)),
	    "n1 GPU 1 missing 6 links");
	c = links_get(l, 3);
	ok(c != NULL && strcmp(c->kind, "ib") == 0 &&
	    strcmp(c->device, "mlx5_3") == 0 && c->verdict == LV_DEGRADED,
	    "n1 mlx5_3 degraded");
	c = links_get(l, 4);
	ok(c != NULL && c->verdict == LV_MISSING && c->missing == 1,
	    "n1 missing a port");
	c = links_get(l, 5);
	ok(c != NULL && c->node == 1 && c->verdict == LV_MISSING &&
	    strstr(c->why, "connection refused") != NULL,
	    "n2 not read: missing, with the reason");
	is_int(links_summary(l)->n[LS_NVLINK][LV_DOWN], 1,
	    "summary: one NVLink down");
	is_int(links_summary(l)->unread, 1, "summary: one node not read");

	links_inspect(l, m, mask, &e, LI_ALL);
	is_int(links_count(l), 18 + 12 + 1 + 7 + 1, "-a: every link and port, "
	    "and the missing rows, but no unread node without LI_UNREAD");
	mask[0] = 0;
	links_inspect(l, m, mask, &e, 0);
	is_int(links_count(l), 0, "a mask without n1: nothing");
	e.nvlinks = 12;
	e.ibports = 0;
	e.ibrate = 0;
	mask[0] = 1;
	links_inspect(l, m, mask, &e, 0);
	is_int(links_count(l), 2, "expect 12 links, no IB checks: the down "
	    "and the erroring link only");
	links_free(l);
	model_free(m);
}

/*
 * A node of 8 MI300Xs, GPU 2 seeing 6 of its 7 XGMI peers and GPU 3's
 * link to 4 down, and a node of an A3's 4 chips, of which nothing is
 * expected.
 */
static void
test_model_mix(void)
{
	struct model		*m;
	struct links		*l;
	struct sink		 s;
	struct nvlink		 n;
	struct gpu		 g;
	struct link_fabric	 f;
	struct link_expect	 e = h100;
	const struct linkcheck	*c;
	int			 i, k;

	m = model_create("t", 2, 8);
	model_add_node(m, "amd1", "r1");
	model_add_node(m, "a3", "r1");
	model_sink(m, 0, &s);
	for (i = 0; i < 8; i++) {
		memset(&g, 0, sizeof g);
		g.index = i;
		g.valid = BIT(GPU_INDEX);
		g.vendor = VENDOR_AMD;
		strlcpy(g.model, "AMD Instinct MI300X", sizeof g.model);
		SINK_EMIT(&s, gpu, &g);
	}
	for (i = 0; i < 8; i++) {
		for (k = 0; k < 8; k++) {
			if (k == i || (i == 2 && k == 5))
				continue;
			n = nvl(i == 3 && k == 4 ? LINK_DOWN : LINK_UP, 4, 0,
			    0);
			n.valid = BIT(NVL_SPEED);
			n.gpu = i;
			n.link = k;
			SINK_EMIT(&s, nvlink, &n);
		}
	}
	model_sink_end(m);
	model_sink(m, 1, &s);
	for (i = 0; i < 4; i++) {
		memset(&g, 0, sizeof g);
		g.index = i;
		g.valid = BIT(GPU_INDEX);
		g.vendor = VENDOR_HUAWEI;
		strlcpy(g.model, "Ascend910", sizeof g.model);
		SINK_EMIT(&s, gpu, &g);
	}
	n = nvl(LINK_UP, 0, 0, 0);
	n.valid = 0;
	n.gpu = 0;
	n.link = 2;
	SINK_EMIT(&s, nvlink, &n);
	model_sink_end(m);

	links_fabric(m, 0, &h100, &f);
	ok(strcmp(f.name, "XGMI") == 0 && f.links == 7,
	    "amd1's fabric: XGMI, 7 peers");
	e.ibports = 0;
	l = links_create();
	links_inspect(l, m, NULL, &e, LI_UNREAD);
	is_int(links_count(l), 2, "two problems: a link down, a GPU short");
	c = links_get(l, 0);
	ok(c != NULL && strcmp(c->kind, "xgmi") == 0 && c->gpu == 2 &&
	    c->verdict == LV_MISSING && c->missing == 1 &&
	    strcmp(c->why, "6 of 7 links seen") == 0,
	    "amd1 GPU 2: xgmi, 6 of 7 links seen");
	c = links_get(l, 1);
	ok(c != NULL && strcmp(c->kind, "xgmi") == 0 && c->gpu == 3 &&
	    c->link == 4 && c->verdict == LV_DOWN && c->expect == 4,
	    "amd1 GPU 3 link 4: xgmi, down, 4 GB/s expected");
	/* GPU 0's link to 1 down, up, down: events of XGMI, flapping. */
	for (i = 0; i < 3; i++) {
		model_sink(m, 0, &s);
		n = nvl(i % 2 ? LINK_UP : LINK_DOWN, 4, 0, 0);
		n.valid = BIT(NVL_SPEED);
		n.link = 1;
		SINK_EMIT(&s, nvlink, &n);
		model_sink_end(m);
	}
	ok(model_event_get(m, 0) != NULL && strncmp(model_event_get(m,
	    0)->text, "GPU 0 XGMI 1 down", model_event_get(m, 0)->textlen)
	    == 0 && model_event_get(m, 0)->textlen == 17,
	    "its event says XGMI: '%s'", model_event_get(m, 0) != NULL ?
	    model_event_get(m, 0)->text : "");
	links_inspect(l, m, NULL, &e, 0);
	c = links_get(l, 0);
	ok(c != NULL && c->gpu == 0 && c->link == 1 &&
	    c->verdict == LV_FLAPPING && strcmp(c->why, "went down 2 "
	    "times") == 0, "amd1 GPU 0 link 1, down twice: flapping");
	links_inspect(l, m, NULL, &e, LI_ALL);
	is_int(links_count(l), 7 * 8 - 1 + 1 + 1, "-a: amd1's 55 links and "
	    "its missing row, the A3's one link; no 18 NVLinks expected");
	c = links_get(l, links_count(l) - 1);
	ok(c != NULL && c->node == 1 && strcmp(c->kind, "hccs") == 0 &&
	    c->verdict == LV_OK, "the A3's link: hccs, ok");
	links_free(l);
	model_free(m);
}

/*
 * Nodes none of whose links was read: a 910B up (no probe reads HCCS,
 * none read RoCE), a 910B unreachable, and a node unreachable whose
 * vendor is not known.
 */
static void
test_model_unread(void)
{
	struct model		*m;
	struct links		*l;
	struct link_expect	 e = h100;
	const struct linkcheck	*c;

	m = model_create("t", 3, 8);
	model_add_node(m, "npu1", "r1");
	model_add_node(m, "npu2", "r1");
	model_add_node(m, "mi1", "r1");
	model_node_vendor(m, 0, VENDOR_HUAWEI);
	model_node_vendor(m, 1, VENDOR_HUAWEI);
	model_set_reach(m, 0, REACH_UP, "");
	model_set_reach(m, 1, REACH_UNREACHABLE, "connection refused");
	model_set_reach(m, 2, REACH_UNREACHABLE, "connection refused");
	l = links_create();
	links_inspect(l, m, NULL, &e, LI_UNREAD);
	is_int(links_count(l), 3, "two nodes not read, each once with its "
	    "fabric's row; an Ascend up: no row");
	c = links_get(l, 0);
	ok(c != NULL && c->node == 1 && strcmp(c->kind, "hccs") == 0 &&
	    c->verdict == LV_MISSING && strstr(c->why, "connection refused"),
	    "npu2 unreachable: hccs not read, why; no ib row");
	c = links_get(l, 1);
	ok(c != NULL && c->node == 2 && strcmp(c->kind, "link") == 0 &&
	    strstr(c->why, "connection refused"),
	    "mi1, its vendor not known: its links not read, not NVLinks");
	c = links_get(l, 2);
	ok(c != NULL && c->node == 2 && strcmp(c->kind, "ib") == 0,
	    "and its InfiniBand ports not read");
	links_free(l);
	model_free(m);
}

/* A GB200's GPU k, as nvidia-smi --query-gpu's fabric.* say. */
static struct gpu
fab(int k, const char *state, const char *status, int clique,
    const char *uuid, const char *health, const char *bandwidth)
{
	struct gpu	 g;

	memset(&g, 0, sizeof g);
	g.index = k;
	g.valid = BIT(GPU_INDEX);
	g.vendor = VENDOR_NVIDIA;
	strlcpy(g.model, "NVIDIA GB200", sizeof g.model);
	strlcpy(g.fabric_state, state, sizeof g.fabric_state);
	strlcpy(g.fabric_status, status, sizeof g.fabric_status);
	if (clique >= 0) {
		g.clique_id = clique;
		g.valid |= BIT(GPU_CLIQUE);
	}
	strlcpy(g.cluster_uuid, uuid, sizeof g.cluster_uuid);
	strlcpy(g.fabric_health, health, sizeof g.fabric_health);
	strlcpy(g.fabric_bandwidth, bandwidth, sizeof g.fabric_bandwidth);
	return (g);
}

#define GB_UUID	"dc6e40c4-d722-4357-9ba6-5291dd461278"
#define GB_ZERO	"00000000-0000-0000-0000-000000000000"

/*
 * Trays of 4 GB200s, by hand: each node's GPUs as the row of fab()'s
 * arguments says, GPU 0 to 3.  The words are the real ones of the
 * captures (Completed, In Progress, Insufficient Resources, Unhealthy,
 * Full, Not Supported); no capture shows a bandwidth that is not Full,
 * so "Degraded" stands for any other word.
 */
static const struct {
	const char	*node;
	const char	*state[4];
	const char	*status[4];
	int		 clique[4];
	const char	*uuid[4];
	const char	*health[4];
	const char	*bandwidth[4];
} trays[] = {
	{ "ok", { "Completed", "Completed", "Completed", "Completed" },
	  { "Success", "Success", "Success", "Success" }, { 2, 2, 2, 2 },
	  { GB_UUID, GB_UUID, GB_UUID, GB_UUID },
	  { "Healthy", "Healthy", "Healthy", "Healthy" },
	  { "Full", "Full", "Full", "Full" } },
	{ "inprog", { "Completed", "In Progress", "Completed", "Completed" },
	  { "Success", "", "Success", "Success" }, { 2, -1, 2, 2 },
	  { GB_UUID, "", GB_UUID, GB_UUID }, { "", "", "", "" },
	  { "", "", "", "" } },
	{ "status", { "Completed", "Completed", "Completed", "Completed" },
	  { "Success", "Success", "Insufficient Resources", "Success" },
	  { 2, 2, 2, 2 }, { GB_UUID, GB_UUID, GB_UUID, GB_UUID },
	  { "", "", "", "" }, { "", "", "", "" } },
	{ "bw", { "Completed", "Completed", "Completed", "Completed" },
	  { "Success", "Success", "Success", "Success" }, { 2, 2, 2, 2 },
	  { GB_UUID, GB_UUID, GB_UUID, GB_UUID },
	  { "Healthy", "Healthy", "Healthy", "Unhealthy" },
	  { "Full", "Full", "Full", "Degraded" } },
	{ "split", { "Completed", "Completed", "Completed", "Completed" },
	  { "Success", "Success", "Success", "Success" }, { 2, 7, 2, 2 },
	  { GB_UUID, GB_UUID, GB_UUID, GB_ZERO }, { "", "", "", "" },
	  { "", "", "", "" } },
	{ "hgx", { "Not Supported", "Not Supported", "Not Supported",
	  "Not Supported" }, { "Success", "Success", "Success", "Success" },
	  { 0, 1, 0, 3 }, { "", "", "", "" },
	  { "Not Supported", "Not Supported", "Not Supported",
	  "Not Supported" }, { "Not Supported", "Not Supported",
	  "Not Supported", "Not Supported" } },
	{ "na", { "", "", "", "" }, { "", "", "", "" }, { -1, -1, -1, -1 },
	  { "", "", "", "" }, { "", "", "", "" }, { "", "", "", "" } },
};

static struct model *
fabric_model(void)
{
	struct model	*m;
	struct sink	 s;
	struct gpu	 g;
	size_t		 i;
	int		 k;

	m = model_create("t", nitems(trays), 4);
	for (i = 0; i < nitems(trays); i++) {
		model_add_node(m, trays[i].node, "r1");
		model_sink(m, i, &s);
		for (k = 0; k < 4; k++) {
			g = fab(k, trays[i].state[k], trays[i].status[k],
			    trays[i].clique[k], trays[i].uuid[k],
			    trays[i].health[k], trays[i].bandwidth[k]);
			SINK_EMIT(&s, gpu, &g);
		}
		model_sink_end(m);
	}
	return (m);
}

/* The row of node's GPU with verdict v, or NULL. */
static const struct linkcheck *
fabric_row(const struct links *l, const struct model *m, const char *node,
    int gpu, int v)
{
	const struct linkcheck	*c;
	u_int			 i;

	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (strcmp(m->nodes[c->node].name, node) == 0 &&
		    c->gpu == gpu && c->verdict == v)
			return (c);
	}
	return (NULL);
}

/* Each GPU's scale-up fabric, judged where nvidia-smi's fabric.* said it. */
static void
test_model_fabric(void)
{
	struct model		*m = fabric_model();
	struct links		*l = links_create();
	struct link_expect	 e = h100;
	const struct linkcheck	*c;
	u_int			 i, n;

	e.ibports = 0;
	links_inspect(l, m, NULL, &e, 0);
	is_int(links_count(l), 0, "without LI_FABRIC (the Links view): no "
	    "fabric row");

	links_inspect(l, m, NULL, &e, LI_FABRIC);
	is_int(links_count(l), 6, "six findings: in progress, a status, "
	    "health and bandwidth, a clique and a cluster split");
	c = fabric_row(l, m, "inprog", 1, LV_FABRIC);
	ok(c != NULL && strcmp(c->kind, "nvlink") == 0 &&
	    c->valid == BIT(LC_GPU) && strcmp(c->state, "In Progress") == 0 &&
	    strcmp(c->why, "fabric state In Progress, not Completed") == 0,
	    "In Progress: fabric, nvlink, the GPU, why: '%s'",
	    c != NULL ? c->why : "");
	c = fabric_row(l, m, "status", 2, LV_FABRIC);
	ok(c != NULL && strcmp(c->state, "Completed/Insufficient Resources")
	    == 0 && strcmp(c->why, "fabric status Insufficient Resources, "
	    "not Success") == 0, "Completed, Insufficient Resources: fabric, "
	    "state '%s'", c != NULL ? c->state : "");
	c = fabric_row(l, m, "bw", 3, LV_DEGRADED);
	ok(c != NULL && strcmp(c->why, "fabric health Unhealthy, not "
	    "Healthy") == 0, "health Unhealthy: degraded");
	c = c == NULL ? NULL : c + 1;
	ok(c != NULL && c->gpu == 3 && c->verdict == LV_DEGRADED &&
	    strcmp(c->why, "fabric bandwidth Degraded, not Full") == 0,
	    "bandwidth not Full: degraded, its own row");
	c = fabric_row(l, m, "split", 1, LV_FABRIC);
	ok(c != NULL && strcmp(c->why, "clique 7, not its node's 2 (2 of 4 "
	    "GPUs)") == 0, "a clique split in the tray: '%s'",
	    c != NULL ? c->why : "");
	c = fabric_row(l, m, "split", 3, LV_FABRIC);
	ok(c != NULL && strcmp(c->why, "cluster " GB_ZERO ", not its node's "
	    GB_UUID) == 0, "another ClusterUUID: '%s'", c != NULL ? c->why :
	    "");
	ok(fabric_row(l, m, "split", 0, LV_FABRIC) == NULL &&
	    fabric_row(l, m, "split", 2, LV_FABRIC) == NULL,
	    "the GPUs of the node's clique: no row");
	ok(fabric_row(l, m, "inprog", 0, LV_FABRIC) == NULL,
	    "a GPU In Progress (no clique) splits no clique");
	for (i = 0, n = 0; (c = links_get(l, i)) != NULL; i++) {
		if (strcmp(m->nodes[c->node].name, "hgx") == 0 ||
		    strcmp(m->nodes[c->node].name, "na") == 0 ||
		    strcmp(m->nodes[c->node].name, "ok") == 0)
			n++;
	}
	is_int(n, 0, "Not Supported (HGX, PCIe), N/A and a healthy tray: "
	    "no finding");
	is_int(links_summary(l)->n[LS_NVLINK][LV_FABRIC], 4,
	    "summary: 4 NVLink fabric findings");
	is_int(links_summary(l)->n[LS_NVLINK][LV_DEGRADED], 2,
	    "summary: 2 degraded");

	links_inspect(l, m, NULL, &e, LI_FABRIC | LI_ALL);
	c = fabric_row(l, m, "ok", 2, LV_OK);
	ok(c != NULL && strcmp(c->state, "Completed/Success") == 0 &&
	    strcmp(c->why, "fabric clique 2") == 0,
	    "-a: a healthy GPU's fabric is a row, ok");
	for (i = 0, n = 0; (c = links_get(l, i)) != NULL; i++)
		n += c->verdict == LV_OK;
	is_int(n, 4 + 3 + 3 + 3 + 2, "-a: every GPU with a fabric and no "
	    "finding is ok; none of Not Supported or N/A");
	links_free(l);
	model_free(m);
}

/* Node's row whose state begins with `state', or NULL. */
static const struct linkcheck *
state_row(const struct links *l, const struct model *m, const char *node,
    const char *state)
{
	const struct linkcheck	*c;
	u_int			 i;

	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (strcmp(m->nodes[c->node].name, node) == 0 &&
		    strncmp(c->state, state, strlen(state)) == 0)
			return (c);
	}
	return (NULL);
}

/* IMEX node `k' as node's daemon sees it, in a domain of `state'. */
static void
imex_node(struct sink *s, int k, const char *address, const char *state,
    const char *domain)
{
	struct imex	 x;

	memset(&x, 0, sizeof x);
	x.id = k;
	strlcpy(x.address, address, sizeof x.address);
	strlcpy(x.state, state, sizeof x.state);
	strlcpy(x.domain, domain, sizeof x.domain);
	SINK_EMIT(s, imex, &x);
}

/*
 * A rack's domain (one ClusterUUID): a tray whose 4 GPUs agree on a
 * clique that is not the domain's is a fabric row naming the domain's;
 * a tray not registered yet is not one.  Each node's IMEX report: a row
 * when its Domain State is not UP or a node is not READY, naming them.
 */
static void
test_model_domain(void)
{
	static const char *names[] = { "t1", "t2", "t3", "t4" };
	static const int cliques[] = { 2, 2, 7, 2 };
	struct model		*m;
	struct links		*l = links_create();
	struct link_expect	 e = h100;
	const struct linkcheck	*c;
	struct sink		 s;
	struct gpu		 g;
	char			 want[128], addr[32];
	u_int			 i, n;
	int			 k;

	m = model_create("t", nitems(names), 4);
	for (i = 0; i < nitems(names); i++) {
		model_add_node(m, names[i], "r1");
		model_sink(m, i, &s);
		for (k = 0; k < 4; k++) {
			g = i == 3 ? fab(k, "In Progress", "", 0, GB_UUID,
			    "", "") : fab(k, "Completed", "Success",
			    cliques[i], GB_UUID, "", "");
			SINK_EMIT(&s, gpu, &g);
		}
		model_sink_end(m);
	}
	model_sink(m, 0, &s);
	imex_node(&s, 0, "10.0.0.1", "READY", "DEGRADED");
	imex_node(&s, 1, "10.0.0.2", "UNAVAILABLE", "DEGRADED");
	model_sink_end(m);
	model_sink(m, 1, &s);
	imex_node(&s, 0, "10.0.0.1", "READY", "UP");
	model_sink_end(m);
	model_sink(m, 2, &s);
	for (k = 0; k < 18; k++) {
		snprintf(addr, sizeof addr, "10.0.0.%d", k + 1);
		imex_node(&s, k, addr, k == 2 ? "READY" : "UNAVAILABLE",
		    "DOWN");
	}
	model_sink_end(m);
	scaleup_update(m);
	ok(m->nscaleups == 1, "one domain of the four trays");

	e.ibports = 0;
	links_inspect(l, m, NULL, &e, LI_FABRIC);
	snprintf(want, sizeof want, "clique 7, not its domain %s's 2 (8 of 12 "
	    "GPUs)", m->scaleups[0].name);
	for (i = 0, n = 0; (c = links_get(l, i)) != NULL; i++) {
		if (strcmp(m->nodes[c->node].name, "t3") == 0 &&
		    c->verdict == LV_FABRIC && strcmp(c->why, want) == 0 &&
		    (c->valid & BIT(LC_GPU)))
			n++;
	}
	is_int(n, 4, "a tray in clique 7 of a domain in 2: its 4 GPUs fabric, "
	    "naming the domain's clique");
	for (i = 0, n = 0; (c = links_get(l, i)) != NULL; i++) {
		n += strstr(c->why, "clique") != NULL &&
		    strcmp(m->nodes[c->node].name, "t3") != 0;
	}
	is_int(n, 0, "the trays of the domain's clique, and the one In "
	    "Progress: no clique row");
	c = fabric_row(l, m, "t4", 0, LV_FABRIC);
	ok(c != NULL && strstr(c->why, "state In Progress") != NULL,
	    "a tray In Progress: its state row");

	c = state_row(l, m, "t1", "IMEX");
	ok(c != NULL && c->verdict == LV_FABRIC &&
	    strcmp(c->kind, "nvlink") == 0 && !(c->valid & BIT(LC_GPU)) &&
	    strcmp(c->state, "IMEX DEGRADED") == 0 &&
	    strcmp(c->why, "IMEX domain DEGRADED; 1 not READY: 10.0.0.2 "
	    "UNAVAILABLE") == 0, "an IMEX peer UNAVAILABLE: a fabric row "
	    "naming it, '%s'", c != NULL ? c->why : "");
	ok(state_row(l, m, "t2", "IMEX") == NULL, "IMEX UP, all READY: no "
	    "row");
	c = state_row(l, m, "t3", "IMEX");
	ok(c != NULL && c->verdict == LV_FABRIC &&
	    strcmp(c->state, "IMEX DOWN") == 0 &&
	    strncmp(c->why, "IMEX domain DOWN; 17 not READY: 10.0.0.1 "
	    "UNAVAILABLE, 10.0.0.2 UNAVAILABLE, ", 71) == 0 &&
	    strstr(c->why, " more") != NULL && strstr(c->why, "UNAVAILAB,")
	    == NULL, "IMEX DOWN, 17 not READY: whole addresses, then how "
	    "many more: '%s'", c != NULL ? c->why : "");
	is_int(links_summary(l)->n[LS_NVLINK][LV_FABRIC], 4 + 4 + 2,
	    "summary: the clique's, the In Progress' and the IMEX rows");

	links_inspect(l, m, NULL, &e, LI_FABRIC | LI_ALL);
	c = state_row(l, m, "t2", "IMEX");
	ok(c != NULL && c->verdict == LV_OK && strcmp(c->why,
	    "IMEX domain UP") == 0, "-a: IMEX UP is a row, ok");
	links_free(l);
	model_free(m);
}

/*
 * inspect-links' rows, on trays read by the real parser from --query-gpu's
 * fabric.* (the 590 driver's words, as unit-fabric reads them), as the
 * command prints them: through a -w filter, in every output form.  The
 * command's exit status is t/0063's.
 */
static char	 out[16384];

static u_int
print(const struct model *m, const char *set, const char *w,
    enum output_format format)
{
	const struct record	*r = record_find("linkcheck");
	const struct linkcheck	*c;
	struct link_expect	 e = h100;
	struct links		*l = links_create();
	struct filter		*f = NULL;
	struct output		*o;
	uint8_t			*mask;
	FILE			*fp;
	char			*cause;
	u_int			 i, n = 0;

	e.ibports = 0;
	if (w != NULL && (f = filter_create(r, w, &cause)) == NULL) {
		ok(0, "filter %s: %s", w, cause);
		free(cause);
	}
	if (model_select(m, set, &mask, &cause) != 0) {
		ok(0, "%s: %s", set, cause);
		free(cause);
		mask = NULL;
	}
	links_inspect(l, m, mask, &e, LI_UNREAD | LI_FABRIC);
	fp = fmemopen(out, sizeof out, "w");
	o = output_create(fp, 200, format, r, m);
	for (i = 0; (c = links_get(l, i)) != NULL; i++) {
		if (!filter_match(f, c, m))
			continue;
		output_row(o, c);
		n += c->verdict != LV_OK;
	}
	output_free(o);
	fclose(fp);
	filter_free(f);
	free(mask);
	links_free(l);
	return (n);
}

static void
test_cmd_fabric(void)
{
	static const char *q = "index,name,fabric.state,fabric.status,"
	    "fabric.cliqueId,fabric.clusterUuid,fabric.health.summary,"
	    "fabric.health.bandwidth";
	static const char *csv[] = {
	    "0, NVIDIA GB200, Completed, Success, 2, " GB_UUID ", N/A, N/A\n"
	    "1, NVIDIA GB200, In Progress, [N/A], [N/A], [N/A], N/A, N/A\n"
	    "2, NVIDIA GB200, Completed, Success, 2, " GB_UUID ", N/A, N/A\n"
	    "3, NVIDIA GB200, Completed, Success, 3, " GB_UUID ", N/A, N/A\n",
	    "0, NVIDIA H100 80GB HBM3, Not Supported, [N/A], [N/A], [N/A], "
	    "[N/A], [N/A]\n",
	};
	struct model	*m;
	struct sink	 s;
	size_t		 i;

	m = model_create("t", 2, 4);
	model_add_node(m, "gb1", "r1");
	model_add_node(m, "hgx1", "r1");
	for (i = 0; i < nitems(csv); i++) {
		model_sink(m, i, &s);
		is_int(parse_nvsmi_csv(csv[i], strlen(csv[i]), q, &s),
		    i == 0 ? 4 : 1, "%s: its GPUs read by parse_nvsmi_csv",
		    m->nodes[i].name);
		model_sink_end(m);
	}
	is_int(print(m, NULL, "verdict=fabric", OUT_TSV), 2,
	    "verdict=fabric: two findings");
	is_str(out, "node\tkind\tgpu\tdevice\tlink\tstate\texpect\tactual\t"
	    "expect_width\twidth\terrors\tdelta\tchanges\tmissing\tverdict\t"
	    "why\tvendor\tmodel\n"
	    "gb1\tnvlink\t1\t\t\tIn Progress\t\t\t\t\t\t\t0\t0\tfabric\t"
	    "fabric state In Progress, not Completed\t"
	    "nvidia\tNVIDIA GB200\n"
	    "gb1\tnvlink\t3\t\t\tCompleted/Success\t\t\t\t\t\t\t0\t0\tfabric\t"
	    "clique 3, not its node's 2 (2 of 3 GPUs)\tnvidia\tNVIDIA GB200\n",
	    "-o tsv: a row a finding, the GPU and why");
	print(m, "gb1", "verdict=fabric", OUT_JSON);
	ok(strstr(out, "\"gpu\":1,") != NULL && strstr(out, "\"link\":null")
	    != NULL && strstr(out, "\"verdict\":\"fabric\"") != NULL,
	    "-o json: the GPU, no link, verdict fabric");
	print(m, "gb1", "verdict=fabric", OUT_TABLE);
	ok(strstr(out, "fabric") != NULL && strstr(out, "In Progress") !=
	    NULL, "-o table: the verdict and the state");
	is_int(print(m, "hgx1", NULL, OUT_TSV), 1, "an HGX node: Not "
	    "Supported is no finding (its one row: no NVLink read)");
	ok(strstr(out, "fabric") == NULL, "... and no fabric row");
	model_free(m);
}

/* How many of the collected links or ports get verdict v. */
static int
judged(const struct collect *g, int ib, const struct link_expect *e, int v)
{
	uint64_t	 delta;
	char		 why[128];
	int		 i, n = 0;

	for (i = 0; i < (ib ? g->nibport : g->nnvlink); i++) {
		if ((ib ? links_judge_ibport(&g->ibport[i], NULL, 0, e, &delta,
		    why, sizeof why) : links_judge_nvlink(&g->nvlink[i], NULL,
		    0, e, &delta, why, sizeof why)) == v)
			n++;
	}
	return (n);
}

/* Real captures, judged as they are. */
static void
test_fixtures(void)
{
	struct collect		 g;
	struct link_expect	 e = h100;
	uint64_t		 delta;
	char			*buf, why[128];
	size_t			 len;

	memset(&g, 0, sizeof g);
	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-h100-some-down-0"
	    ".txt", &len, 1)) != NULL) {
		collect_run(&g, parse_ibstat, buf, len, NULL);
		is_int(judged(&g, 1, &e, LV_DOWN), 3,
		    "h100 some down: its 3 Down/Disabled ports down");
		collect_free(&g);
		free(buf);
	}
	if ((buf = tap_fixture_skip("infiniband/gpud-ibstatus-a100-all-"
	    "active.txt", &len, 3)) != NULL) {
		collect_run(&g, parse_ibstat, buf, len, NULL);
		is_str(g.nibport > 0 ? g.ibport[0].width : "", "4X",
		    "ibstatus: the width, 4X");
		is_int(judged(&g, 1, &e, LV_DEGRADED), g.nibport,
		    "a100 HDR against NDR: every port degraded");
		e.ibrate = 200;
		is_int(g.nibport - judged(&g, 1, &e, LV_OK), 1,
		    "links.ib-rate 200: only the 40 Gb/s port is not ok");
		e = h100;
		collect_free(&g);
		free(buf);
	}
	if ((buf = tap_slurp("t/data/hccn-910A-faultdiag-i0.txt", &len)) !=
	    NULL) {
		collect_run(&g, parse_hccn, buf, len, NULL);
		ok(g.nibport == 1 && links_judge_ibport(&g.ibport[0], NULL, 0,
		    &e, &delta, why, sizeof why) == LV_DEGRADED &&
		    strcmp(why, "Rx power 0.0054 mW, below 0.1445") == 0,
		    "910A npu0: Rx Power1 0.0054 mW below 0.1445: degraded");
		collect_free(&g);
		free(buf);
	} else
		tap_skip(1, "t/data/hccn-910A-faultdiag-i0.txt");
	if ((buf = tap_slurp("t/data/hccn-link-stat-8dev-faultdiag.txt",
	    &len)) != NULL) {
		collect_run(&g, parse_hccn, buf, len, NULL);
		is_int(judged(&g, 1, &e, LV_OK), 8,
		    "8 NPUs' link_stat, one bounce each at boot: none flaps");
		collect_free(&g);
		free(buf);
	} else
		tap_skip(1, "t/data/hccn-link-stat-8dev-faultdiag.txt");
	if ((buf = tap_fixture_skip("nvidia-smi-nvlink/h100-nvlink-s.txt",
	    &len, 1)) != NULL) {
		collect_run(&g, parse_nvlink_status, buf, len, NULL);
		ok(g.nnvlink >= 18 && judged(&g, 0, &e, LV_OK) == g.nnvlink,
		    "h100 nvlink -s: all %d links ok", g.nnvlink);
		collect_free(&g);
		free(buf);
	}
	if ((buf = tap_fixture_skip("nvidia-smi-nvlink/a100-sxm4-80gb-x4-"
	    "nvlink-s-tabs.txt", &len, 2)) != NULL) {
		collect_run(&g, parse_nvlink_status, buf, len, NULL);
		is_int(judged(&g, 0, &e, LV_DEGRADED), g.nnvlink,
		    "a100 at 25 GB/s against H100's: degraded");
		e.nvspeed = 25;
		is_int(judged(&g, 0, &e, LV_OK), g.nnvlink,
		    "links.nvlink-speed 25: ok");
		collect_free(&g);
		free(buf);
	}
}

int
main(void)
{
	test_nvlink();
	test_ibport();
	test_model();
	test_fabric();
	test_speed();
	test_roce();
	test_model_mix();
	test_model_unread();
	test_model_fabric();
	test_model_domain();
	test_cmd_fabric();
	test_fixtures();
	return (tap_done());
}
