/*
 * myriad - unit tests for the hy-smi parser (parse-hysmi.c): the spellings
 * of other public captures (t/data/PROVENANCE.md), N/A, a DCU absent, a
 * table cut, damaged output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define HAS(p, b)	(((p)->valid & BIT(b)) != 0)

#define BANNER \
	"============================ System Management Interface " \
	"=============================\n" \
	"==================================================================" \
	"====================\n"
#define HEAD \
	"DCU     Temp     AvgPwr     Perf     PwrCap     VRAM%      " \
	"DCU%      Mode     \n"
#define END \
	"==================================================================" \
	"====================\n" \
	"=================================== End of SMI Log " \
	"===================================\n"

static int
runs(struct collect *g, const char *str)
{
	return (collect_run(g, parse_hysmi, str, strlen(str), NULL));
}

static const struct gpu	empty;

static const struct gpu *
dcu(const struct collect *g, int i)
{
	if (i < g->ngpu)
		return (&g->gpu[i]);
	ok(0, "DCU record %d present (%d records)", i, g->ngpu);
	return (&empty);
}

static void
test_capture(struct collect *g)
{
	const struct gpu	*d;
	size_t			 len;
	char			*buf;

	if ((buf = tap_slurp("t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt",
	    &len)) == NULL) {
		tap_skip(7, "t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt");
		return;
	}
	is_int(collect_run(g, parse_hysmi, buf, len, NULL), 4, "K100_AI: 4");
	is_int(g->nerr, 0, "K100_AI: no error");
	d = dcu(g, 3);
	is_int(d->vendor, VENDOR_HYGON, "K100_AI: Hygon");
	is_int(d->index, 3, "K100_AI: DCU 3");
	is_dbl(d->power_limit_w, 800, 0.001, "K100_AI: PwrCap 800 W");
	/* The table names no model, and VRAM% is no MiB. */
	ok(d->model[0] == '\0' && !HAS(d, GPU_MEMUSED) &&
	    !HAS(d, GPU_MEMUTIL), "K100_AI: model and memory null");
	ok(HAS(d, GPU_UTIL) && d->util_pct == 0, "K100_AI: DCU%% 0 is 0");
	free(buf);
}

static void
test_spellings(struct collect *g)
{
	const struct gpu	*d;

	/* DTK 24.04 on a Z100-era server: Mode N/A, trailing blanks. */
	runs(g, "\n" BANNER HEAD
	    "0       49.0C    25.0W      auto     300.0W     0%         0%"
	    "        N/A     \n" END);
	ok(g->ngpu == 1 && g->nerr == 0, "Mode N/A: read");
	/* K100_LC: DCU% with a decimal, one DCU. */
	runs(g, BANNER HEAD "0       33.0C    132.0W     auto     450.0W     "
	    "30%        0.0%      Normal   \n" END);
	d = dcu(g, 0);
	ok(g->nerr == 0 && HAS(d, GPU_UTIL) && d->util_pct == 0 &&
	    d->power_w == 132, "DCU%% 0.0%%: read");
	/* DTK's rocm-smi, same table: 51.0°C with its degree sign. */
	runs(g, BANNER "DCU     Temp     AvgPwr     Perf     PwrCap     VRAM%"
	    "      DCU%\n0       51.0\xc2\xb0" "C   29.0W      auto     300.0W"
	    "     0%         0%\n" END);
	ok(g->nerr == 0 && dcu(g, 0)->temp_c == 51, "51.0\xc2\xb0" "C: 51");
	/* N/A in any column: null, not 0. */
	runs(g, BANNER HEAD "0       N/A      N/A        auto     N/A        "
	    "0%         N/A       Normal\n" END);
	d = dcu(g, 0);
	ok(g->nerr == 0 && g->ngpu == 1 && !HAS(d, GPU_TEMP) &&
	    !HAS(d, GPU_POWER) && !HAS(d, GPU_PLIMIT) && !HAS(d, GPU_UTIL),
	    "N/A: every value null");
	/* Read by names: another order, a column not known. */
	runs(g, BANNER "DCU  DCU%  Fan  Temp\n1    12%   30%  40.0C\n" END);
	d = dcu(g, 0);
	ok(g->nerr == 0 && d->index == 1 && d->util_pct == 12 &&
	    d->temp_c == 40 && !HAS(d, GPU_FAN), "columns by name");
	/* A DCU absent: the others keep their numbers. */
	runs(g, BANNER HEAD
	    "0       49.0C    118.0W     auto     800.0W     0%         0%"
	    "        Normal\n"
	    "2       53.0C    116.0W     auto     800.0W     0%         0%"
	    "        Normal\n" END);
	ok(g->ngpu == 2 && dcu(g, 1)->index == 2, "DCU 1 absent: 0 and 2");
	/* Two runs one after the other: both read. */
	runs(g, BANNER HEAD "0 49.0C 118.0W auto 800.0W 0% 0% Normal\n" END
	    BANNER HEAD "0 50.0C 119.0W auto 800.0W 0% 0% Normal\n" END);
	ok(g->ngpu == 2 && g->nerr == 0 && dcu(g, 1)->temp_c == 50,
	    "two tables, two readings");
}

static void
test_refused(struct collect *g)
{
	static const char	 cut[] = BANNER HEAD
	    "0       49.0C    118.0W     auto     800.0W     0%         0%"
	    "        Normal\n"
	    "1       48.0C    120.0W     auto     800.0W     0%         85%";
	size_t			 i;

	runs(g, BANNER HEAD
	    "0       49.0C    118.0W     auto     800.0W     0%         0%"
	    "        Normal\n");
	ok(g->ngpu == 1 && g->nerr == 1 && strstr(g->errmsg, "End of SMI")
	    != NULL, "no End of SMI Log: the row read, the cut said");
	/* 85% cut to 8: never a smaller number. */
	for (i = sizeof cut - 2; i > sizeof cut - 60; i--) {
		collect_run(g, parse_hysmi, cut, i, NULL);
		if (g->ngpu > 1)
			break;
	}
	ok(i == sizeof cut - 60, "the last row cut anywhere: not read");
	runs(g, BANNER HEAD "0  49.0C  118.0W  auto  800.0W  0%  0%\n" END);
	ok(g->ngpu == 0 && g->nerr == 1, "a row short of a column: refused");
	runs(g, BANNER HEAD "0 49.0C 118.0W auto 800.0W 0% 0% Normal x\n"
	    END);
	ok(g->ngpu == 0 && g->nerr == 1, "a row with one more: refused");
	runs(g, BANNER HEAD "0 49,5C 118.0W auto 800.0W 0% 0% Normal\n" END);
	ok(g->nerr == 1 && g->ngpu == 1 && !HAS(dcu(g, 0), GPU_TEMP),
	    "49,5C: a decimal comma refused, the DCU kept");
	runs(g, BANNER HEAD "0 1e23C 118.0W auto 800.0W 0% 0% Normal\n" END);
	ok(g->nerr == 1 && !HAS(dcu(g, 0), GPU_TEMP), "1e23C: out of range");
	runs(g, BANNER HEAD "0 49.0C 118.0W auto 800.0W 0% 150% Normal\n"
	    END);
	ok(g->nerr == 1 && !HAS(dcu(g, 0), GPU_UTIL), "150%%: out of range");
	runs(g, BANNER HEAD "0 49.0 118.0W auto 800.0W 0% 0% Normal\n" END);
	ok(g->nerr == 1 && !HAS(dcu(g, 0), GPU_TEMP),
	    "a temperature without its C: refused");
	runs(g, BANNER HEAD "x 49.0C 118.0W auto 800.0W 0% 0% Normal\n" END);
	ok(g->nerr == 1 && g->ngpu == 0, "DCU x: no index, no record");
	runs(g, "0 49.0C 118.0W auto 800.0W 0% 0% Normal\n");
	ok(g->nerr == 1 && g->ngpu == 0, "a row without a header: refused");
	collect_run(g, parse_hysmi, BANNER HEAD "0 4\0C 1W a 1W 0% 0% N\n"
	    END, sizeof BANNER HEAD "0 4\0C 1W a 1W 0% 0% N\n" END - 1, NULL);
	ok(g->nerr == 1 && g->ngpu == 0, "a NUL in a row: refused");
	collect_run(g, parse_hysmi, BANNER HEAD "0 4\0C 1W a 1W 0% 0% N\n"
	    "1 40.0C 1W auto 1W 0% 0% N\n" END, sizeof BANNER HEAD
	    "0 4\0C 1W a 1W 0% 0% N\n1 40.0C 1W auto 1W 0% 0% N\n" END - 1,
	    NULL);
	ok(g->nerr == 1 && g->ngpu == 1 && dcu(g, 0)->index == 1 &&
	    dcu(g, 0)->temp_c == 40,
	    "a NUL in the first row: that row refused, the next read");
	collect_run(g, parse_hysmi, BANNER "DCU Te\0mp\n0 40.0C\n" END,
	    sizeof BANNER "DCU Te\0mp\n0 40.0C\n" END - 1, NULL);
	ok(g->ngpu == 0, "a NUL in the header: no row read without it");
	runs(g, "\xef\xbb\xbf" BANNER "DCU Temp\r\n0 45.0C\r\n" END);
	ok(g->nerr == 0 && dcu(g, 0)->temp_c == 45, "BOM and CRLF: read");
	is_int(runs(g, ""), 0, "nothing: no DCU");
	collect_other(g, parse_hysmi,
	    "amd/rocm-smi-concise-MI300X-x4-sriov.txt", "not hy-smi output");
	collect_other(g, parse_hysmi,
	    "t/data/npu-smi-info-910B3-24.1.rc1.b030.txt", "not hy-smi output");
	collect_other(g, parse_hysmi, "t/data/hccn-link-stat-device-doc.txt",
	    "not hy-smi output");
}

int
main(void)
{
	struct collect	*g = calloc(1, sizeof *g);

	test_capture(g);
	test_spellings(g);
	test_refused(g);
	collect_free(g);
	free(g);
	return (tap_done());
}
