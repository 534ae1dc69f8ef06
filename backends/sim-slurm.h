/*
 * myriad - the simulator's Slurm, shared by sim-slurm.c (what it prints),
 * sim-slurm-fmt.c (its columns) and sim-slurm-opt.c (the options it takes).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef SIM_SLURM_H
#define SIM_SLURM_H

#include "sim.h"

/*
 * What the options of sinfo, squeue or scontrol asked for; NULL or 0 if
 * not given.
 */
struct sim_slurm_args {
	int		 noheader;	/* -h */
	int		 node;		/* sinfo -N */
	int		 longfmt;	/* -l */
	int		 summarize;	/* sinfo -s */
	int		 reasons;	/* sinfo -R */
	int		 dead;		/* sinfo -d */
	int		 responding;	/* sinfo -r */
	int		 all;		/* -a */
	int		 resv;		/* sinfo -T */
	int		 json;
	int		 yaml;
	int		 me;		/* squeue --me */
	int		 start;		/* squeue --start */
	int		 ignored;	/* what changes nothing here */
	const char	*format;	/* -o */
	const char	*Format;	/* -O */
	const char	*iterate;	/* -i */
	const char	*nodes;		/* sinfo -n, squeue -w */
	const char	*partition;	/* -p */
	const char	*states;	/* -t */
	const char	*jobs;		/* squeue -j ("" without a list) */
	const char	*steps;		/* squeue -s ("" without a list) */
	const char	*users;		/* squeue -u */
	const char	*accounts;	/* squeue -A */
	const char	*names;		/* squeue -n */
	const char	*qos;		/* squeue -q */
	const char	*resvname;	/* squeue -R */
	const char	*licenses;	/* squeue -L */
	const char	*ignoredarg;	/* -M, -S: taken, changing nothing */
	int		 oneliner;	/* scontrol -o */
	int		 details;	/* scontrol -d */
	const char	*words[8];	/* scontrol's command */
	int		 nwords;
};

/* A column of sinfo or squeue (sim-slurm-fmt.c has them all). */
struct sim_slurm_col {
	int		 c;		/* -o letter; 0 for a -O name only */
	const char	*name;		/* -O name; NULL for a letter only */
	const char	*header;
	int		 id;		/* what sim-slurm.c prints for it */
	int		 agg;		/* sinfo: of a line's nodes together */
	const char	*text;		/* the one value the simulator has */
};

/* An item of a format: a column, or text (col NULL). */
struct sim_slurm_fmt {
	const struct sim_slurm_col *col;
	int		 width;
	int		 right;		/* %.N */
	int		 hash;		/* %#N: as wide as the data */
	char		*text;
	char		*suffix;	/* -O name:N| */
};

/* A node as Slurm sees it (sim-slurm.c). */
struct sim_slurm_node {
	char		 lng[24];	/* sinfo %T */
	char		 cmp[16];	/* sinfo %t */
	char		 sc[48];	/* scontrol State= */
	const char	*state;		/* idle, allocated, mixed or down */
	const char	*reason;
	const char	*user;
	double		 since;
	double		 boot;
	double		 busy;		/* LastBusyTime */
	double		 load;		/* CPULoad */
	long		 freemem;	/* MB */
	int		 cpus_alloc;
	long		 mem_alloc;
	int		 gpus_used;
	int		 base;		/* index of state */
	int		 down;
	int		 drain;
	int		 noresp;
};

/* sim-slurm.c: what sim-slurm-json.c and sim-slurm-part.c share */
void		 sim_slurm_node(const struct sim *, u_int,
		     struct sim_slurm_node *);
void		 sim_slurm_fold(const struct sim *, struct buf *,
		     const u_int *, u_int);
void		 sim_slurm_job_nodes(const struct sim *, const struct sim_job *,
		     struct buf *);
const char	*sim_slurm_gres(const struct sim *, u_int);
int		 sim_slurm_gres_len(const struct sim *, u_int);
u_int		 sim_slurm_job_cpus(const struct sim *, const struct sim_job *);
u_long		 sim_slurm_job_mem(const struct sim *, const struct sim_job *);

/* sim-slurm-json.c, sim-slurm-part.c */
int		 sim_slurm_json_sinfo(struct sim *, int, struct buf *);
int		 sim_slurm_json_squeue(struct sim *, int, struct buf *);
int		 sim_slurm_part_show(struct sim *, const char *, int,
		     struct buf *, char **);

/* sim-slurm-hostlist.c, sim-slurm-help.c */
int		 sim_slurm_hostlist_show(const char *, const char *,
		     struct buf *, char **);
extern const char sim_slurm_help_scontrol[];

/* sim-slurm-fmt.c */
void	 sim_slurm_fmt_parse(const char *, const char *, int,
	     struct sim_slurm_fmt **, u_int *, struct buf *);
void	 sim_slurm_fmt_free(struct sim_slurm_fmt *, u_int);
void	 sim_slurm_fmt_field(struct buf *, const struct sim_slurm_fmt *,
	     const char *, int);

/* sim-slurm-opt.c */
int	 sim_slurm_opt_parse(int, char **, struct sim_slurm_args *,
	     struct buf *, char **);

#endif
