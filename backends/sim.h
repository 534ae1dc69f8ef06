/*
 * myriad - the simulator's internals, shared by sim.c (the cluster),
 * sim-tool.c (its tools) and sim-<tool>.c (what each tool prints).
 * Nothing outside backends/sim*.c includes this: the rest of myriad sees
 * only the sim_* API in myriad.h.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef SIM_H
#define SIM_H

#include <sys/types.h>

#include <time.h>

#include "myriad.h"

#define SIM_GPUS	8		/* GPUs per node */
#define SIM_NODEGPUS	16		/* the most of a node (--sim-mix) */
#define SIM_LINKS	18		/* NVLinks per GPU */
#define SIM_IBPORTS	8		/* ConnectX-7 ports per node */
#define SIM_FANS	8
#define SIM_PSUS	6
#define SIM_RACK	8		/* nodes per rack */
#define SIM_NVL72	18		/* compute trays of an NVL72 rack */
#define SIM_CPUS	112
#define SIM_MEM_MB	2063937
#define SIM_GPU_MIB	81559
#define SIM_MINGPUS	8
#define SIM_MAXGPUS	100000
#define SIM_NAMELEN	12		/* gpu12500 and its NUL */

/*
 * Times below 1e9 are taken as seconds after this epoch (Monday 5 January
 * 2026, 00:00:00 UTC); larger ones as Unix times.
 */
#define SIM_EPOCH	1767571200.0

#define SIM_MODEL	"NVIDIA H100 80GB HBM3"
#define SIM_DRIVER	"590.48.01"
#define SIM_NVML	"590.48"		/* nvidia-smi --version */
#define SIM_CUDA	"13.1"
#define SIM_DCGM3	"3.3.9"		/* sim.dcgm-version 3 */
#define SIM_DCGM4	"4.2.3"
#define SIM_SLURM	"22.05.8"

/* What can go wrong with a node. */
enum sim_fault_type {
	SF_NONE,
	SF_XID79,		/* GPU fallen off the bus */
	SF_XID48,		/* double-bit ECC, row remap pending */
	SF_XID94,		/* contained ECC error */
	SF_NVLINK,		/* one NVLink down (Xid 74) */
	SF_IBDOWN,		/* one IB port down */
	SF_IBFLAP,		/* one IB port flapping */
	SF_FAN,			/* one fan failed */
	SF_COOLANT,		/* coolant flow drop */
	SF_UNREACH,		/* node does not answer ssh */
	SF_BMC,			/* BMC does not answer */
	SF_NTYPES
};

struct sim_fault {
	uint8_t		 type;		/* enum sim_fault_type */
	uint8_t		 unit;		/* GPU, IB port or fan */
	uint8_t		 link;		/* NVLink */
	uint8_t		 variant;	/* 0-3: Disabled or Polling; SV_MILD */
	double		 start;
	double		 end;
};

/*
 * The mild form of a fault, one in four: an IB port that stays up at a
 * lower rate, an NVLink that stays up but counts errors.
 */
#define SV_MILD		3

/* Administrative state, independent of faults. */
enum sim_admin {
	SA_NONE,
	SA_DRAIN,
	SA_DOWN,
};

#define SIM_MAXFAULTS	4
struct sim_node {
	int32_t		 job[2];	/* running jobs, -1 for none */
	uint8_t		 gpu0[2];	/* first GPU of each job */
	uint8_t		 ngpus_used;
	uint8_t		 nfaults;
	uint8_t		 admin;		/* enum sim_admin */
	uint8_t		 admin_reason;
	uint8_t		 hot;		/* hot GPU + 1, or 0 */
	uint8_t		 model;		/* in sim_models[] */
	double		 admin_since;
	struct sim_fault faults[SIM_MAXFAULTS];
};

enum sim_jstate {
	SJ_RUNNING,
	SJ_PENDING,
};

enum sim_jkind {
	SK_BUSY,		/* training: 80-100% */
	SK_LIGHT,		/* inference, data: 20-60% */
	SK_IDLE,		/* interactive: ~0% */
};

struct sim_job {
	uint32_t	 id;
	uint32_t	 first;		/* first node of its range */
	uint32_t	 last;		/* last node of its range */
	uint32_t	 nnodes;	/* allocated (or requested) */
	uint8_t		 gpus;		/* per node */
	uint8_t		 state;		/* enum sim_jstate */
	uint8_t		 kind;		/* enum sim_jkind */
	uint8_t		 part;		/* index in sim_partitions */
	uint8_t		 user;
	uint8_t		 name;
	uint8_t		 reason;	/* pending reason */
	uint8_t		 shared;	/* 1-node job sharing its node */
	double		 start;
	double		 start0;	/* before any requeue */
	double		 end;
	long		 limit;		/* seconds */
	float		 util;		/* base utilization */
	float		 memutil;
	float		 memfrac;	/* share of GPU memory used */
};

struct sim_partition {
	const char	*name;
	long		 maxtime;	/* seconds */
	int		 isdefault;
};
extern const struct sim_partition sim_partitions[];
#define SIM_PART_GPU	0
#define SIM_PART_DEBUG	1
#define SIM_PART_LONG	2
#define SIM_NPARTS	3

/* One GPU at the current time. */
struct sim_gpu {
	int		 lost;		/* fallen off the bus */
	int		 busy;
	int		 util;
	int		 memutil;
	int		 memused;	/* MiB */
	int		 temp;
	int		 memtemp;
	double		 power;		/* W */
	int		 smclk;		/* MHz */
	int		 memclk;
	uint64_t	 throttle;
	uint64_t	 sbe;		/* volatile */
	uint64_t	 dbe;
	uint64_t	 sbe_agg;
	uint64_t	 dbe_agg;
	int		 remap_corr;
	int		 remap_uncorr;
	int		 remap_pending;
	int		 remap_failure;
	int		 xid;		/* active XID or 0 */
};

/*
 * The models of node --sim-mix builds, each as its vendor's tool names its
 * parts: a node of `count' accelerators, `chips' of them to a card (an
 * Ascend A3's NPU is two); memory and power as the tool prints them.  A
 * busy accelerator draws p0 + slope * util watts, up to the limit.
 */
enum sim_model_id {
	SM_H100,		/* the default */
	SM_H200,
	SM_B200,
	SM_GB200,		/* a compute tray of an NVL72 rack */
	SM_MI300X,
	SM_MI325X,
	SM_910B,
	SM_A3,
	SM_K100,
	SM_NMODELS
};
struct sim_model {
	const char	*name;		/* in the spec */
	enum vendor	 vendor;
	const char	*product;	/* as the tool names it */
	const char	*slurm;		/* its GRES, name:type (sim-slurm.c) */
	u_int		 count;		/* accelerators a node */
	u_int		 chips;		/* a card's */
	u_int		 rack;		/* nodes a rack */
	int		 mib;		/* memory of one, MiB (MB for AMD) */
	int		 plimit;	/* power limit, W */
	double		 idle;		/* W idle, and up to 8 more */
	double		 p0;
	double		 slope;
};
extern const struct sim_model sim_models[SM_NMODELS];

/* One node at the current time. */
struct sim_nodeval {
	struct sim_gpu	 gpu[SIM_NODEGPUS];
	double		 gpu_power;	/* all GPUs, W */
	double		 power;		/* the whole node, W */
	double		 supply;	/* coolant supply, C */
	double		 ret;		/* coolant return, C */
	double		 flow;		/* l/min */
	double		 inlet;		/* air inlet, C */
	int		 busy;		/* GPUs in use */
};

/* An operator's scontrol update: kept over the simulated state. */
enum sim_drain_state {
	SD_NONE,
	SD_DRAIN,
	SD_RESUMED,		/* drains from before are lifted */
};
struct sim_change {
	u_int		 node;
	uint8_t		 state;		/* enum sim_drain_state */
	u_int		 seq;		/* the order it was made in */
	double		 t;
	char		 user[32];
	char		*reason;
};

struct sim {
	u_int		 nnodes;
	u_int		 width;		/* digits in node names */
	uint64_t	 seed;
	double		 rate;		/* faults per node per hour */
	double		 t;		/* absolute Unix time */
	int		 fresh;		/* state matches t */

	char		*names;		/* nnodes * SIM_NAMELEN */
	struct sim_node	*nodes;
	u_int		*rack;		/* each node's rack */
	u_int		*rackfirst;	/* each rack's first, then nnodes */
	u_int		 nracks;

	/* Layout: debug rack, then groups of gsize nodes. */
	u_int		 debug;		/* nodes in the debug partition */
	u_int		 gstart;
	u_int		 gsize;
	u_int		 ngroups;
	u_int		 longfirst;	/* first node of the long partition */

	struct sim_job	*jobs;		/* running, then pending */
	u_int		 njobs;
	u_int		 jobssize;
	u_int		 nrunning;

	/* The operator's changes (sim-state.c), by node and time. */
	char		*cluster;
	char		*state_path;	/* their file, or NULL */
	ino_t		 state_ino;	/* the file as last read */
	off_t		 state_size;
	struct timespec	 state_mtime;
	struct sim_change *changes;
	u_int		 nchanges;
	int		*chfirst;	/* each node's first change, or -1 */

	int		 dcgm3;		/* dcgmi is DCGM 3's */

	/* --sim-mix: each model's share of the racks, in the spec's order. */
	char		*mix;		/* as given, NULL for H100s only */
	uint8_t		 mixmodel[SM_NMODELS];
	u_int		 mixshare[SM_NMODELS];
	u_int		 nmix;

	/* nvidia-smi: the last query, parsed. */
	char		*qstr;
	int		*qids;
	u_int		 nq;
};

/* sim.c */
const struct sim_model *sim_node_model(const struct sim *, u_int);
uint64_t	 sim_hash(uint64_t, uint64_t, uint64_t, uint64_t);
double		 sim_unit(uint64_t);
void		 sim_update(struct sim *);
void		 sim_node_sample(struct sim *, u_int, struct sim_nodeval *);
const struct sim_fault *sim_fault_find(const struct sim *, u_int, int, int);
double		 sim_boot_time(const struct sim *, u_int);
int		 sim_node_reachable(const struct sim *, u_int);
const char	*sim_node_reason(const struct sim *, u_int, const char **,
		     double *);
int		 sim_node_partitions(const struct sim *, u_int, int *);
int		 sim_job_on_gpu(const struct sim *, u_int, u_int);
const char	*sim_user(u_int);
const char	*sim_jobname(u_int);
const char	*sim_pending_reason(u_int);
void		 sim_uuid(const struct sim *, u_int, u_int, char *, size_t);
void		 sim_serial(const struct sim *, u_int, u_int, char *, size_t);
uint64_t	 sim_guid(const struct sim *, u_int, u_int);

extern const char *const sim_busids[SIM_GPUS];

/*
 * sim-fabric.c: an NVL72 rack's faults of its fabric, drawn from (seed,
 * rack, hour), and what a GPU's Fabric block says.
 */
enum sim_dfault_type {
	DF_NONE,
	DF_PROGRESS,		/* a tray's fabric stays In Progress */
	DF_FAILED,		/* Completed, Status not Success */
	DF_DEGRADED,		/* bandwidth degraded */
	DF_IMEX,		/* a tray's IMEX daemon lost its peers */
	DF_CLIQUE,		/* a tray in another clique */
	DF_NTYPES
};
struct sim_dfault {
	uint8_t		 type;		/* enum sim_dfault_type */
	uint8_t		 tray;		/* in its rack, from 0 */
	double		 start;
	double		 end;
};
struct sim_fabric {
	char		 state[16];
	char		 status[32];
	char		 clique[12];
	char		 uuid[40];
	char		 health[16];
	char		 bandwidth[16];
};
int		 sim_fabric_fault(const struct sim *, u_int,
		     struct sim_dfault *);
void		 sim_fabric_uuid(const struct sim *, u_int, char *, size_t);
void		 sim_fabric_node(const struct sim *, u_int,
		     struct sim_fabric *);
u_int		 sim_rack_first(const struct sim *, u_int);

/* sim-imex.c: nvidia-imex-ctl */
void		 sim_imex_address(const struct sim *, u_int, char *,
		     size_t);
int		 sim_imexctl(struct sim *, int, int, char **, struct buf *,
		     char **);

/* sim-state.c */
const struct sim_change *sim_state_at(const struct sim *, u_int, double);
int		 sim_state_change(struct sim *, const u_int *, u_int, int,
		     const char *, const char *, char **);
void		 sim_state_free(struct sim *);

/* sim-tool.c */
struct tm	*sim_tool_gmtime(double, struct tm *);

/* One GPU as nvidia-smi prints it: the sample and what follows from it. */
struct sim_nvsmi_gpu {
	struct sim_gpu	 g;
	char		 stamp[32];	/* 2026/07/14 08:12:53.353 */
	char		 uuid[48];
	char		 serial[24];
	char		 busid[20];	/* 00000000:18:00.0 */
	char		 product[48];	/* its model's: H100, H200, B200 */
	int		 mib;		/* memory.total */
	double		 plimit;	/* W */
	char		 pcibus[8];	/* 0x18 */
	char		 pcidomain[8];	/* 0x0000; a GB200's 0x0008 */
	struct sim_fabric fabric;
	int		 index;
	int		 count;
	int		 memfree;	/* MiB */
	int		 tlimit;	/* C below the slowdown temperature */
	int		 vidclk;	/* MHz */
	int		 pciegen;
	int		 module;	/* HGX baseboard module */
	uint64_t	 sbe_agg;
	uint64_t	 dbe_agg;
};
#define SIM_NVSMI_RESERVED	479	/* MiB */

/* The process of a job on a GPU. */
struct sim_nvsmi_proc {
	int		 pid;
	char		 name[32];
	int		 used;		/* MiB */
};

/* sim-nvsmi.c: the shared parts of nvidia-smi's outputs */
void		 sim_nvsmi_u64(struct buf *, uint64_t);
void		 sim_nvsmi_fix2(struct buf *, double);
void		 sim_nvsmi_hex16(struct buf *, uint64_t);
void		 sim_nvsmi_lost(const struct sim *, u_int, struct buf *,
		     u_int);
u_int		 sim_nvsmi_all(const struct sim *, u_int);
void		 sim_nvsmi_bus(const struct sim *, u_int, u_int, u_int *,
		     u_int *);
void		 sim_nvsmi_gpu(struct sim *, u_int, u_int,
		     const struct sim_gpu *, struct sim_nvsmi_gpu *);
int		 sim_nvsmi_proc(const struct sim *, u_int, u_int,
		     const struct sim_gpu *, struct sim_nvsmi_proc *);
int		 sim_nvsmi_ids(const struct sim *, int, const char *, u_int *,
		     char **);
#define SIM_NVSMI_NODEV	6	/* nvidia-smi's exit: no such device */
#define SIM_NVSMI_LOST	15	/* nvidia-smi's exit: a GPU fell off the bus */

/*
 * sim-nvsmi-query.c, sim-nvsmi-q.c, sim-nvsmi-xml.c, sim-nvsmi-table.c,
 * sim-nvsmi-mon.c, sim-nvsmi-help.c.  A u_int of GPUs is the mask of
 * those -i names, bit N for GPU N.
 */
int		 sim_nvsmi_query(struct sim *, int, const char *, const char *,
		     u_int, struct buf *, char **);
int		 sim_nvsmi_query_list(struct sim *, int, const char *,
		     const char *, const char *, u_int, struct buf *, char **);
void		 sim_nvsmi_query_field(struct buf *, const char *,
		     const struct sim_nvsmi_gpu *);
int		 sim_nvsmi_q(struct sim *, int, int, const char *, u_int,
		     struct buf *, char **);
int		 sim_nvsmi_xml(struct sim *, int, u_int, struct buf *);
int		 sim_nvsmi_table(struct sim *, int, u_int, struct buf *);
int		 sim_nvsmi_table_topo(struct sim *, int, struct buf *);
int		 sim_nvsmi_mon(struct sim *, int, int, char **, struct buf *,
		     char **);
void		 sim_nvsmi_help(struct buf *);
void		 sim_nvsmi_help_version(struct buf *);
void		 sim_nvsmi_help_gpu(struct buf *);

/* sim-nvsmi.c, sim-ipmi.c, sim-ib.c, sim-slurm.c, sim-dcgm.c, sim-dmesg.c */
int		 sim_nvsmi(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_ipmitool(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_ipmi_text(int, char **, int, struct buf *, char **);
int		 sim_ibstat(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_ibstatus(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_perfquery(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_sinfo(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_squeue(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_scontrol(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_dcgmi(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_dcgm_args(int, char **, int *, int *, char **);
int		 sim_dmesg(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_journalctl(struct sim *, int, int, char **, struct buf *,
		     char **);

/* sim-amd.c, sim-npu.c, sim-hysmi.c: a mix's other vendors' tools */
extern const char *const sim_amd_bus[SIM_GPUS];
extern const char *const sim_npu_bus910b[SIM_GPUS];
extern const char *const sim_npu_busa3[SIM_NODEGPUS];
int		 sim_amdsmi(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_rocmsmi(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_npusmi(struct sim *, int, int, char **, struct buf *,
		     char **);
enum link_state	 sim_accel_link(struct sim *, u_int, u_int, u_int);
u_int		 sim_accel_xgmi_rate(struct sim *, u_int, u_int);
int		 sim_hccn(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_hysmi(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_rvs(struct sim *, int, int, char **, struct buf *,
		     char **);
int		 sim_rvs_level(int, char **, char **);

#endif /* SIM_H */
