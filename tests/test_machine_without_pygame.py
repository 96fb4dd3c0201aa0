"""The cabinet state machine imports and plays with pygame absent: it does not know the
service menu or the screen (issue 11: the machine and the service menu untangled)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Runs in a fresh interpreter where ``import pygame`` raises ImportError.
SCRIPT = """
import json, sys
sys.modules["pygame"] = None
from engine import InputFrame, PlayerInput
from firmware.machine import CabinetMachine, Screen
from firmware.savedata import SaveWriter, load

loaded = load(sys.argv[1])
writer = SaveWriter(sys.argv[1], log=lambda line: None)
machine = CabinetMachine(loaded.data, writer, cleared=loaded.cleared)
seen = []

def step(frame=InputFrame()):
    machine.step(frame)
    if machine.desk.pending:
        assert writer.wait_durable(max(p.ticket for p in machine.desk.pending), 5.0)
    if not seen or seen[-1] != machine.screen.value:
        seen.append(machine.screen.value)

step(InputFrame(coin1=1))
step()
credits_after_coin = machine.credits
step(InputFrame(test=True))  # no test mode was given: TEST changes nothing
step()
step(InputFrame(p1=PlayerInput(start=True)))
step()
for frame in range(3000):
    step(InputFrame(p1=PlayerInput(down=frame % 2 == 0)))
    if machine.screen != Screen.PLAY:
        break
writer.close()
print(json.dumps({
    "credits_after_coin": credits_after_coin,
    "credits": machine.credits,
    "started": machine.games_started,
    "finished": machine.games_finished,
    "screens": seen,
    "pygame": sys.modules.get("pygame") is not None,
    "video": sorted(m for m in sys.modules if m.startswith(("cabinet.video", "firmware.service"))),
}))
"""


def test_machine_plays_a_game_where_pygame_cannot_be_imported(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["credits_after_coin"] == 1  # factory coinage: 1 coin 1 credit
    assert result["credits"] == 0 and result["started"] == 1
    assert result["finished"] == 1  # soft-dropping every other frame tops out the well
    assert result["screens"][:2] == ["notice", "play"]  # fresh save data: the notice
    assert result["screens"][2] == "game_over"  # GAME OVER comes before any name entry
    assert result["pygame"] is False and result["video"] == []
