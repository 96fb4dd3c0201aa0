"""First-run polish: the version, factory rankings that verify as such, default initials,
GAME OVER before name entry, quiet start without sound or GPIO, bench figures without the
save-data notice, the input test's status lines, the README's `run` usage."""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from engine import PlayerInput
from firmware.cli import build_parser, main
from firmware.machine import Screen
from firmware.machine.decisions import CABINET_DECISIONS, NAME_ENTRY_FRAMES, frames
from firmware.machine.name_entry import ALPHABET, NameEntry
from firmware.machine.screens import ATTRACT
from firmware.rankings.check import FACTORY, UNRECORDED, check_tables
from firmware.rankings.store import ReplayStore
from firmware.savedata import RankEntry, factory, ranks
from firmware.service.pages.input_check import STATUS_CHARS, status_rows
from games.registry import CARTRIDGES, cartridge, new_session
from tests.browser_kit import DASHBOARD_SHOT  # taken in Chromium, not by tools.shots
from tests.kiosk_kit import Rig, p1

ROOT = Path(__file__).parent.parent
# The cartridges whose tables come filled (Tetris (1988) and Bloxeed so far).
FILLED = sorted(g for g, c in CARTRIDGES.items() if c.board.ranking.factory_rows)


# ---- bloxcab --version ---------------------------------------------------------------------
def test_version_names_the_installed_package_and_each_cartridges_rules_version(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    rules = ", ".join(f"{g} v{c.rules_version}" for g, c in CARTRIDGES.items())
    assert capsys.readouterr().out.strip() == (
        f"bloxcab {metadata.version('bloxcab')} (rules: {rules})")
    assert "sega88 v1" in rules and "blockout v1" in rules


# ---- factory rankings ----------------------------------------------------------------------
def test_the_sega_games_come_with_factory_rows() -> None:
    assert {"sega88", "bloxeed"} <= set(FILLED)


@pytest.mark.parametrize("game", FILLED)
def test_tables_come_full_best_first_and_a_first_small_game_does_not_rank(game: str) -> None:
    spec = cartridge(game).board.ranking
    data = factory()
    for mode in spec.modes:
        table = data.rankings[game][mode]
        assert len(table) == spec.size == len(spec.factory_rows)
        keys = [spec.key(e.values) for e in table]
        assert keys == sorted(keys, reverse=True)
        assert all(e.initials.strip() and e.replay_id is None for e in table)
        assert not ranks(data, game, mode, {"score": 93, "lines": 0, "level": 0})
        assert ranks(data, game, mode, {"score": table[-1].score + 1, "lines": 4, "level": 1})


@pytest.mark.parametrize("game", FILLED)
def test_the_demo_player_beats_the_top_factory_row_in_most_games(game: str) -> None:
    """Plausibly beatable: on factory DIPs the project's simple demo player tops the table
    in the median of five games (seeds 0-4)."""
    cart = cartridge(game)
    assert cart.presentation.demo_player is not None
    settings = cart.board.decode_dips(cart.board.dip_bank.factory)[0].settings
    scores = []
    for seed in range(5):
        session = new_session(cart.rules.ids[0], settings,
                              {name: seed for name in cart.board.factory_seeds}, 1)
        moves = cart.presentation.demo_player(session)
        for _ in range(60 * 60 * 15):
            if session.over:
                break
            session.step(next(moves))
        summary = session.summary(0)
        assert summary is not None
        scores.append(int(summary["score"]))
    top = int(cart.board.ranking.factory_rows[0][1]["score"])
    assert statistics.median(scores) > top, scores


def test_factory_rows_are_reported_as_factory_and_verify_passes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = factory()
    store = ReplayStore(tmp_path / "replays")
    try:
        checks = check_tables(data, store)
        assert checks and {c.status for c in checks} == {FACTORY}
        # A row kept without a replay that is not a factory row is still unrecorded.
        game = FILLED[0]
        row = data.rankings[game]["normal"][0]
        data.rankings[game]["normal"][0] = RankEntry(row.initials,
                                                     {**row.values, "score": row.score + 1})
        assert check_tables(data, store, game)[0].status == UNRECORDED
    finally:
        store.close()
    assert main(["rankings", "verify", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    total = sum(len(c.board.ranking.factory_rows) * len(c.board.ranking.modes)
                for c in CARTRIDGES.values())
    assert f"0 of {total} rows verified, {total} factory rows, 0 failed" in out
    assert "UNRECORDED" not in out and "FAILED (" not in out


# ---- initials when the timer runs out ------------------------------------------------------
def _time_out(entry: NameEntry) -> None:
    while not entry.done:
        entry.step(PlayerInput())


def test_timer_keeps_the_letters_entered() -> None:
    entry = NameEntry(0, 1000)
    entry.step(PlayerInput(b1=True))  # A
    entry.step(PlayerInput())
    entry.cursor = ALPHABET.index("Z")
    entry.step(PlayerInput(b1=True))  # Z
    _time_out(entry)
    assert entry.initials == "AZ "


def test_timer_with_nothing_entered_keeps_the_default_never_a_blank() -> None:
    default = CABINET_DECISIONS["name_entry_default"].value
    assert default.strip() and len(default) == 3
    entry = NameEntry(0, 1000)
    _time_out(entry)
    assert entry.initials == default
    spaces = NameEntry(1, 1000)
    spaces.cursor = ALPHABET.index(" ")
    spaces.step(PlayerInput(b1=True))
    _time_out(spaces)
    assert spaces.initials == default


# ---- GAME OVER before name entry -----------------------------------------------------------
def test_game_over_is_shown_before_name_entry(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        machine = rig.machine
        machine.data.rankings["sega88"]["normal"].clear()  # any score ranks
        rig.coin(1)
        rig.coin(1)
        rig.press(p1(start=True))
        game = machine.game
        assert game is not None
        while not game.over:
            rig.step(p1(down=True))
        assert machine.screen == Screen.GAME_OVER and machine.screen_frames == 0
        assert machine.start_lamps == (False, False)  # the initials come first
        # The final field, then GAME OVER, for the decision's length; a Start waits.
        rig.frames(frames("name_entry_after_frames") - 2)
        rig.press(p1(start=True))
        assert machine.screen == Screen.NAME_ENTRY and machine.game is game
        assert machine.credits == 1
        for _ in range(3):
            rig.press(p1(b1=True))
        assert machine.screen in ATTRACT
        assert machine.data.rankings["sega88"]["normal"][0].initials == "AAA"
        assert NAME_ENTRY_FRAMES == 20 * 60
    finally:
        rig.close()


def test_an_unranked_game_goes_through_game_over_to_attract(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        machine = rig.machine
        rig.coin(1)
        rig.press(p1(start=True))
        game = machine.game
        assert game is not None
        while not game.over:
            rig.step(p1(down=True))
        summary = game.summary(0)
        assert summary is not None and int(summary["score"]) < 1000  # under every factory row
        assert machine.screen == Screen.GAME_OVER
        rig.frames(frames("game_over_frames") - 1)
        assert machine.screen == Screen.GAME_OVER
        rig.step()
        assert machine.screen in ATTRACT
    finally:
        rig.close()


# ---- quiet start ---------------------------------------------------------------------------
def _child(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("SDL_AUDIODRIVER", "GPIOZERO_PIN_FACTORY")}
    environ.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=environ)


def test_audio_start_without_a_sound_card_says_so_in_one_line() -> None:
    done = _child("import logging, sys\n"
                  "logging.basicConfig(stream=sys.stderr, format='%(message)s', level='INFO')\n"
                  "from cabinet.audio import Audio\n"
                  "audio = Audio()\n"
                  "print(audio.enabled)\n"
                  "audio.close()\n", SDL_AUDIODRIVER="alsa")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert not any(line.startswith("ALSA lib") for line in lines), done.stderr
    assert len([line for line in lines if "ALSA" in line or "libasound" in line]) <= 1
    if done.stdout.strip() == "False":  # no sound card here: one notice says why
        assert len(lines) == 1 and "running silent" in lines[0]


def test_gpio_fallbacks_on_a_pc_are_one_notice_line(tmp_path: Path) -> None:
    config = tmp_path / "cabinet.toml"
    config.write_text('[inputs]\nsources = ["keyboard", "gpio"]\n'
                      '[inputs.gpio.pins]\n"p1.up" = 17\n'
                      '[outputs]\nsink = "gpio"\n[outputs.gpio.pins]\ncoin_meter1 = 22\n')
    done = _child("import logging, sys\n"
                  "logging.basicConfig(stream=sys.stderr, format='%(message)s')\n"
                  "from firmware.config import load_config\n"
                  "from firmware.wiring import build_wiring\n"
                  f"config, problems = load_config({str(config)!r})\n"
                  "assert not problems, problems\n"
                  "wiring = build_wiring(config)\n"
                  "print(len(wiring.problems))\n")
    assert done.returncode == 0, done.stderr
    assert "PinFactoryFallback" not in done.stderr and "warnings.warn" not in done.stderr
    notices = [line for line in done.stderr.splitlines() if "could not use the pin driver" in line]
    if int(done.stdout.strip()):  # no pin driver here (not a Pi): said once for both devices
        assert len(notices) == 1
    else:
        assert len(notices) <= 1


def test_bench_figures_carry_no_save_data_notice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--save", "--pacing", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "BACKUP DATA CLEARED" not in out
    assert out.startswith("save submit():") and "pacing:" in out


# ---- the input test's status lines ---------------------------------------------------------
def test_long_status_lines_wrap_between_the_margins() -> None:
    line = ("gpio inputs: 19 pins on LGPIOFactory, debounce 5 ms, 123456 edges, "
            "and a long tail of words")
    rows = status_rows(line)
    assert len(rows) > 1 and all(len(r) <= STATUS_CHARS for r in rows)
    assert " ".join(r.strip() for r in rows) == line.upper()
    assert rows[1].startswith("  ")  # continuation rows are indented
    assert status_rows("KEYBOARD: 21 KEYS MAPPED") == ["KEYBOARD: 21 KEYS MAPPED"]


# ---- README ------------------------------------------------------------------------------
def test_readme_run_usage_lists_every_run_option() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    run = sub.choices["run"]  # type: ignore[attr-defined]
    options = {s for a in run._actions for s in a.option_strings if s.startswith("--")}
    options.discard("--help")
    readme = (ROOT / "README.md").read_text()
    usage = next(line for line in readme.splitlines() if line.startswith("| `bloxcab run"))
    shown = set(re.findall(r"--[a-z-]+", usage))
    assert options <= shown, sorted(options - shown)


# ---- one screenshot generator, one set of screenshots ------------------------------------
def _linked_images() -> set[Path]:
    """Every PNG the README and docs/ link or name (relative to the repository)."""
    linked: set[Path] = set()
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = doc.read_text()
        for target in re.findall(r"\]\(([^)\s]+\.png)\)", text):
            linked.add((doc.parent / target).resolve().relative_to(ROOT))
        for name in re.findall(r"`([a-z0-9_-]+\.png)`", text):
            linked.add((doc.parent / name).resolve().relative_to(ROOT))
    return linked


@pytest.mark.timeout(1800)  # much work, not a hang: 300 s ran out in an emulated arm64 root
def test_one_command_makes_every_screenshot_the_docs_show(tmp_path: Path) -> None:
    from tools.shots import take_all

    made = {p.relative_to(tmp_path) for p in take_all(tmp_path)}
    assert all((tmp_path / p).stat().st_size > 0 for p in made)
    in_repo = {p.relative_to(ROOT) for p in (ROOT / "docs").rglob("*.png")}
    assert in_repo - {DASHBOARD_SHOT} == made  # one set: nothing stale, nothing missing
    linked = _linked_images()
    assert Path("docs/screens/game-over.png") in linked
    assert linked <= made | {DASHBOARD_SHOT}, sorted(linked - made)
