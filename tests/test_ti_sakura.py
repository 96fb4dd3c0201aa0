"""TGM3 Sakura: the stage file (our 27 layouts; an operator's file in the same format, a
bad one giving one line and the built-in set), jewels, the clock (3:00, +10 s / +5 s for
clears within 10 s / 20 s, a minute a stage for 1-20, a 30 s skip), the EX offer, and
the stage effects (mirror, roll roll, BIG)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine import events as ev
from engine.inputs import PlayerInput
from engine.pieces import L
from engine.stage_text import StageFileError
from games.arika.board import Board
from games.arika.player import ACTIVE, READY
from games.registry import cartridge
from games.ti.rules import sakura
from games.ti.rules.sakura import SakuraPlayer, SakuraStage, parse_stages, sakura_rules
from games.ti.session import TiSession
from games.ti.stagefile import STAGES, builtin_stages, load_stages
from tests.arika_kit import IDLE, kinds, step, step_until

RULES = sakura_rules()


def one_stage(rows: tuple[str, ...], effects: str = "") -> str:
    tags = f" [{effects}]" if effects else ""
    return f"stage 1: test{tags}\n" + "\n".join(rows)


def file_text(count: int = 27) -> str:
    return "\n".join(f"stage {n}: s{n}\n....*.....\n#.########" for n in range(1, count + 1))


# ---- the stage file ------------------------------------------------------------------
def test_builtin_file_has_27_stages_with_jewels_and_the_documented_effects() -> None:
    stages = builtin_stages()
    assert len(stages) == 27 and STAGES.builtin_file == "ti/sakura_stages.txt"
    assert all(s.jewels > 0 for s in stages)
    effects = {s.number: set(s.effects) for s in stages if s.effects}
    assert effects[4] == {"mirror"} and effects[8] == {"xray"} and effects[12] == {"colour"}
    assert effects[13] == {"mirror"} and effects[16] == {"rollroll"} and effects[23] == {"big"}
    assert [s.ex for s in stages] == [False] * 20 + [True] * 7
    assert parse_stages("\n\n".join(s.text() for s in stages)) == stages


def test_layouts_leave_the_top_rows_free_and_no_row_full() -> None:
    for stage in builtin_stages():
        assert len(stage.rows) <= sakura.MAX_ROWS
        assert all("." in row and len(row) == 10 for row in stage.rows)


def test_jewels_go_on_the_board_as_marked_cells() -> None:
    stage = parse_stages(one_stage(("*........#", "#.*######."), "mirror"), count=1)[0]
    board = stage.board()
    assert sakura.jewels_on(board) == 2 == stage.jewels
    assert board.to_text(2) == ["#........#", "#.#######."]
    assert stage.effects == {"mirror"} and stage.title == "test"


@pytest.mark.parametrize(("text", "message"), [
    (one_stage(("..........", "#.#######.")), "stage 1: no jewel '*'"),
    (one_stage(("....*.....",), "upside"), "stage 1: unknown effect 'upside'"),
    (one_stage(("....*....x",)), "stage 1, row 1: unknown cell 'x' (use . # *)"),
    (one_stage(("***.......", "##########")), "stage 1, row 1: the row is full"),
    (one_stage(("....*....",)), "stage 1, row 1: 9 cells, a row has 10"),
    (one_stage(("....*.....",) * 17), "17 rows, at most 16"),
])
def test_errors_are_one_line_naming_stage_and_row(text: str, message: str) -> None:
    with pytest.raises(StageFileError) as info:
        parse_stages(text, count=1)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_operator_file_is_played_when_whole(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(file_text())
    stages, problem = load_stages(path)
    assert problem is None and stages[0].rows == ("....*.....", "#.########")


def test_bad_operator_file_gives_one_line_and_the_builtin_set(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(file_text().replace("stage 12: s12\n....*.....", "stage 12: s12\n....@....."))
    stages, problem = load_stages(path)
    assert stages == builtin_stages()
    assert problem is not None and "\n" not in problem
    assert "mine.txt" in problem and "stage 12, row 2" in problem and "built-in" in problem
    short = tmp_path / "short.txt"
    short.write_text(file_text(20))
    assert "stage 21: missing" in (load_stages(short)[1] or "")
    assert load_stages(tmp_path / "absent.txt")[0] == builtin_stages()


# ---- playing a stage ---------------------------------------------------------------
def stages_of(*layouts: tuple[tuple[str, ...], str]) -> tuple[SakuraStage, ...]:
    text = "\n".join(f"stage {n}: s{n}" + (f" [{fx}]" if fx else "") + "\n" + "\n".join(rows)
                     for n, (rows, fx) in enumerate(layouts, start=1))
    return parse_stages(text, count=len(layouts))


def test_stage_starts_after_a_one_second_intro_at_level_0() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages())
    assert p.phase == READY and p.level == 0
    step(p, IDLE, sakura.INTRO_FRAMES)
    assert p.phase != ACTIVE and p.time_left == sakura.START_FRAMES
    step(p, IDLE)  # the piece appears on the next frame, and the clock starts
    assert p.phase == ACTIVE and p.time_left == sakura.START_FRAMES - 1


def test_clock_runs_out_and_ends_the_game() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages())
    step_until(p, lambda q: q.phase == ACTIVE)
    p.time_left = 3
    out = step(p, IDLE, 3)
    assert kinds(out, sakura.TIME_UP) and p.over and p.topped_out


def test_a_minute_ends_a_main_stage_but_not_an_ex_one() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages())
    step_until(p, lambda q: q.phase == ACTIVE)
    p.stage_frames = sakura.STAGE_LIMIT_FRAMES - 1
    out = step(p, IDLE)
    assert [e.value for e in kinds(out, sakura.STAGE_SKIP)] == [1]
    assert p.stage.number == 2 and p.results == [0]
    ex = SakuraPlayer(0, RULES, 0, builtin_stages(), first=21)
    step_until(ex, lambda q: q.phase == ACTIVE)
    ex.stage_frames = sakura.STAGE_LIMIT_FRAMES + 100
    assert not kinds(step(ex, IDLE), sakura.STAGE_SKIP) and ex.stage.number == 21


def test_holding_start_skips_the_stage_for_thirty_seconds() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages())
    step_until(p, lambda q: q.phase == ACTIVE)
    left = p.time_left
    out = step_until(p, lambda q: q.stage.number == 2, PlayerInput(start=True))
    assert kinds(out, sakura.STAGE_SKIP)
    assert left - p.time_left == sakura.SKIP_PENALTY_FRAMES + sakura.SKIP_HOLD_FRAMES


@pytest.mark.parametrize(("frames", "bonus"), [(0, 600), (599, 600), (600, 300), (1199, 300),
                                               (1200, 0)])
def test_fast_clear_bonus(frames: int, bonus: int) -> None:
    assert sakura.time_bonus(frames) == bonus


@pytest.mark.parametrize(("cleared", "frames", "ex"), [
    (17, 1, 0), (18, 1, 3), (19, 99_999, 3), (20, 300 * 60, 7), (20, 300 * 60 + 1, 5)])
def test_ex_offer_all_seven_within_5_minutes(cleared: int, frames: int, ex: int) -> None:
    # tetris.wiki TGM3 Sakura: all 7 EX stages need the 20 stages cleared within 5:00.
    assert sakura.ex_offered(cleared, frames) == ex


def test_ex_offer_heboris_5_20_is_an_sw2_choice() -> None:
    heboris = sakura.EX_WITHIN["heboris"]
    assert heboris == 320 * 60 and sakura.EX_WITHIN["wiki"] == 300 * 60
    assert sakura.ex_offered(20, 320 * 60, heboris) == 7
    assert sakura.ex_offered(20, 320 * 60 + 1, heboris) == 5
    assert SakuraPlayer(0, RULES, 0, builtin_stages()).ex_within == 300 * 60
    session = TiSession("ti-sakura", {"sakura_ex": "heboris"}, {"main": 1}, 1)
    player = session.players[0]
    assert isinstance(player, SakuraPlayer) and player.ex_within == heboris
    with pytest.raises(ValueError, match="sakura_ex must be one of wiki, heboris"):
        TiSession("ti-sakura", {"sakura_ex": "fast"}, {"main": 1}, 1)
    cart = cartridge("ti")
    factory = cart.board.dip_bank.factory
    assert cart.board.decode_dips(factory)[0].settings["sakura_ex"] == "wiki"
    assert cart.board.decode_dips(factory | 0x20)[0].settings["sakura_ex"] == "heboris"


def test_each_jewel_cleared_gives_a_second() -> None:
    # tetris.wiki TGM3 Sakura: a time bonus for each jewel cleared (NullpoMino's GemMania:
    # one second a jewel). The upright I clears the bottom row and its two jewels; the
    # jewel above stays, so the stage goes on and only the jewel bonus is added.
    stages = stages_of((("*.........", "**###.####"), ""), (("*.........",), ""))
    p = SakuraPlayer(0, RULES, 0, stages)
    while p.next_kind != 0:
        p.randomizer.next()
        p.next_kind = p.randomizer.next()
    _clear_with_an_i(p)
    assert p.stage.number == 1 and p.jewels == 1
    assert p.time_left + p.elapsed == sakura.START_FRAMES + 2 * sakura.JEWEL_BONUS == 10_920


def _clear_with_an_i(p: SakuraPlayer) -> list[ev.Event]:
    """Turn the next I upright (IRS) at column 5 and drop and lock it."""
    out = step_until(p, lambda q: q.phase == ACTIVE, PlayerInput(b2=True))
    out += step_until(p, lambda q: q.phase != ACTIVE, PlayerInput(b2=True, up=True, down=True))
    out += step_until(p, lambda q: q.phase in (ACTIVE, READY) or q.over)
    return out


def test_clearing_every_jewel_clears_the_stage_and_loads_the_next() -> None:
    # Stage 1's sequence starts with an I? Use a layout an upright I at column 5 clears.
    stages = stages_of((("*****.****",), ""), (("*.........",), ""))
    p = SakuraPlayer(0, RULES, 0, stages)
    while p.next_kind != 0:  # deal until an I is next (the stage's own fixed sequence)
        p.randomizer.next()
        p.next_kind = p.randomizer.next()
    left = p.time_left
    out = _clear_with_an_i(p)
    assert [e.value for e in kinds(out, sakura.STAGE_CLEAR)] == [1]
    assert [e.value for e in kinds(out, sakura.STAGE)] == [2]
    assert p.stage.number == 2 and p.cleared == 1 and p.jewels == 1
    assert p.time_left > left  # + 10 s for a clear within 10 s
    assert p.board.to_text(1) == ["#........."]


def test_mirror_stage_flips_the_stack_every_eighth_piece() -> None:
    stages = stages_of((("*.........",), "mirror"))
    p = SakuraPlayer(0, RULES, 0, stages)
    p.board = Board.from_text(["*........."])
    flips = 0
    while p.stage_pieces < 8:
        out: list[ev.Event] = []
        p.step(PlayerInput(up=True, down=True), out)
        if kinds(out, ev.LOCK):
            p.board = Board.from_text(["#........."])
        flips += len(kinds(out, sakura.MIRROR))
    assert flips == 1
    assert p.board.to_text(1)[0][9] == "#" and p.board.to_text(1)[0][0] == "."


def test_rollroll_turns_the_piece_every_thirty_frames() -> None:
    stages = stages_of((("*.........",), "rollroll"))
    p = SakuraPlayer(0, RULES, 0, stages)
    step_until(p, lambda q: q.phase == ACTIVE)
    states = []
    for _ in range(61):
        p.step(IDLE, [])
        states.append(p.state)
    turns = sum(1 for a, b in itertools.pairwise(states) if a != b)
    assert p.kind == L and turns == 2  # stage 1's sequence starts with an L


def test_big_stage_deals_big_pieces() -> None:
    stages = stages_of((("*.........",), "big"), (("*.........",), ""))
    p = SakuraPlayer(0, RULES, 0, stages)
    step_until(p, lambda q: q.phase == ACTIVE)
    assert p.big and len(p.piece_cells()) == 16
    snap = p.snapshot()
    step(p, IDLE, 50)
    p.restore(snap)
    assert p.big and p.stage.number == 1


def test_snapshot_restores_the_stage_and_clock() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages(), first=5)
    step(p, IDLE, 100)
    snap, hashed = p.snapshot(), p.hash_items()
    step(p, PlayerInput(left=True), 200)
    p.restore(snap)
    assert p.hash_items() == hashed and p.stage.number == 5


def test_cabinet_option_plays_the_operator_file_or_says_why_not(tmp_path: Path) -> None:
    from games.ti import CARTRIDGE
    from games.ti.stagefile import active_stages

    assert CARTRIDGE.board.configure is not None and "sakura_stages" in CARTRIDGE.board.options
    good = tmp_path / "good.txt"
    good.write_text(file_text())
    try:
        assert CARTRIDGE.board.configure({"sakura_stages": str(good)}) == []
        assert active_stages()[0].rows == ("....*.....", "#.########")
        bad = tmp_path / "bad.txt"
        bad.write_text(file_text().replace("stage 3: s3", "stage three"))
        notices = CARTRIDGE.board.configure({"sakura_stages": str(bad)})
        assert len(notices) == 1 and "bad.txt" in notices[0] and "\n" not in notices[0]
        assert active_stages() == builtin_stages()
    finally:
        CARTRIDGE.board.configure({})
    assert active_stages() == builtin_stages()


def test_clock_numbers() -> None:
    # 3:00 to start, a minute a main stage, 1.5 s held to skip for 30 s, +1:00 for stage 20
    # (cambridge's sakura mode; Heboris C.E. TOMOYO for the last).
    assert sakura.START_FRAMES == 3 * 60 * 60
    assert sakura.STAGE_LIMIT_FRAMES == 60 * 60
    assert (sakura.SKIP_HOLD_FRAMES, sakura.SKIP_PENALTY_FRAMES) == (90, 30 * 60)
    assert sakura.STAGE_20_BONUS == 60 * 60
    assert (sakura.STAGES, sakura.MAIN_STAGES) == (27, 20)


def test_stage_20_ends_the_game_without_ex_after_a_poor_run() -> None:
    p = SakuraPlayer(0, RULES, 0, builtin_stages(), first=20)
    step_until(p, lambda q: q.phase == ACTIVE)
    p.results = [0] * 19  # 19 stages played, none cleared
    p.stage_frames = sakura.STAGE_LIMIT_FRAMES - 1
    out = step(p, IDLE)
    assert p.over and p.ex_count == 0 and kinds(out, ev.GAME_OVER)
