"""The menu's buttons for one frame, from two consecutive InputFrames.

Source: Sega service manuals (Daytona USA, NAOMI-era test menus) (SERVICE moves the cursor, TEST
selects). The 1P lever and
buttons work too (SERVICE_DECISIONS extra_keys).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import InputFrame


@dataclass(frozen=True)
class Keys:
    test: bool = False  # edges (went down this frame)
    service: bool = False
    up: bool = False
    down: bool = False
    left: bool = False
    right: bool = False
    b1: bool = False
    b2: bool = False
    test_held: bool = False
    service_held: bool = False

    @staticmethod
    def of(now: InputFrame, before: InputFrame) -> Keys:
        p, q = now.p1, before.p1
        return Keys(
            test=now.test and not before.test,
            service=now.service and not before.service,
            up=p.up and not q.up,
            down=p.down and not q.down,
            left=p.left and not q.left,
            right=p.right and not q.right,
            b1=p.b1 and not q.b1,
            b2=p.b2 and not q.b2,
            test_held=now.test,
            service_held=now.service,
        )

    @property
    def select(self) -> bool:
        return self.test or self.b1

    @property
    def next(self) -> bool:
        return self.service or self.down

    @property
    def back(self) -> bool:
        return self.b2

    @property
    def both_service_and_test(self) -> bool:
        """SERVICE and TEST held together, one of them just pressed."""
        return self.test_held and self.service_held and (self.test or self.service)
