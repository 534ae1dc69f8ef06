#!/bin/sh
# Batch mode on the simulated cluster: the list commands, output formats,
# filters, scripts, quoting and exit codes.
. t/lib/tap.sh

M="$MYRIAD --sim-time 1800000000 --seed 1"

out=$($M -c 'list-gpus -o tsv' 2>"$T/err"); rc=$?
is "$rc" 3 "list-gpus -o tsv exits 3: the simulator's unreachable nodes"
is "$(printf '%s\n' "$out" | head -1 | cut -f1-12)" \
    "$(printf 'node\tindex\tuuid\tmodel\tbus_id\tutil_pct\tmemutil_pct\tmem_used_mib\tmem_total_mib\ttemp_c\tmemtemp_c\tpower_w')" \
    "tsv header names the keys"
rows=$(printf '%s\n' "$out" | tail -n +2 | wc -l)
[ "$rows" -ge 9800 ] && [ "$rows" -le 10000 ]; ok $? "about 10,000 GPU rows on the 10k simulator ($rows)"
is "$(printf '%s\n' "$out" | awk -F'\t' 'NR > 1 { print $1 }' | sort -u | wc -l | tr -d ' ')" \
    "$(printf '%s\n' "$out" | awk -F'\t' 'NR > 1 { print $1 }' | sort -u | wc -l | tr -d ' ')" "node column filled"
is "$(printf '%s\n' "$out" | awk -F'\t' 'NR == 2 { print $1, $2, $4 }')" \
    "gpu0001 0 NVIDIA H100 80GB HBM3" "first row is gpu0001 GPU 0, an H100"

out=$($M -c 'list-gpus -o json gpu0001')
like "$out" '^\[' "json is an array"
for k in node index uuid model util_pct mem_used_mib mem_total_mib temp_c power_w power_limit_w ecc_dbe xid; do
	like "$out" "\"$k\":" "list-gpus json has key $k"
done
is "$(printf '%s\n' "$out" | grep -c '"node":"gpu0001"')" 8 "gpu0001 has 8 GPUs"
like "$out" '"xid":(null|[0-9]+)' "xid is null or a number, never missing"

out=$($M -c 'list-nodes -o json gpu[0001-0003]')
for k in node rack state reason reachable error; do
	like "$out" "\"$k\":" "list-nodes json has key $k"
done
is "$(printf '%s\n' "$out" | grep -c '"node":')" 3 "a node set selects three nodes"

hot=$($M -c 'list-gpus -o tsv -w temp>85')
bad=$(printf '%s\n' "$hot" | awk -F'\t' 'NR > 1 && $10 <= 85' | wc -l)
is "$bad" 0 "-w temp>85 keeps only GPUs above 85 C"

$M -c 'list-jobs -o tsv' > "$T/jobs"
running=$(awk -F'\t' '$5 == "RUNNING"' "$T/jobs" | wc -l)
pending=$(awk -F'\t' '$5 == "PENDING"' "$T/jobs" | wc -l)
[ "$running" -ge 50 ]; ok $? "the queue has running jobs ($running)"
[ "$pending" -ge 20 ]; ok $? "the queue has pending jobs ($pending)"

out=$($M -c 'list-sensors -o tsv gpu0001')
like "$out" 'temp' "gpu0001 has temperature sensors"
out=$($M -c 'list-links -o tsv gpu0001' | tail -n +2 | wc -l)
is "$out" 144 "gpu0001 has 8 x 18 NVLinks"
out=$($M -c 'list-links -t ib -o tsv gpu0001' | tail -n +2 | wc -l)
is "$out" 8 "gpu0001 has 8 InfiniBand ports"
is "$($M -c 'list-links -o tsv gpu0001' | cut -f1,9 | uniq)" "node	kind
gpu0001	nvlink" "list-links: kind last, nvlink"
is "$($M -c 'list-links -t ib -o tsv gpu0001' | awk -F'\t' '{ print $NF }' |
    sort -u)" "ib
kind" "list-links -t ib: kind last, ib"
out=$($M -c 'show-node gpu0001')
like "$out" '^gpu0001  rack r001' "show-node names node and rack"
out=$($M -c 'show-node -o json gpu0001')
like "$out" '^\{"node":\{"node":"gpu0001"' "show-node -o json is an object"

# Scripts: -c with ';', -f FILE, standard input, comments.
out=$($M -c 'nodeset -c gpu[1-4]; nodeset -c gpu[1-2]')
is "$out" "$(printf '4\n2')" "-c runs commands separated by ;"
printf '# a comment\nnodeset -f gpu1 gpu2 # trailing\nnodeset -c "gpu[1-3]"\n' > "$T/script"
is "$($M -f "$T/script")" "$(printf 'gpu[1-2]\n3')" "-f runs a script"
is "$(printf 'nodeset -c gpu[1-5]\n' | $M)" 5 "commands on standard input"

# Quoting: a quoted word arrives as one word, nothing is expanded.
out=$($M -c "show-node 'gpu 0001; \$(touch $T/pwned)'" 2>&1); rc=$?
is "$rc" 2 "show-node of an unknown node exits 2"
like "$out" 'no such node: gpu 0001; \$\(touch' "the quoted name arrives whole"
[ ! -e "$T/pwned" ]; ok $? "nothing in the quoted word ran"

# Exit codes: 1 a command failed, 2 usage.
$M -c 'no-such-command' 2>"$T/err"; is "$?" 2 "unknown command exits 2"
like "$(cat "$T/err")" 'unknown command: no-such-command' "and says so"
$M -c 'list-gpus -o yaml' 2>"$T/err"; is "$?" 2 "bad format exits 2"
like "$(cat "$T/err")" '^myriad: list-gpus: bad output format' "error names the command"
$M -c 'list-gpus -w nosuch>1' 2>/dev/null; is "$?" 2 "bad filter exits 2"
$M -c 'parse xid /nonexistent; nodeset -c a' >"$T/out" 2>"$T/err"; is "$?" 1 "failed command exits 1"
is "$(cat "$T/out")" "" "a failed command stops the script"
like "$(cat "$T/err")" 'stopped at line 1; 1 command not run' "and says what did not run"
$M --sim 7x -c summary 2>"$T/err"; is "$?" 2 "bad --sim size exits 2"
$M --sim 12345 -c summary >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/out")" 2: "--sim 12345, not whole nodes: exits 2, prints nothing"
is "$(cat "$T/err")" "myriad: sim.size 12345: not a whole number of 8-GPU nodes; 12344 or 12352" \
    "--sim 12345: names the nearest whole sizes"
$M --no-such-option 2>/dev/null; is "$?" 2 "unknown option exits 2"
# A command's name where myriad's options end: a hint of -c.
$M parse amd-smi F > /dev/null 2> "$T/err"
is "$?:$(head -1 "$T/err")" "2:myriad: unexpected argument 'parse' (did you \
mean -c 'parse amd-smi F'?)" "myriad parse ...: exits 2, hints -c 'parse ...'"
$M -c 'list-gpus --bogus' > /dev/null 2> "$T/err"
is "$?:$(head -1 "$T/err")" "2:myriad: list-gpus: unknown option --bogus" \
    "list-gpus --bogus: names --bogus"
$M -c 'list-gpus' -o json > "$T/out"; like "$(head -c 1 "$T/out")" '\[' "global -o json"
is "$($M --version)" "myriad $(sed -n 's/^#define MYRIAD_VERSION.*"\(.*\)"/\1/p' console/myriad.h)" "--version"

# A command's options in their long forms, as the global ones are named.
$M -c 'burnin --dry-run --force gpu0001' > "$T/out" 2> "$T/err"
is "$?:$(head -1 "$T/out")" "0:gpu0001: dcgmi diag -r 3 -j" \
    "burnin --dry-run --force: -n -f"
$M -c 'list-nodes --output=tsv gpu0001' | head -1 > "$T/out"
like "$(cat "$T/out")" '^node	rack	' "list-nodes --output=tsv: -o tsv"
$M -c 'burnin --bogus gpu0001' 2> "$T/err"
is "$?:$(head -1 "$T/err")" "2:myriad: burnin: unknown option --bogus" \
    "an unknown long option is named"
$M -c 'list-nodes --yes' 2> "$T/err"
is "$?:$(head -1 "$T/err")" "2:myriad: list-nodes: unknown option --yes" \
    "--yes only where the command changes the cluster"
$M -c 'drain --yes=1 gpu0001 reason=x' 2> "$T/err"
is "$?:$(head -1 "$T/err")" "2:myriad: drain: option --yes takes no value" \
    "--yes=1: no value taken"

# Determinism: the same seed and time give the same bytes.
a=$($M -c 'list-gpus -o tsv gpu[0001-0100]' | md5sum)
b=$($M -c 'list-gpus -o tsv gpu[0001-0100]' | md5sum)
is "$a" "$b" "same seed and time: same data"
c=$($MYRIAD --sim-time 1800000000 --seed 2 -c 'list-gpus -o tsv gpu[0001-0100]' | md5sum)
[ "$a" != "$c" ]; ok $? "another seed: other data"

out=$($MYRIAD --sim 100k --sim-time 1800000000 -c 'summary')
like "$out" '12500 nodes in 1563 racks, 100000 GPUs' "--sim 100k: 12,500 nodes"

done_testing
