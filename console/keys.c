/*
 * myriad - key bindings: `bind [-T VIEW] KEY COMMAND'.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A binding runs a line of the command language.  The table "root" holds
 * the bindings of every view; a view's own table wins over it.  The
 * keymaps are keymaps/NAME.keys, compiled in (build/keys.h), so the files
 * and the program cannot differ.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "keys.h"

struct key_binding {
	char	*table;
	int	 key;
	char	*command;
};

static struct key_binding	*keys;
static u_int			 nkeys;

static const struct {
	const char	*name;
	int		 key;
} keys_names[] = {
	{ "Enter", '\r' }, { "Escape", 27 }, { "Space", ' ' }, { "Tab", '\t' },
	{ "BSpace", 127 }, { "Up", KEYC_UP }, { "Down", KEYC_DOWN },
	{ "Left", KEYC_LEFT }, { "Right", KEYC_RIGHT },
	{ "PageUp", KEYC_PPAGE }, { "PPage", KEYC_PPAGE },
	{ "PageDown", KEYC_NPAGE }, { "NPage", KEYC_NPAGE },
	{ "Home", KEYC_HOME }, { "End", KEYC_END }, { "IC", KEYC_IC },
	{ "DC", KEYC_DC }, { "BTab", KEYC_BTAB },
};

/* A key from its name: a, C-x, M-x, Enter, F5, Up ... */
int
keys_parse(const char *s, int *key)
{
	size_t	 i;
	int	 meta = 0, k;
	char	*end;

	if (strncmp(s, "M-", 2) == 0 && s[2] != '\0') {
		meta = KEYC_META;
		s += 2;
	}
	for (i = 0; i < nitems(keys_names); i++) {
		if (strcmp(s, keys_names[i].name) == 0) {
			*key = keys_names[i].key | meta;
			return (0);
		}
	}
	if (strncmp(s, "C-", 2) == 0 && s[2] != '\0' && s[3] == '\0') {
		k = tolower((u_char)s[2]);
		if (k < 'a' || k > 'z')
			return (-1);
		*key = (k - 'a' + 1) | meta;
		return (0);
	}
	if (s[0] == 'F' && isdigit((u_char)s[1])) {
		k = strtol(s + 1, &end, 10);
		if (*end != '\0' || k < 1 || k > 12)
			return (-1);
		*key = (KEYC_F1 + k - 1) | meta;
		return (0);
	}
	if ((u_char)s[0] > ' ' && (u_char)s[0] < 0x7f && s[1] == '\0') {
		*key = (u_char)s[0] | meta;
		return (0);
	}
	return (-1);
}

const char *
keys_name(int key, char *buf, size_t len)
{
	const char	*meta = (key & KEYC_META) ? "M-" : "";
	size_t		 i;

	key &= ~KEYC_META;
	for (i = 0; i < nitems(keys_names); i++) {
		if (keys_names[i].key == key) {
			snprintf(buf, len, "%s%s", meta, keys_names[i].name);
			return (buf);
		}
	}
	if (key >= 1 && key <= 26)
		snprintf(buf, len, "%sC-%c", meta, 'a' + key - 1);
	else if (key >= KEYC_F1 && key <= KEYC_F12)
		snprintf(buf, len, "%sF%d", meta, key - KEYC_F1 + 1);
	else if (key > ' ' && key < 0x7f)
		snprintf(buf, len, "%s%c", meta, key);
	else
		snprintf(buf, len, "%s0x%x", meta, key);
	return (buf);
}

static struct key_binding *
keys_get(const char *table, int key)
{
	u_int	 i;

	for (i = 0; i < nkeys; i++) {
		if (keys[i].key == key && strcmp(keys[i].table, table) == 0)
			return (&keys[i]);
	}
	return (NULL);
}

int
keys_bind(const char *table, const char *name, const char *command,
    char **cause)
{
	struct key_binding	*b;
	int			 key;

	if (keys_parse(name, &key) != 0) {
		xasprintf(cause, "unknown key: %s", name);
		return (-1);
	}
	if ((b = keys_get(table, key)) != NULL) {
		free(b->command);
		b->command = xstrdup(command);
		return (0);
	}
	keys = xreallocarray(keys, nkeys + 1, sizeof *keys);
	keys[nkeys].table = xstrdup(table);
	keys[nkeys].key = key;
	keys[nkeys].command = xstrdup(command);
	nkeys++;
	return (0);
}

int
keys_unbind(const char *table, const char *name, char **cause)
{
	struct key_binding	*b;
	int			 key;

	if (keys_parse(name, &key) != 0) {
		xasprintf(cause, "unknown key: %s", name);
		return (-1);
	}
	if ((b = keys_get(table, key)) == NULL) {
		xasprintf(cause, "%s is not bound in %s", name, table);
		return (-1);
	}
	free(b->table);
	free(b->command);
	*b = keys[--nkeys];
	return (0);
}

/* The command for a key in a view: its own table, then root. */
const char *
keys_find(const char *table, int key)
{
	struct key_binding	*b;

	if (table != NULL && (b = keys_get(table, key)) != NULL)
		return (b->command);
	if ((b = keys_get("root", key)) != NULL)
		return (b->command);
	return (NULL);
}

static int
keys_cmp(const void *a, const void *b)
{
	const struct key_binding	*ka = a, *kb = b;
	int				 c;

	if ((c = strcmp(ka->table, kb->table)) != 0) {
		if (strcmp(ka->table, "root") == 0)
			return (-1);
		if (strcmp(kb->table, "root") == 0)
			return (1);
		return (c);
	}
	return ((ka->key > kb->key) - (ka->key < kb->key));
}

/* The bindings, as commands that load back; one table or all. */
void
keys_list(struct buf *b, const char *table)
{
	u_int	 i;
	char	 name[32];

	qsort(keys, nkeys, sizeof *keys, keys_cmp);
	for (i = 0; i < nkeys; i++) {
		if (table != NULL && strcmp(keys[i].table, table) != 0)
			continue;
		buf_puts(b, "bind ");
		if (strcmp(keys[i].table, "root") != 0)
			buf_printf(b, "-T %s ", keys[i].table);
		shell_quote(b, keys_name(keys[i].key, name, sizeof name));
		buf_putc(b, ' ');
		shell_quote(b, keys[i].command);
		buf_putc(b, '\n');
	}
}

void
keys_clear(void)
{
	u_int	 i;

	for (i = 0; i < nkeys; i++) {
		free(keys[i].table);
		free(keys[i].command);
	}
	free(keys);
	keys = NULL;
	nkeys = 0;
}

/* A compiled-in keymap's text, or NULL. */
const char *
keys_map(const char *name)
{
	size_t	 i;

	for (i = 0; i < nitems(keys_maps); i++) {
		if (strcmp(keys_maps[i].name, name) == 0)
			return (keys_maps[i].text);
	}
	return (NULL);
}
