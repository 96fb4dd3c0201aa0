"""A FIFO or a device where the board expects a file: one line of refusal, at once. Stage
files, cabinet.toml, input scripts, replays and save banks are opened as regular files only
and read with a size limit (a FIFO blocked open() forever; /dev/zero as stage file read
until MemoryError)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from engine.replay import ReplayError
from firmware.config import load_config
from firmware.errors import UsageError
from firmware.inputscript import load_script
from firmware.kiosk import configure_games
from firmware.rankings.store import ReplayStore
from firmware.replay_file import read_replay
from firmware.savedata import SaveWriter, factory, load
from tests.kiosk_kit import write_empty_tables

T = TypeVar("T")
LIMIT_S = 20.0  # a hang shows as a failure after this long, not as a stuck suite


def at_once(work: Callable[[], T]) -> T:
    """``work()`` on a daemon thread; a failure if it is still blocked after LIMIT_S."""
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as exc:  # handed to the test thread
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(LIMIT_S)
    assert not thread.is_alive(), "blocked (a FIFO was opened or read as a file)"
    if errors:
        raise errors[0]
    return result[0]


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


@pytest.fixture
def stage_files_restored() -> object:
    yield None
    configure_games({"flashpoint": {}, "ti": {}})


@pytest.mark.parametrize("game, key", [("flashpoint", "stages"), ("ti", "sakura_stages")])
@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_stage_file_that_is_no_file_is_refused(game: str, key: str, kind: str,
                                                  tmp_path: Path,
                                                  stage_files_restored: object) -> None:
    path = fifo(tmp_path / "stages.txt") if kind == "fifo" else Path("/dev/zero")
    [notice] = at_once(lambda: configure_games({game: {key: str(path)}}))
    shown = "a FIFO" if kind == "fifo" else "a device"
    assert notice == (f"stage file {path}: {shown}, not a regular file; "
                      "built-in stages used")


def test_an_oversized_stage_file_is_refused(tmp_path: Path, stage_files_restored: object
                                            ) -> None:
    path = tmp_path / "big.txt"
    path.write_text("; padding\n" * 5000)
    [notice] = configure_games({"flashpoint": {"stages": str(path)}})
    assert notice == f"stage file {path}: larger than 16 KiB; built-in stages used"


def test_a_config_fifo_gives_the_defaults_and_one_line(tmp_path: Path) -> None:
    path = fifo(tmp_path / "cabinet.toml")
    _, problems = at_once(lambda: load_config(path))
    assert problems == [f"{path}: a FIFO, not a regular file, not a cabinet.toml; "
                        "using all the defaults"]


def test_an_input_script_fifo_is_a_usage_error(tmp_path: Path) -> None:
    path = fifo(tmp_path / "inputs.txt")
    with pytest.raises(UsageError, match=r"^input script .*: a FIFO, not a regular file$"):
        at_once(lambda: load_script(str(path)))


def test_a_replay_fifo_or_device_is_no_replay(tmp_path: Path) -> None:
    path = fifo(tmp_path / "game.rpl")
    with pytest.raises(ReplayError, match="a FIFO, not a regular file, not a replay"):
        at_once(lambda: read_replay(path))
    with pytest.raises(ReplayError, match="a device, not a regular file, not a replay"):
        at_once(lambda: read_replay("/dev/zero"))


def test_a_fifo_in_the_replay_store_cannot_be_read(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path / "replays")
    fifo(tmp_path / "replays" / "0123456789abcdef.rpl")
    with pytest.raises(OSError, match="a FIFO, not a regular file"):
        at_once(lambda: store.read("0123456789abcdef"))
    store.close()


def test_a_fifo_bank_is_passed_over_by_load_and_by_the_writer(tmp_path: Path) -> None:
    write_empty_tables(tmp_path)  # bank A holds the record
    fifo(tmp_path / "bank-b.bin")
    loaded = at_once(lambda: load(tmp_path, log=lambda line: None))
    assert not loaded.cleared and loaded.bank == "A"
    assert loaded.notice is not None and "bank B unusable (a FIFO, not a regular file)" \
        in loaded.notice
    writer = at_once(lambda: SaveWriter(tmp_path, log=lambda line: None))
    data = factory()
    data.credits = 3
    assert at_once(lambda: writer.wait_durable(writer.submit(data), 10))
    assert writer.close()
    assert load(tmp_path, log=lambda line: None).data.credits == 3
