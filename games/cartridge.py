"""What a cartridge is: everything game-specific the board needs, behind one seam.

The board (firmware/, cabinet/, dipswitch/) knows games only as ``Cartridge`` values from
``games.registry``. A cartridge's game is a ``GameSession`` (engine/session.py); the rest
of this record says how the board sets it up (DIP bank, seeds), keeps its results (ranking
columns), draws it (``draw_play``), voices it (``sounds``) and demonstrates it (demos).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dipswitch.bank import DipBank
from engine.inputs import InputFrame
from engine.session import GameSession, Seeds, Settings, Summary

RankValue = int | str


def score_key(row: Mapping[str, RankValue]) -> tuple[int, ...]:
    """Rank by score, highest first (the Sega boards' rule)."""
    return (int(row["score"]),)


def scored(summary: Summary) -> bool:
    """A game enters a score table only with points (a 0 never ranks)."""
    return int(summary.get("score", 0)) > 0


@dataclass(frozen=True)
class RankingSpec:
    """The cartridge's ranking tables: one per mode, ``size`` rows, each row the initials
    plus ``columns`` taken from the player's summary. ``key`` orders rows (higher first;
    an equal key ranks below the rows already there)."""

    modes: tuple[str, ...] = ("normal",)
    columns: tuple[str, ...] = ("score", "lines", "level")
    size: int = 10
    key: Callable[[Mapping[str, RankValue]], tuple[int, ...]] = score_key
    qualifies: Callable[[Summary], bool] = scored
    # The mode a finished game ranks in (from its summary); the first mode by default.
    mode_of: Callable[[Summary], str] | None = None
    # Factory rows of each table: (initials, {column: value}), best first.
    factory_rows: tuple[tuple[str, Mapping[str, RankValue]], ...] = ()
    # The initials a result already carries (a player who signed in to an account): its
    # row goes in without the name entry. "" asks for initials as usual.
    initials_of: Callable[[Summary], str] = lambda summary: ""

    def mode(self, summary: Summary) -> str:
        return self.mode_of(summary) if self.mode_of is not None else self.modes[0]


@dataclass(frozen=True)
class CartDips:
    """What the cartridge's SW2 byte sets for the board and the game."""

    settings: Mapping[str, Any]  # handed to new_session
    demo_sounds: bool = True
    versus_on_two_starts: bool = False  # a 2P start plays a versus match


@dataclass(frozen=True)
class PlayView:
    """What the play screen is drawn from (read-only)."""

    session: GameSession
    credits: int
    free_play: bool
    frame: int
    sides: int | None = None  # 1 or 2 fields; None: the cartridge decides
    top_score: int | None = None
    demo: bool = False
    # The picture kept from the last frame (cabinet.video.kept.KeptPicture): a cartridge
    # that draws with it redraws only what changed; one that ignores it draws everything.
    kept: Any = None


DrawPlay = Callable[[Any, PlayView], None]  # (pygame surface, view)


def play_screen(load: Callable[[], DrawPlay]) -> DrawPlay:
    """A cartridge's ``draw_play``: the one ``load()`` gives (it imports the screen module),
    called when the first frame is drawn. A screen module imports pygame and cabinet.video
    at its top, and the machine loads cartridges without pygame; later frames call it
    straight, with no import statement on the way (one costs about 2 us a frame, more when
    the kiosk is paced)."""
    screen: list[DrawPlay] = []

    def draw_play(surface: Any, view: PlayView) -> None:
        if not screen:
            screen.append(load())
        screen[0](surface, view)

    return draw_play


@dataclass(frozen=True)
class AttractScene:
    """A short scene of the cartridge's own design that the board plays when a game over
    runs through to attract mode without a Start press (a Start during it begins a game).

    ``begin(kept seeds)`` makes the board's random call(s) for the scene, updating the
    kept seeds in place, and returns the value drawn, which picks what the scene shows;
    ``draw(surface, value, frame in the scene, credits, free play)`` draws one frame."""

    frames: int
    begin: Callable[[dict[str, int]], int]
    draw: Callable[[Any, int, int, int, bool], None]


def _no_tables(own: Mapping[str, Any]) -> Mapping[str, list[tuple[str, dict[str, RankValue]]]]:
    return {}


@dataclass(frozen=True)
class SaveSection:
    """The cartridge's own part of its save data section (``games.<id>.own`` in the file):
    player records that outlive a game (accounts, their grade histories).

    ``factory()`` is the value a new machine keeps; ``load(value read)`` checks what the
    file held and returns the value to keep (ValueError, one line, if bad). A new session's
    settings take ``settings(kept)`` on top of the DIP settings (so a replay's header holds
    them too). After each player's game (not versus) the board keeps
    ``after_game(kept, session, player index)``, then replaces each ranking table that
    ``tables(kept)`` gives ({mode: [(initials, columns)]}: tables made from the records,
    such as a ranking of accounts)."""

    factory: Callable[[], dict[str, Any]]
    load: Callable[[Any], dict[str, Any]]
    settings: Callable[[Mapping[str, Any]], dict[str, Any]]
    after_game: Callable[[Mapping[str, Any], GameSession, int], dict[str, Any]]
    tables: Callable[[Mapping[str, Any]],
                     Mapping[str, list[tuple[str, dict[str, RankValue]]]]] = _no_tables


@dataclass(frozen=True)
class Cartridge:
    id: str
    title: str  # the service menu's name, e.g. "TETRIS (SEGA 1988)"
    short: str  # one word for tight rows (bookkeeping)
    rules_ids: tuple[str, ...]  # rule sets it plays (`bloxcab sim --rules`); first is the board's
    # Its rules version (the RULES_VERSION of its rules; every session it makes has it):
    # replays and ranking rows carry it, and only rows of this version re-simulate.
    rules_version: int
    # (rules id, settings, seeds, players) -> a fresh session.
    new_session: Callable[[str, Settings, Seeds, int], GameSession]
    dip_bank: DipBank  # SW2
    decode_dips: Callable[[int], tuple[CartDips, str | None]]  # SW2 byte -> dips, notice
    draw_play: Callable[[Any, PlayView], None]  # (pygame surface, view)
    factory_seeds: Mapping[str, int] = field(default_factory=lambda: {"main": 0})
    ranking: RankingSpec = field(default_factory=RankingSpec)
    # The seeds a new game starts from, given the kept ones (None: all kept seeds).
    start_seeds: Callable[[Mapping[str, int], bool], dict[str, int]] | None = None
    # After a 1P game over, Start again replays the same piece sequence (Bloxeed).
    same_sequence: bool = False
    # What a game over that plays through to attract mode does to the kept seeds.
    on_attract: Callable[[dict[str, int]], None] | None = None
    # The scene played then, after on_attract (None: straight to the title).
    attract_scene: AttractScene | None = None
    # A folder of *.rpl replays of real engine play for attract mode, named under games/
    # ("sega88/demos"; the board lists it: firmware/game_files.py).
    demo_dir: str | None = None
    sounds: Mapping[str, str] = field(default_factory=dict)  # event kind -> sound name
    silent: frozenset[str] = frozenset()  # event kinds that make no sound, on purpose
    events: frozenset[str] = frozenset()  # every event kind its sessions can emit
    refresh_hz: float = 60.0  # the original board's frame rate
    # `bloxcab rules R --json`: tables and decisions of a rules id.
    rules_document: Callable[[str], dict[str, object]] = lambda rules_id: {}
    # `bloxcab pieces`: (rules id, seed, count) -> the first pieces as text.
    pieces: Callable[[str, int, int], str] | None = None
    # `bloxcab pieces --round N`: (rules id, seed, count, round) for games with rounds.
    pieces_in_round: Callable[[str, int, int, int], str] | None = None
    # `bloxcab sim`: extra JSON fields of a session, and the settings from CLI options.
    sim_fields: Callable[[GameSession], dict[str, object]] = lambda session: {}
    cli_settings: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda options: {}
    # `bloxcab bench --cart-render`: a busy session to draw (players 1 or 2), if the game
    # sets its own render target.
    bench_session: Callable[[int], GameSession] | None = None
    # The attract-mode demo player: closed-loop inputs for player 1 of a session.
    demo_player: Callable[[GameSession], Iterator[InputFrame]] | None = None
    # Records a player's finished game may better, lower is better (Flash Point: the best
    # clear time of each stage): (session, player index) -> {name: value}. Save data keeps
    # the best value of each name per game.
    records: Callable[[GameSession, int], Mapping[str, int]] | None = None
    # cabinet.toml [games.<id>]: the option names the cartridge takes (text values), and
    # what applies them at start-up: options -> one line per problem (shown as notices).
    options: tuple[str, ...] = ()
    configure: Callable[[Mapping[str, str]], list[str]] | None = None
    # v2 save data kept seeds as "<game>_<name>": v2 key -> this cartridge's seed name.
    legacy_seeds: Mapping[str, str] = field(default_factory=dict)
    # The cartridge's own save data (accounts...), if it keeps any.
    save_section: SaveSection | None = None

    def seeds_for_start(self, kept: Mapping[str, int], same_sequence: bool) -> dict[str, int]:
        if self.start_seeds is not None:
            return self.start_seeds(kept, same_sequence)
        return dict(kept)
