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
 * short-iso), or a syslog "Mon dd hh:mm:ss".  Lines without an Xid are not
 * ours and are skipped.
 */

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "backend.h"

#define XID_MARK	"NVRM: Xid ("

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

/* The timestamp in the prefix [p, end), as printed; may be empty. */
static void
parse_xid_time(char *out, size_t size, const char *p, const char *end)
{
	const char	*q;
	size_t		 n;

	out[0] = '\0';
	p = parse_xid_skip(p, end);
	if (p >= end)
		return;
	if (*p == '[') {
		q = memchr(p, ']', end - p);
		if (q == NULL)
			return;
		p++;
		n = parse_trim(&p, q - p);
		parse_copy(out, size, p, n);
		return;
	}
	/* 2025-01-21T04:41:44,283302+00:00 */
	if (parse_xid_digits(p, end, 4) && end - p > 4 && p[4] == '-') {
		for (q = p; q < end && *q != ' '; q++)
			;
		parse_copy(out, size, p, q - p);
		return;
	}
	/* Dec  2 11:38:47 */
	if (end - p >= 15 && isupper((u_char)p[0]) &&
	    islower((u_char)p[1]) && islower((u_char)p[2]) && p[3] == ' ' &&
	    (p[4] == ' ' || isdigit((u_char)p[4])) && isdigit((u_char)p[5]) &&
	    p[6] == ' ' && parse_xid_digits(p + 7, end, 2) && p[9] == ':' &&
	    parse_xid_digits(p + 10, end, 2) && p[12] == ':' &&
	    parse_xid_digits(p + 13, end, 2))
		parse_copy(out, size, p, 15);
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
		parse_xid_time(x.time, sizeof x.time, line, m);

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
