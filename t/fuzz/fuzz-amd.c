/*
 * myriad - libFuzzer target for the AMD parsers: amd-smi and rocm-smi.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The first byte chooses the tool. */
	if (size == 0)
		return (0);
	fuzz_damage(data[0] & 1 ? parse_rocm_smi : parse_amd_smi, data + 1,
	    size - 1, NULL);
	return (0);
}
