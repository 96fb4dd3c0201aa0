"""Issue 35 item 8: the uplink says in one line why it cannot reach the broker, against Debian's
Mosquitto with the shipped configuration: the broker's certificate from another CA, made for
another name, expired; nothing listening. Each line comes once, however often paho retries."""

from __future__ import annotations

import datetime
import ipaddress
import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.pki import key_pem, new_ca
from fleet import mosquitto
from tests.fleet_kit import Pki, free_port, need_mosquitto


class Lines(logging.Handler):
    """The uplink's log lines, waited for."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []
        self.cond = threading.Condition()

    def emit(self, record: logging.LogRecord) -> None:
        with self.cond:
            self.lines.append(record.getMessage())
            self.cond.notify_all()

    def wait_for(self, text: str, count: int = 1, timeout: float = 60) -> list[str]:
        with self.cond:
            self.cond.wait_for(lambda: sum(text in line for line in self.lines) >= count,
                               timeout)
            return [line for line in self.lines if text in line]


@pytest.fixture
def lines() -> Iterator[Lines]:
    handler = Lines()
    logger = logging.getLogger("bloxcab.uplink")
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)


def expired_broker_cert(pki: Pki, where: Path) -> tuple[Path, Path]:
    """A server certificate for 127.0.0.1 from the fleet's CA that ran out yesterday."""
    ca_key = serialization.load_pem_private_key((pki.ca / "ca.key").read_bytes(), None)
    assert isinstance(ca_key, ec.EllipticCurvePrivateKey)
    issuer = x509.load_pem_x509_certificate(pki.ca_crt.read_bytes()).subject
    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "broker")]))
            .issuer_name(issuer).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=30))
            .not_valid_after(now - datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    where.mkdir(parents=True, exist_ok=True)
    (where / "old.key").write_bytes(key_pem(key))
    (where / "old.crt").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return where / "old.key", where / "old.crt"


class Brokers:
    def __init__(self, tmp: Path) -> None:
        need_mosquitto("the TLS failures as Mosquitto gives them")
        self.tmp = tmp
        self.pki = Pki(tmp / "pki")
        self.procs: list[object] = []

    def start(self, name: str, cert: tuple[Path, Path] | None = None) -> int:
        """Mosquitto with the shipped configuration and a certificate for 127.0.0.1 only."""
        port = free_port()
        self.procs.append(mosquitto.start(mosquitto.configure(
            self.pki.ca, port, self.tmp / name, cert=cert)))
        return port

    def uplink(self, host: str, port: int, ca: Path | None = None) -> tuple[Uplink,
                                                                         threading.Thread]:
        key, crt = self.pki.cabinet("arcade-7")
        link = Uplink(UplinkConfig("arcade-7", self.tmp / "outbox", host, port,
                                   ca or self.pki.ca_crt, crt, key, retry_max_s=1))
        thread = threading.Thread(target=link.run, daemon=True)
        thread.start()
        return link, thread

    def close(self) -> None:
        for proc in self.procs:
            proc.terminate()  # type: ignore[attr-defined]
            proc.wait(30)  # type: ignore[attr-defined]


@pytest.fixture
def brokers(tmp_path: Path) -> Iterator[Brokers]:
    b = Brokers(tmp_path)
    yield b
    b.close()


def stop(link: Uplink, thread: threading.Thread) -> None:
    link.stop.set()
    link.wake.set()
    thread.join(30)
    assert not thread.is_alive()


@pytest.mark.parametrize(("case", "said"), [
    ("another CA", "certificate verify failed"),
    ("another name", "hostname mismatch"),
    ("expired", "has expired"),
    ("nothing listening", "connection refused"),
])
def test_the_uplink_says_why_it_cannot_connect(brokers: Brokers, lines: Lines, case: str,
                                               said: str) -> None:
    host, ca = "127.0.0.1", None
    if case == "another CA":
        port = brokers.start("mosquitto")
        new_ca(brokers.tmp / "other-ca")
        ca = brokers.tmp / "other-ca" / "ca.crt"
    elif case == "another name":
        port = brokers.start("mosquitto")
        host = "localhost"  # the certificate names 127.0.0.1 only
    elif case == "expired":
        port = brokers.start("mosquitto", expired_broker_cert(brokers.pki, brokers.tmp / "old"))
    else:
        port = free_port()
    link, thread = brokers.uplink(host, port, ca)
    try:
        # paho retries every second (retry_max_s=1): the third failure is said no more
        # than the first, and the first said why.
        first = lines.wait_for(said)
        assert first, lines.lines
        assert first[0].startswith(f"uplink: connecting to {host}:{port} failed: ")
        assert "\n" not in first[0]
        assert link.failure is not None and said in link.failure
        assert not link.connected.is_set()
        with link.lock:
            assert link.lock.wait_for(lambda: link.failures >= 3, 60)
    finally:
        stop(link, thread)
    assert len(lines.wait_for(said, timeout=0)) == 1


def test_a_good_connection_clears_the_failure(brokers: Brokers, lines: Lines) -> None:
    port = brokers.start("mosquitto")
    link, thread = brokers.uplink("127.0.0.1", port)
    try:
        assert link.connected.wait(60)
        assert link.failure is None and lines.lines == []
    finally:
        stop(link, thread)
