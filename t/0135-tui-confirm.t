#!/bin/sh
# A confirmation box over a console that goes on (review 11, items 1 and
# 2), in tmux on the simulated cluster.  Under the quit box a burn-in goes
# on and ends; keys that are not the answer do nothing; the node's time is
# the simulated one, not the time the box was open.  list-burnins in
# another shell says a burn-in another console runs is running, and
# interrupted once that console is killed.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 3; };\n' > "$T/short"
printf 'sim = { diag-seconds = 600; };\n' > "$T/long"
SIM="--sim 10k --seed 1 --sim-time 1800000000"
ARGS="-F $T/short $SIM"
. t/lib/tui.sh

# Two idle nodes, as batch mode sees them.
set -- $($MYRIAD $ARGS -c 'list-nodes -o tsv' | awk -F'\t' '
    $3 == "idle" { print $1; if (++n == 2) exit }')
N1=$1 N2=$2
[ -n "$N1" ] && [ -n "$N2" ]
ok $? "two idle nodes: $N1 and $N2"

runs() {	# runs NODESET COLUMN: that column of the runs on NODESET
	$MYRIAD $ARGS -c 'list-burnins -o tsv' | awk -F'\t' -v n="$1" \
	    -v c="$2" 'NR == 1 { for (k = 1; k <= NF; k++) col[$k] = k }
	    NR > 1 && $col["nodes"] == n { print $col[c] }'
}

start_size 120x40
run "$S" "burnin $N1 level=1"
wait_for "$S" 'Go on\? \[y/N\]'
ok $? "burnin asks y or n"
keys "$S" y Enter
wait_for "$S" "running 1 "
ok $? "the burn-in runs on $N1 (3 s in the simulator)"
keys "$S" q
wait_for "$S" "Quit and leave it interrupted"
ok $? "q asks first"

# The console goes on under the box.
screen_like "$S" " 1/1 ended " "under the box, the burn-in goes on and ends"
wait_for "$S" "The burn-in has ended\\."
ok $? "with the box still open, saying the run has ended"
shows "$S" "^$N1 +passed "
ok $? "the table behind has the node's verdict"

# Keys for views are not the answer: nothing typed, no view changed.
keys "$S" 2 8 x
keys "$S" n
wait_for "$S" 'Go on\? \[y/N\] n'
ok $? "n is the answer typed"
screen_like "$S" 'Go on\? \[y/N\] n +│' "2, 8 and x are not typed into it"
keys "$S" Enter
wait_gone "$S" "Quit and leave it interrupted"
ok $? "n and Enter close the box"
alive "$S"
ok $? "and the console runs on"
# The run's end waited for the box: then it ends (its message may come
# before the box's or after it).
screen_like "$S" "^burn-in [0-9-]+ done: [0-9]+ passed" \
    "the run ends once the box is closed"
screen_like "$S" "^burn-in [0-9-]+ +level 1 +$N1 +done" \
    "the Burn-in view is still shown, the run done"
RUN=$(runs "$N1" run)
is "$(runs "$N1" status)" done "list-burnins: the run is done"
elapsed=$($MYRIAD $ARGS -c "list-burnins -o tsv $RUN" | awk -F'\t' '
    NR == 1 { for (k = 1; k <= NF; k++) if ($k == "elapsed") c = k }
    NR > 1 { print int($c) }')
[ -n "$elapsed" ] && [ "$elapsed" -le 5 ]
ok $? "the node's time is the simulated 3 s, not the box's ($elapsed s)"

# Another console's burn-in, seen from batch mode.
ARGS="-F $T/long $SIM"
start long 100 30
run long "burnin $N2 level=1"
wait_for long 'Go on\? \[y/N\]'
keys long y Enter
wait_for long "running 1 "
ok $? "a second console burns in $N2 (600 s)"
is "$(runs "$N2" status)" running \
    "list-burnins in another shell: running, while that console lives"
pid=$(tm list-panes -t long -F '#{pane_pid}')
kill -9 "$pid"
dead() {	# dead PID: gone, or a zombie tmux has not waited for yet
	! ps -o stat= -p "$1" | grep -qv Z
}
poll "$TUI_WAIT" dead "$pid"
ok $? "the console is killed"
is "$(runs "$N2" status)" interrupted "then it is interrupted"
done_testing
