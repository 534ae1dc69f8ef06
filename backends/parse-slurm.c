/*
 * myriad - Slurm parsers: sinfo -o, squeue -o, scontrol show node.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * sinfo and squeue print what their -o or -O format asks for.  The format
 * is parsed into items (specifier, width, the literal text after it) and
 * each output line is split by those literals: whitespace literals split on
 * runs of blanks, empty literals after a width split by the width, anything
 * else is searched for.  The last field takes the rest of the line.  A
 * header line (the upper-case column names) is recognised and skipped.
 * Without a format, a header line gives the columns, in any order, and a
 * JSON document (sinfo --json, squeue --json, slurmrestd) is read by key
 * (parse-slurm-json.c).
 *
 * The format may spell bytes as \xHH, \t and \\ (e.g. \x1F), so a format
 * with control characters can live in a config or test file.
 */

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"

#define SF_MAXITEMS	96
#define SLURM_CPUS_MAX	(1 << 20)	/* of a node */
#define SLURM_MEMORY_MAX (1L << 40)	/* MB */
#define SF_MAXLIT	32
#define SF_OWIDTH	20		/* -O NAME: every field, in Slurm */

struct sf_item {
	u_char		 spec;
	u_int		 width;
	int		 right;
	char		 lit[SF_MAXLIT];	/* literal text after the item */
	size_t		 litlen;
	int		 litspace;		/* lit is blanks only */
	u_int		 col;			/* its heading's first byte */
	u_int		 colend;		/* and the byte after it */
};

struct sf_format {
	char		 prefix[SF_MAXLIT];	/* literal text before item 0 */
	size_t		 prefixlen;
	int		 prefixspace;
	struct sf_item	 item[SF_MAXITEMS];
	u_int		 n;
	int		 aligned;		/* a header apart by blanks */
};

struct sf_field {
	const char	*p;
	size_t		 len;
};

/*
 * -O fields with no -o letter take codes below ' ', which -o cannot spell.
 */
#define SF_OTHER	1		/* a field myriad does not read */
#define SF_GRESUSED	2		/* sinfo -O GresUsed */
#define SF_ALLOCMEM	3		/* sinfo -O AllocMem */
#define SF_TRESALLOC	2		/* squeue -O tres-alloc */
#define SF_TRESPERJOB	3		/* squeue -O tres-per-job */

/* What one tool knows about its specifiers. */
struct sf_spec {
	const char	*header;		/* column name in the header line */
	int		 known;			/* myriad reads this column */
	int		 quad;			/* value is N/N/N/N */
	int		 free;			/* free text: may hold separators */
	int		 blanks;		/* may hold blanks */
};

/* A -O field name (matched without case) and its specifier. */
struct sf_long {
	const char	*name;
	u_char		 spec;
};

/* sinfo -o specifiers and their header names. */
static const struct sf_spec sinfo_specs[128] = {
	[SF_GRESUSED] = { .header = "GRES_USED", .known = 1 },
	[SF_ALLOCMEM] = { .header = "ALLOCMEM" },
	['a'] = { .header = "AVAIL" },
	['b'] = { .header = "ACTIVE_FEATURES" },
	['c'] = { .header = "CPUS", .known = 1 },
	['d'] = { .header = "TMP_DISK" },
	['e'] = { .header = "FREE_MEM" },
	['f'] = { .header = "AVAIL_FEATURES" },
	['g'] = { .header = "GROUPS" },
	['h'] = { .header = "OVERSUBSCRIBE" },
	['i'] = { .header = "RESERVATION" },
	['l'] = { .header = "TIMELIMIT" },
	['m'] = { .header = "MEMORY", .known = 1 },
	['n'] = { .header = "HOSTNAMES", .known = 1 },
	['o'] = { .header = "NODE_ADDR" },
	['p'] = { .header = "PRIO_TIER" },
	['r'] = { .header = "ROOT" },
	['s'] = { .header = "JOB_SIZE" },
	['t'] = { .header = "STATE", .known = 1 },
	['u'] = { .header = "USER", .known = 1 },
	['v'] = { .header = "VERSION" },
	['w'] = { .header = "WEIGHT" },
	['z'] = { .header = "S:C:T" },
	['A'] = { .header = "NODES(A/I)" },
	['B'] = { .header = "MAX_CPUS_PER_NODE" },
	['C'] = { .header = "CPUS(A/I/O/T)", .known = 1, .quad = 1 },
	['D'] = { .header = "NODES", .known = 1 },
	['E'] = { .header = "REASON", .known = 1, .blanks = 1 },
	['F'] = { .header = "NODES(A/I/O/T)", .quad = 1 },
	['G'] = { .header = "GRES", .known = 1 },
	['H'] = { .header = "TIMESTAMP", .known = 1 },
	['I'] = { .header = "PRIO_JOB_FACTOR" },
	['L'] = { .header = "DEFAULTTIME" },
	['M'] = { .header = "PREEMPT_MODE" },
	['N'] = { .header = "NODELIST", .known = 1 },
	['O'] = { .header = "CPU_LOAD" },
	['P'] = { .header = "PARTITION", .known = 1 },
	['R'] = { .header = "PARTITION", .known = 1 },
	['S'] = { .header = "ALLOCNODES" },
	['T'] = { .header = "STATE", .known = 1 },
	['U'] = { .header = "USER", .known = 1 },
	['V'] = { .header = "CLUSTER" },
	['X'] = { .header = "SOCKETS" },
	['Y'] = { .header = "CORES" },
	['Z'] = { .header = "THREADS" },
};

/* squeue -o specifiers and their header names. */
static const struct sf_spec squeue_specs[128] = {
	[SF_TRESALLOC] = { .header = "TRES_ALLOC", .known = 1 },
	[SF_TRESPERJOB] = { .header = "TRES_PER_JOB", .known = 1 },
	['a'] = { .header = "ACCOUNT" },
	['A'] = { .header = "JOBID", .known = 1 },
	['b'] = { .header = "TRES_PER_NODE", .known = 1 },
	['B'] = { .header = "EXEC_HOST" },
	['c'] = { .header = "MIN_CPUS" },
	['C'] = { .header = "CPUS", .known = 1 },
	['d'] = { .header = "MIN_TMP_DISK" },
	['D'] = { .header = "NODES", .known = 1 },
	['e'] = { .header = "END_TIME" },
	['E'] = { .header = "DEPENDENCY" },
	['f'] = { .header = "FEATURES" },
	['F'] = { .header = "ARRAY_JOB_ID" },
	['g'] = { .header = "GROUP" },
	['G'] = { .header = "GROUP" },
	['h'] = { .header = "OVER_SUBSCRIBE" },
	['H'] = { .header = "SOCKETS_PER_NODE" },
	['i'] = { .header = "JOBID", .known = 1 },
	['I'] = { .header = "CORES_PER_SOCKET" },
	['j'] = { .header = "NAME", .known = 1, .free = 1 },
	['J'] = { .header = "THREADS_PER_CORE" },
	['k'] = { .header = "COMMENT", .blanks = 1 },
	['K'] = { .header = "ARRAY_TASK_ID" },
	['l'] = { .header = "TIME_LIMIT", .known = 1 },
	['L'] = { .header = "TIME_LEFT" },
	['m'] = { .header = "MIN_MEMORY" },
	['M'] = { .header = "TIME", .known = 1 },
	['n'] = { .header = "REQ_NODES" },
	['N'] = { .header = "NODELIST", .known = 1 },
	['o'] = { .header = "COMMAND" },
	['O'] = { .header = "CONTIGUOUS" },
	['p'] = { .header = "PRIORITY" },
	['P'] = { .header = "PARTITION", .known = 1 },
	['q'] = { .header = "QOS" },
	['Q'] = { .header = "PRIORITY" },
	['r'] = { .header = "REASON", .known = 1, .blanks = 1 },
	['R'] = { .header = "NODELIST(REASON)", .known = 1, .blanks = 1 },
	['S'] = { .header = "START_TIME" },
	['t'] = { .header = "ST", .known = 1 },
	['T'] = { .header = "STATE", .known = 1 },
	['u'] = { .header = "USER", .known = 1 },
	['U'] = { .header = "UID" },
	['v'] = { .header = "RESERVATION" },
	['V'] = { .header = "SUBMIT_TIME" },
	['w'] = { .header = "WCKEY" },
	['W'] = { .header = "LICENSES" },
	['x'] = { .header = "EXC_NODES" },
	['X'] = { .header = "CORE_SPEC" },
	['y'] = { .header = "NICE" },
	['Y'] = { .header = "SCHEDNODES" },
	['z'] = { .header = "S:C:T" },
	['Z'] = { .header = "WORK_DIR" },
};

static const struct sf_long sinfo_long[] = {
	{ "AllocMem", SF_ALLOCMEM }, { "AllocNodes", 'S' },
	{ "Available", 'a' }, { "Cluster", 'V' }, { "Comment", SF_OTHER },
	{ "Cores", 'Y' }, { "CPUs", 'c' }, { "CPUsLoad", 'O' },
	{ "CPUsState", 'C' }, { "DefaultTime", 'L' }, { "Disk", 'd' },
	{ "Extra", SF_OTHER }, { "Features", 'f' }, { "features_act", 'b' },
	{ "FreeMem", 'e' }, { "Gres", 'G' }, { "GresUsed", SF_GRESUSED },
	{ "Groups", 'g' }, { "MaxCPUsPerNode", 'B' }, { "Memory", 'm' },
	{ "NodeAddr", 'o' }, { "NodeAI", 'A' }, { "NodeAIOT", 'F' },
	{ "NodeHost", 'n' }, { "NodeList", 'N' }, { "Nodes", 'D' },
	{ "OverSubscribe", 'h' }, { "Partition", 'P' },
	{ "PartitionName", 'R' }, { "Port", SF_OTHER }, { "PreemptMode", 'M' },
	{ "PriorityJobFactor", 'I' }, { "PriorityTier", 'p' },
	{ "Reason", 'E' }, { "Reservation", 'i' }, { "Root", 'r' },
	{ "Size", 's' }, { "SocketCoreThread", 'z' }, { "Sockets", 'X' },
	{ "StateComplete", SF_OTHER }, { "StateCompact", 't' },
	{ "StateLong", 'T' }, { "Threads", 'Z' }, { "Time", 'l' },
	{ "TimeStamp", 'H' }, { "User", 'u' }, { "UserLong", 'U' },
	{ "Version", 'v' }, { "Weight", 'w' },
	{ NULL, 0 }
};

static const struct sf_long squeue_long[] = {
	{ "Account", 'a' }, { "ArrayJobID", 'F' }, { "ArrayTaskID", 'K' },
	{ "BatchHost", 'B' }, { "Command", 'o' }, { "Comment", 'k' },
	{ "Contiguous", 'O' }, { "Cores", 'I' }, { "CoreSpec", 'X' },
	{ "Dependency", 'E' }, { "EndTime", 'e' }, { "Feature", 'f' },
	{ "GroupID", 'G' }, { "GroupName", 'g' }, { "JobArrayID", 'i' },
	{ "JobID", 'A' }, { "Licenses", 'W' }, { "MinCpus", 'c' },
	{ "MinMemory", 'm' }, { "MinTmpDisk", 'd' }, { "Name", 'j' },
	{ "Nice", 'y' }, { "NodeList", 'N' }, { "NumCPUs", 'C' },
	{ "NumNodes", 'D' }, { "OverSubscribe", 'h' }, { "Partition", 'P' },
	{ "Priority", 'p' }, { "PriorityLong", 'Q' }, { "QOS", 'q' },
	{ "Reason", 'r' }, { "ReasonList", 'R' }, { "ReqNodes", 'n' },
	{ "Reservation", 'v' }, { "SchedNodes", 'Y' }, { "SCT", 'z' },
	{ "Sockets", 'H' }, { "StartTime", 'S' }, { "State", 'T' },
	{ "StateCompact", 't' }, { "SubmitTime", 'V' }, { "Threads", 'J' },
	{ "TimeLeft", 'L' }, { "TimeLimit", 'l' }, { "TimeUsed", 'M' },
	{ "tres-alloc", SF_TRESALLOC }, { "tres-per-job", SF_TRESPERJOB },
	{ "tres-per-node", 'b' }, { "UserID", 'U' }, { "UserName", 'u' },
	{ "WCKey", 'w' }, { "WorkDir", 'Z' },
	{ NULL, 0 }
};

/* squeue %t short states. */
static const struct {
	const char	*st;
	const char	*state;
} squeue_states[] = {
	{ .st = "BF", .state = "BOOT_FAIL" },
	{ .st = "CA", .state = "CANCELLED" },
	{ .st = "CD", .state = "COMPLETED" },
	{ .st = "CF", .state = "CONFIGURING" },
	{ .st = "CG", .state = "COMPLETING" },
	{ .st = "DL", .state = "DEADLINE" },
	{ .st = "F", .state = "FAILED" },
	{ .st = "NF", .state = "NODE_FAIL" },
	{ .st = "OOM", .state = "OUT_OF_MEMORY" },
	{ .st = "PD", .state = "PENDING" },
	{ .st = "PR", .state = "PREEMPTED" },
	{ .st = "R", .state = "RUNNING" },
	{ .st = "RD", .state = "RESV_DEL_HOLD" },
	{ .st = "RF", .state = "REQUEUE_FED" },
	{ .st = "RH", .state = "REQUEUE_HOLD" },
	{ .st = "RQ", .state = "REQUEUED" },
	{ .st = "RS", .state = "RESIZING" },
	{ .st = "RV", .state = "REVOKED" },
	{ .st = "S", .state = "SUSPENDED" },
	{ .st = "SE", .state = "SPECIAL_EXIT" },
	{ .st = "SI", .state = "SIGNALING" },
	{ .st = "SO", .state = "STAGE_OUT" },
	{ .st = "ST", .state = "STOPPED" },
	{ .st = "TO", .state = "TIMEOUT" },
};

/* Values that mean "not known". */
static const char *const slurm_unknown[] = {
	"(null)", "N/A", "n/a", "n/s", "NOT_SET", "INVALID", "Unknown",
	"None", "none", "(None)",
};

static int
parse_slurm_eq(const char *s, size_t len, const char *word)
{
	return (strlen(word) == len && memcmp(s, word, len) == 0);
}

static int
parse_slurm_isunknown(const char *s, size_t len)
{
	size_t	i;

	if (len == 0)
		return (1);
	for (i = 0; i < nitems(slurm_unknown); i++) {
		if (parse_slurm_eq(s, len, slurm_unknown[i]))
			return (1);
	}
	return (0);
}

/* Copy a value, leaving the destination empty when it means unknown. */
static void
parse_slurm_copy(char *dst, size_t size, const char *s, size_t len)
{
	if (s == NULL || parse_slurm_isunknown(s, len)) {
		dst[0] = '\0';
		return;
	}
	parse_copy(dst, size, s, len);
}

static void
parse_slurm_lower(char *s)
{
	for (; *s != '\0'; s++)
		*s = tolower((u_char)*s);
}

/*
 * A count: digits, with an optional trailing '+' (sinfo prints "32+" for
 * "at least 32") and K/M suffix.  0 on success.
 */
static int
parse_slurm_long(const char *s, size_t len, long *out)
{
	long	v = 0, mult = 1;
	size_t	i;

	len = parse_trim(&s, len);
	if (len > 0 && s[len - 1] == '+')
		len--;
	if (len > 0 && (s[len - 1] == 'K' || s[len - 1] == 'M')) {
		mult = s[len - 1] == 'K' ? 1024 : 1024 * 1024;
		len--;
	}
	if (len == 0 || len > 15)
		return (-1);
	for (i = 0; i < len; i++) {
		if (!isdigit((u_char)s[i]))
			return (-1);
		v = v * 10 + (s[i] - '0');
	}
	if (v > LONG_MAX / mult)
		return (-1);
	*out = v * mult;
	return (0);
}

/*
 * A count read into a record, at most max: its validity bit set and 0;
 * 1 for a word of unknown (N/A); -1 after an error to the sink at line: a
 * damaged number (a decimal comma, 1e23, past max or 2^64) or a word.
 * sinfo's "32+" (at least 32) and a K or M suffix are read.
 */
static int
parse_slurm_num(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, long max, long *out, uint64_t *valid, int bit)
{
	uint64_t	 u;
	long		 mult = 1;
	int		 r;

	len = parse_trim(&v, len);
	if (parse_slurm_isunknown(v, len))
		return (1);
	if (len > 1 && v[len - 1] == '+')
		len--;
	if (len > 1 && (v[len - 1] == 'K' || v[len - 1] == 'M') &&
	    isdigit((u_char)v[len - 2])) {
		mult = v[len - 1] == 'K' ? 1024 : 1024 * 1024;
		len--;
	}
	r = parse_count(s, line, name, v, len, max / mult, &u);
	if (r == 1)
		sink_error(s, line, "%s: '%.*s' is not a number", name,
		    (int)(len > 40 ? 40 : len), v);
	if (r != 0)
		return (-1);
	*out = (long)u * mult;
	*valid |= BIT(bit);
	return (0);
}

static int
parse_slurm_int(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, long max, int *out, uint64_t *valid, int bit)
{
	long	n;
	int	r;

	if ((r = parse_slurm_num(s, line, name, v, len, max, &n, valid,
	    bit)) == 0)
		*out = (int)n;
	return (r);
}

/* Digits only, up to `max'; the number of digits read. */
static size_t
parse_slurm_digits(const char *s, size_t len, long max, long *out)
{
	size_t	i;
	long	v = 0;

	for (i = 0; i < len && isdigit((u_char)s[i]); i++) {
		v = v * 10 + (s[i] - '0');
		if (v > max)
			return (0);
	}
	*out = v;
	return (i);
}

/*
 * A Slurm duration: [D-][HH:]MM:SS (and D-HH, D-HH:MM, MM as Slurm reads
 * them).  Returns 0 and the seconds, 1 for UNLIMITED/INFINITE, -1 when
 * unknown or not a duration.
 */
static int
parse_slurm_duration(const char *s, size_t len, long *out)
{
	long	 part[3], days = 0;
	size_t	 n, i, np = 0;
	int	 hasdays = 0;

	len = parse_trim(&s, len);
	if (parse_slurm_eq(s, len, "UNLIMITED") || parse_slurm_eq(s, len,
	    "INFINITE") ||
	    parse_slurm_eq(s, len, "Infinite") || parse_slurm_eq(s, len,
	    "infinite")) {
		*out = -1;
		return (1);
	}
	if (len == 0)
		return (-1);
	n = parse_slurm_digits(s, len, 1000000, &days);
	if (n > 0 && n < len && s[n] == '-') {
		hasdays = 1;
		s += n + 1;
		len -= n + 1;
	} else
		days = 0;
	for (;;) {
		if (np == nitems(part))
			return (-1);
		n = parse_slurm_digits(s, len, 100000000, &part[np]);
		if (n == 0)
			return (-1);
		np++;
		s += n;
		len -= n;
		if (len == 0)
			break;
		if (*s != ':')
			return (-1);
		s++;
		len--;
	}
	for (i = 1; i < np; i++) {
		if (part[i] > 59)
			return (-1);
	}
	if (hasdays) {
		/* D-HH, D-HH:MM, D-HH:MM:SS */
		if (part[0] > 23)
			return (-1);
		*out = days * 86400 + part[0] * 3600;
		if (np > 1)
			*out += part[1] * 60;
		if (np > 2)
			*out += part[2];
	} else if (np == 3)
		*out = part[0] * 3600 + part[1] * 60 + part[2];
	else if (np == 2)
		*out = part[0] * 60 + part[1];
	else
		*out = part[0] * 60;		/* bare minutes */
	return (0);
}

/* Strip one trailing '*' (the default partition marker). */
static size_t
parse_slurm_unstar(const char *s, size_t len)
{
	if (len > 0 && s[len - 1] == '*')
		len--;
	return (len);
}

/* The end of one entry of a list: the first comma outside open/close. */
static const char *
parse_slurm_entry_end(const char *s, const char *end, int open, int close)
{
	int	depth = 0;

	for (; s < end; s++) {
		if (*s == open)
			depth++;
		else if (*s == close && depth > 0)
			depth--;
		else if (*s == ',' && depth == 0)
			break;
	}
	return (s);
}

/*
 * The names sites give their accelerators' GRES: gpu (NVIDIA, AMD), npu
 * (Huawei Ascend: "Gres=npu:Ascend-910B3:8"), dcu (Hygon: "--gres=dcu:4");
 * where each was seen, t/data/PROVENANCE.md.  A node has one of them.
 */
static const char *const parse_slurm_accels[] = { "gpu", "npu", "dcu" };

static int
parse_slurm_accel(const char *name, size_t len)
{
	size_t	i;

	for (i = 0; i < nitems(parse_slurm_accels); i++) {
		if (len == 3 && memcmp(name, parse_slurm_accels[i], 3) == 0)
			return (1);
	}
	return (0);
}

/*
 * The gpu entries of a GRES or TRES list: "gpu:h100:8(S:0-1),nsight:1",
 * "gpu:(null):2(IDX:0-1)", "gres/gpu:8", "gres:gpu:a100:2", "gres/gpu=2";
 * an npu or dcu entry is an accelerator's as a gpu one is.
 * Returns the count of gpus (-1 when there is no gpu entry) and, if dst is
 * given, copies the gpu entries as printed (the whole list when there is
 * none).  TRES lists give both gres/gpu=N and gres/gpu:type=N: the untyped
 * total wins.  SLURM_GRES_BAD when a gpu entry's count is damaged (gpu:1e23).
 */
long
parse_slurm_gres(const char *s, size_t len, char *dst, size_t size)
{
	const char	*e, *end = s + len, *name, *rest, *cnt, *q;
	size_t		 elen, nlen, dlen = 0;
	long		 n, colon = -1, equntyped = -1, eqtyped = -1, total;
	int		 depth, bad = 0;

	if (dst != NULL)
		dst[0] = '\0';
	while (s < end) {
		e = parse_slurm_entry_end(s, end, '(', ')');
		elen = e - s;
		name = s;
		if (elen > 5 && (memcmp(s, "gres/", 5) == 0 ||
		    memcmp(s, "gres:", 5) == 0))
			name += 5;
		nlen = 0;
		while (name + nlen < e && name[nlen] != ':' &&
		    name[nlen] != '=' && name[nlen] != '(')
			nlen++;
		if (!parse_slurm_accel(name, nlen)) {
			s = e < end ? e + 1 : e;
			continue;
		}
		rest = name + nlen;
		/* drop a trailing "(S:0-1)" or "(IDX:0-3)" */
		q = e;
		if (q > rest && q[-1] == ')') {
			depth = 0;
			while (q > rest) {
				q--;
				if (*q == ')')
					depth++;
				else if (*q == '(' && --depth == 0)
					break;
			}
			if (depth != 0)
				q = e;
		}
		if (rest == q)
			colon = (colon < 0 ? 0 : colon) + 1;	/* "gpu" */
		else if (*rest == ':' || *rest == '=') {
			cnt = q;
			while (cnt > rest && cnt[-1] != ':' && cnt[-1] != '=')
				cnt--;
			if (parse_slurm_long(cnt, q - cnt, &n) != 0 ||
			    n > SLURM_GPUS_MAX) {
				bad |= cnt < q && isdigit((u_char)*cnt);
				n = (cnt[-1] == ':' && cnt < q &&
				    !isdigit((u_char)*cnt)) ? 1 : -1;
			}
			if (n < 0)
				;
			else if (cnt[-1] == ':')
				colon = (colon < 0 ? 0 : colon) + n;
			else if (cnt - 1 == rest)
				equntyped = (equntyped < 0 ? 0 : equntyped) + n;
			else
				eqtyped = (eqtyped < 0 ? 0 : eqtyped) + n;
		}
		if (dst != NULL && dlen + (dlen > 0) + elen < size) {
			if (dlen > 0)
				dst[dlen++] = ',';
			memcpy(dst + dlen, s, elen);
			dlen += elen;
			dst[dlen] = '\0';
		}
		s = e < end ? e + 1 : e;
	}
	total = colon;
	n = equntyped >= 0 ? equntyped : eqtyped;
	if (n >= 0)
		total = (total < 0 ? 0 : total) + n;
	if (dst != NULL && dlen == 0)
		parse_slurm_copy(dst, size, end - len, len);
	return (bad ? SLURM_GRES_BAD : total);
}

/* Strip the parentheses around a whole value: "((Resources))". */
static size_t
parse_slurm_unparen(const char **s, size_t len)
{
	size_t	i;
	int	depth;

	while (len >= 2 && (*s)[0] == '(' && (*s)[len - 1] == ')') {
		depth = 0;
		for (i = 0; i < len; i++) {
			if ((*s)[i] == '(')
				depth++;
			else if ((*s)[i] == ')' && --depth == 0)
				break;
		}
		if (i != len - 1)
			break;
		(*s)++;
		len -= 2;
	}
	return (len);
}

/* A byte of a literal in the format, with \xHH \t \n \\ escapes. */
static int
parse_slurm_sf_literal(const char **fmt)
{
	const char	*p = *fmt;
	int		 c, i, v;

	if (*p != '\\' || p[1] == '\0') {
		*fmt = p + 1;
		return ((u_char)*p);
	}
	switch (p[1]) {
	case 't':
		*fmt = p + 2;
		return ('\t');
	case 'n':
		*fmt = p + 2;
		return ('\n');
	case '\\':
		*fmt = p + 2;
		return ('\\');
	case 'x':
		v = 0;
		for (i = 0; i < 2; i++) {
			c = (u_char)p[2 + i];
			if (!isxdigit(c))
				break;
			v = v * 16 + (isdigit(c) ? c - '0' :
			    tolower(c) - 'a' + 10);
		}
		if (i == 0)
			break;
		*fmt = p + 2 + i;
		return (v);
	}
	*fmt = p + 1;
	return ('\\');
}

static int
parse_slurm_sf_isblank(const char *s, size_t len)
{
	size_t	i;

	if (len == 0)
		return (0);
	for (i = 0; i < len; i++) {
		if (!isspace((u_char)s[i]))
			return (0);
	}
	return (1);
}

/* sinfo's and squeue's date line, first with -l or -i: the header is next. */
static int
parse_slurm_sf_isdate(const char *s, size_t len)
{
	return (len == 24 && s[3] == ' ' && s[7] == ' ' && s[10] == ' ' &&
	    s[13] == ':' && s[16] == ':' && s[19] == ' ' &&
	    isdigit((u_char)s[23]));
}

/* Parse an -o format; -1 and a message if it is not one. */
static int
parse_slurm_sf_format_parse(struct sf_format *f, const char *fmt,
    const char **why)
{
	struct sf_item	*it;
	char		*lit = f->prefix;
	size_t		*litlen = &f->prefixlen;
	u_int		 i;
	int		 c;

	memset(f, 0, sizeof *f);
	while (*fmt != '\0') {
		if (fmt[0] == '%' && fmt[1] != '%') {
			fmt++;
			if (f->n == SF_MAXITEMS) {
				*why = "too many fields";
				return (-1);
			}
			it = &f->item[f->n];
			while (*fmt == '.' || *fmt == '-' || *fmt == '#') {
				if (*fmt == '.')
					it->right = 1;
				fmt++;
			}
			while (isdigit((u_char)*fmt)) {
				if (it->width < 100000)
					it->width = it->width * 10 +
					    (*fmt - '0');
				fmt++;
			}
			if (!isalpha((u_char)*fmt)) {
				*why = "bad specifier";
				return (-1);
			}
			it->spec = *fmt++;
			lit = it->lit;
			litlen = &it->litlen;
			f->n++;
			continue;
		}
		if (fmt[0] == '%') {
			c = '%';
			fmt += 2;
		} else
			c = parse_slurm_sf_literal(&fmt);
		if (*litlen + 1 >= SF_MAXLIT) {
			*why = "literal text too long";
			return (-1);
		}
		lit[(*litlen)++] = c;
	}
	if (f->n == 0) {
		*why = "no fields";
		return (-1);
	}
	f->prefixspace = parse_slurm_sf_isblank(f->prefix, f->prefixlen);
	for (i = 0; i < f->n; i++)
		f->item[i].litspace = parse_slurm_sf_isblank(f->item[i].lit,
		    f->item[i].litlen);
	return (0);
}

/* The specifier of a -O name, or 0. */
static u_char
parse_slurm_sf_long(const struct sf_long *names, const char *name,
    size_t len)
{
	for (; names->name != NULL; names++) {
		if (strlen(names->name) == len &&
		    strncasecmp(names->name, name, len) == 0)
			return (names->spec);
	}
	return (0);
}

/*
 * Parse a -O format, as Slurm does: NAME[:[.][SIZE][SUFFIX]] apart by
 * commas.  A name without ':' is 20 wide, in sinfo and squeue alike (their
 * opts.c); NAME:0 and NAME: print the value whole, so need a suffix to
 * end it.  Slurm cuts a value to its width.  -1 and a message if it is
 * not one.
 */
static int
parse_slurm_sf_format_long(struct sf_format *f, const struct sf_long *names,
    const char *fmt, const char **why)
{
	struct sf_item	*it;
	const char	*e, *colon;
	int		 c;

	memset(f, 0, sizeof *f);
	for (; *fmt != '\0'; fmt = *e == ',' ? e + 1 : e) {
		e = fmt + strcspn(fmt, ",");
		if (e == fmt)
			continue;
		if (f->n == SF_MAXITEMS) {
			*why = "too many fields";
			return (-1);
		}
		it = &f->item[f->n++];
		colon = memchr(fmt, ':', e - fmt);
		if ((it->spec = parse_slurm_sf_long(names, fmt,
		    (colon != NULL ? colon : e) - fmt)) == 0) {
			*why = "unknown field";
			return (-1);
		}
		if (colon == NULL) {
			it->width = SF_OWIDTH;
			continue;
		}
		fmt = colon + 1;
		if (*fmt == '.') {
			it->right = 1;
			fmt++;
		}
		for (; fmt < e && isdigit((u_char)*fmt); fmt++) {
			if (it->width < 100000)
				it->width = it->width * 10 + (*fmt - '0');
		}
		while (fmt < e) {
			c = parse_slurm_sf_literal(&fmt);
			if (it->litlen + 1 >= SF_MAXLIT) {
				*why = "literal text too long";
				return (-1);
			}
			it->lit[it->litlen++] = c;
		}
	}
	if (f->n == 0) {
		*why = "no fields";
		return (-1);
	}
	for (c = 0; c < (int)f->n; c++) {
		it = &f->item[c];
		if (it->width == 0 && it->litlen == 0 && c + 1 < (int)f->n) {
			*why = "a field of width 0 with nothing after it "
			    "runs into the next";
			return (-1);
		}
		it->litspace = parse_slurm_sf_isblank(it->lit, it->litlen);
	}
	return (0);
}

/* The specifier whose header is this column name, or 0. */
static u_char
parse_slurm_sf_column(const struct sf_spec *specs, const char *w, size_t len)
{
	const char	*h;
	u_int		 i, cut = 0;

	for (i = 1; i < 128; i++) {
		if ((h = specs[i].header) == NULL)
			continue;
		if (strlen(h) == len && memcmp(h, w, len) == 0 &&
		    (specs[i].known || cut == 0 || !specs[cut].known))
			return (i);
		/* cut to its column's width: TIME_LIMI */
		if (cut == 0 && len >= 4 && strlen(h) > len &&
		    memcmp(h, w, len) == 0)
			cut = i;
	}
	return (cut);
}

/*
 * A format from a header line: its column names, apart by blanks, '|' or
 * 0x1F, in any order.  -1 if the line is not a header: a word that is not
 * a column name of this tool.  Apart by blanks, each heading's place is
 * kept: Slurm aligns a column's values with its heading.
 */
static int
parse_slurm_sf_format_header(struct sf_format *f, const struct sf_spec *specs,
    const char *line, size_t len)
{
	struct sf_item	*it = NULL;
	const char	*end = line + len, *w, *start = line;
	char		 sep;
	size_t		 n;

	memset(f, 0, sizeof *f);
	if (memchr(line, 0x1f, len) != NULL)
		sep = 0x1f;
	else if (memchr(line, '|', len) != NULL)
		sep = '|';
	else
		sep = ' ';
	while (line < end) {
		while (line < end && *line == ' ')
			line++;
		if (line == end)
			break;
		w = line;
		if (sep == ' ')
			while (line < end && *line != ' ')
				line++;
		else if ((line = memchr(w, sep, end - w)) == NULL)
			line = end;
		n = line - w;
		n = parse_trim(&w, n);
		if (f->n == SF_MAXITEMS)
			return (-1);
		it = &f->item[f->n];
		if ((it->spec = parse_slurm_sf_column(specs, w, n)) == 0)
			return (-1);
		it->col = w - start;
		it->colend = it->col + n;
		f->n++;
		if (line < end) {
			it->lit[it->litlen++] = sep;
			it->litspace = sep == ' ';
			line++;
		}
	}
	f->aligned = sep == ' ';
	return (f->n > 0 ? 0 : -1);
}

/* Last occurrence of needle in [s, s + len). */
static const char *
parse_slurm_sf_memrmem(const char *s, size_t len, const char *needle,
    size_t nlen)
{
	const char	*p;

	if (nlen == 0 || nlen > len)
		return (NULL);
	for (p = s + len - nlen; ; p--) {
		if (memcmp(p, needle, nlen) == 0)
			return (p);
		if (p == s)
			break;
	}
	return (NULL);
}

/* Length of "N/N/N/N" at s, 0 if it is not there. */
static size_t
parse_slurm_sf_quad(const char *s, size_t len)
{
	size_t	i = 0, n;
	long	v;
	int	k;

	for (k = 0; k < 4; k++) {
		if (k > 0) {
			if (i >= len || s[i] != '/')
				return (0);
			i++;
		}
		n = parse_slurm_digits(s + i, len - i, LONG_MAX / 10 - 10, &v);
		if (n == 0)
			return (0);
		i += n;
	}
	return (i);
}

/* May this column's values hold blanks? */
static int
parse_slurm_sf_blanks(const struct sf_spec *specs, const struct sf_item *it)
{
	return (specs[it->spec & 0x7f].free || specs[it->spec & 0x7f].blanks);
}

/*
 * Does each value of a row cut by widths fit its column?  A blank inside
 * a value that holds none is the next column's text: a row wider than the
 * widths say, or widths that are not the output's.  0, or -2.
 */
static int
parse_slurm_sf_fits(const struct sf_format *f, const struct sf_spec *specs,
    const struct sf_field *fld)
{
	u_int	i;

	for (i = 0; i < f->n; i++) {
		if ((f->item[i].width > 0 || (i > 0 &&
		    f->item[i - 1].width > 0)) && f->item[i].litlen == 0 &&
		    !parse_slurm_sf_blanks(specs, &f->item[i]) &&
		    memchr(fld[i].p, ' ', fld[i].len) != NULL)
			return (-2);
	}
	return (0);
}

/*
 * Split a line into one field per item.  -1 when it has too few fields,
 * -2 when a row cut by widths does not fit them.
 */
static int
parse_slurm_sf_split(const struct sf_format *f, const struct sf_spec *specs,
    const char *line, size_t len, struct sf_field *fld)
{
	const struct sf_item	*it, *last = &f->item[f->n - 1];
	const char		*cur = line, *end = line + len, *occ, *e;
	u_int			 i, stop = f->n - 1, freeitem = f->n;
	size_t			 q;

	/* the literal before the first field */
	if (f->prefixspace) {
		while (cur < end && isspace((u_char)*cur))
			cur++;
	} else if (f->prefixlen > 0) {
		if ((size_t)(end - cur) < f->prefixlen ||
		    memcmp(cur, f->prefix, f->prefixlen) != 0)
			return (-1);
		cur += f->prefixlen;
	}

	/* the literal after the last field, perhaps followed by blanks */
	if (last->litlen > 0 && !last->litspace) {
		e = end;
		if ((size_t)(e - cur) < last->litlen ||
		    memcmp(e - last->litlen, last->lit, last->litlen) != 0) {
			while (e > cur && isspace((u_char)e[-1]))
				e--;
		}
		if ((size_t)(e - cur) >= last->litlen &&
		    memcmp(e - last->litlen, last->lit, last->litlen) == 0)
			end = e - last->litlen;
	}

	/*
	 * A free-text field (a job name) may hold the separator: split the
	 * fields after it from the right, when they are split by literals.
	 */
	for (i = 0; i + 1 < f->n; i++) {
		if (specs[f->item[i].spec & 0x7f].free) {
			freeitem = i;
			break;
		}
	}
	for (i = freeitem; i + 1 < f->n; i++) {
		if (f->item[i].litlen == 0 || f->item[i].litspace) {
			freeitem = f->n;
			break;
		}
	}
	if (freeitem < f->n) {
		for (i = f->n - 1; i > freeitem; i--) {
			it = &f->item[i - 1];
			occ = parse_slurm_sf_memrmem(cur, end - cur, it->lit,
			    it->litlen);
			if (occ == NULL)
				return (-1);
			fld[i].p = occ + it->litlen;
			fld[i].len = end - fld[i].p;
			end = occ;
		}
		stop = freeitem;
	}

	for (i = 0; i < stop; i++) {
		it = &f->item[i];
		if (it->litlen == 0 && it->width > 0) {
			/* a row narrower than its widths */
			if ((size_t)(end - cur) <= it->width)
				return (-2);
			q = it->width;
			/* a value as wide as its column may be cut */
			if (it->right ? !isspace((u_char)cur[0]) :
			    !isspace((u_char)cur[q - 1]) &&
			    !isspace((u_char)cur[q]))
				return (-2);
			fld[i].p = cur;
			fld[i].len = q;
			cur += q;
			continue;
		}
		if (it->litlen == 0 || it->litspace) {
			while (cur < end && isspace((u_char)*cur))
				cur++;
			if (cur == end)
				return (-1);
			fld[i].p = cur;
			while (cur < end && !isspace((u_char)*cur))
				cur++;
			fld[i].len = cur - fld[i].p;
			/* step over the separator, so widths line up */
			for (q = 0; q < it->litlen && cur < end &&
			    isspace((u_char)*cur); q++)
				cur++;
			continue;
		}
		if (specs[it->spec & 0x7f].quad &&
		    (q = parse_slurm_sf_quad(cur, end - cur)) > 0 &&
		    (size_t)(end - cur - q) >= it->litlen &&
		    memcmp(cur + q, it->lit, it->litlen) == 0) {
			fld[i].p = cur;
			fld[i].len = q;
			cur += q + it->litlen;
			continue;
		}
		occ = memmem(cur, end - cur, it->lit, it->litlen);
		if (occ == NULL)
			return (-1);
		fld[i].p = cur;
		fld[i].len = occ - cur;
		cur = occ + it->litlen;
	}
	if (stop > 0 && (f->item[stop - 1].litspace ||
	    (f->item[stop - 1].litlen == 0 && f->item[stop - 1].width == 0))) {
		while (cur < end && isspace((u_char)*cur))
			cur++;
		if (cur == end)
			return (-1);
	}
	fld[stop].p = cur;
	fld[stop].len = end - cur;

	for (i = 0; i < f->n; i++)
		fld[i].len = parse_trim(&fld[i].p, fld[i].len);
	return (parse_slurm_sf_fits(f, specs, fld));
}

/*
 * Does a value run into the next column: text on both sides of the next
 * heading's first byte, from a value that starts where its own heading
 * does, not ending where the next heading does (a value aligned right
 * under it), and the next column's text from there a value it may hold
 * (else the value was wider than its column and pushed the rest)?  It
 * filled its column: -O prints its columns with no blank between and
 * cuts each value to its width, so it may be cut.
 */
static int
parse_slurm_sf_fills(const struct sf_format *f, const struct sf_spec *specs,
    const char *line, size_t len)
{
	u_int	i, a, c, e, k;

	for (i = 0; i + 1 < f->n; i++) {
		a = f->item[i].col;
		c = f->item[i + 1].col;
		if (c >= len)
			break;
		if (isspace((u_char)line[a]) ||
		    (a > 0 && !isspace((u_char)line[a - 1])) ||
		    isspace((u_char)line[c - 1]) || isspace((u_char)line[c]))
			continue;
		for (e = c; e < len && !isspace((u_char)line[e]); e++)
			;
		if (e == f->item[i + 1].colend)
			continue;
		k = i + 2 < f->n && f->item[i + 2].col < len ?
		    f->item[i + 2].col : len;
		while (k > e && isspace((u_char)line[k - 1]))
			k--;
		if (k <= e || parse_slurm_sf_blanks(specs, &f->item[i + 1]))
			return (1);
	}
	return (0);
}

/*
 * Split a line under a header apart by blanks, by the headings' places.
 * Between two headings lies the blank that ends a column: a value is
 * left or right aligned with its heading, and may be wider than it.  Text
 * in that gap between two blanks goes to the column that may hold blanks
 * (a reason, a job's name).  Where a line does not fit (no blank in a
 * gap: a value wider than its column pushed the rest right; a blank in a
 * value that holds none), the rest is split at its blanks if no column of
 * the rest but the last may hold any and no text was given to one; else
 * the line is refused (-2).  A value that fills its column to the next
 * heading is refused (-3).  0, -1 (too few fields), -2 or -3.
 */
static int
parse_slurm_sf_aligned(const struct sf_format *f, const struct sf_spec *specs,
    const char *line, size_t len, struct sf_field *fld)
{
	const struct sf_item	*it;
	size_t			 at = 0, lo, hi, first, last, k;
	u_int			 i, j;
	int			 free0, free1, guessed = 0;

	if (parse_slurm_sf_fills(f, specs, line, len))
		return (-3);
	for (i = 0; i + 1 < f->n; i++) {
		it = &f->item[i];
		lo = it->colend;
		hi = f->item[i + 1].col;
		if (lo >= len)
			break;
		for (first = lo; first < hi && first < len &&
		    !isspace((u_char)line[first]); first++)
			;
		for (last = hi; last > first && last - 1 < len &&
		    !isspace((u_char)line[last - 1]); last--)
			;
		if (first == hi)
			break;
		last--;
		for (k = first; k < last && (k >= len ||
		    isspace((u_char)line[k])); k++)
			;
		if (k < last) {
			free0 = parse_slurm_sf_blanks(specs, it);
			free1 = parse_slurm_sf_blanks(specs, it + 1);
			if (free0 == free1)
				break;
			if (free0)
				first = last;
			guessed = 1;
		}
		fld[i].p = line + at;
		fld[i].len = parse_trim(&fld[i].p, first - at);
		if (!parse_slurm_sf_blanks(specs, it) &&
		    memchr(fld[i].p, ' ', fld[i].len) != NULL)
			break;
		at = first + 1;
	}
	if (i + 1 < f->n && guessed)
		return (-2);
	for (j = i; j + 1 < f->n; j++) {
		if (parse_slurm_sf_blanks(specs, &f->item[j]))
			return (-2);
	}
	for (; i + 1 < f->n; i++) {
		while (at < len && isspace((u_char)line[at]))
			at++;
		if (at == len)
			return (-1);
		fld[i].p = line + at;
		while (at < len && !isspace((u_char)line[at]))
			at++;
		fld[i].len = line + at - fld[i].p;
	}
	fld[i].p = line + at;
	fld[i].len = at < len ? len - at : 0;
	for (i = 0; i < f->n; i++)
		fld[i].len = parse_trim(&fld[i].p, fld[i].len);
	return (0);
}

/* Is this line the header?  Most of the named columns must match. */
static int
parse_slurm_sf_header(const struct sf_format *f, const struct sf_spec *specs,
    const struct sf_field *fld)
{
	const struct sf_item	*it;
	const char		*h;
	u_int			 i, named = 0, match = 0;
	size_t			 hlen;

	for (i = 0; i < f->n; i++) {
		it = &f->item[i];
		if ((h = specs[it->spec & 0x7f].header) == NULL)
			continue;
		named++;
		hlen = strlen(h);
		if (fld[i].len == hlen && memcmp(fld[i].p, h, hlen) == 0)
			match++;
		else if (it->width > 0 && it->width < hlen &&
		    fld[i].len == it->width && fld[i].len >= 2 &&
		    memcmp(fld[i].p, h, fld[i].len) == 0)
			match++;		/* truncated to the width */
	}
	return (named > 0 && match * 2 > named);
}

/* What sinfo and squeue each bring to the reading of their lines. */
struct sf_tool {
	const char		*deflt;		/* the probe's -o format */
	const struct sf_spec	*specs;
	const struct sf_long	*names;		/* -O */
	int			 (*row)(const struct sf_format *,
				     const struct sf_field *, u_int,
				     const struct sink *);
	int			 (*json)(const char *, size_t,
				     const struct sink *);
};

/*
 * The widths of a -O format from its header's places: a column starts
 * where its heading does (ends there, right aligned), whatever the widths
 * asked.  Only a header of the format's columns, in its order.
 */
static void
parse_slurm_sf_format_place(struct sf_format *f, const struct sf_format *h,
    const struct sf_spec *specs)
{
	struct sf_item	*it;
	const char	*want, *got;
	u_int		 i, at = 0, b;

	if (!h->aligned || h->n != f->n)
		return;
	for (i = 0; i < f->n; i++) {
		want = specs[f->item[i].spec & 0x7f].header;
		got = specs[h->item[i].spec & 0x7f].header;
		if (want == NULL || got == NULL || strcmp(want, got) != 0)
			return;
	}
	for (i = 0; i + 1 < f->n; i++) {
		it = &f->item[i];
		if (!f->item[i + 1].right)
			b = h->item[i + 1].col;
		else if (it->right)
			b = h->item[i].colend;
		else
			b = at + it->width;	/* somewhere in the gap */
		if (it->litlen == 0 && it->width > 0 && b > at)
			it->width = b - at;
		at = b;
	}
}

/* The format to read by: fmt (-o, or -O without a '%'), or the header. */
static int
parse_slurm_sf_format(struct sf_format *f, const struct sf_tool *t,
    const char *fmt, const char *buf, size_t len, const struct sink *s)
{
	struct sf_format	 h;
	struct lines		 ls;
	const char		*p, *why = NULL;
	size_t			 n;
	int			 head = 0;

	lines_init(&ls, buf, len);
	while (lines_next(&ls, &p, &n)) {
		while (n > 0 && isspace((u_char)p[n - 1]))
			n--;
		if (parse_slurm_sf_isdate(p, n))
			continue;
		if (n > 0 && parse_slurm_sf_format_header(&h, t->specs, p,
		    n) == 0)
			head = 1;
		if (n > 0)
			break;
	}
	/* -o %all, -O all: every field, read as the header names them. */
	if (fmt != NULL && (strcasecmp(fmt, "%all") == 0 ||
	    strcasecmp(fmt, "all") == 0)) {
		if (!head) {
			sink_error(s, 0, "bad format '%s': read by its header "
			    "line only, and this one is not read", fmt);
			return (-1);
		}
		fmt = NULL;
	}
	if (fmt == NULL && head) {
		memcpy(f, &h, sizeof *f);
		return (0);
	}
	if (fmt == NULL)
		fmt = t->deflt;
	if ((strchr(fmt, '%') != NULL ? parse_slurm_sf_format_parse(f, fmt,
	    &why) : parse_slurm_sf_format_long(f, t->names, fmt, &why)) != 0) {
		sink_error(s, 0, "bad format '%s': %s", fmt, why);
		return (-1);
	}
	if (head && strchr(fmt, '%') == NULL)
		parse_slurm_sf_format_place(f, &h, t->specs);
	return (0);
}

/*
 * The lines of sinfo or squeue output: each is split by the format and,
 * unless it is the header, handed to the tool's row(), which returns the
 * number of records it sent.  A JSON document goes to the tool's json(),
 * unless the format itself is JSON-like (-o '{"n": "%n"}', a line each).
 * The number of records sent.
 */
static int
parse_slurm_sf_parse(const char *buf, size_t len, const char *fmt,
    const struct sf_tool *t, const struct sink *s)
{
	struct sf_format	 f;
	struct sf_field		 fld[SF_MAXITEMS];
	struct lines		 ls;
	const char		*p;
	size_t			 n;
	int			 count = 0, r;

	len = parse_bom(&buf, len);
	if ((fmt == NULL || *fmt != '{') && parse_slurm_json_is(buf, len))
		return (t->json(buf, len, s));
	if (parse_slurm_sf_format(&f, t, fmt, buf, len, s) != 0)
		return (0);
	lines_start(&ls, buf, len, s);
	while (lines_next(&ls, &p, &n)) {
		while (n > 0 && isspace((u_char)p[n - 1]))
			n--;
		if (parse_slurm_sf_isblank(p, n) || n == 0 ||
		    parse_slurm_sf_isdate(p, n))
			continue;
		if (f.aligned)
			r = parse_slurm_sf_aligned(&f, t->specs, p, n, fld);
		else
			r = parse_slurm_sf_split(&f, t->specs, p, n, fld);
		if (r == -3)
			sink_error(s, ls.line, "a value fills its column to "
			    "the next heading: it may be cut");
		else if (r == -2 && f.aligned)
			sink_error(s, ls.line, "a value wider than its column: "
			    "the row does not fit the header's columns");
		else if (r == -2)
			sink_error(s, ls.line, "the row does not fit the "
			    "columns' widths: a value cut, or the widths not "
			    "the output's");
		else if (r != 0)
			sink_error(s, ls.line, "expected %u fields", f.n);
		if (r != 0)
			continue;
		if (!parse_slurm_sf_header(&f, t->specs, fld))
			count += t->row(&f, fld, ls.line, s);
	}
	return (count);
}

/*
 * What sinfo and scontrol both say of a node.
 */

/* The gpus of a GRES or TRES list, as parse_slurm_gres; damage is said. */
static long
parse_slurm_gpus(const char *v, size_t len, char *dst, size_t size,
    const struct sink *s, u_int line)
{
	long	n;

	if ((n = parse_slurm_gres(v, len, dst, size)) == SLURM_GRES_BAD)
		sink_error(s, line, "a bad gpu count: %.*s",
		    (int)(len > 60 ? 60 : len), v);
	return (n);
}

static void
parse_slurm_node_state(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct snode	*sn = arg;

	parse_slurm_copy(sn->state, sizeof sn->state, v, len);
	parse_slurm_lower(sn->state);
}

static void
parse_slurm_node_gres(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct snode	*sn = arg;
	long		 n;

	n = parse_slurm_gpus(v, len, sn->gres, sizeof sn->gres, s, line);
	if (n >= 0 && n <= INT_MAX) {
		sn->gpus = (int)n;
		sn->valid |= BIT(SN_GPUS);
	}
}

/* GresUsed, AllocTRES: what is allocated; no gpu entry is none. */
static void
parse_slurm_node_gresused(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct snode	*sn = arg;
	long		 n;

	if (len > 0 && parse_slurm_isunknown(v, len))
		return;
	n = parse_slurm_gpus(v, len, NULL, 0, s, line);
	if (n > INT_MAX || n == SLURM_GRES_BAD)
		return;
	sn->gpus_used = n < 0 ? 0 : (int)n;
	sn->valid |= BIT(SN_GPUS_USED);
}

/* A duration into a record; 1 when the value is bad. */
static int
parse_slurm_bad(int ok, uint64_t *valid, int bit, const char *v, size_t len)
{
	if (ok) {
		*valid |= BIT(bit);
		return (0);
	}
	return (!parse_slurm_isunknown(v, len));
}

/*
 * sinfo.
 */

struct sinfo_line {
	struct snode	 sn;
	struct sf_field	 nodelist, hostname, reason, user, time;
	int		 bad;
	int		 refused;	/* a number, said */
};

/*
 * How many nodes a name holds: 1, or the count of a node set.  0 when it
 * is not a set myriad can read (an elided list).
 */
static int
parse_slurm_count(const char *name)
{
	struct nodeset	*ns;
	char		*cause;
	int		 n = 0;

	if (strpbrk(name, "[,") == NULL)
		return (1);
	ns = nodeset_create();
	if (nodeset_parse(ns, name, &cause) != 0)
		free(cause);
	else if (nodeset_count(ns) <= INT_MAX)
		n = (int)nodeset_count(ns);
	nodeset_free(ns);
	return (n);
}

static void
parse_slurm_sinfo_field(struct sinfo_line *l, u_char spec, const char *v,
    size_t len, const struct sink *s, u_int line)
{
	struct snode	*sn = &l->sn;
	const char	*p;
	long		 a, t;
	size_t		 i;

	switch (spec) {
	case 'N':
		l->nodelist.p = v;
		l->nodelist.len = len;
		break;
	case 'n':
		l->hostname.p = v;
		l->hostname.len = len;
		break;
	case 't':
	case 'T':
		parse_slurm_node_state(sn, v, len, s, line);
		break;
	case 'P':
	case 'R':
		parse_slurm_copy(sn->partitions, sizeof sn->partitions, v,
		    parse_slurm_unstar(v, len));
		break;
	case 'E':
		l->reason.p = v;
		l->reason.len = len;
		break;
	case 'u':
	case 'U':
		/* %U is user(uid) */
		if (spec == 'U' && (p = memchr(v, '(', len)) != NULL)
			len = p - v;
		l->user.p = v;
		l->user.len = len;
		break;
	case 'H':
		l->time.p = v;
		l->time.len = len;
		break;
	case 'G':
		parse_slurm_node_gres(sn, v, len, s, line);
		break;
	case SF_GRESUSED:
		parse_slurm_node_gresused(sn, v, len, s, line);
		break;
	case 'D':
		if (parse_slurm_int(s, line, "NODES", v, len, INT_MAX,
		    &sn->nodes, &sn->valid, SN_NODES) == -1)
			l->refused = 1;
		break;
	case 'c':
		parse_slurm_int(s, line, "CPUS", v, len, SLURM_CPUS_MAX,
		    &sn->cpus, &sn->valid, SN_CPUS);
		break;
	case 'm':
		parse_slurm_num(s, line, "MEMORY", v, len, SLURM_MEMORY_MAX,
		    &sn->memory_mb, &sn->valid, SN_MEMORY);
		break;
	case 'C':
		/* allocated/idle/other/total */
		if (parse_slurm_sf_quad(v, len) != len) {
			if (!parse_slurm_isunknown(v, len))
				l->bad = spec;
			break;
		}
		i = parse_slurm_digits(v, len, INT_MAX, &a);
		p = v + len;
		while (p > v && p[-1] != '/')
			p--;
		if (i == 0 || parse_slurm_digits(p, v + len - p, INT_MAX,
		    &t) == 0)
			break;
		sn->cpus_alloc = (int)a;
		sn->cpus = (int)t;
		sn->valid |= BIT(SN_CPUS_ALLOC) | BIT(SN_CPUS);
		break;
	}
}

/* The reason, with [user@time] when sinfo gave them apart. */
static void
parse_slurm_sinfo_reason(struct sinfo_line *l)
{
	struct snode	*sn = &l->sn;
	size_t		 n;

	parse_slurm_copy(sn->reason, sizeof sn->reason, l->reason.p,
	    l->reason.len);
	if (sn->reason[0] == '\0' || parse_slurm_isunknown(l->user.p,
	    l->user.len) ||
	    parse_slurm_isunknown(l->time.p, l->time.len))
		return;
	if (strchr(sn->reason, '@') != NULL && strchr(sn->reason, '[') != NULL)
		return;
	n = strlen(sn->reason);
	snprintf(sn->reason + n, sizeof sn->reason - n, " [%.*s@%.*s]",
	    (int)l->user.len, l->user.p, (int)l->time.len, l->time.p);
}

static int
parse_slurm_sinfo_row(const struct sf_format *f, const struct sf_field *fld,
    u_int line,
    const struct sink *s)
{
	struct sinfo_line	 l;
	const struct sf_field	*name;
	u_int			 i;

	memset(&l, 0, sizeof l);
	for (i = 0; i < f->n; i++)
		parse_slurm_sinfo_field(&l, f->item[i].spec, fld[i].p,
		    fld[i].len, s, line);
	if (l.bad)
		sink_error(s, line, "bad %%%c value", l.bad);
	parse_slurm_sinfo_reason(&l);
	name = l.nodelist.p != NULL ? &l.nodelist : &l.hostname;
	if (name->p != NULL && !parse_slurm_isunknown(name->p, name->len)) {
		if (name->len >= sizeof l.sn.name) {
			sink_error(s, line, "node list too long");
			return (0);
		}
		parse_copy(l.sn.name, sizeof l.sn.name, name->p, name->len);
	}
	if (!(l.sn.valid & BIT(SN_NODES)) && !l.refused &&
	    l.sn.name[0] != '\0' &&
	    (l.sn.nodes = parse_slurm_count(l.sn.name)) > 0)
		l.sn.valid |= BIT(SN_NODES);
	SINK_EMIT(s, snode, &l.sn);
	return (1);
}

static const struct sf_tool sinfo_tool = {
	.deflt = SINFO_FORMAT, .specs = sinfo_specs, .names = sinfo_long,
	.row = parse_slurm_sinfo_row, .json = parse_slurm_json_nodes,
};

int
parse_sinfo(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	return (parse_slurm_sf_parse(buf, len, fmt, &sinfo_tool, s));
}

/*
 * squeue.
 */

struct squeue_line {
	struct job	 job;
	long		 gpn;		/* gpus per node from %b, -1 */
	long		 gpj;		/* gpus of the job, asked for, -1 */
	long		 alloc;		/* gpus allocated, -1, -2: none */
	long		 tnodes;	/* node= of the TRES allocated, -1 */
	int		 bad;
};

/* The nodes of a TRES list, its "node=N"; -1 without one. */
static long
parse_slurm_tres_nodes(const char *s, size_t len)
{
	const char	*e, *end = s + len;
	long		 n;

	for (; s < end; s = e < end ? e + 1 : e) {
		e = parse_slurm_entry_end(s, end, '(', ')');
		if (e - s > 5 && memcmp(s, "node=", 5) == 0 &&
		    parse_slurm_digits(s + 5, e - s - 5, INT_MAX, &n) ==
		    (size_t)(e - s - 5))
			return (n);
	}
	return (-1);
}

/*
 * A job's GPUs: what Slurm allocated (alloc: the gpus of its AllocTRES, -1
 * without one, -2 when it names no gpu); else what it asked for the whole
 * job, or per node times its nodes; else none, when its AllocTRES names
 * none.  AllocTRES names gpus only where Slurm counts gres/gpu as a TRES
 * (AccountingStorageTRES), so the ask comes before "none".
 */
void
parse_slurm_job_gpus(struct job *j, long alloc, long perjob, long pernode)
{
	long	n = -1;

	if (alloc >= 0)
		n = alloc;
	else if (perjob >= 0)
		n = perjob;
	else if (pernode >= 0 && !(j->valid & BIT(JOB_NNODES)))
		return;		/* per node, on nodes not known */
	else if (pernode >= 0 &&
	    pernode <= INT_MAX / (j->nnodes > 0 ? j->nnodes : 1))
		n = pernode * j->nnodes;
	else if (alloc == -2)
		n = 0;
	if (n < 0 || n > INT_MAX)
		return;
	j->gpus = (int)n;
	j->valid |= BIT(JOB_GPUS);
}

static void
parse_slurm_squeue_state(struct job *j, const char *v, size_t len)
{
	size_t	i;

	for (i = 0; i < nitems(squeue_states); i++) {
		if (parse_slurm_eq(v, len, squeue_states[i].st)) {
			strlcpy(j->state, squeue_states[i].state,
			    sizeof j->state);
			return;
		}
	}
	parse_slurm_copy(j->state, sizeof j->state, v, len);
}

/* The node list; too long for the record is bad. */
static void
parse_slurm_squeue_nodes(struct squeue_line *l, u_char spec, const char *v,
    size_t len)
{
	parse_slurm_copy(l->job.nodes, sizeof l->job.nodes, v, len);
	if (len >= sizeof l->job.nodes)
		l->bad = spec;
}

static void
parse_slurm_squeue_field(struct squeue_line *l, u_char spec, const char *v,
    size_t len, const struct sink *s, u_int line)
{
	struct job	*j = &l->job;

	switch (spec) {
	case 'i':
	case 'A':
		parse_slurm_copy(j->id, sizeof j->id, v, len);
		break;
	case 'u':
		parse_slurm_copy(j->user, sizeof j->user, v, len);
		break;
	case 'P':
		parse_slurm_copy(j->partition, sizeof j->partition, v, len);
		break;
	case 'j':
		parse_copy(j->name, sizeof j->name, v, len);
		break;
	case 'T':
		parse_slurm_copy(j->state, sizeof j->state, v, len);
		break;
	case 't':
		parse_slurm_squeue_state(j, v, len);
		break;
	case 'M':
		if (parse_slurm_bad(parse_slurm_duration(v, len,
		    &j->elapsed_s) == 0,
		    &j->valid, JOB_ELAPSED, v, len))
			l->bad = spec;
		break;
	case 'l':
		/* UNLIMITED (1) is a valid limit */
		if (parse_slurm_bad(parse_slurm_duration(v, len,
		    &j->limit_s) >= 0,
		    &j->valid, JOB_LIMIT, v, len))
			l->bad = spec;
		break;
	case 'D':
		parse_slurm_int(s, line, "NODES", v, len, INT_MAX, &j->nnodes,
		    &j->valid, JOB_NNODES);
		break;
	case 'C':
		parse_slurm_int(s, line, "CPUS", v, len, INT_MAX, &j->cpus,
		    &j->valid, JOB_CPUS);
		break;
	case 'b':
		parse_slurm_copy(j->gres, sizeof j->gres, v, len);
		if (j->gres[0] != '\0')
			l->gpn = parse_slurm_gpus(v, len, NULL, 0, s, line);
		break;
	case SF_TRESPERJOB:
		if (!parse_slurm_isunknown(v, len))
			l->gpj = parse_slurm_gpus(v, len, NULL, 0, s, line);
		break;
	case SF_TRESALLOC:
		if (!parse_slurm_isunknown(v, len) &&
		    (l->alloc = parse_slurm_gpus(v, len, NULL, 0, s,
		    line)) == -1)
			l->alloc = -2;
		l->tnodes = parse_slurm_tres_nodes(v, len);
		break;
	case 'N':
		parse_slurm_squeue_nodes(l, spec, v, len);
		break;
	case 'r':
		parse_slurm_copy(j->reason, sizeof j->reason, v, len);
		break;
	case 'R':
		if (len >= 2 && v[0] == '(' && v[len - 1] == ')') {
			len = parse_slurm_unparen(&v, len);
			parse_slurm_copy(j->reason, sizeof j->reason, v, len);
		} else if (j->nodes[0] == '\0')
			parse_slurm_squeue_nodes(l, spec, v, len);
		break;
	}
}

static int
parse_slurm_squeue_row(const struct sf_format *f, const struct sf_field *fld,
    u_int line,
    const struct sink *s)
{
	struct squeue_line	 l;
	u_int			 i;

	memset(&l, 0, sizeof l);
	l.gpn = l.gpj = l.alloc = l.tnodes = -1;
	for (i = 0; i < f->n; i++)
		parse_slurm_squeue_field(&l, f->item[i].spec, fld[i].p,
		    fld[i].len, s, line);
	if (!(l.job.valid & BIT(JOB_NNODES)) && l.tnodes > 0) {
		l.job.nnodes = (int)l.tnodes;
		l.job.valid |= BIT(JOB_NNODES);
	}
	if (l.bad == 'N' || l.bad == 'R')
		sink_error(s, line, "node list too long, truncated");
	else if (l.bad)
		sink_error(s, line, "bad %%%c value", l.bad);
	parse_slurm_job_gpus(&l.job, l.alloc, l.gpj, l.gpn);
	SINK_EMIT(s, job, &l.job);
	return (1);
}

static const struct sf_tool squeue_tool = {
	.deflt = SQUEUE_FORMAT, .specs = squeue_specs, .names = squeue_long,
	.row = parse_slurm_squeue_row, .json = parse_slurm_json_jobs,
};

int
parse_squeue(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	return (parse_slurm_sf_parse(buf, len, fmt, &squeue_tool, s));
}

/*
 * scontrol show node, job and partition: "Key=value" pairs, one record per
 * NodeName=, JobId= or PartitionName=, records apart by blank lines or all
 * on one line (-o).  OS=, Reason= and a few others run to the end of
 * their line; on a one-line record, up to the next " Key=".
 */

struct scontrol_key {
	const char	*key;
	int		 rest;		/* value may hold blanks */
	size_t		 off;		/* a string of the record: where, */
	size_t		 size;		/* its size (0: none), */
	int		 verbatim;	/* copied even when it reads "None" */
	long		 max;		/* an int of the record, to max, */
	int		 bit;		/* its bit in valid, where valid is */
	size_t		 valid;
	void		(*set)(void *, const char *, size_t,
			    const struct sink *, u_int);
};
#define SCONTROL_STR(t, m) \
	.off = offsetof(struct t, m), .size = sizeof ((struct t *)0)->m
#define SCONTROL_INT(t, m, v, b, mx) \
	.off = offsetof(struct t, m), .valid = offsetof(struct t, v), \
	.bit = (b), .max = (mx)

struct scontrol_kind {
	const char	*first;		/* the key that starts a record */
	const struct scontrol_key *keys;
	size_t		 nkeys;
	const char	*bare;		/* a line it prints without '=' */
	size_t		 size;		/* of the record read */
	void		(*init)(void *);
	int		(*emit)(const struct sink *, void *, u_int);
};

/* scontrol show node */

static void
parse_slurm_scontrol_memory(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct snode	*sn = arg;

	parse_slurm_num(s, line, "RealMemory", v, len, SLURM_MEMORY_MAX,
	    &sn->memory_mb, &sn->valid, SN_MEMORY);
}

static int
parse_slurm_scontrol_node(const struct sink *s, void *arg, u_int line)
{
	struct snode	*sn = arg;

	if (sn->name[0] == '\0') {
		sink_error(s, line, "node record without NodeName");
		return (0);
	}
	SINK_EMIT(s, snode, sn);
	return (1);
}

static const struct scontrol_key scontrol_node_keys[] = {
	{ .key = "NodeName", .verbatim = 1, SCONTROL_STR(snode, name) },
	{ .key = "State", .set = parse_slurm_node_state },
	{ .key = "Partitions", SCONTROL_STR(snode, partitions) },
	{ .key = "Reason", .rest = 1, SCONTROL_STR(snode, reason) },
	{ .key = "Gres", .set = parse_slurm_node_gres },
	{ .key = "CPUTot",
	  SCONTROL_INT(snode, cpus, valid, SN_CPUS, SLURM_CPUS_MAX) },
	{ .key = "CPUAlloc", SCONTROL_INT(snode, cpus_alloc, valid,
	  SN_CPUS_ALLOC, SLURM_CPUS_MAX) },
	{ .key = "RealMemory", .set = parse_slurm_scontrol_memory },
	{ .key = "AllocTRES", .set = parse_slurm_node_gresused },
	{ .key = "OS", .rest = 1 },
	{ .key = "Comment", .rest = 1 },
	{ .key = "Extra", .rest = 1 },
	{ .key = "AvailableFeatures", .rest = 1 },
	{ .key = "ActiveFeatures", .rest = 1 },
};

static const struct scontrol_kind scontrol_node = {
	.first = "NodeName", .keys = scontrol_node_keys,
	.nkeys = nitems(scontrol_node_keys), .size = sizeof (struct snode),
	.emit = parse_slurm_scontrol_node,
};

/* scontrol show job [-d] */

struct scontrol_job {
	struct squeue_line l;
	char		 array[16];	/* ArrayJobId */
	char		 task[13];	/* ArrayTaskId */
};

static void
parse_slurm_scontrol_job_init(void *arg)
{
	struct scontrol_job	*sj = arg;

	sj->l.gpn = sj->l.gpj = sj->l.alloc = sj->l.tnodes = -1;
}

/* UserId=mglasena(236371): the name. */
static void
parse_slurm_scontrol_user(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;
	const char		*p;

	if ((p = memchr(v, '(', len)) != NULL && v[len - 1] == ')')
		len = p - v;
	parse_slurm_copy(sj->l.job.user, sizeof sj->l.job.user, v, len);
}

static void
parse_slurm_scontrol_nodelist(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	parse_slurm_copy(sj->l.job.nodes, sizeof sj->l.job.nodes, v, len);
	if (len >= sizeof sj->l.job.nodes)
		sink_error(s, line, "node list too long, truncated");
}

/* NumNodes=3, or a pending job's NumNodes=2-4: at least 2. */
static void
parse_slurm_scontrol_numnodes(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;
	const char		*p;

	if ((p = memchr(v, '-', len)) != NULL && p > v)
		len = p - v;
	parse_slurm_int(s, line, "NumNodes", v, len, INT_MAX,
	    &sj->l.job.nnodes, &sj->l.job.valid, JOB_NNODES);
}

/* A duration; UNLIMITED (-1) only where unlimited says so. */
static void
parse_slurm_scontrol_time(const struct sink *s, u_int line, const char *name,
    const char *v, size_t len, int unlimited, long *out, uint64_t *valid,
    int bit)
{
	int	r;

	r = parse_slurm_duration(v, len, out);
	if (parse_slurm_bad(r == 0 || (unlimited && r == 1), valid, bit, v,
	    len))
		sink_error(s, line, "%s: '%.*s' is not a time", name,
		    (int)(len > 40 ? 40 : len), v);
}

static void
parse_slurm_scontrol_runtime(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	parse_slurm_scontrol_time(s, line, "RunTime", v, len, 0,
	    &sj->l.job.elapsed_s, &sj->l.job.valid, JOB_ELAPSED);
}

static void
parse_slurm_scontrol_timelimit(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	parse_slurm_scontrol_time(s, line, "TimeLimit", v, len, 1,
	    &sj->l.job.limit_s, &sj->l.job.valid, JOB_LIMIT);
}

/* AllocTRES, or TRES before Slurm 19.05: what was allocated. */
static void
parse_slurm_scontrol_alloctres(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	if (!parse_slurm_isunknown(v, len) &&
	    (sj->l.alloc = parse_slurm_gpus(v, len, NULL, 0, s, line)) == -1)
		sj->l.alloc = -2;
}

static void
parse_slurm_scontrol_tresperjob(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	if (!parse_slurm_isunknown(v, len))
		sj->l.gpj = parse_slurm_gpus(v, len, NULL, 0, s, line);
}

/* TresPerNode, or Gres before Slurm 19.05: asked for per node. */
static void
parse_slurm_scontrol_trespernode(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct scontrol_job	*sj = arg;

	if (parse_slurm_isunknown(v, len))
		return;
	parse_slurm_copy(sj->l.job.gres, sizeof sj->l.job.gres, v, len);
	sj->l.gpn = parse_slurm_gpus(v, len, NULL, 0, s, line);
}

static int
parse_slurm_scontrol_job(const struct sink *s, void *arg, u_int line)
{
	struct scontrol_job	*sj = arg;
	struct job		*j = &sj->l.job;
	int			 brackets;

	if (j->id[0] == '\0') {
		sink_error(s, line, "job record without JobId");
		return (0);
	}
	/* squeue's name of an array's task: 2398463_150, 500_[1-8%2] */
	if (sj->array[0] != '\0' && sj->task[0] != '\0') {
		brackets = sj->task[strspn(sj->task, "0123456789")] != '\0';
		snprintf(j->id, sizeof j->id, "%s_%s%s%s", sj->array,
		    brackets ? "[" : "", sj->task, brackets ? "]" : "");
	}
	parse_slurm_job_gpus(j, sj->l.alloc, sj->l.gpj, sj->l.gpn);
	SINK_EMIT(s, job, j);
	return (1);
}

static const struct scontrol_key scontrol_job_keys[] = {
	{ .key = "JobId", .verbatim = 1, SCONTROL_STR(scontrol_job, l.job.id) },
	{ .key = "ArrayJobId", SCONTROL_STR(scontrol_job, array) },
	{ .key = "ArrayTaskId", SCONTROL_STR(scontrol_job, task) },
	{ .key = "JobName", .rest = 1, .verbatim = 1,
	  SCONTROL_STR(scontrol_job, l.job.name) },
	{ .key = "UserId", .set = parse_slurm_scontrol_user },
	{ .key = "Partition", SCONTROL_STR(scontrol_job, l.job.partition) },
	{ .key = "JobState", SCONTROL_STR(scontrol_job, l.job.state) },
	{ .key = "Reason", SCONTROL_STR(scontrol_job, l.job.reason) },
	{ .key = "NodeList", .set = parse_slurm_scontrol_nodelist },
	{ .key = "NumNodes", .set = parse_slurm_scontrol_numnodes },
	{ .key = "NumCPUs", SCONTROL_INT(scontrol_job, l.job.cpus,
	  l.job.valid, JOB_CPUS, INT_MAX) },
	{ .key = "RunTime", .set = parse_slurm_scontrol_runtime },
	{ .key = "TimeLimit", .set = parse_slurm_scontrol_timelimit },
	{ .key = "AllocTRES", .set = parse_slurm_scontrol_alloctres },
	{ .key = "TRES", .set = parse_slurm_scontrol_alloctres },
	{ .key = "TresPerJob", .set = parse_slurm_scontrol_tresperjob },
	{ .key = "TresPerNode", .set = parse_slurm_scontrol_trespernode },
	{ .key = "Gres", .set = parse_slurm_scontrol_trespernode },
	{ .key = "Nodes", .rest = 1 },		/* -d: CPU_IDs=... GRES=... */
	{ .key = "Command", .rest = 1 },
	{ .key = "WorkDir", .rest = 1 },
	{ .key = "StdErr", .rest = 1 },
	{ .key = "StdIn", .rest = 1 },
	{ .key = "StdOut", .rest = 1 },
	{ .key = "Comment", .rest = 1 },
	{ .key = "AdminComment", .rest = 1 },
	{ .key = "SystemComment", .rest = 1 },
};

static const struct scontrol_kind scontrol_job = {
	.first = "JobId", .keys = scontrol_job_keys,
	.nkeys = nitems(scontrol_job_keys), .bare = "NtasksPerTRES:",
	.size = sizeof (struct scontrol_job),
	.init = parse_slurm_scontrol_job_init,
	.emit = parse_slurm_scontrol_job,
};

/* scontrol show partition [-o] */

static void
parse_slurm_scontrol_partnodes(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct partition	*pt = arg;

	parse_slurm_copy(pt->nodes, sizeof pt->nodes, v, len);
	if (len >= sizeof pt->nodes)
		sink_error(s, line, "node list too long, truncated");
}

static void
parse_slurm_scontrol_maxtime(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct partition	*pt = arg;

	parse_slurm_scontrol_time(s, line, "MaxTime", v, len, 1,
	    &pt->maxtime_s, &pt->valid, PART_MAXTIME);
}

static void
parse_slurm_scontrol_default(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct partition	*pt = arg;

	if (parse_slurm_eq(v, len, "YES") || parse_slurm_eq(v, len, "NO")) {
		pt->deflt = *v == 'Y';
		pt->valid |= BIT(PART_DEFAULT);
	} else
		sink_error(s, line, "Default: '%.*s' is not YES or NO",
		    (int)(len > 40 ? 40 : len), v);
}

/* TRES=cpu=251200,...,gres/gpu=22384; a TRES without gpus says nothing. */
static void
parse_slurm_scontrol_parttres(void *arg, const char *v, size_t len,
    const struct sink *s, u_int line)
{
	struct partition	*pt = arg;
	long			 n;

	n = parse_slurm_gpus(v, len, NULL, 0, s, line);
	if (n >= 0 && n <= INT_MAX) {
		pt->gpus = (int)n;
		pt->valid |= BIT(PART_GPUS);
	}
}

static int
parse_slurm_scontrol_partition(const struct sink *s, void *arg, u_int line)
{
	struct partition	*pt = arg;

	if (pt->name[0] == '\0') {
		sink_error(s, line, "partition record without PartitionName");
		return (0);
	}
	SINK_EMIT(s, partition, pt);
	return (1);
}

static const struct scontrol_key scontrol_partition_keys[] = {
	{ .key = "PartitionName", .verbatim = 1,
	  SCONTROL_STR(partition, name) },
	{ .key = "State", SCONTROL_STR(partition, state) },
	{ .key = "Nodes", .set = parse_slurm_scontrol_partnodes },
	{ .key = "TotalCPUs", SCONTROL_INT(partition, cpus, valid,
	  PART_CPUS, INT_MAX) },
	{ .key = "TotalNodes", SCONTROL_INT(partition, nnodes, valid,
	  PART_NNODES, INT_MAX) },
	{ .key = "MaxTime", .set = parse_slurm_scontrol_maxtime },
	{ .key = "Default", .set = parse_slurm_scontrol_default },
	{ .key = "TRES", .set = parse_slurm_scontrol_parttres },
};

static const struct scontrol_kind scontrol_partition = {
	.first = "PartitionName", .keys = scontrol_partition_keys,
	.nkeys = nitems(scontrol_partition_keys),
	.size = sizeof (struct partition),
	.emit = parse_slurm_scontrol_partition,
};

/* Does " Key=" start at p (p at the blank)? */
static int
parse_slurm_scontrol_iskey(const char *p, const char *end)
{
	if (p >= end || !isspace((u_char)*p))
		return (0);
	while (p < end && isspace((u_char)*p))
		p++;
	if (p >= end || !isupper((u_char)*p))
		return (0);
	while (p < end && (isalnum((u_char)*p) || *p == '_'))
		p++;
	return (p < end && *p == '=');
}

static int
parse_slurm_scontrol_flush(const struct sink *s,
    const struct scontrol_kind *k, void *rec, int *open, u_int line)
{
	int	sent = 0;

	if (*open)
		sent = k->emit(s, rec, line);
	memset(rec, 0, k->size);
	if (k->init != NULL)
		k->init(rec);
	*open = 0;
	return (sent);
}

static const struct scontrol_key *
parse_slurm_scontrol_key(const struct scontrol_kind *k, const char *key,
    size_t len)
{
	size_t	i;

	for (i = 0; i < k->nkeys; i++) {
		if (parse_slurm_eq(key, len, k->keys[i].key))
			return (&k->keys[i]);
	}
	return (NULL);
}

/*
 * The Key=value pairs of one line into rec, and each to EACH when not
 * NULL: how many.
 */
static int
parse_slurm_scontrol_pairs(const struct scontrol_kind *k, void *rec,
    const char *p, const char *end, int oneline, const struct sink *s,
    u_int line, const struct scontrol_each *each)
{
	const struct scontrol_key	*key;
	const char			*word, *v;
	size_t				 len;
	int				 pairs = 0;

	while (p < end) {
		while (p < end && isspace((u_char)*p))
			p++;
		word = p;
		while (p < end && !isspace((u_char)*p) && *p != '=')
			p++;
		if (p == end || *p != '=')
			continue;	/* a word without '=': not ours */
		key = parse_slurm_scontrol_key(k, word, p - word);
		v = ++p;
		if (key != NULL && key->rest && !oneline)
			p = end;
		else if (key != NULL && key->rest) {
			while (p < end && !parse_slurm_scontrol_iskey(p, end))
				p++;
		} else {
			while (p < end && !isspace((u_char)*p))
				p++;
		}
		pairs++;
		len = parse_trim(&v, p - v);
		if (each != NULL)
			each->pair(each->arg, word, v - 1 - word, v, len);
		if (key != NULL && key->verbatim)
			parse_copy((char *)rec + key->off, key->size, v, len);
		else if (key != NULL && key->size > 0)
			parse_slurm_copy((char *)rec + key->off, key->size, v,
			    len);
		else if (key != NULL && key->max > 0)
			parse_slurm_int(s, line, key->key, v, len, key->max,
			    (int *)((char *)rec + key->off),
			    (uint64_t *)((char *)rec + key->valid), key->bit);
		else if (key != NULL && key->set != NULL)
			key->set(rec, v, len, s, line);
	}
	return (pairs);
}

static int
parse_slurm_scontrol(const char *buf, size_t len, const struct sink *s,
    const struct scontrol_kind *k, void *rec,
    const struct scontrol_each *each)
{
	struct lines	 ls;
	const char	*p;
	size_t		 n, flen = strlen(k->first);
	size_t		 blen = k->bare != NULL ? strlen(k->bare) : 0;
	int		 count = 0, open = 0, oneline;
	u_int		 start = 1;

	parse_slurm_scontrol_flush(s, k, rec, &open, start);
	lines_start(&ls, buf, len, s);
	while (lines_next(&ls, &p, &n)) {
		if ((n = parse_trim(&p, n)) == 0) {
			count += parse_slurm_scontrol_flush(s, k, rec, &open,
			    start);
			continue;
		}
		oneline = n > flen && memcmp(p, k->first, flen) == 0 &&
		    p[flen] == '=';
		if (oneline || !open) {
			count += parse_slurm_scontrol_flush(s, k, rec, &open,
			    start);
			start = ls.line;
		}
		if (parse_slurm_scontrol_pairs(k, rec, p, p + n, oneline, s,
		    ls.line, each) > 0)
			open = 1;
		else if (blen == 0 || n < blen || memcmp(p, k->bare, blen) != 0)
			sink_error(s, ls.line, "not a key=value line");
	}
	count += parse_slurm_scontrol_flush(s, k, rec, &open, start);
	return (count);
}

int
parse_scontrol_node(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct snode	sn;

	return (parse_slurm_scontrol(buf, len, s, &scontrol_node, &sn,
	    NULL));
}

int
parse_scontrol_job(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	return (parse_scontrol_job_each(buf, len, s, NULL));
}

/*
 * scontrol show job, and every Key=value as it printed it to EACH (a
 * record's first is its JobId): show-job's.
 */
int
parse_scontrol_job_each(const char *buf, size_t len, const struct sink *s,
    const struct scontrol_each *each)
{
	struct scontrol_job	sj;

	return (parse_slurm_scontrol(buf, len, s, &scontrol_job, &sj, each));
}

int
parse_scontrol_partition(const char *buf, size_t len, const char *fmt,
    const struct sink *s)
{
	struct partition	pt;

	return (parse_slurm_scontrol(buf, len, s, &scontrol_partition, &pt,
	    NULL));
}
