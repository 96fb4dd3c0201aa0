"""TGM3's play screen at 320x224: the well, NEXT and HOLD, the level counter, the clock,
the grade, the section times, the COOL and REGRET pop-ups, the staff roll, the mode
select, and the final grade at the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cabinet.video.kept import KeptPicture
from cabinet.video.palette import UI, cell_rgb
from cabinet.video.text import draw_text
from games.arika.board import COLOUR_MASK, VISIBLE_ROWS, WIDTH
from games.arika.kept import (
    RGB,
    Op,
    fill_op,
    kept_credit_line,
    kept_ops,
    kept_well,
    side_region,
    text_op,
)
from games.arika.player import NO_PIECE, OVER, READY, ArikaPlayer
from games.arika.randomizer import Tgm2Randomizer
from games.arika.screen import (
    CELL,
    TWO_WELL_ROLL,
    WELL_H,
    WELL_Y,
    draw_stack,
    draw_well,
    level_target,
    piece_ops,
    preview_ops,
    roll_visibility,
    stack_shown,
    well_box,
    well_ops,
)
from games.arika.timing import clock_text
from games.cartridge import PlayView
from games.ti import mode_screen
from games.ti.modes import MODES
from games.ti.rule_choice import RULES
from games.ti.rules.bag import TiBag
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import PROMOTION, after_game
from games.ti.rules.login import INITIALS, SLOTS, Login, alphabet
from games.ti.rules.master_game import display_grade
from games.ti.session import TiSession

FADE_AFTER_FRAMES: int = TI_DECISIONS["fading_roll_frames"].value["shown"]
FADE_GONE_FRAMES: int = TI_DECISIONS["fading_roll_frames"].value["gone"]
POPUP_FRAMES: int = TI_DECISIONS["popup_frames"].value
NEXT_SHOWN = 3  # tetris.wiki TGM3 page: three next pieces
NO_FRAME = -1
SECTIONS_SHOWN = 10  # section times listed at once (the latest)


def cell_visibility(p: ArikaPlayer, locked_frame: int) -> float:
    """1 shown, 0 gone, with TGM3's fading-roll decision."""
    return roll_visibility(p, locked_frame, FADE_AFTER_FRAMES, FADE_GONE_FRAMES)


def _stack_colours(p: ArikaPlayer) -> Callable[[int, int], RGB | None]:
    """A block's colour as the mode shows it this frame (None: hidden)."""
    pick = mode_screen.stack_colours(p)
    return lambda col, value: pick(col, value, cell_rgb(value & COLOUR_MASK))


def upcoming(p: ArikaPlayer, count: int) -> list[int]:
    """The ``count`` pieces after NEXT, read from a copy of the player's dealer (the same
    dealer and state always give the same pieces: the latest answers are kept)."""
    kind = type(p.randomizer)
    if not issubclass(kind, (TiBag, Tgm2Randomizer)):
        return []
    key = (kind, p.randomizer.state(), count)
    found = _upcoming.get(key)
    if found is None:
        dealer = kind(0)
        dealer.restore(key[1])
        found = _upcoming[key] = [dealer.next() for _ in range(count)]
        if len(_upcoming) > UPCOMING_KEPT:
            del _upcoming[next(iter(_upcoming))]
    return list(found)


UPCOMING_KEPT = 8
_upcoming: dict[tuple[object, ...], list[int]] = {}


def popup(p: ArikaPlayer) -> str | None:
    """"COOL!!" or "REGRET!" while its pop-up shows (the later of the two wins)."""
    cool = int(getattr(p, "cool_frame", NO_FRAME))
    regret = int(getattr(p, "regret_frame", NO_FRAME))
    latest, text = max((cool, "COOL!!"), (regret, "REGRET!"))
    if latest == NO_FRAME or p.frame - latest >= POPUP_FRAMES:
        return None
    return text


def draw_play(surface: Any, view: PlayView) -> None:
    session = view.session
    assert isinstance(session, TiSession)
    sides = [i for i in (0, 1) if session.playing(i) or session.players[i] is not None]
    two = len(sides) == 2 or view.sides == 2
    shown = sides or [0]
    kept = view.kept
    whole = kept is not None and any(_drawn_whole(session, i) for i in shown)
    if whole:  # everything drawn (its kept parts blitted), presented whole
        kept.forget()
    # Two wells: a side whose page changes (mode select, sign-in, a game, or a half left
    # empty) is redrawn alone.
    pages = {i: (i, _page(session, i) if i in shown else "empty") for i in (0, 1)}
    if kept is None or kept.begin(("ti", two, None if two else pages[shown[0]])):
        surface.fill(UI["background"])
    clip = surface.get_clip()
    for index in (0, 1) if two else shown:
        left = (8 + index * 160) if two else 120
        if two:  # each side keeps to its half (a long line stops at the other well)
            surface.set_clip(clip.clip(SIDE_AREAS[index]))
            side_region(surface, kept, index, pages[index], SIDE_AREAS[index])
        if index in shown:
            _draw_side(surface, session, index, left, not two, kept)
        surface.set_clip(clip)
    if kept is not None:
        kept.end_region()
    kept_credit_line(surface, kept, view.credits, view.free_play)
    if whole:
        kept.drawn_over()


# The two sides' halves of a two-well screen: side 2's from its well's frame on.
SIDE_AREAS = ((0, 0, 166, WELL_Y + WELL_H + 40), (166, 0, 320 - 166, WELL_Y + WELL_H + 40))


def _drawn_whole(session: TiSession, index: int) -> bool:
    """An exam's result (over the figures) is drawn whole."""
    p = session.players[index]
    return p is not None and p.phase == OVER and _exam_played(session, index) is not None


def _exam_played(session: TiSession, index: int) -> tuple[Any, ...] | None:
    played = session.account_result(index)
    return None if played is None or played[2] is None else played


def _page(session: TiSession, index: int) -> str:
    if session.players[index] is not None:
        return "play"
    return "login" if session.logins[index] is not None else "select"


def _draw_side(surface: Any, session: TiSession, index: int, left: int, wide: bool,
               kept: KeptPicture | None) -> None:
    p = session.players[index]
    info_x = left + WIDTH * CELL + 8
    login = session.logins[index]
    if p is None and login is not None:
        kept_ops(surface, kept, (left, "login"), [*well_ops(left), *_login(login, left)])
        return
    if p is None:
        kept_ops(surface, kept, (left, "select"), [*well_ops(left), *(
            text_op(line, left + dx, WELL_Y + dy, UI[ink])
            for line, dx, dy, ink in select_lines(session, index))])
        return
    # Over the well: Easy's fireworks (cut to the well), COOL / REGRET, READY, results.
    overlay = mode_screen.fireworks_ops(p, left, WELL_Y, WIDTH * CELL)
    text = popup(p)
    if text is not None and p.phase != OVER:
        colour = UI["verified"] if text.startswith("COOL") else UI["alert"]
        overlay.append(text_op(text, left + (WIDTH * CELL - 8 * len(text)) // 2, WELL_Y + 24,
                               colour))
    if p.phase == READY:
        overlay.append(text_op("READY", left + 20, WELL_Y + 72, UI["highlight"]))
    summary = session.summary(index) or {}
    grade = str(summary.get("grade", ""))
    if p.phase == OVER:
        overlay += _results(p, left, grade)
    kept_well(surface, kept, ("ti", left), well_box(left),
              (stack_shown(p), mode_screen.stack_key(p)), lambda on: _stack(on, p, left),
              piece_ops(p, left), overlay, clip=True)
    # NEXT (three: the first full size, two more at half size, a cell apart), HOLD at
    # half size; one side alone: NEXT labelled over the well, HOLD apart on its left.
    upcoming_ops: list[Op] = []
    if p.next_kind >= 0 and p.phase != OVER:
        first_x = left + 16 if wide else left + 24
        upcoming_ops = preview_ops(p.next_kind, first_x, 16, CELL, p.default_shapes)
        small, at, step = (CELL // 2 + 1, left + 56, 28) if wide else (CELL // 2, left + 55, 17)
        for n, kind in enumerate(upcoming(p, NEXT_SHOWN - 1)):
            upcoming_ops += preview_ops(kind, at + step * n, 20, small, p.default_shapes)
        if wide:
            upcoming_ops.append(text_op("NEXT", left - 24, 20, UI["label"]))
    kept_ops(surface, kept, (left, "next"), upcoming_ops, (0, 0, 320, WELL_Y - 2))
    hold = int(getattr(p, "hold_kind", NO_PIECE))
    hold_x = left - 88 if wide else info_x  # two sides: above the figures
    kept_ops(surface, kept, (left, "hold"), [
        text_op("HOLD", hold_x, 8, UI["label"]),
        *(preview_ops(hold, hold_x, 20, CELL // 2 + 1, p.default_shapes)
          if hold != NO_PIECE else [])])
    # Figures.
    y = WELL_Y
    label, value = UI["label"], UI["value"]
    # The grade and score show once the game is over, or all along when SW2 says so.
    over = p.phase == OVER or session.settings.get("grade_in_play") == "shown"
    grade_ops: list[Op] = []
    if grade and over:
        grade_ops = [text_op("GRADE", info_x, y + 16, label),
                     text_op(grade, info_x, y + 26, value, 2)]
    elif session.accounts[index] is not None:
        grade_ops = [text_op("CLASS", info_x, y + 16, label),
                     text_op(display_grade(str(summary.get("qualified", ""))), info_x, y + 26,
                             value, 2)]
    # Under the figures (two sides): the mode's short figures, and an exam over them.
    below = [] if wide else mode_screen.compact_ops(p, info_x, y + 126)
    exam = session.exams[index]
    if exam is not None and p.phase != OVER:
        colour = UI["highlight"] if exam.kind == PROMOTION else UI["alert"]
        below += [text_op(exam.kind.upper(), info_x, y + 132, colour),
                  text_op(f"EXAM {display_grade(exam.name)}", info_x, y + 142, colour)]
    rolling = p.in_roll and p.phase != OVER
    figures: list[tuple[str, list[Op]]] = [
        ("time", [text_op(clock_text(p.clock), info_x, y + 114, value)]),
        ("below", below),
        ("roll label", [text_op("STAFF ROLL" if wide else TWO_WELL_ROLL, info_x, y + 156,
                                label)] if rolling else []),
        ("roll", [text_op(clock_text(p.roll_left), info_x, y + 166, value)]
         if rolling else []),
    ]
    # The figures above the clock, only when what they show changed.
    if kept is None or kept.changed((left, "figures"), (p.rules.id, grade_ops, p.level,
                                                        p.goal, over, summary.get("score"))):
        figures += [
            ("title", [text_op(MODES[p.rules.id].title if p.rules.id in MODES else "", info_x,
                               y, label)]),
            ("grade", grade_ops),
            ("level label", [text_op("LEVEL", info_x, y + 52, label)]),
            ("level", [text_op(f"{p.level:3d}/{level_target(p):3d}", info_x, y + 62,
                               value)]),
            ("score", [text_op("SCORE", info_x, y + 78, label),
                       text_op(str(summary.get("score", 0)), info_x, y + 88, value)]
             if over else []),
            ("time label", [text_op("TIME", info_x, y + 104, label)]),
        ]
    if wide:
        extras_y = _sections(surface, kept, p, 8, left)
        figures.append(("extras", mode_screen.extras_ops(p, summary, 8, extras_y)))
    for name, ops in figures:
        kept_ops(surface, kept, (left, name), ops)
    if p.phase == OVER:
        _exam_result(surface, session, index, left)


def _stack(surface: Any, p: ArikaPlayer, left: int) -> None:
    draw_well(surface, left)
    draw_stack(surface, p, left, cell_visibility, _stack_colours)
    _jewels(surface, p, left)


def _jewels(surface: Any, p: ArikaPlayer, left: int) -> None:
    """Sakura's jewels as cut stones: a diamond in the sparkle colour on a dark mount, a
    white glint every other sparkle, so no block reads as one."""
    sparkle = p.frame // 8 % 2
    for row, col in mode_screen.jewel_cells(p):
        if not 1 <= row <= VISIBLE_ROWS:
            continue
        x, y = left + col * CELL, WELL_Y + (VISIBLE_ROWS - row) * CELL
        pygame.draw.rect(surface, mode_screen.JEWEL_SETTING, (x, y, CELL - 1, CELL - 1))
        mid = (CELL - 1) // 2
        pygame.draw.polygon(surface, mode_screen.JEWEL_RGB[sparkle],
                            [(x + mid, y), (x + CELL - 2, y + mid), (x + mid, y + CELL - 2),
                             (x, y + mid)])
        if sparkle:
            surface.set_at((x + mid - 1, y + mid - 1), (255, 255, 255))


def _login(login: Login, left: int) -> list[Op]:
    """The account entry: initials, then the PIN (typed digits hidden)."""
    ops = [text_op("ACCOUNT", left + 12, WELL_Y + 8, UI["label"])]
    typed = login.text[:INITIALS] + "*" * max(0, len(login.text) - INITIALS)
    slot = len(login.text)
    current = alphabet(slot)[login.current] if slot < SLOTS else ""
    shown = typed + current
    shown = shown[:INITIALS] + " " + shown[INITIALS:]
    ops.append(text_op(shown, left + 8, WELL_Y + 32, UI["value"]))
    cursor_x = left + 8 + 8 * (slot + (1 if slot >= INITIALS else 0))
    if slot < SLOTS:
        ops.append(fill_op(UI["highlight"], (cursor_x, WELL_Y + 42, 7, 2)))
    for n, line in enumerate(("INITIALS", "AND PIN", "", "< > PICK", "A  TAKE", "B  BACK",
                              "START", " GUEST")):
        ops.append(text_op(line, left + 4, WELL_Y + 64 + 10 * n, UI["text"]))
    ops.append(text_op(f"{-(-login.left // 60):2d}", left + 56, WELL_Y + 144, UI["label"]))
    return ops


def select_lines(session: TiSession, index: int) -> list[tuple[str, int, int, str]]:
    """The mode select inside the well: (text, x, y from the well's top-left corner, UI
    colour name). The modes, the cursor's highlighted; both rules, the chosen one
    highlighted; then who plays (an account and its class, or GUEST) and the entry's note."""
    lines = [("MODE", 4, 4, "label")]
    y = 18
    for n, entry in enumerate(MODES.values()):
        lines.append((entry.title, 8, y, "highlight" if n == session.cursor[index] else "text"))
        y += 12
    lines.append(("RULE", 4, y + 4, "label"))
    y += 18
    for n, rule in enumerate(RULES):
        lines.append((rule.upper(), 8, y, "value" if n == session.rule[index] else "text"))
        y += 12
    lines.append(("UP/DOWN", 8, y, "label"))
    y += 18
    account = session.accounts[index]
    note = session.notes[index]
    if account is not None:
        lines.append((account.initials, 4, y, "value"))
        lines.append((f"CLASS {display_grade(account.qualified_name)}", 4, y + 10, "text"))
        y += 10
    else:
        lines.append(("GUEST", 4, y, "text"))
    if note:
        lines.append((note, 4, y + 12, "alert" if note != "NEW" else "verified"))
    return lines


def _exam_result(surface: Any, session: TiSession, index: int, left: int) -> None:
    played = _exam_played(session, index)
    if played is None:
        return
    account, worth, exam, rule = played
    after, outcome = after_game(account, worth, exam, rule)
    # "PROMOTION EXAM" is wider than the well: the kind and EXAM on two lines.
    draw_text(surface, exam.kind.upper(), left + 4, WELL_Y + 96, UI["label"])
    draw_text(surface, "EXAM", left + 4, WELL_Y + 106, UI["label"])
    draw_text(surface, outcome.upper(), left + 4, WELL_Y + 120,
              UI["verified"] if outcome in ("passed", "kept") else UI["alert"])
    draw_text(surface, f"CLASS {display_grade(after.qualified_name)}", left + 4,
              WELL_Y + 132, UI["value"])


def section_rows(p: ArikaPlayer) -> list[tuple[int, int, str]]:
    """(section, frames, mark C/R or "") of the latest SECTIONS_SHOWN sections, the one in
    play last (Shirase's thirteen scroll)."""
    marks = str(getattr(p, "section_marks", ""))
    times = list(p.section_frames)
    if p.phase != OVER and len(times) * 100 < p.goal:  # a section in play (not the roll)
        times.append(p.clock - p.section_start)
    first = max(0, len(times) - SECTIONS_SHOWN)
    return [(n, times[n], marks[n] if n < len(marks) and marks[n] != "-" else "")
            for n in range(first, len(times))]


def _sections(surface: Any, kept: KeptPicture | None, p: ArikaPlayer, x: int,
              left: int) -> int:
    """Section times, each marked C (COOL) or R (REGRET) once decided; the y under them
    (the top of the well when the mode hides them)."""
    hidden = mode_screen.hides_sections(p)
    kept_ops(surface, kept, (left, "section"),
             [] if hidden else [text_op("SECTION", x, WELL_Y, UI["label"])])
    rows = [] if hidden else section_rows(p)
    for row in range(SECTIONS_SHOWN):
        ops: list[Op] = []
        if row < len(rows):
            n, frames, mark = rows[row]
            colour = (UI["verified"] if mark == "C" else UI["alert"] if mark == "R"
                      else UI["text"])
            ops.append(text_op(f"{n * 100:03d} {clock_text(frames)[:5]}{mark}", x,
                               WELL_Y + 12 + 11 * row, colour))
        kept_ops(surface, kept, (left, "section", row), ops)
    return WELL_Y if hidden else WELL_Y + 16 + 11 * SECTIONS_SHOWN


def _results(p: ArikaPlayer, left: int, grade: str) -> list[Op]:
    ops = [fill_op(UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H)),
           text_op("GAME OVER" if p.topped_out else "EXCELLENT", left + 4, WELL_Y + 4,
                   UI["alert"] if p.topped_out else UI["highlight"])]
    if grade:
        # Two characters at x3; a longer one (Sakura's "100%") at x2, a cell clear of the
        # side panel.
        scale = 3 if len(grade) <= 2 else 2
        ops += [text_op("GRADE", left + 4, WELL_Y + 20, UI["label"]),
                text_op(grade, left + 4, WELL_Y + 32, UI["value"], scale)]
    return ops
