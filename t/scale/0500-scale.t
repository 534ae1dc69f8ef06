#!/bin/sh
# make test-scale: myriad against a real test cluster of 1,250 nodes
# (t/lib/cluster: 79 real sshds, a real slurmctld with a real slurmd per
# node), 10,000 simulated GPUs.  One batch run must reach every node, read
# every GPU and every node's Slurm state, within a bounded time; then the
# cluster stops with nothing left running.  About 2 minutes on 2 cores:
# the slurmds take most of it (testbed: ~58 s and 3.8 GB for 1,250).
# SCALE_NODES changes the size, SCALE_SLURM=0 leaves Slurm out, SCALE_FANOUT
# sets ssh.fanout.
. t/lib/tap.sh
. t/lib/cluster.sh

N=${SCALE_NODES:-1250}
SLURM=${SCALE_SLURM:-1}
LIMIT=${SCALE_LIMIT:-150}	# seconds for the batch run

t0=$(date +%s)
if [ "$SLURM" = 1 ]; then
	t/lib/cluster start "$C" "$N" --slurm --port auto > "$T/start.out" 2>&1
else
	t/lib/cluster start "$C" "$N" --port auto > "$T/start.out" 2>&1
fi
rc=$?
t1=$(date +%s)
ok $rc "a cluster of $N nodes starts ($((t1 - t0)) s)"
if [ $rc != 0 ]; then
	sed 's/^/# /' "$T/start.out"
	done_testing
	exit 1
fi
. "$C/cluster.env"
[ "$SLURM" = 1 ] && export SLURM_CONF="$CLUSTER_SLURM_CONF"

# The default probes: the GPU query and the kernel log on every node, sinfo
# and squeue on the controller (local).  The fan-out is the testbed's: its
# two cores serve every node's sshd, some 35 nodes a second (sshd's
# re-execution, two commands a node), so 256 handshakes at once (the
# default, for nodes with their own CPUs) wait 256 / 35 = 7 s on average
# and some over the 10 s ssh.connect-timeout; 64 wait 2 s, and the sweep
# takes as long (measured in t/bench/RESULTS.md).
cat > "$T/scale.conf" <<EOF
source = "ssh";
nodes = "$CLUSTER_NODESET";
ssh = { config = "$CLUSTER_SSH_CONFIG"; fanout = ${SCALE_FANOUT:-64}; };
slurm = { controller = "local"; };
bmc = { mode = "none"; };
EOF
t0=$(date +%s)
"$MYRIAD" -F "$T/scale.conf" -c 'list-nodes -o tsv; list-gpus -o tsv' \
    > "$T/out" 2> "$T/err"
rc=$?
t1=$(date +%s)
is "$rc" 0 "myriad -c 'list-nodes; list-gpus' exits 0"
# On stderr, so that prove shows it in a run that is not verbose (CI).
sed 's/^/# stderr: /' "$T/err" | head -20 >&2
[ $((t1 - t0)) -le "$LIMIT" ]
ok $? "within $LIMIT s ($((t1 - t0)) s for $N nodes)"

reach=$(awk -F'\t' '$1 ~ /^gpu/ && NF < 20 && $5 == "yes"' "$T/out" | wc -l)
is "$(echo $reach)" "$N" "all $N nodes reachable"
if [ "$reach" != "$N" ]; then
	awk -F'\t' '$1 ~ /^gpu/ && NF < 20 && $5 != "yes"' "$T/out" |
	    head -5 | sed 's/^/# /' >&2
fi
gpus=$(awk -F'\t' '$1 ~ /^gpu/ && NF > 20 && $3 ~ /^GPU-/' "$T/out" | wc -l)
is "$(echo $gpus)" "$((N * 8))" "$((N * 8)) GPUs, each with its UUID"
last=$(printf 'gpu%04d' "$N")
want=$($MYRIAD $CLUSTER_SIM_ARGS sim-tool nvidia-smi --node "$last" \
    --query-gpu=uuid --format=csv,noheader | tail -1)
got=$(awk -F'\t' -v n="$last" 'NF > 20 && $1 == n && $2 == 7 { print $3 }' "$T/out")
is "$got" "$want" "$last's GPU 7 is the one that node's nvidia-smi names"
if [ "$SLURM" = 1 ]; then
	idle=$(awk -F'\t' '$1 ~ /^gpu/ && NF < 20 && $3 ~ /^idle/' "$T/out" | wc -l)
	is "$(echo $idle)" "$N" "every node's Slurm state from the real slurmctld"
else
	skip 1 "no Slurm (SCALE_SLURM=0)"
fi

t0=$(date +%s)
t/lib/cluster stop "$C" > "$T/stop.out" 2>&1
rc=$?
t1=$(date +%s)
ok $rc "the cluster stops ($((t1 - t0)) s)"
left=$(grep -lxzF "MYRIAD_CLUSTER_DIR=$C" /proc/[0-9]*/environ 2>/dev/null | wc -l)
is "$(echo $left)" 0 "nothing it started is left running"

done_testing
