#!/bin/sh
# Text the console cannot show whole, in tmux: a cut cell or line ends in
# '~', as batch mode's do; Jobs keeps its NODELIST column when a list is
# long, and GPUs at 40 columns keeps TEMP and the sort column before
# MEM and MEMTOT; a filter that hides every row says so, the same way in
# every table view, and names a node the cluster does not have; an error
# too long for the bottom line opens in the pager, whole.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 2; };\n' > "$T/conf"
ARGS="-F $T/conf --sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')

uncut() {	# uncut SESSION HEADING: rows under the heading that fill
		# the line and do not end in '~'
	rows_after "$1" "$2" | awk -v w="$W" 'length($0) == w && !/~$/' |
	    wc -l | tr -d ' '
}

open_lists() {	# open_lists SESSION: Jobs' rows whose node list is cut
		# with no '~': gpu[1037 with no ] after it
	rows_after "$1" "^JOBID " | awk '$NF ~ /\[/ && $NF !~ /[]~]$/' |
	    wc -l | tr -d ' '
}

joined() {	# joined SESSION: the screen as one line, lines joined by a
		# blank
	screen "$1" | tr '\n' ' '
}

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# Batch mode: three nodes with jobs, a burn-in refuses them; an idle node;
# a job of more than 64 GPUs whose node list is long.
$MYRIAD $ARGS -c 'list-nodes -o tsv' > "$T/nodes.tsv"
BUSY=$(awk -F"$TAB" '$3 == "allocated" { print $1; if (++n == 3) exit }' \
    "$T/nodes.tsv" | tr '\n' ' ')
BUSY=$($MYRIAD $ARGS -c "nodeset -f $BUSY")
LAST_BUSY=$($MYRIAD $ARGS -c "nodeset -e $BUSY" | awk '{ print $NF }')
IDLE=$(awk -F"$TAB" '$3 == "idle" { print $1; exit }' "$T/nodes.tsv")
REASONED=$(awk -F"$TAB" 'NR > 1 && length($7) > 40 { print $1; exit }' \
    "$T/nodes.tsv")
LONG=$($MYRIAD $ARGS -c 'list-jobs -o tsv -w gpus>64' | awk -F"$TAB" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    length($c["nodes"]) > 40 { n++ } END { print n + 0 }')
[ -n "$LAST_BUSY" ] && [ -n "$IDLE" ] && [ -n "$REASONED" ] &&
    [ "$LONG" -gt 0 ]
ok $? "batch mode: busy $BUSY, idle $IDLE, long reason $REASONED, long lists"

# 100x30: Jobs keeps NODELIST when a job's list is long, and cuts it.
start_size 100x30
keys "$S" 3
wait_for "$S" "^JOBID "
keys "$S" /
type_text "$S" "gpus>64"
keys "$S" Enter
screen_like "$S" "^JOBID .* NODELIST" \
    "100x30 jobs /gpus>64: the NODELIST column stays"
screen_like "$S" "^[0-9]+ .* gpu\[[0-9,-]+~ *$" \
    "100x30 jobs /gpus>64: a long node list is cut with ~"
tm kill-session -t "$S"

# 80x24: the map's cursor line, Jobs' node lists and Links' reasons are
# cut with '~'.
start_size 80x24
keys "$S" f
type_text "$S" "$REASONED"
keys "$S" Enter
screen_like "$S" "^$REASONED .*~$" \
    "80x24 map: the cursor's line, too long, ends in ~"
keys "$S" 3
wait_for "$S" "^JOBID "
wait_is 0 "80x24 jobs: no node list cut without ~" open_lists "$S"
screen_like "$S" "^[0-9]+ .*~ *$" "80x24 jobs: cut node lists end in ~"
keys "$S" 5
wait_for "$S" "^NODE +WHAT "
wait_is 0 "80x24 links: no row cut at the edge without ~" \
    uncut "$S" "^NODE +WHAT "
rows_after "$S" "^NODE +WHAT " | grep -q ' +$'
ok $((! $?)) "80x24 links: counters left out are a ~, not a +"

# A filter that hides every row: every table view says so, and a node
# name the cluster does not have is named.
keys "$S" 2 /
type_text "$S" "gpu9999"
keys "$S" Enter
screen_like "$S" "^no node gpu9999 in the cluster, no GPU with that text" \
    "80x24 gpus /gpu9999: the cluster has no such node"
tui_not shows "$S" "no GPUs to show"
ok $? "80x24 gpus /gpu9999: not 'no GPUs to show'"
keys "$S" /
type_text "$S" "temp>200"
keys "$S" Enter
screen_like "$S" "^no GPU matches the filter: Escape clears it" \
    "80x24 gpus /temp>200: no GPU matches"
keys "$S" Escape
wait_for "$S" "^NODE +GPU +UTIL%"
screen_like "$S" "^gpu[0-9]+ +[0-7] " "80x24 gpus: Escape clears it"
keys "$S" 7 /
type_text "$S" "xyzzy"
keys "$S" Enter
screen_like "$S" "^no node xyzzy in the cluster, no event with that text" \
    "80x24 events /xyzzy: says so"
keys "$S" /
type_text "$S" "xid=9999"
keys "$S" Enter
screen_like "$S" "^no event matches the filter: Escape clears it" \
    "80x24 events /xid=9999: no event matches"
keys "$S" 4 /
type_text "$S" "xyzzy"
keys "$S" Enter
screen_like "$S" "^no rack matches the filter: Escape clears it" \
    "80x24 cooling /xyzzy: the same words"

# A burn-in, then its view filtered to nothing.
run "$S" "burnin $IDLE level=1"
wait_for "$S" "Go on\? \[y/N\]"
type_text "$S" y
keys "$S" Enter
wait_for "$S" "^burn-in [0-9-]+ +level 1 +$IDLE"
wait_for "$S" " 1/1 ended"
keys "$S" /
type_text "$S" "xyzzy"
keys "$S" Enter
screen_like "$S" "^no node of the burn-in matches the filter: Escape clears" \
    "80x24 burn-in /xyzzy: says so"

# An error longer than the bottom line: in the pager, whole.
run "$S" "burnin $BUSY level=1"
screen_like "$S" "^output of burnin" \
    "80x24: a refusal too long for the bottom line opens the pager"
wait_like "$LAST_BUSY \(allocated" \
    "80x24: the pager names the last node that blocked the burn-in" \
    joined "$S"
screen_like "$S" "--force to burn in anyway" "80x24: and ends as it does"
wait_like "^burnin: refused: .*~$" "80x24: the bottom line is cut with ~" \
    line "$S" "$H"
tm kill-session -t "$S"

# 40x10: GPUs keeps TEMP and the sort column before MEM and MEMTOT.
start_size 40x10
keys "$S" 2
wait_like "^NODE +GPU +UTIL% .*TEMPv" "40x10 gpus: sorted by TEMP, it shows" \
    row_after "$S" "SIMULATED"
tui_not shows "$S" "MEMTOT"
ok $? "40x10 gpus: MEMTOT makes room for it"
keys "$S" U
wait_like "^NODE +GPU +UTIL%[v^] .*TEMP" \
    "40x10 gpus: sorted by UTIL%, TEMP still shows" row_after "$S" "SIMULATED"
tm kill-session -t "$S"

done_testing
