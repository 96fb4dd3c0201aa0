"""Why the uplink could not reach the broker, in one line for the cabinet's journal: the
broker's certificate not from the fleet's CA, made for another name, expired; the connection
refused; the name not found. OpenSSL's verify codes are X509_V_ERR_* (openssl-verify(1))."""

from __future__ import annotations

import socket
import ssl

# OpenSSL's X509_V_ERR_* codes the operator can act on (see openssl-verify(1)).
_NOT_OUR_CA = {2, 18, 19, 20, 21}  # unknown issuer, self-signed, no chain to a trusted root
_NOT_YET_VALID, _EXPIRED, _HOSTNAME_MISMATCH, _IP_MISMATCH = 9, 10, 62, 64


def connect_failure(exc: OSError, host: str) -> str:
    if isinstance(exc, ssl.SSLCertVerificationError):
        code, detail = exc.verify_code, exc.verify_message
        if code in (_HOSTNAME_MISMATCH, _IP_MISMATCH):
            return f"hostname mismatch: the broker's certificate is not for {host!r}"
        if code == _EXPIRED:
            return f"the broker's certificate has expired ({detail})"
        if code == _NOT_YET_VALID:
            return "the broker's certificate is not valid yet (is this cabinet's clock right?)"
        if code in _NOT_OUR_CA:
            return ("certificate verify failed: the broker's certificate is not signed by the "
                    f"CA in this cabinet's ca.crt ({detail})")
        return f"certificate verify failed: {detail}"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused (is the broker running and listening there?)"
    if isinstance(exc, socket.gaierror):
        return f"the name {host!r} does not resolve ({exc.strerror})"
    if isinstance(exc, TimeoutError):
        return "no answer (timed out)"
    if isinstance(exc, ssl.SSLError):
        return f"TLS failed: {exc.reason or exc}"
    return str(exc.strerror or exc)
