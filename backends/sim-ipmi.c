/*
 * myriad - the simulator's ipmitool: sdr list, elist and type, sensor
 * list, chassis status, sel info, list and elist, dcmi power reading, as
 * ipmitool 1.8.19 prints a node's BMC (the sensors read back by
 * parse-ipmi.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A sensor is either a threshold sensor with a reading and thresholds, or
 * a discrete one with a state.
 */

#include <math.h>
#include <string.h>
#include <strings.h>

#include "sim.h"

enum { TH_LNR, TH_LCR, TH_LNC, TH_UNC, TH_UCR, TH_UNR };
enum sim_ipmi_unit { SU_DEGC, SU_RPM, SU_WATTS, SU_LPM, SU_DISCRETE };
static const char *const sim_ipmi_units[] = {
	[SU_DEGC] = "degrees C",
	[SU_RPM] = "RPM",
	[SU_WATTS] = "Watts",
	[SU_LPM] = "liters/minute",
	[SU_DISCRETE] = "discrete",
};

/* ipmitool's names of the sensor types the BMC has. */
enum sim_ipmi_type {
	ST_TEMP = 0x01, ST_FAN = 0x04, ST_SECURITY = 0x05, ST_PSU = 0x08,
	ST_COOLING = 0x0a, ST_OTHER = 0x0b
};
static const char *const sim_ipmi_types[] = {
	[ST_TEMP] = "Temperature",
	[ST_FAN] = "Fan",
	[ST_SECURITY] = "Physical Security",
	[ST_PSU] = "Power Supply",
	[ST_COOLING] = "Cooling Device",
	[ST_OTHER] = "Other",
};

struct sim_ipmi_sensor {
	char			 name[17];
	u_int			 type;	/* enum sim_ipmi_type */
	u_int			 number;
	u_int			 entity;
	u_int			 instance;
	enum sim_ipmi_unit	 unit;
	int			 valid;
	double			 value;
	const char		*state;	/* discrete: the asserted state */
	u_int			 raw;	/* discrete: the raw state */
	double			 th[6];	/* lnr lcr lnc unc ucr unr; NAN */
};

static void
sim_ipmi_set(struct sim_ipmi_sensor *x, const char *name, u_int number,
    u_int entity, u_int instance, enum sim_ipmi_unit unit, double value)
{
	u_int	 i;

	strlcpy(x->name, name, sizeof x->name);
	x->type = unit == SU_DEGC ? ST_TEMP : unit == SU_RPM ? ST_FAN :
	    ST_OTHER;
	x->number = number;
	x->entity = entity;
	x->instance = instance;
	x->unit = unit;
	x->valid = 1;
	x->value = value;
	x->state = NULL;
	x->raw = 0;
	for (i = 0; i < nitems(x->th); i++)
		x->th[i] = NAN;
}

/* Thresholds, NAN where the BMC has none. */
static void
sim_ipmi_th(struct sim_ipmi_sensor *x, double lcr, double lnc, double unc,
    double ucr, double unr)
{
	x->th[TH_LCR] = lcr;
	x->th[TH_LNC] = lnc;
	x->th[TH_UNC] = unc;
	x->th[TH_UCR] = ucr;
	x->th[TH_UNR] = unr;
}

#define SIM_IPMI_MAXSENSORS	48
static u_int
sim_ipmi_sensors(struct sim *s, u_int node, struct sim_ipmi_sensor *x)
{
	struct sim_nodeval	 v;
	struct sim_ipmi_sensor	*p = x;
	const struct sim_fault	*fan;
	char			 name[17];
	double			 cpu, fanrpm, ps;
	uint64_t		 h;
	u_int			 i, ngpus;

	sim_node_sample(s, node, &v);
	h = sim_hash(s->seed, node, (uint64_t)floor(s->t / 10), 0x1b3c);

	sim_ipmi_set(p, "Inlet Temp", 0x04, 7, 1, SU_DEGC, round(v.inlet));
	sim_ipmi_th(p++, NAN, NAN, 35, 40, NAN);
	sim_ipmi_set(p, "Exhaust Temp", 0x01, 7, 1, SU_DEGC,
	    round(v.inlet + 8 + v.power / 600));
	sim_ipmi_th(p++, NAN, NAN, 65, 70, NAN);
	cpu = 38 + 22 * v.busy / SIM_GPUS;
	sim_ipmi_set(p, "CPU1 Temp", 0x0e, 3, 1, SU_DEGC,
	    round(cpu + (h & 3)));
	sim_ipmi_th(p++, NAN, NAN, 90, 95, NAN);
	sim_ipmi_set(p, "CPU2 Temp", 0x0f, 3, 2, SU_DEGC,
	    round(cpu - 2 + ((h >> 2) & 3)));
	sim_ipmi_th(p++, NAN, NAN, 90, 95, NAN);
	/* A sensor a slot: a 4-DCU node's BMC has 4 (an A3's, 8 cards). */
	ngpus = sim_node_gpus(s, node);
	for (i = 0; i < SIM_GPUS && i < ngpus; i++) {
		snprintf(name, sizeof name, "GPU%u Temp", i + 1);
		sim_ipmi_set(p, name, 0x40 + i, 11, i + 1, SU_DEGC,
		    v.gpu[i].temp);
		if (v.gpu[i].lost)
			p->valid = 0;
		sim_ipmi_th(p++, NAN, NAN, 85, 90, 100);
	}
	fan = sim_fault_find(s, node, SF_FAN, -1);
	fanrpm = 4800 + (v.inlet - 20) * 180 + v.power / 4;
	for (i = 0; i < SIM_FANS; i++) {
		snprintf(name, sizeof name, "FAN%u", i + 1);
		sim_ipmi_set(p, name, 0x30 + i, 29, i + 1, SU_RPM,
		    60 * round((fanrpm + ((h >> (4 + i * 3)) & 7) * 40) / 60));
		if (fan != NULL && fan->unit == i)
			p->value = 0;
		sim_ipmi_th(p++, 420, 600, NAN, NAN, NAN);
	}
	ps = v.power / SIM_PSUS;
	for (i = 0; i < SIM_PSUS; i++) {
		snprintf(name, sizeof name, "PS%u Input Power", i + 1);
		sim_ipmi_set(p, name, 0x50 + i, 10, i + 1, SU_WATTS,
		    10 * round((ps + ((h >> (i * 5)) & 7) * 10 - 35) / 10));
		p->type = ST_PSU;
		sim_ipmi_th(p++, NAN, NAN, NAN, 3000, NAN);
	}
	for (i = 0; i < SIM_PSUS; i++) {
		snprintf(name, sizeof name, "PS%u Status", i + 1);
		sim_ipmi_set(p, name, 0x58 + i, 10, i + 1, SU_DISCRETE, 0);
		p->type = ST_PSU;
		p->state = "Presence detected";
		p->raw = 0x01;
		p++;
	}
	sim_ipmi_set(p, "Coolant In Temp", 0x60, 30, 1, SU_DEGC,
	    round(v.supply));
	sim_ipmi_th(p++, NAN, NAN, 40, 45, NAN);
	sim_ipmi_set(p, "Coolant Out Temp", 0x61, 30, 1, SU_DEGC,
	    round(v.ret));
	sim_ipmi_th(p++, NAN, NAN, 50, 55, NAN);
	sim_ipmi_set(p, "Coolant Flow", 0x62, 30, 1, SU_LPM,
	    round(v.flow));
	p->type = ST_COOLING;
	sim_ipmi_th(p++, 8, 10, NAN, NAN, NAN);
	sim_ipmi_set(p, "Leak Detect", 0x63, 30, 1, SU_DISCRETE, 0);
	p->state = "State Deasserted";
	p->raw = 0x01;
	p++;
	sim_ipmi_set(p, "Total Power", 0x70, 7, 1, SU_WATTS,
	    10 * round(v.power / 10));
	sim_ipmi_th(p++, NAN, NAN, NAN, 12000, NAN);
	sim_ipmi_set(p, "Chassis Intru", 0x73, 7, 1, SU_DISCRETE, 0);
	p->type = ST_SECURITY;
	p->raw = 0x00;
	p++;
	return (p - x);
}

/* ipmitool's threshold status: the worst threshold crossed. */
static const char *
sim_ipmi_thresh(const struct sim_ipmi_sensor *x, int extended)
{
	double	 v = x->value;

	if (!isnan(x->th[TH_LNR]) && v <= x->th[TH_LNR])
		return (extended ? "lnr" : "nr");
	if (!isnan(x->th[TH_UNR]) && v >= x->th[TH_UNR])
		return (extended ? "unr" : "nr");
	if (!isnan(x->th[TH_LCR]) && v <= x->th[TH_LCR])
		return (extended ? "lcr" : "cr");
	if (!isnan(x->th[TH_UCR]) && v >= x->th[TH_UCR])
		return (extended ? "ucr" : "cr");
	if (!isnan(x->th[TH_LNC]) && v <= x->th[TH_LNC])
		return (extended ? "lnc" : "nc");
	if (!isnan(x->th[TH_UNC]) && v >= x->th[TH_UNC])
		return (extended ? "unc" : "nc");
	return ("ok");
}

/* "%s %s" into ipmitool's char[16]: long units are cut. */
static void
sim_ipmi_sval(const struct sim_ipmi_sensor *x, char *sval)
{
	char	 tmp[64];

	if (x->value == (int)x->value)
		snprintf(tmp, sizeof tmp, "%.0f %s", x->value,
		    sim_ipmi_units[x->unit]);
	else
		snprintf(tmp, sizeof tmp, "%.2f %s", x->value,
		    sim_ipmi_units[x->unit]);
	strlcpy(sval, tmp, 16);
}

/* sdr list, or elist (extended), of the sensors of a type, or of all (0). */
static void
sim_ipmi_sdr(struct sim *s, u_int node, int extended, u_int type,
    struct buf *out)
{
	struct sim_ipmi_sensor	 x[SIM_IPMI_MAXSENSORS];
	char			 sval[16];
	u_int			 i, n, k;

	n = sim_ipmi_sensors(s, node, x);
	for (i = 0; i < n; i++) {
		if (type != 0 && x[i].type != type)
			continue;
		if (extended) {
			buf_printf(out, "%-16s | %02Xh | ", x[i].name,
			    x[i].number);
			if (x[i].unit == SU_DISCRETE)
				buf_printf(out, "%-3s | %2u.%1u | %s\n", "ok",
				    x[i].entity, x[i].instance,
				    x[i].state != NULL ? x[i].state : "");
			else if (!x[i].valid)
				buf_printf(out, "%-3s | %2u.%1u | No Reading\n",
				    "ns", x[i].entity, x[i].instance);
			else {
				sim_ipmi_sval(&x[i], sval);
				buf_printf(out, "%-3s | %2u.%1u | %s\n",
				    sim_ipmi_thresh(&x[i], 1), x[i].entity,
				    x[i].instance, sval);
			}
			continue;
		}
		buf_printf(out, "%-16s | ", x[i].name);
		if (x[i].unit == SU_DISCRETE)
			snprintf(sval, sizeof sval, "0x%02x", x[i].raw);
		else if (!x[i].valid)
			snprintf(sval, sizeof sval, "no reading");
		else
			sim_ipmi_sval(&x[i], sval);
		buf_puts(out, sval);
		for (k = strlen(sval); k <= sizeof sval; k++)
			buf_putc(out, ' ');
		buf_printf(out, " | %s\n", x[i].unit == SU_DISCRETE || !x[i].valid ?
		    (x[i].valid ? "ok" : "ns") : sim_ipmi_thresh(&x[i], 0));
	}
}

/* ipmitool sensor list: ten columns with the thresholds. */
static void
sim_ipmi_sensor_list(struct sim *s, u_int node, struct buf *out)
{
	struct sim_ipmi_sensor	 x[SIM_IPMI_MAXSENSORS];
	const double		*th;
	char			 tmp[32];
	u_int			 i, n, k;

	n = sim_ipmi_sensors(s, node, x);
	for (i = 0; i < n; i++) {
		buf_printf(out, "%-16s ", x[i].name);
		if (x[i].unit == SU_DISCRETE) {
			snprintf(tmp, sizeof tmp, "%x", x[i].raw);
			buf_printf(out, "| 0x%-8s | %-10s | 0x%02x00", tmp,
			    "discrete", x[i].raw);
			for (k = 0; k < 6; k++)
				buf_printf(out, "| %-10s", "na");
			buf_putc(out, '\n');
			continue;
		}
		if (!x[i].valid) {
			buf_printf(out, "| %-10s | %-10s | %-6s", "na", "",
			    "na");
			for (k = 0; k < 6; k++)
				buf_printf(out, "| %-10s", "na");
			buf_putc(out, '\n');
			continue;
		}
		snprintf(tmp, sizeof tmp, "%.3f", x[i].value);
		buf_printf(out, "| %-10s | %-10s | %-6s", tmp,
		    sim_ipmi_units[x[i].unit], sim_ipmi_thresh(&x[i], 0));
		th = x[i].th;
		for (k = 0; k < 6; k++) {
			if (isnan(th[k]))
				snprintf(tmp, sizeof tmp, "na");
			else
				snprintf(tmp, sizeof tmp, "%.3f", th[k]);
			buf_printf(out, "| %-10s", tmp);
		}
		buf_putc(out, '\n');
	}
}

/* The sensor type that `sdr type' names, as ipmitool matches it; or 0. */
static u_int
sim_ipmi_type(const char *name)
{
	u_int	 i;

	if (*name == '\0')
		return (0);
	for (i = 0; i < nitems(sim_ipmi_types); i++) {
		if (sim_ipmi_types[i] != NULL &&
		    strncasecmp(sim_ipmi_types[i], name, strlen(name)) == 0)
			return (i);
	}
	return (0);
}

/* chassis status, as an ipmi_sim BMC answers it (no front panel). */
static void
sim_ipmi_chassis(struct sim *s, u_int node, struct buf *out)
{
	int	 fan = sim_fault_find(s, node, SF_FAN, -1) != NULL;

	buf_puts(out, "System Power         : on\n"
	    "Power Overload       : false\n"
	    "Power Interlock      : inactive\n"
	    "Main Power Fault     : false\n"
	    "Power Control Fault  : false\n"
	    "Power Restore Policy : always-off\n"
	    "Last Power Event     : \n"
	    "Chassis Intrusion    : inactive\n"
	    "Front-Panel Lockout  : inactive\n"
	    "Drive Fault          : false\n");
	buf_printf(out, "Cooling/Fan Fault    : %s\n", fan ? "true" : "false");
}

/*
 * The SEL: cleared when the node booted, then a threshold event for each
 * fan or coolant fault since.  Times as ipmitool prints them in the
 * en_US locale: %x, and %X %Z.
 */
struct sim_ipmi_event {
	double		 t;
	u_int		 sensor;	/* index in the sensors */
	double		 value;		/* the reading then */
	const char	*what;
};
#define SIM_IPMI_SELSIZE	16000
#define SIM_IPMI_SELREC		16

static u_int
sim_ipmi_events(struct sim *s, u_int node, struct sim_ipmi_sensor *x,
    u_int nx, struct sim_ipmi_event *ev)
{
	const struct sim_node	*n = &s->nodes[node];
	const struct sim_fault	*f;
	struct sim_ipmi_event	 e;
	double			 boot = sim_boot_time(s, node);
	u_int			 i, k, nev = 0;

	ev[nev].t = boot;
	ev[nev].sensor = nx;
	ev[nev++].what = "Log area reset/cleared";
	for (i = 0; i < n->nfaults; i++) {
		f = &n->faults[i];
		if (f->start < boot ||
		    (f->type != SF_FAN && f->type != SF_COOLANT))
			continue;
		for (k = 0; k < nx; k++) {
			if (f->type == SF_FAN ? x[k].type == ST_FAN &&
			    x[k].number == 0x30u + f->unit :
			    x[k].type == ST_COOLING)
				break;
		}
		e.t = f->start;
		e.sensor = k;
		e.value = f->type == SF_FAN ? 0 : x[k].value;
		e.what = "Lower Critical going low ";
		for (k = nev++; k > 1 && ev[k - 1].t > e.t; k--)
			ev[k] = ev[k - 1];
		ev[k] = e;
	}
	return (nev);
}

/* ipmitool's date (%x) and time (%X %Z), each into 32 bytes. */
static void
sim_ipmi_when(double t, char *date, char *tod)
{
	struct tm	 tm;

	sim_tool_gmtime(t, &tm);
	strftime(date, 32, "%m/%d/%Y", &tm);
	strftime(tod, 32, "%I:%M:%S %p UTC", &tm);
}

/* sel list, or elist (extended) with the sensors' names. */
static void
sim_ipmi_sel(struct sim *s, u_int node, int extended, struct buf *out)
{
	struct sim_ipmi_sensor	 x[SIM_IPMI_MAXSENSORS];
	struct sim_ipmi_event	 ev[1 + SIM_MAXFAULTS];
	const struct sim_ipmi_sensor *sn;
	char			 date[32], tod[32];
	u_int			 i, n, nev;

	n = sim_ipmi_sensors(s, node, x);
	nev = sim_ipmi_events(s, node, x, n, ev);
	for (i = 0; i < nev; i++) {
		sim_ipmi_when(ev[i].t, date, tod);
		buf_printf(out, "%4x | %s | %s | ", i + 1, date, tod);
		if (ev[i].sensor == n) {
			buf_printf(out, "Event Logging Disabled #0x72 | %s | "
			    "Asserted\n", ev[i].what);
			continue;
		}
		sn = &x[ev[i].sensor];
		if (extended)
			buf_printf(out, "%s %s", sim_ipmi_types[sn->type],
			    sn->name);
		else
			buf_printf(out, "%s #0x%02x", sim_ipmi_types[sn->type],
			    sn->number);
		buf_printf(out, " | %s | Asserted", ev[i].what);
		if (extended)
			buf_printf(out, " | Reading %.0f < Threshold %.0f %s",
			    ev[i].value, sn->th[TH_LCR],
			    sim_ipmi_units[sn->unit]);
		buf_putc(out, '\n');
	}
}

/* sel info, as an ipmi_sim BMC answers it, with its trailing blanks. */
static void
sim_ipmi_sel_info(struct sim *s, u_int node, struct buf *out)
{
	struct sim_ipmi_sensor	 x[SIM_IPMI_MAXSENSORS];
	struct sim_ipmi_event	 ev[1 + SIM_MAXFAULTS];
	char			 date[32], tod[32];
	u_int			 n, nev;

	n = sim_ipmi_sensors(s, node, x);
	nev = sim_ipmi_events(s, node, x, n, ev);
	sim_ipmi_when(ev[nev - 1].t, date, tod);
	buf_printf(out, "SEL Information\n"
	    "Version          : 1.5 (v1.5, v2 compliant)\n"
	    "Entries          : %u\n"
	    "Free Space       : %u bytes \n"
	    "Percent Used     : %u%%\n"
	    "Last Add Time    : %s %s\n"
	    "Last Del Time    : Not Available\n"
	    "Overflow         : false\n"
	    "Supported Cmds   : 'Delete' 'Reserve' \n", nev,
	    SIM_IPMI_SELSIZE - nev * SIM_IPMI_SELREC,
	    nev * SIM_IPMI_SELREC * 100 / SIM_IPMI_SELSIZE, date, tod);
}

/* dcmi power reading: the node's power over the last hour. */
static void
sim_ipmi_dcmi(struct sim *s, u_int node, struct buf *out)
{
	struct sim_nodeval	 v;
	struct tm		 tm;
	char			 tmp[32];
	int			 w;

	sim_node_sample(s, node, &v);
	w = (int)round(v.power);
	strftime(tmp, sizeof tmp, "%a %b %e %H:%M:%S %Y",
	    sim_tool_gmtime(s->t, &tm));
	buf_printf(out, "\n"
	    "    Instantaneous power reading:              %8d Watts\n"
	    "    Minimum during sampling period:           %8d Watts\n"
	    "    Maximum during sampling period:           %8d Watts\n"
	    "    Average power reading over sample period: %8d Watts\n"
	    "    IPMI timestamp:                           %s\n"
	    "    Sampling period:                          %08u Seconds.\n"
	    "    Power reading state is:                   activated\n\n",
	    w, w * 3 / 5, w * 6 / 5, w * 19 / 20, tmp, 3600);
}

/* The words after the options: "sdr type X", "sel elist", ... */
static int
sim_ipmi_is(int argc, char **argv, int i, const char *a, const char *b)
{
	if (i >= argc || strcmp(argv[i], a) != 0)
		return (0);
	if (b == NULL)
		return (i + 1 == argc);
	return (i + 1 < argc && strcmp(argv[i + 1], b) == 0);
}

int
sim_ipmitool(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char	 withargs[] = "IHUPCLpfyktbTBRNoOmz";
	const char		*a;
	u_int			 type;
	int			 i, rc;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (a[0] != '-' || a[1] == '\0')
			break;
		if (strcmp(a, "-V") == 0 || strcmp(a, "-h") == 0)
			return (sim_ipmi_text(i + 1, argv, i, out, cause));
		if (a[2] == '\0' && strchr(withargs, a[1]) != NULL)
			i++;
	}
	if (sim_fault_find(s, node, SF_BMC, -1) != NULL) {
		xasprintf(cause, "Error: Unable to establish IPMI v2 / RMCP+ "
		    "session");
		return (-1);
	}
	if ((rc = sim_ipmi_text(argc, argv, i, out, cause)) != -2)
		return (rc);
	if (sim_ipmi_is(argc, argv, i, "sdr", NULL) ||
	    sim_ipmi_is(argc, argv, i, "sdr", "list"))
		sim_ipmi_sdr(s, node, 0, 0, out);
	else if (sim_ipmi_is(argc, argv, i, "sdr", "elist"))
		sim_ipmi_sdr(s, node, 1, 0, out);
	else if (sim_ipmi_is(argc, argv, i, "sdr", "type") && i + 2 < argc) {
		if ((type = sim_ipmi_type(argv[i + 2])) == 0) {
			xasprintf(cause, "Sensor Type \"%s\" not found.",
			    argv[i + 2]);
			return (-1);
		}
		sim_ipmi_sdr(s, node, 1, type, out);
	} else if (sim_ipmi_is(argc, argv, i, "sensor", NULL) ||
	    sim_ipmi_is(argc, argv, i, "sensor", "list"))
		sim_ipmi_sensor_list(s, node, out);
	else if (sim_ipmi_is(argc, argv, i, "chassis", "status"))
		sim_ipmi_chassis(s, node, out);
	else if (sim_ipmi_is(argc, argv, i, "sel", NULL) ||
	    sim_ipmi_is(argc, argv, i, "sel", "info"))
		sim_ipmi_sel_info(s, node, out);
	else if (sim_ipmi_is(argc, argv, i, "sel", "list"))
		sim_ipmi_sel(s, node, 0, out);
	else if (sim_ipmi_is(argc, argv, i, "sel", "elist"))
		sim_ipmi_sel(s, node, 1, out);
	else if (sim_ipmi_is(argc, argv, i, "dcmi", "power") &&
	    i + 2 < argc && strcmp(argv[i + 2], "reading") == 0)
		sim_ipmi_dcmi(s, node, out);
	else {
		xasprintf(cause, "Invalid command: %s",
		    i < argc ? argv[i] : "");
		return (-1);
	}
	return (0);
}
