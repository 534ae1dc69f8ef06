#!/bin/sh
# The manual pages: they lint clean with mandoc, and they document every
# command, configuration option, command-line option, record key and named
# value the program has, and nothing it does not have.  The example
# configuration loads.
. t/lib/tap.sh

MAN1=man/myriad.1
MAN5=man/myriad.conf.5
EXAMPLE=console/myriad.conf.example

# The words after `.It Ic' (commands, options) and after every `Fl'.
awk '$1 == ".It" && $2 == "Ic" { print $3 }' $MAN1 | sort -u >"$T/man-cmds"
awk '$1 == ".It" && $2 == "Ic" { print $3 }' $MAN5 | sort -u >"$T/man-opts"
awk '{ for (i = 1; i < NF; i++)
	if ($i == "Fl" || $i == ".Fl") print $(i + 1) }' $MAN1 |
    sort -u >"$T/man-flags"
# Record keys: the words after `.It Li' (`.It Li lnr , lcr , lnc' too).
awk '$1 == ".It" && $2 == "Li" { for (i = 3; i <= NF; i++) print $i }' \
    $MAN1 | grep -v '^,$' | sort -u >"$T/man-keys"
# Named values: the words after every `Cm'.
awk '{ for (i = 1; i < NF; i++)
	if ($i == "Cm" || $i == ".Cm") print $(i + 1) }' $MAN1 |
    sort -u >"$T/man-values"

# Every line of $1 is in $2; list the missing ones.
missing() {
	sort -u "$2" >"$T/missing.b"
	sort -u "$1" | comm -23 - "$T/missing.b"
}

# mandoc -Tlint -Wwarning: no output, exit 0.
if command -v mandoc >/dev/null 2>&1; then
	for page in $MAN1 $MAN5; do
		out=$(mandoc -Tlint -Wwarning "$page" 2>&1); rc=$?
		is "$out" "" "mandoc -Tlint -Wwarning $page prints nothing"
		is "$rc" 0 "mandoc -Tlint -Wwarning $page exits 0"
	done
else
	skip 4 "mandoc is not installed"
fi

# Every record key in console/fields.c is documented as `.It Li KEY'.
sed -n -e 's/^[[:space:]]*F([a-z_]*, \([a-z_]*\),.*/\1/p' \
    -e 's/^[[:space:]]*FN([a-z_]*, [a-z_.]*, "\([a-z_]*\)",.*/\1/p' \
    console/fields.c | sort -u >"$T/src-keys"
[ "$(wc -l <"$T/src-keys")" -ge 60 ]
ok $? "read the record keys from console/fields.c ($(wc -l <"$T/src-keys"))"
is "$(missing "$T/src-keys" "$T/man-keys" | tr '\n' ' ')" "" \
    "every record key is an .It Li in $MAN1"
is "$(missing "$T/man-keys" "$T/src-keys" | tr '\n' ' ')" "" \
    "every .It Li in $MAN1 is a record key"

# Every link state, sensor kind, diag result, reachability name and link
# verdict.
names='link\|kind\|result\|reach\|verdict'
sed -n '/^static const char \*\('"$names"'\)_names/,/^};/p' \
    console/fields.c | grep -o '"[a-z-]*"' | tr -d '"' | sort -u \
    >"$T/src-values"
[ "$(wc -l <"$T/src-values")" -ge 25 ]
ok $? "read the named values from console/fields.c ($(wc -l <"$T/src-values"))"
is "$(missing "$T/src-values" "$T/man-values" | tr '\n' ' ')" "" \
    "every named value is a Cm in $MAN1"

# Every parser kind is an item of the parse command.
sed -n 's/^[[:space:]]*{ \.name = "\([a-z-]*\)", \.parse.*/\1/p' \
    backends/parse.c | sort -u >"$T/src-kinds"
awk '$1 == ".It" && $2 == "Cm" { print $3 }' $MAN1 | sort -u \
    >"$T/man-kinds"
[ "$(wc -l <"$T/src-kinds")" -ge 10 ]
ok $? "read the parser kinds from backends/parse.c ($(wc -l <"$T/src-kinds"))"
is "$(missing "$T/src-kinds" "$T/man-kinds" | tr '\n' ' ')" "" \
    "every parser kind is an .It Cm in $MAN1"

if [ ! -x "$MYRIAD" ]; then
	skip 17 "$MYRIAD is not built"
	done_testing
	exit
fi

# Commands: list-commands against `.It Ic NAME' in myriad(1).
"$MYRIAD" -c list-commands >"$T/cmds" 2>"$T/err"; rc=$?
is "$rc" 0 "list-commands exits 0"
[ "$(wc -l <"$T/cmds")" -ge 10 ]; ok $? "list-commands lists commands"
is "$(missing "$T/cmds" "$T/man-cmds" | tr '\n' ' ')" "" \
    "every command is an .It Ic in $MAN1"
is "$(missing "$T/man-cmds" "$T/cmds" | tr '\n' ' ')" "" \
    "every .It Ic in $MAN1 is a command"

# Options: list-options -o tsv against `.It Ic NAME' in myriad.conf(5).
"$MYRIAD" -c 'list-options -o tsv' >"$T/opts.tsv" 2>"$T/err"; rc=$?
is "$rc" 0 "list-options -o tsv exits 0"
tail -n +2 "$T/opts.tsv" | cut -f1 >"$T/opts"
[ "$(wc -l <"$T/opts")" -ge 40 ]; ok $? "list-options lists options"
is "$(missing "$T/opts" "$T/man-opts" | tr '\n' ' ')" "" \
    "every option is an .It Ic in $MAN5"
is "$(missing "$T/man-opts" "$T/opts" | tr '\n' ' ')" "" \
    "every .It Ic in $MAN5 is an option"

# Each option's default, as the table has it, is given in its entry.
tail -n +2 "$T/opts.tsv" | cut -f1,3 >"$T/defaults"
awk -F'\t' -v page="$MAN5" '
BEGIN {
	while ((getline line < page) > 0) {
		if (line ~ /^\.It Ic /) {
			split(line, w, " ")
			name = w[3]
			text[name] = ""
			continue
		}
		if (line ~ /^\.(It|El|Ss|Sh)/) {
			name = ""
			continue
		}
		if (name == "")
			continue
		# Drop the macro names; join \e-continued literal lines.
		sub(/^\.(Ql|Cm|Pq|Ar|Ic|Fl|Xr|Pa|Ns|Bd|Ed|Pp)( |$)/, "", line)
		if (line ~ /^-literal/)
			continue
		if (line ~ /\\e$/) {
			sub(/\\e$/, "", line)
			text[name] = text[name] line
		} else
			text[name] = text[name] line " "
	}
}
# Is "default VALUE" in s, followed by a blank or punctuation?
function has(s, want,    i, c) {
	while ((i = index(s, want)) > 0) {
		c = substr(s, i + length(want), 1)
		if (c == " " || c == "." || c == ";" || c == ",")
			return (1)
		s = substr(s, i + 1)
	}
	return (0)
}
{
	if (!has(text[$1], ($2 == "") ? "default empty" : "default " $2))
		print $1
}' "$T/defaults" >"$T/bad-defaults"
is "$(tr '\n' ' ' <"$T/bad-defaults")" "" \
    "every option's entry in $MAN5 gives its default"

# Command-line options: --help against `Fl -NAME' and `Fl X' in myriad(1).
"$MYRIAD" --help >"$T/help" 2>&1; rc=$?
is "$rc" 0 "--help exits 0"
grep -o -- '--[a-z][a-z-]*' "$T/help" | sed 's/^-//' | sort -u >"$T/long"
grep -o -- '^  -[a-zA-Z],' "$T/help" | sed 's/^  -\(.\),/\1/' | sort -u \
    >"$T/short"
[ "$(wc -l <"$T/long")" -ge 10 ] && [ "$(wc -l <"$T/short")" -ge 5 ]
ok $? "--help lists long and short options"
cat "$T/long" "$T/short" | sort -u >"$T/flags"
is "$(missing "$T/flags" "$T/man-flags" | tr '\n' ' ')" "" \
    "every option in --help is an Fl in $MAN1"
is "$(grep -- '^-' "$T/man-flags" | missing - "$T/long" | tr '\n' ' ')" "" \
    "every long Fl in $MAN1 is in --help"

# The example configuration, and the one in myriad.conf(5), load.
"$MYRIAD" -F $EXAMPLE -c list-options >"$T/out" 2>"$T/err"; rc=$?
is "$rc" 0 "$EXAMPLE loads"
is "$(cat "$T/err")" "" "$EXAMPLE loads without a message"
like "$(cat "$T/out")" '^source +sim$' "$EXAMPLE keeps the simulator"
sed -n '/^\.Sh EXAMPLES/,/^\.Ed/p' $MAN5 | sed '1,/^\.Bd/d; /^\.Ed/d' \
    >"$T/man.conf"
"$MYRIAD" -F "$T/man.conf" -c list-options >"$T/out" 2>"$T/err"; rc=$?
is "$rc" 0 "the example in $MAN5 loads $(cat "$T/err")"

done_testing
