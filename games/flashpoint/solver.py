"""The stage solver: finds where to put each piece of a stage's own piece sequence so that
every flashing cell goes, then plays those placements through the real session with a
closed-loop lever-and-button player (``play_solution``). A stage counts as clearable only
when that real play clears it.

The search is a beam search over placements dropped straight down from above (the path is
always free because the search keeps the stack below row ``MAX_STACK``). Its measure of a
well: flashing cells left first, then how buried they are (holes, empty cells of flashing
rows, covered cells), then the stack's height and roughness.

    python -m tools.solve flashpoint [--stages FILE] [--stage N] [--write FILE] [--report]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engine.field import FIELD_HEIGHT, FIELD_WIDTH, FULL_ROW
from engine.inputs import InputFrame, PlayerInput
from games.cartridge import Solved, StageSolver
from games.flashpoint.rules.ruleset import draw_table
from games.flashpoint.rules.session import PLAY, FlashPointGame
from games.flashpoint.rules.stages import FLASH, Stage
from games.flashpoint.stagefile import STAGES
from games.sega.player import ACTIVE
from games.sega.rotation import SEGA_ROTATION, X_MAX, X_MIN

# The search keeps every cell below this row index (0-based), so that the falling piece
# always has four free rows above the stack to turn and move in.
MAX_STACK = 14
BEAM = 48
PIECE_LIMIT = 400

Rows = tuple[int, ...]


@dataclass(frozen=True)
class Placement:
    kind: int
    state: int
    x: int  # box column (0-based, may be negative)


def _placements() -> dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]]:
    """Per kind: (state, x, cells as (box row, field column)) for every x the piece fits."""
    out: dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
    for kind in range(7):
        options = []
        for state in range(SEGA_ROTATION.states(kind)):
            cells = SEGA_ROTATION.piece_cells(kind, state)
            for x in range(X_MIN, X_MAX):
                if all(0 <= x + c < FIELD_WIDTH for _, c in cells):
                    options.append((state, x, tuple((r, x + c) for r, c in cells)))
        out[kind] = options
    return out


PLACEMENTS = _placements()


def _heights(rows: Rows) -> list[int]:
    heights = [0] * FIELD_WIDTH
    for r in range(FIELD_HEIGHT - 1, -1, -1):
        bits = rows[r]
        if bits:
            for c in range(FIELD_WIDTH):
                if not heights[c] and bits >> c & 1:
                    heights[c] = r + 1
    return heights


def drop(rows: Rows, flash: Rows, cells: tuple[tuple[int, int], ...],
         heights: list[int]) -> tuple[Rows, Rows, int] | None:
    """The well after dropping a piece with ``cells`` (box row, column) straight down:
    (rows, flash rows, flashing cells removed), or None if it would stack too high."""
    y = max(heights[c] + r for r, c in cells)
    new = list(rows)
    for r, c in cells:
        row = y - r
        if row >= MAX_STACK:
            return None
        new[row] |= 1 << c
    full = [r for r in range(FIELD_HEIGHT) if new[r] == FULL_ROW]
    if not full:
        return tuple(new), flash, 0
    gone = 0
    keep_rows = []
    keep_flash = []
    for r in range(FIELD_HEIGHT):
        if new[r] == FULL_ROW:
            gone += bin(flash[r]).count("1")
        else:
            keep_rows.append(new[r])
            keep_flash.append(flash[r])
    pad = [0] * len(full)
    return tuple(keep_rows + pad), tuple(keep_flash + pad), gone


def measure(rows: Rows, flash: Rows) -> float:
    """Lower is better."""
    heights = _heights(rows)
    holes = 0
    flash_work = 0.0
    flashing = 0
    for r in range(FIELD_HEIGHT):
        bits = rows[r]
        if not bits:
            continue
        for c in range(FIELD_WIDTH):
            if not bits >> c & 1 and heights[c] > r:
                holes += 1
        if flash[r]:
            count = bin(flash[r]).count("1")
            flashing += count
            empty = FIELD_WIDTH - bin(bits).count("1")
            covered = sum(1 for c in range(FIELD_WIDTH)
                          if not bits >> c & 1 and heights[c] > r + 1)
            flash_work += empty + 4 * covered + (max(heights) - r) * 0.5
    top = max(heights)
    bumps = sum(abs(heights[c] - heights[c + 1]) for c in range(FIELD_WIDTH - 1))
    return flashing * 1000 + flash_work * 6 + holes * 6 + top * 1.5 + bumps * 0.7


@dataclass
class Solution:
    stage: int
    placements: list[Placement]

    @property
    def pieces(self) -> int:
        return len(self.placements)

    def text(self) -> str:
        letters = "IZSOTLJ"
        moves = " ".join(f"{letters[p.kind]}{p.state}{p.x:+d}" for p in self.placements)
        return f"stage {self.stage}: {moves}"


def start_rows(stage: Stage) -> tuple[Rows, Rows]:
    rows = [0] * FIELD_HEIGHT
    flash = [0] * FIELD_HEIGHT
    for r, line in enumerate(reversed(stage.rows)):
        for c, ch in enumerate(line):
            if ch != ".":
                rows[r] |= 1 << c
            if ch == FLASH:
                flash[r] |= 1 << c
    return tuple(rows), tuple(flash)


def solve(stage: Stage, sequence: Sequence[int], beam: int = BEAM,
          limit: int = PIECE_LIMIT) -> Solution | None:
    """Placements for ``sequence`` (piece kinds, from the stage's first piece) that clear
    every flashing cell of ``stage``, or None if the search finds none within ``limit``."""
    rows, flash = start_rows(stage)
    frontier: list[tuple[float, Rows, Rows, tuple[Placement, ...]]] = [
        (measure(rows, flash), rows, flash, ())
    ]
    for index in range(limit):
        kind = sequence[index % len(sequence)]
        seen: dict[tuple[Rows, Rows], tuple[float, Rows, Rows, tuple[Placement, ...]]] = {}
        for _, rows, flash, path in frontier:
            heights = _heights(rows)
            for state, x, cells in PLACEMENTS[kind]:
                after = drop(rows, flash, cells, heights)
                if after is None:
                    continue
                new_rows, new_flash, _ = after
                step = (*path, Placement(kind, state, x))
                if not any(new_flash):
                    return Solution(stage.number, list(step))
                key = (new_rows, new_flash)
                if key in seen:
                    continue
                seen[key] = (measure(new_rows, new_flash), new_rows, new_flash, step)
        if not seen:
            return None
        frontier = sorted(seen.values(), key=lambda item: item[0])[:beam]
    return None


# ---- playing a solution through the real session ---------------------------------------
def solution_inputs(game: FlashPointGame, placements: Sequence[Placement]) -> Iterator[InputFrame]:
    """Closed-loop inputs for player 1 that put each piece where ``placements`` says:
    Down tapped once to leave the ceiling, turns, lever taps, then Down held."""
    side = game.side(0)
    tick = 0
    index = 0
    current = -1
    while True:
        tick += 1
        player = side.player
        if side.mode != PLAY or player.phase != ACTIVE:
            yield InputFrame()
            continue
        if player.pieces_dealt != current:
            current = player.pieces_dealt
            index += 1
        if index > len(placements):
            yield InputFrame()
            continue
        target = placements[index - 1]
        spawn_y = player.rotation.spawn[player.kind][1]
        tap = tick % 2 == 0
        if player.y >= spawn_y:
            yield InputFrame(p1=PlayerInput(down=tap))
        elif player.state != target.state or player.x != target.x:
            turn = player.state != target.state and tap
            d = target.x - player.x
            yield InputFrame(p1=PlayerInput(b1=turn, left=d < 0 and tap, right=d > 0 and tap))
        else:
            yield InputFrame(p1=PlayerInput(down=True))


def play_solution(stages: Sequence[Stage], solution: Solution, seed: int = 0,
                  limit: int = 200_000) -> tuple[bool, int]:
    """Play ``solution`` on a fresh credit started at its stage: (cleared, frames)."""
    game = FlashPointGame({"stage": solution.stage}, {"main": seed}, 1, stages)
    side = game.side(0)
    for frame in solution_inputs(game, solution.placements):
        game.step(frame)
        if side.stages_cleared:
            return True, game.frame
        if side.over or game.frame >= limit:
            return False, game.frame
    return False, game.frame


def parse_solutions(text: str) -> dict[int, Solution]:
    letters = "IZSOTLJ"
    out: dict[int, Solution] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        head, _, moves = line.partition(":")
        try:
            number = int(head.split()[1])
            placements = [
                Placement(letters.index(m[0]), int(m[1]), int(m[2:])) for m in moves.split()
            ]
        except (IndexError, ValueError):
            raise ValueError(f"line {lineno}: not a solution line") from None
        out[number] = Solution(number, placements)
    return out


def sequence_for(seed: int) -> tuple[int, ...]:
    return draw_table(seed).entries


def burial(stage: Stage) -> int:
    """Block cells above the flashing cells in their columns: how buried they are."""
    total = 0
    for r, row in enumerate(stage.rows):
        for c, ch in enumerate(row):
            if ch == FLASH:
                total += sum(1 for above in stage.rows[:r] if above[c] != ".")
    return total


def rank_correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank)."""

    def ranks(values: Sequence[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx) ** 0.5
    vy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (vx * vy) if vx and vy else 0.0


def difficulty_report(stages: Sequence[Stage], solutions: dict[int, Solution]) -> list[str]:
    """The measured difficulty: pieces the solver needed per stage, by decade, and how well
    the stage numbers follow it."""
    lines = ["stage  pieces  height  flashing  burial  title"]
    numbers = []
    pieces = []
    for stage in stages:
        solution = solutions.get(stage.number)
        need = solution.pieces if solution else -1
        numbers.append(stage.number)
        pieces.append(need)
        lines.append(f"{stage.number:5d}  {need:6d}  {stage.height:6d}  {stage.flashing:8d}  "
                     f"{burial(stage):6d}  {stage.title}")
    for first in range(0, len(stages), 10):
        chunk = pieces[first:first + 10]
        lines.append(f"stages {first + 1:3d}-{first + len(chunk):3d}: mean "
                     f"{sum(chunk) / len(chunk):5.1f} pieces")
    lines.append(f"rank correlation of stage number and pieces needed: "
                 f"{rank_correlation(numbers, pieces):.2f}")
    return lines


def solve_stage(stages: Sequence[Stage], number: int, seed: int, beam: int | None) -> Solved:
    """`python -m tools.solve flashpoint`: stage ``number`` solved for the piece sequence
    of ``seed`` and played through the real session."""
    stage = stages[number - 1]
    solution = solve(stage, sequence_for(seed), beam=BEAM if beam is None else beam)
    if solution is None:
        return Solved(None, f"stage {number}: no solution found", False)
    cleared, frames = play_solution(stages, solution, seed)
    return Solved(solution.text(), (
        f"stage {number:3d}: {solution.pieces:3d} pieces, height {stage.height:2d}, "
        f"flashing {stage.flashing:2d}, played {'clear' if cleared else 'FAILED'} in "
        f"{frames} frames"), cleared)


def _report(stages: Sequence[Stage], kept: str) -> list[str]:
    return difficulty_report(stages, parse_solutions(kept))


SOLVER = StageSolver(
    stages=STAGES, solutions_file="flashpoint/solutions.txt", solve=solve_stage,
    header=lambda seed: ("; placements (piece, turns, box column) found by "
                         f"games/flashpoint/solver.py for seed {seed}"),
    report=_report)
