"""The engine's version: part of every state hash and replay header. Bump it when a change
alters any game's frame-by-frame behaviour (old replays then no longer verify)."""

ENGINE_VERSION = "1"
