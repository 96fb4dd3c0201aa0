"""Records TAP's attract demo "here comes a challenger" (games/tap/versus_demo.py): P1 plays
T.A. Death alone, P2 joins at ``JOIN_AT``, accepts the challenge, and the two bots play a
versus match.

    .venv/bin/python -m tools.challenger_demo games/tap/demos/challenger.rpl

(the kiosk plays the first replay of games/tap/demos/ by name).
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.replay import CHECKPOINT_EVERY, Replay
from games.tap.rules.modes import DEATH
from games.tap.versus import VersusBoard
from games.tap.versus_demo import versus_inputs

DEMO_MODE = DEATH
DEMO_SEED = 1
DEMO_FRAMES = 2400  # the kiosk's longest demo (firmware decision demo_frames)
JOIN_AT = 840  # P2's Start: a challenger after 14 s of P1 alone


def record_challenger_demo(frames: int = DEMO_FRAMES, seed: int = DEMO_SEED,
                           join_at: int = JOIN_AT) -> Replay:
    settings = {"boundaries": "wiki", "das_step": 901}
    seeds = {"main": seed}
    session = VersusBoard(DEMO_MODE, settings, seeds, 1)
    replay = Replay(DEMO_MODE, dict(settings), dict(seeds), 1, [],
                    rules_version=session.rules_version)
    inputs = versus_inputs(session)
    for number in range(1, frames + 1):
        if number == join_at:
            session.join(1)
            replay.joins.append((number, 1))
        frame = next(inputs)
        replay.inputs.append(frame.to_bits())
        session.step(frame)
        if number % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number] = session.state_hash()
    replay.final_hash = session.state_hash()
    return replay


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.challenger_demo OUT.rpl", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(record_challenger_demo().to_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
