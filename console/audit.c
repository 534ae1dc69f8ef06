/*
 * myriad - the audit log: every command that changes the cluster, one JSON
 * object a line in $XDG_STATE_HOME/myriad/audit.jsonl.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The intent is written, and on the disk, before the command runs, and
 * the result after it, so a crash in between still leaves a record.  The
 * circuit breaker counts the drains of the last window from here.
 */

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"

/* $XDG_STATE_HOME/myriad/audit.jsonl, default ~/.local/state. */
char *
audit_path(void)
{
	const char	*state = getenv("XDG_STATE_HOME"), *home;
	char		*path;

	if (state != NULL && *state == '/')
		xasprintf(&path, "%s/myriad/audit.jsonl", state);
	else {
		if ((home = getenv("HOME")) == NULL || *home == '\0')
			home = "/";
		xasprintf(&path, "%s/.local/state/myriad/audit.jsonl", home);
	}
	return (path);
}

/* Who: $USER (else the password file's), and where from: SSH_CONNECTION. */
void
audit_operator(char *user, size_t ulen, char *from, size_t flen)
{
	const char	*u = getenv("USER"), *c = getenv("SSH_CONNECTION");
	struct passwd	*pw;

	if ((u == NULL || *u == '\0') && (pw = getpwuid(getuid())) != NULL)
		u = pw->pw_name;
	strlcpy(user, u != NULL ? u : "?", ulen);
	if (c != NULL && *c != '\0')
		snprintf(from, flen, "%.*s", (int)strcspn(c, " "), c);
	else
		strlcpy(from, "local", flen);
}

/*
 * Make the directories of path, as mkdir -p: the audit log's, and the
 * simulator's state file's (sim-state.c).
 */
int
audit_mkdirs(const char *path)
{
	char	*copy = xstrdup(path), *p;

	for (p = copy + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
			free(copy);
			return (-1);
		}
		*p = '/';
	}
	free(copy);
	return (0);
}

/* Append one record, on the disk when this returns 0. */
static int
audit_append(json_t *o, char **cause)
{
	char		*path = audit_path(), *line;
	struct buf	 b;
	int		 fd, rc = 0;

	if ((line = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII)) == NULL) {
		xasprintf(cause, "audit record: out of memory");
		free(path);
		return (-1);
	}
	if (audit_mkdirs(path) != 0 ||
	    (fd = open(path, O_WRONLY|O_APPEND|O_CREAT|O_CLOEXEC, 0600)) == -1) {
		xasprintf(cause, "audit log %s: %s", path, strerror(errno));
		free(line);
		free(path);
		return (-1);
	}
	buf_init(&b);
	buf_puts(&b, line);
	buf_putc(&b, '\n');
	if (write(fd, b.data, b.len) != (ssize_t)b.len || fsync(fd) != 0) {
		xasprintf(cause, "audit log %s: %s", path, strerror(errno));
		rc = -1;
	}
	buf_free(&b);
	close(fd);
	free(line);
	free(path);
	return (rc);
}

/* What every record holds: time, id, operator, the command, its nodes. */
static json_t *
audit_record(struct action *a, const char *phase)
{
	json_t		*o;
	char		 user[64], from[64], when[32];
	struct timespec	 ts;
	struct tm	 tm;
	time_t		 t;

	clock_gettime(CLOCK_REALTIME, &ts);
	t = ts.tv_sec;
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	audit_operator(user, sizeof user, from, sizeof from);
	o = json_object();
	json_object_set_new(o, "time", json_string(when));
	json_object_set_new(o, "epoch", json_real(ts.tv_sec +
	    ts.tv_nsec / 1e9));
	json_object_set_new(o, "id", json_string(a->id));
	json_object_set_new(o, "phase", json_string(phase));
	json_object_set_new(o, "operator", json_pack("{s:s, s:s}", "user",
	    user, "from", from));
	json_object_set_new(o, "command", json_string(a->line));
	json_object_set_new(o, "verb", json_string(a->verb));
	json_object_set_new(o, "nodes", json_string(a->set != NULL ? a->set :
	    ""));
	json_object_set_new(o, "count", json_integer(a->nnodes));
	json_object_set_new(o, "drains", json_integer(a->drains));
	if (a->domains != NULL)
		json_object_set(o, "domains", a->domains);
	return (o);
}

/* Before it runs: what will run where. */
int
audit_intent(struct action *a, char **cause)
{
	json_t	*o, *cmds;
	u_int	 i;
	int	 rc;

	o = audit_record(a, "intent");
	cmds = json_array();
	for (i = 0; i < a->ncmds; i++) {
		json_array_append_new(cmds, json_pack("{s:s, s:s}", "target",
		    a->cmds[i].where, "command", a->cmds[i].command));
	}
	json_object_set_new(o, "commands", cmds);
	json_object_set_new(o, "force", json_boolean(a->force));
	rc = audit_append(o, cause);
	json_decref(o);
	return (rc);
}

/* Refused: by the breaker, for want of --yes, or by the operator. */
int
audit_refused(struct action *a, const char *why)
{
	json_t	*o;
	char	*cause;
	int	 rc;

	o = audit_record(a, "refused");
	json_object_set_new(o, "why", json_string(why));
	if ((rc = audit_append(o, &cause)) != 0)
		free(cause);
	json_decref(o);
	return (rc);
}

/* After: per node the result, folded (action_groups); what was drained. */
int
audit_result(struct action *a, struct json_t *groups, enum cmd_status st,
    char **cause)
{
	json_t	*o;
	u_int	 i, ok = 0;
	int	 rc;

	for (i = 0; i < a->nnodes; i++)
		ok += a->results[i].ok;
	o = audit_record(a, "result");
	json_object_set(o, "results", groups);
	json_object_set_new(o, "ok", json_integer(ok));
	json_object_set_new(o, "failed", json_integer(a->nnodes - ok));
	json_object_set_new(o, "drained", json_integer(a->drains > 0 ? ok : 0));
	json_object_set_new(o, "status", json_integer(st));
	rc = audit_append(o, cause);
	json_decref(o);
	return (rc);
}

/* Each record of the window before `now', to fn. */
static void
audit_window(double now, double window, void (*fn)(json_t *, void *),
    void *arg)
{
	char		*path = audit_path(), *line = NULL;
	size_t		 size = 0;
	ssize_t		 len;
	FILE		*f;
	json_t		*o;
	double		 t;

	if ((f = fopen(path, "r")) == NULL) {
		free(path);
		return;
	}
	while ((len = getline(&line, &size, f)) > 0) {
		if ((o = json_loadb(line, len, 0, NULL)) == NULL)
			continue;
		t = json_number_value(json_object_get(o, "epoch"));
		if (t >= now - window && t <= now + 60 &&
		    json_is_string(json_object_get(o, "phase")))
			fn(o, arg);
		json_decref(o);
	}
	free(line);
	fclose(f);
	free(path);
}

/* An intent counts its drains until its result says how many were. */
static void
audit_drained_one(json_t *o, void *arg)
{
	long		*total = arg;
	const char	*phase = json_string_value(json_object_get(o, "phase"));

	if (strcmp(phase, "intent") == 0)
		*total += json_integer_value(json_object_get(o, "drains"));
	else if (strcmp(phase, "result") == 0)
		*total += json_integer_value(json_object_get(o, "drained")) -
		    json_integer_value(json_object_get(o, "drains"));
}

/* Nodes drained in the window before `now', for the circuit breaker. */
long
audit_drained(double now, double window)
{
	long	 total = 0;

	audit_window(now, window, audit_drained_one, &total);
	return (total > 0 ? total : 0);
}

struct audit_names {
	char	**names;
	u_int	  n;
};

/* The domains an intent to drain touches, each once. */
static void
audit_domains_one(json_t *o, void *arg)
{
	struct audit_names	*an = arg;
	const char		*name;
	json_t			*d;
	size_t			 i;
	u_int			 k;

	if (strcmp(json_string_value(json_object_get(o, "phase")),
	    "intent") != 0 || json_integer_value(json_object_get(o,
	    "drains")) <= 0)
		return;
	json_array_foreach(json_object_get(o, "domains"), i, d) {
		if ((name = json_string_value(json_object_get(d,
		    "domain"))) == NULL)
			continue;
		for (k = 0; k < an->n && strcmp(an->names[k], name) != 0; k++)
			;
		if (k < an->n)
			continue;
		an->names = xreallocarray(an->names, an->n + 1,
		    sizeof *an->names);
		an->names[an->n++] = xstrdup(name);
	}
}

/*
 * The scale-up domains of more than one node that drains of the window
 * touched (their intents say), for the circuit breaker: in *names.
 */
u_int
audit_domains(double now, double window, char ***names)
{
	struct audit_names	 an = { NULL, 0 };

	audit_window(now, window, audit_domains_one, &an);
	*names = an.names;
	return (an.n);
}
