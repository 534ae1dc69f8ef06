#!/bin/sh
# Nodes that could not be read, on the simulator: every command that reads
# nodes names them on stderr, folded, with why and the way out, and exits
# 3 when some could not be read, 1 when none could; the commands after a
# partial read still run.  An unknown node is a usage error (2) from every
# command that takes nodes.
. t/lib/tap.sh

M="$MYRIAD --sim-time 1800000000 --seed 1"
# The simulator's nodes that time out at this seed and time.
DOWN=$($M -c 'list-nodes -o tsv' 2>/dev/null | awk -F'\t' '
    NR > 1 && $5 == "timeout" { printf "%s%s", n++ ? "," : "", $1 }')
DOWNSET=$($M -c "nodeset -f $DOWN")
is "$DOWNSET" "gpu[0198,0828,0957]" "the simulator has 3 nodes that time out"
ONE=${DOWN%%,*}
WAY='ssh: connect to host NODE port 22: Connection timed out; '
WAY="${WAY}is NODE up\\? raise ssh.connect-timeout, or lower ssh.fanout if many time out"
NF='command not found; try it by hand with ssh NODE'	# and the option

# Whole-cluster commands: exit 3, one folded line and the count.
for c in 'list-gpus' 'list-nodes' 'list-alerts' 'list-links' \
    'list-links -t ib' 'list-events' 'summary'; do
	o='-o json'
	[ "$c" = summary ] && o=
	$M -c "$c $o" > "$T/out" 2> "$T/err"
	is "$?" 3 "$c: some nodes not read, exit 3"
	like "$(head -1 "$T/err")" "^myriad: gpu\[0198,0828,0957\]: $WAY\$" \
	    "$c: the nodes folded, why and the way out"
	# list-links: and the 9 nodes whose lost GPU's links nvidia-smi
	# could not tell.
	N=3
	[ "$c" = list-links ] && N=12
	like "$(tail -1 "$T/err")" "^myriad: ${c%% *}: $N of 1250 nodes not read\$" \
	    "$c: and how many"
done

# The issue's case on the simulator: the unreachable node's GPUs do not
# vanish without a word.
$M -c "list-gpus -o json $ONE" > "$T/out" 2> "$T/err"
is "$?" 1 "list-gpus of a node not read: exit 1"
is "$(tr -d '\n' < "$T/out")" "[]" "its JSON keeps its shape"
like "$(cat "$T/err")" "^myriad: $ONE: " "and stderr names it"
$M -c "show-node $ONE" > /dev/null 2>&1
is "$?" 1 "show-node of a node not read: exit 1"
$M -c "list-gpus -o tsv gpu[0001-0008]" > "$T/out" 2> "$T/err"
is "$?" 0 "nodes all read: exit 0"
is "$(cat "$T/err")" "" "and nothing on stderr"
$M -c "list-sensors -o tsv $ONE" > /dev/null 2> "$T/err"
is "$?" 0 "its BMC answers: list-sensors reads it (exit 0)"

# A partial read does not stop a script; a failure after it decides.
out=$($M -c "list-gpus -o tsv gpu0001,$ONE; nodeset -c gpu[1-5]" 2>/dev/null)
is "$?" 3 "a script with a partial read exits 3"
is "$(printf '%s\n' "$out" | tail -1)" 5 "and the command after it ran"
$M -c "list-gpus gpu0001,$ONE; parse xid $T/none" > /dev/null 2>&1
is "$?" 1 "a failure after a partial read: exit 1"
out=$($M -c "list-gpus -o tsv $ONE; nodeset -c gpu[1-5]" 2>/dev/null)
is "$?" 1 "no node read: exit 1"
is "$(printf '%s\n' "$out" | grep -c '^5$')" 0 "and the script stops there"

# A tool that is missing is the probe's failure, not the session's: the
# node is reachable, its GPUs are not read, and the way out names the
# probe's option.
printf 'probe = { gpus = "nvidia-smix --query-gpu=index --format=csv"; };\n' \
    > "$T/nosmi.conf"
$M -F "$T/nosmi.conf" -c 'list-gpus gpu[0001-0004]' > /dev/null 2> "$T/err"
is "$?" 1 "a GPU tool missing on every node: exit 1"
like "$(head -1 "$T/err")" \
    "^myriad: gpu\\[0001-0004\\]: gpus: bash: line 1: nvidia-smix: $NF; probe.gpus sets the command\$" \
    "one folded line, the shell's words and the way out"
out=$($M -F "$T/nosmi.conf" -c 'summary' 2>/dev/null)
like "$out" "mean utilization -," "summary with no GPU read: no mean, not 0%"
out=$($M -F "$T/nosmi.conf" -c 'show-node gpu0001' 2>/dev/null)
like "$out" '^gpus: not read$' "show-node says its GPUs were not read"
is "$(printf '%s\n' "$out" | grep -c '^gpu0001  *-  *-  *-  *-  *-')" 0 \
    "and shows no made-up GPU rows"
out=$($M -F "$T/nosmi.conf" -c 'list-nodes -o tsv gpu0001' 2>&1)
is "$?" 0 "list-nodes: the node itself answered"
like "$out" "$(printf '^gpu0001\t[^\t]*\t[^\t]*\t[^\t]*\tyes\t')" "reachable yes"

# show-node shows more than GPUs: what else failed is said too, and makes
# it 3 (read, not in full), not 1.
printf 'probe = { ib = "ibstatx"; };\n' > "$T/noib.conf"
out=$($M -F "$T/noib.conf" -c 'show-node gpu0001; nodeset -c gpu[1-5]' 2> "$T/err")
is "$?" 3 "show-node of a node whose ports could not be read: exit 3"
is "$(printf '%s\n' "$out" | tail -1)" 5 "and the command after it ran"
like "$(head -1 "$T/err")" \
    "^myriad: gpu0001: ib: bash: line 1: ibstatx: command not found; try it by hand with ssh gpu0001; probe.ib sets the command\$" \
    "naming the probe, and the way out"
like "$(tail -1 "$T/err")" '^myriad: show-node: 1 of 1 node not read in full$' \
    "read, not in full"
$M -F "$T/noib.conf" -c "show-node $ONE" > /dev/null 2> "$T/err"
is "$?" 1 "show-node of a node whose session failed: exit 1"
is "$(grep -c '^myriad: ' "$T/err")" 2 "one reason for all it reads over the session"

# The kernel log feeds list-gpus' last Xid, but its failure is list-events'.
printf 'probe = { xid = "dmesgx -T"; };\n' > "$T/nodmesg.conf"
$M -F "$T/nodmesg.conf" -c 'list-gpus gpu[0001-0004]' > /dev/null 2> "$T/err"
is "$?" 0 "a kernel log that fails does not fail list-gpus"
$M -F "$T/nodmesg.conf" -c 'list-events' > /dev/null 2> "$T/err"
is "$?" 1 "but list-events, which reads it on every node, exits 1"
UP='gpu\[0001-0197,0199-0827,0829-0956,0958-1250\]'
like "$(head -1 "$T/err")" \
    "^myriad: $UP: xid: bash: line 1: dmesgx: $NF; probe.xid sets the command\$" \
    "naming the probe and its option"
like "$(sed -n 2p "$T/err")" "^myriad: gpu\[0198,0828,0957\]: $WAY\$" \
    "the nodes that time out, apart"

# A Slurm controller that fails is said on its own line: list-jobs read
# nothing (1); list-nodes, summary and show-node read the rest (3).
printf 'probe = { squeue = "squeuex"; sinfo = "sinfo -o garbage"; };\n' \
    > "$T/noctl.conf"
CTL='^myriad: slurm controller local: '
$M -F "$T/noctl.conf" -c 'list-jobs -o json' > "$T/out" 2> "$T/err"
is "$?" 1 "list-jobs when squeue fails: exit 1"
is "$(tr -d '\n' < "$T/out")" "[]" "its JSON keeps its shape"
WAYCTL='is slurmctld up\? try squeue by hand; probe.squeue sets the command'
like "$(cat "$T/err")" \
    "${CTL}squeue: bash: line 1: squeuex: command not found; $WAYCTL" \
    "and says so: the controller, why and the way out"
for c in 'list-nodes -o tsv' 'summary' 'show-node gpu0001'; do
	$M -F "$T/noctl.conf" -c "$c" > /dev/null 2> "$T/err"
	is "$?" 3 "$c when sinfo prints what its parser refuses: exit 3"
	like "$(cat "$T/err")" "${CTL}sinfo: .*bad format" "$c: says why"
done
$M -F "$T/noctl.conf" -c 'list-gpus gpu0001' > /dev/null 2> "$T/err"
is "$?" 0 "list-gpus reads nothing from Slurm: exit 0"
is "$(cat "$T/err")" "" "and says nothing"
$M -c 'list-jobs; summary' > /dev/null 2> "$T/err"
is "$(grep -c 'slurm controller' "$T/err")" 0 \
    "a controller that answers: no word"

# An unknown node: a usage error (2) from every command that takes nodes.
for c in 'list-nodes' 'list-gpus' 'list-alerts' 'list-sensors' 'list-links' \
    'list-links -t ib' 'show-node' 'show-node -o json' 'inspect-links -i 0' \
    'drain -n reason=x' 'resume -n' 'undrain -n' 'burnin -n'; do
	set -- $c
	verb=$1; shift
	$M -c "$verb $* gpu0001,nosuch" > /dev/null 2> "$T/err"
	rc=$?
	[ "$verb" = show-node ] && { $M -c "$verb $* nosuch" > /dev/null 2> "$T/err"; rc=$?; }
	is "$rc" 2 "$c of an unknown node exits 2"
	like "$(head -1 "$T/err")" "^myriad: $verb: no such node: nosuch\$" \
	    "$c: and names it"
done

# A filter that names a node the cluster does not have: a usage error (2)
# that names it, never an empty answer; a node set in it names the nodes.
for c in 'list-events -w node=gpu00001' "list-gpus -w node=gpu9999" \
    "list-nodes -w node!=gpu9999" "list-alerts -w node=gpu9999" \
    "list-links -w node=gpu9999" "list-sensors -w node=gpu9999"; do
	set -- $c
	$M -c "$c" > "$T/out" 2> "$T/err"
	is "$?" 2 "$c: exit 2"
	like "$(head -1 "$T/err")" \
	    "^myriad: $1: no such node: gpu(00001|9999)\$" "$c: names the node"
	is "$(cat "$T/out")" "" "$c: and prints no records"
done
$M -c "list-gpus -o tsv -w 'node=gpu[0001,1249-1252],temp>0'" > "$T/out" \
    2> "$T/err"
is "$?" 2 "a node set with unknown nodes among known ones: exit 2"
like "$(head -1 "$T/err")" \
    '^myriad: list-gpus: no such node: gpu\[1251-1252\]$' "naming the unknown ones"
$M -c "list-gpus -o tsv -w 'node=gpu[0001,0003],util>=0'" > "$T/out" 2> "$T/err"
is "$?" 0 "a node set of known nodes: exit 0"
is "$(awk -F'\t' 'NR > 1 { print $1 }' "$T/out" | sort -u | tr '\n' ' ')" \
    "gpu0001 gpu0003 " "its nodes' GPUs, and only theirs"
is "$(sed 1d "$T/out" | wc -l | tr -d ' ')" 16 "all 16 of them"
$M -c "list-nodes -o tsv -w 'node!=gpu[0002-1250]'" > "$T/out" 2> "$T/err"
is "$(sed 1d "$T/out" | cut -f1)" gpu0001 "node!= a node set: the others"
$M -c "list-gpus -o tsv -w 'node=gpu[0197-0198]'" > "$T/out" 2> "$T/err"
is "$?" 3 "a node set in the filter counts its own nodes not read"
like "$(tail -1 "$T/err")" '^myriad: list-gpus: 1 of 2 nodes not read$' \
    "and only those"

# Over SSH with no BMC read (bmc.mode none, the default), list-sensors
# does not print an empty table as if there were no sensors.
printf 'Host *\n\tHostName 127.0.0.1\n\tPort 1\n' > "$T/ssh_config"
$MYRIAD -w gpu01 --ssh-config "$T/ssh_config" -c 'list-sensors -o tsv' \
    > "$T/out" 2> "$T/err"
is "$?" 1 "SSH source, no BMC read: list-sensors exits 1"
like "$(cat "$T/err")" 'BMC reading is off: set bmc.mode' "and says why"
is "$(cat "$T/out")" "" "with no empty table"

done_testing
