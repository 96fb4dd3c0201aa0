"""The cabinet state machine: attract, credits, play, name entry, game over, service."""

from firmware.machine.coin_desk import Saver
from firmware.machine.machine import CabinetMachine, ServiceMode, ServiceModeFactory
from firmware.machine.screens import Screen

__all__ = ["CabinetMachine", "Saver", "Screen", "ServiceMode", "ServiceModeFactory"]
