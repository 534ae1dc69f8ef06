/*
 * myriad - the console: owns the terminal, turns keys into commands, and
 * draws once per pass of the loop.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * The only file outside views/ that includes curses.  Nothing prints to
 * stdout or stderr while curses runs: commands write to memory streams,
 * their errors go to the message line and their output to a pager.
 */

#include <ctype.h>
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "view.h"
#include "backend.h"

#define UI_DATA_FRAME	1.0	/* seconds between frames of new data */
#define UI_ESCAPE_WAIT	0.1	/* for what follows a lone Escape */
#define UI_ESCAPE_LATE	1.0	/* ... and for the rest of a sequence */

static struct ui	*ui_current;	/* for the fatal signal handler */
static char		 ui_status_vendors[160];	/* too long for it */

/* Refresh timers: one per group of domains. */
static const struct {
	const char	*option;
	uint64_t	 domains;
} ui_refresh[] = {
	{ "refresh.gpus", BIT(DOM_GPUS) },
	{ "refresh.links", BIT(DOM_LINKS) | BIT(DOM_IB) },
	{ "refresh.sensors", BIT(DOM_SENSORS) | BIT(DOM_EVENTS) },
	{ "refresh.slurm", BIT(DOM_NODES) | BIT(DOM_JOBS) },
};

static void	ui_draw(struct ui *);
static int	ui_key(wint_t, int);
static void	ui_pass(struct ui *);

struct loop *
ui_loop(struct ui *ui)
{
	return (ui->loop);
}

const struct model *
ui_model(struct ui *ui)
{
	return (ui != NULL ? ui->model : NULL);
}

const char *
ui_view_name(struct ui *ui)
{
	return (view_table[ui->view].name);
}

void
ui_message(struct ui *ui, int error, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(ui->message, sizeof ui->message, fmt, ap);
	va_end(ap);
	ui->message_error = error;
	ui->dirty = 1;
}

/* Restore the terminal; safe to call twice and from a fatal signal. */
static void
ui_restore(void)
{
	if (ui_current == NULL)
		return;
	ui_current = NULL;
	endwin();
}

static void
ui_fatal(int sig)
{
	ui_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
ui_sig_quit(int sig, void *arg)
{
	struct ui	*ui = arg;

	ui->quit = 1;
}

static void
ui_sig_winch(int sig, void *arg)
{
	struct ui	*ui = arg;
	struct winsize	 ws;

	if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0)
		resizeterm(ws.ws_row, ws.ws_col);
	ui->dirty = 2;
}

static void
ui_sig_cont(int sig, void *arg)
{
	struct ui	*ui = arg;

	ui->dirty = 2;
}

void
ui_suspend(struct ui *ui)
{
	endwin();
	kill(getpid(), SIGTSTP);
	/* Here again after SIGCONT. */
	refresh();
	ui->dirty = 2;
}

/* The quit box's text: the burn-in's nodes not ended yet, or none. */
static u_int
ui_quit_text(struct ui *ui)
{
	const struct burnin	*rows;
	u_int			 i, n, left = 0;

	rows = burnin_rows(ui->ctx->burnin, &n);
	for (i = 0; i < n; i++)
		left += rows[i].state <= BURNIN_RUNNING;
	free(ui->quitbox);
	if (left > 0)
		xasprintf(&ui->quitbox, "A burn-in is running on %u node%s.\n"
		    "Quit and leave it interrupted?", left, left == 1 ? "" :
		    "s");
	else
		xasprintf(&ui->quitbox, "The burn-in has ended.\nQuit, once "
		    "its on-pass and on-fail actions are done?");
	return (left);
}

/* The quit box follows the burn-in under it, to its end. */
static void
ui_quit_tick(void *arg)
{
	struct ui	*ui = arg;

	if (ui->box == NULL || ui->box->text != ui->quitbox)
		return;
	if (ui_quit_text(ui) > 0)
		loop_timer(ui->loop, 1, ui_quit_tick, ui);
	ui->box->text = ui->quitbox;
	ui->dirty = 1;
}

/*
 * Quit; while a burn-in runs, only if the operator says so.  A run whose
 * nodes have all ended, by then, follows up before the console ends.
 */
void
ui_quit(struct ui *ui)
{
	int	yes;

	if (burnin_running(ui->ctx->burnin, NULL)) {
		if (ui_quit_text(ui) > 0)
			loop_timer(ui->loop, 1, ui_quit_tick, ui);
		yes = ui_confirm(ui, ui->quitbox, "y");
		free(ui->quitbox);
		ui->quitbox = NULL;
		if (!yes) {
			ui_message(ui, 0, "not quitting%s", burnin_running(
			    ui->ctx->burnin, NULL) ? ": the burn-in runs on" :
			    "");
			return;
		}
		burnin_tick(ui->ctx);
	}
	ui->quit = 1;
}

void
ui_redraw(struct ui *ui)
{
	ui->dirty = 2;
}

/* The pager closes; its search stays, for n in the next. */
static void
ui_text_close(struct ui *ui)
{
	struct ui_pager	*pg = &ui->pager;

	free(pg->text);
	free(pg->lines);
	pg->text = NULL;
	pg->lines = NULL;
	pg->nlines = pg->width = pg->head = pg->top = pg->left = 0;
	pg->match = -1;
	ui->dirty = 1;
}

/* Whether a line is a table's heading: words in capitals. */
static int
ui_text_heading(const char *line)
{
	size_t	 n = strcspn(line, "\n"), i, upper = 0;

	for (i = 0; i < n; i++) {
		if (line[i] >= 'a' && line[i] <= 'z')
			return (0);
		upper += line[i] >= 'A' && line[i] <= 'Z';
	}
	return (upper > 0 && memchr(line, ' ', n) != NULL);
}

/*
 * The pager opens on TEXT, at its first line; a table's heading stays on
 * top as it pages.
 */
void
ui_show_text(struct ui *ui, const char *title, const char *text)
{
	struct ui_pager	*pg = &ui->pager;
	const char	*p;
	int		 n;

	ui_text_close(ui);
	pg->text = xstrdup(text);
	strlcpy(pg->title, title, sizeof pg->title);
	for (p = pg->text, n = 1; *p != '\0'; p++)
		n += *p == '\n';
	pg->lines = xcalloc(n, sizeof *pg->lines);
	for (p = pg->text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		pg->lines[pg->nlines++] = p - pg->text;
		if (n > pg->width)
			pg->width = n;
	}
	pg->head = pg->nlines > 2 && ui_text_heading(pg->text);
}

/* The lines of text the pager shows: the body's, less its title. */
static int
ui_text_height(struct ui *ui)
{
	int	 h = getmaxy(ui->body) - 1;

	return (h > 1 ? h : 1);
}

/* The pager's page stays on its text. */
static void
ui_text_clamp(struct ui *ui)
{
	struct ui_pager	*pg = &ui->pager;

	if (pg->top > pg->nlines - ui_text_height(ui))
		pg->top = pg->nlines - ui_text_height(ui);
	if (pg->top < 0)
		pg->top = 0;
	if (pg->left > pg->width - ui->sx)
		pg->left = pg->width - ui->sx;
	if (pg->left < 0)
		pg->left = 0;
}

/* TEXT in the line from P to END, without regard to case, or NULL. */
static const char *
ui_text_find(const char *p, const char *end, const char *text)
{
	size_t	 n = strlen(text);

	for (; n > 0 && p + n <= end; p++) {
		if (strncasecmp(p, text, n) == 0)
			return (p);
	}
	return (NULL);
}

/*
 * Search the pager for TEXT, from its first line shown (DIR 1) or its
 * last (-1); with TEXT NULL or empty, for the last search again, from its
 * match on.  The match's line goes to the top, its column into view.
 */
int
ui_search(struct ui *ui, const char *text, int dir, char **cause)
{
	struct ui_pager	*pg = &ui->pager;
	const char	*line, *end, *at = NULL;
	int		 i, n, cols = ui->sx, wrapped = 0;

	if (pg->text == NULL) {
		xasprintf(cause, "nothing to search: search looks in what a "
		    "command printed");
		return (-1);
	}
	if (text != NULL && *text != '\0') {
		free(pg->search);
		pg->search = xstrdup(text);
		pg->match = -1;
	} else if (pg->search == NULL) {
		xasprintf(cause, "no search yet: / searches");
		return (-1);
	}
	if (pg->match >= 0)
		i = pg->match + dir;
	else
		i = dir > 0 ? pg->top : pg->top + ui_text_height(ui) - 1;
	for (n = 0; n < pg->nlines && at == NULL; n++, i += dir) {
		if (i >= pg->nlines || i < 0) {
			i = i < 0 ? pg->nlines - 1 : 0;
			wrapped = 1;
		}
		line = pg->text + pg->lines[i];
		end = line + strcspn(line, "\n");
		at = ui_text_find(line, end, pg->search);
	}
	if (at == NULL) {
		xasprintf(cause, "'%s' is not in the %s", pg->search,
		    pg->title);
		return (-1);
	}
	pg->match = i - dir;
	/* Under the heading that stays. */
	pg->top = pg->match - (pg->head && pg->match > 0);
	n = at - (pg->text + pg->lines[pg->match]);
	if (n < pg->left || n + (int)strlen(pg->search) > pg->left + cols)
		pg->left = n + (int)strlen(pg->search) <= cols ? 0 :
		    n - cols / 2;
	ui_text_clamp(ui);
	ui_message(ui, 0, "'%s' on line %d of %d%s", pg->search,
	    pg->match + 1, pg->nlines, !wrapped ? "" : dir > 0 ?
	    ", from the top again" : ", from the bottom again");
	return (0);
}

/* The view shown goes on the list Escape goes back through. */
static void
ui_history_push(struct ui *ui)
{
	if (ui->nhistory == UI_HISTORY) {
		memmove(ui->history, ui->history + 1, (UI_HISTORY - 1) *
		    sizeof *ui->history);
		ui->nhistory--;
	}
	ui->history[ui->nhistory++] = ui->view;
}

int
ui_view(struct ui *ui, const char *name, char **cause)
{
	const struct view_entry	*v;
	int			 n = VIEW_NVIEWS;

	if (strcmp(name, "next") == 0)
		v = &view_table[(ui->view + 1) % n];
	else if (strcmp(name, "previous") == 0)
		v = &view_table[(ui->view + n - 1) % n];
	else if ((v = view_find(name)) == NULL) {
		xasprintf(cause, "no view '%s'", name);
		return (-1);
	}
	/* Not under the pager: it closes, for the view to be seen. */
	if (ui->pager.text != NULL)
		ui_text_close(ui);
	if ((enum view_id)(v - view_table) != ui->view)
		ui_history_push(ui);
	ui->view = v - view_table;
	if (ui->view == VIEW_NODE && ui->node < 0)
		ui->node = 0;
	ui->dirty = 1;
	return (0);
}

/* The cursor on the next (dir 1) or previous (-1) node the filter finds. */
static int
ui_seek(struct ui *ui, int dir, char **cause)
{
	const struct view_entry	*v = &view_table[ui->view];
	struct view_state	*vs = &ui->vs[ui->view];
	u_int			 found;

	if (v->seek == NULL || vs->filter == NULL) {
		xasprintf(cause, "nothing to find: %s", v->seek == NULL ?
		    "this view's filter hides what it does not find" :
		    "/ finds nodes first");
		return (-1);
	}
	if ((found = v->seek(ui, dir)) == 0) {
		xasprintf(cause, "no node matches %s", vs->filter);
		return (-1);
	}
	ui_message(ui, 0, "%s, of %u node%s matching %s",
	    ui->model->nodes[vs->cursor].name, found, found == 1 ? "" : "s",
	    vs->filter);
	ui->dirty = 1;
	return (0);
}

int
ui_cursor(struct ui *ui, const char *how, char **cause)
{
	static const struct {
		const char	*name;
		int		 dx;
		int		 dy;
	} moves[] = {
		{ "up", 0, -1 }, { "down", 0, 1 },
		{ "left", -1, 0 }, { "right", 1, 0 },
		{ "page-up", 0, -UI_MOVE_PAGE },
		{ "page-down", 0, UI_MOVE_PAGE },
		{ "half-up", 0, -UI_MOVE_HALF },
		{ "half-down", 0, UI_MOVE_HALF },
		{ "home", 0, -UI_MOVE_END }, { "end", 0, UI_MOVE_END },
		{ "top", 0, -UI_MOVE_SCREEN }, { "bottom", 0, UI_MOVE_SCREEN },
		{ "line-start", -UI_MOVE_END, 0 },
		{ "line-end", UI_MOVE_END, 0 },
	};
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	size_t			 i;
	int			 dy, page = vs->height > 1 ? vs->height : 1;

	if (strcmp(how, "next-match") == 0)
		return (ui_seek(ui, 1, cause));
	if (strcmp(how, "previous-match") == 0)
		return (ui_seek(ui, -1, cause));
	if (strcmp(how, "other") == 0)
		return (view_links_other(ui, cause));
	for (i = 0; i < nitems(moves); i++) {
		if (strcmp(moves[i].name, how) == 0)
			break;
	}
	if (i == nitems(moves)) {
		xasprintf(cause, "no cursor move '%s'", how);
		return (-1);
	}
	if (ui->pager.text != NULL)
		page = ui_text_height(ui) - ui->pager.head;
	dy = moves[i].dy;
	/* Pages are the body's height; halves, half of it. */
	if (abs(dy) == UI_MOVE_PAGE)
		dy = dy / UI_MOVE_PAGE * page;
	else if (abs(dy) == UI_MOVE_HALF)
		dy = dy / UI_MOVE_HALF * (page / 2 > 0 ? page / 2 : 1);
	else if (abs(dy) == UI_MOVE_SCREEN && ui->pager.text != NULL)
		dy = 0;
	else if (abs(dy) == UI_MOVE_SCREEN)
		dy = dy > 0 ? vs->top + page - 1 - vs->cursor :
		    vs->top - vs->cursor;
	if (ui->pager.text != NULL) {
		/* The pager goes sideways by half a screen. */
		ui->pager.top += dy;
		ui->pager.left += abs(moves[i].dx) == 1 ? moves[i].dx *
		    (ui->sx / 2 > 0 ? ui->sx / 2 : 1) : moves[i].dx;
		ui_text_clamp(ui);
	} else if (v->step != NULL)
		v->step(ui, moves[i].dx, dy);
	ui->dirty = 1;
	return (0);
}

void
view_open_node(struct ui *ui)
{
	const struct view_entry	*v = view_entry(ui);
	int			 node;

	if (v->node == NULL || (node = v->node(ui)) < 0)
		return;
	ui->node = node;
	if (ui->view != VIEW_NODE)
		ui_history_push(ui);
	ui->view = VIEW_NODE;
	ui->dirty = 1;
}

void
ui_open(struct ui *ui)
{
	const struct view_entry	*v = view_entry(ui);

	if (v->open != NULL)
		v->open(ui);
	else
		view_open_node(ui);
	ui->dirty = 1;
}

/*
 * goto: the cursor on node or job NAME in this view (in Jobs, a node's
 * job); a node's Node view from a view without it, a job's row in the Jobs
 * view from a view without jobs.  With `open', the Node view of node NAME
 * from any view.
 */
int
ui_goto(struct ui *ui, const char *name, int open, char **cause)
{
	const struct view_entry	*v = &view_table[ui->view];
	const struct model	*m = ui->model;
	u_int			 i;
	int			 node, job = -1, rec = -1;

	if ((node = model_find(m, name)) < 0 && !open) {
		for (i = 0; i < m->njobs && job < 0; i++) {
			if (strcmp(m->jobs[i].id, name) == 0)
				job = i;
		}
	}
	if (node < 0 && job < 0) {
		xasprintf(cause, "no node %s'%s'", open ? "" : "or job ", name);
		return (-1);
	}
	if (ui->pager.text != NULL)
		ui_text_close(ui);
	if (job >= 0 && ui->view == VIEW_MAP) {
		view_jobs_show(ui, job);
		return (0);
	}
	if (job >= 0) {
		if (v->job == NULL && ui_view(ui, "jobs", cause) != 0)
			return (-1);
		ui_draw(ui);		/* its rows, as they are */
		if (table_goto(ui, job, -1) == 0)
			return (0);
		xasprintf(cause, "job %s is not shown: the filter hides it",
		    name);
		return (-1);
	}
	/* The node it went to is the one the views that follow show. */
	ui->node = node;
	ui->vs[VIEW_MAP].cursor = node;
	if (open || ui->view == VIEW_NODE)
		return (ui_view(ui, "node", cause));
	if (ui->view == VIEW_MAP)
		return (0);
	ui_draw(ui);
	/* The Cooling view's rows are racks, the Jobs view's jobs. */
	if (ui->view == VIEW_COOLING)
		rec = m->nodes[node].rack;
	else if (v->job != NULL)
		rec = m->nodes[node].job;
	if (table_goto(ui, rec, node) == 0) {
		if (v->job != NULL)
			ui_message(ui, 0, "%s runs job %s", name,
			    m->jobs[rec].id);
		return (0);
	}
	if (v->job != NULL && rec < 0)
		ui_message(ui, 0, "%s runs no job: its Node view instead",
		    name);
	else
		ui_message(ui, 0, "%s is not in the %s view: its Node view "
		    "instead", name, v->title);
	return (ui_view(ui, "node", cause));
}

void
ui_back(struct ui *ui)
{
	if (ui->pager.text != NULL) {
		ui_text_close(ui);
		return;
	}
	if (ui->nmatches > 0) {
		ui->nmatches = 0;
		ui->dirty = 1;
		return;
	}
	if (ui->job >= 0 && ui->view == VIEW_MAP) {
		ui->job = -1;
		ui->dirty = 1;
		return;
	}
	if (view_state(ui)->filter != NULL) {
		ui_filter(ui, "", NULL);
		return;
	}
	if (ui->nhistory > 0)
		ui->view = ui->history[--ui->nhistory];
	ui->dirty = 1;
}

int
ui_mark(struct ui *ui, int mode, const char *nodeset, char **cause)
{
	const struct view_entry	*v = view_entry(ui);
	uint8_t			*mask;
	u_int			 i;
	int			 node, row;

	switch (mode) {
	case 'c':
		memset(ui->marks, 0, ui->model->nnodes);
		ui_message(ui, 0, "%u mark%s cleared", ui->nmarks,
		    ui->nmarks == 1 ? "" : "s");
		break;
	case 't':
		if (v->node == NULL || (node = v->node(ui)) < 0) {
			xasprintf(cause, "no node under the cursor");
			return (-1);
		}
		/*
		 * A row is one of a node's (a GPU): the node stays marked
		 * on its other rows, and unmarks on the row that marked it.
		 */
		row = table_row(ui);
		if (ui->marks[node] && row >= 0 && node == ui->mark_node &&
		    ui->view == ui->mark_view && row != ui->mark_row)
			ui_message(ui, 0, "%s stays marked: Space on the row "
			    "that marked it unmarks it",
			    ui->model->nodes[node].name);
		else {
			ui->marks[node] = !ui->marks[node];
			ui->mark_node = node;
			ui->mark_view = ui->view;
			ui->mark_row = row;
			ui_message(ui, 0, "%s %s", ui->marks[node] ? "marked" :
			    "unmarked", ui->model->nodes[node].name);
		}
		if (v->step == table_move)
			v->step(ui, 0, 1);
		break;
	case 'a':
	case 'u':
		if (model_select(ui->model, nodeset, &mask, cause) != 0)
			return (-1);
		for (i = 0; i < ui->model->nnodes; i++) {
			if (mask[i])
				ui->marks[i] = mode == 'a';
		}
		free(mask);
		break;
	}
	ui->nmarks = 0;
	for (i = 0; i < ui->model->nnodes; i++)
		ui->nmarks += ui->marks[i];
	ui->dirty = 1;
	return (0);
}

/* A sort's order in words, by the type of its field: up, then down. */
static const char *ui_sort_orders[][2] = {
	[FT_STR] = { "A to Z", "Z to A" },
	[FT_NODE] = { "in node order", "in reverse node order" },
	[FT_RACK] = { "in rack order", "in reverse rack order" },
	[FT_DURATION] = { "shortest first", "longest first" },
	[FT_TIME] = { "oldest first", "newest first" },
	[FT_RESULT] = { "best first", "worst first" },
	[FT_VERDICT] = { "best first", "worst first" },
	[FT_SUVERDICT] = { "best first", "worst first" },
	[FT_BURNIN] = { "queued first", "ended first" },
};

int
ui_sort(struct ui *ui, const char *name, char **cause)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	const struct record	*r;
	const struct field	*f;
	const char		*order;

	if (v->record == NULL || (r = record_find(v->record)) == NULL) {
		xasprintf(cause, "the %s view does not sort", v->name);
		return (-1);
	}
	if ((f = record_field(r, name)) == NULL) {
		xasprintf(cause, "no column '%s' in the %s view", name,
		    v->name);
		return (-1);
	}
	/* Again reverses; a view's own first sort is not the operator's. */
	if (vs->sort == f && vs->sorted)
		vs->reverse = !vs->reverse;
	else {
		vs->sort = f;
		/* Numbers sort biggest first: the hot GPU on top. */
		vs->reverse = f->type != FT_STR && f->type != FT_NODE &&
		    f->type != FT_RACK;
	}
	vs->sorted = 1;
	vs->rebuild = vs->reorder = 1;
	ui->dirty = 1;
	order = f->type < nitems(ui_sort_orders) ?
	    ui_sort_orders[f->type][vs->reverse] : NULL;
	ui_message(ui, 0, "sorted by %s, %s", f->name, order != NULL ? order :
	    vs->reverse ? "biggest first" : "smallest first");
	return (0);
}

/*
 * A filter is an expression (temp>85) on the view's records, a node set
 * (gpu[0001-0100]) or, if it is plainly text, text to look for in the
 * rows.  A bad expression, or a bad node set, is an error, as in batch
 * mode.  The cursor stays on its item when the filter keeps it.
 */
int
ui_filter(struct ui *ui, const char *text, char **cause)
{
	const struct view_entry	*v = view_entry(ui);
	struct view_state	*vs = view_state(ui);
	const struct record	*r;
	char			*why = NULL, *unknown = NULL;
	u_int			 found;

	free(vs->filter);
	filter_free(vs->fexpr);
	free(vs->fmask);
	vs->filter = NULL;
	vs->fexpr = NULL;
	vs->fmask = NULL;
	vs->rebuild = vs->reorder = 1;
	if (v->key == NULL)
		vs->cursor = vs->top = 0;
	ui->dirty = 1;
	if (*text == '\0') {
		ui_message(ui, 0, "filter cleared");
		return (0);
	}
	r = v->record != NULL ? record_find(v->record) : record_find("node");
	if ((strpbrk(text, "<>=~") != NULL &&
	    (vs->fexpr = filter_create(r, text, &why)) == NULL) ||
	    (vs->fexpr == NULL && model_select(ui->model, text, &vs->fmask,
	    &why) != 0 && strpbrk(text, "[],!&^") != NULL) ||
	    filter_nodes(vs->fexpr, ui->model, &unknown) != 0) {
		/* A bad expression says why, as batch does. */
		if (unknown != NULL || (strpbrk(text, "<>=~") == NULL &&
		    (unknown = model_unknown(ui->model, text)) != NULL)) {
			free(why);
			xasprintf(&why, "no node %s in the cluster", unknown);
			free(unknown);
		}
		filter_free(vs->fexpr);
		vs->fexpr = NULL;
		if (cause != NULL)
			*cause = why;
		else
			free(why);
		return (-1);
	}
	free(why);		/* plain text, then */
	vs->filter = xstrdup(text);
	ui_message(ui, 0, "filter: %s", text);
	/* The map shows every node: the cursor on the first it finds. */
	if (v->seek != NULL && (found = v->seek(ui, 0)) == 0)
		ui_message(ui, 1, "no node matches %s", text);
	else if (v->seek != NULL)
		ui_message(ui, 0, "%u node%s match%s %s; n, N: the next, the "
		    "previous", found, found == 1 ? "" : "s", found == 1 ? "es" :
		    "", text);
	return (0);
}

int
ui_metric(struct ui *ui, const char *name, char **cause)
{
	static const char	*names[] = { "state", "util", "temp", "power",
				    "health", "job", "model" };
	size_t			 i;

	if (strcmp(name, "next") == 0)
		ui->metric = (ui->metric + 1) % MAP_NMETRICS;
	else if (strcmp(name, "previous") == 0)
		ui->metric = (ui->metric + MAP_NMETRICS - 1) % MAP_NMETRICS;
	else {
		for (i = 0; i < nitems(names); i++) {
			if (strcmp(names[i], name) == 0)
				break;
		}
		if (i == nitems(names)) {
			xasprintf(cause, "no metric '%s'", name);
			return (-1);
		}
		ui->metric = i;
	}
	ui_message(ui, 0, "map shows %s", names[ui->metric]);
	ui->dirty = 1;
	return (0);
}

void
ui_prompt(struct ui *ui, int kind)
{
	ui->prompt = kind;
	ui->nmatches = 0;
	prompt_start(ui, kind);
	ui->dirty = 1;
}

void
ui_prompt_show(struct ui *ui, int kind, const char *line, int point)
{
	snprintf(ui->prompt_line, sizeof ui->prompt_line, "%c%s", kind, line);
	ui->prompt_point = point + 1;
	ui->dirty = 1;
}

void
ui_prompt_matches(struct ui *ui, char **matches, int n)
{
	ui->matches = matches;
	ui->nmatches = n;
	ui->dirty = 1;
}

/* Text onto b, its lines broken at blanks to be `width' wide at most. */
static void
ui_wrap(struct buf *b, const char *s, int width)
{
	int	 n, cut;

	while (*s != '\0') {
		n = strcspn(s, "\n");
		if (n > width) {
			for (cut = width; cut > width / 2; cut--) {
				if (s[cut] == ' ')
					break;
			}
			n = cut > width / 2 ? cut : width;
		}
		buf_add(b, s, n);
		buf_putc(b, '\n');
		s += n;
		s += *s == '\n' ? 1 : strspn(s, " ");
	}
}

/*
 * Run commands as if typed; output to the pager, errors to the message,
 * and to the pager too, after the output, when they do not fit it.
 */
static void
ui_run_command(struct ui *ui, const char *text, const char *where)
{
	struct cmd_ctx	*ctx = ui->ctx;
	char		*out = NULL, *err = NULL, *nl, *e, title[64];
	size_t		 outlen = 0, errlen = 0;
	struct buf	 b;
	FILE		*fo, *fe;

	fo = open_memstream(&out, &outlen);
	fe = open_memstream(&err, &errlen);
	if (fo == NULL || fe == NULL)
		return;
	ctx->out = fo;
	ctx->err = fe;
	ctx->width = ui->sx;
	ui->message[0] = '\0';
	cmd_run_string(ctx, text, where);
	fclose(fo);
	fclose(fe);
	ctx->out = ctx->err = NULL;
	ctx->width = 0;
	if (errlen > 0) {
		e = strncmp(err, "myriad: ", 8) == 0 ? err + 8 : err;
		if ((int)strcspn(e, "\n") >= ui->sx) {
			buf_init(&b);
			buf_add(&b, out, outlen);
			ui_wrap(&b, e, ui->sx - 1);
			free(out);
			out = b.data;
			outlen = b.len;
		}
		if ((nl = strchr(e, '\n')) != NULL)
			*nl = '\0';
		ui_message(ui, 1, "%s", e);
	}
	if (outlen > 0) {
		snprintf(title, sizeof title, "output of %s", text);
		ui_show_text(ui, title, out);
	}
	free(out);
	free(err);
	ui->dirty = 1;
}

void
ui_prompt_done(struct ui *ui, int kind, const char *line)
{
	char	*cause = NULL;

	ui->prompt = 0;
	ui->nmatches = 0;
	ui->dirty = 1;
	if (line == NULL || kind == 0)
		return;
	if (kind == '/' && ui->pager.text != NULL) {
		if (ui_search(ui, line, 1, &cause) != 0) {
			ui_message(ui, 1, "%s", cause);
			free(cause);
		}
		return;
	}
	if (kind == '/') {
		if (ui_filter(ui, line, &cause) != 0) {
			/* Where it went wrong, as batch mode shows it. */
			if (strchr(cause, '\n') != NULL)
				ui_show_text(ui, "filter", cause);
			ui_message(ui, 1, "%.*s", (int)strcspn(cause, "\n"),
			    cause);
			free(cause);
		}
		return;
	}
	if (*line != '\0')
		ui_run_command(ui, line, "prompt");
}

/*
 * The nodes a command acts on, and which they are in words: the marked
 * ones, else the cursor's node (the Node view's node), else the nodes of
 * the cursor's job.  Marks win, and the words say what they win over.
 * -1 and why in *what when there are none.
 */
int
ui_marked(struct ui *ui, int **ids, u_int *n, char **what)
{
	const struct view_entry	*v = &view_table[ui->view];
	const struct model	*m = ui->model;
	const struct job	*j = NULL;
	uint8_t			*mask = NULL;
	char			 cur[128], *cause = NULL;
	u_int			 i, ncur = 0, in = 0;
	int			 node, job;

	*ids = xcalloc(m->nnodes ? m->nnodes : 1, sizeof **ids);
	*n = 0;
	*what = NULL;
	cur[0] = '\0';
	if (v->node != NULL && (node = v->node(ui)) >= 0) {
		mask = xcalloc(m->nnodes, 1);
		mask[node] = 1;
		ncur = 1;
		snprintf(cur, sizeof cur, "the %s's %s", ui->view == VIEW_NODE ?
		    "Node view" : "cursor", m->nodes[node].name);
	} else if (v->job != NULL && (job = v->job(ui)) >= 0) {
		j = &m->jobs[job];
		if (j->nodes[0] != '\0' &&
		    model_select(m, j->nodes, &mask, &cause) == 0) {
			for (i = 0; i < m->nnodes; i++)
				ncur += mask[i];
		}
		free(cause);
		snprintf(cur, sizeof cur, "the %u node%s of job %s", ncur,
		    ncur == 1 ? "" : "s", j->id);
	}
	for (i = 0; i < m->nnodes && ui->nmarks > 0; i++) {
		if (ui->marks[i]) {
			(*ids)[(*n)++] = i;
			in += mask != NULL && mask[i];
		}
	}
	if (*n > 0 && ncur > 0)
		xasprintf(what, "the %u marked node%s (%s%s%s)", *n,
		    *n == 1 ? "" : "s", in == ncur ? "" : "not ", cur,
		    in == ncur ? " among them" : "");
	else if (*n > 0)
		xasprintf(what, "the %u marked node%s", *n, *n == 1 ? "" : "s");
	else if (ncur > 0) {
		for (i = 0; i < m->nnodes; i++) {
			if (mask[i])
				(*ids)[(*n)++] = i;
		}
		*what = xstrdup(cur);
	} else if (j != NULL)
		xasprintf(what, "job %s is %s: no nodes to act on", j->id,
		    j->state[0] != '\0' ? j->state : "not running");
	else
		xasprintf(what, "no node marked or under the cursor");
	free(mask);
	return (*n > 0 ? 0 : -1);
}

/* The id of the job under the cursor, or NULL. */
const char *
ui_job(struct ui *ui)
{
	const struct view_entry	*v = &view_table[ui->view];
	int			 job;

	if (v->job == NULL || (job = v->job(ui)) < 0)
		return (NULL);
	return (ui->model->jobs[job].id);
}

/*
 * Ask before a command changes the cluster: a box over the screen with
 * what it will do; the operator types EXPECT (the node count, or y) and
 * Enter.  Anything else, Escape, or no answer in five minutes is no, and
 * so is a terminal that hangs up (the console ends).  The console goes on
 * under the box, reading and drawing; the keys are the box's.
 */
int
ui_confirm(struct ui *ui, const char *text, const char *expect)
{
	struct ui_box	 box;
	double		 until = loop_now() + 300;

	if (ui->box != NULL)
		return (0);		/* one at a time */
	memset(&box, 0, sizeof box);
	box.text = text;
	box.expect = expect;
	box.answer = -1;
	ui->box = &box;
	ui->dirty = 1;
	while (box.answer == -1 && !ui->quit && loop_now() < until)
		ui_pass(ui);
	ui->box = NULL;
	ui->dirty = 2;
	return (box.answer == 1);
}

/* Whether a box waits for an answer: nothing else may start then. */
int
ui_asking(struct ui *ui)
{
	return (ui != NULL && ui->box != NULL);
}

/*
 * A key to the box.  [y/N] takes y or n, the node count digits; other
 * keys are not the answer and do nothing.
 */
static void
ui_box_key(struct ui *ui, int key)
{
	struct ui_box	*box = ui->box;
	size_t		 len = strlen(box->typed);
	int		 yn = strcmp(box->expect, "y") == 0;

	if (box->answer != -1)
		return;
	if (key == 27 || key == 7)
		box->answer = 0;
	else if (key == '\r')
		box->answer = strcmp(box->typed, box->expect) == 0;
	else if (key == 127 && len > 0)
		box->typed[len - 1] = '\0';
	else if (yn && (key == 'y' || key == 'Y' || key == 'n' || key == 'N'))
		snprintf(box->typed, sizeof box->typed, "%c", tolower(key));
	else if (!yn && key >= '0' && key <= '9' &&
	    len + 1 < sizeof box->typed) {
		box->typed[len] = key;
		box->typed[len + 1] = '\0';
	}
	ui->dirty = 1;
}

/*
 * A line of the box's text, N bytes, in rows of WIDTH, cut at a space
 * (a word longer than a row at the row's end): drawn into W from row Y
 * up to row MAXY (none when W is NULL).  The rows it takes.
 */
static int
ui_box_wrap(WINDOW *w, int y, int maxy, const char *p, int n, int width)
{
	int	 rows = 0, k;

	if (width < 1)
		width = 1;
	do {
		k = n;
		if (k > width) {
			for (k = width; k > 0 && p[k] != ' '; k--)
				;
			if (k == 0)
				k = width;
		}
		if (w != NULL && y + rows < maxy)
			mvwaddnstr(w, y + rows, 2, p, k);
		rows++;
		p += k;
		n -= k;
		if (n > 0 && *p == ' ') {
			p++;
			n--;
		}
	} while (n > 0);
	return (rows);
}

/* The box, in the middle; long lines (a command) wrap at spaces. */
static void
ui_draw_box(struct ui *ui)
{
	struct ui_box	*box = ui->box;
	WINDOW		*w;
	const char	*p;
	int		 lines = 0, width = 0, n, y, h;

	for (p = box->text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		if (n > width)
			width = n;
	}
	width = width + 4 < 50 ? 50 : width + 4;
	if (width > ui->sx)
		width = ui->sx;
	for (p = box->text; *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		lines += ui_box_wrap(NULL, 0, 0, p, n, width - 4);
	}
	h = lines + 4 < ui->sy ? lines + 4 : ui->sy;
	if ((w = newwin(h, width, (ui->sy - h) / 2, (ui->sx - width) / 2)) ==
	    NULL)
		return;
	box(w, 0, 0);
	for (p = box->text, y = 1; *p != '\0' && y < h - 2;
	    p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		y += ui_box_wrap(w, y, h - 2, p, n, width - 4);
	}
	if (strcmp(box->expect, "y") == 0)
		mvwprintw(w, h - 2, 2, "Go on? [y/N] %s", box->typed);
	else
		mvwprintw(w, h - 2, 2, "Type %s to go on, Esc cancels: %s",
		    box->expect, box->typed);
	curs_set(1);
	wnoutrefresh(w);
	delwin(w);
}

/* Curses keys into ours. */
static int
ui_key(wint_t ch, int iskey)
{
	static const struct {
		int	 curses;
		int	 key;
	} table[] = {
		{ KEY_UP, KEYC_UP }, { KEY_DOWN, KEYC_DOWN },
		{ KEY_LEFT, KEYC_LEFT }, { KEY_RIGHT, KEYC_RIGHT },
		{ KEY_PPAGE, KEYC_PPAGE }, { KEY_NPAGE, KEYC_NPAGE },
		{ KEY_HOME, KEYC_HOME }, { KEY_END, KEYC_END },
		{ KEY_IC, KEYC_IC }, { KEY_DC, KEYC_DC },
		{ KEY_BTAB, KEYC_BTAB }, { KEY_BACKSPACE, 127 },
		{ KEY_ENTER, '\r' },
	};
	size_t	 i;

	if (!iskey) {
		if (ch == '\n')
			return ('\r');
		if (ch == 8)
			return (127);
		return (ch);
	}
	for (i = 0; i < nitems(table); i++) {
		if (table[i].curses == (int)ch)
			return (table[i].key);
	}
	if ((int)ch >= KEY_F(1) && (int)ch <= KEY_F(12))
		return (KEYC_F1 + ch - KEY_F(1));
	return (-1);
}

static void
ui_mouse(struct ui *ui)
{
	const struct view_entry	*v = &view_table[ui->view];
	MEVENT			 me;
	int			 i, x;
	char			*cause = NULL;

	if (getmouse(&me) != OK || ui->box != NULL)
		return;
	if (me.bstate & BUTTON4_PRESSED) {
		if (v->step != NULL)
			v->step(ui, 0, -3);
	} else if (me.bstate & BUTTON5_PRESSED) {
		if (v->step != NULL)
			v->step(ui, 0, 3);
	} else if (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED |
	    BUTTON1_RELEASED)) {
		if (me.y == 0) {
			/* The tab bar: which title is under the click? */
			for (i = 0; i < VIEW_NVIEWS; i++) {
				x = ui->tabs[i];
				if (me.x >= x && me.x < ui->tabs[i + 1]) {
					ui_view(ui, view_table[i].name,
					    &cause);
					free(cause);
				}
			}
		} else if (v->click != NULL && me.y >= 1 && me.y < ui->sy - 2)
			v->click(ui, me.y - 1, me.x);
	}
	ui->dirty = 1;
}

/* The key table: the pager's while it is open, else the view's. */
static const char *
ui_keys_table(struct ui *ui)
{
	return (ui->pager.text != NULL ? "pager" : view_entry(ui)->name);
}

/* A key to the prompt, or the command bound to it. */
static void
ui_press(struct ui *ui, int key)
{
	const char	*command;

	if (ui->box != NULL) {
		ui_box_key(ui, key);
		return;
	}
	if (ui->prompt) {
		if (key == 27 || key == 7)
			prompt_cancel(ui);
		else
			prompt_key(ui, key);
		return;
	}
	/*
	 * A key acts on what the screen shows: keys that come together
	 * (typed ahead, over a slow link) each see the frame the one before
	 * made.
	 */
	if (ui->dirty)
		ui_draw(ui);
	ui->message[0] = '\0';
	command = keys_find(ui_keys_table(ui), key);
	if (command != NULL)
		ui_run_command(ui, command, "key");
	ui->dirty = ui->dirty ? ui->dirty : 1;
}

/* The keys whose sequences curses may read in pieces, after Escape. */
static const struct {
	const char	*seq;
	int		 key;
} ui_escape_keys[] = {
	{ "[A", KEYC_UP }, { "[B", KEYC_DOWN }, { "[C", KEYC_RIGHT },
	{ "[D", KEYC_LEFT }, { "[H", KEYC_HOME }, { "[F", KEYC_END },
	{ "[Z", KEYC_BTAB }, { "OA", KEYC_UP }, { "OB", KEYC_DOWN },
	{ "OC", KEYC_RIGHT }, { "OD", KEYC_LEFT }, { "OH", KEYC_HOME },
	{ "OF", KEYC_END }, { "OP", KEYC_F1 }, { "OQ", KEYC_F1 + 1 },
	{ "OR", KEYC_F1 + 2 }, { "OS", KEYC_F1 + 3 },
	{ "[1~", KEYC_HOME }, { "[2~", KEYC_IC }, { "[3~", KEYC_DC },
	{ "[4~", KEYC_END }, { "[5~", KEYC_PPAGE }, { "[6~", KEYC_NPAGE },
	{ "[7~", KEYC_HOME }, { "[8~", KEYC_END },
	{ "[11~", KEYC_F1 }, { "[12~", KEYC_F1 + 1 },
	{ "[13~", KEYC_F1 + 2 }, { "[14~", KEYC_F1 + 3 },
	{ "[15~", KEYC_F1 + 4 }, { "[17~", KEYC_F1 + 5 },
	{ "[18~", KEYC_F1 + 6 }, { "[19~", KEYC_F1 + 7 },
	{ "[20~", KEYC_F1 + 8 }, { "[21~", KEYC_F1 + 9 },
	{ "[23~", KEYC_F1 + 10 }, { "[24~", KEYC_F1 + 11 },
};

/* A lone Escape that nothing followed in time is Escape. */
static void
ui_escape_timer(void *arg)
{
	struct ui	*ui = arg;

	if (strcmp(ui->seq, "\033") != 0 ||
	    loop_now() - ui->escape < UI_ESCAPE_WAIT * 0.99)
		return;
	ui->seq[0] = '\0';
	ui_press(ui, 27);
}

/*
 * Escape sequences that come in pieces, as a slow link splits End (ESC [
 * 4 ~) over reads curses does not wait for, are put together here.  A
 * lone Escape waits UI_ESCAPE_WAIT for the rest before it is Escape; a
 * rest that comes later still, within UI_ESCAPE_LATE, is read as its key
 * all the same, never as keys of its own.  A sequence not known is
 * dropped.  Returns the key to act on, or -1.
 */
static int
ui_escape(struct ui *ui, int key, int plain)
{
	size_t	 n = strlen(ui->seq), i;

	if (plain && (key == '[' || key == 'O') && (n == 1 || (n == 0 &&
	    ui->escape != 0 && loop_now() - ui->escape < UI_ESCAPE_LATE))) {
		ui->seq[0] = 27;
		ui->seq[1] = key;
		ui->seq[2] = '\0';
		return (-1);
	}
	if (n == 1)
		ui_press(ui, 27);	/* Escape, then another key */
	if (n >= 2 && plain && key >= ' ' && key < 0x7f &&
	    n + 1 < sizeof ui->seq) {
		ui->seq[n] = key;
		ui->seq[n + 1] = '\0';
		if (ui->seq[1] == '[' && key < '@')
			return (-1);	/* a parameter: more to come */
		for (i = 0; i < nitems(ui_escape_keys); i++) {
			if (strcmp(ui_escape_keys[i].seq, ui->seq + 1) == 0)
				break;
		}
		key = i < nitems(ui_escape_keys) ? ui_escape_keys[i].key : -1;
	}
	ui->seq[0] = '\0';
	ui->escape = 0;
	if (key == 27) {
		strlcpy(ui->seq, "\033", sizeof ui->seq);
		ui->escape = loop_now();
		loop_timer(ui->loop, UI_ESCAPE_WAIT, ui_escape_timer, ui);
		return (-1);
	}
	return (key);
}

static void
ui_input(int fd, short revents, void *arg)
{
	struct ui	*ui = arg;
	wint_t		 ch;
	int		 rc, key, plain;

	/* The terminal is gone (its window closed, the SSH link dropped). */
	if (revents & (POLLHUP|POLLERR|POLLNVAL)) {
		ui->quit = 1;
		return;
	}
	/* Once the box has its answer, the rest is for what it asked. */
	while (!ui->quit && (ui->box == NULL || ui->box->answer == -1) &&
	    (rc = wget_wch(stdscr, &ch)) != ERR) {
		if (rc == KEY_CODE_YES && ch == KEY_MOUSE) {
			ui_mouse(ui);
			continue;
		}
		if (rc == KEY_CODE_YES && ch == KEY_RESIZE) {
			ui->dirty = 2;
			continue;
		}
		plain = rc == OK;
		if ((key = ui_key(ch, rc == KEY_CODE_YES)) == -1)
			continue;
		if (key == 27 && (rc = wget_wch(stdscr, &ch)) != ERR) {
			/*
			 * Escape and a key at once: Meta and the key if the
			 * prompt or a binding takes it, else Escape and then
			 * the key, which goes back to be read next.
			 */
			if (rc == OK && ch != 27 && ch != '[' && ch != 'O' &&
			    ((ui->prompt && ch >= ' ') || (ui->box == NULL &&
			    keys_find(ui_keys_table(ui), KEYC_META |
			    ui_key(ch, 0)) != NULL)))
				key = KEYC_META | ui_key(ch, 0);
			else if (rc == OK)
				unget_wch(ch);
			else
				ungetch(ch);
		}
		if ((key = ui_escape(ui, key, plain)) != -1)
			ui_press(ui, key);
	}
}

static void
ui_refresh_timer(void *arg)
{
	struct ui	*ui = ((struct ui **)arg)[0];
	size_t		 i = (size_t)((void **)arg)[1];

	backend_start(ui->ctx->backend, ui_refresh[i].domains);
	ui->busy = 1;
	loop_timer(ui->loop, options_get_float(ui_refresh[i].option),
	    ui_refresh_timer, arg);
}

static void
ui_inspect_read(void *arg)
{
	struct ui	*ui = arg;

	backend_start(ui->ctx->backend, BIT(DOM_LINKS) | BIT(DOM_IB));
	ui->busy = 1;
}

/*
 * inspect-links in the console: the Links view shows the inspection `l'
 * (its first read taken) of the nodes in `mask' (NULL: all), and the
 * links are read again `interval' seconds on, without a wait.
 */
void
ui_inspect_links(struct ui *ui, struct links *l, uint8_t *mask,
    const char *set, double interval)
{
	struct view_state	*vs = &ui->vs[VIEW_LINKS];

	links_free(ui->links);
	free(ui->links_mask);
	free(ui->links_set);
	ui->links = l;
	ui->links_mask = mask;
	ui->links_set = xstrdup(set != NULL ? set : "all nodes");
	ui->links_second = 0;
	ui_view(ui, "links", NULL);
	vs->cursor = vs->top = vs->keyed = 0;
	vs->rebuild = 1;
	free(vs->rows);
	vs->rows = NULL;
	if (interval <= 0)
		return;
	ui->links_second = loop_now() + interval;
	if (backend_skip(ui->ctx->backend, interval))
		ui_inspect_read(ui);
	else
		loop_timer(ui->loop, interval, ui_inspect_read, ui);
}

/* Draw the screen as text into a file, the way an operator sees it. */
int
ui_dump(struct ui *ui, const char *path, char **cause)
{
	FILE	*f;
	int	 y, x, n;
	cchar_t	 cc;
	wchar_t	 wc[CCHARW_MAX + 1];
	attr_t	 a;
	short	 pair;
	char	 mb[MB_LEN_MAX * (CCHARW_MAX + 1)];
	char	*line;
	size_t	 len;

	ui_draw(ui);
	if ((f = fopen(path, "w")) == NULL) {
		xasprintf(cause, "%s: %s", path, strerror(errno));
		return (-1);
	}
	line = xmalloc((size_t)ui->sx * sizeof mb + 1);
	for (y = 0; y < ui->sy; y++) {
		len = 0;
		for (x = 0; x < ui->sx; x++) {
			if (mvwin_wch(curscr, y, x, &cc) == ERR)
				break;
			if (getcchar(&cc, wc, &a, &pair, NULL) == ERR)
				continue;
			if (wc[0] == L'\0')
				continue;
			n = wcstombs(mb, wc, sizeof mb);
			if (n > 0) {
				memcpy(line + len, mb, n);
				len += n;
			}
		}
		while (len > 0 && line[len - 1] == ' ')
			len--;
		line[len] = '\0';
		fprintf(f, "%s\n", line);
	}
	free(line);
	fclose(f);
	return (0);
}

/*
 * The header: name, cluster, SIMULATED, the tabs.  When the tabs do not
 * all fit, the name goes first, then the tabs that still do not, those
 * before the current one first, so it is always there.
 */
static void
ui_draw_header(struct ui *ui)
{
	const struct model	*m = ui->model;
	int			 x = 0, i, n, tabs = 0, narrow, first = 0;
	char			 tab[32];

	for (i = 0; i < VIEW_NVIEWS; i++)
		tabs += snprintf(tab, sizeof tab, " %d %s", i + 1,
		    view_table[i].title);
	narrow = 8 + (int)strlen(m->cluster) + (m->simulated ? 10 : 0) +
	    tabs > ui->sx;
	wattrset(stdscr, colour(C_HEADER));
	mvwhline(stdscr, 0, 0, ' ', ui->sx);
	mvwprintw(stdscr, 0, 0, "%s%s", narrow ? "" : "myriad ", m->cluster);
	x = (narrow ? 1 : 8) + strlen(m->cluster);
	if (m->simulated) {
		wattrset(stdscr, colour(C_SIM));
		mvwaddstr(stdscr, 0, x, "SIMULATED");
		x += 10;
	}
	for (tabs = 0, i = 0; i <= (int)ui->view; i++)
		tabs += snprintf(tab, sizeof tab, " %d %s", i + 1,
		    view_table[i].title);
	while (x + tabs > ui->sx && first < (int)ui->view) {
		tabs -= snprintf(tab, sizeof tab, " %d %s", first + 1,
		    view_table[first].title);
		first++;
	}
	for (i = 0; i < VIEW_NVIEWS; i++) {
		n = snprintf(tab, sizeof tab, " %d %s", i + 1,
		    view_table[i].title);
		ui->tabs[i] = x;
		if (i < first)
			continue;
		if (x + n > ui->sx) {
			ui->tabs[i] = ui->sx;
			continue;
		}
		wattrset(stdscr, colour((enum view_id)i == ui->view ? C_TABSEL :
		    C_TAB));
		mvwaddstr(stdscr, 0, x, tab);
		x += n;
	}
	ui->tabs[VIEW_NVIEWS] = x;
	wattrset(stdscr, A_NORMAL);
}

/*
 * The status line: states (in service, then out), utilization, the
 * accelerators of each vendor when there are several, alerts (the nodes
 * that need attention: new + handled), age, unreachable and, until every
 * node has answered or failed, how many are still connecting.
 * The counts are made again only when the model changed.
 */
static void
ui_draw_status(struct ui *ui)
{
	static uint64_t		 made = UINT64_MAX;
	static char		 part[8][160];	/* but the age's */
	/*
	 * The parts a narrow line leaves out, the least urgent first:
	 * vendors, util, alloc and idle, age, drain and down, unreach.
	 */
	static const u_int	 drops[] = { 3, 2, 0, 5, 1, 6 };
	struct model		*m = ui->model;
	const struct gpu	*g;
	u_int			 counts[5] = { 0 }, unreach = 0, ngpus = 0;
	u_int			 connecting = 0, new, handled, i, drop = 0;
	u_int			 vendors[VENDOR_HYGON + 1] = { 0 }, nv = 0;
	size_t			 k, n = m->ngpus;
	double			 util = 0, age;
	char			 line[512], agebuf[16], marks[32], *p;
	static const char	*names[] = { "alloc", "idle", "drain", "down",
				    "other" };
	int			 len, mlen, narrow = 0;

	if (made != ui->drawn) {
		made = ui->drawn;
		for (i = 0; i < m->nnodes; i++) {
			const char	*s = m->nodes[i].state;

			if (strstr(s, "drain") != NULL)
				counts[2]++;
			else if (strncmp(s, "down", 4) == 0 ||
			    strncmp(s, "fail", 4) == 0)
				counts[3]++;
			else if (strncmp(s, "alloc", 5) == 0 ||
			    strncmp(s, "mix", 3) == 0 ||
			    strncmp(s, "comp", 4) == 0)
				counts[0]++;
			else if (strncmp(s, "idle", 4) == 0)
				counts[1]++;
			else
				counts[4]++;
			if (model_unreachable(&m->nodes[i]))
				unreach++;
			else if (m->nodes[i].reach != REACH_UP)
				connecting++;
		}
		for (k = 0; k < n; k++) {
			g = &m->gpus[k];
			if (g->node < m->nnodes && (u_int)g->index <
			    m->nodes[g->node].ngpus &&
			    g->vendor <= VENDOR_HYGON)
				vendors[g->vendor]++;
			if (g->valid & BIT(GPU_UTIL)) {
				util += g->util_pct;
				ngpus++;
			}
		}
		alerts_count(m, &new, &handled);
		part[0][0] = part[1][0] = '\0';
		for (i = 0; i < nitems(names); i++) {
			p = part[i < 2 ? 0 : 1];
			if (counts[i] > 0 || i < 4)
				snprintf(p + strlen(p), sizeof part[0] -
				    strlen(p), " %s %u", names[i], counts[i]);
		}
		if (ngpus > 0)
			snprintf(part[2], sizeof part[2], "util %.0f%%",
			    util / ngpus);
		else
			snprintf(part[2], sizeof part[2], "util -");
		part[3][0] = '\0';
		for (i = VENDOR_NVIDIA; i <= VENDOR_HYGON; i++)
			nv += vendors[i] > 0;
		for (i = VENDOR_NVIDIA; i <= VENDOR_HYGON && nv > 1; i++) {
			p = part[3];
			if (vendors[i] > 0)
				snprintf(p + strlen(p), sizeof part[3] -
				    strlen(p), "%s%s %u", p[0] != '\0' ? " " :
				    "", field_enum_name(FT_VENDOR, i),
				    vendors[i]);
		}
		snprintf(part[4], sizeof part[4], "alerts %u+%u", new, handled);
		snprintf(part[6], sizeof part[6], "unreach %u", unreach);
		part[7][0] = '\0';
		if (connecting > 0)
			snprintf(part[7], sizeof part[7], "connecting %u of %u",
			    connecting, m->nnodes);
	}
	age = m->refreshed > 0 ? (double)time(NULL) - m->refreshed : -1;
	if (age < 0 && m->refreshed > 0)
		age = 0;
	if (age < 0)
		snprintf(agebuf, sizeof agebuf, "-");
	else if (age < 1)
		snprintf(agebuf, sizeof agebuf, "<1s");
	else
		snprintf(agebuf, sizeof agebuf, "%.0fs", age);
	snprintf(part[5], sizeof part[5], "age %s", agebuf);
	mlen = 0;
	if (ui->nmarks > 0)
		mlen = snprintf(marks, sizeof marks, " %u marked ", ui->nmarks);
	/*
	 * Narrow: no spaces around the bars; then, for the marks, whole
	 * parts (drops), never the alerts nor the connecting.  Nothing is
	 * cut mid-word.  The age counts as four columns, so the line keeps
	 * its form as the age changes.
	 */
	for (;;) {
		len = 0;
		line[0] = '\0';
		for (i = 0; i < nitems(part); i++) {
			if (part[i][0] != '\0' && (drop & BIT(i)) == 0)
				len += snprintf(line + len, sizeof line - len,
				    "%s%s", len == 0 || i == 1 ? "" : narrow ?
				    "|" : " | ", part[i]);
		}
		if (len - ((drop & BIT(5)) ? 4 : (int)strlen(agebuf)) + 4 +
		    mlen <= ui->sx)
			break;
		if (!narrow) {
			narrow = 1;
			continue;
		}
		for (k = 0; k < nitems(drops); k++) {
			if (part[drops[k]][0] != '\0' &&
			    (drop & BIT(drops[k])) == 0)
				break;
		}
		if (k == nitems(drops))
			break;
		drop |= BIT(drops[k]);
	}
	/* The vendors a narrow line leaves out go under it, by the keys. */
	snprintf(ui_status_vendors, sizeof ui_status_vendors, "%s",
	    (drop & BIT(3)) ? part[3] : "");
	wattrset(stdscr, colour(C_STATUS));
	mvwhline(stdscr, ui->sy - 2, 0, ' ', ui->sx);
	mvwaddnstr(stdscr, ui->sy - 2, 0, line, ui->sx);
	if (mlen > 0) {
		wattrset(stdscr, colour(C_MARK) | A_REVERSE);
		mvwaddnstr(stdscr, ui->sy - 2, ui->sx > mlen ? ui->sx - mlen :
		    0, marks, ui->sx);
	}
	wattrset(stdscr, A_NORMAL);
}

static void
ui_draw_bottom(struct ui *ui)
{
	static const char hint[] = "? keys  : command  / filter  f go to  "
	    "Enter open  Space mark  a alerts  q quit";
	const char	*p;
	int		 y = ui->sy - 1, i, x, w, n, v;

	wmove(stdscr, y, 0);
	wclrtoeol(stdscr);
	if (ui->prompt) {
		mvwaddnstr(stdscr, y, 0, ui->prompt_line, ui->sx - 1);
		/*
		 * Completions, drawn by us on the line above the prompt:
		 * the status line's, as the body's window covers the rest.
		 */
		if (ui->nmatches > 0) {
			x = 0;
			w = ui->sy - 2;
			wattrset(stdscr, colour(C_STATUS));
			mvwhline(stdscr, w, 0, ' ', ui->sx);
			for (i = 0; i < (int)ui->nmatches; i++) {
				if (x + (int)strlen(ui->matches[i]) + 1 >=
				    ui->sx) {
					mvwaddstr(stdscr, w, x, "...");
					break;
				}
				mvwaddstr(stdscr, w, x, ui->matches[i]);
				x += strlen(ui->matches[i]) + 2;
			}
			wattrset(stdscr, A_NORMAL);
		}
		return;
	}
	if (ui->message[0] != '\0') {
		draw_text(stdscr, y, 0, ui->sx - 1, colour(ui->message_error ?
		    C_ERROR : C_NORMAL), ui->message);
	} else if (ui->pager.text != NULL) {
		wattrset(stdscr, colour(C_DIM));
		mvwaddnstr(stdscr, y, 0, "q close  Space page  g G ends  / search"
		    "  n N next  arrows scroll", ui->sx - 1);
		wattrset(stdscr, A_NORMAL);
	} else if (view_state(ui)->filter != NULL) {
		wattrset(stdscr, colour(C_DIM));
		mvwprintw(stdscr, y, 0, "filter: %.*s  (Escape clears)",
		    ui->sx - 24, view_state(ui)->filter);
		wattrset(stdscr, A_NORMAL);
	} else {
		/* The keys that fit, whole, and the vendors' counts. */
		v = strlen(ui_status_vendors);
		if (v + 2 > ui->sx - 1)
			v = 0;
		else if (v > 0) {
			v += 2;
			mvwaddstr(stdscr, y, ui->sx - v, ui_status_vendors);
		}
		for (n = strlen(hint); n > ui->sx - 1 - v; n = p - hint) {
			for (p = hint + n - 1; p > hint && memcmp(p, "  ", 2);
			    p--)
				;
		}
		wattrset(stdscr, colour(C_DIM));
		mvwaddnstr(stdscr, y, 0, hint, n);
		wattrset(stdscr, A_NORMAL);
	}
}

/*
 * The pager over the body: a title with where the page is, then the
 * lines from the top one and the left column, the last search's matches
 * in reverse.
 */
static void
ui_draw_text(struct ui *ui)
{
	WINDOW		*w = ui->body;
	struct ui_pager	*pg = &ui->pager;
	const char	*line, *end, *p, *s = pg->search;
	char		 title[128];
	int		 i, y, h, cols, n, k;

	ui_text_clamp(ui);
	werase(w);
	getmaxyx(w, h, cols);
	n = snprintf(title, sizeof title, "%s: lines %d-%d of %d", pg->title,
	    pg->nlines > 0 ? pg->top + 1 + (pg->head && pg->top > 0) : 0,
	    pg->top + h - 1 < pg->nlines ? pg->top + h - 1 : pg->nlines,
	    pg->nlines);
	if (pg->width > cols)
		snprintf(title + n, sizeof title - n, ", columns %d-%d of %d",
		    pg->left + 1, pg->left + cols, pg->width);
	draw_text(w, 0, 0, cols, colour(C_HEADER), title);
	for (y = 1; y < h; y++) {
		/* A table's heading stays on the first line. */
		i = y == 1 && pg->head ? 0 : pg->top + y - 1;
		if (i >= pg->nlines)
			break;
		line = pg->text + pg->lines[i];
		end = line + strcspn(line, "\n");
		k = pg->left < end - line ? pg->left : end - line;
		while (line + k < end && (line[k] & 0xc0) == 0x80)
			k++;	/* not half a character */
		wattrset(w, i == 0 && pg->head ? A_BOLD : A_NORMAL);
		mvwaddnstr(w, y, 0, line + k, end - line - k < cols ?
		    end - line - k : cols);
		wattrset(w, A_REVERSE);
		for (p = line; s != NULL && (p = ui_text_find(p, end, s)) !=
		    NULL; p++) {
			k = p - line - pg->left;
			n = strlen(s);
			if (k < 0 && k + n > 0) {
				p -= k;
				n += k;
				k = 0;
			}
			if (k >= 0 && k < cols)
				mvwaddnstr(w, y, k, p, n < cols - k ? n :
				    cols - k);
		}
	}
	wattrset(w, A_NORMAL);
	wnoutrefresh(w);
}

static void
ui_draw(struct ui *ui)
{
	const struct view_entry	*v = &view_table[ui->view];

	if (ui->dirty == 2) {
		clearok(curscr, TRUE);
		getmaxyx(stdscr, ui->sy, ui->sx);
		wresize(ui->body, ui->sy > 3 ? ui->sy - 3 : 1, ui->sx);
		werase(stdscr);
	}
	getmaxyx(stdscr, ui->sy, ui->sx);
	ui_draw_header(ui);
	ui_draw_status(ui);
	ui_draw_bottom(ui);
	wnoutrefresh(stdscr);
	if (ui->pager.text != NULL)
		ui_draw_text(ui);
	else {
		v->draw(ui, ui->body);
		wnoutrefresh(ui->body);
	}
	if (ui->box != NULL)
		ui_draw_box(ui);
	else if (ui->prompt) {
		curs_set(1);
		wmove(stdscr, ui->sy - 1, ui->prompt_point < ui->sx ?
		    ui->prompt_point : ui->sx - 1);
		wnoutrefresh(stdscr);
	} else
		curs_set(0);
	doupdate();
	ui->dirty = 0;
}

static int
ui_colours(void)
{
	const char	*when = options_get("color"), *e;
	int		 n;

	if (strcmp(when, "never") == 0)
		return (0);
	if ((e = getenv("NO_COLOR")) != NULL && *e != '\0' &&
	    strcmp(when, "always") != 0)
		return (0);
	if (strcmp(when, "auto") == 0 && (e = getenv("CLICOLOR")) != NULL &&
	    strcmp(e, "0") == 0 && getenv("CLICOLOR_FORCE") == NULL)
		return (0);
	if (!has_colors())
		return (0);
	/* COLORS is not set until start_color(): ask terminfo. */
	n = tigetnum("colors");
	return (n >= 256 ? 256 : n >= 16 ? 16 : 8);
}

/* One pass of the loop: a frame if it is due, data read, what is ready. */
static void
ui_pass(struct ui *ui)
{
	uint64_t	 gen = 0;
	double		 wait = 1.0, since;
	int		 d, i;

	for (d = 0; d < DOM_NDOMAINS; d++)
		gen += ui->model->gen[d];
	/*
	 * New data is drawn at most every UI_DATA_FRAME seconds (a fleet's
	 * streams change the model all the time); a key is drawn at once,
	 * with whatever data there is.
	 */
	if (gen != ui->drawn) {
		since = loop_now() - ui->drawn_at;
		if (ui->dirty || since >= UI_DATA_FRAME) {
			ui->drawn = gen;
			ui->drawn_at = loop_now();
			for (i = 0; i < VIEW_NVIEWS; i++)
				ui->vs[i].rebuild = 1;
			if (!ui->dirty)
				ui->dirty = 1;
		} else
			wait = UI_DATA_FRAME - since;
	}
	if (ui->dirty)
		ui_draw(ui);
	/* Read data in slices between keys and frames. */
	if (ui->busy)
		ui->busy = backend_work(ui->ctx->backend, 0.008);
	loop_once(ui->loop, ui->busy ? 0 : wait);
}

int
ui_run(struct cmd_ctx *ctx)
{
	struct ui	 ui;
	SCREEN		*screen;
	void		*timers[nitems(ui_refresh)][2];
	size_t		 i;
	char		*cause, *cup;
	const char	*why;

	memset(&ui, 0, sizeof ui);
	ui.ctx = ctx;
	ui.model = ctx->model;
	ui.job = -1;
	ui.node = -1;
	ui.marks = xcalloc(ui.model->nnodes + 1, 1);
	ui.loop = loop_create();
	ctx->ui = &ui;

	if (cmd_keymap_load(ctx, &cause) != 0) {
		fprintf(stderr, "myriad: %s\n", cause);
		free(cause);
		return (2);
	}
	/* Characters as the terminal's, numbers as C's, as tmux does. */
	setlocale(LC_CTYPE, "");
	ui.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	draw_init(ui.utf8);

	/*
	 * A terminal that cannot move its cursor cannot show the console,
	 * nor can one of a type curses does not know.
	 */
	if ((screen = newterm(NULL, stdout, stdin)) == NULL ||
	    (cup = tigetstr("cup")) == NULL || cup == (char *)-1) {
		why = "is an unknown terminal type (no terminfo entry): set "
		    "TERM to your terminal's";
		if (screen != NULL) {
			why = "cannot move the cursor, which the console needs";
			endwin();
			delscreen(screen);
		}
		fprintf(stderr, "myriad: TERM=%s %s; run commands with -c "
		    "instead, as in myriad -c summary\n", getenv("TERM") !=
		    NULL ? getenv("TERM") : "", why);
		free(ui.marks);
		loop_free(ui.loop);
		ctx->ui = NULL;
		return (2);
	}
	ui_current = &ui;
	signal(SIGSEGV, ui_fatal);
	signal(SIGBUS, ui_fatal);
	signal(SIGABRT, ui_fatal);
	signal(SIGFPE, ui_fatal);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED |
	    BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	ui.colours = ui_colours();
	colour_init(ui.colours);
	getmaxyx(stdscr, ui.sy, ui.sx);
	ui.body = newwin(ui.sy > 3 ? ui.sy - 3 : 1, ui.sx, 1, 0);
	prompt_init(&ui);

	loop_add_fd(ui.loop, STDIN_FILENO, POLLIN, ui_input, &ui);
	backend_attach(ctx->backend, ui.loop);
	loop_signal(ui.loop, SIGWINCH, ui_sig_winch, &ui);
	loop_signal(ui.loop, SIGTERM, ui_sig_quit, &ui);
	loop_signal(ui.loop, SIGHUP, ui_sig_quit, &ui);
	loop_signal(ui.loop, SIGINT, ui_sig_quit, &ui);
	loop_signal(ui.loop, SIGCONT, ui_sig_cont, &ui);

	/* The first frame from what is there, then the rest as it comes. */
	backend_refresh(ctx->backend, BIT(DOM_NODES) | BIT(DOM_GPUS) |
	    BIT(DOM_JOBS), 1);
	ui.dirty = 2;
	ui_draw(&ui);
	backend_start(ctx->backend, DOMS_ALL & ~(BIT(DOM_NODES) |
	    BIT(DOM_GPUS) | BIT(DOM_JOBS)));
	ui.busy = 1;
	for (i = 0; i < nitems(ui_refresh); i++) {
		timers[i][0] = &ui;
		timers[i][1] = (void *)i;
		loop_timer(ui.loop, options_get_float(ui_refresh[i].option),
		    ui_refresh_timer, timers[i]);
	}
	ui.dirty = 1;

	while (!ui.quit)
		ui_pass(&ui);

	prompt_free();
	ui_restore();
	loop_free(ui.loop);
	for (i = 0; i < VIEW_NVIEWS; i++) {
		free(ui.vs[i].filter);
		filter_free(ui.vs[i].fexpr);
		free(ui.vs[i].fmask);
		free(ui.vs[i].rows);
		if (view_table[i].free != NULL)
			view_table[i].free(ui.vs[i].data);
	}
	free(ui.marks);
	links_free(ui.links);
	free(ui.links_mask);
	free(ui.links_set);
	ui_text_close(&ui);
	free(ui.pager.search);
	ctx->ui = NULL;
	return (0);
}
