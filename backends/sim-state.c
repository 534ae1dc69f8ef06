/*
 * myriad - the simulator's memory: what the operator changed, in a file
 * every process of one simulated cluster shares.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A change is a node, a time and what was done there (drain with a reason
 * and who, or resume); it holds from its time on, over what the seed makes
 * of the node at that time.  The file is $XDG_STATE_HOME/myriad/sim/NAME,
 * NAME the simulator's whole identity (cluster, GPUs, seed, fault rate),
 * JSON lines: the identity first, then a change a line (a mixed cluster's
 * identity and name hold its mix: the same size of another mix is another
 * cluster).  A writer holds
 * NAME.lock (flock), reads the file again, adds its changes and renames a
 * new file over it, so that no reader sees half of one and no change is
 * lost.  A reader looks at the file's size and time on each refresh and
 * reads it again when they differ.  A line that cannot be read or
 * understood is said, file and line, and dropped alone; a file that is
 * not this simulator's is said too, and the simulator goes on from its
 * seed alone.
 */

#include <sys/file.h>
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "sim.h"

#define SIM_STATE_VERSION	1

static const char *const sim_state_words[] = {
	[SD_DRAIN] = "drain",
	[SD_RESUMED] = "resume",
};

/* The simulator's GPUs, its nodes' own (a GB200 tray has 4). */
static u_int
sim_state_gpus(const struct sim *s)
{
	u_int	 i, n = 0;

	for (i = 0; i < s->nnodes; i++)
		n += sim_node_gpus(s, i);
	return (n);
}

/* The directory and the file's name, made from the identity. */
static char *
sim_state_path(const struct sim *s, const char *cluster)
{
	const char	*state = getenv("XDG_STATE_HOME"), *home;
	char		*path, *p, name[160];

	snprintf(name, sizeof name, "%.63s%s%.80s", *cluster != '\0' ?
	    cluster : "sim", s->mix != NULL ? "-mix-" : "",
	    s->mix != NULL ? s->mix : "");
	for (p = name; *p != '\0'; p++) {
		if ((!isalnum((u_char)*p) && strchr("._-", *p) == NULL) ||
		    (p == name && *p == '.'))
			*p = '_';
	}
	if (state != NULL && *state == '/')
		xasprintf(&path, "%s/myriad/sim/%s-%ugpus-seed%llu-faults%g."
		    "jsonl", state, name, sim_state_gpus(s),
		    (unsigned long long)s->seed, s->rate);
	else {
		if ((home = getenv("HOME")) == NULL || *home == '\0')
			home = "/";
		xasprintf(&path, "%s/.local/state/myriad/sim/%s-%ugpus-"
		    "seed%llu-faults%g.jsonl", home, name, sim_state_gpus(s),
		    (unsigned long long)s->seed, s->rate);
	}
	return (path);
}

static void
sim_state_clear(struct sim *s)
{
	u_int	 i;

	for (i = 0; i < s->nchanges; i++)
		free(s->changes[i].reason);
	free(s->changes);
	s->changes = NULL;
	s->nchanges = 0;
	free(s->chfirst);
	s->chfirst = NULL;
	s->fresh = 0;
}

void
sim_state_free(struct sim *s)
{
	sim_state_clear(s);
	free(s->state_path);
	free(s->cluster);
}

static int
sim_state_cmp(const void *a, const void *b)
{
	const struct sim_change	*ca = a, *cb = b;

	if (ca->node != cb->node)
		return (ca->node < cb->node ? -1 : 1);
	if (ca->t != cb->t)
		return (ca->t < cb->t ? -1 : 1);
	return (ca->seq < cb->seq ? -1 : ca->seq > cb->seq);
}

static int
sim_state_cmp_seq(const void *a, const void *b)
{
	const struct sim_change	*ca = a, *cb = b;

	return (ca->seq < cb->seq ? -1 : ca->seq > cb->seq);
}

/* Each node's changes together, in time, then in the order made. */
static void
sim_state_index(struct sim *s)
{
	u_int	 i;

	free(s->chfirst);
	s->chfirst = NULL;
	s->fresh = 0;
	if (s->nchanges == 0)
		return;
	qsort(s->changes, s->nchanges, sizeof *s->changes, sim_state_cmp);
	s->chfirst = xreallocarray(NULL, s->nnodes, sizeof *s->chfirst);
	for (i = 0; i < s->nnodes; i++)
		s->chfirst[i] = -1;
	for (i = s->nchanges; i > 0; i--)
		s->chfirst[s->changes[i - 1].node] = i - 1;
}

/* The last change to a node at or before time t, or NULL. */
const struct sim_change *
sim_state_at(const struct sim *s, u_int node, double t)
{
	const struct sim_change	*c, *last = NULL;
	u_int			 i;

	if (s->chfirst == NULL || s->chfirst[node] < 0)
		return (NULL);
	for (i = s->chfirst[node]; i < s->nchanges; i++) {
		c = &s->changes[i];
		if (c->node != node || c->t > t)
			break;
		last = c;
	}
	return (last);
}

static struct sim_change *
sim_state_add(struct sim *s)
{
	struct sim_change	*c;

	s->changes = xreallocarray(s->changes, s->nchanges + 1,
	    sizeof *s->changes);
	c = &s->changes[s->nchanges];
	memset(c, 0, sizeof *c);
	c->seq = s->nchanges++;
	return (c);
}

/* The identity line, as this simulator writes it. */
static json_t *
sim_state_identity(const struct sim *s)
{
	json_t	*id;

	id = json_pack("{s:i,s:s,s:I,s:I,s:f}", "myriad-sim-state",
	    SIM_STATE_VERSION, "cluster", s->cluster, "gpus",
	    (json_int_t)sim_state_gpus(s), "seed", (json_int_t)s->seed,
	    "fault-rate", s->rate);
	if (s->mix != NULL)
		json_object_set_new(id, "mix", json_string(s->mix));
	return (id);
}

/* One change line; -1 and why when it is not one. */
static int
sim_state_line(struct sim *s, json_t *o, char *why, size_t len)
{
	struct sim_change	*c;
	const char		*node, *state, *user, *reason = NULL;
	json_t			*t;
	size_t			 i;
	int			 n;

	if (json_unpack(o, "{s:o,s:s,s:s,s:s,s?s!}", "time", &t, "node",
	    &node, "state", &state, "user", &user, "reason", &reason) != 0 ||
	    !json_is_number(t)) {
		snprintf(why, len, "not a change (time, node, state, user, "
		    "reason)");
		return (-1);
	}
	if ((n = sim_node_find(s, node)) < 0) {
		snprintf(why, len, "no node %.32s in this cluster", node);
		return (-1);
	}
	for (i = 0; i < nitems(sim_state_words); i++) {
		if (sim_state_words[i] != NULL &&
		    strcmp(sim_state_words[i], state) == 0)
			break;
	}
	if (i == nitems(sim_state_words) || (i == SD_DRAIN) != (reason !=
	    NULL)) {
		snprintf(why, len, "not a change: state %.16s, %s reason",
		    state, reason != NULL ? "a" : "no");
		return (-1);
	}
	if (strlen(user) >= sizeof c->user) {
		snprintf(why, len, "a user name of more than %zu bytes",
		    sizeof c->user - 1);
		return (-1);
	}
	c = sim_state_add(s);
	c->node = n;
	c->state = i;
	c->t = json_number_value(t);
	strlcpy(c->user, user, sizeof c->user);
	c->reason = reason != NULL ? xstrdup(reason) : NULL;
	return (0);
}

/*
 * Read the file's text; -1 and why when it is not this simulator's.  A
 * line that is not a change (cut, or damaged) is dropped alone, and said:
 * the changes before and after it stay.
 */
static int
sim_state_parse(struct sim *s, const char *text, char **cause)
{
	const char	*line, *end;
	json_t		*o, *id;
	json_error_t	 e;
	char		 why[200], msg[200], *want;
	u_int		 n = 0, bad = 0, nbad = 0;
	int		 rc = 0;

	id = sim_state_identity(s);
	for (line = text; *line != '\0' && rc == 0; line = end + 1) {
		n++;
		o = NULL;
		if ((end = strchr(line, '\n')) == NULL) {
			end = line + strlen(line) - 1;
			snprintf(msg, sizeof msg, "a cut line (no newline)");
		} else if ((o = json_loadb(line, end - line, 0, &e)) == NULL)
			snprintf(msg, sizeof msg, "%s", e.text);
		else if (n == 1 && !json_equal(o, id)) {
			want = json_dumps(id, JSON_COMPACT|JSON_PRESERVE_ORDER);
			snprintf(msg, sizeof msg, "not this simulator's, whose "
			    "first line is %s", want);
			free(want);
		} else if (n == 1 || sim_state_line(s, o, msg, sizeof msg) ==
		    0) {
			json_decref(o);
			continue;
		}
		json_decref(o);
		if (n == 1 || nbad++ == 0) {
			bad = n;
			strlcpy(why, msg, sizeof why);
		}
		if (n == 1)
			rc = -1;
	}
	json_decref(id);
	if (rc == 0 && n == 0) {
		snprintf(why, sizeof why, "empty");
		rc = -1;
	}
	if (rc != 0) {
		xasprintf(cause, "simulator state %s:%u: %s; going on from the "
		    "seed alone", s->state_path, bad, why);
		sim_state_clear(s);
	} else if (nbad > 0) {
		xasprintf(cause, "simulator state %s:%u: %s; %u line%s "
		    "dropped, the other changes kept", s->state_path, bad, why,
		    nbad, nbad == 1 ? "" : "s");
		rc = -1;
	}
	return (rc);
}

/*
 * Read the file again if it changed since it was last read: 1 if it was,
 * 0 if not; -1 and why when it cannot be read or understood.
 */
int
sim_state_reload(struct sim *s, char **cause)
{
	struct stat	 sb;
	struct buf	 b;
	char		 tmp[8192];
	ssize_t		 n;
	int		 fd, rc, serrno = 0;

	if (s->state_path == NULL)
		return (0);
	if (stat(s->state_path, &sb) != 0) {
		serrno = errno;
		memset(&sb, 0, sizeof sb);
		sb.st_size = serrno == ENOENT ? 0 : -2;
	}
	if (sb.st_ino == s->state_ino && sb.st_size == s->state_size &&
	    sb.st_mtim.tv_sec == s->state_mtime.tv_sec &&
	    sb.st_mtim.tv_nsec == s->state_mtime.tv_nsec)
		return (0);
	s->state_ino = sb.st_ino;
	s->state_size = sb.st_size;
	s->state_mtime = sb.st_mtim;
	sim_state_clear(s);
	if (sb.st_size == -2)
		errno = serrno;
	else if (sb.st_size == 0 && sb.st_ino == 0)
		return (1);
	if (sb.st_size == -2 ||
	    (fd = open(s->state_path, O_RDONLY|O_CLOEXEC)) == -1) {
		xasprintf(cause, "simulator state %s: %s; going on from the "
		    "seed alone", s->state_path, strerror(errno));
		return (-1);
	}
	buf_init(&b);
	while ((n = read(fd, tmp, sizeof tmp)) > 0)
		buf_add(&b, tmp, n);
	if (n < 0 || memchr(b.data != NULL ? b.data : "", '\0', b.len) !=
	    NULL) {
		xasprintf(cause, "simulator state %s: %s; going on from the "
		    "seed alone", s->state_path, n < 0 ? strerror(errno) :
		    "a NUL byte");
		rc = -1;
	} else {
		buf_add(&b, "", 1);
		rc = sim_state_parse(s, b.data, cause);
	}
	buf_free(&b);
	close(fd);
	sim_state_index(s);
	return (rc < 0 ? -1 : 1);
}

/* Hold the file's lock: its descriptor, or -1 and why. */
static int
sim_state_lock(const struct sim *s, char **cause)
{
	char	*lock;
	int	 fd;

	xasprintf(&lock, "%s.lock", s->state_path);
	if (audit_mkdirs(lock) != 0 ||
	    (fd = open(lock, O_RDWR|O_CREAT|O_CLOEXEC, 0644)) == -1) {
		xasprintf(cause, "simulator state %s: %s", lock,
		    strerror(errno));
		free(lock);
		return (-1);
	}
	while (flock(fd, LOCK_EX) != 0) {
		if (errno == EINTR)
			continue;
		xasprintf(cause, "simulator state %s: %s", lock,
		    strerror(errno));
		close(fd);
		free(lock);
		return (-1);
	}
	free(lock);
	return (fd);
}

/* Write every change to a new file, on the disk, then rename it over. */
static int
sim_state_write(struct sim *s, char **cause)
{
	const struct sim_change	*c;
	struct buf		 b;
	json_t			*o;
	char			*line, *tmp, *dir, *slash;
	u_int			 i;
	int			 fd, rc = 0;

	buf_init(&b);
	o = sim_state_identity(s);
	for (i = 0; i <= s->nchanges; i++) {
		if (i > 0) {
			c = &s->changes[i - 1];
			o = json_pack("{s:I,s:s,s:s,s:s}", "time",
			    (json_int_t)c->t, "node", sim_node_name(s, c->node),
			    "state", sim_state_words[c->state], "user",
			    c->user);
			if (c->reason != NULL)
				json_object_set_new(o, "reason",
				    json_string(c->reason));
		}
		line = json_dumps(o, JSON_COMPACT|JSON_ENSURE_ASCII|
		    JSON_PRESERVE_ORDER);
		buf_puts(&b, line);
		buf_putc(&b, '\n');
		free(line);
		json_decref(o);
	}
	xasprintf(&tmp, "%s.new", s->state_path);
	if ((fd = open(tmp, O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0644)) == -1 ||
	    write(fd, b.data, b.len) != (ssize_t)b.len || fsync(fd) != 0 ||
	    rename(tmp, s->state_path) != 0) {
		xasprintf(cause, "simulator state %s: %s", tmp,
		    strerror(errno));
		unlink(tmp);
		rc = -1;
	}
	if (fd != -1)
		close(fd);
	/* The rename itself on the disk too. */
	dir = xstrdup(s->state_path);
	if (rc == 0 && (slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if ((fd = open(dir, O_RDONLY|O_DIRECTORY|O_CLOEXEC)) != -1) {
			fsync(fd);
			close(fd);
		}
	}
	free(dir);
	free(tmp);
	buf_free(&b);
	return (rc);
}

/*
 * An operator's change to nodes IDS, at the simulator's time, kept: in
 * the file, when there is one, read again under its lock first so that
 * the changes of other processes stay.  A file that could not be read is
 * replaced.
 */
int
sim_state_change(struct sim *s, const u_int *ids, u_int n, int state,
    const char *user, const char *reason, char **cause)
{
	struct sim_change	*c;
	char			*why = NULL;
	u_int			 i;
	int			 fd = -1, rc = 0;

	if (s->state_path != NULL) {
		if ((fd = sim_state_lock(s, cause)) == -1)
			return (-1);
		s->state_size = -1;	/* read it, whatever it looks like */
		if (sim_state_reload(s, &why) == -1) {
			/* Said when it was read: kept aside, not lost. */
			free(why);
			xasprintf(&why, "%s.bad", s->state_path);
			rename(s->state_path, why);
			free(why);
		}
	}
	for (i = 0; i < n; i++) {
		c = sim_state_add(s);
		c->node = ids[i];
		c->state = state;
		c->t = floor(s->t);
		strlcpy(c->user, user, sizeof c->user);
		c->reason = reason != NULL ? xstrdup(reason) : NULL;
	}
	/* Written in the order made, then indexed. */
	if (fd != -1) {
		qsort(s->changes, s->nchanges, sizeof *s->changes,
		    sim_state_cmp_seq);
		rc = sim_state_write(s, cause);
		s->state_size = -1;	/* read what was written, next time */
		close(fd);
	}
	sim_state_index(s);
	return (rc);
}

/*
 * Keep the operator's changes in the file of this simulator's identity
 * (its cluster named CLUSTER): read it, or with FRESH remove it.
 */
int
sim_state_open(struct sim *s, const char *cluster, int fresh, char **cause)
{
	char	*bad;
	int	 fd;

	free(s->cluster);
	s->cluster = xstrdup(*cluster != '\0' ? cluster : "sim");
	free(s->state_path);
	s->state_path = sim_state_path(s, cluster);
	s->state_size = -1;		/* not read yet */
	sim_state_clear(s);
	if (fresh) {
		if ((fd = sim_state_lock(s, cause)) == -1)
			return (-1);
		xasprintf(&bad, "%s.bad", s->state_path);
		if ((unlink(s->state_path) != 0 && errno != ENOENT) ||
		    (unlink(bad) != 0 && errno != ENOENT)) {
			xasprintf(cause, "simulator state %s: %s",
			    s->state_path, strerror(errno));
			free(bad);
			close(fd);
			return (-1);
		}
		free(bad);
		close(fd);
	}
	return (sim_state_reload(s, cause) == -1 ? -1 : 0);
}
