#!/bin/sh
# An NVL72 rack over real SSH whose trays' fabric or IMEX is not read
# (review 15b items 5 and 19): trays that report no ClusterUUID
# (probe.fabric empty) are still their rack's one nvl72 domain, not 18
# of their own; an IMEX probe that fails says so, tray by tray, folded.
. t/lib/tap.sh

. t/lib/cluster.sh
cluster_start 18 --port auto --sim 72 --sim-mix gb200:1 --fault-rate 0.5 \
    --sim-time 1790028800
conf() {	cluster_conf "$1" "rack-size = 18;"; }
conf 'fabric = "";' > "$T/nofabric.conf"
$MYRIAD -F "$T/nofabric.conf" -c 'list-domains -o tsv' > "$T/tsv" \
    2> "$T/err"
is "$(awk -F'\t' 'NR > 1 { print $1, $2, $3, $4 }' "$T/tsv")" \
    "nvl72-r1 nvl72 gpu[0001-0018] 72" \
    "no ClusterUUID read: the rack's 18 trays one nvl72 domain"
is "$(awk -F'\t' 'NR > 1 && $2 ~ /hgx/' "$T/tsv")" "" "... no hgx4"

conf 'imex = "false";' > "$T/noimex.conf"
$MYRIAD -F "$T/noimex.conf" -c 'list-domains -o tsv' > "$T/tsv" \
    2> "$T/err"
like "$(awk -F'\t' 'NR > 1 { print $13 }' "$T/tsv")" \
    '\]: IMEX not read: exited 1' \
    "IMEX probe exit 1: the domain says so, its trays folded"
is "$(awk -F'\t' 'NR > 1 { print $8 }' "$T/tsv")" "" "... its IMEX null"
$MYRIAD -F "$T/noimex.conf" -c 'show-domain nvl72-r1' > "$T/show" \
    2> /dev/null
like "$(sed -n 2p "$T/show")" 'IMEX not read: exited 1' \
    "... and show-domain's why"
done_testing
