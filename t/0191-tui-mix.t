#!/bin/sh
# The console shows a mixed cluster (NVIDIA, AMD, Ascend 910B and A3,
# Hygon): the status line counts the accelerators of each vendor as
# list-gpus lists them; the map's model metric gives each model a digit
# in its vendor's colour (distinct at 8 colours; in NO_COLOR the digits
# say it) and a legend of the models and their nodes; the GPUs grid holds
# a 16-chip A3 node and a 4-DCU K100 node, a cell an accelerator, and the
# table has the vendor and the model; the Node view says the vendor, the
# model and the vendors' own facts (partition mode, card/chip, health),
# '-' where the tool says nothing; 100k of them at 80x24 still answer.
. t/lib/tap.sh
MIX="h100:6,mi300x:2,910b:2,a3:1,k100:1"
ARGS="--sim 10000 --sim-mix $MIX --seed 1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')
$MYRIAD $ARGS -c 'list-gpus -o tsv' 2>/dev/null > "$T/gpus.tsv"

col() {		# col NAME: the column of list-gpus -o tsv with that key
	head -n 1 "$T/gpus.tsv" | tr "$TAB" '\n' | grep -nx "$1" | cut -d: -f1
}
VENDOR=$(col vendor) MODEL=$(col model) CARD=$(col card) CHIP=$(col chip)
HEALTH=$(col health) PART=$(col partition) DBE=$(col ecc_dbe)

status_line() {	# status_line SESSION: the second to last line
	line "$1" $(($(height "$1") - 1))
}

# What list-gpus says: accelerators a vendor, in the vendors' order.
COUNTS=$(awk -F"$TAB" -v v="$VENDOR" 'NR > 1 { n[$v]++ }
    END { split("nvidia amd huawei hygon", o, " ")
	for (i = 1; i <= 4; i++) if (n[o[i]]) {
		printf "%s%s %d", s, o[i], n[o[i]]
		s = " "
	} }' "$T/gpus.tsv")
# The models, a line each: vendor, model without the vendor's name in
# front, nodes; a node's model is its first GPU's that names one (a lost
# GPU does not); in the map's order: vendors', then models' names.
awk -F"$TAB" -v v="$VENDOR" -v m="$MODEL" 'NR > 1 {
	if (!($1 in vendor)) { vendor[$1] = $v; nodes[++n] = $1 }
	if (!($1 in model) && $m != "") model[$1] = $m
    }
    END { for (i = 1; i <= n; i++) {
	node = nodes[i]; x = model[node]; w = vendor[node]
	if (tolower(substr(x, 1, length(w) + 1)) == w " ")
		x = substr(x, length(w) + 2)
	k = index("nvidia amd huawei hygon", w) SUBSEP w SUBSEP x
	count[k]++
    }
    for (k in count) {
	split(k, f, SUBSEP)
	printf "%02d|%s|%s|%d\n", f[1], f[2], f[3], count[k]
    } }' "$T/gpus.tsv" | LC_ALL=C sort > "$T/models"

# 1. 250x70, 8 colours: the status line counts by vendor; the map's model
# metric.
S=s250
start "$S" 250 70 TERM=screen --
ok $? "250x70: the console starts in tmux, at 8 colours"
wait_like " \| $COUNTS \| " \
    "250x70: the status line counts the accelerators by vendor: $COUNTS" \
    status_line "$S"
run "$S" "metric model"
LEG=$(($(height "$S") - 3))
wait_like "^model  1 " "250x70 map: :metric model, its legend" line "$S" "$LEG"
k=0
while IFS="|" read -r order vendor model n; do
	k=$((k + 1))
	c=$(echo 123456789abcdefghijklmnopqrstuvwxy | cut -c"$k")
	want="$c $vendor${model:+ $model} $n"
	like "$tui_out" "(^model|  )$want( |$)" \
	    "250x70 map: the legend has $want"
	# A node a cell at 250x70: the map has as many of the digit.
	got=$(screen "$S" | awk 'NR > 1 && /^r[0-9]/ { exit } NR > 1' |
	    tr -cd "$c" | wc -c | tr -d ' ')
	is "$got" "$n" "250x70 map: $n cells show $c ($vendor $model)"
done < "$T/models"
is "$k" 5 "250x70 map: five models in the mix"
# The cursor's line says what the first node's accelerators are.
set -- $(awk -F"$TAB" -v v="$VENDOR" 'NR > 1 { n[$1]++; w[$1] = $v }
    END { print "gpu0001", n["gpu0001"], w["gpu0001"] }' "$T/gpus.tsv")
wait_like "^$1 +r001 .*  $2 GPUs $3 " \
    "250x70 map: the cursor's line: $1, $2 GPUs $3, and the model" \
    line "$S" $((LEG - 1))
# The hottest of an A3 node's chips by its card and chip, as npu-smi and
# the events name it, not by its row (0-15).
a3=$(awk -F"$TAB" -v v="$VENDOR" -v m="$MODEL" \
    'NR > 1 && $v == "huawei" && $m == "Ascend910" { print $1; exit }' \
    "$T/gpus.tsv")
run "$S" "goto $a3"
wait_like "^$a3 +r[0-9]+ .*  hottest NPU [0-9]+ chip [01] [0-9]+ C" \
    "250x70 map: $a3's hottest chip is NPU card chip chip" \
    line "$S" $((LEG - 1))
N='\([0-9]*\)'
set -- $(printf '%s\n' "$tui_out" |
    sed -n "s/.* hottest NPU $N chip $N $N C.*/\\1 \\2 \\3/p")
is "$(awk -F"$TAB" -v node="$a3" -v c="$CARD" -v k="$CHIP" \
    -v t="$(col temp_c)" -v card="$1" -v chip="$2" \
    'NR > 1 && $1 == node && $c == card && $k == chip { print $t }' \
    "$T/gpus.tsv")" "${3:-none}" \
    "250x70 map: ... its temperature list-gpus gives NPU $1 chip $2"
# Each vendor's cells in a colour of its own, at 8 colours (TERM=screen):
# the foreground of each digit's first cell on the map.
tm capture-pane -e -p -t "$S" | awk -v e="$(printf '\033')" '
    NR > 1 && /^r[0-9]/ { exit }
    NR > 1 { s = $0
	while (s != "") {
		if (match(s, "^" e "\\[[0-9;]*m")) {
			n = split(substr(s, 3, RLENGTH - 3), p, ";")
			for (i = 1; i <= n; i++) {
				if (p[i] == "" || p[i] == 0 || p[i] == 39)
					fg = ""
				else if (p[i] == 38)
					i += 2
				else if (p[i] >= 30 && p[i] <= 37)
					fg = p[i]
			}
			if (n == 0)
				fg = ""
			s = substr(s, RLENGTH + 1)
			continue
		}
		c = substr(s, 1, 1)
		s = substr(s, 2)
		if (!(c in seen)) { seen[c] = 1; print c, fg }
	} }' > "$T/fg"
k=0
: > "$T/vendor-fg"
while IFS="|" read -r order vendor model n; do
	k=$((k + 1))
	c=$(echo 123456789abcdefghijklmnopqrstuvwxy | cut -c"$k")
	echo "$vendor $(awk -v c="$c" '$1 == c { print $2 }' "$T/fg")" \
	    >> "$T/vendor-fg"
done < "$T/models"
sort -u "$T/vendor-fg" | sed 's/^/# vendor, colour: /'
is "$(sort -u "$T/vendor-fg" | awk '$2 != ""' | wc -l | tr -d ' ')" 4 \
    "250x70 map: 8 colours: each vendor's models in one colour"
is "$(sort -u "$T/vendor-fg" | awk '{ print $2 }' | sort -u | wc -l |
    tr -d ' ')" 4 "250x70 map: 8 colours: the four vendors' apart"

# 2. The GPUs view: a 16-chip node and a 4-DCU node in the grid, the
# vendor and the model in the table.
for vendor_model in "huawei Ascend910" "hygon K100"; do
	node=$(awk -F"$TAB" -v v="$VENDOR" -v m="$MODEL" -v w="$vendor_model" \
	    'NR > 1 && $v " " $m == w { print $1; exit }' "$T/gpus.tsv")
	n=$(awk -F"$TAB" -v node="$node" 'NR > 1 && $1 == node' "$T/gpus.tsv" |
	    wc -l | tr -d ' ')
	keys "$S" 2
	wait_for "$S" "^NODE +GPU +VENDOR +MODEL +UTIL%"
	ok $? "250x70 gpus: the table has VENDOR and MODEL after GPU"
	keys "$S" /
	type_text "$S" "$node"
	keys "$S" Enter
	wait_for "$S" "^$node +[0-9/]+ +${vendor_model%% *} "
	ok $? "250x70 gpus: /$node, its rows say ${vendor_model%% *}"
	cells=$(line "$S" 2 | sed "s/^$node //; s/ *\$//" | tr -d '\n' |
	    LC_ALL=C.UTF-8 wc -m | tr -d ' ')
	is "$cells" "$n" "250x70 gpus: $node's grid row has its $n cells"
	keys "$S" Escape
done
node=$(awk -F"$TAB" -v v="$VENDOR" 'NR > 1 && $v == "amd" { print $1; exit }' \
    "$T/gpus.tsv")
model=$(awk -F"$TAB" -v v="$VENDOR" -v m="$MODEL" \
    'NR > 1 && $v == "amd" { print $m; exit }' "$T/gpus.tsv")
keys "$S" /
type_text "$S" "$node"
keys "$S" Enter
wait_for "$S" "^$node +0 +amd +${model#AMD } +[0-9]"
ok $? "250x70 gpus: $node's model, ${model#AMD }, without the vendor's name"
keys "$S" Escape

# 3. The Node view: the vendor, the model and the vendors' own facts.
part=$(awk -F"$TAB" -v v="$VENDOR" -v p="$PART" \
    'NR > 1 && $v == "amd" { print $p; exit }' "$T/gpus.tsv")
run "$S" "open $node"
screen_like "$S" "^$node +rack .* 8 GPUs amd ${model#AMD }, $part " \
    "250x70 node: $node's header: 8 GPUs amd ${model#AMD }, $part"
screen_like "$S" "^GPU +MODEL " "250x70 node: an AMD node's GPUs are GPUs"
# An Ascend chip whose health is not OK: its card/chip, its word, a '-'
# for the ECC count npu-smi info does not give.
set -- $(awk -F"$TAB" -v h="$HEALTH" -v c="$CARD" -v k="$CHIP" -v d="$DBE" \
    'NR > 1 && $h != "" && $h != "OK" { print $1, $2, $c "/" $k, $h,
	($d == "" ? "-" : $d); exit }' "$T/gpus.tsv")
run "$S" "open $1"
screen_like "$S" "^$1 +rack .*[0-9]+ NPUs huawei " \
    "250x70 node: $1's header says NPUs, huawei"
screen_like "$S" "^NPU +CARD +MODEL .* DBE +HEALTH +STATUS" \
    "250x70 node: the NPU heading with CARD and HEALTH, no XID"
screen_like "$S" "^$2 +$3 +.* $5 +$4 +health $4" \
    "250x70 node: NPU $2 of $1: card/chip $3, DBE $5, health $4, said"
screen "$S" | grep -aE "^$2 +$3 " | grep -Eq " 0 +$4"
ok $((! $?)) "250x70 node: an ECC count npu-smi does not give is not 0"
# An AMD GPU with uncorrectable (RAS) errors: its status says so.
set -- $(awk -F"$TAB" -v v="$VENDOR" -v d="$DBE" \
    'NR > 1 && $v == "amd" && $d > 0 { print $1, $2; exit }' "$T/gpus.tsv")
run "$S" "open $1"
wait_for "$S" "^$2 +.* [0-9a-f]{4}:[0-9a-f]{2}:.* RAS errors$"
ok $? "250x70 node: $1 GPU $2's uncorrectable RAS errors, said"
tm kill-session -t "$S"

# 4. 80x24, NO_COLOR: the legend's digits, the grid and the node's facts.
S=s80
start "$S" 80 24 NO_COLOR=1 --
ok $? "80x24 NO_COLOR: the console starts in tmux"
run "$S" "metric model"
wait_like "^model  1 [^ ].* [0-9]+  2 " \
    "80x24 NO_COLOR map: the legend names the models by their digits" \
    line "$S" 21
node=$(awk -F"$TAB" -v v="$VENDOR" -v m="$MODEL" \
    'NR > 1 && $v == "huawei" && $m == "Ascend910" { print $1; exit }' \
    "$T/gpus.tsv")
keys "$S" 2
wait_for "$S" "^NODE +GPU +MODEL +UTIL%"
ok $? "80x24 gpus: the narrow table of a mix has MODEL"
keys "$S" /
type_text "$S" "$node"
keys "$S" Enter
wait_for "$S" "^$node +[0-9]+/[01] +Ascend910 "
cells=$(line "$S" 2 | sed "s/^$node //; s/ *\$//" | tr -d '\n' |
    LC_ALL=C.UTF-8 wc -m | tr -d ' ')
is "$cells" 16 "80x24 gpus: $node's 16 chips in one grid row, whole"
run "$S" "open $node"
screen_like "$S" "^16 NPUs huawei Ascend910" \
    "80x24 node: the A3 node's 16 NPUs, vendor and model"
screen_like "$S" "^NPU +CARD " "80x24 node: its chips' card/chip"
tm kill-session -t "$S"

# 5. 100k mixed at 80x24: keys answer within the usual waits.
S=s100k
ARGS="--sim 100k --sim-mix $MIX --seed 1"
start "$S" 80 24
ok $? "80x24 100k mix: the console starts"
keys "$S" 2
wait_for "$S" "^NODE +GPU +MODEL +UTIL%"
ok $? "80x24 100k mix: the GPUs view comes"
keys "$S" 1
run "$S" "metric model"
wait_like "^model  1 " "80x24 100k mix: the map's model legend comes" \
    line "$S" 21

done_testing
