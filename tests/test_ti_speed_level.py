"""Master's speed level: +100 a COOL at the section's end, delays and gravity read at the
speed level; COOL at x70, REGRET at the section's end, a REGRET overriding the COOL."""

from __future__ import annotations

from engine.events import Event
from games.arika.rules import ArikaRules, Referee, x99_stops
from games.arika.speeds import MASTER_GRAVITY
from games.ti.rules import master
from games.ti.rules.speed import COOL, REGRET, SpeedLevelPlayer
from tests.arika_kit import Script

RULES = ArikaRules("ti-test", "TEST", MASTER_GRAVITY,
                   tuple(r for r in master.SPEED_DELAYS if r.from_level < 1000), 999,
                   x99_stops(), Referee)


def reach(p: SpeedLevelPlayer, level: int, at_frames: int, out: list[Event]) -> None:
    """Bring the level to ``level`` with the clock ``at_frames`` into the section."""
    p.clock = p.section_start + at_frames
    p.level_to(level, out)


def test_a_cool_section_adds_100_speed_levels() -> None:
    p = SpeedLevelPlayer(0, RULES, 0, pieces=Script("T"))
    out: list[Event] = []
    reach(p, 70, 50 * 60, out)  # under 52 s
    assert [e.value for e in out if e.kind == COOL] == [0]
    assert p.speed_level == 70  # the bonus comes when the section ends
    reach(p, 100, 80 * 60, out)
    assert (p.cools, p.speed_bonus, p.speed_level, p.steps) == (1, 100, 200, 1)
    assert p.g == RULES.gravity_at(200) != RULES.gravity_at(100)


def test_delays_follow_the_speed_level() -> None:
    p = SpeedLevelPlayer(0, RULES, 0, pieces=Script("T"))
    out: list[Event] = []
    for section in range(4):
        reach(p, section * 100 + 70, 37 * 60, out)
        reach(p, section * 100 + 100, 45 * 60, out)
    assert p.cools == 4 and p.level == 400 and p.speed_level == 800
    t = p.timing
    assert (t.are, t.line_are, t.das, t.lock, t.line_clear) == (12, 6, 8, 30, 6)


def test_slow_x70_no_cool_and_regret_overrides() -> None:
    p = SpeedLevelPlayer(0, RULES, 0, pieces=Script("T"))
    out: list[Event] = []
    reach(p, 70, 52 * 60, out)  # not under 52 s
    reach(p, 100, 60 * 60, out)
    assert (p.cools, p.speed_bonus, p.steps) == (0, 0, 0)
    reach(p, 170, 40 * 60, out)  # COOL in section 1 ...
    reach(p, 200, 75 * 60 + 1, out)  # ... but over 75 s: REGRET wins
    assert [e.value for e in out if e.kind == REGRET] == [1]
    assert (p.cools, p.regrets, p.steps) == (1, 1, -1)


def test_snapshot_keeps_the_counters() -> None:
    p = SpeedLevelPlayer(0, RULES, 0, pieces=Script("T"))
    out: list[Event] = []
    reach(p, 70, 40 * 60, out)
    reach(p, 100, 60 * 60, out)
    q = SpeedLevelPlayer(0, RULES, 0, pieces=Script("T"))
    q.restore(p.snapshot())
    assert (q.speed_bonus, q.cools, q.steps, q.last_x70) == (100, 1, 1, 40 * 60)
