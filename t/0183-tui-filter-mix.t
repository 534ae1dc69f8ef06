#!/bin/sh
# The / filter on a mixed cluster (the simulator, in tmux at 80x24 and
# 250x70) takes batch's filter language in the GPUs, Map (nodes) and
# Events views: vendor= and model~ filter, and what batch refuses
# (vendor=bogus, chip=x) is refused with batch's words, not taken for a
# node's name.  The Events view's GPU column names an Atlas A3's chip by
# npu-smi's card/chip, as the event's text does.
. t/lib/tap.sh
ARGS="-F /dev/null --sim 1024 --seed 2 --sim-time 1800000000"
ARGS="$ARGS --sim-mix h100:2,mi300x:1,910b:1,a3:1,k100:1"
. t/lib/tui.sh

# What batch says, and the events it lists (seed 2: two A3 chips').
BOGUS=$($MYRIAD $ARGS -c 'list-gpus -w vendor=bogus' 2>&1 | head -1 |
    sed 's/^myriad: list-gpus: //')
like "$BOGUS" "^bad filter: vendor 'bogus' is not one of" \
    "batch: vendor=bogus is a bad filter"
CHIP=$($MYRIAD $ARGS -c 'list-events' 2>/dev/null | grep -m1 ' chip ')
card=$(printf '%s\n' "$CHIP" |
    sed 's/.* NPU \([0-9]*\) chip \([0-9]*\):.*/\1\/\2/')
node=$(printf '%s\n' "$CHIP" | awk '{ print $2 }')
ok $(test -n "$node"; echo $?) "batch: $node NPU $card has an event"

filter() {	# filter SESSION TEXT: TEXT at the / prompt
	keys "$1" /
	type_text "$1" "$2"
	keys "$1" Enter
}
nodes_after() {	# nodes_after SESSION HEADING: the rows' nodes, once each
	screen "$1" | awk -v p="$2" '$0 ~ p { on = 1; next }
	    on && /^gpu[0-9]/ { print $1 }' | sort -u | tr '\n' ' '
}

for size in 80x24 250x70; do
	start_size $size
	# GPUs: refused as batch refuses, then a vendor's rows only.
	keys "$S" 2
	screen_like "$S" '^NODE +GPU ' "$size: the GPUs view"
	filter "$S" 'vendor=bogus'
	screen_like "$S" "bad filter: vendor 'bogus' is not one of" \
	    "$size gpus: vendor=bogus is refused in batch's words"
	tui_not shows "$S" 'no node vendor=bogus'
	ok $? "$size gpus: ... not taken for a node's name"
	filter "$S" 'chip=x'
	screen_like "$S" "bad filter: chip 'x' is not a number" \
	    "$size gpus: chip=x is refused, not a filter of nothing"
	filter "$S" 'vendor=hygon'
	screen_like "$S" '^filter: vendor=hygon' "$size gpus: vendor=hygon"
	wait_like '^(gpu01(0[5-9]|1[0-8]) )+$' \
	    "$size gpus: the K100 nodes' rows only" \
	    nodes_after "$S" '^NODE +GPU '
	# The map's nodes.
	keys "$S" 1
	filter "$S" 'vendor=bogus'
	screen_like "$S" "bad filter: vendor 'bogus' is not one of" \
	    "$size map: vendor=bogus is refused"
	filter "$S" 'model~910'
	screen_like "$S" '40 nodes match model~910' \
	    "$size map: model~910, the 910B and A3 nodes"
	# Events: a vendor's, and an A3 chip by card/chip.
	keys "$S" 7
	screen_like "$S" '^TIME +NODE +GPU ' "$size: the Events view"
	filter "$S" 'vendor=amd'
	screen_like "$S" '^no event matches the filter' \
	    "$size events: vendor=amd filters (no AMD event)"
	filter "$S" 'vendor=huawei'
	screen_like "$S" '^filter: vendor=huawei' \
	    "$size events: vendor=huawei, not 'no node'"
	screen_like "$S" "^[^ ]+ +$node +$card +.*NPU [0-9]+ chip [0-9]+" \
	    "$size events: $node's GPU column is its card/chip, $card"
	filter "$S" 'vendor=bogus'
	screen_like "$S" "bad filter: vendor 'bogus' is not one of" \
	    "$size events: vendor=bogus is refused"
	tm kill-session -t "$S"
done

done_testing
