/*
 * myriad - the simulator's Slurm: sinfo -o, squeue -o, scontrol show node
 * and scontrol update, as Slurm 23.11 prints them (read back by
 * parse-slurm.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim.h"

/* A time as Slurm prints it: 2026-01-05T00:00:00. */
static void
sim_slurm_time(char *buf, size_t len, double t)
{
	struct tm	 tm;

	strftime(buf, len, "%Y-%m-%dT%H:%M:%S", sim_tool_gmtime(t, &tm));
}

static void
sim_slurm_cat(char *dst, const char *src, size_t size)
{
	size_t	 len = strlen(dst);

	if (len < size)
		strlcpy(dst + len, src, size - len);
}

/* Append v to a growing array of node numbers. */
static void
sim_slurm_push(u_int **ids, u_int *n, u_int *size, u_int v)
{
	if (*n == *size) {
		*size = *size ? *size * 2 : 16;
		*ids = xreallocarray(*ids, *size, sizeof **ids);
	}
	(*ids)[(*n)++] = v;
}

/*
 * Node sets as Slurm prints and reads them.  They are not console/nodeset.c,
 * on purpose: the simulator stands in for Slurm in front of the parsers and
 * the console's commands, so it shares no code with what it tests.  A set
 * the console folds wrongly, or writes in ClusterShell's syntax that Slurm
 * does not read (gpu[1-4]!gpu2, a&b), fails here as on a real controller
 * instead of being read back by the code that wrote it.
 *
 * gpu[0001-0004,0007] from sorted node numbers.
 */
static void
sim_slurm_fold(const struct sim *s, struct buf *b, const u_int *ids, u_int n)
{
	u_int	 i, j;
	int	 w = (int)s->width;

	if (n == 0)
		return;
	if (n == 1) {
		buf_puts(b, sim_node_name(s, ids[0]));
		return;
	}
	buf_puts(b, "gpu[");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && ids[j] == ids[j - 1] + 1; j++)
			;
		if (i != 0)
			buf_putc(b, ',');
		if (j - i == 1)
			buf_printf(b, "%0*u", w, ids[i] + 1);
		else
			buf_printf(b, "%0*u-%0*u", w, ids[i] + 1, w,
			    ids[j - 1] + 1);
	}
	buf_putc(b, ']');
}

/* Node names for scontrol: gpu0001, gpu[0001-0004,0009], a,b. */
static int
sim_slurm_hostlist(const struct sim *s, const char *list, u_int **ids, u_int *n,
    char **cause)
{
	char		*copy, *p, *tok, *br, *r, *dash, *rp;
	char		 name[64];
	unsigned long	 lo, hi, k;
	int		 idx, depth;
	u_int		 size = 0;

	*ids = NULL;
	*n = 0;
	copy = xstrdup(list);
	p = copy;
	while (*p != '\0') {
		/* Split on commas outside brackets. */
		tok = p;
		for (depth = 0; *p != '\0' && (*p != ',' || depth > 0); p++) {
			if (*p == '[')
				depth++;
			else if (*p == ']')
				depth--;
		}
		if (*p == ',')
			*p++ = '\0';
		if ((br = strchr(tok, '[')) == NULL) {
			if ((idx = sim_node_find(s, tok)) < 0)
				goto bad;
			sim_slurm_push(ids, n, &size, idx);
			continue;
		}
		*br++ = '\0';
		if ((rp = strchr(br, ']')) == NULL || rp[1] != '\0')
			goto bad;
		*rp = '\0';
		for (r = strtok(br, ","); r != NULL; r = strtok(NULL, ",")) {
			lo = strtoul(r, &dash, 10);
			hi = lo;
			if (*dash == '-')
				hi = strtoul(dash + 1, NULL, 10);
			if (hi < lo || hi - lo > 200000)
				goto bad;
			for (k = lo; k <= hi; k++) {
				snprintf(name, sizeof name, "%s%0*lu", tok,
				    (int)strcspn(r, "-"), k);
				if ((idx = sim_node_find(s, name)) < 0)
					goto bad;
				sim_slurm_push(ids, n, &size, idx);
			}
		}
	}
	free(copy);
	return (0);

bad:
	xasprintf(cause, "Node %s not found", list);
	free(copy);
	free(*ids);
	*ids = NULL;
	return (-1);
}

/*
 * An item of an -o format: %[.][width]type, '.' right-justifies; like
 * Slurm, a field wider than its width is cut.
 */
struct sim_slurm_fmt {
	char		 type;		/* 0: literal */
	int		 width;
	int		 right;
	int		 hash;		/* %#P: width from the data */
	char		*text;
};

static int
sim_slurm_fmt_parse(const char *f, const char *types,
    struct sim_slurm_fmt **out, u_int *n, const char *tool, char **cause)
{
	struct sim_slurm_fmt	*v = NULL;
	const char		*p = f, *q;
	u_int			 count = 0;

	while (*p != '\0') {
		v = xreallocarray(v, count + 1, sizeof *v);
		memset(&v[count], 0, sizeof v[count]);
		if (*p != '%' || p[1] == '%') {
			q = p + (*p == '%' ? 2 : 0);
			while (*q != '\0' && *q != '%')
				q++;
			if (*p == '%')
				v[count].text = xstrdup("%");
			else
				v[count].text = xstrndup(p, q - p);
			p = (*p == '%') ? p + 2 : q;
			count++;
			continue;
		}
		p++;
		if (*p == '.') {
			v[count].right = 1;
			p++;
		}
		if (*p == '#') {
			v[count].hash = 1;
			p++;
		}
		while (isdigit((u_char)*p))
			v[count].width = v[count].width * 10 + (*p++ - '0');
		if (*p == '\0' || strchr(types, *p) == NULL) {
			xasprintf(cause, "%s: error: Invalid %s format "
			    "specification: %c", tool,
			    strcmp(tool, "sinfo") == 0 ? "node" : "job",
			    *p ? *p : '%');
			while (count-- > 0)
				free(v[count].text);
			free(v);
			return (-1);
		}
		v[count++].type = *p++;
	}
	*out = v;
	*n = count;
	return (0);
}

/* The -o option: "-o F", "-oF", "--format F", "--format=F"; or NULL. */
static const char *
sim_slurm_fmt_option(int argc, char **argv, u_int *i)
{
	const char	*a = argv[*i];

	if ((strcmp(a, "-o") == 0 || strcmp(a, "--format") == 0) &&
	    *i + 1 < (u_int)argc)
		return (argv[++*i]);
	if (strncmp(a, "--format=", 9) == 0)
		return (a + 9);
	if (strncmp(a, "-o", 2) == 0 && a[2] != '\0')
		return (a + 2);
	return (NULL);
}

static void
sim_slurm_fmt_free(struct sim_slurm_fmt *v, u_int n)
{
	u_int	 i;

	for (i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}

/* Slurm's _print_str(): pad, justify, cut. */
static void
sim_slurm_field(struct buf *b, const char *s, int width, int right)
{
	size_t	 len = strlen(s);

	if (width <= 0) {
		buf_add(b, s, len);
		return;
	}
	if (len >= (size_t)width) {
		buf_add(b, s, width);
		return;
	}
	if (right) {
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
		buf_puts(b, s);
	} else {
		buf_puts(b, s);
		while (len++ < (size_t)width)
			buf_putc(b, ' ');
	}
}

/* A node as Slurm sees it. */
struct sim_slurm_node {
	char		 lng[24];	/* sinfo %T */
	char		 cmp[16];	/* sinfo %t */
	char		 sc[48];	/* scontrol State= */
	const char	*reason;
	const char	*user;
	double		 since;
	int		 cpus_alloc;
	long		 mem_alloc;
	int		 gpus_used;
	int		 down;
	int		 drain;
	int		 noresp;
};

static void
sim_slurm_node(const struct sim *s, u_int node, struct sim_slurm_node *sn)
{
	static const char *const base_l[] = {
		"idle", "allocated", "mixed", "down"
	};
	static const char *const base_c[] = { "idle", "alloc", "mix", "down" };
	static const char *const base_s[] = {
		"IDLE", "ALLOCATED", "MIXED", "DOWN"
	};
	const struct sim_node	*n = &s->nodes[node];
	const struct sim_fault	*f;
	int			 i, j, base;

	memset(sn, 0, sizeof *sn);
	sn->reason = sim_node_reason(s, node, &sn->user, &sn->since);
	f = sim_fault_find(s, node, SF_UNREACH, -1);
	sn->noresp = (f != NULL);
	sn->down = (f != NULL && s->t >= f->start + 300) ||
	    n->admin == SA_DOWN;
	sn->drain = !sn->down && sn->reason != NULL;
	for (i = 0; i < 2; i++) {
		if ((j = n->job[i]) < 0)
			continue;
		sn->gpus_used += s->jobs[j].gpus;
		sn->cpus_alloc += 14 * s->jobs[j].gpus;
		sn->mem_alloc += 240000L * s->jobs[j].gpus;
	}
	if (sn->down)
		base = 3;
	else if (sn->gpus_used >= SIM_GPUS)
		base = 1;
	else if (sn->gpus_used > 0)
		base = 2;
	else
		base = 0;
	if (sn->drain) {
		strlcpy(sn->lng, base == 0 ? "drained" : "draining",
		    sizeof sn->lng);
		strlcpy(sn->cmp, base == 0 ? "drain" : "drng", sizeof sn->cmp);
	} else {
		strlcpy(sn->lng, base_l[base], sizeof sn->lng);
		strlcpy(sn->cmp, base_c[base], sizeof sn->cmp);
	}
	snprintf(sn->sc, sizeof sn->sc, "%s%s%s", base_s[base],
	    sn->drain ? "+DRAIN" : "", sn->noresp ? "+NOT_RESPONDING" : "");
	if (sn->noresp) {
		sim_slurm_cat(sn->lng, "*", sizeof sn->lng);
		sim_slurm_cat(sn->cmp, "*", sizeof sn->cmp);
	}
}

/* One sinfo field of a (node, partition) record. */
static void
sim_slurm_sinfo_value(struct sim *s, char type, u_int node, int part,
    const struct sim_slurm_node *sn, char *v, size_t len)
{
	const struct sim_partition	*p = &sim_partitions[part];
	int				 other;

	switch (type) {
	case 'N':
	case 'n':
		strlcpy(v, sim_node_name(s, node), len);
		break;
	case 'T':
		strlcpy(v, sn->lng, len);
		break;
	case 't':
		strlcpy(v, sn->cmp, len);
		break;
	case 'E':
		strlcpy(v, sn->reason != NULL ? sn->reason : "none", len);
		break;
	case 'u':
		strlcpy(v, sn->reason != NULL ? sn->user : "Unknown", len);
		break;
	case 'H':
		if (sn->reason != NULL)
			sim_slurm_time(v, len, sn->since);
		else
			strlcpy(v, "Unknown", len);
		break;
	case 'G':
		snprintf(v, len, "gpu:%s:%u(S:0-1)", sim_node_model(s,
		    node)->gres, sim_node_gpus(s, node));
		break;
	case 'P':
		snprintf(v, len, "%s%s", p->name, p->isdefault ? "*" : "");
		break;
	case 'R':
		strlcpy(v, p->name, len);
		break;
	case 'c':
		snprintf(v, len, "%d", SIM_CPUS);
		break;
	case 'm':
		snprintf(v, len, "%d", SIM_MEM_MB);
		break;
	case 'C':
		other = (sn->down || sn->drain) ? SIM_CPUS - sn->cpus_alloc : 0;
		snprintf(v, len, "%d/%d/%d/%d", sn->cpus_alloc,
		    SIM_CPUS - sn->cpus_alloc - other, other, SIM_CPUS);
		break;
	case 'a':
		strlcpy(v, "up", len);
		break;
	case 'l':
		field_duration(v, len, p->maxtime);
		break;
	case 'D':
		strlcpy(v, "1", len);
		break;
	default:
		v[0] = '\0';
		break;
	}
}

/* sinfo's column names. */
static const char *const sim_slurm_sinfo_headers[128] = {
	['N'] = "NODELIST",
	['n'] = "HOSTNAMES",
	['T'] = "STATE",
	['t'] = "STATE",
	['E'] = "REASON",
	['u'] = "USER",
	['H'] = "TIMESTAMP",
	['G'] = "GRES",
	['P'] = "PARTITION",
	['R'] = "PARTITION",
	['c'] = "CPUS",
	['m'] = "MEMORY",
	['C'] = "CPUS(A/I/O/T)",
	['a'] = "AVAIL",
	['l'] = "TIMELIMIT",
	['D'] = "NODES",
};

/* The width of a %# field: as wide as the widest value. */
static int
sim_slurm_hash_width(const struct sim *s, char type)
{
	if (type == 'P')
		return (9);
	if (type == 'N' || type == 'n')
		return (8 > 3 + (int)s->width ? 8 : 3 + (int)s->width);
	return (0);
}

/* A field's width; with hash, a %# field is as wide as its values. */
static int
sim_slurm_fmt_width(const struct sim *s, const struct sim_slurm_fmt *f,
    int hash)
{
	return (hash && f->hash ? sim_slurm_hash_width(s, f->type) : f->width);
}

/* The header line of a -o format: names[] has the column names. */
static void
sim_slurm_fmt_header(const struct sim *s, struct buf *b,
    const struct sim_slurm_fmt *f, u_int nf, const char *const *names,
    int hash)
{
	const char	*name;
	u_int		 i;

	for (i = 0; i < nf; i++) {
		if (f[i].type == 0) {
			buf_puts(b, f[i].text);
			continue;
		}
		name = names[f[i].type & 0x7f];
		sim_slurm_field(b, name != NULL ? name : "",
		    sim_slurm_fmt_width(s, &f[i], hash), f[i].right);
	}
	buf_putc(b, '\n');
}

struct sim_slurm_group {
	char		*key;
	u_int		 node;		/* first record */
	int		 part;
	u_int		*ids;
	u_int		 nids;
	u_int		 size;
};

static void
sim_slurm_sinfo_line(struct sim *s, struct buf *b,
    const struct sim_slurm_fmt *f, u_int nf, u_int node, int part,
    const struct sim_slurm_node *sn, const struct sim_slurm_group *grp)
{
	char	 v[320];
	u_int	 i;
	int	 w;

	for (i = 0; i < nf; i++) {
		if (f[i].type == 0) {
			buf_puts(b, f[i].text);
			continue;
		}
		w = sim_slurm_fmt_width(s, &f[i], 1);
		if (grp != NULL && (f[i].type == 'N' || f[i].type == 'n')) {
			struct buf	 nb;

			buf_init(&nb);
			sim_slurm_fold(s, &nb, grp->ids, grp->nids);
			sim_slurm_field(b, nb.data != NULL ? nb.data : "", w,
			    f[i].right);
			buf_free(&nb);
			continue;
		}
		if (grp != NULL && f[i].type == 'D') {
			snprintf(v, sizeof v, "%u", grp->nids);
			sim_slurm_field(b, v, w, f[i].right);
			continue;
		}
		sim_slurm_sinfo_value(s, f[i].type, node, part, sn, v,
		    sizeof v);
		sim_slurm_field(b, v, w, f[i].right);
	}
	buf_putc(b, '\n');
}

int
sim_sinfo(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_slurm_fmt	*f;
	struct sim_slurm_node	 sn;
	struct sim_slurm_group	*g = NULL;
	struct buf		 key;
	const char		*format = NULL, *a, *o, *only = NULL;
	char			 v[320];
	u_int			 nf, i, n, k, ng = 0;
	int			 header = 1, pernode = 0, parts[2], np, pi, p;

	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--noheader") == 0)
			header = 0;
		else if (strcmp(a, "-N") == 0 || strcmp(a, "--Node") == 0)
			pernode = 1;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "--all") == 0)
			;
		else if ((o = sim_slurm_fmt_option(argc, argv, &i)) != NULL)
			format = o;
		else if ((strcmp(a, "-p") == 0 ||
		    strcmp(a, "--partition") == 0) && i + 1 < (u_int)argc)
			only = argv[++i];
		else if (strncmp(a, "--partition=", 12) == 0)
			only = a + 12;
		else {
			xasprintf(cause, "sinfo: invalid option -- '%s'\n"
			    "Try \"sinfo --help\" for more information", a);
			return (-1);
		}
	}
	if (format == NULL)
		format = pernode ? "%#N %.6D %#P %6t" :
		    "%#P %.5a %.10l %.6D %.6t %N";
	if (sim_slurm_fmt_parse(format, "NnTtEuHGPRcmCaDl", &f, &nf, "sinfo",
	    cause) != 0)
		return (-1);
	sim_update(s);

	if (header)
		sim_slurm_fmt_header(s, out, f, nf, sim_slurm_sinfo_headers, 1);

	if (pernode) {
		for (n = 0; n < s->nnodes; n++) {
			np = sim_node_partitions(s, n, parts);
			sim_slurm_node(s, n, &sn);
			for (pi = 0; pi < np; pi++) {
				if (only != NULL && strcmp(only,
				    sim_partitions[parts[pi]].name) != 0)
					continue;
				sim_slurm_sinfo_line(s, out, f, nf, n,
				    parts[pi], &sn, NULL);
			}
		}
		sim_slurm_fmt_free(f, nf);
		return (0);
	}

	/* Without -N: one line per partition and distinct values. */
	buf_init(&key);
	for (p = 0; p < SIM_NPARTS; p++) {
		if (only != NULL && strcmp(only, sim_partitions[p].name) != 0)
			continue;
		for (n = 0; n < s->nnodes; n++) {
			np = sim_node_partitions(s, n, parts);
			for (pi = 0; pi < np && parts[pi] != p; pi++)
				;
			if (pi == np)
				continue;
			sim_slurm_node(s, n, &sn);
			buf_reset(&key);
			buf_printf(&key, "%d", p);
			for (i = 0; i < nf; i++) {
				if (f[i].type == 0 || f[i].type == 'N' ||
				    f[i].type == 'n' || f[i].type == 'D')
					continue;
				sim_slurm_sinfo_value(s, f[i].type, n, p, &sn,
				    v, sizeof v);
				buf_putc(&key, '\037');
				buf_puts(&key, v);
			}
			for (k = 0; k < ng; k++) {
				if (strcmp(g[k].key, key.data) == 0)
					break;
			}
			if (k == ng) {
				g = xreallocarray(g, ng + 1, sizeof *g);
				memset(&g[ng], 0, sizeof g[ng]);
				g[ng].key = xstrdup(key.data);
				g[ng].node = n;
				g[ng].part = p;
				ng++;
			}
			sim_slurm_push(&g[k].ids, &g[k].nids, &g[k].size, n);
		}
	}
	for (k = 0; k < ng; k++) {
		sim_slurm_node(s, g[k].node, &sn);
		sim_slurm_sinfo_line(s, out, f, nf, g[k].node, g[k].part, &sn,
		    &g[k]);
		free(g[k].key);
		free(g[k].ids);
	}
	free(g);
	buf_free(&key);
	sim_slurm_fmt_free(f, nf);
	return (0);
}

static void
sim_slurm_job_nodes(const struct sim *s, const struct sim_job *j, struct buf *b)
{
	u_int	*ids, n = 0, i;
	int	 ji = (int)(j - s->jobs);

	ids = xreallocarray(NULL, j->last - j->first + 1, sizeof *ids);
	for (i = j->first; i <= j->last; i++) {
		if (s->nodes[i].job[j->shared] == ji)
			ids[n++] = i;
	}
	sim_slurm_fold(s, b, ids, n);
	free(ids);
}

/* squeue's column names. */
static const char *const sim_slurm_squeue_headers[128] = {
	['i'] = "JOBID",
	['A'] = "JOBID",
	['u'] = "USER",
	['P'] = "PARTITION",
	['j'] = "NAME",
	['T'] = "STATE",
	['t'] = "ST",
	['M'] = "TIME",
	['l'] = "TIME_LIMIT",
	['D'] = "NODES",
	['C'] = "CPUS",
	['b'] = "TRES_PER_NODE",
	['N'] = "NODELIST",
	['R'] = "NODELIST(REASON)",
	['r'] = "REASON",
	['S'] = "START_TIME",
};

static void
sim_slurm_squeue_value(struct sim *s, char type, const struct sim_job *j,
    struct buf *v)
{
	char	 tmp[64];
	int	 run = (j->state == SJ_RUNNING);

	switch (type) {
	case 'i':
	case 'A':
		buf_printf(v, "%u", j->id);
		break;
	case 'u':
		buf_puts(v, sim_user(j->user));
		break;
	case 'P':
		buf_puts(v, sim_partitions[j->part].name);
		break;
	case 'j':
		buf_puts(v, sim_jobname(j->name));
		break;
	case 'T':
		buf_puts(v, run ? "RUNNING" : "PENDING");
		break;
	case 't':
		buf_puts(v, run ? "R" : "PD");
		break;
	case 'M':
		buf_puts(v, field_duration(tmp, sizeof tmp, run ?
		    (long)floor(s->t - j->start) : 0));
		break;
	case 'l':
		buf_puts(v, field_duration(tmp, sizeof tmp, j->limit));
		break;
	case 'D':
		buf_printf(v, "%u", j->nnodes);
		break;
	case 'C':
		buf_printf(v, "%u", j->nnodes * 14 * j->gpus);
		break;
	case 'b':
		buf_printf(v, "gres/gpu:%u", j->gpus);
		break;
	case 'N':
		if (run)
			sim_slurm_job_nodes(s, j, v);
		break;
	case 'R':
		if (run)
			sim_slurm_job_nodes(s, j, v);
		else
			buf_printf(v, "(%s)", sim_pending_reason(j->reason));
		break;
	case 'r':
		buf_puts(v, run ? "None" : sim_pending_reason(j->reason));
		break;
	case 'S':
		if (run) {
			sim_slurm_time(tmp, sizeof tmp, j->start);
			buf_puts(v, tmp);
		} else
			buf_puts(v, "N/A");
		break;
	}
}

int
sim_squeue(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct sim_slurm_fmt	*f;
	const struct sim_job	*j;
	struct buf		 v;
	const char		*format = NULL, *a, *o, *user = NULL;
	const char		*part = NULL;
	u_int			 nf, i;
	int			 header = 1, states = 3;

	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--noheader") == 0)
			header = 0;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "--all") == 0 ||
		    strcmp(a, "-r") == 0 || strcmp(a, "--array") == 0)
			;
		else if ((o = sim_slurm_fmt_option(argc, argv, &i)) != NULL)
			format = o;
		else if ((strcmp(a, "-u") == 0 || strcmp(a, "--user") == 0) &&
		    i + 1 < (u_int)argc)
			user = argv[++i];
		else if ((strcmp(a, "-p") == 0 ||
		    strcmp(a, "--partition") == 0) && i + 1 < (u_int)argc)
			part = argv[++i];
		else if ((strcmp(a, "-t") == 0 || strcmp(a, "--states") == 0) &&
		    i + 1 < (u_int)argc) {
			a = argv[++i];
			if (strcasecmp(a, "R") == 0 ||
			    strcasecmp(a, "RUNNING") == 0)
				states = 1;
			else if (strcasecmp(a, "PD") == 0 ||
			    strcasecmp(a, "PENDING") == 0)
				states = 2;
			else if (strcasecmp(a, "all") == 0)
				states = 3;
			else {
				xasprintf(cause, "squeue: error: Invalid job "
				    "state specified: %s", a);
				return (-1);
			}
		} else {
			xasprintf(cause, "squeue: invalid option -- '%s'\n"
			    "Try \"squeue --help\" for more information", a);
			return (-1);
		}
	}
	if (format == NULL)
		format = "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R";
	if (sim_slurm_fmt_parse(format, "iAuPjTtMlDCbNRrS", &f, &nf, "squeue",
	    cause) != 0)
		return (-1);
	sim_update(s);
	if (header)
		sim_slurm_fmt_header(s, out, f, nf, sim_slurm_squeue_headers,
		    0);
	buf_init(&v);
	for (j = s->jobs; j < s->jobs + s->njobs; j++) {
		if (!(states & (j->state == SJ_RUNNING ? 1 : 2)))
			continue;
		if (user != NULL && strcmp(user, sim_user(j->user)) != 0)
			continue;
		if (part != NULL && strcmp(part,
		    sim_partitions[j->part].name) != 0)
			continue;
		for (i = 0; i < nf; i++) {
			if (f[i].type == 0) {
				buf_puts(out, f[i].text);
				continue;
			}
			buf_reset(&v);
			sim_slurm_squeue_value(s, f[i].type, j, &v);
			sim_slurm_field(out, v.data != NULL ? v.data : "",
			    f[i].width, f[i].right);
		}
		buf_putc(out, '\n');
	}
	buf_free(&v);
	sim_slurm_fmt_free(f, nf);
	return (0);
}

static void
sim_slurm_scontrol_node(struct sim *s, u_int node, int oneline, struct buf *out)
{
	struct sim_slurm_node	 sn;
	const char		*name = sim_node_name(s, node);
	const char		*sep = oneline ? " " : "\n   ";
	char			 boot[32], start[32], busy[32], since[32];
	char			 parts[64];
	double			 bt, load;
	int			 p[2], np, i;
	uint64_t		 h;

	sim_slurm_node(s, node, &sn);
	bt = sim_boot_time(s, node);
	sim_slurm_time(boot, sizeof boot, bt);
	sim_slurm_time(start, sizeof start, bt + 95);
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 60), 0x5c);
	sim_slurm_time(busy, sizeof busy,
	    sn.gpus_used > 0 ? floor(s->t) : (s->t - 600 - (h % 3000) > bt ?
	    s->t - 600 - (h % 3000) : bt));
	load = sn.cpus_alloc * 0.85 + (h % 400) / 100.0;
	np = sim_node_partitions(s, node, p);
	parts[0] = '\0';
	for (i = 0; i < np; i++) {
		if (i != 0)
			sim_slurm_cat(parts, ",", sizeof parts);
		sim_slurm_cat(parts, sim_partitions[p[i]].name, sizeof parts);
	}

	buf_printf(out, "NodeName=%s Arch=x86_64 CoresPerSocket=56", name);
	buf_printf(out, "%sCPUAlloc=%d CPUEfctv=%d CPUTot=%d CPULoad=%.2f",
	    sep, sn.down ? 0 : sn.cpus_alloc, SIM_CPUS, SIM_CPUS,
	    sn.noresp ? 0.0 : load);
	buf_printf(out, "%sAvailableFeatures=h100,ib,rack%03u", sep,
	    node / SIM_RACK + 1);
	buf_printf(out, "%sActiveFeatures=h100,ib,rack%03u", sep,
	    node / SIM_RACK + 1);
	buf_printf(out, "%sGres=gpu:%s:%u(S:0-1)", sep,
	    sim_node_model(s, node)->gres, sim_node_gpus(s, node));
	buf_printf(out, "%sNodeAddr=%s NodeHostName=%s Version=%s", sep, name,
	    name, SIM_SLURM);
	buf_printf(out, "%sOS=Linux 5.15.0-119-generic #129-Ubuntu SMP Fri "
	    "Aug 2 19:25:20 UTC 2024", sep);
	buf_printf(out, "%sRealMemory=%d AllocMem=%ld FreeMem=%ld Sockets=2 "
	    "Boards=1", sep, SIM_MEM_MB, sn.down ? 0 : sn.mem_alloc,
	    (long)(SIM_MEM_MB - 18000 - sn.mem_alloc * 6 / 10 -
	    (long)(h % 9000)));
	buf_printf(out, "%sState=%s ThreadsPerCore=1 TmpDisk=0 Weight=1 "
	    "Owner=N/A MCS_label=N/A", sep, sn.sc);
	buf_printf(out, "%sPartitions=%s", sep, parts);
	buf_printf(out, "%sBootTime=%s SlurmdStartTime=%s", sep, boot, start);
	buf_printf(out, "%sLastBusyTime=%s ResumeAfterTime=None", sep, busy);
	buf_printf(out, "%sCfgTRES=cpu=%d,mem=%dM,billing=%d,gres/gpu=8", sep,
	    SIM_CPUS, SIM_MEM_MB, SIM_CPUS);
	if (sn.cpus_alloc > 0 && !sn.down)
		buf_printf(out, "%sAllocTRES=cpu=%d,mem=%ldG,gres/gpu=%d", sep,
		    sn.cpus_alloc, sn.mem_alloc / 1024, sn.gpus_used);
	else
		buf_printf(out, "%sAllocTRES=", sep);
	buf_printf(out, "%sCapWatts=n/a", sep);
	buf_printf(out, "%sCurrentWatts=0 AveWatts=0", sep);
	buf_printf(out, "%sExtSensorsJoules=n/a ExtSensorsWatts=0 "
	    "ExtSensorsTemp=n/a", sep);
	if (sn.reason != NULL) {
		sim_slurm_time(since, sizeof since, sn.since);
		buf_printf(out, "%sReason=%s [%s@%s]", sep, sn.reason, sn.user,
		    since);
	}
	buf_putc(out, '\n');
}

/* A duration as scontrol prints it (secs2time_str): 05:46:31, 7-00:00:00. */
static const char *
sim_slurm_secs(char *buf, size_t len, long secs)
{
	if (secs >= 86400)
		snprintf(buf, len, "%ld-%02ld:%02ld:%02ld", secs / 86400,
		    secs / 3600 % 24, secs / 60 % 60, secs % 60);
	else
		snprintf(buf, len, "%02ld:%02ld:%02ld", secs / 3600,
		    secs / 60 % 60, secs % 60);
	return (buf);
}

/* scontrol show job -d: a job as Slurm 23.11 prints it. */
static void
sim_slurm_scontrol_job(struct sim *s, const struct sim_job *j, struct buf *out)
{
	const char	*user = sim_user(j->user), *name = sim_jobname(j->name);
	const char	*part = sim_partitions[j->part].name;
	int		 run = (j->state == SJ_RUNNING), ji = j - s->jobs;
	u_int		 cpus = j->nnodes * 14 * j->gpus, gpu0 = 0, uid;
	u_int		 host = j->first;
	char		 submit[32], start[32], end[32], t[32], limit[32];
	struct buf	 nodes;
	double		 submitted;

	uid = 10000 + j->user;
	submitted = (run ? j->start0 : floor(s->t)) -
	    sim_hash(s->seed, j->id, 0, 0x5d) % 3600;
	sim_slurm_time(submit, sizeof submit, submitted);
	sim_slurm_secs(limit, sizeof limit, j->limit);
	buf_init(&nodes);
	if (run) {
		sim_slurm_job_nodes(s, j, &nodes);
		sim_slurm_time(start, sizeof start, j->start);
		sim_slurm_time(end, sizeof end, j->start + j->limit);
		for (host = j->first; host < j->last &&
		    s->nodes[host].job[j->shared] != ji; host++)
			;
		gpu0 = s->nodes[host].gpu0[j->shared];
	} else {
		strlcpy(start, "Unknown", sizeof start);
		strlcpy(end, "Unknown", sizeof end);
	}
	buf_printf(out, "JobId=%u JobName=%s\n", j->id, name);
	buf_printf(out, "   UserId=%s(%u) GroupId=%s(%u) MCS_label=N/A\n",
	    user, uid, user, uid);
	buf_printf(out, "   Priority=%u Nice=0 Account=%s QOS=normal\n",
	    (u_int)(10000 + sim_hash(s->seed, j->id, 1, 0x5d) % 90000), user);
	buf_printf(out, "   JobState=%s Reason=%s Dependency=(null)\n",
	    run ? "RUNNING" : "PENDING", run ? "None" :
	    sim_pending_reason(j->reason));
	buf_printf(out, "   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 "
	    "ExitCode=0:0\n");
	buf_printf(out, "   DerivedExitCode=0:0\n");
	buf_printf(out, "   RunTime=%s TimeLimit=%s TimeMin=N/A\n",
	    sim_slurm_secs(t, sizeof t, run ? (long)floor(s->t - j->start) :
	    0), limit);
	buf_printf(out, "   SubmitTime=%s EligibleTime=%s\n", submit, submit);
	buf_printf(out, "   AccrueTime=%s\n", submit);
	buf_printf(out, "   StartTime=%s EndTime=%s Deadline=N/A\n", start,
	    end);
	buf_printf(out, "   SuspendTime=None SecsPreSuspend=0 "
	    "LastSchedEval=%s Scheduler=Main\n", run ? start : submit);
	buf_printf(out, "   Partition=%s AllocNode:Sid=login01:%u\n", part,
	    (u_int)(1000 + sim_hash(s->seed, j->id, 2, 0x5d) % 4000000));
	buf_printf(out, "   ReqNodeList=(null) ExcNodeList=(null)\n");
	buf_printf(out, "   NodeList=%s\n", run ? nodes.data : "");
	if (run)
		buf_printf(out, "   BatchHost=%s\n", sim_node_name(s, host));
	if (run)
		buf_printf(out, "   NumNodes=%u", j->nnodes);
	else
		buf_printf(out, "   NumNodes=%u-%u", j->nnodes, j->nnodes);
	buf_printf(out, " NumCPUs=%u NumTasks=%u CPUs/Task=14 "
	    "ReqB:S:C:T=0:0:*:*\n", cpus, j->nnodes * j->gpus);
	buf_printf(out, "   ReqTRES=cpu=%u,mem=%luM,node=%u,billing=%u,"
	    "gres/gpu=%u\n", cpus, 240000UL * j->nnodes * j->gpus, j->nnodes,
	    cpus, j->nnodes * j->gpus);
	if (run)
		buf_printf(out, "   AllocTRES=cpu=%u,mem=%luM,node=%u,"
		    "billing=%u,gres/gpu=%u\n", cpus, 240000UL * j->nnodes *
		    j->gpus, j->nnodes, cpus, j->nnodes * j->gpus);
	else
		buf_printf(out, "   AllocTRES=(null)\n");
	buf_printf(out, "   Socks/Node=* NtasksPerN:B:S:C=%u:0:*:* "
	    "CoreSpec=*\n", (u_int)j->gpus);
	if (run) {
		buf_printf(out, "   JOB_GRES=gpu:h100:%u\n", j->nnodes * j->gpus);
		buf_printf(out, "     Nodes=%s CPU_IDs=%u-%u Mem=%lu "
		    "GRES=gpu:h100:%u(IDX:%u-%u)\n", nodes.data, gpu0 * 14,
		    (gpu0 + j->gpus) * 14 - 1, 240000UL * j->gpus, j->gpus,
		    gpu0, gpu0 + j->gpus - 1);
	}
	buf_printf(out, "   MinCPUsNode=14 MinMemoryNode=%luM "
	    "MinTmpDiskNode=0\n", 240000UL * j->gpus);
	buf_printf(out, "   Features=(null) DelayBoot=00:00:00\n");
	buf_printf(out, "   OverSubscribe=OK Contiguous=0 Licenses=(null) "
	    "Network=(null)\n");
	buf_printf(out, "   Command=/home/%s/%s.sbatch\n", user, name);
	buf_printf(out, "   WorkDir=/home/%s\n", user);
	buf_printf(out, "   StdErr=/home/%s/slurm-%u.out\n", user, j->id);
	buf_printf(out, "   StdIn=/dev/null\n");
	buf_printf(out, "   StdOut=/home/%s/slurm-%u.out\n", user, j->id);
	buf_printf(out, "   Power=\n");
	buf_printf(out, "   TresPerNode=gres/gpu:%u\n", (u_int)j->gpus);
	buf_free(&nodes);
}

/*
 * scontrol update NodeName=SET State=DRAIN|RESUME|UNDRAIN Reason=TEXT: the
 * one change the simulator takes, kept over its state.  As slurmctld does,
 * a drain needs a reason and stamps it with the user and the time.
 */
static int
sim_slurm_update(struct sim *s, int argc, char **argv, char **cause)
{
	const char	*names = NULL, *state = NULL, *reason = NULL, *user;
	const char	*eq;
	u_int		*ids, n, i, kept;
	int		 k, bad = 0, drain;
	struct sim_slurm_node sn;

	for (k = 0; k < argc; k++) {
		if ((eq = strchr(argv[k], '=')) == NULL) {
			xasprintf(cause, "scontrol: error: Invalid input: %s",
			    argv[k]);
			return (-1);
		}
		if (strncasecmp(argv[k], "NodeName=", 9) == 0)
			names = eq + 1;
		else if (strncasecmp(argv[k], "State=", 6) == 0)
			state = eq + 1;
		else if (strncasecmp(argv[k], "Reason=", 7) == 0)
			reason = eq + 1;
		else {
			xasprintf(cause, "scontrol: error: Update of this "
			    "parameter is not supported: %s", argv[k]);
			return (-1);
		}
	}
	if (names == NULL || state == NULL) {
		xasprintf(cause, "scontrol: error: the simulator updates "
		    "NodeName=... State=DRAIN|RESUME|UNDRAIN only");
		return (-1);
	}
	if (strcasecmp(state, "DRAIN") != 0 &&
	    strcasecmp(state, "RESUME") != 0 &&
	    strcasecmp(state, "UNDRAIN") != 0) {
		xasprintf(cause, "scontrol: error: Invalid node state "
		    "specified");
		return (-1);
	}
	if (strcasecmp(state, "DRAIN") == 0 && (reason == NULL ||
	    *reason == '\0')) {
		xasprintf(cause, "You must specify a reason when DOWNING or "
		    "DRAINING a node. Request denied");
		return (-1);
	}
	if (sim_slurm_hostlist(s, names, &ids, &n, cause) != 0)
		return (-1);
	if ((user = getenv("USER")) == NULL || *user == '\0')
		user = "root";
	drain = strcasecmp(state, "DRAIN") == 0;
	for (i = kept = 0; i < n; i++) {
		/* As slurmctld: resuming a node that is up and not drained. */
		if (!drain) {
			sim_slurm_node(s, ids[i], &sn);
			if (!sn.drain && !sn.down) {
				bad = 1;
				continue;
			}
		}
		ids[kept++] = ids[i];
	}
	if (kept > 0 && sim_state_change(s, ids, kept, drain ? SD_DRAIN :
	    SD_RESUMED, user, drain ? reason : NULL, cause) != 0) {
		free(ids);
		return (-1);
	}
	free(ids);
	if (bad) {
		xasprintf(cause, "slurm_update error: Invalid node state "
		    "specified");
		return (-1);
	}
	return (0);
}

/* scontrol show job [ID]: every job, or the one. */
static int
sim_slurm_show_job(struct sim *s, const char *id, struct buf *out,
    char **cause)
{
	const struct sim_job	*j;
	char			*end;
	unsigned long		 n = 0;
	int			 found = 0;

	if (id != NULL && ((n = strtoul(id, &end, 10)) == 0 || *end != '\0')) {
		xasprintf(cause, "slurm_load_jobs error: Invalid job id "
		    "specified");
		return (-1);
	}
	sim_update(s);
	for (j = s->jobs; j < s->jobs + s->njobs; j++) {
		if (id != NULL && j->id != n)
			continue;
		if (found++ != 0)
			buf_putc(out, '\n');
		sim_slurm_scontrol_job(s, j, out);
	}
	if (id != NULL && found == 0) {
		xasprintf(cause, "slurm_load_jobs error: Invalid job id "
		    "specified");
		return (-1);
	}
	if (found == 0)
		buf_puts(out, "No jobs in the system\n");
	return (0);
}

int
sim_scontrol(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	const char	*a, *what = NULL, *names = NULL;
	u_int		*ids = NULL, n, i;
	int		 oneline = 0, show = 0;

	if (argc > 1 && strcmp(argv[1], "update") == 0)
		return (sim_slurm_update(s, argc - 2, argv + 2, cause));
	for (i = 1; i < (u_int)argc; i++) {
		a = argv[i];
		if (strcmp(a, "-o") == 0 || strcmp(a, "--oneliner") == 0)
			oneline = 1;
		else if (strcmp(a, "-a") == 0 || strcmp(a, "-d") == 0 ||
		    strcmp(a, "--all") == 0 || strcmp(a, "--details") == 0)
			;
		else if (!show && strcmp(a, "show") == 0)
			show = 1;
		else if (show && what == NULL)
			what = a;
		else if (show && names == NULL)
			names = a;
		else {
			xasprintf(cause, "scontrol: error: Invalid input: %s",
			    a);
			return (-1);
		}
	}
	if (show && what != NULL && (strcmp(what, "job") == 0 ||
	    strcmp(what, "jobs") == 0 || strcmp(what, "jobid") == 0))
		return (sim_slurm_show_job(s, names, out, cause));
	if (!show || what == NULL || (strcmp(what, "node") != 0 &&
	    strcmp(what, "nodes") != 0 && strcmp(what, "nodename") != 0)) {
		xasprintf(cause, "scontrol: error: the simulator shows nodes "
		    "and jobs only (scontrol show node|job [NAME])");
		return (-1);
	}
	sim_update(s);
	if (names == NULL) {
		for (i = 0; i < s->nnodes; i++) {
			if (i != 0 && !oneline)
				buf_putc(out, '\n');
			sim_slurm_scontrol_node(s, i, oneline, out);
		}
		return (0);
	}
	if (sim_slurm_hostlist(s, names, &ids, &n, cause) != 0)
		return (-1);
	for (i = 0; i < n; i++) {
		if (i != 0 && !oneline)
			buf_putc(out, '\n');
		sim_slurm_scontrol_node(s, ids[i], oneline, out);
	}
	free(ids);
	return (0);
}

