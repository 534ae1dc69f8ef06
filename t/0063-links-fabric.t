#!/bin/sh
# inspect-links judges each NVIDIA GPU's scale-up fabric where the GPU
# query asks nvidia-smi for fabric.* (probe.gpus): every fabric or
# degraded row is one the simulated nvidia-smi prints so for that GPU
# (state not Completed, status not Success, health not Healthy, bandwidth
# not Full, a clique or ClusterUUID not its node's), and none is left out;
# Not Supported and N/A are never one.  With -a each GPU whose fabric has
# no finding is a row, ok; verdict=fabric filters; the exit status.
#
# MYRIAD_FABRIC_SIM names the simulated cluster: by default H100s, whose
# fabric is Completed, Success, clique 0 (nothing to find, every GPU ok).
# t/0064 runs the same checks on NVL72 racks of GB200 trays with faults.
. t/lib/tap.sh

TAB=$(printf '\t')
SIM=${MYRIAD_FABRIC_SIM:---sim 256 --fault-rate 0}
M="$MYRIAD $SIM --seed 1 --sim-time 1800000000"
FABRIC=fabric.state,fabric.status,fabric.cliqueId,fabric.clusterUuid
FABRIC=$FABRIC,fabric.health.summary,fabric.health.bandwidth

# probe.gpus: the default query and fabric.*.
q=$($MYRIAD -F /dev/null -c 'list-options -o tsv' |
    awk -F"$TAB" '$1 == "probe.gpus" { print $3 }')
like "$q" '^nvidia-smi --query-gpu=index,.* --format=' \
    "the default probe.gpus: $(echo "$q" | cut -c1-40)..."
q=$(echo "$q" | sed "s/ --format=/,$FABRIC --format=/")
printf 'probe = {\n\tgpus = "%s";\n};\n' "$q" >"$T/fabric.conf"
M="$M -F $T/fabric.conf"
NODES=$($M -o tsv -c list-nodes 2>/dev/null |
    awk -F"$TAB" 'NR > 1 && NR <= 33 { print $1 }')
SET=$(echo $NODES | tr ' ' ',')

# What nvidia-smi's fabric.* say of each GPU: "node gpu verdict" a
# finding, and "node gpu ok" a GPU whose fabric has none.  The node's
# clique is the one most of its GPUs are in, the first GPU's on a tie.
for n in $NODES; do
	$M sim-tool nvidia-smi --node "$n" --query-gpu=index,$FABRIC \
	    --format=csv,noheader,nounits 2>/dev/null |
	    awk -F', ' -v n="$n" '
	    function said(w) {
		return w != "" && w != "N/A" && w != "[N/A]" &&
		    w != "Not Supported"
	    }
	    function same(a, b) {
		return cl[a] == cl[b] && (!said(uu[a]) || !said(uu[b]) ||
		    uu[a] == uu[b])
	    }
	    $1 ~ /^[0-9]+$/ && said($2) {
		g[++k] = $1; st[k] = $2; ss[k] = $3; cl[k] = $4; uu[k] = $5
		he[k] = $6; bw[k] = $7; in_cl[k] = $4 ~ /^[0-9]+$/
	    }
	    END {
		best = 0
		for (i = 1; i <= k; i++) {
			if (!in_cl[i])
				continue
			c = 0
			for (j = 1; j <= k; j++)
				if (in_cl[j] && same(i, j))
					c++
			if (c > best) { best = c; ref = i }
		}
		for (i = 1; i <= k; i++) {
			f = 0
			if (st[i] != "Completed") {
				print n, g[i], "fabric"; f++
			}
			if (st[i] == "Completed" && said(ss[i]) &&
			    ss[i] != "Success") { print n, g[i], "fabric"; f++ }
			if (said(he[i]) && he[i] != "Healthy") {
				print n, g[i], "degraded"; f++
			}
			if (said(bw[i]) && bw[i] != "Full") {
				print n, g[i], "degraded"; f++
			}
			if (best > 0 && in_cl[i] && !same(i, ref)) {
				print n, g[i], "fabric"; f++
			}
			if (f == 0)
				print n, g[i], "ok"
		}
	    }'
done >"$T/said"
grep -v ' ok$' "$T/said" | sort >"$T/want"
grep ' ok$' "$T/said" | sort >"$T/want-ok"
like "$(wc -l <"$T/said" | tr -d ' ')" '^[1-9]' \
    "the simulated nvidia-smi says a fabric ($(wc -l <"$T/said" |
    tr -d ' ') GPUs of $(echo $NODES | wc -w) nodes)"

# The fabric's rows of inspect-links: a GPU's, with no link, and a why
# of the fabric's.
fabric_rows() {
	awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $c["link"] == "" && $c["gpu"] != "" &&
	    ($c["why"] ~ /^(fabric|clique|cluster) / || $c["why"] == "fabric") {
	    print $c["node"], $c["gpu"], $c["verdict"] }' "$1" | sort
}

$M -o tsv -c "inspect-links -i 0 $SET" >"$T/links.tsv" 2>"$T/err"
rc=$?
fabric_rows "$T/links.tsv" >"$T/got"
diff "$T/want" "$T/got" >"$T/diff"
ok $? "each fabric finding nvidia-smi says is a row, and only they" ||
    diag "$(head -20 "$T/diff")"

$M -o tsv -c "inspect-links -a -i 0 $SET" >"$T/all.tsv" 2>"$T/err"
fabric_rows "$T/all.tsv" | grep ' ok$' >"$T/got-ok"
like "$(wc -l <"$T/got-ok" | tr -d ' ')" '^[1-9]' \
    "-a: GPUs whose fabric has no finding are rows ($(wc -l \
    <"$T/got-ok" | tr -d ' '))"
diff "$T/want-ok" "$T/got-ok" >"$T/diff"
ok $? "-a: each is a GPU whose fabric nvidia-smi says is sound" ||
    diag "$(head -20 "$T/diff")"
awk -F"$TAB" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["why"] ~ /^fabric clique / && $c["state"] !~ /^Completed/ {
    bad++ } END { exit bad > 0 }' "$T/all.tsv"
ok $? "-a: an ok fabric row's state is its fabric's, Completed"

# -w verdict=fabric: a verdict word, and the exit status its rows give.
$M -o tsv -c "inspect-links -i 0 -w verdict=fabric $SET" \
    >"$T/fab.tsv" 2>"$T/err"
rc=$?
grep ' fabric$' "$T/want" >"$T/want-fab"
if [ -s "$T/want-fab" ]; then want=3; else want=0; fi
is "$rc" "$want" "-w verdict=fabric: exit $want ($(wc -l <"$T/want-fab" |
    tr -d ' ') fabric findings)"
is "$(cat "$T/err")" "" "-w verdict=fabric: no error"
fabric_rows "$T/fab.tsv" >"$T/got-fab"
diff "$T/want-fab" "$T/got-fab" >/dev/null
ok $? "-w verdict=fabric: the fabric rows only"

# JSON: a row of each GPU with a fabric, its state, no link.
first=$(echo $NODES | cut -d' ' -f1)
$M -o json -c "inspect-links -a -i 0 $first" >"$T/first.json" 2>"$T/err"
is "$(grep -c '"link":null,"state":"[A-Z][a-z]' "$T/first.json")" \
    "$(grep -c "^$first " "$T/said")" \
    "-o json: $first's GPUs with a fabric, each a row with no link"

done_testing
