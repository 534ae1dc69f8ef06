#!/bin/sh
# links.nvlink-speed auto (the default): each NVIDIA GPU's NVLinks are
# held to its model's speed, on a simulator of H100 servers and GB200
# NVL72 racks: a GB200's at 53.125 GB/s, an H100's at 26.562, each ok at
# its own; a number set holds every GPU to it; a word not auto refused.
. t/lib/tap.sh

TAB=$(printf '\t')
M="$MYRIAD --sim 1024 --sim-mix h100:1,gb200:1 --fault-rate 0 --seed 1"

# model expect actual verdict, counted: one line per kind of row.
rows() {
	$M "$@" -o tsv -c 'inspect-links -a -w kind=nvlink' 2>"$T/err" |
	    awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	    NR > 1 { print $c["model"], $c["expect"], $c["actual"],
	    $c["verdict"] }' | sort | uniq -c | sed 's/^ *//'
}

out=$(rows -F /dev/null)
like "$out" '[0-9]+ NVIDIA GB200 53.125 53.125 ok' \
    "auto: a GB200's link at 53.125 GB/s is ok, 53.125 expected"
like "$out" '[0-9]+ NVIDIA H100 80GB HBM3 26.562 26.562 ok' \
    "auto: an H100's link at 26.562 GB/s is ok, 26.562 expected"
is "$(printf '%s\n' "$out" | grep -c -e 'GB200 26.562' \
    -e 'HBM3 53.125')" 0 "auto: no link held to the other model's speed"
is "$(cat "$T/err")" "" "no error"

printf 'links = { nvlink-speed = 53.125; };\n' >"$T/fast.conf"
out=$(rows -F "$T/fast.conf")
like "$out" '[0-9]+ NVIDIA H100 80GB HBM3 53.125 26.562 degraded' \
    "links.nvlink-speed = 53.125: an H100 link at 26.562 is degraded"
like "$out" '[0-9]+ NVIDIA GB200 53.125 53.125 ok' "... a GB200's ok"

printf 'links = { nvlink-speed = "auto"; };\n' >"$T/auto.conf"
out=$(rows -F "$T/auto.conf")
like "$out" 'GB200 53.125 53.125 ok' 'nvlink-speed = "auto": by model'

printf 'links = { nvlink-speed = "fast"; };\n' >"$T/bad.conf"
$M -F "$T/bad.conf" -c 'inspect-links' >/dev/null 2>"$T/err"
is "$?" 2 'nvlink-speed = "fast": refused, exit 2'
like "$(cat "$T/err")" 'links.nvlink-speed: want auto or GB/s' \
    "... saying what it wants"

done_testing
