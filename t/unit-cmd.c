/*
 * myriad - the command language's words, filters and output escaping.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "myriad.h"

static void
words(const char *line, u_int ncmds, const char *want)
{
	struct cmdline	*cl;
	struct buf	 b;
	u_int		 n, i;
	int		 j;
	char		*cause = NULL;

	if (shell_split(line, &cl, &n, &cause) != 0) {
		ok(0, "parse '%s': %s", line, cause);
		free(cause);
		return;
	}
	buf_init(&b);
	buf_add(&b, "", 0);
	for (i = 0; i < n; i++) {
		for (j = 0; j < cl[i].argc; j++)
			buf_printf(&b, "%s<%s>", j ? "" : (i ? "|" : ""),
			    cl[i].argv[j]);
	}
	is_int(n, ncmds, "'%s': %u commands", line, ncmds);
	is_str(b.data, want, "'%s' words", line);
	buf_free(&b);
	shell_split_free(cl, n);
}

static void
parse_fails(const char *line, const char *want)
{
	struct cmdline	*cl;
	u_int		 n;
	char		*cause = NULL;

	if (!ok(shell_split(line, &cl, &n, &cause) == -1, "'%s' refused",
	    line)) {
		shell_split_free(cl, n);
		return;
	}
	ok(cause != NULL && strstr(cause, want) != NULL, "cause '%s' has '%s'",
	    cause ? cause : "", want);
	free(cause);
}

static void
round_trip(const char *word)
{
	struct buf	 b;
	struct cmdline	*cl;
	u_int		 n;
	char		*cause;

	buf_init(&b);
	buf_puts(&b, "drain ");
	shell_quote(&b, word);
	if (shell_split(b.data, &cl, &n, &cause) != 0) {
		ok(0, "quoted '%s' parses: %s", word, cause);
		free(cause);
	} else {
		ok(n == 1 && cl[0].argc == 2 && strcmp(cl[0].argv[1],
		    word) == 0, "quote round trip: %s", b.data);
		shell_split_free(cl, n);
	}
	buf_free(&b);
}

static void
filter_case(const char *expr, const struct gpu *g, int want)
{
	struct filter	*f;
	char		*cause = NULL;

	f = filter_create(record_find("gpu"), expr, &cause);
	if (f == NULL) {
		ok(0, "filter '%s': %s", expr, cause);
		free(cause);
		return;
	}
	is_int(filter_match(f, g, NULL), want, "filter '%s'", expr);
	filter_free(f);
}

static void
json(const char *in, const char *want)
{
	struct buf	 b;

	buf_init(&b);
	output_json_string(&b, in);
	is_str(b.data, want, "json string");
	buf_free(&b);
}

int
main(void)
{
	struct gpu	 g;
	struct filter	*f;
	char		*cause = NULL;
	int		 rc;

	words("list-gpus -o json", 1, "<list-gpus><-o><json>");
	words("a; b\nc", 3, "<a>|<b>|<c>");
	words("drain gpu01 reason=\"xid 79 on gpu3\"", 1,
	    "<drain><gpu01><reason=xid 79 on gpu3>");
	words("x 'it''s' \"a\\\"b\" c\\ d", 1, "<x><its><a\"b><c d>");
	words("x 'single \"keeps\" $(all) `of` \\it'", 1,
	    "<x><single \"keeps\" $(all) `of` \\it>");
	words("x \"\\$HOME \\\\ \\n\"", 1, "<x><$HOME \\ \\n>");
	words("x $'a\\nb\\tc\\x41\\101\\''", 1, "<x><a\nb\tcAA'>");
	words("x 'a;b' \"c;d\" e\\;f", 1, "<x><a;b><c;d><e;f>");
	words("# comment\nx y # trailing\n  \n", 1, "<x><y>");
	words("x a\\\nb", 1, "<x><ab>");
	words("x ''", 1, "<x><>");
	words("x 'multi\nline'; y", 2, "<x><multi\nline>|<y>");
	words("", 0, "");
	parse_fails("x 'open", "unterminated single quote");
	parse_fails("x\ny \"open", "line 2");

	round_trip("xid 79 on gpu3");
	round_trip("it's $(rm -rf /) `x` ; \"q\"");
	round_trip("new\nline");
	round_trip("");

	memset(&g, 0, sizeof g);
	g.valid = BIT(GPU_TEMP) | BIT(GPU_UTIL) | BIT(GPU_INDEX);
	g.temp_c = 91;
	g.util_pct = 5;
	g.index = 3;
	strlcpy(g.model, "NVIDIA H100 80GB HBM3", sizeof g.model);
	filter_case("temp>85", &g, 1);
	filter_case("temp>91", &g, 0);
	filter_case("temp>=91,util<10", &g, 1);
	filter_case("temp>=91 && util>10", &g, 0);
	filter_case("power_w>1", &g, 0);		/* unknown never matches */
	filter_case("power_w=null", &g, 1);
	filter_case("model~H100", &g, 1);
	filter_case("model=H100", &g, 0);
	filter_case("index!=3", &g, 0);
	f = filter_create(record_find("gpu"), "nosuch>1", &cause);
	ok(f == NULL && strstr(cause, "nosuch") != NULL,
	    "unknown field refused: %s", cause);
	free(cause);
	ok(filter_create(record_find("gpu"), "temp>hot", &cause) == NULL,
	    "non-number compared with > refused");
	free(cause);
	ok(filter_create(record_find("gpu"), "temp", &cause) == NULL,
	    "filter without operator refused");
	free(cause);

	json("plain", "\"plain\"");
	json("q\"b\\", "\"q\\\"b\\\\\"");
	json("tab\tnl\n\001", "\"tab\\tnl\\n\\u0001\"");
	json("caf\xc3\xa9", "\"caf\xc3\xa9\"");
	json("bad\xff\xfe", "\"bad\\ufffd\\ufffd\"");
	json("cut\xe2\x82", "\"cut\\ufffd\\ufffd\"");

	rc = options_set("ssh.port", "99999", &cause);
	ok(rc == -1 && strstr(cause, "out of range") != NULL,
	    "option range: %s", cause);
	free(cause);
	rc = options_set("keymap", "vim", &cause);
	ok(rc == -1 && strstr(cause, "default,vi,emacs") != NULL,
	    "option choice: %s", cause);
	free(cause);
	rc = options_set("nosuch", "1", &cause);
	ok(rc == -1, "unknown option");
	free(cause);
	ok(options_set("ssh.port", "2222", &cause) == 0 &&
	    options_get_int("ssh.port") == 2222, "option set and read");
	options_reset();
	is_int(options_get_int("ssh.port"), 0, "options reset to default");
	return (tap_done());
}
