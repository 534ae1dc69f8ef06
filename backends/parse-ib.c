/*
 * myriad - parser for ibstat (and ibstatus) output.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * ibstat prints one block per channel adapter and one sub-block per
 * port, "Key: value" lines indented with tabs or spaces:
 *
 *	CA 'mlx5_0'
 *		CA type: MT4129
 *		Port 1:
 *			State: Active
 *			Physical state: LinkUp
 *			Rate: 400
 *			Base lid: 7
 *			Port GUID: 0x...
 *			Link layer: InfiniBand
 *
 * ibstatus prints "Infiniband device 'mlx5_0' port 1 status:" blocks
 * with lower-case keys, "state: 4: ACTIVE", "rate: 200 Gb/sec (4X HDR)"
 * and hex lids.  Indentation is not relied on.
 */

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

enum ib_key {
	IBK_CATYPE,
	IBK_STATE,
	IBK_PHYS,
	IBK_RATE,
	IBK_LID,
	IBK_GUID,
	IBK_LAYER,
};

/* Keys of both tools, compared without case. */
static const struct {
	const char	*key;
	enum ib_key	 what;
} ib_keys[] = {
	{ .key = "CA type", .what = IBK_CATYPE },
	{ .key = "State", .what = IBK_STATE },
	{ .key = "Physical state", .what = IBK_PHYS },
	{ .key = "phys state", .what = IBK_PHYS },
	{ .key = "Rate", .what = IBK_RATE },
	{ .key = "Base lid", .what = IBK_LID },
	{ .key = "Port GUID", .what = IBK_GUID },
	{ .key = "Link layer", .what = IBK_LAYER },
	{ .key = "link_layer", .what = IBK_LAYER },
};

struct ib_state_name {
	const char	*name;
	enum link_state	 state;
};

/* Logical port state: ibstat's words, ibstatus's capitals. */
static const struct ib_state_name ib_states[] = {
	{ .name = "Active", .state = LINK_UP },
	{ .name = "Down", .state = LINK_DOWN },
	{ .name = "Initializing", .state = LINK_INIT },
	{ .name = "Init", .state = LINK_INIT },
	{ .name = "Armed", .state = LINK_INIT },
	{ .name = "Active_defer", .state = LINK_UP },
};

/* Physical port state. */
static const struct ib_state_name ib_phys[] = {
	{ .name = "LinkUp", .state = LINK_UP },
	{ .name = "Polling", .state = LINK_POLLING },
	{ .name = "Disabled", .state = LINK_DISABLED },
	{ .name = "Sleep", .state = LINK_DOWN },
	{ .name = "PortConfigurationTraining", .state = LINK_INIT },
	{ .name = "LinkErrorRecovery", .state = LINK_INIT },
	{ .name = "PhyTest", .state = LINK_UNKNOWN },
};

/* Lines the tools print when they fail: reported, not ignored. */
static const char *ib_failures[] = {
	"ibpanic:",
	"ibwarn:",
	"iberror:",
	"ibstat:",
	"ibstatus:",
};

struct ib_ctx {
	const struct sink	*sink;
	struct ibport		 port;
	int			 inport;
	int			 lost;		/* after a refused line */
	int			 named;		/* perfquery: saw # CA: */
	char			 device[sizeof ((struct ibport *)0)->device];
	char			 ca_type[sizeof ((struct ibport *)0)->ca_type];
	int			 n;
};

static int
parse_ib_prefix(const char *s, size_t len, const char *prefix)
{
	size_t	 n = strlen(prefix);

	return (len >= n && strncasecmp(s, prefix, n) == 0);
}

static int
parse_ib_equal(const char *s, size_t len, const char *word)
{
	return (strlen(word) == len && strncasecmp(s, word, len) == 0);
}

/* A non-negative integer, hex with 0x; -1 if it is not one. */
static int
parse_ib_int(const char *s, size_t len, int *out)
{
	char		 buf[24], *end;
	unsigned long	 v;
	int		 base = 10;

	len = parse_trim(&s, len);
	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		len -= 2;
	}
	if (len == 0 || len >= sizeof buf || !isxdigit((u_char)*s))
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	v = strtoul(buf, &end, base);
	if (*end != '\0' || v > INT_MAX)
		return (-1);
	*out = v;
	return (0);
}

/* A state's word; an error and LINK_UNKNOWN if it is not one. */
static enum link_state
parse_ib_lookup(struct ib_ctx *c, u_int lineno, const struct ib_state_name *t,
    size_t n, const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < n; i++) {
		if (parse_ib_equal(s, len, t[i].name))
			return (t[i].state);
	}
	sink_error(c->sink, lineno, "ibstat: unknown state '%.*s'",
	    (int)(len > 40 ? 40 : len), s);
	return (LINK_UNKNOWN);
}

/* ibstatus puts the number before the word: "4: ACTIVE". */
static size_t
parse_ib_strip_number(const char **s, size_t len)
{
	size_t	 i = 0;

	while (i < len && isdigit((u_char)(*s)[i]))
		i++;
	if (i > 0 && i < len && (*s)[i] == ':') {
		*s += i + 1;
		len -= i + 1;
		len = parse_trim(s, len);
	}
	return (len);
}

static void
parse_ib_flush(struct ib_ctx *c)
{
	if (!c->inport)
		return;
	SINK_EMIT(c->sink, ibport, &c->port);
	c->n++;
	c->inport = 0;
}

static void
parse_ib_start(struct ib_ctx *c, int port)
{
	parse_ib_flush(c);
	memset(&c->port, 0, sizeof c->port);
	strlcpy(c->port.device, c->device, sizeof c->port.device);
	strlcpy(c->port.ca_type, c->ca_type, sizeof c->port.ca_type);
	c->port.port = port;
	c->inport = 1;
}

/* CA 'mlx5_0' */
static int
parse_ib_ca(struct ib_ctx *c, const char *s, size_t len)
{
	if (len < 5 || strncmp(s, "CA '", 4) != 0 || s[len - 1] != '\'')
		return (0);
	parse_ib_flush(c);
	parse_copy(c->device, sizeof c->device, s + 4, len - 5);
	c->ca_type[0] = '\0';
	c->lost = 0;
	return (1);
}

/* Port 1: */
static int
parse_ib_port(struct ib_ctx *c, u_int lineno, const char *s, size_t len)
{
	int	 port;

	if (len < 7 || strncmp(s, "Port ", 5) != 0 || s[len - 1] != ':')
		return (0);
	if (!isdigit((u_char)s[5]) ||
	    parse_ib_int(s + 5, len - 6, &port) != 0 || port > 255) {
		sink_error(c->sink, lineno, "ibstat: bad port number");
		parse_ib_flush(c);
		c->lost = 1;
		return (1);
	}
	if (!c->lost)
		parse_ib_start(c, port);
	return (1);
}

/* Infiniband device 'mlx5_0' port 1 status: */
static int
parse_ib_device(struct ib_ctx *c, u_int lineno, const char *s, size_t len)
{
	static const char	 head[] = "Infiniband device '";
	static const char	 tail[] = " status:";
	const char		*name, *q, *p;
	size_t			 nlen, plen, hlen = sizeof head - 1;
	size_t			 tlen = sizeof tail - 1;
	int			 port;

	if (!parse_ib_prefix(s, len, head))
		return (0);
	name = s + hlen;
	if ((q = memchr(name, '\'', len - hlen)) == NULL)
		return (0);
	nlen = q - name;
	p = q + 1;
	plen = s + len - p;
	if (!parse_ib_prefix(p, plen, " port ") || plen < 6 + tlen ||
	    strncmp(p + plen - tlen, tail, tlen) != 0)
		return (0);
	parse_ib_flush(c);
	if (parse_ib_int(p + 6, plen - 6 - tlen, &port) != 0 || port > 255) {
		sink_error(c->sink, lineno, "ibstatus: bad port number");
		c->lost = 1;
		return (1);
	}
	parse_copy(c->device, sizeof c->device, name, nlen);
	c->ca_type[0] = '\0';
	c->lost = 0;
	parse_ib_start(c, port);
	return (1);
}

static void
parse_ib_value(struct ib_ctx *c, u_int lineno, enum ib_key what,
    const char *v, size_t vlen)
{
	struct ibport	*p = &c->port;
	const char	*tok;
	double		 d;
	size_t		 tlen;

	if (what == IBK_CATYPE) {
		parse_copy(c->ca_type, sizeof c->ca_type, v, vlen);
		if (c->inport)
			strlcpy(p->ca_type, c->ca_type, sizeof p->ca_type);
		return;
	}
	if (!c->inport)
		return;
	switch (what) {
	case IBK_STATE:
		vlen = parse_ib_strip_number(&v, vlen);
		parse_copy(p->state_str, sizeof p->state_str, v, vlen);
		p->state = parse_ib_lookup(c, lineno, ib_states,
		    nitems(ib_states), v, vlen);
		break;
	case IBK_PHYS:
		vlen = parse_ib_strip_number(&v, vlen);
		parse_copy(p->phys_str, sizeof p->phys_str, v, vlen);
		p->phys = parse_ib_lookup(c, lineno, ib_phys, nitems(ib_phys),
		    v, vlen);
		break;
	case IBK_RATE:
		/* 400, or 200 Gb/sec (4X HDR): the width in brackets. */
		tok = memchr(v, ' ', vlen);
		tlen = (tok != NULL ? (size_t)(tok - v) : vlen);
		if (parse_value(c->sink, lineno, "Rate", v, tlen, 0, 1e5,
		    &d) == 0) {
			p->rate_gbps = d;
			p->valid |= BIT(IB_RATE);
		}
		if ((tok = memchr(v, '(', vlen)) != NULL) {
			tok++;
			for (tlen = 0; tok + tlen < v + vlen &&
			    isdigit((u_char)tok[tlen]); tlen++)
				;
			if (tlen > 0 && tok + tlen < v + vlen &&
			    (tok[tlen] == 'X' || tok[tlen] == 'x'))
				parse_copy(p->width, sizeof p->width, tok,
				    tlen + 1);
		}
		break;
	case IBK_LID:
		/* 16 bits: a longer one is damage. */
		if (parse_ib_int(v, vlen, &p->lid) == 0 && p->lid <= 0xffff)
			p->valid |= BIT(IB_LID);
		else if (vlen > 0 && isdigit((u_char)*v))
			sink_error(c->sink, lineno, "ibstat: bad lid");
		break;
	case IBK_GUID:
		parse_copy(p->port_guid, sizeof p->port_guid, v, vlen);
		break;
	case IBK_LAYER:
		parse_copy(p->link_layer, sizeof p->link_layer, v, vlen);
		break;
	default:
		break;
	}
}

static void
parse_ib_line(struct ib_ctx *c, u_int lineno, const char *s, size_t len)
{
	const char	*colon, *v, *end = s + len;
	size_t		 i, klen, vlen;

	for (i = 0; i < nitems(ib_failures); i++) {
		if (parse_ib_prefix(s, len, ib_failures[i])) {
			sink_error(c->sink, lineno, "%.*s",
			    (int)(len > 200 ? 200 : len), s);
			return;
		}
	}
	if (parse_ib_ca(c, s, len) || parse_ib_port(c, lineno, s, len) ||
	    parse_ib_device(c, lineno, s, len) || c->lost)
		return;
	if ((colon = memchr(s, ':', len)) == NULL) {
		sink_error(c->sink, lineno, "ibstat: not a key: value line");
		return;
	}
	klen = parse_trim(&s, colon - s);
	v = colon + 1;
	vlen = parse_trim(&v, end - v);
	for (i = 0; i < nitems(ib_keys); i++) {
		if (parse_ib_equal(s, klen, ib_keys[i].key)) {
			parse_ib_value(c, lineno, ib_keys[i].what, v, vlen);
			return;
		}
	}
}

/* Read buf a trimmed line at a time with one of the two readers below. */
static int
parse_ib_read(const char *buf, size_t len, const struct sink *s,
    void (*line_fn)(struct ib_ctx *, u_int, const char *, size_t),
    void (*flush_fn)(struct ib_ctx *))
{
	struct lines	 l;
	struct ib_ctx	 c;
	const char	*line;
	size_t		 ll;

	u_int		 refused = 0;

	memset(&c, 0, sizeof c);
	c.sink = s;
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		/* A refused line may be a heading: start at the next. */
		if (l.refused != refused) {
			flush_fn(&c);
			c.lost = 1;
		}
		refused = l.refused;
		if ((ll = parse_trim(&line, ll)) == 0)
			continue;
		line_fn(&c, l.line, line, ll);
	}
	flush_fn(&c);
	return (c.n);
}

int
parse_ibstat(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	return (parse_ib_read(buf, len, s, parse_ib_line, parse_ib_flush));
}

/*
 * perfquery -x (or -l -x, or without -x) output, one block per port:
 *
 *	# CA: mlx5_0
 *	# Port extended counters: Lid 7 port 1 (CapMask: 0x5A00 ...)
 *	PortSelect:......................1
 *	SymbolErrorCounter:..............0
 *	LinkErrorRecoveryCounter:........0
 *	LinkDownedCounter:...............0
 *	PortRcvErrors:...................0
 *
 * perfquery does not name the adapter: the probe prints a "# CA: NAME"
 * line before each run of it (see probe.ib-counters), and the ports that
 * follow are that adapter's; without one the device is left empty.  A
 * "# Port counters:" block (without -x) reads the same way.  Other
 * counter sets (-E PortRcvErrorDetails, -X, ...) are skipped, with an
 * error that says so.  The
 * records carry only the counters: the model adds them to the port
 * ibstat read.
 */
enum pq_key {
	PQK_SYMERR,
	PQK_LINKREC,
	PQK_LINKDOWN,
	PQK_RCVERR,
};
static const struct {
	const char	*key;
	enum pq_key	 what;
	int		 bit;
} pq_keys[] = {
	{ .key = "SymbolErrorCounter", .what = PQK_SYMERR, .bit = IB_SYMERR },
	{ .key = "LinkErrorRecoveryCounter", .what = PQK_LINKREC,
	  .bit = IB_LINKREC },
	{ .key = "LinkDownedCounter", .what = PQK_LINKDOWN,
	  .bit = IB_LINKDOWN },
	{ .key = "PortRcvErrors", .what = PQK_RCVERR, .bit = IB_RCVERR },
};

/* The counter sets read; others are skipped whole. */
static const char *pq_heads[] = {
	"# Port extended counters:",
	"# Port counters:",
};

static void
parse_ib_pq_flush(struct ib_ctx *c)
{
	if (c->inport && (c->port.valid & IB_COUNTERS)) {
		SINK_EMIT(c->sink, ibport, &c->port);
		c->n++;
	}
	c->inport = 0;
}

/* # Port extended counters: Lid 7 port 1 (CapMask: ...) */
static int
parse_ib_pq_head(struct ib_ctx *c, u_int lineno, const char *s, size_t len)
{
	const char	*p, *end = s + len;
	size_t		 i, n;
	int		 port;

	if (len < 2 || s[0] != '#')
		return (0);
	for (i = 0; i < nitems(pq_heads); i++) {
		if (parse_ib_prefix(s, len, pq_heads[i]))
			break;
	}
	parse_ib_pq_flush(c);
	if (i == nitems(pq_heads)) {
		/* Another set (-E, -X ...): said, and skipped whole. */
		if ((p = memmem(s, len, " counters:", 10)) != NULL)
			sink_error(c->sink, lineno, "perfquery: %.*s counters "
			    "are not read, only those of perfquery -x",
			    (int)(p - s > 42 ? 40 : p - s - 2), s + 2);
		return (1);
	}
	/* After the title: "Lid 7 port 1". */
	for (p = s + strlen(pq_heads[i]); p + 6 <= end; p++) {
		if (strncmp(p, " port ", 6) == 0)
			break;
	}
	if (p + 6 > end) {
		sink_error(c->sink, lineno, "perfquery: no port number");
		return (1);
	}
	p += 6;
	for (n = 0; p + n < end && isdigit((u_char)p[n]); n++)
		;
	if (parse_ib_int(p, n, &port) != 0 || port > 255 ||
	    (p + n < end && p[n] != ' ')) {
		sink_error(c->sink, lineno, "perfquery: bad port number");
		c->lost = 1;
		return (1);
	}
	/* Without # CA: lines a port's heading is all it has. */
	if (c->lost && c->named)
		return (1);
	c->lost = 0;
	memset(&c->port, 0, sizeof c->port);
	strlcpy(c->port.device, c->device, sizeof c->port.device);
	c->port.port = port;
	c->inport = 1;
	return (1);
}

static void
parse_ib_pq_line(struct ib_ctx *c, u_int lineno, const char *s, size_t len)
{
	const char	*colon, *v, *end = s + len;
	size_t		 i, klen, vlen;
	uint64_t	 u;
	int		 rc;

	for (i = 0; i < nitems(ib_failures); i++) {
		if (parse_ib_prefix(s, len, ib_failures[i]) ||
		    parse_ib_prefix(s, len, "perfquery:")) {
			sink_error(c->sink, lineno, "%.*s",
			    (int)(len > 200 ? 200 : len), s);
			return;
		}
	}
	if (parse_ib_prefix(s, len, "# CA:")) {
		parse_ib_pq_flush(c);
		v = s + 5;
		vlen = parse_trim(&v, end - v);
		parse_copy(c->device, sizeof c->device, v, vlen);
		c->named = 1;
		c->lost = 0;
		return;
	}
	if (parse_ib_pq_head(c, lineno, s, len) || c->lost)
		return;
	if ((colon = memchr(s, ':', len)) == NULL) {
		sink_error(c->sink, lineno, "perfquery: not a counter line");
		return;
	}
	klen = parse_trim(&s, colon - s);
	v = colon + 1;
	while (v < end && *v == '.')
		v++;
	vlen = parse_trim(&v, end - v);
	for (i = 0; i < nitems(pq_keys); i++) {
		if (parse_ib_equal(s, klen, pq_keys[i].key))
			break;
	}
	if (i == nitems(pq_keys) || !c->inport)
		return;
	/* Decimal, or 0x hex. */
	if (vlen > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X')) {
		if (parse_u64(v, vlen, &u) != 0) {
			sink_error(c->sink, lineno, "perfquery: %s: not a "
			    "number", pq_keys[i].key);
			return;
		}
	} else if ((rc = parse_count(c->sink, lineno, pq_keys[i].key, v,
	    vlen, UINT64_MAX, &u)) != 0) {
		if (rc == 1)
			sink_error(c->sink, lineno, "perfquery: %s: not a "
			    "number", pq_keys[i].key);
		return;
	}
	switch (pq_keys[i].what) {
	case PQK_SYMERR:
		c->port.symerr = u;
		break;
	case PQK_LINKREC:
		c->port.linkrec = u;
		break;
	case PQK_LINKDOWN:
		c->port.linkdown = u;
		break;
	case PQK_RCVERR:
		c->port.rcverr = u;
		break;
	}
	c->port.valid |= BIT(pq_keys[i].bit);
}

int
parse_perfquery(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	return (parse_ib_read(buf, len, s, parse_ib_pq_line,
	    parse_ib_pq_flush));
}
