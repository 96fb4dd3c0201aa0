-- The dashboard's sessions, kept here rather than in a signed cookie (fleet/sessions.py): the
-- cookie carries a random token, this table its SHA-256, so a copy of the table opens no
-- session; logging out deletes the row, deleting an operator deletes all of theirs.
CREATE TABLE sessions (
    token_hash  bytea PRIMARY KEY,
    operator    text NOT NULL REFERENCES operators (name) ON DELETE CASCADE,
    csrf        text NOT NULL,
    created     timestamptz NOT NULL DEFAULT now(),
    expires     timestamptz NOT NULL
);
CREATE INDEX sessions_operator ON sessions (operator);
CREATE INDEX sessions_expires ON sessions (expires);
-- Failed logins per operator name and per client address (fleet/throttle.py), shared by every
-- `fleet serve` instance: the failures since the window began, and until when it is blocked.
CREATE TABLE login_failures (
    key         text PRIMARY KEY,
    failures    integer NOT NULL,
    since       timestamptz NOT NULL,
    blocked_until timestamptz
);
