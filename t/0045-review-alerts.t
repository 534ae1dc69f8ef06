#!/bin/sh
# What a monitoring script was told wrong (review 12b), in batch mode on
# the simulator: a node whose GPU query fails, whose output is refused in
# part, or that lists fewer GPUs than it has is an alert, and summary
# counts the missing ones; undated Xids (plain dmesg) sort by when they
# were read, after the dated events of that moment, not first of all.
. t/lib/tap.sh
ARGS="--sim 64 --seed 1 --sim-time 1800000000"
TAB=$(printf '\t')

# 1. The GPU tool missing on every node: each node is an alert.
printf 'probe = { gpus = "nosuch-smi --query-gpu=index,temperature.gpu'\
' --format=csv,noheader,nounits"; };\n' > "$T/missing.conf"
$MYRIAD $ARGS -F "$T/missing.conf" -c 'list-alerts -o tsv' \
    > "$T/alerts" 2> "$T/err"
is "$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["problem"] ~ /^gpus: .*command not found/' \
    "$T/alerts" | wc -l | tr -d ' ')" 8 \
    "GPU tool missing: list-alerts has each of the 8 nodes, and why"
like "$(cat "$T/err")" "8 of 8 nodes not read" \
    "GPU tool missing: stderr says the nodes were not read"

# 2. Output refused in part: the query's second list is what the
# simulator prints (power, 300-700 W), the first what the parser reads
# (temperature), so some lines are out of range.
printf 'probe = { gpus = "nvidia-smi --query-gpu=index,pci.bus_id,'\
'temperature.gpu --format=csv,noheader,nounits'\
' --query-gpu=index,pci.bus_id,power.draw"; };\n' > "$T/mixed.conf"
$MYRIAD $ARGS -F "$T/mixed.conf" -c 'list-alerts -o tsv' \
    > "$T/alerts" 2> "$T/err"
REFUSED=$(sed -n 's/^myriad: \(gpu[0-9]*\): gpus: nvsmi-csv: .*/\1/p' \
    "$T/err" | sort)
like "$(echo $REFUSED)" "^gpu[0-9]{4}" "refused lines: stderr names nodes"
ALERTED=$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
    $h["problem"] ~ /^gpus: nvsmi-csv: line [0-9]+: / {
    print $1 }' "$T/alerts" | sort)
is "$(echo $ALERTED)" "$(echo $REFUSED)" \
    "refused lines: list-alerts has the same nodes, with the parser's words"

# 3. nvidia-smi lists one GPU of 8: 7 missing a node, an alert, counted.
printf 'probe = { gpus = "nvidia-smi -i 3 --query-gpu=index,pci.bus_id,'\
'utilization.gpu,temperature.gpu --format=csv,noheader,nounits"; };\n' \
    > "$T/one.conf"
$MYRIAD $ARGS -F "$T/one.conf" -c 'summary; list-alerts -o tsv' \
    > "$T/out" 2> "$T/err"
like "$(grep '^gpus:' "$T/out")" "^gpus: 8 reporting of 64, 56 missing, " \
    "fewer GPUs: summary counts the missing ones"
like "$(grep '^cluster' "$T/out")" ", 64 GPUs$" \
    "fewer GPUs: the cluster still has 64"
is "$(awk -F"$TAB" '/^node\track\t/ { for (i = 1; i <= NF; i++) h[$i] = i }
    $h["problem"] == "7 of 8 GPUs missing"' "$T/out" | wc -l |
    tr -d ' ')" 8 "fewer GPUs: list-alerts has each node, 7 of 8 missing"
$MYRIAD $ARGS -c summary > "$T/out"
like "$(grep '^gpus:' "$T/out")" "^gpus: 64 reporting, mean" \
    "all GPUs: summary says no missing"
$MYRIAD $ARGS -c 'list-alerts -o json' > "$T/out"
is "$(grep -c 'GPUs missing\|"gpus: ' "$T/out")" 0 \
    "all GPUs read: no node is an alert for it"

# 4. Plain dmesg, no timestamps: the newest events are the dated ones read
# at the same moment, not the undated Xids since boot.
printf 'probe = { xid = "dmesg"; };\n' > "$T/dmesg.conf"
$MYRIAD --sim 10k --seed 1 --fault-rate 20 -F "$T/dmesg.conf" \
    -c 'list-events -o tsv' > "$T/events" 2> /dev/null
DATED=$(awk -F"$TAB" 'NR > 1 && $1 != "" && $1 != "-"' "$T/events" | wc -l)
[ "$DATED" -gt 0 ]
ok $? "plain dmesg: some events are dated ($DATED)"
is "$(awk -F"$TAB" 'NR > 1 && NR <= 1 + '"$DATED"' && ($1 == "" ||
    $1 == "-")' "$T/events" | wc -l | tr -d ' ')" 0 \
    "plain dmesg: every dated event comes before the undated Xids"

done_testing
