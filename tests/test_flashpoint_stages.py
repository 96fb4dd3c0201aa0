"""The stage file: format, one-line errors naming the stage and row, the operator's file
with the built-in set as fallback, and the shape of the built-in 100 stages."""

from pathlib import Path

import pytest

from engine.field import FULL_ROW
from games.flashpoint.rules.stages import (
    BLOCK_CELL,
    FLASH_BIT,
    MAX_ROWS,
    StageFileError,
    flashing_cells,
    parse_stages,
)
from games.flashpoint.stagefile import STAGES, builtin_stages, load_stages


def stage_text(count: int = 100, rows: tuple[str, ...] = ("..**......", "#.########")) -> str:
    return "\n".join(f"stage {n}: s{n}\n" + "\n".join(rows) for n in range(1, count + 1))


def test_parse_rows_top_first_into_the_well() -> None:
    stages = parse_stages(stage_text())
    assert len(stages) == 100 and stages[41].number == 42 and stages[41].title == "s42"
    field = stages[0].field()
    assert field.to_text()[-2:] == ["..##......", "#.########"]
    assert field.cells[1][2] == BLOCK_CELL | FLASH_BIT and field.cells[0][0] == BLOCK_CELL
    assert flashing_cells(field) == stages[0].flashing == 2


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "; a comment\n\n" + stage_text().replace("stage 5:", "\n; five\nstage 5:")
    assert len(parse_stages(text)) == 100


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("stage 7: s7\n..**......", "stage 7: s7\n..**.....", 1),
     "stage 7, row 2: 9 cells, a row has 10"),
    (lambda t: t.replace("stage 9: s9\n..**......\n#.########",
                         "stage 9: s9\n..**......\n##########", 1),
     "stage 9, row 1: the row is full"),
    (lambda t: t.replace("stage 3: s3\n..**......", "stage 3: s3\n..**..x...", 1),
     "stage 3, row 2: unknown cell 'x'"),
    (lambda t: t.replace("stage 4: s4\n..**......", "stage 4: s4\n..........", 1),
     "stage 4: no flashing cell"),
    (lambda t: t.replace("stage 12:", "stage 13:", 1), "stage 13: stages must come in order"),
    (lambda t: t.replace("stage 12: s12", "level 12", 1), "stage 12: expected a header"),
    (lambda t: t.rsplit("stage 100:", 1)[0], "stage 100: missing"),
    (lambda t: t + "\nstage 101: extra\n*.........", "stage 101: more than 100 stages"),
    (lambda t: "..*.......\n" + t, "a row before the first 'stage 1:' header"),
    (lambda t: t.replace("stage 2: s2\n", "stage 2: s2\n" + "#.#.#.#.#.\n" * MAX_ROWS, 1),
     f"stage 2, row {MAX_ROWS + 2}: {MAX_ROWS + 2} rows, at most {MAX_ROWS}"),
])
def test_errors_name_the_stage_and_row(edit, message: str) -> None:
    with pytest.raises(StageFileError) as info:
        parse_stages(edit(stage_text()))
    text = str(info.value)
    assert message in text and "\n" not in text


def test_operator_file_is_used_when_it_reads_whole(tmp_path: Path) -> None:
    path = tmp_path / "original.txt"
    path.write_text(stage_text())
    stages, problem = load_stages(path)
    assert problem is None and stages[0].rows == ("..**......", "#.########")


def test_bad_operator_file_gives_one_line_and_the_builtin_set(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    bad = stage_text().replace("stage 30: s30\n..**......", "stage 30: s30\n..**?.....", 1)
    path.write_text(bad)
    stages, problem = load_stages(path)
    assert stages == builtin_stages()
    assert problem is not None and "\n" not in problem
    assert "mine.txt" in problem and "stage 30, row 2" in problem and "built-in" in problem


def test_missing_or_binary_operator_file(tmp_path: Path) -> None:
    stages, problem = load_stages(tmp_path / "nope.txt")
    assert stages == builtin_stages() and problem is not None and "nope.txt" in problem
    binary = tmp_path / "rom.bin"
    binary.write_bytes(bytes(range(256)))
    stages, problem = load_stages(binary)
    assert stages == builtin_stages() and problem is not None and "\n" not in problem


def test_builtin_file_parses_and_round_trips() -> None:
    stages = builtin_stages()
    assert len(stages) == 100
    again = parse_stages("\n\n".join(s.text() for s in stages))
    assert again == stages
    assert STAGES.builtin_file == "flashpoint/stages.txt"


def test_stage_1_is_a_pyramid_with_two_flashing_cells_on_top() -> None:
    stage = builtin_stages()[0]
    assert stage.flashing == 2 and "*" in stage.rows[0] and "*" not in "".join(stage.rows[1:])
    widths = [row.count("#") + row.count("*") for row in stage.rows]
    assert widths == sorted(widths) and len(set(widths)) == len(widths)


def test_no_builtin_row_is_full_and_the_spawn_rows_are_free() -> None:
    for stage in builtin_stages():
        field = stage.field()
        assert all(bits != FULL_ROW for bits in field.rows), stage.number
        assert stage.height <= MAX_ROWS


def burial(stage) -> int:
    """Block cells above flashing cells in their columns (how buried the flashing cells are)."""
    total = 0
    for r, row in enumerate(stage.rows):
        for c, ch in enumerate(row):
            if ch == "*":
                total += sum(1 for above in stage.rows[:r] if above[c] != ".")
    return total


def test_builtin_stages_grow_in_height_flashing_cells_and_burial() -> None:
    stages = builtin_stages()

    def mean(values: list[int]) -> float:
        return sum(values) / len(values)

    for measure in (lambda s: s.height, lambda s: s.flashing, burial):
        quarters = [mean([measure(s) for s in stages[q * 25:(q + 1) * 25]]) for q in range(4)]
        assert quarters == sorted(quarters), quarters
        assert quarters[3] > quarters[0] * 1.5, quarters
