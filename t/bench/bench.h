/*
 * myriad - what the pty benchmarks share: the clock and the child's CPU.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef BENCH_H
#define BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pid_t	pid;		/* the console under test */

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

/* The child's CPU time, user and system, in seconds. */
static double
cpu(void)
{
	char	 path[64], buf[1024], *p;
	FILE	*f;
	long	 ut, st;
	int	 i;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if ((f = fopen(path, "r")) == NULL || fgets(buf, sizeof buf, f) ==
	    NULL) {
		if (f != NULL)
			fclose(f);
		return (0);
	}
	fclose(f);
	p = strrchr(buf, ')');
	for (i = 0; i < 12 && p != NULL; i++)
		p = strchr(p + 1, ' ');
	if (p == NULL || sscanf(p, " %ld %ld", &ut, &st) != 2)
		return (0);
	return ((ut + st) / (double)sysconf(_SC_CLK_TCK));
}

#endif /* BENCH_H */
