"""DIP banks: factory bytes, round trips over every byte and every typed combination,
fallback on bytes that cannot be decoded. Figures: MAME segas16b.cpp / segas18.cpp DIP definitions,
MAME segas16b.cpp / segas18.cpp."""

from __future__ import annotations

import itertools

import pytest

from dipswitch import SW1, DipBank, DipSwitch, GameDips, decode_coinage
from dipswitch.coinage import encode_coinage
from engine import Difficulty, GameSettings
from games.registry import cartridge
from tests.dipkit import game_bank

GAMES = ("sega88", "bloxeed")


def test_sw1_factory_is_all_off_and_one_coin_one_credit():
    # MAME segas16b.cpp / segas18.cpp: factory 0xF on both chutes = 1C/1C.
    assert SW1.factory == 0xFF
    coins, notice = decode_coinage(0xFF)
    assert notice is None
    assert coins.chute_a.value == coins.chute_b.value == 0xF
    assert coins.chute_a.label == "1 Coin/1 Credit"
    assert not coins.free_play


def test_sega88_factory_demo_sounds_on_normal():
    bank = game_bank("sega88")
    # Only SW2:2 (Demo Sounds On) is ON; the unused switches stay OFF.
    assert bank.factory == 0xFD
    dips, notice = bank.decode(bank.factory)
    assert notice is None
    assert dips.demo_sounds is True
    assert dips.settings.difficulty == Difficulty.NORMAL
    assert dips.allow_vs is False


def test_bloxeed_factory_matches_rules():
    bank = game_bank("bloxeed")
    dips, notice = bank.decode(bank.factory)
    assert notice is None
    assert dips.allow_vs is True
    assert dips.demo_sounds is True
    assert dips.settings.lines_per_level == 3
    assert dips.settings.difficulty == Difficulty.NORMAL
    # OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed": factory High Speed Mode On (MAME's
    # default says Off).
    assert dips.settings.high_speed is True
    # Only SW2:2 ON: high speed On is SW2:8 OFF (0x80), as a "not used" switch would be.
    assert bank.factory == 0xFD


@pytest.mark.parametrize(
    ("byte", "difficulty"),
    [(0xFD, Difficulty.NORMAL), (0xED, Difficulty.EASY), (0xDD, Difficulty.HARD),
     (0xCD, Difficulty.HARDEST)],
)
@pytest.mark.parametrize("game", GAMES)
def test_difficulty_codes_are_mames(game, byte, difficulty):
    # MAME SW2:5,6: Easy 0x20, Normal 0x30, Hard 0x10, Hardest 0x00.
    dips, _ = game_bank(game).decode(byte)
    assert dips.settings.difficulty == difficulty


@pytest.mark.parametrize(("code", "lines"), [(0x04, 2), (0x00, 2), (0x0C, 3), (0x08, 4)])
def test_bloxeed_lines_per_level_codes(code, lines):
    bank = game_bank("bloxeed")
    dips, _ = bank.decode((bank.factory & ~0x0C) | code)
    assert dips.settings.lines_per_level == lines


def test_bloxeed_high_speed_and_vs_bits():
    bank = game_bank("bloxeed")
    dips, _ = bank.decode(bank.factory & ~0x80)  # SW2:8 ON
    assert dips.settings.high_speed is False
    dips, _ = bank.decode(bank.factory & ~0x01)  # SW2:1 ON
    assert dips.allow_vs is False
    dips, _ = bank.decode(bank.factory | 0x02)  # SW2:2 OFF
    assert dips.demo_sounds is False


def test_sw1_every_byte_round_trips_exactly():
    for byte in range(256):
        coins, notice = decode_coinage(byte)
        assert notice is None
        assert encode_coinage(coins) == byte
        assert decode_coinage(encode_coinage(coins))[0] == coins


@pytest.mark.parametrize("game", GAMES)
def test_game_bank_every_byte_round_trips(game):
    bank = game_bank(game)
    for byte in range(256):
        dips, notice = bank.decode(byte)
        assert notice is None
        again = bank.encode(dips)
        assert bank.decode(again) == (dips, None)
        # Only the switches the bank holds may differ; unused ones come back OFF.
        held = 0
        for sw in bank.bank.switches:
            held |= sw.mask
        assert again | held == 0xFF
        if game == "sega88":
            assert again & held == byte & held


def _all_typed() -> list[GameDips]:
    out = []
    for diff, lpl, hs, vs, demo, allow in itertools.product(
        Difficulty, (None, 2, 3, 4), (False, True), (False, True), (False, True),
        (False, True),
    ):
        settings = GameSettings(difficulty=diff, lines_per_level=lpl, high_speed=hs, versus=vs)
        out.append(GameDips(settings=settings, demo_sounds=demo, allow_vs=allow))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_typed_combination_round_trips(game):
    bank = game_bank(game)
    seen = set()
    for dips in _all_typed():
        byte = bank.encode(dips)
        back, notice = bank.decode(byte)
        assert notice is None
        assert bank.encode(back) == byte
        assert back.settings.difficulty == dips.settings.difficulty
        assert back.demo_sounds == dips.demo_sounds
        if game == "bloxeed":
            assert back.allow_vs == dips.allow_vs
            assert back.settings.high_speed == dips.settings.high_speed
            assert back.settings.lines_per_level == (dips.settings.lines_per_level or 3)
        seen.add(byte)
    # Every representable setting has its own byte: sega88 4x2, bloxeed 4x2x3x2x2.
    assert len(seen) == (8 if game == "sega88" else 96)


def test_undecodable_values_fall_back_to_factory_with_notice():
    for game in GAMES:
        bank = game_bank(game)
        factory_dips, _ = bank.decode(bank.factory)
        for bad in (-1, 256, 0x1FF, None, "0xFD", 3.5, True):
            dips, notice = bank.decode(bad)  # type: ignore[arg-type]
            assert dips == factory_dips
            assert notice is not None and "factory" in notice
    coins, notice = decode_coinage(300)
    assert coins.chute_a.value == 0xF and notice is not None


def test_undefined_switch_code_falls_back_to_factory():
    # A bank whose 2-switch setting defines only three of its four codes.
    bank = DipBank("SW9", (
        DipSwitch("Lives", (1, 2), (("3", 0x03), ("2", 0x01), ("5", 0x02)), "3"),
    ))
    assert bank.decode(0xFD).labels == {"Lives": "2"}  # switch 2 ON: code 0x01
    reading = bank.decode(0xFC)  # switches 1 and 2 ON: code 0x00, undefined
    assert reading.labels == {"Lives": "3"}
    assert reading.byte == bank.factory == 0xFF
    assert reading.notice is not None and "1-2" in reading.notice


def test_bank_definitions_reject_bad_tables():
    with pytest.raises(ValueError, match="outside"):
        DipSwitch("X", (1,), (("a", 0x02), ("b", 0x00)), "a")
    with pytest.raises(ValueError, match="default"):
        DipSwitch("X", (1,), (("a", 0x01), ("b", 0x00)), "c")
    with pytest.raises(ValueError, match=r"1\.\.8"):
        DipSwitch("X", (9,), (("a", 0x00),), "a")
    sw = DipSwitch("X", (1,), (("a", 0x01), ("b", 0x00)), "a")
    with pytest.raises(ValueError, match="overlaps"):
        DipBank("SW9", (sw, DipSwitch("Y", (1,), (("a", 0x01),), "a")))


def test_encode_rejects_unknown_labels_with_choices():
    with pytest.raises(ValueError, match="Easy, Normal, Hard, Hardest"):
        game_bank("bloxeed").bank.encode({"Difficulty": "Insane"})
    with pytest.raises(ValueError, match="no setting"):
        SW1.encode({"Coin C": "1 Coin/1 Credit"})


def test_unknown_game_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown game 'pacman'; choose one of: sega88, bloxeed"):
        cartridge("pacman")
