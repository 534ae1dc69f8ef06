#!/bin/sh
# The NVLink domain's signals over real SSH: probe.fabric (nvidia-smi's
# fabric.* query, added to the GPUs' records) and probe.imex
# (nvidia-imex-ctl -N), on the test cluster's simulated H100 nodes.  A
# node whose driver knows no fabric field, or has no IMEX tool, is no
# news: no error, no unread mark, nothing on stderr.
. t/lib/tap.sh

. t/lib/cluster.sh
cluster_start 2 --port auto --sim 64
conf() {	# conf FILE [PROBES]
	cluster_conf "xid = \"\"; ${2:-}" > "$1"
}
field() {	# field FILE KEY: the key's values, GPU by GPU
	awk -F'\t' -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i;
	    next } { print $c[k] }' "$1" | sort | uniq -c |
	    awk '{ $1 = $1; print }'
}

# An HGX H100's GPUs: Completed, Success, clique 0, a ClusterUUID of
# zeros (what nvidia-smi 590 prints on one, in ../shared/fixtures).
conf "$T/ssh.conf"
$MYRIAD -F "$T/ssh.conf" -o tsv -c 'list-gpus' > "$T/gpus" 2> "$T/err"
is "$?" 0 "list-gpus over SSH with the fabric probe: exit 0"
is "$(cat "$T/err")" "" "nothing on stderr"
is "$(field "$T/gpus" fabric_state)" "16 Completed" \
    "each GPU's fabric state, read over SSH"
is "$(field "$T/gpus" fabric_status)" "16 Success" "and its status"
is "$(field "$T/gpus" clique_id)" "16 0" "and its clique"
is "$(field "$T/gpus" cluster_uuid)" \
    "16 00000000-0000-0000-0000-000000000000" "and its ClusterUUID"
is "$(awk -F'\t' 'NR > 1 && $6 == ""' "$T/gpus" | wc -l | tr -d ' ')" 0 \
    "the GPU query's own fields read beside it (util_pct)"

# A driver that knows no field of the query: nvidia-smi says so, and the
# node has no fabric to read: nothing else.
conf "$T/old.conf" 'fabric = "nvidia-smi --query-gpu=index,fabric.state,fabric.nosuch --format=csv,noheader,nounits";'
$MYRIAD -F "$T/old.conf" -o tsv -c 'list-gpus; list-nodes' > "$T/old" \
    2> "$T/err"
is "$?" 0 "a driver without the fields: exit 0"
is "$(cat "$T/err")" "" "nothing on stderr"
is "$(grep -c 'not a valid\|unread' "$T/old")" 0 \
    "no node marked, no error about the fabric"
is "$(awk -F'\t' '$1 == "gpu0001" && NF > 20' "$T/old" | wc -l |
    tr -d ' ')" 8 "its GPUs read as before"

# No IMEX tool on the nodes (127): no news either.
conf "$T/imex.conf" 'imex = "nvidia-imex-ctl -N";'
$MYRIAD -F "$T/imex.conf" -o tsv -c 'inspect-links -a gpu0001' \
    > "$T/links" 2> "$T/err"
is "$(grep -c 'imex\|127' "$T/links" "$T/err" | awk -F: '{ s += $2 }
    END { print s }')" 0 "a node without nvidia-imex-ctl: no error, no row"
# An IMEX tool that fails is told, as any probe's, once; the node's
# NVLinks are read all the same.
conf "$T/bad.conf" 'imex = "sh -c '"'"'echo IMEX daemon not running >&2; exit 1'"'"'";'
sed -i 's/xid = "";//' "$T/bad.conf"
$MYRIAD -F "$T/bad.conf" -o tsv -c 'list-links gpu0001; list-links gpu0001; list-events' \
    > "$T/bad" 2> "$T/err"
is "$(grep 'gpu0001.*imex: exited 1: IMEX daemon not running' "$T/bad" |
    wc -l | tr -d ' ')" 1 \
    "an IMEX tool that fails: an event, with its words, once in two reads"
is "$(awk -F'\t' '$1 == "gpu0001" && $NF == "nvlink" && $4 == "up"' \
    "$T/bad" | sort -u | wc -l | tr -d ' ')" 144 "and the node's NVLinks read all the same"

# A probe that adds whose output is not its tool's (nvidia-smi -q where
# nvidia-imex-ctl -N or the fabric.* query should be): an event, once in
# two reads; the node stays reachable and read, its NVLinks and GPUs too.
for pr in imex fabric; do
	conf "$T/q.conf" "$pr = \"nvidia-smi -q\";"
	sed -i 's/xid = "";//' "$T/q.conf"
	$MYRIAD -F "$T/q.conf" -o tsv -c 'list-links gpu0001;
	    list-links gpu0001; list-nodes; list-gpus gpu0001; list-events' \
	    > "$T/q" 2> "$T/err"
	is "$?:$(cat "$T/err")" "0:" "$pr = nvidia-smi -q: exit 0, no error"
	is "$(grep -c "gpu0001.*	$pr: .*not\|gpu0001.*	$pr: .*expected" \
	    "$T/q")" 1 "... an event naming the probe, once in two reads"
	is "$(awk -F'\t' '$1 ~ /^gpu000[12]$/ && $5 == "yes"' "$T/q" |
	    wc -l | tr -d ' ')" 2 "... both nodes reachable"
	is "$(grep -c 'unread\|garbled\|unreachable' "$T/q")" 0 \
	    "... no node marked"
	is "$(awk -F'\t' '$1 == "gpu0001" && $NF == "nvlink" && $4 == "up"' \
	    "$T/q" | sort -u | wc -l | tr -d ' ')" 144 "... its NVLinks read"
done

# The simulator likewise, on an NVL72 rack: its domain is not broken for
# nodes "unreachable".
printf 'probe = { imex = "nvidia-smi -q"; };\n' >"$T/simq.conf"
$MYRIAD --sim 16 --sim-mix gb200:1 --fault-rate 0 -F "$T/simq.conf" \
    -o tsv -c 'list-links gpu0001; list-links gpu0001; list-nodes;
    list-domains; list-events' >"$T/simq" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "the simulator, imex = nvidia-smi -q: exit 0"
is "$(grep -c 'unreachable\|unreadable' "$T/simq")" 0 "... no node marked"
is "$(grep -c "gpu0001.*	imex: not nvidia-imex-ctl" "$T/simq")" 1 \
    "... an event, once in two reads"

done_testing
