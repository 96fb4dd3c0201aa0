"""Bloxeed versus mode (OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed")."""

from __future__ import annotations

import pytest

from engine import GameSettings
from engine.pieces import I, O
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.extras import BloxeedExtras
from games.sega.game import Game
from games.sega.player import Player
from games.sega88.rules import SEGA88
from tests.bloxeed_kit import drop_and_lock, frames_of, run, run_until, set_field, values_of


def versus() -> tuple[Game, Player, Player]:
    game = Game(BLOXEED, GameSettings(versus=True), seed=0, players=2)
    run_until(game, "spawn", player=1)
    return game, game.player(0), game.player(1)


def ex(p: Player) -> BloxeedExtras:
    assert isinstance(p.extras, BloxeedExtras)
    return p.extras


def test_versus_needs_two_players() -> None:
    with pytest.raises(ValueError, match="2 players"):
        Game(BLOXEED, GameSettings(versus=True), players=1)


def test_versus_is_refused_for_rules_without_it() -> None:
    with pytest.raises(ValueError, match="versus"):
        Game(SEGA88, GameSettings(versus=True), players=2)


def test_garbage_meter_is_off_in_versus() -> None:
    game = Game(BLOXEED, GameSettings(versus=True), seed=0, players=2)
    seen = run(game, 700)
    assert frames_of(seen, "meter_lamp", 0) == frames_of(seen, "meter_lamp", 1) == []
    assert ex(game.player(0)).meter_lamps == 0


def test_a_single_sends_nothing() -> None:
    game, p1, p2 = versus()
    set_field(p1, ["#.........", "#########."])
    _, seen = drop_and_lock(game, I, 1, 7)
    assert values_of(seen, "line_clear") == [1]
    assert frames_of(seen, "versus_attack") == [] and ex(p2).incoming == []


def test_a_double_sends_one_row_with_the_hole_under_the_leftmost_cell() -> None:
    game, p1, p2 = versus()
    set_field(p1, ["....#.....", "..########", "..########"])
    _lock, seen = drop_and_lock(game, O, 0, -1)  # the O fills columns 1-2
    assert values_of(seen, "versus_attack") == [1]
    assert ex(p2).incoming == [0]
    # It rises at player 2's next non-clearing lock, after the garbage delay.
    set_field(p2, [])
    lock2, seen = drop_and_lock(game, O, 0, 3, player=1)
    seen += run(game, 12)
    assert frames_of(seen, "garbage_rise", 1) == [lock2 + 11]
    assert p2.field.to_text()[-1] == ".#########"
    assert p2.field.cells[0][1] == 8  # grey
    assert p2.field.to_text()[-3:-1] == ["....##....", "....##...."]
    assert ex(p2).garbage_rows == 1 and ex(p2).incoming == []


def test_four_lines_send_three_rows() -> None:
    game, p1, p2 = versus()
    set_field(p1, ["#.........", *["#########."] * 4])
    drop_and_lock(game, I, 1, 7)  # leftmost cell in column 10
    assert ex(p2).incoming == [9, 9, 9]
    set_field(p2, [])
    drop_and_lock(game, O, 0, 3, player=1)
    run_until(game, "garbage_rise", player=1)
    assert p2.field.to_text()[-3:] == ["#########."] * 3


def test_rows_wait_while_the_receiver_clears() -> None:
    game, _p1, p2 = versus()
    ex(p2).incoming.extend([4])
    set_field(p2, ["#.........", "#########."])
    _, seen = drop_and_lock(game, I, 1, 7, player=1)
    seen += run_until(game, "spawn", player=1)[1]
    assert frames_of(seen, "garbage_rise", 1) == []
    assert ex(p2).incoming == [4]


def test_first_to_top_out_loses() -> None:
    game, p1, p2 = versus()
    set_field(p2, ["#........."] * 20)  # any rising row pushes a block above the ceiling
    ex(p2).incoming.append(5)
    lock, seen = drop_and_lock(game, O, 0, 3, player=1)
    seen += run(game, 12)
    assert frames_of(seen, "game_over", 1) == [lock + 11]
    assert frames_of(seen, "versus_win", 0) == [lock + 11]
    assert p1.over and p2.over and game.over
