"""TGM3's 35-piece bag: pool, history, drought counters, drought replacement and the
known bug (tetris.wiki, "TGM randomizer", TGM3 section; the Heboris C.E. notes)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.pieces import LETTERS, I, J, L, O, S, T, Z
from games.arika.randomizer import ARIKA_ORDER, lcg_output, lcg_step
from games.ti.rules.bag import COPIES, DROUGHT_START, POOL_SIZE, START_POOL, TiBag


def test_start_state_is_documented() -> None:
    bag = TiBag(1)
    assert POOL_SIZE == 35 and COPIES == 5 and DROUGHT_START == 4
    assert Counter(bag.pool) == {k: 5 for k in (I, J, L, O, S, T, Z)}
    assert bag.history == [Z, S, Z, S]
    assert bag.drought == [4] * 7


@pytest.mark.parametrize("seed", range(200))
def test_first_piece_is_i_j_l_or_t_and_leaves_the_pool(seed: int) -> None:
    bag = TiBag(seed)
    first = bag.next()
    assert first in (I, J, L, T)
    assert bag.pool == list(START_POOL)
    assert bag.drought[first] == 0
    assert all(bag.drought[k] == 5 for k in range(7) if k != first)
    assert bag.history == [first, Z, S, Z]


def test_accepted_first_try_writes_the_most_droughted_piece_back() -> None:
    # Find a seed whose second piece is accepted on its first try: one draw, then the
    # slot it came from holds the piece with the highest drought count (ties: Arika's
    # order, first wins).
    for seed in range(500):
        bag = TiBag(seed)
        bag.next()
        before_seed, draws = bag.seed, bag.draws
        pool = list(bag.pool)
        history = list(bag.history)
        k = lcg_output(lcg_step(before_seed)) % 35
        piece = bag.next()
        if pool[k] in history:
            continue
        assert bag.draws == draws + 1
        assert piece == pool[k]
        top = max(bag.drought)
        expected = next(p for p in ARIKA_ORDER if bag.drought[p] == top)
        assert bag.pool[k] == expected
        assert bag.pool[:k] + bag.pool[k + 1:] == pool[:k] + pool[k + 1:]
        return
    raise AssertionError("no seed accepted on the first try")


def test_rejected_pick_slot_gets_the_most_droughted_piece() -> None:
    # A pick found in the history is replaced in the pool by the most droughted piece
    # before the next try.
    for seed in range(2000):
        bag = TiBag(seed)
        bag.next()
        s = bag.seed
        s = lcg_step(s)
        k = lcg_output(s) % 35
        if bag.pool[k] not in bag.history:
            continue
        drought = list(bag.drought)
        top = max(drought)
        expected = next(p for p in ARIKA_ORDER if drought[p] == top)
        bag.next()
        assert bag.draws >= 4  # the first pick, its throw-away re-pick, and a new try
        if k != _accepted_slot(seed):
            assert bag.pool[k] == expected
        return
    raise AssertionError("no seed rejected its first pick")


def _accepted_slot(seed: int) -> int:
    """Replays the second deal's draws, returning the slot of the piece dealt."""
    bag = TiBag(seed)
    bag.next()
    s = bag.seed
    pool = list(bag.pool)
    history = list(bag.history)
    k = 0
    for _ in range(6):
        s = lcg_step(s)
        k = lcg_output(s) % 35
        if pool[k] not in history:
            return k
        pool[k] = -1
        s = lcg_step(s)
        k = lcg_output(s) % 35
    return k


def _slot_dealt(bag: TiBag) -> int:
    """Replays the next deal's draws on a copy of the state: the slot of the piece dealt."""
    s = bag.seed
    pool = list(bag.pool)
    k = 0
    for _ in range(6):
        s = lcg_step(s)
        k = lcg_output(s) % 35
        if pool[k] not in bag.history:
            return k
        pool[k] = -1
        s = lcg_step(s)
        k = lcg_output(s) % 35
    return k


def test_known_bug_after_a_reroll_the_slot_is_kept_unless_the_top_drought_rose() -> None:
    # A deal with no reroll, or whose top drought count rose, writes the most-droughted
    # piece into the slot it dealt from; a rerolled deal whose top did not rise leaves the
    # dealt piece in its slot (the game's bug, kept).
    seen_bug = seen_write = 0
    for seed in range(40):
        bag = TiBag(seed)
        bag.next()
        for _ in range(200):
            k = _slot_dealt(bag)
            top = max(bag.drought)
            draws = bag.draws
            piece = bag.next()
            rerolled = bag.draws - draws > 1
            if rerolled and max(bag.drought) <= top:
                assert bag.pool[k] == piece
                seen_bug += 1
            else:
                assert bag.pool[k] == bag.most_droughted()
                seen_write += 1
    assert seen_bug > 50 and seen_write > 50


def test_droughts_are_short_and_pieces_are_even() -> None:
    bag = TiBag(12345)
    bag.next()
    deal = [bag.next() for _ in range(35000)]
    counts = Counter(deal)
    for kind in range(7):
        assert 4500 < counts[kind] < 5500
    gaps: dict[int, int] = {}
    last: dict[int, int] = {}
    for i, kind in enumerate(deal):
        if kind in last:
            gaps[kind] = max(gaps.get(kind, 0), i - last[kind])
        last[kind] = i
    # Drought replacement keeps the longest wait for any piece far below what a plain
    # 4-history, 6-try draw shows over 35,000 pieces (over 30).
    assert max(gaps.values()) < 30


def test_history_of_four() -> None:
    bag = TiBag(7)
    deal = [bag.next() for _ in range(2000)]
    assert bag.history == deal[-1:-5:-1]
    # With six tries a piece repeats one of the last four rarely.
    repeats = sum(deal[i] in deal[max(0, i - 4):i] for i in range(4, len(deal)))
    assert repeats < len(deal) * 0.05


def test_seeded_and_restorable() -> None:
    a, b = TiBag(99), TiBag(99)
    assert [a.next() for _ in range(100)] == [b.next() for _ in range(100)]
    saved = a.state()
    more = [a.next() for _ in range(50)]
    c = TiBag(0)
    c.restore(saved)
    assert [c.next() for _ in range(50)] == more
    other = TiBag(98)
    assert "".join(LETTERS[a.next()] for _ in range(50)) != "".join(
        LETTERS[other.next()] for _ in range(50))
