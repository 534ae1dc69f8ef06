/*
 * myriad - the simulator's nvidia-smi --query-gpu, --query-compute-apps,
 * --query-accounted-apps and --query-retired-pages, every field of the
 * driver the simulator claims, as the 590.48.01 H100 capture prints them.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim.h"

/* How a field's value is printed. */
enum sim_nvsmi_query_kind {
	NK_CONST,		/* .value, as the real H100 prints it */
	NK_STR,			/* a string member */
	NK_INT,
	NK_U64,
	NK_FIX2,		/* a double, %.2f */
	NK_HEX,			/* 0x%016llX */
	NK_YESNO,
	NK_ACTIVE,		/* a clocks event reason: .bit of throttle */
};

/*
 * One field of --query-gpu: its name and alias as --help-query-gpu lists
 * them, the unit its header and its values carry, and where its value
 * comes from.  In the order of the help, which is the capture's.
 */
struct sim_nvsmi_query_field {
	const char			*name;
	const char			*alias;
	const char			*unit;
	enum sim_nvsmi_query_kind	 kind;
	size_t				 off;
	uint64_t			 bit;
	const char			*value;
};
#define QM(k, m)	.kind = k, .off = offsetof(struct sim_nvsmi_gpu, m)
#define QSTR(m)		QM(NK_STR, m)
#define QINT(m)		QM(NK_INT, m)
#define QU64(m)		QM(NK_U64, m)
#define QFIX2(m)	QM(NK_FIX2, m)
#define QHEX(m)		QM(NK_HEX, m)
#define QYESNO(m)	QM(NK_YESNO, m)
#define QACTIVE(b)	QM(NK_ACTIVE, g.throttle), .bit = b

/* The ECC counters of one kind: an H100 counts in its memory and SRAM. */
#define QECC(p, m)							\
	{ .name = p ".device_memory", QU64(m) },			\
	{ .name = p ".dram", QU64(m) },					\
	{ .name = p ".register_file", .value = "[N/A]" },		\
	{ .name = p ".l1_cache", .value = "[N/A]" },			\
	{ .name = p ".l2_cache", .value = "[N/A]" },			\
	{ .name = p ".texture_memory", .value = "[N/A]" },		\
	{ .name = p ".cbu", .value = "[N/A]" },				\
	{ .name = p ".sram", .value = "0" },				\
	{ .name = p ".total", QU64(m) }

static const struct sim_nvsmi_query_field sim_nvsmi_query_fields[] = {
	{ .name = "timestamp", QSTR(stamp) },
	{ .name = "driver_version", .value = SIM_DRIVER },
	{ .name = "vgpu_driver_capability.heterogenous_multivGPU",
	  .value = "[N/A]" },
	{ .name = "count", QINT(count) },
	{ .name = "name", .alias = "gpu_name", QSTR(product) },
	{ .name = "serial", .alias = "gpu_serial", QSTR(serial) },
	{ .name = "uuid", .alias = "gpu_uuid", QSTR(uuid) },
	{ .name = "pci.bus_id", .alias = "gpu_bus_id", QSTR(busid) },
	{ .name = "pci.domain", QSTR(pcidomain) },
	{ .name = "pci.bus", QSTR(pcibus) },
	{ .name = "pci.device", .value = "0x00" },
	{ .name = "pci.baseClass", .value = "0x3" },
	{ .name = "pci.subClass", .value = "0x2" },
	{ .name = "pci.device_id", .value = "0x233010DE" },
	{ .name = "pci.sub_device_id", .value = "0x16C110DE" },
	{ .name = "vgpu_device_capability.fractional_multiVgpu",
	  .value = "[N/A]" },
	{ .name = "vgpu_device_capability.heterogeneous_timeSlice_profile",
	  .value = "[N/A]" },
	{ .name = "vgpu_device_capability.heterogeneous_timeSlice_sizes",
	  .value = "[N/A]" },
	{ .name = "vgpu_device_capability.homogeneous_placements",
	  .value = "[N/A]" },
	{ .name = "vgpu_device_capability.mig_timeSlicing", .value = "[N/A]" },
	{ .name = "vgpu_device_capability.mig_timeSlicing_mode",
	  .value = "[N/A]" },
	{ .name = "pcie.link.gen.current", QINT(pciegen) },
	{ .name = "pcie.link.gen.gpucurrent", QINT(pciegen) },
	{ .name = "pcie.link.gen.max", .value = "5" },
	{ .name = "pcie.link.gen.gpumax", .value = "5" },
	{ .name = "pcie.link.gen.hostmax", .value = "[N/A]" },
	{ .name = "pcie.link.width.current", .value = "16" },
	{ .name = "pcie.link.width.max", .value = "16" },
	{ .name = "index", QINT(index) },
	{ .name = "display_mode",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "display_attached", .value = "Yes" },
	{ .name = "display_active", .value = "Disabled" },
	{ .name = "persistence_mode", .value = "Enabled" },
	{ .name = "addressing_mode", .value = "None" },
	{ .name = "accounting.mode", .value = "Disabled" },
	{ .name = "accounting.buffer_size", .value = "4000" },
	{ .name = "driver_model.current", .value = "[N/A]" },
	{ .name = "driver_model.pending", .value = "[N/A]" },
	{ .name = "vbios_version", .value = "96.00.A5.00.01" },
	{ .name = "inforom.img", .alias = "inforom.image",
	  .value = "G520.0200.00.05" },
	{ .name = "inforom.oem", .value = "2.1" },
	{ .name = "inforom.ecc", .value = "7.16" },
	{ .name = "inforom.pwr", .alias = "inforom.power", .value = "[N/A]" },
	{ .name = "inforom.checksum_validation", .value = "valid" },
	{ .name = "gpu_recovery_action", .value = "None" },
	{ .name = "gom.current", .alias = "gpu_operation_mode.current",
	  .value = "[N/A]" },
	{ .name = "gom.pending", .alias = "gpu_operation_mode.pending",
	  .value = "[N/A]" },
	{ .name = "fan.speed", .unit = "%", .value = "[N/A]" },
	{ .name = "pstate", .value = "P0" },
	{ .name = "clocks_event_reasons.supported",
	  .alias = "clocks_throttle_reasons.supported",
	  .value = "0x00000000000001FF" },
	{ .name = "clocks_event_reasons.active",
	  .alias = "clocks_throttle_reasons.active", QHEX(g.throttle) },
	{ .name = "clocks_event_reasons.gpu_idle",
	  .alias = "clocks_throttle_reasons.gpu_idle", QACTIVE(0x1) },
	{ .name = "clocks_event_reasons.applications_clocks_setting",
	  .alias = "clocks_throttle_reasons.applications_clocks_setting",
	  .value = "Not Active" },
	{ .name = "clocks_event_reasons.sw_power_cap",
	  .alias = "clocks_throttle_reasons.sw_power_cap",
	  QACTIVE(0x4) },
	{ .name = "clocks_event_reasons.hw_slowdown",
	  .alias = "clocks_throttle_reasons.hw_slowdown", QACTIVE(0x8) },
	{ .name = "clocks_event_reasons.hw_thermal_slowdown",
	  .alias = "clocks_throttle_reasons.hw_thermal_slowdown",
	  QACTIVE(0x40) },
	{ .name = "clocks_event_reasons.hw_power_brake_slowdown",
	  .alias = "clocks_throttle_reasons.hw_power_brake_slowdown",
	  .value = "Not Active" },
	{ .name = "clocks_event_reasons.sw_thermal_slowdown",
	  .alias = "clocks_throttle_reasons.sw_thermal_slowdown",
	  QACTIVE(0x20) },
	{ .name = "clocks_event_reasons.sync_boost",
	  .alias = "clocks_throttle_reasons.sync_boost",
	  .value = "Not Active" },
	{ .name = "clocks_event_reasons_counters.sw_power_cap", .unit = "us",
	  .value = "0" },
	{ .name = "clocks_event_reasons_counters.sync_boost", .unit = "us",
	  .value = "0" },
	{ .name = "clocks_event_reasons_counters.sw_thermal_slowdown",
	  .unit = "us", .value = "0" },
	{ .name = "clocks_event_reasons_counters.hw_thermal_slowdown",
	  .unit = "us", .value = "0" },
	{ .name = "clocks_event_reasons_counters.hw_power_brake_slowdown",
	  .unit = "us", .value = "0" },
	{ .name = "memory.total", .unit = "MiB", QINT(mib) },
	{ .name = "memory.reserved", .unit = "MiB", .value = "479" },
	{ .name = "memory.used", .unit = "MiB", QINT(g.memused) },
	{ .name = "memory.free", .unit = "MiB", QINT(memfree) },
	{ .name = "compute_mode", .value = "Default" },
	{ .name = "compute_cap", .value = "9.0" },
	{ .name = "utilization.gpu", .unit = "%", QINT(g.util) },
	{ .name = "utilization.memory", .unit = "%", QINT(g.memutil) },
	{ .name = "utilization.encoder", .unit = "%", .value = "0" },
	{ .name = "utilization.decoder", .unit = "%", .value = "0" },
	{ .name = "utilization.jpeg", .unit = "%", .value = "0" },
	{ .name = "utilization.ofa", .unit = "%", .value = "0" },
	{ .name = "encoder.stats.sessionCount", .value = "0" },
	{ .name = "encoder.stats.averageFps", .value = "0" },
	{ .name = "encoder.stats.averageLatency", .value = "0" },
	{ .name = "dramEncryption.mode.current", .value = "[N/A]" },
	{ .name = "dramEncryption.mode.pending", .value = "[N/A]" },
	{ .name = "ecc.mode.current", .value = "Enabled" },
	{ .name = "ecc.mode.pending", .value = "Enabled" },
	QECC("ecc.errors.corrected.volatile", g.sbe),
	QECC("ecc.errors.corrected.aggregate", sbe_agg),
	QECC("ecc.errors.uncorrected.volatile", g.dbe),
	QECC("ecc.errors.uncorrected.aggregate", dbe_agg),
	{ .name = "ecc.errors.uncorrected.volatile.sram.parity", .value = "0" },
	{ .name = "ecc.errors.uncorrected.volatile.sram.secded", .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.parity",
	  .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.secded",
	  .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.thresholdExceeded",
	  .value = "No" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.l2", .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.sm", .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.mcu", .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.pcie", .value = "0" },
	{ .name = "ecc.errors.uncorrected.aggregate.sram.other", .value = "0" },
	{ .name = "retired_pages.single_bit_ecc.count",
	  .alias = "retired_pages.sbe", .value = "[N/A]" },
	{ .name = "retired_pages.double_bit.count",
	  .alias = "retired_pages.dbe", .value = "[N/A]" },
	{ .name = "retired_pages.pending", .value = "[N/A]" },
	{ .name = "remapped_rows.correctable", .alias = "remapped_rows.sbe",
	  QINT(g.remap_corr) },
	{ .name = "remapped_rows.uncorrectable", .alias = "remapped_rows.dbe",
	  QINT(g.remap_uncorr) },
	{ .name = "remapped_rows.pending", QYESNO(g.remap_pending) },
	{ .name = "remapped_rows.failure", QYESNO(g.remap_failure) },
	{ .name = "remapped_rows.histogram.max", .value = "2560" },
	{ .name = "remapped_rows.histogram.high", .value = "0" },
	{ .name = "remapped_rows.histogram.partial", .value = "0" },
	{ .name = "remapped_rows.histogram.low", .value = "0" },
	{ .name = "remapped_rows.histogram.none", .value = "0" },
	{ .name = "temperature.gpu", QINT(g.temp) },
	{ .name = "temperature.gpu.tlimit", QINT(tlimit) },
	{ .name = "temperature.memory", QINT(g.memtemp) },
	{ .name = "power.management",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "power.draw", .unit = "W", QFIX2(g.power) },
	{ .name = "power.draw.average", .alias = "gpu.power.draw.average",
	  .unit = "W", QFIX2(g.power) },
	{ .name = "power.draw.instant", .alias = "gpu.power.draw.instant",
	  .unit = "W", QFIX2(g.power) },
	{ .name = "power.limit", .alias = "gpu.power.requested_limit",
	  .unit = "W", QFIX2(plimit) },
	{ .name = "enforced.power.limit", .alias = "gpu.power.current_limit",
	  .unit = "W", QFIX2(plimit) },
	{ .name = "power.default_limit", .alias = "gpu.power.default_limit",
	  .unit = "W", QFIX2(plimit) },
	{ .name = "power.min_limit", .alias = "gpu.power.min_limit",
	  .unit = "W", .value = "200.00" },
	{ .name = "power.max_limit", .alias = "gpu.power.max_limit",
	  .unit = "W", QFIX2(plimit) },
	{ .name = "module.power.draw.average", .unit = "W", .value = "[N/A]" },
	{ .name = "module.power.draw.instant", .unit = "W", .value = "[N/A]" },
	{ .name = "module.power.limit", .alias = "module.power.requested_limit",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "module.enforced.power.limit",
	  .alias = "module.power.current_limit", .unit = "W",
	  .value = "[N/A]" },
	{ .name = "module.power.default_limit", .unit = "W", .value = "[N/A]" },
	{ .name = "module.power.min_limit", .unit = "W", .value = "[N/A]" },
	{ .name = "module.power.max_limit", .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.delayed_power_smoothing_supported",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.primary_power_floor", .unit = "W",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.secondary_power_floor", .unit = "W",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.min_primary_floor_activation_offset",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.min_primary_floor_activation_point",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.window_multiplier", .unit = "ms",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.curr_profile.secondary_power_floor",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.curr_profile.primary_floor_"
	    "act_window_multiplier",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.curr_profile.primary_floor_"
	    "tar_window_multiplier",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.curr_profile.primary_floor_act_offset",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.admin_override.secondary_power_floor",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "power_smoothing.admin_override.primary_floor_"
	    "act_window_multiplier",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.admin_override.primary_floor_"
	    "tar_window_multiplier",
	  .value = "[N/A]" },
	{ .name = "power_smoothing.admin_override.primary_floor_act_offset",
	  .unit = "W", .value = "[N/A]" },
	{ .name = "edpp_multiplier", .unit = "%", .value = "100.00" },
	{ .name = "clocks.current.graphics", .alias = "clocks.gr",
	  .unit = "MHz", QINT(g.smclk) },
	{ .name = "clocks.current.sm", .alias = "clocks.sm", .unit = "MHz",
	  QINT(g.smclk) },
	{ .name = "clocks.current.memory", .alias = "clocks.mem", .unit = "MHz",
	  QINT(g.memclk) },
	{ .name = "clocks.current.video", .alias = "clocks.video",
	  .unit = "MHz", QINT(vidclk) },
	{ .name = "clocks.applications.graphics",
	  .alias = "clocks.applications.gr", .unit = "MHz",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "clocks.applications.memory",
	  .alias = "clocks.applications.mem", .unit = "MHz",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "clocks.default_applications.graphics",
	  .alias = "clocks.default_applications.gr", .unit = "MHz",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "clocks.default_applications.memory",
	  .alias = "clocks.default_applications.mem", .unit = "MHz",
	  .value = "[Requested functionality has been deprecated]" },
	{ .name = "clocks.max.graphics", .alias = "clocks.max.gr",
	  .unit = "MHz", .value = "1980" },
	{ .name = "clocks.max.sm", .unit = "MHz", .value = "1980" },
	{ .name = "clocks.max.memory", .alias = "clocks.max.mem", .unit = "MHz",
	  .value = "2619" },
	{ .name = "mig.mode.current", .value = "Disabled" },
	{ .name = "mig.mode.pending", .value = "Disabled" },
	{ .name = "gsp.mode.current", .value = "Enabled" },
	{ .name = "gsp.mode.default", .value = "Enabled" },
	{ .name = "c2c.mode", .value = "Disabled" },
	{ .name = "protected_memory.total", .unit = "MiB", .value = "0" },
	{ .name = "protected_memory.used", .unit = "MiB", .value = "0" },
	{ .name = "protected_memory.free", .unit = "MiB", .value = "0" },
	{ .name = "fabric.state", QSTR(fabric.state) },
	{ .name = "fabric.status", QSTR(fabric.status) },
	{ .name = "fabric.cliqueId", QSTR(fabric.clique) },
	{ .name = "fabric.clusterUuid", QSTR(fabric.uuid) },
	{ .name = "fabric.health.summary", QSTR(fabric.health) },
	{ .name = "fabric.health.bandwidth", QSTR(fabric.bandwidth) },
	{ .name = "fabric.health.route_recovery_in_progress", .value = "N/A" },
	{ .name = "fabric.health.route_unhealthy", .value = "N/A" },
	{ .name = "fabric.health.access_timeout_recovery", .value = "N/A" },
	{ .name = "fabric.health.incorrect_configuration", .value = "N/A" },
	{ .name = "platform.chassis_serial_number", .value = "" },
	{ .name = "platform.slot_number", .value = "0" },
	{ .name = "platform.tray_index", .value = "0" },
	{ .name = "platform.host_id", .value = "1" },
	{ .name = "platform.peer_type", .value = "Direct Connected" },
	{ .name = "platform.module_id", QINT(module) },
	{ .name = "platform.gpu_fabric_guid", .value = "0x0000000000000000" },
	{ .name = "hostname", .value = "[N/A]" },
};

/* A row of the other lists: a process, or a retired page. */
struct sim_nvsmi_query_app {
	struct sim_nvsmi_gpu	 n;
	struct sim_nvsmi_proc	 p;
	char			 cause[16];
};
#define QA(k, m)	.kind = k,					\
	.off = offsetof(struct sim_nvsmi_query_app, m)
/* The GPU's fields, first in every list. */
#define QAGPU								\
	{ .name = "timestamp", QA(NK_STR, n.stamp) },			\
	{ .name = "gpu_name", .value = SIM_MODEL },			\
	{ .name = "gpu_bus_id", QA(NK_STR, n.busid) },			\
	{ .name = "gpu_serial", QA(NK_STR, n.serial) },			\
	{ .name = "gpu_uuid", QA(NK_STR, n.uuid) }

/* One field of --query-compute-apps, as --help-query-compute-apps. */
static const struct sim_nvsmi_query_field sim_nvsmi_query_app_fields[] = {
	QAGPU,
	{ .name = "pid", QA(NK_INT, p.pid) },
	{ .name = "process_name", .alias = "name", QA(NK_STR, p.name) },
	{ .name = "used_gpu_memory", .alias = "used_memory", .unit = "MiB",
	  QA(NK_INT, p.used) },
};

/* --query-accounted-apps, as --help-query-accounted-apps. */
static const struct sim_nvsmi_query_field sim_nvsmi_query_acct_fields[] = {
	QAGPU,
	{ .name = "vgpu_instance", .value = "[N/A]" },
	{ .name = "pid", QA(NK_INT, p.pid) },
	{ .name = "gpu_utilization", .alias = "gpu_util", .unit = "%",
	  QA(NK_INT, n.g.util) },
	{ .name = "mem_utilization", .alias = "mem_util", .unit = "%",
	  QA(NK_INT, n.g.memutil) },
	{ .name = "max_memory_usage", .unit = "MiB", QA(NK_INT, p.used) },
	{ .name = "time", .unit = "ms", .value = "[N/A]" },
};

/* --query-retired-pages, as --help-query-retired-pages. */
static const struct sim_nvsmi_query_field sim_nvsmi_query_page_fields[] = {
	QAGPU,
	{ .name = "retired_pages.address", .value = "[N/A]" },
	{ .name = "retired_pages.timestamp", .value = "[N/A]" },
	{ .name = "retired_pages.cause", QA(NK_STR, cause) },
};

/*
 * The Kth row of a GPU's list, or 0.  A process of a job on the GPU; none
 * accounted, accounting being off as on the capture's H100; and the two
 * rows the 590 prints of an H100's retired pages, which it does not
 * retire (it remaps rows): an address and a time of [N/A], each cause.
 */
static int
sim_nvsmi_query_procs(const struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, u_int k, struct sim_nvsmi_query_app *a)
{
	return (k == 0 && sim_nvsmi_proc(s, node, gpu, g, &a->p));
}

static int
sim_nvsmi_query_acct(const struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, u_int k, struct sim_nvsmi_query_app *a)
{
	return (0);
}

static int
sim_nvsmi_query_pages(const struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, u_int k, struct sim_nvsmi_query_app *a)
{
	static const char *const causes[] = {
		"Single Bit ECC", "Double Bit ECC"
	};

	if (k >= nitems(causes))
		return (0);
	snprintf(a->cause, sizeof a->cause, "%s", causes[k]);
	return (1);
}

/* The lists other than --query-gpu: their option, fields and rows. */
struct sim_nvsmi_query_list {
	const char				*option;
	const struct sim_nvsmi_query_field	*fields;
	u_int					 nfields;
	int					(*row)(const struct sim *, u_int,
						    u_int, const struct sim_gpu *,
						    u_int,
						    struct sim_nvsmi_query_app *);
};
#define QL(o, t, r) { .option = o, .fields = t, .nfields = nitems(t),	\
	.row = r }
static const struct sim_nvsmi_query_list sim_nvsmi_query_lists[] = {
	QL("--query-compute-apps", sim_nvsmi_query_app_fields,
	    sim_nvsmi_query_procs),
	QL("--query-accounted-apps", sim_nvsmi_query_acct_fields,
	    sim_nvsmi_query_acct),
	QL("--query-retired-pages", sim_nvsmi_query_page_fields,
	    sim_nvsmi_query_pages),
};

/* The fields of a query list, as indices into a table. */
static int
sim_nvsmi_query_parse(const struct sim_nvsmi_query_field *t, u_int nt,
    const char *q, int **idsp, u_int *np, char **cause)
{
	char	*copy, *p, *f;
	u_int	 i, n = 0, size = 0;
	int	*ids = NULL;

	copy = xstrdup(q);
	for (p = copy; (f = strsep(&p, ",")) != NULL; ) {
		while (*f == ' ')
			f++;
		for (i = 0; i < nt; i++) {
			if (strcasecmp(t[i].name, f) == 0 ||
			    (t[i].alias != NULL &&
			    strcasecmp(t[i].alias, f) == 0))
				break;
		}
		if (i == nt) {
			xasprintf(cause, "Field \"%s\" is not a valid field "
			    "to query.", f);
			free(copy);
			free(ids);
			return (-1);
		}
		if (n == size) {
			size = size ? size * 2 : 32;
			ids = xreallocarray(ids, size, sizeof *ids);
		}
		ids[n++] = (int)i;
	}
	free(copy);
	if (n == 0) {
		xasprintf(cause, "No fields to query.");
		free(ids);
		return (-1);
	}
	*idsp = ids;
	*np = n;
	return (0);
}

/* --format=csv[,noheader][,nounits]. */
static int
sim_nvsmi_query_format(const char *format, const char *what, int *header,
    int *units, char **cause)
{
	char	*copy, *p, *f;
	int	 csv = 0;

	if (format == NULL) {
		xasprintf(cause, "Option --format must be specified with "
		    "%s.", what);
		return (-1);
	}
	*header = *units = 1;
	copy = xstrdup(format);
	for (p = copy; (f = strsep(&p, ",")) != NULL; ) {
		while (*f == ' ')
			f++;
		if (strcmp(f, "csv") == 0)
			csv = 1;
		else if (strcmp(f, "noheader") == 0)
			*header = 0;
		else if (strcmp(f, "nounits") == 0)
			*units = 0;
		else {
			xasprintf(cause, "\"%s\" is not a valid format "
			    "option.", f);
			free(copy);
			return (-1);
		}
	}
	free(copy);
	if (!csv) {
		xasprintf(cause, "Only CSV output format is supported for "
		    "%s.", what);
		return (-1);
	}
	return (0);
}

static void
sim_nvsmi_query_header(struct buf *b, const struct sim_nvsmi_query_field *t,
    const int *ids, u_int n)
{
	const struct sim_nvsmi_query_field	*f;
	u_int					 i;

	for (i = 0; i < n; i++) {
		f = &t[ids[i]];
		if (i != 0)
			buf_add(b, ", ", 2);
		buf_puts(b, f->name);
		if (f->unit != NULL)
			buf_printf(b, " [%s]", f->unit);
	}
	buf_putc(b, '\n');
}

/* A field's value in `base', with its unit unless nounits or [N/A]. */
static void
sim_nvsmi_query_value(struct buf *b, const struct sim_nvsmi_query_field *f,
    const void *base, int units)
{
	const char	*m = (const char *)base + f->off;
	uint64_t	 u;
	int		 i;

	switch (f->kind) {
	case NK_CONST:
		buf_puts(b, f->value);
		if (*f->value == '[')
			return;
		break;
	case NK_STR:
		buf_puts(b, m);
		break;
	case NK_INT:
		memcpy(&i, m, sizeof i);
		if (i < 0) {
			buf_putc(b, '-');
			i = -i;
		}
		sim_nvsmi_u64(b, (uint64_t)i);
		break;
	case NK_U64:
		memcpy(&u, m, sizeof u);
		sim_nvsmi_u64(b, u);
		break;
	case NK_FIX2:
		sim_nvsmi_fix2(b, *(const double *)(const void *)m);
		break;
	case NK_HEX:
		memcpy(&u, m, sizeof u);
		sim_nvsmi_hex16(b, u);
		break;
	case NK_YESNO:
		memcpy(&i, m, sizeof i);
		buf_puts(b, i ? "Yes" : "No");
		break;
	case NK_ACTIVE:
		memcpy(&u, m, sizeof u);
		buf_puts(b, (u & f->bit) ? "Active" : "Not Active");
		break;
	}
	if (units && f->unit != NULL) {
		buf_putc(b, ' ');
		buf_puts(b, f->unit);
	}
}

static void
sim_nvsmi_query_row(struct buf *b, const struct sim_nvsmi_query_field *t,
    const int *ids, u_int n, const void *base, int units)
{
	u_int	 i;

	for (i = 0; i < n; i++) {
		if (i != 0)
			buf_add(b, ", ", 2);
		sim_nvsmi_query_value(b, &t[ids[i]], base, units);
	}
	buf_putc(b, '\n');
}

/* nvidia-smi --query-gpu; the list is parsed once, the sweep asks it again. */
int
sim_nvsmi_query(struct sim *s, int node, const char *query,
    const char *format, u_int only, struct buf *out, char **cause)
{
	struct sim_nodeval	 v;
	struct sim_nvsmi_gpu	 n;
	int			 header, units, *ids;
	u_int			 gpu, nq;

	if (sim_nvsmi_query_format(format, "--query-gpu", &header, &units,
	    cause) != 0)
		return (-1);
	if (s->qstr == NULL || strcmp(s->qstr, query) != 0) {
		if (sim_nvsmi_query_parse(sim_nvsmi_query_fields,
		    nitems(sim_nvsmi_query_fields), query, &ids, &nq,
		    cause) != 0)
			return (-1);
		free(s->qstr);
		free(s->qids);
		s->qstr = xstrdup(query);
		s->qids = ids;
		s->nq = nq;
	}
	if (header)
		sim_nvsmi_query_header(out, sim_nvsmi_query_fields, s->qids,
		    s->nq);
	sim_node_sample(s, node, &v);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (!(only & 1u << gpu))
			continue;
		if (v.gpu[gpu].lost) {
			sim_nvsmi_lost(s, node, out, gpu);
			continue;
		}
		sim_nvsmi_gpu(s, node, gpu, &v.gpu[gpu], &n);
		sim_nvsmi_query_row(out, sim_nvsmi_query_fields, s->qids,
		    s->nq, &n, units);
	}
	return (0);
}

/* nvidia-smi --query-compute-apps and the other lists, by OPTION. */
int
sim_nvsmi_query_list(struct sim *s, int node, const char *option,
    const char *query, const char *format, u_int only, struct buf *out,
    char **cause)
{
	const struct sim_nvsmi_query_list	*l = NULL;
	struct sim_nodeval			 v;
	struct sim_nvsmi_query_app		 a;
	int					 header, units, *ids;
	u_int					 i, gpu, nq;

	for (i = 0; i < nitems(sim_nvsmi_query_lists); i++) {
		if (strcmp(sim_nvsmi_query_lists[i].option, option) == 0)
			l = &sim_nvsmi_query_lists[i];
	}
	if (l == NULL) {
		xasprintf(cause, "Invalid combination of input arguments. "
		    "Please run 'nvidia-smi -h' for help.");
		return (-1);
	}
	if (sim_nvsmi_query_format(format, option, &header, &units,
	    cause) != 0)
		return (-1);
	if (sim_nvsmi_query_parse(l->fields, l->nfields, query, &ids, &nq,
	    cause) != 0)
		return (-1);
	if (header)
		sim_nvsmi_query_header(out, l->fields, ids, nq);
	sim_node_sample(s, node, &v);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (!(only & 1u << gpu))
			continue;
		if (v.gpu[gpu].lost) {
			sim_nvsmi_lost(s, node, out, gpu);
			continue;
		}
		sim_nvsmi_gpu(s, node, gpu, &v.gpu[gpu], &a.n);
		for (i = 0; l->row(s, node, gpu, &v.gpu[gpu], i, &a); i++)
			sim_nvsmi_query_row(out, l->fields, ids, nq, &a, units);
	}
	free(ids);
	return (0);
}

/* A --query-gpu field's value, without its unit: for -q. */
void
sim_nvsmi_query_field(struct buf *b, const char *name,
    const struct sim_nvsmi_gpu *n)
{
	u_int	 i;

	for (i = 0; i < nitems(sim_nvsmi_query_fields); i++) {
		if (strcmp(sim_nvsmi_query_fields[i].name, name) == 0) {
			sim_nvsmi_query_value(b, &sim_nvsmi_query_fields[i],
			    n, 0);
			return;
		}
	}
	buf_puts(b, "N/A");
}
