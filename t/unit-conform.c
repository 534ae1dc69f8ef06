/*
 * myriad - conformance: every real fixture, read by its parser, checked
 * against values read from the file by eye (t/data/conform-*.tsv).  A
 * fixture with no line there fails: a new capture needs expectations.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"
#include "myriad.h"
#include "backend.h"

struct got {
	const char	*kind;
	void		*rec;
};

struct run {
	struct got	*recs;
	u_int		 n;
	u_int		 errors;
};

static void
add(struct run *r, const char *kind, const void *rec, size_t size)
{
	r->recs = xreallocarray(r->recs, r->n + 1, sizeof *r->recs);
	r->recs[r->n].kind = kind;
	r->recs[r->n].rec = xmalloc(size);
	memcpy(r->recs[r->n].rec, rec, size);
	r->n++;
}

#define SINK(what)							\
static void								\
sink_##what(void *arg, const struct what *rec)				\
{									\
	add(arg, #what, rec, sizeof *rec);				\
}
SINK_RECORDS(SINK)
#define SINK_SET(what) s.what = sink_##what;

static void
sink_error_(void *arg, u_int line, const char *msg)
{
	((struct run *)arg)->errors++;
}

static void
run_free(struct run *r)
{
	u_int	 i;

	for (i = 0; i < r->n; i++)
		free(r->recs[i].rec);
	free(r->recs);
	memset(r, 0, sizeof *r);
}

struct line {
	char	*path;
	char	*kind;
	char	*format;
	char	*check;
	int	 used;
};
static struct line	*lines;
static u_int		 nlines;

static void
read_conform(const char *dir)
{
	DIR		*d;
	struct dirent	*de;
	char		 path[1024], *data, *rest, *line, *f[4];
	size_t		 len;
	int		 i;

	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "conform-", 8) != 0 ||
		    strstr(de->d_name, ".tsv") == NULL)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if ((data = tap_slurp(path, &len)) == NULL)
			continue;
		rest = data;
		while ((line = strsep(&rest, "\n")) != NULL) {
			if (*line == '#' || *line == '\0')
				continue;
			for (i = 0; i < 4 && line != NULL; i++)
				f[i] = strsep(&line, i < 3 ? "\t" : "");
			if (i < 4 || f[3] == NULL) {
				ok(0, "%s: malformed line '%s'", de->d_name,
				    f[0]);
				continue;
			}
			lines = xreallocarray(lines, nlines + 1,
			    sizeof *lines);
			lines[nlines].path = xstrdup(f[0]);
			lines[nlines].kind = xstrdup(f[1]);
			lines[nlines].format = xstrdup(f[2]);
			lines[nlines].check = xstrdup(f[3]);
			lines[nlines].used = 0;
			nlines++;
		}
		free(data);
	}
	closedir(d);
}

static int
check_value(struct run *r, const char *check, char *why, size_t whylen)
{
	const struct record	*rec;
	const struct field	*f;
	char			 key[64], tmp[64], *end;
	const char		*eq, *dot, *want, *s;
	double			 w, v;
	long			 i;

	i = strtol(check, &end, 10);
	if (end == check || *end != '.' || (eq = strchr(end, '=')) == NULL) {
		snprintf(why, whylen, "bad check");
		return (0);
	}
	dot = end;
	snprintf(key, sizeof key, "%.*s", (int)(eq - dot - 1), dot + 1);
	want = eq + 1;
	if (i < 0 || (u_int)i >= r->n) {
		snprintf(why, whylen, "no record %ld (%u records)", i, r->n);
		return (0);
	}
	rec = record_find(r->recs[i].kind);
	if ((f = record_field(rec, key)) == NULL) {
		snprintf(why, whylen, "no field %s in %s", key, rec->name);
		return (0);
	}
	s = field_format(f, r->recs[i].rec, NULL, tmp, sizeof tmp);
	if (strcmp(want, "null") == 0) {
		snprintf(why, whylen, "got '%s'", s ? s : "null");
		return (s == NULL);
	}
	if (s == NULL) {
		snprintf(why, whylen, "got null");
		return (0);
	}
	w = strtod(want, &end);
	if (f->type != FT_STR && end != want && *end == '\0' &&
	    field_number(f, r->recs[i].rec, &v) == 0 &&
	    f->type != FT_LINK && f->type != FT_KIND &&
	    f->type != FT_RESULT) {
		snprintf(why, whylen, "got %g", v);
		return (fabs(v - w) <= 0.01);
	}
	snprintf(why, whylen, "got '%s'", s);
	return (strcmp(s, want) == 0);
}

static void
check_group(u_int first)
{
	const struct parser	*p;
	struct line		*l = &lines[first];
	struct run		 r;
	struct sink		 s;
	char			*data, why[256];
	size_t			 len;
	u_int			 i;
	int			 good;

	if ((data = tap_fixture(l->path, &len)) == NULL) {
		ok(0, "%s: listed but missing from the fixtures", l->path);
		return;
	}
	/*
	 * Captures copied out of test sources lost the newline the tool
	 * printed last; a parser refuses a last line without it (what that
	 * does is unit-damage's), so they are read with it.
	 */
	if (len > 0 && data[len - 1] != '\n')
		data[len++] = '\n';
	if ((p = parser_find(l->kind)) == NULL) {
		ok(0, "%s: unknown kind %s", l->path, l->kind);
		free(data);
		return;
	}
	memset(&r, 0, sizeof r);
	memset(&s, 0, sizeof s);
	s.arg = &r;
	SINK_RECORDS(SINK_SET)
	s.error = sink_error_;
	p->parse(data, len, strcmp(l->format, "-") == 0 ? NULL : l->format,
	    &s);
	for (i = first; i < nlines; i++) {
		if (lines[i].used || strcmp(lines[i].path, l->path) != 0 ||
		    strcmp(lines[i].kind, l->kind) != 0 ||
		    strcmp(lines[i].format, l->format) != 0)
			continue;
		lines[i].used = 1;
		if (strncmp(lines[i].check, "records=", 8) == 0) {
			good = (u_int)atoi(lines[i].check + 8) == r.n;
			snprintf(why, sizeof why, "got %u", r.n);
		} else if (strcmp(lines[i].check, "errors>0") == 0) {
			good = r.errors > 0;
			snprintf(why, sizeof why, "got %u", r.errors);
		} else if (strncmp(lines[i].check, "errors=", 7) == 0) {
			good = (u_int)atoi(lines[i].check + 7) == r.errors;
			snprintf(why, sizeof why, "got %u", r.errors);
		} else
			good = check_value(&r, lines[i].check, why,
			    sizeof why);
		if (!ok(good, "%s %s: %s", l->path, l->kind, lines[i].check))
			printf("#   %s\n", why);
	}
	run_free(&r);
	free(data);
}

static void
walk(const char *root, const char *rel, u_int *nfiles)
{
	DIR		*d;
	struct dirent	*de;
	struct stat	 st;
	char		 path[2048], sub[1024];
	u_int		 i;
	int		 found;

	snprintf(path, sizeof path, "%s/%s", root, rel);
	if ((d = opendir(path)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "",
		    de->d_name);
		snprintf(path, sizeof path, "%s/%s", root, sub);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			walk(root, sub, nfiles);
			continue;
		}
		if (strcmp(sub, "PROVENANCE.md") == 0)
			continue;
		(*nfiles)++;
		found = 0;
		for (i = 0; i < nlines && !found; i++)
			found = strcmp(lines[i].path, sub) == 0;
		ok(found, "%s has expectations", sub);
	}
	closedir(d);
}

int
main(void)
{
	struct stat	 st;
	u_int		 i, nfiles = 0, nread = 0;

	read_conform("t/data");
	ok(nlines > 0, "conformance lines read from t/data/conform-*.tsv");
	if (stat(tap_fixtures(), &st) != 0) {
		tap_skip(1, "no fixtures directory");
		return (tap_done());
	}
	walk(tap_fixtures(), "", &nfiles);
	for (i = 0; i < nlines; i++) {
		if (lines[i].used || strcmp(lines[i].kind, "-") == 0)
			continue;
		nread++;
		check_group(i);
	}
	printf("# %u fixture files, %u read by a parser\n", nfiles, nread);
	return (tap_done());
}
