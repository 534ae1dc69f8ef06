/*
 * myriad - ssh_config, read as OpenSSH reads it, for libssh.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * HostName lines are kept apart: libssh applies a HostName as it reads it
 * and matches later Host lines against the new name, where OpenSSH
 * matches them all against the name given ("Host gpu0001 / HostName
 * 10.0.0.1" then "Host gpu*" must still apply to gpu0001).  So libssh
 * reads a copy of the file without them (c->file), and
 * ssh_config_hostname() finds the name.  ProxyJump lines become the
 * ProxyCommand OpenSSH would run.  No libssh here: fleet.c hands the copy
 * to it.
 */

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "backend.h"

/*
 * ProxyJump as OpenSSH runs it: the last hop is the one the connection
 * is forwarded from (ssh -W), the hops before it are that ssh's own -J.
 * libssh 0.10 makes a ProxyCommand of ProxyJump itself, but runs "ssh"
 * without -F, so the hop reads ~/.ssh/config and not the file myriad was
 * given, and it takes the first hop for the last (ProxyJump a,b goes
 * through b, then a).  So the line becomes this ProxyCommand: the same
 * ssh_config, batch mode (no password asked), its messages kept off the
 * console's terminal.
 */
static void
ssh_config_jump(FILE *out, const char *path, const char *value)
{
	struct buf	 b;
	char		*list, *hop, *port;
	size_t		 len;

	len = strcspn(value, " \t\r\n");
	if (len == 4 && strncasecmp(value, "none", 4) == 0) {
		fputs("ProxyCommand none\n", out);
		return;
	}
	list = xstrndup(value, len);
	buf_init(&b);
	buf_puts(&b, "ssh -F ");
	shell_quote(&b, path);
	buf_puts(&b, " -o BatchMode=yes");
	if ((hop = strrchr(list, ',')) != NULL) {
		*hop++ = '\0';
		buf_puts(&b, " -J ");
		shell_quote(&b, list);
	} else
		hop = list;
	if ((port = strrchr(hop, ':')) != NULL && strchr(port, ']') == NULL) {
		*port++ = '\0';
		buf_puts(&b, " -p ");
		shell_quote(&b, port);
	}
	buf_puts(&b, " -W '[%h]:%p' ");
	shell_quote(&b, hop);
	fprintf(out, "ProxyCommand exec %s 2>/dev/null\n", b.data);
	buf_free(&b);
	free(list);
}

/*
 * Read ssh_config at PATH ("": ~/.ssh/config): its HostName lines here,
 * the rest to a file for libssh.  A file that cannot be read is none.
 */
struct ssh_config *
ssh_config_create(const char *path)
{
	struct ssh_config *c;
	struct ssh_config_host *h;
	const char	*home;
	char		*def = NULL, line[1024], *p, *word, *patterns = NULL;
	char		 tmp[] = "/tmp/myriad-ssh_config.XXXXXX";
	FILE		*in, *out;
	int		 fd;

	c = xcalloc(1, sizeof *c);
	if (*path == '\0') {
		if ((home = getenv("HOME")) == NULL)
			return (c);
		xasprintf(&def, "%s/.ssh/config", home);
		path = def;
	}
	if ((in = fopen(path, "r")) == NULL) {
		free(def);
		return (c);
	}
	if ((fd = mkstemp(tmp)) == -1 || (out = fdopen(fd, "w")) == NULL) {
		fclose(in);
		free(def);
		return (c);
	}
	while (fgets(line, sizeof line, in) != NULL) {
		p = line + strspn(line, " \t");
		word = p;
		p += strcspn(p, " \t=\r\n");
		if ((size_t)(p - word) == 4 && strncasecmp(word, "host", 4) == 0) {
			free(patterns);
			patterns = xstrndup(p + strspn(p, " \t="),
			    strcspn(p + strspn(p, " \t="), "\r\n"));
		} else if ((size_t)(p - word) == 5 &&
		    strncasecmp(word, "match", 5) == 0) {
			free(patterns);
			patterns = NULL;
		}
		if ((size_t)(p - word) == 7 &&
		    strncasecmp(word, "ciphers", 7) == 0)
			c->ciphers = 1;
		if ((size_t)(p - word) == 8 &&
		    strncasecmp(word, "hostname", 8) == 0) {
			p += strspn(p, " \t=");
			c->hosts = xreallocarray(c->hosts, c->nhosts + 1,
			    sizeof *c->hosts);
			h = &c->hosts[c->nhosts++];
			h->patterns = xstrdup(patterns != NULL ?
			    patterns : "*");
			h->literal = strpbrk(h->patterns, "*?[\\!, \t") == NULL;
			h->hostname = xstrndup(p, strcspn(p, " \t\r\n"));
			continue;
		}
		if ((size_t)(p - word) == 9 &&
		    strncasecmp(word, "proxyjump", 9) == 0) {
			ssh_config_jump(out, path, p + strspn(p, " \t="));
			continue;
		}
		fputs(line, out);
	}
	fclose(in);
	fclose(out);
	free(patterns);
	free(def);
	c->file = xstrdup(tmp);
	return (c);
}

void
ssh_config_free(struct ssh_config *c)
{
	u_int	 i;

	if (c == NULL)
		return;
	for (i = 0; i < c->nhosts; i++) {
		free(c->hosts[i].patterns);
		free(c->hosts[i].hostname);
	}
	free(c->hosts);
	if (c->file != NULL)
		unlink(c->file);
	free(c->file);
	free(c);
}

/* The first HostName whose Host patterns match name, as OpenSSH takes. */
char *
ssh_config_hostname(const struct ssh_config *c, const char *name)
{
	const struct ssh_config_host *h;
	char		*list, *p, *pat;
	const char	*host;
	u_int		 i;
	int		 yes, no;

	for (i = 0; i < c->nhosts; i++) {
		h = &c->hosts[i];
		/* A Host line a node: no copy, no fnmatch for the others. */
		if (h->literal && strcmp(h->patterns, name) != 0)
			continue;
		yes = no = 0;
		list = xstrdup(h->patterns);
		for (pat = strtok_r(list, " \t,", &p); pat != NULL;
		    pat = strtok_r(NULL, " \t,", &p)) {
			if (*pat == '!')
				no |= fnmatch(pat + 1, name, 0) == 0;
			else
				yes |= fnmatch(pat, name, 0) == 0;
		}
		free(list);
		if (yes && !no) {
			/* %h is the name given. */
			host = h->hostname;
			if ((p = strstr(host, "%h")) != NULL) {
				xasprintf(&list, "%.*s%s%s", (int)(p - host),
				    host, name, p + 2);
				return (list);
			}
			return (xstrdup(host));
		}
	}
	return (NULL);
}

