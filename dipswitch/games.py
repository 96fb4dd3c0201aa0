"""The SW2 bank of each game the board runs, by rules id."""

from __future__ import annotations

from dipswitch import bloxeed, sega88
from dipswitch.gamedips import GameBank

GAME_BANKS: dict[str, GameBank] = {b.game: b for b in (sega88.BANK, bloxeed.BANK)}


def game_bank(game: str) -> GameBank:
    try:
        return GAME_BANKS[game]
    except KeyError:
        raise ValueError(
            f"no DIP bank for game {game!r}; choose one of: {', '.join(sorted(GAME_BANKS))}"
        ) from None
