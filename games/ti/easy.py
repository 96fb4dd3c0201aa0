"""The Easy mode's entry for games/ti/modes.py: 200 levels and fireworks (hanabi)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.arika.player import ArikaPlayer
from games.ti import rule_choice
from games.ti.modes import TiMode
from games.ti.rules import easy
from games.ti.rules.bag import TiBag
from games.ti.rules.decisions import MODE_DECISIONS
from games.ti.rules.player import TiPlayer


def _player(index: int, settings: Mapping[str, Any], seed: int) -> ArikaPlayer:
    return TiPlayer(index, easy.easy_rules(), seed, pieces=TiBag(seed))


def _document() -> dict[str, object]:
    return {
        "guide_below": easy.GUIDE_BELOW,
        "hanabi": {
            "base_by_lines": list(easy.HANABI_BASE),
            "combo_step_tenths": easy.COMBO_STEP_TENTHS,
            "combo_max_tenths": easy.COMBO_MAX_TENTHS,
            "quick_frames": easy.QUICK_FRAMES, "quick_tenths": easy.QUICK_TENTHS,
            "roll_tenths": easy.ROLL_TENTHS, "bravo_bonus": easy.BRAVO_BONUS,
            "roll_survived_bonus": easy.ROLL_SURVIVED_BONUS,
        },
    }


def mode() -> TiMode:
    return TiMode(easy.RULES_ID, "EASY", easy.easy_rules(), _player, _document,
                  decisions=MODE_DECISIONS, settings=rule_choice.SETTINGS,
                  check=rule_choice.check)
