/*
 * myriad - the configuration file, read with libconfig.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * This is the only file that includes libconfig.  Every setting the file
 * holds must be an option of options_table; errors name file and line.
 */

#include <ctype.h>
#include <libconfig.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "myriad.h"

static char	*config_file;

/* Options that must not be below another: a critical threshold. */
static const struct {
	const char	*name;
	const char	*floor;
} config_order[] = {
	{ "threshold.gpu-temp-crit", "threshold.gpu-temp-warn" },
};

const char *
config_path(void)
{
	return (config_file);
}

/* A list of strings as one, joined by `;'; -1 if not all strings. */
static int
config_list(const config_setting_t *s, char **list)
{
	config_setting_t	*e;
	struct buf		 b;
	int			 i;

	buf_init(&b);
	for (i = 0; i < config_setting_length(s); i++) {
		e = config_setting_get_elem(s, i);
		if (config_setting_type(e) != CONFIG_TYPE_STRING) {
			buf_free(&b);
			return (-1);
		}
		if (i > 0)
			buf_putc(&b, ';');
		buf_puts(&b, config_setting_get_string(e));
	}
	buf_putc(&b, '\0');
	*list = b.data;
	return (0);
}

static int
config_walk(const config_setting_t *group, const char *prefix,
    const char *file, char **cause)
{
	config_setting_t	*s;
	char			*path, *err, value[64], *list = NULL;
	const char		*v;
	int			 i, n, line, rc;

	n = config_setting_length(group);
	for (i = 0; i < n; i++) {
		s = config_setting_get_elem(group, i);
		line = config_setting_source_line(s);
		xasprintf(&path, "%s%s", prefix, config_setting_name(s));
		switch (config_setting_type(s)) {
		case CONFIG_TYPE_GROUP:
			free(path);
			xasprintf(&path, "%s%s.", prefix,
			    config_setting_name(s));
			if (config_walk(s, path, file, cause) != 0) {
				free(path);
				return (-1);
			}
			free(path);
			continue;
		case CONFIG_TYPE_INT:
			snprintf(value, sizeof value, "%d",
			    config_setting_get_int(s));
			v = value;
			break;
		case CONFIG_TYPE_INT64:
			snprintf(value, sizeof value, "%lld",
			    config_setting_get_int64(s));
			v = value;
			break;
		case CONFIG_TYPE_FLOAT:
			snprintf(value, sizeof value, "%.17g",
			    config_setting_get_float(s));
			v = value;
			break;
		case CONFIG_TYPE_BOOL:
			v = config_setting_get_bool(s) ? "true" : "false";
			break;
		case CONFIG_TYPE_STRING:
			v = config_setting_get_string(s);
			if (options_known(path) &&
			    (options_type(path) == OPT_INT ||
			    options_type(path) == OPT_FLOAT ||
			    options_type(path) == OPT_BOOL)) {
				xasprintf(cause, "%s:%d: %s: want a %s, not "
				    "a string", file, line, path,
				    options_type(path) == OPT_BOOL ?
				    "true or false" : "number");
				free(path);
				return (-1);
			}
			break;
		case CONFIG_TYPE_LIST:
		case CONFIG_TYPE_ARRAY:
			if (options_list(path) &&
			    config_list(s, &list) == 0) {
				v = list;
				break;
			}
			/* FALLTHROUGH */
		default:
			xasprintf(cause, "%s:%d: %s: %s", file, line, path,
			    options_list(path) ? "want a list of strings" :
			    "lists and arrays are not options");
			free(path);
			return (-1);
		}
		rc = options_set(path, v, &err);
		free(list);
		list = NULL;
		if (rc != 0) {
			xasprintf(cause, "%s:%d: %s", file, line, err);
			free(err);
			free(path);
			return (-1);
		}
		free(path);
	}
	return (0);
}

/*
 * libconfig says "syntax error" for NAME = WORD; whose usual cause is a
 * string without its quotes: say so, from the line.
 */
static void
config_syntax(const char *path, int line, char *hint, size_t len)
{
	static const char *const words[] = { "true", "false", "yes", "no",
	    "on", "off" };
	FILE	*f;
	char	 text[512], *p, *name, sep;
	size_t	 n, k, w;
	int	 i;

	*hint = '\0';
	if ((f = fopen(path, "r")) == NULL)
		return;
	for (i = 0; i < line && fgets(text, sizeof text, f) != NULL; i++)
		;
	fclose(f);
	for (p = text; i == line && (p = strpbrk(p, "=:")) != NULL; p++) {
		for (name = p; name > text && strchr(" \t", name[-1]); name--)
			;
		while (name > text && (isalnum((u_char)name[-1]) ||
		    strchr("_-*", name[-1]) != NULL))
			name--;
		k = strspn(name, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-*");
		sep = *p;
		p += 1 + strspn(p + 1, " \t");
		n = strcspn(p, " \t;,}\r\n");
		if (k == 0 || n == 0 || (!isalpha((u_char)*p) &&
		    strchr("/~", *p) == NULL))
			continue;
		for (w = 0; w < nitems(words); w++) {
			if (strlen(words[w]) == n &&
			    strncasecmp(p, words[w], n) == 0)
				break;
		}
		if (w == nitems(words))
			snprintf(hint, len, ": strings need quotes: %.*s %c "
			    "\"%.*s\";", (int)k, name, sep, (int)n, p);
		return;
	}
}

/* The options that must not be below another; where the file says so. */
static int
config_check(config_t *cfg, const char *path, char **cause)
{
	config_setting_t	*s;
	size_t			 i;

	for (i = 0; i < nitems(config_order); i++) {
		if (options_get_float(config_order[i].name) >=
		    options_get_float(config_order[i].floor))
			continue;
		if ((s = config_lookup(cfg, config_order[i].name)) == NULL)
			s = config_lookup(cfg, config_order[i].floor);
		xasprintf(cause, "%s:%d: %s %s is below %s %s", path,
		    s != NULL ? config_setting_source_line(s) : 0,
		    config_order[i].name, options_get(config_order[i].name),
		    config_order[i].floor, options_get(config_order[i].floor));
		return (-1);
	}
	return (0);
}

/*
 * Load `path', or the first of $XDG_CONFIG_HOME/myriad/myriad.conf and
 * /etc/myriad/myriad.conf.  1 when a file was read, 0 when there is none,
 * -1 on error.
 */
int
config_load(const char *path, int must, char **cause)
{
	config_t	 cfg;
	char		*try[2] = { NULL, NULL };
	const char	*home, *xdg;
	char		 hint[600];
	int		 i, rc;

	if (path == NULL) {
		if ((xdg = getenv("XDG_CONFIG_HOME")) != NULL && *xdg != '\0')
			xasprintf(&try[0], "%s/myriad/myriad.conf", xdg);
		else if ((home = getenv("HOME")) != NULL)
			xasprintf(&try[0], "%s/.config/myriad/myriad.conf",
			    home);
		try[1] = xstrdup("/etc/myriad/myriad.conf");
		for (i = 0; i < 2; i++) {
			if (try[i] != NULL && path == NULL &&
			    access(try[i], F_OK) == 0)
				path = try[i];
		}
		if (path == NULL) {
			free(try[0]);
			free(try[1]);
			return (0);
		}
	} else if (!must && access(path, F_OK) != 0)
		return (0);

	config_init(&cfg);
	if (config_read_file(&cfg, path) != CONFIG_TRUE) {
		if (config_error_type(&cfg) == CONFIG_ERR_FILE_IO)
			xasprintf(cause, "%s: cannot read the file", path);
		else {
			config_syntax(path, config_error_line(&cfg), hint,
			    sizeof hint);
			xasprintf(cause, "%s:%d: %s%s", path,
			    config_error_line(&cfg), config_error_text(&cfg),
			    hint);
		}
		rc = -1;
	} else {
		rc = config_walk(config_root_setting(&cfg), "", path, cause);
		if (rc == 0)
			rc = config_check(&cfg, path, cause);
		if (rc == 0) {
			free(config_file);
			config_file = xstrdup(path);
			rc = 1;
		}
	}
	config_destroy(&cfg);
	free(try[0]);
	free(try[1]);
	return (rc);
}
