"""Sample scenes of every screen, from real engine games of the Sega cartridges: for tests
and the render benchmark (the docs' screenshots come from ``python -m tools.shots``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pygame

from cabinet.video import screens
from cabinet.video.paint import paint
from cabinet.video.patterns import MONITOR_PATTERNS
from cabinet.video.picture import MenuRow, Picture
from engine import InputFrame, PlayerInput
from games.bloxeed.gallery import bloxeed_dressing
from games.sega import screen as sega_screen
from games.sega.game import Game
from games.sega88.rules import SEGA88


def random_input(rng: random.Random) -> PlayerInput:
    """A player who taps the lever and buttons at random and often holds down."""
    return PlayerInput(
        left=rng.random() < 0.2, right=rng.random() < 0.2, down=rng.random() < 0.5,
        b1=rng.random() < 0.1,
    )


def busy_game(players: int = 2, frames: int = 1500, seed: int = 7) -> Game:
    """A real sega88 game after ``frames`` frames of random play (stacks partly full)."""
    game = Game(SEGA88, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(frames):
        p2 = random_input(rng) if players == 2 else PlayerInput()
        game.step(InputFrame(p1=random_input(rng), p2=p2))
        if game.over:
            break
    return game


def scenes() -> dict[str, Callable[[pygame.Surface], None]]:
    two = busy_game(2)
    one = busy_game(1, seed=11)
    dressed = busy_game(2, seed=3)
    dressed_extras = bloxeed_dressing(dressed)
    rows = [("AAA", [512340, 201, 19]), ("SEG", [203000, 120, 12]), ("BLX", [99000, 60, 6]),
            ("TET", [45210, 33, 4]), ("ZZZ", [1200, 4, 0])]

    def demo(s: pygame.Surface) -> None:
        sega_screen.game(s, two.players)
        screens.demo_overlay(s, 0, False, 0)

    game_over_two = busy_game(2, frames=30000, seed=5)
    return {
        "game_1p": lambda s: sega_screen.game(s, one.players, credits=2, top_score=512340),
        "game_2p": lambda s: sega_screen.game(s, two.players, credits=3),
        "game_2p_bloxeed": lambda s: sega_screen.game(
            s, dressed.players, dressed_extras, free_play=True
        ),
        "game_1p_idle_2p": lambda s: sega_screen.game(s, (one.player(0), None), sides=2, credits=1),
        "game_over_fields": lambda s: sega_screen.game(s, game_over_two.players, credits=0),
        "demo": demo,
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
