package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

type paymentOut struct {
	ID               int64
	Order            string
	Amount           string
	AmountMinor      int64  `json:"amount_minor"`
	PaymentReference string `json:"payment_reference"`
	Status           string
	Provider         string
	PublicKey        *string `json:"public_key"`
	AccessCode       *string `json:"access_code"`
	Email            string
}

// pay creates (or gets) the payment attempt of an order.
func (f bagFixture) pay(t *testing.T, acc shoptest.Account, orderID string, wantCode int) paymentOut {
	t.Helper()
	w := f.a.Do("POST", "/api/store/payments/", `{"order":"`+orderID+`"}`, acc.Auth()...)
	if w.Code != wantCode {
		t.Fatalf("create payment = %d %s; want %d", w.Code, w.Body, wantCode)
	}
	var p paymentOut
	decode(t, w.Body.Bytes(), &p)
	return p
}

// payTest creates a test attempt for the order and charges the card.
func (f bagFixture) payTest(t *testing.T, acc shoptest.Account, orderID, card string) string {
	t.Helper()
	p := f.pay(t, acc, orderID, 201)
	w := f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+`","card_number":"`+card+`"}`, acc.Auth()...)
	assertStatus(t, w.Code, 200)
	return p.PaymentReference
}

func (f bagFixture) verify(acc shoptest.Account, path, ref string) (int, string) {
	w := f.a.Do("POST", path, `{"reference":"`+ref+`"}`, acc.Auth()...)
	return w.Code, w.Body.String()
}

func (f bagFixture) placed(t *testing.T, acc shoptest.Account, qty int) orderOut {
	t.Helper()
	if code, body := f.add(acc, fmt.Sprintf(`{"product_id":%d,"quantity":%d}`, f.console.ID, qty)); code != 201 && code != 200 {
		t.Fatal(code, body)
	}
	return f.order(t, acc)
}

const (
	verifyPath   = "/api/store/payments/verify/"
	legacyVerify = "/api/api/paystack/verify/"
	verifiedOK   = `{"message":"Payment verified successfully."}`
	alreadyOK    = `{"message":"Payment already verified."}`
	notFoundPay  = `{"detail":"Payment not found.","code":"not_found"}`
)

func TestPaymentsWithTestProvider(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		a, kofi, ama := f.a, f.kofi, f.ama
		o := f.placed(t, kofi, 2)

		for _, tc := range []struct {
			body string
			code int
			want string
		}{
			{`{}`, 400, `{"order":["This field is required."]}`},
			{`{"order":"nope"}`, 400, `{"order":["Must be a valid UUID."]}`},
			{`{"order":"3b0e6f1a-8c2d-4f7e-9a10-5d2c7b8e9f01"}`, 404, `{"detail":"No Order matches the given query.","code":"not_found"}`},
			{`{"order":"` + o.ID + `","amount":"77.98"}`, 400, `{"amount":["Amount does not match the order total."]}`},
			{`{"order":"` + o.ID + `","amount_minor":7798}`, 400, `{"amount_minor":["Amount does not match the order total."]}`},
		} {
			w := a.Do("POST", "/api/store/payments/", tc.body, kofi.Auth()...)
			if w.Code != tc.code || w.Body.String() != tc.want {
				t.Errorf("POST %s = %d %s; want %d %s", tc.body, w.Code, w.Body, tc.code, tc.want)
			}
		}
		// Another shopper cannot pay (or see) kofi's order.
		w := a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, ama.Auth()...)
		assertStatus(t, w.Code, 404)

		w = a.Do("POST", "/api/store/payments/", `{"order":"`+strings.ToUpper(o.ID)+`","amount":7798.0}`, kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		var p paymentOut
		decode(t, w.Body.Bytes(), &p)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"id":%d,"order":"%s","amount":"7798.00","amount_minor":779800,"currency":"GHS","payment_reference":"%s","status":"pending","provider":"test","public_key":null,"access_code":null,"email":"kofi_m@example.com","channel":"card","gateway_response":"","mobile_money":null}`,
			p.ID, o.ID, p.PaymentReference))
		if again := f.pay(t, kofi, o.ID, 200); again.PaymentReference != p.PaymentReference {
			t.Fatal("a second pending attempt was created")
		}

		// Reads are the owner's only; no update or delete.
		item := fmt.Sprintf("/api/store/payments/%d/", p.ID)
		assertStatus(t, a.Do("GET", item, "", kofi.Auth()...).Code, 200)
		assertBody(t, a.Do("GET", item, "", ama.Auth()...).Body.String(), `{"detail":"No Payment matches the given query.","code":"not_found"}`)
		assertBody(t, a.Do("GET", "/api/store/payments/", "", ama.Auth()...).Body.String(), `[]`)
		for _, m := range []string{"PUT", "PATCH", "DELETE"} {
			assertStatus(t, a.Do(m, item, `{"status":"successful"}`, kofi.Auth()...).Code, 405)
		}

		// Verify: ownership first, never asking the provider otherwise.
		for _, tc := range []struct {
			acc  shoptest.Account
			body string
			code int
			want string
		}{
			{kofi, `{}`, 400, `{"reference":["This field is required."]}`},
			{kofi, `{"reference":"pay-xyz"}`, 404, notFoundPay},
			{ama, `{"reference":"` + p.PaymentReference + `"}`, 404, notFoundPay},
			{kofi, `{"reference":"` + p.PaymentReference + `"}`, 400, `{"detail":"Payment is not complete yet.","code":"payment_failed"}`},
		} {
			w := a.Do("POST", legacyVerify, tc.body, tc.acc.Auth()...)
			if w.Code != tc.code || w.Body.String() != tc.want {
				t.Errorf("verify %s = %d %s; want %d %s", tc.body, w.Code, w.Body, tc.code, tc.want)
			}
		}

		// Test cards.
		charge := func(acc shoptest.Account, ref, card string) (int, string) {
			w := a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+ref+`","card_number":"`+card+`"}`, acc.Auth()...)
			return w.Code, w.Body.String()
		}
		if code, body := charge(kofi, p.PaymentReference, "1234"); code != 400 || body != `{"card_number":["Unknown test card."]}` {
			t.Fatalf("unknown card = %d %s", code, body)
		}
		if code, _ := charge(ama, p.PaymentReference, "4084084084084081"); code != 404 {
			t.Fatalf("charging another's payment = %d", code)
		}
		code, body := charge(kofi, p.PaymentReference, "4000 0000 0000 9995")
		if code != 200 || body != `{"reference":"`+p.PaymentReference+`","status":"failed","gateway_response":"Insufficient Funds","amount_minor":779800,"currency":"GHS"}` {
			t.Fatalf("insufficient funds = %d %s", code, body)
		}
		if code, body := f.verify(kofi, verifyPath, p.PaymentReference); code != 400 || body != `{"detail":"Payment was not successful.","code":"payment_failed"}` {
			t.Fatalf("verify declined = %d %s", code, body)
		}
		p2 := f.pay(t, kofi, o.ID, 201)
		if code, body := charge(kofi, p2.PaymentReference, "4084 0840 8408 4081"); code != 200 || !strings.Contains(body, `"status":"success","gateway_response":"Approved"`) {
			t.Fatalf("success card = %d %s", code, body)
		}
		if code, body := charge(kofi, p2.PaymentReference, "4084 0840 8408 4081"); code != 409 || body != `{"detail":"This payment has already been charged.","code":"already_charged"}` {
			t.Fatalf("second charge = %d %s", code, body)
		}
		if code, body := f.verify(kofi, verifyPath, p2.PaymentReference); code != 200 || body != verifiedOK {
			t.Fatalf("verify = %d %s", code, body)
		}
		if code, body := f.verify(kofi, legacyVerify, p2.PaymentReference); code != 200 || body != alreadyOK {
			t.Fatalf("verify again = %d %s", code, body)
		}
		var got orderOut
		decode(t, a.Do("GET", "/api/store/orders/"+o.ID, "", kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "processing" || got.PaidAt == nil {
			t.Fatalf("paid order = %+v", got)
		}
		w = a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, kofi.Auth()...)
		if w.Code != 409 || w.Body.String() != `{"detail":"Only pending orders can be paid.","code":"order_not_pending"}` {
			t.Fatalf("pay a paid order = %d %s", w.Code, w.Body)
		}
		var list []paymentOut
		decode(t, a.Do("GET", "/api/store/payments", "", kofi.Auth()...).Body.Bytes(), &list)
		if len(list) != 2 || list[0].Status != "successful" || list[1].Status != "failed" {
			t.Fatalf("payments = %+v", list)
		}

		// A success for an order cancelled meanwhile is kept and flagged for refund.
		late := f.placed(t, kofi, 1)
		ref := f.payTest(t, kofi, late.ID, "4084084084084081")
		assertStatus(t, a.Do("DELETE", "/api/store/orders/"+late.ID, "", kofi.Auth()...).Code, 204)
		if code, body := f.verify(kofi, verifyPath, ref); code != 409 ||
			body != `{"detail":"This order is no longer awaiting payment. The payment will be refunded.","code":"order_not_payable"}` {
			t.Fatalf("late success = %d %s", code, body)
		}
		var status, flag string
		if err := st.DB().R.QueryRow(`SELECT status, flag FROM payments WHERE reference = '`+ref+`'`).Scan(&status, &flag); err != nil {
			t.Fatal(err)
		}
		if status != "successful" || flag != "refund" {
			t.Fatalf("late payment = %s/%q; want successful/refund", status, flag)
		}
		// Asking again tells the same truth, not "Payment already verified.",
		// and the shopper's list says the money is to go back.
		for _, path := range []string{verifyPath, legacyVerify} {
			if code, body := f.verify(kofi, path, ref); code != 409 ||
				body != `{"detail":"This order is no longer awaiting payment. The payment will be refunded.","code":"order_not_payable"}` {
				t.Fatalf("verify the late success again = %d %s", code, body)
			}
		}
		decode(t, a.Do("GET", "/api/store/payments", "", kofi.Auth()...).Body.Bytes(), &list)
		if len(list) != 3 || list[0].PaymentReference != ref || list[0].Status != "refund_pending" {
			t.Fatalf("payments after a late success = %+v", list)
		}

		// The webhook does not exist in test mode.
		assertStatus(t, a.Do("POST", "/api/payments/paystack/webhook/", `{}`).Code, 404)
		// One order's attempts, whatever else the shopper paid for.
		var before []paymentOut
		decode(t, a.Do("GET", "/api/store/payments/?order="+o.ID, "", kofi.Auth()...).Body.Bytes(), &before)
		if len(before) != 2 {
			t.Fatalf("payments of the paid order = %+v; want its failed and successful attempts", before)
		}
		other := f.placed(t, kofi, 1)
		otherPay := f.pay(t, kofi, other.ID, 201)
		for _, tc := range []struct {
			acc   shoptest.Account
			order string
			want  []int64
		}{
			{kofi, o.ID, []int64{before[0].ID, before[1].ID}},
			{kofi, other.ID, []int64{otherPay.ID}},
			{ama, o.ID, []int64{}},
			{kofi, strings.ToUpper(other.ID), []int64{otherPay.ID}},
		} {
			var got []paymentOut
			decode(t, a.Do("GET", "/api/store/payments/?order="+tc.order, "", tc.acc.Auth()...).Body.Bytes(), &got)
			ids := []int64{}
			for _, g := range got {
				ids = append(ids, g.ID)
			}
			if !slices.Equal(ids, tc.want) {
				t.Errorf("payments of order %q for %s = %v; want %v", tc.order, tc.acc.User.Username, ids, tc.want)
			}
		}
		assertBody(t, a.Do("GET", "/api/store/payments/?order=not-an-order", "", kofi.Auth()...).Body.String(),
			`{"order":["Must be a valid UUID."]}`)
	})
}

func TestPaystackVerifyOutcomes(t *testing.T) {
	fake := paystacktest.New(t)
	f := newBagFixture(t, shoptest.OpenSQLite(t), fake.Env())
	exec(t, f.a.Store, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
	for _, tc := range []struct {
		name   string
		script func(ref string)
		code   int
		want   string
		status string // the attempt afterwards
	}{
		{"failed", func(ref string) { fake.Transaction(ref, "failed", 389900, "GHS") }, 400, `{"detail":"Payment was not successful.","code":"payment_failed"}`, "failed"},
		{"abandoned", func(ref string) { fake.Transaction(ref, "abandoned", 389900, "GHS") }, 400, `{"detail":"Payment was not successful.","code":"payment_failed"}`, "failed"},
		{"ongoing", func(ref string) { fake.Transaction(ref, "ongoing", 389900, "GHS") }, 400, `{"detail":"Payment is not complete yet.","code":"payment_failed"}`, "pending"},
		{"unknown reference", func(string) {}, 400, `{"detail":"Payment is not complete yet.","code":"payment_failed"}`, "pending"},
		{"amount mismatch", func(ref string) { fake.Transaction(ref, "success", 100, "GHS") }, 400, `{"detail":"Payment amount or currency does not match the order.","code":"payment_failed"}`, "failed"},
		{"currency mismatch", func(ref string) { fake.Transaction(ref, "success", 389900, "NGN") }, 400, `{"detail":"Payment amount or currency does not match the order.","code":"payment_failed"}`, "failed"},
		{"server error", func(ref string) { fake.Script(ref, paystacktest.Answer{Status: 500, Body: `oops`}) }, 502, `{"detail":"Error contacting the payment provider.","code":"provider_unavailable"}`, "pending"},
		{"malformed JSON", func(ref string) { fake.Script(ref, paystacktest.Answer{Status: 200, Body: `{"status":tru`}) }, 502, `{"detail":"Error contacting the payment provider.","code":"provider_unavailable"}`, "pending"},
		{"provider auth failure", func(ref string) {
			fake.Script(ref, paystacktest.Answer{Status: 401, Body: `{"status":false,"message":"Invalid key"}`})
		}, 502, `{"detail":"Error contacting the payment provider.","code":"provider_unavailable"}`, "pending"},
		{"success", func(ref string) { fake.Transaction(ref, "success", 389900, "GHS") }, 200, verifiedOK, "successful"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.pay(t, f.kofi, o.ID, 201)
			if p.Provider != "paystack" || p.AccessCode == nil || *p.AccessCode != "0peioxfhpn" || p.PublicKey == nil || *p.PublicKey != paystacktest.PublicKey {
				t.Fatalf("payment = %+v", p)
			}
			tc.script(p.PaymentReference)
			if code, body := f.verify(f.kofi, legacyVerify, p.PaymentReference); code != tc.code || body != tc.want {
				t.Fatalf("verify = %d %s; want %d %s", code, body, tc.code, tc.want)
			}
			var status string
			if err := f.a.Store.DB().R.QueryRow(`SELECT status FROM payments WHERE id = ?`, p.ID).Scan(&status); err != nil {
				t.Fatal(err)
			}
			if status != tc.status {
				t.Fatalf("attempt = %s; want %s", status, tc.status)
			}
		})
	}
	// Initialize got the server's amount, e-mail, currency, reference and channels.
	init := fake.Initialized[0]
	if init["amount"] != "389900" || init["currency"] != "GHS" || init["email"] != "kofi_m@example.com" ||
		!strings.HasPrefix(init["reference"].(string), "pay-") || fmt.Sprint(init["channels"]) != "[card mobile_money]" {
		t.Fatalf("initialize body = %v", init)
	}
	// A provider failure at initialize keeps no attempt.
	fake.InitStatus = 500
	o := f.placed(t, f.kofi, 1)
	w := f.a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, f.kofi.Auth()...)
	if w.Code != 502 || w.Body.String() != `{"detail":"Error contacting the payment provider.","code":"provider_unavailable"}` {
		t.Fatalf("initialize failure = %d %s", w.Code, w.Body)
	}
	var n int
	if err := f.a.Store.DB().R.QueryRow(`SELECT COUNT(*) FROM payments WHERE order_id = ?`, o.ID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("attempts kept after a failed initialize: %d, %v", n, err)
	}
	// The test card endpoint does not exist outside test mode.
	assertStatus(t, f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"x","card_number":"4084084084084081"}`, f.kofi.Auth()...).Code, 404)
}

func webhookBody(ref string, amount int64) string {
	return paystacktest.TransactionJSON(`{"event":"charge.success","data":`, ref, "success", amount, "GHS") + `}`
}

func TestPaystackWebhook(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newBagFixture(t, st, fake.Env())
		ctx := context.Background()
		o := f.placed(t, f.kofi, 1)
		p := f.pay(t, f.kofi, o.ID, 201)
		body := webhookBody(p.PaymentReference, 389900)
		hook := func(body, sig string, more ...string) (int, string) {
			// A stale Authorization header is ignored here.
			w := f.a.Do("POST", "/api/payments/paystack/webhook/", body,
				append([]string{"X-Paystack-Signature", sig, "Authorization", "Bearer x.y.z"}, more...)...)
			return w.Code, w.Body.String()
		}
		for _, sig := range []string{"", "abc", paystack.Signature("wrong-secret", []byte(body)), paystack.Signature(paystacktest.SecretKey, []byte(body+" "))} {
			if code, b := hook(body, sig); code != 401 || b != `{"detail":"Invalid signature.","code":"invalid_signature"}` {
				t.Fatalf("signature %q = %d %s", sig, code, b)
			}
		}
		sig := paystack.Signature(paystacktest.SecretKey, []byte(body))
		for range 3 {
			if code, b := hook(body, sig); code != 200 || b != `{}` {
				t.Fatalf("webhook = %d %s", code, b)
			}
		}
		// Unknown references and other events are accepted and ignored.
		other := webhookBody("pay-00000000000000000000000000000000", 100)
		if code, _ := hook(other, paystack.Signature(paystacktest.SecretKey, []byte(other))); code != 200 {
			t.Fatal(code)
		}
		junk := `not json`
		if code, _ := hook(junk, paystack.Signature(paystacktest.SecretKey, []byte(junk)), shoptest.OffContract...); code != 200 {
			t.Fatal(code)
		}
		var events int
		if err := st.DB().R.QueryRow(`SELECT COUNT(*) FROM payment_events`).Scan(&events); err != nil || events != 2 {
			t.Fatalf("stored events = %d, %v; want 2 (de-duplicated)", events, err)
		}
		// Processing is asynchronous: nothing changed yet.
		var got orderOut
		decode(t, f.a.Do("GET", "/api/store/orders/"+o.ID, "", f.kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "pending" {
			t.Fatalf("status before processing = %s", got.Status)
		}
		if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 2 {
			t.Fatalf("processed %d, %v", n, err)
		}
		decode(t, f.a.Do("GET", "/api/store/orders/"+o.ID, "", f.kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "processing" || got.PaidAt == nil {
			t.Fatalf("order after webhook = %+v", got)
		}
		if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 0 {
			t.Fatalf("reprocessed %d, %v", n, err)
		}
		if code, b := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || b != alreadyOK {
			t.Fatalf("verify after webhook = %d %s", code, b)
		}

		// A signed success whose amount differs is not fulfilled.
		o2 := f.placed(t, f.kofi, 1)
		p2 := f.pay(t, f.kofi, o2.ID, 201)
		bad := webhookBody(p2.PaymentReference, 100)
		hook(bad, paystack.Signature(paystacktest.SecretKey, []byte(bad)))
		if _, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil {
			t.Fatal(err)
		}
		decode(t, f.a.Do("GET", "/api/store/orders/"+o2.ID, "", f.kofi.Auth()...).Body.Bytes(), &got)
		if got.Status != "pending" {
			t.Fatalf("order paid by a mismatching webhook: %s", got.Status)
		}
	})
}

// TestFulfilmentRace: verify + webhook + verify at once for one payment →
// one transition, one paid_at.
func TestFulfilmentRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newBagFixture(t, st, fake.Env())
		for round := range 5 {
			o := f.placed(t, f.kofi, 1)
			p := f.pay(t, f.kofi, o.ID, 201)
			fake.Transaction(p.PaymentReference, "success", 389900, "GHS")
			body := webhookBody(p.PaymentReference, 389900)
			sig := paystack.Signature(paystacktest.SecretKey, []byte(body))
			var wg sync.WaitGroup
			answers := make([]string, 2)
			start := make(chan struct{})
			for i := range answers {
				wg.Go(func() {
					<-start
					_, answers[i] = f.verify(f.kofi, verifyPath, p.PaymentReference)
				})
			}
			wg.Go(func() {
				<-start
				if w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", sig); w.Code != 200 {
					t.Errorf("webhook = %d", w.Code)
				}
				if _, err := f.a.Svc.ProcessPaymentEvents(context.Background()); err != nil {
					t.Error(err)
				}
			})
			close(start)
			wg.Wait()
			for _, a := range answers {
				if a != verifiedOK && a != alreadyOK {
					t.Fatalf("round %d: verify = %s", round, a)
				}
			}
			var status string
			var orderPaid, paymentPaid, updated int64
			q := `SELECT o.status, o.paid_at, o.updated_at, p.paid_at FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = '` + o.ID + `'`
			if err := st.DB().R.QueryRow(q).Scan(&status, &orderPaid, &updated, &paymentPaid); err != nil {
				t.Fatal(err)
			}
			// One transition: the order was written once, by the same
			// transaction that stamped the payment.
			if status != "processing" || orderPaid != paymentPaid || updated != orderPaid {
				t.Fatalf("round %d: %s paid_at %d/%d updated %d", round, status, orderPaid, paymentPaid, updated)
			}
		}
	})
}

// TestReverifyJob: an attempt still pending after 15 minutes is asked about
// again and fulfilled when the provider now reports success.
func TestReverifyJob(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newBagFixture(t, st, fake.Env())
		ctx := context.Background()
		o := f.placed(t, f.kofi, 1)
		p := f.pay(t, f.kofi, o.ID, 201)
		fake.Transaction(p.PaymentReference, "success", 389900, "GHS")
		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != 0 {
			t.Fatalf("fresh attempt re-verified: %d, %v", n, err)
		}
		f.a.Clock.Advance(16 * time.Minute)
		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != 1 {
			t.Fatalf("re-verified %d, %v; want 1", n, err)
		}
		var status string
		if err := st.DB().R.QueryRow(`SELECT status FROM orders WHERE id = '` + o.ID + `'`).Scan(&status); err != nil || status != "processing" {
			t.Fatalf("order = %s, %v; want processing", status, err)
		}
		if n, err := f.a.Svc.ReverifyPayments(ctx); err != nil || n != 0 {
			t.Fatalf("paid attempt re-verified again: %d, %v", n, err)
		}
	})
}
