"""TAP randomizer: history of 4 starting Z S Z S, 6 tries, first piece never S/Z/O, the
re-draw quirk, Arika's LCG (tetris.wiki, "TGM randomizer"; the Heboris C.E. notes)."""

from __future__ import annotations

from engine.pieces import LETTERS, O, S, Z
from games.arika.randomizer import (
    ARIKA_ORDER,
    LCG_INCREMENT,
    LCG_MULTIPLIER,
    Tgm2Randomizer,
    lcg_output,
    lcg_step,
)


def test_lcg_is_the_documented_one() -> None:
    assert (LCG_MULTIPLIER, LCG_INCREMENT) == (0x41C64E6D, 12345)
    assert lcg_step(0) == 12345
    assert lcg_step(1) == 0x41C64E6D + 12345
    assert lcg_step(0xFFFFFFFF) == (0xFFFFFFFF * 0x41C64E6D + 12345) % 2**32
    assert lcg_output(0xFFFFFFFF) == 0x7FFF
    assert lcg_output(1 << 10) == 1


def test_arika_piece_order() -> None:
    assert "".join(LETTERS[k] for k in ARIKA_ORDER) == "IZSJLOT"


def test_first_piece_never_s_z_o() -> None:
    firsts = {Tgm2Randomizer(seed).next() for seed in range(3000)}
    assert not firsts & {S, Z, O}
    assert len(firsts) == 4  # I, J, L, T all occur


def test_history_starts_z_s_z_s() -> None:
    r = Tgm2Randomizer(7)
    first = r.next()
    assert r.history == [first, Z, S, Z]


def test_each_try_draws_and_a_failed_try_draws_again() -> None:
    # Draws per piece: a piece accepted on try k costs 2k - 1 draws; 6 failures cost 12.
    seen: set[int] = set()
    for seed in range(50):
        r = Tgm2Randomizer(seed)
        r.next()
        for _ in range(300):
            before = r.draws
            r.next()
            seen.add(r.draws - before)
    assert seen <= {1, 3, 5, 7, 9, 11, 12}
    assert {1, 3, 12} <= seen


def test_after_six_failures_the_redraw_is_dealt_unchecked() -> None:
    # Find a deal where all six tries failed and recompute the 12th draw by hand.
    for seed in range(200):
        r = Tgm2Randomizer(seed)
        r.next()
        for _ in range(200):
            history = list(r.history)
            start, draws = r.seed, r.draws
            piece = r.next()
            if r.draws - draws == 12:
                s = start
                for _ in range(12):
                    s = lcg_step(s)
                assert piece == ARIKA_ORDER[lcg_output(s) % 7]
                assert r.seed == s
                # The checked draws (1st, 3rd, ... 11th) were all in the history.
                s = start
                for n in range(1, 12):
                    s = lcg_step(s)
                    if n % 2:
                        assert ARIKA_ORDER[lcg_output(s) % 7] in history
                return
    raise AssertionError("no six-failure deal found")


def test_repeats_within_the_history_are_rare() -> None:
    # With 6 tries about 3.5% of deals fail every try (tetris.wiki); only those can repeat
    # a piece of the last four.
    total = repeats = 0
    for seed in range(40):
        r = Tgm2Randomizer(seed)
        r.next()
        for _ in range(500):
            history = list(r.history)
            if r.next() in history:
                repeats += 1
            total += 1
    assert 0.005 < repeats / total < 0.05


def test_all_seven_pieces_come_evenly() -> None:
    r = Tgm2Randomizer(12345)
    counts = [0] * 7
    for _ in range(7000):
        counts[r.next()] += 1
    assert all(800 < c < 1200 for c in counts)


def test_seeded_and_reproducible() -> None:
    a = [Tgm2Randomizer(99).next() for _ in range(1)]
    r1, r2, r3 = Tgm2Randomizer(99), Tgm2Randomizer(99), Tgm2Randomizer(100)
    s1 = [r1.next() for _ in range(200)]
    s2 = [r2.next() for _ in range(200)]
    s3 = [r3.next() for _ in range(200)]
    assert s1 == s2 and s1 != s3 and a[0] == s1[0]


def test_state_restore() -> None:
    r = Tgm2Randomizer(5)
    for _ in range(10):
        r.next()
    saved = r.state()
    ahead = [r.next() for _ in range(20)]
    r.restore(saved)
    assert [r.next() for _ in range(20)] == ahead
