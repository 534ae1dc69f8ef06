#!/bin/sh
# Burn-in of faulty MI300X nodes over real SSH (t/lib/cluster --sim-mix,
# a real slurmctld): each node's rvs, run through its sshd, fails the
# node's faults in rvs's own words (XGMI links down: pbqt; uncorrectable
# ECC errors: babel; a lost GPU: 7 GPUs in rvs's overview, not 8), and
# on-fail=drain drains them; the sound node passes.  A burn-in command
# that times out is failed, `timed out after N s', not unreachable, and
# does not go on running on the node: myriad signals it over the channel
# (sshd signals the command's process group), as the node's own ps shows.
. t/lib/tap.sh
. t/lib/cluster.sh

if ! grep -q -- '--sim-mix' t/lib/cluster; then
	echo "1..0 # SKIP the test cluster has no --sim-mix yet"
	exit 0
fi
# At this time (seed 1, fault rate 0.3) gpu0009 has XGMI links down,
# gpu0010 a lost GPU, gpu0011 uncorrectable ECC errors; gpu0013 is sound.
# 16 nodes: H100s gpu0001-0008, MI300Xs gpu0009-0016 (no other model of a
# mix would get a node: t/lib/cluster refuses that).
cluster_start 16 --slurm --port auto --seed 1 --fault-rate 0.3 --sim 128 \
    --sim-mix h100:1,mi300x:1 --sim-time 1790086400
export SLURM_CONF="$CLUSTER_SLURM_CONF"
SET='gpu[0009-0011,0013]'

conf() {	# conf FILE [MORE]
	cat > "$1" <<-EOF
	source = "ssh";
	nodes = "$SET";
	ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5;
	    command-timeout = 40; };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	probe = { xid = ""; ib = ""; ib-counters = ""; };
	$2
	EOF
}
conf "$T/conf"
M="$MYRIAD -F $T/conf"

# The faults, as the simulator itself shows them.
S="$MYRIAD $CLUSTER_SIM_ARGS"
like "$($S sim-tool amd-smi --node gpu0009 topology)" DISABLED \
    "gpu0009: XGMI links down"
is "$($S -o tsv -c 'list-gpus gpu0010' | awk 'NR > 1' | wc -l)" 7 \
    "gpu0010: 7 GPUs of 8"
like "$($S -o tsv -c 'list-gpus gpu0011' | awk -F'\t' '$18 > 0')" \
    '^gpu0011' "gpu0011: uncorrectable ECC errors"

$M --force --yes -c "burnin $SET level=2 on-fail=drain" > "$T/out" 2> "$T/err"
is "$?" 3 "burnin of three faulty AMD nodes and a sound one: exit 3"
is "$(grep -A2 '^gpu' "$T/out" | grep -v '^--' | paste -d' ' - - |
    tr '\n' ,)" \
    "gpu0009 (1) failed: xgmi_interface; drained,gpu0010 (1) failed: GPUs: the diagnostic saw 7 of the node's 8 GPUs, though rvs passed it; drained,gpu0011 (1) failed: hbm_basic; drained,gpu0013 (1) ok: passed," \
    "over SSH: each fault fails its node, drained; the sound one passes"
is "$(sinfo -h -N -n "$SET" -o '%N %t' | sort -u | awk '{ print $2 }' |
    tr '\n' ,)" "drain,drain,drain,$(sinfo -h -N -n gpu0013 -o '%t')," \
    "real sinfo: the three failed are drained"
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows"
is "$(awk -F'\t' 'NR > 1 { print $2, $3, $6 }' "$T/rows" | sort |
    tr '\n' ,)" \
    "gpu0009 failed pass 0-7,gpu0010 failed pass 0-6,gpu0011 failed pass 0-7,gpu0013 passed pass 0-7," \
    "list-burnins: the GPUs rvs ran on"

# A command that does not end: timed out, and gone from the node.
conf "$T/conf" 'burnin = { amd-command = "sleep 4321"; timeout = 3; };'
rm -rf "$XDG_STATE_HOME/myriad/burnin"
$M --force --yes -c "burnin gpu0013 level=1" > "$T/out" 2> "$T/err"
is "$?" 1 "a burn-in command that times out: exit 1"
is "$(grep -A2 '^gpu0013' "$T/out" | tail -1)" "failed: timed out after 3 s" \
    "it failed: timed out after 3 s (not unreachable)"
sleeping() {	# the node's processes, as the cluster's user: sleep 4321
	ssh -F "$CLUSTER_SSH_CONFIG" gpu0013 ps -u '"$(id -u)"' -o pid= -o args= |
	    awk '$2 == "sleep" && $3 == 4321 { print $1 }'
}
n=0
while [ -n "$(sleeping)" ] && [ $n -lt 40 ]; do
	sleep 0.25
	n=$((n + 1))
done
left=$(sleeping)
is "$left" "" "the node runs no sleep 4321 after it timed out"
[ -z "$left" ] || ssh -F "$CLUSTER_SSH_CONFIG" gpu0013 kill $left
done_testing
