#!/bin/sh
# The configuration file: search order, options, and errors that name the
# file, the line and what is wrong.
. t/lib/tap.sh

cat > "$T/good.conf" <<'CONF'
# a small simulated cluster
cluster = "test-a";
sim = {
	size = "1k";
	seed = 3;
	fault-rate = 0.0;
};
ssh = { user = "ops"; port = 2222; };
read-only = true;
threshold = { gpu-temp-crit = 88.5; };
CONF
out=$($MYRIAD -F "$T/good.conf" -c 'list-options -o tsv'); rc=$?
is "$rc" 0 "a good config loads"
like "$out" "$(printf 'ssh.port\t2222')" "ssh.port from the file"
like "$out" "$(printf 'sim.size\t1k')" "sim.size from the file"
like "$out" "$(printf 'read-only\ttrue')" "read-only from the file"
like "$(printf '%s\n' "$out" | grep threshold.gpu-temp-crit)" "88.5" "a float option"
like "$($MYRIAD -F "$T/good.conf" -c summary)" 'cluster test-a \(SIMULATED\): 125 nodes' \
    "the config names the cluster and sizes the simulator"
like "$($MYRIAD -F "$T/good.conf" --sim 10k -c summary)" '1250 nodes' \
    "the command line wins over the file"

mkdir -p "$T/xdg/myriad"
cp "$T/good.conf" "$T/xdg/myriad/myriad.conf"
like "$(XDG_CONFIG_HOME=$T/xdg $MYRIAD -c summary)" 'cluster test-a' \
    "\$XDG_CONFIG_HOME/myriad/myriad.conf is read"
like "$(XDG_CONFIG_HOME=$T/none HOME=$T/none $MYRIAD --sim 1k -c summary)" 'cluster sim \(SIMULATED\)' \
    "no config: the simulator"

bad() {	# bad TEXT PATTERN DESCRIPTION
	printf '%s\n' "$1" > "$T/bad.conf"
	$MYRIAD -F "$T/bad.conf" -c summary >/dev/null 2>"$T/err"
	is "$?" 2 "$3: exit 2"
	like "$(cat "$T/err")" "$2" "$3: message"
}
bad 'cluster = "a";
sim = { size = 1k; };' "bad.conf:2: syntax error" "syntax error names line 2"
bad 'cluster = "a";

no-such-option = 1;' "bad.conf:3: unknown option 'no-such-option'" "unknown option names line 3"
bad 'ssh = {
  port = "22";
};' "bad.conf:2: ssh.port: want a number, not a string" "a string for a number"
bad 'ssh = { port = 70000; };' "bad.conf:1: ssh.port: 70000 is out of range" "out of range"
bad 'keymap = "vim";' "keymap: want one of default,vi,emacs, not 'vim'" "a bad choice"
bad 'read-only = "yes";' "read-only: want a true or false, not a string" "a string for a boolean"
bad 'nodes = [ "a", "b" ];' "lists and arrays are not options" "an array"
bad 'ssh = {
	user = root;
};' 'bad.conf:2: syntax error: strings need quotes: user = "root";' \
    "a string without quotes: says they are needed"
bad 'cluster = "a";
sim = { size = "5"; };' "bad.conf:2: sim.size: bad simulator size '5'" \
    "a bad sim.size names the file and line"
bad 'sim = {
	size = "99999";
};' "sim.size 99999: not a whole number of 8-GPU nodes; 99992 or 100000" \
    "a sim.size of part of a node without a mix: the nearest sizes"
bad 'cluster = "a";
nodes = "gpu[0001-";' "bad.conf:2: nodes: nodeset: unbalanced" \
    "a bad node set names the file and line"
bad 'threshold = {
	gpu-temp-warn = 85.0;
	gpu-temp-crit = 80.0;
};' "bad.conf:3: threshold.gpu-temp-crit 80 is below threshold.gpu-temp-warn 85" \
    "a critical threshold below its warning: refused"
bad 'threshold = { gpu-temp-warn = 95.0; };' \
    "bad.conf:1: threshold.gpu-temp-crit 90 is below threshold.gpu-temp-warn 95" \
    "a warning above the default critical threshold: refused"
printf 'threshold = { gpu-temp-warn = 88.0; gpu-temp-crit = 88.0; };\n' \
    > "$T/eq.conf"
$MYRIAD -F "$T/eq.conf" -c help > /dev/null 2>&1
is "$?" 0 "a critical threshold equal to its warning is taken"
$MYRIAD -F "$T/missing.conf" -c summary 2>"$T/err"; is "$?" 2 "a missing -F file exits 2"
like "$(cat "$T/err")" "missing.conf: cannot read the file" "and says so"

done_testing
