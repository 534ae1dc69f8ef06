/*
 * myriad - the links against what the configuration expects.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * One verdict a link or port: down, missing (fewer than expected),
 * degraded (lower speed, rate or width), erroring (error counters rising
 * since a first read) or flapping (its state changed during the
 * inspection, or the events saw it go down again and again).  The Links
 * view and inspect-links both read the fabric through here, so the two
 * cannot disagree.
 *
 * An accelerator's peer links are NVIDIA's NVLinks, AMD's XGMI or
 * Ascend's HCCS (nvlink records whose link is the peer's index); an
 * Ascend NPU's RoCE port (hccn_tool) is a port like an InfiniBand one.
 */

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "myriad.h"

/* A link seen go down this often, in the events, is flapping. */
#define LINKS_FLAPS	2
/* Speeds are printed rounded: slower by more than this is degraded. */
#define LINKS_SLACK	0.99f

struct links {
	struct nvlink	*nv;		/* the first read, or NULL */
	size_t		 nnv;
	struct ibport	*ib;
	size_t		 nib;
	u_int		 ibper;		/* ports a node in the first read */

	struct linkcheck *rows;
	u_int		 nrows;
	u_int		 size;
	struct links_sum sum;
};

/* Downs of one link or port, from the events. */
struct links_down {
	uint32_t	 node;
	int		 ib;
	int		 a;		/* GPU, or port number */
	int		 b;		/* link */
	char		 device[24];
	u_int		 n;
};

/* links.nvlink-speed: auto, or GB/s from 0 to 10000. */
int
links_check_speed(const char *value, char **cause)
{
	char	*end;
	double	 d;

	if (strcmp(value, "auto") == 0)
		return (0);
	d = strtod(value, &end);
	if (*value == '\0' || *end != '\0' || !(d >= 0 && d <= 10000)) {
		xasprintf(cause, "want auto or GB/s from 0 to 10000, not '%s'",
		    value);
		return (-1);
	}
	return (0);
}

/* What the configuration expects: links.*. */
void
links_expect(struct link_expect *e)
{
	const char	*speed = options_get("links.nvlink-speed");

	memset(e, 0, sizeof *e);
	e->nvlinks = options_get_int("links.nvlinks-per-gpu");
	e->nvspeed = strcmp(speed, "auto") == 0 ? -1 : strtod(speed, NULL);
	e->ibports = options_get_int("links.ib-ports");
	e->ibrate = options_get_float("links.ib-rate");
	strlcpy(e->ibwidth, options_get("links.ib-width"), sizeof e->ibwidth);
}

/*
 * The peer links of an accelerator, by vendor and model, first match:
 * NVIDIA's as the configuration says (links.*), its speed by default the
 * model's as nvidia-smi nvlink -s prints it: NVLink 5's 53.125 GB/s (a
 * GB200's and a B300's captures; the B200 and GB300 are NVLink 5 too),
 * NVLink 4's 26.562 (H100; the H200 is NVLink 4 too), NVLink 3's 25
 * (A100), another model's not checked; MI300X's 7 XGMI peers at
 * the 32 Gb/s amd-smi xgmi prints for each (an 8-GPU MI300X capture), and
 * the MI325X's 7 (the same 8-GPU platform; no capture gives its rate);
 * a 910B's 7 HCCS peers (npu-smi info -t topo of an 8-NPU 910B3).  No
 * capture shows an A3's or a Hygon DCU's links: none is expected there.
 */
static const struct links_fabric {
	enum vendor	 vendor;
	const char	*model;		/* in the tool's name; NULL: any */
	const char	*kind;		/* inspect-links' KIND */
	const char	*name;
	int		 sum;		/* enum links_sum_fabric */
	int		 links;		/* -1: links.nvlinks-per-gpu */
	float		 speed;		/* GB/s; 0: not checked */
	int		 nvidia;	/* links.* may say otherwise */
} links_fabrics[] = {
	{ .vendor = VENDOR_AMD, .model = "MI300X", .kind = "xgmi",
	  .name = "XGMI", .sum = LS_XGMI, .links = 7, .speed = 4 },
	{ .vendor = VENDOR_AMD, .model = "MI325X", .kind = "xgmi",
	  .name = "XGMI", .sum = LS_XGMI, .links = 7 },
	{ .vendor = VENDOR_AMD, .kind = "xgmi", .name = "XGMI",
	  .sum = LS_XGMI },
	{ .vendor = VENDOR_HUAWEI, .model = "910B", .kind = "hccs",
	  .name = "HCCS", .sum = LS_HCCS, .links = 7 },
	{ .vendor = VENDOR_HUAWEI, .kind = "hccs", .name = "HCCS",
	  .sum = LS_HCCS },
	{ .vendor = VENDOR_HYGON, .kind = "link", .name = "link",
	  .sum = LS_LINK },
	{ .vendor = VENDOR_NVIDIA, .model = "B200", .kind = "nvlink",
	  .name = "NVLink", .sum = LS_NVLINK, .links = -1, .speed = 53.125,
	  .nvidia = 1 },
	{ .vendor = VENDOR_NVIDIA, .model = "B300", .kind = "nvlink",
	  .name = "NVLink", .sum = LS_NVLINK, .links = -1, .speed = 53.125,
	  .nvidia = 1 },
	{ .vendor = VENDOR_NVIDIA, .model = "H100", .kind = "nvlink",
	  .name = "NVLink", .sum = LS_NVLINK, .links = -1, .speed = 26.562,
	  .nvidia = 1 },
	{ .vendor = VENDOR_NVIDIA, .model = "H200", .kind = "nvlink",
	  .name = "NVLink", .sum = LS_NVLINK, .links = -1, .speed = 26.562,
	  .nvidia = 1 },
	{ .vendor = VENDOR_NVIDIA, .model = "A100", .kind = "nvlink",
	  .name = "NVLink", .sum = LS_NVLINK, .links = -1, .speed = 25,
	  .nvidia = 1 },
	{ .kind = "nvlink", .name = "NVLink", .sum = LS_NVLINK, .links = -1,
	  .nvidia = 1 },
};

/* The links_fabrics[] row of node's accelerators. */
static const struct links_fabric *
links_fabric_find(const struct model *m, u_int node)
{
	const struct links_fabric	*t;
	const struct node		*n = &m->nodes[node];

	for (t = links_fabrics; t->vendor != VENDOR_UNKNOWN; t++) {
		if (t->vendor == n->vendor && (t->model == NULL ||
		    strstr(n->model, t->model) != NULL))
			break;
	}
	return (t);
}

/* The kind of node's peer links, as inspect-links names it: xgmi. */
const char *
links_kind(const struct model *m, u_int node)
{
	return (links_fabric_find(m, node)->kind);
}

/* A port's kind by its link layer: roce over Ethernet, else ib. */
const char *
links_layer(const char *layer)
{
	return (strcasecmp(layer, "Ethernet") == 0 ? "roce" : "ib");
}

/*
 * What the links of node's accelerators should be, by its vendor and
 * model, `e' saying NVIDIA's: a GPU its tool leaves out (lost) has its
 * node's links.
 */
void
links_fabric(const struct model *m, u_int node, const struct link_expect *e,
    struct link_fabric *f)
{
	const struct links_fabric	*t = links_fabric_find(m, node);

	f->kind = t->kind;
	f->name = t->name;
	f->sum = t->sum;
	f->links = t->links < 0 ? e->nvlinks : t->links;
	f->speed = t->nvidia && e->nvspeed >= 0 ? e->nvspeed : t->speed;
}

struct links *
links_create(void)
{
	return (xcalloc(1, sizeof (struct links)));
}

void
links_free(struct links *l)
{
	if (l == NULL)
		return;
	free(l->nv);
	free(l->ib);
	free(l->rows);
	free(l);
}

/* Whether a row is of a port (InfiniBand, RoCE), not of a peer link. */
int
links_port(const struct linkcheck *c)
{
	return (strcmp(c->kind, "ib") == 0 || strcmp(c->kind, "roce") == 0);
}

/* Keep the model's links as they are now: the first read. */
void
links_first(struct links *l, const struct model *m)
{
	free(l->nv);
	free(l->ib);
	l->nv = NULL;
	l->ib = NULL;
	l->nnv = l->nib = 0;
	if (m->nvlinks != NULL) {
		l->nnv = (size_t)m->ngpus * m->links_per_gpu;
		l->nv = xreallocarray(NULL, l->nnv, sizeof *l->nv);
		memcpy(l->nv, m->nvlinks, l->nnv * sizeof *l->nv);
	}
	if (m->ibports != NULL) {
		l->nib = (size_t)m->nnodes * m->ib_per_node;
		l->ib = xreallocarray(NULL, l->nib, sizeof *l->ib);
		memcpy(l->ib, m->ibports, l->nib * sizeof *l->ib);
		l->ibper = m->ib_per_node;
	}
}

int
links_has_first(const struct links *l)
{
	return (l->nv != NULL || l->ib != NULL);
}

u_int
links_count(const struct links *l)
{
	return (l->nrows);
}

const struct linkcheck *
links_get(const struct links *l, u_int i)
{
	return (i < l->nrows ? &l->rows[i] : NULL);
}

const struct links_sum *
links_summary(const struct links *l)
{
	return (&l->sum);
}

static int
links_down_cmp(const void *va, const void *vb)
{
	const struct links_down	*a = va, *b = vb;
	int			 c;

	if (a->node != b->node)
		return (a->node < b->node ? -1 : 1);
	if (a->ib != b->ib)
		return (a->ib - b->ib);
	if ((c = strcmp(a->device, b->device)) != 0)
		return (c);
	if (a->a != b->a)
		return (a->a - b->a);
	return (a->b - b->b);
}

/*
 * The link events, counted by link: "GPU 3 NVLink 7 down" (or XGMI,
 * HCCS) and "mlx5_3 port 1 Down (Polling)", as model.c writes them.
 * Sorted by node.
 */
static struct links_down *
links_downs(const struct model *m, u_int *np)
{
	const struct event	*e;
	struct links_down	*d, *out;
	u_int			 i, n = 0, k;
	char			 dev[24];
	int			 a, b;

	out = xcalloc(model_nevents(m) + 1, sizeof *out);
	for (i = 0; (e = model_event_get(m, i)) != NULL; i++) {
		if (e->kind != EV_LINK || e->node >= m->nnodes)
			continue;
		d = &out[n];
		memset(d, 0, sizeof *d);
		d->node = e->node;
		d->n = 1 + e->repeats;	/* a down said again, folded */
		if (sscanf(e->text, "GPU %d %*[A-Za-z] %d", &a, &b) == 2) {
			d->a = a;
			d->b = b;
		} else if (sscanf(e->text, "%23s port %d", dev, &a) == 2) {
			d->ib = 1;
			strlcpy(d->device, dev, sizeof d->device);
			d->a = a;
		} else
			continue;
		n++;
	}
	qsort(out, n, sizeof *out, links_down_cmp);
	for (i = 0, k = 0; i < n; i++) {
		if (k > 0 && links_down_cmp(&out[k - 1], &out[i]) == 0)
			out[k - 1].n++;
		else
			out[k++] = out[i];
	}
	*np = k;
	return (out);
}

/* Downs seen of one link or port; `d' is at or before the node's first. */
static u_int
links_downs_of(const struct links_down *d, const struct links_down *end,
    uint32_t node, int ib, const char *device, int a, int b)
{
	for (; d < end && d->node <= node; d++) {
		if (d->node == node && d->ib == ib && d->a == a && (ib ?
		    strcmp(d->device, device) == 0 : d->b == b))
			return (d->n);
	}
	return (0);
}

/*
 * The rise of n counters between two reads, summed, counting only
 * those both reads know (a reset is no rise); when there is one, `why'
 * names them.
 */
static uint64_t
links_rise(const char *const names[], const int bits[], int n,
    uint64_t valid0, const uint64_t v0[], uint64_t valid1,
    const uint64_t v1[], char *why, size_t len)
{
	uint64_t	 rise, sum = 0;
	size_t		 off = 0;
	int		 i, w;

	*why = '\0';
	for (i = 0; i < n; i++) {
		rise = 0;
		if ((valid0 & BIT(bits[i])) && (valid1 & BIT(bits[i])) &&
		    v1[i] > v0[i])
			rise = v1[i] - v0[i];
		sum += rise;
		w = snprintf(why + off, len - off, "%s%s +%llu", i ? ", " : "",
		    names[i], (unsigned long long)rise);
		if (w < 0 || (size_t)w >= len - off)
			break;
		off += w;
	}
	if (sum == 0)
		*why = '\0';
	return (sum);
}

/* Flapping or down, for a link whose state is `up' now (or not). */
static int
links_judge_state(int up, int wasup, int known, u_int downs, char *why,
    size_t len)
{
	if (known && up != wasup) {
		snprintf(why, len, "%s during the inspection", up ?
		    "came back up" : "went down");
		return (up ? LV_FLAPPING : LV_DOWN);
	}
	if (downs >= LINKS_FLAPS) {
		snprintf(why, len, "went down %u times", downs);
		return (LV_FLAPPING);
	}
	return (up ? LV_OK : LV_DOWN);
}

/*
 * One NVLink against what is expected: `before' is the first read of it,
 * or NULL; `downs' how often the events saw it go down.
 */
int
links_judge_nvlink(const struct nvlink *l, const struct nvlink *before,
    u_int downs, const struct link_expect *e, uint64_t *delta, char *why,
    size_t len)
{
	static const char *const names[3] = { "replay", "recovery", "crc" };
	static const int	 bits[3] = { NVL_REPLAY, NVL_RECOVERY, NVL_CRC };
	uint64_t		 v0[3], v1[3];
	char			 errs[112];
	int			 v, up = l->state == LINK_UP, known;

	*why = '\0';
	*delta = 0;
	known = before != NULL && before->state != LINK_UNKNOWN;
	if (before != NULL) {
		v0[0] = before->replay;
		v0[1] = before->recovery;
		v0[2] = before->crc;
		v1[0] = l->replay;
		v1[1] = l->recovery;
		v1[2] = l->crc;
		*delta = links_rise(names, bits, 3, before->valid, v0,
		    l->valid, v1, errs, sizeof errs);
	}
	v = links_judge_state(up, known && before->state == LINK_UP, known,
	    downs, why, len);
	if (v != LV_OK) {
		if (v == LV_DOWN && *why == '\0')
			snprintf(why, len, "link %s",
			    field_enum_name(FT_LINK, l->state));
		return (v);
	}
	if (e->nvspeed > 0 && (l->valid & BIT(NVL_SPEED)) &&
	    l->speed_gbs < e->nvspeed * LINKS_SLACK) {
		snprintf(why, len, "%.3f GB/s, expected %.3f", l->speed_gbs,
		    e->nvspeed);
		return (LV_DEGRADED);
	}
	if (*delta == 0)
		return (LV_OK);
	strlcpy(why, errs, len);
	return (LV_ERRORING);
}

/*
 * The downs of a port: the events', or more where hccn_tool -link_stat
 * counts them: each time its link came up after the first followed one.
 */
static u_int
links_ib_downs(const struct ibport *p, u_int downs)
{
	if (!(p->valid & BIT(IB_LINKUP)) || p->linkup <= (uint64_t)downs + 1)
		return (downs);
	return (p->linkup - 1 > UINT_MAX ? UINT_MAX : p->linkup - 1);
}

/* One InfiniBand or RoCE port, the same way. */
int
links_judge_ibport(const struct ibport *p, const struct ibport *before,
    u_int downs, const struct link_expect *e, uint64_t *delta, char *why,
    size_t len)
{
	static const char *const names[4] = { "symerr", "linkdown", "rcverr",
	    "linkrec" };
	static const int	 bits[4] = { IB_SYMERR, IB_LINKDOWN, IB_RCVERR,
	    IB_LINKREC };
	uint64_t		 v0[4], v1[4];
	char			 errs[112];
	int			 v, known, up, wasup = 0;

	*why = '\0';
	*delta = 0;
	downs = links_ib_downs(p, downs);
	/* A RoCE port read without hccn_tool -link: its state not known. */
	up = (p->state == LINK_UP && p->phys == LINK_UP) ||
	    (p->state == LINK_UNKNOWN && p->phys == LINK_UNKNOWN &&
	    p->state_str[0] == '\0' && p->phys_str[0] == '\0');
	known = before != NULL && before->state != LINK_UNKNOWN;
	if (before != NULL) {
		wasup = before->state == LINK_UP && before->phys == LINK_UP;
		v0[0] = before->symerr;
		v0[1] = before->linkdown;
		v0[2] = before->rcverr;
		v1[0] = p->symerr;
		v1[1] = p->linkdown;
		v1[2] = p->rcverr;
		v0[3] = before->linkrec;
		v1[3] = p->linkrec;
		*delta = links_rise(names, bits, 4, before->valid, v0,
		    p->valid, v1, errs, sizeof errs);
	}
	v = links_judge_state(up, wasup, known, downs, why, len);
	if (v != LV_OK) {
		if (v == LV_DOWN && *why == '\0')
			snprintf(why, len, "port %s, physical %s",
			    p->state_str[0] ? p->state_str :
			    field_enum_name(FT_LINK, p->state),
			    p->phys_str[0] ? p->phys_str :
			    field_enum_name(FT_LINK, p->phys));
		return (v);
	}
	if (e->ibrate > 0 && (p->valid & BIT(IB_RATE)) &&
	    p->rate_gbps < e->ibrate * LINKS_SLACK) {
		snprintf(why, len, "%g Gb/s, expected %g", p->rate_gbps,
		    e->ibrate);
		return (LV_DEGRADED);
	}
	if (e->ibwidth[0] != '\0' && p->width[0] != '\0' &&
	    strcasecmp(e->ibwidth, p->width) != 0) {
		snprintf(why, len, "width %s, expected %s", p->width,
		    e->ibwidth);
		return (LV_DEGRADED);
	}
	/* hccn_tool -optical and -net_health. */
	if ((p->valid & BIT(IB_RXPOWER)) && (p->valid & BIT(IB_RXLOW)) &&
	    p->rx_power_mw < p->rx_low_mw) {
		snprintf(why, len, "Rx power %.4f mW, below %.4f",
		    p->rx_power_mw, p->rx_low_mw);
		return (LV_DEGRADED);
	}
	if (p->health[0] != '\0' && strcasecmp(p->health, "Success") != 0 &&
	    strcasecmp(p->health, "Init") != 0) {
		snprintf(why, len, "net health %s", p->health);
		return (LV_DEGRADED);
	}
	if (*delta == 0)
		return (LV_OK);
	strlcpy(why, errs, len);
	return (LV_ERRORING);
}

static struct linkcheck *
links_add(struct links *l, uint32_t node, const char *kind)
{
	struct linkcheck	*c;

	if (l->nrows == l->size) {
		l->size = l->size ? l->size * 2 : 256;
		l->rows = xreallocarray(l->rows, l->size, sizeof *l->rows);
	}
	c = &l->rows[l->nrows++];
	memset(c, 0, sizeof *c);
	c->node = node;
	strlcpy(c->kind, kind, sizeof c->kind);
	return (c);
}

/* A node none of whose links of a kind was read; why, unless unreachable. */
static void
links_unread(struct links *l, const struct model *m, u_int node,
    const char *kind, const char *why)
{
	const struct node	*n = &m->nodes[node];
	struct linkcheck	*c;

	c = links_add(l, node, kind);
	c->verdict = LV_MISSING;
	if (n->reach != REACH_UP && n->reach != REACH_UNKNOWN)
		snprintf(c->why, sizeof c->why, "not read: %s%s%.80s",
		    model_reach_name(n->reach), n->error[0] ? ": " : "",
		    n->error);
	else
		strlcpy(c->why, why, sizeof c->why);
}

/* The first read of a link: the same slot, unless the GPUs moved since. */
static const struct nvlink *
links_nv_before(const struct links *l, const struct model *m,
    const struct nvlink *lk)
{
	const struct nvlink	*b;
	size_t			 slot = lk - m->nvlinks;

	if (l->nv == NULL || slot >= l->nnv)
		return (NULL);
	b = &l->nv[slot];
	if ((b->state != LINK_UNKNOWN || b->valid != 0) &&
	    (b->node != lk->node || b->gpu != lk->gpu || b->link != lk->link))
		return (NULL);
	return (b);
}

static void
links_nvlinks(struct links *l, const struct model *m, u_int node,
    const struct links_down *d, const struct links_down *dend,
    const struct link_expect *e, int flags)
{
	const struct nvlink	*lk, *before;
	const struct gpu	*g;
	struct linkcheck	*c;
	struct link_expect	 ge = *e;
	struct link_fabric	 f;
	char			 why[sizeof c->why];
	uint64_t		 delta;
	u_int			 gpu, k, known, downs, ngpus, nlinks;
	int			 v, expect;

	lk = model_nvlinks(m, node, &nlinks);
	g = model_gpus(m, node, &ngpus);
	links_fabric(m, node, e, &f);
	ge.nvlinks = f.links;
	ge.nvspeed = f.speed;
	expect = f.links > (int)m->links_per_gpu ? (int)m->links_per_gpu :
	    f.links;
	for (gpu = 0; gpu < ngpus; gpu++, g++) {
		known = 0;
		for (k = 0; k < m->links_per_gpu; k++, lk++) {
			if (lk->state == LINK_UNKNOWN)
				continue;
			known++;
			before = links_nv_before(l, m, lk);
			downs = links_downs_of(d, dend, node, 0, NULL, gpu, k);
			v = links_judge_nvlink(lk, before, downs, &ge,
			    &delta, why, sizeof why);
			l->sum.n[f.sum][v]++;
			if (v == LV_OK && !(flags & LI_ALL))
				continue;
			c = links_add(l, node, f.kind);
			c->valid = BIT(LC_GPU) | BIT(LC_LINK);
			c->gpu = gpu;
			c->link = k;
			c->verdict = v;
			strlcpy(c->why, why, sizeof c->why);
			strlcpy(c->state, field_enum_name(FT_LINK, lk->state),
			    sizeof c->state);
			if (f.speed > 0) {
				c->expect = f.speed;
				c->valid |= BIT(LC_EXPECT);
			}
			if ((lk->valid & BIT(NVL_SPEED)) &&
			    lk->state == LINK_UP) {
				c->actual = lk->speed_gbs;
				c->valid |= BIT(LC_ACTUAL);
			}
			if (lk->valid & (BIT(NVL_REPLAY) | BIT(NVL_RECOVERY) |
			    BIT(NVL_CRC))) {
				c->errors = (uint64_t)lk->replay +
				    lk->recovery + lk->crc;
				c->valid |= BIT(LC_ERRORS);
			}
			if (before != NULL && (c->valid & BIT(LC_ERRORS))) {
				c->delta = delta;
				c->valid |= BIT(LC_DELTA);
			}
			c->changes = downs + (v == LV_FLAPPING &&
			    downs < LINKS_FLAPS);
		}
		if (expect <= 0 || (int)known >= expect)
			continue;
		l->sum.n[f.sum][LV_MISSING]++;
		c = links_add(l, node, f.kind);
		c->valid = BIT(LC_GPU);
		c->gpu = gpu;
		c->verdict = LV_MISSING;
		c->missing = expect - known;
		snprintf(c->state, sizeof c->state, "%u of %d", known, expect);
		snprintf(c->why, sizeof c->why, "%u of %d links seen%s%s",
		    known, expect, g->error[0] != '\0' ? ": " : "", g->error);
	}
}

/*
 * What a check of one GPU's scale-up fabric sees: the GPU, as nvidia-smi's
 * fabric.* say, and its node's clique: the clique id and ClusterUUID the
 * most of its GPUs share (a tie: the first GPU's).  The model and node
 * are for the checks of its domain.
 */
struct links_gpu {
	const struct model	*m;
	u_int			 node;
	const struct gpu	*gpu;
	const struct gpu	*clique;	/* NULL: no GPU says one */
	u_int			 nclique;	/* GPUs in it */
	u_int			 nfabric;	/* GPUs that say a clique */
	const struct links_domain *domain;	/* NULL: none known */
};

/*
 * A scale-up domain's clique (scaleup.c's domains): the one most of its
 * GPUs are in, counting the nodes whose own GPUs agree and are registered
 * with the fabric; found when more than half of those are in it (a
 * Boyer-Moore vote, then a count).
 */
struct links_domain {
	const struct gpu	*clique;	/* NULL: none found */
	u_int			 votes;
	u_int			 nclique;	/* GPUs in it */
	u_int			 nfabric;	/* GPUs that say one */
};

/*
 * Whether a fabric word was read: N/A (or empty) is not, and Not
 * Supported is a GPU without such a fabric (PCIe), no fault.
 */
static int
links_gpu_said(const char *word)
{
	return (word[0] != '\0' && strcasecmp(word, "N/A") != 0 &&
	    strcasecmp(word, "Not Supported") != 0);
}

/* Whether GPU g says a clique: its fabric's, with a state. */
static int
links_gpu_in_clique(const struct gpu *g)
{
	return ((g->valid & BIT(GPU_CLIQUE)) &&
	    links_gpu_said(g->fabric_state));
}

/*
 * Whether GPU g is registered with its fabric (Completed, and Success if
 * it says a status): only then is its clique the fabric's.
 */
static int
links_gpu_up(const struct gpu *g)
{
	return (links_gpu_in_clique(g) &&
	    strcasecmp(g->fabric_state, "Completed") == 0 &&
	    (!links_gpu_said(g->fabric_status) ||
	    strcasecmp(g->fabric_status, "Success") == 0));
}

/* Whether two GPUs are of the same clique of the same cluster. */
static int
links_gpu_same(const struct gpu *a, const struct gpu *b)
{
	if (a->clique_id != b->clique_id)
		return (0);
	return (a->cluster_uuid[0] == '\0' || b->cluster_uuid[0] == '\0' ||
	    strcasecmp(a->cluster_uuid, b->cluster_uuid) == 0);
}

/* The clique most of a node's n GPUs are in (a node holds a few). */
static void
links_gpu_clique(struct links_gpu *x, const struct gpu *g, u_int n)
{
	u_int	 i, k, same;

	x->clique = NULL;
	x->nclique = x->nfabric = 0;
	for (i = 0; i < n; i++) {
		if (!links_gpu_in_clique(&g[i]))
			continue;
		x->nfabric++;
		for (k = 0, same = 0; k < n; k++) {
			if (links_gpu_in_clique(&g[k]) &&
			    links_gpu_same(&g[i], &g[k]))
				same++;
		}
		if (same > x->nclique) {
			x->clique = &g[i];
			x->nclique = same;
		}
	}
}

/* A fabric word but the good one, or none read: verdict v, and why. */
static int
links_gpu_word(const char *what, const char *word, const char *good, int v,
    char *why, size_t len)
{
	if (!links_gpu_said(word) || strcasecmp(word, good) == 0)
		return (LV_OK);
	snprintf(why, len, "fabric %s %s, not %s", what, word, good);
	return (v);
}

/* Registered with its fabric, fabric.state: in its NVLink domain. */
static int
links_check_state(const struct links_gpu *x, char *why, size_t len)
{
	return (links_gpu_word("state", x->gpu->fabric_state, "Completed",
	    LV_FABRIC, why, len));
}

/* fabric.status, which says something only once the state is Completed. */
static int
links_check_status(const struct links_gpu *x, char *why, size_t len)
{
	if (strcasecmp(x->gpu->fabric_state, "Completed") != 0)
		return (LV_OK);
	return (links_gpu_word("status", x->gpu->fabric_status, "Success",
	    LV_FABRIC, why, len));
}

/* fabric.health.summary. */
static int
links_check_health(const struct links_gpu *x, char *why, size_t len)
{
	return (links_gpu_word("health", x->gpu->fabric_health, "Healthy",
	    LV_DEGRADED, why, len));
}

/* fabric.health.bandwidth. */
static int
links_check_bandwidth(const struct links_gpu *x, char *why, size_t len)
{
	return (links_gpu_word("bandwidth", x->gpu->fabric_bandwidth, "Full",
	    LV_DEGRADED, why, len));
}

/*
 * A GPU whose clique is not its node's: a clique split inside a tray.  A
 * node whose GPUs agree, in a clique not its domain's: a tray split from
 * its rack.
 */
static int
links_check_clique(const struct links_gpu *x, char *why, size_t len)
{
	const struct gpu		*g = x->gpu, *c = x->clique;
	const struct links_domain	*d = x->domain;
	const char			*name;

	if (c == NULL || !links_gpu_in_clique(g))
		return (LV_OK);
	if (!links_gpu_same(g, c)) {
		if (g->clique_id != c->clique_id)
			snprintf(why, len, "clique %u, not its node's %u (%u "
			    "of %u GPUs)", g->clique_id, c->clique_id,
			    x->nclique, x->nfabric);
		else
			snprintf(why, len, "cluster %s, not its node's %s",
			    g->cluster_uuid, c->cluster_uuid);
		return (LV_FABRIC);
	}
	if (d == NULL || d->clique == NULL || x->nclique != x->nfabric ||
	    !links_gpu_up(g) || links_gpu_same(g, d->clique))
		return (LV_OK);
	name = x->m->scaleups[x->m->nodes[x->node].scaleup].name;
	if (g->clique_id != d->clique->clique_id)
		snprintf(why, len, "clique %u, not its domain %s's %u (%u of "
		    "%u GPUs)", g->clique_id, name, d->clique->clique_id,
		    d->nclique, d->nfabric);
	else
		snprintf(why, len, "cluster %.36s, not its domain %s's",
		    g->cluster_uuid, name);
	return (LV_FABRIC);
}

/*
 * The checks of a GPU's fabric, each a row when it finds something.  The
 * domain's (a clique not the domain's, an IMEX peer unavailable) go here
 * too.
 */
static const struct links_check {
	const char	*name;
	int		(*judge)(const struct links_gpu *, char *, size_t);
} links_checks[] = {
	{ .name = "state", .judge = links_check_state },
	{ .name = "status", .judge = links_check_status },
	{ .name = "health", .judge = links_check_health },
	{ .name = "bandwidth", .judge = links_check_bandwidth },
	{ .name = "clique", .judge = links_check_clique },
};

/* A row of GPU k's fabric: its state and status as printed. */
static void
links_gpu_add(struct links *l, const struct links_gpu *x, u_int k,
    const char *kind, int v, const char *why)
{
	const struct gpu	*g = x->gpu;
	struct linkcheck	*c;

	c = links_add(l, x->node, kind);
	c->valid = BIT(LC_GPU);
	c->gpu = k;
	c->verdict = v;
	strlcpy(c->why, why, sizeof c->why);
	if (links_gpu_said(g->fabric_status))
		snprintf(c->state, sizeof c->state, "%.15s/%.23s",
		    g->fabric_state, g->fabric_status);
	else
		strlcpy(c->state, g->fabric_state, sizeof c->state);
}

/*
 * The scale-up fabric of each GPU of node, where nvidia-smi's fabric.*
 * said one: a row a finding; with LI_ALL, a GPU without one is ok.
 */
static void
links_fabric_gpus(struct links *l, const struct model *m, u_int node,
    const struct links_domain *domains, const struct link_expect *e,
    int flags)
{
	const struct gpu	*g;
	struct links_gpu	 x;
	struct link_fabric	 f;
	char			 why[sizeof l->rows->why];
	u_int			 k, n, i, found;
	int			 v;

	g = model_gpus(m, node, &n);
	links_fabric(m, node, e, &f);
	memset(&x, 0, sizeof x);
	x.m = m;
	x.node = node;
	if (domains != NULL)
		x.domain = &domains[m->nodes[node].scaleup];
	links_gpu_clique(&x, g, n);
	for (k = 0; k < n; k++) {
		x.gpu = &g[k];
		if (!links_gpu_said(g[k].fabric_state))
			continue;
		found = 0;
		for (i = 0; i < nitems(links_checks); i++) {
			*why = '\0';
			if ((v = links_checks[i].judge(&x, why,
			    sizeof why)) == LV_OK)
				continue;
			l->sum.n[f.sum][v]++;
			links_gpu_add(l, &x, k, f.kind, v, why);
			found++;
		}
		if (found == 0 && (flags & LI_ALL)) {
			snprintf(why, sizeof why, "fabric clique %u",
			    g[k].clique_id);
			links_gpu_add(l, &x, k, f.kind, LV_OK,
			    (g[k].valid & BIT(GPU_CLIQUE)) ? why : "fabric");
		}
	}
}

/*
 * The clique of each scale-up domain (m->scaleups, as scaleup_update()
 * last found them), from its nodes whose GPUs agree; NULL if there are
 * none.  Two passes over the GPUs: a vote, then a count.
 */
static struct links_domain *
links_domains(const struct model *m)
{
	struct links_domain	*domains, *d;
	struct links_gpu	 x;
	const struct gpu	*g;
	u_int			 node, n;
	int			 pass;

	if (m->scaleups == NULL || m->nscaleups == 0)
		return (NULL);
	domains = xcalloc(m->nscaleups, sizeof *domains);
	for (pass = 0; pass < 2; pass++) {
		for (node = 0; node < m->nnodes; node++) {
			if (m->nodes[node].scaleup >= m->nscaleups)
				continue;
			d = &domains[m->nodes[node].scaleup];
			g = model_gpus(m, node, &n);
			links_gpu_clique(&x, g, n);
			if (x.clique == NULL || x.nclique != x.nfabric ||
			    !links_gpu_up(x.clique))
				continue;
			if (pass == 1) {
				d->nfabric += x.nclique;
				if (d->clique != NULL &&
				    links_gpu_same(x.clique, d->clique))
					d->nclique += x.nclique;
			} else if (d->votes == 0) {
				d->clique = x.clique;
				d->votes = x.nclique;
			} else if (links_gpu_same(x.clique, d->clique))
				d->votes += x.nclique;
			else if (d->votes > x.nclique)
				d->votes -= x.nclique;
			else {
				d->clique = x.clique;
				d->votes = x.nclique - d->votes;
			}
		}
	}
	for (n = 0; n < m->nscaleups; n++) {
		if (domains[n].nclique * 2 <= domains[n].nfabric)
			domains[n].clique = NULL;
	}
	return (domains);
}

/*
 * The IMEX domain as node's daemon sees it (nvidia-imex-ctl -N): a fabric
 * row, of its GPUs' kind, when the Domain State is not UP or an IMEX node
 * is not READY, naming them by address; with LI_ALL, ok when all are.
 */
static void
links_fabric_imex(struct links *l, const struct model *m, u_int node,
    const struct link_expect *e, int flags)
{
	const struct node	*n = &m->nodes[node];
	struct link_fabric	 f;
	struct linkcheck	*c;
	const char		*p, *end;
	size_t			 len, at;
	u_int			 named = 0, cut;
	int			 v;

	if (n->imex[0] == '\0' && n->imex_down == 0)
		return;
	v = n->imex_down > 0 || strcasecmp(n->imex, "UP") != 0 ? LV_FABRIC :
	    LV_OK;
	if (v == LV_OK && !(flags & LI_ALL))
		return;
	links_fabric(m, node, e, &f);
	l->sum.n[f.sum][v]++;
	c = links_add(l, node, f.kind);
	c->verdict = v;
	snprintf(c->state, sizeof c->state, "IMEX %s", n->imex[0] != '\0' ?
	    n->imex : "unknown");
	at = snprintf(c->why, sizeof c->why, "IMEX domain %s",
	    n->imex[0] != '\0' ? n->imex : "state not read");
	if (n->imex_down == 0)
		return;
	at += snprintf(c->why + at, sizeof c->why - at, "; %u not READY:",
	    n->imex_down);
	/* Whole "address STATE" entries; the model's list may be cut. */
	cut = strlen(n->imex_peers) + 1 >= sizeof n->imex_peers;
	for (p = n->imex_peers; *p != '\0'; p = end + (*end == ',')) {
		end = p + strcspn(p, ",");
		len = end - p;
		if ((*end == '\0' && cut && named + 1 < n->imex_down) ||
		    at + len + 2 + 8 >= sizeof c->why)
			break;
		at += snprintf(c->why + at, sizeof c->why - at, "%s%.*s",
		    named > 0 ? ", " : " ", (int)len, p);
		named++;
	}
	if (named < n->imex_down)
		snprintf(c->why + at, sizeof c->why - at, "%s+%u more",
		    named > 0 ? ", " : " ", n->imex_down - named);
}

/*
 * Whether node n should have links.ib-ports InfiniBand ports: an Ascend
 * node's network is its NPUs' RoCE ports (hccn_tool, probe.roce), with
 * no InfiniBand device.
 */
static int
links_ib_expected(const struct node *n, const struct link_expect *e)
{
	return (e->ibports > 0 && n->vendor != VENDOR_HUAWEI);
}

/* The first read of a port: the same slot, else the same name. */
static const struct ibport *
links_ib_before(const struct links *l, u_int node, u_int k,
    const struct ibport *p)
{
	const struct ibport	*b;
	u_int			 i;

	if (l->ib == NULL || (size_t)(node + 1) * l->ibper > l->nib)
		return (NULL);
	b = &l->ib[(size_t)node * l->ibper];
	if (k < l->ibper && b[k].port == p->port &&
	    strcmp(b[k].device, p->device) == 0)
		return (&b[k]);
	for (i = 0; i < l->ibper; i++) {
		if (b[i].device[0] != '\0' && b[i].port == p->port &&
		    strcmp(b[i].device, p->device) == 0)
			return (&b[i]);
	}
	return (NULL);
}

static void
links_ibports(struct links *l, const struct model *m, u_int node,
    const struct links_down *d, const struct links_down *dend,
    const struct link_expect *e, int flags)
{
	const struct node	*n = &m->nodes[node];
	const struct ibport	*p, *before;
	struct linkcheck	*c;
	char			 why[sizeof c->why];
	uint64_t		 delta;
	u_int			 k, downs, nib;
	int			 v, roce;

	p = model_ibports(m, node, &nib);
	for (k = 0; k < nib; k++, p++) {
		before = links_ib_before(l, node, k, p);
		downs = links_downs_of(d, dend, node, 1, p->device, p->port, 0);
		v = links_judge_ibport(p, before, downs, e, &delta, why,
		    sizeof why);
		roce = strcasecmp(p->link_layer, "Ethernet") == 0;
		l->sum.n[roce ? LS_ROCE : LS_IB][v]++;
		if (v == LV_OK && !(flags & LI_ALL))
			continue;
		c = links_add(l, node, roce ? "roce" : "ib");
		c->valid = BIT(LC_LINK);
		c->slot = k;
		strlcpy(c->device, p->device, sizeof c->device);
		c->link = p->port;
		c->verdict = v;
		strlcpy(c->why, why, sizeof c->why);
		snprintf(c->state, sizeof c->state, "%s/%s",
		    p->state_str[0] ? p->state_str :
		    field_enum_name(FT_LINK, p->state),
		    p->phys_str[0] ? p->phys_str :
		    field_enum_name(FT_LINK, p->phys));
		/* hccn_tool's RoCE ports say no rate or width. */
		if (e->ibrate > 0 && (!roce || (p->valid & BIT(IB_RATE)))) {
			c->expect = e->ibrate;
			c->valid |= BIT(LC_EXPECT);
		}
		if (p->valid & BIT(IB_RATE)) {
			c->actual = p->rate_gbps;
			c->valid |= BIT(LC_ACTUAL);
		}
		if (!roce || p->width[0] != '\0')
			strlcpy(c->expect_width, e->ibwidth,
			    sizeof c->expect_width);
		strlcpy(c->width, p->width, sizeof c->width);
		if (p->valid & IB_COUNTERS) {
			c->errors = p->symerr + p->linkdown + p->rcverr +
			    p->linkrec;
			c->valid |= BIT(LC_ERRORS);
			if (before != NULL) {
				c->delta = delta;
				c->valid |= BIT(LC_DELTA);
			}
		}
		downs = links_ib_downs(p, downs);
		c->changes = downs + (v == LV_FLAPPING && downs < LINKS_FLAPS);
	}
	if (!links_ib_expected(n, e) || (int)n->nib >= e->ibports)
		return;
	l->sum.n[LS_IB][LV_MISSING]++;
	c = links_add(l, node, "ib");
	c->verdict = LV_MISSING;
	c->missing = e->ibports - n->nib;
	snprintf(c->state, sizeof c->state, "%u of %d", n->nib, e->ibports);
	snprintf(c->why, sizeof c->why, "%u of %d ports seen", n->nib,
	    e->ibports);
}

/* Whether any NVLink of the node was read. */
static int
links_node_read(const struct model *m, u_int node)
{
	const struct nvlink	*base;
	u_int			 k, n;

	base = model_nvlinks(m, node, &n);
	for (k = 0; k < n; k++) {
		if (base[k].state != LINK_UNKNOWN)
			return (1);
	}
	return (0);
}

/*
 * A node none of whose peer links was read, with LI_UNREAD: a missing
 * row of its fabric's kind, or "link" when its vendor is not known (its
 * tool never answered).  No probe reads an Ascend's HCCS links: npu-smi
 * info -t topo names each NPU's HCCS peers (an 8-NPU 910B3 capture), with
 * no state; those of a node up are not checked, no fault.
 */
static void
links_peers_unread(struct links *l, const struct model *m, u_int node,
    const struct link_expect *e)
{
	const struct node	*n = &m->nodes[node];
	struct link_fabric	 f;
	int			 up;

	links_fabric(m, node, e, &f);
	up = n->reach == REACH_UP || n->reach == REACH_UNKNOWN;
	if (n->gpus_none || (f.sum == LS_HCCS ? up : f.links <= 0))
		return;
	links_unread(l, m, node, n->vendor == VENDOR_UNKNOWN ? "link" :
	    f.kind, "none read");
}

/*
 * Inspect the links of the nodes in `mask' (NULL: all) against `e', and
 * against the first read if there is one.  The rows are the problems,
 * or every link with LI_ALL; a node none of whose links was read is a
 * missing row with LI_UNREAD.
 */
void
links_inspect(struct links *l, const struct model *m, const uint8_t *mask,
    const struct link_expect *e, int flags)
{
	struct links_down	*downs, *d, *dend;
	struct links_domain	*domains = NULL;
	u_int			 ndowns, node;
	int			 nvread, ibread;

	l->nrows = 0;
	memset(&l->sum, 0, sizeof l->sum);
	if (flags & LI_FABRIC)
		domains = links_domains(m);
	downs = links_downs(m, &ndowns);
	d = downs;
	dend = downs + ndowns;
	for (node = 0; node < m->nnodes; node++) {
		while (d < dend && d->node < node)
			d++;
		if (mask != NULL && !mask[node])
			continue;
		nvread = links_node_read(m, node);
		ibread = m->ibports != NULL && m->nodes[node].nib > 0;
		if (!nvread && !ibread)
			l->sum.unread++;
		if (nvread)
			links_nvlinks(l, m, node, d, dend, e, flags);
		else if (flags & LI_UNREAD)
			links_peers_unread(l, m, node, e);
		if (flags & LI_FABRIC) {
			links_fabric_gpus(l, m, node, domains, e, flags);
			links_fabric_imex(l, m, node, e, flags);
		}
		if (ibread)
			links_ibports(l, m, node, d, dend, e, flags);
		else if ((flags & LI_UNREAD) &&
		    links_ib_expected(&m->nodes[node], e))
			links_unread(l, m, node, "ib", "none read");
	}
	free(domains);
	free(downs);
}
