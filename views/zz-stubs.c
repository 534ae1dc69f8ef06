/* TEMPORARY: stubs for views not written yet.  Delete a stub when you
 * write the real function; delete this file when it is empty. */
#include "view.h"

void view_gpus_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "GPUs: coming"); }
int view_gpus_node(struct ui *ui) { return (-1); }
void view_jobs_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Jobs: coming"); }
void view_jobs_open(struct ui *ui) { }
void view_events_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Events: coming"); }
int view_events_node(struct ui *ui) { return (-1); }
void view_cooling_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Cooling: coming"); }
int view_cooling_node(struct ui *ui) { return (-1); }
void view_links_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Links: coming"); }
int view_links_node(struct ui *ui) { return (-1); }
void view_node_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Node: coming"); }
void view_node_move(struct ui *ui, int dx, int dy) { }
