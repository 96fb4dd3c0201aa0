"""Closed-loop demo inputs for both players of the TAP board (the demo bot of
games/arika/demo.py on each side), and the attract-mode demo "here comes a challenger": P1
plays T.A. Death alone, P2 joins, accepts the challenge, and the two play a versus match
(games/tap/challenger.py records it).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from games.arika.demo import Bot
from games.arika.player import ArikaPlayer
from games.tap.versus import VersusBoard

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
