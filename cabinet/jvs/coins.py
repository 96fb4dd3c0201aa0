"""Coin bookkeeping against the board's coin counters (ref §1.8).

The board counts coins; the master turns each new count into coin edges exactly once and,
after the game has taken those edges, sends 0x30 to take them off the board's counter. A
coin inserted while the game (or the link) is busy is still on the counter later.
"""

from __future__ import annotations


class CoinLedger:
    """Per coin chute: ``known`` coins on the board counter already turned into edges,
    ``unread`` edges the game has not taken yet, ``owed`` coins the game took that the board
    still counts (to decrement), ``doubt`` a decrement whose reply was lost.
    """

    def __init__(self, chutes: int = 2) -> None:
        self.known = [0] * chutes
        self.unread = [0] * chutes
        self.owed = [0] * chutes
        self.doubt = [0] * chutes

    def take_edges(self) -> tuple[int, ...]:
        """Hand the waiting edges to the game; they become owed to the board."""
        edges = tuple(self.unread)
        for i, n in enumerate(edges):
            self.owed[i] += n
            self.unread[i] = 0
        return edges

    def decrements(self) -> list[tuple[int, int]]:
        """(slot, amount) to send now; slots start at 1 (ref §1.5)."""
        return [
            (i + 1, min(owed, known))
            for i, (owed, known, doubt) in enumerate(
                zip(self.owed, self.known, self.doubt, strict=True)
            )
            if doubt == 0 and min(owed, known) > 0
        ]

    def observe(self, counts: tuple[int, ...] | list[int]) -> None:
        """The counts a poll read (the 0x21 answer comes before the 0x30 in the packet)."""
        for i, count in enumerate(counts[: len(self.known)]):
            if self.doubt[i]:
                # A lost reply hid whether the board did the decrement. The count only goes
                # down by a decrement, so a lower count says it did. decision: a coin that
                # arrives in that same poll is counted as if the decrement had not happened.
                if count < self.known[i]:
                    self.confirm(i + 1, self.doubt[i])
                self.doubt[i] = 0
            if count > self.known[i]:
                self.unread[i] += count - self.known[i]
            elif count < self.known[i]:
                # The board lost its count (power cycle without backup): nothing to take off.
                self.owed[i] = min(self.owed[i], count)
            self.known[i] = count

    def confirm(self, slot: int, amount: int) -> None:
        """The board acknowledged a decrement of `amount` on `slot`."""
        i = slot - 1
        self.known[i] = max(0, self.known[i] - amount)
        self.owed[i] = max(0, self.owed[i] - amount)

    def lost(self, slot: int, amount: int) -> None:
        """The reply to a packet carrying this decrement never arrived."""
        self.doubt[slot - 1] = amount
