/*
 * myriad - unit tests for the ibstat and perfquery parsers (parse-ib.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

/* Parse exactly len bytes of a private copy: nothing follows them. */
static int
run(struct collect *g, const char *buf, size_t len)
{
	return (collect_run(g, parse_ibstat, buf, len, NULL));
}

static int
runs(struct collect *g, const char *str)
{
	return (run(g, str, strlen(str)));
}

static const struct ibport	empty;

static const struct ibport *
find(const struct collect *g, const char *dev)
{
	int	 i;

	for (i = 0; i < g->nibport; i++) {
		if (strcmp(g->ibport[i].device, dev) == 0)
			return (&g->ibport[i]);
	}
	ok(0, "port of %s present", dev);
	return (&empty);
}

#define HAS(p, b)	(((p)->valid & BIT(b)) != 0)

static int
count_state(const struct collect *g, enum link_state st, enum link_state ph)
{
	int	 i, n = 0;

	for (i = 0; i < g->nibport; i++) {
		if (g->ibport[i].state == st && g->ibport[i].phys == ph)
			n++;
	}
	return (n);
}

static void
test_cx6_tabs(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;
	int			 r;

	if ((buf = tap_fixture_skip("infiniband/doc-ibstat-cx6-hdr100-tabs.txt",
	    &len, 14)) == NULL)
		return;
	r = run(g, buf, len);
	is_int(r, 1, "cx6: 1 port returned");
	is_int(g->nibport, 1, "cx6: 1 port sent");
	is_int(g->nerr, 0, "cx6: no errors");
	p = &g->ibport[0];
	is_str(p->device, "mlx5_0", "cx6: device");
	is_int(p->port, 1, "cx6: port 1");
	is_str(p->ca_type, "MT4123", "cx6: CA type");
	is_int(p->state, LINK_UP, "cx6: Active is up");
	is_int(p->phys, LINK_UP, "cx6: LinkUp is up");
	is_str(p->state_str, "Active", "cx6: state as printed");
	is_str(p->phys_str, "LinkUp", "cx6: phys as printed");
	ok(HAS(p, IB_RATE) && HAS(p, IB_LID), "cx6: rate and lid valid");
	is_dbl(p->rate_gbps, 100, 0.001, "cx6: rate 100");
	is_int(p->lid, 762, "cx6: lid 762");
	is_str(p->port_guid, "0xb8599f030022626e", "cx6: port GUID");
	is_str(p->link_layer, "InfiniBand", "cx6: link layer");
	free(buf);
}

static void
test_a100(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-a100-all-"
	    "active.txt", &len, 10)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 9, "a100: 9 ports");
	/* The capture lost its last newline: that line is refused. */
	is_int(g->nerr, 1, "a100: the last line, without newline, refused");
	is_int(count_state(g, LINK_UP, LINK_UP), 9, "a100: all up");
	p = &g->ibport[0];
	is_str(p->device, "mlx5_0", "a100: first device");
	is_str(p->link_layer, "Ethernet", "a100: mlx5_0 Ethernet");
	is_int(p->lid, 0, "a100: mlx5_0 lid 0");
	ok(HAS(p, IB_LID), "a100: lid 0 is valid, not unknown");
	p = find(g, "mlx5_8");
	is_int(p->lid, 1396, "a100: mlx5_8 lid 1396");
	is_dbl(p->rate_gbps, 200, 0.001, "a100: rate 200");
	is_str(p->ca_type, "MT4126", "a100: MT4126");
	free(buf);
}

static void
test_ibpanic(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-a100-ibpanic-"
	    "exit255.txt", &len, 10)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 8, "ibpanic: the 8 ports before the panic are kept");
	is_int(g->nerr, 1, "ibpanic: one error");
	is_int(g->errline[0], 137, "ibpanic: on the last line");
	ok(strstr(g->errmsg, "ibpanic:") != NULL &&
	    strstr(g->errmsg, "mlx5_8") != NULL, "ibpanic: message '%s'",
	    g->errmsg);
	p = &g->ibport[7];
	is_str(p->device, "mlx5_7", "ibpanic: last port mlx5_7");
	is_int(p->lid, 13305, "ibpanic: space-indented lid 13305");
	is_int(p->state, LINK_UP, "ibpanic: up");
	is_str(p->ca_type, "MT4124", "ibpanic: MT4124");
	is_str(p->port_guid, "0x00155dfffd3411f2", "ibpanic: GUID");
	free(buf);
}

static void
test_h100(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-h100-all-active-"
	    "2.txt", &len, 9)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 9, "h100: 9 ports");
	is_int(g->nerr, 0, "h100: no errors");
	p = &g->ibport[0];
	is_dbl(p->rate_gbps, 400, 0.001, "h100: NDR 400");
	is_int(p->lid, 128, "h100: lid 128");
	is_str(p->ca_type, "MT4129", "h100: CX-7");
	p = find(g, "mlx5_bond_0");
	is_str(p->ca_type, "MT41692", "h100: BlueField-3");
	is_dbl(p->rate_gbps, 200, 0.001, "h100: bond 200");
	is_str(p->link_layer, "Ethernet", "h100: bond Ethernet");
	free(buf);
}

static void
test_some_down(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-h100-some-down-"
	    "0.txt", &len, 10)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 12, "some-down: 12 ports");
	/* The capture lost its last newline: that line is refused. */
	is_int(g->nerr, 1, "some-down: the last line, without newline, refused");
	is_int(count_state(g, LINK_DOWN, LINK_DISABLED), 3,
	    "some-down: 3 Down/Disabled");
	is_int(count_state(g, LINK_UP, LINK_UP), 9, "some-down: 9 up");
	p = find(g, "mlx5_2");
	is_int(p->state, LINK_DOWN, "some-down: mlx5_2 down");
	is_int(p->phys, LINK_DISABLED, "some-down: mlx5_2 disabled");
	is_str(p->phys_str, "Disabled", "some-down: phys as printed");
	is_dbl(p->rate_gbps, 40, 0.001, "some-down: down port rate 40");
	is_str(p->ca_type, "MT4125", "some-down: CX-6 Dx");
	free(buf);
}

static void
test_polling(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstat-h100-some-down-"
	    "polling.txt", &len, 8)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 12, "polling: 12 ports");
	/* The capture lost its last newline: that line is refused. */
	is_int(g->nerr, 1, "polling: the last line, without newline, refused");
	p = find(g, "mlx5_11");
	is_int(p->state, LINK_DOWN, "polling: mlx5_11 down");
	is_int(p->phys, LINK_POLLING, "polling: mlx5_11 polling");
	is_str(p->port_guid, "0x0000000000000000", "polling: zero GUID");
	p = find(g, "mlx5_5");
	is_int(p->phys, LINK_DISABLED, "polling: mlx5_5 disabled");
	is_int(count_state(g, LINK_UP, LINK_UP), 10, "polling: 10 up");
	free(buf);
}

static void
test_ibstatus(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/gpud-ibstatus-a100-all-"
	    "active.txt", &len, 14)) == NULL)
		return;
	run(g, buf, len);
	is_int(g->nibport, 9, "ibstatus: 9 ports");
	is_int(g->nerr, 0, "ibstatus: no errors");
	p = &g->ibport[0];
	is_str(p->device, "mlx5_0", "ibstatus: device");
	is_int(p->port, 1, "ibstatus: port 1");
	is_int(p->lid, 0x33bf, "ibstatus: hex lid 0x33bf");
	is_str(p->state_str, "ACTIVE", "ibstatus: state word without 4:");
	is_int(p->state, LINK_UP, "ibstatus: ACTIVE is up");
	is_str(p->phys_str, "LinkUp", "ibstatus: phys word without 5:");
	is_int(p->phys, LINK_UP, "ibstatus: LinkUp");
	is_dbl(p->rate_gbps, 200, 0.001, "ibstatus: 200 Gb/sec");
	is_str(p->link_layer, "InfiniBand", "ibstatus: link_layer");
	p = &g->ibport[8];
	is_str(p->device, "mlx5_8", "ibstatus: last device");
	is_dbl(p->rate_gbps, 40, 0.001, "ibstatus: 40 Gb/sec (4X QDR)");
	is_str(p->link_layer, "Ethernet", "ibstatus: Ethernet");
	ok(HAS(p, IB_LID) && p->lid == 0, "ibstatus: lid 0x0");
	free(buf);
}

/* Other IB tools' output is not ibstat: no ports, no crash. */
static void
test_not_ibstat(struct collect *g)
{
	static const char	*files[] = {
		"infiniband/doc-cn-iblinkinfo-qdr-is5030-36port.txt",
		"infiniband/treydock-perfquery-l-x-switch-edr.txt",
		"infiniband/ydanzig-ibdiagnet-full-output.txt",
		"infiniband/treydock-ibnetdiscover-p-edr.txt",
	};
	size_t			 i, len;
	char			*buf;

	for (i = 0; i < nitems(files); i++) {
		if ((buf = tap_fixture_skip(files[i], &len, 1)) == NULL)
			continue;
		run(g, buf, len);
		is_int(g->nibport, 0, "%s: no ports", files[i]);
		free(buf);
	}
}

static void
test_inline(struct collect *g)
{
	const struct ibport	*p;
	int			 r;

	r = run(g, "", 0);
	ok(r == 0 && g->nibport == 0 && g->nerr == 0, "empty input");
	r = runs(g, "\n \n\t\r\n");
	ok(r == 0 && g->nibport == 0 && g->nerr == 0, "blank lines");

	r = runs(g,
	    "CA 'mlx4_0'\r\n"
	    "  CA type: MT4099\r\n"
	    "  Number of ports: 2\r\n"
	    "  Port 1:\r\n"
	    "    State: Initializing\r\n"
	    "    Physical state: LinkUp\r\n"
	    "    Rate: 56\r\n"
	    "    Base lid: 65535\r\n"
	    "    Link layer: InfiniBand\r\n"
	    "  Port 2:\r\n"
	    "    State: Armed\r\n"
	    "    Physical state: PortConfigurationTraining\r\n"
	    "    Rate: 2.5\r\n"
	    "    Base lid: junk\r\n"
	    "some garbage line\r\n"
	    "    Link layer: Ethernet");
	is_int(r, 2, "crlf: 2 ports");
	is_int(g->nerr, 2, "crlf: 1 garbage line, the cut last line");
	is_int(g->errline[0], 15, "crlf: garbage on line 15");
	is_int(g->errline[1], 16, "crlf: the line without newline: 16");
	p = &g->ibport[0];
	is_str(p->device, "mlx4_0", "crlf: device");
	is_int(p->state, LINK_INIT, "crlf: Initializing is init");
	is_str(p->state_str, "Initializing", "crlf: no \\r in state_str");
	is_int(p->lid, 65535, "crlf: lid 65535");
	is_dbl(p->rate_gbps, 56, 0.001, "crlf: FDR 56");
	p = &g->ibport[1];
	is_int(p->port, 2, "crlf: port 2");
	is_str(p->ca_type, "MT4099", "crlf: CA type carried to port 2");
	is_int(p->state, LINK_INIT, "crlf: Armed is init");
	is_int(p->phys, LINK_INIT, "crlf: training is init");
	is_dbl(p->rate_gbps, 2.5, 0.001, "crlf: SDR 2.5");
	ok(!HAS(p, IB_LID), "crlf: bad lid unset");
	is_str(p->link_layer, "", "crlf: last line without newline refused");

	r = runs(g,
	    "CA ''\n"
	    "Port 1:\n"
	    "State: Bogus\n"
	    "Physical state: Weird\n"
	    "Rate: nan\n"
	    "Base lid: 99999999999999999999\n"
	    "Port 0x:\n"
	    "CA '\n"
	    "Infiniband device 'x' port  status:\n"
	    "Infiniband device 'mlx5_9\n"
	    "CA 'a_very_long_device_name_that_will_not_fit'\n"
	    "Port 3:\n"
	    "Link layer: a link layer name far too long\n");
	is_int(r, 2, "odd: 2 ports");
	p = &g->ibport[0];
	is_int(p->state, LINK_UNKNOWN, "odd: unknown state word");
	is_str(p->state_str, "Bogus", "odd: state as printed");
	is_int(p->phys, LINK_UNKNOWN, "odd: unknown phys word");
	ok(!HAS(p, IB_RATE) && !HAS(p, IB_LID), "odd: nan rate and huge lid "
	    "unset");
	p = &g->ibport[1];
	is_int(strlen(p->device), sizeof p->device - 1, "odd: device cut");
	is_int(strlen(p->link_layer), sizeof p->link_layer - 1,
	    "odd: link layer cut");
	is_int(p->port, 3, "odd: port 3");
}

/* perfquery -x, -l -x: counters, after the probe's "# CA: NAME" lines. */
static int
pq(struct collect *g, const char *str)
{
	return (collect_run(g, parse_perfquery, str, strlen(str), NULL));
}

static void
test_perfquery_fixtures(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("infiniband/treydock-perfquery-l-x-hca-"
	    "edr.txt", &len, 9)) != NULL) {
		is_int(collect_run(g, parse_perfquery, buf, len, NULL), 1,
		    "perfquery hca: 1 port");
		is_int(g->nerr, 0, "perfquery hca: no errors");
		p = &g->ibport[0];
		is_int(p->port, 1, "perfquery hca: port 1");
		is_str(p->device, "", "perfquery hca: no CA line, no device");
		ok((p->valid & IB_COUNTERS) == IB_COUNTERS,
		    "perfquery hca: the four counters read");
		ok(p->symerr == 0 && p->linkrec == 0 && p->linkdown == 0 &&
		    p->rcverr == 0, "perfquery hca: all zero");
		is_int(p->state, LINK_UNKNOWN, "perfquery hca: no state");
		ok(!HAS(p, IB_LID) && !HAS(p, IB_RATE),
		    "perfquery hca: counters only (the Lid is not kept)");
		free(buf);
	}
	if ((buf = tap_fixture_skip("infiniband/treydock-perfquery-l-x-"
	    "switch-edr.txt", &len, 4)) != NULL) {
		is_int(collect_run(g, parse_perfquery, buf, len, NULL), 2,
		    "perfquery switch: 2 ports");
		is_int(g->nerr, 0, "perfquery switch: no errors");
		is_int(g->ibport[0].port, 1, "perfquery switch: port 1");
		is_int(g->ibport[1].port, 2, "perfquery switch: port 2");
		free(buf);
	}
	if ((buf = tap_fixture_skip("infiniband/treydock-perfquery-E-rcverr-"
	    "switch.txt", &len, 2)) != NULL) {
		is_int(collect_run(g, parse_perfquery, buf, len, NULL), 0,
		    "perfquery -E: another counter set, skipped");
		is_int(g->nerr, 1, "perfquery -E: says what it did not read");
		ok(strstr(g->errmsg, "PortRcvErrorDetails counters are not "
		    "read") != NULL, "perfquery -E: %s", g->errmsg);
		free(buf);
	}
}

static void
test_perfquery_inline(struct collect *g)
{
	const struct ibport	*p;
	char			 nul[] = "# CA: mlx5_0\0\n# Port counters: Lid 1"
				     " port 1\nSymbolErrorCounter:...\0..7\n";

	is_int(pq(g, "# CA: mlx5_0\n"
	    "# Port extended counters: Lid 7 port 1 (CapMask: 0x5A00)\n"
	    "PortSelect:......................1\n"
	    "CounterSelect:...................0x0000\n"
	    "SymbolErrorCounter:..............12\n"
	    "LinkErrorRecoveryCounter:........3\n"
	    "LinkDownedCounter:...............2\n"
	    "PortRcvErrors:...................0x10\n"
	    "PortXmitWait:....................99\n"
	    "\n"
	    "# CA: mlx5_1\n"
	    "# Port counters: Lid 8 port 2 (CapMask: 0x5A00)\n"
	    "SymbolErrorCounter:..............5\n"), 2,
	    "inline: 2 ports");
	is_int(g->nerr, 0, "inline: no errors");
	p = &g->ibport[0];
	is_str(p->device, "mlx5_0", "inline: the CA line names the device");
	is_int(p->port, 1, "inline: port 1");
	ok(p->symerr == 12 && p->linkrec == 3 && p->linkdown == 2 &&
	    p->rcverr == 16, "inline: counters, hex too");
	p = &g->ibport[1];
	is_str(p->device, "mlx5_1", "inline: second CA");
	is_int(p->port, 2, "inline: port 2 (perfquery without -x)");
	ok(HAS(p, IB_SYMERR) && !HAS(p, IB_RCVERR),
	    "inline: a counter not printed is not valid");

	is_int(pq(g, ""), 0, "empty: nothing");
	is_int(g->nerr, 0, "empty: no error");
	is_int(pq(g, "# CA: mlx5_0\n"), 0, "a CA line alone: nothing");
	is_int(pq(g, "# CA: mlx5_0\n# Port extended counters: Lid 7 port 1"
	    " (CapMask: 0x5A00)\nPortSelect:......."), 0,
	    "truncated before the counters: nothing");
	is_int(g->nerr, 1, "truncated: the cut line is an error");
	is_int(pq(g, "# Port extended counters: Lid 7 port 1\n"
	    "SymbolErrorCounter:.....4\nLinkDownedCount"), 1,
	    "truncated in a line: what was read is kept");
	is_int(g->nerr, 1, "truncated: the cut line is an error");
	ok(g->ibport[0].symerr == 4 && !HAS(&g->ibport[0], IB_LINKDOWN),
	    "truncated: symerr 4, linkdown unknown");
	is_int(pq(g, "garbage\n\x01\x02\xff\nSymbolErrorCounter:..9\n"), 0,
	    "garbled: nothing, counters outside a port are not a port");
	is_int(g->nerr, 2, "garbled: two errors");
	is_int(pq(g, "# Port extended counters: Lid 7 port 1\n"
	    "SymbolErrorCounter:.....lots\nLinkDownedCounter:....-1\n"
	    "PortRcvErrors:....99999999999999999999999\n"), 0,
	    "bad numbers: nothing");
	is_int(g->nerr, 3, "bad numbers: three errors");
	is_int(pq(g, "ibwarn: [1000] mad_rpc_open_port: can't open UMAD port "
	    "(mlx5_9:1)\nperfquery: iberror: failed: Failed to open 'mlx5_9' "
	    "port '1'\n"), 0, "perfquery failing: nothing");
	is_int(g->nerr, 2, "perfquery failing: both lines reported");
	is_int(pq(g, "# Port extended counters: Lid 7\n"
	    "SymbolErrorCounter:....1\n# Port counters: port x\n"), 0,
	    "no port number: nothing");
	is_int(g->nerr, 2, "no port number: errors");
	is_int(pq(g, "# CA: a_device_name_far_longer_than_the_field\n"
	    "# Port counters: Lid 1 port 1\nPortRcvErrors:.....1\n"), 1,
	    "long CA name: read");
	is_int(strlen(g->ibport[0].device), sizeof g->ibport[0].device - 1,
	    "long CA name: cut");
	is_int(collect_run(g, parse_perfquery, nul, sizeof nul - 1, NULL), 0,
	    "NUL bytes: no crash, nothing read");
	is_int(pq(g, "# Port counters: Lid 1 port 1\n"
	    "SymbolErrorCounter:....1\n"
	    "# PortRcvErrorDetails counters: Lid 1 port 1\n"
	    "SymbolErrorCounter:....7\n"), 1,
	    "another set ends a port; its lines are skipped");
	ok(g->ibport[0].symerr == 1, "... the port keeps its own counter");
}

int
main(void)
{
	struct collect	*g = calloc(1, sizeof *g);

	test_cx6_tabs(g);
	test_a100(g);
	test_ibpanic(g);
	test_h100(g);
	test_some_down(g);
	test_polling(g);
	test_ibstatus(g);
	test_not_ibstat(g);
	test_inline(g);
	test_perfquery_fixtures(g);
	test_perfquery_inline(g);
	collect_free(g);
	free(g);
	return (tap_done());
}
