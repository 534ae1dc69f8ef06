#!/bin/sh
# The test cluster (t/lib/cluster) as a client sees it: 8 nodes behind real
# sshds running the simulated GPU tools, a real slurmctld with a slurmd per
# node, a real ipmi_sim BMC per node read by the real ipmitool; then stopped
# with nothing it started left running.
. t/lib/tap.sh

. t/lib/cluster.sh
export MYRIAD

now() {
	date +%s.%N
}

since() {	# since START: seconds since START, to 0.01
	echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'
}

alive() {	# alive PID...: those still running (zombies count as gone)
	for p in "$@"; do
		s=$(cat "/proc/$p/stat" 2>/dev/null) || continue
		s=${s##*) }
		case "$s" in
		Z*|X*) ;;
		*) echo "$p" ;;
		esac
	done
}

# A mix of which a model would get no node of the cluster (the first 12
# of 10k's nodes are all H100s) is refused, naming the model and what
# gives each model a node; nothing is started.
t/lib/cluster start "$T/mix" 12 --port auto \
    --sim-mix h100:1,mi300x:1,910b:1,a3:1,k100:1 > "$T/mix.out" 2>&1
is "$?:$(cat "$T/mix.out")" "1:cluster: --sim-mix h100:1,mi300x:1,910b:1,\
a3:1,k100:1: mi300x gets no node of the 12 at --sim 10k; --sim 288 and at \
least 33 nodes give each model its nodes" \
    "a mix whose models do not all get a node of the cluster is refused"
is "$(ls "$T/mix/run" 2>/dev/null)" "" "and nothing is started"
t/lib/cluster start "$T/mix" 8 --port auto --sim-mix h100:1,a3:1 \
    > "$T/mix.out" 2>&1
is "$?:$(cat "$T/mix.out")" "1:cluster: --sim-mix h100:1,a3:1: a3 gets no node \
of the 8 at --sim 10k; --sim 104 and at least 9 nodes give each model its nodes" \
    "the smallest --sim that gives it, as the simulator places the racks"

N=8
SIMTIME=1800000000
t0=$(now)
t/lib/cluster start "$C" $N --slurm --bmc --port auto --sim-time $SIMTIME \
    > "$T/start.out" 2>&1
rc=$?
t_start=$(since "$t0")
is "$rc" 0 "cluster start $N nodes with Slurm and BMCs ($t_start s)"
if [ "$rc" != 0 ]; then
	sed 's/^/# /' "$T/start.out"
	done_testing
	exit 1
fi
. "$C/cluster.env"
is "$CLUSTER_NODESET" "gpu[0001-0008]" "cluster.env names the node set"
SSH="ssh -F $CLUSTER_SSH_CONFIG"
SIM="$MYRIAD $CLUSTER_SIM_ARGS sim-tool"

# Each node's nvidia-smi is the simulator's, for that node: the node is
# the address the client dialled.
Q="--query-gpu=index,uuid,pci.bus_id,temperature.gpu,utilization.gpu,power.draw --format=csv"
i=1
while [ $i -le $N ]; do
	node=$(printf 'gpu%04d' $i)
	got=$($SSH "$node" nvidia-smi $Q 2>&1)
	want=$($SIM nvidia-smi --node "$node" $Q)
	is "$got" "$want" "ssh $node nvidia-smi prints $node's 8 GPUs"
	i=$((i + 1))
done
a=$($SSH gpu0001 nvidia-smi $Q)
b=$($SSH gpu0002 nvidia-smi $Q)
[ -n "$a" ] && [ "$a" != "$b" ]; ok $? "two nodes show different GPUs"
is "$($SSH gpu0003 ibstat)" "$($SIM ibstat --node gpu0003)" "ssh gpu0003 ibstat is the simulator's"
is "$($SSH gpu0004 dcgmi diag -r 1 2>&1)" "$($SIM dcgmi --node gpu0004 diag -r 1 2>&1)" \
    "ssh gpu0004 dcgmi is the simulator's"
like "$($SSH gpu0005 dmesg | grep -c NVRM)" '^[1-9]' "ssh gpu0005 dmesg shows the GPU driver's lines"
is "$($SSH gpu0006 'id -un; echo $HOME; echo ${SSH_CONNECTION#* * }')" \
    "$(printf 'myriadtest\n/\n127.0.1.6 %s' "$CLUSTER_PORT")" \
    "the test user, an empty home, the address dialled"

# Host keys are checked strictly: an unknown key and a changed key are
# refused; so is a key the node does not authorize.
: > "$T/known_hosts.empty"
out=$($SSH -o UserKnownHostsFile="$T/known_hosts.empty" gpu0001 nvidia-smi -L 2>&1)
is "$?" 255 "an unknown host key is refused"
like "$out" 'Host key verification failed' "... with ssh's message"
ssh-keygen -q -t ed25519 -N '' -f "$T/other"
echo "[127.0.*]:$CLUSTER_PORT $(cut -d' ' -f1-2 "$T/other.pub")" > "$T/known_hosts.other"
out=$($SSH -o UserKnownHostsFile="$T/known_hosts.other" gpu0001 nvidia-smi -L 2>&1)
is "$?" 255 "a changed host key is refused"
like "$out" 'IDENTIFICATION HAS CHANGED' "... as a changed key"
sed "s|IdentityFile .*|IdentityFile $T/other|" "$CLUSTER_SSH_CONFIG" > "$T/ssh_config.other"
out=$(ssh -F "$T/ssh_config.other" gpu0001 true 2>&1)
is "$?" 255 "a key the node does not authorize is refused"
like "$out" 'Permission denied \(publickey\)' "... as ssh says"

# Slurm: the real controller knows the fleet's nodes, all idle.
. "$C/slurm.env"
is "$(sinfo -h -N -o '%N %T %G' | sort | tr '\n' ' ')" \
    "$(i=1; while [ $i -le $N ]; do printf 'gpu%04d idle gpu:h100:8 ' $i; i=$((i + 1)); done)" \
    "sinfo lists the $N nodes, idle, with 8 GPUs each"
is "$(squeue -h | wc -l | tr -d ' ')" 0 "squeue answers: an empty queue"
scontrol update NodeName=gpu0001 State=DRAIN Reason="test reason" 2>&1
is "$?" 0 "scontrol drains gpu0001"
is "$(sinfo -h -N -n gpu0001 -o '%T|%E')" "drained|test reason" "sinfo shows gpu0001 drained, with the reason"
like "$(scontrol show node gpu0001)" 'Reason=test reason \[root@' "scontrol shows the reason and who gave it"
scontrol update NodeName=gpu0001 State=RESUME 2>&1
is "$?" 0 "scontrol resumes gpu0001"
i=0
while [ $i -lt 50 ]; do
	st=$(sinfo -h -N -n gpu0001 -o '%T')
	[ "$st" = idle ] && break
	sleep 0.2
	i=$((i + 1))
done
is "$st" idle "gpu0001 is idle again"

# BMCs: real ipmitool over RMCP+ to ipmi_sim, readings from files.
IPMI="ipmitool -I lanplus -C 3 -p $CLUSTER_BMC_PORT -U $CLUSTER_BMC_USER -P $CLUSTER_BMC_PASSWORD"
bmc1=$(awk '$1 == "gpu0001" { print $3 }' "$C/nodes")
is "$bmc1" 127.1.1.1 "gpu0001's BMC is 127.1.1.1"
sdr=$($IPMI -H "$bmc1" sdr elist 2>&1)
is "$(printf '%s\n' "$sdr" | grep -c ' | ok  | ')" 18 "ipmitool sdr elist: 18 sensors, all ok"
like "$sdr" 'Inlet Temp +\| 04h \| ok  \|  7\.1 \| [0-9]+ degrees C' "an inlet temperature"
like "$sdr" 'FAN1 +\| 30h \| ok  \| 29\.1 \| [0-9]+ RPM' "a fan"
like "$sdr" 'PS1 Input Power +\| 50h \| ok  \| 10\.1 \| [0-9]+ Watts' "a power supply"
printf '%s\n' "$sdr" > "$T/sdr"
is "$($MYRIAD -c "parse -o tsv ipmi-sdr $T/sdr" | tail -n +2 | wc -l | tr -d ' ')" 18 \
    "myriad parses the real ipmitool's output"
echo 45 > "$C/bmc/gpu0001/sensors/Inlet_Temp"
i=0
while [ $i -lt 50 ]; do
	line=$($IPMI -H "$bmc1" sdr elist 2>&1 | grep '^Inlet Temp')
	case "$line" in
	*'45 degrees C'*) break ;;
	esac
	sleep 0.2
	i=$((i + 1))
done
like "$line" '^Inlet Temp +\| 04h \| ucr \|  7\.1 \| 45 degrees C$' \
    "a reading written to a file shows in ipmitool, past its critical threshold"
like "$($IPMI -H 127.1.1.2 sdr elist | grep '^Inlet Temp')" '\| ok  \|' "the other BMCs keep their readings"
$IPMI -H "$bmc1" -P wrong sdr elist >/dev/null 2>&1
is "$?" 1 "a wrong BMC password is refused"
is "$($IPMI -H "$bmc1" chassis power status)" "Chassis Power is on" "chassis power status"
is "$($SSH gpu0003 ipmitool sdr elist | cut -d'|' -f1)" \
    "$($IPMI -H 127.1.1.3 sdr elist | cut -d'|' -f1)" "in-band ipmitool on a node reads its own BMC"

# A remote command outlives its ssh client; stop must end it too.
$SSH gpu0004 'echo $$; exec sleep 300' > "$T/remote" 2>&1 &
client=$!
i=0
while [ $i -lt 50 ] && [ ! -s "$T/remote" ]; do
	sleep 0.1
	i=$((i + 1))
done
kill "$client"
wait "$client" 2>/dev/null
remote=$(head -1 "$T/remote")
sleep 0.2
is "$(alive "$remote")" "$remote" "a remote command outlives its ssh client"

# Stop: every process it started is gone.
pids=$(cat "$C"/run/*.pid)
is "$(echo $pids | wc -w | tr -d ' ')" "$((1 + 1 + 1 + N + N))" \
    "pid files for sshd, munged, slurmctld, $N slurmds and $N BMCs"
[ -n "$(alive $pids)" ]; ok $? "they are running"
t0=$(now)
t/lib/cluster stop "$C" > "$T/stop.out" 2>&1
rc=$?
t_stop=$(since "$t0")
is "$rc" 0 "cluster stop ($t_stop s)"
is "$(alive $pids $remote | tr '\n' ' ')" "" "no process it started remains"
is "$(awk -v p="$CLUSTER_PORT" 'NR > 1 && ($4 == "0A" || $4 == "07") { split($2, a, ":"); if (a[2] == sprintf("%04X", p)) n++ } END { print n + 0 }' /proc/net/tcp /proc/net/udp)" 0 \
    "nothing listens on its ports"
t/lib/cluster stop "$C" > "$T/stop2.out" 2>&1
is "$?" 0 "a second stop is harmless"
echo "# start $t_start s, stop $t_stop s ($N nodes, Slurm, BMCs)"

done_testing
