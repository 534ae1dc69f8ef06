#!/bin/sh
# The console's Links, Node and Events views on a mixed cluster, in tmux
# at 80x24 and 250x70: the list names each link's fabric (XGMI, HCCS,
# RoCE, not always NV), the node's matrix is headed by its fabric, its
# rows by the vendor's noun, an accelerator's cell of itself blank, the
# counters amd-smi does not give '-', the ports RoCE with no LID and why
# one is degraded, the heading the node's expectation (and at 40x10 the
# NPUs and RoCE ports counted); an Ascend 910B node's line of links
# counts its 7 HCCS peers, not NVIDIA's 18, and the events hold an NPU's
# health alarm and an AMD GPU's RAS errors.  The rows looked for are
# inspect-links' and list-events' in batch mode.
. t/lib/tap.sh
MIX=h100:6,mi300x:2,910b:2,a3:1,k100:1
ARGS="-F /dev/null --sim-mix $MIX --seed 1 --sim-time 1800000000"
ARGS="$ARGS --fault-rate 0.05"
. t/lib/tui.sh

TAB=$(printf '\t')

# The first row of a kind and verdict in batch mode: node gpu device link.
first() {
	awk -F"$TAB" -v k="$1" -v v="$2" 'NR == 1 { for (i = 1; i <= NF;
	    i++) c[$i] = i; next } $c["kind"] == k && $c["verdict"] == v {
	    print $c["node"], ($c["gpu"] == "" ? "-" : $c["gpu"]),
	    ($c["device"] == "" ? "-" : $c["device"]), $c["link"]; exit }' \
	    "$T/links.tsv"
}
$MYRIAD $ARGS -c 'inspect-links -o tsv' >"$T/links.tsv"
set -- $(first xgmi down)
XNODE=$1 XGPU=$2 XLINK=$4
set -- $(first roce down)
RNODE=$1 RDEV=$3
[ -n "$XLINK" ] && [ -n "$RDEV" ]
ok $? "batch mode: $XNODE GPU $XGPU XGMI link $XLINK down, $RNODE $RDEV down"
# A RoCE port of low Rx power, and the reason inspect-links gives.
PWHY=$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["kind"] == "roce" && $c["why"] ~ /^Rx power/ {
    print $c["node"] "|" $c["device"] "|" $c["why"]; exit }' "$T/links.tsv")
PNODE=${PWHY%%|*} PDEV=${PWHY#*|} PDEV=${PDEV%%|*} PWHY=${PWHY##*|}
[ -n "$PNODE" ] && [ -n "$PDEV" ] && [ -n "$PWHY" ]
ok $? "batch mode: $PNODE $PDEV '$PWHY'"
# Each fabric's links down, as the Links view's heading counts them apart.
down() {
	awk -F"$TAB" -v k="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i;
	    next } $c["kind"] == k && $c["verdict"] == "down" { n++ }
	    END { print n + 0 }' "$T/links.tsv"
}
NVD=$(down nvlink) XD=$(down xgmi) RD=$(down roce)
# An Atlas A3 and a Hygon node, of which no link is expected.
$MYRIAD $ARGS -c 'list-gpus -o tsv' 2>/dev/null >"$T/gpus.tsv"
vnode() {	# vnode VENDOR MODEL: the first node of them
	awk -F"$TAB" -v v="$1" -v mo="$2" 'NR == 1 { for (i = 1; i <= NF;
	    i++) c[$i] = i; next } $c["vendor"] == v && $c["model"] == mo {
	    print $1; exit }' "$T/gpus.tsv"
}
ANODE=$(vnode huawei Ascend910) DNODE=$(vnode hygon K100)
[ -n "$ANODE" ] && [ -n "$DNODE" ]
ok $? "batch mode: $ANODE an A3, $DNODE a Hygon node"
# No capture shows an A3's HCCS links (npu-smi info -t topo): the
# simulator gives none, as it gives no Hygon node's.
is "$($MYRIAD $ARGS -c "list-links -o tsv $ANODE $DNODE" | sed 1d |
    wc -l | tr -d ' ')" 0 "batch mode: no link of $ANODE or $DNODE"
# A 910B node with no fault of its links.
HNODE=gpu0802
is "$(awk -F"$TAB" -v n=$HNODE '$1 == n' "$T/links.tsv" | wc -l |
    tr -d ' ')" 0 "batch mode: $HNODE has no problem of its links"

# An NPU's health alarm and an AMD GPU's RAS errors: node gpu text.
$MYRIAD $ARGS -c 'list-events -o tsv' 2>/dev/null | awk -F"$TAB" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $c["node"] "|" $c["gpu"] "|" $c["text"] }' >"$T/events"
HEV=$(grep -E -m 1 '\|NPU [0-9]+( chip [0-9]+)?: health Alarm$' "$T/events")
REV=$(grep -m 1 '|GPU [0-9]*: RAS: ' "$T/events")
[ -n "$HEV" ] && [ -n "$REV" ]
ok $? "batch mode: events $HEV and $REV"

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

for size in 80x24 250x70; do
	start_size "$size" || continue

	keys "$S" 5
	wait_for "$S" "^NVLink: [0-9]+ down"
	screen_like "$S" "^NVLink: $NVD down.*  XGMI: $XD down" \
	    "$size links: the heading counts NVLink ($NVD) and XGMI ($XD) apart"
	if [ "$W" -ge 200 ]; then
		screen_like "$S" "  HCCS: 0 down.*  RoCE: $RD down" \
		    "$size links: and HCCS, and RoCE ($RD) apart from IB"
	fi
	run "$S" "filter node=$XNODE"
	screen_like "$S" "^$XNODE +XGMI DOWN +GPU $XGPU link $XLINK +down" \
	    "$size links: $XNODE's XGMI link, named so, down"
	screen_like "$S" "^XGMI +01234567" \
	    "$size links: the node's matrix is headed XGMI"
	# A GPU has no link to itself: its cell is blank, not '?'.
	screen_like "$S" "^GPU0 {4}[=x-]{7} " \
	    "$size links: GPU0's cell of itself is blank"
	tui_not shows "$S" "^GPU[0-9] +[=x-]*[?]"
	ok $? "$size links: no link of $XNODE unknown"
	if [ "$W" -ge 200 ]; then
		# amd-smi counts no replay, recovery or CRC: '-', not 0.
		screen_like "$S" "^GPU$XGPU +[ =x-]{8} +6/7 +- +- +-( |$)" \
		    "$size links: GPU $XGPU's counters not reported, '-'"
		screen_like "$S" "expected of $XNODE: 7 XGMI links/GPU at 4 GB/s" \
		    "$size links: the heading expects what $XNODE's fabric has"
		tui_not shows "$S" "expected: 18 links/GPU"
		ok $? "$size links: no NVIDIA expectation of a mix"
	fi
	run "$S" "filter node=$RNODE"
	screen_like "$S" "^$RNODE +RoCE DOWN +$RDEV port 1 +DOWN" \
	    "$size links: $RNODE's RoCE port $RDEV, named so, down"
	screen_like "$S" "^HCCS +0" \
	    "$size links: an Ascend node's matrix is headed HCCS"
	screen_like "$S" "^NPU0 {4}[=x-]{7} " \
	    "$size links: an Ascend node's rows are NPUs"
	screen_like "$S" " RoCE +PORT +STATE" \
	    "$size links: its ports are headed RoCE"
	tui_not shows "$S" " IB +PORT"
	ok $? "$size links: not IB"
	run "$S" "filter node=$PNODE"
	if [ "$W" -ge 200 ]; then
		# hccn_tool gives no LID: '-'; the port says why it is
		# degraded.
		screen_like "$S" "^NPU[0-9]+ .* $PDEV +1 +UP +UP +- +Ethernet +- .* \
$PWHY" "$size links: $PNODE $PDEV: no LID, and '$PWHY'"
	else
		# Too narrow for the ports' why: the list row says it.
		screen_like "$S" "^$PNODE +RoCE DEGRADED +$PDEV port 1 .* Rx power" \
		    "$size links: $PNODE $PDEV: its row says why"
	fi

	run "$S" "view node $HNODE"
	wait_for "$S" "^$HNODE +rack "
	ok $? "$size node: $HNODE"
	if [ "$H" -lt 40 ]; then
		wait_for "$S" "more ↓"
		keys "$S" End
	fi
	screen_like "$S" "^HCCS up +NPU0 7/7 " \
	    "$size node: $HNODE's line of links: HCCS, NPU0's 7 of 7 peers up"
	tui_not shows "$S" "/18"
	ok $? "$size node: no NPU is held to NVIDIA's 18 links"

	# Nothing expected: the links seen, or none, never a run of '?'.
	for n in "$ANODE:^HCCS +none seen, none expected" \
	    "$DNODE:^link +none seen, none expected"; do
		run "$S" "view node ${n%%:*}"
		wait_for "$S" "^${n%%:*} +rack "
		if [ "$H" -lt 40 ]; then
			wait_for "$S" "more ↓"
			keys "$S" End
		fi
		screen_like "$S" "${n#*:}" \
		    "$size node: ${n%%:*}'s line of links: '${n#*:}'"
		tui_not shows "$S" "(GPU|NPU|DCU)[0-9]+ [?]"
		ok $? "$size node: ${n%%:*}: no link unknown, none expected"
	done

	# The Links view of the A3, as its Node view.
	run "$S" "view node $ANODE"
	wait_for "$S" "^$ANODE +rack "
	keys "$S" 5
	run "$S" "filter node=$ANODE"
	wait_for "$S" "^ $ANODE +r[0-9]+ "
	screen_like "$S" "^HCCS +none seen, none expected" \
	    "$size links: $ANODE's HCCS: none seen, none expected"

	keys "$S" 7
	wait_for "$S" "^TIME +NODE +GPU +EVENT"
	for ev in "$HEV" "$REV"; do
		node=${ev%%|*} rest=${ev#*|} gpu=${rest%%|*} text=${rest#*|}
		# An A3's chip by its card and chip, as the text names it.
		case $text in
		"NPU "*" chip "*)
			gpu=$(printf '%s\n' "$text" |
			    sed 's/^NPU \([0-9]*\) chip \([0-9]*\):.*/\1\/\2/')
			;;
		esac
		run "$S" "filter $node"
		screen_like "$S" " $node +$gpu +$text" \
		    "$size events: $node's '$text'"
	done
	tm kill-session -t "$S"
done

# Too low for the matrix: the node's accelerators and ports, by name.
start_size 40x10
keys "$S" 5
wait_for "$S" "^NODE +WHAT"
run "$S" "filter node=$RNODE"
screen_like "$S" "^8 NPUs, 8 RoCE ports" \
    "40x10 links: $RNODE's 8 NPUs and 8 RoCE ports"
tm kill-session -t "$S"

done_testing
