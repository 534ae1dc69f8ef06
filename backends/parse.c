/*
 * myriad - the parser table and what the parsers share.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

const struct parser parsers[] = {
	{ .name = "nvsmi-csv", .parse = parse_nvsmi_csv,
	  .format = NVSMI_QUERY,
	  .help = "nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits]" },
	{ .name = "nvidia-smi-q", .parse = parse_nvsmi_q,
	  .help = "nvidia-smi -q [-d SECTION,...]: each GPU's Fabric block" },
	{ .name = "imex", .parse = parse_imex,
	  .help = "nvidia-imex-ctl -N: the IMEX domain" },
	{ .name = "nvlink-status", .parse = parse_nvlink_status,
	  .help = "nvidia-smi nvlink -s" },
	{ .name = "nvlink-errors", .parse = parse_nvlink_errors,
	  .help = "nvidia-smi nvlink -e" },
	{ .name = "ipmi-sdr", .parse = parse_ipmi_sdr,
	  .help = "ipmitool sdr elist, sdr list" },
	{ .name = "ipmi-sensor", .parse = parse_ipmi_sensor,
	  .help = "ipmitool sensor list" },
	{ .name = "sinfo", .parse = parse_sinfo, .format = SINFO_FORMAT,
	  .help = "sinfo -h -N -o FORMAT" },
	{ .name = "squeue", .parse = parse_squeue, .format = SQUEUE_FORMAT,
	  .help = "squeue -h -o FORMAT" },
	{ .name = "scontrol-node", .parse = parse_scontrol_node,
	  .help = "scontrol show node [-o]" },
	{ .name = "scontrol-job", .parse = parse_scontrol_job,
	  .help = "scontrol show job [-d] [-o]" },
	{ .name = "scontrol-partition", .parse = parse_scontrol_partition,
	  .help = "scontrol show partition [-o]" },
	{ .name = "ibstat", .parse = parse_ibstat,
	  .help = "ibstat" },
	{ .name = "perfquery", .parse = parse_perfquery,
	  .help = "perfquery -x per port, after '# CA: NAME' lines" },
	{ .name = "dcgm-diag", .parse = parse_dcgm_diag,
	  .help = "dcgmi diag -r N [-j]" },
	{ .name = "rvs", .parse = parse_rvs,
	  .help = "rvs -r N, rvs -c CONF (ROCm Validation Suite)" },
	{ .name = "amd-smi", .parse = parse_amd_smi,
	  .help = "amd-smi metric|static|list|monitor|xgmi|topology [--json]",
	  .none = "topology's records are XGMI links, and GPUs joined by "
	      "PCIe only have none" },
	{ .name = "rocm-smi", .parse = parse_rocm_smi,
	  .help = "rocm-smi [-a] [--json]" },
	{ .name = "xid", .parse = parse_xid,
	  .help = "dmesg, journalctl -k: NVRM Xid lines" },
	{ .name = "npu-smi", .parse = parse_npu,
	  .help = "npu-smi info; info -t health|common|usages|board|memory "
	      "-i N [-c C]; info -t topo" },
	{ .name = "hccn-tool", .parse = parse_hccn,
	  .help = "hccn_tool -i N -link|-net_health|-optical|-link_stat -g",
	  .column = "health" },
	{ .name = "hy-smi", .parse = parse_hysmi,
	  .help = "hy-smi (its default table)" },
	{ .name = NULL }
};

const struct parser *
parser_find(const char *name)
{
	const struct parser	*p;

	for (p = parsers; p->name != NULL; p++) {
		if (strcmp(p->name, name) == 0)
			return (p);
	}
	return (NULL);
}

void
lines_init(struct lines *l, const char *buf, size_t len)
{
	l->p = buf;
	l->end = buf + len;
	l->line = 0;
	l->sink = NULL;
	l->refused = 0;
}

/*
 * Lines of a tool's whole output, read by the rules every line-based
 * parser follows: a leading UTF-8 byte order mark is skipped, a line
 * holding a NUL byte is refused, and so is a last line without its
 * newline, cut short perhaps mid-field (81559 MiB read as 81), each an
 * error to the sink with its line number.  A parser whose lines depend on
 * the ones before (a block under its heading) watches l->refused and
 * starts again at its next heading.  A stream's cut line never gets here:
 * its reader holds it until the rest comes.
 */
void
lines_start(struct lines *l, const char *buf, size_t len,
    const struct sink *s)
{
	len = parse_bom(&buf, len);
	lines_init(l, buf, len);
	l->sink = s;
}

/* Return the next line without its \n or \r\n; 0 at the end. */
int
lines_next(struct lines *l, const char **start, size_t *len)
{
	const char	*nl;
	size_t		 n;

	for (;;) {
		if (l->p >= l->end)
			return (0);
		nl = memchr(l->p, '\n', l->end - l->p);
		if (nl == NULL && l->sink != NULL) {
			/* Blanks too: a right-aligned first field's. */
			sink_error(l->sink, l->line + 1, "no newline at the "
			    "end: the line may be cut short");
			l->refused++;
			l->p = l->end;
			return (0);
		}
		n = (nl != NULL ? nl : l->end) - l->p;
		*start = l->p;
		l->p += n + (nl != NULL);
		if (n > 0 && (*start)[n - 1] == '\r')
			n--;
		*len = n;
		l->line++;
		if (l->sink == NULL || memchr(*start, '\0', n) == NULL)
			return (1);
		sink_error(l->sink, l->line, "a NUL byte in the line");
		l->refused++;
	}
}

/* Skip a UTF-8 byte order mark at the start of *buf; the new length. */
size_t
parse_bom(const char **buf, size_t len)
{
	if (len >= 3 && memcmp(*buf, "\xef\xbb\xbf", 3) == 0) {
		*buf += 3;
		len -= 3;
	}
	return (len);
}

void
sink_error(const struct sink *s, u_int line, const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[256];

	if (s->error == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	s->error(s->arg, line, msg);
}

/* Copy len bytes to a NUL-terminated fixed buffer, truncating. */
void
parse_copy(char *dst, size_t size, const char *src, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* Trim blanks at both ends of *s; return the new length. */
/* s[0..len) starts with prefix. */
int
parse_prefix(const char *s, size_t len, const char *prefix)
{
	size_t	 n = strlen(prefix);

	return (len >= n && strncmp(s, prefix, n) == 0);
}

/* s[0..len) is word, whole. */
int
parse_word(const char *s, size_t len, const char *word)
{
	return (strlen(word) == len && strncmp(s, word, len) == 0);
}

size_t
parse_trim(const char **s, size_t len)
{
	/* Most fields have no blank at either end: printable ASCII. */
	if (len > 0 && (u_char)**s > ' ' && (u_char)**s < 0x7f &&
	    (u_char)(*s)[len - 1] > ' ' && (u_char)(*s)[len - 1] < 0x7f)
		return (len);
	while (len > 0 && isspace((u_char)**s)) {
		(*s)++;
		len--;
	}
	while (len > 0 && isspace((u_char)(*s)[len - 1]))
		len--;
	return (len);
}

/* A whole field as a number; 0 on success, -1 if not a number. */
int
parse_double(const char *s, size_t len, double *out)
{
	char	 buf[64], *end;

	len = parse_trim(&s, len);
	if (len == 0 || len >= sizeof buf)
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	if (end == buf || *end != '\0' || errno == ERANGE)
		return (-1);
	return (0);
}

int
parse_u64(const char *s, size_t len, uint64_t *out)
{
	char	 buf[32], *end;

	len = parse_trim(&s, len);
	if (len == 0 || len >= sizeof buf || !isdigit((u_char)*s))
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtoull(buf, &end, 0);
	if (*end != '\0' || errno == ERANGE)
		return (-1);
	return (0);
}

/*
 * The common number, digits with perhaps a point and more digits (171,
 * 35.0), without strtod: 0 and the value, exactly as strtod rounds it (at
 * most 15 digits are exact in a double, and so is their quotient by a
 * power of ten, rounded once); -1 for any other spelling.
 */
static int
parse_decimal(const char *v, size_t len, double *out)
{
	static const double	 pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6,
	    1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	uint64_t		 u = 0;
	size_t			 i, point = len;

	if (len == 0 || len > 16)
		return (-1);
	for (i = 0; i < len; i++) {
		if (v[i] >= '0' && v[i] <= '9')
			u = u * 10 + (v[i] - '0');
		else if (v[i] == '.' && point == len && i > 0 && i < len - 1)
			point = i;
		else
			return (-1);
	}
	if (len - (point < len) > 15)
		return (-1);
	*out = point < len ? u / pow10[len - point - 1] : (double)u;
	return (0);
}

/*
 * A number the tool printed for a field, checked against what the field
 * can physically hold (a GPU is not at 1e23 C): 0 and the value; 1 if
 * the text does not start as a number (N/A, a word: the caller decides);
 * -1 after an error to the sink at line for a number that is damaged: a
 * locale's decimal comma (25,5), bytes after it, an overflow, a value out
 * of [min, max].
 */
int
parse_value(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, double min, double max, double *out)
{
	char	 buf[64], *end;
	double	 d;
	size_t	 i;

	len = parse_trim(&v, len);
	for (i = 0; i < len && i < 2 && (v[i] == '+' || v[i] == '-' ||
	    v[i] == '.'); i++)
		;
	if (i == len || !isdigit((u_char)v[i]))
		return (1);
	if (parse_decimal(v, len, &d) == 0) {
		if (parse_range(s, line, name, d, min, max) != 0)
			return (-1);
		*out = d;
		return (0);
	}
	if (len >= sizeof buf) {
		sink_error(s, line, "%s: a number of %zu bytes", name, len);
		return (-1);
	}
	memcpy(buf, v, len);
	buf[len] = '\0';
	errno = 0;
	d = strtod(buf, &end);
	if (*end == ',' && isdigit((u_char)end[1]) && end > buf &&
	    isdigit((u_char)end[-1])) {
		sink_error(s, line, "%s: '%s' has a decimal comma", name, buf);
		return (-1);
	}
	if (*end != '\0') {
		sink_error(s, line, "%s: '%s' is not a number", name, buf);
		return (-1);
	}
	if (errno == ERANGE || !isfinite(d)) {
		sink_error(s, line, "%s: '%s' overflows", name, buf);
		return (-1);
	}
	if (parse_range(s, line, name, d, min, max) != 0)
		return (-1);
	*out = d;
	return (0);
}

/* A counter: 0, 1 or -1 as parse_value; past max or 2^64 is an error. */
int
parse_count(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t	 u = 0;
	size_t		 i;

	len = parse_trim(&v, len);
	if (len == 0 || !isdigit((u_char)*v))
		return (1);
	for (i = 0; i < len && isdigit((u_char)v[i]); i++) {
		if (u > (UINT64_MAX - (v[i] - '0')) / 10) {
			sink_error(s, line, "%s: %.*s is past 2^64", name,
			    (int)(len > 40 ? 40 : len), v);
			return (-1);
		}
		u = u * 10 + (v[i] - '0');
	}
	if (i < len && v[i] == ',' && i + 1 < len &&
	    isdigit((u_char)v[i + 1])) {
		sink_error(s, line, "%s: '%.*s' has a decimal comma", name,
		    (int)(len > 40 ? 40 : len), v);
		return (-1);
	}
	if (i < len) {
		sink_error(s, line, "%s: '%.*s' is not a count", name,
		    (int)(len > 40 ? 40 : len), v);
		return (-1);
	}
	if (u > max) {
		sink_error(s, line, "%s: %llu is past %llu", name,
		    (unsigned long long)u, (unsigned long long)max);
		return (-1);
	}
	*out = u;
	return (0);
}

/* 0 if v is in [min, max]; else an error to the sink and -1. */
int
parse_range(const struct sink *s, u_int line, const char *name, double v,
    double min, double max)
{
	if (v >= min && v <= max)
		return (0);
	sink_error(s, line, "%s: %g is out of range (%g to %g)", name, v, min,
	    max);
	return (-1);
}
