"""TAP's attract demo "here comes a challenger" (games/tap/versus_demo.py), recorded as the
kiosk plays it: P1 plays T.A. Death alone, P2 joins at ``JOIN_AT``, accepts the challenge,
and the two bots play a versus match. ``python -m tools.record_demo tap challenger FILE``
writes it (games/tap/demos/challenger.rpl; the kiosk plays a cartridge's demos by name).
"""

from __future__ import annotations

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
