package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"dwa/internal/shop"
)

// The seller ledger (docs/decisions/0027). Journals are posted inside the
// transaction of the event they record (payment, pay on delivery, refund,
// release, payout), after that transaction's row locks: the ledger tables
// are leaves of the lock hierarchy (0007), written only by inserts and by
// the ledger_parts row of a part whose order row the writer holds.

// postJournal writes a balanced journal once: a journal with the same ref
// already there makes it a no-op (false).
func postJournal(ctx context.Context, c conn, j shop.Journal) (bool, error) {
	if err := j.Check(); err != nil {
		return false, err
	}
	ms := shop.Millis(j.CreatedAt)
	var id int64
	err := c.queryRow(ctx, `INSERT INTO ledger_journals (kind, ref, order_id, store_id, payout_id, memo, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (ref) DO NOTHING RETURNING id`,
		j.Kind, j.Ref, nullText(j.OrderID), nullID(j.StoreID), nullID(j.PayoutID), j.Memo, ms).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, l := range j.Lines {
		if _, err := c.exec(ctx, `INSERT INTO ledger_lines (journal_id, account, store_id, order_id, payout_id, kind, amount, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, l.Account, nullID(l.StoreID), nullText(l.OrderID), nullID(l.PayoutID),
			l.Kind, int64(l.Amount), ms); err != nil {
			return false, err
		}
	}
	return true, nil
}

// orderParts computes the order's store parts as they stand: each store's
// lines not cancelled, its delivery fee, and the commission on its items at
// today's rates (store override, else the deepest category with one, else
// the default). store limits it to one store when not negative.
func orderParts(ctx context.Context, c conn, orderID string, store int64) ([]shop.LedgerPart, error) {
	var def int
	if err := c.queryRow(ctx, `SELECT default_commission_bps FROM payout_settings WHERE id = 1`).Scan(&def); err != nil {
		return nil, err
	}
	q := `SELECT COALESCE(oi.store_id, 0), oi.unit_price * oi.quantity,
			COALESCE(st.commission_bps, c3.commission_bps, c2.commission_bps, c1.commission_bps, ?)
		FROM order_items oi JOIN products p ON p.id = oi.product_id
		LEFT JOIN stores st ON st.id = oi.store_id
		LEFT JOIN categories c1 ON c1.id = p.category_id
		LEFT JOIN categories c2 ON c2.id = p.subcategory_id
		LEFT JOIN categories c3 ON c3.id = p.sub_subcategory_id
		WHERE oi.order_id = ? AND oi.cancelled_at IS NULL`
	args := []any{def, orderID}
	if store >= 0 {
		q, args = q+` AND COALESCE(oi.store_id, 0) = ?`, append(args, store)
	}
	rows, err := c.query(ctx, q+` ORDER BY 1, oi.id`, args...)
	if err != nil {
		return nil, err
	}
	var parts []shop.LedgerPart
	idx := map[int64]int{}
	for rows.Next() {
		var st, total int64
		var bps int
		if err := rows.Scan(&st, &total, &bps); err != nil {
			rows.Close()
			return nil, err
		}
		i, ok := idx[st]
		if !ok {
			i = len(parts)
			idx[st] = i
			parts = append(parts, shop.LedgerPart{OrderID: orderID, StoreID: st})
		}
		parts[i].Items += shop.Money(total)
		if st != 0 {
			parts[i].Commission += shop.Commission(shop.Money(total), bps)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	fees, err := c.query(ctx, `SELECT store_id, fee FROM order_deliveries WHERE order_id = ?`, orderID)
	if err != nil {
		return nil, err
	}
	defer fees.Close()
	for fees.Next() {
		var st, fee int64
		if err := fees.Scan(&st, &fee); err != nil {
			return nil, err
		}
		if i, ok := idx[st]; ok {
			parts[i].Fee += shop.Money(fee)
		}
	}
	return parts, fees.Err()
}

// postSale records the parts of an order paid online by paymentID and
// posts each part's sale journal (once: a part already known is left).
func postSale(ctx context.Context, c conn, orderID string, paymentID int64, at time.Time) error {
	parts, err := orderParts(ctx, c, orderID, -1)
	if err != nil {
		return err
	}
	ms := shop.Millis(at)
	for _, p := range parts {
		var released any
		if p.StoreID == 0 {
			released = ms // the mall's own lines have nothing to hold back
		}
		res, err := c.exec(ctx, `INSERT INTO ledger_parts (order_id, store_id, payment_id, items, fee, commission, released_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, orderID, p.StoreID, paymentID, int64(p.Items), int64(p.Fee),
			int64(p.Commission), released, ms)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		if _, err := postJournal(ctx, c, shop.SaleJournal("sale:"+orderID+":"+strconv.FormatInt(p.StoreID, 10), p, at)); err != nil {
			return err
		}
	}
	return nil
}

// postCOD records a store's part paid on delivery and the commission it
// owes.
func postCOD(ctx context.Context, c conn, orderID string, store int64, at time.Time) error {
	parts, err := orderParts(ctx, c, orderID, store)
	if err != nil || len(parts) == 0 {
		return err
	}
	p := parts[0]
	p.COD = true
	ms := shop.Millis(at)
	res, err := c.exec(ctx, `INSERT INTO ledger_parts (order_id, store_id, items, fee, commission, cod, released_at, created_at)
		VALUES (?, ?, ?, ?, ?, TRUE, ?, ?) ON CONFLICT DO NOTHING`, orderID, store, int64(p.Items), int64(p.Fee),
		int64(p.Commission), ms, ms)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 || store == 0 {
		return nil
	}
	_, err = postJournal(ctx, c, shop.CODJournal("cod:"+orderID+":"+strconv.FormatInt(store, 10), p, at))
	return err
}

// ledgerParts reads the parts an order's payment paid for.
func ledgerParts(ctx context.Context, c conn, orderID string, paymentID int64) ([]shop.LedgerPart, error) {
	rows, err := c.query(ctx, `SELECT store_id, items, fee, commission, refunded, cod, released_at IS NOT NULL
		FROM ledger_parts WHERE order_id = ? AND payment_id = ? ORDER BY store_id`, orderID, paymentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.LedgerPart
	for rows.Next() {
		p := shop.LedgerPart{OrderID: orderID}
		if err := rows.Scan(&p.StoreID, &p.Items, &p.Fee, &p.Commission, &p.Refunded, &p.COD, &p.Released); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// postRefund posts a processed refund against the parts its payment paid
// for. A refund of a payment that paid for no part (a success flagged for
// refund, 0007) touches no store. The caller holds the order row.
func postRefund(ctx context.Context, c conn, refundID int64, at time.Time) error {
	var orderID string
	var paymentID, store, amount int64
	if err := c.queryRow(ctx, `SELECT order_id, payment_id, COALESCE(store_id, 0), amount FROM refunds WHERE id = ?`, refundID).
		Scan(&orderID, &paymentID, &store, &amount); err != nil {
		return err
	}
	parts, err := ledgerParts(ctx, c, orderID, paymentID)
	if err != nil || len(parts) == 0 {
		return err
	}
	shares, extra := shop.AllocateRefund(parts, store, shop.Money(amount))
	posted, err := postJournal(ctx, c, shop.RefundJournal("refund:"+strconv.FormatInt(refundID, 10), orderID, shares, extra, at))
	if err != nil || !posted {
		return err
	}
	for _, s := range shares {
		if _, err := c.exec(ctx, `UPDATE ledger_parts SET refunded = refunded + ? WHERE order_id = ? AND store_id = ?`,
			int64(s.Amount), orderID, s.Part.StoreID); err != nil {
			return err
		}
	}
	return nil
}

// CatchUpLedger posts what happened before the ledger existed (or what a
// crash between an event and its journal could leave, though both are one
// transaction): sales of orders paid online, parts paid on delivery, and
// processed refunds, each once. It reports how many it posted.
func (s *Store) CatchUpLedger(ctx context.Context, limit int) (int, error) {
	c := s.db.reader()
	type sale struct {
		order   string
		payment int64
		at      int64
	}
	var sales []sale
	rows, err := c.query(ctx, `SELECT o.id, p.id, COALESCE(p.paid_at, o.paid_at) FROM orders o
		JOIN payments p ON p.order_id = o.id AND p.status = 'successful' AND p.flag = ''
		WHERE o.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_parts lp WHERE lp.order_id = o.id)
		ORDER BY o.paid_at LIMIT ?`, limit)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
		var x sale
		if err := rows.Scan(&x.order, &x.payment, &x.at); err != nil {
			rows.Close()
			return 0, err
		}
		sales = append(sales, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for _, x := range sales {
		if err := s.db.inTx(ctx, func(c conn) error {
			if _, err := c.exec(ctx, `SELECT id FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, x.order); err != nil {
				return err
			}
			return postSale(ctx, c, x.order, x.payment, shop.FromMillis(x.at))
		}); err != nil {
			return n, err
		}
		n++
	}
	type codPart struct {
		order string
		store int64
		at    int64
	}
	var cods []codPart
	rows, err = c.query(ctx, `SELECT oi.order_id, COALESCE(oi.store_id, 0), MAX(oi.cod_paid_at) FROM order_items oi
		WHERE oi.cod_paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_parts lp
			WHERE lp.order_id = oi.order_id AND lp.store_id = COALESCE(oi.store_id, 0))
		GROUP BY oi.order_id, COALESCE(oi.store_id, 0) LIMIT ?`, limit)
	if err != nil {
		return n, err
	}
	for rows.Next() {
		var x codPart
		if err := rows.Scan(&x.order, &x.store, &x.at); err != nil {
			rows.Close()
			return n, err
		}
		cods = append(cods, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return n, err
	}
	for _, x := range cods {
		if err := s.db.inTx(ctx, func(c conn) error {
			if _, err := c.exec(ctx, `SELECT id FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, x.order); err != nil {
				return err
			}
			return postCOD(ctx, c, x.order, x.store, shop.FromMillis(x.at))
		}); err != nil {
			return n, err
		}
		n++
	}
	refunds, err := c.ids(ctx, `SELECT r.id FROM refunds r WHERE r.status = 'processed'
		AND EXISTS (SELECT 1 FROM ledger_parts lp WHERE lp.order_id = r.order_id AND lp.payment_id = r.payment_id)
		AND NOT EXISTS (SELECT 1 FROM ledger_journals j WHERE j.ref = 'refund:' || CAST(r.id AS TEXT))
		ORDER BY r.id LIMIT ?`, limit)
	if err != nil {
		return n, err
	}
	for _, id := range refunds {
		if err := s.db.inTx(ctx, func(c conn) error {
			var orderID string
			var at sql.NullInt64
			if err := c.queryRow(ctx, `SELECT order_id, processed_at FROM refunds WHERE id = ?`, id).Scan(&orderID, &at); err != nil {
				return err
			}
			if _, err := c.exec(ctx, `SELECT id FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, orderID); err != nil {
				return err
			}
			return postRefund(ctx, c, id, shop.FromMillis(at.Int64))
		}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// DueReleases lists store parts delivered at or before deliveredBefore
// whose earnings are still pending, oldest first.
func (s *Store) DueReleases(ctx context.Context, deliveredBefore time.Time, limit int) ([][2]string, error) {
	rows, err := s.db.reader().query(ctx, `SELECT lp.order_id, lp.store_id FROM ledger_parts lp
		WHERE lp.released_at IS NULL AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = lp.order_id
			AND oi.store_id = lp.store_id AND oi.delivered_at IS NOT NULL AND oi.delivered_at <= ?)
		ORDER BY lp.created_at LIMIT ?`, shop.Millis(deliveredBefore), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var order string
		var store int64
		if err := rows.Scan(&order, &store); err != nil {
			return nil, err
		}
		out = append(out, [2]string{order, strconv.FormatInt(store, 10)})
	}
	return out, rows.Err()
}

// ReleasePart moves what is pending of a part to available, once. The
// order row is locked first, as refunds lock it, so a refund is either
// before the release (on pending) or after it (on available).
func (s *Store) ReleasePart(ctx context.Context, orderID string, store int64, at time.Time) (bool, error) {
	released := false
	err := s.db.inTx(ctx, func(c conn) error {
		released = false // inTx may run this twice
		if _, err := c.exec(ctx, `SELECT id FROM orders WHERE id = ?`+s.db.Dialect.ForUpdate, orderID); err != nil {
			return err
		}
		res, err := c.exec(ctx, `UPDATE ledger_parts SET released_at = ? WHERE order_id = ? AND store_id = ? AND released_at IS NULL`,
			shop.Millis(at), orderID, store)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		var pending int64
		if err := c.queryRow(ctx, `SELECT COALESCE(SUM(amount), 0) FROM ledger_lines
			WHERE order_id = ? AND store_id = ? AND account = ?`, orderID, store, shop.AccountPending).Scan(&pending); err != nil {
			return err
		}
		released = true
		_, err = postJournal(ctx, c, shop.ReleaseJournal("release:"+orderID+":"+strconv.FormatInt(store, 10), orderID, store,
			shop.Money(pending), at))
		return err
	})
	return released, err
}

// storeBalance sums a store's accounts.
func storeBalance(ctx context.Context, c conn, store int64) (shop.Balance, error) {
	b := shop.Balance{StoreID: store}
	rows, err := c.query(ctx, `SELECT account, SUM(amount) FROM ledger_lines WHERE store_id = ? GROUP BY account`, store)
	if err != nil {
		return b, err
	}
	defer rows.Close()
	for rows.Next() {
		var account string
		var sum int64
		if err := rows.Scan(&account, &sum); err != nil {
			return b, err
		}
		b.Set(account, shop.Money(sum))
	}
	return b, rows.Err()
}

// Balance returns a store's balances, hold and payout account state.
func (s *Store) Balance(ctx context.Context, store int64) (shop.Balance, error) {
	c := s.db.reader()
	b, err := storeBalance(ctx, c, store)
	if err != nil {
		return b, err
	}
	var hold sql.NullString
	var last sql.NullInt64
	err = c.queryRow(ctx, `SELECT st.name, st.payout_hold, EXISTS (SELECT 1 FROM payout_accounts pa WHERE pa.store_id = st.id),
		(SELECT MAX(created_at) FROM payouts po WHERE po.store_id = st.id) FROM stores st WHERE st.id = ?`, store).
		Scan(&b.StoreName, &hold, &b.AccountVerified, &last)
	b.Held, b.Hold = hold.Valid, hold.String
	if last.Valid {
		b.LastPayoutAt = shop.FromMillis(last.Int64)
	}
	return b, s.db.translate(err)
}

// Balances returns every store's balances by name, and how many stores
// there are.
func (s *Store) Balances(ctx context.Context, offset, limit int) ([]shop.Balance, int, error) {
	c := s.db.reader()
	rows, err := c.query(ctx, `SELECT st.id, st.name, st.payout_hold, EXISTS (SELECT 1 FROM payout_accounts pa WHERE pa.store_id = st.id),
		(SELECT MAX(created_at) FROM payouts po WHERE po.store_id = st.id) FROM stores st ORDER BY st.name, st.id LIMIT ? OFFSET ?`,
		limit, offset)
	if err != nil {
		return nil, 0, err
	}
	var out []shop.Balance
	idx := map[int64]int{}
	for rows.Next() {
		var b shop.Balance
		var hold sql.NullString
		var last sql.NullInt64
		if err := rows.Scan(&b.StoreID, &b.StoreName, &hold, &b.AccountVerified, &last); err != nil {
			rows.Close()
			return nil, 0, err
		}
		b.Held, b.Hold = hold.Valid, hold.String
		if last.Valid {
			b.LastPayoutAt = shop.FromMillis(last.Int64)
		}
		idx[b.StoreID] = len(out)
		out = append(out, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(out) > 0 {
		sums, err := c.query(ctx, `SELECT store_id, account, SUM(amount) FROM ledger_lines WHERE store_id IS NOT NULL
			AND store_id IN (SELECT id FROM stores ORDER BY name, id LIMIT ? OFFSET ?) GROUP BY store_id, account`, limit, offset)
		if err != nil {
			return nil, 0, err
		}
		for sums.Next() {
			var store, sum int64
			var account string
			if err := sums.Scan(&store, &account, &sum); err != nil {
				sums.Close()
				return nil, 0, err
			}
			if i, ok := idx[store]; ok {
				out[i].Set(account, shop.Money(sum))
			}
		}
		sums.Close()
		if err := sums.Err(); err != nil {
			return nil, 0, err
		}
	}
	total, err := pageTotal(ctx, c, offset, limit, len(out), `SELECT COUNT(*) FROM stores`)
	return out, total, err
}

// AccountTotals sums every account over the whole ledger (store accounts
// over all stores), and reports journals that do not balance: the
// property test's view.
func (s *Store) AccountTotals(ctx context.Context) (map[string]shop.Money, []string, error) {
	c := s.db.reader()
	rows, err := c.query(ctx, `SELECT account, SUM(amount) FROM ledger_lines GROUP BY account`)
	if err != nil {
		return nil, nil, err
	}
	out := map[string]shop.Money{}
	for rows.Next() {
		var account string
		var sum int64
		if err := rows.Scan(&account, &sum); err != nil {
			rows.Close()
			return nil, nil, err
		}
		out[account] = shop.Money(sum)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	bad := []string{}
	rows, err = c.query(ctx, `SELECT j.ref FROM ledger_journals j JOIN ledger_lines l ON l.journal_id = j.id
		GROUP BY j.id, j.ref HAVING SUM(l.amount) <> 0`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var ref string
		if err := rows.Scan(&ref); err != nil {
			return nil, nil, err
		}
		bad = append(bad, ref)
	}
	return out, bad, rows.Err()
}

const lineSelect = `SELECT l.id, l.journal_id, l.account, COALESCE(l.store_id, 0), COALESCE(CAST(l.order_id AS TEXT), ''),
	COALESCE(l.payout_id, 0), l.kind, l.amount, j.memo, l.created_at FROM ledger_lines l JOIN ledger_journals j ON j.id = l.journal_id`

func ledgerLines(ctx context.Context, c conn, where string, args ...any) ([]shop.LedgerLine, error) {
	rows, err := c.query(ctx, lineSelect+` `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.LedgerLine
	for rows.Next() {
		var l shop.LedgerLine
		var at int64
		if err := rows.Scan(&l.ID, &l.JournalID, &l.Account, &l.StoreID, &l.OrderID, &l.PayoutID, &l.Kind, &l.Amount,
			&l.Memo, &at); err != nil {
			return nil, err
		}
		l.CreatedAt = shop.FromMillis(at)
		out = append(out, l)
	}
	return out, rows.Err()
}

// StoreLedger returns a page of a store's lines, newest first, optionally
// of one period [from, to), and how many there are.
func (s *Store) StoreLedger(ctx context.Context, store int64, from, to time.Time, offset, limit int) ([]shop.LedgerLine, int, error) {
	c := s.db.reader()
	where, args := `WHERE l.store_id = ?`, []any{store}
	if !from.IsZero() {
		where, args = where+` AND l.created_at >= ? AND l.created_at < ?`, append(args, shop.Millis(from), shop.Millis(to))
	}
	ls, err := ledgerLines(ctx, c, where+` ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	total, err := pageTotal(ctx, c, offset, limit, len(ls), `SELECT COUNT(*) FROM ledger_lines l `+where, args...)
	return ls, total, err
}

// Statement returns a store's balance (all but paid out) before from, and
// its lines of [from, to) on those accounts, oldest first.
func (s *Store) Statement(ctx context.Context, store int64, from, to time.Time) (shop.Money, []shop.LedgerLine, error) {
	c := s.db.reader()
	var opening int64
	if err := c.queryRow(ctx, `SELECT COALESCE(SUM(amount), 0) FROM ledger_lines WHERE store_id = ? AND account <> ?
		AND created_at < ?`, store, shop.AccountPaidOut, shop.Millis(from)).Scan(&opening); err != nil {
		return 0, nil, err
	}
	ls, err := ledgerLines(ctx, c, `WHERE l.store_id = ? AND l.account <> ? AND l.created_at >= ? AND l.created_at < ?
		ORDER BY l.created_at, l.id`, store, shop.AccountPaidOut, shop.Millis(from), shop.Millis(to))
	return shop.Money(opening), ls, err
}

// CommissionLines returns the time and amount of every commission line,
// oldest first (the staff report groups them by month).
func (s *Store) CommissionLines(ctx context.Context) ([]shop.LedgerLine, error) {
	rows, err := s.db.reader().query(ctx, `SELECT created_at, amount FROM ledger_lines WHERE account = ? ORDER BY created_at`,
		shop.AccountCommission)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []shop.LedgerLine
	for rows.Next() {
		var at, amount int64
		if err := rows.Scan(&at, &amount); err != nil {
			return nil, err
		}
		out = append(out, shop.LedgerLine{CreatedAt: shop.FromMillis(at), Amount: shop.Money(amount)})
	}
	return out, rows.Err()
}

// PostAdjustment posts a staff adjustment once per ref, with the store row
// locked as payouts lock it (level 2 of 0007, before the ledger), so an
// adjustment and a payout of the same store see each other's balance. A
// ref already posted answers that adjustment (created false); nil when
// there is no such store.
func (s *Store) PostAdjustment(ctx context.Context, a shop.Adjustment) (*shop.Adjustment, bool, error) {
	var out *shop.Adjustment
	var created bool
	err := s.db.inTx(ctx, func(c conn) error {
		out, created = nil, false // inTx may run this twice
		var id int64
		err := c.queryRow(ctx, `SELECT id FROM stores WHERE id = ?`+s.db.Dialect.ForUpdate, a.StoreID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if created, err = postJournal(ctx, c, shop.AdjustmentJournal(a)); err != nil {
			return err
		}
		out, err = adjustment(ctx, c, a.Ref)
		return err
	})
	return out, created, s.db.translate(err)
}

// adjustment reads back the adjustment posted under ref.
func adjustment(ctx context.Context, c conn, ref string) (*shop.Adjustment, error) {
	a := &shop.Adjustment{Ref: ref}
	var at, amount int64
	err := c.queryRow(ctx, `SELECT j.id, l.store_id, l.amount, j.memo, j.created_at FROM ledger_journals j
		JOIN ledger_lines l ON l.journal_id = j.id AND l.account = ? WHERE j.ref = ?`, shop.AccountAvailable, ref).
		Scan(&a.ID, &a.StoreID, &amount, &a.Reason, &at)
	a.Amount, a.CreatedAt = shop.Money(amount), shop.FromMillis(at)
	return a, err
}
