"""Issue 35 item 8: the operator's certificates. `fleet sign` gives no cabinet a name of the
service's (`fleet-...`); `fleet service-cert` makes the service's client certificate (a named
instance's with `--suffix`) and `fleet broker-cert` the broker's server certificate, which
Debian's Mosquitto serves and a client verifying the broker by name or by address accepts."""

from __future__ import annotations

import ipaddress
import os
import ssl
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from paho.mqtt.enums import CallbackAPIVersion

from firmware.cli import main
from fleet import mosquitto
from tests.fleet_kit import free_port, need_mosquitto


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def ca(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["fleet", "ca", str(tmp_path / "ca")]) == 0
    capsys.readouterr()
    return tmp_path / "ca"


def request(where: Path, name: str) -> Path:
    """A signing request with any common name, as someone other than `fleet enroll` (which
    refuses these names itself) could make it."""
    key = ec.generate_private_key(ec.SECP256R1())
    csr = (x509.CertificateSigningRequestBuilder()
           .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
           .sign(key, hashes.SHA256()))
    path = where / f"{name.replace('/', '_')}.csr"
    path.write_bytes(csr.public_bytes(serialization.Encoding.PEM))
    return path


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def common_name(cert: x509.Certificate) -> str:
    return str(cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value)


@pytest.mark.parametrize("name", ["fleet-service", "fleet-service-b", "fleet-anything",
                                  "Arcade-7", "arcade 7", "-arcade", "a" * 64])
def test_sign_refuses_the_services_names_and_anything_not_a_cabinets_name(
        ca: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    csr = request(tmp_path, name)
    out = tmp_path / "out.crt"
    assert main(["fleet", "sign", "--ca", str(ca), str(csr), "--out", str(out)]) == 2
    line = one_line(capsys)
    assert repr(name) in line
    if name.startswith("fleet-"):
        assert "'fleet-'" in line
    assert not out.exists()


def test_sign_still_signs_a_cabinet_named_like_fleet_without_the_dash(
        ca: Path, tmp_path: Path) -> None:
    csr = request(tmp_path, "fleetwood-2")
    assert main(["fleet", "sign", "--ca", str(ca), str(csr), "--out",
                 str(tmp_path / "c.crt")]) == 0
    assert common_name(load(tmp_path / "c.crt")) == "fleetwood-2"


@pytest.mark.parametrize(("suffix", "name"), [(None, "fleet-service"),
                                              ("b", "fleet-service-b"),
                                              ("host-2", "fleet-service-host-2")])
def test_service_cert_is_a_client_certificate_of_the_fleets_ca(
        ca: Path, tmp_path: Path, suffix: str | None, name: str) -> None:
    out = tmp_path / "keys"
    argv = ["fleet", "service-cert", "--ca", str(ca), "--out", str(out)]
    assert main(argv + (["--suffix", suffix] if suffix else [])) == 0
    cert, authority = load(out / f"{name}.crt"), load(ca / "ca.crt")
    assert common_name(cert) == name
    cert.verify_directly_issued_by(authority)
    assert (out / "ca.crt").read_bytes() == (ca / "ca.crt").read_bytes()  # --keys is complete
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.CLIENT_AUTH]
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    key = serialization.load_pem_private_key((out / f"{name}.key").read_bytes(), None)
    assert key.public_key() == cert.public_key()
    assert stat.S_IMODE(os.stat(out / f"{name}.key").st_mode) == 0o600


@pytest.mark.parametrize("argv", [
    ["fleet", "service-cert", "--suffix", "B"],
    ["fleet", "service-cert", "--suffix", ""],
    ["fleet", "service-cert", "--suffix", "x" * 60],
    ["fleet", "broker-cert", "--host", "bad host"],
    ["fleet", "broker-cert", "--host=-x.example.org"],
    ["fleet", "broker-cert", "--host", "broker.example.org", "--host", "a..b"],
])
def test_bad_names_and_hosts_are_one_line(ca: Path, tmp_path: Path, argv: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--ca", str(ca), "--out", str(tmp_path / "keys")]) == 2
    one_line(capsys)
    assert not (tmp_path / "keys").exists()


def test_an_existing_key_is_not_overwritten(ca: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fleet", "service-cert", "--ca", str(ca), "--out", str(tmp_path)]
    assert main(argv) == 0
    key = (tmp_path / "fleet-service.key").read_bytes()
    capsys.readouterr()
    assert main(argv) == 2
    assert "not overwritten" in one_line(capsys)
    assert (tmp_path / "fleet-service.key").read_bytes() == key


def test_broker_cert_is_a_server_certificate_for_its_names_and_addresses(
        ca: Path, tmp_path: Path) -> None:
    out = tmp_path / "broker"
    assert main(["fleet", "broker-cert", "--ca", str(ca), "--out", str(out), "--host",
                 "fleet.example.org", "--host", "192.0.2.7", "--host", "2001:db8::7"]) == 0
    cert = load(out / "broker.crt")
    cert.verify_directly_issued_by(load(ca / "ca.crt"))
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.SERVER_AUTH]
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert alt.get_values_for_type(x509.DNSName) == ["fleet.example.org"]
    assert alt.get_values_for_type(x509.IPAddress) == [
        ipaddress.ip_address("192.0.2.7"), ipaddress.ip_address("2001:db8::7")]
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is False
    key = serialization.load_pem_private_key((out / "broker.key").read_bytes(), None)
    assert key.public_key() == cert.public_key()


@pytest.fixture
def broker(ca: Path, tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """Debian's Mosquitto with the shipped configuration and the broker-cert's certificate
    for the name localhost and the address 127.0.0.1; yields (port, the service's keys)."""
    need_mosquitto("the shipped configuration serving the broker's certificate")
    keys = tmp_path / "keys"
    assert main(["fleet", "broker-cert", "--ca", str(ca), "--out", str(keys), "--host",
                 "localhost", "--host", "127.0.0.1"]) == 0
    assert main(["fleet", "service-cert", "--ca", str(ca), "--out", str(keys)]) == 0
    port = free_port()
    proc = mosquitto.start(mosquitto.configure(
        ca, port, tmp_path / "mosquitto", cert=(keys / "broker.key", keys / "broker.crt")))
    yield port, keys
    proc.terminate()
    proc.wait(30)


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1"])
def test_mosquitto_serves_the_broker_cert_to_a_client_checking_the_name(
        broker: tuple[int, Path], host: str) -> None:
    port, keys = broker
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="fleet-service",
                         protocol=mqtt.MQTTv311)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # verifies the chain and the name
    assert context.check_hostname and context.verify_mode == ssl.CERT_REQUIRED
    context.load_verify_locations(keys / "ca.crt")
    context.load_cert_chain(keys / "fleet-service.crt", keys / "fleet-service.key")
    client.tls_set_context(context)
    accepted = threading.Event()
    client.on_connect = lambda c, u, f, reason, p: accepted.set() if not reason.is_failure \
        else None
    client.connect(host, port)  # the TLS handshake, with the name check, happens here
    client.loop_start()
    try:
        assert accepted.wait(30)
    finally:
        client.disconnect()
        client.loop_stop()
