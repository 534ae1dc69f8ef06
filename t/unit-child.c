/*
 * myriad - unit tests for local child processes (child.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "tap.h"

/* Read the child's output until it ends (0) or is too much (-1). */
static int
drain(struct child *c, struct buf *out, size_t max)
{
	struct pollfd	 pfd = { .fd = child_fd(c), .events = POLLIN };
	int		 rc;

	while ((rc = child_read(c, out, max)) == 1)
		poll(&pfd, 1, 1000);
	return (rc);
}

int
main(void)
{
	struct child	*c;
	struct buf	 out, err;

	buf_init(&out);
	buf_init(&err);
	c = child_start("echo one; echo two >&2; read x; echo \"[$x]\"; "
	    "exit 3");
	ok(c != NULL, "a child starts");
	is_int(drain(c, &out, 1024), 0, "its output ends");
	is_str(out.data, "one\n[]\n", "its standard output, stdin empty");
	is_int(child_stop(c, 0, &err), 3, "its exit status");
	is_str(err.data, "two\n", "its standard error");

	buf_reset(&out);
	buf_reset(&err);
	c = child_start("yes");
	is_int(drain(c, &out, 100000), -1, "more than the bound: -1");
	ok(out.len <= 100000, "the output kept within the bound");
	ok(child_stop(c, 1, &err) != 0, "killed: not a clean exit");

	buf_reset(&out);
	c = child_start("exit 127");
	is_int(drain(c, &out, 1024), 0, "a silent child ends");
	is_int(child_stop(c, 0, &err), 127, "its status");
	buf_free(&out);
	buf_free(&err);
	return (tap_done());
}
