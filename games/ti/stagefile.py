"""Sakura's stage files: the built-in set (games/ti/sakura_stages.txt) and an operator's own
file in the same format. A bad operator file gives one error line and the built-in set."""

from __future__ import annotations

from games.stage_files import StageSet
from games.ti.rules.sakura import SakuraStage, parse_stages

STAGES: StageSet[tuple[SakuraStage, ...]] = StageSet("ti/sakura_stages.txt",
                                                      parse_stages)
builtin_stages = STAGES.builtin
load_stages = STAGES.load
use_stage_file = STAGES.use  # cabinet.toml [games.ti] sakura_stages
active_stages = STAGES.active
