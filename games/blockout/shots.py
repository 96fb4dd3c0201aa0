"""BLOCKOUT's screenshots for the docs (``python -m tools.shots``, through the cartridge's
``tooling.shots``): a 1P game in round 1 played by the demo player, the render bench's
half-full 5x5x7 pit, and a 2P versus match."""

from __future__ import annotations

from engine.inputs import InputFrame
from games.blockout import CARTRIDGE, bench_session, new_session
from games.blockout.rules.autoplay import demo_inputs
from games.blockout.rules.session import BlockoutSession
from games.cartridge import PlayView, ShotDesk


def _take(desk: ShotDesk, name: str, session: BlockoutSession) -> None:
    desk.take(name, lambda surface: CARTRIDGE.presentation.draw_play(
        surface, PlayView(session, credits=1, free_play=False, frame=0)))


def played(settings: dict[str, object], frames: int, players: int = 1) -> BlockoutSession:
    session = new_session("blockout", settings, {"main": 11}, players)
    one = demo_inputs(session, 0)
    two = demo_inputs(session, 1) if players == 2 else None
    for _ in range(frames):
        f = next(one)
        if two is not None:
            f = InputFrame(p1=f.p1, p2=next(two).p2)
        session.step(f)
    return session


def take(desk: ShotDesk) -> None:
    _take(desk, "blockout-1p.png", played({"round": 1}, 2400))
    _take(desk, "blockout-5x5x7.png", bench_session(1))
    _take(desk, "blockout-versus.png", played({"round": 1, "versus": True}, 3000, players=2))
