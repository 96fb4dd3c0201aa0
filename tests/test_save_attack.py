"""Save data under attack (issue 20 items 3, 4, 5, 9): two kiosks on one directory, a bank
that cannot be written, counters at their top, CRC-valid banks with hostile content,
symbolic links, a deleted bank, and an unwritable directory on the attract screen."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.credits import COUNT_CEILING, MAX_HELD_CREDITS
from firmware.errors import UsageError
from firmware.inputscript import parse_script
from firmware.kiosk import SAVE_ALARM, Kiosk, KioskOptions
from firmware.machine import Screen
from firmware.savedata import SaveData, SaveWriter, load, save_dir
from firmware.savedata.banks import bank_path, read_banks, write_bank
from firmware.savedata.lock import SaveDirLocked, SaveLock
from firmware.savedata.record import Record
from firmware.savedata.schema import CURRENT_VERSION, to_dict
from firmware.savedata.writer import encode_snapshot
from games.registry import CARTRIDGES
from tests.conftest import LONG

REPO = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).with_name("save_child.py")


def _silent(_line: str) -> None:
    pass


def kiosk(save: Path, script: str = "") -> Kiosk:
    return Kiosk(KioskOptions(mode="headless", inputs=parse_script(script), save_dir=save,
                              audio=False))


def put(directory: Path, bank: str, seq: int, payload: bytes | dict[str, object]) -> None:
    """A CRC-valid record holding exactly ``payload``."""
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    write_bank(directory, bank, Record(CURRENT_VERSION, seq, raw))


def good(credits: int = 3) -> dict[str, object]:
    return to_dict(SaveData(credits=credits))


# ---- item 3: one kiosk per save directory --------------------------------------------------

def test_a_second_kiosk_on_the_same_directory_is_refused(tmp_path: Path) -> None:
    first = kiosk(tmp_path)
    try:
        with pytest.raises(SaveDirLocked, match="in use by another bloxcab"):
            kiosk(tmp_path)
    finally:
        first.close()
    kiosk(tmp_path).close()  # the lock went with the first kiosk


def test_a_second_bloxcab_process_gets_one_line_and_exit_2(tmp_path: Path) -> None:
    """A real second process while this one holds the lock, as two units would."""
    lock = SaveLock(tmp_path)
    lock.acquire()
    try:
        run = subprocess.run(
            [sys.executable, "-m", "firmware.cli", "run", "--headless", "--frames", "5",
             "--no-sound", "--save-dir", str(tmp_path)],
            capture_output=True, text=True, timeout=120, cwd=REPO,
            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    finally:
        lock.release()
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        f"bloxcab run: save directory {tmp_path} is in use by another bloxcab "
        "(lock bloxcab.lock); run one kiosk per save directory"]
    assert [r.problem for r in read_banks(tmp_path)] == ["missing", "missing"]


def test_the_cli_in_this_process_is_refused_too(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    first = kiosk(tmp_path)
    capsys.readouterr()  # the first kiosk's own boot lines
    try:
        code = main(["run", "--headless", "--frames", "5", "--no-sound", "--save-dir",
                     str(tmp_path)])
    finally:
        first.close()
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.splitlines()) == 1


# ---- item 4: a bank that cannot be written -------------------------------------------------

def test_a_bank_replaced_by_a_directory_does_not_stop_the_saving(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    data = SaveData()
    data.credits = 1
    assert writer.wait_durable(writer.submit(data), 10)  # bank A, sequence 1
    writer.close()
    bank_path(tmp_path, "B").mkdir()  # the next bank to write
    log: list[str] = []
    writer = SaveWriter(tmp_path, log=log.append)
    for credits in (2, 3, 4):
        data.credits = credits
        assert writer.wait_durable(writer.submit(data), 10)
    writer.close()
    assert writer.last_error is None and list(writer.bank_errors) == ["B"]
    assert sum("cannot be written" in line for line in log) == 1
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.sequence, result.data.credits) == ("A", 4, 4)


def stick(directory: Path) -> None:
    """Neither bank can be written: both are directories, and so are their new files."""
    for name in ("A", "B"):
        path = bank_path(directory, name)
        path.mkdir()
        path.with_name(path.name + ".new").mkdir()


def unstick(directory: Path) -> None:
    for name in ("A", "B"):
        path = bank_path(directory, name)
        path.rmdir()
        path.with_name(path.name + ".new").rmdir()


def test_a_stuck_save_never_holds_up_the_headless_frames(tmp_path: Path) -> None:
    """Before: every frame with a coin pending waited 5 s for a write that never came
    (300 frames here would have taken 25 minutes, past the test timeout)."""
    stick(tmp_path)
    script = "".join(f"{f} coin1 down\n{f + 1} coin1 up\n" for f in range(10, 300, 20))
    k = kiosk(tmp_path, script)
    try:
        for _ in range(300):
            k.frame()
        assert k.machine.frame == 300
        assert k.machine.credits == 0  # no coin is shown before it is on disk
        assert len(k.machine.desk.pending) == 15
        assert k.writer.last_error is not None and "EISDIR" in k.writer.last_error
        assert k.alarms() == [SAVE_ALARM]
        unstick(tmp_path)
        last = max(p.ticket for p in k.machine.desk.pending)
        assert k.writer.wait_durable(last, 30)
        k.frame()
        assert k.machine.credits == 9 and k.alarms() == []  # 15 coins: 9 shown, 6 held
    finally:
        k.close()
    assert load(tmp_path, log=_silent).data.bookkeeping.coins == [15, 0]


def test_counters_at_their_top_and_the_last_sequence_stay_writable(tmp_path: Path) -> None:
    """coins 2^63-1 and sequence 2^64-1 load; before, the next write was refused forever."""
    top = good()
    top["bookkeeping"]["coins"] = [COUNT_CEILING, COUNT_CEILING]  # type: ignore[index]
    top["bookkeeping"]["credits_given"] = COUNT_CEILING  # type: ignore[index]
    put(tmp_path, "A", 2**64 - 1, top)
    loaded = load(tmp_path, log=_silent)
    assert loaded.sequence == 2**64 - 1 and not loaded.cleared
    k = kiosk(tmp_path, "10 coin1 down\n11 coin1 up\n")
    try:
        for _ in range(12):
            k.frame()
        assert k.machine.credits == 1 and k.writer.last_error is None
    finally:
        k.close()
    result = load(tmp_path, log=_silent)
    # The coin's commit wrapped to sequence 0 in bank B (newer than 2^64-1 as a serial
    # number), the shutdown commit to 1 in bank A; the counts stayed at their top.
    assert {r.name: r.record.sequence for r in read_banks(tmp_path) if r.record} == {
        "A": 1, "B": 0}
    assert (result.bank, result.sequence, result.data.credits) == ("A", 1, 1)
    assert result.data.bookkeeping.coins == [COUNT_CEILING, COUNT_CEILING]


# ---- item 5: CRC-valid banks with hostile content ------------------------------------------

def _with(path: tuple[str | int, ...], value: object) -> dict[str, object]:
    payload = good(5)
    node: object = payload
    for key in path[:-1]:
        node = node[key]  # type: ignore[index]
    node[path[-1]] = value  # type: ignore[index]
    return payload


TABLE = ("games", "bloxeed", "rankings", "normal")


def row(initials: str, score: int = 10) -> dict[str, object]:
    columns = CARTRIDGES["bloxeed"].board.ranking.columns
    return {"initials": initials, "values": {c: score if c == "score" else 1 for c in columns},
            "replay": None}


HOSTILE: dict[str, bytes | dict[str, object]] = {
    "5000-digit integer": b'{"credits": ' + b"9" * 5000 + b"}",
    "25-digit integer": json.dumps(_with(("credits",), 10**24)).encode(),
    "100000-deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep nesting in a field": json.dumps(
        _with(("credit_board",), {"a": json.loads("[" * 20 + "]" * 20)})).encode(),
    "NaN": json.dumps(_with(("credits",), float("nan"))).encode(),
    "held 10^12": _with(("credit_board",), {"credits": 2, "held": 10**12}),
    "held one past the cap": _with(("credit_board",), {"held": MAX_HELD_CREDITS + 1}),
    "credit_board unknown key": _with(("credit_board",), {"free": 5}),
    "partial coins nested": _with(("credit_board",), {"partial": {"A": {"coins": [1]}}}),
    "board credits over the cap": _with(("credit_board",), {"credits": 10}),
    "initials of 4": _with(TABLE, [row("ABCD")]),
    "initials of 40": _with(TABLE, [row("A" * 40)]),
    "initials not printable": _with(TABLE, [row("A\x00B")]),
    "score of 10^25": _with(TABLE, [row("ABC", 10**25)]),
    "cleared_at of 10000": _with(("bookkeeping", "cleared_at"), "x" * 10_000),
    "not UTF-8": b'{"credits": "\xff"}',
    "payload is a string": b'"hello"',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_newer_bank_falls_back_to_the_other(name: str, tmp_path: Path) -> None:
    put(tmp_path, "A", 7, good(3))
    put(tmp_path, "B", 8, HOSTILE[name])
    lines: list[str] = []
    result = load(tmp_path, log=lines.append)
    assert (result.bank, result.sequence, result.data.credits) == ("A", 7, 3)
    assert not result.cleared
    assert result.notice is not None and result.notice.startswith("save: bank B unusable (")
    assert lines == [result.notice] and len(result.notice) < 300


@pytest.mark.parametrize("name", ["5000-digit integer", "100000-deep nesting", "held 10^12"])
def test_both_banks_hostile_is_factory_data_with_the_notice(name: str, tmp_path: Path) -> None:
    put(tmp_path, "A", 7, HOSTILE[name])
    put(tmp_path, "B", 8, HOSTILE[name])
    result = load(tmp_path, log=_silent)
    assert result.cleared and result.data == SaveData()
    assert result.notice is not None and "BACKUP DATA CLEARED" in result.notice
    k = kiosk(tmp_path)  # and the kiosk boots on it
    try:
        k.frame()
        assert k.machine.screen == Screen.NOTICE
    finally:
        k.close()


FUZZ = 3000 if LONG else 300


def test_fuzzed_crc_valid_banks_never_raise_and_what_loads_writes_back(tmp_path: Path) -> None:
    """Random edits of a real payload, each sealed with a valid CRC: load() never raises,
    and whatever it accepts the writer can write again (a loadable save is writable)."""
    rng = random.Random(5)
    base = json.dumps(to_dict(SaveData(credits=2))).encode()
    pieces = [b"9" * 30, b"[", b"]", b"{", b"}", b'"', b"-1", b"null", b"1e999", b"true",
              b'"ABCD"', b"\xff", b"0", b",", b":", b"NaN", b"18446744073709551615"]
    put(tmp_path, "A", 1, good(4))
    loaded_count = 0
    for _ in range(FUZZ):
        raw = bytearray(base)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(raw))
            raw[at:at + rng.randint(0, 4)] = rng.choice(pieces)
        put(tmp_path, "B", 2, bytes(raw))
        result = load(tmp_path, log=_silent)
        assert result.bank in ("A", "B")
        if result.bank == "B":
            loaded_count += 1
            encode_snapshot(to_dict(result.data))  # raises if it could not be written
    assert 0 < loaded_count < FUZZ  # some edits load, the damaging ones are refused


# ---- item 9: files -------------------------------------------------------------------------

def test_a_bank_that_is_a_symbolic_link_is_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    put(elsewhere, "A", 9, good(9))
    save = tmp_path / "save"
    save.mkdir()
    put(save, "B", 2, good(2))
    bank_path(save, "A").symlink_to(bank_path(elsewhere, "A"))
    result = load(save, log=_silent)
    assert (result.bank, result.data.credits) == ("B", 2)
    assert result.notice is not None and "bank A is a symbolic link (refused)" in result.notice


def test_a_symlinked_save_directory_is_refused_unless_allowed(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(UsageError, match="is a symbolic link; refusing it"):
        save_dir(str(link), {})
    assert save_dir(str(link), {}, allow_symlink=True) == link


def test_a_symlinked_save_directory_from_the_cli_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    code = main(["run", "--headless", "--frames", "2", "--no-sound", "--save-dir",
                 str(tmp_path / "link")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    config = tmp_path / "cabinet.toml"
    config.write_text("[save]\nallow_symlink = true\n")
    code = main(["run", "--headless", "--frames", "2", "--no-sound", "--config", str(config),
                 "--save-dir", str(tmp_path / "link")])
    assert code == 0
    assert (tmp_path / "real" / "bloxcab.lock").exists()


def test_deleting_the_newest_bank_is_a_notice_not_a_silent_rollback(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    for credits in (1, 2, 3):  # A=1, B=2, A=3
        assert writer.wait_durable(writer.submit(SaveData(credits=credits)), 10)
    writer.close()
    bank_path(tmp_path, "A").unlink()
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.sequence, result.data.credits) == ("B", 2, 2)
    assert result.notice == ("save: bank A missing though bank B's sequence 2 says it was "
                             "written; the newest commit may be lost; using bank B (sequence 2)")


def test_the_first_commit_alone_is_no_notice(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    assert writer.wait_durable(writer.submit(SaveData(credits=1)), 10)
    writer.close()
    assert load(tmp_path, log=_silent).notice is None


def test_a_full_card_shows_save_error_on_the_attract_screen_at_once(tmp_path: Path) -> None:
    """A child kiosk under RLIMIT_FSIZE 0 (every write is EFBIG, a full card even for root):
    SAVE ERROR is drawn on the very first attract frame, before any coin."""
    run = subprocess.run([sys.executable, str(CHILD), "full-kiosk", str(tmp_path)],
                         capture_output=True, text=True, timeout=120, cwd=REPO,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                              "SDL_AUDIODRIVER": "dummy"})
    assert run.returncode == 0, run.stderr
    assert [line for line in run.stdout.splitlines() if not line.startswith("save:")] == [
        "screen=title alarms=['SAVE ERROR'] alarm_row_red=True",
        "fixed alarms=[] alarm_row_red=False",
    ]


TRIALS = 5 if LONG else 1


def test_two_kiosk_processes_on_one_directory_lose_no_coin(tmp_path: Path) -> None:
    """The campaign's trial: two kiosks started on one save directory, coins going in. The
    second is refused (exit 2, one line); every coin of the first is on disk."""
    script = tmp_path / "coins.txt"
    script.write_text("".join(f"{f} coin1 down\n{f + 1} coin1 up\n" for f in range(20, 300, 20)))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for trial in range(TRIALS):
        save = tmp_path / f"save{trial}"
        argv = [sys.executable, "-m", "firmware.cli", "run", "--headless", "--realtime",
                "--no-sound", "--frames", "320", "--inputs", str(script), "--save-dir", str(save)]
        first = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, cwd=REPO, env=env)
        assert first.stdout is not None
        # Fresh save data: the kiosk reports BACKUP DATA CLEARED once it holds the lock.
        assert "BACKUP DATA CLEARED" in first.stdout.readline()
        second = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=REPO,
                                env=env)
        rest, _ = first.communicate(timeout=120)
        assert (first.returncode, second.returncode) == (0, 2), second.stderr
        assert len(second.stderr.splitlines()) == 1 and "in use" in second.stderr
        summary = json.loads(rest.strip().splitlines()[-1])
        assert summary["frames"] == 320
        assert [line for line in rest.splitlines() if line.startswith("coin ")][-1] == (
            "coin chute=1 total=14")
        assert load(save, log=_silent).data.bookkeeping.coins == [14, 0]
