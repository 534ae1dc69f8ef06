/*
 * myriad - what the parser fuzz targets share: a sink whose callbacks
 * check every record a parser sends, and abort() on a broken one.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef FUZZ_H
#define FUZZ_H

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* What a parser sent, counted when the sink's arg is one. */
struct fuzz_count {
	u_int	 records;
	u_int	 errors;
};

static void
fuzz_counted(void *arg)
{
	if (arg != NULL)
		((struct fuzz_count *)arg)->records++;
}

/* Every string must end inside its field. */
#define FUZZ_STR(field)	fuzz_str((field), sizeof (field))

static void
fuzz_str(const char *s, size_t size)
{
	if (strnlen(s, size) == size)
		abort();
}

static void
fuzz_gpu(void *arg, const struct gpu *g)
{
	fuzz_counted(arg);
	FUZZ_STR(g->uuid);
	FUZZ_STR(g->model);
	FUZZ_STR(g->bus_id);
	FUZZ_STR(g->error);
	if ((g->valid & BIT(GPU_PSTATE)) && g->pstate > 15)
		abort();
	/* Never a value no GPU reports: 1e23 C is damage. */
	if ((g->valid & BIT(GPU_TEMP)) && (g->temp_c < -274 ||
	    g->temp_c > 500))
		abort();
	if ((g->valid & BIT(GPU_UTIL)) && (g->util_pct < 0 ||
	    g->util_pct > 100))
		abort();
}

static void
fuzz_nvlink(void *arg, const struct nvlink *l)
{
	fuzz_counted(arg);
	if (l->gpu < 0 || l->link < 0 || l->link >= 64)
		abort();
	if (l->state != LINK_UNKNOWN && l->state != LINK_UP &&
	    l->state != LINK_DOWN)
		abort();
	if ((l->valid & BIT(NVL_SPEED)) && (l->speed_gbs < 0 ||
	    l->speed_gbs > 10000))
		abort();
}

static void
fuzz_ibport(void *arg, const struct ibport *p)
{
	fuzz_counted(arg);
	FUZZ_STR(p->device);
	FUZZ_STR(p->state_str);
	FUZZ_STR(p->phys_str);
	FUZZ_STR(p->link_layer);
	FUZZ_STR(p->ca_type);
	FUZZ_STR(p->port_guid);
	FUZZ_STR(p->health);
	if ((p->valid & BIT(IB_RXPOWER)) && (p->rx_power_mw < 0 ||
	    p->rx_power_mw > 1000))
		abort();
}

static void
fuzz_sensor(void *arg, const struct sensor *sn)
{
	fuzz_counted(arg);
	FUZZ_STR(sn->name);
	FUZZ_STR(sn->unit);
	FUZZ_STR(sn->status);
	FUZZ_STR(sn->text);
	if ((sn->valid & BIT(SEN_READING)) && (sn->reading < -1e6 ||
	    sn->reading > 1e6))
		abort();
}

static void
fuzz_snode(void *arg, const struct snode *n)
{
	fuzz_counted(arg);
	FUZZ_STR(n->name);
	FUZZ_STR(n->state);
	FUZZ_STR(n->partitions);
	FUZZ_STR(n->reason);
	FUZZ_STR(n->gres);
}

static void
fuzz_partition(void *arg, const struct partition *pt)
{
	fuzz_counted(arg);
	FUZZ_STR(pt->name);
	FUZZ_STR(pt->state);
	FUZZ_STR(pt->nodes);
	if ((pt->valid & BIT(PART_MAXTIME)) && pt->maxtime_s < -1)
		abort();
}

static void
fuzz_job(void *arg, const struct job *j)
{
	fuzz_counted(arg);
	FUZZ_STR(j->id);
	FUZZ_STR(j->user);
	FUZZ_STR(j->partition);
	FUZZ_STR(j->name);
	FUZZ_STR(j->state);
	FUZZ_STR(j->nodes);
	FUZZ_STR(j->reason);
	FUZZ_STR(j->gres);
	if ((j->valid & BIT(JOB_ELAPSED)) && j->elapsed_s < 0)
		abort();
}

static void
fuzz_diag(void *arg, const struct diag *d)
{
	fuzz_counted(arg);
	FUZZ_STR(d->test);
	FUZZ_STR(d->category);
	FUZZ_STR(d->message);
	if (d->result < DIAG_NONE || d->result > DIAG_FAIL || d->gpu < -1)
		abort();
}

static void
fuzz_xid(void *arg, const struct xid *x)
{
	fuzz_counted(arg);
	FUZZ_STR(x->bus_id);
	FUZZ_STR(x->time);
	FUZZ_STR(x->message);
	if (x->xid < 0)
		abort();
}

static void
fuzz_fabric(void *arg, const struct fabric *f)
{
	fuzz_counted(arg);
	FUZZ_STR(f->bus_id);
	FUZZ_STR(f->state);
	FUZZ_STR(f->status);
	FUZZ_STR(f->cluster_uuid);
	FUZZ_STR(f->health);
	FUZZ_STR(f->bandwidth);
	FUZZ_STR(f->partition);
	/* A ClusterUUID is whole or absent: 36 characters. */
	if (f->cluster_uuid[0] != '\0' && strlen(f->cluster_uuid) != 36)
		abort();
}

static void
fuzz_imex(void *arg, const struct imex *x)
{
	fuzz_counted(arg);
	FUZZ_STR(x->address);
	FUZZ_STR(x->state);
	FUZZ_STR(x->version);
	FUZZ_STR(x->domain);
	FUZZ_STR(x->links);
	if (x->id < 0 || x->connected < 0)
		abort();
}

static void
fuzz_error(void *arg, u_int line, const char *msg)
{
	if (strlen(msg) >= 256)
		abort();
	if (arg != NULL)
		((struct fuzz_count *)arg)->errors++;
}

#define FUZZ_SET(what) .what = fuzz_##what,
static const struct sink fuzz_sink = {
	SINK_RECORDS(FUZZ_SET) .error = fuzz_error
};
#undef FUZZ_SET

/* Run fn on len bytes of buf; what it sent. */
static struct fuzz_count
fuzz_run(parse_fn fn, const char *buf, size_t len, const char *fmt)
{
	struct fuzz_count	 c = { 0, 0 };
	struct sink		 s = fuzz_sink;

	s.arg = &c;
	fn(buf, len, fmt, &s);
	return (c);
}

/*
 * The damage of t/unit-damage.c, on every input: after a byte order mark
 * and with CRLF lines it reads the same; a line-based output cut in its
 * last line says so.
 */
static void
fuzz_damage(parse_fn fn, const uint8_t *data, size_t size, const char *fmt)
{
	const char		*in = (const char *)data;
	struct fuzz_count	 a, b;
	char			*buf;
	size_t			 i, n, start, end;
	int			 json;

	a = fuzz_run(fn, in, size, fmt);
	if (size == 0 || size > 65536 || (u_char)in[0] == 0xef)
		return;
	if ((buf = malloc(2 * size + 3)) == NULL)
		abort();
	memcpy(buf, "\xef\xbb\xbf", 3);
	memcpy(buf + 3, in, size);
	b = fuzz_run(fn, buf, size + 3, fmt);
	if (a.records != b.records || a.errors != b.errors)
		abort();
	for (i = n = 0; i < size; i++) {
		if (in[i] == '\n' && (i == 0 || in[i - 1] != '\r'))
			buf[n++] = '\r';
		buf[n++] = in[i];
	}
	b = fuzz_run(fn, buf, n, fmt);
	if (a.records != b.records || a.errors != b.errors)
		abort();
	free(buf);

	/* Cut in the middle of a last line that holds more than blanks. */
	for (i = 0; i < size && isspace((u_char)in[i]); i++)
		;
	json = i < size && (in[i] == '{' || in[i] == '[');
	if (json || in[size - 1] != '\n')
		return;
	end = size - 1;
	for (start = end; start > 0 && in[start - 1] != '\n'; start--)
		;
	for (i = start; i < end && isspace((u_char)in[i]); i++)
		;
	if (i == end || memchr(in + start, '\0', end - start) != NULL)
		return;
	n = i + (end - i + 1) / 2;
	if (fuzz_run(fn, in, n, fmt).errors == 0)
		abort();
}

#endif /* FUZZ_H */
