/*
 * myriad - libFuzzer target for the dcgmi diag parser (text and JSON).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_diag(void *arg, const struct diag *d)
{
	/* Every string must end inside its field. */
	if (strnlen(d->test, sizeof d->test) == sizeof d->test)
		abort();
	if (strnlen(d->category, sizeof d->category) == sizeof d->category)
		abort();
	if (strnlen(d->message, sizeof d->message) == sizeof d->message)
		abort();
	if (d->result < DIAG_NONE || d->result > DIAG_FAIL || d->gpu < -1)
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
	const struct sink	 s = { .diag = fuzz_diag, .error = fuzz_error };

	parse_dcgm_diag((const char *)data, size, NULL, &s);
	return (0);
}
