#!/bin/sh
# Gateways (ssh.gateways), ClusterShell's tree mode, on the real test
# cluster: the relay command on its own, then the console reading ten
# nodes' GPU streams through two gateways (nodes of the cluster whose test
# user runs myriad relay), with a node the gateway cannot reach, a gateway
# whose relay cannot run, and a relay killed under the console.
. t/lib/tap.sh

. t/lib/cluster.sh
TM="tmux -L myriad-gateway-$$"
CLEANUP="$TM kill-server 2>/dev/null"
# The server outlives its sessions: a session started as the last one ends
# would otherwise reach a server on its way out, and fail.
$TM start-server \; set -s exit-empty off

cluster_start 12 --port auto
Q='nvidia-smi --query-gpu=index,uuid,temperature.gpu --format=csv,noheader,nounits'

# The relay on its own: each line as NODE: LINE, each node's state as
# !NODE<tab>STATE<tab>WHY, until standard input ends.
(sleep 3) | $MYRIAD --ssh-config "$CLUSTER_SSH_CONFIG" -w 'gpu[0001-0002],gpu0099' \
    -c "relay '$Q -lms 1000'" > "$T/relay" 2> "$T/relay.err"
is "$?" 0 "relay ends when its input does, with status 0"
for n in gpu0001 gpu0002; do
	is "$(grep "^$n: [0-7], GPU-" "$T/relay" | cut -d, -f1 | sort -u | wc -l | tr -d ' ')" 8 \
	    "relay: $n's eight GPUs, as NODE: LINE"
	like "$(grep "^!$n	" "$T/relay")" "^!$n	up	\$" "relay: $n is up"
done
uuid=$($MYRIAD $CLUSTER_SIM_ARGS sim-tool nvidia-smi --node gpu0002 \
    --query-gpu=uuid --format=csv,noheader | head -1)
like "$(grep '^gpu0002: 0,' "$T/relay" | head -1)" "^gpu0002: 0, $uuid, [0-9]+\$" \
    "relay: the node's own line after its name"
like "$(grep '^!gpu0099' "$T/relay")" '^!gpu0099	unreachable	.*gpu0099' \
    "relay: a node it cannot reach, with why"
is "$(grep -vc '^gpu000[12]: \|^!' "$T/relay")" 0 "relay: nothing else"
(sleep 3.5) | $MYRIAD --ssh-config "$CLUSTER_SSH_CONFIG" -w gpu0001 \
    -c "relay -i 1 'nvidia-smi-missing -lms 1000'" > "$T/relay" 2> "$T/relay.err"
like "$(grep '^!gpu0001	event' "$T/relay" | head -1)" \
    '^!gpu0001	event	gpus: exited 127: .*nvidia-smi-missing' \
    "relay: a stream that cannot run, as an event with why"
is "$(grep -c '^!gpu0001	event' "$T/relay")" 1 \
    "told once, though the stream is started again each period"
$MYRIAD --ssh-config "$CLUSTER_SSH_CONFIG" -w gpu0001 -c "relay -i soon true" \
    < /dev/null > /dev/null 2> "$T/relay.err"
is "$?" 2 "relay -i takes seconds, else a usage error"
like "$(cat "$T/relay.err")" 'relay: -i: .*soon' "which names the word"

# The console through two gateways: gpu0011 relays gpu[0001-0005],
# gpu0012 gpu[0006-0010] and gpu0099 (in order, as evenly as they go).
conf() {	# conf FILE GATEWAY-COMMAND [QUERY]
	cat > "$1" <<-EOF
	source = "ssh";
	nodes = "gpu[0001-0010],gpu0099";
	ssh = { config = "$CLUSTER_SSH_CONFIG"; gateways = "gpu[0011-0012]";
	    gateway-command = "$2"; connect-timeout = 3; };
	slurm = { controller = "local"; };
	bmc = { mode = "none"; };
	refresh = { gpus = 1.0; };
	probe = { gpus = "${3:-$Q}"; xid = ""; nvlink-status = ""; nvlink-errors = "";
	    ib = ""; ib-counters = ""; sinfo = "true"; squeue = "true"; };
	EOF
}
# The gateway command runs the relay unless $C/hold exists: a relay killed
# while it does stays down, and the test sees its mark whatever the speed
# of the machine (started again at once, the mark may last less than a
# poll of the screen).
conf "$T/gw.conf" "test ! -e $C/hold || { echo held >&2; exit 1; }; exec $CLUSTER_GATEWAY_COMMAND"
streams() {	# the nodes streaming the query
	ps -eo args | grep -F "$C/" | grep '[s]im-tool nvidia-smi --node gpu00.* -lms' |
	    grep -o 'gpu00[0-9][0-9]' | sort -u | wc -l | tr -d ' '
}
relays() {	# this cluster's relays on its gateways, by PID
	ps -eo pid,args | grep -F "$C/" | grep '[m]yriad --ssh-config .* -c relay' | awk '{ print $1 }'
}
screen() { $TM capture-pane -p -t g; }
all_streams() { [ "$(streams)" -ge 10 ]; }
rows() { [ "$(screen | grep -Ec '^gpu00(0[1-9]|10) +[0-7] ')" -ge 20 ]; }

$TM new-session -d -s g -x 150 -y 60 "$MYRIAD -F $T/gw.conf"
cluster_wait 200 all_streams
is "$(streams)" 10 "the gateways stream the query from all ten nodes"
is "$(relays | wc -l | tr -d ' ')" 2 "one relay on each gateway"
pid=$($TM list-panes -t g -F '#{pane_pid}')
# Its TCP connections to the sshds (/proc/net/tcp: established, the port).
for fd in /proc/"$pid"/fd/*; do readlink "$fd"; done 2>/dev/null |
    sed -n 's/^socket:\[\([0-9]*\)\]$/\1/p' > "$T/inodes"
is "$(awk -v port="$(printf %04X "$CLUSTER_PORT")" 'NR == FNR { want[$1]; next }
    $4 == "01" && ($10 in want) && substr($3, index($3, ":") + 1) == port' \
    "$T/inodes" /proc/net/tcp | wc -l | tr -d ' ')" 2 \
    "the console holds two sessions, one a gateway, not ten"
$TM send-keys -t g 2
cluster_wait 100 rows
# Hottest first, 50 rows of 80: filtered to the two, whatever their heat.
$TM send-keys -t g / 'gpu[0003,0008]' Enter
both() { screen | grep -q '^gpu0003 +[0-7] ' && screen | grep -q '^gpu0008 +[0-7] '; }
cluster_wait 100 both
like "$(screen)" '^gpu0003 +[0-7] ' "the GPUs view shows rows of gpu0003 (gateway gpu0011)"
like "$(screen)" '^gpu0008 +[0-7] ' "and of gpu0008 (gateway gpu0012)"
$TM send-keys -t g Escape 1
gone() { screen | grep -q 'gpu0099 .*unreachable'; }
cluster_wait 50 gone
like "$(screen)" 'gpu0099 .*unreachable: via gpu0012: [A-Za-z]' \
    "a node the gateway cannot reach is marked, with the gateway's why"

# A relay killed under the console: its nodes are marked, then come back
# once the relay can run again.
touch "$C/hold"
kill $(relays | head -1)
lost() { screen > "$T/lost"; grep -q 'gateway gpu001[12]: the relay ended' "$T/lost"; }
cluster_wait 100 lost
like "$(cat "$T/lost")" 'gpu00(0[1-9]|10) .*gateway gpu001[12]: the relay ended' \
    "a killed relay: its nodes are marked, naming the gateway"
rm -f "$C/hold"
back() { [ "$(relays | wc -l | tr -d ' ')" = 2 ] && ! lost; }
cluster_wait 300 back
is "$(relays | wc -l | tr -d ' ')" 2 "the relay runs again"
ok "$(! lost; echo $?)" "and its nodes are no longer marked"

$TM send-keys -t g q
nostreams() { [ "$(streams)" = 0 ] && [ -z "$(relays)" ]; }
cluster_wait 100 nostreams
is "$(streams)" 0 "quitting ends the streams on the nodes"
is "$(relays | wc -l | tr -d ' ')" 0 "and the relays on the gateways"
$TM kill-session -t g 2>/dev/null

# A query the nodes cannot run: the gateway's events.
conf "$T/missing.conf" "$CLUSTER_GATEWAY_COMMAND" nvidia-smi-missing
$TM new-session -d -s g -x 150 -y 60 "$MYRIAD -F $T/missing.conf"
$TM send-keys -t g 7
events() { screen | grep -q 'via gpu0011: gpus: exited 127'; }
cluster_wait 100 events
like "$(screen)" 'gpu000[1-5] .*via gpu0011: gpus: exited 127' \
    "a query the nodes cannot run: the Events view says so, via the gateway"
$TM kill-session -t g 2>/dev/null

# A gateway whose relay cannot run: its nodes say so.
conf "$T/bad.conf" "/nonexistent/myriad"
$TM new-session -d -s g -x 150 -y 60 "$MYRIAD -F $T/bad.conf"
bad() { screen | grep -q 'gateway gpu0011: the relay ended: exited 127'; }
cluster_wait 300 bad
like "$(screen)" 'gpu0001 .*unreachable: gateway gpu0011: the relay ended: exited 127' \
    "a relay that cannot run: exited 127, on its nodes"
$TM kill-session -t g 2>/dev/null

done_testing
