"""Where the 320x224 picture goes on a display: the scaling settings as plain arithmetic.

Every setting frames the picture the way an arcade monitor did: a 4:3 tube 240 lines tall
showing 224 of them, so a picture pixel is square on the tube. A display mode 288 lines
tall or less is taken to be a 15 kHz CRT mode filling a 4:3 tube, whatever its width
(720x240 composite, 1920x240 "super resolution", 320x240 DPI/RGB): its pixels are not square.
Any taller mode is taken to have square pixels (an LCD).

- ``integer``: the largest whole multiple that fits, in the display's own pixels, centred.
- ``240p``: whole lines vertically (1:1 on a 240-line mode, 224 lines centred), the width
  stretched to fill the 4:3 picture: 2.25x on 720x240, 6x on 1920x240, 1x on 320x240. A CRT
  has no discrete horizontal pixels, so a fractional horizontal factor looks right there;
  a fractional vertical one does not. Source: Raspberry Pi kernel 240p composite modes
  (raspberrypi/linux PR 4406, 720x240 framebuffer) and RetroPie/Lakka 240p guides.
- ``fit-4:3``: the largest 4:3 picture on any mode (fractional factors; for LCDs).

``overscan`` is the percentage of each edge a CRT hides behind its bezel. The picture is
placed inside what stays visible. In ``240p`` the lines stay 1:1 (224 of 240 leaves 8 spare
lines top and bottom); overscan narrows the width only, and the rest is the monitor's
vertical size control (the monitor test's crosshatch has lines on all four edges for it).

Nothing here needs pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.decisions import VIDEO_DECISIONS

NATIVE = (320, 224)
TUBE_LINES = 240  # the lines of a 4:3 arcade tube the 224-line picture sits in
CRT_MAX_LINES: int = VIDEO_DECISIONS["crt_max_lines"].value  # 15 kHz CRT modes
INTEGER, LINES_240P, FIT_43 = "integer", "240p", "fit-4:3"
SCALES = (INTEGER, LINES_240P, FIT_43)
OVERSCAN_RANGE = range(0, VIDEO_DECISIONS["overscan_max_percent"].value + 1)


@dataclass(frozen=True, slots=True)
class Placement:
    """The picture's box on the display, in display pixels."""

    x: int
    y: int
    w: int
    h: int
    pixel_aspect: float  # width / height of one picture pixel as seen (1.0 is square)

    @property
    def box(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)

    @property
    def factors(self) -> tuple[float, float]:
        return (self.w / NATIVE[0], self.h / NATIVE[1])


def display_pixel_aspect(size: tuple[int, int]) -> float:
    """Width / height of one display pixel as seen: a CRT mode fills a 4:3 tube."""
    w, h = size
    if h <= CRT_MAX_LINES:
        return (4 / 3) * h / w
    return 1.0


def is_crt_mode(size: tuple[int, int]) -> bool:
    return size[1] <= CRT_MAX_LINES


def place(size: tuple[int, int], scale: str = INTEGER, overscan: int = 0) -> Placement:
    """The picture's placement on a display of ``size`` for a scaling setting."""
    if scale not in SCALES:
        raise ValueError(f"scale must be one of {', '.join(SCALES)}, not {scale!r}")
    if overscan not in OVERSCAN_RANGE:
        raise ValueError(f"overscan must be 0-{OVERSCAN_RANGE[-1]} (percent), not {overscan}")
    dw, dh = size
    par = display_pixel_aspect(size)
    keep = 1 - 2 * overscan / 100
    safe_w, safe_h = dw * keep, dh * keep
    nw, nh = NATIVE
    if scale == INTEGER:
        factor = max(1, min(int(safe_w) // nw, int(safe_h) // nh))
        w, h = nw * factor, nh * factor
    elif scale == LINES_240P:
        lines = max(1, dh // TUBE_LINES) if overscan == 0 else max(1, int(safe_h) // TUBE_LINES)
        h = nh * lines
        tube_w = TUBE_LINES * lines * (4 / 3) / par  # a 4:3 picture that tall, display pixels
        w = round(min(tube_w, dw) * keep)
    else:
        # The largest 4:3 box (in seen units) inside the safe area; 224 of its 240 lines.
        box_h = min(safe_h, safe_w * par * 3 / 4)
        h = round(box_h * nh / TUBE_LINES)
        w = round(box_h * 4 / 3 / par)
    seen = (w / nw * par) / (h / nh)
    return Placement((dw - w) // 2, (dh - h) // 2, w, h, seen)


def describe(size: tuple[int, int], placement: Placement) -> str:
    """One line for the service menu: the mode and the picture's scale."""
    fx, fy = placement.factors
    kind = "CRT" if is_crt_mode(size) else "LCD"
    return f"{size[0]}X{size[1]} {kind} {fx:g}X{fy:g}"
