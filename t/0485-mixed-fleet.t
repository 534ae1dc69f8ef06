#!/bin/sh
# A mixed fleet over real SSH, without configuration: on the test cluster
# every node has every vendor's tool and only its own vendor's answers
# (t/lib/cluster --sim-mix); each node's vendor is found once, its own
# tools read, equal to the simulated source's values for the same node and
# time.  Nodes of NVIDIA (gpu0001), AMD (gpu0009, MI300X), Huawei (gpu0017
# 910B; gpu0025 an Atlas A3, 16 chips), Hygon (gpu0033, 4 DCUs), and one
# where no tool answers (gpu0034).  Then a vendor the configuration sets,
# a gateway's relay, and the console.
. t/lib/tap.sh

. t/lib/cluster.sh
TM="tmux -L myriad-mixed-$$"
CLEANUP="$TM kill-server 2>/dev/null"
$TM start-server \; set -s exit-empty off

MIX=h100:1,mi300x:1,910b:1,a3:1,k100:1
cluster_start 34 --port auto --sim 288 --sim-mix $MIX --cpu-nodes gpu0034 \
    --sim-time 1790000000
SET='gpu[0001,0009,0017,0025,0033-0034]'
SIMSET='gpu[0001,0009,0017,0025,0033]'	# the simulator's nodes

conf() {	# conf FILE [MORE]: the six nodes over SSH, GPUs only
	cat > "$1" <<-EOF
	source = "ssh";
	nodes = "$SET";
	ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5; $3 };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	refresh = { gpus = 1.0; };
	probe = { xid = ""; ib = ""; ib-counters = ""; sinfo = "true";
	    squeue = "true"; };
	$2
	EOF
}
conf "$T/mix.conf"

# Batch: each node's accelerators, as the simulated source has them.
$MYRIAD -F "$T/mix.conf" -o tsv -c list-gpus > "$T/ssh.tsv" 2> "$T/ssh.err"
is "$?" 0 "list-gpus over SSH on a mixed fleet: status 0"
is "$(cat "$T/ssh.err")" "" "and nothing said on standard error"
$MYRIAD $CLUSTER_SIM_ARGS -o tsv -c "list-gpus $SIMSET" > "$T/sim.tsv"
# A DCU's model is its node's GRES type (dcu:k100): the simulated Slurm
# has it, the test cluster's slurmctld (gpu:h100:8 everywhere) does not.
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
    NR > 1 && $c["vendor"] == "hygon" && $c["model"] == "K100" {
    $c["model"] = "" } { print }' "$T/sim.tsv" > "$T/sim.k" &&
    mv "$T/sim.k" "$T/sim.tsv"
count() {	# count FILE NODE: its rows' vendor, model and number
	awk -F'\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	    $1 == n { k = $c["vendor"] "/" $c["model"]; m[k]++ }
	    END { for (k in m) print k, m[k] }' "$1" | sort
}
for n in gpu0001:nvidia:8 gpu0009:amd:8 gpu0017:huawei:8 gpu0025:huawei:16 \
    gpu0033:hygon:4; do
	node=${n%%:*} v=${n#*:} want=${n##*:}
	v=${v%:*}
	like "$(count "$T/ssh.tsv" $node)" "^$v/.* $want\$" \
	    "$node: $want accelerators of $v over SSH"
	is "$(count "$T/ssh.tsv" $node)" "$(count "$T/sim.tsv" $node)" \
	    "$node: the simulated source's vendor, model and count"
done
is "$(count "$T/ssh.tsv" gpu0034)" "" \
    "gpu0034, whose tools all say not found: no accelerator"
# Every value both read, but the power a tool prints rounded (to 1 W).
cols=index,uuid,model,bus_id,util_pct,memutil_pct,mem_used_mib,mem_total_mib
cols=$cols,temp_c,memtemp_c,power_limit_w,sm_clock_mhz,ecc_sbe,ecc_dbe
cols=$cols,vendor,card,chip,health,partition
pick() {	# pick FILE: the columns in $cols, and power_w, node by node
	awk -F'\t' -v cols="$cols" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
	    n = split(cols, w, ","); next }
	    { s = $1; for (i = 1; i <= n; i++) s = s "\t" $c[w[i]]
	      printf "%s\t%d\n", s, $c["power_w"] }' "$1"
}
pick "$T/ssh.tsv" > "$T/ssh.pick"
pick "$T/sim.tsv" > "$T/sim.pick"
is "$(paste "$T/ssh.pick" "$T/sim.pick" | awk -F'\t' '{ h = NF / 2
    for (i = 1; i < h; i++) if ($i != $(i + h)) { print NR ": " $i " " $(i + h); next }
    d = $h - $NF; if (d > 1 || d < -1) print NR ": power " $h " " $NF }' | head -5)" "" \
    "every accelerator's fields as the simulated source's (power within 1 W)"
is "$(wc -l < "$T/ssh.pick" | tr -d ' ')" 44 "44 accelerators in all"
$MYRIAD -F "$T/mix.conf" -o tsv -c 'list-gpus gpu0034; list-nodes gpu0034' \
    > "$T/nodes" 2>&1
is "$?" 0 "gpu0034 is read (status 0)"
like "$(cat "$T/nodes")" '^node	.*
gpu0034	r1		.*	yes		' \
    "as reachable, with no error: a node without accelerators"

$MYRIAD -F "$T/mix.conf" -w gpu0034 -c summary > "$T/summary" 2>/dev/null
like "$(cat "$T/summary")" '1 node in 1 rack, 0 GPUs' "gpu0034: a node of no GPU"
$MYRIAD -F "$T/mix.conf" -w gpu0034 -o tsv -c list-alerts > "$T/alerts" \
    2>/dev/null
is "$(cat "$T/alerts")" \
    "node	rack	attention	state	severity	problem	vendor	model" \
    "and no alert for GPUs missing"
# A node without accelerators, and an Ascend node, have no IB device:
# ibstat lists none (exit 0); the CPU node's kernel log is its own.
for n in gpu0034 gpu0017; do
	ssh -F "$CLUSTER_SSH_CONFIG" $n ibstat > "$T/ib" 2>&1
	is "$?:$(cat "$T/ib")" "0:" "ssh $n ibstat: no IB device, exit 0"
done
ssh -F "$CLUSTER_SSH_CONFIG" gpu0034 dmesg > "$T/dmesg" 2>&1
is "$?:$(grep -c 'Linux version' "$T/dmesg"):$(grep -c NVRM "$T/dmesg")" \
    "0:1:0" "ssh gpu0034 dmesg: the kernel's line, no GPU driver's, exit 0"
ssh -F "$CLUSTER_SSH_CONFIG" gpu0034 journalctl -k > "$T/dmesg" 2>&1
like "$?:$(cat "$T/dmesg")" "^0:[A-Z][a-z]+ [ 0-9]+ [0-9:]+ gpu0034 kernel: Linux version" \
    "ssh gpu0034 journalctl -k: its own name, exit 0"

# Slurm gives no GRES here (probe.sinfo is true): a node of another vendor
# than NVIDIA has as many as its tool lists (gpu0033's hy-smi lists 4
# DCUs), not gpus-per-node's 8; vendors.hygon-gpus says how many it has.
$MYRIAD -F "$T/mix.conf" -c summary > "$T/summary" 2>&1
like "$(cat "$T/summary")" '44 accelerators' "no GRES: 44 accelerators, as listed"
ok "$(grep -q missing "$T/summary"; [ $? = 1 ]; echo $?)" "and none missing"
$MYRIAD -F "$T/mix.conf" -o tsv -c list-alerts > "$T/alerts" 2>&1
ok "$(grep -q missing "$T/alerts"; [ $? = 1 ]; echo $?)" \
    "no alert of DCUs missing"
conf "$T/dcu8.conf" 'vendors = { hygon-gpus = 8; };'
$MYRIAD -F "$T/dcu8.conf" -o tsv -c 'list-alerts gpu0033' > "$T/alerts" 2>&1
like "$(cat "$T/alerts")" 'gpu0033	.*	4 of 8 DCUs missing' \
    "vendors.hygon-gpus = 8: 4 of gpu0033's DCUs missing"

# Filters over SSH.
$MYRIAD -F "$T/mix.conf" -o tsv -c 'list-gpus -w vendor=amd' > "$T/amd" 2>&1
is "$(cut -f1 "$T/amd" | sort | uniq -c | tr -s ' ')" " 8 gpu0009
 1 node" "-w vendor=amd over SSH: gpu0009's eight"
$MYRIAD -F "$T/mix.conf" -o tsv -c 'list-gpus -w model~910' > "$T/910" 2>&1
is "$(cut -f1 "$T/910" | sort | uniq -c | tr -s ' ')" " 8 gpu0017
 16 gpu0025
 1 node" "-w model~910 over SSH: the 910B's 8 NPUs and the A3's 16 chips"

# AMD's XGMI over SSH (probe.xgmi, amd-smi topology on AMD's nodes only),
# judged as the simulated source judges the same node's: 7 peers a GPU.
xgmi() {	# xgmi ARGS...: gpu0009's XGMI rows, kind gpu peer state verdict
	$MYRIAD "$@" -o tsv -c 'inspect-links -a gpu0009' 2>&1 |
	    awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["kind"] == "xgmi" { print $c["gpu"], $c["link"], $c["state"],
	    $c["verdict"] }' | sort
}
xgmi -F "$T/mix.conf" > "$T/xgmi.ssh"
xgmi $CLUSTER_SIM_ARGS > "$T/xgmi.sim"
is "$(grep -c ' up ok$' "$T/xgmi.ssh")" 56 \
    "inspect-links over SSH: gpu0009's 56 XGMI links (8 GPUs, 7 peers), up"
is "$(cat "$T/xgmi.ssh")" "$(cat "$T/xgmi.sim")" \
    "as the simulated source judges them"
# gpu0034, where no vendor's tool answers, has no accelerator and no
# accelerator's link: no NVLink of it is missing (its IB ports, not read
# here, are).
$MYRIAD -F "$T/mix.conf" -o tsv -c 'inspect-links gpu[0001,0034]' \
    > "$T/cpu.links" 2>&1
is "$(awk -F'\t' '$1 == "gpu0034" { print $2, $15 }' "$T/cpu.links")" \
    "ib missing" \
    "inspect-links over SSH: gpu0034, no accelerator, misses no NVLink"
# Ascend nodes with the default probes (ibstat; probe.roce off): no probe
# gives an HCCS link's state (npu-smi info -t topo names the peers only)
# and an Ascend node has no InfiniBand device (its network is its NPUs'
# RoCE ports), so neither is a fault: no row, exit 0.  gpu0034, without
# accelerators, keeps its IB ports missing.
conf "$T/def.conf" 'probe = { sinfo = "true"; squeue = "true"; };'
sed -i '/^probe = { xid = ""; ib = "";/,/^    squeue = "true"; };$/d' \
    "$T/def.conf"
$MYRIAD -F "$T/def.conf" -o tsv -c 'inspect-links -a gpu[0017,0025]' \
    > "$T/hccs.links" 2>&1
is "$?:$(awk -F'\t' 'NR > 1 { print $1, $2, $15, $16 }' "$T/hccs.links")" \
    "0:" "inspect-links over SSH: no false alarm of Ascend's HCCS nor IB"
$MYRIAD -F "$T/def.conf" -o tsv -c 'inspect-links gpu[0017,0025,0034]' \
    > "$T/hccs.links" 2>&1
is "$?:$(awk -F'\t' 'NR > 1 { print $1, $2, $15 }' "$T/hccs.links")" \
    "3:gpu0034 ib missing" "the CPU node's IB ports are still missing"

# An Atlas A3's 16 NPU RoCE ports (hccn_tool) and InfiniBand ports (ibstat;
# the simulator gives an Ascend host none, so gpu0001's, MYRIAD_NODE being
# the test cluster's way to ask as another node): every port kept, more than
# 16 a node, as the simulated source has the RoCE ones.
ROCE='for i in $(seq 0 15); do for q in -link -net_health -optical -link_stat;'
ROCE="$ROCE"' do echo \"hccn_tool -i $i $q -g\"; hccn_tool -i $i $q -g; done;'
conf "$T/roce.conf" "probe = { xid = \"\"; ib = \"MYRIAD_NODE=gpu0001 ibstat\"; ib-counters = \"\";
    sinfo = \"true\"; squeue = \"true\"; roce = \"$ROCE done\"; };"
# conf's own probe group (no ibstat) left out
sed -i '/^probe = { xid = ""; ib = "";/,/^    squeue = "true"; };$/d' \
    "$T/roce.conf"
$MYRIAD -F "$T/roce.conf" -o tsv -c 'inspect-links -a gpu0025' 2>&1 |
    awk -F'\t' '$2 == "roce" || $2 == "ib" { print $2 }' | sort | uniq -c |
    tr -s ' ' > "$T/roce"
$MYRIAD $CLUSTER_SIM_ARGS -o tsv -c 'inspect-links -a gpu0025' 2>&1 |
    awk -F'\t' '$2 == "roce" { print $2 }' | uniq -c | tr -s ' ' \
    > "$T/roce.sim"
like "$(grep ' ib$' "$T/roce")" '^ [1-9][0-9]* ib$' \
    "gpu0025 over SSH: its IB ports"
is "$(grep roce "$T/roce")" " 16 roce" "and its 16 RoCE ports"
is "$(grep roce "$T/roce")" "$(cat "$T/roce.sim")" \
    "as the simulated source has them"

# A vendor the configuration sets is not asked: gpu0001 (NVIDIA's) set
# as one without accelerators reads none; gpu0009 (AMD's) set as Huawei's
# runs npu-smi, which is not there; gpu0017 set right is read.
conf "$T/set.conf" 'vendors = { none = "gpu0001"; huawei = "gpu[0009,0017]"; };'
$MYRIAD -F "$T/set.conf" -o tsv -c list-gpus > "$T/set" 2> "$T/set.err"
is "$?" 3 "vendors: a node set wrong is a node not read (status 3)"
is "$(count "$T/set" gpu0001)" "" "vendors.none: gpu0001's nvidia-smi is not run"
is "$(count "$T/set" gpu0009)" "" "vendors.huawei: gpu0009 is not asked (it would say amd)"
is "$(cat "$T/set.err")" "myriad: gpu0009: huawei-gpus: exited 127: sh: 1: npu-smi: not found; vendors.huawei names gpu0009, but npu-smi is not there; try it by hand with ssh gpu0009; probe.huawei-gpus sets the command
myriad: list-gpus: 1 of 6 nodes not read" \
    "and says why: npu-smi is not there, the option naming the node, and which runs it"
is "$(count "$T/set" gpu0017)" "huawei/910B3 8" "vendors.huawei: gpu0017 is read"
is "$(count "$T/set" gpu0033)" "hygon/ 4" "the others are found as before"
# Every vendor set wrong: each node's own tool not there, NVIDIA's too
# (no node without accelerators), said on standard error and as the
# node's error, naming the option.
conf "$T/wrong.conf" 'vendors = { amd = "gpu0017"; huawei = "gpu0009";
    nvidia = "gpu0033"; hygon = "gpu0001"; };'
$MYRIAD -F "$T/wrong.conf" -o tsv -c list-gpus > /dev/null 2> "$T/wrong.err"
is "$?" 3 "vendors set wrong: status 3"
is "$(grep -o '^myriad: gpu00[0-9]*: [a-z-]*:.*is not there' "$T/wrong.err")" \
"myriad: gpu0001: hygon-gpus: exited 127: sh: 1: hy-smi: not found; vendors.hygon names gpu0001, but hy-smi is not there
myriad: gpu0009: huawei-gpus: exited 127: sh: 1: npu-smi: not found; vendors.huawei names gpu0009, but npu-smi is not there
myriad: gpu0017: amd-gpus: exited 127: sh: 1: amd-smi: not found; vendors.amd names gpu0017, but amd-smi is not there
myriad: gpu0033: gpus: exited 127: sh: 1: nvidia-smi: not found; vendors.nvidia names gpu0033, but nvidia-smi is not there" \
    "each of the four nodes' tool not there, NVIDIA's too, naming the option"
$MYRIAD -F "$T/wrong.conf" -o tsv -c 'list-nodes' > "$T/wrong" 2>/dev/null
is "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $1, $c["reachable"], $c["error"] }' "$T/wrong")" \
"gpu0001 yes vendors.hygon names gpu0001, but hy-smi is not there
gpu0009 yes vendors.huawei names gpu0009, but npu-smi is not there
gpu0017 yes vendors.amd names gpu0017, but amd-smi is not there
gpu0025 yes 
gpu0033 yes vendors.nvidia names gpu0033, but nvidia-smi is not there
gpu0034 yes " "list-nodes: each wrong node's error, reachable"
printf 'vendors = { amd = "gpu[0001"; };\n' > "$T/bad.conf"
$MYRIAD -F "$T/bad.conf" -c 'list-nodes' > /dev/null 2> "$T/bad.err"
is "$?" 2 "vendors.amd: a bad node set is a configuration error"
like "$(cat "$T/bad.err")" 'vendors.amd' "which names the option"
conf "$T/both.conf" 'vendors = { amd = "gpu0009"; huawei = "gpu[0009,0017]"; };'
$MYRIAD -F "$T/both.conf" -c 'list-nodes' > /dev/null 2> "$T/both.err"
is "$?" 2 "a node in two vendors' sets: a configuration error (exit 2)"
like "$(cat "$T/both.err")" 'gpu0009 is in both vendors.amd and vendors.huawei' \
    "naming the node and both options"

screen() { $TM capture-pane -p -t m; }
rows() {	# rows NODE N: the GPUs view shows at least N rows of NODE
		# with their index (an A3 chip's card/chip, 7/1) and use read
		# (an unread GPU's are -)
	# UTIL% read by its heading's place (a mixed cluster's VENDOR and
	# MODEL come before it; the numbers are right-aligned under it).
	[ "$(screen | awk -v n="$1" '/^NODE / { e = index($0, "UTIL%") + 4 }
	    e && $1 == n && $2 ~ /^[0-9]+(\/[0-9]+)?$/ &&
	    substr($0, e, 1) ~ /[0-9]/' |
	    wc -l)" -ge "$2" ]
}
mixed() {
	rows gpu0001 8 && rows gpu0009 8 && rows gpu0017 8 &&
	    rows gpu0025 16 && rows gpu0033 4
}
console() {	# console CONF WHAT: the GPUs view shows every vendor's
	$TM new-session -d -s m -x 200 -y 70 "$MYRIAD -F $1"
	$TM send-keys -t m 2
	cluster_wait 300 mixed
	for n in gpu0001:8 gpu0009:8 gpu0017:8 gpu0025:16 gpu0033:4; do
		ok "$(rows ${n%:*} ${n#*:}; echo $?)" \
		    "$2: the GPUs view shows ${n#*:} rows of ${n%:*}"
	done
	ok "$(screen | grep -qE '^gpu0034 +(-|[0-9]+) '
	    [ $? = 1 ]; echo $?)" "$2: and no row of gpu0034"
}

# The console: NVIDIA's stream, the others' probes each refresh.
console "$T/mix.conf" "console"
$TM send-keys -t m ':view node gpu0034' Enter
cluster_wait 100 eval 'screen | grep -q "^gpu0034 .*rack "'
ok "$(screen | grep -q '^gpu0034 .*rack '; echo $?)" \
    "console: the Node view of gpu0034"
ok "$(screen | grep -qE '^(NVLink|link) '; [ $? = 1 ]; echo $?)" \
    "console: gpu0034, no accelerator, has no line of links"
$TM kill-session -t m 2>/dev/null

# Through a gateway (gpu0002): it asks each node its vendor and relays
# that vendor's own tools.
conf "$T/gw.conf" "" "gateways = \"gpu0002\"; gateway-command = \"$CLUSTER_GATEWAY_COMMAND\";"
relays() {
	ps -eo pid,args | grep -F "$C/" | grep '[m]yriad --ssh-config .* -c relay' |
	    awk '{ print $1 }'
}
console "$T/gw.conf" "through a gateway"
is "$(relays | wc -l | tr -d ' ')" 1 "one relay, on the gateway"
is "$(ps -eo args | grep -F "$C/" | grep -c '[s]im-tool nvidia-smi --node gpu00.* -lms')" 1 \
    "NVIDIA's stream on gpu0001 alone"
$TM kill-session -t m 2>/dev/null

done_testing
