package paystack

import (
	"context"
	"errors"
	"testing"
	"time"

	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
)

func TestRefundAgainstFake(t *testing.T) {
	fake := paystacktest.New(t)
	c := New(fake.URL, paystacktest.SecretKey, paystacktest.PublicKey)
	ctx := context.Background()

	r, err := c.Refund(ctx, ref, 1250, "GHS")
	if err != nil || r.ID != "1" || r.Status != "pending" || r.Amount != 1250 || r.TransactionReference != ref {
		t.Fatalf("refund = %+v, %v", r, err)
	}
	if body := fake.Refunded[0]; body["transaction"] != ref || body["amount"] != "1250" || body["currency"] != "GHS" {
		t.Fatalf("refund body = %v", body)
	}
	fake.SettleRefund(1, "processed")
	if r, err := c.FetchRefund(ctx, "1"); err != nil || r.Status != "processed" || r.TransactionReference != ref {
		t.Fatalf("fetch = %+v, %v", r, err)
	}
	if _, err := c.FetchRefund(ctx, "9"); err == nil {
		t.Fatal("fetching an unknown refund succeeded")
	}
	// Events carry the amount as a string of digits and the transaction's reference.
	ev, err := c.ParseRefundEvent([]byte(paystacktest.RefundEvent("processed", 1, ref, 1250)))
	if err != nil || ev != (shop.ProviderRefund{ID: "1", TransactionReference: ref, Amount: 1250, Currency: "GHS", Status: "processed"}) {
		t.Fatalf("event = %+v, %v", ev, err)
	}

	for _, tc := range []struct {
		name    string
		answer  paystacktest.Answer
		refused bool // a refusal is an answer, not an error
	}{
		{"server error", paystacktest.Answer{Status: 502, Body: `bad gateway`}, false},
		{"bad key", paystacktest.Answer{Status: 401, Body: `{"status":false,"message":"Invalid key"}`}, false},
		{"no id", paystacktest.Answer{Status: 200, Body: `{"status":true,"message":"ok","data":{"status":"pending"}}`}, false},
		{"refused", paystacktest.Answer{Status: 400, Body: `{"status":false,"message":"Refund amount cannot be more than the transaction amount"}`}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake.RefundAnswer = tc.answer
			r, err := c.Refund(ctx, ref, 1250, "GHS")
			if tc.refused {
				if err != nil || r.Status != shop.RefundFailed || r.Reason == "" {
					t.Fatalf("refusal = %+v, %v", r, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("refund = %+v; want an error", r)
			}
		})
	}
	// The client's own deadline ends a slow call.
	c.timeout = 50 * time.Millisecond
	fake.RefundAnswer = paystacktest.Answer{Status: 200, Body: `{}`, Delay: 5 * time.Second}
	if _, err := c.Refund(ctx, ref, 1250, "GHS"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow provider: %v; want the client's timeout", err)
	}
}
