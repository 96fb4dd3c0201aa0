"""BLOCKOUT's play screen at 320x224: the pit in perspective with its depth gauge, NEXT,
SCORE, ROUND, FACES to go and LEVEL; THE BLOCK MASTER's taunts as banners; bonus-stage
time, the continue countdown and the versus result. One pit centred-left for 1P, two
side by side for 2P."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.picture import NATIVE_H, NATIVE_W
from cabinet.video.result_band import LOSE, WIN, band_fills, result_colour
from cabinet.video.screens import CREDIT_Y, blink_on, draw_credit_line, start_prompt
from cabinet.video.text import draw_centred, draw_text
from games.blockout import pit_view
from games.blockout.rules import decisions as d
from games.blockout.rules.pieces import PIECES
from games.blockout.rules.player import (
    HOST_BLOCKOUT,
    HOST_GAME_OVER,
    HOST_ROUND_CLEAR,
    HOST_START,
    OVER,
    PAUSE,
    PLAY,
    SELECT,
    WAIT,
    Player,
)
from games.blockout.rules.session import BlockoutSession
from games.cartridge import PlayView

TEXT = (255, 255, 255)
LABEL = (96, 200, 255)
VALUE = (255, 232, 96)
ALERT = (255, 64, 64)
HOST = (255, 160, 255)
BACK = (0, 0, 0)

# THE BLOCK MASTER's lines, our own words (the board spoke them; we show them as text).
TAUNTS: dict[int, tuple[tuple[str, ...], ...]] = {
    HOST_START: (("WELCOME TO", "MY PIT"), ("SHOW ME WHAT", "YOU CAN DO"),
                 ("THE BLOCKS", "ARE WAITING")),
    HOST_ROUND_CLEAR: (("NOT BAD...", "FOR NOW"), ("LUCKY ONE", "NEXT IS DEEPER"),
                       ("YOU WILL", "NOT LAST")),
    HOST_BLOCKOUT: (("BLOCKOUT!", "IMPOSSIBLE!"), ("EMPTY?", "I AM IMPRESSED"),
                    ("CLEAN PIT", "HOW DARE YOU")),
    HOST_GAME_OVER: (("BURIED!", "HA HA HA"), ("THE PIT", "WINS AGAIN"),
                     ("TOO SLOW", "TOO SHALLOW")),
}


def taunt(player: Player) -> tuple[str, ...] | None:
    if not player.host_left or player.host not in TAUNTS:
        return None
    lines = TAUNTS[player.host]
    return lines[(player.round + player.blockouts + player.pieces) % len(lines)]


def _text(surface: Any, text: str, x: int, y: int, colour: tuple[int, int, int]) -> None:
    draw_text(surface, text, x, y, colour)


def _banner(surface: Any, lines: tuple[str, ...], rect: tuple[int, int, int, int],
            colour: tuple[int, int, int]) -> None:
    left, top, w, h = rect
    mid = top + h // 2 - 8 * len(lines) // 2
    surface.fill(BACK, (left, mid - 4, w, 8 * len(lines) + 8))
    for i, line in enumerate(lines):
        draw_centred(surface, line[: w // 8], mid + 8 * i, colour, centre_x=left + w // 2)


def _result(surface: Any, word: str, rect: tuple[int, int, int, int]) -> None:
    """A versus result at x2 on a framed band across the pit (cabinet.video.result_band)."""
    left, top, w, h = rect
    band_top = top + h // 2 - 14
    for rgb, box in band_fills((left, band_top, w, 28)):
        surface.fill(rgb, box)
    draw_centred(surface, word, band_top + 6, result_colour(word), scale=2,
                 centre_x=left + w // 2)


def _select(surface: Any, p: Player, rect: tuple[int, int, int, int], frame: int) -> None:
    left, top, w, _ = rect
    cx = left + w // 2
    surface.fill(BACK, rect)
    draw_centred(surface, "SELECT ROUND", top + 16, LABEL, centre_x=cx)
    rounds = p.table.start_rounds
    for i, r in enumerate(rounds):
        colour = VALUE if r == p.round and frame % 16 < 12 else TEXT
        text = f"> {r:2d} <" if r == p.round else f"  {r:2d}  "
        draw_centred(surface, text, top + 40 + 14 * i, colour, centre_x=cx)
    seconds = (p.select_left + 56) // 57
    draw_centred(surface, f"TIME {seconds:2d}", top + 48 + 14 * len(rounds), ALERT,
                 centre_x=cx)


def _overlay(surface: Any, p: Player, rect: tuple[int, int, int, int], frame: int,
             versus: bool) -> None:
    if p.state == SELECT:
        _select(surface, p, rect, frame)
    elif p.state == WAIT:
        seconds = (p.wait_left + 56) // 57
        lines = taunt(p) if p.host_left else None
        _banner(surface, lines or ("CONTINUE?", f"{seconds:2d}"), rect, ALERT)
    elif p.state == OVER:
        if versus:
            _result(surface, WIN if p.won else LOSE, rect)
        else:
            _banner(surface, ("GAME OVER",), rect, ALERT)
    elif (lines := taunt(p)) is not None:
        _banner(surface, lines, rect, HOST)
    elif p.bonus:
        left, top, w, _ = rect
        seconds = (p.bonus_left + 56) // 57
        _banner(surface, (f"BONUS {seconds:2d}",), (left, top - 8, w, 24), VALUE)
    elif p.state == PAUSE and p.blockouts and frame % 16 < 8 and p.cube_count() == 0:
        _banner(surface, ("BLOCKOUT",), rect, VALUE)


def _faces_shown(p: Player, versus: bool) -> int:
    """Faces to go; in a bonus stage (no quota), the faces cleared in it."""
    if versus:
        return d.VERSUS_FACES - p.faces
    return p.bonus_faces if p.bonus else p.faces_left


def _panel(surface: Any, p: Player, x: int, y: int, versus: bool) -> None:
    _text(surface, "NEXT", x, y, LABEL)
    pit_view.draw_next_box(surface, PIECES[p.next_kind].orientations[0], (x, y + 10, 64, 34))
    rows = (
        ("SCORE", f"{p.score:7d}"),
        ("ROUND", "BONUS" if p.bonus else f"{p.round:3d}"),
        ("FACES", f"{_faces_shown(p, versus):3d}"),
        ("LEVEL", f"{p.level:3d}"),
    )
    for i, (label, value) in enumerate(rows):
        _text(surface, label, x, y + 48 + 24 * i, LABEL)
        _text(surface, value, x, y + 58 + 24 * i, VALUE)


def _overlay_key(p: Player, frame: int, versus: bool) -> tuple[Any, ...] | None:
    """What ``_overlay`` shows (the same branches), to key the side by."""
    if p.state == SELECT:
        return ("select", p.round, p.table.start_rounds, frame % 16 < 12,
                (p.select_left + 56) // 57)
    if p.state == WAIT:
        return ("wait", taunt(p) if p.host_left else None, (p.wait_left + 56) // 57)
    if p.state == OVER:
        return ("over", p.won if versus else None)
    if (lines := taunt(p)) is not None:
        return ("taunt", lines)
    if p.bonus:
        return ("bonus", (p.bonus_left + 56) // 57)
    if p.state == PAUSE and p.blockouts and frame % 16 < 8 and p.cube_count() == 0:
        return ("blockout",)
    return None


def _side_key(p: Player | None, view: PlayView, versus: bool) -> tuple[Any, ...]:
    if p is None:
        return ("idle", blink_on(view.frame) and start_prompt(view.credits, view.free_play))
    return (p, p.state, p.width, p.depth, p.height, tuple(p.layers),
            tuple(p.piece_cells()) if p.state == PLAY else None, p.score, p.bonus, p.round,
            _faces_shown(p, versus), p.level, p.next_kind, _overlay_key(p, view.frame, versus))


PIT_1P = (24, 10, 196, 196)
PIT_2P = ((18, 14, 124, 128), (178, 14, 124, 128))


def prepare(pits: set[tuple[int, int, int]]) -> None:
    """Work out each pit size's projection, faces and walls for every place a pit is drawn
    (the kiosk's boot does it: a pit seen first in a game cost its frame milliseconds)."""
    for size in sorted(pits):
        for rect in (PIT_1P, *PIT_2P):
            pit_view.prepare(*size, rect)


def draw_play(surface: Any, view: PlayView) -> None:
    """With the kept picture, each side (a half of the screen in 2P, all of it above the
    credit line in 1P) is drawn again only when what it shows changed; the pit's walls and
    settled cubes are kept on a picture of their own. Each side draws inside its box."""
    session = view.session
    assert isinstance(session, BlockoutSession)
    players = session.players
    sides = view.sides
    if sides is None:
        sides = 2 if players[1] is not None or session.versus else 1
    kept = view.kept
    index = 0 if players[0] is not None else 1
    full = kept is None or kept.begin(("blockout", sides, index if sides == 1 else None))
    if full:
        surface.fill(BACK)
    clip = surface.get_clip()
    if sides == 1:
        p = players[index]
        box = pygame.Rect(0, 0, NATIVE_W, CREDIT_Y)
        if kept is None or kept.changed(("side", 0), _side_key(p, view, session.versus)):
            surface.set_clip(box)
            if not full:
                surface.fill(BACK, box)
                assert kept is not None
                kept.add(box)
            rect = PIT_1P
            if p is not None:
                pit_view.draw_pit(surface, p, rect)
                pit_view.draw_gauge(surface, p.layers, 226, 12, 192)
                _panel(surface, p, 246, 12, session.versus)
                _overlay(surface, p, rect, view.frame, session.versus)
            _text(surface, f"{index + 1}P", 4, 4, LABEL)
    else:
        for index in (0, 1):
            p = players[index]
            left = 4 if index == 0 else 164
            box = pygame.Rect(left - 4, 0, NATIVE_W // 2, CREDIT_Y)
            if kept is not None and not kept.changed(("side", index),
                                                     _side_key(p, view, session.versus)):
                continue
            surface.set_clip(box)
            if not full:
                surface.fill(BACK, box)
                assert kept is not None
                kept.add(box)
            rect = PIT_2P[index]
            _text(surface, f"{index + 1}P", left, 2, LABEL)
            if p is None:
                if blink_on(view.frame):
                    _banner(surface, tuple(start_prompt(view.credits, view.free_play)
                                           .split(" ")), rect, TEXT)
                continue
            pit_view.draw_pit(surface, p, rect)
            pit_view.draw_gauge(surface, p.layers, left, 16, 124)
            _small_panel(surface, p, left, 150, session.versus)
            _overlay(surface, p, rect, view.frame, session.versus)
    surface.set_clip(clip)
    if kept is None or kept.changed("credit", (view.credits, view.free_play)):
        draw_credit_line(surface, view.credits, view.free_play)
        if kept is not None:
            kept.add(pygame.Rect(0, CREDIT_Y, NATIVE_W, NATIVE_H - CREDIT_Y))


def _small_panel(surface: Any, p: Player, x: int, y: int, versus: bool) -> None:
    faces = _faces_shown(p, versus)
    _text(surface, f"{p.score:7d}", x + 8, y, VALUE)
    _text(surface, "BONUS" if p.bonus else f"RD{p.round:3d}", x + 8, y + 12, LABEL)
    _text(surface, f"FC{faces:3d}", x + 8, y + 24, LABEL)
    _text(surface, f"LV{p.level:2d}", x + 8, y + 36, LABEL)
    _text(surface, "NEXT", x + 80, y, LABEL)
    pit_view.draw_next_box(surface, PIECES[p.next_kind].orientations[0], (x + 80, y + 10, 40, 34))
