-- Phone numbers as accounts and text messages (issue 22, decision 0018).
-- Keep in step with ../../postgres/migrations/0011_phone_accounts.sql.

-- Text messages share the mail outbox (written in the event's
-- transaction, retried with the same backoff); to_addr holds the number
-- in E.164 form and subject stays empty.
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'mail' CHECK (channel IN ('mail', 'sms'));

-- A verified phone number (E.164, +233…); NULL until one is verified. A
-- number belongs to one account at a time.
ALTER TABLE users ADD COLUMN phone TEXT;
CREATE UNIQUE INDEX users_phone_idx ON users (phone);

-- One-time codes sent by SMS: only a hash of the code is kept. purpose is
-- signin (also signs a new number up), verify (adds the number to
-- user_id's account) or reset (a password reset for user_id).
CREATE TABLE phone_codes (
    id         INTEGER PRIMARY KEY,
    phone      TEXT    NOT NULL,
    purpose    TEXT    NOT NULL CHECK (purpose IN ('signin', 'verify', 'reset')),
    user_id    INTEGER REFERENCES users (id),
    code_hash  TEXT    NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX phone_codes_phone_idx ON phone_codes (phone, purpose, created_at);

-- Which channels each kind of notice goes by; a kind without a row goes by
-- every channel. message notices are texts only.
CREATE TABLE notification_prefs (
    user_id INTEGER NOT NULL REFERENCES users (id),
    kind    TEXT    NOT NULL CHECK (kind IN ('shipped', 'delivered', 'message')),
    email   INTEGER NOT NULL CHECK (email IN (0, 1)),
    sms     INTEGER NOT NULL CHECK (sms IN (0, 1)),
    PRIMARY KEY (user_id, kind)
);
