"""The kiosk feeds its outbox: a whole headless session leaves the coin, the game result,
the certified ranking row with its replay, and a heartbeat in ``<save dir>/outbox``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import Replay
from firmware.cli import main
from firmware.kiosk_paths import OUTBOX_DIR
from firmware.rankings.check import VERIFIED, check_row
from firmware.rankings.store import ReplayStore
from firmware.savedata import load
from firmware.savedata.schema import RankEntry
from firmware.uplink.outbox import iter_messages
from tests.kiosk_kit import write_empty_tables
from tests.test_kiosk_session import SESSION, SESSION_FRAMES


def test_a_session_leaves_coins_result_ranking_and_heartbeat_in_the_outbox(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "session.txt"
    script.write_text(SESSION)
    save = tmp_path / "save"
    write_empty_tables(save)  # the lever-held game's few points rank on empty tables
    assert main(["run", "--headless", "--frames", str(SESSION_FRAMES), "--inputs", str(script),
                 "--save-dir", str(save), "--no-sound"]) == 0
    json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    messages = [m for _, m in iter_messages(save / OUTBOX_DIR)]
    kinds = [m["kind"] for m in messages]
    assert kinds[0] == "beat"
    books = [m["body"] for m in messages if m["kind"] == "book"]
    assert sum(b["delta"].get("coins.1", 0) for b in books) == 1
    assert books[-1]["totals"]["coins.1"] == 1
    assert books[-1]["totals"]["bloxeed.plays_1p"] == 1
    data = load(save).data
    row = data.rankings["bloxeed"]["normal"][0]
    (result,) = [m["body"] for m in messages if m["kind"] == "result"]
    assert result["game"] == "bloxeed" and result["summary"]["score"] == row.score
    (rank,) = [m["body"] for m in messages if m["kind"] == "rank"]
    assert (rank["game"], rank["mode"], rank["initials"]) == ("bloxeed", "normal", "ABC")
    assert rank["replay_id"] == row.replay_id and rank["values"] == row.values
    # The replay travelling with the row re-simulates to the row's figures.
    Replay.from_text(rank["attached"])
    copy = ReplayStore(tmp_path / "check")
    copy.put(rank["replay_id"], rank["attached"])
    assert copy.wait_idle()
    entry = RankEntry(rank["initials"], rank["values"], rank["replay_id"])
    assert check_row("bloxeed", entry, copy) == (VERIFIED, "")
    ids = [m["id"] for m in messages]
    assert len(set(ids)) == len(ids)
    assert [m["seq"] for m in messages] == sorted(m["seq"] for m in messages)
