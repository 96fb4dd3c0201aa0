"""tetris.wiki "Tetris (Sega)": score table, all clear, level advance, level timer, caps, game
over."""

import pytest

from engine import events as ev
from engine.pieces import I, O
from games.sega.game import Game
from games.sega.player import ACTIVE, CLEAR, OVER
from tests.enginekit import IDLE, first_active, place, set_field, set_level, step_until

# Source: tetris.wiki "Tetris (Sega)" (points for 1-4 lines by level band).
SCORE = {0: (100, 400, 900, 2000), 2: (200, 800, 1800, 4000), 4: (300, 1200, 2700, 6000),
         6: (400, 1600, 3600, 8000), 8: (500, 2000, 4500, 10000)}

# Source: tetris.wiki "Tetris (Sega)" (level timer, required frames by level band).
LEVEL_TIMER = {0: 3480, 1: 2320, 8: 2320, 9: 3480, 10: 3480, 11: 1740, 14: 1740, 15: 3480,
               40: 3480, 98: 3480}


def clear_with_vertical_i(game: Game, lines: int, extra_block: bool = True) -> list[ev.Event]:
    """Fill rows 1..lines except column 10 and drop a vertical I there; lock it."""
    player = game.player(0)
    rows = ["#########."] * lines
    if extra_block:
        rows = ["#.........", *rows]  # stays after the clear: no all clear
    set_field(player, rows)
    place(player, I, 1, 7, 3)  # vertical I in column 10, rows 1-4
    return step_until(game, lambda g: g.player(0).phase != ACTIVE)


def band_of(level: int) -> int:
    return min(level - level % 2, 8)


@pytest.mark.parametrize("lines", [1, 2, 3, 4])
@pytest.mark.parametrize("level", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 50])
def test_score_table_cell(level: int, lines: int) -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, level)
    player.level_lines = 0
    events = clear_with_vertical_i(game, lines)
    assert any(e.kind == ev.LINE_CLEAR and e.value == lines for e in events)
    assert player.score == SCORE[band_of(level)][lines - 1]


def test_all_clear_multiplies_by_ten() -> None:
    game = first_active()
    events = clear_with_vertical_i(game, 4, extra_block=False)
    assert any(e.kind == ev.ALL_CLEAR for e in events)
    assert game.player(0).score == 2000 * 10


def test_level_up_every_4_lines() -> None:
    game = first_active()
    player = game.player(0)
    for n in range(1, 5):
        clear_with_vertical_i(game, 1)
        assert player.level == (1 if n == 4 else 0)
        assert player.lines == n
        step_until(game, lambda g: g.player(0).phase == ACTIVE)


def test_score_uses_the_level_before_the_level_up() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 3)
    player.level_lines = 3
    events = clear_with_vertical_i(game, 4)
    assert player.score == 4000  # level 3's band, not level 4's 6000
    assert player.level == 4
    assert [e.value for e in events if e.kind == ev.LEVEL_UP] == [4]


@pytest.mark.parametrize(("level", "required"), sorted(LEVEL_TIMER.items()))
def test_level_timer_raises_the_level_on_a_non_clearing_lock(level: int, required: int) -> None:
    for timer, raised in ((required - 2, False), (required - 1, True)):
        game = first_active()
        player = game.player(0)
        set_level(player, level)
        set_field(player, [])
        place(player, O, 0, 3, 1)  # already on the floor: locks after the lock delay
        player.level_timer = timer - 29  # the 30 frames until the lock add 30
        step_until(game, lambda g: g.player(0).phase != ACTIVE)
        assert player.level == level + raised, (timer, raised)
        if raised:
            assert player.level_timer == 0


def test_level_timer_counts_every_frame_but_not_during_line_clear_delay() -> None:
    game = first_active()
    player = game.player(0)
    before = player.level_timer
    for _ in range(10):
        game.step(IDLE)
    assert player.level_timer == before + 10
    clear_with_vertical_i(game, 1)
    assert player.phase == CLEAR
    frozen = player.level_timer
    for _ in range(20):
        game.step(IDLE)
    assert player.level_timer == frozen


def test_a_clearing_lock_does_not_use_the_level_timer() -> None:
    game = first_active()
    player = game.player(0)
    player.level_timer = 10_000
    clear_with_vertical_i(game, 1)
    assert player.level == 0


@pytest.mark.parametrize(("counter", "start", "cap"), [("score", 999_000, 999_999),
                                                    ("lines", 997, 999)])
def test_score_and_lines_caps(counter: str, start: int, cap: int) -> None:
    game = first_active()
    player = game.player(0)
    setattr(player, counter, start)
    clear_with_vertical_i(game, 4)
    assert getattr(player, counter) == cap


def test_level_cap() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 99)
    player.level_lines = 3
    events = clear_with_vertical_i(game, 4)
    assert player.level == 99
    assert not any(e.kind == ev.LEVEL_UP for e in events)


def test_game_over_when_the_spawn_is_blocked() -> None:
    game = first_active()
    player = game.player(0)
    set_field(player, ["...###...."] + [".........."] * 19)  # row 20, columns 4-6
    place(player, O, 0, 0, 1)
    events = step_until(game, lambda g: g.over)
    assert player.phase == OVER
    assert [e.kind for e in events].count(ev.GAME_OVER) == 1
    frame_hash = game.state_hash()
    game.step(IDLE)
    assert game.player(0).phase == OVER
    assert frame_hash != game.state_hash()  # the frame counter still runs
