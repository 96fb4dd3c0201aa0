"""Determinism: same inputs give the same hash; snapshot/restore; replays round-trip."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Difficulty, GameSettings, InputFrame
from engine.replay import Replay, record, verify
from games.bloxeed.rules import BLOXEED
from games.registry import new_session
from games.sega.game import Game
from tests.enginekit import rules_of

frames = st.lists(st.integers(min_value=0, max_value=0xFFFF), min_size=1, max_size=1500)
seeds = st.integers(min_value=0, max_value=0xFFFFFFFF)


def play(bits: list[int], seed: int, players: int = 2, rules: str = "sega88") -> Game:
    game = Game(rules_of(rules), GameSettings(), seed, players)
    for b in bits:
        game.step(InputFrame.from_bits(b))
    return game


def fresh(rules: str, settings: dict[str, object], seeds: dict[str, int]) -> Game:
    session = new_session(rules, settings, seeds, 1)
    assert isinstance(session, Game)
    return session


def fresh_for(replay: Replay) -> Game:
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    assert isinstance(session, Game)
    return session


def held(bits: list[int], repeat: int = 7) -> list[int]:
    """Hold each random input for a few frames so pieces really move and lock."""
    return [b for b in bits for _ in range(repeat)]


@settings(max_examples=40, deadline=None)
@given(frames, seeds)
def test_same_inputs_same_hash(bits: list[int], seed: int) -> None:
    assert play(held(bits), seed).state_hash() == play(held(bits), seed).state_hash()


@settings(max_examples=30, deadline=None)
@given(frames, seeds, st.data())
def test_snapshot_restore_in_the_middle_continues_identically(
    bits: list[int], seed: int, data: st.DataObject
) -> None:
    bits = held(bits)
    cut = data.draw(st.integers(min_value=0, max_value=len(bits)))
    game = play(bits[:cut], seed)
    snap = game.snapshot()
    for b in bits[cut:]:
        game.step(InputFrame.from_bits(b))
    straight = game.state_hash()
    # Wander off, then come back to the snapshot and replay the rest.
    for b in reversed(bits):
        game.step(InputFrame.from_bits(b ^ 0x0F))
    game.restore(snap)
    for b in bits[cut:]:
        game.step(InputFrame.from_bits(b))
    assert game.state_hash() == straight


@settings(max_examples=25, deadline=None)
@given(frames, seeds, st.sampled_from(list(Difficulty)))
def test_replay_round_trips(bits: list[int], seed: int, difficulty: Difficulty) -> None:
    inputs = [InputFrame.from_bits(b) for b in held(bits, 5)]
    settings = GameSettings(difficulty=difficulty).to_dict()
    replay = record(fresh("sega88", settings, {"main": seed}), settings, {"main": seed}, 1,
                    inputs)
    text = replay.to_text()
    back = Replay.from_text(text)
    assert back == replay
    assert back.to_text() == text
    assert verify(back, fresh_for(back)).ok


def test_different_inputs_give_a_different_hash() -> None:
    a = play(held([0x04] * 50), 0)
    b = play(held([0x08] * 50), 0)
    assert a.state_hash() != b.state_hash()


def test_replay_detects_tampering_at_the_first_checkpoint() -> None:
    inputs = [InputFrame()] * 2100  # pieces fall straight down: the game lasts
    settings = GameSettings().to_dict()
    replay = record(fresh("sega88", settings, {"main": 5}), settings, {"main": 5}, 1, inputs)
    assert sorted(replay.checkpoints) == [600, 1200, 1800]
    for frame in range(650, 656):  # hold left for a few frames after checkpoint 600
        replay.inputs[frame] = InputFrame.from_bits(0x04).to_bits()
    verdict = verify(replay, fresh_for(replay))
    assert not verdict.ok
    assert verdict.first_bad_checkpoint == 1200


def test_a_bloxeed_replay_keeps_the_piece_seed_of_a_same_sequence_game() -> None:
    first = Game(BLOXEED, GameSettings(), 77)
    inputs = [InputFrame.from_bits(b) for b in held(list(range(40, 200)), 6)]
    settings = GameSettings().to_dict()
    seeds = {"main": 12345, "piece": first.piece_seed}
    replay = record(fresh("bloxeed", settings, seeds), settings, seeds, 1, inputs)
    back = Replay.from_text(replay.to_text())
    assert back.seeds["piece"] == first.piece_seed
    assert verify(back, fresh_for(back)).ok
    del back.seeds["piece"]  # the same game without its kept sequence is another game
    assert not verify(back, fresh_for(back)).ok


def test_a_replay_written_before_the_seam_reads_its_seed_and_piece_seed() -> None:
    text = ('BLXR 1\n{"rules": "bloxeed", "settings": {"difficulty": "normal"}, "seed": 7, '
            '"piece_seed": 9, "players": 1, "engine": "2", "frames": 2, "final_hash": "x"}\n0*2\n')
    assert Replay.from_text(text).seeds == {"main": 7, "piece": 9}
