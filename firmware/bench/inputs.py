"""`bloxcab bench --inputs`: both control-panel figures (JVS round trip, GPIO latency)."""

from __future__ import annotations

import argparse

from firmware.bench import inputs_gpio, inputs_jvs

NAME = "inputs"
ORDER = 19
GROUP = True  # runs other modules: left out of a plain `bloxcab bench`
HELP = "JVS poll round trip over a pty and GPIO edge-to-InputFrame latency"


def run(args: argparse.Namespace) -> None:
    inputs_jvs.run(args)
    inputs_gpio.run(args)
