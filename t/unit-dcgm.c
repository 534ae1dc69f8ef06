/*
 * myriad - unit tests for the dcgmi diag parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

static int
run(struct collect *g, const char *buf, size_t len)
{
	return (collect_run(g, parse_dcgm_diag, buf, len, NULL));
}

/* The record for (test, gpu), or NULL. */
static const struct diag *
find(const struct collect *g, const char *test, int gpu)
{
	int	 i;

	for (i = 0; i < g->ndiag; i++) {
		if (strcmp(g->diag[i].test, test) == 0 && g->diag[i].gpu == gpu)
			return (&g->diag[i]);
	}
	return (NULL);
}

static int
result(const struct collect *g, const char *test, int gpu)
{
	const struct diag	*d = find(g, test, gpu);

	return (d == NULL ? -1 : (int)d->result);
}

static const char *
message(const struct collect *g, const char *test, int gpu)
{
	const struct diag	*d = find(g, test, gpu);

	return (d == NULL ? "(no record)" : d->message);
}

static char *
load(const char *rel, size_t *len, int skip, const char *why)
{
	char	*buf;

	if ((buf = tap_fixture(rel, len)) == NULL) {
		printf("# %s: absent\n", rel);
		tap_skip(skip, why);
	}
	return (buf);
}

static char *
data(const char *rel, size_t *len)
{
	char	path[256];
	char	*buf;

	snprintf(path, sizeof path, "t/data/%s", rel);
	if ((buf = tap_slurp(path, len)) == NULL)
		printf("# cannot read %s\n", path);
	return (buf);
}

static void
test_b200(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len, cut;
	int		 i, pass = 0;

	buf = load("dcgmi/b200x8-diag-r2-dcgm441-pcie-fail-v4format.txt",
	    &len, 12, "b200 fixture");
	if (buf == NULL)
		goto out;
	is_int(run(g, buf, len), 27, "b200: 3 tests x (1 + 8 GPUs)");
	is_int(g->nerr, 0, "b200: no errors (paste starts at the border)");
	is_int(result(g, "pcie", -1), DIAG_FAIL, "b200: pcie fails");
	for (i = 0; i < 8; i++)
		pass += result(g, "pcie", i) == DIAG_PASS;
	is_int(pass, 8, "b200: every pcie GPU row passes");
	is_str(find(g, "pcie", -1) ? find(g, "pcie", -1)->category : "",
	    "Integration", "b200: pcie category");
	is_str(message(g, "pcie", -1),
	    "There was an internal error during the test: 'Output of child "
	    "process (11167) couldn't be parsed: '* Line 1, Column 1   Syntax "
	    "error: value, object or array expected. '' Check DCGM and system "
	    "logs for errors. Reset GPU. Restart DCGM. Rerun diagnostics.",
	    "b200: pcie warning joined mid-word ('v'+'alue', 'Resta'+'rt')");
	is_str(message(g, "pcie", 3), "", "b200: GPU 3 has no message");
	is_int(result(g, "memory", 7), DIAG_PASS, "b200: memory GPU 7 pass");
	is_int(result(g, "software", -1), DIAG_PASS, "b200: software pass");

	/* Cut after "+-----  Integration  ---+---+": pcie's Fail is gone. */
	for (i = 0, cut = 0; cut < len && i < 28; cut++)
		i += buf[cut] == '\n';
	collect_free(g);
	memset(g, 0, sizeof *g);
	is_int(run(g, buf, cut), 18, "b200 cut at a section: 2 tests read");
	is_int(g->nerr, 1, "b200 cut at a section: said");
	ok(strstr(g->errmsg, "cut short") != NULL, "b200 cut: %s", g->errmsg);
out:
	free(buf);
	collect_free(g);
	free(g);
}

static void
test_l40s(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;

	buf = load("dcgmi/l40s-x4-diag-dcgm423-pcie-fail-v4format-truncated.txt",
	    &len, 7, "l40s fixture");
	if (buf == NULL)
		goto out;
	is_int(run(g, buf, len), 15, "l40s: 3 tests x (1 + 4 GPUs)");
	is_int(g->nerr, 1, "l40s: truncated table kept, and said so");
	ok(strstr(g->errmsg, "cut short") != NULL, "l40s: %s", g->errmsg);
	is_int(result(g, "pcie", -1), DIAG_FAIL, "l40s: pcie fails");
	is_int(result(g, "pcie", 3), DIAG_PASS,
	    "l40s: GPU 3 passes pcie (last row, no closing border)");
	ok(strstr(message(g, "pcie", -1),
	    "There was an internal error during the test: 'A child process "
	    "(152) exited with non-zero status 1' Check DCGM and system logs "
	    "for errors. Reset GPU. Restart DCGM. Rerun diagnostics.; There "
	    "was an internal error") == message(g, "pcie", -1),
	    "l40s: pcie warnings, 'error'+'s.' and 'diagnostics'+'.' joined");
	is_str(message(g, "pcie", 0), "", "l40s: GPU 0 has no message");
	is_int(result(g, "memory", 2), DIAG_PASS, "l40s: memory GPU 2 pass");
out:
	free(buf);
	collect_free(g);
	free(g);
}

static void
test_h100(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;
	int		 i, fail = 0;

	buf = load("dcgmi/h100x8-diag-r3-fail-early-cuinit-fail-dcgm338.txt",
	    &len, 10, "h100 fixture");
	if (buf == NULL)
		goto out;
	is_int(run(g, buf, len), 45, "h100: 9 deployment + 4 x (1 + 8)");
	is_int(g->nerr, 0, "h100: no errors");
	is_int(result(g, "GPU Memory", -1), DIAG_FAIL, "h100: GPU Memory fails");
	for (i = 0; i < 8; i++)
		fail += result(g, "GPU Memory", i) == DIAG_FAIL;
	is_int(fail, 8, "h100: Fail - All reaches all 8 GPUs");
	is_str(message(g, "GPU Memory", 5),
	    "GPU 5 Error using CUDA API cuInit Check DCGM and system logs for "
	    "errors. Reset GPU. Restart DCGM. Rerun diagnostics. Unable to "
	    "initialize CUDA library: 'system not yet initialized'. . Please "
	    "check if a CUDA sample program can be run successfully on this "
	    "host. Refer to https://github.com/nvidia/cuda-samples",
	    "h100: GPU 5 gets its own warning");
	is_int(result(g, "PCIe", 7), DIAG_SKIP, "h100: PCIe skipped on GPU 7");
	is_int(result(g, "EUD Test", -1), DIAG_SKIP, "h100: EUD skipped");
	is_int(result(g, "Persistence Mode", -1), DIAG_PASS,
	    "h100: Persistence Mode passes");
	ok(strstr(message(g, "Persistence Mode", -1), "Persistence mode for "
	    "GPU 1 is disabled. Enable persistence mode by running "
	    "\"nvidia-smi -i <gpuId> -pm 1 \" as root.") != NULL,
	    "h100: Persistence info joined ('for'+' GPU 1', '-i '+'<gpuId>')");
	ok(find(g, "Persistence Mode", 0) == NULL,
	    "h100: deployment tests have no GPU records");
out:
	free(buf);
	collect_free(g);
	free(g);
}

static void
test_v100(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;

	buf = load("dcgmi/v100-diag-r1-dcgm339.txt", &len, 3, "v100 r1");
	if (buf != NULL) {
		is_int(run(g, buf, len), 9, "v100 r1: 9 deployment tests");
		is_str(g->diag[8].test, "Inforom", "v100 r1: last is Inforom");
		is_str(g->diag[0].category, "Deployment", "v100 r1: category");
		free(buf);
	}

	buf = load("dcgmi/v100-diag-r3-dcgm339.txt", &len, 4, "v100 r3");
	if (buf != NULL) {
		is_int(run(g, buf, len), 23, "v100 r3: 9 + 7 x (1 + 1 GPU)");
		is_int(result(g, "Diagnostic", 0), DIAG_PASS,
		    "v100 r3: 'Diagnostic' test is a test, not the header");
		is_int(result(g, "EUD Test", 0), DIAG_SKIP, "v100 r3: EUD skip");
		is_str(g->diag[21].category, "Stress",
		    "v100 r3: EUD in Stress");
		free(buf);
	}

	buf = load("dcgmi/v100-diag-r3-verbose-dcgm339.txt", &len, 5,
	    "v100 r3 verbose");
	if (buf != NULL) {
		is_int(run(g, buf, len), 23, "v100 verbose: 23 records");
		is_str(message(g, "PCIe", 0),
		    "GPU 0 GPU to Host bandwidth:  13.14 GB/s, GPU 0 Host to GPU "
		    "bandwidth:  12.37 GB/s, GPU 0 bidirectional bandwidth: "
		    "22.42 GB/s, GPU 0 GPU to Host latency:  2.028 us, GPU 0 "
		    "Host to GPU latency:  2.127 us, GPU 0 bidirectional "
		    "latency:  3.865 us",
		    "v100 verbose: 'GP'+'U to Host' joined without a space");
		is_str(message(g, "GPU Memory", -1),
		    "GPU 0 Allocated 16435239282 bytes (97.1%)",
		    "v100 verbose: one-row info");
		ok(strstr(message(g, "Diagnostic", 0), "matricies from "
		    "14943014092 bytes available., GPU 0 Running with "
		    "precisions: FP64 1, FP32 1, FP16 1, GPU 0 GPU 0 calculated "
		    "at approximately 21688.18 gigaflops") != NULL,
		    "v100 verbose: '216'+'88.18' joined");
		is_str(message(g, "Memory Bandwidth", 0), "",
		    "v100 verbose: no info for Memory Bandwidth");
		free(buf);
	}
	collect_free(g);
	free(g);
}

static void
test_a100_wrapped(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;

	buf = load("dcgmi/dcgmi-diag-r2-text-pcie-fail-nvlink-down-wrapped-"
	    "abridged.txt", &len, 6, "a100 wrapped fixture");
	if (buf == NULL)
		goto out;
	is_int(run(g, buf, len), 2, "a100: PCIe test + GPU 0");
	is_int(g->nerr, 1, "a100: '...' after a row: the table is cut");
	is_int(result(g, "PCIe", -1), DIAG_FAIL, "a100: PCIe fails");
	is_int(result(g, "PCIe", 0), DIAG_FAIL, "a100: GPU 0 fails");
	ok(strstr(message(g, "PCIe", 0), "GPU 0's NvLink link 0 is currently "
	    "down Run a field diagnostic on the GPU., GPU 0's NvLink link 1 "
	    "is currently down") == message(g, "PCIe", 0),
	    "a100: 'GPU 0GPU 0' folded, 'fie'+'ld' joined");
	ok(strstr(message(g, "PCIe", -1), "link 4 is currently down Run a "
	    "field diagnostic on the GPU.,") != NULL,
	    "a100: last row without its closing '|' kept");
out:
	free(buf);
	collect_free(g);
	free(g);
}

static void
test_gb10(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;

	buf = load("dcgmi/dcgmi-diag-r1-j-GB10-dcgm4.2.3-software-fail.json",
	    &len, 7, "GB10 JSON fixture");
	if (buf == NULL)
		goto out;
	is_int(run(g, buf, len), 2, "GB10: software test + GPU 0");
	is_int(g->nerr, 0, "GB10: no errors");
	is_int(result(g, "software", -1), DIAG_FAIL, "GB10: software fails");
	is_int(result(g, "software", 0), DIAG_FAIL, "GB10: GPU 0 fails");
	is_str(message(g, "software", 0), "Persistence Mode: Persistence "
	    "mode for GPU 0 is disabled. Enable persistence mode by running "
	    "\"nvidia-smi -i <gpuId> -pm 1 \" as root.",
	    "GB10: GPU 0 warning text");
	ok(strstr(message(g, "software", -1), "; Error getting the SRAM "
	    "Threshold Count for GPU 0.") != NULL,
	    "GB10: test_summary info on the test record");
	is_str(g->diag[0].category, "Deployment", "GB10: category");
out:
	free(buf);
	collect_free(g);
	free(g);
}

static void
test_data(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	char		*buf;
	size_t		 len;

	if ((buf = data("dcgm-diag-3x.json", &len)) != NULL) {
		is_int(run(g, buf, len), 12, "3.x JSON: 12 records");
		is_int(g->nerr, 0, "3.x JSON: no errors");
		is_int(result(g, "PCIe", -1), DIAG_FAIL,
		    "3.x JSON: PCIe worst of its results");
		is_int(result(g, "PCIe", 0), DIAG_PASS, "3.x JSON: GPU 0 pass");
		is_int(result(g, "PCIe", 1), DIAG_FAIL, "3.x JSON: GPU 1 fail");
		is_str(message(g, "PCIe", 1), "GPU 1 GPU 1 is running at PCI "
		    "link width 8X, which is below the minimum allowed link "
		    "width of 16X (parameter 'min_pci_width')",
		    "3.x JSON: GPU 1 warning");
		is_str(message(g, "PCIe", 0), "GPU 0 GPU to Host bandwidth:  "
		    "24.10 GB/s", "3.x JSON: GPU 0 info");
		is_int(result(g, "Persistence Mode", 1), DIAG_FAIL,
		    "3.x JSON: deployment result with gpu_ids");
		ok(strncmp(message(g, "Persistence Mode", -1), "Persistence "
		    "mode for GPU 1", 26) == 0,
		    "3.x JSON: deployment 'warnings' key inside warnings");
		is_int(result(g, "Targeted Power", -1), DIAG_WARN,
		    "3.x JSON: warn beats skip");
		is_int(result(g, "Targeted Power", 1), DIAG_SKIP,
		    "3.x JSON: GPU 1 skip");
		is_int(result(g, "Denylist", -1), DIAG_PASS, "3.x JSON: Denylist");
		free(buf);
	} else
		tap_skip(12, "t/data/dcgm-diag-3x.json");

	if ((buf = data("dcgm-diag-4x.json", &len)) != NULL) {
		is_int(run(g, buf, len), 10, "4.x JSON: 10 records");
		is_int(result(g, "pcie", -1), DIAG_FAIL,
		    "4.x JSON: test_summary Fail");
		ok(result(g, "pcie", 0) == DIAG_PASS &&
		    result(g, "pcie", 1) == DIAG_PASS,
		    "4.x JSON: pcie GPUs pass while the test fails");
		is_str(message(g, "pcie", -1), "There was an internal error "
		    "during the test: 'A child process (152) exited with "
		    "non-zero status 1'", "4.x JSON: pcie summary warning");
		is_int(result(g, "memory", -1), DIAG_FAIL,
		    "4.x JSON: no summary: worst result");
		is_int(result(g, "memory", 1), DIAG_PASS, "4.x JSON: GPU 1 pass");
		is_str(message(g, "memory", 1), "Allocated 79817064448 bytes "
		    "(98.0%)", "4.x JSON: info array");
		is_int(result(g, "cpu_eud", -1), DIAG_FAIL,
		    "4.x JSON: a CPU entity fails the test");
		ok(find(g, "cpu_eud", 0) == NULL,
		    "4.x JSON: no GPU record for a CPU entity");
		free(buf);
	} else
		tap_skip(9, "t/data/dcgm-diag-4x.json");

	if ((buf = data("dcgm-diag-3x-mixed.txt", &len)) != NULL) {
		is_int(run(g, buf, len), 11, "3.x mixed: 11 records");
		is_int(result(g, "PCIe", -1), DIAG_FAIL,
		    "3.x mixed: Pass - GPUs + Fail - GPU is a fail");
		is_int(result(g, "PCIe", 2), DIAG_FAIL, "3.x mixed: GPU 2 fail");
		is_int(result(g, "PCIe", 3), DIAG_PASS, "3.x mixed: GPU 3 pass");
		is_str(message(g, "PCIe", 2), "GPU 2 GPU 2 is running at PCI "
		    "link width 8X, which is below the minimum allowed link "
		    "width of 16X (parameter 'min_pci_width'); GPU 2 GPU to "
		    "Host bandwidth:  11.87 GB/s",
		    "3.x mixed: GPU 2 gets its warning and its piece of info");
		is_str(message(g, "PCIe", 1), "", "3.x mixed: GPU 1 no text");
		is_int(result(g, "GPU Memory", 3), DIAG_PASS,
		    "3.x mixed: Pass - All uses the 4 device ids");
		free(buf);
	} else
		tap_skip(7, "t/data/dcgm-diag-3x-mixed.txt");
	collect_free(g);
	free(g);
}

static void
test_errors(void)
{
	struct collect	*g = calloc(1, sizeof *g);
	const char	*s;
	char		*buf;
	size_t		 len;

	is_int(run(g, "", 0), 0, "empty: no records");
	is_int(g->nerr, 1, "empty: one error");
	is_str(g->errmsg, "not dcgmi diag output", "empty: the message");
	is_int(g->errline[0], 1, "empty: line 1");

	s = "{\n  \"DCGM Diagnostic\" : {\n    \"test_categories\" : [ x ]\n";
	is_int(run(g, s, strlen(s)), 0, "bad JSON: no records");
	is_int(g->nerr, 1, "bad JSON: one error");
	is_int(g->errline[0], 3, "bad JSON: jansson's line number");
	ok(strlen(g->errmsg) > 0, "bad JSON: jansson's text (%s)", g->errmsg);

	s = "{\"DCGM Diagnostic\":{\"runtime_error\":\"Error: Unable to "
	    "complete diagnostic for group 2147483647.\"}}";
	is_int(run(g, s, strlen(s)), 0, "runtime_error: no records");
	is_str(g->errmsg, "dcgmi: Error: Unable to complete diagnostic for "
	    "group 2147483647.", "runtime_error: reported");

	s = "Error: Diagnostic could not be run while DCGM is paused.\n";
	is_int(run(g, s, strlen(s)), 0, "dcgmi error: no records");
	is_str(g->errmsg, "Error: Diagnostic could not be run while DCGM is "
	    "paused.", "dcgmi error: its own line");

	buf = load("dcgmi/dcgmi-discovery-l-B300-7gpu-3.3.9.txt", &len, 2,
	    "discovery fixture");
	if (buf != NULL) {
		is_int(run(g, buf, len), 0, "discovery: no records");
		is_str(g->errmsg, "not dcgmi diag output",
		    "discovery: rejected");
		free(buf);
	}
	buf = load("dcgmi/dcgmi-health-c-j-healthy-despite-xid120.json", &len,
	    2, "health fixture");
	if (buf != NULL) {
		is_int(run(g, buf, len), 0, "health -j: no records");
		is_str(g->errmsg, "not dcgmi diag output",
		    "health -j: rejected");
		free(buf);
	}

	/* Not NUL-terminated: the parser must stop at len. */
	s = "| PCIe                      | Pass - All                   |XXXX";
	buf = malloc(60);
	memcpy(buf, s, 60);
	run(g, buf, 60);
	ok(1, "unterminated buffer read within len");
	free(buf);
	collect_free(g);
	free(g);
}

int
main(void)
{
	test_b200();
	test_l40s();
	test_h100();
	test_v100();
	test_a100_wrapped();
	test_gb10();
	test_data();
	test_errors();
	return (tap_done());
}
