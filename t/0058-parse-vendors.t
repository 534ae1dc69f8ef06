#!/bin/sh
# parse of the other vendors' tools: another tool's output is said once,
# as what it is not; hccn_tool's net health is in the table; an amd-smi
# topology of GPUs on PCIe only says why it has no record.
. t/lib/tap.sh

F=${MYRIAD_FIXTURES:-../shared/fixtures}
M="$MYRIAD -F /dev/null"

for k in hy-smi:t/data/npu-smi-info-910B3-24.1.rc1.b030.txt \
    hccn-tool:t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt \
    npu-smi:t/data/hysmi-k100ai-4dcu-dtk24.04.1.txt; do
	kind=${k%%:*} file=${k#*:}
	$M -c "parse $kind $file" > "$T/out" 2> "$T/err"
	rc=$?
	what=$(echo "$kind" | sed 's/-tool/_tool/')
	is "$rc:$(grep -c "not $what output" "$T/err"):$(wc -l < "$T/err")" \
	    "1:1:2" "parse $kind of another tool's file: said once, exit 1"
done

printf '%s\n' 'hccn_tool -i 0 -net_health -g' 'net health status: Fault' \
    'hccn_tool -i 0 -link -g' 'link status: UP' > "$T/hccn"
$M -c "parse hccn-tool $T/hccn" > "$T/out" 2> "$T/err"
ok $? "parse hccn-tool of -net_health and -link"
is "$(awk 'NR == 1 { print $NF } NR == 2 { print $2, $NF }' "$T/out")" \
"HEALTH
npu0 Fault" "the table shows its net health"
$M -o tsv -c "parse hccn-tool t/data/hccn-link-stat-device-doc.txt" \
    > "$T/tsv" 2>&1
like "$(head -1 "$T/tsv")" '	health(	|$)' "... tsv keeps its columns"

if [ -r "$F/amd/amd-smi-topology-json-2gpu-pcie.json" ]; then
	$M -c "parse amd-smi $F/amd/amd-smi-topology-json-2gpu-pcie.json" \
	    > "$T/out" 2> "$T/err"
	is "$?:$(cat "$T/out")" "0:" "amd-smi topology on PCIe: no record"
	like "$(cat "$T/err")" 'no record: .*XGMI.*PCIe' "... and says why"
else
	skip 2 "no fixtures"
fi

done_testing
