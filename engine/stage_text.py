"""The stage-file text format the puzzle games share: a header line ``stage N: title`` per
stage, then its rows top first (the last row is row 1, the bottom of the well), one
character a cell. Blank lines and lines starting with ``;`` are ignored. A file holds
stages 1 to ``count`` in order. Each game checks its own cell alphabet and rules on top.

Errors are one line naming the file line, the stage and the row (``StageFileError``).
"""

from __future__ import annotations

from dataclasses import dataclass


class StageFileError(ValueError):
    """One line naming the stage and the row (``line L: stage S, row R: ...``)."""


@dataclass(frozen=True)
class StageSource:
    """One stage as written: its header's number and title, its rows with line numbers."""

    number: int
    title: str
    rows: tuple[tuple[int, str], ...]  # (file line, text), top first
    line: int  # the header's line

    def where(self, i: int) -> str:
        """``line L: stage S, row R`` for ``rows[i]`` (row 1 is the last)."""
        return f"line {self.rows[i][0]}: stage {self.number}, row {len(self.rows) - i}"


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


def split_stages(text: str, count: int, cells: str) -> tuple[StageSource, ...]:
    """The ``count`` stages of ``text``; a line starting with one of ``cells`` (or, inside
    a stage, with anything but a letter) is a row."""
    stages: list[StageSource] = []
    current: tuple[int, str, int] | None = None
    rows: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line[0] in cells or (current is not None and not line[0].isalpha()):
            if current is None:
                raise StageFileError(f"line {lineno}: a row before the first 'stage 1:' header")
            rows.append((lineno, line))
            continue
        if current is not None:
            stages.append(StageSource(current[0], current[1], tuple(rows), current[2]))
        if len(stages) == count:
            raise StageFileError(f"line {lineno}: stage {count + 1}: more than {count} stages")
        current = (*_header(line, lineno, len(stages) + 1), lineno)
        rows = []
    if current is not None:
        stages.append(StageSource(current[0], current[1], tuple(rows), current[2]))
    if len(stages) != count:
        raise StageFileError(
            f"stage {len(stages) + 1}: missing (the file has {len(stages)} stages, the game "
            f"{count})"
        )
    return tuple(stages)


def check_rows(source: StageSource, width: int, max_rows: int, cells: str,
               empty: str = ".") -> tuple[str, ...]:
    """The rows, checked: at least one, at most ``max_rows``, ``width`` known cells each,
    none full (a full row would clear before play)."""
    rows = source.rows
    if not rows:
        raise StageFileError(f"stage {source.number}: no rows")
    if len(rows) > max_rows:
        raise StageFileError(
            f"line {rows[0][0]}: stage {source.number}, row {len(rows)}: {len(rows)} rows, "
            f"at most {max_rows} (the top two rows stay free)"
        )
    for i, (_, text) in enumerate(rows):
        where = source.where(i)
        bad = sorted({ch for ch in text if ch not in cells})
        if bad:
            raise StageFileError(f"{where}: unknown cell {bad[0]!r} (use {' '.join(cells)})")
        if len(text) != width:
            raise StageFileError(f"{where}: {len(text)} cells, a row has {width}")
        if empty not in text:
            raise StageFileError(f"{where}: the row is full (it needs an empty cell)")
    return tuple(text for _, text in rows)
