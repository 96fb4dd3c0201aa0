"""Issue #32 item 3, details players notice: Bloxeed's TOP follows the score once it
passes the table's best."""

from __future__ import annotations

from cabinet.video.screen import new_native
from cabinet.video.text import recording
from games.cartridge import PlayView
from games.registry import cartridge, new_session


def _texts(view: PlayView, game: str) -> list[str]:
    with recording() as texts:
        cartridge(game).presentation.draw_play(new_native(), view)
    return [t.text for t in texts]


def test_top_follows_the_score_once_it_passes_the_table() -> None:
    session = new_session("bloxeed", {}, {"main": 1}, 1)
    player = session.players[0]  # type: ignore[attr-defined]
    player.score = 12_345
    shown = _texts(PlayView(session, 1, False, 0, top_score=10_000), "bloxeed")
    assert "TOP" in shown and "12345" in shown and "10000" not in shown
    player.score = 900
    shown = _texts(PlayView(session, 1, False, 0, top_score=10_000), "bloxeed")
    assert "10000" in shown


def test_game_over_after_a_versus_match_shows_the_wins() -> None:
    from engine.inputs import InputFrame
    from firmware.kiosk_view import game_over_figures
    from games.tap.rules.match import VERSUS
    from games.tap.versus import VersusBoard

    board = VersusBoard(VERSUS, {}, {"main": 3}, 2)
    for _ in range(5):
        board.step(InputFrame())
    assert board.match is not None
    board.match.wins[1] = 2
    assert game_over_figures(board) == ("WINS", [0, 2])
    single = new_session("bloxeed", {}, {"main": 1}, 1)
    single.players[0].score = 4321  # type: ignore[attr-defined]
    assert game_over_figures(single) == ("", [4321, None])


def test_tgm3_labels_its_next_queue_and_keeps_hold_apart() -> None:
    from engine.inputs import InputFrame

    session = new_session("ti-master", {}, {"main": 1}, 1)
    for _ in range(200):
        session.step(InputFrame())
    with recording() as texts:
        cartridge("ti").presentation.draw_play(new_native(), PlayView(session, 1, False, 0))
    boxes = {t.text: t.box for t in texts}
    assert "NEXT" in boxes and "HOLD" in boxes
    assert boxes["NEXT"][0] - (boxes["HOLD"][0] + boxes["HOLD"][2]) >= 32  # apart


def test_sakura_jewels_are_cut_stones_not_pale_squares() -> None:
    from engine.inputs import InputFrame
    from games.arika.board import VISIBLE_ROWS
    from games.arika.screen import CELL, WELL_Y
    from games.ti import mode_screen

    session = new_session("ti-sakura", {}, {"main": 1}, 1)
    p = session.players[0]  # type: ignore[attr-defined]
    for _ in range(600):
        if mode_screen.jewel_cells(p):
            break
        session.step(InputFrame())
    [(row, col), *_] = mode_screen.jewel_cells(p)
    surface = new_native()
    cartridge("ti").presentation.draw_play(surface, PlayView(session, 1, False, 0))
    x = 120 + col * CELL  # one side alone: the well's left edge (games/ti/screen.py)
    y = WELL_Y + (VISIBLE_ROWS - row) * CELL
    assert tuple(surface.get_at((x, y)))[:3] == mode_screen.JEWEL_SETTING  # the mount
    assert tuple(surface.get_at((x + 3, y + 4)))[:3] in mode_screen.JEWEL_RGB  # the stone
