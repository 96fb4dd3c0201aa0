"""The repository stands alone: no tracked file points at notes an owner never gets (the
project's private research notes, rules digests or build-machine paths). Code and docs cite
public sources by name instead."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Names of the private notes and the ways they were cited.
POINTERS = re.compile(
    r"\.\./shared|shared/(rules|reference|seeds)|/work/|"
    r"\b(cabinet|sega|tgm|blockout|sega-research|tgm-blockout-additions)\.md\b|"
    r"\bDESIGN\.md\b|\b[Rr]ef §|\(ref |reference/cabinet"
)
# This file names the patterns it looks for.
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    return [ROOT / n for n in names if n and n != SELF and not n.endswith((".png", ".bin"))]


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
