"""Issue 34 item 12: command-line edges, each one line on stderr and exit 2 (or, for a
replay, a plain figure), never a traceback, a hang or a silent default."""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path

import pytest

from tests.clikit import run


def one_line(code: int, out: str, err: str) -> str:
    assert code == 2, (out, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_screenshot_dir_on_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "a-file"
    target.write_text("")
    line = one_line(*run(capsys, "run", "--headless", "--frames", "2", "--no-sound",
                         "--save-dir", str(tmp_path / "save"), "--screenshot-dir",
                         str(target), "--screenshot-every", "1"))
    assert "--screenshot-dir" in line


def test_screenshot_dir_under_proc(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    line = one_line(*run(capsys, "run", "--headless", "--frames", "2", "--no-sound",
                         "--save-dir", str(tmp_path / "save"), "--screenshot-dir",
                         "/proc/self/shots", "--screenshot-every", "1"))
    assert "--screenshot-dir" in line


@pytest.mark.parametrize("action", ["list", "verify"])
def test_rankings_with_a_mistyped_save_dir(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           action: str) -> None:
    missing = tmp_path / "no-such-save"
    line = one_line(*run(capsys, "rankings", action, "--save-dir", str(missing)))
    assert "does not exist" in line
    assert not missing.exists()


def test_pieces_count_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(*run(capsys, "pieces", "--rules", "sega88", "--count", "99999999999"))
    assert "--count" in line


@pytest.mark.parametrize("option", ["--cabinets", "--seconds", "--intakes", "--rate",
                                    "--autosave"])
def test_bench_fleet_takes_no_zero(capsys: pytest.CaptureFixture[str], option: str) -> None:
    line = one_line(*run(capsys, "bench", "--fleet", option, "0"))
    assert option in line


def test_bench_pacing_takes_no_negative_load(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(*run(capsys, "bench", "--pacing", "--load", "-3"))
    assert "--load" in line


def test_a_game_option_of_another_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(*run(capsys, "sim", "--rules", "sega88", "--stage", "3", "--frames", "5",
                         "--json"))
    assert "--stage" in line


def test_an_edited_final_hash_says_how_many_checkpoints_matched(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.rpl"
    assert run(capsys, "sim", "--rules", "sega88", "--frames", "2500", "--inputs",
               "random:9", "--record", str(path), "--json")[0] == 0
    text = path.read_text().splitlines()
    header = json.loads(text[1])
    header["final_hash"] = "0" * 32
    path.write_text("\n".join([text[0], json.dumps(header), *text[2:]]) + "\n")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert "all 3 checkpoints matched" in out and "no checkpoints" not in out


def test_a_config_with_60k_unknown_keys_is_reported_in_bounded_lines(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "cabinet.toml"
    path.write_text("".join(f"k{i} = 1\n" for i in range(60_000)))
    code, out, err = run(capsys, "config", "check", str(path))
    lines = err.splitlines()
    assert code == 1 and out == ""
    assert len(lines) <= 22
    assert "and 59980 more" in lines[-2]
    assert lines[-1] == f"{path}: 60000 problem(s); those keys keep their defaults"


def test_demo_cabinets_stop_before_their_folder_goes(tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """`fleet serve --demo`'s Ctrl-C: the simulated cabinets stop, their outboxes closed,
    before the temporary folder is removed, so no "cannot sync" lines follow."""
    serve = pytest.importorskip("fleet.serve")
    from firmware.uplink.pki import new_ca

    new_ca(tmp_path / "ca")
    emb = serve.Embedded(tmp_path, "", serve.free_port(), tmp_path / "ca", None, None)
    cabinets = [serve.DemoCabinet(f"cab-{n}", emb, n) for n in range(3)]
    for cab in cabinets:
        cab.start()
    for cab in cabinets:
        assert cab.outbox.flush()
    caplog.set_level(logging.WARNING)
    serve.stop_cabinets(cabinets)
    assert not any(t.name.startswith("demo-cab") and t.is_alive()
                   for t in threading.enumerate())
    import shutil

    shutil.rmtree(tmp_path / "cabinets")
    for cab in cabinets:  # anything still queued would now fail
        assert not cab.outbox.thread.is_alive()
    assert not [r for r in caplog.records if "cannot" in r.getMessage()]
    assert os.path.isdir(tmp_path)


@pytest.mark.parametrize("name", ["Bad Name", "-a", "a" * 33, "ä"])
def test_fleet_serve_refuses_a_bad_instance_name(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path, name: str) -> None:
    pytest.importorskip("fleet.serve")
    line = one_line(*run(capsys, "fleet", "serve", "--name", name, "--db", "postgresql://x",
                         "--broker", "127.0.0.1:1", "--keys", str(tmp_path)))
    assert "--name" in line


def test_fleet_serve_names_the_missing_instance_certificate(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("fleet.serve")
    line = one_line(*run(capsys, "fleet", "serve", "--name", "b", "--db", "postgresql://x",
                         "--broker", "127.0.0.1:1", "--keys", str(tmp_path)))
    assert "fleet-service-b.crt" in line
