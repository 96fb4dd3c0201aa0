"""`bloxcab fleet ...`: the fleet's keys and certificates, the service and its operators.

    bloxcab fleet enroll --cabinet ID [--keys DIR]     on the cabinet: key (kept) + request
    bloxcab fleet ca DIR                               on the operator's side: a new CA
    bloxcab fleet sign --ca DIR REQUEST [--out FILE]   the operator signs a cabinet's request
    bloxcab fleet service-cert --ca DIR [--suffix S] [--out DIR]   the service's certificate
    bloxcab fleet broker-cert --ca DIR --host NAME_OR_IP [--host ...] [--out DIR]
    bloxcab fleet serve --db URL --broker HOST:PORT --keys DIR [--http HOST:PORT] [--proxy ADDR]
                                                       [--name N]
    bloxcab fleet serve --demo                         everything embedded, simulated cabinets
    bloxcab fleet operator NAME --db URL               add an operator (password on stdin)
    bloxcab fleet operator NAME --db URL --delete      remove one, and all its sessions

The keys are the cabinet's code (firmware/uplink/pki.py, the ``uplink`` extra); `serve` and
`operator` reach the fleet service (the top-level ``fleet`` package, the ``fleet`` extra)
only when they run, and say so in one line where it is not installed.
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
from typing import Any

from firmware.errors import FLEET_NOT_INSTALLED, UsageError
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
    service = actions.add_parser("service-cert", help="make the fleet service's key and "
                                 "client certificate")
    service.add_argument("--ca", required=True, help="folder with ca.key and ca.crt")
    service.add_argument("--suffix", help="a named instance: fleet-service-SUFFIX")
    service.add_argument("--out", default=".", help="folder for the key, the certificate and "
                         "a copy of ca.crt: `fleet serve --keys` (default: here)")
    service.set_defaults(handler=run_service_cert)
    broker = actions.add_parser("broker-cert", help="make the broker's key and server "
                                "certificate")
    broker.add_argument("--ca", required=True, help="folder with ca.key and ca.crt")
    broker.add_argument("--host", required=True, action="append",
                        help="a DNS name or IP address the cabinets reach the broker by "
                        "(again for more)")
    broker.add_argument("--out", default=".", help="folder for broker.key, broker.crt and a "
                        "copy of ca.crt (default: here)")
    broker.set_defaults(handler=run_broker_cert)
    serve = actions.add_parser("serve", help="the fleet service: intake, dashboard, JSON API")
    serve.add_argument("--db", help="PostgreSQL URL (postgresql://...)")
    serve.add_argument("--broker", help="HOST:PORT of the MQTT broker (TLS)")
    serve.add_argument("--keys", help="folder with ca.crt, fleet-service.crt, fleet-service.key")
    serve.add_argument("--http", default="127.0.0.1:8080", help="where the dashboard listens")
    serve.add_argument("--name", help="this instance's name among several sharing the work "
                       "(its certificate: fleet-service-NAME.crt and .key in --keys, with "
                       "the other instances'); one takes over a lost one's share")
    serve.add_argument("--no-shared", action="store_true",
                       help="plain subscription (brokers without $share/)")
    serve.add_argument("--demo", action="store_true", help="embedded PostgreSQL and broker in "
                       "a temporary folder, with simulated cabinets")
    serve.add_argument("--proxy", action="append", metavar="ADDRESS",
                       help="a reverse proxy's address (or network) in front of the dashboard: "
                       "its X-Forwarded-Proto and X-Forwarded-For are believed (again for more)")
    serve.add_argument("--https-cert", help="serve the dashboard over HTTPS with this "
                       "certificate (PEM) ...")
    serve.add_argument("--https-key", help="... and this key")
    serve.set_defaults(handler=run_serve)
    op = actions.add_parser("operator", help="add or change a dashboard login, or remove one")
    op.add_argument("name")
    op.add_argument("--db", required=True, help="PostgreSQL URL")
    op.add_argument("--delete", action="store_true",
                    help="remove the operator and end all their sessions")
    op.set_defaults(handler=run_operator)


def _pki() -> Any:
    try:
        from firmware.uplink import pki
    except ImportError as exc:
        raise UsageError(f"the uplink's parts are not installed ({exc.name}): "
                         "pip install 'bloxcab[uplink]'") from None
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


def _issue(args: argparse.Namespace, name: str, server_names: list[str] | None) -> int:
    """A key and certificate made here, signed by the CA in ``--ca``, with a copy of ca.crt."""
    pki = _pki()
    ca, out = Path(args.ca), Path(args.out)
    if (out / f"{name}.key").exists():
        raise UsageError(f"{out / (name + '.key')} exists; not overwritten")
    try:
        ca_crt = (ca / "ca.crt").read_bytes()
        key, crt = pki.issue(ca, name, out, server_names=server_names)
        if (out / "ca.crt").resolve() != (ca / "ca.crt").resolve():
            (out / "ca.crt").write_bytes(ca_crt)
    except OSError as exc:
        raise UsageError(f"{exc.filename}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise UsageError(f"{ca}: {exc}") from None
    print(f"key {key}, certificate {crt}, the CA's certificate {out / 'ca.crt'}")
    return 0


def run_service_cert(args: argparse.Namespace) -> int:
    pki = _pki()
    try:
        name = pki.service_id(args.suffix)
    except pki.EnrollError as exc:
        raise UsageError(str(exc)) from None
    return _issue(args, name, None)


def run_broker_cert(args: argparse.Namespace) -> int:
    pki = _pki()
    try:
        hosts = [pki.check_host(h) for h in args.host]
    except pki.EnrollError as exc:
        raise UsageError(str(exc)) from None
    return _issue(args, "broker", hosts)


def _hostport(text: str, what: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"{what} {text!r}: expected HOST:PORT")
    return host, int(port)


def _proxies(given: list[str] | None) -> list[str] | None:
    import ipaddress

    for proxy in given or []:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise UsageError(f"--proxy {proxy!r}: an IP address or network, e.g. 127.0.0.1 "
                             "or 10.0.0.0/8") from None
    return given


def _https(cert: str | None, key: str | None) -> tuple[Path, Path] | None:
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise UsageError("--https-cert and --https-key go together")
    import ssl

    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(cert, key)
    except OSError as exc:  # ssl.SSLError is one too
        raise UsageError(f"--https-cert {cert} --https-key {key}: "
                         f"{exc.strerror or getattr(exc, 'reason', None) or exc}") from None
    return Path(cert), Path(key)


def run_serve(args: argparse.Namespace) -> int:
    http = _hostport(args.http, "--http")
    proxies, https = _proxies(args.proxy), _https(args.https_cert, args.https_key)
    if args.demo and (args.db or args.broker or args.keys):
        # The demo writes its demo operator and cabinets into its database: never a real one.
        raise UsageError("--demo runs its own database and broker: it takes no --db, "
                         "--broker or --keys")
    if not args.demo and not (args.db and args.broker and args.keys):
        raise UsageError("--db, --broker and --keys are needed (or --demo)")
    try:
        from fleet.serve import ServeError, serve
    except ImportError:
        raise UsageError(FLEET_NOT_INSTALLED) from None
    if args.demo and importlib.util.find_spec("pgserver") is None:
        raise UsageError("--demo runs PostgreSQL from pgserver, which has no wheel for this "
                         "machine: give --db (a PostgreSQL URL), --broker and --keys")
    import logging
    import warnings

    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    # pgserver logs every initdb/pg_ctl command line; platformdirs warns of a missing
    # XDG_RUNTIME_DIR (a root shell): neither is the operator's business.
    for noisy in ("amqtt", "transitions", "pgserver"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    warnings.filterwarnings("ignore", module="platformdirs")
    broker = _hostport(args.broker, "--broker") if args.broker else None
    keys = Path(args.keys) if args.keys else None
    if args.name is not None:
        from fleet.service_names import member_id

        if args.demo:
            raise UsageError("--name is for instances sharing a broker and database, "
                             "not --demo")
        try:
            client_id = member_id(args.name)
        except ValueError as exc:
            raise UsageError(f"--name: {exc}") from None
        assert keys is not None
        for part in (f"{client_id}.crt", f"{client_id}.key", "ca.crt"):
            if not (keys / part).is_file():
                raise UsageError(f"--name {args.name}: no {keys / part} (the instance's "
                                 f"certificate has the common name {client_id})")
    try:
        return serve(db_url=args.db, broker=broker, keys=keys, shared=not args.no_shared,
                     http=http, demo=args.demo, proxies=proxies, https=https, name=args.name)
    except ServeError as exc:
        raise UsageError(str(exc)) from None


def run_operator(args: argparse.Namespace) -> int:
    import sys

    try:
        from fleet import store
    except ImportError:
        raise UsageError(FLEET_NOT_INSTALLED) from None
    name = args.name[:64]
    if args.delete:
        with store.connect(args.db) as conn:
            store.migrate(conn)
            if not store.delete_operator(conn, name):
                raise UsageError(f"no operator {name!r}")
        print(f"operator {name} removed, with all their sessions")
        return 0
    password = sys.stdin.readline().rstrip("\n")
    if len(password) < 8:
        raise UsageError("a password of at least 8 characters on stdin")
    with store.connect(args.db) as conn:
        store.migrate(conn)
        store.set_operator(conn, name, password)
    print(f"operator {name} set")
    return 0
