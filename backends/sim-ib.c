/*
 * myriad - the simulator's InfiniBand tools: ibstat, ibstatus and
 * perfquery, for a node's eight ConnectX-7 NDR ports (read back by
 * parse-ib.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/*
 * A port's LID, its own as the subnet manager gives it: distinct over the
 * first 49,150 ports, and always within a rail's subnet (SM lid 1).
 */
static u_int
sim_ib_lid(u_int node, u_int port)
{
	return (2 + (node * SIM_IBPORTS + port) % 49150);
}

/* ibstat's options: -l, -s, -p, and a port number after the adapter. */
struct sim_ib_opts {
	int	 list;		/* -l: the adapters' names */
	int	 shrt;		/* -s: no ports */
	int	 ports;		/* -p: the port GUIDs */
	int	 port;		/* the port asked, or -1 */
};

/* ibpanic(): libibmad's words, the process's pid, exit status 255. */
static int
sim_ib_panic(char **cause, const char *ca)
{
	xasprintf(cause, "ibpanic: [%ld] main: stat of IB device '%s' "
	    "failed: No such file or directory", (long)getpid(), ca);
	return (255);
}

/*
 * The adapter an IB tool is asked about: -1 for all, -2 for none (and
 * ibstat's exit status in *rc).  ibstatus takes no options.
 */
static int
sim_ib_want(int argc, char **argv, struct sim_ib_opts *o, int *rc,
    char **cause)
{
	static const char *const longs[] = { "--list_of_cas", "--short",
	    "--port_list" };
	const char	*a;
	int		 i, k, want = -1;

	memset(o, 0, sizeof *o);
	o->port = -1;
	for (i = 1; i < argc; i++) {
		a = argv[i];
		for (k = 0; k < (int)nitems(longs); k++)
			if (strcmp(a, longs[k]) == 0)
				a = k == 0 ? "-l" : k == 1 ? "-s" : "-p";
		if (strcmp(argv[0], "ibstat") == 0 && a[0] == '-' &&
		    strspn(a + 1, "lsp") == strlen(a + 1) && a[1] != '\0') {
			o->list |= strchr(a, 'l') != NULL;
			o->shrt |= strchr(a, 's') != NULL;
			o->ports |= strchr(a, 'p') != NULL;
			continue;
		}
		if (a[0] == '-') {
			xasprintf(cause, "%s: the simulator does not take %s "
			    "(no capture of what the real tool prints)",
			    argv[0], a);
			*rc = 1;
			return (-2);
		}
		if (want >= 0) {
			o->port = (int)strtol(a, NULL, 0);
			continue;
		}
		if (strncmp(a, "mlx5_", 5) != 0 || a[5] < '0' ||
		    a[5] >= '0' + SIM_IBPORTS || a[6] != '\0') {
			*rc = sim_ib_panic(cause, a);
			return (-2);
		}
		want = a[5] - '0';
	}
	return (want);
}

/* ibstat: eight ConnectX-7 NDR ports, one subnet per rail. */
int
sim_ibstat(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const phys[] = { "LinkUp", "Disabled", "Polling" };
	struct sim_ib_opts o;
	const char	*in = "\t\t";
	char		 ca[16];
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want, rc;

	if ((want = sim_ib_want(argc, argv, &o, &rc, cause)) == -2)
		return (rc);
	/*
	 * An Ascend node's ports are its NPUs' RoCE ports, hccn_tool's: it
	 * has no IB device, and rdma-core's ibstat lists none (nothing,
	 * exit 0) or cannot find the one asked.
	 */
	if (sim_node_vendor(s, node) == VENDOR_HUAWEI) {
		if (want < 0)
			return (0);
		xasprintf(cause, "ibpanic: [%ld] main: 'mlx5_%d' IB device "
		    "can't be found", (long)getpid(), want);
		return (255);
	}
	sim_update(s);
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		snprintf(ca, sizeof ca, "mlx5_%u", p);
		guid = sim_guid(s, node, p);
		if (o.ports) {
			buf_printf(out, "0x%016llx\n", (unsigned long long)guid);
			continue;
		}
		if (o.list) {
			buf_printf(out, "%s\n", ca);
			continue;
		}
		if (!o.shrt && o.port >= 0 && o.port != 1) {
			/* ca_stat()'s warning, then main()'s panic. */
			xasprintf(cause, "ibwarn: [%ld] ca_stat: CA: '%s' has "
			    "no port number %d - max (1)\nibpanic: [%ld] main: "
			    "stat of IB device '%s' failed: No such file or "
			    "directory", (long)getpid(), ca, o.port,
			    (long)getpid(), ca);
			return (255);
		}
		if (!o.shrt && o.port == 1) {
			buf_printf(out, "CA: '%s'\nPort 1:\n", ca);
			in = "";
		} else
			buf_printf(out, "CA '%s'\n"
			    "\tCA type: MT4129\n"
			    "\tNumber of ports: 1\n"
			    "\tFirmware version: 28.39.2048\n"
			    "\tHardware version: 0\n"
			    "\tNode GUID: 0x%016llx\n"
			    "\tSystem image GUID: 0x%016llx\n", ca,
			    (unsigned long long)guid, (unsigned long long)guid);
		if (o.shrt)
			continue;
		if (*in != '\0')
			buf_puts(out, "\tPort 1:\n");
		active = sim_ib_state(s, node, p, &ph, &rate);
		buf_printf(out, "%sState: %s\n"
		    "%sPhysical state: %s\n"
		    "%sRate: %d\n"
		    "%sBase lid: %u\n"
		    "%sLMC: 0\n"
		    "%sSM lid: %d\n"
		    "%sCapability mask: 0xa751e848\n"
		    "%sPort GUID: 0x%016llx\n"
		    "%sLink layer: InfiniBand\n",
		    in, active ? "Active" : "Down", in, phys[ph], in, rate, in,
		    active ? sim_ib_lid(node, p) : 0, in, in, active ? 1 : 0,
		    in, in, (unsigned long long)guid, in);
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
	struct sim_ib_opts o;
	uint64_t	 guid;
	u_int		 p;
	int		 active, ph, rate, want, rc;

	if ((want = sim_ib_want(argc, argv, &o, &rc, cause)) == -2)
		return (rc);
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
		    active ? sim_ib_lid(node, p) : 0, active ? 1 : 0,
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

/* The values perfquery prints, and its two counter sets in its order. */
enum sim_ib_pq {
	PQ_PORTSELECT, PQ_ZERO, PQ_SYMERR, PQ_LINKREC, PQ_LINKDOWN, PQ_RCVERR,
	PQ_DATA, PQ_RDATA, PQ_PKTS, PQ_RPKTS, PQ_UPKTS, PQ_MCAST, PQ_WAIT,
	PQ_NVALUES
};
struct sim_ib_pq_field {
	const char	*name;
	enum sim_ib_pq	 value;
	int		 hex;		/* mad_dump_hex's digits */
	int		 sat32;		/* 32 bits, stopped at the top */
};
static const struct sim_ib_pq_field sim_ib_pq_errors[] = {
	{ .name = "SymbolErrorCounter", .value = PQ_SYMERR },
	{ .name = "LinkErrorRecoveryCounter", .value = PQ_LINKREC },
	{ .name = "LinkDownedCounter", .value = PQ_LINKDOWN },
	{ .name = "PortRcvErrors", .value = PQ_RCVERR },
	{ .name = "PortRcvRemotePhysicalErrors", .value = PQ_ZERO },
	{ .name = "PortRcvSwitchRelayErrors", .value = PQ_ZERO },
	{ .name = "PortXmitDiscards", .value = PQ_ZERO },
	{ .name = "PortXmitConstraintErrors", .value = PQ_ZERO },
	{ .name = "PortRcvConstraintErrors", .value = PQ_ZERO },
};
/* perfquery: libibmad's PortCounters, IB_PC_FIRST_F to IB_PC_LAST_F. */
static const struct sim_ib_pq_field sim_ib_pq_basic[] = {
	{ .name = "CounterSelect2", .value = PQ_ZERO, .hex = 2 },
	{ .name = "LocalLinkIntegrityErrors", .value = PQ_ZERO },
	{ .name = "ExcessiveBufferOverrunErrors", .value = PQ_ZERO },
	{ .name = "VL15Dropped", .value = PQ_ZERO },
	{ .name = "PortXmitData", .value = PQ_DATA, .sat32 = 1 },
	{ .name = "PortRcvData", .value = PQ_RDATA, .sat32 = 1 },
	{ .name = "PortXmitPkts", .value = PQ_PKTS, .sat32 = 1 },
	{ .name = "PortRcvPkts", .value = PQ_RPKTS, .sat32 = 1 },
	{ .name = "PortXmitWait", .value = PQ_WAIT },
};
/* perfquery -x: PortCountersExtended, then the additional counters. */
static const struct sim_ib_pq_field sim_ib_pq_ext[] = {
	{ .name = "PortXmitData", .value = PQ_DATA },
	{ .name = "PortRcvData", .value = PQ_RDATA },
	{ .name = "PortXmitPkts", .value = PQ_PKTS },
	{ .name = "PortRcvPkts", .value = PQ_RPKTS },
	{ .name = "PortUnicastXmitPkts", .value = PQ_UPKTS },
	{ .name = "PortUnicastRcvPkts", .value = PQ_PKTS },
	{ .name = "PortMulticastXmitPkts", .value = PQ_MCAST },
	{ .name = "PortMulticastRcvPkts", .value = PQ_MCAST },
	{ .name = "CounterSelect2", .value = PQ_ZERO, .hex = 8 },
};
static const struct sim_ib_pq_field sim_ib_pq_extra[] = {
	{ .name = "LocalLinkIntegrityErrors", .value = PQ_ZERO },
	{ .name = "ExcessiveBufferOverrunErrors", .value = PQ_ZERO },
	{ .name = "VL15Dropped", .value = PQ_ZERO },
	{ .name = "PortXmitWait", .value = PQ_WAIT },
	{ .name = "QP1Dropped", .value = PQ_ZERO },
};

/* perfquery -E: PortRcvErrorDetails. */
static const struct sim_ib_pq_field sim_ib_pq_rcverr[] = {
	{ .name = "PortLocalPhysicalErrors", .value = PQ_RCVERR },
	{ .name = "PortMalformedPktErrors", .value = PQ_ZERO },
	{ .name = "PortBufferOverrunErrors", .value = PQ_ZERO },
	{ .name = "PortDLIDMappingErrors", .value = PQ_ZERO },
	{ .name = "PortVLMappingErrors", .value = PQ_ZERO },
	{ .name = "PortLoopingErrors", .value = PQ_ZERO },
};

/* Name:value lines, dotted to column 33 as mad_dump_fields prints them. */
static void
sim_ib_pq_lines(struct buf *b, const struct sim_ib_pq_field *f, size_t n,
    const uint64_t *v)
{
	uint64_t	 u;
	size_t		 i;
	int		 k;

	for (i = 0; i < n; i++) {
		u = v[f[i].value];
		if (f[i].sat32 && u > 0xffffffff)
			u = 0xffffffff;
		buf_printf(b, "%s:", f[i].name);
		for (k = (int)strlen(f[i].name) + 1; k < 33; k++)
			buf_putc(b, '.');
		if (f[i].hex)
			buf_printf(b, "0x%0*llx\n", f[i].hex,
			    (unsigned long long)u);
		else
			buf_printf(b, "%llu\n", (unsigned long long)u);
	}
}

enum sim_ib_pq_set { PQS_BASIC, PQS_EXT, PQS_RCVERR };

static void
sim_ib_pq_port(struct sim *s, u_int node, u_int p, enum sim_ib_pq_set ext,
    struct buf *out)
{
	static const struct sim_ib_pq_field head[] = {
		{ .name = "PortSelect", .value = PQ_PORTSELECT },
		{ .name = "CounterSelect", .value = PQ_ZERO, .hex = 4 },
	};
	uint64_t	 c[4], v[PQ_NVALUES], pkts;
	u_int		 lid;
	int		 ph, rate;

	lid = sim_ib_state(s, node, p, &ph, &rate) ? sim_ib_lid(node, p) : 0;
	sim_ib_counters(s, node, p, c);
	pkts = (uint64_t)(s->t > 1.6e9 ? s->t - 1.6e9 : 0) * 1000 +
	    sim_hash(s->seed, node, p, 0x504b54) % 100000;
	memset(v, 0, sizeof v);
	v[PQ_PORTSELECT] = 1;
	v[PQ_SYMERR] = c[0];
	v[PQ_LINKREC] = c[1];
	v[PQ_LINKDOWN] = c[2];
	v[PQ_RCVERR] = c[3];
	v[PQ_DATA] = pkts * 512;
	v[PQ_RDATA] = pkts * 513;
	v[PQ_PKTS] = pkts;
	v[PQ_RPKTS] = pkts + pkts / 7;
	v[PQ_UPKTS] = pkts - pkts / 7;	/* unicast + multicast = total */
	v[PQ_MCAST] = pkts / 7;
	v[PQ_WAIT] = pkts / 1000;
	if (ext == PQS_RCVERR) {
		/* common_func(): no blank line after it. */
		buf_printf(out, "# PortRcvErrorDetails counters: Lid %u port "
		    "1\n", lid);
		sim_ib_pq_lines(out, head, nitems(head), v);
		sim_ib_pq_lines(out, sim_ib_pq_rcverr,
		    nitems(sim_ib_pq_rcverr), v);
		return;
	}
	if (ext)
		buf_printf(out, "# Port extended counters: Lid %u port 1 "
		    "(CapMask: 0x5A00 CapMask2: 0x0000000)\n", lid);
	else
		buf_printf(out, "# Port counters: Lid %u port 1 "
		    "(CapMask: 0x5A00)\n", lid);
	sim_ib_pq_lines(out, head, nitems(head), v);
	if (ext)
		sim_ib_pq_lines(out, sim_ib_pq_ext, nitems(sim_ib_pq_ext), v);
	sim_ib_pq_lines(out, sim_ib_pq_errors, nitems(sim_ib_pq_errors), v);
	if (ext)
		sim_ib_pq_lines(out, sim_ib_pq_extra, nitems(sim_ib_pq_extra),
		    v);
	else
		sim_ib_pq_lines(out, sim_ib_pq_basic, nitems(sim_ib_pq_basic),
		    v);
	buf_putc(out, '\n');
}

/*
 * The port a LID or a GUID names: its node in *node, the port returned;
 * -1 if no port of the fabric has it (a port that is down has no LID).
 */
static int
sim_ib_find(struct sim *s, const char *a, int guid, u_int *node)
{
	uint64_t	 g;
	u_int		 n, p, lid;
	int		 ph, rate;
	char		*end;

	g = strtoull(a, &end, 0);
	if (*a == '\0' || *end != '\0')
		return (-1);
	for (n = 0; n < s->nnodes; n++) {
		for (p = 0; p < SIM_IBPORTS; p++) {
			lid = sim_ib_lid(n, p);
			if (guid ? sim_guid(s, n, p) != g : lid != g)
				continue;
			if (!sim_node_reachable(s, n) ||
			    !sim_ib_state(s, n, p, &ph, &rate))
				return (-1);
			*node = n;
			return (p);
		}
		if (!guid && n * SIM_IBPORTS > 49150)
			break;
	}
	return (-1);
}

/* IBEXIT(): perfquery's words on its standard output, exit status 255. */
static int
sim_ib_pq_exit(struct buf *out, char **cause, const char *what,
    const char *a)
{
	buf_printf(out, "perfquery: iberror: failed: %s%s%s\n", what,
	    a != NULL ? " " : "", a != NULL ? a : "");
	*cause = xstrdup("");
	return (255);
}

/*
 * perfquery [-x|-E] [-l] [-C CA] [-P PORT] [-G] [LID|GUID [PORT]]: the
 * counters of the port a LID or GUID names, anywhere in the fabric, or
 * of the local adapter's (the first without -C).  With the probe's
 * unexpanded "$d", every adapter after a "# CA: NAME" line: what
 * probe.ib-counters' loop prints (the simulated backend runs the loop's
 * perfquery alone).
 */
int
sim_perfquery(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char *const queries[] = { [PQS_BASIC] = "perfquery",
	    [PQS_EXT] = "perfextquery",
	    [PQS_RCVERR] = "cannot query PortRcvErrorDetails" };
	enum sim_ib_pq_set set = PQS_BASIC;
	const char	*ca = "mlx5_0", *srcport = "1", *dest = NULL;
	const char	*port = "1", *a;
	int		 i, guid = 0, want = -1, npos = 0;
	u_int		 p, n = node;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (strcmp(a, "-x") == 0 || strcmp(a, "--extended") == 0)
			set = PQS_EXT;
		else if (strcmp(a, "-E") == 0 || strcmp(a, "--rcverr") == 0)
			set = PQS_RCVERR;
		else if (strcmp(a, "-G") == 0 || strcmp(a, "--Guid") == 0)
			guid = 1;
		else if (strcmp(a, "-l") == 0 ||
		    strcmp(a, "--loop_ports") == 0)
			continue;	/* one port an adapter */
		else if (strcmp(a, "-C") == 0 && i + 1 < argc)
			ca = argv[++i];
		else if (strcmp(a, "-P") == 0 && i + 1 < argc)
			srcport = argv[++i];
		else if (a[0] == '-') {
			xasprintf(cause, "perfquery: the simulator does not "
			    "take %s (no capture of what the real tool "
			    "prints)", a);
			return (1);
		} else if (dest == NULL)
			dest = a;
		else if (npos++ == 0)
			port = a;	/* then the reset mask, not used */
	}
	if (ca[0] != '$') {
		if (strncmp(ca, "mlx5_", 5) != 0 || ca[5] < '0' ||
		    ca[5] >= '0' + SIM_IBPORTS || ca[6] != '\0' ||
		    strcmp(srcport, "1") != 0) {
			xasprintf(cause, "ibwarn: [%ld] mad_rpc_open_port: "
			    "can't open UMAD port (%s:%s)", (long)getpid(), ca,
			    srcport);
			buf_printf(out, "perfquery: iberror: failed: Failed "
			    "to open '%s' port '%s'\n", ca, srcport);
			return (255);
		}
		want = ca[5] - '0';
	}
	sim_update(s);
	if (dest != NULL) {
		if ((want = sim_ib_find(s, dest, guid, &n)) < 0)
			return (sim_ib_pq_exit(out, cause, guid ?
			    "can't resolve destination port" :
			    "classportinfo query", guid ? dest : NULL));
		if (strtol(port, NULL, 0) != 1)
			return (sim_ib_pq_exit(out, cause, queries[set],
			    NULL));
	}
	for (p = 0; p < SIM_IBPORTS; p++) {
		if (want >= 0 && (int)p != want)
			continue;
		if (want < 0)
			buf_printf(out, "# CA: mlx5_%u\n", p);
		sim_ib_pq_port(s, n, p, set, out);
	}
	return (0);
}
