"""A JVS I/O board simulator on a real pseudo-terminal, answering in a thread.

The master opens ``simulator.port`` with pyserial (115200 8N1 like a real bus, JVS-TR §2; a
pty ignores the speed). Several boards can share the bus in a daisy chain: ``boards[0]`` is
next to the master. The sense line follows JVS-TR §2: a board takes a Set Address only when
every board after it already has an address, so the farthest board gets address 1, and the
master's sense input reads low once ``boards[0]`` has its address.

Set Address, by default, works as in OpenJVS (src/jvs/jvs.c, CMD_ASSIGN_ADDR) and MAME
(src/devices/machine/jvsdev.cpp, jvs_device::message): the broadcast goes down the chain to
the first board whose next board already has an address (or that is the last), and that
board takes it even when it has an address already, keeping the last one. So a master
without a sense line that assigns "until nobody answers" walks a single board up to 0x1F.
``address_once=True`` gives the stricter behaviour: a board with an address ignores it.

Faults for tests: `corrupt_next_checksum`, `noise_before_next_reply`, `tamper_next_replies`
(a checksum-valid but wrong reply, as paired bit errors the 8-bit sum cannot see), `silent`,
`answer_late` (the next reply goes out late and the board hears nothing meanwhile, as a board
still busy booting, or a loaded machine), `delay_next_replies` (replies reach the master
late while the board goes on answering, as through a USB adapter's latency timer),
`unplug` / `replug` (the pty goes away; with ``link`` a symlink follows the new pty, like
/dev/serial/by-id after a USB adapter comes back).
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
import tty
from collections import deque
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from cabinet.jvs.board import (
    OPENJVS_SEGA_TYPE3,
    QUIRK_MODES,
    SIMULATED_BOARD,
    BoardProfile,
    SimBoard,
)
from cabinet.jvs.codes import BROADCAST, MASTER, SYNC, Cmd, Status
from cabinet.jvs.frame import checksum, encode, escape
from cabinet.jvs.parser import BadChecksum, Frame, FrameParser


def paired_error(at: int, value: int, balance: int) -> Callable[[bytes], bytes]:
    """A line error the 8-bit sum cannot see (for `tamper_next_replies`): payload byte `at`
    becomes `value` and byte `balance` moves the other way by as much, so the sum of the
    payload, and with it SUM, is what the board computed for the true reply."""

    def change(payload: bytes) -> bytes:
        out = bytearray(payload)
        delta = value - out[at]
        out[at] = value & 0xFF
        out[balance] = (out[balance] - delta) & 0xFF
        return bytes(out)

    return change


class SimSense:
    """The master's sense input as the simulated chain drives it (JVS-TR §2, JVS-TR §3.3)."""

    def __init__(self, simulator: IoBoardSimulator) -> None:
        self._simulator = simulator

    def is_low(self) -> bool:
        """True (0 V) once the board next to the master has an address."""
        return self._simulator.boards[0].address is not None


class IoBoardSimulator:
    def __init__(
        self,
        boards: int = 1,
        *,
        quirks: str | None = None,
        profile: BoardProfile | None = None,
        link: str | os.PathLike[str] | None = None,
        address_once: bool = False,
    ) -> None:
        if quirks is not None and quirks not in QUIRK_MODES:
            raise ValueError(f"unknown quirks mode {quirks!r}; known: {', '.join(QUIRK_MODES)}")
        if profile is None:
            profile = OPENJVS_SEGA_TYPE3 if quirks == "openjvs" else SIMULATED_BOARD
        self.quirks = quirks
        self.address_once = address_once
        self.boards = [SimBoard(profile, quirks) for _ in range(boards)]
        self.sense = SimSense(self)
        self.requests: deque[tuple[int, bytes]] = deque(maxlen=4096)
        self.bad_requests = 0
        self.errors: list[str] = []  # simulator bugs hit while answering (tests expect none)
        self.silent = False
        self._link = Path(link) if link is not None else None
        self._lock = threading.Lock()
        self._corrupt = 0
        self._tamper: deque[Callable[[bytes], bytes]] = deque()
        self._noise = b""
        self._late = 0.0  # seconds the next reply is held back
        # A held reply: (when it goes out, board, payload); the board is deaf until then.
        self._held: tuple[float, SimBoard, bytes] | None = None
        self._delays: deque[float] = deque()  # per next reply: seconds on the way
        self._on_the_way: deque[tuple[float, bytes]] = deque()  # (when it arrives, bytes)
        self._fds: tuple[int, int] | None = None  # (pty master, our own slave fd)
        self._slave_path = ""
        self._parser = FrameParser()
        self._wake_r, self._wake_w = os.pipe()
        self._want_plugged = True
        self._plugged = threading.Event()
        self._unplugged = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="jvs-sim", daemon=True)

    @property
    def board(self) -> SimBoard:
        """The farthest board: it gets address 1 (JVS-TR §2)."""
        return self.boards[-1]

    @property
    def port(self) -> str:
        """The path the master opens: the symlink if there is one, else the pty slave."""
        return str(self._link) if self._link is not None else self._slave_path

    def start(self) -> IoBoardSimulator:
        self._open_pty()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        self._close_pty()
        os.close(self._wake_r)
        os.close(self._wake_w)

    def __enter__(self) -> IoBoardSimulator:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    # --- faults ------------------------------------------------------------------------------
    def corrupt_next_checksum(self, times: int = 1) -> None:
        with self._lock:
            self._corrupt = times

    def tamper_next_replies(self, *changes: Callable[[bytes], bytes]) -> None:
        """The next replies (one change each, in order) are rewritten before framing: the
        checksum is computed over the changed payload, so the master sees a valid frame."""
        with self._lock:
            self._tamper.extend(changes)

    def noise_before_next_reply(self, noise: bytes = b"\x55\x00\xe0\x01\x07\xd0") -> None:
        with self._lock:
            self._noise = noise

    def answer_late(self, seconds: float) -> None:
        """The next reply goes out ``seconds`` after its request; until then the board
        hears nothing (requests are dropped), like a board busy booting."""
        with self._lock:
            self._late = seconds

    def delay_next_replies(self, *seconds: float) -> None:
        """The next replies (one delay each, in order) reach the master that much later,
        while the board goes on hearing and answering: a USB adapter holding received bytes
        for its latency timer. Bytes keep their order, so later replies queue behind."""
        with self._lock:
            self._delays.extend(seconds)
        self._wake()

    def unplug(self) -> None:
        """Close the pty (the master's reads and writes fail) and wait until it is gone."""
        self._unplugged.clear()
        self._want_plugged = False
        self._wake()
        self._unplugged.wait(timeout=2)

    def replug(self) -> None:
        """A new pty; with ``link`` the symlink points at it, as after a USB re-enumeration."""
        self._plugged.clear()
        self._want_plugged = True
        self._wake()
        self._plugged.wait(timeout=2)

    # --- the thread --------------------------------------------------------------------------
    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo and no line discipline before the master opens it
        os.set_blocking(master, False)
        self._fds = (master, slave)
        self._slave_path = os.ttyname(slave)
        self._parser = FrameParser()
        if self._link is not None:
            tmp = self._link.with_name(self._link.name + ".new")
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            tmp.symlink_to(self._slave_path)
            tmp.replace(self._link)
        self._plugged.set()

    def _close_pty(self) -> None:
        if self._fds is None:
            return
        if self._link is not None:
            with contextlib.suppress(FileNotFoundError):
                self._link.unlink()
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds = None
        self._on_the_way.clear()
        self._unplugged.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._want_plugged and self._fds is None:
                self._open_pty()
            elif not self._want_plugged and self._fds is not None:
                self._close_pty()
            watch = [self._wake_r] + ([self._fds[0]] if self._fds else [])
            wait = 0.5
            if self._held is not None:
                wait = max(0.0, min(wait, self._held[0] - time.monotonic()))
            if self._on_the_way:
                wait = max(0.0, min(wait, self._on_the_way[0][0] - time.monotonic()))
            ready, _, _ = select.select(watch, [], [], wait)
            if self._held is not None and time.monotonic() >= self._held[0]:
                _, board, payload = self._held
                self._held = None
                self._reply(board, payload)
            if self._wake_r in ready:
                os.read(self._wake_r, 64)
            self._deliver()
            if self._fds is not None and self._fds[0] in ready:
                try:
                    data = os.read(self._fds[0], 4096)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    continue
                for event in self._parser.feed(data):
                    try:
                        self._handle(event)
                    except Exception as exc:  # keep serving; a test sees the count
                        self.errors.append(f"{type(exc).__name__}: {exc}")

    def _handle(self, event: Frame | BadChecksum) -> None:
        self.requests.append((event.dest, event.payload))
        if self.silent or self._held is not None:
            return
        if isinstance(event, BadChecksum):
            self.bad_requests += 1
            for board in self._addressed(event.dest):
                if self.quirks != "openjvs":  # OpenJVS: no reply (OpenJVS jvs.c)
                    self._reply(board, bytes((Status.CHECKSUM_ERROR,)))
            return
        payload = event.payload
        if event.dest == BROADCAST:
            self._broadcast(payload)
            return
        for board in self._addressed(event.dest):
            if payload[:1] == bytes((Cmd.RETRANSMIT,)) and board.last_reply is not None:
                self._reply(board, board.last_reply, retransmit=True)
                continue
            answer = board.answer(payload)
            if answer is not None:
                self._reply(board, answer)

    def _addressed(self, dest: int) -> list[SimBoard]:
        return [b for b in self.boards if b.address is not None and b.address == dest]

    def _broadcast(self, payload: bytes) -> None:
        if payload[:1] == bytes((Cmd.SET_ADDRESS,)):
            board = self._address_taker()
            if board is not None:
                answer = board.answer(payload)
                if answer is not None:
                    self._reply(board, answer)
            return
        for board in self.boards:
            board.answer(payload)  # reset / comm change: every board, no reply (JVS-TR)

    def _address_taker(self) -> SimBoard | None:
        """The board a Set Address broadcast reaches, or None."""
        if self.address_once:
            # Source: JVS-TR §2: a board acts on Set Address only when every board after it
            # in the chain already has an address (its downstream sense is low).
            for index in range(len(self.boards) - 1, -1, -1):
                board = self.boards[index]
                downstream_done = all(b.address is not None for b in self.boards[index + 1 :])
                if board.address is None and downstream_done:
                    return board
            return None
        # Source: MAME jvsdev.cpp jvs_device::message: the broadcast is passed on while the
        # next board has no address; the board that keeps it takes it, addressed or not.
        for index, board in enumerate(self.boards):
            following = self.boards[index + 1] if index + 1 < len(self.boards) else None
            if following is None or following.address is not None:
                return board
        return None

    def _reply(self, board: SimBoard, payload: bytes, *, retransmit: bool = False) -> None:
        if self._fds is None:
            return
        with self._lock:
            late, self._late = self._late, 0.0
        if late > 0:
            self._held = (time.monotonic() + late, board, payload)
            return
        if self.quirks == "openjvs" and retransmit:
            # OpenJVS bumps the saved length in place on every send, so each retransmit
            # is one 00 byte longer than the send before (OpenJVS jvs.c).
            board.last_reply = payload + b"\x00"
            payload = board.last_reply
        elif not retransmit:
            board.last_reply = payload
        with self._lock:
            noise, self._noise = self._noise, b""
            corrupt = self._corrupt > 0
            self._corrupt = max(0, self._corrupt - 1)
            tamper = self._tamper.popleft() if self._tamper else None
        if tamper is not None:
            payload = tamper(payload)
        if corrupt:
            body = bytes((MASTER, len(payload) + 1)) + payload
            wire = bytes((SYNC,)) + escape(body + bytes(((checksum(body) + 1) & 0xFF,)))
        else:
            wire = encode(MASTER, payload)
        with self._lock:
            delay = self._delays.popleft() if self._delays else 0.0
        if delay > 0 or self._on_the_way:
            arrives = time.monotonic() + delay
            if self._on_the_way:
                arrives = max(arrives, self._on_the_way[-1][0])
            self._on_the_way.append((arrives, noise + wire))
            return
        with contextlib.suppress(OSError):
            os.write(self._fds[0], noise + wire)

    def _deliver(self) -> None:
        """Write the delayed replies whose time has come."""
        while self._on_the_way and self._on_the_way[0][0] <= time.monotonic():
            _, wire = self._on_the_way.popleft()
            if self._fds is not None:
                with contextlib.suppress(OSError):
                    os.write(self._fds[0], wire)
