#!/bin/sh
# t/0063 on four NVL72 racks of GB200 trays with faults (trays In
# Progress, a status not Success, bandwidth degraded, a clique split):
# each fabric finding the simulated nvidia-smi says is a row, and only
# they.
MYRIAD_FABRIC_SIM='--sim 288 --sim-mix gb200:1 --fault-rate 5' \
    exec sh "$(dirname "$0")/0063-links-fabric.t"
