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

// payoutFixture is two stores, a shopper and staff, paying with the test
// provider unless env says otherwise.
type payoutFixture struct {
	a                   *shoptest.App
	yaw, efua           shoptest.Account // store owners
	yawStore, efuaStore *shop.Store
	phone, dress        *shop.Product
	kofi, staff         shoptest.Account
}

func newPayoutFixture(t *testing.T, st *sqldb.Store, env map[string]string) payoutFixture {
	t.Helper()
	if env == nil {
		env = map[string]string{}
	}
	env["DWA_RATE_LIMITS"] = "order=off,verify=off"
	a := shoptest.NewApp(t, st, env)
	f := payoutFixture{a: a}
	f.yaw, f.yawStore = a.Owner("yaw_phones", "Yaw Phones")
	f.efua, f.efuaStore = a.Owner("efua_fabrics", "Efua Fabrics")
	f.phone = shoptest.NewProduct("Tecno Camon 30", 100000) // GH₵ 1,000.00
	f.phone.StoreID, f.phone.Inventory = f.yawStore.ID, 500
	f.dress = shoptest.NewProduct("Kente Wrap Dress", 25050) // GH₵ 250.50
	f.dress.StoreID, f.dress.Inventory = f.efuaStore.ID, 500
	a.Products(f.phone, f.dress)
	f.kofi, f.staff = a.Shopper("kofi_buyer"), a.Staff("esi_staff")
	return f
}

// buy places and pays (test card) an order of the products, qty each.
func (f payoutFixture) buy(t *testing.T, qty int, ps ...*shop.Product) orderOut {
	t.Helper()
	for _, p := range ps {
		w := f.a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":%d}`, p.ID, qty), f.kofi.Auth()...)
		if w.Code != 201 && w.Code != 200 {
			t.Fatalf("add = %d %s", w.Code, w.Body)
		}
	}
	w := f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
	if w.Code != 201 {
		t.Fatalf("order = %d %s", w.Code, w.Body)
	}
	var o orderOut
	decode(t, w.Body.Bytes(), &o)
	w = f.a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, f.kofi.Auth()...)
	var p paymentOut
	decode(t, w.Body.Bytes(), &p)
	w = f.a.Do("POST", "/api/store/payments/test-charge/", `{"reference":"`+p.PaymentReference+`","card_number":"`+testpay.CardSuccess+`"}`,
		f.kofi.Auth()...)
	assertStatus(t, w.Code, 200)
	w = f.a.Do("POST", verifyPath, `{"reference":"`+p.PaymentReference+`"}`, f.kofi.Auth()...)
	if w.Code != 200 {
		t.Fatalf("verify = %d %s", w.Code, w.Body)
	}
	return o
}

// deliver ships and delivers the owner's part of the order.
func (f payoutFixture) deliver(t *testing.T, owner shoptest.Account, orderID string) {
	t.Helper()
	for _, step := range []string{"ship", "deliver"} {
		if w := f.a.Do("POST", "/api/seller/orders/"+orderID+"/"+step+"/", `{}`, owner.Auth()...); w.Code != 200 {
			t.Fatalf("%s = %d %s", step, w.Code, w.Body)
		}
	}
}

// advance moves time on, signing everyone in again (tokens expire).
func (f *payoutFixture) advance(d time.Duration) {
	f.a.Clock.Advance(d)
	for _, acc := range []*shoptest.Account{&f.yaw, &f.efua, &f.kofi, &f.staff} {
		acc.Tokens = f.a.SignIn(acc.User)
	}
}

// release moves time on and runs the release job.
func (f *payoutFixture) release(t *testing.T, after time.Duration) int {
	t.Helper()
	f.advance(after)
	n, err := f.a.Svc.ReleaseEarnings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// settle moves time past the test transfers' delay and checks payouts.
func (f *payoutFixture) settle(t *testing.T) {
	t.Helper()
	f.advance(2 * time.Minute)
	if _, err := f.a.Svc.CheckPayouts(context.Background()); err != nil {
		t.Fatal(err)
	}
}

type balanceOut struct {
	Pending       int64   `json:"pending_minor"`
	Available     int64   `json:"available_minor"`
	InFlight      int64   `json:"in_flight_minor"`
	PaidOut       int64   `json:"paid_out_minor"`
	Held          bool    `json:"held"`
	HoldReason    *string `json:"hold_reason"`
	CanRequest    bool    `json:"can_request"`
	CannotRequest *string `json:"cannot_request_reason"`
	Account       *struct {
		AccountName string `json:"account_name"`
	} `json:"account"`
}

func (f payoutFixture) balance(t *testing.T, owner shoptest.Account) balanceOut {
	t.Helper()
	w := f.a.Do("GET", "/api/seller/balance/", "", owner.Auth()...)
	assertStatus(t, w.Code, 200)
	var b balanceOut
	decode(t, w.Body.Bytes(), &b)
	return b
}

func (f payoutFixture) wantBalance(t *testing.T, owner shoptest.Account, pending, available, inFlight, paidOut int64) {
	t.Helper()
	b := f.balance(t, owner)
	if b.Pending != pending || b.Available != available || b.InFlight != inFlight || b.PaidOut != paidOut {
		t.Fatalf("balance = pending %d, available %d, in flight %d, paid out %d; want %d, %d, %d, %d",
			b.Pending, b.Available, b.InFlight, b.PaidOut, pending, available, inFlight, paidOut)
	}
}

func (f payoutFixture) setAccount(t *testing.T, owner shoptest.Account, body string, wantCode int) string {
	t.Helper()
	w := f.a.Do("POST", "/api/seller/payout-account/", body, owner.Auth()...)
	if w.Code != wantCode {
		t.Fatalf("payout account = %d %s; want %d", w.Code, w.Body, wantCode)
	}
	return w.Body.String()
}

func wallet(number string) string {
	return `{"type":"mobile_money","bank_code":"MTN","account_number":"` + number + `"}`
}

type payoutOut struct {
	ID            int64
	Reference     string
	Store         int64
	Amount        int64 `json:"amount_minor"`
	Status        string
	Trigger       string
	AccountName   string  `json:"account_name"`
	FailureReason *string `json:"failure_reason"`
}

func (f payoutFixture) requestPayout(owner shoptest.Account, key, body string) (int, string) {
	h := owner.Auth()
	if key != "" {
		h = append(h, "Idempotency-Key", key)
	}
	w := f.a.Do("POST", "/api/seller/payouts/", body, h...)
	return w.Code, w.Body.String()
}

func (f payoutFixture) payouts(t *testing.T, owner shoptest.Account) []payoutOut {
	t.Helper()
	w := f.a.Do("GET", "/api/seller/payouts/", "", owner.Auth()...)
	assertStatus(t, w.Code, 200)
	var ps []payoutOut
	decode(t, w.Body.Bytes(), &ps)
	return ps
}

// checkLedger asserts the ledger's invariants against the raw tables:
// every journal sums to zero, and the money the provider holds for the
// mall (minus the clearing account) is the payments that paid for orders
// less their processed refunds; store accounts, the mall's sales and the
// commission add up to the same.
func checkLedger(t *testing.T, st *sqldb.Store) map[string]shop.Money {
	t.Helper()
	totals, bad, err := st.AccountTotals(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("journals that do not balance: %v", bad)
	}
	var paid, refunded int64
	db := st.DB()
	if err := db.R.QueryRow(`SELECT COALESCE(SUM(p.amount), 0) FROM payments p JOIN orders o ON o.id = p.order_id
		WHERE p.status = 'successful' AND p.flag = '' AND o.paid_at IS NOT NULL`).Scan(&paid); err != nil {
		t.Fatal(err)
	}
	if err := db.R.QueryRow(`SELECT COALESCE(SUM(r.amount), 0) FROM refunds r JOIN payments p ON p.id = r.payment_id
		WHERE r.status = 'processed' AND p.flag = ''`).Scan(&refunded); err != nil {
		t.Fatal(err)
	}
	if got := -int64(totals[shop.AccountClearing]); got != paid-refunded {
		t.Fatalf("held at the provider = %d; want payments %d - refunds %d", got, paid, refunded)
	}
	var rest shop.Money
	for account, sum := range totals {
		if account != shop.AccountClearing {
			rest += sum
		}
	}
	if int64(rest) != paid-refunded {
		t.Fatalf("stores + mall = %d; want %d", rest, paid-refunded)
	}
	return totals
}

func TestSellerLedgerAndPayout(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		o := f.buy(t, 1, f.phone)

		// Paid: GH₵ 1,000 earned, 10% commission, pending until delivery
		// plus the holding period.
		f.wantBalance(t, f.yaw, 90000, 0, 0, 0)
		w := f.a.Do("GET", "/api/seller/ledger/", "", f.yaw.Auth()...)
		assertStatus(t, w.Code, 200)
		ref := "#" + strings.ToUpper(o.ID[:8])
		assertBody(t, w.Body.String(), `[{"id":…,"kind":"commission","bucket":"pending","amount_minor":-10000,"order":"`+o.ID+
			`","order_ref":"`+ref+`","payout":null,"memo":"Order paid","created_at":"…"},{"id":…,"kind":"sale","bucket":"pending",`+
			`"amount_minor":100000,"order":"`+o.ID+`","order_ref":"`+ref+`","payout":null,"memo":"Order paid","created_at":"…"}]`)
		// Each store sees its own ledger only.
		assertBody(t, f.a.Do("GET", "/api/seller/ledger/", "", f.efua.Auth()...).Body.String(), `[]`)
		assertStatus(t, f.a.Do("GET", "/api/seller/ledger/", "", f.kofi.Auth()...).Code, 403)
		assertStatus(t, f.a.Do("GET", "/api/seller/balance/", "").Code, 401)

		f.deliver(t, f.yaw, o.ID)
		if n := f.release(t, 7*24*time.Hour-time.Minute); n != 0 {
			t.Fatalf("released %d parts before the holding period ended", n)
		}
		f.wantBalance(t, f.yaw, 90000, 0, 0, 0)
		if n := f.release(t, 2*time.Minute); n != 1 {
			t.Fatalf("released %d parts; want 1", n)
		}
		if n := f.release(t, time.Minute); n != 0 {
			t.Fatalf("released again: %d", n)
		}
		f.wantBalance(t, f.yaw, 0, 90000, 0, 0)
		b := f.balance(t, f.yaw)
		if b.CanRequest || b.CannotRequest == nil || *b.CannotRequest != "Add a payout account before asking for a payout." {
			t.Fatalf("can request without an account: %+v", b)
		}

		// Payout account: checked, resolved, saved.
		for _, tc := range []struct{ body, want string }{
			{`{}`, `{"account_number":["This field is required."],"bank_code":["This field is required."],"type":["This field is required."]}`},
			{`{"type":"cheque","bank_code":"MTN","account_number":"0244123456"}`, `{"type":["Choose \"mobile_money\" or \"bank\"."]}`},
			{wallet("0301234567"), `{"account_number":["Enter a valid Ghana mobile number, such as 024 123 4567."]}`},
			{`{"type":"bank","bank_code":"GCB","account_number":"12-ab"}`, `{"account_number":["Enter the account number: 6 to 20 digits."]}`},
			{`{"type":"mobile_money","bank_code":"XYZ","account_number":"0244123456"}`, `{"bank_code":["Choose one of the listed banks or wallets."]}`},
			{wallet(testpay.PayoutUnknown), `{"account_number":["We could not verify this account: check the number."]}`},
		} {
			assertBody(t, f.setAccount(t, f.yaw, tc.body, 400), tc.want)
		}
		assertBody(t, f.setAccount(t, f.yaw, wallet("+233 24 412 3456"), 200),
			`{"type":"mobile_money","bank_code":"MTN","bank_name":"MTN Mobile Money","account_number":"0244123456","account_name":"Test Holder 3456","verified_at":"…"}`)
		w = f.a.Do("GET", "/api/seller/banks/?type=mobile_money", "", f.yaw.Auth()...)
		assertBody(t, w.Body.String(), `[{"code":"ATL","name":"AirtelTigo Money","type":"mobile_money"},{"code":"MTN","name":"MTN Mobile Money","type":"mobile_money"},{"code":"VOD","name":"Telecel Cash","type":"mobile_money"}]`)

		// Payout requests: key, amount rules, then one payout.
		for _, tc := range []struct {
			key, body string
			code      int
			want      string
		}{
			{"", `{}`, 400, `{"detail":"Send an Idempotency-Key header with each payout.","code":"idempotency_key_required"}`},
			{"p1", `{"amount_minor":0}`, 400, `{"amount_minor":["Ensure this value is greater than or equal to 1."]}`},
			{"p1", `{"amount_minor":4999}`, 400, `{"amount_minor":["The smallest payout is GH₵ 50.00."]}`},
			{"p1", `{"amount_minor":90001}`, 400, `{"amount_minor":["At most GH₵ 900.00 is available."]}`},
		} {
			code, body := f.requestPayout(f.yaw, tc.key, tc.body)
			if code != tc.code {
				t.Fatalf("payout %s = %d %s", tc.body, code, body)
			}
			assertBody(t, body, tc.want)
		}
		code, body := f.requestPayout(f.yaw, "p1", `{"amount_minor":60000}`)
		var po payoutOut
		decode(t, []byte(body), &po)
		if code != 201 || po.Amount != 60000 || po.Status != "processing" || po.Trigger != "request" || po.AccountName != "Test Holder 3456" {
			t.Fatalf("payout = %d %s", code, body)
		}
		f.wantBalance(t, f.yaw, 0, 30000, 60000, 0)
		// A replay answers the same payout; another key waits for it.
		code, body = f.requestPayout(f.yaw, "p1", `{"amount_minor":60000}`)
		assertStatus(t, code, 200)
		assertBody(t, body, fmt.Sprintf(`{"id":%d,…`, po.ID))
		code, body = f.requestPayout(f.yaw, "p1", `{"amount_minor":50000}`)
		assertStatus(t, code, 422)
		code, body = f.requestPayout(f.yaw, "p2", `{}`)
		assertStatus(t, code, 409)
		assertBody(t, body, `{"detail":"Another payout is on its way. Wait for it to finish.","code":"payout_in_progress"}`)

		f.settle(t)
		f.wantBalance(t, f.yaw, 0, 30000, 0, 60000)
		if ps := f.payouts(t, f.yaw); len(ps) != 1 || ps[0].Status != "paid" {
			t.Fatalf("payouts = %+v", ps)
		}
		// What is left is below the minimum only when asked for all of it
		// (null means all of it, as a missing amount does).
		code, body = f.requestPayout(f.yaw, "p3", `{"amount_minor":null}`)
		assertStatus(t, code, 201)
		f.settle(t)
		f.wantBalance(t, f.yaw, 0, 0, 0, 90000)
		code, body = f.requestPayout(f.yaw, "p4", `{}`)
		assertStatus(t, code, 409)
		assertBody(t, body, `{"detail":"Your available balance is below the GH₵ 50.00 minimum payout.","code":"balance_too_low"}`)
		assertBody(t, f.a.Do("GET", "/api/seller/payouts/", "", f.efua.Auth()...).Body.String(), `[]`)
		checkLedger(t, st)
	})
}

func TestFailedAndReversedPayoutsReturnTheMoney(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, map[string]string{})
		o := f.buy(t, 1, f.phone)
		f.deliver(t, f.yaw, o.ID)
		f.release(t, 8*24*time.Hour)
		for i, tc := range []struct{ number, status, reason string }{
			{testpay.PayoutFails, "failed", "The test wallet refused the transfer."},
			{testpay.PayoutReversed, "reversed", "The transfer was reversed."},
		} {
			f.setAccount(t, f.yaw, wallet(tc.number), 200)
			code, body := f.requestPayout(f.yaw, fmt.Sprint("k", i), `{}`)
			assertStatus(t, code, 201)
			f.wantBalance(t, f.yaw, 0, 0, 90000, 0)
			f.settle(t)
			f.wantBalance(t, f.yaw, 0, 90000, 0, 0)
			ps := f.payouts(t, f.yaw)
			if ps[0].Status != tc.status || ps[0].FailureReason == nil || *ps[0].FailureReason != tc.reason {
				t.Fatalf("payout = %+v (%s)", ps[0], body)
			}
		}
		w := f.a.Do("GET", "/api/seller/ledger/", "", f.yaw.Auth()...)
		assertBody(t, w.Body.String(), `[{"id":…,"kind":"payout_returned","bucket":"available","amount_minor":90000,…},`+
			`{"id":…,"kind":"payout_returned","bucket":"in_flight","amount_minor":-90000,…`)
		checkLedger(t, st)
	})
}

func TestPayoutHold(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		o := f.buy(t, 1, f.phone)
		f.deliver(t, f.yaw, o.ID)
		f.release(t, 8*24*time.Hour)
		f.setAccount(t, f.yaw, wallet("0244123456"), 200)
		path := fmt.Sprintf("/api/admin/payouts/holds/%d/", f.yawStore.ID)
		assertStatus(t, f.a.Do("PUT", path, `{"reason":"x"}`, f.yaw.Auth()...).Code, 403)
		assertBody(t, f.a.Do("PUT", path, `{"reason":"  "}`, f.staff.Auth()...).Body.String(), `{"reason":["Say why the payouts are held."]}`)
		assertStatus(t, f.a.Do("PUT", "/api/admin/payouts/holds/99999/", `{"reason":"x"}`, f.staff.Auth()...).Code, 404)
		w := f.a.Do("PUT", path, `{"reason":"Dispute over order #1A2B"}`, f.staff.Auth()...)
		assertStatus(t, w.Code, 200)
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"store":%d,"store_name":"Yaw Phones","pending_minor":0,"available_minor":90000,`+
			`"in_flight_minor":0,"paid_out_minor":0,"held":true,"hold_reason":"Dispute over order #1A2B","account_verified":true,"last_payout_at":null}`,
			f.yawStore.ID))
		code, body := f.requestPayout(f.yaw, "h1", `{}`)
		assertStatus(t, code, 409)
		assertBody(t, body, `{"detail":"Dwa staff are holding this store's payouts: Dispute over order #1A2B","code":"payouts_held"}`)
		// The weekly schedule skips held stores too.
		if n, err := f.a.Svc.WeeklyPayouts(context.Background()); err != nil || n != 0 {
			t.Fatalf("weekly = %d, %v", n, err)
		}
		b := f.balance(t, f.yaw)
		if !b.Held || b.CanRequest {
			t.Fatalf("balance = %+v", b)
		}
		assertStatus(t, f.a.Do("DELETE", path, "", f.staff.Auth()...).Code, 200)
		// Released: the weekly schedule pays it, once per week.
		if n, err := f.a.Svc.WeeklyPayouts(context.Background()); err != nil || n != 1 {
			t.Fatalf("weekly = %d, %v", n, err)
		}
		f.settle(t)
		if n, err := f.a.Svc.WeeklyPayouts(context.Background()); err != nil || n != 0 {
			t.Fatalf("second weekly = %d, %v", n, err)
		}
		ps := f.payouts(t, f.yaw)
		if len(ps) != 1 || ps[0].Trigger != "schedule" || ps[0].Status != "paid" {
			t.Fatalf("payouts = %+v", ps)
		}
		// Staff see every store's payouts, filtered by store and status.
		for _, tc := range []struct {
			query string
			want  string
		}{
			{fmt.Sprintf("?store=%d", f.yawStore.ID), fmt.Sprintf(`[{"id":%d,"reference":"%s","store":%d,"store_name":"Yaw Phones","amount_minor":90000,"status":"paid","trigger":"schedule",…`,
				ps[0].ID, ps[0].Reference, f.yawStore.ID)},
			{fmt.Sprintf("?store=%d", f.efuaStore.ID), `[]`},
			{"?status=failed", `[]`},
			{"?status=paid&page=1", `{"count":1,"next":null,"previous":null,"results":[{…`},
		} {
			w := f.a.Do("GET", "/api/admin/payouts/"+tc.query, "", f.staff.Auth()...)
			assertStatus(t, w.Code, 200)
			assertBody(t, w.Body.String(), tc.want)
		}
		assertStatus(t, f.a.Do("GET", "/api/admin/payouts/?store=x", "", f.staff.Auth()...).Code, 400)
		assertStatus(t, f.a.Do("GET", "/api/admin/payouts/", "", f.yaw.Auth()...).Code, 403)
		checkLedger(t, st)
	})
}

// TestPayoutRace fires eight payout requests of one store at once (other
// keys): one payout, the others refused, on both engines.
func TestPayoutRace(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		o := f.buy(t, 1, f.phone)
		f.deliver(t, f.yaw, o.ID)
		f.release(t, 8*24*time.Hour)
		f.setAccount(t, f.yaw, wallet("0244123456"), 200)
		retries := st.DB().TxRetries()
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = f.requestPayout(f.yaw, fmt.Sprint("race-", i), `{}`)
			}()
		}
		wg.Wait()
		created, refused := 0, 0
		for _, c := range codes {
			switch c {
			case 201:
				created++
			case 409:
				refused++
			}
		}
		if created != 1 || refused != 7 {
			t.Fatalf("codes = %v", codes)
		}
		if ps := f.payouts(t, f.yaw); len(ps) != 1 || ps[0].Amount != 90000 {
			t.Fatalf("payouts = %+v", ps)
		}
		f.wantBalance(t, f.yaw, 0, 0, 90000, 0)
		if r := st.DB().TxRetries() - retries; r != 0 {
			t.Errorf("%d transactions retried", r)
		}
		checkLedger(t, st)
	})
}

// buyWithPaystack places and pays an order of one phone through the fake.
func (f payoutFixture) buyWithPaystack(t *testing.T, fake *paystacktest.Fake) orderOut {
	t.Helper()
	w := f.a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":1}`, f.phone.ID), f.kofi.Auth()...)
	assertStatus(t, w.Code, 201)
	w = f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
	var o orderOut
	decode(t, w.Body.Bytes(), &o)
	w = f.a.Do("POST", "/api/store/payments/", `{"order":"`+o.ID+`"}`, f.kofi.Auth()...)
	var p paymentOut
	decode(t, w.Body.Bytes(), &p)
	fake.Transaction(p.PaymentReference, "success", 100000, "GHS")
	if w := f.a.Do("POST", verifyPath, `{"reference":"`+p.PaymentReference+`"}`, f.kofi.Auth()...); w.Code != 200 {
		t.Fatalf("verify = %d %s", w.Code, w.Body)
	}
	return o
}

func (f payoutFixture) hook(t *testing.T, body string) {
	t.Helper()
	w := f.a.Do("POST", "/api/payments/paystack/webhook/", body, "X-Paystack-Signature", paystack.Signature(paystacktest.SecretKey, []byte(body)))
	assertStatus(t, w.Code, 200)
	if _, err := f.a.Svc.ProcessPaymentEvents(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestPayoutsThroughPaystack(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		fake := paystacktest.New(t)
		f := newPayoutFixture(t, st, fake.Env())
		o := f.buyWithPaystack(t, fake)
		f.deliver(t, f.yaw, o.ID)
		f.release(t, 8*24*time.Hour)

		// The account is resolved and registered at Paystack.
		assertBody(t, f.setAccount(t, f.yaw, wallet("0244123456"), 400),
			`{"account_number":["We could not verify this account: check the number."]}`)
		fake.Account("0244123456", "YAW BOATENG")
		assertBody(t, f.setAccount(t, f.yaw, wallet("0244123456"), 200),
			`{"type":"mobile_money","bank_code":"MTN","bank_name":"MTN","account_number":"0244123456","account_name":"YAW BOATENG","verified_at":"…"}`)
		if r := fake.Recipients[len(fake.Recipients)-1]; r["type"] != "mobile_money" || r["currency"] != "GHS" || r["bank_code"] != "MTN" {
			t.Fatalf("recipient = %v", r)
		}
		w := f.a.Do("GET", "/api/seller/banks/?type=bank", "", f.yaw.Auth()...)
		assertBody(t, w.Body.String(), `[{"code":"130100","name":"Ecobank Ghana","type":"bank"},{"code":"040100","name":"GCB Bank","type":"bank"}]`)

		// Success by webhook, delivered twice: posted once.
		code, body := f.requestPayout(f.yaw, "ps1", `{"amount_minor":10000}`)
		var po payoutOut
		decode(t, []byte(body), &po)
		if code != 201 || po.Status != "processing" {
			t.Fatalf("payout = %d %s", code, body)
		}
		sent := fake.Transferred()[len(fake.Transferred())-1]
		if sent["reference"] != po.Reference || fmt.Sprint(sent["amount"]) != "10000" || sent["recipient"] != "RCP_fake0001" || sent["currency"] != "GHS" {
			t.Fatalf("transfer = %v", sent)
		}
		f.hook(t, paystacktest.TransferEvent("success", po.Reference, 10000))
		f.hook(t, paystacktest.TransferEvent("success", po.Reference, 10000))
		f.wantBalance(t, f.yaw, 0, 80000, 0, 10000)
		var journals int
		if err := st.DB().R.QueryRow(st.DB().Rebind(`SELECT COUNT(*) FROM ledger_journals WHERE payout_id = ?`), po.ID).Scan(&journals); err != nil || journals != 2 {
			t.Fatalf("payout journals = %d, %v", journals, err)
		}
		// A reversal after success returns the money.
		f.hook(t, paystacktest.TransferEvent("reversed", po.Reference, 10000))
		f.wantBalance(t, f.yaw, 0, 90000, 0, 0)

		// Failed by webhook.
		code, body = f.requestPayout(f.yaw, "ps2", `{"amount_minor":20000}`)
		decode(t, []byte(body), &po)
		f.hook(t, paystacktest.TransferEvent("failed", po.Reference, 20000))
		f.wantBalance(t, f.yaw, 0, 90000, 0, 0)

		// Paystack unreachable: the payout waits, is never sent twice, and
		// the job settles it with the same reference.
		fake.ScriptTransfer(paystacktest.Answer{Status: 502, Body: `{"status":false,"message":"Bad gateway"}`}, "")
		code, body = f.requestPayout(f.yaw, "ps3", `{"amount_minor":30000}`)
		decode(t, []byte(body), &po)
		if code != 201 || po.Status != "pending" {
			t.Fatalf("payout while down = %d %s", code, body)
		}
		fake.ScriptTransfer(paystacktest.Answer{}, "")
		f.settle(t) // verify finds the transfer the lost answer made
		if ps := f.payouts(t, f.yaw); ps[0].Status != "processing" {
			t.Fatalf("after check = %+v", ps[0])
		}
		fake.SettleTransfer(po.Reference, "success")
		f.advance(10 * time.Minute)
		if _, err := f.a.Svc.CheckPayouts(context.Background()); err != nil {
			t.Fatal(err)
		}
		f.wantBalance(t, f.yaw, 0, 60000, 0, 30000)
		n := 0
		for _, tr := range fake.Transferred() {
			if tr["reference"] == po.Reference {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("transfer sent %d times", n)
		}

		// OTP required: failed, money back, staff told why.
		fake.ScriptTransfer(paystacktest.Answer{}, "otp")
		code, body = f.requestPayout(f.yaw, "ps4", `{}`)
		assertStatus(t, code, 201)
		assertBody(t, body, `{…"status":"failed",…"failure_reason":"The payment provider asked for an OTP: disable OTP for transfers in the Paystack dashboard, then pay again.",…`)
		f.wantBalance(t, f.yaw, 0, 60000, 0, 30000)
		checkLedger(t, st)
	})
}

func TestCommissionRatesRefundsAndPayOnDelivery(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		ctx := context.Background()
		fashion := f.a.Category("Fashion", "fashion", nil, 0, true)
		dresses := f.a.Category("Dresses", "dresses", fashion, 0, true)
		exec(t, st, `UPDATE products SET category_id = ?, subcategory_id = ? WHERE id = ?`, fashion.ID, dresses.ID, f.dress.ID)

		// Staff rates: validation, staff only, then category and store
		// overrides (store > deepest category > default).
		put := func(acc shoptest.Account, path, body string, want int) string {
			t.Helper()
			w := f.a.Do("PUT", path, body, acc.Auth()...)
			if w.Code != want {
				t.Fatalf("PUT %s %s = %d %s", path, body, w.Code, w.Body)
			}
			return w.Body.String()
		}
		catPath := func(id int64) string { return fmt.Sprintf("/api/admin/commission-rates/categories/%d/", id) }
		put(f.yaw, catPath(fashion.ID), `{"rate_bps":500}`, 403)
		assertBody(t, put(f.staff, catPath(fashion.ID), `{"rate_bps":10001}`, 400),
			`{"rate_bps":["Enter basis points from 0 to 10000 (1000 = 10%)."]}`)
		assertBody(t, put(f.staff, catPath(fashion.ID), `{}`, 400), `{"rate_bps":["This field is required."]}`)
		put(f.staff, catPath(99999), `{"rate_bps":500}`, 404)
		put(f.staff, catPath(fashion.ID), `{"rate_bps":2000}`, 200)
		assertBody(t, put(f.staff, catPath(dresses.ID), `{"rate_bps":1500}`, 200), fmt.Sprintf(`{"default_bps":1000,`+
			`"categories":[{"category":%d,"name":"Dresses","rate_bps":1500},{"category":%d,"name":"Fashion","rate_bps":2000}],"stores":[]}`,
			dresses.ID, fashion.ID))
		o := f.buy(t, 2, f.dress) // GH₵ 501.00 at 15% (the leaf's rate)
		f.wantBalance(t, f.efua, 50100-7515, 0, 0, 0)
		put(f.staff, fmt.Sprintf("/api/admin/commission-rates/stores/%d/", f.efuaStore.ID), `{"rate_bps":0}`, 200)
		f.buy(t, 1, f.dress)
		f.wantBalance(t, f.efua, 50100-7515+25050, 0, 0, 0)
		w := f.a.Do("DELETE", fmt.Sprintf("/api/admin/commission-rates/stores/%d/", f.efuaStore.ID), "", f.staff.Auth()...)
		assertStatus(t, w.Code, 200)

		// A refund before release comes out of pending, with its share of
		// the commission back; after release, out of available.
		refund := func(orderID string, amount int64, key string) {
			t.Helper()
			w := f.a.Do("POST", adminRefunds(orderID), fmt.Sprintf(`{"amount_minor":%d}`, amount),
				append(f.staff.Auth(), "Idempotency-Key", key)...)
			if w.Code != 201 {
				t.Fatalf("refund = %d %s", w.Code, w.Body)
			}
		}
		refund(o.ID, 25050, "r1") // half of the first order: 3757 commission back
		f.wantBalance(t, f.efua, 50100-7515+25050-25050+3757, 0, 0, 0)
		f.deliver(t, f.efua, o.ID)
		f.release(t, 8*24*time.Hour)
		f.wantBalance(t, f.efua, 25050, 50100-7515-25050+3757, 0, 0)
		refund(o.ID, 25050, "r2") // the rest: all the commission is back
		f.wantBalance(t, f.efua, 25050, 0, 0, 0)

		// Pay on delivery: the store holds the cash and owes the
		// commission, netted from its next payout.
		exec(t, st, `UPDATE payment_settings SET cod_enabled = TRUE`)
		exec(t, st, `UPDATE stores SET accepts_cod = TRUE`)
		exec(t, st, `UPDATE users SET phone = '+233241112222' WHERE id = ?`, f.kofi.User.ID)
		w = f.a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":1}`, f.phone.ID), f.kofi.Auth()...)
		assertStatus(t, w.Code, 201)
		w = f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
		var cod orderOut
		decode(t, w.Body.Bytes(), &cod)
		if w := f.a.Do("POST", codPath(cod.ID), "", f.kofi.Auth()...); w.Code != 200 {
			t.Fatalf("choose COD = %d %s", w.Code, w.Body)
		}
		f.wantBalance(t, f.yaw, 0, 0, 0, 0)
		if w := f.a.Do("POST", "/api/seller/orders/"+cod.ID+"/paid-on-delivery/", "", f.yaw.Auth()...); w.Code != 200 {
			t.Fatalf("paid on delivery = %d %s", w.Code, w.Body)
		}
		f.wantBalance(t, f.yaw, 0, -10000, 0, 0)
		b := f.balance(t, f.yaw)
		if b.CanRequest || *b.CannotRequest != "Add a payout account before asking for a payout." {
			t.Fatalf("balance = %+v", b)
		}

		// Staff's reports.
		w = f.a.Do("GET", "/api/admin/payouts/commission/", "", f.staff.Auth()...)
		month := f.a.Clock.Now().UTC().Format("2006-01")
		assertBody(t, w.Body.String(), fmt.Sprintf(`{"total_minor":%d,"months":[{"month":"%s",…`, 7515-7515+10000, month))
		w = f.a.Do("GET", "/api/admin/payouts/balances/", "", f.staff.Auth()...)
		assertBody(t, w.Body.String(), fmt.Sprintf(`[{"store":%d,"store_name":"Efua Fabrics","pending_minor":25050,"available_minor":0,`+
			`"in_flight_minor":0,"paid_out_minor":0,"held":false,"hold_reason":null,"account_verified":false,"last_payout_at":null},`+
			`{"store":%d,"store_name":"Yaw Phones","pending_minor":0,"available_minor":-10000,…`, f.efuaStore.ID, f.yawStore.ID))
		assertStatus(t, f.a.Do("GET", "/api/admin/payouts/balances/", "", f.yaw.Auth()...).Code, 403)
		if err := f.a.Svc.PayoutPass(ctx); err != nil {
			t.Fatal(err)
		}
		checkLedger(t, st)
	})
}

func TestPayoutSettingsAPI(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		path := "/api/admin/settings/payouts/"
		assertBody(t, f.a.Do("GET", path, "", f.staff.Auth()...).Body.String(),
			`{"default_commission_bps":1000,"holding_days":7,"minimum_payout_minor":5000,"weekly_payouts":true,"updated_at":null}`)
		assertStatus(t, f.a.Do("PATCH", path, `{"holding_days":1}`, f.yaw.Auth()...).Code, 403)
		w := f.a.Do("PATCH", path, `{"holding_days":91,"minimum_payout_minor":99,"default_commission_bps":-1}`, f.staff.Auth()...)
		assertStatus(t, w.Code, 400)
		assertBody(t, w.Body.String(), `{"default_commission_bps":["Enter basis points from 0 to 10000 (1000 = 10%)."],`+
			`"holding_days":["Enter a number of days from 0 to 90."],"minimum_payout_minor":["Enter pesewas from 100 (GH₵ 1) to 100000000 (GH₵ 1,000,000)."]}`)
		o := f.buy(t, 1, f.phone)
		f.deliver(t, f.yaw, o.ID)
		f.wantBalance(t, f.yaw, 90000, 0, 0, 0)

		// No holding period: delivered earnings are released at once.
		w = f.a.Do("PATCH", path, `{"holding_days":0,"minimum_payout_minor":20000,"weekly_payouts":false}`, f.staff.Auth()...)
		assertBody(t, w.Body.String(), `{"default_commission_bps":1000,"holding_days":0,"minimum_payout_minor":20000,"weekly_payouts":false,"updated_at":"…"}`)
		f.wantBalance(t, f.yaw, 0, 90000, 0, 0)
		f.setAccount(t, f.yaw, wallet("0244123456"), 200)
		code, body := f.requestPayout(f.yaw, "s1", `{"amount_minor":10000}`)
		assertStatus(t, code, 400)
		assertBody(t, body, `{"amount_minor":["The smallest payout is GH₵ 200.00."]}`)
		if n, err := f.a.Svc.WeeklyPayouts(context.Background()); err != nil || n != 0 {
			t.Fatalf("weekly payouts while off = %d, %v", n, err)
		}
		w = f.a.Do("GET", "/api/admin/payouts/?status=sent", "", f.staff.Auth()...)
		assertStatus(t, w.Code, 400)
	})
}

func TestSellerStatement(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		month := f.a.Clock.Now().UTC().Format("2006-01")
		next := f.a.Clock.Now().UTC().AddDate(0, 1, 0).Format("2006-01")
		for _, bad := range []string{"", "2026-13", "26-11", "1999-12", next, "2026-1"} {
			w := f.a.Do("GET", "/api/seller/statements/?month="+bad, "", f.yaw.Auth()...)
			assertStatus(t, w.Code, 400)
			assertBody(t, w.Body.String(), `{"month":["Enter a month as YYYY-MM, such as 2026-11, not in the future."]}`)
		}
		assertStatus(t, f.a.Do("GET", "/api/seller/statements/?month="+month, "", f.kofi.Auth()...).Code, 403)
		o := f.buy(t, 1, f.phone)
		w := f.a.Do("GET", "/api/seller/statements/?month="+month, "", f.yaw.Auth()...)
		assertStatus(t, w.Code, 200)
		if ct, cd := w.Header().Get("Content-Type"), w.Header().Get("Content-Disposition"); ct != "text/csv; charset=utf-8" ||
			cd != fmt.Sprintf(`attachment; filename="dwa-statement-%d-%s.csv"`, f.yawStore.ID, month) {
			t.Fatalf("headers = %q, %q", ct, cd)
		}
		lines := strings.Split(strings.TrimSpace(w.Body.String()), "\n")
		ref := "#" + strings.ToUpper(o.ID[:8])
		want := []string{
			"\uFEFFdate,order,kind,balance,description,amount", // Excel reads GH₵ only after the mark
			",,opening balance,,Balance at the start of " + month + ",0.00",
			"," + ref + ",sale,pending,Order paid,1000.00",
			"," + ref + ",commission,pending,Order paid,-100.00",
			",,closing balance,,Balance at the end of " + month + ",900.00",
		}
		if len(lines) != len(want) {
			t.Fatalf("statement:\n%s", w.Body)
		}
		for i, l := range lines {
			if i > 0 {
				l = l[strings.Index(l, ","):] // the dates vary
			}
			if l != want[i] {
				t.Errorf("line %d = %q; want %q", i, l, want[i])
			}
		}
	})
}

// TestLedgerCatchUp rebuilds the ledger of orders paid, refunded and paid
// on delivery before it existed (migration 0019 starts empty): the payout
// job posts each once, at the event's time.
func TestLedgerCatchUp(t *testing.T) {
	shoptest.ForEachEngine(t, func(t *testing.T, st *sqldb.Store) {
		f := newPayoutFixture(t, st, nil)
		ctx := context.Background()
		o := f.buy(t, 1, f.phone, f.dress)
		w := f.a.Do("POST", adminRefunds(o.ID), `{"amount_minor":12525}`, append(f.staff.Auth(), "Idempotency-Key", "c1")...)
		assertStatus(t, w.Code, 201)
		exec(t, st, `UPDATE payment_settings SET cod_enabled = TRUE`)
		exec(t, st, `UPDATE stores SET accepts_cod = TRUE`)
		exec(t, st, `UPDATE users SET phone = '+233241112222' WHERE id = ?`, f.kofi.User.ID)
		w = f.a.Do("POST", "/api/store/cart-items/", fmt.Sprintf(`{"product_id":%d,"quantity":1}`, f.phone.ID), f.kofi.Auth()...)
		w = f.a.Do("POST", "/api/store/orders/", orderBody, f.kofi.Auth()...)
		var cod orderOut
		decode(t, w.Body.Bytes(), &cod)
		assertStatus(t, f.a.Do("POST", codPath(cod.ID), "", f.kofi.Auth()...).Code, 200)
		assertStatus(t, f.a.Do("POST", "/api/seller/orders/"+cod.ID+"/paid-on-delivery/", "", f.yaw.Auth()...).Code, 200)
		sums := func() string {
			var out []string
			for _, acc := range []shoptest.Account{f.yaw, f.efua} {
				b := f.balance(t, acc)
				out = append(out, fmt.Sprint(b.Pending, b.Available, b.InFlight, b.PaidOut))
			}
			return strings.Join(out, "; ")
		}
		before := sums()
		totals := checkLedger(t, st)

		for _, table := range []string{"ledger_lines", "ledger_journals", "ledger_parts"} {
			exec(t, st, `DELETE FROM `+table)
		}
		f.wantBalance(t, f.yaw, 0, 0, 0, 0)
		for range 2 {
			if err := f.a.Svc.PayoutPass(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if after := sums(); after != before {
			t.Fatalf("rebuilt balances = %s; before %s", after, before)
		}
		if again := checkLedger(t, st); fmt.Sprint(again) != fmt.Sprint(totals) {
			t.Fatalf("rebuilt totals = %v; before %v", again, totals)
		}
	})
}
