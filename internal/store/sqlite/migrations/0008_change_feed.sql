-- The catalogue change feed (docs/decisions/0016-live-catalogue.md). Keep
-- in step with ../../postgres/migrations/0008_change_feed.sql.
--
-- search_meta.version is the change sequence: every transaction that changes
-- what product lists or search return takes the next value (the row stays
-- locked until it commits, so commits are in sequence order) and stamps it
-- on each product it changed. Each instance applies the products stamped
-- after the sequence it has seen to its in-memory catalogue index.
-- tree_seq is the last sequence that changed categories or stores (names,
-- visibility, new ones); reset_seq the last Store.Reset, after which an
-- instance builds its index anew (products are deleted only there).
-- rank_version is gone: stock and ratings are stamped like any change.
ALTER TABLE products ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
CREATE INDEX products_change_seq_idx ON products (change_seq);
ALTER TABLE search_meta ADD COLUMN tree_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_meta ADD COLUMN reset_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_meta DROP COLUMN rank_version;
