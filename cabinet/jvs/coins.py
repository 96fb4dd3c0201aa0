"""Coin bookkeeping against the board's coin counters (JVS-TR §4.3.11).

The board counts coins; the master turns each new count into coin edges exactly once and,
after the game has taken those edges, sends 0x30 to take them off the board's counter. A
coin inserted while the game (or the link) is busy is still on the counter later.

A reply can be wrong and still pass the 8-bit sum: two bit errors that cancel out in the
sum (JVS-TR §3.1 defines SUM as a plain byte sum) turned a count of 0 into 16128. So a
count is believed only when two good polls in a row read it, with no failed poll between; a
count that rose further than a coin mech can deliver since the last good read, or went
backwards without a decrement, is a line error (reported to the caller to log and count)
and is believed only after IMPLAUSIBLE_READS good polls in a row read it; and a believed
rise is credited no faster than a coin mech can deliver coins. A decrement is only ever
sent for coins the game has taken, so a wrong count never takes real coins off the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from cabinet.decisions import JVS_DECISIONS

# The most coins a chute delivers a second, and the coins credited at once after a quiet
# spell: cabinet/decisions.py JVS_DECISIONS, with their sources.
COINS_PER_SECOND_MAX: float = JVS_DECISIONS["coins_per_second_max"].value
COIN_BURST: float = JVS_DECISIONS["coin_burst"].value
IMPLAUSIBLE_READS: int = JVS_DECISIONS["implausible_reads"].value


class CoinLedger:
    """Per coin chute: ``known`` coins on the board counter already turned into edges,
    ``unread`` edges the game has not taken yet, ``owed`` coins the game took that the board
    still counts (to decrement), ``doubt`` a decrement whose reply was lost.

    Behind those: ``trusted`` is the last count the reads agreed on (None before the first),
    ``last_read`` the previous raw read, ``streak`` how many good polls in a row read it,
    ``tokens`` the coins the rate limit lets through now.
    """

    def __init__(
        self,
        chutes: int = 2,
        *,
        rate: float = COINS_PER_SECOND_MAX,
        burst: float = COIN_BURST,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.known = [0] * chutes
        self.unread = [0] * chutes
        self.owed = [0] * chutes
        self.doubt = [0] * chutes
        self.trusted: list[int | None] = [None] * chutes
        self.last_read: list[int | None] = [None] * chutes
        self.streak = [0] * chutes
        self.tokens = [burst] * chutes
        self._seen_at: list[float | None] = [None] * chutes  # last read that matched trusted
        self._refilled_at: list[float | None] = [None] * chutes

    def take_edges(self) -> tuple[int, ...]:
        """Hand the waiting edges to the game; they become owed to the board."""
        edges = tuple(self.unread)
        for i, n in enumerate(edges):
            self.owed[i] += n
            self.unread[i] = 0
        return edges

    def decrements(self) -> list[tuple[int, int]]:
        """(slot, amount) to send now; slots start at 1 (JVS-TR, command 30). Only coins the
        game took (``owed``) are ever taken off, and never while a lost reply leaves a doubt."""
        return [
            (i + 1, min(owed, known))
            for i, (owed, known, doubt) in enumerate(
                zip(self.owed, self.known, self.doubt, strict=True)
            )
            if doubt == 0 and min(owed, known) > 0
        ]

    def restart(self) -> None:
        """A new connection or a poll without a good reply: the next count is believed only
        when the read after it agrees (two good polls in a row, nothing failed between)."""
        self.last_read = [None] * len(self.last_read)
        self.streak = [0] * len(self.streak)

    def observe(self, counts: Sequence[int | None], now: float) -> list[str]:
        """The counts one poll read (the 0x21 answer comes before the 0x30 in the packet),
        at time `now` in seconds; None for a slot whose condition was not normal (jam,
        counter disconnected, busy: JVS-TR §4.3.11), which is no reading and breaks the pair.
        Returns a line-error description per implausible count."""
        errors: list[str] = []
        for i, count in enumerate(counts[: len(self.known)]):
            self._refill(i, now)
            previous, self.last_read[i] = self.last_read[i], count
            self.streak[i] = self.streak[i] + 1 if count is not None and count == previous else 1
            if count is None:
                continue
            trusted = self.trusted[i]
            if count == trusted and not self.doubt[i]:
                self._seen_at[i] = now
                self._credit(i)
                continue
            plausible = trusted is None or self._plausible(i, count, now)
            if self.streak[i] == 1 and not plausible:
                errors.append(self._describe(i, count))
            if self.streak[i] >= (2 if plausible else IMPLAUSIBLE_READS):
                self._believe(i, count, now)
        return errors

    def confirm(self, slot: int, amount: int) -> None:
        """The board acknowledged a decrement of `amount` on `slot`."""
        i = slot - 1
        self.known[i] = max(0, self.known[i] - amount)
        self.owed[i] = max(0, self.owed[i] - amount)
        trusted, last = self.trusted[i], self.last_read[i]
        if trusted is not None:
            self.trusted[i] = max(0, trusted - amount)
        if last is not None:
            self.last_read[i] = max(0, last - amount)

    def lost(self, slot: int, amount: int) -> None:
        """The reply to a packet carrying this decrement never arrived."""
        self.doubt[slot - 1] = amount

    # --- inside ------------------------------------------------------------------------------
    def _believe(self, i: int, count: int, now: float) -> None:
        """Two reads in a row agree on `count`."""
        doubt, self.doubt[i] = self.doubt[i], 0
        trusted = self.trusted[i]
        if doubt and trusted is not None and count < trusted:
            # A lost reply hid whether the board did the decrement, and a reset took the
            # board's last reply (cabinet/jvs/settle.py) before it could say. The count only
            # goes down by a decrement, so a lower count says it did. decision: a coin that
            # arrives in that same poll is counted as if the decrement had not happened.
            self.known[i] = max(0, self.known[i] - doubt)
            self.owed[i] = max(0, self.owed[i] - doubt)
        if count < self.known[i]:
            # The board lost its count (power cycle without backup): nothing to take off.
            self.owed[i] = min(self.owed[i], count)
            self.known[i] = count
        self.trusted[i] = count
        self._seen_at[i] = now
        self._credit(i)

    def _credit(self, i: int) -> None:
        """Turn believed coins into edges, no faster than the rate limit lets them through."""
        trusted = self.trusted[i]
        if trusted is None or trusted <= self.known[i]:
            return
        coins = min(trusted - self.known[i], int(self.tokens[i]))
        self.tokens[i] -= coins
        self.known[i] += coins
        self.unread[i] += coins

    def _refill(self, i: int, now: float) -> None:
        last = self._refilled_at[i]
        if last is not None and now > last:
            self.tokens[i] = min(self.burst, self.tokens[i] + (now - last) * self.rate)
        self._refilled_at[i] = now

    def deliverable(self, seconds: float) -> int:
        """The most coins one chute can deliver in `seconds` (one may land right away)."""
        return 1 + int(max(0.0, seconds) * self.rate)

    def _plausible(self, i: int, count: int, now: float) -> bool:
        trusted = self.trusted[i]
        assert trusted is not None
        seen = self._seen_at[i]
        allowed = self.deliverable(now - seen if seen is not None else 0.0)
        bases = (trusted, trusted - self.doubt[i]) if self.doubt[i] else (trusted,)
        return any(0 <= count - base <= allowed for base in bases)

    def _describe(self, i: int, count: int) -> str:
        trusted = self.trusted[i]
        if trusted is not None and count < trusted - self.doubt[i]:
            what = "went backwards"
        else:
            what = "jumped further than a coin mech can deliver"
        return f"coin chute {i + 1} count {trusted} -> {count} {what}; re-reading"
