"""The fleet service's own MQTT client ids: ``fleet-service`` (a lone instance) and
``fleet-service-<suffix>`` (``fleet serve --name <suffix>``, fleet/members.py). The broker's
rules (fleet/broker.py, fleet/conf/acl) give these names the service's rights; `fleet sign`
gives no cabinet a name starting ``fleet-``."""

from __future__ import annotations

from firmware.uplink.message import SERVICE_ID

SUFFIX_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
SUFFIX_MAX = 32


def member_id(suffix: str) -> str:
    """The client id (the certificate's common name) of the instance ``--name suffix``."""
    if not (0 < len(suffix) <= SUFFIX_MAX and set(suffix) <= SUFFIX_CHARS
            and suffix[0] != "-" and suffix[-1] != "-"):
        raise ValueError(f"an instance name is 1 to {SUFFIX_MAX} of a-z, 0-9 and inner '-', "
                         f"not {suffix[:40]!r}")
    return f"{SERVICE_ID}-{suffix}"


def is_service(user: str | None) -> bool:
    """The service's own client ids: ``fleet-service`` and ``fleet-service-<suffix>``
    (`fleet sign` gives no cabinet a name starting ``fleet-``)."""
    return user is not None and (user == SERVICE_ID or user.startswith(f"{SERVICE_ID}-"))
