/*
 * myriad - unit tests for the NVIDIA parsers: nvidia-smi --query-gpu CSV,
 * nvidia-smi nvlink -s / -e and the kernel's NVRM Xid lines.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

static struct collect c;

/* Run a parser on a copy of the bytes that is not NUL-terminated. */
static int
run(parse_fn fn, const char *buf, size_t len, const char *fmt)
{
	return (collect_run(&c, fn, buf, len, fmt));
}

static int
runs(parse_fn fn, const char *s, const char *fmt)
{
	return (run(fn, s, strlen(s), fmt));
}

/* Run on a fixture; 0 if it is absent (and the caller skips). */
static int
runf(parse_fn fn, const char *rel, const char *fmt)
{
	char	*buf;
	size_t	 len;

	char	 path[256];

	/* "FILE\n": FILE with the newline a capture lost. */
	snprintf(path, sizeof path, "%.*s", (int)strcspn(rel, "\n"), rel);
	if ((buf = tap_fixture(path, &len)) == NULL)
		return (0);
	if (strchr(rel, '\n') != NULL && len > 0 && buf[len - 1] != '\n')
		buf[len++] = '\n';
	run(fn, buf, len, fmt);
	free(buf);
	return (1);
}

#define V(g, f)	(((g)->valid & BIT(f)) != 0)

static void
test_csv_inline(void)
{
	const struct gpu	*g;
	int			 n;

	/* A value in another unit, or a fraction of whole MiB: refused. */
	n = runs(parse_nvsmi_csv,
	    "index, memory.used [MiB], power.draw [W]\n"
	    "0, 78942 GiB, 350.00 W\n"
	    "1, 78942.5 MiB, 350.00 W\n"
	    "2, 78942 MiB, 350 kW\n"
	    "3, 78942 MiB, 350.5 W\n", NULL);
	is_int(c.nerr, 3, "csv other unit: GiB, .5 MiB and kW refused");
	ok(c.errline[0] == 2 && c.errline[1] == 3 && c.errline[2] == 4,
	    "csv other unit: on their lines");
	ok(n == 4 && !(c.gpu[0].valid & BIT(GPU_MEMUSED)) &&
	    !(c.gpu[1].valid & BIT(GPU_MEMUSED)) &&
	    !(c.gpu[2].valid & BIT(GPU_POWER)) &&
	    c.gpu[3].mem_used_mib == 78942 && c.gpu[3].power_w == 350.5f,
	    "csv other unit: never a value");

	/* Header with units, values with units. */
	n = runs(parse_nvsmi_csv,
	    "index, name, utilization.gpu [%], memory.used [MiB], "
	    "power.draw [W], pstate, clocks_event_reasons.active\n"
	    "0, NVIDIA H100 80GB HBM3, 100 %, 78942 MiB, 350.00 W, P2, "
	    "0x0000000000000004\n"
	    "1, NVIDIA H100 80GB HBM3, [N/A], [Not Supported], "
	    "[Unknown Error], [N/A], [N/A]\n", NULL);
	is_int(n, 2, "csv units: 2 records");
	is_int(c.nerr, 0, "csv units: no error");
	g = &c.gpu[0];
	is_int(g->index, 0, "csv units: index");
	is_str(g->model, "NVIDIA H100 80GB HBM3", "csv units: name");
	is_dbl(g->util_pct, 100, 0.01, "csv units: 100 %%");
	is_dbl(g->mem_used_mib, 78942, 0.01, "csv units: 78942 MiB");
	is_dbl(g->power_w, 350, 0.01, "csv units: 350.00 W");
	is_int(g->pstate, 2, "csv units: P2");
	is_int(g->throttle, 4, "csv units: throttle mask");
	ok(V(g, GPU_UTIL) && V(g, GPU_MEMUSED) && V(g, GPU_POWER) &&
	    V(g, GPU_PSTATE) && V(g, GPU_THROTTLE), "csv units: valid bits");
	ok(!V(g, GPU_TEMP) && !V(g, GPU_FAN), "csv units: absent unknown");
	g = &c.gpu[1];
	is_int(g->index, 1, "csv sentinels: index");
	ok(!V(g, GPU_UTIL) && !V(g, GPU_MEMUSED) && !V(g, GPU_POWER) &&
	    !V(g, GPU_PSTATE) && !V(g, GPU_THROTTLE),
	    "csv sentinels: all unknown");
	is_str(g->error, "Unknown Error", "csv sentinels: [Unknown Error]");

	/* No header, default query, nounits. */
	n = runs(parse_nvsmi_csv,
	    "3, GPU-1234, NVIDIA A100-SXM4-80GB, 00000000:4E:00.0, 87, 40, "
	    "60000, 81920, 61, 70, 321.50, 400.00, 1410, [N/A], P0, 5, 1, "
	    "2, 1, 3, 0, Yes, No, 0x0000000000000040\n", NULL);
	is_int(n, 1, "csv default: 1 record");
	g = &c.gpu[0];
	is_int(g->index, 3, "csv default: index");
	is_str(g->uuid, "GPU-1234", "csv default: uuid");
	is_str(g->bus_id, "00000000:4E:00.0", "csv default: bus id");
	is_dbl(g->memutil_pct, 40, 0.01, "csv default: mem util");
	is_dbl(g->mem_total_mib, 81920, 0.01, "csv default: mem total");
	is_dbl(g->memtemp_c, 70, 0.01, "csv default: mem temp");
	is_dbl(g->power_limit_w, 400, 0.01, "csv default: power limit");
	is_dbl(g->sm_clock_mhz, 1410, 0.01, "csv default: sm clock");
	ok(!V(g, GPU_FAN), "csv default: fan [N/A]");
	is_int(g->ecc_sbe, 5, "csv default: sbe");
	is_int(g->ecc_dbe, 1, "csv default: dbe");
	is_int(g->retired_pages, 3, "csv default: retired sbe+dbe");
	is_int(g->remap_corr, 3, "csv default: remapped correctable");
	is_int(g->remap_pending, 1, "csv default: remap pending Yes");
	ok(V(g, GPU_REMAP_FAILED) && g->remap_failed == 0,
	    "csv default: remap failure No");
	is_int(g->throttle, 0x40, "csv default: throttle");

	/* No header, a query of our own; a garbage row in the middle. */
	n = runs(parse_nvsmi_csv,
	    "55, 2\n"
	    "garbage\n"
	    "1, 2, 3\n"
	    "\n"
	    "60, 4\r\n", "temperature.gpu,index");
	is_int(n, 2, "csv fmt: 2 records");
	is_int(c.nerr, 2, "csv fmt: 2 errors");
	is_int(c.errline[0], 2, "csv fmt: error on line 2");
	is_int(c.errline[1], 3, "csv fmt: error on line 3");
	is_dbl(c.gpu[1].temp_c, 60, 0.01, "csv fmt: temperature");
	is_int(c.gpu[1].index, 4, "csv fmt: index after CRLF");

	/* Empty input and blank lines. */
	n = runs(parse_nvsmi_csv, "", NULL);
	is_int(n + c.nerr, 0, "csv empty: nothing");
	n = runs(parse_nvsmi_csv, "\n\n  \n", NULL);
	is_int(n + c.nerr, 0, "csv blank lines: nothing");

	/* Whole-line device errors, with and without the space. */
	n = runs(parse_nvsmi_csv,
	    "Unable to determine the device handle for GPU0000:0B:00.0: "
	    "Unknown Error\n"
	    "0, 41\n"
	    "Unable to determine the device handle for GPU 0000:05:00.0: "
	    "GPU is lost.  Reboot the system to recover this GPU\n",
	    "index,temperature.gpu");
	is_int(n, 3, "csv devhandle: 3 records");
	is_str(c.gpu[0].bus_id, "0000:0B:00.0", "csv devhandle: GPU0000");
	is_str(c.gpu[0].error, "Unknown Error", "csv devhandle: error");
	ok(!V(&c.gpu[0], GPU_INDEX), "csv devhandle: index unknown");
	is_str(c.gpu[2].bus_id, "0000:05:00.0", "csv devhandle: GPU 0000");
	is_str(c.gpu[2].error, "GPU is lost", "csv devhandle: lost");

	/* Alternative power columns fill only what is unknown. */
	n = runs(parse_nvsmi_csv,
	    "power.draw.instant [W], power.draw [W], power.limit [W], "
	    "enforced.power.limit [W], clocks.current.sm [MHz]\n"
	    "39.25 W, [N/A], [N/A], 250.00 W, 300 MHz\n"
	    "39.25 W, 41.00 W, 260.00 W, 250.00 W, 300 MHz\n", NULL);
	is_int(n, 2, "csv power: 2 records");
	is_dbl(c.gpu[0].power_w, 39.25, 0.01, "csv power: instant fills");
	is_dbl(c.gpu[0].power_limit_w, 250, 0.01, "csv power: enforced");
	is_dbl(c.gpu[1].power_w, 41, 0.01, "csv power: draw wins");
	is_dbl(c.gpu[1].power_limit_w, 260, 0.01, "csv power: limit wins");
	is_dbl(c.gpu[1].sm_clock_mhz, 300, 0.01, "csv power: clock");

	/* Prefixes: Ansible on the header, pdsh on every row. */
	n = runs(parse_nvsmi_csv,
	    "h1 | CHANGED | rc=0 | (stdout) index, temperature.gpu\n"
	    "0, 50\n", NULL);
	is_int(n, 1, "csv ansible: 1 record");
	is_dbl(c.gpu[0].temp_c, 50, 0.01, "csv ansible: header found");
	n = runs(parse_nvsmi_csv, "gpu0001: 7, 51\ngpu0002: 2, 52\n",
	    "index,temperature.gpu");
	is_int(n, 2, "csv pdsh: 2 records");
	is_int(c.gpu[0].index, 7, "csv pdsh: index after prefix");

	/* Loop mode: rows repeat, and so may the header. */
	n = runs(parse_nvsmi_csv,
	    "index, utilization.gpu [%]\n0, 1 %\n1, 2 %\n"
	    "index, utilization.gpu [%]\n0, 3 %\n1, 4 %\n", NULL);
	is_int(n, 4, "csv loop: 4 records");
	is_dbl(c.gpu[3].util_pct, 4, 0.01, "csv loop: last row");

	/* Tool failures are errors, not records. */
	n = runs(parse_nvsmi_csv, "No devices were found\n", NULL);
	is_int(n, 0, "csv no devices: no record");
	is_int(c.nerr, 1, "csv no devices: an error");

	/* The query of compute apps has no GPU fields. */
	n = runs(parse_nvsmi_csv, "pid, used_gpu_memory [MiB]\n1, 2 MiB\n",
	    NULL);
	is_int(n, 0, "csv compute-apps: no record");
	is_int(c.nerr, 2, "csv compute-apps: each line an error");
}

static void
test_csv_fixtures(void)
{
	const struct gpu	*g;

	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/h100-80gb-hbm3-590-load-allfields.csv", NULL))
		tap_skip(12, "no fixtures");
	else {
		is_int(c.ngpu, 1, "h100 load: 1 record");
		is_int(c.nerr, 0, "h100 load: no error");
		g = &c.gpu[0];
		is_str(g->model, "NVIDIA H100 80GB HBM3", "h100 load: name");
		is_str(g->bus_id, "00000000:00:09.0", "h100 load: bus id");
		is_dbl(g->util_pct, 100, 0.01, "h100 load: util");
		is_dbl(g->mem_used_mib, 19818, 0.01, "h100 load: mem used");
		is_dbl(g->temp_c, 59, 0.01, "h100 load: temp");
		is_dbl(g->power_w, 631.95, 0.01, "h100 load: power.draw");
		is_dbl(g->power_limit_w, 700, 0.01, "h100 load: limit");
		is_dbl(g->sm_clock_mhz, 1980, 0.01, "h100 load: sm clock");
		ok(!V(g, GPU_FAN) && !V(g, GPU_RETIRED),
		    "h100 load: fan and retired [N/A]");
		ok(V(g, GPU_REMAP_PENDING) && g->remap_pending == 0,
		    "h100 load: remap pending No");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/h200-mig-590-idle-allfields.csv", NULL))
		tap_skip(3, "no fixtures");
	else {
		is_int(c.ngpu, 1, "h200 mig: 1 record");
		ok(!V(&c.gpu[0], GPU_UTIL), "h200 mig: util [N/A]");
		is_dbl(c.gpu[0].mem_total_mib, 143771, 0.01,
		    "h200 mig: mem total");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/l40s-595-load-allfields.csv", NULL))
		tap_skip(3, "no fixtures");
	else {
		is_int(c.ngpu, 1, "l40s: 1 record");
		ok(!V(&c.gpu[0], GPU_MEMTEMP), "l40s: temperature.memory N/A");
		is_dbl(c.gpu[0].sm_clock_mhz, 2520, 0.01, "l40s: sm clock");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/win-rtx2080s-610.62-idle-allfields.csv", NULL))
		tap_skip(4, "no fixtures");
	else {
		is_int(c.ngpu, 1, "rtx2080s: 1 record");
		is_dbl(c.gpu[0].fan_pct, 38, 0.01, "rtx2080s: fan");
		is_int(c.gpu[0].pstate, 8, "rtx2080s: P8");
		ok(!V(&c.gpu[0], GPU_ECC_SBE), "rtx2080s: no ECC");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/h100x8-ansible-wrapped-util-mem.csv", NULL))
		tap_skip(4, "no fixtures");
	else {
		is_int(c.ngpu, 8, "ansible: 8 records");
		is_int(c.nerr, 0, "ansible: no error");
		is_dbl(c.gpu[0].mem_used_mib, 78942, 0.01, "ansible: mem");
		is_dbl(c.gpu[5].util_pct, 98, 0.01, "ansible: util gpu 5");
	}
	if (!runf(parse_nvsmi_csv, "nvidia-smi-csv/netdata-tesla-p100.csv",
	    NULL))
		tap_skip(5, "no fixtures");
	else {
		/* The capture lost its last newline: its row is refused. */
		ok(c.ngpu == 0 && c.nerr == 1 && c.errline[0] == 2,
		    "p100: a last row without newline is refused, line 2");
		runf(parse_nvsmi_csv, "nvidia-smi-csv/netdata-tesla-p100.csv\n",
		    NULL);
		is_int(c.ngpu, 1, "p100 nounits: 1 record");
		is_dbl(c.gpu[0].power_w, 28.16, 0.01, "p100 nounits: power");
		ok(!V(&c.gpu[0], GPU_FAN), "p100 nounits: fan [N/A]");
	}
	if (!runf(parse_nvsmi_csv, "nvidia-smi-csv/unknown-error-loop-noheader.csv",
	    "utilization.gpu,utilization.encoder,utilization.decoder"))
		tap_skip(3, "no fixtures");
	else {
		is_int(c.ngpu, 3, "loop unknown error: 3 records");
		ok(V(&c.gpu[0], GPU_UTIL), "loop unknown error: first ok");
		ok(!V(&c.gpu[2], GPU_UTIL), "loop unknown error: then unknown");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-csv/gpu-is-lost-device-handle.txt", NULL))
		tap_skip(3, "no fixtures");
	else {
		is_int(c.ngpu, 1, "gpu is lost: 1 record");
		is_str(c.gpu[0].bus_id, "0000:05:00.0", "gpu is lost: bus id");
		is_str(c.gpu[0].error, "GPU is lost", "gpu is lost: error");
	}
	if (!runf(parse_nvsmi_csv,
	    "nvidia-smi-more/nvidia-smi-query-gpu-recovery-action-csv-annotated.txt",
	    "index,gpu_recovery_action"))
		tap_skip(2, "no fixtures");
	else {
		is_int(c.ngpu, 7, "recovery: 7 records");
		is_int(c.nerr, 1, "recovery: annotated row is an error");
	}
}

static void
test_csv_speed(void)
{
	static const char	 row[] = "%d, GPU-6a3c0d55-1e36-4b54-8f5e-"
	    "0c2a7f3bb7%02d, NVIDIA H100 80GB HBM3, 00000000:%02X:00.0, "
	    "%d, %d, %d, 81559, %d, %d, %d.%02d, 700.00, 1980, [N/A], P0, 0, "
	    "0, [N/A], [N/A], 0, 0, No, No, 0x0000000000000000\n";
	struct sink		 s = { 0 };
	struct buf		 b;
	struct timespec		 t0, t1;
	double			 secs;
	int			 i, n;

	buf_init(&b);
	for (i = 0; b.len < 50 * 1024 * 1024; i++) {
		buf_printf(&b, row, i % 8, i % 100, 0x18 + i % 8, i % 101,
		    i % 37, 1000 + i % 80000, 30 + i % 50, 40 + i % 40,
		    i % 700, i % 100);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	n = parse_nvsmi_csv(b.data, b.len, NULL, &s);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	is_int(n, i, "csv speed: every row read");
	printf("# nvsmi csv: %.0f MB/s (%zu bytes, %d rows, %.3f s)\n",
	    b.len / 1e6 / secs, b.len, n, secs);
	buf_free(&b);
}

static void
test_nvlink(void)
{
	struct {
		const char	*file;
		int		 records, errors;
		float		 speed;
	} st[] = {
		{ "nvidia-smi-nvlink/a100-sxm4-80gb-x4-nvlink-s-tabs.txt",
		  48, 0, 25 },
		{ "nvidia-smi-nvlink/gpud-a10-nvlink-status.txt", 0, 0, 0 },
		{ "nvidia-smi-nvlink/gpud-a100x8-nvlink-status.txt\n", 96, 0, 25 },
		{ "nvidia-smi-nvlink/h100-mig-nvlink-s.txt", 0, 0, 0 },
		{ "nvidia-smi-nvlink/h100-nvlink-s.txt", 18, 0, 26.562 },
		{ "nvidia-smi-nvlink/l40s-no-nvlink-s.txt", 0, 0, 0 },
		{ "nvidia-smi-more/nvidia-smi-nvlink-B200-all-links-inactive-redacted.txt",
		  0, 1, 0 },
		{ "nvidia-smi-more/nvidia-smi-nvlink-s-GB200-abridged.txt",
		  20, 0, 53.125 },
		{ "nvidia-smi-more/nvidia-smi-nvlink-status-A100-12links-gpud.txt\n",
		  96, 0, 25 },
		{ "nvidia-smi-more/nvidia-smi-nvlink-status-B300-7gpu-18links.txt",
		  126, 0, 53.125 },
		{ "nvidia-smi-more/nvidia-smi-nvlink-status-H100-18links-partial-2of8.txt",
		  36, 0, 26.562 },
	};
	const struct nvlink	*l;
	size_t			 i;
	int			 n;

	for (i = 0; i < nitems(st); i++) {
		if (!runf(parse_nvlink_status, st[i].file, NULL)) {
			tap_skip(3, "no fixtures");
			continue;
		}
		is_int(c.nnvlink, st[i].records, "%s: records", st[i].file);
		is_int(c.nerr, st[i].errors, "%s: errors", st[i].file);
		if (c.nnvlink > 0) {
			l = &c.nvlink[c.nnvlink - 1];
			ok(l->state == LINK_UP && (l->valid & BIT(NVL_SPEED)) &&
			    l->speed_gbs > st[i].speed - 0.01 &&
			    l->speed_gbs < st[i].speed + 0.01,
			    "%s: last link up at %g GB/s", st[i].file,
			    st[i].speed);
		} else
			ok(1, "%s: no links", st[i].file);
	}
	if (runf(parse_nvlink_status,
	    "nvidia-smi-more/nvidia-smi-nvlink-status-B300-7gpu-18links.txt",
	    NULL)) {
		is_int(c.nvlink[125].gpu, 6, "b300: last gpu 6");
		is_int(c.nvlink[125].link, 17, "b300: last link 17");
	} else
		tap_skip(2, "no fixtures");

	n = runs(parse_nvlink_status,
	    "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-x)\n"
	    "\t Link 0: 26.562 GB/s\n"
	    "\t Link 1: <inactive>\n"
	    "\t Link 2: what\n"
	    "GPU 4: NVIDIA H100 80GB HBM3 (UUID: GPU-y)\n"
	    "\t Link 5: 26.562 GB/s\n", NULL);
	is_int(n, 3, "nvlink -s inline: 3 records");
	is_int(c.nerr, 1, "nvlink -s inline: bad state is an error");
	is_int(c.nvlink[1].state, LINK_DOWN, "nvlink -s inline: inactive down");
	ok(!(c.nvlink[1].valid & BIT(NVL_SPEED)), "nvlink -s inline: no speed");
	is_int(c.nvlink[2].gpu, 4, "nvlink -s inline: gpu 4");
	is_int(c.nvlink[2].link, 5, "nvlink -s inline: link 5");
	n = runs(parse_nvlink_errors, "GPU 0: x (UUID: GPU-x)\n"
	    "\t Link 0: CRC Errors: 65", NULL);
	ok(n == 0 && c.nerr == 1 && c.errline[0] == 2,
	    "nvlink -e: a last line without newline is refused, never 65 of "
	    "65535 CRC errors");
	n = runs(parse_nvlink_status, "", NULL);
	is_int(n + c.nerr, 0, "nvlink -s empty: nothing");
	n = runs(parse_nvlink_status,
	    "GPU 4: NVIDIA H100 80GB HBM3 (UUID: GPU-y)\n"
	    "\t Link 5: 26.562 GB/s\n"
	    "Unable to determine the device handle for GPU0000:AB:00.0: GPU "
	    "is lost.  Reboot the system to recover this GPU\n"
	    "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-z)\n"
	    "\t Link 0: 26.562 GB/s\n", NULL);
	ok(n == 2 && c.nerr == 1 && c.errline[0] == 3 &&
	    c.nvlink[1].gpu == 6, "nvlink -s: a lost GPU's links are not "
	    "known (said on its line); the others are read");

	/* nvlink -e */
	if (!runf(parse_nvlink_errors,
	    "nvidia-smi-nvlink/mleng-h100-nvlink-e-elided.txt", NULL))
		tap_skip(4, "no fixtures");
	else {
		is_int(c.nnvlink, 3, "nvlink -e elided: 3 links");
		is_int(c.nerr, 0, "nvlink -e elided: [...] no error");
		is_int(c.nvlink[2].link, 17, "nvlink -e elided: link 17");
		ok(c.nvlink[2].valid == (BIT(NVL_REPLAY) | BIT(NVL_RECOVERY) |
		    BIT(NVL_CRC)) && c.nvlink[2].state == LINK_UNKNOWN,
		    "nvlink -e elided: three counters, state unknown");
	}
	if (!runf(parse_nvlink_errors,
	    "nvidia-smi-more/nvidia-smi-nvlink-e-V100-nonzero-crc65535-condensed.txt",
	    NULL))
		tap_skip(6, "no fixtures");
	else {
		is_int(c.nnvlink, 12, "nvlink -e v100: 12 links");
		is_int(c.nerr, 0, "nvlink -e v100: no error");
		is_int(c.nvlink[3].replay, 2353,
		    "nvlink -e v100: gpu 0 link 3");
		ok(!(c.nvlink[3].valid & BIT(NVL_CRC)),
		    "nvlink -e v100: link 3 crc not printed");
		is_int(c.nvlink[6].gpu, 2, "nvlink -e v100: gpu 2");
		is_int(c.nvlink[6].crc, 65535, "nvlink -e v100: crc 65535");
	}
	n = runs(parse_nvlink_errors,
	    "GPU 1: NVIDIA A100 (UUID: GPU-z)\n"
	    "\t Link 2: Data CRC Errors: 3\n"
	    "\t Link 2: Flit CRC Errors: 4\n"
	    "\t Link 0: Replay Errors: 9\n"
	    "\t Link 0: Recovery Errors: N/A\n"
	    "\t Link 0: Malformed Packet Errors: 1\n", NULL);
	is_int(n, 2, "nvlink -e inline: 2 links");
	is_int(c.nvlink[0].link, 0, "nvlink -e inline: in link order");
	is_int(c.nvlink[0].replay, 9, "nvlink -e inline: replay");
	ok(!(c.nvlink[0].valid & BIT(NVL_RECOVERY)), "nvlink -e inline: N/A");
	is_int(c.nvlink[1].crc, 7, "nvlink -e inline: data + flit crc");
	n = runs(parse_nvlink_errors, "Link 0: Replay Errors: 1\n", NULL);
	is_int(n, 0, "nvlink -e no gpu: no record");
	is_int(c.nerr, 1, "nvlink -e no gpu: an error");
}

static void
test_xid(void)
{
	struct {
		const char	*file;
		int		 records;
		int		 i;		/* record to check */
		const char	*bus;
		int		 xid;
		const char	*time;
		const char	*msg;		/* message prefix */
	} xt[] = {
		{ "xid/dmesg-T-xid-43-31-94-akash.txt", 4, 2, "0000:00:07", 31,
		  "Mon Aug  5 03:54:13 2024", "pid=2512125, name=python3.10" },
		{ "xid/dmesg-ctime-xid-13-109-mdquoted.txt", 4, 3, "0000:cb:00",
		  109, "Fri Aug 30 11:43:14 2024", "pid=1797828" },
		{ "xid/dmesg-decode-iso-xid-13-43-mixed-oom.log\n", 17, 16,
		  "0000:38:00", 43, "2025-01-21T04:41:44,287197+00:00",
		  "pid=2924364, name=pt_main_thread, Ch 00000008" },
		{ "xid/dmesg-gsp-heartbeat-timeout-H100-595.txt", 0, -1, NULL, 0,
		  NULL, NULL },
		{ "xid/dmesg-xid-119-gsp-timeout-H100-XE9680.log", 5, 0,
		  "0000:9b:00", 119, "Sun Feb 23 16:24:18 2025",
		  "pid=2024380, name=nvidia-smi, Timeout after 6s" },
		{ "nvidia-smi-q/gpud-dmesg-with-xid-119.log", 5, 4,
		  "0000:9b:00", 119, "Sun Feb 23 16:30:13 2025",
		  "pid=1240590, name=gpud" },
		{ "xid/dmesg-xid-48-63-94-dbe-rowremap-550.txt", 3, 1,
		  "0000:52:00", 63, "430954.532443", "pid='<unknown>'" },
		{ "xid/dmesg-xid-74-nvlink-fatal-link14-nvsentinel-doc.txt", 1, 0,
		  "0003:00:00", 74, "449410.332316", "pid='<unknown>'" },
		{ "xid/dmesg-xid-79-sxid-20034-mdquoted.txt", 1, 0,
		  "0000:91:00", 79, "6781741.548779",
		  "pid='<unknown>', name=<unknown>, GPU has fallen off the bus." },
		{ "xid/journalctl-xid-45-after-149-145-GB200.txt", 7, 1,
		  "0000:ed:00", 45, "", "pid=1818992" },
		{ "xid/journalctl-xid-79-fallen-off-bus-continuation.txt", 1, 0,
		  "0000:03:00", 79, "Oct 30 09:49:36", "pid='<unknown>'" },
		{ "xid/kmsg-xid-119-120-gsp-crash-GB10-incident.txt", 2, 1,
		  "000f:01:00", 120, "", "pid=9111, name=python, GSP task" },
		{ "xid/kmsg-xid-144-145-149-nvlink5-GB200.txt", 5, 4,
		  "0018:01:00", 145, "", "RLW_RXPIPE Nonfatal XC0 i0 Link 13" },
		{ "xid/syslog-xid-48-dbe-64-rminitadapter-gpuoperator.txt", 2, 1,
		  "0000:07:00", 64, "Dec  2 11:38:47",
		  "pid='<unknown>', name=<unknown>, Dynamic Page Retirement" },
		{ "xid/ticket-xid-95-uncontained-fbhub-inspur-NF5468M6.txt", 1, 0,
		  "0000:37:00", 95, "", "pid=5171, Uncontained: FBHUB." },
	};
	const struct xid	*x;
	size_t			 i;
	int			 n;
	char			 big[1024];

	for (i = 0; i < nitems(xt); i++) {
		if (!runf(parse_xid, xt[i].file, NULL)) {
			tap_skip(xt[i].i >= 0 ? 6 : 2, "no fixtures");
			continue;
		}
		is_int(c.nxid, xt[i].records, "%s: records", xt[i].file);
		is_int(c.nerr, 0, "%s: no error", xt[i].file);
		if (xt[i].i < 0)
			continue;
		x = &c.xid[xt[i].i];
		is_str(x->bus_id, xt[i].bus, "%s: bus id", xt[i].file);
		is_int(x->xid, xt[i].xid, "%s: xid", xt[i].file);
		is_str(x->time, xt[i].time, "%s: time", xt[i].file);
		ok(strncmp(x->message, xt[i].msg, strlen(xt[i].msg)) == 0,
		    "%s: message", xt[i].file);
		if (strncmp(x->message, xt[i].msg, strlen(xt[i].msg)) != 0)
			printf("#   got '%s'\n", x->message);
	}

	n = runs(parse_xid,
	    "> [  12.5] NVRM: Xid (0000:03:00): 79, GPU has fallen off the bus.\n"
	    "random line\n"
	    "NVRM: Xid (PCI:0000:04:00\n"
	    "NVRM: Xid (PCI:0000:05:00): 13\n", NULL);
	is_int(n, 2, "xid inline: 2 records");
	is_int(c.nerr, 1, "xid inline: truncated line is an error");
	is_str(c.xid[0].bus_id, "0000:03:00", "xid inline: old bus id form");
	is_str(c.xid[0].time, "12.5", "xid inline: time");
	is_str(c.xid[0].message, "GPU has fallen off the bus.",
	    "xid inline: old message form");
	is_str(c.xid[1].message, "", "xid inline: no message");

	memset(big, 'x', sizeof big);
	memcpy(big, "NVRM: Xid (PCI:0000:05:00): 13, ", 32);
	n = run(parse_xid, big, sizeof big, NULL);
	ok(n == 0 && c.nerr == 1, "xid long: refused without its newline");
	big[sizeof big - 1] = '\n';
	n = run(parse_xid, big, sizeof big, NULL);
	is_int(n, 1, "xid long: 1 record");
	is_int(strlen(c.xid[0].message), sizeof big - 32 - 1,
	    "xid long: the kernel's longest line kept whole, but its newline");
	n = runs(parse_xid, "", NULL);
	is_int(n + c.nerr, 0, "xid empty: nothing");
	n = runs(parse_xid, "[ 1.0] NVRM: Xid (PCI:0000:05:00): 6", NULL);
	ok(n == 0 && c.nerr == 1, "xid cut: Xid 63 cut to 6 is refused");
}

/* When each Xid happened, from the stamp the log tool printed. */
static void
test_xid_time(void)
{
	struct {
		const char	*line;
		const char	*tz;		/* NULL: any */
		double		 when;		/* 0: none */
		const char	*what;
	} xt[] = {
		{ "2025-01-21T04:41:44,283302+00:00 ", NULL, 1737434504.283302,
		  "dmesg --time-format iso" },
		{ "kern  :warn  : 2025-01-21T05:41:44,5+01:00 ", NULL,
		  1737434504.5, "dmesg --decode --time-format iso, UTC+1" },
		{ "2025-01-20T23:41:44-05:00 host kernel: ", NULL, 1737434504,
		  "journalctl -o short-iso, UTC-5" },
		{ "2025-01-21T06:41:44+0200 host kernel: ", NULL, 1737434504,
		  "journalctl -o short-iso, +HHMM" },
		{ "2025-01-21T04:41:44.25Z ", NULL, 1737434504.25, "Zulu" },
		{ "2025-01-21T05:41:44 ", "CET-1CEST,M3.5.0,M10.5.0/3",
		  1737434504, "ISO without an offset: local time" },
		{ "[Sun Jul 28 09:15:27 2024] ", "UTC0", 1722158127,
		  "dmesg -T in UTC" },
		{ "> [Sun Jul 28 09:15:27 2024] ", "CET-1CEST,M3.5.0,M10.5.0/3",
		  1722150927, "dmesg -T, local summer time" },
		{ "[Mon Aug  5 03:54:13 2024] ", "UTC0", 1722830053,
		  "dmesg -T, a day of one digit" },
		{ "[  199.234935] ", NULL, 0, "dmesg: seconds since boot" },
		{ "Dec  2 11:38:47 worker4 kernel: ", NULL, 0,
		  "syslog: no year" },
	};
	/* A date that is no date is refused, not read as none. */
	static const char *const bad[] = {
		"2025-13-21T04:41:44+00:00 ", "2025-01-21T04:41:44+00:00junk ",
		"[Sun Jux 28 09:15:27 2024] ",
		"2025-01-21T04:41:44,18446744073709551616+00:00 ",
	};
	char		 line[512], *tz;
	size_t		 i;
	int		 n;

	tz = getenv("TZ") != NULL ? xstrdup(getenv("TZ")) : NULL;
	for (i = 0; i < nitems(xt); i++) {
		if (xt[i].tz != NULL)
			setenv("TZ", xt[i].tz, 1);
		tzset();
		snprintf(line, sizeof line, "%sNVRM: Xid (PCI:0000:9b:00): 48, "
		    "pid='<unknown>', name=<unknown>, DBE\n", xt[i].line);
		n = runs(parse_xid, line, NULL);
		is_int(n, 1, "xid time, %s: a record", xt[i].what);
		if (n != 1)
			continue;
		ok(fabs(c.xid[0].when - xt[i].when) < 1e-6, "xid time, %s: "
		    "%.6f", xt[i].what, xt[i].when);
		if (fabs(c.xid[0].when - xt[i].when) >= 1e-6)
			printf("#   got %.6f\n", c.xid[0].when);
	}
	for (i = 0; i < nitems(bad); i++) {
		snprintf(line, sizeof line, "%sNVRM: Xid (PCI:0000:9b:00): 48, "
		    "DBE\n", bad[i]);
		n = runs(parse_xid, line, NULL);
		ok(n == 0 && c.nerr == 1, "xid time %s: refused", bad[i]);
	}
	if (tz != NULL)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(tz);
}

int
main(void)
{
	test_csv_inline();
	test_csv_fixtures();
	test_csv_speed();
	test_nvlink();
	test_xid();
	test_xid_time();
	collect_free(&c);
	return (tap_done());
}
