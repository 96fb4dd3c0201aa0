"""The recorded full Master game (the demo bot, seed 1) verifies and reaches the roll."""

from __future__ import annotations

from pathlib import Path

from engine.inputs import InputFrame
from engine.replay import Replay, verify
from games.arika import events as aev
from games.registry import new_session
from games.tap.session import TapSession

REPLAY = Path(__file__).parent / "data" / "tap-master-roll.rpl"


def load() -> Replay:
    return Replay.from_text(REPLAY.read_text())


def test_replay_verifies() -> None:
    replay = load()
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    verdict = verify(replay, session)
    assert verdict.ok, verdict


def test_replay_reaches_the_roll() -> None:
    replay = load()
    assert replay.rules == "tap-master"
    session = TapSession(replay.rules, replay.settings, replay.seeds, replay.players)
    kinds: dict[str, list[int]] = {}
    for bits in replay.inputs:
        for e in session.step(InputFrame.from_bits(bits)):
            kinds.setdefault(e.kind, []).append(e.value)
    p = session.player(0)
    assert p.level == 999 and p.goal_reached
    assert kinds[aev.GOAL] == [999]
    assert kinds[aev.ROLL_START] == [2]  # the fading roll (no M-roll for this bot)
    assert len(p.section_frames) == 10 and kinds[aev.SECTION] == list(range(10))
    assert sum(p.section_frames) == p.clock
    summary = session.summary(0)
    assert summary is not None and summary["cleared"] == 1


def test_replay_is_small() -> None:
    assert REPLAY.stat().st_size < 40_000
