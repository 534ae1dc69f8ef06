/*
 * myriad - libFuzzer target for the nvidia-smi -q Fabric block parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_damage(parse_nvsmi_q, data, size, NULL);
	return (0);
}
