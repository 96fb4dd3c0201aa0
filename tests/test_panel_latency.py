"""The inputs-gpio benchmark's short run: random GPIO presses all reach the next frame."""

from __future__ import annotations

import argparse

import pytest

from firmware.bench import inputs_gpio


def test_quick_bench_shows_every_press_and_coin_in_the_next_frame(
    capsys: pytest.CaptureFixture[str],
) -> None:
    inputs_gpio.run(argparse.Namespace(quick=True))
    out = capsys.readouterr().out
    assert "TARGET MISSED" not in out
    assert out.count("max 1 (next frame every time)") == 2  # presses and coins
    assert "coins counted twice or from nowhere: 0" in out
