/*
 * myriad - libFuzzer target for the ibstat parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_ibport(void *arg, const struct ibport *p)
{
	/* Every string must end inside its field. */
	if (strnlen(p->device, sizeof p->device) == sizeof p->device)
		abort();
	if (strnlen(p->state_str, sizeof p->state_str) == sizeof p->state_str)
		abort();
	if (strnlen(p->phys_str, sizeof p->phys_str) == sizeof p->phys_str)
		abort();
	if (strnlen(p->link_layer, sizeof p->link_layer) == sizeof p->link_layer)
		abort();
	if (strnlen(p->ca_type, sizeof p->ca_type) == sizeof p->ca_type)
		abort();
	if (strnlen(p->port_guid, sizeof p->port_guid) == sizeof p->port_guid)
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
	const struct sink	 s = { .ibport = fuzz_ibport,
				     .error = fuzz_error };

	parse_ibstat((const char *)data, size, NULL, &s);
	return (0);
}
