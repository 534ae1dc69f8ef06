# myriad - TAP for the shell tests.  GPL-3.0-or-later.
# Source it from the top of the tree; $MYRIAD is the binary under test.

MYRIAD=${MYRIAD:-$PWD/myriad}
FIXTURES=${MYRIAD_FIXTURES:-../shared/fixtures}
tap_n=0
tap_failed=0
T=$(mktemp -d "${TMPDIR:-/tmp}/myriad-test.XXXXXX")
trap 'rm -rf "$T"' EXIT
# The simulator's memory (and the audit log, the burn-in store) in $T:
# nothing of one test reaches another, or the user's home.
export XDG_STATE_HOME="$T/state"

ok() {	# ok STATUS DESCRIPTION
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() {	# is GOT WANT DESCRIPTION
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '#   got:  %s\n#   want: %s\n' "$1" "$2"
	fi
}

like() {	# like GOT PATTERN DESCRIPTION (grep -E)
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '#   got:  %s\n#   want: /%s/\n' "$(printf '%s' "$1" | head -c 400)" "$2"
	fi
}

skip() {	# skip COUNT WHY
	i=0
	while [ $i -lt "$1" ]; do
		tap_n=$((tap_n + 1))
		echo "ok $tap_n # skip $2"
		i=$((i + 1))
	done
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
