/*
 * myriad - parser for Huawei's hccn_tool: an Ascend NPU's RoCE port.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Four of its queries, each for one device (hccn_tool -i N):
 *
 *	-link -g	link status: UP
 *	-net_health -g	net health status: Success
 *	-optical -g	optical info:
 *			Rx Power0            : 1.0189 mW
 *			RxPower Low Thres    : 0.1445 mW
 *			...
 *	-link_stat -g	[devid 0]current time        : Wed Aug  2 03:09:26 2022
 *			[devid 0]link up count       : 2
 *			[devid 0]link change records :
 *			[devid 0]    Tue Aug  1 14:43:40 2022    LINK UP
 *
 * Only -link_stat names its device, as [devid N] (or [device N]).  For
 * the others the device is the one of the hccn_tool command line before
 * them, as Ascend's own log collection (ascend-fd) saves them:
 *
 *	/usr/local/Ascend/driver/tools/hccn_tool -i 0 -net_health -g
 *	net health status: Init
 *
 * or, for one query's bare output, `fmt', the N of -i N.  Each device is
 * one port record, named npuN (N as hccn_tool's -i), port 1, Ethernet;
 * the queries of one device, one after another, fill the same record.
 * The output of another query (-fec, -ip, ...) under its command line is
 * skipped, with an error that says so; a line of none is an error.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

#define HCCN_DEVICES	4096

enum hccn_query {
	HQ_NONE,
	HQ_LINK,
	HQ_HEALTH,
	HQ_OPTICAL,
	HQ_LINKSTAT,
	HQ_OTHER,
};

static const struct {
	const char	*flag;
	enum hccn_query	 q;
} hccn_queries[] = {
	{ .flag = "-link", .q = HQ_LINK },
	{ .flag = "-net_health", .q = HQ_HEALTH },
	{ .flag = "-optical", .q = HQ_OPTICAL },
	{ .flag = "-link_stat", .q = HQ_LINKSTAT },
};

static const struct {
	const char	*word;
	enum link_state	 state;
} hccn_states[] = {
	{ .word = "UP", .state = LINK_UP },
	{ .word = "DOWN", .state = LINK_DOWN },
};

/* -optical: the keys read, the rest (vendor, bias, SNR ...) are not. */
enum hccn_optical {
	HO_RX,
	HO_RXLOW,
};
static const struct {
	const char	*key;
	enum hccn_optical what;
} hccn_optical_keys[] = {
	{ .key = "Rx Power", .what = HO_RX },
	{ .key = "Rx Power0", .what = HO_RX },
	{ .key = "Rx Power1", .what = HO_RX },
	{ .key = "Rx Power2", .what = HO_RX },
	{ .key = "Rx Power3", .what = HO_RX },
	{ .key = "RxPower Low Thres", .what = HO_RXLOW },
};

struct hccn_ctx {
	const struct sink	*sink;
	struct ibport		 port;
	int			 dev;		/* -1: not known */
	int			 inport;	/* port holds a reading */
	enum hccn_query		 q;		/* of the last command line */
	int			 optical;	/* after optical info: */
	int			 rxlost;	/* a lane's Rx power refused */
	int			 first;		/* the first line, none refused */
	int			 other;		/* another tool's output */
	int			 n;
};

static void
parse_hccn_flush(struct hccn_ctx *c)
{
	if (!c->inport)
		return;
	SINK_EMIT(c->sink, ibport, &c->port);
	c->n++;
	c->inport = 0;
}

/* Make dev the device the next lines are of. */
static void
parse_hccn_device(struct hccn_ctx *c, int dev)
{
	if (dev != c->dev)
		parse_hccn_flush(c);
	c->dev = dev;
}

/* The record to fill, or NULL after an error when no device is known. */
static struct ibport *
parse_hccn_port(struct hccn_ctx *c, u_int lineno)
{
	if (c->dev < 0) {
		sink_error(c->sink, lineno, "hccn_tool: which device is not "
		    "known: no command line before, no -i N given");
		return (NULL);
	}
	if (!c->inport) {
		memset(&c->port, 0, sizeof c->port);
		snprintf(c->port.device, sizeof c->port.device, "npu%d",
		    c->dev);
		c->port.port = 1;
		c->rxlost = 0;
		strlcpy(c->port.link_layer, "Ethernet",
		    sizeof c->port.link_layer);
		c->inport = 1;
	}
	return (&c->port);
}

/* A device number of at most 4 digits; -1 if s[0..len) is not one. */
static int
parse_hccn_number(const char *s, size_t len)
{
	uint64_t	 u;

	if (len == 0 || len > 4 || parse_u64(s, len, &u) != 0 ||
	    !isdigit((u_char)s[len - 1]) || u >= HCCN_DEVICES)
		return (-1);
	return (u);
}

/* [path/]hccn_tool -i N -query ...: 1 if it is one. */
static int
parse_hccn_command(struct hccn_ctx *c, u_int lineno, const char *s,
    size_t len)
{
	const char	*end = s + len, *w, *p;
	size_t		 wl, i;
	int		 dev = -1, set = 0;

	for (p = s; p < end && !isspace((u_char)*p); p++)
		;
	if (p - s < 9 || strncmp(p - 9, "hccn_tool", 9) != 0 ||
	    (p - s > 9 && p[-10] != '/'))
		return (0);
	c->q = HQ_NONE;
	c->optical = 0;
	while (p < end) {
		while (p < end && isspace((u_char)*p))
			p++;
		for (w = p; p < end && !isspace((u_char)*p); p++)
			;
		if ((wl = p - w) == 0)
			break;
		if (parse_word(w, wl, "-i")) {
			while (p < end && isspace((u_char)*p))
				p++;
			for (w = p; p < end && !isspace((u_char)*p); p++)
				;
			if ((dev = parse_hccn_number(w, p - w)) < 0)
				break;
			continue;
		}
		for (i = 0; i < nitems(hccn_queries); i++) {
			if (parse_word(w, wl, hccn_queries[i].flag))
				c->q = hccn_queries[i].q;
		}
		if (c->q == HQ_NONE && wl > 1 && w[0] == '-' && w[1] != 'i' &&
		    w[1] != 'g')
			c->q = HQ_OTHER;
		/* -link -s down sets: what it prints is no reading. */
		if (parse_word(w, wl, "-s"))
			set = 1;
	}

	if (dev < 0) {
		/* Its output is of no known device: skipped. */
		sink_error(c->sink, lineno, "hccn_tool: a command line "
		    "without -i N");
		c->q = HQ_OTHER;
		return (1);
	}
	parse_hccn_device(c, dev);
	if (set) {
		sink_error(c->sink, lineno, "hccn_tool: %.*s: a setting, "
		    "not read", (int)(len > 80 ? 80 : len), s);
		c->q = HQ_OTHER;
	} else if (c->q == HQ_OTHER || c->q == HQ_NONE) {
		sink_error(c->sink, lineno, "hccn_tool: %.*s: only -link, "
		    "-net_health, -optical and -link_stat are read",
		    (int)(len > 80 ? 80 : len), s);
		c->q = HQ_OTHER;
	}
	return (1);
}

/* key : value, both trimmed; 0 if there is no colon. */
static int
parse_hccn_pair(const char *s, size_t len, const char **k, size_t *kl,
    const char **v, size_t *vl)
{
	const char	*colon;

	if ((colon = memchr(s, ':', len)) == NULL)
		return (0);
	*k = s;
	*kl = parse_trim(k, colon - s);
	*v = colon + 1;
	*vl = parse_trim(v, s + len - *v);
	return (1);
}

/* 1.0189 mW; NA is no reading. */
static int
parse_hccn_mw(struct hccn_ctx *c, u_int lineno, const char *key,
    const char *v, size_t vl, float *out)
{
	double	 d;
	int	 rc;

	if (vl == 2 && strncmp(v, "NA", 2) == 0)
		return (1);
	if (vl < 3 || strncmp(v + vl - 3, " mW", 3) != 0) {
		sink_error(c->sink, lineno, "hccn_tool: %s: '%.*s' is not in "
		    "mW", key, (int)(vl > 40 ? 40 : vl), v);
		return (-1);
	}
	if ((rc = parse_value(c->sink, lineno, key, v, vl - 3, 0, 1000,
	    &d)) == 1)
		sink_error(c->sink, lineno, "hccn_tool: %s: not a number",
		    key);
	if (rc != 0)
		return (-1);
	*out = d;
	return (0);
}

static void
parse_hccn_optical(struct hccn_ctx *c, u_int lineno, const char *s,
    size_t len)
{
	struct ibport	*p;
	const char	*k, *v;
	size_t		 kl, vl, i;
	float		 mw;
	int		 rc;

	if (!parse_hccn_pair(s, len, &k, &kl, &v, &vl)) {
		sink_error(c->sink, lineno, "hccn_tool: not a key : value "
		    "line of -optical");
		return;
	}
	for (i = 0; i < nitems(hccn_optical_keys); i++) {
		if (parse_word(k, kl, hccn_optical_keys[i].key))
			break;
	}
	if (i == nitems(hccn_optical_keys))
		return;
	if ((p = parse_hccn_port(c, lineno)) == NULL)
		return;
	if ((rc = parse_hccn_mw(c, lineno, hccn_optical_keys[i].key, v,
	    vl, &mw)) != 0) {
		/* Without one lane's, the darkest is not known. */
		if (rc < 0 && hccn_optical_keys[i].what == HO_RX) {
			p->valid &= ~BIT(IB_RXPOWER);
			c->rxlost = 1;
		}
		return;
	}
	switch (hccn_optical_keys[i].what) {
	case HO_RX:
		/* Of a module's lanes, the darkest. */
		if (c->rxlost)
			break;
		if (!(p->valid & BIT(IB_RXPOWER)) || mw < p->rx_power_mw)
			p->rx_power_mw = mw;
		p->valid |= BIT(IB_RXPOWER);
		break;
	case HO_RXLOW:
		p->rx_low_mw = mw;
		p->valid |= BIT(IB_RXLOW);
		break;
	}
}

/* [devid 0]link up count       : 2 */
static void
parse_hccn_linkstat(struct hccn_ctx *c, u_int lineno, const char *s,
    size_t len)
{
	struct ibport	*p;
	const char	*end = s + len, *close, *num, *k, *v;
	size_t		 kl, vl = 0;
	uint64_t	 u;
	int		 dev, rc, bit;

	num = s + (parse_prefix(s, len, "[devid ") ? 7 : 8);
	if ((close = memchr(num, ']', end - num)) == NULL ||
	    (dev = parse_hccn_number(num, close - num)) < 0) {
		sink_error(c->sink, lineno, "hccn_tool: a bad device in "
		    "[devid N]");
		return;
	}
	if (c->q == HQ_LINKSTAT && c->dev >= 0 && dev != c->dev) {
		sink_error(c->sink, lineno, "hccn_tool: devid %d under the "
		    "command line of -i %d", dev, c->dev);
		return;
	}
	parse_hccn_device(c, dev);
	s = close + 1;
	len = parse_trim(&s, end - s);
	/* A change record: Tue Aug  1 14:43:40 2022    LINK UP */
	if (len >= 7 && (strncmp(s + len - 7, "LINK UP", 7) == 0 ||
	    (len >= 9 && strncmp(s + len - 9, "LINK DOWN", 9) == 0)))
		return;
	if (!parse_hccn_pair(s, len, &k, &kl, &v, &vl))
		kl = 0;
	if (parse_word(k, kl, "link up count"))
		bit = IB_LINKUP;
	else if (parse_word(k, kl, "link down count"))
		bit = IB_LINKDOWN;
	else if (parse_word(k, kl, "current time") ||
	    parse_word(k, kl, "link change records"))
		return;
	else {
		sink_error(c->sink, lineno, "hccn_tool: not a line of "
		    "-link_stat");
		return;
	}
	if ((p = parse_hccn_port(c, lineno)) == NULL)
		return;
	if ((rc = parse_count(c->sink, lineno, bit == IB_LINKUP ?
	    "link up count" : "link down count", v, vl, UINT64_MAX,
	    &u)) != 0) {
		if (rc == 1)
			sink_error(c->sink, lineno, "hccn_tool: %.*s: not a "
			    "count", (int)kl, k);
		return;
	}
	if (bit == IB_LINKUP)
		p->linkup = u;
	else
		p->linkdown = u;
	p->valid |= BIT(bit);
}

static void
parse_hccn_line(struct hccn_ctx *c, u_int lineno, const char *s, size_t len)
{
	struct ibport	*p;
	const char	*k, *v;
	size_t		 kl, vl, i;

	if (parse_hccn_command(c, lineno, s, len) || c->q == HQ_OTHER)
		return;
	if (parse_prefix(s, len, "[devid ") ||
	    parse_prefix(s, len, "[device ")) {
		parse_hccn_linkstat(c, lineno, s, len);
		return;
	}
	if (parse_word(s, len, "optical info:")) {
		c->optical = 1;
		c->rxlost = 0;
		return;
	}
	if (c->optical) {
		parse_hccn_optical(c, lineno, s, len);
		return;
	}
	if (!parse_hccn_pair(s, len, &k, &kl, &v, &vl) ||
	    (!parse_word(k, kl, "link status") &&
	    !parse_word(k, kl, "net health status"))) {
		if (c->first) {
			sink_error(c->sink, lineno, "not hccn_tool output: "
			    "'%.*s'", (int)(len > 40 ? 40 : len), s);
			c->other = 1;
			return;
		}
		sink_error(c->sink, lineno, "hccn_tool: not a line of -link, "
		    "-net_health, -optical or -link_stat");
		return;
	}
	if ((p = parse_hccn_port(c, lineno)) == NULL)
		return;
	if (parse_word(k, kl, "net health status")) {
		parse_copy(p->health, sizeof p->health, v, vl);
		return;
	}
	for (i = 0; i < nitems(hccn_states); i++) {
		if (parse_word(v, vl, hccn_states[i].word))
			break;
	}
	if (i == nitems(hccn_states)) {
		sink_error(c->sink, lineno, "hccn_tool: unknown link status "
		    "'%.*s'", (int)(vl > 40 ? 40 : vl), v);
		return;
	}
	/* One word for the port: its state and its physical state. */
	p->state = p->phys = hccn_states[i].state;
	parse_copy(p->state_str, sizeof p->state_str, v, vl);
	parse_copy(p->phys_str, sizeof p->phys_str, v, vl);
}

int
parse_hccn(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct hccn_ctx	 c;
	const char	*line;
	size_t		 ll;
	u_int		 refused = 0, seen = 0;
	int		 dev = -1;

	if (fmt != NULL && (dev = parse_hccn_number(fmt, strlen(fmt))) < 0)
		sink_error(s, 0, "hccn_tool: '%s' is not a device (-i N)",
		    fmt);
	memset(&c, 0, sizeof c);
	c.sink = s;
	c.dev = dev;
	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &ll)) {
		/*
		 * A refused line may be a command line: the lines after it,
		 * of no known device, are skipped until the next.  In
		 * -optical it may be a lane's Rx power: the darkest is not
		 * known.
		 */
		if (l.refused != refused) {
			if (c.optical)
				c.port.valid &= ~BIT(IB_RXPOWER);
			c.q = HQ_OTHER;
		}
		refused = l.refused;
		if ((ll = parse_trim(&line, ll)) == 0)
			continue;
		c.first = seen++ == 0 && l.refused == 0;
		parse_hccn_line(&c, l.line, line, ll);
		if (c.other)
			return (0);
	}
	parse_hccn_flush(&c);
	return (c.n);
}
