/*
 * myriad - unit tests for ssh_config as OpenSSH reads it (ssh-config.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "tap.h"

static char	 path[] = "/tmp/myriad-unit-sshconfig.XXXXXX";

/* Read TEXT as ssh_config. */
static struct ssh_config *
config(const char *text)
{
	FILE	*f;
	int	 fd;

	strlcpy(path, "/tmp/myriad-unit-sshconfig.XXXXXX", sizeof path);
	if ((fd = mkstemp(path)) == -1 || (f = fdopen(fd, "w")) == NULL)
		abort();
	fputs(text, f);
	fclose(f);
	return (ssh_config_create(path));
}

/* A name's HostName, "-" for none. */
static const char *
hostname(const struct ssh_config *c, const char *name)
{
	static char	 buf[256];
	char		*h = ssh_config_hostname(c, name);

	strlcpy(buf, h != NULL ? h : "-", sizeof buf);
	free(h);
	return (buf);
}

static void
test_hostnames(void)
{
	struct ssh_config	*c;
	char			*copy;
	size_t			 len;

	c = config("Host gpu0001\n"
	    "  HostName 10.0.0.1\n"
	    "Host gpu* !gpu0003\n"
	    "  HostName %h.cluster\n"
	    "  User admin\n"
	    "Host bmc-*\n"
	    "\tHostName=%h.ipmi\n"
	    "Match all\n"
	    "  Port 2222\n");
	ok(c->file != NULL, "a copy for libssh");
	is_str(hostname(c, "gpu0001"), "10.0.0.1",
	    "a literal Host: its HostName");
	is_str(hostname(c, "gpu0002"), "gpu0002.cluster",
	    "a wildcard Host, %%h the name given");
	is_str(hostname(c, "gpu0003"), "-", "a negated pattern: none");
	is_str(hostname(c, "bmc-7"), "bmc-7.ipmi", "Keyword=value");
	is_str(hostname(c, "login"), "-", "no Host matches: none");
	ok(!c->ciphers, "no Ciphers line");
	copy = tap_slurp(c->file, &len);
	ok(copy != NULL && strstr(copy, "HostName") == NULL,
	    "the copy has no HostName line");
	ok(copy != NULL && strstr(copy, "  User admin\n") != NULL &&
	    strstr(copy, "Host gpu* !gpu0003\n") != NULL,
	    "the other lines are copied as they were");
	free(copy);
	copy = xstrdup(c->file);
	ssh_config_free(c);
	ok(access(copy, F_OK) != 0, "the copy goes with it");
	free(copy);
	unlink(path);
}

static void
test_jump(void)
{
	struct ssh_config	*c;
	char			*copy;
	size_t			 len;

	c = config("Ciphers aes256-ctr\n"
	    "Host gpu*\n"
	    "  ProxyJump jump1,jump2:2200\n"
	    "Host direct\n"
	    "  ProxyJump none\n");
	ok(c->ciphers, "a Ciphers line: it chooses them");
	copy = tap_slurp(c->file, &len);
	ok(copy != NULL && strstr(copy, "ProxyJump") == NULL,
	    "ProxyJump lines rewritten");
	ok(copy != NULL && strstr(copy, "ProxyCommand exec ssh -F ") != NULL &&
	    strstr(copy, " -o BatchMode=yes -J jump1 -p 2200 "
	    "-W '[%h]:%p' jump2 2>/dev/null\n") != NULL,
	    "the last hop forwards, the first is its -J, the same file");
	ok(copy != NULL && strstr(copy, "ProxyCommand none\n") != NULL,
	    "ProxyJump none");
	free(copy);
	ssh_config_free(c);
	unlink(path);
}

static void
test_none(void)
{
	struct ssh_config	*c;

	c = ssh_config_create("/nonexistent/ssh_config");
	ok(c->file == NULL && c->nhosts == 0 && !c->ciphers,
	    "no file: nothing read, libssh's own defaults");
	is_str(hostname(c, "gpu0001"), "-", "no file: no HostName");
	ssh_config_free(c);
}

int
main(void)
{
	test_hostnames();
	test_jump();
	test_none();
	return (tap_done());
}
