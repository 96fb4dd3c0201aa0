"""ControlPanel: keyboard and GPIO sources merged into one InputFrame per frame."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from cabinet.gpio_inputs import GpioSource
from cabinet.keyboard import KeyboardSource
from cabinet.panel import ControlPanel
from cabinet.source import NOTHING, SourceReading
from engine import InputFrame, PlayerInput
from tests.gpio_rig import HandClock

FRAME_MS = 1000 / 60
PINS = {"p1.b1": 17, "p1.left": 27, "p2.start": 6, "coin1": 4, "coin2": 5, "service": 13}


class Rig:
    """A cabinet with both a keyboard encoder and GPIO wiring on one control panel."""

    def __init__(self, factory: MockFactory) -> None:
        self.factory = factory
        self.clock = HandClock()
        self.keyboard = KeyboardSource()
        self.gpio = GpioSource(PINS, pin_factory=factory, clock=self.clock)
        self.panel = ControlPanel([self.keyboard, self.gpio])

    def key(self, key: int, down: bool) -> None:
        self.keyboard.feed(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key))

    def pin(self, bcm: int, pressed: bool) -> None:
        pin = self.factory.pin(bcm)
        pin.drive_low() if pressed else pin.drive_high()

    def frame(self, ms: float = FRAME_MS) -> InputFrame:
        """Let ``ms`` pass, then poll (one frame)."""
        self.clock.advance_ms(ms)
        return self.panel.poll()


@pytest.fixture
def rig() -> Iterator[Rig]:
    factory = MockFactory()
    yield Rig(factory)
    factory.reset()


def test_idle_panel_is_the_empty_frame(rig: Rig) -> None:
    assert rig.frame() == InputFrame()


def test_switches_from_both_sources_are_merged(rig: Rig) -> None:
    rig.key(pygame.K_UP, True)  # keyboard: P1 up
    rig.pin(17, True)  # GPIO: P1 button 1
    rig.pin(6, True)  # GPIO: P2 start
    frame = rig.frame()
    assert frame.p1 == PlayerInput(up=True, b1=True)
    assert frame.p2 == PlayerInput(start=True)
    assert rig.panel.last_sources()["p1.up"] == ("keyboard",)
    assert rig.panel.last_sources()["p1.b1"] == ("gpio",)
    assert rig.panel.last_sources()["p1.down"] == ()


def test_control_held_by_two_sources_stays_down_until_both_release(rig: Rig) -> None:
    rig.key(pygame.K_LCTRL, True)
    rig.pin(17, True)
    assert rig.frame().p1.b1
    assert rig.panel.last_sources()["p1.b1"] == ("keyboard", "gpio")
    rig.key(pygame.K_LCTRL, False)
    assert rig.frame().p1.b1
    rig.pin(17, False)
    assert not rig.frame().p1.b1


@pytest.mark.parametrize("via", ["keyboard", "gpio"])
def test_tap_between_frames_is_down_for_exactly_one_frame(rig: Rig, via: str) -> None:
    rig.frame()
    if via == "keyboard":
        rig.key(pygame.K_LCTRL, True)
        rig.key(pygame.K_LCTRL, False)
    else:
        rig.clock.advance_ms(3)
        rig.pin(17, True)
        rig.clock.advance_ms(8)  # an 8 ms tap, well inside one 16.7 ms frame
        rig.pin(17, False)
    shown = [rig.frame().p1.b1 for _ in range(4)]
    assert shown == [True, False, False, False]


def test_gpio_press_shows_in_the_first_poll_after_its_pulse_width(rig: Rig) -> None:
    rig.frame()
    rig.clock.advance_ms(11)  # the press lands 5.7 ms before the next frame
    rig.pin(27, True)
    assert rig.frame(5.7).p1.left  # held 5 ms (a button's minimum pulse width): shown
    rig.pin(27, False)
    rig.frame(20)
    rig.clock.advance_ms(16)  # this one lands 0.7 ms before the next frame: one frame later
    rig.pin(27, True)
    assert [rig.frame(0.7).p1.left, rig.frame().p1.left] == [False, True]


def test_every_coin_edge_counts_once_even_when_both_sources_fire(rig: Rig) -> None:
    rig.key(pygame.K_5, True)  # keyboard coin 1
    rig.key(pygame.K_5, False)
    rig.pin(4, True)  # GPIO coin 1 in the same frame
    rig.clock.advance_ms(30)
    rig.pin(4, False)
    rig.pin(5, True)  # GPIO coin 2
    first = rig.frame()
    assert (first.coin1, first.coin2) == (2, 1)
    assert rig.panel.last_sources()["coin1"] == ("keyboard", "gpio")
    rig.pin(5, False)
    later = [rig.frame() for _ in range(3)]
    assert [(f.coin1, f.coin2) for f in later] == [(0, 0)] * 3


def test_coins_beyond_one_frames_capacity_carry_to_the_next_frame(rig: Rig) -> None:
    for _ in range(10):
        rig.key(pygame.K_6, True)
        rig.key(pygame.K_6, False)
    counts = [rig.frame().coin2 for _ in range(3)]
    assert counts == [7, 3, 0]  # 3 bits per chute in a frame (engine InputFrame.to_bits)


def test_double_tap_across_a_frame_is_shown_as_release_then_press(rig: Rig) -> None:
    rig.key(pygame.K_SPACE, True)
    assert rig.frame().p1.b3
    rig.key(pygame.K_SPACE, False)  # released and pressed again before the next frame:
    rig.key(pygame.K_SPACE, True)  # as a level it would look held, and the press be lost
    shown = [rig.frame().p1.b3 for _ in range(3)]
    assert shown == [False, True, True]


def test_double_tap_while_another_source_holds_stays_down(rig: Rig) -> None:
    rig.pin(17, True)
    rig.key(pygame.K_LCTRL, True)
    assert rig.frame().p1.b1
    rig.key(pygame.K_LCTRL, False)
    rig.key(pygame.K_LCTRL, True)
    assert rig.frame().p1.b1  # the GPIO button held it all along


def test_system_switches_reach_the_frame(rig: Rig) -> None:
    rig.key(pygame.K_F2, True)
    rig.key(pygame.K_t, True)
    rig.pin(13, True)
    frame = rig.frame()
    assert (frame.test, frame.tilt, frame.service) == (True, True, True)


class FailingSource:
    """An I/O board whose link dropped: read() raises."""

    name = "jvs"

    def __init__(self) -> None:
        self.failing = True

    def read(self) -> SourceReading:
        if self.failing:
            raise OSError("serial port gone")
        return SourceReading(held=frozenset({"p2.b2"}))

    def status(self) -> str:
        return "jvs: 1 board"

    def close(self) -> None:
        pass


def test_a_failing_source_reads_as_nothing_and_the_rest_keep_working(rig: Rig) -> None:
    jvs = FailingSource()
    panel = ControlPanel([rig.keyboard, jvs])
    rig.key(pygame.K_1, True)
    frame = panel.poll()
    assert frame.p1.start and not frame.p2.b2
    states = {s.name: s for s in panel.states()}
    assert states["jvs"].error == "OSError: serial port gone"
    assert states["keyboard"].error is None
    assert states["jvs"].status == "jvs: 1 board"
    jvs.failing = False
    assert panel.poll().p2.b2
    assert {s.name: s.error for s in panel.states()}["jvs"] is None


def test_sources_need_distinct_names() -> None:
    with pytest.raises(ValueError, match="two sources share a name"):
        ControlPanel([KeyboardSource(), KeyboardSource()])


def test_panel_without_sources_gives_empty_frames() -> None:
    panel = ControlPanel([])
    assert panel.poll() == InputFrame()
    assert panel.last_sources()["coin1"] == ()
    assert NOTHING.coins == (0, 0)
