#!/bin/sh
# myriad parse on damaged output: a cut last line, a NUL, a decimal comma,
# a number no sensor reads, an empty file.  Each is refused with FILE:LINE
# and an exit status that says so, never read as a smaller number.
. t/lib/tap.sh

M=$MYRIAD

# parse KIND DATA [FMT]: run parse on DATA (printf format) as a file;
# $out, $err and $rc are what it printed and returned.
parse() {
	printf "$2" > "$T/in"
	out=$($M -c "parse -o tsv $1 $T/in${3:+ '$3'}" 2>"$T/err")
	rc=$?
	err=$(cat "$T/err")
}

for k in nvsmi-csv nvlink-status nvlink-errors ipmi-sdr ipmi-sensor sinfo \
    squeue scontrol-node ibstat perfquery dcgm-diag xid amd-smi rocm-smi \
    hccn-tool hy-smi rvs nvidia-smi-q imex; do
	parse $k ''
	is "$rc:$err" "1:myriad: parse: $T/in: empty" "$k: an empty file is an error"
done
# A Fabric block cut in its last line: that GPU is not read, the one
# before is; an IMEX Domain State cut is no state.
parse nvidia-smi-q 'GPU 00000000:07:00.0\n    Fabric\n        CliqueId  : 12
GPU 00000000:18:00.0\n    Fabric\n        CliqueId  : 1'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,5 | tr '\n\t' ' :')" \
    "3:00000000:07:00.0:12 " "nvidia-smi-q cut: the GPU before, exit 3"
like "$err" "in:6: no newline at the end" "nvidia-smi-q cut: FILE:LINE"
parse imex 'Nodes:\nNode #0   - 10.0.0.1   - READY\nDomain State: U'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f3,7)" "3:READY	" \
    "imex Domain State cut: the node, no state, exit 3"

parse xid '\357\273\277\n  \n'
is "$rc:$err" "1:myriad: parse: $T/in: empty" "a byte order mark and blanks are empty"

# 81559 MiB cut to 81: the last line has no newline.
parse nvsmi-csv 'index, memory.total [MiB]\n0, 81559 MiB\n1, 81'
is "$rc" 3 "a cut last row: exit 3, the rows before read"
is "$(printf '%s\n' "$out" | cut -f2,9 | tail -n +2 | tr '\n\t' ' :')" "0:81559 " \
    "the cut row is no GPU with 81 MiB"
like "$err" "in:3: no newline at the end" "the cut is said with FILE:LINE"

# squeue's JOBID is right-aligned: a last line cut in its leading blanks
# is a cut line too, not a line of nothing.
parse squeue '             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n               101       gpu    train    alice  R       1:00      1 gpu0001\n     '
is "$rc" 3 "squeue cut in the blanks before its JOBID: exit 3"
like "$err" "in:3: no newline at the end" "and the cut is said with FILE:LINE"

parse xid '[ 1.5] NVRM: Xid (PCI:0000:9b:00): 6'
is "$rc" 1 "Xid 63 cut to 6: refused, exit 1"
like "$err" "in:1: no newline" "Xid cut: FILE:LINE"

parse ipmi-sdr 'Inlet Temp | 25,5 degrees C | ok\nFan 1 | 9000 RPM | ok\n'
is "$rc" 3 "an IPMI decimal comma: exit 3"
like "$err" "in:1: reading: '25,5' has a decimal comma" "25,5 degrees C is an error, not 25"
is "$(printf '%s\n' "$out" | tail -n +2 | cut -f2,4 | tr '\n\t' ' :')" \
    "Inlet Temp: Fan 1:9000.00 " \
    "the row is printed with its reading null, as the man page says"

parse ipmi-sensor 'CPU1 Temp | 25,500 | degrees C | ok | na | na | na | 90.000 | 95.000 | na\nFan 1 | 9000.000 | RPM | ok | na | na | na | na | na | na\n'
is "$rc" 3 "ipmi-sensor with a decimal comma: exit 3"
like "$err" "in:1: reading: '25,500' has a decimal comma" "said with FILE:LINE"
is "$(printf '%s\n' "$out" | tail -n +2 | cut -f2,4,12 | tr '\n\t' ' :')" \
    "CPU1 Temp::95.00 Fan 1:9000.00: " \
    "its record kept: the reading null, the rest read"

parse nvsmi-csv '0, 4\000\065\n1, 45\n' 'index,temperature.gpu'
is "$rc" 3 "a NUL byte in a row: exit 3"
like "$err" "in:1: a NUL byte in the line" "NUL: FILE:LINE"
is "$(printf '%s\n' "$out" | tail -n +2 | wc -l | tr -d ' ')" 1 "the row with a NUL is not read as 4 C"

parse nvsmi-csv '\357\273\277index, temperature.gpu\n0, 45\n'
is "$rc:$err" "0:" "a leading byte order mark is skipped"

parse nvsmi-csv '0, 1e23\n' 'index,temperature.gpu'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,10)" "3:0	" \
    "a GPU at 1e23 C: its temperature refused, exit 3"
like "$err" "in:1: temperature.gpu: 1e\\+23 is out of range" "1e23: says out of range"

parse nvsmi-csv '0, 99999999999999999999999\n' 'index,ecc.errors.corrected.volatile.total'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,17)" "3:0	" \
    "ECC count past 2^64: refused, exit 3"
like "$err" "in:1: ecc.errors.corrected.volatile.total: '9+' is past 2\\^64" \
    "past 2^64: said, not a silent null"

parse nvsmi-csv 'index, temperature.gpu\r\n0, 45\r\n'
is "$rc:$err" "0:" "CRLF lines read as LF lines"

parse perfquery '# PortRcvErrorDetails counters: Lid 1719 port 1\nPortSelect:......1\nPortLocalPhysicalErrors:.....0\n'
is "$rc" 1 "perfquery -E: nothing readable, exit 1"
like "$err" "PortRcvErrorDetails counters are not read" "perfquery -E: says what was not understood"

parse dcgm-diag '+---------------------------+------------------------------------------------+\n| Diagnostic                | Result                                         |\n+=====  Deployment  ========+================================================+\n| Denylist                  | Pass                                           |\n| NVML Library              | Pass                                           |\n'
is "$rc" 3 "a dcgmi table without its last border: exit 3"
like "$err" "the table is cut short" "a truncated table says so"

printf '0, 45\n1, 4' > "$T/in"
$M -c "parse -o json nvsmi-csv $T/in index,temperature.gpu" > "$T/json" 2>/dev/null
is "$?" 3 "json: exit 3 with a cut row"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d) != 1)' "$T/json"
ok $? "json: still one valid document, with the row read"

# Huawei Ascend npu-smi info: two rows a chip, a border after them.
H='| NPU   Name     | Health | Power(W)  Temp(C)  Hugepages-Usage(page) |\n| Chip           | Bus-Id | AICore(%%) Memory-Usage(MB) HBM-Usage(MB) |\n+====+\n'
R1='| 0     910B2    | OK     | 107.3     43       0    / 0 |\n'
R2='| 0              | 0000:C1:00.0 | 0  0 / 0  3862 / 65536 |\n'
parse npu-smi ''
is "$rc:$err" "1:myriad: parse: $T/in: empty" "npu-smi: an empty file is an error"
parse npu-smi "$H$R1$R2+====+\n"
is "$rc:$err:$(printf '%s\n' "$out" | tail -n +2 | cut -f8,12)" "0::3862	107" \
    "npu-smi: a whole table, its chip read"
parse npu-smi "$H$R1+====+\n"
is "$rc" 1 "npu-smi: a chip without its second row: nothing, exit 1"
like "$err" "in:4: npu-smi: the chip's second row is missing" "... said with FILE:LINE"
parse npu-smi "$H$R1$R2"
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | wc -l | tr -d ' ')" "3:1" \
    "npu-smi: no border after the last chip: its chip, exit 3"
like "$err" "in:5: npu-smi: the table is cut short" "... the table is cut short"
parse npu-smi "$H$R1$R2+==="
is "$rc" 3 "npu-smi: the last border cut: exit 3"
like "$err" "in:6: no newline at the end" "... said with FILE:LINE"
parse npu-smi "$H| 0     910B2    | OK     | 10\0007.3     43       0    / 0 |\n$R2+====+\n"
is "$rc" 1 "npu-smi: a NUL in a chip's row: no chip, exit 1"
like "$err" "in:4: a NUL byte in the line" "... said with FILE:LINE"
parse npu-smi "$H| 0     910B2    | OK     | 1e23      43       0    / 0 |\n$R2+====+\n"
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f8,12)" "3:3862	" \
    "npu-smi: 1e23 W refused, the chip kept without it"
# AMD: a monitor row cut in its power, a cut JSON, a NUL in a block.
parse amd-smi 'GPU  POWER  GPU_TEMP\n  0  171 W     32 \302\260C\n  1  17'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,12)" "3:0	171" \
    "amd-smi monitor: a cut row refused, never 17 W"
like "$err" "in:3: no newline at the end" "amd-smi monitor: with its line"
parse amd-smi '[{"gpu": 0, "power": {"socket_power": {"value": 17'
is "$rc" 1 "amd-smi --json cut short: nothing readable, exit 1"
parse amd-smi 'GPU: 0\n    POWER:\n        SOCKET_POWER: 1\0007 W\n'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,12)" "3:0	" \
    "amd-smi metric: a NUL in a number, the power null"
parse rocm-smi '{"card0": {"GPU use (%%)": "25,5"}}\n'
like "$rc:$err" "^3:.*in:1: GPU use \\(%\\): '25,5' has a decimal comma" \
    "rocm-smi --json: a decimal comma refused"
# hy-smi: 85% cut to 8 is no DCU at 8%; a table without its End of SMI
# Log may be cut.
parse hy-smi 'DCU     Temp     DCU%%\n0       49.0C    12%%\n1       48.0C    8'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2 | tr '\n' ' ')" "3:0 " \
    "hy-smi cut mid-row: exit 3, DCU 1 not read"
like "$err" "in:3: no newline at the end" "hy-smi: the cut with FILE:LINE"
parse hy-smi 'DCU     Temp     DCU%%\n0       49.0C    12%%\n'
like "$rc:$err" "^3:.*in:3: hy-smi: no End of SMI Log" \
    "hy-smi without End of SMI Log: said, exit 3"

# rvs: a summary cut before its closing line may have lost actions; a
# result word cut (PAS) is no PASS.
RVSHEAD='| ROCm Validation Suite (RVS) Summary |\n| Action Name | Module | Result |\n'
parse rvs "$RVSHEAD"'| gst-a | GST | PASS |\n'
like "$rc:$err" "^3:.*in:3: rvs: the summary does not end" \
    "rvs summary without its closing line: said, exit 3"
parse rvs "$RVSHEAD"'| gst-a | GST | PASS |\n| iet-b | IET | PAS'
like "$rc:$err" "^3:.*in:4: no newline at the end" \
    "rvs summary cut mid-row: exit 3, with FILE:LINE"
is "$(printf '%s\n' "$out" | tail -n +2 | cut -f1 | tr '\n' ' ')" "gst-a " \
    "rvs cut: the row before read, the cut one not"

# hccn_tool: a count cut is no smaller count; a bare output needs its -i.
parse hccn-tool '[devid 0]link up count       : 12\n[devid 1]link up count       : 1'
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2 | tr '\n' ' ')" "3:npu0 " \
    "hccn_tool cut: exit 3, npu1's count not read"
parse hccn-tool 'link status: DOWN\n'
like "$rc:$err" "^1:.*in:1: hccn_tool: which device is not known" \
    "hccn_tool -link bare: which device, said"
parse hccn-tool 'link status: DOWN\n' 3
is "$rc:$(printf '%s\n' "$out" | tail -n +2 | cut -f2,4)" "0:npu3	down" \
    "hccn_tool -link bare with its -i as fmt: npu3 down"

F=${MYRIAD_FIXTURES:-../shared/fixtures}
if [ -f "$F/dcgmi/l40s-x4-diag-dcgm423-pcie-fail-v4format-truncated.txt" ]; then
	$M -c "parse dcgm-diag $F/dcgmi/l40s-x4-diag-dcgm423-pcie-fail-v4format-truncated.txt" \
	    >/dev/null 2>"$T/err"
	is "$?" 3 "the truncated l40s capture: exit 3"
	like "$(cat "$T/err")" "truncated.txt:[0-9]+: the table is cut short" "and it says it is cut"
	$M -c "parse perfquery $F/infiniband/treydock-perfquery-E-rcverr-switch.txt" \
	    >/dev/null 2>"$T/err"
	like "$(cat "$T/err")" "switch.txt:1: perfquery: PortRcvErrorDetails" \
	    "perfquery -E capture: what was not understood"
else
	skip 3 "no fixtures"
fi

done_testing
