-- Ranking entries are re-simulated off the intake (fleet/verifier.py): one is stored at
-- once as pending, its replay kept aside, and settled later; a replay enters `replays`
-- (served by digest) only once its entry was verified.
ALTER TABLE rankings DROP CONSTRAINT rankings_replay_id_fkey;
ALTER TABLE rankings ADD COLUMN pending boolean NOT NULL DEFAULT false;
ALTER TABLE rankings ADD COLUMN checked timestamptz;
CREATE INDEX rankings_pending ON rankings (cabinet, at) WHERE pending;
CREATE TABLE pending_replays (
    cabinet     text NOT NULL,
    id          text NOT NULL,
    text        text NOT NULL,
    frames      bigint NOT NULL,
    PRIMARY KEY (cabinet, id),
    FOREIGN KEY (cabinet, id) REFERENCES messages(cabinet, id)
);
