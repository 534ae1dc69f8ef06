#!/bin/sh
# Numbers mean the same in every locale.  Under de_DE.UTF-8, whose decimal
# point is a comma, the console reads and shows every number as batch mode
# does (it takes only LC_CTYPE from the environment, as tmux does), and
# JSON never has a decimal comma.  The locale is made with localedef in the
# test's own directory (LOCPATH), so no root is needed, only the locale
# sources of Debian's locales package.
. t/lib/tap.sh
ARGS="--sim 10k --seed 1 --sim-time 1800000000"

mkdir "$T/locale"
localedef -i de_DE -f UTF-8 "$T/locale/de_DE.UTF-8" >/dev/null 2>&1
if [ ! -f "$T/locale/de_DE.UTF-8/LC_NUMERIC" ]; then
	echo "1..0 # SKIP localedef cannot make de_DE.UTF-8 (Debian's locales)"
	exit 0
fi
. t/lib/tui.sh
DE="LOCPATH=$T/locale LC_ALL=de_DE.UTF-8"

is "$(env $DE locale decimal_point 2>/dev/null)" "," \
    "de_DE.UTF-8, made by localedef, has a decimal comma"

# Batch mode: the same JSON in both locales, with decimal points.
env LC_ALL=C.UTF-8 $MYRIAD $ARGS -c 'show-node -o json gpu0001' > "$T/c.json"
env $DE $MYRIAD $ARGS -c 'show-node -o json gpu0001' > "$T/de.json"
cmp -s "$T/c.json" "$T/de.json"
ok $? "batch mode: show-node -o json is the same under de_DE.UTF-8"
grep -Eq '"reading":[0-9]+\.[0-9]' "$T/de.json"
ok $? "batch mode: sensor readings with a decimal point"
INLET=$(env LC_ALL=C.UTF-8 $MYRIAD $ARGS -c 'show-node gpu0001' |
    awk '$2 == "Inlet" { print $5; exit }')
like "$INLET" '^[0-9]+\.[0-9]+$' "batch mode: gpu0001's inlet is at $INLET C"
INLET_RE=$(printf '%s' "$INLET" | sed 's/\./\\./')

# The server, kept up by a session of its own while consoles come and go.
tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
ok $? "tmux starts a server of our own"

for size in 80x24 250x70; do
	W=${size%x*} H=${size#*x} S="s$size"
	start "$S" "$W" "$H" $DE --
	ok $? "$size: the console starts under de_DE.UTF-8"

	run "$S" "show-node gpu0001"
	screen_like "$S" "^gpu0001 +Inlet Temp +temp +$INLET_RE +degrees C" \
	    "$size: show-node reads and shows the inlet as batch mode, $INLET"
	keys "$S" q
	run "$S" "list-sensors -o json gpu0001"
	screen_like "$S" \
	    '"name":"Inlet Temp","kind":"temp","reading":'"$INLET_RE," \
	    "$size: list-sensors -o json has the inlet with a decimal point"
	shows "$S" '":-?[0-9]+,[0-9]'
	ok $((! $?)) "$size: no number in the JSON has a decimal comma"
	keys "$S" q

	# The Cooling view: the racks' power in kW, with a point.
	keys "$S" 4
	screen_like "$S" '^r001 .* [0-9]+\.[0-9] ' \
	    "$size cooling: r001's kW with a point"
	shows "$S" '^r[0-9]{3} .*[0-9],[0-9]'
	ok $((! $?)) "$size cooling: no rack's number has a decimal comma"
	tm kill-session -t "$S"
done

done_testing
