#!/bin/sh
# A slow XGMI link over real SSH: probe.xgmi's default runs amd-smi
# topology and amd-smi xgmi, read as one, so a GPU whose bit rate is half
# the MI300X's (the simulator's mild XGMI fault: its links up, 16 Gb/s)
# has its links degraded as the simulated source judges them, not ok.
# The cluster's one node is an MI300X with such a fault (seed 1, fault
# rate 0.2: `myriad --sim 128 --sim-mix mi300x:1 --fault-rate 0.2
# --sim-time 1790000000 -c inspect-links' shows it).
. t/lib/tap.sh

. t/lib/cluster.sh
cluster_start 1 --port auto --sim 128 --sim-mix mi300x:1 --fault-rate 0.2 \
    --sim-time 1790000000
cat > "$T/ssh.conf" <<EOF
source = "ssh";
nodes = "gpu0001";
ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5; };
slurm = { controller = "local"; };
bmc = { mode = "none"; };
probe = { xid = ""; ib = ""; ib-counters = ""; sinfo = "true";
    squeue = "true"; };
EOF

# The GPUs read first, as the console does: an MI300X's rate is expected
# of its links.
xgmi() {	# xgmi BEFORE ARGS...: gpu0001's XGMI rows after the commands
		# BEFORE, gpu peer state speed verdict
	before=$1
	shift
	$MYRIAD "$@" -o tsv -c "${before}inspect-links -a gpu0001" 2>&1 |
	    awk -F'\t' '$1 == "node" {
	    for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["kind"] == "xgmi" { print $c["gpu"], $c["link"], $c["state"],
	    $c["actual"], $c["verdict"] }' | sort
}
xgmi 'list-gpus gpu0001; ' $CLUSTER_SIM_ARGS > "$T/sim"
xgmi 'list-gpus gpu0001; ' -F "$T/ssh.conf" > "$T/ssh"
is "$(grep -c ' degraded$' "$T/sim")" 7 \
    "the simulated source: one GPU's 7 XGMI links degraded"
is "$(grep -c ' degraded$' "$T/ssh")" 7 \
    "over SSH: the same 7 links degraded (amd-smi xgmi's bit rate)"
is "$(cat "$T/ssh")" "$(cat "$T/sim")" \
    "every XGMI link as the simulated source judges it, speed and verdict"

# inspect-links alone reads the node's accelerators with its links: the
# same model, the same speed expected, the same verdicts.
xgmi '' -F "$T/ssh.conf" > "$T/alone"
is "$(grep -c ' degraded$' "$T/alone")" 7 \
    "inspect-links alone over SSH: the same 7 links degraded"
is "$(cat "$T/alone")" "$(cat "$T/sim")" \
    "... every XGMI link as after list-gpus"

done_testing
