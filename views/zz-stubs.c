/* TEMPORARY: stubs for views not written yet.  Delete a stub when you
 * write the real function; delete this file when it is empty. */
#include "view.h"

void view_gpus_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "GPUs: coming"); }
int view_gpus_node(struct ui *ui) { return (-1); }
void view_jobs_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Jobs: coming"); }
void view_jobs_open(struct ui *ui) { }
void view_events_draw(struct ui *ui, WINDOW *w) { werase(w); mvwaddstr(w, 0, 0, "Events: coming"); }
int view_events_node(struct ui *ui) { return (-1); }
