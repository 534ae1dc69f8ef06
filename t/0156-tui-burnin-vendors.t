#!/bin/sh
# The Burn-in view on a mixed simulated cluster (--sim-mix), in tmux: the
# NVIDIA node runs dcgmi diag and the AMD nodes rvs, each read to its
# verdict; the Ascend and Hygon nodes are refused from the start, their
# rows saying the vendor and why, the count line `refused 2', and the
# message line has the run's counts, the refused among them, once.  The confirmation asks for the count of the
# nodes that run, 3, and says 2 are refused; at 80x24 its long lines wrap
# at spaces, a word whole on its row.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 1; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 1024 --sim-mix h100:2,mi300x:1,910b:1,k100:1 --sim-time 3600 --fault-rate 0"
. t/lib/tui.sh
# gpu0001-0056 H100, gpu0057-0088 MI300X, gpu0089-0112 910B, 0113- K100.
SET='gpu[0001,0057-0058,0089,0113]'

start_size 120x30
run "$S" "burnin -f $SET level=3"
wait_for "$S" "Type 3 to go on"
ok $? "burnin asks for the count of the nodes that run, 3 of 5"
shows "$S" "refused: 2 nodes \(below\); it runs on 3"
ok $? "the box says how many are refused"
type_text "$S" 3
keys "$S" Enter
wait_for "$S" "^burn-in [0-9.-]+ +level 3 +gpu\[0001,0057-0058,0089,0113\]"
ok $? "the Burn-in view opens on the run"
wait_for "$S" "refused 2"
ok $? "the count line: refused 2"
wait_for "$S" "^gpu0089 +refused +.*huawei: myriad reads no Ascend"
ok $? "the Ascend node's row: refused, the vendor and why"
shows "$S" "^gpu0113 +refused +.*hygon: myriad reads no Hygon"
ok $? "the Hygon node's row: refused"
wait_for "$S" " 5/5 ended"
ok $? "every node ends"
wait_for "$S" "burn-in [0-9.-]+ done: 3 passed, 0 warned, 0 failed, 2 refused, 0 unreachable"
ok $? "the message line: the three tested passed, the two refused"
screen "$S" | grep -c 'myriad: burnin: ' > "$T/again"
is "$(cat "$T/again")" 0 "the message line says the counts once"
shows "$S" "^gpu0057 +passed .*pass 0-7"
ok $? "the MI300X node passed rvs, its GPUs 0-7 read"
shows "$S" "^gpu0001 +passed .*pass 0-7"
ok $? "the H100 node passed dcgmi diag"

# At 80 columns the box's lines wrap at spaces: no word is cut.
start_size 80x24
run "$S" "burnin -f $SET level=3"
wait_for "$S" "Type 3 to go on"
ok $? "80x24: the box asks"
# Each word of the box's refusals is a word of the dry run's, not a piece.
$MYRIAD $ARGS -n -c "burnin -f $SET level=3" 2>&1 | tr ' ' '\n' |
    sort -u > "$T/words"
screen "$S" | sed -n '/^ *│ refused: gpu0089/,/^ *│ no on-pass/p' |
    sed 's/^ *│//; s/│ *$//' | tr ' ' '\n' | grep -v '^$' | sort -u > "$T/boxwords"
is "$(comm -23 "$T/boxwords" "$T/words" | tr '\n' ' ')" "" \
    "80x24: the box's rows cut no word"
keys "$S" Escape
wait_gone "$S" "Type 3 to go on"
ok $? "80x24: Escape cancels"
done_testing
