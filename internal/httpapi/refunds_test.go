package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/gateway/testpay"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

type refundOut struct {
	ID          int64
	Order       string
	Payment     int64
	Amount      string
	AmountMinor int64 `json:"amount_minor"`
	Status      string
	Reason      string
	Store       *int64
	CreatedAt   string  `json:"created_at"`
	ProcessedAt *string `json:"processed_at"`
}

// refundFixture is a bag fixture with staff and a console paid for.
type refundFixture struct {
	bagFixture
	staff shoptest.Account
}

func newRefundFixture(t *testing.T, st *sqldb.Store, env map[string]string) refundFixture {
	f := refundFixture{bagFixture: newBagFixture(t, st, env)}
	exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
	f.staff = f.a.Staff("esi_staff")
	return f
}

// paidByPaystack places and pays an order of one console through the fake.
func (f refundFixture) paidByPaystack(t *testing.T, fake *paystacktest.Fake) (orderOut, paymentOut) {
	t.Helper()
	o := f.placed(t, f.kofi, 1)
	p := f.pay(t, f.kofi, o.ID, 201)
	fake.Transaction(p.PaymentReference, "success", 389900, "GHS")
	if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 {
		t.Fatalf("verify = %d %s", code, body)
	}
	return o, p
}

// refund posts a refund request with an Idempotency-Key ("" sends none).
func (f refundFixture) refund(acc shoptest.Account, path, body, key string) (int, string) {
	h := acc.Auth()
	if key != "" {
		h = append(h, "Idempotency-Key", key)
	}
	w := f.a.Do("POST", path, body, h...)
	return w.Code, w.Body.String()
}

func (f refundFixture) refunds(t *testing.T, acc shoptest.Account, path string) []refundOut {
	t.Helper()
	w := f.a.Do("GET", path, "", acc.Auth()...)
	if w.Code != 200 {
		t.Fatalf("GET %s = %d %s", path, w.Code, w.Body)
	}
	var rs []refundOut
	decode(t, w.Body.Bytes(), &rs)
	return rs
}

func (f refundFixture) hook(t *testing.T, body string) {
	t.Helper()
	w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", paystack.Signature(paystacktest.SecretKey, []byte(body)))
	if w.Code != 200 {
		t.Fatalf("webhook = %d %s", w.Code, w.Body)
	}
}

func (f refundFixture) processEvents(t *testing.T) {
	t.Helper()
	if _, err := f.a.Svc.ProcessPaymentEvents(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func adminRefunds(orderID string) string { return "/api/admin/orders/" + orderID + "/refunds/" }

func decodeRefund(t *testing.T, body string) refundOut {
	t.Helper()
	var r refundOut
	decode(t, []byte(body), &r)
	return r
}

const (
	providerDown = `{"detail":"The payment provider could not be reached. Nothing was refunded; try again.","code":"provider_unavailable"}`
	keyRequired  = `{"detail":"Send an Idempotency-Key header with each refund.","code":"idempotency_key_required"}`
)

func TestRefundsThroughPaystack(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newRefundFixture(t, st, fake.Env())
		o, p := f.paidByPaystack(t, fake)
		path := adminRefunds(o.ID)
		f.a.DeliverMail() // the order's placed and paid notices

		// Partial refund: queued at Paystack, pending until its events.
		code, body := f.refund(f.staff, path, `{"amount_minor":100000,"reason":"One controller missing"}`, "k1")
		r := decodeRefund(t, body)
		if code != 201 || r.Status != "pending" || r.AmountMinor != 100000 || r.Amount != "1000.00" || r.Order != o.ID ||
			r.Payment != p.ID || r.Store != nil || r.ProcessedAt != nil || r.Reason != "One controller missing" {
			t.Fatalf("partial refund = %d %s", code, body)
		}
		if got := fake.Refunded[0]; got["transaction"] != p.PaymentReference || got["amount"] != "100000" {
			t.Fatalf("Paystack got %v", got)
		}
		// A double click or a retry replays the refund; Paystack is not asked again.
		if code, again := f.refund(f.staff, path, `{"amount_minor":100000}`, "k1"); code != 200 || decodeRefund(t, again).ID != r.ID {
			t.Fatalf("replay = %d %s", code, again)
		}
		for _, tc := range []struct {
			name, body, key string
			code            int
			want            string
		}{
			{"no key", `{"amount_minor":100}`, "", 400, keyRequired},
			{"key reused for another amount", `{"amount_minor":5}`, "k1", 422, `{"detail":"Idempotency-Key was already used with a different request.","code":"idempotency_key_reused"}`},
			{"over-refund", `{"amount_minor":289901}`, "k2", 409, `{"detail":"At most GH₵ 2899.00 can still be refunded.","code":"refund_exceeds_paid"}`},
			{"zero", `{"amount_minor":0}`, "k3", 400, `{"amount_minor":["Ensure this value is greater than or equal to 1."]}`},
		} {
			if code, body := f.refund(f.staff, path, tc.body, tc.key); code != tc.code || body != tc.want {
				t.Fatalf("%s = %d %s; want %d %s", tc.name, code, body, tc.code, tc.want)
			}
		}
		if n := len(fake.Refunds()); n != 1 {
			t.Fatalf("Paystack asked %d times; want 1", n)
		}

		// The webhook after the answer settles it, once however often it comes.
		ev := paystacktest.RefundEvent("processed", 1, p.PaymentReference, 100000)
		f.hook(t, ev)
		f.hook(t, ev)
		f.processEvents(t)
		mails := f.a.DeliverMail()
		rs := f.refunds(t, f.kofi, "/api/store/orders/"+o.ID+"/refunds/")
		if len(rs) != 1 || rs[0].Status != "processed" || rs[0].ProcessedAt == nil {
			t.Fatalf("shopper sees %+v", rs)
		}
		if len(mails) != 1 || mails[0].To != "kofi_m@example.com" || !strings.Contains(mails[0].Subject, "GH₵ 1,000.00") ||
			!strings.Contains(mails[0].Text, "/order/"+o.ID) {
			t.Fatalf("mails = %+v", mails)
		}
		// A late refund.pending never moves it back.
		f.hook(t, paystacktest.RefundEvent("pending", 1, p.PaymentReference, 100000))
		f.processEvents(t)
		if rs := f.refunds(t, f.staff, path); rs[0].Status != "processed" {
			t.Fatalf("after a late pending: %s", rs[0].Status)
		}

		// Provider down: a clear error, the refund failed, nothing counted.
		fake.RefundAnswer = paystacktest.Answer{Status: 503, Body: `unavailable`}
		if code, body := f.refund(f.staff, path, `{}`, "k4"); code != 502 || body != providerDown {
			t.Fatalf("provider down = %d %s", code, body)
		}
		// Paystack refuses: nothing refunded either.
		fake.RefundAnswer = paystacktest.Answer{Status: 400, Body: `{"status":false,"message":"Insufficient balance"}`}
		if code, body := f.refund(f.staff, path, `{}`, "k5"); code != 409 ||
			body != `{"detail":"The payment provider refused this refund. Nothing was refunded.","code":"refund_refused"}` {
			t.Fatalf("refused = %d %s", code, body)
		}
		fake.RefundAnswer = paystacktest.Answer{}
		rs = f.refunds(t, f.staff, path)
		if len(rs) != 3 || rs[1].Status != "failed" || rs[2].Status != "failed" {
			t.Fatalf("refunds after failures = %+v", rs)
		}
		// The buyer chose texts only for refunds, and has a verified number.
		if err := st.SetPhone(context.Background(), f.kofi.User.ID, kofiPhone); err != nil {
			t.Fatal(err)
		}
		assertStatus(t, f.a.Do("PUT", "/api/auth/users/me/notifications/", `{"refund":{"email":false,"sms":true}}`, f.kofi.Auth()...).Code, 200)
		f.a.DeliverMail()
		// The rest (GH₵ 2899) is still refundable: the webhook overtakes the answer this time.
		fake.OnRefund = func(s paystacktest.RefundState) {
			f.hook(t, paystacktest.RefundEvent("processed", s.ID, s.Reference, s.Amount))
			f.processEvents(t)
		}
		code, body = f.refund(f.staff, path, `{}`, "k6")
		fake.OnRefund = nil
		if r := decodeRefund(t, body); code != 201 || r.AmountMinor != 289900 || r.Status != "processed" {
			t.Fatalf("rest = %d %s", code, body)
		}
		if rs := f.refunds(t, f.staff, path); len(rs) != 4 {
			t.Fatalf("the early event made a second refund: %+v", rs)
		}
		text := "sms " + kofiPhone + " Dwa: we have refunded GH₵ 2,899.00 for order " + strings.ToUpper(o.ID[:8]) +
			". It goes back the way you paid. "
		if sent := sentKinds(f.a); len(sent) != 1 || !strings.HasPrefix(sent[0], text) || !strings.HasSuffix(sent[0], "/order/"+o.ID) {
			t.Fatalf("refund notice by text only: sent %q", sent)
		}
		if code, body := f.refund(f.staff, path, `{"amount_minor":1}`, "k7"); code != 409 ||
			body != `{"detail":"Everything paid has already been refunded.","code":"refund_exceeds_paid"}` {
			t.Fatalf("after a full refund = %d %s", code, body)
		}
	})
}

func TestRefundAccess(t *testing.T) {
	f := newRefundFixture(t, shoptest.OpenSQLite(t), nil)
	o := f.placed(t, f.kofi, 1)
	unpaid := adminRefunds(o.ID)
	if code, body := f.refund(f.staff, unpaid, `{}`, "k"); code != 409 ||
		body != `{"detail":"This order has no payment to refund.","code":"order_not_refundable"}` {
		t.Fatalf("unpaid = %d %s", code, body)
	}
	ref := f.payTest(t, f.kofi, o.ID, testpay.CardSuccess)
	if code, body := f.verify(f.kofi, verifyPath, ref); code != 200 {
		t.Fatal(code, body)
	}
	other, _ := f.a.Owner("yaw_owner", "Kumasi Gadgets")
	forbidden := `{"detail":"You do not have permission to perform this action.","code":"permission_denied"}`
	for _, tc := range []struct {
		name   string
		acc    shoptest.Account
		method string
		path   string
		code   int
		want   string
	}{
		{"shopper refunds", f.kofi, "POST", unpaid, 403, forbidden},
		{"shopper reads staff list", f.kofi, "GET", unpaid, 403, forbidden},
		{"another shopper reads", f.ama, "GET", "/api/store/orders/" + o.ID + "/refunds/", 404, `{"detail":"No Order matches the given query.","code":"not_found"}`},
		{"another store refunds", other, "POST", "/api/seller/orders/" + o.ID + "/refunds/", 403, `{"detail":"Stores may not refund orders: ask Dwa staff.","code":"permission_denied"}`},
		{"another store reads", other, "GET", "/api/seller/orders/" + o.ID + "/refunds/", 404, `{"detail":"No Order matches the given query.","code":"not_found"}`},
		{"shopper queue", f.kofi, "GET", "/api/admin/refunds/queue/", 403, forbidden},
		{"unknown order", f.staff, "POST", adminRefunds("00000000-0000-4000-8000-000000000000"), 404, `{"detail":"No Order matches the given query.","code":"not_found"}`},
	} {
		h := append(tc.acc.Auth(), "Idempotency-Key", "k")
		w := f.a.Do(tc.method, tc.path, map[string]string{"POST": `{}`}[tc.method], h...)
		if w.Code != tc.code || w.Body.String() != tc.want {
			t.Fatalf("%s = %d %s; want %d %s", tc.name, w.Code, w.Body, tc.code, tc.want)
		}
	}
	if w := f.a.Do("GET", unpaid, ""); w.Code != 401 {
		t.Fatalf("anonymous = %d", w.Code)
	}
	// The test provider refunds at once.
	code, body := f.refund(f.staff, unpaid, `{"amount_minor":1250}`, "k")
	if r := decodeRefund(t, body); code != 201 || r.Status != "processed" || r.ProcessedAt == nil {
		t.Fatalf("test refund = %d %s", code, body)
	}
}

// TestStoreRefundsItsPart: once staff let stores refund, an owner refunds
// at most its own lines; another store in the order sees only its own.
func TestStoreRefundsItsPart(t *testing.T) {
	f := newRefundFixture(t, shoptest.OpenSQLite(t), nil)
	owner, st := f.a.Owner("yaw_owner", "Kumasi Gadgets")
	cable := shoptest.NewProduct("HDMI cable", 5000)
	cable.StoreID = st.ID
	f.a.Products(cable)
	if code, body := f.add(f.kofi, fmt.Sprintf(`{"product_id":%d,"quantity":2}`, cable.ID)); code != 201 {
		t.Fatal(code, body)
	}
	o := f.placed(t, f.kofi, 1) // the console (another store) and two cables: GH₵ 3999
	ref := f.payTest(t, f.kofi, o.ID, testpay.CardSuccess)
	if code, body := f.verify(f.kofi, verifyPath, ref); code != 200 {
		t.Fatal(code, body)
	}
	path := "/api/seller/orders/" + o.ID + "/refunds/"
	// Off until staff switch it on; the owner's store says which.
	if code, body := f.refund(owner, path, `{}`, "s0"); code != 403 ||
		body != `{"detail":"Stores may not refund orders: ask Dwa staff.","code":"permission_denied"}` {
		t.Fatalf("before staff allow it = %d %s", code, body)
	}
	canRefund := func() string {
		w := f.a.Do("GET", "/api/seller/store/", "", owner.Auth()...)
		var s struct {
			CanRefund *bool `json:"can_refund"`
		}
		decode(t, w.Body.Bytes(), &s)
		return fmt.Sprint(w.Code, " ", s.CanRefund != nil && *s.CanRefund)
	}
	if got := canRefund(); got != "200 false" {
		t.Fatalf("can_refund before = %s", got)
	}
	if w := f.a.Do("PATCH", "/api/admin/settings/payments/", `{"store_refunds":true}`, owner.Auth()...); w.Code != 403 {
		t.Fatalf("owner switching it on = %d", w.Code)
	}
	if w := f.a.Do("PATCH", "/api/admin/settings/payments/", `{"store_refunds":true}`, f.staff.Auth()...); w.Code != 200 ||
		!strings.Contains(w.Body.String(), `"store_refunds":true`) || !strings.Contains(w.Body.String(), `"cod_enabled":false`) {
		t.Fatalf("staff switching it on = %d %s", w.Code, w.Body)
	}
	if got := canRefund(); got != "200 true" {
		t.Fatalf("can_refund after = %s", got)
	}
	if code, body := f.refund(owner, path, `{"amount_minor":10001}`, "s1"); code != 409 ||
		body != `{"detail":"At most GH₵ 100.00 can still be refunded.","code":"refund_exceeds_paid"}` {
		t.Fatalf("more than its part = %d %s", code, body)
	}
	code, body := f.refund(owner, path, `{}`, "s2")
	if r := decodeRefund(t, body); code != 201 || r.AmountMinor != 10000 || r.Store == nil || *r.Store != st.ID {
		t.Fatalf("its part = %d %s", code, body)
	}
	if code, body := f.refund(owner, path, `{"amount_minor":1}`, "s3"); code != 409 {
		t.Fatalf("past its refunded part = %d %s", code, body)
	}
	if rs := f.refunds(t, owner, path); len(rs) != 1 {
		t.Fatalf("store sees %+v", rs)
	}
	// Staff see it and may refund the rest (a null amount is the rest, as the contract says).
	if code, body := f.refund(f.staff, adminRefunds(o.ID), `{"amount_minor":null}`, "a1"); code != 201 || decodeRefund(t, body).AmountMinor != 389900 {
		t.Fatalf("staff rest = %d %s", code, body)
	}
}

// TestRefundQueue: a success that came after the order was cancelled is
// queued for staff, refunded in one click, and leaves the queue.
func TestRefundQueue(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newRefundFixture(t, st, nil)
		o := f.placed(t, f.kofi, 1)
		p := f.pay(t, f.kofi, o.ID, 201)
		w := f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+`","card_number":"`+testpay.CardSuccess+`"}`, f.kofi.Auth()...)
		assertStatus(t, w.Code, 200)
		assertStatus(t, f.a.Do("DELETE", "/api/store/orders/"+o.ID+"/", "", f.kofi.Auth()...).Code, 204)
		if code, _ := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 409 {
			t.Fatalf("late success = %d", code)
		}
		var queue []struct {
			Payment         int64
			Order           string
			RefundableMinor int64 `json:"refundable_minor"`
		}
		decode(t, f.a.Do("GET", "/api/admin/refunds/queue/", "", f.staff.Auth()...).Body.Bytes(), &queue)
		if len(queue) != 1 || queue[0].Payment != p.ID || queue[0].RefundableMinor != 389900 {
			t.Fatalf("queue = %+v", queue)
		}
		// A part refunded leaves the rest queued.
		if code, body := f.refund(f.staff, fmt.Sprintf("/api/admin/payments/%d/refunds/", p.ID), `{"amount_minor":100}`, "q0"); code != 201 {
			t.Fatalf("part refund = %d %s", code, body)
		}
		decode(t, f.a.Do("GET", "/api/admin/refunds/queue/", "", f.staff.Auth()...).Body.Bytes(), &queue)
		if len(queue) != 1 || queue[0].RefundableMinor != 389800 {
			t.Fatalf("queue after a part = %+v", queue)
		}
		code, body := f.refund(f.staff, fmt.Sprintf("/api/admin/payments/%d/refunds/", p.ID), `{}`, "q1")
		if r := decodeRefund(t, body); code != 201 || r.Status != "processed" || r.AmountMinor != 389800 {
			t.Fatalf("queue refund = %d %s", code, body)
		}
		decode(t, f.a.Do("GET", "/api/admin/refunds/queue/", "", f.staff.Auth()...).Body.Bytes(), &queue)
		if len(queue) != 0 {
			t.Fatalf("queue after refund = %+v", queue)
		}
		if rs := f.refunds(t, f.kofi, "/api/store/orders/"+o.ID+"/refunds/"); len(rs) != 2 {
			t.Fatalf("shopper sees %+v", rs)
		}
	})
}

// TestRefundRace: concurrent refunds of one payment never add up to more
// than was paid, and concurrent requests with one key refund once.
func TestRefundRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newRefundFixture(t, st, fake.Env())
		for round := range 3 {
			o, p := f.paidByPaystack(t, fake)
			before := len(fake.Refunds())
			var wg sync.WaitGroup
			start := make(chan struct{})
			codes := make([]int, 8)
			for i := range codes {
				wg.Go(func() {
					<-start
					key := fmt.Sprintf("r%d-%d", round, i)
					if i >= 6 {
						key = fmt.Sprintf("same-%d", round) // a double click
					}
					codes[i], _ = f.refund(f.staff, adminRefunds(o.ID), `{"amount_minor":100000}`, key)
				})
			}
			close(start)
			wg.Wait()
			created := 0
			for _, c := range codes {
				if c == 201 {
					created++
				} else if c != 409 && c != 200 {
					t.Fatalf("round %d: codes %v", round, codes)
				}
			}
			var sum int64
			if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_id = ? AND status <> 'failed'`), p.ID).Scan(&sum); err != nil {
				t.Fatal(err)
			}
			if created != 3 || sum != 300000 || len(fake.Refunds())-before != 3 {
				t.Fatalf("round %d: %d created, %d refunded, Paystack asked %d times (codes %v)", round, created, sum,
					len(fake.Refunds())-before, codes)
			}
		}
		if n := st.DB().TxRetries(); n != 0 {
			t.Fatalf("%d transactions retried", n)
		}
	})
}

// TestRefundPoll: a refund whose events never come is settled by asking
// Paystack once it has not changed for a while.
func TestRefundPoll(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newRefundFixture(t, st, fake.Env())
		o, _ := f.paidByPaystack(t, fake)
		if code, body := f.refund(f.staff, adminRefunds(o.ID), `{}`, "p1"); code != 201 {
			t.Fatal(code, body)
		}
		ctx := context.Background()
		fake.SettleRefund(1, "processed")
		if n, err := f.a.Svc.PollRefunds(ctx); err != nil || n != 0 {
			t.Fatalf("polled %d, %v before it was due", n, err)
		}
		f.a.Clock.Advance(31 * time.Minute)
		if n, err := f.a.Svc.PollRefunds(ctx); err != nil || n != 1 {
			t.Fatalf("polled %d, %v", n, err)
		}
		kofi := f.kofi
		kofi.Tokens = f.a.SignIn(kofi.User) // the clock moved past the access token's life
		if rs := f.refunds(t, kofi, "/api/store/orders/"+o.ID+"/refunds/"); rs[0].Status != shop.RefundProcessed {
			t.Fatalf("after poll: %+v", rs)
		}
		if n, err := f.a.Svc.PollRefunds(ctx); err != nil || n != 0 {
			t.Fatalf("polled %d, %v: a settled refund was polled again", n, err)
		}
	})
}
