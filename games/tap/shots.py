"""TAP's screenshots for the docs (``python -m tools.shots``, through the cartridge's
``tooling.shots``): a Versus match with item meters and a banner, the challenge question
over P1's game (the demo bot on both sides), the match's end (WIN and LOSE on their bands),
the Doubles shots, and a game, its end and the name entry of every single-player mode
(games/arika/shots.py)."""

from __future__ import annotations

from collections.abc import Callable

from engine.inputs import InputFrame, PlayerInput
from engine.session import GameSession
from games.arika.player import ACTIVE
from games.arika.shots import mode_shots
from games.cartridge import PlayView, ShotDesk
from games.tap import CARTRIDGE
from games.tap.doubles import new_session
from games.tap.doubles_demo import doubles_inputs
from games.tap.rules.match import FINISHED, VERSUS
from games.tap.rules.modes import MASTER
from games.tap.versus import VersusBoard
from games.tap.versus_demo import versus_inputs
from games.tap.versus_screen import draw_play

# Each single-player mode and the lever steps right to it at the mode select (the cursor
# starts on MASTER; NORMAL is the last step round).
MODE_RIGHTS = (("tap-normal", 4), ("tap-master", 0), ("tap-plus", 1), ("tap-death", 2))


def _versus(desk: ShotDesk, name: str, board: VersusBoard) -> None:
    desk.take(name, lambda surface: draw_play(
        surface, PlayView(board, credits=1, free_play=False, frame=board.frame)))


def _play_until(board: VersusBoard, done: Callable[[VersusBoard], bool],
                limit: int = 40_000) -> None:
    inputs = versus_inputs(board)
    for _ in range(limit):
        if done(board):
            return
        board.step(next(inputs))
    raise SystemExit("screenshot scene not reached")


def _banner_up(board: VersusBoard) -> bool:
    m = board.match
    return m is not None and any(p.side.banner_left == 60 and p.board.block_count() > 30
                                 for p in m.players)


def take(desk: ShotDesk) -> None:
    board = VersusBoard(VERSUS, {}, {"main": 3}, 2)
    _play_until(board, _banner_up)
    _versus(desk, "tap-versus.png", board)
    _play_until(board, lambda b: b.match is not None and b.match.phase == FINISHED)
    _versus(desk, "tap-versus-result.png", board)
    single = VersusBoard(MASTER, {}, {"main": 3}, 1)
    _play_until(single, lambda b: b.frame >= 900)
    single.join(1)
    single.step(InputFrame())
    _versus(desk, "tap-challenger.png", single)
    doubles(desk)
    demo = CARTRIDGE.presentation.demo_player
    assert demo is not None
    for mode, rights in MODE_RIGHTS:
        mode_shots(desk, mode, rights, demo)


def _doubles_shot(desk: ShotDesk, name: str, session: GameSession) -> None:
    desk.take(name, lambda surface: CARTRIDGE.presentation.draw_play(
        surface, PlayView(session, credits=1, free_play=False, frame=0)))


def doubles(desk: ShotDesk) -> None:
    """The mode select with DOUBLES highlighted, and a Doubles game played by the Doubles
    bot (in play, and its end)."""
    select = new_session("tap", {}, {"main": 2}, 1)
    select.step(InputFrame())
    for _ in range(3):  # MASTER -> TGM+ -> T.A.DEATH -> DOUBLES
        select.step(InputFrame(p1=PlayerInput(right=True)))
        select.step(InputFrame())
    _doubles_shot(desk, "tap-select-doubles.png", select)
    game = new_session("tap-doubles", {}, {"main": 8}, 1)  # both reach the credits
    bot = doubles_inputs(game)
    for n in range(20_000):
        game.step(next(bot))
        players = getattr(game, "players", ())
        if n > 1200 and all(p.phase == ACTIVE and p.active_frames > 4 for p in players):
            break
    _doubles_shot(desk, "tap-doubles.png", game)
    while not game.over:
        game.step(next(bot))
    _doubles_shot(desk, "tap-doubles-over.png", game)
