/*
 * myriad - the event loop: poll(2), timers and signals.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Nothing in the program blocks: everything that waits is a descriptor or
 * a timer here.  Signals arrive through a pipe, so their handlers run in
 * the loop like anything else.
 */

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "myriad.h"

struct loop_fd {
	int		 fd;
	short		 events;
	loop_fd_cb	 cb;
	void		*arg;
};

struct loop_timer {
	double		 when;
	loop_timer_cb	 cb;
	void		*arg;
};

struct loop_sig {
	int		 sig;
	loop_signal_cb	 cb;
	void		*arg;
};

struct loop {
	struct loop_fd		*fds;
	u_int			 nfds;
	struct loop_timer	*timers;
	u_int			 ntimers;
	struct loop_sig		 sigs[16];
	u_int			 nsigs;
	struct pollfd		*pfds;
	u_int			 pass;		/* loop_once's, counted */
};

static int	loop_pipe[2] = { -1, -1 };

double
loop_now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static void
loop_sighandler(int sig)
{
	int		 saved = errno;
	u_char		 c = sig;

	if (write(loop_pipe[1], &c, 1) == -1) {
		/* The pipe is full: the signal is already pending. */
	}
	errno = saved;
}

static void
loop_sigread(int fd, short revents, void *arg)
{
	struct loop	*l = arg;
	u_char		 buf[64];
	ssize_t		 n, i;
	u_int		 k;

	while ((n = read(fd, buf, sizeof buf)) > 0) {
		for (i = 0; i < n; i++) {
			for (k = 0; k < l->nsigs; k++) {
				if (l->sigs[k].sig == buf[i])
					l->sigs[k].cb(buf[i], l->sigs[k].arg);
			}
		}
	}
}

struct loop *
loop_create(void)
{
	struct loop	*l;
	int		 i;

	l = xcalloc(1, sizeof *l);
	if (loop_pipe[0] == -1 && pipe(loop_pipe) == 0) {
		for (i = 0; i < 2; i++) {
			fcntl(loop_pipe[i], F_SETFL, O_NONBLOCK);
			fcntl(loop_pipe[i], F_SETFD, FD_CLOEXEC);
		}
	}
	if (loop_pipe[0] != -1)
		loop_add_fd(l, loop_pipe[0], POLLIN, loop_sigread, l);
	return (l);
}

void
loop_free(struct loop *l)
{
	u_int	 i;

	if (l == NULL)
		return;
	for (i = 0; i < l->nsigs; i++)
		signal(l->sigs[i].sig, SIG_DFL);
	free(l->fds);
	free(l->timers);
	free(l->pfds);
	free(l);
}

void
loop_add_fd(struct loop *l, int fd, short events, loop_fd_cb cb, void *arg)
{
	l->fds = xreallocarray(l->fds, l->nfds + 1, sizeof *l->fds);
	l->fds[l->nfds].fd = fd;
	l->fds[l->nfds].events = events;
	l->fds[l->nfds].cb = cb;
	l->fds[l->nfds].arg = arg;
	l->nfds++;
	l->pfds = xreallocarray(l->pfds, l->nfds, sizeof *l->pfds);
}

void
loop_del_fd(struct loop *l, int fd)
{
	u_int	 i;

	for (i = 0; i < l->nfds; i++) {
		if (l->fds[i].fd == fd) {
			l->fds[i] = l->fds[--l->nfds];
			return;
		}
	}
}

void
loop_set_events(struct loop *l, int fd, short events)
{
	u_int	 i;

	for (i = 0; i < l->nfds; i++) {
		if (l->fds[i].fd == fd)
			l->fds[i].events = events;
	}
}

/* Call cb once, `seconds' from now. */
void
loop_timer(struct loop *l, double seconds, loop_timer_cb cb, void *arg)
{
	l->timers = xreallocarray(l->timers, l->ntimers + 1,
	    sizeof *l->timers);
	l->timers[l->ntimers].when = loop_now() + seconds;
	l->timers[l->ntimers].cb = cb;
	l->timers[l->ntimers].arg = arg;
	l->ntimers++;
}

void
loop_signal(struct loop *l, int sig, loop_signal_cb cb, void *arg)
{
	struct sigaction	 sa;

	if (l->nsigs == nitems(l->sigs))
		return;
	l->sigs[l->nsigs].sig = sig;
	l->sigs[l->nsigs].cb = cb;
	l->sigs[l->nsigs].arg = arg;
	l->nsigs++;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = loop_sighandler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(sig, &sa, NULL);
}

/*
 * One pass: wait at most `maxwait' seconds, run what is ready.  A callback
 * may run passes of its own (a confirmation box waits so): this one then
 * stops, what it had not run yet is found by the next.
 */
void
loop_once(struct loop *l, double maxwait)
{
	struct loop_timer	 t;
	double			 now = loop_now(), wait = maxwait;
	u_int			 i, n, pass = ++l->pass;
	int			 timeout, rc;

	for (i = 0; i < l->ntimers; i++) {
		if (l->timers[i].when - now < wait)
			wait = l->timers[i].when - now;
	}
	timeout = wait <= 0 ? 0 : (int)(wait * 1000) + 1;
	n = l->nfds;
	for (i = 0; i < n; i++) {
		l->pfds[i].fd = l->fds[i].fd;
		l->pfds[i].events = l->fds[i].events;
		l->pfds[i].revents = 0;
	}
	rc = poll(l->pfds, n, timeout);
	if (rc > 0) {
		for (i = 0; i < n && l->pass == pass; i++) {
			if (l->pfds[i].revents == 0)
				continue;
			/* A callback may remove descriptors: look it up. */
			if (i < l->nfds && l->fds[i].fd == l->pfds[i].fd)
				l->fds[i].cb(l->pfds[i].fd, l->pfds[i].revents,
				    l->fds[i].arg);
		}
	}
	now = loop_now();
	for (i = 0; i < l->ntimers && l->pass == pass; /* nothing */) {
		if (l->timers[i].when > now) {
			i++;
			continue;
		}
		t = l->timers[i];
		l->timers[i] = l->timers[--l->ntimers];
		t.cb(t.arg);
	}
}
