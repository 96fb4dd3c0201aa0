"""The cabinet's side of the fleet: the kiosk's outbox and what feeds it (no network here),
the message format both ends share (``message``), the uplink's MQTT client and the
cabinet's key. The operator's fleet service is the top-level ``fleet`` package, which the
cabinet never imports.

The kiosk imports only ``outbox``, ``feed`` and ``message``; the network parts live in
modules the kiosk never imports (checked by the import rules in pyproject.toml)."""
