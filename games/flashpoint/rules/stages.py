"""Stage layouts: the text format, its parser and the starting field of a stage.

The format (documented in games/flashpoint/README.md): a header line ``stage N: title`` per
stage, then its rows top first, the last row being row 1 at the bottom of the well; ``.`` is
empty, ``#`` a block, ``*`` a flashing block. Blank lines and lines starting with ``;`` are
ignored. A file holds stages 1 to 100 in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.field import Field
from engine.rotation import FIELD_HEIGHT, FIELD_WIDTH
from games.flashpoint.rules.tables import STAGE_COUNT

EMPTY, BLOCK, FLASH = ".", "#", "*"

# A stage block's colour value (grey) and the flag a flashing cell carries in its value.
BLOCK_CELL = 8
FLASH_BIT = 0x100

# The falling piece needs the top rows free: a layout may be at most this tall (rows 19-20,
# where pieces appear, stay empty).
MAX_ROWS = FIELD_HEIGHT - 2


class StageFileError(ValueError):
    """One line naming the stage and the row (``line L: stage S, row R: ...``)."""


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


def _header(line: str, lineno: int, expected: int) -> tuple[int, str]:
    head, _, title = line.partition(":")
    words = head.split()
    if len(words) != 2 or words[0].lower() != "stage" or not words[1].isdigit():
        raise StageFileError(
            f"line {lineno}: stage {expected}: expected a header 'stage {expected}: title', "
            f"not {line[:30]!r}"
        )
    number = int(words[1])
    if number != expected:
        raise StageFileError(
            f"line {lineno}: stage {number}: stages must come in order, expected stage "
            f"{expected}"
        )
    return number, title.strip()


def _check_stage(number: int, title: str, rows: list[tuple[int, str]]) -> Stage:
    if not rows:
        raise StageFileError(f"stage {number}: no rows")
    if len(rows) > MAX_ROWS:
        lineno = rows[0][0]
        raise StageFileError(
            f"line {lineno}: stage {number}, row {len(rows)}: {len(rows)} rows, at most "
            f"{MAX_ROWS} (the top two rows stay free)"
        )
    height = len(rows)
    for i, (lineno, text) in enumerate(rows):
        row = height - i
        where = f"line {lineno}: stage {number}, row {row}"
        bad = sorted({ch for ch in text if ch not in (EMPTY, BLOCK, FLASH)})
        if bad:
            raise StageFileError(f"{where}: unknown cell {bad[0]!r} (use . # *)")
        if len(text) != FIELD_WIDTH:
            raise StageFileError(f"{where}: {len(text)} cells, a row has {FIELD_WIDTH}")
        if EMPTY not in text:
            raise StageFileError(f"{where}: the row is full (it needs an empty cell)")
    stage = Stage(number, title, tuple(text for _, text in rows))
    if not stage.flashing:
        raise StageFileError(f"line {rows[0][0]}: stage {number}: no flashing cell '*'")
    return stage


def parse_stages(text: str, count: int = STAGE_COUNT) -> tuple[Stage, ...]:
    """Stages 1..``count`` from ``text``; StageFileError (one line) for the first problem."""
    stages: list[Stage] = []
    current: tuple[int, str] | None = None
    rows: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line[0] in (EMPTY, BLOCK, FLASH) or (current is not None and not line[0].isalpha()):
            if current is None:
                raise StageFileError(f"line {lineno}: a row before the first 'stage 1:' header")
            rows.append((lineno, line))
            continue
        if current is not None:
            stages.append(_check_stage(*current, rows))
        if len(stages) == count:
            raise StageFileError(f"line {lineno}: stage {count + 1}: more than {count} stages")
        current = _header(line, lineno, len(stages) + 1)
        rows = []
    if current is not None:
        stages.append(_check_stage(*current, rows))
    if len(stages) != count:
        raise StageFileError(
            f"stage {len(stages) + 1}: missing (the file has {len(stages)} stages, the game "
            f"{count})"
        )
    return tuple(stages)
