-- Notices of orders placed, paid and refunded, and message notices by
-- e-mail (issue 22, decision 0018).
-- Keep in step with ../../postgres/migrations/0013_order_notices.sql.

-- New kinds of notice. SQLite cannot change a CHECK in place: the table is
-- rebuilt (nothing refers to it).
CREATE TABLE notification_prefs_new (
    user_id INTEGER NOT NULL REFERENCES users (id),
    kind    TEXT    NOT NULL CHECK (kind IN ('placed', 'paid', 'shipped', 'delivered', 'refund', 'message')),
    email   INTEGER NOT NULL CHECK (email IN (0, 1)),
    sms     INTEGER NOT NULL CHECK (sms IN (0, 1)),
    PRIMARY KEY (user_id, kind)
);
INSERT INTO notification_prefs_new (user_id, kind, email, sms) SELECT user_id, kind, email, sms FROM notification_prefs;
DROP TABLE notification_prefs;
ALTER TABLE notification_prefs_new RENAME TO notification_prefs;

-- Message notices could not go by e-mail before, so a stored "no e-mail"
-- for them was never the shopper's choice: it becomes the default (every
-- channel), as for a kind never chosen.
UPDATE notification_prefs SET email = 1 WHERE kind = 'message';
