-- A ranking entry's rules version: the version of its game it was played under (entries
-- stored before rules versions were played under version 1).
ALTER TABLE rankings ADD COLUMN rules_version integer NOT NULL DEFAULT 1;
