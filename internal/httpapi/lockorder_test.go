package httpapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// Races between paying and cancelling one order. Fulfilment and
// cancellation must take the order's and the payment's locks in the same
// order (docs/decisions/0007), or PostgreSQL kills one of them as a
// deadlock victim and the shopper who just paid gets a 500. Each round
// starts both sides together; every call must end in one of its contract's
// outcomes, and the money must never be lost: the order is processing, or
// it is cancelled and its successful payment is flagged for refund.

const raceRounds = 30

// raceFixture is a bag fixture whose console never runs out.
func raceFixture(t *testing.T, st *sqldb.Store, env map[string]string) bagFixture {
	t.Helper()
	f := newBagFixture(t, st, env)
	if _, err := st.DB().W.Exec(st.DB().Rebind(`UPDATE products SET inventory = 1000 WHERE id = ?`), f.console.ID); err != nil {
		t.Fatal(err)
	}
	return f
}

// paidState is what the database says about a raced order and its payment.
type paidState struct {
	order, payment, flag string
	hidden               bool
}

func readPaidState(t *testing.T, st *sqldb.Store, orderID, ref string) paidState {
	t.Helper()
	var s paidState
	err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT o.status, o.hidden_by_user, p.status, p.flag
		FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = ? AND p.reference = ?`), orderID, ref).
		Scan(&s.order, &s.hidden, &s.payment, &s.flag)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// assertMoneyKept checks the end of a round in which the payment succeeded:
// either the order was paid, or it was cancelled first and the payment is
// flagged for refund. paid tells which one the racing calls reported.
func assertMoneyKept(t *testing.T, round int, s paidState, paid bool) {
	t.Helper()
	want := paidState{order: shop.OrderProcessing, payment: shop.PaymentSuccessful}
	if !paid {
		want = paidState{order: shop.OrderCancelled, payment: shop.PaymentSuccessful, flag: "refund", hidden: s.hidden}
	}
	if s != want {
		t.Fatalf("round %d: order %s (hidden %v), payment %s flag %q; want %+v", round, s.order, s.hidden, s.payment,
			s.flag, want)
	}
}

// assertNoRetries checks that the lock hierarchy alone kept the races
// apart: inTx never had to run a deadlock victim again.
func assertNoRetries(t *testing.T, st *sqldb.Store) {
	t.Helper()
	if n := st.DB().TxRetries(); n != 0 {
		t.Fatalf("%d transactions were retried; the lock order should leave none to retry", n)
	}
}

// noMails queues nothing with a fulfilment called on the store directly.
func noMails(*shop.Order) []shop.Mail { return nil }

// race runs the functions at once and waits for all of them.
func race(fns ...func()) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, fn := range fns {
		wg.Go(func() {
			<-start
			fn()
		})
	}
	close(start)
	wg.Wait()
}

// TestFulfilVersusEndRace: fulfilling a payment races each way an unpaid
// order ends (it expires, the shopper deletes it); exactly one side wins.
func TestFulfilVersusEndRace(t *testing.T) {
	rivals := []struct {
		name string
		// end runs the rival of FulfilPayment and returns, for the round's
		// outcome, what is wrong with it ("" when nothing is).
		end func(f bagFixture, orderID string) (wrong func(res shop.Fulfilment, s paidState) string, err error)
	}{
		{"ExpireOrder", func(f bagFixture, orderID string) (func(shop.Fulfilment, paidState) string, error) {
			expired, err := f.a.Store.ExpireOrder(context.Background(), orderID, f.a.Clock.Now())
			return func(res shop.Fulfilment, _ paidState) string {
				if (res == shop.FulfilDone) == expired || (res != shop.FulfilDone && res != shop.FulfilNotPayable) {
					return fmt.Sprintf("fulfilment %v, expired %v; want exactly one to win", res, expired)
				}
				return ""
			}, err
		}},
		{"DeleteOrder", func(f bagFixture, orderID string) (func(shop.Fulfilment, paidState) string, error) {
			prev, err := f.a.Store.DeleteOrder(context.Background(), f.kofi.User.ID, orderID, f.a.Clock.Now())
			return func(res shop.Fulfilment, s paidState) string {
				paid := res == shop.FulfilDone
				if want := map[bool]string{true: shop.OrderProcessing, false: shop.OrderPending}[paid]; prev != want {
					return fmt.Sprintf("fulfilment %v, DeleteOrder saw %q; want %q", res, prev, want)
				}
				if s.hidden == paid {
					return fmt.Sprintf("paid %v but hidden %v", paid, s.hidden)
				}
				return ""
			}, err
		}},
	}
	for _, rival := range rivals {
		t.Run(rival.name, func(t *testing.T) {
			shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
				f := raceFixture(t, st, nil)
				ctx := context.Background()
				for round := range raceRounds {
					o := f.placed(t, f.kofi, 1)
					ref := f.pay(t, f.kofi, o.ID, 201).PaymentReference
					var res shop.Fulfilment
					var wrong func(shop.Fulfilment, paidState) string
					var fulfilErr, endErr error
					race(func() {
						res, fulfilErr = st.FulfilPayment(ctx, ref, "Approved", f.a.Clock.Now(), noMails)
					}, func() {
						wrong, endErr = rival.end(f, o.ID)
					})
					if fulfilErr != nil || endErr != nil {
						t.Fatalf("round %d: FulfilPayment: %v; %s: %v", round, fulfilErr, rival.name, endErr)
					}
					s := readPaidState(t, st, o.ID, ref)
					if msg := wrong(res, s); msg != "" {
						t.Fatalf("round %d: %s", round, msg)
					}
					assertMoneyKept(t, round, s, res == shop.FulfilDone)
				}
				assertNoRetries(t, st)
			})
		})
	}
}

// TestVerifyWebhookCancelRace: the shopper verifies, the provider's webhook
// arrives and the shopper deletes the order, all at once, through the API.
func TestVerifyWebhookCancelRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := raceFixture(t, st, fake.Env())
		ctx := context.Background()
		for round := range raceRounds {
			o := f.placed(t, f.kofi, 1)
			ref := f.pay(t, f.kofi, o.ID, 201).PaymentReference
			fake.Transaction(ref, "success", 389900, "GHS")
			body := webhookBody(ref, 389900)
			sig := paystack.Signature(paystacktest.SecretKey, []byte(body))
			var verifyCode, hookCode, deleteCode int
			var verifyBody, deleteBody string
			var processErr error
			race(func() {
				verifyCode, verifyBody = f.verify(f.kofi, verifyPath, ref)
			}, func() {
				hookCode = f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", sig).Code
				_, processErr = f.a.Svc.ProcessPaymentEvents(ctx)
			}, func() {
				w := f.a.Do("DELETE", "/api/store/orders/"+o.ID, "", f.kofi.Auth()...)
				deleteCode, deleteBody = w.Code, w.Body.String()
			})
			if hookCode != 200 || processErr != nil {
				t.Fatalf("round %d: webhook = %d, processing: %v", round, hookCode, processErr)
			}
			switch {
			case verifyCode == 200 && (verifyBody == verifiedOK || verifyBody == alreadyOK):
			case verifyCode == 409 && verifyBody == `{"detail":"This order is no longer awaiting payment. The payment will be refunded.","code":"order_not_payable"}`:
			default:
				t.Fatalf("round %d: verify = %d %s", round, verifyCode, verifyBody)
			}
			deleted := deleteCode == 204
			if !deleted && (deleteCode != 409 || deleteBody != `{"detail":"Only pending orders can be deleted.","code":"order_not_deletable"}`) {
				t.Fatalf("round %d: delete = %d %s", round, deleteCode, deleteBody)
			}
			s := readPaidState(t, st, o.ID, ref)
			if s.hidden != deleted {
				t.Fatalf("round %d: delete answered %d but hidden = %v", round, deleteCode, s.hidden)
			}
			assertMoneyKept(t, round, s, !deleted)
		}
		assertNoRetries(t, st)
	})
}
