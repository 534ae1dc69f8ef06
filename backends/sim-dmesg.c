/*
 * myriad - the simulator's kernel log: dmesg, dmesg -T, dmesg --time-format
 * iso, journalctl -k and journalctl -k -o short-iso, in local time as they
 * print it, boot lines and then the Xids of the node's faults (read back
 * by parse-xid.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"

/* How a kernel log is printed: dmesg's ways, then journalctl's. */
enum sim_dmesg_style {
	KL_DMESG, KL_DMESG_T, KL_DMESG_ISO, KL_JOURNAL, KL_JOURNAL_ISO
};
struct sim_dmesg_log {
	enum sim_dmesg_style	 style;
	double			 since;		/* --since: no line before */
};

/* One kernel line at time t, its message printf-formatted. */
static void printflike(7, 8)
sim_dmesg_line(struct buf *b, const struct sim_dmesg_log *kl,
    const struct sim *s, u_int node, double boot, double t, const char *fmt,
    ...)
{
	va_list		 ap;
	struct tm	 tm;
	char		 tmp[64], msg[512];
	double		 up = t - boot;
	time_t		 tt = (time_t)floor(t);
	long		 off;

	if (t < kl->since)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	localtime_r(&tt, &tm);
	switch (kl->style) {
	case KL_DMESG:
		buf_printf(b, "[%5ld.%06ld] %s\n", (long)up,
		    (long)((up - floor(up)) * 1e6), msg);
		break;
	case KL_DMESG_T:
		strftime(tmp, sizeof tmp, "%a %b %e %H:%M:%S %Y", &tm);
		buf_printf(b, "[%s] %s\n", tmp, msg);
		break;
	case KL_DMESG_ISO:
		/* 2024-12-01T07:33:10,123456+01:00 */
		strftime(tmp, sizeof tmp, "%Y-%m-%dT%H:%M:%S", &tm);
		off = labs(tm.tm_gmtoff) / 60;
		buf_printf(b, "%s,%06ld%c%02ld:%02ld %s\n", tmp,
		    (long)((t - floor(t)) * 1e6), tm.tm_gmtoff < 0 ? '-' : '+',
		    off / 60, off % 60, msg);
		break;
	case KL_JOURNAL:
		strftime(tmp, sizeof tmp, "%b %d %H:%M:%S", &tm);
		buf_printf(b, "%s %s kernel: %s\n", tmp,
		    sim_node_name(s, node), msg);
		break;
	case KL_JOURNAL_ISO:
		/* 2024-12-01T07:33:10+01:00, as systemd's logs-show.c */
		strftime(tmp, sizeof tmp, "%Y-%m-%dT%H:%M:%S", &tm);
		buf_printf(b, "%s%+03ld:%02ld %s kernel: %s\n", tmp,
		    tm.tm_gmtoff / 3600, labs(tm.tm_gmtoff / 60 % 60),
		    sim_node_name(s, node), msg);
		break;
	}
}

static int
sim_dmesg_fault_cmp(const void *a, const void *b)
{
	const struct sim_fault	*fa = a, *fb = b;

	return (fa->start < fb->start ? -1 : fa->start > fb->start);
}

static void
sim_dmesg_log(struct sim *s, u_int node, const struct sim_dmesg_log *kl,
    struct buf *out)
{
	const struct sim_node	*n;
	struct sim_fault	 f[SIM_MAXFAULTS];
	char			 uuid[64], serial[32];
	char			 bus[16];
	u_int			 dom, b;
	double			 boot, t;
	u_int			 i, nf = 0;
	uint64_t		 h;

	sim_update(s);
	n = &s->nodes[node];
	boot = sim_boot_time(s, node);
	sim_dmesg_line(out, kl, s, node, boot, boot, "Linux version "
	    "5.15.0-119-generic (buildd@lcy02-amd64-033) (gcc (Ubuntu "
	    "11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) "
	    "2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024 (Ubuntu "
	    "5.15.0-119.129-generic 5.15.160)");
	if (sim_node_vendor(s, node) != VENDOR_NVIDIA)
		return;		/* a mix's other vendors: no NVIDIA driver */
	sim_dmesg_line(out, kl, s, node, boot, boot + 21.482915,
	    "nvidia: loading out-of-tree module taints kernel.");
	sim_dmesg_line(out, kl, s, node, boot, boot + 21.904355,
	    "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  " SIM_DRIVER
	    "  Thu Oct 10 12:29:05 UTC 2024");
	sim_dmesg_line(out, kl, s, node, boot, boot + 22.301187,
	    "nvidia-nvlink: Nvlink Core is being initialized, major device "
	    "number 509");

	for (i = 0; i < n->nfaults; i++) {
		if (n->faults[i].start >= boot && (n->faults[i].type ==
		    SF_XID79 || n->faults[i].type == SF_XID48 ||
		    n->faults[i].type == SF_XID94 ||
		    n->faults[i].type == SF_NVLINK))
			f[nf++] = n->faults[i];
	}
	qsort(f, nf, sizeof *f, sim_dmesg_fault_cmp);
	for (i = 0; i < nf; i++) {
		sim_nvsmi_bus(s, node, f[i].unit, &dom, &b);
		snprintf(bus, sizeof bus, "%04x:%02x", dom, b);
		h = sim_hash(s->seed, node, (uint64_t)f[i].start, 0x6b6c);
		t = f[i].start + (double)(h % 1000000) / 1e6;
		switch (f[i].type) {
		case SF_XID79:
			sim_uuid(s, node, f[i].unit, uuid, sizeof uuid);
			sim_serial(s, node, f[i].unit, serial,
			    sizeof serial);
			sim_dmesg_line(out, kl, s, node, boot, t, "NVRM: GPU "
			    "at PCI:%s:00: %s", bus, uuid);
			sim_dmesg_line(out, kl, s, node, boot, t + 0.000003,
			    "NVRM: GPU Board Serial Number: %s", serial);
			sim_dmesg_line(out, kl, s, node, boot, t + 0.000007,
			    "NVRM: Xid (PCI:%s:00): 79, pid='<unknown>', "
			    "name=<unknown>, GPU has fallen off the bus.", bus);
			sim_dmesg_line(out, kl, s, node, boot, t + 0.000011,
			    "NVRM: GPU %s:00.0: GPU has fallen off the "
			    "bus.", bus);
			break;
		case SF_XID48:
			sim_dmesg_line(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:%s:00): 48, pid='<unknown>', "
			    "name=<unknown>, An uncorrectable double bit error "
			    "(DBE) has been detected on GPU in the framebuffer "
			    "at physAddr 0x%llx partition %u, subpartition "
			    "%u.", bus, (unsigned long long)(h >> 36),
			    (u_int)(h >> 8) % 32, (u_int)(h >> 16) % 4);
			sim_dmesg_line(out, kl, s, node, boot, t + 0.023338,
			    "NVRM: Xid (PCI:%s:00): 63, pid='<unknown>', "
			    "name=<unknown>, Row Remapper: New row (0x%016llx) "
			    "marked for remapping, reset gpu to activate.", bus,
			    (unsigned long long)(h >> 36));
			break;
		case SF_XID94:
			sim_dmesg_line(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:%s:00): 94, pid=%u, name=python3, "
			    "Contained: SM (0x1). RST: No, D-RST: No", bus,
			    (u_int)(100000 + (h >> 20) % 3000000));
			break;
		case SF_NVLINK:
			sim_dmesg_line(out, kl, s, node, boot, t, "NVRM: Xid "
			    "(PCI:%s:00): 74, pid='<unknown>', "
			    "name=<unknown>, NVLink: fatal error detected on "
			    "link %u(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
			    bus, f[i].link);
			break;
		}
	}
}

/* The units of a systemd.time(7) time span, in seconds. */
static const struct {
	const char	*name;
	double		 secs;
} sim_dmesg_units[] = {
	{ "s", 1 }, { "sec", 1 }, { "second", 1 }, { "seconds", 1 },
	{ "m", 60 }, { "min", 60 }, { "minute", 60 }, { "minutes", 60 },
	{ "h", 3600 }, { "hr", 3600 }, { "hour", 3600 }, { "hours", 3600 },
	{ "d", 86400 }, { "day", 86400 }, { "days", 86400 },
	{ "w", 604800 }, { "week", 604800 }, { "weeks", 604800 },
};

/* A time span, "1h30min" or "1 hour 30 min": -1 if it is not one. */
static double
sim_dmesg_span(const char *v)
{
	char	*end;
	double	 n, total = 0;
	size_t	 k, len;

	while (*v == ' ')
		v++;
	if (*v == '\0')
		return (-1);
	while (*v != '\0') {
		n = strtod(v, &end);
		if (end == v || n < 0)
			return (-1);
		for (v = end; *v == ' '; v++)
			;
		len = strspn(v, "abcdefghijklmnopqrstuvwxyz");
		if (len == 0) {
			total += n;	/* seconds */
			continue;
		}
		for (k = 0; k < nitems(sim_dmesg_units); k++) {
			if (strlen(sim_dmesg_units[k].name) == len &&
			    strncmp(v, sim_dmesg_units[k].name, len) == 0)
				break;
		}
		if (k == nitems(sim_dmesg_units))
			return (-1);
		total += n * sim_dmesg_units[k].secs;
		for (v += len; *v == ' '; v++)
			;
	}
	return (total);
}

/*
 * A time as systemd.time(7) (and util-linux) takes it, relative to the
 * simulator's: "now", "today", "yesterday", "-1h", "+5min", "1 hour ago",
 * or a local date, "2026-12-01 10:00";
 * NAN if it is not one this simulator reads.
 */
static double
sim_dmesg_time(const struct sim *s, const char *v)
{
	static const char *const dates[] = {
		"%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"
	};
	struct tm	 tm;
	time_t		 tt = (time_t)floor(s->t);
	char		 span[64], *end;
	size_t		 len = strlen(v), k;
	double		 n;

	if (strcmp(v, "now") == 0)
		return (s->t);
	if (strcmp(v, "today") == 0 || strcmp(v, "yesterday") == 0) {
		localtime_r(&tt, &tm);
		tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
		tm.tm_isdst = -1;
		return ((double)mktime(&tm) - (*v == 'y' ? 86400 : 0));
	}
	if (*v == '-' || *v == '+') {
		if ((n = sim_dmesg_span(v + 1)) < 0)
			return (NAN);
		return (*v == '-' ? s->t - n : s->t + n);
	}
	for (k = 0; k < nitems(dates); k++) {
		memset(&tm, 0, sizeof tm);
		if ((end = strptime(v, dates[k], &tm)) != NULL &&
		    *end == '\0') {
			tm.tm_isdst = -1;
			return ((double)mktime(&tm));
		}
	}
	if (len > 4 && strcmp(v + len - 4, " ago") == 0 &&
	    len - 4 < sizeof span) {
		memcpy(span, v, len - 4);
		span[len - 4] = '\0';
		if ((n = sim_dmesg_span(span)) < 0)
			return (NAN);
		return (s->t - n);
	}
	return (NAN);
}

/*
 * An option with a value, as getopt_long takes it: LONG VALUE, LONG=VALUE
 * or SHORT VALUE (SHORT may be NULL).  1 when argv[*i] was it (*i its last
 * word, *v its value), 0 when it was something else.
 */
static int
sim_dmesg_arg(int argc, char **argv, int *i, const char *lng,
    const char *shrt, const char **v)
{
	const char	*a = argv[*i];
	size_t		 n = strlen(lng);

	if (strncmp(a, lng, n) == 0 && a[n] == '=')
		*v = a + n + 1;
	else if ((strcmp(a, lng) == 0 || (shrt != NULL &&
	    strcmp(a, shrt) == 0)) && *i + 1 < argc)
		*v = argv[++*i];
	else if (shrt != NULL && strncmp(a, shrt, 2) == 0 && a[2] != '\0')
		*v = a + 2;		/* -S1h, as getopt reads it */
	else
		return (0);
	return (1);
}

/*
 * getopt's words for an option it does not know, short or long (without
 * the line util-linux's dmesg adds, "Try 'dmesg --help' ...").
 */
static void
sim_dmesg_unknown(const char *tool, const char *a, const char *known,
    char **cause)
{
	if (a[0] == '-' && a[1] == '-')
		xasprintf(cause, "%s: unrecognized option '%s'", tool, a);
	else		/* the first letter of a bundle it does not know */
		xasprintf(cause, "%s: invalid option -- '%c'", tool,
		    a[strspn(a + 1, known) + 1]);
}

/* The real options this simulator does not print: said, not ignored. */
static const struct {
	const char	*tool;
	const char	*shrt;
	const char	*lng;
	const char	*why;
} sim_dmesg_refused[] = {
	{ "dmesg", "-l", "--level", "log levels" },
	{ "dmesg", "-x", "--decode", "log levels" },
	{ "dmesg", "-H", "--human", "-H, which is interactive (a pager)" },
	{ "dmesg", "-w", "--follow", "-w, which follows the log forever" },
	{ "dmesg", "-W", "--follow-new", "-W, which follows the log "
	  "forever" },
	{ "journalctl", "-f", "--follow", "-f, which follows the log "
	  "forever" },
	{ "journalctl", "-p", "--priority", "log levels" },
};

/* 1 and why when argv[i] is a real option this simulator does not print. */
static int
sim_dmesg_refuse(const char *tool, const char *a, char **cause)
{
	size_t	 k, n;

	for (k = 0; k < nitems(sim_dmesg_refused); k++) {
		n = strlen(sim_dmesg_refused[k].lng);
		if (strcmp(tool, sim_dmesg_refused[k].tool) != 0 ||
		    (strncmp(a, sim_dmesg_refused[k].shrt, 2) != 0 &&
		    (strncmp(a, sim_dmesg_refused[k].lng, n) != 0 ||
		    (a[n] != '\0' && a[n] != '='))))
			continue;
		xasprintf(cause, "%s: the simulator does not print %s", tool,
		    sim_dmesg_refused[k].why);
		return (1);
	}
	return (0);
}

/* The last N lines of out are kept (journalctl -n N). */
static void
sim_dmesg_tail(struct buf *out, long n)
{
	size_t	 i = out->len;

	for (; i > 0 && n > 0; n--) {
		for (i--; i > 0 && out->data[i - 1] != '\n'; i--)
			;
	}
	memmove(out->data, out->data + i, out->len - i);
	out->len -= i;
}

/* The formats this simulator prints: dmesg --time-format, journalctl -o. */
static const struct {
	const char		*option;
	const char		*name;
	enum sim_dmesg_style	 style;
} sim_dmesg_formats[] = {
	{ .option = "--time-format", .name = "ctime", .style = KL_DMESG_T },
	{ .option = "--time-format", .name = "iso", .style = KL_DMESG_ISO },
	{ .option = "--output", .name = "short", .style = KL_JOURNAL },
	{ .option = "--output", .name = "short-iso",
	  .style = KL_JOURNAL_ISO },
};

/*
 * OPTION F, OPTION=F, or -o F for --output: 1 when argv[*i] was it (and *i
 * its last word), 0 when it was something else, -1 when F is not one we
 * print (argv[*i] is F).
 */
static int
sim_dmesg_format(int argc, char **argv, int *i, const char *option,
    enum sim_dmesg_style *style)
{
	const char	*v, *a = argv[*i];
	size_t		 k, n = strlen(option);

	if (strncmp(a, option, n) == 0 && a[n] == '=')
		v = a + n + 1;
	else if ((strcmp(a, option) == 0 || (strcmp(a, "-o") == 0 &&
	    strcmp(option, "--output") == 0)) && *i + 1 < argc)
		v = argv[++*i];
	else
		return (0);
	for (k = 0; k < nitems(sim_dmesg_formats); k++) {
		if (strcmp(option, sim_dmesg_formats[k].option) == 0 &&
		    strcmp(v, sim_dmesg_formats[k].name) == 0) {
			*style = sim_dmesg_formats[k].style;
			return (1);
		}
	}
	return (-1);
}

int
sim_dmesg(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	struct sim_dmesg_log	 kl = { .style = KL_DMESG };
	const char		*v;
	int			 i, rc;

	for (i = 1; i < argc; i++) {
		if (sim_dmesg_arg(argc, argv, &i, "--since", NULL, &v)) {
			if (isnan(kl.since = sim_dmesg_time(s, v))) {
				xasprintf(cause, "dmesg: invalid time value "
				    "\"%s\"", v);
				return (-1);
			}
			continue;
		}
		if ((rc = sim_dmesg_format(argc, argv, &i, "--time-format",
		    &kl.style)) < 0) {
			xasprintf(cause, "dmesg: unknown time format: %s",
			    argv[i]);
			return (-1);
		}
		if (rc > 0)
			continue;
		if (sim_dmesg_refuse("dmesg", argv[i], cause))
			return (-1);
		if (strcmp(argv[i], "-T") == 0 ||
		    strcmp(argv[i], "--ctime") == 0)
			kl.style = KL_DMESG_T;
		else if (strcmp(argv[i], "-k") != 0 &&
		    strcmp(argv[i], "--kernel") != 0) {
			sim_dmesg_unknown("dmesg", argv[i], "kT", cause);
			return (-1);
		}
	}
	sim_dmesg_log(s, node, &kl, out);
	return (0);
}

int
sim_journalctl(struct sim *s, int node, int argc, char **argv,
    struct buf *out, char **cause)
{
	struct sim_dmesg_log	 kl = { .style = KL_JOURNAL };
	const char		*v, *a;
	char			*end;
	long			 lines = -1;
	int			 i, rc, kernel = 0;

	for (i = 1; i < argc; i++) {
		if (sim_dmesg_arg(argc, argv, &i, "--since", "-S", &v)) {
			if (isnan(kl.since = sim_dmesg_time(s, v))) {
				xasprintf(cause, "Failed to parse timestamp: "
				    "%s", v);
				return (-1);
			}
			continue;
		}
		if (sim_dmesg_arg(argc, argv, &i, "--lines", "-n", &v)) {
			lines = strtol(v, &end, 10);
			if (*v == '\0' || *end != '\0' || lines < 0) {
				xasprintf(cause, "Failed to parse lines '%s'.",
				    v);
				return (-1);
			}
			continue;
		}
		if ((rc = sim_dmesg_format(argc, argv, &i, "--output",
		    &kl.style)) < 0) {
			xasprintf(cause, "Unknown output format '%s'.",
			    argv[i]);
			return (-1);
		}
		if (rc > 0)
			continue;
		if (sim_dmesg_refuse("journalctl", argv[i], cause))
			return (-1);
		/* -k, and the flags that change nothing here, bundled. */
		a = argv[i];
		if (a[0] == '-' && a[1] != '-' && a[1] != '\0' &&
		    a[strspn(a + 1, "kbqxe") + 1] == '\0') {
			kernel |= strchr(a, 'k') != NULL;
			if (strchr(a, 'e') != NULL && lines < 0)
				lines = 1000;	/* -e without a pager */
		} else if (strcmp(a, "--dmesg") == 0)
			kernel = 1;
		else if (strcmp(a, "--pager-end") == 0) {
			if (lines < 0)
				lines = 1000;
		} else if (strcmp(a, "--no-pager") == 0 ||
		    strcmp(a, "--boot") == 0 || strcmp(a, "--catalog") == 0 ||
		    strcmp(a, "--quiet") == 0)
			;	/* -k is this boot's already; no catalog */
		else {
			sim_dmesg_unknown("journalctl", a, "kbqxe", cause);
			return (-1);
		}
	}
	if (!kernel) {
		xasprintf(cause, "journalctl: the simulator prints -k only");
		return (-1);
	}
	sim_dmesg_log(s, node, &kl, out);
	if (lines >= 0)
		sim_dmesg_tail(out, lines);
	return (0);
}
