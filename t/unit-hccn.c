/*
 * myriad - unit tests for the hccn_tool parser (parse-hccn.c): what the
 * captures in t/data do not show, the quirks t/data/PROVENANCE.md notes,
 * and damaged output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define HAS(p, b)	(((p)->valid & BIT(b)) != 0)

static int
runf(struct collect *g, const char *str, const char *fmt)
{
	return (collect_run(g, parse_hccn, str, strlen(str), fmt));
}

static int
runs(struct collect *g, const char *str)
{
	return (runf(g, str, NULL));
}

static const struct ibport	empty;

static const struct ibport *
port(const struct collect *g, int i)
{
	if (i < g->nibport)
		return (&g->ibport[i]);
	ok(0, "port %d present (%d ports)", i, g->nibport);
	return (&empty);
}

/* The 910A capture: four queries of -i 0, -fec between them. */
static void
test_910a(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_slurp("t/data/hccn-910A-faultdiag-i0.txt",
	    &len)) == NULL) {
		tap_skip(11, "t/data/hccn-910A-faultdiag-i0.txt");
		return;
	}
	is_int(collect_run(g, parse_hccn, buf, len, NULL), 1,
	    "910A: one device, one record");
	is_int(g->nerr, 1, "910A: one error, for -fec");
	is_int(g->errline[0], 9, "910A: on -fec's command line");
	ok(strstr(g->errmsg, "-fec") != NULL, "910A: it names -fec: '%s'",
	    g->errmsg);
	p = port(g, 0);
	is_str(p->device, "npu0", "910A: npu0");
	/* present : not present, yet the module is read: it is there. */
	ok(HAS(p, IB_RXPOWER), "910A: Rx power read under 'not present'");
	is_dbl(p->rx_power_mw, 0.0054, 0.00001,
	    "910A: the darkest of four lanes, Rx Power1");
	is_dbl(p->rx_low_mw, 0.1445, 0.00001, "910A: RxPower Low Thres");
	is_str(p->health, "Socket failed", "910A: a health of two words");
	is_int(p->state, LINK_UNKNOWN, "910A: no -link, no state");
	ok(!HAS(p, IB_LINKDOWN), "910A: no link down count printed: null");
	free(buf);
}

static void
test_linkstat(struct collect *g)
{
	const struct ibport	*p;
	size_t			 len;
	char			*buf;

	if ((buf = tap_slurp("t/data/hccn-link-stat-8dev-faultdiag.txt",
	    &len)) == NULL) {
		tap_skip(5, "t/data/hccn-link-stat-8dev-faultdiag.txt");
		return;
	}
	collect_run(g, parse_hccn, buf, len, NULL);
	is_int(g->nibport, 8, "8 devices: 8 records");
	is_int(g->nerr, 0, "8 devices: no error");
	/* Its last change was LINK DOWN; only -link says the state. */
	p = port(g, 3);
	is_str(p->device, "npu3", "8 devices: npu3");
	is_int(p->state, LINK_UNKNOWN, "8 devices: a record is no state");
	ok(HAS(p, IB_LINKUP) && p->linkup == 2, "8 devices: link up count");
	free(buf);

	/* The collection's command line without its leading slash. */
	runs(g, "usr/local/Ascend/driver/tools/hccn_tool -i 0 -link_stat -g\n"
	    "[devid 0]current time        : Wed Aug  2 03:09:26 2022\n"
	    "[devid 0]link up count       : 2\n"
	    "[devid 0]link change records :\n"
	    "[devid 0]    Tue Aug  1 14:43:26 2022    LINK UP\n");
	ok(g->nibport == 1 && g->nerr == 0,
	    "a command line without its leading / is one");
	/* hccn_tool of 2025: a link down count, under [devid N]. */
	runs(g, "[devid 0]current time        : Tue Oct 28 21:46:46 2025\n"
	    "[devid 0]link up count       : 2\n"
	    "[devid 0]link down count     : 1\n"
	    "[devid 0]link change records :\n"
	    "[devid 0]    Sun Oct  5 10:13:51 2025    LINK UP\n"
	    "[devid 0]    Sun Oct  5 10:13:50 2025    LINK DOWN\n");
	p = port(g, 0);
	ok(g->nerr == 0 && HAS(p, IB_LINKDOWN) && p->linkdown == 1 &&
	    p->linkup == 2, "link down count read as linkdown");
	/* Without command lines, [devid N] alone says the device. */
	runs(g, "[device 4]link up count       : 3\n"
	    "[device 5]link up count       : 7\n");
	ok(g->nibport == 2 && !strcmp(port(g, 1)->device, "npu5") &&
	    port(g, 1)->linkup == 7, "[device N]: two devices, two records");
	runs(g, "/x/hccn_tool -i 2 -link_stat -g\n"
	    "[devid 3]link up count       : 3\n");
	ok(g->nibport == 0 && g->nerr == 1, "a devid not the command's -i: "
	    "refused");
	runs(g, "[devid 0]link change records :\n"
	    "[devid 0]    Sun Oct  5 10:13:51 2025    LINK SIDEWAYS\n");
	is_int(g->nerr, 1, "a change record of another word: an error");
	runs(g, "[devid x]link up count       : 3\n");
	is_int(g->nerr, 1, "[devid x]: an error");
}

static void
test_link_health(struct collect *g)
{
	const struct ibport	*p;

	/* One device's four queries fill one record. */
	runs(g, "hccn_tool -i 6 -link -g\nlink status: DOWN\n\n"
	    "hccn_tool -i 6 -net_health -g\nnet health status: Fault\n\n"
	    "hccn_tool -i 6 -link_stat -g\n"
	    "[devid 6]link up count       : 40\n"
	    "hccn_tool -i 6 -optical -g\noptical info:\n"
	    "Rx Power             : 1.0189 mW\n"
	    "RxPower Low Thres    : 0.1445 mW\n");
	is_int(g->nibport, 1, "four queries of -i 6: one record");
	p = port(g, 0);
	ok(p->state == LINK_DOWN && p->phys == LINK_DOWN &&
	    !strcmp(p->state_str, "DOWN"), "link status: DOWN");
	is_str(p->health, "Fault", "net health status: Fault");
	ok(p->linkup == 40 && HAS(p, IB_LINKUP), "and its link up count");
	is_dbl(p->rx_power_mw, 1.0189, 0.00001, "Rx Power without a lane");
	is_str(p->link_layer, "Ethernet", "RoCE: Ethernet");
	is_int(p->port, 1, "port 1");

	/* Two devices, one after another: two records in their order. */
	runs(g, "hccn_tool -i 0 -link -g\nlink status: UP\n"
	    "hccn_tool -i 1 -link -g\nlink status: DOWN\n");
	ok(g->nibport == 2 && port(g, 1)->state == LINK_DOWN &&
	    !strcmp(port(g, 1)->device, "npu1"), "-i 0 then -i 1");

	/* A bare output: the device is fmt's, else not known. */
	runf(g, "link status: UP\n", "12");
	ok(g->nibport == 1 && !strcmp(port(g, 0)->device, "npu12") &&
	    g->nerr == 0, "fmt 12: npu12");
	is_int(runs(g, "link status: UP\n"), 0, "no device known: nothing");
	is_int(g->nerr, 1, "and an error that says so");
	runf(g, "link status: UP\n", "x");
	ok(g->nibport == 0 && g->nerr == 2, "fmt x: no device, said");
	runf(g, "link status: UP\n", "99999");
	ok(g->nibport == 0 && g->nerr == 2, "fmt 99999: no device, said");

	runf(g, "link status: Up\n", "0");
	is_int(g->nerr, 1, "a status word not UP or DOWN: an error");
	ok(g->nibport == 1 && port(g, 0)->state == LINK_UNKNOWN,
	    "and the state stays unknown");
	runf(g, "ipaddr:192.161.200.10\nnetmask:255.255.255.0\n", "0");
	ok(g->nerr == 1 && g->nibport == 0, "-ip's output, bare: refused");
	ok(strstr(g->errmsg, "not hccn_tool output") != NULL,
	    "... once, as another tool's: %s", g->errmsg);
	collect_other(g, parse_hccn,
	    "t/data/npu-smi-info-910B3-24.1.rc1.b030.txt",
	    "not hccn_tool output");
	collect_other(g, parse_hccn, "t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt",
	    "not hccn_tool output");
	collect_other(g, parse_hccn,
	    "amd/rocm-smi-concise-MI300X-x4-sriov.txt", "not hccn_tool output");
	runs(g, "hccn_tool -link -g\nlink status: UP\n");
	ok(g->nerr == 1 && g->nibport == 0,
	    "a command line without -i: its output skipped");
	runs(g, "hccn_tool -i 0 -stat -g\npacket statistics:\n"
	    "roce_rx_err_pkt_num:0\n");
	ok(g->nerr == 1 && g->nibport == 0, "-stat: said once, skipped");
	runs(g, "hccn_tool -i 0 -link -s down\nlink status: DOWN\n");
	ok(g->nerr == 1 && g->nibport == 0,
	    "-link -s: a setting, not a reading");
}

static void
test_optical(struct collect *g)
{
	const struct ibport	*p;

	/* An absent module prints NA: no reading, no error. */
	runf(g, "optical info:\npresent              : not present\n"
	    "Tx Power             : NA\nRx Power             : NA\n"
	    "RxPower Low Thres    : NA\n", "0");
	p = port(g, 0);
	ok(g->nerr == 0 && !HAS(p, IB_RXPOWER) && !HAS(p, IB_RXLOW),
	    "NA powers are null");
	/* A DR4 module: lanes 2 and 3 NA, the darkest of the others. */
	runf(g, "optical info:\nRx Power0            : 0.9000 mW\n"
	    "Rx Power1            : 0.8000 mW\nRx Power2            : NA\n"
	    "Rx Power3            : NA\n", "0");
	is_dbl(port(g, 0)->rx_power_mw, 0.8, 0.00001,
	    "NA lanes: the darkest of those read");
	/* The manual's example elides with ...: not a line of -optical. */
	runf(g, "optical info:\npresent              : not present\n...\n"
	    "Rx Power             : 1.0189 mW\n", "0");
	ok(g->nerr == 1 && g->errline[0] == 3 &&
	    HAS(port(g, 0), IB_RXPOWER), "...: an error with its line");
	runf(g, "optical info:\nRx Power0            : -3.1 dBm\n", "0");
	ok(g->nerr == 1 && !HAS(port(g, 0), IB_RXPOWER),
	    "Rx power in dBm: not mW, refused");
	runf(g, "optical info:\nRx Power0            : 0.9000 mW\n"
	    "Rx Power1            : 0,0054 mW\n"
	    "Rx Power2            : 0.7000 mW\n", "0");
	ok(g->nerr == 1 && !HAS(port(g, 0), IB_RXPOWER),
	    "a lane's decimal comma: the darkest unknown, not 0.7");
	runf(g, "optical info:\nRx Power0            : 1e23 mW\n", "0");
	ok(g->nerr == 1 && !HAS(port(g, 0), IB_RXPOWER),
	    "1e23 mW: out of range");
	runf(g, "optical info:\nvendor name          : Hisense\n"
	    "Media SNR Lane0      : 23.1211 dB\n", "0");
	ok(g->nerr == 0 && g->nibport == 0,
	    "keys not read: no error, no record");
}

static void
test_damage(struct collect *g)
{
	static const char	 cut[] = "[devid 0]link up count       : 12";
	static const char	 nul[] = "hccn_tool -i 1 -link -g\n"
	    "link status: UP\nhccn_tool -i 2 -link -g\0\n"
	    "link status: DOWN\n";
	static const char	 lane[] = "hccn_tool -i 1 -optical -g\n"
	    "optical info:\nRx Power0            : 0.9000 mW\n"
	    "Rx Power1            : 0.0\0054 mW\n"
	    "Rx Power2            : 0.7000 mW\n";
	size_t			 i;

	/* 12 cut to 1: never a count of 1. */
	for (i = strlen(cut) - 1; i > 0; i--) {
		collect_run(g, parse_hccn, cut, i, NULL);
		if (g->nibport > 0 && port(g, 0)->linkup != 12)
			break;
	}
	ok(i == 0, "link up count cut anywhere: never a smaller count");
	collect_run(g, parse_hccn, cut, strlen(cut), NULL);
	ok(g->nerr == 1 && g->nibport == 0, "its cut line refused");
	/* A NUL in -i 2's command line: its output is of no device. */
	collect_run(g, parse_hccn, nul, sizeof nul - 1, NULL);
	ok(g->nibport == 1 && port(g, 0)->state == LINK_UP &&
	    g->nerr == 1, "a refused command line: DOWN is not npu1's");
	collect_run(g, parse_hccn, lane, sizeof lane - 1, NULL);
	ok(g->nerr == 1 && !HAS(port(g, 0), IB_RXPOWER),
	    "a refused lane: the darkest unknown");
	runs(g, "[devid 0]link up count       : 99999999999999999999999\n");
	ok(g->nerr == 1 && !HAS(port(g, 0), IB_LINKUP),
	    "a count past 2^64: refused");
	runs(g, "\xef\xbb\xbf[devid 0]link up count       : 2\r\n");
	ok(g->nerr == 0 && port(g, 0)->linkup == 2, "BOM and CRLF: read");
	is_int(runs(g, ""), 0, "nothing: no record");
}

int
main(void)
{
	struct collect	*g = calloc(1, sizeof *g);

	test_910a(g);
	test_linkstat(g);
	test_link_health(g);
	test_optical(g);
	test_damage(g);
	collect_free(g);
	free(g);
	return (tap_done());
}
