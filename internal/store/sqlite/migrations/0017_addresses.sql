-- Address books and the delivery address an order keeps (issue 21,
-- decision 0023).
-- Keep in step with ../../postgres/migrations/0017_addresses.sql.

CREATE TABLE addresses (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users (id),
    recipient_name  TEXT    NOT NULL,
    phone           TEXT    NOT NULL,
    region          TEXT    NOT NULL,
    city            TEXT    NOT NULL,
    area            TEXT    NOT NULL,
    digital_address TEXT    NOT NULL DEFAULT '',
    landmark        TEXT    NOT NULL DEFAULT '',
    directions      TEXT    NOT NULL DEFAULT '',
    is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
CREATE INDEX addresses_user_idx ON addresses (user_id);
-- At most one default per account.
CREATE UNIQUE INDEX addresses_default_idx ON addresses (user_id) WHERE is_default = 1;

-- The order's own copy of its structured address, as JSON (NULL for an
-- order placed with the free-text fields only).
ALTER TABLE orders ADD COLUMN delivery_address TEXT;
