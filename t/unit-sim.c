/*
 * myriad - unit tests for the simulated cluster: sizes, names,
 * determinism, the shape of every tool's output against the real captures,
 * faults, the job queue, and the simulator's bytes read back through the
 * real parsers.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

#define T0	1800000000.0		/* a Unix time */
#define MAXREC	4096

static struct collect c;
static const struct snode	 nosnode;

static int
parse(parse_fn fn, const struct buf *b, const char *fmt)
{
	return (collect_run(&c, fn, b->data, b->len, fmt));
}

/* The first node record, or an empty one. */
static const struct snode *
first_snode(void)
{
	return (c.nsnode > 0 ? &c.snode[0] : &nosnode);
}

/* Run a tool: argv from a string split on '\t'. */
static int
tool(struct sim *s, int node, const char *cmd, struct buf *out, char **cause)
{
	char	*copy, *p, *argv[32];
	int	 argc = 0, rc;

	copy = xstrdup(cmd);
	for (p = copy; argc < 31 && (argv[argc] = strsep(&p, "\t")) != NULL; )
		argc++;
	buf_reset(out);
	*cause = NULL;
	rc = sim_tool(s, node, argc, argv, out, cause);
	/* nvidia-smi(1)'s 15, a lost GPU: its output is read (t/0041). */
	if (rc == 15 && strcmp(argv[0], "nvidia-smi") == 0) {
		free(*cause);
		*cause = NULL;
		rc = 0;
	}
	free(copy);
	return (rc);
}

/* Run a tool that must work; its output, NUL-terminated. */
static const char *
run(struct sim *s, int node, const char *cmd, struct buf *out)
{
	char	*cause;

	if (tool(s, node, cmd, out, &cause) != 0) {
		printf("# %s: %s\n", cmd, cause);
		free(cause);
	}
	return (out->data != NULL ? out->data : "");
}

static int
count_lines(const char *s, const char *prefix)
{
	const char	*p;
	int		 n = 0;
	size_t		 len = strlen(prefix);

	for (p = s; *p != '\0'; ) {
		if (strncmp(p, prefix, len) == 0)
			n++;
		p = strchr(p, '\n');
		if (p == NULL)
			break;
		p++;
	}
	return (n);
}

static int
count_str(const char *s, const char *needle)
{
	int	 n = 0;

	while (s != NULL && (s = strstr(s, needle)) != NULL) {
		n++;
		s++;
	}
	return (n);
}

/* The nth line (from 0), copied. */
static void
line(const char *s, int n, char *buf, size_t size)
{
	const char	*e;

	while (n-- > 0 && s != NULL && (s = strchr(s, '\n')) != NULL)
		s++;
	if (s == NULL) {
		buf[0] = '\0';
		return;
	}
	e = strchr(s, '\n');
	if (e == NULL)
		e = s + strlen(s);
	if ((size_t)(e - s) >= size)
		e = s + size - 1;
	memcpy(buf, s, e - s);
	buf[e - s] = '\0';
}

static void
test_sizes(void)
{
	struct sim	*s;
	u_int		 n;
	char		*cause;

	ok(sim_parse_size("10k", 0, &n, &cause) == 0 && n == 10000, "10k");
	ok(sim_parse_size("100k", 0, &n, &cause) == 0 && n == 100000, "100k");
	ok(sim_parse_size("1k", 0, &n, &cause) == 0 && n == 1000, "1k");
	ok(sim_parse_size("8", 0, &n, &cause) == 0 && n == 8, "8 GPUs");
	ok(sim_parse_size("12", 0, &n, &cause) == -1 && strstr(cause,
	    "8 or 16") != NULL, "12 GPUs refused: 8 or 16, whole nodes");
	free(cause);
	ok(sim_parse_size("100000", 0, &n, &cause) == 0 && n == 100000,
	    "100000");
	ok(sim_parse_size("7", 0, &n, &cause) == -1 && cause != NULL,
	    "7 refused");
	free(cause);
	ok(sim_parse_size("100001", 0, &n, &cause) == -1, "100001 refused");
	free(cause);
	ok(sim_parse_size("101k", 0, &n, &cause) == -1, "101k refused");
	free(cause);
	ok(sim_parse_size("abc", 0, &n, &cause) == -1 && strstr(cause,
	    "abc") != NULL, "abc refused, named in the message");
	free(cause);
	ok(sim_parse_size("", 0, &n, &cause) == -1, "empty refused");
	free(cause);
	ok(sim_parse_size("10m", 0, &n, &cause) == -1, "10m refused");
	free(cause);

	s = sim_create(10000, 1, 0.02);
	is_int(sim_nodes(s), 1250, "10k GPUs: 1250 nodes");
	is_int(sim_gpus_per_node(s), 8, "8 GPUs a node");
	is_int(sim_nodes_per_rack(s), 8, "8 nodes a rack");
	is_str(sim_node_name(s, 0), "gpu0001", "first node");
	is_str(sim_node_name(s, 1249), "gpu1250", "last node");
	ok(sim_node_name(s, 1250) == NULL, "no node 1250");
	is_int(sim_node_find(s, "gpu0042"), 41, "find gpu0042");
	is_int(sim_node_find(s, "gpu1250"), 1249, "find gpu1250");
	is_int(sim_node_find(s, "gpu1251"), -1, "no gpu1251");
	is_int(sim_node_find(s, "gpu042"), -1, "gpu042 is not a name");
	is_int(sim_node_find(s, "gpu00042"), -1, "gpu00042 is not a name");
	is_int(sim_node_find(s, "node0042"), -1, "node0042 is not a name");
	sim_free(s);

	s = sim_create(100000, 1, 0.02);
	is_int(sim_nodes(s), 12500, "100k GPUs: 12500 nodes");
	is_str(sim_node_name(s, 0), "gpu00001", "five digits above 9999");
	is_str(sim_node_name(s, 12499), "gpu12500", "last of 12500");
	is_int(sim_node_find(s, "gpu12500"), 12499, "find gpu12500");
	sim_free(s);
}

static const char *const every[] = {
	"nvidia-smi\t--query-gpu=" NVSMI_QUERY "\t--format=csv",
	"nvidia-smi\tnvlink\t-s",
	"nvidia-smi\tnvlink\t-e",
	"ipmitool\tsdr\telist",
	"ibstat",
	"dcgmi\tdiag\t-r\t3",
	"dcgmi\tdiag\t-r\t2\t-j",
	"dmesg",
};
static const char *const cluster[] = {
	"sinfo\t-h\t-N\t-o\t" SINFO_FORMAT,
	"squeue\t-h\t-o\t" SQUEUE_FORMAT,
	"scontrol\tshow\tnode",
	"scontrol\tshow\tjob\t-d",
};

static void
test_determinism(void)
{
	struct sim	*a, *b, *d;
	struct buf	 x, y;
	char		*ca, *cb;
	u_int		 i, node, same = 0, total = 0, differ = 0;
	int		 ra, rb;

	buf_init(&x);
	buf_init(&y);
	a = sim_create(10000, 42, 0.2);
	b = sim_create(10000, 42, 0.2);
	d = sim_create(10000, 43, 0.2);
	sim_set_time(a, T0);
	sim_set_time(b, T0 + 3600);
	sim_set_time(b, T0);		/* back again: no history */
	sim_set_time(d, T0);
	for (node = 0; node < 1250; node += 97) {
		for (i = 0; i < nitems(every); i++) {
			ra = tool(a, node, every[i], &x, &ca);
			rb = tool(b, node, every[i], &y, &cb);
			total++;
			if (ra == rb && x.len == y.len && (x.len == 0 ||
			    memcmp(x.data, y.data, x.len) == 0) &&
			    (ca == NULL) == (cb == NULL) && (ca == NULL ||
			    strcmp(ca, cb) == 0))
				same++;
			free(ca);
			free(cb);
		}
		tool(d, node, every[0], &y, &cb);
		tool(a, node, every[0], &x, &ca);
		if (x.len != y.len || memcmp(x.data, y.data, x.len) != 0)
			differ++;
		free(ca);
		free(cb);
	}
	for (i = 0; i < nitems(cluster); i++) {
		tool(a, -1, cluster[i], &x, &ca);
		tool(b, -1, cluster[i], &y, &cb);
		total++;
		if (x.len == y.len && memcmp(x.data, y.data, x.len) == 0)
			same++;
		free(ca);
		free(cb);
	}
	is_int(same, total, "same seed and time: the same bytes (%u runs)",
	    total);
	is_int(differ, 13, "another seed: other numbers on every node");
	tool(a, -1, cluster[1], &x, &ca);
	tool(d, -1, cluster[1], &y, &cb);
	ok(x.len != y.len || memcmp(x.data, y.data, x.len) != 0,
	    "another seed: another queue");
	sim_set_time(b, T0 + 7);
	tool(a, 100, every[0], &x, &ca);
	tool(b, 100, every[0], &y, &cb);
	ok(x.len != y.len || memcmp(x.data, y.data, x.len) != 0,
	    "seven seconds later the numbers moved");
	sim_free(a);
	sim_free(b);
	sim_free(d);
	buf_free(&x);
	buf_free(&y);
}

/* The keys of a scontrol show node record, in order. */
static void
scontrol_keys(const char *s, char *keys, size_t size)
{
	const char	*p, *e;
	size_t		 len;

	keys[0] = '\0';
	for (p = s; *p != '\0'; p = e) {
		while (*p == ' ' || *p == '\n')
			p++;
		e = p + strcspn(p, " \n");
		if (memchr(p, '=', e - p) == NULL || strncmp(p, "Reason=",
		    7) == 0)
			continue;
		len = strcspn(p, "=");
		if (strlen(keys) + len + 2 < size) {
			strncat(keys, p, len);
			strcat(keys, ",");
		}
		if (strncmp(p, "OS=", 3) == 0)
			e = p + strcspn(p, "\n");
	}
}

static void
test_shapes(void)
{
	struct sim	*s;
	struct buf	 b;
	char		*fx, l1[512], l2[512], k1[1024], k2[1024];
	const char	*o;
	size_t		 len;
	int		 i;

	buf_init(&b);
	s = sim_create(10000, 1, 0.0);
	sim_set_time(s, T0);

	/* nvidia-smi --query-gpu: the 590 H100 capture's header names. */
	o = run(s, 300, "nvidia-smi\t--query-gpu=index,name,"
	    "utilization.gpu,memory.used,memory.total,power.draw,"
	    "power.limit,clocks.sm,fan.speed,pstate,retired_pages.sbe,"
	    "remapped_rows.pending,clocks_event_reasons.active,temperature.gpu"
	    "\t--format=csv", &b);
	line(o, 0, l1, sizeof l1);
	is_str(l1, "index, name, utilization.gpu [%], memory.used [MiB], "
	    "memory.total [MiB], power.draw [W], power.limit [W], "
	    "clocks.current.sm [MHz], fan.speed [%], pstate, "
	    "retired_pages.single_bit_ecc.count, remapped_rows.pending, "
	    "clocks_event_reasons.active, temperature.gpu",
	    "query header: canonical names and units");
	is_int(count_lines(o, ""), 9, "a header and 8 GPUs");
	if ((fx = tap_fixture("nvidia-smi-csv/h100-80gb-hbm3-590-load-"
	    "allfields.csv", &len)) != NULL) {
		const char *names[] = {
			"utilization.gpu [%]", "memory.used [MiB]",
			"power.draw [W]", "clocks.current.sm [MHz]",
			"fan.speed [%]", "retired_pages.single_bit_ecc.count",
			"clocks_event_reasons.active", "temperature.gpu, "
		};
		for (i = 0; i < (int)nitems(names); i++)
			ok(strstr(fx, names[i]) != NULL,
			    "the real header has '%s' too", names[i]);
		ok(strstr(fx, ", 81559 MiB,") != NULL &&
		    strstr(o, ", 81559 MiB,") != NULL, "81559 MiB, as real");
		ok(strstr(fx, ", 700.00 W,") != NULL &&
		    strstr(o, ", 700.00 W,") != NULL, "700.00 W, as real");
		ok(strstr(fx, ", [N/A], P0,") != NULL &&
		    strstr(o, ", [N/A], P0,") != NULL, "fan [N/A], P0");
		free(fx);
	} else
		tap_skip(11, "no H100 CSV capture");
	line(o, 1, l1, sizeof l1);
	ok(strncmp(l1, "0, NVIDIA H100 80GB HBM3, ", 26) == 0,
	    "a GPU row: %s", l1);
	ok(strstr(l1, ", [N/A], No, 0x00000000000000") != NULL,
	    "retired pages [N/A], No pending remap, throttle mask");
	o = run(s, 300, "nvidia-smi\t--query-gpu=index,memory.used,"
	    "power.draw\t--format=csv,noheader,nounits", &b);
	is_int(count_lines(o, ""), 8, "noheader: 8 rows");
	ok(strstr(o, " MiB") == NULL && strstr(o, " W") == NULL,
	    "nounits: no units");
	ok(tool(s, 300, "nvidia-smi\t--query-gpu=no.such\t--format=csv", &b,
	    &fx) == -1 && strcmp(fx, "Field \"no.such\" is not a valid field "
	    "to query.") == 0, "an unknown field, as nvidia-smi says it");
	free(fx);
	ok(tool(s, 300, "nvidia-smi\t--query-gpu=index", &b, &fx) == -1,
	    "a query without --format fails");
	free(fx);
	{
		char	*argv[] = { "nvidia-smi", "--query-gpu=index",
		    "--format=csv", "-lms", "250" };
		char	*argv2[] = { "nvidia-smi", "--loop-ms=500" };
		char	*argv3[] = { "nvidia-smi", "-l", "2" };

		is_int(sim_tool_loop_ms(5, argv), 250, "-lms 250");
		is_int(sim_tool_loop_ms(2, argv2), 500, "--loop-ms=500");
		is_int(sim_tool_loop_ms(3, argv3), 2000, "-l 2: 2000 ms");
		is_int(sim_tool_loop_ms(3, argv), 0, "no loop");
		ok(tool(s, 300, "nvidia-smi\t--query-gpu=index\t--format=csv"
		    "\t-lms\t250", &b, &fx) == 0 && count_lines(b.data, "") ==
		    9, "loop mode prints one sample");
		free(fx);
	}

	/* nvlink -s and -e against the H100 captures. */
	o = run(s, 300, "nvidia-smi\tnvlink\t-s", &b);
	is_int(count_lines(o, "GPU "), 8, "nvlink -s: 8 GPUs");
	is_int(count_lines(o, "\t Link "), 144, "nvlink -s: 18 links each");
	if ((fx = tap_fixture("nvidia-smi-nvlink/h100-nvlink-s.txt", &len)) !=
	    NULL) {
		line(fx, 1, l1, sizeof l1);
		line(o, 1, l2, sizeof l2);
		is_str(l2, l1, "nvlink -s: a link line as real");
		line(fx, 18, l1, sizeof l1);
		line(o, 18, l2, sizeof l2);
		is_str(l2, l1, "nvlink -s: link 17 as real");
		line(fx, 0, l1, sizeof l1);
		line(o, 0, l2, sizeof l2);
		ok(strncmp(l1, l2, 38) == 0 && strlen(l1) == strlen(l2),
		    "nvlink -s: the GPU line as real: %s", l2);
		free(fx);
	} else
		tap_skip(3, "no nvlink -s capture");
	o = run(s, 300, "nvidia-smi\tnvlink\t--errorcounters", &b);
	is_int(count_lines(o, "\t Link "), 8 * 18 * 3,
	    "nvlink -e: three counters a link");
	if ((fx = tap_fixture("nvidia-smi-nvlink/mleng-h100-nvlink-e-"
	    "elided.txt", &len)) != NULL) {
		for (i = 1; i <= 4; i++) {
			line(fx, i, l1, sizeof l1);
			line(o, i, l2, sizeof l2);
			ok(strcmp(l1 + 8, l2 + 1) == 0,
			    "nvlink -e line %d as real (tab for spaces)", i);
		}
		free(fx);
	} else
		tap_skip(4, "no nvlink -e capture");

	/* ipmitool sdr elist: the columns of the real elist. */
	o = run(s, 300, "ipmitool\t-I\tlanplus\t-H\tgpu0301-bmc\t-U\tadmin"
	    "\t-P\tx\t-C\t3\tsdr\telist", &b);
	if ((fx = tap_fixture("ipmitool/telegraf-sdr-elist-curated.txt",
	    &len)) != NULL) {
		line(fx, 3, l1, sizeof l1);	/* Inlet Temp | 04h | ok ... */
		line(o, 0, l2, sizeof l2);
		ok(strncmp(l1, l2, 37) == 0 && strcmp(l2 + strlen(l2) - 10,
		    " degrees C") == 0, "elist: columns as real: %s", l2);
		free(fx);
	} else
		tap_skip(1, "no elist capture");
	ok(strstr(o, "\nFAN1             | 30h | ok  | 29.1 | ") != NULL,
	    "elist: a fan");
	ok(strstr(o, "\nCoolant Flow     | 62h | ok  | 30.1 | ") != NULL &&
	    strstr(o, " liters/minut\n") != NULL,
	    "elist: coolant flow, the unit cut at 15 like ipmitool");
	ok(strstr(o, "\nLeak Detect      | 63h | ok  | 30.1 | State "
	    "Deasserted\n") != NULL, "elist: a discrete leak sensor");
	ok(strstr(o, "\nPS1 Input Power  | 50h | ok  | 10.1 | ") != NULL,
	    "elist: PSU input power");
	o = run(s, 300, "ipmitool\tsdr\tlist", &b);
	if ((fx = tap_fixture("ipmitool/supermicro-x10dru-sdr.txt", &len)) !=
	    NULL) {
		line(fx, 0, l1, sizeof l1);	/* CPU1 Temp | 47 degrees C */
		line(o, 2, l2, sizeof l2);
		ok(strlen(l1) == strlen(l2) && strncmp(l2, "CPU1 Temp        | "
		    , 19) == 0 && strcmp(l2 + 36, " | ok") == 0,
		    "sdr list: columns as real: %s", l2);
		free(fx);
	} else
		tap_skip(1, "no sdr list capture");
	o = run(s, 300, "ipmitool\tsensor\tlist", &b);
	if ((fx = tap_fixture("ipmitool/lovoo-supermicro-sensor-list.txt",
	    &len)) != NULL) {
		line(fx, 0, l1, sizeof l1);	/* CPU1 Temp | 33.000 ... */
		line(o, 2, l2, sizeof l2);
		ok(strncmp(l2, "CPU1 Temp        | ", 19) == 0 &&
		    strncmp(l1 + 29, l2 + 29, 24) == 0 && l2[29 + 24] != ' ',
		    "sensor list: columns as real: %s", l2);
		free(fx);
	} else
		tap_skip(1, "no sensor list capture");

	/* ibstat: the blocks of the H100 capture, tab-indented. */
	o = run(s, 300, "ibstat", &b);
	is_int(count_lines(o, "CA '"), 8, "ibstat: 8 CAs");
	is_int(count_lines(o, "\t\tState: Active"), 8, "ibstat: all active");
	is_int(count_lines(o, "\t\tRate: 400"), 8, "ibstat: NDR 400");
	if ((fx = tap_fixture("infiniband/doc-ibstat-cx6-hdr100-tabs.txt",
	    &len)) != NULL) {
		for (i = 0; i < 17; i++) {
			line(fx, i, l1, sizeof l1);
			line(o, i, l2, sizeof l2);
			*strchrnul(l1, ':') = '\0';
			*strchrnul(l2, ':') = '\0';
			if (i == 0)
				l1[3] = l2[3] = '\0';
			if (strcmp(l1, l2) != 0)
				break;
		}
		is_int(i, 17, "ibstat: the 17 lines of a CA block as real");
		free(fx);
	} else
		tap_skip(1, "no ibstat capture");
	ok(tool(s, 300, "ibstat\tmlx5_9", &b, &fx) == 255 &&
	    strstr(fx, "ibpanic") != NULL, "ibstat of a missing CA");
	free(fx);

	/* Slurm. */
	o = run(s, -1, "sinfo\t-h\t-N\t-o\t%N|%T|%P", &b);
	ok(count_lines(o, "gpu") >= 1250, "sinfo -N: a line a node and "
	    "partition (%d)", count_lines(o, "gpu"));
	ok(strncmp(o, "gpu0001|", 8) == 0, "sinfo -N: sorted by name");
	o = run(s, -1, "sinfo\t-N\t-o\t%10N %.6t|", &b);
	line(o, 0, l1, sizeof l1);
	is_str(l1, "NODELIST    STATE|", "sinfo header: widths and "
	    "justification");
	line(o, 1, l1, sizeof l1);
	ok(strncmp(l1, "gpu0001   ", 10) == 0 && strlen(l1) == 18,
	    "sinfo line padded: '%s'", l1);
	o = run(s, -1, "sinfo", &b);
	line(o, 0, l1, sizeof l1);
	is_str(l1, "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST",
	    "sinfo default header (%%#P %%.5a %%.10l %%.6D %%.6t %%N)");
	ok(strstr(o, "\ngpu*         up 2-00:00:00 ") != NULL,
	    "sinfo: the default partition, Slurm's time limit");
	ok(strstr(o, "gpu[") != NULL, "sinfo folds node lists");

	o = run(s, -1, "squeue", &b);
	line(o, 0, l1, sizeof l1);
	if ((fx = tap_fixture("slurm/ucsc-hummingbird-squeue-default.txt",
	    &len)) != NULL) {
		line(fx, 0, l2, sizeof l2);
		is_str(l1, l2, "squeue default header as real");
		free(fx);
	} else
		tap_skip(1, "no squeue capture");
	ok(count_lines(o, "") > 100, "squeue: hundreds of jobs (%d)",
	    count_lines(o, ""));
	ok(strstr(o, " R ") != NULL && strstr(o, " PD ") != NULL,
	    "squeue: running and pending");
	ok(strstr(o, "(Resources)") != NULL && strstr(o, "(Priority)") !=
	    NULL, "squeue: pending reasons");

	o = run(s, -1, "scontrol\tshow\tnode\tgpu0301", &b);
	if ((fx = tap_fixture("slurm/nchc-scontrol-show-node-h100x8-23.11.txt",
	    &len)) != NULL) {
		char	*cs;

		/*
		 * Our nodes have no specialized cores: no such line; 22.05
		 * has no ResumeAfterTime (t/0046 holds the rest to 22.05).
		 */
		scontrol_keys(fx, k1, sizeof k1);
		if ((cs = strstr(k1, "CoreSpecCount,CPUSpecList,")) != NULL)
			memmove(cs, cs + 26, strlen(cs + 26) + 1);
		if ((cs = strstr(k1, "ResumeAfterTime,")) != NULL)
			memmove(cs, cs + 16, strlen(cs + 16) + 1);
		scontrol_keys(o, k2, sizeof k2);
		is_str(k2, k1,
		    "scontrol show node: the keys of 23.11 but ResumeAfterTime");
		is_int(count_lines(o, "   "), count_lines(fx, "   ") - 1,
		    "scontrol show node: as many lines");
		free(fx);
	} else
		tap_skip(2, "no scontrol capture");
	ok(strstr(o, "Gres=gpu:h100:8(S:0-1)\n") != NULL, "scontrol: gres");
	o = run(s, -1, "scontrol\t-o\tshow\tnode\tgpu[0001-0003,0010]", &b);
	is_int(count_lines(o, "NodeName=gpu"), 4, "scontrol -o: a hostlist");
	is_int(count_lines(o, ""), 4, "scontrol -o: a line a node");
	ok(tool(s, -1, "scontrol\tshow\tnode\tgpu9999", &b, &fx) == -1 &&
	    *fx == '\0' && b.len > 0 && memmem(b.data, b.len, "not found",
	    9) != NULL, "scontrol: unknown node, said on stdout");
	free(fx);

	/* dcgmi diag: the 3.x table, with sim.dcgm-version 3. */
	sim_set_dcgm_version(s, 3);
	o = run(s, 300, "dcgmi\tdiag\t-r\t3", &b);
	if ((fx = tap_fixture("dcgmi/v100-diag-r3-dcgm339.txt", &len)) !=
	    NULL) {
		int	 same = 0;

		for (i = 0; i < 27; i++) {
			line(fx, i, l1, sizeof l1);
			line(o, i, l2, sizeof l2);
			if (i == 5 || i == 6 || i == 7)
				same += strncmp(l1, l2, 28) == 0 &&
				    strlen(l1) == strlen(l2);
			else
				same += strcmp(l1, l2) == 0;
		}
		is_int(same, 27, "dcgmi diag -r 3: the table of DCGM 3.3.9");
		free(fx);
	} else
		tap_skip(1, "no dcgmi capture");
	o = run(s, 300, "dcgmi\tdiag\t-r\t1", &b);
	if ((fx = tap_fixture("dcgmi/v100-diag-r1-dcgm339.txt", &len)) !=
	    NULL) {
		ok(count_lines(o, "") == count_lines(fx, "") &&
		    strcmp(o + b.len - 160, fx + len - 160) == 0,
		    "dcgmi diag -r 1: deployment only, as real");
		free(fx);
	} else
		tap_skip(1, "no dcgmi -r 1 capture");
	o = run(s, 300, "dcgmi\tdiag\t-r\t2\t-j", &b);
	ok(strncmp(o, "{\n\t\"DCGM GPU Diagnostic\" : \n\t{\n", 29) == 0,
	    "dcgmi -j: the 3.x root, jsoncpp's layout");
	ok(strstr(o, "\"category\" : \"Integration\"") != NULL &&
	    strstr(o, "\"name\" : \"PCIe\"") != NULL, "dcgmi -j: PCIe");
	sim_set_dcgm_version(s, 4);
	o = run(s, 300, "dcgmi\tdiag\t-r\t2\t-j", &b);
	ok(strncmp(o, "{\n\t\"DCGM Diagnostic\" : \n\t{\n", 25) == 0,
	    "dcgmi -j: the 4.x root");
	ok(strstr(o, "\"name\" : \"pcie\"") != NULL &&
	    strstr(o, "\"entity_id\" : 7,") != NULL &&
	    strstr(o, "\n\t\"metadata\" : \n") != NULL,
	    "dcgmi -j: pcie, entities, metadata");

	/* dmesg: boot lines, in the kernel's format. */
	o = run(s, 300, "dmesg", &b);
	ok(strncmp(o, "[    0.000000] Linux version", 28) == 0,
	    "dmesg: the boot line");
	o = run(s, 300, "journalctl\t-k", &b);
	ok(strstr(o, " gpu0301 kernel: NVRM: loading NVIDIA") != NULL,
	    "journalctl -k: host and kernel");

	/* Errors. */
	ok(tool(s, 300, "nvtop", &b, &fx) == SIM_TOOL_MISSING && strstr(fx,
	    "not found") != NULL, "an unknown tool: 127, as bash");
	free(fx);
	ok(tool(s, -1, "nvidia-smi\t-L", &b, &fx) == -1, "a node tool needs "
	    "a node");
	free(fx);
	ok(tool(s, 300, "ipmitool\tchassis\tbogus", &b, &fx) == -1,
	    "ipmitool: an unknown command");
	free(fx);
	sim_free(s);
	buf_free(&b);
}

/* Walk a cluster and count what is wrong with it. */
struct census {
	int	 lost, inactive, ibdown, ssh, bmc, xid, hot, fan, coolant;
	int	 drained, down;
};

static void
census(struct sim *s, struct census *k)
{
	struct buf	 b;
	char		*cause;
	u_int		 n;

	memset(k, 0, sizeof *k);
	buf_init(&b);
	for (n = 0; n < sim_nodes(s); n++) {
		if (tool(s, n, "nvidia-smi\t--query-gpu=temperature.gpu"
		    "\t--format=csv,noheader", &b, &cause) != 0) {
			if (strncmp(cause, "ssh: connect to host gpu", 24) == 0 &&
			    strstr(cause, " port 22: Connection timed out"))
				k->ssh++;
			free(cause);
		} else {
			const char	*p;

			k->lost += count_lines(b.data, "Unable to determine "
			    "the device handle for GPU0000:");
			for (p = b.data; p != NULL && *p != '\0'; ) {
				if (atoi(p) > 90)
					k->hot++;
				if ((p = strchr(p, '\n')) != NULL)
					p++;
			}
		}
		if (tool(s, n, "nvidia-smi\tnvlink\t-s", &b, &cause) == 0)
			k->inactive += count_str(b.data, "<inactive>");
		free(cause);
		if (tool(s, n, "ibstat", &b, &cause) == 0)
			k->ibdown += count_lines(b.data, "\t\tState: Down");
		free(cause);
		if (tool(s, n, "dmesg", &b, &cause) == 0 &&
		    strstr(b.data, "NVRM: Xid (PCI:0000:") != NULL)
			k->xid++;
		free(cause);
		if (tool(s, n, "ipmitool\tsdr\telist", &b, &cause) != 0) {
			if (strcmp(cause, "Error: Unable to establish IPMI v2 "
			    "/ RMCP+ session") == 0)
				k->bmc++;
			free(cause);
		} else {
			if (strstr(b.data, " | lcr | 29.") != NULL)
				k->fan++;
			if (strstr(b.data, "Coolant Flow     | 62h | lcr ") !=
			    NULL)
				k->coolant++;
		}
	}
	tool(s, -1, "sinfo\t-h\t-N\t-o\t%T", &b, &cause);
	k->drained = count_lines(b.data, "drain");
	k->down = count_lines(b.data, "down");
	free(cause);
	buf_free(&b);
}

static void
test_faults(void)
{
	struct sim	*s;
	struct census	 k;

	s = sim_create(1000, 7, 0.0);
	sim_set_time(s, T0);
	census(s, &k);
	is_int(k.lost + k.inactive + k.ibdown + k.ssh + k.bmc + k.xid +
	    k.fan + k.coolant, 0, "fault rate 0: no fault");
	ok(k.hot >= 1, "fault rate 0: still a hot GPU to find (%d)", k.hot);
	sim_free(s);

	s = sim_create(1000, 7, 0.5);
	sim_set_time(s, T0);
	census(s, &k);
	printf("# rate 0.5, 125 nodes: %d lost GPUs, %d GPUs with a link down,"
	    " %d IB ports down, %d unreachable, %d BMCs silent, %d with Xids,"
	    " %d fans, %d coolant, %d drained, %d down\n", k.lost, k.inactive,
	    k.ibdown, k.ssh, k.bmc, k.xid, k.fan, k.coolant, k.drained,
	    k.down);
	ok(k.lost > 0, "fault rate 0.5: GPUs fall off the bus");
	ok(k.inactive > 0, "fault rate 0.5: NVLinks go down");
	ok(k.ibdown > 0, "fault rate 0.5: IB ports go down");
	ok(k.ssh > 0, "fault rate 0.5: nodes stop answering ssh");
	ok(k.bmc > 0, "fault rate 0.5: BMCs stop answering");
	ok(k.xid > 0, "fault rate 0.5: Xids in the kernel log");
	ok(k.fan > 0, "fault rate 0.5: fans fail");
	ok(k.coolant > 0, "fault rate 0.5: coolant flow drops");
	ok(k.drained > 0 && k.down > 0, "fault rate 0.5: Slurm drains and "
	    "downs nodes");
	sim_free(s);
}

/* A flapping port goes up and down; faults last, then end. */
static void
test_time(void)
{
	struct sim	*s;
	struct buf	 b;
	char		*cause;
	int		 was[125], changes[125], most = 0, before, after, now;
	u_int		 n, step;

	buf_init(&b);
	s = sim_create(1000, 7, 0.5);
	memset(changes, 0, sizeof changes);
	for (step = 0; step < 20; step++) {
		sim_set_time(s, T0 + step * 30);
		for (n = 0; n < 125; n++) {
			if (tool(s, n, "ibstat", &b, &cause) != 0) {
				free(cause);
				continue;
			}
			now = count_lines(b.data, "\t\tState: Down");
			if (step > 0 && now != was[n])
				changes[n]++;
			was[n] = now;
		}
	}
	for (n = 0; n < 125; n++) {
		if (changes[n] > most)
			most = changes[n];
	}
	ok(most >= 10, "an IB port flaps: %d changes in ten minutes", most);

	sim_set_time(s, T0);
	before = 0;
	for (n = 0; n < 125; n++) {
		if (tool(s, n, "nvidia-smi\t-L", &b, &cause) == 0)
			before += strstr(b.data, "is lost") != NULL;
		free(cause);
	}
	sim_set_time(s, T0 + 86400);
	after = 0;
	for (n = 0; n < 125; n++) {
		if (tool(s, n, "nvidia-smi\t-L", &b, &cause) == 0)
			after += strstr(b.data, "is lost") != NULL;
		free(cause);
	}
	ok(before > 0 && after > 0, "lost GPUs now (%d) and a day later "
	    "(%d)", before, after);
	sim_free(s);
	buf_free(&b);
}

static void
test_queue(void)
{
	struct sim		*s;
	struct buf		 b;
	const struct job	*j;
	int			 n, i, nmin = 0, nmax = 0, running = 0;
	int			 pending = 0;

	buf_init(&b);
	s = sim_create(10000, 1, 0.02);
	sim_set_time(s, T0);
	run(s, -1, "squeue\t-h\t-o\t" SQUEUE_FORMAT, &b);
	n = parse(parse_squeue, &b, SQUEUE_FORMAT);
	ok(n >= 100, "squeue parses back: %d jobs", n);
	is_int(c.nerr, 0, "squeue: no parse error");
	for (i = 0; i < c.njob; i++) {
		j = &c.job[i];
		if (i == 0 || j->nnodes < nmin)
			nmin = j->nnodes;
		if (j->nnodes > nmax)
			nmax = j->nnodes;
		if (strcmp(j->state, "RUNNING") == 0)
			running++;
		if (strcmp(j->state, "PENDING") == 0)
			pending++;
	}
	ok(running > 20 && pending > 20, "running (%d) and pending (%d)",
	    running, pending);
	is_int(nmin, 1, "the smallest job: one node");
	ok(nmax >= 64 && nmax <= 256, "the largest job: %d nodes", nmax);
	j = c.njob > 0 ? &c.job[c.njob - 1] : NULL;
	ok(j != NULL && j->limit_s > 0 && j->user[0] != '\0',
	    "limits and users");
	sim_free(s);
	buf_free(&b);
}

/* The simulator's bytes through the real parsers. */
static void
test_roundtrip(void)
{
	struct sim	*s;
	struct buf	 b;
	char		 l[512], *cause;
	int		 n, i, v, node, lostnode = -1, linknode = -1;

	buf_init(&b);
	s = sim_create(1000, 7, 0.5);
	sim_set_time(s, T0);

	run(s, 40, "nvidia-smi\t--query-gpu=" NVSMI_QUERY
	    "\t--format=csv,noheader,nounits", &b);
	n = parse(parse_nvsmi_csv, &b, NVSMI_QUERY);
	is_int(n, 8, "nvsmi: 8 GPUs");
	is_int(c.nerr, 0, "nvsmi: no error");
	line(b.data, 3, l, sizeof l);
	is_int(c.gpu[3].index, 3, "nvsmi: index");
	is_dbl(c.gpu[3].util_pct, atof(strchr(strchr(strchr(strchr(l, ',') +
	    1, ',') + 1, ',') + 1, ',') + 1), 0.01, "nvsmi: util as printed");
	is_dbl(c.gpu[3].mem_total_mib, 81559, 0.01, "nvsmi: memory total");
	is_dbl(c.gpu[3].power_limit_w, 700, 0.01, "nvsmi: power limit");
	is_str(c.gpu[3].model, "NVIDIA H100 80GB HBM3", "nvsmi: model");
	is_str(c.gpu[3].bus_id, "00000000:5D:00.0", "nvsmi: bus id");
	ok(strncmp(c.gpu[3].uuid, "GPU-", 4) == 0, "nvsmi: uuid");
	ok((c.gpu[3].valid & BIT(GPU_FAN)) == 0, "nvsmi: fan [N/A] unknown");
	is_int(c.gpu[3].pstate, 0, "nvsmi: P0");

	for (node = 0; node < 125; node++) {
		if (tool(s, node, "nvidia-smi\t--query-gpu=" NVSMI_QUERY
		    "\t--format=csv", &b, &cause) != 0) {
			free(cause);
			continue;
		}
		if (lostnode == -1 && strstr(b.data, "is lost") != NULL) {
			lostnode = node;
			n = parse(parse_nvsmi_csv, &b, NULL);
			is_int(n, 8, "nvsmi with a lost GPU: 8 records");
			for (i = 0; i < c.ngpu && c.gpu[i].error[0] == '\0'; i++)
				;
			ok(i < c.ngpu && strstr(c.gpu[i].error, "lost") !=
			    NULL, "nvsmi: the lost GPU says so (%s)",
			    i < c.ngpu ? c.gpu[i].error : "none");
		}
		tool(s, node, "nvidia-smi\tnvlink\t-s", &b, &cause);
		free(cause);
		if (linknode == -1 && strstr(b.data, "<inactive>") != NULL &&
		    strstr(b.data, "is lost") == NULL) {
			linknode = node;
			n = parse(parse_nvlink_status, &b, NULL);
			is_int(n, 144, "nvlink -s: 144 links");
			for (i = 0; i < c.nnvlink &&
			    c.nvlink[i].state == LINK_UP; i++)
				;
			ok(i < c.nnvlink && c.nvlink[i].state == LINK_DOWN,
			    "nvlink -s: <inactive> is down");
			is_dbl(c.nvlink[0].speed_gbs, 26.562, 0.001,
			    "nvlink -s: 26.562 GB/s");
		}
	}
	ok(lostnode >= 0 && linknode >= 0, "found faults to read back");

	for (node = 0; node < 125; node++) {
		if (tool(s, node, "nvidia-smi\tnvlink\t-e", &b, &cause) == 0 &&
		    strstr(b.data, "is lost") == NULL)
			break;
		free(cause);
	}
	n = parse(parse_nvlink_errors, &b, NULL);
	is_int(n, 144, "nvlink -e: 144 links");
	ok((c.nvlink[5].valid & BIT(NVL_REPLAY)) != 0, "nvlink -e: counters");

	run(s, 40, "ipmitool\tsdr\telist", &b);
	n = parse(parse_ipmi_sdr, &b, NULL);
	is_int(n, 38, "sdr elist: 38 sensors");
	is_int(c.nerr, 0, "sdr elist: no error");
	for (i = 0; i < c.nsensor && strcmp(c.sensor[i].name,
	    "Coolant Flow") != 0; i++)
		;
	ok(i < c.nsensor && c.sensor[i].kind == SENSOR_FLOW,
	    "sdr elist: coolant flow is a flow");
	for (i = 0; i < c.nsensor && strcmp(c.sensor[i].name, "FAN1") != 0;
	    i++)
		;
	ok(i < c.nsensor && c.sensor[i].kind == SENSOR_FAN &&
	    c.sensor[i].reading > 1000, "sdr elist: FAN1 in RPM");
	for (i = 0; i < c.nsensor && strcmp(c.sensor[i].name, "GPU1 Temp") !=
	    0; i++)
		;
	ok(i < c.nsensor && c.sensor[i].kind == SENSOR_TEMP,
	    "sdr elist: GPU1 Temp");
	run(s, 40, "ipmitool\tsensor\tlist", &b);
	n = parse(parse_ipmi_sensor, &b, NULL);
	is_int(n, 38, "sensor list: 38 sensors");

	run(s, 40, "ibstat", &b);
	n = parse(parse_ibstat, &b, NULL);
	is_int(n, 8, "ibstat: 8 ports");
	is_str(c.ibport[0].device, "mlx5_0", "ibstat: mlx5_0");
	is_dbl(c.ibport[0].rate_gbps, 400, 0.01, "ibstat: 400");
	is_str(c.ibport[7].ca_type, "MT4129", "ibstat: MT4129");

	run(s, -1, "sinfo\t-h\t-N\t-o\t" SINFO_FORMAT, &b);
	n = parse(parse_sinfo, &b, SINFO_FORMAT);
	is_int(n, count_lines(b.data, "gpu"), "sinfo: every line");
	is_str(first_snode()->name, "gpu0001", "sinfo: gpu0001");
	is_str(first_snode()->gres, "gpu:h100:8(S:0-1)", "sinfo: gres");
	is_int(c.nerr, 0, "sinfo: no error");

	run(s, -1, "scontrol\tshow\tnode", &b);
	n = parse(parse_scontrol_node, &b, NULL);
	is_int(n, 125, "scontrol show node: 125 nodes");
	run(s, -1, "scontrol\t-o\tshow\tnode", &b);
	n = parse(parse_scontrol_node, &b, NULL);
	is_int(n, 125, "scontrol -o show node: 125 nodes");
	is_int(first_snode()->cpus, 112, "scontrol: CPUTot");

	/* dcgmi diag of DCGM 4, then of DCGM 3: a node that fails a test. */
	for (v = 4; v >= 3; v--) {
		sim_set_dcgm_version(s, v);
		for (node = 0; node < 125; node++) {
			if (tool(s, node, "dcgmi\tdiag\t-r\t3", &b,
			    &cause) != 0) {
				free(cause);
				continue;
			}
			if (strstr(b.data, v == 3 ? "Fail - GPU" : ": Fail ") !=
			    NULL)
				break;
		}
		n = parse(parse_dcgm_diag, &b, NULL);
		ok(n > 10, "dcgmi diag text of DCGM %d: %d results", v, n);
		for (i = 0; i < c.ndiag && c.diag[i].result != DIAG_FAIL; i++)
			;
		ok(i < c.ndiag, "dcgmi diag text of DCGM %d: a failure (%s, "
		    "GPU %d)", v, i < c.ndiag ? c.diag[i].test : "-",
		    i < c.ndiag ? c.diag[i].gpu : -1);
		tool(s, node, "dcgmi\tdiag\t-r\t3\t-j", &b, &cause);
		free(cause);
		n = parse(parse_dcgm_diag, &b, NULL);
		ok(n > 10, "dcgmi diag JSON of DCGM %d: %d results", v, n);
		is_int(c.nerr, 0, "dcgmi diag JSON: no error");
		for (i = 0; i < c.ndiag && c.diag[i].result != DIAG_FAIL; i++)
			;
		ok(i < c.ndiag, "dcgmi diag JSON of DCGM %d: the failure too",
		    v);
	}
	sim_set_dcgm_version(s, 4);

	for (node = 0; node < 125; node++) {
		if (tool(s, node, "dmesg", &b, &cause) != 0) {
			free(cause);
			continue;
		}
		if (strstr(b.data, "): 79,") != NULL)
			break;
	}
	n = parse(parse_xid, &b, NULL);
	ok(n >= 1, "dmesg: %d Xids", n);
	for (i = 0; i < c.nxid && c.xid[i].xid != 79; i++)
		;
	ok(i < c.nxid && strncmp(c.xid[i].bus_id, "0000:", 5) == 0,
	    "dmesg: Xid 79 with its bus (%s)", i < c.nxid ? c.xid[i].bus_id :
	    "-");
	tool(s, node, "dmesg\t-T", &b, &cause);
	free(cause);
	ok(parse(parse_xid, &b, NULL) == n, "dmesg -T: as many Xids");
	tool(s, node, "journalctl\t-k", &b, &cause);
	free(cause);
	ok(parse(parse_xid, &b, NULL) == n, "journalctl -k: as many Xids");

	sim_free(s);
	buf_free(&b);
}

/*
 * The simulator's Fabric block, in nvidia-smi -q and in --query-gpu's
 * fabric.*, read back by nvidia-smi-q and nvsmi-csv.
 */
static void
test_fabric(void)
{
	struct sim	*s;
	struct buf	 b;

	buf_init(&b);
	s = sim_create(1000, 7, 0.0);
	sim_set_time(s, T0);
	run(s, 40, "nvidia-smi\t-q", &b);
	is_int(parse(parse_nvsmi_q, &b, NULL), 8, "-q: a Fabric record a GPU");
	is_int(c.nerr, 0, "-q: no error");
	is_str(c.fabric[3].bus_id, "00000000:5D:00.0", "-q: its GPU's bus id");
	is_str(c.fabric[3].state, "Completed", "-q: State");
	is_str(c.fabric[3].status, "Success", "-q: Status");
	ok((c.fabric[3].valid & BIT(FAB_CLIQUE)) && c.fabric[3].clique_id == 0,
	    "-q: CliqueId");
	is_str(c.fabric[3].cluster_uuid, "00000000-0000-0000-0000-000000000000",
	    "-q: ClusterUUID");
	is_str(c.fabric[3].bandwidth, "", "-q: Bandwidth N/A, null");
	run(s, 40, "nvidia-smi\t--query-gpu=index,fabric.state,fabric.status,"
	    "fabric.cliqueId,fabric.clusterUuid,fabric.health.bandwidth"
	    "\t--format=csv", &b);
	is_int(parse(parse_nvsmi_csv, &b, NULL), 8, "fabric.*: 8 GPUs");
	is_int(c.nerr, 0, "fabric.*: no error");
	is_str(c.gpu[3].fabric_state, "Completed", "fabric.state");
	is_str(c.gpu[3].fabric_status, "Success", "fabric.status");
	ok((c.gpu[3].valid & BIT(GPU_CLIQUE)) && c.gpu[3].clique_id == 0,
	    "fabric.cliqueId");
	is_str(c.gpu[3].cluster_uuid, "00000000-0000-0000-0000-000000000000",
	    "fabric.clusterUuid");
	sim_free(s);
	buf_free(&b);
}

/* The GPUs of a simulator: each node's. */
static u_int
sum_gpus(const struct sim *s)
{
	u_int	 n, total = 0;

	for (n = 0; n < sim_nodes(s); n++)
		total += sim_node_gpus(s, n);
	return (total);
}

/*
 * NVL72 racks (--sim-mix gb200): whole racks of 18 trays of 4 GPUs, alone
 * and in a mix; a rack's trays, their nvidia-smi and nvidia-imex-ctl read
 * back through the real parsers.
 */
static void
test_nvl72_sizes(void)
{
	struct sim	*s;
	char		*cause = NULL;
	u_int		 first, r, n, bad;

	s = sim_create_mix(10000, 1, 0.02, "gb200:1", &cause);
	ok(s != NULL, "gb200:1 at 10k");
	is_int(sim_nracks(s), 139, "10k of gb200: 139 racks");
	is_int(sim_nodes(s), 2502, "of 18 trays: 2502 nodes");
	is_int(sum_gpus(s), 10008, "10,008 GPUs");
	is_int(sim_node_gpus(s, 0), 4, "4 GPUs a tray");
	is_int(sim_rack_nodes(s, 0, &first), 18, "a rack of 18");
	is_int(sim_node_rack(s, 17), 0, "gpu0018 in the first rack");
	is_int(sim_node_rack(s, 18), 1, "gpu0019 in the second");
	is_int(sim_node_rack(s, 2501), 138, "gpu2502 in the last");
	ok(sim_node_imex(s, 0) && sim_node_imex(s, 2501), "trays run IMEX");
	sim_free(s);

	s = sim_create_mix(100000, 1, 0.02, "gb200:1", &cause);
	is_int(sim_nracks(s), 1389, "100k of gb200: 1389 racks");
	is_int(sum_gpus(s), 100008, "100,008 GPUs");
	sim_free(s);

	/* A mix: 8-node HGX racks, then whole NVL72 racks. */
	s = sim_create_mix(10000, 1, 0.02, "h100:6,gb200:2", &cause);
	is_int(sim_nracks(s), 152, "h100:6,gb200:2 at 10k: 152 racks");
	for (r = 0, bad = 0; r < sim_nracks(s); r++) {
		n = sim_rack_nodes(s, r, &first);
		if (n != (r < 114 ? 8u : 18u) ||
		    sim_node_imex(s, first) != (r >= 114) ||
		    sim_node_rack(s, first + n - 1) != r)
			bad++;
	}
	is_int(bad, 0, "114 racks of 8 H100 nodes, 38 of 18 GB200 trays");
	is_int(sum_gpus(s), 114 * 64 + 38 * 72, "10,032 GPUs");
	ok(!sim_node_imex(s, 0), "an H100 node runs no IMEX");
	sim_free(s);

	s = sim_create(10000, 1, 0.02);
	is_int(sim_nracks(s), 157, "H100s alone: racks of 8, as before");
	is_int(sim_rack_nodes(s, 156, &first), 2, "the last cut to 1250");
	sim_free(s);
}

static void
test_nvl72_tools(void)
{
	struct sim	*s, *t;
	struct buf	 b, b2;
	char		*cause = NULL, name[80];
	u_int		 i;

	buf_init(&b);
	buf_init(&b2);
	s = sim_create_mix(10000, 1, 0.0, "h100:6,gb200:2", &cause);
	sim_set_time(s, T0);
	/* gpu0922: the 10th tray of the first NVL72 rack (rack 115). */
	run(s, 921, "nvidia-smi\t--query-gpu=index,name,pci.bus_id,"
	    "memory.total,power.limit,fabric.state,fabric.status,"
	    "fabric.cliqueId,fabric.clusterUuid,fabric.health.summary,"
	    "fabric.health.bandwidth\t--format=csv", &b);
	is_int(parse(parse_nvsmi_csv, &b, NULL), 4, "a tray: 4 GPUs");
	is_int(c.nerr, 0, "no error");
	is_str(c.gpu[0].model, "NVIDIA GB200", "named as nvidia-smi does");
	is_str(c.gpu[0].bus_id, "00000008:01:00.0", "GPU 0 on domain 0008");
	is_str(c.gpu[3].bus_id, "00000019:01:00.0", "GPU 3 on domain 0019");
	is_dbl(c.gpu[1].mem_total_mib, 189471, 0, "189471 MiB");
	is_dbl(c.gpu[1].power_limit_w, 1200, 0, "1200 W");
	is_str(c.gpu[2].fabric_state, "Completed", "fabric.state");
	is_str(c.gpu[2].fabric_status, "Success", "fabric.status");
	ok((c.gpu[2].valid & BIT(GPU_CLIQUE)) && c.gpu[2].clique_id > 0,
	    "fabric.cliqueId: the rack's");
	ok(strcmp(c.gpu[2].cluster_uuid, "00000000-0000-0000-0000-000000000000")
	    != 0 && strlen(c.gpu[2].cluster_uuid) == 36,
	    "fabric.clusterUuid: the rack's");
	is_str(c.gpu[2].fabric_health, "Healthy", "fabric.health.summary");
	is_str(c.gpu[2].fabric_bandwidth, "Full", "fabric.health.bandwidth");
	snprintf(name, sizeof name, "%s", c.gpu[2].cluster_uuid);
	run(s, 918, "nvidia-smi\t--query-gpu=fabric.clusterUuid,"
	    "fabric.cliqueId\t--format=csv", &b);
	parse(parse_nvsmi_csv, &b, NULL);
	is_str(c.gpu[0].cluster_uuid, name, "a rack is one ClusterUUID");
	run(s, 931, "nvidia-smi\t--query-gpu=fabric.clusterUuid"
	    "\t--format=csv", &b);
	parse(parse_nvsmi_csv, &b, NULL);
	ok(strcmp(c.gpu[0].cluster_uuid, name) != 0,
	    "the next rack (gpu0932) another");
	run(s, 3, "nvidia-smi\t--query-gpu=fabric.state,fabric.cliqueId,"
	    "fabric.clusterUuid,fabric.health.bandwidth\t--format=csv", &b);
	is_int(parse(parse_nvsmi_csv, &b, NULL), 8, "an HGX node: 8 GPUs");
	is_str(c.gpu[0].cluster_uuid, "00000000-0000-0000-0000-000000000000",
	    "an HGX: the 590 H100's zero ClusterUUID");
	is_str(c.gpu[0].fabric_bandwidth, "", "and Bandwidth N/A");

	/* -q: the Fabric block, read back. */
	run(s, 921, "nvidia-smi\t-q", &b);
	is_int(parse(parse_nvsmi_q, &b, NULL), 4, "-q: 4 Fabric blocks");
	is_int(c.nerr, 0, "-q: no error");
	is_str(c.fabric[1].bus_id, "00000009:01:00.0", "-q: its bus id");
	is_str(c.fabric[1].cluster_uuid, name, "-q: the rack's ClusterUUID");
	is_str(c.fabric[1].health, "Healthy", "-q: Health Summary");
	is_str(c.fabric[1].bandwidth, "Full", "-q: Bandwidth");
	snprintf(name, sizeof name, "\n    %-51s: NVIDIA GB200\n",
	    "Product Name");
	ok(strstr(b.data, name) != NULL, "-q: Product Name, the 55 key width");
	snprintf(name, sizeof name, "\n%-55s: 4\n", "Attached GPUs");
	ok(strstr(b.data, name) != NULL, "-q: 4 attached");

	/* nvlink -s: 18 links of 53.125 GB/s a GPU. */
	run(s, 921, "nvidia-smi\tnvlink\t-s", &b);
	is_int(parse(parse_nvlink_status, &b, NULL), 72, "nvlink -s: 4 x 18");
	is_int(c.nerr, 0, "nvlink -s: no error");
	is_dbl(c.nvlink[71].speed_gbs, 53.125, 0.001, "53.125 GB/s");
	ok(c.nvlink[71].gpu == 3 && c.nvlink[71].link == 17, "GPU 3 link 17");
	ok(strstr(b.data, "GPU 0: NVIDIA GB200 (UUID: GPU-") == b.data,
	    "nvlink -s: named NVIDIA GB200");
	run(s, 921, "nvidia-smi\tnvlink\t-e", &b);
	is_int(parse(parse_nvlink_errors, &b, NULL), 72, "nvlink -e: 72");

	/* nvidia-imex-ctl -N: the rack's 18 trays. */
	is_int(tool(s, 3, "nvidia-imex-ctl\t-N", &b, &cause), 127,
	    "no nvidia-imex-ctl on an HGX node");
	free(cause);
	run(s, 921, "nvidia-imex-ctl\t-N", &b);
	is_int(parse(parse_imex, &b, NULL), 18, "imex: 18 nodes");
	is_int(c.nerr, 0, "imex: no error");
	for (i = 0; i < 18 && strcmp(c.imex[i].state, "READY") == 0 &&
	    c.imex[i].connected == 18 && strcmp(c.imex[i].domain, "UP") == 0 &&
	    strcmp(c.imex[i].version, "590.48") == 0; i++)
		;
	is_int(i, 18, "imex: 18 READY, all connected, UP");
	is_str(c.imex[9].address, "10.0.114.10", "imex: 10.R.R.T, R from 0");
	is_int(tool(s, 921, "nvidia-imex-ctl\t-H", &b, &cause), 1,
	    "imex: what it does not print is refused");
	ok(cause != NULL && strstr(cause, "-N") != NULL, "with a message");
	free(cause);

	/* The same seed, the same bytes. */
	t = sim_create_mix(10000, 1, 0.0, "h100:6,gb200:2", &cause);
	sim_set_time(t, T0);
	run(s, 1300, "nvidia-imex-ctl\t-N", &b);
	run(t, 1300, "nvidia-imex-ctl\t-N", &b2);
	ok(b.len > 0 && b.len == b2.len && memcmp(b.data, b2.data, b.len) == 0,
	    "same seed: the same imex");
	run(s, 1300, "nvidia-smi\t-q", &b);
	run(t, 1300, "nvidia-smi\t-q", &b2);
	ok(b.len > 0 && b.len == b2.len && memcmp(b.data, b2.data, b.len) == 0,
	    "same seed: the same -q");
	sim_free(t);
	sim_free(s);
	buf_free(&b);
	buf_free(&b2);
}

/*
 * Faults of NVL72 racks over a day at 10k: at each hour some rack is
 * degraded or broken, most are healthy; over the day a tray's fabric In
 * Progress, one not Success, a degraded bandwidth, an IMEX peer
 * UNAVAILABLE (domain DEGRADED), a clique split.  At fault rate 0, none.
 */
enum { K_PROGRESS, K_FAILED, K_DEGRADED, K_IMEX, K_CLIQUE, K_N };

static int
rack_faults(struct sim *s, u_int r, struct buf *b, int *kinds)
{
	u_int	 first, n, i, g;
	int	 bad = 0, rc;
	char	 clique[16] = "", *why;

	n = sim_rack_nodes(s, r, &first);
	for (i = 0; i < n; i++) {
		rc = tool(s, first + i, "nvidia-smi\t--query-gpu=fabric.state,"
		    "fabric.status,fabric.cliqueId,fabric.health.bandwidth"
		    "\t--format=csv,noheader", b, &why);
		free(why);
		if (rc != 0 || parse(parse_nvsmi_csv, b, "fabric.state,fabric.status,"
		    "fabric.cliqueId,fabric.health.bandwidth") != 4)
			continue;	/* unreachable: imex says */
		for (g = 0; g < 4; g++) {
			if (c.gpu[g].fabric_state[0] == '\0')
				continue;	/* a lost GPU: its line */
			if (strcmp(c.gpu[g].fabric_state, "In Progress") == 0)
				bad |= 1 << K_PROGRESS;
			else if (strcmp(c.gpu[g].fabric_status, "Success"))
				bad |= 1 << K_FAILED;
			if (strcmp(c.gpu[g].fabric_bandwidth, "Degraded") == 0)
				bad |= 1 << K_DEGRADED;
		}
		if (!(c.gpu[0].valid & BIT(GPU_CLIQUE)) ||
		    strcmp(c.gpu[0].fabric_status, "Success") != 0)
			continue;
		if (clique[0] == '\0')
			snprintf(clique, sizeof clique, "%u",
			    c.gpu[0].clique_id);
		else if ((u_int)strtoul(clique, NULL, 10) !=
		    c.gpu[0].clique_id)
			bad |= 1 << K_CLIQUE;
	}
	for (i = 0; i < 2; i++) {	/* two trays: one may be cut off */
		rc = tool(s, first + i, "nvidia-imex-ctl\t-N", b, &why);
		free(why);
		if (rc == 0 && parse(parse_imex, b, NULL) == (int)n &&
		    strcmp(c.imex[0].domain, "UP") != 0)
			bad |= 1 << K_IMEX;
	}
	for (i = 0; i < K_N; i++)
		kinds[i] += (bad >> i) & 1;
	return (bad != 0);
}

static void
test_nvl72_faults(void)
{
	struct sim	*s;
	struct buf	 b;
	char		*cause = NULL;
	int		 kinds[K_N] = { 0 }, h, faulty, fewest = 999, most = 0;
	u_int		 r;

	buf_init(&b);
	s = sim_create_mix(10000, 1, 0.02, "gb200:1", &cause);
	for (h = 0; h < 24; h += 2) {
		sim_set_time(s, T0 + h * 3600);
		for (r = 0, faulty = 0; r < sim_nracks(s); r++)
			faulty += rack_faults(s, r, &b, kinds);
		if (faulty < fewest)
			fewest = faulty;
		if (faulty > most)
			most = faulty;
	}
	printf("# racks degraded or broken at a time: %d to %d of 139; "
	    "by kind over the day: %d %d %d %d %d\n", fewest, most,
	    kinds[K_PROGRESS], kinds[K_FAILED], kinds[K_DEGRADED],
	    kinds[K_IMEX], kinds[K_CLIQUE]);
	ok(fewest >= 1, "at every time some rack is degraded or broken");
	ok(most <= 139 / 4, "most racks are healthy (at most %d faulty)", most);
	ok(kinds[K_PROGRESS] > 0, "a tray's fabric In Progress");
	ok(kinds[K_FAILED] > 0, "a tray Completed, Status not Success");
	ok(kinds[K_DEGRADED] > 0, "a degraded bandwidth");
	ok(kinds[K_IMEX] > 0, "an IMEX peer unavailable, domain not UP");
	ok(kinds[K_CLIQUE] > 0, "a tray in another clique");
	sim_free(s);

	s = sim_create_mix(10000, 1, 0.0, "gb200:1", &cause);
	sim_set_time(s, T0);
	for (r = 0, faulty = 0; r < sim_nracks(s); r++)
		faulty += rack_faults(s, r, &b, kinds);
	is_int(faulty, 0, "fault rate 0: every rack healthy");
	sim_free(s);
	buf_free(&b);
}

/* sim_create(100000) and every node's nvidia-smi query, in CPU time. */
static void
test_speed(void)
{
	struct sim	*s;
	struct buf	 b;
	clock_t		 t0;
	double		 cpu;
	size_t		 bytes = 0;
	u_int		 n;
	char		*cause;

	buf_init(&b);
	t0 = clock();
	s = sim_create(100000, 1, 0.02);
	sim_set_time(s, T0);
	for (n = 0; n < sim_nodes(s); n++) {
		if (tool(s, n, "nvidia-smi\t--query-gpu=" NVSMI_QUERY
		    "\t--format=csv,noheader,nounits", &b, &cause) == 0)
			bytes += b.len;
		free(cause);
	}
	cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
	printf("# sim_create(100000) and a full nvidia-smi sweep: %.3f s CPU, "
	    "%zu bytes\n", cpu, bytes);
	ok(cpu < 5.0, "100k GPUs swept in %.3f s CPU", cpu);
	sim_free(s);
	buf_free(&b);
}

int
main(void)
{
	test_sizes();
	test_determinism();
	test_shapes();
	test_faults();
	test_time();
	test_queue();
	test_roundtrip();
	test_fabric();
	test_nvl72_sizes();
	test_nvl72_tools();
	test_nvl72_faults();
	test_speed();
	collect_free(&c);
	return (tap_done());
}
