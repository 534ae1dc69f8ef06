/*
 * myriad - the simulator's ipmitool: its fixed texts, in the words of the
 * real ipmitool 1.8.19 reading an OpenIPMI ipmi_sim BMC, as t/0042 holds
 * them (t/data/ipmitool-1.8.19-*.txt): -V, -h, the usage of `chassis',
 * `sdr type' with no type, `power status', `mc info', `lan print', `fru'.
 * Copyright (C) 2026 the myriad developers.  GPL-3.0-or-later.
 */

#include <string.h>

#include "sim.h"

struct sim_ipmi_text {
	const char	*words;		/* the command after the options */
	const char	*text;
	int		 err;		/* on stderr */
	int		 rc;
};
static const struct sim_ipmi_text sim_ipmi_texts[] = {
	{ .words = "-V", .text = "ipmitool version 1.8.19\n" },
	{ .words = "-h", .err = 1, .text =
	    "ipmitool version 1.8.19\n"
	    "\n"
	    "usage: ipmitool [options...] <command>\n"
	    "\n"
	    "       -h             This help\n"
	    "       -V             Show version information\n"
	    "       -v             Verbose (can use multiple times)\n"
	    "       -c             Display output in comma separated format\n"
	    "       -d N           Specify a /dev/ipmiN device to use (default="
	    "0)\n"
	    "       -I intf        Interface to use\n"
	    "       -H hostname    Remote host name for LAN interface\n"
	    "       -p port        Remote RMCP port [default=623]\n"
	    "       -U username    Remote session username\n"
	    "       -f file        Read remote session password from file\n"
	    "       -z size        Change Size of Communication Channel (OEM)\n"
	    "       -S sdr         Use local file for remote SDR cache\n"
	    "       -D tty:b[:s]   Specify the serial device, baud rate to use"
	    "\n"
	    "                      and, optionally, specify that interface is t"
	    "he system one\n"
	    "       -4             Use only IPv4\n"
	    "       -6             Use only IPv6\n"
	    "       -a             Prompt for remote password\n"
	    "       -Y             Prompt for the Kg key for IPMIv2 authenticat"
	    "ion\n"
	    "       -e char        Set SOL escape character\n"
	    "       -C ciphersuite Cipher suite to be used by lanplus interface"
	    "\n"
	    "       -k key         Use Kg key for IPMIv2 authentication\n"
	    "       -y hex_key     Use hexadecimal-encoded Kg key for IPMIv2 au"
	    "thentication\n"
	    "       -L level       Remote session privilege level [default=ADMI"
	    "NISTRATOR]\n"
	    "                      Append a '+' to use name/privilege lookup in"
	    " RAKP1\n"
	    "       -A authtype    Force use of auth type NONE, PASSWORD, MD2, "
	    "MD5 or OEM\n"
	    "       -P password    Remote session password\n"
	    "       -E             Read password from IPMI_PASSWORD environment"
	    " variable\n"
	    "       -K             Read kgkey from IPMI_KGKEY environment varia"
	    "ble\n"
	    "       -m address     Set local IPMB address\n"
	    "       -b channel     Set destination channel for bridged request"
	    "\n"
	    "       -t address     Bridge request to remote target address\n"
	    "       -B channel     Set transit channel for bridged request (dua"
	    "l bridge)\n"
	    "       -T address     Set transit address for bridge request (dual"
	    " bridge)\n"
	    "       -l lun         Set destination lun for raw commands\n"
	    "       -o oemtype     Setup for OEM (use 'list' to see available O"
	    "EM types)\n"
	    "       -O seloem      Use file for OEM SEL event descriptions\n"
	    "       -N seconds     Specify timeout for lan [default=2] / lanplu"
	    "s [default=1] interface\n"
	    "       -R retry       Set the number of retries for lan/lanplus in"
	    "terface [default=4]\n"
	    "       -Z             Display all dates in UTC\n"
	    "\n"
	    "Interfaces:\n"
	    "\topen          Linux OpenIPMI Interface [default]\n"
	    "\timb           Intel IMB Interface \n"
	    "\tlan           IPMI v1.5 LAN Interface \n"
	    "\tlanplus       IPMI v2.0 RMCP+ LAN Interface \n"
	    "\tfree          FreeIPMI IPMI Interface \n"
	    "\tserial-terminal  Serial Interface, Terminal Mode \n"
	    "\tserial-basic  Serial Interface, Basic Mode \n"
	    "\tdummy         Linux DummyIPMI Interface \n"
	    "\tusb           IPMI USB Interface(OEM Interface for AMI Devices) "
	    "\n"
	    "\n"
	    "Commands:\n"
	    "\traw           Send a RAW IPMI request and print response\n"
	    "\ti2c           Send an I2C Master Write-Read command and print re"
	    "sponse\n"
	    "\tspd           Print SPD info from remote I2C device\n"
	    "\tlan           Configure LAN Channels\n"
	    "\tchassis       Get chassis status and set power state\n"
	    "\tpower         Shortcut to chassis power commands\n"
	    "\tevent         Send pre-defined events to MC\n"
	    "\tmc            Management Controller status and global enables\n"
	    "\tsdr           Print Sensor Data Repository entries and readings"
	    "\n"
	    "\tsensor        Print detailed sensor information\n"
	    "\tfru           Print built-in FRU and scan SDR for FRU locators\n"
	    "\tgendev        Read/Write Device associated with Generic Device l"
	    "ocators sdr\n"
	    "\tsel           Print System Event Log (SEL)\n"
	    "\tpef           Configure Platform Event Filtering (PEF)\n"
	    "\tsol           Configure and connect IPMIv2.0 Serial-over-LAN\n"
	    "\ttsol          Configure and connect with Tyan IPMIv1.5 Serial-ov"
	    "er-LAN\n"
	    "\tisol          Configure IPMIv1.5 Serial-over-LAN\n"
	    "\tuser          Configure Management Controller users\n"
	    "\tchannel       Configure Management Controller channels\n"
	    "\tsession       Print session information\n"
	    "\tdcmi          Data Center Management Interface\n"
	    "\tnm            Node Manager Interface\n"
	    "\tsunoem        OEM Commands for Sun servers\n"
	    "\tkontronoem    OEM Commands for Kontron devices\n"
	    "\tpicmg         Run a PICMG/ATCA extended cmd\n"
	    "\tfwum          Update IPMC using Kontron OEM Firmware Update Mana"
	    "ger\n"
	    "\tfirewall      Configure Firmware Firewall\n"
	    "\tdelloem       OEM Commands for Dell systems\n"
	    "\tshell         Launch interactive IPMI shell\n"
	    "\texec          Run list of commands from file\n"
	    "\tset           Set runtime variable for shell and exec\n"
	    "\thpm           Update HPM components using PICMG HPM.1 file\n"
	    "\tekanalyzer    run FRU-Ekeying analyzer using FRU files\n"
	    "\time           Update Intel Manageability Engine Firmware\n"
	    "\tvita          Run a VITA 46.11 extended cmd\n"
	    "\tlan6          Configure IPv6 LAN Channels\n"
	    "\n"
	},
	{ .words = "chassis", .err = 1, .rc = 1, .text =
	    "Chassis Commands:\n"
	    "  status, power, policy, restart_cause\n"
	    "  poh, identify, selftest,\n"
	    "  bootdev, bootparam, bootmbox\n"
	},
	{ .words = "power status", .text = "Chassis Power is on\n" },
	{ .words = "chassis power status", .text = "Chassis Power is on\n" },
	{ .words = "sdr type", .text =
	    "Sensor Types:\n"
	    "\tTemperature               (0x01)   Voltage                   (0x"
	    "02)\n"
	    "\tCurrent                   (0x03)   Fan                       (0x"
	    "04)\n"
	    "\tPhysical Security         (0x05)   Platform Security         (0x"
	    "06)\n"
	    "\tProcessor                 (0x07)   Power Supply              (0x"
	    "08)\n"
	    "\tPower Unit                (0x09)   Cooling Device            (0x"
	    "0a)\n"
	    "\tOther                     (0x0b)   Memory                    (0x"
	    "0c)\n"
	    "\tDrive Slot / Bay          (0x0d)   POST Memory Resize        (0x"
	    "0e)\n"
	    "\tSystem Firmwares          (0x0f)   Event Logging Disabled    (0x"
	    "10)\n"
	    "\tWatchdog1                 (0x11)   System Event              (0x"
	    "12)\n"
	    "\tCritical Interrupt        (0x13)   Button                    (0x"
	    "14)\n"
	    "\tModule / Board            (0x15)   Microcontroller           (0x"
	    "16)\n"
	    "\tAdd-in Card               (0x17)   Chassis                   (0x"
	    "18)\n"
	    "\tChip Set                  (0x19)   Other FRU                 (0x"
	    "1a)\n"
	    "\tCable / Interconnect      (0x1b)   Terminator                (0x"
	    "1c)\n"
	    "\tSystem Boot Initiated     (0x1d)   Boot Error                (0x"
	    "1e)\n"
	    "\tOS Boot                   (0x1f)   OS Critical Stop          (0x"
	    "20)\n"
	    "\tSlot / Connector          (0x21)   System ACPI Power State   (0x"
	    "22)\n"
	    "\tWatchdog2                 (0x23)   Platform Alert            (0x"
	    "24)\n"
	    "\tEntity Presence           (0x25)   Monitor ASIC              (0x"
	    "26)\n"
	    "\tLAN                       (0x27)   Management Subsys Health  (0x"
	    "28)\n"
	    "\tBattery                   (0x29)   Session Audit             (0x"
	    "2a)\n"
	    "\tVersion Change            (0x2b)   FRU State                 (0x"
	    "2c)\n"
	},
	{ .words = "mc info", .text =
	    "Device ID                 : 0\n"
	    "Device Revision           : 3\n"
	    "Firmware Revision         : 9.08\n"
	    "IPMI Version              : 2.0\n"
	    "Manufacturer ID           : 4753\n"
	    "Manufacturer Name         : MontaVista Software, Inc.\n"
	    "Product ID                : 3842 (0x0f02)\n"
	    "Product Name              : Unknown (0xF02)\n"
	    "Device Available          : yes\n"
	    "Provides Device SDRs      : no\n"
	    "Additional Device Support :\n"
	    "    Sensor Device\n"
	    "    SDR Repository Device\n"
	    "    SEL Device\n"
	    "    FRU Inventory Device\n"
	    "    IPMB Event Receiver\n"
	    "    Chassis Device\n"
	    "Aux Firmware Rev Info     : \n"
	    "    0x00\n"
	    "    0x00\n"
	    "    0x00\n"
	    "    0x00\n"
	},
	{ .words = "lan print", .text =
	    "Set in Progress         : Set Complete\n"
	    "Auth Type Support       : NONE MD2 MD5 PASSWORD \n"
	    "Auth Type Enable        : Callback : NONE MD2 MD5 PASSWORD \n"
	    "                        : User     : NONE MD2 MD5 PASSWORD \n"
	    "                        : Operator : NONE MD2 MD5 PASSWORD \n"
	    "                        : Admin    : NONE MD2 MD5 PASSWORD \n"
	    "                        : OEM      : \n"
	    "IP Address Source       : Unspecified\n"
	    "IP Address              : 0.0.0.0\n"
	    "Subnet Mask             : 0.0.0.0\n"
	    "MAC Address             : 00:00:00:00:00:00\n"
	    "SNMP Community String   : public\n"
	    "IP Header               : TTL=0x00 Flags=0x00 Precedence=0x00 TOS="
	    "0x00\n"
	    "Default Gateway IP      : 0.0.0.0\n"
	    "Default Gateway MAC     : 00:00:00:00:00:00\n"
	    "Backup Gateway IP       : 0.0.0.0\n"
	    "Backup Gateway MAC      : 00:00:00:00:00:00\n"
	    "802.1q VLAN ID          : Disabled\n"
	    "802.1q VLAN Priority    : 0\n"
	    "RMCP+ Cipher Suites     : 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n"
	    "Cipher Suite Priv Max   : aaaaaaaaaaaaaaa\n"
	    "                        :     X=Cipher Suite Unused\n"
	    "                        :     c=CALLBACK\n"
	    "                        :     u=USER\n"
	    "                        :     o=OPERATOR\n"
	    "                        :     a=ADMIN\n"
	    "                        :     O=OEM\n"
	    "Bad Password Threshold  : Not Available\n"
	},
	{ .words = "fru", .rc = 1, .text =
	    "FRU Device Description : Builtin FRU Device (ID 0)\n"
	    " Device not present (Invalid data field in request)\n"
	    "\n"
	},
};

/*
 * A fixed text, of the words argv[i..] or of an option (-V, -h): 0 or
 * ipmitool's exit status, -2 if it has none.
 */
int
sim_ipmi_text(int argc, char **argv, int i, struct buf *out, char **cause)
{
	const struct sim_ipmi_text	*t;
	struct buf			 w;
	size_t				 k;
	int				 j;

	buf_init(&w);
	for (j = i; j < argc; j++)
		buf_printf(&w, "%s%s", j > i ? " " : "", argv[j]);
	for (k = 0; k < nitems(sim_ipmi_texts); k++) {
		t = &sim_ipmi_texts[k];
		if (w.data == NULL || strcmp(t->words, w.data) != 0)
			continue;
		buf_free(&w);
		if (!t->err) {
			buf_puts(out, t->text);
			if (t->rc != 0)
				*cause = xstrdup("");
		} else {
			*cause = xstrdup(t->text);
			(*cause)[strlen(*cause) - 1] = '\0';
		}
		return (t->rc);
	}
	buf_free(&w);
	return (-2);
}
