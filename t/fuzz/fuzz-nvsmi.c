/*
 * myriad - libFuzzer target for the nvidia-smi --query-gpu CSV parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The input is read twice: with the default query, and with its own first
 * line as the query (the path taken for noheader output).
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_gpu(void *arg, const struct gpu *g)
{
	/* Every string must end inside its field. */
	if (strnlen(g->uuid, sizeof g->uuid) == sizeof g->uuid ||
	    strnlen(g->model, sizeof g->model) == sizeof g->model ||
	    strnlen(g->bus_id, sizeof g->bus_id) == sizeof g->bus_id ||
	    strnlen(g->error, sizeof g->error) == sizeof g->error)
		abort();
	if ((g->valid & BIT(GPU_PSTATE)) && g->pstate > 15)
		abort();
}

static void
fuzz_error(void *arg, u_int line, const char *msg)
{
	if (strlen(msg) >= 256)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sink	 s = { .gpu = fuzz_gpu, .error = fuzz_error };
	const char		*nl;
	char			 fmt[512];
	size_t			 n;

	parse_nvsmi_csv((const char *)data, size, NULL, &s);

	nl = memchr(data, '\n', size);
	n = nl != NULL ? (size_t)(nl - (const char *)data) : size;
	if (n >= sizeof fmt)
		n = sizeof fmt - 1;
	memcpy(fmt, data, n);
	fmt[n] = '\0';
	parse_nvsmi_csv((const char *)data, size, fmt, &s);
	return (0);
}
