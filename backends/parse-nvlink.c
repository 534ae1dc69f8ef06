/*
 * myriad - nvidia-smi nvlink -s (status) and nvlink -e (error counters).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 *	GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)
 *		 Link 0: 26.562 GB/s
 *		 Link 1: <inactive>
 *
 *	GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)
 *		 Link 0: Replay Errors: 0
 *		 Link 0: Recovery Errors: 0
 *		 Link 0: CRC Errors: 0
 */

#include <ctype.h>
#include <float.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

#define NVLINK_MAX	64
#define NVLINK_MAXGBS	10000	/* GB/s a link can carry: NVLink 5 has 50 */

/* Lines that say there is nothing to report: not an error. */
static const char *nvlink_quiet[] = {
	"Nvlink queries are not supported",
	"Device does not have or support Nvlink",
	"NVLink is not supported",
	"[...]",
	"...",
};

/* A lost GPU, in place of its block: its links are not known. */
#define NVLINK_LOST	"Unable to determine the device handle"

/* Lines where the tool reports a failure of its own. */
static const char *nvlink_failed[] = {
	"NVML: Unable to retrieve NVLink information",
	"Unable to retrieve NVLink information",
	"Failed to",
	"No devices were found",
};

struct nvlink_counter {
	const char	*word;
	int		 bit;
	size_t		 off;
};

static const struct nvlink_counter nvlink_counters[] = {
	{ .word = "Replay", .bit = NVL_REPLAY,
	  .off = offsetof(struct nvlink, replay) },
	{ .word = "Recovery", .bit = NVL_RECOVERY,
	  .off = offsetof(struct nvlink, recovery) },
	{ .word = "CRC", .bit = NVL_CRC,
	  .off = offsetof(struct nvlink, crc) },
};

/*
 * Whether word is in the n bytes at s: memmem's, without its setup, which
 * costs more than the search on a counter's name (5 M of them at 100k).
 */
static int
parse_nvlink_has(const char *s, size_t n, const char *word)
{
	size_t	 len = strlen(word), i;

	for (i = 0; i + len <= n; i++) {
		if (s[i] == word[0] && memcmp(s + i, word, len) == 0)
			return (1);
	}
	return (0);
}

static int
parse_nvlink_prefix(const char *s, size_t len, const char *const *list,
    size_t n)
{
	size_t	 i, pl;

	for (i = 0; i < n; i++) {
		pl = strlen(list[i]);
		if (len >= pl && strncasecmp(s, list[i], pl) == 0)
			return (1);
	}
	return (0);
}

/* A decimal number at *p, advancing past it; -1 if there is none. */
static long
parse_nvlink_num(const char **p, const char *end)
{
	long	 v = 0;

	if (*p >= end || !isdigit((u_char)**p))
		return (-1);
	while (*p < end && isdigit((u_char)**p)) {
		if (v < 100000000)
			v = v * 10 + (**p - '0');
		(*p)++;
	}
	return (v);
}

static void
parse_nvlink_blanks(const char **p, const char *end)
{
	while (*p < end && (**p == ' ' || **p == '\t'))
		(*p)++;
}

/* "GPU 0: NAME (UUID: ...)": the GPU index, or -1. */
static int
parse_nvlink_gpu(const char *s, size_t len)
{
	const char	*p = s + 3, *end = s + len;
	long		 v;

	if (len < 5 || memcmp(s, "GPU ", 4) != 0)
		return (-1);
	parse_nvlink_blanks(&p, end);
	/* A GPU index fits struct nvlink's 16 bits; no node has more. */
	if ((v = parse_nvlink_num(&p, end)) < 0 || v > 4096 || p >= end ||
	    *p != ':')
		return (-1);
	return ((int)v);
}

/*
 * "Link 3: rest" or "Links 0-2, 4-5: rest": set the bits of the links
 * named in *mask and point *rest past the colon.  -1 if not a link line.
 */
static int
parse_nvlink_links(const char *s, size_t len, uint64_t *mask, const char **rest)
{
	const char	*p = s, *end = s + len;
	long		 a, b;

	if (len < 6 || strncmp(s, "Link", 4) != 0)
		return (-1);
	p += 4;
	if (p < end && *p == 's')
		p++;
	*mask = 0;
	for (;;) {
		parse_nvlink_blanks(&p, end);
		if ((a = parse_nvlink_num(&p, end)) < 0)
			return (-1);
		b = a;
		if (p < end && *p == '-') {
			p++;
			if ((b = parse_nvlink_num(&p, end)) < a)
				return (-1);
		}
		if (b >= NVLINK_MAX)
			return (-1);
		for (; a <= b; a++)
			*mask |= BIT(a);
		parse_nvlink_blanks(&p, end);
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == ':')
			break;
		return (-1);
	}
	*rest = p + 1;
	return (0);
}

/*
 * A line that is neither a GPU nor a link: quiet (0), a failure or
 * unknown (reported, -1: it may have been a GPU's, whose links are then
 * no one's).
 */
static int
parse_nvlink_other(const struct sink *s, u_int line, int gpu, const char *p,
    size_t n)
{
	const char	*id, *e;

	if (parse_nvlink_prefix(p, n, nvlink_quiet, nitems(nvlink_quiet)))
		return (0);
	if (n >= sizeof NVLINK_LOST - 1 &&
	    strncmp(p, NVLINK_LOST, sizeof NVLINK_LOST - 1) == 0) {
		/* What it means first: "GPU0000:AB:00.0 lost", not the words. */
		id = p + sizeof NVLINK_LOST - 1;
		if ((size_t)(p + n - id) > 5 && strncmp(id, " for ", 5) == 0)
			id += 5;
		for (e = id; e < p + n && !(*e == ':' && e + 1 < p + n &&
		    e[1] == ' '); e++)
			;
		if (e == id)
			e = (id = "a GPU") + 5;
		sink_error(s, line, "%.*s lost: its links are not known",
		    (int)(e - id > 40 ? 40 : e - id), id);
		return (-1);
	}
	if (parse_nvlink_prefix(p, n, nvlink_failed, nitems(nvlink_failed))) {
		sink_error(s, line, "GPU %d: %.*s", gpu,
		    (int)(n > 200 ? 200 : n), p);
		return (-1);
	}
	sink_error(s, line, "not an nvlink line: %.*s",
	    (int)(n > 80 ? 80 : n), p);
	return (-1);
}

int
parse_nvlink_status(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct nvlink	 nl;
	const char	*line, *rest;
	size_t		 n;
	uint64_t	 mask;
	double		 d;
	u_int		 refused = 0;
	int		 gpu = -1, g, link, nrec = 0, rc;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &n)) {
		/* A refused line may be a GPU's: its links are no one's. */
		if (l.refused != refused)
			gpu = -1;
		refused = l.refused;
		n = parse_trim(&line, n);
		if (n == 0)
			continue;
		if ((g = parse_nvlink_gpu(line, n)) >= 0) {
			gpu = g;
			continue;
		}
		if (parse_nvlink_links(line, n, &mask, &rest) != 0 ||
		    (mask & (mask - 1)) != 0) {
			if (parse_nvlink_other(s, l.line, gpu, line, n) != 0)
				gpu = -1;
			continue;
		}
		if (gpu < 0) {
			sink_error(s, l.line, "link before any GPU line");
			continue;
		}
		for (link = 0; !(mask & BIT(link)); link++)
			;
		memset(&nl, 0, sizeof nl);
		nl.gpu = gpu;
		nl.link = link;
		n -= rest - line;
		n = parse_trim(&rest, n);
		rc = 1;
		if (n >= 5 && memcmp(rest + n - 5, " GB/s", 5) == 0 &&
		    (rc = parse_value(s, l.line, "speed", rest, n - 5, 0,
		    NVLINK_MAXGBS, &d)) == 0) {
			nl.state = LINK_UP;
			nl.speed_gbs = (float)d;
			nl.valid |= BIT(NVL_SPEED);
		} else if (rc == -1)
			continue;
		else if (n == 10 && strncasecmp(rest, "<inactive>", 10) == 0)
			nl.state = LINK_DOWN;
		else {
			sink_error(s, l.line, "GPU %d link %d: unknown state",
			    gpu, link);
			continue;
		}
		SINK_EMIT(s, nvlink, &nl);
		nrec++;
	}
	return (nrec);
}

/* Send the links of one GPU gathered so far, in link order. */
static int
parse_nvlink_flush(const struct sink *s, struct nvlink *acc, uint64_t *seen)
{
	int	 i, nrec = 0;

	for (i = 0; i < NVLINK_MAX; i++) {
		if (*seen & BIT(i)) {
			SINK_EMIT(s, nvlink, &acc[i]);
			nrec++;
		}
	}
	*seen = 0;
	return (nrec);
}

int
parse_nvlink_errors(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct lines	 l;
	struct nvlink	 acc[NVLINK_MAX];
	const char	*line, *rest, *colon, *p;
	size_t		 n, i;
	uint64_t	 mask, seen = 0, v;
	uint64_t	 sum;
	uint32_t	*cnt;
	u_int		 refused = 0;
	int		 gpu = -1, g, link, nrec = 0, bits;

	lines_start(&l, buf, len, s);
	while (lines_next(&l, &line, &n)) {
		if (l.refused != refused) {
			nrec += parse_nvlink_flush(s, acc, &seen);
			gpu = -1;
		}
		refused = l.refused;
		n = parse_trim(&line, n);
		if (n == 0)
			continue;
		if ((g = parse_nvlink_gpu(line, n)) >= 0) {
			nrec += parse_nvlink_flush(s, acc, &seen);
			gpu = g;
			continue;
		}
		if (parse_nvlink_links(line, n, &mask, &rest) != 0) {
			if (parse_nvlink_other(s, l.line, gpu, line, n) != 0) {
				nrec += parse_nvlink_flush(s, acc, &seen);
				gpu = -1;
			}
			continue;
		}
		if (gpu < 0) {
			sink_error(s, l.line, "link before any GPU line");
			continue;
		}

		/* "Replay Errors: 0" or "Replay/Recovery/CRC Errors: 0". */
		n -= rest - line;
		colon = NULL;
		for (p = rest; p < rest + n; p++) {
			if (*p == ':')
				colon = p;
		}
		if (colon == NULL) {
			sink_error(s, l.line, "no counter value");
			continue;
		}
		p = colon + 1;
		if (parse_count(s, l.line, "counter", p, rest + n - p,
		    UINT64_MAX, &v) != 0)
			continue;	/* damaged, or N/A: unknown */
		bits = 0;
		for (i = 0; i < nitems(nvlink_counters); i++) {
			if (parse_nvlink_has(rest, colon - rest,
			    nvlink_counters[i].word))
				bits |= 1 << i;
		}
		if (bits == 0)
			continue;	/* a counter myriad does not keep */

		for (link = 0; link < NVLINK_MAX; link++) {
			if (!(mask & BIT(link)))
				continue;
			if (!(seen & BIT(link))) {
				memset(&acc[link], 0, sizeof acc[link]);
				acc[link].gpu = gpu;
				acc[link].link = link;
				acc[link].state = LINK_UNKNOWN;
				seen |= BIT(link);
			}
			for (i = 0; i < nitems(nvlink_counters); i++) {
				if (!(bits & (1 << i)))
					continue;
				cnt = (uint32_t *)((char *)&acc[link] +
				    nvlink_counters[i].off);
				/*
				 * Data CRC + Flit CRC: add them up; the
				 * counters saturate at 32 bits.
				 */
				sum = v;
				if (acc[link].valid &
				    BIT(nvlink_counters[i].bit))
					sum += *cnt;
				*cnt = sum > UINT32_MAX ? UINT32_MAX :
				    (uint32_t)sum;
				acc[link].valid |= BIT(nvlink_counters[i].bit);
			}
		}
	}
	nrec += parse_nvlink_flush(s, acc, &seen);
	return (nrec);
}
