"""The documented 240p DPI modes (docs/video.md) give the rates they are listed for."""

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "video.md"
HTOTAL = 320 + 8 + 32 + 47  # hactive, hfp, hsync, hbp as documented


def _rows() -> list[list[str]]:
    rows = []
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and re.fullmatch(r"\d+\.\d+ Hz", cells[0]):
            rows.append(cells)
    return rows


def test_every_rate_the_issue_names_has_a_mode() -> None:
    assert [r[0] for r in _rows()] == ["60.00 Hz", "59.94 Hz", "61.68 Hz", "57.44 Hz"]


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r[0])
def test_each_mode_gives_its_rate_at_about_15_7_khz(row: list[str]) -> None:
    rate = float(row[0].split()[0])
    vactive, vfp, vsync, vbp, vtotal, clock = (int(c) for c in row[1:7])
    assert vactive + vfp + vsync + vbp == vtotal
    assert clock / HTOTAL / vtotal == pytest.approx(rate, abs=0.005)
    line_khz = clock / HTOTAL / 1000
    assert f"{line_khz:.3f} kHz" == row[7]
    assert 15.6 < line_khz < 15.8  # a 15 kHz arcade monitor's line rate


def test_the_example_overlay_line_is_the_60_hz_mode() -> None:
    text = DOC.read_text()
    line = next(x for x in text.splitlines() if "dtoverlay=vc4-kms-dpi-generic,rgb666" in x
                and "clock-frequency=" in x)
    params = dict(p.split("=") for p in line.strip().split(",")[2:])
    total_h = sum(int(params[k]) for k in ("hactive", "hfp", "hsync", "hbp"))
    total_v = sum(int(params[k]) for k in ("vactive", "vfp", "vsync", "vbp"))
    assert total_h == HTOTAL
    assert int(params["clock-frequency"]) / total_h / total_v == pytest.approx(60.0, abs=0.005)
