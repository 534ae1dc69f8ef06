/*
 * myriad - the simulator's AMD tools on a mix's MI300X and MI325X nodes:
 * amd-smi (list, static, metric --power and --ecc-block, monitor -p -t -u
 * -m -v, xgmi, topology and topology --json) and rocm-smi's concise
 * table, as the captures in ../shared/fixtures/amd print them.  What no
 * capture shows (amd-smi's --csv, the --json of the other commands, the
 * default monitor and metric, rocm-smi --json and --showtopo) is refused,
 * not guessed.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "sim.h"

/* An MI300X baseboard's GPUs by PCI bus, as amd-smi xgmi prints them. */
const char *const sim_amd_bus[SIM_GPUS] = {
	"0c", "22", "38", "5c", "9f", "af", "bf", "df"
};

/* What amd-smi's and rocm-smi's outputs take from a node. */
struct sim_amd {
	struct sim		*s;
	u_int			 node;
	const struct sim_model	*mo;
	struct sim_nodeval	 v;
	u_int			 count;
	int			 gpu;		/* -g N, or -1 for all */
	int			 json;
	const char		*devid;		/* PCI device id */
};

static void
sim_amd_bdf(struct buf *out, u_int i)
{
	buf_printf(out, "0000:%s:00.0", sim_amd_bus[i % SIM_GPUS]);
}

/*
 * The options every command takes: -g N (--gpu N) and --json; what else
 * the simulator does not print is refused.  Command flags are left in
 * flags[] for the command.
 */
static int
sim_amd_args(struct sim *s, u_int node, int argc, char **argv,
    struct sim_amd *a, const char **flags, u_int *nflags, char **cause)
{
	int	 i;
	char	*end;

	memset(a, 0, sizeof *a);
	a->s = s;
	a->node = node;
	a->mo = sim_node_model(s, node);
	a->count = a->mo->count;
	a->gpu = -1;
	a->devid = strcmp(a->mo->name, "mi325x") == 0 ? "0x74a5" : "0x74a1";
	*nflags = 0;
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			a->json = 1;
		else if ((strcmp(argv[i], "-g") == 0 ||
		    strcmp(argv[i], "--gpu") == 0) && i + 1 < argc) {
			a->gpu = (int)strtol(argv[++i], &end, 10);
			if (*end != '\0' || a->gpu < 0 ||
			    (u_int)a->gpu >= a->count) {
				xasprintf(cause, "amd-smi: GPU %s: no such GPU "
				    "on this node (0 to %u)", argv[i],
				    a->count - 1);
				return (-1);
			}
		} else if (argv[i][0] == '-' && *nflags < 16)
			flags[(*nflags)++] = argv[i];
		else {
			xasprintf(cause, "amd-smi: %s: the simulator does not "
			    "print that", argv[i]);
			return (-1);
		}
	}
	sim_node_sample(s, node, &a->v);
	return (0);
}

/* Whether GPU i is printed: asked for, and on the bus. */
static int
sim_amd_shown(const struct sim_amd *a, u_int i)
{
	return ((a->gpu < 0 || (u_int)a->gpu == i) && !a->v.gpu[i].lost);
}

/* amd-smi list */
static void
sim_amd_list(struct sim *s, u_int node, struct sim_amd *a, struct buf *out)
{
	uint64_t	 h;
	u_int		 i, n = 0;

	for (i = 0; i < a->count; i++) {
		if (!sim_amd_shown(a, i))
			continue;
		h = sim_hash(s->seed, node, i, 0x6b6664);
		buf_printf(out, "%sGPU: %u\n    BDF: ", n++ ? "\n" : "", i);
		sim_amd_bdf(out, i);
		buf_printf(out, "\n    UUID: %08x-0000-1000-80%02x-%012llx\n",
		    (u_int)(h >> 32), (u_int)(h >> 8) & 0xff,
		    (unsigned long long)(sim_hash(s->seed, node, i, 0x75756964)
		    & 0xffffffffffffULL));
		buf_printf(out, "    KFD_ID: %u\n    NODE_ID: %u\n"
		    "    PARTITION_ID: 0\n", 10000 + (u_int)(h % 55000), i + 2);
	}
}

/*
 * amd-smi static, a GPU's block: the keys of the capture's (an MI300A's,
 * ROCm 6.1), with this GPU's values where a field names one.
 */
enum sim_amd_static {
	AS_TEXT, AS_MARKET, AS_DEVID, AS_SERIAL, AS_OAM, AS_BDF, AS_MAXPOWER,
	AS_SOCKET, AS_PRODUCT, AS_NUMA, AS_VRAM
};
static const struct {
	const char		*line;
	enum sim_amd_static	 what;
} sim_amd_static_lines[] = {
	{ .line = "    ASIC:" },
	{ .line = "        MARKET_NAME: ", .what = AS_MARKET },
	{ .line = "        VENDOR_ID: 0x1002" },
	{ .line = "        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]" },
	{ .line = "        SUBVENDOR_ID: 0x1002" },
	{ .line = "        DEVICE_ID: ", .what = AS_DEVID },
	{ .line = "        REV_ID: 0x00" },
	{ .line = "        ASIC_SERIAL: ", .what = AS_SERIAL },
	{ .line = "        OAM_ID: ", .what = AS_OAM },
	{ .line = "    BUS:" },
	{ .line = "        BDF: ", .what = AS_BDF },
	{ .line = "        MAX_PCIE_WIDTH: 16" },
	{ .line = "        MAX_PCIE_SPEED: 32 GT/s" },
	{ .line = "        PCIE_INTERFACE_VERSION: Gen 5" },
	{ .line = "        SLOT_TYPE: OAM" },
	{ .line = "    VBIOS:" },
	{ .line = "        NAME: N/A" },
	{ .line = "        BUILD_DATE: N/A" },
	{ .line = "        PART_NUMBER: N/A" },
	{ .line = "        VERSION: N/A" },
	{ .line = "    LIMIT:" },
	{ .line = "        MAX_POWER: ", .what = AS_MAXPOWER },
	{ .line = "        MIN_POWER: 0 W" },
	{ .line = "        SOCKET_POWER: ", .what = AS_SOCKET },
	{ .line = "        SLOWDOWN_EDGE_TEMPERATURE: N/A" },
	{ .line = "        SLOWDOWN_HOTSPOT_TEMPERATURE: 100 \302\260C" },
	{ .line = "        SLOWDOWN_VRAM_TEMPERATURE: 105 \302\260C" },
	{ .line = "        SHUTDOWN_EDGE_TEMPERATURE: N/A" },
	{ .line = "        SHUTDOWN_HOTSPOT_TEMPERATURE: 110 \302\260C" },
	{ .line = "        SHUTDOWN_VRAM_TEMPERATURE: 115 \302\260C" },
	{ .line = "    DRIVER:" },
	{ .line = "        NAME: amdgpu" },
	{ .line = "        VERSION: 6.8.5" },
	{ .line = "    BOARD:" },
	{ .line = "        MODEL_NUMBER: N/A" },
	{ .line = "        PRODUCT_SERIAL: N/A" },
	{ .line = "        FRU_ID: N/A" },
	{ .line = "        PRODUCT_NAME: ", .what = AS_PRODUCT },
	{ .line = "        MANUFACTURER_NAME: Advanced Micro Devices, Inc. "
	    "[AMD/ATI]" },
	{ .line = "    RAS:" },
	{ .line = "        EEPROM_VERSION: 0x0" },
	{ .line = "        PARITY_SCHEMA: DISABLED" },
	{ .line = "        SINGLE_BIT_SCHEMA: DISABLED" },
	{ .line = "        DOUBLE_BIT_SCHEMA: DISABLED" },
	{ .line = "        POISON_SCHEMA: ENABLED" },
	{ .line = "        ECC_BLOCK_STATE:" },
	{ .line = "            UMC: ENABLED" },
	{ .line = "            SDMA: ENABLED" },
	{ .line = "            GFX: ENABLED" },
	{ .line = "            MMHUB: ENABLED" },
	{ .line = "            ATHUB: DISABLED" },
	{ .line = "            PCIE_BIF: DISABLED" },
	{ .line = "            HDP: DISABLED" },
	{ .line = "            XGMI_WAFL: ENABLED" },
	{ .line = "            DF: DISABLED" },
	{ .line = "            SMN: DISABLED" },
	{ .line = "            SEM: DISABLED" },
	{ .line = "            MP0: DISABLED" },
	{ .line = "            MP1: DISABLED" },
	{ .line = "            FUSE: DISABLED" },
	{ .line = "            MCA: DISABLED" },
	{ .line = "            VCN: DISABLED" },
	{ .line = "            JPEG: DISABLED" },
	{ .line = "            IH: DISABLED" },
	{ .line = "            MPIO: DISABLED" },
	{ .line = "    PARTITION:" },
	{ .line = "        COMPUTE_PARTITION: SPX" },
	{ .line = "        MEMORY_PARTITION: NPS1" },
	{ .line = "    SOC_PSTATE:" },
	{ .line = "        NUM_SUPPORTED: 4" },
	{ .line = "        CURRENT_ID: 1" },
	{ .line = "        POLICIES:" },
	{ .line = "            POLICY_ID: 0" },
	{ .line = "            POLICY_DESCRIPTION: pstate_default" },
	{ .line = "            POLICY_ID: 1" },
	{ .line = "            POLICY_DESCRIPTION: soc_pstate_0" },
	{ .line = "            POLICY_ID: 2" },
	{ .line = "            POLICY_DESCRIPTION: soc_pstate_1" },
	{ .line = "            POLICY_ID: 3" },
	{ .line = "            POLICY_DESCRIPTION: soc_pstate_2" },
	{ .line = "    XGMI_PLPD:" },
	{ .line = "        NUM_SUPPORTED: 3" },
	{ .line = "        CURRENT_ID: 1" },
	{ .line = "        PLPDS:" },
	{ .line = "            POLICY_ID: 0" },
	{ .line = "            POLICY_DESCRIPTION: plpd_disallow" },
	{ .line = "            POLICY_ID: 1" },
	{ .line = "            POLICY_DESCRIPTION: plpd_default" },
	{ .line = "            POLICY_ID: 2" },
	{ .line = "            POLICY_DESCRIPTION: plpd_optimized" },
	{ .line = "    PROCESS_ISOLATION: N/A" },
	{ .line = "    NUMA:" },
	{ .line = "        NODE: ", .what = AS_NUMA },
	{ .line = "        AFFINITY: ", .what = AS_NUMA },
	{ .line = "    VRAM:" },
	{ .line = "        TYPE: HBM" },
	{ .line = "        VENDOR: N/A" },
	{ .line = "        SIZE: ", .what = AS_VRAM },
};

static void
sim_amd_static(struct sim *s, u_int node, struct sim_amd *a, struct buf *out)
{
	u_int	 i, k, n = 0;

	for (i = 0; i < a->count; i++) {
		if (!sim_amd_shown(a, i))
			continue;
		buf_printf(out, "%sGPU: %u\n", n++ ? "\n" : "", i);
		for (k = 0; k < nitems(sim_amd_static_lines); k++) {
			buf_puts(out, sim_amd_static_lines[k].line);
			switch (sim_amd_static_lines[k].what) {
			case AS_TEXT:
				break;
			case AS_MARKET:
				buf_puts(out, a->mo->product);
				break;
			case AS_DEVID:
				buf_puts(out, a->devid);
				break;
			case AS_SERIAL:
				buf_printf(out, "0x%016llX", (unsigned long long)
				    sim_hash(s->seed, node, i, 0x73726c));
				break;
			case AS_OAM:
			case AS_NUMA:
				buf_printf(out, "%u", sim_amd_static_lines[k].what ==
				    AS_OAM ? i : i / 4);
				break;
			case AS_BDF:
				sim_amd_bdf(out, i);
				break;
			case AS_MAXPOWER:
			case AS_SOCKET:
				buf_printf(out, "%d W", a->mo->plimit);
				break;
			case AS_PRODUCT:
				buf_printf(out, "Aqua Vanjaram [%s]",
				    a->mo->product + 4);
				break;
			case AS_VRAM:
				buf_printf(out, "%d MB", a->mo->mib);
				break;
			}
			buf_putc(out, '\n');
		}
	}
}

/* amd-smi metric --power, --ecc-block: a GPU's blocks, as captured. */
static int
sim_amd_metric(struct sim *s, u_int node, struct sim_amd *a,
    const char **flags, u_int nflags, struct buf *out, char **cause)
{
	static const char *const blocks[] = {
		"UMC", "SDMA", "GFX", "MMHUB", "PCIE_BIF", "HDP", "XGMI_WAFL"
	};
	const struct sim_gpu	*g;
	int			 power = 0, ecc = 0;
	u_int			 i, k, n = 0;

	for (k = 0; k < nflags; k++) {
		if (strcmp(flags[k], "-p") == 0 ||
		    strcmp(flags[k], "--power") == 0)
			power = 1;
		else if (strcmp(flags[k], "--ecc-block") == 0)
			ecc = 1;
		else
			break;
	}
	if (k < nflags || (!power && !ecc)) {
		xasprintf(cause, "amd-smi metric: the simulator prints "
		    "--power and --ecc-block only");
		return (-1);
	}
	for (i = 0; i < a->count; i++) {
		if (!sim_amd_shown(a, i))
			continue;
		g = &a->v.gpu[i];
		buf_printf(out, "%sGPU: %u\n", n++ ? "\n" : "", i);
		if (power)
			buf_printf(out, "    POWER:\n        SOCKET_POWER: %d W\n"
			    "        GFX_VOLTAGE: %d mV\n        SOC_VOLTAGE: "
			    "%d mV\n        MEM_VOLTAGE: 1250 mV\n"
			    "        POWER_MANAGEMENT: ENABLED\n"
			    "        THROTTLE_STATUS: %s\n", (int)g->power,
			    g->busy ? 831 : 768, g->busy ? 925 : 806,
			    g->power >= a->mo->plimit - 5 ? "THROTTLED" :
			    "UNTHROTTLED");
		if (!ecc)
			continue;
		buf_puts(out, "    ECC_BLOCKS:\n");
		for (k = 0; k < nitems(blocks); k++)
			buf_printf(out, "        %s:\n            "
			    "CORRECTABLE_COUNT: %llu\n            "
			    "UNCORRECTABLE_COUNT: %llu\n            "
			    "DEFERRED_COUNT: 0\n", blocks[k],
			    (unsigned long long)(k == 0 ? g->sbe : 0),
			    (unsigned long long)(k == 0 ? g->dbe : 0));
	}
	return (0);
}

/*
 * amd-smi monitor -p -t -u -m -v (or -ptumv): a column a value, right
 * aligned under its heading, two blanks apart; the degree sign is one
 * column of two bytes.
 */
enum sim_amd_col {
	AC_POWER, AC_GPUTEMP, AC_MEMTEMP, AC_GFXUTIL, AC_GFXCLOCK, AC_MEMUTIL,
	AC_MEMCLOCK, AC_VRAMUSED, AC_VRAMTOTAL, AC_NCOLS
};
static const struct {
	const char	*heading;
	char		 flag;		/* the -p -t -u -m -v letter */
	const char	*lflag;
} sim_amd_cols[AC_NCOLS] = {
	[AC_POWER] = { "POWER", 'p', "--power-usage" },
	[AC_GPUTEMP] = { "GPU_TEMP", 't', "--temperature" },
	[AC_MEMTEMP] = { "MEM_TEMP", 't', "--temperature" },
	[AC_GFXUTIL] = { "GFX_UTIL", 'u', "--gfx" },
	[AC_GFXCLOCK] = { "GFX_CLOCK", 'u', "--gfx" },
	[AC_MEMUTIL] = { "MEM_UTIL", 'm', "--mem" },
	[AC_MEMCLOCK] = { "MEM_CLOCK", 'm', "--mem" },
	[AC_VRAMUSED] = { "VRAM_USED", 'v', "--vram-usage" },
	[AC_VRAMTOTAL] = { "VRAM_TOTAL", 'v', "--vram-usage" },
};

static void
sim_amd_cell(struct buf *out, const char *heading, const char *v)
{
	int	 w = (int)strlen(heading);

	if (strstr(v, "\302\260") != NULL)
		w++;
	buf_printf(out, "  %*s", w, v);
}

static int
sim_amd_monitor(struct sim_amd *a, const char **flags, u_int nflags,
    struct buf *out, char **cause)
{
	const struct sim_gpu	*g;
	char			 v[32];
	const char		*f;
	int			 on[AC_NCOLS] = { 0 }, any = 0;
	u_int			 i, k, c;

	for (k = 0; k < nflags; k++) {
		f = flags[k];
		for (c = 0; c < AC_NCOLS; c++) {
			if (strcmp(f, sim_amd_cols[c].lflag) == 0 ||
			    (f[1] != '-' && strchr(f + 1,
			    sim_amd_cols[c].flag) != NULL))
				on[c] = any = 1;
		}
		if (f[1] != '-' && strspn(f + 1, "ptumv") != strlen(f + 1))
			break;
		if (f[1] == '-' && !any)
			break;
	}
	if (k < nflags || !any) {
		xasprintf(cause, "amd-smi monitor: the simulator prints -p, "
		    "-t, -u, -m and -v only (as -ptumv, or some of them)");
		return (-1);
	}
	buf_puts(out, "GPU");
	for (c = 0; c < AC_NCOLS; c++) {
		if (on[c])
			buf_printf(out, "  %s", sim_amd_cols[c].heading);
	}
	buf_putc(out, '\n');
	for (i = 0; i < a->count; i++) {
		if (!sim_amd_shown(a, i))
			continue;
		g = &a->v.gpu[i];
		buf_printf(out, "%3u", i);
		for (c = 0; c < AC_NCOLS; c++) {
			if (!on[c])
				continue;
			switch (c) {
			case AC_POWER:
				snprintf(v, sizeof v, "%d W", (int)g->power);
				break;
			case AC_GPUTEMP:
			case AC_MEMTEMP:
				snprintf(v, sizeof v, "%d \302\260C",
				    c == AC_GPUTEMP ? g->temp : g->memtemp);
				break;
			case AC_GFXUTIL:
			case AC_MEMUTIL:
				snprintf(v, sizeof v, "%d %%",
				    c == AC_GFXUTIL ? g->util : g->memutil);
				break;
			case AC_GFXCLOCK:
				snprintf(v, sizeof v, "%d MHz",
				    g->busy ? 2100 : 114);
				break;
			case AC_MEMCLOCK:
				snprintf(v, sizeof v, "%d MHz",
				    g->busy ? 1300 : 900);
				break;
			case AC_VRAMUSED:
				snprintf(v, sizeof v, "%d MB",
				    g->memused > 283 ? g->memused : 283);
				break;
			default:
				snprintf(v, sizeof v, "%d MB", a->mo->mib);
				break;
			}
			sim_amd_cell(out, sim_amd_cols[c].heading, v);
		}
		buf_putc(out, '\n');
	}
	return (0);
}

/* No blanks at the end of a line of the matrices. */
static void
sim_amd_trim(struct buf *out)
{
	while (out->len > 0 && out->data[out->len - 1] == ' ')
		out->len--;
}

/* The KB a GPU has read from or written to a peer over XGMI. */
static u_int
sim_amd_kb(struct sim *s, u_int node, u_int a, u_int b, int write)
{
	return ((u_int)(sim_hash(s->seed, node, a * 64 + b, write ?
	    0x7772 : 0x7264) % 3));
}

/* amd-smi xgmi: the LINK METRIC TABLE, a GPU's Read and Write rows. */
static void
sim_amd_xgmi(struct sim *s, u_int node, struct sim_amd *a, struct buf *out)
{
	u_int	 i, k, w;

	buf_puts(out, "LINK METRIC TABLE:\n       bdf          bit_rate "
	    "max_bandwidth link_type");
	for (k = 0; k < a->count; k++) {
		buf_putc(out, ' ');
		sim_amd_bdf(out, k);
	}
	buf_putc(out, '\n');
	for (i = 0; i < a->count; i++) {
		if (!sim_amd_shown(a, i))
			continue;
		buf_printf(out, "GPU%-3u ", i);
		sim_amd_bdf(out, i);
		buf_printf(out, " %u Gb/s  512 Gb/s      XGMI\n",
		    sim_accel_xgmi_rate(s, node, i));
		for (w = 0; w < 2; w++) {
			buf_printf(out, " %-52s", w ? "Write" : "Read");
			for (k = 0; k < a->count; k++) {
				if (k == i)
					buf_printf(out, "%-13s", "N/A");
				else
					buf_printf(out, "%u KB%-9s",
					    sim_amd_kb(s, node, i, k, w), "");
			}
			sim_amd_trim(out);
			buf_putc(out, '\n');
		}
	}
	buf_putc(out, '\n');
}

/*
 * amd-smi topology: five tables of every GPU against every other, in the
 * text and in --json.
 */
static const struct {
	const char	*title;
	const char	*key;
	const char	*self;
	const char	*other;
	int		 number;	/* a JSON number, not a string */
} sim_amd_topo[] = {
	{ "ACCESS", "link_accessibility", "ENABLED", "ENABLED", 0 },
	{ "WEIGHT", "weight", "0", "15", 1 },
	{ "HOPS", "hops", "0", "1", 1 },
	{ "LINK TYPE", "link_type", "SELF", "XGMI", 0 },
	{ "NUMA BW", "numa_bandwidth", "N/A", "50000-50000", 0 },
};

/* A matrix's cell of GPU i to k: a link down is DISABLED in ACCESS. */
static const char *
sim_amd_pair(struct sim_amd *a, u_int t, u_int i, u_int k)
{
	if (k == i)
		return (sim_amd_topo[t].self);
	if (t == 0 && sim_accel_link(a->s, a->node, i, k) != LINK_UP)
		return ("DISABLED");
	return (sim_amd_topo[t].other);
}

static void
sim_amd_topology(struct sim_amd *a, struct buf *out)
{
	u_int	 t, i, k;

	for (t = 0; t < nitems(sim_amd_topo); t++) {
		buf_printf(out, "%s%s TABLE:\n%12s", t ? "\n" : "",
		    sim_amd_topo[t].title, "");
		for (k = 0; k < a->count; k++) {
			buf_putc(out, ' ');
			sim_amd_bdf(out, k);
		}
		buf_putc(out, '\n');
		for (i = 0; i < a->count; i++) {
			sim_amd_bdf(out, i);
			for (k = 0; k < a->count; k++)
				buf_printf(out, " %-12s",
				    sim_amd_pair(a, t, i, k));
			sim_amd_trim(out);
			buf_putc(out, '\n');
		}
	}
}

/* amd-smi topology --json: ROCm 6.0's list of a GPU's objects. */
static void
sim_amd_topology_json(struct sim_amd *a, struct buf *out)
{
	const char	*q;
	u_int		 i, k, m;

	buf_puts(out, "[\n");
	for (i = 0; i < a->count; i++) {
		buf_printf(out, "    {\n        \"gpu\": %u,\n", i);
		for (m = 0; m < nitems(sim_amd_topo); m++) {
			q = sim_amd_topo[m].number ? "" : "\"";
			buf_printf(out, "        \"%s\": {\n",
			    sim_amd_topo[m].key);
			for (k = 0; k < a->count; k++)
				buf_printf(out, "            \"gpu_%u\": "
				    "%s%s%s%s\n", k, q,
				    sim_amd_pair(a, m, i, k), q,
				    k + 1 < a->count ? "," : "");
			buf_printf(out, "        }%s\n",
			    m + 1 < nitems(sim_amd_topo) ? "," : "");
		}
		buf_printf(out, "    }%s\n", i + 1 < a->count ? "," : "");
	}
	buf_puts(out, "]\n");
}

int
sim_amdsmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_amd	 a;
	const char	*flags[16], *cmd = argc > 1 ? argv[1] : "";
	u_int		 nflags;

	if (sim_amd_args(s, node, argc, argv, &a, flags, &nflags, cause) != 0)
		return (-1);
	if (a.json && strcmp(cmd, "topology") != 0) {
		xasprintf(cause, "amd-smi %s --json: not simulated (no "
		    "capture of it to follow)", cmd);
		return (-1);
	}
	if (strcmp(cmd, "metric") == 0)
		return (sim_amd_metric(s, node, &a, flags, nflags, out, cause));
	if (strcmp(cmd, "monitor") == 0)
		return (sim_amd_monitor(&a, flags, nflags, out, cause));
	if (nflags > 0) {
		xasprintf(cause, "amd-smi %s %s: the simulator does not print "
		    "that", cmd, flags[0]);
		return (-1);
	}
	if (strcmp(cmd, "list") == 0)
		sim_amd_list(s, node, &a, out);
	else if (strcmp(cmd, "static") == 0)
		sim_amd_static(s, node, &a, out);
	else if (strcmp(cmd, "xgmi") == 0)
		sim_amd_xgmi(s, node, &a, out);
	else if (strcmp(cmd, "topology") == 0 && a.json)
		sim_amd_topology_json(&a, out);
	else if (strcmp(cmd, "topology") == 0)
		sim_amd_topology(&a, out);
	else {
		xasprintf(cause, "amd-smi: '%s': the simulator prints list, "
		    "static, metric, monitor, xgmi and topology", cmd);
		return (-1);
	}
	return (0);
}

/*
 * rocm-smi: the concise table, 116 columns, each row padded to the width
 * with blanks; a GPU's name on a line of its own under its row.
 */
int
sim_rocmsmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	static const char rule[] = "===================================="
	    "================================================================"
	    "================";
	const struct sim_gpu	*g;
	struct sim_amd		 a;
	const char		*flags[16];
	char			 t[16], p[16], c[16], v[16], cap[16], u[16];
	u_int			 nflags, i;

	if (argc > 1) {
		xasprintf(cause, "rocm-smi %s: not simulated: the simulator "
		    "prints the concise table (rocm-smi alone)", argv[1]);
		return (-1);
	}
	if (sim_amd_args(s, node, argc, argv, &a, flags, &nflags, cause) != 0)
		return (-1);
	buf_printf(out, "%.41s ROCm System Management Interface %.41s\n",
	    rule, rule);
	buf_printf(out, "%.51s Concise Info %.51s\n", rule, rule);
	buf_puts(out, "Device  [Model : Revision]    Temp        Power     "
	    "Partitions      SCLK    MCLK    Fan  Perf  PwrCap  VRAM%  GPU%  "
	    "\n        Name (20 chars)       (Junction)  (Socket)  "
	    "(Mem, Compute)                                                  "
	    "\n");
	buf_printf(out, "%s\n", rule);
	for (i = 0; i < a.count; i++) {
		if (!sim_amd_shown(&a, i))
			continue;
		g = &a.v.gpu[i];
		snprintf(t, sizeof t, "%d.0\302\260C", g->temp);
		snprintf(p, sizeof p, "%d.0W", (int)g->power);
		snprintf(c, sizeof c, "%dMhz", g->busy ? 2100 : 131);
		snprintf(v, sizeof v, "%3d%%", (int)((g->memused > 283 ?
		    g->memused : 283) * 100.0 / a.mo->mib));
		snprintf(cap, sizeof cap, "%d.0W", a.mo->plimit);
		snprintf(u, sizeof u, "%d%%", g->util);
		buf_printf(out, "%-8u[%s : 0x00]       %-13s%-10sNPS1, SPX       "
		    "%-8s%-8s0%%   auto  %-8s%-7s%-6s\n", i, a.devid, t, p, c,
		    g->busy ? "1300Mhz" : "900Mhz", cap, v, u);
		buf_printf(out, "        %-108s\n", a.mo->product);
	}
	buf_printf(out, "%s\n%.47s End of ROCm SMI Log %.48s\n", rule, rule,
	    rule);
	return (0);
}
