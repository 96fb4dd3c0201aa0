"""TAP's rules: pure and deterministic (no I/O, clock or randomness of their own)."""

from games.tap.rules.modes import DEATH, MASTER, MODES, NORMAL, PLUS, rules_for

__all__ = ["DEATH", "MASTER", "MODES", "NORMAL", "PLUS", "rules_for"]
