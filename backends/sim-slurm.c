/*
 * myriad - the simulator's Slurm: sinfo and squeue as the Slurm 22.05
 * clients print them (their options in sim-slurm-opt.c, their columns in
 * sim-slurm-fmt.c), scontrol show node, show job and update as Slurm 22.05
 * prints them; all read back by parse-slurm.c.  --json and --yaml are
 * sim-slurm-json.c's, show partition sim-slurm-part.c's.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <math.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim-slurm.h"

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
void
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

/*
 * Node names for scontrol: gpu0001, gpu[0001-0004,0009], a,b; lenient,
 * those the cluster does not have are left out (sinfo -n), else refused.
 */
static int
sim_slurm_hostlist(const struct sim *s, const char *list, int lenient,
    u_int **ids, u_int *n, char **cause)
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
			if ((idx = sim_node_find(s, tok)) >= 0)
				sim_slurm_push(ids, n, &size, idx);
			else if (!lenient)
				goto bad;
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
				if ((idx = sim_node_find(s, name)) >= 0)
					sim_slurm_push(ids, n, &size, idx);
				else if (!lenient)
					goto bad;
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

/* Whether name is in a comma-separated list (NULL: every name is). */
static int
sim_slurm_listed(const char *list, const char *name)
{
	size_t	 len = strlen(name);
	const char *p;

	if (list == NULL)
		return (1);
	for (p = list; *p != '\0'; p += strcspn(p, ",")) {
		if (*p == ',')
			p++;
		if (strncmp(p, name, len) == 0 && (p[len] == ',' ||
		    p[len] == '\0'))
			return (1);
	}
	return (0);
}

/* The date line of -l and -i: Tue Dec 01 23:15:00 2026. */
static void
sim_slurm_date(const struct sim *s, struct buf *out)
{
	struct tm	 tm;
	char		 buf[64];

	strftime(buf, sizeof buf, "%a %b %d %T %Y", sim_tool_gmtime(s->t, &tm));
	buf_printf(out, "%s\n", buf);
}

/* -i N: a period of at least a second; the simulator prints once. */
static int
sim_slurm_iterate(const char *tool, const char *iterate, char **cause)
{
	if (atoi(iterate) > 0)
		return (0);
	if (strcmp(tool, "sinfo") == 0)
		xasprintf(cause, "sinfo: error: Error: invalid entry for "
		    "--iterate=%s", iterate);
	else
		xasprintf(cause, "squeue: error: --iterate=%s\n", iterate);
	return (-1);
}

/*
 * sinfo's or squeue's options: -1 on an error, 1 if the tool has printed
 * all it prints (--help, --usage, -V), else 0.
 */
static int
sim_slurm_args(const char *tool, int argc, char **argv,
    struct sim_slurm_args *a, struct buf *out, char **cause)
{
	int	 rc;

	if ((rc = sim_slurm_opt_parse(argc, argv, a, out, cause)) != 0)
		return (rc);
	if (a->iterate != NULL)
		return (sim_slurm_iterate(tool, a->iterate, cause));
	return (0);
}

/*
 * The width of a %# field: as wide as the widest value, 9 at least (with
 * -N, the only place it is used for them, a node list is a node name).
 */
static int
sim_slurm_hash_width(const struct sim *s, int id)
{
	if (id == 'P')
		return (9);
	if (id == 'N' || id == 'n')
		return (9 > 3 + (int)s->width ? 9 : 3 + (int)s->width);
	return (0);
}

static int
sim_slurm_fmt_width(const struct sim *s, const struct sim_slurm_fmt *f)
{
	return (f->hash ? sim_slurm_hash_width(s, f->col->id) : f->width);
}

/* The header line of a format. */
static void
sim_slurm_fmt_header(const struct sim *s, struct buf *b,
    const struct sim_slurm_fmt *f, u_int nf)
{
	u_int	 i;

	for (i = 0; i < nf; i++) {
		if (f[i].col == NULL)
			buf_puts(b, f[i].text);
		else
			sim_slurm_fmt_field(b, &f[i], f[i].col->header,
			    sim_slurm_fmt_width(s, &f[i]));
	}
	buf_putc(b, '\n');
}

/*
 * A node's GRES as slurm.conf would name it: gpu:TYPE for NVIDIA and AMD,
 * npu:TYPE for Ascend, dcu:TYPE for Hygon, as real sites name them
 * (t/data/PROVENANCE.md, "Slurm GRES of other vendors"); its TRES is
 * gres/NAME, NAME the part before the colon, sim_slurm_gres_len() long.
 */
const char *
sim_slurm_gres(const struct sim *s, u_int node)
{
	return (sim_node_model(s, node)->slurm);
}

int
sim_slurm_gres_len(const struct sim *s, u_int node)
{
	return ((int)strcspn(sim_slurm_gres(s, node), ":"));
}

/* A job's CPUs and memory (MB) on each node: its share of the node. */
u_int
sim_slurm_job_cpus(const struct sim *s, const struct sim_job *j)
{
	return (SIM_CPUS * j->gpus / sim_node_gpus(s, j->first));
}

u_long
sim_slurm_job_mem(const struct sim *s, const struct sim_job *j)
{
	return (240000UL * SIM_GPUS * j->gpus / sim_node_gpus(s, j->first));
}

/* A node as Slurm sees it. */
void
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
	const struct sim_change	*c;
	uint64_t		 h;
	int			 i, j, base;

	memset(sn, 0, sizeof *sn);
	sn->reason = sim_node_reason(s, node, &sn->user, &sn->since);
	f = sim_fault_find(s, node, SF_UNREACH, -1);
	sn->noresp = (f != NULL);
	sn->down = (f != NULL && s->t >= f->start + 300) ||
	    n->admin == SA_DOWN;
	c = sim_state_at(s, node, s->t);
	sn->drain = (!sn->down && sn->reason != NULL) ||
	    (c != NULL && c->state == SD_DRAIN);	/* DOWN+DRAIN */
	for (i = 0; i < 2; i++) {
		if ((j = n->job[i]) < 0)
			continue;
		sn->gpus_used += s->jobs[j].gpus;
		sn->cpus_alloc += sim_slurm_job_cpus(s, &s->jobs[j]);
		sn->mem_alloc += sim_slurm_job_mem(s, &s->jobs[j]);
	}
	if (sn->down)
		base = 3;
	else if (sn->gpus_used >= (int)sim_node_gpus(s, node))
		base = 1;
	else if (sn->gpus_used > 0)
		base = 2;
	else
		base = 0;
	sn->base = base;
	sn->state = base_l[base];
	sn->boot = sim_boot_time(s, node);
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 60), 0x5c);
	sn->busy = sn->gpus_used > 0 ? floor(s->t) :
	    (s->t - 600 - (h % 3000) > sn->boot ? s->t - 600 - (h % 3000) :
	    sn->boot);
	sn->load = sn->noresp ? 0.0 : sn->cpus_alloc * 0.85 + (h % 400) / 100.0;
	sn->freemem = SIM_MEM_MB - 18000 - sn->mem_alloc * 6 / 10 -
	    (long)(h % 9000);
	if (sn->drain) {
		strlcpy(sn->lng, base == 0 || base == 3 ? "drained" :
		    "draining", sizeof sn->lng);
		strlcpy(sn->cmp, base == 0 || base == 3 ? "drain" : "drng",
		    sizeof sn->cmp);
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

/*
 * The node states sinfo -t takes, in the order Slurm tries them, each a
 * prefix of its name or its short name: a node is in it if it has all of
 * need and, if any is set, one of any.
 */
#define SN_IDLE		0x01
#define SN_ALLOC	0x02
#define SN_MIXED	0x04
#define SN_DOWN		0x08
#define SN_DRAIN	0x10
#define SN_NORESP	0x20
#define SN_NEVER	0x40
static const struct sim_slurm_state {
	const char	*name;
	const char	*compact;
	int		 need;
	int		 any;
} sim_slurm_states[] = {
	{ "unknown", "unk", SN_NEVER, 0 },
	{ "down", "down", SN_DOWN, 0 },
	{ "idle", "idle", SN_IDLE, 0 },
	{ "allocated", "alloc", SN_ALLOC, 0 },
	{ "error", "err", SN_NEVER, 0 },
	{ "mixed", "mix", SN_MIXED, 0 },
	{ "future", "futr", SN_NEVER, 0 },
	{ "drain", "drain", SN_DRAIN, 0 },
	{ "drained", "drained", SN_DRAIN|SN_IDLE, 0 },
	{ "draining", "drng", SN_DRAIN, SN_ALLOC|SN_MIXED },
	{ "no_respond", "no_respond", SN_NORESP, 0 },
	{ "reserved", "resv", SN_NEVER, 0 },
	{ "perfctrs", "npc", SN_NEVER, 0 },
	{ "completing", "comp", SN_NEVER, 0 },
	{ "power_down", "powered_down", SN_NEVER, 0 },
	{ "powering_up", "pow_up", SN_NEVER, 0 },
	{ "fail", "fail", SN_NEVER, 0 },
	{ "maint", "maint", SN_NEVER, 0 },
	{ "reboot", "reboot", SN_NEVER, 0 },
};

/* sinfo -t: the states asked for, as a mask of rows; -1 on an error. */
static int
sim_slurm_states_parse(const char *list, uint32_t *mask, char **cause)
{
	char	*copy, *next, *tok;
	size_t	 i, len;

	*mask = 0;
	if (list == NULL || strcasecmp(list, "all") == 0) {
		*mask = ~0U;
		return (0);
	}
	copy = xstrdup(list);
	for (next = copy; (tok = strsep(&next, ",")) != NULL; ) {
		if ((len = strlen(tok)) == 0)
			continue;
		for (i = 0; i < nitems(sim_slurm_states); i++) {
			if (strncasecmp(sim_slurm_states[i].compact, tok,
			    len) == 0 || strncasecmp(sim_slurm_states[i].name,
			    tok, len) == 0)
				break;
		}
		if (i == nitems(sim_slurm_states)) {
			xasprintf(cause, "sinfo: error: Bad state string: "
			    "\"%s\"\nsinfo: error: valid states: unknown,"
			    "down,idle,allocated,?,mixed,future,drain,drained,"
			    "draining,no_respond,reserved,perfctrs,cloud,"
			    "completing,powering_down,powered_down,power_down,"
			    "powering_up,fail,maint,reboot,reboot^,unknown",
			    tok);
			free(copy);
			return (-1);
		}
		*mask |= 1U << i;
	}
	free(copy);
	return (0);
}

static int
sim_slurm_states_match(uint32_t mask, const struct sim_slurm_node *sn)
{
	static const int	 bases[] = {
		SN_IDLE, SN_ALLOC, SN_MIXED, SN_DOWN
	};
	size_t			 i;
	int			 bits;

	if (mask == ~0U)
		return (1);
	bits = bases[sn->base] | (sn->drain ? SN_DRAIN : 0) |
	    (sn->noresp ? SN_NORESP : 0);
	for (i = 0; i < nitems(sim_slurm_states); i++) {
		if ((mask & (1U << i)) == 0)
			continue;
		if ((bits & sim_slurm_states[i].need) ==
		    sim_slurm_states[i].need && (sim_slurm_states[i].any == 0 ||
		    (bits & sim_slurm_states[i].any) != 0))
			return (1);
	}
	return (0);
}

/* What a line of sinfo counts over its nodes: %A, %C, %D, %F. */
struct sim_slurm_count {
	u_int		 nodes[3];	/* allocated, idle, other */
	u_int		 cpus[3];
};

static void
sim_slurm_count_node(struct sim_slurm_count *c, const struct sim_slurm_node *sn)
{
	int	 other = sn->down || sn->drain;

	c->nodes[other ? 2 : sn->cpus_alloc > 0 ? 0 : 1]++;
	c->cpus[0] += sn->down ? 0 : sn->cpus_alloc;
	c->cpus[2] += other ? SIM_CPUS - (sn->down ? 0 : sn->cpus_alloc) : 0;
	c->cpus[1] += other ? 0 : SIM_CPUS - sn->cpus_alloc;
}

/* One sinfo value of a (node, partition) record. */
static void
sim_slurm_sinfo_value(struct sim *s, const struct sim_slurm_col *col,
    u_int node, int part, const struct sim_slurm_node *sn, char *v,
    size_t len)
{
	const struct sim_partition	*p = &sim_partitions[part];
	uint64_t			 h;

	if (col->text != NULL) {
		strlcpy(v, col->text, len);
		return;
	}
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 60), 0x5c);
	switch (col->id) {
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
		snprintf(v, len, "%s:%u(S:0-1)", sim_slurm_gres(s, node),
		    sim_node_gpus(s, node));
		break;
	case 'P':
		snprintf(v, len, "%s%s", p->name, p->isdefault ? "*" : "");
		break;
	case 'R':
		strlcpy(v, p->name, len);
		break;
	case 'b':
		snprintf(v, len, "%s,ib,rack%03u", sim_node_model(s,
		    node)->name, sim_node_rack(s, node) + 1);
		break;
	case 'c':
		snprintf(v, len, "%d", SIM_CPUS);
		break;
	case 'e':
		snprintf(v, len, "%ld", (long)(SIM_MEM_MB - 18000 -
		    sn->mem_alloc * 6 / 10 - (long)(h % 9000)));
		break;
	case 'm':
		snprintf(v, len, "%d", SIM_MEM_MB);
		break;
	case 'l':
		field_duration(v, len, p->maxtime);
		break;
	case 'O':
		if (sn->noresp)
			strlcpy(v, "N/A", len);
		else
			snprintf(v, len, "%.2f", sn->cpus_alloc * 0.85 +
			    (h % 400) / 100.0);
		break;
	case '1':
		snprintf(v, len, "%ld", sn->down ? 0 : sn->mem_alloc);
		break;
	case '2':
		if (sn->gpus_used > 0)
			snprintf(v, len, "%s:%d(IDX:0-%d)", sim_slurm_gres(s,
			    node), sn->gpus_used, sn->gpus_used - 1);
		else
			snprintf(v, len, "%s:0(IDX:N/A)", sim_slurm_gres(s,
			    node));
		break;
	default:
		v[0] = '\0';
		break;
	}
}

/* A line of sinfo: its first record, and its nodes. */
struct sim_slurm_group {
	char		*key;
	u_int		 node;		/* first record */
	int		 part;
	u_int		*ids;
	u_int		 nids;
	u_int		 size;
	struct sim_slurm_count count;
};

static void
sim_slurm_sinfo_line(struct sim *s, struct buf *b,
    const struct sim_slurm_fmt *f, u_int nf, const struct sim_slurm_group *g)
{
	const struct sim_slurm_count	*c = &g->count;
	struct sim_slurm_node		 sn;
	struct buf			 nb;
	char				 v[320];
	u_int				 i;

	sim_slurm_node(s, g->node, &sn);
	buf_init(&nb);
	for (i = 0; i < nf; i++) {
		if (f[i].col == NULL) {
			buf_puts(b, f[i].text);
			continue;
		}
		switch (f[i].col->id) {
		case 'N':
			buf_reset(&nb);
			sim_slurm_fold(s, &nb, g->ids, g->nids);
			strlcpy(v, nb.data != NULL ? nb.data : "", sizeof v);
			break;
		case 'D':
			snprintf(v, sizeof v, "%u", g->nids);
			break;
		case 'A':
			snprintf(v, sizeof v, "%u/%u", c->nodes[0],
			    c->nodes[1]);
			break;
		case 'F':
			snprintf(v, sizeof v, "%u/%u/%u/%u", c->nodes[0],
			    c->nodes[1], c->nodes[2], g->nids);
			break;
		case 'C':
			snprintf(v, sizeof v, "%u/%u/%u/%u", c->cpus[0],
			    c->cpus[1], c->cpus[2], g->nids * SIM_CPUS);
			break;
		default:
			sim_slurm_sinfo_value(s, f[i].col, g->node, g->part,
			    &sn, v, sizeof v);
			break;
		}
		sim_slurm_fmt_field(b, &f[i], v, sim_slurm_fmt_width(s, &f[i]));
	}
	buf_free(&nb);
	buf_putc(b, '\n');
}

/*
 * The nodes sinfo -n or squeue -w asks for, as a map of node numbers; NULL
 * for all.  sinfo leaves out a name it does not know, squeue refuses it.
 */
static int
sim_slurm_nodemap(const struct sim *s, const char *list, int squeue,
    u_char **map, char **cause)
{
	u_int	*ids, n, i;

	*map = NULL;
	if (list == NULL)
		return (0);
	if (sim_slurm_hostlist(s, list, !squeue, &ids, &n, cause) != 0) {
		free(*cause);
		if (squeue)
			xasprintf(cause, "squeue: error: Invalid node name %s",
			    list);
		else
			xasprintf(cause, "sinfo: error: '%s' invalid entry for "
			    "--nodes", list);
		return (-1);
	}
	*map = xcalloc(s->nnodes, 1);
	for (i = 0; i < n; i++)
		(*map)[ids[i]] = 1;
	free(ids);
	return (0);
}

/* Which format sinfo prints without -o or -O. */
static const char *
sim_slurm_sinfo_format(const struct sim_slurm_args *a)
{
	if (a->summarize)
		return ("%#P %.5a %.10l %.16F %N");
	if (a->node && a->longfmt)
		return ("%#N %.6D %.#P %.11T %.4c %.8z %.6m %.8d %.6w %.8f "
		    "%20E");
	if (a->node)
		return ("%#N %.6D %.#P %6t");
	if (a->reasons && a->longfmt)
		return ("%20E %12U %19H %6t %N");
	if (a->reasons)
		return ("%20E %9u %19H %N");
	if (a->longfmt)
		return ("%#P %.5a %.10l %.10s %.4r %.8h %.10g %.6D %.11T %N");
	return ("%#P %.5a %.10l %.6D %.6t %N");
}

/* Add node n of partition p to the line of its values, or a new one. */
static void
sim_slurm_sinfo_add(struct sim *s, const struct sim_slurm_fmt *f, u_int nf,
    struct sim_slurm_group **g, u_int *ng, u_int n, int p, int pernode,
    const struct sim_slurm_node *sn, struct buf *key)
{
	char	 v[320];
	u_int	 i, k;

	buf_reset(key);
	if (pernode)
		buf_printf(key, "%u", n);
	for (i = 0; i < nf; i++) {
		if (f[i].col == NULL || f[i].col->agg)
			continue;
		sim_slurm_sinfo_value(s, f[i].col, n, p, sn, v, sizeof v);
		buf_putc(key, '\037');
		buf_puts(key, v);
	}
	/* A line a node (-N) is its own: no search, at 25,000 nodes. */
	for (k = pernode ? *ng : 0; k < *ng; k++) {
		if (strcmp((*g)[k].key, key->data != NULL ? key->data : "") ==
		    0)
			break;
	}
	if (k == *ng) {
		*g = xreallocarray(*g, *ng + 1, sizeof **g);
		memset(&(*g)[k], 0, sizeof (*g)[k]);
		(*g)[k].key = xstrdup(key->data != NULL ? key->data : "");
		(*g)[k].node = n;
		(*g)[k].part = p;
		(*ng)++;
	}
	sim_slurm_push(&(*g)[k].ids, &(*g)[k].nids, &(*g)[k].size, n);
	sim_slurm_count_node(&(*g)[k].count, sn);
}

int
sim_sinfo(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_slurm_args	 a;
	struct sim_slurm_fmt	*f;
	struct sim_slurm_node	 sn;
	struct sim_slurm_group	*g = NULL;
	struct buf		 key, warn;
	const char		*format;
	u_char			*map;
	uint32_t		 states;
	u_int			 nf, i, n, k, ng = 0;
	int			 parts[2], np, pi, p, haspart = 0, rc;

	if ((rc = sim_slurm_args("sinfo", argc, argv, &a, out, cause)) != 0)
		return (rc < 0 ? -1 : 0);
	if (a.all && a.partition != NULL) {
		xasprintf(cause, "sinfo: error: Conflicting options, -a and "
		    "-p, specified. Please choose one or the other.");
		return (-1);
	}
	if (sim_slurm_states_parse(a.states != NULL ? a.states : a.reasons ?
	    "down,fail,drain" : NULL, &states, cause) != 0)
		return (-1);
	if (a.json || a.yaml)	/* 22.05 prints every node, whatever asked */
		return (sim_slurm_json_sinfo(s, a.yaml, out));
	if (sim_slurm_nodemap(s, a.nodes, 0, &map, cause) != 0)
		return (-1);
	sim_update(s);
	if ((a.longfmt || a.iterate != NULL) && !a.noheader)
		sim_slurm_date(s, out);
	if (a.resv) {
		buf_puts(out, "No reservations in the system\n");
		free(map);
		return (0);
	}
	buf_init(&warn);
	format = a.Format != NULL ? a.Format : a.format != NULL ? a.format :
	    sim_slurm_sinfo_format(&a);
	sim_slurm_fmt_parse("sinfo", format, a.Format != NULL, &f, &nf, &warn);
	for (i = 0; i < nf; i++) {
		if (f[i].col != NULL && (f[i].col->id == 'P' ||
		    f[i].col->id == 'R'))
			haspart = 1;
	}
	if (!a.noheader)
		sim_slurm_fmt_header(s, out, f, nf);

	/*
	 * A line a node with -N, else a line for each partition (if the
	 * format shows it) and distinct values, its nodes counted once.
	 */
	buf_init(&key);
	for (p = 0; p < (!a.node && haspart ? SIM_NPARTS : 1); p++) {
		for (n = 0; n < s->nnodes; n++) {
			if (map != NULL && !map[n])
				continue;
			np = sim_node_partitions(s, n, parts);
			for (pi = 0; pi < np; pi++) {
				if (!sim_slurm_listed(a.partition,
				    sim_partitions[parts[pi]].name))
					continue;
				if (!a.node && haspart && parts[pi] != p)
					continue;
				sim_slurm_node(s, n, &sn);
				if (!sim_slurm_states_match(states, &sn) ||
				    (a.dead && !sn.noresp) ||
				    (a.responding && sn.noresp))
					continue;
				sim_slurm_sinfo_add(s, f, nf, &g, &ng, n,
				    parts[pi], a.node, &sn, &key);
				if (!a.node && !haspart)
					break;
			}
		}
	}
	for (k = 0; k < ng; k++) {
		sim_slurm_sinfo_line(s, out, f, nf, &g[k]);
		free(g[k].key);
		free(g[k].ids);
	}
	free(g);
	free(map);
	buf_free(&key);
	sim_slurm_fmt_free(f, nf);
	if (warn.len != 0)
		xasprintf(cause, "%.*s", (int)warn.len - 1, warn.data);
	buf_free(&warn);
	return (0);
}

void
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

/* The first node of a running job: its batch host. */
static u_int
sim_slurm_job_host(const struct sim *s, const struct sim_job *j)
{
	u_int	 host;
	int	 ji = (int)(j - s->jobs);

	for (host = j->first; host < j->last &&
	    s->nodes[host].job[j->shared] != ji; host++)
		;
	return (host);
}

/* When a job was submitted. */
static double
sim_slurm_job_submitted(const struct sim *s, const struct sim_job *j)
{
	return ((j->state == SJ_RUNNING ? j->start0 : floor(s->t)) -
	    sim_hash(s->seed, j->id, 0, 0x5d) % 3600);
}

static void
sim_slurm_squeue_value(struct sim *s, const struct sim_slurm_col *col,
    const struct sim_job *j, int step, struct buf *v)
{
	const char	*user = sim_user(j->user);
	char		 tmp[64];
	int		 run = (j->state == SJ_RUNNING);
	u_int		 cpus = j->nnodes * sim_slurm_job_cpus(s, j), prio;
	int		 g = sim_slurm_gres_len(s, j->first);
	double		 t;

	if (col->text != NULL) {
		buf_puts(v, col->text);
		return;
	}
	prio = 10000 + sim_hash(s->seed, j->id, 1, 0x5d) % 90000;
	switch (col->id) {
	case 'i':
		buf_printf(v, step ? "%u.batch" : "%u", j->id);
		break;
	case 'u':
		buf_puts(v, user);
		break;
	case 'U':
		buf_printf(v, "%u", 10000 + j->user);
		break;
	case 'P':
		buf_puts(v, sim_partitions[j->part].name);
		break;
	case 'j':
		buf_puts(v, step ? "batch" : sim_jobname(j->name));
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
	case 'L':
		buf_puts(v, field_duration(tmp, sizeof tmp, j->limit - (run ?
		    (long)floor(s->t - j->start) : 0)));
		break;
	case 'D':
		buf_printf(v, "%u", j->nnodes);
		break;
	case 'C':
		buf_printf(v, "%u", cpus);
		break;
	case 'c':
		buf_printf(v, "%u", sim_slurm_job_cpus(s, j) / j->gpus);
		break;
	case '1':
		buf_printf(v, "%u", j->nnodes * j->gpus);
		break;
	case 'm':
		buf_printf(v, "%luM", sim_slurm_job_mem(s, j));
		break;
	case 'b':
		buf_printf(v, "gres/%.*s:%u", g, sim_slurm_gres(s, j->first),
		    j->gpus);
		break;
	case '3':
		buf_printf(v, "cpu=%u,mem=%luM,node=%u,billing=%u,"
		    "gres/%.*s=%u", cpus, sim_slurm_job_mem(s, j) * j->nnodes,
		    j->nnodes, cpus, g, sim_slurm_gres(s, j->first),
		    j->nnodes * j->gpus);
		break;
	case 'N':
		if (run && step)
			buf_puts(v, sim_node_name(s, sim_slurm_job_host(s, j)));
		else if (run)
			sim_slurm_job_nodes(s, j, v);
		break;
	case 'B':
		buf_puts(v, run ? sim_node_name(s, sim_slurm_job_host(s, j)) :
		    "n/a");
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
	case 'e':
	case 'V':
	case '4':
		t = col->id == 'V' || (col->id == '4' && !run) ?
		    sim_slurm_job_submitted(s, j) : col->id == 'e' ?
		    j->start + j->limit : j->start;
		if (run || col->id == 'V' || col->id == '4') {
			sim_slurm_time(tmp, sizeof tmp, t);
			buf_puts(v, tmp);
		} else
			buf_puts(v, "N/A");
		break;
	case '6':
		buf_printf(v, "%ld", (long)floor((run ? j->start : s->t) -
		    sim_slurm_job_submitted(s, j)));
		break;
	case 'p':
		buf_printf(v, "%.14f", prio / 4294967296.0);
		break;
	case 'Q':
		buf_printf(v, "%u", prio);
		break;
	case 'o':
		buf_printf(v, "/home/%s/%s.sbatch", user, sim_jobname(j->name));
		break;
	case 'Z':
		buf_printf(v, "/home/%s", user);
		break;
	case '2':
		buf_printf(v, "/home/%s/slurm-%u.out", user, j->id);
		break;
	case '5':
		buf_printf(v, "%u", (u_int)(1000 + sim_hash(s->seed, j->id, 2,
		    0x5d) % 4000000));
		break;
	}
}

/*
 * The job states squeue -t takes (its own short names too); the simulator's
 * jobs are pending or running.
 */
static const struct sim_slurm_jstate {
	const char	*name;
	const char	*compact;
} sim_slurm_jstates[] = {
	{ "PENDING", "PD" }, { "RUNNING", "R" }, { "SUSPENDED", "S" },
	{ "COMPLETED", "CD" }, { "CANCELLED", "CA" }, { "FAILED", "F" },
	{ "TIMEOUT", "TO" }, { "NODE_FAIL", "NF" }, { "PREEMPTED", "PR" },
	{ "BOOT_FAIL", "BF" }, { "DEADLINE", "DL" },
	{ "OUT_OF_MEMORY", "OOM" }, { "COMPLETING", "CG" },
	{ "CONFIGURING", "CF" }, { "RESIZING", "RS" },
	{ "RESV_DEL_HOLD", "RD" }, { "REQUEUED", "RQ" },
	{ "REQUEUE_FED", "RF" }, { "REQUEUE_HOLD", "RH" },
	{ "REVOKED", "RV" }, { "SIGNALING", "SI" },
	{ "SPECIAL_EXIT", "SE" }, { "STAGE_OUT", "SO" },
	{ "STOPPED", "ST" },
};

/* squeue -t: bit 0 pending, bit 1 running; -1 on an error. */
static int
sim_slurm_jstates_parse(const char *list, int *mask, char **cause)
{
	struct buf	 all;
	char		*copy, *next, *tok;
	size_t		 i;

	*mask = 0;
	if (list == NULL || strcasecmp(list, "all") == 0) {
		*mask = 3;
		return (0);
	}
	copy = xstrdup(list);
	for (next = copy; (tok = strsep(&next, ",")) != NULL; ) {
		for (i = 0; i < nitems(sim_slurm_jstates); i++) {
			if (strcasecmp(sim_slurm_jstates[i].name, tok) == 0 ||
			    strcasecmp(sim_slurm_jstates[i].compact, tok) == 0)
				break;
		}
		if (i < 2)
			*mask |= 1 << i;
		if (i < nitems(sim_slurm_jstates) || strcasecmp(tok,
		    "all") == 0) {
			*mask |= i == nitems(sim_slurm_jstates) ? 3 : 0;
			continue;
		}
		buf_init(&all);
		for (i = 0; i < nitems(sim_slurm_jstates); i++)
			buf_printf(&all, "%s%s", i ? "," : "",
			    sim_slurm_jstates[i].name);
		xasprintf(cause, "squeue: error: Invalid job state specified: "
		    "%s\nsqueue: error: Valid job states include: %s\n", tok,
		    all.data);
		buf_free(&all);
		free(copy);
		return (-1);
	}
	free(copy);
	return (0);
}

/* Whether a job's id is in squeue -j's list. */
static int
sim_slurm_job_listed(const char *list, const struct sim_job *j)
{
	char	 id[16];

	snprintf(id, sizeof id, "%u", j->id);
	return (list == NULL || *list == '\0' || sim_slurm_listed(list, id));
}

/* Whether every job id of squeue -j starts as a number: Slurm's test. */
static int
sim_slurm_jobs_valid(const char *list, char **cause)
{
	const char	*p;
	size_t		 len;

	for (p = list; *p != '\0'; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		if (!isdigit((u_char)*p)) {
			xasprintf(cause, "squeue: error: Invalid job id: %.*s",
			    (int)len, p);
			return (0);
		}
	}
	return (1);
}

/* Whether every user of squeue -u is the simulator's or the host's. */
static int
sim_slurm_users_known(const char *list, struct buf *warn)
{
	char	*copy, *next, *tok;
	u_int	 i;
	int	 known = 1;

	copy = xstrdup(list);
	for (next = copy; (tok = strsep(&next, ",")) != NULL; ) {
		for (i = 0; i < 256 && strcmp(sim_user(i), tok) != 0; i++)
			;
		if (i == 256 && strspn(tok, "0123456789") != strlen(tok) &&
		    getpwnam(tok) == NULL) {
			buf_printf(warn, "squeue: error: Invalid user: %s\n\n",
			    tok);
			known = 0;
		}
	}
	free(copy);
	return (known);
}

/* Whether a job is one squeue's options ask for. */
static int
sim_slurm_squeue_wanted(const struct sim *s, const struct sim_slurm_args *a,
    const struct sim_job *j, int states, const u_char *map)
{
	const char	*user = sim_user(j->user), *me;
	char		 uid[16];
	u_int		 i;
	int		 ji = (int)(j - s->jobs), run = j->state == SJ_RUNNING;

	if (!(states & (run ? 2 : 1)) || (a->start && run) ||
	    (a->steps != NULL && !run))
		return (0);
	snprintf(uid, sizeof uid, "%u", 10000 + j->user);
	if (!sim_slurm_job_listed(a->jobs, j) ||
	    (!sim_slurm_listed(a->users, user) &&
	    !sim_slurm_listed(a->users, uid)) ||
	    !sim_slurm_listed(a->accounts, user) ||
	    !sim_slurm_listed(a->names, sim_jobname(j->name)) ||
	    !sim_slurm_listed(a->qos, "normal") ||
	    !sim_slurm_listed(a->partition, sim_partitions[j->part].name) ||
	    a->resvname != NULL || a->licenses != NULL)
		return (0);
	if (a->me && ((me = getenv("USER")) == NULL || strcmp(me, user) != 0))
		return (0);
	if (map == NULL)
		return (1);
	for (i = j->first; run && i <= j->last; i++) {
		if (map[i] && s->nodes[i].job[j->shared] == ji)
			return (1);
	}
	return (0);
}

/* Which format squeue prints without -o or -O. */
static const char *
sim_slurm_squeue_format(const struct sim_slurm_args *a)
{
	if (a->steps != NULL)
		return ("%.15i %.8j %.9P %.8u %.9M %N");
	if (a->start)
		return ("%.18i %.9P %.8j %.8u %.2t %.19S %.6D %20Y %R");
	if (a->longfmt)
		return ("%.18i %.9P %.8j %.8u %.8T %.10M %.9l %.6D %R");
	return ("%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R");
}

int
sim_squeue(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const struct sim_slurm_col sim_slurm_step_col = {
		.c = 'i', .header = "STEPID", .id = 'i'
	};
	struct sim_slurm_args	 a;
	struct sim_slurm_fmt	*f;
	const struct sim_job	*j;
	struct buf		 v, warn;
	u_char			*map;
	u_int			 nf, i, found = 0;
	int			 states, rc;

	if ((rc = sim_slurm_args("squeue", argc, argv, &a, out, cause)) != 0)
		return (rc < 0 ? -1 : 0);
	if (sim_slurm_jstates_parse(a.states, &states, cause) != 0)
		return (-1);
	if (a.jobs != NULL && !sim_slurm_jobs_valid(a.jobs, cause))
		return (-1);
	if (a.json || a.yaml)	/* and every job */
		return (sim_slurm_json_squeue(s, a.yaml, out));
	if (sim_slurm_nodemap(s, a.nodes, 1, &map, cause) != 0)
		return (-1);
	sim_update(s);
	buf_init(&warn);
	if (a.users != NULL && !sim_slurm_users_known(a.users, &warn))
		a.users = "";
	if (a.jobs != NULL && *a.jobs != '\0' && strchr(a.jobs, ',') == NULL) {
		for (j = s->jobs; j < s->jobs + s->njobs; j++) {
			if (sim_slurm_job_listed(a.jobs, j))
				found++;
		}
		if (found == 0) {
			xasprintf(cause, "slurm_load_jobs error: Invalid job "
			    "id specified");
			buf_free(&warn);
			free(map);
			return (-1);
		}
	}
	if ((a.longfmt || a.iterate != NULL) && !a.noheader)
		sim_slurm_date(s, out);
	sim_slurm_fmt_parse("squeue", a.Format != NULL ? a.Format :
	    a.format != NULL ? a.format : sim_slurm_squeue_format(&a),
	    a.Format != NULL, &f, &nf, &warn);
	for (i = 0; a.steps != NULL && i < nf; i++) {
		if (f[i].col != NULL && f[i].col->id == 'i')
			f[i].col = &sim_slurm_step_col;
	}
	if (!a.noheader)
		sim_slurm_fmt_header(s, out, f, nf);
	buf_init(&v);
	for (j = s->jobs; j < s->jobs + s->njobs; j++) {
		if (!sim_slurm_squeue_wanted(s, &a, j, states, map))
			continue;
		for (i = 0; i < nf; i++) {
			if (f[i].col == NULL) {
				buf_puts(out, f[i].text);
				continue;
			}
			buf_reset(&v);
			sim_slurm_squeue_value(s, f[i].col, j, a.steps != NULL,
			    &v);
			sim_slurm_fmt_field(out, &f[i], v.data != NULL ?
			    v.data : "", f[i].width);
		}
		buf_putc(out, '\n');
	}
	buf_free(&v);
	free(map);
	sim_slurm_fmt_free(f, nf);
	if (warn.len != 0)
		xasprintf(cause, "%.*s", (int)warn.len - 1, warn.data);
	buf_free(&warn);
	return (0);
}

/*
 * scontrol show node [-d] [-o]: a node as Slurm 22.05 prints it, a blank
 * after some of its lines, and an empty line after it unless -o.
 */
static void
sim_slurm_scontrol_node(struct sim *s, u_int node,
    const struct sim_slurm_args *a, struct buf *out)
{
	struct sim_slurm_node	 sn;
	const char		*name = sim_node_name(s, node);
	const char		*sep = a->oneliner ? " " : "\n   ";
	const char		*gres = sim_slurm_gres(s, node);
	char			 boot[32], start[32], busy[32], since[32];
	char			 parts[64];
	int			 p[2], np, i, g = sim_slurm_gres_len(s, node);

	sim_slurm_node(s, node, &sn);
	sim_slurm_time(boot, sizeof boot, sn.boot);
	sim_slurm_time(start, sizeof start, sn.boot + 95);
	sim_slurm_time(busy, sizeof busy, sn.busy);
	np = sim_node_partitions(s, node, p);
	parts[0] = '\0';
	for (i = 0; i < np; i++) {
		if (i != 0)
			sim_slurm_cat(parts, ",", sizeof parts);
		sim_slurm_cat(parts, sim_partitions[p[i]].name, sizeof parts);
	}

	buf_printf(out, "NodeName=%s Arch=x86_64 CoresPerSocket=56 ", name);
	buf_printf(out, "%sCPUAlloc=%d CPUEfctv=%d CPUTot=%d CPULoad=%.2f",
	    sep, sn.down ? 0 : sn.cpus_alloc, SIM_CPUS, SIM_CPUS, sn.load);
	buf_printf(out, "%sAvailableFeatures=%s,ib,rack%03u", sep,
	    sim_node_model(s, node)->name, sim_node_rack(s, node) + 1);
	buf_printf(out, "%sActiveFeatures=%s,ib,rack%03u", sep,
	    sim_node_model(s, node)->name, sim_node_rack(s, node) + 1);
	buf_printf(out, "%sGres=%s:%u(S:0-1)", sep, gres,
	    sim_node_gpus(s, node));
	if (a->details && sn.gpus_used > 0 && !sn.down)
		buf_printf(out, "%sGresDrain=N/A%sGresUsed=%s:%d(IDX:0-%d)",
		    sep, sep, gres, sn.gpus_used, sn.gpus_used - 1);
	else if (a->details)
		buf_printf(out, "%sGresDrain=N/A%sGresUsed=%s:0(IDX:N/A)",
		    sep, sep, gres);
	buf_printf(out, "%sNodeAddr=%s NodeHostName=%s Version=%s", sep, name,
	    name, SIM_SLURM);
	buf_printf(out, "%sOS=Linux 5.15.0-119-generic #129-Ubuntu SMP Fri "
	    "Aug 2 19:25:20 UTC 2024 ", sep);
	buf_printf(out, "%sRealMemory=%d AllocMem=%ld FreeMem=%ld Sockets=2 "
	    "Boards=1", sep, SIM_MEM_MB, sn.down ? 0 : sn.mem_alloc,
	    sn.freemem);
	buf_printf(out, "%sState=%s ThreadsPerCore=1 TmpDisk=0 Weight=1 "
	    "Owner=N/A MCS_label=N/A", sep, sn.sc);
	buf_printf(out, "%sPartitions=%s ", sep, parts);
	buf_printf(out, "%sBootTime=%s SlurmdStartTime=%s", sep, boot, start);
	buf_printf(out, "%sLastBusyTime=%s", sep, busy);
	buf_printf(out, "%sCfgTRES=cpu=%d,mem=%dM,billing=%d,gres/%.*s=%u",
	    sep, SIM_CPUS, SIM_MEM_MB, SIM_CPUS, g, gres,
	    sim_node_gpus(s, node));
	if (sn.cpus_alloc > 0 && !sn.down)
		buf_printf(out, "%sAllocTRES=cpu=%d,mem=%ldG,gres/%.*s=%d",
		    sep, sn.cpus_alloc, sn.mem_alloc / 1024, g, gres,
		    sn.gpus_used);
	else
		buf_printf(out, "%sAllocTRES=", sep);
	buf_printf(out, "%sCapWatts=n/a", sep);
	buf_printf(out, "%sCurrentWatts=0 AveWatts=0", sep);
	buf_printf(out, "%sExtSensorsJoules=n/s ExtSensorsWatts=0 "
	    "ExtSensorsTemp=n/s", sep);
	if (sn.reason != NULL) {
		sim_slurm_time(since, sizeof since, sn.since);
		buf_printf(out, "%sReason=%s [%s@%s]", sep, sn.reason, sn.user,
		    since);
	}
	buf_puts(out, a->oneliner ? "\n" : "\n\n");
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

/*
 * scontrol show job [-d] [-o]: a job as Slurm 22.05 prints it, a line of
 * three blanks and an empty one after it unless -o.
 */
static void
sim_slurm_scontrol_job(struct sim *s, const struct sim_job *j,
    const struct sim_slurm_args *a, struct buf *out)
{
	const char	*sep = a->oneliner ? " " : "\n   ";
	const char	*user = sim_user(j->user), *name = sim_jobname(j->name);
	const char	*part = sim_partitions[j->part].name;
	int		 run = (j->state == SJ_RUNNING);
	const char	*gres = sim_slurm_gres(s, j->first);
	int		 g = sim_slurm_gres_len(s, j->first);
	u_int		 cpus = j->nnodes * sim_slurm_job_cpus(s, j), gpu0 = 0;
	u_int		 host = j->first, uid, cpn = sim_slurm_job_cpus(s, j);
	u_long		 mem = sim_slurm_job_mem(s, j);
	char		 submit[32], start[32], end[32], t[32], limit[32];
	struct buf	 nodes;
	double		 submitted;

	uid = 10000 + j->user;
	submitted = sim_slurm_job_submitted(s, j);
	sim_slurm_time(submit, sizeof submit, submitted);
	sim_slurm_secs(limit, sizeof limit, j->limit);
	buf_init(&nodes);
	if (run) {
		sim_slurm_job_nodes(s, j, &nodes);
		sim_slurm_time(start, sizeof start, j->start);
		sim_slurm_time(end, sizeof end, j->start + j->limit);
		host = sim_slurm_job_host(s, j);
		gpu0 = s->nodes[host].gpu0[j->shared];
	} else {
		strlcpy(start, "Unknown", sizeof start);
		strlcpy(end, "Unknown", sizeof end);
	}
	buf_printf(out, "JobId=%u JobName=%s", j->id, name);
	buf_printf(out, "%sUserId=%s(%u) GroupId=%s(%u) MCS_label=N/A", sep,
	    user, uid, user, uid);
	buf_printf(out, "%sPriority=%u Nice=0 Account=%s QOS=normal", sep,
	    (u_int)(10000 + sim_hash(s->seed, j->id, 1, 0x5d) % 90000), user);
	buf_printf(out, "%sJobState=%s Reason=%s Dependency=(null)", sep,
	    run ? "RUNNING" : "PENDING", run ? "None" :
	    sim_pending_reason(j->reason));
	buf_printf(out, "%sRequeue=1 Restarts=%d BatchFlag=1 Reboot=0 "
	    "ExitCode=0:0", sep, j->start > j->start0);	/* requeued */
	if (a->details)
		buf_printf(out, "%sDerivedExitCode=0:0", sep);
	buf_printf(out, "%sRunTime=%s TimeLimit=%s TimeMin=N/A", sep,
	    sim_slurm_secs(t, sizeof t, run ? (long)floor(s->t - j->start) :
	    0), limit);
	buf_printf(out, "%sSubmitTime=%s EligibleTime=%s", sep, submit, submit);
	buf_printf(out, "%sAccrueTime=%s", sep, submit);
	buf_printf(out, "%sStartTime=%s EndTime=%s Deadline=N/A", sep, start,
	    end);
	buf_printf(out, "%sSuspendTime=None SecsPreSuspend=0 "
	    "LastSchedEval=%s Scheduler=Main", sep, run ? start : submit);
	buf_printf(out, "%sPartition=%s AllocNode:Sid=login01:%u", sep, part,
	    (u_int)(1000 + sim_hash(s->seed, j->id, 2, 0x5d) % 4000000));
	buf_printf(out, "%sReqNodeList=(null) ExcNodeList=(null)", sep);
	buf_printf(out, "%sNodeList=%s", sep, run ? nodes.data : "");
	if (run)
		buf_printf(out, "%sBatchHost=%s", sep, sim_node_name(s, host));
	if (run)
		buf_printf(out, "%sNumNodes=%u", sep, j->nnodes);
	else
		buf_printf(out, "%sNumNodes=%u-%u", sep, j->nnodes, j->nnodes);
	buf_printf(out, " NumCPUs=%u NumTasks=%u CPUs/Task=%u "
	    "ReqB:S:C:T=0:0:*:*", cpus, j->nnodes * j->gpus, cpn / j->gpus);
	/* What it was allocated, or asked for while pending. */
	buf_printf(out, "%sTRES=cpu=%u,mem=%luM,node=%u,billing=%u,"
	    "gres/%.*s=%u", sep, cpus, mem * j->nnodes, j->nnodes, cpus, g,
	    gres, j->nnodes * j->gpus);
	buf_printf(out, "%sSocks/Node=* NtasksPerN:B:S:C=%u:0:*:* "
	    "CoreSpec=*", sep, (u_int)j->gpus);
	if (run && a->details) {
		buf_printf(out, "%sJOB_GRES=%s:%u", sep, gres,
		    j->nnodes * j->gpus);
		buf_printf(out, "%s  Nodes=%s CPU_IDs=%u-%u Mem=%lu "
		    "GRES=%s:%u(IDX:%u-%u)", sep, nodes.data, gpu0 * cpn /
		    j->gpus, (gpu0 + j->gpus) * cpn / j->gpus - 1, mem, gres,
		    j->gpus, gpu0, gpu0 + j->gpus - 1);
	}
	buf_printf(out, "%sMinCPUsNode=%u MinMemoryNode=%luM "
	    "MinTmpDiskNode=0", sep, cpn / j->gpus, mem);
	buf_printf(out, "%sFeatures=(null) DelayBoot=00:00:00", sep);
	buf_printf(out, "%sOverSubscribe=OK Contiguous=0 Licenses=(null) "
	    "Network=(null)", sep);
	buf_printf(out, "%sCommand=/home/%s/%s.sbatch", sep, user, name);
	buf_printf(out, "%sWorkDir=/home/%s", sep, user);
	buf_printf(out, "%sStdErr=/home/%s/slurm-%u.out", sep, user, j->id);
	buf_printf(out, "%sStdIn=/dev/null", sep);
	buf_printf(out, "%sStdOut=/home/%s/slurm-%u.out", sep, user, j->id);
	buf_printf(out, "%sPower=", sep);
	buf_printf(out, "%sTresPerNode=gres:%.*s:%u%s\n%s", sep, g, gres,
	    (u_int)j->gpus, sep, a->oneliner ? "" : "\n");
	buf_free(&nodes);
}

/*
 * The states scontrol update takes, each by a prefix of min letters at
 * least, as 22.05's client reads them; what the simulator does with each.
 */
struct sim_slurm_update_state {
	const char	*name;
	size_t		 min;
	enum {
		SUS_OTHER,	/* taken by slurmctld, not by the simulator */
		SUS_DRAIN,
		SUS_RESUME,
		SUS_INVALID	/* refused by slurmctld */
	}		 change;
};
static const struct sim_slurm_update_state sim_slurm_update_states[] = {
	{ .name = "NoResp", .min = 3, .change = SUS_OTHER },
	{ .name = "DRAIN", .min = 3, .change = SUS_DRAIN },
	{ .name = "FAIL", .min = 3, .change = SUS_OTHER },
	{ .name = "FUTURE", .min = 3, .change = SUS_OTHER },
	{ .name = "RESUME", .min = 3, .change = SUS_RESUME },
	{ .name = "POWER_DOWN", .min = 7, .change = SUS_OTHER },
	{ .name = "POWER_UP", .min = 7, .change = SUS_OTHER },
	{ .name = "UNDRAIN", .min = 3, .change = SUS_RESUME },
	{ .name = "DOWN", .min = 3, .change = SUS_DRAIN },
	{ .name = "IDLE", .min = 3, .change = SUS_OTHER },
	{ .name = "ALLOCATED", .min = 3, .change = SUS_INVALID },
	{ .name = "ERROR", .min = 3, .change = SUS_INVALID },
	{ .name = "MIXED", .min = 3, .change = SUS_INVALID },
	{ .name = "UNKNOWN", .min = 3, .change = SUS_INVALID },
};

/*
 * scontrol update NodeName=SET State=DRAIN|DOWN|RESUME|UNDRAIN Reason=TEXT
 * (DOWN kept as a drain, Reason= alone taken and not kept): the
 * one change the simulator takes, kept over its state.  As slurmctld does,
 * a drain needs a reason and stamps it with the user and the time.
 */
static int
sim_slurm_update(struct sim *s, int argc, char **argv, char **cause)
{
	const struct sim_slurm_update_state *us = NULL;
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
	if (names == NULL) {
		xasprintf(cause, "scontrol: error: the simulator updates "
		    "NodeName=... only");
		return (-1);
	}
	if (state != NULL) {
		for (us = sim_slurm_update_states; us < sim_slurm_update_states +
		    nitems(sim_slurm_update_states); us++) {
			if (strlen(state) >= us->min &&
			    strncasecmp(state, us->name, strlen(state)) == 0)
				break;
		}
		if (us == sim_slurm_update_states +
		    nitems(sim_slurm_update_states)) {
			xasprintf(cause, "Invalid input: State=%s\n"
			    "Request aborted\n"
			    "Valid states are: NoResp DRAIN FAIL FUTURE RESUME "
			    "POWER_DOWN POWER_UP UNDRAIN\n"
			    "Not all states are valid given a node's prior "
			    "state", state);
			return (-1);
		}
		if (us->change == SUS_INVALID) {
			xasprintf(cause, "slurm_update error: Invalid node "
			    "state specified");
			return (-1);
		}
		if (us->change == SUS_OTHER) {
			xasprintf(cause, "scontrol: error: the simulator "
			    "updates State=DOWN|DRAIN|RESUME|UNDRAIN only");
			return (-1);
		}
	}
	drain = state != NULL && us->change == SUS_DRAIN;
	if (drain && (reason == NULL || *reason == '\0')) {
		xasprintf(cause, "You must specify a reason when DOWNING or "
		    "DRAINING a node. Request denied");
		return (-1);
	}
	if (sim_slurm_hostlist(s, names, 0, &ids, &n, cause) != 0) {
		free(*cause);
		xasprintf(cause, "slurm_update error: Invalid node name "
		    "specified");
		return (-1);
	}
	if (state == NULL) {
		/* Reason= alone: taken, and not kept (no drain) */
		free(ids);
		return (0);
	}
	if ((user = getenv("USER")) == NULL || *user == '\0')
		user = "root";
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
sim_slurm_show_job(struct sim *s, const char *id,
    const struct sim_slurm_args *a, struct buf *out, char **cause)
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
		found++;
		sim_slurm_scontrol_job(s, j, a, out);
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

static int	sim_slurm_show(struct sim *, const char *, const char *,
		    const struct sim_slurm_args *, struct buf *, char **);

/* The entities of scontrol show the simulator does not show. */
static const char *const sim_slurm_show_other[] = {
	"aliases", "assoc_mgr", "bbstat", "burstbuffer", "config", "daemons",
	"dwstat", "federation", "frontend", "licenses", "slurmd", "step",
	"topology",
};

int
sim_scontrol(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct sim_slurm_args	 a;
	const char		*what, *names, *eq;
	char			*entity = NULL;
	int			 rc;

	if ((rc = sim_slurm_opt_parse(argc, argv, &a, out, cause)) != 0)
		return (rc < 0 ? -1 : 0);
	if (a.nwords == 0) {
		xasprintf(cause, "scontrol: the simulator reads no commands "
		    "from its input");
		return (-1);
	}
	if (strcasecmp(a.words[0], "ping") == 0 && a.nwords == 1) {
		buf_printf(out, "Slurmctld(primary) at %s is UP\n",
		    s->cluster != NULL ? s->cluster : "sim");
		return (0);
	}
	if (strcasecmp(a.words[0], "help") == 0 && a.nwords == 1) {
		buf_puts(out, sim_slurm_help_scontrol);
		return (0);
	}
	if (strcmp(a.words[0], "update") != 0 &&
	    strcmp(a.words[0], "show") != 0) {
		xasprintf(cause, "invalid keyword: %s", a.words[0]);
		return (-1);
	}
	if (strcmp(a.words[0], "update") == 0 && a.nwords == 1) {
		xasprintf(cause, "too few arguments for update keyword");
		return (-1);
	}
	if (strcmp(a.words[0], "update") == 0)
		return (sim_slurm_update(s, a.nwords - 1, (char **)a.words + 1,
		    cause));
	if (a.nwords == 1) {
		xasprintf(cause, "too few arguments for keyword:show");
		return (-1);
	}
	if (a.nwords > 3) {
		xasprintf(cause, "too many arguments for keyword:show");
		return (-1);
	}
	what = a.words[1];
	names = a.nwords > 2 ? a.words[2] : NULL;
	if (names == NULL && (eq = strchr(what, '=')) != NULL) {
		/* show node=NAME, as show node NAME */
		entity = xstrndup(what, eq - what);
		names = eq + 1;
		what = entity;
	}
	if (strcasecmp(what, "hostnames") == 0 ||
	    strcasecmp(what, "hostlist") == 0 ||
	    strcasecmp(what, "hostlistsorted") == 0)
		rc = sim_slurm_hostlist_show(what, names, out, cause);
	else
		rc = sim_slurm_show(s, what, names, &a, out, cause);
	free(entity);
	return (rc);
}

/* scontrol show WHAT [NAMES]: a node, a job, a partition; none else. */
static int
sim_slurm_show(struct sim *s, const char *what, const char *names,
    const struct sim_slurm_args *a, struct buf *out, char **cause)
{
	u_int	*ids = NULL, n, i;

	if (strcmp(what, "job") == 0 || strcmp(what, "jobs") == 0 ||
	    strcmp(what, "jobid") == 0)
		return (sim_slurm_show_job(s, names, a, out, cause));
	if ((strlen(what) >= 2 &&
	    strncasecmp(what, "partitions", strlen(what)) == 0) ||
	    strcasecmp(what, "partitionname") == 0)
		return (sim_slurm_part_show(s, names, a->oneliner, out, cause));
	if (strncasecmp(what, "reservations", strlen(what)) == 0 ||
	    strcasecmp(what, "reservationname") == 0) {
		/* There are none; scontrol says so on stdout. */
		if (names == NULL) {
			buf_puts(out, "No reservations in the system\n");
			return (0);
		}
		buf_printf(out, "Reservation %s not found\n", names);
		*cause = xstrdup("");
		return (-1);
	}
	if (strcmp(what, "node") != 0 && strcmp(what, "nodes") != 0 &&
	    strcmp(what, "nodename") != 0) {
		for (i = 0; i < nitems(sim_slurm_show_other); i++) {
			if (strcasecmp(what, sim_slurm_show_other[i]) == 0)
				break;
		}
		if (i == nitems(sim_slurm_show_other))
			xasprintf(cause, "invalid entity:%s for keyword:show ",
			    what);
		else
			xasprintf(cause, "scontrol: error: the simulator shows "
			    "nodes, jobs and partitions only (scontrol show "
			    "node|job|partition [NAME])");
		return (-1);
	}
	sim_update(s);
	if (names == NULL) {
		for (i = 0; i < s->nnodes; i++)
			sim_slurm_scontrol_node(s, i, a, out);
		return (0);
	}
	if (sim_slurm_hostlist(s, names, 0, &ids, &n, cause) != 0) {
		/* scontrol says it on stdout, and fails. */
		buf_printf(out, "%s\n", *cause);
		(*cause)[0] = '\0';
		return (-1);
	}
	for (i = 0; i < n; i++)
		sim_slurm_scontrol_node(s, ids[i], a, out);
	free(ids);
	return (0);
}

