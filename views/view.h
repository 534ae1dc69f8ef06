/*
 * myriad - the views: the only code that draws, besides ui.c.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#ifndef VIEW_H
#define VIEW_H

#include <curses.h>

#include "myriad.h"

enum view_id {
	VIEW_MAP,
	VIEW_GPUS,
	VIEW_JOBS,
	VIEW_COOLING,
	VIEW_LINKS,
	VIEW_NODE,
	VIEW_EVENTS,
	VIEW_BURNIN,
	VIEW_NVIEWS
};

/* What a view remembers between frames.  Ids, never model pointers. */
struct view_state {
	int			 cursor;	/* row, or node id on the map */
	int			 top;		/* first row shown */
	const struct field	*sort;		/* sort column, or NULL */
	int			 reverse;
	int			 sorted;	/* the operator chose the sort */
	char			*filter;	/* as typed, or NULL */
	struct filter		*fexpr;		/* an expression: temp>85 */
	uint8_t			*fmask;		/* a node set */
	u_int			*rows;		/* the rows shown, in order */
	u_int			 nrows;
	uint64_t		 built;		/* model generation rows are of */
	int			 rebuild;
	int			 reorder;	/* its filter or sort changed */
	uint64_t		 key;		/* the cursor's item ... */
	int			 keyed;		/* ... if it has one */
	int			 height;	/* rows the table showed */
	int			 table_y;	/* where its heading was */
	int			 nocursor;	/* another table has the keys */
	void			*data;		/* the view's own, or NULL */
};

/* The pager: what a command printed, or the keys, over the view. */
struct ui_pager {
	char			*text;		/* NULL: closed */
	char			 title[64];
	size_t			*lines;		/* where each line starts */
	int			 nlines;
	int			 width;		/* of the longest line */
	int			 head;		/* line 0 heads a table */
	int			 top;		/* first line shown */
	int			 left;		/* first column shown */
	char			*search;	/* the last search, or NULL */
	int			 match;		/* its line, or -1 */
};

/* A confirmation box, over the console that goes on under it. */
struct ui_box {
	const char		*text;
	const char		*expect;	/* y, or the node count */
	char			 typed[16];
	int			 answer;	/* -1 until there is one */
};

#define UI_HISTORY	32	/* views Escape goes back through */

enum map_metric {
	MAP_STATE,
	MAP_UTIL,
	MAP_TEMP,
	MAP_POWER,
	MAP_HEALTH,
	MAP_JOB,
	MAP_MODEL,
	MAP_NMETRICS
};

struct ui {
	struct cmd_ctx		*ctx;
	struct model		*model;
	struct loop		*loop;
	WINDOW			*body;
	int			 sx;
	int			 sy;
	enum view_id		 view;
	enum view_id		 history[UI_HISTORY];	/* for Escape */
	u_int			 nhistory;
	struct view_state	 vs[VIEW_NVIEWS];
	int			 node;		/* the node of the Node view */
	uint8_t			*marks;		/* per node */
	u_int			 nmarks;
	int			 mark_node;	/* the last Space: node, */
	enum view_id		 mark_view;	/* view */
	int			 mark_row;	/* row, or -1 */
	enum map_metric		 metric;
	int			 job;		/* job shown on the map, or -1 */
	int			 utf8;
	int			 colours;	/* 0, 8, 16 or 256 */
	char			 message[256];
	int			 message_error;
	int			 prompt;	/* 0, ':' or '/' */
	char			 prompt_line[512];
	int			 prompt_point;
	char			**matches;	/* completions on show */
	u_int			 nmatches;
	struct ui_pager		 pager;
	struct ui_box		*box;		/* open, or NULL */
	char			*quitbox;	/* the quit box's text, open */
	double			 escape;	/* a lone Escape came then */
	char			 seq[16];	/* an escape sequence so far */
	int			 dirty;		/* 2: everything */
	int			 quit;
	int			 busy;		/* a read is under way */
	int			 tabs[VIEW_NVIEWS + 1];	/* tab columns */
	uint64_t		 drawn;		/* sum of generations drawn */
	double			 drawn_at;	/* ... at loop_now() */
	struct links		*links;		/* inspect-links, or NULL */
	uint8_t			*links_mask;	/* its nodes, or NULL: all */
	char			*links_set;	/* ... as typed */
	double			 links_second;	/* its second read, or 0 */
};

/*
 * How far a cursor move goes when it is not a row or a column, signed:
 * ui_cursor makes pages, halves and screens rows; a step function is
 * given UI_MOVE_END (or more) for the first or the last.
 */
enum ui_move {
	UI_MOVE_HALF = 500,	/* half the body's height */
	UI_MOVE_PAGE = 1000,	/* the body's height */
	UI_MOVE_SCREEN = 2000,	/* to the top or bottom row shown */
	UI_MOVE_END = 1000000,	/* to the first or the last */
};

struct view_entry {
	const char	*name;		/* map */
	const char	*title;		/* Map */
	uint64_t	 domains;	/* what it shows */
	void		 (*draw)(struct ui *, WINDOW *);
	void		 (*step)(struct ui *, int, int);	/* cursor */
	void		 (*open)(struct ui *);	/* Enter */
	int		 (*node)(struct ui *);	/* node under the cursor */
	int		 (*job)(struct ui *);	/* job under the cursor */
	u_int		 (*seek)(struct ui *, int);	/* next filter match */
	void		 (*click)(struct ui *, int, int);
	void		 (*free)(void *);	/* a view_state's data */
	const char	*record;	/* table views: the record kind */
	const char	*noun;		/* ... a row, in words */
	uint64_t	 (*key)(struct ui *, u_int);	/* a row's item */
	int		 (*present)(struct ui *, const void *);	/* a row? */
	/* A second table the keys act on while it has the cursor, or NULL. */
	struct view_state *(*part)(struct ui *, const struct view_entry **);
};

/* view.c */
extern const struct view_entry view_table[];
const struct view_entry *view_find(const char *);
struct view_state *view_state(struct ui *);
const struct view_entry *view_entry(struct ui *);
void		*view_data(struct ui *, enum view_id, size_t);

/* table.c: the views that are tables of one kind of record. */
void		 table_build(struct ui *, const struct record *, const void *,
		     size_t, u_int);
void		 table_draw(struct ui *, WINDOW *, int, int, const char *,
		     const void *, size_t, u_int, const char *);
void		 table_move(struct ui *, int, int);
void		 table_keep(struct ui *);
void		 table_scroll(struct view_state *);
int		 table_row(struct ui *);
int		 table_goto(struct ui *, int, int);
void		 table_click(struct ui *, int, int);
void		 table_empty(struct ui *, WINDOW *, int, int);
uint64_t	 table_hash(uint64_t, const void *, size_t);

/* colour.c */
enum colour {
	C_NORMAL,
	C_DIM,
	C_HEADER,
	C_TAB,
	C_TABSEL,
	C_STATUS,
	C_CURSOR,
	C_MARK,
	C_OK,
	C_WARN,
	C_CRIT,
	C_SIM,
	C_ERROR,
	C_S_ALLOC,
	C_S_IDLE,
	C_S_MIXED,
	C_S_DRAIN,
	C_S_DOWN,
	C_S_UNREACH,
	C_S_UNKNOWN,
	C_SCALE0,		/* C_SCALE0 .. C_SCALE0+7: a heat scale */
	C_VENDOR0 = C_SCALE0 + 8,	/* + enum vendor: a vendor's */
	C_NCOLOURS = C_VENDOR0 + VENDOR_HYGON + 1
};
void		 colour_init(int);
attr_t		 colour(enum colour);
enum colour	 colour_scale(double);
attr_t		 colour_load(double);

/* draw.c */
void		 draw_init(int);
int		 draw_is_utf8(void);
void		 draw_text(WINDOW *, int, int, int, attr_t, const char *);
void		 draw_bar(WINDOW *, int, int, int, double, attr_t);
void		 draw_spark(WINDOW *, int, int, const float *, u_int, double,
		     double);
const char	*draw_block(double);
void		 draw_cell(WINDOW *, int, int, const char *, attr_t);

/* Node state: the letter, its colour and its name. */
struct node_look {
	char		 letter;
	enum colour	 colour;
	const char	*name;
};
const struct node_look *view_node_look(const struct model *, u_int);
const struct node_look *view_looks_all(u_int *);
double		 view_node_metric(const struct model *, u_int,
		     enum map_metric, int *);
const char	*view_model_name(const struct gpu *);
const char	*view_vendor_noun(enum vendor);
const struct gpu *view_node_accel(const struct model *, u_int, u_int *);
int		 view_health_bad(const struct gpu *);
int		 view_node_accel_text(const struct model *, u_int, char *,
		     size_t);

/* The views. */
void		 view_map_draw(struct ui *, WINDOW *);
void		 view_map_move(struct ui *, int, int);
void		 view_map_open(struct ui *);
int		 view_map_node(struct ui *);
void		 view_map_click(struct ui *, int, int);
u_int		 view_map_seek(struct ui *, int);
void		 view_gpus_draw(struct ui *, WINDOW *);
void		 view_jobs_draw(struct ui *, WINDOW *);
void		 view_jobs_open(struct ui *);
void		 view_jobs_show(struct ui *, int);
int		 view_jobs_job(struct ui *);
void		 view_jobs_free(void *);
void		 view_cooling_draw(struct ui *, WINDOW *);
void		 view_links_draw(struct ui *, WINDOW *);
struct view_state *view_links_part(struct ui *, const struct view_entry **);
void		 view_links_click(struct ui *, int, int);
int		 view_links_other(struct ui *, char **);
void		 view_node_draw(struct ui *, WINDOW *);
void		 view_node_move(struct ui *, int, int);
int		 view_node_node(struct ui *);
void		 view_events_draw(struct ui *, WINDOW *);
int		 view_gpus_node(struct ui *);
uint64_t	 view_gpus_key(struct ui *, u_int);
uint64_t	 view_jobs_key(struct ui *, u_int);
uint64_t	 view_events_key(struct ui *, u_int);
uint64_t	 view_burnin_key(struct ui *, u_int);
uint64_t	 view_links_key(struct ui *, u_int);
uint64_t	 view_cooling_key(struct ui *, u_int);
int		 view_gpus_present(struct ui *, const void *);
void		 view_gpus_free(void *);
int		 view_events_node(struct ui *);
void		 view_events_free(void *);
void		 view_burnin_draw(struct ui *, WINDOW *);
int		 view_burnin_node(struct ui *);
int		 view_links_node(struct ui *);
void		 view_links_free(void *);
int		 view_cooling_node(struct ui *);
void		 view_cooling_free(void *);
int		 view_cooling_level(const struct sensor *);
const char	*view_cooling_unit(const char *);
void		 view_open_node(struct ui *);

#endif /* VIEW_H */
