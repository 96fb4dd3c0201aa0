"""TGM3's play screen at 320x224: the well, NEXT and HOLD, the level counter, the clock,
the grade, the section times, the COOL and REGRET pop-ups, the staff roll, the mode
select, and the final grade at the end."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.palette import UI, cell_rgb
from cabinet.video.screens import draw_credit_line
from cabinet.video.text import draw_text
from engine.arika.board import COLOUR_MASK, WIDTH
from engine.arika.player import NO_PIECE, OVER, READY, ArikaPlayer
from engine.arika.randomizer import Tgm2Randomizer
from engine.arika.timing import clock_text
from games.arika_screen import (
    CELL,
    RGB,
    WELL_H,
    WELL_Y,
    draw_piece,
    draw_preview,
    draw_stack,
    draw_well,
    level_target,
    roll_visibility,
)
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


def _stack_colour(p: ArikaPlayer, col: int, value: int) -> RGB | None:
    """A block's colour as the mode shows it (None: hidden)."""
    return mode_screen.stack_colour(p, col, value, cell_rgb(value & COLOUR_MASK))


def upcoming(p: ArikaPlayer, count: int) -> list[int]:
    """The ``count`` pieces after NEXT, read from a copy of the player's dealer."""
    state = p.randomizer.state()
    dealer = (type(p.randomizer)(0) if isinstance(p.randomizer, (TiBag, Tgm2Randomizer))
              else None)
    if dealer is None:
        return []
    dealer.restore(state)
    return [dealer.next() for _ in range(count)]


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
    surface.fill(UI["background"])
    sides = [i for i in (0, 1) if session.playing(i) or session.players[i] is not None]
    two = len(sides) == 2 or view.sides == 2
    for index in sides or [0]:
        left = (8 + index * 160) if two else 120
        _draw_side(surface, session, index, left, not two)
    draw_credit_line(surface, view.credits, view.free_play)


def _draw_side(surface: Any, session: TiSession, index: int, left: int, wide: bool) -> None:
    draw_well(surface, left)
    p = session.players[index]
    info_x = left + WIDTH * CELL + 8
    login = session.logins[index]
    if p is None and login is not None:
        _login(surface, login, left)
        return
    if p is None:
        for line, dx, dy, ink in select_lines(session, index):
            draw_text(surface, line, left + dx, WELL_Y + dy, UI[ink])
        return
    draw_stack(surface, p, left, cell_visibility, _stack_colour)
    draw_piece(surface, p, left)
    mode_screen.draw_fireworks(surface, p, left, WELL_Y, WIDTH * CELL)
    # NEXT (three: the first full size, two more at half size), HOLD at half size.
    if p.next_kind >= 0 and p.phase != OVER:
        draw_preview(surface, p.next_kind, left + 24, 16, CELL, p.default_shapes)
        small, step = (CELL // 2 + 1, 22) if wide else (CELL // 2, 17)
        for n, kind in enumerate(upcoming(p, NEXT_SHOWN - 1)):
            draw_preview(surface, kind, left + 55 + step * n, 20, small, p.default_shapes)
    hold = int(getattr(p, "hold_kind", NO_PIECE))
    hold_x = left - 36 if wide else info_x  # two sides: above the figures
    draw_text(surface, "HOLD", hold_x, 8, UI["label"])
    if hold != NO_PIECE:
        draw_preview(surface, hold, hold_x, 20, CELL // 2 + 1, p.default_shapes)
    # Figures.
    summary = session.summary(index) or {}
    grade = str(summary.get("grade", ""))
    y = WELL_Y
    draw_text(surface, MODES[p.rules.id].title if p.rules.id in MODES else "", info_x, y,
              UI["label"])
    # The grade and score show once the game is over, or all along when SW2 says so.
    over = p.phase == OVER or session.settings.get("grade_in_play") == "shown"
    if grade and over:
        draw_text(surface, "GRADE", info_x, y + 16, UI["label"])
        draw_text(surface, grade, info_x, y + 26, UI["value"], 2)
    elif session.accounts[index] is not None:
        draw_text(surface, "CLASS", info_x, y + 16, UI["label"])
        draw_text(surface, display_grade(str(summary.get("qualified", ""))), info_x, y + 26,
                  UI["value"], 2)
    draw_text(surface, "LEVEL", info_x, y + 52, UI["label"])
    draw_text(surface, f"{p.level:3d}/{level_target(p):3d}", info_x, y + 62, UI["value"])
    if over:
        draw_text(surface, "SCORE", info_x, y + 78, UI["label"])
        draw_text(surface, str(summary.get("score", 0)), info_x, y + 88, UI["value"])
    draw_text(surface, "TIME", info_x, y + 104, UI["label"])
    draw_text(surface, clock_text(p.clock), info_x, y + 114, UI["value"])
    if wide:
        mode_screen.draw_extras(surface, p, summary, 8, _sections(surface, p, 8))
    else:
        mode_screen.draw_compact(surface, p, info_x, y + 126)
    exam = session.exams[index]
    if exam is not None and p.phase != OVER:
        colour = UI["highlight"] if exam.kind == PROMOTION else UI["alert"]
        draw_text(surface, exam.kind.upper(), info_x, y + 132, colour)
        draw_text(surface, f"EXAM {display_grade(exam.name)}", info_x, y + 142, colour)
    text = popup(p)
    if text is not None and p.phase != OVER:
        colour = UI["verified"] if text.startswith("COOL") else UI["alert"]
        draw_text(surface, text, left + (WIDTH * CELL - 8 * len(text)) // 2, WELL_Y + 24,
                  colour)
    if p.phase == READY:
        draw_text(surface, "READY", left + 20, WELL_Y + 72, UI["highlight"])
    if p.in_roll and p.phase != OVER:
        draw_text(surface, "STAFF ROLL", info_x, y + 156, UI["label"])
        draw_text(surface, clock_text(p.roll_left), info_x, y + 166, UI["value"])
    if p.phase == OVER:
        _results(surface, p, left, grade)
        _exam_result(surface, session, index, left)


def _login(surface: Any, login: Login, left: int) -> None:
    """The account entry: initials, then the PIN (typed digits hidden)."""
    draw_text(surface, "ACCOUNT", left + 12, WELL_Y + 8, UI["label"])
    typed = login.text[:INITIALS] + "*" * max(0, len(login.text) - INITIALS)
    slot = len(login.text)
    current = alphabet(slot)[login.current] if slot < SLOTS else ""
    shown = typed + current
    shown = shown[:INITIALS] + " " + shown[INITIALS:]
    draw_text(surface, shown, left + 8, WELL_Y + 32, UI["value"])
    cursor_x = left + 8 + 8 * (slot + (1 if slot >= INITIALS else 0))
    if slot < SLOTS:
        pygame.draw.rect(surface, UI["highlight"], (cursor_x, WELL_Y + 42, 7, 2))
    for n, line in enumerate(("INITIALS", "AND PIN", "", "< > PICK", "A  TAKE", "B  BACK",
                              "START", " GUEST")):
        draw_text(surface, line, left + 4, WELL_Y + 64 + 10 * n, UI["text"])
    draw_text(surface, f"{-(-login.left // 60):2d}", left + 56, WELL_Y + 144, UI["label"])


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
    played = session.account_result(index)
    if played is None:
        return
    account, worth, exam, rule = played
    if exam is None:
        return
    after, outcome = after_game(account, worth, exam, rule)
    draw_text(surface, f"{exam.kind.upper()} EXAM", left + 4, WELL_Y + 100, UI["label"])
    draw_text(surface, outcome.upper(), left + 4, WELL_Y + 112,
              UI["verified"] if outcome in ("passed", "kept") else UI["alert"])
    draw_text(surface, f"CLASS {display_grade(after.qualified_name)}", left + 4,
              WELL_Y + 124, UI["value"])


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


def _sections(surface: Any, p: ArikaPlayer, x: int) -> int:
    """Section times, each marked C (COOL) or R (REGRET) once decided; the y under them
    (the top of the well when the mode hides them)."""
    if mode_screen.hides_sections(p):
        return WELL_Y
    draw_text(surface, "SECTION", x, WELL_Y, UI["label"])
    for row, (n, frames, mark) in enumerate(section_rows(p)):
        colour = (UI["verified"] if mark == "C" else UI["alert"] if mark == "R"
                  else UI["text"])
        draw_text(surface, f"{n * 100:03d} {clock_text(frames)[:5]}{mark}", x,
                  WELL_Y + 12 + 11 * row, colour)
    return WELL_Y + 16 + 11 * SECTIONS_SHOWN


def _results(surface: Any, p: ArikaPlayer, left: int, grade: str) -> None:
    pygame.draw.rect(surface, UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H))
    draw_text(surface, "GAME OVER" if p.topped_out else "EXCELLENT", left + 4, WELL_Y + 4,
              UI["alert"] if p.topped_out else UI["highlight"])
    if grade:
        draw_text(surface, "GRADE", left + 4, WELL_Y + 20, UI["label"])
        draw_text(surface, grade, left + 4, WELL_Y + 32, UI["value"], 3)
