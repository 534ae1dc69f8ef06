/*
 * myriad - records as a table, tab-separated values or JSON.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

#define OUTPUT_CELL_MAX	48	/* widest table cell before it is cut */

struct output {
	FILE			*f;
	enum output_format	 format;
	const struct record	*record;
	const struct model	*model;
	const struct field	*cols[64];
	u_int			 ncols;
	u_int			 nrows;
	struct buf		 cells;	/* table: NUL-separated cells */
	size_t			 cellmax;	/* the widest cell */
	size_t			 width[64];
	struct buf		 line;
};

static const struct {
	const char		*name;
	enum output_format	 format;
} output_formats[] = {
	{ "table", OUT_TABLE },
	{ "tsv", OUT_TSV },
	{ "json", OUT_JSON },
};

int
output_parse_format(const char *s, enum output_format *format)
{
	size_t	 i;

	for (i = 0; i < nitems(output_formats); i++) {
		if (strcmp(s, output_formats[i].name) == 0) {
			*format = output_formats[i].format;
			return (0);
		}
	}
	return (-1);
}

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t
output_utf8(const u_char *s, size_t left)
{
	size_t	 n, i;

	if (*s < 0x80)
		return (1);
	if ((*s & 0xe0) == 0xc0 && *s >= 0xc2)
		n = 2;
	else if ((*s & 0xf0) == 0xe0)
		n = 3;
	else if ((*s & 0xf8) == 0xf0 && *s <= 0xf4)
		n = 4;
	else
		return (0);
	if (n > left)
		return (0);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
	}
	return (n);
}

/* A JSON string; bytes that are not UTF-8 become U+FFFD. */
void
output_json_string(struct buf *b, const char *s)
{
	const u_char	*p = (const u_char *)s;
	size_t		 left = strlen(s), n;

	buf_putc(b, '"');
	while (left > 0) {
		if (*p == '"' || *p == '\\') {
			buf_putc(b, '\\');
			buf_putc(b, *p);
		} else if (*p == '\n')
			buf_puts(b, "\\n");
		else if (*p == '\t')
			buf_puts(b, "\\t");
		else if (*p < 0x20 || *p == 0x7f)
			buf_printf(b, "\\u%04x", *p);
		else if ((n = output_utf8(p, left)) == 0)
			buf_puts(b, "\\ufffd");
		else {
			buf_add(b, p, n);
			p += n;
			left -= n;
			continue;
		}
		p++;
		left--;
	}
	buf_putc(b, '"');
}

/* A cell for tsv or table: no tabs, newlines or control bytes. */
void
output_plain(struct buf *b, const char *s, size_t max)
{
	size_t	 n = 0;

	for (; *s != '\0' && n < max; s++, n++)
		buf_putc(b, ((u_char)*s < 0x20 || *s == 0x7f) ? ' ' : *s);
	if (*s != '\0' && max >= 3) {
		b->len -= 1;
		buf_puts(b, "~");
	}
}

/*
 * What a thing is (FF_WHAT: its vendor, then its model) comes in a table
 * before the text at its end that says what is wrong (ERROR, REASON),
 * whatever its place in JSON.
 */
void
output_what(const struct field **cols, u_int n)
{
	const struct field	*what[4], *f;
	u_int			 i, k = 0, nw = 0, at = 0;

	for (i = 0; i < n; i++) {
		f = cols[i];
		if ((f->flags & FF_WHAT) && nw < nitems(what)) {
			what[nw] = f;
			/* The vendor first. */
			if (nw > 0 && (f->type == FT_VENDOR ||
			    f->type == FT_NVENDOR)) {
				what[nw] = what[0];
				what[0] = f;
			}
			nw++;
			continue;
		}
		cols[k++] = f;
		if (f->type != FT_STR)
			at = k;
	}
	memmove(cols + at + nw, cols + at, (k - at) * sizeof *cols);
	memcpy(cols + at, what, nw * sizeof *cols);
}

/* Output to F; table cells are cut at WIDTH, or OUTPUT_CELL_MAX if more. */
struct output *
output_create(FILE *f, int width, enum output_format format,
    const struct record *r, const struct model *m)
{
	struct output		*o;
	const struct field	*fl;
	u_int			 i;

	o = xcalloc(1, sizeof *o);
	o->f = f;
	o->format = format;
	o->record = r;
	o->model = m;
	o->cellmax = width > OUTPUT_CELL_MAX ? width : OUTPUT_CELL_MAX;
	buf_init(&o->cells);
	buf_init(&o->line);
	for (fl = r->fields; fl->name != NULL; fl++) {
		if (format == OUT_TABLE && (fl->flags & FF_TABLE) == 0)
			continue;
		if (o->ncols < nitems(o->cols))
			o->cols[o->ncols++] = fl;
	}
	if (format == OUT_TABLE)
		output_what(o->cols, o->ncols);
	if (format == OUT_TSV) {
		for (i = 0; i < o->ncols; i++)
			fprintf(f, "%s%s", i ? "\t" : "", o->cols[i]->name);
		fputc('\n', f);
	}
	if (format == OUT_TABLE) {
		for (i = 0; i < o->ncols; i++)
			o->width[i] = strlen(o->cols[i]->title);
	}
	return (o);
}

/* A column more, by its field's name, in a table that has none of it. */
void
output_add(struct output *o, const char *name)
{
	const struct field	*fl;

	if (o->format != OUT_TABLE || o->ncols == nitems(o->cols) ||
	    (fl = record_field(o->record, name)) == NULL ||
	    (fl->flags & FF_TABLE))
		return;
	o->cols[o->ncols] = fl;
	o->width[o->ncols++] = strlen(fl->title);
}

/* One record as a JSON object. */
void
output_json_record(struct buf *b, const struct record *r, const void *rec,
    const struct model *m)
{
	const struct field	*fl;
	const char		*s;
	char			 tmp[128];

	for (fl = r->fields; fl->name != NULL; fl++) {
		buf_puts(b, fl == r->fields ? "{" : ",");
		output_json_string(b, fl->name);
		buf_putc(b, ':');
		s = field_format_zoned(fl, rec, m, tmp, sizeof tmp);
		if (s == NULL)
			buf_puts(b, "null");
		else if (fl->type == FT_STR || fl->type == FT_NODE ||
		    fl->type == FT_RACK || fl->type == FT_HEX ||
		    fl->type == FT_TIME || (fl->type >= FT_LINK &&
		    fl->type != FT_FABRIC))
			output_json_string(b, s);
		else
			buf_puts(b, s);
	}
	buf_putc(b, '}');
}

void
output_row(struct output *o, const void *rec)
{
	const struct field	*fl;
	const char		*s;
	char			 tmp[64];
	u_int			 i;
	size_t			 start;

	buf_reset(&o->line);
	if (o->format == OUT_JSON) {
		output_json_record(&o->line, o->record, rec, o->model);
		fprintf(o->f, "%s%s", o->nrows++ == 0 ? "[\n" : ",\n",
		    o->line.data);
		return;
	}
	for (i = 0; i < o->ncols; i++) {
		fl = o->cols[i];
		s = field_format(fl, rec, o->model, tmp, sizeof tmp);
		if (o->format == OUT_TSV) {
			if (i > 0)
				buf_putc(&o->line, '\t');
			if (s != NULL)
				output_plain(&o->line, s, SIZE_MAX);
			continue;
		}
		if (s != NULL && (fl->flags & FF_MODEL))
			s = field_model_name(s);
		if (fl->flags & FF_ACCEL)
			s = field_accel(fl, record_node_field(o->record),
			    rec, o->model, tmp, sizeof tmp);
		if (s == NULL && (fl->flags & FF_ERROR))
			s = record_health(o->record, rec, tmp, sizeof tmp);
		start = o->cells.len;
		output_plain(&o->cells, s != NULL ? s : "-", o->cellmax);
		buf_putc(&o->cells, '\0');
		if (o->cells.len - start - 1 > o->width[i])
			o->width[i] = o->cells.len - start - 1;
	}
	if (o->format == OUT_TSV)
		fprintf(o->f, "%s\n", o->line.data != NULL ? o->line.data : "");
	o->nrows++;
}

static void
output_table_line(struct output *o, const char **cell)
{
	u_int	 i;
	int	 right;

	for (i = 0; i < o->ncols; i++) {
		right = (o->cols[i]->flags & FF_RIGHT) != 0;
		if (i + 1 == o->ncols && !right)
			fprintf(o->f, "%s", cell[i]);
		else
			fprintf(o->f, "%*s%s", right ? (int)o->width[i] :
			    -(int)o->width[i], cell[i],
			    i + 1 == o->ncols ? "" : "  ");
	}
	fputc('\n', o->f);
}

void
output_free(struct output *o)
{
	const char	*cell[64];
	const char	*p;
	u_int		 i, r;

	switch (o->format) {
	case OUT_JSON:
		fprintf(o->f, "%s\n", o->nrows == 0 ? "[]" : "\n]");
		break;
	case OUT_TSV:
		break;
	case OUT_TABLE:
		for (i = 0; i < o->ncols; i++)
			cell[i] = o->cols[i]->title;
		output_table_line(o, cell);
		p = o->cells.data;
		for (r = 0; r < o->nrows; r++) {
			for (i = 0; i < o->ncols; i++) {
				cell[i] = p;
				p += strlen(p) + 1;
			}
			output_table_line(o, cell);
		}
		break;
	}
	buf_free(&o->cells);
	buf_free(&o->line);
	free(o);
}
