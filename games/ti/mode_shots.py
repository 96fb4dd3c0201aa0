"""Screenshots of TGM3's modes beyond Master, from real engine play (games/ti/shots.py
calls ``take``; ``python -m tools.shots`` takes every screenshot of the docs):

- the mode select of the board, EASY highlighted and the World rule picked;
- Easy played by the demo player, a launch's fireworks bursting over the well;
- Shirase played by the demo player: the garbage counter in 500-999, then bone blocks
  past 1000;
- Sakura played by the stored solutions (games/ti/sakura_solutions.txt) on the built-in
  stages: a plain stage mid-way, and the x-ray stage with its beam;
- a World-rule game with its ghost, placed by a greedy lever player (the demo player
  plans with the Classic shapes only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.inputs import InputFrame, PlayerInput
from games.arika.player import ACTIVE, ArikaPlayer
from games.data_files import files
from games.ti.demo import demo_inputs
from games.ti.rules import easy, sakura
from games.ti.rules.shirase import ShirasePlayer
from games.ti.sakura_solver import (
    SOLVER,
    Placement,
    drop,
    measure,
    parse_solutions,
    placement_options,
)
from games.ti.session import TiSession

NAMES = ("ti-select.png", "ti-easy-hanabi.png", "ti-shirase-garbage.png",
         "ti-shirase-bone.png", "ti-sakura-stage.png", "ti-sakura-xray.png",
         "ti-world-ghost.png")
EASY_SEED = 1
SHIRASE_SEED = 1
SHIRASE_GARBAGE_LEVEL = 800  # the shot once past this with garbage counted
SHIRASE_BONE_SEED = 12  # the demo player passes 1000 with this seed
SAKURA_PLAIN_STAGE = 5  # lantern: four jewels
SAKURA_XRAY_STAGE = 8  # moonless
WORLD_SEED = 1
WORLD_LEVEL = 130  # past 100: Classic would hide the ghost here
FRAME_LIMIT = 40_000

Save = Callable[[TiSession, str], None]  # (session, file name): drawn and written


def _tap(session: TiSession, pi: PlayerInput) -> None:
    session.step(InputFrame(p1=pi))
    session.step(InputFrame())


def _demo_until(session: TiSession, moment: Callable[[ArikaPlayer], bool]) -> bool:
    """Play the demo player's game until ``moment(player)`` (True), or until the game is
    over or FRAME_LIMIT frames have gone (False)."""
    inputs = demo_inputs(session)
    while not session.over and session.frame < FRAME_LIMIT:
        session.step(next(inputs))
        if moment(session.player(0)):
            return True
    return False


def _select(out: str, save: Save) -> None:
    """The board: a guest (Start at the account entry), the lever right once (EASY), up
    once (the World rule)."""
    session = TiSession("ti", {}, {"main": 1}, 1)
    session.step(InputFrame())
    _tap(session, PlayerInput(start=True))
    _tap(session, PlayerInput(right=True))
    _tap(session, PlayerInput(up=True))
    save(session, out)


def _easy(out: str, save: Save) -> None:
    """The demo player's Easy game, 12 frames into a launch of four or more fireworks."""
    def bursting(p: ArikaPlayer) -> bool:
        referee = p.referee
        assert isinstance(referee, easy.EasyReferee)
        return referee.burst >= 4 and p.frame - referee.burst_frame == 12 and p.level >= 50

    session = TiSession("ti-easy", {}, {"main": EASY_SEED}, 1)
    if not _demo_until(session, bursting):
        raise RuntimeError("no launch of four fireworks in the Easy game")
    save(session, out)


def _shirase(garbage_out: str, bone_out: str, save: Save) -> None:
    """The demo player's Shirase game: garbage counted past SHIRASE_GARBAGE_LEVEL, then
    (another seed) bone blocks."""
    def garbage_counted(p: ArikaPlayer) -> bool:
        assert isinstance(p, ShirasePlayer)
        return p.level >= SHIRASE_GARBAGE_LEVEL and p.garbage >= 3 and p.phase == ACTIVE

    def bones(p: ArikaPlayer) -> bool:
        assert isinstance(p, ShirasePlayer)
        return p.bone and p.level >= 1010 and p.phase == ACTIVE

    session = TiSession("ti-shirase", {}, {"main": SHIRASE_SEED}, 1)
    if not _demo_until(session, garbage_counted):
        raise RuntimeError("the Shirase game did not count garbage past level 800")
    save(session, garbage_out)
    session = TiSession("ti-shirase", {}, {"main": SHIRASE_BONE_SEED}, 1)
    if not _demo_until(session, bones):
        raise RuntimeError("the Shirase game did not reach bone blocks")
    save(session, bone_out)


def lever(plan: Callable[[ArikaPlayer], Placement | None]) -> Callable[[ArikaPlayer],
                                                                        PlayerInput]:
    """A lever-and-button player: turns (B, clockwise) to the planned state, moves to the
    planned column, then drops (Up and Down: a hard drop in either rule). ``plan`` gives
    the placement of the piece in play (None: leave it)."""
    last: dict[str, int] = {"turn": 0, "move": 0, "piece": -1}

    def inputs(p: ArikaPlayer) -> PlayerInput:
        if p.phase != ACTIVE:
            return PlayerInput()
        if last["piece"] != p.pieces:
            last.update(turn=0, move=0, piece=p.pieces)
        target = plan(p)
        if target is None or target.kind != p.kind:
            return PlayerInput()
        if p.state != target.state:
            last["turn"] ^= 1
            return PlayerInput(b2=bool(last["turn"]))
        if p.x != target.x:
            last["move"] ^= 1
            return PlayerInput(left=bool(last["move"]) and p.x > target.x,
                               right=bool(last["move"]) and p.x < target.x)
        return PlayerInput(up=True, down=True)

    return inputs


def _sakura_inputs(session: TiSession) -> Iterator[InputFrame]:
    solutions = parse_solutions(files().bundled(SOLVER.solutions_file))

    def plan(p: ArikaPlayer) -> Placement | None:
        assert isinstance(p, sakura.SakuraPlayer)
        solution = solutions.get(p.stage.number)
        n = p.stage_pieces - 1
        if solution is None or not 0 <= n < len(solution.placements):
            return None
        return solution.placements[n]

    player = lever(plan)
    while True:
        yield InputFrame(p1=player(session.player(0)))


def _sakura(plain_out: str, xray_out: str, save: Save) -> None:
    """Stages played by their stored solutions: the plain stage with half its jewels
    gone, the x-ray stage with its beam over the stack."""
    session = TiSession("ti-sakura", {}, {"main": 1}, 1)
    inputs = _sakura_inputs(session)
    plain_done = False
    while not session.over and session.frame < FRAME_LIMIT:
        session.step(next(inputs))
        p = session.player(0)
        assert isinstance(p, sakura.SakuraPlayer)
        number = p.stage.number
        if (not plain_done and number == SAKURA_PLAIN_STAGE and p.phase == ACTIVE
                and p.jewels <= p.stage.jewels // 2):
            save(session, plain_out)
            plain_done = True
        if number == SAKURA_XRAY_STAGE and p.stage_pieces == 3 and p.phase == ACTIVE:
            save(session, xray_out)
            return
    raise RuntimeError("the Sakura solutions did not reach the x-ray stage")


def _world_plan(p: ArikaPlayer) -> Placement | None:
    """The placement of the piece in play that leaves the lowest, flattest stack with the
    fewest holes (the solver's measure, no jewels), among straight drops."""
    rows = _rows(p)
    best: tuple[float, Placement] | None = None
    for state, x, cells in placement_options(p.shapes)[p.kind]:
        after = drop(rows, (0,) * len(rows), cells)
        if after is None:
            continue
        score = measure(*after)
        if best is None or score < best[0]:
            best = (score, Placement(p.kind, state, x))
    return None if best is None else best[1]


def _rows(p: ArikaPlayer) -> tuple[int, ...]:
    out = [sum(1 << c for c, v in enumerate(row) if v) for row in p.board.cells]
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def _world(out: str, save: Save) -> None:
    """Master with the World rule, past level 100, the ghost under the piece in play."""
    session = TiSession("ti-master", {"rule": "world"}, {"main": WORLD_SEED}, 1)
    plans: dict[int, Placement | None] = {}

    def plan(p: ArikaPlayer) -> Placement | None:
        if p.pieces not in plans:
            plans.clear()
            plans[p.pieces] = _world_plan(p)
        return plans[p.pieces]

    player = lever(plan)
    while not session.over and session.frame < FRAME_LIMIT:
        p = session.player(0)
        session.step(InputFrame(p1=player(p)))
        if (p.level >= WORLD_LEVEL and p.phase == ACTIVE and p.active_frames == 8
                and p.ghost_shown):
            save(session, out)
            return
    raise RuntimeError(f"the World game did not reach level {WORLD_LEVEL}")


def take(save: Save) -> None:
    """The mode screenshots; ``save(session, name)`` draws and writes one."""
    select, hanabi, garbage, bone, stage, xray, world = NAMES
    _select(select, save)
    _easy(hanabi, save)
    _shirase(garbage, bone, save)
    _sakura(stage, xray, save)
    _world(world, save)
