#!/bin/sh
# The console's Node, Cooling and Links views, driven in tmux at 80x24 and
# 250x70: the node and its GPUs with their sparklines, the racks' cooling,
# a down link at a high fault rate; numbers checked against batch mode, and
# :dump-screen against the terminal.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000 --fault-rate 5"
. t/lib/tui.sh

TAB=$(printf '\t')

gpu_rows() {	# gpu_rows SESSION: the Node view's GPU rows
	screen "$1" | awk '/^GPU .*UTIL/ { f = 1; next }
	    f && /^[0-9]+ / { print; next } f { exit }'
}

ngpu_rows() {	# ngpu_rows SESSION: how many GPU rows
	gpu_rows "$1" | wc -l | tr -d ' '
}

gpu0_row() {	# gpu0_row SESSION: the Node view's first GPU row
	gpu_rows "$1" | head -1
}

nracks() {	# nracks SESSION: how many rows of racks
	screen "$1" | grep -Ec '^r[0-9]{3} '
}

matrix_cell() {	# matrix_cell SESSION GPU LINK: the NVLink matrix's mark
	screen "$1" | awk -v g="GPU$2" -v l="$3" \
	    '$1 == g { print substr($0, 8 + l, 1); exit }'
}

# The server, kept up by a session of its own while consoles come and go.
tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# What batch mode says of the same cluster.
NODE=gpu0003
$MYRIAD $ARGS -c "list-gpus -o tsv $NODE" > "$T/gpus.tsv"
TEMP0=$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["index"] == 0 { printf "%.0f\n", $c["temp_c"] }' "$T/gpus.tsv")
[ -n "$TEMP0" ]
ok $? "batch mode: $NODE GPU 0 is at $TEMP0 C"
$MYRIAD $ARGS -c 'list-sensors -o tsv gpu[0001-0008]' > "$T/sensors.tsv"
INLET=$(awk -F"$TAB" '$2 == "Inlet Temp" && $4 != "" && ($4 + 0 > m ||
    n++ == 0) { m = $4 + 0 } END { if (n) printf "%.0f\n", m }' \
    "$T/sensors.tsv")
[ -n "$INLET" ]
ok $? "batch mode: the hottest inlet of rack r001 is $INLET C"
$MYRIAD $ARGS -c 'list-links -o tsv' > "$T/links.tsv"
NDOWN=$(awk -F"$TAB" '$4 == "down"' "$T/links.tsv" | wc -l | tr -d ' ')
set -- $(awk -F"$TAB" '$4 == "down" { print $1, $2, $3; exit }' \
    "$T/links.tsv")
DOWN_NODE=$1 DOWN_GPU=$2 DOWN_LINK=$3
[ "$NDOWN" -gt 0 ] && [ -n "$DOWN_LINK" ]
ok $? "batch mode: $NDOWN NVLinks down, first $DOWN_NODE:$DOWN_GPU:$DOWN_LINK"
NIBDOWN=$($MYRIAD $ARGS -c 'list-links -t ib -o tsv' | awk -F"$TAB" 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["state"] != "up" || $c["phys"] != "up"' | wc -l | tr -d ' ')
[ "$NIBDOWN" -gt 0 ]
ok $? "batch mode: $NIBDOWN InfiniBand ports down"

for size in 80x24 250x70; do
	start_size "$size" || continue

	# The console reads in slices between frames: wait for all of it.
	keys "$S" 5
	wait_for "$S" "^NVLink: $NDOWN down.* IB: $NIBDOWN down"
	ok $? "$size links: $NDOWN NVLinks, $NIBDOWN IB ports down, as in batch"
	keys "$S" 4
	wait_for "$S" "^r001 +$INLET "
	ok $? "$size cooling: r001's inlet is its hottest node's, $INLET C"

	# Node: ':view node' opens the first node, Right steps to the third.
	run "$S" "view node"
	wait_for "$S" "^gpu0001 +rack r001 "
	ok $? "$size node: ':view node' shows the first node"
	keys "$S" Right
	wait_for "$S" "^gpu0002 +rack r001 "
	keys "$S" Right
	wait_for "$S" "^$NODE +rack r001 "
	ok $? "$size node: Right steps to the next node, twice to $NODE"
	wait_like "(←→ node +↑↓ scroll|←→↑↓ node) *$" \
	    "$size node: the header says what the arrows do" line "$S" 2
	screen_like "$S" "(reachable|unreachable|timed out)" \
	    "$size node: whether the node answers"
	screen_like "$S" "^GPU .*UTIL +MEM GiB +TEMP .*POWER .*utilization" \
	    "$size node: the GPU heading with a sparkline's"
	wait_for "$S" "^0 .*[▁▂▃▄▅▆▇█]"
	wait_is 8 "$size node: 8 GPU rows" ngpu_rows "$S"
	wait_like "^0 .* ${TEMP0}C.*[▁▂▃▄▅▆▇█]" \
	    "$size node: GPU 0 at $TEMP0 C as batch mode says, a sparkline" \
	    gpu0_row "$S"

	wait_for "$S" "^Sensors +([0-9]+ read|BMC not answering)"
	ok $? "$size node: its BMC sensors, or why not"

	# The dump is what the terminal shows.
	same_dump "$S" "$T/node-$size.txt"
	ok $? "$size node: :dump-screen writes what tmux shows"
	grep -Eq "^$NODE +rack r001 " "$T/node-$size.txt"
	ok $? "$size node: the dump has the node"

	# What is below the GPUs: on show at 250x70, a scroll away at 80x24.
	if [ "$H" -lt 40 ]; then
		wait_for "$S" "more ↓"
		ok $? "$size node: the rest is a scroll away, and it says so"
		keys "$S" End
	fi
	wait_for "$S" "^Events +newest first"
	ok $? "$size node: the node's events at the end"
	screen_like "$S" "^Sensors +|^NVLink up .*GPU[0-7] [0-9]+/18" \
	    "$size node: sensors or the NVLinks of each GPU"
	keys "$S" Home

	# Cooling: a row a rack, the hottest inlet of r001 as batch mode says.
	keys "$S" 4
	wait_for "$S" "^RACK +INLET +EXHAUST +FANS"
	ok $? "$size cooling: the heading"
	wait_is "$(($H - 3 - 3))" \
	    "$size cooling: a rack a row, as many as fit" nracks "$S"
	wait_like "alarm! [0-9]+ racks.*inlet max [0-9]+" \
	    "$size cooling: the summary: alarms and the hottest inlet" \
	    line "$S" 2
	screen_like "$S" "^r[0-9]{3} .* [0-9]+/[0-9]+!" \
	    "$size cooling: a failed fan stands out"
	screen_like "$S" "! critical +\* warning" \
	    "$size cooling: the marks are explained"
	keys "$S" Enter
	wait_for "$S" "^gpu0001 +rack r001 " && wait_gone "$S" "^RACK +INLET"
	ok $? "$size cooling: Enter opens the rack's first node"
	# One Escape at a time: Escape and a key at once are Meta and it.
	keys "$S" Escape
	wait_for "$S" "^RACK +INLET"

	# Links: the down links of the fabric, then one node's matrix.
	keys "$S" 5
	wait_for "$S" "^NVLink: [0-9]+ down"
	screen_like "$S" "^gpu[0-9]{4} +NV DOWN +GPU [0-7] link [0-9]+ +down" \
	    "$size links: a down NVLink's row"
	keys "$S" /
	type_text "$S" "$DOWN_NODE"
	keys "$S" Enter
	wait_for "$S" "filter: $DOWN_NODE"
	screen_like "$S" \
	    "^$DOWN_NODE +NV DOWN +GPU $DOWN_GPU link $DOWN_LINK +down" \
	    "$size links: /$DOWN_NODE: its GPU $DOWN_GPU link $DOWN_LINK down"
	screen_like "$S" "^ $DOWN_NODE " \
	    "$size links: the node under the cursor below the list"
	screen_like "$S" "^NVLink +0123456789" \
	    "$size links: the matrix heading, a column a link"
	wait_is x \
	    "$size links: GPU $DOWN_GPU link $DOWN_LINK is an x in the matrix" \
	    matrix_cell "$S" "$DOWN_GPU" "$DOWN_LINK"
	screen_like "$S" "IB +PORT +STATE +PHYSICAL" \
	    "$size links: the InfiniBand ports beside it"
	keys "$S" Enter
	wait_for "$S" "^$DOWN_NODE +rack " && wait_gone "$S" "filter: "
	ok $? "$size links: Enter opens the node"
	keys "$S" Escape
	wait_for "$S" "filter: $DOWN_NODE"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	ok $? "$size links: Escape comes back and clears the filter"

	tm kill-session -t "$S"
done

done_testing
