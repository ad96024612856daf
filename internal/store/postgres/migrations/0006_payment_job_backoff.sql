-- Background payment jobs retry with backoff, like the mail outbox: a
-- reference the provider keeps failing on waits its turn instead of being
-- re-read first on every pass and blocking every newer one. Keep in step
-- with ../../sqlite/migrations/0006_payment_job_backoff.sql.

-- Provider checks of a pending attempt that failed (re-verify and expiry
-- jobs), and when the next may run; after too many the attempt is flagged
-- 'review' and left to staff.
ALTER TABLE payments ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX payments_due_idx ON payments (next_attempt_at, created_at) WHERE status = 'pending' AND flag = '';

-- Failed applications of a stored provider event; after too many the event
-- is set aside (processed_at stamped, last_error kept).
ALTER TABLE payment_events ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_events ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE payment_events ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
CREATE INDEX payment_events_due_idx ON payment_events (next_attempt_at, id) WHERE processed_at IS NULL;
