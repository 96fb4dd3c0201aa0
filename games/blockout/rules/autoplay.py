"""The attract-mode demo player: for each new piece it picks the orientation and floor
position that fill faces and keep the pit low and free of holes, then turns the piece,
steers it with the lever and drops it, reading the session each frame (closed loop)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from games.blockout.rules.pieces import AXIS_A, AXIS_B, AXIS_C
from games.blockout.rules.player import BOUNDS, PLAY, SELECT, Player
from games.blockout.rules.session import BlockoutSession

STUCK_FRAMES = 90  # frames without progress before the demo drops where it is


def evaluate(layers: list[int], width: int, depth: int, height: int) -> int:
    """How good a pit is (higher is better): faces filled, few holes, low stacks."""
    full = (1 << width * depth) - 1
    faces = sum(1 for layer in layers if layer == full)
    rest = [layer for layer in layers if layer != full]
    holes = 0
    total = 0
    tallest = 0
    for cell in range(width * depth):
        top = 0
        for z in range(len(rest) - 1, -1, -1):
            if rest[z] >> cell & 1:
                top = z + 1
                break
        total += top
        tallest = max(tallest, top)
        for z in range(top):
            if not rest[z] >> cell & 1:
                holes += 1
    fill = sum(layer.bit_count() ** 2 for layer in rest)
    return 1000 * faces - 60 * holes - 4 * total - 12 * tallest + 2 * fill


def reachable_turns(p: Player) -> dict[int, tuple[list[str], int, int]]:
    """Orientations the piece can be turned into where it is (walls kicked, the ceiling
    rule applied): orientation -> (the turns, x, y after them). The piece is put back."""
    axes = (AXIS_B, AXIS_C, AXIS_A) if p.rotate3 else (AXIS_B, AXIS_C)
    saved = (p.orient, p.x, p.y)
    found: dict[int, tuple[list[str], int, int]] = {p.orient: ([], p.x, p.y)}
    frontier = [p.orient]
    while frontier:
        nxt = []
        for o in frontier:
            path, x, y = found[o]
            for axis in axes:
                p.orient, p.x, p.y = o, x, y
                if p.rotate(axis) and p.orient not in found:
                    found[p.orient] = ([*path, axis], p.x, p.y)
                    nxt.append(p.orient)
        frontier = nxt
    p.orient, p.x, p.y = saved
    return found


def best_placement(p: Player) -> tuple[int, int, int]:
    """(orientation, x, y) of the best landing the falling piece can reach: turned where it
    is, then steered across the floor at its height."""
    w, dp, h = p.width, p.depth, p.height
    best: tuple[int, int, int] = (p.orient, p.x, p.y)
    best_value = -(1 << 60)
    seen: set[tuple[tuple[int, int, int], ...]] = set()
    z0 = p.z
    for o, (_, x0, y0) in reachable_turns(p).items():
        b = BOUNDS[p.kind][o]
        spots = [(x0, y0)]
        known = {(x0, y0)}
        for x, y in spots:  # the floor cells reachable at this height
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (nx, ny) not in known and p.fits(b.cells, nx, ny, z0):
                    known.add((nx, ny))
                    spots.append((nx, ny))
        for x, y in spots:
            z = z0
            while p.fits(b.cells, x, y, z - 1):
                z -= 1
            if z + b.max_z >= h:
                continue
            key = tuple(sorted((x + a, y + c, z + e) for a, c, e in b.cells))
            if key in seen:
                continue
            seen.add(key)
            layers = list(p.layers)
            for cx, cy, cz in key:
                layers[cz] |= 1 << (cy * w + cx)
            value = evaluate(layers, w, dp, h) - abs(x - p.x) - abs(y - p.y)
            if value > best_value:
                best_value, best = value, (o, x, y)
    return best


def turn_path(p: Player, target: int) -> list[str]:
    """The turns that bring the piece to ``target`` from where it is now (empty if none)."""
    found = reachable_turns(p).get(target)
    return found[0] if found is not None else []


def _press(p: Player, axis: str | None = None, dx: int = 0, dy: int = 0,
           drop: bool = False) -> PlayerInput:
    b1 = b2 = b3 = start = False
    if axis == AXIS_B:
        b2 = True
    elif axis == AXIS_C:
        b3 = True
    elif axis == AXIS_A:
        b1 = True
    if drop:
        if p.rotate3:
            start = True
        else:
            b1 = True
    return PlayerInput(up=dy > 0, down=dy < 0, left=dx < 0, right=dx > 0,
                       b1=b1, b2=b2, b3=b3, start=start)


def demo_inputs(session: BlockoutSession, index: int = 0) -> Iterator[InputFrame]:
    """Endless inputs for player ``index`` of ``session`` (the caller steps the session).
    It turns first; when a turn is refused (a wall of cubes, the ceiling) it steers to the
    target first and turns there; when nothing helps it drops where it is."""
    planned_for = -1
    target = (0, 0, 0)
    last_press = False
    stuck = 0
    refused = 0
    turned_from = -1
    progress: tuple[int, int, int, int] = (0, 0, 0, 0)
    released = PlayerInput()
    held = released
    while True:
        p = session.player(index)
        inp = released
        if p is not None and p.state == SELECT:
            # take the round under the cursor (press, then release)
            inp = released if last_press else PlayerInput(b1=True)
        elif p is not None and p.state == PLAY and not p.dropping and not p.grounded:
            if p.pieces != planned_for:
                planned_for = p.pieces
                target = best_placement(p)
                stuck = refused = 0
                turned_from = -1
            now = (p.orient, p.x, p.y, p.z)
            stuck = 0 if now != progress else stuck + 1
            progress = now
            if turned_from >= 0 and not p.busy:
                refused += p.orient == turned_from
                turned_from = -1
            o, x, y = target
            turn = o != p.orient and refused < 4 and stuck < STUCK_FRAMES
            steer = (x, y) != (p.x, p.y) and stuck < STUCK_FRAMES
            if p.busy or last_press:  # keep the lever (a held lever moves fast)
                inp = PlayerInput(up=held.up, down=held.down, left=held.left,
                                  right=held.right)
            elif turn and (refused == 0 or not steer):
                path = turn_path(p, o)
                if path:
                    turned_from = p.orient
                    inp = _press(p, axis=path[0])
            elif steer:
                inp = _press(p, dx=(x > p.x) - (x < p.x), dy=(y > p.y) - (y < p.y))
            else:
                inp = _press(p, drop=True)
        last_press = inp != released and not (inp.left or inp.right or inp.up or inp.down)
        held = inp
        yield InputFrame(p1=inp) if index == 0 else InputFrame(p2=inp)
