#!/bin/sh
# Burn-in of faulty MI300X nodes on the simulator: its rvs fails a GPU
# with uncorrectable ECC errors (the summary's babel rows FAIL; from level
# 3 its gst lines name the GPU, met: FALSE), a node whose GPU is lost (rvs
# lists 7: the actions that passed passed on those 7, not 8) and XGMI links
# down (pbqt FAIL); on-fail=drain drains them, on-pass=resume resumes none
# (the sound one is idle: not drained).
# A node that passed reads pass 0-7 at level 2, as an NVIDIA node does.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 0.2; };\n' > "$T/conf"
M="$MYRIAD -F $T/conf --seed 1 --fault-rate 0.3 --sim 1000 --sim-time 1790000000
    --sim-mix h100:1,mi300x:1,910b:1,a3:1,k100:1"

# The faults, as the simulator's amd-smi shows them.
gpus=$($M -o tsv -c 'list-gpus -w vendor=amd gpu[0025,0029,0030,0044]')
is "$(printf '%s\n' "$gpus" | awk -F'\t' 'NR > 1 && $18 > 0 {
    printf "%s %s %s,", $1, $2, $18 }')" "gpu0025 2 6,gpu0025 5 6," \
    "gpu0025's GPUs 2 and 5 have uncorrectable ECC errors"
is "$(printf '%s\n' "$gpus" | awk -F'\t' '$1 == "gpu0030"' | wc -l)" 7 \
    "gpu0030 has 7 of its 8 GPUs"
like "$($M sim-tool amd-smi --node gpu0044 topology)" DISABLED \
    "gpu0044 has XGMI links down"
is "$(printf '%s\n' "$gpus" | awk -F'\t' '$1 == "gpu0029" && $18 == 0' |
    wc -l):$($M sim-tool amd-smi --node gpu0029 topology | grep -c DISABLED)" \
    8:0 "gpu0029 is sound: 8 GPUs, no errors, no link down"

# What its rvs prints: FAIL rows, in rvs's words.
$M sim-tool rvs --node gpu0025 -r 2 > "$T/rvs"
$MYRIAD -F /dev/null -o tsv -c "parse rvs $T/rvs" > "$T/rvs.tsv"
is "$(awk -F'\t' '$4 == "fail" { printf "%s %s,", $1, $3 }' "$T/rvs.tsv")" \
    "hbm_basic ," "gpu0025 rvs -r 2: hbm_basic fails, the node's (no GPU)"
$M sim-tool rvs --node gpu0025 -r 3 > "$T/rvs"
$MYRIAD -F /dev/null -o tsv -c "parse rvs $T/rvs" > "$T/rvs.tsv"
is "$(awk -F'\t' '$1 == "compute-fp8-trig" && $4 == "fail" {
    printf "%s,", $3 }' "$T/rvs.tsv")" ",2,5," \
    "rvs -r 3: compute-fp8-trig fails on GPUs 2 and 5"
like "$(grep 'GPU:: .*met: FALSE' "$T/rvs" | head -1)" \
    '^\[RESULT\] \[[0-9.]+\] \[compute-fp8-trig\] \[GPU:: +[0-9]+\] GFLOPS [0-9]+ Target GFLOPS: 981000 met: FALSE$' \
    "in gst's own line"
$M sim-tool rvs --node gpu0044 -r 2 > "$T/rvs"
$MYRIAD -F /dev/null -o tsv -c "parse rvs $T/rvs" > "$T/rvs.tsv"
is "$(awk -F'\t' '$4 == "fail" { printf "%s %s %s,", $1, $2, $3 }' \
    "$T/rvs.tsv")" "xgmi_interface PBQT ," \
    "gpu0044 rvs -r 2: xgmi_interface fails"

$M -y -c 'burnin -f gpu[0025,0029,0030,0044] level=2 on-fail=drain on-pass=resume' \
    > "$T/out" 2> "$T/err"
is "$?" 3 "burnin of three faulty AMD nodes and a sound one: exit 3"
is "$(grep -A2 '^gpu' "$T/out" | grep -v '^--' | paste -d' ' - - |
    tr '\n' ,)" \
    "gpu0025 (1) failed: hbm_basic; drained,gpu0029 (1) ok: passed; not drained (idle),gpu0030 (1) failed: GPUs: the diagnostic saw 7 of the node's 8 GPUs, though rvs passed it; drained,gpu0044 (1) failed: xgmi_interface; drained," \
    "each fails with what failed, and is drained; the sound one passes"
run=$(ls "$XDG_STATE_HOME/myriad/burnin" | sed 's/\.jsonl$//')
$M -o tsv -c "list-burnins $run" > "$T/rows"
is "$(awk -F'\t' 'NR > 1 { printf "%s %s %s,", $2, $3, $6 }' "$T/rows")" \
    "gpu0025 failed pass 0-7,gpu0029 passed pass 0-7,gpu0030 failed pass 0-6,gpu0044 failed pass 0-7," \
    "list-burnins: the GPUs rvs ran on, as dcgmi's read"
is "$($M -o tsv -c 'list-nodes gpu[0025,0029,0030,0044]' |
    awk -F'\t' 'NR > 1 { printf "%s %s,", $1, $3 }')" \
    "gpu0025 draining,gpu0029 idle,gpu0030 drained,gpu0044 drained," \
    "the failed drained (gpu0025 runs a job: draining), the sound one idle"

# Level 3: gst names the GPUs with the errors.
rm -rf "$XDG_STATE_HOME/myriad/burnin"
$M -y -c 'burnin -f gpu0025 level=3' > "$T/out" 2> "$T/err"
is "$?" 1 "level 3 of gpu0025: exit 1"
like "$(grep -A2 '^gpu0025' "$T/out" | tail -1)" \
    '^failed: GPU 2,5: hbm_mid, compute-fp8-trig.*: compute-fp8-trig GPU 2: GFLOPS [0-9]+ Target GFLOPS: 981000 met: FALSE' \
    "its failing GPUs named, with gst's line"
done_testing
