"""A replay's text: the inputs, run-length coded, read back to the same frames; the rows one
game ranks share their inputs and final hash, and a row sealed with the inputs' text coded
once is the same row, byte for byte, as one coded on its own."""

from __future__ import annotations

import itertools
import random

from engine import InputFrame
from engine.replay import InputsCoder, Replay, decode_runs, encode_runs
from firmware.rankings.recorder import GameRecorder, seal
from games.registry import CARTRIDGES, new_session


def _held_inputs(seed: int, frames: int) -> list[int]:
    rng = random.Random(seed)
    out: list[int] = []
    while len(out) < frames:
        out += [rng.randrange(1 << 10)] * rng.choice((1, 1, 2, 5, 40))
    return out[:frames]


def test_runs_code_and_decode_every_frame() -> None:
    for frames in (0, 1, 2, 15, 16, 17, 1000):
        inputs = _held_inputs(frames, frames)
        runs = encode_runs(inputs)
        assert decode_runs(runs) == inputs
        assert all(a[0] != b[0] for a, b in itertools.pairwise(runs))  # maximal
        replay = Replay("r", {"s": 1}, {"main": 3}, 2, inputs, rules_version=1)
        text = replay.to_text()
        assert Replay.from_text(text).inputs == inputs
        assert replay.to_text(replay.inputs_text()) == text


def test_inputs_coded_as_they_come_read_as_coded_at_once() -> None:
    inputs = _held_inputs(5, 3000)
    coder = InputsCoder()
    assert coder.text() == ""
    for n, bits in enumerate(inputs, start=1):
        coder.add(bits)
        if n < 300 or n % 97 == 0:
            replay = Replay("r", {}, {}, 1, inputs[:n], rules_version=1)
            assert coder.text() == replay.inputs_text(), n


def test_the_rows_of_one_game_share_inputs_and_seal_as_each_alone() -> None:
    cart = CARTRIDGES["sega88"]
    rules = cart.rules.ids[0]
    settings = cart.tooling.cli_settings({})
    session = new_session(rules, settings, {"main": 9}, 2)
    recorder = GameRecorder("sega88", rules, settings, {"main": 9}, 2)
    for bits in _held_inputs(4, 700):
        inputs = InputFrame.from_bits(bits)
        session.step(inputs)
        recorder.frame(inputs, session)
    rows = [recorder.ranked(session, player) for player in (0, 0, 1)]
    assert rows[0].inputs is rows[1].inputs is rows[2].inputs  # one copy for the game
    assert rows[0].final_hash == rows[2].final_hash == session.state_hash()
    assert rows[0].checkpoints == {600: rows[0].checkpoints[600]}
    text = rows[0].inputs_text()
    assert recorder.inputs_text() == text  # coded while it was played
    for row, (initials, mode) in zip(rows, [("AAA", "a"), ("BBB", "b"), ("CCC", "a")],
                                     strict=True):
        assert seal(row, initials, mode, text) == seal(row, initials, mode)
    session.step(InputFrame())
    recorder.frame(InputFrame(), session)
    later = recorder.ranked(session, 0)
    assert later.inputs is not rows[0].inputs and len(later.inputs) == 701
