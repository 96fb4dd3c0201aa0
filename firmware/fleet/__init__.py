"""The fleet: the kiosk's outbox (no network here), the uplink and the fleet service.

The kiosk imports only ``outbox`` and ``feed``; the network parts live in modules the kiosk
never imports (checked by the import rules in pyproject.toml)."""
