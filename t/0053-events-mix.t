#!/bin/sh
# The events of a mixed simulated cluster: an Ascend NPU whose health word
# is not OK (npu-smi info's Health column: Alarm) and an AMD GPU with
# uncorrectable errors (amd-smi metric --ecc-block's UNCORRECTABLE_COUNT,
# its RAS counts) are events, as an Xid is, with a kind that says which
# (health, ecc).  Each is checked against the simulated tool's own output
# for the same node.
. t/lib/tap.sh

TAB=$(printf '\t')
MIX=h100:6,mi300x:2,910b:2,a3:1,k100:1
M="$MYRIAD -F /dev/null --sim-mix $MIX --seed 1 --sim-time 1800000000"
M="$M --fault-rate 0.05"

$M -c 'list-events -o tsv' >"$T/ev.tsv" 2>/dev/null
like "$(head -1 "$T/ev.tsv")" "${TAB}kind${TAB}vendor${TAB}model\$" \
    "list-events: a kind key, after the others, then vendor and model"
# node gpu text of the events of a kind.
events() {
	awk -F"$TAB" -v OFS='|' -v k="$1" 'NR == 1 { for (i = 1; i <= NF;
	    i++) c[$i] = i; next } $c["kind"] == k { print $c["node"],
	    $c["gpu"], $c["text"] }' "$T/ev.tsv"
}
events health >"$T/health"
events ecc | grep '|GPU [0-9]*: RAS: ' >"$T/ras"
like "$(awk -F'|' '$1 >= "gpu0801" && $1 <= "gpu1000"' "$T/health" |
    wc -l)" '[1-9]' "health events of 910B NPUs"
like "$(awk -F'|' '$1 >= "gpu1001" && $1 <= "gpu1104"' "$T/health" |
    wc -l)" '[1-9]' "health events of A3 chips"
like "$(wc -l <"$T/ras")" '[1-9]' "RAS events of MI300X GPUs"

# npu-smi info: each chip's Health and name, by its index (card x chips +
# chip): "NPU 3" on a card of one chip, "NPU 7 chip 1" on an A3's.
health() {	# health NODE INDEX
	$M sim-tool npu-smi info --node "$1" | awk -v want="$2" -F'|' '
	    $3 ~ /^ [A-Za-z]+ +$/ && $2 ~ /^ [0-9]+ / { split($2, a, " ");
	    card = a[1]; h = $3; gsub(/ /, "", h); getline; split($2, b,
	    " "); chip = b[1]; n[card]++; hs[card, chip] = h }
	    END { for (c in n) if (n[c] > 1) multi = 1
	    for (k in hs) { split(k, p, SUBSEP); i = p[1] + 0
	    name = "NPU " p[1]
	    if (multi) { i = p[1] * 2 + p[2]; name = name " chip " p[2] }
	    if (i == want + 0) print hs[k] "|" name } }'
}
bad=0 n=0 a3=0
while IFS='|' read -r node gpu text; do
	n=$((n + 1))
	r=$(health "$node" "$gpu")
	word=${r%%|*} name=${r#*|}
	case $name in *chip*) a3=$((a3 + 1)) ;; esac
	[ -n "$word" ] && [ "$word" != OK ] &&
	    [ "$text" = "$name: health $word" ] ||
	    { bad=$((bad + 1)); echo "# $node $gpu: $text; npu-smi: $r"; }
done <"$T/health"
is "$bad" 0 \
    "each of $n health events: the Health and name in npu-smi info"
like "$a3" '^[1-9]' "A3 chips among them, named by card and chip"

bad=0 n=0
while IFS='|' read -r node gpu text; do
	n=$((n + 1))
	unc=$($M sim-tool amd-smi metric --ecc-block --node "$node" |
	    awk -v g="$gpu" '/^GPU: / { on = $2 == g }
	    on && /UNCORRECTABLE_COUNT:/ { s += $2 } END { print s + 0 }')
	[ "$unc" -gt 0 ] &&
	    [ "$text" = "GPU $gpu: RAS: $unc uncorrectable ECC errors" ] ||
	    { bad=$((bad + 1)); echo "# $node $gpu: $text; amd-smi: $unc"; }
done <"$T/ras"
is "$bad" 0 "each of $n RAS events is the GPU's uncorrectable count in amd-smi metric --ecc-block"

# And the other way: every chip npu-smi says is in Alarm, on the first
# 910B nodes that answer, has its event (a lost one has its own).
bad=0
for i in $(seq 801 840); do
	node=$(printf 'gpu%04d' "$i")
	$M sim-tool npu-smi info --node "$node" >"$T/npu" 2>/dev/null ||
	    continue
	for k in $(awk -F'|' '$3 ~ /Alarm/ { split($2, a, " "); print a[1] }' \
	    "$T/npu"); do
		grep -q "^$node|$k|" "$T/health" ||
		    grep -q "^$node|$k|NPU $k: GPU is lost$" "$T/health" ||
		    awk -F"$TAB" -v n="$node" -v g="$k" '$2 == n && $3 == g &&
		    $5 ~ /lost/ { f = 1 } END { exit !f }' "$T/ev.tsv" ||
		    { bad=$((bad + 1)); echo "# $node NPU $k: no event"; }
	done
done
is "$bad" 0 "every 910B NPU in Alarm on gpu0801-0840 has its event"

# An Xid is NVIDIA's: only an Xid event has one; any other's is null (an
# empty TSV cell, JSON null, "-" in the table), never a made-up 0.
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { n[$c["kind"]]++ } ($c["kind"] == "xid") != ($c["xid"] ~ /^[0-9]+$/) ||
    ($c["kind"] != "xid" && $c["xid"] != "") { bad++; print "# " $0 }
    END { for (k in n) printf "%s ", k; print bad + 0 }' "$T/ev.tsv" \
    >"$T/xid"
like "$(tail -1 "$T/xid")" 'xid.* 0$' \
    "xid only in Xid events (kinds: $(tail -1 "$T/xid"))"
like "$(tail -1 "$T/xid")" 'health.* 0$' "a health event has no xid"
like "$(tail -1 "$T/xid")" 'ecc.* 0$' "an ECC event has no xid"
$M -o json -c list-events 2>/dev/null >"$T/ev.json"
is "$(grep -c '"xid":0,' "$T/ev.json")" 0 "list-events -o json: no xid 0"
like "$(grep '"kind":"health"' "$T/ev.json" | head -1)" '"xid":null,' \
    "list-events -o json: a health event's xid is null"
$M -c list-events 2>/dev/null | awk '/health Alarm/ { print $4; exit }' \
    >"$T/col"
is "$(cat "$T/col")" "-" "list-events: a health event's XID is -"

# list-alerts names an A3 chip by card and chip, as npu-smi info does, and
# npu-smi info shows that chip's Alarm there.
$M -c 'list-alerts gpu[1001-1104]' 2>/dev/null |
    sed -n 's/^\(gpu[0-9]*\) .*  NPU \([0-9]*\) chip \([0-9]*\): health /'\
'\1 \2 \3 /p' >"$T/a3"
like "$(wc -l <"$T/a3")" '[1-9]' "A3 alerts name NPU card chip"
bad=0
while read -r node card chip word; do
	$M sim-tool npu-smi info --node "$node" | awk -F'|' -v c="$card" \
	    -v k="$chip" -v w="$word" '$3 ~ /^ [A-Za-z]+ +$/ { split($2, a,
	    " "); h = $3; gsub(/ /, "", h); getline; split($2, b, " ")
	    if (a[1] == c && b[1] == k && h == w) f = 1 } END { exit !f }' ||
	    { bad=$((bad + 1)); echo "# $node NPU $card chip $chip $word"; }
done <"$T/a3"
is "$bad" 0 "each A3 alert names a chip in that health in npu-smi info"

# An A3's first chip is read before its card's second: its events too say
# "NPU 0 chip 0", as npu-smi info does.
$M --fault-rate 0.2 -c 'list-events -o tsv' 2>/dev/null | awk -F"$TAB" '
    $2 >= "gpu1001" && $2 <= "gpu1104" && $3 == 0 { print $2 "|" $5 }' \
    >"$T/chip0"
like "$(grep -c '|NPU 0 chip 0: health Alarm$' "$T/chip0")" '^[1-9]' \
    "A3 chip 0 of NPU 0 in Alarm: its events name NPU 0 chip 0"
is "$(grep -c '|NPU 0: ' "$T/chip0")" 0 "no A3 event names a flat NPU 0"
node=$(grep -m 1 '|NPU 0 chip 0: health Alarm$' "$T/chip0" | cut -d'|' -f1)
is "$($M --fault-rate 0.2 sim-tool npu-smi info --node "$node" |
    awk -F'|' '$3 ~ /^ [A-Za-z]+ +$/ { split($2, a, " "); h = $3
    gsub(/ /, "", h); getline; split($2, b, " ")
    if (a[1] == 0 && b[1] == 0) print h }')" Alarm \
    "npu-smi info on $node: NPU 0 chip 0 in Alarm"

done_testing
