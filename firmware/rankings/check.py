"""Proving a ranking row: re-simulate its replay and compare the result with the row.

A replay re-simulates only under the rules version it was played under, and this build
plays each cartridge's current version alone: a row played under an older version of its
game is OLDER_RULES (listed as "RULES v1"), neither proven nor failed, and keeps its place;
a row claiming a version newer than this build knows fails.

A row is bound to its replay: the replay's id is the digest of its text, and a replay
recorded since rows were sealed (firmware/rankings/recorder.py ``seal``) names the row's
initials and table, so a row whose initials, table, figures or rules version differ from
its replay fails, and so does a second row naming the same replay. A replay played on an
operator's stage file carries that file and re-simulates on it."""

from __future__ import annotations

from dataclasses import dataclass

from engine.replay import Replay, ReplayError, verify
from firmware.rankings.recorder import replay_id
from firmware.rankings.store import ReplayStore
from firmware.savedata import RankEntry, SaveData
from games.registry import CARTRIDGES, cartridge, new_session, playing_stages, stages_in_play

VERIFIED = "verified"
FAILED = "failed"  # the replay does not give this row: tampered, damaged or foreign
UNRECORDED = "unrecorded"  # the row was kept without a replay (the store could not write)
FACTORY = "factory"  # one of the cartridge's factory rows (no game was played for it)
MISSING = "missing"  # the row names a replay the store does not have
DERIVED = "derived"  # a row of a table the cartridge makes from its own records (accounts)
OLDER_RULES = "older rules"  # played under an older rules version of its game than this build's


@dataclass(frozen=True)
class RowCheck:
    game: str
    mode: str
    rank: int
    initials: str
    values: dict[str, int | str]
    replay_id: str | None
    status: str
    reason: str = ""
    rules_version: int = 1  # the game's rules version the row was played under

    @property
    def shown(self) -> str:
        """The status as listed: VERIFIED, FAILED..., RULES v1 for a row of older rules."""
        if self.status == OLDER_RULES:
            return f"RULES v{self.rules_version}"
        return self.status.upper()

    def figures(self) -> dict[str, int | str]:
        """The row's figures as the table shows them: a column renamed for its mode under
        its name (TGM3 Easy's fireworks), those kept only to order rows left out."""
        shown = cartridge(self.game).board.ranking.shown(self.mode)
        return {name: self.values[c] for c, name in shown if c in self.values}

    def line(self) -> str:
        figures = " ".join(f"{k}={v}" for k, v in self.figures().items())
        why = f" ({self.reason})" if self.reason else ""
        return (f"{self.game} {self.mode} #{self.rank} {self.initials} {figures} "
                f"rules v{self.rules_version}: {self.shown}{why}")


def is_factory_row(game: str, entry: RankEntry) -> bool:
    """The row is one of the cartridge's factory rows, as shipped (initials and figures)."""
    rows = cartridge(game).board.ranking.factory_rows
    return entry.replay_id is None and any(
        entry.initials == initials and entry.values == dict(values)
        for initials, values in rows)


def check_row(game: str, entry: RankEntry, store: ReplayStore,
              mode: str | None = None) -> tuple[str, str]:
    """(status, reason) of one row of table ``mode`` (None: the table is not checked)
    against its replay."""
    if entry.replay_id is None:
        if is_factory_row(game, entry):
            return FACTORY, "as the table came from the factory"
        return UNRECORDED, "kept without a replay"
    try:
        text = store.read(entry.replay_id)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return MISSING, f"replay {entry.replay_id} cannot be read: {exc}"
    try:
        replay = Replay.from_text(text)
    except ReplayError as exc:
        return FAILED, str(exc)
    if replay_id(text) != entry.replay_id:
        return FAILED, f"the text of replay {entry.replay_id} is not its id (edited)"
    cart = cartridge(game)
    player = replay.meta.get("player")
    if replay.meta.get("cartridge") != game or replay.rules not in cart.rules.ids:
        return FAILED, f"the replay is of {replay.meta.get('cartridge')!r}, not {game!r}"
    if player not in (0, 1):
        return FAILED, "the replay does not say which player ranked"
    sealed = _sealed_row(replay, entry, mode)
    if sealed:
        return FAILED, sealed
    if replay.rules_version != entry.rules_version:
        return FAILED, (f"the row says rules v{entry.rules_version}, its replay "
                        f"v{replay.rules_version}")
    if replay.rules_version > cart.rules_version:
        return FAILED, (f"recorded under rules v{replay.rules_version} of {game}, newer than "
                        f"this build's v{cart.rules_version}")
    if replay.rules_version < cart.rules_version:
        return OLDER_RULES, (f"played under rules v{replay.rules_version}; this build plays "
                             f"{game} v{cart.rules_version} and cannot re-simulate it")
    status, reason = _replayed(game, entry, replay, replay.stages)
    in_play = stages_in_play(game)
    if status == FAILED and replay.stages is None and in_play is not None:
        # Recorded before replays carried their stages: it may be of the file in play.
        again, _ = _replayed(game, entry, replay, in_play)
        if again == VERIFIED:
            return VERIFIED, "on the stage file in play (the replay does not carry it)"
    return status, reason


def _sealed_row(replay: Replay, entry: RankEntry, mode: str | None) -> str:
    """Why the row is not the one its replay was sealed with ("" when it is). A replay
    recorded before rows were sealed names neither initials nor table."""
    initials = replay.meta.get("initials")
    if initials is not None and initials != entry.initials:
        return f"the replay was ranked as {initials!r}, the row says {entry.initials!r}"
    table = replay.meta.get("mode")
    if mode is not None and table is not None and table != mode:
        return f"the replay ranked in table {table!r}, the row is in {mode!r}"
    return ""


def _replayed(game: str, entry: RankEntry, replay: Replay,
              stages: str | None) -> tuple[str, str]:
    """Re-simulate ``replay`` on ``stages`` and compare the ranked player's figures."""
    cart = cartridge(game)
    player = int(replay.meta.get("player", 0))
    try:
        with playing_stages(replay.rules, stages):
            session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
            verdict = verify(replay, session, ranked=True)
    except (ValueError, TypeError, IndexError) as exc:
        return FAILED, f"the replay cannot be played: {exc}"
    if verdict.reason:
        return FAILED, verdict.reason
    if not verdict.ok:
        where = (f" from frame {verdict.first_bad_checkpoint}"
                 if verdict.first_bad_checkpoint is not None else " at the end")
        return FAILED, f"the state hash differs{where}"
    summary = session.summary(player) or {}
    replayed = {c: summary.get(c, 0) for c in cart.board.ranking.columns}
    if replayed != entry.values:
        shown = ", ".join(f"{c} {replayed[c]}" for c in cart.board.ranking.columns)
        return FAILED, f"the replay gives {shown}"
    return VERIFIED, ""


def check_tables(data: SaveData, store: ReplayStore, game: str | None = None) -> list[RowCheck]:
    checks: list[RowCheck] = []
    for game_id, cart in CARTRIDGES.items():
        if game is not None and game_id != game:
            continue
        section = cart.board.save_section
        derived = set(section.tables(data.own.get(game_id) or section.factory())) \
            if section is not None else set()
        proven: dict[str, str] = {}  # replay id -> the row it proved first
        for mode, table in data.rankings.get(game_id, {}).items():
            for rank, entry in enumerate(table, start=1):
                if mode in derived and entry.replay_id is None:
                    status, reason = DERIVED, "made from the cartridge's own records"
                else:
                    status, reason = check_row(game_id, entry, store, mode)
                if status == VERIFIED and entry.replay_id is not None:
                    first = proven.setdefault(entry.replay_id, f"{mode} #{rank}")
                    if first != f"{mode} #{rank}":  # one row per replay
                        status, reason = FAILED, f"its replay is the replay of {first}"
                checks.append(RowCheck(game_id, mode, rank, entry.initials, dict(entry.values),
                                       entry.replay_id, status, reason, entry.rules_version))
    return checks


def referenced(data: SaveData) -> set[str]:
    """Every replay id a ranking row refers to."""
    return {e.replay_id for tables in data.rankings.values() for table in tables.values()
            for e in table if e.replay_id is not None}
