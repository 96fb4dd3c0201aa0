"""Sign-ins checked off the frame thread: a session that asks (engine/session.py SignsIn)
gets the cartridge's ``sign_in`` run on a worker thread (a salted slow hash: a frame must
never wait for it), and the answer handed back before a later frame, once the account's
hold (its wrong PINs in a row) is over. The answer's verdict goes into the replay; the
account's new kept form into the save data.

``wait``: the frame loop runs unthrottled (headless, tests, tools), so there is no frame to
miss: the desk waits for the worker instead, and a scripted run plays the same on any
machine."""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable, Mapping
from typing import Any

from engine.session import GameSession, signs_in

SALT_BYTES = 16  # Source: NIST SP 800-132 section 5.1: a salt of at least 128 bits
WORKER_WAIT_S = 600.0  # a bound for a broken worker in ``wait`` mode, not a speed


class _Check:
    def __init__(self, asked: tuple[str, str], at: int) -> None:
        self.asked = asked
        self.at = at  # the session frame the question was seen
        self.answer: Any = None
        self.done = threading.Event()


def _copy(own: Mapping[str, Any]) -> Mapping[str, Any]:
    """The worker's own deep copy of the cartridge's records (plain saved values). Pickling
    runs in C: copy.deepcopy walked them in Python, about six times as long in a frame."""
    copied: Mapping[str, Any] = pickle.loads(pickle.dumps(own, pickle.HIGHEST_PROTOCOL))
    return copied


class SignInDesk:
    def __init__(self, wait: bool = False) -> None:
        self.wait = wait
        self._checks: dict[int, _Check] = {}

    def drop(self) -> None:
        self._checks = {}  # a worker still running finishes into nothing

    def ask(self, game: GameSession, sign_in: Callable[..., Any] | None,
            own: Mapping[str, Any]) -> None:
        """After a frame: start a worker for each new question."""
        signer = signs_in(game)
        if sign_in is None or signer is None:
            return
        for index in (0, 1):
            asked = signer.sign_in_request(index)
            check = self._checks.get(index)
            if asked is None:
                self._checks.pop(index, None)
                continue
            if check is not None and check.asked == asked:
                continue
            check = self._checks[index] = _Check(asked, game.frame)
            threading.Thread(target=self._work, args=(check, sign_in, _copy(own)),
                             name="sign-in", daemon=True).start()

    @staticmethod
    def _work(check: _Check, sign_in: Callable[..., Any], own: Mapping[str, Any]) -> None:
        try:
            check.answer = sign_in(own, check.asked[0], check.asked[1], os.urandom(SALT_BYTES))
        finally:
            check.done.set()

    def answers(self, game: GameSession) -> list[tuple[int, str, Any]]:
        """Before a frame: the answers due now, (player, initials, the cartridge's
        SignIn)."""
        due: list[tuple[int, str, Any]] = []
        for index, check in list(self._checks.items()):
            if self.wait:
                check.done.wait(WORKER_WAIT_S)
            if not check.done.is_set():
                continue
            if check.answer is None:  # the worker failed: the session's own wait runs out
                continue
            if game.frame - check.at < check.answer.hold:
                continue
            del self._checks[index]
            due.append((index, check.asked[0], check.answer))
        return due
