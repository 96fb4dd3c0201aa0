"""The cabinet's outputs: coin meters, coin lockouts and start lamps, driven once per frame.

The firmware's state machine says what should happen (a coin was accepted, credits can or
cannot be taken, a start is possible); ``advance()`` once per frame turns that into the state
of every output name in cabinet.source.OUTPUTS and sends only the changes to every sink.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from cabinet.coin_meter import FRAME_HZ, METER_PULSE_MS, CoinMeter
from cabinet.decisions import OUTPUT_DECISIONS
from cabinet.source import OUTPUTS, OutputSink


class Lamp(enum.Enum):
    OFF = "off"
    ON = "on"
    BLINK = "blink"


START_LAMP_BLINK_FRAMES: dict[str, int] = dict(
    OUTPUT_DECISIONS["start_lamp_blink_frames"].value)
_BLINK_ON = START_LAMP_BLINK_FRAMES["on"]
_BLINK_PERIOD = START_LAMP_BLINK_FRAMES["on"] + START_LAMP_BLINK_FRAMES["off"]


class CabinetOutputs:
    """Desired state of every output, pushed to the sinks (GPIO, JVS) frame by frame."""

    def __init__(
        self,
        sinks: Iterable[OutputSink],
        *,
        meter_on_ms: float = METER_PULSE_MS["on"],
        meter_off_ms: float = METER_PULSE_MS["off"],
        hz: float = FRAME_HZ,
    ) -> None:
        self.sinks: list[OutputSink] = list(sinks)
        self.meters = (
            CoinMeter(meter_on_ms, meter_off_ms, hz),
            CoinMeter(meter_on_ms, meter_off_ms, hz),
        )
        # Lockout coils start de-energised: coins are rejected while the cabinet boots
        # (gpiozero docs and coin-meter datasheets: energise only while credit can be accepted).
        self._accepting = [False, False]
        self._lamps = [Lamp.OFF, Lamp.OFF]
        self._overrides: dict[str, bool] = {}
        self._frame = 0
        self.states: dict[str, bool] = dict.fromkeys(OUTPUTS, False)
        # What each sink was last told successfully; None = never told, so send it.
        self._sent: list[dict[str, bool | None]] = [dict.fromkeys(OUTPUTS) for _ in self.sinks]
        self.errors: dict[str, str] = {}  # sink name -> last set() failure
        # advance() works the states out anew only when they may differ from the last ones:
        # a setter changed something, a meter is pulsing, a sink has a change to retry, or
        # a blinking lamp's phase turned. Otherwise the last states stand and nothing is sent.
        self._stale = True
        self._blinking = False  # a start lamp blinks
        self._blink_lit = True  # the blink phase the states were worked out in

    def coin_accepted(self, chute: int, coins: int = 1) -> None:
        """Pulse coin meter ``chute`` (0 or 1) once per coin (service credits do not call
        this: they do not advance the meter, Sega operator manuals (credits, attract mode, name
        entry))."""
        self.meters[chute].add(coins)
        self._stale = True

    def set_accepting(self, accepting: bool, chute: int | None = None) -> None:
        """Energise the coin lockout of one chute (or both) only while credit can be
        accepted: not while booting, in test mode or at the credit cap (gpiozero docs and coin-
        meter datasheets)."""
        for i in (0, 1) if chute is None else (chute,):
            if self._accepting[i] is not accepting:
                self._accepting[i] = accepting
                self._stale = True

    def set_start_lamp(self, player: int, lamp: Lamp | bool) -> None:
        """Player ``player`` (0 or 1) start lamp: lit when that start is possible."""
        if isinstance(lamp, bool):
            lamp = Lamp.ON if lamp else Lamp.OFF
        if self._lamps[player] is not lamp:
            self._lamps[player] = lamp
            self._stale = True

    def override(self, output: str, on: bool | None) -> None:
        """Service menu output test: force an output on/off, or None to hand it back."""
        if output not in OUTPUTS:
            raise ValueError(f"unknown output {output!r}")
        if on is None:
            self._overrides.pop(output, None)
        else:
            self._overrides[output] = on
        self._stale = True

    def advance(self) -> Mapping[str, bool]:
        """Compute this frame's output states and send the changes; returns the states."""
        frame = self._frame
        self._frame = frame + 1
        blink_lit = frame % _BLINK_PERIOD < _BLINK_ON
        if not self._stale and (not self._blinking or blink_lit is self._blink_lit):
            return self.states  # nothing that drives an output changed: the same states
        self._blink_lit = blink_lit
        meter1, meter2 = self.meters
        states = {
            "coin_meter1": meter1.advance(),
            "coin_meter2": meter2.advance(),
            "coin_lockout1": self._accepting[0],
            "coin_lockout2": self._accepting[1],
            "p1_start_lamp": _lit(self._lamps[0], blink_lit),
            "p2_start_lamp": _lit(self._lamps[1], blink_lit),
        }
        states.update(self._overrides)
        self.states = states
        self._send()
        self._blinking = Lamp.BLINK in self._lamps
        # A resting meter reads off and stays so until a coin; a failed send is retried.
        self._stale = not (meter1.resting and meter2.resting) or bool(self.errors)
        return states

    def _send(self) -> None:
        for sink, sent in zip(self.sinks, self._sent, strict=True):
            for output, on in self.states.items():
                if sent[output] is on:
                    continue
                # A sink that fails (serial link down) must not stop the frame; the change
                # is retried next frame because it is not marked as sent.
                try:
                    sink.set(output, on)
                except Exception as exc:
                    self.errors[sink.name] = f"{type(exc).__name__}: {exc}"
                    break
                sent[output] = on
            else:
                self.errors.pop(sink.name, None)

    def close(self) -> None:
        """Everything off (lockouts drop, coins are rejected), then close the sinks."""
        self._overrides.clear()
        self._accepting = [False, False]
        self._lamps = [Lamp.OFF, Lamp.OFF]
        self.states = dict.fromkeys(OUTPUTS, False)
        self._stale = True
        self._send()
        for sink in self.sinks:
            sink.close()


def _lit(lamp: Lamp, blink_lit: bool) -> bool:
    return lamp is Lamp.ON or (lamp is Lamp.BLINK and blink_lit)
