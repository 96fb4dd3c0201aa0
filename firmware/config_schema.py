"""What /etc/bloxcab/cabinet.toml may say: one typed dataclass per section, with the defaults.

docs/cabinet.toml.example spells out the same defaults for the owner (a test keeps the two
in step). firmware/config.py reads and validates a file into these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cabinet.debounce import DEFAULT_DEBOUNCE_MS, DEFAULT_PULSE_MS
from cabinet.keymap import DEFAULT_KEYMAP
from cabinet.source import CONTROLS

DEFAULT_CONFIG_PATH = Path("/etc/bloxcab/cabinet.toml")

# Coin chutes are counted, not held, so they are inputs but not CONTROLS.
COIN_CHUTES: tuple[str, ...] = ("coin1", "coin2")
INPUTS: tuple[str, ...] = (*CONTROLS, *COIN_CHUTES)

VIDEO_MODES = ("auto", "window", "fullscreen")
VIDEO_SCALES = ("integer", "fit")
INPUT_SOURCES = ("keyboard", "gpio", "jvs")
OUTPUT_SINKS = ("none", "gpio", "jvs")

# The header GPIOs a Pi exposes, by BCM number (the 40-pin header carries GPIO 0-27).
BCM_PINS = range(28)
# One Sega-style 8-way DIP bank (the System 16 coinage DIP table, MAME segaipt).
DIP_BANK_SWITCHES = 8

# The default keys are cabinet/keymap.py's MAME map (one key per control; its source note
# is there). Names are pygame key names.
MAME_KEYS: dict[str, str] = {control: keys[0] for control, keys in DEFAULT_KEYMAP.items()}

# decision: the project's JAMMA-to-GPIO wiring (docs/raspberry-pi.md shows it as a table).
# The reference gives no pin map; the choices follow two facts about the Pi header:
# GPIO 0-8 are pulled up at power-on and GPIO 9-27 pulled down, so the coin meters and
# lockouts sit on pulled-down pins (their driver stages stay off while the Pi boots), and
# the active-low switches (JAMMA inputs short to ground, Arcade Otaku wiki "JAMMA") take the rest.
# GPIO 14/15 are the UART: disable the serial console before wiring P2 there.
GPIO_INPUT_PINS: dict[str, int] = {
    "p1.up": 17,
    "p1.down": 27,
    "p1.left": 23,
    "p1.right": 24,
    "p1.b1": 10,
    "p1.b2": 9,
    "p1.b3": 11,
    "p1.start": 25,
    "p2.up": 2,
    "p2.down": 3,
    "p2.left": 4,
    "p2.right": 14,
    "p2.b1": 15,
    "p2.b2": 5,
    "p2.b3": 6,
    "p2.start": 7,
    "service": 13,
    "test": 19,
    "tilt": 8,
    "coin1": 22,
    "coin2": 18,
}
# decision: the start lamps have no default pin (GPIO 12 is the one spare header pin).
GPIO_OUTPUT_PINS: dict[str, int] = {
    "coin_meter1": 16,
    "coin_meter2": 20,
    "coin_lockout1": 21,
    "coin_lockout2": 26,
}

# decision: cabinet/debounce.py DEFAULT_DEBOUNCE_MS and DEFAULT_PULSE_MS (bounce of up to
# 15 ms; minimum pulse widths per input class).
DEBOUNCE_MS = int(DEFAULT_DEBOUNCE_MS)
PULSE_MS: dict[str, int] = {kind: int(ms) for kind, ms in DEFAULT_PULSE_MS.items()}
# Source: gpiozero docs and coin-meter datasheets (meter pulses of about 0.05-0.1 s; check the
# meter).
METER_PULSE_MS = 50

# decision: limits that catch typos without second-guessing an owner.
WINDOW_SCALE_RANGE = range(1, 9)
DEBOUNCE_MS_RANGE = range(0, 101)
PULSE_MS_RANGE = range(0, 101)
METER_PULSE_MS_RANGE = range(10, 1001)
VOLUME_RANGE = range(0, 101)
# Source: JVS node numbers 01-1F are the slaves (JVS-TR, node numbers), so 1-31 boards.
JVS_BOARDS_RANGE = range(1, 32)


@dataclass(frozen=True)
class WindowConfig:
    scale: int = 3  # decision: 320x224 x3 fits a 1080p desktop


@dataclass(frozen=True)
class VideoConfig:
    mode: str = "auto"  # auto: fullscreen on the bare console (KMS), a window on a desktop
    scale: str = "integer"
    window: WindowConfig = field(default_factory=WindowConfig)


@dataclass(frozen=True)
class GpioInputConfig:
    pins: dict[str, int] = field(default_factory=lambda: dict(GPIO_INPUT_PINS))
    debounce_ms: int = DEBOUNCE_MS
    pulse_ms: dict[str, int] = field(default_factory=lambda: dict(PULSE_MS))


@dataclass(frozen=True)
class JvsConfig:
    port: str = "/dev/ttyUSB0"
    sense_line: bool = False
    boards: int = 1  # boards to address without a sense line (with one, the line decides)


@dataclass(frozen=True)
class InputsConfig:
    sources: tuple[str, ...] = ("keyboard",)  # decision: GPIO/JVS only when the owner says so
    keys: dict[str, str] = field(default_factory=lambda: dict(MAME_KEYS))
    gpio: GpioInputConfig = field(default_factory=GpioInputConfig)
    jvs: JvsConfig = field(default_factory=JvsConfig)


@dataclass(frozen=True)
class GpioOutputConfig:
    pins: dict[str, int] = field(default_factory=lambda: dict(GPIO_OUTPUT_PINS))
    meter_pulse_ms: int = METER_PULSE_MS


@dataclass(frozen=True)
class OutputsConfig:
    sink: str = "none"
    gpio: GpioOutputConfig = field(default_factory=GpioOutputConfig)


@dataclass(frozen=True)
class DipSwitchConfig:
    gpio: tuple[int, ...] = ()  # empty: no physical bank, the soft DIPs in save data rule


@dataclass(frozen=True)
class AudioConfig:
    enabled: bool = True
    volume: int = 100  # percent


@dataclass(frozen=True)
class SaveConfig:
    dir: str | None = None  # None: $STATE_DIRECTORY under systemd, else a per-user directory
    allow_symlink: bool = False  # True: a save directory that is a symbolic link is accepted


@dataclass(frozen=True)
class CabinetConfig:
    video: VideoConfig = field(default_factory=VideoConfig)
    inputs: InputsConfig = field(default_factory=InputsConfig)
    outputs: OutputsConfig = field(default_factory=OutputsConfig)
    dipswitch: DipSwitchConfig = field(default_factory=DipSwitchConfig)
    audio: AudioConfig = field(default_factory=AudioConfig)
    save: SaveConfig = field(default_factory=SaveConfig)
    # [games.<id>]: each cartridge's own options (text values; Cartridge.options names them).
    games: dict[str, dict[str, str]] = field(default_factory=dict)
