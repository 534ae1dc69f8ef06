#!/bin/sh
# A console on the simulator sees what another myriad process changed:
# a drain made by a batch run shows in the node view within one refresh
# (refresh.slurm), no key pressed; a resume too; and a drain made in the
# console is seen by the next batch run.
. t/lib/tap.sh
printf 'refresh = { slurm = 15; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 1k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh
M="$MYRIAD $ARGS"
# One refresh, and the wait for the screen after it.
WAIT=$((15 + TUI_WAIT))

S=state
start "$S" 120 40
ok $? "the console starts in tmux"
run "$S" 'open gpu0030'
screen_like "$S" 'gpu0030' "the node view of gpu0030"
screen_like "$S" 'allocated' "allocated, not drained"
settle "$S"
tui_not shows "$S" 'reason:'
ok $? "no reason"

$M -y -c 'drain gpu0030 reason="psu swap"' > "$T/out" 2>&1
is "$?" 0 "a batch run drains gpu0030"
poll "$WAIT" shows "$S" 'reason: psu swap \['
ok $? "the console shows the reason within one refresh, no key pressed"
screen_like "$S" 'draining' "and the node draining"

$M -y -c 'resume gpu0030' > "$T/out" 2>&1
is "$?" 0 "a batch run resumes it"
poll "$WAIT" tui_not shows "$S" 'reason: psu swap'
ok $? "the console shows it resumed within one refresh"

run "$S" 'drain -y gpu0031 reason=fans'
screen_like "$S" '^ok: drained' "the console drains gpu0031"
like "$($M -c 'list-nodes -o tsv gpu0031' | awk -F'\t' 'NR > 1 { print $3 "|" $7 }')" \
    '^(draining|drained)\|fans \[' "the next batch run sees it"

run "$S" quit
poll "$TUI_WAIT" tui_not alive "$S"
ok $? "the console quits"

done_testing
