"""A panel at rest hands the same frame on without merging its sources again; whatever
happens after any number of such frames still shows on the frame it should."""

from __future__ import annotations

import random

import pygame
import pytest

from cabinet.keyboard import KeyboardSource
from cabinet.panel import ControlPanel
from cabinet.source import SourceReading
from engine import InputFrame
from firmware.inputscript import ScriptEvent
from firmware.script_source import ScriptSource

# Keyboard keys of player 1 (MAME default map, as tests/test_keyboard.py writes it out).
P1_KEYS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left",
           pygame.K_RIGHT: "right", pygame.K_LCTRL: "b1", pygame.K_SPACE: "b3"}
COIN1_KEY = pygame.K_5
P2_SWITCHES = ("up", "down", "left", "right", "b1", "b2", "start")


def down_in(frame: InputFrame, player: str) -> set[str]:
    pi = frame.p1 if player == "p1" else frame.p2
    return {s for s in ("up", "down", "left", "right", "b1", "b2", "b3", "start")
            if getattr(pi, s)}


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_long_idle_stretches_shows_every_change_on_its_frame(
        seed: int) -> None:
    """Keyboard (player 1, coin 1) and an input script (player 2, coin 2) change at random
    frames with idle stretches of up to 40 frames between. Each frame must show: the
    switches held after the events before it, plus the ones tapped (down and up) since the
    previous frame, and the coins dropped since then."""
    rng = random.Random(seed)
    frames = 1500
    script: list[ScriptEvent] = []
    expected: list[tuple[set[str], set[str], int, int]] = []
    p2_held: set[str] = set()
    keyboard_plan: dict[int, list[tuple[int, bool]]] = {}
    p1_held: set[int] = set()
    n = 1
    while n <= frames:
        gap = rng.choice((1, 1, 2, 5, 40, rng.randint(1, 40)))
        for _ in range(n, min(n + gap, frames + 1)):  # nothing happens on these frames
            expected.append(({P1_KEYS[k] for k in p1_held}, set(p2_held), 0, 0))
        n += gap
        if n > frames:
            break
        # Keyboard: before frame n, each key at most once: press, release or tap.
        p1_shown = set()
        actions: list[tuple[int, bool]] = []
        for key in rng.sample(sorted(P1_KEYS), rng.randint(0, 3)):
            if key in p1_held:
                actions.append((key, False))
                p1_held.discard(key)
            elif rng.random() < 0.5:
                actions.append((key, True))
                p1_held.add(key)
            else:
                actions += [(key, True), (key, False)]  # a tap between two frames
                p1_shown.add(P1_KEYS[key])
        coin1 = rng.choice((0, 0, 1, 3))
        for _ in range(coin1):
            actions += [(COIN1_KEY, True), (COIN1_KEY, False)]
        keyboard_plan[n] = actions
        p1_shown |= {P1_KEYS[k] for k in p1_held}
        # Script: frame n, each switch at most once: press or release (levels per frame).
        for switch in rng.sample(P2_SWITCHES, rng.randint(0, 2)):
            on = switch not in p2_held
            script.append(ScriptEvent(n, f"p2.{switch}", on))
            if on:
                p2_held.add(switch)
            else:
                p2_held.discard(switch)
        coin2 = rng.choice((0, 0, 0, 2))
        for _ in range(coin2):
            script += [ScriptEvent(n, "coin2", True), ScriptEvent(n, "coin2", False)]
        expected.append((p1_shown, set(p2_held), coin1, coin2))
        n += 1
    keyboard = KeyboardSource()
    panel = ControlPanel([keyboard, ScriptSource(script)])
    for number, (p1, p2, coin1, coin2) in enumerate(expected, start=1):
        for key, down in keyboard_plan.get(number, []):
            keyboard.handle(key, down)
        frame = panel.poll()
        got = (down_in(frame, "p1"), down_in(frame, "p2"), frame.coin1, frame.coin2)
        assert got == (p1, p2, coin1, coin2), f"frame {number}"


def test_a_press_after_a_hundred_idle_frames_shows_on_the_next_frame() -> None:
    keyboard = KeyboardSource()
    panel = ControlPanel([keyboard])
    idle = [panel.poll() for _ in range(100)]
    assert idle == [InputFrame()] * 100
    keyboard.handle(pygame.K_1, True)
    assert panel.poll().p1.start
    assert [panel.poll().p1.start for _ in range(50)] == [True] * 50
    keyboard.handle(pygame.K_1, False)
    assert [panel.poll().p1.start for _ in range(3)] == [False] * 3


def test_coins_carried_over_are_not_lost_to_the_resting_panel() -> None:
    keyboard = KeyboardSource()
    panel = ControlPanel([keyboard])
    for _ in range(30):
        panel.poll()
    for _ in range(16):
        keyboard.handle(COIN1_KEY, True)
        keyboard.handle(COIN1_KEY, False)
    counts = [panel.poll().coin1 for _ in range(6)]
    assert counts == [7, 7, 2, 0, 0, 0]  # 3 bits a chute a frame (engine InputFrame.to_bits)


def test_a_deferred_press_after_a_steady_hold_still_shows_release_then_press() -> None:
    keyboard = KeyboardSource()
    panel = ControlPanel([keyboard])
    keyboard.handle(pygame.K_SPACE, True)
    assert all(panel.poll().p1.b3 for _ in range(20))  # a long, steady hold
    keyboard.handle(pygame.K_SPACE, False)
    keyboard.handle(pygame.K_SPACE, True)  # released and pressed again between two frames
    shown = [panel.poll().p1.b3 for _ in range(20)]
    assert shown == [False] + [True] * 19
    keyboard.handle(pygame.K_SPACE, False)
    assert not panel.poll().p1.b3


class FlakySource:
    """An I/O board holding P2 button 2 whose link drops and comes back."""

    name = "jvs"

    def __init__(self) -> None:
        self.failing = False
        self.reading = SourceReading(held=frozenset({"p2.b2"}))

    def read(self) -> SourceReading:
        if self.failing:
            raise OSError("serial port gone")
        return self.reading

    def status(self) -> str:
        return "jvs: 1 board"

    def close(self) -> None:
        pass


def test_a_source_failing_and_recovering_between_steady_frames() -> None:
    jvs = FlakySource()
    panel = ControlPanel([KeyboardSource(), jvs])
    assert all(panel.poll().p2.b2 for _ in range(30))
    jvs.failing = True
    assert not panel.poll().p2.b2  # a failing source reads as nothing
    assert {s.name: s.error for s in panel.states()}["jvs"] == "OSError: serial port gone"
    assert not any(panel.poll().p2.b2 for _ in range(30))
    jvs.failing = False
    assert panel.poll().p2.b2
    assert {s.name: s.error for s in panel.states()}["jvs"] is None


def test_an_equal_reading_from_a_new_object_keeps_the_frame_and_a_new_one_changes_it() -> None:
    jvs = FlakySource()
    panel = ControlPanel([jvs])
    first = panel.poll()
    jvs.reading = SourceReading(held=frozenset({"p2.b2"}))  # equal, not the same object
    assert panel.poll() == first
    jvs.reading = SourceReading(held=frozenset({"p2.b2", "p2.left"}))
    assert panel.poll().p2.left
    assert panel.last_sources()["p2.left"] == ("jvs",)


def test_idle_sources_hand_their_last_reading_on() -> None:
    """What makes the resting panel cheap: no new reading while nothing happens."""
    keyboard = KeyboardSource()
    script = ScriptSource([ScriptEvent(5, "p2.up", True)])
    readings = [(keyboard.read(), script.read()) for _ in range(8)]
    assert all(k is readings[0][0] for k, _ in readings)
    assert readings[3][1] is readings[0][1]  # frames 1-4: nothing yet
    assert readings[4][1].held == {"p2.up"} and readings[4][1].pressed == {"p2.up"}
    assert readings[5][1].pressed == frozenset() and readings[5][1].held == {"p2.up"}
    assert readings[7][1] is readings[5][1]
