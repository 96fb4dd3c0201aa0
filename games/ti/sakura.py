"""The Sakura mode's entry for games/ti/modes.py: the stage puzzle on the stages in play
(the built-in set, or the operator's file: games/ti/stagefile.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.arika.player import ArikaPlayer
from games.arika.randomizer import PieceDealer
from games.ti import rule_choice
from games.ti.modes import TiMode
from games.ti.rules import sakura
from games.ti.rules.decisions import MODE_DECISIONS
from games.ti.stagefile import active_stages


def _player(index: int, settings: Mapping[str, Any], seed: int) -> ArikaPlayer:
    return sakura.SakuraPlayer(index, sakura.sakura_rules(), seed, active_stages())


def _dealer(seed: int) -> PieceDealer:
    """Stage 1's pieces: every stage deals its own fixed sequence (seed unused)."""
    return sakura.stage_sequence(active_stages()[0].number)


def _document() -> dict[str, object]:
    return {
        "stages": [{"number": s.number, "title": s.title, "jewels": s.jewels,
                    "effects": sorted(s.effects), "ex": s.ex} for s in active_stages()],
        "start_frames": sakura.START_FRAMES,
        "stage_limit_frames": sakura.STAGE_LIMIT_FRAMES,
        "fast_bonuses": [list(b) for b in sakura.FAST_BONUSES],
        "skip": {"hold_frames": sakura.SKIP_HOLD_FRAMES,
                 "penalty_frames": sakura.SKIP_PENALTY_FRAMES},
        "stage_20_bonus": sakura.STAGE_20_BONUS,
        "ex_all_within": sakura.EX_ALL_WITHIN,
    }


def mode() -> TiMode:
    return TiMode(sakura.RULES_ID, "SAKURA", sakura.sakura_rules(), _player, _document,
                  decisions=MODE_DECISIONS, dealer=_dealer, settings=rule_choice.SETTINGS,
                  check=rule_choice.check)
