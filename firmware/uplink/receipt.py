"""The fleet service's receipts, stated once for both ends: after its transaction commits,
the service publishes on ``bloxcab/<cabinet>/receipt`` the ids of that cabinet's messages it
has done with (stored, found again, or refused and flagged), as one JSON object::

    {"ids": ["0a1b2c3d-12", "0a1b2c3d-13"]}

Only the cabinet reads its own receipt topic (fleet/conf/acl, fleet/broker.py's
``allowed``); the uplink deletes an outbox entry once a receipt names it
(firmware/uplink/client.py). No network code: the service and the uplink import it."""

from __future__ import annotations

import json
import re
from typing import Any

from firmware.uplink.message import TOPIC_ROOT

RECEIPT = "receipt"  # the topic's last level (no message kind: the service publishes it)
MAX_IDS = 1000  # a receipt names at most this many ids (a batch of the intake is 200)
_ID = re.compile(r"^[0-9a-f]{8}-[0-9]{1,12}$")


def receipt_topic(cabinet: str) -> str:
    return f"{TOPIC_ROOT}/{cabinet}/{RECEIPT}"


def encode_receipt(ids: list[str]) -> bytes:
    return json.dumps({"ids": ids}, separators=(",", ":")).encode()


def decode_receipt(payload: bytes | bytearray) -> list[str]:
    """The ids a receipt names; none when it is not a receipt (one from an unknown source
    deletes nothing it does not name, and a malformed one names nothing)."""
    if len(payload) > MAX_IDS * 32:
        return []
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return []
    ids = data.get("ids") if isinstance(data, dict) else None
    if not isinstance(ids, list):
        return []
    return [i for i in ids[:MAX_IDS] if isinstance(i, str) and _ID.match(i)]


def message_id_of(payload: bytes | bytearray) -> str | None:
    """The id of an outbox entry's message (its bytes as kept), or None if unreadable."""
    try:
        data: Any = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    mid = data.get("id") if isinstance(data, dict) else None
    return mid if isinstance(mid, str) and _ID.match(mid) else None
