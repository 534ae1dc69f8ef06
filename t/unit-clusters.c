/*
 * myriad - unit tests: two clusters in one process, nothing global.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Two simulated clusters of different sizes and seeds, each a model and a
 * backend of its own, made and read through the public backend API: each
 * model holds its own nodes, GPUs and jobs, and reading or running a
 * command on one leaves the other as it was.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "tap.h"

struct cluster {
	struct model	*m;
	struct backend	*b;
};

/* A cluster as the options say it now: they are read when it is made. */
static void
clusters_create(struct cluster *c, const char *name, const char *size,
    const char *seed)
{
	char	*cause = NULL;

	options_set("cluster", name, &cause);
	options_set("sim.size", size, &cause);
	options_set("sim.seed", seed, &cause);
	c->b = backend_create(&c->m, &cause);
	ok(c->b != NULL && c->m != NULL, "cluster %s made (%s)", name,
	    cause != NULL ? cause : "ok");
	free(cause);
}

static uint64_t
clusters_gens(const struct model *m)
{
	uint64_t	 sum = 0;
	u_int		 i;

	for (i = 0; i < DOM_NDOMAINS; i++)
		sum += m->gen[i];
	return (sum);
}

/* Whether every running job's nodes are the model's own. */
static int
clusters_jobs_own(const struct model *m)
{
	const struct job	*j;
	u_int			 k, i, n = 0;

	for (k = 0; k < m->njobs; k++) {
		j = &m->jobs[k];
		if (j->first + j->count > m->njobnodes)
			return (0);
		for (i = 0; i < j->count; i++) {
			if (m->jobnodes[j->first + i] >= m->nnodes)
				return (0);
		}
		n += j->count;
	}
	return (n == m->njobnodes);
}

static void
clusters_exec_done(const struct exec_result *x, void *arg)
{
	int	*status = arg;

	*status = x->status;
}

int
main(void)
{
	struct cluster	 a, b;
	uint64_t	 gens;
	u_int		 events;
	int		 id, status = -2;
	char		*cause = NULL;

	options_set("source", "sim", &cause);
	options_set("sim.time", "1800000000", &cause);
	options_set("sim.diag-seconds", "0", &cause);
	clusters_create(&a, "alpha", "64", "1");
	clusters_create(&b, "beta", "256", "7");
	if (a.b == NULL || b.b == NULL)
		return (tap_done());

	ok(a.m != b.m && a.m->nodes != b.m->nodes && a.m->gpus != b.m->gpus,
	    "two models, each with its own arrays");
	is_str(a.m->cluster, "alpha", "the first is alpha");
	is_str(b.m->cluster, "beta", "the second is beta");
	is_int(a.m->nnodes, 8, "alpha has 8 nodes of 8 GPUs");
	is_int(b.m->nnodes, 32, "beta has 32");

	/* Reading one cluster leaves the other as it was. */
	gens = clusters_gens(b.m);
	backend_refresh(a.b, DOMS_ALL, 1);
	ok(a.m->gen[DOM_GPUS] > 0 && a.m->gen[DOM_JOBS] > 0,
	    "alpha read: its GPUs and jobs");
	is_int(clusters_gens(b.m), gens, "beta untouched by alpha's read");
	ok(b.m->njobs == 0 && !(b.m->gpus[0].valid & BIT(GPU_UTIL)),
	    "beta has no data yet");
	gens = clusters_gens(a.m);
	backend_refresh(b.b, DOMS_ALL, 1);
	ok(b.m->gen[DOM_GPUS] > 0 && b.m->njobs > 0,
	    "beta read: its GPUs and jobs");
	is_int(clusters_gens(a.m), gens, "alpha untouched by beta's read");

	ok(model_find(a.m, "gpu0009") == -1 && model_find(b.m, "gpu0032") == 31,
	    "each model finds its own nodes");
	ok(strcmp(a.m->gpus[0].uuid, b.m->gpus[0].uuid) != 0,
	    "the two seeds' GPUs differ (%s, %s)", a.m->gpus[0].uuid,
	    b.m->gpus[0].uuid);
	ok(clusters_jobs_own(a.m), "alpha's running jobs on alpha's nodes");
	ok(clusters_jobs_own(b.m), "beta's running jobs on beta's nodes");

	/* A command run on one cluster's node is that cluster's alone. */
	gens = clusters_gens(a.m);
	events = model_nevents(a.m);
	id = backend_exec(b.b, 0, "dcgmi diag -r 1 -j", 10,
	    clusters_exec_done, &status);
	ok(id > 0, "beta runs dcgmi diag on its first node");
	backend_exec_wait_ids(b.b, &id, 1);
	ok(status != -2, "... which ends (exit %d)", status);
	is_int(clusters_gens(a.m), gens, "alpha untouched by beta's command");
	is_int(model_nevents(a.m), events, "... and has no new event");

	backend_free(a.b);
	model_free(a.m);
	gens = clusters_gens(b.m);
	backend_refresh(b.b, DOMS_ALL, 1);
	ok(clusters_gens(b.m) > gens, "beta reads on with alpha gone");
	backend_free(b.b);
	model_free(b.m);
	options_reset();
	return (tap_done());
}
