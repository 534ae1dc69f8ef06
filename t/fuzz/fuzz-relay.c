/*
 * myriad - libFuzzer target for the relay stream's decoder.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

/* Nodes n0 to n9; the gateway speaks for n3 to n6. */
static int
fuzz_relay_find(void *arg, const char *name)
{
	if (name[0] != 'n' || name[1] < '0' || name[1] > '9' || name[2] != '\0')
		return (-1);
	return (name[1] - '0');
}

static void
fuzz_relay_node(int node)
{
	if (node < 3 || node > 6)
		abort();
}

static void
fuzz_relay_lines(void *arg, int node, const char *data, size_t len)
{
	fuzz_relay_node(node);
	/* Whole lines, each ended. */
	if (len == 0 || data[len - 1] != '\n')
		abort();
}

static void
fuzz_relay_state(void *arg, int node, const char *state, const char *why)
{
	fuzz_relay_node(node);
	if (strlen(state) >= 32 || strlen(why) >= 256)
		abort();
}

static void
fuzz_relay_event(void *arg, int node, const char *why)
{
	fuzz_relay_node(node);
	if (strlen(why) >= 256)
		abort();
}

static const struct relay_sink fuzz_relay_sink = {
	.first = 3, .count = 4, .find = fuzz_relay_find,
	.lines = fuzz_relay_lines, .state = fuzz_relay_state,
	.event = fuzz_relay_event, .error = fuzz_error
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t	 used;

	used = parse_relay((const char *)data, size, &fuzz_relay_sink);
	if (used > size || (used > 0 && data[used - 1] != '\n'))
		abort();
	return (0);
}
