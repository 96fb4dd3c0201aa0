"""Flash Point's rules: pure and deterministic (engine/ and the standard library only)."""

from games.flashpoint.rules.ruleset import FLASHPOINT, FLASHPOINT_ID, RULES_VERSION
from games.flashpoint.rules.session import FlashPointGame, FlashSettings
from games.flashpoint.rules.stages import Stage, StageFileError, parse_stages

__all__ = [
    "FLASHPOINT",
    "FLASHPOINT_ID",
    "RULES_VERSION",
    "FlashPointGame",
    "FlashSettings",
    "Stage",
    "StageFileError",
    "parse_stages",
]
