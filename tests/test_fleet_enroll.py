"""`bloxcab fleet enroll / ca / sign`: a cabinet's key stays put, the request names it, the
signed certificate is a client certificate from the fleet's CA; bad input is one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from firmware.cli import main


def test_enroll_then_sign_gives_a_client_certificate_named_after_the_cabinet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "keys"
    assert main(["fleet", "enroll", "--cabinet", "arcade-7", "--keys", str(keys)]) == 0
    key = (keys / "cabinet.key").read_bytes()
    assert stat.S_IMODE(os.stat(keys / "cabinet.key").st_mode) == 0o600
    assert main(["fleet", "enroll", "--cabinet", "arcade-7", "--keys", str(keys)]) == 0
    assert (keys / "cabinet.key").read_bytes() == key  # enrolling again keeps the key
    assert main(["fleet", "ca", str(tmp_path / "ca")]) == 0
    assert main(["fleet", "sign", "--ca", str(tmp_path / "ca"), str(keys / "cabinet.csr")]) == 0
    cert = x509.load_pem_x509_certificate((keys / "cabinet.crt").read_bytes())
    ca = x509.load_pem_x509_certificate((tmp_path / "ca" / "ca.crt").read_bytes())
    assert cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == "arcade-7"
    assert cert.issuer == ca.subject
    cert.verify_directly_issued_by(ca)
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.CLIENT_AUTH]
    csr = x509.load_pem_x509_csr((keys / "cabinet.csr").read_bytes())
    assert cert.public_key() == csr.public_key()


@pytest.mark.parametrize("argv", [
    ["fleet", "enroll", "--cabinet", "Bad/Name"],
    ["fleet", "enroll", "--cabinet", "fleet-service"],
    ["fleet", "sign", "--ca", "/nonexistent", "/nonexistent.csr"],
    ["uplink", "--cabinet", "a", "--broker", "nohostport"],
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, argv: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, *(["--keys", str(tmp_path)] if argv[1] == "enroll" else [])]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_garbage_request_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", "ca", str(tmp_path / "ca")]) == 0
    bad = tmp_path / "x.csr"
    bad.write_text("not a request\n")
    assert main(["fleet", "sign", "--ca", str(tmp_path / "ca"), str(bad)]) == 2
    assert "not a signing request" in capsys.readouterr().err
