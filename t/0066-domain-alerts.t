#!/bin/sh
# NVL72 racks' faults as alerts (review 15a, 1 and 2): a tray whose GPUs
# are out of the fabric, degraded, in another clique than their domain's,
# or whose own IMEX report is DOWN is in list-alerts, as list-gpus' fabric
# fields and the simulated nvidia-imex-ctl -N say; the IMEX reason names
# the tray cut off, not the 17 that see it gone.
. t/lib/tap.sh

G="$MYRIAD -F /dev/null --sim 10k --sim-mix gb200:1 --sim-time 1800000000"

$G -c 'list-gpus -o tsv' > "$T/gpus" 2> /dev/null
# IMEX is read with the links: list-domains reads them for list-alerts.
$G -c 'list-domains -o tsv; list-alerts -o tsv' 2> /dev/null |
    awk '/^node\t/ { on = 1 } on' > "$T/alerts"
like "$(head -1 "$T/alerts")" '^node	' "list-alerts after list-domains"
$G -c 'list-domains -o tsv' > "$T/doms" 2> /dev/null

# The columns of list-gpus by name.
col() {
	head -1 "$1" | tr '\t' '\n' | grep -nx "$2" | cut -d: -f1
}
st=$(col "$T/gpus" fabric_state)
ss=$(col "$T/gpus" fabric_status)
ci=$(col "$T/gpus" clique_id)
cu=$(col "$T/gpus" cluster_uuid)
fh=$(col "$T/gpus" fabric_health)
fb=$(col "$T/gpus" fabric_bandwidth)
pr=$(col "$T/alerts" problem)

# A node of list-gpus not in list-alerts, of those lines.
missing() {
	awk -F'\t' 'NR == FNR { if (FNR > 1) a[$1] = 1; next }
	    !($1 in a) { print $1 }' "$T/alerts" - | sort -u
}

# Out of the fabric: State not Completed (N/A and Not Supported say
# nothing), or Completed with a Status not Success.
awk -F'\t' -v st="$st" -v ss="$ss" 'NR > 1 && $st != "" &&
    $st != "N/A" && $st != "Not Supported" &&
    ($st != "Completed" || ($ss != "" && $ss != "Success")) { print }' \
    "$T/gpus" > "$T/out"
ok $(test -s "$T/out"; echo $?) \
    "GPUs out of the fabric: $(cut -f1 "$T/out" | sort -u | tr '\n' ' ')"
is "$(missing < "$T/out")" "" "... each of their trays in list-alerts"
n=$(awk -F'\t' -v pr="$pr" 'NR == FNR { f[$1] = $0; next }
    FNR > 1 && $pr ~ /fabric/ { print }' "$T/out" "$T/alerts" | wc -l)
ok $(test "$n" -gt 0; echo $?) "... $n of them saying fabric"
# Each alert of a fabric names a GPU whose state list-gpus gives.
is "$(awk -F'\t' -v pr="$pr" -v st="$st" -v ss="$ss" '
    NR == FNR { if (FNR > 1) s[$1 " " $2] = $st ($ss != "" ? \
	", " $ss : ""); next }
    FNR > 1 && $pr ~ /^GPU [0-9]+: fabric [A-Z]/ {
	split($pr, w, /[ :]+/); t = $pr; sub(/^GPU [0-9]+: fabric /, "", t)
	if (s[$1 " " w[2]] != t) print $1, $pr, s[$1 " " w[2]] }' \
    "$T/gpus" "$T/alerts")" "" "... the state and status list-gpus has"

# Degraded: bandwidth not Full, health not Healthy (a warning).
awk -F'\t' -v fh="$fh" -v fb="$fb" 'NR > 1 &&
    (($fb != "" && $fb != "N/A" && $fb != "Full") ||
    ($fh != "" && $fh != "N/A" && $fh != "Healthy")) { print }' \
    "$T/gpus" > "$T/deg"
ok $(test -s "$T/deg"; echo $?) \
    "GPUs degraded: $(cut -f1 "$T/deg" | sort -u | head -5 | tr '\n' ' ')"
is "$(missing < "$T/deg")" "" "... each of their trays in list-alerts"

# Another clique: of the GPUs in the fabric of one ClusterUUID, those not
# in the clique most of them are in.
awk -F'\t' -v st="$st" -v ss="$ss" -v ci="$ci" -v cu="$cu" 'NR > 1 &&
    $st == "Completed" && ($ss == "" || $ss == "Success") &&
    $cu !~ /^[0-]*$/ { n[$cu " " $ci]++; g[NR] = $1 "\t" $cu " " $ci
	if (n[$cu " " $ci] > most[$cu]) { most[$cu] = n[$cu " " $ci]
	    maj[$cu] = $ci } ; u[NR] = $cu }
    END { for (i in g) { split(g[i], x, "\t"); split(x[2], y, " ")
	if (y[2] != maj[u[i]]) print x[1] } }' "$T/gpus" | sort -u > "$T/odd"
ok $(test -s "$T/odd"; echo $?) \
    "trays in another clique: $(tr '\n' ' ' < "$T/odd")"
is "$(missing < "$T/odd")" "" "... each in list-alerts"
is "$(awk -F'\t' -v pr="$pr" 'NR == FNR { o[$1] = 1; next }
    ($1 in o) && $pr !~ /clique [0-9]+, its domain.s [0-9]+/ &&
    $pr !~ /fabric/ { print $1 }' "$T/odd" "$T/alerts")" "" \
    "... saying their clique and their domain's"

# IMEX: each node of a domain whose IMEX is DOWN, by its own report.
: > "$T/cut"
for d in $(awk -F'\t' 'NR > 1 && $8 == "DOWN" { print $1 }' "$T/doms"); do
	nodes=$(awk -F'\t' -v d="$d" '$1 == d { print $3 }' "$T/doms")
	$G -c "list-nodes -o tsv $nodes" 2> /dev/null | awk 'NR > 1 {
	    print $1 }' > "$T/nodes"
	: > "$T/counts"
	while read -r n; do
		$G sim-tool nvidia-imex-ctl -N --node "$n" > "$T/imex" \
		    2> /dev/null
		c=$(grep -c '^Node #.* - [A-Z_]* *- Version' "$T/imex")
		r=$(grep -c '^Node #.* - READY  ' "$T/imex")
		if grep -q '^Domain State: DOWN' "$T/imex" &&
		    [ $((c - r)) -gt 0 ]; then
			echo "$d $n $((c - r))" >> "$T/cut"
		else
			echo $((c - r)) >> "$T/counts"
		fi
	done < "$T/nodes"
	# The count most of the others give.
	want=$(sort "$T/counts" | uniq -c | sort -rn | awk 'NR == 1 {
	    print $2 }')
	ncut=$(grep -c "^$d " "$T/cut")
	[ "$want" -lt "$ncut" ] && want=$ncut
	is "$(awk -F'\t' -v d="$d" '$1 == d { print $15 }' "$T/doms")" \
	    "$want" "$d: imex_down as most reports see it ($want)"
done
ok $(test -s "$T/cut"; echo $?) \
    "trays cut off: $(cut -d' ' -f2 "$T/cut" | tr '\n' ' ')"
while read -r d n c; do
	like "$(awk -F'\t' -v d="$d" '$1 == d { print $13 }' "$T/doms")" \
	    "IMEX: $n cut off from its $c peers" "$d: why names $n"
	is "$(awk -F'\t' -v n="$n" -v pr="$pr" '$1 == n { print $pr }' \
	    "$T/alerts")" "IMEX DOWN: cut off from its $c peers" \
	    "... an alert: $n"
done < "$T/cut"
is "$(awk -F'\t' -v pr="$pr" 'NR == FNR { split($0, x, " "); c[x[2]] = 1
    next }
    $pr ~ /IMEX/ && !($1 in c) { print $1 }' "$T/cut" "$T/alerts")" "" \
    "no other tray has an IMEX alert"

done_testing
