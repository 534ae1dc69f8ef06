/*
 * myriad - unit tests for the relay stream's decoder (parse-relay.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "tap.h"

/* What the sink was told, one "kind node text" line each. */
static struct buf	 told;

/* The cluster: gpu1 to gpu6 are ids 0 to 5; the gateway has gpu3-gpu5. */
static int
relay_find(void *arg, const char *name)
{
	if (strncmp(name, "gpu", 3) != 0 || name[3] < '1' || name[3] > '6' ||
	    name[4] != '\0')
		return (-1);
	return (name[3] - '1');
}

static void
relay_lines(void *arg, int node, const char *data, size_t len)
{
	buf_printf(&told, "lines %d [%.*s]\n", node, (int)len, data);
}

static void
relay_state(void *arg, int node, const char *state, const char *why)
{
	buf_printf(&told, "state %d %s [%s]\n", node, state, why);
}

static void
relay_event(void *arg, int node, const char *why)
{
	buf_printf(&told, "event %d [%s]\n", node, why);
}

static void
relay_beat(void *arg)
{
	buf_printf(&told, "beat\n");
}

static void
relay_error(void *arg, u_int line, const char *msg)
{
	buf_printf(&told, "error %u %s\n", line, msg);
}

static const struct relay_sink sink = {
	.first = 2, .count = 3, .find = relay_find, .lines = relay_lines,
	.state = relay_state, .event = relay_event, .beat = relay_beat,
	.error = relay_error
};

/* Decode exactly the bytes of s (a private copy, no NUL after). */
static const char *
decode(const char *s, size_t *used)
{
	size_t	 len = strlen(s);
	char	*copy = malloc(len ? len : 1);

	memcpy(copy, s, len);
	buf_reset(&told);
	buf_add(&told, "", 0);
	*used = parse_relay(copy, len, &sink);
	free(copy);
	return (told.data);
}

static void
test_kinds(void)
{
	size_t	 used;

	is_str(decode("gpu3: 0, 45\ngpu3: 1, 47\n", &used),
	    "lines 2 [0, 45\n1, 47\n]\n", "a node's lines in a row: one chunk");
	is_int(used, 24, "every byte read");
	is_str(decode("gpu3:0, 45\n", &used), "lines 2 [0, 45\n]\n",
	    "no blank after the colon");
	is_str(decode("gpu3: a\ngpu4: b\ngpu3: c\n", &used),
	    "lines 2 [a\n]\nlines 3 [b\n]\nlines 2 [c\n]\n",
	    "a node's lines end where another's begin");
	is_str(decode("gpu4: x\r\n", &used), "lines 3 [x\n]\n",
	    "CRLF read as a line end");
	is_str(decode("!gpu5\tunreachable\tConnection refused\n", &used),
	    "state 4 unreachable [Connection refused]\n", "a node's state");
	is_str(decode("!gpu5\tup\t\n", &used), "state 4 up []\n",
	    "up, no reason");
	is_str(decode("!gpu5\tup\n", &used), "state 4 up []\n",
	    "a state without its tab before the reason");
	is_str(decode("!gpu3\tevent\tgpus: exited 127: not found\n", &used),
	    "event 2 [gpus: exited 127: not found]\n", "an event");
	is_str(decode("!\n", &used), "beat\n", "the heartbeat");
	is_str(decode("gpu3: a\n!gpu3\ttimeout\tslow\ngpu3: b\n", &used),
	    "lines 2 [a\n]\nstate 2 timeout [slow]\nlines 2 [b\n]\n",
	    "a state ends a node's lines, before it is told");
	is_str(decode("gpu3: a\n!\ngpu3: b\n", &used),
	    "lines 2 [a\n]\nbeat\nlines 2 [b\n]\n",
	    "so does the heartbeat");
	is_str(decode("", &used), "", "nothing: nothing told");
	is_int(used, 0, "nothing read");
}

static void
test_cut(void)
{
	size_t	 used;

	is_str(decode("gpu3: 0, 4", &used), "", "a cut line: not told");
	is_int(used, 0, "a cut line: held");
	is_str(decode("gpu3: 0, 45\ngpu4: 1, 4", &used),
	    "lines 2 [0, 45\n]\n", "the whole line told, the cut one not");
	is_int(used, 12, "read up to the last newline");
	is_str(decode("gpu4: 1, 47\n", &used), "lines 3 [1, 47\n]\n",
	    "the rest came: told whole");
	is_str(decode("!gpu5\tunreach", &used), "", "a cut state: held");
}

static void
test_lying(void)
{
	size_t	 used;

	is_str(decode("gpu1: 0, 45\n", &used),
	    "error 1 gpu1 is not this gateway's node\n",
	    "a line for another gateway's node: refused");
	is_str(decode("!gpu6\tdown\tpretend\n", &used),
	    "error 1 gpu6 is not this gateway's node\n",
	    "a state for a node not its own: refused");
	is_str(decode("!gpu2\tevent\tpretend\n", &used),
	    "error 1 gpu2 is not this gateway's node\n",
	    "an event for a node not its own: refused");
	is_str(decode("gpu9: 0, 45\n", &used), "error 1 no node gpu9\n",
	    "a node the cluster does not have: refused");
	is_str(decode("gpu3: a\ngpu1: b\ngpu3: c\n", &used),
	    "lines 2 [a\n]\nerror 2 gpu1 is not this gateway's node\n"
	    "lines 2 [c\n]\n", "its own lines go on around the lie");
}

static void
test_garbage(void)
{
	char	 big[600];
	size_t	 used;

	is_str(decode("garbage\n", &used), "error 1 not a relay line\n",
	    "no colon: not a relay line");
	is_str(decode("\n", &used), "error 1 not a relay line\n",
	    "an empty line");
	is_str(decode("!gpu3 up\n", &used), "error 1 not a relay line\n",
	    "a state without tabs");
	is_str(decode("gpu3: a\njunk\ngpu3: b\n", &used),
	    "lines 2 [a\n]\nerror 2 not a relay line\nlines 2 [b\n]\n",
	    "garbage ends a node's lines");
	memset(big, 'x', sizeof big);
	memcpy(big + sizeof big - 4, ": \n", 4);
	is_str(decode(big, &used), "error 1 a node name of 596 bytes\n",
	    "a name too long for any node");
}

int
main(void)
{
	buf_init(&told);
	test_kinds();
	test_cut();
	test_lying();
	test_garbage();
	buf_free(&told);
	return (tap_done());
}
