/*
 * myriad - burn-in: the verdict of one node's diagnostic, and the store.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A verdict is read from the records of the node's vendor's diagnostic
 * parser (dcgmi diag's, rvs's), as dcgmi diag's are read: the worst
 * result of any test or GPU (a skipped test passes), each GPU's worst
 * result folded (fail 3; pass 0-2,4-7), the tests that failed or warned
 * and what dcgmi said of them.  A test may fail while every GPU row says
 * Pass (DCGM 4.x prints the test's own result): the test's result counts.
 *
 * The store is a directory of runs, one file RUN.jsonl each, of JSON
 * lines: the run as it starts (a burnrun record, with the process and
 * host that run it), each node's burnin record as it ends, and the run
 * again when it ends.  A run without the last line is running while its
 * process lives, and was interrupted when it is gone.
 *
 * The run under way is burnin.c's; this file is apart from it so that
 * reading verdicts and runs links without the backend or the console
 * (t/unit-burnin, list-burnins).
 */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"
#include "backend.h"

struct burnin_collect {
	struct burnin	*b;
	uint8_t		 gpu[BURNIN_MAXGPU];	/* worst result + 1 */
	size_t		 testslen;
	size_t		 msglen;
	char		 test[48];	/* the test of the GPU records */
	char		 pending[512];	/* its text */
	int		 gpusaid;	/* a GPU of it had text */
	int		 records;
	int		 errors;
	char		 error[160];
};

/* Append "sep s" to dst unless it is there already. */
static void
burnin_store_append(char *dst, size_t size, size_t *len, const char *sep,
    const char *s)
{
	size_t	 n = strlen(s);
	char	*p;

	for (p = dst; (p = strstr(p, s)) != NULL; p += n) {
		if ((p == dst || p[-1] == ' ') &&
		    (p[n] == '\0' || p[n] == ','))
			return;
	}
	if (*len != 0)
		*len += strlcpy(dst + *len, sep, size - *len);
	if (*len < size)
		*len += strlcpy(dst + *len, s, size - *len);
	if (*len >= size)
		*len = size - 1;
}

static int
burnin_store_bad(enum diag_result r)
{
	return (r == DIAG_WARN || r == DIAG_FAIL);
}

/* Append "what: text" to the message, unless it says that already. */
static void
burnin_store_say(struct burnin_collect *c, const char *what,
    const char *text)
{
	struct burnin	*b = c->b;
	size_t		 size = sizeof b->message;

	if (*text == '\0' || strstr(b->message, text) != NULL)
		return;
	if (c->msglen != 0 && c->msglen < size)
		c->msglen += strlcpy(b->message + c->msglen, "; ",
		    size - c->msglen);
	if (c->msglen < size)
		c->msglen += strlcpy(b->message + c->msglen, what,
		    size - c->msglen);
	if (c->msglen < size)
		c->msglen += strlcpy(b->message + c->msglen, text,
		    size - c->msglen);
	if (c->msglen >= size)
		c->msglen = size - 1;
}

/*
 * A failed test's own text, said unless its GPUs said theirs (the parser
 * sends the test, then its GPUs).
 */
static void
burnin_store_test_done(struct burnin_collect *c)
{
	char	 what[64];

	if (c->pending[0] != '\0' && !c->gpusaid) {
		snprintf(what, sizeof what, "%s: ", c->test);
		burnin_store_say(c, what, c->pending);
	}
	c->pending[0] = '\0';
	c->gpusaid = 0;
}

static void
burnin_store_diag(void *arg, const struct diag *d)
{
	struct burnin_collect	*c = arg;
	struct burnin		*b = c->b;
	enum diag_result	 r = d->result;
	char			 what[96];

	c->records++;
	if (d->gpu < 0) {
		burnin_store_test_done(c);
		strlcpy(c->test, d->test, sizeof c->test);
	}
	if (r == DIAG_SKIP)
		r = DIAG_PASS;		/* not run is not a failure */
	if (r > b->result)
		b->result = r;
	if (d->gpu >= 0 && d->gpu < BURNIN_MAXGPU && r != DIAG_NONE &&
	    r + 1 > c->gpu[d->gpu])
		c->gpu[d->gpu] = r + 1;
	if (!burnin_store_bad(r))
		return;
	burnin_store_append(b->tests, sizeof b->tests, &c->testslen,
	    ", ", d->test);
	if (d->gpu < 0) {
		strlcpy(c->pending, d->message, sizeof c->pending);
		return;
	}
	snprintf(what, sizeof what, "%s GPU %d: ", d->test, d->gpu);
	if (d->message[0] != '\0')
		c->gpusaid = 1;
	burnin_store_say(c, what, d->message);
}

static void
burnin_store_error(void *arg, u_int line, const char *msg)
{
	struct burnin_collect	*c = arg;

	if (c->errors++ == 0)
		snprintf(c->error, sizeof c->error, "line %u: %s", line, msg);
}

/* GPU ids as a folded list: 0-2,4-7. */
static void
burnin_store_fold(struct buf *out, const uint8_t *gpu, uint8_t want)
{
	int	 i, j, first = 1;

	for (i = 0; i < BURNIN_MAXGPU; i++) {
		if (gpu[i] != want)
			continue;
		for (j = i; j + 1 < BURNIN_MAXGPU && gpu[j + 1] == want; j++)
			;
		buf_printf(out, "%s%d", first ? "" : ",", i);
		if (j > i)
			buf_printf(out, "%s%d", j == i + 1 ? "," : "-", j);
		first = 0;
		i = j;
	}
}

/*
 * Each vendor's diagnostic.  A node whose GPUs' vendor is not known yet
 * runs NVIDIA's, as every node did before vendors.  Of Ascend's ascend-dmi
 * -dg only healthy samples were found (Huawei's guide), no failing one,
 * and no output of a Hygon DCU diagnostic: their verdicts are not read,
 * so their nodes run a site's check, whose exit status is the verdict,
 * or are refused.
 */
static const struct burnin_vendor burnin_vendors[] = {
	[VENDOR_UNKNOWN] = { .option = "burnin.command", .tool = "dcgmi",
	    .parse = parse_dcgm_diag },
	[VENDOR_NVIDIA] = { .option = "burnin.command", .tool = "dcgmi",
	    .parse = parse_dcgm_diag },
	[VENDOR_AMD] = { .option = "burnin.amd-command", .tool = "rvs",
	    .parse = parse_rvs },
	[VENDOR_HUAWEI] = { .option = "burnin.huawei-command",
	    .tool = "burnin.huawei-command", .why = "myriad reads no "
	    "Ascend diagnostic (ascend-dmi -dg seen healthy only, in "
	    "Huawei's guide: no failing output to test against)" },
	[VENDOR_HYGON] = { .option = "burnin.hygon-command",
	    .tool = "burnin.hygon-command", .why = "myriad reads no Hygon "
	    "DCU diagnostic (no output of one found to test against)" },
};

const struct burnin_vendor *
burnin_vendor(enum vendor v)
{
	if ((u_int)v >= nitems(burnin_vendors))
		v = VENDOR_UNKNOWN;
	return (&burnin_vendors[v]);
}

/*
 * The verdict of one node's diagnostic output, by its vendor's parser
 * (b->vendor): b's result, state, gpus, ngpus, tests and message.  -1
 * (and why in b->message) when the output holds no result.
 */
int
burnin_verdict(struct burnin *b, const char *out, size_t len)
{
	static const enum diag_result order[] = {
		DIAG_FAIL, DIAG_WARN, DIAG_PASS
	};
	struct burnin_collect	 c;
	struct sink		 s;
	struct buf		 g;
	size_t			 i;
	int			 any;

	memset(&c, 0, sizeof c);
	c.b = b;
	b->result = DIAG_NONE;
	b->ngpus = 0;
	b->gpus[0] = b->tests[0] = b->message[0] = '\0';
	memset(&s, 0, sizeof s);
	s.arg = &c;
	s.diag = burnin_store_diag;
	s.error = burnin_store_error;
	burnin_vendor(b->vendor)->parse(out != NULL ? out : "", len, NULL,
	    &s);
	burnin_store_test_done(&c);
	if (c.records == 0 || b->result == DIAG_NONE) {
		snprintf(b->message, sizeof b->message, "no diagnostic "
		    "result: %s", c.errors ? c.error : "nothing printed");
		b->result = DIAG_NONE;
		b->state = BURNIN_FAILED;
		return (-1);
	}
	if (c.errors != 0) {
		/* The tool's own error (runtime_error) fails the node. */
		b->result = DIAG_FAIL;
		if (b->message[0] == '\0')
			strlcpy(b->message, c.error, sizeof b->message);
	}
	buf_init(&g);
	for (i = 0; i < nitems(order); i++) {
		any = g.len;
		if (memchr(c.gpu, order[i] + 1, sizeof c.gpu) == NULL)
			continue;
		buf_printf(&g, "%s%s ", any ? "; " : "",
		    field_enum_name(FT_RESULT, order[i]));
		burnin_store_fold(&g, c.gpu, order[i] + 1);
	}
	/* rvs's level 1 tests the software: no GPU's line, said so. */
	if (g.len == 0)
		snprintf(b->gpus, sizeof b->gpus, "none: %s gave no GPU's "
		    "verdict", burnin_vendor(b->vendor)->tool);
	else
		strlcpy(b->gpus, g.data, sizeof b->gpus);
	buf_free(&g);
	for (i = 0; i < nitems(c.gpu); i++)
		b->ngpus += c.gpu[i] != 0;
	switch (b->result) {
	case DIAG_FAIL:
		b->state = BURNIN_FAILED;
		break;
	case DIAG_WARN:
		b->state = BURNIN_WARNED;
		break;
	default:
		b->state = BURNIN_PASSED;
		break;
	}
	return (0);
}

/* The store: $XDG_STATE_HOME/myriad/burnin, made when it is not there. */

static int
burnin_store_mkdir(const char *path, char **cause)
{
	char	*p, *s;

	s = xstrdup(path);
	for (p = s + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(s, 0700) != 0 && errno != EEXIST)
			break;
		*p = '/';
	}
	free(s);
	if (mkdir(path, 0700) != 0 && errno != EEXIST) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	return (0);
}

char *
burnin_dir(int create, char **cause)
{
	const char	*state = getenv("XDG_STATE_HOME"), *home;
	char		*dir;

	if (state != NULL && *state == '/')
		xasprintf(&dir, "%s/myriad/burnin", state);
	else if ((home = getenv("HOME")) != NULL && *home != '\0')
		xasprintf(&dir, "%s/.local/state/myriad/burnin", home);
	else {
		xasprintf(cause, "neither XDG_STATE_HOME nor HOME is set");
		return (NULL);
	}
	if (create && burnin_store_mkdir(dir, cause) != 0) {
		free(dir);
		return (NULL);
	}
	return (dir);
}

/* This process and its host, as a run's owner. */
static void
burnin_store_owner(int *pid, char *host, size_t size)
{
	*pid = getpid();
	if (gethostname(host, size) != 0)
		host[0] = '\0';
	host[size - 1] = '\0';
}

/*
 * A run not ended in its file: still running if the myriad that runs it
 * lives (a zombie, dead but not yet waited for, does not).  One on another
 * host cannot be asked, and is taken at its word.
 */
static int
burnin_store_alive(const struct burnrun *r)
{
	char	 host[sizeof r->host], path[64], line[512], *p = NULL;
	int	 pid;
	FILE	*f;

	if (r->pid <= 0)
		return (0);
	burnin_store_owner(&pid, host, sizeof host);
	if (strcmp(r->host, host) != 0)
		return (1);
	if (kill(r->pid, 0) != 0 && errno != EPERM)
		return (0);
	snprintf(path, sizeof path, "/proc/%d/stat", r->pid);
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(line, sizeof line, f) != NULL)
			p = strrchr(line, ')');
		fclose(f);
	}
	return (p == NULL || strncmp(p, ") Z", 3) != 0);
}

/*
 * A new run's file: RUN.jsonl, RUN the local time it starts; this process
 * owns the run.
 */
FILE *
burnin_store_create(struct burnrun *r, char **cause)
{
	struct tm	 tm;
	time_t		 t = (time_t)r->started;
	char		*dir, *path, stamp[24];
	FILE		*f = NULL;
	int		 fd, i;

	*cause = NULL;
	burnin_store_owner(&r->pid, r->host, sizeof r->host);
	if ((dir = burnin_dir(1, cause)) == NULL)
		return (NULL);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime_r(&t, &tm));
	for (i = 1; i < 100 && f == NULL; i++) {
		if (i == 1)
			strlcpy(r->run, stamp, sizeof r->run);
		else
			snprintf(r->run, sizeof r->run, "%s.%d", stamp, i);
		xasprintf(&path, "%s/%s.jsonl", dir, r->run);
		if ((fd = open(path, O_WRONLY|O_CREAT|O_EXCL|O_APPEND|O_CLOEXEC,
		    0600)) >= 0)
			f = fdopen(fd, "a");
		else if (errno != EEXIST) {
			xasprintf(cause, "%s: %s", path, strerror(errno));
			free(path);
			break;
		}
		free(path);
	}
	if (f == NULL && *cause == NULL)
		xasprintf(cause, "%s: too many runs this second", dir);
	free(dir);
	return (f);
}

/* One record as a line; flushed, so a crash keeps what ended. */
void
burnin_store_write(FILE *f, const char *kind, const void *rec)
{
	struct buf	 b;

	if (f == NULL)
		return;
	buf_init(&b);
	output_json_record(&b, record_find(kind), rec, NULL);
	fprintf(f, "%s\n", b.data);
	fflush(f);
	buf_free(&b);
}

/* The bytes a string field has: up to the next field, or the end. */
static size_t
burnin_store_field_size(const struct record *r, const struct field *f)
{
	const struct field	*g;
	size_t			 end = r->size;

	for (g = r->fields; g->name != NULL; g++) {
		if (g->off > f->off && g->off < end)
			end = g->off;
	}
	return (end - f->off);
}

/* Reading back: a JSON object's keys into a record, by its field table. */
static void
burnin_store_read_record(json_t *o, const struct record *r, void *rec)
{
	const struct field	*f;
	const char		*s;
	json_t			*v;
	int			 i;
	struct tm		 tm;
	char			*p = rec;

	for (f = r->fields; f->name != NULL; f++) {
		if ((v = json_object_get(o, f->name)) == NULL ||
		    json_is_null(v))
			continue;
		s = json_string_value(v);
		switch (f->type) {
		case FT_STR:
			if (s != NULL)
				strlcpy(p + f->off, s,
				    burnin_store_field_size(r, f));
			break;
		case FT_INT:
			if (json_is_integer(v))
				*(int *)(p + f->off) = json_integer_value(v);
			break;
		case FT_FLOAT:
			if (json_is_number(v))
				*(float *)(p + f->off) = json_number_value(v);
			break;
		case FT_TIME:
			memset(&tm, 0, sizeof tm);
			if (s != NULL && strptime(s, "%Y-%m-%dT%H:%M:%S",
			    &tm) != NULL) {
				tm.tm_isdst = -1;
				*(double *)(p + f->off) = mktime(&tm);
			}
			break;
		case FT_RESULT:
		case FT_BURNIN:
		case FT_VENDOR:
			for (i = 0; s != NULL && i < 16; i++) {
				if (strcmp(field_enum_name(f->type, i),
				    s) == 0) {
					*(int *)(p + f->off) = i;
					break;
				}
			}
			break;
		default:
			break;
		}
	}
}

static int
burnin_store_cmp(const void *a, const void *b)
{
	return (-strcmp(((const struct burnrun *)a)->run,
	    ((const struct burnrun *)b)->run));
}

/* One run's file: the run, its counts from its nodes, and the nodes. */
static void
burnin_store_read_file(FILE *f, struct burnrun *r, struct burnin **nodes,
    u_int *nnodes)
{
	struct burnin	 b, *all = NULL;
	json_t		*o;
	char		*line = NULL;
	size_t		 size = 0;
	ssize_t		 n;
	u_int		 lines = 0, nb = 0, i;
	int		 count[BURNIN_REFUSED + 1];

	memset(count, 0, sizeof count);
	while (lines++ < 1000000 && (n = getline(&line, &size, f)) > 0) {
		if ((o = json_loadb(line, n, 0, NULL)) == NULL)
			continue;
		if (!json_is_object(o)) {
			json_decref(o);
			continue;
		}
		if (json_object_get(o, "node") == NULL) {
			burnin_store_read_record(o,
			    record_find("burnrun"), r);
			json_decref(o);
			continue;
		}
		memset(&b, 0, sizeof b);
		burnin_store_read_record(o, record_find("burnin"), &b);
		json_decref(o);
		/* A node's later line (what on-pass did) replaces it. */
		for (i = 0; i < nb; i++) {
			if (strcmp(all[i].node, b.node) == 0)
				break;
		}
		if (i == nb)
			all = xreallocarray(all, ++nb, sizeof *all);
		all[i] = b;
	}
	free(line);
	for (i = 0; i < nb; i++) {
		/* A domain's verdict is no node's. */
		if ((u_int)all[i].state < nitems(count) &&
		    strcmp(all[i].tests, BURNIN_DOMAIN) != 0)
			count[all[i].state]++;
	}
	if (nodes != NULL) {
		*nodes = all;
		*nnodes = nb;
	} else
		free(all);
	r->passed = count[BURNIN_PASSED];
	r->warned = count[BURNIN_WARNED];
	r->failed = count[BURNIN_FAILED];
	r->unreachable = count[BURNIN_UNREACHABLE];
	r->cancelled = count[BURNIN_CANCELLED];
	r->refused = count[BURNIN_REFUSED];
}

/*
 * The runs in the store, newest first, and with `run', that run's nodes.
 * A run still "running" in its file whose process is gone was interrupted.
 */
int
burnin_store_read(const char *run, struct burnrun **runs, u_int *nruns,
    struct burnin **nodes, u_int *nnodes, char **cause)
{
	struct burnrun	 r;
	struct dirent	*de;
	DIR		*d;
	FILE		*f;
	char		*dir, *path;
	size_t		 len;
	int		 found = 0;

	*runs = NULL;
	*nruns = 0;
	if (nodes != NULL) {
		*nodes = NULL;
		*nnodes = 0;
	}
	if ((dir = burnin_dir(0, cause)) == NULL)
		return (-1);
	if ((d = opendir(dir)) == NULL) {
		if (errno != ENOENT) {
			xasprintf(cause, "%s: %s", dir, strerror(errno));
			free(dir);
			return (-1);
		}
		free(dir);
		if (run == NULL)
			return (0);
		xasprintf(cause, "no such run: %s", run);
		return (-1);
	}
	while ((de = readdir(d)) != NULL && *nruns < 100000) {
		len = strlen(de->d_name);
		if (len <= 6 || de->d_name[0] == '.' ||
		    strcmp(de->d_name + len - 6, ".jsonl") != 0)
			continue;
		memset(&r, 0, sizeof r);
		parse_copy(r.run, sizeof r.run, de->d_name, len - 6);
		xasprintf(&path, "%s/%s", dir, de->d_name);
		f = fopen(path, "r");
		free(path);
		if (f == NULL)
			continue;
		if (run != NULL && strcmp(run, r.run) == 0) {
			found = 1;
			burnin_store_read_file(f, &r, nodes, nnodes);
		} else
			burnin_store_read_file(f, &r, NULL, NULL);
		fclose(f);
		parse_copy(r.run, sizeof r.run, de->d_name, len - 6);
		if (strcmp(r.status, "running") == 0 &&
		    !burnin_store_alive(&r))
			strlcpy(r.status, "interrupted", sizeof r.status);
		*runs = xreallocarray(*runs, *nruns + 1, sizeof **runs);
		(*runs)[(*nruns)++] = r;
	}
	closedir(d);
	free(dir);
	if (*nruns > 1)
		qsort(*runs, *nruns, sizeof **runs, burnin_store_cmp);
	if (run != NULL && !found) {
		xasprintf(cause, "no such run: %s", run);
		free(*runs);
		*runs = NULL;
		*nruns = 0;
		return (-1);
	}
	return (0);
}
