#!/bin/sh
# inspect-links judges each GPU against its scale-up domain, on the
# simulator's NVL72 racks of GB200 trays: a tray whose GPUs agree on a
# clique that is not the one most of its domain's GPUs are in (the
# ClusterUUID's) is a fabric row a GPU, naming the domain's clique; and
# each node whose nvidia-imex-ctl -N says a Domain State not UP, or IMEX
# nodes not READY, is a fabric row naming them.  What is expected is
# worked out here from list-gpus and the simulated nvidia-imex-ctl.
. t/lib/tap.sh

TAB=$(printf '\t')
M="$MYRIAD --sim 10k --sim-mix gb200:1 --seed 1 --sim-time 1800000000"

$M -o tsv -c 'list-gpus' 2>/dev/null >"$T/gpus"
$M -o tsv -c 'inspect-links -w verdict=fabric' 2>/dev/null >"$T/rows"
is "$?" 3 "inspect-links: problems, exit 3"

# "node gpu clique domain's-clique": a registered GPU of a node whose
# registered GPUs agree, in a clique not its ClusterUUID's majority.
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["fabric_state"] == "Completed" && $c["fabric_status"] == "Success" &&
    $c["clique_id"] ~ /^[0-9]+$/ {
	n = $c["node"]; u = $c["cluster_uuid"]; q = $c["clique_id"]
	uu[n] = u; gpus[n, ++ng[n]] = $c["index"]
	if (!(n in cl)) cl[n] = q; else if (cl[n] != q) mixed[n] = 1
    }
    $c["fabric_state"] != "Completed" || $c["fabric_status"] != "Success" {
	bad[$c["node"]] = 1
    }
    END {
	for (n in cl) {
		if ((n in mixed) || (n in bad))
			continue
		votes[uu[n], cl[n]] += ng[n]; all[uu[n]] += ng[n]
		if (votes[uu[n], cl[n]] > best[uu[n]]) {
			best[uu[n]] = votes[uu[n], cl[n]]; maj[uu[n]] = cl[n]
		}
	}
	for (n in cl) {
		u = uu[n]
		if ((n in mixed) || (n in bad) || best[u] * 2 <= all[u] ||
		    cl[n] == maj[u])
			continue
		for (k = 1; k <= ng[n]; k++)
			print n, gpus[n, k], cl[n], maj[u]
	}
    }' "$T/gpus" | sort >"$T/want"
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["why"] ~ /not its domain/ {
	split($c["why"], w, " "); d = w[6]; sub(/.*'"'"'s$/, "", d)
	m = $c["why"]; sub(/.*'"'"'s /, "", m); sub(/ .*/, "", m)
	print $c["node"], $c["gpu"], w[2] + 0, m
    }' "$T/rows" | sort >"$T/got"
ok "$(test -s "$T/want"; echo $?)" \
    "the simulator has a tray split from its domain: $(head -n 1 "$T/want")"
is "$(cat "$T/got")" "$(cat "$T/want")" \
    "each GPU in a clique not its domain's is a fabric row, and no other"
like "$(grep 'not its domain' "$T/rows" | head -n 1)" \
    "${TAB}fabric${TAB}clique [0-9]+, not its domain nvl72-r[0-9]+'s [0-9]+ \\([0-9]+ of [0-9]+ GPUs\\)" \
    "... why: the GPU's clique, the domain's name and clique"

# IMEX: the nodes of the domains whose IMEX is not UP, as their own
# nvidia-imex-ctl -N says, against the rows.
DOMS=$($M -o tsv -c 'list-domains' 2>/dev/null | awk -F"$TAB" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["imex"] != "UP" && $c["imex"] != "" { print $1 }' | head -n 3 | tr "\n" " ")
ok "$(test -n "$DOMS"; echo $?)" "domains whose IMEX is not UP: $DOMS"
: >"$T/iwant"
for d in $DOMS; do
	for n in $($M -o tsv -c "show-domain -o json $d" 2>/dev/null |
	    grep -o '"node":"gpu[0-9]*"' | sed 's/.*:"//; s/"//' | sort -u); do
		$M sim-tool nvidia-imex-ctl --node "$n" -N 2>/dev/null |
		    awk -v n="$n" '/^Node #/ && $NF != "READY" &&
			$0 !~ /- READY *(- Version|$)/ { down++ }
			/^Domain State:/ { st = $3 }
			END { if (st != "" && (st != "UP" || down > 0))
				print n, "IMEX " st, down + 0 }' >>"$T/iwant"
	done
done
sort -o "$T/iwant" "$T/iwant"
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["state"] ~ /^IMEX / { w = $c["why"]; k = 0
	if (w ~ /not READY/) { sub(/.*; /, "", w); k = w + 0 }
	print $c["node"], $c["state"], k }' "$T/rows" | sort >"$T/iall"
grep -F -f "$(awk '{ print $1 }' "$T/iwant" | sed 's/$/ /' >"$T/inodes";
    echo "$T/inodes")" "$T/iall" >"$T/igot"
ok "$(test -s "$T/iwant"; echo $?)" \
    "nodes whose IMEX report is not UP: $(wc -l <"$T/iwant" | tr -d ' ')"
is "$(cat "$T/igot")" "$(cat "$T/iwant")" \
    "each such node is an IMEX fabric row: its Domain State, how many not READY"
like "$(grep "${TAB}IMEX " "$T/rows" | grep 'not READY' | head -n 1)" \
    "${TAB}fabric${TAB}IMEX domain [A-Z]+; [0-9]+ not READY: [0-9.]+ [A-Z]+" \
    "... why: the Domain State, then the nodes by address and state"

done_testing
