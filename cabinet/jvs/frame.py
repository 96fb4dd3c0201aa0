"""JVS packet framing: checksum, escaping and whole frames (pure functions).

Source: JVS-TR §3.1. A frame is ``SYNC DEST N payload... SUM``; N counts the bytes after it
including SUM; SUM is the sum mod 256 of DEST, N and payload. Every byte after SYNC that
equals SYNC or MARK is sent as ``MARK (byte - 1)``; length and SUM use unescaped bytes.
"""

from __future__ import annotations

from cabinet.jvs.codes import MARK, SYNC

# Source: JVS-TR §3.1: N is one byte and counts payload + SUM, so a payload is at most 254 bytes.
MAX_PAYLOAD = 254


def checksum(data: bytes) -> int:
    """Sum mod 256 of DEST, N and the payload (everything between SYNC and SUM)."""
    return sum(data) & 0xFF


def escape(data: bytes) -> bytes:
    """Escape every SYNC or MARK byte as MARK followed by the byte minus one."""
    out = bytearray()
    for byte in data:
        if byte in (SYNC, MARK):
            out += bytes((MARK, byte - 1))
        else:
            out.append(byte)
    return bytes(out)


def unescape(data: bytes) -> bytes:
    """Undo `escape`: MARK means "add one to the next byte". A trailing MARK is dropped."""
    out = bytearray()
    marked = False
    for byte in data:
        if marked:
            out.append((byte + 1) & 0xFF)
            marked = False
        elif byte == MARK:
            marked = True
        else:
            out.append(byte)
    return bytes(out)


def encode(dest: int, payload: bytes) -> bytes:
    """One complete frame on the wire, escaped, for node `dest`."""
    if not 0 <= dest <= 0xFF:
        raise ValueError(f"node {dest} is not a byte")
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    body = bytes((dest, len(payload) + 1)) + payload
    return bytes((SYNC,)) + escape(body + bytes((checksum(body),)))
