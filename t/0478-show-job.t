#!/bin/sh
# show-job against the real slurmctld of the test cluster (t/lib/cluster):
# a job submitted with --gpus for the whole job shows its GPUs and every
# key the real `scontrol show job -d' prints, as it printed it, with the
# controller local and over SSH (as the cluster's user); a job Slurm does
# not know exits 1 with its words; a job id with shell syntax runs nothing
# on the controller.
. t/lib/tap.sh

. t/lib/cluster.sh
unset SSH_CONNECTION

cluster_start 4 --slurm --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"
TAB=$(printf '\t')

conf() {	# conf FILE CONTROLLER
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "$CLUSTER_SSH_CONFIG"
		printf 'command-timeout = 30; };\n'
		printf 'slurm = { controller = "%s"; };\n' "$2"
	} > "$1"
}
conf "$T/local.conf" local
# Over SSH: the cluster's nodes run the real scontrol, told the cluster.
printf '#!/bin/sh\nexec env SLURM_CONF=%s /usr/bin/scontrol "$@"\n' \
    "$CLUSTER_SLURM_CONF" > "$C/bin/scontrol"
chmod 755 "$C/bin/scontrol"
# ... and reach munged's socket to say who they are (its key stays 700).
chmod 711 "$C/munge"
conf "$T/ssh.conf" gpu0002

# A job on 2 nodes with --gpus=4 for the whole job, running.
mkdir -p "$T/work"
chmod 777 "$T/work"
id=$(cd "$T/work" && sbatch --parsable -N 2 --gpus=4 -J show-me \
    -o "$T/work/out-%j.txt" --wrap 'sleep 600' 2>&1)
like "$id" '^[0-9]+$' "sbatch -N 2 --gpus=4: job $id"
CLEANUP="scancel $id 2>/dev/null"
cluster_job_running "$id"
ok $? "the job runs"
scontrol show job -d "$id" > "$T/sc"

for how in local ssh; do
	M="$MYRIAD -F $T/$how.conf"
	$M -c "show-job $id" > "$T/out" 2> "$T/err"
	is "$?:$(cat "$T/err")" "0:" "$how: show-job $id: exit 0, no error"
	like "$(grep '^id ' "$T/out")" "^id +$id\$" "$how: the job's id"
	like "$(grep '^name ' "$T/out")" "^name +show-me\$" "$how: its name"
	like "$(grep '^state ' "$T/out")" "^state +RUNNING\$" "$how: RUNNING"
	like "$(grep '^nodes ' "$T/out")" "^nodes +gpu\\[0001-0002\\]\$" \
	    "$how: its nodes"
	like "$(grep '^gpus ' "$T/out")" "^gpus +4\$" \
	    "$how: the 4 GPUs of the whole job (%b reads N/A)"
	for k in SubmitTime StartTime EndTime WorkDir StdOut ExitCode \
	    TimeLimit NumCPUs; do
		want=$(tr ' ' '\n' < "$T/sc" | sed -n "s/^$k=//p" | head -n 1)
		like "$(grep "^$k " "$T/out")" "^$k +$want\$" \
		    "$how: $k as scontrol printed it ($want)"
	done
	like "$(grep '^WorkDir ' "$T/out")" " $T/work\$" \
	    "$how: WorkDir where sbatch ran"
	$M -c "show-job -o json $id" > "$T/json"
	is "$(jq -r '.[0].job.gpus' "$T/json" 2>&1)" 4 \
	    "$how: show-job -o json: .[0].job.gpus"
	is "$(jq -r '.[0].scontrol[] | select(.key == "StdOut") | .value' \
	    "$T/json" 2>&1)" "$T/work/out-$id.txt" \
	    "$how: show-job -o json: StdOut whole"
	# -d's lines of the nodes are a key each, Nodes.
	is "$(jq '.[0].scontrol | length' "$T/json")" \
	    "$(($(grep -v '^ *Nodes=' "$T/sc" | tr ' ' '\n' |
	    grep -c '^[A-Za-z_/:]*=') + $(grep -c '^ *Nodes=' "$T/sc")))" \
	    "$how: every key scontrol printed, none lost"

	# An unknown job.
	$M -c 'show-job 999999' > "$T/out" 2> "$T/err"
	is "$?:$(cat "$T/out")" "1:" "$how: show-job 999999: exit 1"
	like "$(cat "$T/err")" \
	    '^myriad: show-job: 999999: slurm_load_jobs error: Invalid job id specified$' \
	    "$how: Slurm's words"

	# Shell syntax in the id: refused, nothing runs.
	$M -c "show-job '$id;touch $T/work/x'" > /dev/null 2>&1
	is "$?" 2 "$how: show-job '$id;touch ...': a usage error"
	[ ! -e "$T/work/x" ]
	ok $? "$how: nothing of it ran"
done

done_testing
