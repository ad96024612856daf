-- Pay on delivery (issue 20, docs/decisions/0020). Keep in step with
-- ../../sqlite/migrations/0014_pay_on_delivery.sql.

-- Staff's switches: pay on delivery and its ceiling (pesewas, default GH₵ 2,000):
-- one row, changed from the staff area.
CREATE TABLE payment_settings (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    cod_enabled    BOOLEAN NOT NULL DEFAULT FALSE,
    cod_max_amount BIGINT  NOT NULL DEFAULT 200000 CHECK (cod_max_amount > 0),
    -- Whether store owners may refund their own part of paid orders (0019).
    store_refunds  BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at     BIGINT  NOT NULL DEFAULT 0
);
INSERT INTO payment_settings (id) VALUES (1);

-- A store's opt-in (Seller Centre store settings).
ALTER TABLE stores ADD COLUMN accepts_cod BOOLEAN NOT NULL DEFAULT FALSE;

-- When the shopper chose to pay on delivery (NULL: paid online, or not yet).
ALTER TABLE orders ADD COLUMN cod_at BIGINT;

-- A store's part of a pay-on-delivery order: when the rider collected the
-- money, or when the store cancelled the part unpaid, and why.
ALTER TABLE order_items ADD COLUMN cod_paid_at BIGINT;
ALTER TABLE order_items ADD COLUMN cancelled_at BIGINT;
ALTER TABLE order_items ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
