/*
 * myriad - the simulator's dcgmi diag: DCGM 3.3's text table and -j JSON
 * (read back by parse-dcgm.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Tests are identified as in DCGM's per-GPU result array.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim.h"

enum sim_dcgm_test {
	DT_MEMORY, DT_DIAG, DT_PCIE, DT_TS, DT_TP, DT_MEMBW, DT_MEMTEST,
	DT_PULSE, DT_EUD, DT_NTESTS
};
static const char *const sim_dcgm_names[DT_NTESTS] = {
	"GPU Memory", "Diagnostic", "PCIe", "Targeted Stress",
	"Targeted Power", "Memory Bandwidth", "Memtest", "Pulse Test",
	"EUD Test"
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
	u_int			 i, t;

	memset(d, 0, sizeof *d);
	d->level = level;
	sim_node_sample(s, node, &v);
	for (i = 0; i < nitems(sim_dcgm_deploy); i++) {
		d->deploy[i] = DR_PASS;
		d->deploy_gpu[i] = -1;
	}
	for (t = 0; t < DT_NTESTS; t++) {
		for (i = 0; i < SIM_GPUS; i++) {
			if (!sim_dcgm_level_has(level, t))
				d->res[t][i] = DR_NOTRUN;
			else
				d->res[t][i] = t == DT_EUD ? DR_SKIP : DR_PASS;
		}
	}
	for (i = 0; i < SIM_GPUS; i++) {
		if (v.gpu[i].lost) {
			for (t = 0; t < DT_NTESTS; t++) {
				if (d->res[t][i] != DR_NOTRUN)
					d->res[t][i] = DR_SKIP;
			}
			sim_dcgm_fail(d, DT_PCIE, i, 3, "GPU %u Error using "
			    "CUDA API cudaDeviceGetByPCIBusId Check DCGM and "
			    "system logs for errors. Reset GPU. Restart DCGM. "
			    "Rerun diagnostics. Unable to find GPU "
			    "0000:%c%c:00.0 on the PCI bus: GPU is lost", i,
			    toupper((u_char)sim_busids[i][0]),
			    toupper((u_char)sim_busids[i][1]));
			continue;
		}
		if (v.gpu[i].remap_pending) {
			d->deploy[DT_ROWREMAP] = DR_FAIL;
			d->deploy_gpu[DT_ROWREMAP] = i;
			snprintf(d->deploy_err[DT_ROWREMAP],
			    sizeof d->deploy_err[DT_ROWREMAP], "GPU %u has "
			    "pending row remappings. Drain the GPU and reset "
			    "it or reboot the node to resolve this issue.", i);
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

	for (i = 0; i < SIM_GPUS; i++)
		count[d->res[t][i]]++;
	if (count[DR_NOTRUN] == SIM_GPUS)
		return;
	for (k = 0; k < nitems(order); k++) {
		if (count[order[k]] == SIM_GPUS) {
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
		for (i = 0, c = 0; i < SIM_GPUS; i++) {
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
	for (i = 0; i < SIM_GPUS; i++) {
		if (d->warn[t][i][0] != '\0')
			sim_dcgm_verbose(b, "Warning", d->warn[t][i]);
	}
}

static void
sim_dcgm_text(const struct sim_dcgm_diag *d, struct buf *b)
{
	static const char border[] = "+---------------------------+"
	    "------------------------------------------------+\n";
	u_int	 i;
	int	 anygpu = d->level >= 2;

	buf_puts(b, "Successfully ran diagnostic for group.\n");
	buf_puts(b, border);
	buf_puts(b, "| Diagnostic                | Result                   "
	    "                      |\n");
	buf_puts(b, "+===========================+========================="
	    "=======================+\n");
	buf_puts(b, "|-----  Metadata  ----------+-------------------------"
	    "-----------------------|\n");
	sim_dcgm_row(b, "DCGM Version", SIM_DCGM);
	sim_dcgm_row(b, "Driver Version Detected", SIM_DRIVER);
	sim_dcgm_row(b, "GPU Device IDs Detected",
	    "2330,2330,2330,2330,2330,2330,2330,2330");
	buf_puts(b, "|-----  Deployment  --------+-------------------------"
	    "-----------------------|\n");
	for (i = 0; i < nitems(sim_dcgm_deploy); i++) {
		sim_dcgm_row(b, sim_dcgm_deploy[i],
		    d->deploy[i] == DR_PASS ? "Pass" : "Fail");
		if (d->deploy_err[i][0] != '\0')
			sim_dcgm_verbose(b, "Error", d->deploy_err[i]);
	}
	if (anygpu) {
		buf_puts(b, "+-----  Integration  -------+---------------------"
		    "---------------------------+\n");
		sim_dcgm_gpus(b, d, DT_PCIE);
		buf_puts(b, "+-----  Hardware  ----------+---------------------"
		    "---------------------------+\n");
		sim_dcgm_gpus(b, d, DT_MEMORY);
		sim_dcgm_gpus(b, d, DT_DIAG);
		sim_dcgm_gpus(b, d, DT_PULSE);
		buf_puts(b, "+-----  Stress  ------------+---------------------"
		    "---------------------------+\n");
		sim_dcgm_gpus(b, d, DT_TS);
		sim_dcgm_gpus(b, d, DT_TP);
		sim_dcgm_gpus(b, d, DT_MEMBW);
		sim_dcgm_gpus(b, d, DT_MEMTEST);
		sim_dcgm_gpus(b, d, DT_EUD);
	}
	buf_puts(b, border);
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

static void
sim_dcgm_json_test(struct buf *b, const struct sim_dcgm_diag *d, int t,
    int first)
{
	static const char *const what[] = {
		[DR_PASS] = "Pass", [DR_FAIL] = "Fail", [DR_WARN] = "Fail",
		[DR_SKIP] = "Skip"
	};
	char	 id[8];
	u_int	 i;
	int	 firstres = 1;

	sim_dcgm_json_open(b, 5, "name", sim_dcgm_names[t], "results", first);
	for (i = 0; i < SIM_GPUS; i++) {
		if (d->res[t][i] == DR_NOTRUN)
			continue;
		if (!firstres)
			buf_putc(b, ',');
		firstres = 0;
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '{');
		snprintf(id, sizeof id, "%u", i);
		sim_dcgm_json_key(b, 8, "gpu_id", 1);
		sim_dcgm_json_str(b, id);
		sim_dcgm_json_key(b, 8, "status", 0);
		sim_dcgm_json_str(b, what[d->res[t][i]]);
		if (d->warn[t][i][0] != '\0') {
			sim_dcgm_json_key(b, 8, "warnings", 0);
			sim_dcgm_json_warning(b, 8, d->errid[t][i],
			    d->warn[t][i], "warning");
		}
		sim_dcgm_json_nl(b, 7);
		buf_putc(b, '}');
	}
	sim_dcgm_json_close(b, 5);
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
		sim_dcgm_json_test(b, d, list[k], first);
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
	char	 serial[32], key[8];
	u_int	 i;
	int	 first;

	buf_putc(b, '{');
	sim_dcgm_json_key(b, 1, "DCGM GPU Diagnostic", 1);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '{');
	sim_dcgm_json_key(b, 2, "test_categories", 1);
	sim_dcgm_json_nl(b, 2);
	buf_putc(b, '[');

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
	for (i = 0; i < SIM_GPUS; i++)
		buf_puts(b, i == 0 ? "\"2330\"" : ", \"2330\"");
	buf_puts(b, " ]");
	sim_dcgm_json_key(b, 1, "GPU Device Serials", 0);
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '{');
	for (i = 0; i < SIM_GPUS; i++) {
		snprintf(key, sizeof key, "%u", i);
		sim_serial(s, node, i, serial, sizeof serial);
		sim_dcgm_json_key(b, 2, key, i == 0);
		sim_dcgm_json_str(b, serial);
	}
	sim_dcgm_json_nl(b, 1);
	buf_putc(b, '}');
	sim_dcgm_json_key(b, 1, "version", 0);
	sim_dcgm_json_str(b, SIM_DCGM);
	buf_puts(b, "\n}\n");
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
		    strcmp(a, "--group") == 0) && i + 1 < argc)
			i++;
		else {
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
	if (json)
		sim_dcgm_json(s, node, d, out);
	else
		sim_dcgm_text(d, out);
	free(d);
	return (0);
}

