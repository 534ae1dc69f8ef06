/*
 * myriad - libFuzzer target for the dcgmi diag parser (text and JSON).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse_dcgm_diag((const char *)data, size, NULL, &fuzz_sink);
	return (0);
}
