"""The cabinet's own 8x8 font and text drawing."""

from __future__ import annotations

import pygame
import pytest

from cabinet.video.font import CELL, END_MARK, GLYPH_SIZE, GLYPHS, RUB_MARK, glyph, lit_pixels
from cabinet.video.text import draw_text, text_width

REQUIRED = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ .-!?:/'=><" + END_MARK + RUB_MARK


def test_every_required_character_has_a_7x7_glyph_inside_the_8x8_cell() -> None:
    assert CELL == 8
    for ch in REQUIRED:
        rows = GLYPHS[ch]
        assert len(rows) == GLYPH_SIZE, ch
        assert all(len(r) == GLYPH_SIZE and set(r) <= {"#", "."} for r in rows), ch


def test_glyphs_are_all_different_apart_from_space() -> None:
    seen: dict[tuple[str, ...], str] = {}
    for ch, rows in GLYPHS.items():
        assert rows not in seen, f"{ch!r} looks like {seen[rows]!r}"
        seen[rows] = ch
        assert ch == " " or lit_pixels(ch), ch


def test_lower_case_draws_capitals_and_unknown_draws_question_mark() -> None:
    assert glyph("a") == GLYPHS["A"]
    assert glyph("~") == GLYPHS["?"]


def _drawn(text: str) -> pygame.Surface:
    surface = pygame.Surface((len(text) * CELL, CELL))
    surface.fill((0, 0, 0))
    draw_text(surface, text, 0, 0, (255, 255, 0))
    return surface


def test_text_lights_exactly_the_glyph_pixels_in_the_text_colour() -> None:
    surface = _drawn("A")
    lit = set(lit_pixels("A"))
    for y in range(CELL):
        for x in range(CELL):
            colour = tuple(surface.get_at((x, y)))[:3]
            assert colour == ((255, 255, 0) if (x, y) in lit else (0, 0, 0)), (x, y)


def test_different_letters_draw_different_pictures_and_advance_one_cell_each() -> None:
    a, b = _drawn("AB"), _drawn("BA")
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    left_of_b = a.subsurface((CELL, 0, CELL, CELL))
    right_of_b = b.subsurface((0, 0, CELL, CELL))
    assert pygame.image.tobytes(left_of_b, "RGB") == pygame.image.tobytes(right_of_b, "RGB")
    assert draw_text(a, "AB", 3, 0, (1, 1, 1)) == 3 + text_width("AB") == 3 + 16


def test_the_kept_glyph_sprites_are_bounded_and_draw_the_same_after_a_clear(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cabinet.video import text

    monkeypatch.setattr(text, "GLYPHS_KEPT", 30)
    before = pygame.Surface((64, 8))
    draw_text(before, "AB", 0, 0, (9, 9, 9))
    for red in range(40):  # 40 colours x 2 glyphs: past the bound
        draw_text(pygame.Surface((64, 8)), "AB", 0, 0, (red, 0, 0))
        assert len(text._cache) <= 30
    after = pygame.Surface((64, 8))
    draw_text(after, "AB", 0, 0, (9, 9, 9))
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
