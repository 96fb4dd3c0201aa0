"""TAP Versus (tetris.wiki, "Tetris The Absolute The Grand Master 2", Versus; "TGM Versus
Mode Guide"): a challenger joins by Start, "no more challenger", the match in P1's mode with
its speeds, the same pieces, the target and time limit, the ways to win, first to 2, the
items-off and Cement options, the Item mode code, garbage between the fields, replays."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from engine.pieces import I
from engine.replay import CHECKPOINT_EVERY, Replay, verify
from games.arika import speeds
from games.arika.board import Board
from games.arika.events import GARBAGE_RISE
from games.arika.player import ACTIVE, OVER, READY
from games.arika.timing import TWENTY_G
from games.registry import new_session
from games.tap.rules.match import (
    DRAW,
    FINISHED,
    GAME_RESULT,
    INTERVAL,
    INTERVAL_FRAMES,
    MATCH_RESULT,
    PLAYING,
    VERSUS,
    Match,
    MatchSettings,
    check_target,
    time_limit,
)
from games.tap.rules.modes import DEATH, MASTER, NORMAL, PLUS
from games.tap.rules.versus_player import ITEM_FIRED, VersusPlayer
from games.tap.versus import CHALLENGE, ITEM_MODE, NO_MORE_CHALLENGER, VersusBoard
from games.tap.versus_demo import versus_inputs

IDLE = InputFrame()
A = PlayerInput(b1=True)


def run(board: VersusBoard, frames: int, frame: InputFrame = IDLE) -> list[Event]:
    out: list[Event] = []
    for _ in range(frames):
        out += board.step(frame)
    return out


def single(mode: str = MASTER) -> VersusBoard:
    """P1 playing ``mode`` alone, past READY."""
    board = VersusBoard(mode, {}, {"main": 9}, 1)
    run(board, 80)
    assert board.player(0).phase != READY
    return board


def challenge(board: VersusBoard) -> list[Event]:
    """P2's Start (the machine took the credit), Start let go, then A: YES."""
    board.join(1)
    assert board.prompt[1] == 0 and board.playing(1)
    return run(board, 1) + run(board, 1, InputFrame(p2=A))


def match_of(board: VersusBoard) -> Match:
    assert board.match is not None
    return board.match


# ---- joining --------------------------------------------------------------------------
def test_a_challenger_ends_p1s_game_and_the_match_starts_in_p1s_mode() -> None:
    board = single(DEATH)
    out = challenge(board)
    assert Event(CHALLENGE, 1, 2) in out
    m = match_of(board)
    assert board.players == [None, None]  # P1's own game is over
    assert [p.rules.id for p in m.players] == [DEATH, DEATH]
    assert m.players[0].g >= TWENTY_G  # Death's own speed curve
    assert board.playing(0) and board.playing(1)
    summary = board.summary(0)
    assert summary is not None and summary["mode"] == VERSUS


def test_normal_is_played_as_master_and_plus_keeps_its_speeds() -> None:
    board = single(NORMAL)
    challenge(board)
    assert match_of(board).rules.id == MASTER
    assert match_of(board).rules.gravity_rows == speeds.MASTER_GRAVITY
    board = single(PLUS)
    challenge(board)
    assert match_of(board).rules.id == PLUS


def test_no_means_a_game_of_your_own() -> None:
    board = single()
    board.join(1)
    out = run(board, 1)
    out += run(board, 1, InputFrame(p2=PlayerInput(right=True)))
    assert board.prompt[1] == 1
    out += run(board, 2, InputFrame(p2=PlayerInput()))
    out += run(board, 1, InputFrame(p2=A))
    assert Event(CHALLENGE, 1, 0) in out
    assert board.match is None and board.player(0).phase != OVER
    assert board.player(1).rules.id == MASTER  # P2's own game (this board plays Master)


def test_the_question_times_out_to_yes() -> None:
    board = single()
    board.join(1)
    run(board, 600)
    assert board.match is not None


def test_p1s_start_blocks_challengers() -> None:
    board = single()
    out = run(board, 1, InputFrame(p1=PlayerInput(start=True)))
    assert Event(NO_MORE_CHALLENGER, 0, 1) in out
    board.join(1)
    assert board.prompt[1] is None and board.match is None
    assert board.player(1).phase != OVER  # P2 plays a game of their own


def test_two_players_starting_together_play_their_own_games() -> None:
    board = VersusBoard(MASTER, {}, {"main": 1}, 2)
    assert board.match is None and board.prompt == [None, None]
    assert board.player(1).rules.id == MASTER


# ---- the match ---------------------------------------------------------------------------
def test_both_players_get_the_same_pieces() -> None:
    m = Match(MatchSettings(), 1234)
    a, b = m.players
    assert [a.randomizer.next() for _ in range(200)] == [b.randomizer.next() for _ in range(200)]
    first = m.players[0].randomizer.state()
    m._end_game(0, [])
    for _ in range(INTERVAL_FRAMES):
        m.step(IDLE, [])
    a, b = m.players  # the next game: new pieces, the same for both
    assert a.randomizer.state() == b.randomizer.state() != first
    assert [a.randomizer.next() for _ in range(50)] == [b.randomizer.next() for _ in range(50)]


def test_target_and_time_limit() -> None:
    assert time_limit(200) == 2 * 80 * 60  # 2:40:00
    assert time_limit(100) == 80 * 60 and time_limit(300) == 4 * 60 * 60
    for bad in (0, 150, 1000, "200", True):
        with pytest.raises(ValueError):
            check_target(bad)
    m = Match(MatchSettings(target=300), 1)
    assert m.rules.goal == 300 and 299 in m.rules.level_stops and 199 in m.rules.level_stops
    assert m.limit == 14400


def ready(m: Match) -> None:
    while m.players[0].phase != ACTIVE:
        m.step(IDLE, [])


def test_reaching_the_target_wins_at_once() -> None:
    m = Match(MatchSettings(), 5)
    ready(m)
    p = m.players[0]
    p.set_level(199)
    p.board = Board.from_text(["#########."])
    p.kind, p.state, p.x = I, 1, 7  # upright I over the gap at column 9
    out: list[Event] = []
    m.step(InputFrame(p1=PlayerInput(up=True, down=True)), out)
    assert p.level == 200 and p.finished
    assert Event(GAME_RESULT, 0, 0) in out and m.wins == [1, 0]
    assert m.phase == INTERVAL


def test_topping_out_loses() -> None:
    m = Match(MatchSettings(), 5)
    ready(m)
    m.players[1].board = Board.from_text(["#########."] * 21)
    out: list[Event] = []
    for _ in range(200):
        m.step(InputFrame(p2=PlayerInput(up=True, down=True)), out)
        if m.phase != PLAYING:
            break
    assert m.players[1].topped_out and Event(GAME_RESULT, 0, 0) in out


@pytest.mark.parametrize(("levels", "result"), [((50, 40), 0), ((40, 50), 1), ((45, 45), DRAW)])
def test_at_time_out_the_higher_level_wins(levels: tuple[int, int], result: int) -> None:
    m = Match(MatchSettings(), 5)
    ready(m)
    for p, level in zip(m.players, levels, strict=True):
        p.set_level(level)
    m.clock = m.limit - 1
    out: list[Event] = []
    m.step(IDLE, out)
    assert Event(GAME_RESULT, 0, result) in out
    assert m.wins == ([1, 0] if result == 0 else [0, 1] if result == 1 else [0, 0])


def test_first_to_two_games_wins_the_match() -> None:
    m = Match(MatchSettings(wins=2), 5)
    out: list[Event] = []
    for winner in (1, DRAW, 0, 1):
        m._end_game(winner, out)
        if m.phase == INTERVAL:
            for _ in range(INTERVAL_FRAMES):
                m.step(IDLE, out)
            assert m.phase == PLAYING and m.players[0].level == 0
    assert m.phase == FINISHED and m.winner == 1 and m.wins == [1, 2]
    assert Event(MATCH_RESULT, 0, 1) in out


def test_the_game_cap_ends_a_match_of_draws() -> None:
    m = Match(MatchSettings(wins=2), 5)
    for _ in range(5):
        m._end_game(DRAW, [])
        if m.phase == INTERVAL:
            m.left = 1
            m.step(IDLE, [])
    assert m.phase == FINISHED and m.winner == DRAW


def test_wins_setting_comes_from_the_board_settings() -> None:
    board = VersusBoard(VERSUS, {"versus_target": 100, "versus_wins": 3}, {"main": 2}, 2)
    m = match_of(board)
    assert m.settings.wins == 3 and m.limit == 4800 and m.rules.goal == 100
    with pytest.raises(ValueError):
        VersusBoard(VERSUS, {"versus_wins": 0}, {"main": 2}, 2)


# ---- the options at the start -------------------------------------------------------
def options(hold: PlayerInput) -> Match:
    m = Match(MatchSettings(), 3)
    while m.players[0].phase == READY:
        m.step(InputFrame(hold, hold), [])
    return m


def test_both_holding_start_plays_without_items() -> None:
    m = options(PlayerInput(start=True))
    assert not m.items_on and m.garbage_on
    assert not any(p.side.items_on for p in m.players)
    m = options(PlayerInput())
    assert m.items_on and m.garbage_on


def test_start_and_a_b_plays_cement() -> None:
    m = options(PlayerInput(start=True, b1=True, b2=True))
    assert not m.items_on and not m.garbage_on


# ---- garbage between the fields --------------------------------------------------------
def test_garbage_enters_at_the_receivers_next_lock_without_a_clear() -> None:
    m = Match(MatchSettings(), 5)
    ready(m)
    a, b = m.players
    a.board = Board.from_text(["#########.", "#########."])
    a.kind, a.state, a.x = I, 1, 7
    b.board = Board.from_text([".....#####"])
    drop = PlayerInput(up=True, down=True)
    m.step(InputFrame(p1=drop), [])
    assert len(b.side.queue) == 2 and a.side.sent == 2
    while b.phase != ACTIVE:
        m.step(IDLE, [])
    b.kind, b.state, b.x = I, 0, 0  # flat I on the left: no clear
    out: list[Event] = []
    m.step(InputFrame(p2=drop), out)
    assert Event(GARBAGE_RISE, 1, 2) in out
    # The copies of a's cleared rows, holes where a's I was, below b's own stack.
    assert b.board.to_text(4) == ["..........", "####.#####", "#########.", "#########."]
    assert b.side.received == 2 and len(b.side.queue) == 0


# ---- the Item mode ------------------------------------------------------------------
def test_b_c_and_start_at_ready_plays_the_item_mode() -> None:
    board = VersusBoard(MASTER, {}, {"main": 9}, 1)
    run(board, 10)
    out = run(board, 1, InputFrame(p1=PlayerInput(b2=True, b3=True, start=True)))
    assert Event(ITEM_MODE, 0, 1) in out
    p = board.player(0)
    assert isinstance(p, VersusPlayer) and p.side.other is p and p.side.item_mode
    normal = VersusBoard(NORMAL, {}, {"main": 9}, 1)
    run(normal, 10)
    run(normal, 1, InputFrame(p1=PlayerInput(b2=True, b3=True, start=True)))
    assert not isinstance(normal.player(0), VersusPlayer)


# ---- replays ------------------------------------------------------------------------
def test_a_recorded_versus_match_verifies() -> None:
    settings = {"versus": True, "versus_target": 100}
    board = VersusBoard("tap", settings, {"main": 4}, 2)
    replay = Replay("tap", dict(settings), {"main": 4}, 2, [], rules_version=board.rules_version)
    inputs = versus_inputs(board)
    kinds: set[str] = set()
    for number in itertools.count(1):
        frame = next(inputs)
        replay.inputs.append(frame.to_bits())
        kinds |= {e.kind for e in board.step(frame)}
        if number % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number] = board.state_hash()
        if board.over or number >= 30_000:
            break
    replay.final_hash = board.state_hash()
    assert board.over and GAME_RESULT in kinds and MATCH_RESULT in kinds
    fresh = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    assert verify(Replay.from_text(replay.to_text()), fresh).ok
    # A changed input frame is caught.
    for k in range(700, 760):
        replay.inputs[k] |= 0x04  # P1's lever held left a second
    fresh = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    assert not verify(replay, fresh).ok


def test_snapshot_and_restore_mid_match() -> None:
    board = VersusBoard(VERSUS, {}, {"main": 8}, 2)
    inputs = versus_inputs(board)
    for _ in range(1500):
        board.step(next(inputs))
    snap = board.snapshot()
    expect = board.state_hash()
    frames = [next(inputs) for _ in range(500)]
    for f in frames:
        board.step(f)
    later = board.state_hash()
    board.restore(snap)
    assert board.state_hash() == expect
    for f in frames:
        board.step(f)
    assert board.state_hash() == later


def test_the_attract_demo_shows_a_challenger_and_a_match() -> None:
    from firmware.kiosk import load_demos

    demo = load_demos()["tap"]
    assert demo.rules == DEATH and demo.joins == [(840, 1)]
    board = new_session(demo.rules, demo.settings, demo.seeds, demo.players)
    assert isinstance(board, VersusBoard)
    events: list[Event] = []
    for number, bits in enumerate(demo.inputs, start=1):
        if number == 840:
            board.join(1)
        events += board.step(InputFrame.from_bits(bits))
    assert Event(CHALLENGE, 1, 2) in events
    m = match_of(board)
    assert m.rules.id == DEATH and all(p.level > 30 for p in m.players)
    assert {e.kind for e in events} >= {ITEM_FIRED, GARBAGE_RISE}


def test_on_the_cabinet_p2s_credit_and_start_challenge_p1(tmp_path: Path) -> None:
    """The real state machine: P1 pays and plays, P2 pays and presses Start, answers YES;
    both play the match on P2's credit; the match's end is GAME OVER and ranks nothing."""
    from firmware.machine import Screen
    from tests.kiosk_kit import Rig, p1, p2

    rig = Rig(tmp_path, game="tap")
    try:
        rig.coin(1)
        rig.coin(1)
        rig.press(p1(start=True))  # P1's game: the mode select
        rig.press(p1(b1=True))  # Master
        rig.frames(200)
        game = rig.machine.game
        assert isinstance(game, VersusBoard) and game.player(0).rules.id == MASTER
        assert rig.machine.credits == 1
        rig.press(p2(start=True))
        assert rig.machine.credits == 0 and game.prompt[1] == 0
        rig.press(p2(b1=True))
        assert game.match is not None
        assert rig.machine.start_lamps == (False, False)
        for _ in range(40_000):  # idle players top out, game after game
            if rig.machine.screen != Screen.PLAY:
                break
            rig.step()
        assert game.over and rig.machine.screen == Screen.GAME_OVER
        assert not rig.machine.rank_queue
    finally:
        rig.close()


def test_an_item_mode_game_restores_from_a_snapshot() -> None:
    board = VersusBoard(MASTER, {}, {"main": 6}, 1)
    run(board, 10)
    run(board, 1, InputFrame(p1=PlayerInput(b2=True, b3=True, start=True)))
    inputs = versus_inputs(board)
    for _ in range(3000):
        board.step(next(inputs))
    p = board.player(0)
    assert isinstance(p, VersusPlayer) and p.pieces > 21 and p.side.fired
    other = VersusBoard(MASTER, {}, {"main": 6}, 1)
    other.restore(board.snapshot())
    assert other.state_hash() == board.state_hash()
    frames = [next(inputs) for _ in range(600)]
    for f in frames:
        board.step(f)
        other.step(f)
    assert other.state_hash() == board.state_hash()
