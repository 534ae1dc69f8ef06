#!/bin/sh
# The SSH transport against the real test cluster (t/lib/cluster): nodes
# reached through a jump host (ProxyJump), a node that dies mid-stream
# under the console and comes back, keepalives on an idle session to a
# black-holed node, the controller's own login user (slurm.user), BMCs
# read by a shell on the BMC itself (bmc.mode "ssh"), and the kernel log
# read from where the last read ended.
. t/lib/tap.sh

. t/lib/cluster.sh
PROXY_PID=
CLEANUP='[ -n "$PROXY_PID" ] && kill -CONT "$PROXY_PID" 2>/dev/null && kill "$PROXY_PID" 2>/dev/null'

cluster_start 4 --slurm --bmc --bmc-ssh --jump --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"

conf() {	# conf FILE [LINE...]: a configuration for the cluster, and more
	# lines; SSHCONF, SSHX (more ssh settings), CTLD (the controller)
	# and SLURMX (more slurm settings) change it
	c_file=$1
	shift
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "${SSHCONF:-$CLUSTER_SSH_CONFIG}"
		printf 'command-timeout = 10; %s};\n' "${SSHX:-}"
		printf 'slurm = { controller = "%s"; %s};\n' "${CTLD:-local}" \
		    "${SLURMX:-}"
		for l in "$@"; do
			printf '%s\n' "$l"
		done
	} > "$c_file"
}

# ProxyJump: every node but the jump host itself is reached through
# gpu0001 (its sshd forwards, ssh -W).  Data comes from every node, yet
# myriad never dials one of them: only the jump hop's ssh, its child,
# dials gpu0001.
{
	printf 'Host gpu0001\n\tProxyJump none\nHost gpu*\n\tProxyJump gpu0001\n'
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/jump_config"
SSHCONF=$T/jump_config conf "$T/jump.conf"
command -v strace >/dev/null || strace() { shift 6; "$@"; }
strace -f -qq -e trace=connect -o "$T/jump.strace" \
    $MYRIAD -F "$T/jump.conf" -c 'list-nodes -o tsv; list-gpus -o tsv' \
    > "$T/jump.out" 2>&1
is "$(awk -F'\t' '$1 ~ /^gpu/ && $5 == "yes"' "$T/jump.out" | wc -l | tr -d ' ')" 4 \
    "ProxyJump: all 4 nodes reachable"
is "$(awk -F'\t' 'NF > 20 && $1 ~ /^gpu000[234]$/' "$T/jump.out" | wc -l | tr -d ' ')" 24 \
    "their GPUs came through the jump host"
if [ -s "$T/jump.strace" ]; then
	main=$(head -1 "$T/jump.strace" | cut -d' ' -f1)
	is "$(grep -cE 'inet_addr\("127\.0\.1\.[234]"\)' "$T/jump.strace")" 0 \
	    "no process of myriad's dials a node behind the jump host"
	n=$(awk -v m="$main" '$1 != m && /inet_addr\("127\.0\.1\.1"\)/' "$T/jump.strace" | wc -l)
	[ "$n" -ge 3 ]; ok $? "the jump hops dial gpu0001 ($n)"
else
	skip 2 "no strace"
fi
n=$(ps -eo args | awk -v s="ssh -F $T/jump_config" 'index($0, s) == 1' | wc -l)
is "$n" 0 "no jump hop is left running"
# A jump host that refuses: the nodes behind it are marked, with a reason.
sed 's/ProxyJump gpu0001/ProxyJump nosuch@gpu0001/' "$T/jump_config" > "$T/jump_bad"
SSHCONF=$T/jump_bad conf "$T/jumpbad.conf"
t0=$(date +%s)
$MYRIAD -F "$T/jumpbad.conf" -c 'list-nodes -o tsv' > "$T/jumpbad.out" 2>&1
t1=$(date +%s)
is "$(awk -F'\t' '$1 ~ /^gpu000[234]$/ && $5 != "yes" && $6 != ""' "$T/jumpbad.out" | wc -l | tr -d ' ')" 3 \
    "a jump host that refuses: the nodes behind it are marked, with why"
like "$(grep '^gpu0001' "$T/jumpbad.out")" "$(printf '\tyes\t')" "the jump host itself still answers"
[ $((t1 - t0)) -le 20 ]; ok $? "bounded ($((t1 - t0)) s)"

# slurm.user: the controller (gpu0002 here) is logged in to as slurm.user,
# the nodes as ssh.user, which here is a user no node lets in.
# The Slurm probes say who ran them and where (the test user cannot reach
# munge, so no real sinfo answers it).
SLURMPROBES="probe = { sinfo = \"sh -c 'echo \$(id -un) \$SSH_CONNECTION >&2; exit 3'\"; squeue = \"\"; };"
CTLD=gpu0002 SLURMX='user = "myriadtest"; ' SSHX='user = "nosuch"; ' \
    conf "$T/suser.conf" "$SLURMPROBES"
# (Two runs: a list-nodes that reads no node stops a script, exit 1.)
{ $MYRIAD -F "$T/suser.conf" -c 'list-nodes -o tsv'
  $MYRIAD -F "$T/suser.conf" -c 'list-events -o tsv'; } > "$T/suser.out" 2>&1
like "$(cat "$T/suser.out")" "sinfo: exited 3: myriadtest [0-9.]+ [0-9]+ 127\\.0\\.1\\.2 " \
    "slurm.user: sinfo ran on the controller as that user"
is "$(awk -F'\t' '$1 ~ /^gpu/ && $5 == "auth-failed"' "$T/suser.out" | wc -l | tr -d ' ')" 4 \
    "while the nodes are logged in to as ssh.user"
CTLD=gpu0002 SSHX='user = "nosuch"; ' conf "$T/suser2.conf" "$SLURMPROBES"
like "$($MYRIAD -F "$T/suser2.conf" -c 'list-events -o tsv' 2>&1)" \
    'gpu0002: public key authentication failed for nosuch@gpu0002' \
    "no slurm.user: the controller is logged in to as ssh.user"

# bmc.mode "ssh": a shell on each BMC (the harness's sshd on the BMC
# addresses, ssh_config's NAME-bmc) runs the sensor probe; its
# SSH_CONNECTION is the BMC's address.
conf "$T/bmcssh.conf" 'bmc = { mode = "ssh"; };'
n=$($MYRIAD -F "$T/bmcssh.conf" -c 'list-sensors -o tsv gpu0003' | tail -n +2 | wc -l)
[ "$n" -ge 10 ]; ok $? "bmc.mode ssh: gpu0003's sensors from ipmitool on its BMC ($n)"
conf "$T/bmcwhere.conf" 'bmc = { mode = "ssh"; };' \
    "probe = { sensors = \"sh -c 'echo \$SSH_CONNECTION >&2; exit 3'\"; };"
out=$($MYRIAD -F "$T/bmcwhere.conf" -c 'list-events -o tsv' 2>&1)
for i in 1 2 3 4; do
	like "$out" "gpu000$i	.*sensors: exited 3: [0-9.]+ [0-9]+ 127\.1\.1\.$i $CLUSTER_PORT" \
	    "the probe ran on gpu000$i's BMC (127.1.1.$i), not on the node"
done
{
	printf 'Host gpu0004-bmc\n\tHostName 127.1.1.250\n'
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/nobmc_config"
SSHCONF=$T/nobmc_config conf "$T/bmcgone.conf" 'bmc = { mode = "ssh"; };'
out=$($MYRIAD -F "$T/bmcgone.conf" -c 'show-node gpu0004; list-nodes -o tsv gpu0004; list-sensors -o tsv gpu0001' 2>&1)
like "$(printf '%s\n' "$out" | grep '^BMC:')" '^BMC: gpu0004-bmc: Connection refused' \
    "a BMC whose shell refuses: its node says so"
like "$(printf '%s\n' "$out" | grep '^gpu0004	')" '	yes	' "and the node itself is still reachable"
n=$(printf '%s\n' "$out" | awk -F'\t' '$1 == "gpu0001"' | wc -l)
[ "$n" -ge 10 ]; ok $? "the other BMCs' sensors still come ($n for gpu0001)"

# A node behind a TCP relay of the test's own (127.0.1.204 to gpu0004's
# sshd): killing the relay is the node dying, stopping it (SIGSTOP) is the
# node going silent with its connections open, starting it again is the
# node coming back.
cat > "$T/relay.pl" <<'PL'
use IO::Socket::INET; use IO::Select;
my ($la, $ra, $port) = @ARGV;
my $l = IO::Socket::INET->new(LocalAddr => $la, LocalPort => $port,
    Listen => 16, ReuseAddr => 1) or die "listen: $!";
$SIG{ALRM} = sub { exit 0 }; alarm 300;
my $sel = IO::Select->new($l);
my %peer;
while (my @r = $sel->can_read) {
	for my $h (@r) {
		if ($h == $l) {
			my $c = $l->accept or next;
			my $u = IO::Socket::INET->new(PeerAddr => $ra,
			    PeerPort => $port) or do { close $c; next };
			$peer{$c} = $u; $peer{$u} = $c;
			$sel->add($c, $u);
			next;
		}
		my $o = $peer{$h} or next;
		my $n = sysread($h, my $buf, 65536);
		if (!$n) {
			$sel->remove($h, $o);
			delete @peer{$h, $o};
			close $h; close $o;
			next;
		}
		syswrite($o, $buf);
	}
}
PL
relay_start() {
	perl "$T/relay.pl" 127.0.1.204 127.0.1.4 "$CLUSTER_PORT" &
	PROXY_PID=$!
	i=0
	while [ $i -lt 50 ] && ! perl -MIO::Socket::INET -e \
	    'IO::Socket::INET->new(PeerAddr => $ARGV[0], PeerPort => $ARGV[1]) or exit 1' \
	    127.0.1.204 "$CLUSTER_PORT"; do
		sleep 0.1; i=$((i + 1))
	done
}
relay_stop() {
	kill -CONT "$PROXY_PID" 2>/dev/null
	kill "$PROXY_PID" 2>/dev/null
	wait "$PROXY_PID" 2>/dev/null
	PROXY_PID=
}
{
	printf 'Host gpu0004\n\tHostName 127.0.1.204\n'
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/relay_config"

TM="tmux -L myriad-transport-$$"
trap '$TM kill-server 2>/dev/null; [ -n "$PROXY_PID" ] && kill -CONT "$PROXY_PID" 2>/dev/null && kill "$PROXY_PID" 2>/dev/null
    t/lib/cluster stop "$C" >/dev/null 2>&1; rm -rf "$T"' EXIT
console() {	# console CONF: the console on the cluster, its trace in $T/trace
	: > "$T/trace"
	# The server outlives its sessions: one started as the last ended
	# would otherwise reach a server on its way out, and fail.
	$TM start-server \; set -s exit-empty off
	$TM new-session -d -s f -x 150 -y 40 \
	    "exec env SLURM_CONF=$CLUSTER_SLURM_CONF MYRIAD_FLEET_TRACE=$T/trace $MYRIAD -F $1"
	CPID=$($TM display-message -p -t f '#{pane_pid}')
}
console_stop() {
	$TM send-keys -t f q
	i=0
	while [ $i -lt 50 ] && kill -0 "$CPID" 2>/dev/null; do
		sleep 0.1; i=$((i + 1))
	done
	$TM kill-session -t f 2>/dev/null
}
shows() {	# shows SECONDS PATTERN: the screen has it within SECONDS
	s_i=0
	while [ $s_i -lt $(($1 * 10)) ]; do
		$TM capture-pane -p -t f | grep -Eq -- "$2" && return 0
		sleep 0.1; s_i=$((s_i + 1))
	done
	return 1
}
gone() {	# gone SECONDS PATTERN: the screen lacks it within SECONDS
	s_i=0
	while [ $s_i -lt $(($1 * 10)) ]; do
		$TM capture-pane -p -t f | grep -Eq -- "$2" || return 0
		sleep 0.1; s_i=$((s_i + 1))
	done
	return 1
}
samples() {	# samples NODE SINCE: GPU stream chunks of NODE after SINCE
	awk -v n="$1" -v t="$2" '$2 == n && $1 >= t' "$T/trace" | wc -l | tr -d ' '
}
fds() {
	ls "/proc/$1/fd" 2>/dev/null | wc -l | tr -d ' '
}

if command -v tmux >/dev/null; then
	# A node that dies mid-stream, under the console: marked within a few
	# seconds, the others go on streaming, and it comes back.
	SSHCONF=$T/relay_config conf "$T/relay.conf" \
	    'refresh = { gpus = 1; links = 600; sensors = 600; };'
	relay_start
	console "$T/relay.conf"
	i=0
	while [ $i -lt 300 ] && [ "$(awk '{ print $2 }' "$T/trace" | sort -u | wc -l)" -lt 4 ]; do
		sleep 0.1; i=$((i + 1))
	done
	is "$(awk '{ print $2 }' "$T/trace" | sort -u | wc -l | tr -d ' ')" 4 \
	    "the console streams from every node, gpu0004 through the relay"
	sleep 2
	fd0=$(fds "$CPID")
	t0=$(date +%s)
	relay_stop
	shows 15 'gpu0004 .*(unreachable|timed out): '; ok $? \
	    "gpu0004 dies mid-stream: marked, with the reason, in $(($(date +%s) - t0)) s"
	$TM capture-pane -p -t f | grep 'gpu0004' | head -2 | sed 's/^/# /'
	sleep 4
	n1=$(samples gpu0001 "$t0") n2=$(samples gpu0002 "$t0") n3=$(samples gpu0003 "$t0")
	[ "$n1" -ge 3 ] && [ "$n2" -ge 3 ] && [ "$n3" -ge 3 ]; ok $? \
	    "the other nodes keep streaming meanwhile ($n1 $n2 $n3 samples)"
	t1=$(date +%s)
	relay_start
	i=0
	while [ $i -lt 400 ] && [ "$(samples gpu0004 "$t1")" -lt 2 ]; do
		sleep 0.1; i=$((i + 1))
	done
	n=$(samples gpu0004 "$t1")
	[ "$n" -ge 2 ]; ok $? "back: it streams again ($n samples, $(($(date +%s) - t1)) s)"
	gone 10 'gpu0004 .*(unreachable|timed out): '; ok $? "and is no longer marked"
	is "$(fds "$CPID")" "$fd0" "no descriptor is left from the dead session"
	console_stop
	relay_stop

	# An idle session (no GPU stream) to a node gone silent with its
	# connection open: the keepalives go unanswered, it is marked.
	SSHCONF=$T/relay_config SSHX='keepalive = 2; ' conf "$T/idle.conf" \
	    'refresh = { links = 600; sensors = 600; };' 'probe = { gpus = ""; };'
	relay_start
	console "$T/idle.conf"
	shows 30 'Needs attention'; ok $? "the console starts without the GPU stream"
	i=0
	while [ $i -lt 300 ] && [ -z "$(ss -Htn state established dst "127.0.1.204:$CLUSTER_PORT")" ]; do
		sleep 0.1; i=$((i + 1))
	done
	sleep 3
	t0=$(date +%s)
	kill -STOP "$PROXY_PID"
	shows 20 'gpu0004 .*timed out: no answer to keepalives'; ok $? \
	    "an idle session to a silent node: keepalives unanswered, marked in $(($(date +%s) - t0)) s"
	$TM capture-pane -p -t f | grep 'gpu0004' | head -2 | sed 's/^/# /'
	! shows 1 'gpu000[123] .*(unreachable|timed out)'; ok $? "the other idle sessions are kept"
	console_stop
	relay_stop
else
	skip 8 "no tmux"
fi

done_testing
