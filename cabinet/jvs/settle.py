"""Whether a coin decrement whose reply went missing was done, from the board's last reply.

A decrement packet (switches, coins, 0x30 per slot, coins again) whose reply is lost, late or
damaged leaves the master not knowing whether the board took the coins off. The count alone
cannot say: a coin landing in the same poll hides the decrement. The board keeps its last
reply and sends it again for 0x2F (JVS-TR §4.3.18) as long as no other request reaches it,
so the master asks only 0x2F until the answer says which:

- the decrement packet's own shape with every answer normal: the board did it;
- the shape of the plain poll before it, twice in a row: the packet never reached the board
  (a late reply to that poll is drained before each ask, and must not pass for it twice);
- anything else (silence, damage, a refusal, a lone status byte that may answer our 0x2F
  rather than the packet): not settled, ask again. If the link drops first, the ledger's
  doubt (cabinet/jvs/coins.py) settles it from the counts as before.

Line errors cannot fake a shape: they change bytes, not a frame's length.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cabinet.decisions import JVS_DECISIONS
from cabinet.jvs.codes import Status
from cabinet.jvs.commands import Command, split_reply


class Verdict(Enum):
    DONE = "done"
    NOT_RECEIVED = "not received"
    UNKNOWN = "unknown"


NOT_RECEIVED_ANSWERS: int = JVS_DECISIONS["decrement_not_received_answers"].value


@dataclass
class Unsettled:
    """A decrement packet in doubt: its commands, the plain poll's commands before it, and
    the (slot, amount) pairs it carried."""

    asks: tuple[Command, ...]
    plain: tuple[Command, ...]
    decrements: tuple[tuple[int, int], ...]
    plain_answers: int = 0

    def judge(self, payload: bytes | None) -> Verdict:
        """The verdict from one 0x2F answer (its payload, None when none came)."""
        if payload is not None:
            packet = split_reply(payload, self.asks)
            if packet.status == Status.NORMAL and packet.exact:
                return Verdict.DONE
            before = split_reply(payload, self.plain)
            if before.status == Status.NORMAL and before.exact:
                self.plain_answers += 1
                if self.plain_answers >= NOT_RECEIVED_ANSWERS:
                    return Verdict.NOT_RECEIVED
                return Verdict.UNKNOWN
        self.plain_answers = 0
        return Verdict.UNKNOWN
