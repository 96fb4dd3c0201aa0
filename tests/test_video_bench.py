"""The render benchmark runs and reports its figures (speed itself is not asserted)."""

from __future__ import annotations

import argparse
import re

import pytest

from firmware.bench import render


def test_render_bench_quick_run_prints_median_and_p99(capsys: pytest.CaptureFixture[str]) -> None:
    assert render.NAME == "render" and render.ORDER == 30
    render.run(argparse.Namespace(quick=True))
    out = capsys.readouterr().out
    assert re.search(r"50 renders: median \d+\.\d+ ms, p99 \d+\.\d+ ms", out), out
    assert "1280x896 in 1280x960" in out
