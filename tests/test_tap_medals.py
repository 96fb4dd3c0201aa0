"""TAP Master's medals (tetris.wiki, "Tetris The Absolute The Grand Master 2", Medal
conditions): AC, ST, SK, RE, RO, CO, bronze, silver and gold, earned in play and shown on
the play screen beside the well."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from games.arika.player import ArikaPlayer
from games.arika.screen import WELL_Y
from games.cartridge import PlayView
from games.registry import CARTRIDGES
from games.tap.rules import DEATH, MASTER
from games.tap.rules import medals as md
from games.tap.rules.medals import (
    AC,
    BRONZE,
    CO,
    GOLD,
    RE,
    RO,
    SILVER,
    SK,
    ST,
    Medals,
    records_text,
)
from games.tap.rules.referees import DeathReferee, MasterReferee
from games.tap.screen import MEDAL_RGB, MEDALS_DY, draw_play, medal_ops
from games.tap.session import TapSession
from tests.arika_kit import IDLE, pad, step
from tests.test_tap_modes import lock, play

B2 = pad(b2=True)


def referee(p: ArikaPlayer) -> MasterReferee:
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    return ref


def turn(p: ArikaPlayer, times: int) -> None:
    for _ in range(times):
        step(p, B2)
        step(p, IDLE)


# ---- a scripted Master game ---------------------------------------------------------------
def test_a_bravo_earns_the_bronze_ac() -> None:
    p = play(MASTER, letters="OO", board=["####..####"] * 2)
    lock(p, 3)
    ref = referee(p)
    assert ref.bravos == 1 and ref.medals.tiers[AC] == BRONZE
    assert ref.summary(p)["medals"] == "AC:bronze"


def sk_after_one_more_tetris(mode: str, before: int) -> tuple[int, str]:
    """The SK tier and the summary's medals after a Tetris that follows ``before`` ones."""
    p = play(mode, letters="II", level=10, board=["#########."] * 4)
    ref = p.referee
    assert isinstance(ref, (MasterReferee, DeathReferee))
    ref.tetrises[0] = before
    p.state = 1
    lock(p, 7)
    assert sum(ref.tetrises) == before + 1
    return ref.medals.tiers[SK], str(ref.summary(p)["medals"])


def test_tetrises_earn_sk_at_10_20_35() -> None:
    for before, earned in ((8, 0), (9, BRONZE), (19, SILVER), (34, GOLD)):
        assert sk_after_one_more_tetris(MASTER, before)[0] == earned, before


def test_a_section_near_or_under_its_record_earns_st() -> None:
    record = md.ST_RECORDS[0]
    for frames, earned in ((record - 1, GOLD), (record + 299, SILVER), (record + 599, BRONZE),
                           (record + 600, 0)):
        p = play(MASTER, letters="II", level=96, board=["#########."] * 4)
        p.section_start = p.clock - frames + 1  # the lock's own frame counts
        p.state = 1
        lock(p, 7)
        assert p.section_frames[0] == frames
        assert referee(p).medals.tiers[ST] == earned, frames


def test_rotations_a_piece_to_300_earn_the_bronze_ro() -> None:
    # Four pieces locked before this I in the range: with 3 turns among them, the I's own
    # 3 turns (flat, upright, flat, upright) make 6 in 5 pieces, 6/5: bronze; with 2, 5
    # turns in 5 pieces fall short. The I's Tetris takes the level over 300.
    for turns_before, earned in ((3, BRONZE), (2, 0)):
        p = play(MASTER, letters="II", level=296, board=["#########."] * 4)
        ref = referee(p)
        ref.medals.pieces, ref.medals.turns = 4, turns_before
        turn(p, 3)
        assert p.state & 1 and p.turns == 3  # upright
        p.x += 9 - p.piece_cells()[0][1]  # into column 9
        lock(p)
        assert p.section_frames and ref.medals.tiers[RO] == earned, turns_before
        assert ref.medals.pieces == 0  # the next range starts


# ---- the counts, one lock at a time -------------------------------------------------------
def test_combo_counts_doubles_and_up_and_singles_keep_it() -> None:
    m = Medals()
    for lines in (2, 1, 3, 2):
        m.locked(0, lines, 40, 0, 0)
    assert m.combo == 3 and m.tiers[CO] == 0
    m.locked(0, 4, 40, 0, 0)
    assert m.tiers[CO] == BRONZE
    m.locked(0, 0, 40, 0, 0)
    assert m.combo == 0 and m.tiers[CO] == BRONZE  # a medal never falls


def test_recoveries_from_150_blocks_down_to_70() -> None:
    m = Medals()
    m.locked(0, 0, 149, 0, 0)
    assert not m.armed
    m.locked(0, 0, 150, 0, 0)
    assert m.armed
    m.locked(0, 4, 111, 0, 0)  # 71 left
    assert m.recoveries == 0
    m.locked(0, 4, 110, 0, 0)  # 70 left
    assert m.recoveries == 1 and m.tiers[RE] == BRONZE and not m.armed
    for _ in range(3):
        m.locked(0, 0, 160, 0, 0)
        m.locked(0, 4, 100, 0, 0)
    assert m.recoveries == 4 and m.tiers[RE] == GOLD


def test_ro_caps_four_turns_a_piece_and_judges_each_range() -> None:
    m = Medals()
    m.locked(9, 0, 10, 0, 0, (250, 251))
    assert m.turns == 4 and m.tiers[RO] == 0
    m.locked(2, 1, 10, 0, 0, (299, 300))  # 6 turns in 2 pieces up to 300
    assert m.tiers[RO] == BRONZE and m.pieces == 0
    m.locked(1, 0, 10, 0, 0, (698, 699))
    m.locked(1, 2, 10, 0, 0, (699, 701))
    assert m.tiers[RO] == BRONZE  # 1 turn a piece over 300-700
    m.locked(2, 0, 10, 0, 0, (900, 901))
    m.goal()
    assert m.tiers[RO] == GOLD


def test_medals_are_kept_in_the_snapshot() -> None:
    session = TapSession(MASTER, {}, {"main": 1}, 1)
    p = session.players[0]
    assert p is not None
    referee(p).medals.tiers[SK] = SILVER
    snap = session.snapshot()
    referee(p).medals.tiers[SK] = 0
    session.restore(snap)
    p = session.players[0]
    assert p is not None and referee(p).medals.tiers[SK] == SILVER


# ---- the screen ---------------------------------------------------------------------------
def test_medals_show_as_plates_in_their_colours_beside_the_well() -> None:
    pygame.init()
    session = TapSession(MASTER, {}, {"main": 1}, 1)
    p = session.players[0]
    assert p is not None
    tiers = referee(p).medals.tiers
    tiers[AC], tiers[SK], tiers[CO] = BRONZE, SILVER, GOLD
    surface = pygame.Surface((320, 224))
    draw_play(surface, PlayView(session, credits=1, free_play=False, frame=0))
    ops = medal_ops(referee(p).medals, 208, WELL_Y + MEDALS_DY)
    plates = [op for op in ops if op[0] != "text"]
    assert len(plates) == 3
    for op in plates:
        x, y = op[2][0] + 1, op[2][1] + 1
        assert tuple(surface.get_at((x, y)))[:3] in MEDAL_RGB.values()


# ---- the section records, kept by the board while it is on --------------------------------
def test_the_session_judges_st_against_the_records_it_is_given() -> None:
    faster = "2000." * 9 + "2000"
    session = TapSession(MASTER, {"st_records": faster}, {"main": 1}, 1)
    p = session.players[0]
    assert p is not None and referee(p).medals.records == (2000,) * 10
    default = TapSession(MASTER, {}, {"main": 1}, 1).players[0]
    assert default is not None and referee(default).medals.records == md.ST_RECORDS
    for bad in ("1.2.3", "0." * 9 + "0", "a" * 10, 7):
        with pytest.raises(ValueError, match="st_records must be 10 section times"):
            TapSession(MASTER, {"st_records": bad}, {"main": 1}, 1)


def test_the_board_keeps_each_sections_best_until_power_off() -> None:
    section = CARTRIDGES["tap"].board.save_section
    assert section is not None
    own = section.factory()
    default = records_text(md.ST_RECORDS)
    assert section.settings(own) == {"st_records": default, "death_st_records": default}
    session = TapSession(MASTER, section.settings(own), {"main": 1}, 1)
    p = session.players[0]
    assert p is not None
    p.section_frames = [2000, 2600, 1500]
    own = section.after_game(own, session, 0)
    kept = section.settings(own)
    assert kept["st_records"].split(".")[:4] == ["2000", "2520", "1500", "2520"]
    assert kept["death_st_records"] == default  # Death's records are its own
    assert section.load(own) == section.factory()  # power-on: the records start again
    assert section.load({"st_records": default}) == section.factory()  # an older save
    with pytest.raises(ValueError):
        section.load({"st_records": "x"})
    with pytest.raises(ValueError):
        section.load({"st_records": default, "death_st_records": "x"})
    normal = TapSession("tap-normal", section.settings(own), {"main": 1}, 1)
    assert normal.players[0] is not None
    normal.players[0].section_frames = [100]
    assert section.after_game(own, normal, 0) == own  # Master's and Death's records only
    death = TapSession(DEATH, section.settings(own), {"main": 1}, 1)
    dp = death.players[0]
    assert dp is not None
    dp.section_frames = [1900]
    after = section.settings(section.after_game(own, death, 0))
    assert after["death_st_records"].split(".")[:2] == ["1900", "2520"]
    assert after["st_records"] == kept["st_records"]


# ---- T.A. Death ------------------------------------------------------------------------
def death_referee(p: ArikaPlayer) -> DeathReferee:
    ref = p.referee
    assert isinstance(ref, DeathReferee)
    return ref


def test_death_earns_sk_at_5_10_17() -> None:
    # Source: tetris.wiki, TAP, Medal conditions: SK in T.A. Death at 5, 10, 17 Tetrises.
    assert md.DEATH_SK_TETRISES == (5, 10, 17)
    for before, earned in ((3, 0), (4, BRONZE), (9, SILVER), (16, GOLD)):
        tier, medals = sk_after_one_more_tetris(DEATH, before)
        assert tier == earned, before
        assert (f"SK:{md.TIER_NAMES[earned]}" in medals) == bool(earned), medals


def test_death_judges_st_against_its_own_records() -> None:
    faster = "2000." * 9 + "2000"
    session = TapSession(DEATH, {"death_st_records": faster}, {"main": 1}, 1)
    p = session.players[0]
    assert p is not None and death_referee(p).medals.records == (2000,) * 10
    master = TapSession(MASTER, {"death_st_records": faster}, {"main": 1}, 1).players[0]
    assert master is not None and referee(master).medals.records == md.ST_RECORDS
    with pytest.raises(ValueError, match="death_st_records must be 10 section times"):
        TapSession(DEATH, {"death_st_records": "1.2"}, {"main": 1}, 1)
    ref = death_referee(p)
    ref.on_section(p, 0, 1999, [])
    assert ref.medals.tiers[ST] == GOLD


def test_death_medals_are_kept_in_the_snapshot_and_hash() -> None:
    a = TapSession(DEATH, {}, {"main": 1}, 1)
    b = TapSession(DEATH, {}, {"main": 1}, 1)
    pa = a.players[0]
    assert pa is not None
    death_referee(pa).medals.tiers[AC] = SILVER
    assert a.state_hash() != b.state_hash()
    b.restore(a.snapshot())
    pb = b.players[0]
    assert pb is not None and death_referee(pb).medals.tiers[AC] == SILVER
    assert a.state_hash() == b.state_hash()
