"""The attract-mode demo player for TGM3: TAP's closed-loop stacking bot (games/arika/demo.py)
planning with the gravity of the speed level (displayed level + 100 a COOL) and with the
rule the player plays: Classic plans with ARS shapes and kicks, World with SRS shapes and
kicks (every SRS state is a place of its own). It never holds; the Ti kicks only widen
what it can reach."""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from games.arika.demo import ARS_PLAN, Bot, Plan
from games.arika.demo import demo_inputs as arika_demo_inputs
from games.arika.player import ArikaPlayer
from games.ti.rules import world as srs


def srs_kick(bits: int, kind: int, state: int, turned: int, x: int,
             y: int) -> tuple[int, int] | None:
    """The World rule's turn (SRS kicks with Arika's I kicks), without the flag."""
    kicked = srs.srs_rotate(bits, kind, state, turned, x, y)
    return None if kicked is None else (kicked[0], kicked[1])


WORLD_PLAN = Plan(srs.SRS, srs_kick, halves_alike=False)


class TiBot(Bot):
    def gravity_at(self, p: ArikaPlayer, level: int) -> int:
        bonus = int(getattr(p, "speed_bonus", 0))
        return p.rules.gravity_at(min(level + bonus, 999))

    def plan(self, p: ArikaPlayer) -> Plan:
        return WORLD_PLAN if getattr(p, "world", False) else ARS_PLAN


def demo_inputs(session: object, index: int = 0) -> Iterator[InputFrame]:
    """Endless closed-loop inputs for player ``index`` of a TGM3 session: on the board it
    plays as a guest (Start at the account entry) and takes the highlighted mode."""
    play = arika_demo_inputs(session, index, TiBot())
    tap = False
    while True:
        choosing = (getattr(session, "logins", [None, None])[index] is not None
                    or getattr(session, "cursor", [None, None])[index] is not None)
        if choosing:
            tap = not tap
            pi = PlayerInput(start=tap)
            yield InputFrame(p1=pi) if index == 0 else InputFrame(p2=pi)
        else:
            yield next(play)
