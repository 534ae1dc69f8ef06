#!/bin/sh
# Small things an operator trips on: without colour a busy GPU is not
# drawn like an alarm; Space on another GPU of a marked node keeps the
# mark and says so; at 40x10 the current tab stays on screen and Links
# keeps its headings; on the SSH source nodes still connecting are not
# counted unreachable nor as alerts, Cooling says BMC reading is off and
# names the option, an empty queue says so; the same words everywhere.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

GPUHEAD="^NODE +GPU +UTIL%"

status_line() {	# status_line SESSION: the second to last line
	line "$1" $(($(height "$1") - 1))
}

# The value of the second row's cell in the column whose heading is
# COLUMN (right-aligned: under its last character), and the attributes of
# that character (attrs).
second_row() {	# second_row SESSION COLUMN
	attrs "$1" | awk -v h="$GPUHEAD" -v c="$2" '
	    NR % 2 && $0 ~ h { x = index($0, c) + length(c) - 1; r = NR + 4 }
	    r && NR == r { v = substr($0, 1, x); sub(/.* /, "", v) }
	    r && NR == r + 1 { print v, substr($0, x, 1); exit }'
}

# 1. Without colour: a busy GPU plain, a hot one an alarm.
start mono 80 24 NO_COLOR=1 --
ok $? "NO_COLOR: the console starts"
keys mono 2
wait_for mono "$GPUHEAD"
keys mono U
wait_for mono "UTIL%v"
wait_like '^(8[5-9]|9[0-9]|100) 0$' \
    "NO_COLOR: a GPU at UTIL% >= 85 is drawn plain, no emphasis" \
    second_row mono "UTIL%v"
keys mono T
wait_for mono "TEMPv"
wait_like '^(9[0-9]|1[0-9][0-9]) 3$' \
    "NO_COLOR: a GPU at the critical temperature is bold and reverse" \
    second_row mono "TEMPv"
tm kill-session -t mono

# 2. Space in GPUs: the node of the row; again on its next GPU, it stays.
start_size 80x24
keys "$S" 2
wait_for "$S" "$GPUHEAD"
keys "$S" N
wait_for "$S" "NODE\\^"
keys "$S" Space
wait_like " 1 marked *$" "GPUs: Space marks the node of the row" \
    status_line "$S"
screen_like "$S" "^marked gpu0001" "GPUs: and says so"
keys "$S" Space
screen_like "$S" "^gpu0001 stays marked" \
    "GPUs: Space on its next GPU says the node stays marked"
settle "$S"
like "$(status_line "$S")" " 1 marked *$" "GPUs: and it does"

# 6. The cursor's line on the map says a state once.
ST=$($MYRIAD $ARGS -c 'list-nodes -o tsv gpu0001' | awk -F'\t' 'NR == 2 { print $3 }')
keys "$S" 1
wait_for "$S" "^gpu0001 +r001 "
screen "$S" | grep '^gpu0001 ' | grep -q "$ST ($ST)"
ok $((! $?)) "the map's cursor line says '$ST' once"
tm kill-session -t "$S"

# 3. 40x10: the current tab, and Links' headings.
start_size 40x10
keys "$S" 8
wait_like " 8 Burn-in" "40x10: view 8's tab is on the top line" line "$S" 1
keys "$S" 5
wait_for "$S" "^NODE +WHAT"
screen_like "$S" "^8 GPUs, 8 IB ports" \
    "40x10 Links: no room for the node's links says so"
is "$(screen "$S" | grep -Ec '^\+[0-9]+ GPUs[^ ]')" 0 \
    "40x10 Links: no +N GPUs over the heading"
is "$(line "$S" 10)" "? keys  : command  / filter  f go to" \
    "40x10: the line of keys holds the keys that fit, whole"
tm kill-session -t "$S"
start_size 60x16
keys "$S" 5
wait_for "$S" "^GPU0 "
is "$(screen "$S" | grep -E '^\+[0-9]+ GPUs' |
    grep -Evc '^\+[0-9]+ GPUs( +\+[0-9]+ more)? *$')" 0 \
    "60x16 Links: +N GPUs on a line of its own, over no GPU's row"
tm kill-session -t "$S"

# 5. The SSH source: four nodes behind a listener that never speaks.
perl -MIO::Socket::INET -e '
    $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0,
        Listen => 16, ReuseAddr => 1) or die "listen: $!";
    open(F, ">", $ARGV[0]); print F $s->sockport, "\n"; close(F);
    $SIG{ALRM} = sub { exit 0 }; alarm 120;
    while ($c = $s->accept) { push @c, $c }' "$T/port" &
SILENT_PID=$!
poll 10 test -s "$T/port"
printf 'Host *\n\tHostName 127.0.0.1\n\tPort %s\n' "$(cat "$T/port")" \
    > "$T/ssh_config"
printf 'source = "ssh";\nnodes = "gpu[01-04]";\n' > "$T/ssh.conf"
printf 'ssh = { config = "%s"; connect-timeout = 60; };\n' "$T/ssh_config" \
    >> "$T/ssh.conf"
# A Slurm that answers with an empty queue.
mkdir -p "$T/bin"
printf '#!/bin/sh\nexit 0\n' > "$T/bin/squeue"
cp "$T/bin/squeue" "$T/bin/sinfo"
chmod +x "$T/bin/squeue" "$T/bin/sinfo"
tm new-session -d -s ssh -x 100 -y 24 \
    "exec env LC_ALL=C.UTF-8 PATH=$T/bin:$PATH $MYRIAD -F $T/ssh.conf"
wait_for ssh " 1 Map "
ok $? "SSH source: the console starts"
wait_like "connecting 4 of 4" \
    "SSH source: the status line says how many nodes are still connecting" \
    status_line ssh
like "$(status_line ssh)" "unreach 0" "SSH source: none of them unreachable"
like "$(status_line ssh)" "alerts 0[+]0" "SSH source: nor an alert"
keys ssh 4
screen_like ssh "BMC reading is off: set bmc\\.mode" \
    "SSH source: Cooling says BMC reading is off and names the option"
keys ssh 3
screen_like ssh "^the queue is empty" "SSH source: an empty Jobs view says so"
keys ssh 5
screen_like ssh " connecting " "SSH source: Links' node heading says connecting"
shows ssh "connecting:"
ok $((! $?)) "SSH source: with no reason after it, none yet"
tm kill-session -t ssh
kill "$SILENT_PID" 2>/dev/null

# 6. The same words everywhere, in batch.
like "$($MYRIAD $ARGS -c 'show-node gpu0001')" "reachable yes" \
    "show-node says reachable yes, as list-nodes does"
out=$($MYRIAD $ARGS -c 'list-sensors gpu0001')
like "$out" "liters/minute " "list-sensors: the coolant flow's unit whole"
printf '%s\n' "$out" | grep -q "liters/minut "
ok $((! $?)) "not cut as ipmitool cuts it"

done_testing
