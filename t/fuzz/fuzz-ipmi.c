/*
 * myriad - libFuzzer target for the ipmitool parsers.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_sensor(void *arg, const struct sensor *sn)
{
	/* Every string must end inside its field. */
	if (strnlen(sn->name, sizeof sn->name) == sizeof sn->name)
		abort();
	if (strnlen(sn->unit, sizeof sn->unit) == sizeof sn->unit)
		abort();
	if (strnlen(sn->status, sizeof sn->status) == sizeof sn->status)
		abort();
	if (strnlen(sn->text, sizeof sn->text) == sizeof sn->text)
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
	const struct sink	 s = { .sensor = fuzz_sensor,
				     .error = fuzz_error };

	parse_ipmi_sdr((const char *)data, size, NULL, &s);
	parse_ipmi_sensor((const char *)data, size, NULL, &s);
	return (0);
}
