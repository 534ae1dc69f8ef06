#!/bin/sh
# The simulator's sinfo and squeue held next to the real ones: the real
# Slurm 22.05 clients against the real slurmctld of the test cluster
# (t/lib/cluster), the same arguments to both, and their structure
# compared, not their values: the header line byte for byte, each line's
# width or its shape, one line where the real tool prints one aggregate,
# the exact words and exit status of an error, --help, --usage and
# --version whole.  Then the real captures of ../shared/fixtures/slurm
# whose command is known, replayed through the simulator.
. t/lib/tap.sh

S="$MYRIAD -F /dev/null --sim 64 --sim-time 1800000000 sim-tool"

# shape FILE: each line with its values reduced to v (runs of anything
# but blanks and the separators; a node range is a value), blanks to one.
shape() {
	LC_ALL=C sed -e 's,N/A,v,g' -e 's/\[[^]]*\]//g' \
	    -e 's/[^][ |,{}"\/()'"$(printf '\036\037')"'=]\{1,\}/v/g' \
	    -e 's/  */ /g' "$1"
}

# lengths FILE: the set of its line lengths.
lengths() {
	awk '{ print length($0) }' "$1" | sort -un | tr '\n' ' '
}

# run WHO TOOL ARGS...: $T/WHO.out, .err, .rc
run() {
	who=$1
	tool=$2
	shift 2
	if [ "$who" = real ]; then
		"$tool" "$@" > "$T/$who.out" 2> "$T/$who.err"
	else
		$S "$tool" "$@" > "$T/$who.out" 2> "$T/$who.err"
	fi
	echo $? > "$T/$who.rc"
}

# check KINDS WHAT: $T/sim.* held next to $T/real.*; KINDS, comma-separated:
# rc (exit status), err (stderr whole), out (stdout whole), head (the first
# line), date (a date line first, then the header), nodate (none), one
# (one line each), len (the same line lengths), shape (every line the same
# shape), shapes (every real line of a shape the simulator prints), pipes
# (every line as many | as the header).
check() {
	kinds=$1
	what=$2
	for k in $(echo "$kinds" | tr ',' ' '); do
		case $k in
		rc)	is "$(cat "$T/sim.rc")" "$(cat "$T/real.rc")" \
			    "$what: exit status" ;;
		err)	is "$(cat "$T/sim.err")" "$(cat "$T/real.err")" \
			    "$what: stderr" ;;
		out)	is "$(cat "$T/sim.out")" "$(cat "$T/real.out")" \
			    "$what: stdout" ;;
		head)	is "$(head -1 "$T/sim.out")" "$(head -1 "$T/real.out")" \
			    "$what: header" ;;
		date)	like "$(head -1 "$T/sim.out")" \
			    '^[A-Z][a-z]{2} [A-Z][a-z]{2} [0-9]{2} [0-9:]{8} [0-9]{4}$' \
			    "$what: a date line first"
			is "$(sed -n 2p "$T/sim.out")" \
			    "$(sed -n 2p "$T/real.out")" "$what: header" ;;
		nodate)	is "$(grep -c '^[A-Z][a-z][a-z] [A-Z][a-z][a-z] [0-9 ]' \
			    "$T/sim.out" "$T/real.out")" \
			    "$(printf '%s\n' "$T/sim.out:0" "$T/real.out:0")" \
			    "$what: no date line" ;;
		one)	is "$(awk 'END { print NR }' "$T/sim.out")" 1 \
			    "$what: one line"
			is "$(awk 'END { print NR }' "$T/real.out")" 1 \
			    "$what: one line (real)" ;;
		len)	is "$(lengths "$T/sim.out")" "$(lengths "$T/real.out")" \
			    "$what: line lengths" ;;
		shape)	is "$(shape "$T/sim.out" | sort -u)" \
			    "$(shape "$T/real.out" | sort -u)" "$what: shape" ;;
		shapes)	shape "$T/sim.out" | sort -u > "$T/sim.shape"
			is "$(shape "$T/real.out" | sort -u |
			    grep -cvxFf "$T/sim.shape")" 0 \
			    "$what: every line of a shape the simulator prints" ;;
		fixed)	# the first $FIXED columns 20 wide
			is "$(awk -v n="$FIXED" '{ for (k = 1; k <= n; k++)
			    if (substr($0, 20 * k, 1) != " " ||
			    substr($0, 20 * k + 1, 1) == " ")
				print FILENAME ":" FNR ": " $0 }' \
			    "$T/sim.out" "$T/real.out")" "" \
			    "$what: its first $FIXED columns 20 wide" ;;
		words)	is "$(head -1 "$T/sim.out" | tr -s ' ')" \
			    "$(head -1 "$T/real.out" | tr -s ' ')" \
			    "$what: the header's words" ;;
		pipes)	n=$(head -1 "$T/real.out" | tr -cd '|' | wc -c)
			is "$(tr -cd '|\n' < "$T/sim.out" | sort -u)" \
			    "$(printf '%*s' "$n" '' | tr ' ' '|')" \
			    "$what: $n | on every line" ;;
		esac
	done
}

# keys FILE: scontrol's lines with their keys in order and their values
# masked, blanks and empty lines kept, each line's end marked by $; Port=,
# which the test cluster's several slurmd on one host print, gone.
keys() {
	awk '{
		n = split($0, w, / /)
		s = ""
		for (i = 1; i <= n; i++) {
			if (w[i] == "")
				k = ""
			else if (w[i] !~ /^Port=/ &&
			    match(w[i], /^[A-Za-z_:\/()]+=/))
				k = substr(w[i], 1, RLENGTH)
			else
				continue
			s = s (i > 1 ? " " : "") k
		}
		print s "$"
	}' "$1"
	tail -c 1 "$1" | od -An -c
}

# compare KINDS TOOL ARGS...: the real tool and the simulator's, the same
# arguments.
compare() {
	kinds=$1
	shift
	run real "$@"
	run sim "$@"
	check "$kinds" "$*"
}

# scparsed KIND FIRST FILE WHAT: parse scontrol-KIND reads FILE, a record
# a FIRST=.
scparsed() {
	$MYRIAD -F /dev/null -c "parse -o tsv scontrol-$1 $3" > "$T/p.out" \
	    2> "$T/p.err"
	is "$?:$(head -c 300 "$T/p.err")" 0: "parse scontrol-$1 of $4: exit 0"
	is "$(tail -n +2 "$T/p.out" | grep -c .)" "$(grep -c "$2=" "$3")" \
	    "parse scontrol-$1 of $4: a record a $2"
}

#
# Live, against the real clients of the test cluster.
#
if [ "$(id -u)" != 0 ]; then
	skip 1 "the live comparison needs root (the test cluster)"
elif ! command -v sinfo > /dev/null || ! command -v slurmctld > /dev/null
then
	skip 1 "the live comparison needs Slurm's sinfo and slurmctld"
elif ! { chmod 755 "$T"; C=$T/cluster;
    t/lib/cluster start "$C" 4 --slurm --port auto > "$T/start" 2>&1; }
then
	t/lib/cluster stop "$C" > /dev/null 2>&1
	sed 's/^/# /' "$T/start"
	skip 1 "slurmctld of the test cluster did not start"
else
	trap 'scancel $JOB $PEND 2>/dev/null; t/lib/cluster stop "$C" \
	    > /dev/null 2>&1; rm -rf "$T"' EXIT
	. "$C/cluster.env"
	export SLURM_CONF="$CLUSTER_SLURM_CONF"
	# A running job, so that squeue has lines; a drained node.
	JOB=$(sbatch --parsable -N 1 --gres=gpu:2 -o /dev/null \
	    --wrap 'sleep 600' 2>&1)
	i=0
	while [ "$(squeue -h -j "$JOB" -o %T 2>/dev/null)" != RUNNING ] &&
	    [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	scontrol update NodeName=gpu0003 State=DRAIN Reason=t0046

	# Help, usage, version: whole.
	for tool in sinfo squeue; do
		for a in --help --usage -V --version --vers; do
			compare rc,out,err $tool $a
		done
	done

	# Errors: getopt's words and Slurm's, and the exit status.
	for a in -x --bogus --bogus=3 --no --no=3 --h --s -o --format \
	    --help=3 -i -S -M --Format; do
		compare rc,err,out sinfo $a
	done
	for a in -x --bogus --a --n --s --u --usage=1 -o --format -q extra; do
		compare rc,err,out squeue $a
	done
	compare rc,err,out sinfo -t foo
	compare rc,err,out sinfo -t idle,nosuch
	compare rc,err,out sinfo -i 0
	compare rc,err,out sinfo -a -p gpu
	compare rc,err,head sinfo -n nosuch
	compare rc,err,out squeue -w nosuch
	compare rc,err,out squeue -t foo
	compare rc,err,out squeue -j 99999999
	compare rc,err,head squeue -u nosuchuser1

	# scontrol: its options anywhere, its words for what it refuses.
	for a in 'show foo' foo '-x show node' --bogus '--h' '--u' \
	    'show node nosuch' show update --version -V 'show job 99999999' \
	    '--details show job 99999999' 'show node gpu0001 -Q -x'; do
		set -- $a
		compare rc,err scontrol "$@"
	done
	for a in 'show reservation' 'show r' '-o show res' 'show res x' \
	    'show reservationname x'; do
		set -- $a
		compare rc,err,out scontrol "$@"
	done
	# scontrol's host lists, ping, help, ENTITY=NAME, update's errors.
	unset SLURM_JOB_NODELIST
	for a in 'show hostnames gpu[0001-0003]' 'show hostnames' \
	    'show hostlist gpu0001,gpu0002,gpu0003' 'show hostlist a1,a2,b,a3' \
	    'show hostlist gpu0003,gpu0001,gpu0002' \
	    'show hostlistsorted gpu0003,gpu0001,gpu0002,gpu0001' \
	    'show hostnames a[1-3],b,x[08-10]' --help -h help --usage \
	    'show job=99999999' 'update NodeName=gpu0001 State=BOGUS' \
	    'update NodeName=gpu9999 State=DRAIN Reason=x' \
	    'update NodeName=gpu0004 State=DOWN' \
	    'update NodeName=gpu0004 State=ALLOC Reason=x'; do
		set -- $a
		compare rc,err,out scontrol "$@"
	done
	for a in 'State=DOWN Reason=t0046' 'Reason=t0046' 'State=RESUME' \
	    'State=RESUME'; do
		set -- $a
		compare rc,err,out scontrol update NodeName=gpu0004 "$@"
	done
	compare rc,err scontrol ping
	is "$(sed 's/ at [^ ]* / at X /' "$T/sim.out")" \
	    "$(sed 's/ at [^ ]* / at X /' "$T/real.out")" "scontrol ping: stdout"
	run real scontrol show node=gpu0001
	run sim scontrol show node=gpu0001
	check rc,err "scontrol show node=gpu0001"
	is "$(head -c 17 "$T/sim.out")" "NodeName=gpu0001 " \
	    "scontrol show node=gpu0001: the node"
	for a in 'show node gpu0001 -o' '-o show node gpu0001' \
	    '--oneliner show nodes gpu0001' '-do show node gpu0001' \
	    'show --oneliner -d node gpu0001'; do
		set -- $a
		compare rc,err,one scontrol "$@"
	done

	# scontrol show node and show job: each line's keys in order, its
	# blanks, the empty lines; a node with a job, a drained one, a
	# running job with GPUs, a pending one.
	PEND=$(sbatch --parsable -N 4 --gres=gpu:8 -o /dev/null \
	    --wrap 'sleep 600' 2>&1)
	RNODE=$(squeue -h -j "$JOB" -o %N)
	SNODE=$($S sinfo -h -N -t alloc,mix -o %N | head -n 1)
	SIDLE=$($S sinfo -h -N -t idle -o %N | head -n 1)
	$S scontrol update NodeName="$SIDLE" State=DRAIN Reason=t0046
	SJOB=$($S squeue -h -t R -o %i | head -n 1)
	SPEND=$($S squeue -h -t PD -o %i | head -n 1)
	for a in 'show node' 'show node -o' '-d show node' '-do show node' \
	    'show job' 'show job -d' 'show -o job' '-do show job'; do
		for w in running drained pending; do
			case $a:$w in
			*node*:running)	r=$RNODE s=$SNODE ;;
			*node*:drained)	r=gpu0003 s=$SIDLE ;;
			*node*:*)	continue ;;
			*:running)	r=$JOB s=$SJOB ;;
			*:pending)	r=$PEND s=$SPEND ;;
			*)		continue ;;
			esac
			set -- $a
			run real scontrol "$@" "$r"
			run sim scontrol "$@" "$s"
			check rc,err "scontrol $a ($w)"
			is "$(keys "$T/sim.out")" "$(keys "$T/real.out")" \
			    "scontrol $a ($w): 22.05.8's keys, blanks, lines"
			case $a in
			*node*)	k=node first=NodeName ;;
			*)	k=job first=JobId ;;
			esac
			for who in real sim; do
				scparsed $k $first "$T/$who.out" \
				    "$who scontrol $a ($w)"
			done
		done
	done
	$S scontrol show node "$SNODE" > "$T/sim.out"
	is "$(grep -c ' Version=22.05.8$' "$T/sim.out")" 1 \
	    "scontrol show node: Version=22.05.8"
	$S scontrol update NodeName="$SIDLE" State=RESUME
	scancel "$PEND"

	# What sinfo prints: the header byte for byte, and the shape.
	compare rc,err,head,shapes sinfo
	compare rc,err,head,len sinfo -N
	compare rc,err,len sinfo -hN
	compare rc,err,len sinfo --noh --Nod
	compare rc,err,date,len sinfo -N -l
	# -h: no date line, with -l or -i.
	compare rc,err,nodate,len sinfo -N -l -h
	compare rc,err,nodate squeue -l -h
	for tool in sinfo squeue; do
		timeout 3 $tool -i 1 -h -o %C > "$T/real.out" 2> "$T/real.err"
		$S $tool -i 1 -h -o %C > "$T/sim.out" 2> "$T/sim.err"
		check nodate "$tool -i 1 -h"
	done
	# -o: %% is nothing, a field without its letter kept as text.
	compare rc,err,out sinfo -o %10
	compare rc,err,out sinfo -h -o %10
	compare rc,err,head sinfo -o %%
	compare rc,err,head sinfo -o 'a%%b'
	compare rc,err,head,len squeue -o %10
	compare rc,err,head squeue -o '%%%i'
	compare rc,err,out squeue -j abc
	compare rc,err,out squeue -j 1,abc
	compare rc,err,head squeue -j 1,2abc
	compare rc,err,date sinfo -l
	compare rc,err,head,shapes sinfo -s
	compare rc,err,head sinfo -R
	compare rc,err,out sinfo -T
	compare rc,err,one,shape sinfo -h -o %C
	compare rc,err,one,shape sinfo -aho %C
	compare rc,err,one,shape sinfo -aho %F/%C
	compare rc,err,one,shape sinfo -h -o %A
	compare rc,err,one,shape sinfo --noheader --format=%F
	compare rc,err,shape sinfo -hNo %N,%T
	compare rc,err,shape sinfo -Nh -o %N,%T
	compare rc,err,shape sinfo -hN -o%N,%T
	compare rc,err,head,pipes sinfo -o %all
	compare rc,err,head,pipes sinfo -N -o %all
	compare rc,err,head,pipes sinfo -a -N -o %all
	compare rc,err,head,pipes sinfo -O all
	compare rc,err,head,len sinfo -o '%5N|%3t|x'
	compare rc,err,head,len sinfo -O 'nodelist:5|,statelong:.8|'
	compare rc,err,head sinfo -O nodelist:0,statelong:0
	compare rc,err,head,len sinfo -N -O \
	    NodeList,AllocMem,Memory,CPUsState,StateLong
	compare rc,err,len sinfo -ahNO nodehost,gres,gresused,statelong
	compare rc,err,len sinfo -ahNO \
	    nodehost:100,gres:512,gresused:512,statelong
	compare rc,err,head sinfo --Format=statecomplete,port,extra,comment
	compare rc,err,head,shape sinfo -h -o %j
	compare rc,err,head sinfo -O nodelist,foo,statelong
	compare rc,err,head sinfo -o 'pre%N'
	for a in -t=idle -tidle --states=all '-t all' '-t idle,drain' \
	    '-t drained' '-p gpu' '--partition=gpu' '-n gpu0001' \
	    '--nodes=gpu[0001-0002]' -d -r -e -a --all --hide --local \
	    --federation --noconvert '-S P' '--sort=-N' --exact --dead \
	    --responding --summarize --list-reasons --Node --long \
	    --form=%N --Form=nodelist '--par gpu' --stat=idle '--so P'; do
		case $a in
		-t=idle) set -- -t idle ;;
		*) set -- $a ;;
		esac
		case $a in
		--long)	compare rc,err,date sinfo "$@" ;;
		*)	compare rc,err,head sinfo "$@" ;;
		esac
	done

	# What squeue prints.
	compare rc,err,head squeue
	compare rc,err,date squeue -l
	compare rc,err,head squeue --start
	compare rc,err,head squeue -s
	compare rc,err,head squeue --steps
	compare rc,err,head,pipes squeue -o %all
	compare rc,err,head,len squeue -O 'JobID:5|,State:.9'
	compare rc,err,len squeue -O foo
	compare rc,err,shape squeue -h -o %A,%T
	compare rc,err,shape squeue -a -r -h -o %A,%T
	compare rc,err,shape squeue -ho%i
	compare rc,err,head squeue -o '%.3i %s|%x|'
	# Every -O name 22.05 knows, its header and its default width.
	F=$(tr '\n' ',' <<'E'
Account
AccrueTime
admin_comment
AllocNodes
AllocSID
ArrayJobID
ArrayTaskID
AssocID
BatchFlag
BatchHost
BoardsPerNode
BurstBuffer
BurstBufferState
Cluster
ClusterFeature
Command
Comment
Contiguous
Container
Cores
CoreSpec
cpus-per-task
cpus-per-tres
Deadline
DelayBoot
Dependency
DerivedEC
EligibleTime
EndTime
exit_code
Feature
GroupID
GroupName
HetJobID
HetJobIDSet
HetJobOffset
JobArrayID
JobID
LastSchedEval
Licenses
MaxCPUs
MaxNodes
MCSLabel
mem-per-tres
MinCpus
MinMemory
MinTime
MinTmpDisk
Name
Network
Nice
NodeList
NTPerBoard
NTPerCore
NTPerNode
NTPerSocket
NumCPUs
NumNodes
NumTasks
Origin
OriginRAW
OverSubscribe
Partition
PendingTime
PreemptTime
Prefer
Priority
PriorityLong
Profile
QOS
Reason
ReasonList
Reboot
ReqNodes
ReqSwitch
Requeue
Reservation
ResizeTime
RestartCnt
SchedNodes
SCT
SiblingsActive
SiblingsActiveRaw
SiblingsViable
SiblingsViableRaw
Sockets
SPerBoard
StartTime
State
StateCompact
STDERR
STDIN
STDOUT
SubmitTime
system_comment
Threads
TimeLeft
TimeLimit
TimeUsed
tres-alloc
tres-bind
tres-freq
tres-per-job
tres-per-node
tres-per-socket
tres-per-task
UserID
UserName
Wait4Switch
WCKey
WorkDir
E
)
	compare rc,err,head,len squeue -O "$F"
	# ... and every sinfo -O name.
	compare rc,err,head,len sinfo -O "allocmem,allocnodes,available,\
cluster,comment,cores,cpus,cpusload,cpusstate,defaulttime,disk,extra,\
features,features_act,freemem,gres,gresused,groups,maxcpuspernode,\
memory,nodeai,nodeaiot,nodehost,nodelist,nodes,nodeaddr,oversubscribe,\
partition,partitionname,port,preemptmode,priorityjobfactor,prioritytier,\
reason,root,share,size,sockets,socketcorethread,statecompact,statelong,\
statecomplete,threads,time,timestamp,user,userlong,version,weight"
	for a in '-t all' --states=all '--states=PD,R' '-t pd' '-p gpu' \
	    '--partition=gpu' '-w gpu0001' '--nodelist=gpu0001' --me \
	    '-A x' '-q normal' '-n x' -r --array --array-unique '-L x' \
	    '-R x' -a --all --hide --local --federation --sib --noconvert \
	    '-S i' -P '-M' '-U x' '-u root'; do
		case $a in
		-M)	continue ;;	# needs slurmdbd
		esac
		set -- $a
		compare rc,err,head squeue "$@"
	done
fi

#
# myriad's parsers read what the simulator prints, in every format they
# are given: parse TOOL FILE [FORMAT] reads records, and nothing it
# refuses.
#
# parsed TOOL FORMAT ARGS...: the simulator's output of ARGS, parsed with
# FORMAT ("" for none: by its header).
parsed() {
	tool=$1
	fmt=$2
	shift 2
	$S "$tool" "$@" > "$T/p.txt" 2> /dev/null
	$MYRIAD -F /dev/null -c "parse -o tsv $tool $T/p.txt${fmt:+ '$fmt'}" \
	    > "$T/p.out" 2> "$T/p.err"
	is "$?:$(head -c 300 "$T/p.err")" 0: "parse $tool of $tool $*: exit 0"
	is "$(tail -n +2 "$T/p.out" | grep -c .)" \
	    "$(grep -v -e '^PARTITION' -e 'JOBID' -e '^NODELIST' \
	    -e '^[A-Z][a-z][a-z] [A-Z][a-z][a-z] ' -e '^AVAIL' -e '^ACCOUNT' \
	    -e '^STATE' -e '^REASON' "$T/p.txt" | grep -c .)" \
	    "parse $tool of $tool $*: a record a line"
}
parsed sinfo ""
parsed sinfo "" -N
parsed sinfo "" -l
parsed sinfo "" --long --Node
parsed sinfo "" -s
parsed sinfo "" -R
parsed sinfo "" -t all
parsed sinfo "" -o %all
parsed sinfo "" -N -o %all
parsed sinfo "" -O all
parsed sinfo %C -h -o %C
parsed sinfo %F/%C -aho %F/%C
parsed sinfo %N,%T -hN -o %N,%T
parsed sinfo %N,%T -hNo%N,%T
parsed sinfo NodeList,AllocMem,Memory,CPUsState,StateLong \
    -h -N -O NodeList,AllocMem,Memory,CPUsState,StateLong
parsed sinfo nodehost,gres,gresused,statelong \
    -ahNO nodehost,gres,gresused,statelong
parsed sinfo 'nodehost:100,gres:512,gresused:512,statelong' \
    -ahNO 'nodehost:100,gres:512,gresused:512,statelong'
parsed sinfo '{"s": "%T", "mem": %m, "n": "%n", "l": "%O", "p": "%R", "fmem": "%e", "cstate": "%C", "w": %w}' \
    -h -o '{"s": "%T", "mem": %m, "n": "%n", "l": "%O", "p": "%R", "fmem": "%e", "cstate": "%C", "w": %w}'
parsed squeue ""
parsed squeue "" -l
parsed squeue "" --start
parsed squeue "" -t all
parsed squeue %A,%T -a -r -h -o %A,%T
parsed squeue 'JobID:|,NumNodes:|,tres-per-node:|,tres-per-job:|,tres-alloc:|' \
    -h -O 'JobID:|,NumNodes:|,tres-per-node:|,tres-per-job:|,tres-alloc:|'
parsed squeue '%i|%u|%T|%D|%b|%N' -h -o '%i|%u|%T|%D|%b|%N'
# squeue -u takes a uid as a name.
u=$($S squeue -h -o %U,%u | head -n 1)
$S squeue -h -u "${u%,*}" -o %i > "$T/sim.out"
is "$(cat "$T/sim.out")" "$($S squeue -h -u "${u#*,}" -o %i)" \
    "squeue -u ${u%,*}: the jobs of ${u#*,}"
like "$(cat "$T/sim.out")" '[0-9]' "squeue -u ${u%,*}: some jobs"
for a in 'show node' '-o show node' '-d show node' '-do show node' \
    'show job' '-o show job' '-d show job' '-do show job'; do
	case $a in
	*node)	k=node first=NodeName ;;
	*)	k=job first=JobId ;;
	esac
	$S scontrol $a > "$T/p.txt"
	scparsed $k $first "$T/p.txt" "scontrol $a"
done

#
# The real captures of ../shared/fixtures whose command is known.
#
FIX=$FIXTURES/slurm
if [ ! -d "$FIX" ]; then
	skip 1 "no fixtures in $FIX"
	done_testing
	exit
fi

# replay KINDS FILE TOOL ARGS...: the capture as the real output.
replay() {
	kinds=$1
	file=$2
	shift 2
	cp "$FIX/$file" "$T/real.out"
	echo 0 > "$T/real.rc"
	run sim "$@"
	check "$kinds" "$file"
}

replay rc,one,shape vpenso-sinfo-h-o-C.txt sinfo -h -o %C
replay rc,one,shape ood-sinfo-aho-F-C.txt sinfo -aho %F/%C
replay rc,shapes vpenso-sinfo-h-N-o-nodelist-state.txt sinfo -h -N -o %N,%T
replay rc,shapes vpenso-squeue-h-o-jobid-state.txt squeue -a -r -h -o %A,%T
# Its CPUsState column is 12 wide where 22.05's is 20 (another version,
# or cut by hand): the three before it are compared.
FIXED=3 replay rc,fixed \
    vpenso-sinfo-h-N-O-nodelist-allocmem-memory-cpusstate-statelong.txt \
    sinfo -h -N -O NodeList,AllocMem,Memory,CPUsState,StateLong
# gcm's sinfo is of a later Slurm: %i (RESERVATION) is new, and its last
# field has no trailing blank; the rest is 22.05's.
replay rc gcm-sinfo-a-N-o-all.txt sinfo --all -N -o %all
awk -F'|' -v OFS='|' '{ for (i = 9; i < NF; i++) $i = $(i + 1); NF--
    print $0 " " }' "$FIX/gcm-sinfo-a-N-o-all.txt" > "$T/real.out"
check head,pipes "gcm-sinfo-a-N-o-all.txt without RESERVATION"
replay rc,head ucsc-hummingbird-squeue-default.txt squeue
replay rc,shapes rivos-sinfo-h-o-jsonlike.txt sinfo -h -o \
    '{"s": "%T", "mem": %m, "n": "%n", "l": "%O", "p": "%R", "fmem": "%e", "cstate": "%C", "w": %w}'
# twcc's default sinfo (17.11, its lines cut by hand): a partition's
# name wider than 9 widens its column.
replay rc,words twcc-sinfo-default-elided.txt sinfo

# A mixed cluster's Slurm: each node's GRES follows its model, as sim.c
# lays a mix out.  1024 accelerators at shares 2,1,1,1,1 of models of
# 8, 8, 8, 16 and 4 a node weigh 2*8+8+8+16+4 = 52 a 6 shares: 118 nodes,
# 15 racks of 8; the racks in blocks of the shares, rounded: h100 racks
# 1-5 (gpu0001-0040), mi300x 6-8 (0041-0064), 910b 9-10 (0065-0080), a3
# 11-13 (0081-0104), k100 14-15 (0105-0118).
M="$MYRIAD -F /dev/null --sim 1024 --sim-time 1800000000 \
    --sim-mix h100:2,mi300x:1,910b:1,a3:1,k100:1 sim-tool"
want_gres() {
	awk '{ n = substr($1, 4) + 0; g = "dcu:k100:4"
	    if (n <= 104) g = "npu:910c:16"
	    if (n <= 80) g = "npu:910b:8"
	    if (n <= 64) g = "gpu:mi300x:8"
	    if (n <= 40) g = "gpu:h100:8"
	    print $1, g "(S:0-1)" }'
}
$M sinfo -h -N -o '%N %G' | sort -u > "$T/mix.gres"
is "$(wc -l < "$T/mix.gres" | tr -d ' ')" 118 "mix: sinfo lists 118 nodes"
is "$(want_gres < "$T/mix.gres")" "$(cat "$T/mix.gres")" \
    "mix: sinfo -N -o '%N %G' gives each node its model's GRES"
$M scontrol show node | awk '/^NodeName=/ { n = substr($1, 10) }
    /Gres=/ { sub(/.*Gres=/, ""); print n, $1 }' | sort -u > "$T/mix.sc"
is "$(cat "$T/mix.sc")" "$(cat "$T/mix.gres")" \
    "mix: scontrol show node's Gres= is sinfo's"
like "$($M scontrol show node gpu0090 | grep -o 'CfgTRES=[^ ]*')" \
    ',gres/npu=16$' "mix: an A3 node's CfgTRES counts its 16 NPUs"
like "$($M scontrol show node gpu0110 | grep -o 'Features=[^ ]*' |
    sort -u)" '^Features=k100,ib,rack014$' \
    "mix: a node's features name its model"
# Each running job: its nodes all of one model, JOB_GRES that model's
# GRES, the job's count per node times its nodes.
$M scontrol -d -o show job | grep 'JobState=RUNNING' > "$T/mix.jobs"
ok $(test -s "$T/mix.jobs"; echo $?) "mix: jobs run"
bad=
while read -r line; do
	id=$(echo "$line" | sed 's/^JobId=\([0-9]*\).*/\1/')
	nl=$(echo "$line" | sed 's/.* NodeList=\([^ ]*\).*/\1/')
	jg=$(echo "$line" | sed 's/.*JOB_GRES=\([^ ]*\).*/\1/')
	per=$(echo "$line" | sed 's/.*TresPerNode=gres:[a-z]*:\([0-9]*\).*/\1/')
	$M scontrol show hostnames "$nl" | sed 's/$/ x/' | want_gres |
	    sed 's/:[0-9]*(S:0-1)$//' | awk '{ print $2 }' | sort -u \
	    > "$T/mix.kinds"
	nn=$($M scontrol show hostnames "$nl" | wc -l | tr -d ' ')
	[ "$(wc -l < "$T/mix.kinds" | tr -d ' ')" = 1 ] ||
	    bad="$bad $id:spans"
	[ "$jg" = "$(cat "$T/mix.kinds"):$((nn * per))" ] ||
	    bad="$bad $id:$jg"
	sq=$($M squeue -h -j "$id" -o '%b')
	[ "$sq" = "gres/$(cut -d: -f1 < "$T/mix.kinds"):$per" ] ||
	    bad="$bad $id:squeue:$sq"
done < "$T/mix.jobs"
is "$bad" "" "mix: each job's JOB_GRES and squeue %b are its nodes' GRES"
# A node's 112 CPUs shared by its accelerators: 28 a DCU, 7 an A3's chip.
$M squeue -h -o '%c %b' > "$T/mix.cpus"
is "$(awk '{ n = $2; sub(/.*:/, "", n); if ($1 * n > 112) print }' \
    "$T/mix.cpus")" "" "mix: no job asks for more CPUs than a node has"
like "$(grep -c '^28 gres/dcu:' "$T/mix.cpus") $(grep -c '^7 gres/npu:' \
    "$T/mix.cpus")" '^[1-9][0-9]* [1-9]' \
    "mix: CPUs a task: 28 for a DCU, 7 for an A3's chip"
# gpu0077, a 910B node, is drained by the health check at this time.
$M sinfo -h -N -o '%N %E' | grep -E '^gpu0(0[4-9][0-9]|1[01][0-9]) ' |
    grep NHC | sort -u > "$T/mix.nhc"
is "$(grep -c Xid "$T/mix.nhc")" 0 \
    "mix: no NHC reason names an Xid on other vendors' nodes"
is "$(grep gpu0077 "$T/mix.nhc")" "gpu0077 NHC: npu-smi: NPU health Alarm" \
    "mix: an Ascend node's NHC reason is npu-smi's health word"
like "$($M scontrol show partition gpu | grep -o 'TRES=[^ ]*')" \
    'gres/gpu=[0-9]+,gres/npu=[0-9]+,gres/dcu=[0-9]+$' \
    "mix: a partition's TRES counts each kind of accelerator"

# The captures not compared, and why: t/0049.

done_testing
