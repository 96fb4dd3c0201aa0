"""The Sega coinage table, chute value by chute value (Sega System 16 coinage DIP table (MAME
segaipt),
MAME segas16b.cpp / segas18.cpp), run through the credit board one coin at a time."""

from __future__ import annotations

import pytest

from dipswitch import COINAGE, Chute, CoinSettings
from firmware.credits import CreditBoard

# value -> (coins inserted, credits on the board), straight from the table's wording.
# "2 coins 3 credits" at 1 coin gives 0: the project's decision (credits only at the step).
TABLE: dict[int, list[tuple[int, int]]] = {
    0xF: [(1, 1), (2, 2)],
    0xE: [(1, 2)],
    0xD: [(1, 3)],
    0xC: [(1, 4)],
    0xB: [(1, 5)],
    0xA: [(1, 6)],
    0x9: [(1, 0), (2, 1)],
    0x8: [(2, 0), (3, 1)],
    0x7: [(3, 0), (4, 1)],
    0x6: [(1, 0), (2, 3)],
    0x5: [(2, 1), (5, 3), (6, 4)],
    0x4: [(2, 1), (4, 3)],
    0x3: [(1, 1), (5, 6)],
    0x2: [(1, 1), (4, 5)],
    0x1: [(1, 1), (2, 3)],
    0x0: [(1, 1), (2, 2)],  # with the other chute not 0: 1C/1C
}


def test_table_has_all_sixteen_values():
    assert sorted(COINAGE) == list(range(16))
    assert sorted(TABLE) == list(range(16))


@pytest.mark.parametrize("value", range(16))
@pytest.mark.parametrize("chute", [1, 2])
def test_coins_give_the_tables_credits(value, chute):
    other = 0xF
    settings = CoinSettings.of(value, other) if chute == 1 else CoinSettings.of(other, value)
    board = CreditBoard(settings, max_credits=99)
    inserted = 0
    for coins, credits in TABLE[value]:
        while inserted < coins:
            board.coin(chute)
            inserted += 1
        assert board.credits == credits, f"value {value:X}: {coins} coins"
        assert settings.scheme(Chute(chute)).credits_for(coins) == credits


@pytest.mark.parametrize(
    ("value", "credits", "coins"),
    [
        (0x7, 1, 4),   # 4 coins 1 credit
        (0x8, 1, 3),
        (0x9, 2, 4),
        (0x5, 1, 2), (0x5, 3, 5), (0x5, 4, 6),  # 2C/1C, 5 coins 3 credits, 6 coins 4
        (0x4, 3, 4),   # 2C/1C, 4 coins 3 credits
        (0x3, 6, 5), (0x2, 5, 4), (0x1, 3, 2),
        (0x6, 3, 2),   # 2 coins 3 credits
        (0xA, 6, 1), (0xF, 1, 1),
    ],
)
def test_coins_needed_for_credits(value, credits, coins):
    assert COINAGE[value].coins_for(credits) == coins


def test_bonus_rows_repeat_after_their_last_step():
    # decision: the count restarts after the row's last step (6 coins for 0x5).
    board = CreditBoard(CoinSettings.of(0x5, 0xF), max_credits=99)
    gained = [board.coin(1) for _ in range(12)]
    assert gained == [0, 1, 0, 1, 1, 1] * 2
    assert board.credits == 8


def test_free_play_only_when_both_chutes_are_zero():
    assert CoinSettings.of(0, 0).free_play
    assert not CoinSettings.of(0, 0xF).free_play
    assert not CoinSettings.of(0xF, 0).free_play
    assert CoinSettings.free() == CoinSettings.of(0, 0)


def test_chutes_count_separately():
    # Chute A 2C/1C, chute B 2C/1C: one coin in each gives no credit.
    board = CreditBoard(CoinSettings.of(0x9, 0x9))
    assert board.coin(1) == 0
    assert board.coin(2) == 0
    assert board.credits == 0
    assert board.coin(2) == 1
    assert board.partial[Chute.A] == 1


def test_bad_values_are_clear_errors():
    with pytest.raises(ValueError, match="0-15"):
        CoinSettings.of(16, 0)
