"""Builders for the commands the master sends and the splitter for their replies.

A request payload is a list of commands; a reply payload is one status byte, then one report
byte plus data per command, in request order (JVS-TR §3.1). Reply data sizes per command are
from JVS-TR §4.3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cabinet.jvs.codes import RESET_ARG, Cmd, Report, Status

# Reply shapes: a fixed data size in bytes, or one of these variable-length shapes.
TEXT = -1  # ASCII, ended by a 00 byte (JVS-TR §4.3, 0x10)
FEATURES = -2  # 4-byte entries, ended by a single 00 byte (JVS-TR Table 8)
NO_REPLY = -3  # broadcast reset: the board sends nothing (JVS-TR §3.3)


@dataclass(frozen=True)
class Command:
    """One command inside a request: its bytes and the shape of its reply data."""

    code: int
    params: bytes = b""
    reply: int = 0

    @property
    def wire(self) -> bytes:
        return bytes((self.code,)) + self.params


def reset() -> Command:
    """Broadcast reset ``F0 D9``; the master sends it twice (JVS-TR §3.3)."""
    return Command(Cmd.RESET, bytes((RESET_ARG,)), NO_REPLY)


def set_address(address: int) -> Command:
    """Broadcast ``F1 addr``; the only broadcast that gets a reply (JVS-TR §3.3)."""
    return Command(Cmd.SET_ADDRESS, bytes((address,)))


def identify() -> Command:
    return Command(Cmd.IDENTIFY, reply=TEXT)


def command_revision() -> Command:
    return Command(Cmd.COMMAND_REVISION, reply=1)


def jvs_revision() -> Command:
    return Command(Cmd.JVS_REVISION, reply=1)


def comm_version() -> Command:
    return Command(Cmd.COMM_VERSION, reply=1)


def feature_check() -> Command:
    return Command(Cmd.FEATURE_CHECK, reply=FEATURES)


def switches(players: int, bytes_per_player: int) -> Command:
    """``20 players bytes``: reply is 1 system byte + players x bytes (JVS-TR §4.3, JVS-TR Table
    10)."""
    return Command(Cmd.SWITCHES, bytes((players, bytes_per_player)), 1 + players * bytes_per_player)


def coins(slots: int) -> Command:
    """``21 slots``: reply is 2 bytes per slot (JVS-TR §4.3.11)."""
    return Command(Cmd.COINS, bytes((slots,)), 2 * slots)


def coin_decrement(slot: int, amount: int) -> Command:
    """``30 slot MSB LSB``; slots start at 1, the amount is 16-bit (JVS-TR §4.3)."""
    if not 1 <= slot <= 0xFF or not 0 <= amount <= 0xFFFF:
        raise ValueError(f"coin decrement slot {slot} amount {amount} out of range")
    return Command(Cmd.COIN_DECREMENT, bytes((slot, amount >> 8, amount & 0xFF)))


def general_output1(data: bytes) -> Command:
    """``32 nbytes data...``; bit 7 of the first byte is output 1 (JVS-TR §4.3.21)."""
    return Command(Cmd.GENERAL_OUTPUT1, bytes((len(data),)) + data)


def retransmit() -> Command:
    """``2F``: the board resends its last reply in full (JVS-TR Tables 6-7)."""
    return Command(Cmd.RETRANSMIT)


def request_payload(commands: Sequence[Command]) -> bytes:
    return b"".join(c.wire for c in commands)


@dataclass(frozen=True)
class Answer:
    """One command's report byte and data. ``ok`` only when the report is 01 normal."""

    code: int
    report: int
    data: bytes

    @property
    def ok(self) -> bool:
        return self.report == Report.NORMAL


@dataclass(frozen=True)
class Reply:
    """A split reply. ``answers`` may be shorter than the request when the board stopped.
    ``exact``: one answer for every command and nothing after them but 00 padding, so the
    reply has the shape of the request it was split for (a late reply to another request
    mostly has not)."""

    status: int
    answers: tuple[Answer, ...]
    exact: bool = False

    @property
    def ok(self) -> bool:
        return self.status == Status.NORMAL

    def answer(self, index: int) -> Answer | None:
        """The index-th command's answer if it is there and normal (status 01, report 01).

        JVS-TR Tables 6-7: implementations differ on status 02 vs report 02, so either one not being
        normal counts as a failure of that command.
        """
        if not self.ok or index >= len(self.answers):
            return None
        found = self.answers[index]
        return found if found.ok else None


def _data_size(shape: int, payload: bytes, start: int) -> int | None:
    """Bytes of data from `start` for this shape, or None when the payload is cut short."""
    if shape >= 0:
        return shape if start + shape <= len(payload) else None
    if shape == TEXT:
        end = payload.find(b"\x00", start)
        return None if end < 0 else end - start + 1
    if shape == FEATURES:
        pos = start
        while pos < len(payload):
            if payload[pos] == 0:
                return pos - start + 1
            pos += 4
        return None
    return 0


def split_reply(payload: bytes, commands: Sequence[Command]) -> Reply:
    """Split a reply payload into one answer per command. Never raises.

    Stops at the first abnormal report or a cut-short answer (after that the data sizes are
    unknown). Bytes left over after the last answer are ignored: OpenJVS pads a
    retransmitted reply with extra 00 bytes (OpenJVS jvs.c).
    """
    if not payload:
        return Reply(0, ())
    answers: list[Answer] = []
    pos = 1
    whole = True
    for command in commands:
        if command.reply == NO_REPLY:
            break
        if pos >= len(payload):
            whole = False
            break
        report = payload[pos]
        pos += 1
        if report != Report.NORMAL:
            answers.append(Answer(command.code, report, b""))
            whole = False
            break
        size = _data_size(command.reply, payload, pos)
        if size is None:
            whole = False
            break
        answers.append(Answer(command.code, report, payload[pos : pos + size]))
        pos += size
    exact = whole and not any(payload[pos:])
    return Reply(payload[0], tuple(answers), exact)
