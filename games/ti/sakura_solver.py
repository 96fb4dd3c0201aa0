"""The Sakura stage solver: finds where to put each piece of a stage's own fixed sequence
so that every jewel goes, then plays those placements through the real Sakura player with
a lever-and-button player (``play_solution``). A stage counts as clearable only when that
real play clears it.

The search is a beam search over placements dropped straight down from above (the path is
free because the search keeps the stack below row ``MAX_STACK``), with the stage's mirror
flips and BIG blocks. Its measure of a well: jewels left first, then how buried they are,
then holes, height and roughness.

    python -m tools.solve ti [--stages FILE] [--stage N] [--write FILE]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Event
from engine.inputs import PlayerInput
from engine.pieces import LETTERS, kind_of
from games.arika.board import WIDTH
from games.arika.player import ACTIVE
from games.arika.shapes import ARS, BIG_ARS, ShapeSet
from games.cartridge import Solved, StageSolver
from games.ti.rules.sakura import (
    JEWEL,
    MIRROR_EVERY,
    STAGE_CLEAR,
    SakuraPlayer,
    SakuraStage,
    sakura_rules,
    stage_sequence,
)
from games.ti.stagefile import STAGES

MAX_STACK = 13  # rows 1..13 at most: the piece moves and turns above them
BEAM = 40
PIECE_LIMIT = 60
FULL = (1 << WIDTH) - 1
Rows = tuple[int, ...]  # row 1 first, bit c = column c


@dataclass(frozen=True)
class Placement:
    kind: int
    state: int
    x: int

    def text(self) -> str:
        return f"{LETTERS[self.kind]}{self.state}{self.x:+d}"


@dataclass(frozen=True)
class Solution:
    stage: int
    placements: tuple[Placement, ...]

    def text(self) -> str:
        return f"stage {self.stage}: " + " ".join(p.text() for p in self.placements)


def _options(shapes: ShapeSet) -> list[list[tuple[int, int, tuple[tuple[int, int], ...]]]]:
    """Per kind: (state, x, cells as (row above the box bottom, column)) that fit the width."""
    out = []
    for kind in range(7):
        seen = set()
        options = []
        size = shapes.sizes[kind]
        for state in range(4):
            cells = tuple((size - 1 - r, c) for r, c in shapes.cells[kind][state])
            for x in range(-4, WIDTH):
                if (x - shapes.spawn_x) % shapes.shift:
                    continue
                placed = tuple(sorted((dr, x + c) for dr, c in cells))
                if all(0 <= c < WIDTH for _, c in placed) and placed not in seen:
                    seen.add(placed)
                    options.append((state, x, tuple((dr, x + c) for dr, c in cells)))
        out.append(options)
    return out


OPTIONS = {ARS.name: _options(ARS), BIG_ARS.name: _options(BIG_ARS)}


def placement_options(shapes: ShapeSet) -> list[list[tuple[int, int, tuple[tuple[int, int], ...]]]]:
    """Per kind: (state, x, cells) of every straight drop of ``shapes`` (the World rule's
    shapes too: games/ti/mode_shots.py)."""
    if shapes.name not in OPTIONS:
        OPTIONS[shapes.name] = _options(shapes)
    return OPTIONS[shapes.name]


def start(stage: SakuraStage) -> tuple[Rows, Rows]:
    rows, jewels = [], []
    for line in reversed(stage.rows):
        rows.append(sum(1 << c for c, ch in enumerate(line) if ch != "."))
        jewels.append(sum(1 << c for c, ch in enumerate(line) if ch == JEWEL))
    return tuple(rows), tuple(jewels)


def _flip(bits: int) -> int:
    return int(f"{bits:0{WIDTH}b}"[::-1], 2)


def drop(rows: Rows, jewels: Rows, cells: tuple[tuple[int, int], ...]) -> tuple[Rows, Rows] | None:
    """The well after a straight drop (None: it would stack above MAX_STACK)."""
    heights = [0] * WIDTH
    for r, bits in enumerate(rows):
        for c in range(WIDTH):
            if bits >> c & 1:
                heights[c] = r + 1
    y = max(heights[c] - dr for dr, c in cells)  # 0-based row of the box bottom
    top = max(y + dr for dr, _ in cells)
    if top >= MAX_STACK:
        return None
    grid = list(rows) + [0] * (top + 1 - len(rows))
    gems = list(jewels) + [0] * (len(grid) - len(jewels))
    for dr, c in cells:
        grid[y + dr] |= 1 << c
    keep = [i for i, bits in enumerate(grid) if bits != FULL]
    rows_out = tuple(grid[i] for i in keep)
    gems_out = tuple(gems[i] for i in keep)
    while rows_out and not rows_out[-1]:
        rows_out, gems_out = rows_out[:-1], gems_out[:-1]
    return rows_out, gems_out


def measure(rows: Rows, jewels: Rows) -> float:
    left = sum(bin(g).count("1") for g in jewels)
    heights = [0] * WIDTH
    for r, bits in enumerate(rows):
        for c in range(WIDTH):
            if bits >> c & 1:
                heights[c] = r + 1
    holes = sum(1 for r, bits in enumerate(rows) for c in range(WIDTH)
                if not bits >> c & 1 and heights[c] > r)
    lowest = min((r for r, g in enumerate(jewels) if g), default=len(rows))
    above = sum(bin(bits).count("1") for bits in rows[lowest:])
    gaps = sum(WIDTH - bin(rows[r]).count("1") for r, g in enumerate(jewels) if g)
    rough = sum(abs(heights[c] - heights[c + 1]) for c in range(WIDTH - 1))
    return left * 1000 + gaps * 12 + above * 0.5 + holes * 30 + max(heights, default=0) * 4 \
        + rough * 2


def solve(stage: SakuraStage, beam: int = BEAM) -> Solution | None:
    dealer = stage_sequence(stage.number)
    sequence = [dealer.next() for _ in range(PIECE_LIMIT)]
    options = OPTIONS[(BIG_ARS if "big" in stage.effects else ARS).name]
    mirror = "mirror" in stage.effects
    rows, jewels = start(stage)
    frontier: list[tuple[float, Rows, Rows, tuple[Placement, ...]]] = [
        (measure(rows, jewels), rows, jewels, ())]
    for n, kind in enumerate(sequence, start=1):
        grown: dict[tuple[Rows, Rows], tuple[float, Rows, Rows, tuple[Placement, ...]]] = {}
        for _, rows, jewels, path in frontier:
            if mirror and n % MIRROR_EVERY == 0:
                rows = tuple(_flip(b) for b in rows)
                jewels = tuple(_flip(g) for g in jewels)
            for state, x, cells in options[kind]:
                after = drop(rows, jewels, cells)
                if after is None:
                    continue
                placed = (*path, Placement(kind, state, x))
                if not any(after[1]):
                    return Solution(stage.number, placed)
                score = measure(*after)
                if after not in grown or grown[after][0] > score:
                    grown[after] = (score, after[0], after[1], placed)
        frontier = sorted(grown.values(), key=lambda t: t[0])[:beam]
        if not frontier:
            return None
    return None


# ---- playing a solution through the real player ------------------------------------------
def play_solution(stages: Sequence[SakuraStage], solution: Solution,
                  limit: int = 20_000) -> tuple[bool, int]:
    """(cleared, frames): the placements played by a lever-and-button player on the real
    Sakura player starting at the solution's stage."""
    p = SakuraPlayer(0, sakura_rules(), 0, tuple(stages), first=solution.stage)
    plan = list(solution.placements)
    done = 0
    last_turn = False
    last_move = False
    for frame in range(limit):
        out: list[Event] = []
        pi = PlayerInput()
        if p.phase == ACTIVE and done < len(plan):
            target = plan[done]
            if p.kind != target.kind:
                return False, frame
            if p.state != target.state:
                if not last_turn:
                    pi = PlayerInput(b2=True)
                last_turn = not last_turn
            elif p.x != target.x:
                if not last_move:
                    pi = PlayerInput(left=p.x > target.x, right=p.x < target.x)
                last_move = not last_move
            else:
                pi = PlayerInput(up=True, down=True)
                done += 1
                last_turn = last_move = False
        p.step(pi, out)
        for e in out:
            if e.kind == STAGE_CLEAR and e.value == solution.stage:
                return True, frame + 1
        if p.over:
            return False, frame + 1
    return False, limit


def parse_solutions(text: str) -> dict[int, Solution]:
    out: dict[int, Solution] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(";"):
            continue
        head, _, body = line.partition(":")
        number = int(head.split()[1])
        placements = tuple(Placement(kind_of(w[0]), int(w[1]), int(w[2:])) for w in body.split())
        out[number] = Solution(number, placements)
    return out


def solve_stage(stages: Sequence[SakuraStage], number: int, seed: int,
                beam: int | None) -> Solved:
    """`python -m tools.solve ti`: stage ``number`` solved and played through the real
    Sakura player (the stages deal their own pieces: no seed)."""
    stage = next(s for s in stages if s.number == number)
    solution = solve(stage, BEAM if beam is None else beam)
    if solution is None or not play_solution(stages, solution)[0]:
        return Solved(None, f"stage {number}: NOT SOLVED", False)
    return Solved(solution.text(), f"stage {number}: {len(solution.placements)} pieces", True)


SOLVER = StageSolver(
    stages=STAGES, solutions_file="ti/sakura_solutions.txt", solve=solve_stage,
    header=lambda seed: "; placements (piece, state, box column) found by "
                        "games/ti/sakura_solver.py")
