"""Flash Point played frame by frame: the stage, the bonus, the level rule, Down, 2 Cell
Move, Clear Round, top-out, the randomizer restarting at each stage."""

import pytest

from engine import events as ev
from engine.inputs import InputFrame
from engine.pieces import LETTERS, S
from engine.settings import Difficulty
from games.flashpoint.rules import events as fev
from games.flashpoint.rules.extras import TWO_CELL_GRAVITY
from games.flashpoint.rules.ruleset import draw_table
from games.flashpoint.rules.session import CHOICE, OVER, PLAY, FlashPointGame, FlashSettings
from games.flashpoint.rules.tables import LEVEL_DROP_UNTIL, TWO_CELL_FROM
from games.flashpoint.solver import Placement, solution_inputs
from games.sega.player import ACTIVE, ARE
from tests.flashpoint_kit import IDLE, kinds, new_game, press, same_stages, step_until, until_active

# Every stage: row 1 has a gap for the first piece of the default seed (S, flat: its bottom
# cells fill columns 7-8), and a flashing cell at column 1.
ONE_ROW = same_stages("*#####..##")
S_FILLS_ROW = [Placement(S, 0, 6)]


def play_placements(game: FlashPointGame, placements: list[Placement], limit: int = 5000):
    events = []
    inputs = solution_inputs(game, placements)
    side = game.side(0)
    for _ in range(limit):
        events.extend(game.step(next(inputs)))
        if side.mode != PLAY:
            return events
    raise AssertionError("the stage did not end")


def test_stage_starts_with_its_layout_and_are() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    assert side.mode == PLAY and side.stage == 1
    assert side.player.field.to_text()[-1] == "######..##"
    assert side.extras.flashing_left == 1
    spawn = None
    for _ in range(100):
        if ev.SPAWN in kinds(game.step(IDLE)):
            spawn = game.frame
            break
    assert spawn == 31  # ARE 30, then the spawn frame


def test_clearing_the_flashing_row_clears_the_stage_and_adds_the_bonus() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    events = play_placements(game, S_FILLS_ROW)
    names = kinds(events)
    assert names.index(ev.LINE_CLEAR) < names.index(fev.FLASH_GONE) < names.index(
        fev.STAGE_CLEAR) < names.index(fev.CHOICE_OPEN)
    bonus = next(e.value for e in events if e.kind == fev.BONUS)
    drop = side.player.soft_drop_rows  # rows soft-dropped by the only piece, 1 point each
    assert 0 < bonus < 1000
    assert side.player.score == bonus + drop
    assert side.mode == CHOICE and side.stages_cleared == 1
    assert side.extras.flashing_left == 0


def test_a_clear_without_flashing_cells_does_not_end_the_stage() -> None:
    stages = same_stages("*#####....", "######..##")
    game = new_game({"stage": 1}, stages=stages)
    side = game.side(0)
    events: list = []
    inputs = solution_inputs(game, S_FILLS_ROW)
    while ev.LINE_CLEAR not in kinds(events):
        events.extend(game.step(next(inputs)))
    # the line scored nothing: the score is the piece's soft-drop rows, 1 point each
    assert side.player.score == side.player.soft_drop_rows > 0
    for _ in range(100):  # past the line clear delay and the collapse
        events.extend(game.step(IDLE))
    assert fev.STAGE_CLEAR not in kinds(events)
    assert side.mode == PLAY and side.extras.flashing_left == 1


def test_bonus_counts_down_one_point_every_4_frames_of_play() -> None:
    game = new_game({"stage": 5})
    side = game.side(0)
    until_active(game)
    assert side.extras.bonus == 2000  # nothing counted during ARE
    for _ in range(40):
        game.step(IDLE)
    assert side.player.phase == ACTIVE
    assert side.extras.bonus == 2000 - 10


@pytest.mark.parametrize(("level", "after"), [(0, 0), (3, 2), (6, 5), (7, 6), (12, 6)])
def test_a_clear_lowers_the_level(level: int, after: int) -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    player = game.side(0).player
    player.level = level
    play_placements(game, S_FILLS_ROW)
    assert player.level == after
    assert player.gravity == player.rules.gravity(after, player.settings)


def test_after_12_minutes_clears_keep_the_level() -> None:
    assert LEVEL_DROP_UNTIL == 12 * 60 * 60
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    side.player.level = 9
    side.credit_frames = LEVEL_DROP_UNTIL
    play_placements(game, S_FILLS_ROW)
    assert side.stages_cleared == 1 and side.player.level == 9


def test_level_drop_just_before_12_minutes() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    side.player.level = 9
    until_active(game)
    side.credit_frames = LEVEL_DROP_UNTIL - 400  # the clear comes well within 400 frames
    play_placements(game, S_FILLS_ROW)
    assert side.player.level == 6


def test_down_tap_moves_one_row_then_repeats_from_the_12th_frame() -> None:
    game = new_game({"stage": 1})
    side = game.side(0)
    until_active(game)
    player = side.player
    y0 = player.y
    rows = []
    for _ in range(14):
        game.step(press(down=True))
        rows.append(y0 - player.y)
    # frame 0: one row; frames 1-11: none (gravity is 16 frames a row at level 0 Normal);
    # frame 12 and 13: a row each.
    assert rows == [1] * 12 + [2, 3]
    assert player.soft_drop_rows == 3


def test_down_taps_each_move_one_row() -> None:
    game = new_game({"stage": 1})
    player = game.side(0).player
    until_active(game)
    y0 = player.y
    for _ in range(4):
        game.step(press(down=True))
        game.step(IDLE)
    assert y0 - player.y == 4


def test_lever_das_is_12_frames() -> None:
    game = new_game({"stage": 1})
    player = game.side(0).player
    until_active(game)
    game.step(press(down=True))  # leave the ceiling row
    x0 = player.x
    moves = []
    for _ in range(14):
        game.step(press(left=True))
        moves.append(x0 - player.x)
    assert moves == [1] * 12 + [2, 3]


@pytest.mark.parametrize("dip", [True, False])
def test_two_cell_move_after_25_minutes(dip: bool) -> None:
    assert TWO_CELL_FROM == 25 * 60 * 60
    game = new_game({"stage": 1, "two_cell_move": dip})
    side = game.side(0)
    until_active(game)
    side.credit_frames = TWO_CELL_FROM - 2
    assert fev.TWO_CELL not in kinds(game.step(IDLE))
    events = kinds(game.step(IDLE))
    assert (fev.TWO_CELL in events) is dip
    y = side.player.y
    game.step(IDLE)
    if dip:
        assert side.player.gravity is TWO_CELL_GRAVITY
        assert y - side.player.y == 2
    else:
        assert side.player.gravity.rows == 1


def test_two_cell_move_survives_level_changes() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    side.credit_frames = TWO_CELL_FROM - 1
    play_placements(game, [Placement(S, 0, 6)])
    assert side.extras.two_cell
    step_until(game, lambda g: g.side(0).mode == PLAY, press(b1=True))
    until_active(game)
    assert side.player.gravity is TWO_CELL_GRAVITY


@pytest.mark.parametrize("allowed", [1, 2])
def test_clear_round_with_button_3(allowed: int) -> None:
    game = new_game({"stage": 10, "clear_round_allowed": allowed})
    side = game.side(0)
    used = 0
    for _ in range(3):
        until_active(game)
        score = side.player.score
        events = kinds(game.step(press(b3=True)))
        if fev.CLEAR_ROUND in events:
            used += 1
            assert side.mode == CHOICE and fev.BONUS not in events
            assert side.player.score == score
            step_until(game, lambda g: g.side(0).mode == PLAY, press(b1=True))
        else:
            assert side.mode == PLAY
        game.step(IDLE)
    assert used == allowed
    assert side.stages_cleared == allowed


def test_button_3_does_not_rotate() -> None:
    game = new_game({"stage": 1, "clear_round_allowed": 1})
    side = game.side(0)
    side.clear_rounds_left = 0
    until_active(game)
    game.step(press(down=True))
    state = side.player.state
    game.step(IDLE)
    events = kinds(game.step(press(b3=True)))
    assert ev.ROTATE not in events and side.player.state == state
    game.step(IDLE)
    assert ev.ROTATE in kinds(game.step(press(b2=True)))


def test_top_out_ends_the_credit() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    for c in range(9):  # row 19 (0-based 18) blocks the spawn
        side.player.field.set(18, c, 8)
    events = step_until(game, lambda g: g.over)
    assert ev.GAME_OVER in kinds(events)
    assert side.mode == OVER and not game.playing(0) and game.over
    assert not game.can_join(0) and not game.can_join(1)


def test_each_stage_restarts_the_piece_table() -> None:
    table = draw_table(0).entries
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    until_active(game)
    assert side.player.kind == table[0] and side.player.next_kind == table[1]
    play_placements(game, S_FILLS_ROW)
    step_until(game, lambda g: g.side(0).mode == PLAY, press(b1=True))
    until_active(game)
    assert side.player.kind == table[0]


def test_sequence_restarts_off_walks_on() -> None:
    table = draw_table(0).entries
    game = new_game({"stage": 1, "sequence_restarts": False}, stages=ONE_ROW)
    side = game.side(0)
    play_placements(game, S_FILLS_ROW)
    step_until(game, lambda g: g.side(0).mode == PLAY, press(b1=True))
    until_active(game)
    assert side.player.kind == table[1] and side.player.next_kind == table[2]


def test_same_piece_order_from_a_kept_piece_seed() -> None:
    first = new_game({"stage": 1}, {"main": 77})
    seeds = first.seeds_out()
    assert seeds["piece"] == 77 and seeds["main"] == draw_table(77).seed_after
    again = new_game({"stage": 1}, {"main": seeds["main"], "piece": seeds["piece"]})
    fresh = new_game({"stage": 1}, {"main": seeds["main"]})
    until_active(again)
    until_active(fresh)
    letters = "".join(LETTERS[k] for k in again.deal.table.entries[:30])
    assert letters == "".join(LETTERS[k] for k in first.deal.table.entries[:30])
    assert again.deal.table.entries != fresh.deal.table.entries
    assert again.seeds_out()["main"] == seeds["main"]


def test_two_players_play_independent_stages() -> None:
    game = new_game({}, players=2)
    assert game.side(0).mode == game.side(1).mode == "select"
    for _ in range(3):
        game.step(InputFrame(p2=press(right=True).p1))
        game.step(IDLE)
    game.step(InputFrame(p1=press(b1=True).p1, p2=press(b1=True).p1))
    assert game.side(0).stage == 1 and game.side(1).stage == 4


def test_player_2_joins_later_and_after_a_game_over() -> None:
    game = new_game({"stage": 2})
    assert not game.playing(1) and game.can_join(1) and not game.can_join(0)
    game.join(1)
    assert game.playing(1) and game.side(1).stage == 2
    assert game.summary(1) is not None and game.summary(1)["stage"] == 2


def test_summary_fields() -> None:
    game = new_game({"stage": 7})
    summary = game.summary(0)
    assert summary is not None
    assert {k: summary[k] for k in ("score", "stage", "stages_cleared", "bonus")} == {
        "score": 0, "stage": 7, "stages_cleared": 0, "bonus": 2000}
    assert summary["flashing_left"] == game.side(0).extras.flashing_left > 0
    assert game.summary(1) is None


def test_bad_settings_are_one_line_errors() -> None:
    for bad in ({"stage": 0}, {"stage": 101}, {"clear_round_allowed": 3},
                {"difficulty": "insane"}, {"two_cell_move": "maybe"}):
        with pytest.raises(ValueError) as info:
            new_game(bad)
        assert "\n" not in str(info.value)
    with pytest.raises(ValueError):
        new_game({}, players=3)


def test_snapshot_restore_and_hash_replay_exactly() -> None:
    import itertools

    def inputs():
        bits = 0x2A6D365B
        for _ in itertools.count():
            bits = (bits * 1103515245 + 12345) & 0x7FFFFFFF
            yield InputFrame.from_bits(bits >> 8 & 0x1F)  # lever, b1; no b3, no start

    game = new_game({}, players=1)
    source = inputs()
    for _ in range(3000):
        game.step(next(source))
    snap = game.snapshot()
    later = [next(source) for _ in range(3000)]
    for frame in later:
        game.step(frame)
    first = game.state_hash()
    game.restore(snap)
    for frame in later:
        game.step(frame)
    assert game.state_hash() == first
    other = new_game({}, players=1)
    assert other.state_hash() != first


def test_line_clear_delay_42_then_the_stage_clears_on_the_collapse() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    inputs = solution_inputs(game, S_FILLS_ROW)
    frames = {}
    while fev.STAGE_CLEAR not in frames:
        for e in game.step(next(inputs)):
            frames.setdefault(e.kind, game.frame)
    assert frames[ev.LOCK] == frames[ev.LINE_CLEAR]
    assert frames[fev.STAGE_CLEAR] - frames[ev.LINE_CLEAR] == 42 + 1
    assert frames[fev.FLASH_GONE] == frames[fev.STAGE_CLEAR]


def test_lock_delay_30_frames_after_landing() -> None:
    game = new_game({"stage": 1})
    player = game.side(0).player
    until_active(game)
    land = lock = None
    while lock is None:
        for e in game.step(IDLE):
            if e.kind == ev.LAND:
                land = game.frame
            if e.kind == ev.LOCK:
                lock = game.frame
    assert land is not None and lock - land == 30
    assert player.phase == ARE


def test_factory_settings_are_the_boards() -> None:
    # Source: MAME segas16b.cpp fpoint: Difficulty Normal, Clear Round Allowed 2,
    # 2 Cell Move Yes.
    settings = FlashSettings()
    assert settings.difficulty == Difficulty.NORMAL
    assert settings.clear_round_allowed == 2 and settings.two_cell_move
    assert settings.sequence_restarts and settings.stage is None
    assert FlashSettings.from_mapping(settings.to_dict()) == settings


def test_best_time_of_a_cleared_stage_and_none_for_a_clear_round() -> None:
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    began = side.credit_frames
    play_placements(game, S_FILLS_ROW)
    assert side.records() == {"stage_1_time": side.credit_frames - began}
    step_until(game, lambda g: g.side(0).mode == PLAY, press(b1=True))
    until_active(game)
    game.step(press(b3=True))  # Clear Round on stage 2: no time recorded
    assert side.mode == CHOICE and side.stages_cleared == 2
    assert list(side.records()) == ["stage_1_time"]


def test_score_caps_at_999999_and_level_at_99() -> None:
    # Source: tetris.wiki "Flash Point" (the level caps at 99); the score cap is the Sega
    # boards' 999,999 (Bloxeed introduction, caps shared with Tetris).
    game = new_game({"stage": 1}, stages=ONE_ROW)
    side = game.side(0)
    side.player.score = 999_990
    events = play_placements(game, S_FILLS_ROW)
    assert fev.BONUS in kinds(events) and side.player.score == 999_999
    player = side.player
    player.level = 99
    player.level_up([])
    assert player.level == 99
