#!/bin/sh
# Drain in the console (the simulator, in tmux): two marked nodes,
# :drain reason=x, the confirmation shows the set, the count and the
# running jobs; a wrong count, Enter alone or Escape cancels and nothing
# changes; the count typed drains, and list-nodes shows it with the reason.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

S=ops
start "$S" 120 40
ok $? "the console starts in tmux"
H=40

state() {	# state: gpu0001 and gpu0002's states from :list-nodes
	run "$S" 'list-nodes gpu[0001-0002]'
	wait_for "$S" '^output ' || return 1
	screen "$S" | awk '$1 ~ /^gpu000[12]$/ { print $3 }' | sort -u |
	    tr '\n' ' '
	keys "$S" q
	wait_gone "$S" '^output '
}
before=$(state)
like "$before" '^(allocated|mixed|idle) ' "before: the nodes are in service ($before)"

run "$S" 'mark gpu[0001-0002]'
wait_line "$S" $((H - 1)) ' 2 marked *$'
ok $? "two nodes marked"

ask() {	# ask: :drain reason=x, until the box shows
	run "$S" 'drain reason=x'
	wait_for "$S" 'Type 2 to go on'
}

ask
ok $? "drain asks"
screen_like "$S" 'drain gpu\[0001-0002\]: 2 nodes' "the box shows the folded set and the count"
screen_like "$S" 'running jobs affected: ([0-9]+ \([0-9_ ]+( \.\.\.)?\)|none)' \
    "and the running jobs affected"
screen_like "$S" "controller \\(simulated\\): scontrol update 'NodeName=gpu\\[0001-0002\\]' State=DRAIN Reason=x" \
    "and the command it will run"

type_text "$S" 3
keys "$S" Enter
wait_gone "$S" 'Type 2 to go on'
ok $? "a wrong count closes the box"
screen_like "$S" 'refused: not confirmed' "and says no"
is "$(state)" "$before" "a wrong count changes nothing"

ask
keys "$S" Enter
wait_gone "$S" 'Type 2 to go on'
is "$(state)" "$before" "Enter alone is no"

ask
type_text "$S" 2
keys "$S" Escape
wait_gone "$S" 'Type 2 to go on'
ok $? "Escape closes the box"
is "$(state)" "$before" "Escape cancels, even with the count typed"

ask
type_text "$S" 2
keys "$S" Enter
screen_like "$S" '^gpu\[0001-0002\] \(2\)' "the count typed: the result, folded"
screen_like "$S" '^ok: drained' "it succeeded"
keys "$S" q
wait_gone "$S" '^output '
run "$S" 'list-nodes gpu[0001-0002]'
screen_like "$S" '^gpu0001 .* drain(ed|ing) .* x \[[a-z]+@2027-01-15T08:00:00\]' \
    "list-nodes shows gpu0001 drained, with the reason and [user@time]"
screen_like "$S" '^gpu0002 .* drain(ed|ing) .* x \[' "and gpu0002"
keys "$S" q
wait_gone "$S" '^output '
run "$S" 'view node'
screen_like "$S" 'reason: x \[[a-z]+@2027-01-15T08:00:00\]' \
    "the node view shows the reason with [user@time]"
run "$S" 'view map'

# One node (the cursor's when none is marked): y to go on.
run "$S" 'mark -c'
run "$S" 'resume gpu0001'
wait_for "$S" 'Go on\? \[y/N\]'
ok $? "one node: y/N"
keys "$S" y Enter
screen_like "$S" '^gpu0001 \(1\)' "resume: the result"

# --read-only: drain is refused, and not completed at the prompt.
start ro 100 30 --read-only
keys ro :
type_text ro 'dra'
keys ro Tab
type_text ro 'X'
wait_line ro 30 '^:draX$'
ok $? "--read-only: Tab does not complete dra to drain"
keys ro C-u
type_text ro 'drain gpu0001 reason=x'
keys ro Enter
screen_like ro 'drain: refused: myriad is read-only' "--read-only: :drain is refused"
keys "$S" q
wait_gone "$S" '^output '
keys "$S" :
type_text "$S" 'dra'
keys "$S" Tab
type_text "$S" 'X'
wait_line "$S" $H '^:drain X$'
ok $? "without it, Tab completes dra to drain"
keys "$S" Escape

# The audit log has it all: 3 refusals, then intent and result, twice.
is "$(sed 's/.*"phase":"\([a-z]*\)".*/\1/' "$XDG_STATE_HOME/myriad/audit.jsonl" | tr '\n' ' ')" \
    "refused refused refused intent result intent result " \
    "the audit log: each refusal, each intent and result"
# A terminal that hangs up while the box waits for an answer: no answer
# comes, so nothing runs and the console ends (it spun for 5 minutes).
start hup 120 40
run hup 'drain gpu0001 reason=x'
wait_for hup 'Go on\? \[y/N\]'
ok $? "one node: the box asks y or n"
pid=$(tm list-panes -t hup -F '#{pane_pid}')
tm kill-session -t hup
i=0
while [ $i -lt 50 ] && kill -0 "$pid" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
kill -0 "$pid" 2>/dev/null
ok $((! $?)) "a terminal that hangs up during the box ends the console"
kill -9 "$pid" 2>/dev/null
done_testing
