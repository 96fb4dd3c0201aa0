"""sd_notify against real AF_UNIX datagram sockets (a path socket and an abstract one)."""

from __future__ import annotations

import itertools
import os
import socket
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware import sdnotify


def _drain(sock: socket.socket) -> list[str]:
    got = []
    while True:
        try:
            got.append(sock.recv(4096).decode())
        except BlockingIOError:
            return got


@pytest.fixture
def path_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, dict[str, str]]]:
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.setblocking(False)
    yield sock, {"NOTIFY_SOCKET": str(path)}
    sock.close()


@pytest.fixture
def abstract_socket() -> Iterator[tuple[socket.socket, dict[str, str]]]:
    name = f"bloxcab-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.setblocking(False)
    yield sock, {"NOTIFY_SOCKET": "@" + name}
    sock.close()


def test_ready_status_stopping_reach_a_path_socket(path_socket):
    sock, env = path_socket
    assert sdnotify.ready(env)
    assert sdnotify.status("ATTRACT", env)
    assert sdnotify.watchdog(env)
    assert sdnotify.stopping(env)
    assert _drain(sock) == ["READY=1", "STATUS=ATTRACT", "WATCHDOG=1", "STOPPING=1"]


def test_abstract_namespace_socket(abstract_socket):
    sock, env = abstract_socket
    assert sdnotify.ready(env)
    assert _drain(sock) == ["READY=1"]


def test_status_text_stays_one_line(path_socket):
    sock, env = path_socket
    sdnotify.status("CREDIT 1\nPLAY", env)
    assert _drain(sock) == ["STATUS=CREDIT 1 PLAY"]


def test_no_notify_socket_is_a_silent_no_op():
    assert sdnotify.ready({}) is False
    assert sdnotify.status("x", {}) is False
    watchdog = sdnotify.Watchdog({"WATCHDOG_USEC": "5000000"})
    assert watchdog.enabled
    assert watchdog.tick(0.0) is False


def test_vanished_socket_does_not_raise(tmp_path: Path):
    env = {"NOTIFY_SOCKET": str(tmp_path / "gone")}
    assert sdnotify.ready(env) is False


def _watchdog_env(env: dict[str, str], usec: int, pid: int | None = None) -> dict[str, str]:
    return {**env, "WATCHDOG_USEC": str(usec), "WATCHDOG_PID": str(pid or os.getpid())}


def test_watchdog_pings_at_half_the_interval(path_socket):
    sock, env = path_socket
    # WatchdogSec=5 (the unit's value) -> a ping every 2.5 s; the loop ticks at 60 Hz for 10 s.
    watchdog = sdnotify.Watchdog(_watchdog_env(env, 5_000_000))
    assert watchdog.period == pytest.approx(2.5)
    sent_at = [f / 60 for f in range(600) if watchdog.tick(f / 60)]
    assert sent_at[0] == 0.0
    gaps = [b - a for a, b in itertools.pairwise(sent_at)]
    assert all(2.5 <= gap < 2.5 + 1 / 60 + 1e-9 for gap in gaps)
    assert len(sent_at) == 4  # 0, ~2.5, ~5.0, ~7.5 s
    assert _drain(sock) == ["WATCHDOG=1"] * 4
    assert watchdog.pings == 4


def test_stalled_loop_sends_no_pings(path_socket):
    sock, env = path_socket
    threads = threading.active_count()
    watchdog = sdnotify.Watchdog(_watchdog_env(env, 2_000_000))
    assert watchdog.tick(100.0)
    # No helper thread pings behind the loop's back: only tick() sends.
    assert threading.active_count() == threads
    assert _drain(sock) == ["WATCHDOG=1"]
    # The loop freezes for 30 s: no tick, so nothing reaches systemd, which then restarts us.
    # A tick long after the freeze pings once (not a burst to "catch up").
    assert watchdog.tick(130.0)
    assert watchdog.tick(130.5) is False
    assert _drain(sock) == ["WATCHDOG=1"]


def test_watchdog_for_another_pid_is_ignored(path_socket):
    sock, env = path_socket
    watchdog = sdnotify.Watchdog(_watchdog_env(env, 5_000_000, pid=os.getpid() + 1))
    assert not watchdog.enabled
    assert watchdog.tick(0.0) is False
    assert _drain(sock) == []


@pytest.mark.parametrize("usec", ["", "0", "abc", "-5"])
def test_watchdog_off_without_a_valid_interval(path_socket, usec):
    _, env = path_socket
    assert sdnotify.watchdog_interval({**env, "WATCHDOG_USEC": usec}) is None


def test_status_line_sends_only_changes(abstract_socket):
    sock, env = abstract_socket
    line = sdnotify.StatusLine(env)
    screens = ["ATTRACT"] * 3 + ["CREDIT 1"] * 2 + ["PLAY"] * 5 + ["ATTRACT"]
    sent = [line.show(s) for s in screens]
    assert sent.count(True) == 4
    assert _drain(sock) == ["STATUS=ATTRACT", "STATUS=CREDIT 1", "STATUS=PLAY", "STATUS=ATTRACT"]


def test_a_socket_name_that_is_not_utf8_reaches_its_socket() -> None:
    # systemd hands over bytes; Python decodes the environment with surrogate escapes, so
    # b"\xff" arrives as "\udcff". The kiosk must neither crash nor lose the message.
    name = b"bloxcab-test-\xff-" + uuid.uuid4().hex.encode()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name)
    sock.setblocking(False)
    try:
        env = {"NOTIFY_SOCKET": "@" + os.fsdecode(name)}
        assert sdnotify.ready(env)
        assert _drain(sock) == ["READY=1"]
    finally:
        sock.close()


def test_a_socket_name_with_a_nul_is_dropped_quietly() -> None:
    assert sdnotify.ready({"NOTIFY_SOCKET": "/run/sys\0temd/notify"}) is False
