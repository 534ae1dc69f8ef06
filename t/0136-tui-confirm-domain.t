#!/bin/sh
# The console's drain box on a GB200 tray at 80x24: it says what the
# drain does to the NVL72 domain, the same words as batch's --dry-run,
# wrapped at words to fit, nothing cut; Escape cancels and nothing runs.
. t/lib/tap.sh
SIM="--sim 10k --sim-mix gb200:1 --seed 1 --sim-time 1800000000"
ARGS="-F /dev/null $SIM"
. t/lib/tui.sh

# Batch's words for the drain of two trays of the first rack.
$MYRIAD $ARGS -n -c 'drain gpu[0001-0002] reason=check' > "$T/dry" 2>&1
want=$(grep ' trays of ' "$T/dry")
like "$want" '^gpu\[0001-0002\] are 2 trays of nvl72-r[0-9]+: the domain falls to' \
    "batch's --dry-run: the domain's line"

start_size 80x24
run "$S" 'drain gpu[0001-0002] reason=check'
wait_for "$S" 'Type 2 to go on'
ok $? "the box asks for the node count"
# The box's text, its rows joined again where they were wrapped.
screen "$S" | sed -n 's/^│ \(.*[^ ]\) *│$/\1/p' > "$T/box"
got=$(awk '/ trays of / { s = $0; on = 1; next }
    on && /^running jobs affected/ { print s; exit }
    on { s = s " " $0 }' "$T/box")
is "$got" "$want" "the box says it as batch does, wrapped, nothing cut"
ok $(! grep -q '~$' "$T/box"; echo $?) "no line of the box is cut short"
ok $(awk '{ if (length($0) > 76) exit 1 }' "$T/box"; echo $?) \
    "every line within the box at 80 columns"
keys "$S" Escape
wait_gone "$S" 'Type 2 to go on'
ok $? "Escape closes the box"
is "$(grep -c '"phase":"intent"' "$XDG_STATE_HOME/myriad/audit.jsonl")" 0 \
    "and nothing was drained"
done_testing
