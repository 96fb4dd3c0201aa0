"""The JVS master: bus initialisation, one combined poll per period, reconnecting.

Initialisation follows JVS-TR (reset, Set Address): reset twice, Set Address from 1, then
10-14 for every board. With a sense line, addresses go out until the line goes low.
Without one, exactly the configured number of boards get an address and no more: silence
cannot end enumeration, because OpenJVS (src/jvs/jvs.c) and MAME (jvsdev.cpp) boards answer
every Set Address, even when they have an address, and keep the last. The poll thread
sends switches + coins (+ coin decrement, + general outputs) in one packet and publishes
the freshest result for `JvsSource.read()`; a board that stops answering is reset and
addressed the same way.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Protocol

from cabinet.decisions import JVS_DECISIONS
from cabinet.jvs import commands as cmd
from cabinet.jvs.codes import BROADCAST, FIRST_SLAVE, LAST_SLAVE, CoinCondition, Status
from cabinet.jvs.coins import COIN_BURST, COINS_PER_SECOND_MAX, CoinLedger
from cabinet.jvs.commands import Command, Reply, split_reply
from cabinet.jvs.health import LinkHealth
from cabinet.jvs.info import BoardInfo, decode_bcd, decode_features, decode_text
from cabinet.jvs.inputs import CoinSlot, SwitchState, decode_coins, decode_switches
from cabinet.jvs.link import LinkDown, SerialLink
from cabinet.jvs.outputs import OutputQueue
from cabinet.jvs.settle import Unsettled, Verdict


class BusError(Exception):
    """Initialisation failed: no board answered, or the sense line never went low."""


class SenseInput(Protocol):
    def is_low(self) -> bool:
        """True when the master's sense input reads 0 V: every board has an address."""
        ...


@dataclass(frozen=True)
class Timing:
    """Bus timing. Values without a source are project decisions (JVS_DECISIONS)."""

    reset_gap: float = 0.010  # Source: JVS-TR §3.3 (NaokiS28 master: 10 ms between resets)
    settle: float = JVS_DECISIONS["settle_s"].value
    reply_timeout: float = JVS_DECISIONS["reply_timeout_s"].value
    address_tries: int = 3  # Source: JVS-TR §3.3 (NaokiS28 retries 3 times)
    poll_timeout: float = JVS_DECISIONS["poll_timeout_s"].value
    poll_period: float = JVS_DECISIONS["poll_period_s"].value
    failures_to_drop: int = JVS_DECISIONS["failures_to_drop"].value
    reconnect_interval: float = JVS_DECISIONS["reconnect_interval_s"].value
    coins_per_second: float = COINS_PER_SECOND_MAX  # cabinet/jvs/coins.py
    coin_burst: float = COIN_BURST  # cabinet/jvs/coins.py


# Source: JVS-TR §3.3: treat 31 addresses without the sense line going low as a bus error.
MAX_BOARDS = LAST_SLAVE - FIRST_SLAVE + 1
DEFAULT_BOARDS: int = JVS_DECISIONS["default_boards"].value


@dataclass(frozen=True)
class PollResult:
    switches: SwitchState
    coins: tuple[CoinSlot, ...]


class JvsMaster:
    """Synchronous bus operations (`connect`, `poll`) plus an optional poll thread."""

    def __init__(
        self,
        path: str,
        *,
        sense: SenseInput | None = None,
        boards: int = DEFAULT_BOARDS,
        timing: Timing | None = None,
    ) -> None:
        if not 1 <= boards <= MAX_BOARDS:
            raise ValueError(f"JVS boards must be 1-{MAX_BOARDS}, not {boards}")
        self.path = path
        self.sense = sense
        self.expected_boards = boards  # used without a sense line
        self.timing = timing or Timing()
        self.boards: list[BoardInfo] = []
        self.outputs = OutputQueue()
        self.coins = CoinLedger(rate=self.timing.coins_per_second, burst=self.timing.coin_burst)
        self.health = LinkHealth(path)
        self.polls = 0
        self.failed_polls = 0
        self._link: SerialLink | None = None
        self._lock = threading.Lock()
        self._held: frozenset[str] = frozenset()
        self._pressed: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        # True while the board's last reply is to a poll without extra commands, so a
        # resent (0x2F) reply without their answers says the board never got them.
        self._resend_safe = False
        self._unsettled: Unsettled | None = None  # a decrement whose reply went missing

    # --- synchronous API (jvs-probe uses these directly) -------------------------------------
    @property
    def link(self) -> SerialLink:
        if self._link is None:
            raise LinkDown(f"{self.path} is not open")
        return self._link

    def connect(self) -> list[BoardInfo]:
        """Open the port and run the whole initialisation sequence (JVS-TR §3.3)."""
        self.close()
        self._link = SerialLink(self.path)
        link = self._link
        for _ in range(2):  # Source: JVS-TR §3.3: reset twice, no reply expected
            link.send(BROADCAST, [cmd.reset()])
            time.sleep(self.timing.reset_gap)
        time.sleep(self.timing.settle)
        count = self._assign_addresses(link)
        self.boards = [self._identify(link, address) for address in range(1, count + 1)]
        self.outputs.resize(self.input_board.features.output_bytes)
        with self._lock:
            self.coins.restart()
            if self._unsettled is not None:
                # A reset loses the board's last reply: the counts settle it (the doubt).
                for slot, amount in self._unsettled.decrements:
                    self.coins.lost(slot, amount)
                self._unsettled = None
        self._resend_safe = False
        return self.boards

    @property
    def plan(self) -> str:
        """How enumeration ends, for the log."""
        if self.sense is not None:
            return "reset, then addresses until the sense line goes low"
        return f"reset, then {self.expected_boards} address(es), no sense line"

    def _assign_addresses(self, link: SerialLink) -> int:
        if self.sense is None:
            # Without a sense line nothing says where the chain ends: address exactly the
            # configured boards (each answer proves one more board took its address).
            for address in range(FIRST_SLAVE, FIRST_SLAVE + self.expected_boards):
                if not self._set_address(link, address):
                    if address == FIRST_SLAVE:
                        raise BusError(f"no JVS board answered on {self.path}")
                    raise BusError(
                        f"{address - 1} of {self.expected_boards} JVS boards answered "
                        f"on {self.path}"
                    )
            return self.expected_boards
        if self.sense.is_low():
            raise BusError(
                "sense line low before the first address (no board on the chain, or the "
                "adapter's CD pin reads the other way round)"
            )
        assigned = 0
        for address in range(FIRST_SLAVE, LAST_SLAVE + 1):
            if self.sense.is_low():
                return assigned
            if not self._set_address(link, address):
                break
            assigned += 1
        if assigned == 0:
            raise BusError(f"no JVS board answered on {self.path}")
        if not self.sense.is_low():
            raise BusError(f"sense line still high after {assigned} address(es)")
        return assigned

    def _set_address(self, link: SerialLink, address: int) -> bool:
        for _ in range(self.timing.address_tries):
            reply = link.transact(BROADCAST, [cmd.set_address(address)], self.timing.reply_timeout)
            if reply is not None and reply.answer(0) is not None:
                return True
        return False

    def _identify(self, link: SerialLink, address: int) -> BoardInfo:
        asks = [
            cmd.identify(),
            cmd.command_revision(),
            cmd.jvs_revision(),
            cmd.comm_version(),
            cmd.feature_check(),
        ]
        answers = []
        for ask in asks:  # one command per packet: a board that rejects one still answers 10
            reply = self._ask(link, address, [ask])
            answer = reply.answer(0) if reply is not None else None
            if answer is None:
                raise BusError(f"board {address} gave no answer to command {ask.code:02X}")
            answers.append(answer.data)
        return BoardInfo(
            address=address,
            id=decode_text(answers[0]),
            command_revision=decode_bcd(answers[1][0]),
            jvs_revision=decode_bcd(answers[2][0]),
            comm_version=decode_bcd(answers[3][0]),
            features=decode_features(answers[4]),
        )

    def _ask(self, link: SerialLink, address: int, commands: list[Command]) -> Reply | None:
        for _ in range(self.timing.address_tries):
            reply = link.transact(address, commands, self.timing.reply_timeout)
            if reply is not None:
                return reply
        return None

    @property
    def input_board(self) -> BoardInfo:
        """The board the panel is wired to: the first with switches (else address 1)."""
        if not self.boards:
            raise BusError("no board enumerated yet")
        return next((b for b in self.boards if b.features.players), self.boards[0])

    def poll(self, extra: list[Command] | None = None) -> tuple[PollResult, Reply] | None:
        """One combined switches + coins request to the input board (one packet per poll).

        None when no reply came, or the reply's status is not 01 (a status 03 reply says
        the board saw our request damaged; its data is not an answer), or the reply does not
        have the request's shape (a late reply to an earlier request): a line error.
        """
        board = self.input_board
        asks = self._plain_asks() + (extra or [])
        reply = self.link.transact(board.address, asks, self.timing.poll_timeout)
        result = self._read(reply)
        if result is None and extra and self._resend_safe:
            # The board may have run the extra commands even though its reply was lost or
            # damaged: its last reply, sent again, says whether it did.
            result = self._read(self.link.resend(board.address, asks, self.timing.poll_timeout))
        return result

    def _plain_asks(self) -> list[Command]:
        """Switches, then coins when the board has coin slots."""
        features = self.input_board.features
        asks = [cmd.switches(min(features.players, 2), features.switch_bytes)]
        if features.coin_slots:
            asks.append(cmd.coins(min(features.coin_slots, 2)))
        return asks

    def _read(self, reply: Reply | None) -> tuple[PollResult, Reply] | None:
        """The switches and coins of a poll reply, or None (see `poll`)."""
        board = self.input_board
        features = board.features
        if reply is None:
            return None
        if reply.status != Status.NORMAL:
            self.health.line_error(f"reply status {reply.status:02X} from node {board.address}")
            return None
        if not reply.exact:
            self.health.line_error(
                f"reply from node {board.address} does not fit the request (a late reply?)"
            )
            return None
        switch_answer = reply.answer(0)
        if switch_answer is None:
            return None
        players = min(features.players, 2)
        switches = decode_switches(switch_answer.data, players, features.switch_bytes)
        coin_answer = reply.answer(1) if features.coin_slots else None
        if features.coin_slots and coin_answer is None:
            return None
        coins = decode_coins(coin_answer.data) if coin_answer is not None else ()
        return PollResult(switches, coins), reply

    def close(self) -> None:
        if self._link is not None:
            self._link.close()
            self._link = None

    # --- the poll thread ---------------------------------------------------------------------
    def start(self) -> JvsMaster:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="jvs-master", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self.close()

    def status(self) -> str:
        return self.health.status()

    @property
    def alarm(self) -> str | None:
        return self.health.alarm

    def take(self) -> tuple[frozenset[str], frozenset[str], tuple[int, int]]:
        """Held controls, presses latched since the last take, coin edges (exactly once)."""
        with self._lock:
            pressed = frozenset(self._pressed)
            self._pressed.clear()
            edges = self.coins.take_edges()
            return self._held, pressed, (edges[0], edges[1])

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.health.connecting(self.plan)
                self.connect()
                board = self.input_board
                self.health.up(board.address, board.id)
                self._poll_loop()
            except (LinkDown, BusError) as exc:
                self._drop(str(exc))
            except Exception as exc:  # a bug must not kill the bus thread: show it, retry
                self._drop(f"internal error {type(exc).__name__}: {exc}")
            self._stop.wait(self.timing.reconnect_interval)

    def _drop(self, reason: str) -> None:
        """Link lost: inputs read as released until the board is back."""
        self.close()
        with self._lock:
            self._held = frozenset()
        if not self._stop.is_set():
            self.health.down(reason, self.timing.reconnect_interval)

    def _poll_loop(self) -> None:
        failures = 0
        next_poll = time.monotonic()
        while not self._stop.is_set():
            if self.step():
                failures = 0
            else:
                failures += 1
                self.failed_polls += 1
                if failures >= self.timing.failures_to_drop:
                    raise LinkDown(f"no answer to {failures} polls")
            next_poll += self.timing.poll_period
            delay = next_poll - time.monotonic()
            if delay > 0:
                self._stop.wait(delay)
            else:
                next_poll = time.monotonic()

    def step(self) -> bool:
        """One poll with the waiting coin decrements or output image; publishes switches
        and coin edges. False when the poll failed. While a decrement is unsettled, the
        step asks the board for its last reply instead (cabinet/jvs/settle.py)."""
        if self._unsettled is not None:
            return self._settle(self._unsettled)
        with self._lock:
            # Extra commands only go out right after a good plain poll (see `_resend_safe`).
            decrements = self.coins.decrements() if self._resend_safe else []
        plain = self._plain_asks()
        image = None
        if decrements:
            # The coins are read again after the 0x30s: the board's count after the
            # decrement, and a reply no other packet's reply has the shape of.
            extra = [cmd.coin_decrement(slot, amount) for slot, amount in decrements]
            extra.append(plain[-1])
        else:
            image = self.outputs.next() if self._resend_safe else None
            extra = [cmd.general_output1(image)] if image is not None else []
        result = self.poll(extra)
        self._resend_safe = result is not None and not extra
        if result is None:
            with self._lock:
                self.coins.restart()
                if decrements:
                    self._unsettled = Unsettled(
                        tuple(plain + extra), tuple(plain), tuple(decrements)
                    )
            return False
        self._publish(*result, decrements, len(plain))
        if image is not None:
            self.outputs.sent(image)
        return True

    def _settle(self, unsettled: Unsettled) -> bool:
        """One 0x2F ask about an unsettled decrement; True when its answer settled it."""
        timeout = self.timing.poll_timeout
        self.link.drain(timeout, timeout * 10)
        payload = self.link.last_reply_again(self.input_board.address, timeout)
        verdict = unsettled.judge(payload)
        if verdict is Verdict.UNKNOWN:
            return False
        self._unsettled = None
        if verdict is Verdict.NOT_RECEIVED:
            return False  # the coins stay owed; the decrement goes out again
        assert payload is not None
        result = self._read(split_reply(payload, unsettled.asks))
        assert result is not None  # judged DONE: normal status and the packet's shape
        self._publish(*result, list(unsettled.decrements), len(unsettled.plain))
        return True

    def _publish(
        self, poll: PollResult, reply: Reply, decrements: list[tuple[int, int]], first: int
    ) -> None:
        """Publish a good reply: switches, the coins before the decrements, the decrements
        (acknowledged: the reply has the packet's shape), the coins after them."""
        now = time.monotonic()
        with self._lock:
            self.polls += 1
            held = poll.switches.controls()
            self._pressed |= held - self._held
            self._held = held
            errors = self.coins.observe(_counts(poll.coins), now)
            for slot, amount in decrements:
                self.coins.confirm(slot, amount)
            after = reply.answer(first + len(decrements)) if decrements else None
            if after is not None:
                errors += self.coins.observe(_counts(decode_coins(after.data)), now)
        for error in errors:
            self.health.line_error(error)


def _counts(slots: tuple[CoinSlot, ...]) -> list[int | None]:
    """Each slot's count, or None when its condition is not normal (no reading)."""
    return [s.count if s.condition == CoinCondition.NORMAL else None for s in slots]


__all__ = ["DEFAULT_BOARDS", "BusError", "JvsMaster", "PollResult", "SenseInput", "Timing"]
