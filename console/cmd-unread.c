/*
 * myriad - the nodes a command could not read, said on standard error.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * A command that reads nodes answers for those it read; the others are
 * named, folded as dshbak -c does, with why and the way out, and change
 * the exit status: 3 when some could not be read (the commands after it
 * still run), 1 when none could.  What counts is the node's session, for
 * what is read over it, and the probe that supplies the records printed:
 * for list-gpus the GPU query, not the kernel log that also feeds it.  A
 * command that shows more (show-node: links, ports, sensors, events) says
 * what else failed, which makes it 3, never 1.  A node read in part (a
 * field refused, its records printed) is read: 3.  A probe that is off
 * (empty) is said; the command it supplies exits 1.  The Slurm controller's
 * reads (sinfo: the nodes' states and reasons; squeue: the jobs) are said
 * on a line of their own: 1 for what only it reads (list-jobs), else 3.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

/* What is read over a node's own session. */
#define CMD_UNREAD_SESSION (BIT(DOM_NODES) | BIT(DOM_GPUS) | \
	BIT(DOM_LINKS) | BIT(DOM_IB) | BIT(DOM_EVENTS))

/* The way out when a session fails; the host key's message has its own. */
static const char *cmd_unread_hints[] = {
	[REACH_AUTH] = "ssh NODE must log in with no password: check the "
	    "user (-l, ssh.user) and the key (ssh-agent, IdentityFile)",
	[REACH_UNREACHABLE] = "is NODE up, and does ssh NODE reach it?",
	[REACH_TIMEOUT] = "is NODE up? raise "
	    "ssh.connect-timeout, or lower ssh.fanout if many time out",
	[REACH_GARBLED] = "try it by hand with ssh NODE",
};

/* Whether node id holds records of a domain: what a read kept of it. */
static int
cmd_unread_has_gpus(const struct model *m, u_int id)
{
	const struct gpu	*g;
	u_int			 i, n;

	g = model_gpus(m, id, &n);
	for (i = 0; i < n; i++) {
		if (g[i].valid & ~BIT(GPU_XID))
			return (1);
	}
	return (0);
}

static int
cmd_unread_has_links(const struct model *m, u_int id)
{
	const struct nvlink	*l;
	u_int			 i, n;

	l = model_nvlinks(m, id, &n);
	for (i = 0; i < n; i++) {
		if (l[i].state != LINK_UNKNOWN || l[i].valid != 0)
			return (1);
	}
	return (0);
}

static int
cmd_unread_has_ib(const struct model *m, u_int id)
{
	u_int	 n;

	model_ibports(m, id, &n);
	return (n > 0);
}

static int (*const cmd_unread_has[DOM_NDOMAINS])(const struct model *,
    u_int) = {
	[DOM_GPUS] = cmd_unread_has_gpus,
	[DOM_LINKS] = cmd_unread_has_links,
	[DOM_IB] = cmd_unread_has_ib,
};

/*
 * Whether nothing of node id was read: its domain d failed and it holds
 * no record of d, nor of any of ALSO (a read in part is read).  Its BMC's
 * sensors are not the node's.
 */
static int
cmd_unread_lost(const struct model *m, u_int id, enum domain d,
    uint64_t also)
{
	int	 e;

	for (e = 0; e < DOM_NDOMAINS; e++) {
		if ((e == (int)d || (also & BIT(e))) &&
		    cmd_unread_has[e] != NULL && cmd_unread_has[e](m, id))
			return (0);
	}
	return (1);
}

struct cmd_unread_node {
	u_int		 id;
	char		*text;		/* why, and the way out */
};

struct cmd_unread_group {
	u_int		 first;
	char		*set;
	const char	*text;
};

/* The probe that reads domain d on the nodes or their BMCs, or NULL. */
static const struct probe *
cmd_unread_probe(enum domain d)
{
	const struct probe	*p;

	for (p = probes; p->name != NULL; p++) {
		if (p->domain == d && p->target != PT_CONTROLLER && !p->adds)
			return (p);
	}
	return (NULL);
}

/* The probe option that sets how domain d is read, which failed why. */
static const char *
cmd_unread_option(enum domain d, const char *why)
{
	const struct probe	*p;
	size_t			 n;

	/* The probe that failed, where its name begins why. */
	for (p = probes; p->name != NULL; p++) {
		n = strlen(p->name);
		if (p->domain == d && strncmp(why, p->name, n) == 0 &&
		    why[n] == ':')
			return (p->option);
	}
	p = cmd_unread_probe(d);
	return (p != NULL ? p->option : "probe");
}

/*
 * The probes of D and ALSO that are off (an empty command): said, since
 * what they would read is then not there.  1 if D's is, for nothing was
 * read.
 */
static int
cmd_unread_off(struct cmd_ctx *ctx, struct cmd_args *args, enum domain d,
    uint64_t also)
{
	const struct probe	*p;
	int			 e, off = 0;

	for (e = 0; e < DOM_NDOMAINS; e++) {
		if ((e != (int)d && !(also & BIT(e))) ||
		    (p = cmd_unread_probe(e)) == NULL ||
		    *options_get(p->option) != '\0')
			continue;
		if (e == (int)d)
			off = 1;
		fflush(ctx->out);	/* the records first, whole */
		cmd_error(ctx, args, CMD_OK, "%s is off (empty)", p->option);
	}
	return (off);
}

/*
 * Why node id's domain d was not read, and the way out, with NODE for its
 * name (so that nodes that failed alike fold into one set); NULL if read.
 * SESSION: the domains read over the node's session.
 */
static char *
cmd_unread_text(const struct model *m, u_int id, enum domain d,
    uint64_t session)
{
	const struct node	*n = &m->nodes[id];
	const char		*why = NULL, *hint = NULL, *p;
	struct buf		 b;
	size_t			 len = strlen(n->name);
	char			 option[128];

	if ((session & BIT(d)) && model_unreachable(n) &&
	    (n->reach != REACH_GARBLED || d == DOM_NODES)) {
		why = *n->error != '\0' ? n->error : model_reach_name(n->reach);
		if ((size_t)n->reach < nitems(cmd_unread_hints))
			hint = cmd_unread_hints[n->reach];
	} else if (d == DOM_SENSORS && *n->bmc_error != '\0') {
		why = n->bmc_error;
		hint = "try ipmitool by hand; bmc.* and probe.sensors set how "
		    "the BMCs are read";
	} else if ((why = model_read_why(m, id, d)) != NULL) {
		snprintf(option, sizeof option, "try it by hand with ssh "
		    "NODE; %s sets the command", cmd_unread_option(d, why));
		hint = option;
	}
	if (why == NULL)
		return (NULL);

	buf_init(&b);
	buf_add(&b, "", 0);
	for (p = why; *p != '\0'; p++) {
		if (strncmp(p, n->name, len) == 0 && (p == why ||
		    !isalnum((u_char)p[-1])) && !isalnum((u_char)p[len])) {
			buf_puts(&b, "NODE");
			p += len - 1;
		} else
			buf_putc(&b, *p);
	}
	if (hint != NULL)
		buf_printf(&b, "; %s", hint);
	return (b.data);
}

static int
cmd_unread_cmp_text(const void *a, const void *b)
{
	const struct cmd_unread_node	*x = a, *y = b;
	int				 c;

	if ((c = strcmp(x->text, y->text)) != 0)
		return (c);
	return (x->id < y->id ? -1 : x->id > y->id);
}

static int
cmd_unread_cmp_first(const void *a, const void *b)
{
	const struct cmd_unread_group	*x = a, *y = b;

	return (x->first < y->first ? -1 : x->first > y->first);
}

/* A reason, NODE in it the node's name when it is one node's. */
static void
cmd_unread_name(FILE *f, const char *text, const char *name)
{
	const char	*p;

	while ((p = strstr(text, "NODE")) != NULL) {
		fprintf(f, "%.*s%s", (int)(p - text), text, name);
		text = p + 4;
	}
	fprintf(f, "%s\n", text);
}

/* The nodes not read, each reason once with its nodes' set, in order. */
static void
cmd_unread_print(struct cmd_ctx *ctx, struct cmd_unread_node *un, u_int n)
{
	struct cmd_unread_group	*g;
	int			*ids;
	u_int			 i, k, ng = 0;

	qsort(un, n, sizeof *un, cmd_unread_cmp_text);
	g = xcalloc(n, sizeof *g);
	ids = xcalloc(n, sizeof *ids);
	for (i = 0; i < n; i = k) {
		for (k = i; k < n && strcmp(un[k].text, un[i].text) == 0; k++)
			ids[k - i] = un[k].id;
		g[ng].first = un[i].id;
		g[ng].set = model_fold(ctx->model, ids, k - i);
		g[ng++].text = un[i].text;
	}
	qsort(g, ng, sizeof *g, cmd_unread_cmp_first);
	for (i = 0; i < ng; i++) {
		fprintf(ctx->err, "myriad: %s: ", g[i].set);
		cmd_unread_name(ctx->err, g[i].text,
		    strpbrk(g[i].set, "[,") == NULL ? g[i].set : "NODE");
		free(g[i].set);
	}
	free(ids);
	free(g);
}

/*
 * The Slurm controller failed TOOL: why, and the way out; OPTION, if not
 * NULL, sets its command.
 */
void
cmd_unread_slurm(struct cmd_ctx *ctx, const char *why, const char *tool,
    const char *option)
{
	const char	*ctl = options_get("slurm.controller"), *w = why;
	size_t		 n = strlen(tool);

	/* Its SSH session failed (TOOL: ssh CTL: ...): Slurm was not asked. */
	if (strncmp(w, tool, n) == 0 && strncmp(w + n, ": ", 2) == 0)
		w += n + 2;
	if (strncmp(w, "ssh ", 4) == 0) {
		fprintf(ctx->err, "myriad: slurm controller %s: %s; the "
		    "controller host did not answer over SSH: is it up, and "
		    "does ssh %s reach it? slurm.controller (--slurm) sets "
		    "where Slurm runs\n", ctl, why, ctl);
		return;
	}
	fprintf(ctx->err, "myriad: slurm controller %s: %s; is slurmctld up? "
	    "try %s by hand%s%s; %s%sslurm.controller (--slurm)%s where it "
	    "runs\n", ctl, why, tool, strcmp(ctl, "local") == 0 ? "" : " on ",
	    strcmp(ctl, "local") == 0 ? "" : ctl, option != NULL ? option : "",
	    option != NULL ? " sets the command, " : "",
	    option != NULL ? "" : " sets");
}

/*
 * Say what the Slurm controller could not read of the domains DOMS, a line
 * a probe, with the way out.  How many of its reads failed.
 */
static u_int
cmd_unread_controller(struct cmd_ctx *ctx, uint64_t doms)
{
	const struct probe	*p;
	const char		*why;
	u_int			 n = 0;

	for (p = probes; p->name != NULL; p++) {
		if (p->target != PT_CONTROLLER || !(doms & BIT(p->domain)) ||
		    (why = model_read_why(ctx->model, MODEL_CONTROLLER,
		    p->domain)) == NULL)
			continue;
		if (n++ == 0)
			fflush(ctx->out);	/* the records first, whole */
		cmd_unread_slurm(ctx, why, p->name, p->option);
	}
	return (n);
}

/*
 * Say which of the nodes in MASK (all, if NULL) could not be read: in
 * domain D, where the command's records come from, or in ALSO, what else
 * it shows; and what the Slurm controller could not read of them.
 * CMD_ERROR when none was read in D; otherwise CMD_OK, and in batch mode
 * ctx->unread set (exit status 3) if any failed.
 */
enum cmd_status
cmd_unread(struct cmd_ctx *ctx, struct cmd_args *args, const uint8_t *mask,
    enum domain d, uint64_t also)
{
	const struct model	*m = ctx->model;
	struct cmd_unread_node	*un = NULL;
	u_int			 i, k, n = 0, first, asked = 0, lost = 0;
	u_int			 failed = 0, ctl;
	uint64_t		 session = CMD_UNREAD_SESSION;
	int			 e;
	char			*text;

	if (m == NULL)
		return (CMD_OK);
	if (cmd_unread_off(ctx, args, d, also))
		return (CMD_ERROR);
	if (strcmp(options_get("bmc.mode"), "inband") == 0)
		session |= BIT(DOM_SENSORS);
	ctl = cmd_unread_controller(ctx, BIT(d) | also);
	for (i = 0; i < m->nnodes; i++) {
		if (mask != NULL && !mask[i])
			continue;
		asked++;
		first = n;
		for (e = 0; e < DOM_NDOMAINS; e++) {
			if ((e != (int)d && !(also & BIT(e))) ||
			    (text = cmd_unread_text(m, i, e, session)) == NULL)
				continue;
			if (e == (int)d && cmd_unread_lost(m, i, d, also))
				lost++;
			/* A session that failed: one reason for all. */
			for (k = first; k < n; k++) {
				if (strcmp(un[k].text, text) == 0)
					break;
			}
			if (k < n) {
				free(text);
				continue;
			}
			un = xreallocarray(un, n + 1, sizeof *un);
			un[n].id = i;
			un[n++].text = text;
		}
		failed += n > first;
	}
	if (n > 0) {
		fflush(ctx->out);	/* the records first, whole */
		/* The message line shows the count; batch ends with it. */
		if (ctx->ui == NULL)
			cmd_unread_print(ctx, un, n);
		fprintf(ctx->err, "myriad: %s: %u of %u node%s not read%s\n",
		    args->entry->name, failed, asked, asked == 1 ? "" : "s",
		    lost == 0 ? " in full" : "");
		if (ctx->ui != NULL)
			cmd_unread_print(ctx, un, n);
	}
	for (i = 0; i < n; i++)
		free(un[i].text);
	free(un);
	if ((asked > 0 && lost == asked) || (!(session & BIT(d)) &&
	    model_read_why(m, MODEL_CONTROLLER, d) != NULL))
		return (CMD_ERROR);
	if ((n > 0 || ctl > 0) && ctx->ui == NULL)
		ctx->unread = 1;	/* batch mode's exit status */
	return (CMD_OK);
}
