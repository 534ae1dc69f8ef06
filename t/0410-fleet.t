#!/bin/sh
# The fleet over SSH against the real test cluster (t/lib/cluster): real
# sshds, a real slurmctld, real ipmi_sim BMCs read by the real ipmitool.
# Live data first, then each fault: connection refused, a node that takes
# the connection and never speaks, output that is garbage, truncated or
# 10 MB long, a node that dies mid-output, a BMC that hangs, an unknown and
# a changed host key, a wrong user key, slurmctld down.  In every case the
# target is marked with the reason and every other node keeps its data.
. t/lib/tap.sh

. t/lib/cluster.sh
SILENT_PID=
CLEANUP='[ -n "$SILENT_PID" ] && kill "$SILENT_PID" 2>/dev/null'

cluster_start 8 --slurm --bmc --port auto --sim-time 1800000000
printf '%s\n' "$CLUSTER_BMC_PASSWORD" > "$T/bmcpass"

# Two nodes that are not there come first in ssh_config (its first value
# wins): gpu0009 refuses, gpu0010 is a listener that never speaks.
SILENT=127.0.1.201
perl -MIO::Socket::INET -e '
    $s = IO::Socket::INET->new(LocalAddr => $ARGV[0], LocalPort => $ARGV[1],
        Listen => 16, ReuseAddr => 1) or die "listen: $!";
    $SIG{ALRM} = sub { exit 0 }; alarm 300;
    while ($c = $s->accept) { push @c, $c }' "$SILENT" "$CLUSTER_PORT" &
SILENT_PID=$!
{
	printf 'Host gpu0009\n\tHostName 127.0.1.200\n'
	printf 'Host gpu0010\n\tHostName %s\n' "$SILENT"
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/ssh_config"

conf() {	# conf FILE: a configuration for the cluster; NODES, SSHCONF,
	# KNOWN, BMCHOSTS and PROBE change it
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "${NODES:-$CLUSTER_NODESET}"
		printf 'ssh = { config = "%s"; connect-timeout = 3; ' \
		    "${SSHCONF:-$T/ssh_config}"
		printf 'command-timeout = 8; known-hosts = "%s"; };\n' \
		    "${KNOWN:-strict}"
		printf 'slurm = { controller = "local"; };\n'
		printf 'bmc = { mode = "mgmt"; mgmt-host = "local"; '
		printf 'hosts-file = "%s"; port = %s; user = "%s"; ' \
		    "${BMCHOSTS:-$C/nodes}" "$CLUSTER_BMC_PORT" "$CLUSTER_BMC_USER"
		printf 'password-file = "%s"; };\n' "$T/bmcpass"
		[ -n "${PROBE:-}" ] && printf 'probe = { gpus = "%s"; };\n' "$PROBE"
	} > "$1"
}
conf "$T/good.conf"
M="$MYRIAD -F $T/good.conf"
export SLURM_CONF="$CLUSTER_SLURM_CONF"

# Live data from every node.
$M -c 'list-nodes -o tsv; list-gpus -o tsv' > "$T/live" 2>"$T/err"
is "$?" 0 "batch over SSH exits 0"
is "$(awk -F'\t' '$1 ~ /^gpu/ && $5 == "yes"' "$T/live" | wc -l | tr -d ' ')" 8 \
    "all 8 nodes reachable"
is "$(awk -F'\t' 'NF > 20 && $1 ~ /^gpu/' "$T/live" | wc -l | tr -d ' ')" 64 \
    "64 GPUs, 8 a node"
want=$($MYRIAD $CLUSTER_SIM_ARGS sim-tool nvidia-smi --node gpu0003 \
    --query-gpu=uuid --format=csv,noheader | head -1)
got=$(awk -F'\t' 'NF > 20 && $1 == "gpu0003" && $2 == 0 { print $3 }' "$T/live")
is "$got" "$want" "gpu0003's GPU 0 is the one that node's nvidia-smi names"
like "$(awk -F'\t' 'NF < 20 && $1 == "gpu0001" { print $3 }' "$T/live")" '^idle' \
    "the Slurm state from the real slurmctld"
n=$($M -c 'list-sensors -o tsv gpu0002' | tail -n +2 | wc -l)
[ "$n" -ge 3 ]; ok $? "gpu0002's BMC sensors through ipmitool -I lanplus ($n)"
is "$($M -c 'list-links -t ib -o tsv gpu0004' | tail -n +2 | wc -l | tr -d ' ')" 8 \
    "gpu0004's InfiniBand ports from its ibstat"
is "$($M -c 'list-links -t ib -o tsv gpu0004' | awk -F'\t' 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["symerr"] ~ /^[0-9]+$/ && $c["linkrec"] ~ /^[0-9]+$/ { n++ }
    END { print n + 0 }')" 8 \
    "gpu0004's port counters from the perfquery loop (probe.ib-counters)"

# Two more nodes: one refuses, one never speaks; the rest keep their data.
NODES='gpu[0001-0010]' conf "$T/more.conf"
t0=$(date +%s)
$MYRIAD -F "$T/more.conf" -c 'list-nodes -o tsv; list-gpus -o tsv' > "$T/more" 2>&1
t1=$(date +%s)
like "$(grep '^gpu0009' "$T/more" | head -1)" \
    "$(printf '^gpu0009\t[^\t]*\t[^\t]*\t[^\t]*\tno\tConnection refused')" \
    "a refused connection: reachable no, and why"
like "$(grep '^gpu0010' "$T/more" | head -1)" \
    "$(printf '^gpu0010\t[^\t]*\t[^\t]*\t[^\t]*\ttimeout\t')" \
    "a node that never speaks times out"
is "$(awk -F'\t' 'NF > 20 && $1 ~ /^gpu000[1-8]$/' "$T/more" | wc -l | tr -d ' ')" 64 \
    "the other nodes keep all their GPUs"
[ $((t1 - t0)) -le 12 ]; ok $? "the run is bounded by the timeouts ($((t1 - t0)) s)"

# Garbage, truncated, 10 MB, dying: one node each, told by the address the
# client dialled.
Q='nvidia-smi --query-gpu=index,uuid,temperature.gpu --format=csv,noheader,nounits'
cat > "$T/probe.sh" <<'SH'
Q=$1
case " $SSH_CONNECTION " in
*" 127.0.1.2 "*) head -c 5000 /dev/urandom | od ;;
*" 127.0.1.3 "*) $Q | head -c 100 ;;
*" 127.0.1.5 "*) head -c 10500000 /dev/zero | tr '\0' x ;;
*" 127.0.1.6 "*) $Q | head -2; kill -9 $$ ;;
*) $Q ;;
esac
SH
chmod 755 "$T/probe.sh"
PROBE="sh $T/probe.sh '$Q'" conf "$T/bad.conf"
$MYRIAD -F "$T/bad.conf" -c 'list-nodes -o tsv; list-gpus -o tsv' > "$T/bad" 2>&1
rc=$?
is "$rc" 3 "bad output on some nodes: exit 3, some nodes not read"
[ "$rc" = 3 ] || grep -v "$(printf '\t')" "$T/bad" | head -20 | sed 's/^/# /'
# Each reason once, with its nodes folded: garbage, junk and a cut line
# say different things.
refused=$(sed -n 's/^myriad: \(gpu[^:]*\): gpus: nvsmi-csv: .*probe.gpus sets the command$/\1/p' \
    "$T/bad" | while read -r set; do $MYRIAD -c "nodeset -e '$set'"; done |
    tr ' ' '\n' | sort | tr '\n' ' ')
like "$refused" 'gpu0002 .*gpu0005 ' \
    "and stderr names the nodes whose output was refused, folded"
like "$(grep '^gpu0002' "$T/bad" | head -1)" "$(printf '\tunreadable\tgpus: ')" \
    "garbage: output unreadable, and which probe"
n=$(awk -F'\t' 'NF > 20 && $1 == "gpu0003" && $3 != ""' "$T/bad" | wc -l)
[ "$n" -ge 1 ] && [ "$n" -lt 8 ]; ok $? "truncated: the whole lines are kept ($n GPUs)"
like "$(grep '^gpu0005' "$T/bad" | head -1)" "16 MB|unreadable" \
    "10 MB of junk: refused, with the reason"
is "$(awk -F'\t' 'NF > 20 && $1 == "gpu0006" && $3 != ""' "$T/bad" | wc -l | tr -d ' ')" 2 \
    "a command that dies mid-output: what it printed is kept"
is "$(awk -F'\t' 'NF > 20 && $1 ~ /^gpu000[1478]$/ && $3 != ""' "$T/bad" | wc -l | tr -d ' ')" 32 \
    "the healthy nodes are untouched"

# A BMC that hangs: its node says so, the other BMCs' sensors come.
awk '$1 == "gpu0007" { $NF = "127.1.1.250" } { print }' "$C/nodes" > "$T/nodes.hang"
BMCHOSTS=$T/nodes.hang conf "$T/hang.conf"
t0=$(date +%s)
$MYRIAD -F "$T/hang.conf" -c 'show-node gpu0007; list-sensors -o tsv' > "$T/hang" 2>&1
t1=$(date +%s)
like "$(grep '^BMC:' "$T/hang")" "^BMC: " "a hung BMC: its node shows why"
n=$(awk -F'\t' '$1 == "gpu0001"' "$T/hang" | wc -l)
[ "$n" -ge 3 ]; ok $? "the other BMCs' sensors still come ($n for gpu0001)"
[ $((t1 - t0)) -le 20 ]; ok $? "bounded by the command timeout ($((t1 - t0)) s)"

# Host keys: unknown is refused with the fingerprint and how to accept it;
# accept-new takes it; a changed key is always refused.
{
	printf 'Host *\n\tUserKnownHostsFile %s\n' "$T/kh"
	grep -v 'UserKnownHostsFile' "$T/ssh_config"
} > "$T/ssh_config.kh"
: > "$T/kh"
SSHCONF=$T/ssh_config.kh conf "$T/kh.conf"
like "$($MYRIAD -F "$T/kh.conf" -c 'list-nodes -o tsv gpu0001')" \
    "hostkey-unknown	unknown host key SHA256:[A-Za-z0-9+/]+: refused.*accept-new" \
    "an unknown host key is refused, with its fingerprint and how to accept it"
SSHCONF=$T/ssh_config.kh KNOWN=accept-new conf "$T/kh2.conf"
like "$($MYRIAD -F "$T/kh2.conf" -c 'list-nodes -o tsv gpu0001')" "	yes	" \
    "accept-new takes an unknown key"
[ -s "$T/kh" ]; ok $? "and writes it to known_hosts"
ssh-keygen -q -t ed25519 -N '' -f "$T/otherkey"
awk -v k="$(cut -d' ' -f1,2 "$T/otherkey.pub")" '{ print $1, k }' "$T/kh" > "$T/kh.changed"
mv "$T/kh.changed" "$T/kh"
like "$($MYRIAD -F "$T/kh2.conf" -c 'list-nodes -o tsv gpu0001')" \
    "hostkey-changed	host key changed" \
    "a changed host key is refused, even with accept-new"
like "$($MYRIAD -F "$T/kh2.conf" -c 'list-nodes -o tsv gpu0001')" \
    "ssh-keygen -f \"$T/kh\" -R \"(127\\.0\\.1\\.1|\\[127\\.0\\.1\\.1\\]:[0-9]+)\"" \
    "and the way out names the known_hosts entry to remove"

# A wrong user key: refused, and never a password prompt.
ssh-keygen -q -t ed25519 -N '' -f "$T/wrongkey"
sed "s|IdentityFile .*|IdentityFile $T/wrongkey|" "$T/ssh_config" > "$T/ssh_config.wrong"
SSHCONF=$T/ssh_config.wrong conf "$T/wrong.conf"
like "$($MYRIAD -F "$T/wrong.conf" -c 'list-nodes -o tsv gpu0001' </dev/null)" \
    "auth-failed	public key authentication failed" \
    "a wrong key: authentication failed, and no password asked"

# slurmctld down (a controller port where nothing listens): the Slurm
# calls fail as events, the nodes still answer.
sed 's/^SlurmctldPort=.*/SlurmctldPort=9/' "$CLUSTER_SLURM_CONF" > "$T/slurm.conf"
out=$(SLURM_CONF=$T/slurm.conf $M -c 'list-gpus -o tsv gpu0001; list-events -o tsv' 2>&1)
is "$(printf '%s\n' "$out" | awk -F'\t' 'NF > 20 && $1 == "gpu0001"' | wc -l | tr -d ' ')" 8 \
    "slurmctld down: the GPUs still come"
like "$out" "(sinfo|squeue): (exited [0-9]+|timed out)" \
    "and each failed Slurm call is an event"

# No descriptor leaks over many reconnects: every socket the fleet opens
# is closed by the end, refused and garbled nodes included.
if command -v strace >/dev/null; then
	NODES='gpu[0001-0009]' conf "$T/leak.conf"
	script=$(i=0; while [ $i -lt 15 ]; do printf 'refresh; '; i=$((i + 1)); done)
	strace -qq -e trace=socket,connect,close -o "$T/strace" \
	    $MYRIAD -F "$T/leak.conf" -c "${script}list-nodes -o tsv" > "$T/leak.out" 2>&1
	opened=$(grep -c 'socket(.*= [0-9]*$' "$T/strace")
	left=$(awk '
	    / socket\(/ && / = [0-9]+$/ { open[$NF] = 1 }
	    / close\(/ { sub(/.*close\(/, ""); sub(/\).*/, ""); delete open[$0] }
	    END { n = 0; for (k in open) n++; print n }' "$T/strace")
	[ "$opened" -ge 15 ]; ok $? "15 refreshes reconnect the refused node ($opened sockets)"
	is "$left" 0 "and every socket is closed by the end"
else
	skip 2 "no strace"
fi

# The console on the real fleet: live data over the persistent sessions,
# the GPU query streaming (nvidia-smi -lms on every node), gone on quit.
if command -v tmux >/dev/null; then
	TM="tmux -L myriad-fleet-$$"
	streams() {
		ps -eo args | grep -F "$C/" |
		    grep '[s]im-tool nvidia-smi --node gpu000[0-9] .*-lms' |
		    grep -o 'gpu000[0-9]' | sort -u | wc -l | tr -d ' '
	}
	# The screen does not wait for the fleet: the first frame comes
	# while a node that never speaks is still connecting.
	TM1="tmux -L myriad-fleet-first-$$"
	$TM1 new-session -d -s f -x 120 -y 30 \
	    "SLURM_CONF=$CLUSTER_SLURM_CONF $MYRIAD -F $T/more.conf"
	i=0
	while [ $i -lt 100 ] && ! $TM1 capture-pane -p -t f | grep -q '1 Map'; do
		sleep 0.05; i=$((i + 1))
	done
	like "$($TM1 capture-pane -p -t f)" 'gpu0010 +r[0-9]+ +connecting' \
	    "the first frame comes before the connections end"
	$TM1 kill-server 2>/dev/null
	$TM new-session -d -s f -x 120 -y 30 \
	    "SLURM_CONF=$CLUSTER_SLURM_CONF $MYRIAD -F $T/good.conf"
	i=0
	while [ $i -lt 100 ] && [ "$(streams)" -lt 8 ]; do
		sleep 0.1; i=$((i + 1))
	done
	is "$(streams)" 8 "the console streams the GPU query from every node"
	$TM send-keys -t f 2
	i=0
	while [ $i -lt 50 ] && ! $TM capture-pane -p -t f | grep -Eq '^gpu000[1-8] +[0-7] +[0-9]+'; do
		sleep 0.1; i=$((i + 1))
	done
	$TM capture-pane -p -t f > "$T/tui"
	like "$(cat "$T/tui")" '^gpu000[1-8] +[0-7] +[0-9]+ ' \
	    "the GPUs view shows live rows from the nodes"
	like "$(cat "$T/tui")" 'alloc [0-9]+ idle 8 ' "and the Slurm states from the controller"
	$TM send-keys -t f q
	i=0
	while [ $i -lt 60 ] && [ "$(streams)" -gt 0 ]; do
		sleep 0.1; i=$((i + 1))
	done
	is "$(streams)" 0 "quitting ends the streams on the nodes"
	$TM kill-server 2>/dev/null
else
	skip 4 "no tmux"
fi

# The kernel log since the last read: the whole log first, then the
# seconds since that read began and a minute more, and no more than that.
cat > "$T/klog.sh" <<'SH'
out=$(dmesg --since "-${1}s")
set -- $SSH_CONNECTION
printf '%s\n' "$out" | wc -c >> "$KLOG.$3"
printf '%s\n' "$out"
SH
chmod 755 "$T/klog.sh"
mkdir -m 1777 "$T/klog.d"	# written by the test user on the nodes
{ cat "$T/good.conf"; printf 'probe = { xid = "KLOG=%s sh %s %%t"; };\n' \
    "$T/klog.d/klog" "$T/klog.sh"; } > "$T/klog.conf"
$MYRIAD -F "$T/klog.conf" -c 'list-events; refresh; list-events -o tsv' \
    > "$T/klog.out" 2>&1
set -- $(cat "$T/klog.d/klog.127.0.1.1" 2>/dev/null)
first=${1:-0} small=$(($# >= 2))
[ $# -ge 1 ] && shift
for n; do [ "$n" -lt "$first" ] || small=0; done
[ "$small" = 1 ]; ok $? "the reads after the first of the kernel log are only what is new ($first then $*)"

# An Xid names its GPU by PCI address, found in the node's GPU list, which
# may come after the kernel log (each is a channel of its own): every
# node's Xid on bus 18 is its GPU 0, never an unknown GPU.
{ cat "$T/good.conf"; printf 'probe = { xid = "echo %s"; };\n' \
    "'NVRM: Xid (PCI:0000:18:00): 13, Graphics Exception'"; } > "$T/xid.conf"
$MYRIAD -F "$T/xid.conf" -c 'list-events -o tsv -w xid=13' 2>/dev/null |
    awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $c["gpu"] }' | sort | uniq -c | tr -s ' ' > "$T/xid.out"
is "$(cat "$T/xid.out")" " $CLUSTER_N 0" \
    "an Xid read before its node's GPU list: its GPU when the list comes"

# A node name is never a command: the node set parser refuses it first.
$MYRIAD -w "gpu0001;touch $T/pwned" --ssh-config "$T/ssh_config" -c 'list-nodes' \
    >/dev/null 2>&1
[ ! -e "$T/pwned" ]; ok $? "a node name is never a command"

done_testing
