"""The service menu driven through a headless kiosk's input script: settings flow from the
menu through save data into the next game."""

from __future__ import annotations

from pathlib import Path

from dipswitch import Chute
from engine.pieces import I
from firmware.machine import Screen
from firmware.machine.service_switch import TEST_HOLD_FRAMES
from firmware.savedata import load
from tests.bloxeed_kit import drop_and_lock, run_until, set_field
from tests.service_kit import cabinet


def test_test_enters_from_attract_and_exit_returns_to_title_keeping_credits(
        tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.run(3)
        op.coin(1)
        assert op.kiosk.machine.credits == 1
        op.enter()
        assert op.menu.page.title == "TEST MODE"
        op.choose("EXIT")
        assert op.kiosk.machine.screen == Screen.TITLE
        assert op.kiosk.machine.service_menu is None
        assert op.kiosk.machine.credits == 1
    assert load(tmp_path).data.credits == 1


def test_test_during_a_game_abandons_it_and_keeps_the_credits(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.coin(1)
        op.coin(1)
        op.press("p1.start")
        machine = op.kiosk.machine
        assert machine.screen == Screen.PLAY and machine.credits == 1
        op.run(30)
        # A tap on TEST, even one held just short of the hold, leaves the game running.
        op.hold("test")
        op.run(TEST_HOLD_FRAMES - 1)
        op.release("test")
        op.run(2)
        assert machine.screen == Screen.PLAY and machine.game is not None
        op.run(100)  # TEST at rest for a while: the count starts again from nothing
        op.hold("test")
        op.run(TEST_HOLD_FRAMES - 1)
        op.release("test")
        op.run(2)
        assert machine.screen == Screen.PLAY and machine.game is not None
        frame = machine.frame
        op.enter()
        assert machine.frame - frame == TEST_HOLD_FRAMES + 1  # held 30 frames, then released
        assert machine.game is None
        assert machine.credits == 1
        op.choose("EXIT")
        op.press("p1.start")
        assert machine.screen == Screen.PLAY and machine.credits == 0


def test_coins_count_in_the_menu_and_service_moves_the_cursor(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        machine = op.kiosk.machine
        op.coin(2)
        assert machine.data.bookkeeping.coins == [0, 1]
        assert machine.credits == 1
        # In test mode the lockout coils drop (kiosk), and SERVICE is the cursor button.
        assert not op.kiosk.outputs.states["coin_lockout1"]
        op.press("service", times=2)
        assert op.menu.page.cursor == 2
        assert machine.data.bookkeeping.service_credits == 0
        assert machine.credits == 1
        op.press("p1.up")
        assert op.menu.page.cursor == 1


def test_lines_per_level_4_from_the_menu_levels_up_every_4_lines(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        machine = op.kiosk.machine
        assert machine.data.selected_game == "bloxeed"
        op.enter()
        op.choose("GAME ASSIGNMENTS")
        assert op.menu.page.rows()[2].label == "3-4 Lines Per Level"
        assert op.menu.page.rows()[2].value == "3"
        op.choose("3-4 Lines Per Level")  # TEST steps 3 -> 4
        assert op.menu.page.rows()[2].value == "4"
        op.choose("EXIT")
        op.choose("EXIT")
        assert machine.screen == Screen.TITLE
        assert op.wait_saved()  # EXIT committed the settings
        assert (load(tmp_path).data.dips["bloxeed"].sw2 >> 2) & 3 == 0b10  # SW2:3 ON, 4 OFF
        op.coin(1)
        op.press("p1.start")
        game = machine.game
        assert game is not None
        player = game.player(0)
        assert player.lines_per_level == 4
        # Play it: single lines with a vertical I into a well in column 10.
        run_until(game, "spawn")
        for n in range(1, 5):
            set_field(player, ["#########."])
            player.field.set(1, 0, 8)  # keep the field from an all clear
            drop_and_lock(game, I, 1, 7)
            run_until(game, "spawn")
            assert player.level == (1 if n == 4 else 0), n


def test_game_select_picks_the_game_of_the_next_start(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        op.choose("GAME SELECT")
        op.choose("TETRIS (SEGA 1988)")
        op.choose("EXIT")
        op.coin(1)
        op.press("p1.start")
        game = op.kiosk.machine.game
        assert game is not None and game.rules.id == "sega88"
    assert load(tmp_path).data.selected_game == "sega88"


def test_coin_assignments_change_the_rate_and_free_play(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        machine = op.kiosk.machine
        op.enter()
        op.choose("COIN ASSIGNMENTS")
        op.choose("COIN A")  # 0xF 1C/1C -> 0xE 1C/2C (the table's next row)
        assert machine.desk.board.coin_settings.chute_a.value == 0xE
        op.choose("EXIT")
        op.choose("EXIT")
        op.coin(1)
        # MAME segas16b.cpp / segas18.cpp coinage: E = 1 coin 2 credits.
        assert machine.credits == 2
        op.enter()
        op.choose("COIN ASSIGNMENTS")
        for chute in (Chute.A, Chute.B):
            for _ in range(16):  # the lever steps back through the table's 16 rows
                if machine.desk.board.coin_settings.scheme(chute).value == 0:
                    break
                op.press("p1.left")
            assert machine.desk.board.coin_settings.scheme(chute).value == 0
            op.press("service")
        assert machine.free_play
        assert all(b.sw1 == 0x00 for b in machine.data.dips.values())
        op.choose("EXIT")
        op.choose("EXIT")
        assert not op.kiosk.outputs.states["coin_lockout1"]  # free play: nothing to accept
    assert load(tmp_path).data.dips["sega88"].sw1 == 0x00
