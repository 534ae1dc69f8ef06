#!/bin/sh
# The / filter of a node the cluster does not have (the simulator, in
# tmux): node=NAME, node!=NAME and a node set say "no node NAME in the
# cluster", naming every unknown one, and leave the view unfiltered; a
# node set of known nodes in node= filters the rows to them.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

filter() {	# filter SESSION TEXT: TEXT at the / prompt
	keys "$1" /
	type_text "$1" "$2"
	keys "$1" Enter
}

for size in 80x24 250x70; do
	start_size $size
	keys "$S" 2
	screen_like "$S" '^NODE +GPU ' "$size: the GPUs view"
	filter "$S" 'node=gpu9999'
	screen_like "$S" '^no node gpu9999 in the cluster' \
	    "$size: node=gpu9999: no node gpu9999 in the cluster"
	filter "$S" 'node!=gpu00001'
	screen_like "$S" '^no node gpu00001 in the cluster' \
	    "$size: node!=gpu00001 names it too"
	filter "$S" 'gpu[0001,1249-1252]'
	screen_like "$S" '^no node gpu\[1251-1252\] in the cluster' \
	    "$size: a node set: the unknown ones, folded"
	filter "$S" 'node=gpu[0002,0003]'
	screen_like "$S" '^filter: node=gpu\[0002,0003\]' \
	    "$size: a node set of known nodes filters"
	wait_is "gpu0002 gpu0003 " "$size: to their rows only" sh -c \
	    "tmux -L '$TUI_SOCK' capture-pane -p -t '$S' | awk '
	    /^NODE +GPU / { on = 1; next }
	    on && /^gpu[0-9]/ { print \$1 }' | sort -u | tr '\n' ' '"
	keys "$S" 1
	filter "$S" 'node=gpu9999'
	screen_like "$S" '^no node gpu9999 in the cluster' \
	    "$size: the map says so too"
	tm kill-session -t "$S"
done

done_testing
