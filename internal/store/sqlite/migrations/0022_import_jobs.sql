-- CSV imports of the Seller Centre run as jobs (issue 24,
-- docs/decisions/0030-import-jobs.md), so that any instance can answer their
-- progress and a restart cannot leave one "running" for ever. Keep in step
-- with ../../postgres/migrations/0022_import_jobs.sql.
--
-- status: queued (admitted, waiting for a worker), running, done (result
-- holds the report, as JSON) or failed (error says why, for the seller).
-- heartbeat_at is refreshed every few seconds by the instance running the
-- job; a queued or running job whose heartbeat is stale lost its instance
-- and is failed at the next start-up or read.
CREATE TABLE import_jobs (
    id           INTEGER PRIMARY KEY,
    store_id     INTEGER NOT NULL REFERENCES stores (id),
    dry_run      INTEGER NOT NULL CHECK (dry_run IN (0, 1)),
    status       TEXT    NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    total_rows   INTEGER NOT NULL DEFAULT 0,
    rows_checked INTEGER NOT NULL DEFAULT 0,
    rows_applied INTEGER NOT NULL DEFAULT 0,
    result       TEXT,
    error        TEXT,
    created_at   INTEGER NOT NULL,
    heartbeat_at INTEGER NOT NULL,
    finished_at  INTEGER
);
CREATE INDEX import_jobs_store_idx ON import_jobs (store_id, id);
CREATE INDEX import_jobs_live_idx ON import_jobs (heartbeat_at) WHERE status IN ('queued', 'running');
