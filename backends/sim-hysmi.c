/*
 * myriad - the simulator's hy-smi on a mix's Hygon K100 nodes: the
 * default table of DTK 24.04.1, as the capture in t/data prints it (of
 * the p14x parser's branch: hysmi-k100ai-4dcu-dtk24.04.1.txt).  Its other
 * forms have no capture: refused.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <string.h>

#include "sim.h"

#define SIM_HYSMI_RULE	"=============================================" \
			"========================================="

int
sim_hysmi(struct sim *s, int node, int argc, char **argv, struct buf *out,
    char **cause)
{
	const struct sim_model	*mo = sim_node_model(s, node);
	struct sim_nodeval	 v;
	const struct sim_gpu	*g;
	char			 id[16], t[16], p[16], cap[16], m[8], u[8];
	u_int			 i;

	if (argc > 1) {
		xasprintf(cause, "hy-smi %s: not simulated: the simulator "
		    "prints the default table (hy-smi alone)", argv[1]);
		return (-1);
	}
	sim_node_sample(s, node, &v);
	buf_printf(out, "\n%.28s System Management Interface %.29s\n%s\n",
	    SIM_HYSMI_RULE, SIM_HYSMI_RULE, SIM_HYSMI_RULE);
	buf_puts(out, "DCU     Temp     AvgPwr     Perf     PwrCap     VRAM%  "
	    "    DCU%      Mode\n");
	for (i = 0; i < mo->count; i++) {
		g = &v.gpu[i];
		if (g->lost)
			continue;
		snprintf(id, sizeof id, "%u", i);
		snprintf(t, sizeof t, "%d.0C", g->temp);
		snprintf(p, sizeof p, "%d.0W", (int)g->power);
		snprintf(cap, sizeof cap, "%d.0W", mo->plimit);
		snprintf(m, sizeof m, "%d%%", g->memused * 100 / mo->mib);
		snprintf(u, sizeof u, "%d%%", g->util);
		buf_printf(out, "%-8s%-9s%-11s%-9s%-11s%-11s%-10sNormal\n", id,
		    t, p, "auto", cap, m, u);
	}
	buf_printf(out, "%s\n%.35s End of SMI Log %.35s\n", SIM_HYSMI_RULE,
	    SIM_HYSMI_RULE, SIM_HYSMI_RULE);
	return (0);
}
