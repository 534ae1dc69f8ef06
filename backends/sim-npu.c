/*
 * myriad - the simulator's Huawei tools on a mix's Ascend nodes: npu-smi
 * info (the 910B's layout of 23.0.rc3.3, the Atlas A3's "910_93" layout
 * of 25.2.0, two chips a card), npu-smi info -t health|common|usages|
 * memory|board|topo -i N [-c C], and hccn_tool -i N -link|-net_health|
 * -optical|-link_stat -g, as the captures in ../shared/fixtures/ascend
 * and t/data print them.  What none shows is refused, not guessed: -t topo
 * of an A3, the other -t types.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"

/* Each card's chips' buses: a 910B's, then an A3's two a card. */
const char *const sim_npu_bus910b[SIM_GPUS] = {
	"C1", "C2", "81", "82", "01", "02", "41", "42"
};
const char *const sim_npu_busa3[SIM_NODEGPUS] = {
	"9D", "9F", "99", "9B", "95", "97", "91", "93",
	"8D", "8F", "89", "8B", "85", "87", "81", "83"
};

/* CPU cores near each card of a 910B node, as -t topo prints them. */
static const char *const sim_npu_affinity[8] = {
	"144-167", "144-167", "96-119", "96-119", "0-23", "0-23", "48-71",
	"48-71"
};

#define SIM_NPU_RULE	"+-----------------------------------------------" \
			"-------------------------------------------------+\n"
#define SIM_NPU_COLS	"+---------------------------+---------------+----" \
			"------------------------------------------------+\n"
#define SIM_NPU_BOLD	"+===========================+===============+====" \
			"================================================+\n"

/* A node's cards and chips, sampled. */
struct sim_npu {
	const struct sim_model	*mo;
	struct sim_nodeval	 v;
	u_int			 cards;
	u_int			 chips;		/* a card's */
	const char		*version;
};

static void
sim_npu_open(struct sim *s, u_int node, struct sim_npu *n)
{
	n->mo = sim_node_model(s, node);
	n->chips = n->mo->chips;
	n->cards = n->mo->count / n->chips;
	n->version = n->chips > 1 ? "25.2.0" : "23.0.rc3.3";
	sim_node_sample(s, node, &n->v);
}

/* A chip's health word: Alarm while a memory fault holds it. */
static const char *
sim_npu_health(const struct sim_gpu *g)
{
	return (g->lost || g->xid == 48 ? "Alarm" : "OK");
}

/*
 * A chip's HBM used, MB: an idle one still holds ~3 GB (an idle 910B's
 * -t usages says 5% of 65,536); the table and -t usages/common say the
 * same.
 */
static int
sim_npu_hbm(const struct sim_npu *n, const struct sim_gpu *g)
{
	return (g->memused > 3000 ? g->memused : 3000 + g->memutil);
}

/* npu-smi info: the cards' table, then the processes'. */
static void
sim_npu_table(struct sim *s, u_int node, struct sim_npu *n, struct buf *out)
{
	const struct sim_gpu	*g;
	char			 id[16], phy[16], pw[16], used[16], pid[16];
	u_int			 c, k, i, np;
	int			 j;

	buf_printf(out, SIM_NPU_RULE "| npu-smi %-25sVersion: %-53s|\n"
	    SIM_NPU_COLS, n->version, n->version);
	buf_printf(out, "| NPU   Name                | Health        | Power(W)"
	    "    Temp(C)           Hugepages-Usage(page)|\n| Chip%-22s| "
	    "Bus-Id        | AICore(%%)   Memory-Usage(MB)  HBM-Usage(MB)  "
	    "      |\n" SIM_NPU_BOLD, n->chips > 1 ? "  Phy-ID" : "");
	for (c = 0; c < n->cards; c++) {
		for (k = 0; k < n->chips; k++) {
			i = c * n->chips + k;
			g = &n->v.gpu[i];
			if (k > 0)
				buf_puts(out, SIM_NPU_RULE);
			snprintf(id, sizeof id, "%u", c);
			if (k == 0)
				snprintf(pw, sizeof pw, "%.1f", g->power *
				    (n->chips > 1 ? 1.9 : 1));
			else
				strlcpy(pw, "-", sizeof pw);
			buf_printf(out, "| %-6s%-20s| %-14s| %-12s%-18d%-5d/ "
			    "%-14d|\n", id, n->mo->product, sim_npu_health(g),
			    pw, g->temp, 0, 0);
			snprintf(id, sizeof id, "%u", k);
			snprintf(phy, sizeof phy, "%u", i);
			snprintf(used, sizeof used, "%d", sim_npu_hbm(n, g));
			buf_printf(out, "| %-6s%-20s| 0000:%s:00.0  | %-12d%-5d/ "
			    "%-11d%-5s/ %-14d|\n", id, n->chips > 1 ? phy : "",
			    n->chips > 1 ? sim_npu_busa3[i] :
			    sim_npu_bus910b[i], g->util, 0, 0, used, n->mo->mib);
		}
		buf_puts(out, SIM_NPU_BOLD);
	}

	buf_printf(out, SIM_NPU_COLS "| NPU     Chip              | Process id "
	    "   | Process name             | Process memory(MB)      |\n"
	    SIM_NPU_BOLD);
	for (c = 0; c < n->cards; c++) {
		for (k = 0, np = 0; k < n->chips; k++) {
			i = c * n->chips + k;
			g = &n->v.gpu[i];
			if ((j = sim_job_on_gpu(s, node, i)) < 0 ||
			    !g->busy)
				continue;
			snprintf(id, sizeof id, "%u", c);
			snprintf(phy, sizeof phy, "%u", k);
			snprintf(pid, sizeof pid, "%u", 100000 + (u_int)
			    (sim_hash(s->seed, node, s->jobs[j].id, 0x706964) %
			    800000) + i);
			buf_printf(out, "| %-8s%-18s| %-14s| %-25s| %-24d|\n",
			    id, phy, pid, n->chips > 1 ? "" : "python",
			    g->memused);
			np++;
		}
		if (np == 0)
			buf_printf(out, "| No running processes found in NPU "
			    "%-61u|\n", c);
		buf_puts(out, SIM_NPU_BOLD);
	}
}

/* A key of npu-smi info -t: 8 blanks, the key in 31 columns, ': '. */
static void
sim_npu_key(struct buf *out, const char *key, const char *fmt, ...)
    printflike(3, 4);
static void
sim_npu_key(struct buf *out, const char *key, const char *fmt, ...)
{
	va_list	 ap;
	char	 v[64];

	va_start(ap, fmt);
	vsnprintf(v, sizeof v, fmt, ap);
	va_end(ap);
	buf_printf(out, "        %-31s: %s\n", key, v);
}

/* -t health, -t common, -t usages: the card's count, a chip's block. */
static void
sim_npu_info_t(struct sim *s, u_int node, struct sim_npu *n, const char *t,
    u_int card, struct buf *out)
{
	const struct sim_gpu	*g;
	u_int			 k;
	double			 busy;

	sim_npu_key(out, "NPU ID", "%u", card);
	sim_npu_key(out, "Chip Count", "%u", n->chips);
	for (k = 0; k < n->chips; k++) {
		g = &n->v.gpu[card * n->chips + k];
		busy = sim_npu_hbm(n, g) * 100.0 / n->mo->mib;
		if (strcmp(t, "health") == 0) {
			buf_puts(out, "  \n");
			sim_npu_key(out, "Chip ID", "%u", k);
			sim_npu_key(out, "Health", "%s", sim_npu_health(g));
			continue;
		}
		buf_putc(out, '\n');
		if (strcmp(t, "usages") == 0) {
			sim_npu_key(out, "DDR Capacity(MB)", "0");
			sim_npu_key(out, "DDR Usage Rate(%)", "0");
			sim_npu_key(out, "DDR Hugepages Total(page)", "0");
			sim_npu_key(out, "DDR Hugepages Usage Rate(%)", "0");
			sim_npu_key(out, "HBM Capacity(MB)", "%d", n->mo->mib);
			sim_npu_key(out, "HBM Usage Rate(%)", "%d", (int)busy);
			sim_npu_key(out, "Aicore Usage Rate(%)", "%d", g->util);
			sim_npu_key(out, "Aivector Usage Rate(%)", "%d",
			    g->util * 9 / 10);
			sim_npu_key(out, "Aicpu Usage Rate(%)", "0");
			sim_npu_key(out, "Ctrlcpu Usage Rate(%)", "%d",
			    3 + g->util / 20);
			sim_npu_key(out, "DDR Bandwidth Usage Rate(%)", "0");
			sim_npu_key(out, "HBM Bandwidth Usage Rate(%)", "%d",
			    g->memutil);
			sim_npu_key(out, "NPU Utilization(%)", "%d", g->util);
			sim_npu_key(out, "Aicube Usage Rate(%)", "%d",
			    g->util);
			sim_npu_key(out, "Chip ID", "%u", k);
			continue;
		}
		sim_npu_key(out, "Chip ID", "%u", k);
		sim_npu_key(out, "Memory Usage Rate(%)", "0");
		sim_npu_key(out, "HBM Usage Rate(%)", "%d", (int)busy);
		sim_npu_key(out, "Aicore Usage Rate(%)", "%d", g->util);
		sim_npu_key(out, "Aicore Freq(MHZ)", "1800");
		sim_npu_key(out, "Aicore curFreq(MHZ)", "%d", g->busy ? 1800 :
		    800);
		sim_npu_key(out, "Aicore Count", "%d", n->chips > 1 ? 24 : 20);
		sim_npu_key(out, "Temperature(C)", "%d", g->temp);
		sim_npu_key(out, "NPU Real-time Power(W)", "%.1f", g->power);
	}
	buf_putc(out, '\n');
	if (strcmp(t, "health") == 0) {
		sim_npu_key(out, "Health", "OK");
		sim_npu_key(out, "Chip Name", "MCU");
	} else if (strcmp(t, "common") == 0) {
		sim_npu_key(out, "Chip Name", "mcu");
		sim_npu_key(out, "Temperature(C)", "%d", (int)lround(n->v.inlet +
		    18));
	} else
		out->len--;		/* usages: no MCU, no blank */
	(void)s;
	(void)node;
}

/* -t board -i N: the card's, as a 910B's 25.5.1 prints it. */
static void
sim_npu_board(struct sim *s, u_int node, struct sim_npu *n, u_int card,
    struct buf *out)
{
	sim_npu_key(out, "NPU ID", "%u", card);
	sim_npu_key(out, "Product Name", "IT21HMDC_Bin5");
	sim_npu_key(out, "Model", "NA");
	sim_npu_key(out, "Manufacturer", "Huawei");
	sim_npu_key(out, "Serial Number", "1025C%07llu", (unsigned long long)
	    (sim_hash(s->seed, node, card, 0x736e) % 10000000));
	sim_npu_key(out, "Software Version", "%s", n->version);
	sim_npu_key(out, "Firmware Version", "7.8.0.6.201");
	sim_npu_key(out, "Compatibility", "OK");
	sim_npu_key(out, "Board ID", "0x60");
	sim_npu_key(out, "PCB ID", "A");
	sim_npu_key(out, "BOM ID", "1");
	sim_npu_key(out, "PCIe Bus Info", "0000:%s:00.0", n->chips > 1 ?
	    sim_npu_busa3[card * 2] : sim_npu_bus910b[card]);
	sim_npu_key(out, "Slot ID", "%u", card);
	sim_npu_key(out, "Class ID", "NA");
	sim_npu_key(out, "PCI Vendor ID", "0x19E5");
	sim_npu_key(out, "PCI Device ID", "0xD802");
	sim_npu_key(out, "Subsystem Vendor ID", "0x19E5");
	sim_npu_key(out, "Subsystem Device ID", "0x3003");
	sim_npu_key(out, "Chip Count", "%u", n->chips);
}

/*
 * -t memory -i N -c C: the 950PR capture's keys, at the left margin as
 * it prints them.
 */
static void
sim_npu_memory(struct sim_npu *n, const struct sim_gpu *g, struct buf *out)
{
	buf_printf(out, "%-31s: 0\n%-31s: %d\n%-31s: 1600\n%-31s: %d\n",
	    "DDR Capacity(MB)", "HBM Capacity(MB)", n->mo->mib,
	    "HBM Clock Speed(MHz)", "HBM Temperature(C)", g->memtemp);
}

/* -t topo: HCCS between every two cards of a 910B node, and the legend. */
static void
sim_npu_topo(struct sim_npu *n, struct buf *out)
{
	u_int	 a, b;

	buf_puts(out, "\t   ");
	for (a = 0; a < n->cards; a++)
		buf_printf(out, "NPU%-8u", a);
	buf_puts(out, "CPU Affinity\n");
	for (a = 0; a < n->cards; a++) {
		buf_printf(out, "NPU%-8u", a);
		for (b = 0; b < n->cards; b++)
			buf_printf(out, "%-11s", a == b ? "X" : "HCCS");
		buf_printf(out, "%s\n", sim_npu_affinity[a % 8]);
	}
	buf_puts(out, "\nLegend:\n\n"
	    "  X    = Self\n"
	    "  SYS  = Path traversing PCIe and NUMA nodes. Nodes are connected "
	    "through SMP, such as QPI, UPI.\n"
	    "  PHB  = Path traversing PCIe and the PCIe host bridge of a CPU.\n"
	    "  PIX  = Path traversing a single PCIe switch\n"
	    "  PXB  = Path traversing multiple PCIe switches\n"
	    "  HCCS = Connection traversing HCCS.\n"
	    "  NA   = Unknown relationship.\n");
}

/* A number after a flag: -i N, -c C. */
static int
sim_npu_number(const char *s, u_int max, u_int *v)
{
	char		*end;
	unsigned long	 n;

	n = strtoul(s, &end, 10);
	if (*s == '\0' || *end != '\0' || n >= max)
		return (-1);
	*v = (u_int)n;
	return (0);
}

int
sim_npusmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_npu	 n;
	const char	*t = NULL;
	u_int		 card = 0, chip = 0;
	int		 i, hasi = 0, hasc = 0;

	sim_npu_open(s, node, &n);
	if (argc < 2 || strcmp(argv[1], "info") != 0) {
		xasprintf(cause, "npu-smi: the simulator prints npu-smi info "
		    "and its -t forms only");
		return (-1);
	}
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "-t") == 0 && i + 1 < argc)
			t = argv[++i];
		else if (strcmp(argv[i], "-i") == 0 && i + 1 < argc &&
		    sim_npu_number(argv[i + 1], n.cards, &card) == 0) {
			hasi = 1;
			i++;
		} else if (strcmp(argv[i], "-c") == 0 && i + 1 < argc &&
		    sim_npu_number(argv[i + 1], n.chips, &chip) == 0) {
			hasc = 1;
			i++;
		} else {
			xasprintf(cause, "npu-smi info: %s: not a card or "
			    "chip of this node, nor an option the simulator "
			    "prints", argv[i]);
			return (-1);
		}
	}
	if (t == NULL) {
		sim_npu_table(s, node, &n, out);
		return (0);
	}
	if (strcmp(t, "topo") == 0 && n.chips == 1) {
		sim_npu_topo(&n, out);
		return (0);
	}
	if (strcmp(t, "topo") == 0) {	/* takes no -i: the whole node's */
		xasprintf(cause, "npu-smi info -t topo of an Atlas A3: not "
		    "simulated (no capture of it to follow)");
		return (-1);
	}
	if (!hasi) {
		xasprintf(cause, "npu-smi info -t %s: give the card, -i N", t);
		return (-1);
	}
	if (strcmp(t, "health") == 0 && hasc) {
		sim_npu_key(out, "Health Status", "%s",
		    sim_npu_health(&n.v.gpu[card * n.chips + chip]));
		sim_npu_key(out, "Error Code", "NA");
		sim_npu_key(out, "Error Information", "NA");
	} else if (strcmp(t, "memory") == 0)
		sim_npu_memory(&n, &n.v.gpu[card * n.chips + chip], out);
	else if (strcmp(t, "board") == 0 && !hasc)
		sim_npu_board(s, node, &n, card, out);
	else if (!hasc && (strcmp(t, "health") == 0 ||
	    strcmp(t, "common") == 0 || strcmp(t, "usages") == 0))
		sim_npu_info_t(s, node, &n, t, card, out);
	else {
		xasprintf(cause, "npu-smi info -t %s%s: not simulated (no "
		    "capture of it to follow)", t, hasc ? " -c" : "");
		return (-1);
	}
	return (0);
}

/*
 * hccn_tool -i N -link|-net_health|-optical|-link_stat -g: an NPU's RoCE
 * port, which the node's IB faults take down, make flap, or (the mild
 * form of a down) leave up with a lane's Rx power below the threshold.
 */
int
sim_hccn(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const struct sim_fault	*down, *flap;
	struct sim_npu		 n;
	struct tm		 tm;
	char			 when[32];
	const char		*q = NULL;
	u_int			 dev = 0, k, flips;
	int			 i, hasi = 0, get = 0, up, dim = 0;
	double			 t;

	sim_npu_open(s, node, &n);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-i") == 0 && i + 1 < argc &&
		    sim_npu_number(argv[i + 1], UINT_MAX, &dev) == 0) {
			hasi = 1;
			i++;
		} else if (strcmp(argv[i], "-g") == 0)
			get = 1;
		else if (q == NULL && (strcmp(argv[i], "-link") == 0 ||
		    strcmp(argv[i], "-net_health") == 0 ||
		    strcmp(argv[i], "-optical") == 0 ||
		    strcmp(argv[i], "-link_stat") == 0))
			q = argv[i];
		else
			break;
	}
	if (i < argc || !hasi || !get || q == NULL) {
		xasprintf(cause, "hccn_tool: the simulator prints -i N with "
		    "-link, -net_health, -optical or -link_stat, and -g");
		return (-1);
	}
	/* hccn_tool's own words for it are not known: no capture. */
	if (dev >= n.mo->count) {
		xasprintf(cause, "hccn_tool: -i %u: no such device on this "
		    "node (0 to %u)", dev, n.mo->count - 1);
		return (-1);
	}
	down = sim_fault_find(s, node, SF_IBDOWN, dev % SIM_IBPORTS);
	flap = sim_fault_find(s, node, SF_IBFLAP, dev % SIM_IBPORTS);
	/* The mild form: the link stays up, a lane's light too dim. */
	if (down != NULL && down->variant == SV_MILD) {
		dim = 1;
		down = NULL;
	}
	up = down == NULL && (flap == NULL ||
	    !((long)floor((s->t - flap->start) / 30) & 1));
	if (strcmp(q, "-link") == 0)
		buf_printf(out, "link status: %s\n", up ? "UP" : "DOWN");
	else if (strcmp(q, "-net_health") == 0)
		buf_printf(out, "net health status: %s\n", up ? "Success" :
		    "Fault");
	else if (strcmp(q, "-optical") == 0) {
		buf_printf(out, "optical info:\n"
		    "present              : present\n"
		    "temperature          : %d C\n", (int)lround(n.v.inlet +
		    22));
		buf_puts(out, "high power enable reg: enabled\n"
		    "vendor name          : Hisense\n"
		    "vendor part number   : LMQ8611-PC+\n");
		buf_printf(out, "vendor serial number : V8BD6H%05llu\n",
		    (unsigned long long)(sim_hash(s->seed, node, dev, 0x6f70) %
		    100000));
		buf_puts(out, "vendor org unique id : 0xac 0x4a 0x0\n"
		    "xsfp identifier      : QSFP+ or later\n"
		    "xsfp wave length     : 850 nm\n"
		    "manufact date code   : 2023.6.18\n"
		    "Vcc                  : 3262.90 mV\n");
		for (k = 0; k < 4; k++)
			buf_printf(out, "Tx Power%u            : %.4f mW\n"
			    "Rx Power%u            : %.4f mW\n", k, 1.3968 +
			    0.03 * k, k, (down != NULL || dim) && k == 1 ?
			    0.0054 : 0.9907 + 0.01 * k);
		buf_puts(out, "Vcc High Thres       : 3465.00 mV\n"
		    "Vcc Low Thres        : 3135.00 mV\n"
		    "Temp High Thres      : 70 C\n"
		    "Temp Low Thres       : 0 C\n"
		    "TxPower High Thres   : 3.5481 mW\n"
		    "TxPower Low Thres    : 0.2818 mW\n"
		    "RxPower High Thres   : 3.5481 mW\n"
		    "RxPower Low Thres    : 0.1445 mW\n");
		for (k = 0; k < 4; k++)
			buf_printf(out, "Tx Bias%u             : %.4f mA\n", k,
			    7.9240 + 0.004 * k);
		buf_printf(out, "Tx Los Flag          : 0x0\n"
		    "Rx Los Flag          : %s\n"
		    "Tx LoL Flag          : 0x0\n"
		    "Rx LoL Flag          : %s\n", down != NULL ? "0x2" : "0x0",
		    down != NULL ? "0x2" : "0x0");
		for (k = 0; k < 4; k++)
			buf_printf(out, "Host SNR Lane%u       : not supported\n",
			    k);
		for (k = 0; k < 4; k++)
			buf_printf(out, "Media SNR Lane%u      : %.4f dB\n", k,
			    22.1875 + 0.3 * k);
	} else {
		/* Up at boot; a flap's downs and ups since, newest first. */
		t = sim_boot_time(s, node) + 120;
		flips = flap != NULL ? 2 * (u_int)((s->t - flap->start) / 60) :
		    (down != NULL ? 1 : 0);
		if (flips > 40)
			flips = 40;
		strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y",
		    sim_tool_gmtime(s->t, &tm));
		buf_printf(out, "[devid %u]current time        : %s\n", dev,
		    when);
		buf_printf(out, "[devid %u]link up count       : %u\n", dev,
		    1 + flips / 2);
		buf_printf(out, "[devid %u]link change records :\n", dev);
		for (k = flips; k > 0; k--) {
			strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y",
			    sim_tool_gmtime((flap != NULL ? flap->start :
			    down->start) + 30 * (k - 1), &tm));
			buf_printf(out, "[devid %u]    %s    LINK %s\n", dev,
			    when, k % 2 ? "DOWN" : "UP");
		}
		strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y",
		    sim_tool_gmtime(t, &tm));
		buf_printf(out, "[devid %u]    %s    LINK UP\n", dev, when);
	}
	return (0);
}
