-- One network rank per game played: a ranking entry's game digest (its replay without the
-- header's `meta`: the same game relabelled or sent again has the same one); at most one
-- verified entry per digest (entries stored before this have none).
ALTER TABLE rankings ADD COLUMN game_digest text;
CREATE UNIQUE INDEX rankings_one_per_game ON rankings (game_digest) WHERE verified;
