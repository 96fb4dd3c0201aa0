"""JVS node numbers, command codes, status and report codes (tables)."""

from __future__ import annotations

from enum import IntEnum

# Source: JVS-TR §3.1 (framing): sync and mark bytes.
SYNC = 0xE0
MARK = 0xD0

# Source: JVS-TR §3.1 (node numbers).
MASTER = 0x00
FIRST_SLAVE = 0x01
LAST_SLAVE = 0x1F
BROADCAST = 0xFF


class Cmd(IntEnum):
    """Command codes the master uses. Source: JVS-TR §4.3 command reference."""

    RESET = 0xF0
    SET_ADDRESS = 0xF1
    IDENTIFY = 0x10
    COMMAND_REVISION = 0x11
    JVS_REVISION = 0x12
    COMM_VERSION = 0x13
    FEATURE_CHECK = 0x14
    SWITCHES = 0x20
    COINS = 0x21
    RETRANSMIT = 0x2F
    COIN_DECREMENT = 0x30
    GENERAL_OUTPUT1 = 0x32


# Source: JVS-TR §4.3 (F0 D9: the second byte is a fixed safety value).
RESET_ARG = 0xD9


class Status(IntEnum):
    """Packet-level status byte of a reply. Source: JVS-TR Table 6."""

    NORMAL = 0x01
    UNKNOWN_COMMAND = 0x02
    CHECKSUM_ERROR = 0x03
    OVERFLOW = 0x04


class Report(IntEnum):
    """Per-command report byte. Source: JVS-TR Table 7."""

    NORMAL = 0x01
    PARAMETER_COUNT = 0x02
    PARAMETER_INVALID = 0x03
    BUSY = 0x04


class Feature(IntEnum):
    """Feature-check (0x14) function codes. Source: JVS-TR Table 8."""

    END = 0x00
    SWITCHES = 0x01
    COINS = 0x02
    ANALOG = 0x03
    ROTARY = 0x04
    KEYCODE = 0x05
    SCREEN = 0x06
    MISC_SWITCHES = 0x07
    CARD = 0x10
    HOPPER = 0x11
    GENERAL_OUTPUTS = 0x12
    ANALOG_OUT = 0x13
    DISPLAY = 0x14
    BACKUP = 0x15


class CoinCondition(IntEnum):
    """Top 2 bits of a coin slot's reply word. Source: JVS-TR Table 14."""

    NORMAL = 0
    JAM = 1
    DISCONNECTED = 2
    BUSY = 3


# Source: JVS-TR §4.3.11: the low 14 bits of a slot word are the coin count (0-16383).
COIN_COUNT_MASK = 0x3FFF
