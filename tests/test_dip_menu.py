"""The service menu's DIP screen: ON/OFF per switch like the manual, plus the meaning."""

from __future__ import annotations

from dipswitch import SW1, bank_switches, dip_rows, override, setting_choices
from tests.dipkit import game_bank


def test_bloxeed_rows_for_a_known_byte():
    # 0x64: SW2:1 ON (VS No), 2 ON (demo On), 3 OFF 4 ON (code 0x04 = 2 lines),
    # 5 ON 6 OFF (0x20 = Easy), 7 OFF (Unknown Off), 8 ON (High Speed Off).
    rows, notice = dip_rows(game_bank("bloxeed").bank, 0x64)
    assert notice is None
    assert [(r.switch, r.positions, r.setting) for r in rows] == [
        ("SW2:1 Allow VS Mode", ((1, "ON"),), "No"),
        ("SW2:2 Demo Sounds", ((2, "ON"),), "On"),
        ("SW2:3-4 Lines Per Level", ((3, "OFF"), (4, "ON")), "2"),
        ("SW2:5-6 Difficulty", ((5, "ON"), (6, "OFF")), "Easy"),
        ("SW2:7 Unknown", ((7, "OFF"),), "Off"),
        ("SW2:8 High Speed Mode", ((8, "ON"),), "Off"),
    ]
    assert bank_switches(0x64) == "ON ON OFF ON ON OFF OFF ON"


def test_sega88_rows_list_unused_switches():
    rows, _ = dip_rows(game_bank("sega88").bank, 0xCD)
    assert [r.switch for r in rows] == [
        "SW2:1 unused", "SW2:2 Demo Sounds", "SW2:3 unused", "SW2:4 unused",
        "SW2:5-6 Difficulty", "SW2:7 unused", "SW2:8 unused",
    ]
    by_name = {r.switch: r for r in rows}
    assert by_name["SW2:5-6 Difficulty"].setting == "Hardest"
    assert by_name["SW2:5-6 Difficulty"].positions == ((5, "ON"), (6, "ON"))
    assert by_name["SW2:2 Demo Sounds"].positions == ((2, "ON"),)


def test_sw1_rows_show_each_chute():
    # Coin A = 7 (4C/1C): switches 1-3 OFF, 4 ON. Coin B = 5: 5 OFF 6 ON 7 OFF 8 ON.
    rows, _ = dip_rows(SW1, 0x57)
    assert rows[0].switch == "SW1:1-4 Coin A"
    assert rows[0].positions == ((1, "OFF"), (2, "OFF"), (3, "OFF"), (4, "ON"))
    assert rows[0].setting == "4 Coins/1 Credit"
    assert rows[1].switch == "SW1:5-8 Coin B"
    assert rows[1].positions == ((5, "OFF"), (6, "ON"), (7, "OFF"), (8, "ON"))
    assert rows[1].setting == "2 Coins/1 Credit, 5/3, 6/4"


def test_rows_for_a_bad_byte_show_factory_and_notice():
    rows, notice = dip_rows(game_bank("bloxeed").bank, 999)
    assert notice is not None
    assert [r.setting for r in rows] == ["Yes", "On", "3", "Normal", "Off", "On"]


def test_physical_bank_wins_when_fitted():
    assert override(0xFD, None) == 0xFD
    assert override(0xFD, 0x7D) == 0x7D
    assert override(0xFD, 0x00) == 0x00


def test_lines_per_level_choices_match_mame_codes():
    # MAME SW2:3,4: 2 = 0x04 (3 OFF, 4 ON), 2 = 0x00, 3 = 0x0C (both OFF), 4 = 0x08.
    sw = game_bank("bloxeed").bank.switch("Lines Per Level")
    assert setting_choices(sw) == [
        ("2", ("OFF", "ON")),
        ("2", ("ON", "ON")),
        ("3", ("OFF", "OFF")),
        ("4", ("ON", "OFF")),
    ]


def test_changing_one_setting_keeps_the_other_switches():
    bank = game_bank("bloxeed").bank
    byte = bank.factory & ~0x40  # SW2:7 (Unknown) ON, which the typed settings do not hold
    changed = bank.set(byte, "Difficulty", "Hardest")
    assert changed == byte & ~0x30
    assert bank.decode(changed).labels["Unknown"] == "On"
    assert bank.set(changed, "Difficulty", "Normal") == byte
