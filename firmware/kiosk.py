"""The kiosk: the 60 Hz frame loop that ties the panel, the machine, the outputs, the
speaker, the screen and the save data together.

Every frame: one InputFrame from the control panel, one machine step, outputs advanced,
sounds started, the screen drawn and presented, then the pacer and the watchdog. Nothing
in the loop waits on disk or serial: the save writer and the JVS poller run on their own
threads, and log lines go through a queue to a logging thread.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import queue
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from cabinet.keyboard import KeyboardSource
from cabinet.mixer import open_mixer
from cabinet.outputs import CabinetOutputs, Lamp
from cabinet.panel import ControlPanel
from cabinet.source import InputSource, OutputSink
from cabinet.video import screens
from cabinet.video.geometry import describe
from cabinet.video.kept import KeptPicture
from cabinet.video.screen import Display, new_native
from engine import digest
from engine.replay import Replay, ReplayError
from firmware import kiosk_view, sdnotify
from firmware.collector import Collector
from firmware.file_decisions import FILE_DECISIONS
from firmware.game_files import demo_folder
from firmware.kiosk_paths import OUTBOX_DIR, REPLAY_DIR
from firmware.machine import CabinetMachine, Screen
from firmware.machine.screens import ATTRACT
from firmware.pacer import OUR_CLOCK, DeadlinePacer, PresentPacer, choose_rate, refresh_rate
from firmware.rankings.checker import BackgroundChecker
from firmware.rankings.store import ReplayStore
from firmware.replay_file import read_replay
from firmware.savedata import SaveWriter, load
from firmware.savedata.lock import LockUnusable, SaveDirLocked, SaveLock
from firmware.savedata.writer import GIL_SWITCH_SECONDS
from firmware.script_source import ScriptSource
from firmware.service import ServiceCabinet, opener
from firmware.sound_start import SoundStart
from firmware.uplink.enrolled import cabinet_name
from firmware.uplink.feed import OutboxFeed
from firmware.uplink.outbox import Outbox
from games.registry import CARTRIDGES, Cartridge, load_screens, warm_rules

log = logging.getLogger("bloxcab.kiosk")

DURABLE_WAIT_SECONDS = 5.0
SAVE_ALARM = "SAVE ERROR"  # as boards show "BACKUP RAM ERROR"
SHUTDOWN_REPLAY_WAIT_S: float = FILE_DECISIONS["shutdown_replay_wait_s"].value


def take_save_lock(lock: SaveLock) -> str | None:
    """Take the save directory's lock. Another kiosk holding it raises SaveDirLocked, a
    lock file that is there but cannot be opened LockUnusable (both one line, exit 2); a
    lock file that cannot be made (a read-only directory) is a notice and the cabinet runs
    without it, since nothing can be written there anyway."""
    try:
        lock.acquire()
    except (SaveDirLocked, LockUnusable):
        raise
    except OSError as exc:
        return f"save: no lock on {lock.path.parent} ({exc.strerror or exc})"
    return None


@dataclass
class KioskOptions:
    mode: str = "window"  # window | fullscreen | headless
    game: str | None = None
    frames: int | None = None
    inputs: list[Any] | None = None  # parsed input-script events
    save_dir: Path = Path(".")
    screenshot_dir: Path | None = None
    screenshot_every: int = 0
    realtime: bool = False
    window_scale: int = 3
    scale: str = "integer"  # [video] scale, overscan, gpu (cabinet.video.geometry)
    overscan: int = 0
    gpu: str = "auto"
    audio: bool = True
    keys: dict[str, str] | None = None  # control -> key name (cabinet.toml [inputs.keys])
    game_options: dict[str, dict[str, str]] | None = None  # cabinet.toml [games.<id>]


def configure_games(game_options: dict[str, dict[str, str]]) -> list[str]:
    """Hand each cartridge its cabinet.toml options; one notice line per problem."""
    problems: list[str] = []
    for game_id, options in game_options.items():
        cart = CARTRIDGES.get(game_id)
        if cart is not None and cart.board.configure is not None:
            for problem in cart.board.configure(options):
                log.warning("%s: %s", game_id, problem)
                problems.append(problem)
    return problems


def load_demos(notices: list[str] | None = None,
               carts: Mapping[str, Cartridge] | None = None) -> dict[str, Replay]:
    """Each cartridge's attract-mode demo: the first usable replay in its demo folder that
    plays one of its rule sets. A bad file (damaged, or a game that cannot start: see
    firmware/replay_file.py) is skipped with a line in ``notices``, never fatal."""
    demos: dict[str, Replay] = {}
    for game_id, cart in (CARTRIDGES if carts is None else carts).items():
        folder = demo_folder(cart)
        if folder is None:
            continue
        for path in sorted(folder.glob("*.rpl")):
            try:
                replay = read_replay(path)
                if replay.rules not in cart.rules.ids:
                    raise ReplayError(f"plays {replay.rules}, not this game")
            except (OSError, ReplayError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                line = f"demo replay {game_id}/{path.name} skipped: {reason}"
                log.warning("%s", line)
                if notices is not None:
                    notices.append(line)
                continue
            demos[game_id] = replay
            break
    return demos


def start_log_thread() -> logging.handlers.QueueListener:
    """Log records leave the frame thread through a queue; a listener thread writes them."""
    records: queue.Queue[logging.LogRecord] = queue.Queue()
    root = logging.getLogger("bloxcab")
    stream = logging.StreamHandler()
    stream.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    listener = logging.handlers.QueueListener(records, stream)
    root.handlers = [logging.handlers.QueueHandler(records)]
    root.setLevel(logging.INFO)
    root.propagate = False
    listener.start()
    return listener


class SystemdNotifier:
    """READY=1 after the first frame is on screen, WATCHDOG=1 from the frame loop at half
    the interval, STATUS= with the current screen, STOPPING=1 on exit (no-ops outside
    systemd)."""

    def __init__(self) -> None:
        self.watchdog = sdnotify.Watchdog()
        self.status = sdnotify.StatusLine()

    def ready(self) -> None:
        sdnotify.ready()

    def frame(self, now: float, screen: str) -> None:
        self.watchdog.tick(now)
        self.status.show(screen)

    def stopping(self) -> None:
        sdnotify.stopping()


class Kiosk:
    def __init__(self, options: KioskOptions, sources: list[InputSource] | None = None,
                 sinks: list[OutputSink] | None = None, notifier: Any = None,
                 problems: list[str] | None = None, dip_bank: Any = None) -> None:
        self.options = options
        self.save_lock = SaveLock(options.save_dir)
        lock_problem = take_save_lock(self.save_lock)  # SaveDirLocked: a second kiosk stops
        # Then the display: one that cannot open stops the cabinet before anything starts.
        self.display = Display()
        try:
            self.display.open(options.mode, options.window_scale, fit=options.scale,
                              overscan=options.overscan, gpu=options.gpu)
        except Exception:
            self.save_lock.release()
            raise
        sys.setswitchinterval(GIL_SWITCH_SECONDS)
        self.listener = start_log_thread()
        loaded = load(options.save_dir)
        data = loaded.data
        if options.game is not None:
            data.selected_game = options.game
        self.writer = SaveWriter(options.save_dir)
        self.dip_bank = dip_bank
        physical = dip_bank.read() if dip_bank is not None else None
        self.replays = ReplayStore(options.save_dir / REPLAY_DIR)
        # The test mode is lent the panel, the outputs and the speaker once they exist.
        self.service_cabinet = ServiceCabinet()
        demo_notices: list[str] = []
        self.machine = CabinetMachine(data, self.writer, cleared=loaded.cleared,
                                      demos=load_demos(demo_notices), physical_sw2=physical,
                                      replays=self.replays,
                                      service_mode=opener(self.service_cabinet))
        # Unthrottled (headless without --realtime) no frame can be missed: a sign-in is
        # waited for, so a scripted run plays the same on any machine.
        self.unthrottled = options.mode == "headless" and not options.realtime
        self.machine.sign_ins.wait = self.unthrottled
        self.machine.rankings.cabinet = cabinet_name(options.save_dir)  # None: not enrolled
        if loaded.cleared:
            # The factory data is written now, not at the first coin, game or clean stop: a
            # cabinet switched off at the wall before any of those would show BACKUP DATA
            # CLEARED again at every start.
            self.writer.submit(self.machine.data)
        save_notices = [n for n in (loaded.notice, lock_problem) if n and not loaded.cleared]
        self.machine.notices.extend([*(problems or []), *demo_notices, *save_notices])
        self.machine.notices.extend(configure_games(options.game_options or {}))
        self.checker = BackgroundChecker(self.replays)
        self.outbox = Outbox(options.save_dir / OUTBOX_DIR)  # what the uplink sends on
        self.feed = OutboxFeed(self.outbox, self.replays, self.machine)
        self.checked_version = -1
        self.native = new_native()
        load_screens()  # their imports, before the first frame rather than in a game's
        digest.warm()
        warm_rules()  # speed tables: TAP's first versus match made them in its frame
        self.kept = KeptPicture()  # what the last frame drew, so a frame redraws only changes
        self.shown_alarms: list[str] = []  # the attract screens' alarm line, as last drawn
        # The speaker: the mixer opens now, before the first frame; the sounds are made on
        # a thread of their own (importing numpy and synthesising is most of a cold start,
        # bench --startup) and handed to the mixer on the frame they are ready.
        self.audio: Any = None
        self._audio_pending = options.audio
        self.sound_start: SoundStart | None = None
        if options.audio:
            open_mixer()
            self.sound_start = SoundStart()
        self.keyboard = KeyboardSource(options.keys)
        self.script = ScriptSource(options.inputs) if options.inputs is not None else None
        all_sources: list[InputSource] = [self.keyboard, *(sources or [])]
        if self.script is not None:
            all_sources.append(self.script)
        self.panel = ControlPanel(all_sources)
        self.outputs = CabinetOutputs(sinks or [])
        # What the frame loop last told the outputs (None: nothing yet).
        self.lockout: bool | None = None
        self.start_lamps: tuple[bool, bool] | None = None
        self.service_cabinet.panel = self.panel
        self.service_cabinet.outputs = self.outputs
        self.service_cabinet.audio = self.audio
        self.pacer: DeadlinePacer | PresentPacer = DeadlinePacer()
        self.notifier = notifier
        self.running = True
        self.missed_frames = 0
        self.collector = Collector()

    # ---- one frame -------------------------------------------------------------------------
    def _start_audio(self) -> None:
        assert self.sound_start is not None
        if self.unthrottled:
            self.sound_start.done.wait()  # simulated time: the sounds are there on frame 1
        audio = self.sound_start.audio()
        if audio is None:  # the sounds are still being made
            return
        self._audio_pending = False
        self.audio = audio
        self.service_cabinet.audio = audio

    def frame(self) -> None:
        # The save data changes only inside this bracket; the writer thread pickles a
        # commit of the frame after it (firmware/savedata/writer.py), in the frame's slack.
        self.writer.frame_begins()
        try:
            self._frame()
        finally:
            self.writer.frame_ends(wait=self.unthrottled)
        if not self.options.realtime and self.machine.desk.pending:
            self._settle_coins()

    def _frame(self) -> None:
        if self._audio_pending:
            self._start_audio()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            else:
                self.keyboard.feed(event)
                self.display.notice(event)
        machine = self.machine
        cues = machine.step(self.panel.poll())
        self.feed.frame(machine)
        if (machine.rankings.version != self.checked_version and self.checker.done.is_set()
                and machine.frame > 1):  # replays are checked once the first frame is up
            self.checked_version = machine.rankings.version
            self.checker.request(machine.data)
        outputs = self.outputs
        for chute in machine.meter_pulses:
            outputs.coin_accepted(chute - 1)
        accepting = machine.coin_accepting and machine.screen != Screen.SERVICE
        if accepting is not self.lockout:  # only the frame loop sets the lockout and lamps
            self.lockout = accepting
            outputs.set_accepting(accepting)
        lamps = machine.start_lamps
        if lamps != self.start_lamps:
            self.start_lamps = lamps
            for player in (0, 1):
                outputs.set_start_lamp(player, Lamp.BLINK if lamps[player] else Lamp.OFF)
        outputs.advance()
        if self.audio is not None and cues:
            attract = machine.screen in ATTRACT
            if attract:  # the demo-sounds switch mutes attract mode only
                self.audio.demo_sounds = machine.dips.demo_sounds
            self.audio.play_events(cues, attract=attract,
                                   sounds=machine.cartridge.presentation.sounds)
        self._present()

    def _present(self) -> None:
        self.kept.start_frame()
        self._draw()
        self.display.present(self.native, self.kept.finish_frame())

    def _draw(self) -> None:
        machine = self.machine
        alarms = self.alarms() if machine.screen in ATTRACT else []
        if alarms != self.shown_alarms:  # a line that comes or goes: everything again
            self.shown_alarms = alarms
            self.kept.forget()
        kiosk_view.draw(machine, self.native, self.checker.status, self.kept)
        if alarms:
            screens.alarm_line(self.native, alarms)
            self.kept.add(screens.alarm_box(alarms))

    def alarms(self) -> list[str]:
        """Hardware alarms for the attract screen: "SAVE ERROR" while the save data cannot
        be written, then each input source's ``alarm`` (the JVS source says "JVS ERROR"
        while its board is down), in source order."""
        found: list[str] = []
        if self.writer.last_error is not None:
            found.append(SAVE_ALARM)
        for source in self.panel.sources:
            try:
                alarm = getattr(source, "alarm", None)
            except Exception:  # a failing source shows in the service menu, not here
                continue
            if isinstance(alarm, str) and alarm and alarm not in found:
                found.append(alarm)
        return found

    def _settle_coins(self) -> None:
        """Unthrottled headless runs simulate time: the frame 'lasts' until the coin commits
        are durable, so a script's coin always becomes a credit on the same frames. While
        saving fails nothing is waited for: the coins stay pending and the frames go on."""
        if self.writer.last_error is not None:
            return
        last = max(p.ticket for p in self.machine.desk.pending)
        self.writer.wait_settled(last, DURABLE_WAIT_SECONDS)

    # ---- the loop --------------------------------------------------------------------------
    def run(self) -> dict[str, object]:
        options = self.options
        pacing = options.realtime or options.mode != "headless"
        display_hz = mode_hz = None
        if pacing and self.display.vsync:
            mode_hz = self.display.mode_refresh()
            if mode_hz is None:
                display_hz = refresh_rate(self._present)
        hz, why = choose_rate(self.machine.cartridge.presentation.refresh_hz, display_hz,
                              mode_hz)
        keep = self.pacer.keep_deviations
        if why != OUR_CLOCK:
            self.pacer = PresentPacer(period=1 / hz, keep_deviations=keep)
            log.info("video: vsync paces the frame loop at %.2f Hz (%s)", hz, why)
        else:
            self.pacer = DeadlinePacer(period=1 / hz, keep_deviations=keep)
            if display_hz is not None:
                log.info("video: vsync measured at %.2f Hz, not the game's: our clock paces "
                         "the frame loop at %.2f Hz", display_hz, hz)
        self.video_line = f"{describe(self.display.size, self.display.placement)} " \
            f"{hz:.2f}HZ {why.upper()}"
        self.service_cabinet.video = lambda: self.video_line
        self.collector.after_boot()
        self.pacer.start()
        try:
            while self.running:
                self.frame()
                number = self.machine.frame
                machine = self.machine
                self.collector.between_frames(machine.game or machine.demo,
                                              machine.game is not None,
                                              self.pacer.slack() if pacing else None)
                if number == 1 and self.notifier is not None:
                    self.notifier.ready()
                if (options.screenshot_dir is not None and options.screenshot_every
                        and number % options.screenshot_every == 0):
                    self.display.screenshot(options.screenshot_dir / f"frame-{number:06d}.png")
                if pacing:
                    self.missed_frames += self.pacer.wait()
                if self.notifier is not None:
                    self.notifier.frame(time.monotonic(), self.machine.screen.value)
                if options.frames is not None and number >= options.frames:
                    break
        finally:
            self.close()
        return self.summary()

    def summary(self) -> dict[str, object]:
        m = self.machine
        return {
            "frames": m.frame,
            "missed_frames": self.missed_frames,
            "credits": m.credits,
            "games_started": m.games_started,
            "games_finished": m.games_finished,
            "screen": m.screen.value,
        }

    def close(self) -> None:
        if self.missed_frames:
            log.warning("missed %d frames", self.missed_frames)
        if self.notifier is not None:
            self.notifier.stopping()
        # Rows still waiting for their replay (and initials being entered) go in first, so
        # the last commit holds them.
        self.machine.shutdown(SHUTDOWN_REPLAY_WAIT_S)
        self.writer.submit(self.machine.data)
        self.replays.close()
        self.feed.ranks(self.machine)
        self.feed.book(self.machine)
        self.outbox.close()
        if not self.writer.close():
            log.warning("save data: the last commit did not finish before shutdown")
        self.panel.close()
        self.outputs.close()
        if self.audio is not None:
            self.audio.close()
        self.display.close()
        self.listener.stop()
        self.collector.close()
        self.save_lock.release()


def summary_line(summary: dict[str, object]) -> str:
    return json.dumps(summary, sort_keys=True)
