"""Stage layouts: the text format, its parser and the starting field of a stage.

The format (documented in games/flashpoint/README.md) is the shared one of
engine/stage_text.py: ``stage N: title`` headers, rows top first, the last row being row 1
at the bottom of the well; ``.`` is empty, ``#`` a block, ``*`` a flashing block (each
stage needs one). A file holds stages 1 to 100 in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.field import FIELD_HEIGHT, FIELD_WIDTH, Field
from engine.stage_text import StageFileError as StageFileError
from engine.stage_text import StageSource, check_rows, split_stages
from games.flashpoint.rules.tables import STAGE_COUNT

EMPTY, BLOCK, FLASH = ".", "#", "*"
CELLS = EMPTY + BLOCK + FLASH

# A stage block's colour value (grey) and the flag a flashing cell carries in its value.
BLOCK_CELL = 8
FLASH_BIT = 0x100

# The falling piece needs the top rows free: a layout may be at most this tall (rows 19-20,
# where pieces appear, stay empty).
MAX_ROWS = FIELD_HEIGHT - 2


@dataclass(frozen=True)
class Stage:
    number: int
    title: str
    rows: tuple[str, ...]  # top first; the last one is row 1

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def flashing(self) -> int:
        return sum(row.count(FLASH) for row in self.rows)

    @property
    def blocks(self) -> int:
        return sum(len(row) - row.count(EMPTY) for row in self.rows)

    def field(self) -> Field:
        """The well at the start of the stage."""
        field = Field()
        for r, line in enumerate(reversed(self.rows)):
            for c, ch in enumerate(line):
                if ch == BLOCK:
                    field.set(r, c, BLOCK_CELL)
                elif ch == FLASH:
                    field.set(r, c, BLOCK_CELL | FLASH_BIT)
        return field

    def text(self) -> str:
        header = f"stage {self.number}: {self.title}".rstrip(": ")
        return "\n".join((header, *self.rows))


def flashing_cells(field: Field) -> int:
    """How many flashing cells the well holds."""
    return sum(1 for row in field.cells for value in row if value & FLASH_BIT)


def _check_stage(source: StageSource) -> Stage:
    rows = check_rows(source, FIELD_WIDTH, MAX_ROWS, CELLS)
    stage = Stage(source.number, source.title, rows)
    if not stage.flashing:
        raise StageFileError(f"line {source.rows[0][0]}: stage {stage.number}: no flashing "
                             "cell '*'")
    return stage


def parse_stages(text: str, count: int = STAGE_COUNT) -> tuple[Stage, ...]:
    """Stages 1..``count`` from ``text``; StageFileError (one line) for the first problem."""
    return tuple(_check_stage(source) for source in split_stages(text, count, CELLS))
