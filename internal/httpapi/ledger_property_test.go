package httpapi_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"dwa/internal/gateway/testpay"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// TestLedgerProperty runs random sequences of payments, staff and store
// refunds, pay-on-delivery collections, deliveries, time passing,
// payouts that succeed, fail or are reversed and staff credits and debits
// (each moving available by exactly its amount), and after every step
// checks that every journal sums to zero, that the provider's hold equals the
// payments received minus the refunds, and that no store balance but
// available goes negative (checkLedger and the balances through the API).
func TestLedgerProperty(t *testing.T) {
	for _, seed := range []uint64{1, 25, 2026} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) { ledgerProperty(t, st, seed) })
		})
	}
}

func ledgerProperty(t *testing.T, st *sqldb.Store, seed uint64) {
	f := newPayoutFixture(t, st, nil)
	rng := rand.New(rand.NewPCG(seed, 2026))
	exec(t, st, `UPDATE payment_settings SET cod_enabled = TRUE, store_refunds = TRUE`)
	exec(t, st, `UPDATE stores SET accepts_cod = TRUE`)
	exec(t, st, `UPDATE users SET phone = '+233241112222' WHERE id = ?`, f.kofi.User.ID)
	owners := []*shoptest.Account{&f.yaw, &f.efua}
	products := []*shop.Product{f.phone, f.dress}
	type paidOrder struct {
		id        string
		amount    int64
		refunded  int64
		delivered [2]bool
		stores    [2]bool
	}
	var orders []*paidOrder
	keys := 0
	key := func() string { keys++; return fmt.Sprint("prop-", seed, "-", keys) }
	var ops []string
	for step := range 60 {
		op := rng.IntN(9)
		switch op {
		case 0, 1: // an order of one or both stores, paid online
			var ps []*shop.Product
			var stores [2]bool
			for i, p := range products {
				if rng.IntN(2) == 0 || (i == 1 && len(ps) == 0) {
					ps, stores[i] = append(ps, p), true
				}
			}
			o := f.buy(t, 1+rng.IntN(3), ps...)
			orders = append(orders, &paidOrder{id: o.ID, amount: int64(math.Round(o.Amount * 100)), stores: stores})
			ops = append(ops, "pay")
		case 2: // a staff refund of part of what is left
			if len(orders) == 0 {
				continue
			}
			o := orders[rng.IntN(len(orders))]
			if left := o.amount - o.refunded; left > 0 {
				amount := 1 + rng.Int64N(left)
				w := f.a.Do("POST", adminRefunds(o.id), fmt.Sprintf(`{"amount_minor":%d}`, amount), append(f.staff.Auth(), "Idempotency-Key", key())...)
				if w.Code != 201 {
					t.Fatalf("step %d: refund = %d %s", step, w.Code, w.Body)
				}
				o.refunded += amount
				ops = append(ops, "refund")
			}
		case 3: // a store's own refund (refused when more than its part)
			if len(orders) == 0 {
				continue
			}
			o := orders[rng.IntN(len(orders))]
			i := rng.IntN(2)
			if !o.stores[i] || o.amount == o.refunded {
				continue
			}
			amount := 1 + rng.Int64N(min(o.amount-o.refunded, 30000))
			w := f.a.Do("POST", "/api/seller/orders/"+o.id+"/refunds/", fmt.Sprintf(`{"amount_minor":%d}`, amount),
				append(owners[i].Auth(), "Idempotency-Key", key())...)
			switch w.Code {
			case 201:
				o.refunded += amount
				ops = append(ops, "store refund")
			case 409:
			default:
				t.Fatalf("step %d: store refund = %d %s", step, w.Code, w.Body)
			}
		case 4: // pay on delivery: the store collects the cash
			i := rng.IntN(2)
			w := f.a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":1}`, products[i].ID), f.kofi.Auth()...)
			assertStatus(t, w.Code, 201)
			w = f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
			var o orderOut
			decode(t, w.Body.Bytes(), &o)
			if w := f.a.Do("POST", codPath(o.ID), "", f.kofi.Auth()...); w.Code != 200 {
				t.Fatalf("step %d: COD = %d %s", step, w.Code, w.Body)
			}
			if w := f.a.Do("POST", "/api/seller/orders/"+o.ID+"/paid-on-delivery/", "", owners[i].Auth()...); w.Code != 200 {
				t.Fatalf("step %d: paid on delivery = %d %s", step, w.Code, w.Body)
			}
			ops = append(ops, "cod")
		case 5: // a delivery
		deliver:
			for _, o := range orders {
				for i := range owners {
					if o.stores[i] && !o.delivered[i] {
						f.deliver(t, *owners[i], o.id)
						o.delivered[i] = true
						ops = append(ops, "deliver")
						break deliver
					}
				}
			}
		case 6: // days pass
			f.release(t, time.Duration(1+rng.IntN(9))*24*time.Hour)
			ops = append(ops, "days")
		case 7: // a payout to a wallet that takes it, refuses it or reverses it
			i := rng.IntN(2)
			number := []string{"0244123456", testpay.PayoutFails, testpay.PayoutReversed}[rng.IntN(3)]
			f.setAccount(t, *owners[i], wallet(number), 200)
			code, body := f.requestPayout(*owners[i], key(), `{}`)
			switch code {
			case 201:
				ops = append(ops, "payout")
			case 409:
			default:
				t.Fatalf("step %d: payout = %d %s", step, code, body)
			}
			f.settle(t)
		case 8: // a staff credit or debit (a debit may take available below zero)
			i := rng.IntN(2)
			amount := rng.Int64N(100000) - 50000
			if amount == 0 {
				amount = 1
			}
			before := f.balance(t, *owners[i]).Available
			store := []*shop.Store{f.yawStore, f.efuaStore}[i]
			code, body := f.adjust(f.staff, key(), fmt.Sprintf(`{"store":%d,"amount_minor":%d,"reason":"Step %d"}`, store.ID, amount, step))
			if code != 201 {
				t.Fatalf("step %d: adjustment = %d %s", step, code, body)
			}
			if after := f.balance(t, *owners[i]).Available; after != before+amount {
				t.Fatalf("step %d: available %d → %d after adjusting by %d", step, before, after, amount)
			}
			ops = append(ops, "adjust")
		}
		checkLedger(t, st)
		for i, owner := range owners {
			b := f.balance(t, *owner)
			if b.Pending < 0 || b.InFlight < 0 || b.PaidOut < 0 {
				t.Fatalf("step %d (%v): store %d balance %+v", step, ops, i, b)
			}
		}
	}
	if testing.Verbose() {
		t.Logf("ops: %v", ops)
	}
}
