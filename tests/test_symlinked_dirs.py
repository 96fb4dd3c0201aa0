"""Issue 34 item 10: a replays/ or outbox/ directory that is a symbolic link is refused as
the bank files are (nothing is written where the link points; the failure is logged)."""

from __future__ import annotations

from pathlib import Path

from firmware.rankings.store import FAILED, ReplayStore
from firmware.uplink.outbox import Outbox

REPLAY_ID = "0123456789abcdef"


def test_a_symlinked_replays_directory_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "replays").symlink_to(target, target_is_directory=True)
    store = ReplayStore(tmp_path / "replays")
    store.put(REPLAY_ID, "BLXR 1\n{}\n")
    assert store.wait_idle()
    assert list(target.iterdir()) == []
    assert store.state(REPLAY_ID) == FAILED
    assert store.last_error is not None and "symbolic link" in store.last_error


def test_a_replays_directory_swapped_for_a_link_after_start_is_refused(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path / "replays")
    assert store.wait_idle()
    (tmp_path / "replays").rmdir()
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "replays").symlink_to(target, target_is_directory=True)
    store.put(REPLAY_ID, "BLXR 1\n{}\n")
    assert store.wait_idle()
    assert list(target.iterdir()) == []
    assert store.state(REPLAY_ID) == FAILED


def test_a_symlinked_outbox_is_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "outbox").symlink_to(target, target_is_directory=True)
    outbox = Outbox(tmp_path / "outbox")
    outbox.book({"coins": 1})
    assert outbox.close()
    assert list(target.iterdir()) == []
    assert outbox.last_error is not None and "symbolic link" in outbox.last_error
