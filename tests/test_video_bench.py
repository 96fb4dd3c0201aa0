"""The video benchmarks run and report their figures (speed itself is not asserted)."""

from __future__ import annotations

import argparse
import re

import pytest

from firmware.bench import frames, pacing, render, startup


def test_render_bench_draws_play_and_presents_at_the_output_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert render.NAME == "render" and render.ORDER == 30
    render.run(argparse.Namespace(quick=True))
    out = capsys.readouterr().out
    from games.registry import CARTRIDGES

    for game_id in CARTRIDGES:  # a render bench for every cartridge
        for way in ("whole picture", r"kept picture \(changes only\)"):
            assert re.search(rf"render {game_id}: 2P play screen, 60 frames of play, {way}: "
                             r"draw CPU median \d+\.\d+ ms, p99 \d+\.\d+ ms", out), out
    assert out.count("present 1280x896 in 1920x1080 (software scaling)") == 2 * len(CARTRIDGES)
    assert len(re.findall(r"draw \+ present per frame: median \d+\.\d+ ms", out)) == \
        2 * len(CARTRIDGES), out


def test_render_bench_at_a_crt_size_and_scale(capsys: pytest.CaptureFixture[str]) -> None:
    render.run(argparse.Namespace(quick=True, size=(720, 240), scale="240p", game="bloxeed"))
    assert "present 720x224 in 720x240" in capsys.readouterr().out


def test_pacing_script_starts_a_2p_game_and_plays_both_sides() -> None:
    events = pacing.play_script(600)
    controls = {e.control for e in events if e.down}
    assert {"coin1", "p1.start", "p2.start"} <= controls
    assert any(c.startswith("p1.") and c != "p1.start" for c in controls)
    assert any(c.startswith("p2.") and c != "p2.start" for c in controls)
    assert sum(1 for e in events if e.control == "coin1" and e.down) == 4  # coins before the starts


def test_startup_bench_reports_wall_and_cpu_to_the_first_frame(
    capsys: pytest.CaptureFixture[str],
) -> None:
    startup.run(argparse.Namespace(quick=True))
    out = capsys.readouterr().out
    assert re.search(r"3 starts after a warm-up start: wall median \d+\.\d+ s, "
                     r"CPU median \d+\.\d+ s", out), out


def test_pacing_bench_reads_the_priority_the_kiosk_unit_gives_the_game() -> None:
    # bench --pacing --priority unit runs the game at the unit's Nice=, read from the file
    # the installer ships, so the bench and the cabinet cannot drift apart.
    unit = pacing.UNIT.read_text(encoding="utf-8")
    assert pacing.unit_nice() == int(re.search(r"^Nice=(-?\d+)$", unit, re.M).group(1))  # type: ignore[union-attr]
    assert pacing.unit_nice() < 0
    # --priority fifo: the unit's real-time priority, a modest one.
    fifo = re.search(r"^CPUSchedulingPriority=(\d+)$", unit, re.M)
    assert re.search(r"^CPUSchedulingPolicy=fifo$", unit, re.M) and fifo
    assert pacing.unit_fifo() == int(fifo.group(1))
    assert 1 <= pacing.unit_fifo() < 50  # below the kernel's threaded interrupts


def test_pacing_bench_splits_the_frames_cpu(capsys: pytest.CaptureFixture[str]) -> None:
    pacing.run(argparse.Namespace(quick=True, load=0, priority="none"))
    out = capsys.readouterr().out
    assert "Nice=0" in out
    split = re.search(r"the frame's own CPU (\d+\.\d+) ms .*inputs (\d+\.\d+), machine "
                      r"(\d+\.\d+), draw (\d+\.\d+), present (\d+\.\d+)", out)
    assert split, out
    whole, *parts = (float(x) for x in split.groups())
    assert 0 < sum(parts) <= whole + 0.001  # the parts are inside the frame
    # The script's 2P game starts within the quick run, so its frames are reported apart.
    two_up = re.search(r"while both players play \((\d+) frames\): the frame's own CPU "
                       r"\d+\.\d+ ms \(target 0\.35 ms\), median \d+\.\d+ ms, p99", out)
    assert two_up, out
    assert 0 < int(two_up.group(1)) < 5 * 60


def test_pacing_bench_gives_the_worst_frame_and_the_collections(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pacing.run(argparse.Namespace(quick=True, load=0, priority="none"))
    out = capsys.readouterr().out
    cpu = re.search(r"kiosk CPU (\d+\.\d+) ms a frame, of which busy wait (\d+\.\d+) ms", out)
    assert cpu, out
    assert float(cpu.group(2)) <= float(cpu.group(1))  # the spin's CPU is the kiosk's
    assert re.search(r"every frame after boot \(\d+ frames\): the frame's own CPU mean "
                     r"\d+\.\d+ ms, p99 \d+\.\d+, p99\.9 \d+\.\d+, worst \d+\.\d+ ms", out), out
    assert re.search(r"collections inside frames: \d+ \(of the oldest generation \d+\)", out)
    assert re.search(r"collections at boot, before the first frame: [1-9]", out), out
    between = re.search(r"collections between frames: (\d+) \(of the oldest generation "
                        r"(\d+)\), median \d+\.\d+, longest \d+\.\d+ ms", out)
    assert between and int(between.group(2)) >= 1, out  # the game's start, after boot
    assert re.search(r"collections put off for want of time before the deadline: young \d+ "
                     r"frames, the oldest generation's \d+ frames; \d+ began in time and "
                     r"ran past the next frame's deadline", out), out


def test_frames_bench_gives_each_cartridges_worst_2p_frame(
    capsys: pytest.CaptureFixture[str],
) -> None:
    frames.run(argparse.Namespace(quick=True, game="bloxeed"))
    out = capsys.readouterr().out
    assert re.search(r"frames bloxeed: while both players play \(\d+ frames\): the frame's own "
                     r"CPU mean \d+\.\d+ ms, p99 \d+\.\d+, p99\.9 \d+\.\d+, worst", out), out
    assert re.search(r"frames bloxeed: worst 2P frame \d+\.\d+ ms at frame \d+ \(play\)", out)
    # The oldest generation is collected by the kiosk between frames, never inside one.
    inside = re.search(r"collections inside frames: \d+ \(of the oldest generation (\d+)\)", out)
    assert inside and inside.group(1) == "0", out


def test_frames_bench_repeated_gives_each_frames_least_cpu(
    capsys: pytest.CaptureFixture[str],
) -> None:
    frames.run(argparse.Namespace(quick=True, game="sega88", repeat=2))
    out = capsys.readouterr().out
    worsts = [float(w) for w in re.findall(
        r"frames sega88 run \d: while both players play \(\d+ frames\): the frame's own CPU "
        r"mean \d+\.\d+ ms, p99 \d+\.\d+, p99\.9 \d+\.\d+, worst (\d+\.\d+) ms", out)]
    assert len(worsts) == 2, out
    least = re.search(r"frames sega88: while both players play, each frame's least CPU of 2 "
                      r"runs: mean \d+\.\d+ ms, p99\.9 \d+\.\d+, worst (\d+\.\d+) ms at frame "
                      r"\d+ \(play\)", out)
    assert least, out
    assert float(least.group(1)) <= min(worsts)  # a frame's least is at most either run's
    # No collection at all inside a frame: the young ones run between frames too.
    assert re.findall(r"collections inside frames: (\d+)", out) == ["0", "0"], out
