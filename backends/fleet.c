/*
 * myriad - the fleet over SSH: one persistent libssh session a target,
 * every probe a channel of it, all inside the one event loop.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The only file that includes libssh.  Nothing here blocks: sessions are
 * non-blocking and pumped when their socket is readable and on a tick;
 * connects are limited to a fan-out window; every wait has a deadline.
 * The GPU query streams (nvidia-smi -lms) over a channel that stays open,
 * so a refresh costs no connection and no process on the node.  Host keys
 * are checked against known_hosts; an unknown key is refused unless the
 * operator chose accept-new, a changed key always.  No password is ever
 * asked for.  Commands that run locally (a Slurm controller or a BMC
 * management host of "local") are child processes on pipes (child.c);
 * ssh_config is read as OpenSSH reads it (ssh-config.c).  The fleet's
 * targets and runs are declared in fleet.h; the gateways and their relay
 * are fleet-relay.c's (the stream decoded by parse-relay.c), the commands
 * that change things fleet-exec.c's.  source-ssh.c makes a source of it.
 */

#include <sys/epoll.h>
#include <sys/queue.h>

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>
#include <libssh/callbacks.h>
#include <libssh/server.h>		/* ssh_send_keepalive, client's too */

#include "backend.h"
#include "fleet.h"

#ifndef TAILQ_FOREACH_SAFE		/* glibc's sys/queue.h lacks it */
#define TAILQ_FOREACH_SAFE(var, head, field, tvar)			\
	for ((var) = TAILQ_FIRST(head);					\
	    (var) != NULL && ((tvar) = TAILQ_NEXT(var, field), 1);	\
	    (var) = (tvar))
#endif

#define FLEET_OUTPUT_MAX	(16 * 1024 * 1024)	/* a run's output */
#define FLEET_LOCAL_MAX		32	/* local processes at once */
#define FLEET_CIPHERS		"aes128-gcm@openssh.com,aes256-gcm@openssh.com," \
				"chacha20-poly1305@openssh.com,aes128-ctr,aes256-ctr"
#define FLEET_STREAM_TICK	0.25	/* read the streams this often */
#define FLEET_RELAY_BEAT	5	/* a relay's line at least this often */
#define FLEET_RELAY_READS	256	/* pumps of a relay a stream tick */

static void	fleet_pump(struct fleet *, struct fleet_target *);
static void	fleet_watch(struct fleet *, struct fleet_target *);
static void	fleet_stream_set(struct fleet *, struct fleet_target *, short);
static void	fleet_run_done(struct fleet_run *, const char *);
static void	fleet_run_cancel(struct fleet_run *, const char *);
static void	fleet_run_begin(struct fleet *, struct fleet_run *, double);
static void	fleet_connect_more(struct fleet *);

double
fleet_now(void)
{
	return (loop_now());
}

/*
 * Every target in turn: the nodes, the controller, mgmt, the BMCs, the
 * gateways.
 */
static struct fleet_target *
fleet_target(struct fleet *f, u_int i)
{
	u_int	 n = f->model->nnodes;

	if (i < n)
		return (&f->nodes[i]);
	if (i == n)
		return (&f->ctld);
	if (i == n + 1)
		return (&f->mgmt);
	i -= n + 2;
	if (f->bmcs != NULL) {
		if (i < n)
			return (&f->bmcs[i]);
		i -= n;
	}
	return (&f->gws[i]);
}

/* Expand %n (node name) in a host pattern. */
static char *
fleet_expand(const char *pattern, const char *node)
{
	struct buf	 b;
	const char	*p;

	buf_init(&b);
	for (p = pattern; *p != '\0'; p++) {
		if (p[0] == '%' && p[1] == 'n') {
			buf_puts(&b, node);
			p++;
		} else
			buf_putc(&b, *p);
	}
	if (b.data == NULL)
		buf_add(&b, "", 0);
	return (b.data);
}

void
fleet_reach(struct fleet *f, struct fleet_target *t, enum reach r,
    const char *fmt, ...)
{
	const struct probe	*p;
	va_list			 ap;
	char			 why[256], nodewhy[256];
	u_int			 i;

	why[0] = '\0';
	if (fmt != NULL) {
		va_start(ap, fmt);
		vsnprintf(why, sizeof why, fmt, ap);
		va_end(ap);
	}
	strlcpy(t->why, why, sizeof t->why);
	if (t->node >= 0 && f->relay != NULL &&
	    (f->model->nodes[t->node].reach != r ||
	    strcmp(f->model->nodes[t->node].error, why) != 0)) {
		/* The relay's reader is told of the node's state. */
		fprintf(f->relay, "!%s\t%s\t%s\n", f->model->nodes[t->node].name,
		    model_reach_name(r), why);
		f->relayed = fleet_now();
	}
	if (t->node >= 0)
		model_set_reach(f->model, t->node, r, r == REACH_UP ? NULL :
		    why);
	else if (t->relays) {
		/* A gateway: its nodes' streams went with it. */
		if (r == REACH_UP)
			return;
		model_event(f->model, UINT32_MAX, -1, EV_REACH, 0,
		    "gateway %s: %s", t->name, why);
		for (i = t->first; i < t->first + t->count; i++) {
			snprintf(nodewhy, sizeof nodewhy, "gateway %s: %s",
			    t->name, why);
			model_set_reach(f->model, i, r, nodewhy);
		}
	} else if (t->bmcnode >= 0) {
		/* A BMC's shell: news about the node's sensors. */
		if (r != REACH_UP)
			snprintf(f->model->nodes[t->bmcnode].bmc_error,
			    sizeof f->model->nodes[t->bmcnode].bmc_error,
			    "%s: %s", t->name, why);
	} else if (r != REACH_UP) {
		model_event(f->model, UINT32_MAX, -1, EV_REACH, 0, "%s: %s",
		    t->name, why);
		/* The controller's: what it would have read is not. */
		snprintf(nodewhy, sizeof nodewhy, "ssh %s: %s", t->name, why);
		for (p = probes; t == &f->ctld && p->name != NULL; p++)
			probe_read(f->model, -1, p, nodewhy);
	}
}

/* Tear a session down and try again later, backing off with jitter. */
static void
fleet_drop(struct fleet *f, struct fleet_target *t, int retry)
{
	struct fleet_run	*r, *rn;
	double			 wait;

	TAILQ_FOREACH_SAFE(r, &t->runs, tentry, rn) {
		if (r->running)
			fleet_run_cancel(r, *t->why != '\0' ? t->why :
			    "the session was lost");
	}
	if (t->s != NULL) {
		if (t->watched)
			loop_del_fd(f->loop, t->fd);
		t->watched = 0;
		fleet_stream_set(f, t, 0);
		ssh_disconnect(t->s);
		ssh_free(t->s);
		t->s = NULL;
	}
	if (t->state == FT_CONNECTING || t->state == FT_AUTH)
		f->connecting--;
	t->fd = -1;
	t->state = FT_IDLE;
	t->stream = 0;
	wait = 1 << (t->attempts < 6 ? t->attempts : 6);
	t->attempts++;
	wait *= 0.5 + (double)random() / RAND_MAX;
	t->retry = retry ? fleet_now() + wait : 0;
}

static void
fleet_fd(int fd, short revents, void *arg)
{
	struct fleet_target	*t = arg;

	if (revents & POLLIN)
		t->heard = fleet_now();
	fleet_pump(t->f, t);
}

/* Start a session: options from ssh_config, then ours. */
static int
fleet_connect_start(struct fleet *f, struct fleet_target *t)
{
	const char	*config = options_get("ssh.config");
	const char	*user = options_get("ssh.user");
	const char	*slurm_user = options_get("slurm.user");
	long		 port = options_get_int("ssh.port");
	long		 timeout = options_get_int("ssh.connect-timeout");
	char		*hostname;
	int		 one = 1, quiet = SSH_LOG_NOLOG, rc;

	if ((t->s = ssh_new()) == NULL)
		return (-1);
	ssh_options_set(t->s, SSH_OPTIONS_HOST, t->name);
	if (f->config->file != NULL)
		ssh_options_parse_config(t->s, f->config->file);
	else
		ssh_options_parse_config(t->s, *config != '\0' ? config : NULL);
	/* libssh must never write on the terminal. */
	ssh_options_set(t->s, SSH_OPTIONS_LOG_VERBOSITY, &quiet);
	if ((hostname = ssh_config_hostname(f->config, t->name)) != NULL) {
		ssh_options_set(t->s, SSH_OPTIONS_HOST, hostname);
		free(hostname);
	}
	/* The controller's own user; a BMC's is ssh_config's. */
	if (t == &f->ctld && *slurm_user != '\0')
		user = slurm_user;
	if (*user != '\0' && t->bmcnode < 0)
		ssh_options_set(t->s, SSH_OPTIONS_USER, user);
	if (port != 0) {
		int	 p = port;

		ssh_options_set(t->s, SSH_OPTIONS_PORT, &p);
	}
	ssh_options_set(t->s, SSH_OPTIONS_TIMEOUT, &timeout);
	ssh_options_set(t->s, SSH_OPTIONS_NODELAY, &one);
	if (!f->config->ciphers) {
		/*
		 * AES-GCM first, with AES-NI: libssh's chacha20-poly1305
		 * sets its OpenSSL ciphers up again for every packet, the
		 * largest part of reading a stream.
		 */
		ssh_options_set(t->s, SSH_OPTIONS_CIPHERS_S_C, FLEET_CIPHERS);
		ssh_options_set(t->s, SSH_OPTIONS_CIPHERS_C_S, FLEET_CIPHERS);
	}
	ssh_set_blocking(t->s, 0);
	t->state = FT_CONNECTING;
	t->deadline = fleet_now() + timeout;
	f->connecting++;
	if (t->node >= 0 && f->model->nodes[t->node].reach == REACH_UNKNOWN)
		model_set_reach(f->model, t->node, REACH_CONNECTING, NULL);
	rc = ssh_connect(t->s);
	if (rc == SSH_ERROR) {
		fleet_reach(f, t, REACH_UNREACHABLE, "%s", ssh_get_error(t->s));
		fleet_drop(f, t, 1);
		return (-1);
	}
	t->fd = ssh_get_fd(t->s);
	fleet_watch(f, t);
	return (0);
}

/*
 * ssh-keygen's arguments that remove a host's key, as OpenSSH prints
 * them: -f the known_hosts file, -R the host, [host]:port off port 22.
 */
static void
fleet_hostkey_entry(struct fleet_target *t, char *buf, size_t len)
{
	char		*host = NULL, *file = NULL, where[160];
	unsigned int	 port = 22;

	ssh_options_get(t->s, SSH_OPTIONS_HOST, &host);
	ssh_options_get(t->s, SSH_OPTIONS_KNOWNHOSTS, &file);
	ssh_options_get_port(t->s, &port);
	snprintf(where, sizeof where, port == 22 ? "%s" : "[%s]:%u",
	    host != NULL ? host : t->name, port);
	if (file != NULL)
		snprintf(buf, len, "-f \"%s\" -R \"%s\"", file, where);
	else
		snprintf(buf, len, "-R \"%s\"", where);
	ssh_string_free_char(host);
	ssh_string_free_char(file);
}

/* The host key: known, unknown (refused unless accept-new) or changed. */
static int
fleet_hostkey(struct fleet *f, struct fleet_target *t)
{
	ssh_key		 key = NULL;
	unsigned char	*hash = NULL;
	size_t		 hlen;
	char		*fp = NULL, fpbuf[128], entry[256];
	enum ssh_known_hosts_e k;

	if (ssh_get_server_publickey(t->s, &key) == SSH_OK &&
	    ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash,
	    &hlen) == SSH_OK)
		fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash,
		    hlen);
	snprintf(fpbuf, sizeof fpbuf, "%s", fp != NULL ? fp : "?");
	ssh_string_free_char(fp);
	ssh_clean_pubkey_hash(&hash);
	ssh_key_free(key);

	k = ssh_session_is_known_server(t->s);
	switch (k) {
	case SSH_KNOWN_HOSTS_OK:
		return (0);
	case SSH_KNOWN_HOSTS_CHANGED:
	case SSH_KNOWN_HOSTS_OTHER:
		fleet_hostkey_entry(t, entry, sizeof entry);
		fleet_reach(f, t, REACH_HOSTKEY_CHANGED, "host key changed "
		    "(now %s): refused; if the change is expected, remove "
		    "the old key with ssh-keygen %s", fpbuf, entry);
		return (-1);
	case SSH_KNOWN_HOSTS_NOT_FOUND:
	case SSH_KNOWN_HOSTS_UNKNOWN:
		if (strcmp(options_get("ssh.known-hosts"), "accept-new") == 0 &&
		    ssh_session_update_known_hosts(t->s) == SSH_OK)
			return (0);
		fleet_reach(f, t, REACH_HOSTKEY_UNKNOWN, "unknown host key "
		    "%s: refused; to accept it, check it and add it to "
		    "known_hosts (ssh %s once), or set ssh.known-hosts = "
		    "\"accept-new\"", fpbuf, t->name);
		return (-1);
	default:
		fleet_reach(f, t, REACH_HOSTKEY_UNKNOWN, "cannot check the "
		    "host key: %s", ssh_get_error(t->s));
		return (-1);
	}
}

static short
fleet_events(struct fleet_target *t)
{
	if (ssh_get_poll_flags(t->s) & SSH_WRITE_PENDING)
		return (POLLIN|POLLOUT);
	return (POLLIN);
}

/* Put a session in the stream set with these events, or take it out (0). */
static void
fleet_stream_set(struct fleet *f, struct fleet_target *t, short events)
{
	struct epoll_event	 ev = { .data.ptr = t };
	int			 op;

	if (events == t->streamed)
		return;
	if (events == 0)
		op = EPOLL_CTL_DEL;
	else
		op = t->streamed == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
	if (events & POLLIN)
		ev.events |= EPOLLIN;
	if (events & POLLOUT)
		ev.events |= EPOLLOUT;
	if (epoll_ctl(f->epfd, op, t->fd, &ev) == 0)
		t->streamed = events;
	else if (events == 0)
		t->streamed = 0;	/* the descriptor is gone already */
}

/*
 * A session is in the loop while it has something to finish: a handshake,
 * a run that ends.  One that only streams is in the stream set instead
 * (an epoll set), read on the stream tick (fleet_tick), its samples in
 * batches: a wake-up and a poll of every descriptor for each sample of
 * 1,250 nodes cost more than the samples, and the set tells which of
 * them have something without a look at the others.
 */
static void
fleet_watch(struct fleet *f, struct fleet_target *t)
{
	int	 want;
	short	 events;

	want = t->s != NULL && t->fd != -1 && f->loop != NULL &&
	    (f->private_loop || t->state != FT_UP || t->oneshots > 0);
	if (!want) {
		if (t->watched)
			loop_del_fd(f->loop, t->fd);
		t->watched = 0;
		if (t->s != NULL && t->fd != -1 && t->state == FT_UP)
			fleet_stream_set(f, t, fleet_events(t));
		return;
	}
	events = fleet_events(t);
	fleet_stream_set(f, t, 0);
	if (!t->watched) {
		t->events = events;
		loop_add_fd(f->loop, t->fd, events, fleet_fd, t);
		t->watched = 1;
	} else if (events != t->events) {
		t->events = events;
		loop_set_events(f->loop, t->fd, events);
	}
}

/*
 * A debugging aid for t/bench/fleet: with MYRIAD_FLEET_TRACE=FILE, a line
 * per stream chunk in the model: the wall-clock time it got there, the
 * node, and the chunk's last line as the node printed it (whose nvidia-smi
 * timestamp field, if the query has one, tells how long it took).
 */
static void
fleet_trace(struct fleet *f, int node, const char *data, size_t used)
{
	struct timespec	 ts;
	const char	*last = data;
	const char	*nl;

	while ((nl = memchr(last, '\n', used - (last - data))) != NULL &&
	    (size_t)(nl + 1 - data) < used)
		last = nl + 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	fprintf(f->trace, "%lld.%03ld %s %.*s\n", (long long)ts.tv_sec,
	    ts.tv_nsec / 1000000, f->model->nodes[node].name,
	    (int)(used - (last - data) - 1), last);
}

/* One node's lines of a stream into the model. */
void
fleet_stream_parse(struct fleet_run *r, int node, const char *data,
    size_t len)
{
	struct fleet		*f = r->f;
	struct fleet_target	*t = r->t;
	const struct parser	*p;
	struct buf		 chunk = { .data = (char *)data, .len = len,
				     .size = len };
	char			 why[200];
	int			 rc;

	if ((p = parser_find(r->probe->parser)) == NULL)
		return;
	rc = probe_parse(f->model, node, r->probe, r->fmt, &chunk, 0, why,
	    sizeof why);
	if (rc == 1)
		probe_read_damaged(f->model, node, r->probe, why);
	else
		probe_read(f->model, node, r->probe, rc != 0 ? why : NULL);
	if (rc == -1) {
		if (t->relays)
			model_set_reach(f->model, node, REACH_GARBLED, why);
		else
			fleet_reach(f, t, REACH_GARBLED, "%s", why);
	} else if (f->model->nodes[node].reach != REACH_UP) {
		if (t->relays)
			model_set_reach(f->model, node, REACH_UP, NULL);
		else
			fleet_reach(f, t, REACH_UP, NULL);
	}
	if (f->trace != NULL)
		fleet_trace(f, node, data, len);
}

/* A stream's complete lines (len bytes of data, up to a newline). */
static void
fleet_stream_lines(struct fleet_run *r, const char *data, size_t len)
{
	r->t->streamerr = 0;
	r->lines += len;
	if (r->f->relay != NULL)
		fleet_relay_out(r, data, len);
	else if (r->t->relays)
		fleet_relay_in(r, data, len);
	else
		fleet_stream_parse(r, r->node, data, len);
}

/*
 * A channel's output, as libssh decrypts it: straight into the run's
 * buffers, with no copy in the channel's and no poll to ask for it.
 */
static int
fleet_data(ssh_session s, ssh_channel ch, void *data, uint32_t len,
    int is_stderr, void *arg)
{
	struct fleet_run	*r = arg;

	if (is_stderr) {
		if (r->err.len < 4096)
			buf_add(&r->err, data, len);
		return (len);
	}
	r->last = fleet_now();
	/* A stream's sample whole in one packet: parsed where it is. */
	if (r->stream && r->out.len == 0 && len > 0 &&
	    ((char *)data)[len - 1] == '\n') {
		fleet_stream_lines(r, data, len);
		return (len);
	}
	if (r->out.len + len > FLEET_OUTPUT_MAX)
		r->toomuch = 1;
	else
		buf_add(&r->out, data, len);
	return (len);
}

/* A command's exit status or signal, as the node sends them. */
static void
fleet_exit_status(ssh_session s, ssh_channel ch, int status, void *arg)
{
	struct fleet_run	*r = arg;

	r->status = status;
	r->gotstatus = 1;
}

static void
fleet_exit_signal(ssh_session s, ssh_channel ch, const char *signal,
    int core, const char *errmsg, const char *lang, void *arg)
{
	struct fleet_run	*r = arg;

	free(r->signal);
	r->signal = xstrdup(signal != NULL ? signal : "?");
}

/* The runs of a session: open, exec, read. */
static void
fleet_run_pump(struct fleet_run *r)
{
	struct fleet		*f = r->f;
	int			 rc;
	const char		*nl;
	size_t			 used;

	if (!r->opened) {
		if ((rc = ssh_channel_open_session(r->ch)) == SSH_AGAIN)
			return;
		if (rc != SSH_OK) {
			fleet_run_done(r, ssh_get_error(r->t->s));
			return;
		}
		r->opened = 1;
	}
	if (!r->exec) {
		if ((rc = ssh_channel_request_exec(r->ch, r->command)) ==
		    SSH_AGAIN)
			return;
		if (rc != SSH_OK) {
			fleet_run_done(r, ssh_get_error(r->t->s));
			return;
		}
		r->exec = 1;
	}
	/* Read what the socket holds; fleet_data() keeps it. */
	if (ssh_channel_poll(r->ch, 0) == SSH_ERROR) {
		fleet_reach(f, r->t, REACH_UNREACHABLE,
		    "the session was lost: %s", ssh_get_error(r->t->s));
		fleet_drop(f, r->t, 1);
		return;
	}
	if (r->toomuch) {
		fleet_run_done(r, "more than 16 MB of output");
		return;
	}
	/* A stream: parse the complete lines as they come. */
	if (r->stream && r->out.len > 0 &&
	    (nl = memrchr(r->out.data, '\n', r->out.len)) != NULL) {
		used = nl - r->out.data + 1;
		fleet_stream_lines(r, r->out.data, used);
		memmove(r->out.data, r->out.data + used, r->out.len - used);
		r->out.len -= used;
	}
	/*
	 * A command's end is its exit status, which comes after EOF, when
	 * ssh_channel_poll() reads no more: this reads what came (the
	 * session is non-blocking, it does not wait).
	 */
	if (!r->stream && ssh_channel_is_eof(r->ch) && !r->gotstatus &&
	    (rc = ssh_channel_get_exit_status(r->ch)) >= 0) {
		r->status = rc;
		r->gotstatus = 1;
	}
	if (!r->stream && !ssh_channel_is_closed(r->ch) &&
	    !(ssh_channel_is_eof(r->ch) && (r->gotstatus || r->signal)))
		return;
	if (ssh_channel_is_eof(r->ch) || ssh_channel_is_closed(r->ch))
		fleet_run_done(r, NULL);
}

/*
 * A keepalive: the global request keepalive@openssh.com, which the server
 * must answer (OpenSSH's ServerAliveInterval).  libssh sends one when none
 * is waiting for its answer, else reads what came; either way the session
 * is read, and a peer gone shows.  -1 if the session was dropped.
 */
static int
fleet_keepalive(struct fleet *f, struct fleet_target *t)
{
	ssh_send_keepalive(t->s);
	t->keepalive = fleet_now();
	if (ssh_get_status(t->s) & (SSH_CLOSED | SSH_CLOSED_ERROR)) {
		fleet_reach(f, t, REACH_UNREACHABLE, "the session was lost: %s",
		    ssh_get_error(t->s));
		fleet_drop(f, t, 1);
		return (-1);
	}
	return (0);
}

/*
 * Idle sessions: a keepalive after every ssh.keepalive seconds of silence;
 * three of them unanswered and the peer is taken for gone.
 */
static void
fleet_keepalives(struct fleet *f, double now)
{
	struct fleet_target	*t;
	long			 every = options_get_int("ssh.keepalive");
	u_int			 i;

	if (every <= 0)
		return;
	for (i = 0; i < f->ntargets; i++) {
		t = fleet_target(f, i);
		if (t->state != FT_UP || t->s == NULL ||
		    now - t->heard < every || now - t->keepalive < every)
			continue;
		if (now - t->heard >= 3 * every + 1) {
			fleet_reach(f, t, REACH_TIMEOUT, "no answer to "
			    "keepalives for %.0f s", now - t->heard);
			fleet_drop(f, t, 1);
			continue;
		}
		if (fleet_keepalive(f, t) == 0)
			fleet_watch(f, t);
	}
}

static void
fleet_pump(struct fleet *f, struct fleet_target *t)
{
	struct fleet_run	*r, *rn;
	char			*user;
	int			 rc;

	if (t->s == NULL)
		return;
	switch (t->state) {
	case FT_CONNECTING:
		if ((rc = ssh_connect(t->s)) == SSH_AGAIN)
			break;
		if (rc != SSH_OK) {
			fleet_reach(f, t, REACH_UNREACHABLE, "%s",
			    ssh_get_error(t->s));
			fleet_drop(f, t, 1);
			return;
		}
		if (fleet_hostkey(f, t) != 0) {
			fleet_drop(f, t, 1);
			return;
		}
		t->state = FT_AUTH;
		/* FALLTHROUGH */
	case FT_AUTH:
		rc = ssh_userauth_publickey_auto(t->s, NULL, NULL);
		if (rc == SSH_AUTH_AGAIN)
			break;
		if (rc != SSH_AUTH_SUCCESS) {
			if (ssh_options_get(t->s, SSH_OPTIONS_USER, &user) !=
			    SSH_OK)
				user = NULL;
			fleet_reach(f, t, REACH_AUTH, "public key authentication "
			    "failed for %s%s%s (ssh-agent and identity files "
			    "tried; no password is ever asked)",
			    user != NULL ? user : "", user != NULL ? "@" : "",
			    t->name);
			ssh_string_free_char(user);
			fleet_drop(f, t, 1);
			return;
		}
		t->state = FT_UP;
		t->attempts = 0;
		t->heard = fleet_now();
		f->connecting--;
		fleet_reach(f, t, REACH_UP, NULL);
		/* Its runs start; a slot is free for the next connection. */
		TAILQ_FOREACH_SAFE(r, &t->runs, tentry, rn) {
			if (!r->running)
				fleet_run_begin(f, r, fleet_now());
			if (t->s == NULL)
				return;
		}
		fleet_connect_more(f);
		break;
	case FT_UP:
		rc = 0;
		TAILQ_FOREACH_SAFE(r, &t->runs, tentry, rn) {
			if (!r->running)
				continue;
			fleet_run_pump(r);
			if (t->s == NULL)
				return;		/* dropped, and its runs */
			rc = 1;
		}
		/*
		 * No channel reads an idle session: a keepalive reads what
		 * came (the answer to the last one, most often).
		 */
		if (!rc && fleet_keepalive(f, t) != 0)
			return;
		break;
	case FT_IDLE:
		break;
	}
	fleet_watch(f, t);
}

/* Local processes (child.c): a Slurm controller or BMC host of "local". */

static void
fleet_local_read(int fd, short revents, void *arg)
{
	struct fleet_run	*r = arg;

	switch (child_read(r->child, &r->out, FLEET_OUTPUT_MAX)) {
	case -1:
		fleet_run_done(r, "more than 16 MB of output");
		break;
	case 0:
		fleet_run_done(r, NULL);
		break;
	}
}

static int
fleet_local_start(struct fleet_run *r)
{
	if ((r->child = child_start(r->command)) == NULL)
		return (-1);
	r->f->locals++;
	if (r->f->loop != NULL)
		loop_add_fd(r->f->loop, child_fd(r->child), POLLIN,
		    fleet_local_read, r);
	return (0);
}

/*
 * Stop a run's channel or process; its exit status.  A command stopped
 * before its end (timed out, cancelled) is sent SIGTERM first: without a
 * terminal, closing its channel would leave it running on the node, and
 * OpenSSH's sshd signals the command's process group (its shell and what
 * that started).
 */
int
fleet_run_stop(struct fleet_run *r, int force)
{
	struct fleet	*f = r->f;
	int		 status = 0;

	if (r->ch != NULL) {
		if (!force)
			status = r->gotstatus ? r->status :
			    ssh_channel_get_exit_status(r->ch);
		else if (r->exec && !r->gotstatus && r->signal == NULL &&
		    !ssh_channel_is_closed(r->ch))
			ssh_channel_request_send_signal(r->ch, "TERM");
		/*
		 * libssh keeps a freed channel until the node closes it too,
		 * and calls its callbacks for what still comes: not ours,
		 * which go with it.
		 */
		ssh_remove_channel_callbacks(r->ch, r->cb);
		ssh_channel_close(r->ch);
		ssh_channel_free(r->ch);
		r->ch = NULL;
		free(r->cb);
		r->cb = NULL;
	}
	if (r->child != NULL) {
		if (f->loop != NULL)
			loop_del_fd(f->loop, child_fd(r->child));
		status = child_stop(r->child, force, &r->err);
		r->child = NULL;
		f->locals--;
	}
	return (status);
}

void
fleet_run_free(struct fleet_run *r)
{
	struct fleet	*f = r->f;

	TAILQ_REMOVE(&f->runs, r, entry);
	if (r->t != NULL) {
		TAILQ_REMOVE(&r->t->runs, r, tentry);
		if (r->running && !r->stream) {
			r->t->oneshots--;
			f->oneshots--;
		}
	}
	if (r->node >= 0 && r->probe != NULL)
		f->pending[r->node] &= ~(1U << (r->probe - probes));
	if (r->vendor && r->t->found == 1)
		r->t->found = 0;	/* not found: asked again */
	if (r->stream && r->t != NULL)
		r->t->stream = 0;
	buf_free(&r->out);
	buf_free(&r->err);
	free(r->command);
	free(r->fmt);
	free(r->signal);
	free(r);
}

/* A run that cannot go on because its session went: no verdict on data. */
static void
fleet_run_cancel(struct fleet_run *r, const char *why)
{
	if (r->done != NULL) {
		fleet_exec_done(r, why);
		return;
	}
	fleet_run_stop(r, 1);
	fleet_run_free(r);
}

/* Probe r failed, or printed what is not understood: an event. */
static void
fleet_tell(struct fleet_run *r, const char *why)
{
	struct model	*m = r->f->model;

	if (r->f->relay != NULL && r->node >= 0)
		fprintf(r->f->relay, "!%s\tevent\t%s: %s\n",
		    m->nodes[r->node].name, r->probe->name, why);
	model_event(m, r->node >= 0 ? (uint32_t)r->node : UINT32_MAX, -1,
	    EV_REACH, 0, "%s: %s", r->probe->name, why);
}

/* A run has ended: parse what it printed into the model, or say why not. */
static void
fleet_run_done(struct fleet_run *r, const char *error)
{
	struct model		*m = r->f->model;
	const struct parser	*p;
	const char		*damage = NULL;
	char			 why[256];
	int			 status, failed, empty, told, rc, unread = 0;
	uint32_t		 bit;
	size_t			 len;

	if (r->done != NULL) {
		fleet_exec_done(r, error);
		return;
	}
	if (r->vendor) {
		fleet_vendor_done(r, error);
		return;
	}
	p = parser_find(r->probe->parser);
	status = fleet_run_stop(r, error != NULL);
	if (error == NULL && r->t != NULL && r->node >= 0 &&
	    probe_unsupported(r->probe, status, &r->out, &r->err)) {
		r->t->cannot |= 1U << (r->probe - probes);
		fleet_run_free(r);
		return;
	}
	if (r->t != NULL && r->t->relays) {
		/* A gateway's relay ended: its nodes are not heard of. */
		len = strcspn(r->err.data != NULL ? r->err.data : "", "\n");
		if (error == NULL)
			snprintf(why, sizeof why, "exited %d%s%.*s", status,
			    len ? ": " : "", (int)len, r->err.data != NULL ?
			    r->err.data : "");
		fleet_reach(r->f, r->t, REACH_UNREACHABLE, "the relay ended: "
		    "%s", error != NULL ? error : why);
		fleet_run_free(r);
		return;
	}
	/*
	 * The command failed (not installed, no permission, a stream that
	 * died): news about the probe, not about the connection.  A stream
	 * starts again each refresh; its failure is told once.  Slurm's
	 * tools fail with what they printed (a header, half a JSON).
	 */
	failed = error == NULL && p != NULL && status != 0 &&
	    (r->out.len == 0 || r->probe->target == PT_CONTROLLER);
	/* A stream that ended having said nothing, where GPUs should be. */
	empty = error == NULL && p != NULL && status == 0 && r->stream &&
	    r->lines == 0 && r->out.len == 0 && r->probe->empty != NULL &&
	    r->node >= 0 && m->nodes[r->node].ngpus > 0;
	failed |= empty;
	/* A gateway's relay: a node's whole output, for the console. */
	if (!failed && error == NULL && r->f->relay != NULL && !r->stream &&
	    r->node >= 0) {
		fleet_relay_whole(r);
		fleet_run_free(r);
		return;
	}
	/*
	 * A probe that adds to another's records marks no node unread: its
	 * failure, or output it cannot read, is told once, until it reads
	 * again.
	 */
	bit = 1U << (r->probe - probes);
	told = r->t != NULL && ((failed && r->stream && r->t->streamerr) ||
	    (r->probe->adds && (r->t->told & bit)));
	if (failed && r->stream && r->t != NULL)
		r->t->streamerr = 1;
	if (r->probe->adds && r->t != NULL && error == NULL)
		r->t->told = failed ? r->t->told | bit : r->t->told & ~bit;
	if (failed) {
		len = strcspn(r->err.data != NULL ? r->err.data : "", "\n");
		snprintf(why, sizeof why, "exited %d%s%.*s", status,
		    len ? ": " : "", (int)len, r->err.data != NULL ?
		    r->err.data : "");
		if (empty)
			strlcpy(why, r->probe->empty, sizeof why);
		fleet_vendor_read(r, status, why, sizeof why);
		probe_read(m, r->node, r->probe, why);
		if (strcmp(r->probe->parser, "imex") == 0 && r->node >= 0)
			model_imex_failed(m, r->node, why);
	}
	if (failed && !told)
		fleet_tell(r, why);
	else if (!failed && error == NULL && p != NULL &&
	    !(r->stream && r->out.len == 0)) {
		if (r->probe->target == PT_BMC && r->node >= 0)
			model_sensors_begin(m, r->node);
		if (strcmp(r->probe->parser, "xid") == 0 &&
		    r->node >= 0)
			model_xid_begin(m, r->node);
		if (r->probe->domain == DOM_JOBS)
			model_jobs_begin(m);
		if ((rc = probe_parse(m, r->node, r->probe, r->fmt, &r->out,
		    1, why, sizeof why)) == -1) {
			error = why;
			unread = 1;
		} else if (rc == 1)
			damage = why;	/* the node answered, in part */
		if (strcmp(r->probe->parser, "xid") == 0 &&
		    r->node >= 0) {
			model_xid_end(m, r->node);
			if (error == NULL && r->t != NULL)
				r->t->read = r->began;
		}
		if (r->probe->domain == DOM_JOBS)
			model_jobs_end(m);
	}
	if (!failed && error == NULL && damage != NULL)
		probe_read_damaged(m, r->node, r->probe, damage);
	else if (!failed && (error != NULL || !(r->stream && r->out.len == 0)))
		probe_read(m, r->node, r->probe, error != NULL ? error :
		    damage);
	if (!failed && error == NULL)
		fleet_vendor_read(r, status, NULL, 0);
	if (error != NULL) {
		if (r->probe->target == PT_BMC && r->node >= 0)
			strlcpy(m->nodes[r->node].bmc_error, error,
			    sizeof m->nodes[r->node].bmc_error);
		else if (unread && r->probe->adds && r->node >= 0 &&
		    r->t != NULL) {
			/* Not the node's fault: the node stays read. */
			r->t->told |= bit;
			if (!told)
				fleet_tell(r, error);
		} else if (r->node >= 0 && r->t != NULL)
			fleet_reach(r->f, r->t, REACH_GARBLED, "%s: %s",
			    r->probe->name, error);
		else
			model_event(m, r->node >= 0 ? (uint32_t)r->node :
			    UINT32_MAX, -1, EV_REACH, 0, "%s: %s",
			    r->probe->name, error);
	} else if (r->probe->target == PT_BMC && r->node >= 0)
		m->nodes[r->node].bmc_error[0] = '\0';
	fleet_run_free(r);
}

/* The format of a probe's output, from its command (its query). */
char *
fleet_format(const struct probe *pr, const char *command)
{
	struct cmdline	*cl;
	u_int		 ncl;
	char		*cause, *fmt = NULL;

	if (shell_split(command, &cl, &ncl, &cause) != 0) {
		free(cause);
		return (NULL);
	}
	if (ncl == 1)
		fmt = probe_format(pr, cl[0].argc, cl[0].argv);
	shell_split_free(cl, ncl);
	return (fmt);
}

/* Queue a run of probe pr for node (or -1) on target t (NULL: local). */
struct fleet_run *
fleet_queue(struct fleet *f, struct fleet_target *t, int node,
    const struct probe *pr, const char *command, int stream)
{
	struct fleet_run	*r;

	r = xcalloc(1, sizeof *r);
	r->f = f;
	r->t = t;
	r->node = node;
	r->probe = pr;
	r->command = xstrdup(command);
	r->stream = stream;
	if (pr != NULL)
		r->fmt = fleet_format(pr, command);
	TAILQ_INSERT_TAIL(&f->waiting, r, entry);
	if (t != NULL)
		TAILQ_INSERT_TAIL(&t->runs, r, tentry);
	if (node >= 0 && pr != NULL)
		f->pending[node] |= 1U << (pr - probes);
	return (r);
}

/* Start a waiting run on its session, which is up. */
static void
fleet_run_begin(struct fleet *f, struct fleet_run *r, double now)
{
	struct fleet_target	*t = r->t;

	if ((r->ch = ssh_channel_new(t->s)) == NULL)
		return;
	r->cb = xcalloc(1, sizeof *r->cb);
	r->cb->userdata = r;
	r->cb->channel_data_function = fleet_data;
	if (!r->stream) {
		r->cb->channel_exit_status_function = fleet_exit_status;
		r->cb->channel_exit_signal_function = fleet_exit_signal;
	}
	ssh_callbacks_init(r->cb);
	ssh_set_channel_callbacks(r->ch, r->cb);
	TAILQ_REMOVE(&f->waiting, r, entry);
	TAILQ_INSERT_TAIL(&f->runs, r, entry);
	r->running = 1;
	r->began = now;
	if (r->done != NULL)
		r->deadline = r->timeout > 0 ? now + r->timeout : 0;
	else
		r->deadline = r->stream ? 0 : now +
		    options_get_int("ssh.command-timeout");
	r->last = now;
	if (r->stream)
		t->stream = 1;
	else {
		t->oneshots++;
		f->oneshots++;
	}
	fleet_run_pump(r);
	if (t->s != NULL)
		fleet_watch(f, t);
}

/* Start what can start: sessions up to the fan-out, runs on up sessions. */
void
fleet_schedule(struct fleet *f)
{
	struct fleet_target	*t;
	struct fleet_run	*r, *rn;
	double			 now = fleet_now();

	TAILQ_FOREACH_SAFE(r, &f->waiting, entry, rn) {
		t = r->t;
		if (t == NULL) {
			if (f->locals >= FLEET_LOCAL_MAX)
				continue;
			TAILQ_REMOVE(&f->waiting, r, entry);
			TAILQ_INSERT_TAIL(&f->runs, r, entry);
			r->running = 1;
			if (r->done != NULL)
				r->deadline = r->timeout > 0 ? now +
				    r->timeout : 0;
			else
				r->deadline = now +
				    options_get_int("ssh.command-timeout");
			if (fleet_local_start(r) != 0)
				fleet_run_done(r, strerror(errno));
			continue;
		}
		/* A command for a target that failed since: not waited for. */
		if (r->done != NULL && t->state == FT_IDLE &&
		    t->attempts > r->attempts) {
			TAILQ_REMOVE(&f->waiting, r, entry);
			TAILQ_INSERT_TAIL(&f->runs, r, entry);
			fleet_run_cancel(r, *t->why != '\0' ? t->why :
			    "unreachable");
			continue;
		}
		if (t->state == FT_IDLE && !t->queued && t->retry <= now) {
			TAILQ_INSERT_TAIL(&f->connectq, t, entry);
			t->queued = 1;
		}
		if (t->state == FT_UP)
			fleet_run_begin(f, r, now);
	}
	fleet_connect_more(f);
}

/* Sessions up to the fan-out. */
static void
fleet_connect_more(struct fleet *f)
{
	struct fleet_target	*t;
	u_int			 fanout = options_get_int("ssh.fanout");

	while (f->connecting < fanout &&
	    (t = TAILQ_FIRST(&f->connectq)) != NULL) {
		TAILQ_REMOVE(&f->connectq, t, entry);
		t->queued = 0;
		if (t->state == FT_IDLE)
			fleet_connect_start(f, t);
	}
}

/* Read the sessions that only stream and have something, in one call. */
static void
fleet_poll_streams(struct fleet *f)
{
	struct fleet_target	*t;
	struct pollfd		 pfd = { .events = POLLIN };
	int			 i, k, n;

	k = epoll_wait(f->epfd, f->evs, f->ntargets, 0);
	for (i = 0; i < k; i++) {
		t = f->evs[i].data.ptr;
		if (f->evs[i].events & EPOLLIN)
			t->heard = fleet_now();
		fleet_pump(f, t);
		/*
		 * libssh reads 4 KB a pump: a relay brings many nodes' lines,
		 * so it is read until its socket is empty (or a bound).
		 */
		pfd.fd = t->fd;
		for (n = 0; t->relays && t->s != NULL && n < FLEET_RELAY_READS &&
		    poll(&pfd, 1, 0) == 1; n++)
			fleet_pump(f, t);
	}
}

/* Deadlines: handshakes, commands, silent streams. */
void
fleet_tick(void *arg)
{
	struct fleet		*f = arg;
	struct fleet_run	*r, *rn;
	struct fleet_target	*t;
	double			 now = fleet_now(), silent;
	u_int			 i;
	char			 why[48];

	silent = 3 * options_get_float("refresh.gpus") + 10;
	for (i = 0; f->connecting > 0 && i < f->ntargets; i++) {
		t = fleet_target(f, i);
		if (t->state == FT_CONNECTING || t->state == FT_AUTH) {
			if (now > t->deadline) {
				fleet_reach(f, t, REACH_TIMEOUT, "no answer in "
				    "%ld s", options_get_int(
				    "ssh.connect-timeout"));
				fleet_drop(f, t, 1);
			} else
				fleet_pump(f, t);
		}
	}
	/* Runs that end, every tick; silent streams, every second. */
	if (f->oneshots == 0 && f->locals == 0 && now - f->checked < 1)
		rn = NULL;
	else {
		rn = TAILQ_FIRST(&f->runs);
		f->checked = now;
		fleet_keepalives(f, now);
	}
	while ((r = rn) != NULL) {
		rn = TAILQ_NEXT(r, entry);
		/*
		 * A relay says it is there every FLEET_RELAY_BEAT seconds;
		 * it is given longer, for a gateway busy opening its nodes'
		 * sessions.
		 */
		if (r->stream && now - r->last > (r->t->relays ? 3 : 1) *
		    silent) {
			t = r->t;
			fleet_reach(f, t, REACH_TIMEOUT, "the %s has been "
			    "silent for %.0f s", t->relays ? "relay" :
			    "GPU stream", now - r->last);
			fleet_drop(f, t, 1);
			break;		/* the list changed */
		}
		if (!r->stream && r->deadline > 0 && now > r->deadline) {
			snprintf(why, sizeof why, "timed out after %.0f s",
			    r->deadline - r->began);
			fleet_run_done(r, why);
		} else if (!r->stream && r->ch != NULL && r->exec &&
		    (r->gotstatus || r->signal != NULL ||
		    ssh_channel_is_eof(r->ch) || ssh_channel_is_closed(r->ch))) {
			/*
			 * A command near its end: what ends it (the exit
			 * status, the close) may have been read with another
			 * channel's packets, and no more comes to wake it.
			 */
			t = r->t;
			fleet_run_pump(r);
			if (t->s == NULL)
				break;		/* dropped, and its runs */
		}
	}
	fleet_schedule(f);
	if (f->loop == NULL || f->private_loop)
		return;
	if (now - f->polled >= FLEET_STREAM_TICK) {
		fleet_poll_streams(f);
		f->polled = now;
		if (f->trace != NULL)
			fflush(f->trace);
		if (f->relay != NULL) {
			if (now - f->relayed >= FLEET_RELAY_BEAT) {
				fputs("!\n", f->relay);
				f->relayed = now;
			}
			fflush(f->relay);
		}
	}
	/* Quick while anything is in progress; else the streams' pace. */
	loop_timer(f->loop, f->connecting > 0 || f->oneshots > 0 ||
	    !TAILQ_EMPTY(&f->waiting) ? FLEET_TICK : FLEET_STREAM_TICK,
	    fleet_tick, f);
}

void
fleet_target_init(struct fleet *f, struct fleet_target *t, const char *name,
    int node)
{
	t->f = f;
	t->name = xstrdup(name);
	t->node = node;
	t->bmcnode = -1;
	t->fd = -1;
	TAILQ_INIT(&t->runs);
}

/* What libssh would log goes nowhere: the terminal is the console's. */
static void
fleet_log(int priority, const char *function, const char *buffer,
    void *userdata)
{
}

/* bmc.hosts-file: "NODE ... BMC" lines, as the test cluster writes them. */
static void
fleet_bmc_hosts(struct fleet *f)
{
	const char	*path = options_get("bmc.hosts-file");
	FILE		*fp;
	char		 line[512], *first, *last, *p;
	int		 id;

	if (*path == '\0' || (fp = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, fp) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if ((first = strtok_r(line, " \t", &p)) == NULL ||
		    *first == '#')
			continue;
		last = first;
		while ((first = strtok_r(NULL, " \t", &p)) != NULL)
			last = first;
		if ((id = model_find(f->model, line)) < 0 || last == line)
			continue;
		free(f->nodes[id].bmc);
		f->nodes[id].bmc = xstrdup(last);
	}
	fclose(fp);
}

struct fleet *
fleet_create(struct model *m, char **cause)
{
	struct fleet	*f;
	const char	*ctld = options_get("slurm.controller");
	const char	*mgmt = options_get("bmc.mgmt-host");
	const char	*trace;
	char		*host;
	u_int		 i;

	ssh_init();
	ssh_set_log_callback(fleet_log);
	f = xcalloc(1, sizeof *f);
	if ((f->epfd = epoll_create1(EPOLL_CLOEXEC)) == -1) {
		xasprintf(cause, "epoll_create1: %s", strerror(errno));
		free(f);
		ssh_finalize();
		return (NULL);
	}
	f->model = m;
	TAILQ_INIT(&f->runs);
	TAILQ_INIT(&f->waiting);
	TAILQ_INIT(&f->connectq);
	f->config = ssh_config_create(options_get("ssh.config"));
	f->nodes = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *f->nodes);
	f->pending = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *f->pending);
	for (i = 0; i < m->nnodes; i++) {
		host = fleet_expand(options_get("ssh.host"), m->nodes[i].name);
		fleet_target_init(f, &f->nodes[i], host, i);
		free(host);
	}
	fleet_bmc_hosts(f);
	f->ntargets = m->nnodes + 2;
	if (strcmp(options_get("bmc.mode"), "ssh") == 0) {
		/* A shell on each BMC: a session of its own. */
		f->bmcs = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *f->bmcs);
		for (i = 0; i < m->nnodes; i++) {
			host = f->nodes[i].bmc != NULL ?
			    xstrdup(f->nodes[i].bmc) :
			    fleet_expand(options_get("bmc.host"),
			    m->nodes[i].name);
			fleet_target_init(f, &f->bmcs[i], host, -1);
			f->bmcs[i].bmcnode = i;
			free(host);
		}
		f->ntargets += m->nnodes;
	}
	if (fleet_vendor_config(f, cause) != 0 ||
	    fleet_relay_gateways(f, cause) != 0) {
		fleet_free(f);
		return (NULL);
	}
	f->evs = xcalloc(f->ntargets, sizeof *f->evs);
	if ((trace = getenv("MYRIAD_FLEET_TRACE")) != NULL && *trace != '\0')
		f->trace = fopen(trace, "a");	/* flushed each stream tick */
	fleet_target_init(f, &f->ctld, ctld, -1);
	fleet_target_init(f, &f->mgmt, *mgmt != '\0' ? mgmt : "local", -1);
	return (f);
}

void
fleet_free(struct fleet *f)
{
	struct fleet_run	*r;
	u_int			 i;

	if (f == NULL)
		return;
	/* Nobody is left to tell. */
	TAILQ_FOREACH(r, &f->runs, entry)
		r->done = NULL;
	TAILQ_FOREACH(r, &f->waiting, entry)
		r->done = NULL;
	while ((r = TAILQ_FIRST(&f->runs)) != NULL)
		fleet_run_cancel(r, NULL);
	while ((r = TAILQ_FIRST(&f->waiting)) != NULL) {
		TAILQ_REMOVE(&f->waiting, r, entry);
		TAILQ_INSERT_TAIL(&f->runs, r, entry);
		fleet_run_cancel(r, NULL);
	}
	for (i = 0; i < f->ntargets; i++) {
		struct fleet_target *t = fleet_target(f, i);

		if (t->s != NULL)
			fleet_drop(f, t, 0);
		free(t->name);
		free(t->bmc);
		buf_free(&t->relayed);
	}
	free(f->nodes);
	free(f->bmcs);
	free(f->gws);
	free(f->pending);
	close(f->epfd);
	free(f->evs);
	ssh_config_free(f->config);
	if (f->trace != NULL)
		fclose(f->trace);
	free(f);
	ssh_finalize();
}

/* The command of a probe for a node, with what it needs substituted. */
static char *
fleet_command(const struct probe *pr, const struct fleet_target *t,
    const char *node)
{
	struct buf	 b;
	char		*bmc;

	buf_init(&b);
	if (pr->target == PT_BMC && strcmp(options_get("bmc.mode"), "mgmt") ==
	    0) {
		/* ipmitool on the management host, for this node's BMC. */
		bmc = t->bmc != NULL ? xstrdup(t->bmc) :
		    fleet_expand(options_get("bmc.host"), node);
		buf_puts(&b, "ipmitool -I lanplus -C 3 -H ");
		shell_quote(&b, bmc);
		if (options_get_int("bmc.port") != 623)
			buf_printf(&b, " -p %ld", options_get_int("bmc.port"));
		buf_puts(&b, " -U ");
		shell_quote(&b, options_get("bmc.user"));
		if (*options_get("bmc.password-file") != '\0') {
			buf_puts(&b, " -f ");
			shell_quote(&b, options_get("bmc.password-file"));
		}
		/* The probe's own words after "ipmitool". */
		if (strncmp(options_get(pr->option), "ipmitool ", 9) == 0)
			buf_printf(&b, " %s", options_get(pr->option) + 9);
		else
			buf_puts(&b, " sdr elist");
		free(bmc);
		return (b.data);
	}
	free(b.data);
	return (probe_command(pr, t->read > 0 ? fleet_now() - t->read : 0));
}

/*
 * A run of probe pr on node i, unless one is still running there or the
 * node's vendor is another's (or not known yet: it is asked first).  The
 * console streams NVIDIA's GPU query; the other vendors' GPU probes are
 * run again each refresh.
 */
void
fleet_start_one(struct fleet *f, const struct probe *pr, u_int i)
{
	struct fleet_target	*t = &f->nodes[i];
	const char		*mode = options_get("bmc.mode");
	char			*command, *stream;
	int			 streams, relayed;

	streams = pr->domain == DOM_GPUS && !pr->adds && strcmp(pr->parser,
	    "nvsmi-csv") == 0 && f->loop != NULL && !f->private_loop;
	/* Nothing new for a probe still running there, or it has not. */
	if ((f->pending[i] | t->cannot) & (1U << (pr - probes)))
		return;
	/* A gateway's relay reads the GPUs, whoever's they are. */
	relayed = pr->domain == DOM_GPUS && t->gateway != NULL &&
	    f->loop != NULL && !f->private_loop;
	if (relayed && (!streams || !TAILQ_EMPTY(&t->gateway->runs)))
		return;
	if (!relayed && fleet_vendor_skip(f, pr, t))
		return;
	command = fleet_command(pr, t, f->model->nodes[i].name);
	if (pr->target == PT_BMC && strcmp(mode, "mgmt") == 0)
		fleet_queue(f, strcmp(f->mgmt.name, "local") == 0 ? NULL :
		    &f->mgmt, i, pr, command, 0);
	else if (pr->target == PT_BMC && f->bmcs != NULL)
		fleet_queue(f, &f->bmcs[i], i, pr, command, 0);
	else if (streams) {
		xasprintf(&stream, "%s -lms %ld", command,
		    (long)(options_get_float("refresh.gpus") * 1000));
		if (t->gateway != NULL)
			fleet_relay_start(f, t->gateway, pr, stream);
		else
			fleet_queue(f, t, i, pr, stream, 1);
		free(stream);
	} else
		fleet_queue(f, t, i, pr, command, 0);
	free(command);
}

/*
 * Whether the GPU probes that add to another's records are due: each
 * refresh.links seconds (now: the next are due after as long).
 */
int
fleet_slow(struct fleet *f)
{
	if (f->added > 0 && fleet_now() - f->added <
	    options_get_float("refresh.links"))
		return (0);
	f->added = fleet_now();
	return (1);
}

/*
 * Ask for the domains: queue a run of each of their probes everywhere.
 * The GPU probes that add to another's records (amd-smi static, its ECC
 * counts) read what changes slowly: at the links' pace, and when a node's
 * vendor is found.
 */
void
fleet_start(struct fleet *f, uint64_t domains)
{
	const struct probe	*pr;
	char			*command;
	u_int			 i;
	int			 slow;

	slow = (domains & BIT(DOM_GPUS)) && fleet_slow(f);
	for (pr = probes; pr->name != NULL; pr++) {
		/* An empty command: that probe is not run. */
		if (!(domains & BIT(pr->domain)) || *options_get(pr->option) ==
		    '\0' || (pr->adds && pr->domain == DOM_GPUS && !slow))
			continue;
		if (pr->target == PT_CONTROLLER) {
			command = probe_command(pr, 0);
			fleet_queue(f, strcmp(f->ctld.name, "local") == 0 ?
			    NULL : &f->ctld, -1, pr, command, 0);
			free(command);
			continue;
		}
		if (pr->target == PT_BMC && strcmp(options_get("bmc.mode"),
		    "none") == 0)
			continue;
		for (i = 0; i < f->model->nnodes; i++)
			fleet_start_one(f, pr, i);
	}
	fleet_schedule(f);
}

/* Move every session to another loop; the one they were in. */
struct loop *
fleet_rewatch(struct fleet *f, struct loop *l, int private_loop)
{
	struct loop		*old = f->loop;
	struct fleet_target	*t;
	u_int			 i;

	for (i = 0; i < f->ntargets; i++) {
		t = fleet_target(f, i);
		if (t->watched)
			loop_del_fd(old, t->fd);
		t->watched = 0;
	}
	f->loop = l;
	f->private_loop = private_loop;
	for (i = 0; i < f->ntargets; i++) {
		t = fleet_target(f, i);
		fleet_watch(f, t);
	}
	return (old);
}

/* The console's loop drives the fleet from now on. */
void
fleet_attach(struct fleet *f, struct loop *l)
{
	fleet_rewatch(f, l, 0);
	if (l != NULL)
		loop_timer(l, FLEET_TICK, fleet_tick, f);
}

int
fleet_busy(struct fleet *f)
{
	struct fleet_run	*r;

	if (!TAILQ_EMPTY(&f->waiting))
		return (1);
	TAILQ_FOREACH(r, &f->runs, entry) {
		if (!r->stream)
			return (1);
	}
	return (0);
}

/*
 * Batch: read the domains now, in a loop of our own, until every run has
 * ended or every target has failed; bounded by the connect and command
 * timeouts and the backoff of a few retries.  In the console the reads
 * only start: its loop drives them, and the screen never waits for a
 * sweep of the fleet.
 */
void
fleet_run(struct fleet *f, uint64_t domains)
{
	struct loop	*saved = f->loop;
	struct fleet_run *r, *rn;
	double		 until, ticked = 0;
	u_int		 i;

	if (f->loop != NULL && !f->private_loop) {
		fleet_start(f, domains);
		return;
	}
	fleet_rewatch(f, loop_create(), 1);
	/*
	 * Each connection and each command has its own deadline; this one
	 * only stops a run that could never end.  The targets go a fan-out
	 * at a time, so it grows with their number: at 1,250 nodes a sweep
	 * takes longer than one connect and one command timeout.
	 */
	until = fleet_now() + (options_get_int("ssh.connect-timeout") +
	    options_get_int("ssh.command-timeout") + 1) *
	    (1 + (f->model->nnodes + 2) / options_get_int("ssh.fanout"));
	/* Asked again: the nodes that failed are tried again now. */
	for (i = 0; i < f->ntargets; i++)
		fleet_target(f, i)->retry = 0;
	fleet_start(f, domains);
	while (fleet_now() < until) {
		/* Targets that failed to connect are not waited for. */
		TAILQ_FOREACH_SAFE(r, &f->waiting, entry, rn) {
			if (r->t != NULL && r->t->state == FT_IDLE &&
			    r->t->attempts > 0) {
				TAILQ_REMOVE(&f->waiting, r, entry);
				TAILQ_INSERT_TAIL(&f->runs, r, entry);
				fleet_run_cancel(r, *r->t->why != '\0' ?
				    r->t->why : "unreachable");
			}
		}
		if (!fleet_busy(f))
			break;
		loop_once(f->loop, FLEET_TICK);
		/* The deadlines every tick, not every wake-up. */
		if (fleet_now() >= ticked + FLEET_TICK) {
			fleet_tick(f);
			ticked = fleet_now();
		}
	}
	TAILQ_FOREACH_SAFE(r, &f->runs, entry, rn) {
		if (!r->stream)
			fleet_run_done(r, "timed out");
	}
	loop_free(fleet_rewatch(f, saved, 0));
}
