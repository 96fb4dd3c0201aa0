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

# The SW2 switch "Sakura EX" (games/ti/dips.py): the time within which 20 cleared stages
# offer all seven EX stages, the wiki's 5:00 or Heboris C.E.'s 5:20 (sakura.EX_WITHIN).
SETTINGS: dict[str, Any] = {**rule_choice.SETTINGS, "sakura_ex": "wiki"}


def _check(name: str, value: Any) -> str | None:
    if name == "sakura_ex" and value not in sakura.EX_WITHIN:
        return f"sakura_ex must be one of {', '.join(sakura.EX_WITHIN)}, not {value!r}"
    return rule_choice.check(name, value)


def _player(index: int, settings: Mapping[str, Any], seed: int) -> ArikaPlayer:
    within = sakura.EX_WITHIN[settings.get("sakura_ex", SETTINGS["sakura_ex"])]
    return sakura.SakuraPlayer(index, sakura.sakura_rules(), seed, active_stages(),
                               ex_within=within)


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
        "jewel_bonus": sakura.JEWEL_BONUS,
        "ex_all_within": dict(sakura.EX_WITHIN),
    }


def mode() -> TiMode:
    return TiMode(sakura.RULES_ID, "SAKURA", sakura.sakura_rules(), _player, _document,
                  decisions=MODE_DECISIONS, dealer=_dealer, settings=SETTINGS, check=_check)
