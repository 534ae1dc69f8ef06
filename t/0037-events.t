#!/bin/sh
# Kernel events carry the kernel's time and their whole text.  The
# simulator's dmesg prints the real tool's formats (-T, --time-format
# iso, in local time), the kernel log is read with its timestamps, and an
# Xid's event has the time the kernel logged it (time) beside the time
# myriad first read it (seen), its message whole, and what happened
# before pid= and name=.  Events are listed newest first by time.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"
TAB=$(printf '\t')
ISO='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}'

# A node with an Xid 48, and its kernel log as dmesg prints it.
NODE=$($MYRIAD $ARGS -c 'list-events -o tsv -w xid=48' | awk -F"$TAB" \
    'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    { print $c["node"]; exit }')
like "$NODE" '^gpu[0-9]{4}$' "an Xid 48 on $NODE"

$MYRIAD $ARGS sim-tool dmesg --node "$NODE" -T > "$T/ctime"
$MYRIAD $ARGS sim-tool dmesg --node "$NODE" --time-format iso > "$T/iso"
CTIME='[A-Z][a-z]{2} [A-Z][a-z]{2} [ 1-3][0-9] [0-9:]{8} [0-9]{4}'
is "$(grep -Evc "^\\[$CTIME\\] " "$T/ctime")" 0 \
    "sim-tool dmesg -T: every line stamped as dmesg -T stamps it"
[ -s "$T/iso" ] && ! grep -Evq "^$ISO,[0-9]{6}[+-][0-9]{2}:[0-9]{2} " "$T/iso"
ok $? "sim-tool dmesg --time-format iso: every line stamped as dmesg's iso"
like "$(TZ=CET-1 $MYRIAD $ARGS sim-tool dmesg --node "$NODE" \
    --time-format=iso | tail -n 1)" "^$ISO,[0-9]{6}\\+01:00 " \
    "sim-tool dmesg --time-format=iso: local time, with its UTC offset"
$MYRIAD $ARGS sim-tool dmesg --node "$NODE" --time-format bogus \
    > /dev/null 2> "$T/err"
is "$?:$(cat "$T/err")" "1:dmesg: unknown time format: bogus" \
    "sim-tool dmesg --time-format bogus: refused as dmesg does"

# The kernel's time of the Xid 48 and its message, from the log.
KTIME=$(awk '/NVRM: Xid .*: 48, / { print substr($1, 1, 19); exit }' \
    "$T/iso")
KZONE=$(awk '/NVRM: Xid .*: 48, / { print substr($1, 27, 6); exit }' \
    "$T/iso")
KMSG=$(sed -n 's/.*NVRM: Xid ([^)]*): 48, pid=[^,]*, name=[^,]*, //p' \
    "$T/iso" | head -n 1)
like "$KTIME" "^$ISO\$" "$NODE logged its Xid 48 at $KTIME"
[ ${#KMSG} -gt 128 ]
ok $? "the Xid 48's message is ${#KMSG} bytes long"

$MYRIAD $ARGS -c "list-events -o json -w xid=48,node=$NODE" > "$T/json"
like "$(cat "$T/json")" "\"time\":\"$KTIME\\$KZONE\"" \
    "list-events -o json: time is when the kernel logged it, at its offset"
like "$(cat "$T/json")" "\"seen\":\"$ISO[+-][0-9]{2}:[0-9]{2}\"" \
    "list-events -o json: seen is when myriad read it"
grep -F "\"time\":\"$KTIME$KZONE\"" "$T/json" |
    grep -qvF "\"seen\":\"$KTIME$KZONE\""
ok $? "list-events -o json: seen is not the kernel's time"
grep -qF "Xid 48: $KMSG (pid=" "$T/json"
ok $? "list-events -o json: the message whole, what happened first"

# An Xid names its GPU by PCI address, found in the node's GPU list; the
# address is kept.  Without the list (the GPU tool is missing) the GPU is
# unknown, and the event says so and names the address.
like "$(cat "$T/json")" '"gpu":[0-7],"xid":48,.*"bus":"0000:[0-9a-f]{2}:00"' \
    "list-events -o json: an Xid's GPU and the bus the kernel named"
printf 'probe = { gpus = "nvidia-smi-gone"; };\n' > "$T/nogpus.conf"
like "$($MYRIAD -F "$T/nogpus.conf" $ARGS -c \
    "list-events -o json -w xid=48,node=$NODE" 2>/dev/null)" \
    '"gpu":-1,"xid":48,"text":"GPU \? \(PCI 0000:[0-9a-f]{2}:00\): Xid 48: An uncorrectable.*"bus":"0000:[0-9a-f]{2}:00"' \
    "list-events -o json: no GPU list: GPU ?, and its bus"

# The journal, with its ISO stamps, gives the Xid the same time.
$MYRIAD $ARGS sim-tool journalctl --node "$NODE" -k -o short-iso \
    > "$T/journal"
like "$(grep 'NVRM: Xid .*: 48, ' "$T/journal")" \
    "^$KTIME[+-][0-9]{2}:[0-9]{2} $NODE kernel: NVRM: Xid" \
    "sim-tool journalctl -k -o short-iso: stamped as systemd stamps it"
printf 'probe = { xid = "journalctl -k -q -o short-iso --since=-%%ts"; };\n' \
    > "$T/journal.conf"
like "$($MYRIAD -F "$T/journal.conf" $ARGS -c \
    "list-events -o tsv -w xid=48,node=$NODE")" "^$KTIME$TAB$NODE$TAB" \
    "probe.xid from the journal: the same time"

# The table, at 80 columns: the meaning before pid and name.
$MYRIAD $ARGS -c "list-events -w node=$NODE" > "$T/table"
like "$(grep ' 48  ' "$T/table")" \
    "^$KTIME +$NODE +[0-9] +48 +GPU [0-9]: Xid 48: An uncorrectable" \
    "list-events: the kernel's time, what the Xid means"

# Newest first by time, the node's state and the Xids read at the start.
$MYRIAD $ARGS -c 'list-events -o tsv' | awk -F"$TAB" 'NR > 1 { print $1 }' \
    > "$T/times"
sort -c -r "$T/times"
ok $? "list-events: newest first by time ($(wc -l < "$T/times") events)"
[ "$(sort -u "$T/times" | wc -l)" -gt 10 ]
ok $? "list-events: the Xids at their own times, not all at one"

done_testing
