"""Whole screens at native 320x224, each drawn from the plain data it is given.

Blinking text takes the caller's frame counter (part of the cabinet state), so the same
state always draws the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cabinet.decisions import VIDEO_DECISIONS
from cabinet.video.font import CELL as CHAR
from cabinet.video.font import END_MARK, RUB_MARK, glyph
from cabinet.video.palette import UI, shade
from cabinet.video.picture import NATIVE_H, NATIVE_W
from cabinet.video.text import draw_centred, draw_right, draw_text
from engine.pieces import PIECE_RGB

CREDIT_Y = NATIVE_H - CHAR  # the credit line is the bottom text row
BLINK_FRAMES: int = VIDEO_DECISIONS["blink_frames"].value
TITLE = "BLOXCAB"
TITLE_PIXEL = 4  # each font pixel of the title is a 4x4 block

def blink_on(frame: int) -> bool:
    return (frame // BLINK_FRAMES) % 2 == 0


def credit_text(credits: int, free_play: bool) -> str:
    """What the credit line says. Source: Sega operator manuals (credits, attract mode, name entry)
    ("FREE PLAY" replaces
    "CREDIT n" on free play)."""
    return "FREE PLAY" if free_play else f"CREDIT {credits}"


def draw_credit_line(surface: pygame.Surface, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"], (0, CREDIT_Y, NATIVE_W, CHAR))
    draw_centred(surface, credit_text(credits, free_play), CREDIT_Y, UI["credit"])


# Layout: alarms take the top text row, left edge (the demo caption has the row above the
# credit line, and the 1P screens leave the top row free).
ALARM_Y = 0


def alarm_line(surface: pygame.Surface, alarms: list[str]) -> None:
    """Hardware alarms on the attract screen ("JVS ERROR", ...), small, on one row, as
    boards show an I/O error; nothing when the list is empty."""
    if not alarms:
        return
    surface.fill(UI["background"], alarm_box(alarms))
    draw_text(surface, "  ".join(alarms), 0, ALARM_Y, UI["alert"])


def alarm_box(alarms: list[str]) -> pygame.Rect:
    """Where ``alarm_line`` draws."""
    return pygame.Rect(0, ALARM_Y, min(NATIVE_W, (len("  ".join(alarms)) + 1) * CHAR), CHAR)


def start_prompt(credits: int, free_play: bool) -> str:
    return "PUSH START" if free_play or credits > 0 else "INSERT COIN"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}TH"
    return f"{n}{ {1: 'ST', 2: 'ND', 3: 'RD'}.get(n % 10, 'TH')}"


# Layout: the demo's caption sits between the wells' bottom frame (y 201) and the credit
# line, so it never hides the falling piece.
DEMO_CAPTION_Y = CREDIT_Y - CHAR - 4
# What demo_overlay draws over the play screen: its caption band and the credit line.
DEMO_OVERLAY = (pygame.Rect(0, DEMO_CAPTION_Y - 1, NATIVE_W, CHAR + 1),
                pygame.Rect(0, CREDIT_Y, NATIVE_W, CHAR))


def demo_overlay(surface: pygame.Surface, credits: int, free_play: bool, frame: int,
                 caption: str = "DEMO PLAY") -> None:
    """Under an attract-mode demo game: its caption and the blinking start prompt."""
    surface.fill(UI["background"], DEMO_OVERLAY[0])
    prompt = start_prompt(credits, free_play)
    line = f"{caption}   {prompt}" if blink_on(frame) else f"{caption}   {' ' * len(prompt)}"
    draw_centred(surface, line, DEMO_CAPTION_Y, UI["label"])
    draw_credit_line(surface, credits, free_play)


def game_over(
    surface: pygame.Surface, scores: Sequence[int | None], credits: int = 0,
    free_play: bool = False, label: str = "",
) -> None:
    """The game-over screen: GAME OVER and each player's final score (or the figure
    ``label`` names: WINS after a versus match)."""
    surface.fill(UI["background"])
    draw_centred(surface, "GAME OVER", 64, UI["alert"], scale=2)
    y = 112
    for index, score in enumerate(scores):
        if score is not None:
            draw_text(surface, f"{index + 1}P", 96, y, UI["label"])
            if label:
                draw_text(surface, label, 128, y, UI["label"])
            draw_right(surface, f"{score:6d}", 224, y, UI["value"])
            y += 16
    draw_credit_line(surface, credits, free_play)


# ---- attract ----------------------------------------------------------------------------
_title_logo: pygame.Surface | None = None


def title_logo() -> pygame.Surface:
    """BLOXCAB in big letters built from small blocks, one piece colour per letter."""
    global _title_logo
    if _title_logo is None:
        step = CHAR * TITLE_PIXEL
        logo = pygame.Surface((len(TITLE) * step, step))
        key = (255, 0, 254)
        logo.fill(key)
        for i, ch in enumerate(TITLE):
            rgb = PIECE_RGB[i % len(PIECE_RGB)]
            light = tuple(min(255, c + 80) for c in rgb)
            for y, row in enumerate(glyph(ch)):
                for x, lit in enumerate(row):
                    if lit == "#":
                        px, py = i * step + x * TITLE_PIXEL, y * TITLE_PIXEL
                        logo.fill(shade(rgb, 0.5), (px, py, TITLE_PIXEL, TITLE_PIXEL))
                        logo.fill(rgb, (px, py, TITLE_PIXEL - 1, TITLE_PIXEL - 1))
                        logo.fill(light, (px, py, TITLE_PIXEL - 2, 1))
        logo.set_colorkey(key)
        _title_logo = logo
    return _title_logo


def title(surface: pygame.Surface, credits: int, free_play: bool, frame: int) -> None:
    """The attract title."""
    surface.fill(UI["background"])
    logo = title_logo()
    x = (NATIVE_W - logo.get_width()) // 2
    surface.blit(logo, (x, 48))
    draw_centred(surface, "BLOCK PUZZLE CABINET", 96, UI["label"])
    if blink_on(frame):
        draw_centred(surface, start_prompt(credits, free_play), 144, UI["text"])
    draw_centred(surface, "© BLOXCAB PROJECT", 184, UI["frame_light"])
    draw_credit_line(surface, credits, free_play)


VERIFIED_MARK: str = VIDEO_DECISIONS["ranking_marks"].value["verified"]
FAILED_MARK: str = VIDEO_DECISIONS["ranking_marks"].value["failed"]
# Short headings of ranking columns that do not fit under their own name.
COLUMN_HEADINGS = {"level": "LV", "fireworks": "FIREWORKS"}
NAME_X = 72  # the initials column of the rankings table


def rankings(
    surface: pygame.Surface, columns: Sequence[str], rows: Sequence[tuple[str, Sequence[Any]]],
    credits: int = 0, free_play: bool = False, highlight: int | None = None,
    marks: Sequence[str] = (), title: str = "",
) -> None:
    """The rankings table under ``title`` (the game and its mode): rank, initials and the
    game's ``columns`` (at most three fit);
    each row is (initials, values in column order). ``highlight`` is the 0-based index of
    a row to draw in the highlight colour (a new entry). ``marks`` puts VERIFIED_MARK or
    FAILED_MARK before a row (its replay proves it, or does not)."""
    surface.fill(UI["background"])
    draw_centred(surface, "RANKING", 8 if title else 16, UI["value"], scale=2)
    if title:
        draw_centred(surface, title, 30, UI["highlight"])
    header_y = 48
    # Layout: value columns end at these x positions (right-aligned), left to right.
    # The widest values: a 7-digit score, a 4-digit level, a clock "mm:ss:cc"; one cell
    # at least between columns (tests/test_screen_texts.py draws them).
    # The first column's heading ("FIREWORKS", 9 cells) ends at 184: NAME at 72 leaves
    # one cell.
    rights = (184, 232, 312)[:len(columns)]
    draw_text(surface, "RANK", 24, header_y, UI["label"])
    draw_text(surface, "NAME", NAME_X, header_y, UI["label"])
    for column, right in zip(columns, rights, strict=False):
        heading = COLUMN_HEADINGS.get(column, column.upper())
        draw_right(surface, heading, right, header_y, UI["label"])
    for i, (name, values) in enumerate(rows[:10]):
        y = header_y + 16 + i * 14
        colour = UI["highlight"] if i == highlight else (UI["text"] if i % 2 else UI["value"])
        draw_text(surface, ordinal(i + 1), 24, y, colour)
        mark = marks[i] if i < len(marks) else ""
        if mark:
            draw_text(surface, mark, 8, y, UI["verified"] if mark == VERIFIED_MARK
                      else UI["alert"])
        draw_text(surface, str(name)[:3], NAME_X, y, colour)
        for value, right in zip(values, rights, strict=False):
            draw_right(surface, str(value), right, y, colour)
    draw_credit_line(surface, credits, free_play)


# ---- name entry -------------------------------------------------------------------------
# The characters offered for initials, in wheel order.
NAME_CHARS: str = VIDEO_DECISIONS["name_chars"].value + RUB_MARK + END_MARK
NAME_LENGTH = 3  # Source: Sega operator manuals (credits, attract mode, name entry) (3 initials)


def name_entry(
    surface: pygame.Surface, player: int, rank: int, score: int, initials: str,
    current: str, seconds_left: int, frame: int = 0, alphabet: str = NAME_CHARS,
) -> None:
    """Initials entry: the entered ``initials``, the character under the cursor ``current``
    (blinking in the next slot), the character wheel (``alphabet``, the order the lever
    steps through), and the countdown."""
    surface.fill(UI["background"])
    draw_centred(surface, "CONGRATULATIONS!", 16, UI["value"])
    draw_centred(surface, f"PLAYER {player}", 36, UI["label"])
    draw_centred(surface, f"YOU RANK {ordinal(rank)}", 52, UI["text"])
    draw_centred(surface, f"SCORE {score}", 68, UI["text"])
    draw_centred(surface, "ENTER YOUR INITIALS", 92, UI["label"])
    slot_w = 32  # a 16-pixel letter and a big character cell to the next slot
    x0 = NATIVE_W // 2 - NAME_LENGTH * slot_w // 2
    for i in range(NAME_LENGTH):
        x = x0 + i * slot_w
        surface.fill(UI["frame"], (x, 128, 16, 2))
        if i < len(initials):
            draw_text(surface, initials[i], x, 110, UI["value"], scale=2)
        elif i == len(initials) and blink_on(frame * 4):
            draw_text(surface, current, x, 110, UI["highlight"], scale=2)
    # The wheel: the current character in the middle, its neighbours either side.
    at = alphabet.find(current)
    if at >= 0:
        for d in range(-8, 9):
            ch = alphabet[(at + d) % len(alphabet)]
            x = NATIVE_W // 2 - CHAR // 2 + d * 16
            colour = UI["highlight"] if d == 0 else UI["frame_light"]
            draw_text(surface, ch, x, 152, colour)
        pygame.draw.rect(surface, UI["highlight"], (NATIVE_W // 2 - 7, 149, 14, 14), 1)
    draw_centred(surface, f"TIME {max(0, seconds_left):2d}", 184, UI["text"])


# ---- notices ------------------------------------------------------------------------------
def backup_cleared(
    surface: pygame.Surface, detail: Sequence[str] = ("FACTORY SETTINGS LOADED",),
    footer: str = "",
) -> None:
    """The notice shown when save data was unreadable and factory defaults were loaded.
    Source: the project's save-data rule (both banks corrupt: defaults with a visible notice)."""
    surface.fill(UI["background"])
    draw_centred(surface, "BACKUP DATA CLEARED", 72, UI["alert"])
    for i, line in enumerate(detail):
        draw_centred(surface, line, 100 + i * 12, UI["text"])
    if footer:
        draw_centred(surface, footer, 176, UI["label"])
