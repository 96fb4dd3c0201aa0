"""TGM3 Master played on the Arika loop: the 500 torikan (and none in a promotion exam),
the invisible-roll qualification, roll points and the final grade, the last section's
REGRET, delays after a lock at the speed level, and full games as replays that verify."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.events import Event
from engine.inputs import InputFrame
from engine.replay import Replay, verify
from firmware.replay_file import read_replay
from games.arika import events as aev
from games.arika.player import OVER
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE, ROLL_NONE
from games.registry import new_session
from games.ti.demo import demo_inputs
from games.ti.rules import master
from games.ti.rules.master import INTERNAL_BOOST
from games.ti.rules.master_game import (
    TiMasterPlayer,
    TiMasterReferee,
    display_grade,
    master_rules,
    new_master_player,
)
from games.ti.rules.speed import REGRET
from games.ti.session import TiSession

DATA = Path(__file__).parent / "data"
ROLL_REPLAY = DATA / "ti-master-roll.rpl"


def player(seed: int = 1) -> tuple[TiMasterPlayer, TiMasterReferee]:
    p = new_master_player(0, master_rules(), seed)
    assert isinstance(p.referee, TiMasterReferee)
    return p, p.referee


def reach(p: TiMasterPlayer, level: int, clock: int, out: list[Event]) -> None:
    p.clock = clock
    p.level_to(level, out)
    p._check_goal(out)


@pytest.mark.parametrize(("clock", "stopped"), [
    (master.TORIKAN_FRAMES + 1, True),  # 7:00.01: over 7:00
    (master.TORIKAN_FRAMES, False),  # exactly 7:00.00 goes on (the newer reading)
    (master.TORIKAN_FRAMES - 60, False),
])
def test_the_500_torikan(clock: int, stopped: bool) -> None:
    p, ref = player()
    out: list[Event] = []
    for level in range(100, 500, 100):
        reach(p, level, clock * level // 500, out)
    reach(p, 500, clock, out)
    assert ref.torikan == stopped
    assert (p.phase == OVER) == stopped
    assert any(e.kind == aev.TORIKAN for e in out) == stopped
    if stopped:
        assert p.finished and p.level == 500 and p.roll_next == ROLL_NONE


def test_no_torikan_in_a_promotion_exam() -> None:
    p, ref = player()
    ref.exam = True
    out: list[Event] = []
    for level in range(100, 600, 100):
        reach(p, level, master.TORIKAN_FRAMES * 2, out)
    assert not ref.torikan and p.phase != OVER and p.level == 500


def goal(cools: int, internal_grade: int) -> int:
    p, ref = player()
    p.cools = cools
    ref.grades.grade = internal_grade
    p.set_level(998)
    p.section_frames = [60 * 40] * 9
    out: list[Event] = []
    reach(p, 999, 60 * 60 * 6, out)
    return p.roll_next


@pytest.mark.parametrize(("cools", "grade", "roll"), [
    (9, 27, ROLL_INVISIBLE), (9, 31, ROLL_INVISIBLE), (8, 31, ROLL_FADING),
    (9, 26, ROLL_FADING), (0, 0, ROLL_FADING),
])
def test_invisible_roll_needs_all_nine_cools_and_internal_grade_27(
        cools: int, grade: int, roll: int) -> None:
    assert goal(cools, grade) == roll


def test_roll_points_and_survival_make_the_final_grade() -> None:
    p, ref = player()
    p.cools = 9
    p.steps = 9
    ref.grades.grade = 27
    p.set_level(998)
    p.section_frames = [60 * 40] * 9
    p.section_start = 60 * 60 * 6 - 60 * 40  # section 9 in 40 s: no REGRET
    out: list[Event] = []
    reach(p, 999, 60 * 60 * 6, out)
    assert p.regrets == 0 and p.roll_next == ROLL_INVISIBLE
    p.roll = p.roll_next
    for lines in (4, 4, 3, 1):  # 100 + 100 + 30 + 10 hundredths
        ref.on_lock(p, lines, 999, out)
    assert ref.roll_points == 240
    p._end(False, out)  # the roll ran out: survived, +160
    assert ref.roll_points == 400
    # 15 (internal grade 27) + 9 COOLs + 4 whole roll grades = 28 = MK; no GM cap reached.
    assert INTERNAL_BOOST[27] == 15
    assert ref.final.index == 28 and ref.grade == "MK"
    assert ref.worth(p) == 28


def test_gm_needs_a_gm_class_and_the_display_is_upper_case() -> None:
    assert master.final_grade(31, 9, 600).name == "MM"  # 17 + 9 + 6 = 32, capped
    assert master.final_grade(31, 9, 600, qualified_gm=True).name == "GM"
    assert display_grade("m3") == "M3" and display_grade("MK") == "MK"


def test_the_last_section_can_be_a_regret() -> None:
    p, _ = player()
    out: list[Event] = []
    p.set_level(900)
    p.section_frames = [60 * 40] * 9
    p.section_start = 0
    p.clock = 51 * 60  # over the 50 s of section 9
    p.level_to(999, out)
    p._check_goal(out)
    assert [e.value for e in out if e.kind == REGRET] == [9]
    assert p.regrets == 1 and p.steps == -1 and p.section_marks.endswith("R")


def test_delays_after_a_lock_stay_at_the_speed_level() -> None:
    # A game played well enough to earn COOLs: after each lock the delays in force are
    # the speed level's (displayed level + 100 a COOL), never the displayed level's.
    session = TiSession("ti-master", {}, {"main": 1}, 1)
    inputs = demo_inputs(session)
    p = session.player(0)
    checked = 0
    while p.cools < 3 and session.frame < 20_000:
        session.step(next(inputs))
        if p.phase not in (OVER,) and p.level < 999:
            assert p.timing == master.timing_at(p.speed_level) or p.phase == 5
            checked += 1
    assert p.cools >= 3 and p.speed_level >= p.level + 300 and checked


def test_a_full_master_game_through_the_roll_verifies(tmp_path: Path) -> None:
    replay = read_replay(ROLL_REPLAY)
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    assert isinstance(session, TiSession)
    verdict = verify(replay, session)
    assert verdict.ok, verdict
    summary = session.summary(0)
    assert summary is not None
    p = session.player(0)
    ref = p.referee
    assert isinstance(ref, TiMasterReferee) and isinstance(p, TiMasterPlayer)
    # The figures of the game, from the rules: the final grade is the internal grade's
    # boost + COOLs - REGRETs + whole roll grades (capped below GM).
    assert p.level == 999 and p.finished and ref.roll in (ROLL_FADING, ROLL_INVISIBLE)
    expected = min(INTERNAL_BOOST[ref.grades.grade] + p.cools - p.regrets
                   + ref.roll_points // 100, master.GM - 1)
    assert summary["grade_index"] == expected
    assert len(p.section_frames) == 10 and len(p.section_marks) == 10
    assert p.section_marks.count("C") == p.cools - (1 if p.section_marks[-1] == "C" else 0)
    # Written and read back, it still verifies.
    path = tmp_path / "again.rpl"
    path.write_text(replay.to_text())
    again = read_replay(path)
    assert verify(again, new_session(again.rules, again.settings, again.seeds, 1)).ok


def test_a_game_for_an_account_replays_from_its_header() -> None:
    from games.ti.accounts import account_json, session_settings, sign_in
    from games.ti.rules.exams import Account
    from games.ti.rules.login import alphabet, legacy_digest

    own = {"accounts": {"ABC": account_json(Account("ABC", legacy_digest("ABC", "0202"),
                                                    qualified=3, history=(3, 4, 5)))}}
    settings = session_settings(own)
    frames = [InputFrame()]
    for slot, ch in enumerate("ABC0202"):
        frames += [InputFrame.from_bits(0x08), InputFrame()] * alphabet(slot).index(ch)
        frames += [InputFrame.from_bits(0x10), InputFrame()]
    frames += [InputFrame.from_bits(0x80)] + [InputFrame()] * 600
    session = TiSession("ti", settings, {"main": 4}, 1)
    replay = Replay("ti", settings, {"main": 4}, 1, [], rules_version=session.rules_version)
    for number, frame in enumerate(frames, start=1):  # the board's part, as the machine
        asked = session.sign_in_request(0)
        if asked is not None:
            verdict = sign_in(own, *asked, bytes(16)).verdict
            session.sign_in(0, verdict)
            replay.sign_ins.append((number, 0, verdict))
        session.step(frame)
        replay.inputs.append(frame.to_bits())
        if number % 600 == 0:
            replay.checkpoints[number] = session.state_hash()
    replay.final_hash = session.state_hash()
    account = session.accounts[0]
    assert account is not None and account.history == (3, 4, 5)
    assert session.players[0] is not None
    again = Replay.from_text(replay.to_text())
    assert again.settings == settings and again.sign_ins == [(frames_typed(), 0,
                                                              "ok/3/3.4.5/0/0/0")]
    assert verify(again, TiSession("ti", again.settings, {"main": 4}, 1)).ok


def frames_typed() -> int:
    """The frame before which the board answers: the one after the last character."""
    from games.ti.rules.login import alphabet

    return 1 + sum(2 * alphabet(slot).index(ch) + 2 for slot, ch in enumerate("ABC0202"))


@pytest.mark.parametrize(("rows", "levels"), [(1, 1), (2, 2), (3, 4), (4, 6)])
def test_a_clear_adds_1_2_4_or_6_levels(rows: int, levels: int) -> None:
    from engine.inputs import PlayerInput
    from engine.pieces import I
    from games.arika.board import Board
    from games.arika.player import ACTIVE
    from tests.arika_kit import Script

    p = TiMasterPlayer(0, master_rules(), 0, pieces=Script("I"))
    # The rows to clear are full but for the leftmost column; a vertical I drops there.
    p.board = Board.from_text([".#########"] * rows)
    out: list[Event] = []
    while p.phase != ACTIVE:
        p.step(PlayerInput(b1=True), out)  # IRS: the I spawns upright
    assert p.kind == I and p.state in (1, 3)
    p.set_level(10)
    for _ in range(6):  # one column a tap
        p.step(PlayerInput(left=True), out)
        p.step(PlayerInput(), out)
    assert min(c for _, c in p.piece_cells()) == 0
    p.step(PlayerInput(up=True), out)
    p.step(PlayerInput(down=True), out)
    assert [e.value for e in out if e.kind == "line_clear"] == [rows]
    assert p.level == 10 + levels
