/*
 * myriad - libFuzzer target for the nvidia-smi nvlink -s and -e parsers.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

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
fuzz_error(void *arg, u_int line, const char *msg)
{
	if (strlen(msg) >= 256)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct sink	 s = { .nvlink = fuzz_nvlink,
				     .error = fuzz_error };

	parse_nvlink_status((const char *)data, size, NULL, &s);
	parse_nvlink_errors((const char *)data, size, NULL, &s);
	return (0);
}
