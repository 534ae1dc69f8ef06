#!/bin/sh
# parse nvidia-smi-q, imex, and nvsmi-csv's fabric.* on the simulator's
# nvidia-smi and the public nvidia-imex-ctl captures of t/data: the JSON
# keys and values of myriad(1), what is refused and its exit status.
. t/lib/tap.sh

M=$MYRIAD

$M sim-tool nvidia-smi --node gpu0001 -q > "$T/q" 2>"$T/err"
is "$?" 0 "the simulator's nvidia-smi -q"
out=$($M -o json -c "parse nvidia-smi-q $T/q" 2>"$T/err")
is "$?:$(cat "$T/err")" "0:" "parse nvidia-smi-q: exit 0, no error"
is "$(printf '%s\n' "$out" | grep -c '"state":"Completed"')" 8 \
    "a record a GPU, each Completed"
like "$out" '"bus_id":"00000000:18:00.0","state":"Completed",'\
'"status":"Success","clique_id":0,'\
'"cluster_uuid":"00000000-0000-0000-0000-000000000000",'\
'"health":null,"bandwidth":null' \
    "the JSON keys, N/A as null"

$M sim-tool nvidia-smi --node gpu0001 \
    --query-gpu=index,fabric.state,fabric.cliqueId,fabric.clusterUuid \
    --format=csv > "$T/csv"
out=$($M -o tsv -c "parse nvsmi-csv $T/csv" 2>"$T/err")
is "$?:$(cat "$T/err")" "0:" "parse nvsmi-csv with fabric.*: no error"
col() {	# col NAME: that column of $out's first row, by its header
	printf '%s\n' "$out" | awk -F '\t' -v n="$1" \
	    'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) c = i }
	    NR == 2 { print $c }'
}
is "$(col fabric_state):$(col clique_id):$(col cluster_uuid)" \
    "Completed:0:00000000-0000-0000-0000-000000000000" \
    "fabric.state, fabric.cliqueId, fabric.clusterUuid read"

I18=t/data/imex-ctl-N-570.172-p6e-gb200-18nodes.txt
out=$($M -o tsv -c "parse imex $I18")
is "$?" 0 "parse imex: exit 0"
is "$(printf '%s\n' "$out" | head -n 1)" \
    "$(printf 'id\taddress\tstate\tversion\tconnected\tlinks\tdomain')" \
    "imex: its columns"
is "$(printf '%s\n' "$out" | sed -n 19p | cut -f1-5,7)" \
    "$(printf '17\t172.31.56.47\tREADY\t570.172\t18\tUP')" "imex: node #17"
out=$($M -o tsv -c "parse -w connected<18 imex $I18")
is "$out" "$(printf 'id\taddress\tstate\tversion\tconnected\tlinks\tdomain')" \
    "imex -w connected<18: the header, no node"

$M -c "parse imex $T/q" > "$T/out" 2>"$T/err"
is "$?" 1 "imex on nvidia-smi -q: refused, exit 1"
like "$(cat "$T/err")" "q: not nvidia-imex-ctl -N" "... saying so"
is "$(grep -c 'not nvidia-imex-ctl' "$T/err")" 1 "... once"
$M -c "parse nvidia-smi-q t/data/imex-ctl-N-570.00-gh200-2nodes.txt" \
    > "$T/out" 2>"$T/err"
is "$?" 1 "nvidia-smi-q on imex output: refused, exit 1"

done_testing
