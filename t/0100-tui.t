#!/bin/sh
# The console as an operator meets it, driven in tmux at 80x24 and 250x70:
# the first screen, the views and the tab bar (keys, commands, a mouse
# click), the : prompt (editing, errors, history kept across a restart,
# completion), filters, sorts, marks, keymaps and key bindings, resizing,
# colour and its absence, the C locale, suspend and SIGTERM from a shell,
# and :dump-screen against the terminal.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')
ESC=$(printf '\033')
# Our configuration, in $T: a cluster with a name.
mkdir -p "$T/config/myriad"
echo 'cluster = "hopper";' > "$T/config/myriad/myriad.conf"

no_age() {	# the screen without the status line's age, which ticks
	sed -e 's/age [^ |]*/age -/'
}

same_screens() {	# same_screens A B: two screens agree, but for the age
	screen "$1" | no_age > "$T/same1"
	screen "$2" | no_age > "$T/same2"
	cmp -s "$T/same1" "$T/same2"
}

wait_same() {	# wait_same A B: until two screens agree, but for the age
	poll "$TUI_WAIT" same_screens "$1" "$2" && return 0
	diff "$T/same1" "$T/same2" | sed 's/^/# /' | head -n 20
	return 1
}

wait_cursor() {	# wait_cursor SESSION HEADING ROW: until the cursor is on
		# ROW
	poll "$TUI_WAIT" tui_is "$3" cursor_row "$1" "$2"
}

gpu_rows() {	# gpu_rows SESSION PATTERN: how many GPU rows are like
		# PATTERN, and how many not
	rows_after "$1" "$GPUHEAD" > "$T/rows"
	echo "$(grep -Ec -- "$2" "$T/rows") $(grep -Evc -- "$2" "$T/rows")"
}

status_line() {	# status_line SESSION: the status line, without the age
	line "$1" $(($(height "$1") - 1)) | no_age
}

# The title of the highlighted tab: the first " N Title" on the top line
# drawn in reverse, bold or on a background colour.
tab_selected() {
	attrs "$1" | awk 'NR == 1 { t = $0 } NR == 2 {
		while (match(t, / [1-7] [A-Za-z]+/)) {
			if (substr($0, RSTART, 1) != "0") {
				print substr(t, RSTART + 1, RLENGTH - 1)
				exit
			}
			t = substr(t, RSTART + RLENGTH)
			$0 = substr($0, RSTART + RLENGTH)
		}
		exit
	}'
}

cursor_x() {	# cursor_x SESSION: the terminal cursor's column, from 0
	tm display-message -p -t "$1" '#{cursor_x}'
}

colour_codes() {	# colour_codes SESSION: SGR colour parameters shown
	tm capture-pane -e -p -t "$1" | awk -v RS="$ESC" '
	match($0, /^\[[0-9;]*m/) {
		n = split(substr($0, 2, RLENGTH - 2), p, ";")
		for (i = 1; i <= n; i++) {
			if (p[i] == 38 || p[i] == 48) {
				print p[i] ";" p[i + 1] ";" p[i + 2]
				i += 2
			} else if ((p[i] >= 30 && p[i] <= 37) ||
			    (p[i] >= 40 && p[i] <= 47) ||
			    (p[i] >= 90 && p[i] <= 107))
				print p[i]
		}
	}' | sort -u | tr '\n' ' '
}

# The server, kept up by a session of its own while consoles come and go.
tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"
# A console that ends leaves its last words on the screen.
tm set-option -g remain-on-exit on

# What batch mode says of the same cluster, for the status line.
$MYRIAD $ARGS -c 'list-nodes -o tsv' > "$T/nodes.tsv"
$MYRIAD $ARGS -c 'list-gpus -o tsv' > "$T/gpus.tsv"
STATES=$(awk -F"$TAB" 'NR > 1 {
	if ($3 ~ /drain/) d++
	else if ($3 ~ /^(down|fail)/) x++
	else if ($3 ~ /^(alloc|mix|comp)/) a++
	else if ($3 ~ /^idle/) i++
	else o++
	if ($5 != "yes" && $5 != "") u++ }
    END { printf "alloc %d idle %d drain %d down %d%s %d\n", a, i, d, x,
	o ? " other " o : "", u }' "$T/nodes.tsv")
UNREACH=${STATES##* }
STATES=${STATES% *}
# Alerts: the nodes that need attention, new + handled (list-alerts), as
# a pattern.
ALERTS=$($MYRIAD $ARGS -c 'list-alerts -o tsv' | awk -F"$TAB" '
    NR > 1 { if ($3 == "new") n++; else h++ } END { print n + 0 "[+]" h + 0 }')
GPUSTAT=$(awk -F"$TAB" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    {
	if ($c["util_pct"] != "") { util += $c["util_pct"]; n++ }
	if ((w = $c["power_w"]) != "") {
		if (np == 0 || w + 0 > pmax)
			pmax = w + 0
		if (np == 0 || w + 0 < pmin)
			pmin = w + 0
		np++
	}
    }
    END { printf "%.0f %d %d\n", util / n, pmax, pmin }' "$T/gpus.tsv")
set -- $GPUSTAT
UTIL=$1 PMAX=$2 PMIN=$3
N85=$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["temp_c"] != "" && $c["temp_c"] > 85' "$T/gpus.tsv" | wc -l |
    tr -d ' ')
# The status line as it must read; narrow, without spaces round the bars.
S1=$(echo "$STATES" | sed 's/ /  */g')
STATUS="^ $S1 ?\| ?util $UTIL% ?\| ?alerts $ALERTS ?\| ?age ([0-9]+s|<1s)"
STATUS="$STATUS ?\| ?unreach $UNREACH\$"
TABS=" 1 Map 2 GPUs 3 Jobs 4 Cooling 5 Links 6 Node 7 Events"
LEGEND="^state +A allocated +M mixed +I idle +D drain +X down +\? unreachable"
GPUHEAD="^NODE +GPU +UTIL%"

# 1. The first screen, at both sizes.
for size in 80x24 250x70; do
	W=${size%x*}
	H=${size#*x}
	S="first$W"
	if ! start "$S" "$W" "$H"; then
		ok 1 "$size: the console starts"
		continue
	fi
	ok 0 "$size: the console starts"
	# At 80 columns the name "myriad" goes to make room for the tabs,
	# then the tab that still does not fit.
	name="myriad hopper" tabs="$TABS 8 Burn-in"
	[ "$W" -le 80 ] && name=hopper tabs=$TABS
	wait_like "^$name SIMULATED +$tabs\$" \
	    "$size: the top line: the cluster, SIMULATED, the tabs" line "$S" 1
	wait_is "1 Map" "$size: the Map tab is highlighted" tab_selected "$S"
	wait_like "$STATUS" \
	    "$size: the status line, second to last, counts as batch mode does" \
	    line "$S" $((H - 1))
	screen_like "$S" "^r001 +r009 +r017 +r025" \
	    "$size: the map has its rack labels"
	screen_like "$S" "r145 +r153\$" "$size: every rack is labelled, to r153"
	screen_like "$S" "$LEGEND" "$size: the map has its legend"
	screen_like "$S" "^gpu0001 +r001 +idle" \
	    "$size: the cursor's line names gpu0001, its rack and state"
	wait_like "^\? keys +: command +/ filter" \
	    "$size: the bottom line says which keys do what" line "$S" "$H"

	# 11. :dump-screen writes what the terminal shows, once tmux has
	# caught up.  The data may still come in for a moment after the
	# start: a few tries.
	D="$T/dump-$size.txt"
	same_dump "$S" "$D"
	ok $? "$size: :dump-screen writes the lines the terminal shows"
	is "$(wc -l < "$D" | tr -d ' ')" "$H" "$size: all $H of them"
	wait_is "$(sed -n "$((H - 1))p" "$D" | no_age)" \
	    "$size: the dump's second to last line is tmux's status line" \
	    status_line "$S"
	like "$(sed -n "$((H - 1))p" "$D")" "$STATUS" \
	    "$size: the dump's status line reads in full"

	# 6. Marks: Space marks the cursor's node, the status line says so.
	keys "$S" Space
	wait_line "$S" $((H - 1)) " 1 marked *\$"
	ok $? "$size: Space marks the node, the status line says 1 marked"
	wait_like "^ alloc [0-9]+ idle [0-9]+ .* 1 marked *\$" \
	    "$size: with a mark, the status line still counts the nodes" \
	    line "$S" $((H - 1))
	keys "$S" c
	wait_line "$S" $((H - 1)) "unreach $UNREACH\$"
	ok $? "$size: c clears the marks"
	tm kill-session -t "$S"
done

# 2. Views: keys 1 to 8, Tab, :view, a click on a tab.
W=80 H=24 S=a
start "$S" "$W" "$H"
ok $? "80x24: a console for the views, prompt and keys"
set -- 1 "Map" "$LEGEND" \
    2 "GPUs" "$GPUHEAD" \
    3 "Jobs" "^JOBID +USER +NAME +STATE" \
    4 "Cooling" "^RACK +INLET +EXHAUST +FANS" \
    5 "Links" "^NODE +WHAT +LINK +STATE" \
    6 "Node" "^gpu0001 +rack r001 " \
    7 "Events" "^TIME +NODE +GPU +EVENT"
while [ $# -gt 0 ]; do
	keys "$S" "$1"
	wait_for "$S" "$3"
	ok $? "80x24: key $1 shows the $2 view"
	wait_is "$1 $2" "80x24: key $1 highlights tab $1 $2" tab_selected "$S"
	shift 3
done
# The eighth tab is past 80 columns here; its key shows it all the same.
keys "$S" 8
wait_for "$S" "no burn-in yet"
ok $? "80x24: key 8 shows the Burn-in view"
keys "$S" Tab
wait_for "$S" "$LEGEND"
ok $? "80x24: Tab after the last view comes round to the map"
keys "$S" Tab
wait_for "$S" "$GPUHEAD"
wait_is "2 GPUs" "80x24: Tab goes on to GPUs, highlighted" tab_selected "$S"
keys "$S" BTab
wait_for "$S" "$LEGEND"
wait_is "1 Map" "80x24: BTab goes back to the map" tab_selected "$S"
run "$S" "view jobs"
wait_for "$S" "^JOBID +USER"
wait_is "3 Jobs" "80x24: :view jobs shows the jobs" tab_selected "$S"

# A click on a tab: the terminal's own mouse report (X10: ESC [ M, then
# button, column and row, each plus 32), pressed and released.
click() {	# click SESSION X Y (from 0)
	tm send-keys -t "$1" -H 1b 5b 4d 20 "$(printf %x $(($2 + 33)))" \
	    "$(printf %x $(($3 + 33)))"
	tm send-keys -t "$1" -H 1b 5b 4d 23 "$(printf %x $(($2 + 33)))" \
	    "$(printf %x $(($3 + 33)))"
}
X=$(line "$S" 1 | awk '{ print index($0, " 5 Links") + 1 }')
click "$S" "$X" 0
wait_for "$S" "^NODE +WHAT +LINK"
ok $? "80x24: a click on the tab 5 Links shows the links"
wait_is "5 Links" "80x24: and highlights its tab" tab_selected "$S"
X=$(line "$S" 1 | awk '{ print index($0, " 7 Events") + 5 }')
click "$S" "$X" 0
wait_for "$S" "^TIME +NODE +GPU +EVENT"
ok $? "80x24: a click on the middle of 7 Events shows the events"

# 3. The : prompt.
run "$S" "view gpus"
wait_for "$S" "$GPUHEAD"
ok $? "80x24: :view gpus at the prompt runs it"
keys "$S" :
type_text "$S" "ew jos"
keys "$S" Left
type_text "$S" b
wait_line "$S" "$H" '^:ew jobs$'
ok $? "80x24 prompt: Left then a letter inserts it before the last"
keys "$S" C-a
type_text "$S" vi
wait_line "$S" "$H" '^:view jobs$'
wait_is 3 "80x24 prompt: C-a goes to the start, typing inserts there" \
    cursor_x "$S"
keys "$S" C-e
type_text "$S" XYZ
keys "$S" BSpace
wait_line "$S" "$H" '^:view jobsXY$'
ok $? "80x24 prompt: C-e goes to the end, BSpace takes the last letter"
keys "$S" Home Right Right Right Right Right
type_text "$S" "<"
wait_line "$S" "$H" '^:view <jobsXY$'
ok $? "80x24 prompt: Home and Right move over the line"
keys "$S" End BSpace BSpace C-a Right Right Right Right Right DC
wait_line "$S" "$H" '^:view jobs$'
wait_is 6 "80x24 prompt: End, BSpace and Delete edit the line" cursor_x "$S"
keys "$S" Enter
wait_for "$S" "^JOBID +USER"
ok $? "80x24 prompt: Enter runs the edited line, view jobs"
wait_like "^\? keys" "80x24 prompt: and no error follows" line "$S" "$H"

keys "$S" :
type_text "$S" "view map"
wait_line "$S" "$H" '^:view map$'
keys "$S" Escape
wait_line "$S" "$H" "^\? keys"
ok $? "80x24 prompt: Escape closes the prompt"
settle "$S"
screen_like "$S" "^JOBID +USER" "80x24 prompt: without running it"
keys "$S" :
type_text "$S" "view map"
wait_line "$S" "$H" '^:view map$'
keys "$S" C-g
wait_line "$S" "$H" "^\? keys"
ok $? "80x24 prompt: so does C-g"
settle "$S"
screen_like "$S" "^JOBID +USER" "80x24 prompt: without running it either"

run "$S" "no-such"
wait_like "^unknown command: no-such" \
    "80x24 prompt: an unknown command's error is on the message line" \
    line "$S" "$H"
run "$S" "view bogus"
wait_like "^view: no view 'bogus'" \
    "80x24 prompt: a command's own error says what is wrong" line "$S" "$H"
run "$S" "view events"
wait_for "$S" "^TIME +NODE +GPU +EVENT"
ok $? "80x24 prompt: after an error the prompt runs the next command"

keys "$S" : Up
wait_line "$S" "$H" '^:view events$'
ok $? "80x24 prompt: Up recalls the last command"
keys "$S" Up Up
wait_line "$S" "$H" '^:no-such$'
ok $? "80x24 prompt: Up again, the ones before"
keys "$S" Down
wait_line "$S" "$H" "^:view bogus$"
ok $? "80x24 prompt: Down comes back"
keys "$S" Escape
wait_line "$S" "$H" "^\? keys"

# Completion, and its list drawn on the line above the prompt.
keys "$S" 2
wait_for "$S" "$GPUHEAD"
settle "$S"
screen "$S" > "$T/before"
keys "$S" :
type_text "$S" "list-g"
keys "$S" Tab
wait_line "$S" "$H" '^:list-gpus ?$'
ok $? "80x24 completion: list-g Tab is list-gpus"
keys "$S" C-u
type_text "$S" "view co"
keys "$S" Tab
wait_line "$S" "$H" '^:view cooling ?$'
ok $? "80x24 completion: view co Tab is view cooling"
keys "$S" C-u
type_text "$S" "filter gpu000"
keys "$S" Tab Tab
wait_line "$S" $((H - 1)) "^gpu0001  gpu0002 "
ok $? "80x24 completion: filter gpu000 Tab Tab lists nodes above the prompt"
wait_like "^gpu0001  gpu0002  gpu0003 .* gpu0008 .*\.\.\.\$" \
    "80x24 completion: as many as fit, then ..." line "$S" $((H - 1))
wait_is ":filter gpu000" "80x24 completion: the prompt keeps the line" \
    line "$S" "$H"
shows_upper "$S" "$T/before"
ok $? "80x24 completion: the rest of the screen is untouched"
type_text "$S" 5
wait_line "$S" $((H - 1)) "$STATUS"
ok $? "80x24 completion: the next key takes the list away"
keys "$S" Enter
wait_for "$S" "filter: gpu0005"
wait_is "8 0" "80x24 completion: the completed filter leaves gpu0005's 8 GPUs" \
    gpu_rows "$S" '^gpu0005 '
keys "$S" Escape
wait_gone "$S" "filter: "

# 4. Filters on the GPUs view.
keys "$S" /
type_text "$S" "gpu00[01-05]"
keys "$S" Enter
wait_for "$S" "filter: gpu00\[01-05\]"
wait_is 0 "80x24 filter: /gpu00[01-05] shows those nodes only" \
    off_rows "$S" "$GPUHEAD" '^gpu000[1-5] '
screen_like "$S" "1-5(/| of )5\$" "80x24 filter: the grid has the 5 nodes"
keys "$S" Escape
wait_gone "$S" "filter: "
ok $? "80x24 filter: Escape clears it"
poll "$TUI_WAIT" tui_not tui_is 0 off_rows "$S" "$GPUHEAD" '^gpu000[1-5] '
ok $? "80x24 filter: and the other nodes are back"
keys "$S" /
type_text "$S" "temp>85"
keys "$S" Enter
wait_for "$S" "filter: temp>85"
wait_is "$N85" "80x24 filter: /temp>85 has the $N85 GPUs batch mode has" \
    nrows "$S" "$GPUHEAD"
wait_is 0 "80x24 filter: each of them above 85 C" \
    cool_rows "$S" "$GPUHEAD" 85
keys "$S" Escape
wait_gone "$S" "filter: "

# 5. Sorts: the key, the marker on the heading, again to reverse.
keys "$S" U
wait_for "$S" "UTIL%v"
wait_is 100 "80x24 sort: U sorts by utilization, 100% first" \
    cell "$S" "$GPUHEAD" UTIL
wait_like "sorted by util_pct" "80x24 sort: and says so" line "$S" "$H"
keys "$S" U
wait_for "$S" "UTIL%\^"
wait_is 0 "80x24 sort: U again, 0% first" cell "$S" "$GPUHEAD" UTIL
keys "$S" P
wait_for "$S" "POWERv"
wait_is "$PMAX" "80x24 sort: P sorts by power, $PMAX W first" \
    cell "$S" "$GPUHEAD" POWER
keys "$S" P
wait_for "$S" "POWER\^"
wait_is "$PMIN" "80x24 sort: P again, $PMIN W first" \
    cell "$S" "$GPUHEAD" POWER
keys "$S" T
wait_for "$S" "TEMPv"
ok $? "80x24 sort: T sorts by temperature, hottest first"
keys "$S" T
wait_for "$S" "TEMP\^"
ok $? "80x24 sort: T again, coolest first"
keys "$S" T
wait_for "$S" "TEMPv"

# 7. Keys: the pager, a binding made at the prompt and taken away.
# The list covers the view: its heading goes before a key closes it.
keys "$S" "?"
wait_for "$S" "Keys of the gpus view" && wait_gone "$S" "$GPUHEAD"
screen_like "$S" "bind -T gpus T 'sort temp_c'" \
    "80x24 keys: ? shows the GPUs view's keys"
keys "$S" q
wait_for "$S" "$GPUHEAD"
ok $? "80x24 keys: q closes the list"
keys "$S" "?"
wait_for "$S" "Keys of the gpus view" && wait_gone "$S" "$GPUHEAD"
keys "$S" Escape
wait_for "$S" "$GPUHEAD"
ok $? "80x24 keys: Escape closes it"
keys "$S" 3 "?"
wait_for "$S" "Keys of the jobs view"
screen_like "$S" "bind -T jobs U 'sort user'" \
    "80x24 keys: on the jobs view, the jobs view's keys"
keys "$S" q 2
wait_for "$S" "$GPUHEAD"

wait_like "^gpu[0-9]{4} " "80x24 keys: the cursor is on the first GPU" \
    cursor_row "$S" "$GPUHEAD"
FIRST=$tui_out
keys "$S" C-f
settle "$S"
is "$(cursor_row "$S" "$GPUHEAD")" "$FIRST" \
    "80x24 keys: the default keymap leaves C-f alone"
run "$S" "bind -T gpus z 'sort power_w'"
wait_line "$S" "$H" "^\? keys"
keys "$S" z
wait_for "$S" "POWERv"
ok $? "80x24 keys: bind -T gpus z 'sort power_w' at the prompt, then z sorts"
run "$S" "unbind -T gpus z"
keys "$S" T
wait_for "$S" "TEMPv"
keys "$S" z
settle "$S"
screen_like "$S" "TEMPv" "80x24 keys: after unbind, z does nothing"
run "$S" "unbind -T gpus z"
wait_like "z is not bound in gpus" \
    "80x24 keys: unbind of a key not bound says so" line "$S" "$H"
run "$S" "view map"
wait_for "$S" "$LEGEND"

# 3. History across a restart: q, start again, Up.
# The status, when tmux has it: a busy server may be slow to reap.
keys "$S" q
poll "$TUI_WAIT" tui_not alive "$S"
like "$(tm display-message -p -t "$S" \
    '#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}')" '^1:0?:$' \
    "80x24: q quits, with status 0"
tm kill-session -t "$S"
is "$(tail -n 1 "$T/state/myriad/history")" "view map" \
    "history: \$XDG_STATE_HOME/myriad/history has the last command"
start again 80 24
ok $? "history: a console starts again"
keys again : Up
wait_line again 24 '^:view map$'
ok $? "history: a new console's Up recalls the last session's command"
keys again Up
wait_line again 24 "^:unbind -T gpus z\$"
ok $? "history: and the one before it"
keys again Escape
tm kill-session -t again

# 7. Keymaps: vi pages with C-f, emacs moves with C-n.
printf 'cluster = "hopper";\nkeymap = "vi";\n' > "$T/vi.conf"
printf 'cluster = "hopper";\nkeymap = "emacs";\n' > "$T/emacs.conf"
start vi 80 24 -F "$T/vi.conf"
ok $? "vi keymap: the console starts with keymap = \"vi\";"
keys vi 2
wait_for vi "$GPUHEAD"
settle vi
rows_after vi "$GPUHEAD" > "$T/page1"
FIRST=$(cursor_row vi "$GPUHEAD")
off_page() {	# off_page SESSION: the cursor is on a row not on page 1
	NOW=$(cursor_row "$1" "$GPUHEAD")
	[ -n "$NOW" ] && ! grep -qxF "$NOW" "$T/page1"
}
keys vi C-f
poll "$TUI_WAIT" off_page vi
ok $? "vi keymap: C-f pages down, to a row that was not on the page"
keys vi C-b
wait_cursor vi "$GPUHEAD" "$FIRST"
ok $? "vi keymap: C-b pages back up"
tm kill-session -t vi
start emacs 80 24 -F "$T/emacs.conf"
ok $? "emacs keymap: the console starts with keymap = \"emacs\";"
keys emacs 2
wait_for emacs "$GPUHEAD"
settle emacs
SECOND=$(rows_after emacs "$GPUHEAD" | sed -n 2p)
keys emacs C-n
wait_cursor emacs "$GPUHEAD" "$SECOND"
ok $? "emacs keymap: C-n moves the cursor down a row"
keys emacs C-p
wait_cursor emacs "$GPUHEAD" "$(rows_after emacs "$GPUHEAD" | head -n 1)"
ok $? "emacs keymap: C-p moves it back"
tm kill-session -t emacs

# list-keys prints bind commands that load back as they were: through -f
# and through keys-file, with quotes of every kind.
$MYRIAD -F "$T/vi.conf" -c "bind -T gpus z 'filter \"temp>85\"'" \
    -c "bind M-x \"filter 'it''s'\"" -c "bind '#' 'view map'" \
    -c 'bind F5 refresh' -c list-keys > "$T/keys1.txt"
like "$(cat "$T/keys1.txt")" "^bind -T gpus z 'filter \"temp>85\"'" \
    "list-keys: prints bind commands, the new one among them"
like "$(cat "$T/keys1.txt")" "^bind C-f 'cursor page-down'" \
    "list-keys: with the vi keymap's keys"
{ cat "$T/keys1.txt"; echo list-keys; } > "$T/keys1.cmds"
$MYRIAD -F "$T/vi.conf" -f "$T/keys1.cmds" > "$T/keys2.txt"
cmp -s "$T/keys1.txt" "$T/keys2.txt"
ok $? "list-keys: its output run with -f gives the same bytes"
printf 'keymap = "vi";\nkeys-file = "%s";\n' "$T/keys1.txt" > "$T/kf.conf"
$MYRIAD -F "$T/kf.conf" -c list-keys > "$T/keys3.txt"
cmp -s "$T/keys1.txt" "$T/keys3.txt"
ok $? "list-keys: as keys-file it gives the same bytes"
$MYRIAD -F "$T/vi.conf" -c list-keys > "$T/keys4.txt"
! cmp -s "$T/keys1.txt" "$T/keys4.txt"
ok $? "list-keys: without the file, the bindings made are not there"

# 8. Resize, 80x24 to 250x70 and back, while running: the screen must be
# what a console started at that size shows, and stay so.
start rs 80 24 && start big 250 70 && start small 80 24
ok $? "resize: three consoles start, 80x24, 250x70 and 80x24"
tm resize-window -t rs -x 250 -y 70
wait_line rs 69 "unreach $UNREACH\$"
ok $? "resize to 250x70: the status line is on line 69"
wait_same rs big
ok $? "resize to 250x70: the screen is a 250x70 console's"
tm resize-window -t rs -x 80 -y 24
wait_line rs 23 "unreach $UNREACH\$"
ok $? "resize to 80x24: the status line is on line 23"
wait_same rs small
ok $? "resize to 80x24: the screen is an 80x24 console's"
keys rs 2
keys big 2
keys small 2
wait_for rs "$GPUHEAD"
tm resize-window -t rs -x 250 -y 70
wait_for rs "MUTIL%"
wait_like "$STATUS" \
    "resize the GPUs view to 250x70: the status line on line 69" line rs 69
screen_like rs "$GPUHEAD .*MUTIL%.*THROTTLE" \
    "resize the GPUs view to 250x70: the wide table's columns"
wait_same rs big
ok $? "resize the GPUs view to 250x70: the screen is a 250x70 console's"
tm resize-window -t rs -x 80 -y 24
wait_same rs small
ok $? "resize the GPUs view to 80x24: the screen is an 80x24 console's"
tm kill-session -t rs
tm kill-session -t big
tm kill-session -t small

# 9. Colour: none with NO_COLOR or --color=never, 256 when asked for.
m=0
for how in "NO_COLOR=1 --" "-- --color=never"; do
	m=$((m + 1))
	S=mono$m
	start "$S" 80 24 $how
	ok $? "$how: the console starts"
	wait_for "$S" "^gpu0001 "
	settle "$S"
	is "$(colour_codes "$S")/$(alive "$S" && echo alive)" "/alive" \
	    "$how: no colour on the screen"
	screen_like "$S" "^[AIMDX?]{80}\$" "$how: the map still has its letters"
	screen_like "$S" "$LEGEND" "$how: and says what they mean"
	wait_is "1 Map" "$how: the tab is in reverse" tab_selected "$S"
	keys "$S" 2
	wait_for "$S" "$GPUHEAD"
	screen_like "$S" "^temperature [^ ]{8} 30-90 C +X error +E ECC" \
	    "$how: the GPUs grid has its legend"
	tm kill-session -t "$S"
done
start colour 80 24 TERM=xterm-256color -- --color=always
ok $? "TERM=xterm-256color --color=always: the console starts"
wait_like "38;5;[0-9]+" "TERM=xterm-256color --color=always: 256 colours" \
    colour_codes colour
tm kill-session -t colour

# 9. The C locale: ASCII only, the blocks too.
start ascii 80 24 LC_ALL=C LANG=C --
ok $? "LC_ALL=C: the console starts"
keys ascii 2
wait_for ascii "$GPUHEAD"
screen_like ascii "^temperature [.:=#]{8} 30-90 C" \
    "LC_ALL=C: the GPUs legend's scale is ASCII"
screen_like ascii "^gpu[0-9]{4} [.:=#XE? ]{8}  gpu" "LC_ALL=C: so is the grid"
bad=
for v in 1 2 3 4 5 6 7; do
	keys ascii $v
	settle ascii
	screen ascii > "$T/ascii"
	if ! grep -q SIMULATED "$T/ascii" || LC_ALL=C grep -q '[^ -~]' \
	    "$T/ascii"; then
		bad="$bad $v"
	fi
done
is "$bad" "" "LC_ALL=C: no view draws a byte outside ASCII"
tm kill-session -t ascii
start utf8 80 24
ok $? "C.UTF-8: the console starts"
keys utf8 2
wait_for utf8 "$GPUHEAD"
screen_like utf8 "^temperature ▁▂▃▄▅▆▇█ 30-90 C" \
    "C.UTF-8: the legend has the blocks"
tm kill-session -t utf8

# 10. From a shell: C-z and fg, then SIGTERM.
flat() {	# flat SESSION: the screen on one line
	screen "$1" | tr '\n' ' '
}
tm new-session -d -s sh -x 80 -y 24 "exec env PS1='shell> ' LC_ALL=C.UTF-8 sh"
wait_for sh '^shell>'
type_text sh "$MYRIAD $ARGS"
keys sh Enter
wait_for sh "^gpu0001 "
ok $? "sh: the console starts from a shell"
settle sh
screen sh > "$T/before"
keys sh C-z
wait_for sh "Stopped"
ok $? "sh: C-z stops the console"
wait_for sh '^shell>$'
ok $? "sh: the shell's prompt is back"
type_text sh fg
keys sh Enter
poll "$TUI_WAIT" shows_upper sh "$T/before"
ok $? "sh: fg draws the whole screen again"
keys sh 3
wait_for sh "^JOBID +USER"
ok $? "sh: and the keys work"
if command -v pgrep >/dev/null 2>&1; then
	PID=$(pgrep -P "$(tm display-message -p -t sh '#{pane_pid}')")
	kill -TERM $PID
	wait_gone sh "SIMULATED"
	ok $? "sh: SIGTERM ends the console"
	wait_for sh '^shell>$'
	ok $? "sh: the shell's prompt is back"
	type_text sh "stty -a"
	keys sh Enter
	wait_for sh '^shell>$'
	wait_like " icanon .* echo " \
	    "sh: the terminal is in canonical mode with echo again" flat sh
	screen_like sh "^shell> stty -a\$" "sh: what is typed is shown"
else
	skip 4 "no pgrep to find the console's pid"
fi
tm kill-session -t sh

done_testing
