/*
 * myriad - the simulator's InfiniBand tools: ibstat, ibstatus and
 * perfquery, for a node's eight ConnectX-7 NDR ports (read back by
 * parse-ib.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <string.h>

#include "sim.h"

/*
 * An IB port: 1 if Active, 0 if Down.  *phys is 0 for LinkUp, 1 for
 * Disabled, 2 for Polling.  A flapping port changes every 30 seconds,
 * but one of four stays up with its error counters rising (erroring).
 * One of four faulty ports stays up, trained down to two lanes: 200 Gb/s
 * (*rate) where 400 is NDR's.
 */
static int
sim_ib_state(const struct sim *s, u_int node, u_int port, int *phys,
    int *rate)
{
	const struct sim_fault	*f;

	*phys = 0;
	*rate = 400;
	if ((f = sim_fault_find(s, node, SF_IBDOWN, port)) != NULL) {
		if (f->variant == SV_MILD) {
			*rate = 200;
			return (1);
		}
		*phys = (f->variant & 1) ? 2 : 1;
		*rate = 10;
		return (0);
	}
	if ((f = sim_fault_find(s, node, SF_IBFLAP, port)) != NULL &&
	    f->variant != SV_MILD &&
	    ((long)floor((s->t - f->start) / 30) & 1)) {
		*phys = 2;
		*rate = 10;
		return (0);
	}
	return (1);
}

/* The adapter an IB tool is asked about: -1 for all, -2 for none. */
static int
sim_ib_want(int node, int argc, char **argv, char **cause)
{
	if (argc < 2 || strcmp(argv[1], "-l") == 0)
		return (-1);
	if (strncmp(argv[1], "mlx5_", 5) != 0 || argv[1][5] < '0' ||
	    argv[1][5] > '7' || argv[1][6] != '\0') {
		xasprintf(cause, "ibpanic: [%u] main: stat of IB device '%s' "
		    "failed: No such file or directory", 1000 + node, argv[1]);
		return (-2);
	}
	return (argv[1][5] - '0');
}

/* ibstat: eight ConnectX-7 NDR ports, one subnet per rail. */
int
sim_ibstat(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const phys[] = { "LinkUp", "Disabled", "Polling" };
	char		 ca[16];
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want;

	if ((want = sim_ib_want(node, argc, argv, cause)) == -2)
		return (-1);
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		snprintf(ca, sizeof ca, "mlx5_%u", p);
		if (argc >= 2 && strcmp(argv[1], "-l") == 0) {
			/* ibstat -l: the adapters' names. */
			buf_printf(out, "%s\n", ca);
			continue;
		}
		guid = sim_guid(s, node, p);
		active = sim_ib_state(s, node, p, &ph, &rate);
		buf_printf(out, "CA '%s'\n"
		    "\tCA type: MT4129\n"
		    "\tNumber of ports: 1\n"
		    "\tFirmware version: 28.39.2048\n"
		    "\tHardware version: 0\n"
		    "\tNode GUID: 0x%016llx\n"
		    "\tSystem image GUID: 0x%016llx\n"
		    "\tPort 1:\n"
		    "\t\tState: %s\n"
		    "\t\tPhysical state: %s\n"
		    "\t\tRate: %d\n"
		    "\t\tBase lid: %u\n"
		    "\t\tLMC: 0\n"
		    "\t\tSM lid: %d\n"
		    "\t\tCapability mask: 0xa751e848\n"
		    "\t\tPort GUID: 0x%016llx\n"
		    "\t\tLink layer: InfiniBand\n",
		    ca, (unsigned long long)guid, (unsigned long long)guid,
		    active ? "Active" : "Down", phys[ph], rate,
		    active ? node + 2 : 0, active ? 1 : 0,
		    (unsigned long long)guid);
	}
	return (0);
}

/*
 * ibstatus: the same ports, as the script prints them, with the width: a
 * port trained down runs two lanes (2X) of NDR.
 */
int
sim_ibstatus(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const phys[] = { "5: LinkUp", "3: Disabled",
	    "2: Polling" };
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want;

	if ((want = sim_ib_want(node, argc, argv, cause)) == -2)
		return (-1);
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		guid = sim_guid(s, node, p);
		active = sim_ib_state(s, node, p, &ph, &rate);
		buf_printf(out, "Infiniband device 'mlx5_%u' port 1 status:\n"
		    "\tdefault gid:\t fe80:0000:0000:0000:%04x:%04x:%04x:%04x\n"
		    "\tbase lid:\t 0x%x\n"
		    "\tsm lid:\t\t 0x%x\n"
		    "\tstate:\t\t %s\n"
		    "\tphys state:\t %s\n"
		    "\trate:\t\t %d Gb/sec (%s)\n"
		    "\tlink_layer:\t InfiniBand\n\n", p,
		    (u_int)(guid >> 48) & 0xffff, (u_int)(guid >> 32) & 0xffff,
		    (u_int)(guid >> 16) & 0xffff, (u_int)guid & 0xffff,
		    active ? node + 2 : 0, active ? 1 : 0,
		    active ? "4: ACTIVE" : "1: DOWN", phys[ph], rate,
		    rate == 400 ? "4X NDR" : rate == 200 ? "2X NDR" : "4X SDR");
	}
	return (0);
}

/*
 * IB port error counters: mostly zero; a port that stays up with errors
 * (SF_IBFLAP, SV_MILD) sees its symbol errors, receive errors and link
 * recoveries rise by the second; a flapping one counts its downs; a port
 * that went down once counts that.  c: symerr, linkrec, linkdown, rcverr.
 */
static void
sim_ib_counters(const struct sim *s, u_int node, u_int port, uint64_t *c)
{
	const struct sim_fault	*f;
	uint64_t		 h, dt;

	h = sim_hash(s->seed, node, port, 0x494243);
	c[0] = c[1] = c[2] = c[3] = 0;
	if (h % 40 == 0)
		c[0] = 1 + (h >> 8) % 20;
	if ((f = sim_fault_find(s, node, SF_IBFLAP, port)) != NULL) {
		dt = s->t > f->start ? (uint64_t)(s->t - f->start) : 0;
		if (f->variant == SV_MILD) {
			c[0] += dt * 5;
			c[1] = dt / 120;
			c[3] = dt / 3;
		} else
			c[2] = (dt + 30) / 60;
	} else if ((f = sim_fault_find(s, node, SF_IBDOWN, port)) != NULL)
		c[2] = f->variant == SV_MILD ? 2 : 1;
}

/* One name:value line, dotted to column 33 as perfquery prints it. */
static void
sim_ib_pq_line(struct buf *b, const char *name, uint64_t v, int hex)
{
	int	 n = (int)strlen(name) + 1;

	buf_printf(b, "%s:", name);
	for (; n < 33; n++)
		buf_putc(b, '.');
	if (hex)
		buf_printf(b, "0x%04llx\n", (unsigned long long)v);
	else
		buf_printf(b, "%llu\n", (unsigned long long)v);
}

static void
sim_ib_pq_port(struct sim *s, u_int node, u_int p, int ext, struct buf *out)
{
	uint64_t	 c[4], data, pkts;
	int		 ph, rate, active;

	active = sim_ib_state(s, node, p, &ph, &rate);
	sim_ib_counters(s, node, p, c);
	pkts = (uint64_t)(s->t > 1.6e9 ? s->t - 1.6e9 : 0) * 1000 +
	    sim_hash(s->seed, node, p, 0x504b54) % 100000;
	data = pkts * 512;
	if (ext) {
		buf_printf(out, "# Port extended counters: Lid %u port 1 "
		    "(CapMask: 0x5A00 CapMask2: 0x0000000)\n",
		    active ? node + 2 : 0);
		sim_ib_pq_line(out, "PortSelect", 1, 0);
		sim_ib_pq_line(out, "CounterSelect", 0, 1);
		sim_ib_pq_line(out, "PortXmitData", data, 0);
		sim_ib_pq_line(out, "PortRcvData", data + pkts, 0);
		sim_ib_pq_line(out, "PortXmitPkts", pkts, 0);
		sim_ib_pq_line(out, "PortRcvPkts", pkts + pkts / 7, 0);
		sim_ib_pq_line(out, "PortUnicastXmitPkts", pkts, 0);
		sim_ib_pq_line(out, "PortUnicastRcvPkts", pkts, 0);
		sim_ib_pq_line(out, "PortMulticastXmitPkts", pkts / 7, 0);
		sim_ib_pq_line(out, "PortMulticastRcvPkts", pkts / 7, 0);
		sim_ib_pq_line(out, "CounterSelect2", 0, 0);
	} else {
		buf_printf(out, "# Port counters: Lid %u port 1 "
		    "(CapMask: 0x5A00)\n", active ? node + 2 : 0);
		sim_ib_pq_line(out, "PortSelect", 1, 0);
		sim_ib_pq_line(out, "CounterSelect", 0, 1);
	}
	sim_ib_pq_line(out, "SymbolErrorCounter", c[0], 0);
	sim_ib_pq_line(out, "LinkErrorRecoveryCounter", c[1], 0);
	sim_ib_pq_line(out, "LinkDownedCounter", c[2], 0);
	sim_ib_pq_line(out, "PortRcvErrors", c[3], 0);
	sim_ib_pq_line(out, "PortRcvRemotePhysicalErrors", 0, 0);
	sim_ib_pq_line(out, "PortRcvSwitchRelayErrors", 0, 0);
	sim_ib_pq_line(out, "PortXmitDiscards", 0, 0);
	sim_ib_pq_line(out, "PortXmitConstraintErrors", 0, 0);
	sim_ib_pq_line(out, "PortRcvConstraintErrors", 0, 0);
	sim_ib_pq_line(out, "LocalLinkIntegrityErrors", 0, 0);
	sim_ib_pq_line(out, "ExcessiveBufferOverrunErrors", 0, 0);
	sim_ib_pq_line(out, "VL15Dropped", 0, 0);
	sim_ib_pq_line(out, "PortXmitWait", pkts / 1000, 0);
	if (ext)
		sim_ib_pq_line(out, "QP1Dropped", 0, 0);
	else {
		sim_ib_pq_line(out, "PortXmitData", data & 0xffffffff, 0);
		sim_ib_pq_line(out, "PortRcvData", data & 0xffffffff, 0);
		sim_ib_pq_line(out, "PortXmitPkts", pkts & 0xffffffff, 0);
		sim_ib_pq_line(out, "PortRcvPkts", pkts & 0xffffffff, 0);
	}
	buf_putc(out, '\n');
}

/*
 * perfquery [-x] [-l] [-C CA] [-P PORT]: a port's counters.  Without -C,
 * or with the probe's unexpanded "$d", every adapter after a "# CA: NAME"
 * line: what probe.ib-counters' loop prints (the simulated backend runs
 * the loop's perfquery alone).
 */
int
sim_perfquery(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	const char	*ca = NULL;
	int		 i, ext = 0, want = -1;
	u_int		 p;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0 ||
		    strcmp(argv[i], "--extended") == 0)
			ext = 1;
		else if (strcmp(argv[i], "-C") == 0 && i + 1 < argc)
			ca = argv[++i];
		else if (strcmp(argv[i], "-P") == 0 && i + 1 < argc)
			i++;
	}
	if (ca != NULL && ca[0] != '$') {
		if (strncmp(ca, "mlx5_", 5) != 0 || ca[5] < '0' ||
		    ca[5] >= '0' + SIM_IBPORTS || ca[6] != '\0') {
			xasprintf(cause, "ibwarn: [%u] mad_rpc_open_port: "
			    "can't open UMAD port (%s:1)\nperfquery: iberror: "
			    "failed: Failed to open '%s' port '1'", 1000 + node,
			    ca, ca);
			return (-1);
		}
		want = ca[5] - '0';
	}
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		if (want < 0)
			buf_printf(out, "# CA: mlx5_%u\n", p);
		sim_ib_pq_port(s, node, p, ext, out);
	}
	return (0);
}

