/*
 * myriad - the relay stream's decoder: what a gateway (ssh.gateways, the
 * relay command of console/cmd-relay.c) sends back about its nodes.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 *	NODE: LINE			a line of NODE's stream
 *	!NODE<tab>STATE<tab>WHY		NODE's state, as the gateway sees it
 *	!NODE<tab>event<tab>WHY		news about NODE (its stream failed)
 *	!				the gateway is there
 *
 * A node's lines in a row go to the sink as one chunk, for that stream's
 * parser; they end where another node's line, a state or anything else
 * begins.  A gateway speaks only for its own nodes: a line about another
 * is refused.  Only whole lines are read: a cut one is left for the caller
 * to hold until the rest comes.  Pure, as the other parsers.
 */

#include <stdio.h>
#include <string.h>

#include "backend.h"

/* The node a line names, if it is one of the gateway's; else -1 and why. */
static int
parse_relay_node(const struct relay_sink *s, const char *p, size_t len,
    char *why, size_t whylen)
{
	char	 name[256];
	int	 id;

	if (len >= sizeof name) {
		snprintf(why, whylen, "a node name of %zu bytes", len);
		return (-1);
	}
	memcpy(name, p, len);
	name[len] = '\0';
	if ((id = s->find(s->arg, name)) == -1) {
		snprintf(why, whylen, "no node %.200s", name);
		return (-1);
	}
	if ((u_int)id < s->first || (u_int)id - s->first >= s->count) {
		snprintf(why, whylen, "%.200s is not this gateway's node",
		    name);
		return (-1);
	}
	return (id);
}

/*
 * Decode the whole lines of LEN bytes of DATA to the sink.  Returns the
 * bytes read: up to the last newline, the rest a cut line.
 */
size_t
parse_relay(const char *data, size_t len, const struct relay_sink *s)
{
	struct lines	 l;
	struct buf	 chunk;
	const char	*line, *name, *p, *q, *end;
	char		 word[32], why[256], error[256];
	size_t		 n, used;
	int		 node = -1, id, state;

	if ((end = memrchr(data, '\n', len)) == NULL)
		return (0);
	used = end + 1 - data;
	buf_init(&chunk);
	lines_init(&l, data, used);
	for (;;) {
		if (!lines_next(&l, &line, &n))
			line = NULL;
		id = -1;
		state = 0;
		*error = '\0';
		if (line != NULL) {
			state = n > 0 && line[0] == '!';
			name = line + state;
			p = memchr(name, state ? '\t' : ':', line + n - name);
			if (p != NULL)
				id = parse_relay_node(s, name, p - name, error,
				    sizeof error);
			else if (n != 1 || !state)
				strlcpy(error, "not a relay line",
				    sizeof error);
		}
		/* A node's lines end where anything else begins. */
		if (node != -1 && (id != node || state)) {
			s->lines(s->arg, node, chunk.data, chunk.len);
			chunk.len = 0;
			node = -1;
		}
		if (line == NULL)
			break;
		if (*error != '\0' && s->error != NULL)
			s->error(s->arg, l.line, error);
		if (id == -1) {
			if (*error == '\0' && s->beat != NULL)
				s->beat(s->arg);	/* "!" */
			continue;
		}
		if (!state) {
			/* NODE: LINE */
			node = id;
			if (++p < line + n && *p == ' ')
				p++;
			buf_add(&chunk, p, line + n - p);
			buf_putc(&chunk, '\n');
			continue;
		}
		/* !NODE<tab>STATE<tab>WHY, !NODE<tab>event<tab>WHY */
		p++;
		q = memchr(p, '\t', line + n - p);
		snprintf(word, sizeof word, "%.*s",
		    (int)((q != NULL ? q : line + n) - p), p);
		snprintf(why, sizeof why, "%.*s",
		    q != NULL ? (int)(line + n - q - 1) : 0,
		    q != NULL ? q + 1 : "");
		if (strcmp(word, "event") == 0)
			s->event(s->arg, id, why);
		else
			s->state(s->arg, id, word, why);
	}
	buf_free(&chunk);
	return (used);
}
