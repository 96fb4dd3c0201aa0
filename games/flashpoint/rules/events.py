"""Event kinds Flash Point adds to the common loop's (engine/events.py)."""

from __future__ import annotations

STAGE_SELECT = "stage_select"  # value: the first stage offered (the select screen opened)
CHOICE_OPEN = "choice_open"  # value: the stage just cleared (the next-stage choice opened)
CURSOR = "cursor"  # value: the stage now under the cursor (select or choice)
STAGE_START = "stage_start"  # value: the stage whose layout is now in the well
FLASH_GONE = "flash_gone"  # value: flashing cells removed by the clear that just collapsed
STAGE_CLEAR = "stage_clear"  # value: the stage cleared
BONUS = "bonus"  # value: the bonus points added on the clear
CLEAR_ROUND = "clear_round"  # value: the stage given up with button 3 (Clear Round)
TWO_CELL = "two_cell"  # 2 Cell Move began: gravity is 2 rows every frame from now on

FLASHPOINT_EVENTS = frozenset({
    STAGE_SELECT, CHOICE_OPEN, CURSOR, STAGE_START, FLASH_GONE, STAGE_CLEAR, BONUS,
    CLEAR_ROUND, TWO_CELL,
})
