#!/bin/sh
# A mixed simulated cluster (--sim-mix, sim.mix): the spec, good and
# wrong; the same spec, seed and time give the same bytes; the nodes and
# accelerators of each model at --sim 10k; each model's node prints each
# of its vendor's tools with the structure of the real captures (headings,
# columns and widths, keys in order and their units, JSON keys and types;
# values differ), and another vendor's tool is not found there, as sh
# says; the console's model carries vendor, model, card and chip, health
# and partition, and null for what a tool does not print; without a mix,
# the simulator's bytes are the ones it always printed.
. t/lib/tap.sh

MIX=h100:6,mi300x:2,910b:2,a3:1,k100:1
M="$MYRIAD -F /dev/null --sim-time 3600 --fault-rate 0"
S="$M --sim-mix $MIX sim-tool"
SHAPE="python3 t/lib/sim-shape.py"
AMD=$FIXTURES/amd
ASC=$FIXTURES/ascend
# At 10k: H100 gpu0001-0600, MI300X 0601-0800, 910B 0801-1000,
# A3 1001-1104, K100 1105-1200.

# The spec.
$M --sim-mix $MIX -c summary >"$T/out" 2>"$T/err"
ok $? "--sim-mix $MIX runs"
like "$(head -1 "$T/out")" \
    ' 1200 nodes in 150 racks, 10048 accelerators$' \
    "10k of that mix: 1200 nodes in 150 racks, 10048 accelerators"
$M --sim 100k --sim-mix h100:1,a3:1 -c summary >"$T/out" 2>/dev/null
like "$(head -1 "$T/out")" \
    ' 8333 nodes in 1042 racks, 99984 accelerators$' \
    "100k of h100:1,a3:1: 8333 nodes, 521 racks of 16 NPUs"
for bad in 'x100:1|no model .x100. \(h100, h200, b200, gb200, mi300x, mi325x, 910b, a3, k100\)' \
    'h100|h100 needs a share of the racks' \
    'h100:0|h100 needs a share' \
    'h100:1001|h100 needs a share' \
    'h100:2,a3:x|a3 needs a share' \
    'h100:2,|no model' \
    'h100:1,mi300x:1,h100:2|h100 given twice'; do
	spec=${bad%%|*}
	$M --sim-mix "$spec" -c summary >"$T/out" 2>"$T/err"
	rc=$?
	is "$rc" 2 "--sim-mix '$spec' is refused (exit 2)"
	like "$(cat "$T/err")" "bad simulator mix '$spec': ${bad#*|}" \
	    "--sim-mix '$spec': the message says what is wrong"
done
$M --sim-mix x100:1 -c summary 2>"$T/err"
is "$(cut -c1-32 "$T/err")" "myriad: --sim-mix: bad simulator" \
    "a mix error is named once: --sim-mix, not --sim-mix: sim.mix"
$M --sim 20 --sim-mix k100:1 -c summary >"$T/out" 2>"$T/err"
is "$?:$(head -1 "$T/out")" "0:cluster sim (SIMULATED): 5 nodes in 1 rack, 20 DCUs" \
    "--sim 20 --sim-mix k100:1: five nodes of 4 DCUs, not 8-GPU nodes"
$M --sim 1204 --sim-mix h100:1,a3:1 -c summary >"$T/out" 2>"$T/err"
like "$?:$(head -1 "$T/out")" '^0:.* 100 nodes in 13 racks, [0-9]* accelerators$' \
    "a mix's size need not be whole 8-GPU nodes: the racks nearest to it"
# An empty mix is a slip, not H100s only (which is no mix given).
$M --sim-mix '' -c summary >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/out")" "2:" "--sim-mix '' is refused (exit 2), nothing printed"
like "$(cat "$T/err")" "^myriad: --sim-mix: bad simulator mix '': empty" \
    "--sim-mix '': the message says it is empty"
printf 'sim = { mix = ""; };\n' >"$T/bad.conf"
$MYRIAD -F "$T/bad.conf" -c summary >/dev/null 2>"$T/err"
is "$?" 2 "sim.mix = \"\" is refused in the configuration"
like "$(cat "$T/err")" "sim.mix: bad simulator mix '': empty" \
    "and the message names the option"
printf 'sim = { mix = "h100:1,gb300:1"; };\n' >"$T/bad.conf"
$MYRIAD -F "$T/bad.conf" -c summary >/dev/null 2>"$T/err"
is "$?" 2 "sim.mix with a wrong model is refused in the configuration"
like "$(cat "$T/err")" "no model 'gb300'" "and the message names it"
printf 'sim = { mix = "%s"; };\n' "$MIX" >"$T/mix.conf"
is "$($MYRIAD -F "$T/mix.conf" --sim-time 3600 --fault-rate 0 \
    -c summary 2>&1 | head -1)" \
    "$($M --sim-mix $MIX -c summary 2>&1 | head -1)" \
    "sim.mix in the configuration is --sim-mix"
$M --sim-mix bad:1 sim-tool nvidia-smi --node gpu0001 >/dev/null 2>"$T/err"
is "$?" 2 "sim-tool with a wrong mix: exit 2"

# Deterministic in seed and time.
$M --sim-mix $MIX -c 'list-gpus -o tsv' >"$T/a" 2>/dev/null
$M --sim-mix $MIX -c 'list-gpus -o tsv' >"$T/b" 2>/dev/null
[ -s "$T/a" ] && cmp -s "$T/a" "$T/b"
ok $? "the same mix, seed and time: the same list-gpus, byte for byte"
$M --sim-mix $MIX --seed 2 -c 'list-gpus -o tsv' >"$T/b" 2>/dev/null
cmp -s "$T/a" "$T/b"
ok $((! $?)) "another seed: another cluster"
$S npu-smi info --node gpu1001 >"$T/a"
$S npu-smi info --node gpu1001 >"$T/b"
[ -s "$T/a" ] && cmp -s "$T/a" "$T/b"
ok $? "the same npu-smi info from two processes"

# The accelerators of each vendor and model, and what the model holds.
$M --sim-mix $MIX -c 'list-gpus -o json' >"$T/gpus.json" 2>/dev/null
python3 - "$T/gpus.json" >"$T/count" <<'EOF'
import json, sys, collections
d = json.load(open(sys.argv[1]))
c = collections.Counter((g['vendor'], g.get('model')) for g in d)
for k in sorted(c, key=str):
	print('%s %s %d' % (k[0], k[1], c[k]))
print('nodes %d' % len(set(g['node'] for g in d)))
EOF
is "$(cat "$T/count")" "amd AMD Instinct MI300X 1600
huawei 910B3 1600
huawei Ascend910 1664
hygon K100 384
nvidia NVIDIA H100 80GB HBM3 4800
nodes 1200" "each model's accelerators at 10k: 4800, 1600, 1600, 1664 and 384 on 1200 nodes"
python3 - "$T/gpus.json" >"$T/rec" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
def node(n):
	return [g for g in d if g['node'] == n]
a3, b, amd, k = node('gpu1001'), node('gpu0801'), node('gpu0601'), node('gpu1105')
print(len(a3), sorted(set((g['card'], g['chip']) for g in a3))[-1])
print(a3[1]['power_w'], a3[0]['power_w'] is not None, a3[0]['power_limit_w'],
    a3[0]['health'], a3[0]['memtemp_c'])
print(b[3]['card'], b[3]['chip'], b[3]['bus_id'], b[3]['mem_total_mib'])
print(amd[0]['partition'], amd[0]['power_limit_w'], amd[0]['card'], amd[0]['health'])
print(len(k), k[0]['model'], k[0]['mem_total_mib'], k[0]['power_limit_w'])
print(set(g['vendor'] for g in node('gpu0001')))
EOF
is "$(cat "$T/rec")" "16 (7, 1)
None True None OK None
3 0 0000:82:00.0 65536
SPX/NPS1 750 None None
4 K100 None 800
{'nvidia'}" "the records: an A3's 16 chips on 8 cards (power on the first chip of a card, no limit), a 910B's card and chip, MI300X's partition, a K100's 4 DCUs, the model of its GRES, no memory"

# Another vendor's tool is not there: sh's words, exit 127.
for t in 'npu-smi gpu0601' 'hy-smi gpu0801' 'amd-smi gpu0001' \
    'nvidia-smi gpu0801' 'dcgmi gpu1105' 'rocm-smi gpu1001' \
    'hccn_tool gpu0601'; do
	tool=${t% *}
	$S $tool --node ${t#* } >"$T/out" 2>"$T/err"
	rc=$?
	is "$rc|$(cat "$T/err")|$(wc -c <"$T/out")" \
	    "127|sh: 1: $tool: not found|0" "$tool on ${t#* }: not found (127)"
done
$S ibstat --node gpu0801 >/dev/null 2>&1
ok $? "every node has ibstat"
$S dmesg --node gpu0601 >"$T/out" 2>&1
is "$(grep -c 'Linux version' "$T/out")|$(grep -c NVRM "$T/out")" "1|0" \
    "an AMD node's kernel log has no NVIDIA driver"

# Each tool of each vendor's node, next to the real captures.
run() {	# run NODE TOOL ARGS: its output in $T/o, exit status checked
	node=$1
	shift
	$S "$@" --node "$node" >"$T/o" 2>"$T/err"
	ok $? "$* on $node"
}
shape() {	# shape MODE WHAT CAPTURE...: t/lib/sim-shape.py's verdict
	m=$1 w=$2
	shift 2
	for c in "$@"; do
		if [ ! -r "$c" ]; then
			skip 1 "no $c"
			return
		fi
	done
	[ -s "$T/o" ] && $SHAPE "$m" "$T/o" "$@" >"$T/why"
	ok $? "$w"
	sed 's/^/#   /' "$T/why"
}

run gpu0601 amd-smi monitor -ptumv
shape table "amd-smi monitor -ptumv: the capture's columns" \
    "$AMD/amd-smi-monitor-ptumv-MI300X-8gpu.txt"
is "$(head -1 "$T/o")" "$(head -1 "$AMD/amd-smi-monitor-ptumv-MI300X-8gpu.txt")" \
    "amd-smi monitor -ptumv: the heading"
is "$(wc -l <"$T/o")" 9 "a heading and 8 GPUs"
run gpu0601 amd-smi monitor -p -t -v
shape table "amd-smi monitor -p -t -v: the capture's columns" \
    "$AMD/amd-smi-monitor-p-t-v-MI300X-CPX-32part.txt"
run gpu0601 amd-smi xgmi
sed 's/[0-9] KB/0 KB/g' "$T/o" >"$T/x"
is "$(sed 's/[0-9] KB/0 KB/g' "$AMD/amd-smi-xgmi-MI300X-8gpu.txt" | cmp - "$T/x" 2>&1)" "" \
    "amd-smi xgmi: the capture's table, byte for byte but the KB"
run gpu0601 amd-smi topology
cmp -s "$T/o" "$AMD/amd-smi-topology-MI300X-8gpu.txt"
ok $? "amd-smi topology: the MI300X capture's, byte for byte"
run gpu0601 amd-smi topology --json
shape json "amd-smi topology --json: the capture's keys and types" \
    "$AMD/amd-smi-topology-json-2gpu-pcie.json"
run gpu0601 amd-smi list
is "$(grep -c '^GPU: ' "$T/o")|$(grep -c '^$' "$T/o")" "8|7" \
    "amd-smi list: 8 GPUs, a blank line between two"
run gpu0601 amd-smi list -g 0
sed '/^$/q' "$AMD/amd-smi-list-redacted-uuid.txt" | sed '$d' >"$T/cap"
shape keys "amd-smi list: a GPU's keys, in order" "$T/cap"
run gpu0601 amd-smi metric --power -g 0
sed '/^$/q' "$AMD/amd-smi-metric-power-2gpu.txt" | sed '$d' >"$T/cap"
shape keys "amd-smi metric --power: the keys and units (of its first GPU)" \
    "$T/cap"
run gpu0601 amd-smi metric --ecc-block -g 0
shape keys "amd-smi metric --ecc-block: the capture's blocks and counts" \
    "$AMD/amd-smi-metric-ecc-block.txt"
run gpu0601 amd-smi static -g 0
shape subkeys "amd-smi static: the capture's keys in its order, units too" \
    "$AMD/amd-smi-static-MI300A-APU-with-CPU.txt"
run gpu0601 amd-smi static
is "$(grep -c '^GPU: ' "$T/o")" 8 "amd-smi static: 8 GPUs"
$S amd-smi static --csv --node gpu0601 >/dev/null 2>"$T/err"
is "$?" 1 "amd-smi static --csv, of which there is no capture, is refused"
$S amd-smi monitor --node gpu0601 >/dev/null 2>"$T/err"
is "$?" 1 "amd-smi monitor without columns is refused (no capture of it)"
run gpu0601 rocm-smi
shape table "rocm-smi: the concise table's columns" \
    "$AMD/rocm-smi-concise-MI300X-x4-sriov.txt"
is "$(sed 's/\xc2\xb0/o/g' "$T/o" | awk '{ print length($0) }' | sort -u)" 116 \
    "rocm-smi: every line 116 columns"
M325="$M --sim 64 --sim-mix mi325x:1 sim-tool"
$M325 amd-smi static -g 0 --node gpu0001 >"$T/o" 2>&1
like "$(grep -E 'MARKET_NAME|DEVICE_ID|MAX_POWER|SIZE: ' "$T/o" | tr -s ' ' | tr '\n' '|')" \
    '^ MARKET_NAME: AMD Instinct MI325X\| DEVICE_ID: 0x74a5\| MAX_POWER: 1000 W\| SIZE: 262144 MB\|$' \
    "an MI325X node's amd-smi static: its name, device, limit and memory"

run gpu0801 npu-smi info
shape table "npu-smi info on a 910B: the 910B captures' table" \
    "$ASC/npu-smi-info-910B3-8card-23.0.rc3.3-loaded.txt" \
    "$ASC/npu-smi-info-910B2-sparse-23.0.6.2.txt"
is "$(head -6 "$T/o")" "$(head -6 "$ASC/npu-smi-info-910B3-8card-23.0.rc3.3-loaded.txt")" \
    "npu-smi info on a 910B: the headings of 23.0.rc3.3, byte for byte"
is "$(grep -c '910B3' "$T/o")" 8 "8 NPUs"
run gpu1001 npu-smi info
shape table "npu-smi info on an A3: the A3 capture's table" \
    "$ASC/npu-smi-info-A3-910_93-8npu-16chip-25.2.0-with-procs.txt" \
    "$ASC/npu-smi-info-910B2-sparse-23.0.6.2.txt"
is "$(head -6 "$T/o")" "$(head -6 "$ASC/npu-smi-info-A3-910_93-8npu-16chip-25.2.0-with-procs.txt")" \
    "npu-smi info on an A3: the headings of 25.2.0 (Chip Phy-ID), byte for byte"
is "$(grep -c 'Ascend910' "$T/o")|$(grep -c '| -  ' "$T/o")" "16|8" \
    "16 chips on 8 cards, the second chip of each without its power"
run gpu0801 npu-smi info -t common -i 7
shape keys "npu-smi info -t common: the 910B capture's keys and units" \
    "$ASC/npu-smi-info-t-common-i7-910B-loaded.txt"
run gpu0801 npu-smi info -t health -i 0
shape keys "npu-smi info -t health -i 0: the documented keys" \
    "$ASC/npu-smi-info-t-health-i0-doc-200IA2.txt"
run gpu0801 npu-smi info -t health -i 0 -c 0
shape keys "npu-smi info -t health -i 0 -c 0: the documented keys" \
    "$ASC/npu-smi-info-t-health-i0-c0-doc-200IA2.txt"
run gpu0801 npu-smi info -t memory -i 0 -c 0
shape keys "npu-smi info -t memory: the 950PR capture's keys, at the margin" \
    "$ASC/npu-smi-info-t-memory-i0-Ascend950PR-annotated.txt"
run gpu0801 npu-smi info -t usages -i 0
shape keys "npu-smi info -t usages: the 910B capture's keys, Chip ID last" \
    t/data/npu-smi-info-t-usages-i0-910B-25.5.1.txt
# An idle 910B's NPU 5 (gpu0961): its HBM rate is what its table says it
# holds (~3 GB), not 0.
$S npu-smi info -t usages -i 5 --node gpu0961 > "$T/usages"
$S npu-smi info --node gpu0961 > "$T/table"
is "$(awk -F': ' '/HBM Usage Rate/ { print $2 }' "$T/usages")" \
    "$(awk -F'|' '$2 ~ /^ 0 +$/ && $4 ~ /\/ *[0-9]+ *$/ && ++n == 6 {
    s = $4; sub(/ *$/, "", s); k = split(s, w, /\/ */); u = w[k - 1]
    sub(/ *$/, "", u); sub(/.* /, "", u); print int(u * 100 / w[k]); exit }' "$T/table")" \
    "npu-smi info -t usages: an idle NPU's HBM rate is the table's HBM used"
run gpu0801 npu-smi info -t board -i 0
shape keys "npu-smi info -t board: the 910B capture's keys" \
    t/data/npu-smi-info-t-board-i0-910B-25.5.1.txt
run gpu0801 npu-smi info -t topo
cmp -s "$T/o" t/data/npu-smi-info-t-topo-910B3-8npu-hccs.txt
ok $? "npu-smi info -t topo on a 910B: the 8-NPU capture's, byte for byte"
run gpu1001 npu-smi info -t common -i 7
is "$(grep -c 'Chip ID' "$T/o")|$(sed -n 2p "$T/o")" \
    "2|        Chip Count                     : 2" "an A3 card's -t common: its two chips"
$S npu-smi info -t topo --node gpu1001 >/dev/null 2>&1
is "$?" 1 "an A3's -t topo, of which there is no capture, is refused"
like "$($S npu-smi info -t topo --node gpu1001 2>&1)" \
    'topo of an Atlas A3: not simulated \(no capture' \
    "... as not simulated, asking no -i (npu-smi's topo takes none)"
$S npu-smi info -t common -i 8 --node gpu0801 >/dev/null 2>&1
is "$?" 1 "a card the node does not have is refused"

HC=t/data/hccn-910A-faultdiag-i0.txt
run gpu0801 hccn_tool -i 0 -optical -g
if [ -r "$HC" ]; then
	sed -n '/-optical -g$/,$p' "$HC" | sed 1d >"$T/cap"
	shape keys "hccn_tool -optical -g: the capture's keys and units" "$T/cap"
else
	skip 1 "no $HC (the hccn-tool parser's branch has it)"
fi
run gpu0801 hccn_tool -i 3 -link -g
like "$(cat "$T/o")" '^link status: (UP|DOWN)$' "hccn_tool -link -g: link status: UP"
run gpu0801 hccn_tool -i 3 -net_health -g
like "$(cat "$T/o")" '^net health status: (Success|Fault)$' \
    "hccn_tool -net_health -g: net health status"
run gpu1001 hccn_tool -i 15 -link_stat -g
like "$(cat "$T/o" | tr '\n' '|')" '^\[devid 15\]current time        : [A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4}\|\[devid 15\]link up count       : [0-9]+\|\[devid 15\]link change records :\|(\[devid 15\]    [A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4}    LINK (UP|DOWN)\|)+$' \
    "hccn_tool -link_stat -g: the capture's lines (an A3 has 16 ports)"
# A device the node does not have: no capture of hccn_tool's own words,
# so the simulator says it, and fails.
for d in 'gpu1001 16 15' 'gpu0801 8 7'; do
	set -- $d
	$S hccn_tool -i $2 -link -g --node $1 >"$T/o" 2>"$T/err"
	is "$?|$(cat "$T/o")|$(cat "$T/err")" \
	    "1||hccn_tool: -i $2: no such device on this node (0 to $3)" \
	    "hccn_tool -i $2 on $1: no such device, exit 1"
done
HY=t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt
run gpu1105 hy-smi
if [ -r "$HY" ]; then
	shape table "hy-smi: the K100 capture's table" "$HY"
	is "$(sed -n 1,4p "$T/o")" "$(sed -n 1,4p "$HY")" "hy-smi: the headings, byte for byte"
else
	skip 2 "no $HY (the hy-smi parser's branch has it)"
fi
is "$(grep -c Normal "$T/o")" 4 "hy-smi: 4 DCUs"
$M --sim-mix h200:1,b200:1 -c 'list-gpus -o tsv' 2>/dev/null |
    awk -F'\t' 'NR > 1 { print $4 "|" $9 "|" $13 }' | sort | uniq -c >"$T/out"
is "$(cat "$T/out")" "   4944 NVIDIA B200|183359|1000
   5056 NVIDIA H200|143771|700" \
    "H200 and B200 nodes: each its name, memory and power limit, from nvidia-smi"

# A fault of an Ascend node's port: hccn_tool says it, as ibstat would.
$MYRIAD -F /dev/null --sim-time 3600 --fault-rate 0.5 --sim 1k \
    --sim-mix 910b:1 sim-tool sinfo >/dev/null 2>&1
ok $? "a mix at a high fault rate runs"

# The simulator's memory: a mix is its own cluster.
$M --sim-mix $MIX -y -c 'drain gpu0801 reason=npu' >/dev/null 2>&1
ls "$XDG_STATE_HOME/myriad/sim" >"$T/ls"
like "$(cat "$T/ls")" '^sim-mix-h100_6_mi300x_2_910b_2_a3_1_k100_1-10048gpus-seed1-faults0.jsonl$' \
    "a drain on a mix: the state file is named after the mix"
like "$(head -1 "$XDG_STATE_HOME"/myriad/sim/*.jsonl)" "\"mix\": ?\"$MIX\"" \
    "and its identity holds the mix"
like "$($M --sim-mix $MIX -c 'list-nodes -o tsv gpu0801' 2>/dev/null | awk -F'\t' 'NR > 1 { print $7 }')" \
    '^npu ' "the next process of that mix sees the drain"
is "$($M -c 'list-nodes -o tsv gpu0801' 2>/dev/null | awk -F'\t' 'NR > 1 { print $7 }')" \
    "" "the same size without the mix does not"

# Without a mix the cluster is H100s alone: what h100:1 prints, byte for
# byte.
for c in 'summary' 'list-gpus -o tsv' 'list-nodes -o tsv' 'list-links -o tsv'; do
	a=$($MYRIAD -F /dev/null --sim-time 7200 -c "$c" 2>&1 | cksum)
	b=$($MYRIAD -F /dev/null --sim-mix h100:1 --sim-time 7200 -c "$c" 2>&1 |
	    cksum)
	is "$a" "$b" "no mix: $c as h100:1 prints it"
done
for t in nvidia-smi sinfo 'dmesg' 'ipmitool sdr'; do
	a=$($MYRIAD -F /dev/null --sim-time 7200 sim-tool $t --node gpu0003 2>&1 |
	    cksum)
	b=$($MYRIAD -F /dev/null --sim-mix h100:1 --sim-time 7200 sim-tool $t \
	    --node gpu0003 2>&1 | cksum)
	is "$a" "$b" "no mix: sim-tool $t as h100:1 prints it"
done

# A size too small for every model of the spec to have a rack: refused,
# naming the model (64 GPUs are one rack: it would be all H100s).
$MYRIAD -F /dev/null --sim 64 --sim-mix h100:6,mi300x:2 -c summary \
    > "$T/small" 2>&1
is "$?" 2 "--sim 64 --sim-mix h100:6,mi300x:2: refused (exit 2)"
like "$(cat "$T/small")" "mi300x gets no rack" "naming the model left out"

# A 4-DCU node's BMC has a GPU temperature sensor a slot, 4, not 8 of
# which 4 read 0 (K100 racks: gpu1105-1200 at 10k).
is "$($MYRIAD -F /dev/null --sim 10000 --sim-mix h100:6,mi300x:2,910b:2,a3:1,k100:1 \
    sim-tool ipmitool --node gpu1150 sdr type Temperature | grep -c '^GPU[0-9]* Temp')" 4 \
    "ipmitool on a K100 node: 4 GPU temperature sensors"

# An Ascend node has RoCE ports (hccn_tool) and no IB device: ibstat, as
# rdma-core's, lists none; another node's ibstat is its ConnectX ports.
$S ibstat --node gpu0801 >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/out" "$T/err")" "0:" \
    "ibstat on a 910B node: no IB device, nothing printed, exit 0"
$S ibstat --node gpu1001 mlx5_0 >"$T/out" 2>"$T/err"
is "$?" 255 "ibstat mlx5_0 on an A3 node: exit 255"
like "$(cat "$T/err")" "^ibpanic: \[[0-9]+\] main: 'mlx5_0' IB device can't be found\$" \
    "and ibpanic's words: the device can't be found"
like "$($S ibstat --node gpu0601 | head -1)" "^CA 'mlx5_0'\$" \
    "ibstat on an MI300X node: its mlx5 adapters"

# A lost NPU is in Alarm: no capture shows one, so npu-smi prints an idle
# chip's readings, never 0 C and 0.0 W, and the model has them.
A="$MYRIAD -F /dev/null --sim 10000 --sim-mix $MIX --sim-time 1800000000"
$A -c 'list-gpus -w health=Alarm -o tsv' 2>/dev/null | awk -F"$(printf \
    '\t')" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $1, $c["index"], $c["temp_c"], $c["power_w"] }' >"$T/alarm"
is "$(awk '$3 == "" || $3 + 0 <= 0 || $4 == "0" || $4 == "0.0"' \
    "$T/alarm")" "" \
    "$(wc -l <"$T/alarm" | tr -d ' ') NPUs in Alarm: a temperature and power"
# Each one's row in its node's npu-smi info (an A3's second chip: '-').
awk '$4 != "" { print $1, $2 }' "$T/alarm" | while read -r node npu; do
	$A sim-tool npu-smi --node "$node" info | grep "^| $npu .*| Alarm "
done >"$T/rows"
is "$(grep -Ev '\| Alarm +\| [1-9][0-9]*\.[0-9] +[1-9][0-9]* ' "$T/rows")" \
    "" "npu-smi info: $(wc -l <"$T/rows" | tr -d ' ') NPUs in Alarm with \
their power and temperature"

done_testing
