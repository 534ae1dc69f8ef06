/*
 * myriad - colours: 256, 16 and 8 colours, and monochrome.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Every role has attributes that carry it without colour too (bold,
 * reverse, dim), and nothing relies on colour alone: states have letters.
 * Backgrounds are the terminal's own, so dark and light both read.
 */

#include "view.h"

struct colour_role {
	short		 fg8;		/* 8 and 16 colours */
	short		 fg256;
	short		 bg;		/* -1: the terminal's */
	attr_t		 attr;		/* with colour */
	attr_t		 mono;		/* without */
};

static const struct colour_role colour_roles[C_NCOLOURS] = {
	[C_NORMAL] = { -1, -1, -1, 0, 0 },
	[C_DIM] = { -1, 244, -1, A_DIM, A_DIM },
	[C_HEADER] = { COLOR_CYAN, 38, -1, A_BOLD, A_BOLD },
	[C_TAB] = { -1, -1, -1, 0, 0 },
	[C_TABSEL] = { COLOR_BLACK, 16, COLOR_CYAN, A_BOLD, A_REVERSE },
	[C_STATUS] = { -1, -1, -1, A_REVERSE, A_REVERSE },
	[C_CURSOR] = { -1, -1, -1, A_REVERSE, A_REVERSE },
	[C_MARK] = { COLOR_MAGENTA, 170, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[C_OK] = { COLOR_GREEN, 34, -1, 0, 0 },
	[C_WARN] = { COLOR_YELLOW, 178, -1, A_BOLD, A_BOLD },
	[C_CRIT] = { COLOR_RED, 196, -1, A_BOLD, A_BOLD | A_REVERSE },
	[C_SIM] = { COLOR_BLACK, 16, COLOR_YELLOW, A_BOLD, A_REVERSE },
	[C_ERROR] = { COLOR_RED, 196, -1, A_BOLD, A_BOLD },
	[C_S_ALLOC] = { COLOR_GREEN, 34, -1, 0, 0 },
	[C_S_IDLE] = { COLOR_BLUE, 33, -1, 0, A_DIM },
	[C_S_MIXED] = { COLOR_CYAN, 37, -1, 0, 0 },
	[C_S_DRAIN] = { COLOR_YELLOW, 178, -1, A_BOLD, A_BOLD },
	[C_S_DOWN] = { COLOR_RED, 196, -1, A_BOLD, A_BOLD | A_REVERSE },
	[C_S_UNREACH] = { COLOR_MAGENTA, 201, -1, A_BOLD, A_BOLD | A_REVERSE },
	[C_S_UNKNOWN] = { -1, 244, -1, A_DIM, A_DIM },
	/* Cool to hot; the mono form gets brighter as it gets hotter. */
	[C_SCALE0 + 0] = { COLOR_BLUE, 17, -1, A_DIM, A_DIM },
	[C_SCALE0 + 1] = { COLOR_BLUE, 25, -1, 0, A_DIM },
	[C_SCALE0 + 2] = { COLOR_CYAN, 31, -1, 0, 0 },
	[C_SCALE0 + 3] = { COLOR_GREEN, 35, -1, 0, 0 },
	[C_SCALE0 + 4] = { COLOR_GREEN, 112, -1, A_BOLD, 0 },
	[C_SCALE0 + 5] = { COLOR_YELLOW, 178, -1, A_BOLD, A_BOLD },
	[C_SCALE0 + 6] = { COLOR_RED, 202, -1, 0, A_BOLD },
	[C_SCALE0 + 7] = { COLOR_RED, 196, -1, A_BOLD, A_BOLD | A_REVERSE },
	/*
	 * Vendors: apart at 8 colours, none red, as no vendor is an alarm;
	 * without colour the map's digits say it.
	 */
	[C_VENDOR0 + VENDOR_UNKNOWN] = { -1, 244, -1, A_DIM, A_DIM },
	[C_VENDOR0 + VENDOR_NVIDIA] = { COLOR_GREEN, 70, -1, 0, 0 },
	[C_VENDOR0 + VENDOR_AMD] = { COLOR_MAGENTA, 170, -1, 0, A_BOLD },
	[C_VENDOR0 + VENDOR_HUAWEI] = { COLOR_YELLOW, 178, -1, 0, 0 },
	[C_VENDOR0 + VENDOR_HYGON] = { COLOR_CYAN, 38, -1, 0, A_BOLD },
};

static int	colour_depth;	/* 0: monochrome */

/* Set up pairs for `depth' colours (0 for none). */
void
colour_init(int depth)
{
	const struct colour_role	*r;
	int				 i;
	short				 fg;

	colour_depth = depth;
	if (depth == 0)
		return;
	start_color();
	use_default_colors();
	for (i = 1; i < C_NCOLOURS; i++) {
		r = &colour_roles[i];
		fg = depth >= 256 ? r->fg256 : r->fg8;
		init_pair(i, fg, r->bg);
	}
}

attr_t
colour(enum colour c)
{
	if ((u_int)c >= C_NCOLOURS)
		c = C_NORMAL;
	if (colour_depth == 0)
		return (colour_roles[c].mono);
	return (COLOR_PAIR(c) | colour_roles[c].attr);
}

/* A heat scale colour for a fraction 0..1. */
enum colour
colour_scale(double f)
{
	int	 i;

	if (!(f >= 0))
		f = 0;
	if (f > 1)
		f = 1;
	i = (int)(f * 7.999);
	return (C_SCALE0 + i);
}

/*
 * A load (utilization, power) on the heat scale: coloured, but without
 * colour no emphasis, which is kept for problems: a busy GPU is no alarm.
 */
attr_t
colour_load(double f)
{
	if (colour_depth == 0)
		return (A_NORMAL);
	return (colour(colour_scale(f)));
}
