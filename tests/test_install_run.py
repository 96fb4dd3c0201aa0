"""systemd/install.sh run for real into a root tree, with stand-ins for the system's tools
(apt, the account tools, systemctl, udevadm, pip, and `install` without the tree user's owner)
that log what they are asked: the kiosk's first start fails and every later step still runs;
--uninstall undoes what the install record says the install changed. A root without
systemctl is checked through the dry run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.install_kit import REPO, install, listed, tree

needs_root = pytest.mark.skipif(os.geteuid() != 0,
                                reason="install.sh runs for real only as root")

STANDINS = {
    # apt: everything is installed; python3-lgpio is not offered.
    "apt-get": 'exit 0',
    "apt-cache": 'exit 1',
    "groupadd": 'exit 0', "useradd": 'exit 0', "usermod": 'exit 0', "groupdel": 'exit 0',
    "udevadm": 'exit 0',
    "findmnt": 'echo ext4',
    # The kiosk cannot start (no display): restart fails, is-active says failed.
    "systemctl": '''case " $* " in
    *" restart bloxcab.service "*) exit 1 ;;
    *" is-active bloxcab.service "*) echo failed; exit 3 ;;
    *" is-enabled "*) [ "$GETTY" = enabled ]; exit $? ;;
esac
exit 0''',
    # The tree's service user is not this machine's: drop -o/-g, install the rest for real.
    "install": '''args=()
while [ $# -gt 0 ]; do
    case "$1" in -o|-g) shift 2 ;; *) args+=("$1"); shift ;; esac
done
exec /usr/bin/install "${args[@]}"''',
}


def standins(where: Path) -> tuple[dict[str, str], Path]:
    bin_dir, log = where / "bin", where / "commands.log"
    bin_dir.mkdir(parents=True)
    for name, body in STANDINS.items():
        path = bin_dir / name
        path.write_text(f'#!/bin/bash\necho "{name} $*" >>"$STANDIN_LOG"\n{body}\n')
        path.chmod(0o755)
    env = {"PATH": f"{bin_dir}:{os.environ['PATH']}", "STANDIN_LOG": str(log),
           "GETTY": "enabled"}
    return env, log


def venv(root: Path) -> None:
    """The venv as a first install leaves it: pip a stand-in, bloxcab this checkout's."""
    bin_dir = root / "opt/bloxcab/venv/bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text('#!/bin/bash\necho "pip $*" >>"$STANDIN_LOG"\n')
    python.chmod(0o755)
    (bin_dir / "bloxcab").symlink_to(Path(sys.executable).parent / "bloxcab")


@needs_root
def test_a_kiosk_that_does_not_start_still_gets_every_step_and_a_report(tmp_path: Path):
    root = tree(tmp_path / "root")
    venv(root)
    env, log = standins(tmp_path)
    done = install("--force", root=root, extra_env=env)
    assert done.returncode == 0, done.stderr + done.stdout
    ran = log.read_text().splitlines()
    restart = ran.index("systemctl restart bloxcab.service")
    assert "warning: bloxcab.service did not start; going on" in done.stdout
    # Everything after the failed start was done: the uplink's folders and unit.
    assert (root / "var/lib/bloxcab/outbox").is_dir()
    assert (root / "var/lib/bloxcab/fleet").is_dir()
    assert (root / "etc/systemd/system/bloxcab-uplink.service").read_bytes() == (
        REPO / "systemd/bloxcab-uplink.service").read_bytes()
    assert ran.index("systemctl try-restart bloxcab-uplink.service") > restart
    # The last word is the kiosk's state, asked after the steps.
    assert ran[-1] == "systemctl is-active bloxcab.service"
    tail = done.stdout[done.stdout.index("==> 8. the kiosk"):]
    assert "the kiosk is failed, not running; everything else is installed" in tail
    assert "journalctl -u bloxcab -b" in tail


@needs_root
@pytest.mark.parametrize("getty", ["enabled", "disabled"])
def test_uninstall_undoes_what_the_install_changed(tmp_path: Path, getty: str):
    root = tree(tmp_path / "root", users=("arcade",), groups=("arcade", "video", "audio"))
    venv(root)
    env, log = standins(tmp_path)
    env["GETTY"] = getty
    assert install("--force", root=root, extra_env=env).returncode == 0
    record = (root / "opt/bloxcab/install-record").read_text().splitlines()
    created = ["render", "input", "gpio", "dialout"]
    assert [line for line in record if line.startswith("group ")] == [
        f"group {g}" for g in created]
    assert f"dir {root}/etc/udev" in record and f"dir {root}/etc/udev/rules.d" in record
    assert f"getty@tty1 {getty}" in record
    # A second install (an update) keeps the first one's record of getty and the groups.
    env["GETTY"] = "disabled"
    assert install("--force", root=root, extra_env=env).returncode == 0
    assert (root / "opt/bloxcab/install-record").read_text().splitlines() == record

    log.write_text("")
    done = install("--force", "--uninstall", root=root, extra_env=env)
    assert done.returncode == 0, done.stderr + done.stdout
    ran = log.read_text().splitlines()
    assert sorted(c for c in ran if c.startswith("groupdel")) == sorted(
        f"groupdel {g}" for g in created)
    assert not (root / "etc/udev").exists()
    assert ("systemctl enable getty@tty1.service" in ran) == (getty == "enabled")
    assert not (root / "opt/bloxcab").exists()
    assert (root / "var/lib/bloxcab/outbox").is_dir()  # save data stays


def test_uninstall_keeps_a_rules_folder_that_has_other_rules(tmp_path: Path):
    """rmdir only empties what it created: another rule in the folder keeps it (dry run)."""
    root = tree(tmp_path)
    (root / "opt/bloxcab").mkdir(parents=True)
    (root / "opt/bloxcab/install-record").write_text(
        f"group gpio\ndir {root}/etc/udev\ndir {root}/etc/udev/rules.d\ngetty@tty1 disabled\n")
    done = install("--dry-run", "--force", "--uninstall", root=root)
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert commands.index(f"rmdir --ignore-fail-on-non-empty {root}/etc/udev/rules.d") < \
        commands.index(f"rmdir --ignore-fail-on-non-empty {root}/etc/udev")
    assert "groupdel gpio" in commands
    assert "systemctl enable getty@tty1.service" not in commands
    assert "was not enabled before the install" in done.stdout


def test_without_a_record_uninstall_keeps_groups_and_folders(tmp_path: Path):
    done = install("--dry-run", "--force", "--uninstall", root=tree(tmp_path))
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert not any(c.startswith(("groupdel", "rmdir")) for c in commands)
    assert "systemctl enable getty@tty1.service" in commands
    assert "no install record" in done.stdout


def test_a_root_without_systemctl_is_said_and_every_step_runs(tmp_path: Path):
    root = tree(tmp_path)
    done = install("--dry-run", "--force", root=root,
                   extra_env={"BLOXCAB_SYSTEMCTL": str(tmp_path / "no-systemctl")})
    assert done.returncode == 0, done.stderr
    commands = listed(done.stdout)
    assert not any(c.split()[0].endswith("systemctl") for c in commands)
    assert "warning: no systemctl here; skipped 'systemctl enable bloxcab.service'" in \
        done.stdout
    assert any(c.endswith("/etc/systemd/system/bloxcab-uplink.service") for c in commands)
    assert "no systemctl in this root" in done.stdout


def test_the_record_is_written_only_by_a_real_run(tmp_path: Path):
    root = tree(tmp_path)
    done = install("--dry-run", "--force", root=root)
    assert f"+ remember group\\ gpio in {root}/opt/bloxcab/install-record" in done.stdout
    assert not (root / "opt").exists()
