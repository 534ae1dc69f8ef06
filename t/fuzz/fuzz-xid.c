/*
 * myriad - libFuzzer target for the kernel log Xid parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_xid(void *arg, const struct xid *x)
{
	/* Every string must end inside its field. */
	if (strnlen(x->bus_id, sizeof x->bus_id) == sizeof x->bus_id ||
	    strnlen(x->time, sizeof x->time) == sizeof x->time ||
	    strnlen(x->message, sizeof x->message) == sizeof x->message)
		abort();
	if (x->xid < 0)
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
	const struct sink	 s = { .xid = fuzz_xid, .error = fuzz_error };

	parse_xid((const char *)data, size, NULL, &s);
	return (0);
}
