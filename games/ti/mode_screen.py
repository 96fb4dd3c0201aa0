"""What the play screen adds for the modes beyond Master: the rule being played, Sakura's
stage, time left, jewels and effect (jewels sparkle; x-ray shows the stack only under a
sweeping beam; colour draws it in one colour), Shirase's garbage counter and its bone
blocks from 1000, Easy's fireworks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cabinet.video.palette import UI
from games.arika.board import ITEM_SHIFT, WIDTH
from games.arika.kept import Op, fill_op, text_op
from games.arika.player import ArikaPlayer
from games.arika.timing import clock_text
from games.ti.rules import easy, sakura, shirase

RGB = tuple[int, int, int]
JEWEL_RGB: tuple[RGB, RGB] = ((255, 96, 200), (255, 200, 240))  # sparkling, two tones
JEWEL_SETTING: RGB = (96, 0, 72)  # the dark mount a jewel's cut stone sits in
BONE_RGB: RGB = (232, 232, 216)
ONE_COLOUR_RGB: RGB = (112, 144, 200)
XRAY_HALF_WIDTH = 1  # columns either side of the beam
XRAY_FRAMES_A_COLUMN = 6
BURST_FRAMES = 45  # a launch's fireworks show this long
BURST_RGB: tuple[RGB, ...] = ((255, 96, 96), (255, 208, 64), (96, 208, 255), (160, 255, 128))


def hides_sections(p: ArikaPlayer) -> bool:
    """Sakura's level starts over each stage: its section times mean nothing."""
    return isinstance(p, sakura.SakuraPlayer)


def stack_colours(p: ArikaPlayer) -> Callable[[int, int, RGB], RGB | None]:
    """The colour of a stack cell for this mode this frame, as (column, cell value, colour)
    -> colour (None: not shown): what holds for the whole stack (the stage's effects, the
    beam's column, the sparkle) is looked up once, not for each of its cells."""
    if isinstance(p, sakura.SakuraPlayer):
        xray = p.effect("xray")
        beam = p.frame // XRAY_FRAMES_A_COLUMN % (WIDTH + 2 * XRAY_HALF_WIDTH) - 1
        jewel = JEWEL_RGB[p.frame // 8 % 2]
        one_colour = p.effect("colour")

        def sakura_colour(col: int, value: int, rgb: RGB) -> RGB | None:
            if xray and abs(col - beam) > XRAY_HALF_WIDTH:
                return None
            if value >> ITEM_SHIFT == sakura.JEWEL_ITEM:
                return jewel
            return ONE_COLOUR_RGB if one_colour else rgb
        return sakura_colour
    if isinstance(p, shirase.ShirasePlayer) and p.bone:
        return _bone
    return _as_drawn


def _bone(_col: int, _value: int, _rgb: RGB) -> RGB:
    return BONE_RGB


def _as_drawn(_col: int, _value: int, rgb: RGB) -> RGB:
    return rgb


def jewel_cells(p: ArikaPlayer) -> list[tuple[int, int]]:
    """(row from 1 at the bottom, column) of each jewel Sakura shows now (the x-ray's
    beam hides the rest); the play screen cuts a stone into each."""
    if not isinstance(p, sakura.SakuraPlayer):
        return []
    colour = stack_colours(p)
    return [(r + 1, c) for r, row in enumerate(p.board.cells) for c, v in enumerate(row)
            if v >> ITEM_SHIFT == sakura.JEWEL_ITEM and colour(c, v, (0, 0, 0))]


def stack_key(p: ArikaPlayer) -> object:
    """What ``stack_colours`` takes beyond a cell's value: the x-ray's beam and the jewels'
    sparkle (frame), the one-colour effect, Shirase's bones."""
    if isinstance(p, sakura.SakuraPlayer):
        jewels = any(v >> ITEM_SHIFT == sakura.JEWEL_ITEM for row in p.board.cells for v in row)
        return ("sakura", p.frame if p.effect("xray") else None,
                p.frame // 8 % 2 if jewels else None, p.effect("colour"))
    if isinstance(p, shirase.ShirasePlayer):
        return ("shirase", p.bone)
    return None


def compact_ops(p: ArikaPlayer, x: int, y: int) -> list[Op]:
    """Two players: the mode's figures that matter most, short, under the side's figures."""
    if isinstance(p, sakura.SakuraPlayer):
        stage = p.stage
        name = f"EX{stage.number - sakura.MAIN_STAGES}" if stage.ex else str(stage.number)
        return [text_op(f"ST {name}", x, y, UI["value"]),
                text_op(clock_text(p.time_left)[:5], x, y + 10,
                        UI["alert"] if p.time_left < 20 * 60 else UI["value"]),
                text_op(f"JWL {p.jewels}", x, y + 20, UI["value"])]
    if isinstance(p, shirase.ShirasePlayer):
        quota = shirase.garbage_quota(p.level)
        if quota:
            return [text_op(f"GB {p.garbage}/{quota}", x, y, UI["value"])]
    return []


def extras_ops(p: ArikaPlayer, summary: Mapping[str, Any], x: int, y: int) -> list[Op]:
    """The mode's own figures in a column at (x, y)."""
    ops = [text_op(str(getattr(p, "rule_name", "")), x, y, UI["label"])]
    y += 14
    if isinstance(p, sakura.SakuraPlayer):
        stage = p.stage
        name = f"EX{stage.number - sakura.MAIN_STAGES}" if stage.ex else str(stage.number)
        ops += [text_op("STAGE", x, y, UI["label"]), text_op(name, x + 48, y, UI["value"]),
                text_op("LEFT", x, y + 12, UI["label"]),
                text_op(clock_text(p.time_left)[:5], x + 48, y + 12,
                        UI["alert"] if p.time_left < 20 * 60 else UI["value"]),
                text_op("JEWEL", x, y + 24, UI["label"]),
                text_op(str(p.jewels), x + 48, y + 24, UI["value"])]
        effects = " ".join(e.upper() for e in sorted(stage.effects))
        if effects:
            ops.append(text_op(effects[:12], x, y + 36, UI["highlight"]))
    elif isinstance(p, shirase.ShirasePlayer):
        quota = shirase.garbage_quota(p.level)
        ops += [text_op("GARBAGE", x, y, UI["label"]),
                text_op(f"{p.garbage}/{quota}" if quota else "-", x + 64, y, UI["value"])]
    elif "hanabi" in summary:
        ops += [text_op("HANABI", x, y, UI["label"]),
                text_op(str(summary["hanabi"]), x + 56, y, UI["value"])]
    return ops


def fireworks_shown(p: ArikaPlayer) -> bool:
    """Whether ``fireworks_ops`` draws anything (they may reach past the well)."""
    referee = p.referee
    return (isinstance(referee, easy.EasyReferee) and referee.burst_frame >= 0
            and 0 <= p.frame - referee.burst_frame < BURST_FRAMES)


def fireworks_ops(p: ArikaPlayer, left: int, top: int, width: int) -> list[Op]:
    """Easy: the latest launch's fireworks bursting over the well (one burst a firework,
    at most 8), growing and fading over BURST_FRAMES."""
    if not fireworks_shown(p):
        return []
    referee = p.referee
    assert isinstance(referee, easy.EasyReferee)
    age = p.frame - referee.burst_frame
    radius = 2 + age // 3
    ops: list[Op] = []
    for n in range(min(referee.burst, 8)):
        # Our own placement: spread along the well by the launch's frame and number.
        x = left + 8 + (referee.burst_frame * 7 + n * 23) % (width - 16)
        y = top + 16 + (referee.burst_frame * 3 + n * 37) % 64
        rgb = BURST_RGB[n % len(BURST_RGB)]
        for dx, dy in BURST_STEPS:
            ops.append(fill_op(rgb, (x + dx * radius, y + dy * radius, 2, 2)))
    return ops


BURST_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
