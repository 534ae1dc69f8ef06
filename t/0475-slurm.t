#!/bin/sh
# Every Slurm output an operator has, from the real slurmctld of the test
# cluster (t/lib/cluster): sinfo's and squeue's default output (header
# and all), -O with tres-alloc, --json; a job that asked --gpus for the
# whole job (%b reads N/A) shows the GPUs Slurm allocated; slurm.format
# json and auto read the queue as JSON, text as before.
. t/lib/tap.sh

. t/lib/cluster.sh
unset SSH_CONNECTION

cluster_start 4 --slurm --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"

conf() {	# conf FILE FORMAT: the cluster, the controller local
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "$CLUSTER_SSH_CONFIG"
		printf 'command-timeout = 30; };\n'
		printf 'slurm = { controller = "local"; format = "%s"; };\n' "$2"
	} > "$1"
}

# A job on 2 nodes with --gpus=4 for the whole job, running.
id=$(sbatch --parsable -N 2 --gpus=4 -o /dev/null --wrap 'sleep 600' 2>&1)
like "$id" '^[0-9]+$' "sbatch -N 2 --gpus=4: job $id"
CLEANUP="scancel $id 2>/dev/null"
cluster_job_running "$id"
ok $? "the job runs"
is "$(squeue -h -j "$id" -o %b)" N/A "its %b (tres-per-node) is N/A"

jobfield() {	# jobfield FILE KEY: KEY of job $id in a JSON list
	tr '\n' ' ' < "$1" | sed 's/},{/}\n{/g' | grep "\"id\":\"$id\"" |
	    sed -n "s/.*\"$2\":\\([^,}]*\\).*/\\1/p"
}

# The default output, with its header: no format needed.
sinfo > "$T/sinfo.txt"
$MYRIAD -c "parse -o tsv sinfo $T/sinfo.txt" > "$T/out" 2> "$T/err"
is "$?" 0 "parse sinfo on sinfo's default output: exit 0"
is "$(cat "$T/err")" "" "no errors"
like "$(cat "$T/out")" 'gpu\[0001-0002\]	mix	' \
    "the job's two nodes, one record, mix"
like "$(cat "$T/out")" 'gpu\[0003-0004\]	idle	.*	2$' \
    "the other two idle, the row's node count"
squeue > "$T/squeue.txt"
$MYRIAD -c "parse -o json squeue $T/squeue.txt" > "$T/out" 2> "$T/err"
is "$?" 0 "parse squeue on squeue's default output: exit 0"
is "$(jobfield "$T/out" state)" '"RUNNING"' "the job, RUNNING"
is "$(jobfield "$T/out" nodes)" '"gpu[0001-0002]"' "on its nodes"

# -O: the GPUs Slurm allocated (tres-alloc names them only where Slurm
# counts gres/gpu as a TRES, which needs slurmdbd), else the job's ask.
F='JobID:|,NumNodes:|,tres-per-node:|,tres-per-job:|,tres-alloc:|'
squeue -h -O "$F" > "$T/O.txt"
$MYRIAD -c "parse -o json squeue $T/O.txt '$F'" > "$T/out" 2> "$T/err"
is "$?" 0 "parse squeue -O tres-per-job,tres-alloc: exit 0"
is "$(jobfield "$T/out" gpus)" 4 "-O tres-per-job, tres-alloc: 4 GPUs"

# JSON: sinfo --json a record per node, squeue --json the GPUs.
sinfo --json > "$T/sinfo.json"
$MYRIAD -c "parse -o tsv sinfo $T/sinfo.json" > "$T/out" 2> "$T/err"
is "$?" 0 "parse sinfo on sinfo --json: exit 0"
is "$(grep -c '^gpu000' "$T/out")" 4 "a record per node"
like "$(grep '^gpu0004' "$T/out")" '	idle	.*	8	0	' \
    "gpu0004 idle, 8 GPUs, none in use"
squeue --json > "$T/squeue.json"
$MYRIAD -c "parse -o json squeue $T/squeue.json" > "$T/out" 2> "$T/err"
is "$?" 0 "parse squeue on squeue --json: exit 0"
is "$(jobfield "$T/out" gpus)" 4 "squeue --json: 4 GPUs"

# A job that has ended: squeue's text leaves it out, and so does its
# --json read by myriad; the unlimited limit is -1 in both (review D10).
done=$(sbatch --parsable -N 1 -o /dev/null --wrap true 2>&1)
i=0
while [ -n "$(squeue -h -j "$done" -o %T 2>/dev/null)" ] && [ $i -lt 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
squeue --json > "$T/ended.json"
grep -q '"COMPLETED"' "$T/ended.json"
ok $? "squeue --json lists the job $done that ended"
$MYRIAD -c "parse -o json squeue $T/ended.json" > "$T/out" 2> "$T/err"
is "$(grep -c "\"id\":\"$done\"" "$T/out")" 0 \
    "parse squeue --json: the ended job left out, as squeue's text does"
is "$(jobfield "$T/out" limit_s)" -1 "squeue --json: UNLIMITED is -1"

# The Slurm source: json and auto read JSON, text the -o probe.
for how in json auto text; do
	conf "$T/$how.conf" $how
	$MYRIAD -F "$T/$how.conf" -c 'list-jobs -o json' > "$T/out" \
	    2> "$T/err"
	is "$?" 0 "slurm.format = $how: list-jobs exit 0"
	case $how in
	text)	want=null ;;
	*)	want=4 ;;
	esac
	is "$(jobfield "$T/out" gpus)" "$want" \
	    "slurm.format = $how: the job's GPUs $want"
	is "$(jobfield "$T/out" limit_s)" -1 \
	    "slurm.format = $how: an unlimited job's limit -1"
	is "$(grep -o '"id":"[0-9]*"' "$T/out" | tr '\n' ' ')" "\"id\":\"$id\" " \
	    "slurm.format = $how: the jobs squeue shows, the ended one not"
	$MYRIAD -F "$T/$how.conf" -c 'list-nodes -o tsv' > "$T/out" 2>&1
	like "$(grep '^gpu0001' "$T/out")" 'mixed' \
	    "slurm.format = $how: gpu0001 mixed"
done

done_testing
