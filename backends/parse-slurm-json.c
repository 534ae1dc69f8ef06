/*
 * myriad - Slurm's JSON: sinfo --json, squeue --json, scontrol --json and
 * slurmrestd's /nodes and /jobs, of data_parser v0.0.37 and later.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Read by key, never by position.  The versions differ in three ways this
 * file knows: a number is a plain number (v0.0.37, v0.0.38) or an object
 * {set, infinite, number}; a state is a string with its flags apart
 * (state_flags) or an array of names; sinfo --json of v0.0.39 and later
 * groups nodes ("sinfo": [{"nodes": {"nodes": [...]}, ...}]) where the
 * others list them ("nodes": [...]).  A key that is missing is unknown.
 */

#include <ctype.h>
#include <jansson.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#include "backend.h"

/* Is this a JSON document?  Its first byte past blanks and a BOM is '{'. */
int
parse_slurm_json_is(const char *buf, size_t len)
{
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
		buf += 3;
		len -= 3;
	}
	while (len > 0 && isspace((u_char)*buf)) {
		buf++;
		len--;
	}
	return (len > 0 && *buf == '{');
}

/*
 * A whole number: plain, or {set, infinite, number}.  0, 1 when infinite,
 * -1 when unset, -2 after an error at line: not a whole number (1e23).
 */
static int
parse_slurm_json_number(const struct sink *s, u_int line, const json_t *o,
    const char *key, long *out)
{
	const json_t	*v = json_object_get(o, key);

	if (json_is_object(v)) {
		if (json_is_true(json_object_get(v, "infinite")))
			return (1);
		if (!json_is_true(json_object_get(v, "set")))
			return (-1);
		v = json_object_get(v, "number");
	}
	if (json_is_real(v)) {
		sink_error(s, line, "%s: %g is not a whole number", key,
		    json_real_value(v));
		return (-2);
	}
	if (json_is_string(v)) {
		sink_error(s, line, "%s: \"%.32s\" is a string, not a number",
		    key, json_string_value(v));
		return (-2);
	}
	if (v != NULL && !json_is_null(v) && !json_is_integer(v)) {
		sink_error(s, line, "%s: not a number", key);
		return (-2);
	}
	if (!json_is_integer(v))
		return (-1);
	*out = (long)json_integer_value(v);
	return (0);
}

/* An int into a record, with its validity bit. */
static void
parse_slurm_json_int(const struct sink *s, u_int line, const json_t *o,
    const char *key, int *out, uint64_t *valid, int bit)
{
	long	v;

	if (parse_slurm_json_number(s, line, o, key, &v) != 0)
		return;
	if (parse_range(s, line, key, v, 0, INT_MAX) == 0) {
		*out = (int)v;
		*valid |= BIT(bit);
	}
}

/* A string, or "" when missing, null or a word for unknown. */
static const char *
parse_slurm_json_str(const json_t *o, const char *key)
{
	const char	*s = json_string_value(json_object_get(o, key));

	if (s == NULL || strcmp(s, "N/A") == 0 || strcmp(s, "(null)") == 0 ||
	    strcmp(s, "None") == 0)
		return ("");
	return (s);
}

/* The gpu count of a GRES or TRES string, -1 when it has none. */
static long
parse_slurm_json_gpus(const json_t *o, const char *key)
{
	const char	*s = parse_slurm_json_str(o, key);

	return (parse_slurm_gres(s, strlen(s), NULL, 0));
}

static void
parse_slurm_json_cat(char *dst, const char *src, size_t size)
{
	size_t	n = strlen(dst);

	strlcpy(dst + n, src, size - n);
}

/* The items of a string or an array of strings, joined by sep. */
static void
parse_slurm_json_join(char *dst, size_t size, const json_t *v,
    const char *sep)
{
	const json_t	*e;
	size_t		 i;

	dst[0] = '\0';
	if (json_is_string(v)) {
		strlcpy(dst, json_string_value(v), size);
		return;
	}
	json_array_foreach(v, i, e) {
		if (!json_is_string(e))
			continue;
		if (dst[0] != '\0')
			parse_slurm_json_cat(dst, sep, size);
		parse_slurm_json_cat(dst, json_string_value(e), size);
	}
}

static void
parse_slurm_json_lower(char *s)
{
	for (; *s != '\0'; s++)
		*s = tolower((u_char)*s);
}

/*
 * A node's state as sinfo -o %T prints it: the base state, "drained" or
 * "draining" for DRAIN, '*' for NOT_RESPONDING, "+flag" for the others.
 * state is a string (flags in state_flags) or an array of names.
 */
static void
parse_slurm_json_state(char *dst, size_t size, const json_t *state,
    const json_t *flags)
{
	const json_t	*arr[2] = { state, flags }, *e;
	const char	*w, *base = NULL;
	size_t		 i, k;
	int		 drain = 0, star = 0;
	char		 rest[64] = "";

	for (k = 0; k < nitems(arr); k++) {
		if (json_is_string(arr[k]) && base == NULL) {
			base = json_string_value(arr[k]);
			continue;
		}
		json_array_foreach(arr[k], i, e) {
			if ((w = json_string_value(e)) == NULL)
				continue;
			while (*w == ' ')
				w++;
			if (strcasecmp(w, "DRAIN") == 0)
				drain = 1;
			else if (strcasecmp(w, "NOT_RESPONDING") == 0)
				star = 1;
			else if (base == NULL)
				base = w;
			else {
				parse_slurm_json_cat(rest, "+", sizeof rest);
				parse_slurm_json_cat(rest, w, sizeof rest);
			}
		}
	}
	if (base == NULL)
		base = "unknown";
	if (drain && (strcasecmp(base, "allocated") == 0 ||
	    strcasecmp(base, "mixed") == 0 ||
	    strcasecmp(base, "completing") == 0))
		base = "draining";
	else if (drain)
		base = "drained";
	snprintf(dst, size, "%s%s%s", base, rest, star ? "*" : "");
	parse_slurm_json_lower(dst);
}

/* The reason, with [user@time] as sinfo -o '%E [%u@%H]' would print. */
static void
parse_slurm_json_reason(char *dst, size_t size, const char *reason,
    const char *user, long when)
{
	struct tm	 tm;
	time_t		 t = (time_t)when;
	char		 ts[32];

	dst[0] = '\0';
	if (*reason == '\0')
		return;
	if (*user == '\0' || when <= 0 || localtime_r(&t, &tm) == NULL ||
	    strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm) == 0) {
		strlcpy(dst, reason, size);
		return;
	}
	snprintf(dst, size, "%s [%s@%s]", reason, user, ts);
}

/* A node of a "nodes" array: scontrol, slurmrestd, sinfo of v0.0.38. */
static int
parse_slurm_json_node(const json_t *o, u_int line, const struct sink *s)
{
	struct snode	 sn;
	const json_t	*rc;
	long		 when = 0, n;

	memset(&sn, 0, sizeof sn);
	strlcpy(sn.name, parse_slurm_json_str(o, "name"), sizeof sn.name);
	if (sn.name[0] == '\0') {
		sink_error(s, line, "node without a name");
		return (0);
	}
	sn.nodes = 1;
	sn.valid |= BIT(SN_NODES);
	parse_slurm_json_state(sn.state, sizeof sn.state,
	    json_object_get(o, "state"), json_object_get(o, "state_flags"));
	parse_slurm_json_join(sn.partitions, sizeof sn.partitions,
	    json_object_get(o, "partitions"), ",");
	rc = json_object_get(o, "reason_changed_at");
	if (rc != NULL && parse_slurm_json_number(s, line, o,
	    "reason_changed_at", &when) != 0)
		when = 0;
	parse_slurm_json_reason(sn.reason, sizeof sn.reason,
	    parse_slurm_json_str(o, "reason"),
	    parse_slurm_json_str(o, "reason_set_by_user"), when);
	strlcpy(sn.gres, parse_slurm_json_str(o, "gres"), sizeof sn.gres);
	if ((n = parse_slurm_json_gpus(o, "gres")) >= 0 && n <= INT_MAX) {
		sn.gpus = (int)n;
		sn.valid |= BIT(SN_GPUS);
	}
	/* gres_used lists what is in use: no gpu entry is none */
	if (json_is_string(json_object_get(o, "gres_used")) &&
	    (n = parse_slurm_json_gpus(o, "gres_used")) <= INT_MAX) {
		sn.gpus_used = n < 0 ? 0 : (int)n;
		sn.valid |= BIT(SN_GPUS_USED);
	}
	parse_slurm_json_int(s, line, o, "cpus", &sn.cpus, &sn.valid,
	    SN_CPUS);
	parse_slurm_json_int(s, line, o, "alloc_cpus", &sn.cpus_alloc,
	    &sn.valid, SN_CPUS_ALLOC);
	if (parse_slurm_json_number(s, line, o, "real_memory", &n) == 0 &&
	    parse_range(s, line, "real_memory", n, 0, (double)(1L << 40)) ==
	    0) {
		sn.memory_mb = n;
		sn.valid |= BIT(SN_MEMORY);
	}
	SINK_EMIT(s, snode, &sn);
	return (1);
}

/*
 * A group of sinfo --json (v0.0.39 and later): nodes alike in state and
 * partition.  One record per node; what is summed over the group is kept
 * only for a group of one.
 */
static int
parse_slurm_json_group(const json_t *o, u_int line, const struct sink *s)
{
	struct snode	 sn;
	const json_t	*nodes, *cpus, *mem, *gres, *reason, *e;
	const char	*name;
	long		 lo, hi, when = 0;
	size_t		 i, count;
	int		 sent = 0;

	memset(&sn, 0, sizeof sn);
	nodes = json_object_get(json_object_get(o, "nodes"), "nodes");
	count = json_array_size(nodes);
	sn.nodes = 1;
	sn.valid |= BIT(SN_NODES);
	parse_slurm_json_state(sn.state, sizeof sn.state,
	    json_object_get(json_object_get(o, "node"), "state"), NULL);
	strlcpy(sn.partitions, parse_slurm_json_str(json_object_get(o,
	    "partition"), "name"), sizeof sn.partitions);
	reason = json_object_get(o, "reason");
	if (parse_slurm_json_number(s, line, reason, "time", &when) != 0)
		when = 0;
	parse_slurm_json_reason(sn.reason, sizeof sn.reason,
	    parse_slurm_json_str(reason, "description"),
	    parse_slurm_json_str(reason, "user"), when);
	gres = json_object_get(o, "gres");
	strlcpy(sn.gres, parse_slurm_json_str(gres, "total"), sizeof sn.gres);
	if ((lo = parse_slurm_json_gpus(gres, "total")) >= 0 && lo <= INT_MAX) {
		sn.gpus = (int)lo;
		sn.valid |= BIT(SN_GPUS);
	}
	cpus = json_object_get(o, "cpus");
	if (parse_slurm_json_number(s, line, cpus, "minimum", &lo) == 0 &&
	    parse_slurm_json_number(s, line, cpus, "maximum", &hi) == 0 &&
	    lo == hi && lo >= 0 && lo <= INT_MAX) {
		sn.cpus = (int)lo;
		sn.valid |= BIT(SN_CPUS);
	}
	mem = json_object_get(o, "memory");
	if (parse_slurm_json_number(s, line, mem, "minimum", &lo) == 0 &&
	    parse_slurm_json_number(s, line, mem, "maximum", &hi) == 0 &&
	    lo == hi && lo >= 0) {
		sn.memory_mb = lo;
		sn.valid |= BIT(SN_MEMORY);
	}
	if (count == 1) {
		parse_slurm_json_int(s, line, cpus, "allocated", &sn.cpus_alloc,
		    &sn.valid, SN_CPUS_ALLOC);
		if (json_is_string(json_object_get(gres, "used")) &&
		    (lo = parse_slurm_json_gpus(gres, "used")) <= INT_MAX) {
			sn.gpus_used = lo < 0 ? 0 : (int)lo;
			sn.valid |= BIT(SN_GPUS_USED);
		}
	}
	json_array_foreach(nodes, i, e) {
		if ((name = json_string_value(e)) == NULL || *name == '\0') {
			sink_error(s, line, "node without a name");
			continue;
		}
		strlcpy(sn.name, name, sizeof sn.name);
		SINK_EMIT(s, snode, &sn);
		sent++;
	}
	return (sent);
}

/* A job's id as squeue -o %i prints it: 1234, 1234_7, 1234_[1-8]. */
static void
parse_slurm_json_jobid(const struct sink *s, u_int line, char *dst,
    size_t size, const json_t *o)
{
	const char	*tasks = parse_slurm_json_str(o, "array_task_string");
	long		 id = 0, aid = 0, task;

	if (parse_slurm_json_number(s, line, o, "array_job_id", &aid) == 0 &&
	    aid > 0) {
		if (parse_slurm_json_number(s, line, o, "array_task_id",
		    &task) == 0)
			snprintf(dst, size, "%ld_%ld", aid, task);
		else if (*tasks != '\0')
			snprintf(dst, size, "%ld_[%s]", aid, tasks);
		else
			snprintf(dst, size, "%ld", aid);
		return;
	}
	if (parse_slurm_json_number(s, line, o, "job_id", &id) == 0)
		snprintf(dst, size, "%ld", id);
	else
		dst[0] = '\0';
}

/*
 * Does squeue show a job in this state by default: not one that has
 * ended (COMPLETED, FAILED, ...), unless it is still COMPLETING?  Its
 * --json, and slurmrestd, list those too.
 */
static int
parse_slurm_json_shown(const char *state)
{
	static const char *const ended[] = {
		"BOOT_FAIL", "CANCELLED", "COMPLETED", "DEADLINE", "FAILED",
		"NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "REVOKED",
		"TIMEOUT",
	};
	const char	*w;
	size_t		 i, n;
	int		 done = 0;

	for (w = state; *w != '\0'; w += n + (w[n] == '+')) {
		n = strcspn(w, "+");
		if (n == 10 && strncmp(w, "COMPLETING", n) == 0)
			return (1);
		for (i = 0; i < nitems(ended); i++) {
			if (strlen(ended[i]) == n &&
			    strncmp(w, ended[i], n) == 0)
				done = 1;
		}
	}
	return (!done);
}

static int
parse_slurm_json_job(const json_t *o, time_t now, u_int line,
    const struct sink *s)
{
	struct job	 j;
	long		 start, end, limit, alloc = -1, n;
	const char	*r;
	int		 inf;

	memset(&j, 0, sizeof j);
	parse_slurm_json_jobid(s, line, j.id, sizeof j.id, o);
	if (j.id[0] == '\0') {
		sink_error(s, line, "job without a job_id");
		return (0);
	}
	strlcpy(j.user, parse_slurm_json_str(o, "user_name"), sizeof j.user);
	strlcpy(j.partition, parse_slurm_json_str(o, "partition"),
	    sizeof j.partition);
	strlcpy(j.name, parse_slurm_json_str(o, "name"), sizeof j.name);
	parse_slurm_json_join(j.state, sizeof j.state,
	    json_object_get(o, "job_state"), "+");
	if (!parse_slurm_json_shown(j.state))
		return (0);
	if (strlen(parse_slurm_json_str(o, "nodes")) >= sizeof j.nodes)
		sink_error(s, line, "node list too long, truncated");
	strlcpy(j.nodes, parse_slurm_json_str(o, "nodes"), sizeof j.nodes);
	/* As squeue's %r: the description, when there is one. */
	if (*(r = parse_slurm_json_str(o, "state_description")) == '\0')
		r = parse_slurm_json_str(o, "state_reason");
	strlcpy(j.reason, r, sizeof j.reason);
	strlcpy(j.gres, parse_slurm_json_str(o, "tres_per_node"),
	    sizeof j.gres);
	parse_slurm_json_int(s, line, o, "node_count", &j.nnodes, &j.valid,
	    JOB_NNODES);
	parse_slurm_json_int(s, line, o, "cpus", &j.cpus, &j.valid, JOB_CPUS);
	/* in minutes; null, before v0.0.39, is UNLIMITED (squeue's %l) */
	inf = parse_slurm_json_number(s, line, o, "time_limit", &limit);
	if (json_is_null(json_object_get(o, "time_limit")))
		inf = 1;
	if (inf == 1 || (inf == 0 && limit >= 0 && limit <= LONG_MAX / 60)) {
		j.limit_s = inf == 1 ? -1 : limit * 60;
		j.valid |= BIT(JOB_LIMIT);
	}
	if (parse_slurm_json_number(s, line, o, "start_time", &start) == 0 &&
	    start > 0 && start <= now && strcmp(j.state, "PENDING") != 0) {
		inf = strcmp(j.state, "RUNNING") != 0 ?
		    parse_slurm_json_number(s, line, o, "end_time", &end) : -1;
		if (inf == 0 && end >= start && end <= now)
			now = end;
		j.elapsed_s = now - start;
		if (inf != -2)
			j.valid |= BIT(JOB_ELAPSED);
	}
	if (*parse_slurm_json_str(o, "tres_alloc_str") != '\0' &&
	    (alloc = parse_slurm_json_gpus(o, "tres_alloc_str")) < 0)
		alloc = -2;
	n = j.gres[0] != '\0' ? parse_slurm_gres(j.gres, strlen(j.gres),
	    NULL, 0) : -1;
	parse_slurm_job_gpus(&j, alloc, parse_slurm_json_gpus(o,
	    "tres_per_job"), n);
	SINK_EMIT(s, job, &j);
	return (1);
}

/*
 * The document: parsed whole, its "errors" reported, then each element
 * of the array under one of the keys.  The number of records sent.
 */
static int
parse_slurm_json_doc(const char *buf, size_t len, const struct sink *s,
    const char *want, const char *const *keys, size_t nkeys,
    int (*one)(const json_t *, const char *, time_t, u_int,
    const struct sink *))
{
	json_t		*doc, *arr = NULL, *e;
	json_error_t	 err;
	const char	*msg, *nul;
	size_t		 i, k;
	int		 count = 0;

	if ((nul = memchr(buf, '\0', len)) != NULL) {
		for (k = 1; nul > buf; nul--)
			k += nul[-1] == '\n';
		sink_error(s, (u_int)k, "a NUL byte in the document");
		return (0);
	}
	if ((doc = json_loadb(buf, len, 0, &err)) == NULL) {
		sink_error(s, err.line > 0 ? (u_int)err.line : 0,
		    "not JSON: %s", err.text);
		return (0);
	}
	json_array_foreach(json_object_get(doc, "errors"), i, e) {
		if ((msg = json_string_value(json_object_get(e,
		    "description"))) == NULL || *msg == '\0')
			msg = json_string_value(json_object_get(e, "error"));
		if (json_integer_value(json_object_get(e, "errno")) != 0)
			sink_error(s, 0, "Slurm: %s (errno %lld; with "
			    "slurm.format = \"text\" its tools may say more)",
			    msg != NULL ? msg : "error", (long long)
			    json_integer_value(json_object_get(e, "errno")));
		else
			sink_error(s, 0, "Slurm: %s", msg != NULL ? msg :
			    "error");
	}
	for (k = 0; k < nkeys && arr == NULL; k++)
		arr = json_object_get(doc, keys[k]);
	if (!json_is_array(arr)) {
		if (json_object_get(doc, "errors") == NULL ||
		    json_array_size(json_object_get(doc, "errors")) == 0)
			sink_error(s, 0, "not a %s document: no \"%s\" array",
			    want, keys[0]);
		json_decref(doc);
		return (0);
	}
	json_array_foreach(arr, i, e) {
		if (!json_is_object(e)) {
			sink_error(s, 0, "%s[%zu]: not an object", keys[k - 1],
			    i);
			continue;
		}
		count += one(e, keys[k - 1], time(NULL), (u_int)i + 1, s);
	}
	json_decref(doc);
	return (count);
}

static int
parse_slurm_json_one_node(const json_t *o, const char *key, time_t now,
    u_int line, const struct sink *s)
{
	if (strcmp(key, "sinfo") == 0)
		return (parse_slurm_json_group(o, line, s));
	return (parse_slurm_json_node(o, line, s));
}

static int
parse_slurm_json_one_job(const json_t *o, const char *key, time_t now,
    u_int line, const struct sink *s)
{
	return (parse_slurm_json_job(o, now, line, s));
}

int
parse_slurm_json_nodes(const char *buf, size_t len, const struct sink *s)
{
	static const char *const keys[] = { "nodes", "sinfo" };

	return (parse_slurm_json_doc(buf, len, s, "nodes", keys, nitems(keys),
	    parse_slurm_json_one_node));
}

int
parse_slurm_json_jobs(const char *buf, size_t len, const struct sink *s)
{
	static const char *const keys[] = { "jobs" };

	return (parse_slurm_json_doc(buf, len, s, "jobs", keys, nitems(keys),
	    parse_slurm_json_one_job));
}
