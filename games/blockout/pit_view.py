"""The pit drawn in perspective from above, as on the board: wireframe walls with a grid,
settled cubes coloured by their layer, the falling piece as a wireframe, and the depth
gauge beside it. Software projection onto 2D polygons, painter's order."""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

from cabinet.video.palette import UI
from games.blockout.rules.player import PLAY, Player

RGB = tuple[int, int, int]
Point = tuple[int, int]

# Our own art: the layer colours (layer 0 at the floor first), bright and distinct on a CRT;
# the arcade's own palette is not ours to copy.
LAYER_COLOURS: tuple[RGB, ...] = (
    (40, 80, 255), (0, 200, 220), (0, 210, 90), (170, 230, 30), (255, 220, 0),
    (255, 140, 0), (255, 60, 60), (230, 40, 180), (150, 70, 255), (120, 160, 255),
    (90, 230, 200), (230, 230, 230),
)
WALL = (0, 150, 70)
WALL_DARK = (0, 70, 36)
PIECE = (255, 255, 255)
EYE = 4.0  # our drawing: eye height above the rim, in layers (how strongly the pit tapers)


def layer_colour(z: int) -> RGB:
    return LAYER_COLOURS[z % len(LAYER_COLOURS)]


def _shade(rgb: RGB, f: float) -> RGB:
    return (int(rgb[0] * f), int(rgb[1] * f), int(rgb[2] * f))


@cache
def _shades(z: int) -> tuple[RGB, RGB, RGB]:
    c = layer_colour(z)
    return c, _shade(c, 0.62), _shade(c, 0.4)


class Projection:
    """Screen points of the grid corners of a W x D x H pit drawn in ``rect``; layers
    above the rim (a piece sticking out) project larger."""

    def __init__(self, width: int, depth: int, height: int, rect: tuple[int, int, int, int]):
        self.width, self.depth, self.height = width, depth, height
        left, top, w, h = rect
        self.cell = min(w / width, h / depth)
        self.cx = left + w / 2
        self.cy = top + h / 2
        self.points: dict[tuple[int, int, int], Point] = {}
        for z in range(height + 4):
            for y in range(depth + 1):
                for x in range(width + 1):
                    self.points[(x, y, z)] = self._project(x, y, z)

    def _project(self, x: float, y: float, z: float) -> Point:
        s = EYE / (EYE + self.height - z) if z < self.height + EYE else 8.0
        px = self.cx + (x - self.width / 2) * self.cell * s
        py = self.cy - (y - self.depth / 2) * self.cell * s
        return round(px), round(py)

    def point(self, x: int, y: int, z: int) -> Point:
        found = self.points.get((x, y, z))
        return found if found is not None else self._project(x, y, z)


@cache
def projection(width: int, depth: int, height: int,
               rect: tuple[int, int, int, int]) -> Projection:
    return Projection(width, depth, height, rect)


def draw_walls(surface: Any, pr: Projection) -> None:
    line = pygame.draw.line
    w, d, h = pr.width, pr.depth, pr.height
    p = pr.point
    for z in range(h + 1):  # the layer rings on the walls
        ring = [p(0, 0, z), p(w, 0, z), p(w, d, z), p(0, d, z)]
        pygame.draw.lines(surface, WALL if z in (0, h) else WALL_DARK, True, ring)
    for x in range(w + 1):  # floor grid and the lines down the near and far walls
        line(surface, WALL_DARK, p(x, 0, 0), p(x, d, 0))
        line(surface, WALL_DARK, p(x, 0, 0), p(x, 0, h))
        line(surface, WALL_DARK, p(x, d, 0), p(x, d, h))
    for y in range(d + 1):
        line(surface, WALL_DARK, p(0, y, 0), p(w, y, 0))
        line(surface, WALL_DARK, p(0, y, 0), p(0, y, h))
        line(surface, WALL_DARK, p(w, y, 0), p(w, y, h))
    for corner in ((0, 0), (w, 0), (w, d), (0, d)):
        line(surface, WALL, p(corner[0], corner[1], 0), p(corner[0], corner[1], h))


@cache
def _faces(pr: Projection) -> list[list[tuple[int, Any, tuple[Any, int], tuple[Any, int],
                                                int]]]:
    """Per layer, per cell (outer cells first): the top face, the side face toward the
    middle in x and in y (None where the cell is on the middle line), and the bits of the
    neighbours those sides face."""
    w, d = pr.width, pr.depth
    p = pr.point
    out: list[list[tuple[int, Any, tuple[Any, int], tuple[Any, int], int]]] = []
    for z in range(pr.height):
        row = []
        for x, y, bit in _outer_first(w, d):
            top = (p(x, y, z + 1), p(x + 1, y, z + 1), p(x + 1, y + 1, z + 1),
                   p(x, y + 1, z + 1))
            xside: Any = None
            xn = 0
            if x < (w - 1) / 2:
                xside = (p(x + 1, y, z), p(x + 1, y + 1, z), p(x + 1, y + 1, z + 1),
                         p(x + 1, y, z + 1))
                xn = 1 << (bit + 1)
            elif x > (w - 1) / 2:
                xside = (p(x, y, z), p(x, y + 1, z), p(x, y + 1, z + 1), p(x, y, z + 1))
                xn = 1 << (bit - 1)
            yside: Any = None
            yn = 0
            if y < (d - 1) / 2:
                yside = (p(x, y + 1, z), p(x + 1, y + 1, z), p(x + 1, y + 1, z + 1),
                         p(x, y + 1, z + 1))
                yn = 1 << (bit + w)
            elif y > (d - 1) / 2:
                yside = (p(x, y, z), p(x + 1, y, z), p(x + 1, y, z + 1), p(x, y, z + 1))
                yn = 1 << (bit - w)
            row.append((1 << bit, top, (xside, xn), (yside, yn), bit))
        out.append(row)
    return out


def draw_cubes(surface: Any, pr: Projection, layers: list[int]) -> None:
    """Settled cubes, lowest layer first and the outer cells of a layer before the inner
    ones; a cube shows its top face, and a side face toward the middle where that side is
    open."""
    poly = pygame.draw.polygon
    faces = _faces(pr)
    n = len(layers)
    for z in range(n):
        layer = layers[z]
        if not layer:
            continue
        above = layers[z + 1] if z + 1 < n else 0
        top_c, side_c, edge_c = _shades(z)
        for mask, top, (xside, xn), (yside, yn), _ in faces[z]:
            if not layer & mask:
                continue
            if xside is not None and not layer & xn:
                poly(surface, side_c, xside)
            if yside is not None and not layer & yn:
                poly(surface, edge_c, yside)
            if not above & mask:
                poly(surface, top_c, top)
                poly(surface, edge_c, top, 1)


@cache
def _outer_first(w: int, d: int) -> tuple[tuple[int, int, int], ...]:
    cells = [(x, y, y * w + x) for y in range(d) for x in range(w)]
    cells.sort(key=lambda c: -((c[0] - (w - 1) / 2) ** 2 + (c[1] - (d - 1) / 2) ** 2))
    return tuple(cells)


def draw_piece(surface: Any, pr: Projection, cells: list[tuple[int, int, int]],
               colour: RGB = PIECE) -> None:
    """The falling piece as a wireframe (each cube's 12 edges)."""
    line = pygame.draw.line
    p = pr.point
    for x, y, z in cells:
        lo = (p(x, y, z), p(x + 1, y, z), p(x + 1, y + 1, z), p(x, y + 1, z))
        hi = (p(x, y, z + 1), p(x + 1, y, z + 1), p(x + 1, y + 1, z + 1), p(x, y + 1, z + 1))
        pygame.draw.lines(surface, colour, True, lo)
        pygame.draw.lines(surface, colour, True, hi)
        for a, b in zip(lo, hi, strict=True):
            line(surface, colour, a, b)


def draw_gauge(surface: Any, layers: list[int], x: int, y: int, h: int) -> None:
    """The depth gauge: one box per layer (floor at the bottom), lit in the layer's colour
    when it holds cubes."""
    n = len(layers)
    box = max(3, min(12, h // max(1, n)))
    for z in range(n):
        top = y + h - (z + 1) * box
        rect = (x, top, 10, box - 1)
        if layers[z]:
            surface.fill(layer_colour(z), rect)
        else:
            pygame.draw.rect(surface, WALL_DARK, rect, 1)


@cache
def _walls_image(width: int, depth: int, height: int,
                 rect: tuple[int, int, int, int]) -> tuple[Any, tuple[int, int]]:
    """The walls drawn once on black (they never change for a pit size)."""
    left, top, w, h = rect
    image = pygame.Surface((w + 2, h + 2))
    shifted = projection(width, depth, height, (1, 1, w, h))
    draw_walls(image, shifted)
    return image, (left - 1, top - 1)


# Each pit's walls and settled cubes as last drawn: rect -> (what they show, picture).
_settled: dict[tuple[int, int, int, int], tuple[Any, Any]] = {}


def _settled_image(player: Player, rect: tuple[int, int, int, int]) -> tuple[Any, Any]:
    """The walls and settled cubes of a pit on a picture of the screen's size (drawn at
    their own place, so the pixels are those of a draw straight onto the screen), redrawn
    only when the cubes change; and the box they lie in."""
    image, at = _walls_image(player.width, player.depth, player.height, rect)
    key = (player.width, player.depth, player.height, tuple(player.layers))
    box = pygame.Rect(at, image.get_size())
    found = _settled.get(rect)
    if found is None or found[0] != key:
        picture = found[1] if found is not None else pygame.Surface(
            (box.right, box.bottom))
        picture.blit(image, at)
        draw_cubes(picture, projection(player.width, player.depth, player.height, rect),
                   player.layers)
        _settled[rect] = found = (key, picture)
    return found[1], box


def prepare(width: int, depth: int, height: int, rect: tuple[int, int, int, int]) -> None:
    """Fill the caches a pit of this size drawn in ``rect`` uses."""
    _faces(projection(width, depth, height, rect))
    _walls_image(width, depth, height, rect)


def draw_pit(surface: Any, player: Player, rect: tuple[int, int, int, int]) -> Projection:
    pr = projection(player.width, player.depth, player.height, rect)
    picture, box = _settled_image(player, rect)
    surface.blit(picture, box.topleft, box)
    if player.state == PLAY:
        draw_piece(surface, pr, player.piece_cells())
    return pr


def draw_next_box(surface: Any, cells: tuple[tuple[int, int, int], ...],
                  box: tuple[int, int, int, int]) -> None:
    """The next piece in a framed box, centred: solid cubes seen from the front, above and
    to the right (x right, y far up-right at half a cube, z up), each with its top face
    lit, its front in the layer colour and its right face shaded; the cube as large as the
    box allows, 10 pixels at most."""
    bx, by, bw, bh = box
    pygame.draw.rect(surface, UI["frame"], box, 1)
    lo = [min(c[i] for c in cells) for i in range(3)]
    nx, ny, nz = (max(c[i] for c in cells) - lo[i] + 1 for i in range(3))
    size = 10
    while size > 4 and (nx * size + ny * (size // 2) > bw - 6
                        or nz * size + ny * (size // 2) > bh - 6):
        size -= 2
    d = size // 2
    w, h = nx * size + ny * d, nz * size + ny * d
    x0 = bx + (bw - w) // 2
    bottom = by + (bh - h) // 2 + h  # the lowest, nearest cubes' front faces end here
    for cx, cy, cz in sorted(cells, key=lambda c: (-c[1], c[2], c[0])):
        px = x0 + (cx - lo[0]) * size + (cy - lo[1]) * d
        py = bottom - size - (cz - lo[2]) * size - (cy - lo[1]) * d
        front, side, edge = _shades(cz - lo[2] + 4)
        top = (front[0] + (255 - front[0]) // 3, front[1] + (255 - front[1]) // 3,
               front[2] + (255 - front[2]) // 3)
        faces = (
            (top, ((px, py), (px + d, py - d), (px + size + d, py - d), (px + size, py))),
            (side, ((px + size, py), (px + size + d, py - d),
                    (px + size + d, py + size - d), (px + size, py + size))),
            (front, ((px, py), (px + size, py), (px + size, py + size), (px, py + size))),
        )
        for colour, corners in faces:
            pygame.draw.polygon(surface, colour, corners)
            pygame.draw.polygon(surface, edge, corners, 1)

