#!/bin/sh
# The simulator's Slurm JSON and partitions next to the real Slurm 22.05:
# sinfo --json, squeue --json and their --yaml, scontrol show partition
# [NAME] with and without -o.  Against the real clients and slurmctld of
# the test cluster (t/lib/cluster, root): JSON keys in their order and
# types at every depth, the layout of each line, what the filters do (22.05
# ignores them), the partition's keys line by line; against the real
# captures in ../shared/fixtures/slurm, those of 22.05 in full and those of
# other versions in what they share with 22.05.  And myriad reads it all:
# slurm.format = json reads the nodes and jobs the text does.
. t/lib/tap.sh

SIM="$MYRIAD --sim 2048 --seed 3 --fault-rate 0.05 --sim-time 1800000000"
S="$SIM sim-tool"
J=t/lib/jshape
F=$FIXTURES/slurm

for tool in sinfo squeue; do
	$S $tool --node gpu0001 --json > "$T/sim-$tool.json" 2> "$T/err"
	is "$?" 0 "$tool --json: exit 0"
	$J "$T/sim-$tool.json" > "$T/sim-$tool.shape" 2> "$T/err"
	is "$?:$(cat "$T/err")" 0: "$tool --json: JSON"
	$S $tool --node gpu0001 --yaml > "$T/sim-$tool.yaml" 2> "$T/err"
	is "$?:$(head -2 "$T/sim-$tool.yaml" | tr '\n' ' ')" \
	    "0:%YAML 1.1 --- !!map " "$tool --yaml: libyaml's document"
	is "$(tail -1 "$T/sim-$tool.yaml")" ... "$tool --yaml: its end"
done
is "$(tail -c 2 "$T/sim-sinfo.json")" "$(printf '\n}' | tail -c 2)" \
    "sinfo --json ends with its brace, no newline (json-c)"
like "$(grep -c '"state_flags": \[' "$T/sim-sinfo.json")" '^[0-9]{3}$' \
    "sinfo --json: a record per node"
is "$(grep -c '"job_resources"' "$T/sim-squeue.json")" \
    "$($S squeue --node gpu0001 -h -t R | wc -l)" \
    "squeue --json: job_resources for the running jobs only"
like "$(cat "$T/sim-sinfo.yaml")" \
    "reason: !!str 'NHC: Xid [0-9]+[^']*'$" \
    "--yaml: a reason with ': ' in single quotes"

# myriad reads it: slurm.format = json, the nodes and jobs of the text
# (but the partitions of a node in two, which the text's one line per
# partition gives as the last, a job's elapsed time, measured by the
# wall clock in JSON, and its GRES, gres:gpu:8 in 22.05's JSON).
printf 'slurm = { format = "json"; };\n' > "$T/json.conf"
for c in 'list-nodes -o tsv' 'list-jobs -o tsv'; do
	$SIM -F "$T/json.conf" -c "$c" > "$T/json.out" 2> "$T/json.err"
	json="$?:$(cat "$T/json.err")"
	$SIM -F /dev/null -c "$c" > "$T/text.out" 2> "$T/text.err"
	is "$json" "$?:$(cat "$T/text.err")" \
	    "slurm.format = json: $c, its exit status and errors as text's"
	case $c in
	list-nodes*)	cut='1-3,5-' ;;
	*)		cut='1-8,10,12-' ;;
	esac
	is "$(cut -f "$cut" "$T/json.out" | md5sum)" \
	    "$(cut -f "$cut" "$T/text.out" | md5sum)" \
	    "slurm.format = json: $c as the text reads it ($(wc -l < \
	    "$T/text.out") lines)"
done
like "$(cat "$T/json.out")" 'ReqNodeNotAvail, Reserved for maintenance' \
    "a job's reason: the description, as squeue's %r"
$MYRIAD -c "parse -o tsv sinfo $T/sim-sinfo.json" > "$T/out" 2> "$T/err"
is "$?:$(grep -c '^gpu' "$T/out")" "0:256" "parse sinfo on its --json"
$MYRIAD -c "parse -o tsv squeue $T/sim-squeue.json" > "$T/out" 2> "$T/err"
is "$?:$(($(wc -l < "$T/out") - 1))" \
    "0:$($S squeue --node gpu0001 -h | wc -l)" \
    "parse squeue on its --json: the jobs of squeue"

# scontrol show partition: parse_scontrol_partition reads both layouts.
$S scontrol --node gpu0001 show partition > "$T/part.txt"
$S scontrol --node gpu0001 -o show partition > "$T/part-o.txt"
for f in part part-o; do
	$MYRIAD -c "parse -o tsv scontrol-partition $T/$f.txt" > "$T/out" \
	    2> "$T/err"
	is "$?:$(cut -f1,2,4 "$T/out" | tr '\t\n' ': ')" \
	    "0:name:state:nnodes gpu:UP:248 debug:UP:8 long:UP:56 " \
	    "parse scontrol-partition on show partition ($f)"
done
is "$($S scontrol --node gpu0001 show partition long | grep -c .)" 12 \
    "show partition long: its twelve lines"
$S scontrol --node gpu0001 show partition nosuch > "$T/out" 2>&1
is "$?:$(cat "$T/out")" "1:Partition nosuch not found" \
    "show partition nosuch: not found, exit 1"

# The keys of each line, in order, but those 22.05 prints only when they
# are set or that other versions add (TRESBillingWeights, NodeSets,
# ExclusiveTopo ...; TRES), DenyAccounts, DefMemPerCPU and MaxMemPerCPU
# standing where AllowAccounts and the PerNode ones would.
keys() {
	sed -e 's/=[^ ]*//g' -e 's/DenyAccounts/AllowAccounts/' \
	    -e 's/MemPerCPU/MemPerNode/g' \
	    -e 's/ \(TRES\|TRESBillingWeights\)\>//g' \
	    -e 's/ \(NodeSets\|ExclusiveTopo\|MaxCPUsPerSocket\)\>//g' \
	    -e 's/ \(ResumeTimeout\|SuspendTimeout\|SuspendTime\)\>//g' \
	    -e 's/ PowerDownOnIdle\>//g' "$1"
}
simkeys=$(keys "$T/part-o.txt" | sort -u)

# The real captures: 22.05's in full, the others in what they share with
# 22.05 (as the 22.05.9 capture of the same command has it).
conflicts() {	# conflicts A B: paths typed in both, differently
	awk '$1 == "T" && $3 != "null" { t[FILENAME, $2] = t[FILENAME, $2] \
	    " " $3; p[$2] = 1 }
	END { for (k in p) if ((ARGV[1], k) in t && (ARGV[2], k) in t &&
	    t[ARGV[1], k] != t[ARGV[2], k]) print k }' "$1" "$2"
}
if [ ! -d "$F" ]; then
	skip 1 "no $F"
else
	for f in "$F"/*; do
		b=${f##*/}
		case $b in
		telegraf-slurmrestd-nodes.json) tool=sinfo ;;
		telegraf-slurmrestd-jobs.json) tool=squeue ;;
		rivos-sinfo-json-21.08.json) tool=sinfo ;;
		rivos-squeue-json-21.08.json) tool=squeue ;;
		rivos-sinfo-N-json-23.02.json)
			echo "# not compared: $b: version 23.02's JSON" \
			    "(data_parser v0.0.39, another shape)"
			continue ;;
		rivos-sdiag-json-24.05.json)
			echo "# not compared: $b: sdiag, not simulated"
			continue ;;
		*scontrol-show-part*)	# gcm-scontrol-show-partition-a-o.txt,
					# ood-scontrol-show-part-o-owens.txt
			n=$(grep -c . "$f")
			is "$(keys "$f" | grep -cxF "$simkeys")" "$n" \
			    "$b: each of its $n partitions has the" \
			    "simulator's keys in their order"
			continue ;;
		*) continue ;;
		esac
		$J "$f" > "$T/real.shape"
		case $b in
		telegraf-*)	# 22.05.9: every object the same keys
			grep '^K' "$T/real.shape" | while read -r line; do
				grep -qxF "$line" "$T/sim-$tool.shape" ||
				    echo "${line%% *} ${line#K }"
			done > "$T/missing"
			is "$(cut -c1-200 "$T/missing")" "" \
			    "$b (22.05.9): its objects' keys, in order" ;;
		*)		# 21.08: what it shares with 22.05
			echo "# not compared: $b: version 21.08's JSON" \
			    "(openapi v0.0.37), but the paths 22.05 has too"
			case $tool in
			sinfo)	ref=$F/telegraf-slurmrestd-nodes.json ;;
			*)	ref=$F/telegraf-slurmrestd-jobs.json ;;
			esac
			paths() {
				$J "$1" | sed -n 's/^T \([^ ]*\) .*/\1/p' |
				    sort -u
			}
			paths "$f" > "$T/p21"
			paths "$ref" > "$T/p22"
			paths "$T/sim-$tool.json" > "$T/psim"
			is "$(comm -12 "$T/p21" "$T/p22" |
			    comm -23 - "$T/psim" | tr '\n' ' ')" "" \
			    "$b: the simulator has its paths 22.05 has" ;;
		esac
		case $b in
		telegraf-*)
			is "$(conflicts "$T/real.shape" "$T/sim-$tool.shape" |
			    sort | tr '\n' ' ')$(grep -q '^T' \
			    "$T/sim-$tool.shape" || echo 'no JSON')" "" \
			    "$b: the same types where both have a value" ;;
		*)
			echo "# $b: $(conflicts "$T/real.shape" \
			    "$T/sim-$tool.shape" | wc -l) paths typed" \
			    "otherwise in 21.08 (numbers as objects too," \
			    "allocated_nodes an object)" ;;
		esac
	done
fi

# The real Slurm 22.05 of the test cluster.
if [ "$(id -u)" != 0 ]; then
	skip 1 "the real Slurm needs the test cluster, which needs root"
	done_testing
	exit
fi
. t/lib/cluster.sh
unset SSH_CONNECTION
cluster_start 4 --slurm --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"

# A job running on 2 nodes, one pending for all 4 with one drained, each
# with its CPUs, memory and time limit set, as the simulator's are.
run=$(sbatch --parsable -N 2 --gpus-per-node=4 -c 2 --mem=1000 -t 60 \
    -o /dev/null --wrap 'sleep 600' 2>&1)
CLEANUP="scancel $run 2>/dev/null"
cluster_job_running "$run"
ok $? "a job runs: $run"
scontrol update NodeName=gpu0004 State=DRAIN Reason="NHC: Xid 79, GPU #3"
pend=$(sbatch --parsable -N 4 --gres=gpu:8 -c 1 --mem=1000 -t 30 \
    -o /dev/null --wrap 'sleep 600' 2>&1)
CLEANUP="scancel $run $pend 2>/dev/null"
i=0
while [ "$(squeue -h -j "$pend" -o %r)" = None ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
is "$(squeue -h -j "$pend" -o %T)" PENDING "a job pends: $pend"

for tool in sinfo squeue; do
	$tool --json > "$T/real-$tool.json"
	$J "$T/real-$tool.json" > "$T/real.shape"
	diff "$T/real.shape" "$T/sim-$tool.shape" > "$T/diff"
	is "$(cut -c1-200 "$T/diff")" "" \
	    "$tool --json: the keys in their order and the types of 22.05"
	$J -t "$T/real-$tool.json" > "$T/real.shape"
	$J -t "$T/sim-$tool.json" > "$T/sim.shape"
	diff "$T/real.shape" "$T/sim.shape" > "$T/diff"
	is "$(cut -c1-200 "$T/diff")" "" \
	    "$tool --json: each line laid out as 22.05 lays it out"
	$tool --yaml > "$T/real.yaml"
	diff "$($J -y "$T/real.yaml" > "$T/a"; echo "$T/a")" \
	    "$($J -y "$T/sim-$tool.yaml" > "$T/b"; echo "$T/b")" > "$T/diff"
	is "$(cut -c1-200 "$T/diff")" "" "$tool --yaml: laid out as 22.05's"
done
# The filters: 22.05's JSON lists every node and job all the same.
for args in "sinfo -p gpu" "squeue -u nobody -t R"; do
	set -- $args
	tool=$1
	shift
	real=$($tool --json "$@" | grep -c '^    {')
	sim=$($S $tool --node gpu0001 --json "$@" | grep -c '^    {')
	all=$(grep -c '^    {' "$T/sim-$tool.json")
	is "$real:$sim:$([ "$all" -gt 0 ] && echo some)" \
	    "$($tool --json | grep -c '^    {'):$all:some" \
	    "$tool --json $*: every record, as 22.05"
done

# scontrol show partition: the real layout, line by line, keys and all.
lines() {	# lines FILE: a line each, its indent and keys
	sed -e 's/=[^ ]*//g' -e 's/^\(  *\)/\1|/' "$1"
}
scontrol show partition > "$T/real-part.txt"
$S scontrol --node gpu0001 show partition gpu > "$T/sim-part.txt"
is "$(lines "$T/sim-part.txt")" "$(lines "$T/real-part.txt")" \
    "show partition: the lines and keys of 22.05's (and its blank line)"
scontrol -o show partition > "$T/real-part.txt"
$S scontrol --node gpu0001 -o show partition gpu > "$T/sim-part.txt"
is "$(lines "$T/sim-part.txt")" "$(lines "$T/real-part.txt")" \
    "show partition -o: the keys of 22.05's, a line"
is "$(scontrol show partition nosuch 2>&1; echo "rc=$?")" \
    "$($S scontrol --node gpu0001 show partition nosuch 2>&1; echo "rc=$?")" \
    "show partition nosuch: 22.05's words and exit status"
is "$(scontrol show partition gpu gpu 2>&1; echo "rc=$?")" \
    "$($S scontrol --node gpu0001 show partition gpu gpu 2>&1; echo "rc=$?")" \
    "show partition A B: 22.05's words and exit status"

done_testing
