"""Coins to credits on the cabinet: every coinage value, free play, the cap and the lockout,
service credits, and a credit shown only once its coin is durable in save data."""

from pathlib import Path

import pytest

from engine import InputFrame
from firmware.machine import Screen
from firmware.savedata import load
from tests.kiosk_kit import Rig, p1, p2

# Credits after 1..6 coins on chute A for each SW1:1-4 value (chute B at 1C1C), capped at 9.
# Source: MAME segas16b.cpp / segas18.cpp DIP definitions (Sega coinage table); MAX 9 credits: Sega
# operator manuals (credits, attract mode, name entry).
CREDITS_AFTER_COINS = {
    0xF: (1, 2, 3, 4, 5, 6),  # 1C1C
    0xE: (2, 4, 6, 8, 9, 9),  # 1C2C
    0xD: (3, 6, 9, 9, 9, 9),  # 1C3C
    0xC: (4, 8, 9, 9, 9, 9),  # 1C4C
    0xB: (5, 9, 9, 9, 9, 9),  # 1C5C
    0xA: (6, 9, 9, 9, 9, 9),  # 1C6C
    0x9: (0, 1, 1, 2, 2, 3),  # 2C1C
    0x8: (0, 0, 1, 1, 1, 2),  # 3C1C
    0x7: (0, 0, 0, 1, 1, 1),  # 4C1C
    0x6: (0, 3, 3, 6, 6, 9),  # 2C3C
    0x5: (0, 1, 1, 2, 3, 4),  # 2C1C, 5 coins 3 credits, 6 coins 4 credits
    0x4: (0, 1, 1, 3, 3, 4),  # 2C1C, 4 coins 3 credits (then the cycle starts again)
    0x3: (1, 2, 3, 4, 6, 7),  # 1C1C, 5 coins 6 credits
    0x2: (1, 2, 3, 5, 6, 7),  # 1C1C, 4 coins 5 credits
    0x1: (1, 3, 4, 6, 7, 9),  # 1C1C, 2 coins 3 credits
    0x0: (1, 2, 3, 4, 5, 6),  # 0 on one chute only: 1C1C
}


@pytest.mark.parametrize("value", sorted(CREDITS_AFTER_COINS))
def test_coinage_of_every_chute_a_value(tmp_path: Path, value: int) -> None:
    rig = Rig(tmp_path, sw1=0xF0 | value)
    try:
        shown = []
        for _ in range(6):
            rig.coin(1)
            shown.append(rig.machine.credits)
        assert tuple(shown) == CREDITS_AFTER_COINS[value]
        assert load(tmp_path).data.bookkeeping.coins == [6, 0]
    finally:
        rig.close()


@pytest.mark.parametrize("value", [0x9, 0x1, 0xE])
def test_chute_b_uses_its_own_nibble(tmp_path: Path, value: int) -> None:
    rig = Rig(tmp_path, sw1=(value << 4) | 0xF)
    try:
        shown = []
        for _ in range(6):
            rig.coin(2)
            shown.append(rig.machine.credits)
        assert tuple(shown) == CREDITS_AFTER_COINS[value]
    finally:
        rig.close()


def test_free_play_when_both_chutes_are_zero(tmp_path: Path) -> None:
    rig = Rig(tmp_path, sw1=0x00)
    try:
        assert rig.machine.free_play
        assert not rig.machine.coin_accepting  # lockout released: no coins needed
        rig.press(p1(start=True))
        assert rig.machine.screen == Screen.PLAY
        assert rig.machine.games_started == 1
    finally:
        rig.close()


def test_at_most_nine_credits_and_the_lockout_drops_at_the_cap(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        for n in range(1, 12):
            rig.coin(1)
            assert rig.machine.credits == min(n, 9)
            assert rig.machine.coin_accepting == (n < 9)
        rig.press(p1(start=True))
        assert rig.machine.screen == Screen.PLAY
        # Coins past the cap were counted (bookkeeping) and held; after the start the board
        # takes one of them back.
        assert load(tmp_path).data.bookkeeping.coins == [11, 0]
        assert rig.machine.credits == 9
    finally:
        rig.close()


def test_service_credit_is_counted_apart(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        rig.press(InputFrame(service=True))
        assert rig.machine.credits == 1
        books = load(tmp_path).data.bookkeeping
        assert books.service_credits == 1 and books.coins == [0, 0]
    finally:
        rig.close()


def test_no_start_without_a_credit(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        rig.press(p1(start=True))
        assert rig.machine.screen != Screen.PLAY
        rig.coin(1)
        rig.press(p2(start=True))  # a 2P start needs 2 credits
        assert rig.machine.screen != Screen.PLAY
        rig.press(p1(start=True))
        assert rig.machine.screen == Screen.PLAY
        assert rig.machine.credits == 0
    finally:
        rig.close()


def test_a_credit_appears_only_after_its_coin_is_durable(tmp_path: Path) -> None:
    rig = Rig(tmp_path, settle=False)
    try:
        # Make both banks unwritable for real: /dev/full answers every write with ENOSPC.
        for name in ("bank-a.bin", "bank-b.bin"):
            (tmp_path / name).unlink(missing_ok=True)
            (tmp_path / name).symlink_to("/dev/full")
        rig.step(InputFrame(coin1=1))
        for _ in range(30):
            rig.step()
        assert rig.machine.credits == 0  # counted, not durable, not shown
        rig.press(p1(start=True))
        assert rig.machine.screen != Screen.PLAY
        for name in ("bank-a.bin", "bank-b.bin"):
            (tmp_path / name).unlink()
        ticket = max(p.ticket for p in rig.machine.desk.pending)
        assert rig.writer.wait_durable(ticket, 15.0)
        cues = rig.step()
        assert rig.machine.credits == 1
        assert [c.kind for c in cues] == ["coin"]  # the coin sound and meter pulse come now
        assert rig.machine.meter_pulses == [1]
        assert [rig.step() for _ in range(3)] == [[]] * 3
        assert rig.machine.meter_pulses == []  # one pulse for one coin, on one frame
    finally:
        rig.close()


def test_start_lamps_follow_the_credits(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    try:
        assert rig.machine.start_lamps == (False, False)
        rig.coin(1)
        assert rig.machine.start_lamps == (True, False)
        rig.coin(1)
        assert rig.machine.start_lamps == (True, True)
    finally:
        rig.close()
