/*
 * myriad - nodeset, help, list-commands, list-options, refresh, summary.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

enum cmd_status
cmd_nodeset(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct nodeset	*ns;
	const char	*sep = args->opt['S'] != NULL ? args->opt['S'] : " ";
	char		*cause, *s;
	size_t		 i;
	int		 n, what = 0;

	n = (args->opt['e'] != NULL) + (args->opt['f'] != NULL) +
	    (args->opt['c'] != NULL);
	if (n != 1)
		return (cmd_error(ctx, args, CMD_USAGE, "give one of -e, -f, "
		    "-c"));
	what = args->opt['e'] != NULL ? 'e' : args->opt['f'] ? 'f' : 'c';
	ns = nodeset_create();
	for (n = 0; n < args->argc; n++) {
		if (nodeset_parse(ns, args->argv[n], &cause) != 0) {
			cmd_error(ctx, args, CMD_USAGE, "%s", cause);
			free(cause);
			nodeset_free(ns);
			return (CMD_USAGE);
		}
	}
	switch (what) {
	case 'e':
		for (i = 0; i < nodeset_count(ns); i++)
			fprintf(ctx->out, "%s%s", i ? sep : "",
			    nodeset_name(ns, i));
		fputc('\n', ctx->out);
		break;
	case 'f':
		s = nodeset_fold(ns);
		fprintf(ctx->out, "%s\n", s);
		free(s);
		break;
	case 'c':
		fprintf(ctx->out, "%zu\n", nodeset_count(ns));
		break;
	}
	nodeset_free(ns);
	return (CMD_OK);
}

enum cmd_status
cmd_help(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry	*e;
	char			*cause;
	int			 ro = options_get_bool("read-only");

	if (args->argc == 1) {
		if ((e = cmd_find(args->argv[0], &cause)) == NULL) {
			cmd_error(ctx, args, CMD_USAGE, "%s", cause);
			free(cause);
			return (CMD_USAGE);
		}
		fprintf(ctx->out, "usage: %s %s\n  %s\n", e->name, e->usage,
		    e->help);
		return (CMD_OK);
	}
	for (e = cmd_table; e->name != NULL; e++) {
		if (ro && (e->flags & CMD_MUTATES))
			continue;
		fprintf(ctx->out, "%-14s %s\n", e->name, e->help);
	}
	fprintf(ctx->out, "\n'help COMMAND' for its usage; man myriad for "
	    "everything.\n");
	return (CMD_OK);
}

enum cmd_status
cmd_list_commands(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct cmd_entry	*e;
	enum output_format	 format;
	struct buf		 b;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	buf_init(&b);
	for (e = cmd_table; e->name != NULL; e++) {
		if (options_get_bool("read-only") && (e->flags & CMD_MUTATES))
			continue;
		if (format != OUT_JSON) {
			fprintf(ctx->out, "%s\n", e->name);
			continue;
		}
		buf_reset(&b);
		buf_puts(&b, e == cmd_table ? "[\n{\"name\":" : ",\n{\"name\":");
		output_json_string(&b, e->name);
		buf_puts(&b, ",\"usage\":");
		output_json_string(&b, e->usage);
		buf_puts(&b, ",\"help\":");
		output_json_string(&b, e->help);
		buf_printf(&b, ",\"mutates\":%s}",
		    (e->flags & CMD_MUTATES) ? "true" : "false");
		fputs(b.data, ctx->out);
	}
	if (format == OUT_JSON)
		fputs("\n]\n", ctx->out);
	buf_free(&b);
	return (CMD_OK);
}

enum cmd_status
cmd_list_options(struct cmd_ctx *ctx, struct cmd_args *args)
{
	const struct option_entry	*o;
	enum output_format		 format;
	struct buf			 b;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	buf_init(&b);
	if (format == OUT_TSV)
		fprintf(ctx->out, "name\tvalue\tdefault\n");
	for (o = options_table; o->name != NULL; o++) {
		switch (format) {
		case OUT_TABLE:
			fprintf(ctx->out, "%-26s %s\n", o->name,
			    options_get(o->name));
			break;
		case OUT_TSV:
			fprintf(ctx->out, "%s\t%s\t%s\n", o->name,
			    options_get(o->name), o->dflt);
			break;
		case OUT_JSON:
			buf_reset(&b);
			buf_puts(&b, o == options_table ? "[\n{\"name\":" :
			    ",\n{\"name\":");
			output_json_string(&b, o->name);
			buf_puts(&b, ",\"value\":");
			output_json_string(&b, options_get(o->name));
			buf_puts(&b, ",\"default\":");
			output_json_string(&b, o->dflt);
			buf_puts(&b, ",\"help\":");
			output_json_string(&b, o->help);
			buf_putc(&b, '}');
			fputs(b.data, ctx->out);
			break;
		}
	}
	if (format == OUT_JSON)
		fputs("\n]\n", ctx->out);
	buf_free(&b);
	return (CMD_OK);
}

enum cmd_status
cmd_refresh(struct cmd_ctx *ctx, struct cmd_args *args)
{
	if (ctx->backend != NULL)
		backend_refresh(ctx->backend, DOMS_ALL, 1);
	return (CMD_OK);
}

/*
 * The accelerators by vendor and model: a line each of the summary, a
 * row each with -o tsv, an array of the summary's object with -o json.
 */
static void
cmd_summary_accels(struct cmd_ctx *ctx, enum output_format format,
    const struct vendor_count *c, u_int nc)
{
	struct buf	 b;
	const char	*v;
	u_int		 i;

	buf_init(&b);
	if (format == OUT_TSV)
		buf_puts(&b, "vendor\tmodel\ttotal\tbusy\tidle\tunhealthy\t"
		    "unread\n");
	for (i = 0; i < nc; i++, c++) {
		v = field_enum_name(FT_VENDOR, c->vendor);
		switch (format) {
		case OUT_TABLE:
			buf_printf(&b, "accelerators: %s%s%s: %u (busy %u, "
			    "idle %u, unhealthy %u", v, *c->model != '\0' ?
			    " " : "", c->model, c->total, c->busy, c->idle,
			    c->unhealthy);
			if (c->unread > 0)
				buf_printf(&b, ", unread %u", c->unread);
			buf_puts(&b, ")\n");
			break;
		case OUT_TSV:
			buf_printf(&b, "%s\t%s\t%u\t%u\t%u\t%u\t%u\n", v,
			    c->model, c->total, c->busy, c->idle,
			    c->unhealthy, c->unread);
			break;
		case OUT_JSON:
			buf_puts(&b, i == 0 ? "\n{\"vendor\":" :
			    ",\n{\"vendor\":");
			output_json_string(&b, v);
			buf_puts(&b, ",\"model\":");
			if (*c->model == '\0')
				buf_puts(&b, "null");
			else
				output_json_string(&b, c->model);
			buf_printf(&b, ",\"total\":%u,\"busy\":%u,\"idle\":%u,"
			    "\"unhealthy\":%u,\"unread\":%u}", c->total,
			    c->busy, c->idle, c->unhealthy, c->unread);
			break;
		}
	}
	if (b.data != NULL)
		fputs(b.data, ctx->out);
	buf_free(&b);
}

/*
 * What the accelerators of the summary are called: the vendor's word when
 * there is one vendor (NPUs), "accelerators" when there are more.
 */
static const char *
cmd_summary_noun(const struct vendor_count *c, u_int nc)
{
	enum vendor	 v = VENDOR_UNKNOWN;
	u_int		 i;

	for (i = 0; i < nc; i++) {
		if (c[i].vendor == VENDOR_UNKNOWN || c[i].vendor == v)
			continue;
		if (v != VENDOR_UNKNOWN)
			return (NULL);
		v = c[i].vendor;
	}
	return (alerts_unit(v));
}

/* summary: the cluster at a glance, what the status line will show. */
enum cmd_status
cmd_summary(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct model		*m = ctx->model;
	struct gpu		*g;
	struct job		*j;
	struct vendor_count	*vc;
	struct buf		 b;
	enum output_format	 format;
	const char		*states[16];
	u_int			 counts[16], nstates = 0, i, k;
	u_int			 unreach = 0, ngpus = 0, hot = 0, lost = 0;
	u_int			 missing = 0, want, nvc;
	u_int			 running = 0, pending = 0;
	double			 util = 0, crit;
	size_t			 n;
	char			 mean[16], noun[16], key[24];
	const char		*unit;

	if (cmd_format(ctx, args, &format) != 0)
		return (CMD_USAGE);
	crit = options_get_float("threshold.gpu-temp-crit");
	for (i = 0, n = 0; i < m->nnodes; i++) {
		missing += model_gpus_missing(m, i, &want);
		n += want;
		if (model_unreachable(&m->nodes[i]))
			unreach++;
		for (k = 0; k < nstates; k++) {
			if (strcmp(states[k], m->nodes[i].state) == 0)
				break;
		}
		if (k == nstates && nstates < nitems(states)) {
			states[nstates] = m->nodes[i].state;
			counts[nstates++] = 0;
		}
		if (k < nstates)
			counts[k]++;
	}
	for (i = 0; i < m->ngpus; i++) {
		g = &m->gpus[i];
		if (g->error[0] != '\0')
			lost++;
		if (!(g->valid & BIT(GPU_UTIL)))
			continue;
		ngpus++;
		util += g->util_pct;
		if ((g->valid & BIT(GPU_TEMP)) && g->temp_c >= crit)
			hot++;
	}
	for (i = 0; i < m->njobs; i++) {
		j = &m->jobs[i];
		running += j->jstate == JS_RUNNING;
		pending += j->jstate == JS_PENDING;
	}
	nvc = model_count_vendors(m, &vc);
	if (format != OUT_TABLE) {
		if (format == OUT_JSON) {
			buf_init(&b);
			buf_puts(&b, "{\"cluster\":");
			output_json_string(&b, m->cluster);
			buf_printf(&b, ",\"simulated\":%s,\"nodes\":%u,"
			    "\"racks\":%u,\"gpus\":%zu,\"accelerators\":[",
			    m->simulated ? "true" : "false", m->nnodes,
			    m->nracks, n);
			fputs(b.data, ctx->out);
			buf_free(&b);
		}
		cmd_summary_accels(ctx, format, vc, nvc);
		if (format == OUT_JSON)
			fputs(nvc > 0 ? "\n]}\n" : "]}\n", ctx->out);
		free(vc);
		return (cmd_unread(ctx, args, NULL, DOM_GPUS,
		    BIT(DOM_NODES) | BIT(DOM_JOBS) | BIT(DOM_EVENTS)));
	}
	/* GPUs, NPUs or DCUs: "gpus:"; of several vendors, accelerators. */
	strlcpy(noun, "accelerators", sizeof noun);
	strlcpy(key, "all accelerators", sizeof key);
	if ((unit = cmd_summary_noun(vc, nvc)) != NULL) {
		for (k = 0; unit[k] != '\0' && k + 2 < sizeof key; k++)
			key[k] = tolower((u_char)unit[k]);
		snprintf(key + k, sizeof key - k, "s");
		snprintf(noun, sizeof noun, "%ss", unit);
	}
	fprintf(ctx->out, "cluster %s%s: %u node%s in %u rack%s, %zu %s\n",
	    m->cluster, m->simulated ? " (SIMULATED)" : "", m->nnodes,
	    m->nnodes == 1 ? "" : "s", m->nracks, m->nracks == 1 ? "" : "s",
	    n, noun);
	fprintf(ctx->out, "nodes:");
	for (k = 0; k < nstates; k++)
		fprintf(ctx->out, " %s %u%s", states[k][0] ? states[k] :
		    "unknown", counts[k], k + 1 < nstates ? "," : "");
	fprintf(ctx->out, "\nunreachable: %u\n", unreach);
	/* No GPU read: no mean, not 0%. */
	snprintf(mean, sizeof mean, ngpus ? "%.0f%%" : "-",
	    ngpus ? util / ngpus : 0.0);
	fprintf(ctx->out, "%s: %u reporting", key, ngpus);
	if (missing > 0)
		fprintf(ctx->out, " of %zu, %u missing", n, missing);
	fprintf(ctx->out, ", mean utilization %s, %u at or above %.0f C, "
	    "%u lost\n", mean, hot, crit, lost);
	cmd_summary_accels(ctx, format, vc, nvc);
	free(vc);
	fprintf(ctx->out, "jobs: %u running, %u pending\n", running, pending);
	fprintf(ctx->out, "events: %u\n", model_nevents(m));
	return (cmd_unread(ctx, args, NULL, DOM_GPUS, BIT(DOM_NODES) |
	    BIT(DOM_JOBS) | BIT(DOM_EVENTS)));
}
