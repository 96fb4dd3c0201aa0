"""TAP's rules: pure and deterministic (no I/O, clock or randomness of their own)."""

from games.tap.rules.modes import DEATH, MASTER, MODES, NORMAL, PLUS, rules_for

# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 3

__all__ = ["DEATH", "MASTER", "MODES", "NORMAL", "PLUS", "RULES_VERSION", "rules_for"]
