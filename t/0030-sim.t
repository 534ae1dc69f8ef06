#!/bin/sh
# myriad sim-tool: the simulator prints the real tools' formats, and those
# bytes read back through the parsers into the same records.
. t/lib/tap.sh

S="$MYRIAD --sim-time 1800000000 --seed 1 sim-tool"
M="$MYRIAD --sim-time 1800000000 --seed 1"

out=$($S nvidia-smi --node gpu0001 --query-gpu=index,name,temperature.gpu,memory.total --format=csv)
is "$(printf '%s\n' "$out" | head -1)" "index, name, temperature.gpu, memory.total [MiB]" \
    "nvidia-smi csv header, as the real tool prints it"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 9 "a header and 8 GPUs"
like "$(printf '%s\n' "$out" | sed -n 2p)" '^0, NVIDIA H100 80GB HBM3, [0-9]+, 81559 MiB$' "a GPU line with units"
printf '%s\n' "$out" > "$T/q.csv"
is "$($M -c "parse -o tsv nvsmi-csv $T/q.csv" | tail -n +2 | wc -l | tr -d ' ')" 8 \
    "the output parses back into 8 GPU records"
out=$($S nvidia-smi --node gpu0001 --query-gpu=index,uuid,utilization.gpu,memory.used,power.draw --format=csv,noheader,nounits)
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 8 "noheader: 8 lines"
like "$(printf '%s\n' "$out" | head -1)" '^0, GPU-[0-9a-f-]+, [0-9]+, [0-9]+, [0-9]+\.[0-9]{2}$' "nounits: bare numbers"
$S nvidia-smi --node gpu0001 --query-gpu=no.such.field --format=csv >/dev/null 2>"$T/err"
[ $? -ne 0 ]; ok $? "an unknown query field fails like nvidia-smi"

timeout 1 $MYRIAD --seed 1 sim-tool nvidia-smi --node gpu0001 --query-gpu=index,utilization.gpu \
    --format=csv,noheader,nounits -lms 200 > "$T/loop"
n=$(wc -l < "$T/loop")
[ "$n" -ge 24 ] && [ "$n" -le 48 ]; ok $? "-lms 200 prints a sample every 200 ms until killed ($n lines in 1 s)"
is "$($M -c "parse -o tsv nvsmi-csv $T/loop index,utilization.gpu" | tail -n +2 | wc -l | tr -d ' ')" "$(echo $n)" \
    "loop output parses sample by sample"

$S nvidia-smi --node gpu0001 nvlink -s > "$T/nvl"
is "$(grep -c '^GPU ' "$T/nvl")" 8 "nvlink -s: 8 GPU headers"
is "$(grep -c 'Link [0-9]*:' "$T/nvl")" 144 "nvlink -s: 144 links"
is "$($M -c "parse -o tsv nvlink-status $T/nvl" | tail -n +2 | wc -l | tr -d ' ')" 144 "nvlink -s parses back"
$S nvidia-smi --node gpu0001 nvlink -e > "$T/nve"
like "$(cat "$T/nve")" 'Link 0: Replay Errors: [0-9]+' "nvlink -e: replay counters"

$S ipmitool --node gpu0001 -I lanplus -H gpu0001-bmc -U admin -P x -C 3 sdr elist > "$T/sdr"
like "$(head -1 "$T/sdr")" '^[A-Za-z0-9 _.-]+ +\| [0-9A-F]{2}h \| [a-z]+ +\| +[0-9]+\.[0-9]+ \|' "ipmitool sdr elist format"
n=$($M -c "parse -o tsv ipmi-sdr $T/sdr" | tail -n +2 | wc -l)
[ "$n" -ge 10 ]; ok $? "sdr elist parses back ($n sensors)"

$S ibstat --node gpu0001 > "$T/ib"
like "$(head -1 "$T/ib")" "^CA 'mlx5_0'" "ibstat starts with a CA block"
is "$($M -c "parse -o tsv ibstat $T/ib" | tail -n +2 | wc -l | tr -d ' ')" 8 "ibstat parses back into 8 ports"

$S sinfo -h -N -o '%N|%T|%P' > "$T/sinfo"
is "$(cut -d'|' -f1 "$T/sinfo" | sort -u | wc -l | tr -d ' ')" 1250 "sinfo -N: 1250 nodes (a line per partition)"
is "$($M -c "parse -o tsv sinfo $T/sinfo '%N|%T|%P'" | tail -n +2 | wc -l | tr -d ' ')" "$(wc -l < "$T/sinfo" | tr -d ' ')" "sinfo parses back"
$S sinfo -N -o '%N %T' | head -1 > "$T/hdr"
like "$(cat "$T/hdr")" '^NODELIST +STATE' "sinfo without -h prints a header"
$S squeue -h -o '%i|%u|%T|%D|%N' > "$T/sq"
n=$(wc -l < "$T/sq")
[ "$n" -ge 100 ]; ok $? "squeue: hundreds of jobs ($n)"
is "$($M -c "parse -o tsv squeue $T/sq '%i|%u|%T|%D|%N'" | tail -n +2 | wc -l | tr -d ' ')" "$(echo $n)" "squeue parses back"
big=$(awk -F'|' '$4 >= 64' "$T/sq" | wc -l)
[ "$big" -ge 1 ]; ok $? "jobs of 64 nodes and more ($big)"
$S scontrol --node gpu0001 show node -o gpu0001 > "$T/sc"
like "$(cat "$T/sc")" '^NodeName=gpu0001 ' "scontrol show node -o"
is "$($M -c "parse -o tsv scontrol-node $T/sc" | tail -n +2 | cut -f1)" gpu0001 "scontrol parses back"

$S dcgmi --node gpu0001 diag -r 1 > "$T/diag"
like "$(cat "$T/diag")" 'Diagnostic +\| Result' "dcgmi diag text table"
n=$($M -c "parse -o tsv dcgm-diag $T/diag" | tail -n +2 | wc -l)
[ "$n" -ge 1 ]; ok $? "dcgmi diag parses back ($n results)"
$S dcgmi --node gpu0001 diag -r 1 -j > "$T/diagj"
like "$(head -c 200 "$T/diagj")" '"DCGM Diagnostic"' "dcgmi diag -j JSON root, DCGM 4's"
n=$($M -c "parse -o tsv dcgm-diag $T/diagj" | tail -n +2 | wc -l)
[ "$n" -ge 1 ]; ok $? "dcgmi diag -j parses back ($n results)"

$S no-such-tool --node gpu0001 >/dev/null 2>&1; [ $? -ne 0 ]; ok $? "an unknown tool fails"
$S nvidia-smi --node gpu9999 >/dev/null 2>"$T/err"; is "$?" 2 "an unknown node exits 2"

a=$($S nvidia-smi --node gpu0042 --query-gpu=utilization.gpu,temperature.gpu --format=csv,noheader)
b=$($S nvidia-smi --node gpu0042 --query-gpu=utilization.gpu,temperature.gpu --format=csv,noheader)
is "$a" "$b" "the same time and seed print the same bytes"

# Faults: at a high rate, faults show; at rate 0, none.
$MYRIAD --sim-time 1800000000 --fault-rate 50 -c 'list-events -o tsv' > "$T/ev"
n=$(tail -n +2 "$T/ev" | wc -l)
[ "$n" -ge 10 ]; ok $? "a high fault rate makes events ($n)"
like "$($MYRIAD --sim-time 1800000000 --fault-rate 50 -c 'list-gpus -o tsv -w error~lost')" 'GPU is lost' \
    "a GPU that fell off the bus shows as lost"
like "$($MYRIAD --sim-time 1800000000 --fault-rate 50 -c 'list-nodes -o tsv -w reachable!=yes')" 'gpu[0-9]+' \
    "unreachable nodes show with their reason"
n=$($MYRIAD --sim-time 1800000000 --fault-rate 0 -c 'list-gpus -o tsv -w error~lost' | tail -n +2 | wc -l)
is "$n" 0 "no lost GPUs at fault rate 0"

# Slurm ends a job at its time limit: no running job is past it.
for t in 1800000000 1800100000 1800600000; do
	$MYRIAD --sim-time $t -c 'list-jobs -o tsv -w state=RUNNING'
done | awk -F'\t' 'NR > 1 && $9 ~ /^[0-9]+$/ && $9 + 0 > $10 + 0' > "$T/over"
is "$(head -3 "$T/over")" "" "no running job is past its time limit"

# An unknown tool is not found, as bash says, with bash's 127; a global
# option after sim-tool is said to be misplaced.
$S bogus --node gpu0001 > /dev/null 2> "$T/err"
is "$?" 127 "an unknown tool exits 127, as bash does"
is "$(cat "$T/err")" "bash: line 1: bogus: command not found" "in bash's words"
$MYRIAD sim-tool --sim-time 1800000000 squeue > /dev/null 2> "$T/err"
is "$?" 2 "a global option after sim-tool: exit 2"
like "$(head -1 "$T/err")" "^myriad: sim-tool: --sim-time: options must come before sim-tool$" \
    "a global option after sim-tool is said to be misplaced"

# dmesg and journalctl take their real options, in getopt's words when
# they do not know one; those the simulator does not print are said so.
K="$MYRIAD --sim 64 --seed 1 --fault-rate 50 --sim-time 1801000000 sim-tool"
$K dmesg --node gpu0002 -q > /dev/null 2> "$T/err"
is "$(head -1 "$T/err")" "dmesg: invalid option -- 'q'" "dmesg: a short option, getopt's words"
$K dmesg --node gpu0002 --bogus > /dev/null 2> "$T/err"
is "$(head -1 "$T/err")" "dmesg: unrecognized option '--bogus'" "dmesg: a long one"
$K dmesg --node gpu0002 --since=bogus > /dev/null 2> "$T/err"
is "$(cat "$T/err")" 'dmesg: invalid time value "bogus"' "dmesg --since=: the value alone is said"
is "$($K dmesg --node gpu0002 --since=-1000000h | wc -l)" "$($K dmesg --node gpu0002 | wc -l)" \
    "dmesg --since=-1000000h: systemd.time's relative form"
like "$($K dmesg --node gpu0002 -l err 2>&1)" "^dmesg: the simulator does not print log levels$" \
    "dmesg -l: refused, said"
like "$($K dmesg --node gpu0002 -w 2>&1)" "^dmesg: the simulator does not print -w" "dmesg -w: refused, said"
all=$($K journalctl --node gpu0002 -k | wc -l)
for since in "-1000000h" "1000000 hours ago" "yesterday"; do
	$K journalctl --node gpu0002 -k --since "$since" > /dev/null
	ok $? "journalctl -k --since '$since'"
done
is "$($K journalctl --node gpu0002 -k -S=-1000000h 2>&1 | wc -l)" 1 "-S=X is -S with '=X', as getopt reads it"
is "$($K journalctl --node gpu0002 -k --since=-1000000h -b | wc -l)" "$all" "--since=-1000000h -b"
is "$($K journalctl --node gpu0002 -k -n 2 | wc -l)" 2 "journalctl -k -n 2: the last two lines"
is "$($K journalctl --node gpu0002 -k -n 2)" "$($K journalctl --node gpu0002 -k | tail -2)" "the same as tail -2"
like "$($K journalctl --node gpu0002 -k -f 2>&1)" "^journalctl: the simulator does not print -f" "journalctl -f: refused, said"
is "$($K journalctl --node gpu0002 -kxe | wc -l)" "$all" "journalctl -kxe: bundled, as getopt takes them"
$K journalctl --node gpu0002 -k -z > /dev/null 2> "$T/err"
is "$(cat "$T/err")" "journalctl: invalid option -- 'z'" "journalctl: getopt's words"

done_testing
