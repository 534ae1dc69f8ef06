/*
 * myriad - the simulator's nvidia-smi -q [-d SECTION,...], as the 590.48.01
 * H100 capture prints it: keys padded to 55 columns (the processes' to
 * 42), and the Fabric block of a GPU behind NVSwitches.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sim.h"

#define SIM_NVSMI_Q_WIDTH	55
#define SIM_NVSMI_Q_PWIDTH	42	/* the processes' keys */

/*
 * One line of a GPU's report: its depth (4 spaces each), its key, and its
 * value: fixed, a --query-gpu field's with a unit, or none for a block.
 * A top-level line names the -d section it belongs to, if any; the lines
 * under it follow it.
 */
struct sim_nvsmi_q_row {
	u_int		 depth;
	const char	*key;
	const char	*value;
	const char	*field;
	const char	*unit;
	const char	*d;
	int		 procs;		/* the Processes block */
	u_int		 samples;	/* -d only: value's samples, .value long */
};

static const struct sim_nvsmi_q_row sim_nvsmi_q_rows[] = {
	{ .depth = 1, .key = "Product Name", .field = "name" },
	{ .depth = 1, .key = "Product Brand", .value = "NVIDIA" },
	{ .depth = 1, .key = "Product Architecture", .value = "Hopper" },
	{ .depth = 1, .key = "Display Mode",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .key = "Display Attached", .field = "display_attached" },
	{ .depth = 1, .key = "Display Active", .field = "display_active" },
	{ .depth = 1, .key = "Persistence Mode", .field = "persistence_mode" },
	{ .depth = 1, .key = "Addressing Mode", .value = "None" },
	{ .depth = 1, .key = "MIG Mode" },
	{ .depth = 2, .key = "Current", .field = "mig.mode.current" },
	{ .depth = 2, .key = "Pending", .field = "mig.mode.pending" },
	{ .depth = 1, .key = "Accounting Mode", .field = "accounting.mode",
	  .d = "ACCOUNTING" },
	{ .depth = 1, .key = "Accounting Mode Buffer Size",
	  .field = "accounting.buffer_size", .d = "ACCOUNTING" },
	{ .depth = 1, .key = "Driver Model" },
	{ .depth = 2, .key = "Current", .value = "N/A" },
	{ .depth = 2, .key = "Pending", .value = "N/A" },
	{ .depth = 1, .key = "Serial Number", .field = "serial" },
	{ .depth = 1, .key = "GPU UUID", .field = "uuid" },
	{ .depth = 1, .key = "GPU PDI", .value = "0xd52bae2e458244e2" },
	{ .depth = 1, .key = "Minor Number", .field = "index" },
	{ .depth = 1, .key = "VBIOS Version", .field = "vbios_version" },
	{ .depth = 1, .key = "MultiGPU Board", .value = "No" },
	{ .depth = 1, .key = "Board ID", .value = "0x9" },
	{ .depth = 1, .key = "Board Part Number",
	  .value = "692-2G520-0200-000" },
	{ .depth = 1, .key = "GPU Part Number", .value = "2330-885-A1" },
	{ .depth = 1, .key = "FRU Part Number", .value = "N/A" },
	{ .depth = 1, .key = "Platform Info" },
	{ .depth = 2, .key = "Chassis Serial Number", .value = "N/A" },
	{ .depth = 2, .key = "Slot Number", .value = "N/A" },
	{ .depth = 2, .key = "Tray Index", .value = "N/A" },
	{ .depth = 2, .key = "Host ID", .value = "N/A" },
	{ .depth = 2, .key = "Peer Type", .value = "N/A" },
	{ .depth = 2, .key = "Module Id", .field = "platform.module_id" },
	{ .depth = 2, .key = "GPU Fabric GUID", .value = "N/A" },
	{ .depth = 1, .key = "Inforom Version" },
	{ .depth = 2, .key = "Image Version", .field = "inforom.img" },
	{ .depth = 2, .key = "OEM Object", .field = "inforom.oem" },
	{ .depth = 2, .key = "ECC Object", .field = "inforom.ecc" },
	{ .depth = 2, .key = "Power Management Object", .value = "N/A" },
	{ .depth = 1, .key = "Inforom BBX Object Flush" },
	{ .depth = 2, .key = "Latest Timestamp", .value = "N/A" },
	{ .depth = 2, .key = "Latest Duration", .value = "N/A" },
	{ .depth = 1, .key = "GPU Operation Mode" },
	{ .depth = 2, .key = "Current", .value = "N/A" },
	{ .depth = 2, .key = "Pending", .value = "N/A" },
	{ .depth = 1, .key = "GPU C2C Mode", .field = "c2c.mode" },
	{ .depth = 1, .key = "GPU Virtualization Mode" },
	{ .depth = 2, .key = "Virtualization Mode", .value = "None" },
	{ .depth = 2, .key = "Host VGPU Mode", .value = "N/A" },
	{ .depth = 2, .key = "vGPU Heterogeneous Mode", .value = "N/A" },
	{ .depth = 1, .key = "GPU Recovery Action",
	  .field = "gpu_recovery_action" },
	{ .depth = 1, .key = "GSP Firmware Version", .value = SIM_DRIVER,
	  .d = "GSP_FIRMWARE_VERSION" },
	{ .depth = 1, .key = "IBMNPU" },
	{ .depth = 2, .key = "Relaxed Ordering Mode", .value = "N/A" },
	{ .depth = 1, .key = "PCI" },
	{ .depth = 2, .key = "Bus", .field = "pci.bus" },
	{ .depth = 2, .key = "Device", .value = "0x00" },
	{ .depth = 2, .key = "Domain", .value = "0x0000" },
	{ .depth = 2, .key = "Base Classcode", .value = "0x3" },
	{ .depth = 2, .key = "Sub Classcode", .value = "0x2" },
	{ .depth = 2, .key = "Device Id", .value = "0x233010DE" },
	{ .depth = 2, .key = "Bus Id", .field = "pci.bus_id" },
	{ .depth = 2, .key = "Sub System Id", .value = "0x16C110DE" },
	{ .depth = 2, .key = "GPU Link Info" },
	{ .depth = 3, .key = "PCIe Generation" },
	{ .depth = 4, .key = "Max", .value = "5" },
	{ .depth = 4, .key = "Current", .field = "pcie.link.gen.current" },
	{ .depth = 4, .key = "Device Current",
	  .field = "pcie.link.gen.gpucurrent" },
	{ .depth = 4, .key = "Device Max", .value = "5" },
	{ .depth = 4, .key = "Host Max", .value = "N/A" },
	{ .depth = 3, .key = "Link Width" },
	{ .depth = 4, .key = "Max", .value = "16x" },
	{ .depth = 4, .key = "Current", .value = "16x" },
	{ .depth = 2, .key = "Bridge Chip" },
	{ .depth = 3, .key = "Type", .value = "N/A" },
	{ .depth = 3, .key = "Firmware", .value = "N/A" },
	{ .depth = 2, .key = "Replays Since Reset", .value = "0" },
	{ .depth = 2, .key = "Replay Number Rollovers", .value = "0" },
	{ .depth = 2, .key = "Tx Throughput", .value = "352 KB/s" },
	{ .depth = 2, .key = "Rx Throughput", .value = "329 KB/s" },
	{ .depth = 2, .key = "Atomic Caps Outbound",
	  .value = "FETCHADD_32 FETCHADD_64 SWAP_32 SWAP_64 CAS_32 CAS_64 " },
	{ .depth = 2, .key = "Atomic Caps Inbound", .value = "N/A" },
	{ .depth = 1, .key = "Fan Speed", .value = "N/A" },
	{ .depth = 1, .key = "Performance State", .field = "pstate",
	  .d = "PERFORMANCE" },
	{ .depth = 1, .key = "Clocks Event Reasons", .d = "PERFORMANCE" },
	{ .depth = 2, .key = "Idle", .field = "clocks_event_reasons.gpu_idle" },
	{ .depth = 2, .key = "Applications Clocks Setting",
	  .value = "Not Active" },
	{ .depth = 2, .key = "SW Power Cap",
	  .field = "clocks_event_reasons.sw_power_cap" },
	{ .depth = 2, .key = "HW Slowdown",
	  .field = "clocks_event_reasons.hw_slowdown" },
	{ .depth = 3, .key = "HW Thermal Slowdown",
	  .field = "clocks_event_reasons.hw_thermal_slowdown" },
	{ .depth = 3, .key = "HW Power Brake Slowdown", .value = "Not Active" },
	{ .depth = 2, .key = "Sync Boost", .value = "Not Active" },
	{ .depth = 2, .key = "SW Thermal Slowdown",
	  .field = "clocks_event_reasons.sw_thermal_slowdown" },
	{ .depth = 2, .key = "Display Clock Setting", .value = "Not Active" },
	{ .depth = 1, .key = "Clocks Event Reasons Counters" },
	{ .depth = 2, .key = "SW Power Capping", .value = "0 us" },
	{ .depth = 2, .key = "Sync Boost", .value = "0 us" },
	{ .depth = 2, .key = "SW Thermal Slowdown", .value = "0 us" },
	{ .depth = 2, .key = "HW Thermal Slowdown", .value = "0 us" },
	{ .depth = 2, .key = "HW Power Braking", .value = "0 us" },
	{ .depth = 1, .key = "Sparse Operation Mode", .value = "Disabled" },
	{ .depth = 1, .key = "FB Memory Usage", .d = "MEMORY" },
	{ .depth = 2, .key = "Total", .field = "memory.total", .unit = "MiB" },
	{ .depth = 2, .key = "Reserved", .field = "memory.reserved",
	  .unit = "MiB" },
	{ .depth = 2, .key = "Used", .field = "memory.used", .unit = "MiB" },
	{ .depth = 2, .key = "Free", .field = "memory.free", .unit = "MiB" },
	{ .depth = 1, .key = "BAR1 Memory Usage", .d = "MEMORY" },
	{ .depth = 2, .key = "Total", .value = "131072 MiB" },
	{ .depth = 2, .key = "Used", .value = "1 MiB" },
	{ .depth = 2, .key = "Free", .value = "131071 MiB" },
	{ .depth = 1, .key = "Conf Compute Protected Memory Usage" },
	{ .depth = 2, .key = "Total", .value = "0 MiB" },
	{ .depth = 2, .key = "Used", .value = "0 MiB" },
	{ .depth = 2, .key = "Free", .value = "0 MiB" },
	{ .depth = 1, .key = "Compute Mode", .field = "compute_mode",
	  .d = "COMPUTE" },
	{ .depth = 1, .key = "Utilization", .d = "UTILIZATION" },
	{ .depth = 2, .key = "GPU", .field = "utilization.gpu", .unit = "%" },
	{ .depth = 2, .key = "Memory", .field = "utilization.memory",
	  .unit = "%" },
	{ .depth = 2, .key = "Encoder", .value = "0 %" },
	{ .depth = 2, .key = "Decoder", .value = "0 %" },
	{ .depth = 2, .key = "JPEG", .value = "0 %" },
	{ .depth = 2, .key = "OFA", .value = "0 %" },
	{ .depth = 1, .key = "GPU Utilization Samples", .field = "utilization.gpu",
	  .unit = "%", .value = "11.75 sec", .samples = 71, .d = "UTILIZATION" },
	{ .depth = 1, .key = "Memory Utilization Samples", .field = "utilization.memory",
	  .unit = "%", .value = "11.75 sec", .samples = 71, .d = "UTILIZATION" },
	{ .depth = 1, .key = "ENC Utilization Samples", .field = "utilization.encoder",
	  .unit = "%", .value = "11.75 sec", .samples = 71, .d = "UTILIZATION" },
	{ .depth = 1, .key = "DEC Utilization Samples", .field = "utilization.decoder",
	  .unit = "%", .value = "11.75 sec", .samples = 71, .d = "UTILIZATION" },
	{ .depth = 1, .key = "Encoder Stats", .d = "ENCODER_STATS" },
	{ .depth = 2, .key = "Active Sessions", .value = "0" },
	{ .depth = 2, .key = "Average FPS", .value = "0" },
	{ .depth = 2, .key = "Average Latency", .value = "0" },
	{ .depth = 1, .key = "FBC Stats", .d = "FBC_STATS" },
	{ .depth = 2, .key = "Active Sessions", .value = "0" },
	{ .depth = 2, .key = "Average FPS", .value = "0" },
	{ .depth = 2, .key = "Average Latency", .value = "0" },
	{ .depth = 1, .key = "DRAM Encryption Mode" },
	{ .depth = 2, .key = "Current", .value = "N/A" },
	{ .depth = 2, .key = "Pending", .value = "N/A" },
	{ .depth = 1, .key = "ECC Mode", .d = "ECC" },
	{ .depth = 2, .key = "Current", .field = "ecc.mode.current" },
	{ .depth = 2, .key = "Pending", .field = "ecc.mode.pending" },
	{ .depth = 1, .key = "ECC Errors", .d = "ECC" },
	{ .depth = 2, .key = "Volatile" },
	{ .depth = 3, .key = "SRAM Correctable", .value = "0" },
	{ .depth = 3, .key = "SRAM Uncorrectable Parity", .value = "0" },
	{ .depth = 3, .key = "SRAM Uncorrectable SEC-DED", .value = "0" },
	{ .depth = 3, .key = "DRAM Correctable",
	  .field = "ecc.errors.corrected.volatile.dram" },
	{ .depth = 3, .key = "DRAM Uncorrectable",
	  .field = "ecc.errors.uncorrected.volatile.dram" },
	{ .depth = 2, .key = "Aggregate" },
	{ .depth = 3, .key = "SRAM Correctable", .value = "0" },
	{ .depth = 3, .key = "SRAM Uncorrectable Parity", .value = "0" },
	{ .depth = 3, .key = "SRAM Uncorrectable SEC-DED", .value = "0" },
	{ .depth = 3, .key = "DRAM Correctable",
	  .field = "ecc.errors.corrected.aggregate.dram" },
	{ .depth = 3, .key = "DRAM Uncorrectable",
	  .field = "ecc.errors.uncorrected.aggregate.dram" },
	{ .depth = 3, .key = "SRAM Threshold Exceeded", .value = "No" },
	{ .depth = 2, .key = "Aggregate Uncorrectable SRAM Sources" },
	{ .depth = 3, .key = "SRAM L2", .value = "0" },
	{ .depth = 3, .key = "SRAM SM", .value = "0" },
	{ .depth = 3, .key = "SRAM Microcontroller", .value = "0" },
	{ .depth = 3, .key = "SRAM PCIE", .value = "0" },
	{ .depth = 3, .key = "SRAM Other", .value = "0" },
	{ .depth = 2, .key = "Channel Repair Pending", .value = "No" },
	{ .depth = 2, .key = "TPC Repair Pending", .value = "No" },
	{ .depth = 2, .key = "Unrepairable Memory", .value = "No" },
	{ .depth = 1, .key = "Retired Pages", .d = "PAGE_RETIREMENT" },
	{ .depth = 2, .key = "Single Bit ECC", .value = "N/A" },
	{ .depth = 2, .key = "Double Bit ECC", .value = "N/A" },
	{ .depth = 2, .key = "Pending Page Blacklist", .value = "N/A" },
	{ .depth = 1, .key = "Remapped Rows", .d = "ROW_REMAPPER" },
	{ .depth = 2, .key = "Correctable Error",
	  .field = "remapped_rows.correctable" },
	{ .depth = 2, .key = "Uncorrectable Error",
	  .field = "remapped_rows.uncorrectable" },
	{ .depth = 2, .key = "Pending", .field = "remapped_rows.pending" },
	{ .depth = 2, .key = "Remapping Failure Occurred",
	  .field = "remapped_rows.failure" },
	{ .depth = 2, .key = "Bank Remap Availability Histogram" },
	{ .depth = 3, .key = "Max", .value = "2560 bank(s)" },
	{ .depth = 3, .key = "High", .value = "0 bank(s)" },
	{ .depth = 3, .key = "Partial", .value = "0 bank(s)" },
	{ .depth = 3, .key = "Low", .value = "0 bank(s)" },
	{ .depth = 3, .key = "None", .value = "0 bank(s)" },
	{ .depth = 1, .key = "Temperature", .d = "TEMPERATURE" },
	{ .depth = 2, .key = "GPU Current Temp", .field = "temperature.gpu",
	  .unit = "C" },
	{ .depth = 2, .key = "GPU T.Limit Temp",
	  .field = "temperature.gpu.tlimit", .unit = "C" },
	{ .depth = 2, .key = "GPU Shutdown T.Limit Temp", .value = "-8 C" },
	{ .depth = 2, .key = "GPU Slowdown T.Limit Temp", .value = "-2 C" },
	{ .depth = 2, .key = "GPU Max Operating T.Limit Temp", .value = "0 C" },
	{ .depth = 2, .key = "GPU Target Temperature", .value = "N/A" },
	{ .depth = 2, .key = "Memory Current Temp",
	  .field = "temperature.memory", .unit = "C" },
	{ .depth = 2, .key = "Memory Max Operating T.Limit Temp",
	  .value = "0 C" },
	{ .depth = 1, .key = "GPU Power Readings", .d = "POWER" },
	{ .depth = 2, .key = "Average Power Draw",
	  .field = "power.draw.average",
	  .unit = "W" },
	{ .depth = 2, .key = "Instantaneous Power Draw",
	  .field = "power.draw.instant", .unit = "W" },
	{ .depth = 2, .key = "Current Power Limit", .value = "700.00 W" },
	{ .depth = 2, .key = "Requested Power Limit", .value = "700.00 W" },
	{ .depth = 2, .key = "Default Power Limit", .value = "700.00 W" },
	{ .depth = 2, .key = "Min Power Limit", .value = "200.00 W" },
	{ .depth = 2, .key = "Max Power Limit", .value = "700.00 W" },
	{ .depth = 1, .key = "Power Samples", .field = "power.draw.instant",
	  .unit = "W", .value = "2.36 sec", .samples = 119, .d = "POWER" },
	{ .depth = 1, .key = "GPU Memory Power Readings ", .d = "POWER" },
	{ .depth = 2, .key = "Average Power Draw", .value = "43.19 W" },
	{ .depth = 2, .key = "Instantaneous Power Draw", .value = "N/A" },
	{ .depth = 1, .key = "Module Power Readings", .d = "POWER" },
	{ .depth = 2, .key = "Average Power Draw", .value = "N/A" },
	{ .depth = 2, .key = "Instantaneous Power Draw", .value = "N/A" },
	{ .depth = 2, .key = "Current Power Limit", .value = "N/A" },
	{ .depth = 2, .key = "Requested Power Limit", .value = "N/A" },
	{ .depth = 2, .key = "Default Power Limit", .value = "N/A" },
	{ .depth = 2, .key = "Min Power Limit", .value = "N/A" },
	{ .depth = 2, .key = "Max Power Limit", .value = "N/A" },
	{ .depth = 1, .key = "Power Smoothing", .value = "N/A",
	  .d = "POWER_SMOOTHING" },
	{ .depth = 1, .key = "Workload Power Profiles", .d = "POWER_PROFILES" },
	{ .depth = 2, .key = "Requested Profiles", .value = "N/A" },
	{ .depth = 2, .key = "Enforced Profiles", .value = "N/A" },
	{ .depth = 1, .key = "EDPp Multiplier", .value = "100.00%",
	  .d = "POWER" },
	{ .depth = 1, .key = "Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Graphics", .field = "clocks.current.graphics",
	  .unit = "MHz" },
	{ .depth = 2, .key = "SM", .field = "clocks.current.sm",
	  .unit = "MHz" },
	{ .depth = 2, .key = "Memory", .field = "clocks.current.memory",
	  .unit = "MHz" },
	{ .depth = 2, .key = "Video", .field = "clocks.current.video",
	  .unit = "MHz" },
	{ .depth = 1, .key = "Applications Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Graphics",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .key = "Memory",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .key = "Default Applications Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Graphics",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .key = "Memory",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .key = "Deferred Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Memory", .value = "N/A" },
	{ .depth = 1, .key = "Max Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Graphics", .value = "1980 MHz" },
	{ .depth = 2, .key = "SM", .value = "1980 MHz" },
	{ .depth = 2, .key = "Memory", .value = "2619 MHz" },
	{ .depth = 2, .key = "Video", .value = "1545 MHz" },
	{ .depth = 1, .key = "Max Customer Boost Clocks", .d = "CLOCK" },
	{ .depth = 2, .key = "Graphics", .value = "1980 MHz" },
	{ .depth = 1, .key = "SM Clock Samples", .field = "clocks.current.sm",
	  .unit = "MHz", .value = "42.16 sec", .samples = 100, .d = "CLOCK" },
	{ .depth = 1, .key = "Memory Clock Samples", .field = "clocks.current.memory",
	  .unit = "MHz", .value = "42.16 sec", .samples = 100, .d = "CLOCK" },
	{ .depth = 1, .key = "Clock Policy", .d = "CLOCK" },
	{ .depth = 2, .key = "Auto Boost", .value = "N/A" },
	{ .depth = 2, .key = "Auto Boost Default", .value = "N/A" },
	{ .depth = 1, .key = "Fabric" },
	{ .depth = 2, .key = "State", .field = "fabric.state" },
	{ .depth = 2, .key = "Status", .field = "fabric.status" },
	{ .depth = 2, .key = "CliqueId", .field = "fabric.cliqueId" },
	{ .depth = 2, .key = "ClusterUUID", .field = "fabric.clusterUuid" },
	{ .depth = 2, .key = "Health" },
	{ .depth = 3, .key = "Summary", .field = "fabric.health.summary" },
	{ .depth = 3, .key = "Bandwidth", .field = "fabric.health.bandwidth" },
	{ .depth = 3, .key = "Route Recovery in progress", .value = "N/A" },
	{ .depth = 3, .key = "Route Unhealthy", .value = "N/A" },
	{ .depth = 3, .key = "Access Timeout Recovery", .value = "N/A" },
	{ .depth = 3, .key = "Incorrect Configuration", .value = "N/A" },
	{ .depth = 1, .key = "Processes", .procs = 1, .d = "PIDS" },
	{ .depth = 1, .key = "Capabilities" },
	{ .depth = 2, .key = "EGM", .value = "disabled" },
};

/* The -d sections the simulator prints: the blocks of the report. */
static const char *const sim_nvsmi_q_sections[] = {
	"MEMORY", "UTILIZATION", "ECC", "TEMPERATURE", "POWER", "CLOCK",
	"COMPUTE", "PIDS", "PERFORMANCE", "PAGE_RETIREMENT", "ACCOUNTING",
	"ENCODER_STATS", "FBC_STATS", "ROW_REMAPPER", "GSP_FIRMWARE_VERSION",
	"POWER_SMOOTHING", "POWER_PROFILES",
};

/* Whether a -d list names a section; every section without one. */
static int
sim_nvsmi_q_wants(const char *display, const char *d)
{
	const char	*p = display;
	size_t		 len;

	if (display == NULL)
		return (1);
	if (d == NULL)
		return (0);
	len = strlen(d);
	while ((p = strcasestr(p, d)) != NULL) {
		if ((p == display || p[-1] == ',') &&
		    (p[len] == '\0' || p[len] == ','))
			return (1);
		p += len;
	}
	return (0);
}

static int
sim_nvsmi_q_check(const char *display, char **cause)
{
	char	*copy, *p, *f;
	u_int	 i;

	if (display == NULL)
		return (0);
	copy = xstrdup(display);
	for (p = copy; (f = strsep(&p, ",")) != NULL; ) {
		for (i = 0; i < nitems(sim_nvsmi_q_sections); i++) {
			if (strcasecmp(f, sim_nvsmi_q_sections[i]) == 0)
				break;
		}
		if (i == nitems(sim_nvsmi_q_sections)) {
			xasprintf(cause, "nvidia-smi: the simulator does not "
			    "print -d %s", f);
			free(copy);
			return (-1);
		}
	}
	free(copy);
	return (0);
}

/* `key : value', the key padded to `width' with its indent. */
static void
sim_nvsmi_q_key(struct buf *b, u_int depth, const char *key, int width)
{
	buf_printf(b, "%*s%-*s: ", (int)depth * 4, "", width - (int)depth * 4,
	    key);
}

static void
sim_nvsmi_q_procs(struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, struct buf *b)
{
	struct sim_nvsmi_proc	 p;

	if (!sim_nvsmi_proc(s, node, gpu, g, &p)) {
		sim_nvsmi_q_key(b, 1, "Processes", SIM_NVSMI_Q_WIDTH);
		buf_puts(b, "None\n");
		return;
	}
	buf_puts(b, "    Processes\n");
	sim_nvsmi_q_key(b, 2, "GPU instance ID", SIM_NVSMI_Q_PWIDTH);
	buf_puts(b, "N/A\n");
	sim_nvsmi_q_key(b, 2, "Compute instance ID", SIM_NVSMI_Q_PWIDTH);
	buf_puts(b, "N/A\n");
	sim_nvsmi_q_key(b, 2, "Process ID", SIM_NVSMI_Q_PWIDTH);
	buf_printf(b, "%d\n", p.pid);
	sim_nvsmi_q_key(b, 3, "Type", SIM_NVSMI_Q_PWIDTH);
	buf_puts(b, "C\n");
	sim_nvsmi_q_key(b, 3, "Name", SIM_NVSMI_Q_PWIDTH);
	buf_printf(b, "%s\n", p.name);
	sim_nvsmi_q_key(b, 3, "Used GPU Memory", SIM_NVSMI_Q_PWIDTH);
	buf_printf(b, "%d MiB\n", p.used);
}

/*
 * The samples -d POWER, UTILIZATION and CLOCK add to their blocks: over
 * a steady load, the reading of now is their max, min and average.
 */
static void
sim_nvsmi_q_samples(struct buf *b, const struct sim_nvsmi_q_row *r,
    const struct sim_nvsmi_gpu *n)
{
	static const char *const keys[] = { "Max", "Min", "Avg" };
	u_int			 i;

	buf_printf(b, "    %s\n", r->key);
	sim_nvsmi_q_key(b, 2, "Duration", SIM_NVSMI_Q_WIDTH);
	buf_printf(b, "%s\n", r->value);
	sim_nvsmi_q_key(b, 2, "Number of Samples", SIM_NVSMI_Q_WIDTH);
	buf_printf(b, "%u\n", r->samples);
	for (i = 0; i < nitems(keys); i++) {
		sim_nvsmi_q_key(b, 2, keys[i], SIM_NVSMI_Q_WIDTH);
		sim_nvsmi_query_field(b, r->field, n);
		buf_printf(b, " %s\n", r->unit);
	}
}

static void
sim_nvsmi_q_gpu(struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, const char *display, struct buf *b)
{
	const struct sim_nvsmi_q_row	*r;
	struct sim_nvsmi_gpu		 n;
	u_int				 i;
	int				 want = 0;

	sim_nvsmi_gpu(s, node, gpu, g, &n);
	buf_printf(b, "GPU %s\n", n.busid);
	for (i = 0; i < nitems(sim_nvsmi_q_rows); i++) {
		r = &sim_nvsmi_q_rows[i];
		if (r->depth == 1)
			want = sim_nvsmi_q_wants(display, r->d) &&
			    (r->samples == 0 || display != NULL);
		if (!want)
			continue;
		if (r->procs) {
			sim_nvsmi_q_procs(s, node, gpu, g, b);
			continue;
		}
		if (r->samples != 0) {
			sim_nvsmi_q_samples(b, r, &n);
			continue;
		}
		if (r->value == NULL && r->field == NULL) {
			buf_printf(b, "%*s%s\n", (int)r->depth * 4, "",
			    r->key);
			continue;
		}
		sim_nvsmi_q_key(b, r->depth, r->key, SIM_NVSMI_Q_WIDTH);
		if (r->value != NULL)
			buf_puts(b, r->value);
		else
			sim_nvsmi_query_field(b, r->field, &n);
		if (r->unit != NULL)
			buf_printf(b, " %s", r->unit);
		buf_putc(b, '\n');
	}
	buf_putc(b, '\n');
}

/* nvidia-smi -q [-d SECTION,...] [-i N]. */
int
sim_nvsmi_q(struct sim *s, int node, int xml, const char *display,
    u_int only, struct buf *out, char **cause)
{
	struct sim_nodeval	 v;
	struct tm		 tm;
	char			 stamp[64];
	u_int			 gpu;
	int			 lost = 0;

	if (xml && display != NULL) {
		xasprintf(cause, "Invalid combination of input arguments. "
		    "Please run 'nvidia-smi -h' for help.");
		return (-1);
	}
	if (sim_nvsmi_q_check(display, cause) != 0)
		return (-1);
	sim_node_sample(s, node, &v);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if ((only & 1u << gpu) && v.gpu[gpu].lost) {
			sim_nvsmi_lost(s, node, out, gpu);
			lost = 1;
		}
	}
	if (lost)
		return (0);
	if (xml)
		return (sim_nvsmi_xml(s, node, only, out));
	strftime(stamp, sizeof stamp, "%a %b %e %H:%M:%S %Y",
	    sim_tool_gmtime(s->t, &tm));
	buf_puts(out, "\n==============NVSMI LOG==============\n\n");
	sim_nvsmi_q_key(out, 0, "Timestamp", SIM_NVSMI_Q_WIDTH);
	buf_printf(out, "%s\n", stamp);
	sim_nvsmi_q_key(out, 0, "Driver Version", SIM_NVSMI_Q_WIDTH);
	buf_puts(out, SIM_DRIVER "\n");
	sim_nvsmi_q_key(out, 0, "CUDA Version", SIM_NVSMI_Q_WIDTH);
	buf_puts(out, SIM_CUDA "\n\n");
	sim_nvsmi_q_key(out, 0, "Attached GPUs", SIM_NVSMI_Q_WIDTH);
	buf_printf(out, "%u\n", sim_node_gpus(s, node));
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (only & 1u << gpu)
			sim_nvsmi_q_gpu(s, node, gpu, &v.gpu[gpu], display,
			    out);
	}
	return (0);
}
