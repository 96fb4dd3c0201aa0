"""A tiny cartridge defined only in the tests: proof that the board plays any game behind
the seam. "TAP ATTACK": each press of button 1 scores 10; a game lasts a fixed number of
frames (the Game Time DIP); its ranking columns are score and taps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import DEMO_SOUNDS
from engine.digest import state_digest
from engine.events import Event
from engine.inputs import InputFrame
from engine.session import Seeds, Settings
from engine.sound import Tone
from games.cartridge import (
    CartBoard,
    CartDips,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    CliOption,
    PlayView,
    RankingSpec,
)

TAP = "tap"
OVER = "game_over"
GAME_TIME = DipSwitch("Game Time", (1,), (("Long", 0x01), ("Short", 0x00)), "Long")
SW2 = DipBank("SW2", (DEMO_SOUNDS, GAME_TIME))
FRAMES = {"Long": 240, "Short": 120}


class TapSession:
    rules_id = "tiny"
    rules_version = 1

    def __init__(self, settings: Settings, seeds: Seeds, players: int) -> None:
        self.frame = 0
        self.length = int(settings.get("frames", FRAMES["Long"]))
        self.main = int(seeds.get("main", 0))
        self.left: list[int | None] = [self.length, self.length if players == 2 else None]
        self.taps = [0, 0]
        self.held = [False, False]

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        for index in (0, 1):
            left = self.left[index]
            if left is None or left == 0:
                continue
            b1 = inputs.player(index).b1
            if b1 and not self.held[index]:
                self.taps[index] += 1
                out.append(Event(TAP, index, self.taps[index]))
            self.held[index] = b1
            self.left[index] = left - 1
            if left == 1:
                out.append(Event(OVER, index))
        return tuple(out)

    @property
    def over(self) -> bool:
        return not any(self.playing(i) for i in (0, 1))

    def playing(self, index: int) -> bool:
        return bool(self.left[index])

    def can_join(self, index: int) -> bool:
        return not self.over and not self.playing(index)

    def join(self, index: int) -> None:
        self.left[index] = self.length
        self.taps[index] = 0

    def summary(self, index: int) -> dict[str, int | str] | None:
        if self.left[index] is None:
            return None
        return {"score": 10 * self.taps[index], "taps": self.taps[index]}

    def seeds_out(self) -> dict[str, int]:
        return {"main": (self.main + sum(self.taps)) & 0xFFFFFFFF}

    def state_hash(self) -> str:
        items = (self.frame, self.left, self.taps, self.held)
        return state_digest(items, self.rules_version)

    def snapshot(self) -> Any:
        return (self.frame, list(self.left), list(self.taps), list(self.held))

    def restore(self, snap: Any) -> None:
        self.frame, left, taps, held = snap
        self.left, self.taps, self.held = list(left), list(taps), list(held)


def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int) -> TapSession:
    if rules_id != "tiny":
        raise ValueError(f"this cartridge plays 'tiny', not {rules_id!r}")
    return TapSession(settings, seeds, players)


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    reading = SW2.decode(byte)
    labels = reading.labels
    return CartDips({"frames": FRAMES[labels["Game Time"]]},
                    demo_sounds=labels["Demo Sounds"] == "On"), reading.notice


def draw_play(surface: Any, view: PlayView) -> None:
    from cabinet.video.text import draw_text

    surface.fill((0, 0, 0))
    for index in (0, 1):
        summary = view.session.summary(index)
        if summary is not None:
            draw_text(surface, f"{index + 1}P {summary['score']}", 8, 8 + 16 * index,
                      (255, 255, 255))


# Its own CLI option (`bloxcab sim --rules tiny --game-time short`) and its own sound.
GAME_TIME_OPTION = CliOption("game-time", "Game Time DIP", str, ("long", "short"), "long")
TAP_SOUND = (Tone("square", 1200, 1800, 30, 0.3),)


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    return {"frames": FRAMES[str(options.get("game_time") or "long").title()]}


def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
    return " ".join("TAP" for _ in range(count))  # no pieces: taps


CARTRIDGE = Cartridge(
    id="tiny",
    title="TAP ATTACK (TEST)",
    short="TAP",
    rules=CartRules(ids=("tiny",), version=1, new_session=new_session,
                    events=frozenset({TAP, OVER})),
    board=CartBoard(dip_bank=SW2, decode_dips=decode_dips,
                    ranking=RankingSpec(columns=("score", "taps"))),
    presentation=CartPresentation(draw_play=draw_play,
                                  sounds={TAP: "tiny_tap", OVER: "game_over"},
                                  recipes={"tiny_tap": TAP_SOUND}),
    tooling=CartTooling(cli_options=(GAME_TIME_OPTION,), cli_settings=cli_settings,
                        pieces=pieces),
)
