#!/bin/sh
# A Slurm controller that cannot be read, on the real test cluster
# (t/lib/cluster): one that SSH cannot reach, and a slurmctld that is
# stopped.  Each is said on stderr (myriad: slurm controller CTL: why;
# the way out); list-jobs, which reads nothing else, exits 1; list-nodes,
# summary and show-node, whose nodes were read, exit 3.
. t/lib/tap.sh

. t/lib/cluster.sh
unset SSH_CONNECTION

cluster_start 4 --slurm --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"

conf() {	# conf FILE CONTROLLER [FORMAT]
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "$T/ssh_config"
		printf 'command-timeout = 30; };\n'
		printf 'slurm = { controller = "%s"; format = "%s"; };\n' \
		    "$2" "${3:-auto}"
	} > "$1"
}
# gpu-ctl: the cluster's port on an address where nothing listens.
{
	printf 'Host gpu-ctl\n\tHostName 127.0.1.250\n'
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/ssh_config"
conf "$T/local.conf" local
conf "$T/refused.conf" gpu-ctl
conf "$T/text.conf" local text

M="$MYRIAD -F $T/local.conf"
$M -c 'list-jobs -o json; list-nodes; summary' > /dev/null 2> "$T/err"
is "$?" 0 "a controller that answers: exit 0"
is "$(cat "$T/err")" "" "and nothing on stderr"

# SSH to the controller fails.
M="$MYRIAD -F $T/refused.conf"
$M -c 'list-jobs -o json' > "$T/out" 2> "$T/err"
is "$?" 1 "list-jobs, controller refused: exit 1"
is "$(tr -d '\n' < "$T/out")" "[]" "its JSON keeps its shape"
like "$(cat "$T/err")" \
    '^myriad: slurm controller gpu-ctl: squeue: ssh gpu-ctl: .*refused.*; the controller host did not answer over SSH: is it up, and does ssh gpu-ctl reach it\? ' \
    "says the controller, why and the way out: its SSH, not slurmctld"
is "$(wc -l < "$T/err" | tr -d ' ')" 1 "one line"
$M -c 'list-nodes -o json' > "$T/out" 2> "$T/err"
is "$?" 3 "list-nodes, controller refused: exit 3"
is "$(grep -c '"reachable":"yes"' "$T/out")" 4 "the nodes were read"
like "$(cat "$T/err")" '^myriad: slurm controller gpu-ctl: sinfo: .*refused' \
    "and sinfo's failure is said"
for c in summary 'show-node gpu0001'; do
	$M -c "$c" > /dev/null 2> "$T/err"
	is "$?" 3 "$c, controller refused: exit 3"
	is "$(grep -c '^myriad: slurm controller gpu-ctl: ' "$T/err")" 2 \
	    "$c: sinfo's and squeue's failures said"
done

# slurmctld stopped: sinfo and squeue exit 1; with --json (Slurm 22.05)
# they exit 0 and say it in the document's errors, which are refused.
kill "$(cat "$CLUSTER_DIR/run/slurmctld.pid")"
i=0
while squeue -h > /dev/null 2>&1 && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
M="$MYRIAD -F $T/text.conf"
$M -c 'list-jobs -o tsv' > "$T/out" 2> "$T/err"
is "$?" 1 "list-jobs, slurmctld stopped: exit 1"
like "$(cat "$T/err")" \
    '^myriad: slurm controller local: squeue: exited 1: .*Unable to contact slurm controller.*; is slurmctld up\?' \
    "says Slurm's words and the way out"
$M -c 'list-nodes -o tsv; nodeset -c gpu[1-5]' > "$T/out" 2> "$T/err"
is "$?" 3 "list-nodes, slurmctld stopped: exit 3"
is "$(tail -1 "$T/out")" 5 "and the script goes on"
like "$(cat "$T/err")" '^myriad: slurm controller local: sinfo: exited 1' \
    "sinfo's failure said"
M="$MYRIAD -F $T/local.conf"
$M -c 'list-jobs -o tsv' > "$T/out" 2> "$T/err"
is "$?" 1 "list-jobs as JSON, slurmctld stopped: exit 1"
like "$(cat "$T/err")" \
    '^myriad: slurm controller local: squeue: .*Slurm: Failed while looking for jobs' \
    "the document's error said"
$M -c 'summary' > "$T/out" 2> "$T/err"
is "$?" 3 "summary as JSON, slurmctld stopped: exit 3"
$M -c 'list-gpus -o tsv' > /dev/null 2> "$T/err"
is "$?" 0 "list-gpus reads nothing from Slurm: exit 0"

done_testing
