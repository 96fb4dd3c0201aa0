"""Flash Point's stage files: the built-in set (games/flashpoint/stages.txt) and an operator's own
file in the same format. A bad operator file gives one error line and the built-in set."""

from __future__ import annotations

from games.flashpoint.rules.stages import Stage, parse_stages
from games.stage_files import StageSet

STAGES: StageSet[tuple[Stage, ...]] = StageSet("flashpoint/stages.txt", parse_stages)
builtin_stages = STAGES.builtin
load_stages = STAGES.load
use_stage_file = STAGES.use  # cabinet.toml [games.flashpoint] stages
active_stages = STAGES.active
