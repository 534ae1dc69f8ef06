/*
 * myriad - the simulator's sinfo --json, squeue --json and their --yaml,
 * as Slurm 22.05 prints them (openapi v0.0.38; read back by
 * parse-slurm-json.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * JSON is json-c's pretty print: two spaces a level, "key": value, an
 * empty array or object still on two lines, '/' escaped, a double with
 * ".0" when it is whole, and no newline at the end.  YAML is libyaml's
 * block style with every tag written (!!str, !!int ...): an empty string
 * is !!null, a string that cannot be plain is in single quotes, one
 * past column 80 folded.  The values are those the text outputs of
 * sim-slurm.c show; the version is 22.05's, whatever they claim.  Both
 * list every node and every job: 22.05 ignores sinfo's and squeue's
 * filters (-n, -p, -t, -u, -j) with --json and --yaml.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim-slurm.h"

#define SIM_SLURM_JSON_DEPTH	12

/* An emitter: JSON or YAML, and where it is in the document. */
struct sim_slurm_json {
	struct buf	*b;
	int		 yaml;
	int		 depth;
	struct {
		char	 kind;		/* '{' or '[' */
		u_int	 n;		/* items so far */
		int	 indent;	/* of its items */
	} st[SIM_SLURM_JSON_DEPTH];
};

static void
sim_slurm_json_indent(struct sim_slurm_json *e, int n)
{
	while (n-- > 0)
		buf_putc(e->b, ' ');
}

/* Start an item: the separator, the indent and the key. */
static void
sim_slurm_json_item(struct sim_slurm_json *e, const char *key)
{
	int	 d = e->depth - 1;

	if (d < 0)
		return;
	if (e->yaml) {
		if (e->st[d].n == 0)
			buf_putc(e->b, '\n');
		sim_slurm_json_indent(e, e->st[d].indent);
		if (key != NULL)
			buf_printf(e->b, "!!str %s: ", key);
		else
			buf_puts(e->b, "- ");
	} else {
		buf_puts(e->b, e->st[d].n == 0 ? "\n" : ",\n");
		sim_slurm_json_indent(e, e->st[d].indent);
		if (key != NULL)
			buf_printf(e->b, "\"%s\": ", key);
	}
	e->st[d].n++;
}

/* A scalar, already in the document's syntax. */
static void
sim_slurm_json_raw(struct sim_slurm_json *e, const char *key,
    const char *tag, const char *v)
{
	sim_slurm_json_item(e, key);
	if (e->yaml)
		buf_printf(e->b, "%s %s\n", tag, v);
	else
		buf_puts(e->b, v);
}

static void
sim_slurm_json_open(struct sim_slurm_json *e, const char *key, char kind)
{
	int	 d = e->depth, indent;

	sim_slurm_json_item(e, key);
	if (e->yaml) {
		buf_puts(e->b, kind == '{' ? "!!map" : "!!seq");
		/* A map's items go in; a sequence in a map stays put. */
		if (d == 0)
			indent = 0;
		else if (kind == '[' && e->st[d - 1].kind == '{')
			indent = e->st[d - 1].indent;
		else
			indent = e->st[d - 1].indent + 2;
	} else {
		buf_putc(e->b, kind);
		indent = 2 * (d + 1);
	}
	e->st[d].kind = kind;
	e->st[d].n = 0;
	e->st[d].indent = indent;
	e->depth++;
}

static void
sim_slurm_json_close(struct sim_slurm_json *e)
{
	int	 d = --e->depth;
	char	 kind = e->st[d].kind;

	if (e->yaml) {
		if (e->st[d].n == 0)
			buf_puts(e->b, kind == '{' ? " {}\n" : " []\n");
		return;
	}
	buf_putc(e->b, '\n');
	sim_slurm_json_indent(e, 2 * d);
	buf_putc(e->b, kind == '{' ? '}' : ']');
}

static void
sim_slurm_json_null(struct sim_slurm_json *e, const char *key)
{
	sim_slurm_json_raw(e, key, "!!null", "null");
}

/* Whether libyaml writes a string plain, without quotes. */
static int
sim_slurm_json_plain(const char *v)
{
	size_t	 len = strlen(v);

	if (strchr("#,[]{}&*!|>'\"%@`", v[0]) != NULL ||
	    (strchr("-?:", v[0]) != NULL && (v[1] == ' ' || v[1] == '\0')))
		return (0);
	if (v[0] == ' ' || v[len - 1] == ' ' || v[len - 1] == ':')
		return (0);
	if (strstr(v, ": ") != NULL || strstr(v, " #") != NULL)
		return (0);
	return (strncmp(v, "---", 3) != 0 && strncmp(v, "...", 3) != 0);
}

/*
 * A YAML string, plain or in single quotes, folded as libyaml folds it:
 * a blank past column 80 (not the first or last character, nor before
 * another blank) becomes a new line, indented two more than its key.
 */
static void
sim_slurm_json_yaml(struct sim_slurm_json *e, const char *v, int quote)
{
	const char	*p, *nl;
	size_t		 col;
	int		 indent = e->st[e->depth - 1].indent + 2;

	buf_puts(e->b, quote ? "!!str '" : "!!str ");
	for (p = v; *p != '\0'; p++) {
		nl = memrchr(e->b->data, '\n', e->b->len);
		col = nl != NULL ? e->b->len - (nl - e->b->data) - 1 :
		    e->b->len;
		if (*p == ' ' && p != v && p[-1] != ' ' && p[1] != ' ' &&
		    p[1] != '\0' && col > 80) {
			buf_putc(e->b, '\n');
			sim_slurm_json_indent(e, indent);
			continue;
		}
		if (quote && *p == '\'')
			buf_putc(e->b, '\'');
		buf_putc(e->b, *p);
	}
	buf_puts(e->b, quote ? "'\n" : "\n");
}

/* A string, or null for NULL (and, in YAML, for ""). */
static void
sim_slurm_json_str(struct sim_slurm_json *e, const char *key, const char *v)
{
	const char	*p;

	if (v == NULL || (e->yaml && *v == '\0')) {
		sim_slurm_json_null(e, key);
		return;
	}
	sim_slurm_json_item(e, key);
	if (e->yaml) {
		sim_slurm_json_yaml(e, v, !sim_slurm_json_plain(v));
		return;
	}
	buf_putc(e->b, '"');
	for (p = v; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\' || *p == '/')
			buf_printf(e->b, "\\%c", *p);
		else if (*p == '\n')
			buf_puts(e->b, "\\n");
		else if (*p == '\t')
			buf_puts(e->b, "\\t");
		else if ((u_char)*p < 0x20)
			buf_printf(e->b, "\\u%04x", (u_char)*p);
		else
			buf_putc(e->b, *p);
	}
	buf_putc(e->b, '"');
}

static void
sim_slurm_json_int(struct sim_slurm_json *e, const char *key, long long v)
{
	char	 tmp[32];

	snprintf(tmp, sizeof tmp, "%lld", v);
	sim_slurm_json_raw(e, key, "!!int", tmp);
}

static void
sim_slurm_json_bool(struct sim_slurm_json *e, const char *key, int v)
{
	sim_slurm_json_raw(e, key, "!!bool", v ? "true" : "false");
}

/* A whole number as a double: 2.0 in JSON, 2.000000 in YAML. */
static void
sim_slurm_json_float(struct sim_slurm_json *e, const char *key, long v)
{
	char	 tmp[32];

	snprintf(tmp, sizeof tmp, e->yaml ? "%ld.000000" : "%ld.0", v);
	sim_slurm_json_raw(e, key, "!!float", tmp);
}

/* An array of strings. */
static void
sim_slurm_json_list(struct sim_slurm_json *e, const char *key,
    const char *const *v, u_int n)
{
	u_int	 i;

	sim_slurm_json_open(e, key, '[');
	for (i = 0; i < n; i++)
		sim_slurm_json_str(e, NULL, v[i]);
	sim_slurm_json_close(e);
}

/* The document's start, its meta and errors blocks, and its list. */
static void
sim_slurm_json_begin(struct sim_slurm_json *e, struct buf *b, int yaml,
    const char *list)
{
	memset(e, 0, sizeof *e);
	e->b = b;
	e->yaml = yaml;
	if (yaml)
		buf_puts(b, "%YAML 1.1\n--- ");
	sim_slurm_json_open(e, NULL, '{');
	sim_slurm_json_open(e, "meta", '{');
	sim_slurm_json_open(e, "plugin", '{');
	sim_slurm_json_str(e, "type", "openapi/v0.0.38");
	sim_slurm_json_str(e, "name", "Slurm OpenAPI v0.0.38");
	sim_slurm_json_close(e);
	sim_slurm_json_open(e, "Slurm", '{');
	sim_slurm_json_open(e, "version", '{');
	sim_slurm_json_int(e, "major", 22);
	sim_slurm_json_int(e, "micro", 8);
	sim_slurm_json_int(e, "minor", 5);
	sim_slurm_json_close(e);
	sim_slurm_json_str(e, "release", SIM_SLURM);
	sim_slurm_json_close(e);
	sim_slurm_json_close(e);
	sim_slurm_json_list(e, "errors", NULL, 0);
	sim_slurm_json_open(e, list, '[');
}

static void
sim_slurm_json_end(struct sim_slurm_json *e)
{
	sim_slurm_json_close(e);
	sim_slurm_json_close(e);
	if (e->yaml)
		buf_puts(e->b, "...\n");
}

/* GPU indexes as Slurm folds a bitmap: 0-3,6. */
static void
sim_slurm_json_idx(struct buf *b, u_int mask)
{
	u_int	 i, j;
	int	 first = 1;

	for (i = 0; i < SIM_GPUS; i = j) {
		if (!(mask & (1U << i))) {
			j = i + 1;
			continue;
		}
		for (j = i + 1; j < SIM_GPUS && (mask & (1U << j)); j++)
			;
		buf_printf(b, first ? "%u" : ",%u", i);
		if (j - i > 1)
			buf_printf(b, "-%u", j - 1);
		first = 0;
	}
}

/* A node of sinfo --json. */
static void
sim_slurm_json_node(struct sim *s, struct sim_slurm_json *e, u_int node)
{
	const struct sim_node	*n = &s->nodes[node];
	const char		*name = sim_node_name(s, node);
	const char		*flags[2], *parts[2];
	const char		*gres = sim_slurm_gres(s, node);
	struct sim_slurm_node	 sn;
	struct buf		 v;
	u_int			 mask = 0, nflags = 0, k;
	int			 p[2], np, i, j;
	int			 g = sim_slurm_gres_len(s, node);

	sim_slurm_node(s, node, &sn);
	buf_init(&v);
	sim_slurm_json_open(e, NULL, '{');
	sim_slurm_json_str(e, "architecture", "x86_64");
	sim_slurm_json_str(e, "burstbuffer_network_address", "");
	sim_slurm_json_int(e, "boards", 1);
	sim_slurm_json_int(e, "boot_time", (long long)sn.boot);
	sim_slurm_json_str(e, "comment", "");
	sim_slurm_json_int(e, "cores", SIM_CPUS / 2);
	sim_slurm_json_int(e, "cpu_binding", 0);
	sim_slurm_json_int(e, "cpu_load", (long long)floor(sn.load * 100));
	sim_slurm_json_str(e, "extra", "");
	sim_slurm_json_int(e, "free_memory", sn.freemem);
	sim_slurm_json_int(e, "cpus", SIM_CPUS);
	sim_slurm_json_int(e, "last_busy", (long long)sn.busy);
	buf_printf(&v, "%s,ib,rack%03u", sim_node_model(s, node)->name,
	    sim_node_rack(s, node) + 1);
	sim_slurm_json_str(e, "features", v.data);
	sim_slurm_json_str(e, "active_features", v.data);
	buf_reset(&v);
	buf_printf(&v, "%s:%u(S:0-1)", gres, sim_node_gpus(s, node));
	sim_slurm_json_str(e, "gres", v.data);
	sim_slurm_json_str(e, "gres_drained", "N/A");
	for (i = 0; i < 2; i++) {
		if ((j = n->job[i]) < 0)
			continue;
		for (k = 0; k < s->jobs[j].gpus; k++)
			mask |= 1U << (n->gpu0[i] + k);
	}
	buf_reset(&v);
	buf_printf(&v, "%s:%d(IDX:", gres, sn.gpus_used);
	if (mask == 0)
		buf_puts(&v, "N/A");
	sim_slurm_json_idx(&v, mask);
	buf_putc(&v, ')');
	sim_slurm_json_str(e, "gres_used", v.data);
	sim_slurm_json_str(e, "mcs_label", "");
	sim_slurm_json_str(e, "name", name);
	sim_slurm_json_str(e, "next_state_after_reboot", "invalid");
	sim_slurm_json_str(e, "address", name);
	sim_slurm_json_str(e, "hostname", name);
	sim_slurm_json_str(e, "state", sn.state);
	if (sn.drain)
		flags[nflags++] = "DRAIN";
	if (sn.noresp)
		flags[nflags++] = "NOT_RESPONDING";
	sim_slurm_json_list(e, "state_flags", flags, nflags);
	sim_slurm_json_list(e, "next_state_after_reboot_flags", NULL, 0);
	sim_slurm_json_str(e, "operating_system", "Linux 5.15.0-119-generic "
	    "#129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024");
	sim_slurm_json_null(e, "owner");
	np = sim_node_partitions(s, node, p);
	for (i = 0; i < np; i++)
		parts[i] = sim_partitions[p[i]].name;
	sim_slurm_json_list(e, "partitions", parts, np);
	sim_slurm_json_int(e, "port", 6818);
	sim_slurm_json_int(e, "real_memory", SIM_MEM_MB);
	sim_slurm_json_str(e, "reason", sn.reason != NULL ? sn.reason : "");
	sim_slurm_json_int(e, "reason_changed_at", sn.reason != NULL ?
	    (long long)sn.since : 0);
	if (sn.reason != NULL)
		sim_slurm_json_str(e, "reason_set_by_user", sn.user);
	else
		sim_slurm_json_null(e, "reason_set_by_user");
	sim_slurm_json_int(e, "slurmd_start_time", (long long)sn.boot + 95);
	sim_slurm_json_int(e, "sockets", 2);
	sim_slurm_json_int(e, "threads", 1);
	sim_slurm_json_int(e, "temporary_disk", 0);
	sim_slurm_json_int(e, "weight", 1);
	buf_reset(&v);
	buf_printf(&v, "cpu=%d,mem=%dM,billing=%d,gres/%.*s=%u", SIM_CPUS,
	    SIM_MEM_MB, SIM_CPUS, g, gres, sim_node_gpus(s, node));
	sim_slurm_json_str(e, "tres", v.data);
	sim_slurm_json_str(e, "slurmd_version", SIM_SLURM);
	if (sn.down)
		sn.cpus_alloc = sn.mem_alloc = 0;
	sim_slurm_json_int(e, "alloc_memory", sn.mem_alloc);
	sim_slurm_json_int(e, "alloc_cpus", sn.cpus_alloc);
	sim_slurm_json_int(e, "idle_cpus", SIM_CPUS - sn.cpus_alloc);
	if (sn.cpus_alloc > 0) {
		buf_reset(&v);
		buf_printf(&v, "cpu=%d,mem=%ldG,gres/%.*s=%d", sn.cpus_alloc,
		    sn.mem_alloc / 1024, g, gres, sn.gpus_used);
		sim_slurm_json_str(e, "tres_used", v.data);
	} else
		sim_slurm_json_null(e, "tres_used");
	/* Billing weighs a CPU 1. */
	sim_slurm_json_float(e, "tres_weighted", sn.cpus_alloc);
	sim_slurm_json_close(e);
	buf_free(&v);
}

/* sinfo --json (yaml 0) or --yaml (1): every node. */
int
sim_slurm_json_sinfo(struct sim *s, int yaml, struct buf *out)
{
	struct sim_slurm_json	 e;
	u_int			 n;

	sim_update(s);
	sim_slurm_json_begin(&e, out, yaml, "nodes");
	for (n = 0; n < s->nnodes; n++)
		sim_slurm_json_node(s, &e, n);
	sim_slurm_json_end(&e);
	return (0);
}

/* A running job's cores on one node: socket, then core, as strings. */
static void
sim_slurm_json_cores(struct sim_slurm_json *e, u_int first, u_int n)
{
	char	 k[16];
	u_int	 c, half = SIM_CPUS / 2;
	int	 sock = -1;

	sim_slurm_json_open(e, "sockets", '{');
	for (c = first; c < first + n; c++) {
		if ((int)(c / half) != sock) {
			if (sock != -1) {
				sim_slurm_json_close(e);
				sim_slurm_json_close(e);
			}
			sock = c / half;
			snprintf(k, sizeof k, "%d", sock);
			sim_slurm_json_open(e, k, '{');
			sim_slurm_json_open(e, "cores", '{');
		}
		snprintf(k, sizeof k, "%u", c % half);
		sim_slurm_json_str(e, k, "allocated");
	}
	if (sock != -1) {
		sim_slurm_json_close(e);
		sim_slurm_json_close(e);
	}
	sim_slurm_json_close(e);
}

/* A running job's job_resources: its nodes and their cores. */
static void
sim_slurm_json_resources(struct sim *s, struct sim_slurm_json *e,
    const struct sim_job *j, const char *nodes)
{
	u_int	 i;
	int	 ji = j - s->jobs;

	sim_slurm_json_open(e, "job_resources", '{');
	sim_slurm_json_str(e, "nodes", nodes);
	sim_slurm_json_int(e, "allocated_hosts", j->nnodes);
	sim_slurm_json_open(e, "allocated_nodes", '[');
	for (i = j->first; i <= j->last; i++) {
		if (s->nodes[i].job[j->shared] != ji)
			continue;
		sim_slurm_json_open(e, NULL, '{');
		sim_slurm_json_cores(e, s->nodes[i].gpu0[j->shared] *
		    sim_slurm_job_cpus(s, j) / j->gpus,
		    sim_slurm_job_cpus(s, j));
		sim_slurm_json_str(e, "nodename", sim_node_name(s, i));
		sim_slurm_json_int(e, "cpus_used", 0);
		sim_slurm_json_int(e, "memory_used", 0);
		sim_slurm_json_int(e, "memory_allocated",
		    sim_slurm_job_mem(s, j));
		sim_slurm_json_close(e);
	}
	sim_slurm_json_close(e);
	sim_slurm_json_close(e);
}

/* A job of squeue --json. */
static void
sim_slurm_json_job(struct sim *s, struct sim_slurm_json *e,
    const struct sim_job *j)
{
	static const char *const show[] = {
		"SHOW_ALL", "SHOW_DETAIL", "SHOW_LOCAL"
	};
	/* Slurm's bits in their order; the simulator sets -c and --mem. */
	static const char *const flags[2][3] = {
		{ "JOB_CPUS_SET", "JOB_WAS_RUNNING", "JOB_MEM_SET" },
		{ "JOB_CPUS_SET", "JOB_MEM_SET" }
	};
	const char	*user = sim_user(j->user), *name = sim_jobname(j->name);
	const char	*reason, *comma;
	int		 run = (j->state == SJ_RUNNING), ji = j - s->jobs;
	const char	*gres = sim_slurm_gres(s, j->first);
	int		 g = sim_slurm_gres_len(s, j->first);
	u_int		 cpus = j->nnodes * sim_slurm_job_cpus(s, j);
	u_int		 i, host = j->first, uid = 10000 + j->user;
	long long	 submit, start = 0;
	struct buf	 nodes, v;
	char		**detail = NULL;
	u_int		 ndetail = 0;

	submit = (long long)((run ? j->start0 : floor(s->t)) -
	    sim_hash(s->seed, j->id, 0, 0x5d) % 3600);
	buf_init(&nodes);
	buf_init(&v);
	buf_add(&nodes, "", 0);
	if (run) {
		start = (long long)j->start;
		sim_slurm_job_nodes(s, j, &nodes);
		for (host = j->first; host < j->last &&
		    s->nodes[host].job[j->shared] != ji; host++)
			;
		detail = xreallocarray(NULL, j->nnodes, sizeof *detail);
		for (i = j->first; i <= j->last; i++) {
			if (s->nodes[i].job[j->shared] != ji)
				continue;
			buf_reset(&v);
			buf_printf(&v, "%s:%u(IDX:", gres, (u_int)j->gpus);
			sim_slurm_json_idx(&v, ((1U << j->gpus) - 1) <<
			    s->nodes[i].gpu0[j->shared]);
			buf_putc(&v, ')');
			detail[ndetail++] = xstrdup(v.data);
		}
	}

	sim_slurm_json_open(e, NULL, '{');
	sim_slurm_json_str(e, "account", user);
	sim_slurm_json_int(e, "accrue_time", submit);
	sim_slurm_json_str(e, "admin_comment", "");
	sim_slurm_json_int(e, "array_job_id", 0);
	sim_slurm_json_null(e, "array_task_id");
	sim_slurm_json_int(e, "array_max_tasks", 0);
	sim_slurm_json_str(e, "array_task_string", "");
	sim_slurm_json_int(e, "association_id", 0);
	sim_slurm_json_str(e, "batch_features", "");
	sim_slurm_json_bool(e, "batch_flag", 1);
	sim_slurm_json_str(e, "batch_host", run ? sim_node_name(s, host) : "");
	sim_slurm_json_list(e, "flags", flags[!run], run ? 3 : 2);
	sim_slurm_json_str(e, "burst_buffer", "");
	sim_slurm_json_str(e, "burst_buffer_state", "");
	sim_slurm_json_str(e, "cluster", s->cluster != NULL ? s->cluster :
	    "sim");
	sim_slurm_json_str(e, "cluster_features", "");
	buf_reset(&v);
	buf_printf(&v, "/home/%s/%s.sbatch", user, name);
	sim_slurm_json_str(e, "command", v.data);
	sim_slurm_json_str(e, "comment", "");
	sim_slurm_json_str(e, "container", "");
	sim_slurm_json_bool(e, "contiguous", 0);
	sim_slurm_json_null(e, "core_spec");
	sim_slurm_json_null(e, "thread_spec");
	sim_slurm_json_null(e, "cores_per_socket");
	if (run)
		sim_slurm_json_float(e, "billable_tres", cpus);
	else
		sim_slurm_json_null(e, "billable_tres");
	sim_slurm_json_null(e, "cpus_per_task");	/* so in 22.05 */
	sim_slurm_json_null(e, "cpu_frequency_minimum");
	sim_slurm_json_null(e, "cpu_frequency_maximum");
	sim_slurm_json_null(e, "cpu_frequency_governor");
	sim_slurm_json_str(e, "cpus_per_tres", "");
	sim_slurm_json_int(e, "deadline", 0);
	sim_slurm_json_int(e, "delay_boot", 0);
	sim_slurm_json_str(e, "dependency", "");
	sim_slurm_json_int(e, "derived_exit_code", 0);
	sim_slurm_json_int(e, "eligible_time", submit);
	sim_slurm_json_int(e, "end_time", run ? start + j->limit : 0);
	sim_slurm_json_str(e, "excluded_nodes", "");
	sim_slurm_json_int(e, "exit_code", 0);
	sim_slurm_json_str(e, "features", "");
	sim_slurm_json_str(e, "federation_origin", "");
	sim_slurm_json_str(e, "federation_siblings_active", "");
	sim_slurm_json_str(e, "federation_siblings_viable", "");
	sim_slurm_json_list(e, "gres_detail", (const char *const *)detail,
	    ndetail);
	sim_slurm_json_int(e, "group_id", uid);
	sim_slurm_json_str(e, "group_name", user);
	sim_slurm_json_int(e, "job_id", j->id);
	if (run)
		sim_slurm_json_resources(s, e, j, nodes.data);
	sim_slurm_json_str(e, "job_state", run ? "RUNNING" : "PENDING");
	sim_slurm_json_int(e, "last_sched_evaluation", run ? start : submit);
	sim_slurm_json_str(e, "licenses", "");
	sim_slurm_json_int(e, "max_cpus", 0);
	sim_slurm_json_int(e, "max_nodes", run ? 0 : j->nnodes);
	sim_slurm_json_str(e, "mcs_label", "");
	sim_slurm_json_str(e, "memory_per_tres", "");
	sim_slurm_json_str(e, "name", name);
	sim_slurm_json_str(e, "nodes", nodes.data);
	sim_slurm_json_null(e, "nice");
	sim_slurm_json_null(e, "tasks_per_core");
	sim_slurm_json_int(e, "tasks_per_node", j->gpus);
	sim_slurm_json_null(e, "tasks_per_socket");
	sim_slurm_json_int(e, "tasks_per_board", 0);
	sim_slurm_json_int(e, "cpus", cpus);
	sim_slurm_json_int(e, "node_count", j->nnodes);
	sim_slurm_json_int(e, "tasks", j->nnodes * j->gpus);
	sim_slurm_json_int(e, "het_job_id", 0);
	sim_slurm_json_str(e, "het_job_id_set", "");
	sim_slurm_json_int(e, "het_job_offset", 0);
	sim_slurm_json_str(e, "partition", sim_partitions[j->part].name);
	sim_slurm_json_str(e, "prefer", "");
	sim_slurm_json_int(e, "memory_per_node", sim_slurm_job_mem(s, j));
	sim_slurm_json_null(e, "memory_per_cpu");
	sim_slurm_json_int(e, "minimum_cpus_per_node",
	    sim_slurm_job_cpus(s, j) / j->gpus);
	sim_slurm_json_int(e, "minimum_tmp_disk_per_node", 0);
	sim_slurm_json_int(e, "preempt_time", 0);
	sim_slurm_json_int(e, "pre_sus_time", 0);
	sim_slurm_json_int(e, "priority",
	    10000 + sim_hash(s->seed, j->id, 1, 0x5d) % 90000);
	sim_slurm_json_null(e, "profile");
	sim_slurm_json_str(e, "qos", "normal");
	sim_slurm_json_bool(e, "reboot", 0);
	sim_slurm_json_str(e, "required_nodes", "");
	sim_slurm_json_bool(e, "requeue", 1);
	sim_slurm_json_int(e, "resize_time", 0);
	sim_slurm_json_int(e, "restart_cnt", 0);
	sim_slurm_json_str(e, "resv_name", "");
	sim_slurm_json_null(e, "shared");
	sim_slurm_json_list(e, "show_flags", show, nitems(show));
	sim_slurm_json_int(e, "sockets_per_board", 0);
	sim_slurm_json_null(e, "sockets_per_node");
	sim_slurm_json_int(e, "start_time", start);
	/* squeue's %r is the description where there is one. */
	reason = run ? "None" : sim_pending_reason(j->reason);
	comma = strstr(reason, ", ");
	sim_slurm_json_str(e, "state_description", comma != NULL ? reason :
	    "");
	buf_reset(&v);
	buf_add(&v, reason, comma != NULL ? (size_t)(comma - reason) :
	    strlen(reason));
	sim_slurm_json_str(e, "state_reason", v.data);
	buf_reset(&v);
	buf_printf(&v, "/home/%s/slurm-%u.out", user, j->id);
	sim_slurm_json_str(e, "standard_error", v.data);
	sim_slurm_json_str(e, "standard_input", "/dev/null");
	sim_slurm_json_str(e, "standard_output", v.data);
	sim_slurm_json_int(e, "submit_time", submit);
	sim_slurm_json_int(e, "suspend_time", 0);
	sim_slurm_json_str(e, "system_comment", "");
	sim_slurm_json_int(e, "time_limit", j->limit / 60);
	sim_slurm_json_int(e, "time_minimum", 0);
	sim_slurm_json_null(e, "threads_per_core");
	sim_slurm_json_str(e, "tres_bind", "");
	sim_slurm_json_str(e, "tres_freq", "");
	sim_slurm_json_str(e, "tres_per_job", "");
	buf_reset(&v);
	buf_printf(&v, "gres:%.*s:%u", g, gres, (u_int)j->gpus);
	sim_slurm_json_str(e, "tres_per_node", v.data);
	sim_slurm_json_str(e, "tres_per_socket", "");
	sim_slurm_json_str(e, "tres_per_task", "");
	buf_reset(&v);
	buf_printf(&v, "cpu=%u,mem=%luM,node=%u,billing=%u,gres/%.*s=%u",
	    cpus, sim_slurm_job_mem(s, j) * j->nnodes, j->nnodes, cpus, g,
	    gres, j->nnodes * j->gpus);
	sim_slurm_json_str(e, "tres_req_str", v.data);
	sim_slurm_json_str(e, "tres_alloc_str", run ? v.data : "");
	sim_slurm_json_int(e, "user_id", uid);
	sim_slurm_json_str(e, "user_name", user);
	sim_slurm_json_str(e, "wckey", "");
	buf_reset(&v);
	buf_printf(&v, "/home/%s", user);
	sim_slurm_json_str(e, "current_working_directory", v.data);
	sim_slurm_json_close(e);

	for (i = 0; i < ndetail; i++)
		free(detail[i]);
	free(detail);
	buf_free(&v);
	buf_free(&nodes);
}

/* squeue --json (yaml 0) or --yaml (1): every job. */
int
sim_slurm_json_squeue(struct sim *s, int yaml, struct buf *out)
{
	struct sim_slurm_json	 e;
	const struct sim_job	*j;

	sim_update(s);
	sim_slurm_json_begin(&e, out, yaml, "jobs");
	for (j = s->jobs; j < s->jobs + s->njobs; j++)
		sim_slurm_json_job(s, &e, j);
	sim_slurm_json_end(&e);
	return (0);
}
