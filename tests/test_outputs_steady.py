"""Outputs left as they were send nothing and are not worked out again; any change after
any number of such frames still reaches the sink on its own frame."""

from __future__ import annotations

import random

import pytest

from cabinet.coin_meter import CoinMeter
from cabinet.outputs import CabinetOutputs, Lamp
from cabinet.source import OUTPUTS

BLINK_ON, BLINK_OFF = 15, 15  # cabinet/outputs.py's decision: 15 frames lit, 15 dark


class LogSink:
    """A sink that writes down every set() with the frame it came in."""

    name = "log"

    def __init__(self) -> None:
        self.frame = 0
        self.sent: list[tuple[int, str, bool]] = []
        self.level: dict[str, bool] = {}

    def set(self, output: str, on: bool) -> None:
        self.sent.append((self.frame, output, on))
        self.level[output] = on

    def close(self) -> None:
        pass


def lamp_lit(lamp: Lamp, frame: int) -> bool:
    """Frame 0 is the first advance(); a blinking lamp is lit in the first 15 of every 30."""
    return lamp is Lamp.ON or (lamp is Lamp.BLINK and frame % (BLINK_ON + BLINK_OFF) < BLINK_ON)


@pytest.mark.parametrize("seed", range(8))
def test_random_changes_between_long_steady_stretches_reach_the_sink_on_their_frame(
        seed: int) -> None:
    """Setters called at random (often with the value already set), coins, output-test
    overrides, then up to 80 frames of nothing: every frame the sink's levels must be what
    the lamps, lockouts, overrides and two reference meters say."""
    rng = random.Random(seed)
    sink = LogSink()
    outputs = CabinetOutputs([sink])
    meters = (CoinMeter(), CoinMeter())  # the reference pulse trains, advanced every frame
    accepting = [False, False]
    lamps = [Lamp.OFF, Lamp.OFF]
    overrides: dict[str, bool] = {}
    frame = 0
    while frame < 3000:
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            what = rng.randrange(5)
            if what == 0:
                on, chute = rng.random() < 0.5, rng.choice((None, 0, 1))
                outputs.set_accepting(on, chute)
                for i in (0, 1) if chute is None else (chute,):
                    accepting[i] = on
            elif what == 1:
                player, lamp = rng.randrange(2), rng.choice(list(Lamp))
                outputs.set_start_lamp(player, lamp)
                lamps[player] = lamp
            elif what == 2:
                chute, coins = rng.randrange(2), rng.randint(1, 3)
                outputs.coin_accepted(chute, coins)
                meters[chute].add(coins)
            elif what == 3 and rng.random() < 0.3:
                name, on = rng.choice(OUTPUTS), rng.choice((True, False, None))
                outputs.override(name, on)
                if on is None:
                    overrides.pop(name, None)
                else:
                    overrides[name] = on
            else:
                player = rng.randrange(2)
                outputs.set_start_lamp(player, lamps[player])  # the value it already has
        for _ in range(rng.choice((1, 2, 7, 80, rng.randint(1, 80)))):
            sink.frame = frame
            states = outputs.advance()
            want = {
                "coin_meter1": meters[0].advance(),
                "coin_meter2": meters[1].advance(),
                "coin_lockout1": accepting[0],
                "coin_lockout2": accepting[1],
                "p1_start_lamp": lamp_lit(lamps[0], frame),
                "p2_start_lamp": lamp_lit(lamps[1], frame),
                **overrides,
            }
            assert dict(states) == want, f"frame {frame}"
            assert sink.level == want, f"frame {frame}"
            frame += 1
    # Only changes went out: no set() repeats the level the sink already had.
    last: dict[str, bool] = {}
    for _, output, on in sink.sent:
        assert last.get(output) is not on
        last[output] = on


def test_a_lamp_change_after_a_hundred_quiet_frames_goes_out_on_that_frame() -> None:
    sink = LogSink()
    outputs = CabinetOutputs([sink])
    for sink.frame in range(100):
        outputs.advance()
    assert [s for s in sink.sent if s[0] > 0] == []  # the first frame told it everything
    outputs.set_start_lamp(1, True)
    sink.frame = 100
    outputs.advance()
    assert sink.sent[-1] == (100, "p2_start_lamp", True)


def test_a_lamp_set_blinking_mid_phase_follows_the_cabinet_blink() -> None:
    sink = LogSink()
    outputs = CabinetOutputs([sink])
    for sink.frame in range(37):
        outputs.advance()
    outputs.set_start_lamp(0, Lamp.BLINK)
    for sink.frame in range(37, 100):
        outputs.advance()
    changes = [(f, on) for f, name, on in sink.sent if name == "p1_start_lamp" and f > 0]
    # 37 is 7 frames into a dark half (30-44 lit, 45-59 dark...): lit at once, as every
    # blinking lamp is at that frame
    assert changes == [(37, True), (45, False), (60, True), (75, False), (90, True)]


def test_a_failed_send_is_retried_while_nothing_else_changes() -> None:
    class DownThenUp(LogSink):
        name = "jvs-out"

        def __init__(self) -> None:
            super().__init__()
            self.failures = 5

        def set(self, output: str, on: bool) -> None:
            if self.failures:
                self.failures -= 1
                raise OSError("link down")
            super().set(output, on)

    sink = DownThenUp()
    outputs = CabinetOutputs([sink])
    outputs.set_accepting(True)
    for sink.frame in range(10):
        outputs.advance()
    assert sink.level == {name: name.startswith("coin_lockout") for name in OUTPUTS}
    assert sink.sent[0][0] == 5  # the sixth frame got through
    assert outputs.errors == {}
