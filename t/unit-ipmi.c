/*
 * myriad - unit tests for the ipmitool parsers (parse-ipmi.c).
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "collect.h"
#include "tap.h"

/* Run a parser on exactly len bytes of a private copy (no NUL after). */
static int
run(parse_fn fn, struct collect *g, const char *buf, size_t len)
{
	return (collect_run(g, fn, buf, len, NULL));
}

static int
runs(parse_fn fn, struct collect *g, const char *str)
{
	return (run(fn, g, str, strlen(str)));
}

/* The sensor named name, or NULL. */
static const struct sensor *
find(const struct collect *g, const char *name)
{
	int	 i;

	for (i = 0; i < g->nsensor; i++) {
		if (strcmp(g->sensor[i].name, name) == 0)
			return (&g->sensor[i]);
	}
	return (NULL);
}

static const struct sensor	empty;

static const struct sensor *
must(const struct collect *g, const char *name)
{
	const struct sensor	*sn = find(g, name);

	ok(sn != NULL, "sensor '%s' present", name);
	return (sn != NULL ? sn : &empty);
}

#define HAS(sn, b)	(((sn)->valid & BIT(b)) != 0)

static void
test_hpe_psu(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;
	int			 r;

	if ((buf = tap_fixture_skip("ipmitool/hpe-ilo-sdr-type-power-"
	    "supply.txt", &len, 12)) == NULL)
		return;
	r = run(parse_ipmi_sdr, g, buf, len);
	is_int(r, 3, "hpe psu: 3 sensors returned");
	is_int(g->nsensor, 3, "hpe psu: 3 sensors sent");
	is_int(g->nerr, 0, "hpe psu: no errors");
	sn = &g->sensor[0];
	is_str(sn->name, "Power Supply 1", "hpe psu: name trimmed");
	ok(HAS(sn, SEN_READING), "hpe psu: '50 Watts, Presence detected' "
	    "has a reading");
	is_dbl(sn->reading, 50, 0.001, "hpe psu: reading 50");
	is_str(sn->unit, "Watts", "hpe psu: unit Watts");
	is_str(sn->text, "Presence detected", "hpe psu: text after comma");
	is_int(sn->kind, SENSOR_POWER, "hpe psu: Watts is power");
	sn = &g->sensor[2];
	ok(!HAS(sn, SEN_READING), "hpe psu: Fully Redundant has no reading");
	is_str(sn->text, "Fully Redundant", "hpe psu: discrete text");
	is_int(sn->kind, SENSOR_PSU, "hpe psu: Power Supplies is psu");
	free(buf);
}

static void
test_hpe_wide(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/hpe-ilo-sdr-type-temperature-"
	    "wide.txt", &len, 13)) == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 50, "hpe wide: 50 sensors");
	is_int(g->nerr, 0, "hpe wide: no errors");
	sn = &g->sensor[0];
	is_str(sn->name, "01-Inlet Ambient", "hpe wide: 25-char name column");
	is_dbl(sn->reading, 22, 0.001, "hpe wide: inlet 22");
	is_str(sn->unit, "degrees C", "hpe wide: unit");
	is_int(sn->kind, SENSOR_TEMP, "hpe wide: temp");
	sn = &g->sensor[27];
	is_str(sn->name, "28-PCI 1", "hpe wide: row 28");
	is_str(sn->status, "ns", "hpe wide: ns");
	ok(!HAS(sn, SEN_READING), "hpe wide: Disabled has no reading");
	is_str(sn->text, "Disabled", "hpe wide: text Disabled");
	sn = &g->sensor[24];
	is_str(sn->name, "25-HD Controller", "hpe wide: row 25");
	is_dbl(sn->reading, 84, 0.001, "hpe wide: HD controller 84");
	is_str(g->sensor[49].name, "50-Sys Exhaust", "hpe wide: last row");
	free(buf);
}

static void
test_infrasim(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/infrasim-sdr-type-temp-percent-"
	    "degrees.txt", &len, 11)) == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 22, "infrasim: 22 sensors");
	is_int(g->nerr, 0, "infrasim: no errors");
	sn = &g->sensor[0];
	is_str(sn->name, "PCH Thermal Trip", "infrasim: first row");
	ok(!HAS(sn, SEN_READING) && sn->text[0] == '\0',
	    "infrasim: empty reading column");
	sn = &g->sensor[2];
	is_str(sn->name, "Temp_CPU0", "infrasim: Temp_CPU0");
	is_dbl(sn->reading, 45, 0.001, "infrasim: '45 %% degrees C' is 45");
	is_str(sn->unit, "degrees C", "infrasim: percent modifier dropped");
	is_int(sn->kind, SENSOR_TEMP, "infrasim: temp");
	sn = must(g, "Temp_PCI_Area");
	is_dbl(sn->reading, 39, 0.001, "infrasim: entity 66.11 overflows its "
	    "column, reading 39");
	is_dbl(g->sensor[21].reading, 0, 0.001, "infrasim: Temp_SSD1 0");
	free(buf);
}

static void
test_intel(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/intel-s2600-sdr.txt", &len, 26))
	    == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 89, "intel: 89 sensors");
	is_int(g->nerr, 0, "intel: no errors");
	sn = must(g, "System Airflow");
	is_dbl(sn->reading, 62, 0.001, "intel: airflow 62");
	is_str(sn->unit, "CFM", "intel: CFM");
	is_int(sn->kind, SENSOR_FLOW, "intel: CFM is flow");
	sn = must(g, "BB +12.0V");
	is_dbl(sn->reading, 11.88, 0.001, "intel: 12V rail 11.88");
	is_int(sn->kind, SENSOR_VOLTAGE, "intel: voltage");
	sn = must(g, "P1 Therm Margin");
	is_dbl(sn->reading, -65, 0.001, "intel: negative margin");
	sn = must(g, "MIC Status 1");
	is_str(sn->status, "ns", "intel: Not Readable is ns");
	is_str(sn->text, "Not Readable", "intel: Not Readable text");
	sn = must(g, "PS1 Status");
	is_str(sn->text, "0x00", "intel: discrete 0x00 is text");
	ok(!HAS(sn, SEN_READING), "intel: discrete has no reading");
	is_int(sn->kind, SENSOR_PSU, "intel: PS1 Status is psu");
	sn = must(g, "PS1 Curr Out %");
	is_dbl(sn->reading, 6, 0.001, "intel: 6 percent");
	is_int(sn->kind, SENSOR_OTHER, "intel: percent, not a fan: other");
	sn = must(g, "P1 MTT");
	is_str(sn->text, "no reading", "intel: no reading");
	sn = must(g, "MIC Margin 1");
	is_str(sn->text, "disabled", "intel: disabled");
	sn = must(g, "System Fan 1");
	is_int(sn->kind, SENSOR_FAN, "intel: RPM is fan");
	free(buf);
}

static void
test_supermicro(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/supermicro-x10dru-sdr.txt", &len,
	    14)) == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 63, "supermicro: 63 sensors");
	is_int(g->nerr, 0, "supermicro: no errors");
	sn = must(g, "FAN3");
	is_str(sn->status, "ns", "supermicro: FAN3 ns");
	ok(!HAS(sn, SEN_READING), "supermicro: FAN3 no reading");
	is_int(sn->kind, SENSOR_FAN, "supermicro: absent fan is a fan");
	sn = must(g, "FAN7");
	is_dbl(sn->reading, 2900, 0.001, "supermicro: FAN7 2900 RPM");
	sn = must(g, "12V");
	is_dbl(sn->reading, 12.13, 0.001, "supermicro: 12V 12.13");
	sn = must(g, "Chassis Intru");
	is_str(sn->text, "0x01", "supermicro: discrete 0x01");
	is_int(sn->kind, SENSOR_OTHER, "supermicro: intrusion is other");
	sn = must(g, "PS2 Status");
	is_int(sn->kind, SENSOR_PSU, "supermicro: PS2 Status is psu");
	free(buf);
}

static void
test_ibm(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/telegraf-ibm-sdr-v1.txt", &len,
	    12)) == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 133, "ibm: 133 sensors");
	is_int(g->nerr, 0, "ibm: no errors");
	sn = must(g, "Altitude");
	is_dbl(sn->reading, 80, 0.001, "ibm: altitude 80");
	is_str(sn->unit, "feet", "ibm: feet");
	is_int(sn->kind, SENSOR_OTHER, "ibm: feet is other");
	sn = must(g, "Power Supply 1");
	is_int(sn->kind, SENSOR_PSU, "ibm: discrete Power Supply is psu");
	sn = must(g, "DASD Backplane 3");
	is_str(sn->status, "ns", "ibm: ns");
	sn = must(g, "Avg Power");
	is_dbl(sn->reading, 210, 0.001, "ibm: 210 W");
	free(buf);
}

static void
test_elist(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/telegraf-sdr-elist-curated.txt",
	    &len, 18)) == NULL)
		return;
	run(parse_ipmi_sdr, g, buf, len);
	is_int(g->nsensor, 7, "elist: 7 sensors");
	is_int(g->nerr, 0, "elist: no errors");
	sn = &g->sensor[0];
	is_str(sn->name, "SEL", "elist: SEL");
	is_str(sn->status, "ns", "elist: SEL ns");
	is_str(sn->text, "No Reading", "elist: No Reading");
	sn = &g->sensor[1];
	is_str(sn->name, "Intrusion", "elist: Intrusion");
	ok(!HAS(sn, SEN_READING) && sn->text[0] == '\0',
	    "elist: empty reading column");
	sn = &g->sensor[2];
	is_dbl(sn->reading, 5040, 0.001, "elist: Fan1 5040");
	is_int(sn->kind, SENSOR_FAN, "elist: Fan1 fan");
	sn = &g->sensor[4];
	is_str(sn->text, "Connected", "elist: USB Cable Pres Connected");
	sn = &g->sensor[5];
	is_dbl(sn->reading, 7.2, 0.001, "elist: Current 1 7.20");
	is_int(sn->kind, SENSOR_CURRENT, "elist: Amps is current");
	sn = &g->sensor[6];
	is_dbl(sn->reading, 110, 0.001, "elist: PSU 110 W");
	is_str(sn->unit, "Watts", "elist: Watts");
	is_str(sn->text, "Presence detected", "elist: Presence detected");
	is_int(sn->kind, SENSOR_POWER, "elist: 110 Watts is power");
	is_str(sn->status, "ok", "elist: ok");
	free(buf);
}

static void
test_sensor_list(struct collect *g)
{
	const struct sensor	*sn;
	size_t			 len;
	char			*buf;

	if ((buf = tap_fixture_skip("ipmitool/lovoo-supermicro-sensor-list.txt",
	    &len, 33)) == NULL)
		return;
	run(parse_ipmi_sensor, g, buf, len);
	is_int(g->nsensor, 66, "sensor list: 66 sensors");
	is_int(g->nerr, 0, "sensor list: no errors");
	sn = &g->sensor[0];
	is_str(sn->name, "CPU1 Temp", "sensor list: first");
	is_dbl(sn->reading, 33, 0.001, "sensor list: CPU1 33");
	is_str(sn->unit, "degrees C", "sensor list: unit");
	is_str(sn->status, "ok", "sensor list: ok");
	is_int(sn->kind, SENSOR_TEMP, "sensor list: temp");
	ok(HAS(sn, SEN_LNR) && HAS(sn, SEN_UNR), "sensor list: thresholds");
	is_dbl(sn->lnr, 0, 0.001, "sensor list: lnr 0");
	is_dbl(sn->unc, 79, 0.001, "sensor list: unc 79");
	is_dbl(sn->ucr, 82, 0.001, "sensor list: ucr 82");
	is_dbl(sn->unr, 84, 0.001, "sensor list: unr 84");
	sn = must(g, "System Temp");
	is_dbl(sn->lnr, -9, 0.001, "sensor list: lnr -9");
	is_dbl(sn->lcr, -7, 0.001, "sensor list: lcr -7");
	is_dbl(sn->lnc, -5, 0.001, "sensor list: lnc -5");
	sn = must(g, "P1-DIMMA3 TEMP");
	ok(!HAS(sn, SEN_READING), "sensor list: na reading unset");
	ok((sn->valid & (BIT(SEN_LNR) | BIT(SEN_LCR) | BIT(SEN_LNC) |
	    BIT(SEN_UNC) | BIT(SEN_UCR) | BIT(SEN_UNR))) == 0,
	    "sensor list: na thresholds unset");
	is_str(sn->status, "na", "sensor list: status na");
	is_int(sn->kind, SENSOR_TEMP, "sensor list: unread TEMP by name");
	sn = must(g, "FAN2");
	is_dbl(sn->reading, 3000, 0.001, "sensor list: FAN2 3000");
	is_dbl(sn->ucr, 19050, 0.001, "sensor list: FAN2 ucr 19050");
	is_int(sn->kind, SENSOR_FAN, "sensor list: RPM fan");
	sn = must(g, "PS1 Status");
	is_str(sn->status, "0x0100", "sensor list: overflowing 0x0100 status");
	is_str(sn->unit, "discrete", "sensor list: discrete unit");
	is_str(sn->text, "0x1", "sensor list: discrete reading is text");
	is_int(sn->kind, SENSOR_PSU, "sensor list: PS1 Status psu");
	sn = &g->sensor[65];
	is_str(sn->name, "I/O Board VRD", "sensor list: last row");
	sn = must(g, "VBAT");
	is_dbl(sn->reading, 3.216, 0.0001, "sensor list: VBAT 3.216");
	free(buf);
}

/* Outputs that are not sdr tables: every line is an error, no sensor. */
static void
test_not_sdr(struct collect *g)
{
	size_t	 len;
	char	*buf;

	if ((buf = tap_fixture_skip("ipmitool/doc-cn-chassis-status-ac-"
	    "failed.txt", &len, 3)) != NULL) {
		run(parse_ipmi_sdr, g, buf, len);
		is_int(g->nsensor, 0, "chassis status: no sensors");
		is_int(g->nerr, 12, "chassis status: 12 errors");
		is_int(g->errline[0], 1, "chassis status: first error line 1");
		free(buf);
	}
	if ((buf = tap_fixture_skip("ipmitool/hpe-sel-list-psu-redundancy.txt",
	    &len, 2)) != NULL) {
		run(parse_ipmi_sdr, g, buf, len);
		is_int(g->nsensor, 0, "sel list: no sensors");
		is_int(g->nerr, 8, "sel list: 8 errors");
		free(buf);
	}
	if ((buf = tap_fixture_skip("ipmitool/intel-s2600-sdr.txt", &len, 2)) !=
	    NULL) {
		run(parse_ipmi_sensor, g, buf, len);
		is_int(g->nsensor, 0, "sdr through sensor parser: no sensors");
		is_int(g->nerr, 89, "sdr through sensor parser: 89 errors");
		free(buf);
	}
}

static void
test_inline(struct collect *g)
{
	const struct sensor	*sn;
	int			 r;

	r = run(parse_ipmi_sdr, g, "", 0);
	ok(r == 0 && g->nsensor == 0 && g->nerr == 0, "sdr: empty input");
	r = run(parse_ipmi_sensor, g, "", 0);
	ok(r == 0 && g->nsensor == 0 && g->nerr == 0, "sensor: empty input");
	r = runs(parse_ipmi_sdr, g, "\n\n  \r\n\t\n");
	ok(r == 0 && g->nsensor == 0 && g->nerr == 0,
	    "sdr: blank lines ignored");

	r = runs(parse_ipmi_sdr, g,
	    "CPU Temp         | 41 degrees C      | ok\r\n"
	    "\r\n"
	    "garbage without pipes\r\n"
	    "a | b | c | d\r\n"
	    "Fan 2 | 31h | cr | 7.1 | 500 RPM\r\n"
	    "  | 5 Volts | ok\r\n"
	    "Bad status | 5 Volts | o k\r\n"
	    "Coolant Flow | 12.5 l/min | ok\r\n"
	    "Loop Pressure | 210 kPa | ok\r\n"
	    "Leak Detect | 0x00 | ok\r\n"
	    "Chassis Fan % | 40 percent | ok\r\n"
	    "PSU2 | 0x02 | cr\r\n"
	    "Exhaust | 98.6 degrees F | unc\r\n"
	    "Inlet Temp | 25 degrees C | o");
	is_int(r, 8, "sdr inline: 8 sensors");
	is_int(g->nerr, 5, "sdr inline: 4 bad rows, a cut last line");
	is_int(g->errline[4], 14, "sdr inline: a last line without newline "
	    "is refused, never read with status o");
	is_int(g->errline[0], 3, "sdr inline: first error on line 3");
	ok(strstr(g->errmsg, "columns") != NULL, "sdr inline: message says "
	    "columns: %s", g->errmsg);
	sn = &g->sensor[0];
	is_str(sn->name, "CPU Temp", "sdr inline: CRLF name");
	is_str(sn->status, "ok", "sdr inline: CRLF status has no \\r");
	is_dbl(sn->reading, 41, 0.001, "sdr inline: 41");
	sn = must(g, "Fan 2");
	is_str(sn->status, "cr", "sdr inline: elist cr");
	is_dbl(sn->reading, 500, 0.001, "sdr inline: 500 RPM");
	sn = must(g, "Coolant Flow");
	is_int(sn->kind, SENSOR_FLOW, "sdr inline: l/min flow");
	is_dbl(sn->reading, 12.5, 0.001, "sdr inline: 12.5");
	is_int(must(g, "Loop Pressure")->kind, SENSOR_PRESSURE,
	    "sdr inline: kPa pressure");
	is_int(must(g, "Leak Detect")->kind, SENSOR_LEAK,
	    "sdr inline: leak by name");
	is_int(must(g, "Chassis Fan %")->kind, SENSOR_FAN,
	    "sdr inline: fan-named percent is fan");
	is_int(must(g, "PSU2")->kind, SENSOR_PSU, "sdr inline: PSU discrete");
	sn = must(g, "Exhaust");
	is_int(sn->kind, SENSOR_TEMP, "sdr inline: degrees F");
	is_str(sn->status, "unc", "sdr inline: unc");

	/* Past what the unit can physically be: refused, file:line. */
	r = runs(parse_ipmi_sdr, g,
	    "a | -300 degrees C | ok\n"
	    "b | 4700 degrees C | ok\n"
	    "c | -40 degrees C | ok\n"
	    "d | -5 RPM | ok\n"
	    "e | 250000 Watts | ok\n"
	    "f | 2000 Volts | ok\n"
	    "g | 12.1 Volts | ok\n");
	is_int(r, 7, "sdr physical: every row read");
	ok(!HAS(&g->sensor[0], SEN_READING) && HAS(&g->sensor[2], SEN_READING) &&
	    HAS(&g->sensor[6], SEN_READING),
	    "sdr physical: -40 degrees C and 12.1 Volts read, -300 C null");
	is_int(g->nerr, 5, "sdr physical: -300 and 4700 C, -5 RPM, 250 kW, "
	    "2 kV refused");
	ok(g->errline[0] == 1 && g->errline[1] == 2 && g->errline[4] == 6,
	    "sdr physical: refused on their lines");

	/* Odd readings. */
	r = runs(parse_ipmi_sdr, g,
	    "a | 12abc | ok\n"
	    "b | - | ok\n"
	    "c | 1e999 Volts | ok\n"
	    "d | 99999999999999999999999999999999999999999999 | ok\n"
	    "e | .5 Volts | ok\n"
	    "f | 5 | ok\n"
	    "g | inf Volts | ok\n"
	    "h | 0x1a | ok\n");
	/* A damaged number is null: never text, never a value. */
	is_int(r, 8, "sdr odd: 8 rows, 3 readings refused");
	is_int(g->nerr, 3, "sdr odd: 12abc, 1e999 and 2^64 and more refused");
	ok(g->errline[0] == 1 && g->errline[1] == 3 && g->errline[2] == 4,
	    "sdr odd: refused on lines 1, 3, 4");
	ok(!HAS(&g->sensor[0], SEN_READING) && g->sensor[0].text[0] == '\0' &&
	    !HAS(&g->sensor[2], SEN_READING) &&
	    !HAS(&g->sensor[3], SEN_READING), "sdr odd: refused ones null");
	ok(!HAS(&g->sensor[1], SEN_READING), "sdr odd: '-' is text");
	is_dbl(g->sensor[4].reading, 0.5, 0.001, "sdr odd: .5");
	ok(HAS(&g->sensor[5], SEN_READING) && g->sensor[5].unit[0] == '\0',
	    "sdr odd: number without unit");
	ok(!HAS(&g->sensor[6], SEN_READING), "sdr odd: inf is text");
	is_str(g->sensor[7].text, "0x1a", "sdr odd: hex is text");

	/* Long fields are cut, never overrun. */
	r = runs(parse_ipmi_sdr, g,
	    "A very long sensor name that does not fit in thirty-two | "
	    "1 a unit name much longer than the field | ok, "
	    "and a text that is also far longer than forty-eight bytes\n");
	is_int(r, 0, "sdr long: status with a comma is refused");
	r = runs(parse_ipmi_sdr, g,
	    "A very long sensor name that does not fit in thirty-two | "
	    "1 a unit name much longer than the field, and a text that is "
	    "also far longer than forty-eight bytes | ok\n");
	is_int(r, 1, "sdr long: one row");
	is_int(strlen(g->sensor[0].name), sizeof g->sensor[0].name - 1,
	    "sdr long: name cut");
	is_int(strlen(g->sensor[0].unit), sizeof g->sensor[0].unit - 1,
	    "sdr long: unit cut");
	is_int(strlen(g->sensor[0].text), sizeof g->sensor[0].text - 1,
	    "sdr long: text cut");

	r = runs(parse_ipmi_sensor, g,
	    "CPU Temp | 40.000 | degrees C | ok | na | na | na | 85.000 | "
	    "90.000 | 95.000\r\n"
	    "Short | 1 | Volts | ok\r\n"
	    "PSU1 | 0x1 | discrete | 0x0100| na | na | na | na | na | na "
	    "| extra\r\n"
	    "Water Flow | 8.5 | LPM | nc | 1.0 | 2.0 | bad | na | na | na\r\n");
	is_int(r, 2, "sensor inline: 2 sensors");
	is_int(g->nerr, 2, "sensor inline: 2 errors");
	is_int(g->errline[0], 2, "sensor inline: first error line 2");
	sn = &g->sensor[0];
	ok(!HAS(sn, SEN_LNR) && !HAS(sn, SEN_LCR) && !HAS(sn, SEN_LNC),
	    "sensor inline: na lower thresholds unset");
	is_dbl(sn->unr, 95, 0.001, "sensor inline: unr 95");
	sn = &g->sensor[1];
	is_int(sn->kind, SENSOR_FLOW, "sensor inline: LPM flow");
	is_str(sn->status, "nc", "sensor inline: nc");
	ok(HAS(sn, SEN_LCR) && !HAS(sn, SEN_LNC), "sensor inline: bad "
	    "threshold unset, good one set");
}

int
main(void)
{
	struct collect	*g = calloc(1, sizeof *g);

	test_hpe_psu(g);
	test_hpe_wide(g);
	test_infrasim(g);
	test_intel(g);
	test_supermicro(g);
	test_ibm(g);
	test_elist(g);
	test_sensor_list(g);
	test_not_sdr(g);
	test_inline(g);
	collect_free(g);
	free(g);
	return (tap_done());
}
