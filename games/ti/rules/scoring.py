"""TGM3 Master's score for a line clear: no source gives it, so TAP's formula is used (the
"score_formula" decision).

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Scoring:
(ceil((Level + Lines) / 4) + Soft + 2 x Sonic) x Lines x Combo x Bravo
+ ceil(Level after clear / 2) + Speed x 7, with Speed = max(0, lock delay - active time);
Combo = previous + 2 x lines - 2, back to 1 after a piece that clears nothing.
"""

from __future__ import annotations


def next_combo(previous: int, lines: int) -> int:
    return previous + 2 * lines - 2


def clear_score(
    level: int, lines: int, soft: int, sonic: int, combo: int, bravo: bool,
    level_after: int, lock_delay: int, active_frames: int,
) -> int:
    speed = max(0, lock_delay - max(active_frames, 1))
    base = -(-(level + lines) // 4) + soft + 2 * sonic
    return base * lines * combo * (4 if bravo else 1) + -(-level_after // 2) + speed * 7
