/*
 * myriad - damaged copies of the real captures: every fixture a parser
 * reads (t/data/conform-*.tsv names its kind) cut at every byte of its
 * last line, with a byte order mark, with CRLF, with a NUL in a number,
 * with a decimal comma, with a number past 2^64 or at 1e23.  Each must
 * read as the intact file does, or say what it refused: never a record
 * with a value the intact file does not hold.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"
#include "myriad.h"
#include "backend.h"

/* The kinds read by these rules; the others are skipped. */
static const char *damage_kinds[] = {
	"nvsmi-csv", "nvlink-status", "nvlink-errors", "xid", "ipmi-sdr",
	"ipmi-sensor", "ibstat", "perfquery", "dcgm-diag", "sinfo", "squeue",
	"scontrol-node", "scontrol-job", "scontrol-partition", "amd-smi",
	"rocm-smi", "npu-smi", "hccn-tool", "hy-smi", "rvs", "nvidia-smi-q",
	"imex",
};

#define DAMAGE_TOKENS	150	/* numbers changed per file and variant */

/* A record as text: its kind and each field formatted, NULL if null. */
struct rec {
	const struct record *r;
	char		**v;
};

struct run {
	struct rec	*recs;
	u_int		 n;
	u_int		 errors;
	u_int		 lines[64];	/* the lines of the first errors */
	char		 first[256];	/* the first error */
};

static void
add(struct run *run, const char *kind, const void *rec)
{
	const struct record	*r = record_find(kind);
	const struct field	*f;
	struct rec		*x;
	char			 tmp[64];
	const char		*s;
	u_int			 i, nf;

	for (nf = 0; r->fields[nf].name != NULL; nf++)
		;
	run->recs = xreallocarray(run->recs, run->n + 1, sizeof *run->recs);
	x = &run->recs[run->n++];
	x->r = r;
	x->v = xcalloc(nf, sizeof *x->v);
	for (i = 0; i < nf; i++) {
		f = &r->fields[i];
		if (f->type == FT_NODE)
			continue;
		s = field_format(f, rec, NULL, tmp, sizeof tmp);
		/* An enum's first value is its unknown: null. */
		if (s != NULL && (f->type == FT_LINK || f->type == FT_KIND ||
		    f->type == FT_RESULT) &&
		    strcmp(s, field_enum_name(f->type, 0)) == 0)
			s = NULL;
		x->v[i] = s != NULL ? xstrdup(s) : NULL;
	}
}

#define SINK(what)							\
static void								\
sink_##what(void *arg, const struct what *rec)				\
{									\
	add(arg, #what, rec);						\
}
SINK_RECORDS(SINK)
#define SINK_SET(what) .what = sink_##what,

static void
sink_err(void *arg, u_int line, const char *msg)
{
	struct run	*run = arg;

	if (run->errors == 0)
		snprintf(run->first, sizeof run->first, "%u: %s", line, msg);
	if (run->errors < nitems(run->lines))
		run->lines[run->errors] = line;
	run->errors++;
}

static void
run_free(struct run *run)
{
	u_int	 i, j;

	for (i = 0; i < run->n; i++) {
		for (j = 0; run->recs[i].r->fields[j].name != NULL; j++)
			free(run->recs[i].v[j]);
		free(run->recs[i].v);
	}
	free(run->recs);
	memset(run, 0, sizeof *run);
}

static void
run_parse(struct run *run, const struct parser *p, const char *fmt,
    const char *buf, size_t len)
{
	struct sink	 s = {
		.arg = run, SINK_RECORDS(SINK_SET) .error = sink_err
	};

	memset(run, 0, sizeof *run);
	p->parse(buf, len, fmt, &s);
}

/*
 * What a damaged copy must read as.  SAME: the intact records, with no
 * error more.  SAID: an error, and only what the intact file holds.
 * WITHIN: only what the intact file holds, error or not (the cut left
 * blanks).  NUMBERS: the intact numbers, or an error and only the intact
 * numbers (strings hold the damage as printed).  PIECES: as SAID, but a
 * string may stop short (a message's rows after a refused one).  CUT: an
 * error somewhere, and only what the intact file holds (its strings as
 * PIECES, whose last word may be cut: a message's last row).
 */
enum mode {
	SAME,
	SAID,
	WITHIN,
	NUMBERS,
	PIECES,
	CUT,
};

/* How much of a damaged string must begin the intact one. */
static size_t
rec_piece(const char *s, enum mode mode)
{
	const char	*p;

	if (mode == CUT && (p = strrchr(s, ' ')) != NULL)
		return (p - s);
	return (strlen(s));
}

/*
 * Does damaged record d hold only what intact record i holds?  A field
 * may be null in d; strings are compared unless only numbers are.
 */
static int
rec_within(const struct rec *d, const struct rec *i, enum mode mode)
{
	const struct field	*f;
	u_int			 k;

	if (d->r != i->r)
		return (0);
	for (k = 0; d->r->fields[k].name != NULL; k++) {
		f = &d->r->fields[k];
		if (d->v[k] == NULL || (mode == NUMBERS && f->type == FT_STR))
			continue;
		if (i->v[k] == NULL)
			return (0);
		if ((mode == PIECES || mode == CUT) && f->type == FT_STR &&
		    strncmp(d->v[k], i->v[k], rec_piece(d->v[k], mode)) == 0)
			continue;
		if (strcmp(d->v[k], i->v[k]) != 0)
			return (0);
	}
	return (1);
}

/* Every damaged record within some intact one; why not, if not. */
static int
run_within(const struct run *d, const struct run *i, enum mode mode,
    char *why, size_t whylen)
{
	const struct field	*f;
	u_int			 a, b, k;

	for (a = 0; a < d->n; a++) {
		for (b = 0; b < i->n; b++) {
			if (rec_within(&d->recs[a], &i->recs[b], mode))
				break;
		}
		if (b < i->n)
			continue;
		/* Name what differs from the intact record of its place. */
		b = a < i->n ? a : i->n - 1;
		for (k = 0; d->recs[a].r->fields[k].name != NULL; k++) {
			f = &d->recs[a].r->fields[k];
			if (d->recs[a].v[k] != NULL &&
			    (mode != NUMBERS || f->type != FT_STR) &&
			    (i->n == 0 ||
			    i->recs[b].v[k] == NULL ||
			    strcmp(i->recs[b].v[k], d->recs[a].v[k]) != 0))
				break;
		}
		if (d->recs[a].r->fields[k].name == NULL)
			k = 0;
		snprintf(why, whylen, "record %u (%s) holds %s=%s, read "
		    "nowhere intact", a, d->recs[a].r->name,
		    d->recs[a].r->fields[k].name, d->recs[a].v[k] != NULL ?
		    d->recs[a].v[k] : "null");
		return (0);
	}
	return (1);
}

/* The same records, field by field. */
static int
run_same(const struct run *d, const struct run *i, enum mode mode,
    char *why, size_t whylen)
{
	u_int	 a;

	if (d->n != i->n) {
		snprintf(why, whylen, "%u records, intact %u", d->n, i->n);
		return (0);
	}
	for (a = 0; a < d->n; a++) {
		if (!rec_within(&d->recs[a], &i->recs[a], mode) ||
		    !rec_within(&i->recs[a], &d->recs[a], mode)) {
			snprintf(why, whylen, "record %u differs", a);
			return (0);
		}
	}
	return (1);
}

/* The verdict on one damaged copy; why not, if it fails. */
static int
judge(const struct run *d, const struct run *i, enum mode mode, u_int line,
    char *why, size_t whylen)
{
	u_int	 k;

	if (mode == WITHIN || (mode == NUMBERS && d->errors > i->errors))
		return (run_within(d, i, mode, why, whylen));
	if (mode == CUT && d->errors == 0) {
		snprintf(why, whylen, "no error");
		return (0);
	}
	if (mode == CUT)
		return (run_within(d, i, mode, why, whylen));
	if (mode == SAME || mode == NUMBERS) {
		if (d->errors != i->errors) {
			snprintf(why, whylen, "%u errors, intact %u",
			    d->errors, i->errors);
			return (0);
		}
		return (run_same(d, i, mode, why, whylen));
	}
	for (k = 0; k < d->errors && k < nitems(d->lines); k++) {
		if (d->lines[k] == line)
			break;
	}
	if (k == d->errors || k == nitems(d->lines)) {
		snprintf(why, whylen, "no error at line %u", line);
		return (0);
	}
	return (run_within(d, i, mode, why, whylen));
}

/* Numbers on a line: a digit run after a blank or separator. */
static int
token_start(const char *buf, size_t at)
{
	if (!isdigit((u_char)buf[at]))
		return (0);
	return (at == 0 || strchr(" \t,:|(=[\n", buf[at - 1]) != NULL);
}

static size_t
token_end(const char *buf, size_t len, size_t at)
{
	while (at < len && isdigit((u_char)buf[at]))
		at++;
	return (at);
}

/* Replace [at, end) of buf with what; a new buffer. */
static char *
splice(const char *buf, size_t len, size_t at, size_t end, const char *what,
    size_t wlen, size_t *newlen)
{
	char	*out;

	*newlen = len - (end - at) + wlen;
	out = xmalloc(*newlen + 1);
	memcpy(out, buf, at);
	memcpy(out + at, what, wlen);
	memcpy(out + at + wlen, buf + end, len - end);
	out[*newlen] = '\0';
	return (out);
}

struct fixture {
	const char		*path;
	const struct parser	*p;
	const char		*fmt;
	char			*buf;
	size_t			 len;
	int			 json;
	struct run		 intact;
};

/* The damaged copy buf, whose damage is on byte at. */
static void
damage_one(struct fixture *x, const char *what, char *buf, size_t len,
    size_t at, enum mode mode, int *failed, char *why, size_t whylen)
{
	struct run	 d;
	char		 tmp[200];
	u_int		 line = 1;
	size_t		 i;

	for (i = 0; i < at && i < len; i++)
		line += buf[i] == '\n';
	run_parse(&d, x->p, x->fmt, buf, len);
	/* A running job's elapsed time moves on with the clock. */
	if (!*failed && !judge(&d, &x->intact, mode, line, tmp,
	    sizeof tmp) && x->json) {
		run_free(&x->intact);
		run_parse(&x->intact, x->p, x->fmt, x->buf, x->len);
		run_free(&d);
		run_parse(&d, x->p, x->fmt, buf, len);
	}
	if (!*failed && !judge(&d, &x->intact, mode, line, tmp,
	    sizeof tmp)) {
		snprintf(why, whylen, "%s: %s (first error: %s)", what, tmp,
		    d.errors ? d.first : "none");
		*failed = 1;
	}
	run_free(&d);
	free(buf);
}

/* Cut at every byte of the last line: an error, and nothing changed. */
static void
damage_cut(struct fixture *x)
{
	size_t	 end = x->len, start, at, n;
	char	*buf, why[600], what[64];
	int	 failed = 0;

	if (end > 0 && x->buf[end - 1] == '\n')
		end--;
	for (start = end; start > 0 && x->buf[start - 1] != '\n'; start--)
		;
	for (at = start + 1; at <= end && at < x->len; at++) {
		snprintf(what, sizeof what, "cut at %zu of %zu", at, x->len);
		/*
		 * A cut in blanks is said too (squeue's right-aligned
		 * JOBID); a JSON document is whole without its newline.
		 */
		buf = splice(x->buf, at, at, at, "", 0, &n);
		damage_one(x, what, buf, n, start, x->json && at == end ?
		    WITHIN : SAID, &failed, why, sizeof why);
	}
	if (!ok(!failed, "%s: cut in its last line", x->path))
		printf("#   %s\n", why);
}

/*
 * A table that ends as its tool ends it (dcgmi diag's) cut after any
 * line before its end: an error, and nothing changed.
 */
static void
damage_lines(struct fixture *x)
{
	size_t	 end = x->len, at, n;
	char	*buf, why[600], what[64];
	int	 failed = 0;

	while (end > 0 && isspace((u_char)x->buf[end - 1]))
		end--;
	for (at = 0; at < end; at++) {
		if (x->buf[at] != '\n')
			continue;
		snprintf(what, sizeof what, "cut after byte %zu of %zu", at,
		    x->len);
		buf = splice(x->buf, at + 1, at + 1, at + 1, "", 0, &n);
		damage_one(x, what, buf, n, at + 1, CUT, &failed, why,
		    sizeof why);
	}
	if (!ok(!failed, "%s: cut after each line", x->path))
		printf("#   %s\n", why);
}

static void
damage_whole(struct fixture *x, const char *name)
{
	char	*buf, why[600];
	size_t	 i, n;
	int	 failed = 0;

	if (strcmp(name, "BOM") == 0)
		buf = splice(x->buf, x->len, 0, 0, "\xef\xbb\xbf", 3, &n);
	else {
		buf = xmalloc(2 * x->len + 1);
		for (i = n = 0; i < x->len; i++) {
			if (x->buf[i] == '\n' && (i == 0 ||
			    x->buf[i - 1] != '\r'))
				buf[n++] = '\r';
			buf[n++] = x->buf[i];
		}
	}
	damage_one(x, name, buf, n, 0, SAME, &failed, why, sizeof why);
	if (!ok(!failed, "%s: %s read as the intact file", x->path, name))
		printf("#   %s\n", why);
}

/*
 * In the numbers of the file (up to DAMAGE_TOKENS of them, spread): a
 * NUL after its first digit, a decimal comma for its point, 2^64 and
 * more, 1e23.
 */
static void
damage_numbers(struct fixture *x, const char *name)
{
	size_t	 at, end, n, ntok = 0, step, k;
	char	*buf, why[600], what[96];
	int	 failed = 0;

	for (at = 0; at < x->len; at++)
		ntok += token_start(x->buf, at);
	step = ntok > DAMAGE_TOKENS ? ntok / DAMAGE_TOKENS : 1;
	for (at = 0, k = 0; at < x->len; at++) {
		if (!token_start(x->buf, at) || k++ % step != 0)
			continue;
		end = token_end(x->buf, x->len, at);
		snprintf(what, sizeof what, "%s at %zu '%.*s'", name, at,
		    (int)(end - at), x->buf + at);
		if (strcmp(name, "NUL") == 0)
			buf = splice(x->buf, x->len, at + 1, at + 1, "", 1, &n);
		else if (strcmp(name, "comma") == 0) {
			if (end + 1 >= x->len || x->buf[end] != '.' ||
			    !isdigit((u_char)x->buf[end + 1]))
				continue;
			buf = splice(x->buf, x->len, end, end + 1, ",", 1, &n);
		} else if (strcmp(name, "2^64") == 0)
			buf = splice(x->buf, x->len, at, end,
			    "99999999999999999999999", 23, &n);
		else
			buf = splice(x->buf, x->len, at, end, "1e23", 4, &n);
		damage_one(x, what, buf, n, at, strcmp(name, "NUL") == 0 ?
		    PIECES : NUMBERS, &failed, why, sizeof why);
	}
	if (!ok(!failed, "%s: %s in its numbers", x->path, name))
		printf("#   %s\n", why);
}

static int
damage_kind(const char *kind)
{
	size_t	 i;

	for (i = 0; i < nitems(damage_kinds); i++) {
		if (strcmp(damage_kinds[i], kind) == 0)
			return (1);
	}
	return (0);
}

static void
damage_fixture(const char *path, const char *kind, const char *fmt)
{
	struct fixture	 x;
	struct run	 empty;
	size_t		 i;

	memset(&x, 0, sizeof x);
	x.path = path;
	x.fmt = strcmp(fmt, "-") == 0 ? NULL : fmt;
	if ((x.p = parser_find(kind)) == NULL) {
		ok(0, "%s: unknown kind %s", path, kind);
		return;
	}
	if ((x.buf = tap_fixture(path, &x.len)) == NULL) {
		tap_skip(1, path);
		return;
	}
	/* As unit-conform: with the last newline the tool printed. */
	if (x.len > 0 && x.buf[x.len - 1] != '\n')
		x.buf[x.len++] = '\n';
	for (i = 0; i < x.len && isspace((u_char)x.buf[i]); i++)
		;				/* rocm-smi's blank first line */
	x.json = i < x.len && (x.buf[i] == '{' || x.buf[i] == '[');
	run_parse(&x.intact, x.p, x.fmt, x.buf, x.len);
	/*
	 * A capture read with a format that is not its own (conform's proof
	 * that every row is then refused) has no reading to keep.
	 */
	if (x.intact.n == 0 && x.intact.errors > 0) {
		ok(1, "%s: refused whole as %s, nothing to damage", path, fmt);
		run_free(&x.intact);
		free(x.buf);
		return;
	}
	damage_cut(&x);
	if (strcmp(kind, "dcgm-diag") == 0 && !x.json)
		damage_lines(&x);
	damage_whole(&x, "BOM");
	damage_whole(&x, "CRLF");
	damage_numbers(&x, "NUL");
	damage_numbers(&x, "comma");
	damage_numbers(&x, "2^64");
	damage_numbers(&x, "1e23");
	run_parse(&empty, x.p, x.fmt, "", 0);
	ok(empty.n == 0, "%s: nothing from an empty input", kind);
	run_free(&empty);
	run_free(&x.intact);
	free(x.buf);
}

int
main(void)
{
	struct stat	 st;
	char		*data, *rest, *line, *f[3], *seen = NULL;
	size_t		 len, seenlen = 0;
	const char	*tsv[] = { "t/data/conform-nvidia.tsv",
			    "t/data/conform-ib.tsv", "t/data/conform-ipmi.tsv",
			    "t/data/conform-dcgm.tsv",
			    "t/data/conform-slurm.tsv", "t/data/conform-amd.tsv",
			    "t/data/conform-ascend.tsv", "t/data/conform-hccn.tsv",
			    "t/data/conform-hygon.tsv",
			    "t/data/conform-imex.tsv" };
	char		 key[1024];
	size_t		 i;
	int		 k;

	if (stat(tap_fixtures(), &st) != 0) {
		tap_skip(1, "no fixtures directory");
		return (tap_done());
	}
	for (i = 0; i < nitems(tsv); i++) {
		if ((data = tap_slurp(tsv[i], &len)) == NULL)
			continue;
		rest = data;
		while ((line = strsep(&rest, "\n")) != NULL) {
			if (*line == '#' || *line == '\0')
				continue;
			for (k = 0; k < 3 && line != NULL; k++)
				f[k] = strsep(&line, "\t");
			if (k < 3 || !damage_kind(f[1]))
				continue;
			/* Each file, kind and format once. */
			snprintf(key, sizeof key, "\n%s\t%s\t%s\n", f[0], f[1],
			    f[2]);
			if (seen != NULL && strstr(seen, key) != NULL)
				continue;
			seen = xreallocarray(seen, seenlen + strlen(key) + 1,
			    1);
			strlcpy(seen + seenlen, key, strlen(key) + 1);
			seenlen += strlen(key) - 1;
			damage_fixture(f[0], f[1], f[2]);
		}
		free(data);
	}
	free(seen);
	return (tap_done());
}
