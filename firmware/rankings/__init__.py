"""Certified rankings: every ranked game keeps its replay, and each row can be proven by
re-simulating it (recorder.py records while the game is played, store.py keeps the replay
files durably, check.py re-simulates a row against its replay)."""

from firmware.rankings.check import RowCheck, check_row, check_tables
from firmware.rankings.recorder import GameRecorder, replay_id
from firmware.rankings.store import ReplayStore

__all__ = ["GameRecorder", "ReplayStore", "RowCheck", "check_row", "check_tables",
           "replay_id"]
