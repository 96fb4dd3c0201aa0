"""`bloxcab run`: the kiosk (attract mode, credits, play, service menu)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from firmware.config import load_config
from firmware.errors import UsageError
from firmware.inputscript import load_script
from firmware.savedata import save_dir as resolve_save_dir
from games.registry import CARTRIDGES

DEFAULT_CONFIG = "/etc/bloxcab/cabinet.toml"


def register(sub: Any) -> None:
    parser = sub.add_parser("run", help="run the cabinet (the kiosk)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--window", dest="mode", action="store_const", const="window",
                      help="a window on the desktop")
    mode.add_argument("--fullscreen", dest="mode", action="store_const", const="fullscreen",
                      help="fullscreen (the bare console on a Pi: SDL kmsdrm)")
    mode.add_argument("--headless", dest="mode", action="store_const", const="headless",
                      help="no screen (SDL dummy driver); unthrottled unless --realtime")
    parser.add_argument("--game", choices=list(CARTRIDGES),
                        help="the game to run (default: the Game select setting)")
    parser.add_argument("--frames", type=int, help="stop after N frames and print a summary")
    parser.add_argument("--inputs", metavar="FILE", help="input script: 'FRAME CONTROL down|up'")
    parser.add_argument("--save-dir", help="save data directory")
    parser.add_argument("--config", default=None,
                        help=f"cabinet config (default {DEFAULT_CONFIG} if present)")
    parser.add_argument("--screenshot-dir", type=Path, help="write PNG screenshots here")
    parser.add_argument("--screenshot-every", type=int, default=0, metavar="N",
                        help="one screenshot every N frames")
    parser.add_argument("--realtime", action="store_true",
                        help="hold 60 Hz even when headless")
    parser.add_argument("--no-sound", action="store_true", help="no audio")
    parser.set_defaults(handler=run, mode=None)


def _mode(asked: str | None, configured: str) -> str:
    if asked:
        return asked
    if configured != "auto":
        return configured
    # Source: SDL 2 wiki, SDL_VIDEODRIVER (kmsdrm drives the bare console; a desktop has a
    # display server: X11 or Wayland).
    desktop = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    return "window" if desktop else "fullscreen"


def writable_folder(path: Path, option: str) -> None:
    """Make ``path`` (a folder) and write a file in it once, or say in one line why not
    (a file in its place, /proc, a read-only card)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".bloxcab-probe"
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
        os.close(fd)
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"{option} {path}: {exc.strerror or exc}") from None


def run(args: argparse.Namespace) -> int:
    if args.frames is not None and args.frames < 1:
        raise UsageError("--frames must be 1 or more")
    if args.screenshot_every < 0 or (args.screenshot_every and args.screenshot_dir is None):
        raise UsageError("--screenshot-every N needs N >= 1 and --screenshot-dir DIR")
    if args.screenshot_dir is not None and not args.screenshot_every:
        raise UsageError("--screenshot-dir needs --screenshot-every N")
    events = load_script(args.inputs) if args.inputs else None
    config_path = args.config or DEFAULT_CONFIG
    if args.config and not Path(args.config).exists():
        raise UsageError(f"config file {args.config} does not exist")
    config, problems = load_config(config_path)
    for line in problems:
        print(f"bloxcab: config: {line}", file=sys.stderr)
    save_dir = resolve_save_dir(args.save_dir or config.save.dir,
                                allow_symlink=config.save.allow_symlink)
    if args.screenshot_dir is not None:
        writable_folder(args.screenshot_dir, "--screenshot-dir")
    mode = _mode(args.mode, config.video.mode)
    if mode == "headless":
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from cabinet.video.screen import NoDisplay
    from firmware.kiosk import Kiosk, KioskOptions, SystemdNotifier, summary_line
    from firmware.wiring import build_wiring

    wiring = build_wiring(config)
    options = KioskOptions(
        mode=mode, game=args.game, frames=args.frames, inputs=events, save_dir=save_dir,
        screenshot_dir=args.screenshot_dir, screenshot_every=args.screenshot_every,
        realtime=args.realtime, window_scale=config.video.window.scale,
        scale=config.video.scale, overscan=config.video.overscan, gpu=config.video.gpu,
        audio=config.audio.enabled and not args.no_sound, keys=config.inputs.keys,
        game_options=config.games,
    )
    try:
        kiosk = Kiosk(options, wiring.sources, wiring.sinks, SystemdNotifier(),
                      problems=problems + wiring.problems, dip_bank=wiring.dip_bank)
    except NoDisplay as exc:
        # Exit 2 without READY: under systemd the unit never reports started on a black
        # screen, the line goes to the journal, and Restart=always tries again.
        for source in wiring.sources:
            source.close()
        for sink in wiring.sinks:
            sink.close()
        print(f"bloxcab run: {exc}; to run without a screen use `bloxcab run --headless` "
              "(make run ARGS=--headless)", file=sys.stderr)
        return 2
    summary = kiosk.run()
    if args.frames is not None:
        print(summary_line(summary))
    return 0
