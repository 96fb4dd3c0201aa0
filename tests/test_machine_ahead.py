"""A Sega table game's start draws its 1000-piece table (about half a millisecond): the
machine has it drawn ahead, on a quiet frame of the screen the Start leaves (the title,
the game-over screen), so the start frame finds it. The drawing is a pure cache
(functools' lru_cache), so the game plays the same either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.machine import Screen
from games.sega import randomizer
from tests.kiosk_kit import Rig, p1


@pytest.mark.parametrize("game", ["sega88", "flashpoint"])
def test_a_start_finds_its_piece_table_drawn_ahead(tmp_path: Path, game: str) -> None:
    rig = Rig(tmp_path, game=game)
    machine = rig.machine
    try:
        for _ in range(2000):  # past the boot notice, onto the title
            if machine.screen == Screen.TITLE and machine.screen_frames > 2:
                break
            rig.step()
        assert machine.screen == Screen.TITLE
        randomizer._drawn.cache_clear()  # what earlier tests drew is gone
        rig.coin()
        for screen in (Screen.RANKINGS, Screen.TITLE):  # round the attract loop once
            for _ in range(5000):
                if machine.screen == screen and machine.screen_frames > 2:
                    break
                rig.step()
        assert machine.screen == Screen.TITLE
        drawn = randomizer._drawn.cache_info()
        assert drawn.misses >= 1  # drawn ahead, on a title frame
        rig.press(p1(start=True))
        assert machine.screen == Screen.PLAY
        after = randomizer._drawn.cache_info()
        assert after.misses == drawn.misses  # the start drew no table of its own
        assert after.hits > drawn.hits
    finally:
        rig.close()
