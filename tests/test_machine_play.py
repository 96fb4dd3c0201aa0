"""Starts, joins, versus, same sequence, name entry and every screen drawn."""

from pathlib import Path

import pygame

from cabinet.video.screen import new_native
from engine import InputFrame
from firmware import kiosk_view
from firmware.machine import Screen
from firmware.machine.decisions import NAME_ENTRY_FRAMES, frames
from firmware.machine.screens import ATTRACT
from games.sega.player import OVER
from tests.kiosk_kit import Rig, p1, p2


def top_out(rig: Rig, index: int) -> None:
    """Let gravity and a held lever finish player ``index``'s game."""
    game = rig.machine.game
    assert game is not None
    hold = p1(down=True) if index == 0 else p2(down=True)
    while (player := game.players[index]) is not None and player.phase != OVER:
        rig.step(hold)


def test_p2_joins_a_running_1p_game_with_a_credit(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        rig.coin(1)
        rig.coin(1)
        rig.press(p1(start=True))
        game = rig.machine.game
        assert game is not None and game.players[1] is None
        rig.frames(100)
        rig.press(p2(start=True))
        assert game.players[1] is not None
        assert rig.machine.games_started == 2
        assert rig.machine.credits == 0
    finally:
        rig.close()


def test_bloxeed_2p_start_is_versus_when_allowed(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="bloxeed")
    try:
        rig.coin(1)
        rig.coin(1)
        rig.press(p2(start=True))
        assert rig.machine.versus
        assert rig.machine.game is not None and rig.machine.game.settings.versus
    finally:
        rig.close()


def test_bloxeed_2p_start_without_vs_mode_is_two_games(tmp_path: Path) -> None:
    from tests.dipkit import game_bank

    bank = game_bank("bloxeed")
    sw2 = bank.bank.set(bank.factory, "Allow VS Mode", "No")
    rig = Rig(tmp_path, game="bloxeed", sw2=sw2)
    try:
        rig.coin(1)
        rig.coin(1)
        rig.press(p2(start=True))
        game = rig.machine.game
        assert not rig.machine.versus and game is not None
        assert game.players[0] is not None and game.players[1] is not None
    finally:
        rig.close()


def test_bloxeed_same_sequence_from_the_game_over_screen(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="bloxeed")
    try:
        for _ in range(2):
            rig.coin(1)
        rig.press(p1(start=True))
        first = rig.machine.game
        assert first is not None
        top_out(rig, 0)
        while rig.machine.screen == Screen.NAME_ENTRY:
            rig.step()
        assert rig.machine.screen == Screen.GAME_OVER
        rig.press(p1(start=True))
        second = rig.machine.game
        assert second is not None and second is not first
        assert second.piece_seed == first.piece_seed
    finally:
        rig.close()


def test_name_entry_times_out_after_20_seconds(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        rig.machine.data.rankings["sega88"]["normal"].clear()  # an empty table: any score ranks
        rig.coin(1)
        rig.press(p1(start=True))
        top_out(rig, 0)
        assert rig.machine.screen == Screen.GAME_OVER  # GAME OVER first
        rig.frames(frames("name_entry_after_frames"))
        assert rig.machine.screen == Screen.NAME_ENTRY
        rig.frames(NAME_ENTRY_FRAMES - 1)
        assert rig.machine.screen == Screen.NAME_ENTRY
        rig.step()
        assert rig.machine.screen in ATTRACT  # the game-over sequence ran through
        # Nothing entered: the default initials, never a blank row.
        assert rig.machine.data.rankings["sega88"]["normal"][0].initials == "AAA"
    finally:
        rig.close()


def test_every_screen_draws(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="bloxeed")
    surface = new_native()
    seen: dict[str, bytes] = {}
    try:
        def snap() -> None:
            kiosk_view.draw(rig.machine, surface)
            seen.setdefault(rig.machine.screen.value, pygame.image.tobytes(surface, "RGB"))

        rig.machine.screen = Screen.NOTICE
        snap()
        rig.machine.screen = Screen.TITLE
        for _ in range(3100):
            rig.step()
            snap()
        rig.coin(1)
        rig.coin(1)
        rig.press(p2(start=True))
        for _ in range(50):
            rig.step(InputFrame())
            snap()
        top_out(rig, 0)
        for _ in range(40):
            rig.step()
            snap()
        assert {"notice", "title", "demo", "rankings", "play", "game_over"} <= set(seen)
        assert len(set(seen.values())) == len(seen)  # each screen looks different
    finally:
        rig.close()
