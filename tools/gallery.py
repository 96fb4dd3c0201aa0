"""Sample scenes of every screen: the cartridges' play screens (each cartridge's
``tooling.gallery``, fed random play) and the cabinet's own, for tests and the render
benchmark (the docs' screenshots come from ``python -m tools.shots``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from cabinet.video import screens
from cabinet.video.paint import paint
from cabinet.video.patterns import MONITOR_PATTERNS
from cabinet.video.picture import MenuRow, Picture
from firmware.inputscript import random_inputs
from games.registry import CARTRIDGES


def scenes() -> dict[str, Callable[[pygame.Surface], None]]:
    """The cartridges' own play scenes (each from busy games of random play) and the
    cabinet's screens."""
    played: dict[str, Callable[[pygame.Surface], None]] = {}
    for cart in CARTRIDGES.values():
        if cart.tooling.gallery is not None:
            for name, scene in cart.tooling.gallery(random_inputs).items():
                if name in played:
                    raise ValueError(f"gallery: two cartridges name a scene {name!r}")
                played[name] = scene
    rows = [("AAA", [512340, 201, 19]), ("SEG", [203000, 120, 12]), ("BLX", [99000, 60, 6]),
            ("TET", [45210, 33, 4]), ("ZZZ", [1200, 4, 0])]
    return {
        **played,
        "title": lambda s: screens.title(s, 0, False, 0),
        "title_free_play": lambda s: screens.title(s, 0, True, 0),
        "rankings": lambda s: screens.rankings(s, ("score", "lines", "level"), rows, credits=1,
                                                highlight=2),
        "name_entry": lambda s: screens.name_entry(s, 1, 3, 99000, "BL", "X", 17, 0),
        "game_over": lambda s: screens.game_over(s, (123450, 9870), credits=0),
        "backup_cleared": lambda s: screens.backup_cleared(s, footer="PRESS TEST"),
        "menu": lambda s: paint(s, SERVICE_PAGE),
        **{f"monitor_{name.replace(' ', '_')}": partial(paint, picture=picture)
           for name, picture in MONITOR_PATTERNS.items()},
        "font": _font_sheet,
    }


# A service page as the test mode shows one (firmware/service builds the real ones).
SERVICE_PAGE = Picture(
    items=tuple(MenuRow(label, 26 + i * 12, value, chosen=i == 1)
                for i, (label, value) in enumerate((
                    ("DEMO SOUNDS", "ON"), ("DIFFICULTY", "NORMAL"), ("LINES PER LEVEL", "3"),
                    ("HIGH SPEED MODE", "ON"), ("EXIT", "")))),
    heading="GAME ASSIGNMENTS",
    footer=(("SERVICE: MOVE   TEST: CHANGE", "label"),),
)


def _font_sheet(surface: pygame.Surface) -> None:
    from cabinet.video.font import GLYPHS
    from cabinet.video.text import draw_text

    surface.fill((0, 0, 32))
    chars = "".join(GLYPHS)
    for i in range(0, len(chars), 20):
        draw_text(surface, " ".join(chars[i:i + 20]), 0, 8 + (i // 20) * 16, (255, 255, 255))
