#!/bin/sh
# What a review of issue 12 found in batch mode, on the simulator: a probe
# that cannot run, or is off, is never an empty answer with exit 0; the
# kernel log counts for list-alerts and summary; sim-tool's usage errors
# exit 2.
. t/lib/tap.sh

M="$MYRIAD --sim 64 --sim-time 1800000000 --seed 1"

# A probe the configuration cannot split, or of only blanks, is refused
# with file:line, exit 2.
printf '%s\n' 'probe = { gpus = "nvidia-smi \"unterminated"; };' > "$T/quote.conf"
$M -F "$T/quote.conf" -c 'list-gpus -o json' > "$T/out" 2> "$T/err"
is "$?" 2 "a probe with an unterminated quote: exit 2"
like "$(cat "$T/err")" "quote\.conf:1: probe\.gpus: .*unterminated double quote" \
    "named with file:line"
is "$(cat "$T/out")" "" "and nothing read"
printf '%s\n' 'probe = { xid = "  "; };' > "$T/blank.conf"
$M -F "$T/blank.conf" -c 'list-events' > /dev/null 2> "$T/err"
is "$?" 2 "a probe of only blanks: exit 2"
like "$(cat "$T/err")" 'blank\.conf:1: probe\.xid: .*only blanks.*"" turns the probe off' \
    "named, with how to turn it off"

# A probe the simulator cannot run names every node it reads.
printf '%s\n' 'probe = { gpus = "echo a; echo b"; };' > "$T/notool.conf"
$M -F "$T/notool.conf" -c 'list-gpus -o json' > "$T/out" 2> "$T/err"
is "$?" 1 "a GPU probe the simulator cannot run: exit 1"
like "$(head -1 "$T/err")" '^myriad: gpu\[0001-0008\]: gpus: .*probe\.gpus sets the command$' \
    "every node named, with the option"
like "$(tail -1 "$T/err")" '^myriad: list-gpus: 8 of 8 nodes not read$' "and counted"

# A probe turned off ("") is said, and its commands exit 1.
printf 'probe = { gpus = ""; xid = ""; ib = ""; };\n' > "$T/off.conf"
for c in 'list-gpus:gpus' 'list-events:xid' 'list-links -t ib:ib' \
    'summary:gpus'; do
	cmd=${c%:*}
	$M -F "$T/off.conf" -c "$cmd" > "$T/out" 2> "$T/err"
	is "$?" 1 "$cmd with probe.${c##*:} off: exit 1"
	like "$(cat "$T/err")" "^myriad: ${cmd%% *}: probe\\.${c##*:} is off \\(empty\\)\$" \
	    "$cmd: says which probe is off"
done
like "$(cat "$T/err")" '^myriad: summary: probe\.xid is off \(empty\)$' \
    "summary says every part that is off"
$M -F "$T/off.conf" -c 'list-nodes' > /dev/null 2> "$T/err"
is "$?" 0 "list-nodes reads none of them: exit 0"
is "$(cat "$T/err")" "" "and says nothing"

# The kernel log supplies list-alerts' Xids and summary's events.
printf 'probe = { xid = "dmesg --bogus"; };\n' > "$T/bogus.conf"
for c in list-alerts summary; do
	$M -F "$T/bogus.conf" -c "$c" > /dev/null 2> "$T/err"
	is "$?" 3 "$c with no kernel log read: exit 3"
	like "$(head -1 "$T/err")" '^myriad: gpu\[0001-0008\]: xid: dmesg: .*probe\.xid sets the command$' \
	    "$c: names the nodes and the probe"
	like "$(tail -1 "$T/err")" "^myriad: $c: 8 of 8 nodes not read in full\$" \
	    "$c: read, not in full"
done

# A node read in part (a field refused, the rest printed) is read: exit 3,
# "not read in full"; 1 only when nothing was read.  The parser is told
# one query (temperature.gpu), nvidia-smi runs the last (uuid).
printf '%s\n' 'probe = { gpus = "nvidia-smi --query-gpu=index,temperature.gpu --query-gpu=index,uuid --format=csv,noheader,nounits"; };' \
    > "$T/part.conf"
$M -F "$T/part.conf" -c 'list-gpus -o json gpu[0001-0003]' > "$T/out" 2> "$T/err"
is "$?" 3 "list-gpus of nodes read in part: exit 3"
is "$(grep -c '"index"' "$T/out")" 24 "their 24 GPUs printed"
like "$(head -1 "$T/err")" "^myriad: gpu0001: gpus: nvsmi-csv: line 1: temperature\.gpu: " \
    "the refused field named"
like "$(tail -1 "$T/err")" '^myriad: list-gpus: 3 of 3 nodes not read in full$' \
    "and the count says in part"
printf 'probe = { gpus = "nvidia-smix --query-gpu=index --format=csv"; };\n' \
    > "$T/nosmi.conf"
$M -F "$T/nosmi.conf" -c 'show-node gpu0001' > /dev/null 2> "$T/err"
is "$?" 3 "show-node whose GPUs are not read but links are: exit 3"
like "$(tail -1 "$T/err")" '^myriad: show-node: 1 of 1 node not read in full$' \
    "not read in full"

# A GPU listed twice in one report is refused with file:line; the GPUs
# before it are kept.
printf '0, H100, 40\n1, H100, 41\n2, H100, 42\n2, H100, 43\n4, H100, 44\n' \
    > "$T/dup.csv"
$M -c "parse -o tsv nvsmi-csv $T/dup.csv index,name,temperature.gpu" \
    > "$T/out" 2> "$T/err"
is "$?" 3 "parse of a GPU index listed twice: exit 3"
is "$(cut -f2 "$T/out" | tail -n +2 | tr '\n' ' ')" "0 1 2 4 " \
    "the others kept, the repeat not read"
like "$(cat "$T/err")" "dup\.csv:4: GPU 2 listed again in one report" \
    "named with file:line"
printf '0, H100, 40\n1, H100, 41\n0, H100, 42\n1, H100, 43\n' > "$T/loop.csv"
$M -c "parse -o tsv nvsmi-csv $T/loop.csv index,name,temperature.gpu" \
    > "$T/out" 2> "$T/err"
is "$?" 0 "nvidia-smi -l's reports one after another are read"
is "$(tail -n +2 "$T/out" | wc -l | tr -d ' ')" 4 "all of them"

# sim-tool: a node's tool without --node is a usage error.
$MYRIAD sim-tool nvidia-smi -L > /dev/null 2> "$T/err"
is "$?" 2 "sim-tool nvidia-smi without --node: exit 2"
like "$(head -1 "$T/err")" '^myriad: sim-tool: nvidia-smi: --node NODE is required$' \
    "and says --node is required"
$MYRIAD --sim-time 1800000000 sim-tool sinfo > /dev/null 2>&1
is "$?" 0 "a controller's tool needs none"

done_testing
