#!/bin/sh
# Operations that know the scale-up domain, in batch, on the simulator's
# NVL72 racks: a drain's --dry-run (and the box, the audit log) says what
# it does to each domain of more than one node, checked against what
# list-domains, list-gpus and list-jobs say; an HGX drain says nothing
# new; max-drain.domains refuses a second domain in the window, not a
# further tray of the first, and --force passes it; burnin on a domain
# gives a domain verdict, with and without burnin.domain-command; a
# failing domain command fails the domain; --read-only refuses.
. t/lib/tap.sh

printf 'sim = { diag-seconds = 0.02; };\n' > "$T/conf"
M="$MYRIAD -F $T/conf --sim 10k --sim-mix gb200:1 --sim-time 1800000000 \
    --seed 1"
AUDIT=$XDG_STATE_HOME/myriad/audit.jsonl

# A healthy domain with jobs, its first two trays, from list-domains.
$M -c 'list-domains -o json -w verdict=healthy,jobs>0' > "$T/doms" \
    2> /dev/null
set -- $(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))[0]
print(d["domain"], d["nodes"], d["gpus_expected"])' "$T/doms")
D=$1 DNODES=$2 DGPUS=$3
TRAYS=$($M -c "nodeset -e '$DNODES'" | tr ' ' '\n' | head -2 | tr '\n' ,)
TRAYS=$($M -c "nodeset -f '${TRAYS%,}'")
ok $(test -n "$D" && test -n "$TRAYS"; echo $?) \
    "a healthy domain with jobs: $D, its trays $TRAYS"

# What the line must say, from the other commands' output.
$M -c "list-gpus -o tsv '$TRAYS'" > "$T/gpus" 2> /dev/null
$M -c 'list-jobs -o json -w state=RUNNING' > "$T/jobs" 2> /dev/null
$M -c "nodeset -e '$DNODES'" > "$T/dnodes"
python3 - "$T/jobs" "$T/dnodes" > "$T/jobsthere" <<'EOF'
import json, re, sys
def expand(s):
    out = []
    for m in re.finditer(r'([a-z]+)(?:\[([^\]]*)\]|(\d+))', s):
        if m.group(3):
            out.append(m.group(1) + m.group(3))
            continue
        for r in m.group(2).split(','):
            a, _, b = r.partition('-')
            for i in range(int(a), int(b or a) + 1):
                out.append('%s%0*d' % (m.group(1), len(a), i))
    return out
there = set(open(sys.argv[2]).read().split())
for j in json.load(open(sys.argv[1])):
    if there & set(expand(j["nodes"])):
        print(j["id"], j["gpus"])
EOF
took=$(awk -F'\t' 'NR > 1' "$T/gpus" | wc -l)
keeps=$((DGPUS - took))
njobs=$(wc -l < "$T/jobsthere")
ok $(test "$njobs" -ge 1; echo $?) "list-jobs: $njobs jobs on $D"

$M -n -c "drain '$TRAYS' reason=check" > "$T/out" 2>&1
is "$?" 0 "drain --dry-run of two trays: exit 0"
line=$(grep " of $D: " "$T/out")
like "$line" "^$(printf '%s' "$TRAYS" | sed 's/[][]/\\&/g') are 2 trays of $D: the domain falls to $keeps of $DGPUS GPUs; $njobs jobs? runs? there: " \
    "the dry run names the trays, the domain, the GPUs it keeps ($keeps of $DGPUS)"
# The first four jobs by name, with their GPUs, then how many more.
printf '%s\n' "$line" | sed 's/.* there: //' | tr ',' '\n' |
    sed 's/ and [0-9]* more$//; s/^ //; s/ (\([0-9]*\) GPUs\{0,1\})$/ \1/' \
    > "$T/named"
is "$(cat "$T/named")" "$(head -4 "$T/jobsthere")" \
    "... the jobs running there, each with its GPUs (list-jobs')"
if [ "$njobs" -gt 4 ]; then
	like "$line" " and $((njobs - 4)) more$" "... and how many more"
else
	ok 0 "... no more"
fi

# A job of one GPU is "(1 GPU)" (item 22 of review 15b).
set -- $($M -c 'list-jobs -o tsv -w state=RUNNING -w gpus=1' 2> /dev/null |
    awk -F'\t' 'NR == 2 { print $1, $12 }')
$M -n -c "drain '$2' reason=check" > "$T/out" 2>&1
like "$(cat "$T/out")" " $1 \\(1 GPU\\)" "job $1 on $2: (1 GPU), not (1 GPUs)"
printf 'max-drain = { domains = -1; };\n' > "$T/bconf"
$MYRIAD -F "$T/bconf" --sim 1k -c 'list-nodes' > "$T/out" 2>&1
like "$(cat "$T/out")" 'max-drain.domains: -1 is out of range \(0 to 1000000\)$' \
    "max-drain.domains = -1: the range as integers"

# An HGX server is a domain of its own: nothing new is said.
$MYRIAD -F "$T/conf" --sim 10k -n -c 'drain gpu[0001-0002] reason=check' \
    > "$T/out" 2>&1
is "$(wc -l < "$T/out")" 2 "an HGX drain: the command and the dry run's line only"
ok $(! grep -q 'domain' "$T/out"; echo $?) "... no word of a domain"

# Draining a tray: the audit log records what it did to the domain.
ONE=$(head -1 "$T/dnodes" | cut -d' ' -f1)
$M -y -c "drain $ONE reason=check" > "$T/out" 2>&1
is "$?" 0 "drain a tray of $D: exit 0"
is "$(grep '"phase":"intent"' "$AUDIT" | tail -1 | python3 -c '
import json, sys
d = json.loads(sys.stdin.read())["domains"][0]
print(d["domain"], d["nodes"], d["gpus"], d["keeps"], len(d["jobs"]))')" \
    "$D $ONE $DGPUS $((DGPUS - took / 2)) $njobs" \
    "the audit log's intent: the domain, the tray, the GPUs kept, the jobs"
like "$(head -1 "$T/out")" "^$ONE is a tray of $D: the domain falls to $((DGPUS - took / 2)) of $DGPUS GPUs; " \
    "-y: the result says what it did to the domain too (review 15b, 16)"

# The breaker: a second domain in the window is refused, naming both.
D2=$(python3 -c '
import json, sys
print(json.load(open(sys.argv[1]))[1]["domain"])' "$T/doms")
N2=$($M -c "list-domains -o tsv $D2" 2> /dev/null | awk -F'\t' 'NR == 2 {
    print $3 }')
TWO=$($M -c "nodeset -e '$N2'" | cut -d' ' -f1)
$M -y -c "drain $TWO reason=check" > "$T/out" 2>&1
is "$?" 1 "a tray of a second domain, $D2: refused"
like "$(cat "$T/out")" "circuit breaker: the drain touches $D2, and drains of the window touched $D: 2 domains .*max-drain.domains.*--force" \
    "the refusal names the domains, the option and --force"
$M -n -c "drain $TWO reason=check" > "$T/out" 2>&1
is "$?" 1 "--dry-run exits 1 as the run would (review 15b, 14)"
like "$(cat "$T/out")" 'the circuit breaker would refuse it' \
    "--dry-run says the breaker would refuse it"
SECOND=$(head -1 "$T/dnodes" | cut -d' ' -f2)
$M -y -c "drain $SECOND reason=check" > "$T/out" 2>&1
is "$?" 0 "a further tray of $D: allowed"
$M -y --force -c "drain $TWO reason=check" > "$T/out" 2>&1
is "$?" 0 "--force drains the second domain"
printf 'max-drain = { domains = 3; };\n' >> "$T/conf"
N3=$($M -c 'list-domains -o tsv nvl72-r010' 2> /dev/null | awk -F'\t' '
    NR == 2 { print $3 }')
THREE=$($M -c "nodeset -e '$N3'" | cut -d' ' -f1)
$M -y -c "drain $THREE reason=check" > "$T/out" 2>&1
is "$?" 0 "max-drain.domains = 3: a third domain passes"

# burnin on a domain: its nodes, and a domain verdict.
B="$MYRIAD -F $T/conf --sim 10k --sim-mix gb200:1 --sim-time 1800000000 \
    --seed 1 --sim-fresh"
$B -n -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2>&1
is "$?" 0 "burnin nvl72-r004 --dry-run: exit 0"
is "$(grep -c ': dcgmi diag -r 1 -j$' "$T/out")" 18 \
    "the diagnostic on each of its 18 trays"
like "$(cat "$T/out")" 'nvl72-r004: a domain verdict, from its 18 nodes' \
    "and a domain verdict"
like "$(cat "$T/out")" 'are all 18 trays of nvl72-r004: the domain falls to 0 of 72 GPUs' \
    "what it does to the domain"
# Without on-fail too; a domain it is on in part: no verdict, said so
# (review 15b, 13).
$B -n -c 'burnin gpu0055 level=1 -f' > "$T/out" 2>&1
like "$(cat "$T/out")" '^nvl72-r004: no domain verdict: the run is on 1 of its 18 nodes, not all$' \
    "a tray of nvl72-r004 alone: no domain verdict, said so"
like "$(cat "$T/out")" '^gpu0055 is a tray of nvl72-r004: the domain falls to' \
    "... and what it does to the domain"
$B -n -c 'burnin gpu[0055-0056] level=1 -f on-fail=drain' > "$T/out" 2>&1
like "$(cat "$T/out")" "^on-fail=drain: then drain those that fail, their Slurm reason followed by the verdict \\(\"REASON; burn-in RUN failed: WHY\"\\)" \
    "on-fail=drain: what the drain's reason will be, plainly"
$B -y -o json -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2> "$T/err"
st=$?
python3 - "$T/out" > "$T/v" <<'EOF'
import json, sys
g = json.load(open(sys.argv[1]))
nodes = [x for x in g if "domain" not in x]
dom = [x for x in g if "domain" in x]
print(len(dom), dom[0]["domain"], dom[0]["nodes"], dom[0]["count"],
    dom[0]["ok"] == all(x["ok"] for x in nodes))
EOF
is "$(cat "$T/v")" "1 nvl72-r004 gpu[0055-0072] 18 True" \
    "-o json: the domain's verdict, passed when every node passed"
RUN=$($B -c 'list-burnins -o tsv' | awk -F'\t' 'NR == 2 { print $1 }')
is "$($B -c "list-burnins -o tsv $RUN" | awk -F'\t' '$2 == "nvl72-r004" {
    print $3, $7 }')" "$(python3 -c '
import json, sys
print("passed" if json.load(open(sys.argv[1]))[-1]["ok"] else "failed")
' "$T/out") domain" "list-burnins RUN: the domain's verdict, a row"
is "$($B -c 'list-burnins -o tsv' | awk -F'\t' 'NR == 2 { print $6 + $8 }')" \
    18 "the run counts its 18 nodes, not the domain"

# A tray's diagnostic: its 4 GPUs, their PCI addresses (item 9 of review
# 15b: an H100's 8 were printed).
R=$($B -c "list-burnins -o tsv $RUN" | awk -F'\t' '$2 == "gpu0055" {
    print $6 }')
is "$R" "pass 0-3" "list-burnins RUN: a tray's 4 GPUs passed"
$B sim-tool dcgmi --node gpu0055 diag -r 2 > "$T/diag"
is "$(grep -o 'GPU[0-9]:' "$T/diag" | sort -u | tr -d '\n')" \
    "GPU0:GPU1:GPU2:GPU3:" "dcgmi diag on a tray: GPU0 to GPU3"
is "$(grep 'Device IDs' "$T/diag" | tr -s ' ')" \
    '| GPU Device IDs Detected | 2330, 2330, 2330, 2330 |' \
    "a device id each, 4 (the id sim-nvsmi prints)"
set -- $($B -c 'list-gpus -o tsv' 2> /dev/null | awk -F'\t' '
    $26 == "GPU is lost" { print $1, $2, $5; exit }')
$B sim-tool dcgmi --node "$1" diag -r 2 -j > "$T/diag"
like "$(cat "$T/diag")" \
    "GPU $2 Error using CUDA API cudaDeviceGetByPCIBusId .*Unable to find GPU $3 on the PCI bus" \
    "a lost GPU of tray $1: its own PCI address, $3"

# burnin.domain-command: once, on the domain's first node, %d and %n quoted.
printf 'burnin = { domain-command = "nvidia-smi -L %%d %%n"; };\n' \
    > "$T/dconf"
$B -F "$T/dconf" -n -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2>&1
is "$(grep -c 'nvidia-smi -L' "$T/out")" 1 "the domain command: once"
like "$(cat "$T/out")" "^gpu0055: nvidia-smi -L nvl72-r004 'gpu\[0055-0072\]'$" \
    "on its first node, its name and nodes quoted"
printf 'sim = { diag-seconds = 0.02; };\n' > "$T/dconf"
printf 'burnin = { domain-command = "nvidia-smi -L"; };\n' >> "$T/dconf"
$B -F "$T/dconf" -y -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2>&1
like "$(grep -A3 '^domain nvl72-r004: ' "$T/out" | tail -1)" \
    'burnin.domain-command exit 0: GPU 3: NVIDIA GB200' \
    "a passing domain command: its exit status and last line"
printf 'sim = { diag-seconds = 0.02; };\n' > "$T/dconf"
printf 'burnin = { domain-command = "no-such-nvlink-test"; };\n' \
    >> "$T/dconf"
$B -F "$T/dconf" -y -o json -c 'burnin nvl72-r004 level=1 -f' \
    > "$T/out" 2> "$T/err"
st=$?
is "$(python3 -c '
import json, sys
print(json.load(open(sys.argv[1]))[-1]["ok"])' "$T/out")" False \
    "a failing domain command: the domain failed"
like "$(cat "$T/out")" 'burnin.domain-command exit 127' "... saying its exit status"
ok $(test "$st" -ne 0; echo $?) "... and the exit status is not 0 ($st)"
like "$(cat "$T/err")" 'burnin: 1 domain failed' "... nor standard error silent"

# The shell's true, false, exit N and echo run on the simulator as a
# site's check ends with them (review 15b, 10): not "command not found".
for c in 'true|ok|exit 0$' 'false|failed|exit 1$' 'exit 4|failed|exit 4$' \
    'echo all links up|ok|exit 0: all links up$'; do
	cmd=${c%%|*} rest=${c#*|}
	printf 'sim = { diag-seconds = 0.02; };\n' > "$T/dconf"
	printf 'burnin = { domain-command = "%s"; };\n' "$cmd" >> "$T/dconf"
	$B -F "$T/dconf" -y -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2>&1
	like "$(grep -A2 '^domain nvl72-r004: ' "$T/out" | tail -1)" \
	    "^${rest%%|*}: its 18 nodes passed; burnin.domain-command ${rest#*|}" \
	    "domain-command '$cmd': ${rest%%|*}"
done

# on-fail=drain: the breaker counts the domains of the nodes it runs on.
export XDG_STATE_HOME="$T/state2"
printf 'sim = { diag-seconds = 0.02; };\n' > "$T/conf"
IDLE=$($B -c 'list-nodes -o tsv -w state=idle' 2> /dev/null | awk -F'\t' '
    NR > 1 && $1 > "gpu0018" { print $1; exit }')
ID=$($B -c "list-domains -o tsv $IDLE" 2> /dev/null | awk -F'\t' '
    NR == 2 { print $1 }')
$B -y -c 'drain gpu0001 reason=check' > /dev/null 2>&1
$B -y -c "burnin $IDLE level=1 on-fail=drain" > "$T/out" 2>&1
is "$?" 1 "burnin on-fail=drain of idle $IDLE, in a second domain: refused"
like "$(cat "$T/out")" "the burnin touches $ID, and drains of the window touched nvl72-r001" \
    "by the breaker, naming the domains"

# The simulator's state file: named after the real count of GPUs of
# 139 racks of 18 trays of 4, its header too (item 20 of review 15b).
F=$XDG_STATE_HOME/myriad/sim/sim-mix-gb200_1-10008gpus-seed1-faults0.02.jsonl
$MYRIAD -F /dev/null --sim 10k --sim-mix gb200:1 --seed 1 -y \
    -c 'drain gpu0001 reason=check' > /dev/null 2>&1
ok $(test -s "$F"; echo $?) "the state file of 10,008 GPUs: $(ls "${F%/*}")"
like "$(head -1 "$F" 2> /dev/null)" '"gpus":10008,' "its header's count"

# --read-only refuses.
$B --read-only -y -c 'burnin nvl72-r004 level=1 -f' > "$T/out" 2>&1
is "$?" 1 "--read-only: burnin on a domain refused"
like "$(cat "$T/out")" 'read-only' "saying so"

done_testing
