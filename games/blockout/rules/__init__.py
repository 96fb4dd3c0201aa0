"""BLOCKOUT's rules: pure and deterministic (engine/ and the standard library only)."""

# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 1
