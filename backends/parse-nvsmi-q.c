/*
 * myriad - nvidia-smi -q (the whole report, or -d sections): each GPU's
 * Fabric block, its NVLink scale-up fabric.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The report is a `GPU 00000000:18:00.0' heading at the margin for each
 * GPU, its keys below it indented by depth, each `Key   : value' with the
 * key padded to the driver's width (38, 42, 55 ...): a line is split at
 * its first colon, never at a column.  The Fabric block is `Fabric' alone
 * on its line, its keys deeper, and `Health' with its own keys deeper
 * again; the depth is read from each line, not assumed, so an excerpt
 * whose indent was stripped reads as well.  Every GPU heading gives a
 * record, with what its Fabric block says, or nothing if it has none (a
 * GPU before Hopper); a Fabric block with no heading above it (grep, an
 * excerpt) gives one too.  A key of the block not known, a CliqueId that
 * is not a count, a ClusterUUID that is not one: an error with its line.
 * A GPU with a line refused (cut, a NUL) is not sent.
 */

#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include "backend.h"

struct nvsmi_q_key {
	const char	*key;
	int		 health;	/* under Health */
	size_t		 off;		/* a string of struct fabric */
	size_t		 size;
};

#define K(k, h, m) { .key = k, .health = h,				\
	.off = offsetof(struct fabric, m),				\
	.size = sizeof ((struct fabric *)0)->m }

static const struct nvsmi_q_key nvsmi_q_keys[] = {
	K("State", 0, state),
	K("Status", 0, status),
	K("CliqueId", 0, clique_id),
	K("ClusterUUID", 0, cluster_uuid),
	K("Summary", 1, health),
	K("Bandwidth", 1, bandwidth),
	K("Route Recovery in progress", 1, route_recovery),
	K("Route Unhealthy", 1, route_unhealthy),
	K("Access Timeout Recovery", 1, access_timeout),
	K("Incorrect Configuration", 1, incorrect_config),
	K("Partition Assigned", 1, partition),
};

#undef K

struct nvsmi_q {
	const struct sink *sink;
	struct lines	 l;
	struct fabric	 f;
	int		 open;		/* a record under way */
	int		 block;		/* it has had its Fabric block */
	u_int		 refused;	/* l.refused when it began */
	size_t		 fabric;	/* the Fabric line's indent + 1, or 0 */
	size_t		 health;	/* the Health line's, or 0 */
	int		 n;
};

static void
parse_nvsmi_q_flush(struct nvsmi_q *q)
{
	if (q->open && q->l.refused == q->refused) {
		SINK_EMIT(q->sink, fabric, &q->f);
		q->n++;
	}
	q->open = 0;
}

static void
parse_nvsmi_q_begin(struct nvsmi_q *q, const char *bus, size_t len)
{
	parse_nvsmi_q_flush(q);
	memset(&q->f, 0, sizeof q->f);
	q->f.node = UINT32_MAX;
	parse_copy(q->f.bus_id, sizeof q->f.bus_id, bus, len);
	q->open = 1;
	q->block = 0;
	q->refused = q->l.refused;
	q->fabric = q->health = 0;
}

/* `GPU 00000000:18:00.0': the bus id, its length; 0 if not a heading. */
static size_t
parse_nvsmi_q_heading(const char *s, size_t len, const char **bus)
{
	size_t	 i;

	if (!parse_prefix(s, len, "GPU ") || len - 4 < 7 || len - 4 > 16)
		return (0);
	*bus = s + 4;
	for (i = 4; i < len; i++) {
		if (!isxdigit((u_char)s[i]) && s[i] != ':' && s[i] != '.')
			return (0);
	}
	return (len - 4);
}

/* 8-4-4-4-12 hex digits. */
static int
parse_nvsmi_q_uuid(const char *s, size_t len)
{
	size_t	 i;

	if (len != 36)
		return (0);
	for (i = 0; i < len; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return (0);
		} else if (!isxdigit((u_char)s[i]))
			return (0);
	}
	return (1);
}

/* A `Key : value' line of the Fabric block. */
static void
parse_nvsmi_q_key(struct nvsmi_q *q, const char *s, size_t len)
{
	const struct nvsmi_q_key *k;
	const char	*colon, *key = s, *v;
	size_t		 klen, vlen, i;
	uint64_t	 u;
	u_int		 line = q->l.line;
	int		 rc;

	if ((colon = memchr(s, ':', len)) == NULL) {
		sink_error(q->sink, line, "not a key : value line in the "
		    "Fabric block: %.*s", (int)(len > 40 ? 40 : len), s);
		return;
	}
	klen = parse_trim(&key, colon - s);
	v = colon + 1;
	vlen = parse_trim(&v, s + len - v);
	for (i = 0; i < nitems(nvsmi_q_keys); i++) {
		k = &nvsmi_q_keys[i];
		if (k->health == (q->health != 0) &&
		    parse_word(key, klen, k->key))
			break;
	}
	if (i == nitems(nvsmi_q_keys)) {
		sink_error(q->sink, line, "%s key not known: %.*s",
		    q->health ? "a Fabric Health" : "a Fabric",
		    (int)(klen > 40 ? 40 : klen), key);
		return;
	}
	if (vlen == 0) {
		sink_error(q->sink, line, "%s: no value", k->key);
		return;
	}
	if (parse_word(v, vlen, "N/A"))
		return;
	if (k->off == offsetof(struct fabric, clique_id)) {
		if ((rc = parse_count(q->sink, line, k->key, v, vlen,
		    UINT32_MAX, &u)) == 0) {
			q->f.clique_id = (uint32_t)u;
			q->f.valid |= BIT(FAB_CLIQUE);
		} else if (rc == 1)
			sink_error(q->sink, line, "%s: '%.*s' is not a count",
			    k->key, (int)(vlen > 40 ? 40 : vlen), v);
		return;
	}
	if (k->off == offsetof(struct fabric, cluster_uuid) &&
	    !parse_nvsmi_q_uuid(v, vlen)) {
		sink_error(q->sink, line, "ClusterUUID: '%.*s' is not a UUID",
		    (int)(vlen > 40 ? 40 : vlen), v);
		return;
	}
	if (vlen >= k->size) {
		sink_error(q->sink, line, "%s: '%.*s' is longer than any "
		    "seen", k->key, (int)(vlen > 40 ? 40 : vlen), v);
		return;
	}
	parse_copy((char *)&q->f + k->off, k->size, v, vlen);
}

int
parse_nvsmi_q(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct nvsmi_q	 q;
	const char	*line, *bus;
	size_t		 n, indent, blen;
	int		 seen = 0;

	(void)fmt;
	memset(&q, 0, sizeof q);
	q.sink = s;
	lines_start(&q.l, buf, len, s);
	while (lines_next(&q.l, &line, &n)) {
		for (indent = 0; indent < n && (line[indent] == ' ' ||
		    line[indent] == '\t'); indent++)
			;
		line += indent;
		n -= indent;
		while (n > 0 && isspace((u_char)line[n - 1]))
			n--;
		if (n == 0)
			continue;
		if (q.open && q.l.refused != q.refused) {
			/* A line of this GPU refused: the rest is not read. */
			q.open = 0;
			q.fabric = q.health = 0;
		}
		if (indent == 0 &&
		    (blen = parse_nvsmi_q_heading(line, n, &bus)) != 0) {
			parse_nvsmi_q_begin(&q, bus, blen);
			seen = 1;
			continue;
		}
		if (parse_word(line, n, "Fabric")) {
			/* An excerpt's next block has no heading either. */
			if (!q.open || q.block)
				parse_nvsmi_q_begin(&q, "", 0);
			q.block = 1;
			q.fabric = indent + 1;
			q.health = 0;
			seen = 1;
			continue;
		}
		if (q.fabric == 0 || !q.open)
			continue;
		if (indent < q.fabric) {
			q.fabric = q.health = 0;
			continue;
		}
		if (q.health != 0 && indent < q.health)
			q.health = 0;
		if (q.health == 0 && parse_word(line, n, "Health")) {
			q.health = indent + 1;
			continue;
		}
		parse_nvsmi_q_key(&q, line, n);
	}
	parse_nvsmi_q_flush(&q);
	if (!seen && q.l.refused == 0)
		sink_error(s, 0, "not nvidia-smi -q: no GPU heading and no "
		    "Fabric block");
	return (q.n);
}
