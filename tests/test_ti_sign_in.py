"""Issue 34 item 8: TGM3 PINs salted and slow, checked by the board; only the player's own
account (no digest) reaches the replay; wrong PINs make the board wait longer; a full table
evicts nobody; saves with the first release's unsalted digests still load and sign in."""

from __future__ import annotations

from typing import Any

from firmware.savedata import SaveData
from firmware.savedata.schema import from_dict, to_dict
from games.ti.accounts import (
    MOST_ACCOUNTS,
    account_json,
    hold_frames,
    keep_after_game,
    session_settings,
    sign_in,
)
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import Account
from games.ti.rules.login import legacy_digest, pin_digest

SALT = bytes(range(16))
OTHER_SALT = bytes(range(16, 32))


def legacy_own() -> dict[str, Any]:
    return {"accounts": {"ABC": account_json(Account("ABC", legacy_digest("ABC", "1234"),
                                                     qualified=3, games=4))}}


def test_no_account_goes_into_a_sessions_settings() -> None:
    own = legacy_own()
    assert session_settings(own) == {}


def test_a_new_account_is_salted_and_slow_and_the_verdict_has_no_digest() -> None:
    got = sign_in({"accounts": {}}, "ZZZ", "0000", SALT)
    assert got.verdict == "new" and got.entry is not None
    assert got.entry["salt"] == SALT.hex() and len(got.entry["pin"]) == 64
    other = sign_in({"accounts": {}}, "ZZZ", "0000", OTHER_SALT)
    assert other.entry is not None and other.entry["pin"] != got.entry["pin"]  # per salt
    own = {"accounts": {"ZZZ": got.entry}}
    ok = sign_in(own, "ZZZ", "0000", OTHER_SALT)
    assert ok.verdict == "ok/0//0/0/0"  # class/history/points/since/games: no digest
    assert got.entry["pin"] not in ok.verdict


def test_an_old_unsalted_digest_loads_and_is_salted_at_the_next_right_pin() -> None:
    data = SaveData()
    data.own["ti"] = legacy_own()
    loaded = from_dict(to_dict(data)).own["ti"]
    assert "salt" not in loaded["accounts"]["ABC"]
    assert sign_in(loaded, "ABC", "9999", SALT).verdict == "wrong"
    got = sign_in(loaded, "ABC", "1234", SALT)
    assert got.verdict.startswith("ok/3/") and got.entry is not None
    assert got.entry["salt"] == SALT.hex()
    assert got.entry["pin"] == pin_digest("ABC", "1234", SALT)
    assert got.entry["games"] == 4


def test_wrong_pins_make_every_next_answer_wait_longer_until_a_right_one() -> None:
    hold = TI_DECISIONS["wrong_pin_hold_frames"].value
    own = {"accounts": {"ABC": sign_in({"accounts": {}}, "ABC", "1234", SALT).entry}}
    holds = []
    for _ in range(6):
        got = sign_in(own, "ABC", "0000", SALT)
        assert got.verdict == "wrong" and got.entry is not None
        holds.append(got.hold)
        own["accounts"]["ABC"] = got.entry
    assert holds == [0, hold["first"], 2 * hold["first"], 4 * hold["first"],
                     min(8 * hold["first"], hold["max"]), hold["max"]]
    right = sign_in(own, "ABC", "1234", SALT)
    assert right.verdict.startswith("ok/") and right.hold == hold["max"]
    assert right.entry is not None and right.entry["wrong"] == 0
    assert hold_frames(0) == 0
    assert hold["max"] < TI_DECISIONS["sign_in_wait_frames"].value


def test_a_full_table_makes_no_account_and_evicts_none() -> None:
    names = [a + b + c for a in "ABCD" for b in "ABCD" for c in "ABCD"][:MOST_ACCOUNTS]
    entry = sign_in({"accounts": {}}, "AAA", "1111", SALT).entry
    own = {"accounts": {n: dict(entry or {}) for n in names}}
    got = sign_in(own, "ZZZ", "0000", SALT)
    assert got.verdict == "full" and got.entry is None
    assert sign_in(own, names[0], "0000", SALT).verdict == "wrong"  # no takeover


def test_a_guest_or_unknown_game_changes_no_account() -> None:
    own = legacy_own()
    assert keep_after_game(own, object(), 0) == own  # type: ignore[arg-type]


def test_a_replay_header_holding_account_settings_is_refused() -> None:
    """The first release put every account's digest in the settings (account_ABC); a
    session of this version takes none, so a replay cannot smuggle them in."""
    import pytest

    from games.registry import new_session

    with pytest.raises(ValueError, match="unknown TGM3 setting 'account_ABC'"):
        new_session("ti", {"account_ABC": "0123456789abcdef/0//0/0/0"}, {"main": 1}, 1)


def test_the_board_never_waits_for_the_hash_in_a_frame() -> None:
    """The kiosk's desk (not waiting: a real-time cabinet) starts the check on a worker
    and hands nothing back until the worker is done; the frame goes on meanwhile."""
    import threading

    from engine.inputs import InputFrame, PlayerInput
    from firmware.machine.sign_in_desk import SignInDesk
    from games.ti.rules.login import alphabet
    from games.ti.session import BOARD, TiSession

    release = threading.Event()

    def held_check(own: Any, initials: str, pin: str, salt: bytes) -> Any:
        release.wait(600)  # the slow hash, as long as the test likes
        return sign_in(own, initials, pin, salt)

    session = TiSession(BOARD, {}, {"main": 1}, 1)
    session.step(InputFrame())
    for slot, ch in enumerate("ABC1234"):
        for _ in range(alphabet(slot).index(ch)):
            session.step(InputFrame(p1=PlayerInput(right=True)))
            session.step(InputFrame())
        session.step(InputFrame(p1=PlayerInput(b1=True)))
        session.step(InputFrame())
    assert session.sign_in_request(0) == ("ABC", "1234")
    desk = SignInDesk(wait=False)
    own: dict[str, Any] = {"accounts": {}}
    desk.ask(session, held_check, own)
    for _ in range(30):  # frames go on while the worker is held
        assert desk.answers(session) == []
        session.step(InputFrame())
        desk.ask(session, held_check, own)  # the same question: no second worker
    assert session.notes[0] == "CHECKING"
    release.set()
    desk.wait = True  # now wait on the worker's own end (an event), as a headless run does
    [(index, initials, answer)] = desk.answers(session)
    assert (index, initials, answer.verdict) == (0, "ABC", "new")
