/*
 * myriad - record filters: -w 'temp>85,util<10', state=drained, name~gpu00.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A filter is a list of comparisons that must all hold, separated by ','
 * or '&&'.  A field that is unknown in a record never matches.  A node
 * (node=gpu[0001-0004], node!=gpu0007) is a node set of the cluster's
 * nodes once filter_nodes() has seen it: a name it does not have is an
 * error, never a filter that matches nothing; so is a word that is none
 * of a field's (vendor=bogus, state=upp on links), or a word where a
 * number is (chip=x).
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

enum filter_op {
	FOP_EQ,
	FOP_NE,
	FOP_LT,
	FOP_LE,
	FOP_GT,
	FOP_GE,
	FOP_SUB,		/* substring */
};

static const struct {
	const char	*text;
	enum filter_op	 op;
} filter_ops[] = {		/* longest first */
	{ ">=", FOP_GE }, { "<=", FOP_LE }, { "!=", FOP_NE },
	{ "==", FOP_EQ }, { "=", FOP_EQ }, { ">", FOP_GT }, { "<", FOP_LT },
	{ "~", FOP_SUB },
};

struct filter_term {
	const struct field	*field;
	enum filter_op		 op;
	char			*value;
	double			 number;
	int			 numeric;
	uint8_t			*mask;		/* a node set's */
};

struct filter {
	struct filter_term	*terms;
	u_int			 nterms;
};

/* Whether a field is a count or a measure, compared as a number only. */
static int
filter_counted(const struct field *f)
{
	switch (f->type) {
	case FT_INT:
	case FT_I16:
	case FT_LONG:
	case FT_U8:
	case FT_U32:
	case FT_U64:
	case FT_FLOAT:
		return (1);
	default:
		return (0);
	}
}

static int
filter_term(struct filter *fl, const struct record *r, const char *s,
    size_t len, char **cause)
{
	struct filter_term	*t;
	char			 key[64], *end, *names;
	size_t			 i, k, oplen = 0;
	enum filter_op		 op = FOP_EQ;

	len = strnlen(s, len);
	while (len > 0 && isspace((u_char)s[len - 1]))
		len--;
	for (k = 0; k < len; k++) {
		for (i = 0; i < nitems(filter_ops); i++) {
			oplen = strlen(filter_ops[i].text);
			if (strncmp(s + k, filter_ops[i].text, oplen) == 0) {
				op = filter_ops[i].op;
				break;
			}
		}
		if (i < nitems(filter_ops))
			break;
	}
	while (k > 0 && isspace((u_char)s[k - 1]))
		k--;
	if (k == len || k == 0 || k >= sizeof key) {
		xasprintf(cause, "bad filter '%.*s': want FIELD OP VALUE, "
		    "OP one of = != < <= > >= ~", (int)len, s);
		return (-1);
	}
	memcpy(key, s, k);
	key[k] = '\0';
	fl->terms = xreallocarray(fl->terms, fl->nterms + 1, sizeof *t);
	t = &fl->terms[fl->nterms];
	t->mask = NULL;
	if ((t->field = record_field(r, key)) == NULL) {
		xasprintf(cause, "bad filter: no field '%s' in %s records",
		    key, r->name);
		return (-1);
	}
	while (k < len && isspace((u_char)s[k]))
		k++;
	k += oplen;
	while (k < len && isspace((u_char)s[k]))
		k++;
	t->op = op;
	t->value = xstrndup(s + k, len - k);
	t->number = strtod(t->value, &end);
	t->numeric = end != t->value && *end == '\0';
	if (!t->numeric && op != FOP_EQ && op != FOP_NE && op != FOP_SUB) {
		xasprintf(cause, "bad filter: '%s' is not a number",
		    t->value);
		free(t->value);
		return (-1);
	}
	/*
	 * A word where a count is, or that no record can hold (none, of an
	 * enum: vendor=): a mistake.
	 */
	names = NULL;
	if (!t->numeric && op != FOP_SUB && strcmp(t->value, "null") != 0 &&
	    ((*t->value != '\0' && filter_counted(t->field)) ||
	    field_enum_find(t->field->type, t->value, &names) == 0)) {
		if (names == NULL)
			xasprintf(cause, "bad filter: %s '%s' is not a "
			    "number", key, t->value);
		else
			xasprintf(cause, "bad filter: %s '%s' is not one of "
			    "%s", key, t->value, names);
		free(names);
		free(t->value);
		return (-1);
	}
	fl->nterms++;
	return (0);
}

struct filter *
filter_create(const struct record *r, const char *expr, char **cause)
{
	struct filter	*fl;
	const char	*p = expr, *sep;
	size_t		 n;
	int		 depth;

	fl = xcalloc(1, sizeof *fl);
	while (*p != '\0') {
		/* A comma inside brackets is a node set's: gpu[0001,0003]. */
		for (sep = p, depth = 0; *sep != '\0'; sep++) {
			depth += (*sep == '[') - (*sep == ']');
			if ((*sep == '&' || *sep == ',') && depth <= 0)
				break;
		}
		n = sep - p;
		while (n > 0 && isspace((u_char)*p)) {
			p++;
			n--;
		}
		if (n > 0 && filter_term(fl, r, p, n, cause) != 0) {
			filter_free(fl);
			return (NULL);
		}
		p = sep;
		while (*p == ',' || *p == '&')
			p++;
	}
	return (fl);
}

void
filter_free(struct filter *fl)
{
	u_int	 i;

	if (fl == NULL)
		return;
	for (i = 0; i < fl->nterms; i++) {
		free(fl->terms[i].value);
		free(fl->terms[i].mask);
	}
	free(fl->terms);
	free(fl);
}

/*
 * Read the filter's nodes (node= and node!=) as node sets of model m's
 * nodes.  The names it does not have, folded, in *unknown, and -1.
 */
int
filter_nodes(struct filter *fl, const struct model *m, char **unknown)
{
	struct filter_term	*t;
	char			*cause;
	u_int			 i;

	for (i = 0; fl != NULL && i < fl->nterms; i++) {
		t = &fl->terms[i];
		if (strcmp(t->field->name, "node") != 0 ||
		    (t->op != FOP_EQ && t->op != FOP_NE) ||
		    *t->value == '\0' || strcmp(t->value, "null") == 0)
			continue;
		if ((*unknown = model_unknown(m, t->value)) != NULL)
			return (-1);
		free(t->mask);
		if (model_select(m, t->value, &t->mask, &cause) != 0)
			free(cause);	/* no node set: the text, then */
	}
	return (0);
}

/* Narrow MASK, a byte for each of n nodes, to those its node sets pass. */
void
filter_narrow(const struct filter *fl, uint8_t *mask, u_int n)
{
	const struct filter_term	*t;
	u_int				 i, k;

	for (i = 0; fl != NULL && i < fl->nterms; i++) {
		t = &fl->terms[i];
		for (k = 0; t->mask != NULL && k < n; k++) {
			if (!t->mask[k] != (t->op == FOP_NE))
				mask[k] = 0;
		}
	}
}

static int
filter_compare(enum filter_op op, int c)
{
	switch (op) {
	case FOP_EQ:
		return (c == 0);
	case FOP_NE:
		return (c != 0);
	case FOP_LT:
		return (c < 0);
	case FOP_LE:
		return (c <= 0);
	case FOP_GT:
		return (c > 0);
	case FOP_GE:
		return (c >= 0);
	case FOP_SUB:
		break;
	}
	return (0);
}

int
filter_match(const struct filter *fl, const void *rec, const struct model *m)
{
	const struct filter_term	*t;
	const char			*s;
	char				 tmp[64];
	double				 v;
	u_int				 i;
	int				 c;

	if (fl == NULL)
		return (1);
	for (i = 0; i < fl->nterms; i++) {
		t = &fl->terms[i];
		if (t->mask != NULL) {
			s = field_format(t->field, rec, m, tmp, sizeof tmp);
			c = s != NULL ? model_find(m, s) : -1;
			if (c < 0 || !t->mask[c] != (t->op == FOP_NE))
				return (0);
			continue;
		}
		if (t->numeric && field_number(t->field, rec, &v) == 0) {
			c = (v > t->number) - (v < t->number);
			if (t->op == FOP_SUB || !filter_compare(t->op, c))
				return (0);
			continue;
		}
		s = field_format(t->field, rec, m, tmp, sizeof tmp);
		if (s == NULL) {
			if (strcmp(t->value, "null") != 0 || t->op != FOP_EQ)
				return (0);
			continue;
		}
		/* Words as grep -i: 910b is 910B3's, alarm Alarm. */
		if (t->op == FOP_SUB) {
			if (strcasestr(s, t->value) == NULL)
				return (0);
		} else if (!filter_compare(t->op, t->op == FOP_EQ ||
		    t->op == FOP_NE ? strcasecmp(s, t->value) :
		    strcmp(s, t->value)))
			return (0);
	}
	return (1);
}
