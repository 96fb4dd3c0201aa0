"""Replay codec: run-length-encoded input frames plus what is needed to re-simulate.

Pure (text in, text out); reading and writing files is firmware's job.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from engine.digest import ENGINE_2
from engine.inputs import InputFrame
from engine.replay_decisions import REPLAY_DECISIONS
from engine.session import GameSession, Seeds, Settings, kept_bits, signs_in

REPLAY_MAGIC = "BLXR"
REPLAY_FORMAT = 1
CHECKPOINT_EVERY = 600  # frames between state-hash checkpoints (10 s)
_TOKENS_PER_LINE = 16


class ReplayError(ValueError):
    """The replay text is not a valid replay."""


def encode_runs(frames: list[int]) -> list[tuple[int, int]]:
    return [(bits, len(list(run))) for bits, run in groupby(frames)]


def _token(bits: int, count: int) -> str:
    return f"{bits:x}*{count}" if count > 1 else f"{bits:x}"


class InputsCoder:
    """A replay's inputs lines, coded as the frames come: ``text()`` is what
    ``Replay.inputs_text()`` gives for the frames added so far, without going over them
    again (a long game's inputs took milliseconds to code, in the frame its rows went in)."""

    def __init__(self) -> None:
        self._lines: list[str] = []  # finished lines, each of _TOKENS_PER_LINE runs
        self._tokens: list[str] = []  # the finished runs of the line under way
        self._bits = 0
        self._count = 0  # frames of the run under way (0: no frame yet)

    def add(self, bits: int) -> None:
        if self._count and bits == self._bits:
            self._count += 1
            return
        if self._count:
            self._tokens.append(_token(self._bits, self._count))
            if len(self._tokens) == _TOKENS_PER_LINE:
                self._lines.append(" ".join(self._tokens) + "\n")
                self._tokens = []
        self._bits, self._count = bits, 1

    def text(self) -> str:
        if not self._count:
            return ""
        return "".join(self._lines) + " ".join([*self._tokens,
                                                _token(self._bits, self._count)]) + "\n"


def decode_runs(runs: list[tuple[int, int]]) -> list[int]:
    frames: list[int] = []
    for bits, count in runs:
        frames.extend([bits] * count)
    return frames


@dataclass
class Replay:
    """A game's construction (rules id, settings, seeds, players), the rules version of its
    cartridge it was played under, and its input frames.

    ``settings`` and ``seeds`` are what the cartridge's session factory was given; the
    replay knows nothing of any one game."""

    rules: str
    settings: dict[str, Any]
    seeds: dict[str, int]
    players: int
    inputs: list[int]  # InputFrame.to_bits() per frame
    final_hash: str = ""
    checkpoints: dict[int, str] = field(default_factory=dict)
    # (frame, player): the machine began a game for ``player`` just before that frame's step
    # (a second player joining a running game).
    joins: list[tuple[int, int]] = field(default_factory=list)
    # (frame, player, verdict): the board's answer to ``player``'s sign-in, given just before
    # that frame's step (engine/session.py SignsIn).
    sign_ins: list[tuple[int, int, str]] = field(default_factory=list)
    # What the recorder wants kept with the game (cartridge id, ranked player...).
    meta: dict[str, Any] = field(default_factory=dict)
    # The session's ``rules_version`` (its cartridge's RULES_VERSION when it was played).
    rules_version: int = field(kw_only=True)
    # The text of the operator's stage file the game was played on; None for the
    # cartridge's built-in stages (and in every replay written before the field existed).
    stages: str | None = field(default=None, kw_only=True)

    def to_text(self, inputs_text: str | None = None) -> str:
        """The replay file's text. ``inputs_text``: this replay's ``inputs_text()`` when
        the caller has it already (the rows of one game share their inputs)."""
        header = {
            "rules": self.rules,
            "settings": dict(self.settings),
            "seeds": dict(self.seeds),
            "players": self.players,
            "rules_version": self.rules_version,
            "frames": len(self.inputs),
            "final_hash": self.final_hash,
            "checkpoints": {str(k): v for k, v in sorted(self.checkpoints.items())},
        }
        if self.joins:
            header["joins"] = [list(j) for j in self.joins]
        if self.sign_ins:
            header["sign_ins"] = [list(j) for j in self.sign_ins]
        if self.meta:
            header["meta"] = dict(self.meta)
        if self.stages is not None:
            header["stages"] = self.stages
        body = self.inputs_text() if inputs_text is None else inputs_text
        return f"{REPLAY_MAGIC} {REPLAY_FORMAT}\n{json.dumps(header)}\n{body}"

    def inputs_text(self) -> str:
        """The lines of the file after its header: the inputs, run-length coded."""
        tokens = [_token(bits, count) for bits, count in encode_runs(self.inputs)]
        return "".join(" ".join(tokens[i:i + _TOKENS_PER_LINE]) + "\n"
                       for i in range(0, len(tokens), _TOKENS_PER_LINE))

    @staticmethod
    def from_text(text: str) -> Replay:
        lines = text.splitlines()
        if len(lines) < 2 or lines[0].split() != [REPLAY_MAGIC, str(REPLAY_FORMAT)]:
            raise ReplayError(f"not a replay file (first line must be '{REPLAY_MAGIC} "
                              f"{REPLAY_FORMAT}')")
        header = parse_header(lines[1])
        frames = header_count(header, "frames", MAX_FRAMES)
        inputs = decode_runs(parse_runs(lines[2:], frames))
        if len(inputs) != frames:
            raise ReplayError(f"damaged replay: the inputs hold {len(inputs)} frames, the "
                              f"header says {frames}")
        return Replay(
            rules=header_text(header, "rules"),
            settings=parse_mapping(header.get("settings", _MISSING), "settings"),
            seeds=parse_seeds(header),
            players=header_players(header),
            inputs=inputs,
            final_hash=header_hash(header.get("final_hash", _MISSING), "final_hash"),
            rules_version=parse_rules_version(header),
            checkpoints=parse_checkpoints(header.get("checkpoints", {}), frames),
            joins=parse_joins(header.get("joins", []), frames),
            sign_ins=parse_sign_ins(header.get("sign_ins", []), frames),
            meta=parse_mapping(header.get("meta", {}), "meta"),
            stages=parse_stages(header),
        )


# ---- validation at load: every field typed and bounded, so a loaded replay always plays ----
# A damaged file is refused here with one line, never later inside the engine or the kiosk.
# What a settings mapping may hold for one game is the cartridge's business: firmware builds
# the session once at load (firmware/replay_file.py) to check that.

MAX_FRAMES = REPLAY_DECISIONS["max_frames"].value
MAX_SEED = 0xFFFFFFFF  # named 32-bit seeds (engine/session.py)
MAX_INPUT_BITS = (1 << 25) - 1  # InputFrame.to_bits(): 25 bits
MAX_HEADER_CHARS = REPLAY_DECISIONS["max_header_chars"].value
MAX_ENTRIES = REPLAY_DECISIONS["max_entries"].value
MAX_RULES_VERSION = 9999  # a rules version is a whole number 1-9999; more is damage
_MAX_INT_DIGITS = 20  # no header number needs more digits than 2**64
_MAX_TEXT = 64  # rules id, names and text values
_MISSING = object()
_RUN = re.compile(r"([0-9a-fA-F]{1,7})(?:\*([0-9]{1,20}))?", re.ASCII)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        raise ReplayError(f"damaged replay: a header number has {len(text)} digits")
    return int(text)


def _no_constant(text: str) -> object:
    raise ReplayError(f"damaged replay: {text} is not a number")


def parse_header(line: str) -> dict[str, Any]:
    """The JSON header line as a mapping; numbers bounded, nesting bounded by the line length
    and the parser's own recursion limit."""
    if len(line) > MAX_HEADER_CHARS:
        raise ReplayError(f"damaged replay: header of {len(line)} characters")
    try:
        header = json.loads(line, parse_int=_bounded_int, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ReplayError(f"damaged replay: header is not JSON ({_short(exc)})") from None
    if not isinstance(header, dict):
        raise ReplayError("damaged replay: header is not a JSON object")
    return header


def _short(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def _whole(value: object, what: str, top: int, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= top:
        raise ReplayError(f"damaged replay: {what} must be a whole number {low}-{top}, "
                          f"not {_shown(value)}")
    return value


def header_count(header: dict[str, Any], key: str, top: int) -> int:
    if key not in header:
        raise ReplayError(f"damaged replay: header has no {key!r}")
    return _whole(header[key], repr(key), top)


def header_players(header: dict[str, Any]) -> int:
    players = header_count(header, "players", 2)
    if players not in (1, 2):
        raise ReplayError(f"damaged replay: 'players' must be 1 or 2, not {players}")
    return players


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT or not value.isprintable():
        raise ReplayError(f"damaged replay: {what} must be a short text, not {_shown(value)}")
    return value


def header_text(header: dict[str, Any], key: str) -> str:
    return _name(header.get(key, _MISSING), repr(key))


def header_hash(value: object, what: str) -> str:
    """A state hash: short printable text (a wrong one is a mismatch, not damage)."""
    if not isinstance(value, str) or len(value) > _MAX_TEXT or not value.isprintable():
        raise ReplayError(f"damaged replay: {what} must be a state hash, not {_shown(value)}")
    return value


def parse_rules_version(header: dict[str, Any]) -> int:
    """``rules_version``: the cartridge's rules version the game was played under. The
    release before rules versions wrote none but ``"engine": "2"``: version 1 of each
    cartridge, which plays and hashes exactly as engine 2 did (engine/digest.py)."""
    if "rules_version" in header:
        return _whole(header["rules_version"], "'rules_version'", MAX_RULES_VERSION, low=1)
    engine = header.get("engine", _MISSING)
    if engine is _MISSING:
        raise ReplayError("damaged replay: header has no 'rules_version'")
    if engine != ENGINE_2:
        raise ReplayError(f"recorded by engine version {_shown(engine)}, before engine "
                          f"{ENGINE_2}: this build re-simulates engine {ENGINE_2} replays and "
                          f"those with a rules version only")
    return 1


def parse_mapping(value: object, what: str) -> dict[str, Any]:
    """``settings`` or ``meta``: a flat mapping of short names to JSON scalars (a short
    text, a bounded whole number, true/false, null)."""
    if not isinstance(value, dict):
        raise ReplayError(f"damaged replay: {what!r} must be a mapping, not {_shown(value)}")
    if len(value) > MAX_ENTRIES:
        raise ReplayError(f"damaged replay: {what!r} has {len(value)} entries")
    for key, item in value.items():
        _name(key, f"a name in {what!r}")
        if isinstance(item, str):
            if item:
                _name(item, f"{what}.{key}")
        elif not (item is None or isinstance(item, bool | int)):
            raise ReplayError(f"damaged replay: {what}.{key} must be a text, a number, true, "
                              f"false or null, not {_shown(item)}")
    return dict(value)


def parse_stages(header: dict[str, Any]) -> str | None:
    """``stages``: the operator's stage file the game was played on, as text (optional:
    a replay on built-in stages, or one older than the field, has none)."""
    if "stages" not in header:
        return None
    value = header["stages"]
    if not isinstance(value, str) or not value.strip():
        raise ReplayError("damaged replay: 'stages' must be the text of a stage file")
    return value


def parse_seeds(header: dict[str, Any]) -> dict[str, int]:
    """Named 32-bit seeds; replays written before the seam carried ``seed`` and
    ``piece_seed``."""
    if "seeds" not in header:
        seeds = {"main": header_count(header, "seed", MAX_SEED)}
        if header.get("piece_seed") is not None:
            seeds["piece"] = header_count(header, "piece_seed", MAX_SEED)
        return seeds
    value = header["seeds"]
    if not isinstance(value, dict) or len(value) > MAX_ENTRIES:
        raise ReplayError(f"damaged replay: 'seeds' must be a mapping of names to seeds, not "
                          f"{_shown(value)}")
    return {_name(k, "a seed name"): _whole(v, f"seed {k!r}", MAX_SEED) for k, v in value.items()}


def parse_checkpoints(value: object, frames: int) -> dict[int, str]:
    """``{"600": hash, ...}``: frame numbers 1..frames, each a hex state hash."""
    if not isinstance(value, dict):
        raise ReplayError(f"damaged replay: 'checkpoints' must be a mapping, not "
                          f"{_shown(value)}")
    checkpoints: dict[int, str] = {}
    for key, digest in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 7
                and 1 <= int(key) <= frames):
            raise ReplayError(f"damaged replay: checkpoint frame {_shown(key)} is not a frame "
                              f"of the game (1-{frames})")
        checkpoints[int(key)] = header_hash(digest, f"checkpoint {key}")
    return checkpoints


def parse_joins(value: object, frames: int) -> list[tuple[int, int]]:
    """``[[frame, player], ...]``: a player (0 or 1) joined just before that frame."""
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise ReplayError(f"damaged replay: 'joins' must be a short list, not {_shown(value)}")
    joins: list[tuple[int, int]] = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 2:
            raise ReplayError(f"damaged replay: a join must be [frame, player], not "
                              f"{_shown(entry)}")
        joins.append((_whole(entry[0], "a join's frame", frames),
                      _whole(entry[1], "a join's player", 1)))
    return joins


def parse_sign_ins(value: object, frames: int) -> list[tuple[int, int, str]]:
    """``[[frame, player, verdict], ...]``: the board answered a sign-in before that frame."""
    if not isinstance(value, list) or len(value) > MAX_ENTRIES:
        raise ReplayError(f"damaged replay: 'sign_ins' must be a short list, not "
                          f"{_shown(value)}")
    found: list[tuple[int, int, str]] = []
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 3:
            raise ReplayError(f"damaged replay: a sign-in must be [frame, player, verdict], "
                              f"not {_shown(entry)}")
        found.append((_whole(entry[0], "a sign-in's frame", frames),
                      _whole(entry[1], "a sign-in's player", 1),
                      _name(entry[2], "a sign-in's verdict")))
    return found


def parse_runs(lines: list[str], frames: int) -> list[tuple[int, int]]:
    """Run-length tokens ``BITS[*COUNT]`` (hex bits, decimal count); the running total may
    not pass ``frames`` (checked before anything is expanded)."""
    runs: list[tuple[int, int]] = []
    total = 0
    for number, line in enumerate(lines, start=3):
        for token in line.split():
            match = _RUN.fullmatch(token)
            if match is None:
                raise ReplayError(f"damaged replay: line {number}: bad input token "
                                  f"{_shown(token)}")
            bits, count = int(match[1], 16), int(match[2] or "1")
            if bits > MAX_INPUT_BITS or count < 1:
                raise ReplayError(f"damaged replay: line {number}: bad input token "
                                  f"{_shown(token)}")
            total += count
            if total > frames:
                raise ReplayError(f"damaged replay: line {number}: a run of {count} frames "
                                  f"takes the inputs past the {frames} frames the header "
                                  f"gives (at most {MAX_FRAMES})")
            runs.append((bits, count))
    return runs


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def record(
    session: GameSession, settings: Settings, seeds: Seeds, players: int,
    inputs: list[InputFrame],
) -> Replay:
    """Play ``inputs`` on a fresh ``session`` (built from ``settings``, ``seeds`` and
    ``players``) and make a replay with checkpoints and the final hash."""
    replay = Replay(session.rules_id, dict(settings), dict(seeds), players, [],
                    rules_version=session.rules_version)
    for number, frame in enumerate(inputs, start=1):
        session.step(frame)
        secret = getattr(session, "secret_sides", 0)  # a PIN's digit (SignsIn)
        replay.inputs.append(kept_bits(frame.to_bits(), secret))
        if number % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number] = session.state_hash()
    replay.final_hash = session.state_hash()
    return replay


@dataclass(frozen=True)
class Verdict:
    """``frames``: the frames re-simulated (verification stops at the first failure);
    ``checkpoints_matched``: the checkpoints that gave their hash before it; ``reason``:
    why a ranked replay was refused before its end (empty otherwise)."""

    ok: bool
    frames: int
    final_hash: str
    first_bad_checkpoint: int | None = None
    checkpoints_matched: int = 0
    reason: str = ""


def verify(replay: Replay, session: GameSession, *, ranked: bool = False) -> Verdict:
    """Re-simulate ``replay`` on ``session``, a fresh session built from the replay's
    rules, settings, seeds and players, of the replay's rules version (a session of
    another version never gives its hashes). It stops at the first checkpoint that differs,
    so a file claiming hours of frames costs no more than its first wrong checkpoint.

    ``ranked``: the replay is a ranking row's, as the recorder writes them: it must hold a
    checkpoint at every ``CHECKPOINT_EVERY`` frames, and it ends when its game does (one
    going on after the session is over is refused there)."""
    joins: dict[int, list[int]] = {}
    for at, player in replay.joins:
        joins.setdefault(at, []).append(player)
    answers: dict[int, list[tuple[int, str]]] = {}
    for at, player, verdict in replay.sign_ins:
        answers.setdefault(at, []).append((player, verdict))
    signer = signs_in(session)
    matched = 0
    last = len(replay.inputs)
    for number, bits in enumerate(replay.inputs, start=1):
        if ranked and session.over:
            return Verdict(False, number - 1, session.state_hash(), None, matched,
                           f"the game is over at frame {number - 1}, the replay goes on to "
                           f"frame {last}")
        for player in joins.get(number, ()):
            session.join(player)
        for player, verdict in answers.get(number, ()):
            if signer is None:
                return Verdict(False, number - 1, session.state_hash(), None, matched,
                               f"a sign-in at frame {number}, but {replay.rules} has none")
            signer.sign_in(player, verdict)
        session.step(InputFrame.from_bits(bits))
        expected = replay.checkpoints.get(number)
        if expected is None:
            if ranked and number % CHECKPOINT_EVERY == 0:
                return Verdict(False, number, session.state_hash(), None, matched,
                               f"no checkpoint at frame {number}")
            continue
        got = session.state_hash()
        if got != expected:
            return Verdict(False, number, got, number, matched)
        matched += 1
    final = session.state_hash()
    return Verdict(final == replay.final_hash, last, final, None, matched)
