#!/bin/sh
# The scale-up domains in the console, on the simulator's NVL72 racks, at
# 80x24 and 250x70: the Links view's domains table before the links, the
# worst first as list-domains judges them, `o' giving it the keys, its
# filters (verdict=broken, a glob of names) and sorts, Enter showing a
# domain's links and its first node; the GPUs' fabric findings (FABRIC)
# in the list and counted in the heading as inspect-links counts them;
# the Jobs view's flag of a job on a degraded (!) or broken (x) domain,
# against list-jobs and list-domains.  An H100 cluster, whose domains
# are single servers, has neither.
. t/lib/tap.sh
ARGS="-F /dev/null --sim 10k --sim-mix gb200:1 --seed 1"
ARGS="$ARGS --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')
batch() {	# batch COMMAND: myriad -c on the same cluster, TSV
	$MYRIAD $ARGS -c "$1 -o tsv" 2>/dev/null
}

# The domains, the worst first (unknown, broken, degraded, healthy), ties
# in their order: what the table shows before any sort.
batch list-domains >"$T/domains.tsv"
worst() {
	awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { v = $c["verdict"]; r = 0 }
	    v == "unknown" { r = 3 } v == "broken" { r = 2 }
	    v == "degraded" { r = 1 } { print r, NR, $1 }' "$1" |
	    sort -k1,1nr -k2,2n | awk '{ print $3 }'
}
worst "$T/domains.tsv" >"$T/worst"
batch 'list-domains -w verdict=broken' | sed 1d | cut -f1 >"$T/broken"
NDOM=$(sed 1d "$T/domains.tsv" | wc -l | tr -d ' ')
NBROKEN=$(wc -l <"$T/broken" | tr -d ' ')
[ "$NDOM" -eq 139 ] && [ "$NBROKEN" -gt 0 ]
ok $? "batch: $NDOM domains, $NBROKEN broken"
FIRST=$(head -n 1 "$T/worst")
FNODES=$(awk -F"$TAB" -v d="$FIRST" '$1 == d { print $3 }' "$T/domains.tsv")
FNODE=$($MYRIAD -c "nodeset -e '$FNODES'" | awk '{ print $1 }')
[ -n "$FIRST" ] && [ -n "$FNODE" ]
ok $? "batch: the worst first is $FIRST, of $FNODES, $FNODE first"
# The GPUs' fabric findings, as the Links view's heading counts them.
batch inspect-links | awk -F"$TAB" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["kind"] == "nvlink" && $c["verdict"] == "fabric" {
    print $c["node"], $c["gpu"] }' >"$T/fabric"
NFAB=$(wc -l <"$T/fabric" | tr -d ' ')
FABNODE=$(awk 'NF == 2' "$T/fabric" | head -n 1)	# a GPU's, not IMEX
IMEXNODE=$(awk 'NF == 1 { print $1 }' "$T/fabric" | head -n 1)	# a node's IMEX
[ "$NFAB" -gt 0 ] && [ -n "$FABNODE" ]
ok $? "batch: $NFAB GPUs' fabric findings, the first GPU $FABNODE"

# Each node's domain when it is of more than a node and degraded or
# broken: "node domain x|!"; one myriad -c expands them all.
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["nnodes"] > 1 && $c["verdict"] == "broken" { print $1, "x", $3 }
    $c["nnodes"] > 1 && $c["verdict"] == "degraded" { print $1, "!", $3 }
    ' "$T/domains.tsv" >"$T/bad"
awk '{ printf "nodeset -e '\''%s'\''\n", $3 }' "$T/bad" >"$T/expand"
$MYRIAD -f "$T/expand" | paste -d ' ' "$T/bad" - |
    awk '{ for (i = 4; i <= NF; i++) print $i, $1, $2 }' >"$T/nodebad"
[ -s "$T/nodebad" ]
ok $? "batch: the nodes of the degraded and broken domains"
# A job's flag: its worst domain (broken before degraded, else the first).
batch list-jobs | awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++)
    c[$i] = i; next } $c["nodes"] != "" { print $1, $c["nodes"] }' \
    >"$T/jobs"
jobflag() {	# jobflag JOBID: "domain x", "domain !" or nothing
	j_nodes=$(awk -v j="$1" '$1 == j { print $2 }' "$T/jobs")
	[ -n "$j_nodes" ] || return 0
	$MYRIAD -c "nodeset -e '$j_nodes'" | tr ' ' '\n' |
	    awk 'NR == FNR { d[$1] = $2; v[$1] = $3; next }
	    $1 in d && (w == "" || (wv == "!" && v[$1] == "x")) {
	    w = d[$1]; wv = v[$1] } END { if (w != "") print w, wv }' \
	    "$T/nodebad" -
}

domrows() {	# domrows SESSION: the domains table's rows
	screen "$1" | awk '/^DOMAIN[v^]? / { f = 1; next }
	    f && /^NODE +WHAT/ { exit } f && NF { print }'
}
domnames() {	# domnames SESSION: the names of its rows
	domrows "$1" | awk '{ print $1 }'
}
first_worst() {	# first_worst SESSION: the table's first rows are the worst
	domnames "$1" >"$T/shown"
	[ -s "$T/shown" ] &&
	    head -n "$(wc -l <"$T/shown")" "$T/worst" | cmp -s - "$T/shown"
}
only_broken() {	# only_broken SESSION: each row a broken domain, in order
	domnames "$1" >"$T/shown"
	[ -s "$T/shown" ] &&
	    head -n "$(wc -l <"$T/shown")" "$T/broken" | cmp -s - "$T/shown"
}
only_glob() {	# only_glob SESSION: the domains nvl72-r01?, the worst first
	domnames "$1" >"$T/shown"
	[ -s "$T/shown" ] && grep '^nvl72-r01[0-9]$' "$T/worst" |
	    head -n "$(wc -l <"$T/shown")" | cmp -s - "$T/shown"
}
by_name() {	# by_name SESSION: the rows go up by name, from nvl72-r001
	domnames "$1" >"$T/shown"
	[ "$(head -n 1 "$T/shown")" = nvl72-r001 ] && sort -c "$T/shown"
}

cleared() {	# cleared SESSION: Escape clears the filter, and is read as
		# Escape before the next key comes
	keys "$1" Escape
	wait_for "$1" "filter cleared"
}

for size in 80x24 250x70; do
	start_size "$size" || continue

	keys "$S" 5
	screen_like "$S" '^DOMAIN +' "$size links: a domains table"
	poll "$TUI_WAIT" first_worst "$S"
	ok $? "$size links: the worst domains first, as list-domains judges"
	screen_like "$S" "^NVLink: [0-9]+ down, $NFAB fabric" \
	    "$size links: the heading counts $NFAB fabric findings"
	set -- $FABNODE
	run "$S" "filter verdict=fabric,node=$1"
	screen_like "$S" "^$1 +NV FABRIC +GPU $2 fabric " \
	    "$size links: $1 GPU $2's fabric, FABRIC"
	cleared "$S"
	run "$S" "filter verdict=fabric,node=$IMEXNODE"
	screen_like "$S" "^$IMEXNODE +NV FABRIC +IMEX +IMEX [A-Z]+ " \
	    "$size links: $IMEXNODE's IMEX, FABRIC, its Domain State"
	cleared "$S"
	screen_like "$S" '^NODE +WHAT +LINK' "$size links: the links after"
	screen_like "$S" "^ gpu[0-9]+  r[0-9]+ " "$size links: a node below"

	# o: the keys to the domains table, its own filter and sorts.
	keys "$S" o
	screen_like "$S" "the keys move the domains" "$size links: o"
	keys "$S" /
	type_text "$S" "verdict=broken"
	keys "$S" Enter
	screen_like "$S" "filter: verdict=broken" \
	    "$size links: /verdict=broken"
	poll "$TUI_WAIT" only_broken "$S"
	ok $? "$size links: only the broken domains, as list-domains -w"
	screen_like "$S" '^NODE +WHAT +LINK' \
	    "$size links: the links are not filtered"
	cleared "$S"
	run "$S" "filter nvl72-r01?"
	keys "$S" g
	poll "$TUI_WAIT" only_glob "$S"
	ok $? "$size links: a glob, each nvl72-r01? and no other"
	cleared "$S"
	keys "$S" D
	screen_like "$S" "sorted by domain, A to Z" "$size links: D sorts"
	keys "$S" g
	poll "$TUI_WAIT" by_name "$S"
	ok $? "$size links: by name, nvl72-r001 first"
	keys "$S" V g
	poll "$TUI_WAIT" first_worst "$S"
	ok $? "$size links: V, the worst first again"

	# Enter: the domain's links, its first node below.
	keys "$S" g Enter
	screen_like "$S" "the links of $FIRST's nodes" \
	    "$size links: Enter on $FIRST"
	screen_like "$S" "^ $FNODE " "$size links: $FNODE below"
	screen_like "$S" '^DOMAIN +' "$size links: the domains still on top"
	rows=$(screen "$S" | awk '/^NODE +WHAT/ { f = 1; next }
	    f && /^ / { exit } f && NF { print $1 }' | sort -u)
	out=$(printf '%s\n' $rows | grep -v '^no$' | while read -r n; do
		$MYRIAD -c "nodeset -e '$FNODES'" | tr ' ' '\n' |
		    grep -qx "$n" || echo "$n"; done)
	is "$out" "" "$size links: every link row of $FIRST's nodes"
	cleared "$S"

	# The Jobs view: each job shown against list-jobs and list-domains.
	keys "$S" 3
	screen_like "$S" '^JOBID +USER' "$size jobs: the table"
	settle "$S"
	screen "$S" | awk '/^JOBID/ { f = 1; next } f && !NF { exit }
	    f { print }' >"$T/jobrows"
	bad=0 flagged=0 n=0
	while read -r line; do
		id=${line%% *}
		want=$(jobflag "$id")
		n=$((n + 1))
		if [ "$W" -ge 100 ]; then
			got=$(printf '%s\n' "$line" | awk '$NF ~ /^[x!]$/ &&
			    $(NF - 1) ~ /^nvl[0-9]+-/ { print $(NF - 1), $NF }')
		else
			got=$(printf '%s\n' "$line" | awk '$NF ~ /^[x!]$/ {
			    print $NF }')
			want=${want##* }
		fi
		[ -n "$want" ] && flagged=$((flagged + 1))
		if [ "$got" != "$want" ]; then
			bad=$((bad + 1))
			echo "# job $id: shows '$got', wants '$want'"
		fi
	done <"$T/jobrows"
	[ "$n" -gt 5 ] && [ "$flagged" -gt 0 ] && [ "$bad" -eq 0 ]
	ok $? "$size jobs: $flagged of $n jobs flagged as list-domains says"
	if [ "$W" -ge 100 ]; then
		screen_like "$S" '^JOBID .*  DOMAIN$' "$size jobs: DOMAIN"
	fi
	# The detail of a flagged job says which domain and why.
	id=$(while read -r line; do
		id=${line%% *}
		[ -n "$(jobflag "$id")" ] && { echo "$id"; break; }
	done <"$T/jobrows")
	set -- $(jobflag "$id")
	verdict=$([ "$2" = x ] && echo broken || echo degraded)
	run "$S" "goto $id"
	screen_like "$S" "^job $id " "$size jobs: job $id's detail"
	screen_like "$S" "^on $1, $verdict: " \
	    "$size jobs: job $id is on $1, $verdict"
	tm kill-session -t "$S"
done

# An H100 cluster's domains are its servers: no table, no flag.
ARGS="-F /dev/null --sim 10k --seed 1 --sim-time 1800000000"
start_size 120x40
keys "$S" 5
screen_like "$S" '^NODE +WHAT +LINK' "h100 links: the links"
tui_not shows "$S" '^DOMAIN '
ok $? "h100 links: no domains table"
keys "$S" o
screen_like "$S" "no domains table: no scale-up domain holds more" \
    "h100 links: o says why not"
keys "$S" 3
screen_like "$S" '^JOBID +USER' "h100 jobs: the table"
tui_not shows "$S" 'DOMAIN'
ok $? "h100 jobs: no DOMAIN column"

done_testing
