"""The kept picture: a play screen drawn with the last frame's picture kept must show the same
pixels as one drawn from scratch, every frame, and its damage boxes must hold every pixel
that changed (the present step rescales only those)."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from cabinet.video import screens
from cabinet.video.kept import KeptPicture
from cabinet.video.screen import HEADLESS, Display, new_native
from engine.inputs import InputFrame, PlayerInput
from firmware.inputscript import random_inputs
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE
from games.registry import CARTRIDGES, PlayView, new_session
from games.sega import screen as sega_screen
from games.sega.field_view import FieldView

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

FRAMES = 1200
# The cartridges whose play screens draw with the kept picture beside the Sega board's.
KEPT_TOO = {"tap", "ti", "flashpoint", "blockout"}
# More games of those: versus, doubles and the modes beyond the one a board starts in.
MORE_GAMES = [("tap", 2, "tap-versus"), ("tap", 1, "tap-doubles"), ("tap", 2, "tap-master"),
              ("ti", 2, "ti-sakura"), ("ti", 2, "ti-shirase"), ("ti", 1, "ti-easy")]
NO_DEMO = {"tap-doubles"}  # the demo player plays a single well
ROLL_AT = {300: ROLL_FADING, 700: ROLL_INVISIBLE}  # frame: the roll every Arika player starts
ROLL_FRAMES = 240
# frame: the Sakura stage effect put on (x-ray beam, one colour); Shirase goes to level
# 1000 (bone blocks) on the first.
EFFECT_AT = {150: "xray", 500: "colour"}


def _arika_players(session: Any) -> list[Any]:
    """The Arika players in play (a board's, a versus match's or a doubles pair's)."""
    for holder in (getattr(session, "match", None), getattr(session, "pair", None), session):
        if holder is not None and hasattr(holder, "players"):
            return [p for p in holder.players if p is not None and hasattr(p, "roll_left")]
    return []


def _play(game_id: str, players: int, seed: int, rules: str | None = None,
          join_at: int | None = None):
    """(session, PlayView arguments) for each frame of a game of ``players``: player 1 is
    the cartridge's demo player where it has one (it clears lines), else random, player 2
    random, and one 90 frames in four nobody touches the panel (pieces fall by gravity
    alone). The credits and the idle side's blink change as they would on a cabinet. An
    Arika player in play is put into a fading, later an invisible, staff roll (blocks fade
    with their age, and the roll's end shows the results); before that, Sakura players get
    a stage effect and Shirase players bone blocks. At ``join_at`` player 2 joins (as a
    Start on a board makes one join)."""
    cart = CARTRIDGES[game_id]
    rules = rules or cart.rules.ids[0]
    session = new_session(rules, cart.tooling.cli_settings({}), {"main": seed}, players)
    bot = cart.presentation.demo_player if rules not in NO_DEMO else None
    demo = bot(session) if bot is not None else None
    inputs = random_inputs(seed, players=players)
    for frame in range(FRAMES):
        if session.over:
            session = new_session(rules, cart.tooling.cli_settings({}), {"main": seed + frame},
                                  players)
            demo = bot(session) if bot is not None else None
        pressed = next(inputs)
        if demo is not None:
            pressed = InputFrame(p1=next(demo).p1, p2=pressed.p2)
        session.step(pressed if frame // 90 % 4 != 3 else InputFrame())
        if frame == join_at:
            session.join(1)
        if frame in EFFECT_AT:
            for player in _arika_players(session):
                stages = getattr(player, "stages", None)
                if stages is not None:
                    player.stage_index = next(
                        n for n, stage in enumerate(stages) if EFFECT_AT[frame] in stage.effects)
                elif hasattr(player, "bone") and not player.bone:
                    player.set_level(1000)
        if frame in ROLL_AT:
            for player in _arika_players(session):
                player.roll = ROLL_AT[frame]
                player.roll_left = ROLL_FRAMES
        yield session, {"credits": frame // 200, "free_play": False, "frame": frame,
                        "sides": 2 if frame % 350 > 100 else None,
                        "top_score": None if frame < 500 else 12345}


def _draw_from_scratch(cart: Any, surface: pygame.Surface, view: PlayView) -> None:
    """The play screen drawn with a new field view, so no kept stack is reused either."""
    shared = sega_screen._view
    sega_screen._view = FieldView()
    try:
        cart.presentation.draw_play(surface, view)
    finally:
        sega_screen._view = shared


def _changed(before: bytes, after: bytes) -> set[tuple[int, int]]:
    """The (x, y) of every pixel that differs between two 320x224 RGBX pictures."""
    found: set[tuple[int, int]] = set()
    width = 320 * 4
    for y in range(224):
        row = slice(y * width, (y + 1) * width)
        if before[row] == after[row]:
            continue
        a, b = before[row], after[row]
        found.update((x, y) for x in range(320) if a[x * 4:x * 4 + 4] != b[x * 4:x * 4 + 4])
    return found


def _can_play(game_id: str, players: int) -> bool:
    cart = CARTRIDGES[game_id]
    try:
        new_session(cart.rules.ids[0], cart.tooling.cli_settings({}), {"main": 1}, players)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(("game_id", "players", "rules"), [
    *((g, p, None) for g in sorted(CARTRIDGES) for p in (1, 2) if _can_play(g, p)),
    *MORE_GAMES])
def test_kept_picture_draws_what_a_fresh_draw_does(game_id: str, players: int,
                                                   rules: str | None) -> None:
    _draws_what_a_fresh_draw_does(game_id, players, rules, demo=False)


@pytest.mark.parametrize(("game_id", "rules"), [("tap", "tap-master"), ("ti", "ti-master")])
def test_a_demo_under_its_caption_draws_what_a_fresh_draw_does(game_id: str,
                                                               rules: str) -> None:
    """As the kiosk draws an attract demo: the play screen with the kept picture, then the
    caption and credit line over it every frame (their boxes added to the damage)."""
    _draws_what_a_fresh_draw_does(game_id, 1, rules, demo=True)


def _draws_what_a_fresh_draw_does(game_id: str, players: int, rules: str | None,
                                  demo: bool) -> None:
    cart = CARTRIDGES[game_id]
    kept = KeptPicture()
    picture, fresh = new_native(), new_native()
    last = b""
    kept_frames = 0
    for session, args in _play(game_id, players, seed=7, rules=rules):
        if demo:
            args = {**args, "demo": True}
        kept.start_frame()
        cart.presentation.draw_play(picture, PlayView(session, kept=kept, **args))
        if demo:
            screens.demo_overlay(picture, args["credits"], False, args["frame"])
            for box in screens.DEMO_OVERLAY:
                kept.add(box)
        damage = kept.finish_frame()
        _draw_from_scratch(cart, fresh, PlayView(session, **args))
        if demo:
            screens.demo_overlay(fresh, args["credits"], False, args["frame"])
        now = pygame.image.tobytes(fresh, "RGBX")
        assert pygame.image.tobytes(picture, "RGBX") == now, f"frame {args['frame']}"
        if damage is not None and last:
            kept_frames += 1
            boxes = [pygame.Rect(b) for b in damage]
            outside = [p for p in _changed(last, now)
                       if not any(b.collidepoint(p) for b in boxes)]
            assert not outside, f"frame {args['frame']}: changed outside damage {outside[:5]}"
        last = now
    if cart.presentation.draw_play.__module__ == "games.sega.board" or game_id in KEPT_TOO:
        assert kept_frames > FRAMES * 0.9, kept_frames


def test_damage_is_a_small_part_of_a_2p_game() -> None:
    """Most of a 2P game's frames change a piece, a figure or nothing: the boxes to rescale
    add up to under 5% of the screen on average (about 1.2% measured)."""
    cart = CARTRIDGES["bloxeed"]
    kept = KeptPicture()
    picture = new_native()
    area = 0
    counted = 0
    for session, args in _play("bloxeed", 2, seed=11):
        kept.start_frame()
        cart.presentation.draw_play(picture, PlayView(session, kept=kept, **{**args, "sides": 2}))
        damage = kept.finish_frame()
        # A full redraw (a new layout) counts as the whole screen.
        boxes = [pygame.Rect(0, 0, 320, 224)] if damage is None else damage
        area += sum(pygame.Rect(b).w * pygame.Rect(b).h for b in boxes)
        counted += 1
    assert area / counted < 0.05 * 320 * 224


@pytest.mark.parametrize(("size", "gpu"), [
    ((960, 672), "off"), ((1920, 240), "off"), ((320, 240), "off"), ((720, 240), "off"),
    ((960, 672), "on"), ((720, 240), "on")])
def test_damaged_present_shows_what_a_whole_present_does(size: tuple[int, int], gpu: str
                                                         ) -> None:
    """The software path rescales only the damaged boxes where the scale is whole on both
    axes (else all of it); the renderer uploads only those boxes into its texture. Either
    way the screen equals a whole rescale of the picture."""
    cart = CARTRIDGES["sega88"]
    kept = KeptPicture()
    picture = new_native()
    display = Display()
    display.open(HEADLESS, size=size, fit="240p" if size[1] == 240 else "integer", gpu=gpu)
    assert display.gpu == (gpu == "on")
    try:
        box = display.picture
        for session, args in _play("sega88", 2, seed=3):
            kept.start_frame()
            cart.presentation.draw_play(picture, PlayView(session, kept=kept, **args))
            display.present(picture, kept.finish_frame())
            if args["frame"] % 50 == 49:
                shown = pygame.image.tobytes(display.shown(), "RGBX")
                display.present(picture)  # the whole picture again
                assert shown == pygame.image.tobytes(display.shown(), "RGBX"), (
                    f"frame {args['frame']}")
                if not display.gpu:
                    whole = pygame.transform.scale(picture, box.size)
                    view = display.shown().subsurface(box)
                    assert pygame.image.tobytes(view, "RGBX") == pygame.image.tobytes(
                        whole.convert(view), "RGBX"), f"frame {args['frame']}"
    finally:
        display.close()


def test_an_uncovered_window_gets_the_whole_picture_again() -> None:
    """After an expose event the next present shows all of the picture even when the kept
    picture says nothing changed (the window system may have lost what it showed)."""
    display = Display()
    display.open(HEADLESS, size=(960, 672), gpu="off")
    try:
        picture = new_native()
        picture.fill((10, 20, 30))
        display.present(picture)
        display.shown().fill((255, 255, 255))  # what a window system may leave behind
        display.present(picture, [])
        assert display.shown().get_at((480, 336))[:3] == (255, 255, 255)  # nothing redone
        display.notice(pygame.event.Event(pygame.WINDOWEXPOSED))
        display.present(picture, [])
        assert display.shown().get_at((480, 336))[:3] == (10, 20, 30)
    finally:
        display.close()


@pytest.mark.parametrize("game", [None, "tap", "ti"])
def test_the_kiosk_shows_what_a_fresh_draw_does_through_attract_and_play(
        tmp_path: Any, game: str | None) -> None:
    """A whole cabinet, frame by frame: attract mode (title, demo, rankings), coins, 2P
    games and their ends (on TAP and TGM3 also second players joining, sign-ins and the
    challenger question, one side's page changing). Every frame the kept native picture
    equals the screen drawn from scratch, and now and then the display equals a whole
    rescale of it."""
    from dataclasses import replace

    from firmware import kiosk_view
    from firmware.bench.pacing import play_script
    from firmware.kiosk import Kiosk, KioskOptions
    from firmware.machine import Screen

    idle, play = 4000, 6000  # attract mode first, then coins and 2P games
    script = [replace(e, frame=e.frame + idle) for e in play_script(play)]
    options = KioskOptions(mode="headless", inputs=script, save_dir=tmp_path, audio=False)
    cabinet = Kiosk(options if game is None else replace(options, game=game))
    fresh = new_native()
    seen: set[str] = set()
    kept_frames: dict[str, list[int]] = {}  # screen -> [frames, frames drawn by changes]
    try:
        for frame in range(idle + play):
            cabinet.frame()
            machine = cabinet.machine
            seen.add(str(machine.screen))
            counts = kept_frames.setdefault(str(machine.screen), [0, 0])
            counts[0] += 1
            counts[1] += cabinet.kept.last_damage is not None
            shared = sega_screen._view
            sega_screen._view = FieldView()
            try:
                kiosk_view.draw(machine, fresh, cabinet.checker.status)
            finally:
                sega_screen._view = shared
            assert pygame.image.tobytes(cabinet.native, "RGBX") == pygame.image.tobytes(
                fresh, "RGBX"), f"frame {frame}, {machine.screen}"
            if frame % 97 == 0:
                display = cabinet.display
                whole = pygame.transform.scale(cabinet.native, display.picture.size)
                view = display.shown().subsurface(display.picture)
                assert pygame.image.tobytes(view, "RGBX") == pygame.image.tobytes(
                    whole.convert(view), "RGBX"), f"frame {frame}, {machine.screen}"
    finally:
        cabinet.close()
    kept_screens = (Screen.TITLE, Screen.DEMO, Screen.RANKINGS, Screen.PLAY, Screen.GAME_OVER)
    assert {str(s) for s in kept_screens} <= seen, seen
    for screen in kept_screens:  # these redraw only changes
        frames, by_changes = kept_frames[str(screen)]
        assert by_changes > 0.9 * frames, (screen, kept_frames)


def _tap_page(session: Any, index: int) -> str:
    return "select" if session.players[index] is None else "play"


# Player 2 joins at a frame of a two-well view (frame % 350 > 100: see _play).
JOIN_AT = 460


@pytest.mark.parametrize(("game_id", "page_of", "areas"), [
    ("tap", _tap_page, "games.tap.screen"), ("ti", None, "games.ti.screen")])
@pytest.mark.parametrize(("players", "join_at"), [(2, None), (1, JOIN_AT)])
def test_a_side_whose_page_changes_is_redrawn_alone(game_id: str, page_of: Any, areas: str,
                                                   players: int, join_at: int | None) -> None:
    """A second player joining (an empty half to mode select, a sign-in, a game: one
    side's page changes) redraws that side, not the whole screen: the frame has damage
    boxes, each inside the side's area or clear of it (the other side's own changes), and
    none lies inside the side's box (each pixel is rescaled once)."""
    import importlib

    screen = importlib.import_module(areas)
    page_of = page_of or screen._page
    cart = CARTRIDGES[game_id]
    kept = KeptPicture()
    picture, fresh = new_native(), new_native()
    last_pages: tuple[str, ...] | None = None
    last_sides = None
    checked = 0
    joined = False
    for session, args in _play(game_id, players, seed=7, join_at=join_at):
        pages = tuple(page_of(session, i) if session.playing(i)
                      or session.players[i] is not None else "empty" for i in (0, 1))
        kept.start_frame()
        cart.presentation.draw_play(picture, PlayView(session, kept=kept, **args))
        damage = kept.finish_frame()
        _draw_from_scratch(cart, fresh, PlayView(session, **args))
        assert pygame.image.tobytes(picture, "RGBX") == pygame.image.tobytes(fresh, "RGBX")
        changed = [i for i in (0, 1) if last_pages is not None and pages[i] != last_pages[i]]
        both_shown = all(session.playing(i) or session.players[i] is not None
                         for i in (0, 1)) or args["sides"] == 2
        if len(changed) == 1 and args["sides"] == last_sides == 2 and both_shown:
            assert damage is not None, f"frame {args['frame']}: drawn whole"
            side = pygame.Rect(screen.SIDE_AREAS[changed[0]])
            # the other side's own changes stay in its half; none reaches into this one
            assert all(side.contains(box) or not side.colliderect(box) for box in damage), (
                args["frame"], pages, damage)
            # the side is rescaled once: no box of the frame lies inside the cleared side
            region = [box for box in damage if side.contains(box) and box.w * box.h
                      > 0.5 * side.w * side.h]
            assert len(region) == 1, (args["frame"], damage)
            assert not [box for box in damage
                        if box is not region[0] and region[0].contains(box)], damage
            checked += 1
            joined = joined or last_pages[changed[0]] == "empty"
        last_pages, last_sides = pages, args["sides"]
    assert checked >= 1, checked
    assert joined or join_at is None


@pytest.mark.parametrize("blocked", [False, True])
def test_the_challenge_question_redraws_its_side_not_the_screen(blocked: bool) -> None:
    """TAP's HERE COMES A NEW CHALLENGER, or NO MORE CHALLENGER, over one side of a
    two-well board: while it shows, only the sides under it are drawn again, the frames
    have damage boxes, and every frame shows what a fresh draw does, through the question,
    its answer and the frames after."""
    from games.tap.rules.modes import MASTER
    from games.tap.versus import VersusBoard

    cart = CARTRIDGES["tap"]
    board = VersusBoard(MASTER, {}, {"main": 3}, 1)
    kept = KeptPicture()
    picture, fresh = new_native(), new_native()
    inputs = random_inputs(5, players=1)
    asked = damaged = 0
    last = b""
    for frame in range(600):
        p1 = next(inputs).p1
        p2 = PlayerInput()
        if blocked:
            if frame == 100:
                p1 = PlayerInput(start=True)  # player 1 wants no more challengers
            if frame == 400:
                board.join(1)  # then player 2 starts a game of their own
        else:
            if frame == 120:
                board.join(1)  # player 2 puts in a credit and presses Start
            if 130 <= frame < 300 and frame % 20 == 0:
                p2 = PlayerInput(left=True)  # the lever toggles YES / NO
            if frame == 320:
                p2 = PlayerInput(b1=True)  # answers NO: a game of their own
        board.step(InputFrame(p1=p1, p2=p2))
        view = {"credits": 1, "free_play": False, "frame": frame, "sides": 2,
                "top_score": None}
        kept.start_frame()
        cart.presentation.draw_play(picture, PlayView(board, kept=kept, **view))
        damage = kept.finish_frame()
        _draw_from_scratch(cart, fresh, PlayView(board, **view))
        now = pygame.image.tobytes(fresh, "RGBX")
        assert pygame.image.tobytes(picture, "RGBX") == now, f"frame {frame}"
        if board.prompt != [None, None] or (blocked and board.players[1] is None
                                            and board.blocked[0]):
            asked += 1
            damaged += damage is not None
        if damage is not None and last:
            boxes = [pygame.Rect(b) for b in damage]
            outside = [p for p in _changed(last, now)
                       if not any(b.collidepoint(p) for b in boxes)]
            assert not outside, f"frame {frame}: changed outside damage {outside[:5]}"
        last = now
    assert asked > 100, asked
    assert damaged == asked, (damaged, asked)
