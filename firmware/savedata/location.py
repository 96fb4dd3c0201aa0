"""Where the save banks live: --save-dir, else systemd's StateDirectory, else the data dir."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from firmware.errors import UsageError

APP = "bloxcab"


def resolve_save_dir(arg: str | None, env: Mapping[str, str]) -> Path:
    """Pure choice of the directory (nothing is created); UsageError for a relative
    $STATE_DIRECTORY."""
    if arg:
        return Path(arg).expanduser()
    # systemd sets $STATE_DIRECTORY to the StateDirectory= paths, ':'-separated. Source:
    # systemd.exec(5) "Environment variables in spawned processes" .
    state = env.get("STATE_DIRECTORY", "")
    first = state.split(":")[0]
    if first:
        if not Path(first).is_absolute():  # systemd only ever sets absolute paths
            raise UsageError(f"STATE_DIRECTORY {first!r} is not an absolute path; refusing it")
        return Path(first)
    data_home = env.get("XDG_DATA_HOME", "")
    if data_home and Path(data_home).is_absolute():  # XDG: relative values are ignored
        return Path(data_home) / APP
    home = env.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share" / APP


def save_dir(arg: str | None = None, env: Mapping[str, str] | None = None,
             allow_symlink: bool = False) -> Path:
    """Resolve the save directory and create it if missing (UsageError if that is impossible).

    A save directory that is a symbolic link is refused unless ``allow_symlink`` (cabinet.toml
    ``[save] allow_symlink = true``): the banks would be written wherever the link points."""
    path = resolve_save_dir(arg, os.environ if env is None else env)
    if path.is_symlink() and not allow_symlink:
        raise UsageError(f"save directory {path} is a symbolic link; refusing it (set "
                         "[save] allow_symlink = true in cabinet.toml to allow it)")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"save directory {path}: {exc.strerror or exc}") from exc
    if not path.is_dir():
        raise UsageError(f"save directory {path} is not a directory")
    return path


def existing_save_dir(arg: str | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The save directory a reading command looks at: it must exist already (UsageError
    otherwise; nothing is created, so a mistyped name never looks like factory data)."""
    path = resolve_save_dir(arg, os.environ if env is None else env)
    if not path.is_dir():
        what = "is not a directory" if path.exists() else "does not exist"
        raise UsageError(f"save directory {path} {what}")
    return path
