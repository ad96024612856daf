package httpapi_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"dwa/internal/gateway/paystack"
	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
	"dwa/internal/shoptest"
	"dwa/internal/store/sqldb"
)

// kofiPhone is the number kofi_m verifies in the notice tests.
const kofiPhone = "+233201234567"

// sentKinds sums up delivered notices as "mail <subject>" and
// "sms <text>", in the order queued.
func sentKinds(a *shoptest.App) []string {
	var out []string
	for _, m := range a.DeliverMail() {
		if m.Channel == shop.ChannelSMS {
			out = append(out, "sms "+m.To+" "+m.Text)
		} else {
			out = append(out, "mail "+m.To+" "+m.Subject)
		}
	}
	return out
}

func assertSent(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%s: sent\n\t%s\nwant\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// paidEverywhere reports a Paystack success for kofi's order by every path
// at once, several times over: three verifies and two deliveries of the
// webhook, processed.
func paidEverywhere(t *testing.T, f bagFixture, fake *paystacktest.Fake, o orderOut) {
	t.Helper()
	p := f.pay(t, f.kofi, o.ID, 201)
	fake.Transaction(p.PaymentReference, "success", p.AmountMinor, "GHS")
	body := webhookBody(p.PaymentReference, p.AmountMinor)
	sig := paystack.Signature(paystacktest.SecretKey, []byte(body))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			<-start
			if code, b := f.verify(f.kofi, verifyPath, p.PaymentReference); b != verifiedOK && b != alreadyOK {
				t.Errorf("verify = %d %s", code, b)
			}
		})
	}
	wg.Go(func() {
		<-start
		for range 2 {
			if w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", sig); w.Code != 200 {
				t.Errorf("webhook = %d", w.Code)
			}
		}
		if _, err := f.a.Svc.ProcessPaymentEvents(context.Background()); err != nil {
			t.Error(err)
		}
	})
	close(start)
	wg.Wait()
}

// TestOrderNotices: placing and paying an order tell the buyer by the
// channels they chose — a text only once their number is verified — and a
// payment reported again and again (verify and webhook racing) tells them
// once.
func TestOrderNotices(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		env := fake.Env()
		env["DWA_PUBLIC_URL"] = "https://dwa.test"
		f := newBagFixture(t, st, env)
		exec(t, st, `UPDATE products SET inventory = 99 WHERE id = ?`, f.console.ID)
		mail := "mail kofi_m@example.com "
		sms := "sms " + kofiPhone + " "
		f.a.DeliverMail()

		// No verified number: e-mail only.
		o1 := f.placed(t, f.kofi, 1)
		ref1 := strings.ToUpper(o1.ID[:8])
		placed := f.a.DeliverMail()
		assertSent(t, "placed, no number", []string{placed[0].Subject}, "Your Dwa order "+ref1+" is placed")
		if len(placed) != 1 || placed[0].To != "kofi_m@example.com" || !strings.Contains(placed[0].Text, "1 × X-Box Series S 512GB. The total is GH₵ 3,899.00.") ||
			!strings.Contains(placed[0].Text, "https://dwa.test/order/"+o1.ID) {
			t.Fatalf("placed mail = %+v", placed)
		}

		// Verified: e-mail and text; paid once however often it is reported.
		if err := st.SetPhone(context.Background(), f.kofi.User.ID, kofiPhone); err != nil {
			t.Fatal(err)
		}
		paidEverywhere(t, f, fake, o1)
		assertSent(t, "paid", sentKinds(f.a), mail+"Payment received for your Dwa order "+ref1,
			sms+"Dwa: payment received for order "+ref1+", GH₵ 3,899.00. We will text you when it ships. https://dwa.test/order/"+o1.ID)
		o2 := f.placed(t, f.kofi, 2)
		ref2 := strings.ToUpper(o2.ID[:8])
		assertSent(t, "placed", sentKinds(f.a), mail+"Your Dwa order "+ref2+" is placed",
			sms+"Dwa: we have your order "+ref2+", GH₵ 7,798.00. Pay for it here: https://dwa.test/order/"+o2.ID)

		// Chosen: nothing when placed, paid by e-mail only.
		w := f.a.Do("PUT", "/api/auth/users/me/notifications/", `{"placed":{"email":false,"sms":false},"paid":{"sms":false}}`, f.kofi.Auth()...)
		assertStatus(t, w.Code, 200)
		o3 := f.placed(t, f.kofi, 1)
		assertSent(t, "placed, switched off", sentKinds(f.a))
		paidEverywhere(t, f, fake, o3)
		assertSent(t, "paid by e-mail only", sentKinds(f.a), mail+"Payment received for your Dwa order "+strings.ToUpper(o3.ID[:8]))

		// A success for an order no longer pending (kept for refund) is not "paid".
		p2 := f.pay(t, f.kofi, o2.ID, 201)
		assertStatus(t, f.a.Do("DELETE", "/api/store/orders/"+o2.ID+"/", "", f.kofi.Auth()...).Code, 204)
		late := webhookBody(p2.PaymentReference, 779800)
		if w := f.a.Do("POST", "/api/payments/paystack/webhook/", late, "X-Paystack-Signature",
			paystack.Signature(paystacktest.SecretKey, []byte(late))); w.Code != 200 {
			t.Fatalf("webhook = %d", w.Code)
		}
		if _, err := f.a.Svc.ProcessPaymentEvents(context.Background()); err != nil {
			t.Fatal(err)
		}
		assertSent(t, "paid after cancelling", sentKinds(f.a))

		// Another shopper's choices are their own.
		o4 := f.placed(t, f.ama, 1)
		assertSent(t, "ama's order", sentKinds(f.a), "mail ama_k@example.com Your Dwa order "+strings.ToUpper(o4.ID[:8])+" is placed")
	})
}
