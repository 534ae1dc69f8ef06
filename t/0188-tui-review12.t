#!/bin/sh
# What an operator at 3 a.m. was not told (review 12b), in tmux on the
# simulator: GPU output refused in part is an event, once, and an alert
# naming the parser's words, in the Node view too; a node whose GPU tool
# is missing is an alert; a node that lists fewer GPUs than it has is an
# alert, with no row of GPU '-' for those it left out; and goto leaves the
# selection on the node it went to, for the Node view that follows.
. t/lib/tap.sh
ARGS="--seed 1"
. t/lib/tui.sh

TAB=$(printf '\t')

# The Node view's first line: the node it shows.
shown() {	# shown SESSION
	line "$1" 2 | awk '{ print $1 }'
}

# The GPUs view's table, as it is now, to wait for the next read.
gpus_rows() {	# gpus_rows SESSION
	rows_after "$1" "^NODE +GPU"
}

differs() {	# differs SESSION TEXT: the GPUs view's rows are not TEXT
	[ "$(gpus_rows "$1")" != "$2" ]
}

# The console on 64 simulated GPUs in session S=NAME, with probe.gpus.
console_with() {	# console_with NAME COMMAND [ARGS]
	printf 'probe = { gpus = "%s"; };\n' "$2" > "$T/$1.conf"
	S=$1
	shift 2
	start "$S" $W $H --sim 64 -F "$T/$S.conf" "$@"
	ok $? "$S: the console starts"
}

# 1. goto, then 6: the Node view of the node goto went to.
S=goto W=120 H=40
start "$S" $W $H --sim 10k --sim-time 1800000000
ok $? "goto: the console starts"
keys "$S" 6
wait_is gpu0001 "goto: the Node view first shows gpu0001" shown "$S"
keys "$S" 1
run "$S" 'goto gpu0003'
wait_for "$S" "^gpu0003 +r[0-9]+ "
keys "$S" 6
wait_is gpu0003 "map: goto gpu0003, then 6: gpu0003's Node view" shown "$S"
keys "$S" 2
wait_for "$S" "^NODE +GPU"
run "$S" 'goto gpu0447'
settle "$S"
keys "$S" 6
wait_is gpu0447 "gpus: goto gpu0447, then 6: gpu0447's Node view" \
    shown "$S"
keys "$S" 1
wait_gone "$S" "^GPU +BUS"
keys "$S" f
type_text "$S" gpu0005
keys "$S" Enter
wait_for "$S" "^gpu0005 +r[0-9]+ "
keys "$S" 6
wait_is gpu0005 "map: f gpu0005 Enter, then 6: gpu0005's Node view" \
    shown "$S"
tm kill-session -t "$S"

# 2. Output refused in part: the query's second list is what the
# simulator prints (power, 300-700 W), the first what the parser reads
# (temperature), so some of a node's lines are out of range, each read.
console_with refused "nvidia-smi --query-gpu=index,pci.bus_id,\
temperature.gpu --format=csv,noheader,nounits \
--query-gpu=index,pci.bus_id,power.draw"
wait_like "^gpu00[0-9]{2} +r1 +gpus: nvsmi-csv: line [0-9]+: " \
    "refused: the map's attention list names a node and the parser's words" \
    screen "$S"
NODE=$(printf '%s\n' "$tui_out" |
    awk '/ gpus: nvsmi-csv: / { print $1; exit }')
# Three reads more: the event is told once, not each read.
keys "$S" 2
wait_for "$S" "^NODE +GPU"
for i in 1 2 3; do
	rows=$(gpus_rows "$S")
	poll $((TUI_WAIT * 2)) differs "$S" "$rows"
done
keys "$S" 7
wait_for "$S" "^TIME +NODE"
is "$(screen "$S" | grep -Ec "^[-0-9T:]+ +$NODE +- +gpus: nvsmi-csv: ")" 1 \
    "refused: one event for $NODE after four reads, with the parser's words"
run "$S" "view node $NODE"
wait_like "^GPU read failed! gpus: nvsmi-csv: line [0-9]+: " \
    "refused: $NODE's Node view says its GPU read failed, and why" \
    screen "$S"
tm kill-session -t "$S"

# 3. The GPU tool missing: every node is an alert.  At a time when none
# of the 8 is drained (else it is one handled by Slurm).
console_with missing "nosuch-smi --query-gpu=index,temperature.gpu \
--format=csv,noheader,nounits" --sim-time 1800000000
wait_like "^Needs attention: 8 new" \
    "tool missing: the map says 8 nodes need attention" screen "$S"
screen_like "$S" "^gpu0001 +r1 +gpus: bash: line 1: nosuch-smi: command no" \
    "tool missing: the attention list says why"
tm kill-session -t "$S"

# 4. nvidia-smi lists GPU 3 alone: 7 of 8 missing, and no row of GPU '-'.
console_with fewer "nvidia-smi -i 3 --query-gpu=index,pci.bus_id,\
utilization.gpu,temperature.gpu --format=csv,noheader,nounits"
wait_like "^gpu0001 +r1 +7 of 8 GPUs missing" \
    "fewer GPUs: the map's attention list says 7 of 8 are missing" \
    screen "$S"
keys "$S" 2
wait_for "$S" "^gpu0008 +3 "
is "$(gpus_rows "$S" | awk '$2 == "-"' | wc -l | tr -d ' ')" 0 \
    "fewer GPUs: no GPUs row of GPU '-' for those left out"
is "$(gpus_rows "$S" | wc -l | tr -d ' ')" 8 \
    "fewer GPUs: a row for each GPU 3"
run "$S" "view node gpu0002"
wait_like "7 of 8 GPUs missing!" \
    "fewer GPUs: the Node view says so" line "$S" 2
tm kill-session -t "$S"

done_testing
