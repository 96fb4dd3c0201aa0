"""The only list of games. The CLI, game select, game assignments, attract mode, save data,
bench and `bloxcab rules` all read it; firmware reaches games through this module alone."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.decision import Decision
from engine.session import GameSession, Seeds, Settings
from engine.sound import Recipe
from games.blockout import CARTRIDGE as _BLOCKOUT
from games.bloxeed import CARTRIDGE as _BLOXEED
from games.cartridge import (
    CartDips,
    Cartridge,
    CliOption,
    PlayView,
    RankingSpec,
    cli_options_of,
    load_screen,
    recipes_of,
)
from games.data_files import lend as lend_files
from games.flashpoint import CARTRIDGE as _FLASHPOINT
from games.sega88 import CARTRIDGE as _SEGA88
from games.tap import CARTRIDGE as _TAP
from games.ti import CARTRIDGE as _TI

__all__ = [
    "CARTRIDGES",
    "DEFAULT_GAME",
    "GAME_SELECT_DECISIONS",
    "CartDips",
    "Cartridge",
    "CliOption",
    "PlayView",
    "RankingSpec",
    "cartridge",
    "cartridge_of_rules",
    "cli_options",
    "lend_files",
    "new_session",
    "playing_stages",
    "register",
    "rules_ids",
    "sound_recipes",
    "stages_in_play",
    "unregister",
]

# In the order the service menu's game select lists them.
CARTRIDGES: dict[str, Cartridge] = {
    c.id: c for c in (_SEGA88, _BLOXEED, _FLASHPOINT, _TAP, _TI, _BLOCKOUT)
}
# The game select's choice no source gives (`bloxcab rules R --json` prints it).
GAME_SELECT_DECISIONS: dict[str, Decision[str]] = {
    "factory_game": Decision(
        _BLOXEED.id, "Bloxeed is the factory game (the later, richer board of the two)"),
}
DEFAULT_GAME = GAME_SELECT_DECISIONS["factory_game"].value


def cartridge(game_id: str) -> Cartridge:
    try:
        return CARTRIDGES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; choose one of: {', '.join(CARTRIDGES)}"
        ) from None


def rules_ids() -> list[str]:
    return sorted(r for c in CARTRIDGES.values() for r in c.rules.ids)


def cartridge_of_rules(rules_id: str) -> Cartridge:
    for cart in CARTRIDGES.values():
        if rules_id in cart.rules.ids:
            return cart
    raise ValueError(f"unknown rules {rules_id!r}; choose one of: {', '.join(rules_ids())}")


def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int) -> GameSession:
    """A fresh session of ``rules_id``; ValueError (one line) for what it cannot play."""
    return cartridge_of_rules(rules_id).rules.new_session(rules_id, settings, seeds, players)


def stages_in_play(game_id: str) -> str | None:
    """The text of the operator's stage file the cartridge plays now (None: its built-in
    stages, or a cartridge without stage files): what its ranked replays carry."""
    stages = cartridge(game_id).rules.stages
    return None if stages is None else stages.in_play()


@contextmanager
def playing_stages(rules_id: str, text: str | None) -> Iterator[None]:
    """Re-simulating a replay: sessions of ``rules_id`` made and stepped inside, on this
    thread, play the stage file ``text`` (None: the built-in stages). ValueError (one
    line) when the text is no stage file or the cartridge has none."""
    stages = cartridge_of_rules(rules_id).rules.stages
    if stages is None:
        if text is not None:
            raise ValueError(f"{rules_id} plays no stage file, yet the replay carries one")
        yield
        return
    with stages.playing(text):
        yield


def cli_options() -> dict[str, tuple[CliOption, tuple[str, ...]]]:
    """Every cartridge's own CLI options (`bloxcab sim`, `bloxcab pieces`) by name, with the
    ids of the games that take each."""
    return cli_options_of(CARTRIDGES.values())


def load_screens() -> None:
    """Import every cartridge's play and title screens (the kiosk does it before its first
    frame)."""
    for cart in CARTRIDGES.values():
        load_screen(cart.presentation.draw_play)
        load_screen(cart.presentation.draw_title)


def warm_rules() -> None:
    """Every cartridge's shared rules tables (the kiosk makes them before its first
    frame)."""
    for cart in CARTRIDGES.values():
        cart.rules.warm()


def sound_recipes() -> dict[str, Recipe]:
    """Every cartridge's own sounds, added to the cabinet's shared palette."""
    return recipes_of(CARTRIDGES.values())


def register(cart: Cartridge) -> None:
    """Plug in another cartridge (tests, or a game shipped outside this tree); ValueError
    when its id is taken, or a CLI option or sound of its own differs from another
    cartridge's of the same name."""
    if cart.id in CARTRIDGES:
        raise ValueError(f"a cartridge {cart.id!r} is already registered")
    cli_options_of([*CARTRIDGES.values(), cart])
    recipes_of([*CARTRIDGES.values(), cart])
    CARTRIDGES[cart.id] = cart


def unregister(game_id: str) -> None:
    CARTRIDGES.pop(game_id, None)

