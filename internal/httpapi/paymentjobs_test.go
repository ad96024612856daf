package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// The background payment jobs read at most 100 rows a pass. Rows the
// provider (or the database) keeps failing on must wait their turn with
// backoff instead of being read first again on every pass, else a hundred
// stuck references hold up every newer one for ever.

const jobBatch = 100

// stuckPayments stores n pending orders of the shopper, created before the
// given time, each with a pending Paystack attempt the provider answers
// with a 500 for; it returns the references.
func stuckPayments(t *testing.T, f bagFixture, fake *paystacktest.Fake, n int, created time.Time) []string {
	t.Helper()
	db := f.a.Store.DB()
	refs := make([]string, n)
	for i := range refs {
		id, ms := shop.NewUUID(), shop.Millis(created)
		refs[i] = fmt.Sprintf("pay-stuck-%03d", i)
		if _, err := db.W.Exec(db.Rebind(`INSERT INTO orders (id, user_id, status, amount, shipping_address, contact_info,
			created_at, updated_at) VALUES (?, ?, 'pending', 100, 'Osu, Accra', '0241234567', ?, ?)`),
			id, f.kofi.User.ID, ms, ms); err != nil {
			t.Fatal(err)
		}
		if _, err := db.W.Exec(db.Rebind(`INSERT INTO payments (order_id, user_id, reference, amount, currency, status,
			provider, created_at, updated_at) VALUES (?, ?, ?, 100, 'GHS', 'pending', 'paystack', ?, ?)`),
			id, f.kofi.User.ID, refs[i], ms, ms); err != nil {
			t.Fatal(err)
		}
		fake.Script(refs[i], paystacktest.Answer{Status: http.StatusInternalServerError, Body: `{"status":false,"message":"Server error"}`})
	}
	return refs
}

func orderStatus(t *testing.T, st *sqldb.Store, id string) string {
	t.Helper()
	var status string
	if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT status FROM orders WHERE id = ?`), id).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status
}

// countWhere counts the payments matching a condition.
func countWhere(t *testing.T, st *sqldb.Store, table, cond string) int {
	t.Helper()
	var n int
	if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM ` + table + ` WHERE ` + cond).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func metricsHave(t *testing.T, f bagFixture, lines ...string) {
	t.Helper()
	body := f.a.Do("GET", "/metrics", "").Body.String()
	for _, want := range lines {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// TestReverifyFailingReferencesDoNotBlockNewer: a full batch of old
// attempts the provider fails on is asked about once, then backs off; the
// next pass reaches a newer attempt and fulfils it. After ten failed checks
// the stuck attempts are flagged for review and no longer asked about.
func TestReverifyFailingReferencesDoNotBlockNewer(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := raceFixture(t, st, fake.Env())
		ctx := context.Background()
		stuckPayments(t, f, fake, jobBatch, f.a.Clock.Now().Add(-time.Hour))
		o := f.placed(t, f.kofi, 1)
		fake.Transaction(f.pay(t, f.kofi, o.ID, 201).PaymentReference, "success", 389900, "GHS")
		f.a.Clock.Advance(16 * time.Minute)

		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != jobBatch {
			t.Fatalf("first pass asked about %d, %v; want the %d stuck ones", n, err, jobBatch)
		}
		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != 1 {
			t.Fatalf("second pass asked about %d, %v; want the newer one only", n, err)
		}
		if s := orderStatus(t, st, o.ID); s != shop.OrderProcessing {
			t.Fatalf("newer order = %s; want processing", s)
		}
		if n := countWhere(t, st, "payments", "attempts = 1 AND flag = ''"); n != jobBatch {
			t.Fatalf("%d stuck attempts have one failed check; want %d", n, jobBatch)
		}

		// Each pass after the backoff asks again, until the tenth failure.
		for pass := 2; pass <= 10; pass++ {
			f.a.Clock.Advance(6 * time.Hour)
			if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != jobBatch {
				t.Fatalf("pass %d asked about %d, %v; want %d", pass, n, err, jobBatch)
			}
		}
		if n := countWhere(t, st, "payments", "attempts = 10 AND flag = 'review' AND status = 'pending'"); n != jobBatch {
			t.Fatalf("%d stuck attempts flagged for review; want %d", n, jobBatch)
		}
		f.a.Clock.Advance(6 * time.Hour)
		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != 0 {
			t.Fatalf("flagged attempts asked about again: %d, %v", n, err)
		}
		// Their orders stay pending for staff: never cancelled unchecked.
		if n, err := f.a.Svc.ExpireOrders(ctx); err != nil || n != 0 {
			t.Fatalf("expiry cancelled %d orders with unchecked payments (%v)", n, err)
		}
		metricsHave(t, f, fmt.Sprintf(`dwa_payment_outcomes_total{outcome="gave_up"} %d`, jobBatch),
			fmt.Sprintf(`dwa_payment_outcomes_total{outcome="provider_error"} %d`, 10*jobBatch),
			fmt.Sprintf(`dwa_payments_flagged{flag="review"} %d`, jobBatch))
	})
}

// TestExpiryFailingChecksDoNotBlockNewer: expired orders whose payment
// cannot be checked are skipped until their next check is due, so a newer
// expired order is cancelled on the next pass.
func TestExpiryFailingChecksDoNotBlockNewer(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := raceFixture(t, st, fake.Env())
		ctx := context.Background()
		stuckPayments(t, f, fake, jobBatch, f.a.Clock.Now().Add(-time.Hour))
		o := f.placed(t, f.kofi, 1) // no payment attempt: expiry cancels it outright
		f.a.Clock.Advance(49 * time.Hour)

		if n, err := f.a.Svc.ExpireOrders(ctx); err != nil || n != 0 {
			t.Fatalf("first pass cancelled %d, %v; want 0 (all %d checks fail)", n, err, jobBatch)
		}
		if n, err := f.a.Svc.ExpireOrders(ctx); err != nil || n != 1 {
			t.Fatalf("second pass cancelled %d, %v; want the newer order", n, err)
		}
		if s := orderStatus(t, st, o.ID); s != shop.OrderCancelled {
			t.Fatalf("newer order = %s; want cancelled", s)
		}
		if n := countWhere(t, st, "orders", "status = 'pending'"); n != jobBatch {
			t.Fatalf("%d orders pending; want the %d stuck ones", n, jobBatch)
		}
	})
}

// stuckTrigger makes every update of one payment fail, as a database
// problem specific to one row would.
func stuckTrigger(t *testing.T, st *sqldb.Store, reference string) {
	t.Helper()
	stmts := []string{`CREATE TRIGGER stuck BEFORE UPDATE ON payments WHEN OLD.reference = '` + reference + `'
		BEGIN SELECT RAISE(ABORT, 'stuck row'); END`}
	if st.Engine() == "postgres" {
		stmts = []string{`CREATE FUNCTION stuck() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN RAISE EXCEPTION 'stuck row'; END $$`,
			`CREATE TRIGGER stuck BEFORE UPDATE ON payments FOR EACH ROW WHEN (OLD.reference = '` + reference + `')
			EXECUTE FUNCTION stuck()`}
	}
	for _, q := range stmts {
		if _, err := st.DB().W.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFailingEventDoesNotBlockNewer: a stored webhook event that cannot be
// applied is retried later instead of ending every pass, so a newer event
// is applied; after ten failures it is set aside, logged and counted.
func TestFailingEventDoesNotBlockNewer(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := raceFixture(t, st, fake.Env())
		ctx := context.Background()
		hook := func(ref string) {
			body := webhookBody(ref, 389900)
			w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature",
				paystack.Signature(paystacktest.SecretKey, []byte(body)))
			assertStatus(t, w.Code, 200)
		}
		stuck := f.placed(t, f.kofi, 1)
		stuckRef := f.pay(t, f.kofi, stuck.ID, 201).PaymentReference
		stuckTrigger(t, st, stuckRef)
		hook(stuckRef)
		o := f.placed(t, f.kofi, 1)
		hook(f.pay(t, f.kofi, o.ID, 201).PaymentReference)

		if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 1 {
			t.Fatalf("processed %d, %v; want the newer event applied", n, err)
		}
		if s := orderStatus(t, st, o.ID); s != shop.OrderProcessing {
			t.Fatalf("newer order = %s; want processing", s)
		}
		if n := countWhere(t, st, "payment_events", "processed_at IS NULL AND attempts = 1 AND last_error LIKE '%stuck row%'"); n != 1 {
			t.Fatalf("%d events wait with one failure recorded; want 1", n)
		}
		if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 0 {
			t.Fatalf("a pass before the backoff applied %d, %v", n, err)
		}
		for range 9 {
			f.a.Clock.Advance(time.Hour)
			if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 0 {
				t.Fatalf("processed %d, %v; want the stuck event to fail again", n, err)
			}
		}
		if n := countWhere(t, st, "payment_events", "processed_at IS NOT NULL AND attempts = 10"); n != 1 {
			t.Fatalf("%d events set aside after ten failures; want 1", n)
		}
		if s := orderStatus(t, st, stuck.ID); s != shop.OrderPending {
			t.Fatalf("stuck order = %s; want pending", s)
		}
		metricsHave(t, f, `dwa_payment_outcomes_total{outcome="event_gave_up"} 1`)
	})
}
