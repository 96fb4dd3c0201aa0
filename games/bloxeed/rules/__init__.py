"""Bloxeed (Sega, 1989): garbage meter, power blocks, characters and versus on the common
Sega loop. See rules/sega.md section 3."""

from games.bloxeed.rules.ruleset import BLOXEED
from games.bloxeed.rules.summary import bloxeed_tables, sim_summary_extras

__all__ = ["BLOXEED", "bloxeed_tables", "sim_summary_extras"]
