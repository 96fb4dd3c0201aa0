"""The cabinet's name in the fleet, as the kiosk sees it: the common name of the certificate
the operator signed for it (``bloxcab fleet enroll``/``sign``, kept in ``SAVE_DIR/fleet``).
The kiosk writes it into the header of each ranked game's replay, so the fleet service can
check a replay against its sender (fleet/verify.py). A cabinet not enrolled has none.

Read here with a few lines of DER, not the ``cryptography`` package: the kiosk imports no
network or crypto code (pyproject.toml's import rules). Nothing is trusted from it: it is
the cabinet's own file, and the service checks the name against the sender's certificate."""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from firmware.uplink.message import CABINET_ID, SERVICE_ID

FLEET_DIR = "fleet"  # in the save folder: the cabinet's key and certificates
CERTIFICATE = "cabinet.crt"
_COMMON_NAME = bytes.fromhex("0603550403")  # OID 2.5.4.3, DER-encoded
_SEQUENCE, _SET = 0x30, 0x31


def _item(data: bytes, at: int) -> tuple[int, int, int]:
    """(tag, start, end) of the DER item at ``at``; ValueError if it runs past the data."""
    if at + 2 > len(data):
        raise ValueError("short")
    tag, length, start = data[at], data[at + 1], at + 2
    if length & 0x80:
        count = length & 0x7F
        if not 0 < count <= 4 or start + count > len(data):
            raise ValueError("bad length")
        length, start = int.from_bytes(data[start:start + count], "big"), start + count
    if start + length > len(data):
        raise ValueError("short")
    return tag, start, start + length


def _children(data: bytes, start: int, end: int) -> list[tuple[int, int, int]]:
    found, at = [], start
    while at < end:
        item = _item(data, at)
        found.append(item)
        at = item[2]
    return found


def subject_common_name(der: bytes) -> str | None:
    """The subject's common name of a DER certificate (None if none or unreadable)."""
    try:
        tag, start, end = _item(der, 0)
        if tag != _SEQUENCE:
            return None
        tbs = _children(der, start, end)[0]
        fields = _children(der, tbs[1], tbs[2])
        if fields and fields[0][0] == 0xA0:  # [0] version
            fields = fields[1:]
        _, s_start, s_end = fields[4]  # serial, signature, issuer, validity, subject
        for rdn in _children(der, s_start, s_end):
            if rdn[0] != _SET:
                continue
            for attr in _children(der, rdn[1], rdn[2]):
                inner = der[attr[1]:attr[2]]
                if inner.startswith(_COMMON_NAME):
                    _, v_start, v_end = _item(inner, len(_COMMON_NAME))
                    return inner[v_start:v_end].decode()
    except (ValueError, IndexError, UnicodeDecodeError):
        return None
    return None


def cabinet_name(save_dir: Path) -> str | None:
    """This cabinet's id if it is enrolled (a signed certificate in SAVE_DIR/fleet), else
    None; a certificate unreadable or naming no cabinet counts as not enrolled."""
    try:
        pem = (save_dir / FLEET_DIR / CERTIFICATE).read_text()
    except (OSError, UnicodeDecodeError):
        return None
    body = pem.partition("-----BEGIN CERTIFICATE-----")[2].partition("-----END")[0]
    try:
        der = base64.b64decode("".join(body.split()), validate=True)
    except (binascii.Error, ValueError):
        return None
    name = subject_common_name(der)
    if name is None or not CABINET_ID.match(name) or name == SERVICE_ID:
        return None
    return name
