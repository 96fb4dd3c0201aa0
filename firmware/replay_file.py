"""Replay files on disk: read with a size bound, parse, and check the game can start.

``engine.replay`` validates the text; this adds what needs a file or the engine's rules
registry, so a replay that loads here always plays (the CLI's ``replay`` and the attract-mode
demos both read through it).
"""

from __future__ import annotations

from pathlib import Path

from engine.replay import Replay, ReplayError
from firmware.file_decisions import FILE_DECISIONS
from firmware.regular_file import UnfitFile, read_regular
from games.registry import new_session, playing_stages

MAX_REPLAY_BYTES: int = FILE_DECISIONS["replay_file_bytes"].value


def read_replay(path: Path | str) -> Replay:
    """The replay in ``path``; OSError when it cannot be read, ReplayError when it is bad."""
    try:
        raw = read_regular(path, MAX_REPLAY_BYTES)
    except UnfitFile as exc:
        raise ReplayError(f"{exc.strerror}, not a replay") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayError(f"not UTF-8 text (byte {exc.start})") from None
    replay = Replay.from_text(text)
    check_playable(replay)
    return replay


def check_playable(replay: Replay) -> None:
    """Build the replay's session once: unknown rules, or settings and seeds its cartridge
    refuses (versus for one player, a setting it does not know), are a ReplayError now, not
    a crash later; so is a replay of another rules version than the cartridge's (its game
    would play out otherwise here)."""
    try:
        with playing_stages(replay.rules, replay.stages):
            session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    except (ValueError, KeyError, TypeError) as exc:
        raise ReplayError(f"damaged replay: {str(exc)[:160]}") from None
    if replay.rules_version != session.rules_version:
        raise ReplayError(rules_version_differs(replay.rules, replay.rules_version,
                                                session.rules_version))


def rules_version_differs(rules: str, recorded: int, current: int) -> str:
    """One line: a replay of rules version ``recorded`` cannot re-simulate on this build."""
    when = "an older" if recorded < current else "a newer"
    return (f"recorded under rules v{recorded} of {rules}, {when} version than this build's "
            f"v{current}: it re-simulates on a build of v{recorded} only")
