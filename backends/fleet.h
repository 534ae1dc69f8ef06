/*
 * myriad - the fleet's own header: its targets, runs and state, shared by
 * the files of the SSH transport (fleet.c, fleet-relay.c, fleet-exec.c) and
 * included by no other.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * libssh's types are here only as pointers to its incomplete structs (an
 * ssh_session is a struct ssh_session_struct *), so that fleet.c alone
 * includes libssh: the other files hold what needs none of it.
 */

#ifndef FLEET_H
#define FLEET_H

#include <sys/queue.h>

#define FLEET_TICK		0.02	/* pump handshakes this often */
#define FLEET_RELAYED_MAX	(1024 * 1024)	/* a relayed one-shot's */

enum fleet_state {
	FT_IDLE,		/* not connected; retry at t->retry */
	FT_CONNECTING,
	FT_AUTH,
	FT_UP,
};

struct fleet_run;
TAILQ_HEAD(fleet_runs, fleet_run);

struct fleet_target {
	struct fleet		*f;
	char			*name;		/* as given to ssh */
	char			*bmc;		/* its BMC, from bmc.hosts-file */
	int			 node;		/* node id, or -1 */
	int			 bmcnode;	/* a BMC's: its node, or -1 */
	enum fleet_state	 state;
	struct ssh_session_struct *s;
	int			 fd;
	short			 events;
	double			 deadline;	/* of the handshake */
	double			 retry;
	double			 heard;		/* the peer, last */
	double			 keepalive;	/* one sent, last */
	u_int			 attempts;
	char			 why[200];	/* why it is not up, last */
	int			 stream;	/* the GPU stream is open */
	int			 streamerr;	/* it ended in error, told */
	double			 read;		/* the kernel log, last read */
	struct fleet_runs	 runs;		/* its runs, waiting or not */
	u_int			 oneshots;	/* running runs that end */
	int			 watched;	/* fd is in the loop */
	short			 streamed;	/* events in f->epfd, or 0 */
	enum vendor		 vendor;	/* its accelerators' */
	int			 found;		/* vendor: 1 asked, 2 known */
	int			 configured;	/* vendor: set by vendors.* */
	int			 added;		/* relayed: adding probes ran */
	uint64_t		 want;		/* domains asked meanwhile */
	uint32_t		 cannot;	/* optional probes it has not */
	uint32_t		 told;		/* adding probes' failures told */
	struct buf		 relayed;	/* a relayed one-shot's */
	struct fleet_target	*gateway;	/* relays the node's GPU stream */
	int			 relays;	/* a gateway, for nodes: */
	u_int			 first;		/* the first, */
	u_int			 count;		/* how many */
	TAILQ_ENTRY(fleet_target) entry;	/* in the connect queue */
	int			 queued;
};

struct fleet_run {
	struct fleet		*f;
	struct fleet_target	*t;		/* NULL: a local process */
	int			 node;		/* whose data, or -1 */
	const struct probe	*probe;
	char			*command;
	char			*fmt;
	struct ssh_channel_struct *ch;
	struct ssh_channel_callbacks_struct *cb;	/* fleet_data, with ch */
	int			 toomuch;	/* more than FLEET_OUTPUT_MAX */
	int			 opened;
	int			 exec;
	struct child		*child;		/* a local process */
	int			 stream;
	size_t			 lines;		/* a stream's bytes read */
	struct buf		 out;
	struct buf		 err;
	double			 deadline;
	double			 began;
	double			 last;		/* last byte, for streams */
	int			 running;	/* in f->runs, not f->waiting */
	int			 vendor;	/* VENDOR_PROBE: no probe */

	/* A command that changes things (fleet_exec): no probe. */
	int			 id;
	exec_cb			 done;
	void			*arg;
	double			 timeout;
	u_int			 attempts;	/* its target's, when queued */
	int			 status;	/* exit status, once sent */
	int			 gotstatus;
	char			*signal;	/* killed by */
	TAILQ_ENTRY(fleet_run)	 entry;		/* in f->runs or f->waiting */
	TAILQ_ENTRY(fleet_run)	 tentry;	/* in its target's runs */
};

struct fleet {
	struct model		*model;
	struct ssh_config	*config;	/* as OpenSSH reads it */
	struct loop		*loop;
	struct fleet_target	*nodes;		/* one a node */
	struct fleet_target	 ctld;		/* the Slurm controller */
	struct fleet_target	 mgmt;		/* the BMCs' management host */
	struct fleet_target	*bmcs;		/* bmc.mode "ssh": one a node */
	struct fleet_target	*gws;		/* ssh.gateways */
	u_int			 ntargets;	/* nodes, ctld, mgmt, bmcs, gws */
	struct fleet_runs	 runs;		/* running */
	struct fleet_runs	 waiting;	/* for a session or a slot */
	TAILQ_HEAD(, fleet_target) connectq;
	u_int			 connecting;
	u_int			 locals;
	u_int			 oneshots;	/* running runs that end */
	uint32_t		*pending;	/* a node's probes queued */
	int			 epfd;		/* the streams, polled */
	struct epoll_event	*evs;
	double			 polled;	/* when */
	double			 added;		/* adding GPU probes, last */
	double			 checked;	/* the streams' silence */
	int			 private_loop;
	FILE			*trace;		/* $MYRIAD_FLEET_TRACE */
	FILE			*relay;		/* the relay command's output */
	double			 relayed;	/* last written, when */
};

/* fleet.c: the sessions, the runs on them, their ticks. */
double		 fleet_now(void);
void		 fleet_reach(struct fleet *, struct fleet_target *, enum reach,
		     const char *, ...);
void		 fleet_target_init(struct fleet *, struct fleet_target *,
		     const char *, int);
struct fleet_run *fleet_queue(struct fleet *, struct fleet_target *, int,
		     const struct probe *, const char *, int);
char		*fleet_format(const struct probe *, const char *);
void		 fleet_start_one(struct fleet *, const struct probe *,
		     u_int);
int		 fleet_slow(struct fleet *);
int		 fleet_run_stop(struct fleet_run *, int);
void		 fleet_run_free(struct fleet_run *);
void		 fleet_stream_parse(struct fleet_run *, int, const char *,
		     size_t);
void		 fleet_schedule(struct fleet *);
void		 fleet_tick(void *);
struct loop	*fleet_rewatch(struct fleet *, struct loop *, int);

/* fleet-relay.c: the gateways, both ends of their relay. */
int		 fleet_relay_gateways(struct fleet *, char **);
void		 fleet_relay_start(struct fleet *, struct fleet_target *,
		     const struct probe *, const char *);
void		 fleet_relay_in(struct fleet_run *, const char *, size_t);
void		 fleet_relay_out(struct fleet_run *, const char *, size_t);
void		 fleet_relay_whole(struct fleet_run *);

/* fleet-exec.c: the commands that change things. */
void		 fleet_exec_done(struct fleet_run *, const char *);

/* fleet-vendor.c: each node's vendor, and the probes it runs. */
int		 fleet_vendor_config(struct fleet *, char **);
void		 fleet_vendor_set(struct fleet *, struct fleet_target *,
		     enum vendor);
int		 fleet_vendor_skip(struct fleet *, const struct probe *,
		     struct fleet_target *);
void		 fleet_vendor_done(struct fleet_run *, const char *);
void		 fleet_vendor_read(struct fleet_run *, int, char *, size_t);

#endif /* FLEET_H */
