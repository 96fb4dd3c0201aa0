"""The fleet's message format, stated once for both ends: the cabinet's outbox and uplink
build and send these messages, the fleet service's intake (fleet/verify.py) decodes them
with ``decode``. No network code and no server dependency: the kiosk imports it.

A message travels on the topic ``bloxcab/<cabinet>/<kind>`` as one JSON object::

    {"id": "<epoch>-<seq>", "seq": 12, "kind": "rank", "at": 1700000000.123, "body": {...}}

``id`` is unique per cabinet (a new 8-hex-digit epoch each time an outbox opens, then the
sequence), so the service ignores a redelivered one. The body of each kind:

- ``book``: ``totals`` and ``delta`` (counter name -> whole number), ``reset`` (the counters
  were cleared since the previous entry), ``cleared_at``; ``covers`` after a merge;
- ``result``: ``game``, ``player``, ``summary`` (one player's finished game);
- ``rank``: ``game``, ``mode``, ``replay_id``, ``initials``, ``values`` (the ranking's
  columns), ``rules_version`` (absent from a cabinet older than rules versions: 1) and
  ``attached``, the replay's text;
- ``notice``: ``text``, a line of the service menu's notices;
- ``beat``: ``screen`` and, from a kiosk, ``credits``, ``frames``, ``notices``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.replay import MAX_RULES_VERSION
from firmware.file_decisions import FILE_DECISIONS

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

_TOPIC = re.compile(rf"^{TOPIC_ROOT}/({CABINET_PATTERN})/([a-z]+)$")
_ID = re.compile(r"^[0-9a-f]{8}-[0-9]{1,12}$")
_INITIALS = re.compile(r"^[A-Z0-9 .!?-]{1,3}$")


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
def decode(where: str, payload: bytes | bytearray) -> tuple[str, dict[str, Any]]:
    """(cabinet, message) of a well-formed message on topic ``where``, else Refused. A rank
    body is checked for its shape here; whether its game and mode exist is the service's."""
    match = _TOPIC.match(where)
    if match is None:
        raise Refused(f"topic {where[:80]!r} is not {TOPIC_ROOT}/<cabinet>/<kind>")
    cabinet, kind = match.groups()
    if len(payload) > MAX_MESSAGE_BYTES:
        raise Refused(f"{len(payload)} bytes is over {MAX_MESSAGE_BYTES}")
    try:
        message = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused(f"not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise Refused("not a JSON object")
    if message.get("kind") != kind or kind not in KINDS:
        raise Refused(f"kind {message.get('kind')!r} does not match the topic's {kind!r}")
    mid, seq, at, body = (message.get(k) for k in ("id", "seq", "at", "body"))
    if not isinstance(mid, str) or not _ID.match(mid):
        raise Refused("bad message id")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
        raise Refused("bad seq")
    if not isinstance(at, int | float) or isinstance(at, bool) or not 0 < at < 2**33:
        raise Refused("bad time")
    if not isinstance(body, dict):
        raise Refused("body is not an object")
    if kind == BOOK:
        for field in ("totals", "delta"):
            if not _counters(body.get(field)):
                raise Refused(f"book {field} are not counters")
    if kind == RANK:
        _rank_shape(body)
    return cabinet, message


def _counters(counters: Any) -> bool:
    return isinstance(counters, dict) and len(counters) <= MAX_COUNTERS and all(
        isinstance(k, str) and len(k) <= 64 and isinstance(v, int) and not isinstance(v, bool)
        and abs(v) < 2**53 for k, v in counters.items())


def _rank_shape(body: dict[str, Any]) -> None:
    if not isinstance(body.get("game"), str) or not isinstance(body.get("mode"), str):
        raise Refused("a ranking entry names its game and mode")
    if not isinstance(body.get("initials"), str) or not _INITIALS.match(body["initials"]):
        raise Refused("bad initials")
    values = body.get("values")
    if not isinstance(values, dict) or not all(
            (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, str) and len(v) <= MAX_FIGURE_CHARS) for v in values.values()):
        raise Refused("values are not figures")
    if not isinstance(body.get("attached"), str) or not isinstance(body.get("replay_id"), str):
        raise Refused("a ranking entry comes with its replay")
    version = body.get("rules_version", 1)
    if (isinstance(version, bool) or not isinstance(version, int)
            or not 1 <= version <= MAX_RULES_VERSION):
        raise Refused(f"rules_version is not a version (1-{MAX_RULES_VERSION})")
