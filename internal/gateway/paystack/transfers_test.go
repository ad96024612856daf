package paystack

import (
	"context"
	"strings"
	"testing"
	"time"

	"dwa/internal/gateway/paystack/paystacktest"
	"dwa/internal/shop"
)

const payoutRef = "dwa-po-0123456789abcdef01234567"

func TestBanksResolveAndRecipient(t *testing.T) {
	fake := paystacktest.New(t)
	c := New(fake.URL, paystacktest.SecretKey, paystacktest.PublicKey)
	ctx := context.Background()
	wallets, err := c.Banks(ctx, "mobile_money")
	if err != nil || len(wallets) != 3 || wallets[0] != (shop.PayoutBank{Code: "MTN", Name: "MTN", Type: "mobile_money"}) {
		t.Fatalf("wallets = %+v, %v", wallets, err)
	}
	banks, err := c.Banks(ctx, "bank")
	if err != nil || len(banks) != 2 { // the inactive bank is left out
		t.Fatalf("banks = %+v, %v", banks, err)
	}
	if name, found, err := c.ResolveAccount(ctx, "MTN", "0244123456"); err != nil || found || name != "" {
		t.Fatalf("unknown account = %q, %v, %v", name, found, err)
	}
	fake.Account("0244123456", " YAW BOATENG ")
	if name, found, err := c.ResolveAccount(ctx, "MTN", "0244123456"); err != nil || !found || name != "YAW BOATENG" {
		t.Fatalf("resolve = %q, %v, %v", name, found, err)
	}
	code, err := c.CreateRecipient(ctx, shop.PayoutAccount{Type: "bank", BankCode: "040100", AccountNumber: "1234567890", AccountName: "Yaw"})
	if err != nil || code != "RCP_fake0001" {
		t.Fatalf("recipient = %q, %v", code, err)
	}
	if r := fake.Recipients[0]; r["type"] != "ghipss" || r["currency"] != "GHS" || r["bank_code"] != "040100" || r["account_number"] != "1234567890" {
		t.Fatalf("recipient body = %v", r)
	}
	bad := New(fake.URL, "sk_test_wrong", "")
	if _, _, err := bad.ResolveAccount(ctx, "MTN", "0244123456"); err == nil || strings.Contains(err.Error(), "sk_test_wrong") {
		t.Fatalf("bad key = %v", err)
	}
}

// TestTransferStates sends a transfer for every state Paystack may answer
// and verify may report.
func TestTransferStates(t *testing.T) {
	ctx := context.Background()
	req := shop.TransferRequest{Reference: payoutRef, Amount: 90000, RecipientCode: "RCP_x", Reason: "Dwa payout"}
	for _, tc := range []struct {
		name    string
		setup   func(f *paystacktest.Fake)
		status  string // Transfer's answer; "" for an error
		settle  string // then set at the fake
		verify  string
		timeout bool
	}{
		{name: "pending then success", status: "pending", settle: "success", verify: "success"},
		{name: "pending then failed", status: "pending", settle: "failed", verify: "failed"},
		{name: "pending then reversed", status: "pending", settle: "reversed", verify: "reversed"},
		{name: "success at once", setup: func(f *paystacktest.Fake) { f.ScriptTransfer(paystacktest.Answer{}, "success") }, status: "success", verify: "success"},
		{name: "OTP required", setup: func(f *paystacktest.Fake) { f.ScriptTransfer(paystacktest.Answer{}, "otp") }, status: "otp", verify: "otp"},
		{name: "refused", setup: func(f *paystacktest.Fake) {
			f.ScriptTransfer(paystacktest.Answer{Status: 400, Body: `{"status":false,"message":"Your balance is not enough to fulfil this request"}`}, "")
		}, status: "failed"},
		{name: "5xx: made, answer lost", setup: func(f *paystacktest.Fake) {
			f.ScriptTransfer(paystacktest.Answer{Status: 502, Body: `{"status":false}`}, "")
		}, verify: "pending"},
		{name: "timeout: made, answer lost", setup: func(f *paystacktest.Fake) {
			f.ScriptTransfer(paystacktest.Answer{Status: 200, Body: `{}`, Delay: time.Second}, "")
		}, verify: "pending", timeout: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := paystacktest.New(t)
			c := New(fake.URL, paystacktest.SecretKey, paystacktest.PublicKey)
			if tc.timeout {
				c.timeout = 50 * time.Millisecond
			}
			if tc.setup != nil {
				tc.setup(fake)
			}
			got, err := c.Transfer(ctx, req)
			if tc.status == "" {
				if err == nil {
					t.Fatalf("Transfer = %+v; want an error", got)
				}
			} else if err != nil || got.Status != tc.status || got.Reference != payoutRef || (tc.status != "failed" && got.TransferCode == "") {
				t.Fatalf("Transfer = %+v, %v; want %s", got, err, tc.status)
			}
			if body := fake.Transferred()[0]; body["reference"] != payoutRef || body["source"] != "balance" || body["currency"] != "GHS" ||
				body["recipient"] != "RCP_x" {
				t.Fatalf("body = %v", body)
			}
			if tc.settle != "" {
				fake.SettleTransfer(payoutRef, tc.settle)
			}
			fake.ScriptTransfer(paystacktest.Answer{}, "")
			v, err := c.VerifyTransfer(ctx, payoutRef)
			switch {
			case tc.verify == "":
				if err != nil || v.Found {
					t.Fatalf("verify of a refused transfer = %+v, %v", v, err)
				}
			case err != nil || !v.Found || v.Status != tc.verify || v.Amount != 90000:
				t.Fatalf("verify = %+v, %v; want %s", v, err, tc.verify)
			}
			// A retry with the same reference is the same transfer.
			if tc.verify != "" {
				again, err := c.Transfer(ctx, req)
				if err != nil || again.Status != tc.verify || len(fake.Transfers()) != 1 {
					t.Fatalf("retry = %+v, %v (%d transfers)", again, err, len(fake.Transfers()))
				}
			}
		})
	}
}

func TestTransferEvents(t *testing.T) {
	c := New("http://unused", paystacktest.SecretKey, "")
	for _, status := range []string{"success", "failed", "reversed"} {
		ev, txn, err := c.ParseEvent([]byte(paystacktest.TransferEvent(status, payoutRef, 90000)))
		if err != nil || ev != "transfer."+status || txn.Reference != payoutRef {
			t.Fatalf("%s: %q %+v %v", status, ev, txn, err)
		}
	}
}
