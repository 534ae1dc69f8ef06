#!/bin/sh
# The simulator's memory behind the real test cluster's sshds
# (t/lib/cluster without --slurm: the nodes' sinfo, squeue and scontrol are
# `myriad sim-tool'): a drain made over SSH on the controller shows in the
# next sinfo there and in the next myriad run; it is kept in the cluster's
# own state directory, never in a home.
. t/lib/tap.sh

. t/lib/cluster.sh

cluster_start 2 --port auto --sim-time 1800000000
SSH="ssh -F $CLUSTER_SSH_CONFIG"
{
	printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
	printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
	    "$CLUSTER_SSH_CONFIG"
	printf 'command-timeout = 30; };\n'
	printf 'slurm = { controller = "gpu0001"; };\n'
} > "$T/ssh.conf"
M="$MYRIAD -F $T/ssh.conf"

sinfo_of() {	# sinfo_of NODE: "state reason" from the controller's sinfo
	$SSH gpu0001 sinfo -h -N -o "'%N %T %E'" | awk -v n="$1" '$1 == n {
	    $1 = ""; sub(/^ /, ""); print }'
}
like "$(sinfo_of gpu0002)" '^(idle|mixed|allocated) none$' "gpu0002 starts in service"

$M -y -c 'drain gpu0002 reason="cable swap"' > "$T/out" 2>&1
is "$?" 0 "drain gpu0002 over SSH on the controller: exit 0"
like "$(sinfo_of gpu0002)" '^(draining|drained) cable swap$' \
    "the controller's next sinfo shows it"
like "$($M -c 'list-nodes -o tsv gpu0002' 2>/dev/null | awk -F'\t' 'NR > 1 { print $3 "|" $7 }')" \
    '^(draining|drained)\|cable swap \[myriadtest@' \
    "the next myriad run shows it, made by the controller's user"
ls "$CLUSTER_SIM_STATE"/myriad/sim/*.jsonl > /dev/null 2>&1
ok $? "kept in the cluster's state directory"
[ ! -e "$T/.local/state/myriad/sim" ]
ok $? "not in a home"

$M -y -c 'resume gpu0002' > "$T/out" 2>&1
is "$?" 0 "resume gpu0002: exit 0"
like "$(sinfo_of gpu0002)" '^(idle|mixed|allocated) none$' "sinfo shows it back in service"

done_testing
