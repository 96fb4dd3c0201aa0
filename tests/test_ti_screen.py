"""TGM3's play screen and SW2: account entry, mode select, play with the COOL pop-up and
section marks, the final grade; the fading and invisible rolls; the DIP switches; a mode
added to the MODES table in one entry."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE
from games.cartridge import PlayView
from games.registry import cartridge
from games.ti import modes
from games.ti.demo import demo_inputs
from games.ti.screen import (
    FADE_AFTER_FRAMES,
    FADE_GONE_FRAMES,
    POPUP_FRAMES,
    cell_visibility,
    draw_play,
    popup,
)
from games.ti.session import BOARD, TiSession


def render(session: TiSession) -> np.ndarray:
    surface = new_native()
    draw_play(surface, PlayView(session, credits=1, free_play=False, frame=session.frame))
    return pygame.surfarray.array3d(surface)


def shows(picture: np.ndarray, colour: tuple[int, int, int]) -> bool:
    return bool((picture == colour).all(axis=2).any())


def test_entry_select_play_and_results_are_drawn() -> None:
    s = TiSession(BOARD, {}, {"main": 1}, 1)
    entry = render(s)
    assert shows(entry, UI["highlight"])  # the cursor bar under the slot
    s.step(InputFrame())
    s.step(InputFrame(p1=PlayerInput(start=True)))  # guest
    select = render(s)
    assert not np.array_equal(entry, select) and shows(select, UI["highlight"])
    s.step(InputFrame())
    s.step(InputFrame(p1=PlayerInput(start=True)))
    for _ in range(200):
        s.step(InputFrame())
    playing = render(s)
    assert not np.array_equal(select, playing)
    while not s.over:
        s.step(InputFrame(p1=PlayerInput(up=s.frame % 2 == 0, down=s.frame % 2 == 0)))
    assert shows(render(s), UI["alert"])  # GAME OVER


def test_a_cool_pops_up_for_its_frames_and_marks_the_section() -> None:
    s = TiSession("ti-master", {}, {"main": 1}, 1)
    inputs = demo_inputs(s)
    p = s.player(0)
    decided_at = None
    while decided_at is None:
        events: tuple[Event, ...] = s.step(next(inputs))
        if any(e.kind == "cool" for e in events):
            decided_at = p.level
    assert decided_at % 100 >= 70 and popup(p) is None  # decided at x70, not yet shown
    while popup(p) is None:
        s.step(next(inputs))
    cool_at = s.frame
    assert p.level % 100 >= 82 or p.level % 100 < 10  # shown at x82 (or the section's end)
    assert popup(p) == "COOL!!" and shows(render(s), UI["verified"])
    while s.frame < cool_at + POPUP_FRAMES:
        s.step(next(inputs))
    assert popup(p) is None
    while len(p.section_frames) < 2:
        s.step(next(inputs))
    assert p.section_marks[: len(p.section_frames)].count("C") == p.cools >= 1


def test_the_rolls_hide_blocks() -> None:
    p = TiSession("ti-master", {}, {"main": 1}, 1).player(0)
    p.frame = 1000
    assert cell_visibility(p, 0) == 1.0  # no roll: always shown
    p.roll = ROLL_INVISIBLE
    assert cell_visibility(p, 999) == 1.0 and cell_visibility(p, 990) == 0.0
    p.roll = ROLL_FADING
    assert cell_visibility(p, 1000 - FADE_AFTER_FRAMES) == 1.0
    assert 0.0 < cell_visibility(p, 1000 - (FADE_AFTER_FRAMES + FADE_GONE_FRAMES) // 2) < 1
    assert cell_visibility(p, 1000 - FADE_GONE_FRAMES) == 0.0


def test_sw2_switches() -> None:
    cart = cartridge("ti")
    dips, notice = cart.board.decode_dips(cart.board.dip_bank.factory)
    assert notice is None and dips.demo_sounds
    assert dict(dips.settings) == {"cool_rule": "wiki", "exam_rule": "wiki",
                                   "grade_in_play": "hidden", "sakura_ex": "wiki"}
    dips, _ = cart.board.decode_dips((cart.board.dip_bank.factory & ~0x0C) | 0x10)
    assert dict(dips.settings) == {"cool_rule": "baseline", "exam_rule": "nullpomino",
                                   "grade_in_play": "shown", "sakura_ex": "wiki"}
    TiSession("ti-master", dips.settings, {"main": 1}, 1)  # the session takes them


def test_grade_in_play_shows_grade_and_score_during_play_only_when_switched_on() -> None:
    hidden = TiSession("ti-master", {"grade_in_play": "hidden"}, {"main": 1}, 1)
    shown = TiSession("ti-master", {"grade_in_play": "shown"}, {"main": 1}, 1)
    hidden_inputs, shown_inputs = demo_inputs(hidden), demo_inputs(shown)
    for _ in range(600):
        hidden.step(next(hidden_inputs))
        shown.step(next(shown_inputs))
    assert hidden.state_hash() == shown.state_hash()  # the switch changes only the screen
    assert not np.array_equal(render(hidden), render(shown))  # GRADE and SCORE drawn
    while not (hidden.over and shown.over):
        drop = InputFrame(p1=PlayerInput(up=hidden.frame % 2 == 0, down=hidden.frame % 2 == 0))
        hidden.step(drop)
        shown.step(drop)
    assert np.array_equal(render(hidden), render(shown))  # after the game both show them


def extra_mode() -> modes.TiMode:
    """A mode defined outside the cartridge: Master's player under another rules id."""
    master = modes.mode("ti-master")
    return modes.TiMode("ti-extra", "EXTRA", master.rules, master.new_player, dict)


def test_one_entry_in_modes_adds_a_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(modes.MODES, "ti-extra",
                        modes.ModeEntry("EXTRA", extra_mode))
    made = modes.mode("ti-extra")
    assert made.title == "EXTRA"
    session = TiSession("ti-extra", {}, {"main": 2}, 1)
    for _ in range(100):
        session.step(InputFrame())
    board = TiSession(BOARD, {}, {"main": 2}, 1)
    board.step(InputFrame())
    board.step(InputFrame(p1=PlayerInput(start=True)))  # guest
    board.step(InputFrame(p1=PlayerInput(left=True)))  # the list wraps to the last mode
    assert board.mode_of(0) == "ti-extra"
    modes.mode.cache_clear()


# ---- text that stays apart: the mode select, the section times ----------------------------
def bands(picture: np.ndarray, x0: int, x1: int, y0: int, y1: int,
          empty: tuple[int, int, int]) -> int:
    """Runs of pixel rows in [y0, y1) with anything but ``empty`` in columns [x0, x1)."""
    inked = (picture[x0:x1, y0:y1] != empty).any(axis=2).any(axis=0)
    return int(inked[0]) + int((inked[1:] & ~inked[:-1]).sum())


def typed(session: TiSession, text: str) -> None:
    from games.ti.rules.login import alphabet

    for slot, ch in enumerate(text):
        for _ in range(alphabet(slot).index(ch)):
            session.step(InputFrame(p1=PlayerInput(right=True)))
            session.step(InputFrame())
        session.step(InputFrame(p1=PlayerInput(b1=True)))
        session.step(InputFrame())


@pytest.mark.parametrize("entry", ["", "ABC1234", "TGM2006"])  # guest, NEW, WRONG PIN
def test_mode_select_text_stays_inside_the_well_line_by_line(entry: str) -> None:
    from games.ti.accounts import account_json, session_settings, sign_in
    from games.ti.rules.exams import Account
    from games.ti.rules.login import legacy_digest
    from games.ti.screen import WELL_H, WELL_Y, select_lines

    known = Account("TGM", legacy_digest("TGM", "2005"), qualified=9)
    own = {"accounts": {"TGM": account_json(known)}}
    s = TiSession(BOARD, session_settings(own), {"main": 1}, 1)
    s.step(InputFrame())
    typed(s, entry)
    asked = s.sign_in_request(0)
    if entry:  # the board's answer
        assert asked is not None
        s.sign_in(0, sign_in(own, *asked, bytes(16)).verdict)
    if not entry:
        s.step(InputFrame(p1=PlayerInput(start=True)))  # guest
    s.step(InputFrame())
    assert s.cursor[0] == 0
    s.step(InputFrame(p1=PlayerInput(up=True)))  # the World rule
    picture = render(s)
    lines = select_lines(s, 0)
    assert s.notes[0] == {"": "", "ABC1234": "NEW", "TGM2006": "WRONG PIN"}[entry]
    assert any(text == "WORLD" and colour == "value" for text, _, _, colour in lines)
    left, right = 120, 120 + 80  # the well of one player
    rows = slice(WELL_Y - 2, WELL_Y + WELL_H + 2)
    outside = np.concatenate([picture[: left - 2, rows], picture[right + 2:, rows]])
    assert (outside == UI["background"]).all()  # nothing spills over the frame
    # One band of ink a line: no two lines touch.
    assert bands(picture, left, right, WELL_Y, WELL_Y + WELL_H, UI["well"]) == len(
        {y for _, _, y, _ in lines})


def test_section_times_scroll_and_leave_room_for_the_mode_figures() -> None:
    from games.ti.screen import SECTIONS_SHOWN, WELL_Y, section_rows

    s = TiSession("ti-shirase", {}, {"main": 1}, 1)
    p = s.player(0)
    p.section_frames = [900] * 10  # ten sections done: level 1000 and on, bones
    p.level = 1010
    rows = section_rows(p)
    assert [n for n, _, _ in rows] == list(range(11 - SECTIONS_SHOWN, 11))  # the latest
    # SECTION, ten times, the rule, GARBAGE: one band each in the left column.
    assert bands(render(s), 0, 116, WELL_Y, 216, UI["background"]) == 1 + SECTIONS_SHOWN + 2


def test_no_section_time_runs_after_the_last_section() -> None:
    from games.ti.screen import section_rows

    s = TiSession("ti-master", {}, {"main": 1}, 1)
    p = s.player(0)
    p.section_frames = [3000] * 10  # level 999 reached: the roll, no section 1000
    p.clock = p.section_start = 30000
    assert [n for n, _, _ in section_rows(p)] == list(range(10))
