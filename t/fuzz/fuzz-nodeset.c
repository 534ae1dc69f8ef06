/*
 * myriad - libFuzzer target for node sets: parse any bytes as an
 * expression; when they parse, the fold must parse back to the same set and
 * fold the same again.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The set holds n names and folds to fold again. */
static void
fuzz_same(struct nodeset *ns, size_t n, const char *fold)
{
	char	*fold2;

	if (nodeset_count(ns) != n)
		abort();
	fold2 = nodeset_fold(ns);
	if (strcmp(fold, fold2) != 0)
		abort();
	free(fold2);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nodeset	*ns, *back;
	char		*expr, *cause = NULL, *fold;
	size_t		 i, n;

	expr = xstrndup((const char *)data, size);
	ns = nodeset_create();
	if (nodeset_parse(ns, expr, &cause) != 0) {
		/* A failure says where. */
		if (cause == NULL || strstr(cause, " at column ") == NULL ||
		    strchr(cause, '^') == NULL)
			abort();
		free(cause);
		nodeset_free(ns);
		free(expr);
		return (0);
	}
	if (cause != NULL)
		abort();

	n = nodeset_count(ns);
	fold = nodeset_fold(ns);
	back = nodeset_create();
	if (n == 0) {
		if (*fold != '\0')
			abort();
	} else {
		if (nodeset_parse(back, fold, &cause) != 0)
			abort();
		fuzz_same(back, n, fold);
	}
	/* Every name is there, in order, and adds back to the same set. */
	if (n <= 10000) {
		nodeset_clear(back);
		for (i = 0; i < n; i++) {
			if (!nodeset_contains(ns, nodeset_name(ns, i)))
				abort();
			if (nodeset_add(back, nodeset_name(ns, i)) != 0)
				abort();
		}
		fuzz_same(back, n, fold);
	}
	free(fold);
	nodeset_free(back);
	nodeset_free(ns);
	free(expr);
	return (0);
}
