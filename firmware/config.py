"""Read cabinet.toml: `load_config(path) -> (CabinetConfig, errors)`.

A bad file never stops the cabinet. Each invalid key keeps its default (a TOML syntax error
keeps the defaults for the whole file) and adds one line to ``errors``, naming the file, the
line and the key, e.g. ``cabinet.toml:12: inputs.gpio.pins."p1.up": pin 40 is not a header
GPIO (BCM 0-27)``. The kiosk logs these lines and shows them in the service menu.
"""

from __future__ import annotations

import os
import re
import tomllib
import warnings
from collections.abc import Iterable, Mapping
from typing import Any

from cabinet.source import OUTPUTS
from firmware.cli_decisions import CLI_DECISIONS
from firmware.config_lines import key_lines, line_of
from firmware.config_schema import (
    BCM_PINS,
    DEBOUNCE_MS_RANGE,
    DIP_BANK_SWITCHES,
    INPUT_SOURCES,
    INPUTS,
    JVS_BOARDS_RANGE,
    METER_PULSE_MS_RANGE,
    OUTPUT_SINKS,
    OVERSCAN_RANGE,
    PULSE_MS,
    PULSE_MS_RANGE,
    VIDEO_GPU,
    VIDEO_MODES,
    VIDEO_SCALES,
    VOLUME_RANGE,
    WINDOW_SCALE_RANGE,
    AudioConfig,
    CabinetConfig,
    DipSwitchConfig,
    GpioInputConfig,
    GpioOutputConfig,
    InputsConfig,
    JvsConfig,
    OutputsConfig,
    SaveConfig,
    VideoConfig,
    WindowConfig,
)
from firmware.file_decisions import FILE_DECISIONS
from firmware.regular_file import UnfitFile, read_regular

KeyPath = tuple[str, ...]
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_MISSING = object()
_SECTIONS = ("video", "inputs", "outputs", "dipswitch", "audio", "save", "games")
MAX_NESTING: int = FILE_DECISIONS["config_nesting"].value
MAX_CONFIG_BYTES: int = FILE_DECISIONS["config_bytes"].value
REPORT_LINES: int = CLI_DECISIONS["config_report_lines"].value
_MORE = re.compile(r": and (\d+) more problems, not listed$")


def dotted(path: KeyPath) -> str:
    """A key path as it would be written in TOML: inputs.keys."p1.up"."""
    return ".".join(p if _BARE_KEY.fullmatch(p) else f'"{p}"' for p in path)


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "an array", dict: "a table"}.get(type(value), type(value).__name__)


def _brief(value: object) -> str:
    """A value as the owner wrote it, cut short: an error line stays one readable line."""
    if type(value) is int and abs(value) >= 10**12:
        return f"a {len(str(abs(value)))}-digit integer"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _range_text(allowed: range) -> str:
    return f"{allowed.start}-{allowed.stop - 1}"


def canonical_key_name(name: str) -> str | None:
    """pygame's own spelling of a key name ("Left Ctrl" -> "left ctrl"), None if unknown."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "pygame.init() has not been called": names still map
        try:
            return str(pygame.key.name(pygame.key.key_code(name)))
        except ValueError:
            return None


class _Checker:
    def __init__(self, source: str, lines: dict[KeyPath, int]) -> None:
        self.source = source
        self.lines = lines
        self._found: list[tuple[int, str]] = []

    def error(self, path: KeyPath, message: str) -> None:
        line = line_of(self.lines, path)
        where = f"{self.source}:{line}" if line is not None else self.source
        self._found.append((line or 0, f"{where}: {dotted(path)}: {message}"))

    @property
    def errors(self) -> list[str]:
        """In file order, so the owner can fix them top to bottom: the first
        ``REPORT_LINES``, then one line saying how many more (``problem_count``)."""
        found = [text for _, text in sorted(self._found, key=lambda found: found[0])]
        if len(found) <= REPORT_LINES:
            return found
        return [*found[:REPORT_LINES], f"{self.source}: and {len(found) - REPORT_LINES} more "
                                       "problems, not listed"]

    def table(self, raw: Mapping[str, Any], path: KeyPath, name: str,
              allowed: Iterable[str] | None) -> dict[str, Any]:
        """The sub-table ``name`` (empty if absent or not a table); reports unknown keys."""
        value = raw.get(name, {})
        here = (*path, name)
        if not isinstance(value, dict):
            self.error(here, f"must be a table, not {_type_name(value)}; using the defaults")
            return {}
        if allowed is not None:
            known = set(allowed)
            for key in value:
                if key not in known:
                    self.error((*here, key), f"unknown key (known: {', '.join(sorted(known))})")
        return value

    def choice(self, raw: Mapping[str, Any], path: KeyPath, name: str,
               choices: tuple[str, ...], default: str) -> str:
        value = raw.get(name, _MISSING)
        if value is _MISSING:
            return default
        if value not in choices:
            options = " or ".join(f'"{c}"' for c in choices)
            self.error((*path, name),
                       f"must be {options}, not {_brief(value)}; using \"{default}\"")
            return default
        return str(value)

    def integer(self, raw: Mapping[str, Any], path: KeyPath, name: str,
                allowed: range, default: int) -> int:
        value = raw.get(name, _MISSING)
        if value is _MISSING:
            return default
        if type(value) is not int or value not in allowed:
            shown = _brief(value) if type(value) is int else _type_name(value)
            self.error((*path, name), f"must be an integer {_range_text(allowed)}, not {shown}; "
                       f"using {default}")
            return default
        return value

    def boolean(self, raw: Mapping[str, Any], path: KeyPath, name: str, default: bool) -> bool:
        value = raw.get(name, _MISSING)
        if value is _MISSING:
            return default
        if not isinstance(value, bool):
            self.error((*path, name), f"must be true or false, not {_type_name(value)}; "
                       f"using {str(default).lower()}")
            return default
        return value

    def text(self, raw: Mapping[str, Any], path: KeyPath, name: str) -> str | None:
        """A non-empty string, or None (absent or invalid, the latter reported)."""
        value = raw.get(name, _MISSING)
        if value is _MISSING:
            return None
        if not isinstance(value, str) or not value.strip():
            self.error((*path, name), f"must be a non-empty string, not {_type_name(value)}; "
                       "using the default")
            return None
        return value

    def pin(self, path: KeyPath, value: object, outcome: str) -> int | None:
        if type(value) is not int:
            self.error(path, f"a pin must be a BCM GPIO number, not {_type_name(value)}{outcome}")
            return None
        if value not in BCM_PINS:
            self.error(path, f"pin {_brief(value)} is not a header GPIO "
                       f"(BCM {_range_text(BCM_PINS)}){outcome}")
            return None
        return value

    def pin_map(self, raw: Mapping[str, Any], path: KeyPath, names: tuple[str, ...],
                default: dict[str, int], what: str) -> dict[str, int]:
        """A ``pins`` table replaces the default map: unlisted names are not wired."""
        table = self.table(raw, path, "pins", None)
        if "pins" not in raw or not isinstance(raw["pins"], dict):
            return dict(default)
        here = (*path, "pins")
        pins: dict[str, int] = {}
        for name, value in table.items():
            if name not in names:
                self.error((*here, name), f"unknown {what} (known: {', '.join(names)}); "
                           "left unwired")
                continue
            pin = self.pin((*here, name), value, f"; {name} left unwired")
            if pin is not None:
                pins[name] = pin
        by_pin: dict[int, str] = {}
        for name, pin in pins.items():
            if pin in by_pin:
                self.error((*here, name), f"pin {pin} is also {by_pin[pin]}; "
                           f"using the default {dotted(here)} map")
                return dict(default)
            by_pin[pin] = name
        return pins


def _video(c: _Checker, raw: Mapping[str, Any]) -> VideoConfig:
    path = ("video",)
    video = c.table(raw, (), "video", ("mode", "scale", "overscan", "gpu", "window"))
    window = c.table(video, path, "window", ("scale",))
    d = VideoConfig()
    scale = c.choice(video, path, "scale", VIDEO_SCALES, d.scale)
    return VideoConfig(
        mode=c.choice(video, path, "mode", VIDEO_MODES, d.mode),
        scale="fit-4:3" if scale == "fit" else scale,
        overscan=c.integer(video, path, "overscan", OVERSCAN_RANGE, d.overscan),
        gpu=c.choice(video, path, "gpu", VIDEO_GPU, d.gpu),
        window=WindowConfig(
            scale=c.integer(window, ("video", "window"), "scale", WINDOW_SCALE_RANGE,
                            d.window.scale)
        ),
    )


def _sources(c: _Checker, inputs: Mapping[str, Any], default: tuple[str, ...]) -> tuple[str, ...]:
    path = ("inputs", "sources")
    value = inputs.get("sources", _MISSING)
    if value is _MISSING:
        return default
    if not isinstance(value, list):
        c.error(path, f"must be an array of sources, not {_type_name(value)}; using the default")
        return default
    chosen: list[str] = []
    for item in value:
        if item not in INPUT_SOURCES:
            options = ", ".join(f'"{s}"' for s in INPUT_SOURCES)
            c.error(path, f"unknown source {_brief(item)} (known: {options}); left out")
        elif item not in chosen:
            chosen.append(item)
    if not chosen:
        c.error(path, f"names no input source; using {list(default)}")
        return default
    return tuple(chosen)


def _keys(c: _Checker, inputs: Mapping[str, Any], default: dict[str, str]) -> dict[str, str]:
    path = ("inputs", "keys")
    table = c.table(inputs, ("inputs",), "keys", None)
    keys = dict(default)
    for control, value in table.items():
        here = (*path, control)
        if control not in INPUTS:
            c.error(here, f"unknown control (known: {', '.join(INPUTS)})")
            continue
        name = canonical_key_name(value) if isinstance(value, str) else None
        if name is None:
            shown = _brief(value) if isinstance(value, str) else _type_name(value)
            c.error(here, f"{shown} is not a pygame key name; using \"{default[control]}\"")
            continue
        keys[control] = name
    by_key: dict[str, str] = {}
    for control, name in keys.items():
        if name in by_key:
            culprit = control if control in table else by_key[name]
            c.error((*path, culprit), f'key "{name}" is bound to both {by_key[name]} and '
                    f"{control}; using the default key map")
            return dict(default)
        by_key[name] = control
    return keys


def _inputs(c: _Checker, raw: Mapping[str, Any]) -> InputsConfig:
    inputs = c.table(raw, (), "inputs", ("sources", "keys", "gpio", "jvs"))
    gpio = c.table(inputs, ("inputs",), "gpio", ("pins", "debounce_ms", "pulse_ms"))
    pulses = c.table(gpio, ("inputs", "gpio"), "pulse_ms", tuple(PULSE_MS))
    jvs = c.table(inputs, ("inputs",), "jvs", ("port", "sense_line", "boards"))
    d = InputsConfig()
    return InputsConfig(
        sources=_sources(c, inputs, d.sources),
        keys=_keys(c, inputs, d.keys),
        gpio=GpioInputConfig(
            pins=c.pin_map(gpio, ("inputs", "gpio"), INPUTS, d.gpio.pins, "input"),
            debounce_ms=c.integer(gpio, ("inputs", "gpio"), "debounce_ms", DEBOUNCE_MS_RANGE,
                                  d.gpio.debounce_ms),
            pulse_ms={kind: c.integer(pulses, ("inputs", "gpio", "pulse_ms"), kind,
                                      PULSE_MS_RANGE, ms) for kind, ms in PULSE_MS.items()},
        ),
        jvs=JvsConfig(
            port=c.text(jvs, ("inputs", "jvs"), "port") or d.jvs.port,
            sense_line=c.boolean(jvs, ("inputs", "jvs"), "sense_line", d.jvs.sense_line),
            boards=c.integer(jvs, ("inputs", "jvs"), "boards", JVS_BOARDS_RANGE, d.jvs.boards),
        ),
    )


def _outputs(c: _Checker, raw: Mapping[str, Any]) -> OutputsConfig:
    outputs = c.table(raw, (), "outputs", ("sink", "gpio"))
    gpio = c.table(outputs, ("outputs",), "gpio", ("pins", "meter_pulse_ms"))
    d = OutputsConfig()
    return OutputsConfig(
        sink=c.choice(outputs, ("outputs",), "sink", OUTPUT_SINKS, d.sink),
        gpio=GpioOutputConfig(
            pins=c.pin_map(gpio, ("outputs", "gpio"), OUTPUTS, d.gpio.pins, "output"),
            meter_pulse_ms=c.integer(gpio, ("outputs", "gpio"), "meter_pulse_ms",
                                     METER_PULSE_MS_RANGE, d.gpio.meter_pulse_ms),
        ),
    )


def _dipswitch(c: _Checker, raw: Mapping[str, Any]) -> DipSwitchConfig:
    dip = c.table(raw, (), "dipswitch", ("gpio",))
    path = ("dipswitch", "gpio")
    value = dip.get("gpio", [])
    if not isinstance(value, list) or (value and len(value) != DIP_BANK_SWITCHES):
        c.error(path, f"must be an array of {DIP_BANK_SWITCHES} pins (switch 1 first) or []; "
                "using soft DIPs only")
        return DipSwitchConfig()
    pins = [c.pin(path, v, "; using soft DIPs only") for v in value]
    if None in pins:
        return DipSwitchConfig()
    if len(set(pins)) != len(pins):
        c.error(path, "names a pin twice; using soft DIPs only")
        return DipSwitchConfig()
    return DipSwitchConfig(gpio=tuple(p for p in pins if p is not None))


def _audio(c: _Checker, raw: Mapping[str, Any]) -> AudioConfig:
    audio = c.table(raw, (), "audio", ("enabled", "volume"))
    d = AudioConfig()
    return AudioConfig(
        enabled=c.boolean(audio, ("audio",), "enabled", d.enabled),
        volume=c.integer(audio, ("audio",), "volume", VOLUME_RANGE, d.volume),
    )


def _save(c: _Checker, raw: Mapping[str, Any]) -> SaveConfig:
    save = c.table(raw, (), "save", ("dir", "allow_symlink"))
    folder = c.text(save, ("save",), "dir")
    if folder is not None and not os.path.isabs(os.path.expanduser(folder)):
        c.error(("save", "dir"), f"{_brief(folder)} must be an absolute path; using the default")
        folder = None
    return SaveConfig(dir=folder, allow_symlink=c.boolean(save, ("save",), "allow_symlink",
                                                          SaveConfig().allow_symlink))


def _games(c: _Checker, raw: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """[games.<id>] tables: a known cartridge's own options, each a non-empty string."""
    from games.registry import CARTRIDGES

    games = c.table(raw, (), "games", CARTRIDGES)
    options: dict[str, dict[str, str]] = {}
    for game_id in games:
        cart = CARTRIDGES.get(game_id)
        if cart is None:
            continue
        table = c.table(games, ("games",), game_id, cart.board.options)
        chosen: dict[str, str] = {}
        for name in cart.board.options:
            value = c.text(table, ("games", game_id), name)
            if value is not None:
                chosen[name] = value
        options[game_id] = chosen
    return options


def _cross_check(c: _Checker, config: CabinetConfig) -> CabinetConfig:
    """Pins claimed by two tables in use, and sinks that need a source."""
    inputs, outputs, dip = config.inputs, config.outputs, config.dipswitch
    if outputs.sink == "jvs" and "jvs" not in inputs.sources:
        c.error(("outputs", "sink"), '"jvs" needs "jvs" in inputs.sources (the JVS link); '
                'using "none"')
        outputs = OutputsConfig(sink="none", gpio=outputs.gpio)
    claimed: dict[int, KeyPath] = {}
    if "gpio" in inputs.sources:
        for name, pin in inputs.gpio.pins.items():
            claimed[pin] = ("inputs", "gpio", "pins", name)
    if outputs.sink == "gpio":
        for name, pin in outputs.gpio.pins.items():
            if pin in claimed:
                c.error(("outputs", "gpio", "pins", name),
                        f"pin {pin} is also {dotted(claimed[pin])}; using sink \"none\"")
                outputs = OutputsConfig(sink="none", gpio=outputs.gpio)
                break
        else:
            for name, pin in outputs.gpio.pins.items():
                claimed[pin] = ("outputs", "gpio", "pins", name)
    for pin in dip.gpio:
        if pin in claimed:
            c.error(("dipswitch", "gpio"), f"pin {pin} is also {dotted(claimed[pin])}; "
                    "using soft DIPs only")
            dip = DipSwitchConfig()
            break
    return CabinetConfig(video=config.video, inputs=inputs, outputs=outputs, dipswitch=dip,
                         audio=config.audio, save=config.save, games=config.games)


def parse_config(text: str, source: str = "cabinet.toml") -> tuple[CabinetConfig, list[str]]:
    """Validate TOML text; ``source`` names the file in the error lines."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib's message already ends "(at line N, column M)".
        found = re.search(r"line (\d+)", str(exc))
        where = f"{source}:{found.group(1)}" if found else source
        return CabinetConfig(), [f"{where}: TOML syntax error: {exc}; using all the defaults"]
    except (ValueError, RecursionError) as exc:  # e.g. a 5000-digit integer, deep nesting
        reason = ("tables or arrays nested too deep" if isinstance(exc, RecursionError)
                  else "an integer with too many digits" if "digits" in str(exc)
                  else str(exc)[:80])
        return CabinetConfig(), [f"{source}: cannot be read ({reason}); using all the defaults"]
    depth = nesting(raw)
    if depth > MAX_NESTING:
        return CabinetConfig(), [f"{source}: tables and arrays nest {depth} levels deep (at "
                                 f"most {MAX_NESTING}); using all the defaults"]
    c = _Checker(source, key_lines(text))
    for key in raw:
        if key not in _SECTIONS:
            c.error((key,), f"unknown section (known: {', '.join(_SECTIONS)})")
    config = CabinetConfig(video=_video(c, raw), inputs=_inputs(c, raw),
                           outputs=_outputs(c, raw), dipswitch=_dipswitch(c, raw),
                           audio=_audio(c, raw), save=_save(c, raw), games=_games(c, raw))
    return _cross_check(c, config), c.errors


def problem_count(errors: list[str]) -> int:
    """How many problems ``errors`` stands for (its last line may say how many more)."""
    if errors:
        more = _MORE.search(errors[-1])
        if more is not None:
            return len(errors) - 1 + int(more.group(1))
    return len(errors)


def nesting(value: object) -> int:
    """How deep tables and arrays nest (iterative: no recursion on hostile input)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth + 1)
            if deepest > MAX_NESTING:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def load_config(path: str | os.PathLike[str]) -> tuple[CabinetConfig, list[str]]:
    """The cabinet's configuration and one line per problem; a missing file means defaults."""
    source = os.fspath(path)
    try:
        text = read_regular(source, MAX_CONFIG_BYTES).decode("utf-8")
    except FileNotFoundError:
        return CabinetConfig(), []
    except UnfitFile as exc:
        return CabinetConfig(), [f"{source}: {exc.strerror}, not a cabinet.toml; "
                                 "using all the defaults"]
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return CabinetConfig(), [f"{source}: cannot read ({reason}); using all the defaults"]
    return parse_config(text, source)
