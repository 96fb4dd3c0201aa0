"""`bloxcab replay FILE`: re-simulate a recorded game and check its final state hash.

Exit 0: the hash matches; 1: it differs (the game re-simulated to another state); 2: the file
is not a valid replay (one line on stderr), so scripts can tell damage from divergence.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.replay import ReplayError, verify
from firmware.errors import UsageError
from firmware.replay_file import read_replay
from games.registry import new_session, playing_stages


def register(sub: Any) -> None:
    parser = sub.add_parser("replay", help="verify a recorded game (exit 0 if it matches)")
    parser.add_argument("file", help="replay file")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        replay = read_replay(args.file)
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except ReplayError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    try:
        with playing_stages(replay.rules, replay.stages):  # the stage file it carries
            session = new_session(replay.rules, replay.settings, replay.seeds,
                                  replay.players)
            verdict = verify(replay, session)
    except ValueError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    if verdict.ok:
        print(f"replay OK: {verdict.frames} frames, state hash {verdict.final_hash}")
        return 0
    total = len(replay.checkpoints)
    if verdict.first_bad_checkpoint is not None:
        where = (f"; first differing frame {verdict.first_bad_checkpoint} (checkpoint), "
                 f"{verdict.checkpoints_matched} of {total} checkpoints matched before it")
    elif total:
        where = (f"; all {total} checkpoints matched, only the final hash differs "
                 "(an edited header, or frames after the last checkpoint)")
    else:
        where = "; the file has no checkpoints before the end"
    print(f"replay MISMATCH: {verdict.frames} frames, state hash {verdict.final_hash}, "
          f"expected {replay.final_hash}{where}", file=sys.stdout)
    return 1
