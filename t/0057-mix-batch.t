#!/bin/sh
# A mixed cluster in batch: summary counts the accelerators by vendor and
# model (busy, idle, unhealthy), list-gpus filters by vendor, model, card,
# chip and partition, a vendor no record can have is refused, and
# list-alerts names each vendor's parts in its own words.
. t/lib/tap.sh

M="$MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000 \
    --sim-mix h100:2,mi300x:1,910b:1,a3:1,k100:1"
# As sim.c lays the mix out (t/0046): 118 nodes, 15 racks of 8, in blocks
# of the shares: H100 gpu0001-0040 (320 GPUs), MI300X 0041-0064 (192),
# 910B 0065-0080 (128), A3 0081-0104 (24 nodes of 16 chips: 384), K100
# 0105-0118 (14 nodes of 4 DCUs: 56).  The models as each vendor's tool
# names them; hy-smi names none: Slurm's GRES does (dcu:k100, K100).

$M -c summary > "$T/sum" 2> "$T/err"
ok $? "summary of a mix"
grep '^accelerators:' "$T/sum" | sed 's/ (.*//' > "$T/kinds"
is "$(cat "$T/kinds")" "accelerators: nvidia NVIDIA H100 80GB HBM3: 320
accelerators: amd AMD Instinct MI300X: 192
accelerators: huawei 910B3: 128
accelerators: huawei Ascend910: 384
accelerators: hygon K100: 56" "summary: a line each vendor and model, with its count"
bad=$(grep '^accelerators:' "$T/sum" | awk '{
	t = $0; sub(/.*: /, "", t); total = t + 0
	s = 0; n = split($0, w, /[(,)]/)
	for (i = 2; i <= n; i++) { split(w[i], kv, " ");
	    if (kv[2] != "") { s += kv[2]; seen[kv[1]] = 1 } }
	if (s != total || !seen["busy"] || !seen["idle"] || !seen["unhealthy"])
		print }')
is "$bad" "" "summary: busy, idle and unhealthy (and unread) make the count"
# The unhealthy of a kind: what list-gpus shows at fault there.
want=$($M -c 'list-gpus -o tsv -w model=910B3' | awk -F'\t' '
    NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["error"] != "" || ($h["health"] != "" && $h["health"] != "OK") ||
    $h["ecc_dbe"] > 0 || $h["xid"] != "" { n++ } END { print n + 0 }')
like "$(grep '^accelerators: huawei 910B3:' "$T/sum")" \
    "unhealthy $want\\)" \
    "summary: 910B3 unhealthy as list-gpus has them ($want)"
ok $(test "$want" -gt 0; echo $?) "... and there is one: an NPU in Alarm"

is "$($MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000 -c summary |
    grep -c '^accelerators:')" 1 "summary: one model, one line"

$M -c 'summary -o json' > "$T/json"
is "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for a in d["accelerators"]:
    print(a["vendor"], a["model"], a["total"],
        a["busy"] + a["idle"] + a["unhealthy"] + a["unread"])
' "$T/json")" "nvidia NVIDIA H100 80GB HBM3 320 320
amd AMD Instinct MI300X 192 192
huawei 910B3 128 128
huawei Ascend910 384 384
hygon K100 56 56" \
    "summary -o json: an array by vendor and model, the DCUs' of the GRES"
is "$($M -c 'summary -o tsv' | head -1)" \
    "$(printf 'vendor\tmodel\ttotal\tbusy\tidle\tunhealthy\tunread')" \
    "summary -o tsv: a row each vendor and model"

# list-gpus filters: counts from the layout above.
rows() {
	$M -c "list-gpus -o tsv -w '$1'" 2> "$T/err" | tail -n +2 | wc -l |
	    tr -d ' '
}
is "$(rows vendor=huawei)" 512 "-w vendor=huawei: 910B and A3, 128 + 384"
is "$(rows 'model~910')" 512 "-w model~910: 910B3 and Ascend910"
is "$(rows 'vendor!=nvidia')" 760 "-w vendor!=nvidia: 1080 - 320"
is "$(rows vendor=hygon)" 56 "-w vendor=hygon: 14 nodes of 4"
is "$(rows 'model=K100')" 56 "-w model=K100: the DCUs, by their GRES"
is "$(rows 'vendor=amd,partition~SPX')" 192 \
    "-w vendor=amd,partition~SPX: every MI300X (SPX/NPS1)"
is "$(rows 'vendor=amd,partition~CPX')" 0 "-w vendor=amd,partition~CPX: none"
is "$(rows card=null)" 568 \
    "-w card=null: who has no card (NVIDIA, AMD, Hygon: 320 + 192 + 56)"
is "$(rows 'card>=0')" 512 "-w card>=0: the NPUs only"
is "$(rows chip=1)" 192 "-w chip=1: an A3 card's second chip, 8 a node"
is "$(rows model=bogus)" 0 "-w model=bogus: no model so named, no rows"
$M -c "list-gpus -w vendor=bogus" > "$T/out" 2> "$T/err"
is $? 2 "-w vendor=bogus: refused (exit 2)"
like "$(cat "$T/err")" \
    "vendor 'bogus' is not one of unknown, nvidia, amd, huawei, hygon" \
    "... naming the vendors there are"

# list-alerts: each vendor's words.
$M -c list-alerts > "$T/alerts" 2> "$T/err"
like "$(grep '^gpu0077 ' "$T/alerts")" ' NPU 4: health Alarm$' \
    "list-alerts: an Ascend NPU in Alarm is named so"
like "$(grep '^gpu0080 ' "$T/alerts")" 'hccs errors' \
    "list-alerts: an Ascend node's drain names HCCS, not NVLink"
is "$(awk 'substr($1, 4) + 0 > 64' "$T/alerts" |
    grep -E -c 'GPU|Xid|nvlink|of 8')" 0 \
    "list-alerts: no GPU, Xid, NVLink or 8 on Ascend and Hygon nodes"
# At fault rate 0.5 gpu0109, a Hygon node, has lost a DCU (hy-smi leaves
# it out; --sim-time 0 was the clock's now, whose faults come and go).
$M --fault-rate 0.5 -c list-alerts 2> /dev/null > "$T/alerts2"
is "$($M --fault-rate 0.5 sim-tool hy-smi --node gpu0109 | grep -c '^[0-9] ')" 3 \
    "hy-smi on gpu0109 lists 3 DCUs"
like "$(grep '^gpu0109 ' "$T/alerts2")" ' 1 of 4 DCUs missing$' \
    "list-alerts: a Hygon node's lost DCU: 1 of its 4 missing"
$M -c 'list-nodes -o tsv' | awk -F'\t' 'NR > 1' > "$T/nodes"
is "$(wc -l < "$T/nodes" | tr -d ' ')" 118 "list-nodes: every node of the mix"

# The global -w is a node set (pdsh's); a filter there is refused, not
# taken for a host name.
$MYRIAD -w vendor=huawei -c summary > "$T/w" 2>&1
is "$?" 2 "-w vendor=huawei: refused (exit 2)"
like "$(cat "$T/w")" 'a node set, not a filter' "saying -w takes a node set"

done_testing
