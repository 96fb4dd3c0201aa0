"""Keys and certificates of the fleet (the ``cryptography`` package).

A cabinet makes its own key and a signing request (``bloxcab fleet enroll``); the key never
leaves the cabinet. The operator signs the request with the fleet's CA (``bloxcab fleet
sign``). The certificate's common name is the cabinet id, which the broker takes as the
user name: a cabinet may publish only under ``bloxcab/<its id>/``. Names starting with
``fleet-`` are the service's (``fleet-service``, ``fleet-service-<suffix>``): no cabinet gets
one. The operator also makes the service's client certificate and the broker's server
certificate here (``bloxcab fleet service-cert``, ``bloxcab fleet broker-cert``).
"""

from __future__ import annotations

import base64
import datetime
import ipaddress
import json
import os
import re
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.message import CABINET_ID, SERVICE_ID

CABINET_DAYS: int = LINK_DECISIONS["certificate_days"].value["cabinet"]
CA_DAYS: int = LINK_DECISIONS["certificate_days"].value["ca"]


RESERVED_PREFIX = "fleet-"  # the service's names (SERVICE_ID and its named instances)
_DNS_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")


class EnrollError(ValueError):
    pass


def check_id(cabinet: str) -> str:
    if not CABINET_ID.match(cabinet) or cabinet.startswith(RESERVED_PREFIX):
        raise EnrollError(f"cabinet id {cabinet!r}: lower-case letters, digits and '-', "
                          f"at most 63, not starting with {RESERVED_PREFIX!r} (the service's "
                          "names)")
    return cabinet


def service_id(suffix: str | None = None) -> str:
    """The service's certificate name: ``fleet-service``, or ``fleet-service-<suffix>`` for
    a named instance."""
    name = SERVICE_ID if suffix is None else f"{SERVICE_ID}-{suffix}"
    if not is_service_id(name):
        raise EnrollError(f"suffix {suffix!r}: lower-case letters, digits and '-', the whole "
                          "name at most 63")
    return name


def is_service_id(name: str) -> bool:
    return bool(CABINET_ID.match(name)) and (
        name == SERVICE_ID or (name.startswith(f"{SERVICE_ID}-")
                               and len(name) > len(SERVICE_ID) + 1))


def check_host(host: str) -> str:
    """A broker's address for its certificate: an IP address or a DNS name."""
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.removesuffix(".").split(".")
    if len(host) > 253 or not all(_DNS_LABEL.match(label) for label in labels):
        raise EnrollError(f"host {host!r}: an IP address or a DNS name (letters, digits, '-' "
                          "and dots)")
    return host


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def new_key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def enroll(cabinet: str, directory: Path) -> tuple[Path, Path]:
    """Write ``cabinet.key`` (0600) and ``cabinet.csr`` in ``directory``; keeps an existing key."""
    check_id(cabinet)
    directory.mkdir(parents=True, exist_ok=True)
    key_path, csr_path = directory / "cabinet.key", directory / "cabinet.csr"
    if key_path.exists():
        loaded = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if not isinstance(loaded, ec.EllipticCurvePrivateKey):
            raise EnrollError(f"{key_path} is not an EC key")
        key = loaded
    else:
        key = new_key()
        _write_private(key_path, key_pem(key))
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cabinet)]))
           .sign(key, hashes.SHA256()))
    csr_path.write_bytes(csr.public_bytes(serialization.Encoding.PEM))
    return key_path, csr_path


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def new_ca(directory: Path, name: str = "bloxcab fleet CA") -> tuple[Path, Path]:
    """A CA key and self-signed certificate (``ca.key``, ``ca.crt``) for an operator."""
    directory.mkdir(parents=True, exist_ok=True)
    key = new_key()
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(_now() - datetime.timedelta(minutes=5))
            .not_valid_after(_now() + datetime.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False,
                                         False), critical=True)
            .sign(key, hashes.SHA256()))
    _write_private(directory / "ca.key", key_pem(key))
    (directory / "ca.crt").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return directory / "ca.key", directory / "ca.crt"


def sign(ca_dir: Path, csr_pem: bytes, *, server_names: list[str] | None = None,
         service: bool = False, days: int = CABINET_DAYS) -> bytes:
    """The certificate (PEM) for a signing request. ``server_names`` makes a broker's
    certificate (serverAuth, the DNS / IP names in its SAN); otherwise a client certificate
    named by the request: a cabinet's, or with ``service`` the fleet service's."""
    ca_key = serialization.load_pem_private_key((ca_dir / "ca.key").read_bytes(), password=None)
    ca_cert = x509.load_pem_x509_certificate((ca_dir / "ca.crt").read_bytes())
    try:
        csr = x509.load_pem_x509_csr(csr_pem)
    except ValueError as exc:
        raise EnrollError(f"not a signing request: {exc}") from None
    if not csr.is_signature_valid:
        raise EnrollError("the signing request's signature does not verify")
    names = csr.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    if len(names) != 1:
        raise EnrollError("the signing request needs exactly one common name")
    common = str(names[0].value)
    builder = (x509.CertificateBuilder().subject_name(csr.subject)
               .issuer_name(ca_cert.subject).public_key(csr.public_key())
               .serial_number(x509.random_serial_number())
               .not_valid_before(_now() - datetime.timedelta(minutes=5))
               .not_valid_after(_now() + datetime.timedelta(days=days))
               .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True))
    if server_names:
        alt: list[x509.GeneralName] = []
        for n in map(check_host, server_names):
            try:
                alt.append(x509.IPAddress(ipaddress.ip_address(n)))
            except ValueError:
                alt.append(x509.DNSName(n))
        builder = (builder.add_extension(x509.SubjectAlternativeName(alt), critical=False)
                   .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                                  critical=False))
    else:
        if service and not is_service_id(common):
            raise EnrollError(f"{common!r} is not a name of the fleet service")
        if not service:
            check_id(common)
        builder = builder.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False)
    cert = builder.sign(ca_key, hashes.SHA256())  # type: ignore[arg-type]
    return cert.public_bytes(serialization.Encoding.PEM)


def issue(ca_dir: Path, name: str, directory: Path, *,
          server_names: list[str] | None = None) -> tuple[Path, Path]:
    """Key, request and certificate in one go (the broker's, the service's, demo cabinets'):
    a server certificate with ``server_names``, else the service's for one of its names, else
    a cabinet's."""
    directory.mkdir(parents=True, exist_ok=True)
    key = new_key()
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
           .sign(key, hashes.SHA256()))
    cert = sign(ca_dir, csr.public_bytes(serialization.Encoding.PEM), server_names=server_names,
                service=not server_names and is_service_id(name))
    _write_private(directory / f"{name}.key", key_pem(key))
    (directory / f"{name}.crt").write_bytes(cert)
    return directory / f"{name}.key", directory / f"{name}.crt"


def common_name(der: bytes) -> str | None:
    cert = x509.load_der_x509_certificate(der)
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if len(names) == 1 else None


# ---- signed ranking entries --------------------------------------------------------------
def _signed_text(cabinet: str, rid: str, text: str) -> bytes:
    return f"bloxcab ranking entry\n{cabinet}\n{rid}\n".encode() + text.encode()


def sign_rank(payload: bytes, cabinet: str, key_path: Path, cert_path: Path) -> bytes:
    """A ranking entry's message (its bytes as the outbox keeps them) with the cabinet's
    signature over its name, the replay's id and text, and the certificate to check it by;
    any other message as it was."""
    message = json.loads(payload)
    body = message.get("body") if isinstance(message, dict) else None
    if not isinstance(body, dict) or not isinstance(body.get("attached"), str):
        return payload
    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    signature = key.sign(_signed_text(cabinet, str(body.get("replay_id")), body["attached"]),
                         ec.ECDSA(hashes.SHA256()))
    body["signature"] = base64.b64encode(signature).decode()
    body["certificate"] = cert_path.read_text()
    return json.dumps(message, sort_keys=True, separators=(",", ":")).encode()


def check_rank_signature(ca_pem: bytes, cabinet: str, body: dict[str, object]) -> str | None:
    """None when the entry is signed by ``cabinet`` with a certificate of the fleet's CA
    that is valid now, else why not (one line)."""
    cert_pem, signature = body.get("certificate"), body.get("signature")
    if not isinstance(cert_pem, str) or not isinstance(signature, str):
        return "the entry is not signed by its cabinet"
    try:
        cert = x509.load_pem_x509_certificate(cert_pem.encode())
        cert.verify_directly_issued_by(x509.load_pem_x509_certificate(ca_pem))
        names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
        if len(names) != 1 or names[0].value != cabinet:
            return "the entry's certificate is not its sender's"
        if not cert.not_valid_before_utc <= _now() <= cert.not_valid_after_utc:
            return "the entry's certificate is not valid now"
        public = cert.public_key()
        if not isinstance(public, ec.EllipticCurvePublicKey):
            return "the entry's certificate has no EC key"
        public.verify(base64.b64decode(signature, validate=True),
                      _signed_text(cabinet, str(body.get("replay_id")), str(body["attached"])),
                      ec.ECDSA(hashes.SHA256()))
    except (ValueError, TypeError, InvalidSignature):
        return "the entry's signature does not check"
    return None
