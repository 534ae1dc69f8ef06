/*
 * myriad - the console's cost on a pseudo-terminal: start to first frame,
 * key press to screen written, CPU and bytes per frame when 1% of the
 * map's cells change.  Run by t/bench/tui.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <sys/ioctl.h>
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

static int	fd;

/* Read until `quiet' seconds pass with nothing; bytes read, last byte time. */
static size_t
drain(double quiet, double limit, double *last, const char *want, int *seen)
{
	struct pollfd	 pfd = { .fd = fd, .events = POLLIN };
	char		 buf[65536];
	double		 start = now(), t;
	size_t		 total = 0;
	ssize_t		 n;
	static char	 tail[64];

	*last = start;
	for (;;) {
		t = now();
		if (t - start > limit)
			break;
		if (poll(&pfd, 1, (int)(quiet * 1000) + 1) <= 0) {
			if (want == NULL || (seen != NULL && *seen))
				break;
			continue;
		}
		if ((n = read(fd, buf, sizeof buf - 1)) <= 0)
			break;
		*last = now();
		total += n;
		if (want != NULL && seen != NULL && !*seen) {
			buf[n] = '\0';
			/* Look across reads, too. */
			if (memmem(buf, n, want, strlen(want)) != NULL)
				*seen = 1;
			else {
				char	 join[128];

				snprintf(join, sizeof join, "%s%.*s", tail,
				    (int)(n < 60 ? n : 60), buf);
				if (strstr(join, want) != NULL)
					*seen = 1;
			}
			snprintf(tail, sizeof tail, "%.*s", (int)(n < 60 ?
			    n : 60), buf + (n > 60 ? n - 60 : 0));
		}
	}
	return (total);
}

static int
cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

static double
median(double *v, int n)
{
	qsort(v, n, sizeof *v, cmp);
	return (v[n / 2]);
}

int
main(int argc, char **argv)
{
	struct winsize	 ws;
	double		 t0, last, first, lat[40], c0, c1, bytes;
	char		 conf[] = "/tmp/myriad-tui-bench.XXXXXX";
	char		 keys[] = "/tmp/myriad-tui-keys.XXXXXX";
	FILE		*f;
	int		 i, seen = 0, kfd, cfd, frames = 300, status;

	if (argc != 5) {
		fprintf(stderr, "usage: tui-bench MYRIAD SIZE COLS ROWS\n");
		return (2);
	}
	/* Two keys that mark and unmark 1% of the nodes. */
	if ((kfd = mkstemp(keys)) == -1 || (f = fdopen(kfd, "w")) == NULL)
		return (1);
	fprintf(f, "bind -T map y 'mark gpu[%s]'\n"
	    "bind -T map Y 'mark -u gpu[%s]'\n",
	    strcmp(argv[2], "100k") == 0 ? "00001-00125" : "0001-0012",
	    strcmp(argv[2], "100k") == 0 ? "00001-00125" : "0001-0012");
	fclose(f);
	if ((cfd = mkstemp(conf)) == -1 || (f = fdopen(cfd, "w")) == NULL)
		return (1);
	/* No data refresh during the measurement: only the keys change. */
	fprintf(f, "keys-file = \"%s\";\nrefresh = { gpus = 3600.0; "
	    "links = 3600.0; sensors = 3600.0; slurm = 3600.0; };\n", keys);
	fclose(f);

	memset(&ws, 0, sizeof ws);
	ws.ws_col = atoi(argv[3]);
	ws.ws_row = atoi(argv[4]);
	t0 = now();
	if ((pid = forkpty(&fd, NULL, NULL, &ws)) == -1)
		return (1);
	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		execl(argv[1], "myriad", "-F", conf, "--sim", argv[2],
		    "--seed", "1", (char *)NULL);
		_exit(127);
	}
	drain(0.05, 10, &last, "unreach", &seen);
	first = last - t0;
	drain(1.5, 30, &last, NULL, NULL);	/* the rest of the start */

	/* Key to screen: the cursor moves, the frame is written. */
	for (i = 0; i < 40; i++) {
		t0 = now();
		if (write(fd, i % 2 ? "k" : "j", 1) != 1)
			return (1);
		drain(0.03, 2, &last, NULL, NULL);
		lat[i] = (last - t0) * 1000;
	}

	/* 1% of the cells change a frame. */
	c0 = cpu();
	bytes = 0;
	for (i = 0; i < frames; i++) {
		if (write(fd, i % 2 ? "Y" : "y", 1) != 1)
			return (1);
		bytes += drain(0.01, 2, &last, NULL, NULL);
	}
	c1 = cpu();

	printf("%s GPUs at %sx%s: first frame %.0f ms; key to screen "
	    "median %.1f ms; 1%%-change frame %.2f ms CPU, %.0f bytes\n",
	    argv[2], argv[3], argv[4], first * 1000, median(lat, 40),
	    (c1 - c0) * 1000 / frames, bytes / frames);
	if (write(fd, "q", 1) != 1)
		kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	unlink(conf);
	unlink(keys);
	return (0);
}
