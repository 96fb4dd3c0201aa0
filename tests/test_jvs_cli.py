"""`bloxcab jvs-probe` and `bloxcab jvs-sim` against the simulator on real ptys."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cabinet.jvs import commands as cmd
from cabinet.jvs.board import SimBoard
from cabinet.jvs.codes import BROADCAST, Cmd
from cabinet.jvs.master import JvsMaster
from cabinet.jvs.simulator import IoBoardSimulator
from firmware.cli import main
from firmware.commands.jvs_sim import command
from tests.test_jvs_master import FAST, wait_for

FAST_ARGS = ["--settle", "0", "--timeout", "40", "--interval", "0.005"]


@pytest.fixture
def sim() -> Iterator[IoBoardSimulator]:
    with IoBoardSimulator() as simulator:
        yield simulator


def test_probe_json_is_one_object_with_the_board_values(
    sim: IoBoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["jvs-probe", sim.port, "--json", *FAST_ARGS]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert json.loads(out) == {
        "boards": [
            {
                "address": 1,
                "id": "bloxcab;JVS I/O simulator;Ver1.00;pty",
                "command_revision": "1.3",
                "jvs_revision": "3.0",
                "comm_version": "1.0",
                "players": 2,
                "switches_per_player": 13,
                "coin_slots": 2,
                "general_outputs": 8,
            }
        ]
    }


def test_probe_watch_prints_one_json_line_per_poll(
    sim: IoBoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    for control in ("test", "p1.start", "p1.b3", "p2.left"):
        sim.board.press(control)
    sim.board.insert_coin(1, 2)
    sim.board.insert_coin(2, 7)
    assert main(["jvs-probe", sim.port, "--json", "--watch", "3", *FAST_ARGS]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    polls = [json.loads(line) for line in lines[1:]]
    assert [p["poll"] for p in polls] == [1, 2, 3]
    for poll in polls:
        assert poll["test"] is True and poll["tilt"] is False
        assert set(poll["p1"]) == {"start", "service", "up", "down", "left", "right"} | {
            "b1",
            "b2",
            "b3",
        }
        assert {k for k, v in poll["p1"].items() if v} == {"start", "b3"}
        assert {k for k, v in poll["p2"].items() if v} == {"left"}
        assert poll["coins"] == [2, 7]
    assert sim.board.coins == [2, 7]  # the probe only looks: no coin decrement


def test_probe_table_without_json(
    sim: IoBoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    sim.board.press("p2.start")
    assert main(["jvs-probe", sim.port, "--watch", "1", *FAST_ARGS]) == 0
    out = capsys.readouterr().out
    assert "node  id" in out
    assert "bloxcab;JVS I/O simulator;Ver1.00;pty  1.3  3.0  1.0" in out
    assert "poll 1: p2.start | coins 0 0" in out


def test_probe_openjvs_board(capsys: pytest.CaptureFixture[str]) -> None:
    with IoBoardSimulator(quirks="openjvs") as sim:
        assert main(["jvs-probe", sim.port, "--json", *FAST_ARGS]) == 0
    (board,) = json.loads(capsys.readouterr().out)["boards"]
    assert board["id"].startswith("SEGA CORPORATION;I/O BD JVS;837-14572")
    assert (board["switches_per_player"], board["general_outputs"]) == (14, 20)


@pytest.mark.parametrize("address_once", [False, True])
def test_probe_addresses_the_boards_it_is_told(
    address_once: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    with IoBoardSimulator(3, address_once=address_once) as sim:
        assert main(["jvs-probe", sim.port, "--boards", "3", "--json", *FAST_ARGS]) == 0
        assert [b.address for b in sim.boards] == [3, 2, 1]
    boards = json.loads(capsys.readouterr().out)["boards"]
    assert [b["address"] for b in boards] == [1, 2, 3]


@pytest.mark.parametrize("boards", ["0", "32"])
def test_probe_board_count_out_of_range_is_exit_2(
    sim: IoBoardSimulator, boards: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["jvs-probe", sim.port, "--boards", boards]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--boards must be 1-31" in err


def test_probe_sense_line_on_a_port_without_modem_lines_is_one_line_exit_1(
    sim: IoBoardSimulator, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["jvs-probe", sim.port, "--sense-line", *FAST_ARGS]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the CD (sense) line" in err


def test_probe_with_no_board_is_one_stderr_line_and_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main_fd, slave_fd = os.openpty()
    try:
        status = main(["jvs-probe", os.ttyname(slave_fd), "--json", *FAST_ARGS])
    finally:
        os.close(main_fd)
        os.close(slave_fd)
    captured = capsys.readouterr()
    assert status == 1
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "no JVS board answered" in captured.err


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_probe_bad_port_path_is_exit_2(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = tmp_path / "nope" if kind == "missing" else tmp_path
    assert main(["jvs-probe", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(port) in err


def test_probe_port_that_is_not_a_serial_device_is_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "file"
    plain.write_text("")
    assert main(["jvs-probe", str(plain), *FAST_ARGS]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot open" in err


def test_sim_command_language() -> None:
    board = SimBoard()
    assert command(board, "press p1.b1") == "pressed p1.b1"
    assert board.players[0] == {"b1"}
    assert command(board, "release p1.b1") == "released p1.b1"
    assert command(board, "coin") == "coin slot 1: count 1"
    assert command(board, "coin 2 3") == "coin slot 2: count 3"
    assert command(board, "coin 3").startswith("?")
    assert command(board, "press p3.b1").startswith("? no such switch")
    assert command(board, "coin x").startswith("?")
    assert command(board, "dance").startswith("? not understood")
    assert command(board, "outputs") == "outputs on: none"


CTRL_C_AS_AT_A_TERMINAL = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'bloxcab'; runpy.run_module('firmware.cli', run_name='__main__')"
)


@pytest.mark.parametrize("once", [False, True])
def test_jvs_sim_subprocess_serves_a_master_until_ctrl_c(once: bool) -> None:
    proc = subprocess.Popen(
        # -X faulthandler: a SIGABRT prints every thread's stack, should the exit hang. Ctrl-C
        # is made to raise KeyboardInterrupt in the child, as at a terminal: a suite started
        # as a shell's background job passes SIGINT on ignored (SigIgn bit 1), and Python keeps
        # an inherited SIG_IGN.
        [sys.executable, "-X", "faulthandler", "-c", CTRL_C_AS_AT_A_TERMINAL, "jvs-sim",
         *(["--address-once"] if once else [])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/pts/")
        proc.stdout.readline()  # the banner
        master = JvsMaster(port, timing=FAST)
        master.connect()
        proc.stdin.write("press p1.b1\ncoin 2\nbogus\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "pressed p1.b1"
        assert proc.stdout.readline().strip() == "coin slot 2: count 1"
        assert proc.stdout.readline().startswith("? not understood")

        def pressed() -> bool:
            result = master.poll()
            return result is not None and "p1.b1" in result[0].switches.controls()

        wait_for(pressed)
        result = master.poll()
        assert result is not None and result[0].coins[1].count == 1
        # A second Set Address: taken (OpenJVS/MAME) or ignored (--address-once).
        again = master.link.transact(0xFF, [cmd.set_address(2)], FAST.reply_timeout)
        assert (again is None) == once
        master.close()
        proc.send_signal(signal.SIGINT)
        try:
            assert proc.wait(timeout=60) == 0  # waits on the exit; a busy machine is slow to it
        except subprocess.TimeoutExpired:
            # Which signals the child blocks, ignores and catches (its main thread's), and
            # its threads' stacks: whether the Ctrl-C reached it at all.
            status = Path(f"/proc/{proc.pid}/status").read_text()
            masks = [line for line in status.splitlines() if line.startswith("Sig")]
            proc.send_signal(signal.SIGABRT)
            _, stacks = proc.communicate(timeout=30)
            pytest.fail(f"jvs-sim still runs 60 s after Ctrl-C; {masks}; its threads:\n{stacks}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_probe_resets_and_tries_again_when_the_board_answers_late(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A board whose first answer comes after the probe's timeout (still booting, or a
    loaded machine): the probe resets the bus and addresses it again, as the kiosk does."""
    with IoBoardSimulator() as sim:
        sim.answer_late(0.5)  # far past 3 tries of the 40 ms timeout
        assert main(["jvs-probe", sim.port, "--json", *FAST_ARGS]) == 0
        resets = [
            p for d, p in list(sim.requests) if d == BROADCAST and p[:1] == bytes((Cmd.RESET,))
        ]
    captured = capsys.readouterr()
    assert json.loads(captured.out)["boards"][0]["address"] == 1
    assert len(resets) >= 4  # two resets for each connect, and there were two connects


def test_probe_gives_up_after_its_tries_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with IoBoardSimulator() as sim:
        sim.silent = True
        assert main(["jvs-probe", sim.port, "--tries", "2", *FAST_ARGS]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(2 tries, a reset before each)" in err
