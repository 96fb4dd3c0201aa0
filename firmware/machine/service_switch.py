"""The TEST switch: when it opens the service menu.

Between games TEST opens the menu on the frame it closes. During a game (play or name
entry) it must be held for CABINET_DECISIONS["test_hold_frames"] frames in a row first: a
bumped switch or a glitch that slips past the input filters must not abandon a game someone
paid for. The game runs on while TEST is held; a release before the count restarts it. Once
the menu has opened, TEST must be released before it can open it again.
"""

from __future__ import annotations

from firmware.machine.decisions import frames

TEST_HOLD_FRAMES = frames("test_hold_frames")


class ServiceSwitch:
    def __init__(self, hold_frames: int = TEST_HOLD_FRAMES) -> None:
        if hold_frames < 1:
            raise ValueError(f"TEST hold must be 1 frame or more, not {hold_frames}")
        self.hold_frames = hold_frames
        self.held_for = 0  # frames TEST has been held in a row
        self._fired = False  # opened the menu during this hold

    def step(self, test: bool, in_game: bool) -> bool:
        """Once per frame with TEST's level; True on the frame it opens the service menu."""
        if not test:
            self.held_for = 0
            self._fired = False
            return False
        self.held_for += 1
        if self._fired or self.held_for < (self.hold_frames if in_game else 1):
            return False
        self._fired = True
        return True
