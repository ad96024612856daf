-- Refunds of successful payments (docs/decisions/0019): one row per refund
-- asked of the provider, its state following the provider's answers and
-- refund.* webhooks. A row is written ("requested") before the provider is
-- asked, under the order's lock, so concurrent requests never promise more
-- than was paid. Keep in step with ../../postgres/migrations/0012_refunds.sql.
CREATE TABLE refunds (
    id                 INTEGER PRIMARY KEY,
    order_id           TEXT    NOT NULL REFERENCES orders (id),
    payment_id         INTEGER NOT NULL REFERENCES payments (id),
    -- the store whose part was refunded by its owner; NULL when staff refunded
    store_id           INTEGER REFERENCES stores (id),
    amount             INTEGER NOT NULL CHECK (amount > 0),
    currency           TEXT    NOT NULL DEFAULT 'GHS',
    status             TEXT    NOT NULL
                       CHECK (status IN ('requested', 'pending', 'processing', 'processed', 'failed')),
    provider           TEXT    NOT NULL,
    provider_refund_id TEXT,
    idempotency_key    TEXT    NOT NULL,
    reason             TEXT    NOT NULL DEFAULT '',
    failure            TEXT    NOT NULL DEFAULT '',
    -- NULL for a refund made outside Dwa (the provider's dashboard)
    requested_by       INTEGER REFERENCES users (id),
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    processed_at       INTEGER,
    UNIQUE (payment_id, idempotency_key)
);
CREATE UNIQUE INDEX refunds_provider_idx ON refunds (provider, provider_refund_id) WHERE provider_refund_id IS NOT NULL;
CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);
CREATE INDEX refunds_payment_idx ON refunds (payment_id);
-- The poll job reads refunds the provider has not settled, oldest first.
CREATE INDEX refunds_open_idx ON refunds (updated_at) WHERE status IN ('pending', 'processing');
