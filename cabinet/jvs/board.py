"""One simulated JVS I/O board: its state and how it answers a request payload.

Behaviour follows JVS-TR §3-§4; with ``quirks="openjvs"`` it reproduces the OpenJVS
behaviour measured in OpenJVS jvs.c instead.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from cabinet.jvs.codes import RESET_ARG, Cmd, Feature, Report, Status
from cabinet.jvs.frame import MAX_PAYLOAD
from cabinet.jvs.info import encode_features, encode_text
from cabinet.jvs.inputs import PLAYER_BITS, SYSTEM_BITS, encode_coin, encode_switches

QUIRK_MODES = ("openjvs",)


@dataclass(frozen=True)
class BoardProfile:
    """What a board answers to 0x10-0x14."""

    id: str
    command_revision: int
    jvs_revision: int
    comm_version: int
    features: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return self.features.get(Feature.SWITCHES, (0, 0, 0))[0]

    @property
    def switches_per_player(self) -> int:
        return self.features.get(Feature.SWITCHES, (0, 0, 0))[1]

    @property
    def coin_slots(self) -> int:
        return self.features.get(Feature.COINS, (0, 0, 0))[0]

    @property
    def general_outputs(self) -> int:
        return self.features.get(Feature.GENERAL_OUTPUTS, (0, 0, 0))[0]


# The simulator's own board (a test tool's, not the cabinet's): revisions as JVS-TR §3.3
# expects (1.3, 3.0, 1.0), 2 players x 13 switches and 2 coin slots like Sega's 837-13551
# (MAME jvs13551, TheOnlyJoey/openjvs, NaokiS28/jvs), 8 outputs.
SIMULATED_BOARD = BoardProfile(
    id="bloxcab;JVS I/O simulator;Ver1.00;pty",
    command_revision=0x13,
    jvs_revision=0x30,
    comm_version=0x10,
    features={
        Feature.SWITCHES: (2, 13, 0),
        Feature.COINS: (2, 0, 0),
        Feature.GENERAL_OUTPUTS: (8, 0, 0),
    },
)

# Source: JVS-TR Table 8: OpenJVS "Sega Type 3" profile's ID and feature-check answer.
OPENJVS_SEGA_TYPE3 = BoardProfile(
    id="SEGA CORPORATION;I/O BD JVS;837-14572;Ver1.00;2005/10",
    command_revision=0x13,
    jvs_revision=0x30,
    comm_version=0x10,
    features={
        Feature.SWITCHES: (2, 14, 0),
        Feature.COINS: (2, 0, 0),
        Feature.ANALOG: (8, 10, 0),
        Feature.GENERAL_OUTPUTS: (20, 0, 0),
    },
)

# Parameter bytes after the code, for commands with a fixed size (JVS-TR §4.3).
_PARAMS: dict[int, int] = {
    Cmd.RESET: 1,
    Cmd.SET_ADDRESS: 1,
    0xF2: 1,
    Cmd.IDENTIFY: 0,
    Cmd.COMMAND_REVISION: 0,
    Cmd.JVS_REVISION: 0,
    Cmd.COMM_VERSION: 0,
    Cmd.FEATURE_CHECK: 0,
    Cmd.SWITCHES: 2,
    Cmd.COINS: 1,
    Cmd.COIN_DECREMENT: 3,
}


# Output commands OpenJVS acknowledges without driving anything, with the parameter bytes it
# skips. Source: OpenJVS src/jvs/jvs.c processPacket: payout increase (31) 3, analog out
# (33) 1 + 2 per channel, display (34) 1 + 2 per character, payout decrease (36) 2 (one
# fewer than JVS-TR's 3), GPO byte (37) and bit (38) 2.
_OPENJVS_ACKS: dict[int, int] = {0x31: 3, 0x36: 2, 0x37: 2, 0x38: 2}
_OPENJVS_COUNTED = (0x33, 0x34)


def _openjvs_ack_size(code: int, rest: bytes) -> int | None:
    if code in _OPENJVS_COUNTED:
        return 1 + 2 * rest[0] if rest else 1
    return _OPENJVS_ACKS.get(code)


class _Stop(Exception):
    """Processing of a request stops here (unknown command or bad parameters)."""

    def __init__(self, status: int, report: int | None) -> None:
        super().__init__(status)
        self.status = status
        self.report = report


class SimBoard:
    """A board's state: address, switches, coin counters, general-purpose outputs.

    Tests and the `jvs-sim` command drive it with press/release/insert_coin; everything is
    guarded by one lock because the simulator thread answers the bus meanwhile.
    """

    def __init__(self, profile: BoardProfile = SIMULATED_BOARD, quirks: str | None = None) -> None:
        if quirks is not None and quirks not in QUIRK_MODES:
            raise ValueError(f"unknown quirks mode {quirks!r}; known: {', '.join(QUIRK_MODES)}")
        self.profile = profile
        self.quirks = quirks
        self.lock = threading.RLock()
        self.address: int | None = None
        self.system: set[str] = set()
        self.players: list[set[str]] = [set() for _ in range(max(profile.players, 2))]
        self.coins = [0] * max(profile.coin_slots, 2)
        self.conditions = [0] * len(self.coins)
        self.outputs = bytes((profile.general_outputs + 7) // 8)
        self.resets = 0
        self.decrements: list[tuple[int, int]] = []
        self.output_writes: list[bytes] = []  # every 0x32 data the board took, in order
        self.last_reply: bytes | None = None

    # --- the cabinet side: what tests and the CLI drive -------------------------------------
    def press(self, control: str) -> None:
        with self.lock:
            self._switch_set(control).add(self._switch_name(control))

    def release(self, control: str) -> None:
        with self.lock:
            self._switch_set(control).discard(self._switch_name(control))

    def insert_coin(self, slot: int = 1, count: int = 1) -> None:
        with self.lock:
            # Source: JVS-TR §4.3.11: the count is 14 bits (MAME's jvs13551 wraps at 16384).
            self.coins[slot - 1] = (self.coins[slot - 1] + count) % 16384

    def output(self, number: int) -> bool:
        """General-purpose output `number` (1-based): bit 7 of byte 0 is output 1 (JVS-TR
        §4.3.21)."""
        with self.lock:
            index, bit = divmod(number - 1, 8)
            return index < len(self.outputs) and bool(self.outputs[index] & (0x80 >> bit))

    def _switch_set(self, control: str) -> set[str]:
        if control in SYSTEM_BITS:
            return self.system
        player, _, name = control.partition(".")
        if player in ("p1", "p2") and name in PLAYER_BITS:
            return self.players[int(player[1]) - 1]
        raise ValueError(f"no such switch {control!r} (try p1.b1, p2.start, test, tilt)")

    @staticmethod
    def _switch_name(control: str) -> str:
        return control.rpartition(".")[2]

    # --- the bus side ------------------------------------------------------------------------
    def reset(self) -> None:
        """Reset (JVS-TR §3.3): forget the address and switch the outputs off.

        decision: coin counters survive a reset, so coins inserted while the master was
        away are still counted (as on a board with backup, JVS-TR §4.3.11).
        """
        with self.lock:
            self.address = None
            self.outputs = bytes(len(self.outputs))
            self.resets += 1

    def answer(self, payload: bytes) -> bytes | None:
        """Reply payload (status + reports) to a request for this board, or None for silence."""
        with self.lock:
            reports = bytearray()
            replied = False  # reset and comm-method change get no reply (JVS-TR §4.3)
            status: int = Status.NORMAL
            pos = 0
            while pos < len(payload):
                code = payload[pos]
                try:
                    used, data = self._command(code, payload[pos + 1 :])
                except _Stop as stop:
                    status = stop.status
                    replied = True
                    if stop.report is not None:
                        reports.append(stop.report)
                    break
                if used < 0:  # OpenJVS skips one byte of an unknown command (OpenJVS jvs.c)
                    pos += 1
                    continue
                if data is not None:
                    replied = True
                    reports.append(Report.NORMAL)
                    reports += data
                pos += 1 + used
            if not replied or (self.quirks == "openjvs" and not reports):
                return None  # OpenJVS: unsupported command alone -> no reply (OpenJVS jvs.c)
            if len(reports) + 1 > MAX_PAYLOAD:
                # Source: JVS-TR Tables 6-7: status 04, acknowledge overflow (the reply is too big).
                return bytes((Status.OVERFLOW,))
            return bytes((status,)) + bytes(reports)

    def _command(self, code: int, rest: bytes) -> tuple[int, bytes | None]:
        """(parameter bytes used, report data) for one command; data None = no report."""
        size = _PARAMS.get(code)
        if code == Cmd.GENERAL_OUTPUT1:
            size = 1 + rest[0] if rest else 1
        if size is None and self.quirks == "openjvs":
            size = _openjvs_ack_size(code, rest)
            if size is None:
                return -1, None
            if len(rest) < size:
                raise _Stop(Status.NORMAL, Report.PARAMETER_COUNT)
            return size, b""  # acknowledged, nothing driven (OpenJVS jvs.c)
        if size is None:
            # Source: JVS-TR §4.2: stop at the first unsupported command, status 02.
            raise _Stop(Status.UNKNOWN_COMMAND, None)
        if len(rest) < size:
            raise _Stop(Status.NORMAL, Report.PARAMETER_COUNT)
        params = rest[:size]
        profile = self.profile
        if code == Cmd.RESET:
            if params[0] == RESET_ARG:
                self.reset()
            return size, None
        if code == Cmd.SET_ADDRESS:
            self.address = params[0]
            return size, b""
        if code == Cmd.IDENTIFY:
            return size, encode_text(profile.id)
        if code == Cmd.COMMAND_REVISION:
            return size, bytes((profile.command_revision,))
        if code == Cmd.JVS_REVISION:
            return size, bytes((profile.jvs_revision,))
        if code == Cmd.COMM_VERSION:
            return size, bytes((profile.comm_version,))
        if code == Cmd.FEATURE_CHECK:
            return size, encode_features(profile.features)
        if code == Cmd.SWITCHES:
            players, per_player = params
            if players > len(self.players):
                raise _Stop(Status.NORMAL, Report.PARAMETER_INVALID)
            return size, encode_switches(self.system, self.players[:players], per_player)
        if code == Cmd.COINS:
            return size, self._coin_bytes(params[0])
        if code == Cmd.COIN_DECREMENT:
            slot, amount = params[0], (params[1] << 8) | params[2]
            if not 1 <= slot <= len(self.coins):
                raise _Stop(Status.NORMAL, Report.PARAMETER_INVALID)
            self.coins[slot - 1] = max(0, self.coins[slot - 1] - amount)
            self.decrements.append((slot, amount))
            return size, b""
        if code == Cmd.GENERAL_OUTPUT1:
            # OpenJVS acknowledges outputs but drives nothing (OpenJVS jvs.c).
            if self.quirks != "openjvs":
                data = params[1:][: len(self.outputs)]
                self.outputs = data + self.outputs[len(data) :]
                self.output_writes.append(data)
            return size, b""
        return size, None  # F2 comm method change: no reply, the speed stays 115200

    def _coin_bytes(self, slots: int) -> bytes:
        if slots > len(self.coins):
            raise _Stop(Status.NORMAL, Report.PARAMETER_INVALID)
        out = bytearray()
        for slot in range(slots):
            if self.quirks == "openjvs":
                # OpenJVS: condition always 0, high count byte always 0 (mod 256) (OpenJVS jvs.c).
                out += bytes((0, self.coins[slot] & 0xFF))
            else:
                out += encode_coin(self.conditions[slot], self.coins[slot])
        return bytes(out)

