/*
 * myriad - a terminal console for GPU clusters.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The internal header, in one section per file, from the bottom up: the
 * core first (xmalloc, buf, loop, node sets, the records and the model,
 * fields, output, options), then, below a marked line, the commands, the
 * actions and the console, which backends/ never use.  Nothing here
 * includes curses, readline, libssh or libconfig: those stay in their own
 * files.
 */

#ifndef MYRIAD_H
#define MYRIAD_H

#include <sys/types.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define MYRIAD_VERSION	"0.1.0"

#ifndef __dead
#define __dead		__attribute__((__noreturn__))
#endif
#define printflike(a, b) __attribute__((__format__(__printf__, a, b)))
#define nitems(a)	(sizeof (a) / sizeof (a)[0])
#define BIT(b)		(1ULL << (b))

/* xmalloc.c */
void		*xmalloc(size_t);
void		*xcalloc(size_t, size_t);
void		*xreallocarray(void *, size_t, size_t);
char		*xstrdup(const char *);
char		*xstrndup(const char *, size_t);
int		 xasprintf(char **, const char *, ...) printflike(2, 3);
int		 xvasprintf(char **, const char *, va_list);
size_t		 strlcpy_(char *, const char *, size_t);
#define strlcpy strlcpy_

/* buf.c: a growable byte buffer. */
struct buf {
	char		*data;
	size_t		 len;
	size_t		 size;
};
void		 buf_init(struct buf *);
void		 buf_free(struct buf *);
void		 buf_reset(struct buf *);
void		 buf_add(struct buf *, const void *, size_t);
void		 buf_putu(struct buf *, unsigned long long);
void		 buf_puts(struct buf *, const char *);
void		 buf_putc(struct buf *, int);
void		 buf_printf(struct buf *, const char *, ...) printflike(2, 3);

/* loop.c: poll(2), timers, signals. */
struct loop;
typedef void (*loop_fd_cb)(int, short, void *);
typedef void (*loop_timer_cb)(void *);
typedef void (*loop_signal_cb)(int, void *);
struct loop	*loop_create(void);
void		 loop_free(struct loop *);
void		 loop_add_fd(struct loop *, int, short, loop_fd_cb, void *);
void		 loop_del_fd(struct loop *, int);
void		 loop_set_events(struct loop *, int, short);
void		 loop_timer(struct loop *, double, loop_timer_cb, void *);
void		 loop_signal(struct loop *, int, loop_signal_cb, void *);
void		 loop_once(struct loop *, double);
double		 loop_now(void);

/*
 * nodeset.c: ClusterShell/Slurm node sets.  Names are kept sorted and
 * unique; a set folds back into the shortest bracket form.
 */
struct nodeset;
struct nodeset	*nodeset_create(void);
void		 nodeset_free(struct nodeset *);
void		 nodeset_clear(struct nodeset *);
int		 nodeset_parse(struct nodeset *, const char *, char **);
int		 nodeset_add(struct nodeset *, const char *);
int		 nodeset_contains(const struct nodeset *, const char *);
size_t		 nodeset_count(const struct nodeset *);
const char	*nodeset_name(const struct nodeset *, size_t);
char		*nodeset_fold(const struct nodeset *);

/*
 * The records.  Parsers fill them from tool output and hand them to a sink;
 * the model keeps them in flat arrays.  Numbers carry a validity bit in
 * `valid' (unknown is never 0); an empty string means unknown.
 */

/*
 * One accelerator (a GPU, an NPU): nvidia-smi --query-gpu.  Its vendor says
 * whose tools read it; `model' is the name the tool reports.
 */
enum vendor {
	VENDOR_UNKNOWN,
	VENDOR_NVIDIA,		/* nvidia-smi, dcgmi */
	VENDOR_AMD,		/* amd-smi, rocm-smi */
	VENDOR_HUAWEI,		/* npu-smi, hccn_tool (Ascend) */
	VENDOR_HYGON,		/* hy-smi (DCU) */
};
enum gpu_field {
	GPU_INDEX,
	GPU_UTIL,		/* utilization.gpu, % */
	GPU_MEMUTIL,		/* utilization.memory, % */
	GPU_MEMUSED,		/* memory.used, MiB */
	GPU_MEMTOTAL,		/* memory.total, MiB */
	GPU_TEMP,		/* temperature.gpu, C */
	GPU_MEMTEMP,		/* temperature.memory, C */
	GPU_POWER,		/* power.draw, W */
	GPU_PLIMIT,		/* power.limit, W */
	GPU_SMCLK,		/* clocks.sm, MHz */
	GPU_FAN,		/* fan.speed, % */
	GPU_ECC_SBE,		/* ecc.errors.corrected.volatile.total */
	GPU_ECC_DBE,		/* ecc.errors.uncorrected.volatile.total */
	GPU_RETIRED,		/* retired_pages.sbe + .dbe */
	GPU_REMAP_CORR,		/* remapped_rows.correctable */
	GPU_REMAP_UNCORR,	/* remapped_rows.uncorrectable */
	GPU_REMAP_PENDING,	/* remapped_rows.pending (0/1) */
	GPU_REMAP_FAILED,	/* remapped_rows.failure (0/1) */
	GPU_THROTTLE,		/* clocks_event_reasons.active, bitmask */
	GPU_PSTATE,		/* pstate, 0..15 */
	GPU_XID,		/* last XID seen (from the kernel log) */
	GPU_CARD,		/* card and chip: an Ascend NPU's two dies */
	GPU_CLIQUE,		/* fabric.cliqueId */
	GPU_NFIELDS
};
struct gpu {
	uint64_t	 valid;			/* BIT(GPU_*) */
	uint64_t	 added;			/* what a probe that adds gave
						   before the GPU was read */
	uint32_t	 node;			/* set by the model, not parsers */
	int		 index;
	float		 util_pct;
	float		 memutil_pct;
	float		 mem_used_mib;
	float		 mem_total_mib;
	float		 temp_c;
	float		 memtemp_c;
	float		 power_w;
	float		 power_limit_w;
	float		 sm_clock_mhz;
	float		 fan_pct;
	uint64_t	 ecc_sbe;
	uint64_t	 ecc_dbe;
	uint32_t	 retired_pages;
	uint32_t	 remap_corr;
	uint32_t	 remap_uncorr;
	uint8_t		 remap_pending;
	uint8_t		 remap_failed;
	uint8_t		 pstate;
	uint64_t	 throttle;
	int		 xid;
	enum vendor	 vendor;
	int16_t		 card;			/* npu-smi's NPU id, -i N */
	int16_t		 chip;			/* its Chip id, -c N */
	char		 health[12];		/* the vendor's word: OK, Alarm */
	char		 partition[12];		/* AMD compute/memory: CPX/NPS4 */
	char		 uuid[48];
	char		 model[48];		/* name, e.g. NVIDIA H100 80GB HBM3 */
	char		 bus_id[24];
	char		 error[64];		/* "GPU is lost", ... */
	uint32_t	 clique_id;		/* fabric.*: as struct fabric */
	char		 fabric_state[16];
	char		 fabric_status[32];
	char		 fabric_health[16];
	char		 fabric_bandwidth[16];
	char		 cluster_uuid[40];
};

/* One NVLink of one GPU: nvidia-smi nvlink -s / -e. */
enum link_state {
	LINK_UNKNOWN,
	LINK_UP,
	LINK_DOWN,		/* <inactive>, Down */
	LINK_POLLING,		/* IB physical state Polling */
	LINK_DISABLED,
	LINK_INIT,		/* IB Initializing / Armed */
};
enum nvlink_field {
	NVL_SPEED,
	NVL_REPLAY,
	NVL_RECOVERY,
	NVL_CRC,
	NVL_NFIELDS
};
struct nvlink {				/* 36 bytes: 1.8 M of them at 100k */
	uint64_t	 valid;			/* BIT(NVL_*) */
	uint32_t	 node;			/* set by the model */
	int16_t		 gpu;			/* GPU index */
	int16_t		 link;			/* link number */
	enum link_state	 state;
	float		 speed_gbs;		/* GB/s per link, as printed */
	uint32_t	 replay;		/* counters, saturating */
	uint32_t	 recovery;
	uint32_t	 crc;
};

/* One InfiniBand (or RoCE) port: ibstat. */
enum ibport_field {
	IB_RATE,
	IB_LID,
	IB_SYMERR,		/* counters, when a source gives them */
	IB_LINKDOWN,
	IB_RCVERR,
	IB_LINKREC,
	IB_LINKUP,		/* hccn_tool -link_stat: link up count */
	IB_RXPOWER,		/* hccn_tool -optical: Rx power, mW */
	IB_RXLOW,		/* its RxPower Low Thres */
	IB_NFIELDS
};
#define IB_COUNTERS (BIT(IB_SYMERR) | BIT(IB_LINKDOWN) | BIT(IB_RCVERR) | \
	BIT(IB_LINKREC))
struct ibport {
	uint64_t	 valid;			/* BIT(IB_*) */
	uint32_t	 node;			/* set by the model */
	char		 device[24];		/* mlx5_0 */
	int		 port;
	enum link_state	 state;			/* State: Active/Down/... */
	enum link_state	 phys;			/* Physical state: LinkUp/... */
	char		 state_str[16];		/* as printed: Active */
	char		 phys_str[24];		/* as printed: LinkUp */
	float		 rate_gbps;
	int		 lid;
	char		 link_layer[16];	/* InfiniBand / Ethernet */
	char		 ca_type[16];		/* MT4129 */
	char		 port_guid[24];
	char		 width[8];		/* 4X, when the tool says */
	uint64_t	 symerr;
	uint64_t	 linkdown;
	uint64_t	 rcverr;
	uint64_t	 linkrec;		/* LinkErrorRecoveryCounter */
	uint64_t	 linkup;		/* link up count */
	float		 rx_power_mw;		/* the lowest lane's */
	float		 rx_low_mw;		/* the module's low threshold */
	char		 health[16];		/* net health: Success, Fault */
};

/* One BMC sensor: ipmitool sdr elist / sdr list / sensor list. */
enum sensor_kind {
	SENSOR_OTHER,
	SENSOR_TEMP,
	SENSOR_FAN,
	SENSOR_POWER,
	SENSOR_VOLTAGE,
	SENSOR_CURRENT,
	SENSOR_FLOW,
	SENSOR_PRESSURE,
	SENSOR_LEAK,
	SENSOR_PSU,		/* discrete power supply status */
};
enum sensor_field {
	SEN_READING,
	SEN_LNR,
	SEN_LCR,
	SEN_LNC,
	SEN_UNC,
	SEN_UCR,
	SEN_UNR,
	SEN_NFIELDS
};
struct sensor {
	uint64_t	 valid;			/* BIT(SEN_*) */
	uint32_t	 node;			/* set by the model */
	enum sensor_kind kind;
	char		 name[32];
	char		 unit[20];		/* degrees C, RPM, Watts ... */
	char		 status[12];		/* ok, ns, nc, cr, nr, lcr, ucr ... */
	char		 text[40];		/* discrete state or raw reading */
	float		 reading;
	float		 lnr, lcr, lnc, unc, ucr, unr;
};

/* One Slurm node: sinfo -N, scontrol show node. */
enum snode_field {
	SN_CPUS,
	SN_MEMORY,		/* MB */
	SN_CPUS_ALLOC,
	SN_GPUS,		/* gres gpu count */
	SN_GPUS_USED,
	SN_NODES,		/* nodes in name: sinfo without -N */
	SN_NFIELDS
};
struct snode {
	uint64_t	 valid;			/* BIT(SN_*) */
	char		 name[1024];		/* a node, or a node set */
	char		 state[32];		/* as printed, lower case: drained* */
	char		 partitions[128];
	char		 reason[256];		/* with [user@time] when present */
	char		 gres[64];		/* gpu:h100:8 */
	int		 cpus;
	int		 cpus_alloc;
	long		 memory_mb;
	int		 gpus;
	int		 gpus_used;
	int		 nodes;			/* how many name holds */
};

/* One Slurm job: squeue, scontrol show job. */
enum job_state {		/* state, as the model reads it */
	JS_OTHER,		/* completed, failed, cancelled ... */
	JS_PENDING,
	JS_RUNNING,
	JS_COMPLETING,		/* still on its nodes */
};
enum job_field {
	JOB_NNODES,
	JOB_GPUS,
	JOB_ELAPSED,		/* seconds */
	JOB_LIMIT,		/* seconds; UNLIMITED is valid with -1 */
	JOB_CPUS,
	JOB_NFIELDS
};
struct job {
	uint64_t	 valid;			/* BIT(JOB_*) */
	char		 id[32];		/* 1234, 1234_7, 1234_[1-8%2] */
	char		 user[32];
	char		 partition[32];
	char		 name[128];
	char		 state[24];		/* RUNNING, PENDING ... */
	char		 nodes[1024];		/* node set, folded, as printed */
	char		 reason[128];
	char		 gres[64];		/* tres-per-node, e.g. gres:gpu:8 */
	int		 nnodes;
	int		 gpus;
	int		 cpus;
	long		 elapsed_s;
	long		 limit_s;
	enum job_state	 jstate;		/* set by the model, not parsers */
	uint32_t	 first;			/* running: its nodes' ids, */
	uint32_t	 count;			/* model->jobnodes[first ...] */
};

/* One Slurm partition: scontrol show partition. */
enum partition_field {
	PART_CPUS,
	PART_NNODES,
	PART_MAXTIME,		/* seconds; UNLIMITED is valid with -1 */
	PART_DEFAULT,
	PART_GPUS,		/* gres/gpu of its TRES */
	PART_NFIELDS
};
struct partition {
	uint64_t	 valid;			/* BIT(PART_*) */
	char		 name[64];
	char		 state[16];		/* UP, DOWN, DRAIN, INACTIVE */
	char		 nodes[1024];		/* node set, as printed */
	int		 cpus;			/* TotalCPUs */
	int		 nnodes;		/* TotalNodes */
	long		 maxtime_s;
	int		 deflt;			/* Default=YES: 1 */
	int		 gpus;
};

/* One result of a DCGM diagnostic: dcgmi diag. */
enum diag_result {
	DIAG_NONE,
	DIAG_PASS,
	DIAG_SKIP,
	DIAG_WARN,
	DIAG_FAIL,
};
struct diag {
	char		 test[48];		/* pcie, memory, Diagnostic ... */
	char		 category[32];		/* Deployment, Integration ... */
	int		 gpu;			/* -1: the test as a whole */
	enum diag_result result;
	char		 message[512];		/* warning/info text, joined */
};

/* One kernel XID line: dmesg / journalctl -k. */
struct xid {
	char		 bus_id[24];		/* PCI:0000:9b:00 -> 0000:9b:00 */
	int		 xid;
	char		 time[40];		/* the timestamp as printed */
	double		 when;			/* it, in seconds; 0: none */
	char		 message[1024];		/* a kernel line's most */
};

/*
 * One GPU's Fabric block, its scale-up (NVLink) fabric: nvidia-smi -q.
 * The words as printed; "" where the tool says N/A or has no such key.
 */
enum fabric_field {
	FAB_CLIQUE,
};
struct fabric {
	uint64_t	 valid;			/* BIT(FAB_*) */
	uint32_t	 node;			/* set by the model */
	uint32_t	 clique_id;		/* CliqueId */
	char		 bus_id[24];		/* of its GPU heading, if any */
	char		 state[16];		/* Completed, In Progress */
	char		 status[32];		/* Success, Insufficient ... */
	char		 cluster_uuid[40];	/* ClusterUUID */
	char		 health[16];		/* Health: Summary */
	char		 bandwidth[16];		/* Health: Bandwidth (Full) */
	char		 route_recovery[16];	/* Route Recovery in progress */
	char		 route_unhealthy[16];
	char		 access_timeout[16];	/* Access Timeout Recovery */
	char		 incorrect_config[16];	/* Incorrect Configuration */
	char		 partition[16];		/* Partition Assigned */
};

/*
 * One node of an IMEX domain: nvidia-imex-ctl -N.  Its row of the
 * connectivity matrix is `links': the code of each node it sees, in the
 * columns' order, comma-separated (C connected, N never connected, ...).
 */
enum imex_field {
	IMEX_CONNECTED,
};
struct imex {
	uint64_t	 valid;			/* BIT(IMEX_*) */
	int		 id;			/* Node #N */
	int		 connected;		/* C in its row, itself too */
	char		 address[64];		/* IP address or host name */
	char		 state[24];		/* READY, UNAVAILABLE */
	char		 version[24];		/* Version: 570.172 */
	char		 domain[24];		/* Domain State: UP */
	char		 links[1024];
};

/* The sink: where a parser sends what it read.  Any callback may be NULL. */
struct sink {
	void		*arg;
	void		(*gpu)(void *, const struct gpu *);
	void		(*nvlink)(void *, const struct nvlink *);
	void		(*ibport)(void *, const struct ibport *);
	void		(*sensor)(void *, const struct sensor *);
	void		(*snode)(void *, const struct snode *);
	void		(*job)(void *, const struct job *);
	void		(*partition)(void *, const struct partition *);
	void		(*diag)(void *, const struct diag *);
	void		(*xid)(void *, const struct xid *);
	void		(*fabric)(void *, const struct fabric *);
	void		(*imex)(void *, const struct imex *);
	void		(*error)(void *, u_int, const char *);
};
/* Every kind of record a sink takes, for X(what) lists. */
#define SINK_RECORDS(X)							\
	X(gpu) X(nvlink) X(ibport) X(sensor) X(snode) X(job) X(partition) \
	X(diag) X(xid) X(fabric) X(imex)
#define SINK_EMIT(s, what, rec) do {					\
	if ((s)->what != NULL)						\
		(s)->what((s)->arg, (rec));				\
} while (0)

/*
 * model.c: the cluster.  Flat arrays indexed by id, a name->id hash, one
 * generation counter per domain.
 */
enum domain {
	DOM_NODES,		/* Slurm node state, reachability */
	DOM_GPUS,
	DOM_LINKS,		/* NVLink */
	DOM_IB,
	DOM_SENSORS,
	DOM_JOBS,
	DOM_EVENTS,
	DOM_BURNIN,		/* the burn-in under way */
	DOM_NDOMAINS
};
#define DOMS_ALL	(BIT(DOM_NDOMAINS) - 1)

enum reach {
	REACH_UNKNOWN,
	REACH_UP,
	REACH_CONNECTING,
	REACH_AUTH,		/* authentication failed */
	REACH_HOSTKEY_UNKNOWN,
	REACH_HOSTKEY_CHANGED,
	REACH_UNREACHABLE,
	REACH_TIMEOUT,
	REACH_GARBLED,		/* output unreadable */
};

struct node {
	char		 name[48];
	uint32_t	 id;		/* its index in the model's */
	uint32_t	 rack;
	enum reach	 reach;
	char		 error[256];	/* why it is not reachable */
	char		 state[32];	/* Slurm state, lower case */
	char		 reason[256];
	char		 partitions[64];
	int		 job;		/* first running job, or -1 */
	int		 njobs;		/* running jobs on the node */
	uint32_t	 gpu0;		/* its first GPU in the model's */
	uint16_t	 ngpus;		/* its GPUs: the default, or its own */
	uint16_t	 nsensors;
	uint16_t	 nib;
	uint8_t		 gpus_known;	/* ngpus is what a whole report had */
	uint8_t		 gpus_none;	/* it has no accelerator tool */
	enum vendor	 vendor;	/* whose accelerators; 0: not known */
	uint8_t		 vendor_gres;	/* vendor is only its GRES's */
	char		 model[48];	/* theirs, as the first read names it */
	uint16_t	 gpus_slurm;	/* its GPUs by Slurm's GRES; 0: none */
	uint16_t	 gpus_most;	/* the most a whole report had */
	char		 dcu_model[16];	/* its GRES's dcu type: K100 */
	uint64_t	 gpus_seen;	/* the GPUs of the report under way */
	uint64_t	 xid_mark;	/* the last Xid line read, hashed */
	u_int		 xid_unknown;	/* Xids of GPUs not listed */
	double		 updated;	/* time of the last sample */
	char		 bmc_error[96];
	uint16_t	 unread;	/* domains its last read failed in */
	uint32_t	 event;		/* its last event's number + 1 */
	uint32_t	 scaleup;	/* its domain, by scaleup_update */
	char		 imex[12];	/* Domain State its IMEX reports */
	uint16_t	 imex_down;	/* IMEX nodes it sees not READY */
	char		 imex_peers[64];	/* their names or addresses */
	char		 imex_error[96];	/* its probe failed: why */
};

struct rack {
	char		 name[32];
	uint32_t	 first;		/* first node id */
	uint32_t	 count;
};

enum event_kind {
	EV_XID,
	EV_ECC,
	EV_LINK,
	EV_STATE,
	EV_REACH,
	EV_SENSOR,
	EV_ACTION,
	EV_HEALTH,		/* an accelerator's health word: Ascend's */
};
enum event_field {
	EVF_XID,		/* an Xid's number: of EV_XID only */
};
struct event {
	uint64_t	 valid;		/* BIT(EVF_*) */
	double		 time;		/* when it happened; 0: not known */
	double		 seen;		/* when it was first read */
	uint32_t	 node;
	int		 gpu;		/* -1 for none */
	enum event_kind	 kind;
	int		 xid;
	char		 bus[24];	/* the GPU an Xid named, by PCI */
	char		 text[1088];	/* an Xid's whole message */
	u_int		 textlen;	/* text before "(repeated ...)" */
	u_int		 repeats;	/* times it came again, the same */
	double		 last;		/* when it last came; 0: never */
};

struct model {
	char		*cluster;
	int		 simulated;
	double		 now;		/* the data's time */
	double		 refreshed;	/* wall clock of the last read */

	struct node	*nodes;
	u_int		 nnodes;
	u_int		 nodessize;
	struct rack	*racks;
	u_int		 nracks;
	uint32_t	*hash;		/* open addressing, node id + 1 */
	u_int		 hashsize;

	u_int		 gpus_per_node;	/* a node's until it reports */
	u_int		 vendor_gpus[VENDOR_HYGON + 1];	/* a vendor's node's;
					   0: as many as its tool lists */
	struct gpu	*gpus;		/* node by node: model_gpus() */
	u_int		 ngpus;
	u_int		 gpussize;
	u_int		 links_per_gpu;
	struct nvlink	*nvlinks;	/* ngpus * links_per_gpu, lazily */
	u_int		 ib_per_node;
	struct ibport	*ibports;	/* nnodes * ib_per_node, lazily */
	u_int		 sensors_per_node;
	struct sensor	*sensors;	/* nnodes * sensors_per_node, lazily */

	uint8_t		*hist;		/* per GPU: util, temp, power / 4 */
	uint16_t	*histn;		/* samples written per GPU */

	struct job	*jobs;
	u_int		 njobs;
	u_int		 jobssize;
	uint32_t	*jobnodes;	/* running jobs' node ids, job by job */
	u_int		 njobnodes;
	u_int		 jobnodessize;

	struct event	*events;	/* a ring */
	uint32_t	*eventorder;	/* its slots, newest first by time */
	u_int		 eventssize;
	u_int		 nevents;	/* total ever added */

	uint64_t	 gen[DOM_NDOMAINS];
	uint32_t	 target;	/* the node the sink writes to */
	u_int		 sink_next;	/* the GPU an unnumbered line is */
	int		 sink_adds;	/* GPU fields added to the last */
	int		 sink_kept;	/* ... and kept by the next reads */
	u_int		 sink_records;	/* what the sink took ... */
	u_int		 sink_errors;	/* ... and could not */
	char		 sink_first[160];
	struct xid	*xids;		/* the kernel log being read */
	u_int		 nxids;
	char		*unread;	/* model_read_why()'s */
	uint16_t	 ctl_unread;	/* the Slurm controller's domains */
	u_int		 sink_imex;	/* IMEX records of this read */

	struct scaleup	*scaleups;	/* scaleup.c: the scale-up domains */
	u_int		 nscaleups;
	uint32_t	*scaleupnodes;	/* their nodes, domain by domain */
	uint64_t	 scaleup_gen;	/* what they were built from */
	char		*scaleup_conf;	/* ... and the domains option */
};

/* The accelerators of one vendor and model: model_count_vendors(). */
struct vendor_count {
	enum vendor	 vendor;
	char		 model[48];
	u_int		 total;
	u_int		 busy;
	u_int		 idle;
	u_int		 unhealthy;
	u_int		 unread;	/* none of the three known */
};

struct model	*model_create(const char *, u_int, u_int);
void		 model_free(struct model *);
int		 model_add_node(struct model *, const char *, const char *);
int		 model_find(const struct model *, const char *);
uint32_t	 model_hash(const char *);
const char	*model_node_name(const struct model *, uint32_t);
struct gpu	*model_gpu(struct model *, uint32_t, u_int);
struct gpu	*model_gpus(const struct model *, uint32_t, u_int *);
const struct gpu *model_node_accel(const struct model *, uint32_t, u_int *);
u_int		 model_gpus_missing(const struct model *, uint32_t, u_int *);
u_int		 model_gpus_max(const struct model *);
u_int		 model_count_vendors(const struct model *,
		     struct vendor_count **);
struct nvlink	*model_nvlinks(const struct model *, uint32_t, u_int *);
struct nvlink	*model_nvlink(const struct model *, uint32_t, u_int, u_int);
struct ibport	*model_ibports(const struct model *, uint32_t, u_int *);
struct sensor	*model_sensors(const struct model *, uint32_t, u_int *);
const char	*model_sensors_off(const struct model *);
void		 model_sink(struct model *, int, struct sink *);
void		 model_sink_end(struct model *);
void		 model_gpus_none(struct model *, uint32_t);
void		 model_node_vendor(struct model *, uint32_t, enum vendor);
int		 model_sink_failed(const struct model *, char *, size_t);
void		 model_jobs_begin(struct model *);
void		 model_jobs_end(struct model *);
void		 model_sensors_begin(struct model *, uint32_t);
void		 model_xid_begin(struct model *, uint32_t);
void		 model_xid_end(struct model *, uint32_t);
void		 model_set_reach(struct model *, uint32_t, enum reach,
		     const char *);
void		 model_event(struct model *, uint32_t, int, enum event_kind,
		     int, const char *, ...) printflike(6, 7);
const struct event *model_event_get(const struct model *, u_int);
u_int		 model_nevents(const struct model *);
const char	*model_reach_name(enum reach);
int		 model_unreachable(const struct node *);
#define MODEL_CONTROLLER UINT32_MAX	/* no node: the Slurm controller */
void		 model_read_ok(struct model *, uint32_t, enum domain);
void		 model_read_failed(struct model *, uint32_t, enum domain,
		     const char *, ...) printflike(4, 5);
const char	*model_read_why(const struct model *, uint32_t, enum domain);
int		 model_read_said(const struct model *, uint32_t, enum domain,
		     const char *);
#define MODEL_HIST	32		/* samples of history per GPU */
enum hist_metric {
	HIST_UTIL,
	HIST_TEMP,
	HIST_POWER,
};
u_int		 model_history(const struct model *, size_t,
		     enum hist_metric, float *, u_int);
int		 model_select(const struct model *, const char *,
		     uint8_t **, char **);
char		*model_unknown(const struct model *, const char *);
char		*model_fold(const struct model *, const int *, u_int);
int		 model_tray(const char *);
void		 model_imex_failed(struct model *, uint32_t, const char *);

/*
 * scaleup.c: the scale-up domains (an NVL72 rack, an HGX server), found
 * from the GPUs' ClusterUUID, the domains option, else one a node, and
 * judged; rebuilt by scaleup_update when the model changed.
 */
enum scaleup_verdict {
	SU_HEALTHY,
	SU_DEGRADED,		/* usable at reduced size or speed */
	SU_BROKEN,		/* a domain-sized job cannot run */
	SU_UNKNOWN,		/* not read: never healthy */
};
enum scaleup_fabric {		/* a GPU's Fabric State and Status */
	SUF_COMPLETED,		/* Completed, Success */
	SUF_PROGRESS,		/* In Progress, Not Started */
	SUF_FAILED,		/* Completed but not Success, or other */
	SUF_UNKNOWN,		/* not read, N/A, Not Supported */
	SUF_NSTATES
};
enum scaleup_bandwidth {
	SUB_UNKNOWN,
	SUB_FULL,
	SUB_DEGRADED,
};
struct scaleup {
	char		 name[48];	/* nvl72-r001; a lone node's name */
	char		 kind[16];	/* nvl72, hgx8, xgmi8, rack, nodes */
	uint32_t	 first;		/* its nodes: m->scaleupnodes[first */
	uint32_t	 nnodes;	/* .. first + nnodes), in order */
	u_int		 gpus_expected;
	u_int		 gpus_present;
	u_int		 gpus_healthy;
	u_int		 fabric[SUF_NSTATES];	/* GPUs in each state */
	char		 imex[24];	/* Domain State: UP, DEGRADED, DOWN;
					   "" not read */
	u_int		 imex_down;	/* IMEX nodes not READY */
	int		 split;		/* its GPUs in two cliques */
	uint32_t	 clique;	/* then the most's CliqueId */
	u_int		 links_down;	/* NVLink/XGMI/HCCS links down */
	int		 bandwidth_degraded;	/* a GPU's not Full */
	int		 bandwidth;	/* enum scaleup_bandwidth */
	u_int		 jobs;		/* running jobs on its nodes */
	enum scaleup_verdict verdict;
	char		 why[1024];	/* "; "-separated, the worst first */
	char		 nodes[256];	/* its nodes, folded (cut there) */
};
void		 scaleup_update(struct model *);
int		 scaleup_find(struct model *, const char *);
void		 scaleup_imex_peers(const struct node *, struct buf *);
int		 scaleup_clique(const struct model *, const struct scaleup *,
		     uint32_t *, uint32_t *, struct nodeset *);
const char	*scaleup_verdict_name(enum scaleup_verdict);
const char	*scaleup_fabric_name(enum scaleup_fabric);
enum scaleup_fabric scaleup_fabric_of(const struct gpu *);
int		 scaleup_check(const char *, char **);
int		 scaleup_conf_check(const struct model *, char **);
int		 scaleup_state_out(const char *);
void		 scaleup_free(struct model *);

/*
 * sim.c, sim-tool.c: the simulated cluster.  Its state is a function of
 * (size, seed, time) and of the operator's changes, which sim-state.c
 * keeps in a file; sim_tool prints what a real tool would print, and
 * returns 0, -1 with the message, or the tool's own exit status (> 0).
 */
struct sim;
struct sim	*sim_create(u_int, uint64_t, double);
struct sim	*sim_create_mix(u_int, uint64_t, double, const char *,
		     char **);
int		 sim_parse_mix(const char *, char **);
u_int		 sim_node_gpus(const struct sim *, u_int);
enum vendor	 sim_node_vendor(const struct sim *, u_int);
int		 sim_node_accels(struct sim *, u_int, const struct sink *);
int		 sim_node_ports(struct sim *, u_int, const struct sink *);
void		 sim_free(struct sim *);
void		 sim_set_time(struct sim *, double);
void		 sim_set_dcgm_version(struct sim *, int);
u_int		 sim_nodes(const struct sim *);
u_int		 sim_gpus_per_node(const struct sim *);
u_int		 sim_nodes_per_rack(const struct sim *);
u_int		 sim_node_rack(const struct sim *, u_int);
u_int		 sim_nracks(const struct sim *);
int		 sim_node_imex(const struct sim *, u_int);
u_int		 sim_rack_nodes(const struct sim *, u_int, u_int *);
const char	*sim_node_name(const struct sim *, u_int);
int		 sim_node_find(const struct sim *, const char *);
int		 sim_parse_size(const char *, int, u_int *, char **);
int		 sim_tool(struct sim *, int, int, char **, struct buf *,
		     char **);
#define SIM_TOOL_MISSING 127	/* sim_tool: no such tool here, as sh says */
int		 sim_tool_loop_ms(int, char **);
double		 sim_tool_seconds(int, char **, double);
int		 sim_tool_exists(const char *);
int		 sim_state_open(struct sim *, const char *, int, char **);
int		 sim_state_reload(struct sim *, char **);
int		 sim_tool_on_node(const char *);

/*
 * fields.c: what each record holds, by name, for output, filters, the
 * views' tables and the conformance test.  One table per kind of record:
 * a field's type and flags say how it is shown, never its name.
 */
enum field_type {
	FT_STR,
	FT_INT,
	FT_I16,
	FT_LONG,
	FT_DURATION,		/* long seconds, as Slurm prints a time */
	FT_U8,
	FT_U32,
	FT_U64,
	FT_FLOAT,
	FT_TIME,		/* double, seconds since the epoch */
	FT_HEX,			/* uint64_t, printed 0x%016llx */
	FT_NODE,		/* uint32_t node id, printed as its name */
	FT_LINK,		/* enum link_state */
	FT_KIND,		/* enum sensor_kind */
	FT_RESULT,		/* enum diag_result */
	FT_REACH,		/* enum reach */
	FT_RACK,		/* uint32_t rack id, printed as its name */
	FT_VERDICT,		/* enum link_verdict */
	FT_BURNIN,
	FT_VENDOR,		/* enum vendor */		/* enum burnin_state */
	FT_EVENT,		/* enum event_kind */
	FT_NVENDOR,		/* uint32_t node id, printed as the node's
				   vendor (its accelerators') */
	FT_NMODEL,		/* uint32_t node id, printed as its model */
	FT_NFABRIC,		/* uint32_t node id, printed as the kind of
				   its accelerators' peer links: xgmi */
	FT_LAYER,		/* a port's link layer, printed as ib or
				   roce */
	FT_SUVERDICT,		/* enum scaleup_verdict */
	FT_FABRIC,		/* u_int[SUF_NSTATES]: GPUs by Fabric
				   state */
	FT_BANDWIDTH,		/* enum scaleup_bandwidth */
};
#define FF_TABLE	0x1	/* shown in table output by default */
#define FF_RIGHT	0x2	/* right-aligned in tables */
#define FF_TEMP		0x4	/* coloured by the GPU temperature limits */
#define FF_SCALE	0x8	/* a percentage, coloured on the load scale */
#define FF_ALARM	0x10	/* coloured critical above 0 */
#define FF_ERROR	0x20	/* what is wrong, coloured critical; in
				   tables, empty: a health word not OK */
#define FF_MODEL	0x40	/* a GPU's model: tables show it without
				   its vendor's name */
#define FF_WHOLE	0x80	/* below 0: null, the node as a whole */
#define FF_WHAT		0x100	/* what the thing is: tables show it before
				   the text at their end (ERROR) */
#define FF_ACCEL	0x200	/* an accelerator of the record's node by
				   index: tables show its vendor's id, 7/1 */
struct field {
	const char	*name;		/* the JSON key */
	const char	*title;		/* the table heading */
	enum field_type	 type;
	size_t		 off;
	int		 bit;		/* validity bit, or -1 */
	int		 prec;		/* digits after the point */
	int		 flags;
};
struct record {
	const char	*name;		/* gpu, nvlink, ... */
	size_t		 size;
	const struct field *fields;
};
extern const struct record records[];
const struct record *record_find(const char *);
const struct field *record_field(const struct record *, const char *);
int		 field_null(const struct field *, const void *);
int		 field_number(const struct field *, const void *, double *);
const char	*field_format(const struct field *, const void *,
		     const struct model *, char *, size_t);
const char	*field_format_zoned(const struct field *, const void *,
		     const struct model *, char *, size_t);
const char	*field_enum_name(enum field_type, int);
int		 field_enum_find(enum field_type, const char *, char **);
const char	*field_duration(char *, size_t, long);
const char	*field_model_name(const char *);
const char	*field_fabric(const u_int *, int, char *, size_t);
const char	*field_accel(const struct field *, const struct field *,
		     const void *, const struct model *, char *, size_t);
const struct field *record_node_field(const struct record *);
const char	*record_health(const struct record *, const void *, char *,
		     size_t);

/* filter.c: -w 'temp>85,util<10' on list commands. */
struct filter;
struct filter	*filter_create(const struct record *, const char *, char **);
int		 filter_nodes(struct filter *, const struct model *,
		     char **);
void		 filter_narrow(const struct filter *, uint8_t *, u_int);
void		 filter_free(struct filter *);
int		 filter_match(const struct filter *, const void *,
		     const struct model *);

/* output.c: records as table, tsv or json. */
enum output_format {
	OUT_TABLE,
	OUT_TSV,
	OUT_JSON,
};
int		 output_parse_format(const char *, enum output_format *);
struct output;
struct output	*output_create(FILE *, int, enum output_format,
		     const struct record *, const struct model *);
void		 output_add(struct output *, const char *);
void		 output_row(struct output *, const void *);
void		 output_free(struct output *);
void		 output_json_string(struct buf *, const char *);
void		 output_plain(struct buf *, const char *, size_t);
void		 output_what(const struct field **, u_int);
void		 output_json_record(struct buf *, const struct record *,
		     const void *, const struct model *);

/* shell.c: command lines split into words, POSIX shell quoting. */
struct cmdline {
	int		 argc;
	char		**argv;
	u_int		 line;		/* where the command starts */
};
int		 shell_split(const char *, struct cmdline **, u_int *, char **);
void		 shell_split_free(struct cmdline *, u_int);
void		 shell_quote(struct buf *, const char *);

/* options.c: every configuration option, in one table. */
enum option_type {
	OPT_STRING,
	OPT_INT,
	OPT_FLOAT,
	OPT_BOOL,
	OPT_CHOICE,
	OPT_NODESET,
};
struct option_entry {
	const char	*name;		/* ssh.user: group.name */
	enum option_type type;
	const char	*dflt;
	const char	*choices;	/* OPT_CHOICE: a,b,c */
	double		 min;
	double		 max;
	int		(*check)(const char *, char **);	/* more */
	const char	*help;
	int		 list;		/* a list in the file: its strings,
					   joined by `;' */
};
extern const struct option_entry options_table[];
int		 options_set(const char *, const char *, char **);
int		 options_known(const char *);
int		 options_list(const char *);
enum option_type options_type(const char *);
const char	*options_get(const char *);
long		 options_get_int(const char *);
double		 options_get_float(const char *);
int		 options_get_bool(const char *);
void		 options_reset(void);

/* config.c: the configuration file (libconfig). */
int		 config_load(const char *, int, char **);
const char	*config_path(void);

/*
 * links.c: the links against what the configuration expects, one verdict
 * a link or port.  The Links view and inspect-links share it.
 */
enum link_verdict {		/* the worst last: sorts put it first */
	LV_OK,
	LV_FLAPPING,		/* state changing */
	LV_ERRORING,		/* error counters rising between reads */
	LV_DEGRADED,		/* lower speed, rate or width */
	LV_MISSING,		/* fewer links or ports than expected */
	LV_FABRIC,		/* a GPU not in its NVLink domain's fabric */
	LV_DOWN,
	LV_NVERDICTS
};
struct link_expect {
	int		 nvlinks;	/* per GPU; 0: not checked */
	float		 nvspeed;	/* GB/s a link; 0: not checked; -1:
					   by the GPU's model */
	int		 ibports;	/* per node; 0: not checked */
	float		 ibrate;	/* Gb/s; 0: not checked */
	char		 ibwidth[8];	/* 4X; empty: not checked */
};
enum links_sum_fabric {			/* the Links view's heading's */
	LS_NVLINK,
	LS_XGMI,
	LS_HCCS,
	LS_LINK,			/* Hygon's */
	LS_IB,
	LS_ROCE,
	LS_NFABRICS,
};
struct link_fabric {			/* an accelerator's peer links */
	const char	*kind;		/* nvlink, xgmi, hccs */
	const char	*name;		/* NVLink, XGMI, HCCS */
	int		 sum;		/* enum links_sum_fabric */
	int		 links;		/* peers; 0: not checked */
	float		 speed;		/* GB/s a link; 0: not checked */
};
enum linkcheck_field {
	LC_GPU,
	LC_LINK,
	LC_EXPECT,
	LC_ACTUAL,
	LC_ERRORS,
	LC_DELTA,
	LC_NFIELDS
};
struct linkcheck {			/* one link or port, inspected */
	uint64_t	 valid;		/* BIT(LC_*) */
	uint32_t	 node;
	char		 kind[8];	/* nvlink, xgmi, hccs; ib, roce */
	int		 gpu;		/* NVLink: its GPU */
	char		 device[24];	/* IB: mlx5_0 */
	int		 link;		/* NVLink number, IB port */
	char		 state[40];	/* up, down; Active/LinkUp */
	float		 expect;	/* speed GB/s, rate Gb/s */
	float		 actual;
	char		 expect_width[8];
	char		 width[8];
	uint64_t	 errors;	/* error counters, summed */
	uint64_t	 delta;		/* their rise since the first read */
	int		 changes;	/* state changes seen */
	int		 missing;	/* LV_MISSING: how many */
	int		 verdict;	/* enum link_verdict */
	char		 why[112];
	uint32_t	 slot;		/* the port's slot in the model */
};
struct links_sum {			/* a fabric's links by verdict; */
	u_int		 n[LS_NFABRICS][LV_NVERDICTS];	/* missing: units */
	u_int		 unread;	/* nodes with no link read */
};
#define LI_ALL		0x1	/* every link, not only problems */
#define LI_UNREAD	0x2	/* a node not read is missing its links */
#define LI_FABRIC	0x4	/* the GPUs' scale-up fabric too (fabric.*) */
struct links;
struct links	*links_create(void);
void		 links_free(struct links *);
int		 links_check_speed(const char *, char **);
void		 links_expect(struct link_expect *);
void		 links_fabric(const struct model *, u_int,
		     const struct link_expect *, struct link_fabric *);
const char	*links_kind(const struct model *, u_int);
const char	*links_layer(const char *);
int		 links_port(const struct linkcheck *);
void		 links_first(struct links *, const struct model *);
int		 links_has_first(const struct links *);
void		 links_inspect(struct links *, const struct model *,
		     const uint8_t *, const struct link_expect *, int);
u_int		 links_count(const struct links *);
const struct linkcheck *links_get(const struct links *, u_int);
const struct links_sum *links_summary(const struct links *);
int		 links_judge_nvlink(const struct nvlink *,
		     const struct nvlink *, u_int, const struct link_expect *,
		     uint64_t *, char *, size_t);
int		 links_judge_ibport(const struct ibport *,
		     const struct ibport *, u_int, const struct link_expect *,
		     uint64_t *, char *, size_t);
/*
 * One rack's cooling, from its nodes' BMC sensors: a row of the Cooling
 * view, which makes them, and a record ("rack") for its filter and sort.
 * A value is NAN when no sensor gave one; its level is 0 ok, 1 warning,
 * 2 critical.
 */
struct cool_val {
	float		 v;
	int		 level;
};
#define COOL_WORST	4	/* alarms a rack row names */
struct cool_rack {
	uint32_t	 rack;
	struct cool_val	 inlet;		/* the hottest */
	struct cool_val	 outlet;
	struct cool_val	 fanmin;	/* the slowest fan, RPM */
	struct cool_val	 fans;		/* fans ok, the worst's level */
	struct cool_val	 power;		/* kW */
	struct cool_val	 supply;	/* coolant, the hottest */
	struct cool_val	 ret;
	struct cool_val	 flow;		/* the lowest */
	struct cool_val	 press;		/* the lowest */
	struct cool_val	 leak;		/* leak sensors asserted */
	struct cool_val	 nobmc;		/* nodes with a silent BMC */
	struct cool_val	 alarms;	/* sensors out of bounds */
	u_int		 nfans;
	u_int		 nleak;		/* leak sensors */
	u_int		 read;		/* nodes with sensors */
	int		 level;		/* the worst of the rack */
	int		 worst[COOL_WORST];	/* nodes of the worst */
	int		 worstk[COOL_WORST];	/* their slots */
	int		 worstl[COOL_WORST];	/* their levels */
	u_int		 nworst;
	int		 hot;		/* the hottest inlet's node */
	char		 text[192];	/* the worst sensors, in words */
};

/*
 * burnin-store.c: a node's burn-in verdict from dcgmi diag, the store of
 * runs (burnin.c, above the line, holds the run under way).
 */
enum burnin_state {
	BURNIN_QUEUED,
	BURNIN_RUNNING,
	BURNIN_PASSED,
	BURNIN_WARNED,
	BURNIN_FAILED,
	BURNIN_UNREACHABLE,
	BURNIN_CANCELLED,
	BURNIN_REFUSED,			/* no diagnostic myriad can read */
};
#define BURNIN_MAXGPU	64
#define BURNIN_DOMAIN	"domain"	/* the tests of a domain's verdict */
struct burnin {			/* one node of a run */
	char		 run[32];
	char		 node[48];
	enum burnin_state state;
	enum vendor	 vendor;	/* whose diagnostic it ran */
	int		 level;
	enum diag_result result;	/* the worst result it gave */
	char		 gpus[96];	/* each GPU's: fail 3; pass 0-2,4-7 */
	int		 ngpus;		/* the GPUs it gave a result */
	char		 tests[128];	/* those that failed or warned */
	char		 message[512];	/* TEST GPU n: what dcgmi said; ... */
	double		 started;
	double		 ended;
	float		 elapsed;	/* seconds */
	char		 action[256];	/* what on-pass or on-fail did */
};
struct burnrun {		/* one run, as list-burnins shows it */
	char		 run[32];	/* its name: the time it started */
	char		 status[16];	/* running, done, cancelled, ... */
	int		 level;
	double		 started;
	double		 ended;
	int		 count;
	int		 passed;
	int		 warned;
	int		 failed;
	int		 unreachable;
	int		 cancelled;
	int		 refused;
	char		 user[32];
	char		 options[64];	/* on-pass=resume on-fail=drain */
	char		 nodes[1024];	/* folded */
	int		 pid;		/* the myriad that runs it, */
	char		 host[64];	/* and its host */
};
/*
 * A vendor's diagnostic: the option holding its command, its tool, and
 * the parser of its verdicts; none: its command's exit status is the
 * verdict, and with no command the node is refused, for why.
 */
struct burnin_vendor {
	const char	*option;
	const char	*tool;
	int		(*parse)(const char *, size_t, const char *,
			    const struct sink *);
	const char	*why;
};
const struct burnin_vendor *burnin_vendor(enum vendor);
int		 burnin_verdict(struct burnin *, const char *, size_t);
char		*burnin_dir(int, char **);
FILE		*burnin_store_create(struct burnrun *, char **);
void		 burnin_store_write(FILE *, const char *, const void *);
int		 burnin_store_read(const char *, struct burnrun **, u_int *,
		     struct burnin **, u_int *, char **);

/*
 * alerts.c: the nodes that need attention, new faults apart from those on
 * nodes Slurm has drained or down (handled).
 */
struct alert {
	uint32_t	 node;
	uint32_t	 rack;
	int		 severity;	/* 9 unreachable ... 2 drained */
	int		 handled;
	char		 attention[8];	/* new, handled */
	char		 state[32];	/* Slurm's */
	char		 problem[300];
};
int		 alerts_handled(const struct node *);
const char	*alerts_unit(enum vendor);
void		 alerts_name(const struct model *, u_int, enum vendor,
		    const struct gpu *, u_int, char *, size_t);
const char	*alerts_id(const struct model *, u_int, u_int, char *,
		    size_t);
int		 alerts_gpu(const struct gpu *, double);
int		 alerts_node(const struct model *, u_int, char *, size_t);
void		 alerts_count(struct model *, u_int *, u_int *);
u_int		 alerts_list(struct model *, struct alert **);

/*
 * ------------------------------------------------------------------------
 * Above this line: the core, which backends/ may include (xmalloc, buf,
 * loop, node sets, the records, the model, the simulator, fields, output,
 * shell words, options, links and burn-in verdicts).  Below it: commands,
 * actions, the audit log, keys, the console and the prompt, which only
 * console/ and views/ use.
 * ------------------------------------------------------------------------
 */

/* cmd.c: the command language; cmd-*.c: the commands. */
enum cmd_status {
	CMD_OK = 0,
	CMD_ERROR = 1,		/* the command failed */
	CMD_USAGE = 2,		/* it was used wrongly */
	CMD_SOME = 3,		/* some nodes failed, or problems found */
};
#define CMD_MUTATES	0x1	/* changes the cluster: refused read-only */
#define CMD_UI		0x2	/* needs the console: refused without one */

struct backend;
struct burnin_job;
struct links;
struct ui;
struct cmd_ctx {
	struct model		*model;
	struct backend		*backend;
	struct burnin_job	*burnin;	/* under way, or the last */
	struct ui		*ui;		/* the console, when it runs */
	enum output_format	 format;
	FILE			*out;
	FILE			*err;
	int			 width;		/* the console's, for tables */
	int			 dry_run;	/* --dry-run */
	int			 yes;		/* --yes */
	int			 force;		/* --force */
	int			 unread;	/* nodes not read: exit 3 */
};
struct cmd_entry;
struct cmd_args {
	const struct cmd_entry	*entry;
	int			 nwords;	/* every word, as typed */
	char			**words;
	int			 argc;		/* positional words */
	char			**argv;
	const char		*opt[128];	/* -x values; "" for flags */
};
struct cmd_entry {
	const char	*name;
	const char	*usage;
	const char	*help;
	const char	*opts;		/* getopt(3) string */
	int		 min;		/* positional words */
	int		 max;		/* -1: any */
	uint64_t	 domains;	/* data it reads */
	int		 flags;
	enum cmd_status	(*exec)(struct cmd_ctx *, struct cmd_args *);
};
extern const struct cmd_entry cmd_table[];
const struct cmd_entry *cmd_find(const char *, char **);
enum cmd_status	 cmd_run(struct cmd_ctx *, int, char **);
enum cmd_status	 cmd_run_string(struct cmd_ctx *, const char *,
		     const char *);
enum cmd_status	 cmd_error(struct cmd_ctx *, struct cmd_args *,
		     enum cmd_status, const char *, ...) printflike(4, 5);
int		 cmd_format(struct cmd_ctx *, struct cmd_args *,
		     enum output_format *);

/* cmd-list.c */
enum cmd_status	 cmd_list_nodes(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_alerts(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_gpus(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_jobs(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_sensors(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_links(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_events(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_burnins(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_show_node(struct cmd_ctx *, struct cmd_args *);
void		 cmd_list_show_section(struct cmd_ctx *, enum output_format,
		     const char *, const char *, const void *, size_t, u_int,
		     int);
enum cmd_status	 cmd_parse_file(struct cmd_ctx *, struct cmd_args *);

/* cmd-domains.c */
enum cmd_status	 cmd_list_domains(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_show_domain(struct cmd_ctx *, struct cmd_args *);

/* cmd-unread.c */
enum cmd_status	 cmd_unread(struct cmd_ctx *, struct cmd_args *,
		     const uint8_t *, enum domain, uint64_t);
void		 cmd_unread_slurm(struct cmd_ctx *, const char *, const char *,
		     const char *);

/* cmd-job.c */
enum cmd_status	 cmd_show_job(struct cmd_ctx *, struct cmd_args *);

/* cmd-relay.c */
enum cmd_status	 cmd_relay(struct cmd_ctx *, struct cmd_args *);

/* cmd-ops.c: commands that change the cluster. */
enum cmd_status	 cmd_drain(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_resume(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_undrain(struct cmd_ctx *, struct cmd_args *);

/*
 * action.c: the one path of every command that changes the cluster:
 * read-only, --yes, the circuit breaker, the confirmation, --dry-run, the
 * audit log, the folded report and the exit status.
 */
struct action_node {
	int		 done;		/* a result came */
	int		 ok;
	int		 refused;	/* never tried: text says why */
	char		*text;		/* the result, or why it failed */
};
struct action_cmd {
	int		 target;	/* node id, or -1: the controller */
	int		 node;		/* the node it is for; -1: those with
					   no result yet */
	char		*where;		/* its name, for --dry-run and the log */
	char		*command;	/* quoted for a POSIX shell */
	int		 id;		/* backend_exec's while it runs; 0
					   before, -1 after */
};
struct json_t;
struct action {
	struct cmd_ctx	*ctx;
	const char	*verb;		/* "drain", "burnin", ... */
	char		*line;		/* the command as typed */
	int		*nodes;		/* node ids, sorted */
	u_int		 nnodes;
	char		*set;		/* the nodes, folded */
	char		*target;	/* which they are, in the console */
	char		*notes;		/* more lines for the box and dry run */
	struct json_t	*domains;	/* what it does to scale-up domains */
	struct json_t	*verdicts;	/* the domains' results, after the
					   nodes' */
	int		 drains;	/* nodes it takes out of service */
	u_int		 refused;	/* nodes it will not run on */
	int		 dry_run;	/* --dry-run or -n */
	int		 yes;		/* --yes or -y */
	int		 force;		/* --force or -f */
	enum output_format format;
	struct action_cmd *cmds;
	u_int		 ncmds;
	struct action_node *results;	/* one a node */
	char		 id[48];	/* of its audit records */
	int		 begun;		/* the intent is written */
	double		 started;
};
struct action	*action_create(struct cmd_ctx *, struct cmd_args *,
		     const char *);
void		 action_free(struct action *);
int		 action_nodes(struct action *, struct cmd_args *, const char *,
		     char **);
struct action_cmd *action_command(struct action *, int, const char *);
void		 action_note(struct action *, const char *, ...)
		     printflike(2, 3);
void		 action_domains(struct action *, const int *, u_int);
enum cmd_status	 action_begin(struct cmd_ctx *, struct action *);
void		 action_exec(struct cmd_ctx *, struct action *);
void		 action_result(struct action *, int, int, const char *);
void		 action_refused(struct action *, int, const char *);
enum cmd_status	 action_end(struct cmd_ctx *, struct action *);
enum cmd_status	 action_run(struct cmd_ctx *, struct action *);
struct json_t	*action_groups(struct action *);

/* audit.c: the audit log, JSON lines. */
char		*audit_path(void);
int		 audit_mkdirs(const char *);
int		 audit_intent(struct action *, char **);
int		 audit_result(struct action *, struct json_t *, enum cmd_status,
		     char **);
int		 audit_refused(struct action *, const char *);
u_int		 audit_domains(double, double, char ***);
long		 audit_drained(double, double);
void		 audit_operator(char *, size_t, char *, size_t);

/* cmd-misc.c */
enum cmd_status	 cmd_nodeset(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_help(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_commands(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_options(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_refresh(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_summary(struct cmd_ctx *, struct cmd_args *);

/* cmd-links.c */
enum cmd_status	 cmd_inspect_links(struct cmd_ctx *, struct cmd_args *);

/* burnin.c: the burn-in under way; cmd-burnin.c: its commands. */
#define BURNIN_ON_PASS	0x1	/* resume those that pass */
#define BURNIN_ON_FAIL	0x2	/* drain those that do not */
#define BURNIN_NONE	"no accelerators: no vendor's tool answered there"
enum vendor	 burnin_node_vendor(struct model *, int);
char		*burnin_command(struct model *, int, int);
void		 burnin_domains(struct cmd_ctx *, struct action *, int);
struct burnin_job *burnin_start(struct cmd_ctx *, struct action *, int,
		     int);
void		 burnin_free(struct burnin_job *);
enum cmd_status	 burnin_wait(struct burnin_job *);
int		 burnin_cancel(struct burnin_job *);
void		 burnin_tick(void *);
int		 burnin_running(const struct burnin_job *, const char *);
const struct burnin *burnin_rows(const struct burnin_job *, u_int *);
const struct burnrun *burnin_run(struct burnin_job *, double *, double *);
enum cmd_status	 cmd_burnin(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_burnin_cancel(struct cmd_ctx *, struct cmd_args *);

/*
 * keys.c: key bindings.  Keys are Unicode code points, or KEYC_* above
 * them; ui.c turns curses' keys into these.
 */
#define KEYC_META	0x200000
enum {
	KEYC_BASE = 0x110000,
	KEYC_UP,
	KEYC_DOWN,
	KEYC_LEFT,
	KEYC_RIGHT,
	KEYC_PPAGE,
	KEYC_NPAGE,
	KEYC_HOME,
	KEYC_END,
	KEYC_IC,
	KEYC_DC,
	KEYC_BTAB,
	KEYC_F1,
	KEYC_F12 = KEYC_F1 + 11,
};
int		 keys_parse(const char *, int *);
const char	*keys_name(int, char *, size_t);
int		 keys_bind(const char *, const char *, const char *, char **);
int		 keys_unbind(const char *, const char *, char **);
const char	*keys_find(const char *, int);
void		 keys_list(struct buf *, const char *);
void		 keys_clear(void);
const char	*keys_map(const char *);

/* cmd-ui.c: the console's commands. */
enum cmd_status	 cmd_view(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_search(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_cursor(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_open(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_goto(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_back(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_mark(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_sort(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_filter(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_metric(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_command_prompt(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_filter_prompt(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_show_keys(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_redraw(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_suspend(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_quit(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_dump_screen(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_bind(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_unbind(struct cmd_ctx *, struct cmd_args *);
enum cmd_status	 cmd_list_keys(struct cmd_ctx *, struct cmd_args *);
int		 cmd_keymap_load(struct cmd_ctx *, char **);

/* ui.c: the console, the one file outside views/ that uses curses. */
int		 ui_run(struct cmd_ctx *);
int		 ui_view(struct ui *, const char *, char **);
int		 ui_cursor(struct ui *, const char *, char **);
void		 ui_open(struct ui *);
int		 ui_goto(struct ui *, const char *, int, char **);
void		 ui_back(struct ui *);
int		 ui_mark(struct ui *, int, const char *, char **);
int		 ui_sort(struct ui *, const char *, char **);
int		 ui_filter(struct ui *, const char *, char **);
int		 ui_metric(struct ui *, const char *, char **);
void		 ui_prompt(struct ui *, int);
void		 ui_show_text(struct ui *, const char *, const char *);
int		 ui_search(struct ui *, const char *, int, char **);
void		 ui_inspect_links(struct ui *, struct links *, uint8_t *,
		     const char *, double);
int		 ui_dump(struct ui *, const char *, char **);
void		 ui_quit(struct ui *);
void		 ui_redraw(struct ui *);
void		 ui_suspend(struct ui *);
const char	*ui_view_name(struct ui *);
const struct model *ui_model(struct ui *);
void		 ui_prompt_show(struct ui *, int, const char *, int);
void		 ui_prompt_done(struct ui *, int, const char *);
void		 ui_prompt_matches(struct ui *, char **, int);
int		 ui_confirm(struct ui *, const char *, const char *);
int		 ui_asking(struct ui *);
void		 ui_message(struct ui *, int, const char *, ...)
		     printflike(3, 4);
struct loop	*ui_loop(struct ui *);
int		 ui_marked(struct ui *, int **, u_int *, char **);
const char	*ui_job(struct ui *);

/* prompt.c: the : and / prompt, GNU readline's callback interface. */
void		 prompt_init(struct ui *);
void		 prompt_free(void);
void		 prompt_start(struct ui *, int);
void		 prompt_insert(const char *);
void		 prompt_key(struct ui *, int);
void		 prompt_cancel(struct ui *);

#endif /* MYRIAD_H */
