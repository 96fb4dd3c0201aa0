"""The fleet's message format, stated once for both ends: the cabinet's outbox and uplink
build and send these messages, the fleet service's intake (fleet/verify.py) decodes them
with ``decode``. No network code and no server dependency: the kiosk imports it.

A message travels on the topic ``bloxcab/<cabinet>/<kind>`` as one JSON object::

    {"id": "<epoch>-<seq>", "seq": 12, "kind": "rank", "at": 1700000000.123, "body": {...}}

``id`` is unique per cabinet (a new 8-hex-digit epoch each time an outbox opens, then the
sequence), so the service ignores a redelivered one. The body of each kind:

- ``book``: ``totals`` and ``delta`` (counter name -> whole number, none below 0, a delta at
  most MAX_DELTA), ``reset`` (the counters were cleared since the previous entry),
  ``cleared_at``; after a merge ``covers`` (the first seq it holds) and ``merged`` (the ids
  of the entries it holds);
- ``result``: ``game``, ``player``, ``summary`` (one player's finished game);
- ``rank``: ``game``, ``mode``, ``replay_id``, ``initials``, ``values`` (the ranking's
  columns), ``rules_version`` (absent from a cabinet older than rules versions: 1),
  ``attached``, the replay's text, and as the uplink sends it ``signature`` (the cabinet's
  key over its name, the replay's id and text) and ``certificate`` (firmware/uplink/pki.py);
- ``notice``: ``text``, a line of the service menu's notices;
- ``beat``: ``screen`` and, from a kiosk, ``credits``, ``frames``, ``notices``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

from engine.replay import MAX_RULES_VERSION
from firmware.file_decisions import FILE_DECISIONS
from firmware.uplink.decisions import LINK_DECISIONS

TOPIC_ROOT = "bloxcab"
SERVICE_ID = "fleet-service"  # the fleet service's certificate name; no cabinet may take it
CABINET_PATTERN = r"[a-z0-9][a-z0-9-]{0,62}"  # a cabinet id: its certificate's common name
CABINET_ID = re.compile(rf"^{CABINET_PATTERN}$")

BOOK = "book"  # bookkeeping: totals and the delta since the previous book entry
RESULT = "result"  # one player's finished game
RANK = "rank"  # a certified ranking row with its replay text
NOTICE = "notice"  # a line of the service menu's notices
BEAT = "beat"  # heartbeat
KINDS = (BOOK, RESULT, RANK, NOTICE, BEAT)

SUBSCRIPTION = f"{TOPIC_ROOT}/+/+"  # every cabinet's every kind (the service's filter)
MAX_MESSAGE_BYTES: int = FILE_DECISIONS["ranking_replay_bytes"].value + 64 * 1024
MAX_FIGURE_CHARS = 16  # a figure shown as text: a grade ("S9"), a clock ("08:12:33")
MAX_COUNTERS = 256
_LIMITS: dict[str, int] = LINK_DECISIONS["message_limits"].value
MAX_DEPTH = _LIMITS["depth"]  # objects and lists inside one another, the envelope is 1
MAX_TEXT = _LIMITS["text"]  # a notice's characters
MAX_NAME = _LIMITS["name"]  # a game's, a mode's, a screen's name
MAX_KEYS = _LIMITS["keys"]  # one object's fields
MAX_NUMBER = _LIMITS["number"]  # every whole number, either sign
MAX_PLAYERS = _LIMITS["player"]
MAX_DELTA = _LIMITS["delta"]  # a book entry's counter moves at most this much
MAX_SEQ = 10**12  # the message id's sequence has at most 12 digits

_TOPIC = re.compile(rf"^{TOPIC_ROOT}/({CABINET_PATTERN})/([a-z]+)$")
_ID = re.compile(r"^[0-9a-f]{8}-[0-9]{1,12}$")
_INITIALS = re.compile(r"^[A-Z0-9 .!?-]{1,3}$")
_REPLAY_ID = re.compile(r"^[0-9a-f]{16}$")


class Refused(ValueError):
    """A message that is not of this format (one line: why)."""


def topic(cabinet: str, kind: str) -> str:
    return f"{TOPIC_ROOT}/{cabinet}/{kind}"


def message_id(epoch: str, seq: int) -> str:
    return f"{epoch}-{seq}"


def envelope(mid: str, seq: int, kind: str, at: float, body: dict[str, Any]) -> dict[str, Any]:
    return {"id": mid, "seq": seq, "kind": kind, "at": at, "body": body}


def encode(message: dict[str, Any]) -> bytes:
    """The bytes sent (and kept in the outbox): compact JSON, keys sorted."""
    return json.dumps(message, sort_keys=True, separators=(",", ":")).encode()


# ---- bodies ------------------------------------------------------------------------------
def book_body(totals: dict[str, int], cleared_at: str | None) -> dict[str, Any]:
    """What the kiosk posts; the outbox adds ``delta`` and ``reset`` when it writes it."""
    return {"totals": dict(totals), "cleared_at": cleared_at}


def result_body(game: str, player: int, summary: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "player": player, "summary": {str(k): v for k, v in summary.items()}}


def rank_body(game: str, mode: str, replay_id: str, initials: str, values: dict[str, Any],
              rules_version: int) -> dict[str, Any]:
    """A ranking row; its replay's text goes in as ``attached``."""
    return {"game": game, "mode": mode, "replay_id": replay_id, "initials": initials,
            "values": dict(values), "rules_version": rules_version}


def notice_body(text: str) -> dict[str, Any]:
    return {"text": text}


def beat_body(screen: str, **state: int) -> dict[str, Any]:
    return {"screen": screen, **state}


# ---- decoding ----------------------------------------------------------------------------
def _no_constant(name: str) -> Any:
    raise Refused(f"{name} is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise Refused(f"{text[:20]} is not a finite number")
    return value


def decode(where: str, payload: bytes | bytearray) -> tuple[str, dict[str, Any]]:
    """(cabinet, message) of a well-formed message on topic ``where``, else Refused: every
    field checked for its type and bounds, the whole for its size and depth, every text for
    what a database and a page can hold (no NUL, no half of a UTF-16 pair). A rank body is
    checked for its shape here; whether its game and mode exist is the service's."""
    match = _TOPIC.match(where)
    if match is None:
        raise Refused(f"topic {where[:80]!r} is not {TOPIC_ROOT}/<cabinet>/<kind>")
    cabinet, kind = match.groups()
    if len(payload) > MAX_MESSAGE_BYTES:
        raise Refused(f"{len(payload)} bytes is over {MAX_MESSAGE_BYTES}")
    try:
        message = json.loads(payload, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise Refused(f"nested deeper than {MAX_DEPTH}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused(f"not JSON: {str(exc)[:120]}") from None
    if not isinstance(message, dict):
        raise Refused("not a JSON object")
    _plain(message)
    if message.get("kind") != kind or kind not in KINDS:
        raise Refused(f"kind {str(message.get('kind'))[:20]!r} does not match the topic's "
                      f"{kind!r}")
    if set(message) != {"id", "seq", "kind", "at", "body"}:
        raise Refused("the envelope is id, seq, kind, at and body")
    mid, seq, at, body = (message[k] for k in ("id", "seq", "at", "body"))
    if not isinstance(mid, str) or not _ID.match(mid):
        raise Refused("bad message id")
    if not _whole(seq) or not 1 <= seq < MAX_SEQ:
        raise Refused(f"seq is not a whole number from 1 to {MAX_SEQ - 1}")
    if not isinstance(at, int | float) or isinstance(at, bool) or not 0 < at < 2**33:
        raise Refused("bad time")
    if not isinstance(body, dict):
        raise Refused("body is not an object")
    _BODIES[kind](body)
    return cabinet, message


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(tree: Any) -> None:
    """Every part of the message: depth, numbers in bounds, texts a database can hold."""
    stack: list[tuple[Any, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list):
            if depth > MAX_DEPTH:
                raise Refused(f"nested deeper than {MAX_DEPTH}")
            if len(node) > MAX_KEYS and isinstance(node, dict):
                raise Refused(f"an object of more than {MAX_KEYS} keys")
            items = list(node.items()) if isinstance(node, dict) else [(None, v) for v in node]
            for key, value in items:
                if key is not None:
                    _text(key, "a key")
                stack.append((value, depth + 1))
        elif isinstance(node, str):
            _text(node, "a text")
        elif _whole(node) and not -MAX_NUMBER < node < MAX_NUMBER:
            raise Refused(f"a number over {MAX_NUMBER}")


def _text(value: str, what: str) -> None:
    if "\x00" in value:
        raise Refused(f"{what} holds a NUL")
    try:
        value.encode()
    except UnicodeEncodeError:
        raise Refused(f"{what} is not UTF-8 (half of a UTF-16 pair)") from None


def _name(body: dict[str, Any], field: str, limit: int, required: bool = True) -> None:
    value = body.get(field)
    if value is None and not required:
        return
    if not isinstance(value, str) or not 0 < len(value) <= limit or not value.isprintable():
        raise Refused(f"{field} is not a line of 1-{limit} printable characters")


def _only(body: dict[str, Any], kind: str, fields: set[str]) -> None:
    extra = set(body) - fields
    if extra:
        raise Refused(f"a {kind} has no field {sorted(extra)[0][:20]!r}")


def _book(body: dict[str, Any]) -> None:
    _only(body, BOOK, {"totals", "delta", "reset", "cleared_at", "covers", "merged"})
    for field, top in (("totals", MAX_NUMBER - 1), ("delta", MAX_DELTA)):
        if not _counters(body.get(field), top):
            raise Refused(f"book {field} are not counters from 0 to {top}")
    merged = body.get("merged", [])
    if not isinstance(merged, list) or not all(isinstance(m, str) and _ID.match(m)
                                               for m in merged):
        raise Refused("merged is not a list of message ids")
    if not isinstance(body.get("reset", False), bool):
        raise Refused("reset is not true or false")
    _name(body, "cleared_at", MAX_NAME, required=False)
    covers = body.get("covers", 1)
    if not _whole(covers) or not 1 <= covers < MAX_SEQ:
        raise Refused("covers is not a seq")


def _result(body: dict[str, Any]) -> None:
    _only(body, RESULT, {"game", "player", "summary"})
    _name(body, "game", MAX_NAME)
    player = body.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < MAX_PLAYERS:
        raise Refused(f"player is not a player's index (0-{MAX_PLAYERS - 1})")
    if not isinstance(body.get("summary"), dict):
        raise Refused("summary is not an object")


def _notice(body: dict[str, Any]) -> None:
    _only(body, NOTICE, {"text"})
    _name(body, "text", MAX_TEXT)


def _beat(body: dict[str, Any]) -> None:
    _name(body, "screen", MAX_NAME, required=False)
    for key, value in body.items():
        if key != "screen" and not (_whole(value) or (isinstance(value, str)
                                                      and len(value) <= MAX_NAME)):
            raise Refused(f"heartbeat {key[:20]!r} is not a figure")


def _counters(counters: Any, top: int) -> bool:
    return isinstance(counters, dict) and len(counters) <= MAX_COUNTERS and all(
        isinstance(k, str) and len(k) <= 64 and _whole(v) and 0 <= v <= top
        for k, v in counters.items())


def _rank_shape(body: dict[str, Any]) -> None:
    _only(body, RANK, {"game", "mode", "replay_id", "initials", "values", "rules_version",
                       "attached", "signature", "certificate"})
    for field, limit in (("signature", 256), ("certificate", 8192)):
        if field in body and (not isinstance(body[field], str) or len(body[field]) > limit):
            raise Refused(f"{field} is not a text of at most {limit} characters")
    _name(body, "game", MAX_NAME)
    _name(body, "mode", MAX_NAME)
    if not isinstance(body.get("initials"), str) or not _INITIALS.match(body["initials"]):
        raise Refused("bad initials")
    values = body.get("values")
    if not isinstance(values, dict) or not all(
            _whole(v) or (isinstance(v, str) and len(v) <= MAX_FIGURE_CHARS)
            for v in values.values()):
        raise Refused("values are not figures")
    attached, rid = body.get("attached"), body.get("replay_id")
    if not isinstance(attached, str) or not isinstance(rid, str) or not _REPLAY_ID.match(rid):
        raise Refused("a ranking entry comes with its replay")
    version = body.get("rules_version", 1)
    if not _whole(version) or not 1 <= version <= MAX_RULES_VERSION:
        raise Refused(f"rules_version is not a version (1-{MAX_RULES_VERSION})")


_BODIES: dict[str, Callable[[dict[str, Any]], None]] = {
    BOOK: _book, RESULT: _result, RANK: _rank_shape, NOTICE: _notice, BEAT: _beat}
