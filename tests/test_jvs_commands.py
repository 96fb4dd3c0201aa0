"""Reply splitting and decoding of the commands the master uses (JVS-TR Tables 6-7, JVS-TR
§4.3.11)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cabinet.jvs import commands as cmd
from cabinet.jvs.codes import CoinCondition, Feature, Report, Status
from cabinet.jvs.info import decode_bcd, decode_features, decode_text
from cabinet.jvs.inputs import decode_coins, decode_switches, encode_coin, encode_switches


def test_reset_and_decrement_and_output_bytes() -> None:
    assert cmd.reset().wire == bytes.fromhex("F0 D9")
    assert cmd.set_address(3).wire == bytes.fromhex("F1 03")
    assert cmd.coin_decrement(2, 0x0102).wire == bytes.fromhex("30 02 01 02")
    assert cmd.general_output1(b"\x80\x01").wire == bytes.fromhex("32 02 80 01")
    assert cmd.retransmit().wire == bytes.fromhex("2F")
    for builder, code in (
        (cmd.identify, 0x10),
        (cmd.command_revision, 0x11),
        (cmd.jvs_revision, 0x12),
        (cmd.comm_version, 0x13),
        (cmd.feature_check, 0x14),
    ):
        assert builder().wire == bytes((code,))


def test_split_reply_of_a_whole_init_style_packet() -> None:
    asks = [cmd.identify(), cmd.command_revision(), cmd.feature_check(), cmd.coins(2)]
    payload = (
        b"\x01"
        + b"\x01" + b"SEGA;X\x00"
        + b"\x01\x13"
        + b"\x01" + bytes.fromhex("01 02 0E 00 02 02 00 00 00")
        + b"\x01" + bytes.fromhex("00 05 40 01")
    )  # fmt: skip
    reply = cmd.split_reply(payload, asks)
    assert reply.ok
    assert [a.code for a in reply.answers] == [0x10, 0x11, 0x14, 0x21]
    assert decode_text(reply.answers[0].data) == "SEGA;X"
    assert decode_bcd(reply.answers[1].data[0]) == "1.3"
    features = decode_features(reply.answers[2].data)
    assert (features.players, features.switches_per_player, features.coin_slots) == (2, 14, 2)
    coins = decode_coins(reply.answers[3].data)
    assert coins[0].count == 5 and coins[0].condition == CoinCondition.NORMAL
    assert coins[1].count == 1 and coins[1].condition == CoinCondition.JAM


def test_openjvs_type3_features_from_the_reference() -> None:
    # Source: JVS-TR Table 8: 2 x 14 switches, 2 coin slots, 8 analog x 10 bits, 20 outputs.
    features = decode_features(bytes.fromhex("01 02 0E 00 02 02 00 00 03 08 0A 00 12 14 00 00 00"))
    assert features.players == 2 and features.switches_per_player == 14
    assert features.switch_bytes == 2
    assert features.coin_slots == 2 and features.analog_channels == 8
    assert features.general_outputs == 20 and features.output_bytes == 3
    assert features.entries[Feature.ANALOG] == (8, 10, 0)


def test_bad_report_stops_the_split_and_fails_that_command() -> None:
    asks = [cmd.command_revision(), cmd.switches(2, 2), cmd.coins(2)]
    reply = cmd.split_reply(bytes((Status.NORMAL, 1, 0x13, Report.PARAMETER_INVALID)), asks)
    assert reply.answer(0) is not None
    assert reply.answer(1) is None and reply.answer(2) is None
    assert reply.answers[1].report == Report.PARAMETER_INVALID


def test_status_two_keeps_the_answers_before_the_unknown_command() -> None:
    # Source: JVS-TR Tables 6-7: replies to the commands before the unknown one are still included.
    reply = cmd.split_reply(bytes((Status.UNKNOWN_COMMAND, 1, 0x13)), [cmd.command_revision()])
    assert not reply.ok
    assert reply.answers[0].data == b"\x13"


def test_openjvs_padded_retransmit_still_splits() -> None:
    # Source: OpenJVS jvs.c: OpenJVS's retransmit carries an extra 00 before SUM.
    asks = [cmd.coins(1)]
    reply = cmd.split_reply(bytes.fromhex("01 01 00 07 00"), asks)
    assert decode_coins(reply.answers[0].data)[0].count == 7


@given(st.binary(max_size=80))
def test_split_reply_never_raises(payload: bytes) -> None:
    asks = [cmd.identify(), cmd.feature_check(), cmd.switches(2, 2), cmd.coins(2)]
    reply = cmd.split_reply(payload, asks)
    assert len(reply.answers) <= len(asks)


def test_switch_layout_from_the_reference() -> None:
    # Source: JVS-TR Table 10: with TEST and P1 START held OpenJVS answered 80 | 80 00 | 00 00.
    state = decode_switches(bytes.fromhex("80 80 00 00 00"), 2, 2)
    assert state.system == {"test"}
    assert state.players == (frozenset({"start"}), frozenset())
    assert state.controls() == {"test", "p1.start"}


def test_every_player_bit_maps_to_its_control() -> None:
    # Source: JVS-TR Table 10 bit order: START SERVICE UP DOWN LEFT RIGHT PUSH1 PUSH2 | PUSH3.
    names = ["start", "service", "up", "down", "left", "right", "b1", "b2"]
    for bit, name in enumerate(names):
        data = bytes((0, 0x80 >> bit, 0, 0, 0))
        assert decode_switches(data, 2, 2).players[0] == {name}
    assert decode_switches(bytes((0, 0, 0, 0, 0x80)), 2, 2).controls() == {"p2.b3"}
    assert decode_switches(bytes((0x40, 0, 0, 0, 0)), 2, 2).controls() == {"tilt"}
    assert decode_switches(bytes((0, 0x40, 0, 0, 0)), 2, 2).controls() == {"service"}


def test_switch_encoding_round_trips() -> None:
    data = encode_switches({"test", "tilt"}, [{"start", "b3"}, {"left"}], 2)
    assert data == bytes.fromhex("C0 80 80 08 00")
    state = decode_switches(data, 2, 2)
    assert state.controls() == {"test", "tilt", "p1.start", "p1.b3", "p2.left"}


def test_coin_word_is_two_condition_bits_and_a_14_bit_count() -> None:
    assert encode_coin(0, 16383) == bytes.fromhex("3F FF")
    assert encode_coin(CoinCondition.BUSY, 1) == bytes.fromhex("C0 01")
    assert decode_coins(bytes.fromhex("BF FF"))[0].condition == CoinCondition.DISCONNECTED
    assert decode_coins(bytes.fromhex("BF FF"))[0].count == 16383
