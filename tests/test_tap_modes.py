"""TAP's modes: M-roll conditions, rolls and final grades, scoring, Normal (goal, items,
time bonus), TGM+ rising garbage, T.A. Death's torikan, M and GM; the board's mode select
(tetris.wiki, "Tetris The Absolute The Grand Master 2")."""

from __future__ import annotations

from engine import events as ev
from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from games.arika import events as aev
from games.arika.board import Board
from games.arika.player import ACTIVE, ArikaPlayer
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE
from games.arika.scoring import clear_score, next_combo
from games.tap.rules import DEATH, MASTER, NORMAL, PLUS, mroll, rules_for
from games.tap.rules.referees import DeathReferee, MasterReferee, NormalReferee, PlusReferee
from games.tap.rules.tables import PLUS_PATTERN
from games.tap.session import SELECT_FRAMES, TapSession
from tests.arika_kit import IDLE, Script, kinds, pad, step

DROP_LOCK = pad(up=True, down=True)


def play(mode: str, letters: str = "OOOOOOOOOOOOOOOOOOOO", level: int = 0,
         board: list[str] | None = None) -> ArikaPlayer:
    p = ArikaPlayer(0, rules_for(mode), 0, pieces=Script(letters))
    p.set_level(level)
    if board:
        p.board = Board.from_text(board)
    while p.phase != ACTIVE:
        step(p)
    return p


def lock(p: ArikaPlayer, x: int | None = None) -> list[Event]:
    """Drop and lock the piece in play (at box column ``x``), then step to the next piece
    (or the end)."""
    if x is not None:
        p.x = x
    out = step(p, DROP_LOCK)
    for _ in range(400):
        if p.phase == ACTIVE or p.over:
            break
        out += step(p)
    return out


# ---- M-roll conditions ----------------------------------------------------------------
def test_early_sections_limit_and_tetrises() -> None:
    for section in range(5):
        times = [3000] * section + [3900]
        assert mroll.section_ok(section, times, 2)
        assert not mroll.section_ok(section, [*times[:-1], 3901], 2)
        assert not mroll.section_ok(section, times, 1)


def test_section_5_against_the_average_plus_2_s() -> None:
    early = [3000, 3100, 3200, 3300, 3400]  # average 3200
    assert mroll.section_ok(5, [*early, 3320], 1)
    assert not mroll.section_ok(5, [*early, 3321], 1)
    assert not mroll.section_ok(5, [*early, 3000], 0)  # needs a Tetris


def test_later_sections_against_the_previous_plus_2_s() -> None:
    for section in range(6, 10):
        times = [3000] * section + [3120]
        assert mroll.section_ok(section, times, 1)
        assert not mroll.section_ok(section, [*times[:-1], 3121], 1)
    assert not mroll.section_ok(8, [3000] * 9, 0)
    assert mroll.section_ok(9, [3000] * 10, 0)  # no Tetris needed in the last section


def test_final_condition() -> None:
    assert mroll.final_ok(31, 31500)
    assert not mroll.final_ok(31, 31501)
    assert not mroll.final_ok(30, 20000)


def master_at_goal(qualified: bool) -> tuple[ArikaPlayer, MasterReferee]:
    p = play(MASTER)
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    ref.mroll_ok = qualified
    ref.grades.grade = 31
    p.clock = 30000
    p.goal_reached = True
    return p, ref


def test_m_roll_or_fading_roll() -> None:
    p, ref = master_at_goal(True)
    assert ref.on_goal(p, []) == ROLL_INVISIBLE
    p, ref = master_at_goal(False)
    assert ref.on_goal(p, []) == ROLL_FADING
    p, ref = master_at_goal(True)
    p.clock = 31501
    assert ref.on_goal(p, []) == ROLL_FADING


def test_roll_results() -> None:
    p, ref = master_at_goal(True)
    ref.on_goal(p, [])
    ref.on_end(p, True, [])
    assert (ref.grade, ref.line) == ("M", "green")
    for lines, line in ((31, "green"), (32, "orange")):
        p, ref = master_at_goal(True)
        ref.on_goal(p, [])
        p.roll_lines = lines
        ref.on_end(p, False, [])
        assert (ref.grade, ref.line) == ("GM", line)
    p, ref = master_at_goal(False)
    ref.on_goal(p, [])
    ref.on_end(p, False, [])
    assert (ref.grade, ref.line) == ("S9", "orange")
    p, ref = master_at_goal(False)
    ref.on_goal(p, [])
    ref.on_end(p, True, [])
    assert (ref.grade, ref.line) == ("S9", "green")


def test_a_slow_section_closes_the_m_roll() -> None:
    p = play(MASTER)
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    ref.tetrises[0] = 2
    p.section_frames = [3901]
    ref.on_section(p, 0, 3901, [])
    assert not ref.mroll_ok



def test_a_tetris_across_x99_counts_for_the_section_it_was_made_in() -> None:
    # From 96 a Tetris takes the level to 100: the section that ends is the one the Tetris
    # was made in, so its count must include it (NullpoMino's GradeMania2 counts first).
    p = play(MASTER, letters="II", level=96, board=["#########."] * 4)
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    ref.tetrises[0] = 1  # one Tetris earlier in the section; the second is this one
    p.state = 1  # vertical
    out = lock(p, 7)
    assert kinds(out, aev.SECTION)[0].value == 0 and p.level // 100 == 1
    assert ref.tetrises[0] == 2 and ref.tetrises[1] == 0
    assert ref.mroll_ok

# ---- scoring --------------------------------------------------------------------------
def test_score_combo_values() -> None:
    combo = 1
    values = []
    for lines in (2, 3, 1):
        combo = next_combo(combo, lines)
        values.append(combo)
    assert values == [3, 7, 7]


def test_score_formula() -> None:
    # ceil((10 + 2) / 4) = 3; + soft 5 + 2 x sonic 4 = 16; x 2 lines x combo 3 = 96;
    # + ceil(12 / 2) = 6; speed max(0, 30 - 10) = 20 -> 140.
    assert clear_score(10, 2, 5, 4, 3, False, 12, 30, 10) == 96 + 6 + 140
    # Bravo x4; level after clear rounds up; a slow piece gets no speed bonus.
    assert clear_score(9, 1, 0, 0, 1, True, 10, 30, 40) == (3 * 1 * 1 * 4) + 5
    assert clear_score(0, 1, 0, 0, 1, False, 1, 30, 0) == 1 + 1 + 29 * 7  # active >= 1


def test_score_only_on_clears_and_normal_times_six() -> None:
    rows = ["####..####"] * 2
    for mode, factor in ((MASTER, 1), (NORMAL, 6)):
        p = play(mode, board=rows)
        ref = p.referee
        lock(p)
        after_clear = ref.score  # type: ignore[attr-defined]
        lock(p)
        assert ref.score == after_clear > 0  # type: ignore[attr-defined]
        assert after_clear % factor == 0


# ---- level counter and goal -----------------------------------------------------------
def test_level_counts_pieces_and_lines() -> None:
    p = play(MASTER, board=["####..####"] * 2)
    lock(p)  # a double: +2, then +1 for the next piece
    assert p.level == 3 and p.lines == 2


def test_master_goal_at_999_starts_the_roll() -> None:
    p = play(MASTER, level=997, board=["####..####"] * 2)
    p.referee.mroll_ok = False  # type: ignore[attr-defined]
    out = step(p, DROP_LOCK)
    assert p.level == 999 and p.goal_reached and p.clock_on is False
    for _ in range(400):
        out += step(p)
        if p.phase == ACTIVE:
            break
    assert kinds(out, aev.ROLL_START)[0].value == ROLL_FADING
    assert p.board.is_empty() and p.in_roll


def test_roll_ends_after_its_length() -> None:
    for mode, frames in ((MASTER, 3701), (NORMAL, 3701), (DEATH, 3701), (PLUS, 2024)):
        assert rules_for(mode).roll_frames == frames
    p = play(DEATH, level=997, board=["####..####"] * 2)
    lock(p)
    assert p.in_roll and p.roll_left == 3701 - 1
    p.roll_left = 40
    out = step(p, IDLE, times=40)
    assert p.over and p.finished and kinds(out, aev.ROLL_END)[0].value == 1


# ---- Normal ---------------------------------------------------------------------------
def test_normal_passes_99_and_stops_at_299() -> None:
    p = play(NORMAL, level=98)
    lock(p)
    lock(p)
    assert p.level == 100 and p.section_frames
    p = play(NORMAL, level=299)
    lock(p)
    assert p.level == 299


def test_normal_time_bonus() -> None:
    p = play(NORMAL)
    ref = p.referee
    assert isinstance(ref, NormalReferee)
    p.clock = 18000 - 61  # 1.02 s under 5:00 -> 2 seconds rounded up
    ref.on_goal(p, [])
    assert ref.score == 2 * 1253
    p = play(NORMAL)
    p.clock = 18000
    p.referee.on_goal(p, [])
    assert p.referee.score == 0  # type: ignore[attr-defined]


def test_normal_items_free_fall_and_del_even() -> None:
    # The first piece at level 100 is a Free Fall item; clearing a row with it drops
    # every block down its column.
    rows = [".#........", "..........", "#.........", "####..####"]
    p = play(NORMAL, level=100, board=rows)
    assert p.item == 1
    out = lock(p)
    assert kinds(out, aev.ITEM)[0].value == 1
    assert p.board.to_text(3) == ["..........", "..........", "##..##...."]
    # At 200 a Del Even item: rows 2, 4, ... go.
    rows = ["#.........", ".#........", "..#.......", "####..####"]
    p = play(NORMAL, level=200, board=rows)
    assert p.item == 2
    lock(p)
    assert p.board.to_text(3) == ["..........", "#.........", "..#.##...."]


# ---- TGM+ -----------------------------------------------------------------------------
def test_plus_rising_garbage_follows_the_pattern() -> None:
    p = play(PLUS)
    ref = p.referee
    assert isinstance(ref, PlusReferee)
    out: list[Event] = []
    for n in range(12):
        out += lock(p, (-1, 1, 3, 5)[n % 4])
    assert not kinds(out, aev.GARBAGE_RISE)
    out = lock(p, 5)  # the 13th piece without a clear
    assert kinds(out, aev.GARBAGE_RISE)
    assert p.board.to_text(20)[-1] == PLUS_PATTERN[0]
    assert ref.counter == 0 and ref.pattern_row == 1


def test_plus_threshold_by_level_and_wrap() -> None:
    p = play(PLUS, level=900)
    ref = p.referee
    assert isinstance(ref, PlusReferee)
    ref.pattern_row = 23
    for x in (-1, 1, 3):
        lock(p, x)
    assert ref.counter == 3
    lock(p, 5)  # 13 - 9 = 4
    assert ref.counter == 0 and ref.pattern_row == 0
    assert p.board.to_text(20)[-1] == PLUS_PATTERN[23]


# ---- T.A. Death -----------------------------------------------------------------------
def test_death_torikan_at_500() -> None:
    p = play(DEATH, level=498, board=["####..####"] * 2)
    p.clock = 12300 + 1
    out = step(p, DROP_LOCK)
    assert kinds(out, aev.TORIKAN) and p.goal == 500 and p.goal_reached
    ref = p.referee
    assert isinstance(ref, DeathReferee)
    assert ref.grade == "" and ref.torikan


def test_death_m_at_500_and_gm_at_999() -> None:
    p = play(DEATH, level=498, board=["####..####"] * 2)
    p.clock = 12300 - 1  # the lock frame adds one: 3:25.00 exactly
    step(p, DROP_LOCK)
    ref = p.referee
    assert isinstance(ref, DeathReferee)
    assert ref.grade == "M" and not p.goal_reached
    p = play(DEATH, level=997, board=["####..####"] * 2)
    step(p, DROP_LOCK)
    assert p.referee.grade == "GM"  # type: ignore[attr-defined]


# ---- the board's mode select ----------------------------------------------------------
def frame(**switches: bool) -> InputFrame:
    return InputFrame(p1=PlayerInput(**switches))


def test_mode_select_with_lever_and_button() -> None:
    s = TapSession("tap", {}, {"main": 3}, 1)
    assert s.mode_of(0) == MASTER and s.playing(0)
    s.step(frame(start=True))  # the Start that joined is still held: no pick
    assert s.players[0] is None
    s.step(frame(right=True))
    s.step(frame())
    assert s.mode_of(0) == PLUS
    out = s.step(frame(b1=True))
    assert s.players[0] is not None and s.players[0].rules.id == PLUS
    assert any(e.kind == "mode_start" for e in out)


def test_mode_select_times_out() -> None:
    s = TapSession("tap", {}, {"main": 3}, 1)
    s.step(frame())
    s.step(frame(left=True))
    for _ in range(SELECT_FRAMES):
        s.step(frame())
    assert s.players[0] is not None and s.players[0].rules.id == NORMAL


def test_session_snapshot_seeds_and_hash() -> None:
    s = TapSession(MASTER, {}, {"main": 7}, 2)
    assert s.seeds_out() != {"main": 7}
    for n in range(300):
        s.step(frame(down=bool(n % 3), left=bool(n % 5 == 0)))
    snap = s.snapshot()
    h = s.state_hash()
    ahead = [s.step(frame(b2=bool(n % 2))) for n in range(200)]
    h2 = s.state_hash()
    s.restore(snap)
    assert s.state_hash() == h
    assert [s.step(frame(b2=bool(n % 2))) for n in range(200)] == ahead
    assert s.state_hash() == h2


def test_session_lines_up_with_the_events() -> None:
    s = TapSession(DEATH, {}, {"main": 1}, 1)
    seen = set()
    while not s.over:
        seen.update(e.kind for e in s.step(frame(down=True)))
    assert ev.GAME_OVER in seen and s.summary(0) is not None


def test_qualified_master_plays_the_invisible_roll_and_gm() -> None:
    p = play(MASTER, level=997, board=["####..####"] * 2)
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    # A qualifying game: every section on time with its Tetrises, S9, under 8:45.00.
    p.section_frames = [3000] * 9
    ref.tetrises = [2] * 9 + [0]
    ref.grades.grade = 31
    p.clock = 29000
    p.section_start = 27000
    out = step(p, DROP_LOCK)
    assert p.section_frames[-1] == 2001 and ref.mroll_ok
    for _ in range(400):
        out += step(p)
        if p.phase == ACTIVE:
            break
    assert kinds(out, aev.ROLL_START)[0].value == ROLL_INVISIBLE
    p.roll_left = 2
    step(p, IDLE, times=2)
    assert p.over and ref.grade == "GM" and ref.line == "green"
    summary = ref.summary(p)
    assert summary["roll"] == "invisible" and summary["grade"] == "GM"
