/*
 * myriad - drawing helpers: clipped text, bars, sparklines, block cells.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <math.h>
#include <string.h>

#include "view.h"

static int	draw_utf8 = 1;

/* Whether the terminal takes UTF-8; else ASCII stands in. */
void
draw_init(int utf8)
{
	draw_utf8 = utf8;
}

int
draw_is_utf8(void)
{
	return (draw_utf8);
}

/* Whether text goes on after the character at s: more than blanks. */
static int
draw_goes_on(const char *s)
{
	for (s++; ((u_char)*s & 0xc0) == 0x80; s++)
		;
	return (s[strspn(s, " ")] != '\0');
}

/*
 * Text at (y, x), at most `width' columns and not past the window's edge;
 * text that is cut ends in '~', as batch mode's cells do.
 */
void
draw_text(WINDOW *w, int y, int x, int width, attr_t a, const char *s)
{
	int	 n = 0;

	if (width > getmaxx(w) - x)
		width = getmaxx(w) - x;
	if (width <= 0)
		return;
	wattrset(w, a);
	wmove(w, y, x);
	for (; *s != '\0'; s++) {
		/* Continuation bytes of UTF-8 take no column. */
		if (((u_char)*s & 0xc0) != 0x80) {
			if (n == width)
				break;
			if (++n == width && draw_goes_on(s)) {
				waddch(w, '~');
				break;
			}
		}
		if ((u_char)*s < 0x20)
			waddch(w, ' ');
		else
			waddnstr(w, s, 1);
	}
	wattrset(w, A_NORMAL);
}

/* Eight heights, from empty to full. */
static const char *draw_blocks_utf8[] = {
	" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
	"\u2587", "\u2588"
};
static const char *draw_blocks_ascii[] = {
	" ", ".", ".", ":", ":", "=", "=", "#", "#"
};

const char *
draw_block(double f)
{
	int	 i;

	if (!(f >= 0))
		return (draw_utf8 ? "\u00b7" : "?");
	if (f > 1)
		f = 1;
	i = (int)lround(f * 8);
	return (draw_utf8 ? draw_blocks_utf8[i] : draw_blocks_ascii[i]);
}

void
draw_cell(WINDOW *w, int y, int x, const char *s, attr_t a)
{
	wattrset(w, a);
	mvwaddstr(w, y, x, s);
	wattrset(w, A_NORMAL);
}

/* A bar of `width' columns, filled to fraction f. */
void
draw_bar(WINDOW *w, int y, int x, int width, double f, attr_t a)
{
	int	 i, full;

	if (!(f >= 0))
		f = 0;
	if (f > 1)
		f = 1;
	full = (int)lround(f * width);
	wattrset(w, a);
	for (i = 0; i < width; i++)
		mvwaddstr(w, y, x + i, i < full ? (draw_utf8 ? "\u2588" : "#") :
		    (draw_utf8 ? "\u2591" : "-"));
	wattrset(w, A_NORMAL);
}

/* A sparkline of n values scaled from lo to hi. */
void
draw_spark(WINDOW *w, int y, int x, const float *v, u_int n, double lo,
    double hi)
{
	u_int	 i;
	double	 f;

	for (i = 0; i < n; i++) {
		f = isnan(v[i]) ? NAN : (v[i] - lo) / (hi - lo);
		draw_cell(w, y, x + i, draw_block(f),
		    isnan(f) ? colour(C_DIM) : colour(colour_scale(f)));
	}
}
