"""Bloxeed (Sega, 1989): garbage meter, power blocks, characters and versus on the common
Sega loop. Sources: tables.py; the project's own choices: decisions.py."""

from games.bloxeed.rules.ruleset import BLOXEED, RULES_VERSION
from games.bloxeed.rules.summary import bloxeed_tables

__all__ = ["BLOXEED", "RULES_VERSION", "bloxeed_tables"]
