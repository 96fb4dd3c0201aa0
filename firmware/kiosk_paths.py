"""Names inside the save directory that the kiosk and the tools share."""

REPLAY_DIR = "replays"  # ranked games' replays (firmware/rankings/store.py)
