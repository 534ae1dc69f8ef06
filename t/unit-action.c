/*
 * The path of commands that change the cluster (console/action.c), with a
 * backend of our own: each node's command succeeds or fails as the test
 * says.  The folded report, -o json, the exit status (0 all succeeded, 3
 * some failed, 1 all failed), --dry-run, --yes without a terminal, the
 * circuit breaker and --force, read-only, the audit log's records.
 */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"
#include "backend.h"
#include "tap.h"

/* The backend: commands queue, and end in backend_exec_wait_ids. */
static struct {
	int		 node;
	exec_cb		 cb;
	void		*arg;
	char		*command;
} execs[64];
static int	nexecs;
static const char *failing;	/* nodes whose command fails: "1,3" */
static int	asked;
static int	ran;

int
backend_exec(struct backend *b, int node, const char *command, double t,
    exec_cb cb, void *arg)
{
	execs[nexecs].node = node;
	execs[nexecs].cb = cb;
	execs[nexecs].arg = arg;
	execs[nexecs].command = xstrdup(command);
	ran++;
	return (++nexecs);
}

void
backend_exec_wait_ids(struct backend *b, const int *ids, u_int n)
{
	struct exec_result	 x;
	struct buf		 out, err;
	char			 me[16];
	int			 i;

	for (i = 0; i < nexecs; i++) {
		memset(&x, 0, sizeof x);
		buf_init(&out);
		buf_init(&err);
		x.id = i + 1;
		x.node = execs[i].node;
		snprintf(me, sizeof me, "%d", execs[i].node);
		if (failing != NULL && strstr(failing, me) != NULL) {
			x.status = 1;
			buf_puts(&err, "scontrol: error: no\n");
		} else
			buf_puts(&out, "done\n");
		x.out = &out;
		x.err = &err;
		execs[i].cb(&x, execs[i].arg);
		buf_free(&out);
		buf_free(&err);
		free(execs[i].command);
	}
	nexecs = 0;
}

void
backend_exec_cancel(struct backend *b, int id)
{
}

const char *
backend_exec_target(struct backend *b, int node)
{
	return (node < 0 ? "ctl" : "node");
}

int
ui_confirm(struct ui *ui, const char *text, const char *expect)
{
	asked++;
	return (0);
}

int
ui_marked(struct ui *ui, int **ids, u_int *n, char **what)
{
	*ids = NULL;
	*n = 0;
	*what = xstrdup("nothing marked");
	return (-1);
}

static struct model	*m;
static char		 outbuf[8192], errbuf[8192];

/* Run an action on NODES, a command per node; its status. */
static enum cmd_status
act(const char *nodes, int drains, int yes, int dry, int force,
    enum output_format format)
{
	struct cmd_ctx	 ctx;
	struct action	*a;
	enum cmd_status	 st;
	char		*cause;
	u_int		 i;
	FILE		*o, *e;

	memset(&ctx, 0, sizeof ctx);
	ctx.model = m;
	ctx.yes = yes;
	ctx.dry_run = dry;
	ctx.force = force;
	ctx.format = format;
	o = fmemopen(outbuf, sizeof outbuf, "w");
	e = fmemopen(errbuf, sizeof errbuf, "w");
	ctx.out = o;
	ctx.err = e;
	a = action_create(&ctx, NULL, "test");
	if (action_nodes(a, NULL, nodes, &cause) != 0) {
		fprintf(e, "%s\n", cause);
		free(cause);
		st = CMD_USAGE;
	} else {
		a->drains = drains ? (int)a->nnodes : 0;
		for (i = 0; i < a->nnodes; i++)
			action_command(a, a->nodes[i], "true");
		st = action_run(&ctx, a);
	}
	action_free(a);
	fclose(o);
	fclose(e);
	return (st);
}

int
main(void)
{
	char	 dir[] = "/tmp/myriad-unit-action.XXXXXX", path[256];
	char	 name[16];
	json_t	*j;
	int	 i;

	if (mkdtemp(dir) == NULL || freopen("/dev/null", "r", stdin) == NULL)
		return (1);
	setenv("XDG_STATE_HOME", dir, 1);
	snprintf(path, sizeof path, "%s/myriad/audit.jsonl", dir);
	m = model_create("t", 8, 40);
	for (i = 1; i <= 40; i++) {
		snprintf(name, sizeof name, "gpu%04d", i);
		model_add_node(m, name, "r1");
	}

	is_int(act("gpu[0001-0004]", 0, 1, 0, 0, OUT_TABLE), CMD_OK,
	    "every node succeeded: 0");
	is_str(outbuf, "---------------\ngpu[0001-0004] (4)\n"
	    "---------------\nok: done\n", "one group, folded, with its count");

	failing = "1,3";
	is_int(act("gpu[0001-0005]", 0, 1, 0, 0, OUT_TABLE), CMD_SOME,
	    "some failed: 3");
	ok(strstr(outbuf, "gpu[0001,0003,0005] (3)\n---------------\nok: done")
	    != NULL, "the nodes that succeeded, folded: %s", outbuf);
	ok(strstr(outbuf, "gpu[0002,0004] (2)\n---------------\nfailed: "
	    "scontrol: error: no") != NULL,
	    "the nodes that failed, with the message (ids 1 and 3)");
	ok(strstr(errbuf, "failed on 2 of 5 nodes") != NULL,
	    "and a line on standard error: %s", errbuf);

	failing = "0,1";
	is_int(act("gpu[0001-0002]", 0, 1, 0, 0, OUT_JSON), CMD_ERROR,
	    "all failed: 1");
	j = json_loads(outbuf, 0, NULL);
	ok(json_is_array(j) && json_array_size(j) == 1 &&
	    !json_is_true(json_object_get(json_array_get(j, 0), "ok")) &&
	    json_integer_value(json_object_get(json_array_get(j, 0),
	    "count")) == 2, "-o json: the groups as an array");
	json_decref(j);
	failing = NULL;

	is_int(act("gpu0001", 0, 0, 0, 0, OUT_TABLE), CMD_ERROR,
	    "no terminal, no --yes: refused");
	ok(strstr(errbuf, "give --yes") != NULL, "saying --yes is needed");
	is_int(act("gpu0001", 0, 0, 1, 0, OUT_TABLE), CMD_OK,
	    "--dry-run needs no --yes");
	is_str(outbuf, "node: true\ndry run: 1 command for gpu0001 (1 node) "
	    "not run\n", "--dry-run prints what would run where");

	/* The breaker: 5% of 40 nodes is 2. */
	is_int(act("gpu[0001-0003]", 1, 1, 0, 0, OUT_TABLE), CMD_ERROR,
	    "3 drains past 5%% of 40 nodes: refused");
	ok(strstr(errbuf, "0 nodes drained in the last 3600 s, and 3 more "
	    "would pass the limit of 2") != NULL, "why: %s", errbuf);
	is_int(act("gpu[0001-0003]", 1, 1, 1, 0, OUT_TABLE), CMD_ERROR,
	    "--dry-run tells the breaker's verdict, and fails as the run");
	ok(strstr(outbuf, "the circuit breaker would refuse it") != NULL,
	    "dry run: %s", outbuf);
	is_int(act("gpu[0001-0002]", 1, 1, 0, 0, OUT_TABLE), CMD_OK,
	    "2 drains: allowed");
	is_int(act("gpu0003", 1, 1, 0, 0, OUT_TABLE), CMD_ERROR,
	    "a third: refused");
	ok(strstr(errbuf, "2 nodes drained in the last 3600 s") != NULL,
	    "counted from the audit log: %s", errbuf);
	is_int(act("gpu0003", 1, 1, 0, 1, OUT_TABLE), CMD_OK,
	    "--force: allowed");
	is_int(act("gpu0004", 0, 1, 0, 0, OUT_TABLE), CMD_OK,
	    "what does not drain is not counted");

	options_set("read-only", "true", NULL);
	is_int(act("gpu0001", 0, 1, 0, 0, OUT_TABLE), CMD_ERROR,
	    "read-only: refused");
	options_set("read-only", "false", NULL);
	is_int(act("", 0, 1, 0, 0, OUT_TABLE), CMD_USAGE,
	    "an empty node set is refused, not the whole cluster");
	is_int(act("gpu0099", 0, 1, 0, 0, OUT_TABLE), CMD_USAGE,
	    "a node the cluster does not have is refused");
	is_int(asked, 0, "batch mode never asked the console");

	/* No audit log, no action: the intent must be on the disk first. */
	setenv("XDG_STATE_HOME", "/dev/null/nowhere", 1);
	ran = 0;
	is_int(act("gpu0001", 0, 1, 0, 0, OUT_TABLE), CMD_ERROR,
	    "an audit log that cannot be written: refused");
	ok(strstr(errbuf, "refused: audit log /dev/null/nowhere") != NULL,
	    "saying why: %s", errbuf);
	is_int(ran, 0, "and nothing ran");
	setenv("XDG_STATE_HOME", dir, 1);

	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	rmdir(dir);
	model_free(m);
	return (tap_done());
}
