"""The Shirase mode's entry for games/ti/modes.py: 20G to level 1300, rising garbage,
the torikans and the BIG roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.arika.player import ArikaPlayer
from games.ti import rule_choice
from games.ti.modes import TiMode
from games.ti.rules import shirase
from games.ti.rules.bag import TiBag
from games.ti.rules.decisions import MODE_DECISIONS


def _player(index: int, settings: Mapping[str, Any], seed: int) -> ArikaPlayer:
    return shirase.ShirasePlayer(index, shirase.shirase_rules(), seed, pieces=TiBag(seed))


def _document() -> dict[str, object]:
    return {
        "garbage_quota": {f"{s}00": q for s, q in shirase.GARBAGE_QUOTA.items()},
        "bone_level": shirase.BONE_LEVEL,
        "torikans": [{"level": lv, "classic_frames": c, "world_frames": w}
                     for lv, c, w in shirase.TORIKANS],
        "regret_frames": shirase.REGRET_FRAMES,
        "big_roll_at": shirase.GOAL,
    }


def mode() -> TiMode:
    return TiMode(shirase.RULES_ID, "SHIRASE", shirase.shirase_rules(), _player, _document,
                  decisions=MODE_DECISIONS, settings=rule_choice.SETTINGS,
                  check=rule_choice.check)
