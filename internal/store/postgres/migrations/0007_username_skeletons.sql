-- Look-alike usernames ("staff" and Cyrillic "ѕtaff") collide on a key
-- computed in Go (internal/names.Skeleton) so that both engines agree; the
-- unique index makes the refusal race-free. Existing rows are filled in by
-- the store right after the migrations run (sqldb.Store.Migrate); a row
-- whose key an older account already holds keeps NULL. Keep in step with
-- ../../sqlite/migrations/0007_username_skeletons.sql.
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
CREATE UNIQUE INDEX users_username_skeleton_idx ON users (username_skeleton);
