#!/bin/sh
# The console's Node, Cooling and Links views, driven in tmux at 80x24 and
# 250x70: the node and its GPUs with their sparklines, the racks' cooling,
# a down link at a high fault rate; numbers checked against batch mode, and
# :dump-screen against the terminal.
. t/lib/tap.sh

if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is missing"
	exit 0
fi

SOCK="myriad-test-$$"
ARGS="--sim 10k --seed 1 --sim-time 1800000000 --fault-rate 5"
TAB=$(printf '\t')
SOCKET="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
trap 'tmux -L "$SOCK" kill-server >/dev/null 2>&1; rm -f "$SOCKET"; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
# No user's configuration, keys or audit log.
export HOME="$T" XDG_CONFIG_HOME="$T/config" XDG_STATE_HOME="$T/state"

tm() {
	tmux -L "$SOCK" "$@"
}

screen() {	# screen SESSION: the terminal as text
	tm capture-pane -p -t "$1"
}

keys() {	# keys SESSION KEY...: keys by name (Enter, Escape, Right)
	s=$1
	shift
	tm send-keys -t "$s" "$@"
}

type_text() {	# type_text SESSION TEXT: characters as they are
	tm send-keys -t "$1" -l "$2"
}

command() {	# command SESSION TEXT: a command at the : prompt
	keys "$1" :
	type_text "$1" "$2"
	keys "$1" Enter
}

wait_for() {	# wait_for SESSION PATTERN: until the screen shows it (30 s)
	i=0
	while [ $i -lt 300 ]; do
		screen "$1" | grep -Eq -- "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

wait_gone() {	# wait_gone SESSION PATTERN: until the screen does not show it
	i=0
	while [ $i -lt 300 ]; do
		screen "$1" | grep -Eq -- "$2" || return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

start() {	# start SESSION WIDTH HEIGHT: the console on the simulator
	tm new-session -d -s "$1" -x "$2" -y "$3" \
	    "exec env LC_ALL=C.UTF-8 $MYRIAD $ARGS" || return 1
	wait_for "$1" "SIMULATED"
}

same_dump() {	# same_dump SESSION HEIGHT FILE: the dump is the screen; a
		# refresh may land between the two, so up to three tries
	n=0
	while [ $n -lt 3 ]; do
		dump "$1" "$3" || return 1
		screen "$1" | body "$2" > "$T/screen"
		body "$2" < "$3" > "$T/dumped"
		cmp -s "$T/dumped" "$T/screen" && return 0
		sleep 0.5
		n=$((n + 1))
	done
	diff "$T/dumped" "$T/screen" | sed 's/^/# /'
	return 1
}

dump() {	# dump SESSION FILE: :dump-screen FILE, typed at the prompt
	rm -f "$2"
	command "$1" "dump-screen $2"
	i=0
	while [ ! -s "$2" ] && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -s "$2" ]
}

body() {	# body HEIGHT: lines 2 .. HEIGHT-2, the view without status
	sed -n "2,$(($1 - 2))p"
}

gpu_rows() {	# gpu_rows SESSION: the Node view's GPU rows
	screen "$1" | awk '/^GPU .*UTIL/ { f = 1; next }
	    f && /^[0-9]+ / { print; next } f { exit }'
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
	W=${size%x*}
	H=${size#*x}
	S="s$size"
	if ! start "$S" "$W" "$H"; then
		ok 1 "$size: the console starts in tmux"
		continue
	fi
	ok 0 "$size: the console starts in tmux"

	# The console reads in slices between frames: wait for all of it.
	keys "$S" 5
	wait_for "$S" "^NVLink: $NDOWN down.* IB: $NIBDOWN down"
	ok $? "$size links: $NDOWN NVLinks, $NIBDOWN IB ports down, as in batch"
	keys "$S" 4
	wait_for "$S" "^r001 +$INLET "
	ok $? "$size cooling: r001's inlet is its hottest node's, $INLET C"

	# Node: ':view node' opens the first node, Right steps to the third.
	command "$S" "view node"
	wait_for "$S" "^gpu0001 +rack r001 "
	ok $? "$size node: ':view node' shows the first node"
	keys "$S" Right
	wait_for "$S" "^gpu0002 +rack r001 "
	keys "$S" Right
	wait_for "$S" "^$NODE +rack r001 "
	ok $? "$size node: Right steps to the next node, twice to $NODE"
	like "$(screen "$S" | sed -n 2p)" \
	    "(←→ node +↑↓ scroll|←→↑↓ node) *$" \
	    "$size node: the header says what the arrows do"
	like "$(screen "$S")" "(reachable|unreachable|timed out)" \
	    "$size node: whether the node answers"
	like "$(screen "$S")" \
	    "^GPU .*UTIL +MEM GiB +TEMP .*POWER .*utilization" \
	    "$size node: the GPU heading with a sparkline's"
	wait_for "$S" "^0 .*[▁▂▃▄▅▆▇█]"
	is "$(gpu_rows "$S" | wc -l | tr -d ' ')" 8 "$size node: 8 GPU rows"
	like "$(gpu_rows "$S" | head -1)" \
	    "^0 .* ${TEMP0}C.*[▁▂▃▄▅▆▇█]" \
	    "$size node: GPU 0 at $TEMP0 C as batch mode says, a sparkline"

	wait_for "$S" "^Sensors +([0-9]+ read|BMC not answering)"
	ok $? "$size node: its BMC sensors, or why not"

	# The dump is what the terminal shows.
	same_dump "$S" "$H" "$T/node-$size.txt"
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
	like "$(screen "$S")" "^Sensors +|^NVLink up .*GPU[0-7] [0-9]+/18" \
	    "$size node: sensors or the NVLinks of each GPU"
	keys "$S" Home

	# Cooling: a row a rack, the hottest inlet of r001 as batch mode says.
	keys "$S" 4
	wait_for "$S" "^RACK +INLET +EXHAUST +FANS"
	ok $? "$size cooling: the heading"
	is "$(screen "$S" | grep -Ec '^r[0-9]{3} ')" "$(($H - 3 - 3))" \
	    "$size cooling: a rack a row, as many as fit"
	like "$(screen "$S" | sed -n 2p)" \
	    "alarm! [0-9]+ racks.*inlet max [0-9]+" \
	    "$size cooling: the summary: alarms and the hottest inlet"
	like "$(screen "$S")" "^r[0-9]{3} .* [0-9]+/[0-9]+!" \
	    "$size cooling: a failed fan stands out"
	like "$(screen "$S")" "! critical +\* warning" \
	    "$size cooling: the marks are explained"
	keys "$S" Enter
	wait_for "$S" "^gpu0001 +rack r001 "
	ok $? "$size cooling: Enter opens the rack's first node"
	keys "$S" Escape
	wait_for "$S" "^RACK +INLET"

	# Links: the down links of the fabric, then one node's matrix.
	keys "$S" 5
	wait_for "$S" "^NVLink: [0-9]+ down"
	like "$(screen "$S")" \
	    "^gpu[0-9]{4} +NV DOWN +GPU [0-7] link [0-9]+ +down" \
	    "$size links: a down NVLink's row"
	keys "$S" /
	type_text "$S" "$DOWN_NODE"
	keys "$S" Enter
	wait_for "$S" "filter: $DOWN_NODE"
	like "$(screen "$S")" \
	    "^$DOWN_NODE +NV DOWN +GPU $DOWN_GPU link $DOWN_LINK +down" \
	    "$size links: /$DOWN_NODE: its GPU $DOWN_GPU link $DOWN_LINK down"
	like "$(screen "$S")" "^ $DOWN_NODE " \
	    "$size links: the node under the cursor below the list"
	like "$(screen "$S")" "^NVLink +0123456789" \
	    "$size links: the matrix heading, a column a link"
	cellx=$(screen "$S" | awk -v g="GPU$DOWN_GPU" -v l="$DOWN_LINK" \
	    '$1 == g { print substr($0, 8 + l, 1); exit }')
	is "$cellx" x \
	    "$size links: GPU $DOWN_GPU link $DOWN_LINK is an x in the matrix"
	like "$(screen "$S")" "IB +PORT +STATE +PHYSICAL" \
	    "$size links: the InfiniBand ports beside it"
	keys "$S" Enter
	wait_for "$S" "^$DOWN_NODE +rack "
	ok $? "$size links: Enter opens the node"
	keys "$S" Escape
	wait_for "$S" "filter: $DOWN_NODE"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	ok $? "$size links: Escape comes back and clears the filter"

	tm kill-session -t "$S"
done

done_testing
