#!/bin/sh
# Scale-up domains in batch: list-domains and show-domain on the simulator,
# whose H100 servers are each an hgx8 domain of one; the domains option
# makes racks or node sets of them; a mix gives each vendor's kind.  The
# verdicts agree with what list-nodes and list-links say of the nodes.
. t/lib/tap.sh

M="$MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000"

$M -c 'list-domains -o tsv' > "$T/tsv" 2> "$T/err"
ok $? "list-domains: exit 0, whatever the verdicts"
KEYS=domain,kind,nodes,gpus_expected,gpus_present,gpus_healthy,fabric,imex
KEYS=$KEYS,links_down,bandwidth,jobs,verdict,why,nnodes,imex_down
is "$(head -1 "$T/tsv" | tr '\t' ,)" "$KEYS" \
    "list-domains -o tsv: the keys, in order"
is "$(awk -F'\t' 'NR > 1' "$T/tsv" | wc -l)" 128 "a domain a node: 128"
is "$(awk -F'\t' 'NR > 1 && ($1 != $3 || $2 != "hgx8" || $4 != 8 ||
    $14 != 1)' "$T/tsv")" "" \
    "each an hgx8 of one node, named after it, 8 GPUs expected"
is "$(awk -F'\t' 'NR > 1 && ($12 == "healthy") != ($13 == "")' "$T/tsv")" \
    "" "a reason for every verdict but healthy, none for healthy"

# The verdicts, against what the other commands say of the same nodes.
$M -c 'list-nodes -o tsv' > "$T/nodes" 2> /dev/null
drained=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["state"] ~ /^(drain|down)/ { print $h["node"] }' "$T/nodes" | sort)
broken=$(awk -F'\t' '$12 == "broken" && $13 ~ /(drained|down)/ { print $1 }' \
    "$T/tsv" | sort)
ok $(test -n "$drained"; echo $?) \
    "the simulator has drained nodes ($(echo $drained))"
is "$broken" "$drained" "a drained or down node's domain is broken, and says so"
$M -c 'list-links -o tsv -w state=down' > "$T/down" 2> /dev/null
down=$(awk -F'\t' 'NR > 1 { print $1 }' "$T/down" | sort -u)
ok $(test -n "$down"; echo $?) "the simulator has links down ($(echo $down))"
is "$(for n in $down; do awk -F'\t' -v n="$n" '$1 == n &&
    ($9 < 1 || $12 == "healthy") { print n }' "$T/tsv"; done)" "" \
    "a node with a link down: its domain counts it, not healthy"
is "$(awk -F'\t' '$12 == "degraded" && $13 ~ /link/ { print $1 }' "$T/tsv" |
    sort)" "$(for n in $down; do awk -F'\t' -v n="$n" '$1 == n &&
    $12 == "degraded" { print n }' "$T/tsv"; done | sort)" \
    "... degraded when nothing worse, the link in its reason"

# -w, with the enum-word check, and a DOMAINSET.
want=$(awk -F'\t' '$12 == "broken"' "$T/tsv" | wc -l)
$M -c 'list-domains -o tsv -w verdict=broken' > "$T/broken" 2> /dev/null
ok $? "-w verdict=broken: exit 0"
is "$(awk -F'\t' 'NR > 1 && $12 != "broken"' "$T/broken")" "" \
    "-w verdict=broken: only broken domains"
is "$(awk 'NR > 1' "$T/broken" | wc -l)" "$want" "... all $want of them"
$M -c 'list-domains -w verdict=dead' > /dev/null 2> "$T/err"
is $? 2 "-w verdict=dead: a usage error"
like "$(cat "$T/err")" "healthy, degraded, broken, unknown" \
    "... naming the verdicts"
$M -c 'list-domains -o tsv gpu[0001-0004],gpu0010' > "$T/set" 2> /dev/null
is "$(awk -F'\t' 'NR > 1 { printf "%s ", $1 }' "$T/set")" \
    "gpu0001 gpu0002 gpu0003 gpu0004 gpu0010 " "a DOMAINSET: those domains"
$M -c 'list-domains nvl72-r999' > /dev/null 2> "$T/err"
is $? 2 "an unknown domain: exit 2"
like "$(cat "$T/err")" "no such domain: nvl72-r999" "... naming it"

# JSON: the keys, fabric an object of counts.
$M -c 'list-domains -o json gpu0001' > "$T/json" 2> /dev/null
is "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))[0]
print(",".join(d.keys()))
print(",".join("%s=%s" % kv for kv in d["fabric"].items()))
print(d["domain"], d["kind"], d["nodes"], d["gpus_expected"], d["verdict"])
' "$T/json")" "$KEYS
completed=8,in_progress=0,failed=0,unknown=0
gpu0001 hgx8 gpu0001 8 healthy" \
    "list-domains -o json: the keys in order, fabric by state (the \
simulator's H100s say Completed, as nvidia-smi 590 on an HGX)"

# The domains option: racks, node sets, a node in two.
printf 'domains = "rack";\n' > "$T/rack.conf"
$MYRIAD -F "$T/rack.conf" --sim 1024 --sim-time 1800000000 \
    -c 'list-domains -o tsv' > "$T/racks" 2> /dev/null
is "$(awk -F'\t' 'NR > 1' "$T/racks" | wc -l)" 16 \
    "domains = \"rack\": a domain a rack of 8"
is "$(awk -F'\t' 'NR == 2 { print $1, $2, $3, $4, $14 }' "$T/racks")" \
    "r01 rack gpu[0001-0008] 64 8" "... named after the rack, its nodes folded"
printf 'domains = ( "gpu[0001-0004]", "gpu[0005-0008]" );\n' > "$T/set.conf"
$MYRIAD -F "$T/set.conf" --sim 1024 --sim-time 1800000000 \
    -c 'list-domains -o tsv' > "$T/sets" 2> /dev/null
is "$(awk -F'\t' 'NR > 1 && NR < 5 { printf "%s %s %s|", $1, $2, $4 }' \
    "$T/sets")" \
    "gpu[0001-0004] nodes 32|gpu[0005-0008] nodes 32|gpu0009 hgx8 8|" \
    "a list of node sets: a domain each, the other nodes their own"
printf 'domains = ( "gpu[0001-0004]", "gpu[0004-0008]" );\n' > "$T/two.conf"
$MYRIAD -F "$T/two.conf" --sim 1024 -c 'list-domains' > /dev/null 2> "$T/err"
ok $(test $? -ne 0; echo $?) "a node in two domains: refused"
like "$(cat "$T/err")" \
    "gpu0004 is in two domains, gpu\[0001-0004\] and gpu\[0004-0008\]" \
    "... naming the node and both"
printf 'domains = ( "gpu[0001-0004]", 7 );\n' > "$T/int.conf"
$MYRIAD -F "$T/int.conf" --sim 1024 -c 'list-domains' > /dev/null 2> "$T/err"
like "$(cat "$T/err")" "domains: want a list of strings" \
    "a list of other than strings: refused, saying what it wants"

# A mix: each vendor's kind.
$M --sim-mix h100:2,mi300x:1,910b:1,a3:1,k100:1 \
    -c 'list-domains -o tsv' > "$T/mix" 2> /dev/null
is "$(awk -F'\t' 'NR > 1 { print $2, $4 }' "$T/mix" | sort | uniq -c |
    awk '{ printf "%s %s %s|", $2, $3, $1 }')" \
    "hccs16 16 24|hccs8 8 16|hgx8 8 40|node 4 14|xgmi8 8 24|" \
    "a mix: hgx8, xgmi8, hccs8, hccs16 (A3), the DCU servers node"

# show-domain: a broken domain's story; JSON; an unknown name.
b=$(awk -F'\t' '$12 == "broken" { print $1; exit }' "$T/tsv")
$M -c "show-domain $b" > "$T/show" 2> /dev/null
ok $? "show-domain $b: exit 0 though broken"
like "$(head -1 "$T/show")" "^$b  kind hgx8  verdict broken$" \
    "show-domain: its name, kind and verdict"
like "$(sed -n 2p "$T/show")" "^why: $b (drained|down)" "... why"
like "$(cat "$T/show")" "^$b  (drained|down)[^ ]*  reachable " "... its node"
l=$(awk -F'\t' 'NR == 2 { print $1 }' "$T/down")
g=$(awk -F'\t' 'NR == 2 { print $2 }' "$T/down")
k=$(awk -F'\t' 'NR == 2 { print $3 }' "$T/down")
$M -c "show-domain $l" > "$T/show" 2> /dev/null
like "$(cat "$T/show")" "^$l GPU $g link $k down$" \
    "show-domain: each link down ($l GPU $g link $k)"
j=$(awk -F'\t' 'NR > 1 && $11 > 0 { print $1; exit }' "$T/tsv")
$M -c "show-domain $j" > "$T/show" 2> /dev/null
like "$(cat "$T/show")" "^job [0-9]+  user " "show-domain: each job"
# A GPU the node's nvidia-smi says is lost: broken, and its tray says so.
M10="$MYRIAD -F /dev/null --sim 10k --sim-time 1800000000"
$M10 -c 'list-domains -o tsv -w why~lost' > "$T/lost" 2> /dev/null
n=$(awk -F'\t' 'NR == 2 { print $1 }' "$T/lost")
ok $(test -n "$n"; echo $?) "a GPU lost in the 10k simulator ($n)"
is "$(awk -F'\t' 'NR > 1 && ($12 != "broken" || $5 >= $4)' "$T/lost")" "" \
    "a domain with a GPU lost: broken, fewer present than expected"
gpu=$($M10 -c "list-gpus -o tsv -w error~lost $n" 2> /dev/null |
    awk -F'\t' 'NR == 2 { print $2 }')
$M10 -c "show-domain $n" > "$T/show" 2> /dev/null
like "$(grep "^$n " "$T/show")" "fabric .*$gpu GPU is lost" \
    "show-domain: the tray names its GPU $gpu lost"

$M -c "show-domain -o json $b" > "$T/json" 2> /dev/null
is "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(",".join(d.keys()), d["domain"]["domain"], d["domain"]["verdict"],
    len(d["nodes"]), d["nodes"][0]["node"])
' "$T/json")" "domain,nodes,gpus,links_down,jobs $b broken 1 $b" \
    "show-domain -o json: the domain, its nodes, GPUs, links down, jobs"
$M -c 'show-domain nvl72-r999' > /dev/null 2> "$T/err"
is $? 2 "show-domain of no domain: exit 2"
like "$(cat "$T/err")" "no such domain: nvl72-r999" "... naming it"

# NVL72 racks (review 15b): healthy GPUs are those with nothing wrong;
# why names the odd trays, keeps IMEX peers whole, and is not capped.
G="$MYRIAD -F /dev/null --sim 10k --sim-mix gb200:1 --sim-time 1800000000"
$G -c 'list-domains -o tsv' > "$T/g" 2> /dev/null
is "$(awk -F'\t' 'NR > 1 { f = 0; n = split($7, a, " ")
    for (i = 1; i <= n; i++) if (a[i] ~ /^[FP]/) f += substr(a[i], 2)
    if ($6 > $5 - f) print $1 }' "$T/g")" "" \
    "gpus_healthy: no GPU out of the fabric counted healthy"
fp=$(awk -F'\t' '$7 ~ /[FP]/ { print $1; exit }' "$T/g")
ok $(test -n "$fp"; echo $?) "a domain with a tray out of the fabric ($fp)"
cs=$(awk -F'\t' '$13 ~ /clique split/ { print $1; exit }' "$T/g")
tr=$(awk -F'\t' -v d="$cs" '$1 == d { sub(/.*clique split: /, "", $13)
    sub(/ .*/, "", $13); print $13 }' "$T/g")
like "$(awk -F'\t' -v d="$cs" '$1 == d { print $13 }' "$T/g")" \
    "clique split: gpu[0-9]+ in clique [0-9]+, the rest in [0-9]+" \
    "a clique split names its odd tray ($cs: $tr)"
is "$(awk -F'\t' -v d="$cs" '$1 == d { print $6 <= $5 - 4 }' "$T/g")" 1 \
    "... whose GPUs are not healthy"
$G -c "show-domain $cs" > "$T/show" 2> /dev/null
like "$(grep "^$tr " "$T/show")" "fabric 0-3 Completed/Success clique [0-9]+$" \
    "show-domain: the odd tray's line gives its clique"
is "$(grep -c '^gpu.* clique [0-9]' "$T/show")" 1 "... the other trays' do not"
bw=$(awk -F'\t' '$13 ~ /bandwidth degraded/ { print $1; exit }' "$T/g")
tr=$(awk -F'\t' -v d="$bw" '$1 == d { sub(/.*bandwidth degraded on [0-9]+ GPUs?: /,
    "", $13); sub(/;.*/, "", $13); print $13 }' "$T/g")
like "$tr" "^gpu[0-9]+$" "bandwidth degraded names its tray ($bw: $tr)"
$G -c "show-domain $bw" > "$T/show" 2> /dev/null
like "$(grep "^$tr " "$T/show")" "bandwidth Degraded" \
    "show-domain: that tray's line gives its bandwidth"
im=$(awk -F'\t' 'NR > 1 && $13 ~ /cut off from its 17 peers/ { print $1
    exit }' "$T/g")
like "$(awk -F'\t' -v d="$im" '$1 == d { print $13 }' "$T/g")" \
    "IMEX: gpu[0-9]+ cut off from its 17 peers" \
    "IMEX: the tray cut off named, not its 17 peers ($im)"
$G -c "show-domain $im" > "$T/show" 2> /dev/null
like "$(cat "$T/show")" "IMEX not READY: [0-9.]+ UNAVAILABLE,[0-9.]+ UNAVAILABLE, \+15 more" \
    "... and so in show-domain"

# show-domain -o tsv: no such form, refused.
$M -c 'show-domain -o tsv gpu0001' > "$T/out" 2> "$T/err"
is $? 2 "show-domain -o tsv: a usage error"
like "$(cat "$T/err")" "no tsv form; -o json, or list-domains -o tsv gpu0001" \
    "... saying what to use"
is "$(cat "$T/out")" "" "... nothing on stdout"

# The domains option: a number, a set that names no node.
printf 'domains = 42;\n' > "$T/42.conf"
$MYRIAD -F "$T/42.conf" --sim 1024 -c 'list-domains' > /dev/null 2> "$T/err"
ok $(test $? -ne 0; echo $?) "domains = 42: refused"
like "$(cat "$T/err")" 'domains: want "rack" or node sets .*not the number 42' \
    "... naming the option and what it wants"
printf 'domains = "garbage";\n' > "$T/g.conf"
$MYRIAD -F "$T/g.conf" --sim 1024 -c 'list-domains' > /dev/null 2> "$T/err"
is $? 1 "domains = \"garbage\": list-domains fails"
like "$(cat "$T/err")" "domains: garbage names no node" "... naming the set"
printf 'domains = ( "gpu[0001-0004]", "gpu[9990-9999]" );\n' > "$T/g.conf"
$MYRIAD -F "$T/g.conf" --sim 1024 -c 'show-domain gpu0001' > /dev/null \
    2> "$T/err"
is $? 1 "a set of no node: show-domain fails"
like "$(cat "$T/err")" 'domains: gpu\[9990-9999\] names no node' \
    "... naming the set"
$MYRIAD -F "$T/two.conf" --sim 1024 -c 'list-domains' > /dev/null 2> "$T/err"
is "$(grep -c 'domains: domains:' "$T/err")" 0 "no doubled \"domains: \""

done_testing
