/*
 * myriad - the parser table and what the parsers share.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

const struct parser parsers[] = {
	{ .name = "nvsmi-csv", .parse = parse_nvsmi_csv,
	  .format = NVSMI_QUERY,
	  .help = "nvidia-smi --query-gpu=FIELDS --format=csv[,noheader][,nounits]" },
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
	{ .name = "ibstat", .parse = parse_ibstat,
	  .help = "ibstat" },
	{ .name = "perfquery", .parse = parse_perfquery,
	  .help = "perfquery -x per port, after '# CA: NAME' lines" },
	{ .name = "dcgm-diag", .parse = parse_dcgm_diag,
	  .help = "dcgmi diag -r N [-j]" },
	{ .name = "xid", .parse = parse_xid,
	  .help = "dmesg, journalctl -k: NVRM Xid lines" },
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
}

/* Return the next line without its \n or \r\n; 0 at the end. */
int
lines_next(struct lines *l, const char **start, size_t *len)
{
	const char	*nl;
	size_t		 n;

	if (l->p >= l->end)
		return (0);
	nl = memchr(l->p, '\n', l->end - l->p);
	n = (nl != NULL ? nl : l->end) - l->p;
	*start = l->p;
	l->p += n + (nl != NULL);
	if (n > 0 && (*start)[n - 1] == '\r')
		n--;
	*len = n;
	l->line++;
	return (1);
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
size_t
parse_trim(const char **s, size_t len)
{
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
