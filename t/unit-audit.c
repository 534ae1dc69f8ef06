/*
 * The audit log: records as JSON lines, the intent and the result of one
 * action with the same id, the result folded; the circuit breaker's count
 * of the window (an intent counts until its result says how many were
 * drained; old records, refusals and other lines do not count).
 */

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "myriad.h"
#include "tap.h"

static json_t *
line(const char *path, int n)
{
	FILE	*f = fopen(path, "r");
	char	 buf[8192];
	json_t	*o = NULL;

	while (f != NULL && fgets(buf, sizeof buf, f) != NULL) {
		if (n-- == 0) {
			o = json_loads(buf, 0, NULL);
			break;
		}
	}
	if (f != NULL)
		fclose(f);
	return (o);
}

int
main(void)
{
	struct model		*m;
	struct cmd_ctx		 ctx;
	struct action		 a;
	struct action_node	 res[3];
	struct action_cmd	 cmd;
	int			 nodes[3] = { 0, 1, 3 };
	char			 dir[] = "/tmp/myriad-unit-audit.XXXXXX", *path;
	char			*cause, *fold;
	json_t			*o, *groups;
	FILE			*f;

	if (mkdtemp(dir) == NULL)
		return (1);
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("USER", "alice", 1);
	setenv("SSH_CONNECTION", "10.1.2.3 51000 10.0.0.1 22", 1);
	path = audit_path();
	ok(strstr(path, "/myriad/audit.jsonl") != NULL &&
	    strncmp(path, dir, strlen(dir)) == 0,
	    "the log is $XDG_STATE_HOME/myriad/audit.jsonl");

	m = model_create("t", 8, 4);
	model_add_node(m, "gpu0001", "r1");
	model_add_node(m, "gpu0002", "r1");
	model_add_node(m, "gpu0003", "r1");
	model_add_node(m, "gpu0004", "r1");
	fold = model_fold(m, nodes, 3);
	is_str(fold, "gpu[0001-0002,0004]", "node ids fold into a node set");
	free(fold);

	memset(&ctx, 0, sizeof ctx);
	ctx.model = m;
	memset(&a, 0, sizeof a);
	a.ctx = &ctx;
	a.verb = "drain";
	a.line = "drain 'gpu[0001-0002,0004]' 'reason=it'\\''s; $(x)'";
	a.nodes = nodes;
	a.nnodes = 3;
	a.set = "gpu[0001-0002,0004]";
	a.drains = 3;
	strlcpy(a.id, "42-1-1", sizeof a.id);
	cmd.target = -1;
	cmd.where = "local";
	cmd.command = "scontrol update 'NodeName=gpu[0001-0002,0004]' "
	    "State=DRAIN 'Reason=it'\\''s; $(x)'";
	a.cmds = &cmd;
	a.ncmds = 1;
	memset(res, 0, sizeof res);
	a.results = res;

	ok(audit_intent(&a, &cause) == 0, "the intent is written");
	is_int(audit_drained((double)time(NULL), 3600), 3,
	    "an intent alone counts its drains (a crash after it)");
	o = line(path, 0);
	ok(o != NULL, "the intent is one JSON object a line");
	is_str(json_string_value(json_object_get(o, "phase")), "intent",
	    "phase intent");
	is_str(json_string_value(json_object_get(o, "id")), "42-1-1", "its id");
	is_str(json_string_value(json_object_get(json_object_get(o,
	    "operator"), "user")), "alice", "operator: $USER");
	is_str(json_string_value(json_object_get(json_object_get(o,
	    "operator"), "from")), "10.1.2.3",
	    "operator: the client address of SSH_CONNECTION");
	is_str(json_string_value(json_object_get(o, "command")), a.line,
	    "the command as typed, quotes and all");
	is_str(json_string_value(json_object_get(o, "nodes")),
	    "gpu[0001-0002,0004]", "the node set, folded");
	is_str(json_string_value(json_object_get(json_array_get(
	    json_object_get(o, "commands"), 0), "command")), cmd.command,
	    "what runs");
	ok(json_string_value(json_object_get(o, "time")) != NULL &&
	    strlen(json_string_value(json_object_get(o, "time"))) == 20,
	    "the time, UTC");
	json_decref(o);

	/* Two nodes drained, one failed: folded in two groups. */
	res[0].ok = res[1].ok = 1;
	res[0].text = res[1].text = "ok";
	res[2].text = "Invalid node name specified";
	groups = json_array();
	json_array_append_new(groups, json_pack("{s:s, s:i, s:b, s:s}",
	    "nodes", "gpu[0001-0002]", "count", 2, "ok", 1, "result", "ok"));
	json_array_append_new(groups, json_pack("{s:s, s:i, s:b, s:s}",
	    "nodes", "gpu0004", "count", 1, "ok", 0, "result",
	    "Invalid node name specified"));
	ok(audit_result(&a, groups, CMD_PARTIAL, &cause) == 0,
	    "the result is written");
	json_decref(groups);
	o = line(path, 1);
	is_str(json_string_value(json_object_get(o, "phase")), "result",
	    "after the intent, the result");
	is_str(json_string_value(json_object_get(o, "id")), "42-1-1",
	    "with the intent's id");
	is_int(json_integer_value(json_object_get(o, "ok")), 2, "ok 2");
	is_int(json_integer_value(json_object_get(o, "failed")), 1,
	    "failed 1");
	is_int(json_integer_value(json_object_get(o, "drained")), 2,
	    "drained 2");
	is_int(json_integer_value(json_object_get(o, "status")), 3,
	    "status 3: some failed");
	is_int(json_array_size(json_object_get(o, "results")), 2,
	    "per node results, folded in two groups");
	json_decref(o);
	is_int(audit_drained((double)time(NULL), 3600), 2,
	    "the window counts what the result says was drained");

	ok(audit_refused(&a, "circuit breaker") == 0, "a refusal is written");
	is_int(audit_drained((double)time(NULL), 3600), 2,
	    "a refusal does not count");

	/* Old records, garbage and blank lines do not count. */
	f = fopen(path, "a");
	fprintf(f, "not json\n\n{\"phase\":\"intent\",\"epoch\":%.1f,"
	    "\"drains\":100}\n", (double)time(NULL) - 7200);
	fclose(f);
	is_int(audit_drained((double)time(NULL), 3600), 2,
	    "records older than the window, and garbage, do not count");
	is_int(audit_drained((double)time(NULL), 3 * 3600), 102,
	    "a longer window counts the old intent");

	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	rmdir(dir);
	free(path);
	model_free(m);
	return (tap_done());
}
