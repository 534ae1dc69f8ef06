#!/bin/sh
# The Burn-in view, in tmux on the simulated cluster: :burnin asks for the
# node count, the view shows the nodes running, a progress bar and the
# time, then each node's verdict and the run's in the message line;
# burnin-cancel stops a run, its nodes cancelled.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 2; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# Four idle or drained nodes, as batch mode sees them.
NODES=$($MYRIAD $ARGS -c 'list-nodes -o tsv' | awk -F'\t' '
    $3 == "idle" || $3 == "drained" { print $1; if (++n == 8) exit }')
SET1=$($MYRIAD $ARGS -c "nodeset -f $(echo "$NODES" | head -4 | tr '\n' ' ')")
SET2=$($MYRIAD $ARGS -c "nodeset -f $(echo "$NODES" | tail -4 | tr '\n' ' ')")
[ -n "$SET1" ] && [ -n "$SET2" ]
ok $? "eight idle or drained nodes: $SET1 and $SET2"

start_size 120x30
run "$S" "burnin $SET1 level=2"
wait_for "$S" "Type 4 to go on"
ok $? "burnin asks for the node count"
type_text "$S" 4
keys "$S" Enter
wait_for "$S" "^burn-in [0-9-]+ +level 2 +$(echo "$SET1" | sed 's/[][]/\\&/g') +running"
ok $? "the Burn-in view opens on the run"
wait_for "$S" "running 4"
ok $? "the four nodes run at once"
shows "$S" "^gpu[0-9]+ +running "
ok $? "a node's row says running"
shows "$S" " 0/4 ended +0:0[0-9] elapsed +~0:0[0-9] left"
ok $? "the progress line: ended, elapsed, estimated"
wait_for "$S" " 4/4 ended"
ok $? "every node ends"
wait_for "$S" "burn-in [0-9-]+ done: [0-9] passed, 0 warned, [0-9] failed, 0 unreachable"
ok $? "the message line has the run's verdict"
n=$(screen "$S" | grep -cE '^gpu[0-9]+ +(passed|failed) ')
is "$n" 4 "each node's row has its verdict"
screen "$S" | grep -E '^gpu[0-9]+ +failed ' | sed 's/^/# /'
if screen "$S" | grep -qE '^gpu[0-9]+ +failed '; then
	shows "$S" '^gpu[0-9]+ +failed .*fail [0-9]'
	ok $? "a failed node names its GPU"
fi

# A long one, cancelled.
run "$S" "burnin $SET2 level=4"
wait_for "$S" "Type 4 to go on"
type_text "$S" 4
keys "$S" Enter
wait_for "$S" "running 4"
ok $? "a second run starts"
run "$S" "burnin-cancel"
wait_for "$S" "cancelled 4"
ok $? "burnin-cancel stops its four nodes"
wait_for "$S" "burn-in [0-9-]+ cancelled: 0 passed, 0 warned, 0 failed, 0 unreachable"
ok $? "the message line says it was cancelled"

# The store has both.
$MYRIAD $ARGS -c 'list-burnins -o tsv' > "$T/runs"
is "$(tail -n +2 "$T/runs" | cut -f2 | tr '\n' ' ')" "cancelled done " \
    "list-burnins: the cancelled run, then the done one"
done_testing
