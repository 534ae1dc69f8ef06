/*
 * myriad - the simulator's nvidia-imex-ctl -N: an NVL72 rack's IMEX
 * domain as one of its trays sees it, in the format of the 570.172
 * capture (t/data/imex-ctl-N-570.172-p6e-gb200-18nodes.txt), read back by
 * parse-imex.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A tray's address is 10.R.R.T: the rack's number in two bytes, the tray
 * from 1.  A peer that does not answer (its node unreachable, or its
 * daemon cut off by a DF_IMEX fault) is UNAVAILABLE, its row I (not
 * reachable), its column D (disconnected), and the domain DEGRADED; the
 * tray cut off sees every peer so, and the domain DOWN.  Only UP is in a
 * real capture: DEGRADED is the word of NVIDIA's health checks (the
 * CycleCloud message in t/data/PROVENANCE.md), DOWN its opposite of UP.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static const char sim_imex_legend[] =
    "Connectivity Table Legend:\n"
    "I - Invalid - Node wasn't reachable, no connection status available\n"
    "N - Never Connected\n"
    "R - Recovering - Connection was lost, but clean up has not yet been "
    "triggered.\n"
    "D - Disconnected - Connection was lost, and clean up has been "
    "triggreed.\n"
    "A - Authenticating - If GSSAPI enabled, client has initiated mutual "
    "authentication.\n"
    "!V! - Version mismatch, communication disabled.\n"
    "!M! - Node map mismatch, communication disabled.\n"
    "C - Connected - Ready for operation\n"
    "\n";

/* A tray's address: 10, the rack in two bytes, the tray from 1. */
void
sim_imex_address(const struct sim *s, u_int node, char *buf, size_t len)
{
	u_int	 r = sim_node_rack(s, node);

	snprintf(buf, len, "10.%u.%u.%u", r >> 8 & 0xff, r & 0xff,
	    node - sim_rack_first(s, r) + 1);
}

/* Trim the blanks a row's last column leaves. */
static void
sim_imex_eol(struct buf *out)
{
	while (out->len > 0 && out->data[out->len - 1] == ' ')
		out->len--;
	buf_putc(out, '\n');
}

static int
sim_imex_nodes(struct sim *s, u_int node, struct buf *out)
{
	struct sim_dfault	 f;
	struct tm		 tm;
	char			 addr[32];
	u_int			 rack, first, n, i, j, down = 0;
	int			 cut = -1;
	uint8_t			 gone[SIM_NVL72];

	rack = sim_node_rack(s, node);
	n = sim_rack_nodes(s, rack, &first);
	if (sim_fabric_fault(s, rack, &f) && f.type == DF_IMEX)
		cut = f.tray;
	for (i = 0; i < n; i++) {
		if (first + i == node)
			gone[i] = 0;
		else if (cut == (int)(node - first))
			gone[i] = 1;	/* it is the one cut off */
		else
			gone[i] = cut == (int)i ||
			    !sim_node_reachable(s, first + i);
		down += gone[i];
	}
	buf_puts(out, sim_imex_legend);
	sim_tool_gmtime(s->t, &tm);
	buf_printf(out, "%d/%d/%d %02d:%02d:%02d.%03d\n", tm.tm_mon + 1,
	    tm.tm_mday, tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec,
	    (int)((s->t - floor(s->t)) * 1000));
	buf_puts(out, "Nodes:\n");
	for (i = 0; i < n; i++) {
		sim_imex_address(s, first + i, addr, sizeof addr);
		buf_printf(out, "Node #%-3u - %-15s - %-20s - Version: %s\n", i,
		    addr, gone[i] ? "UNAVAILABLE" : "READY", SIM_NVML);
	}
	buf_puts(out, "\n Nodes From\\To  ");
	for (j = 0; j < n; j++)
		buf_printf(out, "%-4u", j);
	sim_imex_eol(out);
	for (i = 0; i < n; i++) {
		buf_printf(out, "%8u        ", i);
		for (j = 0; j < n; j++)
			buf_puts(out, gone[i] ? "I   " : gone[j] ? "D   " :
			    "C   ");
		sim_imex_eol(out);
	}
	buf_printf(out, "\nDomain State: %s\n", down == 0 ? "UP" :
	    down == n - 1 ? "DOWN" : "DEGRADED");
	return (0);
}

/* nvidia-imex-ctl -N [-c CONFIG]: the domain's nodes, on a tray. */
int
sim_imexctl(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	int	 i, nodes = 0;

	if (!sim_node_imex(s, node)) {
		xasprintf(cause, "sh: 1: %s: not found", argv[0]);
		return (SIM_TOOL_MISSING);
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-N") == 0)
			nodes = 1;
		else if (strcmp(argv[i], "-c") == 0 && i + 1 < argc)
			i++;		/* its configuration: the rack's */
		else
			break;
	}
	if (!nodes || i < argc) {
		xasprintf(cause, "nvidia-imex-ctl: the simulator prints -N "
		    "(the domain's nodes) only");
		return (1);
	}
	return (sim_imex_nodes(s, (u_int)node, out));
}
