/*
 * myriad - scale-up domains (scaleup.c): found from the GPUs' ClusterUUID,
 * from the domains option, else one a node; each verdict and its reason.
 * The models are built through the real parsers (--query-gpu's fabric.*,
 * nvidia-imex-ctl -N) where a tool says it, by the sink where none does.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "myriad.h"
#include "backend.h"

#define UUID	"dc6e40c4-d722-4357-9ba6-5291dd461278"
#define UUID2	"4f1c6a2e-0b9d-4e7a-8c3b-2d5e6f708192"
#define UUID0	"00000000-0000-0000-0000-000000000000"
#define QUERY	"index, name, fabric.state, fabric.status, fabric.cliqueId, " \
	"fabric.clusterUuid, fabric.health.summary, fabric.health.bandwidth\n"
#define IMEX18	"t/data/imex-ctl-N-570.172-p6e-gb200-18nodes.txt"

/* A GPU's line of QUERY. */
struct tray_gpu {
	const char	*state;
	const char	*status;
	int		 clique;
	const char	*uuid;
	const char	*bandwidth;
	const char	*model;		/* NULL: NVIDIA GB200 */
};
static const struct tray_gpu gb200 = {
	"Completed", "Success", 2, UUID, "Full", NULL };

/*
 * Node id reports n GPUs through --query-gpu: GPU k as g (each, if k is
 * -1), the others as gb200.
 */
static void
tray(struct model *m, uint32_t id, u_int n, const struct tray_gpu *g,
    int k)
{
	struct sink		 s;
	struct buf		 b;
	const struct tray_gpu	*t;
	u_int			 i;

	buf_init(&b);
	buf_puts(&b, QUERY);
	for (i = 0; i < n; i++) {
		t = g != NULL && (k < 0 || i == (u_int)k) ? g : &gb200;
		buf_printf(&b, "%u, %s, %s, %s, %d, %s, Healthy, %s\n", i,
		    t->model != NULL ? t->model : "NVIDIA GB200", t->state,
		    t->status, t->clique, t->uuid, t->bandwidth);
	}
	model_sink(m, id, &s);
	parse_nvsmi_csv(b.data, b.len, NULL, &s);
	model_sink_end(m);
	buf_free(&b);
}

/* A rack r001 of 18 trays of 4 GB200 (gpu0001 ...), all read but skip. */
static struct model *
rack18(int skip)
{
	struct model	*m = model_create("t", 4, 18);
	char		 name[16];
	int		 i;

	for (i = 0; i < 18; i++) {
		snprintf(name, sizeof name, "gpu%04d", i + 1);
		model_add_node(m, name, "r001");
		if (i != skip)
			tray(m, i, 4, NULL, 0);
	}
	return (m);
}

static const struct scaleup *
one(struct model *m, const char *what)
{
	scaleup_update(m);
	is_int(m->nscaleups, 1, "%s: one domain", what);
	return (&m->scaleups[0]);
}

static void
verdict(const struct scaleup *d, enum scaleup_verdict v, const char *why,
    const char *what)
{
	is_str(scaleup_verdict_name(d->verdict), scaleup_verdict_name(v),
	    "%s: %s", what, scaleup_verdict_name(v));
	ok(strstr(d->why, why) != NULL, "%s: why has '%s' (%s)", what, why,
	    d->why);
}

static void
test_healthy(void)
{
	struct model		*m = rack18(-1);
	const struct scaleup	*d = one(m, "NVL72");
	struct scaleup		*before;
	uint32_t		 k;

	is_str(d->name, "nvl72-r001", "NVL72: named after its rack");
	is_str(d->kind, "nvl72", "NVL72: kind");
	is_int(d->nnodes, 18, "NVL72: 18 trays");
	is_str(d->nodes, "gpu[0001-0018]", "NVL72: its nodes, folded");
	is_int(d->gpus_expected, 72, "NVL72: 72 GPUs expected");
	is_int(d->gpus_present, 72, "... present");
	is_int(d->gpus_healthy, 72, "... healthy");
	is_int(d->fabric[SUF_COMPLETED], 72, "... fabric completed");
	is_int(d->bandwidth, SUB_FULL, "... bandwidth full");
	is_int(d->verdict, SU_HEALTHY, "NVL72: healthy");
	is_str(d->why, "", "NVL72: no reason");
	for (k = 0; k < 18 && m->nodes[k].scaleup == 0 &&
	    m->scaleupnodes[d->first + k] == k; k++)
		;
	is_int(k, 18, "every tray's domain is 0, its nodes in order");
	is_int(scaleup_find(m, "nvl72-r001"), 0, "scaleup_find");
	is_int(scaleup_find(m, "nvl72-r002"), -1, "scaleup_find: none");

	before = m->scaleups;
	scaleup_update(m);
	ok(m->scaleups == before, "nothing changed: not built again");
	tray(m, 3, 4, &(struct tray_gpu){ "In Progress", "N/A", 2, UUID,
	    "Full", NULL }, 1);
	d = one(m, "a tray In Progress");
	verdict(d, SU_BROKEN, "gpu0004 GPU 1: fabric In Progress",
	    "a tray In Progress");
	is_int(d->fabric[SUF_PROGRESS], 1, "... one GPU in progress");
	is_int(d->fabric[SUF_COMPLETED], 71, "... 71 completed");
	model_free(m);
}

static void
test_faults(void)
{
	struct model		*m;
	const struct scaleup	*d;
	const char		*p, *q;
	u_int			 i, k;
	struct job		 j;
	struct sink		 s;

	m = rack18(-1);
	tray(m, 9, 4, &(struct tray_gpu){ "Completed", "Success", 3, UUID,
	    "Full", NULL }, 0);
	d = one(m, "clique split");
	verdict(d, SU_BROKEN, "clique split: gpu0010 in clique 3, the rest "
	    "in 2", "clique split: the odd tray named");
	is_int(d->gpus_healthy, 71, "... its GPU not healthy: 71");
	model_free(m);

	m = rack18(-1);
	tray(m, 0, 4, &(struct tray_gpu){ "Completed", "Success", 2, UUID,
	    "Degraded", NULL }, 2);
	d = one(m, "bandwidth");
	verdict(d, SU_DEGRADED, "bandwidth degraded on 1 GPU: gpu0001",
	    "bandwidth: the tray named");
	is_int(d->gpus_healthy, 71, "... that GPU not healthy: 71");
	is_int(d->bandwidth, SUB_DEGRADED, "bandwidth: degraded");
	ok(d->bandwidth_degraded, "... bandwidth_degraded");
	model_free(m);

	m = rack18(-1);
	tray(m, 6, 4, &(struct tray_gpu){ "Completed",
	    "Insufficient Resources", 2, UUID, "Full", NULL }, 0);
	d = one(m, "status");
	verdict(d, SU_BROKEN, "gpu0007 GPU 0: fabric Completed, Insufficient "
	    "Resources", "Status not Success");
	is_int(d->fabric[SUF_FAILED], 1, "... one failed");
	is_int(d->gpus_healthy, 71, "... not healthy: 71");
	model_free(m);

	m = rack18(-1);
	tray(m, 8, 4, &(struct tray_gpu){ "In Progress", "N/A", 2, UUID,
	    "Full", NULL }, -1);
	d = one(m, "In Progress");
	verdict(d, SU_BROKEN, "gpu0009 GPU 0: fabric In Progress",
	    "a tray In Progress");
	is_int(d->gpus_healthy, 68, "... its 4 GPUs not healthy: 68");
	model_free(m);

	/* A State read without its Status: completed, no reason. */
	m = rack18(-1);
	for (i = 0; i < 4; i++)
		model_gpu(m, 3, i)->fabric_status[0] = '\0';
	m->gen[DOM_GPUS]++;
	d = one(m, "no Status");
	is_int(d->fabric[SUF_COMPLETED], 72, "no Status: Completed counts");
	is_int(d->verdict, SU_HEALTHY, "... healthy (%s)", d->why);
	is_int(d->gpus_healthy, 72, "... 72 healthy");
	model_free(m);

	/*
	 * A tray that did not join (Insufficient Resources, clique 0 as
	 * Azure's capture): its own reason, not a clique split as well.
	 */
	m = rack18(-1);
	tray(m, 6, 4, &(struct tray_gpu){ "Completed",
	    "Insufficient Resources", 0, UUID, "Full", NULL }, -1);
	d = one(m, "a tray not joined");
	verdict(d, SU_BROKEN, "Insufficient Resources", "a tray not joined");
	ok(strstr(d->why, "clique split") == NULL,
	    "a tray not joined: no clique split (%s)", d->why);
	model_free(m);

	/* The same reason of many nodes: folded. */
	m = rack18(-1);
	for (i = 0; i < 18; i += 2)
		strlcpy(m->nodes[i].state, "drained", sizeof m->nodes[i].state);
	strlcpy(m->nodes[5].state, "down*", sizeof m->nodes[5].state);
	m->gen[DOM_NODES]++;
	d = one(m, "9 trays drained");
	is_str(d->why, "gpu[0001,0003,0005,0007,0009,0011,0013,0015,0017] "
	    "drained; gpu0006 down*", "9 trays drained: folded");
	model_free(m);

	/* Many reasons: all of them while 1024 bytes hold them. */
	m = rack18(-1);
	model_sink(m, 0, &s);
	for (i = 0; i < 18; i++)
		strlcpy(model_gpu(m, i, 1)->error, "GPU is lost",
		    sizeof model_gpu(m, i, 1)->error);
	m->gen[DOM_GPUS]++;
	d = one(m, "18 GPUs lost");
	is_int(strlen(d->why), 18 * strlen("gpu0001 GPU 1: GPU is lost; ") - 2,
	    "18 GPUs lost: every reason, none cut");
	for (i = 0; i < 18; i++)
		for (k = 0; k < 4; k++)
			strlcpy(model_gpu(m, i, k)->error, "GPU has fallen "
			    "off the bus", sizeof model_gpu(m, i, k)->error);
	m->gen[DOM_GPUS]++;
	d = one(m, "72 GPUs lost");
	p = strrchr(d->why, ';');
	ok(p != NULL && strncmp(p, "; +", 3) == 0 &&
	    strcmp(strchr(p + 3, ' '), " more") == 0,
	    "72 GPUs lost: then how many more, no reason cut: '%s'",
	    p ? p : "");
	for (i = 0, q = d->why; (q = strstr(q, " off the bus")) != NULL; q++)
		i++;
	ok(i > 18, "... more than 256 bytes' worth named: %u", i);
	is_int(i + (p != NULL ? atoi(p + 3) : 0), 72,
	    "... the ones named and the more: 72");
	model_free(m);

	/* A tray that lists 3 of its 4. */
	m = rack18(-1);
	tray(m, 2, 3, NULL, 0);
	d = one(m, "a GPU missing");
	verdict(d, SU_BROKEN, "gpu0003: 1 of 4 GPUs missing", "a GPU missing");
	is_int(d->gpus_present, 71, "... 71 present");
	is_int(d->gpus_expected, 72, "... of 72");
	model_free(m);

	/* A lost GPU: nvidia-smi's error line, where its row was. */
	m = rack18(-1);
	model_sink(m, 4, &s);
	strlcpy(model_gpu(m, 4, 1)->error, "GPU is lost",
	    sizeof model_gpu(m, 4, 1)->error);
	m->gen[DOM_GPUS]++;
	d = one(m, "a lost GPU");
	verdict(d, SU_BROKEN, "gpu0005 GPU 1: GPU is lost", "a lost GPU");
	model_free(m);

	/* A tray never read is still the rack's: not healthy, unknown. */
	m = rack18(11);
	d = one(m, "a tray not read");
	is_str(d->name, "nvl72-r001", "a tray not read: still nvl72-r001");
	is_int(d->gpus_expected, 72, "... 72 expected");
	verdict(d, SU_UNKNOWN, "gpu0012 not read", "a tray not read");

	/* ... and unreachable, or drained: broken. */
	model_set_reach(m, 11, REACH_TIMEOUT, "timed out");
	d = one(m, "unreachable");
	verdict(d, SU_BROKEN, "gpu0012 unreachable", "a tray unreachable");
	model_free(m);

	m = rack18(-1);
	strlcpy(m->nodes[7].state, "drained", sizeof m->nodes[7].state);
	m->gen[DOM_NODES]++;
	d = one(m, "drained");
	verdict(d, SU_BROKEN, "gpu0008 drained", "a tray drained");

	/* A job on its nodes. */
	model_jobs_begin(m);
	memset(&j, 0, sizeof j);
	strlcpy(j.id, "77", sizeof j.id);
	strlcpy(j.state, "RUNNING", sizeof j.state);
	strlcpy(j.nodes, "gpu[0001-0018]", sizeof j.nodes);
	model_sink(m, MODEL_CONTROLLER, &s);
	s.job(s.arg, &j);
	strlcpy(j.id, "78", sizeof j.id);
	strlcpy(j.nodes, "gpu0003", sizeof j.nodes);
	s.job(s.arg, &j);
	model_jobs_end(m);
	d = one(m, "jobs");
	is_int(d->jobs, 2, "two jobs on its nodes, each once");
	model_free(m);
}

/* Node id's GPU gpu: its 18 NVLinks up but `down' of them, from 0. */
static void
links(struct model *m, uint32_t id, int gpu, int down)
{
	struct sink	 s;
	struct nvlink	 l;
	int		 k;

	model_sink(m, id, &s);
	for (k = 0; k < 18; k++) {
		memset(&l, 0, sizeof l);
		l.gpu = gpu;
		l.link = k;
		l.state = k < down ? LINK_DOWN : LINK_UP;
		s.nvlink(s.arg, &l);
	}
}

static void
test_links(void)
{
	struct model		*m = rack18(-1);
	const struct scaleup	*d;
	int			 i;

	for (i = 0; i < 4; i++)
		links(m, 0, i, 0);
	d = one(m, "links up");
	is_int(d->verdict, SU_HEALTHY, "links up: healthy");
	links(m, 0, 2, 1);
	d = one(m, "a link down");
	is_int(d->links_down, 1, "a link down: counted");
	verdict(d, SU_DEGRADED, "1 link down", "a link down, 17 carry");
	links(m, 5, 3, 18);
	d = one(m, "a GPU's every link down");
	is_int(d->links_down, 19, "... 19 down in all");
	verdict(d, SU_BROKEN, "1 GPU with every link down",
	    "a GPU's every link down");
	model_free(m);
}

/* The real 18-node IMEX report, its node #n's state and the domain's. */
static void
imex(struct model *m, uint32_t id, int n, const char *state,
    const char *domain)
{
	struct sink	 s;
	struct buf	 b;
	char		*buf, *p, line[32];
	size_t		 len;

	if ((buf = tap_slurp(IMEX18, &len)) == NULL) {
		ok(0, "%s read", IMEX18);
		return;
	}
	buf_init(&b);
	buf_add(&b, buf, len);
	buf_putc(&b, '\0');
	snprintf(line, sizeof line, "Node #%d ", n);
	if (n >= 0 && (p = strstr(b.data, line)) != NULL &&
	    (p = strstr(p, "READY     ")) != NULL)
		memcpy(p, state, strlen(state));
	if ((p = strstr(b.data, "Domain State: UP")) != NULL) {
		b.len = p - b.data;
		buf_printf(&b, "Domain State: %s\n", domain);
	}
	model_sink(m, id, &s);
	parse_imex(b.data, strlen(b.data), NULL, &s);
	buf_free(&b);
	free(buf);
}

static void
test_imex(void)
{
	struct model		*m = rack18(-1);
	const struct scaleup	*d;

	imex(m, 0, -1, "", "UP");
	d = one(m, "IMEX UP");
	is_str(d->imex, "UP", "IMEX UP: its state");
	is_int(d->imex_down, 0, "... none down");
	is_int(d->verdict, SU_HEALTHY, "... healthy");
	imex(m, 0, 4, "UNAVAILABLE", "DEGRADED");
	d = one(m, "IMEX");
	is_str(d->imex, "DEGRADED", "IMEX: DEGRADED");
	is_int(d->imex_down, 1, "... one node not READY");
	verdict(d, SU_BROKEN, "IMEX: 1 node not READY (172.31.50.39 "
	    "UNAVAILABLE)", "IMEX node UNAVAILABLE");
	ok(strstr(d->why, "IMEX domain DEGRADED") != NULL,
	    "... and the domain DEGRADED after it");
	imex(m, 0, -1, "", "DEGRADED");
	d = one(m, "IMEX again");
	is_int(d->imex_down, 0, "a new report: none down now");
	verdict(d, SU_DEGRADED, "IMEX domain DEGRADED", "IMEX DEGRADED");
	imex(m, 3, -1, "", "DOWN");
	d = one(m, "IMEX DOWN");
	is_str(d->imex, "DOWN", "the worst its nodes report: DOWN");
	verdict(d, SU_BROKEN, "IMEX domain DOWN", "IMEX DOWN");
	model_free(m);
}

/*
 * Node id's own IMEX report: n peers (10.0.84.1 ...) UNAVAILABLE, its
 * Domain State DOWN.
 */
static void
imex_cutoff(struct model *m, uint32_t id, u_int n)
{
	struct sink	 s;
	struct imex	 x;
	u_int		 i;

	model_sink(m, id, &s);
	for (i = 0; i < n; i++) {
		memset(&x, 0, sizeof x);
		snprintf(x.address, sizeof x.address, "10.0.84.%u", i + 1);
		strlcpy(x.state, "UNAVAILABLE", sizeof x.state);
		strlcpy(x.domain, "DOWN", sizeof x.domain);
		s.imex(s.arg, &x);
	}
	model_sink_end(m);
}

/*
 * One tray's IMEX daemon sees none of its 17 peers (DOWN) while they see
 * only it UNAVAILABLE: it is named, the 17 are not blamed; it alone is
 * an alert.
 */
static void
test_cutoff(void)
{
	struct model		*m = rack18(-1);
	const struct scaleup	*d;
	char			 text[128];
	uint32_t		 id;
	u_int			 new, handled;

	for (id = 0; id < 18; id++) {
		if (id != 13)
			imex(m, id, 13, "UNAVAILABLE", "DEGRADED");
	}
	imex_cutoff(m, 13, 17);
	d = one(m, "a tray cut off");
	verdict(d, SU_BROKEN, "IMEX: gpu0014 cut off from its 17 peers",
	    "a tray cut off");
	ok(strstr(d->why, "17 nodes") == NULL && strstr(d->why,
	    "IMEX domain DOWN") == NULL, "... the 17 others not blamed (%s)",
	    d->why);
	is_int(d->imex_down, 1, "... one node not READY, as 17 reports say");
	is_str(d->imex, "DOWN", "... the domain's state, its worst report");
	is_int(alerts_node(m, 13, text, sizeof text), 5,
	    "the tray cut off: an alert");
	is_str(text, "IMEX DOWN: cut off from its 17 peers", "... saying so");
	is_int(alerts_node(m, 0, NULL, 0), 0,
	    "a tray that sees it UNAVAILABLE: none");
	alerts_count(m, &new, &handled);
	is_int(new, 1, "one alert in all");
	model_free(m);

	/* Two DEGRADED reports see 2 not READY: the count most give. */
	m = rack18(-1);
	for (id = 0; id < 3; id++)
		imex(m, id, 5, "UNAVAILABLE", "DEGRADED");
	d = one(m, "reports of 1 not READY");
	is_int(d->imex_down, 1, "... 1, none DOWN");
	verdict(d, SU_BROKEN, "IMEX: 1 node not READY (", "... UNAVAILABLE");
	model_free(m);
}

/*
 * The trays whose GPUs are out of the fabric, degraded, or in another
 * clique than their domain's are alerts, worst first; a fabric not read
 * (N/A) is none.
 */
static void
test_alerts(void)
{
	struct model	*m = rack18(-1);
	struct alert	*a;
	char		 text[128];
	u_int		 n, new, handled;

	tray(m, 3, 4, &(struct tray_gpu){ "In Progress", "N/A", 2, UUID,
	    "Full", NULL }, 1);
	tray(m, 4, 4, &(struct tray_gpu){ "Completed",
	    "Insufficient Resources", 2, UUID, "Full", NULL }, 0);
	tray(m, 5, 4, &(struct tray_gpu){ "Completed", "Success", 2, UUID,
	    "Degraded", NULL }, 2);
	tray(m, 6, 4, &(struct tray_gpu){ "Completed", "Success", 9, UUID,
	    "Full", NULL }, -1);
	tray(m, 7, 4, &(struct tray_gpu){ "N/A", "N/A", 2, UUID, "N/A",
	    NULL }, 0);
	scaleup_update(m);
	is_int(alerts_node(m, 3, text, sizeof text), 5, "In Progress: 5");
	is_str(text, "GPU 1: fabric In Progress", "... saying so");
	is_int(alerts_node(m, 4, text, sizeof text), 5, "not Success: 5");
	is_str(text, "GPU 0: fabric Completed, Insufficient Resources",
	    "... saying so");
	is_int(alerts_node(m, 5, text, sizeof text), 4,
	    "bandwidth Degraded: 4, a warning");
	is_str(text, "GPU 2: fabric bandwidth Degraded", "... saying so");
	is_int(alerts_node(m, 6, text, sizeof text), 5,
	    "another clique than the domain's: 5");
	is_str(text, "GPU 0: clique 9, its domain's 2", "... saying so");
	is_int(alerts_node(m, 7, NULL, 0), 0, "a fabric N/A: none");
	is_int(alerts_node(m, 0, NULL, 0), 0, "a healthy tray: none");
	alerts_count(m, &new, &handled);
	is_int(new, 4, "4 alerts");
	n = alerts_list(m, &a);
	is_int(n, 4, "list-alerts: 4");
	ok(n == 4 && a[0].severity == 5 && a[3].severity == 4 &&
	    a[3].node == 5, "... the bandwidth warning last");
	free(a);
	model_free(m);
}

/* Node id reports n accelerators of vendor v, by the sink. */
static void
accels(struct model *m, uint32_t id, enum vendor v, const char *model,
    u_int n)
{
	struct sink	 s;
	struct gpu	 g;
	u_int		 i;

	model_sink(m, id, &s);
	for (i = 0; i < n; i++) {
		memset(&g, 0, sizeof g);
		g.valid = BIT(GPU_INDEX);
		g.index = i;
		g.vendor = v;
		strlcpy(g.model, model, sizeof g.model);
		if (v == VENDOR_HUAWEI) {
			g.valid |= BIT(GPU_CARD);
			g.card = n == 16 ? i / 2 : i;
			g.chip = n == 16 ? i % 2 : 0;
		}
		s.gpu(s.arg, &g);
	}
	model_sink_end(m);
}

static void
test_lone(void)
{
	struct model	*m = model_create("t", 8, 8);
	char		*cause = NULL;

	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	model_add_node(m, "gpu0003", "r02");
	model_add_node(m, "gpu0004", "r02");
	model_add_node(m, "cpu0001", "r03");
	tray(m, 0, 8, &(struct tray_gpu){ "Completed", "Success", 0, UUID0,
	    "N/A", "NVIDIA H100 80GB HBM3" }, -1);
	accels(m, 1, VENDOR_AMD, "AMD Instinct MI300X", 8);
	accels(m, 2, VENDOR_HUAWEI, "Ascend910B3", 8);
	accels(m, 3, VENDOR_HUAWEI, "Ascend910", 16);
	model_gpus_none(m, 4);
	scaleup_update(m);
	is_int(m->nscaleups, 5, "a domain a node");
	is_str(m->scaleups[0].name, "gpu0001", "HGX: the node's name");
	is_str(m->scaleups[0].kind, "hgx8", "HGX: hgx8 (zero ClusterUUID)");
	is_int(m->scaleups[0].verdict, SU_HEALTHY, "HGX: healthy");
	is_int(m->scaleups[0].fabric[SUF_COMPLETED], 8, "HGX: 8 completed");
	is_str(m->scaleups[1].kind, "xgmi8", "MI300X: xgmi8");
	is_str(m->scaleups[2].kind, "hccs8", "Ascend 910B: hccs8");
	is_str(m->scaleups[3].kind, "hccs16", "A3: hccs16");
	is_int(m->scaleups[3].gpus_expected, 16, "A3: 16 chips");
	is_str(m->scaleups[4].kind, "node", "no accelerators: node");
	is_int(m->scaleups[1].verdict, SU_HEALTHY, "MI300X: healthy");

	/* Health words not OK: usable, degraded. */
	strlcpy(model_gpu(m, 2, 3)->health, "Alarm",
	    sizeof model_gpu(m, 2, 3)->health);
	m->gen[DOM_GPUS]++;
	scaleup_update(m);
	is_int(m->scaleups[2].verdict, SU_DEGRADED, "an NPU Alarm: degraded");
	is_int(m->scaleups[2].gpus_healthy, 7, "... 7 healthy");

	/* domains = "rack". */
	ok(options_set("domains", "rack", &cause) == 0, "domains = rack");
	scaleup_update(m);
	is_int(m->nscaleups, 3, "rack: a domain a rack");
	is_str(m->scaleups[0].name, "r01", "rack: named after it");
	is_str(m->scaleups[0].kind, "rack", "rack: kind rack");
	is_str(m->scaleups[1].nodes, "gpu[0003-0004]", "rack: its nodes");
	is_int(m->scaleups[1].gpus_expected, 24, "rack: 8 + 16 expected");
	is_int(m->scaleups[1].verdict, SU_DEGRADED, "rack: its NPU's verdict");

	/* A list of node sets. */
	ok(options_set("domains", "gpu[0001-0002];gpu0004", &cause) == 0,
	    "domains = ( \"gpu[0001-0002]\", \"gpu0004\" )");
	scaleup_update(m);
	is_int(m->nscaleups, 4, "sets: two, and two lone nodes");
	is_str(m->scaleups[0].name, "gpu[0001-0002]", "a set: its name");
	is_str(m->scaleups[0].kind, "nodes", "a set: kind nodes");
	is_str(m->scaleups[1].name, "gpu0003", "a node in none: its own");
	is_str(m->scaleups[1].kind, "hccs8", "... and its kind");
	is_str(m->scaleups[2].name, "gpu0004", "a set of one");
	ok(options_set("domains", "gpu[0001-0003];gpu[0003-0004]",
	    &cause) != 0 && cause != NULL && strstr(cause, "gpu0003 is in "
	    "two domains, gpu[0001-0003] and gpu[0003-0004]") != NULL,
	    "a node in two sets: an error naming both (%s)", cause);
	free(cause);
	options_reset();
	scaleup_update(m);
	is_int(m->nscaleups, 5, "the option reset: a domain a node again");
	model_free(m);

	/* Nothing read: unknown, and says so. */
	m = model_create("t", 8, 2);
	model_add_node(m, "gpu0001", "r01");
	scaleup_update(m);
	is_int(m->scaleups[0].verdict, SU_UNKNOWN, "nothing read: unknown");
	ok(strstr(m->scaleups[0].why, "not read") != NULL,
	    "... and why says so (%s)", m->scaleups[0].why);
	model_free(m);
}

/*
 * nvidia-smi -q's Fabric blocks on the GPUs --query-gpu listed, by bus:
 * a real HGX H100 report (565, all-zero ClusterUUID), and each block
 * damaged to In Progress.
 */
static void
test_q(void)
{
	static const char *bus[] = { "18", "2A", "3A", "5D", "9A", "AB",
	    "BA", "DB" };
	struct model	*m = model_create("t", 8, 1);
	struct sink	 s;
	struct buf	 b;
	char		*q, *p;
	size_t		 len;
	u_int		 i;

	model_add_node(m, "gpu0001", "r01");
	buf_init(&b);
	buf_puts(&b, "index, name, pci.bus_id\n");
	for (i = 0; i < 8; i++)
		buf_printf(&b, "%u, NVIDIA H100 80GB HBM3, 00000000:%s:00.0\n",
		    i, bus[i]);
	model_sink(m, 0, &s);
	parse_nvsmi_csv(b.data, b.len, NULL, &s);
	model_sink_end(m);
	buf_free(&b);
	scaleup_update(m);
	is_int(m->scaleups[0].fabric[SUF_UNKNOWN], 8, "-q: before, unknown");
	if ((q = tap_fixture_skip("nvidia-smi-more/nvidia-smi-q-H100SXMx8-"
	    "565.57.01-fabric-completed.txt", &len, 5)) == NULL) {
		model_free(m);
		return;
	}
	model_sink(m, 0, &s);
	parse_nvsmi_q(q, len, NULL, &s);
	scaleup_update(m);
	is_int(m->scaleups[0].fabric[SUF_COMPLETED], 8,
	    "-q: 8 Completed/Success on their GPUs by bus");
	is_str(m->scaleups[0].kind, "hgx8", "-q: the zero ClusterUUID: hgx8");
	is_int(m->scaleups[0].verdict, SU_HEALTHY, "-q: healthy");
	/* The last GPU's block, still coming up. */
	p = strstr(strstr(q, "GPU 00000000:DB:00.0"), ": Completed");
	buf_init(&b);
	buf_add(&b, q, p - q);
	buf_puts(&b, ": In Progress");
	buf_add(&b, p + 11, len - (p + 11 - q));
	model_sink(m, 0, &s);
	parse_nvsmi_q(b.data, b.len, NULL, &s);
	scaleup_update(m);
	is_int(m->scaleups[0].fabric[SUF_PROGRESS], 1, "-q: one In Progress");
	ok(strstr(m->scaleups[0].why, "gpu0001 GPU 7: fabric In Progress, "
	    "Success") != NULL, "-q: broken, naming it (%s)",
	    m->scaleups[0].why);
	buf_free(&b);
	free(q);
	model_free(m);
}

/* Hardware before configuration: the rack option for the rest. */
static void
test_order(void)
{
	struct model	*m = rack18(-1);
	char		*cause;

	model_add_node(m, "gpu0019", "r002");
	model_add_node(m, "gpu0020", "r002");
	ok(options_set("domains", "rack", &cause) == 0, "domains = rack");
	scaleup_update(m);
	is_int(m->nscaleups, 2, "an NVL72 and a configured rack");
	is_str(m->scaleups[0].name, "nvl72-r001", "the hardware's first");
	is_str(m->scaleups[1].name, "r002", "then the rack");
	is_int(m->nodes[19].scaleup, 1, "gpu0020's domain");
	options_reset();
	model_free(m);
}

/* What else a rack holds: a node of no accelerator, two NVL36. */
static void
test_racks(void)
{
	struct model	*m = rack18(-1);
	char		 name[16];
	u_int		 i;

	model_add_node(m, "mgmt01", "r001");
	model_gpus_none(m, 18);
	scaleup_update(m);
	is_int(m->nscaleups, 2, "a rack's node of no accelerator: its own");
	is_str(m->scaleups[0].name, "nvl72-r001", "... the NVL72 still r001's");
	is_int(m->scaleups[0].nnodes, 18, "... of 18 trays");
	is_str(m->scaleups[1].kind, "node", "... the other a node");
	model_free(m);

	/* Two NVL36 in one rack, a tray not read between them. */
	m = model_create("t", 4, 19);
	for (i = 0; i < 19; i++) {
		snprintf(name, sizeof name, "gpu%04u", i + 1);
		model_add_node(m, name, "r001");
		if (i < 9)
			tray(m, i, 4, NULL, 0);
		else if (i > 9)
			tray(m, i, 4, &(struct tray_gpu){ "Completed",
			    "Success", 5, UUID2, "Full", NULL }, -1);
	}
	scaleup_update(m);
	is_int(m->nscaleups, 3, "two NVL36 and a tray not read");
	is_str(m->scaleups[0].name, "nvl36-gpu0001",
	    "an NVL36 not alone in its rack: after its first node");
	is_int(m->scaleups[0].gpus_expected, 36, "... 36 GPUs");
	is_str(m->scaleups[1].name, "gpu0010", "the tray not read: its own");
	is_str(m->scaleups[2].name, "nvl36-gpu0011", "the second NVL36");
	is_int(m->scaleups[2].verdict, SU_HEALTHY, "... healthy");
	model_free(m);
}

/* Trays whose fabric was not read (no ClusterUUID): their rack's. */
static void
test_nouuid(void)
{
	struct model		*m;
	const struct scaleup	*d;
	struct sink		 s;
	struct imex		 x;
	u_int			 i, k;
	char			*cause = NULL;

	m = rack18(11);
	for (i = 0; i < 18; i++)
		for (k = 0; i != 11 && k < 4; k++)
			model_gpu(m, i, k)->cluster_uuid[0] = '\0';
	m->gen[DOM_GPUS]++;
	d = one(m, "no ClusterUUID");
	is_str(d->name, "nvl72-r001", "no ClusterUUID: the rack's nvl72");
	is_str(d->kind, "nvl72", "... kind nvl72, not hgx4");
	is_int(d->gpus_expected, 72, "... 72 expected, the tray not read's");
	verdict(d, SU_UNKNOWN, "gpu0012 not read", "... one tray not read");

	/* A rack's IMEX DEGRADED is the rack's domain's, once. */
	imex(m, 0, -1, "", "DEGRADED");
	d = one(m, "no ClusterUUID, IMEX read");
	verdict(d, SU_DEGRADED, "IMEX domain DEGRADED", "... IMEX DEGRADED");

	/* 17 peers not READY: whole addresses, then how many more. */
	model_sink(m, 2, &s);
	for (i = 0; i < 17; i++) {
		memset(&x, 0, sizeof x);
		snprintf(x.address, sizeof x.address, "10.0.84.%u", i + 1);
		strlcpy(x.state, "UNAVAILABLE", sizeof x.state);
		strlcpy(x.domain, "DOWN", sizeof x.domain);
		s.imex(s.arg, &x);
	}
	model_sink_end(m);
	d = one(m, "17 IMEX peers");
	verdict(d, SU_BROKEN, "IMEX: gpu0003 cut off from its 17 peers",
	    "17 IMEX peers, its own report DOWN");
	model_free(m);

	/* A tray in a rack of other servers: alone, tray4. */
	m = model_create("t", 8, 2);
	model_add_node(m, "gpu0001", "r01");
	model_add_node(m, "gpu0002", "r01");
	tray(m, 0, 4, &(struct tray_gpu){ "Completed", "Success", 0, UUID0,
	    "N/A", NULL }, -1);
	tray(m, 1, 8, &(struct tray_gpu){ "Completed", "Success", 0, UUID0,
	    "N/A", "NVIDIA H100 80GB HBM3" }, -1);
	scaleup_update(m);
	is_int(m->nscaleups, 2, "a tray beside an HGX: two domains");
	is_str(m->scaleups[0].kind, "tray4", "... the tray: tray4");
	is_int(m->scaleups[0].gpus_expected, 4, "... of 4 GPUs");
	is_str(m->scaleups[1].kind, "hgx8", "... the HGX: hgx8");
	model_free(m);

	/* The domains option: a number, a set that names no node. */
	ok(scaleup_check("42", &cause) != 0 && strstr(cause, "not the number "
	    "42") != NULL && strncmp(cause, "domains:", 8) != 0,
	    "domains = 42: the type wanted, no prefix (%s)", cause);
	free(cause);
	cause = NULL;
	ok(scaleup_check("gpu[0001-0002];gpu[0002-0003]", &cause) != 0 &&
	    strncmp(cause, "gpu0002 is in two", 17) == 0,
	    "two sets: no doubled prefix (%s)", cause ? cause : "");
	free(cause);
	cause = NULL;
	m = rack18(-1);
	ok(options_set("domains", "garbage", &cause) == 0, "garbage: a set");
	ok(scaleup_conf_check(m, &cause) != 0 && strcmp(cause,
	    "domains: garbage names no node") == 0,
	    "... that names no node: an error naming it (%s)",
	    cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(options_set("domains", "gpu[0001-0004];gpu[9990-9999]",
	    &cause) == 0 && scaleup_conf_check(m, &cause) != 0 &&
	    strcmp(cause, "domains: gpu[9990-9999] names no node") == 0,
	    "a second set of no node: named (%s)", cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(options_set("domains", "gpu[0001-0004]", &cause) == 0 &&
	    scaleup_conf_check(m, &cause) == 0, "a set of nodes: fine");
	options_reset();
	model_free(m);
}

int
main(void)
{
	test_healthy();
	test_faults();
	test_imex();
	test_cutoff();
	test_alerts();
	test_links();
	test_q();
	test_lone();
	test_order();
	test_racks();
	test_nouuid();
	return (tap_done());
}
