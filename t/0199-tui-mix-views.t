#!/bin/sh
# The console's views of a mixed cluster where they are narrow: at 80x24
# the vendors' counts the status line has no room for are by the keys,
# and the map's model legend takes two lines so every digit is said; the
# power metric marks a node whose tool gives watts but no limit (npu-smi)
# as w, and its legend says so; the Node view drops the columns a node's
# tools never say (SM MHz, PST, XID on an NPU or DCU node), shows an NPU's
# card/chip at every width, and puts RoCE ports under a RoCE heading with
# '-' for a rate hccn_tool does not give.
. t/lib/tap.sh
MIX="h100:6,mi300x:2,910b:2,a3:1,k100:1"
ARGS="--sim 10000 --sim-mix $MIX --seed 1 --sim-time 1800000000 --fault-rate 0"
. t/lib/tui.sh

# The vendors' accelerators, and each vendor's (and model's) first node,
# as list-gpus says, by its columns' names.
$MYRIAD $ARGS -c 'list-gpus -o tsv' 2>/dev/null > "$T/gpus.tsv"
COUNTS=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
    { n[$k["vendor"]]++ }
    END { for (i = split("nvidia amd huawei hygon", o, " "); i > 0; i--)
	if (n[o[i]]) s = o[i] " " n[o[i]] (s == "" ? "" : " " s)
	print s }' "$T/gpus.tsv")
first() {	# first VENDOR [MODEL]: its first node
	awk -F'\t' -v w="$1" -v x="$2" \
	    'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	    $k["vendor"] == w && (x == "" || $k["model"] == x) { print $1; exit }' \
	    "$T/gpus.tsv"
}
unlike() {	# unlike GOT PATTERN DESCRIPTION: GOT has no line like it
	printf '%s\n' "$1" | grep -Eq -- "$2"
	ok $((! $?)) "$3"
}
B910=$(first huawei 910B3) A3=$(first huawei Ascend910) K100=$(first hygon)
H100=$(first nvidia)

# 1. 80x24: the vendors, and every model of the legend.
S=s80
start "$S" 80 24
ok $? "80x24: the console starts"
wait_like "  $COUNTS\$" "80x24: the vendors' counts ($COUNTS) by the keys" \
    line "$S" 24
like "$tui_out" '^\? keys ' "80x24: the keys still start the line"
run "$S" "metric model"
wait_like "^model  1 " "80x24 map: the model legend" line "$S" 21
legend="$tui_out
$(line "$S" 22)"
for d in 1 2 3 4 5; do
	like "$legend" "(^|  )$d [^ ]+.* [0-9]+( |\$)" \
	    "80x24 map: model $d is named, with its nodes"
done
unlike "$legend" "more" "80x24 map: no model left as +N more"

# 2. The power metric: npu-smi's watts have no limit to judge them by.
run "$S" "metric power"
wait_like "^power / limit .* w no limit reported" \
    "80x24 map: the power legend says what w is" line "$S" 21
nw=$(screen "$S" | sed -n '2,19p' | grep -v '^r[0-9]' | tr -cd w | wc -c)
ok $([ "$nw" -gt 0 ]; echo $?) "80x24 map: Ascend cells are w ($nw)"
run "$S" "metric util"
wait_like "^GPU utilization .* not reported" \
    "80x24 map: a scale's legend says what the dot is" line "$S" 21

# 3. The Node view at 80x24: only the columns the node's tools say.
run "$S" "open $B910"
wait_for "$S" "^NPU +CARD +UTIL +MEM GiB "
ok $? "80x24 node: $B910 (910B): NPU, CARD, UTIL, MEM GiB"
head=$(screen "$S" | grep -E "^NPU +CARD ")
unlike "$head" "SM MHz|PST|XID" "80x24 node: no SM MHz, PST, XID for NPUs"
run "$S" "open $K100"
wait_for "$S" "^DCU +UTIL "
ok $? "80x24 node: $K100 (K100): its DCUs"
unlike "$(screen "$S" | grep -E "^DCU +UTIL")" "SM MHz|PST|XID" \
    "80x24 node: no SM MHz, PST, XID for DCUs"
run "$S" "open $H100"
wait_for "$S" "^GPU +UTIL .* XID "
ok $? "80x24 node: $H100 (H100) keeps its XID column"

# 4. An A3's chips by npu-smi's NPU and Chip ids, at 80 and at 60.
run "$S" "open $A3"
wait_for "$S" "^15 +7/1 "
ok $? "80x24 node: $A3 (A3): chip 15 is 7/1"
tm resize-window -t "$S" -x 60 -y 24
wait_for "$S" "^NPU +CARD "
ok $? "60x24 node: $A3 still has CARD"
screen_like "$S" "^15 +7/1 " "60x24 node: chip 15 is 7/1"
tm kill-session -t "$S"

# 5. 250x70: RoCE ports under RoCE, rate '-'.
S=s250
start "$S" 250 70
ok $? "250x70: the console starts"
run "$S" "open $B910"
screen_like "$S" "^RoCE  npu0/1 [A-Za-z]+ [A-Za-z]+ -[!*]?  npu1/1 " \
    "250x70 node: $B910's RoCE ports, rate -"
unlike "$(screen "$S")" "InfiniBand .*npu0/1" \
    "250x70 node: not under InfiniBand"
run "$S" "open $H100"
screen_like "$S" "^InfiniBand  mlx5_0/1 " \
    "250x70 node: $H100's mlx5 ports are InfiniBand"

done_testing
