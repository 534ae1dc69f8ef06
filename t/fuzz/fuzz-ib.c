/*
 * myriad - libFuzzer target for the ibstat parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_damage(parse_ibstat, data, size, NULL);
	return (0);
}
