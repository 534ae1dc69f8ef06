/*
 * myriad - the simulator's dcgmi diag: the text table and -j JSON of DCGM
 * 4.2 (dcgmi/Diag.cpp at v4.2.3), or of DCGM 3.3 (v3.3.9) with
 * sim.dcgm-version 3 (read back by parse-dcgm.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Tests are identified as in DCGM 3's per-GPU result array, with the
 * software test of DCGM 4 after them.
 */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim.h"

enum sim_dcgm_test {
	DT_MEMORY, DT_DIAG, DT_PCIE, DT_TS, DT_TP, DT_MEMBW, DT_MEMTEST,
	DT_PULSE, DT_EUD, DT_SOFTWARE, DT_NTESTS
};
static const char *const sim_dcgm_names[DT_NTESTS] = {
	"GPU Memory", "Diagnostic", "PCIe", "Targeted Stress",
	"Targeted Power", "Memory Bandwidth", "Memtest", "Pulse Test",
	"EUD Test", "software"
};

/*
 * DCGM 4's tests in the order nvvs runs them (NvidiaValidationSuite.cpp:
 * software, then the hardware, integration and performance classes), with
 * their plugins' names and categories.  The EUD is not installed.
 */
static const struct {
	int		 test;
	const char	*name;
	const char	*category;
} sim_dcgm4_tests[] = {
	{ .test = DT_SOFTWARE, .name = "software", .category = "Deployment" },
	{ .test = DT_MEMORY, .name = "memory", .category = "Hardware" },
	{ .test = DT_DIAG, .name = "diagnostic", .category = "Hardware" },
	{ .test = DT_MEMTEST, .name = "memtest", .category = "Stress" },
	{ .test = DT_PULSE, .name = "pulse_test", .category = "Hardware" },
	{ .test = DT_PCIE, .name = "pcie", .category = "Integration" },
	{ .test = DT_MEMBW, .name = "memory_bandwidth", .category = "Stress" },
	{ .test = DT_TS, .name = "targeted_stress", .category = "Stress" },
	{ .test = DT_TP, .name = "targeted_power", .category = "Stress" },
};
/* The order dcgmi prints the categories of its table in. */
static const char *const sim_dcgm4_categories[] = {
	"Deployment", "Hardware", "Integration", "Stress"
};
static const char *const sim_dcgm_deploy[] = {
	"Denylist", "NVML Library", "CUDA Main Library",
	"Permissions and OS Blocks", "Persistence Mode",
	"Environment Variables", "Page Retirement/Row Remap",
	"Graphics Processes", "Inforom"
};
#define DT_ROWREMAP	6

enum { DR_NOTRUN, DR_PASS, DR_SKIP, DR_WARN, DR_FAIL };

struct sim_dcgm_diag {
	int		 level;
	u_int		 ngpus;		/* the node's, up to SIM_GPUS */
	int		 deploy[nitems(sim_dcgm_deploy)];
	char		 deploy_err[nitems(sim_dcgm_deploy)][200];
	int		 deploy_gpu[nitems(sim_dcgm_deploy)];
	int		 res[DT_NTESTS][SIM_GPUS];
	char		 warn[DT_NTESTS][SIM_GPUS][200];
	int		 errid[DT_NTESTS][SIM_GPUS];
};

static int
sim_dcgm_level_has(int level, int t)
{
	switch (t) {
	case DT_SOFTWARE:
		return (1);
	case DT_PCIE:
	case DT_MEMORY:
		return (level >= 2);
	case DT_DIAG:
	case DT_TS:
	case DT_TP:
	case DT_MEMBW:
	case DT_EUD:
		return (level >= 3);
	case DT_MEMTEST:
	case DT_PULSE:
		return (level >= 4);
	}
	return (0);
}

/* Test t failed on a GPU, if the level runs it: the error id and why. */
static void printflike(5, 6)
sim_dcgm_fail(struct sim_dcgm_diag *d, int t, u_int gpu, int errid,
    const char *fmt, ...)
{
	va_list	 ap;

	if (d->res[t][gpu] == DR_NOTRUN)
		return;
	d->res[t][gpu] = DR_FAIL;
	d->errid[t][gpu] = errid;
	va_start(ap, fmt);
	vsnprintf(d->warn[t][gpu], sizeof d->warn[t][gpu], fmt, ap);
	va_end(ap);
}

static void
sim_dcgm_run(struct sim *s, u_int node, int level, struct sim_dcgm_diag *d)
{
	struct sim_nodeval	 v;
	const struct sim_fault	*f;
	u_int			 i, t, dom, bus;

	memset(d, 0, sizeof *d);
	d->level = level;
	d->ngpus = sim_node_gpus(s, node);
	if (d->ngpus > SIM_GPUS)
		d->ngpus = SIM_GPUS;
	sim_node_sample(s, node, &v);
	for (i = 0; i < nitems(sim_dcgm_deploy); i++) {
		d->deploy[i] = DR_PASS;
		d->deploy_gpu[i] = -1;
	}
	for (t = 0; t < DT_NTESTS; t++) {
		for (i = 0; i < d->ngpus; i++) {
			if (!sim_dcgm_level_has(level, t))
				d->res[t][i] = DR_NOTRUN;
			else
				d->res[t][i] = t == DT_EUD ? DR_SKIP : DR_PASS;
		}
	}
	for (i = 0; i < d->ngpus; i++) {
		if (v.gpu[i].lost) {
			sim_nvsmi_bus(s, node, i, &dom, &bus);
			for (t = 0; t < DT_NTESTS; t++) {
				if (d->res[t][i] != DR_NOTRUN)
					d->res[t][i] = DR_SKIP;
			}
			sim_dcgm_fail(d, DT_PCIE, i, 3, "GPU %u Error using "
			    "CUDA API cudaDeviceGetByPCIBusId Check DCGM and "
			    "system logs for errors. Reset GPU. Restart DCGM. "
			    "Rerun diagnostics. Unable to find GPU "
			    "%04X:%02X:00.0 on the PCI bus: GPU is lost", i,
			    dom, bus);
			continue;
		}
		if (v.gpu[i].remap_pending) {
			d->deploy[DT_ROWREMAP] = DR_FAIL;
			d->deploy_gpu[DT_ROWREMAP] = i;
			snprintf(d->deploy_err[DT_ROWREMAP],
			    sizeof d->deploy_err[DT_ROWREMAP], "GPU %u has "
			    "pending row remappings. Drain the GPU and reset "
			    "it or reboot the node to resolve this issue.", i);
			sim_dcgm_fail(d, DT_SOFTWARE, i, 37, "%s",
			    d->deploy_err[DT_ROWREMAP]);
			sim_dcgm_fail(d, DT_MEMORY, i, 51, "Detected %llu "
			    "volatile double-bit ECC error(s) in GPU %u. Drain "
			    "the GPU and reset it or reboot the node.",
			    (unsigned long long)v.gpu[i].dbe, i);
		}
		f = sim_fault_find(s, node, SF_NVLINK, i);
		if (f != NULL)
			sim_dcgm_fail(d, DT_PCIE, i, 55, "GPU %u's NvLink "
			    "link %u is currently down Run a field diagnostic "
			    "on the GPU.", i, f->link);
		if (v.gpu[i].temp >= 88)
			sim_dcgm_fail(d, DT_DIAG, i, 29, "Temperature %d of "
			    "GPU %u exceeded user-specified maximum allowed "
			    "temperature 87", v.gpu[i].temp + 3, i);
	}
}

static void
sim_dcgm_row(struct buf *b, const char *name, const char *info)
{
	buf_printf(b, "| %-25.25s | %-46.46s |\n", name, info);
}

/* DisplayVerboseInfo(): 45 characters a row. */
static void
sim_dcgm_verbose(struct buf *b, const char *name, const char *info)
{
	char	 part[46];
	size_t	 len = strlen(info), pos;

	for (pos = 0; pos < len; pos += 45) {
		strlcpy(part, info + pos, sizeof part);
		sim_dcgm_row(b, pos == 0 ? name : "", part);
	}
}

static void
sim_dcgm_gpus(struct buf *b, const struct sim_dcgm_diag *d, int t)
{
	static const char *const what[] = {
		[DR_PASS] = "Pass", [DR_FAIL] = "Fail", [DR_WARN] = "Warn",
		[DR_SKIP] = "Skip"
	};
	static const int order[] = { DR_PASS, DR_FAIL, DR_WARN, DR_SKIP };
	char	 info[128];
	u_int	 i, k, count[5] = { 0 }, c;
	int	 first = 1, warnings = 0;

	for (i = 0; i < d->ngpus; i++)
		count[d->res[t][i]]++;
	if (count[DR_NOTRUN] == d->ngpus)
		return;
	for (k = 0; k < nitems(order); k++) {
		if (count[order[k]] == d->ngpus) {
			snprintf(info, sizeof info, "%s - All",
			    what[order[k]]);
			sim_dcgm_row(b, sim_dcgm_names[t], info);
			if (order[k] != DR_PASS)
				warnings = 1;
			goto details;
		}
	}
	for (k = 0; k < nitems(order); k++) {
		if (count[order[k]] == 0)
			continue;
		snprintf(info, sizeof info, "%s - GPU%s: ", what[order[k]],
		    count[order[k]] == 1 ? "" : "s");
		for (i = 0, c = 0; i < d->ngpus; i++) {
			if (d->res[t][i] != order[k])
				continue;
			snprintf(info + strlen(info), sizeof info -
			    strlen(info), "%u%s", i,
			    ++c == count[order[k]] ? "   " : ", ");
		}
		sim_dcgm_row(b, first ? sim_dcgm_names[t] : "", info);
		first = 0;
		if (order[k] != DR_PASS)
			warnings = 1;
	}
details:
	if (!warnings)
		return;
	for (i = 0; i < d->ngpus; i++) {
		if (d->warn[t][i][0] != '\0')
			sim_dcgm_verbose(b, "Warning", d->warn[t][i]);
	}
}

static const char sim_dcgm_border[] = "+---------------------------+"
    "------------------------------------------------+\n";

/* The table's head and metadata: DCGM 3 joins the device ids with ",". */
static void
sim_dcgm_text_head(const struct sim_dcgm_diag *d, struct buf *b,
    const char *version, const char *sep)
{
	char	 ids[64];
	size_t	 len = 0;
	u_int	 i;

	for (i = 0; i < d->ngpus; i++)
		len += snprintf(ids + len, sizeof ids - len, "%s2330",
		    i == 0 ? "" : sep);
	buf_puts(b, "Successfully ran diagnostic for group.\n");
	buf_puts(b, sim_dcgm_border);
	buf_puts(b, "| Diagnostic                | Result                   "
	    "                      |\n");
	buf_puts(b, "+===========================+========================="
	    "=======================+\n");
	buf_puts(b, "|-----  Metadata  ----------+-------------------------"
	    "-----------------------|\n");
	sim_dcgm_row(b, "DCGM Version", version);
	sim_dcgm_row(b, "Driver Version Detected", SIM_DRIVER);
	sim_dcgm_row(b, "GPU Device IDs Detected", ids);
}

/* A category's line: "|-----  Deployment  ----...|" or "+-----  ...+". */
static void
sim_dcgm_text_category(struct buf *b, const char *name)
{
	char	 line[28];
	int	 n, end = strcmp(name, "Deployment") == 0 ? '|' : '+';

	n = snprintf(line, sizeof line, "-----  %s  ", name);
	memset(line + n, '-', sizeof line - 1 - n);
	line[sizeof line - 1] = '\0';
	buf_printf(b, "%c%s+------------------------------------------------"
	    "%c\n", end, line, end);
}

static void
sim_dcgm_text(const struct sim_dcgm_diag *d, struct buf *b)
{
	u_int	 i;
	int	 anygpu = d->level >= 2;

	sim_dcgm_text_head(d, b, SIM_DCGM3, ",");
	sim_dcgm_text_category(b, "Deployment");
	for (i = 0; i < nitems(sim_dcgm_deploy); i++) {
		sim_dcgm_row(b, sim_dcgm_deploy[i],
		    d->deploy[i] == DR_PASS ? "Pass" : "Fail");
		if (d->deploy_err[i][0] != '\0')
			sim_dcgm_verbose(b, "Error", d->deploy_err[i]);
	}
	if (anygpu) {
		sim_dcgm_text_category(b, "Integration");
		sim_dcgm_gpus(b, d, DT_PCIE);
		sim_dcgm_text_category(b, "Hardware");
		sim_dcgm_gpus(b, d, DT_MEMORY);
		sim_dcgm_gpus(b, d, DT_DIAG);
		sim_dcgm_gpus(b, d, DT_PULSE);
		sim_dcgm_text_category(b, "Stress");
		sim_dcgm_gpus(b, d, DT_TS);
		sim_dcgm_gpus(b, d, DT_TP);
		sim_dcgm_gpus(b, d, DT_MEMBW);
		sim_dcgm_gpus(b, d, DT_MEMTEST);
		sim_dcgm_gpus(b, d, DT_EUD);
	}
	buf_puts(b, sim_dcgm_border);
}

/* A DCGM 4 test's result over its GPUs: Fail, Skip if all skipped, Pass. */
static int
sim_dcgm4_result(const struct sim_dcgm_diag *d, int t)
{
	u_int	 i, skip = 0;

	for (i = 0; i < d->ngpus; i++) {
		if (d->res[t][i] == DR_FAIL)
			return (DR_FAIL);
		skip += d->res[t][i] == DR_SKIP;
	}
	return (skip == d->ngpus ? DR_SKIP : DR_PASS);
}

static const char *const sim_dcgm_what[] = {
	[DR_PASS] = "Pass", [DR_FAIL] = "Fail", [DR_WARN] = "Fail",
	[DR_SKIP] = "Skip"
};

/*
 * DCGM 4's table (HelperDisplayAsCli): a category's tests in the order
 * they ran, each its result, then a row a GPU with its warnings.
 */
static void
sim_dcgm4_text(const struct sim_dcgm_diag *d, struct buf *b)
{
	char	 name[32], info[32];
	u_int	 c, k, i;
	int	 t, shown;

	sim_dcgm_text_head(d, b, SIM_DCGM4, ", ");
	for (c = 0; c < nitems(sim_dcgm4_categories); c++) {
		shown = 0;
		for (k = 0; k < nitems(sim_dcgm4_tests); k++) {
			t = sim_dcgm4_tests[k].test;
			if (strcmp(sim_dcgm4_tests[k].category,
			    sim_dcgm4_categories[c]) != 0 ||
			    !sim_dcgm_level_has(d->level, t))
				continue;
			if (!shown++)
				sim_dcgm_text_category(b,
				    sim_dcgm4_categories[c]);
			sim_dcgm_row(b, sim_dcgm4_tests[k].name,
			    sim_dcgm_what[sim_dcgm4_result(d, t)]);
			for (i = 0; i < d->ngpus; i++) {
				snprintf(info, sizeof info, "GPU%u: %s", i,
				    sim_dcgm_what[d->res[t][i]]);
				sim_dcgm_row(b, "", info);
				if (d->warn[t][i][0] == '\0')
					continue;
				snprintf(name, sizeof name, "Warning: GPU%u",
				    i);
				sim_dcgm_verbose(b, name, d->warn[t][i]);
			}
		}
	}
	buf_puts(b, sim_dcgm_border);
}

/* jsoncpp's StreamWriterBuilder style: tabs, "key" : value. */
static void
sim_dcgm_json_str(struct buf *b, const char *s)
{
	buf_putc(b, '"');
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			buf_putc(b, '\\');
		buf_putc(b, *s);
	}
	buf_putc(b, '"');
}

static void
sim_dcgm_json_nl(struct buf *b, int depth)
{
	buf_putc(b, '\n');
	while (depth-- > 0)
		buf_putc(b, '\t');
}

static void
sim_dcgm_json_key(struct buf *b, int depth, const char *key, int first)
{
	if (!first)
		buf_putc(b, ',');
	sim_dcgm_json_nl(b, depth);
	sim_dcgm_json_str(b, key);
	buf_puts(b, " : ");
}

/*
 * One warning.  DCGM 3.3 writes the message of a deployment test under
 * "warnings" instead of "warning" (HelperJsonAddBasicTests); so do we.
 */
static void
sim_dcgm_json_warning(struct buf *b, int depth, int id, const char *msg,
    const char *key)
{
	sim_dcgm_json_nl(b, depth);
	buf_putc(b, '[');
	sim_dcgm_json_nl(b, depth + 1);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, depth + 2, "error_category", 1);
	buf_printf(b, "%d", id == 51 ? 5 : id == 29 ? 6 : 4);
	sim_dcgm_json_key(b, depth + 2, "error_id", 0);
	buf_printf(b, "%d", id);
	sim_dcgm_json_key(b, depth + 2, "error_severity", 0);
	buf_printf(b, "%d", 2);
	sim_dcgm_json_key(b, depth + 2, key, 0);
	sim_dcgm_json_str(b, msg);
	sim_dcgm_json_nl(b, depth + 1);
	buf_putc(b, '}');
	sim_dcgm_json_nl(b, depth);
	buf_putc(b, ']');
}

/* The document's start: { "ROOT" : { "test_categories" : [. */
static void
sim_dcgm_json_root(struct buf *b, const char *root)
{
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 1, root, 1);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 2, "test_categories", 1);
	sim_dcgm_json_nl(b, 2);
	buf_putc(b, '[');
}

/*
 * Open { "KEY" : NAME, "LIST" : [ at depth, after a comma unless first: a
 * category ("category", "tests") or a test ("name", "results").
 */
static void
sim_dcgm_json_open(struct buf *b, int depth, const char *key, const char *name,
    const char *list, int first)
{
	if (!first)
		buf_putc(b, ',');
	sim_dcgm_json_nl(b, depth);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, depth + 1, key, 1);
	sim_dcgm_json_str(b, name);
	sim_dcgm_json_key(b, depth + 1, list, 0);
	sim_dcgm_json_nl(b, depth + 1);
	buf_putc(b, '[');
}

/* Close what sim_dcgm_json_open opened: ] }. */
static void
sim_dcgm_json_close(struct buf *b, int depth)
{
	sim_dcgm_json_nl(b, depth + 1);
	buf_putc(b, ']');
	sim_dcgm_json_nl(b, depth);
	buf_putc(b, '}');
}

/*
 * A test at depth 5 and its results, one a GPU that ran it: DCGM 3 names
 * the GPU by a string gpu_id, DCGM 4 by its entity, and gives the test a
 * test_summary.
 */
static void
sim_dcgm_json_test(struct buf *b, const struct sim_dcgm_diag *d, int t,
    const char *name, int first, int dcgm4)
{
	char	 id[8];
	u_int	 i;
	int	 firstres = 1;

	sim_dcgm_json_open(b, 5, "name", name, "results", first);
	for (i = 0; i < d->ngpus; i++) {
		if (d->res[t][i] == DR_NOTRUN)
			continue;
		if (!firstres)
			buf_putc(b, ',');
		firstres = 0;
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '{');
		if (dcgm4) {
			sim_dcgm_json_key(b, 8, "entity_group", 1);
			sim_dcgm_json_str(b, "GPU");
			sim_dcgm_json_key(b, 8, "entity_group_id", 0);
			buf_puts(b, "1");
			sim_dcgm_json_key(b, 8, "entity_id", 0);
			buf_printf(b, "%u", i);
		} else {
			snprintf(id, sizeof id, "%u", i);
			sim_dcgm_json_key(b, 8, "gpu_id", 1);
			sim_dcgm_json_str(b, id);
		}
		sim_dcgm_json_key(b, 8, "status", 0);
		sim_dcgm_json_str(b, sim_dcgm_what[d->res[t][i]]);
		if (d->warn[t][i][0] != '\0') {
			sim_dcgm_json_key(b, 8, "warnings", 0);
			sim_dcgm_json_warning(b, 8, d->errid[t][i],
			    d->warn[t][i], "warning");
		}
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '}');
	}
	if (!dcgm4) {
		sim_dcgm_json_close(b, 5);
		return;
	}
	sim_dcgm_json_nl(b, 6);
	buf_putc(b, ']');
	sim_dcgm_json_key(b, 6, "test_summary", 0);
	sim_dcgm_json_nl(b, 6);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 7, "status", 1);
	sim_dcgm_json_str(b, sim_dcgm_what[sim_dcgm4_result(d, t)]);
	sim_dcgm_json_nl(b, 6);
	buf_putc(b, '}');
	sim_dcgm_json_nl(b, 5);
	buf_putc(b, '}');
}

/* A category of the tests in list[] that the level runs. */
static void
sim_dcgm_json_tests(struct buf *b, const struct sim_dcgm_diag *d,
    const char *name, const int *list, u_int n)
{
	u_int	 k;
	int	 first = 1;

	sim_dcgm_json_open(b, 3, "category", name, "tests", 0);
	for (k = 0; k < n; k++) {
		if (!sim_dcgm_level_has(d->level, list[k]))
			continue;
		sim_dcgm_json_test(b, d, list[k], sim_dcgm_names[list[k]],
		    first, 0);
		first = 0;
	}
	sim_dcgm_json_close(b, 3);
}

static void
sim_dcgm_json(struct sim *s, u_int node, const struct sim_dcgm_diag *d,
    struct buf *b)
{
	static const int pcie[] = { DT_PCIE };
	static const int hw[] = { DT_MEMORY, DT_DIAG, DT_PULSE, DT_EUD };
	static const int st[] = { DT_TS, DT_TP, DT_MEMBW, DT_MEMTEST };
	char	 serial[32], key[16];
	u_int	 i;
	int	 first;

	sim_dcgm_json_root(b, "DCGM GPU Diagnostic");

	sim_dcgm_json_open(b, 3, "category", "Deployment", "tests", 1);
	for (i = 0; i < nitems(sim_dcgm_deploy); i++) {
		sim_dcgm_json_open(b, 5, "name", sim_dcgm_deploy[i], "results",
		    i == 0);
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '{');
		first = 1;
		if (d->deploy_err[i][0] != '\0') {
			sim_dcgm_json_key(b, 8, "gpu_id", 1);
			buf_printf(b, "%d", d->deploy_gpu[i]);
			first = 0;
		}
		sim_dcgm_json_key(b, 8, "status", first);
		sim_dcgm_json_str(b, d->deploy[i] == DR_PASS ? "Pass" : "Fail");
		if (d->deploy_err[i][0] != '\0') {
			sim_dcgm_json_key(b, 8, "warnings", 0);
			sim_dcgm_json_warning(b, 8, 37, d->deploy_err[i],
			    "warnings");
		}
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '}');
		sim_dcgm_json_close(b, 5);
	}
	sim_dcgm_json_close(b, 3);

	if (d->level >= 2) {
		sim_dcgm_json_tests(b, d, "Integration", pcie, nitems(pcie));
		sim_dcgm_json_tests(b, d, "Hardware", hw, nitems(hw));
	}
	if (d->level >= 3)
		sim_dcgm_json_tests(b, d, "Stress", st, nitems(st));
	sim_dcgm_json_close(b, 1);

	sim_dcgm_json_key(b, 1, "Driver Version Detected", 0);
	sim_dcgm_json_str(b, SIM_DRIVER);
	sim_dcgm_json_key(b, 1, "GPU Device IDs", 0);
	buf_puts(b, "[ ");
	for (i = 0; i < d->ngpus; i++)
		buf_puts(b, i == 0 ? "\"2330\"" : ", \"2330\"");
	buf_puts(b, " ]");
	sim_dcgm_json_key(b, 1, "GPU Device Serials", 0);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '{');
	for (i = 0; i < d->ngpus; i++) {
		snprintf(key, sizeof key, "%u", i);
		sim_serial(s, node, i, serial, sizeof serial);
		sim_dcgm_json_key(b, 2, key, i == 0);
		sim_dcgm_json_str(b, serial);
	}
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '}');
	sim_dcgm_json_key(b, 1, "version", 0);
	sim_dcgm_json_str(b, SIM_DCGM3);
	buf_puts(b, "\n}\n");
}

/*
 * DCGM 4's -j (HelperJsonBuildOutput): the categories in the order their
 * first test ran, the GPUs as entities, the versions as metadata; jsoncpp
 * sorts the keys.
 */
static void
sim_dcgm4_json(struct sim *s, u_int node, const struct sim_dcgm_diag *d,
    struct buf *b)
{
	const char	*seen[nitems(sim_dcgm4_categories)];
	char		 serial[32];
	u_int		 i, k, c, nseen = 0;
	int		 first;

	sim_dcgm_json_root(b, "DCGM Diagnostic");
	for (k = 0; k < nitems(sim_dcgm4_tests); k++) {
		if (!sim_dcgm_level_has(d->level, sim_dcgm4_tests[k].test))
			continue;
		for (c = 0; c < nseen; c++) {
			if (strcmp(seen[c], sim_dcgm4_tests[k].category) == 0)
				break;
		}
		if (c < nseen)
			continue;
		seen[nseen++] = sim_dcgm4_tests[k].category;
		sim_dcgm_json_open(b, 3, "category",
		    sim_dcgm4_tests[k].category, "tests", nseen == 1);
		first = 1;
		for (i = k; i < nitems(sim_dcgm4_tests); i++) {
			if (strcmp(sim_dcgm4_tests[i].category,
			    sim_dcgm4_tests[k].category) != 0 ||
			    !sim_dcgm_level_has(d->level,
			    sim_dcgm4_tests[i].test))
				continue;
			sim_dcgm_json_test(b, d, sim_dcgm4_tests[i].test,
			    sim_dcgm4_tests[i].name, first, 1);
			first = 0;
		}
		sim_dcgm_json_close(b, 3);
	}
	sim_dcgm_json_close(b, 1);

	sim_dcgm_json_key(b, 1, "entity_groups", 0);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '[');
	sim_dcgm_json_nl(b, 2);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 3, "entities", 1);
	sim_dcgm_json_nl(b, 3);
	buf_putc(b, '[');
	for (i = 0; i < d->ngpus; i++) {
		if (i != 0)
			buf_putc(b, ',');
		sim_dcgm_json_nl(b, 4);
		buf_putc(b, '{');
		sim_dcgm_json_key(b, 5, "device_id", 1);
		sim_dcgm_json_str(b, "2330");
		sim_dcgm_json_key(b, 5, "entity_id", 0);
		buf_printf(b, "%u", i);
		sim_dcgm_json_key(b, 5, "serial_num", 0);
		sim_serial(s, node, i, serial, sizeof serial);
		sim_dcgm_json_str(b, serial);
		sim_dcgm_json_nl(b, 4);
		buf_putc(b, '}');
	}
	sim_dcgm_json_nl(b, 3);
	buf_putc(b, ']');
	sim_dcgm_json_key(b, 3, "entity_group", 0);
	sim_dcgm_json_str(b, "GPU");
	sim_dcgm_json_key(b, 3, "entity_group_id", 0);
	buf_puts(b, "1");
	sim_dcgm_json_nl(b, 2);
	buf_putc(b, '}');
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, ']');

	sim_dcgm_json_key(b, 1, "metadata", 0);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 2, "Driver Version Detected", 1);
	sim_dcgm_json_str(b, SIM_DRIVER);
	sim_dcgm_json_key(b, 2, "version", 0);
	sim_dcgm_json_str(b, SIM_DCGM4);
	sim_dcgm_json_nl(b, 1);
	buf_puts(b, "}\n}\n");
}

/* sim.dcgm-version: the DCGM whose dcgmi the simulator's is, 3 or 4. */
void
sim_set_dcgm_version(struct sim *s, int version)
{
	s->dcgm3 = version == 3;
}

/* -i naming every GPU of the node, or -g the group of them all (0). */
#define SIM_DCGM_EVERY	"0,1,2,3,4,5,6,7"
static int
sim_dcgm_every(const char *opt, const char *v)
{
	u_int	 seen = 0;
	char	*end;
	long	 n;

	if (strcmp(opt, "-i") != 0)
		return (strcmp(v, "0") == 0 ? 0 : -1);
	for (;;) {
		n = strtol(v, &end, 10);
		if (end == v || n < 0 || n >= SIM_GPUS ||
		    (*end != ',' && *end != '\0'))
			return (-1);
		seen |= 1U << n;
		if (*end == '\0')
			break;
		v = end + 1;
	}
	return (seen == (1U << SIM_GPUS) - 1 ? 0 : -1);
}

/* dcgmi diag's words: the level (1 to 4) and whether -j. */
int
sim_dcgm_args(int argc, char **argv, int *level, int *json, char **cause)
{
	static const char *const levels[] = {
		"", "short", "medium", "long", "xlong"
	};
	const char		*a, *r = NULL;
	char			*end;
	int			 i;

	*level = *json = 0;
	if (argc < 2 || strcmp(argv[1], "diag") != 0) {
		xasprintf(cause, "dcgmi: the simulator runs 'dcgmi diag -r N "
		    "[-j]' only");
		return (-1);
	}
	for (i = 2; i < argc; i++) {
		a = argv[i];
		if ((strcmp(a, "-r") == 0 || strcmp(a, "--run") == 0) &&
		    i + 1 < argc)
			r = argv[++i];
		else if (strncmp(a, "-r", 2) == 0 && a[2] != '\0')
			r = a + 2;
		else if (strncmp(a, "--run=", 6) == 0)
			r = a + 6;
		else if (strcmp(a, "-j") == 0 || strcmp(a, "--json") == 0)
			*json = 1;
		else if (strcmp(a, "--fail-early") == 0 ||
		    strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0)
			;
		else if ((strcmp(a, "-g") == 0 || strcmp(a, "-i") == 0 ||
		    strcmp(a, "--group") == 0) && i + 1 < argc) {
			if (sim_dcgm_every(a, argv[++i]) != 0) {
				xasprintf(cause, "dcgmi: the simulator runs "
				    "diag on every GPU of the node (-i %s or "
				    "-g 0), not %s %s", SIM_DCGM_EVERY, a,
				    argv[i]);
				return (-1);
			}
		} else {
			xasprintf(cause, "PARSE ERROR: Argument: %s\n"
			    "             Couldn't find match for argument", a);
			return (-1);
		}
	}
	if (r != NULL) {
		*level = (int)strtol(r, &end, 10);
		if (*end != '\0' || end == r)
			*level = 0;
		for (i = 1; *level == 0 && i < (int)nitems(levels); i++) {
			if (strcasecmp(r, levels[i]) == 0)
				*level = i;
		}
	}
	if (*level < 1 || *level > 4) {
		xasprintf(cause, "Error: Invalid test specified: '%s'. "
		    "Options are 1, 2, 3, 4, short, medium, long, xlong",
		    r != NULL ? r : "");
		return (-1);
	}
	return (0);
}

int
sim_dcgmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_dcgm_diag	*d;
	int			 json, level;

	if (sim_dcgm_args(argc, argv, &level, &json, cause) != 0)
		return (-1);
	d = xmalloc(sizeof *d);
	sim_dcgm_run(s, node, level, d);
	if (json && s->dcgm3)
		sim_dcgm_json(s, node, d, out);
	else if (json)
		sim_dcgm4_json(s, node, d, out);
	else if (s->dcgm3)
		sim_dcgm_text(d, out);
	else
		sim_dcgm4_text(d, out);
	free(d);
	return (0);
}

