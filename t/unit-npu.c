/*
 * myriad - unit tests for the npu-smi parser (parse-npu.c, parse-npu-t.c):
 * the public captures of t/data, each quirk the shared fixtures' notes
 * name, the spellings of nothing, damaged tables and blocks.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define HAS(g, b)	(((g)->valid & BIT(b)) != 0)

static int
runs(struct collect *c, const char *str, const char *fmt)
{
	return (collect_run(c, parse_npu, str, strlen(str), fmt));
}

/* A file of t/data or of the shared fixtures, read; -1 if missing. */
static int
runf(struct collect *c, const char *path, int shared, int n)
{
	char	*buf;
	size_t	 len;
	int	 r;

	if (shared)
		buf = tap_fixture_skip(path, &len, n);
	else if ((buf = tap_slurp(path, &len)) == NULL)
		ok(0, "%s: missing", path);
	if (buf == NULL)
		return (-1);
	r = collect_run(c, parse_npu, buf, len, NULL);
	free(buf);
	return (r);
}

/* The layout of 116 columns, its processes table with a column more. */
static void
test_116(struct collect *c)
{
	const struct gpu	*g;

	if (runf(c, "t/data/npu-smi-info-910B3-26.1.0-116col-procs.txt", 0,
	    0) < 0)
		return;
	is_int(c->ngpu, 8, "116 columns: 8 chips, the process row none");
	is_int(c->nerr, 0, "116 columns: no error");
	g = &c->gpu[0];
	is_str(g->model, "910B3", "116 columns: the chip's name");
	is_dbl(g->power_w, 100, 0.01, "116 columns: power");
	is_dbl(g->mem_used_mib, 8676, 0.01, "116 columns: HBM used");
	is_dbl(g->mem_total_mib, 65536, 0.01, "116 columns: HBM total");
	g = &c->gpu[7];
	is_int(g->card, 7, "116 columns: the last NPU");
	is_str(g->bus_id, "0000:42:00.0", "116 columns: its bus");
	is_dbl(g->temp_c, 51, 0.01, "116 columns: its temperature");

	if (runf(c, "t/data/npu-smi-info-910B4-26.0.rc1-116col-excerpt.txt",
	    0, 0) < 0)
		return;
	is_int(c->ngpu, 1, "the excerpt: its chip");
	is_int(c->nerr, 1, "the excerpt: without its last border, cut short");
	is_int(c->errline[0], 13, "... said at its last line");
	is_dbl(c->gpu[0].mem_total_mib, 32768, 0.01, "the excerpt: 910B4's "
	    "32 GB");

	if (runf(c, "t/data/npu-smi-info-910B3-24.1.rc1.b030.txt", 0, 0) < 0)
		return;
	is_int(c->ngpu, 8, "24.1.rc1: 8 chips");
	is_int(c->nerr, 0, "24.1.rc1: no error");
	is_dbl(c->gpu[6].power_w, 103.8, 0.01, "24.1.rc1: NPU 6's power");
	is_dbl(c->gpu[7].mem_used_mib, 3315, 0.01, "24.1.rc1: NPU 7's HBM");
}

/* The quirks the shared fixtures' notes name, each said once more. */
static void
test_quirks(struct collect *c)
{
	const struct gpu	*g;

	if (runf(c, "ascend/npu-smi-info-910A-8card-24.1.0.txt", 1, 4) < 0)
		return;
	g = &c->gpu[0];
	is_str(g->model, "910B", "910A: the Name printed, not the host's");
	is_dbl(g->mem_used_mib, 1365, 0.01, "910A: HBM-Usage kept, not "
	    "Memory-Usage's 1197");
	ok(HAS(g, GPU_INDEX) && g->index == 0, "910A: no Phy-ID: index is "
	    "the NPU");
	is_int(g->vendor, VENDOR_HUAWEI, "910A: huawei");

	if (runf(c, "ascend/npu-smi-info-310P3-24.1.rc2.txt", 1, 3) < 0)
		return;
	g = &c->gpu[0];
	ok(!HAS(g, GPU_POWER), "310P: Power NA is null, not 0");
	is_dbl(g->mem_total_mib, 44280, 0.01, "310P: no HBM: Memory-Usage");
	ok(HAS(g, GPU_CARD) && g->chip == 0, "310P: Chip Device read");

	if (runf(c, "ascend/npu-smi-info-A3-910_93-8npu-16chip-25.2.0-"
	    "with-procs.txt", 1, 4) < 0)
		return;
	is_int(c->ngpu, 16, "A3: 16 chips, no process an NPU");
	g = &c->gpu[3];
	ok(g->card == 1 && g->chip == 1 && g->index == 3, "A3: NPU 1's chip "
	    "1 is Phy-ID 3");
	ok(!HAS(g, GPU_POWER), "A3: a second chip's Power - is null");
	is_dbl(g->mem_used_mib, 61619, 0.01, "A3: NNNNN/ TOTAL read");

	if (runf(c, "ascend/npu-smi-info-t-health-i0-doc-200IA2.txt", 1,
	    2) < 0)
		return;
	is_int(c->ngpu, 1, "health: the MCU's block (Health before Chip "
	    "Name) is no NPU");
	is_int(c->nerr, 0, "health: a line of blanks parts blocks");

	if (runf(c, "ascend/npu-smi-info-t-common-i1-910B-hbm91.txt", 1,
	    2) < 0)
		return;
	is_dbl(c->gpu[0].temp_c, 46, 0.01, "common: Chip Name : mcu in lower "
	    "case: the MCU's 40 C not the chip's");
	ok(!HAS(&c->gpu[0], GPU_MEMTOTAL), "common: HBM 91%% alone is no "
	    "memory");

	if (runf(c, "ascend/npu-smi-info-t-common-i0-doc-200IA2.txt", 1,
	    1) < 0)
		return;
	ok(!HAS(&c->gpu[0], GPU_POWER), "common: Rated Power Dissipation "
	    "is no reading, the MCU's Power Dissipation not the chip's");

	if (runf(c, "ascend/npu-smi-info-t-usages-i0-c0-doc-200IA2.txt", 1,
	    1) < 0)
		return;
	is_dbl(c->gpu[0].mem_total_mib, 10810, 0.01, "usages: TAB indents, "
	    "Memory Capacity without HBM");
}

/* The -t forms of t/data: Chip ID last; a single block of the card. */
static void
test_t(struct collect *c)
{
	const struct gpu	*g;

	if (runf(c, "t/data/npu-smi-info-t-usages-i0-910B-25.5.1.txt", 0,
	    0) < 0)
		return;
	is_int(c->ngpu, 1, "usages 910B: one chip");
	is_int(c->nerr, 0, "usages 910B: no error");
	g = &c->gpu[0];
	ok(HAS(g, GPU_CARD) && g->card == 0 && g->chip == 0,
	    "usages 910B: Chip ID last in its block");
	is_dbl(g->mem_total_mib, 65536, 0.01, "usages 910B: HBM, not DDR's "
	    "0");
	ok(HAS(g, GPU_MEMUTIL) && g->memutil_pct == 0, "usages 910B: HBM "
	    "bandwidth");

	if (runf(c, "t/data/npu-smi-info-t-board-i0-910B-25.5.1.txt", 0,
	    0) < 0)
		return;
	is_int(c->ngpu, 1, "board: one record");
	g = &c->gpu[0];
	is_str(g->bus_id, "0000:C1:00.0", "board: PCIe Bus Info");
	ok(HAS(g, GPU_CARD) && g->card == 0 && g->chip == 0 &&
	    g->index == 0, "board: Chip Count 1: its chip 0");
	ok(g->model[0] == '\0', "board: Product Name is no chip's name");

	/* Two chips and none named: refused, not guessed. */
	is_int(runs(c, "NPU ID : 3\nChip Count : 2\nPCIe Bus Info : "
	    "0000:01:00.0\n", NULL), 0, "2 chips, none named: nothing");
	is_int(c->nerr, 1, "... said");
	is_int(runs(c, "NPU ID : 3\nChip Count : 2\nPCIe Bus Info : "
	    "0000:01:00.0\n", "-t board -i 3 -c 1"), 1, "... -c 1: its chip");
	ok(c->gpu[0].card == 3 && c->gpu[0].chip == 1 &&
	    !HAS(&c->gpu[0], GPU_INDEX), "... card 3 chip 1, no index");

	/* An A3 card's common: both chips, the MCU skipped. */
	is_int(runs(c, "NPU ID : 2\nChip Count : 2\n\nChip ID : 0\n"
	    "Temperature(C) : 40\n\nChip ID : 1\nTemperature(C) : 41\n\n"
	    "Chip Name : MCU\nTemperature(C) : 30\n", NULL), 2,
	    "two chips of a card");
	ok(c->gpu[1].chip == 1 && c->gpu[1].temp_c == 41, "... each its own");

	/* A refused line: its block is not read. */
	is_int(collect_run(c, parse_npu, "NPU ID : 0\nChip Count : 1\n\n"
	    "Chip ID : 0\nTemperature(C) : 40\n\nChip Name : M\0U\n"
	    "Temperature(C) : 30\n", 69, NULL), 1, "a NUL in the MCU's name");
	is_dbl(c->gpu[0].temp_c, 40, 0.01, "... its 30 C not the chip's");
	is_int(c->nerr, 1, "... said");

	/*
	 * The health word is the vendor's verdict; its alarm codes are not
	 * a read error (error is what stands in for a GPU not read): the
	 * NPU is read, and Alarm is its fault (alerts_gpu).
	 */
	runs(c, "Health Status : Alarm\nError Code : 80E18005\n"
	    "Error Information : NA\n", "-i 0 -c 0");
	is_str(c->gpu[0].health, "Alarm", "health: the word as printed");
	is_str(c->gpu[0].error, "", "health: an alarm code is no read error");
	is_int(alerts_gpu(&c->gpu[0], 90), 7, "health: Alarm is a fault");
	runs(c, "Health Status : OK\nError Code : NA\n", NULL);
	is_str(c->gpu[0].error, "", "health: NA is no code");
	is_int(alerts_gpu(&c->gpu[0], 90), 0, "health: OK is none");

	is_int(runs(c, "NPU ID : 0\nChip Count : 1\n\nChip ID : 0\n"
	    "Temperature(C) : 4,5\nNPU Real-time Power(W) : NA\n", NULL), 1,
	    "a decimal comma");
	ok(!HAS(&c->gpu[0], GPU_TEMP) && !HAS(&c->gpu[0], GPU_POWER) &&
	    c->nerr == 1, "... its temperature refused, NA null, said once");
	is_int(runs(c, "NPU ID : 0\nChip Count : 1\n\nChip ID : 99999\n"
	    "Temperature(C) : 45\n", NULL), 0, "a chip id past 2^15: no chip");
	is_int(runs(c, "not a key value line\n", NULL), 0, "not npu-smi");
	is_int(c->nerr, 1, "... said once");
	ok(strstr(c->errmsg, "not npu-smi output") != NULL,
	    "... as another tool's: %s", c->errmsg);
	collect_other(c, parse_npu, "t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt",
	    "not npu-smi output");
	collect_other(c, parse_npu,
	    "amd/rocm-smi-concise-MI300X-x4-sriov.txt", "not npu-smi output");
}

static void
test_topo(struct collect *c)
{
	int	 i, n;

	if (runf(c, "t/data/npu-smi-info-t-topo-910B3-8npu-hccs.txt", 0,
	    0) < 0)
		return;
	is_int(c->nnvlink, 56, "topo: 8 NPUs, 7 HCCS links each");
	is_int(c->nerr, 0, "topo: the legend is not read");
	for (i = n = 0; i < c->nnvlink; i++)
		n += c->nvlink[i].gpu == 3 && c->nvlink[i].state ==
		    LINK_UNKNOWN && c->nvlink[i].link != 3;
	is_int(n, 7, "topo: NPU 3's peers, their state unknown");
	ok(c->ngpu == 0, "topo: no GPU record");

	is_int(runs(c, "\t   NPU0    NPU1    CPU Affinity\n"
	    "NPU0    X       SYS     0-23\nNPU1    SYS     X       24-47\n",
	    NULL), 0, "topo: SYS is no link");
	is_int(c->nerr, 0, "... and no error");
	is_int(runs(c, "   NPU0    NPU1    CPU Affinity\n"
	    "NPU0    X       HCCS_SW 0-23\nNPU1    HCCS    X       24-47\n",
	    NULL), 1, "topo: a path not seen before refused, its row only");
	is_int(c->nerr, 1, "... said");
	is_int(runs(c, "   NPU0    NPU1    CPU Affinity\n"
	    "NPU0    HCCS    HCCS    0-23\n", NULL), 0, "topo: X is not "
	    "NPU0's own");
	is_int(c->nerr, 2, "... and the matrix is cut short");
}

/* Tables damaged or not understood. */
static void
test_damaged(struct collect *c)
{
	static const char head[] =
	    "+----+\n"
	    "| NPU  Name  | Health | Power(W) Temp(C) Hugepages-Usage(page)|\n"
	    "| Chip       | Bus-Id | AICore(%) Memory-Usage(MB) HBM-Usage(MB)|"
	    "\n"
	    "+====+\n";
	static const char row1[] =
	    "| 0     910B2  | OK     | 107.3     43       0    / 0 |\n";
	static const char row2[] =
	    "| 0            | 0000:C1:00.0 | 0  0 / 0  3862 / 65536 |\n";
	static const char nul[] = "+----+\n| NPU   Name | Health |\n"
	    "| Chip | Bus-Id |\n+===+\n| 0     910B2  | O\0 |\n"
	    "| 0     | 0000:C1:00.0 |\n+===+\n";
	char	 buf[2048];
	int	 n;

	snprintf(buf, sizeof buf, "%s%s%s+====+\n", head, row1, row2);
	is_int(runs(c, buf, NULL), 1, "a table of one chip");
	is_int(c->nerr, 0, "... no error");

	snprintf(buf, sizeof buf, "%s%s+====+\n", head, row1);
	is_int(runs(c, buf, NULL), 0, "a chip without its second row: none");
	is_int(c->nerr, 1, "... said");
	snprintf(buf, sizeof buf, "%s%s", head, row1);
	is_int(runs(c, buf, NULL), 0, "cut after a chip's first row: none");
	is_int(c->nerr, 1, "... said");
	snprintf(buf, sizeof buf, "%s%s%s", head, row1, row2);
	is_int(runs(c, buf, NULL), 1, "cut before the last border: the chip");
	is_int(c->nerr, 1, "... and cut short said");
	snprintf(buf, sizeof buf, "%s%s%s+==", head, row1, row2);
	is_int(runs(c, buf, NULL), 1, "a last line without newline");
	is_int(c->nerr, 1, "... said once");

	snprintf(buf, sizeof buf, "%s%s%s%s+====+\n", head, row1, row2,
	    row2);
	is_int(runs(c, buf, NULL), 1, "a third row of a chip");
	is_int(c->nerr, 1, "... said");

	snprintf(buf, sizeof buf, "%s| 0     910B2  | OK     | 107,3     43 "
	    "      0    / 0 |\n%s+====+\n", head, row2);
	is_int(runs(c, buf, NULL), 1, "a decimal comma");
	ok(!HAS(&c->gpu[0], GPU_POWER) && c->nerr == 1, "... the power "
	    "refused, not 107");
	snprintf(buf, sizeof buf, "%s| 0     910B2  | OK     | 1e23      43 "
	    "      0    / 0 |\n%s+====+\n", head, row2);
	runs(c, buf, NULL);
	ok(!HAS(&c->gpu[0], GPU_POWER) && c->nerr == 1, "1e23 W refused");
	snprintf(buf, sizeof buf, "%s| 70000 910B2  | OK     | 1 43 0 / 0 |"
	    "\n%s+====+\n", head, row2);
	is_int(runs(c, buf, NULL), 0, "an NPU id past 2^15: no chip");
	snprintf(buf, sizeof buf, "%s|       910B2  | OK     | 1 43 0 / 0 |"
	    "\n%s+====+\n", head, row2);
	is_int(runs(c, buf, NULL), 0, "an empty NPU id: no chip");
	is_int(c->nerr, 1, "... said");
	snprintf(buf, sizeof buf, "%s| 0     910B2  | OK     | NA - 0 / 0 |"
	    "\n%s+====+\n", head, row2);
	runs(c, buf, NULL);
	ok(c->nerr == 0 && !HAS(&c->gpu[0], GPU_POWER) &&
	    !HAS(&c->gpu[0], GPU_TEMP), "NA and - are null, no error");
	snprintf(buf, sizeof buf, "%s| 0     910B2  | OK     | N/A 40 0 / 0 "
	    "|\n%s+====+\n", head, row2);
	runs(c, buf, NULL);
	ok(c->nerr == 1 && !HAS(&c->gpu[0], GPU_POWER), "N/A, not npu-smi's "
	    "word: refused");

	is_int(collect_run(c, parse_npu, nul, sizeof nul - 1, NULL), 0,
	    "a NUL in a chip's row: no chip");
	is_int(c->nerr, 1, "... said once, its second row not a first");

	is_int(runs(c, "+----+\n| NPU   Name   | Health | Fans(%) |\n"
	    "| Chip         | Bus-Id | AICore(%) |\n+====+\n", NULL), 0,
	    "a column not known");
	ok(c->nerr >= 1 && strstr(c->errmsg, "Fans(%)") != NULL,
	    "... named");
	is_int(runs(c, "Error: the card is not found\n", NULL), 0,
	    "an error message: nothing");
	is_int(c->nerr, 1, "... said");
	is_int(runs(c, "", NULL), 0, "empty: nothing");
	runs(c, "+--", NULL);
	n = c->nerr;
	runs(c, "\xef\xbb\xbf+--", NULL);
	is_int(c->nerr, n, "a byte order mark before a cut border: the same "
	    "(the fuzzer's)");
}

/*
 * Speed: an Atlas A3's table, 16 chips, over and over; MB/s printed, not
 * judged (t/bench/RESULTS.md keeps it).
 */
static void
test_speed(void)
{
	static const char chip[] =
	    "| %-5d Ascend910           | OK            | %-11s %-17d0    / 0"
	    "             |\n"
	    "| %-5d %-19d | 0000:%02X:00.0  | %-11d0    / 0          %5d/ "
	    "65536         |\n"
	    "+======================================================"
	    "==========================================+\n";
	struct sink	 s = { 0 };
	struct buf	 b;
	struct timespec	 t0, t1;
	double		 secs, mbs[5], t;
	char		 pw[16];
	int		 i, k, n = 0, m;

	buf_init(&b);
	buf_printf(&b, "| NPU   Name                | Health        | Power(W)"
	    "    Temp(C)           Hugepages-Usage(page)|\n"
	    "| Chip  Phy-ID              | Bus-Id        | AICore(%%)   "
	    "Memory-Usage(MB)  HBM-Usage(MB)        |\n+===+\n");
	for (i = 0; b.len < 50 * 1024 * 1024; i++) {
		snprintf(pw, sizeof pw, i % 2 ? "-" : "%d.%d", 200 + i % 30,
		    i % 10);
		buf_printf(&b, chip, i / 2 % 8, pw, 40 + i % 20, i % 2, i % 16,
		    0x80 + i % 32, i % 100, 50000 + i % 10000);
	}
	for (k = 0; k < 5; k++) {
		/* CPU time: the machine may be shared. */
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		n = parse_npu(b.data, b.len, NULL, &s);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) /
		    1e9;
		mbs[k] = b.len / 1e6 / secs;
	}
	for (k = 0; k < 5; k++) {	/* the median of 5 */
		for (m = k + 1; m < 5; m++) {
			if (mbs[m] < mbs[k]) {
				t = mbs[k];
				mbs[k] = mbs[m];
				mbs[m] = t;
			}
		}
	}
	is_int(n, i, "speed: every chip read");
	printf("# npu-smi info: %.0f MB/s of CPU time, median of 5 (%zu "
	    "bytes, %d chips)\n", mbs[2], b.len, n);
	buf_free(&b);
}

int
main(void)
{
	struct collect	*c = calloc(1, sizeof *c);

	test_116(c);
	test_quirks(c);
	test_t(c);
	test_topo(c);
	test_damaged(c);
	test_speed();
	collect_free(c);
	free(c);
	return (tap_done());
}
