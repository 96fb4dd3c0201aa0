"""Drawing the cabinet: picks the screen for the machine's state and draws it at 320x224.
The play screen is the cartridge's own (``Cartridge.draw_play``); the rest is the board's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cabinet.video import screens
from cabinet.video.kept import KeptPicture
from cabinet.video.paint import paint
from engine.session import GameSession
from firmware.machine import CabinetMachine, Screen
from firmware.machine.decisions import NAME_ENTRY_FRAMES, frames
from firmware.machine.name_entry import ALPHABET
from firmware.savedata import RankEntry
from firmware.service import ServiceMenu
from games.registry import PlayView

# (game, mode, rank, row) -> the row's verification ("verified", "failed"...), if known.
Status = Callable[[str, str, int, RankEntry], str | None]
FIELD_AFTER_GAME_OVER = frames("game_over_field_frames")


def _rows(machine: CabinetMachine) -> list[tuple[str, list[int | str]]]:
    """The ranking table shown now (CabinetMachine.ranking_shown): initials and the
    columns it shows."""
    mode = machine.ranking_shown()
    shown = machine.cartridge.board.ranking.shown(mode)
    table = machine.data.rankings.get(machine.game_id, {}).get(mode, [])
    return [(e.initials, [e.values.get(c, 0) for c, _ in shown]) for e in table]


def _ranking_title(machine: CabinetMachine) -> str:
    """The game and, for a game of several tables, the mode: "TGM2 PLUS  MASTER"."""
    cart = machine.cartridge
    game = cart.title.split(" (")[0]
    spec = cart.board.ranking
    if len(spec.modes) == 1:
        return game
    return f"{game}  {spec.title_of(machine.ranking_shown())}"


def _demo_caption(machine: CabinetMachine) -> str:
    """DEMO PLAY, or TOP PLAY with its table's mode for a game of several tables."""
    if not machine.top_play:
        return "DEMO PLAY"
    spec = machine.cartridge.board.ranking
    if len(spec.modes) == 1:
        return "TOP PLAY"
    return f"TOP PLAY {spec.title_of(machine.top_play_mode)}"


def _top_score(machine: CabinetMachine) -> int | None:
    table = machine.data.rankings.get(machine.game_id, {}).get(
        machine.cartridge.board.ranking.modes[0], [])
    return table[0].score if table else None


def _marks(machine: CabinetMachine, status: Status | None) -> list[str]:
    """Each row's proof: verified, failed (or its replay is missing), or not known. A row
    played under an older rules version of its game gets no mark: this build cannot
    re-simulate its replay, so it is neither proven nor failed (`rankings verify` lists it
    as RULES v1)."""
    mode = machine.ranking_shown()
    table = machine.data.rankings.get(machine.game_id, {}).get(mode, [])
    found = [status(machine.game_id, mode, rank, e) if status is not None and e.replay_id
             else None for rank, e in enumerate(table, start=1)]
    return [{"verified": screens.VERIFIED_MARK, "failed": screens.FAILED_MARK,
             "missing": screens.FAILED_MARK}.get(s or "", "") for s in found]


def draw(machine: CabinetMachine, surface: pygame.Surface, status: Status | None = None,
         kept: KeptPicture | None = None) -> None:
    """``status(game, mode, rank, row)``: a row's verification ("verified", "failed"...), if known.
    ``kept``: the picture kept from the last frame, lent to the play screen (in a game and
    in the attract demo); the title, rankings and game-over screens are drawn again only
    when what they show changed; the other screens draw everything."""
    screen = machine.screen
    credits, free = machine.credits, machine.free_play
    frame = machine.frame
    cart = machine.cartridge
    if screen == Screen.PLAY or (screen == Screen.GAME_OVER and machine.game is not None
                                  and machine.screen_frames < FIELD_AFTER_GAME_OVER):
        assert machine.game is not None
        cart.presentation.draw_play(surface, PlayView(
            machine.game, credits, free, frame, sides=2 if machine.versus else None,
            top_score=_top_score(machine), kept=kept))
    elif screen == Screen.DEMO and machine.demo is not None:
        cart.presentation.draw_play(surface, PlayView(machine.demo, credits, free, frame,
                                                      demo=True, kept=kept))
        screens.demo_overlay(surface, credits, free, frame,
                             _demo_caption(machine))
        if kept is not None:  # drawn over the play screen every frame
            for box in screens.DEMO_OVERLAY:
                kept.add(box)
    elif screen == Screen.NAME_ENTRY and machine.name_entry is not None:
        entry = machine.name_entry
        rank = 1 + sum(1 for e in machine.data.rankings.get(machine.game_id, {}).get(
            cart.board.ranking.modes[0], []) if e.score >= entry.score)
        screens.name_entry(surface, entry.player + 1, rank, entry.score,
                           "".join(entry.letters), entry.current,
                           max(0, entry.frames_left) * 20 // NAME_ENTRY_FRAMES, frame,
                           ALPHABET)
    elif screen == Screen.GAME_OVER:
        label, figures = game_over_figures(machine.game)
        if not _still(kept, surface, ("game over", label, figures, credits, free)):
            screens.game_over(surface, figures, credits, free, label=label)
    elif screen == Screen.SCENE and cart.presentation.attract_scene is not None:
        cart.presentation.attract_scene.draw(surface, machine.scene_value,
                                             machine.screen_frames, credits, free)
    elif screen == Screen.RANKINGS:
        rows, marks = _rows(machine), _marks(machine, status)
        columns = [name for _, name in cart.board.ranking.shown(machine.ranking_shown())]
        title = _ranking_title(machine)
        if not _still(kept, surface, ("rankings", title, columns, rows, credits, free, marks)):
            screens.rankings(surface, columns, rows, credits, free, marks=marks, title=title)
    elif screen == Screen.NOTICE:
        screens.backup_cleared(surface, footer=screens.credit_text(credits, free))
    elif screen == Screen.SERVICE and isinstance(machine.service_menu, ServiceMenu):
        paint(surface, machine.service_menu.picture())
    elif not _still(kept, surface, ("title", machine.game_id, credits, free,
                                     screens.blink_on(frame))):
        draw_title = cart.presentation.draw_title
        if draw_title is None:
            screens.title(surface, credits, free, frame)
        else:
            draw_title(surface, frame, credits, free)


def game_over_figures(game: GameSession | None) -> tuple[str, list[int | None]]:
    """What GAME OVER shows of each player: the wins of a versus match (its games score
    nothing), else the scores."""
    summaries = [None if game is None else game.summary(index) for index in (0, 1)]
    played = [s for s in summaries if s is not None]
    key, label = ("wins", "WINS") if played and all("wins" in s for s in played) else (
        "score", "")
    return label, [None if s is None else int(s.get(key, 0)) for s in summaries]


def _still(kept: KeptPicture | None, surface: pygame.Surface, shown: tuple[Any, ...]
           ) -> bool:
    """For a screen drawn whole from a few values (``shown``, its name first): True when
    they are last frame's, so nothing needs drawing; else it is drawn and presented whole."""
    if kept is None:
        return False
    if kept.unchanged(shown):
        return True
    kept.begin(shown[0])
    kept.add(surface.get_rect())
    return False
