/*
 * myriad - unit tests for the scale-up fabric's parsers: nvidia-smi -q's
 * Fabric block (parse-nvsmi-q.c) at each driver's key width, the
 * fabric.* fields of --query-gpu (parse-nvsmi.c), nvidia-imex-ctl -N
 * (parse-imex.c); what each refuses.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define HAS(p, b)	(((p)->valid & BIT(b)) != 0)
#define UUID0		"00000000-0000-0000-0000-000000000000"
#define IMEX18		"t/data/imex-ctl-N-570.172-p6e-gb200-18nodes.txt"

static const struct fabric	nofabric;
static const struct imex	noimex;

static int
runs(struct collect *c, parse_fn fn, const char *str)
{
	return (collect_run(c, fn, str, strlen(str), NULL));
}

static const struct fabric *
fab(const struct collect *c, int i)
{
	if (i < c->nfabric)
		return (&c->fabric[i]);
	ok(0, "fabric record %d present (%d records)", i, c->nfabric);
	return (&nofabric);
}

static const struct imex *
node(const struct collect *c, int i)
{
	if (i < c->nimex)
		return (&c->imex[i]);
	ok(0, "imex record %d present (%d records)", i, c->nimex);
	return (&noimex);
}

/* Run parser fn on a fixture; its records, or -1 (skipped n). */
static int
fixture(struct collect *c, parse_fn fn, const char *rel, int n)
{
	char	*buf;
	size_t	 len;
	int	 r;

	if ((buf = tap_fixture_skip(rel, &len, n)) == NULL)
		return (-1);
	r = collect_run(c, fn, buf, len, NULL);
	free(buf);
	return (r);
}

/* The real reports, each driver's key width. */
static void
test_q_captures(struct collect *c)
{
	const struct fabric	*f;

	/* 565, width 42: 8 H100 behind NVSwitches, one node's clique. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-more/"
	    "nvidia-smi-q-H100SXMx8-565.57.01-fabric-completed.txt", 7) >= 0) {
		is_int(c->nfabric, 8, "565 -q: a record a GPU");
		is_int(c->nerr, 0, "565 -q: no error");
		f = fab(c, 0);
		is_str(f->bus_id, "00000000:18:00.0", "565 -q: bus id");
		is_str(f->state, "Completed", "565 -q: State");
		is_str(f->status, "Success", "565 -q: Status");
		ok(HAS(f, FAB_CLIQUE) && f->clique_id == 0, "565 -q: CliqueId");
		is_str(f->cluster_uuid, UUID0, "565 -q: ClusterUUID");
	}
	/* 535: State and Status only, no CliqueId yet. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-q/"
	    "gpud-h100x8-535.183.01-q.txt", 4) >= 0) {
		is_int(c->nfabric, 8, "535 -q: 8 GPUs");
		is_int(c->nerr, 0, "535 -q: no error");
		f = fab(c, 7);
		is_str(f->state, "Completed", "535 -q: State");
		ok(!HAS(f, FAB_CLIQUE) && f->cluster_uuid[0] == '\0',
		    "535 -q: no CliqueId, no ClusterUUID: null");
	}
	/* 590, width 55: Health and its keys, all N/A. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-q/"
	    "h100-80gb-hbm3-590-load-q.txt", 4) >= 0) {
		is_int(c->nfabric, 1, "590 -q: 1 GPU");
		is_int(c->nerr, 0, "590 -q: no error");
		f = fab(c, 0);
		is_str(f->bus_id, "00000000:00:09.0", "590 -q: bus id");
		ok(f->health[0] == '\0' && f->bandwidth[0] == '\0' &&
		    f->incorrect_config[0] == '\0', "590 -q: N/A is null");
	}
	/* 580, width 55: In Progress, and Partition Assigned. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-more/"
	    "nvidia-smi-q-fabric-in-progress-580.159.04-wide.txt", 4) >= 0) {
		is_int(c->nfabric, 1, "580 excerpt: 1 block");
		is_int(c->nerr, 0, "580 excerpt: no error");
		f = fab(c, 0);
		is_str(f->state, "In Progress", "580: State In Progress");
		ok(f->status[0] == '\0' && !HAS(f, FAB_CLIQUE) &&
		    f->partition[0] == '\0', "580: the N/A keys null");
	}
	/* GB200: a real clique and cluster, Health Unhealthy. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-more/"
	    "nvidia-smi-q-grep-fabric-GB200-unhealthy.txt", 6) >= 0) {
		is_int(c->nfabric, 1, "GB200 excerpt: 1 block");
		is_int(c->nerr, 0, "GB200: no error (grep's -- too)");
		f = fab(c, 0);
		ok(HAS(f, FAB_CLIQUE) && f->clique_id == 2, "GB200: clique 2");
		is_str(f->cluster_uuid, "dc6e40c4-d722-4357-9ba6-5291dd461278",
		    "GB200: ClusterUUID");
		is_str(f->health, "Unhealthy", "GB200: Health Summary");
		is_str(f->bandwidth, "Full", "GB200: Health Bandwidth");
	}
	/* Its indent stripped: the depth is read, not assumed. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-more/"
	    "nvidia-smi-q-fabric-insufficient-resources-azure.txt", 3) >= 0) {
		is_int(c->nfabric, 1, "Azure excerpt: 1 block");
		is_int(c->nerr, 0, "Azure: no error");
		is_str(fab(c, 0)->status, "Insufficient Resources",
		    "Azure: Status Insufficient Resources");
	}
	/* -d ECC,ROW_REMAPPER: a GPU, no Fabric block. */
	if (fixture(c, parse_nvsmi_q, "nvidia-smi-more/nvidia-smi-q-d-ECC-"
	    "ROW_REMAPPER-pending-550.90.07-annotated.txt", 3) >= 0) {
		is_int(c->nfabric, 1, "-d ECC: the GPU");
		is_int(c->nerr, 0, "-d ECC: no Fabric block is no error");
		ok(fab(c, 0)->state[0] == '\0', "-d ECC: state null");
	}
}

#define GPU1	"GPU 00000000:18:00.0\n"				\
	"    Product Name                          : NVIDIA H100 80GB HBM3\n"
#define FAB1	"    Fabric\n"						\
	"        State                             : Completed\n"	\
	"        Status                            : Success\n"		\
	"        CliqueId                          : 0\n"		\
	"        ClusterUUID                       : " UUID0 "\n"	\
	"        Health\n"						\
	"            Bandwidth                     : N/A\n"		\
	"    Processes                             : None\n"
#define GPU0	"GPU 00000000:07:00.0\n"				\
	"    Product Name                          : Tesla V100-SXM2-32GB\n"\
	"    Processes                             : None\n"

/* What is read, and what is refused, of lines as the captures print. */
static void
test_q_rules(struct collect *c)
{
	static const char	 nul[] = GPU1 "    Fabric\n"
	    "        State  : Comp\0leted\n";

	/* A GPU before Hopper has no Fabric block: a record of nulls. */
	is_int(runs(c, parse_nvsmi_q, "\n" GPU0 "\n" GPU1 FAB1), 2,
	    "a GPU without Fabric block and one with");
	is_int(c->nerr, 0, "no Fabric block: no error");
	ok(fab(c, 0)->state[0] == '\0' && !HAS(fab(c, 0), FAB_CLIQUE),
	    "no Fabric block: null");
	is_str(fab(c, 1)->state, "Completed", "the next GPU's block");

	runs(c, parse_nvsmi_q, GPU1 "    Fabric\n"
	    "        State                             : Completed\n"
	    "        Health\n"
	    "            Link Flapping                 : No\n");
	is_int(c->nerr, 1, "a Health key not known: an error");
	is_int(c->errline[0], 6, "... on its line");
	is_str(fab(c, 0)->state, "Completed", "... the rest read");

	runs(c, parse_nvsmi_q, GPU1 "    Fabric\n"
	    "        CliqueId                          : 1e23\n");
	ok(c->nerr == 1 && !HAS(fab(c, 0), FAB_CLIQUE),
	    "CliqueId 1e23: an error, null");
	runs(c, parse_nvsmi_q, GPU1 "    Fabric\n"
	    "        CliqueId                          : 4294967296\n");
	ok(c->nerr == 1 && !HAS(fab(c, 0), FAB_CLIQUE),
	    "CliqueId past 2^32: an error, null");
	runs(c, parse_nvsmi_q, GPU1 "    Fabric\n"
	    "        ClusterUUID                       : dc6e40c4-d722\n");
	ok(c->nerr == 1 && fab(c, 0)->cluster_uuid[0] == '\0',
	    "a ClusterUUID cut short: an error, null");

	/* A cut last line: that GPU is not sent, the one before is. */
	is_int(runs(c, parse_nvsmi_q, GPU0 GPU1 "    Fabric\n"
	    "        State                             : Compl"), 1,
	    "cut in a GPU's block: the GPUs before it only");
	is_int(c->nerr, 1, "cut: an error");
	is_str(fab(c, 0)->bus_id, "00000000:07:00.0", "cut: the first GPU");

	is_int(runs(c, parse_nvsmi_q, "\xef\xbb\xbfGPU 00000000:18:00.0\r\n"
	    "    Fabric\r\n        State          : Completed\r\n"), 1,
	    "a byte order mark and CRLF");
	is_str(fab(c, 0)->state, "Completed", "CRLF: the value without \\r");

	is_int(collect_run(c, parse_nvsmi_q, nul, sizeof nul - 1, NULL), 0,
	    "a NUL in its block: the GPU is not sent");
	ok(c->nerr >= 1, "a NUL: an error");

	is_int(runs(c, parse_nvsmi_q, "Product Name : NVIDIA H100\n"), 0,
	    "not -q: nothing");
	is_int(c->nerr, 1, "not -q: one error");
	ok(strstr(c->errmsg, "not nvidia-smi -q") != NULL, "... saying so");
	is_int(runs(c, parse_nvsmi_q, ""), 0, "empty: nothing");
	is_int(c->nerr, 1, "empty: refused");
}

/* --query-gpu's fabric.*, as the 590 and 595 drivers print them. */
static void
test_query(struct collect *c)
{
	const char	*q = "index, fabric.state, fabric.status, "
	    "fabric.cliqueId, fabric.clusterUuid, fabric.health.summary, "
	    "fabric.health.bandwidth\n";
	char		 buf[512];

	snprintf(buf, sizeof buf, "%s0, Completed, Success, 2, "
	    "dc6e40c4-d722-4357-9ba6-5291dd461278, Unhealthy, Full\n"
	    "1, [N/A], [N/A], [N/A], [N/A], [N/A], [N/A]\n", q);
	is_int(runs(c, parse_nvsmi_csv, buf), 2, "fabric.*: 2 GPUs");
	is_int(c->nerr, 0, "fabric.*: no error");
	is_str(c->gpu[0].fabric_state, "Completed", "fabric.state");
	is_str(c->gpu[0].fabric_status, "Success", "fabric.status");
	ok(HAS(&c->gpu[0], GPU_CLIQUE) && c->gpu[0].clique_id == 2,
	    "fabric.cliqueId");
	is_str(c->gpu[0].cluster_uuid, "dc6e40c4-d722-4357-9ba6-5291dd461278",
	    "fabric.clusterUuid");
	is_str(c->gpu[0].fabric_health, "Unhealthy", "fabric.health.summary");
	is_str(c->gpu[0].fabric_bandwidth, "Full", "fabric.health.bandwidth");
	ok(!HAS(&c->gpu[1], GPU_CLIQUE) && c->gpu[1].fabric_state[0] == '\0',
	    "[N/A]: null");
	snprintf(buf, sizeof buf, "%s0, Completed, Success, 99999999999, "
	    UUID0 ", N/A, N/A\n", q);
	runs(c, parse_nvsmi_csv, buf);
	ok(c->nerr == 1 && !HAS(&c->gpu[0], GPU_CLIQUE),
	    "fabric.cliqueId past 2^32: an error, null");

	if (fixture(c, parse_nvsmi_csv, "nvidia-smi-csv/"
	    "h100-80gb-hbm3-590-idle-allfields.csv", 3) >= 0) {
		is_str(c->gpu[0].fabric_state, "Completed",
		    "590 all fields: fabric.state");
		ok(HAS(&c->gpu[0], GPU_CLIQUE) && c->gpu[0].clique_id == 0,
		    "590 all fields: fabric.cliqueId");
		is_str(c->gpu[0].cluster_uuid, UUID0,
		    "590 all fields: fabric.clusterUuid");
	}
	if (fixture(c, parse_nvsmi_csv, "nvidia-smi-csv/"
	    "l40s-595-load-allfields.csv", 1) >= 0)
		ok(!HAS(&c->gpu[0], GPU_CLIQUE) &&
		    c->gpu[0].fabric_state[0] == '\0',
		    "L40S (no NVSwitch): fabric.* null");
}

static void
test_imex(struct collect *c)
{
	const struct imex	*x;
	char			*buf;
	size_t			 len;

	if ((buf = tap_fixture(IMEX18, &len)) == NULL) {
		ok(0, IMEX18);
		return;
	}
	is_int(collect_run(c, parse_imex, buf, len, NULL), 18,
	    "570.172: 18 nodes");
	free(buf);
	is_int(c->nerr, 0, "570.172: no error");
	x = node(c, 17);
	is_int(x->id, 17, "570.172: Node #17");
	is_str(x->address, "172.31.56.47", "570.172: its address");
	is_str(x->state, "READY", "570.172: its state");
	is_str(x->version, "570.172", "570.172: its version");
	ok(HAS(x, IMEX_CONNECTED) && x->connected == 18,
	    "570.172: it sees the 18");
	is_int(strlen(x->links), 18 * 2 - 1, "570.172: its row");
	is_str(x->domain, "UP", "570.172: Domain State");

	if ((buf = tap_fixture("t/data/imex-ctl-N-570.00-gh200-2nodes.txt",
	    &len)) == NULL) {
		ok(0, "t/data/imex-ctl-N-570.00-gh200-2nodes.txt");
		return;
	}
	is_int(collect_run(c, parse_imex, buf, len, NULL), 2,
	    "570.00: 2 nodes");
	free(buf);
	is_int(c->nerr, 0, "570.00: no error");
	is_str(node(c, 1)->address, "10.136.206.48", "570.00: address");
	is_str(node(c, 1)->version, "", "570.00: no Version: null");
	is_str(node(c, 1)->links, "C,C", "570.00: its row");
}

#define NODES	"Nodes:\n"						\
	"Node #0   - 10.136.206.47   - READY\n"				\
	"Node #1   - 10.136.206.48   - READY\n\n"
#define HEADER	" Nodes From\\To  0  1\n"

static void
test_imex_rules(struct collect *c)
{
	is_int(runs(c, parse_imex, NODES HEADER "       0        C  N\n"
	    "       1        C  C\nDomain State: UP\n"), 2, "rows read");
	is_str(node(c, 0)->links, "C,N", "N: never connected");
	is_int(node(c, 0)->connected, 1, "... sees 1");

	is_int(runs(c, parse_imex, NODES HEADER "       0        C  C\n"
	    "       1        C  C\nDomain State: UP\n" NODES HEADER
	    "       0        C  D\n       1        D  C\n"
	    "Domain State: DOWN\n"), 2, "two reports pasted: the first");
	ok(c->nerr == 1 && c->errline[0] == 9 &&
	    strcmp(node(c, 1)->domain, "UP") == 0 &&
	    strcmp(node(c, 1)->links, "C,C") == 0, "... the second refused "
	    "on its Nodes: line");
	ok(strstr(c->errmsg, "a second report") != NULL, "... saying so");
	is_int(runs(c, parse_imex, NODES HEADER "       0        C  C\n"
	    "       1        C  C\n"), 2, "no Domain State: the nodes");
	ok(c->nerr == 1 && c->errline[0] == 7 && node(c, 0)->domain[0] == 0,
	    "... cut: an error on the last line, no domain state");
	ok(strstr(c->errmsg, "no Domain State") != NULL, "... saying so");

	runs(c, parse_imex, NODES HEADER "       0        C\n"
	    "Domain State: UP\n");
	is_int(c->nerr, 1, "a row short of a column: an error");
	is_int(c->errline[0], 6, "... on its line");
	ok(!HAS(node(c, 0), IMEX_CONNECTED) && node(c, 0)->links[0] == '\0',
	    "... its row null");
	runs(c, parse_imex, NODES HEADER "       0        C  X\n"
	    "Domain State: UP\n");
	is_int(c->nerr, 1, "a code not in the legend: an error");
	runs(c, parse_imex, NODES HEADER "       7        C  C\n"
	    "Domain State: UP\n");
	is_int(c->nerr, 1, "a row of a node not listed: an error");
	runs(c, parse_imex, "Nodes:\n"
	    "Node #0   - 10.136.206.47   - READY   - Hostname: n0\n");
	ok(c->nerr == 1 && c->nimex == 0, "a node field not known: refused");
	runs(c, parse_imex, "Nodes:\nNode #0   - 10.136.206.300 - READY\n");
	is_int(c->nerr, 1, "an address 10.136.206.300: refused");
	runs(c, parse_imex, "Nodes:\n"
	    "Node #0   - 10.1.1.1 - READY - Version: 570.1e23\n");
	is_int(c->nerr, 1, "a version 570.1e23: refused");
	is_int(runs(c, parse_imex, NODES "Domain State: U"), 2,
	    "Domain State cut: the nodes");
	ok(c->nerr == 2 && node(c, 0)->domain[0] == '\0',
	    "... the cut line and no Domain State: errors, no domain state");
	is_int(runs(c, parse_imex, "\xef\xbb\xbfNodes:\r\n"
	    "Node #0   - 10.136.206.47   - READY\r\nDomain State: UP\r\n"), 1,
	    "a byte order mark and CRLF");
	is_str(node(c, 0)->domain, "UP", "CRLF: UP");

	is_int(runs(c, parse_imex, "GPU 00000000:18:00.0\nState : UP\n"), 0,
	    "not imex: nothing");
	is_int(c->nerr, 1, "not imex: refused once");
	ok(strstr(c->errmsg, "not nvidia-imex-ctl -N") != NULL,
	    "... saying so");
}

int
main(void)
{
	struct collect	*c = calloc(1, sizeof *c);

	test_q_captures(c);
	test_q_rules(c);
	test_query(c);
	test_imex(c);
	test_imex_rules(c);
	collect_free(c);
	free(c);
	return (tap_done());
}
