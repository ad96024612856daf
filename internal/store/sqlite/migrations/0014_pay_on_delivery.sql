-- Pay on delivery (issue 20, docs/decisions/0020). Keep in step with
-- ../../postgres/migrations/0014_pay_on_delivery.sql.

-- Staff's switches: pay on delivery and its ceiling (pesewas, default GH₵ 2,000):
-- one row, changed from the staff area.
CREATE TABLE payment_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    cod_enabled    INTEGER NOT NULL DEFAULT 0 CHECK (cod_enabled IN (0, 1)),
    cod_max_amount INTEGER NOT NULL DEFAULT 200000 CHECK (cod_max_amount > 0),
    -- Whether store owners may refund their own part of paid orders (0019).
    store_refunds  INTEGER NOT NULL DEFAULT 0 CHECK (store_refunds IN (0, 1)),
    updated_at     INTEGER NOT NULL DEFAULT 0
);
INSERT INTO payment_settings (id) VALUES (1);

-- A store's opt-in (Seller Centre store settings).
ALTER TABLE stores ADD COLUMN accepts_cod INTEGER NOT NULL DEFAULT 0 CHECK (accepts_cod IN (0, 1));

-- When the shopper chose to pay on delivery (NULL: paid online, or not yet).
ALTER TABLE orders ADD COLUMN cod_at INTEGER;

-- A store's part of a pay-on-delivery order: when the rider collected the
-- money, or when the store cancelled the part unpaid, and why.
ALTER TABLE order_items ADD COLUMN cod_paid_at INTEGER;
ALTER TABLE order_items ADD COLUMN cancelled_at INTEGER;
ALTER TABLE order_items ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
