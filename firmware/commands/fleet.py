"""`bloxcab fleet enroll|ca|sign`: the fleet's keys and certificates.

    bloxcab fleet enroll --cabinet ID [--keys DIR]     on the cabinet: key (kept) + request
    bloxcab fleet ca DIR                               on the operator's side: a new CA
    bloxcab fleet sign --ca DIR REQUEST [--out FILE]   the operator signs a cabinet's request
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from firmware.errors import UsageError
from firmware.savedata import save_dir as resolve_save_dir


def register(sub: Any) -> None:
    parser = sub.add_parser("fleet", help="enroll a cabinet, sign its certificate")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True,
                                    parser_class=type(parser))
    enroll = actions.add_parser("enroll", help="make this cabinet's key and signing request")
    enroll.add_argument("--cabinet", required=True, help="the cabinet's id, e.g. arcade-7")
    enroll.add_argument("--keys", help="where the key goes (default: SAVE_DIR/fleet)")
    enroll.add_argument("--save-dir", help="save data directory")
    enroll.set_defaults(handler=run_enroll)
    ca = actions.add_parser("ca", help="make the fleet's certificate authority")
    ca.add_argument("dir", help="folder for ca.key and ca.crt")
    ca.set_defaults(handler=run_ca)
    sign = actions.add_parser("sign", help="sign a cabinet's request with the fleet's CA")
    sign.add_argument("--ca", required=True, help="folder with ca.key and ca.crt")
    sign.add_argument("request", help="the cabinet's cabinet.csr")
    sign.add_argument("--out", help="where the certificate goes (default: next to the request"
                      " as cabinet.crt)")
    sign.set_defaults(handler=run_sign)


def _pki() -> Any:
    try:
        from firmware.fleet import pki
    except ImportError as exc:
        raise UsageError(f"the fleet parts are not installed ({exc.name}): "
                         "pip install 'bloxcab[fleet]'") from None
    return pki


def run_enroll(args: argparse.Namespace) -> int:
    pki = _pki()
    keys = Path(args.keys) if args.keys else Path(resolve_save_dir(args.save_dir)) / "fleet"
    try:
        key, csr = pki.enroll(args.cabinet, keys)
    except (pki.EnrollError, OSError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    print(f"key {key} (stays here), signing request {csr}: have it signed with "
          "`bloxcab fleet sign`, then put cabinet.crt and ca.crt next to the key")
    return 0


def run_ca(args: argparse.Namespace) -> int:
    pki = _pki()
    where = Path(args.dir)
    if (where / "ca.key").exists():
        raise UsageError(f"{where / 'ca.key'} exists; not overwritten")
    try:
        key, crt = pki.new_ca(where)
    except OSError as exc:
        raise UsageError(f"{where}: {exc.strerror or exc}") from None
    print(f"CA key {key} (keep it offline), certificate {crt}")
    return 0


def run_sign(args: argparse.Namespace) -> int:
    pki = _pki()
    request = Path(args.request)
    try:
        cert = pki.sign(Path(args.ca), request.read_bytes())
    except OSError as exc:
        raise UsageError(f"{exc.filename}: {exc.strerror or exc}") from None
    except (pki.EnrollError, ValueError, TypeError) as exc:
        raise UsageError(f"{request}: {exc}") from None
    out = Path(args.out) if args.out else request.with_name("cabinet.crt")
    out.write_bytes(cert)
    print(f"certificate {out}")
    return 0
