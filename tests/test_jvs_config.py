"""cabinet.toml's [inputs.jvs] boards key, from the file to a master enumerating a chain."""

from __future__ import annotations

import pytest

from cabinet.jvs.simulator import IoBoardSimulator
from firmware.config import parse_config
from firmware.config_schema import JVS_BOARDS_RANGE, CabinetConfig
from firmware.wiring import build_wiring
from tests.test_jvs_master import wait_for


def test_one_board_by_default_and_1_to_31_allowed() -> None:
    assert CabinetConfig().inputs.jvs.boards == 1
    # Source: JVS-TR node numbers: slaves are 01-1F.
    assert (JVS_BOARDS_RANGE.start, JVS_BOARDS_RANGE.stop - 1) == (1, 31)
    config, errors = parse_config("[inputs.jvs]\nboards = 31\n")
    assert errors == [] and config.inputs.jvs.boards == 31


@pytest.mark.parametrize("value", ["0", "32", '"2"', "1.5"])
def test_a_bad_board_count_is_one_line_and_the_default(value: str) -> None:
    config, errors = parse_config(f'[inputs.jvs]\nport = "/dev/ttyUSB0"\nboards = {value}\n')
    assert config.inputs.jvs.boards == 1
    assert len(errors) == 1
    assert errors[0].startswith("cabinet.toml:3: inputs.jvs.boards: must be an integer 1-31")
    assert errors[0].endswith("; using 1")


def test_the_configured_boards_are_addressed_without_a_sense_line() -> None:
    with IoBoardSimulator(2) as sim:
        config, errors = parse_config(
            f'[inputs]\nsources = ["keyboard", "jvs"]\n'
            f'[inputs.jvs]\nport = "{sim.port}"\nboards = 2\n'
        )
        assert errors == []
        wiring = build_wiring(config)
        try:
            assert wiring.problems == []
            (source,) = wiring.sources
            wait_for(lambda: "up" in source.status(), timeout=10)
            assert [b.address for b in source.master.boards] == [1, 2]
            assert [b.address for b in sim.boards] == [2, 1]
        finally:
            source.close()
