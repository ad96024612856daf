-- Seller ledger and payouts (issue 25, docs/decisions/0027). Keep in step
-- with ../../postgres/migrations/0019_payouts.sql.

-- Staff's payout settings: one row.
CREATE TABLE payout_settings (
    id                     INTEGER PRIMARY KEY CHECK (id = 1),
    default_commission_bps INTEGER NOT NULL DEFAULT 1000 CHECK (default_commission_bps BETWEEN 0 AND 10000),
    holding_days           INTEGER NOT NULL DEFAULT 7 CHECK (holding_days BETWEEN 0 AND 90),
    minimum_payout         INTEGER  NOT NULL DEFAULT 5000 CHECK (minimum_payout > 0),
    weekly_payouts         INTEGER NOT NULL DEFAULT 1 CHECK (weekly_payouts IN (0, 1)),
    updated_at             INTEGER  NOT NULL DEFAULT 0
);
INSERT INTO payout_settings (id) VALUES (1);

-- Commission overrides (basis points; NULL: none) and a store's payout hold
-- (NULL reason: not held).
ALTER TABLE categories ADD COLUMN commission_bps INTEGER CHECK (commission_bps BETWEEN 0 AND 10000);
ALTER TABLE stores ADD COLUMN commission_bps INTEGER CHECK (commission_bps BETWEEN 0 AND 10000);
ALTER TABLE stores ADD COLUMN payout_hold TEXT;

-- A journal is one event's double-entry posting; ref makes it idempotent
-- ("sale:<payment>:<store>", "refund:<refund>", "release:<order>:<store>", …).
CREATE TABLE ledger_journals (
    id         INTEGER PRIMARY KEY,
    kind       TEXT   NOT NULL,
    ref        TEXT   NOT NULL UNIQUE,
    order_id   TEXT,
    store_id   INTEGER,
    payout_id  INTEGER,
    memo       TEXT   NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);

-- Lines of a journal sum to zero. Store accounts (store_pending,
-- store_available, store_in_flight, store_paid_out) carry store_id; the
-- mall's (provider_clearing, mall_commission, mall_sales) do not.
CREATE TABLE ledger_lines (
    id         INTEGER PRIMARY KEY,
    journal_id INTEGER NOT NULL REFERENCES ledger_journals (id),
    account    TEXT   NOT NULL,
    store_id   INTEGER,
    order_id   TEXT,
    payout_id  INTEGER,
    kind       TEXT   NOT NULL,
    amount     INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX ledger_lines_store_idx ON ledger_lines (store_id, created_at, id);
CREATE INDEX ledger_lines_account_idx ON ledger_lines (account, created_at);
CREATE INDEX ledger_lines_part_idx ON ledger_lines (order_id, store_id);

-- A store's part of a paid order as the ledger knows it (store 0: lines
-- without a store, kept by the mall): what was earned, the commission, what
-- was refunded, and when its earnings were released.
CREATE TABLE ledger_parts (
    order_id    TEXT    NOT NULL,
    store_id    INTEGER  NOT NULL,
    payment_id  INTEGER,
    items       INTEGER  NOT NULL,
    fee         INTEGER  NOT NULL,
    commission  INTEGER  NOT NULL,
    refunded    INTEGER  NOT NULL DEFAULT 0,
    cod         INTEGER NOT NULL DEFAULT 0 CHECK (cod IN (0, 1)),
    released_at INTEGER,
    created_at  INTEGER  NOT NULL,
    PRIMARY KEY (order_id, store_id)
);
CREATE INDEX ledger_parts_open_idx ON ledger_parts (store_id) WHERE released_at IS NULL;

-- A store's verified payout account (one; replaced when changed).
CREATE TABLE payout_accounts (
    store_id       INTEGER PRIMARY KEY REFERENCES stores (id),
    type           TEXT   NOT NULL CHECK (type IN ('mobile_money', 'bank')),
    bank_code      TEXT   NOT NULL,
    bank_name      TEXT   NOT NULL,
    account_number TEXT   NOT NULL,
    account_name   TEXT   NOT NULL,
    recipient_code TEXT   NOT NULL,
    verified_at    INTEGER NOT NULL
);

CREATE TABLE payouts (
    id              INTEGER PRIMARY KEY,
    store_id        INTEGER NOT NULL REFERENCES stores (id),
    reference       TEXT   NOT NULL UNIQUE,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    status          TEXT   NOT NULL CHECK (status IN ('pending', 'processing', 'paid', 'failed', 'reversed')),
    source          TEXT   NOT NULL CHECK (source IN ('request', 'schedule')),
    -- the seller's Idempotency-Key, or the week of a scheduled payout
    idempotency_key TEXT   NOT NULL,
    account_type    TEXT   NOT NULL,
    bank_code       TEXT   NOT NULL,
    bank_name       TEXT   NOT NULL,
    account_number  TEXT   NOT NULL,
    account_name    TEXT   NOT NULL,
    recipient_code  TEXT   NOT NULL,
    transfer_code   TEXT   NOT NULL DEFAULT '',
    failure         TEXT   NOT NULL DEFAULT '',
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    created_by      INTEGER REFERENCES users (id),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    completed_at    INTEGER,
    UNIQUE (store_id, idempotency_key)
);
-- One payout on its way per store: two requests at once give one payout.
CREATE UNIQUE INDEX payouts_in_flight_idx ON payouts (store_id) WHERE status IN ('pending', 'processing');
CREATE INDEX payouts_store_idx ON payouts (store_id, created_at);
CREATE INDEX payouts_open_idx ON payouts (next_attempt_at) WHERE status IN ('pending', 'processing');
