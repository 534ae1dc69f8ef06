/*
 * myriad - unit tests for the Slurm parsers: sinfo, squeue, scontrol.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

/* Run a parser on a buffer that is NOT NUL-terminated. */
static int
run(parse_fn fn, const char *text, size_t len, const char *fmt,
    struct collect *g)
{
	return (collect_run(g, fn, text, len, fmt));
}

#define RUN(fn, text, fmt, g) run(fn, text, sizeof (text) - 1, fmt, g)

#define HAS(v, bit)	(((v) & BIT(bit)) != 0)

/* A capture saved without its final newline, given it back. */
static char *
with_newline(char *buf, size_t *len)
{
	buf = realloc(buf, *len + 1);
	if (buf == NULL)
		abort();
	buf[(*len)++] = '\n';
	return (buf);
}

/*
 * scontrol show node.
 */

static void
test_scontrol_fixtures(void)
{
	struct collect	 g = { 0 };
	struct snode	*n;
	char		*buf;
	size_t		 len;
	int		 r;

	if ((buf = tap_fixture_skip("slurm/nchc-scontrol-show-node-h100x8-"
	    "23.11.txt", &len, 13)) != NULL) {
		r = run(parse_scontrol_node, buf, len, NULL, &g);
		is_int(r, 1, "nchc: one node");
		is_int(g.nerr, 0, "nchc: no errors");
		n = &g.snode[0];
		is_str(n->name, "hgpn01", "nchc: name");
		is_str(n->state, "mixed", "nchc: state lower-cased");
		is_str(n->partitions, "dev", "nchc: partitions");
		is_str(n->gres, "gpu:H100:8(S:0-1)", "nchc: gres as printed");
		is_int(n->gpus, 8, "nchc: 8 gpus");
		ok(HAS(n->valid, SN_GPUS), "nchc: gpus valid");
		is_int(n->gpus_used, 2, "nchc: AllocTRES gres/gpu=2");
		is_int(n->cpus, 112, "nchc: CPUTot");
		is_int(n->cpus_alloc, 9, "nchc: CPUAlloc");
		is_int(n->memory_mb, 1900000, "nchc: RealMemory");
		is_str(n->reason, "", "nchc: no reason");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/twcc-scontrol-show-node-gpu8-"
	    "drain-17.11.txt", &len, 9)) != NULL) {
		r = run(parse_scontrol_node, buf, len, NULL, &g);
		is_int(r, 1, "twcc: one node");
		is_int(g.nerr, 0, "twcc: no errors");
		n = &g.snode[0];
		is_str(n->name, "gn0101.twcc.ai", "twcc: name");
		is_str(n->state, "idle+drain", "twcc: IDLE+DRAIN lowered");
		is_str(n->partitions, "SlurmDefault",
		    "twcc: trailing blank of Partitions= trimmed");
		is_str(n->reason, "node-switch [root@2018-11-23T12:49:03]",
		    "twcc: reason with its stamp");
		is_int(n->gpus, 8, "twcc: Gres=gpu:8");
		ok(HAS(n->valid, SN_GPUS_USED) && n->gpus_used == 0,
		    "twcc: empty AllocTRES is 0 gpus used");
		is_int(n->memory_mb, 772437, "twcc: RealMemory");
		free(buf);
	}
	collect_free(&g);
}

static void
test_scontrol_inline(void)
{
	struct collect	 g = { 0 };
	int		 r;

	/* one-line form, OS= with blanks, Reason at the end with quotes */
	r = RUN(parse_scontrol_node,
	    "NodeName=gpu01 Arch=x86_64 CoresPerSocket=32 CPUAlloc=16 "
	    "CPUTot=128 CPULoad=1.00 AvailableFeatures=a100 "
	    "ActiveFeatures=a100 Gres=gpu:a100:4(S:0-1),nsight:no_consume:1 "
	    "NodeAddr=gpu01 OS=Linux 5.14.0 #1 SMP PREEMPT_DYNAMIC "
	    "RealMemory=512000 AllocMem=0 State=DOWN+DRAIN+NOT_RESPONDING "
	    "Partitions=gpu,debug AllocTRES=cpu=16,gres/gpu=1,"
	    "gres/gpu:a100=1 Reason=\"bad\"; $(rm -rf /) `x` [root@2026-01-02T03:04:05]\n"
	    "NodeName=gpu02 CPUTot=8 State=IDLE Gres=(null)\n",
	    NULL, &g);
	is_int(r, 2, "-o: two nodes on two lines");
	is_int(g.nerr, 0, "-o: no errors");
	is_str(g.snode[0].name, "gpu01", "-o: name");
	is_str(g.snode[0].state, "down+drain+not_responding", "-o: state");
	is_str(g.snode[0].partitions, "gpu,debug", "-o: partitions");
	is_int(g.snode[0].memory_mb, 512000, "-o: RealMemory after OS=");
	is_str(g.snode[0].gres, "gpu:a100:4(S:0-1)", "-o: gpu part of gres");
	is_int(g.snode[0].gpus, 4, "-o: 4 gpus");
	is_int(g.snode[0].gpus_used, 1, "-o: untyped gres/gpu=1 wins");
	is_str(g.snode[0].reason,
	    "\"bad\"; $(rm -rf /) `x` [root@2026-01-02T03:04:05]",
	    "-o: reason with quotes, ';' and $( ) verbatim");
	is_str(g.snode[1].name, "gpu02", "-o: second node");
	ok(!HAS(g.snode[1].valid, SN_GPUS) && g.snode[1].gres[0] == '\0',
	    "-o: Gres=(null) is unknown");
	ok(!HAS(g.snode[1].valid, SN_GPUS_USED), "-o: no AllocTRES: unknown");

	/* multi-line records apart by blank lines, CRLF, garbage */
	r = RUN(parse_scontrol_node,
	    "NodeName=a1 Arch=x86_64\r\n"
	    "   CPUAlloc=2 CPUTot=4\r\n"
	    "   Reason=Kill task failed=yes [slurm@2026-01-01T00:00:00]\r\n"
	    "\r\n"
	    "Node b9 not found\n"
	    "\n"
	    "   State=IDLE\n"
	    "\n"
	    "NodeName=a2 State=ALLOCATED\n",
	    NULL, &g);
	is_int(r, 2, "multi: two nodes");
	is_int(g.nerr, 2, "multi: garbage line and nameless record");
	is_int(g.errline[0], 5, "multi: error at line 5");
	is_str(g.snode[0].reason,
	    "Kill task failed=yes [slurm@2026-01-01T00:00:00]",
	    "multi: Reason runs to the end of the line, CR dropped");
	is_int(g.snode[0].cpus_alloc, 2, "multi: CPUAlloc");
	is_str(g.snode[1].state, "allocated", "multi: second record");

	r = run(parse_scontrol_node, "", 0, NULL, &g);
	ok(r == 0 && g.nerr == 0, "scontrol: empty input");
	r = RUN(parse_scontrol_node, "NodeName=", NULL, &g);
	ok(r == 0 && g.nerr == 1, "scontrol: empty NodeName is an error");
	collect_free(&g);
}

/*
 * sinfo.
 */

static void
test_scontrol_job(void)
{
	struct collect	 g = { 0 };
	int		 r;

	/* -o, a name with blanks, the GPUs asked for the whole job */
	r = RUN(parse_scontrol_job,
	    "JobId=9 JobName=big run UserId=al(7) JobState=PENDING "
	    "Reason=Resources NumNodes=2-4 NumCPUs=16 AllocTRES=(null) "
	    "TresPerJob=gres/gpu:12 TresPerNode=gres/gpu:2 "
	    "RunTime=00:00:00 TimeLimit=UNLIMITED "
	    "Command=/x/run.sh --n 3 WorkDir=/x\n"
	    "JobId=10 JobName=y UserId=bo(8) JobState=RUNNING "
	    "NumNodes=3 TRES=cpu=3,node=3 Gres=gpu:2 RunTime=10:00 "
	    "TimeLimit=1-00:00:00 NodeList=n[1-3]\n",
	    NULL, &g);
	is_int(r, 2, "job -o: two jobs");
	is_int(g.nerr, 0, "job -o: no errors");
	is_str(g.job[0].name, "big run", "job -o: a name with a blank");
	is_str(g.job[0].user, "al", "job -o: UserId less its uid");
	is_int(g.job[0].nnodes, 2, "job -o: NumNodes=2-4 is at least 2");
	is_int(g.job[0].gpus, 12, "job -o: TresPerJob before TresPerNode");
	is_int(g.job[0].limit_s, -1, "job -o: UNLIMITED");
	ok(HAS(g.job[0].valid, JOB_LIMIT), "job -o: UNLIMITED is a limit");
	is_int(g.job[1].gpus, 6, "job -o: old Gres= per node, times 3 nodes");
	is_int(g.job[1].elapsed_s, 600, "job -o: RunTime");
	is_str(g.job[1].nodes, "n[1-3]", "job -o: NodeList");

	/* what is not a job, a bad time, a count past its range */
	r = RUN(parse_scontrol_job,
	    "   UserId=x(1)\n"
	    "\n"
	    "No job 12 here\n"
	    "JobId=11 RunTime=1:2x TimeLimit=-1 NumCPUs=1e23\n"
	    "   NtasksPerTRES:0\n"
	    "\n"
	    "JobId=12 ArrayJobId=12 ArrayTaskId=1-8%2 JobState=PENDING\n",
	    NULL, &g);
	is_int(r, 2, "job: two records");
	is_int(g.nerr, 5, "job: five errors");
	is_int(g.errline[0], 1, "job: a record without JobId, at its line");
	is_int(g.errline[1], 3, "job: a line of no key=value");
	ok(!HAS(g.job[0].valid, JOB_ELAPSED) &&
	    !HAS(g.job[0].valid, JOB_LIMIT) && !HAS(g.job[0].valid, JOB_CPUS),
	    "job: what was refused is unknown, not a smaller number");
	is_str(g.job[1].id, "12_[1-8%2]", "job: an array's pending tasks");
	collect_free(&g);
}

static void
test_scontrol_partition(void)
{
	struct collect	 g = { 0 };
	int		 r;

	r = RUN(parse_scontrol_partition,
	    "PartitionName=gpu\n"
	    "   AllowGroups=ALL Default=YES QoS=N/A\n"
	    "   MaxNodes=UNLIMITED MaxTime=2-12:00:00 MinNodes=0\n"
	    "   Nodes=g[001-128]\n"
	    "   State=UP TotalCPUs=16384 TotalNodes=128\n"
	    "   TRES=cpu=16384,node=128,gres/gpu=1024,gres/gpu:h100=1024\n"
	    "\n"
	    "PartitionName=x Default=maybe TotalNodes=2,5 MaxTime=0:61\n",
	    NULL, &g);
	is_int(r, 2, "partition: two records");
	is_int(g.npartition, 2, "partition: partition records");
	is_str(g.partition[0].name, "gpu", "partition: name");
	is_int(g.partition[0].maxtime_s, 216000, "partition: MaxTime");
	is_int(g.partition[0].gpus, 1024, "partition: untyped gres/gpu wins");
	is_int(g.partition[0].deflt, 1, "partition: Default=YES");
	is_int(g.partition[0].nnodes, 128, "partition: TotalNodes");
	is_int(g.nerr, 3, "partition: a bad Default, count and time");
	ok(g.partition[1].valid == 0, "partition: nothing refused is kept");
	collect_free(&g);
}

static void
test_sinfo_fixtures(void)
{
	struct collect	 g = { 0 };
	char		*buf;
	size_t		 len;
	int		 r;

	if ((buf = tap_fixture_skip("slurm/gcm-sinfo-a-N-o-all.txt", &len, 9))
	    != NULL) {
		r = run(parse_sinfo, buf, len, "%a|%b|%c|%d|%e|%f|%g|%h|%i|%l|"
		    "%m|%n|%o|%p|%r|%s|%t|%u|%v|%w|%z|%A|%B|%C|%D|%E|%F|%G|%H|"
		    "%I|%L|%M|%N|%O|%P|%R|%S|%T|%U|%V|%X|%Y|%Z", &g);
		is_int(r, 4, "%%all: header skipped, 4 nodes");
		is_int(g.nerr, 0, "%%all: no errors");
		is_str(g.snode[0].name, "node0201", "%%all: name");
		is_str(g.snode[0].state, "drained*",
		    "%%all: %%T after %%t wins");
		is_str(g.snode[0].reason, "replace [root@2022-06-02T05:54:34]",
		    "%%all: reason gets [user@time]");
		is_int(g.snode[0].cpus, 80, "%%all: cpus");
		is_int(g.snode[2].cpus_alloc, 80, "%%all: CPUS(A/I/O/T)");
		is_str(g.snode[2].reason, "", "%%all: reason 'none' is empty");
		is_str(g.snode[3].gres, "gpu:gen:2(S:0-1)", "%%all: gres");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/gcm-sinfo-a-N-O-custom-pipe-"
	    "noheader.txt", &len, 6)) != NULL) {
		r = run(parse_sinfo, buf, len, "%N|%G|%x|%c|%C|%T|%P", &g);
		is_int(r, 10, "gcm -O: 10 nodes");
		is_int(g.nerr, 0, "gcm -O: no errors");
		is_str(g.snode[0].name, "node1074", "gcm -O: padding trimmed");
		is_int(g.snode[2].cpus_alloc, 64, "gcm -O: 64/192/0/256");
		is_str(g.snode[8].state, "drained$", "gcm -O: drained$");
		is_str(g.snode[9].partitions, "learn", "gcm -O: partition");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/vpenso-sinfo-h-N-O-nodelist-"
	    "allocmem-memory-cpusstate-statelong.txt", &len, 6)) != NULL) {
		r = run(parse_sinfo, buf, len, "%20N%20x%20m%12C%T", &g);
		is_int(r, 21, "vpenso -O: 21 lines, duplicates kept");
		is_int(g.nerr, 0, "vpenso -O: no errors");
		is_str(g.snode[0].name, "a048", "vpenso -O: fixed width name");
		is_int(g.snode[0].memory_mb, 193000, "vpenso -O: memory");
		is_int(g.snode[20].cpus_alloc, 29, "vpenso -O: 29/3/0/32");
		is_str(g.snode[16].state, "down", "vpenso -O: 'down ' trimmed");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/vpenso-sinfo-h-N-o-nodelist-"
	    "state.txt", &len, 4)) != NULL) {
		r = run(parse_sinfo, buf, len, "%N,%T", &g);
		is_int(r, 709, "vpenso %%N,%%T: 709 nodes");
		is_int(g.nerr, 0, "vpenso %%N,%%T: no errors");
		is_str(g.snode[25].state, "down*", "vpenso: down*");
		is_str(g.snode[708].name, "lxbar0157", "vpenso: last node");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-ahNO-gres-null-type.txt",
	    &len, 3)) != NULL) {
		r = run(parse_sinfo, buf, len, "%n %G %x %T", &g);
		ok(r == 3 && g.nerr == 1 && g.errline[0] == 4,
		    "ood null type: the last line, without newline, refused");
		buf = with_newline(buf, &len);
		r = run(parse_sinfo, buf, len, "%n %G %x %T", &g);
		is_int(r, 4, "ood null type: 4 nodes with the newline");
		is_int(g.snode[3].gpus, 4, "ood null type: gpu:4(S:0-3)");
		is_str(g.snode[3].state, "mixed", "ood null type: state");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-ahNO-nodehost-gres-"
	    "gresused-statelong-a100.txt", &len, 6)) != NULL) {
		r = run(parse_sinfo, buf, len, "%n %G %x %T", &g);
		is_int(r, 2348, "ood a100: 2348 lines");
		is_int(g.nerr, 0, "ood a100: no errors");
		is_str(g.snode[0].gres, "gpu:a100:4(S:0-3)",
		    "ood a100: the gpu entry of a long gres list");
		is_str(g.snode[0].state, "mixed-", "ood a100: mixed-");
		is_str(g.snode[154].state, "draining@", "ood a100: draining@");
		is_int(g.snode[2347].gpus, 3, "ood a100: gpu:a100:3(S:2,4,7)");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-ho-recsep-unitsep-"
	    "owens-nodes.txt", &len, 4)) != NULL) {
		r = run(parse_sinfo, buf, len, "\\x1E%c\\x1F%n\\x1F%f", &g);
		is_int(r, 816, "owens 0x1E/0x1F: 816 nodes");
		is_int(g.nerr, 0, "owens: no errors");
		is_str(g.snode[0].name, "o0004", "owens: name");
		is_int(g.snode[796].cpus, 48, "owens: o0810 has 48 cpus");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/rivos-sinfo-h-o-jsonlike.txt", &len,
	    5)) != NULL) {
		r = run(parse_sinfo, buf, len, "{\"s\": \"%T\", \"mem\": %m, "
		    "\"n\": \"%n\", \"l\": \"%O\", \"p\": \"%R\", \"fmem\": "
		    "\"%e\", \"cstate\": \"%C\", \"w\": %w}", &g);
		is_int(r, 8, "rivos json-like -o: 8 nodes");
		is_int(g.nerr, 0, "rivos: no errors");
		is_str(g.snode[0].name, "cs156", "rivos: name");
		is_int(g.snode[0].cpus_alloc, 56, "rivos: cstate 56/8/0/64");
		is_str(g.snode[5].partitions, "cdn", "rivos: %%R partition");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-aho-F-C.txt", &len, 3)) !=
	    NULL) {
		buf = with_newline(buf, &len);
		r = run(parse_sinfo, buf, len, "%F/%C", &g);
		is_int(r, 1, "%%F/%%C: one summary");
		is_int(g.snode[0].cpus_alloc, 25608,
		    "%%F/%%C: '/' inside fields");
		is_int(g.snode[0].cpus, 37376, "%%F/%%C: cpus total");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/vpenso-sinfo-h-o-C.txt", &len, 2)) !=
	    NULL) {
		r = run(parse_sinfo, buf, len, "%C", &g);
		is_int(r, 1, "%%C: one summary");
		ok(g.snode[0].cpus_alloc == 5725 && g.snode[0].cpus == 6636,
		    "%%C: 5725/877/34/6636");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/twcc-sinfo-default-elided.txt", &len,
	    6)) != NULL) {
		r = run(parse_sinfo, buf, len, "%9P %.5a %.10l %.6D %.6t %N",
		    &g);
		is_int(r, 4, "twcc default: one record a row");
		is_int(g.nerr, 0, "twcc default: no errors");
		r = run(parse_sinfo, buf, len, NULL, &g);
		is_int(r, 4, "twcc default, no format: columns from the header");
		is_int(g.nerr, 0, "twcc default, no format: no errors");
		is_str(g.snode[0].name, "gn0109.twcc.ai,gn1101.twcc.ai",
		    "twcc default: node list as printed");
		is_int(g.snode[0].nodes, 2, "twcc default: NODES 2");
		is_str(g.snode[0].partitions, "SlurmDefault",
		    "twcc default: default partition '*' stripped");
		is_str(g.snode[0].state, "drain*", "twcc default: drain*");
		ok(strncmp(g.snode[1].name, "gn0101.twcc.ai,", 15) == 0 &&
		    strstr(g.snode[1].name, ",gn1228.twcc.ai") != NULL,
		    "twcc default: a long list stays whole");
		is_int(g.snode[1].nodes, 240, "twcc default: NODES 240");
		free(buf);
	}
	collect_free(&g);
}

static void
test_sinfo_inline(void)
{
	struct collect	 g = { 0 };
	int		 r;
	size_t		 i;
	char		 longlist[512];

	/* the default format, with its header */
	r = RUN(parse_sinfo,
	    "NODELIST|STATE|PARTITION|CPUS|MEMORY|GRES|USER|TIMESTAMP|REASON\n"
	    "gpu001|mixed|gpu*|128|1031000|gpu:h100:8(S:0-1)|Unknown|Unknown|"
	    "none\n"
	    "gpu002|drained*|gpu|128|1031000+|gpu:8|root|2026-01-01T00:00:00|"
	    "\"xid 79\"; $(reboot) | `id`\n"
	    "\n"
	    "gpu003|idle|gpu|N/A|(null)|(null)|Unknown|Unknown|\n",
	    NULL, &g);
	is_int(r, 3, "default: 3 nodes, header skipped");
	is_int(g.nerr, 0, "default: no errors");
	is_str(g.snode[0].partitions, "gpu", "default: '*' stripped");
	is_int(g.snode[0].gpus, 8, "default: gpus from gres");
	is_int(g.snode[0].memory_mb, 1031000, "default: memory");
	is_str(g.snode[0].reason, "", "default: reason none");
	is_int(g.snode[1].memory_mb, 1031000, "default: 1031000+ read");
	is_str(g.snode[1].reason, "\"xid 79\"; $(reboot) | `id` "
	    "[root@2026-01-01T00:00:00]",
	    "default: reason with quotes, ';', '|' and $( ) verbatim, "
	    "[user@time]");
	ok(!HAS(g.snode[2].valid, SN_CPUS) &&
	    !HAS(g.snode[2].valid, SN_MEMORY) &&
	    !HAS(g.snode[2].valid, SN_GPUS), "default: N/A, (null) unknown");

	/* every node specifier */
	r = RUN(parse_sinfo,
	    "n1 h1 drain* drained batch* 64 256000 16/48/0/64 gpu:2,gpu:a:2 "
	    "admin 2026-01-01T00:00:00 bad fan\n",
	    "%N %n %t %T %P %c %m %C %G %u %H %E", &g);
	is_int(r, 1, "all: one node");
	is_str(g.snode[0].name, "n1", "all: %%N wins over %%n");
	is_str(g.snode[0].state, "drained", "all: %%T");
	is_str(g.snode[0].partitions, "batch", "all: %%P");
	is_int(g.snode[0].cpus, 64, "all: %%C total");
	is_int(g.snode[0].cpus_alloc, 16, "all: %%C allocated");
	is_int(g.snode[0].gpus, 4, "all: two gpu entries summed");
	is_str(g.snode[0].reason, "bad fan [admin@2026-01-01T00:00:00]",
	    "all: reason + [user@time], last field keeps blanks");

	r = RUN(parse_sinfo, "h7|DRAIN|root(0)|Unknown|why [x@y]\n",
	    "%n|%t|%U|%H|%E", &g);
	is_str(g.snode[0].name, "h7", "%%n alone names the node");
	is_str(g.snode[0].state, "drain", "%%t lower-cased");
	is_str(g.snode[0].reason, "why [x@y]", "reason with a stamp kept");

	/* widths without separators; truncated header names */
	r = RUN(parse_sinfo,
	    "PARTI NODELIST  STATE\n"
	    "debug n01       idle\n"
	    "long* n[01-04]  alloc\n",
	    "%.5P %-10N%T", &g);
	is_int(r, 2, "widths: header with truncated name skipped");
	is_str(g.snode[0].partitions, "debug", "widths: %%.5P");
	is_str(g.snode[0].name, "n01", "widths: %%-10N cut by width");
	is_str(g.snode[1].name, "n[01-04]", "widths: a node list, unexpanded");
	is_str(g.snode[1].state, "alloc", "widths: short state");

	/* garbage: errors with line numbers, the rest kept */
	r = RUN(parse_sinfo, "n1|idle\ngarbage\nn2|alloc\n", "%N|%T", &g);
	is_int(r, 2, "garbage: two good lines kept");
	is_int(g.nerr, 1, "garbage: one error");
	is_int(g.errline[0], 2, "garbage: at line 2");
	r = RUN(parse_sinfo, "n1 idle xx\n", "%N %T %c", &g);
	ok(r == 1 && g.nerr == 1 && !HAS(g.snode[0].valid, SN_CPUS),
	    "garbage: bad number is an error, the node is kept");
	r = RUN(parse_sinfo, "n1\n", "%N %T", &g);
	ok(r == 0 && g.nerr == 1, "garbage: a missing field");

	/* empty input, blank lines, no final newline */
	r = run(parse_sinfo, "", 0, NULL, &g);
	ok(r == 0 && g.nerr == 0, "empty input");
	r = RUN(parse_sinfo, "\n\n  \n", NULL, &g);
	ok(r == 0 && g.nerr == 0, "blank lines");
	r = RUN(parse_sinfo, "n9,idle", "%N,%T", &g);
	ok(r == 0 && g.nerr == 1, "no final newline: the cut line refused");
	r = RUN(parse_sinfo, "n8,idle\nn9,id", "%N,%T", &g);
	ok(r == 1 && g.nerr == 1 && g.errline[0] == 2 &&
	    strcmp(g.snode[0].name, "n8") == 0,
	    "no final newline: 'idle' cut to 'id' is not read");

	/* bad formats */
	r = RUN(parse_sinfo, "x\n", "%", &g);
	ok(r == 0 && g.nerr == 1, "bad format: lone %%");
	r = RUN(parse_sinfo, "x\n", "no fields", &g);
	ok(r == 0 && g.nerr == 1, "bad format: no specifier");
	r = RUN(parse_sinfo, "50%,n1\n", "50%%,%N", &g);
	ok(r == 1 && strcmp(g.snode[0].name, "n1") == 0,
	    "format: %%%% literal");

	/* a node list longer than 64 bytes stays one record, counted */
	strlcpy(longlist, "gpu[", sizeof longlist);
	for (i = 0; i < 30; i++) {
		snprintf(longlist + strlen(longlist),
		    sizeof longlist - strlen(longlist), "%s%03zu-%03zu",
		    i ? "," : "", i * 10, i * 10 + 5);
	}
	snprintf(longlist + strlen(longlist), sizeof longlist - strlen(longlist),
	    "],cpu01,cpu02|idle\n");
	r = run(parse_sinfo, longlist, strlen(longlist), "%N|%T", &g);
	is_int(r, 1, "long list: one record");
	is_int(g.nerr, 0, "long list: no error");
	ok(strncmp(g.snode[0].name, longlist, strlen(longlist) - 6) == 0 &&
	    strlen(g.snode[0].name) == strlen(longlist) - 6,
	    "long list: the whole set in name");
	is_int(g.snode[0].nodes, 30 * 6 + 2, "long list: nodes counts them");
	is_str(g.snode[0].state, "idle", "long list: the state");
	collect_free(&g);
}

/*
 * squeue.
 */

static void
test_squeue_fixtures(void)
{
	struct collect	 g = { 0 };
	char		*buf;
	size_t		 len;
	int		 r;
	const char	*ood = "%a\\x1F%A\\x1F%B\\x1F%c\\x1F%C\\x1F%d\\x1F%D"
	    "\\x1F%e\\x1F%E\\x1F%f\\x1F%F\\x1F%g\\x1F%G\\x1F%h\\x1F%H\\x1F%i"
	    "\\x1F%I\\x1F%j\\x1F%J\\x1F%k\\x1F%K\\x1F%l\\x1F%L\\x1F%m\\x1F%M"
	    "\\x1F%n\\x1F%N\\x1F%o\\x1F%O\\x1F%q\\x1F%P\\x1F%Q\\x1F%r\\x1F%S"
	    "\\x1F%t\\x1F%T\\x1F%u\\x1F%U\\x1F%v\\x1F%V\\x1F%w\\x1F%W\\x1F%x"
	    "\\x1F%X\\x1F%y\\x1F%Y\\x1F%z\\x1F%Z\\x1F%s\\x1F%b\\x1F";

	if ((buf = tap_fixture_skip("slurm/gcm-squeue-a-O-custom-hashpipe-"
	    "noheader.txt", &len, 12)) != NULL) {
		r = run(parse_squeue, buf, len, "%b|#%c|#%i|#%F|#%j|#%l|#%m|#%o"
		    "|#%p|#%T|#%u|#%C|#%D|#%L|#%M|#%N|#%E|#%k|#%S|#%V|#%e|#%s|#%Q"
		    "|#%v|#%P|#%a|#%q|#%r|#%s|#%s|#%s|#%s|#%s|#%Y|#", &g);
		is_int(r, 5, "gcm |#: 5 jobs");
		is_int(g.nerr, 0, "gcm |#: no errors");
		is_str(g.job[0].id, "45704744", "gcm: id");
		is_int(g.job[0].limit_s, 14 * 86400, "gcm: limit 14-00:00:00");
		is_int(g.job[0].elapsed_s, 17 * 3600 + 22 * 60 + 49,
		    "gcm: elapsed 17:22:49");
		ok(!HAS(g.job[0].valid, JOB_GPUS), "gcm: N/A tres: gpus unknown");
		is_str(g.job[2].gres, "gres/gpu:8", "gcm: tres per node");
		is_int(g.job[2].gpus, 256, "gcm: 8 per node x 32 nodes");
		is_int(g.job[2].elapsed_s, 299, "gcm: elapsed 4:59");
		is_str(g.job[3].reason, "DependencyNeverSatisfied",
		    "gcm: pending reason");
		is_str(g.job[4].id, "42271120_[7-8%1]", "gcm: array id");
		is_int(g.job[4].gpus, 160, "gcm: 8 x 20");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-squeue-O-unitsep-cardinal.txt",
	    &len, 8)) != NULL) {
		r = run(parse_squeue, buf, len, ood, &g);
		is_int(r, 4, "cardinal: header skipped, 4 jobs");
		is_int(g.nerr, 0, "cardinal: no errors");
		is_str(g.job[0].name, "cupd3_n_fcc_mix_n15\x1f" "cohp",
		    "cardinal: a name holding the separator");
		is_int(g.job[0].limit_s, 4 * 86400,
		    "cardinal: fields after the name still right");
		is_str(g.job[0].nodes, "c0191", "cardinal: nodes");
		is_str(g.job[3].state, "TIMEOUT", "cardinal: %%T after %%t");
		is_str(g.job[3].reason, "TimeLimit", "cardinal: reason");
		is_int(g.job[3].elapsed_s, 2 * 3600 + 29, "cardinal: 2:00:29");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-squeue-O-unitsep-non-utf8-"
	    "jobname.txt", &len, 4)) != NULL) {
		r = run(parse_squeue, buf, len, ood, &g);
		is_int(r, 1, "non-utf8: one job");
		is_str(g.job[0].name, "\xef\xbf\xbd non-utf8",
		    "non-utf8: name bytes kept");
		is_str(g.job[0].id, "29471683_9", "non-utf8: %%i after %%A");
		is_str(g.job[0].gres, "gres/gpfs:ess:1", "non-utf8: gres");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/rivos-squeue-h-r-o-jsonlike.txt",
	    &len, 6)) != NULL) {
		r = run(parse_squeue, buf, len, "{\"a\": \"%a\", \"id\": %A, "
		    "\"end_time\": \"%e\", \"state\": \"%T\", \"p\": \"%P\", "
		    "\"cpu\": %C, \"mem\": \"%m\", \"array_id\": \"%K\", "
		    "\"r\":  \"%R\"}", &g);
		is_int(r, 6, "rivos: 6 jobs");
		is_int(g.nerr, 3, "rivos: comment and 2 short lines");
		is_int(g.errline[0], 7, "rivos: first error at line 7");
		is_str(g.job[0].nodes, "cs10", "rivos: %%R of a running job");
		is_str(g.job[3].reason,
		    "ReqNodeNotAvail, UnavailableNodes:cs[100,101,102]",
		    "rivos: double parentheses stripped");
		is_str(g.job[5].reason, "Priority", "rivos: reason");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ucsc-hummingbird-squeue-default.txt",
	    &len, 9)) != NULL) {
		r = run(parse_squeue, buf, len,
		    "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R", &g);
		is_int(r, 159, "ucsc default: 159 jobs");
		is_int(g.nerr, 0, "ucsc default: no errors");
		is_str(g.job[0].state, "RUNNING", "ucsc: R is RUNNING");
		is_int(g.job[97].elapsed_s, 10 * 86400 + 21 * 3600 + 56 * 60 + 46,
		    "ucsc: 10-21:56:46");
		is_str(g.job[93].state, "PENDING", "ucsc: PD is PENDING");
		is_str(g.job[93].reason, "Resources", "ucsc: (Resources)");
		is_str(g.job[99].nodes, "hbnode-[38-39]", "ucsc: node set");
		is_str(g.job[151].id, "397752_[2699-3578%",
		    "ucsc: id overflowing its column");
		is_str(g.job[151].partition, "lab-colib",
		    "ucsc: fields after the overflow");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/vpenso-squeue-h-o-jobid-state.txt",
	    &len, 3)) != NULL) {
		r = run(parse_squeue, buf, len, "%A,%T", &g);
		is_int(r, 42, "vpenso: 42 jobs");
		is_str(g.job[21].state, "NODE_FAIL", "vpenso: NODE_FAIL");
		is_str(g.job[41].id, "15452452", "vpenso: last id");
		free(buf);
	}
	collect_free(&g);
}

static void
test_squeue_inline(void)
{
	struct collect	 g = { 0 };
	int		 r;
	struct job	*j;

	/* the default format; a name holding the separator */
	r = RUN(parse_squeue,
	    "JOBID|USER|PARTITION|NAME|STATE|TIME|TIME_LIMIT|NODES|CPUS|"
	    "TRES_PER_NODE|NODELIST|REASON\n"
	    "101|alice|gpu|train|a|b|RUNNING|1-02:03:04|UNLIMITED|4|512|"
	    "gres:gpu:8|gpu[01-04]|None\n"
	    "102_[1-8%2]|bob|gpu|\xff\xfe$(x);'q'|PENDING|0:00|NOT_SET|2|16|"
	    "gres/gpu:h100:2|(null)|Resources\n",
	    NULL, &g);
	is_int(r, 2, "default: 2 jobs");
	is_int(g.nerr, 0, "default: no errors");
	j = &g.job[0];
	is_str(j->name, "train|a|b", "default: name with '|'");
	is_str(j->state, "RUNNING", "default: state");
	is_int(j->elapsed_s, 93784, "default: 1-02:03:04");
	ok(HAS(j->valid, JOB_LIMIT) && j->limit_s == -1,
	    "default: UNLIMITED is -1, valid");
	is_int(j->nnodes, 4, "default: nodes");
	is_int(j->cpus, 512, "default: cpus");
	is_str(j->gres, "gres:gpu:8", "default: gres");
	is_int(j->gpus, 32, "default: 8 per node x 4");
	is_str(j->nodes, "gpu[01-04]", "default: node set");
	is_str(j->reason, "", "default: reason None");
	j = &g.job[1];
	is_str(j->id, "102_[1-8%2]", "default: array id");
	is_str(j->name, "\xff\xfe$(x);'q'", "default: any bytes in a name");
	ok(!HAS(j->valid, JOB_LIMIT), "default: NOT_SET unknown");
	ok(HAS(j->valid, JOB_ELAPSED) && j->elapsed_s == 0, "default: 0:00");
	is_int(j->gpus, 4, "default: typed tres 2 x 2");
	is_str(j->nodes, "", "default: (null) nodes empty");

	/* every job specifier, short states, widths */
	r = RUN(parse_squeue,
	    "   42  7 eve  debug    CG    5:07 UNLIMITED  1  8 gres/gpu:1 "
	    "n1 node-fail (Priority)\n"
	    "   43  8 eve  debug    XX  INVALID  2-03  1  8 N/A n2 None n2\n",
	    "%.5i %2A %-4u %-8P %.2t %8M %l %D %C %b %N %r %R", &g);
	is_int(r, 2, "spec: 2 jobs");
	is_int(g.nerr, 0, "spec: no errors");
	j = &g.job[0];
	is_str(j->id, "7", "spec: %%A after %%i");
	is_str(j->user, "eve", "spec: user");
	is_str(j->partition, "debug", "spec: partition");
	is_str(j->state, "COMPLETING", "spec: CG");
	is_int(j->elapsed_s, 307, "spec: 5:07");
	is_str(j->reason, "Priority", "spec: %%R in parentheses wins");
	is_str(j->nodes, "n1", "spec: %%N");
	is_int(j->gpus, 1, "spec: 1 gpu");
	j = &g.job[1];
	is_str(j->state, "XX", "spec: unknown short state as printed");
	ok(!HAS(j->valid, JOB_ELAPSED), "spec: INVALID elapsed unknown");
	is_int(j->limit_s, 2 * 86400 + 3 * 3600, "spec: limit 2-03");
	is_str(j->nodes, "n2", "spec: %%R node list");
	ok(!HAS(j->valid, JOB_GPUS), "spec: N/A tres: gpus unknown");

	/* short states */
	r = RUN(parse_squeue, "1 PD\n2 R\n3 CD\n4 F\n5 TO\n6 OOM\n", "%i %t",
	    &g);
	ok(r == 6 && strcmp(g.job[0].state, "PENDING") == 0 &&
	    strcmp(g.job[1].state, "RUNNING") == 0 &&
	    strcmp(g.job[2].state, "COMPLETED") == 0 &&
	    strcmp(g.job[3].state, "FAILED") == 0 &&
	    strcmp(g.job[4].state, "TIMEOUT") == 0 &&
	    strcmp(g.job[5].state, "OUT_OF_MEMORY") == 0, "short states");

	/* durations */
	r = RUN(parse_squeue,
	    "1,0:00,5\n2,12:34:56,30:00\n3,1:60,1-00:00:00\n4,x,24:00:00\n"
	    "5,-1,INFINITE\n6,99999999999:00,1-24:00:00\n",
	    "%i,%M,%l", &g);
	is_int(r, 6, "durations: 6 jobs");
	is_int(g.job[0].limit_s, 300, "durations: bare minutes");
	is_int(g.job[1].elapsed_s, 45296, "durations: HH:MM:SS");
	is_int(g.job[1].limit_s, 1800, "durations: MM:SS");
	ok(!HAS(g.job[2].valid, JOB_ELAPSED), "durations: 1:60 rejected");
	is_int(g.job[2].limit_s, 86400, "durations: 1-00:00:00");
	ok(!HAS(g.job[3].valid, JOB_ELAPSED), "durations: x rejected");
	is_int(g.job[3].limit_s, 86400, "durations: 24:00:00");
	ok(!HAS(g.job[4].valid, JOB_ELAPSED), "durations: -1 rejected");
	ok(HAS(g.job[4].valid, JOB_LIMIT) && g.job[4].limit_s == -1,
	    "durations: INFINITE");
	ok(!HAS(g.job[5].valid, JOB_ELAPSED), "durations: overflow rejected");
	ok(!HAS(g.job[5].valid, JOB_LIMIT), "durations: 1-24 rejected");
	is_int(g.nerr, 4, "durations: one error per bad line");

	/* garbage and empty */
	r = RUN(parse_squeue, "x\n\n1|u|p|n|RUNNING|0:01|1:00|1|1|N/A|n1|None\n",
	    NULL, &g);
	ok(r == 1 && g.nerr == 1 && g.errline[0] == 1,
	    "garbage line 1, rest kept");
	r = run(parse_squeue, "", 0, NULL, &g);
	ok(r == 0 && g.nerr == 0, "squeue: empty input");
	r = RUN(parse_squeue, "\xff|\x00|\n", "%i|%j|", &g);
	ok(r == 0 && g.nerr == 1 && g.errline[0] == 1,
	    "squeue: NUL byte refused with its line");
	collect_free(&g);
}

/*
 * Issue 12: every Slurm output an operator has.  Default output with its
 * header, -O formats, JSON of every data_parser version, GPUs from what
 * was allocated, and damaged input.
 */

static void
test_slurm_header(void)
{
	struct collect	 g = { 0 };
	char		*buf, *bom;
	size_t		 len;
	int		 r;

	/* columns found from the header, in any order */
	r = RUN(parse_sinfo, "NODELIST   STATE PARTITION CPUS  GRES\n"
	    "gpu[01-04] idle  batch*    64    gpu:h100:8\n"
	    "gpu05      drained batch   64    gpu:h100:8\n", NULL, &g);
	ok(r == 2 && g.nerr == 0, "header: two rows, any order");
	is_str(g.snode[0].name, "gpu[01-04]", "header: NODELIST");
	is_int(g.snode[0].nodes, 4, "header: the row's node count");
	is_str(g.snode[0].partitions, "batch", "header: PARTITION");
	is_int(g.snode[1].gpus, 8, "header: GRES gpus");
	r = RUN(parse_squeue, "JOBID ST  USER  NAME NODES TIME_LIMI "
	    "NODELIST(REASON)\n"
	    "   77 PD alice train     2   1:00:00 (Resources)\n", NULL, &g);
	ok(r == 1 && g.nerr == 0, "header: squeue -l's cut TIME_LIMI");
	ok(strcmp(g.job[0].state, "PENDING") == 0 &&
	    g.job[0].limit_s == 3600 &&
	    strcmp(g.job[0].reason, "Resources") == 0, "header: squeue values");
	/* a header-like line that is not one: the default format */
	r = RUN(parse_sinfo, "NODELIST BOGUS\n", NULL, &g);
	ok(r == 0 && g.nerr == 1, "header: unknown column, not a header");

	if ((buf = tap_fixture_skip("slurm/ucsc-hummingbird-squeue-default.txt",
	    &len, 6)) != NULL) {
		r = run(parse_squeue, buf, len, NULL, &g);
		is_int(r, 159, "ucsc default, no format: 159 jobs");
		is_int(g.nerr, 0, "ucsc default, no format: no errors");
		is_str(g.job[151].id, "397752_[2699-3578%",
		    "ucsc default, no format: overflowing id");
		bom = malloc(len + 3);
		memcpy(bom, "\xef\xbb\xbf", 3);
		memcpy(bom + 3, buf, len);
		r = run(parse_squeue, bom, len + 3, NULL, &g);
		ok(r == 159 && g.nerr == 0, "BOM before the header skipped");
		is_str(g.job[0].id, "424894", "BOM: no job \\ufeff");
		r = run(parse_squeue, bom, len + 3,
		    "%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R", &g);
		ok(r == 159 && g.nerr == 0, "BOM with a format skipped too");
		free(bom);
		free(buf);
	}
	collect_free(&g);
}

/*
 * A header apart by blanks: each column where its heading is, so a
 * reason or a name with blanks is read whole; a row that does not fit is
 * refused with its line, never read shifted.
 */
static void
test_slurm_aligned(void)
{
	struct collect	 g = { 0 };
	char		*buf, *p;
	size_t		 len;
	int		 r;

	/* sinfo -R: %20E %9u %19H %N */
	r = RUN(parse_sinfo,
	    "REASON               USER      TIMESTAMP           NODELIST\n"
	    "Not responding       slurm     2026-05-01T10:00:00 gpu[01-02]\n"
	    "NHC: check_hw_ib fai root      2026-05-02T11:12:13 gpu07\n"
	    "a b c d e f g h i j  root      2026-05-02T11:12:13 gpu09\n",
	    NULL, &g);
	ok(r == 3 && g.nerr == 0, "sinfo -R: three rows");
	is_str(g.snode[0].reason, "Not responding [slurm@2026-05-01T10:00:00]",
	    "sinfo -R: a reason with a blank, its user and time");
	is_str(g.snode[0].name, "gpu[01-02]", "sinfo -R: the node list");
	is_int(g.snode[0].nodes, 2, "sinfo -R: its count");
	is_str(g.snode[2].reason, "a b c d e f g h i j [root@"
	    "2026-05-02T11:12:13]", "sinfo -R: blanks all through");
	r = RUN(parse_sinfo,
	    "REASON               USER      TIMESTAMP           NODELIST\n"
	    "a reason too long for its column root 2026-05-02T11:12:13 gpu10\n"
	    "ok                   root      2026-05-02T11:12:13 gpu11\n",
	    NULL, &g);
	ok(r == 1 && g.nerr == 1 && g.errline[0] == 2,
	    "sinfo -R: a reason wider than its column refused at its line");
	is_str(g.snode[0].name, "gpu11", "sinfo -R: the next row read");

	/* squeue: %.18i %.9P %.8j %.8u %.2t %.10M %.6D %R */
	r = RUN(parse_squeue,
	    "             JOBID PARTITION     NAME     USER ST       TIME  "
	    "NODES NODELIST(REASON)\n"
	    "                 1     batch   my job    alice  R       1:00  "
	    "    1 n1\n"
	    "                 2     batch  a b c d      bob PD       0:00  "
	    "    2 (Resources)\n"
	    "                 3     batch    train    carol  R 1-00:00:00  "
	    "     4 n[1-4]\n"
	    "                 4     batch a b c d e    alice  R       1:00  "
	    "     1 n1\n", NULL, &g);
	ok(r == 3 && g.nerr == 1 && g.errline[0] == 5,
	    "squeue: three jobs, the one that does not fit refused");
	is_str(g.job[0].name, "my job", "squeue: a name with a blank");
	is_str(g.job[0].user, "alice", "squeue: the user after it");
	is_str(g.job[1].name, "a b c d", "squeue: a name of blanks");
	is_str(g.job[1].reason, "Resources", "squeue: its reason");
	ok(g.job[2].elapsed_s == 86400 && g.job[2].nnodes == 4 &&
	    strcmp(g.job[2].nodes, "n[1-4]") == 0,
	    "squeue: a time wider than its column pushes the rest, read");

	/* the real queue, with a name of blanks and one too wide */
	if ((buf = tap_fixture_skip("slurm/ucsc-hummingbird-squeue-default.txt",
	    &len, 3)) != NULL) {
		if ((p = strstr(buf, " Triangul ")) != NULL)
			memcpy(p, " Tri ngu ", 9);
		if ((p = strstr(buf, "  qgm_job  aazaman")) != NULL)
			memcpy(p, "qgm job  xaazamann", 18);
		r = run(parse_squeue, buf, len, NULL, &g);
		is_int(r, 158, "ucsc damaged: one job refused");
		ok(g.nerr == 1 && g.errline[0] == 12,
		    "ucsc damaged: at its line");
		is_str(g.job[19].name, "Tri ngu", "ucsc damaged: a name with "
		    "blanks read whole");
		free(buf);
	}
	collect_free(&g);
}

static void
test_slurm_long(void)
{
	struct collect	 g = { 0 };
	char		*buf;
	size_t		 len;
	int		 r;

	if ((buf = tap_fixture_skip("slurm/vpenso-sinfo-h-N-O-nodelist-"
	    "allocmem-memory-cpusstate-statelong.txt", &len, 4)) != NULL) {
		r = run(parse_sinfo, buf, len,
		    "NodeList,AllocMem,Memory,CPUsState:12,StateLong", &g);
		ok(r > 0 && g.nerr == 0, "-O: vpenso read (%d nodes)", r);
		is_str(g.snode[0].name, "a048", "-O: NodeList, 20 wide");
		is_int(g.snode[0].memory_mb, 193000, "-O: Memory");
		is_str(g.snode[0].state, "mixed", "-O: StateLong");
		/* Slurm's 20 for CPUsState: "16/0/0/16   mixed" is one */
		r = run(parse_sinfo, buf, len,
		    "NodeList,AllocMem,Memory,CPUsState,StateLong", &g);
		ok(r == 0 && g.nerr == 21 && g.errline[20] == 21,
		    "-O: vpenso at Slurm's widths: each row refused, with "
		    "its line (%d read, %d errors)", r, g.nerr);
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-ahNO-nodehost-gres-"
	    "gresused-statelong-a100.txt", &len, 4)) != NULL) {
		/*
		 * Its columns are 20, 240 and 240 wide, not the 100 and
		 * 512 of the command it names.
		 */
		r = run(parse_sinfo, buf, len,
		    "nodehost:100,gres:512,gresused:512,statelong", &g);
		ok(r == 0 && g.nerr > 0, "-O: lower-case names, widths that "
		    "cut values refused");
		r = run(parse_sinfo, buf, len,
		    "nodehost:20,gres:512,gresused:512,statelong", &g);
		ok(r == 0 && g.nerr == 2348, "-O: a row narrower than its "
		    "widths refused (%d read)", r);
		r = run(parse_sinfo, buf, len,
		    "nodehost,gres:240,gresused:240,statelong", &g);
		ok(r == 2348 && g.nerr == 0 && g.snode[0].gpus == 4 &&
		    HAS(g.snode[0].valid, SN_GPUS_USED) &&
		    g.snode[0].gpus_used == 4, "-O GresUsed: gpus in use (%d)",
		    r > 0 ? g.snode[0].gpus_used : -1);
		is_str(g.snode[154].state, "draining@", "-O: its own widths");
		free(buf);
	}
	if ((buf = tap_fixture_skip("slurm/ood-sinfo-ahNO-gres-null-type.txt",
	    &len, 3)) != NULL) {
		/* apart by one blank: not Slurm's 20 wide columns */
		buf = with_newline(buf, &len);
		r = run(parse_sinfo, buf, len,
		    "nodehost,gres,gresused,statelong", &g);
		ok(r == 0 && g.nerr == 4, "-O: one blank apart, not 20 wide: "
		    "every row refused (%d read)", r);
		r = run(parse_sinfo, buf, len,
		    "nodehost:0 ,gres:0 ,gresused:0 ,statelong", &g);
		ok(r == 4 && g.nerr == 0 && g.snode[2].gpus == 4 &&
		    g.snode[2].gpus_used == 1, "-O NAME:0 with a blank after");
		r = run(parse_sinfo, buf, len, "nodehost:0,gres:0 ,statelong",
		    &g);
		ok(r == 0 && g.nerr == 1, "-O NAME:0 with nothing after: a bad "
		    "format");
		free(buf);
	}
	/* Slurm cuts a value to its width: one that fills it is refused */
	r = RUN(parse_sinfo,
	    "gput072             gpu:(null):2(IDX:0-1mixed\n"
	    "gput073             gpu:2               mixed\n",
	    "nodehost,gresused,statelong", &g);
	ok(r == 1 && g.nerr == 1 && g.errline[0] == 1 &&
	    strcmp(g.snode[0].name, "gput073") == 0,
	    "-O: a value cut at its width refused, with its line");
	r = RUN(parse_sinfo, "   n1idle\nnode0001idle\n",
	    "nodehost:.8,statelong", &g);
	ok(r == 1 && g.nerr == 1 && g.errline[0] == 2,
	    "-O :.8: right aligned, one that fills its column refused");
	r = RUN(parse_sinfo, "n1                  idle  \nn2  idle\n"
	    "n3                  idle down\n", "nodehost,statelong", &g);
	ok(r == 1 && g.nerr == 2 && g.errline[1] == 3,
	    "-O: rows narrower and wider than the widths refused");
	/* a header: its places give the columns, whatever the widths */
	r = RUN(parse_sinfo,
	    "NODELIST    MEMORY  CPUS(A/I/O/T) STATE\n"
	    "a048        193000  16/0/0/16     mixed\n"
	    "a052        193000  0/16/0/16     idle\n",
	    "NodeList,Memory,CPUsState,StateLong", &g);
	ok(r == 2 && g.nerr == 0 && g.snode[1].cpus_alloc == 0 &&
	    strcmp(g.snode[1].state, "idle") == 0,
	    "-O with its header: read by the headings' places");
	r = RUN(parse_sinfo,
	    "  PARTITION HOSTNAMES STATE\n"
	    "      long*        n1 idle\n",
	    "Partition:.9,NodeHost:.8,StateLong", &g);
	ok(r == 1 && g.nerr == 0 && strcmp(g.snode[0].name, "n1") == 0 &&
	    strcmp(g.snode[0].partitions, "long") == 0,
	    "-O right aligned, with its header: where the headings end");
	r = RUN(parse_sinfo,
	    "NODELIST    STATE\n"
	    "a048        mixed\n",
	    "NodeList,Memory,CPUsState,StateLong", &g);
	ok(r == 0 && g.nerr == 2, "-O: a header of other columns: "
	    "Slurm's widths, the rows refused");
	/* a job that asked --gpus: %b is N/A, tres-alloc has them */
	r = RUN(parse_squeue, "5|2|N/A|cpu=2,mem=1G,node=2,billing=2,"
	    "gres/gpu=16|\n",
	    "JobID:|,NumNodes:|,tres-per-node:|,tres-alloc:|", &g);
	ok(r == 1 && g.nerr == 0, "-O tres-alloc: read");
	ok(HAS(g.job[0].valid, JOB_GPUS) && g.job[0].gpus == 16,
	    "-O tres-alloc: 16 gpus allocated (%d)", g.job[0].gpus);
	r = RUN(parse_squeue, "6|1|N/A|cpu=2,node=1|\n7|2|gres/gpu:8|cpu=2|\n",
	    "JobID:|,NumNodes:|,tres-per-node:|,tres-alloc:|", &g);
	ok(r == 2 && HAS(g.job[0].valid, JOB_GPUS) && g.job[0].gpus == 0,
	    "-O tres-alloc: no gpu asked, none allocated: 0");
	ok(g.job[1].gpus == 16,
	    "-O tres-alloc without gres/gpu (not a TRES there): the ask");
	r = RUN(parse_squeue, "7|1|N/A|gres/gpu=4||\n",
	    "JobID:|,NumNodes:|,tres-per-node:|,tres-per-job:|,tres-alloc:|",
	    &g);
	ok(r == 1 && g.job[0].gpus == 4,
	    "-O tres-per-job: a pending job's ask");
	r = RUN(parse_sinfo, "x\n", "NodeList,Bogus", &g);
	ok(r == 0 && g.nerr == 1, "-O: an unknown field is a bad format");
	collect_free(&g);
}

static void
test_slurm_json(void)
{
	struct collect	 g = { 0 };
	int		 r;

	/* v0.0.40 and later: states as arrays, numbers as objects */
	r = RUN(parse_sinfo, "{\"meta\": {}, \"nodes\": [{\"name\": \"g1\", "
	    "\"state\": [\"IDLE\", \"DRAIN\"], \"partitions\": [\"a\", \"b\"],"
	    " \"cpus\": 64, \"alloc_cpus\": 0, \"real_memory\": 1024000, "
	    "\"gres\": \"gpu:h100:8\", \"gres_used\": \"gpu:h100:0(IDX:N/A)\","
	    " \"reason\": \"nhc\", \"reason_set_by_user\": \"root\", "
	    "\"reason_changed_at\": {\"set\": true, \"infinite\": false, "
	    "\"number\": 0}}, {\"name\": \"g2\", \"state\": [\"MIXED\", "
	    "\"DRAIN\", \"NOT_RESPONDING\"]}], \"errors\": []}", NULL, &g);
	ok(r == 2 && g.nerr == 0, "json nodes: two nodes");
	is_str(g.snode[0].state, "drained", "json nodes: IDLE+DRAIN");
	is_str(g.snode[1].state, "draining*",
	    "json nodes: MIXED+DRAIN+NOT_RESPONDING");
	is_str(g.snode[0].partitions, "a,b", "json nodes: partitions");
	ok(g.snode[0].gpus == 8 && g.snode[0].gpus_used == 0 &&
	    g.snode[0].cpus == 64 && g.snode[0].memory_mb == 1024000,
	    "json nodes: numbers");
	is_str(g.snode[0].reason, "nhc", "json nodes: reason");
	ok(!HAS(g.snode[1].valid, SN_CPUS), "json nodes: missing is unknown");

	r = RUN(parse_squeue, "{\"jobs\": [{\"job_id\": 9, \"array_job_id\": "
	    "{\"set\": true, \"infinite\": false, \"number\": 0}, "
	    "\"user_name\": \"bob\", \"job_state\": [\"RUNNING\"], "
	    "\"nodes\": \"g[1-2]\", \"node_count\": {\"set\": true, "
	    "\"infinite\": false, \"number\": 2}, \"time_limit\": {\"set\": "
	    "false, \"infinite\": true, \"number\": 0}, \"tres_per_node\": "
	    "\"\", \"tres_alloc_str\": \"cpu=2,node=2,gres/gpu=16\"}, "
	    "{\"job_id\": 10, \"job_state\": \"PENDING\", \"node_count\": 1, "
	    "\"tres_per_job\": \"gres/gpu:4\", \"tres_alloc_str\": \"\"}]}",
	    NULL, &g);
	ok(r == 2 && g.nerr == 0, "json jobs: two jobs");
	is_str(g.job[0].id, "9", "json jobs: job_id");
	is_str(g.job[0].state, "RUNNING", "json jobs: state array");
	ok(g.job[0].nnodes == 2 && g.job[0].gpus == 16,
	    "json jobs: --gpus 16 from tres_alloc_str (%d)", g.job[0].gpus);
	ok(HAS(g.job[0].valid, JOB_LIMIT) && g.job[0].limit_s == -1,
	    "json jobs: infinite limit");
	ok(g.job[1].gpus == 4, "json jobs: pending, tres_per_job");

	r = RUN(parse_sinfo, "{\"nodes\": [{\"name\": \"g1\"", NULL, &g);
	ok(r == 0 && g.nerr == 1, "json: a cut document is an error");
	r = RUN(parse_squeue, "{\"nodes\": []}", NULL, &g);
	ok(r == 0 && g.nerr == 1 && strstr(g.errmsg, "jobs") != NULL,
	    "json: a nodes document is not a queue (%s)", g.errmsg);
	r = RUN(parse_sinfo, "{\"nodes\": [], \"errors\": [{\"error\": "
	    "\"Unable to contact slurm controller\"}]}", NULL, &g);
	ok(r == 0 && g.nerr == 1 && strstr(g.errmsg, "contact") != NULL,
	    "json: Slurm's errors reported");
	ok(g.errline[0] == 0, "json: Slurm's errors at no line");

	/*
	 * Slurm 22.05 (v0.0.38), as the test cluster printed it: an
	 * UNLIMITED limit is null; a COMPLETED job squeue does not show.
	 */
	r = RUN(parse_squeue, "{\"jobs\": [{\"job_id\": 1, \"job_state\": "
	    "\"RUNNING\", \"time_limit\": null}, {\"job_id\": 2, "
	    "\"job_state\": \"COMPLETED\", \"time_limit\": null}, "
	    "{\"job_id\": 3, \"job_state\": [\"FAILED\"]}, {\"job_id\": 4, "
	    "\"job_state\": [\"CANCELLED\", \"COMPLETING\"]}, {\"job_id\": 5, "
	    "\"job_state\": \"PENDING\", \"time_limit\": 60}]}", NULL, &g);
	ok(r == 3 && g.nerr == 0 && strcmp(g.job[0].id, "1") == 0 &&
	    strcmp(g.job[1].id, "4") == 0 && strcmp(g.job[2].id, "5") == 0,
	    "json jobs: the jobs squeue shows, not those that ended (%d)", r);
	ok(HAS(g.job[0].valid, JOB_LIMIT) && g.job[0].limit_s == -1,
	    "json jobs: v0.0.38's null limit is UNLIMITED, -1, as in text");
	is_int(g.job[2].limit_s, 3600, "json jobs: a limit in minutes");

	/* a count Slurm never prints so: refused with a message */
	r = RUN(parse_sinfo, "{\"nodes\": [{\"name\": \"g1\", \"cpus\": "
	    "\"64\"}, {\"name\": \"g2\", \"real_memory\": -5}]}", NULL, &g);
	ok(r == 2 && g.nerr == 2 && !HAS(g.snode[0].valid, SN_CPUS) &&
	    !HAS(g.snode[1].valid, SN_MEMORY),
	    "json nodes: cpus \"64\" and real_memory -5 refused, said (%d)",
	    g.nerr);
	collect_free(&g);
}

/* field_duration prints a time as squeue does; the parser reads it back. */
static void
test_duration(void)
{
	static const struct {
		long		 s;
		const char	*want;
	} t[] = {
		{ 0, "0:00" }, { 59, "0:59" }, { 307, "5:07" },
		{ 3599, "59:59" }, { 3600, "1:00:00" }, { 86399, "23:59:59" },
		{ 86400, "1-00:00:00" }, { 93784, "1-02:03:04" },
		{ -1, "UNLIMITED" },
	};
	struct collect	 g = { 0 };
	struct buf	 b;
	char		 tmp[32];
	u_int		 i;

	buf_init(&b);
	for (i = 0; i < nitems(t); i++) {
		is_str(field_duration(tmp, sizeof tmp, t[i].s), t[i].want,
		    "duration: %ld seconds", t[i].s);
		buf_printf(&b, "%u,%s\n", i, tmp);
	}
	is_int(run(parse_squeue, b.data, b.len, "%i,%l", &g), nitems(t),
	    "duration: every line read back");
	for (i = 0; i < nitems(t) && (int)i < g.njob; i++)
		is_int(g.job[i].limit_s, t[i].s, "duration: %s read back",
		    t[i].want);
	buf_free(&b);
	collect_free(&g);
}

/*
 * Other vendors' accelerators as sites name their GRES (npu for Ascend,
 * dcu for Hygon: t/data/PROVENANCE.md) are counted as gpu ones are.
 */
static void
test_slurm_accels(void)
{
	struct collect	 g = { 0 };
	int		 r;

	r = RUN(parse_scontrol_node,
	    "NodeName=a1 Gres=npu:Ascend-910B3:8 State=MIXED "
	    "AllocTRES=cpu=8,gres/npu=2\n"
	    "NodeName=h1 Gres=dcu:4 State=IDLE\n"
	    "NodeName=c1 Gres=nsight:1 State=IDLE\n",
	    NULL, &g);
	is_int(r, 3, "accels: three nodes");
	is_int(g.nerr, 0, "accels: no errors");
	is_int(g.snode[0].gpus, 8, "accels: Gres=npu:Ascend-910B3:8 is 8");
	is_int(g.snode[0].gpus_used, 2, "accels: AllocTRES gres/npu=2");
	is_int(g.snode[1].gpus, 4, "accels: Gres=dcu:4 is 4");
	ok(!HAS(g.snode[2].valid, SN_GPUS), "accels: nsight is not one");
	r = RUN(parse_squeue,
	    "JOBID|USER|PARTITION|NAME|STATE|TIME|TIME_LIMIT|NODES|CPUS|"
	    "TRES_PER_NODE|NODELIST|REASON\n"
	    "7|al|npu|t|RUNNING|0:01|1:00|2|16|gres/npu:910B3:1|a[1-2]|None\n"
	    "8|bo|k100ai|t|RUNNING|0:01|1:00|8|256|gres:dcu:4|h[1-8]|None\n",
	    NULL, &g);
	is_int(r, 2, "accels: two jobs");
	is_int(g.job[0].gpus, 2, "accels: gres/npu:910B3:1 on 2 nodes");
	is_int(g.job[1].gpus, 32, "accels: gres:dcu:4 on 8 nodes");
	collect_free(&g);
}

int
main(void)
{
	test_scontrol_fixtures();
	test_scontrol_inline();
	test_scontrol_job();
	test_scontrol_partition();
	test_sinfo_fixtures();
	test_sinfo_inline();
	test_squeue_fixtures();
	test_squeue_inline();
	test_duration();
	test_slurm_header();
	test_slurm_aligned();
	test_slurm_long();
	test_slurm_json();
	test_slurm_accels();
	return (tap_done());
}
