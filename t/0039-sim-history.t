#!/bin/sh
# The seed's own history does not change as simulated time moves: a job,
# once running, keeps its StartTime and nodes until it ends; a requeue
# (a node died under it) starts it again later, with Restarts, never
# earlier; and a node's past is the same whatever time it is read from.
. t/lib/tap.sh

S="$MYRIAD -F /dev/null --sim 10k --seed 1"
T0=1796172000

# squeue -t RUNNING at each time: "TIME ID START NODES".
running() {	# running FROM STEP COUNT
	i=0
	while [ $i -le $3 ]; do
		t=$(($1 + i * $2))
		$S --sim-time $t sim-tool squeue -h -t RUNNING -o '%i %S %N' |
		    sed "s/^/$t /"
		i=$((i + 1))
	done
}
# Jobs whose StartTime moves back, or whose nodes change with no new start.
moved() {	# moved FILE
	sort -k2,2n -k1,1n "$1" | awk '
	    $2 == id && $3 < start { print $2 " back " start " -> " $3 }
	    $2 == id && $3 == start && $4 != nodes {
		print $2 " nodes " nodes " -> " $4 }
	    { id = $2; start = $3; nodes = $4 }'
}
# Jobs that started again (a requeue), each with its later StartTime.
again() {	# again FILE
	sort -k2,2n -k1,1n "$1" | awk '$2 == id && $3 != start { print $2 }
	    { id = $2; start = $3 }' | sort -u
}

running $T0 300 12 > "$T/hour"
[ "$(wc -l < "$T/hour")" -ge 1000 ]; ok $? "an hour: jobs run ($(wc -l < "$T/hour") lines)"
is "$(moved "$T/hour" | head -3)" "" \
    "over an hour in 300 s steps, every running job keeps its StartTime and nodes"
running $T0 3600 24 > "$T/day"
is "$(moved "$T/day" | head -3)" "" \
    "over a day in 1 h steps, every running job keeps its StartTime and nodes"

# A job started again is one Slurm requeued: Restarts says so.
id=$(again "$T/hour" | head -1)
if [ -n "$id" ]; then
	t=$(awk -v id="$id" '$2 == id { t = $1 } END { print t }' "$T/hour")
	like "$($S --sim-time $t sim-tool scontrol show job "$id")" \
	    'Restarts=[1-9]' "job $id, started again, shows Restarts"
else
	ok 0 "# SKIP no job requeued in the hour"
fi

# The past does not move: a job running at T0 and later started no later.
$S --sim-time $T0 sim-tool squeue -h -t RUNNING -o '%i %S %N' | sort > "$T/at0"
$S --sim-time $((T0 + 1800)) sim-tool squeue -h -t RUNNING -o '%i %S %N' | sort > "$T/later"
is "$(join "$T/at0" "$T/later" | awk '$2 > $4 { print $1 }' | head -3)" "" \
    "a job running at T0 and half an hour later started no later at T0"

# A node's past: gpu0144 is down at T0 + 960; an hour later no job on it
# started before that (the job it had lost it, and goes on without it).
is "$($S --sim-time $((T0 + 960)) sim-tool sinfo -h -N -n gpu0144 -o '%t')" "down*" \
    "gpu0144 is down at T0 + 960"
is "$($S --sim-time $((T0 + 4560)) sim-tool squeue -h -w gpu0144 -o '%i %S' |
    awk -v t="$(date -u -d @$((T0 + 960)) +%Y-%m-%dT%H:%M:%S)" '$2 < t')" "" \
    "an hour later, no job on it that started while it was down"

done_testing
