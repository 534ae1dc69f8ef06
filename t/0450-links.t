#!/bin/sh
# inspect-links on a simulated cluster at a high fault rate: every down,
# missing, degraded, erroring and flapping link it reports is one that
# `myriad sim-tool' prints so for that node (nvidia-smi nvlink -s / -e,
# ibstat, perfquery, at the two reads' times), and none is left out; JSON parses;
# the links.* options change the verdicts; the exit status; and the
# console's Links view shows an inspect-links typed at the prompt.
. t/lib/tap.sh
T0=1800000000
ARGS="--sim 256 --seed 1 --sim-time $T0 --fault-rate 5"
. t/lib/tui.sh

TAB=$(printf '\t')
simt() {	# simt SECONDS TOOL --node NODE ARGS...: sim-tool at that time
	simt_t=$1
	shift
	$MYRIAD --sim 256 --seed 1 --fault-rate 5 --sim-time "$simt_t" \
	    sim-tool "$@"
}
NODES=$($MYRIAD $ARGS -c 'nodeset -e gpu[0001-0032]' | tr ' ' '\n')

# rows FILE VERDICT KIND: "node gpu link" (NVLink) or "node device"
# (IB) of the TSV rows of inspect-links with that verdict and kind.
rows() {
	awk -F"$TAB" -v v="$2" -v k="$3" 'NR == 1 {
	    for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["verdict"] == v && $c["kind"] == k {
		if (k == "nvlink") print $c["node"], $c["gpu"], $c["link"]
		else print $c["node"], $c["device"] }' "$1" | sort
}

# What sim-tool prints for every node, at the first read and the second.
: >"$T/want-nvdown"; : >"$T/want-nverr"; : >"$T/want-missing"
: >"$T/want-unread"; : >"$T/want-ibdown"; : >"$T/want-ibslow"
: >"$T/want-ibflap"; : >"$T/want-iberr"
expect() {	# expect SECONDS: the reads at T0 and T0+SECONDS
	: >"$T/want-nvdown"; : >"$T/want-nverr"; : >"$T/want-missing"
	: >"$T/want-unread"; : >"$T/want-ibdown"; : >"$T/want-ibslow"
	: >"$T/want-ibflap"; : >"$T/want-iberr"
	t1=$((T0 + $1))
	: >"$T/counters1"
	for n in $NODES; do
		# 15: a GPU is lost, the others printed (and read).
		simt $t1 nvidia-smi --node $n nvlink -s >"$T/s1" 2>/dev/null
		rc=$?
		if [ $rc -ne 0 ] && [ $rc -ne 15 ]; then
			echo "$n" >>"$T/want-unread"
			continue
		fi
		awk -v n=$n '/^GPU [0-9]+:/ { g = $2 + 0; seen[g] = 1 }
		    /<inactive>/ { sub(":", "", $2); print n, g, $2 }
		    END { for (i = 0; i < 8; i++) if (!seen[i]) print n, i >> "'"$T/want-missing"'" }' \
		    "$T/s1" >>"$T/want-nvdown"
		simt $T0 nvidia-smi --node $n nvlink -e >"$T/e0"
		simt $t1 nvidia-smi --node $n nvlink -e >"$T/e1"
		# Sums of a link's counters at each read; up links that rose.
		awk -v n=$n 'FNR == 1 { f++ } /^GPU [0-9]+:/ { g = $2 + 0 }
		    /Link [0-9]+:/ { l = $2; sub(":", "", l)
			s[f, g " " l] += $NF; k[g " " l] = 1 }
		    END { for (x in k) if (s[2, x] > s[1, x]) print n, x }' \
		    "$T/e0" "$T/e1" >"$T/rose"
		grep -v -F -x -f "$T/want-nvdown" "$T/rose" \
		    >>"$T/want-nverr" 2>/dev/null || true
		simt $T0 ibstat --node $n >"$T/i0"
		simt $t1 ibstat --node $n >"$T/i1"
		awk -v n=$n 'FNR == 1 { f++ } /^CA / { d = $2; gsub("\047", "", d) }
		    /State:/ && !/Physical/ { st[f, d] = $2; ds[d] = 1 }
		    /Rate:/ { r[f, d] = $2 }
		    END { for (d in ds) {
			if (st[2, d] != "Active") print n, d, "down"
			else if (st[1, d] != "Active") print n, d, "flap"
			else if (r[2, d] < 400) print n, d, "slow" } }' \
		    "$T/i0" "$T/i1" >"$T/ib"
		awk '$3 == "down" { print $1, $2 }' "$T/ib" >>"$T/want-ibdown"
		awk '$3 == "flap" { print $1, $2 }' "$T/ib" >>"$T/want-ibflap"
		awk '$3 == "slow" { print $1, $2 }' "$T/ib" >>"$T/want-ibslow"
		# perfquery's error counters, summed by adapter; a port
		# neither down, flapping nor slow whose sum rose is erroring.
		# (probe.ib-counters' loop: a perfquery per adapter)
		for d in $(simt $T0 ibstat --node $n -l); do
			echo "# CA: $d"
			simt $T0 perfquery --node $n -x -C $d
		done >"$T/q0"
		for d in $(simt $t1 ibstat --node $n -l); do
			echo "# CA: $d"
			simt $t1 perfquery --node $n -x -C $d
		done >"$T/q1"
		awk -v n=$n 'FNR == 1 { f++ } /^# CA:/ { d = $3 }
		    /^(SymbolErrorCounter|LinkErrorRecoveryCounter|LinkDownedCounter|PortRcvErrors):/ {
			v = $0; sub(/^[^:]*:\.*/, "", v); s[f, d] += v; ds[d] = 1 }
		    END { for (d in ds) if (s[2, d] > s[1, d]) print n, d }' \
		    "$T/q0" "$T/q1" >"$T/rose"
		awk '{ print $1, $2 }' "$T/ib" >"$T/ibbad"
		grep -v -F -x -f "$T/ibbad" "$T/rose" \
		    >>"$T/want-iberr" 2>/dev/null || true
		awk -v n=$n '/^# CA:/ { d = $3 }
		    /^(SymbolErrorCounter|LinkErrorRecoveryCounter|LinkDownedCounter|PortRcvErrors):/ {
			v = $0; sub(/^[^:]*:\.*/, "", v); print n, d, v }' \
		    "$T/q1" >>"$T/counters1"
	done
	for f in nvdown nverr missing unread ibdown ibslow ibflap iberr; do
		sort -o "$T/want-$f" "$T/want-$f"
	done
}

expect 2
$MYRIAD $ARGS -c 'inspect-links -o tsv' >"$T/out.tsv"; rc=$?
is "$rc" 3 "inspect-links exits 3: it found problems"
for f in nvdown nverr missing unread ibdown ibslow; do
	[ -s "$T/want-$f" ]
	ok $? "sim-tool shows some of $f ($(wc -l <"$T/want-$f" | tr -d ' '))"
done
is "$(rows "$T/out.tsv" down nvlink)" "$(cat "$T/want-nvdown")" \
    "the down NVLinks are nvidia-smi nvlink -s's <inactive> ones"
is "$(rows "$T/out.tsv" erroring nvlink)" "$(cat "$T/want-nverr")" \
    "the erroring NVLinks are those whose nvlink -e counters rose in 2 s"
is "$(rows "$T/out.tsv" missing nvlink | awk 'NF == 2 { print $1, $2 }')" \
    "$(cat "$T/want-missing")" \
    "the GPUs missing their NVLinks are those nvlink -s has lost"
is "$(rows "$T/out.tsv" missing ib | awk '{ print $1 }')" \
    "$(cat "$T/want-unread")" \
    "the nodes missing their ports are those sim-tool cannot reach"
is "$(rows "$T/out.tsv" down ib)" "$(cat "$T/want-ibdown")" \
    "the down ports are ibstat's Down ones"
is "$(rows "$T/out.tsv" degraded ib)" "$(cat "$T/want-ibslow")" \
    "the degraded ports are ibstat's Active ones at 200"
is "$(rows "$T/out.tsv" flapping ib)" "$(cat "$T/want-ibflap")" \
    "the flapping ports are those that came back between the reads"
[ -s "$T/want-iberr" ]
ok $? "sim-tool perfquery shows ports erroring ($(wc -l <"$T/want-iberr" | tr -d ' '))"
is "$(rows "$T/out.tsv" erroring ib)" "$(cat "$T/want-iberr")" \
    "the erroring ports are those whose perfquery counters rose in 2 s"
# The errors column: perfquery's four counters at the second read.
read -r en ed <"$T/want-iberr"
is "$(awk -F"$TAB" -v n="$en" -v d="$ed" 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["node"] == n && $c["device"] == d { print $c["errors"] }' "$T/out.tsv")" \
    "$(awk -v n="$en" -v d="$ed" '$1 == n && $2 == d { s += $3 }
    END { print s }' "$T/counters1")" \
    "$en $ed: its errors are perfquery's counters at the second read"
is "$(awk -F"$TAB" 'NR > 1 && $c != "" { n++ } NR == 1 {
    for (i = 1; i <= NF; i++) if ($i == "verdict") c = i } END { print n + 0 }' \
    "$T/out.tsv")" "$(($(wc -l <"$T/out.tsv") - 1))" \
    "every row has a verdict"

# 30 s apart, flapping ports change (every 30 s in the simulator).
expect 30
$MYRIAD $ARGS -c 'inspect-links -o tsv -i 30' >"$T/out30.tsv"
[ -s "$T/want-ibflap" ]
ok $? "sim-tool shows ports that came back in 30 s ($(wc -l <"$T/want-ibflap" | tr -d ' '))"
is "$(rows "$T/out30.tsv" flapping ib)" "$(cat "$T/want-ibflap")" \
    "-i 30: the flapping ports are those that came back"
is "$(rows "$T/out30.tsv" down ib)" "$(cat "$T/want-ibdown")" \
    "-i 30: the down ports are those Down at the second read"
is "$(rows "$T/out30.tsv" erroring ib)" "$(cat "$T/want-iberr")" \
    "-i 30: the erroring ports are those whose counters rose in 30 s"
expect 2

# JSON: an array of records with every key, the same rows.
$MYRIAD $ARGS -c 'inspect-links -o json' >"$T/out.json"
perl -MJSON::PP -e '
	local $/; my $a = decode_json(<STDIN>);
	my @k = qw(node kind gpu device link state expect actual
	    expect_width width errors delta changes missing verdict why);
	for my $r (@$a) { for (@k) { exists $r->{$_} or die "no $_\n" } }
	print scalar(@$a), "\n";
	print join("\n", sort map { "$_->{node} $_->{gpu} $_->{link}" }
	    grep { $_->{verdict} eq "erroring" && $_->{kind} eq "nvlink" }
	    @$a), "\n";
' <"$T/out.json" >"$T/json" 2>"$T/err"
ok $? "inspect-links -o json parses, every row with every key $(cat "$T/err")"
is "$(head -1 "$T/json")" "$(($(wc -l <"$T/out.tsv") - 1))" \
    "json: as many rows as tsv"
is "$(sed 1d "$T/json")" "$(cat "$T/want-nverr")" \
    "json: the erroring NVLinks, their gpu and link numbers"

# -a: every link and port of a node; -w filters; a healthy set exits 0.
GOOD=$(for n in $NODES; do grep -q "^$n " "$T/want-nvdown" "$T/want-nverr" \
    "$T/want-missing" "$T/want-ibdown" "$T/want-ibslow" 2>/dev/null ||
    grep -qx "$n" "$T/want-unread" || { echo $n; break; }; done)
[ -n "$GOOD" ]
ok $? "a node with nothing wrong: $GOOD"
out=$($MYRIAD $ARGS -c "inspect-links -o tsv $GOOD"); rc=$?
is "$rc" 0 "inspect-links $GOOD exits 0"
is "$(printf '%s\n' "$out" | sed 1d | wc -l | tr -d ' ')" 0 \
    "... and prints no row"
$MYRIAD $ARGS -c "inspect-links -a -o tsv $GOOD" >"$T/all.tsv"; rc=$?
is "$rc" 0 "-a on a healthy node exits 0"
# Each GPU's fabric is a row of its own, with no link (Completed on an
# HGX H100, as nvidia-smi 590 says).
is "$(rows "$T/all.tsv" ok nvlink | awk 'NF == 3' | wc -l | tr -d ' ')" 144 \
    "-a: 144 NVLinks ok"
is "$(rows "$T/all.tsv" ok nvlink | awk 'NF == 2' | wc -l | tr -d ' ')" 8 \
    "-a: and each GPU's fabric, ok"
is "$(rows "$T/all.tsv" ok ib | wc -l | tr -d ' ')" 8 "-a: 8 ports ok"
N1=$(head -1 "$T/want-ibslow" | cut -d' ' -f1)
out=$($MYRIAD $ARGS -c "inspect-links -o tsv -w kind=ib $N1")
is "$(printf '%s\n' "$out" | awk -F"$TAB" 'NR > 1 { print $2 }' | sort -u)" \
    "ib" "-w kind=ib: only ports"

# The expectations change the verdicts.
printf 'links = { ib-rate = 200.0; };\n' >"$T/hdr.conf"
$MYRIAD -F "$T/hdr.conf" $ARGS -c 'inspect-links -o tsv' >"$T/hdr.tsv"
is "$(rows "$T/hdr.tsv" degraded ib)" "" \
    "links.ib-rate = 200: no port at 200 is degraded"
is "$(rows "$T/hdr.tsv" down ib)" "$(cat "$T/want-ibdown")" \
    "links.ib-rate = 200: the down ports stay down"
# ibstatus prints the width: the ports trained down are 2X, still degraded
# at 200 Gb/s against links.ib-width 4X, and ok when the width is not
# checked either.
printf 'probe = { ib = "ibstatus"; };\nlinks = { ib-rate = 200.0; };\n' \
    >"$T/width.conf"
$MYRIAD -F "$T/width.conf" $ARGS -c 'inspect-links -o tsv' >"$T/width.tsv"
is "$(rows "$T/width.tsv" degraded ib)" "$(cat "$T/want-ibslow")" \
    "ibstatus, links.ib-rate = 200: the 200 Gb/s ports are degraded by width"
like "$(awk -F"$TAB" '$2 == "ib" && $15 == "degraded" { print $16; exit }' \
    "$T/width.tsv")" "^width 2X, expected 4X$" "... 2X where 4X is expected"
is "$(rows "$T/width.tsv" down ib)" "$(cat "$T/want-ibdown")" \
    "ibstatus: the same ports down as ibstat"
printf 'probe = { ib = "ibstatus"; };\nlinks = { ib-rate = 200.0; ib-width = ""; };\n' \
    >"$T/nowidth.conf"
$MYRIAD -F "$T/nowidth.conf" $ARGS -c 'inspect-links -o tsv' >"$T/nowidth.tsv"
is "$(rows "$T/nowidth.tsv" degraded ib)" "" \
    "links.ib-width empty: no port is degraded"
printf 'links = { nvlinks-per-gpu = 0; ib-ports = 0; };\n' >"$T/none.conf"
$MYRIAD -F "$T/none.conf" $ARGS -c 'inspect-links -o tsv' >"$T/none.tsv"
is "$(rows "$T/none.tsv" missing nvlink; rows "$T/none.tsv" missing ib)" "" \
    "links.nvlinks-per-gpu and ib-ports 0: nothing is missing"
is "$(rows "$T/none.tsv" erroring nvlink)" "$(cat "$T/want-nverr")" \
    "... and the erroring links are still found"
printf 'links = { nvlink-speed = 30.0; };\n' >"$T/fast.conf"
out=$($MYRIAD -F "$T/fast.conf" $ARGS -c "inspect-links -o tsv $GOOD")
is "$(printf '%s\n' "$out" | awk -F"$TAB" 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["verdict"] == "degraded" && $c["kind"] == "nvlink"' | wc -l | tr -d ' ')" \
    144 "links.nvlink-speed = 30: every NVLink of $GOOD is degraded"
out=$($MYRIAD $ARGS -c 'inspect-links -i 0 -o tsv')
is "$(printf '%s\n' "$out" | awk -F"$TAB" 'NR == 1 {
    for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["verdict"] == "erroring"' | wc -l | tr -d ' ')" 0 \
    "-i 0: one read, no counters compared, nothing erroring"

# Bad input.
$MYRIAD $ARGS -c 'inspect-links -i soon' >/dev/null 2>"$T/err"; rc=$?
is "$rc" 2 "-i soon is a usage error"
like "$(cat "$T/err")" "bad interval" "... and says so"
$MYRIAD $ARGS -c 'inspect-links gpu9999' >/dev/null 2>"$T/err"; rc=$?
is "$rc" 2 "a node the cluster does not have is a usage error"
$MYRIAD $ARGS -c 'inspect-links -o xml' >/dev/null 2>&1; rc=$?
is "$rc" 2 "-o xml is a usage error"

# The console: inspect-links at the : prompt shows in the Links view.
SET='gpu[0001-0016]'
$MYRIAD $ARGS -c "inspect-links -o tsv $SET" >"$T/set.tsv"
set -- $(rows "$T/set.tsv" erroring nvlink | head -1)
EN=$1 EG=$2 EL=$3
set -- $(rows "$T/set.tsv" degraded ib | head -1)
DN=$1 DD=$2
OUT=$(awk -F"$TAB" 'NR > 1 && $1 > "gpu0016" { print $1; exit }' "$T/out.tsv")
[ -n "$EN" ] && [ -n "$DN" ] && [ -n "$OUT" ]
ok $? "batch: $SET has an erroring NVLink ($EN $EG $EL), a degraded port ($DN $DD); $OUT outside it has a problem"
tm -f /dev/null new-session -d -s hold -x 80 -y 24 "sleep 3600"
for size in 120x40; do
	start_size "$size" || continue
	keys "$S" 5
	wait_for "$S" "^NVLink: [0-9]+ down"
	ok $? "$size: the Links view"
	keys "$S" /
	type_text "$S" "$OUT"
	keys "$S" Enter
	wait_for "$S" "^$OUT +(NV|IB) "
	ok $? "$size: the fabric's list has $OUT"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	run "$S" "inspect-links $SET"
	wait_for "$S" "^inspect-links gpu\[0001-0016\] +NVLink:"
	ok $? "$size: the view names the inspection on top"
	keys "$S" /
	type_text "$S" "$EN"
	keys "$S" Enter
	wait_for "$S" "^$EN +NV ERRORING +GPU $EG link $EL +up"
	ok $? "$size: $EN GPU $EG link $EL erroring, as in batch"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	keys "$S" /
	type_text "$S" "$DN"
	keys "$S" Enter
	wait_for "$S" "^$DN +IB DEGRADED +$DD port 1 +Active/LinkUp +200 Gb/s"
	ok $? "$size: $DN $DD degraded, as in batch"
	keys "$S" Escape
	wait_gone "$S" "filter: "
	keys "$S" /
	type_text "$S" "$OUT"
	keys "$S" Enter
	wait_for "$S" "filter: $OUT" && tui_not shows "$S" "^$OUT "
	ok $? "$size: $OUT, outside the set, is not listed"
	tm kill-session -t "$S"
done

done_testing
