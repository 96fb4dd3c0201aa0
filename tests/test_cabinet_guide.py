"""docs/cabinet-guide.md: the DPI blocks give the refresh and line rate their headings say,
fit config.txt's line limit, and the repository address is set once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
GUIDE = DOCS / "cabinet-guide.md"
# The Pi's firmware ignores what follows the 98th character of a config.txt line
# (Raspberry Pi documentation, "The config.txt file", file format).
CONFIG_LINE_LIMIT = 98
# A 15 kHz arcade monitor: about 15.7 kHz; the 61.68 Hz boards run their lines at 16.16 kHz.
LINE_RATE_KHZ = (15.5, 16.5)


def _dpi_blocks() -> list[tuple[float, float, dict[str, int], list[str]]]:
    blocks = re.findall(r"```ini\n(.*?)```", GUIDE.read_text(), re.S)
    found = []
    for block in blocks:
        if "vc4-kms-dpi-generic" not in block:
            continue
        heading = re.search(r"at (\d+\.\d+) Hz, (\d+\.\d+) kHz", block)
        assert heading, block
        params: dict[str, int] = {}
        for name, value in re.findall(r"([a-z-]+)=(\d+)", block):
            params[name] = int(value)
        found.append((float(heading.group(1)), float(heading.group(2)), params,
                      block.splitlines()))
    return found


BLOCKS = _dpi_blocks()


def test_a_dpi_block_for_every_refresh_the_games_use() -> None:
    assert sorted(refresh for refresh, *_ in BLOCKS) == [57.44, 59.94, 60.0, 61.68]


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b[0]}Hz")
def test_dpi_timings_give_the_refresh_and_line_rate_they_claim(
    block: tuple[float, float, dict[str, int], list[str]],
) -> None:
    refresh, khz, p, lines = block
    assert (p["hactive"], p["vactive"]) == (320, 240)
    htotal = p["hactive"] + p["hfp"] + p["hsync"] + p["hbp"]
    vtotal = p["vactive"] + p["vfp"] + p["vsync"] + p["vbp"]
    clock = p["clock-frequency"]
    assert clock / htotal / vtotal == pytest.approx(refresh, abs=0.005)
    assert clock / htotal / 1000 == pytest.approx(khz, abs=0.0005)
    assert LINE_RATE_KHZ[0] <= khz <= LINE_RATE_KHZ[1]
    assert all(len(line) <= CONFIG_LINE_LIMIT for line in lines)
    assert "hsync-invert" in "".join(lines) and "vsync-invert" in "".join(lines)
    # The table row for this refresh names the same clock, line count and line rate.
    row = next(line for line in GUIDE.read_text().splitlines()
               if line.startswith(f"| {refresh:.2f} Hz"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert int(cells[2]) == vtotal
    assert cells[3] == f"{khz:.3f} kHz"
    assert int(cells[4].removesuffix(" Hz").replace(" ", "")) == clock


def test_the_repository_address_is_set_once() -> None:
    text = GUIDE.read_text()
    assert len(re.findall(r"^BLOXCAB_REPO=", text, re.M)) == 1
    assert '"$BLOXCAB_REPO"' in text
    for doc in DOCS.glob("*.md"):
        assert "<your bloxcab repository>" not in doc.read_text(), doc.name
