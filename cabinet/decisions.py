"""The cabinet hardware's behaviour no public source gives: the project's choices, one table
per area (inputs, outputs, JVS, video, sound). Each entry is a ``Decision(value, why,
source)`` (engine/decision.py); the code takes its value from here, and `bloxcab rules R
--json` prints every table with the board's others."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

_GPIOZERO = "gpiozero docs and coin-meter datasheets (meter pulses of 0.05-0.1 s)"
_JVS = "JVS-TR (JAMMA Video Standard, 3rd edition, English translation)"

# Every entry below is the project's own choice, not a documented fact.
INPUT_DECISIONS: dict[str, Decision[Any]] = {
    "sources": Decision(
        ("keyboard",), "the cabinet reads the keyboard until cabinet.toml names GPIO or JVS: "
        "pins and buses only when the owner says so"),
    "pulse_ms": Decision(
        {"coin": 10.0, "button": 5.0, "system": 5.0},
        "a GPIO press counts once the line held this long: coin mechs pulse 20-100 ms, so 10 "
        "keeps the shortest coin after some bounce; a button is held for frames (30 ms or "
        "more), so 5 costs no frame of lag and drops spikes up to 5 ms; service, test and "
        "tilt read like buttons"),
    "debounce_ms": Decision(
        15.0, "a release counts after 15 ms open, so contact bounce of up to 15 ms (double "
        "coins were measured with 8 and 12 ms of bounce) stays inside one press"),
    "glitch_s": Decision(
        0.001, "changes of a line shorter than 1 ms are glitches whatever the class: spikes "
        "from coils and lamps last microseconds, and no switch is worked that fast"),
    # The JAMMA-to-GPIO wiring (docs/raspberry-pi.md shows it as a table). No reference
    # gives a pin map; the choices follow two facts about the Pi header: GPIO 0-8 are pulled
    # up at power-on and GPIO 9-27 pulled down, so the coin meters and lockouts sit on
    # pulled-down pins (their driver stages stay off while the Pi boots), and the active-low
    # switches (JAMMA inputs short to ground, Arcade Otaku wiki "JAMMA") take the rest.
    # GPIO 14/15 are the UART: disable the serial console before wiring P2 there.
    "gpio_input_pins": Decision(
        {"p1.up": 17, "p1.down": 27, "p1.left": 23, "p1.right": 24, "p1.b1": 10, "p1.b2": 9,
         "p1.b3": 11, "p1.start": 25, "p2.up": 2, "p2.down": 3, "p2.left": 4, "p2.right": 14,
         "p2.b1": 15, "p2.b2": 5, "p2.b3": 6, "p2.start": 7, "service": 13, "test": 19,
         "tilt": 8, "coin1": 22, "coin2": 18},
        "the project's JAMMA-to-GPIO wiring: switches on the pins the header pulls up at "
        "power-on, the outputs on pulled-down pins", "Arcade Otaku wiki 'JAMMA'"),
}

OUTPUT_DECISIONS: dict[str, Decision[Any]] = {
    "gpio_output_pins": Decision(
        {"coin_meter1": 16, "coin_meter2": 20, "coin_lockout1": 21, "coin_lockout2": 26},
        "meters and lockouts on pins pulled down at power-on, so their drivers stay off "
        "while the Pi boots; the start lamps have no default pin (GPIO 12 is the one spare "
        "header pin)"),
    "meter_pulse_ms": Decision(
        {"on": 50.0, "off": 50.0},
        "a coin meter pulse is 50 ms on, 50 ms off, the short end of the usual range; raise "
        "it in cabinet.toml if a meter misses", _GPIOZERO),
    "start_lamp_blink_frames": Decision(
        {"on": 15, "off": 15}, "a blinking start lamp is lit 15 frames and dark 15 (2 Hz)"),
    "jvs_output_numbers": Decision(
        {"coin_meter1": 1, "coin_meter2": 2, "coin_lockout1": 3, "coin_lockout2": 4,
         "p1_start_lamp": 5, "p2_start_lamp": 6},
        "the cabinet outputs on JVS general-purpose outputs 1-6: no source gives a standard "
        "assignment", f"{_JVS} §4.3.21 (lamps, meters and lockouts sit on these outputs)"),
}

JVS_DECISIONS: dict[str, Decision[Any]] = {
    "settle_s": Decision(
        1.0, "the master waits 1 s for the boards to boot, inside the 1-5 s grace "
        "implementations use", f"{_JVS} §3.3"),
    "reply_timeout_s": Decision(0.100, "an initialisation command's reply may take 100 ms"),
    "poll_timeout_s": Decision(
        0.010, "a poll's reply may take 10 ms: a few ms (our practice) plus USB adapter "
        "latency"),
    "poll_period_s": Decision(1 / 120, "two polls per 60 Hz frame"),
    "failures_to_drop": Decision(
        10, "10 unanswered polls in a row (about 0.1 s) mean the link is lost"),
    "reconnect_interval_s": Decision(1.0, "a lost board is reset and addressed again every 1 s"),
    "default_boards": Decision(
        1, "a cabinet without a sense line has one I/O board unless cabinet.toml says more"),
    "cd_asserted_means_high": Decision(
        True, "the adapter's CD asserted means the SENSE line is still high (a board without "
        "an address); an adapter wired the other way round sets 'inverted'"),
    "coins_per_second_max": Decision(
        10.0, "no coin chute delivers more than 10 coins a second: validators pulse about "
        "100 ms a coin and take two a second, so 10 only cuts off what no mech can do",
        "MEI CashFlow 9520 design guide (outputs on 80-120 ms); Money Controls C120S "
        "technical manual, 4.3 acceptance rates"),
    "coin_burst": Decision(
        2.0, "two coins are credited at once after a quiet spell (then the rate above "
        "applies), so a second coin in the same poll as the first is not held back"),
    "implausible_reads": Decision(
        5, "a count no coin mech could have reached since the last good read is believed "
        "only after 5 good polls in a row read it (20 ms at the 4 ms poll): a line error "
        "that the sum cannot see does not repeat itself 5 times, a real count stays"),
    "decrement_not_received_answers": Decision(
        2, "a decrement whose reply went missing counts as never received only when two 0x2F "
        "answers in a row are the plain poll's reply from before it: one could be that poll's "
        "late reply, and sending the decrement again when the board did it takes a coin "
        "the player never got"),
    "log_burst": Decision(
        5, "a flapping link or a noisy line writes at most 5 journal lines at once, then one "
        "a minute; the next line says how many were left out"),
    "probe_watch_tries": Decision(
        10, "`bloxcab jvs-probe --watch` gives up after 10 failed polls in a row"),
    "probe_connect_tries": Decision(
        3, "`bloxcab jvs-probe` resets the bus and addresses it up to 3 times, "
        "reconnect_interval_s apart, as the kiosk does, before it says no board answered"),
}

VIDEO_DECISIONS: dict[str, Decision[Any]] = {
    "window_scale": Decision(3, "a 320x224 picture x3 (960x672) fits a 1080p desktop"),
    "overscan_max_percent": Decision(
        10, "cabinet.toml may hide at most 10% of each edge (a CRT's overscan)"),
    "crt_max_lines": Decision(
        288, "display modes 288 lines tall or less are 15 kHz CRT modes (a 4:3 tube)"),
    "blink_frames": Decision(30, "blinking text is on for 30 frames, off for 30"),
    "ranking_marks": Decision(
        {"verified": "*", "failed": "!"},
        "a ranking row its replay proves shows '*' (green) before its rank, a row whose "
        "replay fails '!'"),
    "name_chars": Decision(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ.!?- ",
        "the characters offered for initials, in wheel order (then rub-out and end)"),
    "rate_match": Decision(
        0.005, "a refresh measured within 0.5% of the cartridge's rate paces the game at that "
        "rate (a 60.05 Hz composite mode for a 60 Hz game is 0.08% fast); further off it is "
        "no known refresh (SDL emulates vsync with a timer on Xvfb: 61.5-62.5 Hz) and our "
        "clock holds the cartridge's rate"),
    "refresh_flips": Decision(
        120, "the display's refresh is measured over 120 flips (2 s at start-up), the median "
        "interval"),
    "busy_wait": Decision(
        {"quantile": 0.98, "margin": 1.25, "min_s": 0.0001, "max_s": 0.0003, "sleeps": 120},
        "the pacer's busy wait covers the 98th-percentile overshoot of the last 120 sleeps "
        "x 1.25, within 0.1-0.3 ms; a longer overshoot is the machine being busy, and "
        "spinning for it on every frame took 75-90% of the kiosk's CPU under load (a frame "
        "that wakes that late ends less than the overshoot late, and the priority the unit "
        "gives the game keeps such wakes rare)"),
    "collector": Decision(
        {"gen0": 700, "gen1": 10, "gen2": 1_000_000, "idle_every_s": 60.0,
         "young_slack_s": 0.002, "full_slack_s": 0.004, "full_slack_times": 2.0,
         "young_defer_times": 10, "full_defer_frames": 600},
        "the garbage collector's young generations keep CPython's thresholds (700, 10: a "
        "young collection walks a few thousand objects at most); the oldest generation is "
        "never collected on its own during a frame (a threshold no game reaches) but by the "
        "kiosk between frames when a game or demo starts, and once a minute while nothing "
        "is played; what boot made, and what survives each of those collections, is frozen "
        "out of every later one (the games leave no cycles to keep). A collection runs "
        "only when the frame leaves time for it before its deadline: 2 ms for a young one "
        "(0.05-0.6 ms measured, a few ms on a busy VM), for the oldest generation twice "
        "its longest of the last ones and at least 4 ms (0.5-3 ms measured after the "
        "freeze); otherwise it waits for a frame that does, but no longer than ten young "
        "generations' worth of objects or 600 frames (10 s) for the oldest, so memory "
        "stays bounded on a machine that never has the time"),
}

AUDIO_DECISIONS: dict[str, Decision[Any]] = {
    "mixer": Decision(
        {"rate_hz": 22050, "buffer_samples": 512},
        "22050 Hz mono, 16-bit, a 512-sample buffer: about 23 ms of latency"),
    "always_audible": Decision(
        ("coin",), "a coin is the player's own action, so it sounds even with Demo Sounds off"),
    "attack_s": Decision(0.002, "every tone starts with a 2 ms attack, so none clicks"),
    "peak": Decision(
        0.8, "effects peak at 80% of full scale: headroom when two overlap in the mixer"),
}
