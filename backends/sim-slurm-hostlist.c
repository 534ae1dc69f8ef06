/*
 * myriad - the simulator's scontrol show hostnames, hostlist and
 * hostlistsorted: any names, not only the cluster's, as Slurm 22.05's
 * hostlist does them.  Names keep their order and their repeats;
 * hostlistsorted sorts them first; folding joins the names next to each
 * other that share a prefix and a width (a3,a1,a2 is a[3,1-2]).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim-slurm.h"

/* A name split as Slurm's hostlist does: a prefix and its last number. */
struct sim_slurm_host {
	char		*prefix;
	unsigned long	 n;
	int		 width;		/* digits; -1 without a number */
};

/* Split name into h. */
static void
sim_slurm_hostlist_split(const char *name, struct sim_slurm_host *h)
{
	size_t	 len = strlen(name), i = len;

	while (i > 0 && isdigit((u_char)name[i - 1]))
		i--;
	h->prefix = xstrndup(name, i);
	h->width = i == len || len - i > 9 ? -1 : (int)(len - i);
	h->n = h->width < 0 ? 0 : strtoul(name + i, NULL, 10);
	if (h->width < 0) {
		free(h->prefix);
		h->prefix = xstrdup(name);
	}
}

/*
 * Expand tok (one name, brackets and all) onto v: its ranges in order,
 * a bracket at a time.  -1 if it is not one the simulator reads.
 */
static int
sim_slurm_hostlist_expand(const char *tok, struct sim_slurm_host **v,
    u_int *n)
{
	const char	*br, *rb, *r, *end;
	char		*name, *range;
	unsigned long	 lo, hi, k;
	int		 width;

	if ((br = strchr(tok, '[')) == NULL) {
		if (strchr(tok, ']') != NULL)
			return (-1);
		*v = xreallocarray(*v, *n + 1, sizeof **v);
		sim_slurm_hostlist_split(tok, &(*v)[(*n)++]);
		return (0);
	}
	if ((rb = strchr(br, ']')) == NULL || rb == br + 1)
		return (-1);
	for (r = br + 1; r < rb; r = end + 1) {
		lo = strtoul(r, (char **)&end, 10);
		if (end == r || !isdigit((u_char)*r))
			return (-1);
		width = (int)(end - r);
		hi = lo;
		if (*end == '-') {
			r = end + 1;
			hi = strtoul(r, (char **)&end, 10);
			if (end == r || !isdigit((u_char)*r) || hi < lo ||
			    hi - lo > 200000)
				return (-1);
		}
		if (*end != ',' && end != rb)
			return (-1);
		for (k = lo; k <= hi; k++) {
			xasprintf(&range, "%0*lu", width, k);
			xasprintf(&name, "%.*s%s%s", (int)(br - tok), tok,
			    range, rb + 1);
			free(range);
			if (sim_slurm_hostlist_expand(name, v, n) != 0) {
				free(name);
				return (-1);
			}
			free(name);
		}
		if (end == rb)
			break;
	}
	return (0);
}

static int
sim_slurm_hostlist_cmp(const void *a0, const void *b0)
{
	const struct sim_slurm_host	*a = a0, *b = b0;
	int				 c;

	if ((c = strcmp(a->prefix, b->prefix)) != 0)
		return (c);
	if (a->width != b->width)
		return (a->width < b->width ? -1 : 1);
	return (a->n < b->n ? -1 : a->n > b->n);
}

/* Fold v as Slurm's hostlist_ranged_string. */
static void
sim_slurm_hostlist_fold(const struct sim_slurm_host *v, u_int n,
    struct buf *out)
{
	u_int	 i, j, k;

	for (i = 0; i < n; i = j) {
		if (i > 0)
			buf_putc(out, ',');
		for (j = i + 1; j < n && v[i].width >= 0 &&
		    v[j].width == v[i].width &&
		    strcmp(v[j].prefix, v[i].prefix) == 0; j++)
			;
		if (v[i].width < 0) {
			buf_puts(out, v[i].prefix);
			continue;
		}
		if (j == i + 1) {
			buf_printf(out, "%s%0*lu", v[i].prefix, v[i].width,
			    v[i].n);
			continue;
		}
		buf_printf(out, "%s[", v[i].prefix);
		for (k = i; k < j; k++) {
			buf_printf(out, "%s%0*lu", k > i ? "," : "",
			    v[k].width, v[k].n);
			if (k + 1 < j && v[k + 1].n == v[k].n + 1) {
				while (k + 1 < j && v[k + 1].n == v[k].n + 1)
					k++;
				buf_printf(out, "-%0*lu", v[k].width, v[k].n);
			}
		}
		buf_putc(out, ']');
	}
	buf_putc(out, '\n');
}

/*
 * scontrol show WHAT LIST, WHAT hostnames, hostlist or hostlistsorted:
 * 0 and the answer in out, or -1 and cause.  Without a list, hostnames
 * reads SLURM_JOB_NODELIST, as scontrol does.
 */
int
sim_slurm_hostlist_show(const char *what, const char *list,
    struct buf *out, char **cause)
{
	struct sim_slurm_host	*v = NULL;
	char			*copy, *p, *tok;
	u_int			 n = 0, i;
	int			 depth, rc = 0;

	if (list == NULL && strcasecmp(what, "hostnames") == 0)
		list = getenv("SLURM_JOB_NODELIST");
	if ((list == NULL || *list == '\0') &&
	    strcasecmp(what, "hostnames") == 0) {
		/* It says so, and succeeds. */
		xasprintf(cause, "scontrol: error: host list is empty");
		return (0);
	}
	if (list == NULL || *list == '\0') {
		xasprintf(cause, "scontrol: error: the simulator folds no "
		    "empty host list");
		return (-1);
	}
	if (*list == '/') {
		xasprintf(cause, "scontrol: error: the simulator reads no "
		    "host list from a file");
		return (-1);
	}
	copy = xstrdup(list);
	for (p = copy; *p != '\0' && rc == 0; ) {
		/* Split on commas outside brackets. */
		tok = p;
		for (depth = 0; *p != '\0' && (*p != ',' || depth > 0); p++)
			depth += *p == '[' ? 1 : *p == ']' ? -1 : 0;
		if (*p == ',')
			*p++ = '\0';
		if (*tok != '\0')
			rc = sim_slurm_hostlist_expand(tok, &v, &n);
	}
	free(copy);
	if (rc != 0)
		xasprintf(cause, "scontrol: error: the simulator does not "
		    "read this host list: %s", list);
	else if (strcasecmp(what, "hostnames") == 0) {
		for (i = 0; i < n; i++) {
			buf_puts(out, v[i].prefix);
			if (v[i].width >= 0)
				buf_printf(out, "%0*lu", v[i].width, v[i].n);
			buf_putc(out, '\n');
		}
	} else {
		if (strcasecmp(what, "hostlistsorted") == 0)
			qsort(v, n, sizeof *v, sim_slurm_hostlist_cmp);
		sim_slurm_hostlist_fold(v, n, out);
	}
	for (i = 0; i < n; i++)
		free(v[i].prefix);
	free(v);
	return (rc);
}
