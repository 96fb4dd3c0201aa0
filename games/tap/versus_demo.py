"""Closed-loop demo inputs for both players of the TAP board (the demo bot of
games/arika/demo.py on each side), and the attract-mode demo "here comes a challenger": P1
plays T.A. Death alone, P2 joins, accepts the challenge, and the two play a versus match.

    .venv/bin/python -m games.tap.versus_demo games/tap/demos/challenger.rpl

writes the demo replay (the kiosk plays the first replay of games/tap/demos/ by name).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from engine.inputs import InputFrame, PlayerInput
from engine.replay import CHECKPOINT_EVERY, Replay
from games.arika.demo import Bot
from games.arika.player import ArikaPlayer
from games.tap.rules.modes import DEATH
from games.tap.versus import VersusBoard

DEMO_MODE = DEATH
DEMO_SEED = 1
DEMO_FRAMES = 2400  # the kiosk's longest demo (firmware decision demo_frames)
JOIN_AT = 840  # P2's Start: a challenger after 14 s of P1 alone
ANSWER_AFTER = 45  # frames P2 looks at the question before pressing A (YES)


def _player(session: VersusBoard, index: int) -> ArikaPlayer | None:
    if session.match is not None:
        return session.match.players[index]
    return session.players[index]


def versus_inputs(session: VersusBoard) -> Iterator[InputFrame]:
    """Endless inputs for both sides: a bot plays each player in a game (a fresh bot for
    each new game); a player asked to challenge presses A after ``ANSWER_AFTER`` frames."""
    bots: list[Bot] = [Bot(), Bot()]
    seen: list[object] = [None, None]
    asked = [0, 0]
    while True:
        pads: list[PlayerInput] = []
        for index in (0, 1):
            p = _player(session, index)
            if session.prompt[index] is not None:
                asked[index] += 1
                pads.append(PlayerInput(b1=asked[index] == ANSWER_AFTER))
                continue
            asked[index] = 0
            if p is None:
                pads.append(PlayerInput())
                continue
            if p is not seen[index]:
                seen[index], bots[index] = p, Bot()
            pads.append(bots[index].inputs(p))
        yield InputFrame(pads[0], pads[1])


def p1_inputs(session: VersusBoard) -> Iterator[InputFrame]:
    """The demo player of the cartridge record: the bot on player 1 (alone or in a match)."""
    for frame in versus_inputs(session):
        yield InputFrame(p1=frame.p1)


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
        print("usage: python -m games.tap.versus_demo OUT.rpl", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(record_challenger_demo().to_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
