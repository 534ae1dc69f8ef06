#!/bin/sh
# The Jobs view's detail: d opens what `scontrol show job -d' says of the
# job under the cursor in the pager (the fields myriad reads, then every
# key scontrol printed), Escape closes it and Enter still shows the job's
# nodes on the map.  While scontrol runs the pager says it waits and the
# console goes on; an unknown job and a bad job id are said on the message
# line.  In tmux at 80x24 and 250x70, on the simulator, and with a local
# scontrol that answers when the test lets it.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh
TAB=$(printf '\t')

message() {	# message SESSION: the last line
	line "$1" "$(height "$1")"
}

$MYRIAD $ARGS -c 'list-jobs -o tsv' > "$T/jobs"
JOB=$(awk -F"$TAB" 'NR == 2 { print $1 }' "$T/jobs")
GPUS=$(awk -F"$TAB" 'NR == 2 { print $7 }' "$T/jobs")
like "$JOB:$GPUS" '^[0-9]+:[0-9]+$' "the queue's first job, $JOB, $GPUS GPUs"
WORKDIR=$($MYRIAD $ARGS sim-tool scontrol show job "$JOB" |
    sed -n 's/^   WorkDir=//p')

tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

for size in 80x24 250x70; do
	start_size "$size"
	keys "$S" 3
	wait_for "$S" "^JOBID +USER"
	wait_like "^$JOB " "$size: the first job is $JOB" row_after "$S" \
	    "^JOBID +USER"
	keys "$S" d
	wait_for "$S" "^output of show-job $JOB"
	ok $? "$size: d opens show-job of the cursor's job in the pager"
	screen_like "$S" "^id +$JOB\$" "$size: the job's id first"
	screen_like "$S" "^gpus +$GPUS\$" "$size: its $GPUS GPUs"
	keys "$S" /
	type_text "$S" "WorkDir"
	keys "$S" Enter
	screen_like "$S" "^WorkDir +$WORKDIR\$" \
	    "$size: scontrol's keys by name, WorkDir as it printed it"
	keys "$S" Escape
	wait_for "$S" "^JOBID +USER"
	ok $? "$size: Escape closes it, back in Jobs"
	keys "$S" Enter
	wait_for "$S" "job $JOB \(.*\): [0-9]+ nodes? on the map"
	ok $? "$size: Enter still shows the job's nodes on the map"
	tm kill-session -t "$S"
done

# Errors on the message line; a bad id runs nothing.
start_size 80x24
run "$S" "show-job 99"
wait_like "show-job: 99: slurm_load_jobs error: Invalid job id specified" \
    "an unknown job: scontrol's words on the message line" message "$S"
run "$S" "show-job '1;x'"
wait_like "show-job: bad job id '1;x'" \
    "a bad job id: refused on the message line" message "$S"
keys "$S" Escape
wait_gone "$S" "^output of show-job"
keys "$S" 1
wait_for "$S" "^[A-Z?]{40}"
run "$S" "show-job"
wait_like "show-job: which job\\? give its id, or put the cursor on it" \
    "show-job on the map: which job?" message "$S"
tm kill-session -t "$S"

# A scontrol that answers when told: the pager says it waits, and the
# console goes on meanwhile.
mkdir -p "$T/bin"
cat > "$T/bin/scontrol" <<EOF
#!/bin/sh
while [ ! -e "$T/go" ]; do sleep 0.1; done
exec $MYRIAD $ARGS sim-tool scontrol "\$@"
EOF
printf '#!/bin/sh\nexit 0\n' > "$T/bin/squeue"
cp "$T/bin/squeue" "$T/bin/sinfo"
chmod +x "$T/bin/scontrol" "$T/bin/squeue" "$T/bin/sinfo"
printf 'source = "ssh";\nnodes = "gpu[01-04]";\n' > "$T/ssh.conf"
tm new-session -d -s slow -x 100 -y 24 \
    "exec env LC_ALL=C.UTF-8 PATH=$T/bin:$PATH $MYRIAD -F $T/ssh.conf"
wait_for slow " 1 Map "
ok $? "slow scontrol: the console starts"
run slow "show-job $JOB"
wait_for slow "^waiting for scontrol show job -d $JOB on local"
ok $? "slow scontrol: the pager says it waits, for what, where"
keys slow Escape
wait_gone slow "^waiting for"
keys slow 3
wait_for slow "^the queue is empty"
ok $? "slow scontrol: the console goes on meanwhile"
touch "$T/go"
wait_for slow "^output of show-job $JOB"
screen_like slow "^id +$JOB\$" "slow scontrol: its answer in the pager"
tm kill-session -t slow

done_testing
