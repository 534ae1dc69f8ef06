/*
 * myriad - the simulated cluster.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The seed's state is a pure function of (size, seed, fault rate, time): jobs,
 * loads and faults are drawn from a hash of (seed, node, time bucket), so
 * that separate processes agree and no history is simulated; over it, the
 * operator's changes (sim-state.c), each from its time on.  The cluster
 * is H100 HGX nodes of 8 GPUs, racks of 8 nodes, a debug rack, groups of up
 * to 256 nodes that run one schedule window after another, and a long
 * partition over the last quarter of the groups.  A mix (--sim-mix
 * h100:6,mi300x:2,910b:2,k100:1) gives each model its share of the racks,
 * in blocks in the spec's order, each node as many accelerators as its
 * model has (4, 8 or 16); the size is then the accelerators the racks
 * come nearest to.  A gb200 rack is an NVL72's, 18 trays of 4 GPUs, and
 * never cut (sim-fabric.c, sim-imex.c).
 */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define TAG(t, x)	(((uint64_t)(t) << 48) | (uint64_t)(x))
enum {
	T_ADMINPH = 1, T_ADMIN, T_FAULT, T_FAULT2, T_HOT, T_WIN, T_GPHASE,
	T_NOISE, T_STATIC, T_RACK, T_UUID, T_GUID, T_BOOT, T_FLOW,
};

const struct sim_partition sim_partitions[SIM_NPARTS] = {
	[SIM_PART_GPU] = { .name = "gpu", .maxtime = 2 * 86400,
	    .isdefault = 1 },
	[SIM_PART_DEBUG] = { .name = "debug", .maxtime = 3600 },
	[SIM_PART_LONG] = { .name = "long", .maxtime = 7 * 86400 },
};

const struct sim_model sim_models[SM_NMODELS] = {
	[SM_H100] = { .name = "h100", .vendor = VENDOR_NVIDIA,
	    .product = SIM_MODEL, .slurm = "gpu:h100", .count = 8, .chips = 1,
	    .rack = SIM_RACK, .mib = SIM_GPU_MIB, .plimit = 700, .idle = 66,
	    .p0 = 95, .slope = 6.2 },
	[SM_H200] = { .name = "h200", .vendor = VENDOR_NVIDIA,
	    .product = "NVIDIA H200", .slurm = "gpu:h200", .count = 8,
	    .chips = 1, .rack = SIM_RACK, .mib = 143771, .plimit = 700,
	    .idle = 74, .p0 = 100, .slope = 6.2 },
	[SM_B200] = { .name = "b200", .vendor = VENDOR_NVIDIA,
	    .product = "NVIDIA B200", .slurm = "gpu:b200", .count = 8,
	    .chips = 1, .rack = SIM_RACK, .mib = 183359, .plimit = 1000,
	    .idle = 138, .p0 = 150, .slope = 8.8 },
	[SM_GB200] = { .name = "gb200", .vendor = VENDOR_NVIDIA,
	    .product = "NVIDIA GB200", .slurm = "gpu:gb200", .count = 4,
	    .chips = 1, .rack = SIM_NVL72, .mib = 189471, .plimit = 1200,
	    .idle = 149, .p0 = 170, .slope = 9.9 },
	[SM_MI300X] = { .name = "mi300x", .vendor = VENDOR_AMD,
	    .product = "AMD Instinct MI300X", .slurm = "gpu:mi300x", .count = 8,
	    .chips = 1, .rack = SIM_RACK, .mib = 196300, .plimit = 750,
	    .idle = 128, .p0 = 170, .slope = 6.0 },
	[SM_MI325X] = { .name = "mi325x", .vendor = VENDOR_AMD,
	    .product = "AMD Instinct MI325X", .slurm = "gpu:mi325x", .count = 8,
	    .chips = 1, .rack = SIM_RACK, .mib = 262144, .plimit = 1000,
	    .idle = 160, .p0 = 200, .slope = 8.2 },
	[SM_910B] = { .name = "910b", .vendor = VENDOR_HUAWEI,
	    .product = "910B3", .slurm = "npu:910b", .count = 8, .chips = 1,
	    .rack = SIM_RACK, .mib = 65536, .plimit = 400, .idle = 88,
	    .p0 = 110, .slope = 1.1 },
	[SM_A3] = { .name = "a3", .vendor = VENDOR_HUAWEI,
	    .product = "Ascend910", .slurm = "npu:910c", .count = 16,
	    .chips = 2, .rack = SIM_RACK, .mib = 65536, .plimit = 400,
	    .idle = 96, .p0 = 100, .slope = 1.5 },
	[SM_K100] = { .name = "k100", .vendor = VENDOR_HYGON,
	    .product = "", .slurm = "dcu:k100", .count = 4, .chips = 1,
	    .rack = SIM_RACK, .mib = 65536, .plimit = 800, .idle = 114,
	    .p0 = 140, .slope = 6.8 },
};

const char *const sim_busids[SIM_GPUS] = {
	"18", "2a", "3a", "5d", "9a", "ab", "ba", "db"
};

static const char *const sim_users[] = {
	"achen", "bkumar", "cmartin", "dlopez", "emuller", "fsato", "gwang",
	"hkim", "iivanova", "jsmith", "kpatel", "lrossi", "mnguyen", "nowak",
	"oyilmaz", "pgarcia", "qzhang", "rdubois", "svolkov", "tanaka",
	"ulee", "vsingh", "wbrown", "xliu", "ybenali", "zhao", "mlperf",
	"evalbot", "svc-inference", "ajohnson",
};

static const char *const sim_names_busy[] = {
	"pretrain-70b", "llama3-sft", "moe-8x22b", "rlhf_ppo", "vit-huge",
	"diffusion-xl", "pretrain-405b", "ckpt-resume", "nccl-tests",
	"dpo_run17", "gpt-neox-20b", "mixtral-ft", "whisper-large",
	"codegen-16b", "bert-mlm", "train.sh",
};
static const char *const sim_names_light[] = {
	"eval_mmlu", "vllm-serve", "tokenize", "data-prep", "embed-index",
	"eval_humaneval", "triton-srv", "ablation",
};
static const char *const sim_names_idle[] = {
	"bash", "jupyter", "interactive", "debug", "vscode",
};

static const char *const sim_pending_reasons[] = {
	"Resources", "Priority", "QOSMaxGpuPerUserLimit", "Dependency",
	"ReqNodeNotAvail, Reserved for maintenance", "AssocGrpGRES",
	"JobHeldUser",
};

/* Those that name an accelerator's part do in its vendor's words. */
static const char sim_admin_board[] = "board", sim_admin_links[] = "links";
static const char *const sim_admin_drains[] = {
	"hw: replace PSU3",
	sim_admin_board,
	"burn-in failed, see #ops",
	"kernel upgrade 5.15.0-125",
	"IB cable reseat mlx5_3",
	sim_admin_links,
	"BIOS update",
	"firmware: CX7 28.41.1000",
	"reserved for vendor debug",
};
/*
 * A node's drains in its vendor's words: an admin's of its board or its
 * links, the health check's of a lost accelerator or an uncorrectable
 * memory error.  An Xid is NVIDIA's alone; the others' tools say a device
 * is gone (amd-smi, hy-smi leave it out), its ECC count (amd-smi), or
 * their health word (npu-smi).
 */
static const struct {
	const char	*board;
	const char	*links;
	const char	*lost;
	const char	*dbe;
} sim_vendor_drains[] = {
	[VENDOR_UNKNOWN] = { "RMA: board swap, ticket 48213",
	    "link errors, investigating", "NHC: accelerator missing",
	    "NHC: uncorrectable ECC errors" },
	[VENDOR_NVIDIA] = { "RMA: GPU board swap, ticket 48213",
	    "nvlink errors, investigating",
	    "NHC: Xid 79, GPU has fallen off the bus",
	    "NHC: Xid 48 DBE, row remap pending" },
	[VENDOR_AMD] = { "RMA: GPU board swap, ticket 48213",
	    "xgmi errors, investigating", "NHC: amd-smi: GPU missing",
	    "NHC: amd-smi: uncorrectable ECC errors" },
	[VENDOR_HUAWEI] = { "RMA: NPU board swap, ticket 48213",
	    "hccs errors, investigating", "NHC: npu-smi: NPU health Alarm",
	    "NHC: npu-smi: NPU health Alarm" },
	[VENDOR_HYGON] = { "RMA: DCU board swap, ticket 48213",
	    "link errors, investigating", "NHC: hy-smi: DCU missing",
	    "NHC: hy-smi: DCU memory error" },
};
static const char *const sim_admin_downs[] = {
	"mainboard replacement",
	"PSU failure, waiting for part",
	"node dead, RMA",
};

/* Fault weights (of the fault rate) and durations in hours. */
static const struct {
	double	 weight;
	double	 dmin, dmax;
} sim_fault_kinds[SF_NTYPES] = {
	[SF_XID79] =	{ 0.08, 2, 8 },
	[SF_XID48] =	{ 0.10, 4, 12 },
	[SF_XID94] =	{ 0.12, 0.2, 1 },
	[SF_NVLINK] =	{ 0.15, 2, 10 },
	[SF_IBDOWN] =	{ 0.10, 1, 6 },
	[SF_IBFLAP] =	{ 0.10, 0.5, 3 },
	[SF_FAN] =	{ 0.10, 4, 20 },
	[SF_COOLANT] =	{ 0.07, 0.5, 3 },
	[SF_UNREACH] =	{ 0.10, 0.3, 3 },
	[SF_BMC] =	{ 0.08, 1, 8 },
};
#define SIM_FAULT_LOOKBACK	21	/* buckets of an hour */

#define SIM_ADMIN_PERIOD	(3 * 86400.0)
#define SIM_BOOT_PERIOD		(7 * 86400.0)

static uint64_t
sim_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return (x ^ (x >> 31));
}

uint64_t
sim_hash(uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t	 h;

	h = sim_mix(seed);
	h = sim_mix(h ^ a);
	h = sim_mix(h ^ b);
	return (sim_mix(h ^ c));
}

double
sim_unit(uint64_t h)
{
	return ((double)(h >> 11) * (1.0 / 9007199254740992.0));
}

const char *
sim_user(u_int i)
{
	return (sim_users[i % nitems(sim_users)]);
}

const char *
sim_pending_reason(u_int i)
{
	return (sim_pending_reasons[i % nitems(sim_pending_reasons)]);
}

/* Job names: busy first, then light, then idle. */
const char *
sim_jobname(u_int i)
{
	if (i < nitems(sim_names_busy))
		return (sim_names_busy[i]);
	i -= nitems(sim_names_busy);
	if (i < nitems(sim_names_light))
		return (sim_names_light[i]);
	i -= nitems(sim_names_light);
	return (sim_names_idle[i % nitems(sim_names_idle)]);
}

/*
 * A size, a number of GPUs or 10k.  Without a mix (mixed 0) it is whole
 * 8-GPU nodes; a mix's racks come nearest to any number.
 */
int
sim_parse_size(const char *s, int mixed, u_int *ngpus, char **cause)
{
	const char	*p = s;
	unsigned long	 n = 0;
	int		 digits = 0;

	while (isdigit((u_char)*p) && n <= SIM_MAXGPUS) {
		n = n * 10 + (*p++ - '0');
		digits++;
	}
	if (digits > 0 && (*p == 'k' || *p == 'K') && p[1] == '\0') {
		n *= 1000;
		p++;
	}
	if (digits == 0 || *p != '\0' || n < SIM_MINGPUS || n > SIM_MAXGPUS) {
		xasprintf(cause, "bad simulator size '%s': give a number of "
		    "GPUs from %d to %d, or 1k, 10k, 100k", s, SIM_MINGPUS,
		    SIM_MAXGPUS);
		return (-1);
	}
	if (!mixed && n % SIM_GPUS != 0) {
		xasprintf(cause, "sim.size %s: not a whole number of %d-GPU "
		    "nodes; %lu or %lu", s, SIM_GPUS, n / SIM_GPUS * SIM_GPUS,
		    (n / SIM_GPUS + 1) * SIM_GPUS);
		return (-1);
	}
	*ngpus = (u_int)n;
	return (0);
}

/*
 * A mix, NAME:SHARE,...: the models in the spec's order and their shares;
 * NULL or empty is none.  -1 and why when a name or share is wrong.
 */
static int
sim_mix_parse(const char *spec, struct sim *s, char **cause)
{
	const char	*p = spec, *name;
	char		*end, names[128];
	size_t		 len, off;
	u_int		 i, k;
	unsigned long	 share;

	s->nmix = 0;
	if (spec == NULL || *spec == '\0')
		return (0);
	for (;;) {
		name = p;
		len = strcspn(p, ":,");
		for (i = 0; i < SM_NMODELS; i++) {
			if (strlen(sim_models[i].name) == len &&
			    strncmp(sim_models[i].name, name, len) == 0)
				break;
		}
		if (i == SM_NMODELS) {
			for (k = 0, off = 0; k < SM_NMODELS; k++)
				off += snprintf(names + off, sizeof names - off,
				    "%s%s", k ? ", " : "", sim_models[k].name);
			xasprintf(cause, "bad simulator mix '%s': no model "
			    "'%.*s' (%s)", spec, (int)len, name, names);
			return (-1);
		}
		for (k = 0; k < s->nmix; k++) {
			if (s->mixmodel[k] == i) {
				xasprintf(cause, "bad simulator mix '%s': %s "
				    "given twice", spec, sim_models[i].name);
				return (-1);
			}
		}
		p += len;
		share = 0;
		end = (char *)p;
		if (*p == ':' && isdigit((u_char)p[1]))
			share = strtoul(p + 1, &end, 10);
		if (share < 1 || share > 1000 || (*end != ',' &&
		    *end != '\0')) {
			xasprintf(cause, "bad simulator mix '%s': %s needs a "
			    "share of the racks, a whole number from 1 to "
			    "1000 (%s:2)", spec, sim_models[i].name,
			    sim_models[i].name);
			return (-1);
		}
		s->mixmodel[s->nmix] = i;
		s->mixshare[s->nmix++] = share;
		if (*end == '\0')
			return (0);
		p = end + 1;
	}
}

/*
 * Whether a mix is one the simulator can build; why not.  One given empty
 * is a slip: no mix is none given.
 */
int
sim_parse_mix(const char *spec, char **cause)
{
	struct sim	 s;

	if (*spec == '\0') {
		xasprintf(cause, "bad simulator mix '': empty; give each model "
		    "and its share (h100:6,mi300x:2), or none for H100s only");
		return (-1);
	}
	return (sim_mix_parse(spec, &s, cause));
}

/*
 * The nodes of racks of these models, the last one cut to `last' nodes
 * unless its model's racks are whole (an NVL72 rack is): each node's
 * model and rack, and each rack's first node.
 */
static void
sim_racks(struct sim *s, const uint8_t *model, u_int nracks, u_int last)
{
	u_int	 r, i, size, n = 0;

	s->nracks = nracks;
	s->rackfirst = xreallocarray(NULL, nracks + 1, sizeof *s->rackfirst);
	for (r = 0; r < nracks; r++) {
		s->rackfirst[r] = n;
		size = sim_models[model[r]].rack;
		if (r == nracks - 1 && size == SIM_RACK)
			size = last;
		n += size;
	}
	s->rackfirst[nracks] = s->nnodes = n;
	s->nodes = xcalloc(n, sizeof *s->nodes);
	s->rack = xreallocarray(NULL, n, sizeof *s->rack);
	for (r = 0; r < nracks; r++) {
		for (i = s->rackfirst[r]; i < s->rackfirst[r + 1]; i++) {
			s->nodes[i].model = model[r];
			s->rack[i] = r;
		}
	}
}

/*
 * The racks of each model of the mix, in blocks by their shares, for
 * about ngpus accelerators: as many racks as nodes of SIM_RACK-node racks
 * of their mean would fill, the last cut to the size, but an NVL72's
 * racks are whole (gb200:1 at 10k: 139 racks of 72 GPUs).
 */
static int
sim_mix_layout(struct sim *s, u_int ngpus, char **cause)
{
	const struct sim_model	*mo;
	uint64_t		 total = 0, weight = 0, cum = 0, from, to;
	uint64_t		 equiv;
	uint8_t			*model;
	u_int			 k, r, nracks;

	for (k = 0; k < s->nmix; k++) {
		mo = &sim_models[s->mixmodel[k]];
		total += s->mixshare[k];
		weight += (uint64_t)s->mixshare[k] * mo->count * mo->rack;
	}
	equiv = ((uint64_t)ngpus * total * SIM_RACK + weight / 2) / weight;
	if (equiv == 0)
		equiv = 1;
	nracks = (u_int)((equiv + SIM_RACK - 1) / SIM_RACK);
	model = xcalloc(nracks, sizeof *model);
	for (k = 0; k < s->nmix; k++) {
		mo = &sim_models[s->mixmodel[k]];
		from = (2 * nracks * cum + total) / (2 * total);
		cum += s->mixshare[k];
		to = (2 * nracks * cum + total) / (2 * total);
		if (to == from) {
			/* Never a model of the spec silently left out. */
			xasprintf(cause, "bad simulator mix '%s': %s gets no "
			    "rack of %u nodes at %u accelerators: simulate "
			    "more (--sim) or give it a larger share", s->mix,
			    mo->name, mo->rack, ngpus);
			free(model);
			return (-1);
		}
		for (r = from; r < to; r++)
			model[r] = s->mixmodel[k];
	}
	sim_racks(s, model, nracks,
	    (u_int)(equiv - (uint64_t)SIM_RACK * (nracks - 1)));
	free(model);
	return (0);
}

struct sim *
sim_create(u_int ngpus, uint64_t seed, double rate)
{
	return (sim_create_mix(ngpus, seed, rate, NULL, NULL));
}

/* A simulator of a mix (NULL: H100s only); NULL and why if it is wrong. */
struct sim *
sim_create_mix(u_int ngpus, uint64_t seed, double rate, const char *mix,
    char **cause)
{
	struct sim	*s;
	uint8_t		*model;
	u_int		 i, rest, g, n;

	if (ngpus < SIM_MINGPUS)
		ngpus = SIM_MINGPUS;
	if (ngpus > SIM_MAXGPUS)
		ngpus = SIM_MAXGPUS;
	s = xcalloc(1, sizeof *s);
	if (sim_mix_parse(mix, s, cause) != 0) {
		free(s);
		return (NULL);
	}
	if (s->nmix > 0) {
		s->mix = xstrdup(mix);
		if (sim_mix_layout(s, ngpus, cause) != 0) {
			free(s->mix);
			free(s);
			return (NULL);
		}
	} else {
		n = (ngpus + SIM_GPUS - 1) / SIM_GPUS;
		model = xcalloc((n + SIM_RACK - 1) / SIM_RACK, sizeof *model);
		sim_racks(s, model, (n + SIM_RACK - 1) / SIM_RACK,
		    n - (n - 1) / SIM_RACK * SIM_RACK);
		free(model);
	}
	s->width = s->nnodes > 9999 ? 5 : 4;
	s->seed = seed;
	s->rate = rate > 0 ? rate : 0;
	s->t = SIM_EPOCH;

	s->names = xcalloc(s->nnodes, SIM_NAMELEN);
	for (i = 0; i < s->nnodes; i++)
		snprintf(s->names + i * SIM_NAMELEN, SIM_NAMELEN, "gpu%0*u",
		    (int)s->width, i + 1);

	s->debug = s->nnodes >= 64 ? s->rackfirst[1] : 0;
	s->gstart = s->debug;
	rest = s->nnodes - s->gstart;
	g = 256;
	while (g > 8 && g * 4 > rest)
		g /= 2;
	s->gsize = g;
	s->ngroups = (rest + g - 1) / g;
	if (s->ngroups >= 4)
		s->longfirst = s->gstart + (s->ngroups - s->ngroups / 4) * g;
	else
		s->longfirst = s->nnodes;
	return (s);
}

void
sim_free(struct sim *s)
{
	if (s == NULL)
		return;
	sim_state_free(s);
	free(s->names);
	free(s->nodes);
	free(s->rack);
	free(s->rackfirst);
	free(s->mix);
	free(s->jobs);
	free(s->qstr);
	free(s->qids);
	free(s);
}

void
sim_set_time(struct sim *s, double t)
{
	if (t < 1e9)
		t += SIM_EPOCH;
	if (t != s->t)
		s->fresh = 0;
	s->t = t;
}

u_int
sim_nodes(const struct sim *s)
{
	return (s->nnodes);
}

u_int
sim_gpus_per_node(const struct sim *s)
{
	return (SIM_GPUS);
}

const struct sim_model *
sim_node_model(const struct sim *s, u_int n)
{
	return (&sim_models[n < s->nnodes ? s->nodes[n].model : SM_H100]);
}

/* A node's accelerators: its model's. */
u_int
sim_node_gpus(const struct sim *s, u_int n)
{
	return (sim_node_model(s, n)->count);
}

enum vendor
sim_node_vendor(const struct sim *s, u_int n)
{
	return (sim_node_model(s, n)->vendor);
}

/* The nodes of an HGX rack; an NVL72 rack's are sim_rack_nodes()'s. */
u_int
sim_nodes_per_rack(const struct sim *s)
{
	return (SIM_RACK);
}

/* A node's rack, from 0: an NVL72's hold 18 nodes, the others' 8. */
u_int
sim_node_rack(const struct sim *s, u_int n)
{
	return (n < s->nnodes ? s->rack[n] : 0);
}

u_int
sim_nracks(const struct sim *s)
{
	return (s->nracks);
}

u_int
sim_rack_first(const struct sim *s, u_int r)
{
	return (s->rackfirst[r]);
}

/* Whether a node is a tray of an NVL72 rack, which runs IMEX. */
int
sim_node_imex(const struct sim *s, u_int n)
{
	return (sim_node_model(s, n)->rack == SIM_NVL72);
}

/* The nodes of a rack: the first, and how many. */
u_int
sim_rack_nodes(const struct sim *s, u_int r, u_int *first)
{
	*first = s->rackfirst[r];
	return (s->rackfirst[r + 1] - s->rackfirst[r]);
}

const char *
sim_node_name(const struct sim *s, u_int n)
{
	if (n >= s->nnodes)
		return (NULL);
	return (s->names + n * SIM_NAMELEN);
}

/* Names are gpuNNNN (gpuNNNNN above 9999 nodes): no search needed. */
int
sim_node_find(const struct sim *s, const char *name)
{
	const char	*p;
	u_int		 n = 0, digits = 0;

	if (strncmp(name, "gpu", 3) != 0)
		return (-1);
	for (p = name + 3; isdigit((u_char)*p) && digits < 6; p++) {
		n = n * 10 + (*p - '0');
		digits++;
	}
	if (*p != '\0' || digits != s->width || n == 0 || n > s->nnodes)
		return (-1);
	return ((int)n - 1);
}

void
sim_uuid(const struct sim *s, u_int node, u_int gpu, char *buf, size_t len)
{
	uint64_t	 a, b;

	a = sim_hash(s->seed, TAG(T_UUID, node), gpu, 0);
	b = sim_hash(s->seed, TAG(T_UUID, node), gpu, 1);
	snprintf(buf, len, "GPU-%08x-%04x-%04x-%04x-%012llx",
	    (u_int)(a >> 32), (u_int)(a >> 16) & 0xffff, (u_int)a & 0xffff,
	    (u_int)(b >> 48), (unsigned long long)(b & 0xffffffffffffULL));
}

/* The board serial number nvidia-smi and the kernel print. */
void
sim_serial(const struct sim *s, u_int node, u_int gpu, char *buf,
    size_t len)
{
	uint64_t	 h = sim_hash(s->seed, node, gpu, 0x5e71a1);

	snprintf(buf, len, "1652%09llu",
	    (unsigned long long)(h % 1000000000ULL));
}

/* A ConnectX-7 GUID: Mellanox OUI a0:88:c2, then 03:00, then the device. */
uint64_t
sim_guid(const struct sim *s, u_int node, u_int port)
{
	uint64_t	 h;

	h = sim_hash(s->seed, TAG(T_GUID, node), port, 0);
	return (0xa088c20300000000ULL | (h & 0xffffffULL));
}

/* The node was last booted at the start of its current week. */
double
sim_boot_time(const struct sim *s, u_int node)
{
	double	 phase, b;

	phase = sim_unit(sim_hash(s->seed, TAG(T_BOOT, node), 0, 0)) *
	    SIM_BOOT_PERIOD;
	b = floor((s->t + phase) / SIM_BOOT_PERIOD);
	return (b * SIM_BOOT_PERIOD - phase + 600);
}

/* Administrative drains and downs, in periods of three days. */
static int
sim_admin_at(const struct sim *s, u_int node, double t, u_int *reason,
    double *since)
{
	double	 phase, b, bs, from, to, u;
	uint64_t h;

	phase = sim_unit(sim_hash(s->seed, TAG(T_ADMINPH, node), 0, 0)) *
	    SIM_ADMIN_PERIOD;
	b = floor((t + phase) / SIM_ADMIN_PERIOD);
	bs = b * SIM_ADMIN_PERIOD - phase;
	h = sim_hash(s->seed, TAG(T_ADMIN, node), (uint64_t)(int64_t)b, 0);
	u = sim_unit(h);
	if (u >= 0.013)
		return (SA_NONE);
	from = bs + sim_unit(sim_mix(h)) * SIM_ADMIN_PERIOD * 0.5;
	to = bs + SIM_ADMIN_PERIOD * (0.6 + 0.4 * sim_unit(sim_mix(h + 1)));
	if (t < from || t >= to)
		return (SA_NONE);
	if (since != NULL)
		*since = floor(from);
	if (u < 0.010) {
		if (reason != NULL)
			*reason = (h >> 8) % nitems(sim_admin_drains);
		return (SA_DRAIN);
	}
	if (reason != NULL)
		*reason = (h >> 8) % nitems(sim_admin_downs);
	return (SA_DOWN);
}

/*
 * Whether Slurm would give a node to a job starting at time t: not while
 * it is drained or down, by the seed or by the operator.
 */
static int
sim_node_open_at(const struct sim *s, u_int node, double t)
{
	const struct sim_change	*c = sim_state_at(s, node, t);
	double			 since;
	int			 admin;

	if (c != NULL && c->state == SD_DRAIN)
		return (0);
	admin = sim_admin_at(s, node, t, NULL, &since);
	return (admin == SA_NONE || (admin == SA_DRAIN && c != NULL &&
	    since <= c->t));
}

static int
sim_fault_pick(double u)
{
	int	 i;

	for (i = 1; i < SF_NTYPES; i++) {
		if (u < sim_fault_kinds[i].weight)
			return (i);
		u -= sim_fault_kinds[i].weight;
	}
	return (SF_BMC);
}

/*
 * The fault of an hour's bucket b on a node, if it has one: 1 and *f,
 * whose start is not rounded.
 */
static int
sim_fault_bucket(const struct sim *s, u_int node, double b,
    struct sim_fault *f)
{
	double		 p, dur;
	uint64_t	 h, h2;
	int		 type;

	p = s->rate > 0.95 ? 0.95 : s->rate;
	h = sim_hash(s->seed, TAG(T_FAULT, node), (uint64_t)(int64_t)b, 0);
	if (p <= 0 || sim_unit(h) >= p)
		return (0);
	h2 = sim_mix(h ^ 0x5bd1e995);
	type = sim_fault_pick(sim_unit(h2));
	f->type = type;
	f->start = b * 3600 + sim_unit(sim_mix(h2)) * 3600;
	dur = sim_fault_kinds[type].dmin + sim_unit(sim_mix(h2 + 7)) *
	    (sim_fault_kinds[type].dmax - sim_fault_kinds[type].dmin);
	f->end = f->start + dur * 3600;
	f->variant = (h2 >> 40) & 3;
	switch (type) {
	case SF_IBDOWN:
	case SF_IBFLAP:
		f->unit = (h2 >> 8) % SIM_IBPORTS;
		break;
	case SF_FAN:
		f->unit = (h2 >> 8) % SIM_FANS;
		break;
	default:
		f->unit = (h2 >> 8) % sim_node_gpus(s, node);
		break;
	}
	f->link = (h2 >> 16) % SIM_LINKS;
	return (1);
}

/* The faults active on a node at the current time. */
static void
sim_faults(struct sim *s, u_int node)
{
	struct sim_node		*n = &s->nodes[node];
	struct sim_fault	 f;
	double			 b, cur;

	n->nfaults = 0;
	cur = floor(s->t / 3600);
	for (b = cur - SIM_FAULT_LOOKBACK; b <= cur; b++) {
		if (!sim_fault_bucket(s, node, b, &f))
			continue;
		if (s->t < f.start || s->t >= f.end)
			continue;
		if (n->nfaults == SIM_MAXFAULTS)
			break;
		f.start = floor(f.start);
		n->faults[n->nfaults++] = f;
	}
}

/* The first active fault of a type (and unit, unless -1). */
const struct sim_fault *
sim_fault_find(const struct sim *s, u_int node, int type, int unit)
{
	const struct sim_node	*n = &s->nodes[node];
	u_int			 i;

	for (i = 0; i < n->nfaults; i++) {
		if (n->faults[i].type == type &&
		    (unit < 0 || n->faults[i].unit == unit))
			return (&n->faults[i]);
	}
	return (NULL);
}

int
sim_node_reachable(const struct sim *s, u_int node)
{
	return (sim_fault_find(s, node, SF_UNREACH, -1) == NULL);
}

/* The partitions of a node; returns how many. */
int
sim_node_partitions(const struct sim *s, u_int node, int *parts)
{
	if (node < s->debug) {
		parts[0] = SIM_PART_DEBUG;
		return (1);
	}
	parts[0] = SIM_PART_GPU;
	if (node >= s->longfirst) {
		parts[1] = SIM_PART_LONG;
		return (2);
	}
	return (1);
}

/*
 * Why Slurm drained or downed a node, or NULL: the reason text, who set it
 * and when.
 */
const char *
sim_node_reason(const struct sim *s, u_int node, const char **user,
    double *since)
{
	const struct sim_node	*n = &s->nodes[node];
	const struct sim_fault	*f;
	const struct sim_change	*c;
	const char		*why;
	double			 lifted = -1;
	int			 v = sim_node_vendor(s, node);

	if ((c = sim_state_at(s, node, s->t)) != NULL &&
	    c->state == SD_DRAIN) {
		*user = c->user;
		*since = c->t;
		return (c->reason);
	}
	if (c != NULL)
		lifted = c->t;		/* resumed: the drains from before */
	if ((f = sim_fault_find(s, node, SF_UNREACH, -1)) != NULL &&
	    s->t >= f->start + 300) {
		*user = "slurm";
		*since = f->start + 300;
		return ("Not responding");
	}
	if (n->admin == SA_DOWN) {
		*user = "root";
		*since = n->admin_since;
		return (sim_admin_downs[n->admin_reason %
		    nitems(sim_admin_downs)]);
	}
	if ((f = sim_fault_find(s, node, SF_XID79, -1)) != NULL &&
	    s->t >= f->start + 120 && f->start + 120 > lifted) {
		*user = "root";
		*since = f->start + 120;
		return (sim_vendor_drains[v].lost);
	}
	if ((f = sim_fault_find(s, node, SF_XID48, -1)) != NULL &&
	    s->t >= f->start + 300 && f->start + 300 > lifted) {
		*user = "root";
		*since = f->start + 300;
		return (sim_vendor_drains[v].dbe);
	}
	if (n->admin == SA_DRAIN && n->admin_since > lifted) {
		*user = "root";
		*since = n->admin_since;
		why = sim_admin_drains[n->admin_reason %
		    nitems(sim_admin_drains)];
		if (why == sim_admin_board)
			return (sim_vendor_drains[v].board);
		if (why == sim_admin_links)
			return (sim_vendor_drains[v].links);
		return (why);
	}
	return (NULL);
}

/* The job running on a GPU, or -1. */
int
sim_job_on_gpu(const struct sim *s, u_int node, u_int gpu)
{
	const struct sim_node	*n = &s->nodes[node];
	int			 i, j;

	for (i = 0; i < 2; i++) {
		if ((j = n->job[i]) < 0)
			continue;
		/* A job of whole nodes has all a node has. */
		if (s->jobs[j].gpus == sim_node_gpus(s, node) &&
		    !s->jobs[j].shared)
			return (gpu < sim_node_gpus(s, node) ? j : -1);
		if (gpu >= n->gpu0[i] && gpu < n->gpu0[i] + s->jobs[j].gpus)
			return (j);
	}
	return (-1);
}

/* Schedule windows: one group of nodes runs one set of jobs per window. */
struct sim_group {
	u_int		 first;
	u_int		 end;
	double		 w;		/* window length */
	double		 phase;
	int		 debug;
};

static void
sim_group(const struct sim *s, u_int gi, struct sim_group *g)
{
	static const double gpu_windows[] = {
		6 * 3600, 12 * 3600, 24 * 3600, 36 * 3600
	};
	static const double long_windows[] = { 3 * 86400, 4 * 86400 };
	uint64_t	 h;

	h = sim_hash(s->seed, TAG(T_GPHASE, gi), 0, 0);
	if (gi == s->ngroups) {
		g->first = 0;
		g->end = s->debug;
		g->w = 3600;
		g->debug = 1;
	} else {
		g->first = s->gstart + gi * s->gsize;
		g->end = g->first + s->gsize;
		if (g->end > s->nnodes)
			g->end = s->nnodes;
		if (g->first >= s->longfirst)
			g->w = long_windows[h % nitems(long_windows)];
		else
			g->w = gpu_windows[h % nitems(gpu_windows)];
		g->debug = 0;
	}
	g->phase = sim_unit(sim_mix(h)) * g->w;
}

/* Job sizes in nodes: most jobs are small, most nodes run big ones. */
static u_int
sim_pick_size(uint64_t h, int debug)
{
	static const struct {
		u_int	 size;
		u_int	 weight;	/* in 64ths */
	} sizes[] = {
		{ 1, 30 }, { 2, 10 }, { 4, 8 }, { 8, 6 }, { 16, 4 },
		{ 32, 2 }, { 64, 2 }, { 128, 1 }, { 256, 1 },
	};
	u_int	 i, u;

	if (debug)
		return (1 + (h & 1));
	u = h % 64;
	for (i = 0; i < nitems(sizes) - 1; i++) {
		if (u < sizes[i].weight)
			break;
		u -= sizes[i].weight;
	}
	return (sizes[i].size);
}

static long
sim_limit(int part, double len)
{
	static const long	 gpu_limits[] = {
		3600, 4 * 3600, 8 * 3600, 12 * 3600, 86400, 2 * 86400
	};
	static const long	 debug_limits[] = { 1800, 3600 };
	static const long	 long_limits[] = {
		3 * 86400, 5 * 86400, 7 * 86400
	};
	const long	*l;
	size_t		 n, i;

	switch (part) {
	case SIM_PART_DEBUG:
		l = debug_limits;
		n = nitems(debug_limits);
		break;
	case SIM_PART_LONG:
		l = long_limits;
		n = nitems(long_limits);
		break;
	default:
		l = gpu_limits;
		n = nitems(gpu_limits);
		break;
	}
	for (i = 0; i < n; i++) {
		if (l[i] >= len)
			return (l[i]);
	}
	return (l[n - 1]);
}

static struct sim_job *
sim_job_add(struct sim *s)
{
	if (s->njobs == s->jobssize) {
		s->jobssize = s->jobssize ? s->jobssize * 2 : 256;
		s->jobs = xreallocarray(s->jobs, s->jobssize, sizeof *s->jobs);
	}
	memset(&s->jobs[s->njobs], 0, sizeof s->jobs[s->njobs]);
	return (&s->jobs[s->njobs++]);
}

static void
sim_job_fill(const struct sim *s, struct sim_job *j, uint64_t h)
{
	double	 u1, u2, u3, k;

	u1 = sim_unit(sim_mix(h + 11));
	u2 = sim_unit(sim_mix(h + 12));
	u3 = sim_unit(sim_mix(h + 13));
	k = sim_unit(sim_mix(h + 14));
	j->user = (h >> 3) % nitems(sim_users);
	if (j->part == SIM_PART_DEBUG || (k < 0.07 && j->last == j->first)) {
		j->kind = SK_IDLE;
		j->name = nitems(sim_names_busy) + nitems(sim_names_light) +
		    (h >> 17) % nitems(sim_names_idle);
		j->util = u1 * 3;
		j->memutil = 0;
		j->memfrac = 0.01 + u2 * 0.1;
	} else if (k < 0.20) {
		j->kind = SK_LIGHT;
		j->name = nitems(sim_names_busy) +
		    (h >> 17) % nitems(sim_names_light);
		j->util = 25 + u1 * 35;
		j->memutil = 8 + u3 * 20;
		j->memfrac = 0.2 + u2 * 0.5;
	} else {
		j->kind = SK_BUSY;
		j->name = (h >> 17) % nitems(sim_names_busy);
		j->util = 89 + u1 * 9;
		j->memutil = 25 + u3 * 35;
		j->memfrac = 0.55 + u2 * 0.43;
	}
	if (j->part == SIM_PART_DEBUG && (h >> 29) % 3 == 0) {
		/* Some debug jobs do run something. */
		j->kind = SK_BUSY;
		j->util = 80 + u1 * 15;
		j->memutil = 20 + u3 * 20;
		j->memfrac = 0.3 + u2 * 0.3;
	}
}

/*
 * The jobs of one window of one group.  mode 0: the current window (jobs
 * run, are pending or are done); 1: a later window (pending); 2: the one
 * after (half of its jobs are submitted yet).
 */
static void
sim_window(struct sim *s, u_int gi, const struct sim_group *g, double w,
    int mode)
{
	const struct sim_model	*mo;
	struct sim_node		*n;
	struct sim_job		*j;
	double			 ws, we, start, end;
	uint64_t		 h, h2, h3;
	u_int			 pos, size, k, gpus, i, avail, slot, np = 0;
	int64_t			 hours;
	uint32_t		 idbase;

	ws = w * g->w - g->phase;
	we = ws + g->w;
	hours = (int64_t)floor(ws / 3600) - (int64_t)floor(SIM_EPOCH / 3600);
	idbase = (uint32_t)(((hours + 1000) * (int64_t)(s->ngroups + 1) + gi) *
	    512 + 100000);

	pos = g->first;
	for (k = 0; pos < g->end && k < 512; k++) {
		h = sim_hash(s->seed, TAG(T_WIN, gi), (uint64_t)(int64_t)w, k);
		if (!g->debug && sim_unit(h) < 0.06) {
			pos += 1 + (h >> 20) % 3;
			continue;
		}
		size = sim_pick_size(h >> 24, g->debug);
		if (size > g->end - pos)
			size = g->end - pos;
		/* A job asks for one model's nodes: never past its racks. */
		mo = sim_node_model(s, pos);
		for (i = pos + 1; i < pos + size; i++) {
			if (sim_node_model(s, i) != mo)
				size = i - pos;
		}
		h2 = sim_mix(h);
		h3 = sim_mix(h2);
		if (size == 1) {
			static const u_int one[] = { 1, 2, 4, 8, 8, 8, 8, 8 };
			gpus = one[h2 % nitems(one)];
			if (gpus > mo->count)
				gpus = mo->count;
		} else
			gpus = mo->count;
		start = ws + floor(sim_unit(h2) * (g->w * 0.1 < 1800 ?
		    g->w * 0.1 : 1800));
		if (sim_unit(h3) < 0.5)
			end = we - sim_unit(sim_mix(h3)) * 0.4 * g->w;
		else
			end = we - sim_unit(sim_mix(h3)) * 120;
		end = floor(end);

		/* A second small job may share a one-node job's node. */
		for (slot = 0; slot < 2; slot++) {
			if (slot == 1) {
				if (size != 1 || gpus > mo->count / 2 ||
				    (h3 >> 40) % 2)
					break;
				h = sim_mix(h + 99);
				gpus = 1 + h % (mo->count - gpus);
				start = ws + floor(sim_unit(h) * 1800);
				end = floor(we - sim_unit(sim_mix(h)) * 0.5 *
				    g->w);
			}
			if (mode == 0 && s->t >= end)
				continue;
			if (mode == 2 && (h >> 50) % 2)
				continue;
			if (mode == 0 && s->t >= start) {
				/* Running: on the nodes not drained when
				 * it started. */
				avail = 0;
				for (i = pos; i < pos + size; i++) {
					if (sim_node_open_at(s, i, start))
						avail++;
				}
				if (avail == 0)
					continue;
			} else
				avail = size;
			j = sim_job_add(s);
			j->id = idbase + k * 2 + slot;
			j->first = pos;
			j->last = pos + size - 1;
			j->nnodes = avail;
			j->gpus = gpus;
			j->shared = slot;
			j->start = j->start0 = start;
			j->end = end;
			if (g->debug)
				j->part = SIM_PART_DEBUG;
			else if (g->first >= s->longfirst && ((h2 >> 33) % 2 ||
			    end - start > sim_partitions[SIM_PART_GPU].maxtime))
				j->part = SIM_PART_LONG;
			else
				j->part = SIM_PART_GPU;
			j->limit = sim_limit(j->part, end - start);
			sim_job_fill(s, j, h);
			if (mode == 0 && s->t >= start) {
				j->state = SJ_RUNNING;
				for (i = pos; i < pos + size; i++) {
					if (!sim_node_open_at(s, i, start))
						continue;
					n = &s->nodes[i];
					n->job[slot] = s->njobs - 1;
					n->gpu0[slot] = slot ? n->ngpus_used : 0;
					n->ngpus_used += gpus;
				}
			} else {
				j->state = SJ_PENDING;
				if (mode == 0 || np++ == 0)
					j->reason = 0;
				else {
					static const u_int r[] = {
						1, 1, 1, 1, 1, 1, 1, 1, 2, 2,
						3, 3, 4, 5, 6
					};
					j->reason = r[(h3 >> 20) % nitems(r)];
				}
			}
		}
		pos += size;
	}
}

static int
sim_job_cmp(const void *a, const void *b)
{
	const struct sim_job	*ja = a, *jb = b;

	if (ja->state != jb->state)
		return (ja->state < jb->state ? -1 : 1);
	if (ja->id != jb->id)
		return (ja->id < jb->id ? -1 : 1);
	return (0);
}

/*
 * Whether a running job has a node: not if it was drained when the job
 * started (or, requeued, when it started again), nor if the node died
 * under it (then *when is the time it did, and the job was requeued to
 * go on without it).  Every fault since the job first started counts,
 * not the faults of the moment: a job's past does not change as time
 * goes on.
 */
static int
sim_job_has(const struct sim *s, const struct sim_job *j, u_int node,
    double *when)
{
	const struct sim_node	*n = &s->nodes[node];
	struct sim_fault	 f;
	double			 b, last = floor(s->t / 3600);

	*when = 0;
	if (!sim_node_open_at(s, node, j->start0))
		return (0);
	for (b = floor(j->start0 / 3600) - SIM_FAULT_LOOKBACK; b <= last;
	    b++) {
		if (!sim_fault_bucket(s, node, b, &f) || f.end <= j->start0)
			continue;
		f.start = floor(f.start);
		switch (f.type) {
		case SF_UNREACH:
			*when = f.start + 300;
			break;
		case SF_XID79:
			if (f.unit < n->gpu0[j->shared] ||
			    f.unit >= n->gpu0[j->shared] + j->gpus)
				continue;
			*when = f.start + 60;
			break;
		case SF_XID48:
			if (f.start + 300 > j->start0)
				continue;
			*when = f.start + 300;
			break;
		default:
			continue;
		}
		if (*when <= s->t && *when < f.end)
			return (0);
		*when = 0;
	}
	return (j->start == j->start0 || sim_node_open_at(s, node, j->start));
}

static void
sim_jobs(struct sim *s)
{
	struct sim_group g;
	struct sim_node	*n;
	struct sim_job	*jb;
	double		 w, when;
	u_int		 gi, i, kept;
	int		 j;

	s->njobs = 0;
	for (i = 0; i < s->nnodes; i++) {
		n = &s->nodes[i];
		n->job[0] = n->job[1] = -1;
		n->gpu0[0] = n->gpu0[1] = 0;
		n->ngpus_used = 0;
	}
	for (gi = 0; gi <= s->ngroups; gi++) {
		if (gi == s->ngroups && s->debug == 0)
			break;
		sim_group(s, gi, &g);
		w = floor((s->t + g.phase) / g.w);
		sim_window(s, gi, &g, w, 0);
		sim_window(s, gi, &g, w + 1, 1);
		sim_window(s, gi, &g, w + 2, 2);
	}

	/*
	 * A job loses the nodes that die under it: Slurm requeues it and it
	 * starts again without them, or ends if it had no other node.
	 */
	for (j = 0; j < (int)s->njobs; j++) {
		jb = &s->jobs[j];
		if (jb->state != SJ_RUNNING)
			continue;
		for (i = jb->first; i <= jb->last; i++) {
			if (!sim_job_has(s, jb, i, &when) && when > jb->start)
				jb->start = when + 120;
		}
		kept = 0;
		for (i = jb->first; i <= jb->last; i++)
			kept += sim_job_has(s, jb, i, &when);
		jb->nnodes = kept;
		if (kept == 0 || (jb->start > s->t && jb->nnodes == 1)) {
			s->jobs[j] = s->jobs[--s->njobs];
			j--;
		} else if (jb->start > s->t) {
			jb->state = SJ_PENDING;
			jb->reason = 0;
		}
	}

	/* Running before pending, by id; then point the nodes at them. */
	qsort(s->jobs, s->njobs, sizeof *s->jobs, sim_job_cmp);
	s->nrunning = 0;
	while (s->nrunning < s->njobs &&
	    s->jobs[s->nrunning].state == SJ_RUNNING)
		s->nrunning++;
	for (i = 0; i < s->nnodes; i++)
		s->nodes[i].job[0] = s->nodes[i].job[1] = -1;
	for (j = 0; j < (int)s->nrunning; j++) {
		jb = &s->jobs[j];
		for (i = jb->first; i <= jb->last; i++) {
			if (sim_job_has(s, jb, i, &when))
				s->nodes[i].job[jb->shared] = j;
		}
	}
}

/* Bring the state up to the current time. */
void
sim_update(struct sim *s)
{
	struct sim_node	*n;
	u_int		 i, reason;
	double		 since;

	if (s->fresh)
		return;
	for (i = 0; i < s->nnodes; i++) {
		n = &s->nodes[i];
		n->admin = sim_admin_at(s, i, s->t, &reason, &since);
		if (n->admin != SA_NONE) {
			n->admin_reason = reason;
			n->admin_since = since;
		}
		sim_faults(s, i);
		if (sim_hash(s->seed, TAG(T_HOT, i), 0, 0) % 400 == 0 ||
		    i == s->seed % s->nnodes)
			n->hot = 1 + sim_hash(s->seed, TAG(T_HOT, i), 1, 0) %
			    sim_node_gpus(s, i);
		else
			n->hot = 0;
	}
	sim_jobs(s);
	s->fresh = 1;
}

/* A smooth noise in [0, 1] for a GPU: four channels, 5-second knots. */
static void
sim_noise(const struct sim *s, u_int node, u_int gpu, double *nz)
{
	double		 b, fr, a0, a1;
	uint64_t	 h0, h1;
	int		 i;

	b = floor(s->t / 5);
	fr = s->t / 5 - b;
	h0 = sim_hash(s->seed, TAG(T_NOISE, node), gpu, (uint64_t)(int64_t)b);
	h1 = sim_hash(s->seed, TAG(T_NOISE, node), gpu,
	    (uint64_t)(int64_t)(b + 1));
	for (i = 0; i < 4; i++) {
		a0 = (double)((h0 >> (16 * i)) & 0xffff) / 65535.0;
		a1 = (double)((h1 >> (16 * i)) & 0xffff) / 65535.0;
		nz[i] = a0 + (a1 - a0) * fr;
	}
}

static int
sim_clamp(double v, int lo, int hi)
{
	if (v < lo)
		return (lo);
	if (v > hi)
		return (hi);
	return ((int)lround(v));
}

void
sim_node_sample(struct sim *s, u_int node, struct sim_nodeval *v)
{
	const struct sim_node	*n = &s->nodes[node];
	const struct sim_fault	*f, *coolant;
	const struct sim_job	*j;
	const struct sim_model	*mo = sim_node_model(s, node);
	struct sim_gpu		*g;
	double			 nz[SIM_NODEGPUS][4], rp, rp2, base, dt, off;
	uint64_t		 hs;
	u_int			 i;
	int			 ji;

	sim_update(s);
	memset(v, 0, sizeof *v);
	memset(nz, 0, sizeof nz);
	rp = sim_unit(sim_hash(s->seed, TAG(T_RACK, s->rack[node]), 0, 0));
	rp2 = sim_unit(sim_hash(s->seed, TAG(T_RACK, s->rack[node]), 1, 0));
	v->supply = 26.5 + 2.0 * sin(2 * M_PI * (s->t / 86400 + rp)) +
	    0.8 * sin(2 * M_PI * (s->t / 5400 + rp2));
	v->inlet = 22.5 + 1.5 * sin(2 * M_PI * (s->t / 86400 + rp2)) +
	    sim_unit(sim_hash(s->seed, TAG(T_FLOW, node), 1, 0));
	v->flow = 14.5 + 2.5 * sim_unit(sim_hash(s->seed, TAG(T_FLOW, node),
	    0, 0));
	if ((coolant = sim_fault_find(s, node, SF_COOLANT, -1)) != NULL)
		v->flow = 4 + 3 * sim_unit(sim_hash(s->seed, TAG(T_FLOW, node),
		    (uint64_t)coolant->start, 0));

	/* Power first, then temperatures from power and the coolant. */
	for (i = 0; i < mo->count; i++) {
		g = &v->gpu[i];
		sim_noise(s, node, i, nz[i]);
		hs = sim_hash(s->seed, TAG(T_STATIC, node), i, 0);
		if (sim_fault_find(s, node, SF_XID79, i) != NULL) {
			g->lost = 1;
			g->xid = 79;
			/*
			 * npu-smi still shows an NPU in Alarm: no capture has
			 * one, so its readings are an idle chip's, not 0.
			 */
			if (mo->vendor == VENDOR_HUAWEI)
				g->power = floor((mo->idle + 8 * sim_unit(hs) +
				    nz[i][3] * 2) * 100) / 100;
			continue;
		}
		g->memclk = 2619;
		ji = sim_job_on_gpu(s, node, i);
		if (ji >= 0) {
			j = &s->jobs[ji];
			g->busy = 1;
			v->busy++;
			g->util = sim_clamp(j->util + (nz[i][0] - 0.5) *
			    (j->kind == SK_BUSY ? 16 : 20), 0, 100);
			g->memutil = sim_clamp(j->memutil + (nz[i][2] - 0.5) *
			    10, 0, 100);
			if (j->kind == SK_IDLE)
				g->memutil = 0;
			g->memused = sim_clamp(j->memfrac * mo->mib +
			    (nz[i][1] - 0.5) * 400, 1, mo->mib - 512);
			g->power = mo->p0 + mo->slope * g->util +
			    (nz[i][3] - 0.5) * 40;
			g->smclk = 1980;
			g->throttle = 0;
			if (g->power > mo->plimit) {
				g->power = mo->plimit - 4.5 + nz[i][3] * 4.5;
				g->throttle = 0x4;	/* sw_power_cap */
				g->smclk = 1755 + 15 * (int)(nz[i][0] * 10);
			}
			if (g->util < 5) {
				g->smclk = 1980;
				g->throttle = 0x1;
			}
		} else {
			g->power = mo->idle + 8 * sim_unit(hs) + nz[i][3] * 2;
			g->smclk = 345;
			g->throttle = 0x1;		/* gpu_idle */
		}
		g->power = floor(g->power * 100) / 100;
		v->gpu_power += g->power;
	}
	v->power = v->gpu_power + 1150 + 25 * v->busy +
	    40 * nz[0][1];
	v->ret = v->supply + v->power / (v->flow / 60 * 4186);

	for (i = 0; i < mo->count; i++) {
		g = &v->gpu[i];
		if (g->lost && mo->vendor != VENDOR_HUAWEI)
			continue;
		hs = sim_hash(s->seed, TAG(T_STATIC, node), i, 0);
		off = (sim_unit(sim_mix(hs)) - 0.5) * 5;
		dt = (v->ret - v->supply) * 0.5;
		base = v->supply + 7 + 0.041 * g->power + off + dt +
		    (nz[i][1] - 0.5) * 1.5;
		if (coolant != NULL)
			base += 8;
		if (n->hot == i + 1 && base < 91)
			base = 91 + nz[i][2] * 5;
		g->temp = (int)lround(base);
		g->memtemp = (int)lround(0.55 * base + 0.45 * (v->supply + 24) +
		    (sim_unit(sim_mix(hs + 1)) - 0.5) * 4);
		if (g->temp >= 90) {
			g->throttle &= ~0x1ULL;
			g->throttle |= 0x20;		/* sw_thermal */
			if (g->temp >= 95)
				g->throttle |= 0x40;	/* hw_thermal */
			if (g->busy)
				g->smclk = 1410 + 15 * (int)(nz[i][0] * 10);
		}

		/* Memory errors: a few GPUs have some corrected ones. */
		if (sim_unit(sim_mix(hs + 2)) < 0.06) {
			g->sbe = 1 + (hs >> 20) % 40;
			g->sbe_agg = g->sbe + (hs >> 30) % 120;
		}
		if (sim_unit(sim_mix(hs + 3)) < 0.03)
			g->remap_corr = 1 + (hs >> 40) % 3;
		if ((f = sim_fault_find(s, node, SF_XID48, i)) != NULL) {
			g->dbe = 1 + (uint64_t)((s->t - f->start) / 1800);
			if (g->dbe > 6)
				g->dbe = 6;
			g->dbe_agg += g->dbe;
			g->remap_uncorr += 1;
			g->remap_pending = 1;
			g->xid = 48;
		}
		if (sim_fault_find(s, node, SF_XID94, i) != NULL) {
			g->sbe += 1;
			g->sbe_agg += 1;
			g->xid = 94;
		}
		if (g->xid == 0 &&
		    (f = sim_fault_find(s, node, SF_NVLINK, i)) != NULL)
			g->xid = 74;
	}
}
