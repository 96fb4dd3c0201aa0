"""One bank record: header, payload, CRC32 — the arcade backup-RAM checksum, on a file.

Layout (little-endian):
    magic           4 bytes  b"BLXS"
    schema version  u16      version of the payload schema (see schema.py / migrate.py)
    reserved        u16      0
    sequence        u64      monotonic commit number; never wraps
    payload length  u32
    payload         bytes    UTF-8 JSON
    CRC32           u32      zlib.crc32 over header + payload

# Source: the arcade A/B backup-bank pattern (as in MAME's NVRAM handling) (magic, format version,
# 64-bit sequence, payload length, CRC32 of
# header+payload).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from firmware.file_decisions import FILE_DECISIONS

MAGIC = b"BLXS"
HEADER = struct.Struct("<4sHHQI")
TRAILER = struct.Struct("<I")
MAX_PAYLOAD: int = FILE_DECISIONS["save_payload_bytes"].value
MAX_RECORD = HEADER.size + MAX_PAYLOAD + TRAILER.size


class BadRecord(ValueError):
    """The bytes are not a valid bank record; the message says why in a few words."""


@dataclass(frozen=True)
class Record:
    version: int
    sequence: int
    payload: bytes


def encode(record: Record) -> bytes:
    if len(record.payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(record.payload)} bytes exceeds {MAX_PAYLOAD}")
    head = HEADER.pack(MAGIC, record.version, 0, record.sequence, len(record.payload))
    body = head + record.payload
    return body + TRAILER.pack(zlib.crc32(body))


def decode(raw: bytes) -> Record:
    if len(raw) < HEADER.size + TRAILER.size:
        raise BadRecord(f"short ({len(raw)} bytes)")
    magic, version, reserved, sequence, length = HEADER.unpack_from(raw)
    if magic != MAGIC:
        raise BadRecord("bad magic")
    if HEADER.size + length + TRAILER.size != len(raw):
        raise BadRecord("length mismatch")
    body = raw[: HEADER.size + length]
    (crc,) = TRAILER.unpack_from(raw, HEADER.size + length)
    if zlib.crc32(body) != crc:
        raise BadRecord("CRC mismatch")
    if reserved != 0:
        raise BadRecord("reserved field set")
    payload = raw[HEADER.size : HEADER.size + length]
    return Record(version=version, sequence=sequence, payload=payload)
