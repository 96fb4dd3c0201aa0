"""The engine's version: part of every state hash and replay header. Bump it when a change
alters any game's frame-by-frame behaviour (old replays then no longer verify)."""

# 2: Bloxeed S/Z-to-I pieces, Satellite points by level, 16t 3 wide, Flicky clears together.
ENGINE_VERSION = "2"
