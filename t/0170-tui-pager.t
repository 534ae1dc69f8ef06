#!/bin/sh
# The pager, in tmux at 80x24 and 250x70, as an operator reads a long
# output in it: list-nodes, list-events and help.  PageDown and Space go a
# page, PageUp back, G and End to the last page and k up from there, g and
# Home to the top; / searches, n and N go to the next and previous match,
# and the view's filter is left alone; the arrows scroll a wide table
# sideways; a long reason is whole where the terminal has room; q closes.
# A table's heading stays on the pager's first line: a page is the lines
# under it.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

top_word() {	# top_word SESSION: the first word of the pager's first line
		# under a table's heading
	line "$1" 4 | awk '{ print $1 }'
}

shows_text() {	# shows_text SESSION TEXT: the screen has TEXT, as it is
	screen "$1" | grep -Fq -- "$2"
}

# The nodes a search for "drained" finds, in order, as batch mode lists
# them; and a reason longer than a batch table's cell.
$MYRIAD $ARGS -c 'list-nodes -o tsv' > "$T/nodes.tsv"
set -- $(awk -F'\t' 'NR > 1 && /drained/ { print $1 }' "$T/nodes.tsv" |
    head -n 2)
DRAINED1=$1 DRAINED2=$2
REASON=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    length($c["reason"]) > 47 { print $c["reason"]; exit }' "$T/nodes.tsv")
[ -n "$DRAINED2" ] && [ ${#REASON} -gt 47 ]
ok $? "batch mode: drained nodes ($DRAINED1, $DRAINED2), a long reason"
LAST=$($MYRIAD $ARGS -c help | tail -n 1)

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# 80x24: the pager shows 20 lines of text, under its title: the heading
# and 19 lines of the table.
start_size 80x24
run "$S" "list-nodes"
wait_like "^NODE +RACK +STATE" "80x24: list-nodes opens, the heading first" \
    line "$S" 3
wait_like "^gpu0001 " "80x24: then the first node" line "$S" 4
keys "$S" PageDown
wait_is gpu0020 "80x24: PageDown goes a page, to the 21st line" \
    top_word "$S"
wait_like "^NODE +RACK +STATE" "80x24: the heading stays on top" line "$S" 3
keys "$S" Space
wait_is gpu0039 "80x24: Space goes a page too" top_word "$S"
keys "$S" PageUp
wait_is gpu0020 "80x24: PageUp goes a page back" top_word "$S"
keys "$S" G
wait_like "^gpu1250 " "80x24: G goes to the last page, the last node" \
    line "$S" 22
wait_is gpu1232 "80x24: a whole page of it" top_word "$S"
wait_like "^NODE +RACK +STATE" "80x24: under the heading" line "$S" 3
keys "$S" k
wait_is gpu1231 "80x24: k goes up a line from there" top_word "$S"
keys "$S" g
wait_is gpu0001 "80x24: g goes to the top" top_word "$S"
keys "$S" End
wait_is gpu1232 "80x24: End goes to the last page" top_word "$S"
keys "$S" Home
wait_is gpu0001 "80x24: Home to the top" top_word "$S"
screen_like "$S" "^output of list-nodes: lines 1-20 of 1251[ ,]" \
    "80x24: the title says which lines are shown"

# Search: / in the pager searches it, n and N go on and back.
keys "$S" /
type_text "$S" "gpu0447"
keys "$S" Enter
wait_is gpu0447 "80x24: /gpu0447 brings its line to the top" top_word "$S"
wait_like "^NODE +RACK +STATE" "80x24: under the heading" line "$S" 3
wait_like "'gpu0447' on line 448 of 1251" "80x24: and says where it is" \
    line "$S" "$H"
keys "$S" g /
type_text "$S" "drained"
keys "$S" Enter
wait_is "$DRAINED1" "80x24: /drained finds the first drained node" \
    top_word "$S"
keys "$S" n
wait_is "$DRAINED2" "80x24: n the next" top_word "$S"
keys "$S" N
wait_is "$DRAINED1" "80x24: N the one before" top_word "$S"
keys "$S" q
wait_for "$S" "^state +A allocated"
wait_like "^\? keys" "80x24: q closes it, and the map has no filter" \
    line "$S" "$H"
run "$S" "search x"
wait_like "nothing to search" "80x24: search without the pager says why" \
    line "$S" "$H"

# A table wider than the terminal: the arrows scroll it by half a screen.
run "$S" "list-events"
wait_like "^TIME +NODE +GPU +XID +EVENT" "80x24: list-events opens" \
    line "$S" 3
screen_like "$S" "^output of list-events: lines 1-20 of [0-9]+, columns 1-80" \
    "80x24: the title says the table is wider than the screen"
keys "$S" Right
wait_like "^EVENT *$" "80x24: Right scrolls the table half a screen" \
    line "$S" 3
screen_like "$S" "^output of list-events: .*, columns 41-120" \
    "80x24: and the title says so"
keys "$S" Left
wait_like "^TIME +NODE" "80x24: Left scrolls back" line "$S" 3
keys "$S" Escape
wait_for "$S" "^state +A allocated"
ok $? "80x24: Escape closes it"

# help: the last line, on the last page.
run "$S" "help"
wait_like "^[a-z-]+ +[a-z]" "80x24: help opens in the pager" line "$S" 4
keys "$S" G
wait_is "$LAST" "80x24: G shows help's last line on the last line" \
    line "$S" 22
keys "$S" q
tm kill-session -t "$S"

# 250x70: 66 lines a page; a long reason is not cut.
start_size 250x70
run "$S" "list-nodes"
wait_like "^NODE +RACK +STATE" "250x70: list-nodes opens" line "$S" 3
keys "$S" PageDown
wait_is gpu0066 "250x70: PageDown goes a page of 66 lines" top_word "$S"
keys "$S" q
wait_for "$S" "^state +A allocated"
run "$S" "list-nodes -w reason~root@"
wait_like "^NODE +RACK +STATE" "250x70: list-nodes -w reason~root@ opens" \
    line "$S" 3
poll "$TUI_WAIT" shows_text "$S" "$REASON"
ok $? "250x70: a reason of ${#REASON} characters is whole"
keys "$S" q
tm kill-session -t "$S"

done_testing
