#!/bin/sh
# myriad sim-tool next to the real tools: the simulator's ipmitool, dcgmi,
# ibstat, ibstatus and perfquery print each command of a real capture in
# ../shared/fixtures (and the real ipmitool 1.8.19 outputs in t/data) with
# the capture's structure: its columns and their widths, its keys in their
# order, its units and spellings, its JSON keys and types.  Values differ.
# The captures of commands the simulator does not run are t/0049's list.
. t/lib/tap.sh

S="$MYRIAD --sim 64 --seed 1 --fault-rate 0 --sim-time 1800000000 sim-tool"
printf 'sim = { dcgm-version = 3; };\n' > "$T/dcgm3"

# shape FILE KIND [KEEP]: the structure of FILE, a line each, values
# replaced by their class.  Trailing blanks are dropped, as the public
# captures lost theirs; with KEEP a line that had them says so (t/data's
# real outputs keep theirs).
shape() {
	awk -v kind="$2" -v keep="${3:-0}" '
	function out(s) { print s (keep && trail ? " +blank" : "") }
	function cls(t) {	# a column in the middle
		if (t ~ /^(ok|ns|nc|cr|nr|lnc|lcr|lnr|unc|ucr|unr)$/) return "st"
		if (t ~ /^[0-9A-F][0-9A-F]h$/) return "hexh"
		if (t ~ /^0x[0-9a-f]+$/) return "0x" (length(t) - 2)
		if (t ~ /^(-?[0-9]+(\.[0-9]+)?|na)$/) return "num"
		if (t ~ /^[0-9][0-9]\/[0-9][0-9]\/[0-9][0-9][0-9][0-9]$/)
			return "date"
		if (t ~ /^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]( [AP]M [A-Z]+)?$/)
			return "time"
		return last(t)
	}
	function last(t) {	# the last column: free text
		if (t == "") return "empty"
		if (t ~ /^-?[0-9.]+ [^0-9]+$/) return "num unit"
		if (t !~ /[0-9]/) return "word"
		return "text"
	}
	function val(t) {	# a value: its digits, words and blanks folded
		gsub(/^(Pass|Fail|Skip|Warn)/, "R", t)
		gsub(/: (Pass|Fail|Skip|Warn)$/, ": R", t)
		gsub(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z][a-z] /, "DAY MON ", t)
		gsub(/ +/, " ", t)
		gsub(/[0-9]+/, "9", t)
		gsub(/\047[^\047]*\047/, "Q", t)
		sub(/ [AP]M [A-Z]+$/, " XM TZ", t)
		return t
	}
	{ trail = sub(/[ \t]+$/, "") }
	kind == "pipe" {	# ipmitool sdr, sensor, sel
		n = split($0, f, "|")
		s = ""
		for (i = 1; i <= n; i++) {
			t = f[i]
			gsub(/^ +| +$/, "", t)
			if (i == 1)
				s = (t ~ /^[0-9a-f]+$/ && n >= 6) ? "id" : "name"
			else
				s = s "|" (i == n ? last(t) : cls(t))
		}
		out(s)
		next
	}
	kind == "colon" {	# chassis status, sel info, dcmi power reading
		sub(/^ +/, "")
		if ((i = index($0, ":")) == 0) { out(val($0)); next }
		out(substr($0, 1, i) val(substr($0, i + 1)))
		next
	}
	kind == "dotted" {	# perfquery
		if (/^#/) { out(val($0)); next }
		i = index($0, ":")
		v = substr($0, i + 1)
		sub(/^\.*/, "", v)
		out(substr($0, 1, length($0) - length(v)) cls(v))
		next
	}
	kind == "ib" {		# ibstat, ibstatus: a key a line, by depth
		d = match($0, /[^ \t]/) - 1
		x = substr($0, 1, d)
		depth = gsub(/\t/, "", x) + int(length(x) / 8)
		$0 = substr($0, d + 1)
		i = index($0, ":")
		out(depth " " (i ? substr($0, 1, i) : val($0)))
		next
	}
	kind == "table" {	# dcgmi diag
		if (!/^\|/) { out(val($0)); next }
		name = substr($0, 3, 25); info = substr($0, 31, 46)
		gsub(/ +$/, "", name); gsub(/ +$/, "", info)
		if (name ~ /^(Warning|Info|Error)/ || (name == "" &&
		    info !~ /^(GPU[0-9]+: |Pass|Fail|Skip|Warn)/))
			info = "TEXT"
		if (name ~ /Device IDs/) info = "IDS"
		out(length($0) " " val(name) "|" val(info))
		next
	}
	{ print }' "$1"
}

# json FILE: each path, array indexes folded, and its type, as JSON::PP
# would write the value back.
json() {
	perl -MJSON::PP -e '
		local $/; my $d = decode_json(<STDIN>);
		my $j = JSON::PP->new->allow_nonref;
		sub walk { my ($p, $v) = @_;
			if (ref $v eq "HASH") { walk("$p.$_", $v->{$_}) for keys %$v }
			elsif (ref $v eq "ARRAY") { walk("$p\[]", $_) for @$v }
			else { print "$p:", ($j->encode($v) =~ /^"/ ? "string" :
			    "number"), "\n" } }
		walk("", $d);' < "$1" | sort -u
}

# within SIM REAL WHAT: every line of SIM is one of REAL's.
within() {
	sort -u "$2" > "$T/real.set"
	sort -u "$1" | grep -v -x -F -f "$T/real.set" > "$T/extra"
	if [ -s "$T/extra" ]; then
		ok 1 "$3"
		sed 's/^/#   not in the captures: /' "$T/extra" | head -10 >&2
	else
		ok 0 "$3"
	fi
}

# widths SIM REAL: a pipe table's columns that REAL pads to one width (a
# cell with more than a blank each side, and all as wide) are as wide in
# SIM, but for a value that does not fit (ipmitool's %-10s runs over); and
# SIM has as many columns.
widths() {
	awk -F'|' 'FNR == 1 { f++ }
	{ for (i = 1; i <= NF; i++) { t[i] = $i; gsub(/^ +| +$/, "", t[i]) } }
	f == 1 { for (i = 1; i <= NF; i++) {
			k = NF SUBSEP i
			x = !(k in w) || w[k] == length($i) ? length($i) : -1
			w[k] = x
			if (length($i) > length(t[i]) + 2)
				pad[k] = 1
		}
		n[NF] = 1; next }
	!(NF in n) { print "columns " NF; next }
	{ for (i = 1; i < NF; i++) { k = NF SUBSEP i
		if (!(k in pad) || w[k] < 0 || w[k] == length($i) ||
		    (length($i) > w[k] && $i == " " t[i] " "))
			continue
		print "column " i ": " length($i) " wide, not " w[k] } }' \
	    "$2" "$1" | sort -u
}

# The captures and the commands that made them: FILE KIND FAMILY ARGS...
# A file in t/data is a real output kept in the project.  The classes and
# spellings of the values (units, states, test names, JSON keys) are
# checked over all the captures of a FAMILY of commands, as no one capture
# shows them all.
cat > "$T/table" <<'EOF'
ipmitool/doc-cn-chassis-status-ac-failed.txt colon chassis ipmitool chassis status
ipmitool/intel-s2600-chassis-status.txt colon chassis ipmitool chassis status
ipmitool/manageiq-chassis-status-extended.txt colon chassis ipmitool chassis status
t/data/ipmitool-1.8.19-chassis-status.txt colon chassis ipmitool chassis status
ipmitool/hpe-ilo-sdr-type-power-supply.txt pipe sdr ipmitool sdr type Power_Supply
ipmitool/hpe-ilo-sdr-type-temperature-wide.txt pipe sdr ipmitool sdr type Temperature
ipmitool/infrasim-sdr-type-temp-percent-degrees.txt pipe sdr ipmitool sdr type temp
ipmitool/telegraf-sdr-elist-curated.txt pipe sdr ipmitool sdr elist
t/data/ipmitool-1.8.19-sdr-elist.txt pipe sdr ipmitool sdr elist
ipmitool/intel-s2600-sdr.txt pipe sdrlist ipmitool sdr
ipmitool/supermicro-x10dru-sdr.txt pipe sdrlist ipmitool sdr
ipmitool/telegraf-ibm-sdr-v1.txt pipe sdrlist ipmitool sdr
t/data/ipmitool-1.8.19-sdr-list.txt pipe sdrlist ipmitool sdr list
ipmitool/lovoo-supermicro-sensor-list.txt pipe sensor ipmitool sensor
t/data/ipmitool-1.8.19-sensor-list.txt pipe sensor ipmitool sensor list
ipmitool/hpe-sel-list-psu-redundancy.txt pipe sel ipmitool sel list
ipmitool/supermicro-x10dru-sel-list-12h-tz.txt pipe sel ipmitool sel list
ipmitool/intel-s2600-sel-elist-head.txt pipe sel ipmitool sel elist
ipmitool/supermicro-x10dru-sel-info.txt colon selinfo ipmitool sel info
t/data/ipmitool-1.8.19-sel-info.txt colon selinfo ipmitool sel info
ipmitool/telegraf-dcmi-power-reading.txt colon dcmi ipmitool dcmi power reading
dcgmi/b200x8-diag-r2-dcgm441-pcie-fail-v4format.txt table dcgm4 dcgmi diag -r 2
dcgmi/l40s-x4-diag-dcgm423-pcie-fail-v4format-truncated.txt table dcgm4 dcgmi diag -r 2
dcgmi/v100-diag-r1-dcgm339.txt table dcgm3 dcgmi diag -r 1
dcgmi/v100-diag-r3-dcgm339.txt table dcgm3 dcgmi diag -r 3
dcgmi/v100-diag-r3-verbose-dcgm339.txt table dcgm3 dcgmi diag -r 3 -v
dcgmi/h100x8-diag-r3-fail-early-cuinit-fail-dcgm338.txt table dcgm3 dcgmi diag -r 3 --fail-early
dcgmi/dcgmi-diag-r1-j-GB10-dcgm4.2.3-software-fail.json json json4 dcgmi diag -r 1 -j
infiniband/doc-ibstat-cx6-hdr100-tabs.txt ib ibstat ibstat
infiniband/gpud-ibstat-a100-all-active.txt ib ibstat ibstat
infiniband/gpud-ibstat-a100-ibpanic-exit255.txt ib ibstat ibstat
infiniband/gpud-ibstat-h100-all-active-2.txt ib ibstat ibstat
infiniband/gpud-ibstat-h100-some-down-0.txt ib ibstat ibstat
infiniband/gpud-ibstat-h100-some-down-polling.txt ib ibstat ibstat
infiniband/gpud-ibstatus-a100-all-active.txt ib ibstatus ibstatus
infiniband/treydock-perfquery-l-x-hca-edr.txt dotted perfquery perfquery -l -x -C mlx5_0
infiniband/treydock-perfquery-l-x-switch-edr.txt dotted perfquery perfquery -l -x -C mlx5_0
EOF

# Captures of another ipmitool than the simulator's 1.8.19: what differs.
cat > "$T/known" <<'EOF'
ipmitool/hpe-ilo-sdr-type-power-supply.txt names padded to 24, not 16
ipmitool/hpe-ilo-sdr-type-temperature-wide.txt names padded to 24, not 16
EOF

if [ ! -d "$FIXTURES" ]; then
	skip 1 "no fixtures in $FIXTURES"
	done_testing
	exit 0
fi


# keys FILE: the keys of a "key: value" output, in order, as padded.
keys() {
	sed -n 's/^ *\([^:]*:\).*/\1/p' "$1"
}

# blanks FILE: each line's columns, or its key, and whether it ends in a
# blank.
blanks() {
	awk -F'|' '{ b = / $/ ? " +blank" : "" }
	NF > 1 { print NF " columns" b; next }
	{ sub(/:.*/, ":"); print $0 b }' "$1"
}

# units FILE: the units of an ipmitool table, of its readings and of
# sensor list's unit column.
units() {
	awk -F'|' '{ for (i = 2; i <= NF; i++) { t = $i; gsub(/^ +| +$/, "", t)
		if (t ~ /^-?[0-9.]+ [^0-9]+$/) { sub(/^[-0-9.]+ /, "", t); print t }
		else if (NF == 10 && i == 3 && t != "") print t } }' "$1"
}

# port FILE KIND: the keys of the first adapter or port, in order.
port() {
	shape "$1" "$2" |
	    awk 'NR > 1 && /^(#|0 CA |0 Infiniband)/ { exit } { print }' |
	    sed 's/:.*//; s/(.*//' | grep -v '^empty$'
}

while read -r file kind family tool args; do
	case $file in
	t/data/*) real=$file ;;
	*) real=$FIXTURES/$file ;;
	esac
	conf=
	[ "$family" = dcgm3 ] && conf="-F $T/dcgm3"
	# shellcheck disable=SC2086
	set -- $args
	[ "$*" = "sdr type Power_Supply" ] && set -- sdr type "Power Supply"
	# shellcheck disable=SC2086
	$MYRIAD $conf --sim 64 --seed 1 --fault-rate 0 --sim-time 1800000000 \
	    sim-tool "$tool" --node gpu0003 "$@" < /dev/null > "$T/sim" 2> "$T/err"
	is "$?:$(cat "$T/err")" "0:" "$tool $args: runs"
	sed 's/[[:space:]]*$//' "$T/sim" > "$T/sim.s"
	sed 's/[[:space:]]*$//' "$real" > "$T/real.s"
	case $kind in
	json)
		json "$T/sim" >> "$T/$family.sim"
		json "$real" >> "$T/$family.real"
		# jsoncpp's layout: tabs, '"key" : value', a brace alone.
		sed 's/^\t*//; s/,$//; s/"[^"]*"$/"S"/; s/: -*[0-9][0-9.]*$/: 9/' \
		    "$T/sim.s" > "$T/s"
		sed 's/^\t*//; s/,$//; s/"[^"]*"$/"S"/; s/: -*[0-9][0-9.]*$/: 9/' \
		    "$T/real.s" > "$T/r"
		within "$T/s" "$T/r" "$tool $args: the JSON layout of $file"
		is "$(grep -c '^ ' "$T/sim")" 0 "$tool $args: indented by tabs, as $file"
		continue ;;
	pipe)
		why=$(sed -n "s|^$file ||p" "$T/known")
		if [ -n "$why" ]; then
			skip 1 "$file: another ipmitool's: $why"
		else
			is "$(widths "$T/sim.s" "$T/real.s")" "" \
			    "$tool $args: the padded columns of $file"
		fi ;;
	colon)
		keys "$T/sim.s" > "$T/sk"
		keys "$T/real.s" | grep -x -F -f "$T/sk" > "$T/rk"
		is "$(cat "$T/rk")" "$(cat "$T/sk")" \
		    "$tool $args: its keys, spelt and padded as in $file" ;;
	dotted|ib)
		is "$(port "$T/sim.s" "$kind")" "$(port "$T/real.s" "$kind")" \
		    "$tool $args: an adapter's keys in the order of $file" ;;
	table)
		# The frame: borders and categories, as in the capture (cut
		# short, or pasted from its table: only what it has).
		grep -v '^| ' "$T/sim.s" > "$T/s1"
		grep -v '^| ' "$T/real.s" > "$T/r1"
		case $file in
		*truncated*) sed -i '$d' "$T/s1" ;;
		esac
		head -1 "$T/real.s" | grep -q '^Successfully' || sed -i '1d' "$T/s1"
		case $file in
		*fail-early*) ;;	# its tests stopped early
		*) is "$(cat "$T/s1")" "$(cat "$T/r1")" \
		    "$tool $args: the frame of $file" ;;
		esac
		is "$(awk 'length($0) != 78 && /^\|/' "$T/sim")" "" \
		    "$tool $args: rows of 78, as $file" ;;
	esac
	if [ "$kind" = pipe ]; then
		units "$T/sim.s" >> "$T/units.sim"
		units "$T/real.s" >> "$T/units.real"
	fi
	shape "$T/sim.s" "$kind" | grep -v '^[0 ]*$' >> "$T/$family.sim"
	shape "$T/real.s" "$kind" | grep -v '^[0 ]*$' >> "$T/$family.real"
	# t/data keeps the real tool's trailing blanks: the same ones, by
	# the line's columns or key.
	case $file in
	t/data/*)
		blanks "$T/sim" > "$T/s"
		blanks "$real" > "$T/r"
		within "$T/s" "$T/r" "$tool $args: trailing blanks where ipmitool 1.8.19 prints them" ;;
	esac
done < "$T/table"

for f in $(awk '{ print $3 }' "$T/table" | sort -u) units; do
	within "$T/$f.sim" "$T/$f.real" "$f: what each line holds, as the real tools print it"
done

# Each port its own LID, as real fabrics give; perfquery alone reads the
# first adapter, and prints no "# CA:" line (the probe's loop does).
$S ibstat --node gpu0003 > "$T/ib"
$S ibstat --node gpu0004 >> "$T/ib"
is "$(awk '/Base lid/ { print $3 }' "$T/ib" | sort -u | wc -l | tr -d ' ')" 16 \
    "ibstat: 16 ports of two nodes, 16 LIDs"
$S perfquery --node gpu0003 -x > "$T/pq"
is "$(grep -c '^# CA:' "$T/pq"):$(grep -c '^# Port' "$T/pq")" "0:1" \
    "perfquery: one port, no '# CA:' line"

# DCGM 4 on a node that fails: every warning a 'warning', every GPU an
# entity_id number, and each test under the same category in the table
# and in the JSON.
F="$MYRIAD --sim 64 --seed 1 --fault-rate 50 --sim-time 1800000000 sim-tool"
for n in $(seq -w 1 64); do
	$F dcgmi --node gpu00$n diag -r 3 > "$T/t" 2>/dev/null || continue
	grep -q ': Fail ' "$T/t" && break
done
$F dcgmi --node gpu00$n diag -r 3 -j > "$T/j"
json "$T/j" > "$T/jk"
is "$(grep -c 'gpu_id\|warnings\[\]\.warnings\|warnings:' "$T/jk")" 0 \
    "dcgmi -j of DCGM 4: no gpu_id, no 'warnings' for 'warning'"
like "$(cat "$T/jk")" 'results\[\]\.entity_id:number' "dcgmi -j: entity_id a number"
awk '/^[|+]-----  / { c = $2; next }
    /^\| [a-z_]+ +\|/ { print c, $2 }' "$T/t" > "$T/tt"
perl -MJSON::PP -e 'local $/; my $d = decode_json(<STDIN>);
    for my $c (@{$d->{"DCGM Diagnostic"}{test_categories}}) {
	print "$c->{category} $_->{name}\n" for @{$c->{tests}} }' < "$T/j" > "$T/jt"
is "$(sort "$T/jt")" "$(sort "$T/tt")" \
    "dcgmi of DCGM 4: each test under one category, in the table and in -j"

# ipmitool's other commands, in the real 1.8.19's words (t/data, made
# against ipmi_sim): byte for byte, on the same stream, with its status.
while read -r file stream rc args; do
	$S ipmitool --node gpu0001 $args > "$T/o" 2> "$T/e"
	got=$?
	[ "$stream" = out ] && w="$T/o" || w="$T/e"
	cmp -s "$w" "t/data/ipmitool-1.8.19-$file.txt" && [ "$got" = "$rc" ]
	ok $? "ipmitool $args: the real 1.8.19's bytes on std$stream, exit $rc"
done <<'EOF'
V out 0 -V
h err 0 -h
chassis err 1 chassis
power-status out 0 power status
power-status out 0 chassis power status
sdr-type out 0 sdr type
mc-info out 0 mc info
lan-print out 0 lan print
fru out 1 fru
EOF
$S ipmitool --node gpu0001 sel > "$T/o"
$S ipmitool --node gpu0001 sel info | cmp -s - "$T/o"
ok $? "ipmitool sel: sel info, as the real one prints"

# The same, live: the real ipmitool against the test cluster's ipmi_sim
# BMC, next to the simulator's; sensor list's last column padded as the
# real tool pads it.
if [ "$(id -u)" != 0 ] || ! command -v ipmitool >/dev/null ||
    ! command -v ipmi_sim >/dev/null; then
	skip 11 "the real ipmitool against ipmi_sim needs root, ipmitool, ipmi_sim"
elif ! chmod 755 "$T" ||
    ! t/lib/cluster start "$T/cl" 1 --bmc --port auto > "$T/cl.log" 2>&1; then
	ok 1 "t/lib/cluster start --bmc: $(tail -1 "$T/cl.log")"
	t/lib/cluster stop "$T/cl" > /dev/null 2>&1
else
	. "$T/cl/cluster.env"
	B=$(awk '$1 == "gpu0001" { print $3 }' "$T/cl/nodes")
	for args in -V -h chassis "power status" "chassis power status" \
	    "sdr type" "mc info" "lan print" fru sel; do
		ipmitool -I lanplus -C 3 -H "$B" -p "$CLUSTER_PORT" -U admin \
		    -P password $args 2> "$T/re" |
		    sed 's/^\(Entries\|Free Space\|Percent Used\|Last Add Time\)\( *:\).*/\1\2/' > "$T/ro"
		$S ipmitool --node gpu0001 $args 2> "$T/se" |
		    sed 's/^\(Entries\|Free Space\|Percent Used\|Last Add Time\)\( *:\).*/\1\2/' > "$T/so"
		cmp -s "$T/ro" "$T/so" && cmp -s "$T/re" "$T/se"
		ok $? "ipmitool $args: the simulator prints what the real one prints of ipmi_sim"
	done
	ipmitool -I lanplus -C 3 -H "$B" -p "$CLUSTER_PORT" -U admin \
	    -P password sensor list > "$T/ro"
	rn=$(grep -c ' | na        $' "$T/ro")
	sn=$($S ipmitool --node gpu0001 sensor list | grep -c ' | na        $')
	ok "$(test "$rn" -gt 0 && test "$sn" -gt 0; echo $?)" \
	    "ipmitool sensor list: the last column padded to 10, as the real one pads it ($rn lines of ipmi_sim's)"
	t/lib/cluster stop "$T/cl" > /dev/null 2>&1
fi

# ibstat's options, as the real one takes them; ibpanic's pid and 255.
$S ibstat --node gpu0002 > "$T/ib"
is "$($S ibstat --node gpu0002 -l | tr '\n' ' ')" \
    "mlx5_0 mlx5_1 mlx5_2 mlx5_3 mlx5_4 mlx5_5 mlx5_6 mlx5_7 " \
    "ibstat -l: the adapters"
is "$($S ibstat --node gpu0002 -p)" \
    "$(awk '/Port GUID/ { print $3 }' "$T/ib")" "ibstat -p: the port GUIDs"
is "$($S ibstat --node gpu0002 -s)" "$(grep -v '^		\|Port 1:' "$T/ib")" \
    "ibstat -s: the adapters without their ports"
awk '/mlx5_1/ { p = 1; print "CA: \047mlx5_1\047"; print "Port 1:" }
    /mlx5_2/ { p = 0 } p && /^		/ { sub(/^		/, ""); print }' \
    "$T/ib" > "$T/want"
is "$($S ibstat --node gpu0002 mlx5_1 1)" "$(cat "$T/want")" \
    "ibstat mlx5_1 1: the port alone, as port_dump prints it"
$S ibstat --node gpu0002 mlx5_1 2 > /dev/null 2> "$T/e"
is "$?:$(sed 's/\[[0-9]*\]/[P]/' "$T/e" | tr '\n' '|')" \
    "255:ibwarn: [P] ca_stat: CA: 'mlx5_1' has no port number 2 - max (1)|ibpanic: [P] main: stat of IB device 'mlx5_1' failed: No such file or directory|" \
    "ibstat mlx5_1 2: ca_stat's warning, then ibpanic, exit 255"
$S ibstat --node gpu0002 mlx5_99 > /dev/null 2> "$T/e"
rc=$?
pid=$(sed -n 's/^ibpanic: \[\([0-9]*\)\] main: .*/\1/p' "$T/e")
ok "$(test "$rc" = 255 && test -n "$pid" && test "$pid" != 1001; echo $?)" \
    "ibstat mlx5_99: ibpanic exits 255 with the process's pid ($rc, $pid)"
for o in "ibstat -h" "ibstat -V" "ibstatus -s"; do
	$S ${o%% *} --node gpu0002 ${o#* } > "$T/o" 2> "$T/e"
	ok "$(test $? != 0 && test ! -s "$T/o" && grep -q simulator "$T/e"; echo $?)" \
	    "$o: refused, in words that say so"
done

# perfquery: the port a LID or a GUID names, anywhere in the fabric; one
# that does not exist fails as IBEXIT does (stdout, 255).
is "$($S perfquery --node gpu0001 10 1)" \
    "$($S perfquery --node gpu0002 -C mlx5_0)" \
    "perfquery 10 1: the counters of LID 10, gpu0002's mlx5_0"
g=$(awk '/Port GUID/ { print $3 }' "$T/ib" | sed -n 2p)
is "$($S perfquery --node gpu0001 -x -G "$g" 1)" \
    "$($S perfquery --node gpu0002 -x -C mlx5_1)" \
    "perfquery -x -G GUID 1: the counters of that GUID's port"
while IFS='|' read -r a why; do
	$S perfquery --node gpu0001 $a > "$T/o" 2>/dev/null
	is "$?:$(cat "$T/o")" "255:perfquery: iberror: failed: $why" \
	    "perfquery $a: fails as the real one does, exit 255"
done <<'EOF'
99999 1|classportinfo query
-G 0x1234 1|can't resolve destination port 0x1234
-x 10 4|perfextquery
10 2|perfquery
-E 10 2|cannot query PortRcvErrorDetails
-C mlx5_0 -P 2|Failed to open 'mlx5_0' port '2'
EOF
$S perfquery --node gpu0001 -h > "$T/o" 2> "$T/e"
ok "$(test $? != 0 && test ! -s "$T/o" && grep -q simulator "$T/e"; echo $?)" \
    "perfquery -h: refused, in words that say so"
E=infiniband/treydock-perfquery-E-rcverr-switch.txt
if [ -f "$FIXTURES/$E" ]; then
	is "$($S perfquery --node gpu0001 -E | sed 's/[.:].*//; s/Lid [0-9]*/Lid L/')" \
	    "$(sed 's/[.:].*//; s/Lid [0-9]*/Lid L/' "$FIXTURES/$E")" \
	    "perfquery -E: the lines of $E"
else
	skip 1 "no fixtures in $FIXTURES"
fi
is "$($S perfquery --node gpu0001 -x | awk -F'[:.]+' '{ v[$1] = $2 }
    END { print (v["PortUnicastXmitPkts"] + v["PortMulticastXmitPkts"] <= \
	v["PortXmitPkts"]) (v["PortUnicastRcvPkts"] + \
	v["PortMulticastRcvPkts"] <= v["PortRcvPkts"]) }')" 11 \
    "perfquery -x: unicast + multicast <= the total, Xmit and Rcv"

# dcgmi diag runs on every GPU of the node: a part, or a GPU the node has
# not, is refused, never taken and ignored.
for a in "-i 0,1" "-i 99" "-g 5"; do
	$S dcgmi --node gpu0001 diag -r 1 $a > "$T/o" 2> "$T/e"
	ok "$(test $? != 0 && test ! -s "$T/o" && grep -q simulator "$T/e"; echo $?)" \
	    "dcgmi diag $a: refused, in words that say so"
done
$S dcgmi --node gpu0001 diag -r 1 -i 0,1,2,3,4,5,6,7 | grep -q 'Successfully ran'
ok $? "dcgmi diag -i of every GPU: runs"

# The kernel log's Xid lines: each Xid the simulator logs, in each way
# dmesg and journalctl print time, has the shape of the same Xid in the
# captures (its words, with numbers, addresses, pid and name masked).
xidshape() {	# the Xid number, then the masked line from "NVRM: Xid"
	sed -n 's/^> //; s/.*\(NVRM: Xid \)/\1/p' |
	    sed -e 's/(PCI:[0-9a-f:]*)/(PCI)/' -e "s/pid=[^,]*/pid=P/" \
	    -e 's/name=[^,]*/name=N/' |
	    awk '{ x = $4; sub(/,/, "", x); gsub(/0x[0-9a-fA-F]+/, "0xH");
		gsub(/[0-9]+/, "9"); print x "\t" $0 }'
}
cat "$FIXTURES"/xid/* | xidshape | sort -u > "$T/xreal"
F="$MYRIAD --sim 2048 --seed 1 --fault-rate 50"
: > "$T/xsim"
for t in 1800000000 1801000000 1802000000; do
	for n in 0002 0077 0150 0201; do
		$F --sim-time $t sim-tool dmesg --node gpu$n 2>/dev/null
	done
done | xidshape | sort -u > "$T/xsim"
ok "$(test -s "$T/xsim"; echo $?)" "the simulator logs Xids ($(wc -l < "$T/xsim") shapes)"
miss=$(cut -f1 "$T/xreal" | sort -u | join -t "$(printf '\t')" - "$T/xsim" |
    while IFS="$(printf '\t')" read -r x line; do
	grep -qxF "$x	$line" "$T/xreal" || echo "Xid $x: $line"
done)
is "$miss" "" "each simulated Xid reads as the captures print that Xid"
echo "# Xids simulated with no capture: $(cut -f1 "$T/xsim" | sort -u |
    join -v1 - "$(cut -f1 "$T/xreal" | sort -u > "$T/xn"; echo "$T/xn")" |
    tr '\n' ' ')"
# The time in front, in each of the ways: as a capture of that way prints.
for w in "dmesg|^\[ *[0-9]+\.[0-9]{6}\] NVRM: Xid|dmesg-xid-48-63-94-dbe-rowremap-550.txt" \
    "dmesg -T|^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4}\] NVRM: Xid|dmesg-T-xid-43-31-94-akash.txt" \
    "journalctl -k|^[A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [^ ]+ kernel: NVRM: Xid|journalctl-xid-79-fallen-off-bus-continuation.txt"; do
	cmd=${w%%|*}; re=${w#*|}; re=${re%|*}; file=${w##*|}
	grep -Eq "$re" "$FIXTURES/xid/$file" || fail "$file: no line like $re"
	$F --sim-time 1801000000 sim-tool $cmd --node gpu0002 2>&1 |
	    grep 'NVRM: Xid' > "$T/xw"
	is "$(grep -cvE "$re" "$T/xw")" 0 \
	    "$cmd: $(wc -l < "$T/xw") Xid lines as $file prints them"
done

done_testing
