#!/bin/sh
# The selection follows the item, not the row number: in the live
# simulator the GPUs re-sort and new events come in, and the cursor stays
# on the GPU, the event, the rack it was on; a filter that keeps the item
# keeps the cursor on it.  Every view filters and sorts on its own
# columns: Cooling's rack rows, Links' links; a bad node set is an error
# with a caret, as in batch mode.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --fault-rate 100"
. t/lib/tui.sh

cursor_row() {	# cursor_row SESSION PATTERN: the line drawn in reverse
		# that is like PATTERN, without its attributes
	tm capture-pane -p -e -t "$1" | perl -ne '
	    next unless /^(?:\e\[[0-9;]*m)*\e\[(?:[0-9]+;)*7(?:;[0-9]+)*m/;
	    s/\e\[[0-9;]*m//g;
	    if (/'"$2"'/) { print; exit }'
}

item() {	# item SESSION PATTERN N: the first N words of the cursor's row
	cursor_row "$1" "$2" | awk -v n="$3" '{ for (i = 1; i <= n; i++)
	    printf "%s%s", $i, i < n ? " " : "\n" }'
}

order() {	# order SESSION HEADING N: the first N words of every row
	rows_after "$1" "$2" | awk -v n="$3" '{ for (i = 1; i <= n; i++)
	    printf "%s ", $i; print "" }'
}

moved() {	# moved SESSION HEADING N: the rows' order is not $ORDER
	tui_now=$(order "$1" "$2" "$3")
	[ -n "$tui_now" ] && [ "$tui_now" != "$ORDER" ]
}

changes() {	# changes SESSION HEADING N COUNT [SECONDS]: wait for COUNT new
		# orders, each SECONDS at most (the simulator's events may be
		# half a minute apart, more on a loaded machine)
	ORDER=$(order "$1" "$2" "$3")
	ch_n=0
	while [ $ch_n -lt "$4" ]; do
		poll "${5:-$((TUI_WAIT * 3))}" moved "$1" "$2" "$3" || return 1
		ORDER=$tui_now
		ch_n=$((ch_n + 1))
	done
}

off_racks() {	# off_racks SESSION PATTERN: how many rack rows are not like
		# PATTERN, "none" if there are none
	rows_after "$1" '^RACK +INLET' | grep -E '^r[0-9]+ ' > "$T/racks"
	if [ -s "$T/racks" ]; then
		grep -Evc -- "$2" "$T/racks"
	else
		echo none
	fi
}

down() {	# down SESSION N: the cursor N rows down
	d_i=0
	while [ $d_i -lt "$2" ]; do
		keys "$1" j
		d_i=$((d_i + 1))
	done
	settle "$1"
}

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

GPUROW='^gpu[0-9]+ +[0-9]+ '
GPUHEAD='^NODE +GPU +UTIL%'
for size in 80x24 250x70; do
	start_size "$size" || continue

	# GPUs sorted by power, which moves at every refresh.
	keys "$S" 2
	screen_like "$S" "$GPUHEAD" "$size gpus: the table"
	keys "$S" P
	screen_like "$S" "POWERv" "$size gpus: sorted by power"
	down "$S" 8
	WAS=$(item "$S" "$GPUROW" 2)
	like "$WAS" '^gpu[0-9]+ [0-9]+$' "$size gpus: the cursor is on $WAS"
	changes "$S" "$GPUHEAD" 2 3
	ok $? "$size gpus: the rows re-sort three times"
	wait_is "$WAS" "$size gpus: three re-sorts on, the cursor is on $WAS" \
	    item "$S" "$GPUROW" 2

	# A filter that keeps the item keeps the cursor on it.
	GPU=${WAS#* }
	keys "$S" /
	type_text "$S" "index=$GPU"
	keys "$S" Enter
	screen_like "$S" "filter: index=$GPU" "$size gpus: filtered by index"
	wait_is "$WAS" "$size gpus: the filter keeps the cursor on $WAS" \
	    item "$S" "$GPUROW" 2
	keys "$S" Escape
	screen_like "$S" "filter cleared" "$size gpus: the filter cleared"
	wait_is "$WAS" "$size gpus: clearing it too" item "$S" "$GPUROW" 2

	# Events: new ones come in on top, the cursor stays on its event.
	EVHEAD='^TIME +NODE +GPU +EVENT'
	EVROW='^20[0-9-]+T[0-9:]+ +gpu'
	keys "$S" 7
	screen_like "$S" "$EVHEAD" "$size events: the table"
	down "$S" 3
	WAS=$(cursor_row "$S" "$EVROW")
	like "$WAS" "$EVROW" "$size events: the cursor is on an event"
	# New events came 5 to 33 s apart on an idle machine.
	changes "$S" "$EVHEAD" 3 2 $((TUI_WAIT * 9))
	ok $? "$size events: new events come in twice"
	wait_is "$WAS" "$size events: the cursor is on the same event" \
	    cursor_row "$S" "$EVROW"
	tm kill-session -t "$S"
done

# Cooling and Links at 250x70, with the BMCs read at once, at a fault
# rate that leaves most racks well, at a fixed time (which racks have a
# fan down is the clock's doing).
ARGS="--sim 10k --seed 1 --fault-rate 5 --sim-time 1800000000"
start_size 250x70
run "$S" "refresh"
keys "$S" 4
COOLHEAD='^RACK +INLET'
screen_like "$S" "alarm! [0-9]+ rack" "cooling: the sensors are read"
keys "$S" /
type_text "$S" "alarms>0"
keys "$S" Enter
screen_like "$S" "filter: alarms>0" "cooling: /alarms>0 is a filter"
shows "$S" "no field"
ok $((! $?)) "cooling: alarms is a key of the rack rows"
settle "$S"
is "$(off_racks "$S" '  [1-9][0-9]*[!*] ')" 0 \
    "cooling: every row has alarms"
keys "$S" /
type_text "$S" "FAN"
keys "$S" Enter
screen_like "$S" "filter: FAN" "cooling: /FAN is a filter"
settle "$S"
is "$(off_racks "$S" 'FAN[0-9]+ 0 RPM')" 0 \
    "cooling: /FAN finds the racks whose worst sensor is a fan"
keys "$S" Escape
screen_like "$S" "filter cleared" "cooling: the filter cleared"

# Sorts on its columns, the cursor on its rack.
down "$S" 5
WAS=$(item "$S" '^r[0-9]+ ' 1)
like "$WAS" '^r[0-9]+$' "cooling: the cursor is on rack $WAS"
keys "$S" T
screen_like "$S" 'INLETv' "cooling: T sorts by inlet, hottest first"
wait_is "$WAS" "cooling: the cursor stays on rack $WAS" \
    item "$S" '^r[0-9]+ ' 1
keys "$S" g
settle "$S"
rows_after "$S" "$COOLHEAD" | awk '/^r[0-9]+ / { print $2 }' > "$T/inlets"
sort -rn "$T/inlets" | cmp -s - "$T/inlets"
ok $? "cooling: the rows go down by inlet temperature"
keys "$S" A
screen_like "$S" 'ALARMSv' "cooling: A sorts by alarms"

# Links: its own keys.
keys "$S" 5
LINKHEAD='^NODE +WHAT +LINK'
screen_like "$S" "$LINKHEAD" "links: the list"
keys "$S" /
type_text "$S" "verdict=degraded"
keys "$S" Enter
screen_like "$S" "filter: verdict=degraded" "links: /verdict=degraded"
settle "$S"
is "$(off_rows "$S" "$LINKHEAD" ' (IB|NV) DEGRADED ')" 0 \
    "links: only the degraded links"
keys "$S" Escape
keys "$S" N
screen_like "$S" 'NODE\^ +WHAT' "links: N sorts by node"
settle "$S"
rows_after "$S" "$LINKHEAD" | awk '{ print $1 }' > "$T/nodes"
sort -c "$T/nodes"
ok $? "links: the rows go up by node"

# A bad node set says where, as batch mode does.
keys "$S" /
type_text "$S" "gpu[0001-0003"
keys "$S" Enter
screen_like "$S" "unbalanced '\\[' at column 4" "a bad node set is an error"
screen_like "$S" '^ +\^$' "with a caret under the place"
keys "$S" Escape
settle "$S"

done_testing
