"""A TGM3 account through the real headless kiosk: coin, Start, initials and PIN typed
with the lever, a Master game, the account and its ranking rows in the save (no name
entry: the row takes the account's initials), then again after a restart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.savedata import load
from games.ti.rules.login import alphabet, pin_digest


def script(account: str) -> str:
    lines = ["10 coin1 down", "11 coin1 up", "40 p1.start down", "41 p1.start up"]
    f = 60
    for slot, ch in enumerate(account):
        for _ in range(alphabet(slot).index(ch)):
            lines += [f"{f} p1.right down", f"{f + 1} p1.right up"]
            f += 2
        lines += [f"{f} p1.b1 down", f"{f + 1} p1.b1 up"]
        f += 2
    lines += [f"{f + 2} p1.start down", f"{f + 3} p1.start up"]  # Master
    f += 10
    for _ in range(400):  # sonic drop and lock each piece where it appears
        lines += [f"{f} p1.up down", f"{f} p1.down down", f"{f + 1} p1.up up",
                  f"{f + 1} p1.down up"]
        f += 4
    return "\n".join(lines) + "\n"


def test_an_account_plays_through_the_kiosk_and_is_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = tmp_path / "session.txt"
    inputs.write_text(script("ABC1234"))
    save = tmp_path / "save"
    argv = ["run", "--headless", "--game", "ti", "--frames", "3000", "--inputs", str(inputs),
            "--save-dir", str(save), "--no-sound"]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games_started"] == 1 and summary["games_finished"] == 1
    data = load(save).data
    account = data.own["ti"]["accounts"]["ABC"]
    salt = bytes.fromhex(account["salt"])
    assert account["pin"] == pin_digest("ABC", "1234", salt) and account["games"] == 1
    assert len(account["history"]) == 1
    master = data.rankings["ti"]["ti-master"]
    assert [e.initials for e in master] == ["ABC"] and master[0].replay_id
    assert [(e.initials, e.values["level"]) for e in data.rankings["ti"]["ti-grade"]] == [
        ("ABC", 1)]

    # The replay holds the board's verdict (the player's own account, no digest, no other
    # account) and verifies from it.
    [row] = master
    text = (save / "replays" / f"{row.replay_id}.rpl").read_text()
    assert account["pin"] not in text and account["salt"] not in text
    assert '"sign_ins": [[' in text and "account_" not in text
    assert main(["rankings", "verify", "--save-dir", str(save)]) == 0
    out = capsys.readouterr().out
    assert "ti ti-master #1 ABC" in out.split(": VERIFIED")[0]
    # The grade ranking is made from the accounts, not from one game: said so, not
    # reported as a row that lost its replay.
    assert re.search(r"^ti ti-grade #1 ABC .*: DERIVED", out, re.M), out
    assert "UNRECORDED" not in out and "1 made from records" in out

    assert main(argv) == 0  # the same account again, after a restart
    capsys.readouterr()
    data = load(save).data
    assert data.own["ti"]["accounts"]["ABC"]["games"] == 2
    assert len(data.own["ti"]["accounts"]["ABC"]["history"]) == 2
    assert [(e.initials, e.values["level"]) for e in data.rankings["ti"]["ti-grade"]] == [
        ("ABC", 2)]
