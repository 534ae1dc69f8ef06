#!/bin/sh
# Burn-in on the real test cluster (t/lib/cluster): real sshds whose dcgmi
# is the simulator, a real slurmctld.  Four nodes are drained, burned in
# from a batch script; the one whose simulated GPU has a down NVLink fails
# with that GPU and test named and stays drained with the verdict as its
# reason, the three that pass are resumed (real sinfo shows them idle);
# list-burnins and the audit log have every step; the exit status is 3.
# A node with a running job (a real sbatch) is refused unless forced.
. t/lib/tap.sh

. t/lib/cluster.sh
export XDG_STATE_HOME="$T/state"

# Seed 25 at this time: gpu0005's GPU 3 has an NVLink down, and dcgmi diag
# -r 2 fails it in the pcie test (DCGM 4's name); the other nodes pass.
cluster_start 8 --slurm --port auto --seed 25 --fault-rate 0.02 \
    --sim-time 1800000000
export SLURM_CONF="$CLUSTER_SLURM_CONF"

{
	printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
	printf 'ssh = { config = "%s"; connect-timeout = 5; ' "$CLUSTER_SSH_CONFIG"
	printf 'command-timeout = 20; };\n'
	printf 'slurm = { controller = "local"; };\n'
} > "$T/conf"
M="$MYRIAD -F $T/conf"

# What each node's dcgmi says, asked of the simulator directly.
for n in 2 3 4 5; do
	$MYRIAD $CLUSTER_SIM_ARGS sim-tool dcgmi --node gpu000$n diag -r 2 -j \
	    2>/dev/null | $MYRIAD -F /dev/null -c 'parse -o tsv dcgm-diag -' \
	    2>/dev/null | awk -F'\t' -v n=gpu000$n '
		NR > 1 { rows++ }
		$4 == "fail" && $3 >= 0 { print n, $3, $1; bad = 1 }
		END { if (!bad) print n, (rows > 0 ? "passes" : "unreadable") }'
done > "$T/expect"
is "$(tr '\n' ',' < "$T/expect")" \
    "gpu0002 passes,gpu0003 passes,gpu0004 passes,gpu0005 3 pcie," \
    "the simulator fails gpu0005's GPU 3 in pcie, and no other of the four"

# Drain the four (the breaker allows one node of eight an hour: forced).
$M --yes --force -c 'drain gpu[0002-0005] reason="burn-in due"' \
    > "$T/drain.out" 2>&1
is "$?" 0 "drain gpu[0002-0005] exits 0"
drained() {
	[ "$(sinfo -h -N -n "$1" -o '%t' | sort -u | tr -d '\n')" = "$2" ]
}
wait_for() {	# wait_for TRIES COMMAND...
	w=$1
	shift
	while [ "$w" -gt 0 ]; do
		"$@" && return 0
		sleep 0.5
		w=$((w - 1))
	done
	return 1
}
wait_for 40 drained 'gpu[0002-0005]' drain
ok $? "real sinfo shows gpu[0002-0005] drained"

# A batch script: burn them in, resume those that pass.
printf '%s\n' 'burnin gpu[0002-0005] level=2 on-pass=resume on-fail=drain' \
    > "$T/script"
t0=$(date +%s)
$M --yes -f "$T/script" > "$T/burnin.out" 2> "$T/burnin.err"
rc=$?
t1=$(date +%s)
is "$rc" 3 "burnin exits 3: some failed"
[ "$rc" = 3 ] || sed 's/^/# /' "$T/burnin.out" "$T/burnin.err"
[ $((t1 - t0)) -ge 6 ]; ok $? "dcgmi diag -r 2 took its simulated time ($((t1 - t0)) s)"
[ $((t1 - t0)) -le 60 ]; ok $? "the four ran at once ($((t1 - t0)) s)"
like "$(cat "$T/burnin.out")" "^gpu\[0002-0004\] \(3\)" \
    "the three that passed, folded"
like "$(grep -A2 '^gpu\[0002-0004\]' "$T/burnin.out" | tail -1)" \
    "^ok: passed; resumed$" "they passed and were resumed"
like "$(grep -A2 '^gpu0005 (1)' "$T/burnin.out" | tail -1)" \
    "^failed: GPU 3: pcie: pcie GPU 3: GPU 3's NvLink link 8 is currently down.*; drained$" \
    "gpu0005 failed: GPU 3, the pcie test and dcgmi's message; kept drained"
is "$(grep -c . "$T/burnin.err")" 1 "one line on stderr (not a terminal: no progress)"

wait_for 40 drained 'gpu[0002-0004]' idle
ok $? "real sinfo shows the three that passed idle"
drained gpu0005 drain
ok $? "real sinfo shows gpu0005 still drained"
reason=$(sinfo -h -N -n gpu0005 -o '%E' | head -1)
like "$reason" "^burn-in due; burn-in [0-9.-]+ failed: pcie GPU 3: GPU 3's NvLink link 8" \
    "gpu0005's reason: the one it had, then the verdict ($reason)"

# The store.
$M -c 'list-burnins -o tsv' > "$T/runs" 2>&1
is "$(tail -n +2 "$T/runs" | wc -l | tr -d ' ')" 1 "list-burnins: one run"
is "$(tail -n +2 "$T/runs" | cut -f2,3,6-11 | tr '\t' ' ')" \
    "done 2 4 3 0 1 0 0" "list-burnins: done, level 2, 4 nodes: 3 passed, 1 failed"
run=$(tail -n +2 "$T/runs" | cut -f1)
$M -c "list-burnins -o tsv $run" > "$T/nodes" 2>&1
is "$(awk -F'\t' 'NR > 1 { print $2, $3, $6, $12 }' "$T/nodes" | sort | tr '\n' '|')" \
    "gpu0002 passed pass 0-7 resumed|gpu0003 passed pass 0-7 resumed|gpu0004 passed pass 0-7 resumed|gpu0005 failed fail 3; pass 0-2,4-7 drained|" \
    "list-burnins RUN: each node's state, GPUs and action"
ls "$XDG_STATE_HOME/myriad/burnin/$run.jsonl" > /dev/null 2>&1
ok $? "kept in \$XDG_STATE_HOME/myriad/burnin/$run.jsonl"

# The audit log: the drain, the burn-in's intent, the resume, the drain of
# gpu0005, the burn-in's result, in that order.
A=$XDG_STATE_HOME/myriad/audit.jsonl
steps=$(sed -n 's/.*"phase":"\([a-z]*\)".*"verb":"\([a-z]*\)".*/\2 \1/p' "$A" |
    tr '\n' ',')
is "$steps" "drain intent,drain result,burnin intent,resume intent,resume result,drain intent,drain result,burnin result," \
    "the audit log has each step"
like "$(grep '"verb":"burnin"' "$A" | grep '"phase":"result"')" \
    '"nodes":"gpu0005".*"ok":false' "the burn-in's result names gpu0005 failed"

# An on-pass=resume that fails fails its node, and the exit status says
# so: in front of the real scontrol, one that refuses to resume gpu0003.
mkdir -p "$T/bin"
printf '#!/bin/sh\ncase "$*" in\n*gpu0003*State=RESUME*)\n' > "$T/bin/scontrol"
printf '\techo "slurm_update error: Access/permission denied" >&2\n' \
    >> "$T/bin/scontrol"
printf '\texit 1 ;;\nesac\nexec /usr/bin/scontrol "$@"\n' >> "$T/bin/scontrol"
chmod 755 "$T/bin/scontrol"
$M --yes --force -c 'drain gpu0003 reason="burn-in again"' > /dev/null 2>&1
wait_for 40 drained gpu0003 drain
PATH="$T/bin:$PATH" $M --yes -c 'burnin gpu[0002-0003] level=1 on-pass=resume' \
    > "$T/again.out" 2> "$T/again.err"
is "$?" 3 "a resume that fails on one of two nodes that passed: exit 3"
like "$(grep -A2 '^gpu0002 (1)' "$T/again.out" | tail -1)" \
    '^ok: passed; not drained \(idle' "gpu0002 passed, idle: not drained"
like "$(grep -A2 '^gpu0003 (1)' "$T/again.out" | tail -1)" \
    '^failed: passed; resume failed: slurm_update error: Access/permission denied$' \
    "gpu0003 passed, but its resume failed, with scontrol's message"
drained gpu0003 drain
ok $? "real sinfo shows gpu0003 still drained"
# The store agrees with the report: gpu0003 failed, scontrol's words kept.
$M -c 'list-burnins -o tsv -n 1' > "$T/runs" 2>&1
is "$(tail -n +2 "$T/runs" | cut -f7-9 | tr '\t' ' ')" "1 0 1" \
    "list-burnins: 1 passed, 0 warned, 1 failed, as the report said"
$M -c "list-burnins -o json $(tail -n +2 "$T/runs" | cut -f1)" \
    > "$T/again.json" 2>&1
like "$(grep gpu0003 "$T/again.json")" \
    '"state":"failed".*"action":"resume failed: slurm_update error: Access/permission denied"' \
    "gpu0003 kept as failed, with what scontrol said"
$M --yes -c 'resume gpu0003' > /dev/null 2>&1

# A node with a running job: refused, naming it and its job; forced, run.
job=$(sbatch --parsable -w gpu0006 -o /dev/null --wrap 'sleep 600' 2>"$T/sbatch.err")
if [ -z "$job" ]; then
	sed 's/^/# /' "$T/sbatch.err"
	skip 4 "sbatch failed"
else
	running() {
		[ "$(squeue -h -j "$job" -o %T)" = RUNNING ]
	}
	wait_for 60 running
	ok $? "job $job runs on gpu0006"
	$M --yes -c 'burnin gpu[0006-0007] level=1' > "$T/ref.out" 2> "$T/ref.err"
	is "$?" 1 "burnin on a node with a job: refused"
	like "$(cat "$T/ref.err")" "refused: 1 node is not drained or idle, or with a running job: gpu0006 \((mixed|allocated), job $job\)" \
	    "the refusal names the node and its job"
	$M --yes --force -c 'burnin gpu0006 level=1' > "$T/force.out" 2>&1
	like "$(cat "$T/force.out")" "ok: passed" "--force: it runs"
	scancel "$job"
fi

# On a terminal: the progress line, over real SSH, and the run ends.
if command -v script > /dev/null 2>&1; then
	t0=$(date +%s)
	timeout 120 script -qec "$M --yes -c 'burnin gpu0003 level=1'" \
	    /dev/null > "$T/tty.out" 2>&1
	rc=$? t1=$(date +%s)
	is "$rc" 0 "on a terminal: the burn-in ends, exit 0 ($((t1 - t0)) s)"
	like "$(tr '\r' '\n' < "$T/tty.out")" 'burnin \[[^]]*\] [01]/1: ' \
	    "with a progress line"
	like "$(cat "$T/tty.out")" "ok: passed" "and the result"
else
	skip 3 "no script(1)"
fi
done_testing
