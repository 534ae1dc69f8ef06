/*
 * myriad - backends: where data comes from.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef BACKEND_H
#define BACKEND_H

#include "myriad.h"

/*
 * A parser reads the bytes one real tool printed and sends records to a
 * sink.  It is pure: no globals, no I/O, no curses, no libssh.  What it
 * cannot read it reports through sink->error with a line number, and it
 * keeps the rest.  It returns the number of records it sent.  `fmt' is the
 * query or -o format the tool was run with, or NULL for the default.
 */
typedef int (*parse_fn)(const char *, size_t, const char *,
    const struct sink *);

struct parser {
	const char	*name;		/* nvsmi-csv, sinfo, ... */
	parse_fn	 parse;
	const char	*format;	/* default fmt, or NULL */
	const char	*help;
	const char	*column;	/* one more in parse's table */
	const char	*none;		/* why a read output may hold none */
};

/* probe.c: what runs where, and which parser reads it into the model. */
enum probe_target {
	PT_NODE,		/* on each node */
	PT_BMC,			/* each node's BMC */
	PT_CONTROLLER,		/* once, on the Slurm controller */
};
struct probe {
	const char	*name;
	enum domain	 domain;
	enum probe_target target;
	const char	*option;	/* the option holding its command */
	const char	*parser;
	int		 adds;		/* to another's records */
	const char	*json;		/* its command for JSON, or NULL */
	const char	*empty;		/* why a whole output of none fails */
	enum vendor	 vendor;	/* whose nodes run it; UNKNOWN: all */
	int		 optional;	/* not every node has it */
};
extern const struct probe probes[];
/*
 * A node's vendor, found once a session: each vendor's query in turn until
 * one answers (exits 0), each bounded by timeout(1) (5 s, killed a second
 * later: the four within ssh.command-timeout's 30), and "TOOL STATUS" of
 * each one tried.  A tool that is not there exits 127 (sh's "not found",
 * timeout's "failed to run command"); a hung one 124, killed.
 */
#define VENDOR_PROBE "v() { timeout -k 1 5 \"$@\" >/dev/null 2>&1; " \
	"r=$?; echo \"$1 $r\"; return $r; }; v nvidia-smi -L || " \
	"v amd-smi list || v npu-smi info || v hy-smi; :"
int		 probe_vendor(const char *, size_t, enum vendor *);
int		 probe_unsupported(const struct probe *, int,
		     const struct buf *, const struct buf *);
char		*probe_format(const struct probe *, int, char **);
char		*probe_command(const struct probe *, double);
int		 probe_parse(struct model *, int, const struct probe *,
		     const char *, const struct buf *, int, char *, size_t);
void		 probe_read(struct model *, int, const struct probe *,
		     const char *);
void		 probe_read_damaged(struct model *, int, const struct probe *,
		     const char *);

/*
 * A remote command that changes things (drain, burn-in): its end.  The
 * buffers are the run's, valid during the callback only.
 */
struct exec_result {
	int		 id;
	int		 node;		/* node id, or -1: the Slurm controller */
	int		 status;	/* exit status; -1: did not run or end */
	const char	*why;		/* NULL, or why not: unreachable, ... */
	const struct buf *out;		/* its standard output */
	const struct buf *err;		/* its standard error (bounded) */
};
typedef void (*exec_cb)(const struct exec_result *, void *);

/* child.c: a local command on pipes. */
struct child;
struct child	*child_start(const char *);
int		 child_fd(const struct child *);
int		 child_read(struct child *, struct buf *, size_t);
int		 child_stop(struct child *, int, struct buf *);

/* ssh-config.c: ssh_config as OpenSSH reads it, for libssh. */
struct ssh_config_host {
	char		*patterns;	/* of the Host line */
	int		 literal;	/* one name, no wildcard */
	char		*hostname;
};
struct ssh_config {
	char		*file;		/* a copy less HostName, or NULL */
	int		 ciphers;	/* it chooses them */
	struct ssh_config_host *hosts;
	u_int		 nhosts;
};
struct ssh_config *ssh_config_create(const char *);
void		 ssh_config_free(struct ssh_config *);
char		*ssh_config_hostname(const struct ssh_config *, const char *);

/* fleet.c: the fleet over SSH (its insides are fleet.h's). */
struct fleet;
struct fleet	*fleet_create(struct model *, char **);
void		 fleet_free(struct fleet *);
void		 fleet_attach(struct fleet *, struct loop *);
void		 fleet_start(struct fleet *, uint64_t);
void		 fleet_run(struct fleet *, uint64_t);
int		 fleet_busy(struct fleet *);

/* fleet-relay.c: a gateway's end of the relay. */
void		 fleet_relay(struct fleet *, const char *, FILE *);

/* fleet-exec.c: the commands that change things. */
int		 fleet_exec(struct fleet *, int, int, const char *, double,
		     exec_cb, void *);
int		 fleet_exec_cancel(struct fleet *, int);
int		 fleet_exec_busy(struct fleet *);
void		 fleet_exec_wait(struct fleet *, const int *, u_int, double);
void		 fleet_exec_poll(struct fleet *, double);

/*
 * backend.c: the data sources.  A source is one file (source-sim.c,
 * source-ssh.c) and one row of backend.c's table, every operation a slot,
 * as nvtop's struct gpu_vendor.  The console calls the backend_* functions
 * below, never a source.  A NULL work, skip, attach or relay is a source
 * with no work between the loop's passes, no time of its own to move on,
 * no descriptors, no sessions to nodes; the other operations are required
 * (a source that changes nothing says so from exec).  Its name is also
 * one of the source option's choices (console/options.c).
 */
struct backend_ops {
	const char	*name;		/* the source option's value */
	int		 (*open)(struct backend *, struct model **, char **);
	void		 (*close)(struct backend *);
	void		 (*refresh)(struct backend *, uint64_t, int);
	void		 (*start)(struct backend *, uint64_t);
	int		 (*work)(struct backend *, double);
	int		 (*skip)(struct backend *, double);
	void		 (*attach)(struct backend *, struct loop *);
	int		 (*relay)(struct backend *, const char *, FILE *,
			     char **);
	int		 (*exec)(struct backend *, int, int, const char *,
			     double, exec_cb, void *);
	void		 (*exec_cancel)(struct backend *, int);
	int		 (*exec_busy)(struct backend *);
	void		 (*exec_wait)(struct backend *, const int *, u_int);
	void		 (*exec_poll)(struct backend *, double);
	const char	*(*controller)(struct backend *);
};
struct backend {
	const struct backend_ops *ops;
	struct model	*model;
	void		*data;		/* the source's own, from open */
	double		 done[DOM_NDOMAINS];	/* when last refreshed */
	int		 exec_id;	/* the last command's */
};
extern const struct backend_ops source_sim_ops;
extern const struct backend_ops source_ssh_ops;

struct backend	*backend_create(struct model **, char **);
void		 backend_free(struct backend *);
void		 backend_refresh(struct backend *, uint64_t, int);
uint64_t	 backend_stale(struct backend *, uint64_t, int, double);
void		 backend_start(struct backend *, uint64_t);
int		 backend_work(struct backend *, double);
int		 backend_skip(struct backend *, double);
const char	*backend_name(const struct backend *);
void		 backend_attach(struct backend *, struct loop *);
int		 backend_relay(struct backend *, const char *, FILE *,
		     char **);
int		 backend_exec(struct backend *, int, const char *, double,
		     exec_cb, void *);
void		 backend_exec_cancel(struct backend *, int);
int		 backend_exec_busy(struct backend *);
void		 backend_exec_wait(struct backend *);
void		 backend_exec_wait_ids(struct backend *, const int *, u_int);
void		 backend_exec_poll(struct backend *, double);
const char	*backend_exec_target(struct backend *, int);

/* parse.c: the parser table and what parsers share. */
extern const struct parser parsers[];
const struct parser *parser_find(const char *);

struct lines {
	const char	*p;
	const char	*end;
	u_int		 line;		/* number of the line last returned */
	const struct sink *sink;	/* lines_start's: refuse damage */
	u_int		 refused;	/* lines refused so far */
};
void		 lines_init(struct lines *, const char *, size_t);
void		 lines_start(struct lines *, const char *, size_t,
		     const struct sink *);
int		 lines_next(struct lines *, const char **, size_t *);
size_t		 parse_bom(const char **, size_t);
int		 parse_value(const struct sink *, u_int, const char *,
		     const char *, size_t, double, double, double *);
int		 parse_count(const struct sink *, u_int, const char *,
		     const char *, size_t, uint64_t, uint64_t *);
int		 parse_range(const struct sink *, u_int, const char *, double,
		     double, double);
void		 sink_error(const struct sink *, u_int, const char *, ...)
		     printflike(3, 4);
void		 parse_copy(char *, size_t, const char *, size_t);
size_t		 parse_trim(const char **, size_t);
int		 parse_prefix(const char *, size_t, const char *);
int		 parse_word(const char *, size_t, const char *);
int		 parse_double(const char *, size_t, double *);
int		 parse_u64(const char *, size_t, uint64_t *);

/* parse-nvsmi.c */
#define NVSMI_QUERY "index,uuid,name,pci.bus_id,utilization.gpu," \
	"utilization.memory,memory.used,memory.total,temperature.gpu," \
	"temperature.memory,power.draw,power.limit,clocks.sm,fan.speed," \
	"pstate,ecc.errors.corrected.volatile.total," \
	"ecc.errors.uncorrected.volatile.total,retired_pages.sbe," \
	"retired_pages.dbe,remapped_rows.correctable," \
	"remapped_rows.uncorrectable,remapped_rows.pending," \
	"remapped_rows.failure,clocks_event_reasons.active"
/* The fabric of a GB200's GPUs (the NVLink domain), 590's names. */
#define NVSMI_FABRIC "index,fabric.state,fabric.status,fabric.cliqueId," \
	"fabric.clusterUuid,fabric.health.summary,fabric.health.bandwidth"
int		 parse_nvsmi_csv(const char *, size_t, const char *,
		     const struct sink *);

/* parse-nvsmi-q.c: nvidia-smi -q, each GPU's Fabric block */
int		 parse_nvsmi_q(const char *, size_t, const char *,
		     const struct sink *);

/* parse-imex.c: nvidia-imex-ctl -N */
int		 parse_imex(const char *, size_t, const char *,
		     const struct sink *);

/* parse-nvlink.c */
int		 parse_nvlink_status(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_nvlink_errors(const char *, size_t, const char *,
		     const struct sink *);

/* parse-xid.c */
int		 parse_xid(const char *, size_t, const char *,
		     const struct sink *);

/* parse-ipmi.c */
int		 parse_ipmi_sdr(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_ipmi_sensor(const char *, size_t, const char *,
		     const struct sink *);

/* parse-ib.c */
int		 parse_ibstat(const char *, size_t, const char *,
		     const struct sink *);
#define PERFQUERY_PROBE "for d in $(ibstat -l); do echo \"# CA: $d\"; " \
	"perfquery -x -C \"$d\" -P 1; done"
int		 parse_perfquery(const char *, size_t, const char *,
		     const struct sink *);

/* parse-slurm.c */
#define SINFO_FORMAT	"%N|%T|%P|%c|%m|%G|%u|%H|%E"
#define SQUEUE_FORMAT	"%i|%u|%P|%j|%T|%M|%l|%D|%C|%b|%N|%r"
int		 parse_sinfo(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_squeue(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_scontrol_node(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_scontrol_job(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_scontrol_partition(const char *, size_t, const char *,
		     const struct sink *);
struct scontrol_each {
	void		*arg;
	void		(*pair)(void *, const char *, size_t, const char *,
			    size_t);
};
int		 parse_scontrol_job_each(const char *, size_t,
		     const struct sink *, const struct scontrol_each *);
#define SLURM_GRES_BAD	(-3)		/* parse_slurm_gres: a damaged count */
#define SLURM_GPUS_MAX	(1 << 24)	/* gpus of a node, a job, a list */
long		 parse_slurm_gres(const char *, size_t, char *, size_t);
void		 parse_slurm_job_gpus(struct job *, long, long, long);

/* parse-slurm-json.c: sinfo, squeue, scontrol --json; slurmrestd */
int		 parse_slurm_json_is(const char *, size_t);
int		 parse_slurm_json_nodes(const char *, size_t,
		     const struct sink *);
int		 parse_slurm_json_jobs(const char *, size_t,
		     const struct sink *);

/* parse-amd.c: amd-smi and rocm-smi (AMD Instinct) */
int		 parse_amd_smi(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_rocm_smi(const char *, size_t, const char *,
		     const struct sink *);

/* parse-dcgm.c */
int		 parse_dcgm_diag(const char *, size_t, const char *,
		     const struct sink *);

/* parse-rvs.c: the ROCm Validation Suite's rvs (AMD Instinct) */
int		 parse_rvs(const char *, size_t, const char *,
		     const struct sink *);

/* parse-npu.c, parse-npu-t.c: Huawei Ascend npu-smi info */
int		 parse_npu(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_npu_t(const char *, size_t, const char *,
		     const struct sink *);
int		 parse_npu_topo(const char *, size_t, const struct sink *);
void		 parse_npu_number(const struct sink *, u_int, const char *,
		     const char *, size_t, double, double, struct gpu *, int,
		     float *);
/* parse-hccn.c: Huawei Ascend hccn_tool, an NPU's RoCE port */
int		 parse_hccn(const char *, size_t, const char *,
		     const struct sink *);

/* parse-hysmi.c: Hygon DCU hy-smi */
int		 parse_hysmi(const char *, size_t, const char *,
		     const struct sink *);

/*
 * parse-relay.c: a gateway's relay stream, to this sink.  Its nodes are
 * the ids first to first + count - 1; a line about another is refused
 * (error).  error and beat may be NULL.
 */
struct relay_sink {
	void		*arg;
	u_int		 first;
	u_int		 count;
	int		 (*find)(void *, const char *);	/* an id, or -1 */
	void		 (*lines)(void *, int, const char *, size_t);
	void		 (*state)(void *, int, const char *, const char *);
	void		 (*event)(void *, int, const char *);
	void		 (*beat)(void *);
	void		 (*error)(void *, u_int, const char *);
};
size_t		 parse_relay(const char *, size_t, const struct relay_sink *);

#endif /* BACKEND_H */
