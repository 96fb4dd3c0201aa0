"""What /etc/bloxcab/cabinet.toml may say: one typed dataclass per section, with the defaults.

docs/cabinet.toml.example spells out the same defaults for the owner (a test keeps the two
in step). firmware/config.py reads and validates a file into these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cabinet.debounce import DEFAULT_DEBOUNCE_MS, DEFAULT_PULSE_MS
from cabinet.decisions import INPUT_DECISIONS, OUTPUT_DECISIONS, VIDEO_DECISIONS
from cabinet.keymap import DEFAULT_KEYMAP
from cabinet.source import CONTROLS
from firmware.file_decisions import bounds

DEFAULT_CONFIG_PATH = Path("/etc/bloxcab/cabinet.toml")

# Coin chutes are counted, not held, so they are inputs but not CONTROLS.
COIN_CHUTES: tuple[str, ...] = ("coin1", "coin2")
INPUTS: tuple[str, ...] = (*CONTROLS, *COIN_CHUTES)

VIDEO_MODES = ("auto", "window", "fullscreen")
# integer | 240p | fit-4:3 (cabinet.video.geometry); "fit" is the old spelling of fit-4:3.
VIDEO_SCALES = ("integer", "240p", "fit-4:3", "fit")
VIDEO_GPU = ("auto", "on", "off")  # auto: scale on the GPU where SDL has an accelerated renderer
INPUT_SOURCES = ("keyboard", "gpio", "jvs")
OUTPUT_SINKS = ("none", "gpio", "jvs")

# The header GPIOs a Pi exposes, by BCM number (the 40-pin header carries GPIO 0-27).
BCM_PINS = range(28)
# One Sega-style 8-way DIP bank (the System 16 coinage DIP table, MAME segaipt).
DIP_BANK_SWITCHES = 8

# The default keys are cabinet/keymap.py's MAME map (one key per control; its source note
# is there). Names are pygame key names.
MAME_KEYS: dict[str, str] = {control: keys[0] for control, keys in DEFAULT_KEYMAP.items()}

# The project's JAMMA-to-GPIO wiring (docs/raspberry-pi.md shows it as a table; the reasons
# are in cabinet/decisions.py).
GPIO_INPUT_PINS: dict[str, int] = dict(INPUT_DECISIONS["gpio_input_pins"].value)
GPIO_OUTPUT_PINS: dict[str, int] = dict(OUTPUT_DECISIONS["gpio_output_pins"].value)

# cabinet/debounce.py DEFAULT_DEBOUNCE_MS and DEFAULT_PULSE_MS (INPUT_DECISIONS).
DEBOUNCE_MS = int(DEFAULT_DEBOUNCE_MS)
PULSE_MS: dict[str, int] = {kind: int(ms) for kind, ms in DEFAULT_PULSE_MS.items()}
# Source: gpiozero docs and coin-meter datasheets (meter pulses of about 0.05-0.1 s; check the
# meter).
METER_PULSE_MS = 50

# Limits that catch typos without second-guessing an owner (FILE_DECISIONS config_ranges).
WINDOW_SCALE_RANGE = bounds("window_scale")
OVERSCAN_RANGE = range(0, VIDEO_DECISIONS["overscan_max_percent"].value + 1)
DEBOUNCE_MS_RANGE = bounds("debounce_ms")
PULSE_MS_RANGE = bounds("pulse_ms")
METER_PULSE_MS_RANGE = range(10, 1001)
VOLUME_RANGE = range(0, 101)
# Source: JVS node numbers 01-1F are the slaves (JVS-TR, node numbers), so 1-31 boards.
JVS_BOARDS_RANGE = range(1, 32)


@dataclass(frozen=True)
class WindowConfig:
    scale: int = VIDEO_DECISIONS["window_scale"].value


@dataclass(frozen=True)
class VideoConfig:
    mode: str = "auto"  # auto: fullscreen on the bare console (KMS), a window on a desktop
    scale: str = "integer"
    overscan: int = 0  # percent of each edge a CRT hides (0-10); the picture stays inside
    gpu: str = "auto"
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
    sources: tuple[str, ...] = INPUT_DECISIONS["sources"].value
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
