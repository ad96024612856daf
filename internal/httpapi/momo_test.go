package httpapi_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/gateway/testpay"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

type momoOut struct {
	paymentOut
	Channel         string
	GatewayResponse string `json:"gateway_response"`
	MobileMoney     *struct {
		Phone, Network, State string
		DisplayText           string `json:"display_text"`
	} `json:"mobile_money"`
}

// momo posts a mobile money charge of the order and checks the status.
func (f bagFixture) momo(t *testing.T, acc shoptest.Account, body string, wantCode int) momoOut {
	t.Helper()
	w := f.a.Do("POST", "/api/store/payments/mobile-money/", body, acc.Auth()...)
	if w.Code != wantCode {
		t.Fatalf("mobile money %s = %d %s; want %d", body, w.Code, w.Body, wantCode)
	}
	var p momoOut
	if w.Code < 300 {
		decode(t, w.Body.Bytes(), &p)
	}
	return p
}

func (f bagFixture) momoFails(t *testing.T, acc shoptest.Account, body string, wantCode int, want string) {
	t.Helper()
	w := f.a.Do("POST", "/api/store/payments/mobile-money/", body, acc.Auth()...)
	if w.Code != wantCode || w.Body.String() != want {
		t.Fatalf("mobile money %s = %d %s; want %d %s", body, w.Code, w.Body, wantCode, want)
	}
}

func (f bagFixture) code(acc shoptest.Account, ref, otp string) (int, string) {
	w := f.a.Do("POST", "/api/store/payments/mobile-money/code/", `{"reference":"`+ref+`","otp":"`+otp+`"}`, acc.Auth()...)
	return w.Code, w.Body.String()
}

func (f bagFixture) paymentRow(t *testing.T, ref string) (status, gatewayResponse string) {
	t.Helper()
	if err := f.a.Store.DB().R.QueryRow(f.a.Store.DB().Rebind(`SELECT status, gateway_response FROM payments WHERE reference = ?`), ref).
		Scan(&status, &gatewayResponse); err != nil {
		t.Fatal(err)
	}
	return status, gatewayResponse
}

const (
	notComplete  = `{"detail":"Payment is not complete yet.","code":"payment_failed"}`
	momoWaiting  = `{"detail":"A mobile money payment for this order is waiting for approval. Approve it, or wait until it times out to pay another way.","code":"payment_in_progress"}`
	timedOut     = `{"detail":"The prompt was not approved in time. Try again, or pay another way.","code":"payment_failed"}`
	codeRejected = `{"otp":["That code was not accepted. Dial *110#, choose Generate voucher and type the new code."]}`
)

func momoBody(order, phone string) string { return `{"order":"` + order + `","phone":"` + phone + `"}` }

func TestMobileMoneyWithTestProvider(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newBagFixture(t, st, nil)
		exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)

		t.Run("fields", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			f.momoFails(t, f.kofi, `{"order":"`+o.ID+`"}`, 400, `{"phone":["This field is required."]}`)
			f.momoFails(t, f.kofi, momoBody(o.ID, "0301234567"), 400, `{"phone":["Enter a Ghana mobile number, like 024 123 4567."]}`)
			f.momoFails(t, f.kofi, `{"order":"`+o.ID+`","phone":"0241234567","network":"glo"}`, 400,
				`{"network":["Choose MTN (mtn), Telecel (vod) or AirtelTigo (atl)."]}`)
			f.momoFails(t, f.kofi, momoBody(o.ID, "0241234567"), 400, `{"phone":["Unknown test number: use one listed on the page."]}`)
			f.momoFails(t, f.ama, momoBody(o.ID, testpay.MoMoApprove), 404, `{"detail":"No Order matches the given query.","code":"not_found"}`)
		})

		t.Run("approve", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, "+233 55 123 4987"), 201)
			if p.Channel != "mobile_money" || p.MobileMoney == nil || p.MobileMoney.Phone != testpay.MoMoApprove ||
				p.MobileMoney.Network != "mtn" || p.MobileMoney.State != "pay_offline" || p.Status != "pending" {
				t.Fatalf("payment = %+v %+v", p, p.MobileMoney)
			}
			// A second tab (or a retry) gets the same charge, never a second prompt.
			again := f.momo(t, f.kofi, momoBody(o.ID, testpay.MoMoAirtelTigo), 200)
			if again.PaymentReference != p.PaymentReference {
				t.Fatalf("second charge %s; want %s", again.PaymentReference, p.PaymentReference)
			}
			// A card popup meanwhile is refused.
			w := f.a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, f.kofi.Auth()...)
			if w.Code != 409 || w.Body.String() != momoWaiting {
				t.Fatalf("card during mobile money = %d %s", w.Code, w.Body)
			}
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 400 || body != notComplete {
				t.Fatalf("verify before approval = %d %s", code, body)
			}
			f.a.Clock.Advance(testpay.ApproveAfter)
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || body != verifiedOK {
				t.Fatalf("verify after approval = %d %s", code, body)
			}
			if s := orderStatus(t, st, o.ID); s != "processing" {
				t.Fatalf("order = %s", s)
			}
		})

		t.Run("declined then approved", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			for _, tc := range []struct{ phone, want string }{
				{testpay.MoMoDecline, `{"detail":"Mobile money payment was not successful: Declined by the customer.","code":"payment_failed"}`},
				{testpay.MoMoInsufficient, `{"detail":"Mobile money payment was not successful: Insufficient funds.","code":"payment_failed"}`},
			} {
				p := f.momo(t, f.kofi, momoBody(o.ID, tc.phone), 201)
				f.a.Clock.Advance(testpay.ApproveAfter)
				if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 400 || body != tc.want {
					t.Fatalf("verify %s = %d %s", tc.phone, code, body)
				}
				if s, gr := f.paymentRow(t, p.PaymentReference); s != "failed" {
					t.Fatalf("attempt = %s %s", s, gr)
				}
			}
			p := f.momo(t, f.kofi, `{"order":"`+o.ID+`","phone":"`+testpay.MoMoAirtelTigo+`"}`, 201)
			if p.MobileMoney.Network != "atl" {
				t.Fatalf("network = %s", p.MobileMoney.Network)
			}
			f.a.Clock.Advance(testpay.ApproveAfter)
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || body != verifiedOK {
				t.Fatalf("retry = %d %s", code, body)
			}
		})

		t.Run("voucher", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, "020 123 4567"), 201)
			if p.MobileMoney.Network != "vod" || p.MobileMoney.State != "send_otp" {
				t.Fatalf("voucher charge = %+v", p.MobileMoney)
			}
			if code, body := f.code(f.kofi, p.PaymentReference, "000000"); code != 400 || body != codeRejected {
				t.Fatalf("wrong code = %d %s", code, body)
			}
			if code, body := f.code(f.ama, p.PaymentReference, testpay.VoucherCode); code != 404 || body != notFoundPay {
				t.Fatalf("someone else's code = %d %s", code, body)
			}
			code, body := f.code(f.kofi, p.PaymentReference, testpay.VoucherCode)
			var after momoOut
			decode(t, []byte(body), &after)
			if code != 200 || after.MobileMoney.State != "pay_offline" {
				t.Fatalf("right code = %d %s", code, body)
			}
			if code, body := f.code(f.kofi, p.PaymentReference, testpay.VoucherCode); code != 409 ||
				body != `{"detail":"This payment is not waiting for a code.","code":"otp_not_expected"}` {
				t.Fatalf("code again = %d %s", code, body)
			}
			f.a.Clock.Advance(testpay.ApproveAfter)
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || body != verifiedOK {
				t.Fatalf("verify = %d %s", code, body)
			}
		})

		t.Run("timeout then card", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, testpay.MoMoSilent), 201)
			f.a.Clock.Advance(testpay.ApproveAfter)
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 400 || body != notComplete {
				t.Fatalf("verify while waiting = %d %s", code, body)
			}
			f.a.Clock.Advance(5 * time.Minute)
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 400 || body != timedOut {
				t.Fatalf("verify after the timeout = %d %s", code, body)
			}
			ref := f.payTest(t, f.kofi, o.ID, testpay.CardSuccess)
			if code, body := f.verify(f.kofi, verifyPath, ref); code != 200 || body != verifiedOK {
				t.Fatalf("card after timeout = %d %s", code, body)
			}
		})

		t.Run("closed tab times out in the background", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, testpay.MoMoSilent), 201)
			ctx := context.Background()
			if n, err := f.a.Svc.ExpireMobileMoney(ctx); err != nil || n != 0 {
				t.Fatalf("fresh prompt expired: %d, %v", n, err)
			}
			f.a.Clock.Advance(5*time.Minute + time.Second)
			if n, err := f.a.Svc.ExpireMobileMoney(ctx); err != nil || n != 1 {
				t.Fatalf("expired %d, %v; want 1", n, err)
			}
			if s, gr := f.paymentRow(t, p.PaymentReference); s != "failed" || gr != "Timed out: the prompt was not approved in time" {
				t.Fatalf("attempt = %s %q", s, gr)
			}
			f.momo(t, f.kofi, momoBody(o.ID, testpay.MoMoApprove), 201)
		})
	})
}

func TestMobileMoneyWithPaystackFake(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newBagFixture(t, st, fake.Env())
		exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
		ctx := context.Background()
		hook := func(ref string) {
			body := webhookBody(ref, 389900)
			w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", paystack.Signature(paystacktest.SecretKey, []byte(body)))
			assertStatus(t, w.Code, 200)
		}

		t.Run("charge body", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, `{"order":"`+o.ID+`","phone":"0241234567","network":"vod"}`, 201)
			if p.MobileMoney.State != "pay_offline" || p.MobileMoney.DisplayText != "Please complete authorization process on your mobile phone" {
				t.Fatalf("charge = %+v", p.MobileMoney)
			}
			got := fake.Charged[len(fake.Charged)-1]
			mm, _ := got["mobile_money"].(map[string]any)
			if got["amount"] != "389900" || got["currency"] != "GHS" || got["email"] != "kofi_m@example.com" ||
				got["reference"] != p.PaymentReference || mm["phone"] != "0241234567" || mm["provider"] != "vod" {
				t.Fatalf("charge body = %v", got)
			}
		})

		t.Run("a pending card attempt", func(t *testing.T) {
			// Not paid: replaced.
			o := f.placed(t, f.kofi, 1)
			card := f.pay(t, f.kofi, o.ID, 201)
			f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
			if s, gr := f.paymentRow(t, card.PaymentReference); s != "failed" || gr != "Replaced by a mobile money charge" {
				t.Fatalf("card attempt = %s %q", s, gr)
			}
			// Paid meanwhile: the order is fulfilled and no prompt is sent.
			o = f.placed(t, f.kofi, 1)
			card = f.pay(t, f.kofi, o.ID, 201)
			fake.Transaction(card.PaymentReference, "success", 389900, "GHS")
			charges := len(fake.Charged)
			f.momoFails(t, f.kofi, momoBody(o.ID, "0241234567"), 409, `{"detail":"Only pending orders can be paid.","code":"order_not_pending"}`)
			if s := orderStatus(t, st, o.ID); s != "processing" || len(fake.Charged) != charges {
				t.Fatalf("order = %s, charges %d → %d", s, charges, len(fake.Charged))
			}
		})

		t.Run("webhook before verify, duplicated", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
			hook(p.PaymentReference)
			hook(p.PaymentReference)
			if n, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil || n != 1 {
				t.Fatalf("events applied %d, %v; want 1", n, err)
			}
			if s := orderStatus(t, st, o.ID); s != "processing" {
				t.Fatalf("order = %s", s)
			}
			fake.Transaction(p.PaymentReference, "success", 389900, "GHS")
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || body != alreadyOK {
				t.Fatalf("verify after webhook = %d %s", code, body)
			}
		})

		t.Run("verify before webhook", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
			fake.Transaction(p.PaymentReference, "ongoing", 389900, "GHS")
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 400 || body != notComplete {
				t.Fatalf("verify ongoing = %d %s", code, body)
			}
			fake.Transaction(p.PaymentReference, "success", 389900, "GHS")
			if code, body := f.verify(f.kofi, verifyPath, p.PaymentReference); code != 200 || body != verifiedOK {
				t.Fatalf("verify = %d %s", code, body)
			}
			hook(p.PaymentReference)
			if _, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil {
				t.Fatal(err)
			}
			if n := countWhere(t, st, "payments", "status = 'successful' AND order_id = '"+o.ID+"'"); n != 1 {
				t.Fatalf("successful attempts = %d", n)
			}
		})

		t.Run("declined at once", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			fake.ScriptCharge("0541111111", paystacktest.Answer{Status: 200, Body: paystacktest.ChargeFailed})
			f.momoFails(t, f.kofi, momoBody(o.ID, "0541111111"), 400,
				`{"detail":"Mobile money payment was not successful: Insufficient funds.","code":"payment_failed"}`)
			f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
		})

		t.Run("provider down", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			fake.ScriptCharge("0542222222", paystacktest.Answer{Status: 503, Body: `unavailable`})
			f.momoFails(t, f.kofi, momoBody(o.ID, "0542222222"), 502, `{"detail":"Error contacting the payment provider.","code":"provider_unavailable"}`)
			// The attempt is over, so the shopper can try again.
			f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
		})

		t.Run("voucher", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			fake.ScriptCharge("0203333333", paystacktest.Answer{Status: 200, Body: paystacktest.ChargeSendOTP})
			fake.ScriptOTP("482913", paystacktest.Answer{Status: 200, Body: paystacktest.ChargePayOffline})
			p := f.momo(t, f.kofi, momoBody(o.ID, "0203333333"), 201)
			if p.MobileMoney.State != "send_otp" {
				t.Fatalf("state = %s", p.MobileMoney.State)
			}
			if code, body := f.code(f.kofi, p.PaymentReference, "111111"); code != 400 || body != codeRejected {
				t.Fatalf("wrong code = %d %s", code, body)
			}
			if code, body := f.code(f.kofi, p.PaymentReference, "482913"); code != 200 {
				t.Fatalf("right code = %d %s", code, body)
			}
		})

		t.Run("timeout job backs off when the provider is down", func(t *testing.T) {
			o := f.placed(t, f.kofi, 1)
			p := f.momo(t, f.kofi, momoBody(o.ID, "0241234567"), 201)
			fake.Script(p.PaymentReference, paystacktest.Answer{Status: 500, Body: `oops`})
			f.a.Clock.Advance(6 * time.Minute)
			if _, err := f.a.Svc.ExpireMobileMoney(ctx); err != nil {
				t.Fatal(err)
			}
			if s, _ := f.paymentRow(t, p.PaymentReference); s != "pending" {
				t.Fatalf("attempt the provider could not be asked about = %s; want pending", s)
			}
			if n := countWhere(t, st, "payments", "attempts = 1 AND reference = '"+p.PaymentReference+"'"); n != 1 {
				t.Fatal("failed check not recorded")
			}
			fake.Transaction(p.PaymentReference, "ongoing", 389900, "GHS")
			f.a.Clock.Advance(11 * time.Minute)
			if _, err := f.a.Svc.ExpireMobileMoney(ctx); err != nil {
				t.Fatal(err)
			}
			if s, gr := f.paymentRow(t, p.PaymentReference); s != "failed" || gr != "Timed out: the prompt was not approved in time" {
				t.Fatalf("attempt = %s %q", s, gr)
			}
		})
	})
}

// Two tabs pay one order, one by mobile money and one by card, and the
// shopper approves both: one pays the order, the other is refused or
// flagged for refund — never two successes for one order.
func TestMobileMoneyVersusCardRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newBagFixture(t, st, fake.Env())
		exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
		ctx := context.Background()
		for round := 0; round < 5; round++ {
			o := f.placed(t, f.kofi, 1)
			var wg sync.WaitGroup
			var card, momo struct {
				code int
				ref  string
			}
			wg.Add(2)
			go func() {
				defer wg.Done()
				w := f.a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, f.kofi.Auth()...)
				card.code = w.Code
				if w.Code < 300 {
					var p paymentOut
					decode(t, w.Body.Bytes(), &p)
					card.ref = p.PaymentReference
				}
			}()
			go func() {
				defer wg.Done()
				w := f.a.Do("POST", "/api/store/payments/mobile-money/", momoBody(o.ID, "0241234567"), f.kofi.Auth()...)
				momo.code = w.Code
				if w.Code < 300 {
					var p paymentOut
					decode(t, w.Body.Bytes(), &p)
					momo.ref = p.PaymentReference
				}
			}()
			wg.Wait()
			if momo.code != 201 || (card.code != 201 && card.code != 409) {
				t.Fatalf("round %d: card %d, mobile money %d", round, card.code, momo.code)
			}
			// The shopper approves whatever reached the phone and the card popup.
			for _, ref := range []string{card.ref, momo.ref} {
				if ref == "" {
					continue
				}
				fake.Transaction(ref, "success", 389900, "GHS")
				body := webhookBody(ref, 389900)
				w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", paystack.Signature(paystacktest.SecretKey, []byte(body)))
				assertStatus(t, w.Code, 200)
			}
			if _, err := f.a.Svc.ProcessPaymentEvents(ctx); err != nil {
				t.Fatal(err)
			}
			paid := countWhere(t, st, "payments", "status = 'successful' AND flag = '' AND order_id = '"+o.ID+"'")
			refund := countWhere(t, st, "payments", "status = 'successful' AND flag = 'refund' AND order_id = '"+o.ID+"'")
			want := 0
			if card.ref != "" {
				want = 1
			}
			if paid != 1 || refund != want || orderStatus(t, st, o.ID) != "processing" {
				t.Fatalf("round %d: %d paid, %d flagged for refund (want 1, %d), order %s", round, paid, refund, want, orderStatus(t, st, o.ID))
			}
		}
	})
}
