#!/bin/sh
# Operations that know the domain over real SSH: the test cluster's one
# NVL72 rack (t/lib/cluster --sim-mix gb200:1, 18 trays behind their
# sshds).  The domain is found from what the trays' nvidia-smi says over
# SSH; a drain's dry run says what it does to it; burnin of the domain by
# its name runs dcgmi on each tray and burnin.domain-command once, on its
# first tray, the domain's verdict its exit status with the trays'.
. t/lib/tap.sh
. t/lib/cluster.sh

cluster_start 18 --port auto --sim 72 --sim-mix gb200:1 --fault-rate 0
conf() {	# conf FILE [MORE]
	cat > "$1" <<-EOF
	source = "ssh";
	nodes = "gpu[0001-0018]";
	rack-size = 18;
	gpus-per-node = 4;
	max-drain = { share = 1.0; };
	ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5;
	    command-timeout = 60; };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	probe = { xid = ""; ib = ""; ib-counters = ""; sinfo = "true";
	    squeue = "true"; };
	$2
	EOF
}
conf "$T/conf"
$MYRIAD -F "$T/conf" -o tsv -c 'list-domains' 2> /dev/null |
    awk -F'\t' 'NR > 1 { print $1 " " $3 " " $4 }' > "$T/doms"
is "$(sed 's/^nvl72-r[0-9]* /nvl72 /' "$T/doms")" "nvl72 gpu[0001-0018] 72" \
    "over SSH: one NVL72 domain of 18 trays"
D=$(cut -d' ' -f1 "$T/doms")

$MYRIAD -F "$T/conf" -n -c 'drain gpu[0001-0002] reason=check' > "$T/dry" \
    2>&1
like "$(cat "$T/dry")" "^gpu\[0001-0002\] are 2 trays of $D: the domain falls to 64 of 72 GPUs; no job runs there\$" \
    "a drain's dry run: the trays, the domain, the GPUs it keeps"

conf "$T/dconf" 'burnin = { domain-command = "nvidia-imex-ctl -N"; };'
$MYRIAD -F "$T/dconf" -n --force -c "burnin $D level=1" > "$T/dry" \
    2>&1
is "$(grep -c ': dcgmi diag -r 1 -j$' "$T/dry"):$(grep -c '^gpu0001: nvidia-imex-ctl -N$' "$T/dry")" \
    "18:1" "burnin $D: dcgmi on its 18 trays, the domain's command on the first"
$MYRIAD -F "$T/dconf" -y --force -o json -c "burnin $D level=1" \
    > "$T/out" 2> "$T/err"
is "$?" 0 "the domain burned in over SSH: exit 0"
is "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))[-1]
print(d["domain"], d["count"], d["ok"], d["result"])' "$T/out")" \
    "$D 18 True its 18 nodes passed; burnin.domain-command exit 0: Domain State: UP" \
    "its verdict: the trays', and nvidia-imex-ctl's exit status and last line"
RUN=$($MYRIAD -F "$T/conf" -c 'list-burnins -o tsv' 2> /dev/null |
    awk -F'\t' 'NR == 2 { print $1 }')
is "$($MYRIAD -F "$T/conf" -c "list-burnins -o tsv $RUN" 2> /dev/null |
    awk -F'\t' '$2 ~ /^gpu/ { print $6 }' | sort -u)" "pass 0-3" \
    "each tray's dcgmi over SSH: its 4 GPUs passed (review 15b, 9)"
done_testing
