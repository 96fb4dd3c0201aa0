"""One frame of control-panel input, as the game board samples it (60 per second)."""

from __future__ import annotations

from dataclasses import dataclass

# Bit positions used by the compact encoding (replays, input scripts).


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """Switch levels of one player's lever and buttons (True = held) during this frame."""

    up: bool = False
    down: bool = False
    left: bool = False
    right: bool = False
    b1: bool = False
    b2: bool = False
    b3: bool = False
    start: bool = False

    def to_bits(self) -> int:
        return (
            self.up
            | self.down << 1
            | self.left << 2
            | self.right << 3
            | self.b1 << 4
            | self.b2 << 5
            | self.b3 << 6
            | self.start << 7
        )

    @staticmethod
    def from_bits(bits: int) -> PlayerInput:
        return _PLAYER_BY_BITS[bits & 0xFF]


_PLAYER_BY_BITS: tuple[PlayerInput, ...] = tuple(
    PlayerInput(*(bool(b >> i & 1) for i in range(8))) for b in range(256)
)
RELEASED = _PLAYER_BY_BITS[0]


@dataclass(frozen=True, slots=True)
class InputFrame:
    """Everything the board reads in one frame.

    Player and system switches are levels. ``coin1`` / ``coin2`` count the coin edges
    (coins dropped through each chute) since the previous frame, so that two coins in one
    frame are both counted.
    """

    p1: PlayerInput = RELEASED
    p2: PlayerInput = RELEASED
    coin1: int = 0
    coin2: int = 0
    service: bool = False
    test: bool = False
    tilt: bool = False

    def player(self, index: int) -> PlayerInput:
        return self.p2 if index else self.p1

    def to_bits(self) -> int:
        """Pack into one integer: p1 bits 0-7, p2 bits 8-15, service/test/tilt bits 16-18,
        coin1 bits 19-21, coin2 bits 22-24 (coins saturate at 7 per frame)."""
        return (
            self.p1.to_bits()
            | self.p2.to_bits() << 8
            | self.service << 16
            | self.test << 17
            | self.tilt << 18
            | min(self.coin1, 7) << 19
            | min(self.coin2, 7) << 22
        )

    @staticmethod
    def from_bits(bits: int) -> InputFrame:
        """The frame these bits pack; the same object for the same bits (frames are frozen,
        and a replay or the attract demo decodes one a frame)."""
        found = _FRAME_BY_BITS.get(bits)
        if found is None:
            if len(_FRAME_BY_BITS) >= FRAME_CACHE_SIZE:
                _FRAME_BY_BITS.clear()
            found = _FRAME_BY_BITS[bits] = InputFrame(
                p1=PlayerInput.from_bits(bits),
                p2=PlayerInput.from_bits(bits >> 8),
                service=bool(bits >> 16 & 1),
                test=bool(bits >> 17 & 1),
                tilt=bool(bits >> 18 & 1),
                coin1=bits >> 19 & 7,
                coin2=bits >> 22 & 7,
            )
        return found


# The frames decoded so far, by their bits. Both players' switches give 65,536 values (a
# game's inputs use a few hundred); the cache starts again when it is full.
FRAME_CACHE_SIZE = 1 << 16
_FRAME_BY_BITS: dict[int, InputFrame] = {}

NO_INPUT = InputFrame()
