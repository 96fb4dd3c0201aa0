"""Per-stage best times reach save data: the cartridge's records, kept at their best per
game, written and read back, cleared with the rankings; a real credit on the machine."""

from pathlib import Path

import pytest

from firmware.savedata import SaveData, better_records, clear_rankings
from firmware.savedata.schema import SchemaError, from_dict, to_dict
from games.flashpoint.rules.session import CHOICE
from tests.kiosk_kit import Rig, p1


def test_better_records_keeps_the_lowest() -> None:
    data = SaveData()
    assert better_records(data, "flashpoint", {"stage_1_time": 900, "stage_2_time": 700}) == [
        "stage_1_time", "stage_2_time"]
    assert better_records(data, "flashpoint", {"stage_1_time": 950, "stage_2_time": 650}) == [
        "stage_2_time"]
    assert data.records["flashpoint"] == {"stage_1_time": 900, "stage_2_time": 650}


def test_records_round_trip_and_clear_with_the_rankings() -> None:
    data = SaveData()
    better_records(data, "flashpoint", {"stage_12_time": 4321})
    again = from_dict(to_dict(data))
    assert again.records == {"flashpoint": {"stage_12_time": 4321}}
    assert "records" not in to_dict(SaveData())["games"]["flashpoint"]
    clear_rankings(again)
    assert again.records == {}


@pytest.mark.parametrize("bad", [[1, 2], {"stage_1_time": -5}, {"stage_1_time": "fast"}])
def test_bad_records_are_a_schema_error(bad) -> None:
    raw = to_dict(SaveData())
    raw["games"]["flashpoint"]["records"] = bad
    with pytest.raises(SchemaError) as info:
        from_dict(raw)
    assert "games.flashpoint.records" in str(info.value)


def test_a_credit_on_the_machine_keeps_its_stage_times(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="flashpoint")
    try:
        rig.coin(1)
        rig.press(p1(start=True))
        game = rig.machine.game
        side = game.side(0)
        from games.flashpoint.demo import demo_inputs

        moves = demo_inputs(game)
        for _ in range(20_000):
            if side.stages_cleared >= 2 and side.mode == CHOICE:
                break
            rig.step(next(moves))
        times = side.records()
        assert len(times) == 2
        for _ in range(60_000):  # now let the stack top out
            if not game.playing(0):
                break
            rig.step(p1(down=True) if side.mode != CHOICE else p1(b1=True))
        rig.frames(2)
        assert rig.machine.data.records["flashpoint"] == side.records()
        assert set(times) <= set(side.records())
    finally:
        rig.close()


def test_rankings_records_cli(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    from firmware.savedata import SaveWriter

    data = SaveData()
    better_records(data, "flashpoint", {"stage_10_time": 1200, "stage_9_time": 600})
    writer = SaveWriter(tmp_path)
    writer.submit(data)
    writer.close()
    run = [sys.executable, "-m", "firmware.cli", "rankings", "records", "--save-dir",
           str(tmp_path)]
    text = subprocess.run(run, capture_output=True, text=True, timeout=60)
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines() == [
        "flashpoint stage_9_time 600 frames (10.00 s)",
        "flashpoint stage_10_time 1200 frames (20.00 s)",
    ]
    as_json = subprocess.run([*run, "--json"], capture_output=True, text=True, timeout=60)
    assert json.loads(as_json.stdout) == {
        "flashpoint": {"stage_9_time": 600, "stage_10_time": 1200}}
