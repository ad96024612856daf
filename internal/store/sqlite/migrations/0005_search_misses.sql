-- Searches that found nothing, for the staff's analytics. Keep in step
-- with ../../postgres/migrations/0005_search_misses.sql.

-- One row per report from the search page; the visitor hash is the page
-- views' (daily salt), so a term is ranked by distinct visitors per day.
CREATE TABLE search_misses (
    id           INTEGER PRIMARY KEY,
    term         TEXT    NOT NULL,
    visitor_hash TEXT    NOT NULL,
    searched_at  INTEGER NOT NULL
);
CREATE INDEX search_misses_time_idx ON search_misses (searched_at);
