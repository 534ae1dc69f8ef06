#!/bin/sh
# What an on-call operator tripped on (review 11): a sort says its order in
# words, as its heading's arrow does, and link verdicts sort worst first;
# Cooling's sort arrow leaves the blank before the next heading; the status
# line keeps unreach and the alerts when it is narrow, says util - with no
# GPU report and age - while nothing has been read; c says how many marks
# it cleared; a view key under the pager shows the view; drain with no
# reason and an unknown TERM say what is wrong.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

status_line() {	# status_line SESSION: the second to last line
	line "$1" $(($(height "$1") - 1))
}

message() {	# message SESSION: the last line
	line "$1" "$(height "$1")"
}

# How bad a link verdict is, from the Links view's WHAT column: "NV DOWN".
ranks() {	# ranks SESSION: the rank of each row's verdict, a line each
	rows_after "$1" "^NODE +WHAT" | awk '{
	    r["DOWN"] = 5; r["MISSING"] = 4; r["DEGRADED"] = 3
	    r["ERRORING"] = 2; r["FLAPPING"] = 1; r["OK"] = 0
	    print ($3 in r) ? r[$3] : "?" }'
}

descending() {	# descending: the numbers read are in order, biggest first
	awk 'NR > 1 && ($1 == "?" || $1 > last) { bad = 1 } { last = $1 }
	    END { exit bad || NR == 0 }'
}

# 1. Sorts say their order in words, as the heading's arrow does.
start_size 120x40
keys "$S" 2
wait_for "$S" "^NODE +GPU +UTIL%"
keys "$S" T
wait_like "^sorted by temp_c, biggest first" \
    "gpus T: sorted by temp_c, biggest first (the view's own order)" \
    message "$S"
screen_like "$S" "TEMPv" "gpus T: the heading's arrow points down"
keys "$S" T
wait_like "^sorted by temp_c, smallest first" "gpus T again: smallest first" \
    message "$S"
screen_like "$S" "TEMP\\^" "gpus T again: the arrow points up"
keys "$S" U
wait_like "^sorted by util_pct, biggest first" \
    "gpus U, the first time: biggest first, not 'reversed'" message "$S"
keys "$S" 3
wait_for "$S" "^JOBID +USER"
keys "$S" U
wait_like "^sorted by user, A to Z" "jobs U: text A to Z" message "$S"
keys "$S" U
wait_like "^sorted by user, Z to A" "jobs U again: Z to A" message "$S"
keys "$S" 7
wait_for "$S" "^TIME +NODE"
keys "$S" X
wait_like "^sorted by xid, biggest first" \
    "events X: the message names the key no column shows" message "$S"
keys "$S" T
wait_like "^sorted by time, newest first" "events T: newest first" \
    message "$S"

# 2. Links: V puts the worst verdicts first, down before degraded before
# ok, not in the order of the names or of the code.
keys "$S" 5
wait_for "$S" "^NODE +WHAT"
keys "$S" V
wait_like "^sorted by verdict, worst first" "links V: worst first" \
    message "$S"
wait_like "^gpu[0-9]+ +(NV|IB) DOWN " "links V: a link down on the first row" \
    row_after "$S" "^NODE +WHATv"
ranks "$S" | descending
ok $? "links V: every row as bad as the one under it, or worse"
keys "$S" End
settle "$S"
like "$(ranks "$S" | tail -n 1)" "^[0-4]$" \
    "links V: milder verdicts than down at the end"
ranks "$S" | descending
ok $? "links V: there too, every row as bad as the one under it, or worse"
keys "$S" V
wait_like "^sorted by verdict, best first" "links V again: best first" \
    message "$S"

# 3. Cooling: the sort column's arrow keeps the blank after it.
keys "$S" 4
wait_for "$S" "^RACK +INLET"
keys "$S" T
wait_like "^sorted by inlet, biggest first" "cooling T: biggest first" \
    message "$S"
screen_like "$S" "^RACK +INLETv +EXHAUST " \
    "cooling T: INLETv EXHAUST, a blank between the headings"
tm kill-session -t "$S"

# 4. 80 columns: unreach stays, the utilization goes first; with a mark
# too; c says what it cleared.
start_size 80x24
wait_like "alerts [0-9]+[+][0-9]+.*unreach [0-9]+ *$" \
    "80x24: alerts and unreach on the status line" status_line "$S"
keys "$S" Space
wait_like "unreach [0-9]+ +1 marked *$" \
    "80x24: with a mark, unreach stays, before the mark" status_line "$S"
like "$(status_line "$S")" "^ alloc [0-9]+ idle [0-9]+ .*alerts [0-9]+[+]" \
    "80x24: and the nodes and the alerts are counted"
keys "$S" c
wait_like "^1 mark cleared" "c says how many marks it cleared" message "$S"
wait_like "unreach [0-9]+ *$" "c: the mark is gone" status_line "$S"

# 5. A view key while the pager is open: the pager closes, the view shows.
run "$S" "list-nodes"
screen_like "$S" "^NODE +RACK +STATE" "the pager shows list-nodes"
keys "$S" 2
screen_like "$S" "^NODE +GPU +UTIL%" \
    "2 under the pager: the pager closes and GPUs shows"
tm kill-session -t "$S"

# 6. 100k at 80 columns: unreach is not the first to go.
ARGS="--sim 100k --seed 1 --sim-time 1800000000"
start_size 80x24
wait_like "alerts [0-9]+[+][0-9]+.*unreach [0-9]+ *$" \
    "80x24 100k: alerts and unreach on the status line" status_line "$S"
tm kill-session -t "$S"

# 7. SSH, nodes that refuse and a Slurm that fails: nothing read yet.
printf 'Host *\n\tHostName 127.0.0.1\n\tPort 1\n' > "$T/ssh_config"
printf 'source = "ssh";\nnodes = "gpu[01-04]";\n' > "$T/ssh.conf"
printf 'ssh = { config = "%s"; };\n' "$T/ssh_config" >> "$T/ssh.conf"
mkdir -p "$T/bin"
printf '#!/bin/sh\necho "slurm_load_partitions: Unable to contact slurm controller" >&2\nexit 1\n' \
    > "$T/bin/squeue"
cp "$T/bin/squeue" "$T/bin/sinfo"
chmod +x "$T/bin/squeue" "$T/bin/sinfo"
tm new-session -d -s ssh -x 100 -y 24 \
    "exec env LC_ALL=C.UTF-8 PATH=$T/bin:$PATH $MYRIAD -F $T/ssh.conf"
wait_like "unreach 4" "SSH source: the four nodes refuse" status_line ssh
like "$(status_line ssh)" "[|] util - [|]" \
    "SSH source: no GPU reports: util -, not 0%"
like "$(status_line ssh)" "[|] age - [|]" \
    "SSH source: nothing read yet: age -, not a fresh age"
tm kill-session -t ssh

# 8. drain with no reason says what is missing.
out=$($MYRIAD $ARGS -c 'drain' 2>&1)
is "$?" 2 "drain with no reason: exit 2"
like "$out" "reason=TEXT is required" "drain: reason=TEXT is required"
out=$($MYRIAD $ARGS -c 'drain gpu00001' 2>&1)
like "$out" "reason=TEXT is required" "drain NODE: the same"

# 9. An unknown terminal type is called one.
tm new-session -d -s bogus -x 80 -y 24 "env TERM=xterm-bogus $MYRIAD \
    $ARGS 2>$T/err; echo \$? > $T/rc; sleep 3600"
poll "$TUI_WAIT" test -s "$T/rc"
is "$(cat "$T/rc" 2>/dev/null)" 2 "TERM=xterm-bogus: the console exits 2"
like "$(cat "$T/err")" "TERM=xterm-bogus is an unknown terminal type" \
    "TERM=xterm-bogus: and says the terminal type is unknown"
like "$(cat "$T/err")" " -c " "TERM=xterm-bogus: and names -c"
done_testing
