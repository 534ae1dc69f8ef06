#!/bin/sh
# The map tells the truth at every size, and what needs attention is never
# out of sight: at 100k on 80x24 a cell of 16 nodes shows its states in
# proportion (the share of drain cells is about the share of drained
# nodes) with a mark (lower case) on every cell with a node that needs
# attention, and the legend says so; the status line counts the alerts as
# list-alerts does, new + handled, at every size; `a' opens the whole list,
# new faults first; under the map the new come first and bright, the
# handled apart and dim, counted as the status line counts them.
. t/lib/tap.sh
ARGS="--sim 100k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')

alerts() {	# alerts ARGS...: "NEW[+]HANDLED" as list-alerts counts them
	$MYRIAD "$@" -c 'list-alerts -o tsv' | awk -F"$TAB" '
	    NR > 1 { if ($3 == "new") n++; else h++ }
	    END { print n + 0 "[+]" h + 0 }'
}

status_line() {	# status_line SESSION: the second to last line
	line "$1" $(($(height "$1") - 1))
}

# 1. 100k at 80x24: 16 nodes a cell, the legend says how a cell is chosen.
$MYRIAD $ARGS -c 'list-nodes -o tsv' > "$T/nodes.tsv"
DRAINED=$(awk -F"$TAB" 'NR > 1 && $3 ~ /drain/' "$T/nodes.tsv" | wc -l |
    tr -d ' ')
ALERTS=$(alerts $ARGS)
# The first sweep of 12,500 nodes took 23 s on a loaded machine: until it
# ends the counts grow.
TUI_WAIT=$((TUI_WAIT * 4))
start_size 80x24
wait_like "drain $DRAINED .*alerts $ALERTS" \
    "80x24 100k: the status line counts the alerts as list-alerts does" \
    status_line "$S"
dump "$S" "$T/map.txt"
ok $? "80x24 100k: :dump-screen writes the screen"
LEGEND=$(sed -n "$((H - 2))p" "$T/map.txt")
like "$LEGEND" '^16 nodes a cell, states in proportion; lower case: one needs attention' \
    "80x24 100k: the legend says how many nodes a cell holds and how it is chosen"
K=$(printf '%s\n' "$LEGEND" | sed -n 's/^\([0-9][0-9]*\) nodes a cell.*/\1/p')
K=${K:-16}
# Rack r (from 0) is in cell r / (K / 8): column x = cell % w of line
# 2 + cell / w of the dump, w cells a row after the row's first rack.
awk -F"$TAB" -v k="$K" -v out="$T/share" '
    FNR == NR { sub(/^r[0-9]+ /, ""); map[FNR] = $0; next }
    FNR == 1 { w = length(map[2]); next }
    {
	rack = substr($2, 2) - 1
	cell = int(rack / (k / 8))
	if (cell + 1 > ncells)
		ncells = cell + 1
	nodes++
	if ($3 !~ /drain/)
		next
	drained++
	c = substr(map[2 + int(cell / w)], cell % w + 1, 1)
	if (c !~ /[a-z?]/)
		unmarked++
    }
    END {
	for (cell = 0; cell < ncells; cell++) {
		c = substr(map[2 + int(cell / w)], cell % w + 1, 1)
		if (c ~ /[dD]/)
			dcells++
	}
	printf "%.4f %.4f %d %d\n", dcells / ncells, drained / nodes,
	    unmarked, drained > out
    }' "$T/map.txt" "$T/nodes.tsv"
read CELLS NODES UNMARKED NDRAINED < "$T/share"
awk -v c="$CELLS" -v n="$NODES" 'BEGIN { exit !(n > 0 && c <= n * 1.5 &&
    c >= n / 1.5) }'
ok $? "80x24 100k: the share of drain cells ($CELLS) is within 1.5 times the drained nodes' ($NODES)"
is "$UNMARKED" 0 "80x24 100k: each of the $NDRAINED drained nodes' cells carries the mark"

# Cells of whole racks run left to right in rows, each named by its first
# rack; Down goes to the row below, Up back, Right one cell on.
ROW2=$(sed -n 3p "$T/map.txt" | awk '{ print $1 }')
like "$(sed -n 2p "$T/map.txt")" '^r0001 [a-zA-Z?-]' \
    "80x24 100k: the first row of cells is named by its first rack"
like "$ROW2" '^r[0-9]+$' "80x24 100k: so is the second ($ROW2)"
cursor_line() {	# cursor_line SESSION: the line of the cursor's node
	line "$1" $(($(height "$1") - 4))
}
keys "$S" Home
wait_like "^gpu00001 +r0001 " "80x24 100k: Home: the first node" \
    cursor_line "$S"
keys "$S" j
wait_like "^gpu[0-9]+ +$ROW2 " "80x24 100k: j goes to the row below, $ROW2" \
    cursor_line "$S"
keys "$S" Down
wait_like "^gpu[0-9]+ +$(sed -n 4p "$T/map.txt" | awk '{ print $1 }') " \
    "80x24 100k: Down, to the row below that" cursor_line "$S"
keys "$S" k Up l
wait_like "^gpu[0-9]+ +r0003 " \
    "80x24 100k: k and Up back to the first row, l a cell (2 racks) on" \
    cursor_line "$S"
keys "$S" h
wait_like "^gpu00001 +r0001 " "80x24 100k: h back" cursor_line "$S"

# The job metric: a letter a job, and how a cell of several nodes picks it.
run "$S" "metric job"
wait_like "^job +a-z a job" "80x24 100k: the job legend says a letter is a job" \
    line "$S" $((H - 3))
wait_like "^16 nodes a cell: the job of the first" \
    "80x24 100k: and which job a cell of 16 nodes shows" line "$S" $((H - 2))
run "$S" "metric state"

# 2. The whole list, from any size: a.
keys "$S" a
screen_like "$S" "^NODE +RACK +VENDOR +MODEL +ATTENTION +STATE +PROBLEM" \
    "80x24 100k: a opens the list of alerts"
wait_like " new " "80x24 100k: new faults first" row_after "$S" "^NODE +RACK +VENDOR +MODEL +ATTENTION"
keys "$S" Escape
wait_for "$S" "^gpu00001 "
ok $? "80x24 100k: Escape closes it"
tm kill-session -t "$S"

# 250x70 at 100k: no room under the map; the status line still counts.
start_size 250x70
wait_like "alerts $ALERTS \\|" "250x70 100k: the status line counts the alerts" \
    status_line "$S"
screen_like "$S" "a lists the alerts" "250x70 100k: the legend says how to see them"
tm kill-session -t "$S"

# 3. 10k: under the map, new first and bright, handled apart and dim.
TUI_WAIT=$((TUI_WAIT / 4))
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
ALERTS=$(alerts $ARGS)
NEW=${ALERTS%%\[*}
HANDLED=${ALERTS##*\]}
start_size 80x24
wait_like "alerts $ALERTS\\|" \
    "80x24 10k: no room for the list, the status line counts the alerts" \
    status_line "$S"
tm kill-session -t "$S"
start_size 40x10
wait_like "alerts $ALERTS" "40x10: the status line still counts the alerts" \
    status_line "$S"
tm kill-session -t "$S"
start_size 120x40
screen_like "$S" "^Needs attention: $NEW new, $HANDLED handled" \
    "120x40: the list under the map counts what the status line does"
wait_like "alerts $ALERTS " "120x40: and so does the status line" \
    status_line "$S"
tm kill-session -t "$S"
start_size 250x70
wait_like "alerts $ALERTS " "250x70: the status line counts the alerts" \
    status_line "$S"
screen_like "$S" "^handled:" "250x70: the handled apart, under their own line"
# Each alert under the map, by its node: the new not dim, the handled
# dim (SGR 2), as list-alerts has them; the lines above the cursor's.
$MYRIAD $ARGS -c 'list-alerts -o tsv' > "$T/alerts.tsv"
attrs "$S" | head -n $((2 * (H - 5))) | awk -v list="$T/alerts.tsv" '
    BEGIN {
	while ((getline l < list) > 0) {
		split(l, a, "\t")
		kind[a[1]] = a[3]
	}
    }
    NR % 2 && /^Needs attention/ { f = 1 }
    NR % 2 { t = $0; next }
    f {
	x = 0
	while (match(t, /gpu[0-9]+ +r[0-9]+ /)) {
		x += RSTART
		split(substr(t, RSTART), w, " ")
		dim = index("4567cdef", substr($0, x, 1)) > 0
		if (kind[w[1]] == "new") {
			new++
			bad += dim
		} else if (kind[w[1]] == "handled") {
			old++
			bad += !dim
		}
		x += RLENGTH - 1
		t = substr(t, RSTART + RLENGTH)
	}
    }
    END { print new + 0, old + 0, bad + 0 }' > "$T/attn.n"
read SNEW SOLD SBAD < "$T/attn.n"
is "$SNEW/$SOLD" "$NEW/$HANDLED" "250x70: every new and every handled alert listed"
is "$SBAD" 0 "250x70: the handled dim, the new not"
tm kill-session -t "$S"

done_testing
