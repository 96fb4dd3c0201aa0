"""cabinet.toml: defaults, typed sections, and one-line errors that name the key and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cabinet.source import CONTROLS, OUTPUTS
from firmware.config import load_config, parse_config
from firmware.config_schema import (
    GPIO_INPUT_PINS,
    GPIO_OUTPUT_PINS,
    INPUTS,
    MAME_KEYS,
    CabinetConfig,
)
from firmware.savedata.location import resolve_save_dir

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "cabinet.toml.example"
ERROR_LINE = re.compile(r"^cabinet\.toml:(\d+): (\S+): .+$")


def _only_error(text: str) -> tuple[int, str, str]:
    _, errors = parse_config(text)
    assert len(errors) == 1, errors
    found = ERROR_LINE.match(errors[0])
    assert found, errors[0]
    assert "\n" not in errors[0]
    return int(found.group(1)), found.group(2), errors[0]


def test_missing_file_gives_the_defaults(tmp_path: Path):
    config, errors = load_config(tmp_path / "absent.toml")
    assert errors == []
    assert config == CabinetConfig()
    assert config.video.mode == "auto"
    assert config.inputs.sources == ("keyboard",)
    assert config.outputs.sink == "none"
    assert config.outputs.gpio.meter_pulse_ms == 50
    assert config.inputs.jvs.port == "/dev/ttyUSB0"
    assert config.dipswitch.gpio == ()


def test_example_file_spells_out_exactly_the_defaults():
    config, errors = load_config(EXAMPLE)
    assert errors == []
    assert config == CabinetConfig()


def test_default_key_map_is_mames():
    # Source: MAME src/emu/inpttype.ipp (default key map) (coins 5/6, starts 1/2, service 9, test
    # F2, tilt T).
    keys = CabinetConfig().inputs.keys
    assert keys["coin1"] == "5" and keys["coin2"] == "6"
    assert keys["p1.start"] == "1" and keys["p2.start"] == "2"
    assert (keys["service"], keys["test"], keys["tilt"]) == ("9", "f2", "t")
    assert keys["p1.b1"] == "left ctrl" and keys["p2.up"] == "r"
    assert set(keys) == set(INPUTS) == {*CONTROLS, "coin1", "coin2"}
    assert len(set(keys.values())) == len(keys)


def test_default_pin_maps_are_distinct_header_gpios():
    pins = [*GPIO_INPUT_PINS.values(), *GPIO_OUTPUT_PINS.values()]
    assert len(pins) == len(set(pins))
    assert all(0 <= p <= 27 for p in pins)
    assert set(GPIO_INPUT_PINS) == set(INPUTS)
    assert set(GPIO_OUTPUT_PINS) <= set(OUTPUTS)
    # Outputs sit on pins pulled down at power-on (BCM 9-27), so coils stay off during boot.
    assert all(p >= 9 for p in GPIO_OUTPUT_PINS.values())


def test_all_sources_gpio_outputs_and_dip_bank_load():
    text = """
[inputs]
sources = ["keyboard", "gpio", "jvs"]
[outputs]
sink = "gpio"
[dipswitch]
gpio = [0, 1, 12, 28 - 28, 1, 1, 1, 1]
"""
    # 28 - 28 is not TOML: the whole file falls back to defaults with a syntax error.
    config, errors = parse_config(text)
    assert config == CabinetConfig() and len(errors) == 1
    config, errors = parse_config(text.replace("[0, 1, 12, 28 - 28, 1, 1, 1, 1]",
                                               "[0, 1, 12, 28, 29, 30, 31, 32]"))
    assert config.inputs.sources == ("keyboard", "gpio", "jvs")
    assert config.outputs.sink == "gpio"
    assert config.dipswitch.gpio == ()  # 28+ are not header pins
    assert errors[0].startswith("cabinet.toml:7: dipswitch.gpio: pin 28 is not a header GPIO")


def test_valid_custom_file(tmp_path: Path):
    path = tmp_path / "cabinet.toml"
    path.write_text(
        '[video]\nmode = "fullscreen"\nscale = "fit"\n'
        "[video.window]\nscale = 2\n"
        '[inputs]\nsources = ["gpio", "jvs"]\n'
        '[inputs.keys]\n"p1.b1" = "Left Shift"\n'
        "[inputs.gpio]\ndebounce_ms = 10\n"
        'pins = { "p1.up" = 17, "p1.start" = 25, coin1 = 22 }\n'
        '[inputs.jvs]\nport = "/dev/ttyUSB1"\nsense_line = true\n'
        '[outputs]\nsink = "jvs"\n'
        "[dipswitch]\ngpio = [0, 1, 12, 16, 20, 21, 26, 5]\n"
        "[audio]\nenabled = false\nvolume = 40\n"
        '[save]\ndir = "/data/bloxcab"\n'
    )
    config, errors = load_config(path)
    assert errors == []
    assert (config.video.mode, config.video.scale, config.video.window.scale) == (
        "fullscreen", "fit", 2)
    assert config.inputs.keys["p1.b1"] == "left shift"  # pygame's spelling
    assert config.inputs.keys["p1.up"] == "up"  # others keep the MAME default
    assert config.inputs.gpio.pins == {"p1.up": 17, "p1.start": 25, "coin1": 22}
    assert config.inputs.gpio.debounce_ms == 10
    assert config.inputs.jvs.port == "/dev/ttyUSB1" and config.inputs.jvs.sense_line
    assert config.outputs.sink == "jvs"
    assert config.dipswitch.gpio == (0, 1, 12, 16, 20, 21, 26, 5)
    assert not config.audio.enabled and config.audio.volume == 40
    assert resolve_save_dir(config.save.dir, {}) == Path("/data/bloxcab")


def test_unknown_key():
    line, key, error = _only_error('[video]\nmode = "window"\n\n[audio]\nvolum = 50\n')
    assert (line, key) == (5, "audio.volum")
    assert "unknown key" in error


def test_unknown_section():
    line, key, error = _only_error('[video]\nmode = "window"\n[network]\nhost = "x"\n')
    assert (line, key) == (3, "network")
    assert "unknown section" in error


def test_wrong_type_keeps_the_default():
    text = '[video]\nmode = "window"\n[video.window]\nscale = "big"\n'
    line, key, error = _only_error(text)
    assert (line, key) == (4, "video.window.scale")
    assert "not a string" in error and "using 3" in error
    config, _ = parse_config(text)
    assert config.video.mode == "window"  # the good key in the same file still counts
    assert config.video.window.scale == 3


def test_bool_is_not_an_integer():
    line, key, _ = _only_error("[audio]\nvolume = true\n")
    assert (line, key) == (2, "audio.volume")


def test_bad_choice():
    line, key, error = _only_error('[outputs]\nsink = "relay"\n')
    assert (line, key) == (2, "outputs.sink")
    assert '"none" or "gpio" or "jvs"' in error


def test_bad_pin():
    text = '[inputs]\nsources = ["gpio"]\n[inputs.gpio.pins]\n"p1.up" = 17\n"p1.down" = 40\n'
    line, key, error = _only_error(text)
    assert (line, key) == (5, 'inputs.gpio.pins."p1.down"')
    assert "pin 40 is not a header GPIO" in error
    config, _ = parse_config(text)
    assert config.inputs.gpio.pins == {"p1.up": 17}


def test_bad_pin_in_an_inline_table():
    text = '[outputs.gpio]\nmeter_pulse_ms = 60\npins = { coin_meter1 = 16, coin_meter2 = -1 }\n'
    line, key, _ = _only_error(text)
    assert (line, key) == (3, "outputs.gpio.pins.coin_meter2")


def test_duplicate_pin_falls_back_to_the_default_map():
    text = '[inputs.gpio.pins]\n"p1.up" = 17\n"p1.down" = 27\n"p2.up" = 17\n'
    line, key, error = _only_error(text)
    assert (line, key) == (4, 'inputs.gpio.pins."p2.up"')
    assert 'pin 17 is also p1.up' in error
    config, _ = parse_config(text)
    assert config.inputs.gpio.pins == GPIO_INPUT_PINS


def test_pin_shared_by_inputs_and_outputs_disables_gpio_outputs():
    text = ('[inputs]\nsources = ["gpio"]\n[outputs]\nsink = "gpio"\n'
            '[outputs.gpio.pins]\ncoin_meter1 = 16\ncoin_lockout1 = 17\n')
    line, key, error = _only_error(text)
    assert (line, key) == (7, "outputs.gpio.pins.coin_lockout1")
    assert 'inputs.gpio.pins."p1.up"' in error
    config, _ = parse_config(text)
    assert config.outputs.sink == "none"


def test_dip_bank_on_an_input_pin():
    text = '[inputs]\nsources = ["gpio"]\n[dipswitch]\ngpio = [0, 1, 12, 17, 28 , 5, 6, 7]\n'
    config, errors = parse_config(text.replace("28 ", "26"))
    assert config.dipswitch.gpio == ()
    assert len(errors) == 1
    assert errors[0].startswith("cabinet.toml:4: dipswitch.gpio: pin 17 is also")


def test_dip_bank_needs_eight_pins():
    line, key, error = _only_error("[dipswitch]\ngpio = [0, 1, 12]\n")
    assert (line, key) == (2, "dipswitch.gpio")
    assert "8 pins" in error


def test_unknown_control():
    text = '[inputs.keys]\n"p1.up" = "w"\n"p1.b4" = "e"\n'
    line, key, error = _only_error(text)
    assert (line, key) == (3, 'inputs.keys."p1.b4"')
    assert "unknown control" in error
    config, _ = parse_config(text)
    assert config.inputs.keys["p1.up"] == "w"


def test_unknown_key_name():
    line, key, error = _only_error('[inputs.keys]\ncoin1 = "coin-slot"\n')
    assert (line, key) == (2, "inputs.keys.coin1")
    assert "not a pygame key name" in error


def test_key_bound_twice_falls_back_to_the_mame_map():
    text = '[inputs.keys]\n"p1.b1" = "up"\n'
    line, key, error = _only_error(text)
    assert (line, key) == (2, 'inputs.keys."p1.b1"')
    assert "p1.up and p1.b1" in error
    config, _ = parse_config(text)
    assert config.inputs.keys == MAME_KEYS


def test_unknown_input_source_is_left_out():
    config, errors = parse_config('[inputs]\nsources = ["keyboard", "serial"]\n')
    assert config.inputs.sources == ("keyboard",)
    assert len(errors) == 1 and errors[0].startswith("cabinet.toml:2: inputs.sources:")


def test_jvs_outputs_need_the_jvs_link():
    line, key, _ = _only_error('[outputs]\nsink = "jvs"\n')
    assert (line, key) == (2, "outputs.sink")


def test_relative_save_dir_is_refused():
    line, key, _ = _only_error('[save]\ndir = "saves"\n')
    assert (line, key) == (2, "save.dir")


def test_syntax_error_keeps_every_default(tmp_path: Path):
    path = tmp_path / "cabinet.toml"
    path.write_text('[video]\nmode = "window"\n[audio]\nvolume = = 3\n')
    config, errors = load_config(path)
    assert config == CabinetConfig()
    assert len(errors) == 1
    assert errors[0].startswith(f"{path}:4: TOML syntax error: ")
    assert "line 4" in errors[0]


def test_unreadable_file_is_an_error_not_a_crash(tmp_path: Path):
    path = tmp_path / "cabinet.toml"
    path.write_bytes(b'[video]\nmode = "\xff"\n')
    config, errors = load_config(path)
    assert config == CabinetConfig()
    assert len(errors) == 1 and "cannot read" in errors[0]
    config, errors = load_config(tmp_path)  # a directory
    assert config == CabinetConfig() and len(errors) == 1


def test_errors_come_in_file_order():
    text = ('[video]\nmode = "tv"\n[inputs.gpio.pins]\n"p1.up" = 99\n'
            '[audio]\nvolume = 101\n[outputs]\nsink = "x"\n')
    _, errors = parse_config(text)
    assert [int(ERROR_LINE.match(e).group(1)) for e in errors] == [2, 4, 6, 8]


def test_lines_found_past_multiline_arrays_and_strings():
    text = ('[inputs]\nsources = [\n  "keyboard", # main panel\n  "gpio",\n]\n'
            '[save]\ndir = """/data"""\n[audio]\n"volume" = 300\n')
    line, key, _ = _only_error(text)
    assert (line, key) == (9, "audio.volume")


def test_dotted_keys_in_a_table():
    line, key, _ = _only_error('[inputs]\ngpio.debounce_ms = 500\n')
    assert (line, key) == (2, "inputs.gpio.debounce_ms")


@pytest.mark.parametrize("bad", ["[video", 'mode = "x', "[[video]]\n[video]\n"])
def test_syntax_errors_always_give_one_line(bad: str):
    config, errors = parse_config(bad)
    assert config == CabinetConfig()
    assert len(errors) == 1 and "\n" not in errors[0]


DOC = Path(__file__).resolve().parent.parent / "docs" / "raspberry-pi.md"
DOC_LABELS = {
    **{f"P{n} {w}": f"p{n}.{c}" for n in (1, 2)
       for w, c in (("up", "up"), ("down", "down"), ("left", "left"), ("right", "right"),
                    ("button 1", "b1"), ("button 2", "b2"), ("button 3", "b3"),
                    ("start", "start"))},
    "Service": "service", "Test": "test", "Tilt": "tilt", "Coin 1": "coin1", "Coin 2": "coin2",
    "Coin meter 1": "coin_meter1", "Coin meter 2": "coin_meter2",
    "Coin lockout 1": "coin_lockout1", "Coin lockout 2": "coin_lockout2",
}


def test_wiring_guide_shows_the_default_pin_map():
    rows = re.findall(r"^\| ([^|]+?) \| [^|]* \| (\d+) \| \d+ \|$", DOC.read_text(), re.M)
    documented = {DOC_LABELS[label]: int(bcm) for label, bcm in rows if label in DOC_LABELS}
    assert documented == {**GPIO_INPUT_PINS, **GPIO_OUTPUT_PINS}


def test_gpio_pulse_widths_per_input_class():
    config, errors = parse_config("[inputs.gpio]\ndebounce_ms = 20\n"
                                  "[inputs.gpio.pulse_ms]\ncoin = 15\nbutton = 2\n")
    assert errors == []
    assert config.inputs.gpio.debounce_ms == 20
    assert config.inputs.gpio.pulse_ms == {"coin": 15, "button": 2, "system": 5}
    config, errors = parse_config("[inputs.gpio.pulse_ms]\ncoin = 500\nlever = 3\n")
    assert config.inputs.gpio.pulse_ms == {"coin": 10, "button": 5, "system": 5}
    assert errors == [
        "cabinet.toml:2: inputs.gpio.pulse_ms.coin: must be an integer 0-100, not 500; using 10",
        "cabinet.toml:3: inputs.gpio.pulse_ms.lever: unknown key (known: button, coin, system)",
    ]
