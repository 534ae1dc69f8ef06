/*
 * myriad - libFuzzer target for the nvidia-smi --query-gpu CSV parser.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The input is read twice: with the default query, and with its own first
 * line as the query (the path taken for noheader output).
 */

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char	*nl;
	char		 fmt[512];
	size_t		 n;

	fuzz_damage(parse_nvsmi_csv, data, size, NULL);

	nl = memchr(data, '\n', size);
	n = nl != NULL ? (size_t)(nl - (const char *)data) : size;
	if (n >= sizeof fmt)
		n = sizeof fmt - 1;
	memcpy(fmt, data, n);
	fmt[n] = '\0';
	fuzz_damage(parse_nvsmi_csv, data, size, fmt);
	return (0);
}
