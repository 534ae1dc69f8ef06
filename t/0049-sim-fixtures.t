#!/bin/sh
# The simulator against the whole corpus: every real capture in
# ../shared/fixtures is in t/data/sim-fixtures.tsv, with the test that
# puts the simulator's output of the same command beside it, or why the
# simulator does not print it.  A test named there names the capture, so
# the list cannot claim a comparison no test makes.  The list is printed.
. t/lib/tap.sh

L=t/data/sim-fixtures.tsv
if [ ! -d "$FIXTURES" ]; then
	skip 1 "no fixtures in $FIXTURES"
	done_testing
	exit 0
fi
tab=$(printf '\t')

(cd "$FIXTURES" && find . -type f ! -name PROVENANCE.md | sed 's,^\./,,' |
    sort) > "$T/all"
grep -v '^#' "$L" | cut -f1 | sort > "$T/listed"
is "$(comm -23 "$T/all" "$T/listed" | tr '\n' ' ')" "" \
    "every capture is in $L ($(wc -l < "$T/all"))"
is "$(comm -13 "$T/all" "$T/listed" | tr '\n' ' ')" "" \
    "every capture in $L is in $FIXTURES"
is "$(uniq -d "$T/listed" | tr '\n' ' ')" "" "each capture listed once"

bad=$(grep -v '^#' "$L" | while IFS="$tab" read -r f t why; do
	case $t in
	-)	[ -n "$why" ] || echo "$f: not compared, no reason" ;;
	t/*)	# by its path, the first 30 bytes of its name, or DIR/*
		b=${f#*/}
		grep -qF -e "$f" -e "$(printf %.30s "$b")" -e "${f%%/*}/*" \
		    "$t"* 2>/dev/null || echo "$f: not named in $t" ;;
	*)	echo "$f: $t is not a test" ;;
	esac
done)
is "$bad" "" "each compared capture is named by its test, each other has its reason"

n=$(grep -v '^#' "$L" | cut -f2 | grep -c '^t/')
echo "# $n captures compared with the simulator's output:"
grep -v '^#' "$L" | awk -F'\t' '$2 != "-" { print "#   " $2 ": " $1 }'
echo "# $(grep -v '^#' "$L" | cut -f2 | grep -c '^-$') not, and why:"
grep -v '^#' "$L" | awk -F'\t' '$2 == "-" { print "#   " $1 ": " $3 }'

done_testing
