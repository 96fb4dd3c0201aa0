"""`signs_in`: the frame's check for a session whose players sign in, decided once per class
and always the same answer as isinstance against the Protocol."""

from __future__ import annotations

from engine.session import SignsIn, signs_in
from games.registry import cartridge_of_rules, rules_ids


def test_signs_in_agrees_with_the_protocol_for_every_rules_id() -> None:
    signers = []
    for rules in rules_ids():
        cart = cartridge_of_rules(rules)
        dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory)
        players = 2 if dips.settings.get("versus") else 1
        seeds = dict(cart.board.factory_seeds)
        session = cart.rules.new_session(rules, dips.settings, seeds, players)
        found = signs_in(session)
        assert found is (session if isinstance(session, SignsIn) else None)
        assert signs_in(session) is found  # the second answer comes from the class's entry
        if found is not None:
            signers.append(rules)
    assert signers and all(rules.startswith("ti") for rules in signers)  # TGM3's accounts
