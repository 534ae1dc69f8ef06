#!/bin/sh
# Burn-in of a mixed fleet over real SSH (t/lib/cluster --sim-mix: every
# node has every vendor's tool, only its own vendor's answers): the NVIDIA
# node runs dcgmi diag, the AMD node (MI300X) rvs -r 3 through its sshd,
# each verdict read from what the tool printed; the Ascend and Hygon
# nodes are refused, named with why; a site check set for Hygon
# (burnin.hygon-command) runs on its node, its exit status the verdict.
# The node's vendor is the one the SSH source found (its GPU probe).  A
# node with no accelerator (--cpu-nodes: no vendor's tool answers there)
# is refused, not burned in with dcgmi, and on-fail=drain leaves it be.
. t/lib/tap.sh
. t/lib/tsv.sh

if ! grep -q -- '--sim-mix' t/lib/cluster; then
	echo "1..0 # SKIP the test cluster has no --sim-mix yet (SSH vendor detection)"
	exit 0
fi
. t/lib/cluster.sh

MIX=h100:1,mi300x:1,910b:1,a3:1,k100:1
cluster_start 34 --port auto --sim 288 --sim-mix $MIX --cpu-nodes gpu0034 \
    --sim-time 1790000000
SET='gpu[0001,0009,0017,0033]'
NONE="no accelerators: no vendor's tool answered there"

conf() {	# conf FILE [MORE]
	cat > "$1" <<-EOF
	source = "ssh";
	nodes = "$SET";
	ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 5;
	    command-timeout = 40; };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	probe = { xid = ""; ib = ""; ib-counters = ""; sinfo = "true";
	    squeue = "true"; };
	$2
	EOF
}
conf "$T/conf"
M="$MYRIAD -F $T/conf"

# What gpu0009's rvs prints through its sshd, read by the parser.
ssh -F "$CLUSTER_SSH_CONFIG" gpu0009 rvs -r 3 > "$T/rvs" 2>&1
is "$?" 0 "ssh gpu0009 rvs -r 3: the MI300X node's rvs answers"
$MYRIAD -F /dev/null -o tsv -c "parse rvs $T/rvs" > "$T/rvs.tsv" 2>&1
is "$(awk -F'\t' 'NR > 1 && $3 == "" { n++ } END { print n }' "$T/rvs.tsv")" 7 \
    "its 7 level-3 actions read"
ssh -F "$CLUSTER_SSH_CONFIG" gpu0001 rvs -r 3 > "$T/rvs1" 2>&1
is "$?:$(cat "$T/rvs1")" "127:sh: 1: rvs: not found" \
    "ssh gpu0001 rvs: not found on the NVIDIA node"

$M --force --dry-run -c "burnin $SET level=3" > "$T/dry" 2>&1
is "$(grep '^gpu' "$T/dry" | tr '\n' ,)" \
    "gpu0001: dcgmi diag -r 3 -j,gpu0009: rvs -r 3," \
    "dry run over SSH: dcgmi on gpu0001, rvs on gpu0009"

$M --force --yes -o json -c "burnin $SET level=3" > "$T/out" 2> "$T/err"
is "$?" 3 "burnin of the mixed set: exit 3 (two refused)"
like "$(cat "$T/err")" 'burnin: gpu0017: huawei: refused: myriad reads no Ascend' \
    "the Ascend node refused, named"
like "$(cat "$T/err")" 'burnin: gpu0033: hygon: refused: myriad reads no Hygon' \
    "the Hygon node refused, named"
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows" 2>&1
is "$(tsv_cols "$T/rows" node state vendor gpus | sort |
    tr '\n' ,)" \
    "gpu0001 passed nvidia pass 0-7,gpu0009 passed amd pass 0-7,gpu0017 refused huawei ,gpu0033 refused hygon ," \
    "list-burnins: dcgmi's and rvs's verdicts over SSH, the refused"

# A site check for the Hygon node: hy-smi, whose exit status is 0 there.
conf "$T/conf" 'burnin = { hygon-command = "hy-smi"; };'
rm -rf "$XDG_STATE_HOME/myriad/burnin"
$M --force --yes -o json -c "burnin gpu0033 level=1" > "$T/out" 2> "$T/err"
is "$?" 0 "burnin.hygon-command set: the Hygon node passes"
like "$(tr -d '\n' < "$T/out")" '"result": "passed"' "its report: passed"
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows" 2>&1
like "$(tsv_cols "$T/rows" message)" \
    '^burnin.hygon-command exit 0: =+ End of SMI Log =+$' \
    "its message: the exit status and the check's last line"

# A node with no accelerator, gpu0034: refused, and not drained for it.
SET='gpu[0001,0034]'
conf "$T/conf"
$M --force --dry-run -c "burnin $SET level=1 on-fail=drain" > "$T/dry" 2>&1
like "$(cat "$T/dry")" "^refused: gpu0034: $NONE" \
    "dry run: gpu0034 refused, no accelerators"
is "$(grep -c '^gpu0034:' "$T/dry")" 0 "dry run: no command for gpu0034"
$M --force --yes -c "burnin $SET level=1 on-fail=drain" > "$T/out" 2> "$T/err"
is "$?" 3 "burnin of an NVIDIA node and one with none: exit 3"
like "$(cat "$T/err")" "burnin: gpu0034: refused: $NONE" \
    "standard error: gpu0034 refused, no accelerators"
like "$(grep -A2 '^gpu0034 (1)' "$T/out" | tail -1)" "^refused: $NONE" \
    "the report: gpu0034 refused, no accelerators"
like "$(cat "$T/err")" 'burnin: 1 passed, 1 refused$' "the last line"
is "$(grep -c '"verb":"drain"' "$XDG_STATE_HOME/myriad/audit.jsonl")" 0 \
    "on-fail=drain: no drain in the audit log, gpu0034 not drained"

done_testing
