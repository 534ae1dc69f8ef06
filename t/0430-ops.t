#!/bin/sh
# Drain, resume and undrain against the real slurmctld of the test cluster
# (t/lib/cluster), and every safety rule of the path they take: real sinfo
# shows what myriad did; --dry-run changes nothing; batch without a
# terminal needs --yes; --read-only refuses; the circuit breaker refuses
# without --force; the audit log has the intent before and the result
# after; a reason or a node name full of shell syntax is data, never run.
. t/lib/tap.sh

. t/lib/cluster.sh
unset SSH_CONNECTION

cluster_start 8 --slurm --port auto
export SLURM_CONF="$CLUSTER_SLURM_CONF"
export XDG_STATE_HOME="$T/state"
AUDIT=$XDG_STATE_HOME/myriad/audit.jsonl

ALLOW='max-drain = { share = 1.0; };'
conf() {	# conf FILE [SETTINGS]: the cluster, the controller local
	{
		printf 'source = "ssh";\nnodes = "%s";\n' "$CLUSTER_NODESET"
		printf 'ssh = { config = "%s"; connect-timeout = 5; ' \
		    "$CLUSTER_SSH_CONFIG"
		printf 'command-timeout = 30; };\n'
		printf 'slurm = { controller = "%s"; };\n' "${CTLD:-local}"
		printf '%s\n' "${2:-$ALLOW}"
	} > "$1"
}
conf "$T/ops.conf"
M="$MYRIAD -F $T/ops.conf"

state() {	# state NODESET: "node state reason" lines from the real sinfo
	# (idle* is idle until slurmd answers a ping: the * is not ours)
	sinfo -h -N -n "$1" -o '%N %T %E' | sed 's/^\([^ ]*\) \([a-z]*\)\*/\1 \2/' |
	    sort
}
audit_lines() { [ -f "$AUDIT" ] && wc -l < "$AUDIT" | tr -d ' ' || echo 0; }

is "$(state 'gpu[0001-0008]' | awk '{ print $2 }' | sort -u)" idle \
    "every node starts idle"

# Drain four nodes with a reason: one scontrol, real sinfo shows it.
$M -y -c 'drain gpu[0001-0004] reason="disk check"' > "$T/out" 2> "$T/err"
is "$?" 0 "drain 4 nodes: exit 0"
like "$(cat "$T/out")" 'gpu\[0001-0004\] \(4\)' "the result is folded: the set and its count"
is "$(state 'gpu[0001-0004]' | awk '{ print $2 }' | sort -u)" drained \
    "real sinfo: the 4 nodes are drained"
is "$(state 'gpu[0001-0004]' | cut -d' ' -f3- | sort -u)" "disk check" \
    "real sinfo: with the reason"
is "$(state 'gpu[0005-0008]' | awk '{ print $2 }' | sort -u)" idle \
    "the other 4 are untouched"
$M -c 'list-nodes -o tsv gpu[0001-0004]' > "$T/ln" 2>&1
$M -c 'show-node gpu0002' > "$T/sn" 2>&1
is "$(awk -F'\t' '$1 ~ /^gpu/ { print $3 }' "$T/ln" | sort -u)" drained \
    "list-nodes shows them drained"
like "$(awk -F'\t' '$1 == "gpu0001" { print $7 }' "$T/ln")" \
    '^disk check \[root@[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}\]$' \
    "list-nodes shows the reason with Slurm's [user@time]"
like "$(grep '^reason:' "$T/sn")" '^reason: disk check \[root@' \
    "show-node shows it too"

# The audit log: the intent, then the result, one JSON object a line.
is "$(audit_lines)" 2 "the audit log has two lines for it"
perl -MJSON::PP -ne '
    $o = decode_json($_);
    print join("|", $o->{phase}, $o->{id}, $o->{operator}{user},
        $o->{operator}{from}, $o->{command}, $o->{nodes}, $o->{count},
        $o->{time} =~ /^\d{4}-\d\d-\d\dT[\d:]{8}Z$/ ? "time" : "notime",
        $o->{phase} eq "intent" ? $o->{commands}[0]{command} :
        join(",", map { "$_->{nodes}=$_->{ok}:$_->{result}" }
        @{$o->{results}})), "\n"' "$AUDIT" > "$T/audit" 2>&1
id=$(head -1 "$T/audit" | cut -d'|' -f2)
is "$(cut -d'|' -f1 "$T/audit" | tr '\n' ' ')" "intent result " \
    "the intent is written before the result"
is "$(cut -d'|' -f2 "$T/audit" | sort -u)" "$id" "both carry the same id"
is "$(head -1 "$T/audit" | cut -d'|' -f3-9)" \
    "root|local|drain 'gpu[0001-0004]' 'reason=disk check'|gpu[0001-0004]|4|time|scontrol update 'NodeName=gpu[0001-0004]' State=DRAIN 'Reason=disk check'" \
    "the intent: operator, command as typed, node set, count, time, what ran"
is "$(tail -1 "$T/audit" | cut -d'|' -f9)" "gpu[0001-0004]=1:drained" \
    "the result: per node, folded"
SSH_CONNECTION='127.0.0.9 50000 127.0.0.1 22' $M -y -c 'undrain gpu0004' \
    > /dev/null 2>&1
is "$(tail -1 "$AUDIT" | perl -MJSON::PP -ne 'print decode_json($_)->{operator}{from}')" \
    127.0.0.9 "the operator's client address comes from SSH_CONNECTION"
is "$(state gpu0004 | awk '{ print $2 }')" idle "undrain: gpu0004 is idle"

# Resume: idle again.
$M -y -c 'resume gpu[0001-0003]' > "$T/out" 2>&1
is "$?" 0 "resume: exit 0"
is "$(state 'gpu[0001-0004]' | awk '{ print $2 }' | sort -u)" idle \
    "real sinfo: idle again after resume"
# Resuming idle nodes: slurmctld would refuse; they are not drained, and
# that is no failure.  With a drained node, it alone is resumed.  (An
# audit log of their own: the drains here do not count against the
# breaker below.)
export XDG_STATE_HOME="$T/state-resume"
$M -y -c 'resume gpu[0001-0002]' > "$T/out" 2>&1
is "$?" 0 "resume of idle nodes: exit 0, nothing to do"
like "$(cat "$T/out")" '^ok: not drained \(idle' "they are not drained"
$M -y -c 'drain gpu0003 reason=one' > /dev/null 2>&1
$M -y -c 'resume gpu[0002-0003]' > "$T/out" 2>&1
is "$?" 0 "resume of a drained node and an idle one: exit 0"
like "$(grep -A2 '^gpu0003 (1)' "$T/out" | tail -1)" '^ok: resumed$' \
    "the drained one is resumed"
like "$(grep -A2 '^gpu0002 (1)' "$T/out" | tail -1)" \
    '^ok: not drained \(idle\*?\)$' "the idle one is not drained"
is "$(state 'gpu[0002-0003]' | awk '{ print $2 }' | sort -u)" idle \
    "real sinfo: both idle"

# scontrol's own spelling, Reason=, is reason=.
$M -y -c 'drain gpu0003 Reason="as scontrol"' > "$T/out" 2>&1
is "$?" 0 "drain Reason=...: exit 0"
is "$(state gpu0003 | cut -d' ' -f2-)" "drained as scontrol" \
    "real sinfo: drained, with the reason"
$M -y -c 'undrain gpu[0002-0003]' > "$T/out" 2>&1
is "$?" 0 "undrain of a drained node and an idle one: exit 0"
like "$(cat "$T/out")" 'ok: not drained \(idle' "the idle one is not drained"
is "$(state 'gpu[0002-0003]' | awk '{ print $2 }' | sort -u)" idle \
    "real sinfo: both idle"

# A node slurmctld does not know fails the set's one scontrol: each node
# is then tried on its own, and only that node fails.
conf "$T/nine.conf"
sed -i "s/^nodes = .*/nodes = \"gpu[0001-0009]\";/" "$T/nine.conf"
N9="$MYRIAD -F $T/nine.conf"
$N9 -y -c 'drain gpu[0006-0009] reason=nine' > "$T/out" 2> "$T/err"
is "$?" 3 "drain of 3 nodes and one Slurm does not know: exit 3, some failed"
like "$(grep -A2 '^gpu\[0006-0008\] (3)' "$T/out" | tail -1)" '^ok: ' \
    "the 3 nodes Slurm knows are drained"
like "$(grep -A2 '^gpu0009 (1)' "$T/out" | tail -1)" '^failed: .*Invalid node name' \
    "the one it does not know failed, with slurmctld's message"
is "$(state 'gpu[0006-0008]' | awk '{ print $2 }' | sort -u)" drained \
    "real sinfo: the 3 are drained"
$N9 -y -c 'resume gpu[0006-0009]' > "$T/out" 2> "$T/err"
is "$?" 3 "resume of the same: exit 3"
is "$(state 'gpu[0006-0008]' | awk '{ print $2 }' | sort -u)" idle \
    "real sinfo: the 3 are idle again"
export XDG_STATE_HOME="$T/state"

# --dry-run prints the command and its target; nothing changes.
n=$(audit_lines)
$M --dry-run -c 'drain gpu[0005-0006] reason="dry run"' > "$T/out" 2>&1
is "$?" 0 "--dry-run: exit 0"
like "$(cat "$T/out")" \
    "^local: scontrol update 'NodeName=gpu\[0005-0006\]' State=DRAIN 'Reason=dry run'" \
    "--dry-run prints the remote command and where it would run"
$M -c 'drain -n gpu0005 reason=x' > "$T/out2" 2>&1
like "$(cat "$T/out2")" "^local: scontrol update NodeName=gpu0005" \
    "drain -n is --dry-run for one command"
is "$(state 'gpu[0005-0006]' | awk '{ print $2 }' | sort -u)" idle \
    "--dry-run: nothing changed"
is "$(audit_lines)" "$n" "--dry-run: nothing logged"

# Batch without a terminal: refused without --yes.
$M -c 'drain gpu0005 reason=x' < /dev/null > "$T/out" 2> "$T/err"
is "$?" 1 "no terminal, no --yes: exit 1"
like "$(cat "$T/err")" 'refused: no terminal to ask on: give --yes' \
    "the message says --yes is needed"
is "$(state gpu0005 | awk '{ print $2 }')" idle "and nothing changed"
like "$(tail -1 "$AUDIT")" '"phase":"refused"' "the refusal is logged"

# On a terminal, batch mode asks there: the node count, else no.
printf '1\n' | script -qec "$M -c 'drain gpu[0005-0006] reason=tty'" /dev/null \
    > "$T/out" 2>&1
like "$(cat "$T/out")" 'type the node count \(2\) to go on' \
    "on a terminal: it asks for the node count"
like "$(cat "$T/out")" 'refused: not confirmed' "a wrong count is no"
is "$(state 'gpu[0005-0006]' | awk '{ print $2 }' | sort -u)" idle \
    "and nothing changed"
printf '2\n' | script -qec "$M -c 'drain gpu[0005-0006] reason=tty'" /dev/null \
    > "$T/out" 2>&1
is "$(state 'gpu[0005-0006]' | awk '{ print $2 }' | sort -u)" drained \
    "the count typed: drained"
$M -y -c 'resume gpu[0005-0006]' > /dev/null 2>&1

# --read-only: refused, hidden from help, list-commands and completion.
$M --read-only -y -c 'drain gpu0005 reason=x' > "$T/out" 2> "$T/err"
is "$?" 1 "--read-only: exit 1"
like "$(cat "$T/err")" 'refused: myriad is read-only' "the message says why"
is "$(state gpu0005 | awk '{ print $2 }')" idle "and nothing changed"
is "$($M --read-only -c 'help; list-commands' | grep -cE '^(drain|resume|undrain)( |$)')" 0 \
    "--read-only hides drain, resume and undrain from help and list-commands"
is "$($M -c 'help; list-commands' | grep -cE '^(drain|resume|undrain)( |$)')" 6 \
    "without it they are listed"

# The circuit breaker: two nodes an hour here, counted from the audit log.
conf "$T/cb.conf" 'max-drain = { count = 2; share = 1.0; };'
export XDG_STATE_HOME="$T/state-cb"
AUDIT=$XDG_STATE_HOME/myriad/audit.jsonl
CB="$MYRIAD -F $T/cb.conf"
$CB -y -c 'drain gpu[0005-0007] reason=many' > "$T/out" 2> "$T/err"
is "$?" 1 "3 nodes past a limit of 2: refused"
like "$(cat "$T/err")" 'circuit breaker: 0 nodes drained in the last 3600 s, and 3 more would pass the limit of 2' \
    "the message says why and how many were drained in the window"
like "$(cat "$T/err")" '\-\-force' "and how to go past it"
is "$(state 'gpu[0005-0007]' | awk '{ print $2 }' | sort -u)" idle \
    "nothing was drained"
$CB -y -c 'drain gpu[0005-0006] reason=two' > /dev/null 2>&1
is "$?" 0 "2 nodes: allowed"
$CB -y -c 'drain gpu0007 reason=third' > "$T/out" 2> "$T/err"
is "$?" 1 "a third in the hour: refused"
like "$(cat "$T/err")" 'circuit breaker: 2 nodes drained in the last 3600 s' \
    "the count of the window comes from the audit log"
$CB -y --force -c 'drain gpu0007 reason=third' > /dev/null 2>&1
is "$?" 0 "--force: allowed"
is "$(state 'gpu[0005-0007]' | awk '{ print $2 }' | sort -u)" drained \
    "real sinfo: 3 drained"
$CB -y -c 'resume gpu[0005-0007]' > /dev/null 2>&1
is "$?" 0 "resume does not count against the breaker"
export XDG_STATE_HOME="$T/state"
AUDIT=$XDG_STATE_HOME/myriad/audit.jsonl

# Injection: a reason with quotes, ';', $( ), backticks and a newline
# reaches scontrol as data: nothing runs, sinfo shows the literal text.
P=$T/pwned
R="it's \"bad\"; touch $P.1 \$(touch $P.2) \`touch $P.3\` | touch $P.4 & x
second line"
# The command, quoted for myriad's (POSIX) parser: ' becomes '\''.
q=$(printf '%s' "$R" | sed "s/'/'\\\\''/g")
printf "drain gpu0008 'reason=%s'\n" "$q" > "$T/inject.cmds"
$M -y -f "$T/inject.cmds" > "$T/out" 2>&1
is "$?" 0 "drain with a hostile reason: exit 0"
ls "$P".* > /dev/null 2>&1
ok $((! $?)) "nothing in the reason ran (no $P.*)"
is "$(sinfo -h -N -n gpu0008 -o '%E')" "$R" \
    "real sinfo shows the reason, every character as typed"
is "$(perl -MJSON::PP -ne '$o = decode_json($_); $c = $o->{command}
    if $o->{phase} eq "intent"; END { print $c }' "$AUDIT")" \
    "drain gpu0008 'reason=$q'" "the audit log keeps the command as typed"
$M -y -c 'resume gpu0008' > /dev/null 2>&1
# Node names: refused by the node set parser or as not in the cluster.
for name in "gpu0001;touch $P.5" 'gpu0001$(touch '"$P"'.6)' \
    'gpu0001`touch '"$P"'.7`' "gpu0001'touch $P.8'" "gpu0001
touch $P.9" 'gpu[0001-0002]"; touch '"$P"'.10"'; do
	qn=$(printf '%s' "$name" | sed "s/'/'\\\\''/g")
	printf "drain '%s' reason=x\n" "$qn" > "$T/name.cmds"
	$M -y -f "$T/name.cmds" > "$T/out" 2>&1
	rc=$?
	[ "$rc" != 0 ] && ! grep -q '^---' "$T/out"
	ok $? "a node name with shell syntax is refused ($(printf '%s' "$name" | head -1), exit $rc)"
done
ls "$P".* > /dev/null 2>&1
ok $((! $?)) "nothing in the node names ran"
is "$(state 'gpu[0001-0008]' | awk '{ print $2 }' | sort -u)" idle \
    "every node is idle at the end"

# The controller over SSH: the same one command, as the cluster's user,
# whom slurmctld does not let update nodes: a failure, with its message,
# and still nothing of the reason runs on the controller.
printf '#!/bin/sh\nexec env SLURM_CONF=%s /usr/bin/scontrol "$@"\n' \
    "$CLUSTER_SLURM_CONF" > "$C/bin/scontrol"
chmod 755 "$C/bin/scontrol"
CTLD=gpu0002 conf "$T/ssh.conf"
$MYRIAD -F "$T/ssh.conf" -y -f "$T/inject.cmds" > "$T/out" 2>&1
is "$?" 1 "over SSH, as a user slurmctld refuses: exit 1"
like "$(cat "$T/out")" 'failed: .*(Permission denied|authentication|Access)' \
    "the controller's message is the result"
ls "$P".* > /dev/null 2>&1
ok $((! $?)) "nothing in the reason ran on the controller over SSH"
is "$(state gpu0008 | awk '{ print $2 }')" idle "and nothing changed"

done_testing
