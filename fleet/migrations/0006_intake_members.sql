-- Named `fleet serve` instances (fleet/members.py): each one's client id, and while it waits
-- for its own session back from a survivor, the PostgreSQL process id of its waiting
-- connection (a survivor hands the session back only to a member whose connection is open).
CREATE TABLE intake_members (
    name        text PRIMARY KEY,
    asking      integer,
    joined      timestamptz NOT NULL DEFAULT now()
);
