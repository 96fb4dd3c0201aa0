"""What the fleet service accepts from the network: every message checked like a file
(size, shape, types), and every ranking entry re-simulated from its replay with the same
check the cabinet's own `bloxcab rankings verify` uses before it may enter a ranking.

A ranking entry carries the rules version of its game it was played under
(``rules_version``; a message without one, from a cabinet of the release before rules
versions, means version 1). An entry of an older version than this service plays is kept
as such (OLDER_RULES: not verified, so it does not rank, but no flag: it is no tampering);
one of a newer version than it knows is refused."""

from __future__ import annotations

import json
import re
from typing import Any

from engine.replay import MAX_RULES_VERSION
from firmware.fleet.outbox import KINDS, RANK
from firmware.rankings.check import FAILED, check_row
from firmware.rankings.recorder import replay_id
from firmware.rankings.store import MAX_REPLAY_BYTES
from firmware.savedata.schema import RankEntry
from games.registry import CARTRIDGES

MAX_MESSAGE_BYTES = MAX_REPLAY_BYTES + 64 * 1024
MAX_FIGURE_CHARS = 16  # a figure shown as text: a grade ("S9"), a clock ("08:12:33")
_ID = re.compile(r"^[0-9a-f]{8}-[0-9]{1,12}$")
_TOPIC = re.compile(r"^bloxcab/([a-z0-9][a-z0-9-]{0,62})/([a-z]+)$")
_INITIALS = re.compile(r"^[A-Z0-9 .!?-]{1,3}$")


class Refused(ValueError):
    """A message the service will not store (one line: why)."""


def parse(topic: str, payload: bytes | bytearray) -> tuple[str, dict[str, Any]]:
    """(cabinet, message) of a well-formed message, else Refused."""
    match = _TOPIC.match(topic)
    if match is None:
        raise Refused(f"topic {topic[:80]!r} is not bloxcab/<cabinet>/<kind>")
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
    if kind == "book":
        for field in ("totals", "delta"):
            counters = body.get(field)
            if not isinstance(counters, dict) or len(counters) > 256 or not all(
                    isinstance(k, str) and len(k) <= 64 and isinstance(v, int)
                    and not isinstance(v, bool) and abs(v) < 2**53
                    for k, v in counters.items()):
                raise Refused(f"book {field} are not counters")
    if kind == RANK:
        _rank_shape(body)
    return cabinet, message


def _rank_shape(body: dict[str, Any]) -> None:
    game, mode = body.get("game"), body.get("mode")
    if game not in CARTRIDGES:
        raise Refused(f"unknown game {str(game)[:40]!r}")
    if mode not in CARTRIDGES[game].ranking.modes:
        raise Refused(f"unknown mode {str(mode)[:40]!r}")
    if not isinstance(body.get("initials"), str) or not _INITIALS.match(body["initials"]):
        raise Refused("bad initials")
    values = body.get("values")
    columns = CARTRIDGES[game].ranking.columns
    if not isinstance(values, dict) or set(values) != set(columns) or not all(
            (isinstance(v, int) and not isinstance(v, bool))
            or (isinstance(v, str) and len(v) <= MAX_FIGURE_CHARS) for v in values.values()):
        raise Refused(f"values are not the columns {', '.join(columns)}")
    if not isinstance(body.get("attached"), str) or not isinstance(body.get("replay_id"), str):
        raise Refused("a ranking entry comes with its replay")
    version = body.get("rules_version", 1)
    if (isinstance(version, bool) or not isinstance(version, int)
            or not 1 <= version <= MAX_RULES_VERSION):
        raise Refused(f"rules_version is not a version (1-{MAX_RULES_VERSION})")


class _OneReplay:
    """The replay store check_row reads from, holding one replay in memory."""

    def __init__(self, rid: str, text: str) -> None:
        self.rid, self.text = rid, text

    def read(self, rid: str) -> str:
        if rid != self.rid:
            raise ValueError(f"replay {rid} not sent")
        return self.text


def check_rank(body: dict[str, Any]) -> tuple[str, str]:
    """(status, why) as firmware.rankings.check gives them: VERIFIED when the replay's id is
    its digest and it plays to the row; OLDER_RULES for a row of an older rules version."""
    text = body["attached"]
    if replay_id(text) != body["replay_id"]:
        return FAILED, "the replay's id is not its digest"
    entry = RankEntry(body["initials"], dict(body["values"]), body["replay_id"],
                      body.get("rules_version", 1))
    return check_row(body["game"], entry, _OneReplay(body["replay_id"], text))  # type: ignore[arg-type]
