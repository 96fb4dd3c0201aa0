-- The fleet's first schema: cabinets, every message seen (for redelivery), bookkeeping,
-- game results, notices, ranking entries (verified or refused) and their replays.
CREATE TABLE cabinets (
    id          text PRIMARY KEY,
    venue       text NOT NULL DEFAULT '',
    first_seen  timestamptz NOT NULL DEFAULT now(),
    last_seen   timestamptz NOT NULL DEFAULT now(),
    last_beat   timestamptz,
    beat        jsonb
);
CREATE TABLE messages (
    cabinet     text NOT NULL REFERENCES cabinets(id),
    id          text NOT NULL,
    kind        text NOT NULL,
    seq         bigint NOT NULL,
    at          timestamptz NOT NULL,
    received    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (cabinet, id)
);
CREATE TABLE book (
    cabinet     text NOT NULL,
    id          text NOT NULL,
    at          timestamptz NOT NULL,
    totals      jsonb NOT NULL,
    delta       jsonb NOT NULL,
    coins       bigint NOT NULL,  -- the coins of every chute in delta
    reset       boolean NOT NULL DEFAULT false,
    PRIMARY KEY (cabinet, id),
    FOREIGN KEY (cabinet, id) REFERENCES messages(cabinet, id)
);
CREATE INDEX book_day ON book (cabinet, at);
CREATE TABLE results (
    cabinet     text NOT NULL,
    id          text NOT NULL,
    at          timestamptz NOT NULL,
    game        text NOT NULL,
    player      integer NOT NULL,
    summary     jsonb NOT NULL,
    PRIMARY KEY (cabinet, id),
    FOREIGN KEY (cabinet, id) REFERENCES messages(cabinet, id)
);
CREATE TABLE notices (
    cabinet     text NOT NULL,
    id          text NOT NULL,
    at          timestamptz NOT NULL,
    text        text NOT NULL,
    PRIMARY KEY (cabinet, id),
    FOREIGN KEY (cabinet, id) REFERENCES messages(cabinet, id)
);
CREATE TABLE replays (
    replay_id   text PRIMARY KEY,
    text        text NOT NULL
);
CREATE TABLE rankings (
    cabinet     text NOT NULL,
    id          text NOT NULL,
    at          timestamptz NOT NULL,
    game        text NOT NULL,
    mode        text NOT NULL,
    initials    text NOT NULL,
    figures     jsonb NOT NULL,
    score       bigint NOT NULL,
    replay_id   text NOT NULL REFERENCES replays(replay_id),
    verified    boolean NOT NULL,
    reason      text NOT NULL DEFAULT '',
    PRIMARY KEY (cabinet, id),
    FOREIGN KEY (cabinet, id) REFERENCES messages(cabinet, id)
);
CREATE INDEX rankings_table ON rankings (game, mode, verified, score DESC);
-- Messages that were refused before they could be stored (bad shape, wrong topic).
CREATE TABLE flags (
    n           bigserial PRIMARY KEY,
    cabinet     text,
    received    timestamptz NOT NULL DEFAULT now(),
    reason      text NOT NULL
);
CREATE TABLE operators (
    name        text PRIMARY KEY,
    salt        bytea NOT NULL,
    hash        bytea NOT NULL
);
