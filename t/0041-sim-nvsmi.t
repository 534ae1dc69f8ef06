#!/bin/sh
# The simulator's nvidia-smi next to each real capture of the same command:
# the same structure (headers, columns, widths, units, N/A spellings,
# line endings), other values.  Captures of a command or a driver the
# simulator does not claim are listed by t/0049, not compared.
. t/lib/tap.sh

S="$MYRIAD --sim-time 1800000000 --seed 1 sim-tool nvidia-smi --node gpu0002"
M="$MYRIAD --sim-time 1800000000 --seed 1"
C=$FIXTURES

# A CSV line's shape: [N/A] and its kin as they are, a number with its
# unit as 9 and the unit, hex as 0x and its length, other text as S.
csvshape() {
	awk -F', ' -v head="$1" '
	NR == 1 && head { print; next }
	{
		s = ""
		for (i = 1; i <= NF; i++) {
			c = $i
			if (c ~ /^\[.*\]$/ || c == "" || c == "N/A")
				;
			else if (c ~ /^0x[0-9A-Fa-f]+$/)
				c = "0x" length(c)
			else if (c ~ /^[0-9]{4}\/[0-9][0-9]\/[0-9][0-9] /)
				c = "TIME"
			else if (c ~ /^-?[0-9][0-9.]*( [^ ]+)?$/)
				sub(/^-?[0-9][0-9.]*/, "9", c)
			else
				c = "S"
			s = s (i > 1 ? ", " : "") c
		}
		print s
	}'
}

x='[0-9A-Fa-f]'
bus="s/$x\\{8\\}:$x$x:$x$x\\.[0-9]/BUS/g"

# A text line's shape: its length, then its text with bus ids, UUIDs,
# dates and numbers masked and runs of spaces as one.
textshape() {
	awk '{ print length($0) " " $0 }' | sed -e "$bus" \
	    -e 's/GPU-[0-9a-f-]*/UUID/g' \
	    -e 's/^\([0-9]* \)[A-Z][a-z]* [A-Z][a-z]* [ 0-9][0-9] /\1DATE /' \
	    -e 's/ : [A-Za-z].*/ : S/' |
	awk '{ n = $1; sub(/^[0-9]+ /, ""); gsub(/[0-9]+(\.[0-9]+)?/, "9");
	    gsub(/ +/, " "); sub(/ C [^ ]+ /, " C NAME "); print n " " $0 }'
}

# A -q line's shape: the key with its padding, then the value's kind.
qshape() {
	sed -e "$bus" |
	awk -F' : ' 'NF < 2 { print; next } {
		v = substr($0, length($1) + 4)
		if (v ~ /^-?[0-9][0-9.]*( [^ ]+)?$/)
			sub(/^-?[0-9][0-9.]*/, "9", v)
		else if (v != "N/A")
			v = "S"
		print $1 " : " v
	}'
}

# --query-gpu with a capture's own field list and format.
fields() {
	head -1 "$1" | sed -e 's/ \[[^]]*\]//g' -e 's/, /,/g'
}

# 1. Every field of the 590 driver, as its all-fields captures.
for f in h100-80gb-hbm3-590-idle-allfields h100-80gb-hbm3-590-load-allfields; do
	if [ ! -r "$C/nvidia-smi-csv/$f.csv" ]; then
		skip 3 "no $f capture"
		continue
	fi
	q=$(fields "$C/nvidia-smi-csv/$f.csv")
	$S --query-gpu="$q" --format=csv >"$T/q.csv" 2>"$T/err"
	rc=$?
	n=$(echo "$q" | tr , '\n' | wc -l | tr -d ' ')
	ok $rc "$f: the simulator knows all $n fields: $(head -c 200 "$T/err")"
	is "$(head -1 "$T/q.csv")" "$(head -1 "$C/nvidia-smi-csv/$f.csv")" \
	    "$f: the header, byte for byte"
	is "$(csvshape 1 <"$T/q.csv" | sed -n 2p)" \
	    "$(csvshape 1 <"$C/nvidia-smi-csv/$f.csv" | sed -n 2p)" \
	    "$f: a row's cells: units, [N/A] and the like as real"
done
if [ -r "$C/nvidia-smi-csv/h100-80gb-hbm3-590-load-allfields.csv" ]; then
	q=$(fields "$C/nvidia-smi-csv/h100-80gb-hbm3-590-load-allfields.csv")
	$S --query-gpu="$q" --format=csv,noheader,nounits >"$T/nu.csv"
	csvshape 0 <"$T/nu.csv" | grep -c ' MiB\| W\| MHz\| %\| us' >"$T/n"
	is "$(cat "$T/n")" 0 "nounits: no unit after any value"
	grep -c '\[N/A\]' "$T/nu.csv" >"$T/n"
	is "$(cat "$T/n")" 8 "nounits: [N/A] stays [N/A]"
	is "$(wc -l <"$T/nu.csv" | tr -d ' ')" 8 "noheader: 8 rows"
	$M -c "parse -o tsv nvsmi-csv $T/q.csv" >"$T/p" 2>"$T/perr"
	ok $? "parse-nvsmi reads the 212 fields: $(head -c 200 "$T/perr")"
	is "$(tail -n +2 "$T/p" | wc -l | tr -d ' ')" 8 "parse-nvsmi: 8 GPUs"
	$M -c "parse -o tsv nvsmi-csv $T/nu.csv $q" >"$T/p" 2>"$T/perr"
	ok $? "parse-nvsmi reads them without header and units"
	is "$(tail -n +2 "$T/p" | wc -l | tr -d ' ')" 8 \
	    "parse-nvsmi: 8 GPUs, no header"
else
	skip 7 "no 590 all-fields capture"
fi

# 2. The other CSV captures of H100s and of the fields the 590 knows.
f=$C/nvidia-smi-csv/h100x8-ansible-wrapped-util-mem.csv
if [ -r "$f" ]; then
	sed '1s/^.*(stdout) //' "$f" >"$T/ans.csv"
	$S --query-gpu="$(fields "$T/ans.csv")" --format=csv >"$T/q.csv"
	is "$(csvshape 1 <"$T/q.csv")" "$(csvshape 1 <"$T/ans.csv")" \
	    "8 H100s, index,name,utilization.gpu,memory.used,memory.total"
else
	skip 1 "no ansible capture"
fi
f=$C/nvidia-smi-csv/netdata-tesla-p100.csv
if [ -r "$f" ]; then
	$S --query-gpu="$(fields "$f")" --format=csv,nounits >"$T/q.csv"
	is "$(csvshape 1 <"$T/q.csv" | head -2)" \
	    "$(csvshape 1 <"$f" | head -2)" \
	    "netdata's query, nounits: header with units, values without"
else
	skip 1 "no netdata capture"
fi
f=$C/nvidia-smi-csv/h200-mig-590-idle-allfields.csv
if [ -r "$f" ]; then
	$S --query-gpu="$(fields "$f")" --format=csv >"$T/q.csv"
	is "$(head -1 "$T/q.csv")" "$(head -1 "$f")" "the H200's 590 header"
else
	skip 1 "no H200 capture"
fi
for f in h200-mig-590-load-compute-apps \
    win-rtx2080s-610.62-idle-compute-apps; do
	if [ ! -r "$C/nvidia-smi-csv/$f.csv" ]; then
		skip 1 "no $f capture"
		continue
	fi
	$S --query-compute-apps="$(fields "$C/nvidia-smi-csv/$f.csv")" \
	    --format=csv >"$T/$f.csv"
	is "$(head -1 "$T/$f.csv")" "$(head -1 "$C/nvidia-smi-csv/$f.csv")" \
	    "--query-compute-apps: $f's header"
done
f=$C/nvidia-smi-csv/h200-mig-590-load-compute-apps.csv
if [ -r "$f" ]; then
	is "$(csvshape 1 <"$T/h200-mig-590-load-compute-apps.csv" |
	    sed -n 2p)" \
	    "$(csvshape 1 <"$f" | sed -n 2p)" \
	    "--query-compute-apps: a process's cells as real"
else
	skip 1 "no compute-apps capture"
fi
f=$C/nvidia-smi-csv/gpu-is-lost-device-handle.txt
$MYRIAD --sim 1000 --fault-rate 2 --sim-time 1800000000 --seed 1 sim-tool \
    nvidia-smi --node gpu0001 >"$T/lost"
like "$(head -1 "$T/lost")" '^Unable to determine the device handle for '\
'GPU0000:[0-9A-F]{2}:00\.0: GPU is lost\.  Reboot the system to recover '\
'this GPU$' \
    "a lost GPU, no space after GPU as since the 550 drivers"
if [ -r "$f" ]; then
	is "$(sed -E 's/GPU ?0000:..:00\.0/X/' "$T/lost" | head -1)" \
	    "$(sed -E 's/GPU ?0000:..:00\.0/X/' "$f")" \
	    "a lost GPU's words as real"
else
	skip 1 "no lost-GPU capture"
fi
$M -c "parse -o tsv nvsmi-csv $T/lost index" >"$T/p" 2>&1
like "$(cat "$T/p")" 'GPU is lost' "parse-nvsmi reads the lost GPU's line"
# nvidia-smi(1) RETURN VALUE: 15, a GPU has fallen off the bus; every
# command that prints the lost line (GPUs 1 and 6 here).
L="$MYRIAD --sim 1000 --fault-rate 2 --sim-time 1800000000 --seed 1 sim-tool \
    nvidia-smi --node gpu0001"
for a in "" "-L" "-q" "-q -d TEMPERATURE" "-q -x" "topo -m" "nvlink -s" \
    "nvlink -e" "dmon -c 1" "pmon -c 1" "--query-gpu=index --format=csv" \
    "--query-compute-apps=pid --format=csv"; do
	$L $a >"$T/l" 2>"$T/e"
	is "$?:$(grep -c 'GPU is lost' "$T/l")" "15:2" \
	    "nvidia-smi $a with a lost GPU: exit 15, its line on stdout"
done
$L -i 0 -L >/dev/null
is $? 0 "-i of a GPU that is not lost: exit 0"
$L --query-gpu=index --format=csv,noheader | grep -c '^[0-9]' >"$T/n"
is "$(cat "$T/n")" 6 "--query-gpu with 2 lost GPUs: the other 6 GPUs"

# 3. -q and -d, the default table, topo -m.
f=$C/nvidia-smi-q/h100-80gb-hbm3-590-load-q.txt
# The processes differ in number: one block of each.
procs='/^    Processes/ { print "    Processes"; skip = 1; next }
    /^    [A-Z]/ { skip = 0 } !skip'
if [ -r "$f" ]; then
	$S -q -i 0 >"$T/q"
	ok $? "-q"
	is "$(awk "$procs" "$T/q" | qshape)" "$(awk "$procs" "$f" | qshape)" \
	    "-q: every key, its width and its value's unit as the 590's"
	is "$(grep -c '^    Fabric$' "$T/q")" 1 "-q: the Fabric block"
else
	skip 3 "no 590 -q capture"
fi
f=$C/nvidia-smi-more/nvidia-smi-q-d-ECC-ROW_REMAPPER-pending-550.90.07-
f=$f"annotated.txt"
if [ -r "$f" ]; then
	$S -q -d ECC,ROW_REMAPPER -i 0 >"$T/d"
	ok $? "-q -d ECC,ROW_REMAPPER"
	# The 590 adds three keys to ECC Errors (as its -q shows).
	keys='s/ : .*//; s/ *$//; s/^GPU .*/GPU/'
	is "$(sed "$keys" "$T/d" |
	    grep -v '^[TDCA][a-z]* [VG]\|Repair P\|Unrep')" \
	    "$(sed "$keys" "$f" | grep -v '^[TDCA][a-z]* [VG]')" \
	    "-q -d: the keys of the sections asked, as the 550's"
	is "$(awk '/ : / { print index($0, " : ") }' "$T/d" | sort -u)" 55 \
	    "-q -d: the 590's key width"
else
	skip 3 "no -q -d capture"
fi
# Every -d section of the 590's -h; their blocks' keys as real captures.
dkeys='s/ : .*//; s/ *$//; s/^GPU .*/GPU/'
for d in POWER UTILIZATION CLOCK; do
	$S -q -d $d -i 0 >"$T/d$d"
	ok $? "-q -d $d"
done
is "$(sed -n '/^GPU/,$p' "$T/dPOWER" | sed "$dkeys")" \
    "$(sed -n '/^GPU/,$p' t/data/nvsmi-595-q-d-POWER.txt | sed "$dkeys")" \
    "-q -d POWER: the blocks, Power Samples and their keys as the 595's"
is "$(sed -n '/Samples/,$p' "$T/dUTILIZATION" | sed "$dkeys")" \
    "$(sed -n '/Samples/,$p' t/data/nvsmi-545-q-d-UTILIZATION.txt |
    sed "$dkeys")" \
    "-q -d UTILIZATION: the four samples blocks as the 545's"
is "$(sed -n '/^GPU/,$p' "$T/dCLOCK" | sed '/Deferred/,+1d' | sed "$dkeys")" \
    "$(sed "$dkeys" t/data/nvsmi-510-q-d-CLOCK-excerpt.txt)" \
    "-q -d CLOCK: the clock blocks and samples as the 510's, and Deferred"
$S -q -d GSP_FIRMWARE_VERSION,POWER_SMOOTHING,POWER_PROFILES -i 0 |
    sed -n '/^GPU/,$p' | sed "$dkeys" >"$T/d3"
is "$(cat "$T/d3")" "GPU
    GSP Firmware Version
    Power Smoothing
    Workload Power Profiles
        Requested Profiles
        Enforced Profiles" "-q -d GSP_FIRMWARE_VERSION,POWER_SMOOTHING,POWER_PROFILES: their lines"
$S -q -i 0 | grep -c 'Samples$' >"$T/n"
is "$(cat "$T/n")" 0 "-q without -d: no samples, as the 590's -q"
for d in VOLTAGE SUPPORTED_CLOCKS SUPPORTED_GPU_TARGET_TEMP; do
	$S -q -d $d >"$T/l" 2>"$T/e"
	is "$?:$(cat "$T/e")" "1:nvidia-smi: the simulator does not print -d $d" \
	    "-q -d $d: no capture, refused in the simulator's words"
done
f=t/data/nvsmi-590-h100-table.txt
$S >"$T/t"
ok $? "the default table"
textshape <"$T/t" >"$T/ts"
textshape <"$f" >"$T/fs"
is "$(sed -n '1,9p' "$T/ts")" "$(sed -n '1,9p' "$T/fs")" \
    "the table's head and a GPU as the 590's"
is "$(sed -n '9,12p' "$T/ts")" "$(sed -n '9,12p' "$T/fs")" \
    "a GPU's three lines and the rule under them"
is "$(sed -n '/^0 $/,/=====/p' "$T/ts")" "$(sed -n '/^0 $/,/=====/p' "$T/fs")" \
    "the processes' head, as the 590's"
is "$(tail -n 2 "$T/ts")" "$(tail -n 2 "$T/fs")" \
    "a process's line and the last rule"
f=$C/nvidia-smi-topo/h100-single-gpu-ansi.txt
if [ -r "$f" ]; then
	$S topo -m >"$T/topo"
	ok $? "topo -m"
	cells='{ print $1, $(NF-3) != "", $(NF-1), $NF }'
	is "$(sed -n 2p "$T/topo" | awk -F'\t' "$cells")" \
	    "$(sed -n 2p "$f" | awk -F'\t' "$cells")" \
	    "topo -m: a GPU's affinities, the empty cell, N/A"
	is "$(head -1 "$T/topo" | sed 's/GPU0.*CPU/GPU0 CPU/' | od -c |
	    head -2)" \
	    "$(head -1 "$f" | sed 's/GPU0.*CPU/GPU0 CPU/' | od -c | head -2)" \
	    "topo -m: the header underlined, as the 590 does"
	sed -n '/^Legend:/,/^  NV#/p' "$f" >"$T/leg"
	is "$(sed -n '/^Legend:/,/^  NV#/p' "$T/topo")" "$(cat "$T/leg")" \
	    "topo -m: the legend"
else
	skip 4 "no 590 topo capture"
fi
f=$C/nvidia-smi-topo/b300-sxm6-x8-9nic-tabs-ansi-stripped.txt
if [ -r "$f" ]; then
	is "$(sed -n '/^NIC0/p' "$T/topo" | awk -F'\t' '{ print NF }')" \
	    "$(sed -n '/^NIC0/p' "$f" | awk -F'\t' '{ print NF - 1 }')" \
	    "topo -m: a NIC's row ends in four tabs, as the B300's"
	nic='s/NIC[0-9]*: mlx5_.*/NIC: mlx5/'
	is "$(sed -n '/^NIC Legend/,$p' "$T/topo" | sed "$nic" | uniq)" \
	    "$(sed -n '/^NIC Legend/,$p' "$f" | sed "$nic" | uniq)" \
	    "topo -m: the NIC legend"
else
	skip 2 "no B300 topo capture"
fi

# -q -x against driver 590's XML (t/data, its clock lists abridged): the
# same elements in the same order and depth, the same line ends.
xml='/supported_[gm][a-z]*_clock\|<value>/d; s/>[^<]*</></; s/ id="[^"]*"//'
$S -q -x -i 0 >"$T/x"
ok $? "-q -x"
is "$(sed "$xml" "$T/x" | uniq)" \
    "$(sed "$xml" t/data/nvsmi-590-xml-abridged.xml | uniq)" \
    "-q -x: the elements of the 590's XML"
is "$(tail -c 20 "$T/x" | od -c | tail -2)" \
    "$(tail -c 20 t/data/nvsmi-590-xml-abridged.xml | od -c | tail -2)" \
    "-q -x: no newline after the last line, as the captures"
is "$(grep -c '<gpu id=' "$T/x")" 1 "-q -x -i 0: one GPU"
# The older drivers' XML in the shared captures: the same prolog but for
# the DTD's version, and the same tabs before the first elements.
f=$C/nvidia-smi-xml/netdata-tesla-p100-pcie-16gb.xml
if [ -r "$f" ]; then
	is "$(head -4 "$T/x" | sed 's/_v[0-9]*\.dtd/.dtd/; s/>.*</></')" \
	    "$(head -4 "$f" | sed 's/_v[0-9]*\.dtd/.dtd/; s/>.*</></')" \
	    "-q -x: the prolog and the first element as the 510's"
else
	skip 1 "no XML capture"
fi
if command -v xmllint >/dev/null; then
	$S -q -x | xmllint --noout - 2>"$T/err"
	ok $? "-q -x: well-formed XML: $(head -c 200 "$T/err")"
else
	skip 1 "no xmllint"
fi

# 4. What the real tool says of what it does not take.
$S --query-gpu=no.such.field --format=csv >/dev/null 2>"$T/err"
is "$(cat "$T/err")" 'Field "no.such.field" is not a valid field to query.' \
    "an unknown field"
$S --bogus >/dev/null 2>"$T/err"
like "$(cat "$T/err")" "^Invalid combination of input arguments. "\
"Please run 'nvidia-smi -h' for help.$" \
    "an unknown option"

# 5. What a person at a node types next: -i in every form, dmon, pmon,
# the other lists, -h, --version (t/data: the 590.48.01 H100's captures
# and, for -s pucvmet, -s um and -o DT, a recent driver's).
D=t/data
# Where each field of a line ends: right-aligned columns end alike; with
# "left", where the last one (pmon's command, aligned left) starts.
ends() {
	awk -v left="$1" '{ s = ""; for (i = 1; i <= length($0); i++) {
	    c = substr($0, i, 1)
	    if (c != " " && substr($0, i - 1, 1) == " ") b = i
	    if (c != " " && (i == length($0) ||
	    substr($0, i + 1, 1) == " ")) { s = s p; p = " " i } }
	    print s (left ? " <" b : p); s = p = "" }'
}
bus3=$($S --query-gpu=pci.bus_id --format=csv,noheader -i 3)
uuid3=$($S --query-gpu=uuid --format=csv,noheader -i 3)
serial3=$($S --query-gpu=serial --format=csv,noheader -i 3)
for id in 3 "$serial3" "$bus3" "$(echo "$bus3" | cut -c 10-)" "$uuid3" \
    "$(echo "$uuid3" | tr a-f A-F)"; do
	is "$($S --query-gpu=index --format=csv,noheader -i "$id" 2>&1)" 3 \
	    "-i $id: GPU 3"
done
is "$($S --query-gpu=index --format=csv,noheader -i "0,$bus3,7" 2>&1 |
    tr '\n' ' ')" "0 3 7 " "-i 0,BUS,7: a comma list of ids of any kind"
$S -q -i 0,3 >"$T/q2"
is "$(grep -c '^GPU [0-9A-F]\{8\}:' "$T/q2") $(grep -c 'Attached GPUs *: 8' \
    "$T/q2")" "2 1" "-q -i 0,3: two GPUs of the 8 attached"
is "$($S -q -x -i "$uuid3" | grep -c '<gpu id=')" 1 "-q -x -i UUID: one GPU"
$S nvlink -s -i "$bus3" >"$T/nvl"
is "$(head -1 "$T/nvl" | cut -c 1-6)" "GPU 3:" "nvlink -s -i BUS: GPU 3's links"
$M -c "parse -o tsv nvlink-status $T/nvl" >"$T/p" 2>"$T/perr"
is "$? $(tail -n +2 "$T/p" | wc -l | tr -d ' ')" "0 18" \
    "parse-nvlink reads nvlink -s -i BUS: 18 links"
# --help-query-gpu: the 590's words, and every field it names is known.
f=t/data/nvsmi-590-help-query-gpu.txt
$S --help-query-gpu >"$T/hq"
is "$?:$(cmp "$T/hq" "$f" 2>&1)" "0:" "--help-query-gpu: the 590's bytes"
q=$(grep '^"[a-z]' "$f" | sed 's/" or "/\
/g; s/"//g' | tr '\n' , | sed 's/,$//')
$S -i 0 --query-gpu="$q" --format=csv,noheader >"$T/hq" 2>&1
is "$?:$(tr , '\n' <"$T/hq" | wc -l | tr -d ' ')" "0:254" \
    "--query-gpu takes every field and alias --help-query-gpu names (254)"
# nvlink -l (--link): one link, which is not the loop of -l elsewhere.
timeout 60 $S nvlink -s -i 1 -l 2 >"$T/nvl"
is "$?:$(sed 1d "$T/nvl")" "0:	 Link 2: 26.562 GB/s" \
    "nvlink -s -i 1 -l 2: link 2 alone, and no loop"
timeout 60 $S nvlink -e -i 1 --link=17 >"$T/nvl"
is "$(sed 1d "$T/nvl" | cut -d: -f1 | sort -u)" "	 Link 17" \
    "nvlink -e --link=17: link 17's three counters"
$M -c "parse -o tsv nvlink-errors $T/nvl" >"$T/p" 2>"$T/perr"
is "$? $(tail -n +2 "$T/p" | wc -l | tr -d ' ')" "0 1" \
    "parse-nvlink reads nvlink -e -l: 1 link"
timeout 60 $S nvlink -s -l 18 >"$T/nvl" 2>"$T/e"
is "$?:$(cat "$T/nvl" "$T/e")" \
    "1:nvidia-smi: the simulator has no link 18 (an H100 has 18, 0 to 17)" \
    "nvlink -l 18: no such link, refused"
is "$($S -i 0,3 | grep -c '^|   [0-9]  NVIDIA')" 2 \
    "the default table -i 0,3: two GPUs"
is "$($S -L -i 3)" "$($S -L | sed -n 4p)" "-L -i 3: GPU 3's line"
$S -q -i 8 >"$T/out" 2>"$T/err"
is "$? $(cat "$T/err") $(wc -c <"$T/out")" "6 No devices were found 0" \
    "-i 8 of 8 GPUs: No devices were found, exit 6, nothing on stdout"
$S --query-gpu=index --format=csv -i "0,GPU-nope" >/dev/null 2>"$T/err"
is "$? $(cat "$T/err")" "6 No devices were found" "-i with an unknown UUID"
$S --query-gpu=index,uuid,pci.bus_id,temperature.gpu --format=csv \
    -i "0,$uuid3" >"$T/i.csv"
$M -c "parse -o tsv nvsmi-csv $T/i.csv" >"$T/p" 2>"$T/perr"
is "$? $(tail -n +2 "$T/p" | wc -l | tr -d ' ')" "0 2" \
    "parse-nvsmi reads --query-gpu -i 0,UUID: 2 GPUs"

$S -h >"$T/h"
is "$?$(cmp "$T/h" $D/nvsmi-590-help.txt 2>&1)" 0 \
    "-h: the 590's help, byte for byte"
is "$($S --help | cksum)" "$(cksum <$D/nvsmi-590-help.txt)" "--help"
$S --version >"$T/v"
is "$?$(cmp "$T/v" $D/nvsmi-590-version.txt 2>&1)" 0 \
    "--version: the 590's, byte for byte"

# A monitor's heading as the 590's, its trailing blank too, and where
# the columns of its rows (but those of no process) end.
mon() {	# mon OUTPUT CAPTURE WHAT [left]
	is "$(head -2 "$1")" "$(head -2 "$2")" "$3: the 590's heading"
	is "$(tail -n +3 "$1" | grep -v '    -  *$' | ends $4 | sort -u)" \
	    "$(tail -n +3 "$2" | ends $4 | sort -u)" \
	    "$3: a row's columns where the 590's end"
}
$S dmon -c 5 >"$T/dmon"
mon "$T/dmon" $D/nvsmi-590-dmon.txt dmon
is "$(tail -n +3 "$T/dmon" | awk '{ print $1 }' | tr '\n' ' ' |
    cut -c 1-20)" "0 1 2 3 4 5 6 7 0 1 " "dmon -c 5: each sample, 8 GPUs"
is "$(wc -l <"$T/dmon" | tr -d ' ')" 42 "dmon -c 5: a heading, 5 samples"
$S dmon -s pucvmet -o DT -c 2 -d 5 -i 0 >"$T/dt"
is "$(head -2 "$T/dt" | sed 's/ *$//')" \
    "$(head -2 $D/nvsmi-dmon-pucvmet-DT.txt)" \
    "dmon -s pucvmet -o DT: the heading as captured"
is "$(sed -n 3p "$T/dt" | sed 's/ *$//' | ends)" \
    "$(sed -n 3p $D/nvsmi-dmon-pucvmet-DT.txt | ends)" \
    "dmon -s pucvmet -o DT: a row's columns as captured"
is "$(tail -n +3 "$T/dt" | awk '{ print $2 }' | tr '\n' ' ')" \
    "08:00:00 08:00:05 " "dmon -d 5: a sample every 5 simulated seconds"
is "$($S dmon | wc -l | tr -d ' ')" 82 \
    "dmon without -c: the man page's bound, 10 samples"

$S pmon -c 2 >"$T/pmon"
mon "$T/pmon" $D/nvsmi-590-pmon.txt pmon left
$S pmon -s um -o DT -c 3 >"$T/pdt"
is "$(head -2 "$T/pdt" | sed 's/ *$//')" \
    "$(head -2 $D/nvsmi-pmon-um-DT.txt)" \
    "pmon -s um -o DT: the heading as captured"
$MYRIAD --sim-time 1800000000 --seed 1 sim-tool nvidia-smi --node gpu0001 \
    pmon -s um -o DT -c 1 -i 0 >"$T/pidle"
is "$(sed -n 3p "$T/pidle" | ends left)$(grep -c ' -  *$' "$T/pidle")" \
    "$(sed -n 3p $D/nvsmi-pmon-um-DT.txt | ends left)1" \
    "pmon: a GPU with no process, a row of - as captured"
$S pmon -c 1 -i 9 >/dev/null 2>&1
is $? 6 "pmon -i 9: exit 6"

q=timestamp,gpu_name,gpu_bus_id,gpu_serial,gpu_uuid,pid,gpu_util,mem_util
q=$q,max_memory_usage,time
is "$($S --query-accounted-apps=$q --format=csv)" \
    "$(cat $D/nvsmi-590-accounted-apps.csv)" \
    "--query-accounted-apps: the header, no process (accounting off)"
q=$(fields $D/nvsmi-590-retired-pages.csv)
$S --query-retired-pages=$q --format=csv -i 0 >"$T/rp"
is "$(csvshape 1 <"$T/rp")" "$(csvshape 1 <$D/nvsmi-590-retired-pages.csv)" \
    "--query-retired-pages: the 590's two rows of an H100"

# The captures the simulator does not stand beside, and why: t/0049.

done_testing
