"""Running systemd/install.sh in tests: its dry run into a root tree that has its own
accounts (never the machine's) and says whether systemd and udevd run there."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "systemd" / "install.sh"


def install(*flags: str, root: Path | None = None, model: Path | None = None,
            arch: str = "arm64", extra_env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **(extra_env or {})}
    if root is not None:
        env["BLOXCAB_ROOT"] = str(root)
    if model is not None:
        env["BLOXCAB_MODEL_FILE"] = str(model)
    env["BLOXCAB_ARCH"] = arch
    return subprocess.run(["bash", str(SCRIPT), *flags], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def listed(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def tree(root: Path, *, booted: bool = True, users: tuple[str, ...] = (),
         groups: tuple[str, ...] = ()) -> Path:
    """A root tree for the script's test hook: its own accounts (never the machine's), and
    /run entries saying whether systemd and udevd run there (booted) or not (a chroot)."""
    (root / "etc").mkdir(parents=True, exist_ok=True)
    (root / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n" + "".join(
        f"{u}:x:{900 + i}:{900 + i}::/var/lib/bloxcab:/usr/sbin/nologin\n"
        for i, u in enumerate(users)))
    (root / "etc/group").write_text("root:x:0:\n" + "".join(
        f"{g}:x:{800 + i}:\n" for i, g in enumerate(groups)))
    if booted:
        (root / "run/systemd/system").mkdir(parents=True)
        (root / "run/udev").mkdir(parents=True)
        (root / "run/udev/control").touch()
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(root.rglob("*"))}
