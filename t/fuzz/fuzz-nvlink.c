/*
 * myriad - libFuzzer target for the nvidia-smi nvlink -s and -e parsers.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_damage(parse_nvlink_status, data, size, NULL);
	fuzz_damage(parse_nvlink_errors, data, size, NULL);
	return (0);
}
