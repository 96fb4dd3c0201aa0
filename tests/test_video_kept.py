"""Drawing only what changed (each well's stack kept until its field changes) gives exactly
the picture a full redraw gives, frame after frame of real play."""

from __future__ import annotations

import pygame
import pytest

from cabinet.video.font import CELL, glyph
from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from cabinet.video.text import draw_text
from engine import InputFrame
from engine.field import Field
from firmware.inputscript import random_inputs
from games.cartridge import PlayView
from games.registry import CARTRIDGES, new_session
from games.sega import screen as sega_screen

FRAMES = 1500


def _full_redraw(draw: object, surface: pygame.Surface) -> None:
    sega_screen.field_view().forget()
    draw()  # type: ignore[operator]


@pytest.mark.parametrize("game_id", sorted(CARTRIDGES))
@pytest.mark.parametrize("players", [1, 2])
def test_kept_drawing_matches_a_full_redraw_every_frame(game_id: str, players: int) -> None:
    cart = CARTRIDGES[game_id]
    assert cart.presentation.demo_player is not None
    rules = cart.rules.ids[0]
    session = new_session(rules, cart.tooling.cli_settings({}), {"main": 5}, players)
    demo = cart.presentation.demo_player(session)
    other = random_inputs(11, players=2)
    kept, full = new_native(), new_native()
    versions: set[int] = set()
    pictures: set[int] = set()
    cleared = 0
    for frame in range(FRAMES):
        if session.over:
            break
        mine, theirs = next(demo), next(other)
        session.step(InputFrame(mine.p1, theirs.p2 if players == 2 else mine.p2))
        view = PlayView(session, credits=1, free_play=False, frame=frame)
        cart.presentation.draw_play(kept, view)
        _full_redraw(lambda: cart.presentation.draw_play(full, view), full)  # noqa: B023
        shown = pygame.image.tobytes(kept, "RGB")
        assert shown == pygame.image.tobytes(full, "RGB"), frame
        pictures.add(hash(shown))
        # A Sega well game's players have fields (an Arika or 3D game's do not).
        wells = [p for p in getattr(session, "players", None) or () if hasattr(p, "field")]
        if wells:
            versions.add(wells[0].field.version)
            cleared = max(cleared, int((session.summary(0) or {}).get("lines", 0)))
    # The run really changed the picture many times (and a well game's stack, clearing
    # lines).
    assert len(pictures) > 50
    if versions:
        assert len(versions) > 10
        assert cleared > 0


def test_a_field_counts_every_change() -> None:
    field = Field()
    seen = [field.version]
    field.set(0, 0, 3)
    seen.append(field.version)
    field.push_bottom([1] * 9 + [0])
    seen.append(field.version)
    field.remove_rows([0])
    seen.append(field.version)
    assert seen == sorted(set(seen))  # strictly increasing


def test_text_lights_exactly_its_font_pixels_wherever_drawn_before() -> None:
    """Text is drawn glyph by glyph (no sprite per string): every pixel the font lights is
    in the colour, every other one keeps the background (the glyphs' own background is
    transparent), the first time a string is drawn and the second."""
    text = "".join(chr(c) for c in range(32, 127))
    background = (40, 50, 60)
    for colour in (UI["text"], UI["value"], (1, 2, 3)):
        for scale in (1, 2):
            surface = new_native()
            surface.fill(background)
            lines = [text[start:start + 16] for start in range(0, len(text), 16)]
            for row, line in enumerate(lines):
                for _ in range(2):
                    draw_text(surface, line, 3, row * CELL * scale, colour, scale)
            for row, line in enumerate(lines):
                for i, ch in enumerate(line):
                    for gy, bits in enumerate(glyph(ch)):
                        for gx, bit in enumerate(bits):
                            x = 3 + (i * CELL + gx) * scale
                            y = (row * CELL + gy) * scale
                            want = colour if bit == "#" else background
                            for dy in range(scale):
                                for dx in range(scale):
                                    assert surface.get_at((x + dx, y + dy))[:3] == want
