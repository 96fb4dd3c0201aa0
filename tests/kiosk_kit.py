"""A cabinet state machine on real save data (tmp_path), stepped frame by frame."""

from __future__ import annotations

from pathlib import Path

from engine import InputFrame, PlayerInput
from engine.events import Event
from firmware.kiosk import load_demos
from firmware.machine import CabinetMachine
from firmware.rankings.store import ReplayStore
from firmware.savedata import SaveData, SaveWriter, factory, load

IDLE = InputFrame()


def empty_tables(data: SaveData) -> SaveData:
    """Every ranking table emptied (no factory rows), so any scoring game ranks."""
    for tables in data.rankings.values():
        for table in tables.values():
            table.clear()
    return data


def write_empty_tables(save_dir: Path) -> None:
    """Factory save data with empty ranking tables, durable in ``save_dir`` (no notice)."""
    save_dir.mkdir(parents=True, exist_ok=True)
    writer = SaveWriter(save_dir)
    assert writer.wait_durable(writer.submit(empty_tables(factory())), 5)
    writer.close()


def p1(**switches: bool) -> InputFrame:
    return InputFrame(p1=PlayerInput(**switches))


def p2(**switches: bool) -> InputFrame:
    return InputFrame(p2=PlayerInput(**switches))


class Rig:
    """``settle``: after each frame wait until pending coin commits are durable, as the
    headless kiosk does, so the frame a credit appears on is deterministic."""

    def __init__(self, save_dir: Path, *, sw1: int | None = None, sw2: int | None = None,
                 game: str | None = None, settle: bool = True,
                 replays: ReplayStore | None = None) -> None:
        loaded = load(save_dir)
        data = loaded.data
        if game is not None:
            data.selected_game = game
        if sw1 is not None:
            data.dips[data.selected_game].sw1 = sw1
        if sw2 is not None:
            data.dips[data.selected_game].sw2 = sw2
        self.writer = SaveWriter(save_dir)
        self.machine = CabinetMachine(data, self.writer, cleared=loaded.cleared,
                                      demos=load_demos(), replays=replays)
        self.settle = settle

    def step(self, frame: InputFrame = IDLE) -> list[Event]:
        cues = self.machine.step(frame)
        if self.settle and self.machine.desk.pending:
            last = max(p.ticket for p in self.machine.desk.pending)
            assert self.writer.wait_durable(last, 5.0)
        return cues

    def frames(self, n: int, frame: InputFrame = IDLE) -> list[Event]:
        cues: list[Event] = []
        for _ in range(n):
            cues.extend(self.step(frame))
        return cues

    def press(self, frame: InputFrame) -> list[Event]:
        """Down for one frame, then released."""
        return self.step(frame) + self.step(IDLE)

    def coin(self, chute: int = 1) -> list[Event]:
        cues = self.step(InputFrame(coin1=chute == 1, coin2=chute == 2))
        return cues + self.step(IDLE)

    def close(self) -> None:
        self.writer.close()
