"""The cabinet state machine: what a real board does between power-on and game over.

``CabinetMachine.step(InputFrame)`` runs one frame (1/60 s) and returns the cues of that
frame (engine events and cabinet events such as ``coin``) for the speaker; the screen,
the coin meter, the lockout and the lamps read the machine's state.

The machine does not know the service menu: whoever builds it (the kiosk) passes
``service_mode``, which opens the test mode when TEST is pressed. The machine only steps
what it returns (``ServiceMode``), so it imports and runs without the menu or pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from dipswitch import decode_coinage, override
from engine import InputFrame
from engine.events import Event
from engine.replay import Replay
from engine.session import GameSession, Summary, signs_in
from firmware.credits import CreditBoard
from firmware.machine.coin_desk import CoinDesk, Saver
from firmware.machine.decisions import frames as decision_frames
from firmware.machine.name_entry import NameEntry
from firmware.machine.ranking_desk import RankingDesk
from firmware.machine.screens import ATTRACT, Screen
from firmware.machine.service_switch import ServiceSwitch
from firmware.machine.sign_in_desk import SignInDesk
from firmware.rankings.store import ReplayStore
from firmware.savedata import GameCounts, RankEntry, SaveData, better_records, ranks
from games.registry import CartDips, Cartridge, cartridge, new_session, stages_in_play

# The frame of a screen a Start may leave on which the next game's start-up work is done
# ahead: its second (its first draws the new screen whole).
AHEAD_FRAME = 2

log = logging.getLogger("bloxcab.machine")

COIN = "coin"
CREDIT = "credit"
START = "start"
TILT = "tilt"
_UNLIT = (False, False)  # start lamps: neither start is possible
_BOTH_LIT = (True, True)


def _frames(key: str) -> int:
    return decision_frames(key)


# The frame counts the screens are timed by, read once (frames() checks each is a count).
_NAME_ENTRY_AFTER_FRAMES = _frames("name_entry_after_frames")
_NOTICE_FRAMES = _frames("notice_frames")
_GAME_OVER_FRAMES = _frames("game_over_frames")
_TITLE_FRAMES = _frames("title_frames")
_RANKINGS_FRAMES = _frames("rankings_frames")
_DEMO_FRAMES = _frames("demo_frames")


class ServiceMode(Protocol):
    """The test mode as the machine sees it: one step a frame, True once EXIT was chosen."""

    def step(self, inputs: InputFrame) -> bool: ...


# Opens the test mode on the machine; the InputFrame is the one TEST went down in.
ServiceModeFactory = Callable[["CabinetMachine", InputFrame], ServiceMode]


def _columns(summary: Summary, columns: tuple[str, ...]) -> dict[str, int | str]:
    """A ranking row's values: the cartridge's columns, read from the player's summary."""
    return {c: summary.get(c, 0) for c in columns}


class CabinetMachine:
    def __init__(
        self,
        data: SaveData,
        saver: Saver,
        *,
        cleared: bool = False,
        demos: dict[str, Replay] | None = None,
        physical_sw1: int | None = None,
        physical_sw2: int | None = None,
        replays: ReplayStore | None = None,
        service_mode: ServiceModeFactory | None = None,
    ) -> None:
        self.data = data
        self.saver = saver
        self.demos = demos or {}
        self.physical_sw1 = physical_sw1
        self.physical_sw2 = physical_sw2
        self.notices: list[str] = []
        self.frame = 0
        self.screen = Screen.NOTICE if cleared else Screen.TITLE
        self.screen_frames = 0
        self.games_started = 0
        self.games_finished = 0
        self.game: GameSession | None = None
        self.game_id = data.selected_game
        self.versus = False
        self.demo: GameSession | None = None
        self.demo_inputs: list[int] = []
        self.demo_joins: dict[int, int] = {}
        self.ended: set[int] = set()
        self.rank_queue: list[tuple[int, str, Summary, Replay | None]] = []  # player, mode,
        # summary, the replay (sealed with the row once the initials are in)
        self.name_entry: NameEntry | None = None
        # After a 1P game over, Start again may replay the same piece sequence.
        self.same_sequence_ready = False
        self.meter_pulses: list[int] = []
        self.prev = InputFrame()
        coin_settings, notice = decode_coinage(override(data.dips[self.game_id].sw1,
                                                        physical_sw1))
        self._notice(notice)
        try:
            board = CreditBoard.from_dict(data.credit_board, coin_settings)
        except ValueError as exc:
            self._notice(f"credit state unreadable ({exc}); starting from {data.credits}")
            board = CreditBoard(coin_settings)
            board.credits = min(data.credits, board.max_credits)
        self.desk = CoinDesk(board, data, saver)
        self.rankings = RankingDesk(data, saver, replays, self._notice)
        self.sign_ins = SignInDesk()  # the kiosk sets ``wait`` when it runs unthrottled
        self.attract_cycles = 0
        self.top_play = False  # the demo now playing is the best ranked game's replay
        self.top_play_mode = ""  # ... of this mode's table
        self.service_mode = service_mode  # None: a board without a test mode ignores TEST
        self.scene_value = 0  # the value the attract scene drew (it picks what it shows)
        self.service_menu: ServiceMode | None = None
        self.test_switch = ServiceSwitch()

    # ---- views for the screen, the speaker and the outputs ---------------------------------
    @property
    def credits(self) -> int:
        return self.desk.shown_credits

    @property
    def free_play(self) -> bool:
        return self.desk.free_play

    @property
    def coin_accepting(self) -> bool:
        """Coin lockout coil energised (coins accepted)."""
        return self.desk.board.accepting

    @property
    def start_lamps(self) -> tuple[bool, bool]:
        if self.screen == Screen.PLAY:
            game = self.game
            if game is None or self.versus or not self.desk.can_start(1):
                return _UNLIT
            return (game.can_join(0), game.can_join(1))
        startable = (self.screen in ATTRACT or self.screen == Screen.NOTICE
                     or (self.screen == Screen.GAME_OVER and not self.rank_queue))
        if not startable:
            return _UNLIT
        if self.desk.board.free_play:
            return _BOTH_LIT
        credits = self.desk.shown_credits  # CoinDesk.can_start(1) and (2) in one reading
        return (credits >= 1, credits >= 2)

    @property
    def dips(self) -> CartDips:
        return self._dips(self.game_id)

    @property
    def cartridge(self) -> Cartridge:
        return cartridge(self.game_id)

    # ---- the frame -------------------------------------------------------------------------
    def step(self, inputs: InputFrame) -> list[Event]:
        self.frame += 1
        self.screen_frames += 1
        if self.screen_frames == AHEAD_FRAME and self.screen in (*ATTRACT, Screen.GAME_OVER):
            self._ahead()
        cues: list[Event] = []
        prev = self.prev
        self.prev = inputs
        desk = self.desk
        if inputs.coin1 or inputs.coin2:
            for chute, count in ((1, inputs.coin1), (2, inputs.coin2)):
                for _ in range(count):
                    desk.coin(chute)
        if desk.pending:
            self.meter_pulses = desk.update()
            cues.extend(Event(COIN, 0, chute) for chute in self.meter_pulses)
        elif self.meter_pulses:
            self.meter_pulses = []
        rankings = self.rankings
        if rankings.pending or rankings.prune_after is not None:
            rankings.update()
        in_service = self.screen == Screen.SERVICE
        # In the menu SERVICE moves the cursor (firmware/service/decisions.py).
        if inputs.service and not prev.service and not in_service and desk.service():
            cues.append(Event(CREDIT))
        if self.frame % 60 == 0:
            self._tick_power_on()
        # The TEST switch has nothing to count or reset while it is open and at rest.
        if inputs.test or self.test_switch.held_for or in_service:
            in_game = self.screen in (Screen.PLAY, Screen.NAME_ENTRY)
            if ((self.test_switch.step(inputs.test, in_game) or in_service)
                    and self._service(inputs)):
                return cues
        if inputs.tilt and not prev.tilt and self.screen in (Screen.PLAY, Screen.NAME_ENTRY):
            self._tilt(cues)
            return cues
        start = (inputs.p1.start and not prev.p1.start, inputs.p2.start and not prev.p2.start)
        screen = self.screen
        if screen == Screen.PLAY:
            self._play(inputs, start, cues)
        elif screen == Screen.NAME_ENTRY:
            self._name_entry(inputs)
        else:
            self._between_games(inputs, start, cues)
        return cues

    def _go(self, screen: Screen) -> None:
        self.screen = screen
        self.screen_frames = 0

    # ---- attract, notice and game over ------------------------------------------------------
    def _between_games(self, inputs: InputFrame, start: tuple[bool, bool],
                       cues: list[Event]) -> None:
        screen, frames = self.screen, self.screen_frames
        if screen == Screen.GAME_OVER and self.rank_queue:
            # GAME OVER first, then the initials; a Start waits until they are in.
            if frames >= _NAME_ENTRY_AFTER_FRAMES:
                self._next_name_entry(inputs)
            return
        if start[1] and self.desk.can_start(2):
            self._start_game(2, cues)
            return
        if start[0] and self.desk.can_start(1):
            self._start_game(1, cues)
            return
        if screen == Screen.NOTICE and frames >= _NOTICE_FRAMES:
            self._go(Screen.TITLE)
        elif screen == Screen.GAME_OVER and frames >= _GAME_OVER_FRAMES:
            self.same_sequence_ready = False
            self._to_attract()
        elif screen == Screen.SCENE and frames >= self._scene_frames():
            self._go(Screen.TITLE)
        elif screen == Screen.TITLE and frames >= _TITLE_FRAMES:
            self._start_demo()
        elif screen == Screen.DEMO:
            self._step_demo(cues)
        elif screen == Screen.RANKINGS and frames >= _RANKINGS_FRAMES * len(
                self.ranking_tables()):
            self.attract_cycles += 1
            self._go(Screen.TITLE)

    def ranking_tables(self) -> list[str]:
        """The modes whose tables the attract RANKING shows, one after another, in the
        cartridge's order: each table with rows (the first mode's when none has any)."""
        spec = self.cartridge.board.ranking
        tables = self.data.rankings.get(self.game_id, {})
        return [m for m in spec.modes if tables.get(m)] or [spec.modes[0]]

    def ranking_shown(self) -> str:
        """The mode whose table the RANKING screen shows now."""
        tables = self.ranking_tables()
        return tables[min(self.screen_frames // _RANKINGS_FRAMES, len(tables) - 1)]

    def _to_attract(self) -> None:
        """The game-over sequence ran through without a Start: the cartridge's attract
        scene (whose random call moves the kept seeds on), then the title."""
        cart = self.cartridge
        kept = self.data.seeds.setdefault(self.game_id, dict(cart.board.factory_seeds))
        scene = cart.presentation.attract_scene
        if scene is not None:
            self.scene_value = scene.begin(kept)
            self.saver.submit(self.data)
        self._go(Screen.TITLE if scene is None else Screen.SCENE)

    def _scene_frames(self) -> int:
        scene = self.cartridge.presentation.attract_scene
        return 0 if scene is None else scene.frames

    def _start_demo(self) -> None:
        replay = None
        self.top_play = False
        every = _frames("top_play_every")
        if self.attract_cycles % every == every - 1:  # each table's best game in turn
            tables = self.ranking_tables()
            self.top_play_mode = tables[self.attract_cycles // every % len(tables)]
            replay = self.rankings.top_replay(self.game_id, self.top_play_mode)
            self.top_play = replay is not None
        replay = replay or self.demos.get(self.game_id)
        if replay is None:
            self._go(Screen.RANKINGS)
            return
        try:
            self.demo = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
        except ValueError as exc:
            self._notice(f"demo replay of {self.game_id} unusable ({exc})")
            self.demos.pop(self.game_id, None)
            self._go(Screen.RANKINGS)
            return
        self.demo_inputs = replay.inputs
        self.demo_joins = {at: player for at, player in replay.joins}
        self._go(Screen.DEMO)

    def _step_demo(self, cues: list[Event]) -> None:
        demo = self.demo
        n = self.screen_frames
        if demo is None or n > len(self.demo_inputs) or n > _DEMO_FRAMES or demo.over:
            self.demo = None
            self._go(Screen.RANKINGS)
            return
        if n in self.demo_joins:
            demo.join(self.demo_joins[n])
        events = demo.step(InputFrame.from_bits(self.demo_inputs[n - 1]))
        if self.dips.demo_sounds:
            cues.extend(events)

    # ---- starting and playing --------------------------------------------------------------
    def _dips(self, game_id: str) -> CartDips:
        dips, notice = cartridge(game_id).board.decode_dips(
            override(self.data.dips[game_id].sw2, self.physical_sw2))
        self._notice(notice)
        return dips

    def _notice(self, notice: str | None) -> None:
        if notice and notice not in self.notices:
            self.notices.append(notice)
            log.warning("%s", notice)

    def _ahead(self) -> None:
        """What the next game's start would make from its seeds (a piece table), made in
        a quiet frame of a screen a Start may leave, not in the start's own frame."""
        game_id = self.data.selected_game
        cart = cartridge(game_id)
        kept = self.data.seeds.get(game_id, cart.board.factory_seeds)
        for same in (False, True) if cart.board.same_sequence else (False,):
            cart.rules.ahead(cart.seeds_for_start(kept, same))

    def _start_game(self, players: int, cues: list[Event]) -> None:
        if not self.desk.start(players):
            return
        game_id = self.game_id = self.data.selected_game
        cart = self.cartridge
        dips = self._dips(game_id)
        self.versus = players == 2 and dips.versus_on_two_starts
        settings = {**dips.settings, "versus": True} if self.versus else dict(dips.settings)
        if cart.board.save_section is not None:
            own = self.data.own.setdefault(game_id, cart.board.save_section.factory())
            settings.update(cart.board.save_section.settings(own))
        same = (self.screen == Screen.GAME_OVER and players == 1 and cart.board.same_sequence
                and self.same_sequence_ready)
        kept = self.data.seeds.setdefault(game_id, dict(cart.board.factory_seeds))
        seeds = cart.seeds_for_start(kept, same)
        self.game = cart.rules.new_session(cart.rules.ids[0], settings, seeds, players)
        self.sign_ins.drop()
        self.rankings.start(game_id, cart.rules.ids[0], settings, seeds, players,
                            stages_in_play(game_id))
        self._keep_seeds()
        counts = self.data.bookkeeping.games.setdefault(game_id, GameCounts())
        if players == 2:
            counts.two_player += 1
        else:
            counts.one_player += 1
        self.games_started += players
        self.ended = set()
        self.rank_queue = []
        self.demo = None
        self.saver.submit(self.data)
        cues.append(Event(START, 0, players))
        self._go(Screen.PLAY)

    def _keep_seeds(self) -> None:
        """The session's seeds go to save data (the Sega boards keep the main seed as it
        stands after the game's piece table was drawn), only under the cartridge's names."""
        assert self.game is not None
        names = self.cartridge.board.factory_seeds
        kept = self.data.seeds.setdefault(self.game_id, dict(names))
        kept.update((k, v) for k, v in self.game.seeds_out().items() if k in names)

    def _can_join(self, index: int) -> bool:
        game = self.game
        if game is None or self.versus or not self.desk.can_start(1):
            return False
        return game.can_join(index)

    def _play(self, inputs: InputFrame, start: tuple[bool, bool], cues: list[Event]) -> None:
        game = self.game
        assert game is not None
        games = self.data.bookkeeping.games
        counts = games.get(self.game_id)
        if counts is None:
            counts = games[self.game_id] = GameCounts()
        for index in (0, 1):
            if start[index] and self._can_join(index) and self.desk.start(1):
                game.join(index)
                self.rankings.join(index)
                self.ended.discard(index)
                self.games_started += 1
                counts.two_player += 1
                self.saver.submit(self.data)
                cues.append(Event(START, index, 1))
        self._answer_sign_ins(game)
        cues.extend(game.step(inputs))
        section = self.cartridge.board.save_section
        if section is not None and section.sign_in is not None and not self.versus:
            self.sign_ins.ask(game, section.sign_in,
                              self.data.own.setdefault(self.game_id, section.factory()))
        recorder = self.rankings.recorder  # records the game while it may still rank
        if recorder is not None:
            recorder.frame(inputs, game)
        counts.play_frames += 1
        for index in (0, 1):
            # A player still playing (or already counted) has no result to look at: its
            # summary is only made once its game has ended.
            if index in self.ended or game.playing(index):
                continue
            summary = game.summary(index)
            if summary is None:
                continue
            spec = self.cartridge.board.ranking
            self.ended.add(index)
            self.games_finished += 1
            if self.cartridge.board.records is not None and not self.versus:
                better_records(self.data, self.game_id, self.cartridge.board.records(game, index))
            if self.cartridge.board.save_section is not None and not self.versus:
                self._keep_own(game, index)
            if self.versus or not spec.qualifies(summary):
                continue
            mode = spec.mode(summary)
            if ranks(self.data, self.game_id, mode, _columns(summary, spec.columns)):
                self.rank_queue.append((index, mode, summary,
                                        self.rankings.replay_for(game, index)))
        if game.over:
            self._finish_game()

    def _answer_sign_ins(self, game: GameSession) -> None:
        """The board's answers due before this frame: to the session, the replay and the
        save data (the account made, salted, or its wrong PINs counted)."""
        signer = signs_in(game)
        if signer is None:
            return
        for index, initials, answer in self.sign_ins.answers(game):
            signer.sign_in(index, answer.verdict)
            self.rankings.sign_in(index, answer.verdict)
            if answer.entry is not None:
                section = self.cartridge.board.save_section
                assert section is not None
                own = self.data.own.setdefault(self.game_id, section.factory())
                own.setdefault("accounts", {})[initials] = answer.entry
                self.saver.submit(self.data)

    def _keep_own(self, game: GameSession, index: int) -> None:
        """The cartridge's own records after player ``index``'s game, and the ranking
        tables it makes from them."""
        section = self.cartridge.board.save_section
        assert section is not None
        own = self.data.own.setdefault(self.game_id, section.factory())
        own = self.data.own[self.game_id] = section.after_game(own, game, index)
        size = self.cartridge.board.ranking.size
        tables = self.data.rankings.setdefault(self.game_id, {})
        for mode, rows in section.tables(own).items():
            tables[mode] = [RankEntry(initials, dict(values)) for initials, values in rows][:size]

    def _finish_game(self) -> None:
        game = self.game
        assert game is not None
        self._keep_seeds()
        self.same_sequence_ready = True
        self.saver.submit(self.data)
        self.rank_queue.sort(key=lambda queued: queued[0])
        self.name_entry = None
        self._go(Screen.GAME_OVER)

    def _next_name_entry(self, inputs: InputFrame) -> None:
        """The next queued player's initials; after the last, the game-over sequence has
        run through (attract mode, with the cartridge's hook and scene)."""
        spec = self.cartridge.board.ranking
        while self.rank_queue and spec.initials_of(self.rank_queue[0][2]):
            _, mode, summary, replay = self.rank_queue.pop(0)
            self.rankings.enter(self.game_id, mode, RankEntry(
                spec.initials_of(summary), _columns(summary, spec.columns), None,
                self.cartridge.rules_version), replay)
        if self.rank_queue:
            index, _, summary, _ = self.rank_queue[0]
            self.name_entry = NameEntry(index, int(summary.get("score", 0)),
                                        held=inputs.player(index))
            self._go(Screen.NAME_ENTRY)
        else:
            self.name_entry = None
            self.same_sequence_ready = False
            self._to_attract()

    def _name_entry(self, inputs: InputFrame) -> None:
        entry = self.name_entry
        assert entry is not None
        entry.step(inputs.player(entry.player))
        if not entry.done:
            return
        self._enter_queued(entry.initials)
        self._next_name_entry(inputs)

    def _enter_queued(self, initials: str) -> None:
        """The first queued row goes in with ``initials``."""
        _, mode, summary, replay = self.rank_queue.pop(0)
        columns = _columns(summary, self.cartridge.board.ranking.columns)
        self.rankings.enter(self.game_id, mode, RankEntry(initials, columns, None,
                                                          self.cartridge.rules_version), replay)

    def shutdown(self, replay_wait: float) -> None:
        """The cabinet is stopping: rows whose initials are still being entered go in with
        what was entered so far (as when the timer runs out), then every row waiting for
        its replay (waiting at most ``replay_wait`` seconds). The caller commits after."""
        spec = self.cartridge.board.ranking
        while self.rank_queue:
            index, _, summary, _ = self.rank_queue[0]
            entry = self.name_entry
            shown = entry if entry is not None and entry.player == index else NameEntry(index, 0)
            self._enter_queued(spec.initials_of(summary) or shown.initials)
        self.name_entry = None
        self.rankings.settle(replay_wait)

    def _tilt(self, cues: list[Event]) -> None:
        self.rankings.drop()
        self.game = None
        self.name_entry = None
        self.rank_queue = []
        self.versus = False
        cues.append(Event(TILT))
        self.saver.submit(self.data)
        self._go(Screen.TITLE)

    # ---- the service menu (TEST) ------------------------------------------------------------
    def _service(self, inputs: InputFrame) -> bool:
        """TEST from any screen enters the menu; a game in progress is abandoned (credits
        stay). EXIT goes back to attract mode. False when there is no test mode to enter."""
        if self.service_menu is None:
            if self.service_mode is None:
                return False
            self.rankings.drop()
            self.game = self.demo = self.name_entry = None
            self.rank_queue = []
            self.versus = False
            self.saver.submit(self.data)
            self.service_menu = self.service_mode(self, inputs)
            self._go(Screen.SERVICE)
        elif self.service_menu.step(inputs):
            self.service_menu = None
            self.game_id = self.data.selected_game
            self._go(Screen.TITLE)
        return True

    def _tick_power_on(self) -> None:
        """Once a second (every 60th frame)."""
        self.data.bookkeeping.power_on_seconds += 1
        if self.frame % _frames("power_on_commit_frames") == 0:
            self.saver.submit(self.data)
