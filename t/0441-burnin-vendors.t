#!/bin/sh
# Burn-in on a mixed simulated cluster (--sim-mix): each node runs its
# vendor's diagnostic, NVIDIA's dcgmi diag and AMD's rvs (the ROCm
# Validation Suite), whose verdicts are read; Ascend and Hygon nodes,
# whose diagnostics myriad cannot read (no real output found), are
# refused with the vendor and why, and the run says so: the others are
# tested, list-burnins shows every node, the exit status is 3 (1 when
# every node is refused), the dry run's as the run's; a refused node is
# said refused, not failed, in the report and its last line.  The dry
# run shows each node's command; a site check (burnin.hygon-command) is
# run where set; --read-only refuses.
. t/lib/tap.sh
. t/lib/tsv.sh

MIX=h100:2,mi300x:1,910b:1,k100:1
printf 'sim = { diag-seconds = 0.0; };\n' > "$T/conf"
M="$MYRIAD -F $T/conf --sim 1024 --sim-mix $MIX --sim-time 3600 --fault-rate 0"
# gpu0001-0056 H100, gpu0057-0088 MI300X, gpu0089-0112 910B, 0113- K100.
$M -o tsv -c 'list-gpus -w index=0' | awk -F'\t' 'NR > 1 { print $1, $27 }' \
    > "$T/vendors"
is "$(awk '$2 != v { printf "%s %s,", $1, $2; v = $2 }' "$T/vendors")" \
    "gpu0001 nvidia,gpu0057 amd,gpu0089 huawei,gpu0113 hygon," \
    "the mix's first node of each vendor"
SET='gpu[0001,0057-0058,0089,0113]'

# The dry run: each node's own command; the refused, with why.
$M --force --dry-run -c "burnin $SET level=3" > "$T/dry" 2> "$T/dryerr"
is "$?" 3 "the dry run exits 3, as the run: some nodes refused"
is "$(grep ': ' "$T/dry" | grep -v '^refused\|^dry run\|^no on' | tr '\n' ,)" \
    "gpu0001: dcgmi diag -r 3 -j,gpu0057: rvs -r 3,gpu0058: rvs -r 3," \
    "dry run: dcgmi diag on the H100 node, rvs -r 3 on the MI300X nodes"
like "$(cat "$T/dry")" \
    '^refused: gpu0089: huawei: myriad reads no Ascend diagnostic .*set burnin.huawei-command' \
    "dry run: the Ascend node refused, with why and what to set"
like "$(cat "$T/dry")" \
    '^refused: gpu0113: hygon: myriad reads no Hygon DCU diagnostic .*burnin.hygon-command' \
    "dry run: the Hygon node refused, with why"
like "$(cat "$T/dry")" '^dry run: 3 commands for' "dry run: 3 commands, not 5"

# The run.
$M --force --yes -o json -c "burnin $SET level=3" > "$T/out" 2> "$T/err"
is "$?" 3 "burnin on a mix with refused nodes exits 3"
like "$(cat "$T/err")" \
    'burnin: gpu0089: huawei: refused: myriad reads no Ascend diagnostic' \
    "standard error names the refused Ascend node"
like "$(cat "$T/err")" 'burnin: gpu0113: hygon: refused:' \
    "standard error names the refused Hygon node"
like "$(tr -d '\n ' < "$T/out")" \
    '"nodes":"gpu\[0001,0057-0058\]","count":3,"ok":true,"result":"passed"' \
    "the NVIDIA and AMD nodes passed"
like "$(tr -d '\n ' < "$T/out")" \
    '"nodes":"gpu0089","count":1,"ok":false,"result":"refused:huawei:' \
    "the report: the Ascend node refused, not passed"
like "$(tr -d '\n ' < "$T/out")" \
    '"nodes":"gpu0089",.*"result":"refused:huawei:[^}]*","refused":true}' \
    "JSON: the Ascend node's group is refused"
like "$(cat "$T/err")" 'myriad: burnin: 3 passed, 2 refused$' \
    "the last line counts the refused apart, not as failed"
! grep -q 'failed on' "$T/err"
ok "$?" "no node is said failed"
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows" 2>&1
is "$(tsv_cols "$T/rows" node state vendor gpus | sort |
    tr '\n' ,)" \
    "gpu0001 passed nvidia pass 0-7,gpu0057 passed amd pass 0-7,gpu0058 passed amd pass 0-7,gpu0089 refused huawei ,gpu0113 refused hygon ," \
    "list-burnins RUN: each node's vendor and verdict, rvs's GPUs 0-7 read"
$M -o tsv -c "list-burnins" > "$T/runs" 2>&1
is "$(tsv_cols "$T/runs" count passed failed refused | head -1)" "5 3 0 2" \
    "list-burnins: 5 nodes, 3 passed, none failed, 2 refused"
$M -c "list-burnins" > "$T/runs" 2>&1
like "$(head -1 "$T/runs")" ' NODESET +REFUSED$' \
    "list-burnins' table: REFUSED, last"
like "$(sed -n 2p "$T/runs")" ' 3 +0 +0 +0 +gpu\S+ +2$' \
    "list-burnins' table: 3 passed, 2 refused"

# Every node refused: exit 1.
$M --force --yes -c "burnin gpu[0089,0113] level=1" > "$T/out" 2> "$T/err"
is "$?" 1 "burnin of refused nodes only exits 1"
like "$(cat "$T/out")" '^refused: huawei: myriad reads no Ascend' \
    "the report: refused, not failed"
! grep -q 'failed' "$T/out"
ok "$?" "the report says no node failed"
like "$(cat "$T/err")" 'myriad: burnin: 0 passed, 2 refused$' \
    "the last line: 2 refused"
$M --force -n -c "burnin gpu[0089,0113] level=1" > "$T/dry" 2>&1
is "$?" 1 "the dry run of refused nodes only exits 1, as the run"

# A site's check for Hygon nodes: no parser, its exit status the verdict.
# The simulator has no such command: sh does not find it, and it fails.
printf 'burnin = { hygon-command = "site-dcu-check --level %%l"; };\n' \
    >> "$T/conf"
$M --force --dry-run -c "burnin gpu0113 level=2" > "$T/dry" 2>&1
like "$(cat "$T/dry")" '^gpu0113: site-dcu-check --level 2$' \
    "burnin.hygon-command set: the Hygon node runs it, %l the level"
$M --force --yes -o json -c "burnin gpu0113 level=2" > "$T/out" 2>&1
like "$(tr -d '\n ' < "$T/out")" \
    '"ok":false,"result":"burnin.hygon-commandexit127:.*site-dcu-check' \
    "its exit status is the verdict, its last line the message"

# A lost GPU (Xid 79 at fault rate 0.5 on gpu0057, GPU 5): rvs lists 7
# GPUs, numbered without it; amd-smi leaves the lost GPU out too.  The
# node's XGMI link of GPU 1 to 4 is down as well: rvs fails it in pbqt
# (a node whose rvs passed with a GPU lost: t/0054, t/0443).
$M --fault-rate 0.5 sim-tool rvs --node gpu0057 -r 3 > "$T/rvs" 2>&1
like "$(cat "$T/rvs")" '^.\| GPUs +\| 7 +\|$' "rvs on gpu0057: 7 GPUs listed"
$M --fault-rate 0.5 --force --yes -o json -c "burnin gpu0057 level=3" \
    > "$T/out" 2>&1
is "$?" 1 "burnin gpu0057 with a GPU lost: exit 1"
like "$(tr -d '\n' < "$T/out")" '"result": "xgmi_d2d_bandwidth"' \
    "its result: the XGMI action rvs failed"

# rvs -r 1 tests the software only: no GPU's line; the GPUS column says so.
rm -rf "$XDG_STATE_HOME/myriad/burnin"
$M --force --yes -c "burnin gpu0057 level=1" > "$T/out" 2>&1
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows" 2>&1
is "$(tsv_cols "$T/rows" state gpus)" "passed none: rvs gave no GPU's verdict" \
    "rvs -r 1: passed, its GPUS saying rvs gave no GPU's verdict"

# --read-only refuses.
$M --read-only --force --yes -c "burnin gpu0057 level=1" > "$T/out" 2> "$T/err"
is "$?" 1 "--read-only: burnin refused"
like "$(cat "$T/err")" 'burnin: refused: myriad is read-only' \
    "--read-only says so"

done_testing
