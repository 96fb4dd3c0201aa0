"""`bloxcab run --headless` with an input script: the operator changes a setting in the
service menu and the next game gets it (settings flow through the save data on disk)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.savedata import load

# TEST into the menu, SERVICE x4 to GAME ASSIGNMENTS, TEST; SERVICE x2 to Lines Per Level,
# TEST (3 -> 4); lever down x6 to EXIT... then EXIT on the first page with button 2.
SCRIPT = """
10 test down
11 test up
""" + "".join(f"{20 + 2 * i} service down\n{21 + 2 * i} service up\n" for i in range(4)) + """
40 test down
41 test up
50 service down
51 service up
52 service down
53 service up
60 test down
61 test up
70 p1.b2 down
71 p1.b2 up
80 p1.b2 down
81 p1.b2 up
90 coin1 down
100 p1.start down
101 p1.start up
"""


def test_cli_run_menu_setting_reaches_the_save_data(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "menu.txt"
    script.write_text(SCRIPT)
    save = tmp_path / "save"
    status = main(["run", "--headless", "--no-sound", "--frames", "130", "--inputs",
                   str(script), "--save-dir", str(save)])
    assert status == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["screen"] == "play" and summary["games_started"] == 1
    data = load(save).data
    assert (data.dips["bloxeed"].sw2 >> 2) & 3 == 0b10  # Lines Per Level 4: SW2:3 ON, 4 OFF
    assert data.bookkeeping.games["bloxeed"].one_player == 1
