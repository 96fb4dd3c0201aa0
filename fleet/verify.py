"""What the fleet service accepts from the network: every message checked like a file
(size, shape, types: the format's own ``decode``, firmware/uplink/message.py), a ranking
entry's game, mode and columns against the games this service knows, and its replay
re-simulated with the same check the cabinet's own `bloxcab rankings verify` uses before it
may enter a ranking.

A ranking entry carries the rules version of its game it was played under
(``rules_version``; a message without one, from a cabinet of the release before rules
versions, means version 1). An entry of an older version than this service plays is kept
as such (OLDER_RULES: not verified, so it does not rank, but no flag: it is no tampering);
one of a newer version than it knows is refused."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.replay import MAX_FRAMES, ReplayError, header_count, parse_header
from firmware.rankings.check import FAILED, check_row
from firmware.rankings.recorder import replay_id
from firmware.savedata.schema import RankEntry
from firmware.uplink.message import RANK, Refused, decode
from firmware.uplink.pki import check_rank_signature
from fleet.decisions import SERVICE_DECISIONS
from games.registry import CARTRIDGES

__all__ = ["PENDING", "Refused", "check_rank", "claimed_frames", "first_look", "game_digest",
           "parse"]

PENDING = "pending"  # a ranking entry's status until fleet/verifier.py re-simulated it
REFUSE_UNNAMED: bool = SERVICE_DECISIONS["refuse_unnamed_replay"].value


def parse(topic: str, payload: bytes | bytearray) -> tuple[str, dict[str, Any]]:
    """(cabinet, message) of a well-formed message (firmware/uplink/message.py) whose
    ranking entry, if it is one, names a game, mode and columns this service has; else
    Refused."""
    cabinet, message = decode(topic, payload)
    if message["kind"] == RANK:
        _known_row(message["body"])
    return cabinet, message


def _known_row(body: dict[str, Any]) -> None:
    game, mode = body["game"], body["mode"]
    if game not in CARTRIDGES:
        raise Refused(f"unknown game {game[:40]!r}")
    if mode not in CARTRIDGES[game].board.ranking.modes:
        raise Refused(f"unknown mode {mode[:40]!r}")
    columns = CARTRIDGES[game].board.ranking.columns
    if set(body["values"]) != set(columns):
        raise Refused(f"values are not the columns {', '.join(columns)}")


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
    return check_row(body["game"], entry, _OneReplay(body["replay_id"], text),  # type: ignore[arg-type]
                     body["mode"])


def claimed_frames(body: dict[str, Any]) -> int:
    """The frames a ranking entry's replay says it holds (its header alone is read); 0 when
    its header cannot be read (re-simulating it then fails at once)."""
    header = _header(str(body["attached"]))
    try:
        return header_count(header, "frames", MAX_FRAMES) if header is not None else 0
    except ReplayError:
        return 0


def _header(text: str) -> dict[str, Any] | None:
    lines = text.split("\n", 2)
    try:
        return parse_header(lines[1]) if len(lines) > 1 else None
    except ReplayError:
        return None


def game_digest(text: str) -> str | None:
    """The game a replay holds, whatever its header's ``meta`` says (who, where): the same
    game sent again or relabelled has the same digest. None when its header is unreadable."""
    header = _header(text)
    if header is None:
        return None
    header.pop("meta", None)
    inputs = text.split("\n", 2)[2] if text.count("\n") >= 2 else ""
    game = json.dumps(header, sort_keys=True) + "\n" + inputs
    return hashlib.blake2b(game.encode(), digest_size=16).hexdigest()


def first_look(body: dict[str, Any], entry_frames: int, cabinet: str | None = None,
               ca_pem: bytes | None = None, refuse_unnamed: bool = REFUSE_UNNAMED
               ) -> tuple[str, str]:
    """What the intake decides of a ranking entry without re-simulating it: refused when
    its replay's id is not its digest, its header names another cabinet than ``cabinet``
    (the sender, whose certificate the broker checked) or, with ``refuse_unnamed``
    (fleet/decisions.py), names none, it is not signed by that cabinet
    with a certificate of the fleet's CA ``ca_pem`` (when given), or it claims more frames
    than one entry may take to re-simulate, else PENDING (fleet/verifier.py re-simulates
    it)."""
    if replay_id(body["attached"]) != body["replay_id"]:
        return FAILED, "the replay's id is not its digest"
    meta = (_header(body["attached"]) or {}).get("meta")
    named = meta.get("cabinet") if isinstance(meta, dict) else None
    if cabinet is not None and named is not None and named != cabinet:
        return FAILED, f"the replay names cabinet {str(named)[:63]!r}, not its sender"
    if cabinet is not None and named is None and refuse_unnamed:
        return FAILED, "the replay names no cabinet"
    if cabinet is not None and ca_pem is not None:
        why = check_rank_signature(ca_pem, cabinet, body)
        if why is not None:
            return FAILED, why
    frames = claimed_frames(body)
    if frames > entry_frames:
        return FAILED, (f"the replay claims {frames} frames; one entry may take "
                        f"{entry_frames} to re-simulate")
    return PENDING, "waiting to be re-simulated"
