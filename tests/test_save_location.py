"""Save directory: --save-dir, else $STATE_DIRECTORY (first path), else the user's data dir."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.errors import UsageError
from firmware.savedata import save_dir
from firmware.savedata.location import resolve_save_dir


def test_explicit_argument_wins() -> None:
    env = {"STATE_DIRECTORY": "/var/lib/bloxcab", "HOME": "/home/op"}
    assert resolve_save_dir("/data/save", env) == Path("/data/save")


def test_state_directory_takes_the_first_of_several() -> None:
    env = {"STATE_DIRECTORY": "/var/lib/bloxcab:/var/lib/other", "HOME": "/home/op"}
    assert resolve_save_dir(None, env) == Path("/var/lib/bloxcab")


def test_xdg_data_home_then_home() -> None:
    assert resolve_save_dir(None, {"XDG_DATA_HOME": "/x/share", "HOME": "/home/op"}) == Path(
        "/x/share/bloxcab"
    )
    assert resolve_save_dir(None, {"STATE_DIRECTORY": "", "HOME": "/home/op"}) == Path(
        "/home/op/.local/share/bloxcab"
    )
    # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    assert resolve_save_dir(None, {"XDG_DATA_HOME": "rel", "HOME": "/home/op"}) == Path(
        "/home/op/.local/share/bloxcab"
    )


def test_save_dir_creates_the_directory(tmp_path: Path) -> None:
    made = save_dir(None, {"STATE_DIRECTORY": str(tmp_path / "a" / "b")})
    assert made == tmp_path / "a" / "b" and made.is_dir()


def test_save_dir_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    with pytest.raises(UsageError, match="save directory"):
        save_dir(str(tmp_path / "f"))
    with pytest.raises(UsageError, match="save directory"):
        save_dir(str(tmp_path / "f" / "below"))


def test_relative_state_directory_is_refused_in_one_line() -> None:
    with pytest.raises(UsageError, match="STATE_DIRECTORY 'state' is not an absolute path"):
        resolve_save_dir(None, {"STATE_DIRECTORY": "state", "HOME": "/home/op"})
