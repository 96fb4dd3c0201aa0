-- The operator's views (fleet/reports.py): a notice an operator acknowledged leaves the open
-- list and keeps who acknowledged it and when; the orders the lists are paged in, indexed.
ALTER TABLE notices ADD COLUMN acked_by text;
ALTER TABLE notices ADD COLUMN acked_at timestamptz;
CREATE INDEX notices_open ON notices (at DESC, cabinet DESC, id DESC) WHERE acked_at IS NULL;
CREATE INDEX notices_acked ON notices (acked_at DESC, cabinet DESC, id DESC)
    WHERE acked_at IS NOT NULL;
CREATE INDEX notices_cabinet_open ON notices (cabinet, at DESC) WHERE acked_at IS NULL;
CREATE INDEX cabinets_last_seen ON cabinets (last_seen, id);
CREATE INDEX book_at ON book (at);
