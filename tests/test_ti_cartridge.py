"""The TGM3 cartridge on the board: registration, the CLI figures, the rules document, the
mode table's seam, SW2 and the declared refresh."""

from __future__ import annotations

import json

import pytest

from engine.inputs import InputFrame, PlayerInput
from engine.pieces import LETTERS
from games.registry import CARTRIDGES, cartridge, cartridge_of_rules
from games.ti.modes import MODES, ModeEntry, TiMode, check_settings, mode
from games.ti.rules.bag import TiBag
from games.ti.session import BOARD, TiSession
from tests.clikit import run


def test_registered_after_tap_with_its_rules_ids() -> None:
    ids = list(CARTRIDGES)
    assert ids.index("ti") == ids.index("tap") + 1
    cart = cartridge("ti")
    assert cart.rules.ids[0] == BOARD and "ti-master" in cart.rules.ids
    assert cartridge_of_rules("ti-master") is cart
    assert cart.presentation.refresh_hz == 59.94


def test_pieces_cli_deals_the_bag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pieces", "--rules", "ti-master", "--seed", "1", "--count",
                       "20")
    assert code == 0
    bag = TiBag(1)
    assert out.strip() == "".join(LETTERS[bag.next()] for _ in range(20))
    assert out[0] in "IJLT"
    assert run(capsys, "pieces", "--rules", "ti-master", "--seed", "2", "--count", "20")[1] \
        != out


def test_rules_json_prints_tables_and_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "ti-master", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["refresh_hz"] == 59.94
    assert doc["cool"]["limits_s"] == [52, 52, 49, 45, 45, 42, 42, 38, 38]
    assert doc["regret_limits_s"] == [90, 75, 75, 68, 60, 60, 50, 50, 50, 50]
    assert doc["torikan"] == {"level": 500, "frames": 25200}
    assert doc["roll"]["frames"] == 3238
    assert doc["roll"]["fading_points"] == [4, 8, 12, 26]
    assert doc["roll"]["invisible_points"] == [10, 20, 30, 100]
    # The corrected line clear delay: 6 from speed level 1000 on.
    assert [r["line_clear"] for r in doc["speed_delays"] if r["from_level"] >= 1000] == [6] * 3
    for name in ("cool_rule", "exam_rule", "bag_start_order", "torikan_over_not_at",
                 "m_grades_upper_case"):
        assert "value" in doc["decisions"][name] and doc["decisions"][name]["why"]


def test_a_bad_setting_is_one_line() -> None:
    with pytest.raises(ValueError, match="cool_rule must be one of"):
        check_settings({"cool_rule": "fast"})
    with pytest.raises(ValueError, match="unknown TGM3 setting"):
        check_settings({"speed": 1})


def test_every_mode_entry_names_a_factory_that_makes_it() -> None:
    for rules_id, entry in MODES.items():
        assert isinstance(entry, ModeEntry) and callable(entry.factory)
        made = mode(rules_id)
        assert isinstance(made, TiMode) and made.id == rules_id
    with pytest.raises(ValueError, match="unknown rules"):
        mode("ti-nothing")


def test_the_board_takes_a_guest_then_selects_a_mode_then_plays_it() -> None:
    session = TiSession(BOARD, {}, {"main": 5}, 1)
    assert session.logins[0] is not None and session.playing(0)
    session.step(InputFrame())
    session.step(InputFrame(p1=PlayerInput(start=True)))  # Start: no account
    assert session.logins[0] is None and session.accounts[0] is None
    assert session.mode_of(0) == next(iter(MODES)) and session.players[0] is None
    session.step(InputFrame())
    session.step(InputFrame(p1=PlayerInput(start=True)))
    p = session.player(0)
    assert p.rules.id == next(iter(MODES))
    assert session.seeds_out() != {"main": 5}


def test_snapshot_restore_replays_the_same_frames() -> None:
    a = TiSession("ti-master", {}, {"main": 3}, 1)
    presses = [InputFrame(p1=PlayerInput(left=n % 7 < 3, b2=n % 11 == 0, down=n % 5 == 0,
                                         b3=n % 97 == 0)) for n in range(3000)]
    for frame in presses[:1500]:
        a.step(frame)
    b = TiSession("ti-master", {}, {"main": 99}, 1)
    b.restore(a.snapshot())
    assert b.state_hash() == a.state_hash()
    for frame in presses[1500:]:
        a.step(frame)
        b.step(frame)
    assert b.state_hash() == a.state_hash()
