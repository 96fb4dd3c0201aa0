"""Name entry: lever, confirm, the arrow and button 2 take a letter back, the end mark."""

from engine import PlayerInput
from firmware.machine.name_entry import ALPHABET, END_MARK, RUB_MARK, NameEntry

IDLE = PlayerInput()


def tap(entry: NameEntry, **switches: bool) -> None:
    entry.step(PlayerInput(**switches))
    entry.step(IDLE)


def test_three_initials() -> None:
    entry = NameEntry(0, 1000)
    tap(entry, b1=True)  # A
    tap(entry, right=True)
    tap(entry, b1=True)  # B
    for _ in range(3):
        tap(entry, left=True)  # B -> A, wraps to the end mark, then the arrow
    assert entry.current == RUB_MARK
    tap(entry, right=True)
    tap(entry, right=True)  # the end mark, then back to A
    tap(entry, b1=True)
    assert entry.done and entry.initials == "ABA"


def test_the_arrow_and_button_2_take_a_letter_back_and_the_end_mark_finishes() -> None:
    entry = NameEntry(0, 1000)
    tap(entry, b1=True)
    tap(entry, b1=True)
    tap(entry, b2=True)
    assert entry.letters == ["A"]
    entry.cursor = ALPHABET.index(RUB_MARK)
    tap(entry, b1=True)
    assert entry.letters == []
    entry.cursor = ALPHABET.index("Z")
    tap(entry, b1=True)
    entry.cursor = ALPHABET.index(END_MARK)
    tap(entry, b1=True)
    assert entry.done and entry.initials == "Z  "


def test_a_held_lever_repeats_every_8_frames() -> None:
    entry = NameEntry(0, 1000)
    for _ in range(17):
        entry.step(PlayerInput(right=True))
    assert entry.current == "D"  # frames 1, 8 and 16 stepped: A -> B -> C -> D
