#!/bin/sh
# NVL72 trays with a fabric or IMEX fault in the console (review 15a, 1):
# at 250x70 without colour the Map marks each one's cell (bold reverse,
# as a node that needs attention) in its domain's block, and the Needs
# attention list names it with its problem, as list-alerts does.
. t/lib/tap.sh
ARGS="--sim 10k --sim-mix gb200:1 --sim-time 1800000000"
. t/lib/tui.sh

TAB=$(printf '\t')
$MYRIAD -F /dev/null $ARGS -c 'list-alerts -o tsv' 2> /dev/null |
    awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	$k["attention"] == "new" && $k["problem"] ~ /fabric|clique|IMEX/ {
	    print $k["node"] "\t" $k["problem"] }' > "$T/alerts"
$MYRIAD -F /dev/null $ARGS -c 'list-domains -o tsv' 2> /dev/null > "$T/doms"
# The trays whose GPUs list-gpus gives out of the fabric or degraded, in
# service (Slurm's drained and down are marked by their letter).
$MYRIAD -F /dev/null $ARGS -c 'list-nodes -o tsv' 2> /dev/null |
    awk -F"$TAB" '$3 ~ /drain|down|fail/ { print $1 }' > "$T/out"
$MYRIAD -F /dev/null $ARGS -c 'list-gpus -o tsv' 2> /dev/null |
    awk -F"$TAB" 'NR == FNR { out[$1] = 1; next }
	FNR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
	$1 in out { next }
	{ s = $k["fabric_state"]; t = $k["fabric_status"]
	  b = $k["fabric_bandwidth"] }
	(s == "In Progress" || (s == "Completed" && t != "" &&
	    t != "Success") || (b != "" && b != "N/A" && b != "Full")) &&
	    !seen[$1]++ { print $1 }' "$T/out" - > "$T/trays"
ok $(test -s "$T/trays"; echo $?) \
    "list-gpus: trays out of the fabric or degraded: $(tr '\n' ' ' \
    < "$T/trays")"

tm new-session -d -s m -x 250 -y 70 \
    "exec env LC_ALL=C.UTF-8 NO_COLOR=1 $MYRIAD -F /dev/null $ARGS"
poll $((TUI_WAIT * 3)) shows m "alerts [0-9]"
sleep 1

# The cell of each such tray: bold reverse in its domain's block.
marked() {
	tm capture-pane -p -e -t m > "$T/screen"
	python3 - "$T/screen" "$T/doms" "$T/trays" <<'EOF'
import re, sys
scr = open(sys.argv[1], encoding="utf-8").read().splitlines()
doms = {}
for l in open(sys.argv[2]).read().splitlines()[1:]:
    f = l.split("\t")
    m = re.match(r"gpu\[(\d+)-(\d+)\]$", f[2])
    if m:
        doms[f[0]] = (int(m.group(1)), len(m.group(1)))
tok = re.compile(r"\x1b\[([0-9;]*)m|(.)")
for l in open(sys.argv[3]).read().splitlines():
    node = l.split("\t")[0]
    n = int(node[3:])
    for d, (first, w) in doms.items():
        if first <= n < first + 18:
            break
    else:
        print(node, "no domain"); continue
    got = None
    for line in scr:
        i = line.find(d + " ")
        if i < 0:
            continue
        rest = line[i + len(d) + 1:]
        # the verdict, then spaces, then 18 cells
        attr, cells, seen = "", [], 0
        for m in tok.finditer(rest):
            if m.group(1) is not None:
                for a in m.group(1).split(";"):
                    if a in ("", "0", "27"):
                        attr = ""
                    elif a == "7":
                        attr = "7"
                continue
            c = m.group(2)
            if seen < 2:
                if c == " " and seen == 0:
                    continue
                if c != " " and seen == 0:
                    seen = 1
                if c == " " and seen == 1:
                    seen = 2
                continue
            if c == " " and not cells:
                continue
            if c == " ":
                break
            cells.append((c, attr == "7"))
        got = cells
        break
    if got is None or len(got) <= n - first:
        print(node, "no cell")
    elif not got[n - first][1]:
        print(node, "not marked")
    else:
        print(node, "marked")
EOF
}
wait_is "$(sed 's/$/ marked/' "$T/trays")" \
    "250x70: each such tray's cell is marked in its block" marked

# The Needs attention list names each one, with its problem.
listed() {
	screen m > "$T/text"
	while IFS="$TAB" read -r n p; do
		grep -qF "$n" "$T/text" || continue
		grep -Eq "$n +r[0-9]+ +$p" "$T/text" || echo "$n: not '$p'"
	done < "$T/alerts"
}
wait_is "" "the Needs attention list gives each one's problem" listed
like "$(screen m | grep -c 'IMEX DOWN: cut off from its 17 peers')" '^[1-9]' \
    "... among them a tray cut off from IMEX"

done_testing
