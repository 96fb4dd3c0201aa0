"""Coin meter pulses, lockout and start lamps, recorded frame by frame on MockFactory pins."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from cabinet.coin_meter import CoinMeter, frames_for
from cabinet.gpio_outputs import GpioSink
from cabinet.outputs import CabinetOutputs, Lamp
from cabinet.source import OUTPUTS
from cabinet.wiring import WiringError

PINS = {
    "coin_meter1": 20,
    "coin_meter2": 21,
    "coin_lockout1": 23,
    "coin_lockout2": 24,
    "p1_start_lamp": 25,
    "p2_start_lamp": 26,
}


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


def record(outputs: CabinetOutputs, factory: MockFactory, pin: int, frames: int) -> str:
    """Run ``frames`` frames; the pin level after each as a string of '#' (on) and '.'."""
    line = ""
    for _ in range(frames):
        outputs.advance()
        line += "#" if factory.pin(pin).state else "."
    return line


def test_50_ms_at_60_hz_is_3_frames_rounding_up() -> None:
    assert frames_for(50, 60) == 3  # 50 ms * 60 Hz = 3.0 frames exactly
    assert frames_for(40, 60) == 3  # 2.4 frames: rounded up so no pulse is short
    assert frames_for(1, 60) == 1
    assert frames_for(100, 50) == 5


def test_three_coins_are_three_pulses_3_on_3_off(factory: MockFactory) -> None:
    outputs = CabinetOutputs([GpioSink(PINS, pin_factory=factory)])
    outputs.coin_accepted(0, 3)
    assert record(outputs, factory, 20, 21) == "###...###...###......"
    assert record(outputs, factory, 21, 1) == "."  # the other chute's meter never moved


def test_a_coin_during_a_pulse_waits_for_the_off_time(factory: MockFactory) -> None:
    outputs = CabinetOutputs([GpioSink(PINS, pin_factory=factory)])
    outputs.coin_accepted(1)
    line = record(outputs, factory, 21, 2)
    outputs.coin_accepted(1)  # the next coin arrives mid-pulse
    line += record(outputs, factory, 21, 4)
    outputs.coin_accepted(1)  # and one while the meter is idle
    line += record(outputs, factory, 21, 12)
    assert line == "###...###...###..."


def test_meter_pulses_never_overlap_for_any_arrival_pattern() -> None:
    meter = CoinMeter(on_ms=50, off_ms=50, hz=60)
    arrivals = {0: 1, 1: 2, 7: 1, 30: 3, 31: 1}
    line = ""
    for frame in range(80):
        meter.add(arrivals.get(frame, 0))
        line += "#" if meter.advance() else "."
    assert re.findall(r"#+", line) == ["###"] * 8  # every coin one pulse of exactly 3 frames
    gaps = re.findall(r"#(\.+)(?=#)", line)
    assert len(gaps) == 7 and min(map(len, gaps)) >= 3  # never closer than the off time
    assert not meter.busy


def test_configured_pulse_lengths() -> None:
    meter = CoinMeter(on_ms=100, off_ms=34, hz=60)  # 6 frames on, 34 ms -> 3 frames off
    meter.add(2)
    line = "".join("#" if meter.advance() else "." for _ in range(16))
    assert line == "######...######."


def test_lockout_is_energised_only_while_accepting(factory: MockFactory) -> None:
    outputs = CabinetOutputs([GpioSink(PINS, pin_factory=factory)])
    outputs.advance()
    assert not factory.pin(23).state and not factory.pin(24).state  # booting: rejected
    outputs.set_accepting(True)
    outputs.advance()
    assert factory.pin(23).state and factory.pin(24).state
    outputs.set_accepting(False, chute=1)  # e.g. chute 2 alone at the cap
    outputs.advance()
    assert factory.pin(23).state and not factory.pin(24).state
    outputs.close()
    assert not factory.pin(23).state  # shutting down drops the lockout


def test_active_low_driver_stage_inverts_the_pin(factory: MockFactory) -> None:
    sink = GpioSink(PINS, pin_factory=factory, active_high={"coin_lockout1": False})
    outputs = CabinetOutputs([sink])
    outputs.advance()
    assert factory.pin(23).state  # lockout off = relay board input high
    outputs.set_accepting(True)
    outputs.advance()
    assert not factory.pin(23).state
    assert factory.pin(24).state  # the other lockout stays active-high


def test_start_lamps_on_blink_and_off(factory: MockFactory) -> None:
    outputs = CabinetOutputs([GpioSink(PINS, pin_factory=factory)])
    outputs.set_start_lamp(0, True)
    outputs.set_start_lamp(1, Lamp.BLINK)
    p1, p2 = "", ""
    for _ in range(60):
        outputs.advance()
        p1 += "#" if factory.pin(25).state else "."
        p2 += "#" if factory.pin(26).state else "."
    assert p1 == "#" * 60
    assert p2 == ("#" * 15 + "." * 15) * 2
    outputs.set_start_lamp(0, False)
    outputs.advance()
    assert not factory.pin(25).state


def test_only_changes_are_sent_to_a_sink() -> None:
    sent: list[tuple[str, bool]] = []

    class LogSink:
        name = "log"

        def set(self, output: str, on: bool) -> None:
            sent.append((output, on))

        def close(self) -> None:
            pass

    outputs = CabinetOutputs([LogSink()])
    outputs.advance()
    assert sorted(sent) == sorted((o, False) for o in OUTPUTS)  # first frame: everything
    sent.clear()
    for _ in range(5):
        outputs.advance()
    assert sent == []
    outputs.coin_accepted(0)
    for _ in range(6):
        outputs.advance()
    assert sent == [("coin_meter1", True), ("coin_meter1", False)]


def test_failing_sink_is_retried_and_does_not_stop_the_others(factory: MockFactory) -> None:
    class FlakySink:
        name = "jvs-out"

        def __init__(self) -> None:
            self.down = True
            self.state: dict[str, bool] = {}

        def set(self, output: str, on: bool) -> None:
            if self.down:
                raise OSError("link down")
            self.state[output] = on

        def close(self) -> None:
            pass

    flaky = FlakySink()
    outputs = CabinetOutputs([flaky, GpioSink(PINS, pin_factory=factory)])
    outputs.set_accepting(True)
    outputs.advance()
    assert factory.pin(23).state
    assert outputs.errors == {"jvs-out": "OSError: link down"}
    flaky.down = False
    outputs.advance()
    assert flaky.state["coin_lockout1"] is True
    assert outputs.errors == {}


def test_output_test_override(factory: MockFactory) -> None:
    outputs = CabinetOutputs([GpioSink(PINS, pin_factory=factory)])
    outputs.override("coin_meter2", True)
    outputs.advance()
    assert factory.pin(21).state
    outputs.override("coin_meter2", None)
    outputs.advance()
    assert not factory.pin(21).state
    with pytest.raises(ValueError, match="unknown output 'bell'"):
        outputs.override("bell", True)


def test_unwired_outputs_are_ignored_and_unknown_ones_refused(factory: MockFactory) -> None:
    sink = GpioSink({"coin_meter1": 20}, pin_factory=factory)
    sink.set("p2_start_lamp", True)  # not wired on this cabinet
    with pytest.raises(ValueError, match="unknown output 'bell'"):
        sink.set("bell", True)


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        ({"coin_meter3": 20}, "gpio-out pins: unknown output 'coin_meter3'"),
        ({"coin_meter1": 20, "coin_meter2": 20}, "gpio-out pins: coin_meter2 and coin_meter1"),
        ({"coin_meter1": "nope"}, "gpio-out pins: coin_meter1 on pin nope:"),
    ],
)
def test_bad_output_pin_map_gets_one_line(factory: MockFactory, pins: dict, message: str) -> None:
    with pytest.raises(WiringError) as caught:
        GpioSink(pins, pin_factory=factory)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(message)
