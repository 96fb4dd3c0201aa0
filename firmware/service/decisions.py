"""Service-menu behaviour no source gives: the project's choices, in one table.

What the sources do say (reference/cabinet.md 7.2/7.3), noted where it is used:
SERVICE moves the cursor and TEST selects; clear bookkeeping / clear rankings need a
confirmation; the service switch is a service credit outside the menu.
"""

from __future__ import annotations

# decision: every entry below is the project's own choice, not a documented fact.
SERVICE_DECISIONS: dict[str, str] = {
    "service_switch_in_menu": "inside the menu the SERVICE switch is the cursor button and adds "
    "no service credit (the test mode owns the switch); coins are still counted",
    "input_test_exit": "the input test shows SERVICE and TEST too, so it is left by holding "
    "SERVICE and TEST together (as later Sega manuals do; not in our sources for System 16/18)",
    "extra_keys": "besides SERVICE/TEST: 1P lever up/down moves the cursor, left/right changes "
    "a setting, button 1 selects, button 2 goes back",
    "confirm_default": "every confirmation starts on NO, so a stray TEST keeps the data",
    "backup_clear_keeps_credits": "BACKUP DATA CLEAR resets settings (SW1, SW2, game select), "
    "rankings, bookkeeping and seeds to factory, but keeps the credits on the board (paid and "
    "held): DESIGN.md rule 5, nothing a player paid for is lost",
    "sw1_all_games": "one board runs both games, so the coin assignments (SW1) are written to "
    "every game's DIP banks: the coinage does not change with Game select",
    "physical_bank_wins": "with a physical DIP bank fitted, the soft setting is shown but "
    "cannot be changed from the menu (the switches on the board are in force)",
    "output_test_toggle": "the output test holds an output on or off until toggled again; "
    "every output is handed back on leaving the page or the menu",
    "changes_saved_at_once": "every change is submitted to the save writer at once (a power "
    "cut in the menu keeps it); EXIT submits again",
}
