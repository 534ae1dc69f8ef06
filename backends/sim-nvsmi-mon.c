/*
 * myriad - the simulator's nvidia-smi dmon and pmon, as the 590.48.01
 * H100 capture prints them (t/data/nvsmi-590-dmon.txt, -pmon.txt) and,
 * for -s pucvmet, -s um and -o DT, a capture of a recent driver
 * (t/data/nvsmi-dmon-pucvmet-DT.txt, nvsmi-pmon-um-DT.txt).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The real tools print a sample every -d seconds until -c samples or ^C.
 * The simulator prints its samples at once, each at its own simulated
 * time, and stops after SIM_NVSMI_MON_BOUND samples when there is no -c,
 * after SIM_NVSMI_MON_MAX (an hour at the default delay) whatever -c says.
 */

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"

#define SIM_NVSMI_MON_BOUND	10
#define SIM_NVSMI_MON_MAX	3600

/* One GPU's sample, or one of its processes; -1 prints as -. */
struct sim_nvsmi_mon_val {
	int		 pwr, gtemp, mtemp;
	int		 sm, mem, enc, dec, jpg, ofa;
	int		 mclk, pclk;
	int		 pviol, tviol;
	int		 fb, bar1, ccpm;
	int		 sbecc, dbecc, pci;
	int		 rxpci, txpci;
};

/* A column: the -s letter that shows it, its name and unit, its value. */
struct sim_nvsmi_mon_col {
	char		 select;
	const char	*name;
	const char	*unit;
	size_t		 off;
};
#define MC(s, n, u) { .select = s, .name = #n, .unit = u,		\
	.off = offsetof(struct sim_nvsmi_mon_val, n) }

/* dmon's columns in the order it prints them, whatever the -s order. */
static const struct sim_nvsmi_mon_col sim_nvsmi_mon_dmon[] = {
	MC('p', pwr, "W"), MC('p', gtemp, "C"), MC('p', mtemp, "C"),
	MC('u', sm, "%"), MC('u', mem, "%"), MC('u', enc, "%"),
	MC('u', dec, "%"), MC('u', jpg, "%"), MC('u', ofa, "%"),
	MC('c', mclk, "MHz"), MC('c', pclk, "MHz"),
	MC('v', pviol, "%"), MC('v', tviol, "bool"),
	MC('m', fb, "MB"), MC('m', bar1, "MB"), MC('m', ccpm, "MB"),
	MC('e', sbecc, "errs"), MC('e', dbecc, "errs"), MC('e', pci, "errs"),
	MC('t', rxpci, "MB/s"), MC('t', txpci, "MB/s"),
};

/* pmon's, between its type and its command. */
static const struct sim_nvsmi_mon_col sim_nvsmi_mon_pmon[] = {
	MC('u', sm, "%"), MC('u', mem, "%"), MC('u', enc, "%"),
	MC('u', dec, "%"), MC('u', jpg, "%"), MC('u', ofa, "%"),
	MC('m', fb, "MB"), MC('m', ccpm, "MB"),
};

/* What one run asks for. */
struct sim_nvsmi_mon {
	int				 pmon;
	const struct sim_nvsmi_mon_col	*cols;
	u_int				 ncols;
	const char			*select;
	int				 date, time;
	u_int				 only;
	long				 count;
	long				 delay;
};

/*
 * The start of a line: -o D and T, each a column of 8 (the first after a
 * blank, the other after four), then the GPU's index in 5, after three
 * more when there was a date or a time.  A heading's first blank is #.
 */
static void
sim_nvsmi_mon_lead(struct buf *b, const struct sim_nvsmi_mon *m, int head,
    const char *date, const char *time, const char *gpu)
{
	size_t	 start = b->len;

	if (m->date)
		buf_printf(b, " %-8s", date);
	if (m->time)
		buf_printf(b, "%s%-8s", m->date ? "    " : " ", time);
	buf_printf(b, "%s%5s", m->date || m->time ? "   " : "", gpu);
	if (head)
		b->data[start] = '#';
}

/* The two heading lines: names, then units. */
static void
sim_nvsmi_mon_head(struct buf *b, const struct sim_nvsmi_mon *m)
{
	const struct sim_nvsmi_mon_col	*c;
	u_int				 i;
	int				 units;

	for (units = 0; units < 2; units++) {
		sim_nvsmi_mon_lead(b, m, 1, units ? "YYYYMMDD" : "Date",
		    units ? "HH:MM:SS" : "Time", units ? "Idx" : "gpu");
		if (m->pmon)
			buf_puts(b, units ? "           #    C/G" :
			    "         pid   type");
		for (i = 0; i < m->ncols; i++) {
			c = &m->cols[i];
			if (strchr(m->select, c->select) != NULL)
				buf_printf(b, "%7s", units ? c->unit : c->name);
		}
		if (m->pmon)
			buf_puts(b, units ? "    name" : "    command");
		buf_puts(b, " \n");
	}
}

/* A row's columns: a value, or - for none. */
static void
sim_nvsmi_mon_cols(struct buf *b, const struct sim_nvsmi_mon *m,
    const struct sim_nvsmi_mon_val *v)
{
	const struct sim_nvsmi_mon_col	*c;
	u_int				 i;
	int				 n;

	for (i = 0; i < m->ncols; i++) {
		c = &m->cols[i];
		if (strchr(m->select, c->select) == NULL)
			continue;
		memcpy(&n, (const char *)v + c->off, sizeof n);
		if (n < 0)
			buf_puts(b, "      -");
		else
			buf_printf(b, "%7d", n);
	}
}

/* What dmon shows of a GPU, from its sample. */
static void
sim_nvsmi_mon_gpu(const struct sim_gpu *g, struct sim_nvsmi_mon_val *v)
{
	memset(v, 0, sizeof *v);
	v->pwr = (int)g->power;
	v->gtemp = g->temp;
	v->mtemp = g->memtemp;
	v->sm = g->util;
	v->mem = g->memutil;
	v->mclk = g->memclk;
	v->pclk = g->smclk;
	v->pviol = (g->throttle & 0x4) ? 100 : 0;	/* SW power cap */
	v->tviol = (g->throttle & 0x68) ? 1 : 0;	/* thermal */
	v->fb = g->memused;
	v->bar1 = g->busy ? 36 : 4;
	v->sbecc = (int)g->sbe;
	v->dbecc = (int)g->dbe;
	v->rxpci = g->busy ? 180 + g->util : 0;
	v->txpci = g->busy ? 40 + g->memutil : 0;
}

/* One sample's rows: a GPU each, or each process of each GPU (or -). */
static void
sim_nvsmi_mon_sample(struct sim *s, int node, const struct sim_nvsmi_mon *m,
    struct buf *b)
{
	struct sim_nodeval	 nv;
	struct sim_nvsmi_mon_val v;
	struct sim_nvsmi_proc	 p;
	struct tm		 tm;
	char			 date[16], time[16], gpu[8];
	const char		*name;
	u_int			 i;

	sim_node_sample(s, node, &nv);
	sim_tool_gmtime(s->t, &tm);
	strftime(date, sizeof date, "%Y%m%d", &tm);
	strftime(time, sizeof time, "%H:%M:%S", &tm);
	for (i = 0; i < SIM_GPUS; i++) {
		if (!(m->only & 1u << i))
			continue;
		snprintf(gpu, sizeof gpu, "%u", i);
		sim_nvsmi_mon_lead(b, m, 0, date, time, gpu);
		sim_nvsmi_mon_gpu(&nv.gpu[i], &v);
		if (!m->pmon) {
			sim_nvsmi_mon_cols(b, m, &v);
			buf_puts(b, " \n");
			continue;
		}
		if (!sim_nvsmi_proc(s, node, i, &nv.gpu[i], &p)) {
			memset(&v, 0xff, sizeof v);
			buf_puts(b, "          -     -");
			sim_nvsmi_mon_cols(b, m, &v);
			buf_printf(b, "    %-15s\n", "-");
			continue;
		}
		v.enc = v.dec = v.jpg = v.ofa = -1;
		v.fb = p.used;
		name = strrchr(p.name, '/') != NULL ? strrchr(p.name, '/') + 1 :
		    p.name;
		buf_printf(b, "%11d     C", p.pid);
		sim_nvsmi_mon_cols(b, m, &v);
		buf_printf(b, "    %-15.15s\n", name);
	}
}

/* dmon's and pmon's options; -1 and a message if one is not theirs. */
static int
sim_nvsmi_mon_args(struct sim *s, int node, int argc, char **argv,
    struct sim_nvsmi_mon *m, char **cause)
{
	const char	*a, *v, *o;
	char		*end;
	int		 i, rc;

	for (i = 2; i < argc; i++) {
		a = argv[i];
		if (i + 1 >= argc || a[0] != '-')
			goto invalid;
		v = argv[++i];
		if (strcmp(a, "-i") == 0 || strcmp(a, "--id") == 0) {
			if ((rc = sim_nvsmi_ids(s, node, v, &m->only,
			    cause)) != 0)
				return (rc);
		} else if (strcmp(a, "-c") == 0 || strcmp(a, "--count") == 0) {
			m->count = strtol(v, &end, 10);
			if (*end != '\0' || m->count < 1)
				goto invalid;
		} else if (strcmp(a, "-d") == 0 || strcmp(a, "--delay") == 0) {
			m->delay = strtol(v, &end, 10);
			if (*end != '\0' || m->delay < 1 ||
			    (m->pmon && m->delay > 10))
				goto invalid;
		} else if (strcmp(a, "-s") == 0 ||
		    strcmp(a, "--select") == 0) {
			if (*v == '\0' || v[strspn(v, m->pmon ? "um" :
			    "pucvmet")] != '\0')
				goto invalid;
			m->select = v;
		} else if (strcmp(a, "-o") == 0 ||
		    strcmp(a, "--options") == 0) {
			for (o = v; *o != '\0'; o++) {
				if (*o == 'D')
					m->date = 1;
				else if (*o == 'T')
					m->time = 1;
				else
					goto invalid;
			}
		} else
			goto invalid;
	}
	return (0);

invalid:
	xasprintf(cause, "Invalid combination of input arguments. Please run "
	    "'nvidia-smi %s -h' for help.", argv[1]);
	return (-1);
}

/* nvidia-smi dmon and pmon [-i ID] [-c N] [-d S] [-s ...] [-o DT]. */
int
sim_nvsmi_mon(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct sim_nvsmi_mon	 m;
	struct sim_nodeval	 nv;
	double			 t0 = s->t;
	long			 k;
	u_int			 i;
	int			 rc, lost = 0;

	memset(&m, 0, sizeof m);
	m.pmon = strcmp(argv[1], "pmon") == 0;
	m.cols = m.pmon ? sim_nvsmi_mon_pmon : sim_nvsmi_mon_dmon;
	m.ncols = m.pmon ? nitems(sim_nvsmi_mon_pmon) :
	    nitems(sim_nvsmi_mon_dmon);
	m.select = m.pmon ? "u" : "puc";
	m.only = sim_nvsmi_all(s, node);
	m.count = SIM_NVSMI_MON_BOUND;
	m.delay = 1;
	if ((rc = sim_nvsmi_mon_args(s, node, argc, argv, &m, cause)) != 0)
		return (rc);
	sim_node_sample(s, node, &nv);
	for (i = 0; i < SIM_GPUS; i++) {
		if ((m.only & 1u << i) && nv.gpu[i].lost) {
			sim_nvsmi_lost(s, node, out, i);
			lost = 1;
		}
	}
	if (lost) {
		*cause = xstrdup("");
		return (SIM_NVSMI_LOST);
	}
	sim_nvsmi_mon_head(out, &m);
	for (k = 0; k < m.count && k < SIM_NVSMI_MON_MAX; k++) {
		sim_set_time(s, t0 + k * m.delay);
		sim_nvsmi_mon_sample(s, node, &m, out);
	}
	sim_set_time(s, t0);
	return (0);
}
