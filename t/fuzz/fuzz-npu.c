/*
 * myriad - libFuzzer target for the npu-smi parser: info, its -t forms
 * (with and without the command's -i and -c) and -t topo.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_damage(parse_npu, data, size, NULL);
	fuzz_damage(parse_npu, data, size, "-t health -i 1 -c 0");
	return (0);
}
