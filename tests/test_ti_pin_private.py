"""A TGM3 replay never tells an account's PIN: the lever's left and right while a PIN digit
is being chosen are not kept (the session marks those frames, the recorder leaves the two
switches out), and the state hash covers the entry without the digits, so the replay still
re-simulates to the same hashes. Two players who type the same initials and different PINs
with the same presses leave byte-identical replays."""

from __future__ import annotations

from typing import Any

from engine.inputs import InputFrame, PlayerInput
from engine.replay import Replay, verify
from firmware.rankings.recorder import GameRecorder
from games.ti.accounts import session_settings, sign_in
from games.ti.rules.login import INITIALS, alphabet
from games.ti.session import BOARD, TiSession

IDLE = InputFrame()
SALT = bytes(range(16))


def _presses(text: str) -> list[PlayerInput]:
    """The presses that type ``text``: right to each character, A to take it; one idle
    frame after each press."""
    out: list[PlayerInput] = []
    for slot, ch in enumerate(text):
        steps = alphabet(slot).index(ch)
        out += [PlayerInput(right=True), PlayerInput()] * steps
        out += [PlayerInput(b1=True), PlayerInput()]
    return out


def _play(text: str, padding: int) -> tuple[Replay, TiSession]:
    """Type ``text`` (held right for ``padding`` extra idle-right frames on each PIN slot,
    so both games take as many frames), sign in, pick Master, play 600 frames."""
    own: dict[str, Any] = {"accounts": {}}
    session = TiSession(BOARD, session_settings(own), {"main": 5}, 1)
    recorder = GameRecorder("ti", BOARD, session.settings, {"main": 5}, 1)

    def step(pi: PlayerInput) -> None:
        frame = InputFrame(p1=pi)
        if session.sign_in_request(0) is not None:
            asked = session.sign_in_request(0)
            assert asked is not None
            verdict = sign_in(own, *asked, SALT).verdict
            recorder.sign_in(0, verdict)
            session.sign_in(0, verdict)
        session.step(frame)
        recorder.frame(frame, session)

    step(PlayerInput())
    for slot, ch in enumerate(text):
        steps = alphabet(slot).index(ch)
        for _ in range(steps):
            step(PlayerInput(right=True))
            step(PlayerInput())
        if slot >= INITIALS:  # the same number of frames whatever the digit
            for _ in range(padding - steps):
                step(PlayerInput())
                step(PlayerInput())
        step(PlayerInput(b1=True))
        step(PlayerInput())
    while session.sign_in_request(0) is not None or session.notes[0] == "CHECKING":
        step(PlayerInput())
    step(PlayerInput(start=True))  # Master
    for _ in range(600):
        step(PlayerInput(down=True))
    return recorder.ranked(session, 0), session


def test_two_pins_typed_with_the_same_presses_leave_the_same_replay() -> None:
    one, a = _play("ABC1234", 9)
    two, b = _play("ABC9870", 9)
    assert one.inputs == two.inputs
    assert a.state_hash() == b.state_hash()
    assert one.to_text() == two.to_text()


def test_the_replay_without_the_pin_verifies() -> None:
    replay, played = _play("XYZ5555", 9)
    assert any(bits & 0x0C for bits in replay.inputs[:30])  # the initials' presses are kept
    fresh = TiSession(BOARD, replay.settings, replay.seeds, replay.players)
    verdict = verify(Replay.from_text(replay.to_text()), fresh)
    assert verdict.ok, verdict.reason
    assert fresh.state_hash() == played.state_hash()


def test_the_pin_is_still_checked_live() -> None:
    _, session = _play("QQQ4321", 9)
    account = session.accounts[0]
    assert account is not None and account.initials == "QQQ"


def test_a_lever_held_back_from_the_pin_to_the_initials_replays_the_same() -> None:
    """Right held while B steps back from the PIN into the initials: the live game and the
    replay without the PIN's left/right both wait for the lever's release."""
    session = TiSession(BOARD, {}, {"main": 5}, 1)
    recorder = GameRecorder("ti", BOARD, session.settings, {"main": 5}, 1)
    frames = [PlayerInput(), *_presses("ABC1")]
    frames += [PlayerInput(right=True), PlayerInput(right=True, b2=True),  # "ABC", held
               PlayerInput(right=True), PlayerInput(right=True, b2=True),  # "AB", held
               PlayerInput(right=True), PlayerInput(), PlayerInput(right=True),  # B
               PlayerInput(), *_presses("Q")]  # 16 more: R
    for pi in frames:
        frame = InputFrame(p1=pi)
        session.step(frame)
        recorder.frame(frame, session)
    login = session.logins[0]
    assert login is not None and login.text == "ABR"  # held right moved nothing
    fresh = TiSession(BOARD, {}, {"main": 5}, 1)
    replay = recorder.ranked(session, 0)
    for bits in replay.inputs:
        fresh.step(InputFrame.from_bits(bits))
    assert fresh.state_hash() == session.state_hash()
    again = fresh.logins[0]
    assert again is not None and again.text == login.text
