/*
 * myriad - the command language: the table, lookup and running.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A key binding, the : prompt, a line of a -f script and a -c argument
 * all end here, as words run through cmd_run().
 */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

#define NODESET_ARG	"[NODESET]"
/* A domain's verdict: its GPUs unhealthy as list-alerts has them (Xids). */
#define CMD_SCALEUP	(BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_LINKS) | \
	BIT(DOM_JOBS) | BIT(DOM_EVENTS))

const struct cmd_entry cmd_table[] = {
	{ .name = "back", .usage = "",
	  .help = "leave the prompt, the help or the view for the last one",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI, .exec = cmd_back },
	{ .name = "bind", .usage = "[-T VIEW] KEY COMMAND [ARGUMENTS]",
	  .help = "bind KEY to COMMAND, in one view's table or every view's",
	  .opts = "T:", .min = 2, .max = -1, .exec = cmd_bind },
	{ .name = "burnin", .usage = "[-nyf] [-o FORMAT] [NODESET] "
	      "[level=1..4] [on-pass=resume] [on-fail=drain]",
	  .help = "run each node's vendor's diagnostic (dcgmi diag, rvs) on "
	      "drained or idle nodes, a verdict for each",
	  .opts = "nyfo:", .min = 0, .max = 4, .flags = CMD_MUTATES,
	  .domains = BIT(DOM_NODES) | BIT(DOM_JOBS) | BIT(DOM_GPUS),
	  .exec = cmd_burnin },
	{ .name = "burnin-cancel", .usage = "",
	  .help = "stop the burn-in under way",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_MUTATES,
	  .exec = cmd_burnin_cancel },
	{ .name = "command-prompt", .usage = "[-I TEXT]",
	  .help = "open the : prompt, TEXT typed in it", .opts = "I:",
	  .min = 0, .max = 0, .flags = CMD_UI, .exec = cmd_command_prompt },
	{ .name = "cursor", .usage = "up|down|left|right|page-up|page-down|"
	      "half-up|half-down|home|end|top|bottom|line-start|line-end|"
	      "next-match|previous-match|other",
	  .help = "move the cursor", .opts = "", .min = 1, .max = 1,
	  .flags = CMD_UI, .exec = cmd_cursor },
	{ .name = "drain", .usage = "[-nyf] [-o FORMAT] [NODESET] reason=TEXT",
	  .help = "take nodes out of service in Slurm (their jobs run on)",
	  .opts = "nyfo:", .min = 0, .max = 2,
	  .domains = BIT(DOM_NODES) | BIT(DOM_JOBS) | BIT(DOM_GPUS),
	  .flags = CMD_MUTATES, .exec = cmd_drain },
	{ .name = "dump-screen", .usage = "FILE",
	  .help = "write the screen as text to FILE",
	  .opts = "", .min = 1, .max = 1, .flags = CMD_UI,
	  .exec = cmd_dump_screen },
	{ .name = "filter", .usage = "[NODESET|TEXT|EXPRESSION]",
	  .help = "show only matching rows of this view; none clears it",
	  .opts = "", .min = 0, .max = 1, .flags = CMD_UI,
	  .exec = cmd_filter },
	{ .name = "filter-prompt", .usage = "",
	  .help = "open the / prompt to filter this view",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI,
	  .exec = cmd_filter_prompt },
	{ .name = "goto", .usage = "NODE|JOB",
	  .help = "the cursor on a node or a job in this view, else the "
	      "node's Node view or the job's row in Jobs",
	  .opts = "", .min = 1, .max = 1, .flags = CMD_UI, .exec = cmd_goto },
	{ .name = "help", .usage = "[COMMAND]",
	  .help = "list the commands, or describe one",
	  .opts = "", .min = 0, .max = 1, .exec = cmd_help },
	{ .name = "inspect-links",
	  .usage = "[-a] [-i SECONDS] [-o FORMAT] [-w FILTER] " NODESET_ARG,
	  .help = "NVLinks and InfiniBand ports against what is expected: "
	      "down, missing, degraded, erroring, flapping",
	  .opts = "ai:o:w:", .min = 0, .max = 1,
	  .domains = BIT(DOM_GPUS) | BIT(DOM_LINKS) | BIT(DOM_IB),
	  .exec = cmd_inspect_links },
	{ .name = "list-alerts",
	  .usage = "[-o FORMAT] [-w FILTER] " NODESET_ARG,
	  .help = "the nodes that need attention: new faults first, then "
	      "those Slurm has drained or down",
	  .opts = "o:w:", .min = 0, .max = 1,
	  .domains = BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_EVENTS) |
	      BIT(DOM_SENSORS), .exec = cmd_list_alerts },
	{ .name = "list-burnins", .usage = "[-o FORMAT] [-w FILTER] "
	      "[-n COUNT] [RUN]",
	  .help = "the burn-ins kept, newest first, or one run's nodes",
	  .opts = "o:w:n:", .min = 0, .max = 1, .exec = cmd_list_burnins },
	{ .name = "list-commands", .usage = "",
	  .help = "list every command, one a line",
	  .opts = "o:", .min = 0, .max = 0, .exec = cmd_list_commands },
	{ .name = "list-domains",
	  .usage = "[-o FORMAT] [-w FILTER] [DOMAINSET]",
	  .help = "the scale-up domains (an NVL72 rack, an HGX server) and "
	      "their verdicts",
	  .opts = "o:w:", .min = 0, .max = 1, .domains = CMD_SCALEUP,
	  .exec = cmd_list_domains },
	{ .name = "list-events", .usage = "[-o FORMAT] [-w FILTER] [-n COUNT]",
	  .help = "Xids, ECC errors, link and state changes, newest first",
	  .opts = "o:w:n:", .min = 0, .max = 0, .domains = DOMS_ALL,
	  .exec = cmd_list_events },
	{ .name = "list-gpus",
	  .usage = "[-o FORMAT] [-w FILTER] " NODESET_ARG,
	  .help = "every GPU: utilization, memory, temperature, power, ECC, "
	      "last Xid",
	  .opts = "o:w:", .min = 0, .max = 1,
	  .domains = BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_EVENTS),
	  .exec = cmd_list_gpus },
	{ .name = "list-jobs", .usage = "[-o FORMAT] [-w FILTER]",
	  .help = "the Slurm queue",
	  .opts = "o:w:", .min = 0, .max = 0, .domains = BIT(DOM_JOBS),
	  .exec = cmd_list_jobs },
	{ .name = "list-keys", .usage = "[-T VIEW]",
	  .help = "the key bindings, as bind commands that load back",
	  .opts = "T:", .min = 0, .max = 0, .exec = cmd_list_keys },
	{ .name = "list-links",
	  .usage = "[-t nvlink|xgmi|hccs|ib|roce] [-o FORMAT] [-w FILTER] "
	    NODESET_ARG,
	  .help = "peer links (the default) or InfiniBand or RoCE ports",
	  .opts = "o:w:t:", .min = 0, .max = 1,
	  .domains = BIT(DOM_LINKS) | BIT(DOM_IB), .exec = cmd_list_links },
	{ .name = "list-nodes",
	  .usage = "[-o FORMAT] [-w FILTER] " NODESET_ARG,
	  .help = "every node: rack, Slurm state and reason, reachability",
	  .opts = "o:w:", .min = 0, .max = 1,
	  .domains = BIT(DOM_NODES) | BIT(DOM_GPUS), .exec = cmd_list_nodes },
	{ .name = "list-options", .usage = "[-o FORMAT]",
	  .help = "every configuration option and its value",
	  .opts = "o:", .min = 0, .max = 0, .exec = cmd_list_options },
	{ .name = "list-sensors",
	  .usage = "[-o FORMAT] [-w FILTER] " NODESET_ARG,
	  .help = "BMC sensors: temperatures, fans, power, coolant",
	  .opts = "o:w:", .min = 0, .max = 1, .domains = BIT(DOM_SENSORS),
	  .exec = cmd_list_sensors },
	{ .name = "mark", .usage = "[-c | -u] [NODESET]",
	  .help = "mark the node under the cursor, or a node set; -c clears, "
	      "-u unmarks",
	  .opts = "cu", .min = 0, .max = 1, .flags = CMD_UI,
	  .exec = cmd_mark },
	{ .name = "metric", .usage = "state|util|temp|power|health|job|"
	      "model|next|previous",
	  .help = "what the map's colours show",
	  .opts = "", .min = 1, .max = 1, .flags = CMD_UI,
	  .exec = cmd_metric },
	{ .name = "nodeset", .usage = "-e|-f|-c EXPR ...",
	  .help = "expand, fold or count node sets, like ClusterShell's",
	  .opts = "efcS:", .min = 1, .max = -1, .exec = cmd_nodeset },
	{ .name = "open", .usage = "[NODE]",
	  .help = "open what is under the cursor (a node, a job's nodes), "
	      "or NODE's Node view",
	  .opts = "", .min = 0, .max = 1, .flags = CMD_UI, .exec = cmd_open },
	{ .name = "parse", .usage = "[-o FORMAT] [-w FILTER] KIND FILE "
	      "[FORMAT]",
	  .help = "decode a saved tool output into records",
	  .opts = "o:w:", .min = 2, .max = 3, .exec = cmd_parse_file },
	{ .name = "quit", .usage = "", .help = "leave the console",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI, .exec = cmd_quit },
	{ .name = "redraw", .usage = "", .help = "draw the whole screen again",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI, .exec = cmd_redraw },
	{ .name = "refresh", .usage = "",
	  .help = "read everything again now",
	  .opts = "", .min = 0, .max = 0, .exec = cmd_refresh },
	{ .name = "relay", .usage = "[-i SECONDS] COMMAND",
	  .help = "run a stream on every node, each line out as NODE: LINE "
	      "(what a gateway runs for the console)",
	  .opts = "i:", .min = 1, .max = 1, .exec = cmd_relay },
	{ .name = "resume", .usage = "[-nyf] [-o FORMAT] [NODESET]",
	  .help = "put drained (or down) nodes back in service in Slurm",
	  .opts = "nyfo:", .min = 0, .max = 1,
	  .domains = BIT(DOM_NODES) | BIT(DOM_JOBS), .flags = CMD_MUTATES,
	  .exec = cmd_resume },
	{ .name = "search", .usage = "[-r] [TEXT]",
	  .help = "search the pager for TEXT, or again for the last; -r "
	      "back up",
	  .opts = "r", .min = 0, .max = 1, .flags = CMD_UI,
	  .exec = cmd_search },
	{ .name = "show-domain", .usage = "[-o FORMAT] DOMAIN",
	  .help = "one scale-up domain: its trays, their GPUs' fabric, its "
	      "links down and jobs",
	  .opts = "o:", .min = 1, .max = 1, .domains = CMD_SCALEUP,
	  .exec = cmd_show_domain },
	{ .name = "show-job", .usage = "[-o FORMAT] [JOBID]",
	  .help = "what scontrol show job says of a job (the cursor's, in "
	      "Jobs)",
	  .opts = "o:", .min = 0, .max = 1, .exec = cmd_show_job },
	{ .name = "show-node", .usage = "[-o FORMAT] NODE",
	  .help = "everything about one node",
	  .opts = "o:", .min = 1, .max = 1, .domains = DOMS_ALL,
	  .exec = cmd_show_node },
	{ .name = "show-keys", .usage = "",
	  .help = "the keys of this view and of every view",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI,
	  .exec = cmd_show_keys },
	{ .name = "sort", .usage = "FIELD",
	  .help = "sort this view by FIELD; again to reverse",
	  .opts = "", .min = 1, .max = 1, .flags = CMD_UI, .exec = cmd_sort },
	{ .name = "summary", .usage = "[-o FORMAT]",
	  .help = "the cluster at a glance, its accelerators by model",
	  .opts = "o:", .min = 0, .max = 0,
	  .domains = BIT(DOM_NODES) | BIT(DOM_GPUS) | BIT(DOM_JOBS) |
	      BIT(DOM_EVENTS),
	  .exec = cmd_summary },
	{ .name = "suspend", .usage = "", .help = "suspend the console (C-z)",
	  .opts = "", .min = 0, .max = 0, .flags = CMD_UI,
	  .exec = cmd_suspend },
	{ .name = "undrain", .usage = "[-nyf] [-o FORMAT] [NODESET]",
	  .help = "lift the drain of nodes in Slurm, nothing else",
	  .opts = "nyfo:", .min = 0, .max = 1,
	  .domains = BIT(DOM_NODES) | BIT(DOM_JOBS), .flags = CMD_MUTATES,
	  .exec = cmd_undrain },
	{ .name = "unbind", .usage = "[-T VIEW] KEY",
	  .help = "remove a key binding",
	  .opts = "T:", .min = 1, .max = 1, .exec = cmd_unbind },
	{ .name = "view", .usage = "map|gpus|jobs|cooling|links|node|events|"
	      "burnin|next|previous [NODE]",
	  .help = "show a view", .opts = "", .min = 1, .max = 2,
	  .flags = CMD_UI, .exec = cmd_view },
	{ .name = NULL }
};

/* A command by its name or a unique prefix of it. */
const struct cmd_entry *
cmd_find(const char *name, char **cause)
{
	const struct cmd_entry	*e, *found = NULL;
	size_t			 n = strlen(name);
	int			 ambiguous = 0;

	for (e = cmd_table; e->name != NULL; e++) {
		if (strcmp(e->name, name) == 0)
			return (e);
		if (strncmp(e->name, name, n) == 0) {
			if (found != NULL)
				ambiguous = 1;
			found = e;
		}
	}
	if (found == NULL || ambiguous) {
		xasprintf(cause, "%s command: %s", ambiguous ? "ambiguous" :
		    "unknown", name);
		return (NULL);
	}
	return (found);
}

enum cmd_status
cmd_error(struct cmd_ctx *ctx, struct cmd_args *args, enum cmd_status st,
    const char *fmt, ...)
{
	va_list	 ap;

	fprintf(ctx->err, "myriad: %s: ", args->entry->name);
	va_start(ap, fmt);
	vfprintf(ctx->err, fmt, ap);
	va_end(ap);
	fputc('\n', ctx->err);
	if (st == CMD_USAGE)
		fprintf(ctx->err, "usage: %s %s\n", args->entry->name,
		    args->entry->usage);
	return (st);
}

/* The output format: -o, else the global one. */
int
cmd_format(struct cmd_ctx *ctx, struct cmd_args *args,
    enum output_format *format)
{
	*format = ctx->format;
	if (args->opt['o'] == NULL)
		return (0);
	if (output_parse_format(args->opt['o'], format) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "bad output format '%s': want "
		    "table, tsv or json", args->opt['o']);
		return (-1);
	}
	return (0);
}

/*
 * The long forms a command's options take, as the global ones are named
 * (--dry-run, --yes, --force only where the command changes the cluster).
 */
static const struct cmd_long {
	const char	*name;
	char		 letter;
	int		 mutates;
} cmd_longs[] = {
	{ .name = "dry-run", .letter = 'n', .mutates = 1 },
	{ .name = "yes", .letter = 'y', .mutates = 1 },
	{ .name = "force", .letter = 'f', .mutates = 1 },
	{ .name = "output", .letter = 'o' },
};

/*
 * A long option, argv[*i] being --NAME or --NAME=VALUE: set as its letter
 * is; -1 (an error said) for one the command does not take.
 */
static int
cmd_options_long(struct cmd_ctx *ctx, struct cmd_args *args, int argc,
    char **argv, int *i)
{
	const char		*a = argv[*i] + 2, *eq = strchr(a, '='), *o;
	const struct cmd_long	*l;
	size_t			 n = eq != NULL ? (size_t)(eq - a) : strlen(a);

	for (l = cmd_longs; l < cmd_longs + nitems(cmd_longs); l++) {
		if (strlen(l->name) == n && strncmp(a, l->name, n) == 0)
			break;
	}
	if (l == cmd_longs + nitems(cmd_longs) ||
	    (l->mutates && !(args->entry->flags & CMD_MUTATES)) ||
	    (o = strchr(args->entry->opts, l->letter)) == NULL) {
		cmd_error(ctx, args, CMD_USAGE, "unknown option --%.*s",
		    (int)n, a);
		return (-1);
	}
	if (o[1] != ':' && eq != NULL) {
		cmd_error(ctx, args, CMD_USAGE, "option --%s takes no value",
		    l->name);
		return (-1);
	}
	if (o[1] != ':')
		args->opt[(u_char)l->letter] = "";
	else if (eq != NULL)
		args->opt[(u_char)l->letter] = eq + 1;
	else if (*i + 1 < argc)
		args->opt[(u_char)l->letter] = argv[++*i];
	else {
		cmd_error(ctx, args, CMD_USAGE, "option --%s needs a value",
		    l->name);
		return (-1);
	}
	return (0);
}

/*
 * Split argv into options (from the entry's getopt string and its long
 * forms, anywhere before "--") and positional words.
 */
static int
cmd_options(struct cmd_ctx *ctx, struct cmd_args *args, int argc,
    char **argv)
{
	const char	*opts = args->entry->opts, *o;
	char		*a;
	int		 i, only = 0;

	args->argv = xcalloc(argc + 1, sizeof *args->argv);
	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (only || a[0] != '-' || a[1] == '\0') {
			args->argv[args->argc++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only = 1;
			continue;
		}
		if (a[1] == '-') {
			if (cmd_options_long(ctx, args, argc, argv, &i) != 0)
				return (-1);
			continue;
		}
		for (a++; *a != '\0'; a++) {
			if ((u_char)*a >= 128 || *a == ':' ||
			    (o = strchr(opts, *a)) == NULL) {
				cmd_error(ctx, args, CMD_USAGE,
				    "unknown option -%c", *a);
				return (-1);
			}
			if (o[1] != ':') {
				args->opt[(u_char)*a] = "";
				continue;
			}
			if (a[1] != '\0')
				args->opt[(u_char)*a] = a + 1;
			else if (i + 1 < argc)
				args->opt[(u_char)*a] = argv[++i];
			else {
				cmd_error(ctx, args, CMD_USAGE,
				    "option -%c needs a value", *a);
				return (-1);
			}
			break;
		}
	}
	if (args->argc < args->entry->min ||
	    (args->entry->max >= 0 && args->argc > args->entry->max)) {
		cmd_error(ctx, args, CMD_USAGE, "%s arguments",
		    args->argc < args->entry->min ? "too few" : "too many");
		return (-1);
	}
	return (0);
}

enum cmd_status
cmd_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct cmd_entry	*e;
	struct cmd_args		 args;
	enum cmd_status		 st;
	char			*cause;

	if (argc == 0)
		return (CMD_OK);
	if ((e = cmd_find(argv[0], &cause)) == NULL) {
		fprintf(ctx->err, "myriad: %s\n", cause);
		free(cause);
		return (CMD_USAGE);
	}
	memset(&args, 0, sizeof args);
	args.entry = e;
	args.nwords = argc;
	args.words = argv;
	if (cmd_options(ctx, &args, argc, argv) != 0) {
		free(args.argv);
		return (CMD_USAGE);
	}
	if ((e->flags & CMD_MUTATES) && options_get_bool("read-only")) {
		free(args.argv);
		return (cmd_error(ctx, &args, CMD_ERROR, "refused: myriad is "
		    "read-only"));
	}
	if ((e->flags & CMD_UI) && ctx->ui == NULL) {
		free(args.argv);
		return (cmd_error(ctx, &args, CMD_ERROR, "needs the console "
		    "(run myriad on a terminal without -c or -f)"));
	}
	if (e->domains != 0 && ctx->backend != NULL)
		backend_refresh(ctx->backend, e->domains, 0);
	st = e->exec(ctx, &args);
	free(args.argv);
	fflush(ctx->out);
	return (st);
}

/*
 * Run the commands in a string (a -c argument, a file, standard input).
 * The first command that fails stops the rest, as with sh -e.
 */
enum cmd_status
cmd_run_string(struct cmd_ctx *ctx, const char *text, const char *where)
{
	struct cmdline	*cl;
	u_int		 ncl, i;
	enum cmd_status	 st = CMD_OK;
	char		*cause;

	if (shell_split(text, &cl, &ncl, &cause) != 0) {
		fprintf(ctx->err, "myriad: %s: %s\n", where, cause);
		free(cause);
		return (CMD_USAGE);
	}
	for (i = 0; i < ncl && st == CMD_OK; i++)
		st = cmd_run(ctx, cl[i].argc, cl[i].argv);
	if (st != CMD_OK && i < ncl)
		fprintf(ctx->err, "myriad: %s: stopped at line %u; %u "
		    "command%s not run\n", where, cl[i - 1].line, ncl - i,
		    ncl - i == 1 ? "" : "s");
	shell_split_free(cl, ncl);
	return (st);
}
