"""GPIO source with gpiozero's MockFactory: active-low wiring, debounce, coins, config errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from cabinet.gpio_inputs import GpioSource
from cabinet.wiring import WiringError
from tests.gpio_rig import HandClock

PINS = {"p1.b1": 17, "p1.left": 27, "coin1": 4, "coin2": 5, "test": 22}


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()  # frees the pins for the next test (gpiozero #1087, gpiozero docs (MockFactory))


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


def make(factory: MockFactory, clock: HandClock, **kw: object) -> GpioSource:
    return GpioSource(PINS, pin_factory=factory, clock=clock, **kw)  # type: ignore[arg-type]


def test_pins_are_active_low_with_pull_ups(factory: MockFactory, clock: HandClock) -> None:
    source = make(factory, clock)
    assert factory.pin(17).pull == "up"
    assert source.read().held == frozenset()  # idle lines float high: nothing pressed
    factory.pin(17).drive_low()
    clock.advance_ms(5)  # a button press counts once closed for 5 ms (its pulse width)
    assert source.read().held == {"p1.b1"}
    factory.pin(17).drive_high()
    clock.advance_ms(15)  # and a release once open for 15 ms (the debounce time)
    assert source.read().held == frozenset()


def test_bounce_within_debounce_time_is_one_press(factory: MockFactory, clock: HandClock) -> None:
    source = make(factory, clock, debounce_ms=5)
    pin = factory.pin(17)
    for _ in range(4):  # 8 edges in 4 ms: a bouncing contact that settles closed
        pin.drive_low()
        clock.advance_ms(0.5)
        pin.drive_high()
        clock.advance_ms(0.5)
    pin.drive_low()
    clock.advance_ms(12)
    reading = source.read()
    assert reading.pressed == {"p1.b1"}
    assert reading.held == {"p1.b1"}
    clock.advance_ms(16)
    assert source.read().pressed == frozenset()


def test_second_press_after_debounce_time_is_a_second_press(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock, debounce_ms=5)
    pin = factory.pin(27)
    presses = 0
    for _ in range(2):
        pin.drive_low()
        clock.advance_ms(1)
        pin.drive_high()  # bounce
        clock.advance_ms(1)
        pin.drive_low()
        clock.advance_ms(20)
        pin.drive_high()
        clock.advance_ms(20)
        presses += "p1.left" in source.read().pressed
    assert presses == 2


def test_release_bouncing_back_closed_is_no_new_press(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock, debounce_ms=5)
    pin = factory.pin(17)
    pin.drive_low()
    clock.advance_ms(30)
    assert source.read().pressed == {"p1.b1"}
    pin.drive_high()  # release ...
    clock.advance_ms(1)
    pin.drive_low()  # ... bounces closed
    clock.advance_ms(1)
    pin.drive_high()  # ... and settles open
    clock.advance_ms(14)
    reading = source.read()
    assert reading.pressed == frozenset()
    assert reading.held == frozenset()


def test_tap_shorter_than_a_frame_is_latched_and_released(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock, debounce_ms=5)
    pin = factory.pin(17)
    pin.drive_low()
    clock.advance_ms(6)  # past the 5 ms pulse width, released before the frame reads
    pin.drive_high()
    clock.advance_ms(6)
    reading = source.read()
    assert reading.pressed == {"p1.b1"}
    assert reading.held == frozenset()  # settled open once the debounce time ended


def test_a_tap_shorter_than_the_pulse_width_is_a_glitch(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock)
    pin = factory.pin(17)
    pin.drive_low()
    clock.advance_ms(4)
    pin.drive_high()
    clock.advance_ms(20)
    assert source.read().pressed == frozenset()


def test_an_open_stretch_shorter_than_the_debounce_time_is_bounce(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock, debounce_ms=15)
    pin = factory.pin(17)
    pin.drive_low()
    clock.advance_ms(30)
    assert source.read().pressed == {"p1.b1"}
    pin.drive_high()
    clock.advance_ms(12)  # open for 12 ms: bounce, not a release
    pin.drive_low()
    clock.advance_ms(13)
    reading = source.read()
    assert reading.pressed == frozenset()
    assert reading.held == {"p1.b1"}
    pin.drive_high()
    clock.advance_ms(16)  # open for 16 ms: a release, and the next press is a new one
    assert source.read().held == frozenset()
    pin.drive_low()
    clock.advance_ms(6)
    assert source.read().pressed == {"p1.b1"}


def test_zero_debounce_takes_every_edge(factory: MockFactory, clock: HandClock) -> None:
    source = make(factory, clock, debounce_ms=0, pulse_ms={"coin": 0})
    pin = factory.pin(4)
    for _ in range(3):
        pin.drive_low()
        pin.drive_high()
    assert source.read().coins == (3, 0)


def test_one_coin_edge_is_one_coin_even_when_bouncing(
    factory: MockFactory, clock: HandClock
) -> None:
    source = make(factory, clock, debounce_ms=5)
    chute1, chute2 = factory.pin(4), factory.pin(5)
    for _ in range(3):  # a coin whose switch bounces twice on the way in and out
        for pin_edge in (chute1.drive_low, chute1.drive_high, chute1.drive_low):
            pin_edge()
            clock.advance_ms(1)
        clock.advance_ms(40)
        chute1.drive_high()
        clock.advance_ms(1)
        chute1.drive_low()
        clock.advance_ms(1)
        chute1.drive_high()
        clock.advance_ms(40)
    chute2.drive_low()
    clock.advance_ms(40)
    chute2.drive_high()
    clock.advance_ms(40)
    reading = source.read()
    assert reading.coins == (3, 1)
    assert reading.held == frozenset() and reading.pressed == frozenset()  # coins are no switch
    assert source.read().coins == (0, 0)


class SwitchPin(MockPin):
    """A MockPin with a switch on it: a closed switch holds the line low against the pull-up
    (plain MockPin drives itself to the pull when the pull is set)."""

    closed = False

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.closed:
            self.drive_low()


def test_switch_closed_at_start_is_held_but_not_a_press() -> None:
    factory = MockFactory(pin_class=SwitchPin)
    pin = factory.pin(22)
    pin.closed = True  # the test switch is already on when the cabinet boots
    source = GpioSource(PINS, pin_factory=factory, clock=HandClock())
    reading = source.read()
    assert reading.held == {"test"}
    assert reading.pressed == frozenset()
    factory.reset()


def test_read_never_waits_on_an_empty_queue(factory: MockFactory, clock: HandClock) -> None:
    source = make(factory, clock)
    for _ in range(100):
        assert source.read().held == frozenset()


def test_status_names_the_factory_and_edge_count(factory: MockFactory, clock: HandClock) -> None:
    source = make(factory, clock, debounce_ms=8, pulse_ms={"coin": 12})
    factory.pin(17).drive_low()
    source.read()
    assert source.status() == ("gpio: 5 pins on MockFactory, debounce 8 ms, pulse coin 12/"
                               "button 5/system 5 ms, 1 edges")


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        ({"p1.fire": 17}, "gpio inputs: unknown control 'p1.fire'"),
        ({"p1.b1": 17, "p1.b2": 17}, "gpio inputs: p1.b2 and p1.b1 are both on 17"),
        ({"coin1": -3}, "gpio inputs: coin1: pin must be a BCM number, got -3"),
        ({"coin1": 4.5}, "gpio inputs: coin1: pin must be a BCM number, got 4.5"),
        ({"p2.up": 99}, "gpio inputs: p2.up on pin 99:"),
    ],
)
def test_bad_pin_map_gets_one_line_naming_the_control(
    factory: MockFactory, pins: dict, message: str
) -> None:
    with pytest.raises(WiringError) as caught:
        GpioSource(pins, pin_factory=factory)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(message)


def test_bad_pin_map_frees_the_pins_already_wired(factory: MockFactory) -> None:
    with pytest.raises(WiringError):
        GpioSource({"p1.b1": 17, "p2.up": 99}, pin_factory=factory)
    GpioSource({"p1.b1": 17}, pin_factory=factory).close()  # pin 17 is free again


def test_negative_debounce_is_refused(factory: MockFactory) -> None:
    with pytest.raises(WiringError, match="debounce must be 0 ms or more"):
        GpioSource({"p1.b1": 17}, pin_factory=factory, debounce_ms=-1)
    with pytest.raises(WiringError, match="coin pulse must be 0 ms or more"):
        GpioSource({"p1.b1": 17}, pin_factory=factory, pulse_ms={"coin": -1})
    with pytest.raises(WiringError, match="unknown input class 'lever'"):
        GpioSource({"p1.b1": 17}, pin_factory=factory, pulse_ms={"lever": 3})


def test_a_foreign_pin_factory_error_is_a_wiring_error() -> None:
    from cabinet.dipbank_gpio import GpioDipBank
    from cabinet.gpio_outputs import GpioSink
    from tests.gpio_rig import ChiplessFactory

    factory = ChiplessFactory()
    try:
        with pytest.raises(WiringError, match=r"p1\.b1 on pin 17: can not open gpiochip$"):
            GpioSource({"p1.b1": 17}, pin_factory=factory)
        with pytest.raises(WiringError, match=r"coin_meter1 on pin 16: can not open gpiochip$"):
            GpioSink({"coin_meter1": 16}, pin_factory=factory)
        with pytest.raises(WiringError, match=r"pin 0: can not open gpiochip$"):
            GpioDipBank(list(range(8)), pin_factory=factory)
    finally:
        factory.reset()
