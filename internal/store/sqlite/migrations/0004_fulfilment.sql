-- Fulfilment by the stores (Seller Centre). Keep in step with
-- ../../postgres/migrations/0004_fulfilment.sql.

-- Each store ships and delivers its own lines of an order: the lines of one
-- store move together. The order's status follows its lines: shipped once
-- every line has shipped, delivered once every line has been delivered.
ALTER TABLE order_items ADD COLUMN shipped_at INTEGER;
ALTER TABLE order_items ADD COLUMN delivered_at INTEGER;
ALTER TABLE order_items ADD COLUMN tracking_note TEXT NOT NULL DEFAULT '';

-- Every status change of an order or of one store's part of it, with its
-- time and who made it (NULL actor = the system: payment, expiry).
CREATE TABLE order_events (
    id         INTEGER PRIMARY KEY,
    order_id   TEXT    NOT NULL REFERENCES orders (id),
    store_id   INTEGER REFERENCES stores (id),
    status     TEXT    NOT NULL,
    note       TEXT    NOT NULL DEFAULT '',
    actor_id   INTEGER REFERENCES users (id),
    created_at INTEGER NOT NULL
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);
