/*
 * myriad - local child processes: a command run by /bin/sh on pipes, for
 * a Slurm controller or BMC management host of "local" (as tmux's job.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The caller watches child_fd() in its loop and calls child_read() when it
 * is readable; child_stop() ends the child and gives its exit status.
 * Standard input is /dev/null; standard error is kept, bounded, for the
 * message of a command that failed.
 */

#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "backend.h"

#define CHILD_ERR_MAX	4096		/* standard error kept */

struct child {
	pid_t		 pid;
	int		 out;		/* its standard output */
	int		 err;		/* its standard error */
};

/* Start COMMAND; NULL if it cannot (errno says why). */
struct child *
child_start(const char *command)
{
	struct child	*c;
	int		 p[2], e[2];

	if (pipe(p) != 0)
		return (NULL);
	if (pipe(e) != 0) {
		close(p[0]);
		close(p[1]);
		return (NULL);
	}
	c = xcalloc(1, sizeof *c);
	switch (c->pid = fork()) {
	case -1:
		close(p[0]);
		close(p[1]);
		close(e[0]);
		close(e[1]);
		free(c);
		return (NULL);
	case 0:
		dup2(p[1], STDOUT_FILENO);
		dup2(e[1], STDERR_FILENO);
		close(p[0]);
		close(p[1]);
		close(e[0]);
		close(e[1]);
		if (freopen("/dev/null", "r", stdin) == NULL)
			_exit(127);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	close(e[1]);
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(e[0], F_SETFL, O_NONBLOCK);
	fcntl(e[0], F_SETFD, FD_CLOEXEC);
	c->out = p[0];
	c->err = e[0];
	return (c);
}

/* The descriptor to watch: its standard output. */
int
child_fd(const struct child *c)
{
	return (c->out);
}

/*
 * Read what its standard output holds into OUT: 1 while more may come, 0
 * at its end, -1 if OUT would grow past MAX.
 */
int
child_read(struct child *c, struct buf *out, size_t max)
{
	char	 tmp[65536];
	ssize_t	 n;

	while ((n = read(c->out, tmp, sizeof tmp)) > 0) {
		if (out->len + n > max)
			return (-1);
		buf_add(out, tmp, n);
	}
	if (n == 0 || (n == -1 && errno != EAGAIN && errno != EINTR))
		return (0);
	return (1);
}

/*
 * End the child (killed, if FORCE) and free it; its standard error to ERR
 * (bounded).  Its exit status, or what waitpid() said.
 */
int
child_stop(struct child *c, int force, struct buf *err)
{
	char	 tmp[512];
	ssize_t	 n;
	int	 status = 0;

	close(c->out);
	if (force)
		kill(c->pid, SIGKILL);
	while ((n = read(c->err, tmp, sizeof tmp)) > 0 &&
	    err->len < CHILD_ERR_MAX)
		buf_add(err, tmp, n);
	close(c->err);
	if (waitpid(c->pid, &status, 0) == c->pid && WIFEXITED(status))
		status = WEXITSTATUS(status);
	free(c);
	return (status);
}
