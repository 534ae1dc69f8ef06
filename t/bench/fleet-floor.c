/*
 * myriad - the floor under the console's warm refresh: the least a libssh
 * client can spend reading N persistent GPU streams.  One session a node,
 * connected one at a time (blocking), each running COMMAND; then every
 * session non-blocking in one epoll set, read every 0.25 s as the console
 * reads them, and the bytes thrown away: no parser, no model, no screen.
 * Prints the client's CPU per PERIOD over SECONDS.  Run by t/bench/fleet.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 *	fleet-floor SSH_CONFIG NODES PERIOD SECONDS COMMAND
 *
 * SSH_CONFIG is the test cluster's without its HostName lines (libssh
 * would match the later Host lines against the address); node i is
 * gpu%04d at 127.0.X.Y, X.Y = 256 + i, as t/lib/cluster makes them.
 */

#include <sys/epoll.h>
#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libssh/libssh.h>

static double
cpu(void)
{
	struct rusage	 ru;

	getrusage(RUSAGE_SELF, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
}

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

int
main(int argc, char **argv)
{
	ssh_session		*s;
	ssh_channel		*ch;
	struct epoll_event	 ev, *evs;
	char			 host[32], buf[65536];
	double			 period, secs, t0 = 0, c0 = 0, until, bytes = 0;
	int			 n, i, k, ep, nev, r, one = 1;
	int			 quiet = SSH_LOG_NOLOG;
	long			 reads = 0;

	if (argc != 6) {
		fprintf(stderr, "usage: fleet-floor SSH_CONFIG NODES PERIOD "
		    "SECONDS COMMAND\n");
		return (2);
	}
	n = atoi(argv[2]);
	period = atof(argv[3]);
	secs = atof(argv[4]);
	s = calloc(n, sizeof *s);
	ch = calloc(n, sizeof *ch);
	evs = calloc(n, sizeof *evs);
	if ((ep = epoll_create1(0)) == -1 || s == NULL || ch == NULL ||
	    evs == NULL)
		return (1);
	for (i = 0; i < n; i++) {
		snprintf(host, sizeof host, "gpu%04d", i + 1);
		s[i] = ssh_new();
		ssh_options_set(s[i], SSH_OPTIONS_HOST, host);
		ssh_options_parse_config(s[i], argv[1]);
		ssh_options_set(s[i], SSH_OPTIONS_LOG_VERBOSITY, &quiet);
		snprintf(host, sizeof host, "127.0.%d.%d", (256 + i + 1) / 256,
		    (256 + i + 1) % 256);
		ssh_options_set(s[i], SSH_OPTIONS_HOST, host);
		ssh_options_set(s[i], SSH_OPTIONS_NODELAY, &one);
		ssh_options_set(s[i], SSH_OPTIONS_CIPHERS_S_C,
		    "aes128-gcm@openssh.com");
		ssh_options_set(s[i], SSH_OPTIONS_CIPHERS_C_S,
		    "aes128-gcm@openssh.com");
		if (ssh_connect(s[i]) != SSH_OK ||
		    ssh_userauth_publickey_auto(s[i], NULL, NULL) !=
		    SSH_AUTH_SUCCESS || (ch[i] = ssh_channel_new(s[i])) ==
		    NULL || ssh_channel_open_session(ch[i]) != SSH_OK ||
		    ssh_channel_request_exec(ch[i], argv[5]) != SSH_OK) {
			fprintf(stderr, "fleet-floor: %s: %s\n", host,
			    ssh_get_error(s[i]));
			return (1);
		}
		ssh_set_blocking(s[i], 0);
		memset(&ev, 0, sizeof ev);
		ev.events = EPOLLIN;
		ev.data.u32 = i;
		epoll_ctl(ep, EPOLL_CTL_ADD, ssh_get_fd(s[i]), &ev);
	}
	/* Two periods for the streams to settle, then the window. */
	for (k = 0; k < 2; k++) {
		t0 = -1;
		until = now() + secs * (k == 1);
		if (k == 1) {
			t0 = now();
			c0 = cpu();
		} else
			until = now() + 2 * period;
		while (now() < until) {
			usleep(250000);
			nev = epoll_wait(ep, evs, n, 0);
			for (i = 0; i < nev; i++) {
				r = ssh_channel_read_nonblocking(
				    ch[evs[i].data.u32], buf, sizeof buf, 0);
				if (r > 0 && t0 >= 0) {
					bytes += r;
					reads++;
				}
			}
		}
	}
	printf("libssh floor: %d streams, %ld reads, %.0f bytes in %.0f s: "
	    "%.1f ms of CPU per %.1f s period\n", n, reads, bytes,
	    now() - t0, (cpu() - c0) * 1000 / ((now() - t0) / period), period);
	for (i = 0; i < n; i++) {
		ssh_channel_free(ch[i]);
		ssh_disconnect(s[i]);
		ssh_free(s[i]);
	}
	return (0);
}
