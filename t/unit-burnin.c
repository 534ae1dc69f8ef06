/*
 * myriad - unit tests for burn-in verdicts and the store of runs.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <sys/wait.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "tap.h"

static void
verdict_fixture(const char *rel, int tests, void (*check)(struct burnin *))
{
	struct burnin	 b;
	char		*buf;
	size_t		 len;

	if ((buf = tap_fixture_skip(rel, &len, tests)) == NULL) {
		printf("# %s: absent\n", rel);
		return;
	}
	memset(&b, 0, sizeof b);
	is_int(burnin_verdict(&b, buf, len), 0, "%s: read", rel);
	check(&b);
	free(buf);
}

/* DCGM 4.x: pcie fails while every GPU row says Pass. */
static void
check_b200(struct burnin *b)
{
	is_int(b->state, BURNIN_FAILED, "b200: failed");
	is_str(b->tests, "pcie", "b200: the failing test is pcie");
	is_str(b->gpus, "pass 0-7", "b200: every GPU row passes");
	ok(strncmp(b->message, "pcie: There was an internal error", 33) == 0,
	    "b200: the test's own message (%s)", b->message);
}

/* DCGM 4.x JSON ("DCGM Diagnostic"): software fails on GPU 0. */
static void
check_gb10(struct burnin *b)
{
	is_int(b->state, BURNIN_FAILED, "gb10: failed");
	is_str(b->tests, "software", "gb10: software");
	is_str(b->gpus, "fail 0", "gb10: GPU 0 fails");
	ok(strstr(b->message, "software GPU 0: Persistence Mode") != NULL,
	    "gb10: GPU 0's message (%s)", b->message);
}

/* DCGM 3.x text: fail early, GPU Memory fails on cuInit; PCIe skipped. */
static void
check_h100(struct burnin *b)
{
	is_int(b->state, BURNIN_FAILED, "h100: failed");
	ok(strstr(b->tests, "GPU Memory") != NULL, "h100: GPU Memory failed "
	    "(%s)", b->tests);
	ok(strstr(b->tests, "PCIe") == NULL, "h100: a skipped test is no "
	    "failure");
	ok(strncmp(b->gpus, "fail 0", 6) == 0, "h100: GPU 0 fails (%s)",
	    b->gpus);
	ok(strstr(b->message, "GPU Memory GPU 0: GPU 0 Error using CUDA API "
	    "cuInit") != NULL, "h100: GPU 0's message (%s)", b->message);
}

/* DCGM 3.x text, long run, all pass (EUD skipped). */
static void
check_v100(struct burnin *b)
{
	is_int(b->state, BURNIN_PASSED, "v100: passed");
	is_int(b->result, DIAG_PASS, "v100: result pass");
	is_str(b->tests, "", "v100: no test failed");
	is_str(b->message, "", "v100: nothing to say");
}

/*
 * The simulator's dcgmi diag -r 2 -j (DCGM 4's): the node with a down
 * NVLink fails.
 */
static void
test_sim(void)
{
	struct sim	*s;
	struct burnin	 b;
	struct buf	 out;
	char		*argv[] = { "dcgmi", "diag", "-r", "2", "-j", NULL };
	char		*cause;
	u_int		 i, failed = 0, passed = 0, named = 0;

	s = sim_create(64, 15, 0.02);
	sim_set_time(s, 1800000000);
	buf_init(&out);
	for (i = 0; i < sim_nodes(s); i++) {
		buf_reset(&out);
		if (sim_tool(s, i, 5, argv, &out, &cause) != 0) {
			free(cause);
			continue;
		}
		memset(&b, 0, sizeof b);
		if (burnin_verdict(&b, out.data, out.len) != 0)
			continue;
		if (b.state == BURNIN_PASSED) {
			passed += strcmp(b.gpus, "pass 0-7") == 0;
			continue;
		}
		failed++;
		if (i == 4) {
			is_int(b.state, BURNIN_FAILED, "sim gpu0005: failed");
			is_str(b.tests, "pcie", "sim gpu0005: pcie");
			is_str(b.gpus, "fail 7; pass 0-6", "sim gpu0005: GPU 7");
			ok(strncmp(b.message, "pcie GPU 7: GPU 7", 17) == 0,
			    "sim gpu0005: message (%s)", b.message);
			named = 1;
		}
	}
	ok(named, "sim seed 15: gpu0005 fails");
	ok(passed >= 4, "sim seed 15: %u nodes pass with every GPU", passed);
	ok(failed >= 1 && failed < sim_nodes(s) / 2, "sim seed 15: %u of %u "
	    "fail", failed, sim_nodes(s));
	buf_free(&out);
	sim_free(s);
}

static void
test_garbage(void)
{
	struct burnin	 b;
	const char	*junk = "sh: 1: dcgmi: not found\n";

	memset(&b, 0, sizeof b);
	is_int(burnin_verdict(&b, junk, strlen(junk)), -1, "garbage: -1");
	is_int(b.state, BURNIN_FAILED, "garbage: failed");
	ok(strncmp(b.message, "no diagnostic result", 20) == 0,
	    "garbage: says why (%s)", b.message);
	memset(&b, 0, sizeof b);
	is_int(burnin_verdict(&b, NULL, 0), -1, "nothing: -1");
	is_int(burnin_verdict(&b, "{\"x\":", 5), -1, "cut JSON: -1");
	junk = "{\"DCGM Diagnostic\":{\"runtime_error\":\"no GPUs\"}}";
	is_int(burnin_verdict(&b, junk, strlen(junk)), -1,
	    "a runtime error and no tests: -1");
	ok(strstr(b.message, "no GPUs") != NULL, "runtime error said (%s)",
	    b.message);
}

/*
 * rvs's verdicts (AMD): the guide's iet sample passes every GPU; an
 * action whose GPU missed its target (met: FALSE, as gst_worker.cpp
 * prints it) fails the node with that GPU, the action and its line.
 */
static void
test_rvs(void)
{
	struct burnin	 b;
	size_t		 len;
	char		*buf;
	const char	*fail =
	    "[RESULT] [9.5] [compute-fp8-trig] [GPU:: 36479] GFLOPS 588600 "
	    "Target GFLOPS: 981000 met: FALSE\n"
	    "[RESULT] [9.6] [compute-fp8-trig] [GPU:: 42583] GFLOPS 1059480 "
	    "Target GFLOPS: 981000 met: TRUE\n"
	    "| ROCm Validation Suite (RVS) Summary |\n"
	    "\r| AMD Instinct MI300X - 42583 | AMD Instinct MI300X - 36479 |\n"
	    "\r| 0 - 2 - 0000:0c:00.0 | 1 - 3 - 0000:22:00.0 |\n"
	    "| Action Name | Module | Result |\n"
	    "\r| compute-fp8-trig | GST | \033[31mFAIL \033[0m |\n"
	    "+-------+\n";

	ok(burnin_vendor(VENDOR_AMD)->parse == parse_rvs &&
	    burnin_vendor(VENDOR_NVIDIA)->parse == parse_dcgm_diag &&
	    burnin_vendor(VENDOR_UNKNOWN)->parse == parse_dcgm_diag,
	    "rvs reads AMD's verdicts, dcgmi diag NVIDIA's and the unknown");
	ok(burnin_vendor(VENDOR_HUAWEI)->parse == NULL &&
	    burnin_vendor(VENDOR_HYGON)->parse == NULL &&
	    strstr(burnin_vendor(VENDOR_HUAWEI)->why, "Ascend") != NULL,
	    "no parser for Ascend or Hygon: why said");
	memset(&b, 0, sizeof b);
	b.vendor = VENDOR_AMD;
	if ((buf = tap_slurp("t/data/rvs-iet-mi355x.txt", &len)) == NULL)
		tap_skip(2, "t/data/rvs-iet-mi355x.txt");
	else {
		is_int(burnin_verdict(&b, buf, len), 0, "rvs iet: a verdict");
		ok(b.state == BURNIN_PASSED && strcmp(b.gpus, "pass 0-7") ==
		    0 && b.ngpus == 8, "rvs iet: passed, GPUs 0-7 (%s)",
		    b.gpus);
		free(buf);
	}
	memset(&b, 0, sizeof b);
	b.vendor = VENDOR_AMD;
	is_int(burnin_verdict(&b, fail, strlen(fail)), 0,
	    "rvs FAIL: a verdict");
	is_int(b.state, BURNIN_FAILED, "rvs FAIL: failed");
	is_str(b.gpus, "fail 1; pass 0", "rvs FAIL: GPU 1 failed, 0 passed");
	is_str(b.tests, "compute-fp8-trig", "rvs FAIL: the action");
	ok(strstr(b.message, "GPU 1: GFLOPS 588600 Target GFLOPS: 981000 "
	    "met: FALSE") != NULL, "rvs FAIL: its line (%s)", b.message);
	memset(&b, 0, sizeof b);
	b.vendor = VENDOR_AMD;
	is_int(burnin_verdict(&b, "[RESULT] [1.0] Action name :x\n", 30), -1,
	    "rvs with no summary: no verdict");
}

/* A process that has ended: its pid. */
static int
dead_pid(void)
{
	pid_t	 pid;

	if ((pid = fork()) == 0)
		_exit(0);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return (pid);
}

/*
 * Runs written, read back, newest first; an unfinished one interrupted
 * when its process is gone, running while it lives.
 */
static void
test_store(void)
{
	struct burnrun	 r, *runs;
	struct burnin	 b, *nodes;
	char		 dir[] = "/tmp/myriad-unit-burnin.XXXXXX", *cause, cmd[80];
	FILE		*f;
	u_int		 nruns, nnodes;

	if (mkdtemp(dir) == NULL) {
		tap_skip(18, "mkdtemp");
		return;
	}
	setenv("XDG_STATE_HOME", dir, 1);
	is_int(burnin_store_read(NULL, &runs, &nruns, NULL, NULL, &cause), 0,
	    "no store yet: no runs");
	is_int(nruns, 0, "no store yet: 0 runs");

	memset(&r, 0, sizeof r);
	r.started = 1800000000;
	r.level = 2;
	r.count = 2;
	strlcpy(r.status, "running", sizeof r.status);
	strlcpy(r.nodes, "gpu[0001-0002]", sizeof r.nodes);
	f = burnin_store_create(&r, &cause);
	ok(f != NULL, "a run's file is made");
	if (f == NULL) {
		printf("# %s\n", cause);
		return;
	}
	is_int(r.pid, getpid(), "this process owns the run");
	r.pid = dead_pid();
	burnin_store_write(f, "burnrun", &r);
	memset(&b, 0, sizeof b);
	strlcpy(b.run, r.run, sizeof b.run);
	strlcpy(b.node, "gpu0001", sizeof b.node);
	b.state = BURNIN_FAILED;
	b.result = DIAG_FAIL;
	strlcpy(b.message, "PCIe GPU 7: \"quoted\"\nnewline", sizeof b.message);
	b.elapsed = 6.5;
	burnin_store_write(f, "burnin", &b);
	fclose(f);

	r.started += 60;
	f = burnin_store_create(&r, &cause);
	burnin_store_write(f, "burnrun", &r);
	strlcpy(b.node, "gpu0002", sizeof b.node);
	b.state = BURNIN_PASSED;
	burnin_store_write(f, "burnin", &b);
	strlcpy(r.status, "done", sizeof r.status);
	burnin_store_write(f, "burnrun", &r);
	fclose(f);

	is_int(burnin_store_read(NULL, &runs, &nruns, NULL, NULL, &cause), 0,
	    "the store reads");
	is_int(nruns, 2, "two runs");
	if (nruns == 2) {
		is_str(runs[0].run, r.run, "newest first");
		is_str(runs[0].status, "done", "the last line's status");
		is_int(runs[0].passed, 1, "one passed");
		is_str(runs[1].status, "interrupted", "no last line: "
		    "interrupted");
		is_int(runs[1].failed, 1, "one failed");
		is_int(runs[1].level, 2, "level read back");
	} else
		tap_skip(6, "two runs");
	free(runs);
	is_int(burnin_store_read(b.run, &runs, &nruns, &nodes, &nnodes,
	    &cause), 0, "one run's nodes");
	if (nnodes == 1)
		is_str(nodes[0].message, "PCIe GPU 7: \"quoted\"\nnewline",
		    "a message survives quotes and newlines");
	else
		tap_skip(1, "one node");
	free(runs);
	free(nodes);
	ok(burnin_store_read("../etc", &runs, &nruns, &nodes, &nnodes,
	    &cause) == -1, "no such run");
	free(cause);

	r.started += 60;
	strlcpy(r.status, "running", sizeof r.status);
	f = burnin_store_create(&r, &cause);
	burnin_store_write(f, "burnrun", &r);
	burnin_store_read(NULL, &runs, &nruns, NULL, NULL, &cause);
	is_str(nruns == 3 ? runs[0].status : "", "running", "no last line, "
	    "its process alive: running");
	free(runs);
	r.pid = dead_pid();
	strlcpy(r.host, "another-host.example", sizeof r.host);
	burnin_store_write(f, "burnrun", &r);
	fclose(f);
	burnin_store_read(NULL, &runs, &nruns, NULL, NULL, &cause);
	is_str(nruns == 3 ? runs[0].status : "", "running", "one on another "
	    "host: taken at its word");
	is_str(nruns == 3 ? runs[0].host : "", "another-host.example",
	    "its host read back");
	free(runs);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

int
main(void)
{
	verdict_fixture("dcgmi/b200x8-diag-r2-dcgm441-pcie-fail-v4format.txt",
	    5, check_b200);
	verdict_fixture("dcgmi/dcgmi-diag-r1-j-GB10-dcgm4.2.3-software-fail."
	    "json", 5, check_gb10);
	verdict_fixture("dcgmi/h100x8-diag-r3-fail-early-cuinit-fail-"
	    "dcgm338.txt", 6, check_h100);
	verdict_fixture("dcgmi/v100-diag-r3-dcgm339.txt", 5, check_v100);
	test_sim();
	test_garbage();
	test_rvs();
	test_store();
	return (tap_done());
}
