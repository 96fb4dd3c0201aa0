"""Bloxeed determinism: same seed + inputs -> same state, with power blocks and characters;
snapshot/restore mid-game continues identically; the hash covers Bloxeed's state."""

from __future__ import annotations

import random

from engine import GameSettings, InputFrame, PlayerInput
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.extras import CHARACTER, BloxeedExtras
from games.sega.game import Game
from tests.conftest import LONG

FRAMES = 120_000 if LONG else 30_000
SEED = 1  # random play with this seed activates characters within 30,000 frames


def _inputs(seed: int, n: int, players: int = 1) -> list[InputFrame]:
    rng = random.Random(seed)

    def one() -> PlayerInput:
        return PlayerInput(down=rng.random() < 0.3, left=rng.random() < 0.2,
                           right=rng.random() < 0.2, b1=rng.random() < 0.2)

    return [InputFrame(p1=one(), p2=one() if players == 2 else PlayerInput())
            for _ in range(n)]


def _play(
    inputs: list[InputFrame], start: int = 0, game: Game | None = None,
    settings: GameSettings | None = None, players: int = 1,
) -> tuple[list[tuple[int, str, int, int]], list[str], dict[int, tuple[int, object]]]:
    """Play from frame ``start``; a new game (seed = frame index) after each game over.
    Returns the events, the hash of each finished game and snapshots at character frames."""
    game = game or Game(BLOXEED, settings, seed=SEED, players=players)
    events: list[tuple[int, str, int, int]] = []
    hashes: list[str] = []
    snaps: dict[int, tuple[int, object]] = {}
    for i in range(start, len(inputs)):
        if game.over:
            hashes.append(game.state_hash())
            game = Game(BLOXEED, settings, seed=i, players=players)
        if game.player(0).phase == CHARACTER and not snaps:
            snaps[i] = (game.seed, game.snapshot())
        for e in game.step(inputs[i]):
            events.append((i, e.kind, e.player, e.value))
    hashes.append(game.state_hash())
    return events, hashes, snaps


def test_same_seed_and_inputs_give_the_same_game_with_power_blocks() -> None:
    inputs = _inputs(SEED, FRAMES)
    events_a, hashes_a, snaps = _play(inputs)
    events_b, hashes_b, _ = _play(inputs)
    kinds = {kind for _, kind, _, _ in events_a}
    assert {"power_block", "power_activate", "character_enter", "character_act",
            "garbage_rise", "meter_lamp"} <= kinds
    assert events_a == events_b
    assert hashes_a == hashes_b
    assert snaps, "no character in play to snapshot"


def test_snapshot_restore_during_a_character_continues_identically() -> None:
    inputs = _inputs(SEED, FRAMES)
    events_a, hashes_a, snaps = _play(inputs)
    (start, (seed, snap)), = snaps.items()
    fresh = Game(BLOXEED, seed=seed)
    fresh.restore(snap)  # type: ignore[arg-type]
    assert fresh.player(0).phase == CHARACTER
    events_c, hashes_c, _ = _play(inputs, start, fresh)
    assert events_c == [e for e in events_a if e[0] >= start]
    assert hashes_c[-1] == hashes_a[-1]


def test_versus_is_deterministic_and_restores() -> None:
    settings = GameSettings(versus=True)
    inputs = _inputs(SEED + 1, 6000, players=2)
    a = Game(BLOXEED, settings, seed=7, players=2)
    b = Game(BLOXEED, settings, seed=7, players=2)
    snap = None
    for i, frame in enumerate(inputs):
        if i == 3000:
            snap = a.snapshot()
        assert a.step(frame) == b.step(frame)
    assert a.state_hash() == b.state_hash()
    c = Game(BLOXEED, settings, seed=7, players=2)
    assert snap is not None
    c.restore(snap)
    for frame in inputs[3000:]:
        c.step(frame)
    assert c.state_hash() == a.state_hash()


def test_state_hash_covers_the_bloxeed_state() -> None:
    a, b = Game(BLOXEED), Game(BLOXEED)
    assert a.state_hash() == b.state_hash()
    extras = b.player(0).extras
    assert isinstance(extras, BloxeedExtras)
    for change in (
        lambda: setattr(extras.meter, "frames", 5),
        lambda: setattr(extras.power, "timer", 7),
        lambda: setattr(extras.power, "following", True),
        lambda: extras.character.activate(3),
    ):
        change()
        assert a.state_hash() != b.state_hash()
        b.restore(a.snapshot())
        assert a.state_hash() == b.state_hash()


def test_a_finished_versus_match_keeps_its_result_through_a_snapshot() -> None:
    settings = GameSettings(versus=True)
    inputs = _inputs(SEED + 1, 60_000, players=2)
    a = Game(BLOXEED, settings, seed=7, players=2)
    for frame in inputs:
        if a.over:
            break
        a.step(frame)
    assert a.over, "the match did not end"
    results = [a.player(i).extras.result for i in (0, 1)]  # type: ignore[union-attr]
    assert sorted(results) in (["LOSE", "WIN"], ["DRAW", "DRAW"])
    before = a.state_hash()
    c = Game(BLOXEED, settings, seed=7, players=2)
    c.restore(a.snapshot())
    assert [c.player(i).extras.result for i in (0, 1)] == results  # type: ignore[union-attr]
    assert c.state_hash() == before  # the result is kept, the hash (and every replay) as before
