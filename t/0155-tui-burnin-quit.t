#!/bin/sh
# Quit while a burn-in runs: the box says how many nodes still run, and
# says so when the last ends under it; y then runs the burn-in's on-pass
# and on-fail actions before the console ends, and the run is kept done,
# not interrupted (review D16).
. t/lib/tap.sh
printf 'sim = { diag-seconds = 3; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# gpu0155's GPU 6 fails a level 1 burn-in at this time.
start_size 100x30
run "$S" "burnin gpu0155 level=1 on-pass=resume on-fail=drain"
wait_for "$S" "Go on\\? \\[y/N\\]"
ok $? "burnin asks"
keys "$S" y Enter
wait_for "$S" "gpu0155 +running"
ok $? "the burn-in runs"
keys "$S" q
wait_for "$S" "A burn-in is running on 1 node\\."
ok $? "q: the box says the burn-in runs"
wait_for "$S" "The burn-in has ended\\."
ok $? "the box says so when it ends under it"
keys "$S" y Enter
poll "$TUI_WAIT" tui_not alive "$S"
ok $? "y: the console ends"
$MYRIAD $ARGS -c 'list-burnins -o tsv -n 1' > "$T/runs" 2>&1
is "$(tail -n +2 "$T/runs" | cut -f2,9)" "done	1" \
    "the run is kept done, its node failed, not interrupted"
run=$(tail -n +2 "$T/runs" | cut -f1)
$MYRIAD $ARGS -c "list-burnins -o json $run" > "$T/nodes" 2>&1
like "$(grep gpu0155 "$T/nodes")" '"state":"failed".*"action":"drained"' \
    "its on-fail=drain ran before the console ended"
done_testing
