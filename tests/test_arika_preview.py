"""NEXT and HOLD previews (games/arika/screen.py preview_ops): kept between frames, each
answer the blocks of the piece's spawn orientation, a 3-wide piece one row up, and a
caller's list its own."""

from __future__ import annotations

import pytest

from cabinet.video.palette import cell_rgb
from games.arika import screen
from games.arika.screen import preview_ops
from games.arika.shapes import ARS


@pytest.mark.parametrize("kind", range(7))
def test_a_preview_is_the_spawn_orientation_at_its_place(kind: int) -> None:
    for x, y, cell in ((40, 16, 8), (63, 20, 5), (40, 16, 8)):  # the last: a kept answer
        ops = preview_ops(kind, x, y, cell, ARS)
        up = 1 if ARS.sizes[kind] == 3 else 0
        assert ops == [("fill", cell_rgb(kind + 1),
                        (x + c * cell, y + (r - up) * cell, cell - 1, cell - 1))
                       for r, c in ARS.cells[kind][0]]


def test_a_callers_list_is_its_own() -> None:
    first = preview_ops(2, 10, 10, 8)
    first += preview_ops(3, 40, 10, 4)  # the TGM3 side extends its NEXT list in place
    assert preview_ops(2, 10, 10, 8) == first[:4]
    assert len(preview_ops(2, 10, 10, 8)) == 4


def test_the_kept_previews_are_bounded() -> None:
    kept = screen._preview.cache_info().maxsize
    assert kept is not None
    for x in range(kept + 5):
        preview_ops(0, x, 0, 8)
    assert screen._preview.cache_info().currsize <= kept
