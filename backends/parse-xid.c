/*
 * myriad - NVRM Xid lines from the kernel log (dmesg, journalctl -k,
 * syslog, /dev/kmsg).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 *	[  199.234935] NVRM: Xid (PCI:0000:9b:00): 119, pid=..., name=..., text
 *
 * Whatever comes before "NVRM:" is the prefix the log tool added; the
 * timestamp is taken from it as printed when it has one: [dmesg] or
 * [dmesg -T], an ISO time (dmesg --time-format=iso, journalctl -o
 * short-iso), or a syslog "Mon dd hh:mm:ss".  The time it names is read
 * too when the stamp has a date: an ISO time at its UTC offset (or local
 * without one), dmesg -T's in local time, as dmesg printed it.  The
 * seconds since boot of plain dmesg and a syslog stamp without its year
 * name none.  Lines without an Xid are not ours and are skipped.
 */

#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "backend.h"

#define XID_MARK	"NVRM: Xid ("
#define XID_MONTHS	"JanFebMarAprMayJunJulAugSepOctNovDec"

/* Skip "> " quoting and the "kern  :warn  : " of dmesg --decode. */
static const char *
parse_xid_skip(const char *p, const char *end)
{
	const char	*q;
	int		 i;

	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == '>') {
			p++;
			continue;
		}
		break;
	}
	/* facility:level: twice, each a word, blanks, a colon. */
	q = p;
	for (i = 0; i < 2; i++) {
		while (q < end && islower((u_char)*q))
			q++;
		while (q < end && *q == ' ')
			q++;
		if (q >= end || *q != ':')
			return (p);
		q++;
	}
	while (q < end && *q == ' ')
		q++;
	return (q);
}

static int
parse_xid_digits(const char *p, const char *end, size_t n)
{
	if (end - p < (ptrdiff_t)n)
		return (0);
	while (n-- > 0) {
		if (!isdigit((u_char)*p++))
			return (0);
	}
	return (1);
}

/* n digits at p as a number; -1 if they are not all digits. */
static int
parse_xid_int(const char *p, const char *end, size_t n)
{
	int	 v = 0;

	if (!parse_xid_digits(p, end, n))
		return (-1);
	while (n-- > 0)
		v = v * 10 + (*p++ - '0');
	return (v);
}

/* "Mmm" at p as a month, 0 to 11; -1 if it is none. */
static int
parse_xid_month(const char *p, const char *end)
{
	const char	*m;

	if (end - p < 3)
		return (-1);
	for (m = XID_MONTHS; *m != '\0'; m += 3) {
		if (memcmp(m, p, 3) == 0)
			return ((m - XID_MONTHS) / 3);
	}
	return (-1);
}

/*
 * The seconds since the epoch of tm, a time off seconds east of UTC, or
 * local time; 0 when tm is no time.
 */
static double
parse_xid_epoch(struct tm *tm, int local, long off)
{
	time_t	 t;

	if (tm->tm_year < 70 || tm->tm_mon < 0 || tm->tm_mon > 11 ||
	    tm->tm_mday < 1 || tm->tm_mday > 31 || tm->tm_hour < 0 ||
	    tm->tm_hour > 23 || tm->tm_min < 0 || tm->tm_min > 59 ||
	    tm->tm_sec < 0 || tm->tm_sec > 60)
		return (0);
	tm->tm_isdst = -1;
	if ((t = local ? mktime(tm) : timegm(tm)) == (time_t)-1)
		return (0);
	return ((double)t - off);
}

/*
 * dmesg --time-format=iso's 2025-01-21T04:41:44,283302+00:00, or
 * journalctl -o short-iso's 2025-01-21T04:41:44+00:00 (+0000 before
 * systemd 248): its seconds.
 */
static double
parse_xid_iso(const char *p, const char *end)
{
	struct tm	 tm;
	double		 frac = 0, scale = 0.1, t;
	long		 off = 0;
	int		 sign, hh, mm, digits, local = 1;

	memset(&tm, 0, sizeof tm);
	if (end - p < 19 || p[4] != '-' || p[7] != '-' || p[10] != 'T' ||
	    p[13] != ':' || p[16] != ':')
		return (0);
	tm.tm_year = parse_xid_int(p, end, 4) - 1900;
	tm.tm_mon = parse_xid_int(p + 5, end, 2) - 1;
	tm.tm_mday = parse_xid_int(p + 8, end, 2);
	tm.tm_hour = parse_xid_int(p + 11, end, 2);
	tm.tm_min = parse_xid_int(p + 14, end, 2);
	tm.tm_sec = parse_xid_int(p + 17, end, 2);
	p += 19;
	if (p < end && (*p == ',' || *p == '.')) {
		if (++p >= end || !isdigit((u_char)*p))
			return (0);
		for (digits = 0; p < end && isdigit((u_char)*p);
		    p++, scale /= 10) {
			if (++digits > 9)
				return (0);	/* past nanoseconds */
			frac += (*p - '0') * scale;
		}
	}
	if (p < end && *p == 'Z') {
		p++;
		local = 0;
	} else if (p < end && (*p == '+' || *p == '-')) {
		sign = *p++ == '-' ? -1 : 1;
		if ((hh = parse_xid_int(p, end, 2)) < 0)
			return (0);
		p += 2;
		if (p < end && *p == ':')
			p++;
		if ((mm = parse_xid_int(p, end, 2)) < 0 || hh > 23 || mm > 59)
			return (0);
		p += 2;
		off = sign * (hh * 3600L + mm * 60L);
		local = 0;
	}
	if (p != end || (t = parse_xid_epoch(&tm, local, off)) == 0)
		return (0);
	return (t + frac);
}

/* dmesg -T's Sun Jul 28 09:15:27 2024, a local time: its seconds. */
static double
parse_xid_ctime(const char *p, const char *end)
{
	struct tm	 tm;

	memset(&tm, 0, sizeof tm);
	if (end - p != 24 || p[3] != ' ' || p[7] != ' ' || p[10] != ' ' ||
	    p[13] != ':' || p[16] != ':' || p[19] != ' ')
		return (0);
	tm.tm_mon = parse_xid_month(p + 4, end);
	tm.tm_mday = parse_xid_int(p + 8 + (p[8] == ' '), end,
	    p[8] == ' ' ? 1 : 2);
	tm.tm_hour = parse_xid_int(p + 11, end, 2);
	tm.tm_min = parse_xid_int(p + 14, end, 2);
	tm.tm_sec = parse_xid_int(p + 17, end, 2);
	tm.tm_year = parse_xid_int(p + 20, end, 4) - 1900;
	return (parse_xid_epoch(&tm, 1, 0));
}

/*
 * The timestamp in the prefix [p, end): as printed (may be empty) and the
 * time it names (0 for none).  -1 for a date that is no date (a month 13,
 * a year past 9999): refused, never read as another time or as none.
 */
static int
parse_xid_time(struct xid *x, const char *p, const char *end)
{
	const char	*q;
	size_t		 n;

	x->time[0] = '\0';
	x->when = 0;
	p = parse_xid_skip(p, end);
	if (p >= end)
		return (0);
	if (*p == '[') {
		q = memchr(p, ']', end - p);
		if (q == NULL)
			return (0);
		p++;
		n = parse_trim(&p, q - p);
		parse_copy(x->time, sizeof x->time, p, n);
		x->when = parse_xid_ctime(p, p + n);
		/* Seconds since boot are no date; a weekday starts one. */
		return (x->when == 0 && n > 0 && isalpha((u_char)*p) ? -1 : 0);
	}
	/* 2025-01-21T04:41:44,283302+00:00 */
	if (isdigit((u_char)*p)) {
		for (q = p; q < end && *q != ' '; q++)
			;
		if (memchr(p, '-', q - p) == NULL || memchr(p, ':', q - p) ==
		    NULL)
			return (0);
		parse_copy(x->time, sizeof x->time, p, q - p);
		x->when = parse_xid_iso(p, q);
		return (x->when == 0 ? -1 : 0);
	}
	/* Dec  2 11:38:47 */
	if (end - p >= 15 && isupper((u_char)p[0]) &&
	    islower((u_char)p[1]) && islower((u_char)p[2]) && p[3] == ' ' &&
	    (p[4] == ' ' || isdigit((u_char)p[4])) && isdigit((u_char)p[5]) &&
	    p[6] == ' ' && parse_xid_digits(p + 7, end, 2) && p[9] == ':' &&
	    parse_xid_digits(p + 10, end, 2) && p[12] == ':' &&
	    parse_xid_digits(p + 13, end, 2))
		parse_copy(x->time, sizeof x->time, p, 15);
	return (0);
}

int
parse_xid(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct xid	 x;
	const char	*line, *end, *m, *p, *id;
	size_t		 n;
	uint64_t	 v;
	int		 nrec = 0;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &n)) {
		m = memmem(line, n, XID_MARK, sizeof XID_MARK - 1);
		if (m == NULL)
			continue;
		end = line + n;
		memset(&x, 0, sizeof x);
		if (parse_xid_time(&x, line, m) != 0) {
			sink_error(s, l.line, "a timestamp that is no time: %s",
			    x.time);
			continue;
		}

		/* (PCI:0000:9b:00) or, from older drivers, (0000:9b:00). */
		p = m + sizeof XID_MARK - 1;
		if (end - p >= 4 && memcmp(p, "PCI:", 4) == 0)
			p += 4;
		id = p;
		while (p < end && *p != ')')
			p++;
		if (p >= end || p == id ||
		    p - id >= (ptrdiff_t)sizeof x.bus_id) {
			sink_error(s, l.line, "Xid line without a bus id");
			continue;
		}
		parse_copy(x.bus_id, sizeof x.bus_id, id, p - id);
		p++;
		if (p < end && *p == ':')
			p++;
		while (p < end && *p == ' ')
			p++;
		id = p;
		for (v = 0; p < end && isdigit((u_char)*p); p++) {
			if (v < 10000000)
				v = v * 10 + (*p - '0');
		}
		if (p == id || v > 1000000 || (p < end && *p != ',' &&
		    *p != ' ')) {
			sink_error(s, l.line, "Xid line without a number");
			continue;
		}
		x.xid = (int)v;
		if (p < end && *p == ',')
			p++;
		n = parse_trim(&p, end - p);
		parse_copy(x.message, sizeof x.message, p, n);
		SINK_EMIT(s, xid, &x);
		nrec++;
	}
	return (nrec);
}
