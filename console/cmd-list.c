/*
 * myriad - the list commands, show-node and parse.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

/* What every list command shares: format, filter, node set. */
struct cmd_list {
	struct cmd_ctx		*ctx;
	struct cmd_args		*args;
	const struct model	*model;
	const struct record	*record;
	struct output		*output;
	struct filter		*filter;
	uint8_t			*mask;
	u_int			 rows;
	uint64_t		 also;	/* domains read besides its own */
};

static int
cmd_list_begin(struct cmd_list *l, struct cmd_ctx *ctx,
    struct cmd_args *args, const char *record, const char *nodeset)
{
	enum output_format	 format;
	char			*cause;

	memset(l, 0, sizeof *l);
	l->ctx = ctx;
	l->args = args;
	l->model = ctx->model;
	l->record = record_find(record);
	if (cmd_format(ctx, args, &format) != 0)
		return (-1);
	if (args->opt['w'] != NULL &&
	    (l->filter = filter_create(l->record, args->opt['w'],
	    &cause)) == NULL) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		return (-1);
	}
	if (l->model != NULL &&
	    filter_nodes(l->filter, l->model, &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "no such node: %s", cause);
		free(cause);
		filter_free(l->filter);
		return (-1);
	}
	if (l->model != NULL && model_select(l->model, nodeset, &l->mask,
	    &cause) != 0) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		filter_free(l->filter);
		return (-1);
	}
	if (l->mask != NULL)
		filter_narrow(l->filter, l->mask, l->model->nnodes);
	l->output = output_create(ctx->out, ctx->width, format, l->record,
	    l->model);
	return (0);
}

static void
cmd_list_emit(struct cmd_list *l, uint32_t node, const void *rec)
{
	if (l->mask != NULL && node < l->model->nnodes && !l->mask[node])
		return;
	if (!filter_match(l->filter, rec, l->model))
		return;
	output_row(l->output, rec);
	l->rows++;
}

/* The end of a list: the nodes of its set whose domain d was not read. */
static enum cmd_status
cmd_list_end(struct cmd_list *l, enum domain d)
{
	enum cmd_status	 st;

	output_free(l->output);
	st = cmd_unread(l->ctx, l->args, l->mask, d, l->also);
	filter_free(l->filter);
	free(l->mask);
	return (st);
}

static const char *
cmd_list_nodeset(struct cmd_args *args)
{
	return (args->argc > 0 ? args->argv[0] : NULL);
}

enum cmd_status
cmd_list_nodes(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct cmd_list	 l;
	u_int		 i;

	if (cmd_list_begin(&l, ctx, args, "node", cmd_list_nodeset(args)) != 0)
		return (CMD_USAGE);
	for (i = 0; i < ctx->model->nnodes; i++)
		cmd_list_emit(&l, i, &ctx->model->nodes[i]);
	return (cmd_list_end(&l, DOM_NODES));
}

enum cmd_status
cmd_list_alerts(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct cmd_list	 l;
	struct alert	*a;
	u_int		 i, n;

	if (cmd_list_begin(&l, ctx, args, "alert", cmd_list_nodeset(args)) != 0)
		return (CMD_USAGE);
	n = alerts_list(ctx->model, &a);
	for (i = 0; i < n; i++)
		cmd_list_emit(&l, a[i].node, &a[i]);
	free(a);
	l.also = BIT(DOM_EVENTS);	/* an Xid is an alert */
	return (cmd_list_end(&l, DOM_GPUS));
}

enum cmd_status
cmd_list_gpus(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model	*m = ctx->model;
	struct cmd_list	 l;
	size_t		 i, n = m->ngpus;

	if (cmd_list_begin(&l, ctx, args, "gpu", cmd_list_nodeset(args)) != 0)
		return (CMD_USAGE);
	for (i = 0; i < n; i++) {
		if (m->gpus[i].valid != 0 || m->gpus[i].error[0] != '\0')
			cmd_list_emit(&l, m->gpus[i].node, &m->gpus[i]);
	}
	return (cmd_list_end(&l, DOM_GPUS));
}

enum cmd_status
cmd_list_jobs(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct cmd_list	 l;
	u_int		 i;

	if (cmd_list_begin(&l, ctx, args, "job", NULL) != 0)
		return (CMD_USAGE);
	for (i = 0; i < ctx->model->njobs; i++)
		cmd_list_emit(&l, UINT32_MAX, &ctx->model->jobs[i]);
	return (cmd_list_end(&l, DOM_JOBS));
}

enum cmd_status
cmd_list_sensors(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model	*m = ctx->model;
	struct cmd_list	 l;
	struct sensor	*s;
	const char	*off;
	u_int		 i, k, n;

	if ((off = model_sensors_off(m)) != NULL)
		return (cmd_error(ctx, args, CMD_ERROR, "%s", off));
	if (cmd_list_begin(&l, ctx, args, "sensor",
	    cmd_list_nodeset(args)) != 0)
		return (CMD_USAGE);
	for (i = 0; i < m->nnodes; i++) {
		s = model_sensors(m, i, &n);
		for (k = 0; k < n; k++)
			cmd_list_emit(&l, i, &s[k]);
	}
	return (cmd_list_end(&l, DOM_SENSORS));
}

/* list-links -t: the kinds of link, as inspect-links names them. */
static const struct {
	const char	*kind;
	int		 port;		/* a port's, else a peer link's */
} cmd_list_kinds[] = {
	{ .kind = "nvlink" },
	{ .kind = "xgmi" },
	{ .kind = "hccs" },
	{ .kind = "ib", .port = 1 },
	{ .kind = "roce", .port = 1 },
};

/*
 * The peer links (of one kind with -t: nvlink, xgmi, hccs) or the ports
 * (-t ib or roce).
 */
enum cmd_status
cmd_list_links(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model	*m = ctx->model;
	struct cmd_list	 l;
	const char	*type = args->opt['t'];
	struct ibport	*p;
	size_t		 i, n;
	u_int		 k, nib;
	int		 port = 0;

	for (k = 0; type != NULL && k < nitems(cmd_list_kinds); k++) {
		if (strcmp(type, cmd_list_kinds[k].kind) == 0)
			break;
	}
	if (type != NULL && k == nitems(cmd_list_kinds))
		return (cmd_error(ctx, args, CMD_USAGE, "bad link type '%s': "
		    "want nvlink, xgmi, hccs, ib or roce", type));
	if (type != NULL)
		port = cmd_list_kinds[k].port;
	if (cmd_list_begin(&l, ctx, args, port ? "ibport" : "nvlink",
	    cmd_list_nodeset(args)) != 0)
		return (CMD_USAGE);
	if (!port && m->nvlinks != NULL) {
		n = (size_t)m->ngpus * m->links_per_gpu;
		for (i = 0; i < n; i++) {
			if ((m->nvlinks[i].state != LINK_UNKNOWN ||
			    m->nvlinks[i].valid != 0) && (type == NULL ||
			    strcmp(links_kind(m, m->nvlinks[i].node),
			    type) == 0))
				cmd_list_emit(&l, m->nvlinks[i].node,
				    &m->nvlinks[i]);
		}
	}
	if (port && m->ibports != NULL) {
		for (i = 0; i < m->nnodes; i++) {
			p = model_ibports(m, i, &nib);
			for (k = 0; k < nib; k++) {
				if (strcmp(links_layer(p[k].link_layer),
				    type) == 0)
					cmd_list_emit(&l, i, &p[k]);
			}
		}
	}
	return (cmd_list_end(&l, port ? DOM_IB : DOM_LINKS));
}

enum cmd_status
cmd_list_events(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct cmd_list		 l;
	const struct event	*e;
	long			 max = -1;
	u_int			 i;
	char			*end;

	if (args->opt['n'] != NULL) {
		max = strtol(args->opt['n'], &end, 10);
		if (*end != '\0' || max < 0)
			return (cmd_error(ctx, args, CMD_USAGE,
			    "bad count '%s'", args->opt['n']));
	}
	if (cmd_list_begin(&l, ctx, args, "event", NULL) != 0)
		return (CMD_USAGE);
	for (i = 0; (e = model_event_get(ctx->model, i)) != NULL; i++) {
		if (max >= 0 && l.rows >= (u_long)max)
			break;
		cmd_list_emit(&l, e->node, e);
	}
	return (cmd_list_end(&l, DOM_EVENTS));
}

/* list-burnins [RUN]: the runs kept, newest first, or one run's nodes. */
enum cmd_status
cmd_list_burnins(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct burnrun		*runs;
	struct burnin		*nodes;
	struct output		*o;
	struct filter		*f = NULL;
	enum output_format	 format;
	const char		*run = args->argc > 0 ? args->argv[0] : NULL;
	const char		*kind = run != NULL ? "burnin" : "burnrun";
	char			*cause, *end;
	u_int			 nruns, nnodes, i;
	long			 max = -1;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	if (args->opt['n'] != NULL) {
		max = strtol(args->opt['n'], &end, 10);
		if (*end != '\0' || max < 0)
			return (cmd_error(ctx, args, CMD_USAGE,
			    "bad count '%s'", args->opt['n']));
	}
	if (args->opt['w'] != NULL && (f = filter_create(record_find(kind),
	    args->opt['w'], &cause)) == NULL) {
		cmd_error(ctx, args, CMD_USAGE, "%s", cause);
		free(cause);
		return (CMD_USAGE);
	}
	if (burnin_store_read(run, &runs, &nruns, run != NULL ? &nodes : NULL,
	    &nnodes, &cause) != 0) {
		cmd_error(ctx, args, CMD_ERROR, "%s", cause);
		free(cause);
		filter_free(f);
		return (CMD_ERROR);
	}
	o = output_create(ctx->out, ctx->width, format,
	    record_find(kind), ctx->model);
	if (run != NULL) {
		for (i = 0; i < nnodes; i++) {
			if (filter_match(f, &nodes[i], ctx->model))
				output_row(o, &nodes[i]);
		}
		free(nodes);
	} else {
		for (i = 0; i < nruns && (max < 0 || i < (u_long)max); i++) {
			if (filter_match(f, &runs[i], ctx->model))
				output_row(o, &runs[i]);
		}
	}
	output_free(o);
	filter_free(f);
	free(runs);
	return (CMD_OK);
}

/* show-node: one node, every record of it. */

void
cmd_list_show_section(struct cmd_ctx *ctx, enum output_format format,
    const char *title, const char *kind, const void *base, size_t stride,
    u_int n, int first)
{
	const struct record	*r = record_find(kind);
	struct output		*o;
	struct buf		 b;
	u_int			 i;

	if (format == OUT_JSON) {
		buf_init(&b);
		fprintf(ctx->out, ",\n\"%s\":[", title);
		for (i = 0; i < n; i++) {
			buf_reset(&b);
			output_json_record(&b, r, (const char *)base +
			    i * stride, ctx->model);
			fprintf(ctx->out, "%s\n%s", i ? "," : "", b.data);
		}
		fprintf(ctx->out, "%s]", n ? "\n" : "");
		buf_free(&b);
		return;
	}
	if (n == 0)
		return;
	fprintf(ctx->out, "%s%s:\n", first ? "" : "\n", title);
	o = output_create(ctx->out, ctx->width, format, r,
	    ctx->model);
	for (i = 0; i < n; i++)
		output_row(o, (const char *)base + i * stride);
	output_free(o);
}

enum cmd_status
cmd_show_node(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model		*m = ctx->model;
	struct node		*n;
	struct nvlink		*l;
	struct gpu		*g;
	struct event		*ev;
	const struct event	*e;
	const void		*rec;
	enum output_format	 format;
	enum cmd_status		 st;
	struct buf		 b;
	uint8_t			*mask;
	u_int			 i, nev = 0, up = 0, down = 0, count;
	int			 id;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	if ((id = model_find(m, args->argv[0])) < 0)
		return (cmd_error(ctx, args, CMD_USAGE, "no such node: %s",
		    args->argv[0]));
	n = &m->nodes[id];

	ev = xcalloc(model_nevents(m) + 1, sizeof *ev);
	for (i = 0; (e = model_event_get(m, i)) != NULL; i++) {
		if (e->node == (uint32_t)id)
			ev[nev++] = *e;
	}
	if (format == OUT_JSON) {
		buf_init(&b);
		output_json_record(&b, record_find("node"), n, m);
		fprintf(ctx->out, "{\"node\":%s", b.data);
		if (n->job >= 0) {
			buf_reset(&b);
			output_json_record(&b, record_find("job"),
			    &m->jobs[n->job], m);
			fprintf(ctx->out, ",\n\"job\":%s", b.data);
		} else
			fprintf(ctx->out, ",\n\"job\":null");
		buf_free(&b);
	} else {
		fprintf(ctx->out, "%s  rack %s  state %s  reachable %s%s%s\n",
		    n->name, m->racks[n->rack].name,
		    n->state[0] ? n->state : "-",
		    field_enum_name(FT_REACH, n->reach),
		    n->error[0] ? ": " : "", n->error);
		if (n->reason[0] != '\0')
			fprintf(ctx->out, "reason: %s\n", n->reason);
		if (n->bmc_error[0] != '\0')
			fprintf(ctx->out, "BMC: %s\n", n->bmc_error);
		if (n->job >= 0)
			fprintf(ctx->out, "job: %s  user %s  name %s  "
			    "nodes %s\n", m->jobs[n->job].id,
			    m->jobs[n->job].user, m->jobs[n->job].name,
			    m->jobs[n->job].nodes);
		if (m->nvlinks != NULL) {
			l = model_nvlinks(m, id, &count);
			for (i = 0; i < count; i++) {
				up += l[i].state == LINK_UP;
				down += l[i].state != LINK_UP &&
				    l[i].state != LINK_UNKNOWN;
			}
			fprintf(ctx->out, "nvlinks: %u up, %u down\n", up,
			    down);
		}
	}
	/* No GPU read: none shown, not a default count of blank rows. */
	g = model_gpus(m, id, &count);
	for (i = 0; i < count && g[i].valid == 0 && *g[i].error == '\0'; i++)
		;
	if (format != OUT_JSON)
		fputs(i == count && count > 0 ? "gpus: not read\n" : "\n",
		    ctx->out);
	if (i == count)
		count = 0;
	cmd_list_show_section(ctx, format, "gpus", "gpu", g,
	    sizeof (struct gpu),
	    count, 1);
	if (m->sensors != NULL) {
		rec = model_sensors(m, id, &count);
		cmd_list_show_section(ctx, format, "sensors", "sensor", rec,
		    sizeof (struct sensor), count, 0);
	}
	if (m->ibports != NULL) {
		rec = model_ibports(m, id, &count);
		cmd_list_show_section(ctx, format, "ibports", "ibport", rec,
		    sizeof (struct ibport), count, 0);
	}
	if (m->nvlinks != NULL && format == OUT_JSON) {
		rec = model_nvlinks(m, id, &count);
		cmd_list_show_section(ctx, format, "nvlinks", "nvlink", rec,
		    sizeof (struct nvlink), count, 0);
	}
	cmd_list_show_section(ctx, format, "events", "event", ev,
	    sizeof (struct event), nev, 0);
	if (format == OUT_JSON)
		fprintf(ctx->out, "}\n");
	free(ev);
	mask = xcalloc(m->nnodes, 1);
	mask[id] = 1;
	st = cmd_unread(ctx, args, mask, DOM_GPUS, BIT(DOM_LINKS) |
	    BIT(DOM_IB) | BIT(DOM_SENSORS) | BIT(DOM_EVENTS) |
	    BIT(DOM_NODES) | BIT(DOM_JOBS));
	free(mask);
	return (st);
}

/* parse: a saved tool output, decoded into the records it holds. */

struct cmd_list_parse_state {
	struct cmd_ctx		*ctx;
	struct cmd_args		*args;
	enum output_format	 format;
	struct output		*output;
	struct filter		*filter;
	const char		*file;
	const struct parser	*parser;
	u_int			 records;
	u_int			 errors;
	int			 bad;
};

static void
cmd_list_parse_record(struct cmd_list_parse_state *ps, const char *kind,
    const void *rec)
{
	const struct record	*r = record_find(kind);
	char			*cause;

	if (ps->bad)
		return;
	if (ps->output == NULL) {
		if (ps->args->opt['w'] != NULL &&
		    (ps->filter = filter_create(r, ps->args->opt['w'],
		    &cause)) == NULL) {
			cmd_error(ps->ctx, ps->args, CMD_USAGE, "%s", cause);
			free(cause);
			ps->bad = 1;
			return;
		}
		ps->output = output_create(ps->ctx->out, ps->ctx->width,
		    ps->format, r, NULL);
		if (ps->parser->column != NULL)
			output_add(ps->output, ps->parser->column);
	}
	ps->records++;
	if (filter_match(ps->filter, rec, NULL))
		output_row(ps->output, rec);
}

#define CMD_PARSE_SINK(what)						\
static void								\
cmd_list_parse_##what(void *arg, const struct what *rec)		\
{									\
	struct what	 copy = *rec;					\
									\
	cmd_list_parse_node(&copy.node);				\
	cmd_list_parse_record(arg, #what, &copy);			\
}
#define CMD_PARSE_SINK_NONODE(what)					\
static void								\
cmd_list_parse_##what(void *arg, const struct what *rec)		\
{									\
	cmd_list_parse_record(arg, #what, rec);				\
}

static void
cmd_list_parse_node(uint32_t *node)
{
	*node = UINT32_MAX;		/* no model: printed as null */
}
CMD_PARSE_SINK(gpu)
CMD_PARSE_SINK(nvlink)
CMD_PARSE_SINK(ibport)
CMD_PARSE_SINK(sensor)
CMD_PARSE_SINK_NONODE(snode)
CMD_PARSE_SINK_NONODE(job)
CMD_PARSE_SINK_NONODE(partition)
CMD_PARSE_SINK_NONODE(diag)
CMD_PARSE_SINK_NONODE(xid)
CMD_PARSE_SINK(fabric)
CMD_PARSE_SINK_NONODE(imex)

static void
cmd_list_parse_error(void *arg, u_int line, const char *msg)
{
	struct cmd_list_parse_state	*ps = arg;

	ps->errors++;
	if (line == 0)		/* a whole document's, as JSON's */
		fprintf(ps->ctx->err, "myriad: parse: %s: %s\n", ps->file,
		    msg);
	else
		fprintf(ps->ctx->err, "myriad: parse: %s:%u: %s\n", ps->file,
		    line, msg);
}

static char *
cmd_list_parse_read(const char *path, size_t *len, char **cause)
{
	FILE	*f;
	char	*data = NULL;
	size_t	 size = 0, n;

	*len = 0;
	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = fopen(path, "rb")) == NULL) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (NULL);
	}
	do {
		if (*len + 65536 > size) {
			size = size ? size * 2 : 65536 * 2;
			data = xreallocarray(data, 1, size);
		}
		n = fread(data + *len, 1, size - *len, f);
		*len += n;
	} while (n > 0);
	if (ferror(f)) {
		xasprintf(cause, "%s: read error", path);
		free(data);
		data = NULL;
	}
	if (f != stdin)
		fclose(f);
	return (data);
}

enum cmd_status
cmd_parse_file(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct parser	*p;
	struct cmd_list_parse_state	 ps;
	struct sink		 s;
	char			*data, *cause;
	const char		*rest;
	size_t			 len, i;

	if ((p = parser_find(args->argv[0])) == NULL) {
		fprintf(ctx->err, "myriad: parse: unknown kind '%s'; one of:",
		    args->argv[0]);
		for (p = parsers; p->name != NULL; p++)
			fprintf(ctx->err, " %s", p->name);
		fputc('\n', ctx->err);
		return (CMD_USAGE);
	}
	memset(&ps, 0, sizeof ps);
	ps.ctx = ctx;
	ps.args = args;
	ps.file = args->argv[1];
	ps.parser = p;
	if (cmd_format(ctx, args, &ps.format) != 0)
		return (CMD_USAGE);
	if ((data = cmd_list_parse_read(args->argv[1], &len, &cause)) == NULL) {
		cmd_error(ctx, args, CMD_ERROR, "%s", cause);
		free(cause);
		return (CMD_ERROR);
	}
	/* Nothing (blanks, a byte order mark) is no tool's whole output. */
	rest = data;
	for (i = parse_bom(&rest, len); i > 0 &&
	    isspace((u_char)rest[i - 1]); i--)
		;
	if (i == 0) {
		free(data);
		return (cmd_error(ctx, args, CMD_ERROR, "%s: empty", ps.file));
	}
	memset(&s, 0, sizeof s);
	s.arg = &ps;
#define CMD_PARSE_SET(what) s.what = cmd_list_parse_##what;
	SINK_RECORDS(CMD_PARSE_SET)
#undef CMD_PARSE_SET
	s.error = cmd_list_parse_error;
	p->parse(data, len, args->argc > 2 ? args->argv[2] : NULL, &s);
	free(data);
	if (ps.output != NULL)
		output_free(ps.output);
	else if (ps.format == OUT_JSON)
		fprintf(ctx->out, "[]\n");
	filter_free(ps.filter);
	if (ps.bad)
		return (CMD_USAGE);
	if (ps.records == 0 && ps.errors > 0)
		return (cmd_error(ctx, args, CMD_ERROR, "%s: nothing readable",
		    ps.file));
	if (ps.records == 0 && p->none != NULL)
		fprintf(ctx->err, "myriad: parse: %s: no record: %s\n",
		    ps.file, p->none);
	return (ps.errors > 0 ? CMD_SOME : CMD_OK);
}
