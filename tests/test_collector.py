"""The garbage collector is kept out of the frames: boot's objects are frozen, the oldest
generation is collected only between frames (a new game or demo, or a minute with nothing
played), and the process's collector is given back as it was when the kiosk closes."""

from __future__ import annotations

import gc
from pathlib import Path

from firmware.collector import THRESHOLDS, Collector
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
