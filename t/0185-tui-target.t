#!/bin/sh
# What a command acts on in the console (the simulator, in tmux): the Node
# view's node; in Jobs, the nodes of the cursor's job; marked nodes before
# the cursor's, and the box (and a dry run) says which, and what they win
# over; the status line counts the marks in every view.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')

# The second job in the queue's order (the Jobs view's second row), its
# node count and nodes; the first job that waits.
$MYRIAD $ARGS -c 'list-jobs -o tsv' > "$T/jobs.tsv"
eval "$(awk -F"$TAB" 'NR == 3 { printf "JOB=%s JOBN=%s JOBSET=\047%s\047\n",
    $1, $6, $12 }
    $5 == "PENDING" && !p { p = $1; printf "PEND=%s\n", $1 }' "$T/jobs.tsv")"
[ -n "$JOB" ] && [ "$JOBN" -gt 1 ] && [ -n "$PEND" ]
ok $? "batch mode: job $JOB on $JOBN nodes, $JOBSET; job $PEND waits"
JOBRE=$(printf '%s' "$JOBSET" | sed 's/[][]/\\&/g')

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
S=target H=40
start "$S" 120 $H
ok $? "the console starts in tmux"

box_gone() {	# box_gone: Escape, until the box is gone
	keys "$S" Escape
	wait_gone "$S" 'Go on\? \[y/N\]|to go on, Esc cancels'
}

# 1. The Node view: its node.
keys "$S" 6
wait_line "$S" 2 '^gpu0001 +rack '
keys "$S" Right
wait_line "$S" 2 '^gpu0002 +rack '
ok $? "the Node view shows gpu0002"
run "$S" 'drain reason=x'
screen_like "$S" 'drain gpu0002: 1 node' "node view: drain acts on its node"
screen_like "$S" "the Node view's gpu0002" "and the box says it is the Node view's"
box_gone
run "$S" resume
screen_like "$S" '^ok: not drained \(allocated\)' \
    "resume of its node, not drained: nothing to ask, and it says so"
keys "$S" q
wait_gone "$S" '^output '
keys "$S" Space
wait_line "$S" $((H - 1)) ' 1 marked *$'
ok $? "node view: Space marks its node"
like "$(line "$S" 2)" '^gpu0002 +rack ' "and the view stays on it"
run "$S" 'mark -c'

# 2. Jobs: the nodes of the cursor's job.
keys "$S" 3
wait_for "$S" '^JOBID +USER'
keys "$S" j
run "$S" 'drain reason=x'
screen_like "$S" "drain $JOBRE: $JOBN nodes" "jobs: drain acts on the job's nodes"
screen_like "$S" "the $JOBN nodes of job $JOB" "and the box says they are the job's"
box_gone
run "$S" "goto $PEND"
run "$S" resume
screen_like "$S" "job $PEND is PENDING: no nodes to act on" \
    "a job that waits has no nodes to act on"

# 3. Marks win over the cursor, and the box says over what.
keys "$S" 1
run "$S" 'goto gpu0002'
wait_line "$S" $((H - 4)) '^gpu0002 '
run "$S" 'mark gpu0001'
wait_line "$S" $((H - 1)) ' 1 marked *$'
ok $? "gpu0001 marked, the cursor on gpu0002"
run "$S" 'drain reason=x'
screen_like "$S" 'drain gpu0001: 1 node' "map: drain acts on the marked node"
screen_like "$S" "the 1 marked node \\(not the cursor's gpu0002\\)" \
    "and the box says it is not the cursor's"
box_gone
run "$S" 'drain -n reason=x'
screen_like "$S" 'NodeName=gpu0001 State=DRAIN' "a dry run: the marked node"
screen_like "$S" "the 1 marked node \\(not the cursor's gpu0002\\)" \
    "says so too"
keys "$S" q
wait_gone "$S" '^output '
run "$S" 'mark gpu0002'
run "$S" 'drain reason=x'
screen_like "$S" "the 2 marked nodes \\(the cursor's gpu0002 among them\\)" \
    "marks with the cursor's node among them"
box_gone
keys "$S" 3
keys "$S" k
run "$S" 'drain reason=x'
screen_like "$S" "the 2 marked nodes \\(not the [0-9]+ nodes? of job " \
    "jobs: marks win over the job, and the box says so"
box_gone
keys "$S" 6
run "$S" 'drain reason=x'
screen_like "$S" "the 2 marked nodes \\(the Node view's gpu0002 among them\\)" \
    "node view: marks with its node among them"
box_gone

# 4. The count of marks on the status line, in every view and the pager.
for v in 1 2 3 4 5 6 7 8; do
	keys "$S" $v
	wait_line "$S" $((H - 1)) ' 2 marked *$'
	ok $? "view $v: the status line says 2 marked"
done
run "$S" 'list-nodes'
wait_for "$S" '^output '
wait_line "$S" $((H - 1)) ' 2 marked *$'
ok $? "the pager: the status line says 2 marked"
done_testing
