"""TGM3's screenshots for the docs (``python -m tools.shots``, through the cartridge's
``tooling.shots``), from real engine play: Master played by the demo player (seed 1): the
frame a COOL pop-up shows, the staff roll, and the final grade; the account entry and an
exam; then the other modes, the mode select and the World rule (games/ti/mode_shots.py); a
game, its end and the name entry of every mode, played as a guest (games/arika/shots.py).
"""

from __future__ import annotations

from engine.inputs import InputFrame, PlayerInput
from games.arika.player import OVER
from games.arika.randomizer import lcg_output, lcg_step
from games.arika.shots import mode_shots, press
from games.cartridge import PlayView, ShotCabinet, ShotDesk
from games.ti import CARTRIDGE
from games.ti import mode_shots as other_modes
from games.ti.accounts import account_json, session_settings, sign_in
from games.ti.demo import demo_inputs
from games.ti.rules.exams import EXAM_CHANCE, Account
from games.ti.rules.login import alphabet, legacy_digest
from games.ti.rules.speed import COOL
from games.ti.screen import popup
from games.ti.session import TiSession

# Each mode and the lever steps right to it at the mode select (the cursor starts on MASTER).
MODE_RIGHTS = (("ti-master", 0), ("ti-easy", 1), ("ti-shirase", 2), ("ti-sakura", 3))
NAMES = ("ti-master-cool.png", "ti-master-roll.png", "ti-master-grade.png",
         "ti-account.png", "ti-exam.png", "ti-exam-result.png")


def _saver(desk: ShotDesk) -> other_modes.Save:
    def save(session: TiSession, name: str) -> None:
        desk.take(name, lambda surface: CARTRIDGE.presentation.draw_play(
            surface, PlayView(session, credits=1, free_play=False, frame=session.frame)))

    return save


def take(desk: ShotDesk) -> None:
    save = _saver(desk)
    session = TiSession("ti-master", {}, {"main": 1}, 1)
    inputs = demo_inputs(session)
    cools = 0
    shot_at = roll_at = -1
    while not session.over:
        events = session.step(next(inputs))
        cools += sum(1 for e in events if e.kind == COOL)
        if cools >= 3 and shot_at < 0 and popup(session.player(0)) == "COOL!!":
            shot_at = session.frame + 20
        if session.frame == shot_at:
            save(session, NAMES[0])
        p = session.player(0)
        if p.in_roll and roll_at < 0:
            roll_at = session.frame + 900
        if session.frame == roll_at:
            save(session, NAMES[1])
    save(session, NAMES[2])
    _account_shots(save)
    other_modes.take(save)
    demo = CARTRIDGE.presentation.demo_player
    assert demo is not None
    for mode, rights in MODE_RIGHTS:
        mode_shots(desk, mode, rights, demo, guest)


def _tap(session: TiSession, bits: int) -> None:
    session.step(InputFrame.from_bits(bits))
    session.step(InputFrame())


def _sign_in(session: TiSession, typed: str) -> None:
    """Type ``typed`` at the account entry: the lever right to each letter or digit, A to
    take it."""
    for slot, ch in enumerate(typed):
        for _ in range(alphabet(slot).index(ch)):
            _tap(session, 0x08)
        _tap(session, 0x10)


def _account_shots(save: other_modes.Save) -> None:
    """The account entry half typed, then a promotion exam game of a known account."""
    account = Account("TGM", legacy_digest("TGM", "2005"), qualified=9,
                      history=(14, 15, 14, 13, 15, 16, 14), games=30)
    own = {"accounts": {"TGM": account_json(account)}}
    settings = session_settings(own)
    session = TiSession("ti", settings, {"main": 1}, 1)
    session.step(InputFrame())
    _sign_in(session, "TGM20")
    _tap(session, 0x08)
    save(session, NAMES[3])
    # A game seed whose draw holds an exam (one in three).
    seed = next(s for s in range(1, 100)
                if lcg_output(lcg_step(s)) % EXAM_CHANCE == 0)
    session = TiSession("ti", settings, {"main": seed}, 1)
    session.step(InputFrame())
    _sign_in(session, "TGM2005")
    asked = session.sign_in_request(0)  # the board's answer, as its worker gives it
    assert asked is not None
    session.sign_in(0, sign_in(own, *asked, bytes(16)).verdict)
    _tap(session, 0x80)
    inputs = demo_inputs(session)
    for _ in range(1500):
        session.step(next(inputs))
    save(session, NAMES[4])
    for _ in range(60 * 60 * 30):  # the exam game to its end: the result in the well
        if session.over or session.player(0).phase == OVER:
            break
        session.step(next(inputs))
    save(session, NAMES[5])


def guest(cabinet: ShotCabinet) -> None:
    """Start at the account entry: a guest's game."""
    press(cabinet, PlayerInput(start=True))
