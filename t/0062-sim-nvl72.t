#!/bin/sh
# NVL72 racks in the simulator (--sim-mix gb200): whole racks of 18 trays
# of 4 GPUs, alone and in a mix; rack names, the simulated Slurm's GRES and
# rack features; each tray's tools in the formats of the real captures
# (nvidia-smi's table, nvlink -s, -q's Fabric block, nvidia-imex-ctl -N),
# read back by `parse'; the model's GPUs carry their fabric; faults of the
# domains over a day; the same seed, the same bytes; a drain of a tray.
. t/lib/tap.sh

M="$MYRIAD -F /dev/null --sim-time 608400 --fault-rate 0"
G="$M --sim-mix gb200:1"
SHAPE="python3 t/lib/sim-shape.py"
F=$FIXTURES/nvidia-smi-more
I18=t/data/imex-ctl-N-570.172-p6e-gb200-18nodes.txt

# Sizes: whole racks of 72 GPUs.
$G -c summary >"$T/out" 2>"$T/err"
is "$?:$(head -1 "$T/out")" \
    "0:cluster sim (SIMULATED): 2502 nodes in 139 racks, 10008 GPUs" \
    "--sim 10k --sim-mix gb200:1: 139 racks of 18 trays, 10,008 GPUs"
$G --sim 100k -c summary >"$T/out" 2>/dev/null
is "$(head -1 "$T/out")" \
    "cluster sim (SIMULATED): 25002 nodes in 1389 racks, 100008 GPUs" \
    "--sim 100k: 1389 racks, 100,008 GPUs"
$M --sim-mix h100:6,gb200:2 -c summary >"$T/out" 2>/dev/null
is "$(head -1 "$T/out")" \
    "cluster sim (SIMULATED): 1596 nodes in 152 racks, 10032 GPUs" \
    "h100:6,gb200:2: 114 racks of 8 H100 nodes, 38 of 18 GB200 trays"

# Racks of 18, named as the others are.
$G -o tsv -c 'list-nodes gpu[0001,0018-0019,0036-0037,2502]' >"$T/out"
is "$(awk -F'\t' 'NR > 1 { printf "%s=%s ", $1, $2 }' "$T/out")" \
    "gpu0001=r001 gpu0018=r001 gpu0019=r002 gpu0036=r002 gpu0037=r003 \
gpu2502=r139 " \
    "a rack holds 18 trays: gpu0019 begins r002"
$M --sim-mix h100:6,gb200:2 -o tsv -c 'list-nodes gpu[0912-0913,0930-0931]' \
    >"$T/out"
is "$(awk -F'\t' 'NR > 1 { printf "%s=%s/%s ", $1, $2, $10 }' "$T/out")" \
    "gpu0912=r114/NVIDIA H100 80GB HBM3 gpu0913=r115/NVIDIA GB200 \
gpu0930=r115/NVIDIA GB200 gpu0931=r116/NVIDIA GB200 " \
    "in a mix: HGX racks of 8, then NVL72 racks of 18"
$G sim-tool scontrol show node gpu0019 >"$T/out"
like "$(grep -E 'Gres=|ActiveFeatures=' "$T/out" | tr -d ' \n')" \
    '^ActiveFeatures=gb200,ib,rack002Gres=gpu:gb200:4' \
    "Slurm: GRES gpu:gb200:4, the rack feature of its rack"

# list-gpus: node first, 4 GPUs a tray, the fabric of its rack.
$G -o tsv -c 'list-gpus gpu[0001-0019]' >"$T/gpus"
is "$(head -1 "$T/gpus" | cut -f1)" "node" "list-gpus: node is the first column"
is "$(awk 'NR > 1' "$T/gpus" | wc -l | tr -d ' ')" 76 "19 trays: 76 GPUs"
col() { head -1 "$T/gpus" | tr '\t' '\n' | grep -nx "$1" | cut -d: -f1; }
U=$(col cluster_uuid)
C=$(col clique_id)
S=$(col fabric_state)
is "$(awk -F'\t' -v u="$U" -v c="$C" -v s="$S" 'NR > 1 && $1 <= "gpu0018" {
    print $u, $c, $s }' "$T/gpus" | sort -u | wc -l | tr -d ' ')" 1 \
    "a rack's 72 GPUs: one ClusterUUID, one clique, Completed"
is "$(awk -F'\t' -v u="$U" '$1 == "gpu0018" || $1 == "gpu0019" { print $u }' \
    "$T/gpus" | sort -u | wc -l | tr -d ' ')" 2 "the next rack another ClusterUUID"
$G -o tsv -c 'list-links gpu0001' >"$T/links"
is "$(awk 'NR > 1' "$T/links" | wc -l | tr -d ' ')" 72 "list-links: 18 NVLinks a GPU"

# The tools, in the real formats, read back.
$G sim-tool nvidia-imex-ctl --node gpu0001 -N >"$T/imex"
is "$?" 0 "nvidia-imex-ctl -N on a tray"
$SHAPE table "$T/imex" "$I18" >"$T/why"
is "$?:$(head -3 "$T/why")" "0:" \
    "imex: every line as the 570.172 capture's ($I18)"
$MYRIAD -o tsv -c "parse imex $T/imex" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "parse imex reads it back"
is "$(awk -F'\t' 'NR > 1 { print $3, $5, $7 }' "$T/out" | sort | uniq -c |
    tr -s ' ')" " 18 READY 18 UP" "18 trays READY, all connected, domain UP"
$M --sim-mix h100:6,gb200:2 sim-tool nvidia-imex-ctl --node gpu0001 -N \
    >/dev/null 2>"$T/err"
is "$?:$(cat "$T/err")" "127:sh: 1: nvidia-imex-ctl: not found" \
    "an HGX node has no nvidia-imex-ctl, as sh says"
$G sim-tool nvidia-smi --node gpu0001 -q >"$T/q"
$MYRIAD -o tsv -c "parse nvidia-smi-q $T/q" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "parse nvidia-smi-q reads the simulator's -q"
is "$(awk -F'\t' 'NR > 1 { print $2 }' "$T/out" | tr '\n' ' ')" \
    "00000008:01:00.0 00000009:01:00.0 00000018:01:00.0 00000019:01:00.0 " \
    "4 Fabric blocks, the GB200 bus ids"
is "$(awk -F'\t' 'NR > 1 { print $3, $4, $7, $8 }' "$T/out" | sort -u)" \
    "Completed Success Healthy Full" "State, Status, Health, Bandwidth"
is "$($G sim-tool nvidia-smi --node gpu0001 \
    --query-gpu=fabric.state,fabric.status,fabric.health.bandwidth \
    --format=csv,noheader | sort -u)" "Completed, Success, Full" \
    "--query-gpu fabric.*"
is "$($M --sim-mix h100:6,gb200:2 sim-tool nvidia-smi --node gpu0001 \
    --query-gpu=fabric.cliqueId,fabric.clusterUuid,fabric.health.bandwidth \
    --format=csv,noheader | sort -u)" \
    "0, 00000000-0000-0000-0000-000000000000, N/A" \
    "an HGX node's fabric.*: the 590 H100 capture's"
if [ -d "$F" ]; then
	awk '/^    Fabric/ { n++ } n == 1 && /^    Processes/ { exit }
	    n == 1' "$T/q" | head -8 >"$T/fab"
	$SHAPE subkeys "$T/fab" "$F/nvidia-smi-q-grep-fabric-GB200-unhealthy.txt" \
	    >"$T/why"
	is "$?:$(head -3 "$T/why")" "0:" \
	    "-q Fabric: keys as nvidia-smi-q-grep-fabric-GB200-unhealthy.txt"
	$MYRIAD -F /dev/null --sim-time 1800000000 --sim-mix gb200:1 sim-tool \
	    nvidia-smi --node gpu0551 -q | awk '/^    Fabric/ { n++ }
	    n == 1 && /^    Processes/ { exit } n == 1' >"$T/fab"
	$SHAPE subkeys "$T/fab" \
	    "$F/nvidia-smi-q-fabric-in-progress-580.159.04-wide.txt" >"$T/why"
	is "$?:$(head -1 "$T/fab" | tr -d ' ')" "0:Fabric" \
	    "a tray In Progress: keys, width and N/A as nvidia-smi-q-fabric-in-progress-580.159.04-wide.txt"
	grep -q 'In Progress' "$T/fab"
	ok $? "(that tray's fabric is In Progress)"
	$G sim-tool nvidia-smi --node gpu0001 nvlink -s | expand >"$T/nvl"
	is "$(grep -c 'Link' "$T/nvl")" 72 "nvlink -s: 4 GPUs x 18 links"
	grep Link "$T/nvl" >"$T/nvl2"
	$SHAPE table "$T/nvl2" "$F/nvidia-smi-nvlink-s-GB200-abridged.txt" \
	    >"$T/why"
	is "$?:$(head -3 "$T/why")" "0:" \
	    "nvlink -s: links as nvidia-smi-nvlink-s-GB200-abridged.txt (53.125 GB/s)"
	like "$(head -1 "$T/nvl")" '^GPU 0: NVIDIA GB200 \(UUID: GPU-[0-9a-f-]{36}\)$' \
	    "nvlink -s: each GPU named NVIDIA GB200"
	$MYRIAD -F /dev/null --sim-time 6912000 --fault-rate 0 --sim-mix gb200:1 \
	    sim-tool nvidia-smi --node gpu0001 | sed '/Processes:/,$d' >"$T/tab"
	$SHAPE table "$T/tab" "$F/nvidia-smi-GB200-tray-4gpu-580.126.09.txt" \
	    >"$T/why"
	is "$?:$(head -3 "$T/why")" "0:" \
	    "nvidia-smi: the table as nvidia-smi-GB200-tray-4gpu-580.126.09.txt"
else
	skip 7 "no fixtures in $FIXTURES"
fi

# Faults over a day at 10k: at each time some racks degraded or broken
# (a GPU's fabric not Completed/Success/Full, or a clique that is not its
# rack's), most healthy; the kinds seen over the day.
R="$MYRIAD -F /dev/null --sim-mix gb200:1"
: >"$T/kinds"
fewest=999
most=0
for h in 0 4 8 12 16 20; do
	$R --sim-time $((1800000000 + h * 3600)) -o tsv -c list-gpus \
	    >"$T/g" 2>/dev/null
	awk -F'\t' -v s="$S" -v c="$C" -v u="$U" '
	NR > 1 && $s != "" {
		r = int((substr($1, 4) - 1) / 18)
		k = $s "/" $(s + 1) "/" $(s + 5)
		if (k != "Completed/Success/Full")
			bad[r] = 1
		print k >> "'"$T/kinds"'"
		if ($(s + 1) == "Success") cl[r, $c] = 1
	}
	END {
		for (x in cl) { split(x, p, SUBSEP); n[p[1]]++ }
		for (r in n) if (n[r] > 1) { bad[r] = 1; print "clique split" >> "'"$T/kinds"'" }
		for (r in bad) t++
		print t + 0
	}' "$T/g" >"$T/n"
	n=$(cat "$T/n")
	[ "$n" -lt "$fewest" ] && fewest=$n
	[ "$n" -gt "$most" ] && most=$n
done
echo "# racks degraded or broken: $fewest to $most of 139"
ok "$([ "$fewest" -ge 1 ]; echo $?)" "at each of 6 times some rack is degraded or broken"
ok "$([ "$most" -le 34 ]; echo $?)" "most racks are healthy"
for k in 'In Progress/' '/Insufficient Resources/' '/Degraded' 'clique split'; do
	grep -qF "$k" "$T/kinds"
	ok $? "over the day: $k"
done
$R --sim-time 1800000000 sim-tool nvidia-imex-ctl --node gpu0001 -N >/dev/null
n=0
for node in $(seq 1 18 2502); do
	$R --sim-time 1800000000 sim-tool nvidia-imex-ctl \
	    --node "$(printf 'gpu%04d' "$node")" -N 2>/dev/null |
	    grep -q '^Domain State: DEGRADED' && n=$((n + 1))
	[ "$n" -gt 0 ] && break
done
ok "$([ "$n" -gt 0 ]; echo $?)" "an IMEX domain DEGRADED: a peer UNAVAILABLE"

# The same seed, the same bytes; a drain of a tray kept.
$G --seed 3 -o tsv -c list-gpus >"$T/a" 2>/dev/null
$G --seed 3 -o tsv -c list-gpus >"$T/b" 2>/dev/null
cmp -s "$T/a" "$T/b"
is "$?:$(wc -l <"$T/a" | tr -d ' ')" "0:10009" \
    "the same seed: the same 10,008 GPUs and their fabric"
$G -y -c 'drain gpu0020 reason="tray check"' >"$T/out" 2>"$T/err"
is "$?" 0 "drain a tray"
like "$($G -o tsv -c 'list-nodes gpu0020' | awk -F'\t' 'NR > 1 { print $3 "|" $7 }')" \
    '^drain(ing|ed)\|tray check' "the next process sees the tray drained"

done_testing
