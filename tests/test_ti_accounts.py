"""TGM3 accounts: typed with the lever on the board, kept in the cartridge's own save
section, their history and exams carried from game to game, the grade ranking."""

from __future__ import annotations

from typing import Any

import pytest

from engine.inputs import InputFrame, PlayerInput
from firmware.savedata import SaveData
from firmware.savedata.schema import SchemaError, from_dict, to_dict
from games.arika.randomizer import lcg_output, lcg_step
from games.registry import cartridge
from games.ti.accounts import (
    GRADE_RANKING,
    account_json,
    accounts_from,
    grade_ranking,
    keep_after_game,
    load,
    session_settings,
    sign_in,
)
from games.ti.rules.exams import EXAM_CHANCE, PROMOTION, Account
from games.ti.rules.login import LETTERS, alphabet, legacy_digest, pin_digest
from games.ti.rules.master import GRADE_NAMES
from games.ti.session import BOARD, TiSession

IDLE = InputFrame()
G = {name: i for i, name in enumerate(GRADE_NAMES)}


def press(session: TiSession, **switches: bool) -> None:
    session.step(InputFrame(p1=PlayerInput(**switches)))
    session.step(IDLE)


def type_account(session: TiSession, text: str) -> None:
    for slot, ch in enumerate(text):
        for _ in range(alphabet(slot).index(ch)):
            press(session, right=True)
        press(session, b1=True)


def top_out(session: TiSession) -> None:
    """Sonic-drop and lock every piece where it appears until the stack reaches the top."""
    for _ in range(20_000):
        if not session.playing(0):
            return
        press(session, up=True, down=True)
    raise AssertionError("the game did not end")


SALT = bytes(range(16))


def answer(session: TiSession, own: dict[str, Any]) -> str:
    """The board's part: check what the session asks (games/ti/accounts.py sign_in, as
    the board's worker runs it), keep the account's new form, answer the session."""
    asked = session.sign_in_request(0)
    assert asked is not None and session.notes[0] == "CHECKING"
    got = sign_in(own, *asked, SALT)
    if got.entry is not None:
        own.setdefault("accounts", {})[asked[0]] = got.entry
    session.sign_in(0, got.verdict)
    return got.verdict


def board_game(own: dict[str, Any], text: str | None, seed: int = 7) -> TiSession:
    session = TiSession(BOARD, session_settings(own), {"main": seed}, 1)
    session.step(IDLE)
    if text is None:
        press(session, start=True)
    else:
        type_account(session, text)
        answer(session, own)
    press(session, start=True)  # the mode select: Master
    return session


def test_the_lever_types_initials_then_a_pin() -> None:
    session = TiSession(BOARD, {}, {"main": 1}, 1)
    session.step(IDLE)
    type_account(session, "ZA")
    press(session, left=True)  # Z is one step left of A
    press(session, b2=True)  # back: the second A is taken away
    login = session.logins[0]
    assert login is not None and login.text == "Z"
    type_account_rest = "ZY0951"
    for ch in type_account_rest:
        slot = len(login.text)
        for _ in range(alphabet(slot).index(ch)):
            press(session, right=True)
        press(session, b1=True)
    assert session.logins[0] is None
    own: dict[str, Any] = {"accounts": {}}
    assert answer(session, own) == "new"
    account = session.accounts[0]
    assert account is not None and account.initials == "ZZY" and account.pin == ""
    kept = own["accounts"]["ZZY"]
    assert kept["pin"] == pin_digest("ZZY", "0951", SALT) and kept["salt"] == SALT.hex()
    assert session.notes[0] == "NEW" and session.mode_of(0) == "ti-master"
    assert LETTERS[0] == "A"


def test_an_account_is_kept_with_its_history_and_found_again_by_pin() -> None:
    own: dict[str, Any] = {"accounts": {}}
    first = board_game(own, "ABC1234")
    top_out(first)
    result = first.account_result(0)
    assert result is not None
    own = keep_after_game(own, first, 0)
    kept = own["accounts"]["ABC"]  # type: ignore[index]
    worth = result[1]
    assert kept["history"] == [worth] and kept["games"] == 1
    assert kept["pin"] == pin_digest("ABC", "1234", SALT)
    # The save section survives the file's JSON form.
    assert load(to_dict_own(own)) == own

    again = board_game(own, "ABC1234", seed=8)
    account = again.accounts[0]
    assert account is not None and account.history == (worth,) and again.notes[0] == ""
    top_out(again)
    own = keep_after_game(own, again, 0)
    assert own["accounts"]["ABC"]["games"] == 2  # type: ignore[index]

    wrong = board_game(own, "ABC9999", seed=9)
    assert wrong.accounts[0] is None and wrong.notes[0] == "WRONG PIN"
    top_out(wrong)
    assert keep_after_game(own, wrong, 0) == own  # a guest's game changes no account

    guest = board_game(own, None, seed=10)
    top_out(guest)
    assert guest.account_result(0) is None
    assert keep_after_game(own, guest, 0) == own


def to_dict_own(own: dict[str, object]) -> object:
    data = SaveData()
    data.own["ti"] = own  # type: ignore[assignment]
    return from_dict(to_dict(data)).own["ti"]


def test_the_save_file_keeps_the_section_and_refuses_a_bad_one() -> None:
    data = SaveData()
    assert data.own["ti"] == {"accounts": {}}
    data.own["ti"] = {"accounts": {"ABC": account_json(Account(
        "ABC", legacy_digest("ABC", "1111"), qualified=G["S4"], history=(12, 13), games=2))}}
    raw = to_dict(data)
    assert raw["games"]["ti"]["own"]["accounts"]["ABC"]["qualified"] == G["S4"]
    assert from_dict(raw).own["ti"] == data.own["ti"]
    raw["games"]["ti"]["own"]["accounts"]["ABC"]["history"] = [1] * 8
    with pytest.raises(SchemaError, match=r"games\.ti\.own: account ABC: history"):
        from_dict(raw)
    raw["games"]["ti"]["own"] = {"accounts": {"abc": {}}}
    with pytest.raises(SchemaError, match="initials are not 3 capital letters"):
        from_dict(raw)


def test_the_grade_ranking_orders_accounts_by_class() -> None:
    own = {"accounts": {
        "AAA": account_json(Account("AAA", legacy_digest("AAA", "0000"), qualified=G["S2"],
                                    games=9)),
        "BBB": account_json(Account("BBB", legacy_digest("BBB", "0000"), qualified=G["m3"],
                                    games=3)),
        "CCC": account_json(Account("CCC", legacy_digest("CCC", "0000"), qualified=G["S2"],
                                    games=12)),
    }}
    rows = grade_ranking(own)[GRADE_RANKING]
    assert [(i, v["grade"], v["level"]) for i, v in rows] == [
        ("BBB", "M3", 3), ("CCC", "S2", 12), ("AAA", "S2", 9)]
    assert GRADE_RANKING in cartridge("ti").board.ranking.modes


@pytest.mark.parametrize(("accounts", "message"), [
    ({"abc": {"qualified": 0, "games": 0}}, "not 3 capital letters"),
    ({"ABC": ["qualified", 0]}, "not 3 capital letters and a mapping"),
    ({"ABC": {"qualified": len(GRADE_NAMES), "games": 0}}, "account ABC: qualified"),
    ({"ABC": {"qualified": 0, "games": -1}}, "account ABC: games"),
    ({"ABC": {"qualified": True, "games": 0}}, "account ABC: qualified"),
    ([], "accounts is not a mapping"),
])
def test_the_grade_ranking_refuses_what_it_cannot_show(accounts: Any, message: str) -> None:
    """The table made after each game reads only each account's class and games, and
    still takes nothing it would show wrongly: one line, no row."""
    with pytest.raises(ValueError, match=message):
        grade_ranking({"accounts": accounts})


def test_a_digest_of_other_letters_than_lowercase_hex_is_refused() -> None:
    good = {"pin": "0" * 16, "qualified": 0, "history": [], "demotion_points": 0,
            "since_demotion": 0, "games": 0}
    assert accounts_from({"ABC": good})
    for pin in ("0" * 15 + "g", "0" * 15 + "A", "0" * 17, "0" * 7 + " " + "0" * 8, 0):
        with pytest.raises(ValueError, match="pin is not a 16-digit hex digest"):
            accounts_from({"ABC": {**good, "pin": pin}})


def test_a_promotion_exam_is_drawn_from_the_game_seed_and_lifts_the_torikan() -> None:
    history = tuple([G["S9"]] * 7)
    account = Account("ABC", legacy_digest("ABC", "1234"), qualified=G["S1"], history=history,
                      games=7)
    own: dict[str, Any] = {"accounts": {"ABC": account_json(account)}}
    exams = {}
    for seed in range(1, 40):
        session = board_game(own, "ABC1234", seed=seed)
        p = session.player(0)
        game_seed = seed  # the first game of the session deals from the session's seed
        exams[seed] = session.exams[0]
        expected = lcg_output(lcg_step(game_seed)) % EXAM_CHANCE == 0
        assert (session.exams[0] is not None) == expected, seed
        assert p.referee.exam == expected  # type: ignore[attr-defined]
    assert any(e is not None and e.kind == PROMOTION and e.name == "S9"
               for e in exams.values())
    assert any(e is None for e in exams.values())


def test_a_board_session_restores_mid_entry_and_mid_game() -> None:
    own: dict[str, Any] = {"accounts": {"ABC": account_json(Account(
        "ABC", legacy_digest("ABC", "1234"), qualified=G["S2"]))}}
    settings = session_settings(own)
    a = TiSession(BOARD, settings, {"main": 3}, 1)
    a.step(IDLE)
    type_account(a, "ABC1")  # half typed
    b = TiSession(BOARD, settings, {"main": 3}, 1)
    b.restore(a.snapshot())
    assert b.state_hash() == a.state_hash()
    for session in (a, b):
        type_account_rest(session, "234")
        answer(session, own)  # the first salts the old digest; the second checks that
        press(session, start=True)
        for _ in range(300):
            session.step(IDLE)
    assert a.accounts[0] is not None and a.accounts[0].qualified == G["S2"]
    assert b.state_hash() == a.state_hash()
    c = TiSession(BOARD, settings, {"main": 99}, 1)
    c.restore(a.snapshot())
    assert c.state_hash() == a.state_hash()


def type_account_rest(session: TiSession, text: str) -> None:
    login = session.logins[0]
    assert login is not None
    for ch in text:
        for _ in range(alphabet(len(login.text)).index(ch)):
            press(session, right=True)
        press(session, b1=True)
