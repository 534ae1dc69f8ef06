/*
 * myriad - libFuzzer target for the Slurm parsers: sinfo, squeue and
 * scontrol show node, job and partition.  The first byte picks the parser and one of a few
 * fixed formats (none: the header or JSON decides; -O ones); the rest is
 * the tool output, JSON documents included, read whole and damaged
 * (fuzz_damage).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include "fuzz.h"

/* Formats that reach every way of splitting a line. */
static const char *const fuzz_sinfo_formats[] = {
	NULL,				/* header, JSON or SINFO_FORMAT */
	"NodeList,AllocMem,Memory,CPUsState:12,StateLong",	/* -O */
	"nodehost:100,gres:512,gresused:512,statelong",
	"NodeHost,Gres,GresUsed,StateLong",	/* -O at Slurm's 20 */
	"Partition:.9,NodeHost:.8,Reason,StateLong",	/* right aligned */
	"nodehost:0 ,gres:0 ,statelong",
	"%N,%T",
	"%9P %.5a %.10l %.6D %.6t %N",	/* sinfo's default, blanks */
	"%20N%20x%20m%12C%T",		/* -O style fixed widths */
	"\\x1E%c\\x1F%n\\x1F%f",
	"%F/%C",			/* '/' inside the fields */
	"{\"s\": \"%T\", \"n\": \"%n\", \"c\": \"%C\", \"w\": %w}",
	"%N %n %t %T %P %c %m %C %G %u %H %E",
	"%n|%t|%U|%H|%E|",
};
static const char *const fuzz_squeue_formats[] = {
	NULL,				/* header, JSON or SQUEUE_FORMAT */
	"JobID:|,NumNodes:|,tres-per-node:|,tres-per-job:|,tres-alloc:|",
	"JobArrayID:.19 ,Name:.20 ,StateCompact:.2 ,ReasonList",
	"%A,%T",
	"%.18i %.9P %.8j %.8u %.2t %.10M %.6D %R",
	"%b|#%i|#%j|#%l|#%T|#%u|#%C|#%D|#%M|#%N|#%P|#%r|#",
	"%a\\x1F%A\\x1F%j\\x1F%l\\x1F%M\\x1F%t\\x1F%T\\x1F%b\\x1F",
	"%5i%10P%-8j%t %R",
	"{\"id\": %A, \"state\": \"%T\", \"r\":  \"%R\"}",
};

/* scontrol show node, job, partition */
static const parse_fn fuzz_scontrol[] = {
	parse_scontrol_node, parse_scontrol_job, parse_scontrol_partition,
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	u_int	 pick;

	if (size == 0)
		return (0);
	pick = data[0];
	data++;
	size--;
	switch (pick % 3) {
	case 0:
		pick /= 3;
		fuzz_damage(parse_sinfo, data, size, fuzz_sinfo_formats[pick %
		    nitems(fuzz_sinfo_formats)]);
		break;
	case 1:
		pick /= 3;
		fuzz_damage(parse_squeue, data, size, fuzz_squeue_formats[pick %
		    nitems(fuzz_squeue_formats)]);
		break;
	default:
		pick /= 3;
		fuzz_damage(fuzz_scontrol[pick % nitems(fuzz_scontrol)], data,
		    size, NULL);
		break;
	}
	return (0);
}
