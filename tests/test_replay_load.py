"""Replays are validated at load: a damaged file is one line (CLI exit 2), never a crash,
and a bad bundled demo is skipped with a notice (issue 20 items 6 and 8)."""

from __future__ import annotations

import json
import random
import resource
from dataclasses import replace
from pathlib import Path

import pytest

from engine.replay import MAX_FRAMES, Replay, ReplayError, verify
from firmware.cli import main
from firmware.game_files import demo_folder
from firmware.kiosk import load_demos
from firmware.replay_file import read_replay
from games.registry import CARTRIDGES, new_session
from tests.conftest import LONG

DEMO_PATH = Path(__file__).resolve().parent.parent / "games" / "sega88" / "demos" / "demo.rpl"
DEMO = DEMO_PATH.read_text()


def edit_header(text: str, **changes: object) -> str:
    lines = text.splitlines()
    header = json.loads(lines[1])
    header.update(changes)
    return "\n".join([lines[0], json.dumps(header), *lines[2:]]) + "\n"


def header_line(text: str, line: str) -> str:
    lines = text.splitlines()
    return "\n".join([lines[0], line, *lines[2:]]) + "\n"


def replay_cli(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


BAD_HEADERS = {
    "settings text": edit_header(DEMO, settings="x"),
    "settings null": edit_header(DEMO, settings=None),
    "checkpoints null": edit_header(DEMO, checkpoints=None),
    "checkpoints past the end": edit_header(DEMO, checkpoints={"999999": "ab"}),
    "checkpoint not a hash": edit_header(DEMO, checkpoints={"600": 5}),
    "players 11": edit_header(DEMO, players=11),
    "players text": edit_header(DEMO, players="1"),
    "players true": edit_header(DEMO, players=True),
    "seed 2**40": edit_header(DEMO, seeds={"main": 2**40}),
    "seed negative": edit_header(DEMO, seeds={"main": -1}),
    "seeds null": edit_header(DEMO, seeds=None),
    "seed name nested": header_line(DEMO, '{"seeds": {"main": {"main": 3}}}'),
    "seed 5000 digits": header_line(DEMO, '{"seeds": {"main": ' + "9" * 5000 + "}}"),
    "joins not pairs": edit_header(DEMO, joins=[[5]]),
    "join past the end": edit_header(DEMO, joins=[[99999, 1]]),
    "meta nested": edit_header(DEMO, meta={"player": {"a": {"b": 1}}}),
    "frames 10**12": edit_header(DEMO, frames=10**12),
    "difficulty nested": edit_header(DEMO, settings={"difficulty": {"a": [1]}}),
    "setting a list": edit_header(DEMO, settings={"difficulty": ["hard"]}),
    "setting 30 digits": header_line(DEMO, '{"settings": {"x": ' + "1" * 30 + "}}"),
    "lines_per_level 7": edit_header(DEMO, settings={"lines_per_level": 7}),
    "difficulty unknown": edit_header(DEMO, settings={"difficulty": "insane"}),
    "rules nested": edit_header(DEMO, rules={"rules": {"rules": "sega88"}}),
    "rules unknown": edit_header(DEMO, rules="tetris99"),
    "versus for one player": edit_header(DEMO, settings={"versus": True}),
    "header is a list": header_line(DEMO, "[1, 2, 3]"),
    "header nested 100000 deep": header_line(DEMO, "[" * 100_000 + "]" * 100_000),
    "header nested 5000 deep": header_line(DEMO, '{"a":' * 5000 + "1" + "}" * 5000),
    "header NaN": edit_header(DEMO, seed=float("nan")),
    "final hash nested": edit_header(DEMO, final_hash=["ab"]),
}

BAD_INPUTS = {
    "run of 0 frames": "0*0",
    "run of 300 million": "0*300000000",
    "run of 10^12": "0*1000000000000",
    "runs past the frame count": "0*2400 1",
    "fewer frames than the header": "0*2399",
    "input bits too wide": "fffffffff",
    "non-ASCII digits": "0*\u0664\u0660",
    "negative count": "0*-5",
    "underscore in count": "0*2_400",
    "binary junk": "0*2400 \x00\x01",
}


def with_inputs(text: str, tokens: str) -> str:
    lines = text.splitlines()
    return "\n".join([*lines[:2], tokens]) + "\n"


@pytest.mark.parametrize("name", sorted(BAD_HEADERS))
def test_bad_header_is_one_line_exit_2(name: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.rpl"
    path.write_text(BAD_HEADERS[name])
    code, out, err = replay_cli(capsys, path)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and "replay" in err


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_inputs_are_one_line_exit_2(name: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.rpl"
    path.write_text(with_inputs(DEMO, BAD_INPUTS[name]))
    code, out, err = replay_cli(capsys, path)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1


def test_huge_run_is_refused_before_it_is_expanded(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # The campaign's 0*300000000 took 4.7 GB. The run total is checked against the header's
    # frame count (itself at most MAX_FRAMES) before a single frame is expanded.
    text = with_inputs(edit_header(DEMO, frames=MAX_FRAMES), "0*300000000")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ReplayError, match="a run of 300000000 frames takes the inputs past"):
        Replay.from_text(text)
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kib < 50_000


def test_non_utf8_and_oversized_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.rpl"
    path.write_bytes(DEMO.encode()[:200] + b"\xff\xfe" + DEMO.encode()[200:])
    code, _, err = replay_cli(capsys, path)
    assert code == 2 and "UTF-8" in err and len(err.splitlines()) == 1


def test_hash_differs_keeps_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "demo.rpl"
    path.write_text(edit_header(DEMO, final_hash="0" * 32))
    code, out, _ = replay_cli(capsys, path)
    assert code == 1 and "MISMATCH" in out
    path.write_text(DEMO)
    assert replay_cli(capsys, path)[0] == 0


def test_good_replays_still_round_trip() -> None:
    for cart in CARTRIDGES.values():
        folder = demo_folder(cart)
        for path in sorted(folder.glob("*.rpl")) if folder else []:
            replay = read_replay(path)
            assert Replay.from_text(replay.to_text()) == replay


def demos_from(directory: Path, notices: list[str]) -> dict[str, Replay]:
    """load_demos with the sega88 cartridge's demo folder moved to ``directory``."""
    cart = CARTRIDGES["sega88"]
    carts = {"sega88": replace(
        cart, presentation=replace(cart.presentation, demo_dir=str(directory)))}
    return load_demos(notices, carts)


def test_a_demo_with_players_11_is_skipped_with_a_notice(tmp_path: Path) -> None:
    # The campaign's one bad byte: "players": 1 -> 11 in the bundled demo.
    (tmp_path / "demo.rpl").write_text(DEMO.replace('"players": 1', '"players": 11'))
    notices: list[str] = []
    assert demos_from(tmp_path, notices) == {}
    assert len(notices) == 1 and "sega88/demo.rpl skipped" in notices[0]
    assert "'players' must be a whole number 0-2, not 11" in notices[0]


def test_a_demo_that_cannot_start_is_skipped_and_the_next_one_is_used(tmp_path: Path) -> None:
    (tmp_path / "a.rpl").write_text(edit_header(DEMO, settings={"versus": True}))
    (tmp_path / "b.rpl").write_text(DEMO)
    notices: list[str] = []
    demos = demos_from(tmp_path, notices)
    assert list(demos) == ["sega88"] and "a.rpl skipped" in notices[0]


def test_a_demo_file_holding_another_game_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "demo.rpl").write_text(edit_header(DEMO, rules="bloxeed"))
    notices: list[str] = []
    assert demos_from(tmp_path, notices) == {}
    assert "plays bloxeed, not this game" in notices[0]


MUTANTS = 400 if LONG else 40


def test_fuzzed_demo_bytes_never_crash_the_cabinet(tmp_path: Path) -> None:
    """Single-byte damage anywhere in a bundled demo: it loads and plays, or is skipped."""
    rng = random.Random(20)
    raw = DEMO.encode()
    header_end = raw.index(b"\n", raw.index(b"\n") + 1)
    path = tmp_path / "demo.rpl"
    for n in range(MUTANTS):
        damaged = bytearray(raw)
        # Half the damage lands in the header, where a byte changes a field.
        where = rng.randrange(header_end) if n % 2 else rng.randrange(len(raw))
        damaged[where] = rng.choice(b"0123456789{}[]\",:*x\xff \n-")
        path.write_bytes(bytes(damaged))
        notices: list[str] = []
        demos = demos_from(tmp_path, notices)
        assert len(demos) + len(notices) == 1
        assert all("\n" not in line for line in notices)
        for replay in demos.values():  # a mutant that loads plays through
            verify(replay, new_session(replay.rules, replay.settings, replay.seeds,
                                       replay.players))


FIELD_VALUES = [None, "x", "", -1, 0, 1, 2, 3, 11, 2**31, 2**32, 2**64, 1.5, True, [], {},
                [1], {"a": 1}, "normal", "ff" * 16, {"difficulty": "hard"}]
EDITS = 300 if LONG else 60


def test_fuzzed_header_fields_load_and_play_or_are_refused(tmp_path: Path) -> None:
    """Any value in any header field (and settings key): a ReplayError, or a replay whose
    game starts (the engine never sees a value the loader let through by mistake)."""
    rng = random.Random(8)
    keys = ["rules", "settings", "seeds", "players", "engine", "rules_version", "frames",
            "final_hash", "checkpoints", "joins", "meta"]
    setting_keys = ["difficulty", "lines_per_level", "high_speed", "versus"]
    for _ in range(EDITS):
        header = json.loads(DEMO.splitlines()[1])
        for _ in range(rng.randint(1, 3)):
            value = rng.choice(FIELD_VALUES)
            if rng.random() < 0.4:
                old = header["settings"]
                header["settings"] = dict(old) if isinstance(old, dict) else {}
                header["settings"][rng.choice(setting_keys)] = value
            else:
                header[rng.choice(keys)] = value
        path = tmp_path / "edited.rpl"
        path.write_text(header_line(DEMO, json.dumps(header)))
        try:
            replay = read_replay(path)
        except ReplayError as exc:
            assert "\n" not in str(exc)
            continue
        assert replay.players in (1, 2)
        assert all(0 <= seed <= 0xFFFFFFFF for seed in replay.seeds.values())
        assert len(replay.inputs) == 2400
