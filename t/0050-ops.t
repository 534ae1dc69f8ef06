#!/bin/sh
# Drain, resume, undrain and a burn-in's on-pass/on-fail on the simulator,
# in batch mode: resume acts on the nodes that are drained and says the
# others are not drained, which is no failure; a burn-in that resumes
# idle nodes does not fail; on-fail=drain keeps the node's Slurm reason
# first, then the verdict whole, the reason cut at a word to fit 256
# characters; drain takes
# scontrol's Reason= and refuses a reason of only spaces.
. t/lib/tap.sh
printf 'sim = { diag-seconds = 0.2; };\n' > "$T/conf"
M="$MYRIAD -F $T/conf --sim-time 1800000000 --seed 1"
export XDG_STATE_HOME="$T/state"
AUDIT=$XDG_STATE_HOME/myriad/audit.jsonl

# At this time gpu0080 and gpu0279 are drained, gpu0001 and gpu0008 idle,
# gpu0398 down; gpu0155's GPU 6 fails a burn-in, under NHC's reason.
is "$($M -c 'list-nodes -o tsv gpu[0001,0008,0080,0155,0279,0398]' |
    awk -F'\t' 'NR > 1 { printf "%s %s,", $1, $3 }')" \
    "gpu0001 idle,gpu0008 idle,gpu0080 drained,gpu0155 drained,gpu0279 drained,gpu0398 down," \
    "the nodes' states at this time"

# Resume two drained nodes and an idle one: the idle one is not drained.
$M -y -c 'resume gpu[0080,0279],gpu0001; list-nodes -o tsv gpu[0001,0080,0279]' \
    > "$T/out" 2> "$T/err"
is "$?" 0 "resume of 2 drained nodes and an idle one: exit 0"
like "$(grep -A2 '^gpu0001 (1)' "$T/out" | tail -1)" '^ok: not drained \(idle\)$' \
    "the idle node: not drained, and no failure"
like "$(grep -A2 '^gpu\[0080,0279\] (2)' "$T/out" | tail -1)" '^ok: resumed$' \
    "the drained nodes are resumed"
is "$(awk -F'\t' '$1 ~ /^gpu[0-9]+$/ { print $3 }' "$T/out" | sort -u)" idle \
    "list-nodes: the three are idle"
is "$(cat "$T/err")" "" "nothing on standard error"
like "$(grep '"phase":"intent"' "$AUDIT" | tail -1)" \
    "scontrol update 'NodeName=gpu\[0080,0279\]' State=RESUME\"" \
    "one scontrol, for the drained nodes only"

# Nothing to resume: nothing runs, nothing to confirm, exit 0.
n=$(wc -l < "$AUDIT")
$M -c 'resume gpu[0001,0008]' < /dev/null > "$T/out" 2> "$T/err"
is "$?" 0 "resume of idle nodes, without --yes: exit 0, nothing to do"
like "$(cat "$T/out")" 'gpu\[0001,0008\] \(2\)' "both named"
like "$(cat "$T/out")" 'ok: not drained \(idle\)' "as not drained"
is "$(wc -l < "$AUDIT")" "$n" "nothing changed, nothing in the audit log"
# The simulator remembers the resume above: --sim-fresh, the seed's own.
$M --sim-fresh -n -c 'resume gpu0001,gpu0080' > "$T/out" 2>&1
like "$(cat "$T/out")" 'NodeName=gpu0080 State=RESUME' \
    "--dry-run: the command for the drained node"
like "$(cat "$T/out")" 'not drained, left as they are: gpu0001 \(1\)' \
    "--dry-run: and the node left as it is"
$M -y -c 'undrain gpu[0080,0398]' > "$T/out" 2>&1
is "$?" 0 "undrain of a drained and a down node: exit 0"
like "$(cat "$T/out")" 'ok: not drained \(down\)' \
    "undrain leaves the down node, not drained"

# drain: scontrol's spelling Reason= is reason=; a reason of spaces is none.
$M -y -c 'drain gpu0001 Reason="fan check"; list-nodes -o tsv gpu0001' \
    > "$T/out" 2> "$T/err"
is "$?" 0 "drain gpu0001 Reason=...: exit 0"
like "$(awk -F'\t' '$1 == "gpu0001" { print $3 "|" $7 }' "$T/out")" \
    '^drained\|fan check \[' "drained, with the reason"
$M -y -c "drain gpu0001 reason='   '" > "$T/out" 2> "$T/err"
is "$?" 2 "a reason of only spaces: a usage error"
like "$(cat "$T/err")" 'reason of only spaces' "saying so"

# A burn-in that resumes what passed: idle nodes are not drained, no
# failure; the drained one is resumed.
$M --sim-fresh -y -c 'burnin gpu[0001,0008],gpu0080 level=1 on-pass=resume' \
    > "$T/out" 2> "$T/err"
is "$?" 0 "burnin on-pass=resume of 2 idle and 1 drained node: exit 0"
like "$(grep -A2 '^gpu0080 (1)' "$T/out" | tail -1)" '^ok: passed; resumed$' \
    "the drained node passed and was resumed"
like "$(grep -A2 '^gpu\[0001,0008\] (2)' "$T/out" | tail -1)" \
    '^ok: passed; not drained \(idle\)$' "the idle nodes passed, not drained"
is "$(cat "$T/err")" "" "no resume failed on standard error"

# The box, and --dry-run, say what follows.
$M -n -c 'burnin gpu0155 level=1 on-pass=resume on-fail=drain' > "$T/out" 2>&1
like "$(cat "$T/out")" 'on-pass=resume: then resume' "--dry-run names on-pass"
like "$(cat "$T/out")" 'on-fail=drain: then drain those that fail, their Slurm reason followed by the verdict \("REASON; burn-in RUN failed: WHY"\)' \
    "and on-fail"

# on-fail=drain: the Slurm reason first, then the verdict.
$M -y -c 'burnin gpu0155 level=1 on-fail=drain' > "$T/out" 2>&1
is "$?" 1 "gpu0155 fails its burn-in: exit 1"
reason=$(grep '"phase":"intent"' "$AUDIT" | tail -1 |
    perl -MJSON::PP -ne 'print decode_json($_)->{commands}[0]{command}')
like "$reason" "Reason=NHC: Xid 48 DBE, row remap pending; burn-in [0-9.-]+ failed: software GPU 6: GPU 6 has pending" \
    "NHC's reason kept first, then the verdict"

# A long reason: the verdict is kept whole, the reason before it cut to
# fit 256 characters at a word, with an ellipsis; never the other way.
long="NHC: check_fs_mount: /scratch not mounted on a node whose reason runs on and on; ops ticket 4711 opened by the night shift"
verdict="software GPU 6: GPU 6 has pending row remappings. Drain the GPU and reset it or reboot the node to resolve this issue."
for old in "$long" "NHC: $(seq -f 'word%02g' -s ' ' 0 33)"; do
$M -y -f /dev/stdin > "$T/out" 2>&1 <<EOF
drain gpu0155 'reason=$old'
burnin gpu0155 level=1 on-fail=drain
EOF
grep '"phase":"intent"' "$AUDIT" | tail -1 | perl -CS -MJSON::PP -ne '
    $c = decode_json($_)->{command}; $c =~ s/^drain gpu0155 .reason=//;
    $c =~ s/.$//; print $c' > "$T/reason"
r=$(cat "$T/reason")
like "$r" "; burn-in [0-9.-]+ failed: $verdict\$" \
    "${#old} characters of reason: the verdict kept whole, last"
n=$(perl -CSD -ne 'chomp; print length' "$T/reason")
[ "$n" -le 256 ] && [ "$n" -gt 240 ]
ok $? "at most 256 characters in all ($n)"
cut=$(perl -CSD -pe 's/\x{2026}; burn-in .*//' "$T/reason")
case "$old" in
"$cut"[" ;,:"]*) ok 0 "the reason first, cut at a word with an ellipsis" ;;
*) ok 1 "the reason first, cut at a word with an ellipsis: $cut" ;;
esac
done
# An earlier burn-in's verdict in the reason is replaced, not kept as if it
# were NHC's (review D15).
$M -y -f /dev/stdin > "$T/out" 2>&1 <<'EOF'
drain gpu0155 'reason=NHC: check_gpu_count; burn-in 20261201-204254 failed: the diagnostic saw 6 of 8 GPUs'
burnin gpu0155 level=1 on-fail=drain
EOF
r=$(grep '"phase":"intent"' "$AUDIT" | tail -1 |
    perl -CS -MJSON::PP -ne 'print decode_json($_)->{command}')
like "$r" "^drain gpu0155 'reason=NHC: check_gpu_count; burn-in [0-9.-]+ failed: software" \
    "an earlier verdict replaced: NHC's reason, then the new verdict"
case "$r" in
*20261201-204254*) ok 1 "the earlier verdict is gone: $r" ;;
*) ok 0 "the earlier verdict is gone" ;;
esac
# gpu0518's GPU 6 is lost (Xid 79): level 1 passes it in dcgmi, but a
# node with a lost GPU has not passed and is not resumed.
$M -y -c 'burnin gpu0518,gpu0001 level=1 on-pass=resume on-fail=drain' \
    > "$T/out" 2> "$T/err"
is "$?" 3 "burnin of a node with a lost GPU and a good one: exit 3"
like "$(grep -A2 '^gpu0518 (1)' "$T/out" | tail -1)" \
    '^failed: GPUs: GPU 6: GPU is lost, though dcgmi passed it; drained$' \
    "the node with a lost GPU fails, and stays drained"
! grep -q resumed "$T/out"
ok $? "nothing is resumed"
done_testing
