"""An InputFrame decoded from bits is kept: the same bits give the same (frozen) object,
every frame of a replay, and the cache stays bounded."""

from __future__ import annotations

from engine import inputs
from engine.inputs import InputFrame, PlayerInput


def test_the_same_bits_give_the_identical_frame() -> None:
    bits = InputFrame(PlayerInput(left=True, b1=True), PlayerInput(down=True), coin1=2,
                      service=True).to_bits()
    first = InputFrame.from_bits(bits)
    assert InputFrame.from_bits(bits) is first
    assert first.to_bits() == bits
    assert first == InputFrame(PlayerInput(left=True, b1=True), PlayerInput(down=True),
                               coin1=2, service=True)


def test_every_player_bit_pattern_round_trips() -> None:
    for bits in range(0, 1 << 16, 97):
        assert InputFrame.from_bits(bits).to_bits() == bits


def test_the_cache_is_bounded() -> None:
    for bits in range(inputs.FRAME_CACHE_SIZE + 10):
        InputFrame.from_bits(bits << 8 | 0x3F)
    assert len(inputs._FRAME_BY_BITS) <= inputs.FRAME_CACHE_SIZE
    assert InputFrame.from_bits(5).to_bits() == 5
