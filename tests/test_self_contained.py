"""The repository stands alone: no tracked file points at notes an owner never gets (the
project's private research notes, rules digests or build-machine paths). Code and docs cite
public sources by name instead."""

from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Names of the private notes and the ways they were cited.
POINTERS = re.compile(
    r"\.\./shared|shared/(rules|reference|seeds)|/work/|"
    r"\b(cabinet|sega|tgm|blockout|sega-research|tgm-blockout-additions)\.md\b|"
    r"\bDESIGN\.md\b|\b[Rr]ef §|\(ref |reference/cabinet"
)
# This file names the patterns it looks for.
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()


def ignored(relative: Path) -> bool:
    """Whether .gitignore leaves ``relative`` out (its lines are folder and name patterns; a
    leading / anchors one to the top)."""
    for pattern in (ROOT / ".gitignore").read_text().split():
        anchored, name = pattern.startswith("/"), pattern.strip("/")
        parts = relative.parts[:1] if anchored else relative.parts
        if any(fnmatch.fnmatch(part, name) for part in parts):
            return True
    return False


def source_files() -> list[str]:
    """The files of the release: git's tracked files, or, in a copy without .git (a
    tarball, the arm64 check's root), every file .gitignore does not leave out."""
    if (ROOT / ".git").exists():
        names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout.decode().split("\0")
        return [n for n in names if n]
    return sorted(
        path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*")
        if path.is_file() and not ignored(path.relative_to(ROOT))
    )


def tracked_text_files() -> list[Path]:
    return [ROOT / n for n in source_files() if n != SELF and not n.endswith((".png", ".bin"))]


def test_no_tracked_file_points_outside_the_repository() -> None:
    found = []
    for path in tracked_text_files():
        try:
            text = path.read_text()
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if POINTERS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:90]}")
    assert not found, "\n".join(found)


def test_the_pattern_catches_each_kind_of_pointer() -> None:
    up, notes = "..", "shared"  # split so this file does not match what it looks for
    for line in (f"see {up}/{notes}/rules/sega.md 3.4", "(ref §1.4 step 2)",
                 "cabinet" ".md §7.3", "Source: DESIGN" ".md rule 5", f"/work/{notes}/x",
                 "tgm-blockout-additions" ".md"):
        assert POINTERS.search(line), line
    assert not POINTERS.search('Source: tetris.wiki "Tetris (Sega)"; JVS-TR §3.3')


def test_a_copy_without_git_checks_the_same_files() -> None:
    """What a tarball or the arm64 check's copy would hold: .gitignore's leavings only."""
    if not (ROOT / ".git").exists():
        pytest.skip("a copy without .git: no git listing to compare the walk with")
    walked = {
        path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*")
        if path.is_file() and ".git" not in path.relative_to(ROOT).parts
        and not ignored(path.relative_to(ROOT))
    }
    tracked = {n for n in source_files() if (ROOT / n).is_file()}
    untracked = subprocess.run(["git", "ls-files", "-z", "--others", "--exclude-standard"],
                               cwd=ROOT, capture_output=True, check=True).stdout.decode()
    assert walked == tracked | {n for n in untracked.split("\0") if n}
