/*
 * myriad - the simulator's nvidia-smi -q -x, in the shape of driver 590's
 * XML (nvsmi_device_v13.dtd, a 590.44.01 capture) with the values of the
 * H100 that -q prints.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sim.h"

/*
 * One element of a GPU: its depth (tabs after the <gpu>'s), its tag (a
 * closing one with a slash), and its content: fixed, a --query-gpu
 * field's with a unit (without its 0x with hex), a bare text line, or
 * none for a block.
 */
struct sim_nvsmi_xml_row {
	u_int		 depth;
	const char	*tag;
	const char	*text;
	const char	*value;
	const char	*field;
	const char	*unit;
	int		 hex;
};

static const struct sim_nvsmi_xml_row sim_nvsmi_xml_rows[] = {
	{ .depth = 1, .tag = "product_name", .value = SIM_MODEL },
	{ .depth = 1, .tag = "product_brand", .value = "NVIDIA" },
	{ .depth = 1, .tag = "product_architecture", .value = "Hopper" },
	{ .depth = 1, .tag = "display_mode",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .tag = "display_attached", .field = "display_attached" },
	{ .depth = 1, .tag = "display_active", .field = "display_active" },
	{ .depth = 1, .tag = "persistence_mode", .field = "persistence_mode" },
	{ .depth = 1, .tag = "addressing_mode", .value = "None" },
	{ .depth = 1, .tag = "mig_mode" },
	{ .depth = 2, .tag = "current_mig", .field = "mig.mode.current" },
	{ .depth = 2, .tag = "pending_mig", .field = "mig.mode.pending" },
	{ .depth = 1, .tag = "/mig_mode" },
	{ .depth = 1, .tag = "mig_devices" },
	{ .depth = 2, .text = "None" },
	{ .depth = 1, .tag = "/mig_devices" },
	{ .depth = 1, .tag = "accounting_mode", .field = "accounting.mode" },
	{ .depth = 1, .tag = "accounting_mode_buffer_size",
	  .field = "accounting.buffer_size" },
	{ .depth = 1, .tag = "driver_model" },
	{ .depth = 2, .tag = "current_dm", .value = "N/A" },
	{ .depth = 2, .tag = "pending_dm", .value = "N/A" },
	{ .depth = 1, .tag = "/driver_model" },
	{ .depth = 1, .tag = "serial", .field = "serial" },
	{ .depth = 1, .tag = "uuid", .field = "uuid" },
	{ .depth = 1, .tag = "pdi", .value = "0xd52bae2e458244e2" },
	{ .depth = 1, .tag = "minor_number", .field = "index" },
	{ .depth = 1, .tag = "vbios_version", .field = "vbios_version" },
	{ .depth = 1, .tag = "multigpu_board", .value = "No" },
	{ .depth = 1, .tag = "board_id", .value = "0x9" },
	{ .depth = 1, .tag = "board_part_number",
	  .value = "692-2G520-0200-000" },
	{ .depth = 1, .tag = "gpu_part_number", .value = "2330-885-A1" },
	{ .depth = 1, .tag = "gpu_fru_part_number", .value = "N/A" },
	{ .depth = 1, .tag = "platformInfo" },
	{ .depth = 2, .tag = "chassis_serial_number",
	  .field = "platform.chassis_serial_number" },
	{ .depth = 2, .tag = "slot_number", .field = "platform.slot_number" },
	{ .depth = 2, .tag = "tray_index", .field = "platform.tray_index" },
	{ .depth = 2, .tag = "host_id", .field = "platform.host_id" },
	{ .depth = 2, .tag = "peer_type", .field = "platform.peer_type" },
	{ .depth = 2, .tag = "module_id", .field = "platform.module_id" },
	{ .depth = 2, .tag = "gpu_fabric_guid",
	  .field = "platform.gpu_fabric_guid" },
	{ .depth = 1, .tag = "/platformInfo" },
	{ .depth = 1, .tag = "inforom_version" },
	{ .depth = 2, .tag = "img_version", .field = "inforom.img" },
	{ .depth = 2, .tag = "oem_object", .field = "inforom.oem" },
	{ .depth = 2, .tag = "ecc_object", .field = "inforom.ecc" },
	{ .depth = 2, .tag = "pwr_object", .value = "N/A" },
	{ .depth = 1, .tag = "/inforom_version" },
	{ .depth = 1, .tag = "inforom_bbx_flush" },
	{ .depth = 2, .tag = "latest_timestamp", .value = "N/A" },
	{ .depth = 2, .tag = "latest_duration", .value = "N/A" },
	{ .depth = 1, .tag = "/inforom_bbx_flush" },
	{ .depth = 1, .tag = "gpu_operation_mode" },
	{ .depth = 2, .tag = "current_gom", .value = "N/A" },
	{ .depth = 2, .tag = "pending_gom", .value = "N/A" },
	{ .depth = 1, .tag = "/gpu_operation_mode" },
	{ .depth = 1, .tag = "c2c_mode", .field = "c2c.mode" },
	{ .depth = 1, .tag = "gpu_virtualization_mode" },
	{ .depth = 2, .tag = "virtualization_mode", .value = "None" },
	{ .depth = 2, .tag = "host_vgpu_mode", .value = "N/A" },
	{ .depth = 2, .tag = "vgpu_heterogeneous_mode", .value = "N/A" },
	{ .depth = 1, .tag = "/gpu_virtualization_mode" },
	{ .depth = 1, .tag = "gpu_recovery_action",
	  .field = "gpu_recovery_action" },
	{ .depth = 1, .tag = "gsp_firmware_version", .value = SIM_DRIVER },
	{ .depth = 1, .tag = "ibmnpu" },
	{ .depth = 2, .tag = "relaxed_ordering_mode", .value = "N/A" },
	{ .depth = 1, .tag = "/ibmnpu" },
	{ .depth = 1, .tag = "pci" },
	{ .depth = 2, .tag = "pci_bus", .field = "pci.bus", .hex = 1 },
	{ .depth = 2, .tag = "pci_device", .value = "00" },
	{ .depth = 2, .tag = "pci_domain", .value = "0000" },
	{ .depth = 2, .tag = "pci_base_class", .value = "3" },
	{ .depth = 2, .tag = "pci_sub_class", .value = "2" },
	{ .depth = 2, .tag = "pci_device_id", .value = "233010DE" },
	{ .depth = 2, .tag = "pci_bus_id", .field = "pci.bus_id" },
	{ .depth = 2, .tag = "pci_sub_system_id", .value = "16C110DE" },
	{ .depth = 2, .tag = "pci_gpu_link_info" },
	{ .depth = 3, .tag = "pcie_gen" },
	{ .depth = 4, .tag = "max_link_gen", .value = "5" },
	{ .depth = 4, .tag = "current_link_gen",
	  .field = "pcie.link.gen.current" },
	{ .depth = 4, .tag = "device_current_link_gen",
	  .field = "pcie.link.gen.gpucurrent" },
	{ .depth = 4, .tag = "max_device_link_gen", .value = "5" },
	{ .depth = 4, .tag = "max_host_link_gen", .value = "N/A" },
	{ .depth = 3, .tag = "/pcie_gen" },
	{ .depth = 3, .tag = "link_widths" },
	{ .depth = 4, .tag = "max_link_width", .value = "16x" },
	{ .depth = 4, .tag = "current_link_width", .value = "16x" },
	{ .depth = 3, .tag = "/link_widths" },
	{ .depth = 2, .tag = "/pci_gpu_link_info" },
	{ .depth = 2, .tag = "pci_bridge_chip" },
	{ .depth = 3, .tag = "bridge_chip_type", .value = "N/A" },
	{ .depth = 3, .tag = "bridge_chip_fw", .value = "N/A" },
	{ .depth = 2, .tag = "/pci_bridge_chip" },
	{ .depth = 2, .tag = "replay_counter", .value = "0" },
	{ .depth = 2, .tag = "replay_rollover_counter", .value = "0" },
	{ .depth = 2, .tag = "tx_util", .value = "352 KB/s" },
	{ .depth = 2, .tag = "rx_util", .value = "329 KB/s" },
	{ .depth = 2, .tag = "atomic_caps_outbound",
	  .value = "FETCHADD_32 FETCHADD_64 SWAP_32 SWAP_64 CAS_32 CAS_64 " },
	{ .depth = 2, .tag = "atomic_caps_inbound", .value = "N/A" },
	{ .depth = 1, .tag = "/pci" },
	{ .depth = 1, .tag = "fan_speed", .value = "N/A" },
	{ .depth = 1, .tag = "performance_state", .field = "pstate" },
	{ .depth = 1, .tag = "clocks_event_reasons" },
	{ .depth = 2, .tag = "clocks_event_reason_gpu_idle",
	  .field = "clocks_event_reasons.gpu_idle" },
	{ .depth = 2, .tag = "clocks_event_reason_applications_clocks_setting",
	  .value = "Not Active" },
	{ .depth = 2, .tag = "clocks_event_reason_sw_power_cap",
	  .field = "clocks_event_reasons.sw_power_cap" },
	{ .depth = 2, .tag = "clocks_event_reason_hw_slowdown",
	  .field = "clocks_event_reasons.hw_slowdown" },
	{ .depth = 2, .tag = "clocks_event_reason_hw_thermal_slowdown",
	  .field = "clocks_event_reasons.hw_thermal_slowdown" },
	{ .depth = 2, .tag = "clocks_event_reason_hw_power_brake_slowdown",
	  .value = "Not Active" },
	{ .depth = 2, .tag = "clocks_event_reason_sync_boost",
	  .value = "Not Active" },
	{ .depth = 2, .tag = "clocks_event_reason_sw_thermal_slowdown",
	  .field = "clocks_event_reasons.sw_thermal_slowdown" },
	{ .depth = 2, .tag = "clocks_event_reason_display_clocks_setting",
	  .value = "Not Active" },
	{ .depth = 1, .tag = "/clocks_event_reasons" },
	{ .depth = 1, .tag = "clocks_event_reasons_counters" },
	{ .depth = 2, .tag = "clocks_event_reasons_counters_sw_power_cap",
	  .value = "0 us" },
	{ .depth = 2, .tag = "clocks_event_reasons_counters_sync_boost",
	  .value = "0 us" },
	{ .depth = 2, .tag = "clocks_event_reasons_counters_sw_therm_slowdown",
	  .value = "0 us" },
	{ .depth = 2, .tag = "clocks_event_reasons_counters_hw_therm_slowdown",
	  .value = "0 us" },
	{ .depth = 2, .tag = "clocks_event_reasons_counters_hw_power_brake",
	  .value = "0 us" },
	{ .depth = 1, .tag = "/clocks_event_reasons_counters" },
	{ .depth = 1, .tag = "sparse_operation_mode", .value = "Disabled" },
	{ .depth = 1, .tag = "fb_memory_usage" },
	{ .depth = 2, .tag = "total", .field = "memory.total", .unit = "MiB" },
	{ .depth = 2, .tag = "reserved", .field = "memory.reserved",
	  .unit = "MiB" },
	{ .depth = 2, .tag = "used", .field = "memory.used", .unit = "MiB" },
	{ .depth = 2, .tag = "free", .field = "memory.free", .unit = "MiB" },
	{ .depth = 1, .tag = "/fb_memory_usage" },
	{ .depth = 1, .tag = "bar1_memory_usage" },
	{ .depth = 2, .tag = "total", .value = "131072 MiB" },
	{ .depth = 2, .tag = "used", .value = "1 MiB" },
	{ .depth = 2, .tag = "free", .value = "131071 MiB" },
	{ .depth = 1, .tag = "/bar1_memory_usage" },
	{ .depth = 1, .tag = "cc_protected_memory_usage" },
	{ .depth = 2, .tag = "total", .value = "0 MiB" },
	{ .depth = 2, .tag = "used", .value = "0 MiB" },
	{ .depth = 2, .tag = "free", .value = "0 MiB" },
	{ .depth = 1, .tag = "/cc_protected_memory_usage" },
	{ .depth = 1, .tag = "compute_mode", .field = "compute_mode" },
	{ .depth = 1, .tag = "utilization" },
	{ .depth = 2, .tag = "gpu_util", .field = "utilization.gpu",
	  .unit = "%" },
	{ .depth = 2, .tag = "memory_util", .field = "utilization.memory",
	  .unit = "%" },
	{ .depth = 2, .tag = "encoder_util", .value = "0 %" },
	{ .depth = 2, .tag = "decoder_util", .value = "0 %" },
	{ .depth = 2, .tag = "jpeg_util", .value = "0 %" },
	{ .depth = 2, .tag = "ofa_util", .value = "0 %" },
	{ .depth = 1, .tag = "/utilization" },
	{ .depth = 1, .tag = "encoder_stats" },
	{ .depth = 2, .tag = "session_count", .value = "0" },
	{ .depth = 2, .tag = "average_fps", .value = "0" },
	{ .depth = 2, .tag = "average_latency", .value = "0" },
	{ .depth = 1, .tag = "/encoder_stats" },
	{ .depth = 1, .tag = "fbc_stats" },
	{ .depth = 2, .tag = "session_count", .value = "0" },
	{ .depth = 2, .tag = "average_fps", .value = "0" },
	{ .depth = 2, .tag = "average_latency", .value = "0" },
	{ .depth = 1, .tag = "/fbc_stats" },
	{ .depth = 1, .tag = "dram_encryption_mode" },
	{ .depth = 2, .tag = "current_dram_encryption", .value = "N/A" },
	{ .depth = 2, .tag = "pending_dram_encryption", .value = "N/A" },
	{ .depth = 1, .tag = "/dram_encryption_mode" },
	{ .depth = 1, .tag = "ecc_mode" },
	{ .depth = 2, .tag = "current_ecc", .field = "ecc.mode.current" },
	{ .depth = 2, .tag = "pending_ecc", .field = "ecc.mode.pending" },
	{ .depth = 1, .tag = "/ecc_mode" },
	{ .depth = 1, .tag = "ecc_errors" },
	{ .depth = 2, .tag = "volatile" },
	{ .depth = 3, .tag = "sram_correctable", .value = "0" },
	{ .depth = 3, .tag = "sram_uncorrectable_parity", .value = "0" },
	{ .depth = 3, .tag = "sram_uncorrectable_secded", .value = "0" },
	{ .depth = 3, .tag = "dram_correctable",
	  .field = "ecc.errors.corrected.volatile.dram" },
	{ .depth = 3, .tag = "dram_uncorrectable",
	  .field = "ecc.errors.uncorrected.volatile.dram" },
	{ .depth = 2, .tag = "/volatile" },
	{ .depth = 2, .tag = "aggregate" },
	{ .depth = 3, .tag = "sram_correctable", .value = "0" },
	{ .depth = 3, .tag = "sram_uncorrectable_parity", .value = "0" },
	{ .depth = 3, .tag = "sram_uncorrectable_secded", .value = "0" },
	{ .depth = 3, .tag = "dram_correctable",
	  .field = "ecc.errors.corrected.aggregate.dram" },
	{ .depth = 3, .tag = "dram_uncorrectable",
	  .field = "ecc.errors.uncorrected.aggregate.dram" },
	{ .depth = 3, .tag = "sram_threshold_exceeded", .value = "No" },
	{ .depth = 2, .tag = "/aggregate" },
	{ .depth = 2, .tag = "aggregate_uncorrectable_sram_sources" },
	{ .depth = 3, .tag = "sram_l2", .value = "0" },
	{ .depth = 3, .tag = "sram_sm", .value = "0" },
	{ .depth = 3, .tag = "sram_microcontroller", .value = "0" },
	{ .depth = 3, .tag = "sram_pcie", .value = "0" },
	{ .depth = 3, .tag = "sram_other", .value = "0" },
	{ .depth = 2, .tag = "/aggregate_uncorrectable_sram_sources" },
	{ .depth = 2, .tag = "channel_repair_pending", .value = "No" },
	{ .depth = 2, .tag = "tpc_repair_pending", .value = "No" },
	{ .depth = 2, .tag = "unrepairable_memory", .value = "No" },
	{ .depth = 1, .tag = "/ecc_errors" },
	{ .depth = 1, .tag = "retired_pages" },
	{ .depth = 2, .tag = "multiple_single_bit_retirement" },
	{ .depth = 3, .tag = "retired_count", .value = "N/A" },
	{ .depth = 3, .tag = "retired_pagelist", .value = "N/A" },
	{ .depth = 2, .tag = "/multiple_single_bit_retirement" },
	{ .depth = 2, .tag = "double_bit_retirement" },
	{ .depth = 3, .tag = "retired_count", .value = "N/A" },
	{ .depth = 3, .tag = "retired_pagelist", .value = "N/A" },
	{ .depth = 2, .tag = "/double_bit_retirement" },
	{ .depth = 2, .tag = "pending_blacklist", .value = "N/A" },
	{ .depth = 2, .tag = "pending_retirement", .value = "N/A" },
	{ .depth = 1, .tag = "/retired_pages" },
	{ .depth = 1, .tag = "remapped_rows" },
	{ .depth = 2, .tag = "remapped_row_corr",
	  .field = "remapped_rows.correctable" },
	{ .depth = 2, .tag = "remapped_row_unc",
	  .field = "remapped_rows.uncorrectable" },
	{ .depth = 2, .tag = "remapped_row_pending",
	  .field = "remapped_rows.pending" },
	{ .depth = 2, .tag = "remapped_row_failure",
	  .field = "remapped_rows.failure" },
	{ .depth = 2, .tag = "row_remapper_histogram" },
	{ .depth = 3, .tag = "row_remapper_histogram_max",
	  .value = "2560 bank(s)" },
	{ .depth = 3, .tag = "row_remapper_histogram_high",
	  .value = "0 bank(s)" },
	{ .depth = 3, .tag = "row_remapper_histogram_partial",
	  .value = "0 bank(s)" },
	{ .depth = 3, .tag = "row_remapper_histogram_low",
	  .value = "0 bank(s)" },
	{ .depth = 3, .tag = "row_remapper_histogram_none",
	  .value = "0 bank(s)" },
	{ .depth = 2, .tag = "/row_remapper_histogram" },
	{ .depth = 1, .tag = "/remapped_rows" },
	{ .depth = 1, .tag = "temperature" },
	{ .depth = 2, .tag = "gpu_temp", .field = "temperature.gpu",
	  .unit = "C" },
	{ .depth = 2, .tag = "gpu_temp_tlimit",
	  .field = "temperature.gpu.tlimit", .unit = "C" },
	{ .depth = 2, .tag = "gpu_temp_max_tlimit_threshold", .value = "-8 C" },
	{ .depth = 2, .tag = "gpu_temp_slow_tlimit_threshold",
	  .value = "-2 C" },
	{ .depth = 2, .tag = "gpu_temp_max_gpu_tlimit_threshold",
	  .value = "0 C" },
	{ .depth = 2, .tag = "gpu_target_temperature", .value = "N/A" },
	{ .depth = 2, .tag = "memory_temp", .field = "temperature.memory",
	  .unit = "C" },
	{ .depth = 2, .tag = "gpu_temp_max_mem_tlimit_threshold",
	  .value = "0 C" },
	{ .depth = 1, .tag = "/temperature" },
	{ .depth = 1, .tag = "supported_gpu_target_temp" },
	{ .depth = 2, .tag = "gpu_target_temp_min", .value = "N/A" },
	{ .depth = 2, .tag = "gpu_target_temp_max", .value = "N/A" },
	{ .depth = 1, .tag = "/supported_gpu_target_temp" },
	{ .depth = 1, .tag = "gpu_power_readings" },
	{ .depth = 2, .tag = "power_state",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .tag = "average_power_draw",
	  .field = "power.draw.average",
	  .unit = "W" },
	{ .depth = 2, .tag = "instant_power_draw",
	  .field = "power.draw.instant",
	  .unit = "W" },
	{ .depth = 2, .tag = "current_power_limit", .value = "700.00 W" },
	{ .depth = 2, .tag = "requested_power_limit", .value = "700.00 W" },
	{ .depth = 2, .tag = "default_power_limit", .value = "700.00 W" },
	{ .depth = 2, .tag = "min_power_limit", .value = "200.00 W" },
	{ .depth = 2, .tag = "max_power_limit", .value = "700.00 W" },
	{ .depth = 1, .tag = "/gpu_power_readings" },
	{ .depth = 1, .tag = "gpu_memory_power_readings" },
	{ .depth = 2, .tag = "average_power_draw", .value = "43.19 W" },
	{ .depth = 2, .tag = "instant_power_draw", .value = "N/A" },
	{ .depth = 1, .tag = "/gpu_memory_power_readings" },
	{ .depth = 1, .tag = "module_power_readings" },
	{ .depth = 2, .tag = "power_state",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .tag = "average_power_draw", .value = "N/A" },
	{ .depth = 2, .tag = "instant_power_draw", .value = "N/A" },
	{ .depth = 2, .tag = "current_power_limit", .value = "N/A" },
	{ .depth = 2, .tag = "requested_power_limit", .value = "N/A" },
	{ .depth = 2, .tag = "default_power_limit", .value = "N/A" },
	{ .depth = 2, .tag = "min_power_limit", .value = "N/A" },
	{ .depth = 2, .tag = "max_power_limit", .value = "N/A" },
	{ .depth = 1, .tag = "/module_power_readings" },
	{ .depth = 1, .tag = "power_smoothing", .value = "N/A" },
	{ .depth = 1, .tag = "power_profiles" },
	{ .depth = 2, .tag = "power_profile_requested_profiles",
	  .value = "N/A" },
	{ .depth = 2, .tag = "power_profile_enforced_profiles",
	  .value = "N/A" },
	{ .depth = 1, .tag = "/power_profiles" },
	{ .depth = 1, .tag = "edpp_multiplier", .value = "100.00%" },
	{ .depth = 1, .tag = "clocks" },
	{ .depth = 2, .tag = "graphics_clock",
	  .field = "clocks.current.graphics", .unit = "MHz" },
	{ .depth = 2, .tag = "sm_clock", .field = "clocks.current.sm",
	  .unit = "MHz" },
	{ .depth = 2, .tag = "mem_clock", .field = "clocks.current.memory",
	  .unit = "MHz" },
	{ .depth = 2, .tag = "video_clock", .field = "clocks.current.video",
	  .unit = "MHz" },
	{ .depth = 1, .tag = "/clocks" },
	{ .depth = 1, .tag = "applications_clocks" },
	{ .depth = 2, .tag = "graphics_clock",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .tag = "mem_clock",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .tag = "/applications_clocks" },
	{ .depth = 1, .tag = "default_applications_clocks" },
	{ .depth = 2, .tag = "graphics_clock",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 2, .tag = "mem_clock",
	  .value = "Requested functionality has been deprecated" },
	{ .depth = 1, .tag = "/default_applications_clocks" },
	{ .depth = 1, .tag = "deferred_clocks" },
	{ .depth = 2, .tag = "mem_clock", .value = "N/A" },
	{ .depth = 1, .tag = "/deferred_clocks" },
	{ .depth = 1, .tag = "max_clocks" },
	{ .depth = 2, .tag = "graphics_clock", .value = "1980 MHz" },
	{ .depth = 2, .tag = "sm_clock", .value = "1980 MHz" },
	{ .depth = 2, .tag = "mem_clock", .value = "2619 MHz" },
	{ .depth = 2, .tag = "video_clock", .value = "1545 MHz" },
	{ .depth = 1, .tag = "/max_clocks" },
	{ .depth = 1, .tag = "max_customer_boost_clocks" },
	{ .depth = 2, .tag = "graphics_clock", .value = "1980 MHz" },
	{ .depth = 1, .tag = "/max_customer_boost_clocks" },
	{ .depth = 1, .tag = "clock_policy" },
	{ .depth = 2, .tag = "auto_boost", .value = "N/A" },
	{ .depth = 2, .tag = "auto_boost_default", .value = "N/A" },
	{ .depth = 1, .tag = "/clock_policy" },
	{ .depth = 1, .tag = "fabric" },
	{ .depth = 2, .tag = "state", .field = "fabric.state" },
	{ .depth = 2, .tag = "status", .field = "fabric.status" },
	{ .depth = 2, .tag = "cliqueId", .field = "fabric.cliqueId" },
	{ .depth = 2, .tag = "clusterUuid", .field = "fabric.clusterUuid" },
	{ .depth = 2, .tag = "health" },
	{ .depth = 3, .tag = "summary", .value = "N/A" },
	{ .depth = 3, .tag = "bandwidth", .value = "N/A" },
	{ .depth = 3, .tag = "route_recovery_in_progress", .value = "N/A" },
	{ .depth = 3, .tag = "route_unhealthy", .value = "N/A" },
	{ .depth = 3, .tag = "access_timeout_recovery", .value = "N/A" },
	{ .depth = 3, .tag = "incorrect_configuration", .value = "N/A" },
	{ .depth = 2, .tag = "/health" },
	{ .depth = 1, .tag = "/fabric" },
};

static void
sim_nvsmi_xml_indent(struct buf *b, u_int depth)
{
	u_int	 i;

	for (i = 0; i < depth + 1; i++)
		buf_putc(b, '\t');
}

/* An element with its content, in the 590's tabs. */
static void
sim_nvsmi_xml_leaf(struct buf *b, u_int depth, const char *tag,
    const char *value)
{
	sim_nvsmi_xml_indent(b, depth);
	buf_printf(b, "<%s>%s</%s>\n", tag, value, tag);
}

/* An H100's clocks: memory at 2619 MHz, graphics by 15 MHz steps. */
static void
sim_nvsmi_xml_clocks(struct buf *b)
{
	char	 tmp[16];
	int	 mhz;

	buf_puts(b, "\t\t<supported_clocks>\n\t\t\t<supported_mem_clock>\n");
	sim_nvsmi_xml_leaf(b, 3, "value", "2619 MHz");
	for (mhz = 1980; mhz >= 345; mhz -= 15) {
		snprintf(tmp, sizeof tmp, "%d MHz", mhz);
		sim_nvsmi_xml_leaf(b, 3, "supported_graphics_clock", tmp);
	}
	buf_puts(b, "\t\t\t</supported_mem_clock>\n\t\t</supported_clocks>\n");
}

static void
sim_nvsmi_xml_procs(struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, struct buf *b)
{
	struct sim_nvsmi_proc	 p;
	char			 tmp[32];

	buf_puts(b, "\t\t<processes>\n");
	if (sim_nvsmi_proc(s, node, gpu, g, &p)) {
		buf_puts(b, "\t\t\t<process_info>\n");
		sim_nvsmi_xml_leaf(b, 3, "gpu_instance_id", "N/A");
		sim_nvsmi_xml_leaf(b, 3, "compute_instance_id", "N/A");
		snprintf(tmp, sizeof tmp, "%d", p.pid);
		sim_nvsmi_xml_leaf(b, 3, "pid", tmp);
		sim_nvsmi_xml_leaf(b, 3, "type", "C");
		sim_nvsmi_xml_leaf(b, 3, "process_name", p.name);
		snprintf(tmp, sizeof tmp, "%d MiB", p.used);
		sim_nvsmi_xml_leaf(b, 3, "used_memory", tmp);
		buf_puts(b, "\t\t\t</process_info>\n");
	}
	buf_puts(b, "\t\t</processes>\n");
	buf_puts(b, "\t\t<accounted_processes>\n\t\t</accounted_processes>\n");
	buf_puts(b, "\t\t<capabilities>\n");
	sim_nvsmi_xml_leaf(b, 2, "egm", "disabled");
	buf_puts(b, "\t\t</capabilities>\n");
}

static void
sim_nvsmi_xml_gpu(struct sim *s, u_int node, u_int gpu,
    const struct sim_gpu *g, struct buf *b)
{
	const struct sim_nvsmi_xml_row	*r;
	struct sim_nvsmi_gpu		 n;
	struct buf			 v;
	u_int				 i;

	sim_nvsmi_gpu(s, node, gpu, g, &n);
	buf_init(&v);
	buf_printf(b, "\t<gpu id=\"%s\">\n", n.busid);
	for (i = 0; i < nitems(sim_nvsmi_xml_rows); i++) {
		r = &sim_nvsmi_xml_rows[i];
		sim_nvsmi_xml_indent(b, r->depth);
		if (r->text != NULL) {
			buf_printf(b, "%s\n", r->text);
			continue;
		}
		if (r->value == NULL && r->field == NULL) {
			buf_printf(b, "<%s>\n", r->tag);
			continue;
		}
		buf_reset(&v);
		if (r->value != NULL)
			buf_puts(&v, r->value);
		else
			sim_nvsmi_query_field(&v, r->field, &n);
		if (r->unit != NULL)
			buf_printf(&v, " %s", r->unit);
		buf_printf(b, "<%s>%.*s</%s>\n", r->tag,
		    (int)(v.len - (r->hex ? 2 : 0)), v.data + (r->hex ? 2 : 0),
		    r->tag);
	}
	buf_free(&v);
	sim_nvsmi_xml_clocks(b);
	sim_nvsmi_xml_procs(s, node, gpu, g, b);
	buf_puts(b, "\t</gpu>\n\n");
}

/*
 * nvidia-smi -q -x [-i N]: no newline after the last line, as the
 * captures have none.
 */
int
sim_nvsmi_xml(struct sim *s, int node, u_int only, struct buf *out)
{
	struct sim_nodeval	 v;
	struct tm		 tm;
	char			 stamp[64], count[8];
	u_int			 gpu;

	sim_node_sample(s, node, &v);
	snprintf(count, sizeof count, "%u", SIM_GPUS);
	strftime(stamp, sizeof stamp, "%a %b %e %H:%M:%S %Y",
	    sim_tool_gmtime(s->t, &tm));
	buf_puts(out, "<?xml version=\"1.0\" ?>\n<!DOCTYPE nvidia_smi_log "
	    "SYSTEM \"nvsmi_device_v13.dtd\">\n<nvidia_smi_log>\n");
	sim_nvsmi_xml_leaf(out, 0, "timestamp", stamp);
	sim_nvsmi_xml_leaf(out, 0, "driver_version", SIM_DRIVER);
	sim_nvsmi_xml_leaf(out, 0, "cuda_version", SIM_CUDA);
	sim_nvsmi_xml_leaf(out, 0, "attached_gpus", count);
	for (gpu = 0; gpu < SIM_GPUS; gpu++) {
		if (only & 1u << gpu)
			sim_nvsmi_xml_gpu(s, node, gpu, &v.gpu[gpu], out);
	}
	buf_puts(out, "</nvidia_smi_log>");
	return (0);
}
