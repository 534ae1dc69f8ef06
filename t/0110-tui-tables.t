#!/bin/sh
# The console's table views, GPUs, jobs and events, driven in tmux at 80x24
# and 250x70: what an operator must see, the sort keys, the filter, marks,
# Enter, and :dump-screen against the terminal and against a second run.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000 --fault-rate 5"
. t/lib/tui.sh

TAB=$(printf '\t')

first_row() {	# first_row SESSION HEADING COLUMN...: the first row's
		# values in those columns
	fr_s=$1 fr_h=$2
	shift 2
	for fr_c; do
		cell "$fr_s" "$fr_h" "$fr_c"
	done | paste -sd ' ' -
}

slurm_time() {	# seconds as squeue prints them
	awk -v t="$1" 'BEGIN {
		if (t >= 86400) printf "%d-%02d:%02d:%02d\n", t / 86400,
		    t / 3600 % 24, t / 60 % 60, t % 60
		else if (t >= 3600) printf "%d:%02d:%02d\n", t / 3600,
		    t / 60 % 60, t % 60
		else printf "%d:%02d\n", t / 60, t % 60 }'
}

# The server, kept up by a session of its own while consoles come and go.
tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

# What batch mode says of the same cluster: the hottest GPU, the first job.
$MYRIAD $ARGS -c 'list-gpus -o tsv' > "$T/gpus.tsv"
HOT=$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["temp_c"] != "" && ($c["temp_c"] + 0 > max || n == 0) {
	max = $c["temp_c"] + 0; node = $c["node"]; gpu = $c["index"]; n = 1 }
    END { print node, gpu, max }' "$T/gpus.tsv")
set -- $HOT
HOT_NODE=$1 HOT_GPU=$2 HOT_TEMP=$3
NHOT=$(awk -F"$TAB" -v t="$HOT_TEMP" 'NR == 1 { for (i = 1; i <= NF; i++)
    c[$i] = i; next } $c["temp_c"] != "" && $c["temp_c"] + 0 == t' \
    "$T/gpus.tsv" | wc -l | tr -d ' ')
[ -n "$HOT_NODE" ] && [ "$NHOT" -eq 1 ]
ok $? "batch mode names one hottest GPU ($HOT_NODE GPU $HOT_GPU, $HOT_TEMP C)"
N85=$($MYRIAD $ARGS -c "list-gpus -o tsv -w 'temp>85'" | tail -n +2 | wc -l |
    tr -d ' ')
$MYRIAD $ARGS -c 'list-jobs -o tsv' > "$T/jobs.tsv"
JOB=$(awk -F"$TAB" 'NR == 2 { print $1 }' "$T/jobs.tsv")
JOB_USER=$(awk -F"$TAB" 'NR == 2 { print $2 }' "$T/jobs.tsv")
JOB_ELAPSED=$(slurm_time "$(awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF;
    i++) c[$i] = i; next } { print $c["elapsed_s"]; exit }' "$T/jobs.tsv")")

# The newest Xid, by the kernel's time, which comes in after the first
# frame: the GPU table's XID column is whole once the events view has it.
set -- $($MYRIAD $ARGS -c 'list-events -o tsv -n 1 -w xid>0' | awk -F"$TAB" \
    'NR == 2 { print $1, $2, $3, $4 }')
NEWEST="^$1 +$2 +$3 +(GPU [0-9]: )?Xid $4"
EVHEAD="^TIME +NODE +GPU +EVENT"

for size in 80x24 250x70; do
	start_size "$size" || continue
	keys "$S" 7
	keys "$S" /
	type_text "$S" "xid>0"
	keys "$S" Enter
	wait_like "$NEWEST" \
	    "$size events: the newest Xid first, as in batch mode" \
	    row_after "$S" "$EVHEAD"
	keys "$S" Escape

	# GPUs: the heat grid over the table, hottest first.
	keys "$S" 2
	wait_for "$S" "^$HOT_NODE +$HOT_GPU "
	ok $? "$size gpus: the table comes up with the hottest GPU"
	HEAD="^NODE +GPU +UTIL%"
	screen_like "$S" \
	    "$HEAD .*MEM +MEMTOT .*TEMPv .*POWER +PLIMIT .*DBE .*XID .*ERROR" \
	    "$size gpus: the heading, sorted by temperature, biggest first"
	wait_is "$HOT_NODE $HOT_GPU $HOT_TEMP" \
	    "$size gpus: the hottest GPU is the first row" \
	    first_row "$S" "$HEAD" NODE GPU TEMPv
	wait_like "^$HOT_NODE [^ ]{8}  " \
	    "$size gpus: the grid starts with its node and its 8 GPUs" \
	    line "$S" 2
	screen_like "$S" "temperature .*X error  E ECC  \? unreachable" \
	    "$size gpus: the grid says what it shows and what letters mean"
	screen_like "$S" "1-[0-9]+(/| of )1250" \
	    "$size gpus: the grid says which of the 1250 nodes it shows"

	keys "$S" U
	wait_for "$S" "UTIL%v"
	wait_is 100 "$size gpus: U sorts by utilization, 100% first" \
	    cell "$S" "$HEAD" UTIL%v
	screen_like "$S" "^utilization " "$size gpus: the grid follows"
	keys "$S" P
	wait_for "$S" "POWERv"
	ok $? "$size gpus: P sorts by power"
	keys "$S" T
	wait_for "$S" "TEMPv" && wait_for "$S" "^$HOT_NODE +$HOT_GPU "
	ok $? "$size gpus: T sorts by temperature again"

	keys "$S" /
	type_text "$S" "gpu00[01-10]"
	keys "$S" Enter
	wait_for "$S" "filter: gpu00\[01-10\]"
	wait_is 0 "$size gpus: /gpu00[01-10] leaves those nodes' GPUs only" \
	    off_rows "$S" "^NODE +GPU" '^gpu00(0[1-9]|10) '
	screen_like "$S" "1-10(/| of )10" \
	    "$size gpus: the grid has the 10 nodes"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	ok $? "$size gpus: Escape clears the filter"

	keys "$S" /
	type_text "$S" "temp>85"
	keys "$S" Enter
	wait_for "$S" "filter: temp>85"
	wait_is "$N85" "$size gpus: /temp>85 has the GPUs list-gpus -w has" \
	    nrows "$S" "^NODE +GPU"
	wait_is 0 "$size gpus: every one of them is above 85 C" \
	    cool_rows "$S" "$HEAD" 85
	keys "$S" Escape
	wait_gone "$S" "filter: "

	if [ "$W" -ge 120 ]; then
		keys "$S" Space
		wait_for "$S" " 1 marked"
		ok $? "$size gpus: Space marks the cursor's node"
		keys "$S" c
		wait_gone "$S" " 1 marked"
		ok $? "$size gpus: c clears the marks"
	fi

	keys "$S" Home Enter
	wait_gone "$S" "^NODE +GPU +UTIL%"
	ok $? "$size gpus: Enter opens the node view"
	keys "$S" Escape
	wait_for "$S" "^NODE +GPU +UTIL%"
	ok $? "$size gpus: Escape comes back"

	# The dump is what the terminal shows.
	dump "$S" "$T/gpus-$size.txt"
	ok $? "$size gpus: :dump-screen writes the screen"
	same_dump "$S" "$T/gpus-$size.txt"
	ok $? "$size gpus: the dump is what tmux shows"
	body "$H" < "$T/gpus-$size.txt" > "$T/dump-$size.txt"

	# Jobs: the queue in squeue's order, times as Slurm prints them.
	keys "$S" 3
	wait_for "$S" "^JOBID +USER"
	ok $? "$size jobs: the heading"
	wait_like "^$JOB +$JOB_USER .* $JOB_ELAPSED " \
	    "$size jobs: the first job, its elapsed time as $JOB_ELAPSED" \
	    row_after "$S" "^JOBID +USER"
	screen_like "$S" "^job $JOB " \
	    "$size jobs: the cursor's job in full under the table"
	keys "$S" Enter
	wait_for "$S" "job $JOB \($JOB_USER, .*\): [0-9]+ nodes? on the map"
	ok $? "$size jobs: Enter shows the job on the map"
	# One Escape at a time: Escape and a key at once are Meta and it.
	keys "$S" Escape
	wait_gone "$S" "on the map"
	keys "$S" Escape
	wait_for "$S" "^JOBID +USER"
	ok $? "$size jobs: Escape clears the job, again goes back"

	# Events: newest first, Xids among them, a filter by expression.
	keys "$S" 7
	wait_for "$S" "$EVHEAD"
	ok $? "$size events: the heading"
	rows_after "$S" "$EVHEAD" | awk '{ print $1 }' | sort -c -r
	ok $? "$size events: newest first by time"
	keys "$S" /
	type_text "$S" "xid=79"
	keys "$S" Enter
	wait_for "$S" "filter: xid=79"
	wait_is 0 "$size events: /xid=79 leaves Xid 79 only" \
	    off_rows "$S" "^TIME +NODE" 'Xid 79'
	screen_like "$S" \
	    "^20[0-9T:-]+ +gpu[0-9]{4} +[0-9] +GPU [0-9]: Xid 79: GPU has" \
	    "$size events: Xid events with time, node, GPU, what happened"
	keys "$S" Escape

	tm kill-session -t "$S"
done

# The same cluster gives the same screen: a second console's dump, once
# it has the Xids.
if start again 80 24; then
	keys again 7
	keys again /
	type_text again "xid>0"
	keys again Enter
	wait_like "$NEWEST" "80x24 events: a second run has the newest Xid" \
	    row_after again "$EVHEAD"
	keys again Escape
	keys again 2
	wait_for again "^$HOT_NODE +$HOT_GPU "
	dump again "$T/again.txt"
	body 24 < "$T/again.txt" > "$T/dump-again.txt"
	cmp -s "$T/dump-80x24.txt" "$T/dump-again.txt"
	ok $? "80x24 gpus: a second run dumps the same view"
	if ! cmp -s "$T/dump-80x24.txt" "$T/dump-again.txt"; then
		diff "$T/dump-80x24.txt" "$T/dump-again.txt" | sed 's/^/# /'
	fi
else
	ok 1 "80x24 events: a second run has the newest Xid"
	ok 1 "80x24 gpus: a second run dumps the same view"
fi

done_testing
