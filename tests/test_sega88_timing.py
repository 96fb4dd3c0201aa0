"""tetris.wiki "Tetris (Sega)" and 2: delays counted to the exact frame, gravity, soft drop, DAS."""

import pytest

from engine import Difficulty, GameSettings, InputFrame, PlayerInput
from engine import events as ev
from engine.pieces import I, O, T
from games.sega.game import Game
from games.sega.player import ACTIVE, ARE, CLEAR
from games.sega88.rules import SEGA88
from tests.enginekit import IDLE, first_active, place, press, set_field, set_level, step_until

# Source: tetris.wiki "Tetris (Sega)" (delays).
ARE_FRAMES, LOCK_DELAY, LINE_CLEAR_DELAY, DAS = 30, 30, 42, 20

# Source: tetris.wiki "Tetris (Sega)" (gravity table, frames per row: Easy, Normal, Hard, Hardest).
GRAVITY = {
    0: (48, 48, 40, 30), 1: (32, 24, 20, 15), 2: (24, 18, 16, 12), 3: (18, 15, 12, 10),
    4: (14, 12, 10, 8), 5: (12, 10, 8, 6), 6: (10, 8, 6, 4), 7: (8, 6, 4, 2),
    8: (6, 4, 2, 1), 9: (4, 2, 1, 1), 10: (12, 10, 10, 8), 11: (10, 8, 8, 6),
    12: (8, 6, 6, 4), 13: (6, 4, 4, 2), 14: (4, 2, 2, 1), 15: (2, 1, 1, 1),
}


def frames_of(game: Game, kind: str, start: int) -> list[int]:
    """Frame numbers (from ``start``) of events of ``kind`` over the next steps."""
    out = []
    for _ in range(400):
        for e in game.step(IDLE):
            if e.kind == kind:
                out.append(game.frame)
        if out:
            return out
    return out


def test_first_piece_spawns_on_frame_are_plus_one() -> None:
    game = Game(SEGA88)
    spawned = None
    for _ in range(100):
        if any(e.kind == ev.SPAWN for e in game.step(IDLE)):
            spawned = game.frame
            break
    assert spawned == ARE_FRAMES + 1


def test_are_30_between_lock_and_next_spawn() -> None:
    game = first_active()
    events = step_until(game, lambda g: g.player(0).phase == ARE)
    assert any(e.kind == ev.LOCK for e in events)
    lock_frame = game.frame
    step_until(game, lambda g: g.player(0).phase == ACTIVE)
    assert game.frame == lock_frame + ARE_FRAMES + 1


def test_lock_delay_30_frames_after_landing() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 15)  # 1G on Normal
    land = None
    for _ in range(200):
        kinds = [e.kind for e in game.step(IDLE)]
        if ev.LAND in kinds:
            land = game.frame
        if ev.LOCK in kinds:
            break
    assert land is not None
    assert game.frame == land + LOCK_DELAY


def test_step_reset_only_when_moving_down() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 15)  # 1G
    set_field(player, ["######...."])  # a ledge in row 1, columns 1-6
    place(player, O, 0, 3, 3)  # O in columns 5-6
    step_until(game, lambda g: g.player(0).y == 2)  # resting on the ledge (rows 2-3)
    landed = game.frame
    assert player.lock_left == LOCK_DELAY
    # Sliding along the ledge does not reset the lock delay.
    for frame in (press(left=True), IDLE, press(right=True), IDLE, press(right=True), IDLE):
        game.step(frame)
    assert game.frame == landed + 6
    assert player.lock_left == LOCK_DELAY - 6
    # Off the ledge (columns 7-8): it falls a row in the same frame and the delay resets.
    game.step(press(right=True))
    assert player.y == 1
    assert player.lock_left == LOCK_DELAY
    fell = game.frame
    locked = None
    for _ in range(40):
        if any(e.kind == ev.LOCK for e in game.step(IDLE)):
            locked = game.frame
            break
    assert locked == fell + LOCK_DELAY


def test_line_clear_delay_42_then_are_30() -> None:
    game = first_active()
    player = game.player(0)
    set_field(player, ["#########."])
    place(player, I, 1, 7, 3)  # vertical I in column 10, rows 1-4
    events = step_until(game, lambda g: g.player(0).phase == CLEAR)
    assert any(e.kind == ev.LINE_CLEAR and e.value == 1 for e in events)
    lock_frame = game.frame
    assert player.clearing == (0,)
    step_until(game, lambda g: g.player(0).clearing == ())
    assert game.frame == lock_frame + LINE_CLEAR_DELAY + 1  # rows collapse
    step_until(game, lambda g: g.player(0).phase == ACTIVE)
    assert game.frame == lock_frame + LINE_CLEAR_DELAY + ARE_FRAMES + 1


@pytest.mark.parametrize("level", sorted(GRAVITY))
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_gravity_table_cell(level: int, difficulty: Difficulty) -> None:
    game = first_active(settings=GameSettings(difficulty=difficulty))
    player = game.player(0)
    set_level(player, level)
    place(player, T, 0, 3, 18)
    drops = []
    for _ in range(200):
        y = player.y
        game.step(IDLE)
        if player.y != y:
            assert y - player.y == 1
            drops.append(game.frame)
        if len(drops) == 3:
            break
    expected = GRAVITY[level][difficulty]
    assert drops[1] - drops[0] == expected
    assert drops[2] - drops[1] == expected


@pytest.mark.parametrize("level", [16, 20, 50, 99])
def test_gravity_after_level_15_stays_at_the_level_15_row(level: int) -> None:
    for difficulty in Difficulty:
        game = Game(SEGA88, GameSettings(difficulty=difficulty))
        g = game.rules.gravity(level, game.settings)
        assert (g.frames, g.rows) == (GRAVITY[15][difficulty], 1)


def test_first_gravity_drop_comes_g_frames_after_the_spawn_frame() -> None:
    game = Game(SEGA88)
    step_until(game, lambda g: g.player(0).phase == ACTIVE)
    spawn = game.frame
    y = game.player(0).y
    step_until(game, lambda g: g.player(0).y != y)
    assert game.frame == spawn + 48


def test_soft_drop_moves_one_row_a_frame_and_scores_drop_points() -> None:
    game = first_active()
    player = game.player(0)
    y, score = player.y, player.score
    for n in range(1, 6):
        game.step(press(down=True))
        assert player.y == y - n
    assert player.score == score + 5  # level 0: 1 point per row


@pytest.mark.parametrize(("level", "points"),
                         [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4),
                          (8, 5), (9, 5)])
def test_drop_points_per_row_by_level(level: int, points: int) -> None:
    game = first_active(settings=GameSettings(difficulty=Difficulty.EASY))
    player = game.player(0)
    set_level(player, level)
    place(player, T, 0, 3, 15)
    game.step(press(down=True))
    assert player.score == points


def test_soft_drop_refused_at_1g() -> None:
    plain = first_active()
    held = first_active()
    for game in (plain, held):
        set_level(game.player(0), 15)  # Normal level 15: 1 frame per row = 1G
        place(game.player(0), T, 0, 3, 15)
    for _ in range(8):
        plain.step(IDLE)
        held.step(press(down=True))
        assert held.player(0).y == plain.player(0).y
    assert held.player(0).score == 0


def test_soft_drop_allowed_just_below_1g() -> None:
    game = first_active()
    set_level(game.player(0), 14)  # Normal level 14: 2 frames per row
    place(game.player(0), T, 0, 3, 15)
    game.step(press(down=True))
    game.step(press(down=True))
    assert game.player(0).y == 13


def test_das_20_then_one_cell_per_frame() -> None:
    game = first_active()
    player = game.player(0)
    set_field(player, [])
    place(player, T, 0, 0, 18)
    moves = []
    for _ in range(26):
        x = player.x
        game.step(press(right=True))
        if player.x != x:
            moves.append(game.frame)
    first = moves[0]
    assert moves == [first, first + DAS, first + DAS + 1, first + DAS + 2, first + DAS + 3,
                     first + DAS + 4, first + DAS + 5]


def test_tapping_moves_one_cell_per_press() -> None:
    game = first_active()
    player = game.player(0)
    x = player.x
    for _ in range(3):
        game.step(press(left=True))
        game.step(IDLE)
    assert player.x == x - 3


def test_left_and_right_together_move_nowhere() -> None:
    game = first_active()
    x = game.player(0).x
    game.step(press(left=True, right=True))
    assert game.player(0).x == x


def test_movement_is_processed_before_gravity() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 15)  # 1G: the piece falls every frame
    # A block in column 6, row 9, just below-right of a vertical I in column 5 (rows 10-13).
    set_field(player, [".....#...."] + [".........."] * 8)
    place(player, I, 1, 2, 13)  # vertical I: box column 2 -> column 5, rows 11-14
    game.step(IDLE)  # falls to rows 10-13
    assert {(r, c) for r, c in player.piece_cells()} == {(9, 4), (10, 4), (11, 4), (12, 4)}
    game.step(press(right=True))
    # Moved right first (column 6 rows 10-13 is free), then gravity found row 9 blocked.
    assert {c for _, c in player.piece_cells()} == {5}
    assert min(r for r, _ in player.piece_cells()) == 9


def test_rotation_is_processed_before_gravity() -> None:
    game = first_active()
    player = game.player(0)
    set_level(player, 15)
    place(player, T, 0, 3, 19)  # one row below spawn: turning is allowed this frame
    game.step(press(b1=True))
    assert player.state == 1
    # Had gravity come first, the rotation would have happened one row lower; both work
    # here, so check the ceiling case: at spawn height the turn fails even though gravity
    # lowers the piece in the same frame.
    game2 = first_active()
    p2 = game2.player(0)
    set_level(p2, 15)
    game2.step(press(b1=True))
    assert p2.state == 0
    assert p2.y == 19


def test_two_players_step_in_the_same_frame_independently() -> None:
    game = Game(SEGA88, players=2)
    step_until(game, lambda g: g.player(0).phase == ACTIVE)
    assert game.player(1).phase == ACTIVE
    x1, x2 = game.player(0).x, game.player(1).x
    game.step(InputFrame(p1=PlayerInput(left=True), p2=PlayerInput(right=True)))
    assert (game.player(0).x, game.player(1).x) == (x1 - 1, x2 + 1)
