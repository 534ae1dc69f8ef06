# The preamble of a test on the test cluster (t/lib/cluster), sourced after
# t/lib/tap.sh: skip without root; $T reachable by the test user; HOME=$T,
# so no user's ssh configuration, agent or keys count; on exit, run
# $CLEANUP (the test's own processes, by PID), stop the cluster in $C and
# remove $T.  cluster_start ARGS... starts it (ARGS as for t/lib/cluster
# start after the directory and node count) and sources its cluster.env;
# a cluster that does not start is one failed test.  cluster_wait waits
# for a state, bounded.

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP the test cluster needs root (a test user, sshd, slurmd)"
	exit 0
fi
chmod 755 "$T"
C=$T/cluster
CLEANUP=
trap 'eval "$CLEANUP"; t/lib/cluster stop "$C" >/dev/null 2>&1; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
export HOME="$T"
unset SSH_AUTH_SOCK SLURM_CONF

cluster_start() {
	t/lib/cluster start "$C" "$@" > "$T/start.out" 2>&1
	if [ $? != 0 ]; then
		sed 's/^/# /' "$T/start.out"
		ok 1 "the test cluster starts"
		done_testing
		exit 1
	fi
	. "$C/cluster.env"
}

cluster_job_running() {	# cluster_job_running JOB: until Slurm runs JOB,
			# a minute at most; whether it does
	cluster_i=0
	while [ "$(squeue -h -j "$1" -o %T 2>/dev/null)" != RUNNING ] &&
	    [ $cluster_i -lt 600 ]; do
		sleep 0.1
		cluster_i=$((cluster_i + 1))
	done
	[ "$(squeue -h -j "$1" -o %T 2>/dev/null)" = RUNNING ]
}

cluster_conf() {	# cluster_conf [PROBES [MORE]]: on standard output a
			# myriad.conf of the cluster's nodes over SSH, Slurm
			# and the BMCs not read, InfiniBand off; PROBES in its
			# probe group, MORE lines after it
	cat <<-EOF
	source = "ssh";
	nodes = "$CLUSTER_NODESET";
	ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5; };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	probe = { ib = ""; ib-counters = ""; sinfo = "true"; squeue = "true";
	    ${1:-} };
	${2:-}
	EOF
}

cluster_wait() {	# cluster_wait TENTHS COMMAND...: until COMMAND succeeds,
			# TENTHS tenths of a second at most (times
			# MYRIAD_TUI_WAIT / 10, as t/lib/tui.sh's waits: a
			# loaded machine is given longer)
	cluster_i=0
	cluster_n=$(($1 * ${MYRIAD_TUI_WAIT:-10} / 10))
	shift
	while [ $cluster_i -lt "$cluster_n" ] && ! "$@"; do
		sleep 0.1
		cluster_i=$((cluster_i + 1))
	done
}
