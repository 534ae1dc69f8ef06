#!/bin/sh
# Nodes that could not be read, on the real test cluster (t/lib/cluster):
# a batch command names them on stderr, folded as dshbak -c does, with
# why and the way out, and exits 3 when some could not be read, 1 when
# none could.  Unknown host keys, a node whose key is refused, one that
# refuses the connection, one that never speaks, a missing nvidia-smi
# (exit 127); a kernel log that cannot be read counts for list-events,
# not for list-gpus.
. t/lib/tap.sh

. t/lib/cluster.sh
SILENT_PID=
CLEANUP='[ -n "$SILENT_PID" ] && kill "$SILENT_PID" 2>/dev/null'

cluster_start 8 --port auto --sim-time 1800000000

# gpu0009 refuses; gpu0010 is a listener that never speaks; gpu0005 logs
# in as a user the node does not have (the first value wins in ssh_config).
SILENT=127.0.1.203
perl -MIO::Socket::INET -e '
    $s = IO::Socket::INET->new(LocalAddr => $ARGV[0], LocalPort => $ARGV[1],
        Listen => 16, ReuseAddr => 1) or die "listen: $!";
    open(F, ">", $ARGV[2]) and close(F);
    $SIG{ALRM} = sub { exit 0 }; alarm 300;
    while ($c = $s->accept) { push @c, $c }' \
    "$SILENT" "$CLUSTER_PORT" "$T/listening" &
SILENT_PID=$!
i=0
while [ ! -e "$T/listening" ] && [ $i -lt 200 ]; do
	sleep 0.05; i=$((i + 1))
done
{
	printf 'Host gpu0009\n\tHostName 127.0.1.202\n'
	printf 'Host gpu0010\n\tHostName %s\n' "$SILENT"
	printf 'Host gpu0005\n\tUser nosuchuser\n'
	cat "$CLUSTER_SSH_CONFIG"
} > "$T/ssh_config"

# gpu0003 has no nvidia-smi (exit 127); gpu0004's kernel log cannot be
# read (dmesg exits 1), its GPUs can.
Q='nvidia-smi --query-gpu=index,uuid,temperature.gpu --format=csv,noheader,nounits'
cat > "$T/gpus.sh" <<'SH'
case " $SSH_CONNECTION " in
*" 127.0.1.3 "*) PATH=/nonexistent ;;
esac
$1
SH
cat > "$T/xid.sh" <<'SH'
case " $SSH_CONNECTION " in
*" 127.0.1.4 "*) echo "dmesg: read kernel buffer failed: Operation not permitted" >&2; exit 1 ;;
esac
dmesg
SH
chmod 755 "$T/gpus.sh" "$T/xid.sh"
cat > "$T/unread.conf" <<EOF
source = "ssh";
nodes = "gpu[0001-0010]";
ssh = { config = "$T/ssh_config"; connect-timeout = 3; command-timeout = 8; };
probe = { gpus = "sh $T/gpus.sh '$Q'"; xid = "sh $T/xid.sh"; };
EOF
M="$MYRIAD -F $T/unread.conf"

# Some nodes not read: exit 3, each reason once with its nodes and the
# way out; the other nodes' GPUs all come.
$M -c 'list-gpus -o tsv' > "$T/gpus" 2> "$T/gpus.err"
is "$?" 3 "list-gpus with 4 of 10 nodes not read exits 3"
is "$(awk -F'\t' 'NR > 1 { print $1 }' "$T/gpus" | sort -u | tr '\n' ' ')" \
    "gpu0001 gpu0002 gpu0004 gpu0006 gpu0007 gpu0008 " \
    "the nodes read give their GPUs, gpu0004 too (only its kernel log failed)"
like "$(cat "$T/gpus.err")" \
    '^myriad: gpu0003: gpus: exited 127: .*nvidia-smi: not found; try it by hand with ssh gpu0003; probe.gpus sets the command$' \
    "a missing nvidia-smi: exited 127, the shell's words, the way out"
like "$(cat "$T/gpus.err")" \
    '^myriad: gpu0005: public key authentication failed for nosuchuser@gpu0005 .*; ssh gpu0005 must log in with no password' \
    "a refused key: authentication failed, and the way out"
like "$(cat "$T/gpus.err")" '^myriad: gpu0009: .*refused.*; is gpu0009 up, and does ssh gpu0009 reach it\?$' \
    "a refused connection, and the way out"
like "$(cat "$T/gpus.err")" '^myriad: gpu0010: no answer in 3 s; is gpu0010 up\? raise ssh.connect-timeout, or lower ssh.fanout if many time out$' \
    "a node that never speaks times out, and the way out"
like "$(tail -1 "$T/gpus.err")" '^myriad: list-gpus: 4 of 10 nodes not read$' \
    "the count, last"
is "$(grep -c gpu0004 "$T/gpus.err")" 0 \
    "a kernel log that failed is not a GPU query that failed"
is "$(wc -l < "$T/gpus.err" | tr -d ' ')" 5 "one line a reason, one for the count"

# The kernel log is what list-events reads: gpu0004 counts there, and the
# missing nvidia-smi does not.
$M -c 'list-events -o tsv' > /dev/null 2> "$T/events.err"
is "$?" 3 "list-events exits 3"
like "$(cat "$T/events.err")" '^myriad: gpu0004: xid: exited 1: dmesg: read kernel buffer failed' \
    "list-events names the node whose kernel log failed"
is "$(grep -c 'gpu0003' "$T/events.err")" 0 "and not the node without nvidia-smi"

# A node set: only its nodes count.
out=$($M -c 'list-gpus -o tsv gpu[0001-0002]' 2>&1); rc=$?
is "$rc" 0 "nodes that were all read: exit 0"
is "$(printf '%s\n' "$out" | grep -c '^myriad:')" 0 "and nothing on stderr"
$M -c 'list-gpus -o json gpu[0009-0010]' > "$T/none" 2> "$T/none.err"
is "$?" 1 "none of the nodes read: exit 1"
is "$(tr -d '\n' < "$T/none")" "[]" "the JSON keeps its shape: an empty array"
like "$(tail -1 "$T/none.err")" '^myriad: list-gpus: 2 of 2 nodes not read$' \
    "and stderr says so"
$M -c 'show-node gpu0003' > /dev/null 2> "$T/show.err"
is "$?" 3 "show-node of a node whose GPUs could not be read, its links read: exit 3"
like "$(cat "$T/show.err")" '^myriad: gpu0003: gpus: exited 127' "and says why"
$M -c 'summary' > "$T/summary" 2> "$T/summary.err"
is "$?" 3 "summary exits 3"
like "$(tail -1 "$T/summary.err")" '^myriad: summary: 5 of 10 nodes not read$' \
    "summary counts the nodes not read, and gpu0004's kernel log (its events)"

# list-nodes: its JSON carries each node's reachable and error; a node
# whose session failed counts, one that lacks a tool is reachable.
$M -c 'list-nodes -o json' > "$T/nodes.json" 2> "$T/nodes.err"
is "$?" 3 "list-nodes exits 3"
like "$(grep '"gpu0009"' "$T/nodes.json")" '"reachable":"no","error":"[^"]*refused' \
    "list-nodes JSON: gpu0009 reachable no, and the error"
like "$(grep '"gpu0010"' "$T/nodes.json")" '"reachable":"timeout","error":"no answer in 3 s"' \
    "list-nodes JSON: gpu0010 timed out"
like "$(grep '"gpu0001"' "$T/nodes.json")" '"reachable":"yes","error":null' \
    "list-nodes JSON: gpu0001 reachable"
like "$(tail -1 "$T/nodes.err")" '^myriad: list-nodes: 3 of 10 nodes not read$' \
    "list-nodes counts the sessions that failed"

# A partial read does not stop the script; a command after it runs.
out=$($M -c 'list-gpus -o tsv gpu[0001-0003]; nodeset -c gpu[1-5]' 2>/dev/null); rc=$?
is "$rc" 3 "a script with a partial read exits 3"
is "$(printf '%s\n' "$out" | tail -1)" 5 "and the commands after it run"

# Host keys not in known_hosts: the issue's case, one folded line for
# the fleet's key, with its fingerprint and how to accept it.
{
	printf 'Host *\n\tUserKnownHostsFile %s\n' "$T/kh"
	grep -v 'UserKnownHostsFile' "$CLUSTER_SSH_CONFIG"
} > "$T/ssh_config.kh"
: > "$T/kh"
$MYRIAD -w "$CLUSTER_NODESET" --ssh-config "$T/ssh_config.kh" \
    -c 'list-gpus -o json' > "$T/kh.out" 2> "$T/kh.err"
is "$?" 1 "unknown host keys on every node: exit 1, not 0"
is "$(tr -d '\n' < "$T/kh.out")" "[]" "the JSON is still an empty array"
like "$(head -1 "$T/kh.err")" \
    '^myriad: gpu\[0001-0008\]: unknown host key SHA256:[A-Za-z0-9+/]+: refused; .*ssh NODE once.*accept-new' \
    "one line for the 8 nodes: the fingerprint, and how to accept it"
is "$(wc -l < "$T/kh.err" | tr -d ' ')" 2 "folded: one reason, one count"

# Damage the parser refuses, from a node through the GPU probe, is that
# node's failure as a failing probe is: named on stderr with the line,
# never dropped in silence.  gpu0001's last line is cut, gpu0002 has a
# decimal comma, gpu0006 a temperature of 1e23, gpu0007 a count past
# 2^64, gpu0008 prints nothing; gpu0004's output is whole.
Q2='nvidia-smi --query-gpu=index,uuid,temperature.gpu,power.draw,memory.used --format=csv,noheader,nounits'
cat > "$T/damage.sh" <<'SH'
$1 > /tmp/damage.$$
case " $SSH_CONNECTION " in
*" 127.0.1.1 "*) head -c -5 /tmp/damage.$$ ;;
*" 127.0.1.2 "*) sed '1s/\([0-9]\)\.\([0-9]\)/\1,\2/' /tmp/damage.$$ ;;
*" 127.0.1.6 "*) sed '1s/^\([^,]*,[^,]*,\)[^,]*,/\1 1e23,/' /tmp/damage.$$ ;;
*" 127.0.1.7 "*) sed '1s/,[^,]*$/, 99999999999999999999999/' /tmp/damage.$$ ;;
*" 127.0.1.8 "*) ;;
*) cat /tmp/damage.$$ ;;
esac
rm -f /tmp/damage.$$
SH
chmod 755 "$T/damage.sh"
cat > "$T/damage.conf" <<EOF
source = "ssh";
nodes = "gpu[0001-0002,0004,0006-0008]";
ssh = { config = "$CLUSTER_SSH_CONFIG"; connect-timeout = 3; command-timeout = 8; };
probe = { gpus = "sh $T/damage.sh '$Q2'"; };
EOF
D="$MYRIAD -F $T/damage.conf"
$D -c 'list-gpus -o tsv' > "$T/dmg" 2> "$T/dmg.err"
is "$?" 3 "list-gpus with damaged GPU outputs exits 3"
like "$(cat "$T/dmg.err")" \
    '^myriad: gpu0001: gpus: nvsmi-csv: line 8: no newline at the end' \
    "a last line cut: the node, the probe and the line"
like "$(cat "$T/dmg.err")" '^myriad: gpu0002: gpus: nvsmi-csv: line 1: ' \
    "a decimal comma: the node and the line"
like "$(cat "$T/dmg.err")" '^myriad: gpu0006: gpus: nvsmi-csv: line 1: .*1e\+?23' \
    "a temperature of 1e23"
like "$(cat "$T/dmg.err")" '^myriad: gpu0007: gpus: nvsmi-csv: line 1: memory.used: ' \
    "memory.used past 2^64"
like "$(cat "$T/dmg.err")" '^myriad: gpu0008: gpus: no GPU reported; ' \
    "an empty GPU query from a node with GPUs"
is "$(grep -c gpu0004 "$T/dmg.err")" 0 "the whole output is not named"
like "$(tail -1 "$T/dmg.err")" '^myriad: list-gpus: 5 of 6 nodes not read$' \
    "and the count"
is "$(awk -F'\t' '$1 == "gpu0004"' "$T/dmg" | wc -l | tr -d ' ')" 8 \
    "the whole node's GPUs all come"
$D -c 'list-gpus -o json gpu0001' > /dev/null 2>&1
is "$?" 3 "the damaged node alone, 7 of its 8 GPUs printed: exit 3, read in part"

done_testing
