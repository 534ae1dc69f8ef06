/*
 * myriad - unit tests for the AMD parsers, amd-smi and rocm-smi: what
 * the shared fixtures do not show (their quirks are t/data/conform-amd's):
 * N/A spellings, a unit not the column's, a partition's modes, ECC totals
 * and blocks, the JSON shapes of each ROCm, absent cards, damage.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define AMD_SPEED_GPUS	64	/* GPUs a speed test's node has */

static struct collect c;

static int
runs(parse_fn fn, const char *s)
{
	return (collect_run(&c, fn, s, strlen(s), NULL));
}

/* A file of t/data, read whole; 0 if it is absent. */
static int
rund(parse_fn fn, const char *path)
{
	char	*buf;
	size_t	 len;
	int	 n;

	if ((buf = tap_slurp(path, &len)) == NULL)
		return (-1);
	n = collect_run(&c, fn, buf, len, NULL);
	free(buf);
	return (n);
}

#define V(g, f)	(((g)->valid & BIT(f)) != 0)

static void
test_monitor(void)
{
	const struct gpu	*g;
	int			 n;

	/* N/A cells are null; a unit not the column's is refused. */
	n = runs(parse_amd_smi,
	    "GPU  POWER  GPU_TEMP  MEM_TEMP  GFX_UTIL  VRAM_USED  VRAM_TOTAL\n"
	    "  0  171 W     32 \xc2\xb0" "C     N/A       0 %     283 MB"
	    "   196300 MB\n"
	    "  1    N/A       N/A       N/A       N/A        N/A"
	    "         N/A\n"
	    "  2  171 kW    32 \xc2\xb0" "C     33 \xc2\xb0" "C    5 %"
	    "     283 GB   196300 MB\n");
	is_int(n, 3, "monitor: 3 records");
	is_int(c.nerr, 2, "monitor: kW and GB refused");
	ok(c.errline[0] == 4 && c.errline[1] == 4, "monitor: on line 4");
	g = &c.gpu[0];
	ok(g->vendor == VENDOR_AMD && V(g, GPU_POWER) && g->power_w == 171 &&
	    g->temp_c == 32 && !V(g, GPU_MEMTEMP) && g->util_pct == 0,
	    "monitor: 171 W, 32 C, MEM_TEMP N/A null, 0 %%");
	g = &c.gpu[1];
	ok(g->index == 1 && !V(g, GPU_POWER) && !V(g, GPU_TEMP) &&
	    !V(g, GPU_MEMTEMP) && !V(g, GPU_UTIL) && !V(g, GPU_MEMUSED) &&
	    !V(g, GPU_MEMTOTAL), "monitor: a row of N/A is all null");
	g = &c.gpu[2];
	ok(!V(g, GPU_POWER) && !V(g, GPU_MEMUSED) && g->util_pct == 5 &&
	    g->memtemp_c == 33, "monitor: never a value in another unit");

	/* A row short of a column, a row of words: refused, not shifted. */
	n = runs(parse_amd_smi,
	    "GPU  POWER  GPU_TEMP\n"
	    "  0  171 W\n"
	    "  x  171 W     32 \xc2\xb0" "C\n"
	    "  1  172 W     33 \xc2\xb0" "C\n");
	ok(n == 1 && c.nerr == 2 && c.errline[0] == 2 && c.errline[1] == 3,
	    "monitor: a short row and no index refused on their lines");
	ok(c.gpu[0].index == 1 && c.gpu[0].temp_c == 33,
	    "monitor: the next row read");
}

static void
test_blocks(void)
{
	static const char	 nul[] = "GPU: 0\n    POWER:\n"
	    "        SOCKET_POWER: 11 W\nGPU: \0001\n    POWER:\n"
	    "        SOCKET_POWER: 17 W\n";
	const struct gpu	*g;
	int			 n;

	/*
	 * metric: hotspot N/A falls back to edge; the ECC totals win over
	 * the blocks' sums; static's partition modes; a CPU block skipped.
	 */
	n = runs(parse_amd_smi,
	    "CPU: 0\n"
	    "    SMU:\n"
	    "        FW_VERSION: 85.90.0\n"
	    "\n"
	    "GPU: 0\n"
	    "    ASIC:\n"
	    "        MARKET_NAME: AMD Instinct MI300X\n"
	    "    USAGE:\n"
	    "        GFX_ACTIVITY: 87 %\n"
	    "        JPEG_ACTIVITY: [N/A, N/A, N/A,\n"
	    "            N/A, N/A]\n"
	    "    TEMPERATURE:\n"
	    "        EDGE: 41 \xc2\xb0" "C\n"
	    "        HOTSPOT: N/A\n"
	    "        MEM: 39 \xc2\xb0" "C\n"
	    "    MEM_USAGE:\n"
	    "        TOTAL_VRAM: 196592 MB\n"
	    "        USED_VRAM: 121344 MB\n"
	    "    ECC:\n"
	    "        TOTAL_CORRECTABLE_COUNT: 3\n"
	    "        TOTAL_UNCORRECTABLE_COUNT: 1\n"
	    "    ECC_BLOCKS:\n"
	    "        UMC:\n"
	    "            CORRECTABLE_COUNT: 7\n"
	    "            UNCORRECTABLE_COUNT: 7\n"
	    "    PARTITION:\n"
	    "        COMPUTE_PARTITION: CPX\n"
	    "        MEMORY_PARTITION: NPS4\n"
	    "\n"
	    "GPU: 1\n"
	    "    ECC_BLOCKS:\n"
	    "        UMC:\n"
	    "            CORRECTABLE_COUNT: 2\n"
	    "            UNCORRECTABLE_COUNT: 0\n"
	    "        GFX:\n"
	    "            CORRECTABLE_COUNT: 5\n"
	    "            UNCORRECTABLE_COUNT: N/A\n"
	    "    BUS:\n"
	    "        BDF: N/A\n");
	is_int(n, 2, "blocks: 2 GPUs, no CPU");
	is_int(c.nerr, 0, "blocks: no error");
	g = &c.gpu[0];
	is_str(g->model, "AMD Instinct MI300X", "blocks: MARKET_NAME");
	ok(g->temp_c == 41 && g->memtemp_c == 39, "blocks: edge when no "
	    "hotspot");
	ok(g->util_pct == 87 && g->mem_used_mib == 121344 &&
	    g->mem_total_mib == 196592, "blocks: usage, VRAM");
	ok(g->ecc_sbe == 3 && g->ecc_dbe == 1, "blocks: ECC totals, not "
	    "the blocks' 7");
	is_str(g->partition, "CPX/NPS4", "blocks: partition modes");
	g = &c.gpu[1];
	ok(g->index == 1 && g->ecc_sbe == 7 && g->ecc_dbe == 0 &&
	    V(g, GPU_ECC_SBE), "blocks: no totals, the blocks summed");
	ok(g->bus_id[0] == '\0' && g->model[0] == '\0' &&
	    g->partition[0] == '\0', "blocks: absent strings empty");

	/* A heading that is not one; a damaged number. */
	n = runs(parse_amd_smi,
	    "GPU: 0\n"
	    "    POWER:\n"
	    "        SOCKET_POWER: 1,5 W\n"
	    "NODE: 3\n"
	    "    POWER:\n"
	    "        SOCKET_POWER: 11 W\n");
	ok(n == 1 && c.nerr == 2 && c.errline[0] == 3 && c.errline[1] == 4 &&
	    !V(&c.gpu[0], GPU_POWER), "blocks: decimal comma and NODE: "
	    "refused, its lines not read as GPU 0's");

	/* A lost line: the block ends there, never a value in another's. */
	n = collect_run(&c, parse_amd_smi, nul, sizeof nul - 1, NULL);
	ok(n == 1 && c.nerr == 1 && c.errline[0] == 4 &&
	    c.gpu[0].power_w == 11, "blocks: a NUL in a heading loses its "
	    "block");
	n = runs(parse_amd_smi, "GPU: 0\n    POWER:\n        SOCKET_POWER: 17");
	ok(n == 1 && c.nerr == 1 && c.errline[0] == 3 &&
	    !V(&c.gpu[0], GPU_POWER), "blocks: a cut last line refused");
}

static void
test_links(void)
{
	int	 n;

	/* topology: an XGMI pair whose access is DISABLED is down. */
	n = runs(parse_amd_smi,
	    "ACCESS TABLE:\n"
	    "             0000:0c:00.0 0000:22:00.0 0000:38:00.0\n"
	    "0000:0c:00.0 ENABLED      DISABLED     ENABLED\n"
	    "0000:22:00.0 DISABLED     ENABLED      ENABLED\n"
	    "0000:38:00.0 ENABLED      ENABLED      ENABLED\n"
	    "\n"
	    "LINK TYPE TABLE:\n"
	    "             0000:0c:00.0 0000:22:00.0 0000:38:00.0\n"
	    "0000:0c:00.0 SELF         XGMI         PCIE\n"
	    "0000:22:00.0 XGMI         SELF         XGMI\n"
	    "0000:38:00.0 PCIE         XGMI         SELF\n");
	is_int(n, 4, "topology: 4 XGMI links, no PCIE");
	ok(c.nnvlink == 4 && c.nvlink[0].gpu == 0 && c.nvlink[0].link == 1 &&
	    c.nvlink[0].state == LINK_DOWN && c.nvlink[2].gpu == 1 &&
	    c.nvlink[2].link == 2 && c.nvlink[2].state == LINK_UP,
	    "topology: link is the peer, state from ACCESS");

	/* A row of another BDF is refused. */
	n = runs(parse_amd_smi,
	    "LINK TYPE TABLE:\n"
	    "             0000:0c:00.0 0000:22:00.0\n"
	    "0000:0c:00.0 SELF         XGMI\n"
	    "0000:99:00.0 XGMI         SELF\n");
	ok(n == 1 && c.nerr == 1 && c.errline[0] == 4, "topology: a row "
	    "of no header's BDF refused");

	/* ROCm 6.2's links, with an XGMI peer. */
	n = runs(parse_amd_smi,
	    "[{\"gpu\": 0, \"bdf\": \"0000:08:00.0\", \"links\": ["
	    "{\"gpu\": 0, \"link_status\": \"ENABLED\", \"link_type\": "
	    "\"SELF\"}, {\"gpu\": 1, \"link_status\": \"ENABLED\", "
	    "\"link_type\": \"XGMI\"}]}]\n");
	ok(n == 1 && c.nvlink[0].link == 1 && c.nvlink[0].state == LINK_UP,
	    "topology --json 6.2: an XGMI link up");
	n = rund(parse_amd_smi, "t/data/amdsmi-6.2-topology-a-t.json");
	ok(n == 0 && c.nerr == 0, "topology --json 6.2 capture: PCIE, no "
	    "link");

	/* rocm-smi --json's system: an XGMI pair, both ways, state unknown. */
	n = runs(parse_rocm_smi, "{\"system\": {\"(Topology) Link type "
	    "between DRM devices 0 and 1\": \"XGMI\"}}\n");
	ok(n == 2 && c.nvlink[0].state == LINK_UNKNOWN &&
	    c.nvlink[1].gpu == 1 && c.nvlink[1].link == 0,
	    "rocm-smi --json: XGMI between 0 and 1");
}

/* parse_value reads a plain decimal itself: exactly as strtod rounds it. */
static void
test_decimal(void)
{
	struct sink	 s = { 0 };
	char		 num[32], first[32] = "";
	uint64_t	 x = 88172645463325252ULL;
	double		 d;
	size_t		 len, frac;
	int		 i, bad = 0;

	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		snprintf(num, sizeof num, "%llu", (unsigned long long)(x >> 8));
		len = 1 + x % 16;		/* 1 to 16 digits */
		num[len] = '\0';
		if ((frac = (x >> 4) % len) > 0) {	/* a point within */
			memmove(num + len - frac + 1, num + len - frac,
			    frac + 1);
			num[len - frac] = '.';
		}
		if (parse_value(&s, 1, "x", num, strlen(num), 0, 1e300,
		    &d) != 0 || d != strtod(num, NULL)) {
			if (bad++ == 0)
				strlcpy(first, num, sizeof first);
		}
	}
	ok(bad == 0, "parse_value: 200,000 decimals as strtod reads them "
	    "(%d not, the first %s)", bad, first);
}

/* What a JSON reader refuses is refused whole, with its line. */
static void
test_json_reader(void)
{
	static const struct {
		const char	*doc;
		u_int		 line;
		const char	*what;
	} bad[] = {
		{ "[{\"gpu\": 0, \"x\": \"a\tb\"}]", 1,
		  "a control character in a string" },
		{ "[{\"gpu\": 0,\n\"x\": \"\xc3\x28\"}]", 2,
		  "invalid UTF-8" },
		{ "[{\"gpu\": 0, \"x\": \"\xed\xa0\x80\"}]", 1,
		  "a surrogate in UTF-8" },
		{ "[{\"gpu\": 0, \"x\": \"\\u0000\"}]", 1, "\\u0000" },
		{ "[{\"gpu\": 0, \"x\": \"\\ud800\"}]", 1,
		  "a lone surrogate" },
		{ "[{\"gpu\": 0, \"x\": \"\\q\"}]", 1, "an invalid escape" },
		{ "[{\"gpu\": 99999999999999999999}]", 1,
		  "an integer past 64 bits" },
		{ "[{\"gpu\": 0, \"x\": 1e400}]", 1, "a real past a double" },
		{ "[{\"gpu\": 01}]", 1, "a leading zero" },
		{ "[{\"gpu\": 0}]\n]\n", 2, "more after the document" },
		{ "[{\"gpu\": 0},\n]\n", 2, "a trailing comma" },
		{ "[{\"gpu\": 0 \"x\": 1}]", 1, "no comma" },
		{ "[{gpu: 0}]", 1, "a key not a string" },
		{ "[{\"gpu\": tru}]", 1, "a word not a literal" },
		{ "\"gpu\"", 1, "no object or array" },
	};
	struct buf	 b;
	size_t		 i;
	int		 n;

	for (i = 0; i < nitems(bad); i++) {
		n = runs(parse_amd_smi, bad[i].doc);
		ok(n == 0 && c.nerr == 1 && c.errline[0] == bad[i].line,
		    "json reader: %s refused at line %u", bad[i].what,
		    bad[i].line);
	}

	/* Escapes in keys and values are read as their characters. */
	n = runs(parse_amd_smi, "{\"gpu\\u005fdata\": [{\"gpu\": 1, "
	    "\"asic\": {\"market_name\": \"MI300X \\\"OAM\\\" "
	    "\\u00b0\\ud83d\\ude00\"}, \"power\": {\"socket_power\": "
	    "{\"value\": 7.5e2, \"unit\": \"W\"}}, \"x\": [true, false, "
	    "null, -0.5, {}, []]}]}\n");
	ok(n == 1 && c.nerr == 0 && c.gpu[0].index == 1 &&
	    c.gpu[0].power_w == 750, "json reader: escapes, literals, "
	    "exponents");
	is_str(c.gpu[0].model, "MI300X \"OAM\" \xc2\xb0\xf0\x9f\x98\x80",
	    "json reader: a string's escapes, a surrogate pair");

	/* Nesting: 2048 deep read, deeper refused. */
	buf_init(&b);
	buf_printf(&b, "[{\"gpu\": 0, \"x\": ");
	for (i = 0; i < 2046; i++)
		buf_printf(&b, "[");
	for (i = 0; i < 2046; i++)
		buf_printf(&b, "]");
	buf_printf(&b, "}]\n");
	n = collect_run(&c, parse_amd_smi, b.data, b.len, NULL);
	ok(n == 1 && c.nerr == 0, "json reader: 2048 deep read");
	buf_reset(&b);
	buf_printf(&b, "[{\"gpu\": 0, \"x\": ");
	for (i = 0; i < 100000; i++)
		buf_printf(&b, "[");
	n = collect_run(&c, parse_amd_smi, b.data, b.len, NULL);
	ok(n == 0 && c.nerr == 1, "json reader: 100,000 deep refused");
	buf_free(&b);

	/* A key given twice: its last value, as jansson kept it. */
	n = runs(parse_amd_smi, "[{\"gpu\": 0, \"gpu\": 2}]\n");
	ok(n == 1 && c.gpu[0].index == 2, "json reader: a key twice, the "
	    "last value");
}

static void
test_json(void)
{
	char	*buf, *wrapped;
	size_t	 len;
	int	 n;

	n = rund(parse_amd_smi, "t/data/amdsmi-6.1-metric-p.json");
	ok(n == 1 && c.nerr == 0 && c.gpu[0].power_w == 10 &&
	    !V(&c.gpu[0], GPU_TEMP), "metric -p --json 6.1: 10 W");

	/* The same GPU in the gpu_data envelope of later amd-smi. */
	if ((buf = tap_slurp("t/data/amdsmi-6.1-metric-p.json", &len)) !=
	    NULL) {
		wrapped = xmalloc(len + 32);
		len = snprintf(wrapped, len + 32, "{\"gpu_data\": %.*s}\n",
		    (int)len, buf);
		n = collect_run(&c, parse_amd_smi, wrapped, len, NULL);
		ok(n == 1 && c.gpu[0].power_w == 10, "gpu_data: 10 W");
		free(wrapped);
		free(buf);
	} else
		tap_skip(1, "t/data/amdsmi-6.1-metric-p.json");

	n = runs(parse_amd_smi,
	    "{\"gpu_data\": [{\"gpu\": 3, \"usage\": {\"gfx_activity\": "
	    "{\"value\": 91, \"unit\": \"%\"}}, \"temperature\": {\"edge\": "
	    "{\"value\": 54, \"unit\": \"C\"}, \"hotspot\": {\"value\": 63, "
	    "\"unit\": \"C\"}, \"mem\": \"N/A\"}, \"mem_usage\": "
	    "{\"used_vram\": {\"value\": 20450, \"unit\": \"MB\"}, "
	    "\"total_vram\": {\"value\": 30576, \"unit\": \"GB\"}}, "
	    "\"power\": {\"socket_power\": 120}, \"ecc\": "
	    "{\"total_correctable_count\": 0, \"total_uncorrectable_count\": "
	    "2}, \"ecc_blocks\": {\"UMC\": {\"correctable_count\": 9}}}]}\n");
	is_int(n, 1, "json: 1 GPU");
	ok(c.gpu[0].index == 3 && c.gpu[0].util_pct == 91 &&
	    c.gpu[0].temp_c == 63 && !V(&c.gpu[0], GPU_MEMTEMP) &&
	    c.gpu[0].mem_used_mib == 20450, "json: values with their units");
	ok(!V(&c.gpu[0], GPU_MEMTOTAL) && !V(&c.gpu[0], GPU_POWER) &&
	    c.nerr == 2, "json: GB and a bare measure refused");
	ok(c.gpu[0].ecc_sbe == 0 && c.gpu[0].ecc_dbe == 2, "json: ECC "
	    "totals, bare counts");

	n = runs(parse_amd_smi, "[{\"gpu\": 0}, {\"gpu\": \"x\"}]");
	ok(n == 1 && c.nerr == 1, "json: whole without its newline; a GPU "
	    "of no index refused");
	n = runs(parse_amd_smi, "[{\"gpu\": 0}, {\"gpu\": 1}");
	ok(n == 0 && c.nerr == 1 && c.errline[0] == 1, "json: cut short, "
	    "refused whole");
	n = runs(parse_amd_smi, "{\"cpu_data\": []}\n");
	ok(n == 0 && c.nerr == 1, "json: no list of GPUs refused");
	test_json_reader();
}

static void
test_rocm(void)
{
	int	 n;

	/* --json: cards 0 and 2 (1 absent); N/A and a damaged number. */
	n = runs(parse_rocm_smi,
	    "{\"card0\": {\"Card series\": \"AMD Instinct MI210\", "
	    "\"Temperature (Sensor edge) (C)\": \"40.0\", "
	    "\"Temperature (Sensor junction) (C)\": \"N/A\", "
	    "\"VRAM Total Memory (B)\": \"68702699520\", "
	    "\"GPU use (%)\": \"1e23\"}, "
	    "\"card2\": {\"Unique ID\": \"N/A\", \"GPU use (%)\": \"7\"}, "
	    "\"cardX\": {}}\n");
	is_int(n, 2, "rocm --json: 2 cards");
	ok(c.gpu[0].index == 0 && c.gpu[1].index == 2, "rocm --json: "
	    "card 1 absent, indexes kept");
	ok(c.gpu[0].temp_c == 40 && fabs(c.gpu[0].mem_total_mib - 65520) <
	    0.01, "rocm --json: edge when junction N/A; bytes to MiB");
	ok(!V(&c.gpu[0], GPU_UTIL) && c.gpu[1].util_pct == 7 &&
	    c.gpu[1].uuid[0] == '\0', "rocm --json: 1e23 %% refused, N/A "
	    "null");
	is_int(c.nerr, 2, "rocm --json: 1e23 and cardX refused");

	/* -a: a GPU[ of no index, a --showtopo matrix: refused. */
	n = runs(parse_rocm_smi,
	    "============================ ROCm System Management Interface "
	    "============================\n"
	    "GPU[0]\t\t: Temperature (Sensor junction) (C): 35.0\n"
	    "GPU[x]\t\t: Temperature (Sensor junction) (C): 36.0\n"
	    "GPU0         0            XGMI\n"
	    "GPU[1]\t\t: Card Series: \t\tAMD Instinct MI300X\n");
	ok(n == 2 && c.nerr == 2 && c.errline[0] == 3 && c.errline[1] == 4,
	    "rocm -a: GPU[x] and a matrix refused on their lines");
	is_str(c.gpu[1].model, "AMD Instinct MI300X", "rocm -a: tabs "
	    "trimmed");

	/* Concise: Temp (Edge), N/A power, a short row. */
	n = runs(parse_rocm_smi,
	    "=== Concise Info ===\n"
	    "Device  [Model : Revision]    Temp    Power  Partitions  "
	    "SCLK  GPU%\n"
	    "        Name (20 chars)       (Edge)  (Avg)  (Mem, Compute)\n"
	    "====\n"
	    "0       [0x740f : 0x02]       41.0\xc2\xb0" "C  N/A    NPS1, SPX"
	    "   800Mhz  12%\n"
	    "        AMD Instinct MI210\n"
	    "1       [0x740f : 0x02]       41.0\xc2\xb0" "C  N/A\n"
	    "====\n");
	ok(n == 1 && c.nerr == 1 && c.errline[0] == 7, "concise: a short "
	    "row refused");
	ok(c.gpu[0].temp_c == 41 && !V(&c.gpu[0], GPU_POWER) &&
	    c.gpu[0].sm_clock_mhz == 800 && c.gpu[0].util_pct == 12,
	    "concise: edge temperature, N/A power null");
	is_str(c.gpu[0].model, "AMD Instinct MI210", "concise: the name "
	    "line");
	is_str(c.gpu[0].partition, "SPX/NPS1", "concise: partitions");

	n = runs(parse_rocm_smi, "Fri Apr 12 nvidia-smi\n");
	ok(n == 0 && c.nerr == 1, "rocm: another tool's output refused");
	n = runs(parse_amd_smi, "+---------------------------+\n");
	ok(n == 0 && c.nerr == 1, "amd-smi: another tool's output refused");
	n = runs(parse_amd_smi, "gpu,power_usage\n0,171\n");
	ok(n == 0 && c.nerr == 1, "amd-smi: --csv not read, refused");
	ok(runs(parse_amd_smi, "") == 0 && c.nerr == 0 &&
	    runs(parse_rocm_smi, "\n\n") == 0 && c.nerr == 0,
	    "empty: nothing, no error");
}

/* MB/s of a parser on a document made of one part repeated. */
static void
speed(const char *what, parse_fn fn, const char *head, const char *pre,
    const char *post, const char *tail, int per, int extra)
{
	struct sink	 s = { 0 };
	struct buf	 b;
	struct timespec	 t0, t1;
	double		 secs;
	int		 i, n;

	buf_init(&b);
	buf_printf(&b, "%s", head);
	for (i = 0; b.len < 20 * 1024 * 1024; i++)
		buf_printf(&b, "%s%d%s", pre, i % AMD_SPEED_GPUS, post);
	buf_printf(&b, "%s", tail);
	/* CPU time: the machine is shared. */
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	n = fn(b.data, b.len, NULL, &s);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	is_int(n, i * per + extra, "speed, %s: every record read", what);
	printf("# %s: %.0f MB/s (%zu bytes, %d records, %.3f s)\n", what,
	    b.len / 1e6 / secs, b.len, n, secs);
	buf_free(&b);
}

static void
test_speed(void)
{
	speed("amd-smi monitor", parse_amd_smi,
	    "GPU  POWER  GPU_TEMP  MEM_TEMP  GFX_UTIL  GFX_CLOCK  MEM_UTIL  "
	    "MEM_CLOCK  VRAM_USED  VRAM_TOTAL\n",
	    "  ", "  171 W     32 \xc2\xb0" "C     33 \xc2\xb0" "C       0 %"
	    "    114 MHz       0 %    900 MHz     283 MB   196300 MB\n",
	    "", 1, 0);
	speed("amd-smi metric", parse_amd_smi, "",
	    "GPU: ", "\n    USAGE:\n        GFX_ACTIVITY: 87 %\n"
	    "        UMC_ACTIVITY: 3 %\n    POWER:\n"
	    "        SOCKET_POWER: 171 W\n        GFX_VOLTAGE: 768 mV\n"
	    "    TEMPERATURE:\n        EDGE: N/A\n"
	    "        HOTSPOT: 41 \xc2\xb0" "C\n        MEM: 39 \xc2\xb0" "C\n"
	    "    MEM_USAGE:\n        TOTAL_VRAM: 196592 MB\n"
	    "        USED_VRAM: 121344 MB\n    ECC:\n"
	    "        TOTAL_CORRECTABLE_COUNT: 0\n"
	    "        TOTAL_UNCORRECTABLE_COUNT: 0\n\n", "", 1, 0);
	/* As amd-smi prints it: indented by four. */
	speed("amd-smi metric --json", parse_amd_smi,
	    "{\n    \"gpu_data\": [\n        {\n            \"gpu\": 0\n"
	    "        }", ",\n        {\n            \"gpu\": ", ",\n"
	    "            \"usage\": {\n"
	    "                \"gfx_activity\": {\n"
	    "                    \"value\": 87,\n"
	    "                    \"unit\": \"%\"\n"
	    "                },\n"
	    "                \"jpeg_activity\": [\n"
	    "                    \"N/A\",\n"
	    "                    \"N/A\"\n"
	    "                ]\n"
	    "            },\n"
	    "            \"power\": {\n"
	    "                \"socket_power\": {\n"
	    "                    \"value\": 171,\n"
	    "                    \"unit\": \"W\"\n"
	    "                },\n"
	    "                \"throttle_status\": \"UNTHROTTLED\"\n"
	    "            },\n"
	    "            \"temperature\": {\n"
	    "                \"edge\": \"N/A\",\n"
	    "                \"hotspot\": {\n"
	    "                    \"value\": 41,\n"
	    "                    \"unit\": \"C\"\n"
	    "                }\n"
	    "            },\n"
	    "            \"mem_usage\": {\n"
	    "                \"total_vram\": {\n"
	    "                    \"value\": 196592,\n"
	    "                    \"unit\": \"MB\"\n"
	    "                },\n"
	    "                \"used_vram\": {\n"
	    "                    \"value\": 121344,\n"
	    "                    \"unit\": \"MB\"\n"
	    "                }\n"
	    "            }\n"
	    "        }", "\n    ]\n}\n", 1, 1);
	speed("rocm-smi -a", parse_rocm_smi, "=== ROCm System Management "
	    "Interface ===\n", "GPU[", "]\t\t: Temperature (Sensor junction) "
	    "(C): 35.0\n", "", 0, AMD_SPEED_GPUS);
}

int
main(void)
{
	test_monitor();
	test_blocks();
	test_links();
	test_json();
	test_decimal();
	test_rocm();
	test_speed();
	collect_free(&c);
	return (tap_done());
}
