"""DIP switch banks: declarative definitions, decoding into typed settings.

Bank bytes are stored as MAME reads them: switch n = bit n-1, ON reads 0 (see bank.py).
"""

from dipswitch.bank import BankReading, DipBank, DipSwitch
from dipswitch.coinage import (
    COINAGE,
    SW1,
    Chute,
    CoinScheme,
    CoinSettings,
    decode_coinage,
    encode_coinage,
)
from dipswitch.gamedips import GameBank, GameDips
from dipswitch.menu import DipRow, bank_switches, dip_rows, setting_choices
from dipswitch.physical import override

__all__ = [
    "COINAGE",
    "SW1",
    "BankReading",
    "Chute",
    "CoinScheme",
    "CoinSettings",
    "DipBank",
    "DipRow",
    "DipSwitch",
    "GameBank",
    "GameDips",
    "bank_switches",
    "decode_coinage",
    "dip_rows",
    "encode_coinage",
    "override",
    "setting_choices",
]
