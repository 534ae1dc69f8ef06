/*
 * myriad - show-job: what scontrol show job says of one job.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * One `scontrol show job -d ID' on the Slurm controller (slurm.controller,
 * or local), as the operator would type it: the fields myriad reads of it,
 * then every Key=value as scontrol printed it, one a line.  It changes
 * nothing, so it runs under --read-only and the audit log does not see
 * it.  The console is not held while it runs: the pager says it waits,
 * and shows the answer when it comes.
 */

#include <stdlib.h>
#include <string.h>

#include "myriad.h"
#include "backend.h"

#define CMD_JOB_COMMAND	"scontrol show job -d "

/* A show-job under way; the console's outlives its command. */
struct cmd_job {
	struct cmd_ctx		*ctx;
	struct ui		*ui;		/* the console's, or NULL */
	char			*id;
	char			*command;
	enum output_format	 format;
	enum cmd_status		 status;
};

struct cmd_job_pair {
	char			*key;
	char			*value;
	u_int			 record;
};

/* What scontrol printed: its jobs, their pairs, what was not read. */
struct cmd_job_read {
	struct job		*jobs;
	u_int			 njobs;
	struct cmd_job_pair	*pairs;
	u_int			 npairs;
	u_int			 records;	/* JobId= seen */
	struct buf		 errors;
};

/*
 * A job id as Slurm prints it: 1234, an array's task 1234_7 or its
 * pending tasks 1234_[1-8%2].  Nothing else reaches a shell.
 */
static int
cmd_job_valid(const char *id)
{
	const char	*digits = "0123456789";
	size_t		 n;

	if ((n = strspn(id, digits)) == 0)
		return (0);
	id += n;
	if (*id == '\0')
		return (1);
	if (*id++ != '_')
		return (0);
	if (*id == '[') {
		n = strspn(id + 1, "0123456789-,%");
		return (n > 0 && strcmp(id + 1 + n, "]") == 0);
	}
	n = strspn(id, digits);
	return (n > 0 && id[n] == '\0');
}

static void
cmd_job_sink_job(void *arg, const struct job *job)
{
	struct cmd_job_read	*r = arg;

	r->jobs = xreallocarray(r->jobs, r->njobs + 1, sizeof *r->jobs);
	r->jobs[r->njobs++] = *job;
}

static void
cmd_job_sink_error(void *arg, u_int line, const char *msg)
{
	struct cmd_job_read	*r = arg;

	buf_printf(&r->errors, "line %u: %s\n", line, msg);
}

static void
cmd_job_pair(void *arg, const char *key, size_t klen, const char *value,
    size_t vlen)
{
	struct cmd_job_read	*r = arg;
	struct cmd_job_pair	*p;

	if (klen == 5 && memcmp(key, "JobId", 5) == 0)
		r->records++;
	r->pairs = xreallocarray(r->pairs, r->npairs + 1, sizeof *r->pairs);
	p = &r->pairs[r->npairs++];
	p->key = xstrndup(key, klen);
	p->value = xstrndup(value, vlen);
	p->record = r->records > 0 ? r->records - 1 : 0;
}

static void
cmd_job_read_free(struct cmd_job_read *r)
{
	u_int	 i;

	for (i = 0; i < r->npairs; i++) {
		free(r->pairs[i].key);
		free(r->pairs[i].value);
	}
	free(r->pairs);
	free(r->jobs);
	buf_free(&r->errors);
}

/* One line of a table or TSV: KEY, then its value. */
static void
cmd_job_line(FILE *f, enum output_format format, int width, const char *key,
    const char *value)
{
	struct buf	 b;

	buf_init(&b);
	buf_add(&b, "", 0);
	output_plain(&b, value, SIZE_MAX);
	if (format == OUT_TSV)
		fprintf(f, "%s\t%s\n", key, b.data);
	else
		fprintf(f, "%-*s  %s\n", width, key, b.data);
	buf_free(&b);
}

/*
 * Each job as JSON, {"job": its record, "scontrol": [{"key", "value"}
 * ...]}; or its fields, then scontrol's keys, a line each.
 */
static void
cmd_job_print(struct cmd_job *j, struct cmd_job_read *r)
{
	const struct record	*rec = record_find("job");
	const struct field	*fl;
	const struct model	*m = j->ctx->model;
	FILE			*f = j->ctx->out;
	const char		*s;
	struct buf		 b;
	char			 tmp[64];
	u_int			 i, k, n;
	int			 width = 0;
	double			 v;

	for (k = 0; k < r->npairs; k++) {
		if ((int)strlen(r->pairs[k].key) > width)
			width = strlen(r->pairs[k].key);
	}
	buf_init(&b);
	for (i = 0; i < r->njobs; i++) {
		if (j->format == OUT_JSON) {
			buf_reset(&b);
			output_json_record(&b, rec, &r->jobs[i], m);
			fprintf(f, "%s{\"job\":%s,\n\"scontrol\":[",
			    i == 0 ? "[\n" : ",\n", b.data);
		} else {
			fputs(i == 0 ? "" : "\n", f);
			for (fl = rec->fields; fl->name != NULL; fl++) {
				s = field_format(fl, &r->jobs[i], m, tmp,
				    sizeof tmp);
				/* A table is read: 2-04:55:07, not seconds. */
				if (fl->type == FT_DURATION && j->format ==
				    OUT_TABLE && field_number(fl, &r->jobs[i],
				    &v) == 0)
					s = field_duration(tmp, sizeof tmp,
					    (long)v);
				cmd_job_line(f, j->format, width, fl->name,
				    s != NULL ? s : j->format == OUT_TSV ? "" :
				    "-");
			}
			fputc('\n', f);
		}
		for (k = n = 0; k < r->npairs; k++) {
			if (r->pairs[k].record != i)
				continue;
			if (j->format != OUT_JSON) {
				cmd_job_line(f, j->format, width,
				    r->pairs[k].key, r->pairs[k].value);
				continue;
			}
			buf_reset(&b);
			buf_puts(&b, "{\"key\":");
			output_json_string(&b, r->pairs[k].key);
			buf_puts(&b, ",\"value\":");
			output_json_string(&b, r->pairs[k].value);
			fprintf(f, "%s\n%s}", n++ == 0 ? "" : ",", b.data);
		}
		if (j->format == OUT_JSON)
			fputs("]}", f);
	}
	if (j->format == OUT_JSON)
		fputs(r->njobs == 0 ? "[]\n" : "\n]\n", f);
	buf_free(&b);
}

/* The first line of what a command printed, or NULL. */
static char *
cmd_job_first(const struct buf *b)
{
	const char	*p, *nl;
	size_t		 n;

	if (b == NULL || b->len == 0)
		return (NULL);
	p = b->data;
	nl = memchr(p, '\n', b->len);
	n = parse_trim(&p, nl != NULL ? (size_t)(nl - p) : b->len);
	return (n > 0 ? xstrndup(p, n) : NULL);
}

/* What scontrol answered, to ctx->out and ctx->err. */
static enum cmd_status
cmd_job_answer(struct cmd_job *j, const struct exec_result *x)
{
	struct cmd_ctx		*ctx = j->ctx;
	struct cmd_job_read	 r;
	struct sink		 s;
	struct scontrol_each	 each = { .arg = &r, .pair = cmd_job_pair };
	enum cmd_status		 st = CMD_OK;
	char			*text, status[32];

	if (x->why != NULL) {
		cmd_unread_slurm(ctx, x->why, j->command, NULL);
		return (CMD_ERROR);
	}
	if (x->status != 0) {
		if ((text = cmd_job_first(x->err)) == NULL)
			text = cmd_job_first(x->out);
		if (text != NULL && strstr(text, "Invalid job id") != NULL)
			fprintf(ctx->err, "myriad: show-job: %s: %s\n", j->id,
			    text);
		else {
			snprintf(status, sizeof status, "exit status %d",
			    x->status);
			cmd_unread_slurm(ctx, text != NULL ? text : status,
			    j->command, NULL);
		}
		free(text);
		return (CMD_ERROR);
	}

	memset(&r, 0, sizeof r);
	buf_init(&r.errors);
	memset(&s, 0, sizeof s);
	s.arg = &r;
	s.job = cmd_job_sink_job;
	s.error = cmd_job_sink_error;
	parse_scontrol_job_each(x->out->data != NULL ? x->out->data : "",
	    x->out->len, &s, &each);
	if (r.errors.len > 0) {
		fprintf(ctx->err, "myriad: show-job: %s did not print what "
		    "myriad reads:\n%.*s", j->command, (int)r.errors.len,
		    r.errors.data);
		st = CMD_ERROR;
	} else if (r.njobs == 0) {
		fprintf(ctx->err, "myriad: show-job: %s: %s printed no job\n",
		    j->id, j->command);
		st = CMD_ERROR;
	} else
		cmd_job_print(j, &r);
	cmd_job_read_free(&r);
	return (st);
}

static void
cmd_job_free(struct cmd_job *j)
{
	free(j->id);
	free(j->command);
	free(j);
}

/*
 * The console's answer: into the pager, over its wait, and an error on
 * the message line.  A console that has ended takes none.
 */
static void
cmd_job_show(struct cmd_job *j, const struct exec_result *x)
{
	struct cmd_ctx	*ctx = j->ctx;
	FILE		*fo = ctx->out, *fe = ctx->err;
	char		*out = NULL, *err = NULL, *e, title[64];
	size_t		 outlen = 0, errlen = 0;

	if (ctx->ui != j->ui)
		return;
	ctx->out = open_memstream(&out, &outlen);
	ctx->err = open_memstream(&err, &errlen);
	if (ctx->out != NULL && ctx->err != NULL)
		cmd_job_answer(j, x);
	if (ctx->out != NULL)
		fclose(ctx->out);
	if (ctx->err != NULL)
		fclose(ctx->err);
	/* A command may be running: a confirmation box, a drain. */
	ctx->out = fo;
	ctx->err = fe;
	snprintf(title, sizeof title, "output of show-job %s", j->id);
	if (errlen > 0) {
		e = strncmp(err, "myriad: ", 8) == 0 ? err + 8 : err;
		ui_show_text(j->ui, title, e);
		ui_message(j->ui, 1, "%.*s", (int)strcspn(e, "\n"), e);
	} else if (outlen > 0)
		ui_show_text(j->ui, title, out);
	free(out);
	free(err);
}

static void
cmd_job_done(const struct exec_result *x, void *arg)
{
	struct cmd_job	*j = arg;

	if (j->ui == NULL) {
		j->status = cmd_job_answer(j, x);
		return;
	}
	cmd_job_show(j, x);
	cmd_job_free(j);
}

enum cmd_status
cmd_show_job(struct cmd_ctx *ctx, struct cmd_args *args)
{
	struct cmd_job	*j;
	struct buf	 b;
	const char	*id = NULL;
	enum cmd_status	 st;
	int		 exec;

	j = xcalloc(1, sizeof *j);
	if (cmd_format(ctx, args, &j->format) != 0) {
		free(j);
		return (CMD_USAGE);
	}
	if (args->argc > 0)
		id = args->argv[0];
	else if (ctx->ui != NULL)
		id = ui_job(ctx->ui);
	if (id == NULL || !cmd_job_valid(id)) {
		free(j);
		if (id == NULL)
			return (cmd_error(ctx, args, CMD_USAGE, "which job? "
			    "give its id, or put the cursor on it in Jobs"));
		return (cmd_error(ctx, args, CMD_USAGE, "bad job id '%s': "
		    "want one as Slurm prints it, 1234, 1234_7 or "
		    "1234_[1-8]", id));
	}
	if (ctx->backend == NULL) {
		free(j);
		return (cmd_error(ctx, args, CMD_ERROR, "no cluster to ask"));
	}
	j->ctx = ctx;
	j->ui = ctx->ui;
	j->id = xstrdup(id);
	j->status = CMD_ERROR;
	buf_init(&b);
	buf_puts(&b, CMD_JOB_COMMAND);
	shell_quote(&b, id);
	j->command = b.data;

	exec = backend_exec(ctx->backend, -1, j->command,
	    options_get_int("ssh.command-timeout"), cmd_job_done, j);
	if (j->ui != NULL) {
		fprintf(ctx->out, "waiting for %s on %s ...\n", j->command,
		    backend_exec_target(ctx->backend, -1));
		return (CMD_OK);
	}
	backend_exec_wait_ids(ctx->backend, &exec, 1);
	st = j->status;
	cmd_job_free(j);
	return (st);
}
