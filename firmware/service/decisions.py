"""Service-menu behaviour no source gives: the project's choices, in one table.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py). What the sources do
say (Sega operator's manuals), noted where it is used:
SERVICE moves the cursor and TEST selects; clear bookkeeping / clear rankings need a
confirmation; the service switch is a service credit outside the menu.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

_HOTD4 = "HOTD4 / Daytona USA operator's manuals (SERVICE moves, TEST selects)"

# Every entry below is the project's own choice, not a documented fact.
SERVICE_DECISIONS: dict[str, Decision[Any]] = {
    "service_switch_in_menu": Decision(
        "cursor button, no service credit",
        "inside the menu SERVICE is the cursor button and adds no service credit (the test "
        "mode owns the switch); coins are still counted",
        _HOTD4,
    ),
    "input_test_exit": Decision(
        "hold SERVICE and TEST together",
        "the input test shows SERVICE and TEST too, so it is left by holding both, as later "
        "Sega manuals do",
        _HOTD4,
    ),
    "extra_keys": Decision(
        "1P lever and buttons work too",
        "besides SERVICE/TEST, the 1P lever moves the cursor (up/down) and changes a setting "
        "(left/right), button 1 selects, button 2 goes back",
    ),
    "confirm_default": Decision(
        "NO", "every confirmation starts on NO, so a stray TEST keeps the data"
    ),
    "backup_clear_keeps_credits": Decision(
        "credits kept",
        "BACKUP DATA CLEAR resets settings, rankings, bookkeeping and seeds to factory but "
        "keeps the credits on the board: nothing a player paid for is lost",
    ),
    "sw1_all_games": Decision(
        "written to every game's banks",
        "one board runs every game, so the coin assignments (SW1) do not change with Game "
        "select",
        "MAME segaipt.h (one SW1 coinage table for the System 16/18 games)",
    ),
    "physical_bank_wins": Decision(
        "shown, not changeable",
        "with a physical DIP bank fitted the soft setting is shown but cannot be changed "
        "from the menu: the switches on the board are in force",
    ),
    "output_test_toggle": Decision(
        "held until toggled",
        "the output test holds an output on or off until toggled again; every output is "
        "handed back on leaving the page or the menu",
    ),
    "changes_saved_at_once": Decision(
        "submitted at once",
        "every change is submitted to the save writer at once (a power cut in the menu keeps "
        "it); EXIT submits again",
    ),
    "status_frames": Decision(
        180, "a 'BOOKKEEPING CLEARED'-style message stays 3 s on the page it returns to"
    ),
}
