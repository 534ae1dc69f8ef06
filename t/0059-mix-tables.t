#!/bin/sh
# A mixed cluster's vendor and model in every list: list-nodes,
# list-alerts and list-events have vendor and model keys (after the
# others) and filters, tables show VENDOR and MODEL (list-gpus too);
# inspect-links filters by them; summary says NPUs or DCUs for one
# vendor and accelerators for several, and counts a node read nowhere as
# unread; a word where a number is (chip=x) is a bad filter.
. t/lib/tap.sh

M="$MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000 \
    --sim-mix h100:2,mi300x:1,910b:1,a3:1,k100:1"
# As t/0057: H100 gpu0001-0040, MI300X 0041-0064, 910B 0065-0080, A3
# 0081-0104, K100 0105-0118 (their model their GRES's: hy-smi names none).

count() {	# count COMMAND: its rows but the heading
	$M -c "$1" 2> "$T/err" | tail -n +2 | wc -l | tr -d ' '
}

# The keys: vendor and model last, a node's as its accelerators'.
$M -c 'list-nodes -o json gpu[0001,0041,0065,0081,0105]' > "$T/nodes"
ok $? "list-nodes -o json"
is "$(python3 -c '
import json, sys
for n in json.load(open(sys.argv[1])):
    print(n["node"], list(n)[-2:], n["vendor"], n["model"])
' "$T/nodes")" "gpu0001 ['vendor', 'model'] nvidia NVIDIA H100 80GB HBM3
gpu0041 ['vendor', 'model'] amd AMD Instinct MI300X
gpu0065 ['vendor', 'model'] huawei 910B3
gpu0081 ['vendor', 'model'] huawei Ascend910
gpu0105 ['vendor', 'model'] hygon K100" \
    "list-nodes: vendor and model keys last, a node's as its accelerators'"

# A node none of whose accelerators was read (unreachable) still has the
# vendor the simulator made it, that of the nodes either side of it.
X="$MYRIAD -F /dev/null --sim 10000 --sim-time 1800000000 \
    --sim-mix h100:6,mi300x:2,910b:2,a3:1,k100:1"
$X -c 'list-nodes -o tsv -w reachable!=yes' 2> /dev/null |
    awk -F'\t' 'NR > 1 { print $1 }' > "$T/unreach"
ok $(test -s "$T/unreach"; echo $?) "--sim 10000: some nodes unreachable"
while read -r node; do
	k=${node#gpu}
	set -- $($X -c "list-nodes gpu[$(printf '%04d,%04d,%04d' \
	    $((1$k - 10001)) $((1$k - 10000)) $((1$k - 9999)))]" 2> /dev/null |
	    awk 'NR > 1 { print $5 }')
	is "$2" "$1" "list-nodes: unreachable $node's VENDOR is known, $1"
	is "$2" "$3" "... as its other neighbour's"
done < "$T/unreach"

# Filters on node records, as on GPUs.
is "$(count 'list-nodes -o tsv -w vendor=hygon')" 14 \
    "list-nodes -w vendor=hygon: the 14 K100 nodes"
is "$(count 'list-nodes -o tsv -w model~910')" 40 \
    "list-nodes -w model~910: 16 910B and 24 A3 nodes"
is "$(count 'list-nodes -o tsv -w model=K100')" 14 \
    "list-nodes -w model=K100: the K100 nodes, by their GRES"
$M -c 'list-nodes -w vendor=bogus' > /dev/null 2> "$T/err"
is $? 2 "list-nodes -w vendor=bogus: a usage error"
V="unknown, nvidia, amd, huawei, hygon"
like "$(head -1 "$T/err")" "bad filter: vendor 'bogus' is not one of $V" \
    "... saying which vendors there are"

# Alerts: a node's vendor and model, in the table and as keys.
$M -c 'list-alerts -o tsv -w vendor=huawei' > "$T/alerts" 2> "$T/err"
ok $? "list-alerts -w vendor=huawei"
is "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["vendor"] != "huawei" || ($h["model"] != "910B3" &&
    $h["model"] != "Ascend910") { print }' "$T/alerts")" "" \
    "list-alerts: the huawei rows only, each with its model"
ok $(test "$(wc -l < "$T/alerts")" -gt 1; echo $?) "... and there are some"
like "$($M -c 'list-alerts' | head -1)" \
    "^NODE +RACK +VENDOR +MODEL +ATTENTION +STATE +PROBLEM$" \
    "list-alerts table: VENDOR and MODEL"

# Events: keys and filters; the GPU column names an A3 chip card/chip.
$M -c 'list-events -o json' > "$T/ev"
is "$(python3 -c '
import json, sys
bad = [e for e in json.load(open(sys.argv[1]))
    if list(e)[-2:] != ["vendor", "model"] or e["vendor"] is None]
print(len(bad))
' "$T/ev")" 0 "list-events -o json: vendor and model keys last, each known"
is "$(count 'list-events -o tsv -w vendor=amd')" \
    "$($M -c 'list-events -o tsv' | awk -F'\t' '
    NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["vendor"] == "amd" { n++ } END { print n + 0 }')" \
    "list-events -w vendor=amd: the AMD nodes' events"
# An A3's chips by card and chip, as the text names them (t/0053's seed).
$MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000 --seed 3 \
    --sim-mix a3:1 -c list-events > "$T/evt" 2> /dev/null
chip=$(grep ' NPU [0-9]* chip [0-9]*:' "$T/evt" | head -1)
ok $(test -n "$chip"; echo $?) "list-events: an A3 chip's event"
card=$(printf '%s\n' "$chip" |
    sed 's/.* NPU \([0-9]*\) chip \([0-9]*\):.*/\1\/\2/')
like "$chip" "^[^ ]+ +gpu[0-9]+ +$card +" \
    "list-events: its GPU column is npu-smi's card/chip, $card"
$MYRIAD -F /dev/null --sim 10k --seed 1 --sim-time 1800000000 \
    -c 'list-events -o json' > "$T/evj" 2> /dev/null
$MYRIAD -F /dev/null --sim 10k --seed 1 --sim-time 1800000000 \
    -c 'list-events' > "$T/evt" 2> /dev/null
text=$(python3 -c '
import json, sys
print([e for e in json.load(open(sys.argv[1])) if e["gpu"] == -1][0]["text"])
' "$T/evj" | cut -c1-20)
like "$(grep -F " $text" "$T/evt" | head -1)" "^[^ ]+ +gpu[0-9]+ +- +" \
    "list-events: a node-wide event's GPU is -, not -1"

# Tables: VENDOR and MODEL, the model without its vendor's name.
HEAD="NODE +RACK +STATE +REACHABLE +VENDOR +MODEL +ERROR +REASON"
like "$($M -c 'list-nodes gpu0041' | head -2 | tr '\n' '|')" \
    "^$HEAD\|gpu0041 +r06 +[a-z]+ +yes +amd +Instinct MI300X +" \
    "list-nodes table: VENDOR and MODEL"
like "$($M -c 'list-gpus gpu0105' | head -2 | tr '\n' '|')" \
    "^NODE +GPU .* XID +VENDOR +MODEL +ERROR\|gpu0105 +0 .* hygon +K100 +" \
    "list-gpus table: VENDOR and MODEL"

# An accelerator's health word not OK is the ERROR a table shows when it
# has none (npu-smi's Alarm); TSV keeps error and health apart.
tsv() {	# tsv COMMAND KEY...: those keys of each row, space-separated
	c=$1; shift
	$M -c "$c" | awk -F'\t' -v keys="$*" '
	NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; n = split(keys, k, " ")
		next }
	{ s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") $h[k[i]]
		print s }'
}
tsv 'list-gpus -o tsv -w health!=OK' node index health error > "$T/sick"
ok $(test -s "$T/sick"; echo $?) "list-gpus -w health!=OK: an NPU in alarm"
while read -r node index health error; do
	[ -z "$error" ] || continue
	like "$($M -c "list-gpus $node" | awk -v i="$index" '$2 == i')" \
	    " health $health\$" \
	    "list-gpus table: $node NPU $index's ERROR is its health $health"
done < "$T/sick"
is "$($M -c 'list-gpus -w health=OK' | awk 'NR > 1 && $NF != "-"')" "" \
    "... and an NPU's health OK is no ERROR"
# An A3's chips by npu-smi's card and chip in the table, as events name
# them; TSV and JSON keep the index of the row, 0 to 15.
is "$($M -c 'list-gpus gpu0081' | awk 'NR > 1 { print $2 }')" \
    "$(tsv 'list-gpus -o tsv gpu0081' card chip | tr ' ' /)" \
    "list-gpus table: an A3's GPU column is card/chip"
is "$(tsv 'list-gpus -o tsv gpu0081' index | tr '\n' ' ')" \
    "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 " "... its index in TSV, as before"
is "$($M -c 'list-gpus gpu0065' | awk 'NR > 1 { print $2 }' | tr '\n' ' ')" \
    "0 1 2 3 4 5 6 7 " "... a 910B's, one chip a card, its index"

# inspect-links takes them too.
is "$(count 'inspect-links -a -o tsv -w vendor=huawei' |
    tr -d ' ')" "$($M -c 'inspect-links -a -o tsv' | awk -F'\t' '
    NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["vendor"] == "huawei" { n++ } END { print n + 0 }')" \
    "inspect-links -w vendor=huawei"
ok $(test "$(count 'inspect-links -a -o tsv -w vendor=huawei')" -gt 0
    echo $?) "... some"

# A word where a number is: refused, as a word no record holds.
$M -c 'list-gpus -w chip=x' > /dev/null 2> "$T/err"
is $? 2 "list-gpus -w chip=x: a usage error"
like "$(head -1 "$T/err")" "bad filter: chip 'x' is not a number" \
    "... saying so"

# summary: one vendor's word, or accelerators.
A3="$MYRIAD -F /dev/null --sim 10000 --sim-time 1800000000 --sim-mix a3:1"
$A3 -c summary > "$T/a3" 2> /dev/null
like "$(head -1 "$T/a3")" ", 10000 NPUs$" "summary of an all-A3 cluster: NPUs"
like "$(grep -c '^npus: [0-9]* reporting' "$T/a3")" '^1$' \
    "... npus: N reporting"
like "$($MYRIAD -F /dev/null --sim 1024 --sim-mix k100:1 -c summary \
    2> /dev/null | head -1)" ", [0-9]+ DCUs$" "summary of an all-K100 cluster: DCUs"
$M -c summary > "$T/mix"
like "$(head -1 "$T/mix")" ", 1080 accelerators$" \
    "summary of a mix: accelerators"
like "$(grep -c '^all accelerators: [0-9]* reporting' "$T/mix")" '^1$' \
    "... all accelerators: N reporting"
like "$($MYRIAD -F /dev/null --sim 1024 -c summary | head -1)" \
    ", 1024 GPUs$" "summary of an NVIDIA cluster: GPUs, as before"

# A node read nowhere: its accelerators are unread, so the kinds add up.
$A3 -c 'summary -o json' > "$T/a3.json" 2> /dev/null
is "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(sum(a["total"] for a in d["accelerators"]) == d["gpus"],
    sum(a["unread"] for a in d["accelerators"]) > 0)
' "$T/a3.json")" "True True" \
    "summary -o json: every accelerator counted, the unreachable's unread"

# list-links: each link's kind, as inspect-links names it; -t of each.
is "$($M -c 'list-links -o tsv gpu[0001,0041,0065]' | cut -f1,9 | sort -u)" \
    "gpu0001	nvlink
gpu0041	xgmi
gpu0065	hccs
node	kind" "list-links: kind nvlink, xgmi, hccs by the node's vendor"
like "$($M -c 'list-links gpu0041' | head -1)" "KIND$" "... a KIND column"
is "$($M -c 'list-links -t xgmi -o tsv' | tail -n +2 | cut -f1 | sort -u |
    wc -l | tr -d ' ')" 24 "list-links -t xgmi: the 24 MI300X nodes'"
is "$($M -c 'list-links -t hccs -o tsv' | tail -n +2 | cut -f9 | sort -u)" \
    hccs "list-links -t hccs: HCCS links only"
is "$($M -c 'list-links -t roce -o tsv gpu0065' | tail -n +2 | cut -f2,22 |
    sort -u | wc -l | tr -d ' ')" 8 "list-links -t roce: a 910B's 8 ports"
is "$($M -c 'list-links -t roce -o tsv' | tail -n +2 | cut -f22 | sort -u)" \
    roce "... of kind roce only"
$M -c 'list-links -t bogus' > /dev/null 2> "$T/err"
like "$(head -1 "$T/err")" \
    "bad link type 'bogus': want nvlink, xgmi, hccs, ib or roce" \
    "list-links -t bogus: the types named"

# Words in any case: ~ as grep -i, = of text too; an empty enum refused.
is "$(count 'list-gpus -o tsv -w model~910b')" 128 \
    "list-gpus -w model~910b: the 910B3s, in any case"
is "$(count 'list-gpus -o tsv -w model~mi300x')" 192 \
    "list-gpus -w model~mi300x: the AMD Instinct MI300Xs"
is "$(count 'list-gpus -o tsv -w model~k100')" 56 "... model~k100: the K100s"
is "$(count 'list-gpus -o tsv -w health=alarm')" \
    "$(count 'list-gpus -o tsv -w health=Alarm')" \
    "list-gpus -w health=alarm: as health=Alarm"
$M -c 'list-gpus -w vendor=' > /dev/null 2> "$T/err"
is $? 2 "list-gpus -w vendor= (empty): a usage error"
like "$(head -1 "$T/err")" \
    "bad filter: vendor '' is not one of unknown, nvidia, amd, huawei, hygon" \
    "... saying so"

# A node never read: the vendor its GRES names (gpu:mi300x, npu:910b).
U="$MYRIAD -F /dev/null --sim 10000 --sim-time 1800000000 \
    --sim-mix h100:6,mi300x:2,910b:2,a3:1,k100:1"
# (list-nodes' VENDOR and its filters show it once they read the node's.)
like "$($U -c summary 2> /dev/null | grep '^accelerators: huawei: ')" \
    "^accelerators: huawei: 16 .*unread 16" "... its NPUs unread in summary"
is "$($U -c summary 2> /dev/null | grep -c '^accelerators: unknown')" 0 \
    "... none unknown"

done_testing
