"""The fleet service, the operator's server: the intake (MQTT to PostgreSQL), the store, the
dashboard and JSON API, the embedded broker and the simulated cabinets for demos, tests and
`bloxcab bench --fleet`. Needs the ``fleet`` extra (`pip install '.[fleet]'`); the cabinet
never imports it, and reads the message format from firmware/uplink/message.py like the
cabinet's uplink does."""
