"""RANKINGS CLEAR and BACKUP DATA CLEAR, each behind a YES/NO confirmation.

Backup data clear resets settings, rankings, bookkeeping and seeds to factory and keeps the
credits on the board (SERVICE_DECISIONS backup_clear_keeps_credits).
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from dipswitch import decode_coinage
from firmware.savedata import clear_rankings as reset_rankings
from firmware.savedata import factory
from firmware.service.pages.confirm import ConfirmPage

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

KEPT_BY_BACKUP_CLEAR = frozenset({"credits", "credit_board"})


def clear_rankings(menu: ServiceMenu) -> None:
    reset_rankings(menu.data)


def clear_backup(menu: ServiceMenu) -> None:
    data, fresh = menu.data, factory()
    # The machine, its coin desk and the writer hold this SaveData object: change it in place.
    for f in fields(data):
        if f.name not in KEPT_BY_BACKUP_CLEAR:
            setattr(data, f.name, getattr(fresh, f.name))
    board = menu.machine.desk.board
    board.set_coin_settings(decode_coinage(fresh.dips[fresh.selected_game].sw1)[0])
    data.credits = board.credits
    data.credit_board = board.to_dict()


def rankings_page(menu: ServiceMenu) -> ConfirmPage:
    return ConfirmPage(menu, "CLEAR RANKINGS?", lambda: clear_rankings(menu),
                       "RANKINGS CLEARED", ("THE RANKINGS OF EVERY GAME", "ARE ERASED"))


def backup_page(menu: ServiceMenu) -> ConfirmPage:
    return ConfirmPage(menu, "BACKUP DATA CLEAR?", lambda: clear_backup(menu),
                       "BACKUP DATA CLEARED",
                       ("SETTINGS, RANKINGS AND BOOKKEEPING", "GO BACK TO THE FACTORY STATE.",
                        "CREDITS ON THE BOARD ARE KEPT."))
