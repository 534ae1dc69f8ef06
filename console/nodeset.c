/*
 * myriad - node sets in ClusterShell/Slurm syntax.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A name is split into a pattern, its text with each digit run written
 * "%s" (and '%' written "%%", as ClusterShell does), and one key per digit
 * run: the run's value shifted left five bits, or'd with its width in
 * digits, so keys sort by value and then by padding.  Each pattern owns one
 * array of rows (ndim keys a row) kept sorted and unique: a name that sorts
 * after the last one is appended, anything else marks the pattern unsorted
 * and it is sorted once, the next time the set is read.  Pattern texts live
 * in an arena; there is no allocation per name.
 *
 * Folding follows ClusterShell's nodeset -f: patterns in the order of their
 * text, ranges of one dimension in ClusterShell's order (width, then value)
 * and padding rules, and several varying dimensions folded by grouping the
 * prefixes that share the same set on the last dimension, recursively.
 */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

#define NS_LIMIT	10000000	/* names one expression may make */
#define NS_MAXDIGITS	17		/* longer digit runs are plain text */
#define NS_MAXDIM	32		/* later digit runs are plain text */
#define NS_WBITS	5
#define NS_KEY(v, w)	((uint64_t)(v) << NS_WBITS | (uint64_t)(w))
#define NS_VAL(k)	((k) >> NS_WBITS)
#define NS_WID(k)	((u_int)((k) & ((1U << NS_WBITS) - 1)))
#define NS_WMSHIFT	57		/* width-major keys: ClusterShell order */
#define NS_WMVAL(k)	((k) & ((1ULL << NS_WMSHIFT) - 1))
#define NS_WMWID(k)	((u_int)((k) >> NS_WMSHIFT))
#define NS_CHUNK	65536
#define NS_SHOW		72		/* expression shown in an error */

struct ns_pat {
	const char	*text;		/* in the arena, NUL-terminated */
	size_t		 textlen;
	u_int		 ndim;
	int		 sorted;
	uint64_t	*rows;		/* n rows of ndim keys */
	size_t		 n;
	size_t		 cap;
};

struct ns_chunk {
	struct ns_chunk	*next;
	size_t		 used;
	size_t		 size;
	char		 data[];
};

struct nodeset {
	struct ns_pat	*pats;
	size_t		 npats;
	size_t		 patcap;
	size_t		*hash;		/* pattern index + 1; 0 is free */
	size_t		 hashcap;
	struct ns_chunk	*arena;
	size_t		 count;
	int		 unsorted;	/* some pattern is unsorted */
	int		 neworder;	/* patterns were added */
	int		 stale;		/* base[] is out of date */
	size_t		*order;		/* pattern indexes by text */
	size_t		*base;		/* names before order[i] */
	size_t		 ordercap;
	size_t		 last;		/* pattern of the last add */
	size_t		 cursor;	/* order position of the last name */
	char		*scan;		/* pattern of the name being added */
	size_t		 scansize;
	size_t		 scanlen;
	uint64_t	 keys[NS_MAXDIM];
	char		*name;		/* nodeset_name's answer */
	size_t		 namesize;
};

/* One bracket range: lo-hi/step, numbers printed at least pad wide. */
struct ns_range {
	uint64_t	 lo;
	uint64_t	 hi;
	uint64_t	 step;
	u_int		 pad;
};

/* A piece of an operand: plain text, or a bracket group of ranges. */
struct nodeset_piece {
	size_t		 off;		/* text: where, in the expression */
	size_t		 len;
	size_t		 first;		/* group: ranges first..first+n */
	size_t		 nranges;
	int		 group;
	size_t		 r;		/* while expanding: range, value */
	uint64_t	 v;
};

struct ns_parser {
	const char	*s;
	size_t		 len;
	size_t		 pos;
	char		**cause;
	struct ns_range	*ranges;
	size_t		 nranges;
	size_t		 rangecap;
	struct nodeset_piece	*pieces;
	size_t		 npieces;
	size_t		 piececap;
	size_t		 total;
	char		*name;
	size_t		 namesize;
};

/* A range set while folding: n keys at off in the pool. */
struct ns_rs {
	size_t		 off;
	size_t		 n;
};

struct ns_fold {
	u_int		 nd;
	uint64_t	*pool;
	size_t		 npool;
	size_t		 poolcap;
	struct ns_rs	*vecs;		/* nvecs vectors of nd range sets */
	size_t		 nvecs;
	size_t		 veccap;
	uint64_t	*tmp;		/* width-major keys of one range set */
	size_t		 tmpcap;
};

struct ns_vsort {
	const struct ns_fold *f;
	size_t		 vec;
	size_t		 prod;
	uint64_t	 ends[2 * NS_MAXDIM];	/* first, last, width-major */
};

enum {
	NS_AONLY = 1,
	NS_BONLY = 2,
	NS_BOTH = 4
};

static const char ns_ops[] = ",!&^";

static int
nodeset_isdigit(int c)
{
	return (c >= '0' && c <= '9');
}

static int
nodeset_isspace(int c)
{
	return (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\f' || c == '\v');
}

static int
nodeset_isop(int c)
{
	return (c != '\0' && strchr(ns_ops, c) != NULL);
}

/* A byte that may be part of a name. */
static int
nodeset_isname(int c)
{
	u_char	 uc = c;

	if (uc < 0x20 || uc == 0x7f || nodeset_isspace(uc) || nodeset_isop(uc))
		return (0);
	return (uc != '[' && uc != ']');
}

static u_int
nodeset_ndigits(uint64_t v)
{
	u_int	 n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return (n);
}

/* Print v at least w digits wide; return the length. */
static size_t
nodeset_putnum(char *out, uint64_t v, u_int w)
{
	char	 tmp[32];
	size_t	 n = 0, i;

	do {
		tmp[n++] = '0' + v % 10;
		v /= 10;
	} while (v != 0);
	while (n < w && n < sizeof tmp)
		tmp[n++] = '0';
	for (i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return (n);
}

static uint64_t
nodeset_hashbytes(const void *p, size_t len, uint64_t h)
{
	const u_char	*s = p;
	size_t		 i;

	for (i = 0; i < len; i++) {
		h ^= s[i];
		h *= 1099511628211ULL;
	}
	return (h);
}

static int
nodeset_rowcmp(const uint64_t *a, const uint64_t *b, u_int nd)
{
	u_int	 i;

	for (i = 0; i < nd; i++) {
		if (a[i] != b[i])
			return (a[i] < b[i] ? -1 : 1);
	}
	return (0);
}

/*
 * Sort n rows of nd keys: a stable radix sort on each column from the last,
 * a byte at a time, skipping the bytes that do not vary.
 */
static void
nodeset_sort(uint64_t *rows, size_t n, u_int nd)
{
	uint64_t	*tmp, *src, *dst, *t, or, and, diff;
	size_t		 cnt[256], i, sum, c;
	u_int		 col, shift;

	if (n < 2 || nd == 0)
		return;
	tmp = xreallocarray(NULL, n, nd * sizeof *rows);
	src = rows;
	dst = tmp;
	for (col = nd; col-- > 0;) {
		or = 0;
		and = ~0ULL;
		for (i = 0; i < n; i++) {
			or |= src[i * nd + col];
			and &= src[i * nd + col];
		}
		diff = or ^ and;
		for (shift = 0; shift < 64; shift += 8) {
			if (((diff >> shift) & 0xff) == 0)
				continue;
			memset(cnt, 0, sizeof cnt);
			for (i = 0; i < n; i++)
				cnt[(src[i * nd + col] >> shift) & 0xff]++;
			sum = 0;
			for (i = 0; i < 256; i++) {
				c = cnt[i];
				cnt[i] = sum;
				sum += c;
			}
			for (i = 0; i < n; i++) {
				c = cnt[(src[i * nd + col] >> shift) & 0xff]++;
				memcpy(&dst[c * nd], &src[i * nd],
				    nd * sizeof *rows);
			}
			t = src;
			src = dst;
			dst = t;
		}
	}
	if (src != rows)
		memcpy(rows, src, n * nd * sizeof *rows);
	free(tmp);
}

static const char *
nodeset_intern(struct nodeset *ns, const char *s, size_t len)
{
	struct ns_chunk	*c = ns->arena;
	char		*p;
	size_t		 size;

	if (c == NULL || c->size - c->used < len + 1) {
		size = len + 1 > NS_CHUNK ? len + 1 : NS_CHUNK;
		c = xmalloc(sizeof *c + size);
		c->next = ns->arena;
		c->used = 0;
		c->size = size;
		ns->arena = c;
	}
	p = c->data + c->used;
	memcpy(p, s, len);
	p[len] = '\0';
	c->used += len + 1;
	return (p);
}

static void
nodeset_rehash(struct nodeset *ns, size_t cap)
{
	struct ns_pat	*p;
	size_t		 i, j, mask = cap - 1;

	free(ns->hash);
	ns->hash = xcalloc(cap, sizeof *ns->hash);
	ns->hashcap = cap;
	for (i = 0; i < ns->npats; i++) {
		p = &ns->pats[i];
		j = nodeset_hashbytes(p->text, p->textlen,
		    14695981039346656037ULL) &
		    mask;
		while (ns->hash[j] != 0)
			j = (j + 1) & mask;
		ns->hash[j] = i + 1;
	}
}

/* The index of a pattern, added if create is set; SIZE_MAX if absent. */
static size_t
nodeset_lookup(struct nodeset *ns, const char *text, size_t len, u_int nd,
    int create)
{
	struct ns_pat	*p;
	size_t		 i, idx, mask;

	if (ns->last < ns->npats) {
		p = &ns->pats[ns->last];
		if (p->textlen == len && memcmp(p->text, text, len) == 0)
			return (ns->last);
	}
	mask = ns->hashcap - 1;
	i = nodeset_hashbytes(text, len, 14695981039346656037ULL) & mask;
	while ((idx = ns->hash[i]) != 0) {
		p = &ns->pats[idx - 1];
		if (p->textlen == len && memcmp(p->text, text, len) == 0)
			return (ns->last = idx - 1);
		i = (i + 1) & mask;
	}
	if (!create)
		return (SIZE_MAX);

	if (ns->npats == ns->patcap) {
		ns->patcap = ns->patcap == 0 ? 16 : ns->patcap * 2;
		ns->pats = xreallocarray(ns->pats, ns->patcap,
		    sizeof *ns->pats);
	}
	idx = ns->npats++;
	p = &ns->pats[idx];
	memset(p, 0, sizeof *p);
	p->text = nodeset_intern(ns, text, len);
	p->textlen = len;
	p->ndim = nd;
	p->sorted = 1;
	if (ns->npats * 2 > ns->hashcap)
		nodeset_rehash(ns, ns->hashcap * 2);
	else
		ns->hash[i] = idx + 1;
	ns->neworder = 1;
	return (ns->last = idx);
}

/*
 * Split a name into ns->scan (the pattern) and ns->keys; return the number
 * of dimensions, or -1 for an empty name.
 */
static int
nodeset_scan(struct nodeset *ns, const char *name, size_t len)
{
	size_t		 i, j, k, o = 0;
	u_int		 nd = 0;
	uint64_t	 v;

	if (len == 0)
		return (-1);
	if (ns->scansize < 2 * len + 1) {
		ns->scansize = 2 * len + 64;
		ns->scan = xreallocarray(ns->scan, 1, ns->scansize);
	}
	for (i = 0; i < len; i = j) {
		if (!nodeset_isdigit((u_char)name[i])) {
			if (name[i] == '%')
				ns->scan[o++] = '%';
			ns->scan[o++] = name[i];
			j = i + 1;
			continue;
		}
		for (j = i; j < len && nodeset_isdigit((u_char)name[j]); j++)
			/* nothing */;
		if (j - i > NS_MAXDIGITS || nd == NS_MAXDIM) {
			memcpy(ns->scan + o, name + i, j - i);
			o += j - i;
			continue;
		}
		v = 0;
		for (k = i; k < j; k++)
			v = v * 10 + (name[k] - '0');
		ns->keys[nd++] = NS_KEY(v, j - i);
		ns->scan[o++] = '%';
		ns->scan[o++] = 's';
	}
	ns->scan[o] = '\0';
	ns->scanlen = o;
	return (nd);
}

static void
nodeset_append(struct nodeset *ns, size_t pi, const uint64_t *keys)
{
	struct ns_pat	*p = &ns->pats[pi];
	u_int		 nd = p->ndim;
	int		 c;

	if (nd == 0) {
		if (p->n == 0) {
			p->n = 1;
			ns->count++;
			ns->stale = 1;
		}
		return;
	}
	if (p->n > 0) {
		c = nodeset_rowcmp(&p->rows[(p->n - 1) * nd], keys, nd);
		if (c == 0)
			return;
		if (c > 0) {
			p->sorted = 0;
			ns->unsorted = 1;
		}
	}
	if (p->n == p->cap) {
		p->cap = p->cap == 0 ? 16 : p->cap * 2;
		p->rows = xreallocarray(p->rows, p->cap, nd * sizeof *p->rows);
	}
	memcpy(&p->rows[p->n * nd], keys, nd * sizeof *keys);
	p->n++;
	ns->count++;
	ns->stale = 1;
}

/* Add one name of len bytes, without checking its characters. */
static int
nodeset_addname(struct nodeset *ns, const char *name, size_t len)
{
	int	 nd;
	size_t	 pi;

	if ((nd = nodeset_scan(ns, name, len)) < 0)
		return (-1);
	pi = nodeset_lookup(ns, ns->scan, ns->scanlen, nd, 1);
	nodeset_append(ns, pi, ns->keys);
	return (0);
}

static void
nodeset_sortpat(struct nodeset *ns, struct ns_pat *p)
{
	size_t	 i, o;
	u_int	 nd = p->ndim;

	if (p->sorted)
		return;
	nodeset_sort(p->rows, p->n, nd);
	o = 1;
	for (i = 1; i < p->n; i++) {
		if (nodeset_rowcmp(&p->rows[(o - 1) * nd], &p->rows[i * nd],
		    nd) == 0)
			continue;
		if (o != i)
			memcpy(&p->rows[o * nd], &p->rows[i * nd],
			    nd * sizeof *p->rows);
		o++;
	}
	ns->count -= p->n - o;
	p->n = o;
	p->sorted = 1;
	ns->stale = 1;
}

static void
nodeset_sortall(struct nodeset *ns)
{
	size_t	 i;

	if (!ns->unsorted)
		return;
	for (i = 0; i < ns->npats; i++)
		nodeset_sortpat(ns, &ns->pats[i]);
	ns->unsorted = 0;
}

static int
nodeset_patcmp(const void *a, const void *b)
{
	const struct ns_pat	*pa = *(const struct ns_pat * const *)a;
	const struct ns_pat	*pb = *(const struct ns_pat * const *)b;

	return (strcmp(pa->text, pb->text));
}

/*
 * Bring a set up to date before reading it: sort what was added out of
 * order, order the patterns, count the names before each.  The set is
 * logically unchanged, hence the const.
 */
static struct nodeset *
nodeset_settle(const struct nodeset *cns)
{
	struct nodeset	 *ns = (struct nodeset *)cns;
	struct ns_pat	**tmp;
	size_t		  i, sum;

	nodeset_sortall(ns);
	if (ns->neworder) {
		if (ns->ordercap < ns->npats) {
			ns->ordercap = ns->npats;
			ns->order = xreallocarray(ns->order, ns->ordercap,
			    sizeof *ns->order);
			ns->base = xreallocarray(ns->base, ns->ordercap + 1,
			    sizeof *ns->base);
		}
		tmp = xreallocarray(NULL, ns->npats, sizeof *tmp);
		for (i = 0; i < ns->npats; i++)
			tmp[i] = &ns->pats[i];
		qsort(tmp, ns->npats, sizeof *tmp, nodeset_patcmp);
		for (i = 0; i < ns->npats; i++)
			ns->order[i] = tmp[i] - ns->pats;
		free(tmp);
		ns->neworder = 0;
		ns->stale = 1;
	}
	if (ns->stale) {
		sum = 0;
		for (i = 0; i < ns->npats; i++) {
			ns->base[i] = sum;
			sum += ns->pats[ns->order[i]].n;
		}
		if (ns->base != NULL)
			ns->base[ns->npats] = sum;
		ns->count = sum;
		ns->stale = 0;
	}
	return (ns);
}

struct nodeset *
nodeset_create(void)
{
	struct nodeset	*ns;

	ns = xcalloc(1, sizeof *ns);
	ns->hashcap = 16;
	ns->hash = xcalloc(ns->hashcap, sizeof *ns->hash);
	return (ns);
}

void
nodeset_clear(struct nodeset *ns)
{
	struct ns_chunk	*c, *next;
	size_t		 i;

	for (i = 0; i < ns->npats; i++)
		free(ns->pats[i].rows);
	ns->npats = 0;
	for (c = ns->arena; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	ns->arena = NULL;
	memset(ns->hash, 0, ns->hashcap * sizeof *ns->hash);
	ns->count = 0;
	ns->unsorted = ns->neworder = ns->stale = 0;
	ns->last = ns->cursor = 0;
}

void
nodeset_free(struct nodeset *ns)
{
	if (ns == NULL)
		return;
	nodeset_clear(ns);
	free(ns->pats);
	free(ns->hash);
	free(ns->order);
	free(ns->base);
	free(ns->scan);
	free(ns->name);
	free(ns);
}

int
nodeset_add(struct nodeset *ns, const char *name)
{
	size_t	 i, len;

	if (name == NULL || (len = strlen(name)) == 0)
		return (-1);
	for (i = 0; i < len; i++) {
		if (!nodeset_isname((u_char)name[i]))
			return (-1);
	}
	return (nodeset_addname(ns, name, len));
}

int
nodeset_contains(const struct nodeset *cns, const char *name)
{
	struct nodeset	*ns = (struct nodeset *)cns;
	struct ns_pat	*p;
	size_t		 pi, lo, hi, mid;
	int		 nd, c;

	if (name == NULL || (nd = nodeset_scan(ns, name, strlen(name))) < 0)
		return (0);
	pi = nodeset_lookup(ns, ns->scan, ns->scanlen, nd, 0);
	if (pi == SIZE_MAX)
		return (0);
	p = &ns->pats[pi];
	if (nd == 0)
		return (p->n != 0);
	nodeset_sortpat(ns, p);
	lo = 0;
	hi = p->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		c = nodeset_rowcmp(&p->rows[mid * nd], ns->keys, nd);
		if (c == 0)
			return (1);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (0);
}

size_t
nodeset_count(const struct nodeset *cns)
{
	struct nodeset	*ns = (struct nodeset *)cns;

	nodeset_sortall(ns);
	return (ns->count);
}

/* Write a pattern with its keys; out has room for textlen + 17 a key. */
static size_t
nodeset_format(char *out, const struct ns_pat *p, const uint64_t *keys)
{
	const char	*t = p->text;
	size_t		 o = 0, i;
	u_int		 k = 0;

	for (i = 0; i < p->textlen; i++) {
		if (t[i] != '%') {
			out[o++] = t[i];
			continue;
		}
		i++;
		if (t[i] == '%')
			out[o++] = '%';
		else {
			o += nodeset_putnum(out + o, NS_VAL(keys[k]),
			    NS_WID(keys[k]));
			k++;
		}
	}
	out[o] = '\0';
	return (o);
}

const char *
nodeset_name(const struct nodeset *cns, size_t idx)
{
	struct nodeset	*ns = nodeset_settle(cns);
	struct ns_pat	*p;
	size_t		 k, lo, hi, need;

	if (idx >= ns->count)
		return (NULL);
	k = ns->cursor;
	if (k >= ns->npats || idx < ns->base[k] || idx >= ns->base[k + 1]) {
		if (k + 1 < ns->npats && idx >= ns->base[k + 1] &&
		    idx < ns->base[k + 2])
			k++;
		else {
			/* The last k with base[k] <= idx and a name. */
			lo = 0;
			hi = ns->npats;
			while (hi - lo > 1) {
				k = lo + (hi - lo) / 2;
				if (ns->base[k] <= idx)
					lo = k;
				else
					hi = k;
			}
			k = lo;
			while (ns->base[k + 1] <= idx)
				k++;
		}
	}
	ns->cursor = k;
	p = &ns->pats[ns->order[k]];
	need = p->textlen + (size_t)p->ndim * NS_MAXDIGITS + 1;
	if (ns->namesize < need) {
		ns->namesize = need + 64;
		ns->name = xreallocarray(ns->name, 1, ns->namesize);
	}
	nodeset_format(ns->name, p, p->ndim == 0 ? NULL :
	    &p->rows[(idx - ns->base[k]) * p->ndim]);
	return (ns->name);
}

/*
 * Set operations on one pattern: keep the rows in a only, in b only, in
 * both, as mode says.  Both are sorted and unique.
 */
static void
nodeset_merge(struct ns_pat *a, const uint64_t *b, size_t nb, int mode)
{
	uint64_t	*out;
	size_t		 i = 0, j = 0, o = 0;
	u_int		 nd = a->ndim;
	size_t		 rs = nd * sizeof *b;
	int		 c;

	if (nd == 0) {
		c = a->n != 0 && nb != 0 ? NS_BOTH :
		    a->n != 0 ? NS_AONLY : nb != 0 ? NS_BONLY : 0;
		a->n = (c & mode) != 0;
		return;
	}
	out = xreallocarray(NULL, a->n + nb + 1, rs);
	while (i < a->n || j < nb) {
		if (i == a->n)
			c = 1;
		else if (j == nb)
			c = -1;
		else
			c = nodeset_rowcmp(&a->rows[i * nd], &b[j * nd], nd);
		if (c < 0) {
			if (mode & NS_AONLY)
				memcpy(&out[o++ * nd], &a->rows[i * nd], rs);
			i++;
		} else if (c > 0) {
			if (mode & NS_BONLY)
				memcpy(&out[o++ * nd], &b[j * nd], rs);
			j++;
		} else {
			if (mode & NS_BOTH)
				memcpy(&out[o++ * nd], &a->rows[i * nd], rs);
			i++;
			j++;
		}
	}
	free(a->rows);
	a->rows = out;
	a->cap = a->n + nb + 1;
	a->n = o;
}

/* a = a op b, for the operators other than union. */
static void
nodeset_combine(struct nodeset *a, struct nodeset *b, int op)
{
	struct ns_pat	*pa, *pb;
	size_t		 i, pi;

	nodeset_sortall(a);
	nodeset_sortall(b);
	if (op == '&') {
		for (i = 0; i < a->npats; i++) {
			pa = &a->pats[i];
			pi = nodeset_lookup(b, pa->text, pa->textlen, pa->ndim,
			    0);
			if (pi == SIZE_MAX)
				pa->n = 0;
			else {
				pb = &b->pats[pi];
				nodeset_merge(pa, pb->rows, pb->n, NS_BOTH);
			}
		}
	} else {
		for (i = 0; i < b->npats; i++) {
			pb = &b->pats[i];
			if (pb->n == 0)
				continue;
			pi = nodeset_lookup(a, pb->text, pb->textlen, pb->ndim,
			    op == '^');
			if (pi == SIZE_MAX)
				continue;
			nodeset_merge(&a->pats[pi], pb->rows, pb->n, op == '^' ?
			    NS_AONLY|NS_BONLY : NS_AONLY);
		}
	}
	a->count = 0;
	for (i = 0; i < a->npats; i++)
		a->count += a->pats[i].n;
	a->stale = 1;
}

/* dst = dst | src. */
static void
nodeset_union(struct nodeset *dst, struct nodeset *src)
{
	struct ns_pat	*p;
	size_t		 i, j, pi;

	for (i = 0; i < src->npats; i++) {
		p = &src->pats[i];
		if (p->n == 0)
			continue;
		pi = nodeset_lookup(dst, p->text, p->textlen, p->ndim, 1);
		if (p->ndim == 0) {
			nodeset_append(dst, pi, NULL);
			continue;
		}
		for (j = 0; j < p->n; j++)
			nodeset_append(dst, pi, &p->rows[j * p->ndim]);
	}
}

/* Parsing. */

static int printflike(3, 4)
nodeset_error(struct ns_parser *ps, size_t at, const char *fmt, ...)
{
	va_list	 ap;
	char	*msg, show[NS_SHOW + 8];
	size_t	 from, to, i, o = 0, caret;

	if (ps->cause == NULL)
		return (-1);
	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);

	from = 0;
	if (at > NS_SHOW / 2 && ps->len > NS_SHOW)
		from = at - NS_SHOW / 2;
	to = from + NS_SHOW;
	if (to > ps->len)
		to = ps->len;
	if (from > 0) {
		memcpy(show, "...", 3);
		o = 3;
	}
	caret = o + (at - from);
	for (i = from; i < to; i++) {
		u_char	 c = ps->s[i];

		show[o++] = (c < 0x20 || c >= 0x7f) ? '?' : c;
	}
	if (to < ps->len) {
		memcpy(show + o, "...", 3);
		o += 3;
	}
	show[o] = '\0';
	xasprintf(ps->cause, "nodeset: %s at column %zu\n  %s\n  %*s^", msg,
	    at + 1, show, (int)caret, "");
	free(msg);
	return (-1);
}

static int
nodeset_badchar(struct ns_parser *ps, size_t at, const char *where)
{
	u_char	 c = ps->s[at];

	if (c < 0x20 || c >= 0x7f) {
		return (nodeset_error(ps, at, "bad character 0x%02x%s", c,
		    where));
	}
	return (nodeset_error(ps, at, "bad character '%c'%s", c, where));
}

static void
nodeset_skipspace(struct ns_parser *ps, size_t end)
{
	while (ps->pos < end && nodeset_isspace((u_char)ps->s[ps->pos]))
		ps->pos++;
}

/* A run of digits: its value and length; -1 if there is none. */
static int
nodeset_number(struct ns_parser *ps, size_t end, uint64_t *v, size_t *width)
{
	size_t	 start = ps->pos;
	u_char	 c;

	*v = 0;
	while (ps->pos < end && nodeset_isdigit((c = ps->s[ps->pos]))) {
		if (ps->pos - start == NS_MAXDIGITS)
			return (nodeset_error(ps, start, "number too large"));
		*v = *v * 10 + (c - '0');
		ps->pos++;
	}
	*width = ps->pos - start;
	if (*width == 0) {
		if (ps->pos == end || ps->s[ps->pos] == ',')
			return (nodeset_error(ps, ps->pos, "missing number"));
		return (nodeset_badchar(ps, ps->pos, " in range"));
	}
	return (0);
}

/* How many names a range makes. */
static uint64_t
nodeset_rangecount(const struct ns_range *r)
{
	return ((r->hi - r->lo) / r->step + 1);
}

/* The inside of [ ], from ps->pos to end; the ranges are appended. */
static int
nodeset_brackets(struct ns_parser *ps, size_t end, uint64_t *count)
{
	struct ns_range	 r;
	uint64_t	 v;
	size_t		 start, hipos, w, lw, hw;
	int		 lpad, hpad;

	*count = 0;
	for (;;) {
		nodeset_skipspace(ps, end);
		if (ps->pos == end || ps->s[ps->pos] == ',')
			return (nodeset_error(ps, ps->pos, "empty range"));
		start = ps->pos;
		if (nodeset_number(ps, end, &r.lo, &lw) != 0)
			return (-1);
		lpad = lw > 1 && ps->s[start] == '0';
		r.hi = r.lo;
		r.step = 1;
		r.pad = lpad ? lw : 0;
		nodeset_skipspace(ps, end);
		if (ps->pos < end && ps->s[ps->pos] == '-') {
			ps->pos++;
			nodeset_skipspace(ps, end);
			hipos = ps->pos;
			if (nodeset_number(ps, end, &r.hi, &hw) != 0)
				return (-1);
			hpad = hw > 1 && ps->s[hipos] == '0';
			if (lpad && hpad && lw != hw) {
				return (nodeset_error(ps, hipos,
				    "padding mismatch "
				    "in range '%.*s'", (int)(ps->pos - start),
				    ps->s + start));
			}
			if (hpad)
				r.pad = hw;
			if (r.lo > r.hi) {
				return (nodeset_error(ps, start,
				    "reversed range "
				    "'%.*s'", (int)(ps->pos - start),
				    ps->s + start));
			}
			nodeset_skipspace(ps, end);
			if (ps->pos < end && ps->s[ps->pos] == '/') {
				ps->pos++;
				nodeset_skipspace(ps, end);
				hipos = ps->pos;
				v = 0;
				for (w = 0; ps->pos < end &&
				    w < NS_MAXDIGITS &&
				    nodeset_isdigit((u_char)ps->s[ps->pos]);
				    w++)
					v = v * 10 + (ps->s[ps->pos++] - '0');
				if (w == 0 || v == 0 || (ps->pos < end &&
				    nodeset_isdigit((u_char)ps->s[ps->pos])))
					return (nodeset_error(ps, hipos,
					    "bad step"));
				r.step = v;
				nodeset_skipspace(ps, end);
			}
		} else if (ps->pos < end && ps->s[ps->pos] == '/')
			return (nodeset_error(ps, ps->pos,
			    "step without a range"));
		if (ps->pos < end && ps->s[ps->pos] != ',') {
			if (ps->s[ps->pos] == '-') {
				for (w = ps->pos; w < end && ps->s[w] != ','; w++)
					/* nothing */;
				return (nodeset_error(ps, ps->pos,
				    "bad range '%.*s'",
				    (int)(w - start), ps->s + start));
			}
			return (nodeset_badchar(ps, ps->pos, " in range"));
		}

		if (ps->nranges == ps->rangecap) {
			ps->rangecap = ps->rangecap == 0 ? 16 :
			    ps->rangecap * 2;
			ps->ranges = xreallocarray(ps->ranges, ps->rangecap,
			    sizeof *ps->ranges);
		}
		ps->ranges[ps->nranges++] = r;
		*count += nodeset_rangecount(&r);
		if (*count > NS_LIMIT)
			*count = NS_LIMIT + 1;
		if (ps->pos == end)
			return (0);
		ps->pos++;	/* , */
	}
}

static struct nodeset_piece *
nodeset_piece(struct ns_parser *ps)
{
	struct nodeset_piece	*pc;

	if (ps->npieces == ps->piececap) {
		ps->piececap = ps->piececap == 0 ? 16 : ps->piececap * 2;
		ps->pieces = xreallocarray(ps->pieces, ps->piececap,
		    sizeof *ps->pieces);
	}
	pc = &ps->pieces[ps->npieces++];
	memset(pc, 0, sizeof *pc);
	return (pc);
}

/* Parse one operand into pieces; *count is how many names it makes. */
static int
nodeset_operand(struct ns_parser *ps, uint64_t *count)
{
	struct nodeset_piece	*pc;
	size_t		 open, close;
	uint64_t	 n;
	u_char		 c;

	ps->npieces = 0;
	ps->nranges = 0;
	*count = 1;
	while (ps->pos < ps->len) {
		c = ps->s[ps->pos];
		if (c == ']')
			return (nodeset_error(ps, ps->pos, "unbalanced ']'"));
		if (c == '[') {
			open = ps->pos;
			for (close = open + 1; close < ps->len; close++) {
				if (ps->s[close] == ']' || ps->s[close] == '[')
					break;
			}
			if (close == ps->len || ps->s[close] == '[')
				return (nodeset_error(ps, open,
				    "unbalanced '['"));
			pc = nodeset_piece(ps);
			pc->group = 1;
			pc->first = ps->nranges;
			ps->pos = open + 1;
			if (nodeset_brackets(ps, close, &n) != 0)
				return (-1);
			pc = &ps->pieces[ps->npieces - 1];
			pc->nranges = ps->nranges - pc->first;
			ps->pos = close + 1;
			if (*count * n > NS_LIMIT) {
				return (nodeset_error(ps, open,
				    "range too large "
				    "(more than %d names)", NS_LIMIT));
			}
			*count *= n;
			continue;
		}
		if (!nodeset_isname(c))
			break;
		pc = nodeset_piece(ps);
		pc->off = ps->pos;
		while (ps->pos < ps->len &&
		    nodeset_isname((u_char)ps->s[ps->pos]))
			ps->pos++;
		pc->len = ps->pos - pc->off;
	}
	return (0);
}

/* Make every name of the operand just parsed and add it to ns. */
static void
nodeset_expand(struct ns_parser *ps, struct nodeset *ns)
{
	struct nodeset_piece	*pc;
	struct ns_range	*r;
	size_t		 i, o, need = 1;
	int		 done;

	for (i = 0; i < ps->npieces; i++) {
		pc = &ps->pieces[i];
		if (pc->group) {
			need += 32;
			pc->r = pc->first;
			pc->v = ps->ranges[pc->first].lo;
		} else
			need += pc->len;
	}
	if (ps->namesize < need) {
		ps->namesize = need;
		ps->name = xreallocarray(ps->name, 1, ps->namesize);
	}
	for (;;) {
		o = 0;
		for (i = 0; i < ps->npieces; i++) {
			pc = &ps->pieces[i];
			if (pc->group) {
				o += nodeset_putnum(ps->name + o, pc->v,
				    ps->ranges[pc->r].pad);
			} else {
				memcpy(ps->name + o, ps->s + pc->off, pc->len);
				o += pc->len;
			}
		}
		nodeset_addname(ns, ps->name, o);

		/* Next: the last group moves fastest. */
		done = 1;
		for (i = ps->npieces; i-- > 0;) {
			pc = &ps->pieces[i];
			if (!pc->group)
				continue;
			r = &ps->ranges[pc->r];
			if (r->hi - pc->v >= r->step) {
				pc->v += r->step;
				done = 0;
				break;
			}
			if (pc->r + 1 < pc->first + pc->nranges) {
				pc->r++;
				pc->v = ps->ranges[pc->r].lo;
				done = 0;
				break;
			}
			pc->r = pc->first;
			pc->v = ps->ranges[pc->r].lo;
		}
		if (done)
			break;
	}
}

static int
nodeset_evaluate(struct ns_parser *ps, struct nodeset *acc, struct nodeset *tmp)
{
	uint64_t	 count;
	size_t		 oppos = 0, start;
	int		 op = ',', first = 1;

	nodeset_skipspace(ps, ps->len);
	if (ps->pos == ps->len)
		return (nodeset_error(ps, ps->pos, "empty node set"));
	for (;;) {
		nodeset_skipspace(ps, ps->len);
		start = ps->pos;
		if (ps->pos == ps->len) {
			return (nodeset_error(ps, oppos,
			    "missing name after '%c'",
			    op));
		}
		if (nodeset_isop((u_char)ps->s[ps->pos])) {
			if (first) {
				return (nodeset_error(ps, ps->pos,
				    "missing name "
				    "before '%c'", ps->s[ps->pos]));
			}
			return (nodeset_error(ps, ps->pos,
			    "missing name between "
			    "'%c' and '%c'", op, ps->s[ps->pos]));
		}
		if (nodeset_operand(ps, &count) != 0)
			return (-1);
		if (ps->npieces == 0) {
			return (nodeset_badchar(ps, ps->pos, ""));
		}
		ps->total += count;
		if (ps->total > NS_LIMIT) {
			return (nodeset_error(ps, start,
			    "node set too large (more "
			    "than %d names)", NS_LIMIT));
		}
		if (op == ',')
			nodeset_expand(ps, acc);
		else {
			nodeset_clear(tmp);
			nodeset_expand(ps, tmp);
			nodeset_combine(acc, tmp, op);
		}
		first = 0;

		nodeset_skipspace(ps, ps->len);
		if (ps->pos == ps->len)
			return (0);
		if (!nodeset_isop((u_char)ps->s[ps->pos])) {
			if (nodeset_isname((u_char)ps->s[ps->pos]) &&
			    nodeset_isspace((u_char)ps->s[ps->pos - 1])) {
				return (nodeset_error(ps, ps->pos,
				    "space inside a "
				    "name"));
			}
			return (nodeset_badchar(ps, ps->pos, ""));
		}
		op = ps->s[ps->pos];
		oppos = ps->pos++;
	}
}

int
nodeset_parse(struct nodeset *ns, const char *expr, char **cause)
{
	struct ns_parser	 ps;
	struct nodeset		*acc, *tmp, swap;
	int			 error;

	if (cause != NULL)
		*cause = NULL;
	memset(&ps, 0, sizeof ps);
	ps.s = expr != NULL ? expr : "";
	ps.len = strlen(ps.s);
	ps.cause = cause;

	acc = nodeset_create();
	tmp = nodeset_create();
	error = nodeset_evaluate(&ps, acc, tmp);
	if (error == 0) {
		nodeset_sortall(acc);
		if (ns->npats == 0) {
			swap = *ns;
			*ns = *acc;
			*acc = swap;
		} else
			nodeset_union(ns, acc);
	}
	nodeset_free(tmp);
	nodeset_free(acc);
	free(ps.ranges);
	free(ps.pieces);
	free(ps.name);
	return (error);
}

/* Folding. */

static size_t
nodeset_pooladd(struct ns_fold *f, size_t n)
{
	size_t	 off = f->npool;

	if (f->poolcap - f->npool < n) {
		while (f->poolcap - f->npool < n)
			f->poolcap = f->poolcap == 0 ? 1024 : f->poolcap * 2;
		f->pool = xreallocarray(f->pool, f->poolcap, sizeof *f->pool);
	}
	f->npool += n;
	return (off);
}

static void
nodeset_vecadd(struct ns_fold *f, const struct ns_rs *head, u_int nhead,
    const struct ns_rs *tail)
{
	struct ns_rs	*v;

	if (f->veccap < (f->nvecs + 1) * f->nd) {
		while (f->veccap < (f->nvecs + 1) * f->nd)
			f->veccap = f->veccap == 0 ? 64 : f->veccap * 2;
		f->vecs = xreallocarray(f->vecs, f->veccap, sizeof *f->vecs);
	}
	v = &f->vecs[f->nvecs++ * f->nd];
	memcpy(v, head, nhead * sizeof *v);
	memcpy(v + nhead, tail, (f->nd - nhead) * sizeof *v);
}

/*
 * Fold n sorted unique rows of d keys into vectors of range sets, each
 * followed by the nd - d range sets of tail.  The rows sharing a prefix (all
 * keys but the last) make a group; groups with the same set of last keys are
 * merged, and their prefixes folded in turn.
 */
static void
nodeset_foldnd(struct ns_fold *f, const uint64_t *rows, size_t n, u_int d,
    const struct ns_rs *tail)
{
	struct ns_rs	 rs, *sets, sub[NS_MAXDIM];
	uint64_t	*pre, *chash, h;
	size_t		*gfirst, *table, *cls, *cfirst, *at, ng, nc, cap;
	size_t		 i, j, k, c, off, pd = d - 1;

	if (d == 1) {
		rs.off = nodeset_pooladd(f, n);
		rs.n = n;
		memcpy(f->pool + rs.off, rows, n * sizeof *rows);
		nodeset_vecadd(f, &rs, 1, tail);
		return;
	}

	gfirst = xreallocarray(NULL, n + 1, sizeof *gfirst);
	ng = 0;
	for (i = 0; i < n; i++) {
		if (i == 0 || memcmp(&rows[i * d], &rows[(i - 1) * d],
		    pd * sizeof *rows) != 0)
			gfirst[ng++] = i;
	}
	gfirst[ng] = n;

	/*
	 * Each group's set of last keys; groups with the same set make a
	 * class, numbered in order of first appearance, found by hashing.
	 */
	for (cap = 16; cap < 2 * ng; cap *= 2)
		/* nothing */;
	table = xcalloc(cap, sizeof *table);	/* class + 1 */
	sets = xreallocarray(NULL, ng, sizeof *sets);
	cls = xreallocarray(NULL, ng, sizeof *cls);
	cfirst = xreallocarray(NULL, ng, sizeof *cfirst);
	chash = xreallocarray(NULL, ng, sizeof *chash);
	nc = 0;
	for (k = 0; k < ng; k++) {
		sets[k].n = gfirst[k + 1] - gfirst[k];
		sets[k].off = off = nodeset_pooladd(f, sets[k].n);
		for (j = 0; j < sets[k].n; j++)
			f->pool[off + j] = rows[(gfirst[k] + j) * d + pd];
		h = nodeset_hashbytes(f->pool + off,
		    sets[k].n * sizeof *f->pool,
		    14695981039346656037ULL);
		for (i = h & (cap - 1); table[i] != 0; i = (i + 1) & (cap - 1)) {
			c = table[i] - 1;
			if (chash[c] == h && sets[cfirst[c]].n == sets[k].n &&
			    memcmp(f->pool + sets[cfirst[c]].off, f->pool + off,
			    sets[k].n * sizeof *f->pool) == 0)
				break;
		}
		if (table[i] == 0) {
			table[i] = nc + 1;
			chash[nc] = h;
			cfirst[nc++] = k;
		}
		cls[k] = table[i] - 1;
	}

	/* The prefixes, class by class, each class in order. */
	at = xcalloc(nc + 1, sizeof *at);
	for (k = 0; k < ng; k++)
		at[cls[k] + 1]++;
	for (c = 0; c < nc; c++)
		at[c + 1] += at[c];
	pre = xreallocarray(NULL, ng, pd * sizeof *pre);
	for (k = 0; k < ng; k++) {
		memcpy(&pre[at[cls[k]] * pd], &rows[gfirst[k] * d],
		    pd * sizeof *pre);
		at[cls[k]]++;
	}
	memcpy(sub + 1, tail, (f->nd - d) * sizeof *sub);
	for (c = 0, i = 0; c < nc; c++) {
		sub[0] = sets[cfirst[c]];
		nodeset_foldnd(f, &pre[i * pd], at[c] - i, pd, sub);
		i = at[c];
	}
	free(pre);
	free(at);
	free(chash);
	free(cfirst);
	free(cls);
	free(sets);
	free(table);
	free(gfirst);
}

/* A range set's keys in ClusterShell's order, as width-major keys. */
static const uint64_t *
nodeset_csorder(struct ns_fold *f, const struct ns_rs *rs)
{
	const uint64_t	*k = f->pool + rs->off;
	size_t		 i;
	int		 sorted = 1;

	if (f->tmpcap < rs->n) {
		f->tmpcap = rs->n;
		f->tmp = xreallocarray(f->tmp, f->tmpcap, sizeof *f->tmp);
	}
	for (i = 0; i < rs->n; i++) {
		f->tmp[i] = (uint64_t)NS_WID(k[i]) << NS_WMSHIFT | NS_VAL(k[i]);
		if (i > 0 && f->tmp[i] < f->tmp[i - 1])
			sorted = 0;
	}
	if (!sorted)
		nodeset_sort(f->tmp, rs->n, 1);
	return (f->tmp);
}

static int
nodeset_padded(uint64_t wm)
{
	return (NS_WMWID(wm) > nodeset_ndigits(NS_WMVAL(wm)));
}

/* Print a range set as ClusterShell does, without the brackets. */
static void
nodeset_putrs(struct buf *b, struct ns_fold *f, const struct ns_rs *rs)
{
	const uint64_t	*k = nodeset_csorder(f, rs);
	char		 num[32];
	size_t		 i, j;
	u_int		 w;
	int		 padded;

	for (i = 0; i < rs->n; i = j) {
		padded = nodeset_padded(k[i]);
		w = padded ? NS_WMWID(k[i]) : 0;
		for (j = i + 1; j < rs->n; j++) {
			if (NS_WMVAL(k[j]) != NS_WMVAL(k[j - 1]) + 1)
				break;
			if (padded ? NS_WMWID(k[j]) != w : nodeset_padded(k[j]))
				break;
		}
		if (i > 0)
			buf_putc(b, ',');
		buf_add(b, num, nodeset_putnum(num, NS_WMVAL(k[i]), w));
		if (j - i > 1) {
			buf_putc(b, '-');
			buf_add(b, num, nodeset_putnum(num, NS_WMVAL(k[j - 1]),
			    w));
		}
	}
}

/* ClusterShell's order of vectors: the largest first, then by dimension. */
static int
nodeset_vsortcmp(const void *a, const void *b)
{
	const struct ns_vsort	*va = a, *vb = b;
	const struct ns_rs	*ra, *rb;
	char			 sa[32], sb[32];
	u_int			 i, nd = va->f->nd;
	int			 c;

	if (va->prod != vb->prod)
		return (va->prod > vb->prod ? -1 : 1);
	for (i = 0; i < nd; i++) {
		ra = &va->f->vecs[va->vec * nd + i];
		rb = &vb->f->vecs[vb->vec * nd + i];
		if (ra->n != rb->n)
			return (ra->n > rb->n ? -1 : 1);
		sa[nodeset_putnum(sa, NS_WMVAL(va->ends[2 * i]),
		    NS_WMWID(va->ends[2 * i]))] = '\0';
		sb[nodeset_putnum(sb, NS_WMVAL(vb->ends[2 * i]),
		    NS_WMWID(vb->ends[2 * i]))] = '\0';
		if ((c = strcmp(sa, sb)) != 0)
			return (c);
		sa[nodeset_putnum(sa, NS_WMVAL(va->ends[2 * i + 1]),
		    NS_WMWID(va->ends[2 * i + 1]))] = '\0';
		sb[nodeset_putnum(sb, NS_WMVAL(vb->ends[2 * i + 1]),
		    NS_WMWID(vb->ends[2 * i + 1]))] = '\0';
		if ((c = strcmp(sa, sb)) != 0)
			return (c);
	}
	return ((va->vec > vb->vec) - (va->vec < vb->vec));
}

static void
nodeset_putpattern(struct buf *b, struct ns_fold *f, const struct ns_pat *p,
    size_t vec)
{
	const struct ns_rs	*rs;
	const char		*t = p->text;
	char			 num[32];
	size_t			 i, from = 0;
	u_int			 k = 0;

	for (i = 0; i < p->textlen; i++) {
		if (t[i] != '%')
			continue;
		buf_add(b, t + from, i - from);
		i++;
		from = i + 1;
		if (t[i] == '%') {
			buf_putc(b, '%');
			continue;
		}
		rs = &f->vecs[vec * f->nd + k++];
		if (rs->n == 1) {
			buf_add(b, num, nodeset_putnum(num,
			    NS_VAL(f->pool[rs->off]),
			    NS_WID(f->pool[rs->off])));
		} else {
			buf_putc(b, '[');
			nodeset_putrs(b, f, rs);
			buf_putc(b, ']');
		}
	}
	buf_add(b, t + from, p->textlen - from);
}

static void
nodeset_foldpat(struct buf *b, struct ns_fold *f, const struct ns_pat *p)
{
	struct ns_vsort	*vs;
	struct ns_rs	*rs, none[1];
	const uint64_t	*k;
	size_t		 i;
	u_int		 j;

	f->nd = p->ndim;
	f->npool = 0;
	f->nvecs = 0;
	memset(none, 0, sizeof none);
	nodeset_foldnd(f, p->rows, p->n, p->ndim, none);
	if (f->nvecs == 1) {
		nodeset_putpattern(b, f, p, 0);
		return;
	}
	vs = xreallocarray(NULL, f->nvecs, sizeof *vs);
	for (i = 0; i < f->nvecs; i++) {
		vs[i].f = f;
		vs[i].vec = i;
		vs[i].prod = 1;
		for (j = 0; j < f->nd; j++) {
			rs = &f->vecs[i * f->nd + j];
			vs[i].prod *= rs->n;
			k = nodeset_csorder(f, rs);
			vs[i].ends[2 * j] = k[0];
			vs[i].ends[2 * j + 1] = k[rs->n - 1];
		}
	}
	qsort(vs, f->nvecs, sizeof *vs, nodeset_vsortcmp);
	for (i = 0; i < f->nvecs; i++) {
		if (i > 0)
			buf_putc(b, ',');
		nodeset_putpattern(b, f, p, vs[i].vec);
	}
	free(vs);
}

char *
nodeset_fold(const struct nodeset *cns)
{
	struct nodeset	*ns = nodeset_settle(cns);
	struct ns_fold	 f;
	struct ns_pat	*p;
	struct buf	 b;
	size_t		 i;
	int		 any = 0;

	buf_init(&b);
	buf_add(&b, "", 0);
	memset(&f, 0, sizeof f);
	for (i = 0; i < ns->npats; i++) {
		p = &ns->pats[ns->order[i]];
		if (p->n == 0)
			continue;
		if (any++)
			buf_putc(&b, ',');
		if (p->ndim == 0) {
			nodeset_putpattern(&b, &f, p, 0);
			continue;
		}
		nodeset_foldpat(&b, &f, p);
	}
	free(f.pool);
	free(f.vecs);
	free(f.tmp);
	return (b.data);
}
