/*
 * myriad - the simulator's ipmitool: sdr list, sdr elist and sensor list,
 * as ipmitool 1.8.19 prints a node's BMC (read back by parse-ipmi.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A sensor is either a threshold sensor with a reading and thresholds, or
 * a discrete one with a state.
 */

#include <math.h>
#include <string.h>

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

struct sim_ipmi_sensor {
	char			 name[17];
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
	u_int			 i;

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
	for (i = 0; i < SIM_GPUS; i++) {
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
		sim_ipmi_th(p++, NAN, NAN, NAN, 3000, NAN);
	}
	for (i = 0; i < SIM_PSUS; i++) {
		snprintf(name, sizeof name, "PS%u Status", i + 1);
		sim_ipmi_set(p, name, 0x58 + i, 10, i + 1, SU_DISCRETE, 0);
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
	sim_ipmi_th(p++, 8, 10, NAN, NAN, NAN);
	sim_ipmi_set(p, "Leak Detect", 0x63, 30, 1, SU_DISCRETE, 0);
	p->state = "State Deasserted";
	p->raw = 0x01;
	p++;
	sim_ipmi_set(p, "Total Power", 0x70, 7, 1, SU_WATTS,
	    10 * round(v.power / 10));
	sim_ipmi_th(p++, NAN, NAN, NAN, 12000, NAN);
	sim_ipmi_set(p, "Chassis Intru", 0x73, 7, 1, SU_DISCRETE, 0);
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

static void
sim_ipmi_sdr(struct sim *s, u_int node, int extended, struct buf *out)
{
	struct sim_ipmi_sensor	 x[SIM_IPMI_MAXSENSORS];
	char			 sval[16];
	u_int			 i, n, k;

	n = sim_ipmi_sensors(s, node, x);
	for (i = 0; i < n; i++) {
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

int
sim_ipmitool(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	static const char	 withargs[] = "IHUPCLpfyktbTBRNoOmz";
	const char		*a;
	int			 i;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (a[0] != '-' || a[1] == '\0')
			break;
		if (a[2] == '\0' && strchr(withargs, a[1]) != NULL)
			i++;
	}
	if (sim_fault_find(s, node, SF_BMC, -1) != NULL) {
		xasprintf(cause, "Error: Unable to establish IPMI v2 / RMCP+ "
		    "session");
		return (-1);
	}
	if (i < argc && strcmp(argv[i], "sdr") == 0) {
		if (i + 1 == argc || strcmp(argv[i + 1], "list") == 0) {
			sim_ipmi_sdr(s, node, 0, out);
			return (0);
		}
		if (strcmp(argv[i + 1], "elist") == 0) {
			sim_ipmi_sdr(s, node, 1, out);
			return (0);
		}
	}
	if (i < argc && strcmp(argv[i], "sensor") == 0 &&
	    (i + 1 == argc || strcmp(argv[i + 1], "list") == 0)) {
		sim_ipmi_sensor_list(s, node, out);
		return (0);
	}
	xasprintf(cause, "Invalid command: %s", i < argc ? argv[i] : "");
	return (-1);
}

