/*
 * myriad - the : and / prompt: GNU readline's callback interface, inside
 * curses.  Readline never touches the terminal: ui.c hands it bytes, and it
 * hands back the line and the point, which ui.c draws.  The only file that
 * includes readline.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/readline.h>
#include <readline/history.h>

#include "myriad.h"

static struct ui	*prompt_ui;
static int		 prompt_kind;
static int		 prompt_byte = -1;
static char		*prompt_history;
static FILE		*prompt_null;
static char		**prompt_shown;		/* matches ui.c draws */

static int
prompt_getc(FILE *f)
{
	int	 c = prompt_byte;

	prompt_byte = -1;
	return (c == -1 ? '\n' : c);
}

static int
prompt_available(void)
{
	return (prompt_byte != -1);
}

static void
prompt_redisplay(void)
{
	ui_prompt_show(prompt_ui, prompt_kind, rl_line_buffer, rl_point);
}

static void
prompt_noop(int meta)
{
}

static void
prompt_noop2(void)
{
}

static void
prompt_line(char *line)
{
	int	 kind = prompt_kind;

	rl_callback_handler_remove();
	prompt_kind = 0;
	ui_prompt_done(prompt_ui, kind, line);
	if (line != NULL && *line != '\0' && kind == ':') {
		add_history(line);
		if (prompt_history != NULL)
			append_history(1, prompt_history);
	}
	free(line);
}

/*
 * Completion: commands, then their options, the words their usage lists
 * for the first argument (views, metrics, cursor moves), nodes and jobs.
 */

static const char	*prompt_words[4096];
static u_int		 prompt_nwords;

static char *
prompt_generate(const char *text, int state)
{
	static u_int	 i;
	size_t		 n = strlen(text);

	if (state == 0)
		i = 0;
	while (i < prompt_nwords) {
		if (strncmp(prompt_words[i++], text, n) == 0)
			return (xstrdup(prompt_words[i - 1]));
	}
	return (NULL);
}

static void
prompt_add(const char *w)
{
	if (prompt_nwords < nitems(prompt_words))
		prompt_words[prompt_nwords++] = w;
}

static char **
prompt_complete(const char *text, int start, int end)
{
	static const char	*formats[] = { "table", "tsv", "json" };
	static char		 words[512];
	const struct cmd_entry	*e;
	const struct model	*m = ui_model(prompt_ui);
	char			 first[64], prev[64];
	const char		*p, *q;
	size_t			 i, n;

	rl_attempted_completion_over = 1;
	prompt_nwords = 0;
	p = rl_line_buffer;
	while (*p == ' ')
		p++;
	n = strcspn(p, " ");
	snprintf(first, sizeof first, "%.*s", (int)n, p);
	/* The word before this one. */
	prev[0] = '\0';
	if (start > 0) {
		q = rl_line_buffer + start - 1;
		while (q > rl_line_buffer && *q == ' ')
			q--;
		n = 0;
		while (q - n > rl_line_buffer && q[-(long)n - 1] != ' ')
			n++;
		snprintf(prev, sizeof prev, "%.*s", (int)n + 1, q - n);
	}
	if (prompt_kind == ':' && p == rl_line_buffer + start) {
		for (e = cmd_table; e->name != NULL; e++) {
			if (!(options_get_bool("read-only") &&
			    (e->flags & CMD_MUTATES)))
				prompt_add(e->name);
		}
	} else if (strcmp(prev, "-o") == 0) {
		for (i = 0; i < nitems(formats); i++)
			prompt_add(formats[i]);
	} else if (prompt_kind == ':' && strspn(p + strlen(first), " ") ==
	    (size_t)(rl_line_buffer + start - p) - strlen(first) &&
	    (e = cmd_find(first, &(char *){ NULL })) != NULL &&
	    islower((u_char)e->usage[0]) &&
	    strcspn(e->usage, "|") < strcspn(e->usage, " [-")) {
		/* The first argument's words, as map|gpus|... in the usage. */
		snprintf(words, sizeof words, "%.*s",
		    (int)strcspn(e->usage, " "), e->usage);
		for (q = strtok(words, "|"); q != NULL; q = strtok(NULL, "|"))
			prompt_add(q);
	} else if (text[0] == '-' && prompt_kind == ':' &&
	    (e = cmd_find(first, &(char *){ NULL })) != NULL) {
		static char	 opts[64][3];

		for (i = 0, q = e->opts; *q != '\0' && i < nitems(opts); q++) {
			if (*q == ':')
				continue;
			snprintf(opts[i], sizeof opts[i], "-%c", *q);
			prompt_add(opts[i++]);
		}
	} else if (m != NULL) {
		/* Node names, then job ids. */
		for (i = 0; i < m->nnodes; i++) {
			if (strncmp(m->nodes[i].name, text, strlen(text)) == 0)
				prompt_add(m->nodes[i].name);
		}
		for (i = 0; i < m->njobs; i++) {
			if (strncmp(m->jobs[i].id, text, strlen(text)) == 0)
				prompt_add(m->jobs[i].id);
		}
	}
	return (rl_completion_matches(text, prompt_generate));
}

/* The console draws completion lists; readline prints nothing. */
static void
prompt_matches(char **matches, int n, int longest)
{
	int	 i;

	for (i = 0; prompt_shown != NULL && prompt_shown[i] != NULL; i++)
		free(prompt_shown[i]);
	free(prompt_shown);
	prompt_shown = xcalloc(n + 1, sizeof *prompt_shown);
	for (i = 0; i < n; i++)
		prompt_shown[i] = xstrdup(matches[i + 1]);
	ui_prompt_matches(prompt_ui, prompt_shown, n);
}

void
prompt_init(struct ui *ui)
{
	const char	*state = getenv("XDG_STATE_HOME"), *home;
	char		*dir, *p;

	prompt_ui = ui;
	rl_readline_name = "myriad";
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_prep_term_function = prompt_noop;
	rl_deprep_term_function = prompt_noop2;
	rl_getc_function = prompt_getc;
	rl_input_available_hook = prompt_available;
	rl_redisplay_function = prompt_redisplay;
	rl_attempted_completion_function = prompt_complete;
	rl_completion_display_matches_hook = prompt_matches;
	if ((prompt_null = fopen("/dev/null", "w")) != NULL)
		rl_outstream = prompt_null;
	rl_initialize();		/* reads ~/.inputrc */

	if (state != NULL && *state != '\0')
		xasprintf(&dir, "%s/myriad", state);
	else if ((home = getenv("HOME")) != NULL)
		xasprintf(&dir, "%s/.local/state/myriad", home);
	else
		return;
	/* mkdir -p: XDG_STATE_HOME need not be there yet either. */
	for (p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		mkdir(dir, 0700);
		*p = '/';
	}
	mkdir(dir, 0700);
	xasprintf(&prompt_history, "%s/history", dir);
	free(dir);
	using_history();
	if (read_history(prompt_history) != 0) {
		FILE	*f = fopen(prompt_history, "a");

		if (f != NULL)
			fclose(f);
	}
	stifle_history(1000);
}

void
prompt_free(void)
{
	int	 i;

	if (prompt_history != NULL)
		history_truncate_file(prompt_history, 1000);
	free(prompt_history);
	prompt_history = NULL;
	for (i = 0; prompt_shown != NULL && prompt_shown[i] != NULL; i++)
		free(prompt_shown[i]);
	free(prompt_shown);
	prompt_shown = NULL;
	if (prompt_null != NULL)
		fclose(prompt_null);
	prompt_null = NULL;
	rl_outstream = NULL;
}

void
prompt_start(struct ui *ui, int kind)
{
	prompt_ui = ui;
	prompt_kind = kind;
	rl_callback_handler_install(kind == ':' ? ":" : "/", prompt_line);
	prompt_redisplay();
}

/* Text in the prompt, as if typed: command-prompt -I. */
void
prompt_insert(const char *text)
{
	if (prompt_kind == 0)
		return;
	rl_insert_text(text);
	prompt_redisplay();
}

/* Feed one key to readline, as the bytes a terminal would send. */
void
prompt_key(struct ui *ui, int key)
{
	static const struct {
		int		 key;
		const char	*bytes;
	} seqs[] = {
		{ KEYC_UP, "\033[A" }, { KEYC_DOWN, "\033[B" },
		{ KEYC_RIGHT, "\033[C" }, { KEYC_LEFT, "\033[D" },
		{ KEYC_HOME, "\033[H" }, { KEYC_END, "\033[F" },
		{ KEYC_DC, "\033[3~" },
	};
	char		 bytes[8];
	const char	*p = NULL;
	size_t		 i, n = 0;

	if (prompt_kind == 0)
		return;
	/* A list of completions lasts until the next key. */
	ui_prompt_matches(ui, prompt_shown, 0);
	for (i = 0; i < nitems(seqs); i++) {
		if (seqs[i].key == key)
			p = seqs[i].bytes;
	}
	if (p == NULL) {
		if (key & KEYC_META) {
			bytes[n++] = '\033';
			key &= ~KEYC_META;
		}
		if (key >= KEYC_BASE)
			return;
		if (key < 0x80)
			bytes[n++] = key;
		else if (key < 0x800) {
			bytes[n++] = 0xc0 | (key >> 6);
			bytes[n++] = 0x80 | (key & 0x3f);
		} else if (key < 0x10000) {
			bytes[n++] = 0xe0 | (key >> 12);
			bytes[n++] = 0x80 | ((key >> 6) & 0x3f);
			bytes[n++] = 0x80 | (key & 0x3f);
		} else {
			bytes[n++] = 0xf0 | (key >> 18);
			bytes[n++] = 0x80 | ((key >> 12) & 0x3f);
			bytes[n++] = 0x80 | ((key >> 6) & 0x3f);
			bytes[n++] = 0x80 | (key & 0x3f);
		}
		bytes[n] = '\0';
		p = bytes;
	} else
		n = strlen(p);
	for (i = 0; i < n && prompt_kind != 0; i++) {
		prompt_byte = (u_char)p[i];
		rl_callback_read_char();
	}
}

/* Leave the prompt without running anything. */
void
prompt_cancel(struct ui *ui)
{
	if (prompt_kind == 0)
		return;
	rl_callback_handler_remove();
	prompt_kind = 0;
	ui_prompt_done(ui, 0, NULL);
}
