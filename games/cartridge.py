"""What a cartridge is: everything game-specific the board needs, behind one seam.

The board (firmware/, cabinet/, dipswitch/) knows games only as ``Cartridge`` values from
``games.registry``. A cartridge's game is a ``GameSession`` (engine/session.py); the rest
of this record, in four parts, says what rules it plays (``CartRules``), how the board sets it
up and keeps its results (``CartBoard``: DIP bank, seeds, rankings, save data), how it looks
and sounds (``CartPresentation``: play screen, sounds, demos) and what the `bloxcab` tools ask
of it (``CartTooling``: CLI options, pieces, sim fields).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from dipswitch.bank import DipBank
from engine.inputs import InputFrame
from engine.replay import Replay
from engine.session import GameSession, Seeds, Settings, Summary
from engine.sound import Recipe

if TYPE_CHECKING:
    from games.stage_files import StageSet

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
    # Each mode's name on the attract RANKING screen: (mode, name); unnamed: the id.
    mode_titles: tuple[tuple[str, str], ...] = ()
    # A column a mode fills with something else: (mode, column, name), shown and listed
    # under that name (TGM3 Easy's fireworks in the grade column).
    renamed: tuple[tuple[str, str, str], ...] = ()
    # Columns kept only to order the rows: never shown nor listed (TGM3's ``order``).
    hidden: tuple[str, ...] = ()

    def mode(self, summary: Summary) -> str:
        return self.mode_of(summary) if self.mode_of is not None else self.modes[0]

    def title_of(self, mode: str) -> str:
        return dict(self.mode_titles).get(mode, mode.upper())

    def shown(self, mode: str) -> list[tuple[str, str]]:
        """(column, name shown) of the mode's table, in column order, hidden ones left out."""
        names = {column: name for m, column, name in self.renamed if m == mode}
        return [(c, names.get(c, c)) for c in self.columns if c not in self.hidden]


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


class _LazyScreen:
    """A screen whose module is imported on its first call, or by ``load()``."""

    __slots__ = ("_load", "_screen")

    def __init__(self, load: Callable[[], Callable[..., None]]) -> None:
        self._load = load
        self._screen: Callable[..., None] | None = None

    def load(self) -> Callable[..., None]:
        if self._screen is None:
            self._screen = self._load()
        return self._screen

    def __call__(self, *args: Any) -> None:
        screen = self._screen
        if screen is None:
            screen = self.load()
        screen(*args)


def play_screen(load: Callable[[], DrawPlay]) -> DrawPlay:
    """A cartridge's ``draw_play``: the one ``load()`` gives (it imports the screen module),
    loaded by ``load_screen`` before the kiosk's first frame (an import compiles and runs a
    module: tens of milliseconds in the frame that needed it), else when the first frame is
    drawn. A screen module imports pygame and cabinet.video at its top, and the machine
    loads cartridges without pygame; later frames call it straight, with no import
    statement on the way (one costs about 2 us a frame, more when the kiosk is paced)."""
    return _LazyScreen(load)


def load_screen(screen: Callable[..., None] | None) -> None:
    """Import a cartridge's play or title screen now (a no-op for one that is not lazy)."""
    if isinstance(screen, _LazyScreen):
        screen.load()


# The attract title: (pygame surface, frame counter, credits, free play). It draws the
# whole 320x224 picture, the start prompt and the credit line included.
DrawTitle = Callable[[Any, int, int, bool], None]


def title_screen(load: Callable[[], DrawTitle]) -> DrawTitle:
    """A cartridge's ``draw_title``: the one ``load()`` gives (it imports the cartridge's
    screen or scene module), loaded before the kiosk's first frame as ``play_screen``."""
    return _LazyScreen(load)


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
    such as a ranking of accounts).

    ``sign_in``: see below."""

    factory: Callable[[], dict[str, Any]]
    load: Callable[[Any], dict[str, Any]]
    settings: Callable[[Mapping[str, Any]], dict[str, Any]]
    after_game: Callable[[Mapping[str, Any], GameSession, int], dict[str, Any]]
    tables: Callable[[Mapping[str, Any]],
                     Mapping[str, list[tuple[str, dict[str, RankValue]]]]] = _no_tables
    # ``sign_in(kept, initials, secret, salt)``: the board's answer to a session's sign-in
    # request (engine/session.py SignsIn), slow on purpose, so the board runs it on a
    # worker; its ``verdict``, ``entry`` (the kept record to store, or None) and ``hold``
    # (frames to wait before answering). None: the game has no sign-in.
    sign_in: Callable[[Mapping[str, Any], str, str, bytes], Any] | None = None


OptionType = type[int] | type[str]
OptionValue = int | str


@dataclass(frozen=True)
class CliOption:
    """A `bloxcab sim`/`bloxcab pieces` option of the cartridge's own: ``--name`` takes one
    value (``type``, one of ``choices`` when given), handed to ``cli_settings`` under
    ``dest`` (the name with underscores), or ``default`` when not given. Two cartridges
    may declare the same option only alike (the CLI takes the union)."""

    name: str  # without the dashes: "round" is --round
    help: str
    type: OptionType = int
    choices: tuple[OptionValue, ...] | None = None
    default: OptionValue | None = None

    @property
    def flag(self) -> str:
        return f"--{self.name}"

    @property
    def dest(self) -> str:
        return self.name.replace("-", "_")


def cli_options_of(carts: Iterable[Cartridge]) -> dict[str, tuple[CliOption, tuple[str, ...]]]:
    """Every cartridge's CLI options by name, each with the ids of the cartridges that
    declare it; ValueError (one line) when two declare one name differently."""
    union: dict[str, tuple[CliOption, tuple[str, ...]]] = {}
    for cart in carts:
        for option in cart.tooling.cli_options:
            known = union.get(option.name)
            if known is None:
                union[option.name] = (option, (cart.id,))
            elif known[0] != option:
                raise ValueError(f"cartridges {known[1][0]!r} and {cart.id!r} declare "
                                 f"{option.flag} differently")
            else:
                union[option.name] = (option, (*known[1], cart.id))
    return union


def recipes_of(carts: Iterable[Cartridge]) -> dict[str, Recipe]:
    """Every cartridge's own sound recipes by name; ValueError (one line) when two
    cartridges give one name different recipes."""
    union: dict[str, Recipe] = {}
    owner: dict[str, str] = {}
    for cart in carts:
        for name, recipe in cart.presentation.recipes.items():
            if name in union and union[name] != recipe:
                raise ValueError(f"cartridges {owner[name]!r} and {cart.id!r} give the "
                                 f"sound {name!r} different recipes")
            union[name] = recipe
            owner.setdefault(name, cart.id)
    return union


@dataclass(frozen=True)
class CartRules:
    """The game itself: the rule sets it plays and the sessions that play them."""

    ids: tuple[str, ...]  # rule sets it plays (`bloxcab sim --rules`); the first is the board's
    # Its rules version (the RULES_VERSION of its rules; every session it makes has it):
    # replays and ranking rows carry it, and only rows of this version re-simulate.
    version: int
    # (rules id, settings, seeds, players) -> a fresh session.
    new_session: Callable[[str, Settings, Seeds, int], GameSession]
    events: frozenset[str] = frozenset()  # every event kind its sessions can emit
    # `bloxcab rules R --json`: tables and decisions of a rules id.
    document: Callable[[str], dict[str, object]] = lambda rules_id: {}
    # Its stage set when an operator's stage file may replace the built-in one (Flash
    # Point, Sakura): a ranked replay carries the file it was played on.
    stages: StageSet[Any] | None = None
    # Makes what its sessions' rules share (speed tables by level) once, before the
    # kiosk's first frame, rather than in the frame of the first game that needs them.
    # Only caches of pure functions: a session made after it plays the same.
    warm: Callable[[], None] = lambda: None
    # The seeds the next game will start from, known before its Start (on the title, the
    # game-over screen): makes in such a frame, with time to spare, what that start would
    # make (Tetris's 1000-piece table). Only caches of pure functions, as ``warm``.
    ahead: Callable[[Seeds], None] = lambda seeds: None


@dataclass(frozen=True)
class CartBoard:
    """What the board keeps and sets up for the game: SW2, seeds, rankings, records,
    cabinet.toml options and save data."""

    dip_bank: DipBank  # SW2
    decode_dips: Callable[[int], tuple[CartDips, str | None]]  # SW2 byte -> dips, notice
    factory_seeds: Mapping[str, int] = field(default_factory=lambda: {"main": 0})
    # The seeds a new game starts from, given the kept ones (None: all kept seeds).
    start_seeds: Callable[[Mapping[str, int], bool], dict[str, int]] | None = None
    # After a 1P game over, Start again replays the same piece sequence (Bloxeed).
    same_sequence: bool = False
    ranking: RankingSpec = field(default_factory=RankingSpec)
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


@dataclass(frozen=True)
class CartPresentation:
    """How the game looks and sounds: its play screen, frame rate, sounds, demos,
    attract scene and title."""

    draw_play: DrawPlay  # (pygame surface, view)
    refresh_hz: float = 60.0  # the original board's frame rate
    sounds: Mapping[str, str] = field(default_factory=dict)  # event kind -> sound name
    silent: frozenset[str] = frozenset()  # event kinds that make no sound, on purpose
    # The cartridge's own sounds (name -> recipe), added to the cabinet's shared palette
    # (cabinet/audio/synth.py); ``sounds`` may name them. Prefix names with the game id.
    recipes: Mapping[str, Recipe] = field(default_factory=dict)
    # A folder of *.rpl replays of real engine play for attract mode, named under games/
    # ("sega88/demos"; the board lists it: firmware/game_files.py).
    demo_dir: str | None = None
    # The attract-mode demo player: closed-loop inputs for player 1 of a session.
    demo_player: Callable[[GameSession], Iterator[InputFrame]] | None = None
    # The scene a game over that plays through to attract mode shows (None: the title).
    attract_scene: AttractScene | None = None
    # The game's own attract title, our own lettering and art (None: the cabinet's BLOXCAB
    # title). Name it ``title_screen(load)``; it may change only when the start prompt
    # blinks (the kiosk redraws it then).
    draw_title: DrawTitle | None = None


@dataclass(frozen=True)
class Solved:
    """One stage through a cartridge's solver: its solution as a line of the solutions
    file (None: nothing to keep), the line to print, and whether the real session, playing
    the solution, cleared the stage."""

    text: str | None
    line: str
    cleared: bool


@dataclass(frozen=True)
class StageSolver:
    """`python -m tools.solve`: a game whose stages a search solves and the real session
    plays (the solutions file is the proof its tests replay)."""

    stages: StageSet[Any]  # builtin() and read(path)
    solutions_file: str  # named under games/
    # (stages, the stage's number, seed, beam width or None for the solver's own) -> Solved
    solve: Callable[[Sequence[Any], int, int, int | None], Solved]
    header: Callable[[int], str]  # the solutions file's first line, for a seed
    # the kept solutions' measured difficulty, from the stages and the file's text
    report: Callable[[Sequence[Any], str], list[str]] | None = None


class ShotCabinet(Protocol):
    """A fresh headless cabinet of the game, lent by ``python -m tools.shots`` to the
    cartridge's screenshot script: the real state machine, stepped a frame at a time."""

    @property
    def game(self) -> GameSession | None: ...  # the session in play
    @property
    def frame(self) -> int: ...
    @property
    def screen(self) -> str: ...  # "title", "demo", "rankings", "play", "game_over", ...
    @property
    def screen_frames(self) -> int: ...  # frames since the screen began
    @property
    def credits(self) -> int: ...

    def step(self, frame: InputFrame) -> None: ...
    def coin(self, coins: int = 1) -> None: ...  # coins in chute 1, each a credit when saved
    def title(self) -> None: ...  # the attract cycle again from its title
    def until(self, done: Callable[[], bool], inputs: Iterator[InputFrame] | None = None,
              limit: int = 60_000) -> None: ...  # step (no input) until done, or fail
    def shot(self, name: str) -> None: ...  # the cabinet's screen drawn whole, saved


class ShotDesk(Protocol):
    """What ``python -m tools.shots`` lends a cartridge's screenshot script."""

    def cabinet(self) -> ShotCabinet: ...  # a fresh one; the one before is closed
    def take(self, name: str, draw: Callable[[Any], None]) -> None: ...  # any drawing


@dataclass(frozen=True)
class CartTooling:
    """What the `bloxcab` tools ask of the game (the cabinet never does)."""

    # `bloxcab sim` and `bloxcab pieces`: the cartridge's own options, and the settings
    # made from every option's value (missing ones: the factory settings).
    cli_options: tuple[CliOption, ...] = ()
    cli_settings: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda options: {}
    # `bloxcab pieces`: (rules id, seed, count, settings from cli_settings) -> the first
    # pieces as text.
    pieces: Callable[[str, int, int, Mapping[str, Any]], str] | None = None
    # `bloxcab sim`: extra JSON fields of a session.
    sim_fields: Callable[[GameSession], dict[str, object]] = lambda session: {}
    # `bloxcab bench --cart-render`: a busy session to draw (players 1 or 2), if the game
    # sets its own render target.
    bench_session: Callable[[int], GameSession] | None = None
    # `python -m tools.record_demo`: the attract demos a bot records, by name.
    demos: Mapping[str, Callable[[], Replay]] = field(default_factory=dict)
    # The screen gallery (tools/gallery.py, for tests and benches): scenes of the game's
    # play screen by name, from busy games whose inputs ``inputs(seed, players)`` gives
    # (made when asked; randomness stays with the tool).
    gallery: Callable[[Callable[[int, int], Iterator[InputFrame]]],
                      Mapping[str, Callable[[Any], None]]] | None = None
    # `python -m tools.solve`: the stages' solver, if the game has stages to solve (made
    # when asked: the kiosk never imports the search).
    solver: Callable[[], StageSolver] | None = None
    # `python -m tools.shots`: the game's own screenshots for the docs, taken through the
    # desk (file names under docs/screens/).
    shots: Callable[[ShotDesk], None] | None = None


@dataclass(frozen=True)
class Cartridge:
    id: str
    title: str  # the service menu's name, e.g. "TETRIS (SEGA 1988)"
    short: str  # one word for tight rows (bookkeeping)
    rules: CartRules
    board: CartBoard
    presentation: CartPresentation
    tooling: CartTooling = field(default_factory=CartTooling)

    @property
    def rules_version(self) -> int:
        return self.rules.version

    def seeds_for_start(self, kept: Mapping[str, int], same_sequence: bool) -> dict[str, int]:
        return self.board.seeds_for_start(kept, same_sequence)
