"""The Arika cartridges' speed tables are made before the kiosk's first frame, not in the
frame of the first game that needs them (TAP's first versus match expanded a thousand
levels twice in its frame), and a rules record made from warm tables plays the same."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import firmware  # noqa: F401  (lends games/ its file reader: Sakura's stages)
from engine import InputFrame
from firmware.kiosk import Kiosk, KioskOptions
from firmware.savedata import factory
from firmware.savedata.writer import SaveWriter
from games.arika import rules as arika_rules
from games.registry import cartridge
from games.tap.rules import match, modes
from games.ti import modes as ti_modes
from games.ti.rules import easy, master_game, sakura, shirase

# Every cache between a game's start and the tables (cleared so the test sees them made).
CACHES: tuple[Any, ...] = (
    arika_rules.level_tables, arika_rules.stop_table, modes.rules_for, match.versus_rules,
    ti_modes.mode, master_game.master_rules, easy.easy_rules, shirase.shirase_rules,
    sakura.sakura_rules)


def _cold() -> None:
    for made in CACHES:
        made.cache_clear()


def _made() -> tuple[int, int]:
    """How many speed tables and level-stop tables were made so far."""
    return (arika_rules.level_tables.cache_info().misses,
            arika_rules.stop_table.cache_info().misses)


def _every_game() -> None:
    """The rules of every game a player can start on TAP and TGM3, whatever the settings."""
    for mode in modes.MODES:
        for boundaries in modes.BOUNDARIES:
            for das_step in modes.DAS_STEPS:
                modes.rules_for(mode, boundaries, das_step, (1, 2, 3))
                for target in match.TARGETS:
                    match.versus_rules(mode, target, boundaries, das_step)
    for rules_id in ti_modes.MODES:
        ti_modes.mode(rules_id)


def test_the_kiosk_makes_every_speed_table_before_its_first_frame(tmp_path: Path) -> None:
    writer = SaveWriter(tmp_path, log=lambda _line: None)
    writer.wait_durable(writer.submit(factory()), 30)
    writer.close()
    _cold()
    kiosk = Kiosk(KioskOptions(mode="headless", frames=1, save_dir=tmp_path, audio=False))
    try:
        at_boot = _made()
        assert at_boot[0] > 0 and at_boot[1] > 0
        _every_game()
        assert _made() == at_boot  # nothing left for a game's first frame to make
    finally:
        kiosk.run()  # one frame, then the kiosk closes


def _play(make: Callable[[], Any], steps: int = 1500) -> str:
    session = make()
    rng = random.Random(7)
    for _ in range(steps):
        session.step(InputFrame.from_bits(rng.getrandbits(12)))
    return str(session.state_hash())


def test_a_session_made_from_warm_tables_plays_as_one_made_cold() -> None:
    for game_id in ("tap", "ti"):
        cart = cartridge(game_id)
        seeds = dict(cart.board.factory_seeds)

        def make(cart: Any = cart, seeds: dict[str, int] = seeds) -> Any:
            return cart.rules.new_session(cart.rules.ids[0], {}, seeds, 2)

        _cold()
        cold = _play(make)
        cart.rules.warm()
        assert _play(make) == cold
