/*
 * myriad - split command lines into words by the POSIX shell's rules.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Single quotes keep everything; double quotes keep everything but \" \\
 * \$ \` and \newline; a backslash outside quotes keeps the next byte;
 * bash's $'...' (what printf %q writes for newlines) knows \n \t \xHH and
 * friends.  An unquoted ';' or newline ends a command, an unquoted '#' at
 * the start of a word starts a comment.  Nothing is expanded: '$(...)' and
 * backticks are plain text.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

static void
shell_split_word(struct cmdline *c, struct buf *w)
{
	c->argv = xreallocarray(c->argv, c->argc + 2, sizeof *c->argv);
	c->argv[c->argc++] = xstrndup(w->data != NULL ? w->data : "", w->len);
	c->argv[c->argc] = NULL;
	buf_reset(w);
}

static void
shell_split_end(struct cmdline **cmds, u_int *ncmds, struct cmdline *c)
{
	if (c->argc == 0)
		return;
	*cmds = xreallocarray(*cmds, *ncmds + 1, sizeof **cmds);
	(*cmds)[(*ncmds)++] = *c;
	c->argc = 0;
	c->argv = NULL;
	c->line = 0;
}

/* One escape of $'...'; returns the bytes consumed after the backslash. */
static size_t
shell_split_ansi(const char *p, struct buf *w)
{
	static const char	 from[] = "abefnrtv\\'\"?", to[] = "\a\b\033\f\n\r\t\v\\'\"?";
	const char		*q;
	u_int			 v = 0;
	size_t			 n = 0;

	if (*p != '\0' && (q = strchr(from, *p)) != NULL) {
		buf_putc(w, to[q - from]);
		return (1);
	}
	if (*p == 'x') {
		while (n < 2 && isxdigit((u_char)p[1 + n])) {
			v = v * 16 + (isdigit((u_char)p[1 + n]) ?
			    p[1 + n] - '0' : (tolower((u_char)p[1 + n]) - 'a' + 10));
			n++;
		}
		if (n > 0) {
			buf_putc(w, v);
			return (1 + n);
		}
	}
	if (*p >= '0' && *p <= '7') {
		while (n < 3 && p[n] >= '0' && p[n] <= '7')
			v = v * 8 + (p[n++] - '0');
		buf_putc(w, v & 0xff);
		return (n);
	}
	buf_putc(w, '\\');
	return (0);
}

int
shell_split(const char *s, struct cmdline **cmds, u_int *ncmds, char **cause)
{
	struct cmdline	 c = { 0 };
	struct buf	 w;
	const char	*p = s, *open = NULL;
	u_int		 line = 1, openline = 0;
	int		 inword = 0;
	char		 quote;

	*cmds = NULL;
	*ncmds = 0;
	buf_init(&w);
	for (;;) {
		if (*p == '\0' || *p == ';' || *p == '\n' ||
		    *p == ' ' || *p == '\t' || *p == '\r') {
			if (inword)
				shell_split_word(&c, &w);
			inword = 0;
			if (*p == '\0' || *p == ';' || *p == '\n')
				shell_split_end(cmds, ncmds, &c);
			if (*p == '\0')
				break;
			if (*p++ == '\n')
				line++;
			continue;
		}
		if (c.argc == 0 && !inword)
			c.line = line;
		if (*p == '#' && !inword) {
			while (*p != '\0' && *p != '\n')
				p++;
			continue;
		}
		inword = 1;
		if (*p == '\\') {
			if (p[1] == '\n') {
				line++;
				p += 2;
			} else if (p[1] != '\0') {
				buf_putc(&w, p[1]);
				p += 2;
			} else
				p++;
			continue;
		}
		if (*p == '\'' || *p == '"' || (*p == '$' && p[1] == '\'')) {
			open = p;
			openline = line;
			if (*p == '$')
				p++;
			quote = *p++;
			while (*p != '\0' && *p != quote) {
				if (*p == '\n')
					line++;
				if (*p == '\\' && quote == '"' &&
				    strchr("\"\\$`\n", p[1]) != NULL &&
				    p[1] != '\0') {
					if (p[1] != '\n')
						buf_putc(&w, p[1]);
					p += 2;
				} else if (*p == '\\' && *open == '$') {
					p++;
					p += shell_split_ansi(p, &w);
				} else
					buf_putc(&w, *p++);
			}
			if (*p == '\0') {
				xasprintf(cause, "line %u: unterminated %s "
				    "quote", openline, quote == '"' ?
				    "double" : "single");
				goto fail;
			}
			p++;
			continue;
		}
		buf_putc(&w, *p++);
	}
	buf_free(&w);
	return (0);
fail:
	buf_free(&w);
	shell_split_end(cmds, ncmds, &c);
	shell_split_free(*cmds, *ncmds);
	*cmds = NULL;
	*ncmds = 0;
	return (-1);
}

void
shell_split_free(struct cmdline *cmds, u_int n)
{
	u_int	 i;
	int	 j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < cmds[i].argc; j++)
			free(cmds[i].argv[j]);
		free(cmds[i].argv);
	}
	free(cmds);
}

/*
 * Quote a word so shell_split, or a POSIX shell, reads it back as that one
 * word: only bytes no shell gives a meaning to stay bare (not [ ], which
 * sh would glob).
 */
void
shell_quote(struct buf *b, const char *s)
{
	if (*s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,") ==
	    strlen(s)) {
		buf_puts(b, s);
		return;
	}
	buf_putc(b, '\'');
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			buf_puts(b, "'\\''");
		else
			buf_putc(b, *s);
	}
	buf_putc(b, '\'');
}
