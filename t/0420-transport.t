#!/bin/sh
# The SSH transport against the real test cluster (t/lib/cluster): nodes
# reached through a jump host (ProxyJump), a node that dies mid-stream
# under the console and comes back, keepalives on an idle session to a
# black-holed node, the controller's own login user (slurm.user), BMCs
# read by a shell on the BMC itself (bmc.mode "ssh"), and the kernel log
# read from where the last read ended.
. t/lib/tap.sh

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP the test cluster needs root (a test user, sshd, slurmd)"
	exit 0
fi
chmod 755 "$T"
C=$T/cluster
PROXY_PID=
trap '[ -n "$PROXY_PID" ] && kill -CONT "$PROXY_PID" 2>/dev/null && kill "$PROXY_PID" 2>/dev/null
    t/lib/cluster stop "$C" >/dev/null 2>&1; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
export HOME="$T"
unset SSH_AUTH_SOCK SLURM_CONF

t/lib/cluster start "$C" 4 --slurm --bmc --jump --port auto > "$T/start.out" 2>&1
if [ $? != 0 ]; then
	sed 's/^/# /' "$T/start.out"
	ok 1 "the test cluster starts"
	done_testing
	exit 1
fi
. "$C/cluster.env"
export SLURM_CONF="$CLUSTER_SLURM_CONF"

conf() {	# conf FILE [LINE...]: a configuration for the cluster, and more
	c_file=$1
	shift
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "${SSHCONF:-$CLUSTER_SSH_CONFIG}"
		printf 'command-timeout = 10; };\n'
		printf 'slurm = { controller = "local"; };\n'
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

done_testing
