/*
 * myriad - the console's warm refresh over persistent SSH channels, on a
 * pseudo-terminal: once every node's GPU stream has delivered, the
 * console's CPU per refresh period, its memory, and how long a node's
 * sample took from the node's nvidia-smi to the model.  Run by
 * t/bench/fleet.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The console is run with MYRIAD_FLEET_TRACE=TRACE: backends/fleet.c then
 * writes a line per stream chunk put into the model, "ARRIVAL NODE LINE",
 * ARRIVAL the wall-clock time after the parse and LINE the chunk's last
 * line as the node printed it.  The query (probe.gpus) ends in nvidia-smi's
 * timestamp field, the time the node took the sample, so ARRIVAL minus it
 * is the delay from node to model (at most: the simulated nvidia-smi
 * advances its clock by the -lms period, so a late wake-up on the node
 * makes its timestamp older than the moment it printed, never newer).
 */

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

static int	 fd;

/* A line of /proc/PID/status, in MiB. */
static double
status_mib(const char *key)
{
	char	 path[64], line[256];
	FILE	*f;
	long	 kb = 0;
	size_t	 len = strlen(key);

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return (0);
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, key, len) == 0 && line[len] == ':')
			kb = atol(line + len + 1);
	}
	fclose(f);
	return (kb / 1024.0);
}

/* Read what the console writes, for `secs' seconds. */
static void
drain(double secs)
{
	struct pollfd	 pfd = { .fd = fd, .events = POLLIN };
	char		 buf[65536];
	double		 until = now() + secs, left;

	while ((left = until - now()) > 0) {
		if (poll(&pfd, 1, (int)(left * 1000) + 1) <= 0)
			continue;
		if (read(fd, buf, sizeof buf) <= 0)
			break;
	}
}

static int
cmp(const void *a, const void *b)
{
	double	 x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

/* nvidia-smi's timestamp, "2026/11/29 19:47:08.944", local time. */
static int
stamp(const char *s, double *t)
{
	struct tm	 tm;
	int		 ms;

	memset(&tm, 0, sizeof tm);
	if (sscanf(s, " %d/%d/%d %d:%d:%d.%d", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms) != 7)
		return (-1);
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	tm.tm_isdst = -1;
	*t = mktime(&tm) + ms / 1000.0;
	return (0);
}

int
main(int argc, char **argv)
{
	struct winsize	 ws;
	FILE		*tf;
	char		 line[8192], node[64], *comma;
	unsigned char	*seen;
	double		 start, t_all = 0, c0, c1, arrival, t, period, secs;
	double		*lat = NULL, w0 = 0, rss, hwm;
	size_t		 nlat = 0, alat = 0;
	long		 off = 0;
	int		 nodes, nseen = 0, status, i, late = 0, k;

	if (argc != 7) {
		fprintf(stderr, "usage: fleet-bench MYRIAD CONF TRACE NODES "
		    "PERIOD SECONDS\n");
		return (2);
	}
	nodes = atoi(argv[4]);
	period = atof(argv[5]);
	secs = atof(argv[6]);
	if ((seen = calloc(nodes + 1, 1)) == NULL)
		return (1);
	unlink(argv[3]);

	memset(&ws, 0, sizeof ws);
	ws.ws_col = 240;
	ws.ws_row = 60;
	start = now();
	if ((pid = forkpty(&fd, NULL, NULL, &ws)) == -1)
		return (1);
	if (pid == 0) {
		setenv("TERM", "xterm-256color", 1);
		setenv("LANG", "C.UTF-8", 1);
		setenv("MYRIAD_FLEET_TRACE", argv[3], 1);
		execl(argv[1], "myriad", "-F", argv[2], (char *)NULL);
		_exit(127);
	}

	/* Until every node's stream has delivered once (10 minutes at most). */
	while (nseen < nodes && now() - start < 600) {
		drain(0.5);
		if (waitpid(pid, &status, WNOHANG) == pid) {
			fprintf(stderr, "fleet-bench: the console exited "
			    "(status 0x%x)\n", status);
			return (1);
		}
		if ((tf = fopen(argv[3], "r")) == NULL)
			continue;
		fseek(tf, off, SEEK_SET);
		while (fgets(line, sizeof line, tf) != NULL) {
			if (strchr(line, '\n') == NULL)
				break;
			off = ftell(tf);
			if (sscanf(line, "%*f gpu%d", &k) == 1 && k >= 1 &&
			    k <= nodes && !seen[k]) {
				seen[k] = 1;
				nseen++;
			}
		}
		fclose(tf);
	}
	t_all = now() - start;
	if (nseen < nodes) {
		fprintf(stderr, "fleet-bench: %d of %d streams after %.0f s\n",
		    nseen, nodes, t_all);
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return (1);
	}

	/* Two periods more: the last connections' work is done. */
	drain(2 * period + 1);
	if ((tf = fopen(argv[3], "r")) != NULL) {
		fseek(tf, 0, SEEK_END);
		off = ftell(tf);
		fclose(tf);
	}
	{
		struct timespec	 ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		w0 = ts.tv_sec + ts.tv_nsec / 1e9;
	}
	c0 = cpu();
	drain(secs);
	c1 = cpu();
	rss = status_mib("VmRSS");
	hwm = status_mib("VmHWM");

	/* The samples of the window and their delays. */
	memset(seen, 0, nodes + 1);
	nseen = 0;
	if ((tf = fopen(argv[3], "r")) != NULL) {
		fseek(tf, off, SEEK_SET);
		while (fgets(line, sizeof line, tf) != NULL) {
			if (sscanf(line, "%lf %63s", &arrival, node) != 2 ||
			    arrival < w0 || arrival > w0 + secs)
				continue;
			if (sscanf(node, "gpu%d", &k) == 1 && k >= 1 &&
			    k <= nodes && !seen[k]) {
				seen[k] = 1;
				nseen++;
			}
			if ((comma = strrchr(line, ',')) == NULL ||
			    stamp(comma + 1, &t) != 0)
				continue;
			if (nlat == alat) {
				alat = alat ? alat * 2 : 4096;
				lat = realloc(lat, alat * sizeof *lat);
				if (lat == NULL)
					return (1);
			}
			lat[nlat++] = arrival - t;
			if (arrival - t > 1.0)
				late++;
		}
		fclose(tf);
	}
	if (nlat == 0) {
		fprintf(stderr, "fleet-bench: no timestamped samples\n");
		return (1);
	}
	qsort(lat, nlat, sizeof *lat, cmp);

	printf("%d nodes, refresh %.1f s: every stream delivered %.0f s after "
	    "start\n", nodes, period, t_all);
	printf("  window %.0f s: console CPU %.1f ms per refresh period "
	    "(%.1f%% of a core)\n", secs, (c1 - c0) * 1000 * period / secs,
	    (c1 - c0) * 100 / secs);
	printf("  samples %zu from %d nodes (%.0f expected); node to model: "
	    "median %.0f ms, p99 %.0f ms, max %.0f ms; over 1 s: %d\n", nlat,
	    nseen, nodes * secs / period, lat[nlat / 2] * 1000,
	    lat[(size_t)(nlat * 0.99)] * 1000, lat[nlat - 1] * 1000, late);
	printf("  RSS %.0f MiB (peak %.0f MiB) with %d live sessions\n", rss,
	    hwm, nodes);

	/* Quit, and wait for the sessions to close. */
	if (write(fd, "q", 1) != 1)
		kill(pid, SIGTERM);
	for (i = 0; i < 300; i++) {
		drain(0.1);
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	if (i == 300) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	free(lat);
	free(seen);
	return (0);
}
