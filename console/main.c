/*
 * myriad - a terminal console for GPU clusters.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "myriad.h"
#include "backend.h"

/* The command line: each long option, its short form, the option it sets. */
static const struct main_option {
	const char	*name;
	int		 flag;		/* short option, or 0 */
	int		 arg;		/* required_argument or no_argument */
	const char	*option;	/* the config option it sets */
	const char	*value;		/* for flags: the value set */
	const char	*argname;
	const char	*help;
} main_options[] = {
	{ "command", 'c', required_argument, NULL, NULL, "COMMANDS",
	  "run COMMANDS (';' or newline between them) and exit" },
	{ "file", 'f', required_argument, NULL, NULL, "FILE",
	  "run the commands in FILE and exit ('-' for standard input)" },
	{ "config", 'F', required_argument, NULL, NULL, "FILE",
	  "read FILE instead of the default configuration" },
	{ "output", 'o', required_argument, "output", NULL, "FORMAT",
	  "batch output: table, tsv or json" },
	{ "nodes", 'w', required_argument, "nodes", NULL, "NODESET",
	  "reach these nodes over SSH, as pdsh -w does" },
	{ "user", 'l', required_argument, "ssh.user", NULL, "USER",
	  "log in to the nodes as USER" },
	{ "ssh-config", 0, required_argument, "ssh.config", NULL, "FILE",
	  "read FILE instead of ~/.ssh/config, as ssh -F does" },
	{ "slurm", 0, required_argument, "slurm.controller", NULL, "HOST",
	  "run the Slurm commands on HOST over SSH, or local" },
	{ "sim", 0, required_argument, "sim.size", NULL, "SIZE",
	  "use the simulator with SIZE GPUs: 10k (default), 100k, a "
	  "multiple of 8" },
	{ "sim-mix", 0, required_argument, "sim.mix", NULL, "SPEC",
	  "a mixed simulated cluster: each model's share of the racks, "
	  "h100:6,mi300x:2,910b:2,a3:1,k100:1" },
	{ "seed", 0, required_argument, "sim.seed", NULL, "N",
	  "the simulator's seed" },
	{ "sim-time", 0, required_argument, "sim.time", NULL, "SECONDS",
	  "freeze the simulator at SECONDS since the epoch" },
	{ "fault-rate", 0, required_argument, "sim.fault-rate", NULL, "RATE",
	  "simulated faults per node per hour" },
	{ "sim-fresh", 0, no_argument, "sim.fresh", "true", NULL,
	  "forget and clear the simulator's drains and resumes" },
	{ "read-only", 0, no_argument, "read-only", "true", NULL,
	  "refuse every command that changes the cluster" },
	{ "dry-run", 'n', no_argument, NULL, NULL, NULL,
	  "print the remote commands that would change the cluster; run none" },
	{ "yes", 'y', no_argument, NULL, NULL, NULL,
	  "change the cluster without asking (batch mode needs it)" },
	{ "force", 0, no_argument, NULL, NULL, NULL,
	  "go past the circuit breaker (max-drain)" },
	{ "color", 0, required_argument, "color", NULL, "WHEN",
	  "colour: auto, always or never" },
	{ "help", 'h', no_argument, NULL, NULL, NULL,
	  "print this help and exit" },
	{ "version", 'V', no_argument, NULL, NULL, NULL,
	  "print the version and exit" },
};

static __dead void
main_usage(FILE *f, int status)
{
	size_t	 i;
	char	 left[64];

	fprintf(f, "usage: myriad [options] [-c COMMANDS | -f FILE]\n"
	    "       myriad sim-tool TOOL --node NODE [ARGS ...]\n\n");
	for (i = 0; i < nitems(main_options); i++) {
		if (main_options[i].flag)
			snprintf(left, sizeof left, "-%c, ",
			    main_options[i].flag);
		else
			snprintf(left, sizeof left, "    ");
		snprintf(left + 4, sizeof left - 4, "--%s%s%s",
		    main_options[i].name, main_options[i].argname ? " " : "",
		    main_options[i].argname ? main_options[i].argname : "");
		fprintf(f, "  %-26s %s\n", left, main_options[i].help);
	}
	fprintf(f, "\nWith no -c or -f, commands are read from standard input "
	    "when it is not a terminal.\nSee myriad(1) and myriad.conf(5).\n");
	exit(status);
}

/*
 * Words after the options, which only sim-tool takes: a command's name
 * first is one that wanted -c.
 */
static __dead void
main_unexpected(int argc, char **argv)
{
	const struct cmd_entry	*e;
	char			*cause = NULL;
	int			 i;

	fprintf(stderr, "myriad: unexpected argument '%s'", argv[0]);
	if ((e = cmd_find(argv[0], &cause)) != NULL &&
	    strcmp(e->name, argv[0]) == 0) {
		fprintf(stderr, " (did you mean -c '");
		for (i = 0; i < argc; i++)
			fprintf(stderr, "%s%s", i > 0 ? " " : "", argv[i]);
		fprintf(stderr, "'?)");
	}
	free(cause);
	fputc('\n', stderr);
	main_usage(stderr, 2);
}

/* myriad sim-tool TOOL --node NODE [ARGS ...]: one tool, simulated. */
static int
main_sim_tool(int argc, char **argv)
{
	struct sim	*sim;
	struct buf	 out;
	const char	*node = NULL;
	char		*cause, **targv;
	u_int		 gpus;
	int		 i, targc = 0, id = -1, rc, loop;
	double		 now, wait;
	struct timespec	 ts;

	if (argc < 2) {
		fprintf(stderr, "usage: myriad sim-tool TOOL --node NODE "
		    "[ARGS ...]\n");
		return (2);
	}
	if (argv[1][0] == '-' && !sim_tool_exists(argv[1])) {
		fprintf(stderr, "myriad: sim-tool: %s: options must come "
		    "before sim-tool\nusage: myriad [OPTIONS] sim-tool TOOL "
		    "--node NODE [ARGS ...]\n", argv[1]);
		return (2);
	}
	targv = xcalloc(argc + 1, sizeof *targv);
	targv[targc++] = argv[1];
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--node") == 0 && i + 1 < argc)
			node = argv[++i];
		else
			targv[targc++] = argv[i];
	}
	if (sim_parse_size(options_get("sim.size"),
	    *options_get("sim.mix") != '\0', &gpus, &cause) != 0) {
		fprintf(stderr, "myriad: sim-tool: %s\n", cause);
		free(cause);
		free(targv);
		return (2);
	}
	if ((sim = sim_create_mix(gpus, options_get_int("sim.seed"),
	    options_get_float("sim.fault-rate"), options_get("sim.mix"),
	    &cause)) == NULL) {
		fprintf(stderr, "myriad: sim-tool: %s\n", cause);
		free(cause);
		free(targv);
		return (2);
	}
	if (node == NULL && sim_tool_on_node(targv[0])) {
		fprintf(stderr, "myriad: sim-tool: %s: --node NODE is "
		    "required\nusage: myriad sim-tool TOOL --node NODE "
		    "[ARGS ...]\n", targv[0]);
		sim_free(sim);
		free(targv);
		return (2);
	}
	sim_set_dcgm_version(sim, options_get_int("sim.dcgm-version"));
	if (sim_state_open(sim, options_get("cluster"),
	    options_get_bool("sim.fresh"), &cause) != 0) {
		fprintf(stderr, "myriad: sim-tool: %s\n", cause);
		free(cause);
	}
	if (node != NULL && (id = sim_node_find(sim, node)) < 0) {
		fprintf(stderr, "myriad: sim-tool: no such node: %s\n", node);
		sim_free(sim);
		free(targv);
		return (2);
	}
	if ((now = options_get_float("sim.time")) == 0) {
		clock_gettime(CLOCK_REALTIME, &ts);
		now = ts.tv_sec + ts.tv_nsec / 1e9;
	}
	buf_init(&out);
	loop = sim_tool_loop_ms(targc, targv);
	/* dcgmi diag runs its tests first: what it finds is at the start. */
	if ((wait = sim_tool_seconds(targc, targv,
	    options_get_float("sim.diag-seconds"))) > 0) {
		ts.tv_sec = (time_t)wait;
		ts.tv_nsec = (wait - ts.tv_sec) * 1e9;
		nanosleep(&ts, NULL);
	}
	for (;;) {
		sim_set_time(sim, now);
		buf_reset(&out);
		if ((rc = sim_tool(sim, id, targc, targv, &out, &cause)) != 0) {
			/* What the tool printed before it failed, then why. */
			fwrite(out.data != NULL ? out.data : "", 1, out.len,
			    stdout);
			fflush(stdout);
			if (*cause != '\0')
				fprintf(stderr, "%s\n", cause);
			free(cause);
			rc = rc > 0 ? rc : 1;	/* the tool's own exit status */
			break;
		}
		/* What the tool warns about and goes on: its stderr. */
		if (cause != NULL) {
			fprintf(stderr, "%s\n", cause);
			free(cause);
		}
		if (fwrite(out.data != NULL ? out.data : "", 1, out.len,
		    stdout) != out.len || fflush(stdout) != 0 || loop <= 0)
			break;
		/* nvidia-smi -lms N: a sample every N ms until killed. */
		ts.tv_sec = loop / 1000;
		ts.tv_nsec = (loop % 1000) * 1000000L;
		nanosleep(&ts, NULL);
		/* Each sample at the time it is taken, as nvidia-smi's is. */
		if (options_get_float("sim.time") == 0) {
			clock_gettime(CLOCK_REALTIME, &ts);
			now = ts.tv_sec + ts.tv_nsec / 1e9;
		} else
			now += loop / 1000.0;
	}
	buf_free(&out);
	sim_free(sim);
	free(targv);
	return (rc);
}

static char *
main_read_file(const char *path)
{
	FILE		*f;
	struct buf	 b;
	char		 tmp[8192];
	size_t		 n;

	if (strcmp(path, "-") == 0)
		f = stdin;
	else if ((f = fopen(path, "r")) == NULL)
		return (NULL);
	buf_init(&b);
	buf_add(&b, "", 0);
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
		buf_add(&b, tmp, n);
	if (f != stdin)
		fclose(f);
	return (b.data);
}

int
main(int argc, char **argv)
{
	struct option		 longopts[nitems(main_options) + 1];
	struct cmd_ctx		 ctx;
	struct model		*model = NULL;
	const char		*config = NULL;
	char			 shortopts[64], *p = shortopts, *cause, *text;
	char			**commands = NULL, **files = NULL;
	int			 ncommands = 0, nfiles = 0, ch, idx, i;
	int			 dry_run = 0, yes = 0, force = 0;
	size_t			 n;
	enum cmd_status		 st = CMD_OK, rc;

	signal(SIGPIPE, SIG_IGN);
	*p++ = '+';
	for (i = 0; i < (int)nitems(main_options); i++) {
		longopts[i].name = main_options[i].name;
		longopts[i].has_arg = main_options[i].arg;
		longopts[i].flag = NULL;
		longopts[i].val = main_options[i].flag ? main_options[i].flag :
		    256 + i;
		if (main_options[i].flag) {
			*p++ = main_options[i].flag;
			if (main_options[i].arg == required_argument)
				*p++ = ':';
		}
	}
	*p = '\0';
	memset(&longopts[i], 0, sizeof longopts[i]);

	/* The command line wins over the file: read the file first. */
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "-F") == 0 && i + 1 < argc)
			config = argv[i + 1];
		else if (strncmp(argv[i], "--config=", 9) == 0)
			config = argv[i] + 9;
		else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			config = argv[i + 1];
	}
	if (config_load(config, config != NULL, &cause) < 0) {
		fprintf(stderr, "myriad: %s\n", cause);
		free(cause);
		return (2);
	}

	while ((ch = getopt_long(argc, argv, shortopts, longopts, &idx)) != -1) {
		const struct main_option *mo = NULL;

		for (i = 0; i < (int)nitems(main_options); i++) {
			if (ch == main_options[i].flag || ch == 256 + i)
				mo = &main_options[i];
		}
		if (mo == NULL)
			main_usage(stderr, 2);
		switch (mo->flag) {
		case 'c':
			commands = xreallocarray(commands, ncommands + 1,
			    sizeof *commands);
			commands[ncommands++] = optarg;
			continue;
		case 'f':
			files = xreallocarray(files, nfiles + 1,
			    sizeof *files);
			files[nfiles++] = optarg;
			continue;
		case 'F':
			continue;
		case 'n':
			dry_run = 1;
			continue;
		case 'y':
			yes = 1;
			continue;
		case 'w':
			/* A filter (vendor=huawei) is no node set: no host. */
			if (strpbrk(optarg, "=~<>") != NULL) {
				fprintf(stderr, "myriad: -w %s: a node set, "
				    "not a filter; filter with a list command's "
				    "-w (list-gpus -w %s)\n", optarg, optarg);
				return (2);
			}
			/* -w: the pdsh way, the nodes over SSH. */
			if (options_set("source", "ssh", &cause) != 0)
				abort();
			break;
		case 'h':
			main_usage(stdout, 0);
		case 'V':
			printf("myriad %s\n", MYRIAD_VERSION);
			return (0);
		}
		if (strcmp(mo->name, "force") == 0)
			force = 1;
		if (mo->option != NULL && options_set(mo->option,
		    mo->value != NULL ? mo->value : optarg, &cause) != 0) {
			/* --sim-mix: bad ..., not --sim-mix: sim.mix: bad. */
			n = strlen(mo->option);
			fprintf(stderr, "myriad: --%s: %s\n", mo->name,
			    strncmp(cause, mo->option, n) == 0 &&
			    cause[n] == ':' ? cause + n + 2 : cause);
			free(cause);
			return (2);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 0 && strcmp(argv[0], "sim-tool") == 0)
		return (main_sim_tool(argc, argv));
	if (argc > 0)
		main_unexpected(argc, argv);

	memset(&ctx, 0, sizeof ctx);
	ctx.out = stdout;
	ctx.err = stderr;
	ctx.dry_run = dry_run;
	ctx.yes = yes;
	ctx.force = force;
	output_parse_format(options_get("output"), &ctx.format);
	if ((ctx.backend = backend_create(&model, &cause)) == NULL) {
		fprintf(stderr, "myriad: %s\n", cause);
		free(cause);
		free(commands);
		free(files);
		options_reset();
		return (2);
	}
	ctx.model = model;
	if (cmd_keymap_load(&ctx, &cause) != 0) {
		fprintf(stderr, "myriad: %s\n", cause);
		free(cause);
		st = CMD_USAGE;
	}

	if (st == CMD_OK && ncommands == 0 && nfiles == 0) {
		if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
			st = ui_run(&ctx);
		else {
			files = xreallocarray(files, 1, sizeof *files);
			files[nfiles++] = "-";
		}
	}
	for (i = 0; i < ncommands && st == CMD_OK; i++)
		st = cmd_run_string(&ctx, commands[i], "-c");
	for (i = 0; i < nfiles && st == CMD_OK; i++) {
		if ((text = main_read_file(files[i])) == NULL) {
			fprintf(stderr, "myriad: %s: cannot read\n", files[i]);
			st = CMD_USAGE;
			break;
		}
		rc = cmd_run_string(&ctx, text, strcmp(files[i], "-") == 0 ?
		    "stdin" : files[i]);
		free(text);
		if (rc != CMD_OK)
			st = rc;
	}
	if (st == CMD_OK && ctx.unread)
		st = CMD_SOME;
	free(commands);
	free(files);
	keys_clear();
	backend_free(ctx.backend);
	burnin_free(ctx.burnin);
	model_free(model);
	options_reset();
	return (st);
}
