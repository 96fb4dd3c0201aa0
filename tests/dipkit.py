"""Each Sega cartridge's SW2 definition (a dipswitch GameBank) by game id, for the tests."""

from __future__ import annotations

from dipswitch import GameBank
from games.bloxeed.dips import BANK as BLOXEED_BANK
from games.sega88.dips import BANK as SEGA88_BANK

GAME_BANKS: dict[str, GameBank] = {b.game: b for b in (SEGA88_BANK, BLOXEED_BANK)}


def game_bank(game: str) -> GameBank:
    try:
        return GAME_BANKS[game]
    except KeyError:
        raise ValueError(f"no DIP bank for game {game!r}") from None
