/*
 * myriad - what the parser fuzz targets share: a sink whose callbacks
 * check every record a parser sends, and abort() on a broken one.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

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
	FUZZ_STR(g->uuid);
	FUZZ_STR(g->model);
	FUZZ_STR(g->bus_id);
	FUZZ_STR(g->error);
	if ((g->valid & BIT(GPU_PSTATE)) && g->pstate > 15)
		abort();
}

static void
fuzz_nvlink(void *arg, const struct nvlink *l)
{
	if (l->gpu < 0 || l->link < 0 || l->link >= 64)
		abort();
	if (l->state != LINK_UNKNOWN && l->state != LINK_UP &&
	    l->state != LINK_DOWN)
		abort();
}

static void
fuzz_ibport(void *arg, const struct ibport *p)
{
	FUZZ_STR(p->device);
	FUZZ_STR(p->state_str);
	FUZZ_STR(p->phys_str);
	FUZZ_STR(p->link_layer);
	FUZZ_STR(p->ca_type);
	FUZZ_STR(p->port_guid);
}

static void
fuzz_sensor(void *arg, const struct sensor *sn)
{
	FUZZ_STR(sn->name);
	FUZZ_STR(sn->unit);
	FUZZ_STR(sn->status);
	FUZZ_STR(sn->text);
}

static void
fuzz_snode(void *arg, const struct snode *n)
{
	FUZZ_STR(n->name);
	FUZZ_STR(n->state);
	FUZZ_STR(n->partitions);
	FUZZ_STR(n->reason);
	FUZZ_STR(n->gres);
}

static void
fuzz_job(void *arg, const struct job *j)
{
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
	FUZZ_STR(d->test);
	FUZZ_STR(d->category);
	FUZZ_STR(d->message);
	if (d->result < DIAG_NONE || d->result > DIAG_FAIL || d->gpu < -1)
		abort();
}

static void
fuzz_xid(void *arg, const struct xid *x)
{
	FUZZ_STR(x->bus_id);
	FUZZ_STR(x->time);
	FUZZ_STR(x->message);
	if (x->xid < 0)
		abort();
}

static void
fuzz_error(void *arg, u_int line, const char *msg)
{
	if (strlen(msg) >= 256)
		abort();
}

static const struct sink fuzz_sink = {
	.gpu = fuzz_gpu, .nvlink = fuzz_nvlink, .ibport = fuzz_ibport,
	.sensor = fuzz_sensor, .snode = fuzz_snode, .job = fuzz_job,
	.diag = fuzz_diag, .xid = fuzz_xid, .error = fuzz_error
};

#endif /* FUZZ_H */
