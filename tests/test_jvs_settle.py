"""The verdict on a decrement whose reply went missing, from the board's 0x2F answers."""

from __future__ import annotations

from cabinet.jvs import commands as cmd
from cabinet.jvs.settle import NOT_RECEIVED_ANSWERS, Unsettled, Verdict

PLAIN = (cmd.switches(2, 2), cmd.coins(2))
PACKET = (*PLAIN, cmd.coin_decrement(1, 1), cmd.coins(2))
# Replies as the simulator's board gives them: status, then report + data per command.
PLAIN_REPLY = bytes.fromhex("01 01 00 0000 0000 01 0001 0000")
PACKET_REPLY = PLAIN_REPLY + bytes.fromhex("01 01 0000 0000")


def unsettled() -> Unsettled:
    return Unsettled(PACKET, PLAIN, ((1, 1),))


def test_the_packets_own_reply_says_the_board_did_it() -> None:
    assert unsettled().judge(PACKET_REPLY) is Verdict.DONE
    assert unsettled().judge(PACKET_REPLY + b"\x00\x00") is Verdict.DONE  # OpenJVS padding


def test_two_plain_replies_in_a_row_say_the_packet_never_arrived() -> None:
    assert NOT_RECEIVED_ANSWERS == 2
    doubt = unsettled()
    assert doubt.judge(PLAIN_REPLY) is Verdict.UNKNOWN  # may be the poll's own late reply
    assert doubt.judge(PLAIN_REPLY) is Verdict.NOT_RECEIVED


def test_anything_between_the_plain_replies_starts_the_count_again() -> None:
    doubt = unsettled()
    assert doubt.judge(PLAIN_REPLY) is Verdict.UNKNOWN
    assert doubt.judge(None) is Verdict.UNKNOWN
    assert doubt.judge(PLAIN_REPLY) is Verdict.UNKNOWN
    assert doubt.judge(PLAIN_REPLY) is Verdict.NOT_RECEIVED


def test_damage_a_refusal_or_a_lone_status_settles_nothing() -> None:
    doubt = unsettled()
    damaged = bytes((0x03,)) + PACKET_REPLY[1:]  # a status byte hit on the line
    refused = PLAIN_REPLY + bytes((0x02,))  # the board refused the 0x30 and stopped
    for answer in (damaged, refused, b"\x03", b"\x02", PACKET_REPLY[:-1], None):
        assert doubt.judge(answer) is Verdict.UNKNOWN
