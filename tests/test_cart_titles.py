"""Each cartridge greets players with its own attract title (CartPresentation.draw_title):
its name in our own block lettering, not the cabinet's BLOXCAB logo; the start prompt
blinks over empty background, nothing reaches the picture's edges, and the kiosk's title
screen draws the cartridge's title."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from cabinet.video import screens
from cabinet.video.palette import UI
from cabinet.video.picture import NATIVE_H, NATIVE_W
from cabinet.video.title import PROMPT_Y
from firmware import kiosk_view
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from games.registry import CARTRIDGES

IDS = list(CARTRIDGES)


def title_of(game_id: str, frame: int = 0, credits: int = 0,
             free_play: bool = False) -> np.ndarray:
    surface = pygame.Surface((NATIVE_W, NATIVE_H))
    draw = CARTRIDGES[game_id].presentation.draw_title
    assert draw is not None, f"{game_id} has no title of its own"
    draw(surface, frame, credits, free_play)
    return pygame.surfarray.array3d(surface)


def bloxcab_title() -> np.ndarray:
    surface = pygame.Surface((NATIVE_W, NATIVE_H))
    screens.title(surface, 0, False, 0)
    return pygame.surfarray.array3d(surface)


def test_every_cartridge_has_its_own_title() -> None:
    pictures = {game_id: title_of(game_id) for game_id in IDS}
    logo = bloxcab_title()
    for game_id, picture in pictures.items():
        assert not np.array_equal(picture, logo), game_id
    for a in IDS:
        for b in IDS:
            if a < b:
                assert not np.array_equal(pictures[a], pictures[b]), (a, b)


# Flash Point's flashing blocks blink with the prompt (they stand above this row).
ART_BLINKS_ABOVE = {"flashpoint": 150}


@pytest.mark.parametrize("game_id", IDS)
def test_the_prompt_blinks_over_empty_background(game_id: str) -> None:
    on = title_of(game_id, 0)
    off = title_of(game_id, screens.BLINK_FRAMES)
    changed = np.argwhere((on != off).any(axis=2))
    rows = [int(y) for _, y in changed if ART_BLINKS_ABOVE.get(game_id, 0) <= y]
    assert rows, "the start prompt blinks"
    top = min(rows)
    assert max(rows) < top + 8 < screens.CREDIT_Y  # one text row above the credit line
    assert top >= PROMPT_Y - 16
    band = off[:, top - 1:top + 9]  # while it is off: background, a pixel round it too
    assert (band == UI["background"]).all(), game_id


@pytest.mark.parametrize("game_id", IDS)
def test_nothing_reaches_the_edges(game_id: str) -> None:
    picture = title_of(game_id)
    background = np.array(UI["background"])
    above_credit = picture[:, :screens.CREDIT_Y]
    for edge in (above_credit[0], above_credit[-1], above_credit[:, 0]):
        assert (edge == background).all(), game_id


@pytest.mark.parametrize("game_id", ["blockout", "sega88"])
def test_the_kiosk_title_is_the_cartridges(game_id: str, tmp_path: Path) -> None:
    kiosk = Kiosk(KioskOptions(mode="headless", game=game_id, save_dir=tmp_path,
                               audio=False))
    m = kiosk.machine
    m.screen = Screen.TITLE
    m.screen_frames = 0
    m.frame = 0
    kiosk_view.draw(m, kiosk.native)
    shown = pygame.surfarray.array3d(kiosk.native)
    assert np.array_equal(shown, title_of(game_id))  # no credit, no free play
