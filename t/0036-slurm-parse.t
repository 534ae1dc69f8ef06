#!/bin/sh
# parse sinfo and parse squeue on every Slurm output an operator has
# saved: the default output with its header (even after a byte order
# mark), -O, Slurm's JSON; a cut last line, a NUL byte and an empty file
# are errors, never a smaller answer.
. t/lib/tap.sh

M="$MYRIAD"
FIX=${MYRIAD_FIXTURES:-../shared/fixtures}

# sinfo's and squeue's default output, the columns from the header.
cat > "$T/sinfo" <<'E'
PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST
gpu*         up   infinite      6   idle gpu[0001-0004,0007-0008]
gpu*         up   infinite      2  drain gpu[0005-0006]
E
$M -c "parse -o tsv sinfo $T/sinfo" > "$T/out" 2> "$T/err"
is "$?" 0 "sinfo's default output: exit 0"
is "$(cat "$T/err")" "" "sinfo's default output: no errors"
is "$(cut -f1,2,11 "$T/out" | tail -n +2)" "gpu[0001-0004,0007-0008]	idle	6
gpu[0005-0006]	drain	2" "a row of many nodes is one record, with their count"
printf '\357\273\277' > "$T/squeue"
cat >> "$T/squeue" <<'E'
             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)
              1234       gpu    train    alice  R    1:02:03      2 gpu[0001-0002]
              1235       gpu     eval      bob PD       0:00      1 (Resources)
E
$M -c "parse -o tsv squeue $T/squeue" > "$T/out" 2> "$T/err"
is "$?" 0 "squeue's default output after a BOM: exit 0"
is "$(cut -f1,5,12 "$T/out" | tail -n +2)" "1234	RUNNING	gpu[0001-0002]
1235	PENDING	" "squeue: the jobs, no job named by the BOM"

# -O: the GPUs Slurm allocated to a job that asked --gpus (%b is N/A).
printf '77|2|N/A|cpu=4,node=2,gres/gpu=16|\n' > "$T/O"
$M -c "parse -o tsv squeue $T/O 'JobID:|,NumNodes:|,tres-per-node:|,tres-alloc:|'" \
    > "$T/out" 2> "$T/err"
is "$?" 0 "squeue -O: exit 0"
is "$(cut -f1,7 "$T/out" | tail -n +2)" "77	16" "squeue -O tres-alloc: 16 GPUs"

# JSON, from the real captures.
if [ -d "$FIX/slurm" ]; then
	$M -c "parse -o tsv sinfo $FIX/slurm/telegraf-slurmrestd-nodes.json" \
	    > "$T/out" 2> "$T/err"
	is "$?" 0 "slurmrestd /nodes: exit 0"
	is "$(cut -f1,2 "$T/out" | tail -n +2 | tr '\n' ' ')" \
	    "naboo145	drained naboo146	drained naboo147	allocated " \
	    "slurmrestd /nodes: a record a node, IDLE+DRAIN drained"
	$M -c "parse -o tsv squeue $FIX/slurm/rivos-squeue-json-21.08.json" \
	    > "$T/out" 2> "$T/err"
	is "$?" 0 "squeue --json: exit 0"
	is "$(cut -f1,5 "$T/out" | tail -n +2 | tr '\n' ' ')" \
	    "26515966	RUNNING 58948420_[1-10]	PENDING " \
	    "squeue --json: the jobs, an array's id as squeue prints it"
else
	skip 4 "no fixtures in $FIX"
fi

# -O by width: Slurm's 20 for a field without one; a row that does not fit
# its widths is refused with its line, never read as a cut value.
if [ -d "$FIX/slurm" ]; then
	{ cat "$FIX/slurm/ood-sinfo-ahNO-gres-null-type.txt"; echo; } > "$T/ood"
	$M -c "parse -o tsv sinfo $T/ood 'nodehost,gres,gresused,statelong'" \
	    > "$T/out" 2> "$T/err"
	is "$?" 1 "sinfo -O one blank apart, not 20 wide: exit 1"
	like "$(cat "$T/err")" "$T/ood:2: the row does not fit" \
	    "sinfo -O: each row refused with file:line"
	is "$(tail -n +2 "$T/out")" "" \
	    "sinfo -O: no node named by half a column"
	V=$FIX/slurm/vpenso-sinfo-h-N-O-nodelist-allocmem-memory-cpusstate-
	V=${V}statelong.txt O='NodeList,AllocMem,Memory,CPUsState:12,StateLong'
	$M -c "parse -o tsv sinfo $V '$O'" \
	    > "$T/out" 2> "$T/err"
	is "$?:$(cut -f1,2,4,5 "$T/out" | sed -n 2p)" \
	    "0:a048	mixed	16	16" \
	    "sinfo -O CPUsState:12 reads a capture 12 wide there"
	printf '\357\273\277' |
	    cat - "$FIX/slurm/rivos-squeue-json-21.08.json" > "$T/bom.json"
	$M -c "parse -o tsv squeue $T/bom.json" > "$T/out" 2> "$T/err"
	is "$?:$(cut -f1 "$T/out" | tail -n +2 | tr '\n' ' ')" \
	    "0:26515966 58948420_[1-10] " "squeue --json after a BOM: read"
else
	skip 5 "no fixtures in $FIX"
fi
cat > "$T/Oh" <<'E'
HOSTNAMES   GRES          STATE
n1          gpu:4         idle
n2          gpu:8(S:0-1)  mixed
E
$M -c "parse -o tsv sinfo $T/Oh 'NodeHost,Gres,StateLong'" \
    > "$T/out" 2> "$T/err"
is "$?:$(cut -f1,2,8 "$T/out" | tail -n +2 | tr '\n' ' ')" \
    "0:n1	idle	4 n2	mixed	8 " \
    "sinfo -O with its header: the headings' places"
# -O with its header: Slurm cut TRES_ALLOC and REASON at 20 and printed the
# next column's text right after; such a row is refused, never read as a
# shorter value (review D1, D6).
cat > "$T/sqO" <<'E'
JOBID               TRES_ALLOC          TRES_PER_JOB        TRES_PER_NODE
1                   cpu=1,mem=1000G,nodegres:gpu:3          N/A
3                   cpu=2,mem=2000G,nodeN/A                 gres:gpu:2
4                   cpu=1,node=1        N/A                 N/A
E
refused() {	# refused KIND FILE LINE WHAT: exit 3, LINE refused
	$M -c "parse -o tsv $1 $T/$2" > "$T/out" 2> "$T/err"
	is "$?" 3 "$1 -O with its header, $4: exit 3"
	like "$(cat "$T/err")" "$T/$2:$3: a value fills its column" \
	    "$1 -O: $4, refused with file:line"
}
refused squeue sqO 2 "TRES_ALLOC cut at 20"
like "$(cat "$T/err")" "$T/sqO:3: a value fills its column" \
    "squeue -O: the other cut row too"
is "$(cut -f1,7 "$T/out" | tail -n +2)" "4	0" \
    "squeue -O: only the whole row read"
cat > "$T/siO" <<'E'
NODELIST            STATE               REASON              GRES                CPUS(A/I/O/T)
gpu0001             idle                none                gpu:h100:8          0/64/0/64
gpu0006             drained             x; burn-in 20261201-gpu:h100:8          0/0/64/64
E
refused sinfo siO 3 "a cut reason with a blank"
is "$(cut -f1 "$T/out" | tail -n +2)" "gpu0001" \
    "sinfo -O: no GRES glued to half a reason"
# GPUs per node, no node count: TRES_ALLOC's node=, else null, never 0.
cat > "$T/sqN" <<'E'
JOBID               TRES_ALLOC                                                  TRES_PER_JOB        TRES_PER_NODE
7                   cpu=2,mem=2000G,node=2,billing=2                            N/A                 gres:gpu:2
8                   cpu=2,mem=2000G,node=1,billing=2                            N/A                 N/A
E
$M -c "parse -o tsv squeue $T/sqN" > "$T/out" 2> "$T/err"
is "$?:$(cut -f1,6,7 "$T/out" | tail -n +2 | tr '\n' ' ')" \
    "0:7	2	4 8	1	0 " \
    "squeue -O: 2 GPUs a node on TRES_ALLOC's node=2 nodes: 4"
printf '7 gres:gpu:2\n' > "$T/sqb"
$M -c "parse -o json squeue $T/sqb '%i %b'" > "$T/out" 2> "$T/err"
like "$(cat "$T/out")" '"id":"7",.*"gpus":null' \
    "per node on nodes not known: null"
printf '7|cpu=2,mem=2000G,billing=2|gres:gpu:2\n' > "$T/sqb"
$M -c "parse -o json squeue $T/sqb 'JobID:|,tres-alloc:|,tres-per-node:|'" \
    > "$T/out" 2> "$T/err"
like "$(cat "$T/out")" '"id":"7",.*"gpus":null' \
    "per node, TRES without gres/gpu nor node=: null, not 0"

# A JSON document's own errors have no line (review D10): Slurm 22.05's
# sinfo --json with its controller out of reach.
printf '{"meta": {}, "errors": [{"error": "Unspecified error",\n%s\n' \
    '"errno": -1}], "nodes": []}' > "$T/down.json"
$M -c "parse sinfo $T/down.json" > "$T/out" 2> "$T/err"
is "$?" 1 "sinfo --json with an error: exit 1"
like "$(head -1 "$T/err")" "^myriad: parse: $T/down.json: Slurm: Unspecified error \(errno -1" \
    "its error said, with no line 0"

# scontrol show job: the GPUs Slurm allocated (AllocTRES), else asked for
# the whole job (TresPerJob), as squeue names an array's task.
cat > "$T/job" <<'E'
JobId=501 ArrayJobId=500 ArrayTaskId=1 JobName=train big
   UserId=alice(1000) GroupId=alice(1000) MCS_label=N/A
   JobState=RUNNING Reason=None Dependency=(null)
   RunTime=1-02:03:04 TimeLimit=2-00:00:00 TimeMin=N/A
   Partition=gpu AllocNode:Sid=login:1
   NodeList=gpu[0001-0002]
   NumNodes=2 NumCPUs=64 NumTasks=2 CPUs/Task=32 ReqB:S:C:T=0:0:*:*
   ReqTRES=cpu=64,node=2,gres/gpu=16
   AllocTRES=cpu=64,node=2,gres/gpu=16
   TresPerJob=gres/gpu:16
   NtasksPerTRES:0

JobId=502 JobName=eval UserId=bob(1001) JobState=PENDING Reason=Resources RunTime=00:00:00 TimeLimit=UNLIMITED Partition=gpu NodeList=(null) NumNodes=1-2 NumCPUs=8 AllocTRES=(null) TresPerJob=gres/gpu:8
E
$M -c "parse -o tsv scontrol-job $T/job" > "$T/out" 2> "$T/err"
is "$?" 0 "scontrol show job: exit 0"
is "$(cat "$T/err")" "" "scontrol show job: no errors"
is "$(cut -f1,2,4,5,6,7,9,10,12,13 "$T/out" | tail -n +2)" \
    "500_1	alice	train big	RUNNING	2	16	93784	172800	gpu[0001-0002]	
502	bob	eval	PENDING	1	8	0	-1		Resources" \
    "scontrol show job: a record a job, its GPUs from AllocTRES, TresPerJob"
cat > "$T/part" <<'E'
PartitionName=gpu AllowGroups=ALL Default=YES MaxTime=7-00:00:00 Nodes=gpu[0001-0008] State=UP TotalCPUs=512 TotalNodes=8 TRES=cpu=512,node=8,gres/gpu=64
PartitionName=debug Default=NO MaxTime=UNLIMITED Nodes=gpu0009 State=DRAIN TotalCPUs=64 TotalNodes=1
E
$M -c "parse -o tsv scontrol-partition $T/part" > "$T/out" 2> "$T/err"
is "$?" 0 "scontrol show partition: exit 0"
is "$(tail -n +2 "$T/out")" "gpu	UP	1	8	512	64	604800	gpu[0001-0008]
debug	DRAIN	0	1	64		-1	gpu0009" "scontrol show partition: a record each"
sed 's/TotalCPUs=512/TotalCPUs=51,2/; s/MaxTime=UNLIMITED/MaxTime=1:6x/' \
    "$T/part" > "$T/bad"
$M -c "parse -o tsv scontrol-partition $T/bad" > "$T/out" 2> "$T/err"
is "$?" 3 "scontrol show partition, damaged: exit 3"
like "$(cat "$T/err")" "$T/bad:1: TotalCPUs: " "a decimal comma: file:line"
like "$(cat "$T/err")" "$T/bad:2: MaxTime: '1:6x' is not a time" \
    "a bad time: file:line"
is "$(cut -f5,7 "$T/out" | tail -n +2)" "	604800
64	" "what was refused is null, never a smaller number"

# Damaged: a last line cut short, a NUL byte, an empty file.
printf 'n1|idle\nn2|drai' > "$T/cut"
$M -c "parse -o tsv sinfo $T/cut '%N|%T'" > "$T/out" 2> "$T/err"
like "$(cat "$T/err")" "$T/cut:2: no newline at the end" \
    "a cut last line: an error with file:line"
is "$(cut -f1,2 "$T/out" | tail -n +2)" "n1	idle" "only the whole lines read"
printf 'n1|idle\nn\0002|idle\n' > "$T/nul"
$M -c "parse -o tsv sinfo $T/nul '%N|%T'" > "$T/out" 2> "$T/err"
like "$(cat "$T/err")" "$T/nul:2: a NUL byte" "a NUL byte: an error with file:line"
: > "$T/empty"
$M -c "parse squeue $T/empty" > "$T/out" 2> "$T/err"
is "$?" 1 "an empty file: exit 1"
like "$(cat "$T/err")" "$T/empty: empty" "an empty file: said so"

done_testing
