"""BLOCKOUT's sounds: the effect each event kind plays, and the cartridge's own effects
(recipes, engine/sound.py) for the bonus stage and a layer rising, which the cabinet adds to
its shared palette. Their tones are in the decision table (no source describes them)."""

from __future__ import annotations

from engine import events as ev
from engine.sound import Recipe, Tone
from games.blockout.rules import decisions as d
from games.blockout.rules import player as pl

# Named after the game, so no other cartridge's sound takes the name.
RECIPES: dict[str, Recipe] = {
    f"blockout_{name}": tuple(Tone(*tone) for tone in tones)
    for name, tones in d.DECISIONS["sounds"].value.items()
}
SOUNDS: dict[str, str] = {
    ev.MOVE: "move", ev.ROTATE: "rotate", ev.LOCK: "lock", ev.LINE_CLEAR: "clear",
    ev.ALL_CLEAR: "all_clear", ev.LEVEL_UP: "level_up", ev.GAME_OVER: "game_over",
    pl.STAIR: "meter_lamp", pl.ROTATE_FAIL: "garbage", pl.ROUND_CLEAR: "level_up",
    pl.BONUS_START: "blockout_bonus_start", pl.BONUS_END: "blockout_bonus_end",
    pl.LAYER_RISE: "blockout_layer_rise", pl.VERSUS_WIN: "level_up", pl.CONTINUE: "character",
    pl.ROUND_SELECT: "move",
}
SILENT = frozenset(d.DECISIONS["quiet_events"].value)
