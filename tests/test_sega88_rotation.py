"""tetris.wiki "Tetris (Sega)": Sega rotation states, spawn, counter-clockwise only, no kicks,
ceiling rule."""

import pytest

from engine.pieces import I, J, L, O, S, T, Z, kind_of
from games.sega.rotation import SEGA_ROTATION, cells_of
from tests.enginekit import IDLE, cells_1based, first_active, place, press, set_field

# Source: tetris.wiki "Tetris (Sega)" (the drawn states: spawn, then each counter-clockwise turn).
RULES_DRAWING = {
    "I": ["....|####|....|....", "..#.|..#.|..#.|..#."],
    "J": ["...|###|..#", ".##|.#.|.#.", "...|#..|###", ".#.|.#.|##."],
    "L": ["...|###|#..", ".#.|.#.|.##", "...|..#|###", "##.|.#.|.#."],
    "T": ["...|###|.#.", ".#.|.##|.#.", "...|.#.|###", ".#.|##.|.#."],
    "S": ["...|.##|##.", "#..|##.|.#."],
    "Z": ["...|##.|.##", "..#|.##|.#."],
    "O": [".##.|.##."],
}

# Source: tetris.wiki "Tetris (Sega)" (spawn: I columns 4-7 row 20; O columns 5-6 rows 19-20;
# J, L, S, T, Z columns 4-6 with their top cells in row 20, flat side up).
SPAWN_CELLS = {
    "I": {(4, 20), (5, 20), (6, 20), (7, 20)},
    "O": {(5, 20), (6, 20), (5, 19), (6, 19)},
    "J": {(4, 20), (5, 20), (6, 20), (6, 19)},
    "L": {(4, 20), (5, 20), (6, 20), (4, 19)},
    "T": {(4, 20), (5, 20), (6, 20), (5, 19)},
    "S": {(5, 20), (6, 20), (4, 19), (5, 19)},
    "Z": {(4, 20), (5, 20), (5, 19), (6, 19)},
}


@pytest.mark.parametrize("letter", list(RULES_DRAWING))
def test_every_rotation_state_matches_the_rules(letter: str) -> None:
    kind = kind_of(letter)
    expected = [cells_of(tuple(state.split("|"))) for state in RULES_DRAWING[letter]]
    got = [SEGA_ROTATION.piece_cells(kind, s) for s in range(SEGA_ROTATION.states(kind))]
    assert got == expected


@pytest.mark.parametrize("letter", list(SPAWN_CELLS))
def test_spawn_cells(letter: str) -> None:
    game = first_active()
    player = game.player(0)
    player.next_kind = kind_of(letter)
    player.kind = -1
    player.spawn([])
    assert cells_1based(player) == SPAWN_CELLS[letter]


@pytest.mark.parametrize("button", ["b1", "b2", "b3"])
def test_every_button_rotates_counter_clockwise(button: str) -> None:
    game = first_active()
    player = game.player(0)
    set_field(player, [])
    place(player, L, 0, 3, 10)
    game.step(press(**{button: True}))
    assert player.state == 1  # CCW1 of L is ".#./.#./.##"
    game.step(IDLE)
    game.step(press(**{button: True}))
    assert player.state == 2


def test_three_buttons_pressed_together_rotate_once() -> None:
    game = first_active()
    player = game.player(0)
    place(player, T, 0, 3, 10)
    game.step(press(b1=True, b2=True, b3=True))
    assert player.state == 1


def test_held_button_rotates_only_on_the_press() -> None:
    game = first_active()
    player = game.player(0)
    place(player, T, 0, 3, 10)
    for _ in range(5):
        game.step(press(b1=True))
    assert player.state == 1


def test_o_never_rotates() -> None:
    game = first_active()
    player = game.player(0)
    place(player, O, 0, 3, 10)
    before = cells_1based(player)
    game.step(press(b1=True))
    assert cells_1based(player) == before


def test_no_wall_kick_rotation_that_does_not_fit_does_nothing() -> None:
    game = first_active()
    player = game.player(0)
    # Vertical I in column 10 (box x = 7, cells in box column 2): turning flat would need
    # columns 8-11, so it must fail and leave the piece where it is.
    place(player, I, 1, 7, 10)
    before = cells_1based(player)
    assert {c for c, _ in before} == {10}
    game.step(press(b1=True))
    assert player.state == 1
    assert cells_1based(player) == before


def test_no_kick_rotation_into_blocks_does_nothing() -> None:
    game = first_active()
    player = game.player(0)
    # A block at column 5, row 5 sits where T's CCW1 state needs a cell.
    set_field(player, ["....#....."] + [".........."] * 4)
    place(player, T, 0, 3, 4)  # bar in row 4, stem in row 3, columns 4-6
    assert cells_1based(player) == {(4, 4), (5, 4), (6, 4), (5, 3)}
    game.step(press(b1=True))
    assert player.state == 0
    assert cells_1based(player) == {(4, 4), (5, 4), (6, 4), (5, 3)}


@pytest.mark.parametrize("letter", ["I", "J", "L", "S", "T", "Z"])
def test_ceiling_rule_no_rotation_on_the_spawn_row(letter: str) -> None:
    game = first_active()
    player = game.player(0)
    player.next_kind = kind_of(letter)
    player.kind = -1
    player.spawn([])
    game.step(press(b1=True))
    assert player.state == 0, "rotation above row 20 must fail"
    # One row lower, the same rotation works.
    player.y -= 1
    game.step(IDLE)
    game.step(press(b1=True))
    assert player.state == 1
    assert max(r for _, r in cells_1based(player)) <= 20


def test_rotation_states_cycle_back_to_spawn() -> None:
    for kind in (I, J, L, S, T, Z):
        n = SEGA_ROTATION.states(kind)
        state = 0
        for _ in range(n):
            state = SEGA_ROTATION.ccw(kind, state)
        assert state == 0
