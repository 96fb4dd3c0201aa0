"""The kiosk: command line, frame loop, cabinet state machine, save data."""

from firmware.game_files import lend

lend()  # games/ opens no files: it reads through the board's reader
