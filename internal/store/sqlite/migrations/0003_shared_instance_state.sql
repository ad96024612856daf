-- State that every instance sharing the database must agree on. Keep in
-- step with ../../postgres/migrations/0003_shared_instance_state.sql.

-- One row per open message stream, so the limit of open streams per user
-- holds across instances. A stream renews its lease with every heartbeat
-- and deletes it when it ends; a lease past expires_at belongs to a stream
-- whose instance died and no longer counts.
CREATE TABLE stream_leases (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    expires_at INTEGER NOT NULL
);
CREATE INDEX stream_leases_user_idx ON stream_leases (user_id, expires_at);

-- The analytics salt of the current UTC day (day = its midnight, Unix ms),
-- shared so that a visitor served by two instances hashes the same. Older
-- rows are deleted as soon as the day changes: a salt is never kept past
-- its day, so earlier visitor hashes cannot be recomputed.
CREATE TABLE analytics_salts (
    day  INTEGER PRIMARY KEY,
    salt TEXT    NOT NULL
);
