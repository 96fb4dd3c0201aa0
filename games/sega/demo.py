"""The Sega loop's demo player: plays real engine games (attract-mode demos, `sim --inputs demo`).

It looks at the field each time a piece spawns, picks a landing spot (a plain heuristic:
few holes, low stack, lines cleared), and then works the lever and buttons like a player:
one soft-drop row to clear the ceiling, turns, taps sideways, soft drop to the stack.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.field import FIELD_HEIGHT, FULL_ROW, Field
from engine.inputs import InputFrame, PlayerInput
from games.sega.game import Game
from games.sega.player import ACTIVE, Player
from games.sega.rotation import X_MAX, X_MIN


def _drop_y(player: Player, field: Field, state: int, x: int, y: int) -> int | None:
    masks = player.rotation.row_masks(player.kind, state, x)
    if not field.fits(masks, y):
        return None
    while field.fits(masks, y - 1):
        y -= 1
    return y


def _score(field: Field, cells: list[tuple[int, int]]) -> float:
    rows = list(field.rows)
    for r, c in cells:
        rows[r] |= 1 << c
    cleared = sum(1 for bits in rows if bits == FULL_ROW)
    rows = [bits for bits in rows if bits != FULL_ROW]
    heights = []
    holes = 0
    for c in range(10):
        top = 0
        for r in range(len(rows) - 1, -1, -1):
            if rows[r] >> c & 1:
                top = r + 1
                break
        heights.append(top)
        holes += sum(1 for r in range(top) if not rows[r] >> c & 1)
    bumps = sum(abs(a - b) for a, b in itertools.pairwise(heights))
    return cleared * 3.0 - holes * 7.5 - max(heights) * 0.5 - sum(heights) * 0.2 - bumps * 0.4


def plan(player: Player) -> tuple[int, int]:
    """Best (state, x) for the active piece, turned one row below its spawn row."""
    field = player.field
    best: tuple[float, int, int] | None = None
    y = player.y - 1
    for state in range(player.rotation.states(player.kind)):
        for x in range(X_MIN, X_MAX):
            landing = _drop_y(player, field, state, x, y)
            if landing is None:
                continue
            cells = [(landing - r, x + c) for r, c in player.rotation.piece_cells(player.kind,
                                                                                  state)]
            if any(r >= FIELD_HEIGHT for r, _ in cells):
                continue
            value = _score(field, cells)
            if best is None or value > best[0]:
                best = (value, state, x)
    return (0, player.x) if best is None else (best[1], best[2])


def demo_inputs(game: Game) -> Iterator[InputFrame]:
    """Closed-loop inputs for player 1 of ``game`` (the caller steps the game with them)."""
    tick = 0
    target: tuple[int, int] | None = None
    while True:
        tick += 1
        player = game.player(0)
        if player.phase != ACTIVE:
            target = None
            yield InputFrame()
            continue
        if target is None:
            target = plan(player)
        state, x = target
        spawn_y = player.rotation.spawn[player.kind][1]
        press = tick % 2 == 0
        if player.y >= spawn_y:
            yield InputFrame(p1=PlayerInput(down=True))
        elif player.state != state:
            yield InputFrame(p1=PlayerInput(b1=press))
        elif player.x != x:
            left = player.x > x
            yield InputFrame(p1=PlayerInput(left=left and press, right=not left and press))
        else:
            yield InputFrame(p1=PlayerInput(down=True))
