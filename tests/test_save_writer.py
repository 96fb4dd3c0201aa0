"""The background writer: durability reports, coin lines after fsync, failing writes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from firmware.savedata import SaveData, SaveWriter, load
from firmware.savedata.banks import bank_path, read_banks

CHILD = Path(__file__).with_name("save_child.py")


def _silent(_line: str) -> None:
    pass


class Lines:
    """A thread-safe log sink."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self._lock:
            self.lines.append(line)


def test_commits_alternate_banks_and_become_durable(tmp_path: Path) -> None:
    durable: list[int] = []
    writer = SaveWriter(tmp_path, log=_silent, on_durable=durable.append)
    data = SaveData()
    for credits in (1, 2, 3):
        data.credits = credits
        seq = writer.submit(data)
        assert writer.wait_durable(seq, 10)
        assert writer.poll_durable() == seq
        result = load(tmp_path, log=_silent)
        assert (result.sequence, result.data.credits) == (seq, credits)
    assert writer.close()
    assert durable == [1, 2, 3]
    held = {r.name: r.record.sequence for r in read_banks(tmp_path) if r.record}
    assert held == {"A": 3, "B": 2}


def test_submit_snapshots_the_data(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    data = SaveData(credits=5)
    seq = writer.submit(data)
    data.credits = 99  # changed after submit: must not leak into that commit
    assert writer.wait_durable(seq, 10)
    writer.close()
    assert load(tmp_path, log=_silent).data.credits == 5


def test_writer_continues_the_sequence_after_a_restart(tmp_path: Path) -> None:
    first = SaveWriter(tmp_path, log=_silent)
    first.submit(SaveData(credits=1))
    first.submit(SaveData(credits=2))
    assert first.close()
    second = SaveWriter(tmp_path, log=_silent)
    assert second.poll_durable() == 2
    assert second.submit(SaveData(credits=3)) == 3
    assert second.close()
    assert load(tmp_path, log=_silent).sequence == 3


def test_bad_coin_chute_is_refused(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    with pytest.raises(ValueError, match="coin chute 3"):
        writer.submit(SaveData(), coin_chute=3)
    writer.close()


def test_coin_line_is_printed_only_once_the_coin_is_on_disk(tmp_path: Path) -> None:
    """Freeze the child the moment a coin line arrives; the banks must already count it."""
    count = 24
    child = subprocess.Popen(
        [sys.executable, str(CHILD), "coins", str(tmp_path), str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert child.stdout is not None
    seen: dict[int, list[int]] = {1: [], 2: []}
    try:
        for raw in child.stdout:
            line = raw.decode()
            match = re.fullmatch(r"coin chute=(\d) total=(\d+)\n", line)
            if not match:
                assert line == "closed True\n"
                continue
            os.kill(child.pid, signal.SIGSTOP)
            chute, total = int(match[1]), int(match[2])
            on_disk = load(tmp_path, log=_silent).data.bookkeeping.coins[chute - 1]
            os.kill(child.pid, signal.SIGCONT)
            assert on_disk >= total, f"line {line!r} printed before the commit was durable"
            seen[chute].append(total)
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
    # Every coin is reported once, in order, per chute.
    assert seen == {1: list(range(1, count // 2 + 1)), 2: list(range(1, count // 2 + 1))}


def test_a_bank_that_cannot_be_written_sends_the_commits_to_the_other(tmp_path: Path) -> None:
    """Bank B is a symbolic link to /dev/full (ENOSPC on every write if it were followed). It
    is never followed (O_NOFOLLOW: ELOOP), and the coins go to bank A through a renamed new
    file, so they become durable at once instead of waiting forever on bank B."""
    data = SaveData(credits=1)
    first = SaveWriter(tmp_path, log=_silent)
    assert first.wait_durable(first.submit(data), 10)  # bank A holds sequence 1
    first.close()

    bank_path(tmp_path, "B").symlink_to("/dev/full")
    log = Lines()
    writer = SaveWriter(tmp_path, log=log, retry_first=0.005, retry_max=0.02)
    tickets = []
    for _ in range(3):
        data.bookkeeping.coins[0] += 1
        data.credits += 1
        tickets.append(writer.submit(data, coin_chute=1))
    assert writer.wait_durable(tickets[-1], 10)
    writer.close()
    assert writer.last_error is None
    assert writer.bank_errors == {"B": "ELOOP Too many levels of symbolic links"}
    assert [line for line in log.lines if "cannot be written" in line] == [
        "save: bank B cannot be written (ELOOP Too many levels of symbolic links); "
        "commits go to bank A instead"]
    assert [line for line in log.lines if line.startswith("coin")] == [
        "coin chute=1 total=1", "coin chute=1 total=2", "coin chute=1 total=3"]
    assert bank_path(tmp_path, "B").is_symlink()  # left alone
    assert Path("/dev/full").is_char_device()
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.data.bookkeeping.coins[0], result.data.credits) == ("A", 3, 4)


def test_write_failing_with_efbig_in_a_size_limited_child(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, str(CHILD), "efbig", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert out[0] == "first durable=True seq=1"
    failed = [line for line in out if "write to bank" in line]
    assert failed == [
        "save: write to bank B failed: EFBIG File too large; bank A too: EFBIG File too large; "
        "retrying, the game goes on"
    ]
    during = next(line for line in out if line.startswith("frames="))
    match = re.fullmatch(r"frames=30 durable=1 attempts=(\d+) error=EFBIG File too large; "
                         r"bank A too: EFBIG File too large", during)
    assert match, during
    assert int(match[1]) >= 2  # retried, still logged once
    assert any(line.startswith("save: write recovered after") for line in out)
    recovered = next(line for line in out if line.startswith("recovered="))
    assert recovered.startswith("recovered=True") and recovered.endswith("error=None")
    result = load(tmp_path, log=_silent)
    assert result.data.credits == 2 and result.data.bookkeeping.games["bloxeed"].play_frames == 30


def test_data_load_would_refuse_is_never_written(tmp_path: Path) -> None:
    log = Lines()
    writer = SaveWriter(tmp_path, log=log, retry_first=0.005, retry_max=0.01)
    data = SaveData(credits=4)
    assert writer.wait_durable(writer.submit(data), 10)
    data.credits = -1  # a bug upstream
    refused = writer.submit(data)
    assert not writer.wait_settled(refused, 10)  # refused at once, and not retried
    assert writer.failed_attempts == 1
    assert writer.last_error == "SchemaError save.credits out of range"
    assert load(tmp_path, log=_silent).data.credits == 4  # the good banks are untouched
    data.credits = 5
    assert writer.wait_durable(writer.submit(data), 10)  # the newer snapshot replaces it
    writer.close()
    assert writer.last_error is None and load(tmp_path, log=_silent).data.credits == 5


def test_a_failing_durability_callback_does_not_stop_saving(tmp_path: Path) -> None:
    def broken(_seq: int) -> None:
        raise RuntimeError("kiosk bug")

    log = Lines()
    writer = SaveWriter(tmp_path, log=log, on_durable=broken)
    assert writer.wait_durable(writer.submit(SaveData(credits=1)), 10)
    assert writer.wait_durable(writer.submit(SaveData(credits=2)), 10)
    writer.close()
    assert load(tmp_path, log=_silent).data.credits == 2
    assert "save: on_durable callback failed: RuntimeError kiosk bug" in log.lines


def test_submit_leaves_the_plain_values_to_the_writer_thread(tmp_path: Path) -> None:
    """The frame thread's submit only copies the data; turning it into the save file's
    plain values (``to_dict``, the walk over every account and table) runs on the writer,
    and the commit still holds the data as it was at submit, nested parts included."""
    from firmware.savedata import schema

    writer = SaveWriter(tmp_path, log=_silent)
    data = SaveData(credits=5)
    data.own["ti"] = {"accounts": {}}
    called: list[str] = []

    def watch(frame: object, event: str, _arg: object) -> None:
        code = getattr(frame, "f_code", None)
        if event == "call" and code is schema.to_dict.__code__:
            called.append(threading.current_thread().name)

    sys.setprofile(watch)  # this thread only
    try:
        seq = writer.submit(data)
    finally:
        sys.setprofile(None)
    data.own["ti"]["accounts"]["ABC"] = {"changed": "after submit"}
    data.credits = 99
    assert writer.wait_durable(seq, 10)
    writer.close()
    assert called == []
    saved = load(tmp_path, log=_silent).data
    assert (saved.credits, saved.own["ti"]) == (5, {"accounts": {}})


class PickleWatch:
    """Which threads call pickle.dumps while it is on (the profile hook sees C calls): this
    thread and the threads started inside."""

    def __init__(self) -> None:
        import pickle

        self.dumps = pickle.dumps
        self.threads: list[str] = []

    def __call__(self, _frame: object, event: str, arg: object) -> None:
        if event == "c_call" and arg is self.dumps:
            self.threads.append(threading.current_thread().name)

    def __enter__(self) -> PickleWatch:
        threading.setprofile(self)
        sys.setprofile(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]


def test_a_frames_commit_is_pickled_after_the_frame_off_the_frame_thread(
        tmp_path: Path) -> None:
    """Inside a frame a submit only marks the data; the writer thread pickles it once the
    frame has ended: the commit holds the data as the frame left it, both of the frame's
    submits in one snapshot, and the frame thread never pickled."""
    data = SaveData(credits=5)
    with PickleWatch() as watch:
        writer = SaveWriter(tmp_path, log=_silent)  # its thread starts watched
        writer.frame_begins()
        data.bookkeeping.coins[0] = 1
        first = writer.submit(data, coin_chute=1)
        data.credits = 6  # later in the same frame
        second = writer.submit(data)
        writer.frame_ends(wait=True)
        assert writer.wait_durable(second, 10)
    assert second == first + 1
    assert watch.threads.count("save-writer") == 1
    assert threading.current_thread().name not in watch.threads
    writer.close()
    saved = load(tmp_path, log=_silent)
    assert (saved.sequence, saved.data.credits, saved.data.bookkeeping.coins[0]) == (
        second, 6, 1)


def test_a_frame_never_waits_for_a_writer_busy_on_the_disk(tmp_path: Path) -> None:
    """Both banks are directories (EISDIR), so the writer sits in its retry wait with an
    older commit. The frame's commit is not left for it: the next frame_begins pickles it
    on the frame thread, and once the banks are files again the newest commit is saved."""
    log = Lines()
    for bank in ("A", "B"):
        (bank_path(tmp_path, bank) / "held").mkdir(parents=True)
    writer = SaveWriter(tmp_path, log=log, retry_first=600, retry_max=600)
    data = SaveData(credits=1)
    writer.submit(data)
    assert writer.wait_failed(1, 10)
    with PickleWatch() as watch:
        writer.frame_begins()
        data.credits = 2
        newest = writer.submit(data)
        writer.frame_ends(wait=True)  # the writer is busy: no waiting for it
        writer.frame_begins()
        data.credits = 3  # after the commit: not in it
        writer.frame_ends()
    assert watch.threads == [threading.current_thread().name]
    for bank in ("A", "B"):
        (bank_path(tmp_path, bank) / "held").rmdir()
        bank_path(tmp_path, bank).rmdir()
    assert writer.close()
    saved = load(tmp_path, log=_silent)
    assert (saved.sequence, saved.data.credits) == (newest, 2)
    assert any("save: write to bank" in line for line in log.lines)


def test_a_frames_commit_that_cannot_be_copied_is_refused_in_one_line(
        tmp_path: Path) -> None:
    log = Lines()
    writer = SaveWriter(tmp_path, log=log)
    data = SaveData(credits=4)
    assert writer.wait_durable(writer.submit(data), 10)
    writer.frame_begins()
    data.own["ti"] = {"accounts": {"ABC": threading.Lock()}}  # a bug upstream
    refused = writer.submit(data)
    writer.frame_ends()
    assert not writer.wait_settled(refused, 10)
    assert [line for line in log.lines if "not written" in line] == [
        f"save: commit {refused} not written: TypeError cannot pickle '_thread.lock' object"]
    writer.frame_begins()
    data.own["ti"] = {"accounts": {}}
    data.credits = 5
    good = writer.submit(data)
    writer.frame_ends()
    assert writer.wait_durable(good, 10)
    writer.close()
    assert load(tmp_path, log=_silent).data.credits == 5


def test_a_wait_inside_a_frame_on_the_frame_thread_pickles_first(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=_silent)
    data = SaveData(credits=7)
    writer.frame_begins()
    seq = writer.submit(data)
    assert writer.wait_durable(seq, 10)  # would never come if left for after the frame
    writer.frame_ends()
    writer.close()
    assert load(tmp_path, log=_silent).data.credits == 7
