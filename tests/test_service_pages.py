"""Each service page through a headless kiosk: clears with and without confirmation, the
output, input, monitor and sound tests, notices, and every page drawn without error."""

from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.audio.synth import EFFECTS
from cabinet.video.patterns import MONITOR_PATTERNS
from firmware.machine import Screen
from firmware.savedata import RankEntry, factory, insert_ranking, load
from firmware.service.pages.main import ITEMS
from firmware.sound_palette import cabinet_palette
from tests.service_kit import cabinet


def _play_some(op) -> None:  # type: ignore[no-untyped-def]
    op.coin(1)
    op.coin(2)
    op.press("service")  # a service credit, outside the menu
    op.press("p1.start")
    op.run(120)


def test_clear_bookkeeping_needs_yes(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        _play_some(op)
        books = op.kiosk.machine.data.bookkeeping
        assert books.coins == [1, 1] and books.service_credits == 1
        assert books.games["bloxeed"].one_player == 1 and books.credits_used == 1
        op.enter()
        op.choose("BOOKKEEPING")
        values = {r.label: r.value for r in op.menu.page.rows()}
        assert values["COIN 1"] == "1" and values["SERVICE CREDITS"] == "1"
        assert values["BLOXEED GAMES 1P / 2P"] == "1 / 0"
        op.choose("CLEAR BOOKKEEPING")
        assert op.menu.page.cursor == 0  # the confirmation starts on NO
        op.choose("NO")
        books = op.kiosk.machine.data.bookkeeping
        assert books.coins == [1, 1] and books.service_credits == 1
        op.choose("CLEAR BOOKKEEPING")
        op.choose("YES")
        books = op.kiosk.machine.data.bookkeeping
        assert books.coins == [0, 0] and books.service_credits == 0
        assert books.games["bloxeed"].one_player == 0 and books.credits_used == 0
        assert books.cleared_at is not None
        assert op.kiosk.machine.credits == 2  # 3 credits in, 1 used: kept
        op.choose("EXIT")
        op.choose("EXIT")
        assert op.wait_saved()
    assert load(tmp_path).data.bookkeeping.coins == [0, 0]


def test_rankings_clear_and_backup_clear_keep_the_credits(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        machine = op.kiosk.machine
        data = machine.data
        insert_ranking(data, "bloxeed", "normal",
                       RankEntry("AAA", {"score": 5000, "lines": 10, "level": 2}))
        op.coin(1)
        op.coin(1)
        op.enter()
        op.choose("RANKINGS CLEAR")
        op.choose("NO")
        assert "AAA" in [e.initials for e in data.rankings["bloxeed"]["normal"]]
        op.choose("RANKINGS CLEAR")
        op.choose("YES")
        # Back to the table as it came from the factory.
        assert data.rankings["bloxeed"] == factory().rankings["bloxeed"]
        assert "AAA" not in [e.initials for e in data.rankings["bloxeed"]["normal"]]
        # Settings, game select and bookkeeping away from factory, then backup clear.
        op.choose("GAME SELECT")
        op.choose("TETRIS (SEGA 1988)")
        op.choose("COIN ASSIGNMENTS")
        op.choose("COIN A")
        op.choose("EXIT")
        assert data.selected_game == "sega88" and data.dips["bloxeed"].sw1 != 0xFF
        insert_ranking(data, "sega88", "normal",
                       RankEntry("BBB", {"score": 99000, "lines": 1, "level": 0}))
        op.choose("BACKUP DATA CLEAR")
        op.choose("NO")
        assert data.selected_game == "sega88" and data.bookkeeping.coins == [2, 0]
        op.choose("BACKUP DATA CLEAR")
        op.choose("YES")
        assert data.selected_game == "bloxeed"
        assert all(b.sw1 == 0xFF for b in data.dips.values())
        assert data.rankings["sega88"] == factory().rankings["sega88"]
        assert data.bookkeeping.coins == [0, 0]
        assert machine.desk.board.coin_settings.chute_a.value == 0xF
        assert machine.credits == 2 and data.credits == 2
        op.choose("EXIT")
        assert op.wait_saved()
    saved = load(tmp_path).data
    assert saved.credits == 2 and saved.selected_game == "bloxeed"


def test_output_test_toggles_an_output_and_releases_it(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        outputs = op.kiosk.outputs
        op.choose("OUTPUT TEST")
        assert not outputs.states["p1_start_lamp"]
        op.choose("1P START LAMP")
        assert outputs.states["p1_start_lamp"]
        assert op.menu.page.rows()[4].value == "ON"
        op.choose("COIN LOCKOUT 2")
        assert outputs.states["coin_lockout2"]  # energised although test mode drops it
        op.choose("1P START LAMP")
        assert not outputs.states["p1_start_lamp"]
        op.choose("1P START LAMP")
        op.choose("EXIT")
        assert not outputs.states["p1_start_lamp"] and not outputs.states["coin_lockout2"]


def test_input_test_shows_a_pressed_control_and_its_source(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        op.choose("INPUT TEST")
        page = op.menu.page
        op.run(2)
        idle = op.kiosk.native.copy()
        assert not page.held("p2.b2")  # type: ignore[attr-defined]
        op.hold("p2.b2", "tilt")
        op.run(2)
        assert page.held("p2.b2") and page.held("tilt")  # type: ignore[attr-defined]
        assert page.source_of("p2.b2") == "script"  # type: ignore[attr-defined]
        pressed = op.kiosk.native.copy()
        # BUTTON 2 row, 2P column: OFF -> ON SCRIPT
        changed = [(x, y) for x in range(208, 320) for y in range(84, 92)
                   if idle.get_at((x, y)) != pressed.get_at((x, y))]
        assert changed
        op.release("p2.b2", "tilt")
        op.coin(2)
        assert page.coins == [0, 1]  # type: ignore[attr-defined]
        op.press("test")  # TEST alone is shown, it does not leave
        assert op.menu.page is page
        op.hold("service")
        op.run()
        op.press("test")
        assert op.menu.page is not page and op.menu.page.title == "TEST MODE"


def test_input_test_without_a_cabinet_says_not_connected(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        op.choose("INPUT TEST")
        op.kiosk.service_cabinet.panel = None
        assert op.menu.page.source_lines() == [  # type: ignore[attr-defined]
            ("CONTROL PANEL NOT CONNECTED", "alert")]
        op.run(1)


def test_monitor_test_cycles_every_pattern(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        op.choose("MONITOR TEST")
        op.choose("crosshatch")
        seen = []
        for _ in MONITOR_PATTERNS:
            seen.append(op.menu.page.pattern)  # type: ignore[attr-defined]
            op.run()
            native = op.kiosk.native
            if seen[-1] == "crosshatch":
                assert native.get_at((0, 0))[:3] == (255, 255, 255)
                assert native.get_at((8, 8))[:3] == (0, 0, 0)
            elif seen[-1] == "red":
                assert native.get_at((160, 112))[:3] == (255, 0, 0)
            op.press("p1.b1" if len(seen) % 2 else "test")
        assert seen == list(MONITOR_PATTERNS)
        assert op.menu.page.pattern == "crosshatch"  # type: ignore[attr-defined]
        op.press("service")
        assert op.menu.page.title == "MONITOR TEST"


def test_sound_test_plays_every_effect(tmp_path: Path) -> None:
    with cabinet(tmp_path, audio=True) as op:
        op.enter()
        op.choose("SOUND TEST")
        effects = list(cabinet_palette())  # the shared effects and the cartridges' own
        assert set(EFFECTS) < set(effects) and "blockout_layer_rise" in effects
        for name in effects:
            op.choose(name.replace("_", " "))
        assert op.menu.page.played == effects  # type: ignore[attr-defined]


def test_notices_show_machine_notices_and_a_bad_dip_byte(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        machine = op.kiosk.machine
        machine.notices.append("config: inputs.gpio.p1.up: pin 99 does not exist")
        machine.data.dips["bloxeed"].sw2 = 0x1FF  # not a bank value
        op.enter()
        writer = op.kiosk.writer
        assert not writer.wait_settled(writer.last_submitted, 5)  # refused, not written
        # The machine's notice, and the save writer refusing the out-of-range byte.
        assert op.kiosk.writer.wait_failed(timeout=5.0)
        problems = op.menu.problems()
        assert len(problems) == 2 and problems[1].startswith("save data: SchemaError")
        assert {r.label: r.value for r in op.menu.page.rows()}["NOTICES"] == "2"
        op.choose("GAME ASSIGNMENTS")
        values = [r.value for r in op.menu.page.rows()]
        assert values[:6] == ["Yes", "On", "3", "Normal", "Off", "On"]  # factory
        op.run()
        op.choose("2 Demo Sounds")  # changing a setting writes a valid byte
        factory_sw2 = 0x80 | 0x40 | 0x30 | 0x0C | 0x01  # SW2 with every setting at factory
        assert machine.data.dips["bloxeed"].sw2 == factory_sw2 | 0x02  # Demo Sounds Off
        assert op.menu.page.rows()[1].value == "Off"
        op.choose("EXIT")
        assert op.wait_saved()  # a valid byte: the writer succeeds again
        op.choose("NOTICES")
        assert op.menu.problems() == ["config: inputs.gpio.p1.up: pin 99 does not exist"]
        op.run()
        op.choose("EXIT")
        op.choose("EXIT")
        op.coin(1)
        op.press("p1.start")
        assert machine.screen == Screen.PLAY


def test_every_page_renders(tmp_path: Path) -> None:
    with cabinet(tmp_path) as op:
        op.enter()
        for label, _ in ITEMS:
            op.choose(label)
            page = op.menu.page
            op.run()
            assert pygame.transform.average_color(op.kiosk.native) is not None
            if label == "INPUT TEST":
                op.hold("service")
                op.run()
                op.press("test")
                op.release("service")
                op.run()
            else:
                op.press("p1.b2")
            assert op.menu.page is not page, label
        assert op.menu.page.title == "TEST MODE"
        op.press("p1.b2")  # BACK on the first page is EXIT
        assert op.kiosk.machine.screen == Screen.TITLE


def test_screenshots_of_every_screen(tmp_path: Path) -> None:
    from games.registry import CARTRIDGES
    from tools.shots.service import GAME_PAGES, take

    shots = take(tmp_path / "shots")
    assert len(shots) == 18 + (len(CARTRIDGES) - 1) * len(GAME_PAGES)  # each game's own
    for path in shots:
        picture = pygame.image.load(str(path))
        assert picture.get_size() == (640, 448)  # 320x224 at x2
