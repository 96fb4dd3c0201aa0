"""The attract-mode demo player for TGM3: TAP's closed-loop stacking bot (games/tap/demo.py)
planning with the gravity of the speed level (displayed level + 100 a COOL). It never
holds; the Ti kicks only widen what it can reach."""

from __future__ import annotations

from collections.abc import Iterator

from engine.arika.player import ArikaPlayer
from engine.inputs import InputFrame
from games.tap.demo import Bot
from games.tap.demo import demo_inputs as arika_demo_inputs


class TiBot(Bot):
    def gravity_at(self, p: ArikaPlayer, level: int) -> int:
        bonus = int(getattr(p, "speed_bonus", 0))
        return p.rules.gravity_at(min(level + bonus, 999))


def demo_inputs(session: object, index: int = 0) -> Iterator[InputFrame]:
    """Endless closed-loop inputs for player ``index`` of a TGM3 session."""
    return arika_demo_inputs(session, index, TiBot())
