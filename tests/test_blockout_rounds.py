"""The round table file, rounds, bonus stages, continues, versus and replays."""

from __future__ import annotations

import pytest

from engine import events as ev
from engine.inputs import InputFrame
from engine.replay import Replay, record, verify
from firmware.game_files import games_dir
from games.blockout.rules import decisions as d
from games.blockout.rules.autoplay import demo_inputs
from games.blockout.rules.pieces import BY_NAME, PIECES
from games.blockout.rules.player import (
    BONUS_END,
    BONUS_START,
    LAYER_RISE,
    OVER,
    ROUND_CLEAR,
    VERSUS_WIN,
    WAIT,
)
from games.blockout.rules.rounds import parse
from games.blockout.rules.session import BlockoutSession
from games.blockout.table import ROUNDS_FILE, round_table
from tests.blockout_kit import (
    finish_pause,
    kinds,
    lock_now,
    p1,
    place,
    session,
    step,
    until_playing,
)


def names(round_no: int) -> set[str]:
    return {PIECES[i].name for i, _ in round_table().stage(round_no).weights}


def test_every_cell_has_a_source_or_a_decision():
    doc = round_table().document
    for slot in doc["slot"]:
        for key in ("pit", "quota", "level_up", "fall"):
            assert slot[f"{key}_src"].startswith(("source:", "decision:")), (slot["slot"], key)
    for entry in doc["pieces"] + doc["bonus"]:
        assert entry["src"].startswith(("source:", "decision")), entry
        assert sum(entry["weights"].values()) == 100, entry


def test_known_pits():
    # Sources: data sheet 7 (round 1 floor 16), abomination.jp 3I, 5I, 3L pages.
    t = round_table()
    pits = {r: (t.stage(r).width, t.stage(r).depth, t.stage(r).height) for r in range(1, 11)}
    assert pits[1] == (4, 4, 11)
    assert pits[4][:2] == (3, 3) and pits[10][:2] == (3, 3)
    assert pits[5] == (5, 5, 7)
    assert pits[6] == (2, 5, 8)
    for r in range(1, 101):  # the 10-round cycle
        assert t.stage(r).width == t.stage((r - 1) % 10 + 1).width
        assert t.stage(r).quota == t.stage((r - 1) % 10 + 1).quota


def test_known_piece_appearances():
    # Sources: abomination.jp piece pages, sonic-kontroll 5Q page (see rounds.toml).
    assert len(names(1)) == 3 and {"3I", "4O"} <= names(1)
    for r in range(1, 101):
        if r % 10 not in (1, 5, 7):
            assert not names(r) & {"4I", "5J", "5Y"}, r
        if r % 10 != 5:
            assert "5I" not in names(r)
    assert all("4Y" not in names(r) for r in range(1, 11))
    assert "4Y" in names(11)
    with_5q = {r for r in range(1, 101) if "5Q" in names(r)}
    assert min(with_5q) == 6 and 16 in with_5q
    assert min(r for r in with_5q if r % 10 != 6) == 18
    assert 19 not in with_5q and {22, 24} & with_5q == set()
    assert all(r in with_5q for r in range(20, 101) if r not in (22, 24))
    with_5c = [r for r in range(1, 101) if "5C" in names(r)]
    assert min(with_5c) == 17
    assert min(r for r in with_5c if round_table().stage(r).area == 9) == 24
    assert {"5P"} <= names(9) and {"5P", "5X"} <= names(10)
    weights = {r: dict(round_table().weights_for(r))["5I"] for r in (5, 15, 25, 35, 45)}
    assert weights == {5: 8, 15: 15, 25: 12, 35: 12, 45: 8}


def test_level_up_rule_of_round_1():
    # Source: data sheet 7 note 1.
    assert round_table().stage(1).cubes_for_level(1) == 65


def test_bad_table_text_is_one_line_error():
    with pytest.raises(ValueError, match="bad round table"):
        parse("slot = 3", 57.44)
    text = (games_dir() / ROUNDS_FILE).read_text().replace("3I = 40", "9Z = 40", 1)
    with pytest.raises(ValueError, match="unknown piece"):
        parse(text, 57.44)


def clear_round(s, p):
    """Finish the round with one face (the quota's last)."""
    until_playing(s)
    p.faces_left = 1
    p.layers[0] = p.full & ~1
    place(p, "1I", 0, 0, 0)
    out = lock_now(s, p)
    return out + finish_pause(s, p)


def test_bonus_stage_after_every_5_rounds_for_30_seconds():
    # Source: data sheet 8: every 5 rounds cleared, 30 s; 2x2 pits (Wikipedia, abomination.jp).
    s = session(5)
    p = p1(s)
    seen = []
    for n in range(5):
        out = clear_round(s, p)
        assert ROUND_CLEAR in kinds(out)
        seen.append(p.round)
        if n < 4:
            assert BONUS_START not in kinds(out)
    assert BONUS_START in kinds(out)
    assert (p.width, p.depth) == (2, 2) and 8 <= p.height <= 10
    assert p.round == 9  # the bonus comes after round 9 when the game began at 5
    frames = 0
    out = []
    while BONUS_END not in kinds(out):
        p.layers = [0] * p.height  # keep the stage from topping out
        out = step(s)
        frames += 1
    assert frames == round(30 * d.REFRESH_HZ) == 1723
    out = finish_pause(s, p)
    assert p.round == 10 and p.bonus == 0 and p.faces_left == p.stage.quota


def test_bonus_stage_kinds_rotate_and_top_out_ends_only_the_stage():
    s = session(1)
    p = p1(s)
    kinds_seen = []
    for _ in range(4):
        for _ in range(5):
            clear_round(s, p)
        kinds_seen.append(p.bonus)
        assert not {BY_NAME["4O"].index, BY_NAME["5Q"].index} & {i for i, _ in p.stage.weights}
        # top out: fill the pit but the spawn cell stays blocked
        until_playing(s)
        round_before = p.round
        for z in range(p.height):
            p.layers[z] = 0b0111
        place(p, "1I", 1, 1, 0)
        p.layers[0] = 0b0110
        p.layers[1] = 0b0111
        out = lock_now(s, p) + finish_pause(s, p)
        assert BONUS_END in kinds(out) and p.state != OVER and p.state != WAIT
        assert p.round == round_before + 1 and p.bonus == 0
    assert kinds_seen == [1, 2, 3, 1]


def test_bonus_blockout_keeps_the_level():
    s = session(1)
    p = p1(s)
    for _ in range(5):
        clear_round(s, p)
    until_playing(s)
    p.level = 3
    p.layers[0] = 0b0111
    place(p, "1I", 1, 1, 0)
    out = lock_now(s, p)
    assert ev.ALL_CLEAR in kinds(out) and p.level == 3


def test_continue_keeps_round_and_faces_to_go():
    # Source: data sheet intro and 5: continue keeps the round and the remaining faces.
    s = session(10)
    p = p1(s)
    until_playing(s)
    p.faces_left = 6
    p.score = 999
    for z in range(p.height):
        p.layers[z] = p.full & ~1 & ~(1 << 8)
    place(p, "1I", 2, 2, 0)
    out = lock_now(s, p) + finish_pause(s, p)
    assert "continue_wait" in kinds(out) and p.state == WAIT
    assert s.can_join(0) and not s.over
    s.join(0)
    step(s)
    assert p.round == 10 and p.faces_left == 6 and p.level == 1 and p.score == 0
    assert p.cube_count() == 0 and s.playing(0)


def test_no_continue_ends_the_game_after_the_countdown():
    s = session(1)
    p = p1(s)
    until_playing(s)
    for z in range(p.height):
        p.layers[z] = p.full & ~1 & ~(1 << 15)
    place(p, "1I", 3, 3, 0)
    lock_now(s, p)
    finish_pause(s, p)
    out = step(s, frames=d.CONTINUE_FRAMES)
    assert ev.GAME_OVER in kinds(out) and s.over and not s.can_join(0)


def test_versus_face_raises_the_opponent_one_layer():
    # Source: ExoticA flyer text: the cleared layer is added to the opponent's pit.
    s = session(1, players=2, versus=True)
    a, b = s.player(0), s.player(1)
    until_playing(s)
    b.layers[0] = 0b1
    a.layers[0] = a.full & ~1
    place(a, "1I", 0, 0, 0)
    lock_now(s, a)
    assert b.incoming == [a.full & ~1]
    place(b, "1I", 3, 3, 0)
    out = lock_now(s, b) + finish_pause(s, b)
    assert LAYER_RISE in kinds(out)
    assert b.layers[0] == a.full & ~1  # the cleared layer less the clearing piece's cube
    assert b.layers[1] == 0b1 | 1 << 15  # what was there (and b's cube) rose one layer


def test_versus_first_to_21_faces_wins():
    s = session(1, players=2, versus=True)
    a = s.player(0)
    until_playing(s)
    a.faces = 20
    a.layers[0] = a.full & ~1
    place(a, "1I", 0, 0, 0)
    out = lock_now(s, a)
    assert [e.player for e in out if e.kind == VERSUS_WIN] == [0]
    assert s.over and s.winner == 0


def test_versus_top_out_loses():
    s = session(1, players=2, versus=True)
    b = s.player(1)
    until_playing(s, 1)
    for z in range(b.height):
        b.layers[z] = b.full & ~1 & ~(1 << 15)
    place(b, "1I", 3, 3, 0)
    out = lock_now(s, b) + step(s, frames=200)
    assert [e.player for e in out if e.kind == VERSUS_WIN] == [0]
    assert s.over


def test_same_seed_same_game_and_snapshots_restore():
    def run(seed, frames=3000):
        s = session(1, seed=seed)
        inputs = demo_inputs(s)
        for _ in range(frames):
            s.step(next(inputs))
        return s

    assert run(3).state_hash() == run(3).state_hash()
    assert run(3).state_hash() != run(4).state_hash()
    s = session(1, seed=3)
    gen = demo_inputs(s)
    played = []
    for _ in range(1000):
        f = next(gen)
        played.append(f)
        s.step(f)
    snap = s.snapshot()
    later = [next(gen) for _ in range(1000)]
    for f in later:
        s.step(f)
    end = s.state_hash()
    s.restore(snap)
    for f in later:
        s.step(f)
    assert s.state_hash() == end


def test_a_recorded_replay_verifies_and_a_changed_one_does_not():
    settings = {"round": 5}
    seeds = {"main": 77}
    s = session(5, seed=77)
    gen = demo_inputs(s)
    frames: list[InputFrame] = []
    for _ in range(2500):
        f = next(gen)
        frames.append(f)
        s.step(f)
    replay = record(session(5, seed=77), settings, seeds, 1, frames)
    assert replay.final_hash == s.state_hash()
    text = replay.to_text()
    again = Replay.from_text(text)
    assert verify(again, session(5, seed=77)).ok
    again.inputs[50:400] = [0x08] * 350  # the lever held right instead
    assert not verify(again, session(5, seed=77)).ok


def test_round_select_offers_1_5_10_15_20():
    # Source: sal-games data sheet 7: the start round may be 1, 5, 10, 15 or 20.
    from engine.inputs import PlayerInput
    from games.blockout.rules.player import ROUND_SELECT, ROUND_START, SELECT

    s = BlockoutSession(round_table(), {}, {"main": 1}, 1)
    p = p1(s)
    step(s)
    assert p.state == SELECT and s.playing(0)
    seen = []
    for _ in range(6):
        out = step(s, PlayerInput(right=True)) + step(s)
        seen += [e.value for e in out if e.kind == ROUND_SELECT]
    assert seen == [5, 10, 15, 20]
    step(s, PlayerInput(left=True))
    out = step(s, PlayerInput(b2=True))
    assert [e.value for e in out if e.kind == ROUND_START] == [15]
    assert p.round == 15 and (p.width, p.depth, p.height) == (5, 5, 7)
    assert p.state != SELECT


def test_round_select_times_out_on_the_shown_round():
    from games.blockout.rules.player import ROUND_START, SELECT_FRAMES

    s = BlockoutSession(round_table(), {}, {"main": 1}, 1)
    out = step(s, frames=SELECT_FRAMES - 1)
    assert ROUND_START not in kinds(out)
    out = step(s)
    assert [e.value for e in out if e.kind == ROUND_START] == [1]
