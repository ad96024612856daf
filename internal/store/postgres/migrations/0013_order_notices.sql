-- Notices of orders placed, paid and refunded, and message notices by
-- e-mail (issue 22, decision 0018).
-- Keep in step with ../../sqlite/migrations/0013_order_notices.sql.

-- New kinds of notice.
ALTER TABLE notification_prefs DROP CONSTRAINT notification_prefs_kind_check;
ALTER TABLE notification_prefs ADD CONSTRAINT notification_prefs_kind_check
    CHECK (kind IN ('placed', 'paid', 'shipped', 'delivered', 'refund', 'message'));

-- Message notices could not go by e-mail before, so a stored "no e-mail"
-- for them was never the shopper's choice: it becomes the default (every
-- channel), as for a kind never chosen.
UPDATE notification_prefs SET email = TRUE WHERE kind = 'message';
