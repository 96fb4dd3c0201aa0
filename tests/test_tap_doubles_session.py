"""Doubles on the board: DOUBLES on the mode select (one credit for both players, through
the real cabinet machine), rules id tap-doubles, and the GameSession seam (summary,
state_hash, snapshot/restore)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from engine.inputs import InputFrame, PlayerInput
from engine.session import GameSession
from firmware.inputscript import random_inputs
from games.arika.session import MODE_CURSOR, MODE_START
from games.registry import cartridge, new_session
from games.tap.doubles import DoublesBoard
from games.tap.rules.doubles import DOUBLES, DoublesPlayer
from games.tap.rules.modes import MASTER, MODES
from games.tap.session import SELECT_FRAMES
from tests.kiosk_kit import Rig, p1, p2

RIGHT = InputFrame(p1=PlayerInput(right=True))
IDLE = InputFrame()


def to_doubles(session: DoublesBoard) -> list[int]:
    """From MASTER, lever right three times to DOUBLES; the cursor events seen."""
    seen = [e.value for e in session.step(IDLE) if e.kind == MODE_CURSOR]  # Start let go
    for _ in range(3):
        for frame in (RIGHT, IDLE):
            seen += [e.value for e in session.step(frame) if e.kind == MODE_CURSOR]
    return seen


def test_doubles_is_the_fifth_entry_and_starts_both_players() -> None:
    s = DoublesBoard("tap", {}, {"main": 7}, 1)
    assert s.choices(0) == (*MODES, DOUBLES)
    assert s.mode_of(0) == MASTER
    assert to_doubles(s) == [2, 3, 4]
    assert s.mode_of(0) == DOUBLES and s.pair is None
    events = s.step(InputFrame(p1=PlayerInput(b1=True)))
    assert [(e.player, e.value) for e in events if e.kind == MODE_START] == [(0, len(MODES))]
    assert s.pair is not None and s.doubles
    assert s.playing(0) and s.playing(1)
    assert not s.can_join(1) and not s.can_join(0)  # P2 is in on P1's credit
    assert all(isinstance(p, DoublesPlayer) for p in s.players)
    assert s.seeds_out() != {"main": 7}  # the game's seed was used, as for any mode


def test_the_select_timing_out_on_doubles_plays_it() -> None:
    s = DoublesBoard("tap", {}, {"main": 7}, 1)
    to_doubles(s)
    for _ in range(SELECT_FRAMES):
        s.step(IDLE)
    assert s.pair is not None


def test_doubles_is_not_listed_while_the_other_side_is_busy() -> None:
    s = DoublesBoard("tap", {}, {"main": 7}, 2)
    assert s.choices(0) == MODES and s.choices(1) == MODES
    s = DoublesBoard("tap", {}, {"main": 7}, 1)
    to_doubles(s)
    s.join(1)  # P2 joins with a credit while P1 highlights DOUBLES
    assert s.mode_of(0) == MASTER and s.choices(0) == MODES


def test_rules_id_tap_doubles_plays_both_on_one_start() -> None:
    s = new_session(DOUBLES, {}, {"main": 3}, 1)
    assert isinstance(s, DoublesBoard) and s.pair is not None
    assert s.playing(0) and s.playing(1) and not s.can_join(1)
    summary = s.summary(1)
    assert summary is not None and summary["mode"] == DOUBLES and summary["level"] == 0
    with pytest.raises(ValueError, match="unknown rules"):
        new_session("tap-quadruples", {}, {"main": 3}, 1)


def play(s: GameSession, frames: int, seed: int) -> None:
    for frame in itertools.islice(random_inputs(seed, players=2), frames):
        s.step(frame)


def test_snapshot_restore_and_state_hash_through_the_seam() -> None:
    s = new_session(DOUBLES, {}, {"main": 11}, 1)
    play(s, 900, 1)
    snap = s.snapshot()
    hash_then = s.state_hash()
    play(s, 900, 2)
    ahead = s.state_hash()
    assert ahead != hash_then
    fresh = new_session(DOUBLES, {}, {"main": 99}, 1)  # another game, restored
    fresh.restore(snap)
    assert fresh.state_hash() == hash_then
    play(fresh, 900, 2)
    assert fresh.state_hash() == ahead
    s.restore(snap)
    assert s.state_hash() == hash_then
    # Into the board's session still in its mode select: the pair comes back whole.
    board = new_session("tap", {}, {"main": 0}, 1)
    board.restore(snap)
    assert isinstance(board, DoublesBoard) and board.pair is not None
    a, b = board.pair.players
    assert a.board is b.board is board.pair.board
    play(board, 900, 2)
    play(s, 900, 2)
    assert board.pair.snapshot()[0] == s.pair.snapshot()[0]  # type: ignore[attr-defined]
    assert board.players[1].hash_items() == s.players[1].hash_items()  # type: ignore[attr-defined]


def test_a_doubles_game_ends_and_ranks_nowhere() -> None:
    s = new_session(DOUBLES, {}, {"main": 5}, 1)
    down = InputFrame(p1=PlayerInput(down=True), p2=PlayerInput(down=True))
    for _ in range(20_000):
        if s.over:
            break
        s.step(down)
    assert s.over
    spec = cartridge("tap").board.ranking
    for index in (0, 1):
        summary = s.summary(index)
        assert summary is not None and summary["mode"] == DOUBLES
        assert int(summary["level"]) > 0 and summary["cleared"] == 0
        assert not spec.qualifies(summary)


def test_one_credit_pays_for_both_on_the_cabinet(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="tap")
    try:
        rig.coin(1)
        assert rig.machine.credits == 1
        rig.press(p1(start=True))
        game = rig.machine.game
        assert isinstance(game, DoublesBoard)
        for _ in range(3):
            rig.press(p1(right=True))
        rig.press(p1(b1=True))
        assert game.pair is not None
        assert game.playing(0) and game.playing(1)
        assert rig.machine.credits == 0 and rig.machine.games_started == 1
        assert rig.machine.start_lamps == (False, False)
        rig.press(p2(start=True))  # no credit needed, none taken, nothing changes
        assert rig.machine.games_started == 1 and game.pair is not None
        rig.frames(80, p2(left=True))  # P2's lever moves P2's piece
        assert {c for _, c in game.players[1].piece_cells()} <= {0, 1, 2, 3, 4, 5, 6, 7}
    finally:
        rig.close()


def test_rules_document(capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.cli import main

    assert main(["rules", DOUBLES, "--json"]) in (0, None)
    doc = json.loads(capsys.readouterr().out)
    assert doc["well_width"] == 14 and doc["goal"] == 300 and doc["level_stops"] == [299]
    for name in ("doubles_spawn_columns", "doubles_gravity", "doubles_delays",
                 "doubles_spawn_overlap", "doubles_credits"):
        entry = doc["decisions"][name]
        assert entry["why"] and "value" in entry


# ---- the recorded game and the screen ------------------------------------------------------
REPLAY = Path(__file__).parent / "data" / "tap-doubles.rpl"


def test_the_recorded_doubles_game_verifies() -> None:
    from engine.replay import Replay, verify

    replay = Replay.from_text(REPLAY.read_text())
    assert replay.rules == "tap" and replay.players == 1  # picked on the select, one credit
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    verdict = verify(replay, session)
    assert verdict.ok, verdict
    assert isinstance(session, DoublesBoard) and session.pair is not None and session.over
    a, b = session.pair.players
    # The Doubles bot takes both players to 300 and into the credits (a top-out there
    # ends both games, still cleared).
    assert a.level == b.level == 300 and a.lines > 0 and b.lines > 0
    assert a.finished and b.finished and (a.topped_out or b.topped_out)
    assert session.pair.clock > 0


def test_the_recording_is_reproduced_by_the_bot() -> None:
    from engine.replay import Replay
    from games.tap.doubles_demo import doubles_game_inputs

    replay = Replay.from_text(REPLAY.read_text())
    frames = doubles_game_inputs(replay.seeds["main"])
    assert [f.to_bits() for f in frames] == replay.inputs


def test_the_doubles_screen(tmp_path: Path) -> None:
    import numpy as np
    import pygame

    from cabinet.video.palette import UI, cell_rgb
    from cabinet.video.screen import new_native
    from games.cartridge import PlayView
    from games.tap.doubles_screen import CELL, WELL_W, WELL_X, WELL_Y

    assert WELL_W == 14 * CELL and WELL_X >= 96 and WELL_X + WELL_W <= 320 - 96
    s = new_session(DOUBLES, {}, {"main": 2}, 1)
    draw = cartridge("tap").presentation.draw_play
    for _ in range(200):
        s.step(InputFrame(p1=PlayerInput(left=True), p2=PlayerInput(right=True)))
    surface = new_native()
    draw(surface, PlayView(s, credits=1, free_play=False, frame=s.frame))
    pixels = pygame.surfarray.array3d(surface)
    assert isinstance(s, DoublesBoard) and s.pair is not None
    for p in s.pair.players:  # each piece where the session has it
        for row, col in p.piece_cells():
            x = WELL_X + col * CELL + 2
            y = WELL_Y + (20 - row) * CELL + 2
            assert tuple(pixels[x, y]) == cell_rgb(p.kind + 1), (p.index, row, col)
    # The two figure columns sit left and right of the well.
    left = pixels[:WELL_X - 4]
    right = pixels[WELL_X + WELL_W + 4:]
    for side in (left, right):
        assert (side == UI["value"]).all(axis=2).any()
    path = tmp_path / "doubles.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 0
    # The end: the results.
    while not s.over:
        s.step(InputFrame(p1=PlayerInput(down=True), p2=PlayerInput(down=True)))
    draw(surface, PlayView(s, credits=0, free_play=False, frame=s.frame))
    assert (pygame.surfarray.array3d(surface) == UI["alert"]).all(axis=2).any()
    assert not np.array_equal(pixels, pygame.surfarray.array3d(surface))


def test_the_select_lists_doubles() -> None:
    import pygame

    from cabinet.video.palette import UI
    from cabinet.video.screen import new_native
    from games.cartridge import PlayView

    s = DoublesBoard("tap", {}, {"main": 2}, 1)
    draw = cartridge("tap").presentation.draw_play
    surface = new_native()
    draw(surface, PlayView(s, credits=1, free_play=False, frame=0))
    before = pygame.surfarray.array3d(surface).copy()
    to_doubles(s)
    draw(surface, PlayView(s, credits=1, free_play=False, frame=0))
    after = pygame.surfarray.array3d(surface)
    lit = (after == UI["highlight"]).all(axis=2)
    ys = sorted({int(y) for y in lit.nonzero()[1]})
    lit_before = (before == UI["highlight"]).all(axis=2)
    assert ys and min(ys) > max(int(y) for y in lit_before.nonzero()[1])  # fifth line lit


def test_the_cartridge_demo_player_plays_a_doubles_session() -> None:
    """`bloxcab sim --rules tap-doubles --inputs demo` (and attract mode) hand a Doubles
    session to the cartridge's demo player: it must drive both halves of the 14-wide well,
    not plan one side as a 10-wide well (that raised "negative shift count")."""
    session = new_session(DOUBLES, {}, {"main": 8}, 2)
    assert isinstance(session, DoublesBoard)
    player = cartridge("tap").presentation.demo_player
    assert player is not None
    inputs = player(session)
    for _ in range(3000):
        session.step(next(inputs))
        if session.over:
            break
    levels = [s["level"] for s in (session.summary(0), session.summary(1)) if s is not None]
    assert len(levels) == 2 and min(int(v) for v in levels) > 0
