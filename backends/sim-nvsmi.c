/*
 * myriad - the simulator's nvidia-smi: its options, -i, -L, nvlink -s / -e,
 * and what the other outputs share, as nvidia-smi 590 prints them (read
 * back by parse-nvsmi.c and parse-nvlink.c).  --query-gpu and
 * --query-compute-apps are in sim-nvsmi-query.c, -q in sim-nvsmi-q.c,
 * -q -x in sim-nvsmi-xml.c, the default table and topo -m in
 * sim-nvsmi-table.c, dmon and pmon in sim-nvsmi-mon.c, -h and --version in
 * sim-nvsmi-help.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim.h"

/* Fast formatting: the nvidia-smi sweep prints millions of numbers. */
void
sim_nvsmi_u64(struct buf *b, uint64_t v)
{
	char	 tmp[24], *p = tmp + sizeof tmp;

	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v != 0);
	buf_add(b, p, tmp + sizeof tmp - p);
}

/* %.2f for non-negative numbers. */
void
sim_nvsmi_fix2(struct buf *b, double v)
{
	uint64_t	 c;
	char		 frac[3];

	if (v < 0)
		v = 0;
	c = (uint64_t)llround(v * 100);
	sim_nvsmi_u64(b, c / 100);
	frac[0] = '.';
	frac[1] = '0' + (c % 100) / 10;
	frac[2] = '0' + c % 10;
	buf_add(b, frac, 3);
}

/* 0x and 16 hexadecimal digits, upper case as the 590 prints them. */
void
sim_nvsmi_hex16(struct buf *b, uint64_t v)
{
	static const char	 hex[] = "0123456789ABCDEF";
	char			 tmp[18];
	int			 i;

	tmp[0] = '0';
	tmp[1] = 'x';
	for (i = 17; i >= 2; i--) {
		tmp[i] = hex[v & 0xf];
		v >>= 4;
	}
	buf_add(b, tmp, sizeof tmp);
}

/*
 * A GPU's PCI domain and bus: an HGX's on domain 0, a GB200 tray's four
 * each on its own domain (0008, 0009, 0018, 0019), bus 01.
 */
static const u_int sim_nvsmi_gb200_domains[] = { 0x8, 0x9, 0x18, 0x19 };

void
sim_nvsmi_bus(const struct sim *s, u_int node, u_int gpu, u_int *dom,
    u_int *bus)
{
	if (sim_node_imex(s, node)) {
		*dom = sim_nvsmi_gb200_domains[gpu %
		    nitems(sim_nvsmi_gb200_domains)];
		*bus = 1;
	} else {
		*dom = 0;
		*bus = (u_int)strtoul(sim_busids[gpu], NULL, 16);
	}
}

/* The mask of a node's GPUs, as -i names them: bit N for GPU N. */
u_int
sim_nvsmi_all(const struct sim *s, u_int node)
{
	return ((1u << sim_node_gpus(s, node)) - 1);
}

/*
 * A lost GPU, in the spelling of the driver claimed: no space between GPU
 * and its bus id since the 550 drivers.
 */
void
sim_nvsmi_lost(const struct sim *s, u_int node, struct buf *b, u_int gpu)
{
	u_int	 dom, bus;

	sim_nvsmi_bus(s, node, gpu, &dom, &bus);
	buf_printf(b, "Unable to determine the device handle for "
	    "GPU%04X:%02X:00.0: GPU is lost.  Reboot the system to recover "
	    "this GPU\n", dom, bus);
}

/* The HGX H100 baseboard's module of each GPU, as the 565 capture's. */
static const int sim_nvsmi_modules[SIM_GPUS] = { 2, 4, 1, 3, 6, 8, 5, 7 };

/* What nvidia-smi prints of one GPU, from its sample. */
void
sim_nvsmi_gpu(struct sim *s, u_int node, u_int gpu, const struct sim_gpu *g,
    struct sim_nvsmi_gpu *n)
{
	struct tm	 tm;
	size_t		 len;
	u_int		 dom, bus;

	memset(n, 0, sizeof *n);
	n->g = *g;
	strftime(n->stamp, sizeof n->stamp, "%Y/%m/%d %H:%M:%S",
	    sim_tool_gmtime(s->t, &tm));
	len = strlen(n->stamp);
	snprintf(n->stamp + len, sizeof n->stamp - len, ".%03d",
	    (int)((s->t - floor(s->t)) * 1000));
	sim_uuid(s, node, gpu, n->uuid, sizeof n->uuid);
	sim_serial(s, node, gpu, n->serial, sizeof n->serial);
	sim_nvsmi_bus(s, node, gpu, &dom, &bus);
	snprintf(n->busid, sizeof n->busid, "%08X:%02X:00.0", dom, bus);
	snprintf(n->pcibus, sizeof n->pcibus, "0x%02X", bus);
	snprintf(n->pcidomain, sizeof n->pcidomain, "0x%04X", dom);
	sim_fabric_node(s, node, &n->fabric);
	n->index = (int)gpu;
	n->count = (int)sim_node_gpus(s, node);
	strlcpy(n->product, sim_node_model(s, node)->product,
	    sizeof n->product);
	n->mib = sim_node_model(s, node)->mib;
	n->plimit = sim_node_model(s, node)->plimit;
	n->memfree = n->mib - SIM_NVSMI_RESERVED - g->memused;
	if (n->memfree < 0)
		n->memfree = 0;
	n->tlimit = 86 - g->temp;
	n->vidclk = g->busy ? 1545 : 765;
	n->pciegen = g->busy ? 5 : 1;
	n->module = sim_nvsmi_modules[gpu];
	n->sbe_agg = g->sbe_agg > g->sbe ? g->sbe_agg : g->sbe;
	n->dbe_agg = g->dbe_agg > g->dbe ? g->dbe_agg : g->dbe;
}

/* The process of the job on a GPU; 0 for none. */
int
sim_nvsmi_proc(const struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, struct sim_nvsmi_proc *p)
{
	static const char *const names[] = {
		"python3", "/usr/bin/python3", "./train", "torchrun"
	};
	int	 j;

	if ((j = sim_job_on_gpu(s, node, gpu)) < 0 || g->memused == 0)
		return (0);
	p->pid = 1000 + (int)(sim_hash(s->seed, node, s->jobs[j].id,
	    0x706964) % 4000000) + (int)gpu;
	snprintf(p->name, sizeof p->name, "%s",
	    names[s->jobs[j].id % nitems(names)]);
	p->used = g->memused;
	return (1);
}

/*
 * NVLink error counters: mostly zero, high on a link that went down, and
 * rising by the second on a link that stays up with errors (SV_MILD).
 */
static void
sim_nvsmi_nvlink_counters(const struct sim *s, u_int node, u_int gpu, u_int l,
    uint64_t *c)
{
	const struct sim_fault	*f;
	uint64_t		 h;

	h = sim_hash(s->seed, node, gpu * 32 + l, 0x4e564c);
	c[0] = c[1] = c[2] = 0;
	if (h % 50 == 0)
		c[0] = 1 + (h >> 8) % 12;
	if ((f = sim_fault_find(s, node, SF_NVLINK, gpu)) != NULL &&
	    f->link == l && f->variant == SV_MILD) {
		c[0] += (uint64_t)(s->t - f->start) * 3;
		c[1] = (uint64_t)(s->t - f->start) / 300;
		c[2] = (uint64_t)(s->t - f->start) / 2;
	} else if (f != NULL && f->link == l) {
		c[0] += 1200 + (uint64_t)(s->t - f->start) / 7;
		c[1] = 3 + (uint64_t)(s->t - f->start) / 600;
		c[2] = 40 + (uint64_t)(s->t - f->start) / 30;
	}
}

/* "GPU 0: NAME (UUID: ...)", or the line of a lost GPU; 0 when lost. */
static int
sim_nvsmi_title(const struct sim *s, u_int node, u_int gpu, struct buf *out)
{
	char	 uuid[64];

	if (sim_fault_find(s, node, SF_XID79, gpu) != NULL) {
		sim_nvsmi_lost(s, node, out, gpu);
		return (0);
	}
	sim_uuid(s, node, gpu, uuid, sizeof uuid);
	buf_printf(out, "GPU %u: %s (UUID: %s)\n", gpu, sim_node_imex(s, node) ?
	    sim_node_model(s, node)->product : SIM_MODEL, uuid);
	return (1);
}

/* nvidia-smi nvlink -s or -e, of every link or of LINK (-l). */
static int
sim_nvsmi_nvlink(struct sim *s, int node, int errors, int link, u_int only,
    struct buf *out)
{
	static const char *const names[] = {
		": Replay Errors: ", ": Recovery Errors: ", ": CRC Errors: "
	};
	const struct sim_fault	*f;
	uint64_t		 c[3];
	u_int			 gpu, l, k;

	sim_update(s);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (!(only & 1u << gpu))
			continue;
		if (!sim_nvsmi_title(s, node, gpu, out))
			continue;
		f = sim_fault_find(s, node, SF_NVLINK, gpu);
		for (l = 0; l < SIM_LINKS; l++) {
			if (link >= 0 && l != (u_int)link)
				continue;
			/* 1.8 M links at 100k: put, not printed. */
			if (!errors) {
				buf_puts(out, "\t Link ");
				buf_putu(out, l);
				if (f != NULL && f->link == l &&
				    f->variant != SV_MILD)
					buf_puts(out, ": <inactive>\n");
				else
					buf_puts(out, sim_node_imex(s, node) ?
					    ": 53.125 GB/s\n" :
					    ": 26.562 GB/s\n");
				continue;
			}
			if (l != 0 && link < 0)
				buf_putc(out, '\n');
			sim_nvsmi_nvlink_counters(s, node, gpu, l, c);
			for (k = 0; k < 3; k++) {
				buf_puts(out, "\t Link ");
				buf_putu(out, l);
				buf_puts(out, names[k]);
				buf_putu(out, c[k]);
				buf_putc(out, '\n');
			}
		}
	}
	return (0);
}

/*
 * Whether ID names this GPU: its index, its board's serial number, its
 * PCI bus id or its UUID.
 */
static int
sim_nvsmi_id(const struct sim *s, int node, u_int gpu, const char *id)
{
	char	 uuid[64], c;
	u_int	 dom, bus, dev, fn, gdom, gbus;

	if (*id != '\0' && id[strspn(id, "0123456789")] == '\0') {
		sim_serial(s, node, gpu, uuid, sizeof uuid);
		return (strcmp(id, uuid) == 0 ||
		    (strlen(id) < 10 && strtoul(id, NULL, 10) == gpu));
	}
	if (strncasecmp(id, "GPU-", 4) == 0) {
		sim_uuid(s, node, gpu, uuid, sizeof uuid);
		return (strcasecmp(id, uuid) == 0);
	}
	if (sscanf(id, "%x:%x:%x.%x%c", &dom, &bus, &dev, &fn, &c) != 4) {
		dom = 0;
		if (sscanf(id, "%x:%x.%x%c", &bus, &dev, &fn, &c) != 3)
			return (0);
	}
	sim_nvsmi_bus(s, node, gpu, &gdom, &gbus);
	return (dom == gdom && dev == 0 && fn == 0 && bus == gbus);
}

/*
 * The GPUs of -i: indices, serial numbers, PCI bus ids (00000000:18:00.0,
 * 18:00.0) or UUIDs, a comma between them.  One that names no GPU fails
 * the command.
 */
int
sim_nvsmi_ids(const struct sim *s, int node, const char *arg, u_int *only,
    char **cause)
{
	char	*copy, *p, *id;
	u_int	 gpu, found;

	*only = 0;
	copy = xstrdup(arg);
	for (p = copy; (id = strsep(&p, ",")) != NULL; ) {
		found = 0;
		for (gpu = 0; gpu < sim_node_gpus(s, node); gpu++) {
			if (sim_nvsmi_id(s, node, gpu, id))
				found |= 1u << gpu;
		}
		if (found == 0) {
			free(copy);
			xasprintf(cause, "No devices were found");
			return (SIM_NVSMI_NODEV);
		}
		*only |= found;
	}
	free(copy);
	return (0);
}

/*
 * The exit of a command that went well but for a GPU of ONLY lost: 15, as
 * nvidia-smi(1) says, its lost line said on stdout.  A loop (-l, -lms)
 * goes on.
 */
static int
sim_nvsmi_exit(struct sim *s, int node, u_int only, int loop, int rc,
    char **cause)
{
	struct sim_nodeval	 v;
	u_int			 gpu;

	if (rc != 0 || loop)
		return (rc);
	sim_node_sample(s, node, &v);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if ((only & 1u << gpu) && v.gpu[gpu].lost) {
			*cause = xstrdup("");
			return (SIM_NVSMI_LOST);
		}
	}
	return (0);
}

/* An option's value: -x V, --xx V or --xx=V; NULL if A is not it. */
static const char *
sim_nvsmi_arg(int argc, char **argv, int *i, const char *s, const char *l)
{
	const char	*a = argv[*i];
	size_t		 len = strlen(l);

	if ((strcmp(a, l) == 0 || (s != NULL && strcmp(a, s) == 0)) &&
	    *i + 1 < argc)
		return (argv[++*i]);
	if (strncmp(a, l, len) == 0 && a[len] == '=')
		return (a + len + 1);
	return (NULL);
}

int
sim_nvsmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const char	*query = NULL, *list = NULL, *format = NULL, *a;
	const char	*display = NULL, *ids = NULL, *v, *link = NULL;
	char		 option[64];
	int		 i, nvlink = 0, status = 0, errors = 0, rc;
	int		 nlist = 0, gpus = 0, q = 0, xml = 0, topo = 0;
	int		 matrix = 0, loop = 0;
	u_int		 only = sim_nvsmi_all(s, node);

	if (argc > 1 && (strcmp(argv[1], "dmon") == 0 ||
	    strcmp(argv[1], "pmon") == 0))
		return (sim_nvsmi_mon(s, node, argc, argv, out, cause));
	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			sim_nvsmi_help(out);
			return (0);
		}
		if (strcmp(a, "--version") == 0) {
			sim_nvsmi_help_version(out);
			return (0);
		}
		if (strcmp(a, "--help-query-gpu") == 0) {
			sim_nvsmi_help_gpu(out);
			return (0);
		}
	}
	for (i = 1; i < argc; i++) {
		a = argv[i];
		if ((v = sim_nvsmi_arg(argc, argv, &i, NULL,
		    "--query-gpu")) != NULL)
			query = v;
		else if (strncmp(a, "--query-", 8) == 0 &&
		    strcspn(a, "=") < sizeof option) {
			snprintf(option, sizeof option, "%.*s",
			    (int)strcspn(a, "="), a);
			if ((list = sim_nvsmi_arg(argc, argv, &i, NULL,
			    option)) == NULL)
				goto invalid;
			nlist++;
		} else if ((v = sim_nvsmi_arg(argc, argv, &i, NULL,
		    "--format")) != NULL)
			format = v;
		else if ((v = sim_nvsmi_arg(argc, argv, &i, "-i",
		    "--id")) != NULL)
			ids = v;
		else if (nvlink && (v = sim_nvsmi_arg(argc, argv, &i, "-l",
		    "--link")) != NULL)
			link = v;
		else if ((v = sim_nvsmi_arg(argc, argv, &i, "-lms",
		    "--loop-ms")) != NULL ||
		    (v = sim_nvsmi_arg(argc, argv, &i, "-l", "--loop")) != NULL)
			loop = 1;	/* the caller loops: sim_tool_loop_ms */
		else if (strcmp(a, "nvlink") == 0 && i == 1)
			nvlink = 1;
		else if (strcmp(a, "topo") == 0 && i == 1)
			topo = 1;
		else if (topo && (strcmp(a, "-m") == 0 ||
		    strcmp(a, "--matrix") == 0))
			matrix = 1;
		else if (nvlink && (strcmp(a, "-s") == 0 ||
		    strcmp(a, "--status") == 0))
			status = 1;
		else if (nvlink && (strcmp(a, "-e") == 0 ||
		    strcmp(a, "--errorcounters") == 0))
			errors = 1;
		else if (nvlink || topo)
			goto invalid;
		else if (strcmp(a, "-L") == 0 || strcmp(a, "--list-gpus") == 0)
			gpus = 1;
		else if (strcmp(a, "-q") == 0 || strcmp(a, "--query") == 0)
			q = 1;
		else if (strcmp(a, "-x") == 0 ||
		    strcmp(a, "--xml-format") == 0)
			xml = 1;
		else if ((v = sim_nvsmi_arg(argc, argv, &i, "-d",
		    "--display")) != NULL)
			display = v;
		else
			goto invalid;
	}
	if (ids != NULL &&
	    (rc = sim_nvsmi_ids(s, node, ids, &only, cause)) != 0)
		return (rc);
	if (nvlink) {
		if (status == errors) {
			xasprintf(cause, "Invalid combination of input "
			    "arguments. Please run 'nvidia-smi nvlink -h' "
			    "for help.");
			return (-1);
		}
		if (link != NULL && (link[strspn(link, "0123456789")] != '\0' ||
		    *link == '\0' || strtoul(link, NULL, 10) >= SIM_LINKS)) {
			xasprintf(cause, "nvidia-smi: the simulator has no link "
			    "%s (an H100 has %u, 0 to %u)", link, SIM_LINKS,
			    SIM_LINKS - 1);
			return (-1);
		}
		rc = sim_nvsmi_nvlink(s, node, errors, link != NULL ?
		    (int)strtoul(link, NULL, 10) : -1, only, out);
		return (sim_nvsmi_exit(s, node, only, loop, rc, cause));
	}
	if (topo) {
		if (!matrix) {
			xasprintf(cause, "Invalid combination of input "
			    "arguments. Please run 'nvidia-smi topo -h' for "
			    "help.");
			return (-1);
		}
		rc = sim_nvsmi_table_topo(s, node, out);
		return (sim_nvsmi_exit(s, node, sim_nvsmi_all(s, node), loop,
		    rc, cause));
	}
	if (gpus + q + (query != NULL) + nlist > 1 ||
	    ((xml || display != NULL) && !q))
		goto invalid;
	if (gpus) {
		u_int	 gpu;

		sim_update(s);
		for (gpu = 0; gpu < SIM_GPUS; gpu++) {
			if (only & 1u << gpu)
				sim_nvsmi_title(s, node, gpu, out);
		}
		rc = 0;
	} else if (q)
		rc = sim_nvsmi_q(s, node, xml, display, only, out, cause);
	else if (query != NULL)
		rc = sim_nvsmi_query(s, node, query, format, only, out, cause);
	else if (list != NULL)
		rc = sim_nvsmi_query_list(s, node, option, list, format, only,
		    out, cause);
	else
		rc = sim_nvsmi_table(s, node, only, out);
	return (sim_nvsmi_exit(s, node, only, loop, rc, cause));

invalid:
	xasprintf(cause, "Invalid combination of input arguments. Please run "
	    "'nvidia-smi -h' for help.");
	return (-1);
}
