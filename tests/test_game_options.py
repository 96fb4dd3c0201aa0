"""cabinet.toml [games.<id>]: each cartridge's own options reach it at start-up."""

from pathlib import Path

from firmware.config import parse_config
from firmware.kiosk import configure_games
from games.flashpoint.stagefile import active_stages, builtin_stages, use_stage_file


def test_games_table_is_read() -> None:
    config, problems = parse_config('[games.flashpoint]\nstages = "/srv/own.txt"\n')
    assert problems == []
    assert config.games == {"flashpoint": {"stages": "/srv/own.txt"}}


def test_unknown_game_option_and_bad_value_are_one_line_each() -> None:
    text = ('[games.nosuch]\nx = "1"\n[games.flashpoint]\nstage = "a"\nstages = 3\n')
    config, problems = parse_config(text)
    assert len(problems) == 3 and all("\n" not in p for p in problems)
    assert any("games.nosuch" in p and "unknown key" in p for p in problems)
    assert any("games.flashpoint.stage" in p and "unknown key" in p for p in problems)
    assert any("games.flashpoint.stages" in p and "non-empty string" in p for p in problems)
    assert config.games == {"flashpoint": {}}


def test_configure_applies_a_stage_file_or_gives_a_notice(tmp_path: Path) -> None:
    own = tmp_path / "own.txt"
    own.write_text("\n".join(f"stage {n}: own\n*.........\n##.####.##" for n in range(1, 101)))
    try:
        assert configure_games({"flashpoint": {"stages": str(own)}}) == []
        assert active_stages()[0].title == "own"
        problems = configure_games({"flashpoint": {"stages": str(tmp_path / "gone.txt")}})
        assert len(problems) == 1 and "gone.txt" in problems[0] and "built-in" in problems[0]
        assert active_stages() == builtin_stages()
    finally:
        use_stage_file(None)
