"""The screens the cabinet can be on (what ``screen`` reports in the headless summary)."""

from enum import StrEnum


class Screen(StrEnum):
    NOTICE = "notice"  # "BACKUP DATA CLEARED" at boot
    TITLE = "title"
    DEMO = "demo"
    RANKINGS = "rankings"
    PLAY = "play"
    NAME_ENTRY = "name_entry"
    GAME_OVER = "game_over"
    SCENE = "scene"  # the cartridge's attract scene after a game over ran through
    SERVICE = "service"


ATTRACT = frozenset({Screen.TITLE, Screen.DEMO, Screen.RANKINGS, Screen.SCENE})
