#!/bin/sh
# The map of a cluster of NVL72 racks (the simulator's gb200, 139 domains
# of 18 trays): at 250x70 each domain is a block, its name, its verdict in
# words, then a cell a tray, and the broken ones read broken; the cursor
# moves over the trays, down to the domain under it, and the line under
# the map names the cursor's domain and verdict.  At 80x24 (without
# colour) every domain is a cell, its verdict's mark, X for broken, and
# the cursor moves over domains.  The Node view of a tray names its
# domain and shows every tray of it.  A cluster of HGX servers keeps its
# map of racks.
. t/lib/tap.sh
ARGS="--sim 10k --sim-mix gb200:1 --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')

# What batch says of the domains, by the columns' names.
$MYRIAD $ARGS -c 'list-domains -o tsv' 2>/dev/null > "$T/domains.tsv"
column() {	# column NAME [VERDICT]: the column of every domain, or of
		# those of the verdict
	awk -F"$TAB" -v c="$1" -v v="$2" '
	    NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	    v == "" || $k["verdict"] == v { print $k[c] }' "$T/domains.tsv"
}
NAMES=$(column domain | sort | tr '\n' ' ')
BROKEN=$(column domain broken | sort | tr '\n' ' ')
NBROKEN=$(column domain broken | wc -l | tr -d ' ')
is "$(column domain | wc -l | tr -d ' ')" 139 "batch: 139 domains"
ok $([ "$NBROKEN" -gt 0 ]; echo $?) "batch: $NBROKEN of them broken"
first_node() {	# first_node DOMAIN: its first node, as batch folds them
	awk -F"$TAB" -v d="$1" '
	    NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	    $k["domain"] == d { s = $k["nodes"]; sub(/\[/, "", s)
		sub(/[-,\]].*/, "", s); print s }' "$T/domains.tsv"
}

blocks() {	# blocks SESSION: "NAME VERDICT" of each block of the map
	screen "$1" | sed -n "2,$(($(height "$1") - 5))p" |
	    grep -Eo 'nvl72-r[0-9]+ +(healthy|degraded|broken|unknown) ' |
	    awk '{ print $1, $2 }' | sort
}
block_names() {	# block_names SESSION: the blocks' names, on one line
	blocks "$1" | awk '{ printf "%s ", $1 }'
}
block_broken() {	# block_broken SESSION: the broken blocks' names
	blocks "$1" | awk '$2 == "broken" { printf "%s ", $1 }'
}
info() {	# info SESSION: the line under the map: the cursor's
	line "$1" $(($(height "$1") - 4))
}

# 1. 250x70: a block a domain, each named, the broken ones broken.
start_size 250x70
wait_is "$NAMES" "250x70: every one of the 139 domains is a block, named" \
    block_names "$S"
wait_is "$BROKEN" "250x70: the $NBROKEN broken domains read broken" \
    block_broken "$S"
like "$(line "$S" $((H - 2)))" \
    '^a domain a block: its name, its verdict, then its nodes, one a cell; lower case: it needs attention' \
    "250x70: the legend says what a block and a cell are, and a lower-case letter"
R1=$(column verdict | head -n 1)
like "$(info "$S")" "^gpu0001 .*  nvl72-r001 $R1( |\$)" \
    "250x70: the cursor's node, its domain and its verdict"
V='(healthy|degraded|broken|unknown)'
like "$(line "$S" 2)" "^nvl72-r001 $V +[A-Za-z?-]{18}  " \
    "250x70: a block is its name, its verdict, then a cell a tray"

# The cursor: down to the domain drawn under the first, right a tray on.
UNDER=$(line "$S" 3 | awk '{ print $1 }')
NODE=$(first_node "$UNDER")
keys "$S" Down
wait_like "^$NODE .*  $UNDER " \
    "250x70: down goes to the domain under it, $UNDER, its first tray" \
    info "$S"
NEXT=$(printf 'gpu%04d' $(($(echo "${NODE#gpu}" | sed 's/^0*//') + 1)))
keys "$S" Right
wait_like "^$NEXT .*  $UNDER " "250x70: right goes to its next tray, $NEXT" \
    info "$S"

# 2. The Node view of a drained tray: its domain, each of its 18 trays.
$MYRIAD $ARGS -c 'list-nodes -o tsv' 2>/dev/null |
    awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	$k["state"] == "drained" { print $k["node"], $k["rack"]; exit }' \
    > "$T/drained"
read TRAY RACK < "$T/drained"
DOM=nvl72-$RACK
RD=$(awk -F"$TAB" -v d="$DOM" '$1 == d { print $12 }' "$T/domains.tsv")
run "$S" "goto $TRAY"
keys "$S" Enter
screen_like "$S" "^Domain  $DOM  nvl72  $RD" \
    "Node view of $TRAY: its domain, its kind and its verdict ($RD)"
N0=$(first_node "$DOM" | sed 's/^gpu0*//')
TRAYS=$(screen "$S" | grep -Eo 'gpu[0-9]{4} [A-Za-z?-] [0-9]+/4 [CPFU0-9-]+' |
    awk -v a="$N0" '{ n = substr($1, 4) + 0 }
	n >= a && n < a + 18 { print $1 }' | sort -u | wc -l | tr -d ' ')
is "$TRAYS" 18 "Node view: every tray of $DOM, its state, GPUs and fabric"
like "$(screen "$S")" "$TRAY D [0-9]/4 " "Node view: the drained tray reads D"
tm kill-session -t "$S"

# 3. 80x24 without colour: a cell a domain, its verdict's mark.
S=s80
start "$S" 80 24 NO_COLOR=1 --
ok $? "80x24 NO_COLOR: the console starts"
cells() {	# cells SESSION: the map's cells after each line's name
	screen "$1" | sed -n '2,$p' | awk '!NF { exit }
	    { sub(/^nvl72-r[0-9]+ /, ""); printf "%s", $0 }'
}
ncells() {
	cells "$1" | wc -c | tr -d ' '
}
nx() {
	cells "$1" | tr -cd X | wc -c | tr -d ' '
}
wait_is 139 "80x24: every domain has a cell" ncells "$S"
wait_is "$NBROKEN" "80x24: the $NBROKEN broken domains are X" nx "$S"
like "$(cells "$S")" '^[.~X?]+$' "80x24: each cell is a verdict's mark"
like "$(line "$S" 21)" '^state  \. healthy  ~ degraded  X broken  \? unknown' \
    "80x24: the legend says each mark"
like "$(line "$S" 22)" '^a domain a cell' "80x24: and what a cell is"
like "$(info "$S")" \
    "^nvl72-r001  nvl72  $R1  [0-9]+ of 72 GPUs  gpu\[0001-0018\], cursor on gpu0001" \
    "80x24: the line under the map is the cursor's domain, and the node its commands act on"
R2=$(column verdict | sed -n 2p)
keys "$S" Right
wait_like "^nvl72-r002  nvl72  $R2 " "80x24: right goes to the next domain" \
    info "$S"
keys "$S" Enter
screen_like "$S" "^Domain  nvl72-r002  nvl72  $R2" \
    "80x24: Enter opens its first tray, with its domain"

# 4. NVL72 racks and HGX servers: the servers of a rack are one block,
# under the rack's name and their kind, so the trays keep a cell each.
MIX="--sim 10k --sim-mix gb200:1,h100:1 --seed 1 --sim-time 1800000000"
$MYRIAD $MIX -c 'list-domains -o tsv' 2>/dev/null |
    awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	$k["kind"] == "nvl72" { n++ } $k["kind"] == "hgx8" { h++ }
	END { print n + 0, h + 0 }' > "$T/mix"
read NNVL NHGX < "$T/mix"
ok $([ "$NNVL" -gt 0 ] && [ "$NHGX" -gt 0 ]; echo $?) \
    "mix: $NNVL NVL72 racks and $NHGX HGX servers"
$MYRIAD $MIX -c 'list-nodes -o tsv' 2>/dev/null |
    awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	{ if (!($k["rack"] in r)) { r[$k["rack"]]; print $k["rack"] } }' \
    > "$T/racks"
ARGS=$MIX
S=mix
start "$S" 250 70
ok $? "mix 250x70: the console starts"
nvl() {
	screen "$1" | sed -n "2,$(($(height "$1") - 5))p" |
	    grep -Eo "nvl72-r[0-9]+ +$V +[A-Za-z?-]{18}( |\$)" |
	    wc -l | tr -d ' '
}
hgx() {
	screen "$1" | sed -n "2,$(($(height "$1") - 5))p" |
	    grep -Eo '(^|  )r[0-9]+ +hgx8 +[A-Za-z?-]{8}( |$)' |
	    wc -l | tr -d ' '
}
wait_is "$NNVL" "mix 250x70: every NVL72 rack a block, a cell a tray" nvl "$S"
HRACKS=$(($(wc -l < "$T/racks") - NNVL))
wait_is "$HRACKS" "mix 250x70: each rack of HGX servers one block of its 8" \
    hgx "$S"
tm kill-session -t "$S"

# 5. HGX servers, domains of one node: the map of racks, as it was.
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
S=h100
start "$S" 120 40
ok $? "H100 120x40: the console starts"
wait_like '^r001 +r009 +r017 ' "H100: the racks' names under their columns" \
    screen "$S"
like "$(line "$S" 38)" '^a node a cell' "H100: a node a cell, as before"
screen "$S" | grep -q 'nvl72\|a domain'
ok $((! $?)) "H100: no domain blocks"
keys "$S" Enter
screen_like "$S" '^Domain  gpu0001  hgx8  (healthy|degraded|broken|unknown)' \
    "H100 Node view: the server's domain of one, named on one line"
is "$(row_after "$S" '^Domain  gpu0001  hgx8')" "$(screen "$S" |
    grep -E '^Sensors ')" "H100 Node view: and nothing more of it"

done_testing
