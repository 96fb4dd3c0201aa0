"""The garbage collector is kept out of the frames: boot's objects are frozen, the oldest
generation is collected only between frames (a new game or demo, or a minute with nothing
played), and the process's collector is given back as it was when the kiosk closes."""

from __future__ import annotations

import gc
from pathlib import Path

from firmware.collector import (
    FULL_DEFER_FRAMES,
    FULL_SLACK_S,
    THRESHOLDS,
    YOUNG_DEFER_TIMES,
    YOUNG_SLACK_S,
    Collector,
)
from firmware.inputscript import parse_script
from firmware.kiosk import Kiosk, KioskOptions
from firmware.savedata import factory
from firmware.savedata.writer import SaveWriter


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_boot_freezes_and_no_full_collection_comes_on_its_own() -> None:
    before = gc.get_threshold()
    collector = Collector()
    collector.after_boot()
    try:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == THRESHOLDS
    finally:
        collector.close()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_collects_when_a_game_starts_never_while_it_is_played() -> None:
    clock = Clock()
    collector = Collector(clock=clock)
    collector.after_boot()
    try:
        game, demo = object(), object()
        assert collector.between_frames(demo, playing=False)  # the attract demo starts
        assert not collector.between_frames(demo, playing=False)
        assert collector.between_frames(game, playing=True)  # a game starts
        clock.now += 3600
        assert not any(collector.between_frames(game, playing=True) for _ in range(100))
        assert collector.between_frames(None, playing=False)  # an hour, nothing played
        assert not collector.between_frames(None, playing=False)
        assert collector.collections == 3 and len(collector.pauses) == 3
        kept = [[] for _ in range(100)]  # lists: tracked by the collector
        frozen = gc.get_freeze_count()
        assert collector.between_frames(object(), playing=True)  # what lives on is frozen
        assert gc.get_freeze_count() >= frozen + len(kept)
    finally:
        collector.close()


def test_young_generations_are_collected_between_frames_never_inside_one() -> None:
    collector = Collector()
    collector.after_boot()
    inside: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and frames_running[0]:
            inside.append(info["generation"])

    frames_running = [False]
    gc.callbacks.append(seen)
    game = object()
    try:
        collector.between_frames(game, playing=True)
        kept: list[list[int]] = []
        for _ in range(200):
            frames_running[0] = True
            # A frame that makes well over a young generation's worth of lasting objects.
            kept.extend([i] for i in range(THRESHOLDS[0] * 3))
            frames_running[0] = False
            collector.between_frames(game, playing=True)
            assert gc.get_count()[0] < THRESHOLDS[0]  # nothing pending past the threshold
    finally:
        gc.callbacks.remove(seen)
        collector.close()
    assert inside == []
    assert collector.young == 200  # one after every frame that made a generation's worth
    assert gc.isenabled()


def test_a_game_starts_collection_waits_for_a_frame_that_leaves_it_time() -> None:
    collector = Collector(clock=Clock())
    collector.after_boot()
    full: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        game = object()
        short = FULL_SLACK_S / 2  # the game's first frames leave too little time
        assert not any(collector.between_frames(game, True, short) for _ in range(5))
        assert full == [] and collector.deferred_full == 5
        assert collector.between_frames(game, True, FULL_SLACK_S * 2)  # now there is time
        assert full == [2]
        assert not collector.between_frames(game, True, FULL_SLACK_S * 2)  # done, not due
        # A machine that never leaves the time still collects, after a bounded wait.
        other = object()
        waited = [collector.between_frames(other, True, 0.0)
                  for _ in range(FULL_DEFER_FRAMES + 1)]
        assert waited == [False] * FULL_DEFER_FRAMES + [True]
        assert full == [2, 2]
    finally:
        gc.callbacks.remove(seen)
        collector.close()


def test_young_collections_wait_while_a_frame_is_late_and_stay_bounded() -> None:
    collector = Collector()
    collector.after_boot()
    game = object()
    try:
        collector.between_frames(game, True, None)
        kept: list[list[int]] = []
        pending = []
        for _ in range(YOUNG_DEFER_TIMES * 2):
            kept.extend([i] for i in range(THRESHOLDS[0]))
            collector.between_frames(game, True, YOUNG_SLACK_S / 4)  # late frames
            pending.append(gc.get_count()[0])
        # Put off while the frames had no time, collected once the pile reached its bound.
        assert collector.deferred_young > 0 and collector.young > 0
        assert max(pending) < THRESHOLDS[0] * (YOUNG_DEFER_TIMES + 1)
        kept.extend([i] for i in range(THRESHOLDS[0] * 2))
        collector.between_frames(game, True, YOUNG_SLACK_S * 2)  # a frame with time
        assert gc.get_count()[0] < THRESHOLDS[0]
    finally:
        collector.close()


def test_the_pacer_tells_the_time_left_before_the_deadline() -> None:
    from firmware.pacer import DeadlinePacer

    clock = Clock()
    pacer = DeadlinePacer(clock=clock, period=0.02)
    assert pacer.slack() is None
    pacer.start()
    clock.now += 0.015  # the frame's work
    assert abs((pacer.slack() or 0.0) - 0.005) < 1e-9
    clock.now += 0.015  # a late frame
    assert abs((pacer.slack() or 0.0) + 0.01) < 1e-9


def test_the_kiosk_freezes_after_boot_and_collects_at_each_game(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=lambda _line: None)
    writer.wait_durable(writer.submit(factory()), 30)
    writer.close()
    script = parse_script("10 coin1 down\n11 coin1 up\n40 p1.start down\n41 p1.start up\n")
    frozen: list[int] = []
    kiosk = Kiosk(KioskOptions(mode="headless", frames=120, save_dir=tmp_path, audio=False,
                               inputs=script))
    inner = kiosk.frame

    def frame() -> None:
        frozen.append(gc.get_freeze_count())
        inner()

    kiosk.frame = frame  # type: ignore[method-assign]
    before = gc.get_threshold()
    summary = kiosk.run()
    assert summary["games_started"] == 1
    assert frozen[0] > 0 and min(frozen) > 0  # from the first frame on
    assert kiosk.collector.collections >= 1  # the game's start (and any demo before it)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0  # closed
