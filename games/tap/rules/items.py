"""TAP's 19 versus items, the item meter and the bag the items are drawn from.

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Versus items (the 19 items:
TGM1's list without Spin Field and Press Field, plus Color, Dark and Mirror Block; their
effects; the 21st piece after 20 is an item piece; one of each item in a bag, drawn by
weight without replacement, the bag repeated when empty); tetris.wiki "TGM Versus Mode
Guide", Item System (the weights sum to 1970; Color Block 250, Nega Field 1; the meter does
not charge while your attack is applied). The weights the sources do not give are a
decision (VERSUS_DECISIONS["item_weights"]).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.arika.randomizer import lcg_output, lcg_step
from games.tap.rules.decisions import VERSUS_DECISIONS

ATTACK = "attack"
DEFENCE = "defence"
NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Item:
    code: int  # stored in the item piece's blocks (1..19)
    name: str  # the banner (the cabinet font's characters: ^ V > < for the arrows)
    kind: str  # attack, defence or neutral
    weight: int


# The table order: S004's list (attacks, then defences, then the neutral ones).
_TABLE: tuple[tuple[str, str, str], ...] = (
    ("DEATH BLOCK", "DEATH BLOCK", ATTACK),
    ("NEGA FIELD", "NEGA FIELD", ATTACK),
    ("180 FIELD", "180 FIELD", ATTACK),
    ("SHOT GUN!", "SHOT GUN!", ATTACK),
    ("HARD BLOCK", "HARD BLOCK", ATTACK),
    ("LASER BLOCK", "LASER BLOCK", ATTACK),
    ("ROLL ROLL", "ROLL ROLL", ATTACK),
    ("TRANS FORM", "TRANS FORM", ATTACK),
    ("X-RAY", "X-RAY", ATTACK),
    ("COLOR BLOCK", "COLOR BLOCK", ATTACK),
    ("DARK BLOCK", "DARK BLOCK", ATTACK),
    ("MIRROR BLOCK", "MIRROR BLOCK", ATTACK),
    ("DEL FIELD UP", "^ DEL FIELD", DEFENCE),
    ("DEL FIELD DOWN", "V DEL FIELD", DEFENCE),
    ("MOV FIELD RIGHT", "> MOV FIELD", DEFENCE),
    ("MOV FIELD LEFT", "< MOV FIELD", DEFENCE),
    ("DEL EVEN", "DEL EVEN", DEFENCE),
    ("FREE FALL", "FREE FALL", NEUTRAL),
    ("EXCHG FIELD", "EXCHG FIELD", NEUTRAL),
)
_WEIGHTS: dict[str, int] = VERSUS_DECISIONS["item_weights"].value

ITEMS: tuple[Item, ...] = tuple(
    Item(code, banner, kind, _WEIGHTS[key])
    for code, (key, banner, kind) in enumerate(_TABLE, start=1)
)
BY_NAME: dict[str, Item] = {key: ITEMS[i] for i, (key, _, _) in enumerate(_TABLE)}
ITEM_COUNT = 19
BAG_WEIGHT = 1970  # the full bag's weight (the Versus Mode Guide)
METER_PIECES = 20  # pieces that fill the meter; the next one is the item piece

DEATH_BLOCK = BY_NAME["DEATH BLOCK"].code
NEGA_FIELD = BY_NAME["NEGA FIELD"].code
FIELD_180 = BY_NAME["180 FIELD"].code
SHOT_GUN = BY_NAME["SHOT GUN!"].code
HARD_BLOCK = BY_NAME["HARD BLOCK"].code
LASER_BLOCK = BY_NAME["LASER BLOCK"].code
ROLL_ROLL = BY_NAME["ROLL ROLL"].code
TRANS_FORM = BY_NAME["TRANS FORM"].code
X_RAY = BY_NAME["X-RAY"].code
COLOR_BLOCK = BY_NAME["COLOR BLOCK"].code
DARK_BLOCK = BY_NAME["DARK BLOCK"].code
MIRROR_BLOCK = BY_NAME["MIRROR BLOCK"].code
DEL_UP = BY_NAME["DEL FIELD UP"].code
DEL_DOWN = BY_NAME["DEL FIELD DOWN"].code
MOV_RIGHT = BY_NAME["MOV FIELD RIGHT"].code
MOV_LEFT = BY_NAME["MOV FIELD LEFT"].code
DEL_EVEN = BY_NAME["DEL EVEN"].code
FREE_FALL = BY_NAME["FREE FALL"].code
EXCHG_FIELD = BY_NAME["EXCHG FIELD"].code


def item(code: int) -> Item:
    return ITEMS[code - 1]


class ItemBag:
    """One player's bag: ``draw()`` takes one item code by weight, without replacement;
    an empty bag is filled again. Deterministic from ``seed`` (Arika's LCG)."""

    __slots__ = ("left", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed & 0xFFFFFFFF
        self.left: list[int] = [it.code for it in ITEMS]

    def _fraction(self) -> int:
        """30 random bits: two 15-bit LCG outputs."""
        self.seed = lcg_step(self.seed)
        high = lcg_output(self.seed)
        self.seed = lcg_step(self.seed)
        return high << 15 | lcg_output(self.seed)

    def draw(self) -> int:
        if not self.left:
            self.left = [it.code for it in ITEMS]
        total = sum(ITEMS[c - 1].weight for c in self.left)
        pick = self._fraction() * total >> 30
        for i, code in enumerate(self.left):
            pick -= ITEMS[code - 1].weight
            if pick < 0:
                del self.left[i]
                return code
        raise AssertionError("the pick lies within the bag's weight")

    def state(self) -> tuple[int, ...]:
        return (self.seed, *self.left)

    def restore(self, state: tuple[int, ...]) -> None:
        self.seed, *left = state
        self.left = list(left)


class ItemMeter:
    """Counts spawns: after ``METER_PIECES`` pieces the next piece is an item piece. A
    player whose attack is still being applied does not charge it."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    def on_spawn(self, charging: bool) -> bool:
        """A piece is dealt; True: this one is the item piece (the meter empties)."""
        if self.count >= METER_PIECES:
            self.count = 0
            return True
        if charging:
            self.count += 1
        return False

    @property
    def fill(self) -> float:
        return self.count / METER_PIECES
