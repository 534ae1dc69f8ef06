/*
 * myriad - what each record holds, by name.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 *
 * Output, filters and the conformance test all read records through these
 * tables, so a JSON key, a filter name and a table column cannot disagree.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "myriad.h"

#define F(s, n, t, ty, b, p, fl) { .name = #n, .title = t, .type = ty,	\
	.off = offsetof(struct s, n), .bit = b, .prec = p, .flags = fl }
#define FN(s, m, key, t, ty, b, p, fl) { .name = key, .title = t,	\
	.type = ty, .off = offsetof(struct s, m), .bit = b, .prec = p,	\
	.flags = fl }
#define T	FF_TABLE
#define R	(FF_TABLE|FF_RIGHT)
#define NR	FF_RIGHT
#define W	(FF_TABLE|FF_WHAT)

static const struct field gpu_fields[] = {
	F(gpu, node, "NODE", FT_NODE, -1, 0, T),
	F(gpu, index, "GPU", FT_INT, GPU_INDEX, 0, R|FF_ACCEL),
	F(gpu, uuid, "UUID", FT_STR, -1, 0, 0),
	F(gpu, model, "MODEL", FT_STR, -1, 0, W|FF_MODEL),
	F(gpu, bus_id, "BUS", FT_STR, -1, 0, 0),
	F(gpu, util_pct, "UTIL%", FT_FLOAT, GPU_UTIL, 0, R|FF_SCALE),
	F(gpu, memutil_pct, "MUTIL%", FT_FLOAT, GPU_MEMUTIL, 0, NR),
	F(gpu, mem_used_mib, "MEM", FT_FLOAT, GPU_MEMUSED, 0, R),
	F(gpu, mem_total_mib, "MEMTOT", FT_FLOAT, GPU_MEMTOTAL, 0, R),
	F(gpu, temp_c, "TEMP", FT_FLOAT, GPU_TEMP, 0, R|FF_TEMP),
	F(gpu, memtemp_c, "MTEMP", FT_FLOAT, GPU_MEMTEMP, 0, NR),
	F(gpu, power_w, "POWER", FT_FLOAT, GPU_POWER, 0, R),
	F(gpu, power_limit_w, "PLIMIT", FT_FLOAT, GPU_PLIMIT, 0, R),
	F(gpu, sm_clock_mhz, "SMCLK", FT_FLOAT, GPU_SMCLK, 0, NR),
	F(gpu, fan_pct, "FAN%", FT_FLOAT, GPU_FAN, 0, NR),
	F(gpu, pstate, "PSTATE", FT_U8, GPU_PSTATE, 0, NR),
	F(gpu, ecc_sbe, "SBE", FT_U64, GPU_ECC_SBE, 0, NR),
	F(gpu, ecc_dbe, "DBE", FT_U64, GPU_ECC_DBE, 0, R|FF_ALARM),
	F(gpu, retired_pages, "RETIRED", FT_U32, GPU_RETIRED, 0, NR),
	F(gpu, remap_corr, "RMP_C", FT_U32, GPU_REMAP_CORR, 0, NR),
	F(gpu, remap_uncorr, "RMP_U", FT_U32, GPU_REMAP_UNCORR, 0, NR),
	F(gpu, remap_pending, "RMP_PEND", FT_U8, GPU_REMAP_PENDING, 0, NR),
	F(gpu, remap_failed, "RMP_FAIL", FT_U8, GPU_REMAP_FAILED, 0, NR),
	F(gpu, throttle, "THROTTLE", FT_HEX, GPU_THROTTLE, 0, 0),
	F(gpu, xid, "XID", FT_INT, GPU_XID, 0, R|FF_ALARM),
	F(gpu, error, "ERROR", FT_STR, -1, 0, T|FF_ERROR),
	F(gpu, vendor, "VENDOR", FT_VENDOR, -1, 0, W),
	F(gpu, card, "CARD", FT_I16, GPU_CARD, 0, NR),
	F(gpu, chip, "CHIP", FT_I16, GPU_CARD, 0, NR),
	F(gpu, health, "HEALTH", FT_STR, -1, 0, 0),
	F(gpu, partition, "PARTITION", FT_STR, -1, 0, 0),
	F(gpu, fabric_state, "FABRIC", FT_STR, -1, 0, 0),
	F(gpu, fabric_status, "FABRIC_STATUS", FT_STR, -1, 0, 0),
	F(gpu, clique_id, "CLIQUE", FT_U32, GPU_CLIQUE, 0, NR),
	F(gpu, cluster_uuid, "CLUSTER", FT_STR, -1, 0, 0),
	F(gpu, fabric_health, "FABRIC_HEALTH", FT_STR, -1, 0, 0),
	F(gpu, fabric_bandwidth, "BANDWIDTH", FT_STR, -1, 0, 0),
	{ .name = NULL }
};

static const struct field nvlink_fields[] = {
	F(nvlink, node, "NODE", FT_NODE, -1, 0, T),
	F(nvlink, gpu, "GPU", FT_I16, -1, 0, R),
	F(nvlink, link, "LINK", FT_I16, -1, 0, R),
	F(nvlink, state, "STATE", FT_LINK, -1, 0, T),
	F(nvlink, speed_gbs, "GB/S", FT_FLOAT, NVL_SPEED, 3, R),
	F(nvlink, replay, "REPLAY", FT_U32, NVL_REPLAY, 0, R),
	F(nvlink, recovery, "RECOVERY", FT_U32, NVL_RECOVERY, 0, R),
	F(nvlink, crc, "CRC", FT_U32, NVL_CRC, 0, R),
	FN(nvlink, node, "kind", "KIND", FT_NFABRIC, -1, 0, T),
	{ .name = NULL }
};

static const struct field ibport_fields[] = {
	F(ibport, node, "NODE", FT_NODE, -1, 0, T),
	F(ibport, device, "DEVICE", FT_STR, -1, 0, T),
	F(ibport, port, "PORT", FT_INT, -1, 0, R),
	F(ibport, state, "STATE", FT_LINK, -1, 0, T),
	F(ibport, phys, "PHYS", FT_LINK, -1, 0, T),
	F(ibport, state_str, "STATE_STR", FT_STR, -1, 0, 0),
	F(ibport, phys_str, "PHYS_STR", FT_STR, -1, 0, 0),
	F(ibport, rate_gbps, "RATE", FT_FLOAT, IB_RATE, 0, R),
	F(ibport, lid, "LID", FT_INT, IB_LID, 0, NR),
	F(ibport, link_layer, "LAYER", FT_STR, -1, 0, T),
	F(ibport, ca_type, "CA_TYPE", FT_STR, -1, 0, 0),
	F(ibport, port_guid, "GUID", FT_STR, -1, 0, 0),
	F(ibport, width, "WIDTH", FT_STR, -1, 0, 0),
	F(ibport, symerr, "SYMERR", FT_U64, IB_SYMERR, 0, NR),
	F(ibport, linkdown, "LINKDOWN", FT_U64, IB_LINKDOWN, 0, NR),
	F(ibport, rcverr, "RCVERR", FT_U64, IB_RCVERR, 0, NR),
	F(ibport, linkrec, "LINKREC", FT_U64, IB_LINKREC, 0, NR),
	F(ibport, linkup, "LINKUP", FT_U64, IB_LINKUP, 0, NR),
	F(ibport, rx_power_mw, "RX_MW", FT_FLOAT, IB_RXPOWER, 4, NR),
	F(ibport, rx_low_mw, "RX_LOW_MW", FT_FLOAT, IB_RXLOW, 4, NR),
	F(ibport, health, "HEALTH", FT_STR, -1, 0, 0),
	FN(ibport, link_layer, "kind", "KIND", FT_LAYER, -1, 0, T),
	{ .name = NULL }
};

static const struct field linkcheck_fields[] = {
	F(linkcheck, node, "NODE", FT_NODE, -1, 0, T),
	F(linkcheck, kind, "KIND", FT_STR, -1, 0, T),
	F(linkcheck, gpu, "GPU", FT_INT, LC_GPU, 0, R),
	F(linkcheck, device, "DEVICE", FT_STR, -1, 0, T),
	F(linkcheck, link, "LINK", FT_INT, LC_LINK, 0, R),
	F(linkcheck, state, "STATE", FT_STR, -1, 0, T),
	F(linkcheck, expect, "EXPECT", FT_FLOAT, LC_EXPECT, 3, R),
	F(linkcheck, actual, "ACTUAL", FT_FLOAT, LC_ACTUAL, 3, R),
	F(linkcheck, expect_width, "EXP_WIDTH", FT_STR, -1, 0, 0),
	F(linkcheck, width, "WIDTH", FT_STR, -1, 0, 0),
	F(linkcheck, errors, "ERRORS", FT_U64, LC_ERRORS, 0, R),
	F(linkcheck, delta, "DELTA", FT_U64, LC_DELTA, 0, R),
	F(linkcheck, changes, "CHANGES", FT_INT, -1, 0, NR),
	F(linkcheck, missing, "MISSING", FT_INT, -1, 0, NR),
	F(linkcheck, verdict, "VERDICT", FT_VERDICT, -1, 0, T),
	F(linkcheck, why, "WHY", FT_STR, -1, 0, T),
	FN(linkcheck, node, "vendor", "VENDOR", FT_NVENDOR, -1, 0, 0),
	FN(linkcheck, node, "model", "MODEL", FT_NMODEL, -1, 0, FF_MODEL),
	{ .name = NULL }
};

static const struct field sensor_fields[] = {
	F(sensor, node, "NODE", FT_NODE, -1, 0, T),
	F(sensor, name, "SENSOR", FT_STR, -1, 0, T),
	F(sensor, kind, "KIND", FT_KIND, -1, 0, T),
	F(sensor, reading, "READING", FT_FLOAT, SEN_READING, 2, R),
	F(sensor, unit, "UNIT", FT_STR, -1, 0, T),
	F(sensor, status, "STATUS", FT_STR, -1, 0, T),
	F(sensor, text, "TEXT", FT_STR, -1, 0, T),
	F(sensor, lnr, "LNR", FT_FLOAT, SEN_LNR, 2, NR),
	F(sensor, lcr, "LCR", FT_FLOAT, SEN_LCR, 2, NR),
	F(sensor, lnc, "LNC", FT_FLOAT, SEN_LNC, 2, NR),
	F(sensor, unc, "UNC", FT_FLOAT, SEN_UNC, 2, NR),
	F(sensor, ucr, "UCR", FT_FLOAT, SEN_UCR, 2, NR),
	F(sensor, unr, "UNR", FT_FLOAT, SEN_UNR, 2, NR),
	{ .name = NULL }
};

static const struct field snode_fields[] = {
	F(snode, name, "NODE", FT_STR, -1, 0, T),
	F(snode, state, "STATE", FT_STR, -1, 0, T),
	F(snode, partitions, "PARTITIONS", FT_STR, -1, 0, T),
	F(snode, cpus, "CPUS", FT_INT, SN_CPUS, 0, R),
	F(snode, cpus_alloc, "CPUS_ALLOC", FT_INT, SN_CPUS_ALLOC, 0, NR),
	F(snode, memory_mb, "MEMORY_MB", FT_LONG, SN_MEMORY, 0, R),
	F(snode, gres, "GRES", FT_STR, -1, 0, T),
	F(snode, gpus, "GPUS", FT_INT, SN_GPUS, 0, R),
	F(snode, gpus_used, "GPUS_USED", FT_INT, SN_GPUS_USED, 0, NR),
	F(snode, reason, "REASON", FT_STR, -1, 0, T),
	F(snode, nodes, "NODES", FT_INT, SN_NODES, 0, R),
	{ .name = NULL }
};

static const struct field job_fields[] = {
	F(job, id, "JOBID", FT_STR, -1, 0, T),
	F(job, user, "USER", FT_STR, -1, 0, T),
	F(job, partition, "PARTITION", FT_STR, -1, 0, T),
	F(job, name, "NAME", FT_STR, -1, 0, T),
	F(job, state, "STATE", FT_STR, -1, 0, T),
	F(job, nnodes, "NODES", FT_INT, JOB_NNODES, 0, R),
	F(job, gpus, "GPUS", FT_INT, JOB_GPUS, 0, R),
	F(job, cpus, "CPUS", FT_INT, JOB_CPUS, 0, NR),
	F(job, elapsed_s, "ELAPSED", FT_DURATION, JOB_ELAPSED, 0, R),
	F(job, limit_s, "LIMIT", FT_DURATION, JOB_LIMIT, 0, R),
	F(job, gres, "GRES", FT_STR, -1, 0, 0),
	F(job, nodes, "NODELIST", FT_STR, -1, 0, T),
	F(job, reason, "REASON", FT_STR, -1, 0, T),
	{ .name = NULL }
};

static const struct field partition_fields[] = {
	F(partition, name, "PARTITION", FT_STR, -1, 0, T),
	F(partition, state, "STATE", FT_STR, -1, 0, T),
	FN(partition, deflt, "default", "DEFAULT", FT_INT, PART_DEFAULT, 0, R),
	F(partition, nnodes, "NODES", FT_INT, PART_NNODES, 0, R),
	F(partition, cpus, "CPUS", FT_INT, PART_CPUS, 0, R),
	F(partition, gpus, "GPUS", FT_INT, PART_GPUS, 0, R),
	F(partition, maxtime_s, "MAXTIME", FT_DURATION, PART_MAXTIME, 0, R),
	F(partition, nodes, "NODELIST", FT_STR, -1, 0, T),
	{ .name = NULL }
};

static const struct field diag_fields[] = {
	F(diag, test, "TEST", FT_STR, -1, 0, T),
	F(diag, category, "CATEGORY", FT_STR, -1, 0, T),
	F(diag, gpu, "GPU", FT_INT, -1, 0, R|FF_WHOLE),
	F(diag, result, "RESULT", FT_RESULT, -1, 0, T),
	F(diag, message, "MESSAGE", FT_STR, -1, 0, T),
	{ .name = NULL }
};

static const struct field xid_fields[] = {
	F(xid, time, "TIME", FT_STR, -1, 0, T),
	F(xid, bus_id, "BUS", FT_STR, -1, 0, T),
	F(xid, xid, "XID", FT_INT, -1, 0, R|FF_ALARM),
	F(xid, message, "MESSAGE", FT_STR, -1, 0, T),
	F(xid, when, "WHEN", FT_TIME, -1, 0, 0),
	{ .name = NULL }
};

static const struct field fabric_fields[] = {
	F(fabric, node, "NODE", FT_NODE, -1, 0, T),
	F(fabric, bus_id, "BUS", FT_STR, -1, 0, T),
	F(fabric, state, "STATE", FT_STR, -1, 0, T),
	F(fabric, status, "STATUS", FT_STR, -1, 0, T),
	F(fabric, clique_id, "CLIQUE", FT_U32, FAB_CLIQUE, 0, R),
	F(fabric, cluster_uuid, "CLUSTER", FT_STR, -1, 0, T),
	F(fabric, health, "HEALTH", FT_STR, -1, 0, T),
	F(fabric, bandwidth, "BANDWIDTH", FT_STR, -1, 0, T),
	F(fabric, route_recovery, "ROUTE_RECOVERY", FT_STR, -1, 0, 0),
	F(fabric, route_unhealthy, "ROUTE_UNHEALTHY", FT_STR, -1, 0, 0),
	F(fabric, access_timeout, "ACCESS_TIMEOUT", FT_STR, -1, 0, 0),
	F(fabric, incorrect_config, "INCORRECT_CONFIG", FT_STR, -1, 0, 0),
	F(fabric, partition, "PARTITION", FT_STR, -1, 0, 0),
	{ .name = NULL }
};

static const struct field imex_fields[] = {
	F(imex, id, "ID", FT_INT, -1, 0, R),
	F(imex, address, "ADDRESS", FT_STR, -1, 0, T),
	F(imex, state, "STATE", FT_STR, -1, 0, T),
	F(imex, version, "VERSION", FT_STR, -1, 0, T),
	F(imex, connected, "CONNECTED", FT_INT, IMEX_CONNECTED, 0, R),
	F(imex, links, "LINKS", FT_STR, -1, 0, 0),
	F(imex, domain, "DOMAIN", FT_STR, -1, 0, T),
	{ .name = NULL }
};

static const struct field node_fields[] = {
	FN(node, name, "node", "NODE", FT_STR, -1, 0, T),
	F(node, rack, "RACK", FT_RACK, -1, 0, T),
	F(node, state, "STATE", FT_STR, -1, 0, T),
	F(node, partitions, "PARTITIONS", FT_STR, -1, 0, 0),
	FN(node, reach, "reachable", "REACHABLE", FT_REACH, -1, 0, T),
	F(node, error, "ERROR", FT_STR, -1, 0, T|FF_ERROR),
	F(node, reason, "REASON", FT_STR, -1, 0, T),
	F(node, updated, "UPDATED", FT_TIME, -1, 0, 0),
	FN(node, id, "vendor", "VENDOR", FT_NVENDOR, -1, 0, W),
	FN(node, id, "model", "MODEL", FT_NMODEL, -1, 0, W|FF_MODEL),
	{ .name = NULL }
};

static const struct field alert_fields[] = {
	F(alert, node, "NODE", FT_NODE, -1, 0, T),
	F(alert, rack, "RACK", FT_RACK, -1, 0, T),
	F(alert, attention, "ATTENTION", FT_STR, -1, 0, T),
	F(alert, state, "STATE", FT_STR, -1, 0, T),
	F(alert, severity, "SEVERITY", FT_INT, -1, 0, NR),
	F(alert, problem, "PROBLEM", FT_STR, -1, 0, T),
	FN(alert, node, "vendor", "VENDOR", FT_NVENDOR, -1, 0, W),
	FN(alert, node, "model", "MODEL", FT_NMODEL, -1, 0, W|FF_MODEL),
	{ .name = NULL }
};

static const struct field event_fields[] = {
	F(event, time, "TIME", FT_TIME, -1, 0, T),
	F(event, node, "NODE", FT_NODE, -1, 0, T),
	F(event, gpu, "GPU", FT_INT, -1, 0, R|FF_ACCEL),
	F(event, xid, "XID", FT_INT, EVF_XID, 0, R|FF_ALARM),
	F(event, text, "EVENT", FT_STR, -1, 0, T),
	F(event, seen, "SEEN", FT_TIME, -1, 0, 0),
	F(event, repeats, "REPEATS", FT_INT, -1, 0, NR),
	F(event, last, "LAST", FT_TIME, -1, 0, 0),
	F(event, bus, "BUS", FT_STR, -1, 0, 0),
	F(event, kind, "KIND", FT_EVENT, -1, 0, 0),
	FN(event, node, "vendor", "VENDOR", FT_NVENDOR, -1, 0, 0),
	FN(event, node, "model", "MODEL", FT_NMODEL, -1, 0, FF_MODEL),
	{ .name = NULL }
};

static const struct field burnin_fields[] = {
	F(burnin, run, "RUN", FT_STR, -1, 0, 0),
	F(burnin, node, "NODE", FT_STR, -1, 0, T),
	F(burnin, state, "STATE", FT_BURNIN, -1, 0, T),
	F(burnin, level, "LEVEL", FT_INT, -1, 0, 0),
	F(burnin, result, "RESULT", FT_RESULT, -1, 0, 0),
	F(burnin, gpus, "GPUS", FT_STR, -1, 0, T),
	F(burnin, tests, "TESTS", FT_STR, -1, 0, T),
	F(burnin, message, "MESSAGE", FT_STR, -1, 0, T),
	F(burnin, started, "STARTED", FT_TIME, -1, 0, 0),
	F(burnin, ended, "ENDED", FT_TIME, -1, 0, 0),
	F(burnin, elapsed, "ELAPSED", FT_FLOAT, -1, 0, R),
	F(burnin, action, "ACTION", FT_STR, -1, 0, T),
	F(burnin, vendor, "VENDOR", FT_VENDOR, -1, 0, 0),
	{ .name = NULL }
};

static const struct field burnrun_fields[] = {
	F(burnrun, run, "RUN", FT_STR, -1, 0, T),
	F(burnrun, status, "STATUS", FT_STR, -1, 0, T),
	F(burnrun, level, "LEVEL", FT_INT, -1, 0, R),
	F(burnrun, started, "STARTED", FT_TIME, -1, 0, T),
	F(burnrun, ended, "ENDED", FT_TIME, -1, 0, 0),
	F(burnrun, count, "NODES", FT_INT, -1, 0, R),
	F(burnrun, passed, "PASSED", FT_INT, -1, 0, R),
	F(burnrun, warned, "WARNED", FT_INT, -1, 0, R),
	F(burnrun, failed, "FAILED", FT_INT, -1, 0, R),
	F(burnrun, unreachable, "UNREACH", FT_INT, -1, 0, R),
	F(burnrun, cancelled, "CANCELLED", FT_INT, -1, 0, 0),
	F(burnrun, user, "USER", FT_STR, -1, 0, 0),
	F(burnrun, options, "OPTIONS", FT_STR, -1, 0, 0),
	F(burnrun, nodes, "NODESET", FT_STR, -1, 0, T),
	F(burnrun, pid, "PID", FT_INT, -1, 0, 0),
	F(burnrun, host, "HOST", FT_STR, -1, 0, 0),
	F(burnrun, refused, "REFUSED", FT_INT, -1, 0, R),
	{ .name = NULL }
};

/* A scale-up domain: list-domains. */
static const struct field scaleup_fields[] = {
	FN(scaleup, name, "domain", "DOMAIN", FT_STR, -1, 0, T),
	F(scaleup, kind, "KIND", FT_STR, -1, 0, T),
	F(scaleup, nodes, "NODES", FT_STR, -1, 0, T),
	F(scaleup, gpus_expected, "EXPECT", FT_U32, -1, 0, R),
	F(scaleup, gpus_present, "PRESENT", FT_U32, -1, 0, R),
	F(scaleup, gpus_healthy, "HEALTHY", FT_U32, -1, 0, R),
	F(scaleup, fabric, "FABRIC", FT_FABRIC, -1, 0, T),
	F(scaleup, imex, "IMEX", FT_STR, -1, 0, T),
	F(scaleup, links_down, "LINKS_DOWN", FT_U32, -1, 0, R),
	F(scaleup, bandwidth, "BANDWIDTH", FT_BANDWIDTH, -1, 0, T),
	F(scaleup, jobs, "JOBS", FT_U32, -1, 0, R),
	F(scaleup, verdict, "VERDICT", FT_SUVERDICT, -1, 0, T),
	F(scaleup, why, "WHY", FT_STR, -1, 0, T),
	F(scaleup, nnodes, "NNODES", FT_U32, -1, 0, NR),
	F(scaleup, imex_down, "IMEX_DOWN", FT_U32, -1, 0, NR),
	{ .name = NULL }
};

/* The Cooling view's rows: a rack, its sensors folded. */
static const struct field rack_fields[] = {
	F(cool_rack, rack, "RACK", FT_RACK, -1, 0, T),
	FN(cool_rack, inlet.v, "inlet", "INLET", FT_FLOAT, -1, 0, R),
	FN(cool_rack, outlet.v, "exhaust", "EXHAUST", FT_FLOAT, -1, 0, R),
	FN(cool_rack, fans.v, "fans", "FANS", FT_FLOAT, -1, 0, R),
	FN(cool_rack, nfans, "fans_total", "FANS_TOTAL", FT_U32, -1, 0, NR),
	FN(cool_rack, fanmin.v, "min_rpm", "MIN RPM", FT_FLOAT, -1, 0, R),
	FN(cool_rack, power.v, "kw", "kW", FT_FLOAT, -1, 1, R),
	FN(cool_rack, supply.v, "supply", "SUPPLY", FT_FLOAT, -1, 0, R),
	FN(cool_rack, ret.v, "return", "RETURN", FT_FLOAT, -1, 0, R),
	FN(cool_rack, flow.v, "flow", "FLOW", FT_FLOAT, -1, 1, R),
	FN(cool_rack, press.v, "press", "PRESS", FT_FLOAT, -1, 0, R),
	FN(cool_rack, leak.v, "leak", "LEAK", FT_FLOAT, -1, 0, R),
	FN(cool_rack, nobmc.v, "no_bmc", "NO BMC", FT_FLOAT, -1, 0, R),
	F(cool_rack, read, "READ", FT_U32, -1, 0, R),
	FN(cool_rack, alarms.v, "alarms", "ALARMS", FT_FLOAT, -1, 0, R),
	F(cool_rack, level, "LEVEL", FT_INT, -1, 0, NR),
	FN(cool_rack, text, "worst", "WORST SENSOR", FT_STR, -1, 0, T),
	{ .name = NULL }
};

const struct record records[] = {
	{ .name = "gpu", .size = sizeof (struct gpu), .fields = gpu_fields },
	{ .name = "nvlink", .size = sizeof (struct nvlink),
	  .fields = nvlink_fields },
	{ .name = "ibport", .size = sizeof (struct ibport),
	  .fields = ibport_fields },
	{ .name = "linkcheck", .size = sizeof (struct linkcheck),
	  .fields = linkcheck_fields },
	{ .name = "sensor", .size = sizeof (struct sensor),
	  .fields = sensor_fields },
	{ .name = "snode", .size = sizeof (struct snode),
	  .fields = snode_fields },
	{ .name = "job", .size = sizeof (struct job), .fields = job_fields },
	{ .name = "partition", .size = sizeof (struct partition),
	  .fields = partition_fields },
	{ .name = "diag", .size = sizeof (struct diag), .fields = diag_fields },
	{ .name = "xid", .size = sizeof (struct xid), .fields = xid_fields },
	{ .name = "fabric", .size = sizeof (struct fabric),
	  .fields = fabric_fields },
	{ .name = "imex", .size = sizeof (struct imex), .fields = imex_fields },
	{ .name = "node", .size = sizeof (struct node), .fields = node_fields },
	{ .name = "alert", .size = sizeof (struct alert),
	  .fields = alert_fields },
	{ .name = "event", .size = sizeof (struct event),
	  .fields = event_fields },
	{ .name = "burnin", .size = sizeof (struct burnin),
	  .fields = burnin_fields },
	{ .name = "burnrun", .size = sizeof (struct burnrun),
	  .fields = burnrun_fields },
	{ .name = "rack", .size = sizeof (struct cool_rack),
	  .fields = rack_fields },
	{ .name = "scaleup", .size = sizeof (struct scaleup),
	  .fields = scaleup_fields },
	{ .name = NULL }
};

static const char *link_names[] = {
	[LINK_UNKNOWN] = "unknown", [LINK_UP] = "up", [LINK_DOWN] = "down",
	[LINK_POLLING] = "polling", [LINK_DISABLED] = "disabled",
	[LINK_INIT] = "init",
};
static const char *kind_names[] = {
	[SENSOR_OTHER] = "other", [SENSOR_TEMP] = "temp",
	[SENSOR_FAN] = "fan", [SENSOR_POWER] = "power",
	[SENSOR_VOLTAGE] = "voltage", [SENSOR_CURRENT] = "current",
	[SENSOR_FLOW] = "flow", [SENSOR_PRESSURE] = "pressure",
	[SENSOR_LEAK] = "leak", [SENSOR_PSU] = "psu",
};
static const char *result_names[] = {
	[DIAG_NONE] = "none", [DIAG_PASS] = "pass", [DIAG_SKIP] = "skip",
	[DIAG_WARN] = "warn", [DIAG_FAIL] = "fail",
};
static const char *reach_names[] = {
	[REACH_UNKNOWN] = "unknown", [REACH_UP] = "yes",
	[REACH_CONNECTING] = "connecting", [REACH_AUTH] = "auth-failed",
	[REACH_HOSTKEY_UNKNOWN] = "hostkey-unknown",
	[REACH_HOSTKEY_CHANGED] = "hostkey-changed",
	[REACH_UNREACHABLE] = "no", [REACH_TIMEOUT] = "timeout",
	[REACH_GARBLED] = "unreadable",
};
static const char *verdict_names[] = {
	[LV_OK] = "ok", [LV_DOWN] = "down", [LV_MISSING] = "missing",
	[LV_DEGRADED] = "degraded", [LV_ERRORING] = "erroring",
	[LV_FLAPPING] = "flapping", [LV_FABRIC] = "fabric",
};
static const char *burnin_names[] = {
	[BURNIN_QUEUED] = "queued", [BURNIN_RUNNING] = "running",
	[BURNIN_PASSED] = "passed", [BURNIN_WARNED] = "warned",
	[BURNIN_FAILED] = "failed", [BURNIN_UNREACHABLE] = "unreachable",
	[BURNIN_CANCELLED] = "cancelled", [BURNIN_REFUSED] = "refused",
};
static const char *vendor_names[] = {
	[VENDOR_UNKNOWN] = "unknown", [VENDOR_NVIDIA] = "nvidia",
	[VENDOR_AMD] = "amd", [VENDOR_HUAWEI] = "huawei",
	[VENDOR_HYGON] = "hygon",
};
static const char *event_names[] = {
	[EV_XID] = "xid", [EV_ECC] = "ecc", [EV_LINK] = "link",
	[EV_STATE] = "state", [EV_REACH] = "reach", [EV_SENSOR] = "sensor",
	[EV_ACTION] = "action", [EV_HEALTH] = "health",
};
static const char *suverdict_names[] = {
	[SU_HEALTHY] = "healthy", [SU_DEGRADED] = "degraded",
	[SU_BROKEN] = "broken", [SU_UNKNOWN] = "unknown",
};
static const char *bandwidth_names[] = {
	[SUB_UNKNOWN] = "unknown", [SUB_FULL] = "full",
	[SUB_DEGRADED] = "degraded",
};
static const struct {
	const char	**names;
	int		  n;
} enums[] = {
	[FT_LINK] = { link_names, nitems(link_names) },
	[FT_KIND] = { kind_names, nitems(kind_names) },
	[FT_RESULT] = { result_names, nitems(result_names) },
	[FT_REACH] = { reach_names, nitems(reach_names) },
	[FT_VERDICT] = { verdict_names, nitems(verdict_names) },
	[FT_BURNIN] = { burnin_names, nitems(burnin_names) },
	[FT_VENDOR] = { vendor_names, nitems(vendor_names) },
	[FT_EVENT] = { event_names, nitems(event_names) },
	[FT_NVENDOR] = { vendor_names, nitems(vendor_names) },
	[FT_SUVERDICT] = { suverdict_names, nitems(suverdict_names) },
	[FT_BANDWIDTH] = { bandwidth_names, nitems(bandwidth_names) },
};

const char *
field_enum_name(enum field_type t, int v)
{
	if ((size_t)t >= nitems(enums) || enums[t].names == NULL ||
	    v < 0 || v >= enums[t].n)
		return ("?");
	return (enums[t].names[v]);
}

/*
 * Whether name is one of enum type t's: 1, or 0 and its names in *names
 * (the caller frees them); -1 when t is not an enum.
 */
int
field_enum_find(enum field_type t, const char *name, char **names)
{
	struct buf	 b;
	int		 i;

	if ((size_t)t >= nitems(enums) || enums[t].names == NULL)
		return (-1);
	for (i = 0; i < enums[t].n; i++) {
		if (enums[t].names[i] != NULL &&
		    strcmp(enums[t].names[i], name) == 0)
			return (1);
	}
	buf_init(&b);
	for (i = 0; i < enums[t].n; i++) {
		if (enums[t].names[i] != NULL)
			buf_printf(&b, "%s%s", b.len > 0 ? ", " : "",
			    enums[t].names[i]);
	}
	*names = b.data;
	return (0);
}

/*
 * Seconds as squeue prints a time (TIME, TIME_LIMIT): 3:04, 2:03:04,
 * 1-02:03:04.  A limit of UNLIMITED is kept as -1 and printed so.
 */
const char *
field_duration(char *buf, size_t len, long s)
{
	if (s < 0)
		snprintf(buf, len, "UNLIMITED");
	else if (s >= 86400)
		snprintf(buf, len, "%ld-%02ld:%02ld:%02ld", s / 86400,
		    s / 3600 % 24, s / 60 % 60, s % 60);
	else if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60,
		    s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
	return (buf);
}

/*
 * A model as tables show it: without its vendor's name in front (H100
 * 80GB HBM3, Instinct MI300X), as the vendor is said apart.
 */
const char *
field_model_name(const char *model)
{
	size_t	 i, len;

	for (i = VENDOR_NVIDIA; i < nitems(vendor_names); i++) {
		len = strlen(vendor_names[i]);
		if (strncasecmp(model, vendor_names[i], len) == 0 &&
		    model[len] == ' ')
			return (model + len + 1);
	}
	return (model);
}

const struct record *
record_find(const char *name)
{
	const struct record	*r;

	for (r = records; r->name != NULL; r++) {
		if (strcmp(r->name, name) == 0)
			return (r);
	}
	return (NULL);
}

const struct field *
record_field(const struct record *r, const char *name)
{
	const struct field	*f, *best = NULL;
	size_t			 n = strlen(name);

	for (f = r->fields; f->name != NULL; f++) {
		if (strcmp(f->name, name) == 0)
			return (f);
	}
	/* temp finds temp_c, util finds util_pct: the shortest such name. */
	for (f = r->fields; f->name != NULL; f++) {
		if (strncmp(f->name, name, n) == 0 && f->name[n] == '_' &&
		    (best == NULL || strlen(f->name) < strlen(best->name)))
			best = f;
	}
	return (best);
}

#define AT(rec, f, type) ((const type *)((const char *)(rec) + (f)->off))

int
field_null(const struct field *f, const void *rec)
{
	if (f->type == FT_STR || f->type == FT_LAYER)
		return (*AT(rec, f, char) == '\0');
	if (f->bit >= 0)
		return ((*(const uint64_t *)rec & BIT(f->bit)) == 0);
	if (f->flags & FF_WHOLE)
		return (*AT(rec, f, int) < 0);
	return (0);
}

/* The field as a number; -1 if it is a string or unknown. */
int
field_number(const struct field *f, const void *rec, double *v)
{
	if (field_null(f, rec))
		return (-1);
	switch (f->type) {
	case FT_INT:
	case FT_LINK:
	case FT_KIND:
	case FT_RESULT:
	case FT_REACH:
	case FT_VERDICT:
	case FT_BURNIN:
	case FT_VENDOR:
	case FT_EVENT:
	case FT_SUVERDICT:
	case FT_BANDWIDTH:
		*v = *AT(rec, f, int);
		return (0);
	case FT_I16:
		*v = *AT(rec, f, int16_t);
		return (0);
	case FT_LONG:
	case FT_DURATION:
		*v = *AT(rec, f, long);
		return (0);
	case FT_U8:
		*v = *AT(rec, f, uint8_t);
		return (0);
	case FT_U32:
	case FT_NODE:
	case FT_RACK:
		*v = *AT(rec, f, uint32_t);
		return (0);
	case FT_U64:
	case FT_HEX:
		*v = (double)*AT(rec, f, uint64_t);
		return (0);
	case FT_FLOAT:
		*v = *AT(rec, f, float);
		return (isnan(*v) ? -1 : 0);	/* NAN: no reading */
	case FT_TIME:
		*v = *AT(rec, f, double);
		return (0);
	case FT_STR:
	case FT_NVENDOR:	/* the model's: field_format() */
	case FT_NMODEL:
	case FT_NFABRIC:
	case FT_LAYER:
	case FT_FABRIC:
		break;
	}
	return (-1);
}

/* Format a field into buf; NULL when it is unknown. */
const char *
field_format(const struct field *f, const void *rec, const struct model *m,
    char *buf, size_t len)
{
	const struct node *n;
	double		 d;
	uint32_t	 id;
	time_t		 t;
	struct tm	 tm;

	if (field_null(f, rec))
		return (NULL);
	switch (f->type) {
	case FT_STR:
		return (AT(rec, f, char));
	case FT_NODE:
		id = *AT(rec, f, uint32_t);
		if (m == NULL || id >= m->nnodes)
			return (NULL);
		return (m->nodes[id].name);
	case FT_RACK:
		id = *AT(rec, f, uint32_t);
		if (m == NULL || id >= m->nracks)
			return (NULL);
		return (m->racks[id].name);
	case FT_LINK:
	case FT_KIND:
	case FT_RESULT:
	case FT_REACH:
	case FT_VERDICT:
	case FT_BURNIN:
	case FT_VENDOR:
	case FT_EVENT:
	case FT_SUVERDICT:
	case FT_BANDWIDTH:
		return (field_enum_name(f->type, *AT(rec, f, int)));
	case FT_FABRIC:
		return (field_fabric(AT(rec, f, u_int), 0, buf, len));
	case FT_NVENDOR:
	case FT_NMODEL:
		id = *AT(rec, f, uint32_t);
		if (m == NULL || id >= m->nnodes ||
		    (n = &m->nodes[id])->vendor == VENDOR_UNKNOWN)
			return (NULL);
		if (f->type == FT_NVENDOR)
			return (field_enum_name(FT_VENDOR, n->vendor));
		return (n->model[0] != '\0' ? n->model : NULL);
	case FT_NFABRIC:
		id = *AT(rec, f, uint32_t);
		return (m != NULL && id < m->nnodes ? links_kind(m, id) : NULL);
	case FT_LAYER:
		return (links_layer(AT(rec, f, char)));
	case FT_HEX:
		snprintf(buf, len, "0x%016" PRIx64, *AT(rec, f, uint64_t));
		return (buf);
	case FT_U64:
		snprintf(buf, len, "%" PRIu64, *AT(rec, f, uint64_t));
		return (buf);
	case FT_TIME:
		d = *AT(rec, f, double);
		if (d <= 0)
			return (NULL);
		t = (time_t)d;
		strftime(buf, len, "%Y-%m-%dT%H:%M:%S", localtime_r(&t, &tm));
		return (buf);
	default:
		break;
	}
	if (field_number(f, rec, &d) != 0 || !isfinite(d))
		return (NULL);
	snprintf(buf, len, "%.*f", f->prec, d);
	return (buf);
}

/*
 * GPUs by Fabric state, as tables show them (C72, C68 P4: completed, in
 * progress, failed, unknown; those of none left out) or as JSON does.
 */
const char *
field_fabric(const u_int *n, int json, char *buf, size_t len)
{
	static const char	 letters[] = "CPFU";
	size_t			 at = 0;
	int			 i;

	buf[0] = '\0';
	for (i = 0; i < SUF_NSTATES && at < len; i++) {
		if (json)
			at += snprintf(buf + at, len - at, "%s\"%s\":%u",
			    i == 0 ? "{" : ",", scaleup_fabric_name(i), n[i]);
		else if (n[i] > 0)
			at += snprintf(buf + at, len - at, "%s%c%u",
			    at > 0 ? " " : "", letters[i], n[i]);
	}
	if (json && at < len)
		snprintf(buf + at, len - at, "}");
	return (buf[0] != '\0' ? buf : NULL);
}

/*
 * A time as JSON has it: the local time field_format prints and its UTC
 * offset (ISO 8601, +01:00), so that the hour a clock goes back is not
 * read twice.  Other fields are field_format's.
 */
const char *
field_format_zoned(const struct field *f, const void *rec,
    const struct model *m, char *buf, size_t len)
{
	const char	*s = field_format(f, rec, m, buf, len);
	struct tm	 tm;
	time_t		 t;
	size_t		 n;

	if (f->type == FT_FABRIC)
		return (field_fabric(AT(rec, f, u_int), 1, buf, len));
	if (s == NULL || f->type != FT_TIME)
		return (s);
	t = (time_t)*AT(rec, f, double);
	n = strlen(buf);
	/* %z is +0100; ISO 8601's extended form, as dmesg's, +01:00. */
	if (strftime(buf + n, len - n, "%z", localtime_r(&t, &tm)) == 5 &&
	    n + 7 <= len) {
		memmove(buf + n + 4, buf + n + 3, 3);
		buf[n + 3] = ':';
	}
	return (buf);
}

/*
 * An FF_ACCEL field of rec, whose node is field nf's, as a table shows
 * it: the index of an accelerator of the node as its vendor's tools name
 * it (7/1 on an Atlas A3); NULL for none (-1, a node-wide event's).
 */
const char *
field_accel(const struct field *f, const struct field *nf, const void *rec,
    const struct model *m, char *buf, size_t len)
{
	double	 v;

	if (field_number(f, rec, &v) != 0 || v < 0)
		return (NULL);
	if (m == NULL || nf == NULL)
		return (field_format(f, rec, m, buf, len));
	return (alerts_id(m, *AT(rec, nf, uint32_t), (u_int)v, buf, len));
}

/*
 * The empty error of record r's rec as a table says it: its health word
 * when that is not OK ("health Alarm", as npu-smi's), else NULL.
 */
const char *
record_health(const struct record *r, const void *rec, char *buf,
    size_t len)
{
	const struct field	*f = record_field(r, "health");
	const char		*s;

	if (f == NULL || f->type != FT_STR ||
	    (s = field_format(f, rec, NULL, NULL, 0)) == NULL ||
	    strcasecmp(s, "OK") == 0)
		return (NULL);
	snprintf(buf, len, "health %s", s);
	return (buf);
}

/* The field of a record that names its node (FT_NODE), or NULL. */
const struct field *
record_node_field(const struct record *r)
{
	const struct field	*f;

	for (f = r->fields; f->name != NULL; f++) {
		if (f->type == FT_NODE)
			return (f);
	}
	return (NULL);
}
