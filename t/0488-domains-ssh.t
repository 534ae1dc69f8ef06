#!/bin/sh
# An NVL72 rack over real SSH: 18 trays of 4 GB200s behind the test
# cluster's sshds, each with the simulated nvidia-smi (fabric.*) and
# nvidia-imex-ctl -N.  list-domains over SSH says what the simulated
# source says of the same rack at the same time, from the same faults.
. t/lib/tap.sh

. t/lib/cluster.sh
cluster_start 18 --port auto --sim 72 --sim-mix gb200:1 --fault-rate 0.5 \
    --sim-time 1790028800
cluster_conf "" "rack-size = 18;" > "$T/ssh.conf"
# rack-size: an NVL72 rack's 18 trays, so a tray that is not read, or
# whose fabric has no ClusterUUID yet, is still its rack's.
$MYRIAD $CLUSTER_SIM_ARGS -o json -c 'list-domains' > "$T/sim.json" 2>&1
$MYRIAD -F "$T/ssh.conf" -o json -c 'list-domains' > "$T/ssh.json" 2> "$T/err"
keys() {	# the domain's keys but its name and Slurm's (jobs, drains)
	tr ',' '\n' < "$1" | grep -E '^"(kind|nodes|gpus_[a-z]*|imex[a-z_]*|links_down|bandwidth|verdict)"|^"?(completed|in_progress|failed|unknown)"?' |
	    tr -d '{}'
}
keys "$T/sim.json" > "$T/sim.keys"
keys "$T/ssh.json" > "$T/ssh.keys"
is "$(cat "$T/ssh.keys")" "$(cat "$T/sim.keys")" \
    "over SSH, the rack's domain as the simulated source sees it"
like "$(cat "$T/ssh.keys")" '"imex":"DEGRADED"' \
    "its IMEX domain read over SSH (nvidia-imex-ctl -N)"
like "$(cat "$T/ssh.keys")" '"in_progress":4' \
    "a tray whose fabric is In Progress (nvidia-smi's fabric.* over SSH)"
$MYRIAD -F "$T/ssh.conf" -c 'show-domain nvl72-r1' > "$T/show" 2>/dev/null
like "$(cat "$T/show")" 'gpu0009.*In Progress' \
    "show-domain over SSH names the tray whose fabric is not up"
done_testing
