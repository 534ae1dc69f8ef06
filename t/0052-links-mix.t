#!/bin/sh
# The links of a mixed simulated cluster, in inspect-links: AMD's XGMI
# (a link down, as amd-smi topology's ACCESS says DISABLED; a GPU's links
# slow, as amd-smi xgmi's bit rate says), Ascend's HCCS (7 peers of a
# 910B, as npu-smi info -t topo lists them) and the NPUs' RoCE ports
# (down as hccn_tool -link says, flapping as -link_stat's link up count
# says, degraded as -optical's Rx power below its threshold says).  Every
# value is read from the simulated tools' own output for the same node,
# not from myriad.
. t/lib/tap.sh

TAB=$(printf '\t')
MIX=h100:6,mi300x:2,910b:2,a3:1,k100:1
M="$MYRIAD -F /dev/null --sim-mix $MIX --seed 1 --sim-time 1800000000"
M="$M --fault-rate 0.05"
# At 10k: MI300X gpu0601-0800, 910B 0801-1000, A3 1001-1104.

$M -c 'inspect-links -o tsv' >"$T/links.tsv" 2>"$T/err"
is $? 3 "inspect-links on the mix finds problems (exit 3)"
# The rows of a kind: node gpu device link state actual verdict why.
rows() {
	awk -F"$TAB" -v OFS='|' -v k="$1" 'NR == 1 { for (i = 1; i <= NF;
	    i++) c[$i] = i; next } $c["kind"] == k { print $c["node"],
	    $c["gpu"], $c["device"], $c["link"], $c["state"], $c["actual"],
	    $c["verdict"], $c["why"] }' "$T/links.tsv"
}
rows xgmi >"$T/xgmi"
rows roce >"$T/roce"
rows nvlink | awk -F'|' '$1 >= "gpu0601" && $1 <= "gpu1200" &&
    $8 !~ /^not read: /' >"$T/nv"
is "$(wc -l <"$T/nv" | tr -d ' ')" 0 \
    "no AMD, Ascend or Hygon node's links read are called NVLinks"
like "$(grep -c '|down|' "$T/xgmi")" '^[1-9]' "XGMI links down are listed"
like "$(grep -c '|degraded|' "$T/xgmi")" '^[1-9]' \
    "XGMI links degraded are listed"

# XGMI down: amd-smi topology's ACCESS table, the pair DISABLED; and every
# DISABLED pair of the MI300X nodes is a row.
n=0
for i in $(seq 601 800); do
	node=$(printf 'gpu%04d' "$i")
	$M sim-tool amd-smi topology --node "$node" 2>/dev/null |
	    awk -v n="$node" '
	    /^ACCESS TABLE:/ { t = 1; getline; next }
	    t && NF == 0 { exit }
	    t { for (i = 2; i <= NF; i++) if ($i == "DISABLED")
	    printf "%s|%d||%d|down\n", n, r, i - 2; r++ }'
done >"$T/disabled"
grep '|down|' "$T/xgmi" | cut -d'|' -f1-5 >"$T/xdown"
like "$(wc -l <"$T/disabled" | tr -d ' ')" '^[1-9]' \
    "amd-smi topology shows DISABLED pairs on the MI300X nodes"
diff "$T/disabled" "$T/xdown" >"$T/diff"
ok $? "each DISABLED pair of amd-smi topology is an XGMI down row, and only they"
grep -q '|down|.*|link down$' "$T/xgmi"
ok $? "an XGMI down row says why: link down"

# XGMI degraded: amd-smi xgmi's bit rate of that GPU, in GB/s, below the
# 32 Gb/s of the MI300X capture.
bad=0 seen=0
for r in $(grep '|degraded|' "$T/xgmi" | cut -d'|' -f1,2,6 | sort -u); do
	node=${r%%|*} rest=${r#*|} gpu=${rest%%|*} actual=${rest#*|}
	rate=$($M sim-tool amd-smi xgmi --node "$node" |
	    awk -v g="GPU$gpu" '$1 == g { print $3; exit }')
	seen=$((seen + 1))
	[ -n "$rate" ] && [ "$rate" -lt 32 ] &&
	    [ "$(awk -v r="$rate" 'BEGIN { printf "%.3f", r / 8 }')" = \
	    "$actual" ] || { bad=$((bad + 1)); echo "# $r: xgmi $rate"; }
done
is "$bad" 0 "each of $seen degraded GPUs' bit rate, amd-smi xgmi's, is below 32 Gb/s and is its speed"
grep '|degraded|' "$T/xgmi" | head -1 | grep -q '|2.000 GB/s, expected 4.000$'
ok $? "a degraded XGMI row says its speed and the expected 4 GB/s"

# HCCS: a 910B NPU's 7 peers, all there: inspect-links -a lists them as
# hccs, as many as npu-smi info -t topo's HCCS cells.
$M -c 'inspect-links -a -o tsv gpu0801' >"$T/all.tsv"
got=$(awk -F"$TAB" '$2 == "hccs" && $15 == "ok"' "$T/all.tsv" | wc -l |
    tr -d ' ')
want=$($M sim-tool npu-smi info -t topo --node gpu0801 |
    awk '/^NPU[0-9]/ { for (i = 2; i <= NF; i++) n += $i == "HCCS" }
    END { print n }')
is "$got" "$want" "gpu0801's HCCS links are $want ok hccs rows (npu-smi info -t topo)"
is "$(awk -F"$TAB" '$2 == "hccs" && $15 == "missing"' "$T/all.tsv" |
    wc -l | tr -d ' ')" 0 "a 910B NPU with its 7 HCCS peers misses none"

# RoCE: each row's port, as hccn_tool says.
for v in down flapping degraded; do
	like "$(grep -c "|$v|" "$T/roce")" '^[1-9]' "RoCE ports $v are listed"
done
hccn() {	# hccn NODE DEVICE QUERY
	$M sim-tool hccn_tool -i "$2" "$3" -g --node "$1"
}
bad=0
while IFS='|' read -r node gpu dev link state actual verdict why; do
	d=${dev#npu}
	case $verdict in
	down)
		hccn "$node" "$d" -link | grep -qx 'link status: DOWN' &&
		    [ "$state" = DOWN/DOWN ] ;;
	flapping)
		up=$(hccn "$node" "$d" -link_stat |
		    sed -n 's/.*link up count *: //p')
		[ "$up" -ge 3 ] && [ "$why" = "went down $((up - 1)) times" -o \
		    "$why" = "came back up during the inspection" -o \
		    "$why" = "went down during the inspection" ] ;;
	degraded)
		hccn "$node" "$d" -optical | awk -v w="$why" '
		    /^Rx Power[0-9]* *:/ { v = $(NF - 1) + 0;
		    if (!n++ || v < lo) lo = v }
		    /^RxPower Low Thres/ { th = $(NF - 1) + 0; ths = $(NF - 1) }
		    END { want = sprintf("Rx power %.4f mW, below %s", lo,
		    ths); exit !(lo < th && w == want) }' &&
		    hccn "$node" "$d" -link | grep -qx 'link status: UP' ;;
	*)
		false ;;
	esac || { bad=$((bad + 1)); echo "# $node $dev: $verdict, $why"; }
done <"$T/roce"
is "$bad" 0 "each RoCE row's verdict is what hccn_tool prints of its port"

# And every port hccn_tool shows down or dim, on the first 910B nodes
# that answer, is a row.
bad=0
for i in $(seq 801 830); do
	node=$(printf 'gpu%04d' "$i")
	for d in 0 1 2 3 4 5 6 7; do
		# A node that does not answer has no row of its ports.
		link=$(hccn "$node" "$d" -link 2>/dev/null) || continue
		dim=$(hccn "$node" "$d" -optical | awk '/^Rx Power[0-9]* *:/ {
		    v = $(NF - 1) + 0; if (!n++ || v < lo) lo = v }
		    /^RxPower Low Thres/ { th = $(NF - 1) + 0 }
		    END { print lo < th }')
		[ "$link" = 'link status: UP' ] && [ "$dim" = 0 ] && continue
		grep -q "^$node||npu$d|" "$T/roce" ||
		    { bad=$((bad + 1)); echo "# $node npu$d: no row"; }
	done
done
is "$bad" 0 "every port down or dim on gpu0801-0830 is a RoCE row"

# probe.xgmi's output: the real captures of amd-smi topology and amd-smi
# xgmi, one after the other, read as one: topology's 56 links, each at its
# GPU's bit rate over 8; a line of neither refused, by its number.
AMD=$FIXTURES/amd
cat "$AMD/amd-smi-topology-MI300X-8gpu.txt" \
    "$AMD/amd-smi-xgmi-MI300X-8gpu.txt" > "$T/tx"
$MYRIAD -F /dev/null -o tsv -c "parse amd-smi $T/tx" > "$T/tx.tsv" 2>&1
is "$(awk -F'\t' 'NR > 1 { print $4, $5 }' "$T/tx.tsv" | sort | uniq -c |
    tr -s ' ')" " 56 up 4.000" \
    "topology then xgmi: 56 XGMI links up, at 32 Gb/s (4.000 GB/s)"
sed 's/^ Write / Wrote /' "$T/tx" > "$T/bad"
$MYRIAD -F /dev/null -o tsv -c "parse amd-smi $T/bad" > /dev/null \
    2> "$T/bad.err"
like "$(head -1 "$T/bad.err")" "bad:59: not a line of amd-smi xgmi" \
    "and a line of neither is refused"
done_testing
