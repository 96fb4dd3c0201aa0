"""The first-stage select (1-90) and the next-stage choice (next, +2, +4, +6) as states of
the session: lever, button, count-down. Source: tetris.wiki "Flash Point"; the 10 s
count-down and the caps are the project's decisions (games/flashpoint/rules/decisions.py)."""

import pytest

from engine.inputs import InputFrame
from games.flashpoint.rules import events as fev
from games.flashpoint.rules.choice import next_choices
from games.flashpoint.rules.session import CHOICE, PLAY, SELECT
from tests.flashpoint_kit import IDLE, kinds, new_game, press, step_until, until_active

COUNTDOWN = 600  # frames (10 s)


@pytest.mark.parametrize(("cleared", "offers"), [
    (1, (2, 4, 6, 8)), (50, (51, 53, 55, 57)), (83, (84, 86, 88, 90)), (85, (86, 88, 90, 90)),
    (88, (89, 90, 90, 90)), (89, (90, 90, 90, 90)), (90, (91, 93, 95, 97)),
    (94, (95, 97, 99, 100)), (97, (98, 100, 100, 100)), (99, (100, 100, 100, 100)),
    (100, (1, 3, 5, 7)),
])
def test_next_choices(cleared: int, offers: tuple[int, ...]) -> None:
    assert next_choices(cleared) == offers


def test_credit_opens_on_the_select_at_stage_1() -> None:
    game = new_game()
    side = game.side(0)
    assert side.mode == SELECT and side.choice is not None
    assert side.choice.offers == tuple(range(1, 91)) and side.choice.stage == 1
    # the select's opening event comes out with the first frame
    assert [(e.kind, e.value) for e in game.step(IDLE)] == [(fev.STAGE_SELECT, 1)]


def lever(game, **switch: bool) -> None:
    game.step(press(**switch))
    game.step(IDLE)


def test_select_lever_moves_by_1_and_10_and_wraps() -> None:
    game = new_game()
    choice = game.side(0).choice
    assert choice is not None
    lever(game, right=True)
    assert choice.stage == 2
    lever(game, up=True)
    assert choice.stage == 12
    lever(game, down=True)
    lever(game, down=True)
    assert choice.stage == 82  # 12 - 10 - 10 wraps round 1-90
    lever(game, left=True)
    assert choice.stage == 81


def test_select_left_from_1_wraps_to_90() -> None:
    game = new_game()
    lever(game, left=True)
    assert game.side(0).choice.stage == 90


def test_select_held_lever_repeats_after_12_frames_every_4() -> None:
    game = new_game()
    choice = game.side(0).choice
    stages = []
    for _ in range(21):
        game.step(press(right=True))
        stages.append(choice.stage)
    # frame 0 moves; frames 12, 16, 20 repeat
    assert stages == [2] * 12 + [3] * 4 + [4] * 4 + [5]


def test_select_button_starts_the_stage() -> None:
    game = new_game()
    lever(game, right=True)
    events = kinds(game.step(press(b1=True)))
    side = game.side(0)
    assert fev.STAGE_START in events and side.mode == PLAY and side.stage == 2


def test_select_countdown_forces_the_stage_after_10_s() -> None:
    game = new_game()
    lever(game, right=True)
    lever(game, right=True)
    side = game.side(0)
    for _ in range(COUNTDOWN - 5):
        game.step(IDLE)
    assert side.mode == SELECT and side.choice.seconds_left == 1
    step_until(game, lambda g: g.side(0).mode == PLAY, limit=10)
    assert game.frame == COUNTDOWN and side.stage == 3


def clear_by_round(game) -> None:
    """Clear the current stage with button 3 (Clear Round)."""
    until_active(game)
    game.step(press(b3=True))
    assert game.side(0).mode == CHOICE


def test_choice_after_a_clear_offers_next_and_plus_2_4_6() -> None:
    game = new_game({"stage": 40})
    clear_by_round(game)
    choice = game.side(0).choice
    assert choice.offers == (41, 43, 45, 47) and choice.stage == 41
    lever(game, right=True)
    lever(game, right=True)
    assert choice.stage == 45
    lever(game, right=True)
    lever(game, right=True)
    assert choice.stage == 47  # the cursor stops at the last offer
    lever(game, up=True)
    assert choice.stage == 45
    game.step(press(b2=True))
    assert game.side(0).mode == PLAY and game.side(0).stage == 45


def test_choice_countdown_takes_the_highlighted_stage() -> None:
    game = new_game({"stage": 40})
    clear_by_round(game)
    lever(game, right=True)
    side = game.side(0)
    opened = game.frame - 2
    step_until(game, lambda g: g.side(0).mode == PLAY, limit=COUNTDOWN + 5)
    assert game.frame - opened == COUNTDOWN and side.stage == 43


def test_cursor_events() -> None:
    game = new_game()
    game.step(IDLE)
    events = game.step(press(right=True))
    assert [(e.kind, e.value) for e in events] == [(fev.CURSOR, 2)]


def test_continue_after_stage_100_from_stage_1() -> None:
    game = new_game({"stage": 100})
    clear_by_round(game)
    side = game.side(0)
    assert side.choice.offers == (1, 3, 5, 7)
    game.step(press(b1=True))
    assert side.mode == PLAY and side.stage == 1 and side.stages_cleared == 1


def test_held_button_does_not_confirm_twice() -> None:
    game = new_game({"stage": 40})
    clear_by_round(game)
    side = game.side(0)
    game.step(InputFrame())
    game.step(press(b1=True))
    assert side.mode == PLAY
    for _ in range(5):
        game.step(press(b1=True))
    assert side.mode == PLAY and side.stage == 41
