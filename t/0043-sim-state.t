#!/bin/sh
# A simulated cluster that remembers: a drain or a resume made by one
# myriad process is seen by the next, and by `myriad sim-tool' (sinfo,
# scontrol); from its time on, over the seed's own evolution; in a file
# of $XDG_STATE_HOME/myriad/sim named after the simulator's identity,
# which --sim-fresh clears; two processes at once lose nothing; a line
# that cannot be read is said, file and line, and dropped alone.
. t/lib/tap.sh

T0=1800000000
M="$MYRIAD -F /dev/null --sim 1k --seed 1"
at() {	# at SECONDS ARGS...: myriad at T0 + SECONDS
	s=$1
	shift
	$M --sim-time $((T0 + s)) "$@"
}
node() {	# node SECONDS NODE [ARGS]: "state|reason" of NODE at T0 + SECONDS
	at "$1" $3 -c "list-nodes -o tsv $2" |
	    awk -F'\t' 'NR > 1 { print $3 "|" $7 }'
}
DIR=$XDG_STATE_HOME/myriad/sim
FILE=$DIR/sim-1000gpus-seed1-faults0.02.jsonl

# At T0, gpu0030 runs a job; gpu0080 is drained by the seed.
is "$(node 0 gpu0030)" "allocated|" "gpu0030 runs a job, not drained"
like "$(node 0 gpu0080)" '^drained\|nvlink errors' "gpu0080 is drained by the seed"

# A drain, seen by the next process.
at 0 -y -c 'drain gpu0030 reason="fan check"' > "$T/out" 2> "$T/err"
is "$?" 0 "drain gpu0030: exit 0"
like "$(node 0 gpu0030)" '^draining\|fan check \[[a-z]+@2027-01-15T08:00:00\]$' \
    "the next process sees it draining, with the reason, user and time"
like "$(node 60 gpu0030)" '^draining\|fan check' "and a minute later"
is "$(node -60 gpu0030)" "allocated|" "not before the time it was made"
like "$(node 604800 gpu0030)" '^drained\|fan check' \
    "a week later drained: its job ended, no new one started on it"
like "$(at 0 sim-tool sinfo -h -N -o '%N %T %E' | grep '^gpu0030 ')" \
    '^gpu0030 draining fan check$' "sim-tool sinfo sees it"
like "$(at 0 sim-tool scontrol show node gpu0030 | grep -E 'State=|Reason=' | tr -d '\n')" \
    'State=ALLOCATED\+DRAIN .*Reason=fan check \[' "sim-tool scontrol show node sees it"
[ -f "$FILE" ]
ok $? "kept in \$XDG_STATE_HOME/myriad/sim/$(basename "$FILE")"
like "$(head -1 "$FILE")" '"cluster":"sim","gpus":1000,"seed":1' \
    "whose first line is the simulator's identity"

# The other nodes are the seed's, at every time.
for s in 0 86400 604800; do
	at "$s" -c 'list-nodes -o tsv' 2>/dev/null | grep -v '^gpu0030' \
	    > "$T/kept"
	XDG_STATE_HOME=$T/none at "$s" -c 'list-nodes -o tsv' 2>/dev/null |
	    grep -v '^gpu0030' > "$T/seed"
	cmp -s "$T/kept" "$T/seed"
	ok $? "the other nodes at T0+$s are the seed's alone"
done

# Another identity does not see it: seed, size, fault rate, cluster name.
is "$($MYRIAD -F /dev/null --sim 1k --seed 2 --sim-time $T0 -c 'list-nodes -o tsv gpu0030' |
    awk -F'\t' 'NR > 1 { print $7 }')" "" "another seed: not drained"
is "$($MYRIAD -F /dev/null --sim 2k --seed 1 --sim-time $T0 -c 'list-nodes -o tsv gpu0030' |
    awk -F'\t' 'NR > 1 { print $7 }' | grep -c fan)" 0 "another size: not drained"
is "$($MYRIAD -F /dev/null --sim 1k --seed 1 --fault-rate 0 --sim-time $T0 \
    -c 'list-nodes -o tsv gpu0030' | awk -F'\t' 'NR > 1 { print $7 }')" "" \
    "another fault rate: not drained"
printf 'cluster = "lab";\n' > "$T/lab.conf"
is "$($MYRIAD -F "$T/lab.conf" --sim 1k --seed 1 --sim-time $T0 -c 'list-nodes -o tsv gpu0030' |
    awk -F'\t' 'NR > 1 { print $7 }')" "" "another cluster name: not drained"

# A resume of the seed's drain: from its time on.
at 3600 -y -c 'resume gpu0080' > "$T/out" 2>&1
is "$?" 0 "resume gpu0080 at T0+1h: exit 0"
like "$(node 3600 gpu0080)" '^(idle|mixed|allocated)\|$' "the next process sees it up"
like "$(node 0 gpu0080)" '^drained\|nvlink errors' "still drained before"
like "$(node 86400 gpu0080)" '^(idle|mixed|allocated)\|$' "and up a day later"

# sim-tool scontrol update is the same memory.
at 0 sim-tool scontrol update NodeName=gpu0031 State=DRAIN Reason=psu \
    > "$T/out" 2>&1
is "$?" 0 "sim-tool scontrol update: exit 0"
like "$(node 0 gpu0031)" '^draining\|psu \[' "myriad sees its drain"

# Two processes at once: neither loses the other's.
for n in 0041 0042 0043 0044 0045 0046; do
	at 0 sim-tool scontrol update NodeName=gpu$n State=DRAIN Reason=r$n &
done
wait
is "$(at 0 -c 'list-nodes -o tsv gpu[0041-0046]' | awk -F'\t' 'NR > 1 { print $7 }' |
    cut -d' ' -f1 | tr '\n' ' ')" "r0041 r0042 r0043 r0044 r0045 r0046 " \
    "six drains at once, each kept"
is "$(ls "$DIR" | grep -cv '\.jsonl\(\.lock\)\?$')" 0 "no file left half-written"

# A line that cannot be read: said, file and line; only it is dropped.
cp "$FILE" "$T/good"
cut=$(($(wc -l < "$T/good") + 1))
printf '{"time":%s,"node":"gpu0032","state":"drain"' "$T0" >> "$FILE"
node 0 gpu0041 > "$T/out" 2> "$T/err"
like "$(cat "$T/out")" '\|r0041' "a cut last line: the changes before it kept"
is "$(cat "$T/err")" "myriad: simulator state $FILE:$cut: a cut line (no newline); 1 line dropped, the other changes kept" \
    "said once on stderr: the file, the line, what is wrong"
at 0 sim-tool sinfo -h -N -o '%N %T' > "$T/out" 2> "$T/err"
is "$?" 0 "sim-tool goes on: exit 0"
like "$(cat "$T/err")" "simulator state $FILE:$cut" "and says so too"
{ head -2 "$T/good"; printf '{"time":"bogus","node":"gpu0032","state":"drain","user":"x","reason":"y"}\n'
    tail -n +3 "$T/good"; } > "$FILE"
node 0 gpu0046 > "$T/out" 2> "$T/err"
like "$(cat "$T/out")" '\|r0046' "a bad line amid good ones: the changes after it kept"
like "$(cat "$T/err")" "simulator state $FILE:3: not a change" "and it is said, file and line"
at 0 sim-tool scontrol update NodeName=gpu0020 State=DRAIN Reason=after-bad
like "$(node 0 gpu0041)" '\|r0041' "a change over it keeps the changes before"
like "$(node 0 gpu0020)" '\|after-bad' "and itself"
is "$(node 0 gpu0041 2>&1 >/dev/null)" "" "the file is whole again: nothing said"
sed '1s/"seed":1/"seed":7/' "$T/good" > "$FILE"
like "$(node 0 gpu0030 2>&1)" "$FILE:1: not this simulator's" \
    "another simulator's file: said"
printf 'garbage\n' > "$FILE"
like "$(node 0 gpu0030 2>&1)" "$FILE:1: .*garbage" "garbage: said"
sed '2s/"gpu0030"/"gpu9999"/' "$T/good" > "$FILE"
like "$(node 0 gpu0030 2>&1)" "$FILE:2: no node gpu9999" "a node it does not have: said"
at 0 -y -c 'drain gpu0033 reason=after' > /dev/null 2>&1
like "$(node 0 gpu0033 2>&1)" '^(draining|drained)\|after' \
    "a change over a bad file is kept"
[ -f "$FILE.bad" ]
ok $? "and the bad file set aside, $(basename "$FILE").bad"

# --sim-fresh: ignored and cleared.
cp "$T/good" "$FILE"
is "$(node 0 gpu0030 --sim-fresh)" "allocated|" "--sim-fresh: the seed's state"
[ ! -f "$FILE" ]
ok $? "and the file is gone"
[ ! -f "$FILE.bad" ]
ok $? "and its .bad too"
is "$(node 0 gpu0030)" "allocated|" "so the next process has the seed's too"

# Without XDG_STATE_HOME: ~/.local/state.
(unset XDG_STATE_HOME; HOME=$T/home at 0 -y -c 'drain gpu0030 reason=x' > /dev/null 2>&1)
[ -f "$T/home/.local/state/myriad/sim/$(basename "$FILE")" ]
ok $? "without XDG_STATE_HOME: in ~/.local/state/myriad/sim"

# A drain of a node that is down: DOWN+DRAIN, listed as drained, and no
# job on it once it is back (gpu0038 is down* at T0 + 2 h).
rm -f "$FILE"
at 7200 sim-tool scontrol update NodeName=gpu0038 State=DRAIN Reason=dead
like "$(at 7200 sim-tool scontrol show node gpu0038 | grep -o 'State=[^ ]*')" \
    '^State=DOWN\+DRAIN' "a down node drained: State=DOWN+DRAIN"
is "$(at 7200 sim-tool sinfo -h -N -t drain -n gpu0038 -o '%N %t %E')" \
    "gpu0038 drain* dead" "sinfo -t drain lists it, %t drain"
at 7200 sim-tool sinfo --json | tr -d ' \n' |
    sed 's/.*"hostname":"gpu0038"//; s/"name".*//' > "$T/json"
like "$(cat "$T/json")" '"state_flags":\["DRAIN"' "with DRAIN in state_flags"
for h in 3 5 12 48; do
	at $((7200 + h * 3600)) sim-tool squeue -h -w gpu0038 -o '%i %S'
done > "$T/jobs"
is "$(cat "$T/jobs")" "" "back up, the drained node is given no job"

done_testing
