-- Mobile money attempts (docs/decisions/0017): the channel, the number
-- charged, its network (Paystack's provider code) and the next step the
-- provider asked for. Keep in step with ../../postgres/migrations/0010_mobile_money.sql.
ALTER TABLE payments ADD COLUMN channel TEXT NOT NULL DEFAULT 'card';
ALTER TABLE payments ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN network TEXT NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN charge_state TEXT NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN display_text TEXT NOT NULL DEFAULT '';

-- The prompt timeout job reads pending mobile money attempts, oldest first.
CREATE INDEX payments_momo_pending_idx ON payments (created_at) WHERE status = 'pending' AND channel = 'mobile_money';
