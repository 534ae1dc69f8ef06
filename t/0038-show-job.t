#!/bin/sh
# show-job JOBID: `scontrol show job -d JOBID' on the Slurm controller, the
# fields myriad reads of the job (its GPUs from TRES or AllocTRES) and every key
# scontrol printed, a line each, in a table, TSV or JSON.  The simulator's
# scontrol prints jobs as Slurm 22.05 does.  A job id that is not one is a
# usage error and runs nothing; an unknown job exits 1 with scontrol's
# words; a controller that cannot be asked has its line, as for list-jobs.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
TAB=$(printf '\t')

# A running job and a pending one, as list-jobs shows them.
$MYRIAD $ARGS -c 'list-jobs -o tsv' > "$T/jobs"
RUN=$(awk -F"$TAB" 'NR > 1 && $5 == "RUNNING" && $6 > 1 { print $1; exit }' \
    "$T/jobs")
PEND=$(awk -F"$TAB" 'NR > 1 && $5 == "PENDING" { print $1; exit }' \
    "$T/jobs")
like "$RUN:$PEND" '^[0-9]+:[0-9]+$' "a running job ($RUN), a pending one ($PEND)"
ROW=$(awk -F"$TAB" -v id="$RUN" '$1 == id' "$T/jobs")
NODES=$(printf '%s\n' "$ROW" | cut -f 12)
GPUS=$(printf '%s\n' "$ROW" | cut -f 7)
NODES_RE=$(printf '%s\n' "$NODES" | sed 's/[][]/\\&/g')

# The simulator's scontrol: Slurm's layout, read back by parse.
$MYRIAD $ARGS sim-tool scontrol show job -d "$RUN" > "$T/sc"
like "$(head -n 1 "$T/sc")" "^JobId=$RUN JobName=[^ ]+\$" \
    "sim-tool scontrol show job: JobId= and JobName= first, as Slurm"
like "$(grep '^   TRES=' "$T/sc")" "gres/gpu=$GPUS\$" \
    "sim-tool scontrol show job: TRES with the job's $GPUS GPUs"
like "$(grep '^     Nodes=' "$T/sc")" "^     Nodes=$NODES_RE CPU_IDs=[0-9-]+ Mem=[0-9]+ GRES=gpu:h100:[0-9]+\\(IDX:[0-9-]+\\)\$" \
    "sim-tool scontrol show job -d: the nodes' detail line"
like "$($MYRIAD $ARGS sim-tool scontrol show job "$PEND" | grep NumNodes=)" \
    "^   NumNodes=[0-9]+-[0-9]+ " "a pending job's NumNodes is a range"
like "$($MYRIAD -c "parse -o tsv scontrol-job $T/sc" | tail -n 1)" \
    "^$RUN$TAB" "parse scontrol-job reads it back"
$MYRIAD $ARGS sim-tool scontrol show job 99 > /dev/null 2> "$T/err"
is "$?:$(cat "$T/err")" "1:slurm_load_jobs error: Invalid job id specified" \
    "sim-tool scontrol show job 99: refused as scontrol does"

# show-job, a table: the fields, then scontrol's keys by name.
$MYRIAD $ARGS -c "show-job $RUN" > "$T/out" 2> "$T/err"
is "$?:$(cat "$T/err")" "0:" "show-job $RUN: exit 0, nothing on stderr"
like "$(grep '^id ' "$T/out")" "^id +$RUN\$" "show-job: the job's id"
like "$(grep '^gpus ' "$T/out")" "^gpus +$GPUS\$" \
    "show-job: its $GPUS GPUs, from TRES"
like "$(grep '^nodes ' "$T/out")" "^nodes +$NODES_RE\$" "show-job: its nodes"
like "$(grep '^elapsed_s ' "$T/out")" "^elapsed_s +([0-9]+-)?[0-9]+:[0-9]{2}" \
    "show-job: its elapsed time as a time, not seconds"
for k in SubmitTime StartTime EndTime WorkDir Command StdOut ExitCode \
    TRES TresPerNode; do
	want=$(sed -n "s/.*[ ]$k=\\([^ ]*\\).*/\\1/p" "$T/sc" | head -n 1)
	like "$(grep "^$k " "$T/out")" "^$k +$want\$" \
	    "show-job: $k as scontrol printed it"
done
like "$(grep '^Nodes ' "$T/out")" "^Nodes +$NODES_RE CPU_IDs=" \
    "show-job: -d's line of the nodes whole"

# TSV and JSON.
$MYRIAD $ARGS -c "show-job -o tsv $RUN" > "$T/tsv"
is "$(grep -c "^WorkDir$TAB/" "$T/tsv")" 1 "show-job -o tsv: KEY<tab>VALUE"
is "$(grep -c "^elapsed_s$TAB[0-9]*\$" "$T/tsv")" 1 \
    "show-job -o tsv: durations in seconds"
$MYRIAD $ARGS -c "show-job -o json $RUN" > "$T/json"
like "$(jq -r '.[0].job.gpus' "$T/json" 2>&1)" "^$GPUS\$" \
    "show-job -o json: .[0].job.gpus"
like "$(jq -r '.[0].scontrol[] | select(.key == "StdOut") | .value' \
    "$T/json" 2>&1)" "^/" "show-job -o json: .scontrol[] keys and values"
is "$($MYRIAD $ARGS -o json -c "show-job $PEND" | jq -r '.[0].job.state')" \
    PENDING "show-job of a pending job"

# It changes nothing: --read-only runs it, the audit log does not see it.
$MYRIAD $ARGS --read-only -c "show-job $RUN" > /dev/null
is "$?" 0 "show-job runs under --read-only"
[ ! -e "$XDG_STATE_HOME/myriad/audit.jsonl" ]
ok $? "show-job is not in the audit log"

# An unknown job; a job id that is not one.
$MYRIAD $ARGS -c 'show-job 99' > "$T/out" 2> "$T/err"
is "$?:$(cat "$T/out")" "1:" "show-job 99: exit 1, nothing on stdout"
is "$(cat "$T/err")" \
    "myriad: show-job: 99: slurm_load_jobs error: Invalid job id specified" \
    "show-job 99: scontrol's words on stderr"
for id in '1;touch x' '$(id)' '12a' '1-2' '1_' '1_[2' '1 2' ''; do
	$MYRIAD $ARGS -c "show-job '$id'" > /dev/null 2> "$T/err"
	is "$?:$(head -n 1 "$T/err")" \
	    "2:myriad: show-job: bad job id '$id': want one as Slurm prints it, 1234, 1234_7 or 1234_[1-8]" \
	    "show-job '$id': a usage error"
done
$MYRIAD $ARGS -c 'show-job 12_7; show-job 12_[1-8%2]' > /dev/null 2> "$T/err"
is "$?:$(grep -c 'Invalid job id' "$T/err")" "1:1" \
    "show-job 12_7: an array's task reaches scontrol"

# The controller: local, a scontrol that says what it did.
mkdir -p "$T/bin"
cat > "$T/bin/scontrol" <<EOF
#!/bin/sh
printf '%s\n' "\$*" >> "$T/calls"
case "\$4" in
1) echo 'slurm_load_jobs error: Unable to contact slurm controller (connect failure)' >&2
   exit 1 ;;
*) exec $MYRIAD $ARGS sim-tool scontrol "\$@" ;;
esac
EOF
chmod +x "$T/bin/scontrol"
printf 'source = "ssh";\nnodes = "gpu[01-02]";\n' > "$T/ssh.conf"
PATH="$T/bin:$PATH" $MYRIAD -F "$T/ssh.conf" -c "show-job '1;touch $T/x'" \
    > /dev/null 2>&1
is "$?" 2 "show-job '1;touch ...': refused"
[ ! -e "$T/calls" ] && [ ! -e "$T/x" ]
ok $? "show-job '1;touch ...': nothing runs"
PATH="$T/bin:$PATH" $MYRIAD -F "$T/ssh.conf" -c "show-job -o tsv $RUN" \
    > "$T/out"
is "$?:$(cat "$T/calls")" "0:show job -d $RUN" \
    "slurm.controller local: scontrol show job -d $RUN, run there"
is "$(grep -c "^JobId$TAB$RUN\$" "$T/out")" 1 "... and what it printed shown"
PATH="$T/bin:$PATH" $MYRIAD -F "$T/ssh.conf" -c 'show-job 1' > "$T/out" \
    2> "$T/err"
is "$?:$(cat "$T/out")" "1:" "scontrol that cannot reach slurmctld: exit 1"
is "$(cat "$T/err")" "myriad: slurm controller local: slurm_load_jobs error: Unable to contact slurm controller (connect failure); is slurmctld up? try scontrol show job -d 1 by hand; slurm.controller (--slurm) sets where it runs" \
    "... the controller's line, as for list-jobs"

# A controller over SSH that refuses the connection.
PORT=$(perl -MIO::Socket::INET -e 'print IO::Socket::INET->new(
    LocalAddr => "127.0.0.1", LocalPort => 0, Listen => 1)->sockport')
printf 'Host *\n\tHostName 127.0.0.1\n\tPort %s\n' "$PORT" > "$T/ssh_config"
printf 'ssh = { config = "%s"; };\nslurm = { controller = "ctl01"; };\n' \
    "$T/ssh_config" >> "$T/ssh.conf"
$MYRIAD -F "$T/ssh.conf" -c 'show-job 5' > "$T/out" 2> "$T/err"
is "$?:$(cat "$T/out")" "1:" "a controller that cannot be reached: exit 1"
like "$(cat "$T/err")" "^myriad: slurm controller ctl01: .*; is slurmctld up\\? try scontrol show job -d 5 by hand on ctl01; slurm.controller \\(--slurm\\) sets where it runs\$" \
    "... its line, with why"

done_testing
