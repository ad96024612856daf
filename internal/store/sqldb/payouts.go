package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// Payouts to stores (docs/decisions/0027).

// PayoutSettings returns staff's payout settings.
func (s *Store) PayoutSettings(ctx context.Context) (shop.PayoutSettings, error) {
	var out shop.PayoutSettings
	var updated int64
	err := s.db.reader().queryRow(ctx, `SELECT default_commission_bps, holding_days, minimum_payout, weekly_payouts, updated_at
		FROM payout_settings WHERE id = 1`).Scan(&out.DefaultCommissionBps, &out.HoldingDays, &out.MinimumPayout,
		&out.WeeklyPayouts, &updated)
	if updated > 0 {
		out.UpdatedAt = shop.FromMillis(updated)
	}
	return out, s.db.translate(err)
}

// UpdatePayoutSettings changes the sent settings, and only those.
func (s *Store) UpdatePayoutSettings(ctx context.Context, ch shop.PayoutSettingsChange, at time.Time) error {
	var l setList
	setIf(&l, "default_commission_bps", ch.DefaultCommissionBps)
	setIf(&l, "holding_days", ch.HoldingDays)
	setIf(&l, "weekly_payouts", ch.WeeklyPayouts)
	if ch.MinimumPayout != nil {
		l.add("minimum_payout", int64(*ch.MinimumPayout))
	}
	l.add("updated_at", shop.Millis(at))
	_, err := s.db.writer().exec(ctx, `UPDATE payout_settings SET `+l.list()+` WHERE id = 1`, l.args...)
	return err
}

// CommissionRates returns the category and store overrides, by name.
func (s *Store) CommissionRates(ctx context.Context) (cats, stores []shop.CommissionRate, err error) {
	c := s.db.reader()
	read := func(q string) ([]shop.CommissionRate, error) {
		rows, err := c.query(ctx, q)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := []shop.CommissionRate{}
		for rows.Next() {
			var r shop.CommissionRate
			if err := rows.Scan(&r.ID, &r.Name, &r.Bps); err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, rows.Err()
	}
	if cats, err = read(`SELECT id, name, commission_bps FROM categories WHERE commission_bps IS NOT NULL ORDER BY name, id`); err != nil {
		return nil, nil, err
	}
	stores, err = read(`SELECT id, name, commission_bps FROM stores WHERE commission_bps IS NOT NULL ORDER BY name, id`)
	return cats, stores, err
}

// SetCommission sets (bps not nil) or clears a category's or store's
// override; false when there is no such row. table is "categories" or
// "stores".
func (s *Store) SetCommission(ctx context.Context, table string, id int64, bps *int) (bool, error) {
	if table != "categories" && table != "stores" {
		return false, errors.New("sqldb: commission of " + table)
	}
	var v any
	if bps != nil {
		v = *bps
	}
	res, err := s.db.writer().exec(ctx, `UPDATE `+table+` SET commission_bps = ? WHERE id = ?`, v, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SetPayoutHold holds (reason not nil) or releases a store's payouts;
// false when there is no such store.
func (s *Store) SetPayoutHold(ctx context.Context, store int64, reason *string) (bool, error) {
	var v any
	if reason != nil {
		v = *reason
	}
	res, err := s.db.writer().exec(ctx, `UPDATE stores SET payout_hold = ? WHERE id = ?`, v, store)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PayoutAccount returns the store's payout account, or nil.
func (s *Store) PayoutAccount(ctx context.Context, store int64) (*shop.PayoutAccount, error) {
	return payoutAccount(ctx, s.db.reader(), store)
}

func payoutAccount(ctx context.Context, c conn, store int64) (*shop.PayoutAccount, error) {
	var a shop.PayoutAccount
	var at int64
	err := c.queryRow(ctx, `SELECT type, bank_code, bank_name, account_number, account_name, recipient_code, verified_at
		FROM payout_accounts WHERE store_id = ?`, store).Scan(&a.Type, &a.BankCode, &a.BankName, &a.AccountNumber,
		&a.AccountName, &a.RecipientCode, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	a.VerifiedAt = shop.FromMillis(at)
	return &a, nil
}

// SavePayoutAccount stores (or replaces) the store's verified account.
func (s *Store) SavePayoutAccount(ctx context.Context, store int64, a shop.PayoutAccount) error {
	_, err := s.db.writer().exec(ctx, `INSERT INTO payout_accounts (store_id, type, bank_code, bank_name, account_number,
		account_name, recipient_code, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (store_id) DO UPDATE SET type = excluded.type, bank_code = excluded.bank_code, bank_name = excluded.bank_name,
			account_number = excluded.account_number, account_name = excluded.account_name,
			recipient_code = excluded.recipient_code, verified_at = excluded.verified_at`,
		store, a.Type, a.BankCode, a.BankName, a.AccountNumber, a.AccountName, a.RecipientCode, shop.Millis(a.VerifiedAt))
	return err
}

const payoutSelect = `SELECT po.id, po.store_id, st.name, po.reference, po.amount, po.status, po.source, po.idempotency_key,
	po.account_type, po.bank_code, po.bank_name, po.account_number, po.account_name, po.recipient_code, po.transfer_code,
	po.failure, po.attempts, po.next_attempt_at, COALESCE(po.created_by, 0), po.created_at, po.updated_at, po.completed_at
	FROM payouts po JOIN stores st ON st.id = po.store_id`

func payoutRows(ctx context.Context, c conn, where string, args ...any) ([]*shop.Payout, error) {
	rows, err := c.query(ctx, payoutSelect+` `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*shop.Payout
	for rows.Next() {
		p := &shop.Payout{}
		var next, created, updated int64
		var done sql.NullInt64
		a := &p.Account
		if err := rows.Scan(&p.ID, &p.StoreID, &p.StoreName, &p.Reference, &p.Amount, &p.Status, &p.Source, &p.IdempotencyKey,
			&a.Type, &a.BankCode, &a.BankName, &a.AccountNumber, &a.AccountName, &a.RecipientCode, &p.TransferCode,
			&p.Failure, &p.Attempts, &next, &p.CreatedBy, &created, &updated, &done); err != nil {
			return nil, err
		}
		p.NextAttemptAt, p.CreatedAt, p.UpdatedAt = shop.FromMillis(next), shop.FromMillis(created), shop.FromMillis(updated)
		if done.Valid {
			p.CompletedAt = shop.FromMillis(done.Int64)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func onePayout(ctx context.Context, c conn, where string, args ...any) (*shop.Payout, error) {
	ps, err := payoutRows(ctx, c, where, args...)
	if err != nil || len(ps) == 0 {
		return nil, err
	}
	return ps[0], nil
}

// PayoutByReference returns the payout with that reference, or nil.
func (s *Store) PayoutByReference(ctx context.Context, ref string) (*shop.Payout, error) {
	return onePayout(ctx, s.db.reader(), `WHERE po.reference = ?`, ref)
}

// Payouts returns a page of payouts, newest first (store 0: every store;
// status "": every status), and how many there are.
func (s *Store) Payouts(ctx context.Context, store int64, status string, offset, limit int) ([]*shop.Payout, int, error) {
	c := s.db.reader()
	where, args := `WHERE 1 = 1`, []any{}
	if store != 0 {
		where, args = where+` AND po.store_id = ?`, append(args, store)
	}
	if status != "" {
		where, args = where+` AND po.status = ?`, append(args, status)
	}
	ps, err := payoutRows(ctx, c, where+` ORDER BY po.created_at DESC, po.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(ps), `SELECT COUNT(*) FROM payouts po `+where, args...)
	return ps, total, err
}

// errPayoutRefused rolls back a payout check refused.
var errPayoutRefused = errors.New("payout refused")

// CreatePayout records a payout of the store in one transaction with the
// store row locked (level 2 of the lock hierarchy, before the payouts and
// the ledger): the payout made with the same key is returned as it is
// (created false); else check judges the facts and returns the amount,
// the payout is inserted and its amount moved from available to in
// flight. The partial unique index keeps one payout on its way per store
// should anything get past the lock.
func (s *Store) CreatePayout(ctx context.Context, po *shop.Payout, check func(shop.PayoutFacts) (shop.Money, error)) (*shop.Payout, bool, error) {
	var out *shop.Payout
	var created bool
	var refusal error
	err := s.db.inTx(ctx, func(c conn) error {
		out, created, refusal = nil, false, nil // inTx may run this twice
		var f shop.PayoutFacts
		var hold sql.NullString
		err := c.queryRow(ctx, `SELECT payout_hold FROM stores WHERE id = ?`+s.db.Dialect.ForUpdate, po.StoreID).Scan(&hold)
		if err != nil {
			return err
		}
		f.Held, f.Hold = hold.Valid, hold.String
		if out, err = onePayout(ctx, c, `WHERE po.store_id = ? AND po.idempotency_key = ?`, po.StoreID, po.IdempotencyKey); err != nil || out != nil {
			return err
		}
		if f.Balance, err = storeBalance(ctx, c, po.StoreID); err != nil {
			return err
		}
		if f.Account, err = payoutAccount(ctx, c, po.StoreID); err != nil {
			return err
		}
		if err := c.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM payouts WHERE store_id = ? AND status IN ('pending', 'processing'))`,
			po.StoreID).Scan(&f.InFlight); err != nil {
			return err
		}
		amount, err := check(f)
		if err != nil {
			refusal = err
			return errPayoutRefused
		}
		ms := shop.Millis(po.CreatedAt)
		a := f.Account
		id, err := c.insertID(ctx, `INSERT INTO payouts (store_id, reference, amount, status, source, idempotency_key, account_type,
			bank_code, bank_name, account_number, account_name, recipient_code, next_attempt_at, created_by, created_at, updated_at)
			VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, po.StoreID, po.Reference, int64(amount), po.Source,
			po.IdempotencyKey, a.Type, a.BankCode, a.BankName, a.AccountNumber, a.AccountName, a.RecipientCode, ms,
			nullID(po.CreatedBy), ms, ms)
		if err != nil {
			return err
		}
		if out, err = onePayout(ctx, c, `WHERE po.id = ?`, id); err != nil {
			return err
		}
		created = true
		_, err = postJournal(ctx, c, shop.PayoutJournal("payout", "payout:"+strconv.FormatInt(id, 10), out,
			shop.AccountAvailable, shop.AccountInFlight, shop.LinePayout, po.CreatedAt))
		return err
	})
	if errors.Is(err, errPayoutRefused) {
		return nil, false, refusal
	}
	if err != nil && s.db.Dialect.IsUniqueViolation(err) {
		return nil, false, shop.ErrPayoutInProgress
	}
	return out, created, err
}

// MarkPayoutSent records that the provider took a pending payout
// (processing, with its transfer code); false when it moved on meanwhile.
func (s *Store) MarkPayoutSent(ctx context.Context, ref, transferCode string, at time.Time) (bool, error) {
	res, err := s.db.writer().exec(ctx, `UPDATE payouts SET status = 'processing', transfer_code = ?, updated_at = ?
		WHERE reference = ? AND status = 'pending'`, transferCode, shop.Millis(at), ref)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// PayoutCheckFailed records a provider check that could not be made and
// when to try again.
func (s *Store) PayoutCheckFailed(ctx context.Context, ref string, attempts int, next time.Time) error {
	_, err := s.db.writer().exec(ctx, `UPDATE payouts SET attempts = ?, next_attempt_at = ? WHERE reference = ?
		AND status IN ('pending', 'processing')`, attempts, shop.Millis(next), ref)
	return err
}

// OpenPayouts lists payouts pending or processing whose next provider
// check is due at now, the longest waiting first.
func (s *Store) OpenPayouts(ctx context.Context, now time.Time, limit int) ([]*shop.Payout, error) {
	return payoutRows(ctx, s.db.reader(), `WHERE po.status IN ('pending', 'processing') AND po.next_attempt_at <= ?
		ORDER BY po.next_attempt_at, po.id LIMIT ?`, shop.Millis(now), limit)
}

// FinishPayout applies the provider's final word on a payout, in one
// transaction with the payout row locked, posting the matching journal
// once: paid (in flight → paid out), failed or reversed (in flight →
// available), reversed after paid (paid out → available), and paid after
// we had counted it failed (available → paid out: the money left after
// all, so the store's balance follows). It returns the payout, or nil when
// the reference is not ours.
func (s *Store) FinishPayout(ctx context.Context, ref, outcome, reason string, at time.Time) (*shop.Payout, error) {
	var out *shop.Payout
	err := s.db.inTx(ctx, func(c conn) error {
		out = nil // inTx may run this twice
		var id int64
		var status string
		err := c.queryRow(ctx, `SELECT id, status FROM payouts WHERE reference = ?`+s.db.Dialect.ForUpdate, ref).Scan(&id, &status)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		po, err := onePayout(ctx, c, `WHERE po.id = ?`, id)
		if err != nil {
			return err
		}
		out = po
		open := status == shop.PayoutPending || status == shop.PayoutProcessing
		var j shop.Journal
		key := strconv.FormatInt(id, 10)
		switch {
		case outcome == shop.PayoutPaid && open:
			j = shop.PayoutJournal("payout_paid", "payout-paid:"+key, po, shop.AccountInFlight, shop.AccountPaidOut, shop.LinePayoutPaid, at)
		case (outcome == shop.PayoutFailed || outcome == shop.PayoutReversed) && open:
			j = shop.PayoutJournal("payout_returned", "payout-returned:"+key, po, shop.AccountInFlight, shop.AccountAvailable,
				shop.LinePayoutReturned, at)
		case outcome == shop.PayoutReversed && status == shop.PayoutPaid:
			j = shop.PayoutJournal("payout_reversed", "payout-reversed:"+key, po, shop.AccountPaidOut, shop.AccountAvailable,
				shop.LinePayoutReturned, at)
		case outcome == shop.PayoutPaid && status == shop.PayoutFailed:
			j = shop.PayoutJournal("payout_late", "payout-late:"+key, po, shop.AccountAvailable, shop.AccountPaidOut,
				shop.LinePayoutPaid, at)
		default:
			return nil // already there, or a move that cannot happen
		}
		ms := shop.Millis(at)
		if _, err := c.exec(ctx, `UPDATE payouts SET status = ?, failure = ?, updated_at = ?, completed_at = ? WHERE id = ?`,
			outcome, reason, ms, ms, id); err != nil {
			return err
		}
		out.Status, out.Failure, out.UpdatedAt, out.CompletedAt = outcome, reason, at, at
		_, err = postJournal(ctx, c, j)
		return err
	})
	return out, err
}

// ScheduledPayoutStores lists stores a weekly payout may be due for:
// not held, with a payout account, nothing on its way, and none made
// with this week's key yet.
func (s *Store) ScheduledPayoutStores(ctx context.Context, weekKey string, limit int) ([]int64, error) {
	return s.db.reader().ids(ctx, `SELECT st.id FROM stores st JOIN payout_accounts pa ON pa.store_id = st.id
		WHERE st.payout_hold IS NULL
			AND NOT EXISTS (SELECT 1 FROM payouts po WHERE po.store_id = st.id AND (po.status IN ('pending', 'processing')
				OR po.idempotency_key = ?))
		ORDER BY st.id LIMIT ?`, weekKey, limit)
}
