/*
 * myriad - parsers for ipmitool sdr and sensor output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * ipmitool prints its tables with '|' between columns.  Column widths
 * vary by vendor (HPE iLO widens the name to 25 characters, InfraSIM
 * entity ids overflow their column, discrete states overflow the status
 * column of `sensor list'), so rows are split on '|' and never by
 * position.
 *
 *   sdr list, sdr type X:	name | reading | status
 *   sdr elist:			name | id | status | entity | reading
 *   sensor, sensor list:	name | reading | unit | status | lnr | lcr |
 *				lnc | unc | ucr | unr
 */

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

#define IPMI_MAXCOLS	10
#define IPMI_MAX	1e6	/* what a sensor reads: 8 bits, scaled */
#define IPMI_DAMAGED	((size_t)-1)

struct ipmi_col {
	const char	*p;
	size_t		 len;
};

/*
 * A unit as ipmitool prints it, the kind of sensor it means, and what a
 * reading in it can physically be (none below absolute zero).
 */
static const struct {
	const char		*unit;
	enum sensor_kind	 kind;
	double			 min;
	double			 max;
} ipmi_units[] = {
	{ .unit = "degrees C", .kind = SENSOR_TEMP, .min = -273.15,
	  .max = 1000 },
	{ .unit = "degrees F", .kind = SENSOR_TEMP, .min = -459.67,
	  .max = 1832 },
	{ .unit = "degrees K", .kind = SENSOR_TEMP, .min = 0, .max = 1273.15 },
	{ .unit = "RPM", .kind = SENSOR_FAN, .min = 0, .max = 100000 },
	{ .unit = "Watts", .kind = SENSOR_POWER, .min = 0, .max = 100000 },
	{ .unit = "Volts", .kind = SENSOR_VOLTAGE, .min = -1000, .max = 1000 },
	{ .unit = "Amps", .kind = SENSOR_CURRENT, .min = -10000,
	  .max = 10000 },
	{ .unit = "CFM", .kind = SENSOR_FLOW, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "liters/minute", .kind = SENSOR_FLOW, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "l/min", .kind = SENSOR_FLOW, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "LPM", .kind = SENSOR_FLOW, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "gpm", .kind = SENSOR_FLOW, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "kPa", .kind = SENSOR_PRESSURE, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "psi", .kind = SENSOR_PRESSURE, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
	{ .unit = "bar", .kind = SENSOR_PRESSURE, .min = -IPMI_MAX,
	  .max = IPMI_MAX },
};

/*
 * Words in a sensor name that give its kind when the unit does not.
 * `discrete' entries apply only to sensors without a numeric reading;
 * `unread' entries only to sensors that have no reading at all (no
 * reading, disabled, na), so a fan that is absent still shows as a fan.
 */
static const struct {
	const char		*word;
	enum sensor_kind	 kind;
	int			 discrete;
	int			 unread;
} ipmi_names[] = {
	{ .word = "leak", .kind = SENSOR_LEAK },
	{ .word = "flow", .kind = SENSOR_FLOW },
	{ .word = "pressure", .kind = SENSOR_PRESSURE },
	{ .word = "power suppl", .kind = SENSOR_PSU, .discrete = 1 },
	{ .word = "psu", .kind = SENSOR_PSU, .discrete = 1 },
	{ .word = "fan", .kind = SENSOR_FAN, .unread = 1 },
	{ .word = "temp", .kind = SENSOR_TEMP, .unread = 1 },
};

/* The thresholds of sensor list, in column order from column 4. */
static const struct {
	int	 bit;
	size_t	 off;
} ipmi_thresholds[] = {
	{ .bit = SEN_LNR, .off = offsetof(struct sensor, lnr) },
	{ .bit = SEN_LCR, .off = offsetof(struct sensor, lcr) },
	{ .bit = SEN_LNC, .off = offsetof(struct sensor, lnc) },
	{ .bit = SEN_UNC, .off = offsetof(struct sensor, unc) },
	{ .bit = SEN_UCR, .off = offsetof(struct sensor, ucr) },
	{ .bit = SEN_UNR, .off = offsetof(struct sensor, unr) },
};

/* Split a row on '|' into trimmed columns; return how many there are. */
static int
parse_ipmi_split(const char *line, size_t len, struct ipmi_col *cols, int max)
{
	const char	*p = line, *end = line + len, *bar, *stop;
	int		 n = 0;

	for (;;) {
		bar = memchr(p, '|', end - p);
		stop = (bar != NULL ? bar : end);
		if (n < max) {
			cols[n].p = p;
			cols[n].len = parse_trim(&cols[n].p, stop - p);
		}
		n++;
		if (bar == NULL || n > max)
			break;
		p = bar + 1;
	}
	return (n);
}

/*
 * A decimal number at the start of s, ended by a blank or the end: the
 * number of bytes it takes, or 0.  Hex (0x01 discrete states) is not a
 * number here.  A number that is damaged (a decimal comma, bytes after
 * it, past what a sensor reads) is an error to the sink, and
 * IPMI_DAMAGED: the field is null, the rest of its row read.
 */
static size_t
parse_ipmi_number(const struct sink *sk, u_int line, const char *s,
    size_t len, float *out)
{
	char	 buf[64];
	size_t	 i = 0, digits = 0;
	double	 v;

	if (i < len && (s[i] == '-' || s[i] == '+'))
		i++;
	for (; i < len && isdigit((u_char)s[i]); i++)
		digits++;
	if (i < len && s[i] == '.') {
		for (i++; i < len && isdigit((u_char)s[i]); i++)
			digits++;
	}
	if (digits == 0 || (i == 1 && len > 2 && s[0] == '0' &&
	    (s[1] == 'x' || s[1] == 'X')))
		return (0);
	if (i < len && !isspace((u_char)s[i])) {
		/* 25,5 degrees C, 1e23: a number, but not one to read. */
		for (i = 0; i < len && !isspace((u_char)s[i]); i++)
			;
		snprintf(buf, sizeof buf, "%.*s", (int)i, s);
		if (parse_value(sk, line, "reading", buf, strlen(buf),
		    -IPMI_MAX, IPMI_MAX, &v) == 0)
			sink_error(sk, line, "reading: '%s' is not understood",
			    buf);
		return (IPMI_DAMAGED);
	}
	if (parse_value(sk, line, "reading", s, i, -IPMI_MAX, IPMI_MAX,
	    &v) != 0)
		return (IPMI_DAMAGED);
	*out = v;
	return (i);
}

/* A column that is a number and nothing else: 1; 0 if not; -1 damaged. */
static int
parse_ipmi_value(const struct sink *sk, u_int line, const struct ipmi_col *c,
    float *out)
{
	size_t	 n;

	if (c->len == 0)
		return (0);
	if ((n = parse_ipmi_number(sk, line, c->p, c->len, out)) ==
	    IPMI_DAMAGED)
		return (-1);
	return (n == c->len);
}

/* ok, ns, cr, lnc, 0x0100 ...: short and alphanumeric. */
static int
parse_ipmi_status(struct sensor *sn, const struct ipmi_col *c)
{
	size_t	 i;

	if (c->len == 0 || c->len >= sizeof sn->status)
		return (-1);
	for (i = 0; i < c->len; i++) {
		if (!isalnum((u_char)c->p[i]))
			return (-1);
	}
	parse_copy(sn->status, sizeof sn->status, c->p, c->len);
	return (0);
}

/*
 * The reading column of sdr: '25 degrees C', '45 % degrees C' (the
 * percentage modifier printed before the unit), '110 Watts, Presence
 * detected', or text: 'no reading', 'Not Readable', 'disabled', '0x01'.
 */
static void
parse_ipmi_reading(const struct sink *sk, u_int line, struct sensor *sn,
    const char *s, size_t len)
{
	const char	*comma, *u, *r;
	size_t		 mlen, n, ulen, rlen;

	comma = memchr(s, ',', len);
	mlen = (comma != NULL ? (size_t)(comma - s) : len);
	/* 25,5 degrees C: a decimal comma, not 25 and a remark. */
	if (comma != NULL && comma + 1 < s + len &&
	    isdigit((u_char)comma[1]))
		mlen = len;
	if ((n = parse_ipmi_number(sk, line, s, mlen, &sn->reading)) ==
	    IPMI_DAMAGED) {
		/* The reading is null (said to the sink); its unit is read. */
		for (n = 0; n < mlen && !isspace((u_char)s[n]); n++)
			;
		if (mlen == len)
			comma = NULL;	/* a decimal comma, not a remark */
	} else if (n == 0) {
		parse_copy(sn->text, sizeof sn->text, s, len);
		return;
	} else
		sn->valid |= BIT(SEN_READING);

	u = s + n;
	ulen = parse_trim(&u, mlen - n);
	if (ulen > 2 && u[0] == '%' && isspace((u_char)u[1])) {
		u++;
		ulen = parse_trim(&u, ulen - 1);
	}
	parse_copy(sn->unit, sizeof sn->unit, u, ulen);

	if (comma != NULL) {
		r = comma + 1;
		rlen = parse_trim(&r, s + len - r);
		parse_copy(sn->text, sizeof sn->text, r, rlen);
	}
}

/* PS1 Status, PS 2 Fan Fault: HPE, Intel and IBM name supplies PSn. */
static int
parse_ipmi_psname(const char *name)
{
	if (name[0] != 'P' || name[1] != 'S')
		return (0);
	if (name[2] == ' ')
		return (isdigit((u_char)name[3]));
	return (isdigit((u_char)name[2]));
}

/*
 * ipmitool cuts a unit longer than its column (liters/minut): a unit cut
 * so is taken whole from the table, never shown cut without a mark.  A
 * reading past what its unit can be (-300 degrees C) is an error, and
 * null.
 */
static int
parse_ipmi_unit(const struct sink *sk, u_int line, struct sensor *sn)
{
	size_t	 i, n = strlen(sn->unit);

	for (i = 0; i < nitems(ipmi_units) && n >= 8; i++) {
		if (n < strlen(ipmi_units[i].unit) &&
		    strncasecmp(sn->unit, ipmi_units[i].unit, n) == 0)
			strlcpy(sn->unit, ipmi_units[i].unit, sizeof sn->unit);
	}
	for (i = 0; i < nitems(ipmi_units); i++) {
		if (strcasecmp(sn->unit, ipmi_units[i].unit) == 0 &&
		    (sn->valid & BIT(SEN_READING)))
			return (parse_range(sk, line, sn->unit, sn->reading,
			    ipmi_units[i].min, ipmi_units[i].max));
	}
	return (0);
}

static enum sensor_kind
parse_ipmi_kind(const struct sensor *sn)
{
	int	 numeric, unread;
	size_t	 i;

	for (i = 0; i < nitems(ipmi_units); i++) {
		if (strcasecmp(sn->unit, ipmi_units[i].unit) == 0)
			return (ipmi_units[i].kind);
	}
	numeric = (sn->valid & BIT(SEN_READING)) != 0;
	if (numeric && (strcasecmp(sn->unit, "percent") == 0 ||
	    strcmp(sn->unit, "%") == 0) && strcasestr(sn->name, "fan") != NULL)
		return (SENSOR_FAN);

	/* Without a number and without a 0x state: nothing was read. */
	unread = !numeric && strncasecmp(sn->text, "0x", 2) != 0;
	for (i = 0; i < nitems(ipmi_names); i++) {
		if (ipmi_names[i].discrete && numeric)
			continue;
		if (ipmi_names[i].unread && !unread)
			continue;
		if (strcasestr(sn->name, ipmi_names[i].word) != NULL)
			return (ipmi_names[i].kind);
	}
	if (!numeric && parse_ipmi_psname(sn->name))
		return (SENSOR_PSU);
	return (SENSOR_OTHER);
}

/* Skip blank lines; split the others. */
static int
parse_ipmi_row(const char *line, size_t len, struct ipmi_col *cols)
{
	if ((len = parse_trim(&line, len)) == 0)
		return (0);
	return (parse_ipmi_split(line, len, cols, IPMI_MAXCOLS));
}

int
parse_ipmi_sdr(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines		 l;
	struct ipmi_col		 c[IPMI_MAXCOLS];
	const struct ipmi_col	*name, *reading, *status;
	struct sensor		 sn;
	const char		*line;
	size_t			 ll;
	int			 nc, n = 0;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		if ((nc = parse_ipmi_row(line, ll, c)) == 0)
			continue;
		if (nc == 3) {
			name = &c[0];
			reading = &c[1];
			status = &c[2];
		} else if (nc == 5) {
			name = &c[0];
			status = &c[2];
			reading = &c[4];
		} else {
			sink_error(s, l.line, "ipmi-sdr: %s%d columns, "
			    "want 3 or 5", nc > IPMI_MAXCOLS ? "over " : "",
			    nc > IPMI_MAXCOLS ? IPMI_MAXCOLS : nc);
			continue;
		}
		memset(&sn, 0, sizeof sn);
		if (name->len == 0 || parse_ipmi_status(&sn, status) != 0) {
			sink_error(s, l.line, "ipmi-sdr: no sensor name or "
			    "bad status");
			continue;
		}
		parse_copy(sn.name, sizeof sn.name, name->p, name->len);
		parse_ipmi_reading(s, l.line, &sn, reading->p, reading->len);
		if (parse_ipmi_unit(s, l.line, &sn) != 0)
			sn.valid &= ~BIT(SEN_READING);	/* said: null */
		sn.kind = parse_ipmi_kind(&sn);
		SINK_EMIT(s, sensor, &sn);
		n++;
	}
	return (n);
}

int
parse_ipmi_sensor(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct ipmi_col	 c[IPMI_MAXCOLS];
	struct sensor	 sn;
	const char	*line;
	size_t		 ll, i;
	float		 v;
	int		 nc, n = 0, rc;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		if ((nc = parse_ipmi_row(line, ll, c)) == 0)
			continue;
		if (nc != 10) {
			sink_error(s, l.line, "ipmi-sensor: %s%d columns, "
			    "want 10", nc > IPMI_MAXCOLS ? "over " : "",
			    nc > IPMI_MAXCOLS ? IPMI_MAXCOLS : nc);
			continue;
		}
		memset(&sn, 0, sizeof sn);
		if (c[0].len == 0 || parse_ipmi_status(&sn, &c[3]) != 0) {
			sink_error(s, l.line, "ipmi-sensor: no sensor name "
			    "or bad status");
			continue;
		}
		parse_copy(sn.name, sizeof sn.name, c[0].p, c[0].len);
		/* A damaged number is null (said to the sink), the row read. */
		if ((rc = parse_ipmi_value(s, l.line, &c[1], &sn.reading)) ==
		    1)
			sn.valid |= BIT(SEN_READING);
		else if (rc == 0)
			parse_copy(sn.text, sizeof sn.text, c[1].p, c[1].len);
		parse_copy(sn.unit, sizeof sn.unit, c[2].p, c[2].len);
		for (i = 0; i < nitems(ipmi_thresholds); i++) {
			if (parse_ipmi_value(s, l.line, &c[4 + i], &v) != 1)
				continue;
			*(float *)((char *)&sn + ipmi_thresholds[i].off) = v;
			sn.valid |= BIT(ipmi_thresholds[i].bit);
		}
		if (parse_ipmi_unit(s, l.line, &sn) != 0)
			sn.valid &= ~BIT(SEN_READING);	/* said: null */
		sn.kind = parse_ipmi_kind(&sn);
		SINK_EMIT(s, sensor, &sn);
		n++;
	}
	return (n);
}
