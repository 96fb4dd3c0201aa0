"""The monitor test patterns, as pictures (cabinet.video.picture) that cabinet.video.paint
draws: crosshatch, colour bars, full-screen red, green, blue and white, grey steps.

Source: the SMS Test Suite's description of its monitor patterns (crosshatch for
convergence, geometry and overscan; colour bars; full-screen red, green, blue and white), and
the BurgerTime and Sinistar operator manuals (crosshatch and colour bars in the test mode).
"""

from __future__ import annotations

from cabinet.video.palette import BLACK, COLOUR_BARS, GREY_STEPS, SOLID, WHITE
from cabinet.video.picture import NATIVE_H, NATIVE_W, Box, Picture, Ring

CROSSHATCH_STEP = 16  # layout: 20 x 14 squares on 320 x 224
CIRCLE_MARGIN = 8  # layout: the circle stays 8 pixels inside the top and bottom edges


def crosshatch() -> Picture:
    """White 1-pixel grid every 16 pixels, with lines on all four edges (overscan check),
    and a circle for the geometry."""
    columns = [*range(0, NATIVE_W, CROSSHATCH_STEP), NATIVE_W - 1]
    rows = [*range(0, NATIVE_H, CROSSHATCH_STEP), NATIVE_H - 1]
    return Picture(
        items=(*(Box(x, 0, 1, NATIVE_H, WHITE) for x in columns),
               *(Box(0, y, NATIVE_W, 1, WHITE) for y in rows),
               Ring(NATIVE_W // 2, NATIVE_H // 2, NATIVE_H // 2 - CIRCLE_MARGIN, WHITE)),
        background=BLACK,
    )


def colour_bars() -> Picture:
    """Eight vertical bars, white to black."""
    width = NATIVE_W // len(COLOUR_BARS)
    return Picture(items=tuple(Box(i * width, 0, width, NATIVE_H, rgb)
                               for i, rgb in enumerate(COLOUR_BARS)), background=BLACK)


def solid(colour: str) -> Picture:
    """The whole screen one colour: red, green, blue or white."""
    if colour not in SOLID:
        raise ValueError(f"solid colour must be one of {', '.join(SOLID)}, not {colour!r}")
    return Picture(background=SOLID[colour])


def grey_steps() -> Picture:
    """16 vertical grey steps from black to white."""
    width = NATIVE_W // GREY_STEPS
    boxes = []
    for i in range(GREY_STEPS):
        level = round(i * 255 / (GREY_STEPS - 1))
        boxes.append(Box(i * width, 0, width, NATIVE_H, (level, level, level)))
    return Picture(items=tuple(boxes), background=BLACK)


# In the order the monitor test steps through them.
MONITOR_PATTERNS: dict[str, Picture] = {
    "crosshatch": crosshatch(),
    "colour bars": colour_bars(),
    **{name: solid(name) for name in ("red", "green", "blue", "white")},
    "grey steps": grey_steps(),
}
