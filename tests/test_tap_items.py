"""TAP versus items: the bag (one of each of the 19 items, drawn by weight without
replacement, total weight 1970, the known weights), the meter (20 pieces, the 21st is an
item piece, no charging while your attack is applied), firing on a clear that holds any of
the item piece's blocks, attacks destroying the opponent's piece."""

from __future__ import annotations

import math

from engine.events import Event
from games.arika.board import ITEM_SHIFT, Board
from games.arika.player import ACTIVE, NO_PIECE
from games.tap.rules import items as it
from games.tap.rules.versus_player import ITEM_FIRED, SNIPED, Side, VersusPlayer
from tests.arika_kit import Script, flat_rules, pad, spawned, step, step_until

DROP_LOCK = pad(up=True, down=True)
SEEDS = range(4000)


def pair(letters: str = "O", field: list[str] | None = None,
         other_field: list[str] | None = None) -> tuple[VersusPlayer, VersusPlayer]:
    """Two linked versus players on a flat test speed, dealing ``letters``."""
    a = VersusPlayer(0, flat_rules(), 0, Side(1), pieces=Script(letters))
    b = VersusPlayer(1, flat_rules(), 0, Side(2), pieces=Script(letters))
    a.side.other, b.side.other = b, a
    if field:
        a.board = Board.from_text(field)
    if other_field:
        b.board = Board.from_text(other_field)
    return a, b


def drop(p: VersusPlayer, x: int) -> list[Event]:
    """Drop and lock the piece in play at box column ``x``, then on to the next spawn."""
    p.x = x
    out = step(p, DROP_LOCK)
    out += step_until(p, lambda q: q.phase == ACTIVE)
    return out


# ---- the bag --------------------------------------------------------------------------
def test_the_bag_holds_the_19_items_with_the_known_weights() -> None:
    assert len(it.ITEMS) == it.ITEM_COUNT == 19
    assert sum(i.weight for i in it.ITEMS) == it.BAG_WEIGHT == 1970
    w = {i.code: i.weight for i in it.ITEMS}
    assert w[it.COLOR_BLOCK] == 250 and w[it.DEL_UP] == 250 and w[it.NEGA_FIELD] == 1
    assert w[it.COLOR_BLOCK] == 250 * w[it.NEGA_FIELD]  # "250 times rarer"
    assert w[it.MIRROR_BLOCK] == 150 and w[it.FIELD_180] == 100
    assert 5 <= w[it.SHOT_GUN] <= 6 and 5 <= w[it.EXCHG_FIELD] <= 6 and w[it.MOV_LEFT] <= 4
    assert min(w.values()) == w[it.NEGA_FIELD]
    assert sorted(w.values())[1] == w[it.DARK_BLOCK]  # dealt last but for Nega Field
    kinds = [i.kind for i in it.ITEMS]
    assert kinds.count(it.ATTACK) == 12 and kinds.count(it.DEFENCE) == 5


def test_a_bag_deals_each_item_once_then_refills() -> None:
    bag = it.ItemBag(77)
    first = [bag.draw() for _ in range(19)]
    assert sorted(first) == list(range(1, 20))
    assert bag.left == []
    assert 1 <= bag.draw() <= 19 and len(bag.left) == 18


def test_the_same_seed_deals_the_same_order() -> None:
    a, b = it.ItemBag(5), it.ItemBag(5)
    assert [a.draw() for _ in range(19)] == [b.draw() for _ in range(19)]


def orders() -> list[list[int]]:
    out = []
    for seed in SEEDS:
        bag = it.ItemBag(seed * 2654435761)
        out.append([bag.draw() for _ in range(19)])
    return out


def test_first_draws_follow_the_weights() -> None:
    n = len(SEEDS)
    firsts = [o[0] for o in orders()]
    for item in it.ITEMS:
        p = item.weight / it.BAG_WEIGHT
        seen = firsts.count(item.code) / n
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(seen - p) <= 5 * sigma + 1e-9, (item.name, seen, p)


def test_mean_positions_match_the_weights() -> None:
    """Drawing by weight without replacement: item j comes before item i with probability
    w_j / (w_i + w_j), so i's expected place is 1 + the sum of those over j != i."""
    found = orders()
    n = len(found)
    for item in it.ITEMS:
        expected = 1 + sum(o.weight / (o.weight + item.weight) for o in it.ITEMS
                           if o.code != item.code)
        places = [o.index(item.code) + 1 for o in found]
        mean = sum(places) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in places) / (n - 1))
        assert abs(mean - expected) <= 5 * sd / math.sqrt(n) + 0.01, (item.name, mean,
                                                                       expected)
    dark = [o.index(it.DARK_BLOCK) for o in found]
    assert sum(dark) / n > 16  # Dark Block comes late


# ---- the meter --------------------------------------------------------------------------
def item_of(p: VersusPlayer) -> int:
    return p.item & 31


def test_the_21st_piece_is_an_item_piece() -> None:
    a, _ = pair("OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO")
    items = []
    for _ in range(42):
        spawned(a)
        items.append(item_of(a))
        a.board.clear()
        a.kind = NO_PIECE
        a.destroy_piece()
    assert [n for n, code in enumerate(items, start=1) if code] == [21, 42]
    assert a.side.meter.count == 0


def test_no_charging_while_your_attack_is_applied() -> None:
    a, b = pair("O")
    b.side.screen, b.side.screen_left = it.X_RAY, 10_000  # a's attack still on b
    for _ in range(30):
        spawned(a)
        a.destroy_piece()
    assert a.side.meter.count == 0
    b.side.screen_left = 0
    spawned(a)
    assert a.side.meter.count == 1


# ---- firing --------------------------------------------------------------------------
def arm(p: VersusPlayer, code: int) -> None:
    """The next piece is an item piece carrying ``code``."""
    p.side.meter.count = it.METER_PIECES
    p.side.bag.left = [code]


def test_an_item_fires_when_a_cleared_line_holds_one_of_its_blocks() -> None:
    # O at columns 8-9: only its lower row completes row 1. Del Even (a defence) fires.
    a, _ = pair("OO", ["#.........", "########.."])
    arm(a, it.DEL_EVEN)
    spawned(a)
    assert item_of(a) == it.DEL_EVEN
    out = drop(a, 7)
    fired = [e for e in out if e.kind == ITEM_FIRED]
    assert fired == [Event(ITEM_FIRED, 0, it.DEL_EVEN)]
    # The whole piece was the item: its two blocks left on the field are plain now.
    assert a.board.to_text(1) == ["#.......##"]
    assert all(not v >> ITEM_SHIFT for row in a.board.cells for v in row)


def test_an_item_left_on_the_field_does_not_fire() -> None:
    a, _ = pair("OO", ["....######"])
    arm(a, it.DEL_EVEN)
    spawned(a)
    out = drop(a, 7)  # lands on the stack, no clear
    assert not [e for e in out if e.kind == ITEM_FIRED]
    assert any(v >> ITEM_SHIFT == it.DEL_EVEN for row in a.board.cells for v in row)


def test_an_attack_destroys_the_opponents_piece_and_hits_their_field() -> None:
    a, b = pair("OO", ["########.."], ["#.........", "##........"])
    arm(a, it.NEGA_FIELD)
    spawned(a)
    spawned(b)
    assert b.kind != NO_PIECE
    out = drop(a, 7)
    assert Event(SNIPED, 1, it.NEGA_FIELD) in out
    assert b.kind == NO_PIECE
    assert b.board.to_text(2) == [".#########", "..########"]
    spawned(b)  # the next piece follows
    assert b.phase == ACTIVE
