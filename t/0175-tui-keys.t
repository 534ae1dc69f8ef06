#!/bin/sh
# Keys an operator trips on, in tmux at 80x24: Escape goes back through
# the views visited, not to and fro between the last two; End sent in
# pieces (ESC, then [ 4 ~ a moment later) is End, never view 4; T on the
# GPUs, already hottest first, keeps them so the first time; Tab after
# `view ' offers every view; q while a burn-in runs asks first; and a
# terminal that cannot move its cursor is refused, with a word about -c.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 600; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

LEGEND="^state +A allocated"
GPUHEAD="^NODE +GPU +UTIL%"
JOBHEAD="^JOBID +USER"
EVHEAD="^TIME +NODE +GPU +EVENT"

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# End in pieces, on the map with no view before it: Escape does nothing
# there, and End puts the cursor on the last node.  The pieces are sent a
# moment apart (the split is what is tested, not a wait for the screen).
start_size 80x24
keys "$S" Escape
sleep 0.2
type_text "$S" "["
sleep 0.2
type_text "$S" "4"
sleep 0.2
type_text "$S" "~"
wait_like "^gpu1250 " "End in pieces moves the map's cursor to the end" \
    line "$S" $((H - 4))
screen_like "$S" "$LEGEND" "and the map is still shown, not the cooling view"

# Escape goes back through the views: events, jobs, GPUs, the map.
keys "$S" 2
wait_for "$S" "$GPUHEAD"
keys "$S" 3
wait_for "$S" "$JOBHEAD"
keys "$S" 7
wait_for "$S" "$EVHEAD"
keys "$S" Escape
screen_like "$S" "$JOBHEAD" "Escape goes back to the jobs"
keys "$S" Escape
screen_like "$S" "$GPUHEAD" "Escape again to the GPUs, not the events"
keys "$S" Escape
screen_like "$S" "$LEGEND" "and again to the map"

# T on the GPUs, sorted hottest first already.
keys "$S" 2
wait_for "$S" "TEMPv"
keys "$S" T
wait_like "sorted by temp_c" "T says it sorts by temperature" line "$S" "$H"
screen_like "$S" "TEMPv" "T keeps the hottest first the first time"
keys "$S" T
screen_like "$S" "TEMP\^" "T again, coolest first"

# Tab after `view b'.
keys "$S" :
type_text "$S" "view b"
keys "$S" Tab
wait_line "$S" "$H" "^:view burnin *$"
like "$tui_out" "^:view burnin *$" "Tab completes view b to view burnin"
keys "$S" Escape

# q while a burn-in runs: no is the default, y quits.
NODES=$($MYRIAD $ARGS -c 'list-nodes -o tsv' | awk -F'\t' '
    $3 == "idle" { print $1; if (++n == 2) exit }' | tr '\n' ' ')
SET=$($MYRIAD $ARGS -c "nodeset -f $NODES")
run "$S" "burnin $SET level=1"
wait_for "$S" "Type 2 to go on"
type_text "$S" 2
keys "$S" Enter
wait_for "$S" "running 2"
ok $? "a burn-in runs on $SET"
keys "$S" q
screen_like "$S" "A burn-in is running on 2 nodes" "q asks first"
keys "$S" Enter
wait_like "not quitting" "Enter is no: the console stays" line "$S" "$H"
alive "$S"
ok $? "and runs on"
keys "$S" q
wait_for "$S" "Quit and leave it interrupted"
type_text "$S" y
keys "$S" Enter
poll "$TUI_WAIT" tui_not alive "$S"
ok $? "y quits"

# TERM=dumb: refused, status 2, a word about -c.
tm new-session -d -s dumb -x 80 -y 24 "env TERM=dumb $MYRIAD $ARGS \
    2>$T/err; echo \$? > $T/rc; sleep 3600"
poll "$TUI_WAIT" test -s "$T/rc"
is "$(cat "$T/rc" 2>/dev/null)" 2 "TERM=dumb: the console exits 2"
like "$(cat "$T/err")" "TERM=dumb .* -c" "TERM=dumb: and says to use -c"
done_testing
