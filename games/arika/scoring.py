"""The score of a line clear in the Arika Master-style modes (TGM2's formula; TGM3 Master
and Shirase use it too, a project decision of that cartridge).

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Scoring (the TGM2 formula):
(ceil((Level + Lines) / 4) + Soft + 2 x Sonic) x Lines x Combo x Bravo
+ ceil(Level after clear / 2) + Speed x 7, with Speed = max(0, lock delay - active time).
The older wiki text has ceil((Level + Lines) / 2) with Level + Lines capped at 999 for the
second term; the two differ only where the level after the clear is not Level + Lines
(the goal, a torikan). We follow the newer text. NullpoMino's version (level / 2, sonic
counted once) is a clone's own reading.
"""

from __future__ import annotations


def next_combo(previous: int, lines: int) -> int:
    """Combo = previous + 2 x lines - 2 (previous 1 after a piece that cleared nothing)."""
    return previous + 2 * lines - 2


def clear_score(
    level: int, lines: int, soft: int, sonic: int, combo: int, bravo: bool,
    level_after: int, lock_delay: int, active_frames: int,
) -> int:
    speed = max(0, lock_delay - max(active_frames, 1))
    base = -(-(level + lines) // 4) + soft + 2 * sonic
    return base * lines * combo * (4 if bravo else 1) + -(-level_after // 2) + speed * 7
