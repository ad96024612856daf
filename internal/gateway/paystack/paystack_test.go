package paystack

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
)

const ref = "pay-4f9a0c1e2b3d4a5f6e7d8c9b0a1f2e3d"

func TestVerifyAgainstFake(t *testing.T) {
	fake := paystacktest.New(t)
	c := New(fake.URL+"/", paystacktest.SecretKey, paystacktest.PublicKey)
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		script func()
		want   shop.ProviderTransaction
		err    bool
	}{
		{name: "success", script: func() { fake.Transaction(ref, "success", 779800, "GHS") },
			want: shop.ProviderTransaction{Found: true, Status: "success", Reference: ref, Amount: 779800, Currency: "GHS", GatewayResponse: "Successful"}},
		{name: "failed", script: func() { fake.Transaction(ref, "failed", 779800, "GHS") },
			want: shop.ProviderTransaction{Found: true, Status: "failed", Reference: ref, Amount: 779800, Currency: "GHS", GatewayResponse: "Declined"}},
		{name: "abandoned", script: func() { fake.Transaction(ref, "abandoned", 779800, "GHS") },
			want: shop.ProviderTransaction{Found: true, Status: "abandoned", Reference: ref, Amount: 779800, Currency: "GHS", GatewayResponse: "The transaction was not completed"}},
		{name: "amount and currency as reported", script: func() { fake.Transaction(ref, "success", 100, "NGN") },
			want: shop.ProviderTransaction{Found: true, Status: "success", Reference: ref, Amount: 100, Currency: "NGN", GatewayResponse: "Successful"}},
		{name: "unknown reference", want: shop.ProviderTransaction{Reference: ref}},
		{name: "500", script: func() { fake.Script(ref, paystacktest.Answer{Status: 500, Body: `{"status":false}`}) }, err: true},
		{name: "malformed JSON", script: func() { fake.Script(ref, paystacktest.Answer{Status: 200, Body: `<html>`}) }, err: true},
		{name: "fractional amount", script: func() {
			fake.Script(ref, paystacktest.Answer{Status: 200, Body: `{"status":true,"data":{"status":"success","amount":1.5}}`})
		}, err: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.script != nil {
				tc.script()
			} else {
				fake.Script(ref, paystacktest.Answer{Status: 400, Body: `{"status":false,"message":"Transaction reference not found"}`})
			}
			got, err := c.Verify(ctx, ref)
			if (err != nil) != tc.err || (!tc.err && got != tc.want) {
				t.Fatalf("Verify = %+v, %v; want %+v, error %v", got, err, tc.want, tc.err)
			}
			if err != nil && strings.Contains(err.Error(), paystacktest.SecretKey) {
				t.Fatal("the secret key leaked into an error")
			}
		})
	}
}

func TestTimeoutAndBadKey(t *testing.T) {
	fake := paystacktest.New(t)
	c := New(fake.URL, paystacktest.SecretKey, paystacktest.PublicKey)
	c.timeout = 50 * time.Millisecond
	fake.Script(ref, paystacktest.Answer{Status: 200, Body: `{}`, Delay: 5 * time.Second})
	// The client's own deadline ends the call, not the provider's answer.
	if _, err := c.Verify(context.Background(), ref); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow provider: %v; want the client's timeout", err)
	}
	bad := New(fake.URL, "sk_test_wrong", paystacktest.PublicKey)
	if _, err := bad.Verify(context.Background(), ref); err == nil || strings.Contains(err.Error(), "sk_test_wrong") {
		t.Fatalf("bad key: %v", err)
	}
	if _, err := bad.Initialize(context.Background(), shop.PaymentInit{Reference: ref, Email: "a@b.c", Amount: 1, Currency: "GHS"}); err == nil {
		t.Fatal("initialize with a bad key succeeded")
	}
	if s := c.String(); strings.Contains(s, paystacktest.SecretKey) {
		t.Fatalf("String() = %s", s)
	}
	if Timeout != 10*time.Second {
		t.Fatalf("Timeout = %s; the contract says 10 s", Timeout)
	}
}

func TestSignature(t *testing.T) {
	c := New("https://api.paystack.co", "sk_test_secret", "")
	body := []byte(`{"event":"charge.success","data":{"reference":"` + ref + `"}}`)
	// HMAC-SHA512 of body keyed with the secret, computed with openssl dgst -sha512 -hmac.
	const want = "37440143779a1a20ddbcc8b6c18eb2d6b6abf9347d9e9b327577a4e284404bc6c465e5bda0c91dd022169940ed217c11a8f9b80d4bd857534bdfa8ac0ec6a9a9"
	sig := Signature("sk_test_secret", body)
	if sig != want {
		t.Fatalf("signature %q; want %q", sig, want)
	}
	for _, tc := range []struct {
		sig  string
		body []byte
		ok   bool
	}{
		{sig, body, true},
		{strings.ToUpper(sig), body, true},
		{sig, append(body, ' '), false},
		{sig[:126], body, false},
		{"zz" + sig[2:], body, false},
		{"", body, false},
		{Signature("sk_test_other", body), body, false},
	} {
		if got := c.ValidSignature(tc.body, tc.sig); got != tc.ok {
			t.Errorf("ValidSignature(%q) = %v; want %v", tc.sig, got, tc.ok)
		}
	}
	event, txn, err := c.ParseEvent([]byte(paystacktest.TransactionJSON(`{"event":"charge.success","data":`, ref, "success", 779800, "GHS") + `}`))
	if err != nil || event != "charge.success" || txn.Amount != 779800 || txn.Reference != ref || txn.Status != "success" {
		t.Fatalf("ParseEvent = %q %+v %v", event, txn, err)
	}
}
