/*
 * myriad - the console's commands: views, cursor, marks, sort, filter,
 * prompt, key bindings, screen dumps.  Every key runs one of these, so
 * all of it is scriptable; the drawing is ui.c's.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "myriad.h"

/*
 * The cause by address: the order a call's arguments are made in is not
 * C's to promise, and cause is set by the call in the other argument.
 */
static enum cmd_status
cmd_ui_result(struct cmd_ctx *ctx, struct cmd_args *args, int rc,
    char **cause)
{
	if (rc == 0)
		return (CMD_OK);
	cmd_error(ctx, args, CMD_ERROR, "%s", *cause != NULL ? *cause :
	    "failed");
	free(*cause);
	return (CMD_ERROR);
}

enum cmd_status
cmd_view(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	if (args->argc == 1)
		return (cmd_ui_result(ctx, args, ui_view(ctx->ui,
		    args->argv[0], &cause), &cause));
	if (strcmp(args->argv[0], "node") != 0)
		return (cmd_error(ctx, args, CMD_USAGE, "only the node view "
		    "takes a name"));
	return (cmd_ui_result(ctx, args, ui_goto(ctx->ui, args->argv[1], 1,
	    &cause), &cause));
}

enum cmd_status
cmd_cursor(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_cursor(ctx->ui, args->argv[0],
	    &cause), &cause));
}

enum cmd_status
cmd_search(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_search(ctx->ui, args->argc > 0 ?
	    args->argv[0] : NULL, args->opt['r'] != NULL ? -1 : 1, &cause),
	    &cause));
}

enum cmd_status
cmd_open(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	if (args->argc == 1)
		return (cmd_ui_result(ctx, args, ui_goto(ctx->ui,
		    args->argv[0], 1, &cause), &cause));
	ui_open(ctx->ui);
	return (CMD_OK);
}

enum cmd_status
cmd_goto(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_goto(ctx->ui, args->argv[0], 0,
	    &cause), &cause));
}

enum cmd_status
cmd_back(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_back(ctx->ui);
	return (CMD_OK);
}

enum cmd_status
cmd_mark(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;
	int	 mode = 't';

	if (args->opt['c'] != NULL)
		mode = 'c';
	else if (args->opt['u'] != NULL)
		mode = 'u';
	else if (args->argc > 0)
		mode = 'a';
	return (cmd_ui_result(ctx, args, ui_mark(ctx->ui, mode,
	    args->argc > 0 ? args->argv[0] : NULL, &cause), &cause));
}

enum cmd_status
cmd_sort(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_sort(ctx->ui, args->argv[0],
	    &cause), &cause));
}

enum cmd_status
cmd_filter(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_filter(ctx->ui,
	    args->argc > 0 ? args->argv[0] : "", &cause), &cause));
}

enum cmd_status
cmd_metric(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_metric(ctx->ui, args->argv[0],
	    &cause), &cause));
}

enum cmd_status
cmd_command_prompt(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_prompt(ctx->ui, ':');
	if (args->opt['I'] != NULL)
		prompt_insert(args->opt['I']);
	return (CMD_OK);
}

enum cmd_status
cmd_filter_prompt(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_prompt(ctx->ui, '/');
	return (CMD_OK);
}

/* show-keys: the bindings of this view and of every view, as commands. */
enum cmd_status
cmd_show_keys(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct buf	 b;
	const char	*view;

	view = ui_view_name(ctx->ui);
	buf_init(&b);
	buf_printf(&b, "Keys of the %s view (Escape or q closes; `man "
	    "myriad' tells more):\n\n", view);
	keys_list(&b, view);
	buf_puts(&b, "\nKeys of every view:\n\n");
	keys_list(&b, "root");
	buf_puts(&b, "\nKeys of the pager, over those of every view:\n\n");
	keys_list(&b, "pager");
	ui_show_text(ctx->ui, "keys", b.data);
	buf_free(&b);
	return (CMD_OK);
}

enum cmd_status
cmd_redraw(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_redraw(ctx->ui);
	return (CMD_OK);
}

enum cmd_status
cmd_suspend(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_suspend(ctx->ui);
	return (CMD_OK);
}

enum cmd_status
cmd_quit(struct cmd_ctx *ctx, struct cmd_args *args)
{
	ui_quit(ctx->ui);
	return (CMD_OK);
}

enum cmd_status
cmd_dump_screen(struct cmd_ctx *ctx, struct cmd_args *args)
{
	char	*cause = NULL;

	return (cmd_ui_result(ctx, args, ui_dump(ctx->ui, args->argv[0],
	    &cause), &cause));
}

static const char *
cmd_ui_keys_table(struct cmd_ctx *ctx, struct cmd_args *args, int *bad)
{
	static const char	*tables[] = { "root", "map", "gpus", "jobs",
				    "cooling", "links", "domains", "node",
				    "events", "burnin", "pager" };
	const char		*t = args->opt['T'];
	size_t			 i;

	*bad = 0;
	if (t == NULL)
		return ("root");
	for (i = 0; i < nitems(tables); i++) {
		if (strcmp(tables[i], t) == 0)
			return (tables[i]);
	}
	cmd_error(ctx, args, CMD_USAGE, "no key table '%s'", t);
	*bad = 1;
	return (NULL);
}

enum cmd_status
cmd_bind(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry	*e;
	struct cmdline		*cl;
	struct buf		 b;
	const char		*table, *command;
	char			*cause;
	u_int			 n, i;
	int			 bad, rc;

	if ((table = cmd_ui_keys_table(ctx, args, &bad)) == NULL)
		return (CMD_USAGE);
	/* bind KEY view map is bind KEY 'view map'. */
	buf_init(&b);
	if (args->argc == 2)
		buf_puts(&b, args->argv[1]);
	for (i = 1; args->argc > 2 && i < (u_int)args->argc; i++) {
		if (i > 1)
			buf_putc(&b, ' ');
		shell_quote(&b, args->argv[i]);
	}
	command = b.data;
	/* The command must parse and name real commands. */
	if (shell_split(command, &cl, &n, &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		buf_free(&b);
		return (CMD_USAGE);
	}
	for (i = 0; i < n; i++) {
		if ((e = cmd_find(cl[i].argv[0], &cause)) == NULL) {
			shell_split_free(cl, n);
			cmd_error(ctx, args, CMD_USAGE, "%s", cause);
			free(cause);
			buf_free(&b);
			return (CMD_USAGE);
		}
	}
	shell_split_free(cl, n);
	rc = keys_bind(table, args->argv[0], command, &cause);
	buf_free(&b);
	if (rc != 0) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		return (CMD_USAGE);
	}
	return (CMD_OK);
}

enum cmd_status
cmd_unbind(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const char	*table;
	char		*cause;
	int		 bad;

	if ((table = cmd_ui_keys_table(ctx, args, &bad)) == NULL)
		return (CMD_USAGE);
	if (keys_unbind(table, args->argv[0], &cause) != 0) {
		cmd_error(ctx, args, CMD_ERROR, "%s", cause);
		free(cause);
		return (CMD_ERROR);
	}
	return (CMD_OK);
}

enum cmd_status
cmd_list_keys(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct buf	 b;
	const char	*table = NULL;
	int		 bad;

	if (args->opt['T'] != NULL &&
	    (table = cmd_ui_keys_table(ctx, args, &bad)) == NULL)
		return (CMD_USAGE);
	buf_init(&b);
	keys_list(&b, table);
	if (ctx->ui != NULL)
		ui_show_text(ctx->ui, "keys", b.data != NULL ? b.data : "");
	else if (b.data != NULL)
		fputs(b.data, ctx->out);
	buf_free(&b);
	return (CMD_OK);
}

/*
 * Load the key bindings: the default keymap, the one the keymap option
 * names on top of it, then the keys-file option's file.
 */
int
cmd_keymap_load(struct cmd_ctx *ctx, char **cause)
{
	const char	*name = options_get("keymap"), *file;
	const char	*text;
	char		*path;
	FILE		*f;
	struct buf	 b;
	char		 tmp[4096];
	size_t		 n;

	keys_clear();
	if ((text = keys_map("default")) == NULL ||
	    cmd_run_string(ctx, text, "keymap default") != CMD_OK) {
		xasprintf(cause, "the default keymap does not load");
		return (-1);
	}
	if (strcmp(name, "default") != 0) {
		if ((text = keys_map(name)) == NULL) {
			xasprintf(cause, "no keymap '%s'", name);
			return (-1);
		}
		xasprintf(&path, "keymap %s", name);
		if (cmd_run_string(ctx, text, path) != CMD_OK) {
			xasprintf(cause, "the %s keymap does not load", name);
			free(path);
			return (-1);
		}
		free(path);
	}
	file = options_get("keys-file");
	if (*file == '\0')
		return (0);
	if ((f = fopen(file, "r")) == NULL) {
		xasprintf(cause, "keys-file %s: cannot read it", file);
		return (-1);
	}
	buf_init(&b);
	buf_add(&b, "", 0);
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, n);
	fclose(f);
	if (cmd_run_string(ctx, b.data, file) != CMD_OK) {
		xasprintf(cause, "keys-file %s does not load", file);
		buf_free(&b);
		return (-1);
	}
	buf_free(&b);
	return (0);
}
