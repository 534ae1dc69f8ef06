#!/bin/sh
# Going to a node or a job by name, from any view (the simulator, in tmux):
# goto, its key f and its completion; view node NAME and open NAME; / on
# the map finds nodes, dims the rest and puts the cursor on the first, n
# and N go to the next and previous; the goto key is bound in no keymap
# before.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')

# How many characters of lines FIRST to LAST are drawn bold, and how many
# neither bold nor dim, blanks apart: "BOLD PLAIN".
map_attrs() {	# map_attrs SESSION FIRST LAST
	attrs "$1" | awk -v f="$2" -v l="$3" '
	NR % 2 == 1 { t = $0; next }
	NR / 2 >= f && NR / 2 <= l {
		for (i = 1; i <= length(t); i++) {
			if (substr(t, i, 1) == " ")
				continue
			k = index("0123456789abcdef", substr($0, i, 1)) - 1
			if (k % 2 == 1)
				b++
			else if (int(k / 4) % 2 == 0)
				o++
		}
	}
	END { print b + 0, o + 0 }'
}

info() {	# info SESSION: the map's line of the cursor's node
	line "$1" $((H - 4))
}

# What batch mode says: the 20th job and its nodes, gpu0447's rack, and
# a job whose id but its last digit starts no other.
$MYRIAD $ARGS -c 'list-jobs -o tsv' > "$T/jobs.tsv"
JOB=$(awk -F"$TAB" 'NR == 21 { print $1 }' "$T/jobs.tsv")
ONLY=$(awk -F"$TAB" 'NR > 1 { id[NR] = $1; p = substr($1, 1, length($1) - 1)
	n[p]++; of[p] = $1 }
    END { for (p in n) if (n[p] == 1) { print of[p]; exit } }' "$T/jobs.tsv")
JOBNODES=$(awk -F"$TAB" 'NR == 21 { print $12 }' "$T/jobs.tsv")
JOBFIRST=$($MYRIAD -c "nodeset -e '$JOBNODES'" | awk '{ print $1 }')
RACK=$($MYRIAD $ARGS -c 'list-nodes -o tsv gpu0447' | awk -F"$TAB" \
    'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "rack") k = i; next }
    { print $k }')
[ -n "$JOB" ] && [ -n "$JOBFIRST" ] && [ -n "$RACK" ] && [ -n "$ONLY" ]
ok $? "batch mode: job $JOB on $JOBNODES, gpu0447 in rack $RACK, job $ONLY"

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
S=goto H=40
start "$S" 120 $H
ok $? "the console starts in tmux"
wait_line "$S" $H ' f go to '
ok $? "the line of keys at the bottom names f"

# 1. The map: goto puts the cursor on the node's cell.
run "$S" 'goto gpu0447'
wait_like "^gpu0447 +$RACK " "map: goto gpu0447 puts the cursor on its cell" \
    info "$S"
run "$S" 'goto nosuchnode'
screen_like "$S" "no node or job 'nosuchnode'" "an unknown name is an error"

# 2. The key f opens the prompt with goto typed; Tab completes a node.
keys "$S" f
type_text "$S" X
wait_line "$S" $H '^:goto X$'
ok $? "f opens the prompt with 'goto ' typed"
keys "$S" BSpace
type_text "$S" gpu125
keys "$S" Tab
type_text "$S" X
wait_line "$S" $H '^:goto gpu1250 X$'
ok $? "Tab completes a node name after goto"
keys "$S" C-u
type_text "$S" "goto ${ONLY%?}"
keys "$S" Tab
type_text "$S" X
wait_line "$S" $H "^:goto $ONLY X\$"
ok $? "Tab completes a job id after goto"
keys "$S" C-u
type_text "$S" 'goto gpu0448'
keys "$S" Enter
wait_like '^gpu0448 ' "f, a name and Enter go there" info "$S"

# 3. A job on the map: its nodes shown, the cursor on the first.
run "$S" "goto $JOB"
wait_like "^$JOBFIRST " "map: goto JOB puts the cursor on the job's first node" \
    info "$S"
screen_like "$S" "job $JOB .* on the map" "and shows the job's nodes"
keys "$S" Escape
settle "$S"

# 4. / on the map: the cursor on the first node found, the others dimmed,
# n and N to the next and the previous, round the end.
map_attrs "$S" 2 19 > "$T/before"
keys "$S" /
type_text "$S" 'gpu[0440-0443,0900]'
keys "$S" Enter
wait_like '^gpu0440 ' "map: a filter puts the cursor on the first node found" \
    info "$S"
screen_like "$S" '5 nodes match gpu\[0440-0443,0900\]' "and counts the nodes found"
wait_is "5 0" "the 5 cells found are bold, the rest dim ($(cat "$T/before") before)" \
    map_attrs "$S" 2 19
keys "$S" n
wait_like '^gpu0441 ' "n: the next node found" info "$S"
keys "$S" N N
wait_like '^gpu0900 ' "N twice: the previous, round the start" info "$S"
keys "$S" n
wait_like '^gpu0440 ' "n: the next, round the end" info "$S"
keys "$S" Escape
# Bold or plain, none dim, as before the filter (which cells are bold
# changes with the alerts the console reads meanwhile).
undimmed() { map_attrs "$1" 2 19 | awk '{ print $1 + $2 }'; }
wait_is "$(awk '{ print $1 + $2 }' "$T/before")" \
    "Escape clears the filter: no cell dim, as before" undimmed "$S"
keys "$S" /
type_text "$S" 'state~drain'
keys "$S" Enter
wait_like '^gpu[0-9]+ .*drain' "an expression finds nodes too" info "$S"
keys "$S" Escape

# 5. view node NAME and open NAME.
run "$S" 'view node gpu0447'
wait_line "$S" 2 '^gpu0447 +rack '
ok $? "view node gpu0447 opens its Node view"
run "$S" 'view map'
run "$S" 'open gpu0449'
wait_line "$S" 2 '^gpu0449 +rack '
ok $? "open gpu0449 opens its Node view"
run "$S" 'goto gpu0450'
wait_line "$S" 2 '^gpu0450 +rack '
ok $? "node view: goto shows the node"

# 6. GPUs: the cursor on the node's first GPU row.
keys "$S" 2
wait_for "$S" '^NODE +GPU +UTIL%'
run "$S" 'goto gpu0447'
wait_like '^gpu0447 ' "gpus: goto puts the cursor on a row of the node" \
    cursor_row "$S" '^NODE +GPU +UTIL%'
keys "$S" N
run "$S" 'goto gpu0901'
wait_like '^gpu0901 +0 ' "sorted by node: on its first GPU" \
    cursor_row "$S" '^NODE. +GPU +UTIL%'
run "$S" 'filter gpu0001'
run "$S" 'goto gpu0447'
wait_line "$S" 2 '^gpu0447 +rack '
ok $? "a node the filter hides: its Node view"
screen_like "$S" 'gpu0447 is not in the GPUs view: its Node view instead' \
    "and says so"

# 7. Jobs: the cursor on the job; a node from there is its Node view.
keys "$S" 3
wait_for "$S" '^JOBID +USER'
run "$S" "goto $JOB"
wait_like "^$JOB " "jobs: goto JOB puts the cursor on the job" \
    cursor_row "$S" '^JOBID +USER'
# A node: the cursor on its job, or with none its Node view, and it says so.
run "$S" 'goto gpu0447'
screen_like "$S" 'gpu0447 runs job [0-9]+' "jobs: goto NODE names the node's job"
NJOB=$(screen "$S" | sed -n 's/.*gpu0447 runs job \([0-9][0-9]*\).*/\1/p')
wait_like "^$NJOB " "jobs: goto NODE puts the cursor on its job, $NJOB" \
    cursor_row "$S" '^JOBID +USER'
NJOBNODES=$($MYRIAD $ARGS -c "list-jobs -o tsv -w id~$NJOB" |
    awk -F"$TAB" -v j="$NJOB" '$1 == j { print $12 }')
like "$($MYRIAD -c "nodeset -e '$NJOBNODES'")" '(^| )gpu0447( |$)' \
    "jobs: job $NJOB runs on gpu0447 ($NJOBNODES)"
run "$S" 'goto gpu0398'
wait_line "$S" 2 '^gpu0398 +rack '
ok $? "jobs: goto NODE of a down node opens its Node view"
screen_like "$S" 'gpu0398 runs no job: its Node view instead' "and says why"
run "$S" "goto $JOB"
wait_like "^$JOB " "node view: goto JOB shows the job in Jobs" \
    cursor_row "$S" '^JOBID +USER'

# 8. Cooling: the cursor on the node's rack.
keys "$S" 4
wait_for "$S" '^RACK +INLET'
run "$S" 'goto gpu0447'
wait_like "^$RACK " "cooling: goto puts the cursor on the node's rack" \
    cursor_row "$S" '^RACK +INLET'

# 9. The key f is bound once, in the root table, in every keymap, and n
# and N only in the map's.
for map in default vi emacs; do
	mkdir -p "$T/$map/myriad"
	echo "keymap = \"$map\";" > "$T/$map/myriad/myriad.conf"
	XDG_CONFIG_HOME="$T/$map" $MYRIAD -c list-keys > "$T/keys.$map"
	is "$(grep -Ec "^bind (-T [a-z]+ )?f " "$T/keys.$map")" 1 \
	    "$map keymap: f is bound once"
	like "$(grep -E "^bind (-T [a-z]+ )?f " "$T/keys.$map")" \
	    "^bind f 'command-prompt -I '" "$map keymap: f is goto's prompt"
	is "$(grep -E "^bind (-T [a-z]+ )?n " "$T/keys.$map" | grep -v '^bind -T pager ')" \
	    "bind -T map n 'cursor next-match'" \
	    "$map keymap: n only on the map (and in the pager, its search)"
done
done_testing
