"""Input scripts: every bad line is one line on stderr and exit status 2 (issue 20 item 8)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.errors import UsageError
from firmware.inputscript import MAX_SCRIPT_FRAME, parse_script
from tests.conftest import LONG

BAD_SCRIPTS: dict[str, bytes] = {
    "Arabic-Indic digits": "\u0661\u0660 p1.left down\n".encode(),
    "superscript digit": "\u00b2 p1.left down\n".encode(),
    "5000-digit frame": b"9" * 5000 + b" p1.left down\n",
    "frame past the bound": f"{MAX_SCRIPT_FRAME + 1} coin1 down\n".encode(),
    "binary junk": bytes(range(256)) * 4,
    "NUL in a line": b"10 p1.left\x00 down\n",
    "not UTF-8": b"10 coin1 down\n\xff\xfe 11 coin1 up\n",
    "events out of order": b"20 coin1 down\n10 coin1 up\n",
    "signed frame": b"+10 coin1 down\n",
    "underscore frame": b"1_0 coin1 down\n",
}


def run_script(capsys: pytest.CaptureFixture[str], path: Path,
               command: str = "sim") -> tuple[int, str, str]:
    if command == "sim":
        argv = ["sim", "--rules", "sega88", "--frames", "5", "--inputs", str(path), "--json"]
    else:
        argv = ["run", "--headless", "--frames", "5", "--inputs", str(path), "--no-sound",
                "--save-dir", str(path.parent / "save")]
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["sim", "run"])
@pytest.mark.parametrize("name", sorted(BAD_SCRIPTS))
def test_bad_script_is_one_line_exit_2(name: str, command: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "script.txt"
    path.write_bytes(BAD_SCRIPTS[name])
    code, out, err = run_script(capsys, path, command)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and str(path) in err


def test_out_of_order_names_both_frames() -> None:
    with pytest.raises(UsageError, match="line 3: frame 10 comes after frame 20"):
        parse_script("20 coin1 down\n\n10 coin1 up\n")


def test_same_frame_keeps_file_order_and_tabs_separate() -> None:
    events = parse_script("5\tp1.start down\n5 p1.start up\n6 coin2 down  # a comment\r\n")
    assert [(e.frame, e.control, e.down) for e in events] == [
        (5, "p1.start", True), (5, "p1.start", False), (6, "coin2", True)]


FUZZ = 3000 if LONG else 300


def test_random_bytes_never_crash(tmp_path: Path) -> None:
    rng = random.Random(20)
    good = b"10 coin1 down\n11 coin1 up\n40 p1.start down\n"
    for _ in range(FUZZ):
        raw = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            continue
        try:
            events = parse_script(text)
        except UsageError as exc:
            assert "\n" not in str(exc)
            continue
        frames = [e.frame for e in events]
        assert frames == sorted(frames) and all(0 <= f <= MAX_SCRIPT_FRAME for f in frames)
