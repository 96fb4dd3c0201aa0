"""Drawing only what changed (kept string sprites, each well's stack kept until its field
changes) gives exactly the picture a full redraw gives, frame after frame of real play."""

from __future__ import annotations

import pygame
import pytest

from cabinet.video.font import CELL
from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from cabinet.video.text import draw_text, forget_lines, glyph_surface
from engine import InputFrame
from engine.field import Field
from firmware.inputscript import random_inputs
from games.cartridge import PlayView
from games.registry import CARTRIDGES, new_session
from games.sega import screen as sega_screen

FRAMES = 1500


def _full_redraw(draw: object, surface: pygame.Surface) -> None:
    sega_screen.field_view().forget()
    forget_lines()
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


def test_kept_strings_match_glyph_by_glyph_drawing() -> None:
    text = "".join(chr(c) for c in range(32, 127))
    for colour in (UI["text"], UI["value"], (1, 2, 3)):
        for scale in (1, 2):
            kept = new_native()
            by_glyph = new_native()
            kept.fill((40, 50, 60))
            by_glyph.fill((40, 50, 60))
            for row, start in enumerate(range(0, len(text), 20)):
                line = text[start:start + 20]
                draw_text(kept, line, 3, row * CELL * scale, colour, scale)
                draw_text(kept, line, 3, row * CELL * scale, colour, scale)  # kept sprite
                by_glyph.fblits([(glyph_surface(ch, colour, scale),
                                  (3 + i * CELL * scale, row * CELL * scale))
                                 for i, ch in enumerate(line)])
            assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(by_glyph, "RGB")
