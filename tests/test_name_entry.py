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




def test_the_lever_waits_longer_before_its_first_repeat() -> None:
    """Issue #32 item 4: one tap moves one letter; held, the first repeat comes after
    name_first_repeat_frames, then one every name_repeat_frames."""
    from firmware.machine.name_entry import FIRST_REPEAT, REPEAT

    assert FIRST_REPEAT > REPEAT
    entry = NameEntry(0, 1000)
    moved = []
    for _ in range(FIRST_REPEAT + 2 * REPEAT):
        entry.step(PlayerInput(right=True))
        moved.append(entry.cursor)
    assert moved[FIRST_REPEAT - 2] == 1  # one letter for the whole first wait
    assert moved[FIRST_REPEAT - 1] == 2
    assert moved[FIRST_REPEAT + REPEAT - 1] == 3 and moved[-1] == 4


def test_a_control_held_at_game_over_does_not_carry_into_name_entry() -> None:
    held = PlayerInput(b1=True, right=True)
    entry = NameEntry(0, 1000, held=held)
    for _ in range(40):  # button 1 and the lever still down from the game
        entry.step(held)
    assert entry.letters == [] and entry.cursor == 0
    entry.step(IDLE)
    tap(entry, right=True)
    tap(entry, b1=True)
    assert entry.letters == ["B"]
