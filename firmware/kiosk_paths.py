"""Names inside the save directory that the kiosk and the tools share."""

REPLAY_DIR = "replays"  # ranked games' replays (firmware/rankings/store.py)
OUTBOX_DIR = "outbox"  # what the uplink sends to the fleet (firmware/uplink/outbox.py)
