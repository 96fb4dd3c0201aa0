"""What the Sega System 16/18 cartridges share on top of the engine's Sega player loop:
building ``Game`` sessions from plain settings and seeds, decoding their SW2 byte, the
`bloxcab` figures (rules document, pieces, sim fields) and the Sega play screen."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from dipswitch.gamedips import GameBank
from engine.events import (
    ALL_CLEAR,
    GAME_OVER,
    LAND,
    LEVEL_UP,
    LINE_CLEAR,
    LOCK,
    MOVE,
    ROTATE,
    SPAWN,
)
from engine.inputs import InputFrame
from engine.pieces import LETTERS
from engine.session import GameSession, Seeds, Settings
from engine.settings import Difficulty, GameSettings
from games.cartridge import (
    CartBoard,
    CartDips,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    CliOption,
    PlayView,
    RankingSpec,
)
from games.sega.decisions import BOARD_DECISIONS, ENGINE_DECISIONS
from games.sega.game import Game
from games.sega.rules import Rules

# Event kinds of the common Sega loop and the effect each one plays.
SEGA_EVENTS = frozenset({SPAWN, MOVE, ROTATE, LAND, LOCK, LINE_CLEAR, ALL_CLEAR, LEVEL_UP,
                         GAME_OVER})
SEGA_SOUNDS: dict[str, str] = {
    MOVE: "move", ROTATE: "rotate", LOCK: "lock", LINE_CLEAR: "clear", ALL_CLEAR: "all_clear",
    LEVEL_UP: "level_up", GAME_OVER: "game_over",
}
SEGA_SILENT = frozenset(ENGINE_DECISIONS["quiet_events"].value)


def game_settings(settings: Settings) -> GameSettings:
    """Settings from their plain form; ValueError (one line) for a bad value."""
    if not isinstance(settings, Mapping):
        raise ValueError("settings must be a mapping")
    try:
        return GameSettings.from_dict(dict(settings))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad settings: {exc}") from None


def session_factory(rules: Rules) -> Callable[[str, Settings, Seeds, int], GameSession]:
    """Sessions of ``rules``: seed ``main`` is the board's main seed; ``piece``, when given
    and the rules can replay a kept piece sequence, replays it."""

    def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int) -> Game:
        if rules_id != rules.id:
            raise ValueError(f"this cartridge plays {rules.id!r}, not {rules_id!r}")
        piece = seeds.get("piece") if rules.deal_with_piece_seed is not None else None
        return Game(rules, game_settings(settings), int(seeds.get("main", 0)), players,
                    piece_seed=piece)

    return new_session


def dips_decoder(bank: GameBank) -> Callable[[int], tuple[CartDips, str | None]]:
    def decode(byte: int) -> tuple[CartDips, str | None]:
        dips, notice = bank.decode(byte)
        return CartDips(dips.settings.to_dict(), dips.demo_sounds, dips.allow_vs), notice

    return decode


# The Sega boards' DIPs as `bloxcab sim` options (a cartridge lists those its board has).
LINES_PER_LEVEL = CliOption("lines-per-level", "Lines per level DIP, by default the rules' own",
                            int, (2, 3, 4))
HIGH_SPEED = CliOption("high-speed", "High Speed Mode DIP", str, ("on", "off"), "on")


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """`bloxcab sim` options (difficulty, lines per level, high speed, versus) as settings."""
    return GameSettings(
        difficulty=Difficulty.parse(str(options.get("difficulty") or "normal")),
        lines_per_level=options.get("lines_per_level"),
        high_speed=(options.get("high_speed") or "on") != "off",
        versus=bool(options.get("versus")),
    ).to_dict()


def pieces_of(rules: Rules) -> Callable[[str, int, int, Mapping[str, Any]], str]:
    def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
        source = Game(rules, seed=seed).deal.source(0)
        return "".join(LETTERS[source.next()] for _ in range(count))

    return pieces


def rules_document_of(
    rules: Rules, more_decisions: Mapping[str, object] | None = None,
) -> Callable[[str], dict[str, object]]:
    """``more_decisions``: the cartridge's own (e.g. its DIP bank's) beside the rules'."""
    def document(rules_id: str) -> dict[str, object]:
        factory = GameSettings()
        delays = rules.delays(factory)
        gravity = {
            d.label: [
                {"level": level, "frames_per_row": g.frames, "rows": g.rows}
                for level in range(100)
                for g in [rules.gravity(level, GameSettings(difficulty=d))]
            ]
            for d in Difficulty
        }
        return {
            "rules": rules.id,
            "title": rules.title,
            "delays": {
                "das": delays.das,
                "are": delays.are,
                "lock_delay": delays.lock,
                "line_clear_delay": delays.line_clear,
                "garbage_delay": delays.garbage,
                "soft_drop": "1G (not while gravity is 1G or faster)",
            },
            "lines_per_level": rules.default_lines_per_level,
            "gravity": gravity,
            **rules.tables(),
            "decisions": {**rules.decisions, **BOARD_DECISIONS, **(more_decisions or {})},
        }

    return document


def sim_fields(session: GameSession) -> dict[str, object]:
    """Player 1's extras summary (garbage rows, power blocks...) for `bloxcab sim`."""
    assert isinstance(session, Game)
    summary = getattr(session.player(0).extras, "summary", None)
    return dict(summary()) if callable(summary) else {}


def demo_player(session: GameSession) -> Iterator[InputFrame]:
    from games.sega.demo import demo_inputs

    assert isinstance(session, Game)
    return demo_inputs(session)


@functools.cache
def _screens() -> Any:
    """The family's play screen (games.sega.screen), imported on the first frame drawn (the
    machine runs without pygame) and then kept: an import statement costs on every frame."""
    from games.sega import screen

    return screen


def draw_play_with(
    extras_of: Callable[[Any], Any] | None = None,
) -> Callable[[Any, PlayView], None]:
    """The Sega play screen: one or two wells; ``extras_of(player)`` gives a player's
    ``FieldExtras`` (meter, character, power-block marks) or None."""

    def draw(surface: Any, view: PlayView) -> None:
        screen = _screens()
        game = view.session
        assert isinstance(game, Game)
        players = game.players
        extras = [extras_of(p) if extras_of is not None and p is not None else None
                  for p in players]
        sides = view.sides
        if sides is None and not view.demo:
            sides = 2 if game.versus is not None or players[1] is not None else None
        kept = view.kept
        top = top_shown(view.top_score, players)
        if kept is not None and kept.unchanged((
                [_shown(p) for p in players], extras, view.credits, view.free_play,
                screen.blink_on(view.frame), sides, top)):
            return
        screen.game(surface, players, extras, view.credits, view.free_play, view.frame,
                    sides=sides, top_score=top, kept=kept)

    return draw


def top_shown(table_top: int | None, players: Sequence[Any]) -> int | None:
    """TOP: the table's best score until a player's passes it, then that player's."""
    if table_top is None:
        return None
    return max([table_top, *(int(p.score) for p in players if p is not None)])


def _shown(player: Any) -> tuple[Any, ...] | None:
    """What the play screen shows of a Sega player (the piece by its place, not its cells).
    It holds the player and field themselves, whose ids a new game could reuse."""
    if player is None:
        return None
    field = player.field
    phase = player.phase
    return (player, field, field.version, phase, player.phase_left if phase == "clear" else -1,
            player.kind, player.state, player.x, player.y, player.next_kind, player.score,
            player.level, player.lines)


def score_table(rows: Iterable[tuple[str, int, int, int]]) -> RankingSpec:
    """A Sega score table (score, lines, level) with its factory rows."""
    return RankingSpec(factory_rows=tuple(
        (initials, {"score": score, "lines": lines, "level": level})
        for initials, score, lines, level in rows))


def _nothing_ahead(seeds: Seeds) -> None:
    """A game whose start has nothing to make ahead (Bloxeed draws its pieces as it goes)."""


def sega_cartridge(rules: Rules, bank: GameBank, *, title: str, short: str,
                   board: Mapping[str, Any] | None = None,
                   presentation: Mapping[str, Any] | None = None,
                   tooling: Mapping[str, Any] | None = None,
                   events: frozenset[str] = SEGA_EVENTS,
                   document: Callable[[str], dict[str, object]] | None = None,
                   ahead: Callable[[Seeds], None] | None = None) -> Cartridge:
    """A cartridge on the common Sega loop: everything a Sega game shares comes from here;
    ``board``, ``presentation`` and ``tooling`` give its own fields of each part (seeds,
    rankings, screen extras, sounds, demos, CLI options...)."""
    return Cartridge(
        id=rules.id,
        title=title,
        short=short,
        rules=CartRules(
            ids=(rules.id,),
            version=rules.rules_version,
            new_session=session_factory(rules),
            events=events,
            document=document or rules_document_of(rules),
            ahead=ahead if ahead is not None else _nothing_ahead,
        ),
        board=CartBoard(dip_bank=bank.bank, decode_dips=dips_decoder(bank), **(board or {})),
        presentation=CartPresentation(**{
            "draw_play": draw_play_with(None),
            "sounds": SEGA_SOUNDS,
            "silent": SEGA_SILENT,
            "demo_player": demo_player,
            **(presentation or {}),
        }),
        tooling=CartTooling(**{
            "cli_options": (LINES_PER_LEVEL,),
            "cli_settings": cli_settings,
            "pieces": pieces_of(rules),
            "sim_fields": sim_fields,
            **(tooling or {}),
        }),
    )
